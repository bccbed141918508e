"""Session 57 (W1 findings 5 and 6): an enrolment cut short loses no tile set.

5. `enroll --replace` killed between its two moves (``_into_place``: the old set moved aside into
   ``.enrolling/NAME.replaced``, the new one not yet moved in) left no set under its name, and the next enrolment of
   another set deleted both copies. The old set is put back; a folder holding a whole set is never deleted.
6. `enroll --orient-only` on a full disk left a half-written ``orient.onnx`` in the live set: it is written beside
   the set first and moved in whole."""
from __future__ import annotations

import argparse
import errno
import json
import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from vision import enroll as enroll_module


def _set(folder: Path, label: str) -> Path:
    """A whole tile set in ``folder`` (its tileset.json naming a classifier that is there)."""
    folder.mkdir(parents=True)
    (folder / "classifier.onnx").write_bytes(label.encode() * 10)
    (folder / "tileset.json").write_text(json.dumps({"name": folder.name.removesuffix(".replaced"),
                                                     "classifier": "classifier.onnx", "label": label}))
    return folder


def _old_times(*folders: Path) -> None:
    then = time.time() - 2 * 24 * 3600
    for folder in folders:
        os.utime(folder, (then, then))


def _cut_between_moves(sets: Path) -> tuple[Path, Path]:
    """The folders as a --replace of ``club`` killed between its two moves leaves them: the old set aside, the new
    one whole in staging, none under the name."""
    old = _set(sets / enroll_module.STAGING / "club.replaced", "old")
    new = _set(sets / enroll_module.STAGING / "club", "new")
    _set(sets / "other-set", "other")
    _old_times(old, new)
    return old, new


def test_the_next_enrolment_of_another_set_puts_the_old_set_back(tmp_path, capsys):
    sets = tmp_path / "tilesets"
    old, new = _cut_between_moves(sets)
    out = enroll_module._staging(sets / "another")  # what an enrolment of another set does first
    assert out.is_dir()
    live = sets / "club"
    assert json.loads((live / "tileset.json").read_text())["label"] == "old"  # put back whole
    assert (live / "classifier.onnx").read_bytes() == b"old" * 10
    assert not old.exists()
    assert new.is_dir() and (new / "tileset.json").is_file()  # a whole set is never deleted
    err = capsys.readouterr().err
    assert "club" in err and "back as it was" in err and "cut short" in err, err


def test_restore_says_it_in_japanese(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    sets = tmp_path / "tilesets"
    _cut_between_moves(sets)
    assert enroll_module.restore_replaced(sets) == ["club"]
    err = capsys.readouterr().err
    assert "club" in err and "元に戻しました" in err, err


def test_a_set_being_replaced_now_is_left_to_its_run(tmp_path):
    from vision.locks import held_alone

    sets = tmp_path / "tilesets"
    old, _ = _cut_between_moves(sets)
    with held_alone(f"enroll:{(sets / 'club').resolve()}", lambda: RuntimeError("busy")):
        assert enroll_module.restore_replaced(sets) == []
        enroll_module._staging(sets / "another")
    assert old.is_dir() and not (sets / "club").exists()


def test_a_half_written_aside_folder_is_not_put_back(tmp_path):
    sets = tmp_path / "tilesets"
    half = sets / enroll_module.STAGING / "club.replaced"
    half.mkdir(parents=True)
    (half / "classifier.onnx").write_bytes(b"x")  # no tileset.json: never a set anyone read
    assert enroll_module.restore_replaced(sets) == []
    assert not (sets / "club").exists()


def test_a_replaced_set_left_after_its_replacement_finished_is_removed(tmp_path):
    sets = tmp_path / "tilesets"
    _set(sets / "club", "new")  # the new set in place: the old one was to be removed
    old = _set(sets / enroll_module.STAGING / "club.replaced", "old")
    _old_times(old)
    enroll_module._staging(sets / "another")
    assert not old.exists() and json.loads((sets / "club" / "tileset.json").read_text())["label"] == "new"


def test_replace_itself_puts_the_old_set_back_before_it_looks(tmp_path, monkeypatch):
    """`enroll --name club` (no --replace) after the cut: the set is there again, so it is refused as enrolled."""
    models = tmp_path / "models"
    sets = models / "tilesets"
    _cut_between_moves(sets)
    with pytest.raises(enroll_module.EnrollError) as refused:
        enroll_module.main(["--name", "club", "--data", str(tmp_path / "none"), "--models", str(models)])
    assert "enrolled already" in str(refused.value)
    assert (sets / "club" / "tileset.json").is_file()


# ---------------------------------------------------------------- 6. --orient-only on a full disk


def _orient_args(tmp_path):
    return argparse.Namespace(name="club", work=tmp_path / "runs", orient_minutes=1.0, orient_threshold=0.5,
                              resume=False, epochs=None, lang="en")


def test_orient_only_on_a_full_disk_leaves_the_live_set_as_it_was(tmp_path, monkeypatch):
    import vision.orient

    live = _set(tmp_path / "tilesets" / "club", "live")
    (live / "orient.onnx").write_bytes(b"the good one")
    (live / "orient.json").write_text("{}")
    meta_before = (live / "tileset.json").read_text()

    def full_train(data, out, onnx, *args, **kwargs):  # the export runs out of room part way
        Path(onnx).write_bytes(b"half")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(vision.orient, "train_model", full_train)
    monkeypatch.setattr(vision.orient, "both_ways", lambda faces: faces)
    meta = json.loads(meta_before)
    with pytest.raises(OSError) as full:
        enroll_module.enroll_orientation(_orient_args(tmp_path), SimpleNamespace(faces=lambda: [1, 2]), live, meta,
                                         0.0, lambda *_: None)
    assert full.value.filename == str(live) and full.value.errno == errno.ENOSPC  # named: not "No space left" alone
    assert (live / "orient.onnx").read_bytes() == b"the good one"
    assert (live / "tileset.json").read_text() == meta_before
    assert sorted(p.name for p in live.iterdir()) == ["classifier.onnx", "orient.json", "orient.onnx", "tileset.json"]


def test_orient_only_moves_the_new_model_in_whole(tmp_path, monkeypatch, capsys):
    import vision.orient

    live = _set(tmp_path / "tilesets" / "club", "live")

    def fake_train(data, out, onnx, *args, shown_at=None, **kwargs):
        Path(onnx).write_bytes(b"new model")
        Path(onnx).with_suffix(".json").write_text('{"spec": 1}')
        print(f"orientation model exported to {shown_at or onnx}")
        return onnx

    monkeypatch.setattr(vision.orient, "train_model", fake_train)
    monkeypatch.setattr(vision.orient, "both_ways", lambda faces: faces)
    meta = json.loads((live / "tileset.json").read_text())
    enroll_module.enroll_orientation(_orient_args(tmp_path), SimpleNamespace(faces=lambda: [1, 2]), live, meta, 0.0,
                                     lambda *_: None)
    assert (live / "orient.onnx").read_bytes() == b"new model"
    assert (live / "orient.json").read_text() == '{"spec": 1}'
    assert json.loads((live / "tileset.json").read_text())["orient"] == "orient.onnx"
    assert sorted(p.name for p in live.iterdir()) == ["classifier.onnx", "orient.json", "orient.onnx", "tileset.json"]
    out = capsys.readouterr().out
    assert str(live / "orient.onnx") in out and ".orient" not in out.replace(str(live / "orient.onnx"), ""), out
