"""Session 66 (F9): a face half hidden, by a rack's lip maybe (``vision.hidden``: ``confidence["hidden"]``, its kind
confidence held low), was only a low-confidence tile on the photo page: it is said why, in a note where a face washed
out by a reflection is said (``quality_said``), in English and Japanese; corrected, it is said no more; a tile both
washed out and half hidden is said once, as glare's."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from app_helpers import synthetic

from app.components.photo import PhotoTile, to_photo_tiles

RIICHI_14 = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5z 5z 5z".split()

HIDDEN = {"en": "Tile 6 may be half hidden (by the rack's lip?): tap it to check it against the photo.",
          "ja": "6枚目の牌は下が隠れているかもしれません (牌立ての縁で?)。タップして写真と見比べてください。"}
HIDDEN_TWO = {"en": "Tiles 3 and 6 may be half hidden (by the rack's lip?): tap them to check them against the photo.",
              "ja": "3枚目と6枚目の牌は下が隠れているかもしれません (牌立ての縁で?)。タップして写真と見比べてください。"}


def read_as(at, tiles: list[str], hidden: tuple[int, ...] = (), glare: tuple[int, ...] = ()):
    """The photo page given a synthetic photo read as ``tiles``, those at the places ``hidden`` half hidden and
    ``glare`` washed out (as ``vision.hidden`` and ``vision.glare`` mark them: read with low confidence)."""
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", synthetic("tokyo-mahjong", tiles), "image/jpeg")).run()
    read = []
    for i, k in enumerate(tiles):
        p = 0.5 if i in hidden or i in glare else 0.95
        marks = {**({"hidden": 0.4} if i in hidden else {}), **({"glare": 0.8} if i in glare else {})}
        read.append(PhotoTile((100 + 30.0 * i, 100.0, 125 + 30.0 * i, 140.0), k, p, choices=((k, p),), **marks))
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(read))
    at.session_state["photo_tiles"] = list(tiles)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_hidden_mark_reaches_the_page():
    from vision import hidden

    tile = SimpleNamespace(xyxy=(0, 0, 10, 10), kind="5z", confidence=hidden.marked({"detection": 0.93, "kind": 0.97},
                                                                                    0.4),
                           is_back=False, alternatives=(), choices=())
    (read,) = to_photo_tiles(SimpleNamespace(tiles=[tile]), {"5z"})
    assert read.hidden == 0.4 and read.low and read.glare == 0.0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_half_hidden_is_said_so_until_corrected(home, page, lang):
    at = read_as(page("score_photo", "tokyo-mahjong", lang), RIICHI_14, hidden=(5,))
    assert HIDDEN[lang] in [i.value for i in at.info], [i.value for i in at.info]
    at.button(key="photo_tile_5").click().run()
    at.button(key="photo_pick_7p").click().run()  # corrected: nothing left to check
    assert not at.exception, [e.value for e in at.exception]
    assert not [i.value for i in at.info if HIDDEN[lang][:8] in i.value], [i.value for i in at.info]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_two_tiles_half_hidden_are_said_in_one_note(home, page, lang):
    at = read_as(page("score_photo", "tokyo-mahjong", lang), RIICHI_14, hidden=(2, 5))
    said = [i.value for i in at.info if "hidden" in i.value or "隠れて" in i.value]
    assert said == [HIDDEN_TWO[lang]], said


def test_a_tile_washed_out_and_half_hidden_is_said_once_as_glare(home, page):
    at = read_as(page("score_photo", "tokyo-mahjong"), RIICHI_14, hidden=(2, 5), glare=(5,))
    said = [i.value for i in at.info if "hidden" in i.value or "reflection" in i.value]
    assert [s[:8] for s in said] == ["Tile 6 m", "Tile 3 m"] and "reflection" in said[0], said
