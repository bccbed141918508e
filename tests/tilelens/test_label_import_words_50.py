"""``tilelens label import`` says what it did to the labels a photo had: replaced (only with --overwrite), unchanged,
or new; an import over unchanged labels and one with --overwrite no longer read alike."""
from __future__ import annotations

import json

from tilelens.cli import main as tilelens

from label_helpers import make_dataset


def _export(tmp_path):
    make_dataset(tmp_path / "ds")
    out = tmp_path / "ls/tasks.json"
    assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", "labelstudio", str(out)]) == 0
    return out


def test_an_import_of_unchanged_labels_says_they_were_kept(tmp_path, capsys):
    out = _export(tmp_path)
    capsys.readouterr()
    assert tilelens(["label", "import", str(out), "--from", "labelstudio", str(tmp_path / "ds")]) == 0
    said = capsys.readouterr().out
    assert "replaced" not in said, said
    assert "labels unchanged: 3" in said, said  # the three photos make_dataset labels


def test_an_import_with_overwrite_says_how_many_labels_it_replaced(tmp_path, capsys):
    out = _export(tmp_path)
    tasks = json.loads(out.read_text())
    result = tasks[0]["predictions"][0]["result"][0]
    result["value"]["x"] = 40.0  # a person moved one box of one photo in Label Studio
    tasks[0]["annotations"] = [{"result": [result]}]
    out.write_text(json.dumps(tasks))
    capsys.readouterr()
    assert tilelens(["label", "import", str(out), "--from", "labelstudio", str(tmp_path / "ds"), "--overwrite"]) == 0
    said = capsys.readouterr().out
    assert "labels replaced: 1, unchanged: 2" in said, said


def test_an_import_into_a_new_folder_says_its_labels_are_new(tmp_path, capsys):
    out = _export(tmp_path)
    capsys.readouterr()
    assert tilelens(["label", "import", str(out), "--from", "labelstudio", str(tmp_path / "new"),
                     "--images", str(tmp_path / "ds")]) == 0
    said = capsys.readouterr().out
    assert "replaced" not in said and "unchanged" not in said, said
