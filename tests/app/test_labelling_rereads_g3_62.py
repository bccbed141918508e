"""Session 62 (G3): rereads of the labelling side, each saying what it said before from one place: a file's sha256
(``store.file_sha256``), a teach job's outcome marked seen (``teach.outcome_seen``), the words of photos replaced under
their names (``replaced.forgotten_words``), a tile's name as an imported kind (``Game.tile``), a set's name from a
folder or a game."""
from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest


def test_a_files_sha256_or_none_where_it_cannot_be_read(tmp_path):
    from tilelens.labelling.store import file_sha256

    (tmp_path / "a.txt").write_bytes(b"0 0.5 0.5 0.1 0.1\n")
    assert file_sha256(tmp_path / "a.txt") == hashlib.sha256(b"0 0.5 0.5 0.1 0.1\n").hexdigest()
    assert file_sha256(tmp_path / "none.txt") is None and file_sha256(tmp_path) is None
    if hasattr(os, "mkfifo"):  # a named pipe: never opened (it would wait for a writer)
        os.mkfifo(tmp_path / "pipe.txt")
        assert file_sha256(tmp_path / "pipe.txt") is None


def test_a_photos_sha256_is_read_again_once_it_changes_or_appears(tmp_path):
    from tilelens.labelling import replaced

    photo = tmp_path / "p.jpg"
    assert replaced._sha(photo) is None
    photo.write_bytes(b"one")
    assert replaced._sha(photo) == hashlib.sha256(b"one").hexdigest()
    photo.write_bytes(b"other")
    assert replaced._sha(photo) == hashlib.sha256(b"other").hexdigest()


def test_a_teach_jobs_outcome_is_marked_seen_in_its_folder(tmp_path):
    from tilelens.labelling import teach

    def job(started: float, folder: Path = tmp_path / "job") -> teach.TeachJob:
        return teach.TeachJob("mine", "done", "export", 1.0, started, 5, 40, "", folder)

    (tmp_path / "job").mkdir()
    first = job(time.time())
    assert not teach.outcome_seen(first)
    teach.mark_outcome_seen(first)
    assert teach.outcome_seen(first) and not teach.outcome_seen(job(first.started + 1))  # another job: not seen
    (tmp_path / "file").write_text("x")
    teach.mark_outcome_seen(job(1.0, tmp_path / "file"))  # cannot be written: quietly nothing
    assert not teach.outcome_seen(job(1.0, tmp_path / "file"))


def test_replaced_photos_are_said_alike_by_label_init_and_the_label_page():
    from app.components.label_words import STRINGS
    from tilelens.labelling.cli import WORDS

    assert WORDS["en"]["replaced_kept"] == ("photo changed since it was labelled (another photo under its name?), its "
                                            "labels changed by hand kept: check them on the Label page: {photos}")
    assert STRINGS["replaced_kept"][1] == ("Photo changed since it was labelled (another photo under its name?), its "
                                           "labels changed by hand kept: check them here: {photos}")
    assert WORDS["ja"]["replaced_kept"].endswith("ラベル付けのページで確かめてください: {photos}")
    assert STRINGS["replaced_kept"][0].endswith("そのままです: ここで確かめてください: {photos}")
    for key in ("replaced_again", "replaced_unaccepted"):
        assert STRINGS[key] == (WORDS["ja"][key], WORDS["en"][key][0].upper() + WORDS["en"][key][1:])


def test_an_imported_kind_named_by_a_tiles_name_or_reading_is_told_its_id():
    from scorer import load_game
    from tilelens.labelling.transfer import _ids_named

    mahjong = tuple(t.id for t in load_game("tokyo-mahjong").tiles)
    assert _ids_named(["白", "White dragon", "white DRAGON", "nothing"], mahjong, "tokyo-mahjong") == {
        "白": "5z", "White dragon": "5z", "white DRAGON": "5z"}
    cinderella = tuple(t.id for t in load_game("cinderella-neo").tiles)  # a reading too (渋谷凛's), as a hand says it
    assert _ids_named(["しぶや りん", "Karen Hojo"], cinderella, None) == {"しぶや りん": "shibuya-rin",
                                                                        "Karen Hojo": "houjou-karen"}


@pytest.mark.parametrize("game, name", [("yokai-watch", "yokai-watch-set"), (None, ""), ("tokyo-mahjong",
                                                                                       "tokyo-mahjong-set")])
def test_a_set_name_from_a_game(game, name, home):
    from app.components.teach_view import set_name_from_game

    assert set_name_from_game(game) == name


def test_a_set_name_from_a_folder_keeps_its_cut(home):
    from app.components.teach_view import folder_name

    assert folder_name(Path("/x/My Tiles (2)")) == "my-tiles-2" and folder_name(Path("/x/自宅の牌")) == ""
    assert folder_name(Path("/x/" + "Ab " * 30)) == ("ab-" * 14)[:41]
