"""The Label page's side of the labelling follow-ups (session 60, F7): a dataset folder given a new id as it is opened
(taken for a copy of another: ``teach.id_note``) says so once; Teach without the training packages, on a name that is
another folder's set, named the command's options (``--name``, ``--replace``), not the page's own."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tilelens.labelling import set_done, teach

from app_helpers import label_teach_support as _support, open_page, texts


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = _support().make_dataset(tmp_path / "ds", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "1m"]})
    set_done(root, "images/train/a.png")
    return root


@pytest.mark.parametrize("lang, words", [("en", "was given a new id"), ("ja", "新しいIDを付けました")])
def test_a_copy_opened_says_its_new_id_once(dataset, tmp_path, monkeypatch, lang, words):
    teach.dataset_id(dataset, make=True)
    copy = tmp_path / "second"
    shutil.copytree(dataset, copy)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(copy))
    at = open_page("label", lang=lang)
    said = " ".join(i.value for i in at.info)
    assert words in said and str(dataset.resolve()) in said, said
    assert teach.dataset_id(copy) != teach.dataset_id(dataset)
    at.run()
    assert words not in texts(at)  # said once


def test_the_original_opened_says_nothing_of_ids(dataset, monkeypatch):
    teach.dataset_id(dataset, make=True)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(dataset))
    assert "new id" not in texts(open_page("label", lang="en"))


@pytest.mark.parametrize("lang, button", [("en", "“Replace it”"), ("ja", "「置き換える」")])
def test_without_torch_another_folders_set_names_the_pages_own_way_out(dataset, tmp_path, monkeypatch, lang, button):
    folder = tmp_path / "models" / "tilesets" / "mine"
    folder.mkdir(parents=True)
    (folder / "tileset.json").write_text(json.dumps({"name": "mine", "kinds": ["1m", "1p"],
                                                     "data": str(tmp_path / "elsewhere" / "data.yaml")}))
    monkeypatch.setattr(teach, "can_train", lambda: False)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(dataset))
    at = open_page("label", lang=lang)
    at.text_input(key="teach_name").set_value("mine").run()
    assert not at.exception
    said = texts(at)
    assert "--replace" not in said and "--name" not in said, said
    assert button in said
    at.checkbox(key="teach_replace").check().run()  # ticked: the command to run, with --replace
    assert "--replace" in " ".join(c.value for c in at.code)


@pytest.mark.parametrize("lang, listed", [("en", "(Tokyo Mahjong (riichi), Nogizaka"), ("ja", "(東京麻雀、乃木坂")])
def test_the_games_a_set_is_ready_for_are_listed_as_the_language_lists(monkeypatch, lang, listed):
    import time

    from app.components import resources, teach_view

    said = []
    monkeypatch.setattr(teach_view, "lang", lambda: lang)
    monkeypatch.setattr(teach_view.settings, "games", lambda: ["tokyo-mahjong", "nogizaka"])
    monkeypatch.setattr(resources, "tilesets_for", lambda game: ["mine"])
    monkeypatch.setattr(teach_view.st, "success", lambda text, **_: said.append(text))
    monkeypatch.setattr(teach_view.st, "caption", lambda text, **_: None)
    teach_view._outcome(teach.TeachJob("mine", "done", "export", 1.0, time.time(), 5, 40, "", Path(".")))
    assert len(said) == 1 and listed in said[0], said
