"""Session 57 (W1 findings 3, 4 and the fsync): the Rules page's Save when something goes wrong mid-write.

3. Two phones pressing Save at once: the second found the older edit it meant to move into history/ already moved
   by the first, and said "Not saved: ... No such file or directory" (with the laptop's path) though it had saved.
4. A full disk during a Save left the edit's record of the shipped table (``.<digest>.shipped``) 0 bytes, the edit
   in use, no word said; the page then said "the shipped table has changed" forever. The record is written whole
   before the edit is moved into place, so a full disk says "not saved" and leaves the table in use as it was; a
   record left empty (or damaged) is taken as not known, not as a change of the shipped table."""
from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from app import settings
from tilelens import home as tl_home


def _shipped():
    return settings.shipped_path("nogizaka").read_text(encoding="utf-8")


# --- 3: two Saves at once


def _other_phone_first(monkeypatch):
    """shutil.move in app.settings finds its file moved into history/ by another Save just before it moves it."""
    real = shutil.move

    def raced(src, dst, *args, **kwargs):
        hist = settings.history_dir("nogizaka")
        hist.mkdir(parents=True, exist_ok=True)
        if Path(src).exists():
            os.rename(src, hist / ("other-phone-" + Path(src).name))
        return real(src, dst, *args, **kwargs)
    monkeypatch.setattr(settings.shutil, "move", raced)


def test_a_save_whose_older_edit_another_save_moved_first_is_saved(home, monkeypatch):
    settings.save_house_table("nogizaka", _shipped() + "\n# the club's first edit\n")
    _other_phone_first(monkeypatch)
    game = settings.save_house_table("nogizaka", _shipped() + "\n# this phone's edit\n")
    assert game is not None
    used = settings.edited_path("nogizaka")
    assert used is not None and "this phone's edit" in used.read_text(encoding="utf-8")
    kept = [p.name for p in settings.history_dir("nogizaka").iterdir()]
    assert any(name.endswith(".toml") for name in kept), kept  # the first edit kept, whoever moved it


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_says_saved_when_another_phone_moved_the_old_edit(home, page, monkeypatch, lang):
    settings.save_house_table("nogizaka", _shipped() + "\n# the club's first edit\n")
    at = page("rules", "nogizaka", lang)
    _other_phone_first(monkeypatch)
    at.text_area(key="rules_text_nogizaka").set_value(_shipped() + "\n# this phone's edit\n").run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert "this phone's edit" in settings.edited_path("nogizaka").read_text(encoding="utf-8")


# --- 4: a full disk while the record of the shipped table is written


def _full_at_record(monkeypatch):
    """A disk that fills while the record of the shipped table (``.*.shipped``) is written: its fsync fails."""
    real = os.fsync

    def fsync(fd):
        if ".shipped" in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd)
    monkeypatch.setattr(os, "fsync", fsync)


def test_a_full_disk_at_the_record_saves_nothing_and_says_so(home, monkeypatch):
    _full_at_record(monkeypatch)
    with pytest.raises(OSError) as refused:
        settings.save_house_table("nogizaka", _shipped().replace("points = 60", "points = 70", 1) + "\n# edit\n")
    assert refused.value.errno == errno.ENOSPC
    assert settings.edited_path("nogizaka") is None  # the shipped table still in use
    folder = settings.house_dir("nogizaka")
    left = [p.name for p in folder.iterdir()] if folder.is_dir() else []
    assert left == [], left  # no half record, no temporary file, no .check file


def test_a_full_disk_at_the_record_keeps_the_edit_in_use(home, monkeypatch):
    first = _shipped().replace("points = 60", "points = 70", 1) + "\n# first\n"
    settings.save_house_table("nogizaka", first)
    used = settings.edited_path("nogizaka")
    record = tl_home.made_from_path(used).read_text(encoding="utf-8")
    _full_at_record(monkeypatch)
    with pytest.raises(OSError):
        settings.save_house_table("nogizaka", first + "# second\n")
    assert settings.edited_path("nogizaka") == used and used.read_text(encoding="utf-8") == first
    assert tl_home.made_from_path(used).read_text(encoding="utf-8") == record
    assert settings.shipped_changes("nogizaka") is None


@pytest.mark.parametrize("lang, said", [("en", "No space left"), ("ja", "ディスクがいっぱい")])
def test_the_rules_page_says_not_saved_on_a_full_disk(home, page, monkeypatch, lang, said):
    at = page("rules", "nogizaka", lang)
    _full_at_record(monkeypatch)
    at.text_area(key="rules_text_nogizaka").set_value(_shipped() + "\n# an edit\n").run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and said in errors[0] and ("Not saved" in errors[0] or "保存できません" in errors[0]), errors
    assert settings.edited_path("nogizaka") is None


@pytest.mark.parametrize("damage", [b"", b"\xff\xfe not text", b"[colours\nhalf a tab"])
def test_an_empty_or_damaged_record_is_not_known_not_a_change(home, damage):
    mine = _shipped().replace("points = 60", "points = 70", 1)
    settings.save_house_table("nogizaka", mine)
    used = settings.edited_path("nogizaka")
    tl_home.made_from_path(used).write_bytes(damage)
    assert settings.made_from_unknown("nogizaka")
    diff = settings.shipped_changes("nogizaka")  # the edit against today's table: its own change, nothing more
    assert diff is not None and "-points = 70" in diff and "+points = 60" in diff
    assert diff.count("\n-") == 1, diff


def test_the_rules_save_syncs_its_text_before_moving_it_into_place(home, monkeypatch):
    synced: list[str] = []
    real = os.fsync

    def fsync(fd):
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        return real(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    settings.save_house_table("nogizaka", _shipped() + "\n# an edit\n")
    assert any(Path(p).name.startswith(".check-") for p in synced), synced
    assert any(".shipped" in p for p in synced), synced
