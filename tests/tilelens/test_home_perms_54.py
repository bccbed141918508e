"""Session 54: tilelens's data folder is the user's alone. ``$TILELENS_HOME`` was made 0755 (its ledger 0644, the
event photos, the datasets in it) where other users of the laptop could read them: the folders tilelens makes
there are 0700 now. A home the user made is left as it is (not chmod-ed), and nothing is ever loosened."""
from __future__ import annotations

import os
import stat

import pytest

from tilelens import home as tl_home


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A home not made yet, under a parent of the default permissions."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "data" / "tl"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    old = os.umask(0o022)  # the usual umask: a folder made without a mode is 0755
    yield tmp_path / "data" / "tl"
    os.umask(old)


def test_make_dirs_makes_the_home_and_its_folders_private(fresh):
    made = tl_home.make_dirs(fresh / "scratch" / "event-check")
    assert made == fresh / "scratch" / "event-check" and made.is_dir()
    for folder in (fresh, fresh / "scratch", made):
        assert mode(folder) == 0o700, (folder, oct(mode(folder)))
    assert mode(fresh.parent) == 0o755  # above the home: the user's own folders, made as any would be


def test_a_home_the_user_made_is_left_as_it_is(fresh):
    fresh.mkdir(parents=True)
    os.chmod(fresh, 0o755)
    tl_home.make_dirs(fresh / "games" / "_added")
    assert mode(fresh) == 0o755  # not chmod-ed: the user made it so
    assert mode(fresh / "games") == mode(fresh / "games" / "_added") == 0o700


def test_a_stricter_umask_is_never_loosened(fresh):
    os.umask(0o077)
    tl_home.make_dirs(fresh / "datasets")
    assert mode(fresh) == mode(fresh / "datasets") == 0o700


def test_private_home_makes_the_home_alone(fresh):
    assert tl_home.private_home() == fresh and mode(fresh) == 0o700
    assert list(fresh.iterdir()) == []


def _club(settings) -> str:
    """A club's game: the shipped Nogizaka file under an id and names of its own."""
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8").replace('id = "nogizaka"', 'id = "club"', 1)
    text = text.replace('name_en = "Nogizaka Donjara (fan-made)"', 'name_en = "Club Donjara"', 1)
    return text.replace('name_ja = "乃木坂ドンジャラ"', 'name_ja = "クラブドンジャラ"', 1)


def test_the_apps_folders_are_private(fresh):
    from app import settings

    scratch = settings.scratch_dir("event-check")
    assert mode(fresh) == mode(fresh / "scratch") == mode(scratch.parent) == mode(scratch) == 0o700
    settings.add_game(_club(settings))
    assert mode(fresh / "games") == mode(settings.added_dir()) == 0o700
    settings.save_house_table("nogizaka", settings.game_text("nogizaka") + "\n# ours\n")
    assert mode(settings.house_dir("nogizaka")) == 0o700
    kept = settings.remove_game("club")
    assert mode(kept.parent) == mode(kept) == 0o700


def test_tilelens_app_makes_the_home_private_before_it_starts_and_sweeps_old_scratch(fresh, monkeypatch):
    from tilelens import app_cli

    class Launched(Exception):
        pass

    def launch(*args, **kwargs):
        raise Launched

    monkeypatch.setattr(app_cli.os, "execve", launch)
    monkeypatch.setattr(app_cli.subprocess, "call", launch)
    with pytest.raises(Launched):
        app_cli.main([])
    assert fresh.is_dir() and mode(fresh) == 0o700

    old = fresh / "scratch" / "event-check" / "old"
    old.mkdir(parents=True)
    then = os.stat(old).st_mtime - 3 * 24 * 3600
    os.utime(old, (then, then))
    os.chmod(fresh, 0o750)  # the user's choice since: kept
    with pytest.raises(Launched):
        app_cli.main([])
    assert not old.exists() and (fresh / "scratch" / "event-check").is_dir()
    assert mode(fresh) == 0o750


def test_tilelens_app_help_makes_nothing(fresh, capsys):
    from tilelens import app_cli

    assert app_cli.main(["--help"]) == 0 and not fresh.exists()

