"""Session 57 (R4 W2): a hand paid a mangan by renhou (``[riichi] renhou = "mangan"``) was noted in the ledger as
"5 han, mangan", the han its other yaku and dora do not change; noted as the mangan alone, as the score pages say."""
from __future__ import annotations

import json

from scorer import load_game
from scorer.riichi import score
from scorer.riichi_rules import RiichiRules
from tilelens.ledger import result_note

GAME = load_game("tokyo-mahjong")


def _said(note: str) -> str:
    return note if not note.startswith("{") else json.dumps(json.loads(note), ensure_ascii=False)


def test_a_renhou_mangan_is_noted_without_its_han():
    result = score(GAME, "234m456p345s66s678s", win_tile="8s", renhou=True, rules=RiichiRules(renhou="mangan"))
    said = _said(result_note(GAME, result))
    assert "mangan" in said and "5 han" not in said and '"han": 5' not in said, said


def test_a_plain_hand_keeps_its_han():
    result = score(GAME, "234m456p345s66s678s", win_tile="8s", riichi=True)
    said = _said(result_note(GAME, result))
    assert '"han": 3' in said or "3 han" in said, said
