"""The chombo a riichi hand's caption says is what the ledger charges (session 60, F5; review RV1): ``rules_news.
chombo_said`` sums ``tilelens.ledger.chombo_payments`` (a non-dealer's and the dealer's) instead of working the shares
out again, so the two cannot drift; at 3 and 4 players, with an open match and without."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from app.components import rules_news
from scorer import load_game
from tilelens.ledger import Ledger, amount_in, chombo_payments, game_units


@pytest.fixture
def said(monkeypatch):
    out: list[str] = []
    monkeypatch.setattr(rules_news.st, "warning", lambda text, *a, **k: out.append(text))
    monkeypatch.setattr(rules_news.st, "caption", lambda *a, **k: None)
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_the_caption_says_what_the_ledger_charges(tmp_path, said, players):
    game = load_game("tokyo-mahjong")
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"][:players])
    match = ledger.match(m)
    result = SimpleNamespace(winning=False, extra={})  # complete, no yaku: declared, a chombo
    rules_news.chombo_said(game, (match, ledger.state(m)), result)
    units = game_units(game)
    non_dealer = sum(chombo_payments(game, 1, players, match.rules, dealer=0).values())
    dealer = sum(chombo_payments(game, 0, players, match.rules, dealer=0).values())
    (text,) = said
    # the screen's language: Japanese, as a page opens (満貫払い、合計 6,000点、親は8,000点)
    assert f"合計 {amount_in(non_dealer, units, 'ja')}" in text and f"親は{amount_in(dealer, units, 'ja')}" in text
    assert (non_dealer, dealer) == ({3: 6000, 4: 8000}[players], {3: 8000, 4: 12000}[players])


def test_without_an_open_match_the_table_in_use_is_said(said):
    game = load_game("tokyo-mahjong")
    rules_news.chombo_said(game, None, SimpleNamespace(winning=False, extra={}))
    (text,) = said
    assert "合計 8,000点" in text and "親は12,000点" in text
