"""The data.yaml files written by ``benchmarks/make_synth_hands.py`` and ``scripts/hk_enroll_data.py`` name no
absolute ``path:`` (it pointed at the folder they were written in: a set moved or copied to another machine read
the old place, or nothing). With no ``path:`` line the photos are read from the file's own folder, by tilelens
(``tilelens eval``, ``enroll``) and by Ultralytics (``check_det_dataset``, what training checks), as
``tilelens synth`` writes its sets."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vision.eval_data import load_eval_set
from vision.hk_split import hk_images, hk_root
from vision.train import check_dataset

ROOT = Path(__file__).resolve().parents[2]


def _moved(made: Path, tmp_path: Path) -> Path:
    """``made`` moved elsewhere (its old place gone), as a set copied to another machine."""
    there = tmp_path / "elsewhere" / "set"
    shutil.move(str(made), there)
    return there


def _read_after_the_move(there: Path, photos: int, tmp_path: Path, monkeypatch) -> None:
    text = (there / "data.yaml").read_text(encoding="utf-8")
    assert str(tmp_path) not in text and "path:" not in text.replace("# No path:", ""), text
    assert len(load_eval_set(str(there))) == photos  # `tilelens eval --data DIR`
    monkeypatch.chdir(tmp_path)  # training: Ultralytics started in another folder reads the photos all the same
    assert check_dataset(there) == there / "data.yaml"


def test_a_set_of_synthetic_hands_is_read_where_it_was_moved(tmp_path, monkeypatch):
    made = tmp_path / "hands"
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "make_synth_hands.py"), "tokyo-mahjong", str(made),
                    "--count", "2", "--imgsz", "320"], check=True, capture_output=True, cwd=ROOT)
    _read_after_the_move(_moved(made, tmp_path), 2, tmp_path, monkeypatch)


@pytest.mark.skipif(not (hk_root() / "labels").is_dir(), reason="the shared Hong Kong photos are not here")
def test_a_part_of_the_real_photos_is_read_where_it_was_moved(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("hk_enroll_data_55", ROOT / "scripts" / "hk_enroll_data.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    made = tmp_path / "hk"
    assert script.write(made, "heldout", count=2) == made / "data.yaml"
    from tilelens.labelling.kinds import absent_kinds

    assert absent_kinds(made) == ("0m", "0p", "0s")  # enrolled on it, the set says no red fives are "never learnt"
    _read_after_the_move(_moved(made, tmp_path), 2, tmp_path, monkeypatch)


@pytest.mark.skipif(not (hk_root() / "labels").is_dir(), reason="the shared Hong Kong photos are not here")
def test_a_list_of_the_published_photos_still_names_them_where_they_are(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("hk_enroll_data_55b", ROOT / "scripts" / "hk_enroll_data.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    made = tmp_path / "up"
    script.write(made, "heldout", corrected=False, count=2)
    there = _moved(made, tmp_path)
    assert [i.image_path for i in load_eval_set(str(there))] == [p for p in hk_images("heldout")
                                                                  if p.name in (there / "heldout.txt").read_text()]
    _read_after_the_move(there, 2, tmp_path, monkeypatch)
