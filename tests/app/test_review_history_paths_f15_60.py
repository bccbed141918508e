"""A review's findings on this session's app code (session 60, RV2 -> F15):

3. ``app.settings`` history: ordered by file name, so within one second by the content hash: "Go back to the last
   edit that worked" could bring back an older edit, and pruning could delete the newer file. Now by the name's stamp,
   then the order written that second (a sequence number in the name); a file of the user's own in history/ (no
   stamp: ``my-backup.toml``) is left alone, neither pruned nor offered.
4. ``visitor.said_paths``: a laptop path with a space (``/media/Club Drive/...``, ``C:\\Users\\Ann Smith\\...``) was
   cut at the space, and the phone was shown the laptop's folders after it.
"""
from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest

from app import settings

GAME = "tokyo-mahjong"
SECOND = "20261206-120000"


def _text(label: str) -> str:
    return settings.shipped_path(GAME).read_text(encoding="utf-8") + f"\n# save {label}\n"


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def _break_by_hand() -> None:
    edit = settings.edited_path(GAME)
    edit.write_text(edit.read_text(encoding="utf-8") + "\n[[broken\n", encoding="utf-8")


def _same(path: Path, text: str) -> bool:
    return settings._same_text(path.read_text(encoding="utf-8"), text)


@pytest.fixture
def one_second(monkeypatch):
    """Every Save lands in the same second (a script, two tabs): history's names differ by their hash alone."""
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: SECOND)


def test_the_last_of_several_saves_in_one_second_comes_back(home, one_second):
    labels = "ABCDE"
    order = sorted(labels, key=lambda k: _digest(_text(k)), reverse=True)  # the last saved's hash sorts lowest
    for label in order:
        settings.save_house_table(GAME, _text(label))
    _break_by_hand()
    kept = settings.last_working_edit(GAME)
    assert kept is not None and _same(kept, _text(order[-1])), (kept, order)


def test_a_save_after_a_hand_edit_in_the_same_second_comes_back_before_the_hand_edit(home, one_second):
    """P' (the edit in use, edited by hand) is moved aside by the Save of N that same second: N is the newer."""
    settings.save_house_table(GAME, _text("P"))
    edited = settings.edited_path(GAME)
    hand = _text("P") + "# a comment added by hand (valid)\n"
    edited.write_text(hand, encoding="utf-8")
    # whichever way the names sort: N's hash below P's name, and above it
    for label in ("N1", "N2", "N3", "N4"):
        settings.save_house_table(GAME, _text(label))
        _break_by_hand()
        kept = settings.last_working_edit(GAME)
        assert kept is not None and _same(kept, _text(label)), (label, sorted(p.name for p in kept.parent.iterdir()))
        settings.back_to_last_working(GAME)
        assert settings.game_text(GAME) == _text(label)


def test_pruning_keeps_the_newest_saved_in_one_second(home, one_second, monkeypatch):
    monkeypatch.setattr(settings, "HISTORY_KEEP", 3)
    labels = [f"S{n}" for n in range(8)]
    for label in labels:
        settings.save_house_table(GAME, _text(label))
    kept = settings._history_files(settings.history_dir(GAME))
    assert [next(k for k in labels if _same(p, _text(k))) for p in kept] == labels[:-4:-1]


def test_ten_or_more_in_one_second_keep_their_order(home, one_second):
    labels = [f"T{n}" for n in range(12)]
    for label in labels:
        settings.save_house_table(GAME, _text(label))
    kept = settings._history_files(settings.history_dir(GAME))
    assert [next(k for k in labels if _same(p, _text(k))) for p in kept] == labels[::-1]


def test_a_file_of_the_users_own_in_history_is_neither_pruned_nor_offered(home, monkeypatch):
    monkeypatch.setattr(settings, "HISTORY_KEEP", 2)
    history = settings.history_dir(GAME)
    history.mkdir(parents=True)
    mine = history / "my-backup.toml"
    mine.write_text(_text("mine"), encoding="utf-8")
    os.utime(mine, (time.time() + 3600, time.time() + 3600))  # touched last, even
    zzz = history / "zz-notes.toml"
    zzz.write_text(_text("notes"), encoding="utf-8")
    for label in ("A", "B", "C"):
        settings.save_house_table(GAME, _text(label))
    _break_by_hand()
    kept = settings.last_working_edit(GAME)
    assert kept is not None and _same(kept, _text("C")), kept
    assert mine.read_text(encoding="utf-8") == _text("mine") and zzz.is_file()  # not pruned
    assert len(settings._history_files(history)) == 2


# ---------------------------------------------------------------- 4. said_paths: paths with a space

@pytest.fixture
def phone(home, monkeypatch):
    from app.components import visitor

    monkeypatch.setenv(visitor.SEAM, "network")
    return visitor


def test_a_path_with_a_space_on_disk_is_said_whole_to_a_phone(phone, tmp_path):
    drive = tmp_path / "Club Drive" / "tilelens sets"
    (drive / "club-set").mkdir(parents=True)
    (drive / "club-set" / "tileset.json").write_text("{}")
    root = tmp_path / "datasets" / "club"
    log = (f"enrolled: wrote {drive}/club-set/tileset.json\n"
           f"reading {root}/images/train/p1.jpg\n"
           f"gone: '{drive}/club-set/old model.onnx', then {drive}/club-set\n")
    said = phone.said_paths(log, root)
    assert "Club" not in said and "Drive" not in said and "sets" not in said and str(tmp_path) not in said, said
    assert "tileset.json" in said and "p1.jpg" in said, said


def test_a_path_under_a_known_root_with_a_space_is_said_whole(phone, monkeypatch, tmp_path):
    """TILELENS_HOME on a drive named with a space, not there any longer (the log of a job on another drive)."""
    monkeypatch.setenv("TILELENS_HOME", "/media/Club Drive/tilelens")
    log = "enrolled: wrote /media/Club Drive/tilelens/models/tilesets/club-set/tileset.json\n"
    said = phone.said_paths(log)
    assert "Club" not in said and "Drive" not in said and "/media" not in said, said
    assert said.startswith("enrolled: wrote ") and "tileset.json" in said, said


def test_a_home_folder_with_a_space_is_said_from_home(phone, monkeypatch, tmp_path):
    user = tmp_path / "users" / "Ann Smith"
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: user))
    log = f'  File "{user}/tilelens/vision/enroll.py", line 12, in main\n'
    said = phone.said_paths(log)
    assert "Ann" not in said and "Smith" not in said, said
    assert '"~/tilelens/vision/enroll.py", line 12' in said, said


def test_a_windows_path_with_a_space_is_found_whole():
    from app.components.visitor import _paths_in

    log = ('  File "C:\\Users\\Ann Smith\\tilelens\\vision\\enroll.py", line 12, in main\n'
           "wrote C:\\Users\\Ann Smith\\tilelens\\models\\x.onnx. Done\n")
    found = _paths_in(log, ["C:\\Users\\Ann Smith"])
    assert found == ["C:\\Users\\Ann Smith\\tilelens\\vision\\enroll.py",
                     "C:\\Users\\Ann Smith\\tilelens\\models\\x.onnx"]


def test_a_path_without_a_space_and_the_laptop_alike_are_as_before(phone, monkeypatch, tmp_path):
    log = "reading /srv/photos/p1.jpg, then /srv/photos/p2.jpg.\n"
    assert phone.said_paths(log) == "reading p1.jpg, then p2.jpg.\n"
    monkeypatch.delenv(phone.SEAM)
    drive = tmp_path / "Club Drive"
    drive.mkdir()
    assert phone.said_paths(f"wrote {drive}/x.json") == f"wrote {drive}/x.json"  # the laptop is shown it whole
