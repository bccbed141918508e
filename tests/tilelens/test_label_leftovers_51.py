"""Session 51 leftovers in labelling: a dataset of a game added in the app names its file (item 1); the originals
of converted photos are kept in a folder named for what it holds, and one made before in ``heic/`` is still read
(item 2)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorer import catalog
from tilelens import cli
from tilelens.labelling.yolo import read_data_yaml

FRUITS = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"


@pytest.fixture
def added(tmp_path, monkeypatch):
    """A TILELENS_HOME with house-fruits added in the app (its file), the scorer's registry as the CLI leaves it."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "games" / "_added"
    folder.mkdir(parents=True)
    shutil.copy(FRUITS, folder / "house-fruits.toml")
    monkeypatch.chdir(tmp_path)
    return folder / "house-fruits.toml"


def test_label_init_with_an_added_games_id_keeps_its_id(added, tmp_path, monkeypatch, capsys):
    """Session 54: `label init DIR --game <added id>` (or its file) keeps the id in data.yaml: the home's folder of
    added games gives it wherever the home is copied or moved (an absolute path named the old home's file)."""
    for name in ("ds", "by-file"):
        (tmp_path / name).mkdir()
    assert cli.main(["label", "init", "ds", "--game", "house-fruits"]) == 0
    err = capsys.readouterr().err
    config = read_data_yaml(tmp_path / "ds")
    assert config.game == "house-fruits"
    assert "--game house-fruits" in err  # the messages name the game as the user typed it
    assert cli.main(["label", "init", "by-file", "--game", str(added)]) == 0
    assert read_data_yaml(tmp_path / "by-file").game == config.game
    shutil.copytree(tmp_path / "home", tmp_path / "elsewhere")  # the home copied: its game is read by the id there
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "elsewhere"))
    assert catalog.load_game(config.game).id == "house-fruits"


def test_a_shipped_id_and_a_folder_of_the_ids_name_stay_as_given(added, tmp_path, capsys):
    for name in ("ship", "odd"):
        (tmp_path / name).mkdir()
    assert cli.main(["label", "init", "ship", "--game", "nogizaka"]) == 0
    assert read_data_yaml(tmp_path / "ship").game == "nogizaka"
    (tmp_path / "house-fruits").mkdir()  # a folder of that name where init runs: not the added game (as load_game)
    code = cli.main(["label", "init", "odd", "--game", "house-fruits"])
    assert code != 0 and "folder" in capsys.readouterr().err


def _gif(colour: int) -> bytes:
    import io

    import numpy as np
    from PIL import Image

    out = io.BytesIO()
    Image.fromarray(np.full((80, 120, 3), colour, np.uint8)).save(out, "GIF")
    return out.getvalue()


@pytest.mark.parametrize("folder", ["originals", "heic"])
def test_an_original_kept_aside_is_its_jpeg_not_a_second_photo(tmp_path, folder):
    """The originals' folder is ``originals/`` (it holds GIFs and .jfif files too, not only HEIC); a dataset made
    before keeps them in ``heic/``: either way an original is not counted again, and uploading it again is a
    duplicate, not a second photo."""
    from tilelens.labelling.store import originals_dirs
    from tilelens.labelling.uploads import add_photos, done_count, photo_count

    root = tmp_path / "ds"
    assert [p.name for p in originals_dirs(root)] == ["originals", "heic"]
    data = _gif(90)
    (root / "images" / "train").mkdir(parents=True)
    (root / "images" / "train" / "still.jpg").write_bytes(b"jpeg of it")
    (root / folder).mkdir()
    (root / folder / "still.gif").write_bytes(data)
    (root / "label_progress.json").write_text('{"done": ["images/train/still.jpg", "%s/still.gif"]}' % folder)
    assert photo_count(root) == 1 and done_count(root) == 1
    added = add_photos(root, [("again.gif", data)])
    assert added.duplicates == ("again.gif",) and not added.saved
    # a new stem: the original's stem is taken (a label file is named by it)
    assert add_photos(root, [("still.gif", _gif(200))]).saved == ("still-2.gif",)


def test_label_init_pre_labels_with_an_older_set_that_did_clearly_better_and_says_so(taught, models, edition,
                                                                                     tmp_path, capsys):
    """Item 3: a set taught last for one epoch pre-labelled a club's edition though an older one measured far
    better on the same photos kept out; the line said "the newest of 2"."""
    import json
    import os

    from PIL import Image

    for name, right, stamp in (("good", 36, 1_000_000), ("one-epoch", 12, 2_000_000)):
        meta_file = taught(models, name, str(edition), stamp=stamp) / "tileset.json"
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        meta["held_out"] = {"photos": 2, "tiles": 40, "right": right, "share": right / 40,
                            "photos_sha256": ["a" * 64, "b" * 64]}
        meta_file.write_text(json.dumps(meta), encoding="utf-8")
        os.utime(meta_file, (stamp, stamp))
    photos = tmp_path / "photos"
    photos.mkdir()
    Image.new("RGB", (200, 100), (10, 120, 60)).save(photos / "one.jpg")
    assert cli.main(["label", "init", str(photos), "--game", str(edition)]) == 0
    err = capsys.readouterr().err
    assert f"pre-labelled with tile set good, taught for {edition} (of the 2 taught for it: good, one-epoch; " \
           "the one that knows the most of its kinds, the newest of those, unless an older one did clearly better" \
           in err, err
