"""Teaching's helpers in one place: enroll's compact progress takes the line's detail as a hook (no class attribute
patched), one ``vision.recognizer.base_game_of`` reads which game's classifier a set was taught from, the base a new
set starts from is ``tilelens.labelling.teach``'s (vision never imports the labelling CLI), and ``archive.unzipped``
says nothing itself: its caller is told each unzip it removed."""
from __future__ import annotations

import inspect
import io
import zipfile
from pathlib import Path

import pytest


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_compact_progress_takes_the_lines_detail_and_puts_nothing_back_by_hand():
    from vision import enroll

    before = dict(vars(enroll.ProgressLine))
    with enroll.compact_progress(detail=lambda: " (so far)"):
        assert vars(enroll.ProgressLine) == before  # nothing patched on the class
        out = Terminal()
        enroll.ProgressLine("training", out)(0.5)
        assert out.getvalue() == "\rtraining:  50% (so far)"
    out = Terminal()
    enroll.ProgressLine("training", out)(0.5)
    assert out.getvalue() == "\rtraining:  50%"


def test_timed_progress_patches_no_class_attribute(monkeypatch):
    from tilelens.labelling import teach
    from vision import enroll

    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.setattr(teach.time, "time", lambda: 30.0)
    job = teach.TeachJob("s", "running", "training", 0.5, 0.0, 2.0, 5, "", Path("."), orient_minutes=0.0)
    before = dict(vars(enroll.ProgressLine))
    with teach.timed_progress(job):
        assert vars(enroll.ProgressLine) == before
        out = Terminal()
        enroll.ProgressLine("training", out)(0.5)
    assert out.getvalue() == "\rtraining:  50% (0.5 of about 2.3 min in all)"
    assert "ProgressLine.detail =" not in inspect.getsource(teach)


@pytest.mark.parametrize(("meta", "shipped", "game"), [
    ({"base": "classifier-tokyo-mahjong.pt"}, True, "tokyo-mahjong"),
    ({"base": "classifier-precure.pt"}, True, ""),  # no shipped game's
    ({"base": "classifier-precure.pt"}, False, "precure"),  # a game added in the app, which the caller loads
    ({"base": "classifier.pt"}, True, ""),  # a tile set's own
    ({"base": None}, True, ""),
    ({}, False, ""),
])
def test_base_game_of_reads_the_classifier_a_set_was_taught_from(meta, shipped, game):
    from vision.recognizer import base_game_of

    assert base_game_of(meta, shipped=shipped) == game


def test_the_base_a_set_starts_from_is_teachings_and_vision_imports_no_labelling_cli():
    from tilelens.labelling import cli, teach
    from vision import enroll

    assert teach.TEACH_BASE == "nogizaka" and teach.teach_base(None, "yokai-watch", []) == "yokai-watch"
    assert cli.teach_base is teach.teach_base and cli.TEACH_BASE == teach.TEACH_BASE  # as the CLI names it still
    assert "tilelens.labelling.cli" not in inspect.getsource(enroll)
    assert "def teach_base" not in inspect.getsource(cli)


def test_again_base_reads_the_sets_meta_with_read_tileset_meta():
    from tilelens.labelling import cli

    assert "read_tileset_meta" in inspect.getsource(cli.again_base)


def _zip(target: Path) -> Path:
    with zipfile.ZipFile(target, "w") as z:
        z.writestr("train/a.txt", "x")
    return target


def test_unzipped_says_nothing_itself_and_the_command_says_each_removal(tmp_path, capsys, monkeypatch):
    from tilelens.labelling import archive

    monkeypatch.setattr(archive, "UNLOCKED_STALE_S", -3600)  # anything left counts as stale
    first = tmp_path / (archive.UNZIP_PREFIX + "first123")
    (first / "train").mkdir(parents=True)
    with archive.unzipped(_zip(tmp_path / "d.zip"), tmp_path / "ds"):  # no on_note: removed, said nowhere
        pass
    assert not first.exists() and capsys.readouterr().err == ""
    left = tmp_path / (archive.UNZIP_PREFIX + "old12345")
    (left / "train").mkdir(parents=True)
    notes = []
    with archive.unzipped(tmp_path / "d.zip", tmp_path / "ds", on_note=lambda en, ja: notes.append(en)):
        pass
    assert notes == [f"removed an unfinished unzip left by an import that stopped: {left}"]
    assert capsys.readouterr().err == ""
    assert not hasattr(archive, "_said_on_stderr")
