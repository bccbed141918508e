"""Session 57 (W1 finding 7): the hidden temporary files a save killed part way leaves (a Rules Save's
``games/<id>/.check-*.toml``, the Label page's ``.label_progress.json.*.tmp`` and ``labels/train/.a.txt.*.tmp``) were
never removed. The next successful save of that file removes those of it left by a save long gone; one a save is
writing now (made a moment ago) is left alone."""
from __future__ import annotations

import os
import time

from app import settings
from app.components import box_editor as editor
from app_helpers import label_page_dataset, open_page
from tilelens import home as tl_home


def _aged(path, hours: float = 2.0):
    path.write_text("half")
    then = time.time() - hours * 3600
    os.utime(path, (then, then))
    return path


def test_sweep_temps_removes_only_old_ones_of_that_file(tmp_path):
    target = tmp_path / "a.txt"
    old = _aged(tmp_path / ".a.txt.x1y2.tmp")
    fresh = tmp_path / ".a.txt.z9.tmp"
    fresh.write_text("being written")
    other = _aged(tmp_path / ".b.txt.x1y2.tmp")
    not_temp = _aged(tmp_path / ".a.txt.notes")
    tl_home.sweep_temps(target, older_s=60)
    assert not old.exists() and fresh.exists() and other.exists() and not_temp.exists()


def test_a_rules_save_removes_old_check_files(home):
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    old = _aged(folder / ".check-abc123.toml")
    fresh = folder / ".check-now.toml"
    fresh.write_text("another Save checking its text now")
    shipped = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", shipped + "\n# an edit\n")
    assert not old.exists() and fresh.exists()
    assert settings.edited_path("nogizaka") is not None


def test_the_label_page_removes_old_temps_of_the_files_it_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    root = label_page_dataset(tmp_path, monkeypatch)
    old_label = _aged(root / "labels/train/.a.txt.k2j3.tmp")
    fresh_label = root / "labels/train/.a.txt.now.tmp"
    fresh_label.write_text("being written")
    old_progress = _aged(root / ".label_progress.json.p0q1.tmp")
    at = open_page("label", lang="en")
    edit = {"op": "add", "photo": "images/train/a.jpg", "xyxyn": [0.7, 0.1, 0.8, 0.5], "nonce": "n-7"}
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": [edit]})
    at.run()
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    assert not at.exception, [e.value for e in at.exception]
    assert not old_label.exists() and fresh_label.exists()
    at.button(key="label_accept").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not old_progress.exists()
