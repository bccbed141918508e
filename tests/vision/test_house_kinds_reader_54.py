"""Session 54 (n2): a club's house table of a shipped game (nogizaka: himetan graduates, a new member sakura joins)
read with the shipped classifier, which never learnt sakura. The reading says which kinds of the table in use its
model cannot name and how to teach them (text, ``--kinds``' stderr, ``--json``, ``HandReading``), naming the tile
sets taught for the game on every tile; a kind the table dropped is said to be none of the table in use. A game of its
own id (nogi-club) read with a set taught for it no longer says a house table of nogizaka is used. ``synth`` draws
the house table's tiles, and a tile's face depends on the tile, not on the file that holds its game."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run

from scorer.catalog import house_tables, load_game
from tilelens.cli import HouseTables

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the club tests' helpers
from club_helpers import NOGIZAKA, edited_home, rendered_photo, set_naming, table  # noqa: E402

HAND = ["minami"] * 3 + ["himetan"] * 3 + ["rarin"] * 3


def sakura_table() -> str:
    """Nogizaka's table with himetan graduated and sakura (yellow) joined in her place."""
    return table()


@pytest.fixture
def home(tmp_path, monkeypatch, models):
    """A home whose nogizaka table was edited in the app (sakura for himetan), and a models folder of the shipped
    detector and classifiers (``models``, the root conftest)."""
    return edited_home(tmp_path, monkeypatch, sakura_table(), added=False)


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    """A rendered photo of a shipped Nogizaka hand with three himetan (drawn from the box's table)."""
    return rendered_photo(tmp_path_factory, HAND)


def house_kinds() -> list[str]:
    """The house table's kinds: the box's, sakura in himetan's place."""
    return ["sakura" if t.id == "himetan" else t.id for t in load_game(NOGIZAKA).tiles]


# ---------------------------------------------------------------- 1. kinds the model never learnt are said

def test_the_reading_of_a_house_table_names_the_kinds_its_model_never_learnt(home, photo):
    from vision.recognizer import Recognizer

    with house_tables(HouseTables("read")):
        rec = Recognizer.load(game="nogizaka", boxcheck=False, orient=False)
        reading = rec.read(str(photo))
    assert rec.unlearnt_kinds == ("sakura",) and reading.unlearnt_kinds == ("sakura",)
    assert reading.tilesets_naming_all == ()  # none taught yet
    # the box's table: every kind learnt, nothing said
    plain = Recognizer.load(game="nogizaka", boxcheck=False, orient=False).read(str(photo))
    assert plain.unlearnt_kinds == () and plain.tilesets_naming_all == ()


def test_read_says_it_in_the_text_the_json_and_beside_the_kinds(home, photo, capsys):
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka")
    assert code == 0, err
    line = next(x for x in out.splitlines() if "never learnt" in x)
    assert "sakura" in line and "house table edited in the app" in line
    assert "Label tiles page" in line and "tilelens enroll --game nogizaka" in line
    assert "--tileset" not in line  # no set taught on every tile
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["unlearnt_kinds"] == ["sakura"] and doc["tilesets_naming_all"] == []
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka", "--kinds")
    assert code == 0 and "sakura" not in out  # stdout stays score's words
    assert any("never learnt" in x and "sakura" in x for x in err.splitlines()), err
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka", "--shipped-rules")  # the box's table
    assert code == 0 and "never learnt" not in out + err


def test_it_is_said_in_japanese(home, photo, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka")
    assert code == 0, err
    line = next(x for x in out.splitlines() if "覚えていない牌" in x)
    assert "さくら (sakura)" in line and "「ラベル付け」" in line and "tilelens enroll --game nogizaka" in line
    assert "never" not in line


def test_the_sets_taught_for_the_game_on_every_tile_are_named(home, photo, models, capsys):
    set_naming(models, "nogi-house", "nogizaka", house_kinds())
    set_naming(models, "old-box", "nogizaka", [t.id for t in load_game(NOGIZAKA).tiles])  # no sakura: not named
    set_naming(models, "other-game", str(NOGIZAKA.with_name("yokai-watch.toml")), house_kinds())  # another game's
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka")
    line = next(x for x in out.splitlines() if "never learnt" in x)
    assert "--tileset nogi-house" in line and "old-box" not in line and "other-game" not in line, line
    code, out, _ = run(capsys, "read", photo, "--game", "nogizaka", "--json")
    assert json.loads(out)["tilesets_naming_all"] == ["nogi-house"]
    code, out, err = run(capsys, "read", photo, "--tileset", "nogi-house")  # reads every kind: nothing to say
    assert code == 0 and "never learnt" not in out + err, out + err


# ---------------------------------------------------------------- 1. a kind the house table dropped

def test_a_kind_the_house_table_dropped_is_said_to_be_none_of_the_table_in_use(home, photo, capsys):
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka")
    line = next(x for x in out.splitlines() if x.strip().startswith("kinds:"))
    assert "himetan" not in line.split("(")[0], line  # not scored as a tile of the table
    assert "left out" in line and "house table edited in the app" in line and "himetan" in line.split("(")[1], line
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka", "--kinds")
    assert "himetan" not in out
    said = next(x for x in err.splitlines() if "left out" in x)
    assert "house table edited in the app" in said and "the tile set reads" not in said, said
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka", "--kinds", "--shipped-rules")
    assert out.split().count("himetan") == 3  # the box's table has her


def test_the_dropped_kind_in_japanese(home, photo, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code, out, err = run(capsys, "read", photo, "--game", "nogizaka")
    line = next(x for x in out.splitlines() if x.strip().startswith("牌:"))
    assert "アプリで編集した" in line and "ハウスルール" in line and "himetan" in line, line


# ---------------------------------------------------------------- 2. a game of its own id says no other's table

def test_a_game_of_its_own_id_read_with_its_set_says_no_house_table_of_another(home, models, capsys, taught):
    club = home / "games" / "_added" / "nogi-club.toml"
    club.parent.mkdir(parents=True)
    club.write_text(sakura_table().replace('id = "nogizaka"', 'id = "nogi-club"', 1), encoding="utf-8")
    taught(models, "club-set", str(club))
    from vision.recognizer import game_reader

    with house_tables(HouseTables("read")):
        game, sets = game_reader(load_game(club), models)
    assert (game, [s.name for s in sets]) == ("", ["club-set"])
    assert "house table" not in capsys.readouterr().err


def test_the_message_of_a_file_no_classifier_names_gives_the_shipped_name_without_loading_a_table(home, models,
                                                                                                   capsys, monkeypatch):
    from vision.recognizer import NoReaderError, game_reader

    monkeypatch.setattr("vision.recognizer.FEW_UNLEARNT", 0.0)  # one new member is read now (test_club_reading_54)

    club = home / "club.toml"
    club.write_text(sakura_table().replace('id = "nogizaka"', 'id = "nogi-club"', 1), encoding="utf-8")
    with house_tables(HouseTables("read")), pytest.raises(NoReaderError) as refused:
        game_reader(load_game(club), models)
    assert "sakura is no tile of nogizaka" in str(refused.value)
    assert "「乃木坂ドンジャラ」の牌ではありません" in refused.value.message_ja
    assert "house table" not in capsys.readouterr().err


# ---------------------------------------------------------------- 3. synth draws the house table

def test_synth_draws_the_house_table_s_new_member(home, tmp_path, capsys):
    from vision.synth.cli import main as synth

    out = tmp_path / "hand.png"
    with house_tables(HouseTables("synth")):
        assert synth(["--game", "nogizaka", "--hand", "さくら", "sakura", "minami", "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert out.is_file() and [line.split()[0] for line in said.out.splitlines()[1:]] == ["sakura", "sakura", "minami"]
    assert "house table of nogizaka edited in the app" in said.err


def test_synth_lists_shipped_rules_in_its_help(home, capsys):
    from vision.synth.cli import main as synth

    with pytest.raises(SystemExit):
        synth(["--help"])
    assert "--shipped-rules" in capsys.readouterr().out


def test_a_synthetic_dataset_of_a_house_table_names_its_kinds(home, tmp_path, capsys):
    from vision.synth.cli import main as synth

    out = tmp_path / "ds"
    with house_tables(HouseTables("synth")):
        assert synth(["--game", "nogizaka", "--count", "2", "--imgsz", "128", "--out", str(out), "--workers",
                      "1"]) == 0
    names = (out / "kinds" / "data.yaml").read_text(encoding="utf-8")
    assert "sakura" in names and "himetan" not in names


def _face_digest(game: str, tile: str, style: int) -> str:
    from vision.faces import render_face

    return hashlib.sha1(render_face(game, tile, style, size=None).tobytes()).hexdigest()


# drawn before session 54's change: the shipped models learnt these faces
SHIPPED_FACES = {("nogizaka", "minami", 0): "336d68a580faf3cb26f4e32acf524f47dc86c705",
                 ("nogizaka", "minami", 1): "5c7429a7bb50417462260d1a8b55655072e92408",
                 ("nogizaka", "minami", 2): "53d390f0703c99d15722376ac7d8b122b4d6b980",
                 ("nogizaka", "almighty-god", 0): "d134d7b4cb6a34e0a40d73627b3703d12a9a5844",
                 ("cinderella-neo", "shimamura-uzuki", 1): "b2c3f1906e6d3e337c5f07b75e31caf1f370337c",
                 ("yokai-watch", "yokai-01", 0): "5f3e750c4b4f40b3aa92ef7e543c90348c69b62e",
                 ("yokai-watch", "almighty", 0): "4f389e0a2db876ce5c3f6cb2a91f396787acf423"}


@pytest.mark.parametrize("face", SHIPPED_FACES)
def test_the_shipped_games_faces_are_drawn_as_the_models_learnt_them(face):
    assert _face_digest(*face) == SHIPPED_FACES[face]


def test_an_edited_copy_of_a_game_draws_its_unchanged_tiles_the_same(tmp_path):
    from vision.faces import render_face

    same_id = tmp_path / "v2.toml"
    same_id.write_text(sakura_table(), encoding="utf-8")
    own_id = tmp_path / "club.toml"
    own_id.write_text(sakura_table().replace('id = "nogizaka"', 'id = "nogi-club"', 1), encoding="utf-8")
    yokai = tmp_path / "yokai.toml"
    yokai.write_text((NOGIZAKA.with_name("yokai-watch.toml")).read_text(encoding="utf-8"), encoding="utf-8")
    for style in range(3):
        for tile in ("minami", "rarin", "almighty-god"):
            shipped = render_face("nogizaka", tile, style, size=None)
            assert np.array_equal(render_face(str(same_id), tile, style, size=None), shipped), (tile, style)
            assert np.array_equal(render_face(str(own_id), tile, style, size=None), shipped), (tile, style)
        assert np.array_equal(render_face(str(yokai), "yokai-01", style, size=None),
                              render_face("yokai-watch", "yokai-01", style, size=None))
    # the new member's face is her own, the same in either file, and like no other tile's
    sakura = render_face(str(same_id), "sakura", 0, size=None)
    assert np.array_equal(sakura, render_face(str(own_id), "sakura", 0, size=None))
    for tile in load_game(same_id).tiles:
        if tile.id != "sakura":
            assert np.abs(render_face(str(same_id), tile.id, 0, size=None).astype(int) - sakura).mean() > 1.0


def test_an_edited_copy_of_a_game_keeping_its_id_draws_its_backs_the_same(tmp_path):
    from vision.faces import back_colour_bgr, render_back

    same_id = tmp_path / "v2.toml"
    same_id.write_text(sakura_table(), encoding="utf-8")
    for style in range(3):  # a back was seeded by the path: an edit of the table painted the backs anew
        assert back_colour_bgr(str(same_id), style) == back_colour_bgr("nogizaka", style)
        assert np.array_equal(render_back(str(same_id), style, size=None), render_back("nogizaka", style, size=None))
