"""Session 51: `tilelens score` says a Donjara game's payments in its documents' words: 「捨てた人」 (the Yokai Watch
seed's 「パイを捨てたプレイヤー」), not riichi mahjong's 「放銃した人」; its riichi chip a chip (10点チップ), not a
stick (リーチ棒); no space before a Japanese particle (「捨てた人が100点払う」). The Yokai Watch yaku sheet is the
seed's 得点表 (the ledger is the 点数表)."""
from __future__ import annotations

from scorer import load_game, score
from scorer.cli import format_result
from scorer.result import payer_ja
from scorer.rules import donjara_rules

YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3


def test_a_donjara_discarder_is_the_one_who_discarded():
    assert payer_ja("discarder", "donjara") == "捨てた人"
    assert payer_ja("discarder") == "放銃者"  # riichi mahjong keeps its own word


def test_a_yokai_ron_is_paid_in_plain_japanese():
    game = load_game("yokai-watch")
    out = format_result(game, score(game, YOKAI_WIN, win="ron", riichi=True, pot=10), "ja")
    assert "  捨てた人が100点払う" in out.splitlines(), out
    assert "放銃" not in out and "リーチ棒" not in out and "場のリーチのチップ 20点も受け取り" in out, out


def test_a_tsumo_split_has_no_space_before_a_particle():
    game = load_game("yokai-watch")
    out = format_result(game, score(game, YOKAI_WIN, win="tsumo", riichi=True), "ja")
    assert "  プレイヤー2が40点払う" in out.splitlines(), out


def test_the_yokai_yaku_sheet_is_the_seeds_tokuten_hyou():
    described = " ".join(y.description_ja for y in donjara_rules(load_game("yokai-watch")).yaku)
    assert "点数表" not in described and "得点表" in described
