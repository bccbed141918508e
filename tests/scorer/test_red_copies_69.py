"""How a set's fives are told, decided once, and the lines a count error names keeping the options given.

A plain five added beyond the copies a table plays is told by the set's counts: a standard set's three plain fives
and the fourth its red one, a house set's plain and red ones counted (two and two), a set with red ones only, or its
copies alone where no red five is beside it (``scorer.riichi_rules.fives_told``, ``red_beside``). The scorer's copy
check and the app's palette take that one rule (tests/app/test_red_five_refusals_69.py).

`tilelens waits` given a whole hand names the `tilelens score` line that scores it, and `tilelens score` given a hand
one tile short the `tilelens waits` line: each kept only the hand and ``--melds``, so a user copying it lost the
seat, the dora, riichi and the rest (a mangan copied as a 1,000-point hand)."""
from __future__ import annotations

import shlex

import pytest

from scorer.riichi_rules import STANDARD_COPIES, FivesTold, fives_told, red_beside
from tilelens.cli import main

RIICHI = "123m456p789s11z555z"  # 14 tiles: a win on the last
NOGI = ["らりん"] * 3 + ["まりか"] * 3 + ["みなみ"] * 3


# --- how a set's fives are told -------------------------------------------------------------------------------------

@pytest.mark.parametrize("plain, reds, told", [
    (3, 1, FivesTold.FOURTH_RED),      # a standard set's
    (2, 2, FivesTold.PLAIN_AND_RED),   # a parlour set's two red 5p
    (1, 3, FivesTold.PLAIN_AND_RED),
    (3, 2, FivesTold.PLAIN_AND_RED),   # five fives: not "the fourth is the red five"
    (0, 2, FivesTold.RED_ONLY),        # red 5p alone: "0 plain" said nothing a player counts
    (4, 0, FivesTold.COPIES),          # a set without red fives
    (0, 0, FivesTold.COPIES),          # a tile the set leaves out
], ids=["standard", "two-and-two", "one-and-three", "three-and-two", "red-only", "no-red", "left-out"])
def test_a_plain_five_s_copies_are_told_by_the_set_s_counts(plain, reds, told):
    assert fives_told(plain, reds) is told


def test_the_red_five_beside_a_plain_one_is_the_set_s_where_the_table_plays_red_fives():
    assert [red_beside(t, True) for t in ("5m", "5p", "5s", "5z", "0m", "4p")] == ["0m", "0p", "0s", None, None, None]
    assert red_beside("5p", False) is None  # the scorer reads a red five there as a plain one
    assert red_beside("5p", True, {**STANDARD_COPIES, "0p": 0}) is None  # a set without it
    assert red_beside("5p", True, {**STANDARD_COPIES, "5p": 0, "0p": 2}) == "0p"  # red ones alone: still beside it


# --- the line a count error names keeps the options given -----------------------------------------------------------

def named_line(capsys, *argv: str) -> list[str]:
    """The command line that ``argv``'s one-line count error names, as its words."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return shlex.split(err.split("`")[1])


def output(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


RIICHI_OPTIONS = ["--dora", "4z", "--seat", "east", "--round", "south", "--honba", "2", "--riichi-sticks", "2",
                  "--riichi", "--ippatsu"]


def test_riichi_waits_of_a_whole_hand_name_a_score_line_with_every_option_given(capsys, cli_env):
    named = named_line(capsys, "waits", "--game", "tokyo-mahjong", RIICHI, *RIICHI_OPTIONS)
    assert named == ["tilelens", "score", "--game", "tokyo-mahjong", RIICHI, "--dora-indicators", "4z", "--seat",
                     "east", "--round", "south", "--honba", "2", "--riichi-sticks", "2", "--riichi", "--ippatsu"]
    scored = output(capsys, *named[1:])
    assert scored == output(capsys, "score", "--game", "tokyo-mahjong", RIICHI, *RIICHI_OPTIONS)
    assert scored != output(capsys, "score", "--game", "tokyo-mahjong", RIICHI)  # the options change the score


def test_riichi_waits_keep_melds_lists_and_json_in_the_score_line(capsys, cli_env):
    named = named_line(capsys, "waits", "--game", "tokyo-mahjong", "123m456p789s11z", "--melds", "pon:555z",
                       "--discards", "9m", "8m", "--json")
    assert named[4:] == ["123m456p789s11z", "--melds", "pon:555z", "--discards", "9m", "8m", "--json"], named
    assert output(capsys, *named[1:]).startswith("{")


def test_riichi_score_of_a_hand_one_short_names_a_waits_line_without_the_win_s_own_options(capsys, cli_env):
    named = named_line(capsys, "score", "--game", "tokyo-mahjong", "123m456p789s11z55z", "--win", "tsumo",
                       "--dora", "4z", "--seat", "east", "--riichi")
    # waits lists each wait's ron and tsumo and refuses --win: the rest is kept
    assert named == ["tilelens", "waits", "--game", "tokyo-mahjong", "123m456p789s11z55z", "--dora-indicators", "4z",
                     "--seat", "east", "--riichi"]
    assert output(capsys, *named[1:]) == output(capsys, "waits", "--game", "tokyo-mahjong", "123m456p789s11z55z",
                                                 "--dora", "4z", "--seat", "east", "--riichi")


def test_donjara_lines_keep_json_beside_the_options_both_commands_read(capsys, cli_env):
    named = named_line(capsys, "waits", "--game", "nogizaka", "--json", *NOGI)
    assert named == ["tilelens", "score", "--game", "nogizaka", *NOGI, "--json"]
    assert output(capsys, *named[1:]).startswith("{")
    named = named_line(capsys, "score", "--game", "nogizaka", "--json", "--riichi", *NOGI[:-1])
    assert named == ["tilelens", "waits", "--game", "nogizaka", *NOGI[:-1], "--json"]  # waits takes no --riichi
    assert output(capsys, *named[1:]).startswith("{")
