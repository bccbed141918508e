"""Session 58 (F3): a riichi game whose rules seat three (``[riichi] players = 3``: no north seat) took a match of
four names, whose hands it scored for a table of three. ``Ledger.new_match`` refuses it now, in one line in both
languages saying how many the table has and what to do, as its other refusals of a player count do; the ledger
page's New match form says it, and starts nothing. A table of four still takes three players (an empty north)."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from scorer import load_game
from tilelens.ledger import Ledger, LedgerError

SHIPPED = Path(__file__).resolve().parents[2] / "scorer" / "games" / "tokyo-mahjong.toml"
MAIN = Path(__file__).resolve().parents[2] / "app" / "main.py"


def _three_seats() -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    assert text.count("\nplayers = 4 ") == 1
    return text.replace("\nplayers = 4 ", "\nplayers = 3 ", 1)


@pytest.fixture
def sanma(tmp_path):
    path = tmp_path / "sanma.toml"
    path.write_text(_three_seats(), encoding="utf-8")
    return load_game(path)


def test_four_names_at_a_table_of_three_are_refused_in_both_languages(tmp_path, sanma):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    with pytest.raises(LedgerError) as refused:
        ledger.new_match(sanma, ["Aki", "Ben", "Chie", "Dan"])
    en, ja = str(refused.value), refused.value.message_ja
    assert en == ("A table of Tokyo Mahjong (riichi) has 2 to 3 players ([riichi] players = 3 in its rules: no north "
                  "seat), got 4 names: leave 1 out, or make it a table of 4 in the game's rules "
                  "([riichi] players = 4)"), en
    assert ja.startswith("「東京麻雀」の卓は2〜3人です") and "[riichi] players = 3" in ja and "4人の名前" in ja, ja
    assert "\n" not in en and "\n" not in ja
    assert ledger.matches() == []  # nothing started


def test_a_table_of_three_takes_three_or_two_and_a_table_of_four_takes_three(tmp_path, sanma):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    three = ledger.new_match(sanma, ["Aki", "Ben", "Chie"])
    two = ledger.new_match(sanma, ["Aki", "Ben"])
    four = ledger.new_match("tokyo-mahjong", ["Aki", "Ben", "Chie"])  # the box's table: an empty north
    assert [len(ledger.match(m).players) for m in (three, two, four)] == [3, 2, 3]


def test_five_names_at_a_table_of_three_say_its_span(tmp_path, sanma):
    with pytest.raises(LedgerError, match="has 2 to 3 players, got 5 names"):
        Ledger(tmp_path / "ledger.sqlite").new_match(sanma, ["A", "B", "C", "D", "E"])


def test_the_ledger_pages_new_match_form_says_it(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TILELENS_HOME", str(home))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    from app import settings

    settings.save_house_table("tokyo-mahjong", _three_seats())  # the club's table: three seats
    for lang, said in (("en", "has 2 to 3 players ([riichi] players = 3"), ("ja", "の卓は2〜3人です")):
        at = AppTest.from_file(str(MAIN), default_timeout=60).run()
        at.session_state["lang"] = lang
        at.switch_page("views/ledger.py").run()
        at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
        at.text_input(key="ledger_names").set_value("Aki, Ben, Chie, Dan")
        start = "Start the match" if lang == "en" else next(
            b.label for b in at.button if b.key and b.key.startswith("FormSubmitter:ledger_new-"))
        at.button(key=f"FormSubmitter:ledger_new-{start}").click().run()
        assert not at.exception, [e.value for e in at.exception]
        errors = [e.value for e in at.error]
        assert any(said in e for e in errors), errors
    assert Ledger(tmp_path / "ledger.sqlite").matches() == []
