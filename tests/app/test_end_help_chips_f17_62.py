"""Session 62 (F17): "End this match now"'s help (``ledger_view.end_match_panel``) speaks of riichi chips left on the
table only where the game has a riichi chip (Cinderella Girls' Standby takes none: ``riichi_chip = 0``), and says what
the button is for plainly (「ルールで決まった終わりより前にやめるときに使います」, not 「ルールの終わりの前にやめる卓のため
のものです」)."""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tilelens.ledger import Ledger

PLAYERS = ["Ann", "Bo", "Cy"]
PLAIN = {"en": "Use it to stop before the end the rules set", "ja": "ルールで決まった終わりより前にやめるときに使います"}
CHIPS = {"en": "chips", "ja": "チップ"}


def _panel(match_id: int) -> None:
    from app.components import ledger_view, resources

    ledger = resources.ledger()
    match = ledger.match(match_id)
    state, hands = ledger.table(match)
    ledger_view.end_match_panel(match, state, hands)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game, chips", [("cinderella-neo", False), ("yokai-watch", True), ("tokyo-mahjong", True)])
def test_the_end_help_names_chips_only_where_the_game_has_them(home, game, chips, lang):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(game, PLAYERS)
    ledger.add_draw(m)
    at = AppTest.from_function(_panel, args=(m,), default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    (help_,) = [c.value for c in at.caption if PLAIN[lang] in c.value]
    assert (CHIPS[lang] in help_) is chips, help_
    assert "卓のためのもの" not in help_ and "For a table that stops" not in help_
    assert "対局の終了を取り消す" in help_ if lang == "ja" else "Undo the end of the match" in help_
    assert ("uma" in help_ or "ウマ" in help_) is (game == "tokyo-mahjong"), help_
