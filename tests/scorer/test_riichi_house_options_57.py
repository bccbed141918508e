"""Session 57 (a riichi club referee's walk, W4): the Tokyo Mahjong house options a club sets in ``[riichi]``, each
default as before: ``combined_yakuman`` (yakuman add up, or one counts), tenhou and chiihou scored at their highest
reading (they have no winning tile), ``renhou`` (5 han, a mangan, a yakuman or none), ``double_wind_pair_fu`` (4 or
2), ``nagashi`` (on or off); the riichi CLI's seat words (東家) and the waits' Japanese (点, 翻)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from scorer import GameFileError, load_game
from scorer.riichi import exhaustive_draw, score, waits
from scorer.riichi_hand import riichi_options
from scorer.riichi_rules import RiichiRules, rules_for, yaku_values
from scorer.riichi_tiles import RiichiInputError

GAME = load_game("tokyo-mahjong")
BIG_WINDS_TANKI = "111222333444z55m"  # daisuushii + suuankou tanki: two double yakuman
NINE_GATES = "11123456789995m"  # dealt complete: junsei chuuren on 5m, plain chuuren on any other tile
RENHOU = "234678m23455p345s"  # ron on 5s: pinfu + tanyao (2 han 30 fu, 2,000), renhou beside them
FLUSH = "12345678923455p"  # ron on 5p: chinitsu + ittsu, 8 han (baiman 16,000) without renhou
EAST_PAIR = "234m456p678s11z555z"  # seat east, round east: the 11z pair is a double wind; ron on 8s


def _ids(result):
    return {note["id"] for note in result.extra.get("notes", ())}


# --- 1. yakuman add up, or only one counts ------------------------------------------------------------------------
def test_yakuman_add_up_by_default():
    result = score(GAME, BIG_WINDS_TANKI)
    assert result.points == 128000 and result.extra["limit"] == "4x yakuman"


@pytest.mark.parametrize("double,points", [(True, 64000), (False, 32000)])
def test_combined_yakuman_off_counts_the_dearest_yakuman_alone(double, points):
    rules = RiichiRules(combined_yakuman=False, double_yakuman=double)
    result = score(GAME, BIG_WINDS_TANKI, rules=rules)
    assert result.points == points
    assert len(result.yaku) == 1  # the one that counts; the other named in a note
    note = next(n for n in result.extra["notes"] if n["id"] == "yakuman_not_combined")
    assert "only one yakuman counts" in note["text"] and "役満は1つだけ" in note["text_ja"]
    assert result.extra["limit"] == ("double yakuman" if double else "yakuman")


def test_double_yakuman_off_alone_still_adds_two_yakuman():
    result = score(GAME, BIG_WINDS_TANKI, rules=RiichiRules(double_yakuman=False))
    assert result.points == 64000 and len(result.yaku) == 2


def test_one_yakuman_is_untouched_by_combined_yakuman_off():
    rules = RiichiRules(combined_yakuman=False)
    result = score(GAME, "111m222p333s444s55z", win_tile="1m", win="tsumo", rules=rules)  # suuankou, not tanki
    assert result.points == 32000 and "yakuman_not_combined" not in _ids(result)


# --- 2. tenhou and chiihou have no winning tile ---------------------------------------------------------------------
@pytest.mark.parametrize("win_tile", [None, "9m", "1m", "5m", "3m"])
def test_tenhou_scores_its_highest_reading_whatever_tile_is_given(win_tile):
    result = score(GAME, NINE_GATES, win_tile=win_tile, win="tsumo", seat="east", tenhou=True)
    assert result.points == 144000  # junsei chuuren (2x) + tenhou: 48,000 all
    assert [p.amount for p in result.payments] == [48000] * 3


def test_chiihou_scores_its_highest_reading():
    result = score(GAME, NINE_GATES, win_tile="9m", win="tsumo", seat="south", chiihou=True)
    assert result.points == 96000  # junsei chuuren (2x) + chiihou: 48,000 from the dealer, 24,000 each other
    assert sorted(p.amount for p in result.payments) == [24000, 24000, 48000]
    note = next(n for n in result.extra["notes"] if n["id"] == "first_turn_reading")
    assert "5m" in note["text"] and "地和" in note["text_ja"]


def test_tenhou_with_one_reading_says_nothing_more():
    result = score(GAME, "123m456p789s234s55p", win_tile="2s", win="tsumo", seat="east", tenhou=True)
    assert result.points == 48000 and "first_turn_reading" not in _ids(result)


def test_tenhou_under_combined_yakuman_off_keeps_the_double():
    rules = RiichiRules(combined_yakuman=False)
    result = score(GAME, NINE_GATES, win_tile="9m", win="tsumo", seat="east", tenhou=True, rules=rules)
    assert result.points == 96000  # junsei chuuren alone, 2x


def test_an_ordinary_tsumo_still_scores_its_winning_tile():
    assert score(GAME, NINE_GATES, win_tile="9m", win="tsumo", seat="east").points == 48000  # chuuren only


# --- 3. renhou ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rule,points,han", [("5han", 12000, 7), ("mangan", 8000, 5), ("yakuman", 32000, 13),
                                             ("none", 2000, 2)])
def test_renhou_is_worth_what_the_table_says(rule, points, han):
    result = score(GAME, RENHOU, win_tile="5s", renhou=True, rules=RiichiRules(renhou=rule))
    assert result.winning and result.points == points and result.extra["han"] == han


def test_renhou_as_mangan_gives_way_to_a_dearer_hand():
    result = score(GAME, FLUSH, win_tile="5p", renhou=True, rules=RiichiRules(renhou="mangan"))
    assert result.points == 16000 and "Renhou" not in {y.name_en for y in result.yaku}
    assert "renhou_below_hand" in _ids(result)


def test_renhou_as_mangan_wins_a_hand_of_no_other_yaku():
    result = score(GAME, "123m456p789s234s55p", win_tile="3s", renhou=True, rules=RiichiRules(renhou="mangan"))
    assert result.winning and result.points == 8000 and result.extra["limit"] == "mangan"


def test_renhou_none_is_noted_and_a_hand_of_no_other_yaku_does_not_win():
    rules = RiichiRules(renhou="none")
    result = score(GAME, RENHOU, win_tile="5s", renhou=True, rules=rules)
    assert "renhou_off" in _ids(result)
    bare = score(GAME, "123m456p789s234s55p", win_tile="3s", renhou=True, rules=rules)
    assert not bare.winning and "renhou" in bare.reason and "人和" in bare.reason_ja


def test_renhou_none_still_refuses_a_dealer_renhou():
    with pytest.raises(RiichiInputError, match="renhou is for a non-dealer"):
        score(GAME, RENHOU, win_tile="5s", seat="east", renhou=True, rules=RiichiRules(renhou="none"))


@pytest.mark.parametrize("rule,listed", [("5han", (11, 5)), ("yakuman", (117, 13)), ("none", None),
                                         ("mangan", (11, 5))])
def test_the_yaku_list_says_renhou_as_the_table_scores_it(rule, listed):
    rows = {v.yaku_id: v for v in yaku_values(RiichiRules(renhou=rule))}
    renhou = [v for v in rows.values() if v.yaku_id in (11, 117)]
    if listed is None:
        assert not renhou
    else:
        assert [(v.yaku_id, v.han_closed) for v in renhou] == [listed]
        assert renhou[0].local
    assert rows[2].local and rows[9].local  # open riichi, double open riichi: not in the seed nor at WRC
    assert not rows[1].local


# --- 4. a pair of the double wind -----------------------------------------------------------------------------------
def test_double_wind_pair_is_4_fu_by_default():
    result = score(GAME, EAST_PAIR, win_tile="8s", seat="east")
    assert result.extra["fu"] == 50 and result.points == 2400


def test_double_wind_pair_of_2_fu():
    result = score(GAME, EAST_PAIR, win_tile="8s", seat="east", rules=RiichiRules(double_wind_pair_fu=2))
    assert result.extra["fu"] == 40 and result.points == 2000  # 30 + 8 (concealed haku) + 2 = 40
    pair = next(d for d in result.extra["fu_details"] if d["reason"] == "double_valued_pair")
    assert pair["fu"] == 2 and pair["label_ja"] == "連風牌の雀頭"
    assert [y.name_en for y in result.yaku] == ["Yakuhai: white dragon"]


def test_double_wind_pair_of_2_fu_keeps_a_round_wind_triplet_yaku():
    """Only a pair is changed: a triplet of the seat-and-round wind keeps both its yaku."""
    rules = RiichiRules(double_wind_pair_fu=2)
    result = score(GAME, "234m456p678s111z55z", win_tile="8s", seat="east", rules=rules)
    assert {y.name_en for y in result.yaku} == {"Yakuhai: seat wind east", "Yakuhai: round wind east"}


# --- 5. nagashi mangan ----------------------------------------------------------------------------------------------
def test_nagashi_off_is_refused_at_a_draw():
    with pytest.raises(RiichiInputError, match=r"nagashi = false") as info:
        exhaustive_draw(["east"], nagashi=["south"], game=_game_with("nagashi = false"))
    assert "流し満貫" in info.value.message_ja


def test_nagashi_on_still_pays():
    assert exhaustive_draw([], nagashi=["south"]).deltas["south"] == 8000


# --- the game file's keys -------------------------------------------------------------------------------------------
def _game_with(line: str, tmp=None):
    import tempfile
    from pathlib import Path

    from scorer.catalog import GAMES_DIR

    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8").replace("\n[riichi]\n",
                                                                                 f"\n[riichi]\n{line}\n", 1)
    folder = Path(tempfile.mkdtemp(prefix="h1_57_"))
    path = folder / "tokyo-mahjong.toml"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path))


def test_the_shipped_table_keeps_todays_values():
    rules = rules_for(GAME)
    assert (rules.combined_yakuman, rules.renhou, rules.double_wind_pair_fu, rules.nagashi) == (True, "5han", 4, True)


@pytest.mark.parametrize("line,said", [('renhou = "6han"', "riichi.renhou"), ("double_wind_pair_fu = 3",
                                                                              "riichi.double_wind_pair_fu"),
                                       ('combined_yakuman = "no"', "riichi.combined_yakuman")])
def test_a_bad_value_is_refused_naming_the_key(line, said):
    with pytest.raises(GameFileError, match=said) as info:
        rules_for(_game_with(line))
    assert said in info.value.message_ja


def test_a_saved_option_is_read():
    rules = rules_for(_game_with('renhou = "yakuman"\ncombined_yakuman = false\ndouble_wind_pair_fu = 2'))
    assert (rules.renhou, rules.combined_yakuman, rules.double_wind_pair_fu) == ("yakuman", False, 2)


# --- W3: the riichi CLI -----------------------------------------------------------------------------------------------
def test_unknown_option_list_names_pao():
    assert "pao" in riichi_options(scoring=True) and "pao" not in riichi_options(scoring=False)


@pytest.mark.parametrize("seat", ["北家", "北", "north"])
def test_seat_as_a_japanese_player_says_it(seat):
    assert score(GAME, "234m456p789s11z55z1z", seat=seat).extra["seat"] == "north"


def test_discarder_and_pao_as_a_japanese_player_says_them():
    result = score(GAME, "234m456p789s11z55z1z", seat="南家", discarder="西家")
    assert result.payments[0].payer == "west"


def _cli(*args: str, lang: str = "en") -> str:
    import os

    env = {**os.environ, "TILELENS_LANG": lang, "YOLO_OFFLINE": "1"}
    done = subprocess.run([sys.executable, "-m", "tilelens.cli", *args], capture_output=True, text=True, env=env,
                          timeout=120)
    return done.stdout + done.stderr


def test_waits_in_japanese_say_points_and_han():
    out = _cli("waits", "--game", "tokyo-mahjong", "234m456p789s11z55z", lang="ja")
    assert "ロン: 1,300点 (1翻 40符: 場風 東 1翻)" in out, out


def test_score_takes_a_seat_written_with_ie():
    out = _cli("score", "--game", "tokyo-mahjong", "234m456p789s11z55z1z", "--seat", "北家")
    assert "seat north" in out, out


def test_waits_under_tenhou_take_the_highest_reading():
    found = {w.tile: w for w in waits(GAME, "111m222p333s44s55z", seat="east", tenhou=True)}
    assert found["4s"].tsumo.points == 144000  # read with 5z last: suuankou tanki (2x) + tenhou, 48,000 all
