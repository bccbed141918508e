"""Riichi leftovers of session 48: dead waits, ura-dora indicators beyond the dora indicators, renhou, and what
a hunt through unusual but legal hands found."""
from __future__ import annotations

import json

import pytest

from scorer import load_game
from scorer.riichi import score, tiles_from_win, waits
from scorer.riichi_cli import waits_main
from scorer.riichi_tiles import InputProblem, RiichiInputError

GAME = load_game("tokyo-mahjong")
G = ["--game", "tokyo-mahjong"]
CHUUREN = "1112345678999m"  # nine gates: waits on every manzu
TANKI_EAST = "123m456p789s1z555z"  # a single wait on 1z


def _waits_json(argv, capsys):
    assert waits_main(G + argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


# --- 1. a wait whose every copy is in view ------------------------------------------------------------------

def test_a_wait_with_no_copy_left_is_marked_dead_and_listed_last() -> None:
    # 9m: three in the hand and the dora indicator; it was listed in kind order with remaining 0 and no word
    found = waits(GAME, CHUUREN, dora_indicators="9m")
    assert [w.tile for w in found][-1] == "9m"
    dead = found[-1]
    assert dead.remaining == 0 and dead.dead
    assert dead.note.startswith("none left") and dead.note_ja.startswith("残りなし")
    assert not any(w.dead for w in found[:-1]) and all(w.remaining > 0 for w in found[:-1])
    assert [w.tile for w in found[:-1]] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m"]
    d = dead.to_dict()
    assert d["dead"] is True and d["remaining"] == 0 and d["note"] == dead.note  # added, nothing renamed
    assert {"tile", "points", "remaining", "note", "note_ja", "ron", "tsumo"} <= set(d)
    assert found[0].to_dict()["dead"] is False


def test_score_refuses_the_dead_tile_the_waits_list_marks() -> None:
    # the two must agree: the tile cannot come, so a win on it is refused as too many copies
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, CHUUREN + "9m", win_tile="9m", dora_indicators="9m")
    assert refused.value.problem is InputProblem.COPIES
    assert waits(GAME, CHUUREN, dora_indicators="9m")[-1].dead


def test_a_dead_wait_keeps_its_other_note() -> None:
    # 1z: one in the hand, two among the own discards, one the dora indicator: dead, and furiten besides
    [w] = waits(GAME, TANKI_EAST, discards="1z1z", dora_indicators="1z")
    assert w.dead and w.note == "none left (all 4 in view); furiten: tsumo only"
    assert w.note_ja == "残りなし (4枚とも見えています); フリテン: ツモのみ"


def test_every_wait_dead_is_still_tenpai_for_the_ledger() -> None:
    # noten payments: a hand whose waits are all in view (not all in its own hand) is tenpai
    assert tiles_from_win(GAME, TANKI_EAST) == 1
    [w] = waits(GAME, TANKI_EAST, discards="1z1z", dora_indicators="1z")
    assert w.dead


def test_waits_text_says_a_dead_wait_plainly(capsys, monkeypatch) -> None:
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert waits_main(G + [CHUUREN, "--dora", "9m"]) == 0
    out = capsys.readouterr().out
    assert "9 waits, 1 with none left:" in out
    assert "9m 九萬 (0 left)  [none left (all 4 in view)]" in out
    assert out.rstrip().endswith("[none left (all 4 in view)]")  # last, and no ron/tsumo value under it
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert waits_main(G + [TANKI_EAST, "--discards", "1z", "1z", "--dora", "1z"]) == 0
    out = capsys.readouterr().out
    assert "待ちはすべて残りなし" in out and "ロン:" not in out


def test_waits_text_when_every_wait_is_dead(capsys, monkeypatch) -> None:
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert waits_main(G + [TANKI_EAST, "--discards", "1z", "1z", "--dora", "1z"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 wait, none left to win on: every copy is in view (hand, melds, discards, "
                          "indicators); still tenpai at an exhaustive draw")
    assert "ron:" not in out


def test_waits_json_says_which_waits_are_dead(capsys) -> None:
    d = _waits_json([CHUUREN, "--dora", "9m"], capsys)
    assert [(w["tile"], w["dead"]) for w in d["waits"]][-2:] == [("8m", False), ("9m", True)]
    assert d["all_waits_dead"] is False and d["tiles_from_win"] == 1
    d = _waits_json([TANKI_EAST, "--discards", "1z", "1z", "--dora", "1z"], capsys)
    assert d["all_waits_dead"] is True and d["tiles_from_win"] == 1
    d = _waits_json(["123m456p789s34s55p"], capsys)
    assert d["all_waits_dead"] is False and not any(w["dead"] for w in d["waits"])


# --- 2. ura-dora indicators ---------------------------------------------------------------------------------

PINFU = "234m456p678s234s55p"


def test_more_ura_dora_indicators_than_dora_indicators_are_refused() -> None:
    # 2 ura with 1 dora indicator was scored as 2 ura dora
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, PINFU, win_tile="4s", riichi=True, dora_indicators="1p", ura_dora_indicators="1m2m")
    err = refused.value
    assert err.problem is InputProblem.OPTION
    assert str(err) == ("ura-dora indicators: 2 given, but 1 dora indicator: one ura-dora indicator lies under "
                        "each dora indicator (give the dora indicators too, or fewer ura-dora indicators)")
    assert "裏ドラ表示牌が 2枚" in err.message_ja and "ドラ表示牌は 1枚" in err.message_ja
    with pytest.raises(RiichiInputError):  # the waits of the same hand say the same
        waits(GAME, "234m456p678s23s55p", riichi=True, dora_indicators="1p", ura_dora_indicators="1m2m")


def test_ura_dora_indicators_up_to_the_dora_indicators_count() -> None:
    two = score(GAME, PINFU, win_tile="4s", riichi=True, dora_indicators="1p9p", ura_dora_indicators="1m2m")
    assert two.winning and two.extra["dora"]["ura_dora"] == 2
    # no dora indicator given (left out as they scored nothing): their count is not known, ura are not refused
    two = score(GAME, PINFU, win_tile="4s", riichi=True, ura_dora_indicators="1m2m")
    assert two.winning and two.extra["dora"]["ura_dora"] == 2
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, PINFU, win_tile="4s", riichi=True, dora_indicators="1p9p", ura_dora_indicators="1m2m3m")
    assert "3 given, but 2 dora indicators" in str(refused.value)


def test_ura_dora_without_riichi_is_still_refused_first() -> None:
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, PINFU, win_tile="4s", ura_dora_indicators="1m2m")
    assert "count only with riichi" in str(refused.value)


# --- 3. renhou ------------------------------------------------------------------------------------------------

def test_renhou_is_five_han_that_adds_to_the_other_yaku_and_dora() -> None:
    # the package's default (renhou_as_yakuman off): 5 han, at least mangan, not a yakuman; it stacks
    alone = score(GAME, "123m456p789s1z555z1z", win_tile="1z", renhou=True, seat="south")
    assert [(y.name_en, y.han) for y in alone.yaku] == [("Renhou", 5), ("Yakuhai: white dragon", 1)]
    assert alone.extra["han"] == 6 and alone.extra["limit"] == "haneman" and alone.points == 12000
    stacked = score(GAME, PINFU, win_tile="4s", renhou=True, dora_indicators="4p", seat="west")
    assert stacked.extra["han"] == 5 + 1 + 1 + 3 and stacked.extra["limit"] == "baiman"
    assert "Renhou (yakuman)" not in {y.name_en for y in stacked.yaku}


def test_renhou_beside_a_yakuman_scores_the_yakuman_alone() -> None:
    r = score(GAME, "19m19p19s12345677z", win_tile="7z", renhou=True, seat="south")
    assert [y.name_en for y in r.yaku] == ["Kokushi Musou 13-sided wait"] and r.extra["limit"] == "double yakuman"


@pytest.mark.parametrize("opts", [dict(seat="east"), dict(win="tsumo"), dict(melds=["chi:234m"])],
                         ids=["dealer", "tsumo", "meld"])
def test_renhou_only_on_a_non_dealers_ron_with_no_calls(opts) -> None:
    hand = "456p678s234s55p" if "melds" in opts else PINFU
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, hand, win_tile="4s", renhou=True, **{"seat": "south", **opts})
    assert refused.value.problem is InputProblem.OPTION and refused.value.message_ja


def test_renhou_with_chankan_is_refused() -> None:
    # robbing a kan needs a kan declared (a call) before the winner's first draw, which ends renhou's first
    # go-around: the package scored both (8 han, baiman)
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, PINFU, win_tile="4s", renhou=True, chankan=True, seat="south")
    assert refused.value.problem is InputProblem.OPTION
    assert "renhou" in str(refused.value) and "chankan" in str(refused.value)
    assert "人和" in refused.value.message_ja and "槍槓" in refused.value.message_ja
    with pytest.raises(RiichiInputError):  # the waits of the same situation too
        waits(GAME, "234m456p678s23s55p", renhou=True, chankan=True, seat="south")


# --- 4. found in the hunt -------------------------------------------------------------------------------------

def test_a_discarder_on_a_tsumo_is_refused_as_the_command_refuses_it() -> None:
    # `tilelens score --win tsumo --discarder west` is refused; score(win="tsumo", discarder="west") dropped the
    # discarder without a word (every other seat paid)
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, PINFU, win_tile="4s", win="tsumo", riichi=True, discarder="west")
    assert refused.value.problem is InputProblem.OPTION
    assert str(refused.value) == ("discarder west with a tsumo: a discarder deals in on a ron; on a tsumo every "
                                  "other player pays")
    assert "ツモ" in refused.value.message_ja and "西" in refused.value.message_ja
    ron = score(GAME, PINFU, win_tile="4s", win="ron", riichi=True, discarder="west")
    assert [p.payer for p in ron.payments] == ["west"]
