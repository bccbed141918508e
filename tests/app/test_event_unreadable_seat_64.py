"""The Event page checks a table with one photo that cannot be read as ``tilelens check`` does: the seat's
photo a finding of the table, in the check's words (「4番席: 写真 seat4.jpg を開けません: ファイルが途中で切れています…」),
the other seats checked (their tiles and notes shown), Next table offered. The page refuses only what the check
refuses too: no photo at all."""
from __future__ import annotations

import pytest

from app_helpers import open_page, texts
import test_event_page_51 as session_51
from test_event_page_51 import _check

# the check's words of a photo cut short (``runner._read_photo``), and the page's own words it had (two wordings)
CHECK_SAID = {"en": "photo seat4.jpg cannot be read: ", "ja": "4番席: 写真 seat4.jpg を開けません: "}
PAGE_SAID = {"en": "seat4.jpg cannot be read. ", "ja": "seat4.jpg は読めません。"}
REFUSED = {"en": "Not checked: correct the seats' photos above.", "ja": "チェックしませんでした。上の席の写真を直してください。"}
SEAT_1_TILES = {"en": "**Seat 1 (dealer)**", "ja": "**1番席 (親)\u2060**"}  # a word joiner closes the bold before の


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's tables' photos, read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _upload(at, seats: dict[str, tuple[str, bytes]]) -> None:
    for seat in "1234":
        up = next(u for u in at.get("file_uploader") if u.key == f"event_seat_{seat}"
                  or u.key.startswith(f"event_seat_{seat}_g"))
        up.set_value((seats[seat][0], seats[seat][1], "image/jpeg") if seat in seats else None)
    at.run()


def _cut_short(data: bytes) -> bytes:
    """A JPEG of ``data``'s picture, its second half lost (a download or copy that stopped)."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.open(io.BytesIO(data)).convert("RGB").save(buf, "JPEG", quality=92)
    whole = buf.getvalue()
    return whole[:len(whole) // 2]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_with_one_photo_cut_short_is_checked_the_photo_a_finding(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    clean = photos["clean"]
    _upload(at, {**{s: (f"seat{s}.png", clean[s]) for s in "123"}, "4": ("seat4.jpg", _cut_short(clean["4"]))})
    _check(at)
    shown = texts(at)
    assert "event_checked" in at.session_state, shown  # checked, not refused
    assert REFUSED[lang] not in shown and PAGE_SAID[lang] not in shown, shown  # one wording: the check's
    assert CHECK_SAID[lang] in shown, shown
    assert SEAT_1_TILES[lang] in shown, shown  # the other seats read and shown
    assert "event_next" in [b.key for b in at.button]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_photo_that_cannot_be_read_is_not_said_in_the_page_s_own_words_under_its_seat(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    clean = photos["clean"]
    _upload(at, {**{s: (f"seat{s}.png", clean[s]) for s in "123"}, "4": ("seat4.jpg", _cut_short(clean["4"]))})
    assert PAGE_SAID[lang] not in texts(at), texts(at)


def test_no_photo_at_all_is_still_refused(home, photos):
    at = open_page("event_check", game="nogizaka", lang="ja")
    _check(at)
    assert "event_checked" not in at.session_state
    assert "先に各席の写真を追加してください。" in texts(at)
