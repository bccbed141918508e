"""Behaviour-neutral mends of the command line, scorer and vision side: a picture of a set (a dataset's, eval's) is
written as it is and a user-named one whole; `ledger csv --all` stopped by a full disk still names the matches it
could not read; the named-there filter is one helper the page and the command share; the added-games folder is
listed once; ``fit_help`` takes the language; ``wrap_whole`` fills as textwrap did."""
from __future__ import annotations

import errno
import inspect
import os
import sqlite3
import textwrap
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from tilelens.cli import main as tilelens
from tilelens.ledger import Ledger

FOUR = ["Ann", "Ben", "Chika", "Daiki"]


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    monkeypatch.delenv("TILELENS_LANG", raising=False)
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


# --- 1. write_image: written as it is unless the caller asks for it whole ------------------------------------------

def test_write_image_writes_as_it_is_unless_asked_whole(tmp_path, monkeypatch):
    from vision.synth.dataset import write_image

    assert inspect.signature(write_image).parameters["whole"].default is False
    synced = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    image = np.zeros((8, 8, 3), np.uint8)
    assert write_image(tmp_path / "a.jpg", image) and not synced  # a set's picture: no sync each
    assert write_image(tmp_path / "b.jpg", image, whole=True) and len(synced) == 1
    assert (tmp_path / "a.jpg").read_bytes()[:2] == (tmp_path / "b.jpg").read_bytes()[:2] == b"\xff\xd8"


def test_only_the_one_photo_synth_hand_names_is_written_whole():
    root = Path(__file__).resolve().parents[2]
    assert "write_image(args.out, scene.image, whole=True)" in (root / "vision/synth/cli.py").read_text()
    for path in ("vision/detector_data.py", "vision/eval_errors.py", "vision/synth/dataset.py"):
        assert "whole=True" not in (root / path).read_text(), path


# --- 2. csv --all stopped by a full disk: the matches it could not read are said too ----------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_csv_all_stopped_by_a_full_disk_still_names_a_match_it_cannot_read(home, tmp_path, monkeypatch, capsys,
                                                                             lang):
    ledger = Ledger(home / "ledger.sqlite")
    for _ in range(4):
        ledger.add_win(ledger.new_match("cinderella-neo", FOUR), 0, "ron", {1: 34})
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE matches SET created = 'yesterday' WHERE id = 4")  # a match stored wrong
    db.close()
    monkeypatch.setenv("TILELENS_LANG", lang)
    synced = []

    def fsync(fd: int) -> None:  # the disk fills after the first file
        synced.append(fd)
        if len(synced) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fsync)
    out = tmp_path / "out"
    assert tilelens(["ledger", "csv", "--all", "--out", str(out)]) == 2
    said, err = capsys.readouterr()
    assert [p.name for p in out.iterdir()] == ["tilelens-match-1.csv"]
    lines = err.splitlines()
    assert len(lines) == 3 and "match-2.csv" in lines[0] and "#4" in lines[1], err  # the unreadable match said
    if lang == "ja":
        assert lines[2] == ("tilelens ledger: 2件の対局は書き出していません (#2とそれ以降)。空きを作ってから、もう一度"
                            "実行してください")
        assert said == f"{out} に 1件書き出しました\n"
    else:
        assert lines[2] == ("tilelens ledger: stopped: 2 matches not written (#2 and every later one); run it again "
                            "once there is room")
        assert said == f"wrote 1 file to {out}\n"


def test_the_stop_is_said_in_one_match_too(home, tmp_path, monkeypatch, capsys):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.add_win(ledger.new_match("cinderella-neo", FOUR), 0, "ron", {1: 34})

    def fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fsync)
    for lang, stop in [("en", "stopped: 1 match not written (#1); run it again once there is room"),
                       ("ja", "1件の対局は書き出していません (#1)。空きを作ってから、もう一度実行してください")]:
        monkeypatch.setenv("TILELENS_LANG", lang)
        assert tilelens(["ledger", "csv", "--all", "--out", str(tmp_path / "out")]) == 2
        assert capsys.readouterr().err.splitlines()[-1] == f"tilelens ledger: {stop}"


# --- 3. who another laptop names otherwise: one filter, for the command and the page ------------------------------

def test_named_there_pairs_keeps_a_name_there_that_is_a_player_of_these_totals():
    from tilelens.ledger_cli import named_there_pairs

    totals = SimpleNamespace(matches=[SimpleNamespace(id=1), SimpleNamespace(id=2)],
                             players=[SimpleNamespace(name=n) for n in ("Fumi", "Fumj", "Ann")])
    there = {1: [("Fumj", "Fumi"), ("Ann", "Anne")], 2: [("Ann", "Fumj")], 3: [("Fumi", "Ann")]}
    assert named_there_pairs(totals, there) == [(1, "Fumj", "Fumi"), (2, "Ann", "Fumj")]
    assert named_there_pairs(totals, {}) == []


def test_the_page_says_them_through_the_same_helper():
    root = Path(__file__).resolve().parents[2]
    page = (root / "app/views/ledger.py").read_text()
    assert "named_there_pairs(totals, there)" in page and "if other in players" not in page


# --- 4. the added games' folder listed once ------------------------------------------------------------------------

def test_the_added_games_folder_is_listed_once(tmp_path, monkeypatch):
    from scorer import catalog

    folder = tmp_path / "added"
    folder.mkdir()
    (folder / "kitchen.toml.txt").write_text("x")
    (folder / ".hidden.TOML").write_text("x")
    (folder / "Dir.TOML").mkdir()
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [folder])
    listed = []
    iterdir, glob = Path.iterdir, Path.glob

    def counted(self):
        listed.append(self)
        return iterdir(self)

    def globbed(self, pattern):
        assert self != folder, "listed a second time"
        return glob(self, pattern)

    monkeypatch.setattr(Path, "iterdir", counted)
    monkeypatch.setattr(Path, "glob", globbed)
    skipped = catalog.skipped_added_games()
    assert listed == [folder] and [s.path.name for s in skipped] == ["kitchen.toml.txt"]


# --- 5. help filling ---------------------------------------------------------------------------------------------

def test_fit_help_takes_the_language():
    from scorer.cli import fit_help

    text = "これは長い説明の文章です。端末の幅に合わせて折り返します。"
    assert fit_help(text, 30, lang="ja") != fit_help(text, 30)  # Japanese broken between characters
    assert all(len(line) * 2 <= 30 for line in fit_help(text, 30, lang="ja").splitlines())
    assert "japanese" not in inspect.signature(fit_help).parameters


@pytest.mark.parametrize("width", [1, 5, 12, 20, 33, 60])
@pytest.mark.parametrize("indent", ["", "    "])
def test_wrap_whole_fills_ascii_as_textwrap_did(width, indent):
    from scorer.cli import wrap_whole

    for text in ["ron on --own-discard only", "a b c", "--a-very-long-option-name-indeed and more words here",
                 "usage: tilelens score --game GAME [--win tsumo|ron] [--players N] TILE...", "x", ""]:
        old = textwrap.wrap(text, max(width, 1), initial_indent=indent, subsequent_indent=indent,
                            break_on_hyphens=False, break_long_words=False)
        assert wrap_whole(text, width, indent) == old, (text, width, indent)


def test_the_raw_formatter_is_the_projects_own():
    from scorer.cli import HelpFormatter, RawHelpFormatter

    assert RawHelpFormatter.__bases__ == (HelpFormatter,)


# --- 6. ------------------------------------------------------------------------------------------------------------

def test_near_miss_docstring_has_no_stray_apostrophe():
    from scorer.distance import NearMiss

    assert "``swap_offers``')" not in NearMiss.__doc__
