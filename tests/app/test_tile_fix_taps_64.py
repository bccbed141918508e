"""Fixing a tile with a tap on the Score a photo page (Cinderella Girls on a phone):

1. The tile as the photo read it is offered back once it was changed by hand, first among the suggestions and said so
   (「読んだまま: 五十嵐響子」): one tap undoes the change (it was offered nowhere, and had to be found by name again).
2. A type pill left on does not make the Find box say an idol of another type does not exist (クール chosen,
   「さくらい」: "no tile is named so"): the idols of every type named so are shown, their type said; the picker and
   the palette alike (``tiles.find_by_name``).
3. A tile whose every copy is in the hand already (the tile being fixed excepted) is no suggestion, and in the grid of
   every tile it is marked where it is (「手牌の5枚目」), its button off: no pick offered only to be refused.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from app_helpers import open_page, read_as, type_hand
from scorer import load_game

GAME = load_game("cinderella-neo")
# W15's hand of nine: three cute Vo, three cute Da, three cool Vi (tile 3 is 五十嵐響子)
WIN = [k.id for k in GAME.tiles if k.attrs["type"] == "cute" and k.attrs["status"] == "Vo"][:3] + \
      [k.id for k in GAME.tiles if k.attrs["type"] == "cute" and k.attrs["status"] == "Da"][:3] + \
      [k.id for k in GAME.tiles if k.attrs["type"] == "cool" and k.attrs["status"] == "Vi"][:3]
# one tile off a Quartet Unit (tests/app/test_idol_find_f27_61.py): 水本ゆかり is tile 5, 高森藍子 tile 9
ONE_OFF = ["藤原肇", "三船美優", "桐生つかさ", "星輝子", "水本ゆかり", "三村かな子", "五十嵐響子", "小日向美穂", "高森藍子"]
ONE_OFF_IDS = [GAME.tile(name).id for name in ONE_OFF]


def _keys(at, start: str) -> list[str]:
    return [b.key for b in at.button if (b.key or "").startswith(start)]


def _photo_read(home, lang: str = "ja", alternatives: dict[int, tuple[str, ...]] | None = None):
    """The photo page holding a photo of ``WIN`` read as it, tile 3 with ``alternatives`` (the classifier's guesses)."""
    at = open_page("score_photo", "cinderella-neo", lang)
    read_as(at, "cinderella-neo", WIN)
    reading = at.session_state["photo_reading"]
    tiles = tuple(replace(tile, alternatives=(alternatives or {}).get(i, ())) for i, tile in enumerate(reading.tiles))
    at.session_state["photo_reading"] = replace(reading, tiles=tiles)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _fix(at, prefix: str, index: int, find: str, tile_id: str):
    """Tile ``index`` changed by a tap in the picker's every-tile grid (found by name)."""
    at.button(key=f"{prefix}_tile_{index}").click().run()
    at.text_input(key=f"{prefix}_pick_find").set_value(find).run()
    at.button(key=f"{prefix}_pick_{tile_id}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state[f"{prefix}_tiles"][index] == tile_id
    return at


# 1. the tile as read, offered back

def test_a_tile_changed_by_hand_offers_the_tile_as_read_first_one_tap_back(home):
    guesses = ("mizumoto-yukari", "sakurai-momoka", "hoshi-shouko")  # the photo's other guesses for tile 3
    at = _photo_read(home, "ja", {2: guesses})
    read = list(at.session_state["photo_tiles"])
    assert read[2] == "igarashi-kyouko"
    at.button(key="photo_tile_2").click().run()  # as read: the guesses alone, but those in the hand (tiles 1, 5)
    assert _keys(at, "photo_alt_") == ["photo_alt_hoshi-shouko"]
    assert not [b for b in at.button if "読んだまま" in (b.label or "")]
    at.button(key="photo_tile_2").click().run()
    _fix(at, "photo", 2, "しぶや", "shibuya-rin")
    at.button(key="photo_tile_2").click().run()
    offered = _keys(at, "photo_alt_")
    assert offered[0] == "photo_alt_igarashi-kyouko", offered
    back = at.button(key="photo_alt_igarashi-kyouko")
    assert back.label.replace("\u200b", "") == "読んだまま: 五十嵐響子", back.label
    back.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"] == read and at.session_state["photo_edit"] is None


def _picker(tiles, edit, read, alternatives=(), lang="en"):
    """The picker alone (``tiles.tile_picker``) on a hand ``tiles`` read from a photo as ``read``."""
    from streamlit.testing.v1 import AppTest

    def page(tiles, edit, read, alternatives, lang):
        import streamlit as st

        from app.components.photo import PhotoReading, PhotoTile
        from app.components.tiles import tile_picker
        from scorer import load_game

        import numpy as np

        st.session_state["lang"] = lang
        st.session_state.setdefault("p_tiles", list(tiles))
        st.session_state.setdefault("p_edit", edit)
        faces = tuple(PhotoTile((30.0 * i, 10.0, 30.0 * i + 25, 50.0), k, 0.95) for i, k in enumerate(read))
        st.session_state.setdefault("p_reading", PhotoReading(np.zeros((60, 400, 3), dtype=np.uint8), faces))
        tile_picker(load_game("cinderella-neo"), "p", alternatives)

    at = AppTest.from_function(page, args=(tiles, edit, read, alternatives, lang), default_timeout=30).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_tile_as_read_is_said_in_english_too():
    changed = [*WIN[:2], "shibuya-rin", *WIN[3:]]
    at = _picker(changed, 2, WIN, ("hoshi-shouko",))
    assert _keys(at, "p_alt_") == ["p_alt_igarashi-kyouko", "p_alt_hoshi-shouko"]
    assert at.button(key="p_alt_igarashi-kyouko").label.replace("\u200b", "") == "As read: Kyoko Igarashi"
    at = _picker([*WIN, "shibuya-rin"], 9, WIN)  # a tile added by hand: none read
    assert not [b for b in at.button if "As read" in (b.label or "")]


# 2. a type pill left on

def _pill(at, key: str, value: str):
    """A type pill chosen. AppTest names a pill's value by the page's ``format_func`` outside the page, where the
    screen's language reads as Japanese: an English screen's pill is named in its language while it is chosen."""
    from app.components import i18n

    [pills] = [p for p in at.get("button_group") if p.key == key]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "lang", lambda: at.session_state["lang"])
        pills.set_value(value).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state[key] == value
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang, said", [("ja", ("さくらい", "クール", "キュート")),
                                        ("en", ("さくらい", "Cool", "Cute"))])
def test_a_name_of_another_type_than_the_pill_chosen_is_found_and_its_type_said(home, lang, said):
    at = open_page("score_manual", "cinderella-neo", lang)
    type_hand(at, " ".join(ONE_OFF))
    at.button(key="manual_tile_8").click().run()
    _pill(at, "manual_pick_filter", "cool")
    at.text_input(key="manual_pick_find").set_value("さくらい").run()
    assert _keys(at, "manual_pick_") == ["manual_pick_sakurai-momoka"], _keys(at, "manual_pick_")
    captions = [str(c.value) for c in at.caption if "さくらい" in str(c.value)]
    assert len(captions) == 1 and all(word in captions[0] for word in said), captions
    assert "という名前の牌はありません" not in captions[0] and "No tile is named" not in captions[0]
    at.button(key="manual_pick_sakurai-momoka").click().run()
    assert at.session_state["manual_tiles"][8] == "sakurai-momoka"


def test_the_palette_finds_across_types_as_the_picker_does(home):
    at = open_page("score_manual", "cinderella-neo", "ja")
    _pill(at, "manual_pal_filter", "passion")
    at.text_input(key="manual_pal_find").set_value("しぶや").run()
    assert _keys(at, "manual_add_") == ["manual_add_shibuya-rin"], _keys(at, "manual_add_")
    captions = [str(c.value) for c in at.caption if "しぶや" in str(c.value)]
    assert len(captions) == 1 and "パッション" in captions[0] and "クール" in captions[0], captions
    at.text_input(key="manual_pal_find").set_value("zzz").run()  # a name no tile has: said so, as before
    assert _keys(at, "manual_add_") == []
    assert [c.value for c in at.caption if "zzz" in str(c.value)] == ["「zzz」という名前の牌はありません。"]


# 3. no idol twice

def test_an_idol_all_of_whose_copies_are_in_the_hand_is_no_suggestion():
    at = _picker(ONE_OFF_IDS, 8, ONE_OFF_IDS, ("mizumoto-yukari", "sakurai-momoka"))
    assert _keys(at, "p_alt_") == ["p_alt_sakurai-momoka"]



@pytest.mark.parametrize("lang, said", [("ja", "手牌の5枚目"), ("en", "in hand: tile 5")])
def test_the_grid_marks_an_idol_in_the_hand_and_offers_no_pick(home, lang, said):
    at = open_page("score_manual", "cinderella-neo", lang)
    type_hand(at, " ".join(ONE_OFF))
    at.button(key="manual_tile_8").click().run()
    at.text_input(key="manual_pick_find").set_value("みずもと").run()
    pick = at.button(key="manual_pick_mizumoto-yukari")
    assert pick.disabled
    assert any(said == str(c.value) for c in at.caption), [c.value for c in at.caption]
    at.button(key="manual_tile_4").click().run()  # the tile being fixed is 水本ゆかり itself: no mark
    at.text_input(key="manual_pick_find").set_value("みずもと").run()
    assert at.button(key="manual_pick_mizumoto-yukari").disabled is False
    assert not [c for c in at.caption if said[:4] in str(c.value)]
