"""Session 52 walkthrough of the Label page and its Teach panel: the form keeps its values through a job, a set
taught from the folder by `tilelens enroll` is offered to teach again (said replaced on the button), each keyboard
shortcut shown once, the kinds picker's placeholder in both languages, photos named short, and creating a dataset
with no name said in a sentence."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tilelens.labelling import set_done, teach

from app_helpers import label_page_dataset, open_page, texts


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = label_page_dataset(tmp_path, monkeypatch)
    for photo in ("images/train/a.jpg", "images/train/b.jpg"):
        set_done(root, photo)
    monkeypatch.setattr(teach, "can_train", lambda: True)  # the button, whatever this machine installed
    return root


def _running(root: Path) -> teach.TeachJob:
    return teach.TeachJob("mine", "running", "orientation", 0.5, time.time(), 9, 2, "", teach.job_dir(root))


def test_the_teach_form_keeps_its_values_through_a_job(dataset, monkeypatch):
    at = open_page("label", lang="en")
    at.text_input(key="teach_name").set_value("mine").run()
    at.pills(key="teach_minutes").set_value(9).run()
    at.selectbox(key="teach_base").set_value("none").run()
    real = teach.status
    monkeypatch.setattr(teach, "status", lambda root: _running(root))  # the form is not drawn while it runs
    at.run()
    assert not [s for s in at.pills if s.key == "teach_minutes"]
    monkeypatch.setattr(teach, "status", real)
    at.run()
    assert not at.exception
    assert at.pills(key="teach_minutes").value == 9
    assert at.text_input(key="teach_name").value == "mine"
    assert at.selectbox(key="teach_base").value == "none"


def _enrolled(models: Path, name: str, data: str) -> None:
    folder = models / "tilesets" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tileset.json").write_text(json.dumps({"name": name, "game": "", "classifier": "classifier.onnx",
                                                     "kinds": ["1m", "2m"], "data": data}), encoding="utf-8")


def test_a_set_enrolled_from_the_folder_by_the_command_is_offered_and_said_replaced(dataset, tmp_path):
    _enrolled(tmp_path / "models", "club-hk", str(dataset.resolve() / "data.yaml"))  # `tilelens enroll --data`
    assert teach.own_tilesets(dataset) == ["club-hk"] and teach.taught_elsewhere("club-hk", dataset) is None
    at = open_page("label", lang="en")
    assert at.text_input(key="teach_name").value == "club-hk"
    button = at.button(key="teach_start")
    assert button.label == "Teach again (replaces club-hk)" and not button.disabled
    at = open_page("label", lang="ja")
    assert at.button(key="teach_start").label == "もう一度覚えさせる (「club-hk」を置き換えます)"
    at.text_input(key="teach_name").set_value("fresh").run()
    assert at.button(key="teach_start").label == "覚えさせる"


@pytest.mark.parametrize("lang, accept, placeholder", [("en", "Accept and next", "Choose kinds"),
                                                       ("ja", "OK・次へ", "種類を選ぶ")])
def test_each_shortcut_is_shown_once_and_the_kinds_picker_has_words(dataset, lang, accept, placeholder):
    at = open_page("label", lang=lang)
    at.button(key="label_next_box").click().run()
    for key, shortcut in (("label_accept", "Ctrl+Enter"), ("label_next_box", "B"), ("label_copy", "Shift+V")):
        button = at.button(key=key)
        assert shortcut not in button.label and "(" not in button.label, button.label
        assert shortcut in button.help
    assert at.button(key="label_accept").label == accept
    assert at.multiselect(key="label_absent_pick").proto.placeholder == placeholder


def test_the_photo_is_named_short(dataset):
    at = open_page("label", lang="en")
    assert "Photo 3/3: `c.jpg`" in texts(at) and "images/train" not in texts(at)  # its first still to do


@pytest.mark.parametrize("lang, said", [("en", "Name the new dataset first: its photos are kept in a folder of "
                                               "that name."),
                                        ("ja", "先に新しいデータセットの名前を入れてください。写真はその名前のフォルダに保存されます。")])
def test_creating_a_dataset_with_no_name_says_so_in_a_sentence(tmp_path, monkeypatch, home, lang, said):
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    at = open_page("label", lang=lang)
    at.text_input(key="label_new_name").set_value("")
    at.button(key="label_new_create").click().run()
    assert said in [e.value for e in at.error], [e.value for e in at.error]
