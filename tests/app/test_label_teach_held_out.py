"""The Label page's Teach panel counts the photos it teaches: the accepted photos of the training split,
and says how many accepted validation or test photos it leaves out (``tilelens enroll`` keeps them out)."""
from __future__ import annotations

import pytest

from tilelens.labelling import set_done

from app_helpers import label_teach_support, open_page, texts, tilelens_tests_module


support = label_teach_support()
split_support = tilelens_tests_module("test_label_teach_split", "label_teach_split_support")


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = support.make_dataset(tmp_path / "My Tiles", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "1m"],
                                                        "c": ["2m", "1p"]})
    split_support.with_val(root, "c")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    return root


@pytest.mark.parametrize("lang, said", [
    ("en", "Learns from the 2 accepted photos (of 3). 1 accepted photo of the validation or test split left "
           "out, to measure the set on with `tilelens eval`."),
    ("ja", "OK にした写真 2枚 (全 3枚) から覚えます。検証・テスト用に分けた OK 済みの写真 1枚は覚えさせず、"
           "`tilelens eval` で測るために残します。"),
])
def test_the_panel_counts_the_photos_it_teaches_and_those_it_leaves_out(dataset, lang, said):
    for photo in ("images/train/a.png", "images/train/b.png", "images/val/c.png"):
        set_done(dataset, photo)
    at = open_page("label", lang=lang)
    assert said in texts(at), texts(at)


def test_with_only_held_out_photos_accepted_the_panel_says_so_and_offers_no_button(dataset):
    set_done(dataset, "images/val/c.png")
    at = open_page("label", lang="en")
    assert "No photo of the training split is accepted yet" in texts(at), texts(at)
    assert not [b for b in at.button if b.key == "teach_start"]


@pytest.fixture
def phone_dataset(tmp_path, monkeypatch, home):
    """The dataset above in the app's datasets folder, opened by a phone on the club's Wi-Fi."""
    from app.settings import datasets_dir

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    monkeypatch.delenv("TILELENS_SHARED_FOLDERS", raising=False)
    root = support.make_dataset(datasets_dir() / "My Tiles", {"a": ["1m", "1p", "1s", "2m"],
                                                               "b": ["1m", "1m"], "c": ["2m", "1p"]})
    split_support.with_val(root, "c")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    return root


@pytest.mark.parametrize("lang, said", [
    ("en", "Learns from the 2 accepted photos (of 3). 1 accepted photo of the validation or test split left "
           "out, to measure the set on."),
    ("ja", "OK にした写真 2枚 (全 3枚) から覚えます。検証・テスト用に分けた OK 済みの写真 1枚は覚えさせず、"
           "測るために残します。"),
])
def test_a_phone_is_told_the_photos_left_out_without_a_command_it_cannot_run(phone_dataset, lang, said):
    """A phone cannot run `tilelens eval` (a command of the computer running the app): the panel says what it
    leaves out, and why, without the command."""
    for photo in ("images/train/a.png", "images/train/b.png", "images/val/c.png"):
        set_done(phone_dataset, photo)
    at = open_page("label", lang=lang)
    assert said in texts(at), texts(at)
    assert "tilelens eval" not in texts(at), texts(at)
