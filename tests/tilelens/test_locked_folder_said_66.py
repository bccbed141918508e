"""Session 66 (review RV3): a file there already whose folder may not be written in cannot be replaced whole (a
temporary file is written beside it, then put in its place): the folder is named as the reason, not the file, which
may well be writable, and the file is left as it was."""
from __future__ import annotations

import errno
import tempfile

import pytest
from ledger_fuzz_helpers import run

from tilelens.labelling.store import atomic_write_bytes
from tilelens.ledger import Ledger


def _folder_locked(monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(kwargs.get("dir")) + "/.x.tmp")
    monkeypatch.setattr(tempfile, "mkstemp", refuse)


def test_the_folder_is_named_when_the_file_is_there(tmp_path, monkeypatch):
    target = tmp_path / "mine.csv"
    target.write_bytes(b"old")
    _folder_locked(monkeypatch)
    with pytest.raises(PermissionError) as caught:
        atomic_write_bytes(target, b"new")
    assert caught.value.filename == str(tmp_path) and target.read_bytes() == b"old"


def test_a_new_file_is_still_named_itself(tmp_path, monkeypatch):
    _folder_locked(monkeypatch)
    with pytest.raises(PermissionError) as caught:
        atomic_write_bytes(tmp_path / "new.csv", b"new")
    assert caught.value.filename == str(tmp_path / "new.csv")


@pytest.mark.parametrize("lang, said", [("en", "its folder {folder} may not be written in"),
                                        ("ja", "フォルダ {folder} に書き込めません")])
def test_ledger_csv_names_the_locked_folder(tmp_path, capsys, monkeypatch, lang, said):
    ledger = Ledger(tmp_path / "l.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, tenpai=[0])
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.csv").write_bytes(b"old")
    _folder_locked(monkeypatch)
    code, _, err = run(capsys, monkeypatch, lang, "ledger", "csv", str(m), "--db", str(ledger.path),
                       "--out", str(out / "mine.csv"), "--force")
    assert code == 2 and said.format(folder=out) in err and "Traceback" not in err, err
    assert (out / "mine.csv").read_bytes() == b"old"
