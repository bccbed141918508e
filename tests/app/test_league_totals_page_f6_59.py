"""Session 59 (F6, from walk W1: a riichi league of three evenings): the ledger page's totals say the evenings they
add up where they span more than one (not "Tonight's totals"), name the matches of look-alike names (in the
command line's words), and offer the standings as a CSV, the same file `tilelens ledger totals --csv` writes."""
import csv
import io
import sys
from pathlib import Path

import pytest
import streamlit
from app_helpers import texts

from tilelens.ledger import Ledger
from tilelens.ledger_merge import when_said

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import at, club_match  # noqa: E402

GAME = "tokyo-mahjong"
KEY = f"ledger_tonight_{GAME}"


@pytest.fixture
def league(home):
    """#1 (Dec 1), #2 and #3 (Dec 2), #4 (Dec 3, the newest evening); Ann in #1 and #4, "ann" in #2."""
    ledger = Ledger(home / "ledger.sqlite")
    return [club_match(ledger, ["Ann", "Bo", "Cy", "Di"], at(1, 19)),
            club_match(ledger, ["ann", "Bo", "Cy", "Di"], at(2, 19)),
            club_match(ledger, ["Eve", "Fay", "Gus", "Hal"], at(2, 19, 5)),
            club_match(ledger, ["Ann", "Eve", "Cy", "Hal"], at(3, 19))]


@pytest.fixture
def downloads(monkeypatch):
    """The (file name, data) of each download the page offers, in the order drawn."""
    offered: list[tuple[str, bytes]] = []
    real = streamlit.download_button

    def recorded(label, data, file_name=None, **kwargs):
        offered.append((file_name, data))
        return real(label, data, file_name=file_name, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", recorded)
    return offered


def day(n, lang):
    """A day of December 2026 as the page says one (the year said where it is not this one)."""
    return when_said(at(n, 12), lang, hour=False)


@pytest.mark.parametrize("lang, tonight, three, one", [
    ("en", "Tonight's totals", "Totals of 3 evenings ({1} to {3})", "Totals of the evening of {2}"),
    ("ja", "今夜の合計", "3晩の合計 ({1}〜{3})", "{2}の夜の合計")])
def test_the_heading_says_the_evenings_added_up(league, page, lang, tonight, three, one):
    three, one = (words.format(*(day(n, lang) for n in range(4))) for words in (three, one))
    at_ = page("ledger", GAME, lang=lang)
    assert at_.multiselect(key=KEY).value == [league[3]]
    assert tonight in [h.value for h in at_.subheader]
    at_.multiselect(key=KEY).set_value(league).run()
    headings = [h.value for h in at_.subheader]
    assert three in headings and tonight not in headings, headings
    at_.multiselect(key=KEY).set_value(league[1:3]).run()
    assert one in [h.value for h in at_.subheader]


@pytest.mark.parametrize("lang, said", [
    ("en", ["Ann / ann", "(Ann: #1, #4; ann: #2)", "Rename a player"]),
    ("ja", ["Ann / ann", "別のプレイヤーとして数えています", "(Annは#1・#4、annは#2)", "「プレイヤーの名前を直す」"])])
def test_look_alike_names_say_their_matches(league, page, lang, said):
    at_ = page("ledger", GAME, lang=lang)
    at_.multiselect(key=KEY).set_value(league).run()
    shown = texts(at_)
    assert all(words in shown for words in said), shown


def test_the_totals_are_offered_as_the_commands_csv(league, page, downloads, capsys, monkeypatch):
    at_ = page("ledger", GAME)
    at_.multiselect(key=KEY).set_value(league).run()
    name, data = [(n, d) for n, d in downloads if n and n.startswith("tilelens-totals-")][-1]
    assert name == "tilelens-totals-2026-12-01-to-2026-12-03.csv" and data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0][-6:] == ["total (thousands of points)", "matches", "1st", "2nd", "3rd", "4th"], rows
    assert ["Cy", "-25", "-25", "", "-25", "-75", "3", "0", "0", "3", "0"] in rows, rows
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["ledger", "totals", "--since", "2026-12-01", "--csv"]) == 0
    assert capsys.readouterr().out.encode() == data.decode("utf-8-sig").encode()  # the same file, but its mark
