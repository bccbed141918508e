"""Session 52: nagashi mangan at an exhaustive draw (RULES.md: the full standard riichi yaku list; it is a draw's
payment, not a hand). Each nagashi seat is paid as a mangan tsumo (dealer 4,000 all; non-dealer 2,000 from each
non-dealer and 4,000 from the dealer), with no honba, in place of the noten payments; riichi sticks stay on the
table and the dealer keeps the seat when tenpai, as at any exhaustive draw."""
import pytest

from scorer.riichi_pay import exhaustive_draw, nagashi_transfers
from scorer.riichi_tiles import RiichiInputError


def test_a_non_dealers_nagashi_is_a_mangan_tsumo_in_place_of_noten_payments():
    draw = exhaustive_draw(["east", "west"], nagashi=["south"], honba=2, riichi_sticks=1)
    assert dict(draw.deltas) == {"east": -4000, "south": 8000, "west": -2000, "north": -2000}
    assert [str(s) for s in draw.nagashi] == ["south"]
    assert draw.dealer_keeps_seat and draw.next_honba == 3 and draw.riichi_sticks == 1  # as any draw
    assert draw.to_dict()["nagashi"] == ["south"]


def test_the_dealers_nagashi_is_4000_all():
    draw = exhaustive_draw([], nagashi=["east"])
    assert dict(draw.deltas) == {"east": 12000, "south": -4000, "west": -4000, "north": -4000}
    assert not draw.dealer_keeps_seat  # noten: the deal moves as at any draw


def test_two_nagashi_seats_are_each_paid():
    draw = exhaustive_draw([], nagashi=["south", "north"])
    assert dict(draw.deltas) == {"east": -8000, "south": 6000, "west": -4000, "north": 6000}
    assert sum(draw.deltas.values()) == 0


def test_three_players_and_a_seat_not_at_the_table():
    draw = exhaustive_draw([], nagashi=["west"], players=3)
    assert dict(draw.deltas) == {"east": -4000, "south": -2000, "west": 6000}
    with pytest.raises(RiichiInputError):
        exhaustive_draw([], nagashi=["north"], players=3)


def test_no_nagashi_leaves_the_noten_payments():
    assert dict(exhaustive_draw(["south"]).deltas) == {"east": -1000, "south": 3000, "west": -1000, "north": -1000}
    assert exhaustive_draw(["south"]).nagashi == ()


def test_transfers_by_seat_number_with_any_dealer():
    # the ledger's table: seat 2 deals; seat 0 has nagashi
    assert sorted(nagashi_transfers(4, [0], dealer=2)) == [(1, 0, 2000), (2, 0, 4000), (3, 0, 2000)]


# the ledger's "Record a draw" takes nagashi seats


def test_the_ledger_records_a_nagashi_draw(tmp_path):
    from tilelens.ledger import Ledger, LedgerError

    ledger = Ledger(tmp_path / "l.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, tenpai=[0], riichi=[2], nagashi=[1])
    state, hands = ledger.table(m)
    assert hands[0].nagashi == (1,)
    # Cy's riichi stick stays on the table; Bo paid as a mangan tsumo with Ann dealing; no noten payments
    assert state.totals == (21000, 33000, 22000, 23000) and state.pot == 1000
    assert state.dealer == 0 and state.honba == 1  # Ann tenpai keeps the deal
    csv_text = ledger.to_csv(m)
    assert "nagashi mangan" in csv_text and "Bo" in csv_text
    with pytest.raises(LedgerError):
        ledger.add_draw(m, nagashi=[4])
    y = ledger.new_match("yokai-watch", ["A", "B", "C"])
    with pytest.raises(LedgerError):
        ledger.add_draw(y, nagashi=[0])


def test_the_cli_shows_a_nagashi_draw(tmp_path, capsys, monkeypatch):
    from tilelens.cli import main
    from tilelens.ledger import Ledger

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LANG", raising=False)
    db = tmp_path / "l.sqlite"
    ledger = Ledger(db)
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, nagashi=[3])
    assert main(["ledger", "show", str(m), "--db", str(db)]) == 0
    assert "nagashi mangan: Di" in capsys.readouterr().out


def test_the_scorers_front_door_passes_nagashi_on_with_the_games_rules():
    from scorer.riichi import exhaustive_draw as riichi_draw

    draw = riichi_draw(["east", "west"], game="tokyo-mahjong", nagashi=["south"])
    assert dict(draw.deltas) == {"east": -4000, "south": 8000, "west": -2000, "north": -2000}
