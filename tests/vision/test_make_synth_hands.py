"""benchmarks/make_synth_hands.py: each photo's record names the hand and the face style it was drawn in."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2

from vision.synth import render_hand

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "make_synth_hands.py"


def test_each_record_is_the_photo_written(tmp_path):
    seed = 5
    subprocess.run([sys.executable, str(SCRIPT), "tokyo-mahjong", str(tmp_path), "--seed", str(seed),
                    "--count", "3"], check=True, capture_output=True)
    records = [json.loads(line) for line in (tmp_path / "hands.jsonl").read_text().splitlines()]
    assert [r["image"] for r in records] == ["0000.jpg", "0001.jpg", "0002.jpg"]
    for i, r in enumerate(records):
        scene = render_hand("tokyo-mahjong", r["hand"], seed=seed * 10000 + i, layout=("rack", "flat")[i % 2])
        ok, jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        assert ok and jpeg.tobytes() == (tmp_path / "images" / r["image"]).read_bytes()
        assert r["style"] == scene.style
        labels = (tmp_path / "labels" / f"{i:04d}.txt").read_text().split("\n")
        assert len([line for line in labels if line]) == len(scene.tiles) == len(r["hand"])
