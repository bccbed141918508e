"""The ledger in a hostile place: a named pipe or a device named as a ledger file
(`--db`, `merge`'s other file, TILELENS_LEDGER) is refused at once, in one line naming what it is, never opened (a
pipe opened to read waits for a writer for ever; /dev/zero and /dev/null read as an empty ledger, "nothing to add");
`ledger csv --out` a named pipe is refused as `label export` refuses it (not "exists already", nor a wait for ever);
a merge into a ledger whose folder cannot be written says so, as `ledger end` does, not "a copy could not be kept".
Each command that could wait runs in a subprocess with a timeout."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tilelens.ledger import Ledger, LedgerError
from tilelens.ledger_merge import merge_ledgers

ROOT = Path(__file__).resolve().parents[2]
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
devices = pytest.mark.skipif(not os.path.exists("/dev/null") or not os.path.exists("/dev/zero"), reason="no /dev")


def _seed(path: Path) -> Path:
    ledger = Ledger(path)
    match = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Cat", "Dan"])
    ledger.add_win(match, 0, "ron", {1: 1000})
    return path


def _cli(tmp_path: Path, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    """``tilelens ARGV`` in a subprocess (a named pipe opened to read would wait for ever): status, out, err."""
    env = {**os.environ, "TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LANG": lang, "YOLO_OFFLINE": "1"}
    env.pop("TILELENS_LEDGER", None)
    done = subprocess.run([sys.executable, "-c", "import sys; from tilelens.cli import main; sys.exit(main())", *argv],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=20)
    return done.returncode, done.stdout, done.stderr


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "fifo.jpg"
    os.mkfifo(path)
    return path


@fifo_only
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_list_of_a_named_pipe_is_refused_at_once(tmp_path, fifo, lang):
    code, out, err = _cli(tmp_path, "ledger", "--db", str(fifo), "list", lang=lang)
    assert code == 2 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    if lang == "en":
        assert f"ledger file {fifo} is not a regular file (a named pipe)" in err, err
        assert "waits for a writer" in err, err
    else:
        assert f"成績表のファイル {fifo} は通常のファイルではありません (名前付きパイプ)" in err, err


@fifo_only
def test_merge_of_a_named_pipe_is_refused_at_once(tmp_path, fifo):
    good = _seed(tmp_path / "good.sqlite")
    before = good.read_bytes()
    code, out, err = _cli(tmp_path, "ledger", "--db", str(good), "merge", str(fifo))
    assert code == 2 and "is not a regular file (a named pipe)" in err and "nothing was added" in err, err
    assert good.read_bytes() == before


@fifo_only
def test_end_with_a_named_pipe_for_db_is_refused_at_once(tmp_path, fifo):
    code, out, err = _cli(tmp_path, "ledger", "--db", str(fifo), "end", "1")
    assert code == 2 and "is not a regular file (a named pipe)" in err, err


@fifo_only
def test_the_app_says_a_named_pipe_as_the_command_line_does(fifo):
    with pytest.raises(LedgerError) as refused:
        Ledger(fifo)  # TILELENS_LEDGER naming it: the page's words, not "a disk error"
    assert str(refused.value).startswith(f"ledger file {fifo} is not a regular file (a named pipe)"), refused.value
    assert "disk" not in str(refused.value)
    assert refused.value.message_ja.startswith(f"成績表のファイル {fifo} は通常のファイルではありません (名前付きパイプ)")


@devices
@pytest.mark.parametrize("device", ["/dev/null", "zero-link"])
def test_merge_of_a_device_is_refused(tmp_path, device):
    good = _seed(tmp_path / "good.sqlite")
    if device == "zero-link":
        device = str(tmp_path / "zero.jpg")
        os.symlink("/dev/zero", device)
    code, out, err = _cli(tmp_path, "ledger", "--db", str(good), "merge", device)
    assert code == 2 and "nothing to add" not in out, (out, err)
    assert f"{device} is not a regular file (a device)" in err, err


@devices
def test_list_of_a_link_to_a_device_names_the_device(tmp_path):
    zero = tmp_path / "zero.jpg"
    os.symlink("/dev/zero", zero)
    code, out, err = _cli(tmp_path, "ledger", "--db", str(zero), "list")
    assert code == 2 and "is not a regular file (a device)" in err, err


@fifo_only
@pytest.mark.parametrize("force", [True, False])
def test_csv_out_a_named_pipe_is_refused_as_label_export_refuses_it(tmp_path, fifo, force):
    good = _seed(tmp_path / "good.sqlite")
    code, out, err = _cli(tmp_path, "ledger", "--db", str(good), "csv", "1", "--out", str(fifo),
                          *(["--force"] if force else []))
    assert code == 2 and "exists already" not in err, err
    assert f"{fifo} is not a regular file (a named pipe): tilelens writes only files" in err, err


def test_merge_into_a_ledger_in_a_read_only_folder_names_the_folder_not_the_copy(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    target, other = _seed(home / "ledger.sqlite"), tmp_path / "other.sqlite"
    ledger = Ledger(other)
    ledger.new_match("tokyo-mahjong", ["Eve", "Fay", "Gus", "Hal"])
    before = target.read_bytes()

    def refused(source, copy):  # as sqlite says a file it cannot make in a folder it cannot write
        raise sqlite3.OperationalError("unable to open database file")

    real_access = os.access
    monkeypatch.setattr("tilelens.ledger_merge._copy_file", refused)
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p) == home and mode & os.W_OK
                        else real_access(p, mode, **kw))  # as a user other than root finds it
    with pytest.raises(LedgerError) as said:
        merge_ledgers(target, other)
    assert str(said.value).startswith(f"ledger file {target} cannot be written (the file or its folder is "
                                      "read-only): nothing was changed"), said.value
    assert "copy" not in str(said.value).split(":")[0]
    assert target.read_bytes() == before and sorted(p.name for p in home.iterdir()) == ["ledger.sqlite"]


# --- a ledger written by a newer tilelens (a column this one does not know): read, never written into


def _newer(path: Path) -> Path:
    _seed(path)
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE matches ADD COLUMN venue TEXT")
        db.execute("ALTER TABLE hands ADD COLUMN photo_sha TEXT NOT NULL DEFAULT ''")
        db.execute("PRAGMA user_version = 99")
    return path


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_end_and_merge_into_a_newer_tilelens_ledger_are_refused(tmp_path, lang):
    newer, other = _newer(tmp_path / "newer.sqlite"), tmp_path / "other.sqlite"
    Ledger(other).new_match("tokyo-mahjong", ["Eve", "Fay", "Gus", "Hal"])
    before = newer.read_bytes()
    for argv in (["end", "1"], ["merge", str(other)]):
        code, out, err = _cli(tmp_path, "ledger", "--db", str(newer), *argv, lang=lang)
        assert code == 2 and "Traceback" not in err, (argv, err)
        if lang == "en":
            assert f"ledger file {newer} was written by a newer tilelens than this one" in err, err
            assert "matches.venue, hands.photo_sha" in err and "nothing was changed" in err, err
        else:
            assert f"成績表のファイル {newer} は、この版より新しい版の tilelens で書かれています" in err, err
    assert newer.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("newer")) == ["newer.sqlite"]
    code, out, err = _cli(tmp_path, "ledger", "--db", str(newer), "list")  # still read
    assert code == 0 and "Ann" in out, (out, err)


def test_the_api_writes_nothing_into_a_newer_tilelens_ledger(tmp_path):
    newer = _newer(tmp_path / "newer.sqlite")
    before = newer.read_bytes()
    ledger = Ledger(newer)  # opened, read (the app's page shows its matches)
    assert [m.players for m in ledger.read_matches()[0]] == [("Ann", "Ben", "Cat", "Dan")]
    with pytest.raises(LedgerError, match="written by a newer tilelens"):
        ledger.add_win(1, 1, "ron", {0: 1000})
    with pytest.raises(LedgerError, match="written by a newer tilelens"):
        ledger.new_match("tokyo-mahjong", ["a", "b", "c", "d"])
    assert newer.read_bytes() == before
