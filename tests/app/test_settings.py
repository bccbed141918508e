"""The app's scratch folders: one per session under TILELENS_HOME, stale ones removed."""
from __future__ import annotations

import os
import time

from app.settings import scratch_dir


def _age(path, seconds):
    """Set the modification times of ``path`` and everything in it ``seconds`` into the past."""
    then = time.time() - seconds
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            os.utime(os.path.join(root, name), (then, then))
    os.utime(path, (then, then))


def test_each_call_makes_a_new_empty_folder_under_the_home(home):
    a, b = scratch_dir("event-check"), scratch_dir("event-check")
    assert a != b and a.is_dir() and b.is_dir() and not any(a.iterdir())
    assert a.parent == home / "home" / "scratch" / "event-check"


def test_folders_untouched_for_longer_than_kept_are_removed_and_the_rest_stay(home):
    stale, fresh, recently_used = (scratch_dir("event-check") for _ in range(3))
    for folder in (stale, fresh, recently_used):
        (folder / "upload").mkdir()
        (folder / "upload" / "report.json").write_text("{}")
    _age(stale, 7200)
    _age(recently_used, 7200)
    (recently_used / "upload" / "report.json").write_text("{}")  # checked again a moment ago
    other_kind = scratch_dir("labels")
    _age(other_kind, 7200)
    new = scratch_dir("event-check", keep_s=3600)
    assert not stale.exists()
    assert fresh.is_dir() and recently_used.is_dir() and new.is_dir()
    assert other_kind.is_dir()  # only folders of the kind asked for are cleaned


def test_a_table_being_checked_as_it_is_saved_is_never_the_table_in_use(home):
    """``save_house_table`` checks the text in ``.check-*.toml`` beside the saved tables: while it did (or for
    good, after a save killed midway), every page scored with that unchecked draft, the newest file there."""
    from app.settings import edited_path, game_source, house_dir, save_house_table, shipped_path

    save_house_table("nogizaka", shipped_path("nogizaka").read_text(encoding="utf-8") + "\n# ours\n")
    (saved,) = house_dir("nogizaka").glob("*.toml")
    draft = house_dir("nogizaka") / ".check-abc123.toml"
    draft.write_text("not checked yet", encoding="utf-8")
    os.utime(draft, (time.time() + 5, time.time() + 5))  # newer than the saved one
    assert edited_path("nogizaka") == game_source("nogizaka") == saved
