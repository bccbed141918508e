"""A club's new edition (a game file whose tiles no shipped classifier names): `label init --game FILE` files its
photos without proposals when nothing reads them yet (and touches nothing when the models are broken), and reads
them with a tile set taught for the file; `check --game FILE` reads with that set and says so. Tile sets are fakes:
the shipped hk-mahjong set's model files under a ``tileset.json`` naming the edition."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from scorer.result import TilelensInputError
from tilelens.cli import main as tilelens
from tilelens.labelling import prelabel
from tilelens.labelling.yolo import read_data_yaml

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / "models"





def _loose(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (200, 100), (10, 120, 60)).save(root / "one.jpg")
    Image.new("RGB", (100, 200), (10, 120, 60)).save(root / "two.png")
    (root / "broken.jpg").write_bytes(b"\xff\xd8 this is not a jpeg")


def test_label_init_of_an_edition_nothing_reads_files_its_photos_without_proposals(models, edition, tmp_path,
                                                                                  monkeypatch, capsys):
    """Before: exit 2 "not those of any game with a classifier", after moving the photos and writing data.yaml."""
    photos = tmp_path / "photos"
    _loose(photos)
    monkeypatch.chdir(edition.parent)  # the game file named as typed, relative
    assert tilelens(["label", "init", str(photos), "--game", edition.name]) == 1
    out, err = capsys.readouterr()
    assert sorted(p.name for p in (photos / "images" / "train").iterdir()) == ["one.jpg", "two.png"]
    assert (photos / "broken.jpg").is_file()  # a photo that cannot be read is left where it lay, as ever
    assert not (photos / "labels").exists()  # no proposals: no label file says "no tiles here"
    config = read_data_yaml(photos)
    assert config.game == str(edition.resolve())  # label teach hands it to enroll from any folder
    assert "apple" in config.names
    assert "no model reads the tiles of fruits.toml yet" in err and "filed without proposals" in err
    assert "Label page" in err and f"tilelens label teach {photos} --name NAME" in err
    assert "3 photos: 0 pre-labelled" in out


def test_label_init_of_an_empty_folder_for_such_an_edition_advises_a_command_that_works(models, edition, tmp_path,
                                                                                       capsys):
    """Before: exit 0 advising `label init DIR --game FILE`, which then failed."""
    photos = tmp_path / "empty"
    photos.mkdir()
    assert tilelens(["label", "init", str(photos), "--game", str(edition)]) == 0
    out, err = capsys.readouterr()
    assert f"run `tilelens label init {photos} --game {edition}` again" in out
    assert "filed without proposals" in err  # what that command will then do
    _loose(photos)
    assert tilelens(["label", "init", str(photos), "--game", str(edition)]) == 1  # as advised: it works
    assert (photos / "images" / "train" / "one.jpg").is_file()


def test_label_init_refuses_before_moving_a_photo_when_a_shipped_games_classifier_is_missing(models, tmp_path):
    (models / "classifier-nogizaka.onnx").unlink()
    photos = tmp_path / "photos"
    _loose(photos)
    with pytest.raises(TilelensInputError, match="no classifier for game 'nogizaka'"):
        prelabel.prelabel_folder(photos, "nogizaka", progress=False)
    assert not (photos / "images").exists() and not (photos / "data.yaml").exists()
    assert (photos / "one.jpg").is_file()


def test_label_init_of_an_edition_pre_labels_with_the_tile_set_taught_for_it(taught, models, edition, tmp_path,
                                                                            monkeypatch):
    taught(models, "fruits-club", str(edition))
    used = []
    real = prelabel.load_reader

    def spy(game, tileset=None, set_limit=True):
        reader = real(game, tileset, set_limit)
        used.append(reader.tileset)
        return reader

    monkeypatch.setattr(prelabel, "load_reader", spy)
    photos = tmp_path / "photos"
    _loose(photos)
    summary = prelabel.prelabel_folder(photos, str(edition), progress=False)
    assert used == ["fruits-club"] and summary.no_reader == () and summary.labelled == 2
    assert summary.taught == ("fruits-club",)


def test_label_init_says_which_taught_set_pre_labelled(taught, models, edition, tmp_path, capsys):
    taught(models, "fruits-club", str(edition))
    photos = tmp_path / "photos"
    _loose(photos)
    assert tilelens(["label", "init", str(photos), "--game", str(edition)]) == 1
    err = capsys.readouterr().err
    assert f"pre-labelled with tile set fruits-club, taught for {edition}" in err and "no model reads" not in err


def test_check_reads_an_edition_with_the_tile_set_taught_for_it_and_says_which(taught, models, edition):
    from tilelens.event.reading import classifier_game, model_version, recognizer_reader, taught_tileset

    assert taught_tileset(str(edition), models) is None
    before = model_version(str(edition))
    folder = taught(models, "fruits-club", str(edition))
    assert taught_tileset(str(edition), models) == folder and classifier_game(str(edition), models) == ""
    assert recognizer_reader(str(edition)).__self__.tileset == "fruits-club"  # before: RecognizerError
    version = model_version(str(edition))
    assert version != before  # the set's model is part of what read the photos
    (folder / "classifier.json").write_text("{}", encoding="utf-8")
    assert model_version(str(edition)) != version  # taught again: the photos are read again


def test_check_says_which_taught_set_it_reads_with(taught, models, edition, capsys):
    from tilelens.event import cli as event_cli

    event_cli._say_taught(str(edition), "en")
    assert capsys.readouterr().out == ""
    taught(models, "fruits-club", str(edition))
    event_cli._say_taught(str(edition), "en")
    assert capsys.readouterr().out.strip() == (f"{edition}: read with tile set fruits-club, taught for it (the newest "
                                               f"of those taught for it, unless an older one did clearly better)")
    event_cli._say_taught("nogizaka", "en")
    assert capsys.readouterr().out == ""
