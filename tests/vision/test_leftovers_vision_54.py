"""Session 54, f1: the vision commands' leftovers. `tilelens synth --count 2 --imgsz 100 --out NEW` made NEW, then
refused the size; `tilelens enroll --base garbage.jpg` said "a game with classifier-garbage.jpg.pt in models"; the
winning reading of a hand as scored (``winning_of``) was `tilelens read`'s alone, now the library's
(``vision.winning_of``)."""
from __future__ import annotations

import json

import pytest
from cli_helpers import run as _run


# ------------------------------------------------------------------ 1. synth: a refusal leaves the disk as it was

@pytest.mark.parametrize("args, said", [
    (["--game", "nogizaka", "--imgsz", "100"], "imgsz must be a multiple of 32"),
    (["--game", "nogizak"], "unknown game 'nogizak'"),
    (["--game", "nogizaka", "--imgsz", "32"], "at least 64"),
], ids=["imgsz", "game", "small"])
def test_a_refused_dataset_makes_no_folder(tmp_path, capsys, args, said):
    for out in (tmp_path / "NEW", tmp_path / "deep" / "er" / "NEW"):
        code, _, err = _run(capsys, "synth", "--count", "2", "--out", out, *args)
        assert code == 2 and said in err
        assert list(tmp_path.iterdir()) == []  # neither --out nor a parent of it made


def test_a_refused_dataset_in_japanese_makes_no_folder(tmp_path, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    code, _, err = _run(capsys, "synth", "--game", "nogizaka", "--count", "2", "--imgsz", "100", "--out",
                        tmp_path / "NEW")
    assert code == 2 and "32 の倍数" in err and not (tmp_path / "NEW").exists()


def test_a_photo_not_written_leaves_no_folder_made_for_it(tmp_path, capsys, monkeypatch):
    import vision.synth.dataset

    monkeypatch.setattr(vision.synth.dataset, "write_image", lambda path, image, params=(), whole=False: False)
    code, out, err = _run(capsys, "synth", "--game", "nogizaka", "--hand", "rarin", "--imgsz", "64",
                          "--out", tmp_path / "new" / "er" / "hand.jpg")
    assert code == 2 and f"could not write {tmp_path / 'new' / 'er' / 'hand.jpg'}" in err and out == ""
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "there").mkdir()
    code, _, _ = _run(capsys, "synth", "--game", "nogizaka", "--hand", "rarin", "--imgsz", "64",
                      "--out", tmp_path / "there" / "new" / "hand.jpg")
    assert code == 2 and [p.name for p in tmp_path.iterdir()] == ["there"] and not any((tmp_path / "there").iterdir())


# ------------------------------------------------------------------ 3. enroll --base for what the user typed

@pytest.fixture
def bases(tmp_path):
    """A models folder with a game's classifier weights and one enrolled tile set; a photo that is no model."""
    models = tmp_path / "models"
    (models / "tilesets" / "club-set").mkdir(parents=True)
    (models / "classifier-nogizaka.pt").write_bytes(b"weights")
    (models / "tilesets" / "club-set" / "classifier.pt").write_bytes(b"weights")
    (models / "tilesets" / "club-set" / "tileset.json").write_text(json.dumps({"name": "club-set", "game": ""}))
    (tmp_path / "garbage.jpg").write_bytes(b"\xff\xd8 a photo")
    return models


def _base_error(base, models):
    from vision.enroll import EnrollError, resolve_base

    with pytest.raises(EnrollError) as err:
        resolve_base(base, models)
    return str(err.value), err.value.message_ja


def test_a_base_that_is_a_photo_is_said_as_no_model(bases, tmp_path):
    photo = tmp_path / "garbage.jpg"
    en, ja = _base_error(str(photo), bases)
    assert f"--base {photo} is not a .pt model file" in en and ".pt.pt" not in en and "classifier-" not in en
    assert "nogizaka" in en and "club-set" in en and "none" in en  # what --base takes
    assert f"--base {photo} は .pt のモデルファイルではありません" in ja and "club-set" in ja and "nogizaka" in ja


def test_a_base_file_not_there_is_said_as_no_model(bases):
    en, ja = _base_error("garbage.jpg", bases)  # not in the current folder
    assert "--base garbage.jpg is not a .pt model file" in en and "classifier-garbage" not in en
    assert "club-set" in en


def test_a_game_file_as_base_is_said_as_a_game_file(bases, tmp_path):
    (tmp_path / "precure.toml").write_text("id = 'precure'")
    en, ja = _base_error(str(tmp_path / "precure.toml"), bases)
    assert "is a game's rules file, not a .pt model file" in en and "ゲームのルールファイル" in ja


def test_an_unknown_base_name_gets_near_matches_and_what_base_takes(bases):
    en, ja = _base_error("nogizak", bases)
    assert en.startswith("unknown base 'nogizak': no game with a classifier and no enrolled tile set of that name")
    assert "did you mean: nogizaka" in en and "club-set" in en and "classifier-nogizak.pt" not in en
    assert ja.startswith("元にするモデル「nogizak」がありません") and "もしかして: nogizaka" in ja


def test_enroll_says_the_base_for_what_was_typed(bases, tmp_path, capsys):
    code, _, err = _run(capsys, "enroll", "--name", "mine", "--data", tmp_path, "--models", bases,
                        "--base", "garbage.jpg")
    assert code == 2 and err.startswith("tilelens enroll: --base garbage.jpg is not a .pt model file")
    assert err.count("\n") == 1


def test_the_bases_still_resolve(bases):
    from vision.enroll import resolve_base

    assert resolve_base("nogizaka", bases) == (bases / "classifier-nogizaka.pt", "nogizaka")
    assert resolve_base("club-set", bases)[0] == bases / "tilesets" / "club-set" / "classifier.pt"
    assert resolve_base("none", bases) == (None, "")


# ------------------------------------------------------------------ 5. the winning reading, the library's

def _tile_set_reading():
    """A tile set of no game's reading, scored as tokyo-mahjong: a flower first (no tile of the game), a back,
    then a hand with its 4p read as 6p."""
    from vision.recognizer import HandReading, ReadTile

    win = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
    tiles = [ReadTile((-40.0, 0, -22, 30), "f1", {}, {"detection": 0.9, "kind": 0.95}, False, (("f1", 0.95),)),
             ReadTile((0, 0, 10, 10), "back", {}, {"detection": 0.9}, True)]
    for i, kind in enumerate(win):
        read, p, alt, q = ("6p", 0.6, "5p", 0.3) if i == 4 else (kind, 0.95, "9m", 0.01)
        tiles.append(ReadTile((20.0 * i, 0, 20.0 * i + 18, 30), read, {}, {"detection": 0.9, "kind": p}, False,
                              ((read, p), (alt, q))))
    return HandReading(tiles, (400, 100), "", tileset="club-set", scored_as="tokyo-mahjong"), win


def test_the_winning_reading_is_a_library_call():
    import vision
    import vision.read_cli
    import vision.scorable

    assert "winning_of" in vision.__all__ and vision.winning_of is vision.scorable.winning_of
    assert vision.read_cli.winning_of is vision.scorable.winning_of  # the command's, the same


def test_winning_of_scores_a_tile_sets_reading_as_its_game():
    import vision

    reading, win = _tile_set_reading()
    assert reading.winning_reading() is None  # of no game: no rules to win by
    found = vision.winning_of(reading)  # as scored: tokyo-mahjong's (scored_as), the flower left out
    assert found.tiles == tuple(win) or list(found.tiles) == win
    assert [(c.index, c.read, c.becomes) for c in found.changes] == [(6, "6p", "5p")]  # numbered as reading.tiles
    assert vision.winning_of(reading, "") is None  # scored as no game
