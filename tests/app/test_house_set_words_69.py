"""A riichi house set that holds more than four of a tile (eight Easts) was added and saved on the Rules page without a
word; only the Enter-a-hand palette later refused the fifth East. Add and Save now warn at once (a warning: a physical
set may hold extra tiles) that riichi plays four of a tile at most, naming the tiles the set holds more of. And the
meld builder's "With the red five" example named pins even for a set whose pins are red alone (nothing to tick)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_helpers import open_page, texts, type_hand

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))
from test_house_copies_68 import _house  # noqa: E402 - the house sets the scorer's tests make

from app import settings  # noqa: E402
from scorer.catalog import load_game  # noqa: E402
from scorer.riichi_rules import kinds_over_most  # noqa: E402
from tilelens.home import over_most_warning  # noqa: E402

EIGHT_EASTS = {"1z": 8}


def _text(tmp_path, name: str, copies: dict[str, int]) -> str:
    """A club's riichi set's rules text under a name of its own (Add refuses a name another game offers)."""
    text = Path(_house(tmp_path, name, copies).source).read_text(encoding="utf-8")
    return text.replace('name_ja = "東京麻雀"', f'name_ja = "{name}"', 1).replace(
        'name_en = "Tokyo Mahjong (riichi)"', f'name_en = "{name}"', 1)


def test_the_kinds_over_four_are_named_with_their_copies(tmp_path):
    assert kinds_over_most(load_game("tokyo-mahjong")) == []
    assert kinds_over_most(_house(tmp_path, "east8", EIGHT_EASTS)) == [("1z", 8)]
    # a red five counted with its plain one: three plain 5p and two red ones are five of the kind
    assert kinds_over_most(_house(tmp_path, "five-pins", {"0p": 2})) == [("5p", 5)]


def test_the_warning_names_the_rule_and_the_tiles_in_both_languages(tmp_path):
    assert over_most_warning(load_game("tokyo-mahjong")) is None
    assert over_most_warning(load_game("nogizaka")) is None  # a Donjara game: its own copies
    en, ja = over_most_warning(_house(tmp_path, "east8", {**EIGHT_EASTS, "7z": 5}))
    assert en == ("riichi mahjong plays 4 of a tile at most; this set has more: East wind (1z), 8 copies; "
                  "Red dragon (7z), 5 copies")
    assert ja == "リーチ麻雀で使えるのは同じ牌4枚までです。このセットには東が8枚、中が5枚あります"


def _add(at, text: str):
    at.text_area(key="rules_add_text").set_value(text).run()
    at.button(key="rules_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang, said", [("en", "riichi mahjong plays 4 of a tile at most; this set has more: "
                                               "East wind (1z), 8 copies"),
                                        ("ja", "リーチ麻雀で使えるのは同じ牌4枚までです。このセットには東が8枚あります")])
def test_adding_a_set_of_eight_easts_warns_at_once_and_a_standard_set_not(home, tmp_path, lang, said):
    at = _add(open_page("rules", "tokyo-mahjong", lang), _text(tmp_path, "club-std", {}))
    assert "club-std" in settings.games() and not at.warning
    _add(at, _text(tmp_path, "club-east8", EIGHT_EASTS))
    assert "club-east8" in settings.games()  # added: a warning, not a refusal
    assert [w.value for w in at.warning] == [said]
    at.run()  # said once, with the Add
    assert said not in texts(at)


def test_saving_an_edit_of_five_easts_warns_at_once(home):
    at = open_page("rules", "tokyo-mahjong")
    shipped = settings.shipped_path("tokyo-mahjong").read_text(encoding="utf-8")
    head, east = shipped.split('id = "1z"', 1)
    edited = head + 'id = "1z"' + east.replace("copies = 4", "copies = 5", 1)
    at.text_area(key="rules_text_tokyo-mahjong").set_value(edited).run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert settings.edited_path("tokyo-mahjong") is not None  # saved
    assert [w.value for w in at.warning if "of a tile at most" in w.value] == [
        "riichi mahjong plays 4 of a tile at most; this set has more: East wind (1z), 5 copies"]


def _red_box(home, name: str, copies: dict[str, int]) -> str:
    folder = home / "home" / "games" / "_added"
    folder.mkdir(parents=True, exist_ok=True)
    _house(folder, name, copies)
    at = type_hand(open_page("score_manual", name), "123m456s789s11z")
    at.segmented_control(key="manual_meld_kind").set_value("chi").run()
    return next(c.label for c in at.checkbox if c.key == "manual_meld_red")


def test_the_red_five_example_is_of_a_suit_where_the_tick_changes_something(home):
    assert _red_box(home, "red-pins-alone", {"5p": 0, "0p": 2}) == "With the red five (tap 4m: 406m)"
    assert _red_box(home, "club-std", {}) == "With the red five (tap 4p: 406p)"  # a standard set's, as before
