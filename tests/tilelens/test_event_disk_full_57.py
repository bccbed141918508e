"""Session 57 (W1 finding 6): `tilelens check` on a full disk said "tilelens check: No space left on device", naming
no file (a crop's or a thumbnail's write names none). It says the file, that the disk is full, and to free some space
and run the same command again, in both languages; it still stops the check (an OSError: every table would meet it),
and event.json says why."""
from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from scorer.result import TilelensInputError
from test_event_support import CLEAN, ExactReader, make_table
from tilelens.cli import said_error
from tilelens.event import CheckOptions, check_event
from tilelens.event import report as report_module


def _run(reader, root, out):
    return check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1,
                       progress=False)


def test_a_full_disk_at_a_thumbnail_names_it_and_says_what_to_do(tmp_path, monkeypatch):
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    make_table(reader, root, "t1", CLEAN)
    real = Path.write_bytes

    def full(self, data):
        if self.suffix in (".jpg", ".png") and "report" in self.parts:  # a crop's or a thumbnail's write
            raise OSError(errno.ENOSPC, "No space left on device")  # as a write on a full disk: no file named
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    with pytest.raises(OSError) as stopped:
        _run(reader, root, out)
    exc = stopped.value
    assert isinstance(exc, TilelensInputError) and exc.errno == errno.ENOSPC
    en, ja = said_error(exc, "en"), said_error(exc, "ja")
    named = exc.filename
    assert named and str(out / "t1") in named and Path(named).suffix in (".jpg", ".png"), named
    assert en.startswith(f"{named}: ") and "disk is full" in en and "free some space" in en, en
    assert "run the same command again" in en and "\n" not in en
    assert ja.startswith(f"{named}: ") and "ディスクに空きがありません" in ja and "もう一度" in ja, ja
    event = json.loads((out / "event.json").read_text())
    assert event["stopped"]["kind"] == "error" and named in event["stopped"]["reason"]
    monkeypatch.undo()
    assert _run(reader, root, out).checked == 1  # room again: the same command checks it


def test_a_full_disk_at_a_page_says_the_same(tmp_path, monkeypatch):
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    make_table(reader, root, "t1", CLEAN)

    def full(path, data):  # the atomic writer names its file: a full disk at a page or report.json
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(report_module, "atomic_write_bytes", full)
    with pytest.raises(OSError) as stopped:
        _run(reader, root, out)
    assert isinstance(stopped.value, TilelensInputError)
    assert "free some space" in str(stopped.value) and stopped.value.filename.endswith("index.html")


def test_other_errors_are_left_as_they_are():
    refused = PermissionError(errno.EACCES, "Permission denied", "/x/report/t1/index.html")
    with pytest.raises(PermissionError) as same:
        with report_module.writing(Path("/x/report/t1/index.html")):
            raise refused
    assert same.value is refused
    with pytest.raises(OSError) as named:
        with report_module.writing(Path("/x/report/t1/crops/1.png")):
            raise OSError(errno.EIO, "Input/output error")
    assert named.value.filename == "/x/report/t1/crops/1.png" and named.value.errno == errno.EIO
