"""Session 62 (F15): a photo was taken for "replaced" whenever its file's sha256 changed, so a lossless re-save with
the same pixels (a phone or file manager re-saving it, its metadata edited) was un-accepted by `label init` and the
Label page. Where the bytes differ the decoded pixels (as vision reads them, EXIF orientation applied) and size are
compared: the same pixels are not a replacement (the bytes recorded again), a real replacement or an EXIF turn still
is. A photo accepted before the bytes it was accepted with were kept is left as it is."""
from __future__ import annotations

import json

from PIL import Image

from tilelens.labelling import load_done, set_done
from tilelens.labelling.replaced import forget_replaced, replaced_photos
from tilelens.labelling.store import PROGRESS_FILE, accepted_photos

from label_helpers import FixedReader, make_dataset

A, B = "images/train/a.jpg", "images/train/b.png"


def _dataset(tmp_path, prelabelled: bool = True):
    root = tmp_path / "ds"
    if prelabelled:
        from scorer import load_game
        from tilelens.labelling.prelabel import prelabel_folder

        make_dataset(root, names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))
        for label in (root / "labels").rglob("*.txt"):
            label.unlink()
        prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    else:
        make_dataset(root)
    return root


def _resave_png(path) -> None:
    """Other bytes, the same pixels: a lossless PNG written again at another compression."""
    before = path.read_bytes()
    with Image.open(path) as im:
        im.load()
        im.save(path, compress_level=1, pnginfo=_note())
    assert path.read_bytes() != before


def _note():
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Software", "a phone's file manager")
    return info


def _comment_jpeg(path) -> None:
    """A JPEG's metadata edited (a comment segment added): its compressed pixels untouched."""
    data = path.read_bytes()
    text = b"edited on a phone"
    path.write_bytes(data[:2] + b"\xff\xfe" + (len(text) + 2).to_bytes(2, "big") + text + data[2:])


def _turn_by_exif(path) -> None:
    """The same pixels stored, told to be shown a quarter turned (EXIF orientation 6)."""
    with Image.open(path) as im:
        im.load()
        exif = Image.Exif()
        exif[0x0112] = 6
        im.save(path, exif=exif.tobytes(), quality=100)


def test_an_accepted_png_saved_again_with_the_same_pixels_stays_accepted(tmp_path):
    root = _dataset(tmp_path, prelabelled=False)
    set_done(root, B)
    _resave_png(root / B)
    assert replaced_photos(root) == []
    forgot = forget_replaced(root)
    assert not forgot.unaccepted and B in load_done(root)
    from vision.data_yaml import photo_sha256

    assert accepted_photos(root)[B] == photo_sha256(root / B)  # recorded again: the next check reads no pixels


def test_an_accepted_jpeg_whose_metadata_changed_stays_accepted(tmp_path):
    root = _dataset(tmp_path, prelabelled=False)
    set_done(root, A)
    _comment_jpeg(root / A)
    assert replaced_photos(root) == [] and not forget_replaced(root).unaccepted and A in load_done(root)


def test_a_pre_labelled_photo_saved_again_is_not_pre_labelled_again(tmp_path):
    from tilelens.labelling.prelabel import prelabelled_record
    from vision.data_yaml import photo_sha256

    root = _dataset(tmp_path)
    assert prelabelled_record(root)[B].get("photo_pixels")  # kept as pre-labelling read the photo
    _resave_png(root / B)
    _comment_jpeg(root / A)
    forgot = forget_replaced(root)
    assert not forgot.relabel and not forgot.unaccepted and (root / "labels/train/b.txt").is_file()
    assert prelabelled_record(root)[B]["photo_sha256"] == photo_sha256(root / B)


def test_an_accepted_photo_really_replaced_is_still_un_accepted(tmp_path):
    root = _dataset(tmp_path)
    set_done(root, B)
    with Image.open(root / B) as im:
        size = im.size
    Image.new("RGB", size, (200, 30, 30)).save(root / B)
    _comment_jpeg(root / A)  # only its metadata: not this one
    assert replaced_photos(root) == [B]
    assert forget_replaced(root).unaccepted == (B,) and B not in load_done(root)


def test_a_photo_turned_by_its_exif_is_caught(tmp_path):
    root = _dataset(tmp_path)
    set_done(root, A)
    _turn_by_exif(root / A)
    assert replaced_photos(root) == [A]


def test_a_photo_accepted_before_its_bytes_were_kept_is_never_un_accepted(tmp_path):
    root = _dataset(tmp_path)
    (root / PROGRESS_FILE).write_text(json.dumps({"done": [B]}))  # accepted by an older tilelens
    with Image.open(root / B) as im:
        size = im.size
    Image.new("RGB", size, (200, 30, 30)).save(root / B)  # other than pre-labelled: accepted before or after?
    assert B not in replaced_photos(root)
    forgot = forget_replaced(root)
    assert B not in forgot.unaccepted and B in load_done(root) and (root / "labels/train/b.txt").is_file()


def test_accepting_a_pre_labelled_photo_keeps_the_pixels_pre_labelling_read(tmp_path, monkeypatch):
    from tilelens.labelling.prelabel import prelabelled_record
    from vision import image_io

    root = _dataset(tmp_path)

    def no_decode(*a, **k):
        raise AssertionError("decoded again")

    monkeypatch.setattr(image_io, "load_image_sized", no_decode)
    set_done(root, B)
    data = json.loads((root / PROGRESS_FILE).read_text())
    assert data["photo_pixels"][B] == prelabelled_record(root)[B]["photo_pixels"]
