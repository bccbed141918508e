"""Session 57: `tilelens read --tileset NAME` of a set whose `enroll --replace` was cut short between its two moves
said "its enrolment was cut short: run tilelens enroll again" until some set was enrolled; the old set, whole in
staging, is put back on the spot and read."""
from __future__ import annotations

import json

from vision import enroll as enroll_module
from vision.detector import new_tileset_dir
from vision.read_cli import put_back


def _set(folder, label):
    folder.mkdir(parents=True)
    (folder / "classifier.onnx").write_bytes(label.encode() * 10)
    (folder / "tileset.json").write_text(json.dumps({"name": folder.name.removesuffix(".replaced"),
                                                     "classifier": "classifier.onnx", "label": label}))
    return folder


def test_a_replace_cut_short_is_put_back_when_read(tmp_path, capsys):
    sets = new_tileset_dir("club", tmp_path).parent
    _set(sets / enroll_module.STAGING / "club.replaced", "old")
    assert put_back("club", tmp_path)
    assert json.loads((sets / "club" / "tileset.json").read_text())["label"] == "old"
    assert "club" in capsys.readouterr().err


def test_nothing_to_put_back_is_said_as_before(tmp_path):
    assert not put_back("club", tmp_path) and not put_back(None, tmp_path)
    assert not (new_tileset_dir("club", tmp_path)).exists()
