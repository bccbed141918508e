"""Session 49: "keep this file under another name and start a new ledger". A tap moves only the file the message
was shown for: a second phone still showing the old message, tapping after the first one moved it and started a
new ledger, refuses (the new ledger and its matches kept), in one message; the note saying where the old file went
stays on the page (a language switch, any tap) until the player taps OK."""
import pytest

from tilelens import ledger as ledger_module
from tilelens.ledger import Ledger, LedgerError, move_aside

DAMAGED = b"this is not a database" * 100


def start(at, names):
    at.text_input(key="ledger_names").set_value(names)
    (button,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_new")]
    button.click().run()
    return at


def _aside(home):
    return sorted(p.name for p in home.iterdir() if ".damaged-" in p.name)


@pytest.mark.parametrize("lang, said", [("en", "moved already"), ("ja", "すでに名前が変えられ")])
def test_a_second_phones_tap_keeps_the_new_ledger_the_first_phone_started(home, page, lang, said):
    path = home / "ledger.sqlite"
    path.write_bytes(DAMAGED)
    a = page("ledger", "yokai-watch", lang=lang)
    b = page("ledger", "yokai-watch", lang=lang)
    assert a.button(key="ledger_move_aside") and b.button(key="ledger_move_aside")
    a.button(key="ledger_move_aside").click().run()
    start(a, "Ann, Bo, Cy, Di")
    (first,) = [m.id for m in Ledger(path).matches()]
    b.button(key="ledger_move_aside").click().run()  # still showing the old message
    assert not b.exception and not b.error, [e.value for e in b.error]
    assert [m.id for m in Ledger(path).matches()] == [first]  # the new ledger stays where it is
    assert len(_aside(home)) == 1  # only the damaged file was kept aside
    infos = [i.value for i in b.info if said in i.value]
    assert len(infos) == 1 and ("working" in infos[0] or lang == "ja"), [i.value for i in b.info]
    a.run()
    assert not a.exception and not a.error and a.selectbox(key="ledger_match_yokai-watch").value.id == first


def test_move_aside_refuses_a_file_other_than_the_one_shown(tmp_path):
    file_mark = ledger_module.file_mark
    path = tmp_path / "ledger.sqlite"
    path.write_bytes(DAMAGED)
    shown = file_mark(path)
    moved = move_aside(path, expected=shown)
    assert moved.read_bytes() == DAMAGED and not path.exists()
    match = Ledger(path).new_match("yokai-watch", ["A", "B"])  # the new ledger, started by another phone
    with pytest.raises(LedgerError) as refused:
        move_aside(path, expected=shown)
    assert "moved already" in str(refused.value) and "working" in str(refused.value)
    assert "すでに" in refused.value.message_ja
    with pytest.raises(LedgerError):  # a readable ledger is never moved aside, whatever the caller saw
        move_aside(path)
    assert [m.id for m in Ledger(path).matches()] == [match] and len(list(tmp_path.iterdir())) == 2
    path.unlink()
    path.write_bytes(b"damaged in another way" * 50)  # another damaged file in its place: not the one shown
    with pytest.raises(LedgerError) as refused:
        move_aside(path, expected=shown)
    assert "not the one" in str(refused.value) and path.exists()
    assert move_aside(path, expected=file_mark(path)).read_bytes() == b"damaged in another way" * 50
    assert ledger_module.file_mark(path) is None


@pytest.mark.parametrize("lang, other, said", [("en", "ja", "として残しました"), ("ja", "en", "is kept as")])
def test_the_note_where_the_old_file_went_stays_until_ok(home, page, lang, other, said):
    path = home / "ledger.sqlite"
    path.write_bytes(DAMAGED)
    at = page("ledger", "yokai-watch", lang=lang)
    at.button(key="ledger_move_aside").click().run()
    (kept,) = _aside(home)
    assert len(at.success) == 1 and kept in at.success[0].value
    at.session_state["lang"] = other  # the language switch
    at.run()
    assert len(at.success) == 1 and said in at.success[0].value and kept in at.success[0].value, \
        [s.value for s in at.success]
    at.run()  # any other tap
    assert len(at.success) == 1 and kept in at.success[0].value
    at.button(key="ledger_moved_ok").click().run()
    assert not at.exception and not at.success and at.text_input(key="ledger_names")
    at.run()
    assert not at.success
