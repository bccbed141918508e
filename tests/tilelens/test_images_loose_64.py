"""Photos a club put directly in ``DIR/images/`` (no ``train/`` in it) are filed as loose ones are.

``label init DIR`` proposed their boxes into ``labels/NAME.txt`` and wrote a data.yaml of ``train: images/train``:
``label check`` then said ``train 0`` and warned of label files with no photo. Photos directly in ``images/`` of
tilelens's layout are filed as the photos directly in ``DIR/`` are (``prelabel.file_loose_photos``), each with its label
file; a dataset whose data.yaml names ``images/`` itself keeps them where they are."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from tilelens.labelling import editing
from tilelens.labelling.prelabel import file_loose_photos, loose_photos, prelabel_folder
from tilelens.labelling.yolo import read_data_yaml

from label_helpers import OneTileReader

GAME = "tokyo-mahjong"


def _club_folder(root: Path) -> Path:
    """``root/images/`` with three photos, one of them (p1) with a label file of its own in ``root/labels/``, and one
    (p2) a GIF."""
    (root / "images").mkdir(parents=True)
    (root / "labels").mkdir()
    for i in range(2):
        Image.new("RGB", (160, 120), (40 * i, 120, 90)).save(root / "images" / f"p{i}.jpg")
    Image.new("RGB", (160, 120), (200, 20, 90)).save(root / "images" / "p2.gif")
    (root / "labels" / "p1.txt").write_text("2 0.5 0.5 0.2 0.3\n")
    return root


def test_photos_directly_in_images_are_filed_into_train_with_their_labels(tmp_path):
    root = _club_folder(tmp_path / "club")
    assert [p.name for p in loose_photos(root)] == ["p0.jpg", "p1.jpg", "p2.gif"]  # the Label page counts them
    summary = prelabel_folder(root, GAME, reader=OneTileReader("1m"), progress=False)
    assert (summary.photos, summary.labelled, summary.kept) == (3, 2, 1)
    config = read_data_yaml(root)
    assert editing.photo_paths(root, config) == [f"images/train/p{i}.jpg" for i in range(3)]
    assert (root / "labels/train/p1.txt").read_text() == "2 0.5 0.5 0.2 0.3\n"  # its own, kept
    assert (root / "labels/train/p0.txt").is_file() and (root / "labels/train/p2.txt").is_file()
    assert sorted(p.name for p in (root / "images").iterdir() if p.is_file()) == []
    assert sorted(p.name for p in (root / "labels").iterdir() if p.is_file()) == []
    assert (root / "originals" / "p2.gif").is_file()  # the dataset's folder of originals, not images/originals


def test_a_dataset_made_before_has_them_filed_on_the_next_init(tmp_path):
    root = _club_folder(tmp_path / "club")
    (root / "images" / "p2.gif").unlink()
    (root / "images" / "train").mkdir()
    (root / "data.yaml").write_text(f"path: .\ntrain: images/train\nval: images/train\ngame: {GAME}\nnames: "
                                    f"{list(read_names())}\n")
    photos, skipped = file_loose_photos(root)
    assert [p.relative_to(root).as_posix() for p in photos] == ["images/train/p0.jpg", "images/train/p1.jpg"]
    assert skipped == [] and (root / "labels/train/p1.txt").is_file()


def test_a_dataset_whose_split_is_images_itself_keeps_them(tmp_path):
    root = _club_folder(tmp_path / "club")
    (root / "images" / "p2.gif").unlink()
    (root / "data.yaml").write_text(f"path: .\ntrain: images\nval: images\ngame: {GAME}\nnames: {list(read_names())}\n")
    assert loose_photos(root, read_data_yaml(root)) == []
    photos, _ = file_loose_photos(root)
    assert [p.relative_to(root).as_posix() for p in photos] == ["images/p0.jpg", "images/p1.jpg"]
    assert (root / "labels/p1.txt").is_file()


def read_names() -> tuple[str, ...]:
    from tilelens.labelling.prelabel import class_names

    return class_names(GAME)
