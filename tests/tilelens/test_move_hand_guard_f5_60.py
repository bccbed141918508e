"""A move whose add raises loses no hand (session 60, F5; review RV1): ``Ledger.move_hand`` took the hand out, then
ran ``add`` unguarded, so an exception there (a file busy, a bug in the page's add) left the hand in neither match.
Now the hand is put back as for a refusal, its own id kept, and the exception raised again; where it cannot be put
back either, the exception says so (a note naming the hand)."""
from __future__ import annotations

import pytest

from tilelens.ledger import Ledger, LedgerError


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def _wrong_match(ledger):
    """Ann's table (#1, one hand) and the other table's (#2): Bo's tsumo added to #2 by mistake."""
    first = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(first, 0, "tsumo", {1: 40, 2: 40, 3: 40})
    second = ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    uid = ledger.add_win(second, 1, "tsumo", {0: 40, 2: 40, 3: 40})
    return first, second, uid


@pytest.mark.parametrize("error", [RuntimeError("a bug in the page's add"),
                                   LedgerError("the ledger file is busy", "台帳のファイルが使用中です")],
                         ids=["a-bug", "a-ledger-error"])
def test_an_add_that_raises_puts_the_hand_back_and_raises_again(ledger, error):
    first, second, uid = _wrong_match(ledger)
    before = ledger.hands(second)

    def add():
        raise error

    with pytest.raises(type(error)) as raised:
        ledger.move_hand(second, uid, 1, add)
    assert raised.value is error
    assert ledger.hands(second) == before  # back as it was, its own id kept
    assert len(ledger.hands(first)) == 1


def test_an_add_that_raises_after_the_table_moved_on_says_the_hand_is_not_back(ledger):
    first, second, uid = _wrong_match(ledger)

    def add():  # the other table's hand recorded in the gap, then the add fails
        ledger.add_draw(second)
        raise RuntimeError("a bug in the page's add")

    with pytest.raises(RuntimeError) as raised:
        ledger.move_hand(second, uid, 1, add)
    assert uid not in [h.id for h in ledger.hands(second)]
    assert any(uid in note and "not put back" in note for note in getattr(raised.value, "__notes__", []))


def test_a_keyboard_interrupt_in_add_puts_the_hand_back_too(ledger):
    first, second, uid = _wrong_match(ledger)

    def add():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ledger.move_hand(second, uid, 1, add)
    assert [h.id for h in ledger.hands(second)] == [uid]
