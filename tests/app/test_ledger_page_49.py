"""The ledger page (49): another program's database named as the ledger file is refused in one message, nothing
written into it; a hand stored without what its kind needs (a chombo with no declarer, a win with no winner) or
in a form the ledger does not store is one message naming the match and the hand, never a Python exception's name;
a "move aside" that failed because another phone had moved the file already leaves no message behind it."""
from __future__ import annotations

import re
import sqlite3

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger, move_aside

GAME = "tokyo-mahjong"
PYTHON = re.compile(r"\b\w*(Error|Exception)\b|Traceback|NoneType|object has no attribute|not subscriptable")


def _tables(path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


@pytest.mark.parametrize("lang, said", [("en", "is not a ledger file"), ("ja", "成績表のファイルではありません")])
def test_another_programs_database_is_refused_and_nothing_is_written_into_it(home, page, lang, said):
    path = home / "ledger.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        db.execute("INSERT INTO notes (body) VALUES ('shopping')")
    before = path.read_bytes()
    for name in ("ledger", "score_manual"):
        at = page(name, "yokai-watch", lang=lang)
        assert not at.exception, [e.value for e in at.exception]
        if name == "ledger":
            assert len(at.error) == 1 and said in at.error[0].value and str(path) in at.error[0].value, \
                [e.value for e in at.error]
            assert not [b for b in at.button if (b.key or "") == "ledger_move_aside"]  # the other program's file
    assert path.read_bytes() == before and _tables(path) == {"notes"}


@pytest.mark.parametrize("made", ["no file", "empty file"])
def test_a_new_empty_file_or_none_still_starts_a_ledger(home, page, made):
    path = home / "ledger.sqlite"
    if made == "empty file":
        path.write_bytes(b"")
    at = page("ledger", "yokai-watch")
    assert not at.exception and not at.error, [e.value for e in at.error]
    at.text_input(key="ledger_names").set_value("Ann, Bo")
    (button,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_new")]
    button.click().run()
    assert not at.exception and not at.error and Ledger(path).matches()[0].players == ("Ann", "Bo")


# A hand edited by hand (``?``: its match), the kind it was entered as, and what the message names.
CASES = {
    "chombo, no declarer, no payments": ("chombo", "winner = NULL, payments = '{}'", "chombo"),
    "win, no winner": ("win", "winner = NULL", "win with no winner"),
    "kind not known": ("win", "kind = 'riichi'", "'riichi'"),
    "win, neither ron nor tsumo": ("win", "win_kind = 'foo'", "no ron or tsumo"),
    "payments a list": ("win", "payments = '[1000]'", "payments"),
    "riichi a number": ("win", "riichi = '5'", "riichi"),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("lang, word, hand", [("en", "match #{id}", "hand 1"), ("ja", "対局 #{id}", "1局目")])
def test_a_hand_stored_wrong_is_one_message_naming_the_hand_without_python_words(home, page, case, lang, word, hand):
    kind, change, words = CASES[case]
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["A", "B", "C", "D"])
    if kind == "win":
        ledger.add_win(m, 1, "ron", {2: 1000}, riichi=[1])
    else:
        ledger.add_chombo(m, 2, {0: 4000, 1: 2000, 3: 2000})
    with sqlite3.connect(ledger.path) as db:
        db.execute(f"UPDATE hands SET {change} WHERE match_id = ?", (m,))
    at = page("ledger", GAME, lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and word.format(id=m) in errors[0] and hand in errors[0], errors
    assert lang == "ja" or words in errors[0], errors
    assert not PYTHON.search(texts(at)), texts(at)
    assert [b for b in at.button if (b.key or "").startswith("ledger_undo_")]  # its last hand may be undone


def test_a_move_aside_another_phone_made_first_leaves_no_message_for_later(home, page):
    """Two phones show the damaged file; the other one moves it aside first: this one's tap finds no file. The
    ledger opens (a new one) on that run: the refusal is not kept, to be shown under a damaged file met later."""
    path = home / "ledger.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    at = page("ledger", "yokai-watch")
    assert len(at.error) == 1 and at.button(key="ledger_move_aside")
    move_aside(path)  # the other phone
    at.button(key="ledger_move_aside").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert "ledger_move_error" not in at.session_state
    assert any("moved already" in i.value for i in at.info), [i.value for i in at.info]  # why nothing was moved
    assert at.text_input(key="ledger_names")  # the new ledger: a match can be started
    path.unlink(missing_ok=True)  # session 52: a new ledger's file is made by its first change
    path.write_bytes(b"damaged again" * 100)  # a damaged file met later
    at.run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "damaged" in errors[0] and "to move aside" not in errors[0], errors
