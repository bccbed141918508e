"""Session 67 (a review): a riichi table played without red fives (``[riichi] red_fives = false``). The
indicator pickers (dora, ura dora, own discards) offered the red fives 0m/0p/0s and capped a plain five at the set's
3 copies, while the scorer takes four plain fives there and the meld builder offered no red five. The pickers offer
what the table plays now: no red five, four plain fives; a table with red fives is offered as before."""
from __future__ import annotations

import pytest
from app_helpers import no_red_table, tap, texts
from app_helpers import type_hand as typed

WHOLE = "123m456p789s234s11z"


def riichi_hand(page, lang: str = "en"):
    at = typed(page("score_manual", "tokyo-mahjong", lang), WHOLE)
    at.checkbox(key="manual_riichi").check().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def offered(at) -> set[str]:
    return {b.key for b in at.button if b.key}


def test_no_red_five_is_offered_and_four_plain_fives_are(home, page):
    no_red_table(home)
    at = riichi_hand(page)
    keys = offered(at)
    for picker in ("dora", "ura", "discards"):
        assert f"manual_{picker}_add_5m" in keys, picker
        assert not {f"manual_{picker}_add_0{s}" for s in "mps"} & keys, picker
    for _ in range(4):  # a kan's indicators: the set's four fives, none red at this table
        tap(at, "manual_dora_add_5m")
    (_, _, kwargs), result = at.session_state["manual_scored_kept"]
    assert kwargs["dora_indicators"] == ["5m"] * 4, kwargs
    assert at.button(key="manual_dora_add_5m").disabled and "all 4 chosen" in texts(at)
    assert not at.error, [e.value for e in at.error]


def test_the_own_discards_take_four_plain_fives_too(home, page):
    no_red_table(home)
    at = riichi_hand(page)
    for _ in range(4):
        tap(at, "manual_discards_add_5p")
    assert at.session_state["manual_discards"] == ["5p"] * 4
    assert at.button(key="manual_discards_add_5p").disabled


def test_a_table_with_red_fives_is_offered_as_before(home, page):
    at = riichi_hand(page)
    assert "manual_dora_add_0m" in offered(at) and "manual_ura_add_0p" in offered(at)
    for _ in range(3):
        tap(at, "manual_dora_add_5m")
    assert at.button(key="manual_dora_add_5m").disabled and "all 3 chosen" in texts(at)  # the fourth is 0m
    tap(at, "manual_dora_add_0m")
    assert at.button(key="manual_dora_add_0m").disabled


@pytest.mark.parametrize("kind", ["kan", "ankan"])
def test_the_meld_builder_makes_a_kan_of_four_plain_fives(home, page, kind):
    """The builder offered no red five there, but refused the kan 5555m it wrote: "the set has 3 of 5 Man"."""
    no_red_table(home)
    at = typed(page("score_manual", "tokyo-mahjong"), "123m456p789s11z")
    at.segmented_control(key="manual_meld_kind").set_value(kind).run()
    assert "manual_meld_0m" not in offered(at)
    tap(at, "manual_meld_5m")
    assert "5555m" in at.session_state["manual_melds"], at.session_state["manual_melds"]
    assert "manual_refused" not in at.session_state or not at.session_state["manual_refused"]
