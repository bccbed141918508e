"""Renaming a player of a match (52): a typo in a name was kept for ever. ``Ledger.rename_player`` takes the
checks a new match's names take (not empty, not another player's name at the table), says a refusal in both
languages, and the whole history says the new name (the totals, the CSV, who paid a tsumo's remainder)."""
from __future__ import annotations

import pytest

from scorer import TilelensInputError
from tilelens.ledger import Ledger, LedgerError, note_said, yaku_note


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def test_a_renamed_player_is_named_so_everywhere(ledger):
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cyy"])
    ledger.add_win(m, 2, "tsumo", {0: 40, 1: 40},
                   note=yaku_note([("基本セット", "Basic set")], remainder_payers=["Cyy", "Ann"]))
    ledger.add_win(m, 1, "ron", {2: 80})
    ledger.rename_player(m, "Cyy", "  Cy ")
    assert ledger.match(m).players == ("Ann", "Bo", "Cy")
    csv_text = ledger.to_csv(m)
    assert "Cyy" not in csv_text and "Cy" in csv_text
    (_, hand2) = ledger.hands(m)[:2]
    assert hand2.payments == {2: 80}  # the seats kept: the hands still count for the same player
    note = ledger.hands(m)[0].note
    assert note_said(note, "en").endswith("remainder paid by Cy, Ann")
    assert ledger.state(m).totals == (960, 1040, 1000)  # the same totals, replayed


@pytest.mark.parametrize("old, new, en, ja", [
    ("Bo", "   ", "empty", "空"),
    ("Bo", "Ann", "Ann", "Ann"),
    ("Zed", "Zoe", "Zed", "Zed"),
])
def test_a_rename_that_cannot_be_made_is_one_clear_message(ledger, old, new, en, ja):
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    with pytest.raises(LedgerError) as caught:
        ledger.rename_player(m, old, new)
    assert isinstance(caught.value, TilelensInputError)
    text_en, text_ja = str(caught.value), caught.value.message_ja
    assert en in text_en and ja in text_ja
    assert "Traceback" not in text_en
    assert ledger.match(m).players == ("Ann", "Bo", "Cy")  # nothing changed


def test_a_rename_of_a_match_that_is_not_there_is_refused(ledger):
    with pytest.raises(LedgerError):
        ledger.rename_player(7, "Ann", "Anne")


def test_renaming_to_the_same_name_changes_nothing(ledger):
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.rename_player(m, "Ann", "Ann")
    assert ledger.match(m).players == ("Ann", "Bo", "Cy")
