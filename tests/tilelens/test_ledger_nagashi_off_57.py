"""Session 57: a game whose rules switch nagashi mangan off (``[riichi] nagashi = false``) had the ledger's draw form
hide its Nagashi box, while the ledger itself (and so `tilelens`'s Python users) still paid one."""
from __future__ import annotations

import pytest

from scorer import load_game
from scorer.catalog import GAMES_DIR
from tilelens import ledger as ledger_module
from tilelens.ledger import Ledger, LedgerError


def _no_nagashi(tmp_path):
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    path = tmp_path / "tokyo-mahjong.toml"
    path.write_text(text.replace("\n[riichi]\n", "\n[riichi]\nnagashi = false\n", 1), encoding="utf-8")
    return load_game(str(path))


def test_a_nagashi_is_refused_where_the_rules_have_none(tmp_path, monkeypatch):
    game = _no_nagashi(tmp_path)
    monkeypatch.setattr(ledger_module, "kept_game", lambda game_id: game)
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match(game, ["Ann", "Bo", "Cy", "Di"], ledger_module.rules_for(game))  # kept from its start
    with pytest.raises(LedgerError, match=r"nagashi mangan is off") as refused:
        ledger.add_draw(m, tenpai=(), nagashi=(1,))
    assert "流し満貫はありません" in refused.value.message_ja
    assert ledger.hands(m) == []  # nothing recorded
    ledger.add_draw(m, tenpai=(0,))  # a plain draw still is


def test_the_shipped_table_still_pays_a_nagashi(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, tenpai=(), nagashi=(1,))
    assert len(ledger.hands(m)) == 1
