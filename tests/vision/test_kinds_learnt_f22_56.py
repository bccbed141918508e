"""Session 56 (f22): "the set knowing the most kinds" counts the kinds a tile set learnt, not its classifier's classes.
A set taught from a labelling dataset has every kind of the dataset's ``data.yaml`` as a class, whether a photo showed
it or not: one taught from 3 photos on 7 of 28 kinds counted as knowing 28, read the game before a set that learnt all
28, misread every tile, and was said to be "the one knowing the most of its kinds". ``tilelens enroll`` now writes the
kinds that had training crops, and how many (``tileset.json``'s ``learnt``); the choice of set and the once-only line
of the kinds a set lacks go by them (a set written before, without ``learnt``, by its classes).
Tile sets here are fakes (the shipped hk-mahjong set's model files, their classes renamed), as in
test_tileset_choice_f11_56.py; the enrolment is a tiny one (one epoch, 8 wide)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

from scorer.catalog import load_game
from vision import recognizer
from vision.recognizer import Recognizer

REPO = Path(__file__).resolve().parents[2]
PHOTO = Path(__file__).parent / "data" / "detector" / "images" / "hk-1.jpg"
FRUITS = ["apple", "cherry", "lemon", "banana", "joker"]  # house-fruits' kinds


@pytest.fixture
def fruits(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "club" / "fruits.toml"
    path.parent.mkdir()
    text = (REPO / "tests" / "scorer" / "data" / "house-fruits.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("players_max = 5", "players_max = 4"), encoding="utf-8")
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert [t.id for t in load_game(path).tiles] == FRUITS
    return path


def fruit_set(taught, models: Path, name: str, game: str, stamp: int, learnt: object = None) -> Path:
    """A fake tile set ``name`` taught for ``game`` whose classifier names every fruit (as one taught from a dataset
    naming them all does), ``learnt`` written into its tileset.json where given (None: a set written before)."""
    folder = taught(models, name, game, stamp=stamp)
    spec = json.loads((folder / "classifier.json").read_text(encoding="utf-8"))
    spec["classes"] = FRUITS + spec["classes"][len(FRUITS):]
    (folder / "classifier.json").write_text(json.dumps(spec), encoding="utf-8")
    if learnt is not None:
        meta = json.loads((folder / "tileset.json").read_text(encoding="utf-8"))
        meta["learnt"] = learnt
        (folder / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
        import os

        os.utime(folder / "tileset.json", (stamp, stamp))
    return folder


def _load(**kwargs) -> Recognizer:
    return Recognizer.load(boxcheck=False, orient=False, **kwargs)


# ---------------------------------------------------------------- 1. enroll writes the kinds it learnt

def _support():
    from test_enroll_49 import _support as support  # the teaching tests' dataset helpers

    return support()


TINY = ["--epochs", "1", "--width", "8", "--crop-size", "32", "--orient-minutes", "0", "--no-detector-crops",
        "--hold-out", "0"]


def test_enrol_writes_the_kinds_that_had_crops_and_how_many(tmp_path, monkeypatch, capsys):
    """Before: no ``learnt``; its ``kinds`` (the dataset's five names) said 3m as known, no photo showing one."""
    from tilelens.cli import main as tilelens

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    photos = {"a": ["1m", "1p", "1s", "2m"], "b": ["2m", "1s", "1p", "1m"], "c": ["1m", "1p", "1m", "1p"]}
    root = _support().make_dataset(tmp_path / "ds", photos)  # its data.yaml names 3m too: no photo shows one
    models = tmp_path / "models"
    assert tilelens(["enroll", "--name", "three-photos", "--data", str(root), "--models", str(models),
                     "--work", str(tmp_path / "run"), *TINY]) == 0
    meta = json.loads((models / "tilesets" / "three-photos" / "tileset.json").read_text(encoding="utf-8"))
    assert "3m" in meta["kinds"]  # a class of its classifier still
    assert meta["learnt"] == {"1m": 4, "1p": 4, "1s": 2, "2m": 2}, meta.get("learnt")
    assert sum(meta["learnt"].values()) == meta["crops"]
    assert recognizer.learnt_kinds(models / "tilesets" / "three-photos") == ("1m", "1p", "1s", "2m")


# ---------------------------------------------------------------- 2. the set that learnt the most reads

def test_a_newer_set_naming_every_kind_but_learning_few_does_not_read_the_game(taught, models, fruits):
    """Before: club (5 classes, 2 learnt, taught last) read, said to be the one knowing the most of its kinds."""
    fruit_set(taught, models, "syn", str(fruits), 1_000_000, learnt={k: 30 for k in FRUITS})
    fruit_set(taught, models, "club", str(fruits), 2_000_000, learnt={"apple": 6, "cherry": 4})
    spec = load_game(str(fruits))
    wanted = set(FRUITS)
    assert recognizer.kinds_known(models / "tilesets" / "club", wanted) == 2
    assert recognizer.kinds_known(models / "tilesets" / "syn", wanted) == 5
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["syn", "club"]
    rec = _load(game=str(fruits))
    assert rec.tileset == "syn" and rec.unlearnt_kinds == ()


def test_a_set_written_before_learnt_was_kept_counts_its_classes(taught, models, fruits):
    fruit_set(taught, models, "old", str(fruits), 1_000_000)  # no learnt: every class it names
    fruit_set(taught, models, "club", str(fruits), 2_000_000, learnt={"apple": 6, "cherry": 4})
    assert recognizer.kinds_known(models / "tilesets" / "old", set(FRUITS)) == 5
    assert _load(game=str(fruits)).tileset == "old"
    # a learnt that is no table of kinds and counts is no list to go by: its classes, as before
    fruit_set(taught, models, "odd", str(fruits), 3_000_000, learnt=["apple"])
    assert recognizer.kinds_known(models / "tilesets" / "odd", set(FRUITS)) == 5
    # kinds learnt that its classifier does not name are none it knows
    fruit_set(taught, models, "stray", str(fruits), 4_000_000, learnt={"apple": 3, "grape": 5})
    assert recognizer.learnt_kinds(models / "tilesets" / "stray") == ("apple",)


# ---------------------------------------------------------------- 3. the kinds a set lacks, said once

def test_reading_with_the_set_that_learnt_few_says_what_it_lacks_and_the_set_knowing_them(taught, models, fruits,
                                                                                        capsys, monkeypatch):
    """Before: --tileset club read with nothing said (its classes name every fruit)."""
    fruit_set(taught, models, "syn", str(fruits), 1_000_000, learnt={k: 30 for k in FRUITS})
    fruit_set(taught, models, "club", str(fruits), 2_000_000, learnt={"apple": 6, "cherry": 4})
    rec = _load(game=str(fruits), tileset="club")
    assert rec.unlearnt_kinds == ("lemon", "banana", "joker") and rec.tilesets_naming_all == ("syn",)
    code, out, err = run(capsys, "read", PHOTO, PHOTO, "--game", fruits, "--tileset", "club", "--kinds")
    assert code == 0, err
    assert err.count("knows 2 of the 5 kinds") == 1 and "--tileset syn, which knows them all" in err, err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code, out, err = run(capsys, "read", PHOTO, "--game", fruits, "--tileset", "club", "--kinds")
    assert code == 0 and "5種類のうち2種類" in err and "--tileset syn" in err, err
    monkeypatch.setenv("TILELENS_LANG", "en")
    code, out, err = run(capsys, "read", PHOTO, "--game", fruits, "--kinds")  # syn reads: it knows them all
    assert code == 0 and "read with tile set syn" in err and "kinds of" not in err, err


def test_the_only_set_taught_learning_few_says_so_and_how_to_teach_the_rest(taught, models, fruits, capsys):
    """Before: read with club, nothing said; every lemon, banana and joker misread."""
    fruit_set(taught, models, "club", str(fruits), 2_000_000, learnt={"apple": 6, "cherry": 4})
    code, out, err = run(capsys, "read", PHOTO, "--game", fruits, "--kinds")
    assert code == 0, err
    assert err.count("knows 2 of the 5 kinds") == 1 and "label teach" in err, err
    # a set taught for it naming the game's other kinds as classes is no set "knowing them all"
    fruit_set(taught, models, "club2", str(fruits), 3_000_000, learnt={"apple": 2, "lemon": 4, "banana": 1})
    rec = _load(game=str(fruits))
    assert rec.tileset == "club2" and rec.unlearnt_kinds == ("cherry", "joker") and rec.tilesets_naming_all == ()
