"""Session 58 (J3): the words J2's chips and files left.

1. Tonight's totals said a Donjara table's chips as a bare 「10点」 where the match's page says 「10点 (1枚)」: every
   game's pot is said alike (``tilelens.ledger.sticks_said``).
2. A match the CSV could not be made of was said with the laptop's file to a phone
   ("match #1 in $TILELENS_HOME/ledger.sqlite cannot be read, so ...") and with the error's English on a Japanese
   screen: a phone is told the match without the file, each in the screen's language.
4. The label and event pages (and the folders refused to a phone) said コンピューター where the rest of the app says
   パソコン, and "the computer running tilelens" where it says "the laptop running tilelens"."""
from __future__ import annotations

import pytest
from app_helpers import texts

from app.components import event_words, label_words, visitor
from tilelens import ledger as ledger_module
from tilelens.ledger import Ledger, LedgerError

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
SEAM = "TILELENS_VISITOR"


# --- 1. Tonight's totals: a Donjara table's chips counted as on its page ----------------------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "Riichi chips on the tables, in no player's result (so the results add up to -10 points): "
           "#1 10 points (1 chip)"),
    ("ja", "場のリーチのチップは誰の成績にも入りません (そのため成績の合計は -10点): #1 10点 (1枚)")])
def test_tonights_totals_count_a_donjara_tables_chips(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    a = ledger.new_match("yokai-watch", PLAYERS)
    ledger.add_draw(a, riichi=(0,))
    ledger.add_win(ledger.new_match("yokai-watch", PLAYERS), 1, "ron", {2: 20})
    at = page("ledger", "yokai-watch", lang)
    assert not at.exception
    assert said in texts(at), texts(at)


# --- 2. a match the CSV cannot be made of: no laptop file to a phone, in the screen's language ----------------------

def _csv_fails(home, monkeypatch, exc: Exception):
    """The app's ledger in $TILELENS_HOME with a match of one hand whose CSV cannot be made (``exc``)."""
    path = home / "home" / "ledger.sqlite"
    monkeypatch.setenv("TILELENS_LEDGER", str(path))
    ledger = Ledger(path)
    ledger.add_win(ledger.new_match("yokai-watch", PLAYERS), 1, "ron", {3: 100})

    def fails(*_args, **_kwargs):
        raise exc

    monkeypatch.setattr(ledger_module, "match_csv", fails)  # the page's script imports it from there each run
    return path


REASON = LedgerError("seat 8 is not at this table (seats 1-4)", "席 8 はこの卓にありません (席は 1〜4)")
CSV_SAID = {("en", "laptop"): "match #1 in {path} cannot be read, so it cannot be exported as CSV "
                              "(seat 8 is not at this table (seats 1-4))",
            ("ja", "laptop"): "{path}の対局 #1を読めないため、CSVで書き出せません (席 8 はこの卓にありません (席は 1〜4))",
            ("en", "network"): "match #1 cannot be read, so it cannot be exported as CSV "
                               "(seat 8 is not at this table (seats 1-4))",
            ("ja", "network"): "対局 #1を読めないため、CSVで書き出せません (席 8 はこの卓にありません (席は 1〜4))"}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("who", ["laptop", "network"])
def test_a_match_the_csv_cannot_be_made_of_is_said_to_each_in_their_words(home, page, monkeypatch, lang, who):
    path = _csv_fails(home, monkeypatch, REASON)
    if who == "network":
        monkeypatch.setenv(SEAM, "network")
    at = page("ledger", "yokai-watch", lang)
    assert not at.exception
    said = [e.value for e in at.error]
    assert said == [CSV_SAID[lang, who].format(path="$TILELENS_HOME/ledger.sqlite")], said  # as the page names it
    if who == "network":
        shown = texts(at)
        assert "ledger.sqlite" not in shown and "TILELENS_HOME" not in shown and str(path.parent) not in shown, shown


def test_a_phone_is_told_of_a_plain_error_without_the_laptops_file(home, page, monkeypatch):
    path = _csv_fails(home, monkeypatch, KeyError(f"{Ledger.__name__} {home / 'home' / 'ledger.sqlite'}"))
    monkeypatch.setenv(SEAM, "network")
    at = page("ledger", "yokai-watch", "ja")
    (said,) = [e.value for e in at.error]
    assert said.startswith("対局 #1を読めないため、CSVで書き出せません (") and str(path.parent) not in said, said


# --- 4. パソコン and "the laptop running tilelens", as the rest of the app says them --------------------------------

TABLES = {"event": event_words.S, "label": label_words.STRINGS, "visitor": visitor.S}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_pages_say_pasokon_as_the_rest_of_the_app(name):
    left = {key: ja for key, (ja, _) in TABLES[name].items() if "コンピュータ" in ja}
    assert not left, left


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_laptop_running_the_app_is_said_a_laptop(name):
    left = {key: en for key, (_, en) in TABLES[name].items()
            if any(w in en for w in ("computer running", "this computer", "organiser's computer",
                                     "on the computer,"))}
    assert not left, left

