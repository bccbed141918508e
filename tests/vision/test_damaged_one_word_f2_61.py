"""Session 61 (F2): a damaged photo is said in one wording, whoever reads it. A JPEG damaged inside (its Huffman
tables) was "corrupt image (...)" to ``load_image`` (``tilelens read``, ``tilelens check``, the app's pages), "cannot
be decoded whole (...)" to ``check_whole`` (``label check``, ``enroll``, the Label page) and "cannot be decoded
(...)" for a PIL image given, in two Japanese wordings; now each says "a damaged photo: its picture cannot be
decoded", with what to do, as a damaged AVIF or WebP is said. A file cut short and an empty one were one wording
already, and stay so. The app's photo page tells bytes it cannot decode by the error's ``fault``, not its words."""
from __future__ import annotations

import io
import pickle

import numpy as np
import pytest
from PIL import Image

from vision import image_io
from vision.image_io import ImageError, ImageFault, check_whole, load_image, unreadable

AGAIN_JA = "撮り直すか選び直してください (コピーし直してもかまいません)。"


def _jpeg() -> bytes:
    pixels = (np.random.default_rng(0).random((120, 160, 3)) * 255).astype(np.uint8)
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, "JPEG", quality=90)
    return out.getvalue()


def _png() -> bytes:
    out = io.BytesIO()
    Image.fromarray(np.full((120, 160, 3), 90, np.uint8)).save(out, "PNG")
    return out.getvalue()


def _damaged_jpeg() -> bytes:
    """A JPEG whole in length, its Huffman tables flipped: Pillow's "broken data stream when reading image file"."""
    data = bytearray(_jpeg())
    at = data.find(b"\xff\xc4") + 4
    data[at:at + 26] = bytes(b ^ 0x5A for b in data[at:at + 26])
    return bytes(data)


def _said(tmp_path, name: str, data: bytes) -> dict[str, tuple[str, str, ImageError]]:
    """What each reader says of ``data`` as the file ``name`` (English, Japanese, without the name; the error)."""
    path = tmp_path / name
    path.write_bytes(data)

    def pil():
        with Image.open(path) as im:  # opened lazily: its picture is decoded by load_image
            return load_image(im, name)

    readers = {"read bytes": lambda: load_image(data, name), "read path": lambda: load_image(path),  # by its path
               "read PIL": pil, "check_whole": lambda: check_whole(path, name)}
    said = {}
    for how, read in readers.items():
        with pytest.raises(ImageError) as caught:
            read()
        said[how] = caught.value
    said["unreadable"] = unreadable(path, name)  # the Label page's and `label check`'s
    named = {how: str(path) if how == "read path" else name for how in said}
    return {how: (str(e).removeprefix(f"{named[how]}: "), e.message_ja.removeprefix(f"{named[how]}: "), e)
            for how, e in said.items()}


def test_a_jpeg_damaged_inside_is_said_in_one_wording_by_every_reader(tmp_path):
    said = _said(tmp_path, "IMG_0004.jpg", _damaged_jpeg())
    assert len({en for en, _, _ in said.values()}) == 1, said
    assert len({ja for _, ja, _ in said.values()}) == 1, said
    en, ja, error = said["check_whole"]
    assert en.startswith("a damaged photo: its picture cannot be decoded ("), en
    assert en.endswith(": take or choose the photo again (or copy it again)"), en
    assert "corrupt image" not in en and "decoded whole" not in en
    assert ja == "ファイルが壊れていて、中身を読めません。" + AGAIN_JA, ja
    assert all(e.fault is ImageFault.DAMAGED for _, _, e in said.values())


@pytest.mark.parametrize("name, data", [
    ("half.jpg", _jpeg()[:len(_jpeg()) // 2]),
    ("half.png", _png()[:len(_png()) // 2]),
], ids=["jpeg-cut", "png-cut"])
def test_a_photo_cut_short_is_still_one_wording(tmp_path, name, data):
    said = _said(tmp_path, name, data)
    assert {en for en, _, _ in said.values()} == {"the file is cut short (an incomplete download or copy): take or "
                                                   "choose the photo again (or copy it again)"}, said
    assert len({ja for _, ja, _ in said.values()}) == 1, said


def test_an_empty_file_is_one_wording_and_its_fault_is_empty(tmp_path):
    path = tmp_path / "IMG_0001.jpg"
    path.write_bytes(b"")
    errors = []
    for read in (lambda: load_image(b"", "IMG_0001.jpg"), lambda: check_whole(path, "IMG_0001.jpg")):
        with pytest.raises(ImageError) as caught:
            read()
        errors.append(caught.value)
    assert {str(e) for e in errors} == {"IMG_0001.jpg: empty file, not an image: copy the photo again"}
    assert {e.fault for e in errors} == {ImageFault.EMPTY}


def test_each_fault_a_page_tells_apart_is_on_the_error_not_only_in_its_words():
    with pytest.raises(ImageError) as caught:
        load_image(b"shopping list: tea, milk" * 10, "notes.jpg")
    assert caught.value.fault is ImageFault.NOT_AN_IMAGE
    with pytest.raises(ImageError) as caught:
        load_image(np.zeros((0, 0, 3), np.uint8))
    assert caught.value.fault is ImageFault.NO_PIXELS
    with pytest.raises(ImageError) as caught:
        load_image(_jpeg()[:len(_jpeg()) // 2], "half.jpg")
    assert caught.value.fault is None  # cut short: said as such, never looked at again by a page
    assert ImageError("x", "x").fault is None  # an error made elsewhere (the event check's own) has none


def test_the_fault_crosses_a_process_pool():
    error = pickle.loads(pickle.dumps(image_io.not_an_image("x.jpg")))
    assert error.fault is ImageFault.NOT_AN_IMAGE and error.message_ja.startswith("x.jpg: ")


def test_the_photo_page_finds_a_pdf_by_the_fault_not_by_vision_words(monkeypatch):
    from app.components import photo

    def reworded(name, name_ja=None):  # vision's words for it changed: the page still looks at the bytes
        return ImageError(f"{name}: no picture in this file", f"{name}: 画像がありません。", ImageFault.NOT_AN_IMAGE)

    monkeypatch.setattr(image_io, "not_an_image", reworded)
    with pytest.raises(ImageError, match="IMG_0002.jpg: a PDF document, not a photo"):
        photo.decode(b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "IMG_0002.jpg")


def test_the_photo_page_and_the_event_check_say_a_damaged_jpeg_as_the_reader_does():
    from app.components import photo
    from tilelens.event.layout import Photo
    from tilelens.event.reading import load_photo

    data = _damaged_jpeg()
    with pytest.raises(ImageError) as page:
        photo.decode(data, "IMG_0004.jpg")
    with pytest.raises(ImageError) as check:
        load_photo(Photo("IMG_0004.jpg", data=data))
    with pytest.raises(ImageError) as read:
        load_image(data, "IMG_0004.jpg")
    assert str(page.value) == str(check.value) == str(read.value)
    assert "a damaged photo" in str(page.value)
    assert page.value.message_ja == check.value.message_ja == read.value.message_ja


def test_the_event_page_still_tells_a_damaged_file_by_its_fault():
    # ``other_picture_file`` decides by the fault ``preview`` passes on: a damaged file of no photo's suffix is "not a
    # photo file", as a "corrupt image" was
    from app.views.event_check import other_picture_file

    assert other_picture_file(_damaged_jpeg()) is None
    assert other_picture_file(b"shopping list: tea, milk" * 10) is None


def test_a_damaged_avif_or_webp_keeps_its_words_now_said_by_the_same_function():
    error = image_io.damaged("IMG_0008.avif", fmt="AVIF")
    assert str(error) == ("IMG_0008.avif: a damaged AVIF photo: its picture cannot be decoded (the file is corrupt): "
                          "take or choose the photo again (or copy it again)")
    assert error.message_ja == "IMG_0008.avif: AVIF のファイルが壊れていて、中身を読めません。" + AGAIN_JA
    assert error.fault is ImageFault.DAMAGED
