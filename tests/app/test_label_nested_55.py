"""Session 55 (f23): the Label page and a folder inside a dataset, and a dataset's name typed in other capitals.

- A phone typed ``club-photos/images/train``: the page offered a draft ("This folder has no data.yaml yet (2
  photos)"), and "Pre-label with the model" moved the dataset's own photos into
  ``club-photos/images/train/images/train/`` with a data.yaml of their own: club-photos was broken. A folder inside
  another dataset (a folder above it, below the datasets folder, has a data.yaml; a shared folder too) is refused for
  everyone, the laptop too, in one message with a button that opens the dataset itself.
- An iPhone's keyboard wrote ``Club-photos``: "There is no dataset called Club-photos", nothing more. The one dataset
  of that name but for capitals is opened (and said); where there are several, each is offered."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import label_phone_helpers as label_phone
from app_helpers import label_dataset, open_page, texts
from label_phone_helpers import PHOTOS, dataset as _dataset, from_address as _from_address, seen as _seen

network = label_phone.network  # the fixtures: the page as a phone sees it, and as the laptop
laptop = label_phone.laptop
INSIDE = {"en": "is inside the dataset", "ja": "の中にあります"}


def _files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))


def _said(at) -> list[str]:
    return [e.value for e in (*at.error, *at.warning)]


def _keys(at) -> set[str]:
    return {b.key for b in at.button}


def _typed(text: str, lang: str = "en"):
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value(text).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# ---- 1. a folder inside a dataset ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("typed", ["club-photos/images/train", "club-photos/images",
                                   "$TILELENS_HOME/datasets/club-photos/images/train"])
def test_a_phone_is_offered_no_draft_of_a_folder_inside_a_dataset(network, typed, lang):
    root = _dataset()
    before = _files(root)
    at = _typed(typed, lang)
    assert "label_init" not in _keys(at)  # no "Pre-label with the model"
    assert len(at.error) == 1 and INSIDE[lang] in at.error[0].value, _said(at)
    assert "club-photos" in at.error[0].value and str(network) not in _seen(at)
    assert "dataset" not in at.query_params
    assert _files(root) == before
    at.button(key="label_open_enclosing").click().run()  # the dataset itself, opened
    assert not at.exception and at.text_input(key="label_dir").value == "club-photos"
    assert "1/2" in texts(at) and not at.error
    assert _files(root) == before


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_laptop_is_refused_a_folder_inside_a_dataset_too(laptop, lang):
    root = _dataset()
    before = _files(root)
    at = _typed(str(root / "images" / "train"), lang)
    assert "label_init" not in _keys(at)
    assert len(at.error) == 1 and INSIDE[lang] in at.error[0].value and str(root) in at.error[0].value, _said(at)
    at.button(key="label_open_enclosing").click().run()
    assert at.text_input(key="label_dir").value == str(root) and "1/2" in texts(at)
    assert _files(root) == before


def test_a_folder_inside_a_dataset_damaged_already_is_refused_too(network):
    """The walk's state after the draft: the nested folder has a data.yaml of its own. Opened, it was a dataset whose
    photos are club-photos' own; refused, and club-photos opened from the button."""
    root = _dataset()
    label_dataset(root / "images" / "train", ["images/train/x.jpg"])
    at = _typed("club-photos/images/train")
    assert len(at.error) == 1 and INSIDE["en"] in at.error[0].value, _said(at)
    assert "label_open_enclosing" in _keys(at)


def test_an_address_naming_a_folder_inside_a_dataset_is_refused(network):
    root = _dataset()
    before = _files(root)
    at = _from_address(dataset="club-photos/images/train")
    assert not at.exception and "label_init" not in _keys(at)
    assert [e for e in _said(at) if INSIDE["en"] in e], _said(at)
    assert _files(root) == before


def test_a_folder_inside_a_shared_dataset_is_refused_and_the_share_opened(network, monkeypatch):
    share = label_dataset(network / "elsewhere" / "club-share", PHOTOS)
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(share))
    before = _files(share)
    at = _typed("club-share/images/train")
    assert len(at.error) == 1 and INSIDE["en"] in at.error[0].value and "club-share" in at.error[0].value
    assert str(network) not in _seen(at)
    at.button(key="label_open_enclosing").click().run()
    assert at.text_input(key="label_dir").value == "club-share" and "1/2" in texts(at)
    assert _files(share) == before


def test_a_folder_of_photos_beside_the_datasets_is_still_offered_a_draft(network):
    """A data.yaml lying in the datasets folder itself (no dataset: the folder that holds them) makes no folder of it
    one inside a dataset."""
    from PIL import Image

    from app.settings import datasets_dir

    _dataset()
    (datasets_dir() / "data.yaml").write_text("names: [a]\n", encoding="utf-8")
    loose = datasets_dir() / "new-photos"
    loose.mkdir()
    Image.new("RGB", (40, 30)).save(loose / "p.jpg")
    at = _typed("new-photos")
    assert "label_init" in _keys(at) and not at.error, _said(at)


# ---- 4. a dataset's name in other capitals ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("typed", ["Club-photos", "CLUB-PHOTOS", "$TILELENS_HOME/datasets/Club-Photos"])
def test_a_phone_typing_a_datasets_name_in_other_capitals_opens_it(network, typed, lang):
    _dataset()
    at = _typed(typed, lang)
    assert at.text_input(key="label_dir").value == "club-photos"
    assert "1/2" in texts(at) and not at.error, _said(at)
    assert at.query_params["dataset"] == "club-photos"
    said = [i.value for i in at.info if "club-photos" in i.value]
    assert len(said) == 1 and typed in said[0], [i.value for i in at.info]


def test_a_shared_folders_name_in_other_capitals_opens_it(network, monkeypatch):
    label_dataset(network / "share" / "club-share" / "set", PHOTOS)
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(network / "share" / "club-share"))
    at = _typed("Club-share/Set")
    assert at.text_input(key="label_dir").value == "club-share/set" and "1/2" in texts(at), _said(at)
    assert str(network) not in _seen(at)


@pytest.mark.parametrize("lang, asked", [("en", "Did you mean"), ("ja", "ですか")])
def test_two_datasets_of_the_name_in_other_capitals_are_both_offered(network, lang, asked):
    from app.settings import datasets_dir

    _dataset("club-photos")
    _dataset("CLUB-Photos")
    if len(os.listdir(datasets_dir())) != 2:  # pragma: no cover - macOS, Windows: one folder of both names
        pytest.skip("a file system that does not tell capitals apart")
    at = _typed("Club-photos", lang)
    assert len(at.error) == 1, _said(at)
    offered = sorted(b.label for b in at.button if b.key.startswith("label_case_"))
    assert len(offered) == 2 and all(asked in label for label in offered), offered
    assert any("CLUB-Photos" in label for label in offered) and any("club-photos" in label for label in offered)
    next(b for b in at.button if b.key.startswith("label_case_") and "CLUB-Photos" in b.label).click().run()
    assert at.text_input(key="label_dir").value == "CLUB-Photos" and "1/2" in texts(at)


def test_a_name_no_dataset_has_in_any_capitals_is_still_no_dataset(network):
    _dataset()
    at = _typed("Club-fotos")
    assert len(at.error) == 1 and "no dataset called" in at.error[0].value
    assert not [b for b in at.button if b.key.startswith("label_case_")]
