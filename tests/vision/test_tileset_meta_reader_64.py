"""One quiet reader of a tile set's tileset.json (``vision.recognizer.tileset_meta_or_none``), used wherever a set is
read without a message: a file an editor saved with a byte order mark reads as ``read_tileset_meta`` reads it. The
labelling's class names read it as plain UTF-8 and refused such a set as "unknown or damaged"."""
from __future__ import annotations

import json

import pytest


def _set(folder, text: bytes | None):
    folder.mkdir(parents=True)
    if text is not None:
        (folder / "tileset.json").write_bytes(text)
    return folder


def test_label_class_names_read_a_set_whose_json_has_a_bom(tmp_path, monkeypatch):
    from tilelens.labelling.prelabel import class_names

    meta = {"name": "club", "classifier": "classifier.onnx", "kinds": ["1m", "7z"]}
    folder = _set(tmp_path / "club", b"\xef\xbb\xbf" + json.dumps(meta).encode())
    monkeypatch.setattr("vision.detector.find_tileset", lambda name: folder)
    assert class_names(None, "club") == ("1m", "7z")


@pytest.mark.parametrize("text", [None, b"{half", b"\xff\xfe\x00", b"[1, 2]", b'"a set"'])
def test_the_quiet_reader_gives_none_for_a_set_it_cannot_take(tmp_path, text):
    from vision.recognizer import tileset_meta_or_none

    assert tileset_meta_or_none(_set(tmp_path / "club", text)) is None


def test_the_quiet_reader_takes_a_bom_and_read_tileset_meta_agrees(tmp_path):
    from vision.recognizer import read_tileset_meta, tileset_meta_or_none

    meta = {"name": "club", "classifier": "classifier.onnx", "game": "tokyo-mahjong"}
    folder = _set(tmp_path / "club", b"\xef\xbb\xbf" + json.dumps(meta).encode())
    assert tileset_meta_or_none(folder) == read_tileset_meta(folder) == meta
    assert tileset_meta_or_none(str(folder)) == meta


@pytest.mark.parametrize("text", [b"{half", b"[1, 2]"])
def test_a_damaged_set_is_still_refused_by_class_names_with_one_message(tmp_path, monkeypatch, text):
    from tilelens.labelling.prelabel import class_names
    from tilelens.labelling.model import LabelFileError

    folder = _set(tmp_path / "club", text)
    monkeypatch.setattr("vision.detector.find_tileset", lambda name: folder)
    with pytest.raises(LabelFileError, match="unknown or damaged tile set 'club'"):
        class_names(None, "club")


def test_json_nested_past_the_parsers_depth_is_a_set_that_cannot_be_read(tmp_path):
    from vision.recognizer import RecognizerError, read_tileset_meta, tileset_meta_or_none

    folder = tmp_path / "deep"
    folder.mkdir()
    (folder / "tileset.json").write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    assert tileset_meta_or_none(folder) is None  # the tile-set lists pass over it, no RecursionError
    with pytest.raises(RecognizerError, match="cannot be read as a tile set"):
        read_tileset_meta(folder)
