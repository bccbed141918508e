"""Session 51 walkthrough, on the Label page: an edit keeps the label lines it cannot read (and says so), a photo
accepted as having no tiles is no warning, the Teach panel counts the accepted photos with tiles apart, and a
folder that is not there is said so."""
from __future__ import annotations

import pytest

from tilelens.labelling import set_done

from app_helpers import label_page_dataset, label_teach_support, open_page, texts


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    return label_page_dataset(tmp_path, monkeypatch)


def test_nudging_a_box_keeps_the_line_it_cannot_read_and_says_it_will(dataset):
    label = dataset / "labels/train/a.txt"
    label.write_text(label.read_text() + "57 0.4 0.4 0.05 0.07\n")
    at = open_page("label", lang="en")
    assert "an edit here keeps the lines it cannot read" in texts(at)
    at.button(key="label_next_box").click().run()
    at.button(key="label_nudge_→").click().run()
    lines = label.read_text().splitlines()
    assert len(lines) == 3 and lines[-1] == "57 0.4 0.4 0.05 0.07"
    assert float(lines[0].split()[1]) == pytest.approx(0.21, abs=1e-6)  # the edit itself saved
    assert "the dataset has 4 classes" in texts(at) and not at.exception  # still said: still in the file


def test_the_japanese_page_says_the_lines_are_kept(dataset):
    label = dataset / "labels/train/a.txt"
    label.write_text(label.read_text() + "57 0.4 0.4 0.05 0.07\n")
    assert "読めない行はそのまま残します" in texts(open_page("label", lang="ja"))


def test_a_photo_accepted_with_no_tiles_is_no_warning(dataset):
    at = open_page("label", lang="en")
    at.selectbox(key="label_jump").set_value("images/train/b.jpg").run()
    assert "b.txt: no boxes (a photo with no tiles?)" in texts(at)
    set_done(dataset, "images/train/b.jpg")
    at = open_page("label", lang="en")
    at.selectbox(key="label_jump").set_value("images/train/b.jpg").run()
    assert "b.txt: no boxes" not in texts(at)
    assert "c.txt: no boxes (a photo with no tiles?)" in texts(at)  # not accepted: still worth a look


def test_a_folder_that_is_not_there_is_said_so(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path / "nothere"))
    said = texts(open_page("label", lang="en"))
    assert "is not there" in said and "no data.yaml" not in said and not (tmp_path / "nothere").exists()


@pytest.mark.parametrize("lang, said", [
    ("en", "Learns from the 3 accepted photos (of 3; 2 with tiles)."),
    ("ja", "OK にした写真 3枚 (全 3枚、牌の写った写真 2枚) から覚えます。"),
])
def test_the_teach_panel_counts_the_accepted_photos_with_tiles_apart(tmp_path, monkeypatch, home, lang, said):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = label_teach_support().make_dataset(tmp_path / "ds", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "1m"],
                                                     "c": ["2m", "1p"]})
    (root / "labels/train/c.txt").write_text("")  # accepted as a photo with no tiles
    for photo in ("a", "b", "c"):
        set_done(root, f"images/train/{photo}.png")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    assert said in texts(open_page("label", lang=lang))
