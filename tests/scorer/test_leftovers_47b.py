"""The command line's Japanese leftovers: a riichi wait's note, the unknown-local-yaku error, and the group
labels the engine builds from attribute values or unit names, said in Japanese with ``TILELENS_LANG=ja``."""
from __future__ import annotations

import json

from scorer.riichi_waits import waits
from tilelens.cli import main

# new generations (渋谷凛 島村卯月 本田未央) + a Cute Vo status set + a Passion Vi status set: a normal live unit
UNIT_HAND = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "mizumoto-yukari", "mimura-kanako", "igarashi-kyouko",
             "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]
# 123m 456p 789s, a pair of East (the round wind: no pinfu) and 23s: 1s and 4s complete it, with no yaku on a ron
NO_YAKU_ON_RON = "123m456p789s11z23s"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- RiichiWait.note_ja -------------------------------------------------------------------------------------

def test_riichi_wait_says_its_note_in_japanese():
    found = waits(None, NO_YAKU_ON_RON)
    assert [w.tile for w in found] == ["1s", "4s"]
    assert all(w.note == "no yaku on ron: tsumo only" and w.note_ja == "ロンでは役なし: ツモのみ" for w in found)
    furiten = {w.tile: w for w in waits(None, NO_YAKU_ON_RON, riichi=True, discards=["1s"])}
    assert furiten["4s"].note_ja == "フリテン: ツモのみ" and furiten["1s"].note_ja == "フリテン: ツモのみ"
    plain = waits(None, NO_YAKU_ON_RON, riichi=True)
    assert all(w.note == "" and w.note_ja == "" for w in plain)
    assert found[0].to_dict()["note_ja"] == "ロンでは役なし: ツモのみ"  # as the Donjara wait's dict has it


def test_riichi_waits_cli_says_the_note_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "waits", "--game", "tokyo-mahjong", NO_YAKU_ON_RON)
    assert code == 0 and err == ""
    assert "[ロンでは役なし: ツモのみ]" in out and "tsumo only" not in out


# --- the unknown local yaku error ----------------------------------------------------------------------------

def test_unknown_local_yaku_is_said_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--local", "bogus", *UNIT_HAND)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "「bogus」" in err and "ローカル役" in err and "sp-live-set-a" in err
    assert "unknown local yaku" not in err


def test_unknown_local_yaku_stays_english_in_english(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, _, err = run(capsys, "waits", "--game", "nogizaka", "--local", "bogus", "らりん")
    assert code == 2 and "unknown local yaku 'bogus' for nogizaka" in err


# --- group labels --------------------------------------------------------------------------------------------

def test_group_labels_from_attribute_values_and_units_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--win", "tsumo", "--riichi", *UNIT_HAND)
    assert code == 0
    # a status set's label is its type and status mark: the type by its Japanese name (the mark is as written)
    assert "ステータスセット [キュート Vo]:" in out and "ステータスセット [パッション Vi]:" in out
    assert "cute" not in out and "passion" not in out
    # a unit keeps its official name (written in letters in Japanese too) and says the reading the game has
    assert "ユニット [new generations（ニュージェネレーションズ）]:" in out


def test_group_labels_stay_as_they_are_in_english_and_json(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--win", "tsumo", "--riichi", *UNIT_HAND)
    assert code == 0 and "[Cute Vo]" in out and "[new generations]" in out
    cli_env(TILELENS_LANG="ja")
    _, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--win", "tsumo", "--riichi", "--json", *UNIT_HAND)
    labels = {g["label"] for g in json.loads(out)["decomposition"]}
    assert labels == {"new generations", "cute Vo", "passion Vi"}
