"""The ledger page on a ledger file edited by hand (48): a stored hand naming a seat not at the table (a tenpai seat,
a riichi seat, a winner, a payer) is one message naming the match, never a traceback; the other matches and
starting a new match still work."""
from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from tilelens.ledger import DrawKeep, Ledger, TableRules

GAME = "tokyo-mahjong"
NO_NOTEN = replace(TableRules(start_points=25000, riichi_chip=1000, keep_on_draw=DrawKeep.DEALER_TENPAI, honba=True,
                              laps=2, ends_at_or_below=None), noten_total=0)


def _edited(home, sql: str, rules: TableRules | None = None, draw: bool = True) -> tuple[int, int]:
    """A good match, then a match of one hand edited with ``sql`` (``?`` is its id): both ids."""
    ledger = Ledger(home / "ledger.sqlite")
    good = ledger.new_match(GAME, ["E", "F", "G", "H"])
    ledger.add_win(good, 0, "ron", {1: 2000})
    bad = ledger.new_match(GAME, ["A", "B", "C", "D"], rules)
    if draw:
        ledger.add_draw(bad, tenpai=[0])
    else:
        ledger.add_win(bad, 1, "ron", {2: 1000})
    with sqlite3.connect(ledger.path) as db:
        db.execute(sql, (bad,))
    return good, bad


CASES = {
    # the replay never indexes a tenpai seat where no noten payment moves (only the dealer's tenpai is asked)
    "tenpai, dealer keeps on tenpai, no noten payment": (
        "UPDATE hands SET tenpai = '[0, 7]' WHERE match_id = ?", NO_NOTEN, True),
    # noten payments are made between the seats at the table: a seat 7 among the tenpai moves nothing either
    "tenpai, the game's noten payment": ("UPDATE hands SET tenpai = '[7]' WHERE match_id = ?", None, True),
    "tenpai, not a seat number": ("UPDATE hands SET tenpai = '[\"x\"]' WHERE match_id = ?", None, True),
    "riichi seat not at the table": ("UPDATE hands SET riichi = '[7]' WHERE match_id = ?", None, True),
    "winner out of range": ("UPDATE hands SET winner = 9 WHERE match_id = ?", None, False),
    "winner out of range, paid nothing": ("UPDATE hands SET winner = 9, payments = '{}' WHERE match_id = ?", None,
                                          False),
    "payment from an unknown seat": ("UPDATE hands SET payments = '{\"9\": 1000}' WHERE match_id = ?", None, False),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("lang, word", [("en", "match #{id}"), ("ja", "対局 #{id}")])
def test_a_hand_naming_a_seat_not_at_the_table_is_one_message_naming_the_match(home, page, case, lang, word):
    sql, rules, draw = CASES[case]
    good, bad = _edited(home, sql, rules, draw)
    at = page("ledger", GAME, lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key=f"ledger_match_{GAME}").value.id == bad  # the newest is shown
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and word.format(id=bad) in errors[0], errors
    # the other match is still shown, whole
    at.selectbox(key=f"ledger_match_{GAME}").select_index(1).run()  # newest first: the good one
    assert at.selectbox(key=f"ledger_match_{GAME}").value.id == good
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert [m.value for m in at.metric] == ["27,000", "23,000", "25,000", "25,000"] and at.dataframe
    assert at.get("download_button")
    # and a new match starts
    start = "対局を始める" if lang == "ja" else "Start the match"
    at.text_input(key="ledger_names").set_value("A, B, C, D")  # the box starts empty (a placeholder: 51)
    at.button(key=f"FormSubmitter:ledger_new-{start}").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert len(Ledger(home / "ledger.sqlite").matches()) == 3
    assert at.selectbox(key=f"ledger_match_{GAME}").value.id not in (good, bad)


def test_the_hands_table_still_shows_valid_tenpai_of_a_table_that_keeps_on_tenpai_without_noten(home, page):
    # a guard: the catch hides no valid match (dealer keeps on tenpai, no noten payment, tenpai named)
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["A", "B", "C", "D"], NO_NOTEN)
    ledger.add_draw(m, tenpai=[0, 2])
    at = page("ledger", GAME)
    assert not at.exception and not at.error, [e.value for e in at.error]
    table = at.dataframe[0].value
    assert list(table["Tenpai"]) == ["A, C"], table
