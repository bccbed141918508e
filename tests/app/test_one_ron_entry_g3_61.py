"""The one-ron-on-a-discard rules the score pages read from the ledger (``tilelens.ledger.one_ron_possible``,
``multiple_ron_ways``), and the entry Add records rebuilt by name where the nearer winner replaces the earlier ron
(``scoring.LedgerEntry``)."""
from types import SimpleNamespace

from tilelens.ledger import SAME_DISCARD, HandKind, HandRecord, Match, TableRules, multiple_ron_ways, one_ron_possible

RON = HandRecord(0, HandKind.WIN, 3, "ron", {0: 100}, id="h1")  # seat 3 off seat 0


def _match(players=4, several_ron=False):
    return Match(1, "tokyo-mahjong", tuple("ABCD"[:players]), TableRules(several_ron=several_ron), 0.0)


def test_a_ron_may_follow_a_ron_only_where_one_player_wins_on_one_discard():
    assert one_ron_possible(_match(), [RON], ("nearest-clockwise",))
    assert one_ron_possible(_match(3), [RON], ["one-winner"])
    assert not one_ron_possible(_match(), [RON], ())  # the way the table settles it not said: a new hand
    assert not one_ron_possible(_match(several_ron=True), [RON], ["one-winner"])  # a double ron instead
    assert not one_ron_possible(_match(), [], ["one-winner"])


def test_no_second_winner_at_two_seats_nor_after_a_shared_discard():
    two = HandRecord(0, HandKind.WIN, 1, "ron", {0: 100}, id="h1")
    assert not one_ron_possible(_match(2), [two], ["nearest-clockwise"])  # nobody else to win on it
    same = HandRecord(1, HandKind.WIN, 1, SAME_DISCARD, {0: 100}, id="h2")
    assert not one_ron_possible(_match(), [RON, same], ["nearest-clockwise"])


def test_the_ways_read_from_the_game_file_whatever_it_holds():
    game = lambda table: SimpleNamespace(rules={"table": table})  # noqa: E731
    assert multiple_ron_ways(game({"multiple_ron": ["each-in-full", 3]})) == ("each-in-full",)
    assert multiple_ron_ways(game({})) == multiple_ron_ways(game("x")) == multiple_ron_ways(SimpleNamespace()) == ()


def test_the_entry_is_rebuilt_by_name():
    from app.components.scoring import LedgerEntry

    entry = LedgerEntry(*(1, 2, "ron", {0: 100}, [2], "Basic set", False, 5, "h5", None))  # a plain tuple's order
    assert entry.pao is None and entry.riichi == [2] and entry.seen == 5
    replaced = entry._replace(riichi=[0, 2], seen=4, last="h3")
    assert tuple(replaced) == (1, 2, "ron", {0: 100}, [0, 2], "Basic set", False, 4, "h3", None, None)
