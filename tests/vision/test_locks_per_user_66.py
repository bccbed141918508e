"""The lock folder (``vision.locks``): one per user, so another user's folder made first no longer leaves every
other user's runs unguarded (``lock_file`` was None: a dataset changed twice at once, one tile set enrolled twice);
and a lock let go takes its file with it (the shared folder had grown to tens of thousands of files), safely:
a run that opened the file just before it went notices and takes the new one, so two runs never both hold it."""
import os
import stat
import sys
import tempfile

import pytest

from vision import locks

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no file lock on this system")


class Busy(Exception):
    pass


@pytest.fixture
def tmp(tmp_path, monkeypatch):
    """The temporary folder the locks are made in, this test's own."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def _refused(what: str) -> bool:
    try:
        with locks.held_alone(what, Busy):
            return False
    except Busy:
        return True


def test_each_user_has_a_lock_folder_of_their_own_only_they_can_enter(tmp):
    handle = locks.lock_file("enroll:/x")
    handle.close()
    (folder,) = tmp.iterdir()
    assert folder.name == f"tilelens-locks-{os.geteuid()}"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_another_users_folder_made_first_leaves_my_runs_guarded(tmp, monkeypatch):
    """Another user (uid 4242) ran tilelens first: the one shared folder was theirs (0755), and no lock file of mine
    could be made in it: every run of mine went unguarded. Their folders now are theirs alone."""
    theirs = [tmp / "tilelens-locks", tmp / "tilelens-locks-4242"]
    for folder in theirs:
        folder.mkdir(mode=0o755)
        (folder / "0123.lock").touch()
    ours = locks._ours
    monkeypatch.setattr(locks, "_ours", lambda path: path not in theirs and ours(path))  # owned by uid 4242
    with locks.held_alone("enroll:/x", Busy):
        assert _refused("enroll:/x")  # a second run of mine is kept out
        assert locks.held_elsewhere("enroll:/x") is True
    assert not _refused("enroll:/x") and locks.held_elsewhere("enroll:/x") is False
    assert [sorted(p.name for p in folder.iterdir()) for folder in theirs] == [["0123.lock"]] * 2  # untouched


@pytest.mark.parametrize("squat", ["foreign", "file", "link"])
def test_a_folder_of_my_name_that_is_not_mine_is_passed_over_for_another(tmp, monkeypatch, squat):
    """A folder of my name made by someone else (or a file, or a link to a folder elsewhere) is not used: a named
    alternative beside it is, and locking still works."""
    mine = tmp / f"tilelens-locks-{os.geteuid()}"
    if squat == "foreign":
        mine.mkdir(mode=0o777)
        ours = locks._ours
        monkeypatch.setattr(locks, "_ours", lambda path: path != mine and ours(path))
    elif squat == "file":
        mine.write_text("x")
    else:
        (tmp / "elsewhere").mkdir()
        mine.symlink_to(tmp / "elsewhere")
    with locks.held_alone("dataset:/d", Busy):
        assert _refused("dataset:/d")
        used = [p for p in tmp.iterdir() if p.name.startswith(mine.name + ".")]
        assert [p.name for p in used] == [f"{mine.name}.1"] and len(list(used[0].iterdir())) == 1
    assert not any(p.is_file() for p in mine.iterdir()) if squat != "file" else mine.read_text() == "x"


def test_with_no_folder_of_mine_to_be_had_the_run_is_unguarded_and_says_why(tmp, monkeypatch):
    monkeypatch.setattr(locks, "_ours", lambda path: False)
    with pytest.warns(RuntimeWarning, match=r"tilelens-locks-\d+.*not this user's.*two runs"):
        assert locks.lock_file("enroll:/x") is None
    with pytest.warns(RuntimeWarning), locks.held_alone("enroll:/x", Busy):  # unguarded, but no longer unsaid
        assert not _refused("enroll:/x")


def test_a_lock_let_go_takes_its_file_with_it_and_asking_makes_none(tmp):
    with locks.held_alone("event-check:/r", Busy):
        (folder,) = tmp.iterdir()
        assert len(list(folder.iterdir())) == 1
    assert list(folder.iterdir()) == []
    assert locks.held_elsewhere("enroll:/never-held") is False
    assert list(folder.iterdir()) == []  # asking whether a lock is held made no file


def test_a_run_that_opened_the_file_just_before_it_was_removed_takes_the_new_one(tmp, monkeypatch):
    """The classic race of removing lock files: run A opens the file; run B, holding it, removes it and lets go;
    A locks the removed file, while C makes a new one and locks that: A and C both "hold" the lock. A now sees its
    file is no longer the one of the name and opens it again."""
    real = locks.lock_file
    calls = []

    def opened_then_removed(what):
        handle = real(what)
        if not calls:  # the first open: its file removed (B let go) before A locks it
            os.unlink(handle.name)
        calls.append(handle.name)
        return handle

    monkeypatch.setattr(locks, "lock_file", opened_then_removed)
    with locks.held_alone("enroll:/x", Busy):
        assert len(calls) == 2  # opened again
        monkeypatch.setattr(locks, "lock_file", real)
        assert _refused("enroll:/x")  # C is kept out: A holds the file of the name
        assert locks.held_elsewhere("enroll:/x") is True


def _worker(args):
    what, marker, rounds = args
    import time

    done = 0
    while done < rounds:
        try:
            with locks.held_alone(what, Busy):
                fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)  # fails if another is inside too
                time.sleep(0.001)
                os.close(fd)
                os.unlink(marker)
                done += 1
        except Busy:
            time.sleep(0.0005)
    return done


def test_runs_racing_for_one_lock_are_never_inside_together(tmp):
    """Processes taking and letting go of one lock, its file removed each time: never two inside at once."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(3) as pool:
        done = pool.map(_worker, [("enroll:/race", str(tmp / "inside"), 40)] * 3)
    assert done == [40, 40, 40]
