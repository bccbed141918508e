"""load_image on real, corrupt, non-image, huge and EXIF-rotated input; letterbox round trips."""
import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from vision.image_io import MAX_SIDE, ImageError, letterbox, load_image, load_image_sized

SAMPLE = Path(__file__).parent / "data" / "detector" / "images" / "hk-1.jpg"


def jpeg_bytes(arr_rgb, orientation=None):
    im = Image.fromarray(arr_rgb)
    buf = io.BytesIO()
    if orientation:
        exif = Image.Exif()
        exif[0x0112] = orientation
        im.save(buf, "JPEG", quality=95, exif=exif)
    else:
        im.save(buf, "JPEG", quality=95)
    return buf.getvalue()


def marked_rgb(h=60, w=100):
    """A landscape image that is red in its top-left quarter, blue elsewhere."""
    arr = np.zeros((h, w, 3), np.uint8)
    arr[:] = (0, 0, 255)
    arr[: h // 2, : w // 2] = (255, 0, 0)
    return arr


def test_path_bytes_and_array_agree():
    from_path = load_image(SAMPLE)
    assert from_path.shape == (640, 640, 3) and from_path.dtype == np.uint8
    assert np.array_equal(load_image(SAMPLE.read_bytes()), from_path)
    assert load_image(from_path) is not None and load_image(from_path).shape == (640, 640, 3)


def test_colours_come_back_as_bgr():
    img = load_image(jpeg_bytes(marked_rgb()))
    b, g, r = img[5, 5].astype(int)
    assert r > 200 and b < 60  # the red corner is red in BGR order


def test_exif_orientation_is_applied():
    # orientation 6: the stored pixels must be turned 90 degrees clockwise to be seen upright
    img = load_image(jpeg_bytes(marked_rgb(60, 100), orientation=6))
    assert img.shape[:2] == (100, 60)
    b, g, r = img[5, -5].astype(int)  # the red top-left corner is now top-right
    assert r > 200 and b < 60


HEIC = Path(__file__).parent / "data" / "heic" / "marked-orientation6.heic"  # marked_rgb(60, 100), orientation 6


def test_an_iphone_heic_photo_is_read_upright_with_its_colours():
    img = load_image(HEIC)  # as an iPhone held upright stores it: turned 90 degrees clockwise to be seen
    assert img.shape[:2] == (100, 60)
    b, g, r = img[5, -5].astype(int)  # the red top-left corner is now top-right
    assert r > 180 and b < 80
    assert load_image(HEIC.read_bytes()).shape == img.shape


@pytest.mark.parametrize("data, message, message_ja", [
    (b"", "empty", "空のファイル"),
    (b"this is plain text, not a photo", "not an image", "写真ではありません"),
    (jpeg_bytes(marked_rgb())[:200], "cut short", "途中で切れています"),
    # a strip 20000 x 10 px: shrunk to the app's size it was one pixel high and the photo page failed to draw it
    (jpeg_bytes(np.zeros((10, 2000, 3), np.uint8)), "2000 x 10 image is too long and thin", "細長すぎて"),
])
def test_bad_bytes_raise_one_clear_image_error(data, message, message_ja):
    with pytest.raises(ImageError, match=message) as caught:
        load_image(data)
    # The photo page says it in Japanese too, naming the upload in Japanese rather than "image bytes".
    assert caught.value.message_ja.startswith("アップロードした写真: ") and message_ja in caught.value.message_ja


def test_missing_file_and_wrong_types(tmp_path):
    with pytest.raises(ImageError, match="no such image file") as caught:
        load_image(tmp_path / "nope.jpg")
    assert caught.value.message_ja == f"{tmp_path / 'nope.jpg'}: そのファイルはありません。"
    with pytest.raises(ImageError, match="a folder, not an image file"):
        load_image(tmp_path)
    with pytest.raises(ImageError, match="uint8"):
        load_image(np.zeros((4, 4, 3), np.float32))
    with pytest.raises(ImageError, match="shape"):
        load_image(np.zeros((4, 4, 2), np.uint8))
    with pytest.raises(ImageError, match="cannot read"):
        load_image(12345)


def test_grey_and_bgra_arrays_become_bgr():
    assert load_image(np.zeros((5, 7), np.uint8)).shape == (5, 7, 3)
    assert load_image(np.zeros((5, 7, 4), np.uint8)).shape == (5, 7, 3)


@pytest.mark.parametrize("fmt,mode,scale", [("PNG", "I;16", 257), ("TIFF", "I;16", 257), ("TIFF", "I", 257),
                                             ("TIFF", "I;16", 1), ("TIFF", "F", 1 / 255)])
def test_a_grey_photo_of_more_than_8_bits_keeps_its_shades(fmt, mode, scale):
    """A 16-bit grey PNG came back all white (Pillow clips every value over 255) and read as no tiles. Its
    shades are scaled from the type's range; one whose values all fit 8 bits, or floats 0..1, kept."""
    grey = np.array(Image.open(SAMPLE).convert("L"))
    buf = io.BytesIO()
    wide = (grey.astype(np.float32) * scale) if mode == "F" else (grey.astype(np.int32) * scale)
    wide = Image.fromarray(wide.astype({"F": np.float32, "I": np.int32}.get(mode, np.uint16)))
    assert wide.mode == mode
    wide.save(buf, fmt)
    got = load_image(buf.getvalue())
    assert got.shape == (640, 640, 3)
    assert np.abs(got[..., 1].astype(int) - grey).max() <= 1


def test_huge_images_are_downscaled():
    big = Image.new("RGB", (MAX_SIDE * 2 + 10, 900), (10, 20, 30))
    buf = io.BytesIO()
    big.save(buf, "PNG")
    img = load_image(buf.getvalue())
    assert max(img.shape[:2]) <= MAX_SIDE
    assert img.shape[1] / img.shape[0] == pytest.approx((MAX_SIDE * 2 + 10) / 900, rel=0.02)


@pytest.mark.parametrize("orientation, upright_wh", [(None, (4000, 3000)), (1, (4000, 3000)), (3, (4000, 3000)),
                                                     (6, (3000, 4000)), (8, (3000, 4000))])
def test_the_photos_own_upright_size_comes_with_it_however_far_it_was_shrunk(orientation, upright_wh):
    # what a reading of the shrunk photo is scaled by to stand in the photo's own pixels
    data = jpeg_bytes(np.zeros((3000, 4000, 3), np.uint8), orientation)
    img, size = load_image_sized(data, max_side=1000)
    assert size == upright_wh
    assert (img.shape[1], img.shape[0]) == tuple(v // 4 for v in upright_wh)
    arr = np.zeros((7, 11, 3), np.uint8)
    assert load_image_sized(arr)[1] == (11, 7)


@pytest.mark.parametrize("orientation, shape", [(None, (1500, 2000)), (6, (2000, 1500))])
def test_a_large_jpeg_is_decoded_straight_to_max_side_upright(orientation, shape):
    # the app asks for its working size: a phone's JPEG is decoded at a reduced scale (fast), and the
    # picture must be the same as the full photo shrunk, EXIF turn applied
    import cv2

    rng = np.random.default_rng(3)
    picture = cv2.resize(rng.integers(0, 256, (30, 40, 3), dtype=np.uint8), (4000, 3000),
                         interpolation=cv2.INTER_NEAREST)  # blocks of 100 px: survives any good shrink
    picture[:1500, :2000] = (255, 0, 0)  # the top-left quarter red (RGB)
    data = jpeg_bytes(picture, orientation)
    img = load_image(data, max_side=2000)
    assert img.shape[:2] == shape
    full = cv2.resize(load_image(data), shape[::-1], interpolation=cv2.INTER_AREA)
    assert np.abs(img.astype(int) - full.astype(int)).mean() < 4
    corner = img[40, -40] if orientation == 6 else img[40, 40]  # the red quarter, turned with the photo
    assert corner[2] > 200 and corner[0] < 60


@pytest.mark.parametrize("fmt", ["JPEG", "MPO"])
def test_a_phones_jpeg_is_decoded_at_a_reduced_scale(fmt, monkeypatch):
    # phones often write MPO (a JPEG with more pictures after it), which Pillow opens as its own format:
    # it too must be decoded at the JPEG decoder's reduced scale, not whole and shrunk after
    from PIL import JpegImagePlugin

    buf = io.BytesIO()
    Image.new("RGB", (4032, 3024), (40, 120, 60)).save(buf, fmt, **({"save_all": True, "append_images": [
        Image.new("RGB", (64, 48))]} if fmt == "MPO" else {}))
    with Image.open(io.BytesIO(buf.getvalue())) as im:
        assert im.format == fmt
    scales = []
    draft = JpegImagePlugin.JpegImageFile.draft

    def spy(self, mode, size):
        got = draft(self, mode, size)
        scales.append(got[1] if got else None)  # (mode, box): the box of the picture at the scale chosen
        return got

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "draft", spy)
    img = load_image(buf.getvalue(), max_side=1600)
    assert img.shape[:2] == (1200, 1600)
    assert scales[0] == (0, 0, 2016, 1512), scales  # decoded at half scale, then shrunk to 1600


@pytest.mark.parametrize("h, w", [(480, 640), (640, 300), (333, 333), (1000, 4032)])
def test_letterbox_round_trip_maps_boxes_back(h, w):
    boxes = np.array([[0, 0, w, h], [w * 0.1, h * 0.2, w * 0.3, h * 0.9]], dtype=np.float32)
    out, lb = letterbox(np.zeros((h, w, 3), np.uint8), 416)
    assert out.shape == (416, 416, 3)
    inside = lb.to_input(boxes)
    # the whole image lands inside the square, centred
    assert inside[0, 0] == pytest.approx(lb.pad_x) and inside[0, 2] == pytest.approx(416 - lb.pad_x, abs=1)
    np.testing.assert_allclose(lb.to_original(inside), boxes, atol=1e-3)


def test_letterbox_pads_with_grey_and_keeps_the_picture():
    img = np.full((100, 200, 3), 255, np.uint8)
    out, lb = letterbox(img, 64)
    assert (lb.pad_x, lb.pad_y) == (0, 16)
    assert (out[0] == 114).all() and (out[32] == 255).all()


def test_letterbox_after_exif_rotation_maps_to_upright_pixels():
    img = load_image(jpeg_bytes(marked_rgb(60, 100), orientation=6))  # upright: 100 high, 60 wide
    out, lb = letterbox(img, 50)
    red_in_input = np.argwhere((out[:, :, 2] > 200) & (out[:, :, 0] < 60))
    y1, x1 = red_in_input.min(axis=0)
    y2, x2 = red_in_input.max(axis=0) + 1
    back = lb.to_original(np.array([[x1, y1, x2, y2]]))[0]
    # the red quarter of the upright image is its top-right 30 x 50 block
    np.testing.assert_allclose(back, [30, 0, 60, 50], atol=2.5)
