"""Session 60, F8: the event check's thresholds of another game's tiles at a table.

1. ``rules.wrong_game`` (the wrong --game: its misreads held back, the game to switch to said) took MORE than half a
   table's seats, ``rules.other_game_findings`` (the table's one finding) half OR more: at 2 of 4 the table was said
   to be of another game, yet nothing was held back and no game to switch to said. One rule now
   (``rules.game_share``): over half, the switch and its misreads held back; exactly half, the table's finding says
   which game it is is unsure, naming both games and what to do in either case, holding nothing back.
2. ``runner._rejudged`` held a wrong-game table's tiles to confirm back at any new threshold, its finding's
   ``held_back`` (and words) left as they were: at ``held_back=0`` re-judged at a higher threshold, the newly unsure
   tiles were held back unsaid. The finding now says what it holds back at the threshold re-judged.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, MISREAD, ExactReader, YokaiReader, japanese, make_table  # noqa: E402
from test_event_support import misread_table as _table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TileRef  # noqa: E402
from tilelens.event.rules import game_share, other_game_findings, wrong_game  # noqa: E402

NOGI = load_game("nogizaka")
def _reading(seat: str, other: bool, like: str = "yokai-watch") -> SeatReading:
    tiles = tuple(TileRef(seat, i, "kotoko", (0, 0, 5, 5), 0.9) for i in range(8))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (800, 600), other_game=other, looks_like=like if other else "",
                       kind_sure=0.6 if other else 0.9)


# --- 1. one rule at half and over it ---------------------------------------------------------------------------

@pytest.mark.parametrize("n, seats, share", [(0, 4, ""), (1, 4, ""), (2, 4, "half"), (3, 4, "most"), (4, 4, "most"),
                                             (1, 2, ""), (2, 2, "most"), (2, 3, "most"), (3, 6, "half"),
                                             (2, 5, "")])
def test_one_rule_says_how_much_of_a_table_another_games_tiles_are(n, seats, share):
    assert game_share(n, seats) == share


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_the_wrong_game_and_the_tables_finding_agree_at_every_count(n):
    readings = {s: _reading(s, int(s) <= n) for s in "1234"}
    like, who = wrong_game(readings)
    found = other_game_findings(NOGI, readings, held_back=0 if like else -1)
    table_wide = [f for f in found if len(f.seats) > 1]
    assert bool(table_wide) == (n >= 2), found
    if n >= 3:  # over half: the wrong game, the game to switch to
        assert like == "yokai-watch" and who == tuple("1234"[:n])
        assert "Check the event with --game yokai-watch" in table_wide[0].message
        assert "held_back" in table_wide[0].data and "unsure_game" not in table_wide[0].data
    else:
        assert (like, who) == ("", ())
    if n == 2:  # exactly half: which game is unsure, both named, nothing held back
        (f,) = table_wide
        assert "held_back" not in f.data and "switch" not in f.data and f.data["unsure_game"] is True
        assert "Yokai Watch Donjara's" in f.message and "seats 3, 4's look like Nogizaka Donjara (fan-made)'s" \
            in f.message, f.message
        assert "half the table each" in f.message and "which game's set it is, is unsure" in f.message


def test_half_a_tables_seats_of_another_games_tiles_is_unsure_which_game_naming_both(tmp_path):
    report = _table(tmp_path, YokaiReader(flagged={"1", "2"}))
    first = report.findings[0]
    assert first.kind == FindingKind.OTHER_GAME and first.seats == ("1", "2")
    assert [f.kind for f in report.findings].count(FindingKind.OTHER_GAME) == 1
    assert first.message == (
        "seats 1, 2: these tiles look like Yokai Watch Donjara's, not Nogizaka Donjara (fan-made)'s, but seats 3, 4's "
        "look like Nogizaka Donjara (fan-made)'s: half the table each, so which game's set it is, is unsure: was the "
        "event checked with the right --game? If the set is Yokai Watch Donjara's, check the event with --game "
        "yokai-watch; if it is Nogizaka Donjara (fan-made)'s, retake the photos of seats 1, 2 (or another set is "
        "at this table)")
    assert japanese(first.message_ja) and first.message_ja == (
        "1番席、2番席: この牌は乃木坂ドンジャラではなく妖怪ウォッチ ドンジャラの牌に見えますが、3番席、4番席は乃木坂ドンジャラの牌に"
        "見えます。卓の半分ずつなので、どちらのゲームのセットかわかりません: 正しい --game でチェックしたか確かめてください。"
        "妖怪ウォッチ ドンジャラのセットなら、--game yokai-watch でチェックし直してください。乃木坂ドンジャラのセットなら、"
        "1番席、2番席の写真を撮り直すか、この卓に別のセットが混じっていないか確かめてください"), first.message_ja
    assert "held_back" not in first.data and "switch" not in first.data
    assert first.data["unsure_game"] is True and first.data["looks_like"] == "yokai-watch"
    kinds = [f.kind for f in report.findings]  # nothing held back: the other half's findings are said
    assert FindingKind.WRONG_COUNT in kinds and FindingKind.UNSURE_TILE in kinds, kinds


def test_half_by_a_flagged_seat_and_one_read_surer_as_another_game_is_one_finding_of_both(tmp_path):
    report = _table(tmp_path, YokaiReader(flagged={"2"}, likelier={"1"}))
    said = [f for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    assert len(said) == 1 and said[0].seats == ("1", "2") and said[0].data["unsure_game"] is True, said
    assert "--game yokai-watch" in said[0].message and "retake the photos of seats 1, 2" in said[0].message


def test_half_of_tiles_like_no_game_known_is_unsure_with_no_game_to_switch_to():
    readings = {s: _reading(s, s in "13", like="") for s in "1234"}
    (f,) = other_game_findings(NOGI, readings)
    assert f.seats == ("1", "3") and f.data["unsure_game"] is True and "switch" not in f.data
    assert f.message.startswith("seats 1, 3: these tiles do not look like Nogizaka Donjara (fan-made)'s, but seats "
                                "2, 4's do: half the table each"), f.message
    assert "If the set is Nogizaka Donjara (fan-made)'s, retake the photos of seats 1, 3" in f.message
    assert "--game " not in f.message.replace("right --game?", ""), f.message
    assert "2番席、4番席は乃木坂ドンジャラの牌に見えます" in f.message_ja


def test_over_half_still_switches_and_holds_back(tmp_path):
    report = _table(tmp_path, YokaiReader(flagged={"1", "2"}, likelier={"3"}))
    first = report.findings[0]
    assert first.seats == ("1", "2", "3") and first.data["held_back"] >= 1 and "unsure_game" not in first.data
    assert "Check the event with --game yokai-watch" in first.message


# --- 2. re-judged at another threshold: the finding says what it holds back --------------------------------------

def _findings(out: Path) -> list[dict]:
    return json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))["findings"]


def _check(tmp_path: Path, reader: ExactReader, threshold: float) -> list[dict]:
    check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka", min_confidence=threshold),
                factory=lambda g: reader, jobs=1, progress=False)
    return _findings(tmp_path / "out")


HELD_SAID = "its tile counts, tiles to confirm and dealt hands are not said"
HELD_SAID_JA = "枚数、確かめる牌、配牌の判定は読み違えた牌から出すことになるので、出していません"


def test_a_wrong_game_table_rejudged_higher_says_the_tiles_it_now_holds_back(tmp_path):
    reader = YokaiReader(flagged=set(), likelier=set("123"))  # seat 4 read as this game's: its tiles to confirm
    make_table(reader, tmp_path / "ev", "t1", CLEAN, conf={"4": {0: 0.9}})
    (f,) = _check(tmp_path, reader, 0.80)
    assert f["kind"] == "other-game" and f["data"]["held_back"] == 0 and HELD_SAID not in f["message"]
    calls = reader.calls
    (f,) = _check(tmp_path, reader, 0.95)  # seat 4's first tile (0.90) is now unsure: held back, and said so
    assert reader.calls == calls  # re-judged from the readings kept, no photo read again
    assert f["data"]["held_back"] == 1 and HELD_SAID in f["message"] and HELD_SAID_JA in f["message_ja"], f
    assert f["message"].count(HELD_SAID) == 1
    (f,) = _check(tmp_path, reader, 0.99)  # every tile of seat 4 now (0.98 and 0.90)
    assert f["data"]["held_back"] == len(CLEAN["4"]) and f["message"].count(HELD_SAID) == 1, f
    (f,) = _check(tmp_path, reader, 0.80)  # back again: none held back, none said
    assert f["data"]["held_back"] == 0 and HELD_SAID not in f["message"] and HELD_SAID_JA not in f["message_ja"], f


def test_a_wrong_game_table_rejudged_lower_counts_the_tiles_to_confirm_it_no_longer_holds(tmp_path):
    reader = YokaiReader(flagged={"2"}, likelier={"1", "3"})
    make_table(reader, tmp_path / "ev", "t1", MISREAD, conf={"4": {0: 0.4, 1: 0.2}})
    first = _check(tmp_path, reader, 0.80)[0]
    held = first["data"]["held_back"]
    assert held >= 2 and HELD_SAID in first["message"]
    again = _check(tmp_path, reader, 0.30)[0]  # seat 4's 0.4 tile no longer to confirm: one fewer held back
    assert again["data"]["held_back"] == held - 1 and HELD_SAID in again["message"], again
    assert [f["kind"] for f in _findings(tmp_path / "out")] == ["other-game"]
