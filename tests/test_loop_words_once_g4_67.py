"""Session 67: a loop of links found and said in one place, at the scorer's depth (``scorer.paths``): the scorer
says one on a game file's way without importing tilelens, vision without it either; ``tilelens.files`` passes the
same functions on; an event folder is refused (a loop, or no folder) by one function; and "cannot read this photo"
after a reader's error is worded by one helper (``vision.image_io.unreadable``), a file cut short among its words."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _modules_after(code: str, cwd: Path) -> str:
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_the_scorer_says_a_loop_on_a_game_files_way_without_tilelens(tmp_path):
    (tmp_path / "lp").symlink_to("lp")
    code = ("import sys\nfrom scorer.catalog import load_game\nfrom scorer.result import GameFileError\n"
            "try:\n    load_game('lp/x.toml')\nexcept GameFileError as exc:\n    print(exc)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'tilelens'))")
    said, tilelens = _modules_after(code, tmp_path).splitlines()
    assert said == ("lp: the links go round in a loop (lp -> lp) and reach no folder: point one of them at the "
                    "folder")
    assert tilelens == "[]"


@pytest.mark.parametrize("module", ["vision.image_io", "vision.detector", "vision.synth.dataset"])
def test_vision_says_a_loop_without_tilelens_files(module, tmp_path):
    code = f"import sys, {module}\nprint('tilelens.files' in sys.modules)"
    assert _modules_after(code, tmp_path) == "False"


def test_tilelens_files_passes_the_scorers_own_on():
    import scorer.paths as paths
    import tilelens.files as files

    for name in ("LinkLoopError", "loop_said", "loop_chain", "loop_on_way", "refuse_loop", "LOOP_NOUN", "FOLDER_NOUN"):
        assert getattr(files, name) is getattr(paths, name), name


def test_the_loop_on_a_paths_way_carries_what_it_reaches_not(tmp_path, monkeypatch):
    from scorer.paths import FOLDER_NOUN, loop_chain, loop_on_way

    monkeypatch.chdir(tmp_path)
    Path("a.jpg").symlink_to("b.jpg")
    Path("b.jpg").symlink_to("a.jpg")
    Path("lp").symlink_to("lp")
    assert loop_chain("a.jpg") == "a.jpg -> b.jpg -> a.jpg"
    assert loop_chain("nowhere.jpg") is None
    assert loop_on_way("a.jpg", ("photo", "写真")) == ("a.jpg", "a.jpg -> b.jpg -> a.jpg", ("photo", "写真"))
    assert loop_on_way("lp/x.csv", ("CSV file", "CSV のファイル")) == ("lp", "lp -> lp", FOLDER_NOUN)
    assert loop_on_way("x\0y") is None


def test_one_function_refuses_an_event_folder(tmp_path, monkeypatch):
    from tilelens.event.layout import EventInputError, refuse_event_dir

    monkeypatch.chdir(tmp_path)
    (tmp_path / "lp").symlink_to("lp")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(EventInputError, match=r"^lp: the links go round in a loop \(lp -> lp\) and reach no event "):
        refuse_event_dir(Path("lp"))
    with pytest.raises(EventInputError, match="does not exist or is not a folder"):
        refuse_event_dir(tmp_path / "file.txt")
    refuse_event_dir(tmp_path)


def test_unreadable_says_a_file_cut_short_from_the_readers_error(tmp_path):
    from vision.image_io import unreadable

    photo = tmp_path / "a.jpg"
    photo.write_bytes(b"\xff\xd8\xff" + bytes(20))
    said = unreadable(photo, "a.jpg", OSError("image file is truncated (3 bytes not processed)"))
    assert str(said).startswith("a.jpg: ") and "cut short" in str(said), str(said)
    assert str(unreadable(tmp_path / "gone.jpg", "gone.jpg", OSError("no"))) == (
        "gone.jpg: not an image (unknown or unsupported format)")
