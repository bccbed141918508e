"""Session 61 (F13, from W3's evening of real Hong Kong photos on the Tokyo Mahjong photo page).

1. The tile set chosen for a photo (``photo_tileset``) was forgotten on a trip to the ledger page (to start a match, as
   the page tells a player with no match): back, the picker said the game's own model, and the photo kept was read
   again with it, silently another hand. The set is now kept across pages, as the game picker is; and if the set
   reading a kept photo changes all the same (not by the person's choice in the picker), it is said in one line.
2. An unsure box off the hand's row (photo 370280965: an object beside the rack read as 5z) was put in the page's hand,
   which `tilelens read` leaves out (``vision.scorable.off_row``): the page leaves it out by the same function, and
   says so, naming the tile.
3. Four alike in a hand one tile over (15 tiles: a kan laid in the row) said only "A hand has 14 tiles (15 now)": it
   now says a kan counts 3, names the four and where a kan is added, in English and Japanese.

The recognizer is a fake (the page's ``resources.recognizer``): each test gives the reading a photo has.
"""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from app_helpers import go_to, texts

WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
OTHER = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 2z 6z 6z".split()  # what the game's own model reads of the same photo
FOUR = "6s 6s 6s 8m 8m 8m 7p 7p 7p 6z 6z 6z 7z 7z 6s".split()  # W3's hand_002 and a fourth 6s: a kan in the row
HK = "hk-mahjong"


def _tile(kind, x, y=100.0, h=60.0, p=0.95, det=0.9):
    from vision.recognizer import ReadTile

    return ReadTile((x, y, x + 40.0, y + h), kind, {}, {"detection": det, "kind": p}, False, ((kind, p), ("9m", 0.01)))


def _reading(kinds, extra=(), tileset=""):
    from vision.recognizer import HandReading

    return HandReading([_tile(k, 100.0 + 42.0 * i) for i, k in enumerate(kinds)] + list(extra), (1000, 400),
                       "" if tileset else "tokyo-mahjong", tileset)


STRAY = dict(kind="5z", x=616.0, y=250.0, h=90.0, p=0.22, det=0.36)  # below the rack: 370280965's stray box


class FakeReader:
    largest_hand, orient = 14, None

    def __init__(self, reading):
        self.reading = reading

    def read(self, image, source=None):
        return self.reading

    def read_turned(self, image, turn):
        return self.reading


@pytest.fixture
def reads(monkeypatch):
    """``reads(by_set)``: the page's recognizer reads every photo as ``by_set[tileset]`` (None: the game's own
    model); returns the list of the sets the page asked to read with."""
    import app.components.resources as resources

    asked = []

    def use(by_set):
        def recognizer(game_id, tileset=None):
            asked.append(tileset)
            return FakeReader(by_set[tileset])
        monkeypatch.setattr(resources, "recognizer", recognizer)
        return asked
    return use


def _photo(seed: int = 0) -> bytes:
    noise = np.random.default_rng(seed).integers(0, 255, (400, 1000, 3), dtype=np.uint8)
    return cv2.imencode(".jpg", noise)[1].tobytes()


def _upload(at, name="hand.jpg", seed=0):
    at.file_uploader(key="photo_upload").set_value((name, _photo(seed), "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _hk_photo(page, lang="en"):
    at = page("score_photo", "tokyo-mahjong", lang)
    at.selectbox(key="photo_tileset").set_value(HK).run()
    return _upload(at)


# 1. the tile set kept across pages ---------------------------------------------------------------------------------

CHANGED = {"en": "read again with", "ja": "読み直しました"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tile_set_chosen_is_kept_across_the_ledger_page(home, page, reads, lang):
    asked = reads({HK: _reading(WIN, tileset=HK), None: _reading(OTHER)})
    at = _hk_photo(page, lang)
    assert list(at.session_state["photo_tiles"]) == WIN and asked[-1] == HK
    go_to(at, "ledger")
    go_to(at, "score_photo")
    assert at.selectbox(key="photo_tileset").value == HK
    assert list(at.session_state["photo_tiles"]) == WIN  # the kept photo's hand, as read with the set
    assert None not in asked, asked  # never read with the game's own model
    assert CHANGED[lang] not in texts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_set_changed_under_the_kept_photo_is_said_in_one_line(home, page, reads, lang):
    reads({HK: _reading(WIN, tileset=HK), None: _reading(OTHER)})
    at = _hk_photo(page, lang)
    go_to(at, "ledger")
    go_to(at, "score_photo")
    at.session_state["photo_tileset"] = ""  # the set in use changed, not by the picker (a set lost meanwhile)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert list(at.session_state["photo_tiles"]) == OTHER
    said = [str(w.value) for w in (*at.warning, *at.info) if CHANGED[lang] in str(w.value)]
    assert len(said) == 1 and HK in said[0] and "\n" not in said[0], said
    _upload(at, "next.jpg", seed=1)  # said of that reading only: not of the next photo's
    assert CHANGED[lang] not in texts(at)


def test_a_game_changed_and_back_keeps_the_set_and_the_hand(home, page, reads):
    asked = reads({HK: _reading(WIN, tileset=HK), None: _reading(OTHER)})
    at = _hk_photo(page)
    at.selectbox(key="game_id").set_value("nogizaka").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="photo_tileset").value == HK
    assert list(at.session_state["photo_tiles"]) == WIN
    assert asked.count(HK) == 1 and CHANGED["en"] not in texts(at), asked


def test_a_set_the_person_chooses_for_the_kept_photo_is_not_said_changed(home, page, reads):
    reads({HK: _reading(WIN, tileset=HK), None: _reading(OTHER)})
    at = _hk_photo(page)
    go_to(at, "ledger")
    go_to(at, "score_photo")
    at.selectbox(key="photo_tileset").set_value(None).run()  # the person's own choice: read with the game's model
    assert list(at.session_state["photo_tiles"]) == OTHER
    assert CHANGED["en"] not in texts(at)


# 2. a stray unsure box off the hand's row ----------------------------------------------------------------------------

OFF_ROW = {"en": ("off the hand's row", "Add a tile the photo missed"), "ja": ("手牌の列から離れた", "写真にない牌を追加")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_stray_box_off_the_row_is_left_out_of_the_hand_and_said(home, page, reads, lang):
    from vision.scorable import off_row

    reading = _reading(WIN, extra=[_tile(**STRAY)], tileset=HK)
    assert off_row(reading) == {14}  # what `tilelens read` leaves out
    reads({HK: reading, None: _reading(OTHER)})
    at = _hk_photo(page, lang)
    assert list(at.session_state["photo_tiles"]) == WIN  # 14: not the stray 5z
    said = [str(w.value) for w in (*at.warning, *at.info) if OFF_ROW[lang][0] in str(w.value)]
    assert len(said) == 1, texts(at)
    assert ("5z" in said[0] or "White" in said[0] or "白" in said[0]) and OFF_ROW[lang][1] in said[0], said
    assert ("A hand has 14" if lang == "en" else "手牌は14枚") not in texts(at)


def test_a_sure_row_keeps_every_box(home, page, reads):
    reads({HK: _reading(WIN, tileset=HK), None: _reading(OTHER)})
    at = _hk_photo(page)
    assert list(at.session_state["photo_tiles"]) == WIN
    assert OFF_ROW["en"][0] not in texts(at)


# 3. four alike in a hand one over: the kan said ------------------------------------------------------------------

KAN = {"en": ("A hand has 14 tiles (15 now", "a kan counts 3", "Add a meld by tapping a tile"),
       "ja": ("手牌は14枚にしてください (いま 15枚", "カンは3枚と数えます", "牌をタップして鳴きを追加")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_four_alike_in_a_hand_one_over_say_a_kan_counts_three(home, page, reads, lang):
    reads({HK: _reading(FOUR, tileset=HK), None: _reading(OTHER)})
    at = _hk_photo(page, lang)
    assert len(at.session_state["photo_tiles"]) == 15
    said = [str(i.value) for i in at.info if KAN[lang][0] in str(i.value)]
    assert len(said) == 1 and all(words in said[0] for words in KAN[lang][1:]), [str(i.value) for i in at.info]
    assert ("6 Sou" if lang == "en" else "六索") in said[0], said


def test_a_hand_one_over_without_four_alike_names_no_kan(home, page, reads):
    reads({HK: _reading([*WIN, "9p"], tileset=HK), None: _reading(OTHER)})
    at = _hk_photo(page)
    said = [str(i.value) for i in at.info if KAN["en"][0] in str(i.value)]
    assert len(said) == 1 and "kan" not in said[0], said
