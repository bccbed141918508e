"""The amounts a Donjara yaku's description quotes, and whether the table pays them, are rules logic (session 60, F5;
review RV1): they live in ``scorer.rules`` beside the table they read (they need nothing above ``scorer``: a Donjara
game's unit is its ``[payout] currency_*``), and the Rules page (``app.components.rules_view``, ``rules_news``)
imports them."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorer import load_game
from scorer.rules import donjara_rules, paid_amounts, quoted_amounts, stale_amounts

REPO = Path(__file__).resolve().parents[2]


def _yaku(game, yaku_id):
    return next(y for y in donjara_rules(game).yaku if y.id == yaku_id)


@pytest.mark.parametrize("game_id, text, amounts", [
    ("nogizaka", "three sets (ron: 60; tsumo: 20 from each, 2 chips)", [60, 20, 20]),
    ("nogizaka", "セット3つ (ロンでチップ9枚)", [90]),
    ("nogizaka", "同じメンバー3枚のセット3つ", []),  # 3枚 counts tiles
    ("cinderella-neo", "all 9 from the 19-member unit WONDERFUL M@GIC!!", []),
    ("cinderella-neo", "ron: 30万, 1,000点 from each", [30, 1000]),  # in the unit; "1,000" one figure
    ("nogizaka", None, []),
], ids=["pay-words-and-chips", "chips-ja", "tiles-counted", "members-counted", "unit", "none"])
def test_quoted_amounts(game_id, text, amounts):
    assert quoted_amounts(load_game(game_id), text) == amounts


def test_paid_and_stale_amounts():
    game = load_game("nogizaka")  # a 10-point chip; the basic set pays 60
    yaku = _yaku(game, "basic-set")
    assert 60 in paid_amounts(game, yaku) and 90 not in paid_amounts(game, yaku)
    assert stale_amounts(game, yaku, "three sets (6 chips by ron, 2 chips from each by tsumo)") == []
    assert stale_amounts(game, yaku, "three sets (9 chips by ron)") == [90]
    assert stale_amounts(game, yaku, "three sets") == []  # quotes none


def test_the_app_imports_them_and_defines_none_of_its_own():
    from app.components import rules_news, rules_view

    assert rules_view.stale_amounts is stale_amounts
    for module in (rules_view, rules_news):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert not defined & {"quoted_amounts", "paid_amounts", "stale_amounts"}, module.__name__


def test_scorer_rules_imports_nothing_above_scorer():
    tree = ast.parse((REPO / "scorer" / "rules.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module} | \
        {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not [m for m in imported if m.split(".")[0] in ("tilelens", "app", "vision")], imported
