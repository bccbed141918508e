"""Session 56 (f11): which model reads a club's own game. A new game sharing one tile id (``almighty``) with Yokai
Watch is no Yokai Watch copy: the Teach base picker starts from the suggested base, and before any set is taught the
message says no model knows its tiles yet. Of several tile sets taught for a game, the one knowing the most of its
kinds reads it (the newest among equals), and a set lacking kinds is said once. An added game named by its id is said
by its id. A fifth game shipped as a file in scorer/games with no classifier is read like one added in the app.
Tile sets are fakes: the shipped hk-mahjong set's model files under a ``tileset.json`` naming the game, their
``classifier.json`` naming some of the game's kinds (``fruit_set``)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from cli_helpers import run
from PIL import Image

from scorer import catalog
from scorer.catalog import load_game
from vision import recognizer
from vision.recognizer import NoReaderError, Recognizer

REPO = Path(__file__).resolve().parents[2]
PHOTO = Path(__file__).parent / "data" / "detector" / "images" / "hk-1.jpg"
FRUITS = ["apple", "cherry", "lemon", "banana", "almighty"]  # house-fruits, its joker named as Yokai Watch's


def fruits_text(game_id: str = "house-fruits") -> str:
    """house-fruits with its joker called ``almighty`` (one tile id shared with Yokai Watch), under ``game_id``."""
    text = (REPO / "tests" / "scorer" / "data" / "house-fruits.toml").read_text(encoding="utf-8")
    text = text.replace("players_max = 5", "players_max = 4")  # a table of four seats, as the command checks
    return text.replace('id = "joker"', 'id = "almighty"').replace('id = "house-fruits"', f'id = "{game_id}"', 1)


@pytest.fixture
def almighty_edition(tmp_path) -> Path:
    path = tmp_path / "club" / "fruits.toml"
    path.parent.mkdir()
    path.write_text(fruits_text(), encoding="utf-8")
    return path


def fruit_set(taught, models: Path, name: str, game: str, kinds: list[str], stamp: int) -> Path:
    """A fake tile set ``name`` taught for ``game`` whose classifier names ``kinds`` (its other classes mahjong's)."""
    folder = taught(models, name, game, stamp=stamp)
    spec = json.loads((folder / "classifier.json").read_text(encoding="utf-8"))
    spec["classes"] = kinds + spec["classes"][len(kinds):]
    (folder / "classifier.json").write_text(json.dumps(spec), encoding="utf-8")
    return folder


# ---------------------------------------------------------------- 1. one shared id is no copy of that game

def test_the_teach_base_of_a_game_sharing_one_id_with_yokai_watch_is_the_suggested_base(models, almighty_edition):
    """Before: yokai-watch first (1 of its 5 kinds a Yokai Watch id beat 0)."""
    from app.components.teach_view import SUGGESTED_BASE, base_choices

    for game in ("yokai-watch", "nogizaka", "cinderella-neo"):
        (models / f"classifier-{game}.pt").write_bytes(b"")
    game = load_game(almighty_edition)
    config = SimpleNamespace(tileset=None, names=FRUITS, game=str(almighty_edition))
    assert list(base_choices(config, game))[0] == SUGGESTED_BASE == "nogizaka"
    # a real overlap still leads: a dataset of Yokai Watch's own tiles starts from its model
    yokai = [t.id for t in load_game("yokai-watch").tiles]
    assert list(base_choices(SimpleNamespace(tileset=None, names=yokai, game=None), game))[0] == "yokai-watch"


def test_before_any_set_is_taught_the_message_says_no_model_knows_its_tiles(models, almighty_edition):
    """Before: "apple, cherry, lemon, ... are no tile of yokai-watch, the game of its other tiles"."""
    with pytest.raises(NoReaderError) as err:
        Recognizer.load(game=str(almighty_edition), boxcheck=False, orient=False)
    en, ja = str(err.value), err.value.message_ja
    assert "the game of its other tiles" not in en and "not those of any game with a classifier (" in en, en
    assert "no tile set knows its tiles yet" in en and "tilelens label teach DIR --name NAME" in en, en
    assert "牌セットはまだありません" in ja and "妖怪" not in ja and "label teach" in ja, ja


def test_a_file_of_mostly_one_games_tiles_is_still_said_as_that_games(models):
    """A club's copy of Nogizaka with many new members: its other tiles are Nogizaka's, said so."""
    text = (REPO / "scorer" / "games" / "nogizaka.toml").read_text(encoding="utf-8")
    nogizaka = load_game("nogizaka")
    new = [t.id for t in nogizaka.tiles][:6]  # 6 of 17 renamed: too many to read as nogizaka, most still its
    for kind in new:
        text = text.replace(f'id = "{kind}"', f'id = "{kind}-x"')
    path = models.parent / "nogi-copy.toml"
    path.write_text(text.replace('id = "nogizaka"', 'id = "nogi-copy"', 1), encoding="utf-8")
    with pytest.raises(NoReaderError, match="no tile of nogizaka, the game of its other tiles"):
        Recognizer.load(game=str(path), boxcheck=False, orient=False)


# ---------------------------------------------------------------- 2. the set knowing the most kinds reads

def test_a_newer_set_knowing_fewer_kinds_does_not_read_the_game(taught, models, almighty_edition):
    """Before: the newest (2 of 5 kinds) read, every other tile read wrong."""
    fruit_set(taught, models, "all-kinds", str(almighty_edition), FRUITS, stamp=1_000_000)
    fruit_set(taught, models, "few-kinds", str(almighty_edition), FRUITS[:2], stamp=2_000_000)  # taught last
    spec = load_game(str(almighty_edition))
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["all-kinds", "few-kinds"]
    rec = Recognizer.load(game=str(almighty_edition), boxcheck=False, orient=False)
    assert rec.tileset == "all-kinds" and rec.unlearnt_kinds == ()
    # among sets knowing as many, the newest
    fruit_set(taught, models, "all-again", str(almighty_edition), FRUITS, stamp=3_000_000)
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["all-again", "all-kinds", "few-kinds"]
    # --tileset still forces one
    forced = Recognizer.load(game=str(almighty_edition), tileset="few-kinds", boxcheck=False, orient=False)
    assert forced.tileset == "few-kinds" and len(forced.unlearnt_kinds) == 3


def test_a_set_knowing_all_kinds_taught_for_no_game_beats_one_taught_for_it_knowing_few(taught, models,
                                                                                          almighty_edition):
    fruit_set(taught, models, "for-it", str(almighty_edition), FRUITS[:2], stamp=2_000_000)
    fruit_set(taught, models, "no-game", "", FRUITS, stamp=1_000_000)
    spec = load_game(str(almighty_edition))
    assert recognizer.game_reader(spec, models)[1][0].name == "no-game"
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["no-game", "for-it"]


def test_read_says_once_how_many_kinds_the_chosen_set_lacks(taught, models, almighty_edition, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    fruit_set(taught, models, "few-kinds", str(almighty_edition), FRUITS[:2], stamp=2_000_000)
    code, out, err = run(capsys, "read", PHOTO, PHOTO, "--game", almighty_edition, "--kinds")
    assert code == 0, err
    assert err.count("knows 2 of the 5 kinds") == 1, err
    code, out, err = run(capsys, "read", PHOTO, "--game", almighty_edition, "--tileset", "few-kinds", "--kinds")
    assert code == 0 and err.count("knows 2 of the 5 kinds") == 1, err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code, out, err = run(capsys, "read", PHOTO, "--game", almighty_edition, "--kinds")
    assert code == 0 and "5種類のうち2種類" in err, err
    monkeypatch.setenv("TILELENS_LANG", "en")
    fruit_set(taught, models, "all-kinds", str(almighty_edition), FRUITS, stamp=1_000_000)
    code, out, err = run(capsys, "read", PHOTO, "--game", almighty_edition, "--kinds")
    assert code == 0 and "kinds of" not in err and "all-kinds" in err, err  # it knows them all: nothing to say


# ---------------------------------------------------------------- 3. an added game is said by its id

@pytest.fixture
def added(tmp_path, monkeypatch, models) -> Path:
    """A home with the game house-fruits added in the app (its games/_added file), English."""
    home = tmp_path / "home"
    path = home / "games" / "_added" / "house-fruits.toml"
    path.parent.mkdir(parents=True)
    path.write_text(fruits_text(), encoding="utf-8")
    monkeypatch.setenv("TILELENS_HOME", str(home))
    monkeypatch.setenv("TILELENS_LANG", "en")
    return path


def test_read_json_names_an_added_game_by_its_id(taught, models, added, capsys):
    """Before: "game": "/.../games/_added/house-fruits.toml", where `score --json` says house-fruits."""
    code, out, err = run(capsys, "read", PHOTO, "--game", "house-fruits", "--json")
    assert code == 2 and "--game house-fruits" in err and str(added) not in err.split("Teach one")[1], err
    fruit_set(taught, models, "club", str(added), FRUITS, stamp=1_000_000)
    code, out, err = run(capsys, "read", PHOTO, "--game", "house-fruits", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["game"] == "house-fruits" and doc["images"][0]["game"] == "house-fruits", doc["game"]
    assert "house-fruits: read with tile set club" in err, err


# ---------------------------------------------------------------- 4. a fifth shipped game with no classifier

@pytest.fixture
def shipped_fifth(tmp_path, monkeypatch, models) -> str:
    """scorer/games with a fifth game, fruit-box (no classifier for it anywhere)."""
    games = tmp_path / "games"
    shutil.copytree(catalog.GAMES_DIR, games, ignore=shutil.ignore_patterns("*.md"))
    (games / "fruit-box.toml").write_text(fruits_text("fruit-box"), encoding="utf-8")
    monkeypatch.setattr(catalog, "GAMES_DIR", games)
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert "fruit-box" in catalog.list_games()
    return "fruit-box"


def test_a_shipped_game_with_no_classifier_reads_with_the_set_taught_for_it(taught, models, shipped_fifth):
    """Before: "no classifier for game 'fruit-box': .../classifier-fruit-box.onnx is missing", the set ignored."""
    with pytest.raises(NoReaderError, match="no tile set knows its tiles yet") as err:
        Recognizer.load(game=shipped_fifth, boxcheck=False, orient=False)
    assert "--game fruit-box" in str(err.value)
    fruit_set(taught, models, "box-set", shipped_fifth, FRUITS, stamp=1_000_000)
    rec = Recognizer.load(game=shipped_fifth, boxcheck=False, orient=False)
    assert rec.tileset == "box-set" and rec.game == "fruit-box" and rec.copies == load_game("fruit-box").inventory()


def test_label_init_of_a_shipped_game_with_no_classifier_files_its_photos(models, shipped_fifth, tmp_path):
    """Before: refused ("no classifier ... classifier-fruit-box.onnx is missing"), as an added game's are filed."""
    from tilelens.labelling import prelabel

    photos = tmp_path / "photos"
    photos.mkdir()
    Image.new("RGB", (200, 100), (10, 120, 60)).save(photos / "one.jpg")
    summary = prelabel.prelabel_folder(photos, shipped_fifth, progress=False)
    assert summary.no_reader and (photos / "images" / "train" / "one.jpg").is_file()


def test_a_shipped_games_classifier_missing_is_still_a_broken_models_folder(models, shipped_fifth):
    (models / "classifier-nogizaka.onnx").unlink()  # its .json is there: the folder lost a model it had
    with pytest.raises(recognizer.RecognizerError, match="no classifier for game 'nogizaka'"):
        Recognizer.load(game="nogizaka", boxcheck=False, orient=False)
