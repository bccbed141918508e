"""Session 63 (F16): the Label page on a large dataset (1,500 photos: 14 s to open, then 1-1.6 s a run). Opening
says that it is checking the photos (a spinner with their count), and a run that changes nothing on disk does not
list and sort the photos again: the list is kept for the session while the folders keep their times, and the page's
own removals and additions take it up again."""
from __future__ import annotations

import contextlib
import os
import time

import pytest
import streamlit
from PIL import Image

from app.components import label_listing
from app.components.label_words import STRINGS
from tilelens.labelling import editing, yolo

from app_helpers import label_page_dataset, open_page


def spinners(monkeypatch) -> list[str]:
    """The words of each spinner the page shows from now on."""
    said: list[str] = []

    @contextlib.contextmanager
    def spinner(text="", *args, **kwargs):
        said.append(text)
        yield

    monkeypatch.setattr(streamlit, "spinner", spinner)
    return said


def listings(monkeypatch) -> list[str]:
    """Each call of ``editing.photo_paths`` or ``yolo.split_images`` from now on, by name."""
    calls: list[str] = []
    for module, name in ((editing, "photo_paths"), (yolo, "split_images")):
        original = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _o=original, _n=name, **k: calls.append(_n) or _o(*a, **k))
    return calls


def settled(root, seconds: float = 60) -> None:
    """Every folder of the dataset ``root`` dated ``seconds`` ago: as a dataset made before today's session is."""
    then = time.time() - seconds
    for folder, _, _ in os.walk(root):
        os.utime(folder, (then, then))


def jump_options(at) -> list[str]:
    """The photos the page's Jump box offers, as it names them ("1. a.jpg")."""
    return list(at.selectbox(key="label_jump").options)


def test_the_words_of_the_spinner_in_both_languages():
    assert STRINGS["checking_photos"] == ("{n}枚の写真を確かめています…", "Checking {n} photo{s}…")
    assert STRINGS["checking_photos"][0].format(n=f"{1500:,}") == "1,500枚の写真を確かめています…"
    assert STRINGS["checking_photos"][1].format(n=f"{1500:,}", s="s") == "Checking 1,500 photos…"


@pytest.mark.parametrize("lang, words", [("en", "Checking 3 photos…"), ("ja", "3枚の写真を確かめています…")])
def test_opening_a_dataset_says_it_checks_its_photos(tmp_path, monkeypatch, home, lang, words):
    label_page_dataset(tmp_path, monkeypatch)
    said = spinners(monkeypatch)
    at = open_page("label", lang=lang)
    assert words in said and not at.exception
    said.clear()
    at.button(key="label_next").click().run()  # nothing changed: the check is not counted again, nothing said
    assert said == [] and not at.exception


def test_a_rerun_does_not_list_the_photos_again(tmp_path, monkeypatch, home):
    root = label_page_dataset(tmp_path, monkeypatch)
    settled(root)
    at = open_page("label", lang="en")
    first = jump_options(at)
    afresh = editing.photo_paths(root, yolo.read_data_yaml(root))
    assert first == [f"{i}. {os.path.basename(p)}" for i, p in enumerate(afresh, start=1)]  # the same order
    calls = listings(monkeypatch)
    at.button(key="label_next").click().run()
    at.button(key="label_next").click().run()
    assert calls == [] and jump_options(at) == first
    assert any("Photo 3/3: `c.jpg`" in c.value for c in at.caption)


def test_a_photo_added_to_the_folder_appears_on_the_next_run(tmp_path, monkeypatch, home):
    root = label_page_dataset(tmp_path, monkeypatch)
    settled(root)
    at = open_page("label", lang="en")
    assert "Accepted 0 of 3 photos (3 to do)" in at.get("progress")[0].proto.text
    Image.new("RGB", (160, 120)).save(root / "images/train/a-10.jpg")  # copied in by hand: the folder's time moves
    at.button(key="label_next").click().run()
    assert "Accepted 0 of 4 photos (4 to do)" in at.get("progress")[0].proto.text
    assert jump_options(at) == ["1. a.jpg", "2. a-10.jpg", "3. b.jpg", "4. c.jpg"]


def test_the_pages_own_removal_is_seen_where_the_folder_keeps_its_time(tmp_path, monkeypatch, home):
    # a file system that keeps times to the second (or two) may not move the folder's time: the page's own removal
    # takes the list up again whatever the times say
    root = label_page_dataset(tmp_path, monkeypatch)
    monkeypatch.setattr(label_listing, "_state", lambda paths: ((1, 0),) * len(paths))  # times never move
    at = open_page("label", lang="en")
    at.button(key="label_next").click().run()  # b.jpg: no boxes, may be removed
    Image.new("RGB", (160, 120)).save(root / "images/train/z.jpg")  # unseen: the folder's time "did not move"
    at.button(key="label_prev").click().run()
    assert jump_options(at) == ["1. a.jpg", "2. b.jpg", "3. c.jpg"]
    at.button(key="label_next").click().run()
    at.button(key="label_remove_photo").click().run()
    at.button(key="label_remove_photo_yes").click().run()
    assert not (root / "images/train/b.jpg").exists()
    assert jump_options(at) == ["1. a.jpg", "2. z.jpg", "3. c.jpg"] and not at.exception


def test_a_folder_both_train_and_val_name_is_sorted_once(tmp_path, monkeypatch):
    from app_helpers import label_dataset

    root = label_dataset(tmp_path / "ds", ["images/train/p-10.jpg", "images/train/p.jpg", "images/train/p-2.jpg"])
    config = yolo.read_data_yaml(root)
    assert config.sources[yolo.Split.VAL] == config.sources[yolo.Split.TRAIN]  # val: images/train
    keys: list[str] = []
    original = editing.natural_key
    monkeypatch.setattr(editing, "natural_key", lambda photo: keys.append(photo) or original(photo))
    assert editing.photo_paths(root, config) == ["images/train/p.jpg", "images/train/p-2.jpg", "images/train/p-10.jpg"]
    assert len(keys) == 3
