"""The ledger page (50): after a head bump its hands say the honba as moved, not as included; the first column is
named for what it holds (the entry's number); Japanese rows use one bracket width; after the end the round line
says plainly how far the deals went; a riichi from a player without the 1,000 for its stick is refused on the
draw form in the page's language.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _double_ron(home) -> int:
    """plan2.py: Di entered first (2,300 with the table's 1 honba), Cy (nearer the discarder Bo) second."""
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0, 2), riichi=(0, 2))
    ledger.add_win(m, 3, "ron", {1: 2300})
    ledger.add_win(m, 2, "ron", {1: 5200}, same_discard=True, honba=0)
    return m


@pytest.mark.parametrize("lang, entry, moved", [("en", "Entry", "plus 300 for 1 honba passed from Di"),
                                                ("ja", "入力順", "1本場分 300点も獲得 (Diの記録から移動")])
def test_the_hands_say_the_honba_as_moved_under_an_entry_column(home, page, lang, entry, moved):
    _double_ron(home)
    at = page("ledger", GAME, lang=lang)
    assert not at.exception and not at.error, [e.value for e in at.error]
    table = at.dataframe[0].value
    assert table.columns[0] == entry and "#" not in table.columns
    notes = " | ".join(map(str, table.iloc[:, 2]))
    assert moved in notes and "incl. 300" not in notes and "300点を含む" not in notes
    results = " ".join(map(str, table.iloc[:, 1]))
    if lang == "ja":  # one bracket width, as the rest of the Japanese screens, one bracket group (51)
        assert "（" not in results and "）" not in results and "Cy ロン (Boから、同じ捨て牌)" in results, results


@pytest.mark.parametrize("lang, said, old", [("en", "Ended with 1 of 8 deals finished", "Deals 1/8"),
                                             ("ja", "終了 (8局中1局)", "親 1/8")])
def test_after_the_end_the_round_line_says_how_far_the_deals_went(home, page, lang, said, old):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 2, "ron", {1: 26000})  # Bo below 0 in East 1: the deal had passed on once
    assert ledger.state(m).ended
    at = page("ledger", GAME, lang=lang)
    body = texts(at)
    assert said in body and old not in body, body


@pytest.mark.parametrize("lang, said", [("en", "may not declare riichi"), ("ja", "リーチできません")])
def test_a_riichi_without_the_points_for_its_stick_is_refused_on_the_draw_form(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 24100})  # Bo at 900
    at = page("ledger", GAME, lang=lang)
    (form,) = [k for k in (w.key for w in at.multiselect) if k and k.startswith("ledger_draw_riichi_")]
    at.multiselect(key=form).set_value([1])
    (button,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_draw_")]
    button.click().run()
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert said in errors and "900" in errors, errors
    assert len(ledger.hands(m)) == 1  # nothing recorded
