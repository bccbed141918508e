"""Session 50: the Donjara rules audit (RULES.md 000, 001, 003). A ron on a discarded Almighty in Cinderella Girls,
the would-be value said for the win kind asked, the winner's own riichi chip, a chombo's hand as declared."""
import json

import pytest

from scorer import load_game, score
from scorer.cli import _score_parser, format_result, score_main
from scorer.engine import waits

CG_ALMIGHTY = ["almighty-cute", "shiina-noriko", "yusa-kozue", "shirasaka-koume", "morikubo-nono", "yuuki-haru",
               "kimura-natsuki", "matoba-risa", "nanba-emi"]
YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]
NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3


# --- 1. Cinderella Girls: no ron on a discarded Almighty ----------------------------------------------------------
# RULES.md 000: "Win by self-draw (tsumo) or by claiming a discard (ron, "Live Start!", "ドンジャラ!")" and "Scout
# (claiming a discard, like pon/chi) ... an Almighty can never be claimed": a ron is a claim, so never on an Almighty.

def test_cinderella_refuses_a_ron_on_a_discarded_almighty():
    r = score("cinderella-neo", CG_ALMIGHTY, riichi=True, win="ron", winning_tile="almighty-cute")
    assert not r.winning and r.points == 0 and not r.payments
    assert "no ron on a discarded Almighty" in r.reason and "ロンできません" in r.reason_ja


def test_cinderella_still_wins_by_tsumo_on_an_almighty():
    r = score("cinderella-neo", CG_ALMIGHTY, riichi=True, win="tsumo", winning_tile="almighty-cute")
    assert r.winning and r.points == 3


def test_cinderella_waits_say_an_almighty_is_tsumo_only():
    found = {w.tile: w for w in waits("cinderella-neo", CG_ALMIGHTY[1:])}
    assert "tsumo only" in found["almighty-cute"].note and "ツモのみ" in found["almighty-cute"].note_ja
    assert found["nakano-yuka"].note == ""  # an idol is won on either way


# --- 3. the would-be value: the one for the win kind asked, said so -----------------------------------------------

def test_the_value_without_a_riichi_is_the_tsumo_total_and_says_the_ron_beside_it():
    r = score("yokai-watch", YOKAI_WIN)  # tsumo at 4 players: 40 x 3
    assert not r.winning and r.value == 120
    assert "worth 120 by tsumo at 4 players, 100 by ron" in r.reason, r.reason
    assert "ツモなら4人で120" in r.reason_ja and "ロンなら100" in r.reason_ja


def test_the_value_of_a_ron_without_a_riichi_is_the_ron():
    r = score("yokai-watch", YOKAI_WIN, win="ron")
    assert not r.winning and r.value == 100
    assert "worth 100 by ron, 120 by tsumo at 4 players" in r.reason, r.reason


def test_a_refused_ron_on_an_almighty_is_valued_as_a_ron_and_says_the_tsumo():
    r = score("yokai-watch", YOKAI_WIN, win="ron", winning_tile="almighty", riichi=True)
    assert not r.winning and r.value == 100  # it was 120, the tsumo's total, for a ron asked
    assert "worth 120 by tsumo at 4 players" in r.reason and "100 by ron on another tile" in r.reason, r.reason
    assert "ほかの牌でロンなら100" in r.reason_ja


def test_where_tsumo_and_ron_pay_the_same_the_worth_is_said_once():
    r = score("yokai-watch", YOKAI_WIN, players=3)  # 50 + 50
    assert r.value == 100 and r.reason.endswith("(worth 100 with one)"), r.reason
    assert score("nogizaka", NOGI_WIN).reason.endswith("(worth 60 with one)")


def test_the_help_says_value_is_for_the_win_kind_asked():
    text = " ".join(_score_parser().format_help().split())
    assert "what the hand is worth" not in text
    assert '"value" what the winner receives, or would' in text and "--win" in text


# --- 4. the winner's own riichi chip is said as theirs ------------------------------------------------------------

def test_the_winners_own_chip_is_said_as_theirs():
    game = load_game("nogizaka")
    r = score(game, NOGI_WIN, riichi=True)
    assert r.pot == 10 and r.extra["own_riichi_chip"] == 10
    assert "+ 10 points of riichi chips (10 of them the winner's own)" in format_result(game, r)
    assert "うち 10点は自分がリーチで出したチップです" in format_result(game, r, "ja")


def test_a_pot_of_others_chips_is_said_beside_the_own():
    game = load_game("nogizaka")
    r = score(game, NOGI_WIN, riichi=True, pot=20)
    assert "+ 30 points of riichi chips (10 of them the winner's own)" in format_result(game, r)


def test_no_own_chip_without_a_riichi():
    game = load_game("yokai-watch")
    r = score(game, YOKAI_WIN, dealt_tenpai=True, pot=20)
    assert r.winning and "own_riichi_chip" not in r.extra
    assert "winner's own" not in format_result(game, r)


# --- 5. a chombo's hand is headed as declared, not paid; ペナルティ (session 52; seed 001 says 罰金) -------------

def test_a_chombo_heads_its_hand_as_declared_and_not_paid(capsys):
    score_main(["--game", "nogizaka", "--riichi", "--win", "ron", "--own-discard", *NOGI_WIN])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("CHOMBO: ron on a tile") and lines[0].endswith("penalty 300 points")
    assert lines[1] == "the hand as declared (not paid):"
    assert lines[2].startswith("  基本セット (Basic set): 60 points")


def test_a_chombo_in_japanese_says_the_seeds_fine(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    score_main(["--game", "nogizaka", "--riichi", "--win", "ron", "--own-discard", *NOGI_WIN])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("ペナルティ 300点") and "罰符" not in lines[0]  # seed 001: 【チョンボ】罰金300点 (session 52: ペナルティ)
    assert lines[1] == "宣言した手 (支払いなし):"


def test_a_chombo_json_pays_nothing(capsys):
    score_main(["--game", "nogizaka", "--riichi", "--win", "ron", "--own-discard", "--json", *NOGI_WIN])
    d = json.loads(capsys.readouterr().out)
    assert d["chombo"] == "ron-on-own-discard" and d["points"] == 0 and d["payments"] == [] and d["penalty"] == 300


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_cinderella_ron_on_an_almighty_in_the_cli(capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    score_main(["--game", "cinderella-neo", "--riichi", "--win", "ron", "--winning-tile", "almighty-cute",
                *CG_ALMIGHTY])
    out = capsys.readouterr().out
    assert "pays" not in out and "払う" not in out
