"""Session 55 (f6): the Event check page from a phone. A RAW (DNG) photo and a video (an iPhone's Live Photo .MOV)
under a seat are said in the photo page's own words (``vision.image_io``'s), not as "no photo file"; and where the
reports are kept is said with its folder only to a visitor on the computer running the app (a phone gets words,
no path of the laptop)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app_helpers import open_page, texts
from event_page_helpers import other_photos_under_a_taken_name
from screen_words import foreign
import test_event_page_51 as session_51
from test_event_page_51 import _check, _out, _upload

from vision.image_io import ImageError, load_image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vision"))  # the photo message tests' helpers
from photo_message_helpers import VIDEO, dng as _dng  # noqa: E402


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's two tables' photos, read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _image_io_words(data: bytes, name: str, lang: str) -> str:
    """What ``vision.image_io`` says of the file (the photo page's words), less the file's name before them."""
    with pytest.raises(ImageError) as said:
        load_image(data, name)
    text = said.value.message_ja if lang == "ja" else str(said.value)
    return text.removeprefix(f"{name}: ")


def _seat(at, seat: str, name: str, data: bytes, mime: str) -> None:
    at.file_uploader(key=f"event_seat_{seat}").set_value((name, data, mime)).run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_raw_photo_and_a_video_are_said_as_the_photo_page_says_them(home, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _seat(at, "2", "IMG_0002.MOV", VIDEO, "video/quicktime")
    _seat(at, "3", "IMG_0003.DNG", _dng(), "image/x-adobe-dng")
    errors = [e.value for e in at.error]
    movie = [e for e in errors if "IMG_0002.MOV" in e]
    raw = [e for e in errors if "IMG_0003.DNG" in e]
    assert len(movie) == 1 and len(raw) == 1, errors
    for shown, words in ((movie[0], _image_io_words(VIDEO, "IMG_0002.MOV", lang)),
                         (raw[0], _image_io_words(_dng(), "IMG_0003.DNG", lang))):
        assert words[1:40] in shown, (shown, words)  # image_io's own words, as a sentence (a capital first)
        assert ("not a photo file" if lang == "en" else "写真のファイルではありません (JPEG") not in shown, shown
    assert ("Live Photo" in movie[0]) and ("RAW (DNG)" in raw[0])
    at.button(key="event_check").click().run()  # still refused
    assert "event_checked" not in at.session_state


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_file_that_is_no_photo_at_all_keeps_its_words(home, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _seat(at, "4", "notes.txt", b"hello", "text/plain")
    said = "is not a photo file" if lang == "en" else "は写真のファイルではありません"
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and said in errors[0] and "notes.txt" in errors[0], errors


def _event(lang: str, photos) -> tuple:
    """A table checked on the page; the page and the event's folder."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    return at, _out(at)


def _folder_texts(at) -> str:
    """Everything the page wrote, help texts and labels too."""
    return texts(at) + "\n".join(str(getattr(e, "label", "")) for e in at.get("expander"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_not_shown_the_folder_the_reports_are_kept_in(home, photos, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at, out = _event(lang, photos)
    shown = _folder_texts(at)
    assert str(out) not in shown and str(home) not in shown, shown
    assert ".removed" not in shown
    # still told where, in words: on the computer running tilelens
    where = "laptop running tilelens" if lang == "en" else "tilelens を動かしているパソコン"
    kept = [c.value for c in at.caption if where in c.value]
    assert len(kept) >= 2, [c.value for c in at.caption]  # where kept, and where a removed table goes
    assert not foreign(at, lang), foreign(at, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_computer_running_the_app_is_shown_the_folder(home, photos, lang):
    at, out = _event(lang, photos)
    shown = _folder_texts(at)
    assert str(out) in shown and str(out / ".removed") in shown, shown


def test_a_phone_checking_other_photos_under_a_taken_name_is_not_shown_the_folder(home, photos, monkeypatch):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang="ja")
    first, out = other_photos_under_a_taken_name(at, photos)
    warned = [w.value for w in at.warning if "別の写真" in w.value]
    assert len(warned) == 1 and str(out) not in warned[0] and "パソコン" in warned[0], warned
    _check(at)
    assert list((out / ".removed").glob(f"{first}*/report.json")), "the old report was lost"
    moved = [i.value for i in at.info if "移しました" in i.value]
    assert len(moved) == 1 and str(out) not in moved[0] and "パソコン" in moved[0], moved
    assert str(out) not in texts(at)
