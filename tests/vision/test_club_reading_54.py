"""Session 54 (v1): reading the photos of a club's changed game. A tile set taught before the table changed says the
kinds of the table it is read as that it never learnt; a club's copy of Nogizaka under its own id with a new member or
two reads with Nogizaka's model, saying what it never learnt, as the house table of the same roster does; and the
tile sets that read a game are the same for the library as for the app's photo page: a set naming every tile of a
club copy reads it, and ``Recognizer.load(game=..., tileset=...)`` reads a set's kinds scored as the game."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_helpers import run

from scorer.catalog import house_tables, load_game
from tilelens.cli import HouseTables

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the club tests' helpers
from club_helpers import MODELS, NEW, NOGIZAKA, club, edited_home, rendered_photo, set_naming, table  # noqa: E402

HAND = ["minami"] * 3 + ["himetan"] * 3 + ["kotoko"] * 3
BOX_KINDS = [t.id for t in load_game(NOGIZAKA).tiles]


def kinds_of(text_or_path) -> list[str]:
    return [t.id for t in load_game(text_or_path).tiles]


@pytest.fixture
def home(tmp_path, monkeypatch, models):
    """A home whose nogizaka table was edited in the app (sakura for himetan), its games/_added folder known as the
    command line knows it, and a models folder of the shipped detector and classifiers (``models``)."""
    return edited_home(tmp_path, monkeypatch, table())


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    """A rendered photo of a Nogizaka hand of the box's tiles (three himetan)."""
    return rendered_photo(tmp_path_factory, HAND)


def a_set(models: Path, name: str, game: str, classes: list[str]) -> Path:
    """A tile set ``name`` taught for ``game`` ("" for none) whose classifier names ``classes`` (17 of them)."""
    assert len(classes) == len(BOX_KINDS)
    return set_naming(models, name, game, classes)


# ---------------------------------------------------------------- 1. a set taught before the table changed

def test_a_set_of_no_game_read_as_a_house_table_says_the_kinds_it_never_learnt(home, models, photo):
    """Before: a set taught on the box's kinds (no sakura), read when the house table has sakura: unlearnt ()."""
    from vision.recognizer import Recognizer

    a_set(models, "old-set", "", BOX_KINDS)
    with house_tables(HouseTables("read")):
        rec = Recognizer.load(tileset="old-set", boxcheck=False, orient=False)
        reading = rec.read(str(photo))
    assert rec.scored_as == "nogizaka"
    assert rec.unlearnt_kinds == ("sakura",) and reading.unlearnt_kinds == ("sakura",)
    # read with the box's table (no house table in use), it names every kind: nothing said
    plain = Recognizer.load(tileset="old-set", boxcheck=False, orient=False)
    assert plain.unlearnt_kinds == ()


def test_read_of_such_a_set_says_it_in_the_json(home, models, photo, capsys):
    a_set(models, "old-set", "", BOX_KINDS)
    code, out, err = run(capsys, "read", photo, "--tileset", "old-set", "--json")
    assert code == 0, err
    assert json.loads(out)["unlearnt_kinds"] == ["sakura"]


# ---------------------------------------------------------------- 2. a club copy under its own id

def test_a_club_copy_with_a_new_member_reads_with_nogizakas_model_saying_what_it_never_learnt(home, photo):
    """Before: "its tiles are not those of any game with a classifier: sakura is no tile of nogizaka"."""
    from vision.recognizer import Recognizer, classifier_game_of, game_reader

    path = club(home)
    spec = load_game(path)
    assert classifier_game_of(spec, Path(MODELS)) == "nogizaka"
    with house_tables(HouseTables("read")):
        assert game_reader(spec, Path(MODELS)) == ("nogizaka", [])
        rec = Recognizer.load(game=str(path), boxcheck=False, orient=False)
        reading = rec.read(str(photo))
    # nogizaka's classifier; the readings are of the club's game (its tiles, names, table and winning hands)
    assert Path(rec.classifier.path).name == "classifier-nogizaka.onnx" and rec.tileset == ""
    assert rec.game == str(path) and reading.game == str(path) and reading.scorable().game == str(path)
    assert rec.unlearnt_kinds == ("sakura",) and reading.unlearnt_kinds == ("sakura",)
    assert rec.copies == spec.inventory()  # the club's own set bounds the reading


def test_two_new_members_are_a_few_too(home):
    from vision.recognizer import Recognizer

    path = club(home, "nogi-club-b", ("himetan", "miria"))
    rec = Recognizer.load(game=str(path), boxcheck=False, orient=False)
    assert Path(rec.classifier.path).name == "classifier-nogizaka.onnx"
    assert rec.game == str(path) and rec.unlearnt_kinds == ("sakura", "tsubaki")


def test_read_of_the_added_club_game_by_its_id_reads_and_says_the_new_member(home, photo, capsys):
    club(home)
    code, out, err = run(capsys, "read", photo, "--game", "nogi-club")
    assert code == 0, err
    assert out.count("\n") >= 9  # the nine tiles, read
    line = next(x for x in out.splitlines() if "never learnt" in x)
    assert "sakura" in line and "(in nogi-club)" in line and "--game nogi-club" in line, line
    assert "house table" not in line  # nogizaka's house table is not the table in use
    code, out, err = run(capsys, "read", photo, "--game", "nogi-club", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["unlearnt_kinds"] == ["sakura"] and len(doc["images"][0]["kinds"]) == 9


def test_more_than_a_few_new_members_are_still_refused(home):
    """A quarter of the file's kinds at most are "a few": five new members of 17 are a new edition."""
    from vision.recognizer import NoReaderError, Recognizer

    path = club(home, "nogi-new", tuple(NEW))
    with pytest.raises(NoReaderError) as refused:
        Recognizer.load(game=str(path), boxcheck=False, orient=False)
    assert "no tile of nogizaka" in str(refused.value) and "no tile set was taught for it" in str(refused.value)


def test_a_file_of_other_pictures_is_not_read_with_a_classifier_of_its_ids(home, tmp_path):
    """The tiles must be pictured as the classifier's game pictures them: the same attributes. A classifier whose
    kinds have other attributes (a models folder where nogizaka's were learnt as pictures) does not read the copy."""
    from vision.recognizer import RecognizerError, classifier_game_of

    root = tmp_path / "other-models"
    root.mkdir()
    spec = json.loads((MODELS / "classifier-nogizaka.json").read_text(encoding="utf-8"))
    spec["class_attrs"] = [{"picture": c} for c in spec["classes"]]
    (root / "classifier-nogizaka.json").write_text(json.dumps(spec), encoding="utf-8")
    copy = load_game(club(home))
    with pytest.raises(RecognizerError):
        classifier_game_of(copy, root)
    exact = load_game(str(NOGIZAKA))  # every tile named: read as before, whatever the attributes
    assert classifier_game_of(exact, root) == "nogizaka"


def test_a_set_taught_for_the_club_file_still_reads_it_first(home, models, taught):
    from vision.recognizer import Recognizer

    path = club(home)
    taught(models, "club-own", str(path))
    rec = Recognizer.load(game=str(path), boxcheck=False, orient=False)
    assert rec.tileset == "club-own" and rec.taught_for[0] == "club-own"


# ---------------------------------------------------------------- 3. the sets that read a game: the app's and ours

def test_a_set_naming_every_tile_of_a_club_copy_is_among_the_sets_that_read_it(home, models):
    """Before: `read --game nogi-club` said "no tile set was taught for it" while the app offered club-sakura."""
    from vision.recognizer import Recognizer, taught_tilesets

    path = club(home)
    a_set(models, "club-sakura", "", kinds_of(path))       # taught for no game, naming all the club's tiles
    a_set(models, "nogi-house", "nogizaka", kinds_of(path))  # taught for nogizaka's house table: the same roster
    a_set(models, "box-set", "nogizaka", BOX_KINDS)          # no sakura: does not name them all
    found = [f.name for f in taught_tilesets(load_game(path), models)]
    assert sorted(found) == ["club-sakura", "nogi-house"]
    rec = Recognizer.load(game=str(path), boxcheck=False, orient=False)
    # read as the house table of the same roster is: nogizaka's model, naming the sets that read every kind
    assert Path(rec.classifier.path).name == "classifier-nogizaka.onnx" and rec.unlearnt_kinds == ("sakura",)
    assert sorted(rec.tilesets_naming_all) == ["club-sakura", "nogi-house"]


def test_a_set_naming_every_tile_reads_a_new_edition_no_classifier_reads(home, models):
    from vision.recognizer import Recognizer

    path = club(home, "nogi-new", tuple(NEW))
    a_set(models, "new-set", "", kinds_of(path))
    rec = Recognizer.load(game=str(path), boxcheck=False, orient=False)
    assert rec.tileset == "new-set" and rec.unlearnt_kinds == ()


def test_a_set_is_read_as_the_game_named_with_it(home, models, photo):
    """``Recognizer.load(game=G, tileset=S)``: S's kinds, scored as G (the app's photo page reads so); G's kinds S never
    learnt are said. Before: "name exactly one of game= or tileset=" refused it."""
    from vision.recognizer import Recognizer

    path = club(home)
    a_set(models, "club-sakura", "", kinds_of(path))
    rec = Recognizer.load(game=str(path), tileset="club-sakura", boxcheck=False, orient=False)
    assert rec.tileset == "club-sakura" and rec.game == str(path) and rec.scored_as == str(path)
    assert rec.unlearnt_kinds == () and rec.copies == load_game(path).inventory()
    reading = rec.read(str(photo))
    assert reading.game == str(path) and reading.scorable().game == str(path)
    with house_tables(HouseTables("read")):  # nogizaka's house table (sakura for himetan): every kind named
        rec = Recognizer.load(game="nogizaka", tileset="club-sakura", boxcheck=False, orient=False)
    assert rec.unlearnt_kinds == ()
    rec = Recognizer.load(game="nogizaka", tileset="club-sakura", boxcheck=False, orient=False)  # the box's: himetan
    assert rec.unlearnt_kinds == ("himetan",)


def test_a_set_of_another_games_tiles_is_refused_for_a_game(home, models):
    from vision.recognizer import Recognizer, RecognizerError

    a_set(models, "club-sakura", "", kinds_of(club(home)))
    with pytest.raises(RecognizerError) as refused:
        Recognizer.load(game="tokyo-mahjong", tileset="club-sakura", boxcheck=False, orient=False)
    en, ja = str(refused.value), refused.value.message_ja
    assert "club-sakura" in en and "tokyo-mahjong" in en and "club-sakura" in ja and "\n" not in en


def test_a_set_taught_for_an_added_game_in_a_home_since_moved_reads_the_game_added_here(home, models):
    """Its tileset.json names the old home's file of the added game: the game added here under that id is read."""
    from vision.recognizer import Recognizer, sets_for

    path = club(home)
    a_set(models, "moved", "/old/home/games/_added/nogi-club.toml", kinds_of(path))
    rec = Recognizer.load(tileset="moved", boxcheck=False, orient=False)
    assert rec.game == "nogi-club" and rec.copies == load_game(path).inventory()
    made, naming = sets_for(load_game(path), models)
    assert [f.name for f in made] == ["moved"] and naming == []
