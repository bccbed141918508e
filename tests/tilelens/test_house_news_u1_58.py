"""Session 58 (u1): the shipped table's news engine across tilelens versions (``tilelens.house_news``).

1. One change of neighbouring lines set two rules at once: an edit saved by an older tilelens with the club's
   ``open_tanyao = false`` beside ``kiriage = true`` was one checkbox, said by its kiriage alone; taken, it wrote the
   shipped ``open_tanyao = true`` over the club's line. Lines that each set a key are a change each now.
2. A change of words alone (names, readings, descriptions) is marked so (``words_only``): the page said "the edited
   table still scores by the old rules" for one.
3. The rules a later tilelens plays by default that the club's file does not set (``new_defaults``: pao, nagashi, a
   riichi chombo's reverse mangan), where the shipped table the edit was made from predates them.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tilelens.house_news import NEW_DEFAULTS, Teller, new_defaults, news, taken, text_lines

RIICHI = """id = "club"
engine = "riichi"

[riichi]
red_fives = true            # one dora each
open_tanyao = true          # tanyao counts on an open hand
kiriage = false             # 4 han 30 fu / 3 han 60 fu stay below mangan
default_win = "ron"
"""


def _said(a: list[str], b: list[str], box: bool) -> tuple[list[str], str | None]:
    """Each change said as the lines it adds (a stand-in for the Rules page's words)."""
    return [line for line in b if line not in a], None


TELLER = Teller(words=_said, loads=lambda data: None, clash=lambda edit, taken, now: None,
                names=lambda n, keys: f"{n} names")


def _older(edit: str, now: str):
    """``news`` of an edit saved by an older tilelens: its own base (every difference a change)."""
    return news(edit, now, edit, TELLER)


# ---- 1. a change a key -----------------------------------------------------------------------------------------------
def test_two_rules_on_neighbouring_lines_are_a_change_each():
    edit = RIICHI.replace("open_tanyao = true ", "open_tanyao = false").replace("kiriage = false", "kiriage = true ")
    changes, now_lines, edit_lines = _older(edit, RIICHI)
    assert [len(c.words) for c in changes] == [1, 1], [c.words for c in changes]
    assert [c.words[0].split()[0] for c in changes] == ["open_tanyao", "kiriage"]
    assert len({c.key for c in changes}) == 2
    kiriage = changes[1]
    out = taken(edit_lines, [kiriage], now_lines, edit_lines, edit_lines)
    assert any(line.startswith("kiriage = false") for line in out)
    assert any(line.startswith("open_tanyao = false") for line in out)  # the club's line as it was


def test_a_key_added_beside_a_key_changed_is_a_change_each_taken_in_together_in_order():
    edit = RIICHI.replace('default_win = "ron"', 'default_win = "tsumo"')
    now = RIICHI.replace('default_win = "ron"', 'double_yakuman = false\ndefault_win = "ron"')
    changes, now_lines, edit_lines = _older(edit, now)
    assert sorted(c.words for c in changes) == [('default_win = "ron"',), ("double_yakuman = false",)]
    out = taken(edit_lines, list(changes), now_lines, edit_lines, edit_lines)
    assert out == now_lines


def test_a_comment_goes_with_the_key_after_it():
    edit = RIICHI.replace("kiriage = false ", "kiriage = true  ")
    now = RIICHI.replace("kiriage = false", "# kiriage: a club rule\nkiriage = false")
    changes, now_lines, edit_lines = _older(edit, now)
    assert len(changes) == 1
    assert taken(edit_lines, list(changes), now_lines, edit_lines, edit_lines) == now_lines


@pytest.mark.parametrize("added", ["[table]\nhonba = true\nseveral_ron = true\n",
                                   'players = [\n  4,\n]\nseats = 4\n'])
def test_a_table_or_a_value_of_several_lines_stays_one_change(added):
    now = RIICHI + "\n" + added
    changes, now_lines, edit_lines = _older(RIICHI, now)
    assert len(changes) == 1
    assert taken(edit_lines, list(changes), now_lines, edit_lines, edit_lines) == now_lines


def test_a_split_change_goes_where_its_lines_are_in_an_edit_of_a_known_base():
    """The base known (the club changed ``default_win``, two lines below): the shipped update of two neighbouring
    keys is two changes, each placed in the edit and taken in, the club's line kept."""
    edit = RIICHI.replace('default_win = "ron"', 'default_win = "tsumo"')
    now = RIICHI.replace("red_fives = true ", "red_fives = false").replace("open_tanyao = true ", "open_tanyao = false")
    changes, now_lines, edit_lines = news(RIICHI, now, edit, TELLER)
    assert len(changes) == 2 and all(c.at is not None for c in changes)
    out = taken(edit_lines, list(changes), now_lines, text_lines(RIICHI), edit_lines)
    assert out == text_lines(now.replace('default_win = "ron"', 'default_win = "tsumo"'))


# ---- 2. words alone --------------------------------------------------------------------------------------------------
DONJARA = """id = "club"
engine = "donjara"

[[yaku]]
id = "basic"
name_en = "Basic set"
points = 60
description = "three sets (ron: 60)"
"""


def test_a_change_of_a_description_alone_is_words_only_and_one_of_points_is_not():
    now = DONJARA.replace('description = "three sets (ron: 60)"', 'description = "three sets"')
    (change,), _, _ = _older(DONJARA, now)
    assert change.words_only
    (change,), _, _ = _older(DONJARA, DONJARA.replace("points = 60", "points = 50"))
    assert not change.words_only


def test_names_alone_are_words_only():
    text = '[[tiles]]\nid = "a"\nname_ja = "あ"\n'
    (change,), _, _ = _older(text, text + 'reading = "あ"\n')
    assert change.words_only


# ---- 3. rules played by default since --------------------------------------------------------------------------------
TOKYO = Path(__file__).resolve().parents[2] / "scorer" / "games" / "tokyo-mahjong.toml"


def _before_the_options(text: str) -> str:
    """Today's Tokyo Mahjong text as tilelens shipped it before its house options (no "House options" block)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("# House options left at their defaults"))
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("#"))
    return "\n".join(lines[:start] + lines[end:])


def test_the_marker_of_each_new_default_is_in_todays_shipped_table():
    now = text_lines(TOKYO.read_text(encoding="utf-8"))
    for marker, _ in NEW_DEFAULTS:
        assert any(line.strip().startswith(marker) for line in now), marker


def test_defaults_come_since_the_base_are_named_and_none_the_file_sets():
    now = TOKYO.read_text(encoding="utf-8")
    then = _before_the_options(now)
    assert {(d.table, d.key) for d in new_defaults(then, now, then)} == {("riichi", "pao"), ("riichi", "nagashi"),
                                                                       ("table", "chombo")}
    edit = then.replace("[riichi]\n", "[riichi]\npao = false\n").replace("[table]\n", '[table]\nchombo = "none"\n')
    assert [(d.table, d.key) for d in new_defaults(then, now, edit)] == [("riichi", "nagashi")]
    assert new_defaults(now, now, then) == []  # made from today's table: it knew them


def test_no_new_defaults_for_another_engine_or_a_file_that_is_no_toml():
    now = TOKYO.read_text(encoding="utf-8")
    then = _before_the_options(now)
    assert new_defaults(then, now, then.replace('engine = "riichi"', 'engine = "donjara"')) == []
    assert new_defaults(then, now, "[riichi\n") == []


def test_keys_added_at_one_place_are_taken_in_in_their_order():
    text = '[[tiles]]\nid = "a"\nname_ja = "あ"\ncopies = 4\nmember = "a"\n'
    now = text.replace("copies = 4", 'reading = "あ"\naliases = ["A"]\ncopies = 4')
    edit = text.replace('member = "a"', 'member = "b"')  # the club's, two lines below
    changes, now_lines, edit_lines = news(text, now, edit, TELLER)
    assert all(part.at is not None for c in changes for part in c.spans)
    assert taken(edit_lines, [part for c in changes for part in c.spans], now_lines, text_lines(text),
                 edit_lines) == text_lines(now.replace('member = "a"', 'member = "b"'))
