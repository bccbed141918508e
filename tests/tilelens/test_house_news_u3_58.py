"""Session 58 (u3): a shipped change of a key's line beside a line the club changed (``tilelens.house_news``).

The club turned ``default_seat`` to east; the shipped table changed ``kazoe_limit``, the line above it: the box was
greyed, "Your edit changed this part too", as a change needed the line on each side of it unchanged in the edit (a
rule from whole hunks). A change of a key (its line replaced, dropped or added, in a table that is no ``[[array]]``)
needs its own lines unchanged now; the club's line beside it is never written over.
"""
from __future__ import annotations

from tilelens.house_news import Teller, news, taken, text_lines

RIICHI = """id = "club"
engine = "riichi"

[riichi]
red_fives = true            # one dora each
kiriage = false             # 4 han 30 fu / 3 han 60 fu stay below mangan
double_yakuman = true
kazoe_limit = "sanbaiman"
default_seat = "south"

[table]
honba = true
ends_at_or_below = -1
several_ron = false
"""


def _said(a: list[str], b: list[str], box: bool) -> tuple[list[str], str | None]:
    """Each change said as the lines it adds (a stand-in for the Rules page's words)."""
    return [line for line in b if line not in a] or ["(a line out)"], None


TELLER = Teller(words=_said, loads=lambda data: None, clash=lambda edit, taken, now: None,
                names=lambda n, keys: f"{n} names")


def _taken_all(then: str, now: str, edit: str):
    """The changes of ``then`` to ``now`` told against ``edit``, and the edit with every placed change taken in."""
    changes, now_lines, edit_lines = news(then, now, edit, TELLER)
    placed = [c for c in changes if c.at is not None]
    return changes, taken(edit_lines, placed, now_lines, text_lines(then), edit_lines)


def test_a_key_changed_above_the_line_the_club_changed_is_placed_and_the_clubs_line_kept():
    now = RIICHI.replace('kazoe_limit = "sanbaiman"', 'kazoe_limit = "yakuman"')
    edit = RIICHI.replace('default_seat = "south"', 'default_seat = "east"')
    (change,), out = _taken_all(RIICHI, now, edit)
    assert change.at is not None
    assert out == text_lines(now.replace('default_seat = "south"', 'default_seat = "east"'))


def test_a_key_changed_below_lines_the_club_changed_is_placed():
    """Case A: the club changed kiriage and double_yakuman just above; case C: the line above and honba above it."""
    now = RIICHI.replace('kazoe_limit = "sanbaiman"', 'kazoe_limit = "yakuman"').replace(
        "several_ron = false", "several_ron = true")
    edit = RIICHI.replace("kiriage = false ", "kiriage = true  ").replace("double_yakuman = true",
                                                                        "double_yakuman = false").replace(
        "ends_at_or_below = -1", "ends_at_or_below = 0").replace("honba = true", "honba = false")
    changes, out = _taken_all(RIICHI, now, edit)
    assert len(changes) == 2 and all(c.at is not None for c in changes)
    assert out == text_lines(edit.replace('kazoe_limit = "sanbaiman"', 'kazoe_limit = "yakuman"').replace(
        "several_ron = false", "several_ron = true"))


def test_the_line_the_club_changed_itself_is_still_the_clubs():
    now = RIICHI.replace('kazoe_limit = "sanbaiman"', 'kazoe_limit = "yakuman"')
    edit = RIICHI.replace('kazoe_limit = "sanbaiman"', 'kazoe_limit = "none"')
    (change,), _ = _taken_all(RIICHI, now, edit)
    assert change.at is None


def test_a_key_added_or_dropped_beside_the_clubs_line_is_placed_and_the_clubs_line_kept():
    now = RIICHI.replace("double_yakuman = true\n", "double_yakuman = true\nnagashi = false\n")
    edit = RIICHI.replace("double_yakuman = true", "double_yakuman = false")
    (change,), out = _taken_all(RIICHI, now, edit)
    assert change.at is not None
    assert out == text_lines(now.replace("double_yakuman = true", "double_yakuman = false"))
    now = RIICHI.replace("double_yakuman = true\n", "")
    edit = RIICHI.replace("kiriage = false ", "kiriage = true  ").replace('kazoe_limit = "sanbaiman"',
                                                                         'kazoe_limit = "none"')
    (change,), out = _taken_all(RIICHI, now, edit)
    assert change.at is not None
    assert out == text_lines(edit.replace("double_yakuman = true\n", ""))


def test_a_key_dropped_that_the_club_changed_is_not_taken_as_already_there():
    now = RIICHI.replace("double_yakuman = true\n", "")
    edit = RIICHI.replace("double_yakuman = true", "double_yakuman = false")
    (change,), _ = _taken_all(RIICHI, now, edit)
    assert change.at is None  # listed, the club's line not dropped in silence


def test_a_key_of_an_array_entry_is_not_placed_on_another_entry():
    """A ``[[yaku]]`` entry's ``points = 60`` is one of many alike: the club replaced the yaku ``x`` by its own
    ``z`` with the same points; the shipped change of ``x``'s points is not put on ``z``'s line."""
    then = '[[yaku]]\nid = "w"\npoints = 10\n\n[[yaku]]\nid = "x"\nname_en = "X"\npoints = 60\n\n[[yaku]]\nid = "y"\n'
    now = then.replace("points = 60", "points = 50")
    edit = then.replace('id = "x"\nname_en = "X"', 'id = "z"\nname_en = "Z"')
    (change,), out = _taken_all(then, now, edit)
    assert change.at is None
    assert out == text_lines(edit)


def test_a_key_added_that_the_club_set_itself_is_the_clubs_or_already_there():
    """The shipped table adds ``nagashi = true`` below ``double_yakuman``; the club set ``nagashi`` there (or
    elsewhere in the table) itself: not offered as a key to set twice."""
    now = RIICHI.replace("double_yakuman = true\n", "double_yakuman = true\nnagashi = true\n")
    for edit in (now.replace("nagashi = true", "nagashi = false"),
                 RIICHI.replace("red_fives = true            # one dora each", "red_fives = true\nnagashi = false")):
        (change,), out = _taken_all(RIICHI, now, edit)
        assert change.at is None, edit
        assert out == text_lines(edit)
    edit = RIICHI.replace("red_fives = true            # one dora each", "red_fives = true\nnagashi = true")
    changes, _ = _taken_all(RIICHI, now, edit)
    assert changes == ()  # set so already, elsewhere in the table: nothing to take
