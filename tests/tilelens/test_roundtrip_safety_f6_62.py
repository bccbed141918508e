"""Round trips through outside tools that lost hand fixes (session 62, W2): a label file changed here since the
export, put back to its exported boxes by an import --overwrite; a label file tilelens cannot read exported as no
boxes and then emptied; a photo replaced under the same name keeping the old labels; the Label page's zip without
the record of pre-labels; the tile set not carried to a new folder."""
from __future__ import annotations

import json
import zipfile
from io import BytesIO

import pytest
from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.labelling import load_done, set_done
from tilelens.labelling.transfer import Format, export_dataset, import_dataset

from label_helpers import FixedReader, make_dataset


def _fix(label, cls: str = "3") -> None:
    """A hand fix: the first box's class changed (as the Label page saves it)."""
    lines = label.read_text(encoding="utf-8").splitlines()
    lines[0] = " ".join([cls, *lines[0].split()[1:]])
    label.write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- 1. changed here since the export

@pytest.mark.parametrize("fmt", [Format.COCO, Format.LABELSTUDIO])
def test_a_photo_fixed_here_since_the_export_keeps_its_fix_when_the_file_gives_the_exported_boxes(tmp_path, fmt):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "x.json"
    export_dataset(root, fmt, out)
    _fix(root / "labels/train/a.txt")
    fixed = (root / "labels/train/a.txt").read_bytes()
    s = import_dataset(out, fmt, root, overwrite=True)
    assert (root / "labels/train/a.txt").read_bytes() == fixed
    assert s.replaced == 0 and s.kept_newer == ("images/train/a.jpg",)
    said = [n for n in s.notes if n.path == "images/train/a.jpg"]
    assert said and "since the export" in said[0].message and said[0].message_ja


def test_an_accepted_photo_fixed_since_the_export_stays_fixed_and_accepted(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "t.json"
    export_dataset(root, Format.LABELSTUDIO, out)
    _fix(root / "labels/train/b.txt", "0")
    set_done(root, "images/train/b.png")
    fixed = (root / "labels/train/b.txt").read_bytes()
    import_dataset(out, Format.LABELSTUDIO, root, overwrite=True)
    assert (root / "labels/train/b.txt").read_bytes() == fixed
    assert "images/train/b.png" in load_done(root)


def test_a_photo_changed_on_both_sides_is_refused_alone_unless_take_theirs(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "t.json"
    export_dataset(root, Format.LABELSTUDIO, out, as_annotations=True)
    tasks = json.loads(out.read_text(encoding="utf-8"))
    for task in tasks:  # in Label Studio: a.jpg's first box moved, c.jpg's too
        if task["data"]["tilelens_path"] in ("images/train/a.jpg", "images/val/c.jpg"):
            task["annotations"][0]["result"][0]["value"]["x"] += 2.0
            task["annotations"][0]["lead_time"] = 12.0
    out.write_text(json.dumps(tasks), encoding="utf-8")
    _fix(root / "labels/train/a.txt")  # and here, a.jpg fixed too
    fixed = (root / "labels/train/a.txt").read_bytes()
    c_before = (root / "labels/val/c.txt").read_bytes()
    s = import_dataset(out, Format.LABELSTUDIO, root, overwrite=True)
    assert (root / "labels/train/a.txt").read_bytes() == fixed  # nothing written for it
    assert (root / "labels/val/c.txt").read_bytes() != c_before  # the others imported
    both = [i for i in s.issues if i.path == "images/train/a.jpg"]
    assert both and "--take-theirs" in both[0].message and "--take-theirs" in both[0].message_ja
    s = import_dataset(out, Format.LABELSTUDIO, root, overwrite=True, take_theirs=True)
    assert (root / "labels/train/a.txt").read_bytes() != fixed and s.replaced == 1


def test_the_cli_names_the_photo_kept_and_the_flag(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "c.json"
    assert tilelens(["label", "export", str(root), "--to", "coco", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    data["annotations"][0]["bbox"][0] += 3  # a.jpg's first box moved in the other tool
    out.write_text(json.dumps(data), encoding="utf-8")
    _fix(root / "labels/train/a.txt")
    capsys.readouterr()
    assert tilelens(["label", "import", str(out), "--from", "coco", str(root), "--overwrite"]) == 1
    err = capsys.readouterr().err
    assert "images/train/a.jpg" in err and "--take-theirs" in err
    assert tilelens(["label", "import", str(out), "--from", "coco", str(root), "--overwrite", "--take-theirs"]) == 0


# ---------------------------------------------------------------- 2. a label file tilelens cannot read

def _utf16(label) -> bytes:
    label.write_bytes(label.read_text(encoding="utf-8").replace("\n", "\r\n").encode("utf-16"))
    return label.read_bytes()


@pytest.mark.parametrize("fmt", [Format.COCO, Format.LABELSTUDIO])
def test_a_label_file_not_read_is_left_out_of_the_export_and_never_written_over(tmp_path, fmt):
    root = tmp_path / "ds"
    make_dataset(root)
    old = tmp_path / "old.json"
    export_dataset(root, fmt, old)  # exported while it could still be read
    raw = _utf16(root / "labels/train/a.txt")
    out = tmp_path / "x.json"
    _, issues = export_dataset(root, fmt, out)
    text = out.read_text(encoding="utf-8")
    assert "a.jpg" not in text and "b.png" in text
    assert any(i.path.endswith("a.txt") and "left out" in i.message for i in issues)
    for f in (out, old):
        s = import_dataset(f, fmt, root, overwrite=True)
        assert (root / "labels/train/a.txt").read_bytes() == raw
    said = [i for i in s.issues if i.path == "images/train/a.jpg"]
    assert said and "cannot be read" in said[0].message and said[0].message_ja


def test_a_label_file_with_a_byte_order_mark_is_not_written_over_either(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    old = tmp_path / "old.json"
    export_dataset(root, Format.COCO, old)
    label = root / "labels/train/a.txt"
    label.write_bytes(b"\xef\xbb\xbf" + label.read_bytes().replace(b"\n", b"\r\n"))
    raw = label.read_bytes()
    import_dataset(old, Format.COCO, root, overwrite=True)
    assert label.read_bytes() == raw


# ---------------------------------------------------------------- 3. a photo replaced under the same name

def _replace_photo(path) -> None:
    Image.new("RGB", Image.open(path).size, (200, 30, 30)).save(path)


@pytest.fixture
def fixed_reader(monkeypatch):
    from tilelens.labelling import prelabel

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: FixedReader())


def _prelabelled(tmp_path):
    from tilelens.labelling.prelabel import prelabel_folder

    from scorer import load_game

    root = tmp_path / "ds"
    make_dataset(root, names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))
    for label in (root / "labels").rglob("*.txt"):
        label.unlink()
    prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    return root


def test_the_record_of_pre_labels_keeps_each_photos_sha256(tmp_path):
    from tilelens.labelling.prelabel import prelabelled_record
    from vision.data_yaml import photo_sha256

    root = _prelabelled(tmp_path)
    record = prelabelled_record(root)
    assert record["images/train/a.jpg"]["photo_sha256"] == photo_sha256(root / "images/train/a.jpg")


def test_check_warns_of_a_photo_changed_since_it_was_labelled(tmp_path):
    from tilelens.labelling.checks import check_dataset

    root = _prelabelled(tmp_path)
    set_done(root, "images/train/b.png")
    _replace_photo(root / "images/train/a.jpg")
    _replace_photo(root / "images/train/b.png")
    changed = [i for i in check_dataset(root).issues if str(i.kind) == "photo-changed"]
    assert sorted(i.path for i in changed) == ["images/train/a.jpg", "images/train/b.png"]
    assert all("photo changed since it was labelled" in i.message and i.message_ja for i in changed)


def test_init_pre_labels_a_replaced_photo_again_and_un_accepts_an_accepted_one(tmp_path, fixed_reader, capsys):
    root = _prelabelled(tmp_path)
    set_done(root, "images/train/b.png")
    (root / "labels/train/b.txt").write_text("1 0.5 0.5 0.2 0.2\n", encoding="utf-8")  # fixed, then accepted
    _replace_photo(root / "images/train/a.jpg")
    _replace_photo(root / "images/train/b.png")
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    err = capsys.readouterr().err
    assert "images/train/b.png" not in load_done(root)
    assert "images/train/b.png" in err and "no longer accepted" in err
    assert (root / "labels/train/b.txt").read_text(encoding="utf-8") == "1 0.5 0.5 0.2 0.2\n"  # a person's: kept
    from tilelens.labelling.checks import check_dataset

    assert not [i for i in check_dataset(root).issues if str(i.kind) == "photo-changed" and "a.jpg" in i.path]


# ---------------------------------------------------------------- 6. the Label page's zip

def test_the_label_pages_zip_holds_the_record_of_pre_labels(tmp_path):
    from app.components.label_datasets import _dataset_zip
    from tilelens.labelling.yolo import read_data_yaml

    root = _prelabelled(tmp_path)
    names = zipfile.ZipFile(BytesIO(_dataset_zip(root, read_data_yaml(root)))).namelist()
    assert any(n.endswith(".tilelens/prelabelled.json") for n in names)


# ---------------------------------------------------------------- 4. the tile set carried to a new folder

@pytest.mark.parametrize("fmt", [Format.COCO, Format.LABELSTUDIO])
def test_an_import_into_a_new_folder_keeps_the_tile_set(tmp_path, fmt):
    root = tmp_path / "ds"
    make_dataset(root)
    text = (root / "data.yaml").read_text(encoding="utf-8")
    (root / "data.yaml").write_text(text + "tileset: hk-mahjong\n", encoding="utf-8")
    out = tmp_path / "x.json"
    export_dataset(root, fmt, out)
    import_dataset(out, fmt, tmp_path / "new", images_dir=root)
    from tilelens.labelling.yolo import read_data_yaml

    assert read_data_yaml(tmp_path / "new").tileset == "hk-mahjong"


# ---------------------------------------------------------------- 8. eval says a byte-order mark as check does

def test_eval_says_a_byte_order_mark_in_checks_words():
    from vision.eval_data import EvalDataError, check_label_lines

    with pytest.raises(EvalDataError, match="starts with a byte-order mark") as exc:
        check_label_lines("\ufeff17 0.5 0.5 0.1 0.1\n", {17: "x"}, "a.txt")
    assert "\\ufeff" not in str(exc.value) and "BOM" in exc.value.message_ja


# ---------------------------------------------------------------- 5, 7. tasks left alone; a kind named by its name

def test_tasks_label_studio_gave_as_ids_are_counted_and_why_said(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "t.json"
    export_dataset(root, Format.LABELSTUDIO, out)
    tasks = json.loads(out.read_text(encoding="utf-8"))
    for n, task in enumerate(tasks):  # Label Studio's export of tasks nobody submitted: predictions as ids
        task["predictions"] = [500 + n]
    out.write_text(json.dumps(tasks), encoding="utf-8")
    capsys.readouterr()
    assert tilelens(["label", "import", str(out), "--from", "labelstudio", str(root), "--overwrite"]) == 0
    err = capsys.readouterr().err
    assert "3 photos of the file had no boxes to use" in err and "submit such tasks there" in err


def test_a_kind_given_by_its_japanese_name_says_the_id_to_rename_it_to(tmp_path):
    from tilelens.labelling import LabelFileError
    from tilelens.labelling.coco import to_coco
    from tilelens.labelling.yolo import read_yolo

    root = tmp_path / "ds"
    make_dataset(root)
    data = to_coco(read_yolo(root)[0])
    data["categories"][3]["name"] = "中"  # 7z, as a tool of Japanese names calls it
    (tmp_path / "c.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(LabelFileError, match="'中' is 7z's name") as exc:
        import_dataset(tmp_path / "c.json", Format.COCO, root, overwrite=True)
    assert "label kinds" not in str(exc.value) and "7z" in exc.value.message_ja
