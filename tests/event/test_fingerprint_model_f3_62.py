"""Session 62 (F3): a tile set taught again reads the event again. ``tilelens check --tileset NAME`` keeps a table's
stored report ("unchanged") only while its fingerprint holds, and the fingerprint hashes the reader's version
(``reading.model_version``: every file of the set's folder a reading uses). Pinned for a set taught into the home
(``$TILELENS_HOME/tilesets``, where ``label teach`` and ``enroll`` write one), and a set only touched (the same bytes)
keeps the readings. (The Event page reads the table it checks every time, with the set's reader loaded afresh once its
``tileset.json`` changes: no reading there is kept by fingerprint.)"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_check_tileset_f28_61 import DEAL, _Loaded  # noqa: E402
from test_event_support import ExactReader, make_table  # noqa: E402
from tilelens import cli  # noqa: E402


@pytest.fixture
def club(monkeypatch, tmp_path):
    """The set ``club`` taught into the home (its classifier, orientation model and ``tileset.json``), read by an exact
    reader (``Recognizer.load`` replaced), and an event of two tables."""
    from vision.recognizer import Recognizer

    monkeypatch.delenv("TILELENS_MODELS", raising=False)
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "tilesets" / "club"
    folder.mkdir(parents=True)
    (folder / "classifier.onnx").write_bytes(b"taught once")
    (folder / "orient.onnx").write_bytes(b"taught once")
    (folder / "tileset.json").write_text(json.dumps({"name": "club", "kinds": ["1m"], "minutes": 1}))
    reader = ExactReader()
    monkeypatch.setattr(Recognizer, "load", classmethod(lambda cls, **kwargs: _Loaded(reader)))
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, DEAL)
    return folder, ev


def _check(ev: Path, capsys) -> str:
    assert cli.main(["check", str(ev), "--game", "tokyo-mahjong", "--tileset", "club", "--jobs", "1"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("taught", ["classifier.onnx", "orient.onnx", "tileset.json"])
def test_a_set_taught_again_reads_every_table_again(club, capsys, taught):
    folder, ev = club
    assert "(2 read, 0 unchanged)" in _check(ev, capsys)
    assert "(0 read, 2 unchanged)" in _check(ev, capsys)
    path = folder / taught
    path.write_bytes(path.read_bytes() + b" ")  # taught again: the file's bytes are another model's
    assert "(2 read, 0 unchanged)" in _check(ev, capsys)


def test_a_set_only_touched_keeps_the_readings(club, capsys):
    folder, ev = club
    _check(ev, capsys)
    for path in folder.iterdir():
        os.utime(path, (path.stat().st_atime + 60, path.stat().st_mtime + 60))
    assert "(0 read, 2 unchanged)" in _check(ev, capsys)


def test_the_reader_s_version_is_of_the_home_s_set(club):
    from tilelens.event.reading import model_version

    folder, _ = club
    before = model_version("tokyo-mahjong", "club")
    (folder / "classifier.onnx").write_bytes(b"taught twice")
    assert model_version("tokyo-mahjong", "club") != before
