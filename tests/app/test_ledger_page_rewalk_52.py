"""A re-walk of the ledger page (52): a nagashi mangan said in the hands table and its fold; every deleted match can be
brought back, the latest first; a tap on a match that is gone is said at once (and never later, elsewhere); a match
brought back where its number is taken comes back under a new one, said; Bring it back refused after another phone's
hand names the hand and stays offered; after a rename the undo message says the new name; a comma in a new name;
an earlier version's file that can only be read is said up front."""
import sqlite3
from contextlib import closing

from tilelens.ledger import Ledger, note_said, yaku_note

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _buttons(at, prefix):
    return [b for b in at.button if (b.key or "").startswith(prefix)]


def _draw(at, **chosen):
    for k, v in chosen.items():
        (box,) = [b for b in at.multiselect if b.key.startswith(f"ledger_draw_{k}_")]
        box.set_value(list(v))
    (button,) = _buttons(at, "FormSubmitter:ledger_draw")
    button.click().run()
    return at


def _start(at, names):
    at.text_input(key="ledger_names").set_value(names)
    (button,) = _buttons(at, "FormSubmitter:ledger_new")
    button.click().run()
    return at


def _delete(at, match_id):
    at.checkbox(key=f"ledger_delete_sure_{match_id}").check().run()
    (delete,) = _buttons(at, "ledger_delete_")
    delete.click().run()
    return at


def test_a_nagashi_mangan_is_said_in_the_hands_table_and_its_fold(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    for lang, said in (("en", "Draw · nagashi mangan: Cy"), ("ja", "流局 · 流し満貫: Cy")):
        at = page("ledger", "tokyo-mahjong", lang=lang)
        if lang == "en":
            _draw(at, tenpai=[0, 2], nagashi=[2])
            assert ledger.table(m)[1][0].nagashi == (2,)
        table = at.dataframe[0]  # the hands table first (Tonight's totals below it since session 57)
        assert table.value.iloc[0, 1] == said, table.value.iloc[0].tolist()
        fold = "\n".join(md.value for md in at.markdown)
        assert f"1 · {said}" in fold, fold


def test_every_deleted_match_can_be_brought_back_latest_first(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    a = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(a, tenpai=[0])
    b = ledger.new_match("tokyo-mahjong", ["Eve", "Fay", "Gus", "Hal"])
    at = page("ledger", "tokyo-mahjong")
    _delete(at, b)
    _delete(at, a)
    assert ledger.matches() == []
    said = " ".join(s.value for s in at.success)
    assert f"#{a}" in said and f"#{b}" in said, said  # both named, both still to bring back
    back = at.button(key="ledger_undelete")
    assert f"#{a}" in back.label
    back.click().run()
    assert [m.id for m in ledger.matches()] == [a]
    back = at.button(key="ledger_undelete")
    assert f"#{b}" in back.label
    back.click().run()
    assert sorted(m.id for m in ledger.matches()) == [a, b]
    assert ledger.table(a)[0].hands == 1
    assert not _buttons(at, "ledger_undelete") and not at.error and not at.exception


def test_a_tap_on_a_match_that_is_gone_is_said_at_once_and_not_later(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("tokyo-mahjong", PLAYERS)
    at = page("ledger", "tokyo-mahjong")
    (home / "ledger.sqlite").unlink()  # the file removed (or the match deleted on another phone)
    _draw(at)
    errors = [e.value for e in at.error]
    assert any("Not recorded" in e and "#1" in e and "no longer in the ledger" in e for e in errors), errors
    _start(at, "Eve, Fay, Gus, Hal")
    assert not at.error, [e.value for e in at.error]  # not said again beside the new match
    assert any("#1" in s.value and "started" in s.value for s in at.success)


def test_a_tap_on_a_match_that_is_gone_is_said_in_japanese(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("tokyo-mahjong", PLAYERS)
    at = page("ledger", "tokyo-mahjong", lang="ja")
    (home / "ledger.sqlite").unlink()
    _draw(at)
    assert any("記録していません" in e.value and "#1" in e.value for e in at.error), [e.value for e in at.error]


def test_a_deleted_match_whose_number_is_taken_comes_back_under_a_new_one(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=[0])
    at = page("ledger", "tokyo-mahjong")
    _delete(at, m)
    (home / "ledger.sqlite").rename(home / "ledger-old.sqlite")  # moved aside; a new #1 started
    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", ["Eve", "Fay", "Gus", "Hal"])
    at.button(key="ledger_undelete").click().run()
    assert not at.error, [e.value for e in at.error]
    ledger = Ledger(home / "ledger.sqlite")
    assert sorted(x.players[0] for x in ledger.matches()) == ["Ann", "Eve"]
    back = next(x for x in ledger.matches() if x.players[0] == "Ann")
    assert back.id == 2 and ledger.table(back.id)[0].hands == 1
    assert any("#1" in s.value and "#2" in s.value for s in at.success), [s.value for s in at.success]


def _ron_undone(home, page):
    """A riichi match whose one hand (Bo's ron off Di, 3,900) this phone has just undone: ledger, match id, page."""
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 1, "ron", {3: 3900})
    at = page("ledger", "tokyo-mahjong")
    (undo,) = _buttons(at, "ledger_undo_")
    undo.click().run()
    return ledger, m, at


def test_bring_it_back_after_another_phones_hand_names_the_hand_and_stays_offered(home, page):
    ledger, m, at = _ron_undone(home, page)
    other = ledger.add_draw(m, tenpai=[0])  # another phone records a hand
    at.run()
    said = " ".join(x.value for x in [*at.info, *at.warning, *at.error])
    assert "Bo ron from Di, 3,900" in said and "not brought back" in said, said
    assert at.button(key="ledger_redo").disabled  # offered again once that hand is undone
    ledger.undo(m, expected_last=other)
    at.run()
    at.button(key="ledger_redo").click().run()
    assert ledger.table(m)[1][0].payments == {3: 3900}


def test_after_a_rename_bring_it_back_says_the_new_name_and_the_note_follows(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cyy"])
    ledger.add_win(m, 1, "tsumo", {0: 40, 2: 40}, note=yaku_note([("基本セット", "Basic set")], remainder_payers=["Cyy"]))
    at = page("ledger", "yokai-watch")
    (undo,) = _buttons(at, "ledger_undo_")
    undo.click().run()
    ledger.rename_player(m, "Bo", "Bob")
    ledger.rename_player(m, "Cyy", "Cy")
    at.run()
    said = " ".join(s.value for s in at.success)
    assert "Bob" in said and "Bo " not in said, said
    at.button(key="ledger_redo").click().run()
    said = " ".join(s.value for s in at.success)
    assert "Bob" in said, said
    assert note_said(ledger.hands(m)[0].note, "en").endswith("remainder paid by Cy")


def test_a_comma_in_a_new_name_is_refused_in_the_form(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    for lang, word in (("en", "comma"), ("ja", "カンマ")):
        at = page("ledger", "yokai-watch", lang=lang)
        (who,) = [s for s in at.selectbox if (s.key or "").startswith("ledger_rename_old_")]
        who.set_value(1)
        (new,) = [s for s in at.text_input if (s.key or "").startswith("ledger_rename_new_")]
        new.set_value("Bo, Cy")
        (button,) = _buttons(at, "FormSubmitter:ledger_rename")
        button.click().run()
        assert any(word in e.value for e in at.error), [e.value for e in at.error]
    assert ledger.match(m).players == ("Ann", "Bo", "Cy")


def test_an_old_ledger_that_can_only_be_read_is_said_up_front(home, page, monkeypatch):
    import tilelens.ledger as module

    path = home / "ledger.sqlite"
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE hands (match_id INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, "
                   "winner INTEGER, win_kind TEXT, payments TEXT NOT NULL, riichi TEXT NOT NULL, tenpai TEXT NOT NULL, "
                   "note TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (match_id, seq))")
        db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL, "
                   "players TEXT NOT NULL, rules TEXT NOT NULL, created REAL NOT NULL)")
        db.execute("INSERT INTO matches (game_id, players, rules, created) VALUES ('tokyo-mahjong', "
                   "'[\"Ann\", \"Bo\", \"Cy\", \"Di\"]', '{}', 0)")
    connect = sqlite3.connect
    monkeypatch.setattr(module.sqlite3, "connect", lambda p, **kw: connect(f"file:{p}?mode=ro", uri=True, **kw))
    for lang, words in (("en", ("can be viewed", "earlier version")), ("ja", ("見られます", "以前の版"))):
        at = page("ledger", "tokyo-mahjong", lang=lang)
        assert not at.exception
        said = " ".join(w.value for w in [*at.warning, *at.info])
        assert all(w in said for w in words), said


def test_a_hand_this_phone_records_after_an_undo_drops_the_offer_without_a_word(home, page):
    ledger, m, at = _ron_undone(home, page)
    _draw(at, tenpai=[0])  # the right hand entered here
    assert not _buttons(at, "ledger_redo") and not at.warning, [w.value for w in at.warning]
    (undo,) = _buttons(at, "ledger_undo_")
    undo.click().run()
    at.session_state["photo_tokyo-mahjong_last_added"] = ledger.add_draw(m)  # as a score page's Add to ledger keeps it
    at.run()
    assert not _buttons(at, "ledger_redo") and not at.warning, [w.value for w in at.warning]
