"""A tile set's tileset.json saved by an editor with a byte order mark reads everywhere it is read, as
``vision.recognizer.read_tileset_meta`` and game files take it: the enrolment's whole-set check and the labelling's
teach record took such a set for a broken one."""
from __future__ import annotations

import json

from tilelens.labelling import teach
from vision.enroll import whole_set


def _set_with_bom(folder):
    folder.mkdir(parents=True)
    (folder / "classifier.onnx").write_bytes(b"stand-in")
    meta = {"classifier": "classifier.onnx", "game": "nogizaka", "kinds": ["rarin"]}
    (folder / "tileset.json").write_text(json.dumps(meta), encoding="utf-8-sig")
    return folder


def test_a_set_whose_json_has_a_bom_is_whole(tmp_path):
    assert whole_set(_set_with_bom(tmp_path / "club"))


def test_the_teach_record_reads_it(tmp_path, monkeypatch):
    folder = _set_with_bom(tmp_path / "club")
    monkeypatch.setattr("vision.detector.find_tileset", lambda name: folder)
    assert teach._tileset_meta("club")["game"] == "nogizaka"
