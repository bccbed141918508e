"""benchmarks/read_profile.py: where a warm read spends its time, and whether two runs of the code read the
same. Its stage timers must not change what is read, must come off again, and its comparison must see
each way a reading can change (the rule a speed-up is kept by: the same readings, boxes within 0.5 px,
confidences within 1e-4). No timing is asserted."""
from __future__ import annotations

import copy
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.recognizer import Recognizer
from vision.synth import render_hand

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "read_profile.py"


@pytest.fixture(scope="module")
def profile():
    spec = importlib.util.spec_from_file_location("read_profile_48", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def photo():
    ids = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]
    return render_hand("tokyo-mahjong", ids, seed=15, layout="rack").image


def _reading(n_tiles: int = 2) -> dict:
    return {"kinds": ["1m", "2m"][:n_tiles], "xyxy": [[10.0, 10.0, 40.0, 50.0], [40.0, 10.0, 70.0, 50.0]][:n_tiles],
            "confidence": [{"detection": 0.9, "kind": 0.8}, {"detection": 0.95, "kind": 0.7}][:n_tiles],
            "alternatives": [[["1m", 0.8], ["7m", 0.1]], [["2m", 0.7], ["5m", 0.2]]][:n_tiles],
            "upright": None}


def test_differences_see_each_way_a_reading_can_change(profile):
    a = {"p.jpg": _reading(), "q.jpg": _reading()}
    assert profile.differences(a, copy.deepcopy(a)) == []
    within = copy.deepcopy(a)
    within["p.jpg"]["xyxy"][0][0] += 0.4  # under half a pixel
    within["p.jpg"]["confidence"][1]["kind"] += 5e-5
    within["q.jpg"]["alternatives"][0][1][1] -= 5e-5
    assert profile.differences(a, within) == []
    changes = {"kinds": lambda r: r["kinds"].reverse(),
               "boxes": lambda r: r["xyxy"][1].__setitem__(3, 50.6),
               "confidences": lambda r: r["confidence"][0].__setitem__("kind", 0.8002),
               "alternatives": lambda r: r["alternatives"][1].reverse(),
               "upright": lambda r: r.__setitem__("upright", [[0, 1, 0], [-1, 0, 100]])}
    for word, change in changes.items():
        b = copy.deepcopy(a)
        change(b["q.jpg"])
        found = profile.differences(a, b)
        assert len(found) == 1 and found[0].startswith("q.jpg:") and word in found[0], (word, found)
    assert profile.differences(a, {"p.jpg": _reading()}) == ["q.jpg: read by one only"]
    assert profile.differences({"p.jpg": _reading(1)}, {"p.jpg": _reading(2)})  # a tile more


def test_stage_timers_change_no_reading_and_come_off(profile, photo):
    import vision.classifier
    import vision.image_io
    import vision.level

    rec = Recognizer.load(game="tokyo-mahjong")
    plain = profile.reading_dict(rec.read(photo))
    originals = (vision.image_io.load_image_sized, vision.level.level_photo, vision.classifier.crop_boxes)
    stages = profile.Stages()
    profile.instrument(rec, stages)
    try:
        timed = profile.reading_dict(rec.read(photo))
        stages.done()
    finally:
        stages.restore()
    assert timed == plain
    seen = stages.reads[0]
    for name in ("decode", "detector (whole, with zoom)", "  detector onnxruntime", "classifier views (whole)",
                 "  classifier onnxruntime", "box check (whole)", "orientation (whole)"):
        assert seen.get(name, 0) > 0, name
    assert (vision.image_io.load_image_sized, vision.level.level_photo, vision.classifier.crop_boxes) == originals
    for owner in (rec.detector, rec.detector.session, rec.classifier, rec.boxcheck, rec.orient):
        assert not any(callable(v) and getattr(v, "__name__", "") == "timed" for v in vars(owner).values()), owner
    assert profile.reading_dict(rec.read(photo)) == plain


def test_two_runs_of_a_folder_read_the_same(profile, photo, tmp_path):
    for i, turn in enumerate((None, cv2.ROTATE_180)):
        cv2.imwrite(str(tmp_path / f"{i:04d}.jpg"), photo if turn is None else cv2.rotate(photo, turn))
    (tmp_path / "notes.txt").write_text("not a photo")
    args = [sys.executable, str(SCRIPT), "--game", "tokyo-mahjong", str(tmp_path), "--passes", "1"]
    first = subprocess.run([*args, "--no-stages", "--dump", str(tmp_path / "a.json")],
                           capture_output=True, text=True, check=True)
    dumped = json.loads((tmp_path / "a.json").read_text())
    assert sorted(Path(k).name for k in dumped) == ["0000.jpg", "0001.jpg"]
    assert all(len(r["kinds"]) == 14 for r in dumped.values())
    assert "whole read   p50" in first.stdout
    second = subprocess.run([*args, "--same-as", str(tmp_path / "a.json")], capture_output=True, text=True, check=True)
    assert f"readings as {tmp_path / 'a.json'}: the same" in second.stdout
    assert "detector onnxruntime" in second.stdout and "classifier views (whole)" in second.stdout
    changed = {k: {**r, "kinds": list(reversed(r["kinds"]))} for k, r in dumped.items()}
    (tmp_path / "b.json").write_text(json.dumps(changed))
    third = subprocess.run([*args, "--no-stages", "--same-as", str(tmp_path / "b.json")],
                           capture_output=True, text=True, check=True)
    assert "2 differences" in third.stdout
    assert np.isfinite(float(third.stdout.split("p50")[1].split("ms")[0]))
