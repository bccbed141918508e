"""Donjara scoring messages a referee found unclear (the scores were right): an option that changes nothing on a
tsumo said as another game says it, a tile named once in English, a hand one tile over given a hint as one short
is, a refused hand's yaku under a heading that says it is not paid, and a win declared without riichi said to be
no chombo where the game's chombo cases (RULES.md 001) do not include it."""
from __future__ import annotations

import json

import pytest

from scorer import HandError, score
from tilelens.cli import main

NOGI = ["らりん"] * 3 + ["まりか"] * 3 + ["みなみ"] * 3
YOKAI = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3
NO_CHOMBO = "declaring this hand a win is no chombo in this game"
NO_CHOMBO_JA = "このゲームでは上がりでない手で上がりを宣言してもチョンボになりません"
COMPLETE = "its tiles complete the hand, so declaring it a win is no chombo"
COMPLETE_JA = "牌は揃っているので、上がりを宣言してもチョンボになりません"


def run(capsys, *argv):
    code = main(["score", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. --own-discard on a tsumo: no ron, so no chombo; said, as where the game has no such chombo ---------------

@pytest.mark.parametrize("lang, said", [
    ("en", "(--own-discard changes nothing: a tsumo is no ron; only a ron on a tile the winner discarded earlier "
           "is a chombo)"),
    ("ja", "(--own-discard は使われません: ツモの上がりです。チョンボになるのは自分が前に捨てた牌でのロンだけです)"),
])
def test_own_discard_on_a_nogizaka_tsumo_is_said_to_change_nothing(cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, out, _ = run(capsys, "--game", "nogizaka", "--riichi", "--win", "tsumo", "--own-discard", *NOGI)
    assert code == 0 and out.splitlines()[-1] == said, out


def test_own_discard_on_a_nogizaka_tsumo_is_in_the_json_unused_options(capsys):
    code, out, _ = run(capsys, "--game", "nogizaka", "--riichi", "--own-discard", "--json", *NOGI)
    d = json.loads(out)
    assert code == 0 and d["winning"] and d["points"] == 60, d
    assert [u["option"] for u in d["extra"]["unused_options"]] == ["--own-discard"], d["extra"]


def test_own_discard_on_a_nogizaka_ron_is_still_the_chombo_and_not_unused(capsys):
    code, out, _ = run(capsys, "--game", "nogizaka", "--riichi", "--win", "ron", "--own-discard", "--json", *NOGI)
    d = json.loads(out)
    assert code == 0 and d["chombo"] == "ron-on-own-discard" and "unused_options" not in d["extra"], d


def test_own_discard_on_a_yokai_tsumo_says_the_game_has_no_such_chombo(capsys):
    code, out, _ = run(capsys, "--game", "yokai-watch", "--riichi", "--own-discard", *YOKAI)
    assert out.splitlines()[-1] == ("(--own-discard changes nothing: yokai-watch has no chombo for a ron on a tile "
                                    "the winner discarded earlier)"), out


# --- 2. and 3. a tile named once in English, by the name players know ---------------------------------------------

@pytest.mark.parametrize("game, tiles, said", [
    ("nogizaka", ["rarin"] * 3 + ["marika"] * 3 + ["almighty-green"] * 2 + ["kotoko"],
     "too many Almighty (Green): 2 in the hand, the Nogizaka Donjara (fan-made) set holds 1"),
    ("nogizaka", ["rarin"] * 3 + ["marika"] * 3 + ["almighty-god"] * 3,
     "too many God Almighty (purple): 3 in the hand, the Nogizaka Donjara (fan-made) set holds 2"),
    ("nogizaka", ["rarin"] * 7 + ["marika"] * 2,
     "too many Rarin: 7 in the hand, the Nogizaka Donjara (fan-made) set holds 6"),
    ("yokai-watch", ["yokai-01", "yokai-01", "yokai-02", "yokai-02", "yokai-03"] + ["almighty"] * 4,
     "too many Almighty: 4 in the hand, the Yokai Watch Donjara set holds 3"),
    # an id that is another word than the name (family name first) is still said beside it, for a script
    ("cinderella-neo", ["shimamura-uzuki"] * 3 + ["honda-mio"] * 3 + ["shibuya-rin"] * 3,
     "too many Uzuki Shimamura (shimamura-uzuki): 3 in the hand, the Donjara NEO: THE iDOLM@STER Cinderella Girls "
     "set holds 1"),
])
def test_too_many_copies_names_the_tile_once(game, tiles, said):
    with pytest.raises(HandError) as info:
        score(game, tiles, riichi=True)
    assert str(info.value) == said


def test_a_winning_tile_not_in_the_hand_is_named_in_english(capsys):
    code, _, err = run(capsys, "--game", "nogizaka", "--riichi", "--win-tile", "琴子", *NOGI)
    assert code == 2 and err.strip() == "tilelens score: the winning tile Kotoko is not in the hand", err


def test_a_winning_tile_not_in_the_hand_is_named_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "--game", "nogizaka", "--riichi", "--win-tile", "kotoko", *NOGI)
    assert code == 2 and "上がり牌 琴子が手牌にありません" in err, err


# --- 4. a hand one tile over gets a hint, as one short does ---------------------------------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "wrong tile count: a hand has 9 tiles here (10 now); a hand one tile over: score its 9 tiles without the "
           "one discarded (--winning-tile names the tile won on)"),
    ("ja", "牌の枚数が違います: 手牌は9枚にしてください (いま 10枚)。1枚多い手です: 捨てた牌を除いた9枚で採点してください "
           "(上がり牌は --winning-tile で指定できます)"),
])
@pytest.mark.parametrize("game, tiles", [("nogizaka", NOGI + ["みなみ"]), ("yokai-watch", YOKAI + ["yokai-04"])])
def test_a_hand_one_tile_over_says_what_to_score(cli_env, capsys, lang, said, game, tiles):
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, "--game", game, "--riichi", *tiles)
    assert code == 2 and err.strip().split(": ", 1)[1] == said, err


def test_a_hand_two_tiles_over_gets_the_count_alone(capsys):
    code, _, err = run(capsys, "--game", "nogizaka", "--riichi", *NOGI, "みおな", "みおな")
    assert code == 2 and err.strip() == "tilelens score: wrong tile count: a hand has 9 tiles here (11 now)", err


# --- 5. a refused hand's yaku read as what it would be, not as paid -------------------------------------------------

@pytest.mark.parametrize("lang, lines", [
    ("en", ["not a win: a win needs a riichi first (worth 60 with one)",
            "the hand, were it a win (not paid):",
            "  基本セット (Basic set): 60 points",
            "    set [Rarin]: rarin rarin rarin"]),
    ("ja", ["上がりではありません: 上がるには先にリーチが必要です (リーチすれば60の手)",
            "上がりだったときの手 (支払いなし):",
            "  基本セット: 60点",
            "    セット [らりん]: らりん らりん らりん"]),
])
def test_a_refused_hand_shows_its_yaku_under_a_not_paid_heading(cli_env, capsys, lang, lines):
    cli_env(TILELENS_LANG=lang)
    code, out, _ = run(capsys, "--game", "nogizaka", *NOGI)
    assert code == 0 and out.splitlines()[:4] == lines and len(out.splitlines()) == 6, out


def test_a_yokai_ron_on_an_almighty_shows_its_yaku_under_the_heading(capsys):
    tiles = ["yokai-01", "yokai-01", "almighty"] + YOKAI[3:]
    code, out, _ = run(capsys, "--game", "yokai-watch", "--riichi", "--win", "ron", "--winning-tile", "almighty",
                       *tiles)
    lines = out.splitlines()
    assert lines[0].startswith("not a win: no ron on a discarded Almighty") and \
        lines[1] == "the hand, were it a win (not paid):" and lines[2] == "  基本セット (Basic set): 100 points", out


def test_a_refused_hands_json_keeps_its_fields(capsys):
    code, out, _ = run(capsys, "--game", "nogizaka", "--json", *NOGI)
    d = json.loads(out)
    assert (d["winning"], d["points"], d["value"], d["yaku"][0]["points"]) == (False, 0, 60, 60), d


# --- 6. a win declared without riichi: a refusal, no chombo (RULES.md 001 lists three cases, not this) ---------------

@pytest.mark.parametrize("game, tiles, reason", [
    ("nogizaka", NOGI, "a win needs a riichi first (worth 60 with one)"),
    ("yokai-watch", YOKAI, "a win needs a riichi first, or a hand one tile from winning as dealt (with one: worth "
                           "120 by tsumo at 4 players, 100 by ron)"),
])
def test_a_win_declared_without_riichi_is_said_to_be_no_chombo(game, tiles, reason):
    r = score(game, tiles, declared=True)
    assert not r.winning and r.chombo is None and r.penalty == 0
    assert r.reason == f"{reason}; {COMPLETE}" and r.reason_ja.endswith(f"。{COMPLETE_JA}"), r.reason_ja


def test_a_complete_nogizaka_hand_is_not_said_to_be_a_game_without_the_false_win_chombo():
    # Nogizaka has the false-win chombo: the hand's tiles, not the game, are why this declaration is none
    r = score("nogizaka", NOGI, declared=True)
    assert NO_CHOMBO_JA not in r.reason_ja and NO_CHOMBO not in r.reason, (r.reason, r.reason_ja)


def test_undeclared_the_refusal_says_nothing_of_chombo():
    assert "chombo" not in score("nogizaka", NOGI).reason


def test_a_declared_ron_on_a_yokai_almighty_is_said_to_be_no_chombo():
    tiles = ["yokai-01", "yokai-01", "almighty"] + YOKAI[3:]
    r = score("yokai-watch", tiles, riichi=True, win="ron", winning_tile="almighty", declared=True)
    assert r.chombo is None and r.reason.endswith(f"; {COMPLETE}"), r.reason


def test_a_declared_yokai_hand_that_does_not_win_says_the_game_has_no_such_chombo():
    r = score("yokai-watch", YOKAI[:-1] + ["yokai-04"], riichi=True, declared=True)
    assert not r.winning and r.chombo is None, r
    assert r.reason.endswith(f"; {NO_CHOMBO}") and r.reason_ja.endswith(f"。{NO_CHOMBO_JA}"), r.reason_ja


def test_a_declared_nogizaka_hand_that_does_not_win_is_still_the_chombo():
    r = score("nogizaka", NOGI[:-1] + ["みおな"], riichi=True, declared=True)
    assert r.chombo == "false-win" and r.penalty == 300 and NO_CHOMBO not in r.reason and COMPLETE not in r.reason


def test_an_almighty_favourite_is_named_by_its_english_name():
    with pytest.raises(HandError) as e:
        score("cinderella-neo", ["shibuya-rin", "shimamura-uzuki", "honda-mio", "kohinata-miho", "sakurai-momoka",
                                 "seki-hiromi", "kawashima-mizuki", "nitta-minami", "takagaki-kaede"],
              riichi=True, favourite="almighty-cute")
    assert str(e.value).endswith("the favourite must be an idol tile, not Almighty (Cute)"), str(e.value)
