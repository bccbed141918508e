"""The ledger's CSV says a win as a person reads it and ends an ended match with its standings; the hand
counter counts hands as players do (a chombo's re-deal and a second winner on one discard are no new hand)."""
import csv
import io

from tilelens.ledger import DEFAULT_RULES, SAME_DISCARD, HandKind, HandRecord, Ledger, replay


def test_the_csv_writes_a_second_winner_as_a_person_reads_it_and_the_final_standings(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(m, 1, "ron", {3: 26000})  # N is bust: the match has ended
    ledger.add_win(m, 2, "ron", {3: 1000}, same_discard=True)
    text = ledger.to_csv(m)
    assert "ron-same-discard" not in text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[2][3] == "ron" and rows[3][3] == "ron (same discard)"
    assert ["place", "player", "total (points)"] not in rows  # one table: the standings are a CSV of their own
    assert list(csv.reader(io.StringIO(ledger.to_csv(m, standings=True)))) == [
        ["place", "player", "total (points)"], ["1", "S", "51000"], ["2", "W", "26000"], ["3", "E", "25000"],
        ["4", "N", "-2000"]]


def test_the_csv_of_a_match_under_way_has_no_standings(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 1, "ron", {0: 100})
    rows = list(csv.reader(io.StringIO(ledger.to_csv(m))))
    assert len(rows) == 3 and ["place", "player", "total (points)"] not in rows


def test_hands_played_leaves_out_a_chombo_and_a_second_winner_on_one_discard():
    rules = DEFAULT_RULES["nogizaka"]
    hands = [HandRecord(0, HandKind.CHOMBO, payments={1: 100, 2: 100, 3: 100}, offender=0),
             HandRecord(1, HandKind.WIN, 1, "ron", {2: 100}),
             HandRecord(2, HandKind.WIN, 3, SAME_DISCARD, {2: 100}),
             HandRecord(3, HandKind.DRAW)]
    assert [replay(4, rules, hands[:n]).played for n in range(5)] == [0, 0, 1, 1, 2]
    assert replay(4, rules, hands).hands == 4  # the records entered, as before (undo and refusals count them)
