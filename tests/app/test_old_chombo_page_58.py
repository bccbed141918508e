"""Session 58 (R2 4): a Tokyo Mahjong match that keeps no chombo because it started before tilelens recorded a riichi
chombo is said so on the ledger page ("This match started before…"), not "its rules set no penalty for one" beside a
Rules page and a new match that pay a reverse mangan."""
from __future__ import annotations

from dataclasses import replace

import pytest

from tilelens.ledger import Ledger, rules_for

GAME = "tokyo-mahjong"


@pytest.mark.parametrize("lang, older, not_said", [
    ("en", "started before tilelens recorded a riichi chombo", "its rules set no penalty"),
    ("ja", "チョンボを記録するようになる前に", "ルールにチョンボの罰符がありません")])
def test_an_old_tokyo_match_keeping_no_chombo_says_why(home, page, lang, older, not_said):
    Ledger(home / "ledger.sqlite").new_match(GAME, ["Ann", "Bo", "Cy", "Di"],
                                             replace(rules_for(GAME), chombo_penalty=0))
    at = page("ledger", GAME, lang=lang)
    captions = [c.value for c in at.caption]
    assert any(older in c for c in captions), captions
    assert not any(not_said in c for c in captions), captions
