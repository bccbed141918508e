"""Session 55: the Label page on a phone (a visitor from the network, ``TILELENS_VISITOR=network``).

A phone that tapped Open on a listed dataset (or made one from photos) saw the laptop's full path in the folder box
and in the address (``?dataset=/home/organiser/.tilelens/datasets/club-photos``); it was told to "enter a folder",
though anything outside the datasets folder is refused, and typing ``$TILELENS_HOME/datasets/club-photos`` (as the
help writes the folder) was refused. A phone now names a dataset by its name in the datasets folder (``club-photos``)
or a shared folder by its name and the path in it (``club-share/set``), in the box and in the address; the laptop
keeps full paths, and both take ``$TILELENS_HOME/...`` and ``~``."""
from __future__ import annotations

import os

import pytest

import label_phone_helpers as label_phone
from app_helpers import label_dataset, open_page, texts
from label_phone_helpers import PHOTOS, dataset as _dataset, from_address, seen as _seen

REFUSED_EN = "can only be opened on the laptop running tilelens"
network = label_phone.network  # the fixtures: the page as a phone sees it, and as the laptop
laptop = label_phone.laptop


def _from_address(lang: str = "en", **address):
    at = from_address(lang, **address)
    assert not at.exception, [e.value for e in at.exception]
    return at


# ---- 1. a phone is shown the dataset's name, never the laptop's path -----------------------------------------------
def test_a_phone_opening_a_listed_dataset_sees_its_name_not_the_laptops_path(network):
    from app.settings import datasets_dir

    _dataset()
    at = open_page("label", lang="en")
    at.button(key="label_open_club-photos").click().run()
    assert "1/2: `a.jpg`" in texts(at)
    assert at.text_input(key="label_dir").value == "club-photos"
    assert at.query_params["dataset"] == "club-photos"
    assert str(datasets_dir()) not in _seen(at) and str(network) not in _seen(at)
    at.button(key="label_accept").click().run()  # the next run keeps it open, by its name
    assert "2/2: `b.jpg`" in texts(at) and at.query_params["dataset"] == "club-photos"


def test_a_phone_creating_a_dataset_sees_its_name(network):
    from app.settings import datasets_dir
    from test_label_page import _jpeg

    at = open_page("label", lang="en")
    at.text_input(key="label_new_name").set_value("phone-set")
    at.file_uploader(key="label_upload_new_0").set_value([("image.jpg", _jpeg((0, 200, 0)), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    assert not at.exception and (datasets_dir() / "phone-set" / "image.jpg").is_file()
    assert "has no tile list yet (1 photo)" in texts(at)
    assert at.text_input(key="label_dir").value == "phone-set"
    assert at.query_params["dataset"] == "phone-set"
    assert str(datasets_dir()) not in _seen(at)


def test_a_phones_address_by_name_opens_the_dataset_and_its_photo(network):
    _dataset()
    at = _from_address(dataset="club-photos", photo="images/train/b.jpg")
    assert "2/2: `b.jpg`" in texts(at) and REFUSED_EN not in texts(at)
    assert at.text_input(key="label_dir").value == "club-photos"
    assert at.query_params["dataset"] == "club-photos"


def test_a_phones_address_with_the_full_path_is_shown_back_by_name(network):
    root = _dataset()
    at = _from_address(dataset=str(root))
    assert "1/2: `a.jpg`" in texts(at)
    assert at.text_input(key="label_dir").value == "club-photos" and at.query_params["dataset"] == "club-photos"


@pytest.mark.parametrize("typed", ["club-photos", " club-photos/ ", "$TILELENS_HOME/datasets/club-photos",
                                   "${TILELENS_HOME}/datasets/club-photos"])
def test_a_phone_types_a_datasets_name_or_the_helps_form(network, typed):
    from app.settings import datasets_dir

    _dataset()
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(typed).run()
    assert not at.exception and REFUSED_EN not in texts(at), texts(at)
    assert "1/2: `a.jpg`" in texts(at)
    assert at.query_params["dataset"] == "club-photos"
    assert str(datasets_dir()) not in _seen(at)


def test_a_phone_names_a_shared_folder_by_its_name_and_the_path_in_it(network, tmp_path, monkeypatch):
    shared = label_dataset(tmp_path / "club-share" / "set", PHOTOS)
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(tmp_path / "club-share"))
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value("club-share/set").run()
    assert "1/2: `a.jpg`" in texts(at) and at.query_params["dataset"] == "club-share/set"
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(shared)).run()  # the full path, as the organiser gave it
    assert "1/2: `a.jpg`" in texts(at) and at.query_params["dataset"] == "club-share/set"
    at = _from_address(dataset="club-share/set", photo="images/train/b.jpg")
    assert "2/2: `b.jpg`" in texts(at) and at.text_input(key="label_dir").value == "club-share/set"
    assert str(tmp_path) not in _seen(at)


def test_a_dataset_wins_over_a_shared_folder_of_the_same_name(network, tmp_path, monkeypatch):
    _dataset("club-share")
    label_dataset(tmp_path / "club-share" / "set", PHOTOS[:1])
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(tmp_path / "club-share"))
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value("club-share").run()
    assert "1/2: `a.jpg`" in texts(at) and at.query_params["dataset"] == "club-share"


def test_a_phone_typing_a_name_of_no_dataset_is_told_so_without_the_laptops_path(network):
    from app.settings import datasets_dir

    _dataset()
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value("club-photo").run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "club-photo" in errors[0], errors
    assert str(datasets_dir()) not in _seen(at)
    assert "label_open_club-photos" in {b.key for b in at.button}  # the datasets it may open, listed
    assert "dataset" not in at.query_params


def test_a_phone_going_above_the_datasets_folder_by_name_is_refused(network, tmp_path):
    label_dataset(tmp_path / "elsewhere", PHOTOS)
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value("../../elsewhere").run()
    assert REFUSED_EN in texts(at) and not at.get("bidi_component")


# ---- the laptop keeps full paths, and takes $TILELENS_HOME and ~ -----------------------------------------------------
def test_the_laptop_still_sees_full_paths(laptop):
    root = _dataset()
    at = open_page("label", lang="en")
    at.button(key="label_open_club-photos").click().run()
    assert at.text_input(key="label_dir").value == str(root) and at.query_params["dataset"] == str(root)


def test_the_laptop_types_tilelens_home_and_tilde(laptop, monkeypatch):
    root = _dataset()
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value("$TILELENS_HOME/datasets/club-photos").run()
    assert "1/2: `a.jpg`" in texts(at) and at.query_params["dataset"] == str(root)
    monkeypatch.setenv("HOME", str(laptop))
    at.text_input(key="label_dir").set_value(f"~/{root.relative_to(laptop).as_posix()}").run()
    assert "1/2: `a.jpg`" in texts(at) and at.query_params["dataset"] == str(root)


def test_the_laptop_opens_a_phones_address(laptop):
    root = _dataset()
    at = _from_address(dataset="club-photos", photo="images/train/b.jpg")
    assert "2/2: `b.jpg`" in texts(at) and at.query_params["dataset"] == str(root)


# ---- 2. one message for a refused address --------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_address_says_one_thing(network, tmp_path, lang):
    outside = label_dataset(tmp_path / "elsewhere", PHOTOS)
    at = _from_address(lang, dataset=str(outside))
    assert len(at.error) == 1 and not at.info, ([e.value for e in at.error], [i.value for i in at.info])
    assert "label_new_create" in {b.key for b in at.button}


# ---- 3. the folder box on a phone asks for a dataset's name; a refusal that fits -----------------------------------
@pytest.mark.parametrize("lang, name", [("en", "name"), ("ja", "名前")])
def test_a_phones_box_asks_for_a_datasets_name(network, lang, name):
    at = open_page("label", lang=lang)
    box = at.text_input(key="label_dir")
    assert name in box.label.lower() and name in box.help
    assert name in at.info[0].value
    assert "data.yaml" not in box.help


def test_the_laptops_box_still_asks_for_a_folder(laptop):
    at = open_page("label", lang="en")
    assert at.text_input(key="label_dir").label == "Dataset folder"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("typed", ["$TILELENS_HOME/datasets", ".", "full"])
def test_a_phone_typing_the_datasets_folder_is_told_to_open_a_dataset_in_it(network, lang, typed):
    from app.settings import datasets_dir

    _dataset()
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value(str(datasets_dir()) if typed == "full" else typed).run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "TILELENS_SHARED_FOLDERS" not in errors[0], errors
    assert ("holds the datasets" if lang == "en" else "データセットをまとめたフォルダ") in errors[0]
    assert "label_open_club-photos" in {b.key for b in at.button}
    assert not any(b.key == "label_init" for b in at.button)


def test_the_organisers_default_dataset_is_shown_to_a_phone_by_name(network, monkeypatch):
    root = _dataset()
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    assert at.text_input(key="label_dir").value == "club-photos" and "1/2: `a.jpg`" in texts(at)


# ---- 4. plurals ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, said", [("en", "1 photo, 0 accepted"), ("ja", "写真 1枚、OK 0枚")])
def test_a_dataset_of_one_photo_is_counted_in_the_singular(laptop, lang, said):
    from app.settings import datasets_dir

    label_dataset(datasets_dir() / "one", PHOTOS[:1])
    at = open_page("label", lang=lang)
    assert said in [c.value for c in at.caption]
    if lang == "en":
        assert "1 photos" not in texts(at)


def test_the_visitor_path_round_trip(network, tmp_path, monkeypatch):
    from app.components import visitor
    from app.settings import datasets_dir

    root = _dataset()
    assert visitor.visitor_path(root) == "club-photos"
    assert visitor.visitor_path(root / "images") == "club-photos/images"
    assert visitor.visitor_folder("club-photos") == datasets_dir() / "club-photos"
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", os.pathsep.join([str(tmp_path / "s1"), str(tmp_path / "x" / "s2")]))
    assert visitor.visitor_path(tmp_path / "x" / "s2" / "a") == "s2/a"
    assert visitor.visitor_folder("s2/a") == tmp_path / "x" / "s2" / "a"
    assert visitor.visitor_folder("s1") == tmp_path / "s1"
