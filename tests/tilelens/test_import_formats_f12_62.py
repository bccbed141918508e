"""Session 62 (F12): files handed to `label import` in the wrong shape were refused with what the reader first missed
("task 1 has no data.image", "expected a JSON list of tasks", "not valid JSON (line 1, column 1 ...", "name the coco
JSON file"): each now says what the file is and what to give instead, nothing written. `label export` says how to
import the file back. An export of dataset A imported into another dataset B with the same photo paths took B's own
labels for "changed here since the export" (the record held A's label hashes): an export names its dataset, and the
check is skipped, said once, in another."""
from __future__ import annotations

import json

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling.transfer import Format, export_dataset, import_dataset

from label_helpers import make_dataset


def _snapshot(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _import(capsys, monkeypatch, lang, *args):
    monkeypatch.setenv("TILELENS_LANG", lang)
    capsys.readouterr()
    code = tilelens(["label", "import", *map(str, args)])
    return code, capsys.readouterr().err


def _json_min(tmp_path, root):
    out = tmp_path / "t.json"
    export_dataset(root, Format.LABELSTUDIO, out)
    tasks = json.loads(out.read_text(encoding="utf-8"))
    mini = [{"image": t["data"]["image"], "id": n, "label": []} for n, t in enumerate(tasks, 1)]
    (tmp_path / "min.json").write_text(json.dumps(mini), encoding="utf-8")
    return tmp_path / "min.json"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("case", ["json-min", "coco-as-ls", "ls-as-coco", "empty", "html", "interface"])
def test_a_file_of_another_shape_says_what_it_is_and_what_to_give(tmp_path, capsys, monkeypatch, case, lang):
    root = tmp_path / "ds"
    make_dataset(root)
    if case == "json-min":
        path, fmt, en, ja = _json_min(tmp_path, root), "labelstudio", "JSON-MIN export", "JSON-MIN"
    elif case == "coco-as-ls":
        path, fmt, en, ja = tmp_path / "c.json", "labelstudio", "COCO file, not Label Studio tasks: use --from coco", \
            "COCO のファイル"
        export_dataset(root, Format.COCO, path)
    elif case == "ls-as-coco":
        path, fmt, en, ja = tmp_path / "t.json", "coco", "Label Studio tasks, not a COCO file: use --from labelstudio", \
            "--from labelstudio"
        export_dataset(root, Format.LABELSTUDIO, path)
    elif case == "empty":
        path, fmt, en, ja = tmp_path / "e.json", "coco", "the file is empty", "ファイルが空です"
        path.write_text("", encoding="utf-8")
    elif case == "html":
        path, fmt, en, ja = tmp_path / "h.json", "labelstudio", "web page (HTML)", "ウェブページ"
        path.write_text("<html>Label Studio login</html>", encoding="utf-8")
    else:
        export_dataset(root, Format.LABELSTUDIO, tmp_path / "t.json")
        path, fmt, en, ja = tmp_path / "t.xml", "labelstudio", "labelling interface (XML)", "ラベル付けの画面"
    before = _snapshot(root)
    code, err = _import(capsys, monkeypatch, lang, path, "--from", fmt, root)
    assert code == 2 and (en if lang == "en" else ja) in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    if lang == "ja":
        assert "this is" not in err and "looks like" not in err
    assert _snapshot(root) == before


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_yolo_folder_is_named_a_dataset_not_a_file(tmp_path, capsys, monkeypatch, lang):
    root = tmp_path / "ds"
    make_dataset(root)
    export = tmp_path / "ls-yolo"
    (export / "labels").mkdir(parents=True)
    (export / "images").mkdir()
    (export / "classes.txt").write_text("1m\n2m\n", encoding="utf-8")
    for fmt in ("coco", "labelstudio"):
        code, err = _import(capsys, monkeypatch, lang, export, "--from", fmt, root)
        assert code == 2 and "YOLO" in err and "classes.txt" in err and "Traceback" not in err, err
        assert ("export 'JSON'" in err) if lang == "en" else ("「JSON」" in err)
    code, err = _import(capsys, monkeypatch, lang, tmp_path / "ds", "--from", "coco", tmp_path / "other")
    assert code == 2 and "YOLO" in err and "label check" in err, err
    assert not (tmp_path / "other").exists()


@pytest.mark.parametrize("fmt", ["coco", "labelstudio"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_export_says_how_to_import_the_file_back(tmp_path, capsys, monkeypatch, fmt, lang):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "x.json"
    monkeypatch.setenv("TILELENS_LANG", lang)
    capsys.readouterr()
    assert tilelens(["label", "export", str(root), "--to", fmt, str(out)]) == 0
    said = capsys.readouterr().out
    back = str(out) if fmt == "coco" else "EXPORT.json"
    assert f"`tilelens label import {back} --from {fmt} {root}`" in said, said
    assert ("next:" in said) if lang == "en" else ("次に:" in said)


# ---------------------------------------------------------------- an export of another dataset

@pytest.mark.parametrize("fmt", [Format.COCO, Format.LABELSTUDIO])
def test_an_export_of_another_dataset_does_not_take_its_labels_for_changes_here(tmp_path, fmt):
    a, b = tmp_path / "a", tmp_path / "b"
    make_dataset(a)
    make_dataset(b)
    label = b / "labels/train/a.txt"  # B's own labels of a.jpg: not A's
    lines = label.read_text(encoding="utf-8").splitlines()
    lines[0] = " ".join(["3", *lines[0].split()[1:]])
    label.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "x.json"
    export_dataset(a, fmt, out)
    s = import_dataset(out, fmt, b, overwrite=True)
    assert s.kept_newer == () and s.replaced == 1
    assert label.read_bytes() == (a / "labels/train/a.txt").read_bytes()
    said = [n for n in s.notes if "another dataset" in n.message]
    assert len(said) == 1 and said[0].message_ja


def test_the_same_dataset_still_keeps_a_fix_made_here_since_the_export(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "x.json"
    export_dataset(root, Format.COCO, out)
    assert json.loads(out.read_text(encoding="utf-8"))["info"]["tilelens_dataset"]
    label = root / "labels/train/a.txt"
    label.write_text(label.read_text(encoding="utf-8").replace("0 ", "3 ", 1), encoding="utf-8")
    s = import_dataset(out, Format.COCO, root, overwrite=True)
    assert s.kept_newer == ("images/train/a.jpg",)
    assert not [n for n in s.notes if "another dataset" in n.message]


def test_a_copy_made_after_the_export_is_another_dataset(tmp_path):
    import shutil

    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "x.json"
    export_dataset(root, Format.LABELSTUDIO, out)
    shutil.copytree(root, tmp_path / "copy")
    label = tmp_path / "copy/labels/train/a.txt"
    label.write_text(label.read_text(encoding="utf-8").replace("0 ", "3 ", 1), encoding="utf-8")
    s = import_dataset(out, Format.LABELSTUDIO, tmp_path / "copy", overwrite=True)
    assert s.kept_newer == () and any("another dataset" in n.message for n in s.notes)
