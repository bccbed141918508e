"""The Label page at scale: each run lists the dataset's folders once (the page, its check and its Teach panel
listed them five times over, and Accept took 4 s at 3,000 photos), and what changes on disk between runs, or
with Accept, is seen on the next."""
from __future__ import annotations

from PIL import Image

from tilelens.labelling import load_done, yolo

from app_helpers import LABEL_PHOTOS, label_dataset, label_page_dataset, open_page, texts


def listings(monkeypatch) -> list:
    """Each listing of one folder or list of a split (``yolo._images_of_source``) from now on."""
    calls: list = []
    original = yolo._images_of_source
    monkeypatch.setattr(yolo, "_images_of_source", lambda *a, **k: calls.append(a[1]) or original(*a, **k))
    return calls


def test_each_run_lists_each_folder_of_the_dataset_once(tmp_path, monkeypatch, home):
    label_page_dataset(tmp_path, monkeypatch)  # train: images/train, val: images/val
    at = open_page("label", lang="en")
    calls = listings(monkeypatch)
    at.button(key="label_next").click().run()
    assert sorted(calls) == ["images/train", "images/val"]
    calls.clear()
    at.button(key="label_accept").click().run()  # a save: the check is counted again, from the same listing
    assert sorted(calls) == ["images/train", "images/val"]
    assert "Accepted 1 of 3 photos (2 to do)" in at.get("progress")[0].proto.text and not at.exception


def test_a_folder_train_and_val_both_name_is_listed_once_a_run(tmp_path, monkeypatch, home):
    root = label_dataset(tmp_path / "ds", ["images/train/a.jpg", "images/train/b.jpg"])
    assert "val: images/train" in (root / "data.yaml").read_text()
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    calls = listings(monkeypatch)
    at.button(key="label_accept").click().run()
    assert calls == ["images/train"]
    assert "Accepted 1 of 2 photos (1 to do)" in at.get("progress")[0].proto.text
    assert "validation: the training photos" in texts(at)  # the check still knows val is train's folder


def test_photos_added_removed_and_labels_changed_on_disk_are_seen_on_the_next_run(tmp_path, monkeypatch, home):
    root = label_page_dataset(tmp_path, monkeypatch)
    at = open_page("label", lang="en")
    assert "Accepted 0 of 3 photos (3 to do)" in at.get("progress")[0].proto.text
    Image.new("RGB", (160, 120)).save(root / "images/train/d.jpg")  # added by the command line, say
    at.button(key="label_next").click().run()
    assert "Accepted 0 of 4 photos (4 to do)" in at.get("progress")[0].proto.text
    assert "Photo 2/4: `b.jpg`" in texts(at)
    (root / "images/train/d.jpg").unlink()
    at.button(key="label_next").click().run()
    assert "Accepted 0 of 3 photos (3 to do)" in at.get("progress")[0].proto.text
    assert "Photo 3/3: `c.jpg`" in texts(at)
    (root / "labels/train/b.txt").write_text("0 0.5 0.5 0.2\n")  # written in another editor
    at.button(key="label_prev").click().run()
    assert "4 fields, expected 5" in texts(at)


def test_accepting_a_photo_with_no_boxes_takes_its_warning_away_at_once(tmp_path, monkeypatch, home):
    # b and c have empty label files: "no boxes" each, until a person accepts the photo as one with no tiles.
    # The check depends on the accepted photos too, so Accept must count it again
    root = label_page_dataset(tmp_path, monkeypatch)
    at = open_page("label", lang="en")
    assert "Dataset checks (2)" in [e.label for e in at.expander]
    at.button(key="label_next").click().run()
    at.button(key="label_accept").click().run()
    assert load_done(root) == {LABEL_PHOTOS[1]}
    assert "Dataset checks (1)" in [e.label for e in at.expander]
    assert at.segmented_control(key="label_filter").options[2] == "With problems (1)"
    assert ("The accepted photo shows no tile (it has no box): draw the boxes of the tiles on a photo, then "
            "accept it, to teach from it.") in texts(at), texts(at)
