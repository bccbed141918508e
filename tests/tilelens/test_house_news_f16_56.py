"""The shipped table's news engine (``tilelens.house_news``, split out of the Rules page in session 56): what today's
shipped table changed since the one a club's edit was made from, where each change goes in the edit, told with a
stand-in ``Teller`` (the Rules page's words are tested by tests/app/test_rules_*)."""
from __future__ import annotations

import difflib
import sys

from tilelens.house_news import Teller, made_from_text, name_clashes, news, text_lines

THEN = """id = "club"
start = 100  # the start

[[tiles]]
id = "a"
name_ja = "あ"
name_en = "A"

[[tiles]]
id = "b"
name_ja = "い"
name_en = "B"

[payout]
ron = 10
tsumo = 5
"""


class Said:
    """A ``Teller`` that records what it is asked and says each change as the lines it adds."""

    def __init__(self, alone: str | None = None, clash: str | None = None):
        self.asked: list[tuple[str, ...]] = []
        self.alone, self.clash_said = alone, clash

    def words(self, a: list[str], b: list[str], box: bool) -> tuple[list[str], str | None]:
        self.asked.append(("words", str(box)))
        added = [line for line in b if line not in a]
        return added, self.alone

    def loads(self, data: dict) -> str | None:
        self.asked.append(("loads",))
        return None

    def clash(self, edit: dict, taken: dict, now_lines: list[str]) -> str | None:
        self.asked.append(("clash",))
        return self.clash_said

    def names(self, n: int, keys: set[str]) -> str:
        self.asked.append(("names", str(n), *sorted(keys)))
        return f"{n} names"

    def teller(self) -> Teller:
        return Teller(words=self.words, loads=self.loads, clash=self.clash, names=self.names)


def test_the_text_an_edit_was_made_from_is_rebuilt_from_todays_and_the_diff():
    now = THEN.replace("ron = 10", "ron = 20")
    diff = "".join(difflib.unified_diff(THEN.splitlines(True), now.splitlines(True), "then", "now"))
    assert made_from_text(now, diff) == THEN
    assert made_from_text(now, diff.replace("+ron = 20", "+ron = 30")) is None  # a diff not of today's text


def test_a_change_goes_where_its_lines_are_in_the_edit_the_clubs_own_lines_kept():
    edit = "# our club\n" + THEN.replace("start = 100", "start = 200")  # a line added on top, a rule of its own
    now = THEN.replace("ron = 10", "ron = 20")
    said = Said()
    changes, now_lines, edit_lines = news(THEN, now, edit, said.teller())
    (change,) = changes
    assert edit_lines[change.at] == "ron = 10" and now_lines[change.now[0]] == "ron = 20"
    assert change.words == ("ron = 20",) and change.alone is None and change.spans == (change,)
    assert said.asked == [("words", "False")]  # told against the edit


def test_a_change_of_lines_the_club_changed_too_is_told_against_the_box_and_not_placed():
    edit = THEN.replace("ron = 10", "ron = 15")
    now = THEN.replace("ron = 10", "ron = 20")
    said = Said(alone="would not load")
    (change,) = news(THEN, now, edit, said.teller())[0]
    assert change.at is None and change.alone is None  # made by hand: why it would not load alone is not asked
    assert said.asked == [("words", "True")]


def test_a_change_the_edit_has_already_is_left_out():
    now = THEN.replace("ron = 10", "ron = 20")
    assert news(THEN, now, now, Said().teller())[0] == ()


def test_a_change_that_would_not_load_alone_says_why_by_the_names_it_would_clash_on():
    now = THEN.replace("ron = 10", "ron = 20")
    said = Said(alone="", clash="the tile B would be named あ")
    (change,) = news(THEN, now, THEN, said.teller())[0]
    assert change.alone == "the tile B would be named あ"
    assert said.asked == [("words", "False"), ("clash",)]
    said = Said(alone="the check's words")  # no name clash found: the check's words kept
    assert news(THEN, now, THEN, said.teller())[0][0].alone == "the check's words"


def test_changes_of_names_alone_are_one_change_taken_in_together():
    now = THEN.replace('name_en = "A"', 'name_en = "Ay"').replace('name_en = "B"', 'name_en = "Bee"')
    said = Said()
    (change,) = news(THEN, now, THEN, said.teller())[0]
    assert change.words == ("2 names",) and len(change.parts) == 2 and change.spans == change.parts
    assert change.key.startswith("names-") and change.at == change.parts[0].at
    assert said.asked == [("loads",), ("names", "2", "name_en")]  # whether the edit loads with them all


def test_one_change_made_in_two_places_gives_two_keys():
    then = THEN + "\n[other]\nron = 10\n"
    now = then.replace("ron = 10", "ron = 20")
    changes = news(then, now, then, Said().teller())[0]
    assert len(changes) == 2 and len({c.key for c in changes}) == 2


def test_a_name_two_tiles_would_share_is_found():
    edit = {"tiles": [{"id": "a", "name_ja": "あ"}, {"id": "b", "name_ja": "い", "reading": "い"}]}
    taken = {"tiles": [{"id": "a", "name_ja": "い"}, {"id": "b", "name_ja": "い", "reading": "い"}]}
    assert name_clashes(edit, taken) == [("a", "い", "b")]
    assert name_clashes(edit, edit) == []


def test_lines_are_compared_without_their_ends_and_trailing_blanks():
    assert text_lines("a  \r\nb\n") == ["a", "b", ""]
    now = THEN.replace("ron = 10", "ron = 10   ").replace("\n", "\r\n")
    assert news(THEN, now, THEN, Said().teller())[0] == ()


def test_the_engine_imports_no_streamlit():
    import subprocess

    code = "import tilelens.house_news, sys; print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"
