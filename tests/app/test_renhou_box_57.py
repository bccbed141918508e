"""Session 57: a house table without renhou (``[riichi] renhou = "none"``) offers no Renhou box on a ron (ticking it
changed nothing but a note); the shipped table still does."""
from __future__ import annotations

from app_helpers import type_hand

from app import settings

WHOLE = "123m456p789s234s11z"


def _ron(at):
    at.checkbox(key="manual_riichi").uncheck()
    at.segmented_control(key="manual_win").set_value("ron").run()
    return at


def test_no_renhou_box_where_the_table_has_none(home, page):
    text = settings.game_text("tokyo-mahjong")
    assert text.count("\n[riichi]\n") == 1
    settings.save_house_table("tokyo-mahjong", text.replace("\n[riichi]\n", '\n[riichi]\nrenhou = "none"\n', 1))
    at = _ron(type_hand(page("score_manual", "tokyo-mahjong"), WHOLE))
    assert not at.exception
    assert not [c for c in at.checkbox if c.key == "manual_first_turn"]
    assert [c for c in at.checkbox if c.key == "manual_chankan"]  # the rest of the situations are there


def test_the_shipped_table_offers_renhou(home, page):
    at = _ron(type_hand(page("score_manual", "tokyo-mahjong"), WHOLE))
    assert at.checkbox(key="manual_first_turn").label.startswith("Renhou")
