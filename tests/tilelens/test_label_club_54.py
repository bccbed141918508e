"""Session 54 (v1): labelling the photos of a club's changed game. Pre-labelling says the kinds of the table in use its
model never learnt (a house table's new member, a club copy's), in words the command line and the Label page show;
a club's copy of Nogizaka under its own id with new members gets proposals (it had none: "no model reads its
tiles"); and a dataset's data.yaml names neither its folder nor an added game's file by an absolute path, so that a
home copied for a backup (as the README suggests) or moved still reads its datasets."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from club_helpers import club, edited_home, rendered_photo, table
from scorer.catalog import house_tables, load_game
from tilelens.cli import HouseTables
from tilelens.labelling import prelabel
from tilelens.labelling.yolo import DataConfig, format_data_yaml, read_data_yaml, read_yolo

HAND = ["minami"] * 3 + ["himetan"] * 3 + ["kotoko"] * 3


@pytest.fixture
def home(tmp_path, monkeypatch, models):
    """A home whose nogizaka table was edited in the app (sakura for himetan), its games/_added folder known as the
    command line knows it; the shipped detector and classifiers (``models``)."""
    return edited_home(tmp_path, monkeypatch, table(), chdir=False)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    return rendered_photo(tmp_path_factory, HAND)


def folder(tmp_path: Path, rendered: Path, name: str = "ds") -> Path:
    root = tmp_path / name
    root.mkdir()
    shutil.copy(rendered, root / "hand.png")
    return root


# ---------------------------------------------------------------- the kinds the model never learnt

def test_prelabel_under_the_house_table_says_the_kind_its_model_never_learnt(home, tmp_path, rendered):
    """Before: sakura's tiles proposed as other members, nothing said ("No problems found" on the Label page)."""
    root = folder(tmp_path, rendered)
    with house_tables(HouseTables("label")):
        summary = prelabel.prelabel_folder(root, "nogizaka", progress=False)
    assert summary.labelled == 1 and summary.tiles >= 1  # the learnt kinds proposed
    assert summary.unlearnt == ("sakura",) and summary.unlearnt_ja == ("さくら",)
    en, ja = prelabel.unlearnt_line(summary, "en"), prelabel.unlearnt_line(summary, "ja")
    assert en.startswith("never learnt: sakura:") and "Teach" in en and "\n" not in en
    assert "さくら (sakura)" in ja and "覚えさせ" in ja and "never" not in ja


def test_the_box_table_says_nothing(home, tmp_path, rendered):
    summary = prelabel.prelabel_folder(folder(tmp_path, rendered), "nogizaka", progress=False)
    assert summary.unlearnt == () and prelabel.unlearnt_line(summary, "en") == ""


def test_the_label_pages_way_the_house_table_given_beside_the_box_reader(home, tmp_path, rendered):
    """The Label page reads a shipped game with the box's recognizer and gives the house table as ``table``."""
    from vision import Recognizer

    reader = Recognizer.load(game="nogizaka", boxcheck=False, orient=False)
    edit = home / "games" / "nogizaka" / "0123abcd.toml"
    summary = prelabel.prelabel_folder(folder(tmp_path, rendered), "nogizaka", reader=reader, progress=False,
                                       table=edit)
    assert summary.unlearnt == ("sakura",) and "さくら" in prelabel.unlearnt_line(summary, "ja")


def test_a_club_copy_with_two_new_members_gets_proposals_and_says_them(home, tmp_path, rendered):
    """Before: "no model reads the tiles" of nogi-club-b: its photos filed with no proposals (0 boxes)."""
    path = club(home, "nogi-club-b", ("himetan", "miria"))
    summary = prelabel.prelabel_folder(folder(tmp_path, rendered), str(path), progress=False)
    assert summary.no_reader == () and summary.labelled == 1 and summary.tiles >= 1
    assert summary.unlearnt == ("sakura", "tsubaki")
    assert "sakura, tsubaki" in prelabel.unlearnt_line(summary, "en") and "them" in prelabel.unlearnt_line(
        summary, "en")


# ---------------------------------------------------------------- data.yaml names no absolute place

def test_a_dataset_copied_elsewhere_reads_its_own_photos(home, tmp_path, rendered):
    """Before: ``path: /abs/ds``: a copy (a home copied for a backup) read, and trained on, the old folder's photos."""
    from tilelens.labelling.checks import check_dataset
    from vision.data_yaml import read_data_yaml as read_settings
    from vision.data_yaml import split_images

    root = folder(tmp_path, rendered)
    prelabel.prelabel_folder(root, "nogizaka", progress=False)
    raw = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    assert "path" not in raw and raw["train"] == "images/train" and raw["game"] == "nogizaka"
    copy = tmp_path / "backup" / "ds"
    shutil.copytree(root, copy)
    assert not [i for i in check_dataset(copy).issues if i.kind == "moved-folder"]
    settings = read_settings(copy / "data.yaml", ValueError)
    assert split_images(settings, copy / "data.yaml", "train", "val", ValueError) == [
        copy / "images" / "train" / "hand.png"]
    dataset, _ = read_yolo(copy)
    assert [im.path for im in dataset.images] == ["images/train/hand.png"]


def test_a_folder_in_the_dataset_is_named_from_its_file(tmp_path):
    (tmp_path / "sub" / "images" / "train").mkdir(parents=True)
    text = format_data_yaml(tmp_path, DataConfig(("1m",), {}, path="sub"))
    assert yaml.safe_load(text)["path"] == "sub"


def test_an_added_game_is_kept_by_its_id(home, tmp_path, rendered, capsys):
    """Before: ``game: /home/.../games/_added/nogi-club.toml``, which a home copied elsewhere does not have."""
    from tilelens.cli import main as tilelens

    path = club(home)
    root = folder(tmp_path, rendered)
    prelabel.prelabel_folder(root, str(path), progress=False)
    raw = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    assert raw["game"] == "nogi-club" and "path" not in raw
    assert load_game(read_data_yaml(root).game).id == "nogi-club"
    cli = folder(tmp_path, rendered, "cli")  # `label init --game ID` hands the added game's file on: kept by its id
    assert tilelens(["label", "init", str(cli), "--game", "nogi-club"]) == 0, capsys.readouterr().err
    raw = yaml.safe_load((cli / "data.yaml").read_text(encoding="utf-8"))
    assert raw["game"] == "nogi-club" and "path" not in raw


def test_an_old_data_yaml_naming_absolute_places_still_reads_and_is_written_anew(home, tmp_path, rendered):
    path = club(home)
    root = folder(tmp_path, rendered)
    prelabel.prelabel_folder(root, str(path), progress=False)
    text = (root / "data.yaml").read_text(encoding="utf-8").replace("game: nogi-club", f"game: {path}")
    (root / "data.yaml").write_text(f"path: {root.resolve()}\n{text}", encoding="utf-8")
    config = read_data_yaml(root)
    assert config.game == str(path) and load_game(config.game).id == "nogi-club"
    dataset, _ = read_yolo(root)
    assert len(dataset.images) == 1
    shutil.copy(rendered, root / "more.png")  # pre-labelled again, as `label init DIR` does with its game
    prelabel.prelabel_folder(root, config.game, progress=False)
    raw = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    assert "path" not in raw and raw["game"] == "nogi-club"
    # a home moved: the old home's file of an added game is gone, the game added here under its id is read
    text = (root / "data.yaml").read_text(encoding="utf-8").replace(
        "game: nogi-club", "game: /old/home/games/_added/nogi-club.toml")
    (root / "data.yaml").write_text(text, encoding="utf-8")
    assert read_data_yaml(root).game == "nogi-club"
