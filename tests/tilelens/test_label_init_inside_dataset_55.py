"""``label init`` of a folder inside a dataset (``<dataset>/images/train``) is refused: pre-labelled on its own, the
dataset's own photos were moved into ``images/train/images/train/`` with a second data.yaml, and the dataset was
broken. The Label page refuses such a folder too (``enclosing_dataset``, shared with it)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorer import load_game
from tilelens.cli import main as tilelens
from tilelens.labelling import prelabel
from tilelens.labelling.model import LabelFileError

from label_helpers import FixedReader, as_roboflow, make_dataset


def _tree(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("YOLO_OFFLINE", "1")
    return tmp_path / "home"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_label_init_of_a_datasets_photo_folder_is_refused_and_moves_nothing(tmp_path, home, monkeypatch, capsys,
                                                                            lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    dataset = tmp_path / "club-photos"
    make_dataset(dataset)
    before = _tree(dataset)
    assert tilelens(["label", "init", str(dataset / "images" / "train"), "--game", "nogizaka"]) == 2
    assert _tree(dataset) == before  # no photo moved, no second data.yaml
    out = capsys.readouterr()
    lines = [line for line in out.err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in out.err  # one clear line
    assert f"label init {dataset} --game nogizaka" in lines[0]  # the dataset to use instead, as a command to run
    assert ("データセット" in lines[0]) == (lang == "ja") and ("inside the dataset" in lines[0]) == (lang == "en")


def test_prelabel_folder_refuses_any_folder_below_a_dataset_in_both_languages(tmp_path, home):
    dataset = tmp_path / "set"
    make_dataset(dataset)
    deep = dataset / "images" / "train" / "more"
    deep.mkdir()
    (dataset / "images" / "train" / "a.jpg").rename(deep / "a.jpg")
    before = _tree(dataset)
    for folder in (dataset / "images" / "train", dataset / "images", deep):
        with pytest.raises(LabelFileError) as refused:
            prelabel.prelabel_folder(folder, "tokyo-mahjong", reader=FixedReader(), progress=False)
        assert str(dataset) in str(refused.value) and "inside the dataset" in str(refused.value)
        assert str(dataset) in refused.value.message_ja and "データセット" in refused.value.message_ja
    assert _tree(dataset) == before


def test_a_roboflow_exports_split_folder_is_refused_too(tmp_path, home):
    dataset = tmp_path / "export"
    make_dataset(dataset)
    as_roboflow(dataset)
    before = _tree(dataset)
    with pytest.raises(LabelFileError, match="inside the dataset"):
        prelabel.prelabel_folder(dataset / "train" / "images", "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert _tree(dataset) == before


def test_enclosing_dataset_is_the_nearest_and_sees_through_links(tmp_path, home):
    outer, inner = tmp_path / "outer", tmp_path / "outer" / "inner"
    make_dataset(outer)
    make_dataset(inner)
    assert prelabel.enclosing_dataset(inner / "images" / "train") == inner
    assert prelabel.enclosing_dataset(outer / "images") == outer
    assert prelabel.enclosing_dataset(outer) is None  # the dataset itself lies in none
    link = tmp_path / "link"
    try:
        os.symlink(inner / "images", link)
    except OSError:  # pragma: no cover - no links on this system
        pytest.skip("no symbolic links")
    assert prelabel.enclosing_dataset(link / "train") == inner


def test_folders_beside_the_datasets_and_the_dataset_itself_are_still_prelabelled(tmp_path, home):
    datasets = home / "datasets"
    datasets.mkdir(parents=True)
    (datasets / "data.yaml").write_text("names: [a]\n", encoding="utf-8")  # no dataset of all of them
    loose = datasets / "new-photos"
    make_dataset(loose, names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))
    (loose / "images" / "train" / "a.jpg").rename(loose / "d.jpg")  # a photo dropped in, to be filed
    assert prelabel.enclosing_dataset(loose) is None
    summary = prelabel.prelabel_folder(loose, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert summary.photos == 3 and (loose / "images" / "train" / "d.jpg").is_file()
