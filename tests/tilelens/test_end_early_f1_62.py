"""Session 62 (F1): a match ended early. A family playing Yokai Watch Donjara stops after three hands: the match
stayed "under way" until the next evening. ``Ledger.end_match`` (`tilelens ledger end ID`, the ledger page's "End
this match now") ends it as its rules end one: standings final, the sticks left on the table as
``TableRules.leftover_sticks`` leaves them, uma and oka counted, no hand taken. The end is the match's last entry
(``HandKind.END``): Undo brings the match back, Bring it back ends it again, and a merge carries it as a hand. A match
started under a house table keeps that table: ``kept_table_said`` names what it keeps that the box's says otherwise.

Seats: 0 = Ann, 1 = Bo, 2 = Cy (Ann deals first)."""
from __future__ import annotations

import shutil
from dataclasses import replace

import pytest
from ledger_fuzz_helpers import run

from tilelens.ledger import (HandKind, Ledger, LedgerChangedError, LedgerError, early_end_reason,
                             final_scores, hand_numbers, kept_table_said, rules_for)
from tilelens.ledger_merge import merge_ledgers

PLAYERS = ["Ann", "Bo", "Cy"]


def three_hands(path, game="yokai-watch"):
    """A match of three hands, a riichi chip left on the table by the last: its ledger and id."""
    ledger = Ledger(path)
    m = ledger.new_match(game, PLAYERS)
    ledger.add_win(m, 1, "ron", {2: 100})
    ledger.add_draw(m)
    ledger.add_draw(m, riichi=(0,))
    return ledger, m


def test_a_match_ended_after_three_hands_stands_as_ended_with_its_reason(tmp_path):
    ledger, m = three_hands(tmp_path / "ledger.sqlite")
    assert not ledger.state(m).ended
    ledger.end_match(m)
    state, hands = ledger.table(m)
    assert state.ended and state.ended_early and state.played == 3 and state.hands == 4
    assert (state.end_reason, state.end_reason_ja) == ("ended early after hand 3", "3局で終了")
    assert hands[-1].kind is HandKind.END and hand_numbers(hands) == [1, 2, 3, 3]
    assert state.totals == state.history[-2] == (990, 1100, 900)  # nothing paid by the end
    assert state.pot == 10  # the chip left on the table, to no one by default


def test_an_ended_match_refuses_new_hands_and_a_second_end(tmp_path):
    ledger, m = three_hands(tmp_path / "ledger.sqlite")
    ledger.end_match(m)
    for record in (lambda: ledger.add_draw(m), lambda: ledger.add_win(m, 0, "tsumo", {1: 40, 2: 40}),
                   lambda: ledger.add_chombo(m, 0, {1: 50, 2: 50})):
        with pytest.raises(LedgerError, match="has ended"):
            record()
    with pytest.raises(LedgerError, match="ended already .ended early after hand 3.: nothing to end") as exc:
        ledger.end_match(m)
    assert "3局で終了" in exc.value.message_ja and len(ledger.hands(m)) == 4


def test_a_ron_on_the_last_discard_is_refused_once_the_match_ended_early(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_win(m, 1, "ron", {3: 1000})
    ledger.end_match(m)
    with pytest.raises(LedgerError, match="has ended"):
        ledger.add_win(m, 2, "ron", {3: 1000}, same_discard=True)


def test_a_match_with_no_hand_is_not_ended_and_a_stale_screen_is_refused(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", PLAYERS)
    with pytest.raises(LedgerError, match="no hand yet: nothing to end") as exc:
        ledger.end_match(m)
    assert "この対局を削除" in exc.value.message_ja
    ledger.add_draw(m)
    with pytest.raises(LedgerChangedError):
        ledger.end_match(m, expected_hands=0, expected_last=None)
    assert not ledger.state(m).ended


def test_undo_brings_the_match_back_and_bring_it_back_ends_it_again(tmp_path):
    ledger, m = three_hands(tmp_path / "ledger.sqlite")
    ledger.end_match(m)
    end = ledger.hands(m)[-1]
    assert ledger.undo(m, expected_hands=4, expected_last=end.id)
    state = ledger.state(m)
    assert not state.ended and state.hands == 3 and state.played == 3
    ledger.add_draw(m)  # the match goes on
    ledger.undo(m)
    ledger.restore(m, end, expected_hands=3, expected_last=ledger.hands(m)[-1].id)
    assert ledger.state(m).ended_early and ledger.hands(m)[-1].id == end.id  # its own id kept (a merge's same entry)


@pytest.mark.parametrize("leftover, top_sticks", [("top", 1000), ("nobody", 0)])
def test_an_early_end_pays_as_a_normal_end_the_sticks_uma_and_oka(tmp_path, leftover, top_sticks):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    rules = replace(rules_for("tokyo-mahjong"), uma=(20, 10, -10, -20), return_points=30000,
                    leftover_sticks=leftover)
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"], rules)
    ledger.add_win(m, 0, "ron", {3: 8000})
    ledger.add_draw(m, riichi=(1,), tenpai=(1,))
    before = final_scores(ledger.match(m).rules, ledger.state(m))
    assert sum(s.sticks for s in before) == 0  # under way: the stick is still on the table
    ledger.end_match(m)
    scores = final_scores(ledger.match(m).rules, ledger.state(m))
    assert sum(s.sticks for s in scores) == top_sticks and scores[0].uma == 20000 and scores[0].oka == 20000


def test_a_merge_carries_the_end_and_an_undo_of_it(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, m = three_hands(tmp_path / "a" / "ledger.sqlite")
    shutil.copy(a.path, tmp_path / "b" / "ledger.sqlite")  # the same match on the other laptop, before the end
    b = Ledger(tmp_path / "b" / "ledger.sqlite")
    a.end_match(m)
    report = merge_ledgers(b.path, a.path)
    assert not report.conflicts and b.state(m).ended_early
    assert b.hands(m) == a.hands(m)
    a.undo(m)  # brought back on the first laptop: taken out on the other too (the later decision)
    merge_ledgers(b.path, a.path)
    assert not b.state(m).ended and b.hands(m) == a.hands(m)


def test_a_merge_of_an_end_and_a_hand_recorded_meanwhile_keeps_both_records(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, m = three_hands(tmp_path / "a" / "ledger.sqlite")
    shutil.copy(a.path, tmp_path / "b" / "ledger.sqlite")
    b = Ledger(tmp_path / "b" / "ledger.sqlite")
    a.end_match(m)
    b.add_draw(m)  # that table played on
    report = merge_ledgers(b.path, a.path)
    assert len(report.conflicts) == 1  # two decisions that part: both kept, named, never written over
    assert not b.state(m).ended and b.state(report.conflicts[0].ours).ended_early


def test_the_cli_ends_a_match_and_list_show_csv_totals_say_it(tmp_path, capsys, monkeypatch):
    ledger, m = three_hands(tmp_path / "ledger.sqlite")
    db = str(ledger.path)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "end", str(m), "--db", db)
    assert code == 0 and out.startswith(f"match #{m} ended early after hand 3, won by Bo") and not err, (out, err)
    assert ledger.state(m).ended_early
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--db", db)
    assert "finished (ended early after hand 3), won by Bo" in out
    code, out, _ = run(capsys, monkeypatch, "ja", "ledger", "list", "--db", db)
    assert "対局終了 (3局で終了)、1位: Bo" in out
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "show", str(m), "--db", db)
    assert code == 0 and "  #4   ended early after hand 3" in out and "The match has ended: ended early after hand 3" in out
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "csv", str(m), "--db", db)
    assert out.splitlines()[-1].startswith("4,end,,,,,ended early after hand 3,")
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--db", db)
    assert "finished (ended early after hand 3)" in out
    code, out, _ = run(capsys, monkeypatch, "ja", "ledger", "totals", "--db", db)
    assert "終了 (3局で終了)" in out


@pytest.mark.parametrize("lang, argv, said", [
    ("en", ["9"], "no match with id 9"), ("ja", ["9"], "ID 9 の対局はありません"),
    ("en", ["1"], "has ended already"), ("ja", ["1"], "もう終わっています")])
def test_the_cli_says_a_refused_end_in_one_line(tmp_path, capsys, monkeypatch, lang, argv, said):
    ledger, m = three_hands(tmp_path / "ledger.sqlite")
    ledger.end_match(m)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "end", *argv, "--db", str(ledger.path))
    assert code == 2 and out == "" and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert said in err, err


def test_the_cli_help_names_end(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    with pytest.raises(SystemExit):
        from tilelens.cli import main
        main(["ledger", "--help"])
    out = capsys.readouterr().out
    assert "tilelens ledger end ID [--db PATH]" in out and "{list,show,csv,totals,merge,end}" in out


def test_early_end_reason_before_any_hand_is_said_too():
    assert early_end_reason(0) == ("ended early before its first hand", "1局目の前に終了")


def test_a_match_keeps_the_house_table_it_started_with(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    kept = replace(rules_for("tokyo-mahjong"), noten_total=1000)  # a house value refused since
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"], kept)
    assert kept_table_said(ledger.match(m)) == ["noten_total = 1000"]
    ledger.add_draw(m, tenpai=(0, 1, 2))
    assert ledger.state(m).totals == (25333, 25333, 25333, 24001)  # 333 x 3: the table it started with
    plain = ledger.new_match("tokyo-mahjong", ["E", "F", "G", "H"])
    assert kept_table_said(ledger.match(plain)) == []
    assert kept_table_said(ledger.match(ledger.new_match("yokai-watch", PLAYERS, replace(rules_for("yokai-watch"), laps=1)))) == ["laps = 1"]
