"""Session 61 (F17): the ledger page's Tonight's totals say what `tilelens ledger totals` says (commit 8c24d57) of
look-alike names that differ only by a full-width space, and of matches of different uma (or oka) added up: from the
same function (tilelens.ledger.apart_by_space, umas_said), in English and Japanese."""
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger, evening_totals, rules_for
from tilelens.ledger_cli import totals_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import CLUB, CLUB_GAME, at, club_match, started  # noqa: E402

DONJARA = "yokai-watch"


def command_says(ledger: Ledger, lang: str) -> list[str]:
    """The lines `tilelens ledger totals` says of the ledger's matches (all of one evening)."""
    played = [(m, ledger.state(m.id)) for m in ledger.matches() if ledger.hands(m.id)]
    return totals_text(evening_totals(played), dict((m.id, s) for m, s in played), lang).splitlines()


@pytest.fixture
def spaced(home):
    """Two Donjara matches of one evening: 佐藤 花子 typed with a full-width space in #1, a space in #2."""
    ledger = Ledger(home / "ledger.sqlite")
    for n, names in enumerate((["佐藤\u3000花子", "Ann", "Bo"], ["佐藤 花子", "Ann", "Bo"])):
        m = ledger.new_match(DONJARA, names)
        started(ledger, m, at(6, 19, n))
        ledger.add_win(m, 1, "ron", {0: 100})
    return ledger


@pytest.mark.parametrize("lang, said", [("en", " (they differ in a full-width space)"), ("ja", " (全角スペースの違い)")])
def test_names_apart_by_a_full_width_space_are_said_so(spaced, page, lang, said):
    names = "佐藤\u3000花子 / 佐藤 花子" + said
    assert any(names in line for line in command_says(spaced, lang))  # the command's words
    shown = texts(page("ledger", DONJARA, lang=lang))
    assert names in shown, shown


def test_names_alike_but_for_case_are_not_said_apart_by_a_space(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    for n, names in enumerate((["Ann", "Bo", "Cy"], ["ann", "Bo", "Cy"])):
        m = ledger.new_match(DONJARA, names)
        started(ledger, m, at(6, 19, n))
        ledger.add_win(m, 1, "ron", {0: 100})
    shown = texts(page("ledger", DONJARA))
    assert "Ann / ann" in shown and "full-width space" not in shown, shown


def _other_uma(ledger: Ledger, **rules) -> int:
    """A club match of the evening of 6 December under other rules, one hand played."""
    other = ledger.new_match(CLUB_GAME, ["Ann", "Bo", "Cy", "Di"],
                             replace(rules_for(CLUB_GAME), **{**CLUB, **rules}))
    started(ledger, other, at(6, 20, 0))
    ledger.add_win(other, 0, "ron", {3: 15000})
    return other


@pytest.mark.parametrize("lang, said", [
    ("en", "Matches of different uma added up (each result is its match's own final score): "
           "#{one} uma +20/+10/-10/-20; #{other} uma +30/+10/-10/-30"),
    ("ja", "ウマの違う対局を合計しています (各成績はその対局の最終スコア): #{one}はウマ +20/+10/-10/-20、"
           "#{other}はウマ +30/+10/-10/-30")])
def test_matches_of_different_uma_say_which_used_which(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    one = club_match(ledger, ["Ann", "Bo", "Cy", "Di"], at(6, 19, 0))
    said = said.format(one=one, other=_other_uma(ledger, uma=(30, 10, -10, -30)))
    assert said in command_says(ledger, lang)
    shown = texts(page("ledger", CLUB_GAME, lang=lang))
    assert said in shown, shown


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_different_oka_and_no_uma_are_said_as_the_command_says_them(home, page, lang):
    ledger = Ledger(home / "ledger.sqlite")
    club_match(ledger, ["Ann", "Bo", "Cy", "Di"], at(6, 19, 0))
    _other_uma(ledger, uma=(), return_points=35000)
    line = [x for x in command_says(ledger, lang) if "different uma" in x or "ウマの違う" in x]
    assert len(line) == 1 and ("oka" in line[0] or "オカ" in line[0]), line
    shown = texts(page("ledger", CLUB_GAME, lang=lang))
    assert line[0] in shown, shown


def test_matches_of_one_uma_say_none(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    club_match(ledger, ["Ann", "Bo", "Cy", "Di"], at(6, 19, 0))
    club_match(ledger, ["Ann", "Bo", "Cy", "Di"], at(6, 20, 0))
    at_ = page("ledger", CLUB_GAME)
    assert "Tonight's totals" in [h.value for h in at_.subheader]
    assert "different uma" not in texts(at_), texts(at_)
