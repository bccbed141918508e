"""Session 62 (F16): the tiara mark in the app (W7). `tilelens read` reports ティアラ=あり of each tile that has it (the
classifier's ``class_attrs`` of the kind read: the game file's ``tiara = "yes"``, RULES.md: the recogniser must report
it; the game's skills use it), the app never showed it. The hand strip's tile and the picker's current tile now carry a
small badge (a crown, ``tiles.CROWN``: Streamlit's icon font, an emoji being a blank box where the browser has no emoji
font), and their text says ティアラ / tiara, where the tile has it; no other tile does."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_helpers import open_page, read_as

from app.components.tiles import CROWN
from scorer import load_game

CG = "cinderella-neo"
# 島村卯月 and 渋谷凛 have the tiara (歴代シンデレラガール); the others not
HAND = ["shimamura-uzuki", "mimura-kanako", "igarashi-kyouko", "shibuya-rin", "matoba-risa", "shirasaka-koume",
        "hayami-kanade", "morikubo-nono", "nanba-emi"]
TIARA_AT = {0, 3}


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _find(node, key: str):
    for child in getattr(node, "children", {}).values():
        if getattr(getattr(child, "proto", None), "id", "").endswith(f"-{key}"):
            return child
        found = _find(child, key)
        if found is not None:
            return found
    return None


def _walk(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _walk(child)


def _captions(node) -> list[str]:
    return [c.value for c in _walk(node) if type(c).__name__ == "Caption"]


def _alts(node) -> list[str]:
    return [img.alt for c in _walk(node) if type(c).__name__ == "Image" for img in getattr(c.proto, "imgs", ())]


def test_the_badge_is_what_the_reader_reports():
    """The classifier names each kind's tiara as the game file does: the badge, drawn from the kind in the hand, is
    what `tilelens read` reports of a tile read as it (and follows a tile corrected)."""
    game = load_game(CG)
    spec = json.loads((Path(__file__).resolve().parents[2] / "models" / f"classifier-{CG}.json").read_text())
    read = dict(zip(spec["classes"], spec["class_attrs"]))
    assert {k.id for k in game.tiles if read[k.id].get("tiara") == "yes"} == \
        {k.id for k in game.tiles if k.attrs.get("tiara") == "yes"}
    assert {HAND[i] for i in TIARA_AT} <= {k.id for k in game.tiles if k.attrs.get("tiara") == "yes"}
    assert not {h for i, h in enumerate(HAND) if i not in TIARA_AT} & {k.id for k in game.tiles
                                                                         if k.attrs.get("tiara") == "yes"}


@pytest.mark.parametrize("lang, word", [("ja", "ティアラ"), ("en", "tiara")])
def test_the_strip_marks_the_tiara_tiles_only(home, lang, word):
    at = _ok(read_as(open_page("score_photo", CG, lang), CG, HAND))
    for i in range(len(HAND)):
        cell = _find(at.main, f"photo_cell_{i}")
        assert cell is not None, i
        badge = any(CROWN in c for c in _captions(cell))
        said = any(word in a for a in _alts(cell))
        assert badge == said == (i in TIARA_AT), (i, _captions(cell), _alts(cell))


@pytest.mark.parametrize("lang, word", [("ja", "ティアラ"), ("en", "tiara")])
def test_the_picker_marks_its_tile_when_it_has_the_tiara(home, lang, word):
    at = _ok(read_as(open_page("score_photo", CG, lang), CG, HAND))
    _ok(at.button(key="photo_tile_3").click().run())  # 渋谷凛
    picker = _find(at.main, "photo_picker")
    assert any(CROWN in c and word in c for c in _captions(picker)), _captions(picker)
    _ok(at.button(key="photo_tile_4").click().run())  # 的場梨沙: none
    picker = _find(at.main, "photo_picker")
    assert not any(CROWN in c for c in _captions(picker)), _captions(picker)


def test_a_tile_corrected_to_a_tiara_idol_gets_the_badge(home):
    at = _ok(read_as(open_page("score_photo", CG), CG, HAND))
    _ok(at.button(key="photo_tile_4").click().run())
    _ok(at.text_input(key="photo_pick_find").set_value("鷺沢").run())
    _ok(at.button(key="photo_pick_sagisawa-fumika").click().run())
    assert any(CROWN in c for c in _captions(_find(at.main, "photo_cell_4")))


def test_a_game_without_a_tiara_shows_none(home):
    at = _ok(read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3))
    assert not any(CROWN in c for c in _captions(_find(at.main, "photo_strip")))
