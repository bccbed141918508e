"""Session 53: the ledger page names its file as the Rules page names one (``app.settings.short_path``: from ~, or
from $TILELENS_HOME); a player's card says what its change is (the last hand's); hands edited in the file are read as they are now."""
import pytest
from app_helpers import texts

from tilelens.ledger import Ledger


def test_the_page_has_one_short_path_the_settings_one():
    from app.components import ledger_view

    assert not hasattr(ledger_view, "short_path")


@pytest.mark.parametrize("lang, file_is", [("en", "Ledger file: "), ("ja", "成績表のファイル: ")])
def test_the_ledger_file_is_named_from_tilelens_home(home, page, monkeypatch, lang, file_is):
    """The ledger in tilelens's data folder set elsewhere (TILELENS_HOME, not under ~): named from there, as the Rules
    page names that folder's files, the full path in the caption's help."""
    path = home / "home" / "ledger.sqlite"
    monkeypatch.setenv("TILELENS_LEDGER", str(path))
    at = page("ledger", "yokai-watch", lang=lang)
    (said,) = [c for c in at.caption if c.value.startswith(file_is)]  # the empty page: which file
    assert said.value == file_is + "$TILELENS_HOME/ledger.sqlite"
    assert said.proto.help == str(path)
    Ledger(path).new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    at = page("ledger", "yokai-watch", lang=lang)
    (said,) = [c for e in at.expander for c in e.caption if c.value.startswith(file_is)]  # under its expander
    assert said.value == file_is + "$TILELENS_HOME/ledger.sqlite" and said.proto.help == str(path)
    assert str(path) not in texts(at)


@pytest.mark.parametrize("lang, last", [("en", "last hand"), ("ja", "前の局")])
def test_a_cards_change_says_it_is_the_last_hands(home, page, lang, last):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 1, "ron", {2: 40})
    at = page("ledger", "yokai-watch", lang=lang)
    assert [c.delta for c in at.metric] == ["", "+40", "-40"]
    assert [c.proto.delta_description for c in at.metric] == ["", last, last]  # beside a change only


def test_no_card_has_a_change_before_the_first_hand(home, page):
    Ledger(home / "ledger.sqlite").new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    at = page("ledger", "yokai-watch")
    assert [(c.delta, c.proto.delta_description) for c in at.metric] == [("", "")] * 3


def test_a_hand_changed_by_another_phone_is_read_as_it_is_now(home, page):
    """Hands decoded before are used again only where they are stored as they were: a name corrected on another
    phone (each hand's note naming it rewritten) is read anew."""
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 1, "tsumo", {0: 1000, 2: 500, 3: 500}, note='{"remainder_payers": ["Ann"]}')
    before = ledger.hands(m)
    import sqlite3

    with sqlite3.connect(ledger.path) as db:  # as a hand-editing tool would
        db.execute("UPDATE hands SET note = 'edited' WHERE match_id = ?", (m,))
    assert [h.note for h in ledger.hands(m)] == ["edited"] and before[0].note != "edited"
