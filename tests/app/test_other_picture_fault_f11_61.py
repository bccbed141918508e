"""Session 61, F11: the event page's ``other_picture_file`` tells bytes the reader cannot decode (no photo file at
all: "not a photo file") from a picture file of another kind (a RAW photo, a video: said with what to send) by the
error's ``vision.ImageFault``, which ``preview`` passes on, not by matching vision's English words."""
from __future__ import annotations

import pytest

from tilelens.event import reading
from vision.image_io import ImageError, ImageFault


def _refused(monkeypatch, en: str, fault: ImageFault | None) -> None:
    def load_photo(photo):
        raise ImageError(f"{photo.name}: {en}", f"{photo.name}: 読めません ({en})", fault=fault)

    monkeypatch.setattr(reading, "load_photo", load_photo)  # what ``preview`` reads the upload with


@pytest.mark.parametrize("fault", list(ImageFault))
def test_bytes_the_reader_cannot_decode_are_no_photo_file_whatever_their_words(monkeypatch, fault):
    from app.views.event_check import other_picture_file

    _refused(monkeypatch, "worded some other way one day", fault)
    assert other_picture_file(b"\x00" * 64) is None


def test_a_picture_file_of_another_kind_is_said_even_where_its_words_name_a_fault(monkeypatch):
    from app.views.event_check import other_picture_file

    words = "a RAW (DNG) photo, not an image the reader decodes with no pixels: send a JPEG"
    _refused(monkeypatch, words, None)
    assert other_picture_file(b"\x00" * 64) == (words, f"読めません ({words})")
