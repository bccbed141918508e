"""A game added in the app ($TILELENS_HOME/games/_added/<id>.toml) is known to the command line by its id
(session 50, W4 item 2): `score --game precure` said "unknown game 'precure'" and `tilelens games` did not list it."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorer import catalog
from scorer.result import GameFileError
from tilelens import cli

FRUITS = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"
HAND = ["apple", "apple", "cherry", "cherry", "lemon", "lemon"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A TILELENS_HOME with house-fruits added in the app, and the scorer's registry as the CLI leaves it."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    added = tmp_path / "home" / "games" / "_added"
    added.mkdir(parents=True)
    shutil.copy(FRUITS, added / "house-fruits.toml")
    monkeypatch.chdir(tmp_path)  # not where a file of that name lies
    return added


def test_catalog_registry_resolves_an_added_id(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    with pytest.raises(GameFileError):
        catalog.load_game("house-fruits")
    shutil.copy(FRUITS, tmp_path / "house-fruits.toml")
    (tmp_path / "nogizaka.toml").write_text("not a game")  # a shipped id is always the shipped game
    catalog.add_games_dir(tmp_path)
    game = catalog.load_game("house-fruits")
    assert game.id == "house-fruits" and Path(game.source) == tmp_path / "house-fruits.toml"
    assert catalog.load_game("nogizaka").source.endswith("scorer/games/nogizaka.toml")
    assert catalog.list_games() == ["cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong"]
    assert list(catalog.added_games()) == ["house-fruits"]


def test_unknown_game_names_a_game_file(monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    with pytest.raises(GameFileError) as info:
        catalog.load_game("precure")
    assert "path/to/game.toml" in str(info.value) and "--game" not in str(info.value) and ".toml" in info.value.message_ja


def test_score_and_games_know_an_added_game(home, capsys):
    code = cli.main(["score", "--game", "house-fruits", *HAND])
    out, err = capsys.readouterr()
    assert "unknown game" not in err and code in (0, 1), err
    assert cli.main(["games", "house-fruits"]) == 0 and "りんご" in capsys.readouterr().out
    assert cli.main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("house-fruits") and "added in the app" in lines[-1]
    assert str(home / "house-fruits.toml") in lines[-1]
    assert cli.main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [g["id"] for g in listed][-1] == "house-fruits" and listed[-1]["added"] == str(home / "house-fruits.toml")
    assert "added" not in listed[0]


def test_another_home_has_not_the_game(home, tmp_path, monkeypatch, capsys):
    """The folder is the current $TILELENS_HOME's, asked at each look-up (not the first home's)."""
    cli.main(["games"])
    capsys.readouterr()
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "other"))
    assert cli.main(["score", "--game", "house-fruits", *HAND]) == 2
    assert "unknown game 'house-fruits'" in capsys.readouterr().err


def test_label_init_next_names_a_base_teach_takes():
    """W4 item 1: init's "next:" named `--base precure.toml` (the game file), which teach refuses ("unknown base
    'precure.toml': not a .pt file, an enrolled tile set or a game with classifier-precure.toml.pt")."""
    from tilelens.labelling.cli import WORDS, teach_base

    assert teach_base(None, "precure.toml", ["club-en", "pc-synth"]) == "club-en"  # the set init read with
    assert teach_base("club-ja", "precure.toml", []) == "club-ja"
    assert teach_base(None, "/tmp/x/precure.toml", []) == "nogizaka"  # no set read it: a shipped game
    assert teach_base(None, "yokai-watch", []) == "yokai-watch"
    for lang in ("en", "ja"):  # the other-game advice too names the base, not the game file
        assert "--base {base}" in WORDS[lang]["other_game"] and "--base {what}" not in WORDS[lang]["other_game"]


def test_teach_base_accepts_an_enrolled_set_name(tmp_path):
    """What init names as the base is what `label teach --base` resolves: an enrolled set by its name."""
    from vision.enroll import resolve_base

    folder = tmp_path / "tilesets" / "club-en"
    folder.mkdir(parents=True)
    (folder / "classifier.pt").write_bytes(b"weights")
    (folder / "tileset.json").write_text(json.dumps({"name": "club-en", "game": "/x/precure.toml"}))
    weights, game = resolve_base("club-en", tmp_path)
    assert weights == folder / "classifier.pt" and game == "/x/precure.toml"
