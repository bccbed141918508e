"""Review of session 53: an import into a dataset whose progress file is damaged is refused before anything is
written (it wrote the labels and only then refused to mark them accepted)."""
from __future__ import annotations

import copy
import json

import pytest

from tilelens.labelling import read_yolo
from tilelens.labelling.labelstudio import to_labelstudio
from tilelens.labelling.store import ProgressFileError
from tilelens.labelling.transfer import Format, _mark, import_dataset

from label_helpers import make_dataset


def _labels(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.txt"))}


@pytest.mark.parametrize("overwrite", [True, False])
def test_an_import_into_a_dataset_with_a_damaged_progress_file_writes_nothing(tmp_path, overwrite):
    root = tmp_path / "ds"
    make_dataset(root)
    tasks = to_labelstudio(read_yolo(root)[0])
    changed = copy.deepcopy(tasks)
    for task in changed:  # boxes moved, and accepted: labels to write and marks to set
        for ann in task.get("annotations") or task.get("predictions"):
            for r in ann["result"]:
                r["value"]["x"] = r["value"]["x"] / 2
    (tmp_path / "ls.json").write_text(json.dumps(changed))
    (root / "label_progress.json").write_text("{not json", encoding="utf-8")
    before = _labels(root)
    with pytest.raises(ProgressFileError) as exc:
        import_dataset(tmp_path / "ls.json", Format.LABELSTUDIO, root, overwrite=overwrite)
    assert "label_progress.json" in str(exc.value) and exc.value.message_ja
    assert _labels(root) == before
    assert (root / "label_progress.json").read_text(encoding="utf-8") == "{not json"


def test_mark_refuses_a_damaged_progress_file_and_leaves_it(tmp_path):
    (tmp_path / "label_progress.json").write_text('{"done": 3}', encoding="utf-8")
    with pytest.raises(ProgressFileError):
        _mark(tmp_path, {"images/train/a.jpg": False})
    assert (tmp_path / "label_progress.json").read_text(encoding="utf-8") == '{"done": 3}'
