"""Damaged phone photos (a HEIC that crashed pi-heif's native decoder, a HEIC or AVIF whose decoder raised
EOFError or RuntimeError), a RAW (DNG) photo and a video given as photos: each is one clear ``ImageError``
naming the file, in English and Japanese, never a crash or a traceback. Readers of labelled photos
(``detector_data._row_band``, the contact sheet) read as the reader does: upright, HEIC too."""
from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from vision.image_io import ImageError, check_whole, load_image, load_image_sized

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
HEIC = DATA / "heic" / "marked-orientation6.heic"  # marked_rgb(60, 100), orientation 6: 100 high, 60 wide upright
CORRUPT_AVIF = DATA / "damaged" / "corrupt.avif"  # a 64 x 48 AVIF, one byte of its picture set to 0xFF


def _patched(data: bytes, at: int, value: int) -> bytes:
    out = bytearray(data)
    out[at] = value
    return bytes(out)


def _avif(size=(64, 48), orientation=None) -> bytes:
    im = Image.fromarray(np.full((size[1], size[0], 3), 200, np.uint8))
    buf = io.BytesIO()
    if orientation:
        exif = Image.Exif()
        exif[0x0112] = orientation
        im.save(buf, "AVIF", quality=70, exif=exif)
    else:
        im.save(buf, "AVIF", quality=70)
    return buf.getvalue()


def _heic_branded(avif: bytes) -> bytes:
    """An AVIF whose ftyp brands say HEIC: pi-heif opens it and cannot decode its AV1 picture."""
    return avif[:8] + avif[8:40].replace(b"avif", b"heic") + avif[40:]


# a byte of the test HEIC's item info set to 0xF7: pi-heif's HeifFile crashed the process (exit 139)
CRASHING = _patched(HEIC.read_bytes(), 176, 0xF7)
# a byte of its picture's size set to 0xA1: pi-heif raised EOFError ("Unexpected end of file")
ENDS_EARLY = _patched(HEIC.read_bytes(), 492, 0xA1)


def _in_a_child(code: str, *args: str) -> dict:
    """Run ``code`` in a fresh Python (a crash there fails this test instead of ending the test run); its last
    line of output is JSON."""
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, f"the reader crashed (exit {done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


READ_ALL = """
import json, sys
from vision.image_io import ImageError, check_whole, load_image
said = []
for path in sys.argv[1:]:
    try:
        said.append(["read", load_image(path).shape[:2]])
    except ImageError as exc:
        said.append([str(exc), exc.message_ja])
    try:
        check_whole(path)
        said.append(["whole"])
    except ImageError as exc:
        said.append([str(exc), exc.message_ja])
print(json.dumps(said))
"""


def test_a_heic_that_crashed_the_decoder_is_one_error_and_the_other_photos_are_still_read(tmp_path):
    bad, good = tmp_path / "IMG_0042.heic", tmp_path / "good.heic"
    bad.write_bytes(CRASHING)
    good.write_bytes(HEIC.read_bytes())
    said = _in_a_child(READ_ALL, str(good), str(bad), str(good))
    assert said[0] == ["read", [100, 60]] and said[1] == ["whole"]
    assert said[4] == ["read", [100, 60]] and said[5] == ["whole"]  # after the damaged one
    for english, japanese in (said[2], said[3]):  # load_image, then check_whole
        assert english.startswith(f"{bad}: a damaged HEIC photo") and "copy it" in english
        assert japanese.startswith(f"{bad}: 壊れた HEIC の写真") and "Traceback" not in english


def test_a_heic_that_crashed_the_decoder_given_as_bytes_or_a_stream_names_the_upload(tmp_path):
    path = tmp_path / "upload"
    path.write_bytes(CRASHING)
    said = _in_a_child("""
import io, json, sys
from vision.image_io import ImageError, load_image_sized
data = open(sys.argv[1], 'rb').read()
out = []
for source in (data, io.BytesIO(data)):
    try:
        load_image_sized(source, "IMG_0042.HEIC", name_ja="IMG_0042.HEIC")
        out.append("read")
    except ImageError as exc:
        out.append([str(exc), exc.message_ja])
print(json.dumps(out))
""", str(path))
    for english, japanese in said:
        assert english.startswith("IMG_0042.HEIC: a damaged HEIC photo")
        assert japanese.startswith("IMG_0042.HEIC: 壊れた HEIC の写真")


@pytest.mark.parametrize("data", [ENDS_EARLY, _heic_branded(_avif())], ids=["eof", "av1-in-a-heic"])
def test_a_heic_whose_decoder_raises_is_said_as_a_heic_that_cannot_be_decoded(tmp_path, data):
    # EOFError ("Unexpected end of file") and RuntimeError ("compression format has not been built in") were
    # tracebacks: only OSError, SyntaxError and ValueError were caught
    path = tmp_path / "IMG_0007.heic"
    path.write_bytes(data)
    for read in (lambda: load_image(path), lambda: load_image(data, "IMG_0007.heic"), lambda: check_whole(path)):
        with pytest.raises(ImageError, match="a HEIC photo .* that cannot be decoded") as caught:
            read()
        assert "IMG_0007.heic" in str(caught.value) and "読めない HEIC の写真" in caught.value.message_ja


def test_an_avif_whose_decoder_raises_is_a_corrupt_image(tmp_path):
    # Pillow's AVIF decoder: RuntimeError "Failed to decode frame 0: Decoding of color planes failed"
    for read in (lambda: load_image(CORRUPT_AVIF), lambda: load_image(CORRUPT_AVIF.read_bytes(), "a.avif"),
                 lambda: check_whole(CORRUPT_AVIF)):
        with pytest.raises(ImageError) as caught:
            read()
        assert "corrupt" in str(caught.value) or "cannot be decoded" in str(caught.value)
        assert "壊れて" in caught.value.message_ja


def test_a_pil_image_of_a_damaged_avif_is_one_error():
    with Image.open(CORRUPT_AVIF) as im:  # opened lazily: its picture is decoded by load_image
        with pytest.raises(ImageError, match="cannot be decoded") as caught:
            load_image(im, "a.avif")
    assert caught.value.message_ja.startswith("a.avif: ")


@pytest.mark.parametrize("max_side", [4096, 1600, 64, 30])
def test_a_heic_reads_exactly_as_it_did_when_decoded_in_this_process(max_side):
    from vision.image_io import _upright_rgb

    with Image.open(HEIC) as im:  # the decode as it was, here
        rgb, full = _upright_rgb(im, max_side, own=True)
    want = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)
    for source in (HEIC, HEIC.read_bytes(), io.BytesIO(HEIC.read_bytes())):
        got, got_full = load_image_sized(source, max_side=max_side)
        assert got.dtype == np.uint8 and got.flags.writeable
        assert np.array_equal(got, want) and got_full == full == (60, 100)


def test_a_heic_is_decoded_in_a_child_process(monkeypatch):
    import vision.image_io as image_io

    runs = []
    real = subprocess.run

    def spy(args, *a, **k):
        runs.append(args)
        return real(args, *a, **k)

    monkeypatch.setattr(image_io.subprocess, "run", spy)
    load_image(HEIC)
    assert len(runs) == 1 and runs[0][0] == sys.executable
    load_image(CORRUPT_AVIF.parent.parent / "detector" / "images" / "hk-1.jpg")  # a JPEG: decoded here
    assert len(runs) == 1


def _dng(size=(64, 48)) -> bytes:
    """A TIFF with the DNGVersion tag (50706) in its first directory, as a RAW (DNG) photo's small preview."""
    from PIL import TiffImagePlugin, TiffTags

    info = TiffImagePlugin.ImageFileDirectory_v2()
    info[50706] = b"\x01\x04\x00\x00"
    info.tagtype[50706] = TiffTags.BYTE
    buf = io.BytesIO()
    Image.fromarray(np.full((size[1], size[0], 3), 90, np.uint8)).save(buf, "TIFF", tiffinfo=info)
    return buf.getvalue()


def test_a_raw_dng_photo_is_refused_not_read_as_its_preview(tmp_path):
    data = _dng()
    path = tmp_path / "IMG_0001.DNG"
    path.write_bytes(data)
    for read in (lambda: load_image(path), lambda: load_image(data, "IMG_0001.DNG"), lambda: check_whole(path)):
        with pytest.raises(ImageError, match=r"IMG_0001.DNG: a RAW \(DNG\) photo.*use the camera's JPEG or HEIC") \
                as caught:
            read()
        assert "RAW (DNG)" in caught.value.message_ja and "JPEG か HEIC" in caught.value.message_ja
    with Image.open(io.BytesIO(data)) as im, pytest.raises(ImageError, match="RAW"):
        load_image(im, "IMG_0001.DNG")
    plain = io.BytesIO()  # a TIFF without the tag is a photo as before
    Image.fromarray(np.full((48, 64, 3), 90, np.uint8)).save(plain, "TIFF")
    assert load_image(plain.getvalue()).shape == (48, 64, 3)


@pytest.mark.parametrize("brand", [b"qt  ", b"isom", b"mp42"])
def test_a_video_is_said_to_be_a_video(tmp_path, brand):
    data = (b"\x00\x00\x00\x14ftyp" + brand + b"\x00\x00\x02\x00" + brand + b"\x00\x00\x00\x08wide"
            + b"\x00\x00\x10\x00mdat" + bytes(4096))
    path = tmp_path / "IMG_0002.MOV"
    path.write_bytes(data)
    for read in (lambda: load_image(path), lambda: load_image(data, "IMG_0002.MOV"), lambda: check_whole(path)):
        with pytest.raises(ImageError, match="IMG_0002.MOV: a video, not a photo: use the photo") as caught:
            read()
        assert "IMG_0002.MOV: 動画のファイルで、写真ではありません。" in caught.value.message_ja


# ------------------------------------------------------------------ readers of labelled photos read upright


def _labelled(folder: Path, name: str, data: bytes, label: str) -> Path:
    (folder / "images").mkdir(parents=True, exist_ok=True)
    (folder / "labels").mkdir(parents=True, exist_ok=True)
    path = folder / "images" / name
    path.write_bytes(data)
    (folder / "labels" / (Path(name).stem + ".txt")).write_text(label)
    return path


def test_a_band_is_cut_from_a_heic_as_it_is_read(tmp_path):
    from vision.detector_data import _row_band

    path = _labelled(tmp_path, "a.heic", HEIC.read_bytes(), "0 0.5 0.5 0.9 0.1\n")
    band = _row_band(path, lambda c: c, random.Random(0))  # OpenCV reads no HEIC: None, the photo left out
    assert band is not None
    image, classes, boxes = band
    assert image.shape[1] == 60 and image.dtype == np.uint8 and image.shape[2] == 3  # upright: 60 wide
    assert list(classes) == [0] and len(boxes) == 1


def test_a_band_is_cut_from_a_turned_avif_upright_as_its_labels_are(tmp_path):
    from vision.detector_data import _row_band

    upright = np.full((60, 200, 3), 200, np.uint8)  # 200 wide, 60 high as seen
    upright[20:40, 10:190] = (200, 30, 30)  # a row of tiles (red) across its middle
    stored = Image.fromarray(upright).transpose(Image.Transpose.ROTATE_90)  # stored turned; orientation 6 turns it
    buf = io.BytesIO()
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(buf, "AVIF", quality=90, exif=exif)
    assert load_image(buf.getvalue()).shape == (60, 200, 3)
    path = _labelled(tmp_path, "a.avif", buf.getvalue(), "0 0.5 0.5 0.9 0.3333\n")
    band = _row_band(path, lambda c: c, random.Random(0))
    assert band is not None  # read as stored (60 wide, 200 high) its band was too short to squash
    image, _, boxes = band
    assert image.shape[1] == 200
    x1, y1, x2, y2 = (int(round(v)) for v in boxes[0])
    b, g, r = image[y1 + 2:y2 - 2, x1 + 2:x2 - 2].reshape(-1, 3).mean(axis=0)  # BGR, as cv2.imread gave
    assert r > 150 and b < 80


def test_a_band_of_a_photo_that_cannot_be_read_is_none(tmp_path):
    from vision.detector_data import _row_band

    path = _labelled(tmp_path, "a.jpg", b"not a photo", "0 0.5 0.5 0.9 0.1\n")
    assert _row_band(path, lambda c: c, random.Random(0)) is None


def test_the_contact_sheet_reads_a_real_photo_upright_heic_too(tmp_path):
    from vision.synth import contact

    image = contact._read(HEIC)  # OpenCV read no HEIC: "cannot read the real photo"
    assert image.shape == (100, 60, 3) and image.dtype == np.uint8
    b, g, r = image[5, -5].astype(int)  # the red top-left corner turned to the top right
    assert r > 180 and b < 80
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"not a photo")
    with pytest.raises(contact.ContactSheetError, match="cannot read the real photo"):
        contact._read(bad)


# ------------------------------------------------------------------ a WebP decoded by OpenCV: the same pixels


def _webp(orientation=None, lossless=False, alpha=False, size=(300, 200)) -> bytes:
    rng = np.random.default_rng(3)
    arr = rng.integers(0, 256, (size[1] // 10, size[0] // 10, 4 if alpha else 3), dtype=np.uint8)
    arr = cv2.resize(arr, size, interpolation=cv2.INTER_NEAREST)  # blocks of 10 px, survive lossy coding
    buf = io.BytesIO()
    exif = Image.Exif()
    if orientation:
        exif[0x0112] = orientation
    Image.fromarray(arr).save(buf, "WEBP", lossless=lossless, quality=90, exif=exif)
    return buf.getvalue()


def _as_pillow_read(data: bytes, max_side: int):
    from vision.image_io import _upright_rgb

    with Image.open(io.BytesIO(data)) as im:
        rgb, full = _upright_rgb(im, max_side, own=True)
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR), full


@pytest.mark.parametrize("orientation", [None, 3, 6, 8])
@pytest.mark.parametrize("lossless", [False, True])
def test_a_webp_reads_as_pillow_read_it(orientation, lossless):
    data = _webp(orientation, lossless)
    for max_side in (4096, 150):
        want, full = _as_pillow_read(data, max_side)
        got, got_full = load_image_sized(data, max_side=max_side)
        assert got_full == full and np.array_equal(got, want)


def test_a_plain_webp_is_decoded_by_opencv_one_with_alpha_by_pillow(monkeypatch):
    # Pillow's WebP decoder peaked at 770 MB on a 48-megapixel WebP, OpenCV's at ~340 MB
    import vision.image_io as image_io

    calls = []
    real = cv2.imdecode

    def spy(*a, **k):
        calls.append(1)
        return real(*a, **k)

    monkeypatch.setattr(cv2, "imdecode", spy)
    load_image(_webp(6))
    assert calls == [1]
    clear = _webp(alpha=True)  # what is transparent laid over grey: Pillow's reading, as before
    got, _ = image_io.load_image_sized(clear)
    assert calls == [1] and np.array_equal(got, _as_pillow_read(clear, 4096)[0])


@pytest.mark.parametrize("lossless", [False, True])
def test_a_webp_cut_short_is_still_refused_not_read_in_part(lossless):
    data = _webp(6, lossless)
    with pytest.raises(ImageError, match="x.webp: ") as caught:
        load_image(data[:len(data) * 3 // 4], "x.webp")
    assert "途中で切れています" in caught.value.message_ja
