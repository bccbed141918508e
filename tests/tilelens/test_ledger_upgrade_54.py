"""Session 54: what an upgrade does to an old ledger file. Opening a file of an earlier layout (hands without ids,
as tilelens before 976e815 wrote them) keeps a whole copy of it beside it before its layout is changed, records
the upgrade, and tells it once (the app's ledger page); `tilelens ledger` (read-only) changes nothing. Yaku notes
stored before cf21e04 (a ", "-separated list of the game's yaku names, in either language) are said in the reader's
language. Small words: "made the chombo"; a fresh home made by the ledger is private."""
from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import stat
from contextlib import closing
from dataclasses import asdict

import pytest

from ledger_helpers import app_home, run
import tilelens.ledger as ledger_module
from tilelens.ledger import (HandKind, HandRecord, Ledger, LedgerError, hand_note_said, hand_notes, rules_for,
                             yaku_note)

# A ledger file as tilelens before 976e815 wrote it (d22a502): hands have no ``uid`` column.
SCHEMA_BEFORE_HAND_IDS = """
    CREATE TABLE IF NOT EXISTS matches (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL,
        players TEXT NOT NULL, rules TEXT NOT NULL, created REAL NOT NULL);
    CREATE TABLE IF NOT EXISTS hands (match_id INTEGER NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL,
        kind TEXT NOT NULL, winner INTEGER, win_kind TEXT, payments TEXT NOT NULL, riichi TEXT NOT NULL,
        tenpai TEXT NOT NULL, note TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (match_id, seq));"""


@pytest.fixture
def home(tmp_path, monkeypatch):
    return app_home(tmp_path, monkeypatch)


def old_file(path, game="nogizaka", notes=("",), wal=False):
    """A ledger file of the layout before hand ids, one match of ``game`` with a won hand for each of ``notes``,
    as an older tilelens stored it (``INSERT INTO hands VALUES`` with 10 values)."""
    with closing(sqlite3.connect(path)) as db:
        if wal:
            db.execute("PRAGMA journal_mode=WAL")
        with db:
            db.executescript(SCHEMA_BEFORE_HAND_IDS)
            db.execute("INSERT INTO matches VALUES (1, ?, ?, ?, 0)",
                       (game, json.dumps(["A", "B", "C", "D"]), json.dumps(asdict(rules_for(game)))))
            for seq, note in enumerate(notes):
                db.execute("INSERT INTO hands VALUES (1, ?, 'win', 0, 'tsumo', ?, '[]', '[]', ?, 0)",
                           (seq, json.dumps({"1": 100, "2": 100, "3": 100}), note))
    _forget(path)
    return path


def _forget(path):
    ledger_module._TABLES_MADE.discard(os.path.abspath(path))


def copies(path):
    return sorted(path.parent.glob(f"{path.stem}.before-upgrade-*{path.suffix}"))


def columns(path, table="hands"):
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def rows(path):
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return (db.execute("SELECT * FROM matches").fetchall(),
                db.execute("SELECT match_id, seq, kind, note FROM hands ORDER BY seq").fetchall())


def old_version_records(path):
    """What tilelens before 976e815 did to record a hand: 10 values into ``hands``."""
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("INSERT INTO hands VALUES (1, 99, 'draw', NULL, NULL, '{}', '[]', '[]', '', 0)")


# --- 1: an upgrade keeps the file as it was, and says so once


def test_opening_an_old_ledger_keeps_a_whole_copy_before_changing_its_layout(tmp_path):
    path = old_file(tmp_path / "ledger.sqlite", notes=("", "x"))
    before = rows(path)
    ledger = Ledger(path)
    assert ledger.matches()[0].id == 1
    assert "uid" in columns(path)  # brought up to date, as before
    (copy,) = copies(path)
    assert copy.name.startswith("ledger.before-upgrade-") and copy.suffix == ".sqlite"
    assert "uid" not in columns(copy) and rows(copy) == before  # the file as it was, every row
    old_version_records(copy)  # an older tilelens can still record in the copy
    with pytest.raises(sqlite3.OperationalError, match="11 columns but 10 values"):
        old_version_records(path)  # ... and no longer in the upgraded file: what the notice warns of
    # opened again (another process, a restart): nothing more to upgrade, no second copy
    _forget(path)
    Ledger(path).add_draw(1)
    assert copies(path) == [copy]


def test_the_copy_is_whole_when_the_file_has_a_write_ahead_log_not_checkpointed(tmp_path):
    path = old_file(tmp_path / "ledger.sqlite", wal=True)
    keep = sqlite3.connect(path)  # another program holding the file open, its last hand only in the -wal
    try:
        keep.execute("PRAGMA wal_autocheckpoint=0")
        with keep:
            keep.execute("INSERT INTO hands VALUES (1, 1, 'draw', NULL, NULL, '{}', '[]', '[]', 'in the wal', 0)")
        assert os.path.getsize(f"{path}-wal") > 0
        Ledger(path).matches()
        (copy,) = copies(path)
        assert [note for *_, note in rows(copy)[1]] == ["", "in the wal"]
        assert not os.path.exists(f"{copy}-wal") and not os.path.exists(f"{copy}-journal")  # one whole file
    finally:
        keep.close()


def test_the_upgrade_is_told_once_with_where_the_copy_is(tmp_path):
    path = old_file(tmp_path / "ledger.sqlite")
    ledger = Ledger(path)
    (copy,) = copies(path)
    notice = ledger.upgrade_notice()
    assert notice is not None and notice.copy == copy and notice.done > 0
    assert ledger.upgrade_notice() == notice  # looking does not use it up
    assert ledger.take_upgrade_notice() == notice  # the page that says it takes it
    assert ledger.take_upgrade_notice() is None and ledger.upgrade_notice() is None
    _forget(path)
    assert Ledger(path).upgrade_notice() is None  # told once: not again on another phone or after a restart
    assert [u.copy for u in Ledger(path).upgrades()] == [copy]  # still on record


def test_a_new_ledger_is_no_upgrade(tmp_path):
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    ledger.add_draw(ledger.new_match("nogizaka", ["A", "B", "C", "D"]))
    assert copies(path) == [] and ledger.upgrade_notice() is None and ledger.upgrades() == []
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")  # a 0-byte file is a new ledger: nothing to keep
    Ledger(empty).new_match("nogizaka", ["A", "B", "C", "D"])
    assert copies(empty) == [] and Ledger(empty).upgrade_notice() is None


def test_an_old_file_put_in_place_while_the_app_runs_is_copied_too(tmp_path):
    """Every change of layout goes through one path: the file read again after it was swapped for an older
    one (:meth:`Ledger._query`) keeps a copy as opening does."""
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    old = old_file(tmp_path / "other.sqlite")
    os.replace(old, path)
    assert len(ledger.hands(1)) == 1
    (copy,) = copies(path)
    assert "uid" not in columns(copy) and ledger.upgrade_notice().copy == copy


def test_a_file_missing_one_of_its_tables_is_copied_before_the_table_is_made(tmp_path):
    path = tmp_path / "ledger.sqlite"
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(SCHEMA_BEFORE_HAND_IDS.split(";")[0])  # matches alone
        db.execute("INSERT INTO matches VALUES (1, 'nogizaka', ?, ?, 0)",
                   (json.dumps(["A", "B", "C", "D"]), json.dumps(asdict(rules_for("nogizaka")))))
    assert Ledger(path).hands(1) == []
    (copy,) = copies(path)
    assert "uid" in columns(path)
    with closing(sqlite3.connect(f"file:{copy}?mode=ro", uri=True)) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "matches" in tables and "hands" not in tables
        assert db.execute("SELECT id FROM matches").fetchall() == [(1,)]


def test_tilelens_ledger_reads_an_old_file_without_changing_or_copying_it(tmp_path, home, capsys):
    path = old_file(tmp_path / "ledger.sqlite", game="tokyo-mahjong", notes=("門前清自摸和, 役牌 白",))
    before = path.read_bytes()
    for argv in (("list",), ("show", "1"), ("show", "1", "--json"), ("csv", "1")):
        code, out, err = run(capsys, "ledger", *argv, "--db", str(path))
        assert code == 0, err
    assert path.read_bytes() == before and copies(path) == [] and sorted(os.listdir(tmp_path)) == sorted(
        ["ledger.sqlite", "home"] if (tmp_path / "home").exists() else ["ledger.sqlite"])


def test_a_copy_that_cannot_be_made_changes_nothing_and_says_why(tmp_path, monkeypatch):
    path = old_file(tmp_path / "ledger.sqlite")
    before = path.read_bytes()

    def full(source, target):
        target.write_bytes(b"part")  # a copy begun and cut short: not left behind
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(ledger_module, "_copy_file", full)
    with pytest.raises(LedgerError) as refused:
        Ledger(path)
    assert "copy" in str(refused.value) and "nothing was changed" in str(refused.value)
    assert "disk is full" in str(refused.value) and "コピー" in refused.value.message_ja
    assert "\n" not in str(refused.value)
    assert path.read_bytes() == before and "uid" not in columns(path) and copies(path) == []


def test_a_folder_that_takes_no_copy_leaves_the_file_viewable_as_it_is(tmp_path, monkeypatch):
    path = old_file(tmp_path / "ledger.sqlite")

    def denied(source, target):
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr(ledger_module, "_copy_file", denied)
    ledger = Ledger(path)
    assert len(ledger.hands(1)) == 1 and ledger.hands(1)[0].id and ledger.old_read_only
    with pytest.raises(LedgerError, match="read-only"):
        ledger.add_draw(1)
    assert "uid" not in columns(path) and copies(path) == []


# --- 2: yaku notes stored before cf21e04


@pytest.mark.parametrize("stored", ["門前清自摸和, 役牌 白", "Menzen Tsumo (closed self-draw), Yakuhai: white dragon"])
def test_an_old_riichi_yaku_note_is_said_in_the_readers_language(tmp_path, stored):
    path = old_file(tmp_path / "ledger.sqlite", game="tokyo-mahjong", notes=(stored,))
    ledger = Ledger(path)
    (hand,) = ledger.hands(1)
    assert hand.note == stored  # the stored hand as entered
    assert hand_note_said(hand, "en") == "Menzen Tsumo (closed self-draw), Yakuhai: white dragon"
    assert hand_note_said(hand, "ja") == "門前清自摸和、役牌 白"
    state, hands = ledger.table(1)
    assert hand_notes(["A", "B", "C", "D"], hands, state, "ja")[0] == "門前清自摸和、役牌 白"
    (table,) = ledger.tables(ledger.matches()).values()
    assert hand_note_said(table[1][0], "ja") == "門前清自摸和、役牌 白"
    note = list(csv.DictReader(io.StringIO(ledger.to_csv(1))))[1]["note"]  # after the start row
    assert note == "Menzen Tsumo (closed self-draw), Yakuhai: white dragon"


def test_tilelens_ledger_show_says_an_old_yaku_note_in_its_language(tmp_path, home, capsys, monkeypatch):
    path = old_file(tmp_path / "ledger.sqlite", game="tokyo-mahjong", notes=("門前清自摸和, 役牌 白",))
    code, out, err = run(capsys, "ledger", "show", "1", "--db", str(path))
    assert code == 0 and "note: Menzen Tsumo (closed self-draw), Yakuhai: white dragon" in out, err
    code, out, err = run(capsys, "ledger", "show", "1", "--json", "--db", str(path))
    assert json.loads(out)["hands"][0]["note"] == "Menzen Tsumo (closed self-draw), Yakuhai: white dragon"
    monkeypatch.setenv("TILELENS_LANG", "ja")
    path2 = old_file(tmp_path / "ledger2.sqlite", game="tokyo-mahjong",
                     notes=("Menzen Tsumo (closed self-draw), Yakuhai: white dragon",))
    code, out, err = run(capsys, "ledger", "show", "1", "--db", str(path2))
    assert code == 0 and "メモ: 門前清自摸和、役牌 白" in out and "Menzen" not in out, err


@pytest.mark.parametrize("game, stored, en, ja", [
    ("nogizaka", "基本セット", "Basic set", "基本セット"),
    ("yokai-watch", "Basic set", "Basic set", "基本セット"),
    # a name with the attribute value it varies by, as the scorer labels it
    ("cinderella-neo", "アンサンブルセット (キュート), シンデレラガールズ", "Ensemble Set (Cute), Cinderella Girls",
     "アンサンブルセット (キュート)、シンデレラガールズ"),
    ("cinderella-neo", "Ensemble Set (Cute)", "Ensemble Set (Cute)", "アンサンブルセット (キュート)"),
])
def test_an_old_donjara_yaku_note_is_said_in_the_readers_language(tmp_path, game, stored, en, ja):
    ledger = Ledger(old_file(tmp_path / "ledger.sqlite", game=game, notes=(stored,)))
    (hand,) = ledger.hands(1)
    assert (hand_note_said(hand, "en"), hand_note_said(hand, "ja")) == (en, ja)


@pytest.mark.parametrize("stored", ["B left early", "基本セット, B left early", "Riichi; incl. 300 for 1 honba",
                                    "基本セット,", ", 基本セット", "立直, Riichi, ", ""])
def test_any_other_old_note_is_said_as_stored(tmp_path, stored):
    game = "tokyo-mahjong" if "Riichi" in stored else "nogizaka"
    ledger = Ledger(old_file(tmp_path / "ledger.sqlite", game=game, notes=(stored,)))
    (hand,) = ledger.hands(1)
    assert hand_note_said(hand, "en") == stored and hand_note_said(hand, "ja") == stored


def test_a_list_of_yaku_in_both_languages_is_read_each_by_its_name(tmp_path):
    ledger = Ledger(old_file(tmp_path / "ledger.sqlite", game="tokyo-mahjong", notes=("立直, Tanyao (all simples)",)))
    (hand,) = ledger.hands(1)
    assert hand_note_said(hand, "en") == "Riichi, Tanyao (all simples)" and hand_note_said(hand, "ja") == "立直、断幺九"


def test_a_new_yaku_note_and_a_record_made_by_hand_are_said_as_before():
    note = yaku_note([("基本セット", "Basic set")])
    assert hand_note_said(HandRecord(0, HandKind.WIN, 0, "ron", {1: 100}, note=note), "ja") == "基本セット"
    # a HandRecord made in code knows no game: its note as stored
    assert hand_note_said(HandRecord(0, HandKind.WIN, 0, "ron", {1: 100}, note="基本セット"), "en") == "基本セット"


def test_an_old_note_of_a_game_that_no_longer_loads_is_said_as_stored(tmp_path):
    ledger = Ledger(old_file(tmp_path / "ledger.sqlite", game="gone-game", notes=("基本セット",)))
    (hand,) = ledger.hands(1)
    assert hand_note_said(hand, "en") == "基本セット"


# --- 3: small words


def test_a_chombo_paying_its_maker_says_made(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    with pytest.raises(LedgerError) as refused:
        ledger.add_chombo(m, 1, {0: 100, 1: 100, 2: 100})
    assert "made the chombo, so cannot also be paid" in str(refused.value) and "declared" not in str(refused.value)


def test_a_home_made_by_the_ledger_is_private(tmp_path, monkeypatch):
    home = tmp_path / "fresh" / "home"
    monkeypatch.setenv("TILELENS_HOME", str(home))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    old = os.umask(0o022)
    try:
        ledger = Ledger(ledger_module.default_path())
        ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    finally:
        os.umask(old)
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "fresh").stat().st_mode) == 0o755  # above the home: as any folder is made
