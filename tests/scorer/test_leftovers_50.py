"""Session 50, scorer wording leftovers: a furiten ron's reason read "not a win: furiten: 5s completes ..." (two
colons in a row); a honba note "incl. 29700 for 99 honba" had no thousands separator; a negative --honba or
--riichi-sticks was refused in English only on a Japanese command line; Donjara's --pot took any number (a
negative one not named as --pot, 10**20 chips); an English Donjara "no yaku" reason named the simplest yaku in
Japanese too ("基本セット (Basic set)"), which the app rewrote for its English screens."""
from __future__ import annotations

import json
import re

import pytest

from scorer.engine import score as donjara_score
from scorer.result import payment_note_ja
from scorer.riichi import score as riichi_score
from tilelens.cli import main

JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
FURITEN = ["score", "--game", "tokyo-mahjong", "123m456p789s34s55p", "2s", "--win-tile", "2s", "--discards", "5s"]
RIICHI_WIN = ["123m456p789s11z234m", "--riichi"]
NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2 + ["almighty-god"]
NOGI_NO_YAKU = ["rarin"] * 3 + ["miona", "miona", "marika"] + ["kotoko", "kotoko", "minami"]
YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. a furiten ron's reason is one sentence, without a colon straight after "not a win:" -------------------

def test_furiten_reason_has_no_colon_of_its_own():
    r = riichi_score(None, "123m456p789s34s55p2s", win_tile="2s", discards="5s")
    assert not r.winning and r.reason.startswith("furiten")  # still led by the word a script may match
    assert ":" not in r.reason and ":" not in r.reason_ja and "：" not in r.reason_ja, (r.reason, r.reason_ja)
    assert "5s" in r.reason and "5s" in r.reason_ja and "フリテン" in r.reason_ja
    assert "no ron" in r.reason and "tsumo" in r.reason and "ロンできません" in r.reason_ja


@pytest.mark.parametrize("lang,lead", [("en", "not a win: furiten"), ("ja", "上がりではありません: ")])
def test_furiten_text_and_json_say_no_doubled_colon(cli_env, capsys, lang, lead):
    cli_env(TILELENS_LANG=lang)
    code, out, _ = run(capsys, *FURITEN)
    (verdict,) = [line for line in out.splitlines() if line.startswith(lead)]
    assert code == 0 and verdict.count(":") == 1, verdict
    code, out, _ = run(capsys, *FURITEN, "--json")
    d = json.loads(out)
    assert code == 0 and ":" not in d["reason"] and ":" not in d["reason_ja"], d


# --- 2. a honba note writes its points with a thousands separator -----------------------------------------------

@pytest.mark.parametrize("win", ["ron", "tsumo"])
def test_a_big_honba_note_has_a_thousands_separator(win):
    r = riichi_score(None, "234m456p789s11z555z", win_tile="4m", win=win, honba=99)
    notes = {p.note for p in r.payments}
    want = "incl. 29,700 for 99 honba" if win == "ron" else "incl. 9,900 for 99 honba"
    assert notes == {want}, notes


def test_the_japanese_honba_note_keeps_the_separator():
    assert payment_note_ja("incl. 29,700 for 99 honba") == "99本場分 29,700点を含む"
    assert payment_note_ja("incl. 300 for 1 honba") == "1本場分 300点を含む"


def test_the_cli_prints_the_separated_honba_note(cli_env, capsys):
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "234m456p789s11z555z", "--win-tile", "4m",
                       "--win", "ron", "--honba", "99")
    assert code == 0 and "(incl. 29,700 for 99 honba)" in out, out
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "234m456p789s11z555z", "--win-tile", "4m",
                       "--win", "ron", "--honba", "99")
    assert code == 0 and "(99本場分 29,700点を含む)" in out, out


# --- 3. a negative riichi counter is refused in the command line's language ------------------------------------

@pytest.mark.parametrize("command", ["score", "waits"])
@pytest.mark.parametrize("option,value", [("--honba", "-2"), ("--riichi-sticks", "-1")])
def test_a_negative_counter_is_refused_in_japanese(cli_env, capsys, command, option, value):
    cli_env(TILELENS_LANG="ja")
    hand = RIICHI_WIN if command == "score" else ["123m456p789s11z23m"]
    code, out, err = run(capsys, command, "--game", "tokyo-mahjong", *hand, option, value)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"{option} は 0 以上の整数にしてください (いま {value})" in err and "must be" not in err, err


@pytest.mark.parametrize("option,value", [("--honba", "-2"), ("--riichi-sticks", "-1")])
def test_a_negative_counter_is_refused_in_english_naming_option_and_value(cli_env, capsys, option, value):
    code, out, err = run(capsys, "score", "--game", "tokyo-mahjong", *RIICHI_WIN, option, value)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"{option}: must be a whole number 0 or more (got {value})" in err and not JA.search(err), err


# --- 4. Donjara's --pot is 0 to 99 chips ------------------------------------------------------------------------

@pytest.mark.parametrize("lang,said", [
    ("en", "--pot {v}: write the riichi chips on the table in points, 0 to 990 (99 chips of 10 points at most)"),
    ("ja", "--pot {v}: 場のリーチのチップは点数で 0 から 990 までにしてください (1枚10点で99枚まで)"),
])
@pytest.mark.parametrize("value", ["-10", "1000", "100000000000000000000"])
def test_donjara_pot_out_of_range_is_one_clear_message(cli_env, capsys, lang, said, value):
    cli_env(TILELENS_LANG=lang)
    code, out, err = run(capsys, "score", "--game", "nogizaka", "--riichi", "--pot", value, *NOGI_WIN)
    assert code == 2 and out == "" and err.count("\n") == 1 and said.format(v=value) in err, err


def test_donjara_pot_up_to_99_chips_is_scored(capsys):
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", "--pot", "990", "--json", *NOGI_WIN)
    assert code == 0 and json.loads(out)["pot"] == 1000  # the winner's own chip added by --riichi
    code, out, _ = run(capsys, "score", "--game", "yokai-watch", "--riichi", "--pot", "0", "--json", *YOKAI_WIN)
    assert code == 0 and json.loads(out)["pot"] == 10


def test_a_pot_in_a_game_without_chips_is_still_said_so(capsys):
    code, _, err = run(capsys, "score", "--game", "cinderella-neo", "--pot", "10", "shibuya-rin")
    assert code == 2 and "has no riichi chips" in err, err


# --- 5. an English reason is English only -----------------------------------------------------------------------

@pytest.mark.parametrize("game,tiles", [("nogizaka", NOGI_NO_YAKU), ("yokai-watch", ["yokai-01", "yokai-02",
                                         "yokai-03", "yokai-04", "yokai-05", "yokai-06", "yokai-07", "yokai-08",
                                         "yokai-09"])])
def test_the_english_no_yaku_reason_names_the_yaku_in_english_only(game, tiles):
    r = donjara_score(game, tiles, riichi=True)
    assert not r.winning and r.reason.startswith("no yaku")
    assert "Basic set" in r.reason and not JA.search(r.reason), r.reason
    assert "基本セット" in r.reason_ja


def test_the_english_cli_reason_is_english_and_the_yaku_line_keeps_both_names(capsys):
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", *NOGI_NO_YAKU)
    (verdict,) = [line for line in out.splitlines() if line.startswith("not a win: ")]
    assert code == 0 and "Basic set" in verdict and not JA.search(verdict), out
