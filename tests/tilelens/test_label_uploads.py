"""Photos uploaded into a dataset folder: unique stems (a phone names every photo ``image.jpg``), the same
photo kept once, files that are not photos refused; then ``label init`` files and pre-labels them."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from tilelens.labelling import prelabel, read_yolo
from tilelens.labelling.model import LabelFileError
from tilelens.labelling.uploads import add_photos, dataset_folder, datasets_in

from label_helpers import FixedReader

HEIC = Path(__file__).resolve().parents[1] / "vision" / "data" / "heic" / "marked-orientation6.heic"


def jpeg(colour: tuple[int, int, int], size=(120, 80)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "JPEG")
    return out.getvalue()


def test_photos_all_named_image_jpg_are_each_kept_under_their_own_stem(tmp_path):
    root = tmp_path / "ds"
    added = add_photos(root, [("image.jpg", jpeg((200, 0, 0))), ("image.jpg", jpeg((0, 200, 0))),
                              ("IMAGE.png", jpeg((0, 0, 200)))])
    assert added.saved == ("image.jpg", "image-2.jpg", "IMAGE-3.png")
    assert not added.duplicates and not added.refused
    # later uploads also avoid the stems of photos already filed under images/ (label files go by stem)
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert summary.labelled == 3
    more = add_photos(root, [("image.jpg", jpeg((90, 90, 0)))])
    assert more.saved == ("image-4.jpg",)


def test_the_same_photo_twice_is_kept_once_even_after_it_was_filed(tmp_path):
    root = tmp_path / "ds"
    photo = jpeg((10, 120, 60))
    assert add_photos(root, [("a.jpg", photo), ("b.jpg", photo)]).duplicates == ("b.jpg",)
    prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    again = add_photos(root, [("c.jpg", photo)])
    assert again.saved == () and again.duplicates == ("c.jpg",)
    assert len(read_yolo(root)[0].images) == 1


def test_files_that_are_not_photos_are_refused_with_the_reason_and_not_saved(tmp_path):
    root = tmp_path / "ds"
    added = add_photos(root, [("notes.txt", b"hello"), ("broken.jpg", b"\xff\xd8 not really"),
                              ("ok.jpg", jpeg((1, 2, 3)))])
    assert added.saved == ("ok.jpg",)
    assert [r.photo for r in added.refused] == ["notes.txt", "broken.jpg"]
    assert "not a photo" in added.refused[0].why and "broken.jpg: not an image" in added.refused[1].why
    assert added.refused[1].why_ja.startswith("broken.jpg: ")
    assert sorted(p.name for p in root.iterdir()) == ["ok.jpg"]


def test_an_iphone_heic_upload_becomes_an_upright_jpeg_when_pre_labelled(tmp_path):
    root = tmp_path / "ds"
    assert add_photos(root, [("image.HEIC", HEIC.read_bytes()), ("image.jpg", jpeg((5, 5, 5)))]).saved == (
        "image.HEIC", "image-2.jpg")
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert summary.labelled == 2 and not summary.unreadable
    assert (root / "originals" / "image.HEIC").is_file()
    # the original in heic/ still counts: the same photo uploaded again is a duplicate
    assert add_photos(root, [("copy.heic", HEIC.read_bytes())]).duplicates == ("copy.heic",)


@pytest.mark.parametrize("name", ["", "  ", "a/b", "..", ".hidden", "x" * 81, "what?"])
def test_a_dataset_name_that_cannot_be_a_folder_is_refused(tmp_path, name):
    with pytest.raises(LabelFileError) as err:
        dataset_folder(tmp_path, name)
    assert err.value.message_ja


def test_datasets_are_listed_newest_first(tmp_path):
    import os

    for n, name in enumerate(["old", "new", ".hidden"]):
        (tmp_path / name).mkdir()
        os.utime(tmp_path / name, (1000 + n, 1000 + n))
    (tmp_path / "loose.jpg").write_bytes(b"")
    assert [p.name for p in datasets_in(tmp_path)] == ["new", "old"]
    assert datasets_in(tmp_path / "missing") == []


def test_a_photo_read_and_corrected_in_the_app_becomes_an_accepted_labelled_photo(tmp_path):
    from scorer import load_game
    from tilelens.labelling import check_dataset, load_done
    from tilelens.labelling.model import Box
    from tilelens.labelling.uploads import add_read_photo

    names = tuple(t.id for t in load_game("tokyo-mahjong").tiles)
    root = tmp_path / "home-set"
    boxes = [Box("1m", (0.1, 0.2, 0.3, 0.8)), Box("7z", (0.7, 0.2, 1.05, 0.8))]  # a box over the edge is cut
    photo = jpeg((30, 140, 60), size=(200, 100))
    kept = add_read_photo(root, "photo.jpg", photo, (200, 100), boxes, names, game="tokyo-mahjong")
    rel = kept.path
    assert kept[:2] == ("images/train/photo.jpg", False) and (root / rel).read_bytes() == photo
    dataset, problems = read_yolo(root)
    assert not problems and dataset.game == "tokyo-mahjong"
    assert [(b.kind, b.xyxyn) for b in dataset.images[0].boxes] == [
        ("1m", pytest.approx((0.1, 0.2, 0.3, 0.8))), ("7z", pytest.approx((0.7, 0.2, 1.0, 0.8)))]
    assert load_done(root) == {rel}
    assert not check_dataset(root).errors
    # the same photo kept again after another correction: one photo, its labels replaced
    fixed = [Box("2m", boxes[0].xyxyn), boxes[1]]
    assert add_read_photo(root, "photo.jpg", photo, (200, 100), fixed, names)[:2] == (rel, True)
    dataset, _ = read_yolo(root)
    assert len(dataset.images) == 1 and [b.kind for b in dataset.images[0].boxes] == ["2m", "7z"]
    # another photo of the same name gets its own stem
    other = jpeg((90, 10, 10), size=(200, 100))
    assert add_read_photo(root, "photo.jpg", other, (200, 100), boxes[:1], names, accept=False)[:2] == (
        "images/train/photo-2.jpg", False)
    assert load_done(root) == {rel}
    with pytest.raises(LabelFileError, match="class names"):
        add_read_photo(root, "x.jpg", jpeg((1, 1, 1)), (120, 80), boxes, ("1m", "7z"))


def _tokyo_names() -> tuple[str, ...]:
    from scorer import load_game

    return tuple(t.id for t in load_game("tokyo-mahjong").tiles)


def test_a_kept_photo_turned_and_kept_again_replaces_its_photo_not_a_second_copy(tmp_path):
    from tilelens.labelling.model import Box
    from tilelens.labelling.uploads import add_read_photo

    names, root = _tokyo_names(), tmp_path / "ds"
    upload = jpeg((30, 140, 60), size=(200, 100))  # the photo as uploaded
    as_read = jpeg((30, 140, 60), size=(200, 100))[:-2] + b"\xff\xd9"  # as the page read it (other bytes)
    turned = jpeg((30, 140, 60), size=(100, 200))  # the same photo after a turn button
    box = [Box("1m", (0.1, 0.2, 0.3, 0.8))]
    first = add_read_photo(root, "hand.jpg", as_read, (200, 100), box, names, original=upload)
    again = add_read_photo(root, "hand.jpg", turned, (100, 200), [Box("2m", (0.2, 0.1, 0.8, 0.3))], names,
                           original=upload)
    assert again[:2] == (first.path, True)
    assert (root / first.path).read_bytes() == turned
    dataset, _ = read_yolo(root)
    assert [[b.kind for b in im.boxes] for im in dataset.images] == [["2m"]]
    # the upload handed to the Label page afterwards is the photo already there
    assert add_photos(root, [("image.jpg", upload)]).duplicates == ("image.jpg",)


def test_a_photo_added_on_the_label_page_is_not_kept_again_from_the_photo_page(tmp_path):
    from tilelens.labelling.model import Box
    from tilelens.labelling.uploads import add_read_photo

    names, root = _tokyo_names(), tmp_path / "ds"
    upload = jpeg((30, 140, 60), size=(200, 100))
    add_photos(root, [("image.jpg", upload)])
    with pytest.raises(LabelFileError, match=r"already in ds \(added on the Label page as image.jpg\)") as err:
        add_read_photo(root, "hand.jpg", jpeg((9, 9, 9)), (120, 80), [Box("1m", (0.1, 0.2, 0.3, 0.8))], names,
                       original=upload)
    assert "ラベル付けページ" in err.value.message_ja
    assert sorted(p.name for p in root.iterdir() if p.suffix == ".jpg") == ["image.jpg"]


def test_keeping_a_photo_again_never_undoes_boxes_fixed_on_the_label_page(tmp_path):
    from tilelens.labelling.model import Box
    from tilelens.labelling.uploads import add_read_photo

    names, root = _tokyo_names(), tmp_path / "ds"
    upload = jpeg((30, 140, 60), size=(200, 100))
    box = [Box("1m", (0.1, 0.2, 0.3, 0.8))]
    kept = add_read_photo(root, "hand.jpg", upload, (200, 100), box, names, original=upload)
    label = root / "labels" / "train" / "hand.txt"
    # the Label page writes the same boxes anew (other digits): still the labels as kept
    label.write_text("0 0.2 0.5 0.2 0.6000000001\n", encoding="utf-8")
    assert add_read_photo(root, "hand.jpg", upload, (200, 100), [Box("2m", box[0].xyxyn)], names,
                          original=upload)[:2] == (kept.path, True)
    fixed = label.read_text(encoding="utf-8") + "32 0.8 0.5 0.1 0.5\n"  # a box the person added there
    label.write_text(fixed, encoding="utf-8")
    with pytest.raises(LabelFileError, match="changed on the Label page after it was kept"):
        add_read_photo(root, "hand.jpg", upload, (200, 100), box, names, original=upload)
    assert label.read_text(encoding="utf-8") == fixed


def test_a_long_photo_name_is_shortened_and_a_failed_keep_leaves_a_dataset_of_the_game(tmp_path):
    from tilelens.labelling.model import Box
    from tilelens.labelling.uploads import MAX_STEM_BYTES, add_read_photo
    from tilelens.labelling.yolo import read_data_yaml

    names, root = _tokyo_names(), tmp_path / "ds"
    name = "麻雀の手牌" * 19 + ".jpg"  # 95 characters, 285 bytes: more than a file name holds
    kept = add_read_photo(root, name, jpeg((1, 2, 3)), (120, 80), [Box("1m", (0.1, 0.2, 0.3, 0.8))], names,
                          game="tokyo-mahjong")
    stem = Path(kept.path).stem
    assert name.startswith(stem) and len(stem.encode("utf-8")) <= MAX_STEM_BYTES
    assert add_photos(tmp_path / "up", [(name, jpeg((5, 5, 5)))]).saved == (f"{stem}.jpg",)
    # a photo that cannot be written (a file where its folder must go): the dataset is still the game's
    other = tmp_path / "other"
    other.mkdir()
    (other / "images").write_text("not a folder", encoding="utf-8")
    with pytest.raises(OSError):
        add_read_photo(other, "a.jpg", jpeg((1, 2, 3)), (120, 80), [], names, game="tokyo-mahjong")
    assert read_data_yaml(other).game == "tokyo-mahjong"


def test_photos_kept_at_the_same_moment_each_get_their_own_name_and_mark(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    from tilelens.labelling.model import Box
    from tilelens.labelling.store import load_done
    from tilelens.labelling.uploads import add_read_photo

    names, root = _tokyo_names(), tmp_path / "ds"
    photos = [jpeg((i, 100, 200 - i)) for i in range(12)]

    def keep(data):
        return add_read_photo(root, "image.jpg", data, (120, 80), [Box("1m", (0.1, 0.2, 0.3, 0.8))], names,
                              original=data).path

    with ThreadPoolExecutor(6) as pool:
        paths = list(pool.map(keep, photos))
    assert len(set(paths)) == 12 and load_done(root) == set(paths)
    assert sorted((root / p).read_bytes() for p in paths) == sorted(photos)


def test_a_photo_kept_in_a_dataset_whose_train_split_is_a_txt_list_is_added_to_the_list(tmp_path):
    # the photo went to images/train, which such a dataset does not train on: only the listed photos
    import yaml

    from tilelens.labelling.model import Box
    from tilelens.labelling.uploads import add_read_photo

    names = _tokyo_names()
    root = tmp_path / "listed"
    add_read_photo(root, "first.jpg", jpeg((30, 140, 60)), (120, 80), [Box("1m", (0.1, 0.2, 0.3, 0.8))], names)
    data = yaml.safe_load((root / "data.yaml").read_text())
    data["train"] = "lists/train.txt"  # absolute entries, as some tools write them
    (root / "lists").mkdir()
    (root / "lists/train.txt").write_text(f"{(root / 'images/train/first.jpg').resolve()}")  # no final newline
    (root / "data.yaml").write_text(yaml.safe_dump(data))
    kept = add_read_photo(root, "second.jpg", jpeg((90, 10, 10)), (120, 80), [Box("2m", (0.1, 0.2, 0.3, 0.8))],
                          names)
    assert (root / "lists/train.txt").read_text().splitlines() == [
        str((root / "images/train/first.jpg").resolve()), str((root / kept.path).resolve())]
    assert sorted(im.path for im in read_yolo(root)[0].images) == ["images/train/first.jpg",
                                                                    "images/train/second.jpg"]


def test_a_photo_kept_in_a_roboflow_dataset_goes_where_its_train_split_is(tmp_path):
    # the photo went to images/train, which a dataset of `train: train/images` does not train on
    from label_helpers import PHOTOS, as_roboflow, make_dataset
    from tilelens.labelling.model import Box
    from tilelens.labelling.uploads import add_read_photo, photo_count

    names, root = _tokyo_names(), tmp_path / "rf"
    make_dataset(root, PHOTOS, names=names)
    as_roboflow(root)
    upload = jpeg((90, 10, 10))
    kept = add_read_photo(root, "image.jpg", upload, (120, 80), [Box("2m", (0.1, 0.2, 0.3, 0.8))], names)
    assert kept[:2] == ("train/images/image.jpg", False)
    assert (root / "train/labels/image.txt").read_text().startswith(f"{names.index('2m')} ")
    assert not (root / "images").exists()
    assert sorted(im.path for im in read_yolo(root)[0].images) == [
        "train/images/a.jpg", "train/images/b.png", "train/images/image.jpg", "valid/images/c.jpg"]
    again = add_read_photo(root, "image.jpg", upload, (120, 80), [Box("1m", (0.1, 0.2, 0.3, 0.8))], names)
    assert again[:2] == ("train/images/image.jpg", True)  # the same photo kept again: replaced, not added twice
    assert photo_count(root) == 4


def test_a_photo_kept_in_a_roboflow_export_as_downloaded_goes_to_its_train_folder(tmp_path):
    # `train: ../train/images` (Roboflow's download, no `path:`) is the dataset's train/images to Ultralytics:
    # the score page's Keep and the Label page's Add were refused, as though training read no photo filed
    from label_helpers import roboflow_export
    from tilelens.labelling.model import Box
    from tilelens.labelling.uploads import add_read_photo
    from tilelens.labelling.yolo import filing_folder, read_data_yaml, trains_on_filed
    from tilelens.labelling import Split

    names, root = ("1m", "2m", "3m"), tmp_path / "rf"
    settings = roboflow_export(root, names).encode("utf-8")
    config = read_data_yaml(root)
    assert trains_on_filed(root, config)
    assert filing_folder(root, config, Split.VAL) == root / "valid/images"
    kept = add_read_photo(root, "image.jpg", jpeg((90, 10, 10)), (120, 80), [Box("2m", (0.1, 0.2, 0.3, 0.8))], names)
    assert kept[:2] == ("train/images/image.jpg", False)
    assert (root / "train/labels/image.txt").read_text().startswith("1 ")
    assert not (root / "images").exists() and (root / "data.yaml").read_bytes() == settings
    assert sorted(im.path for im in read_yolo(root)[0].images) == [
        "test/images/x.jpg", "train/images/image.jpg", "train/images/t.jpg", "valid/images/v.jpg"]
