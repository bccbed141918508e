"""Time one batch of 20 crops through a committed classifier (onnxruntime), warm.

    TILELENS_THREADS=1 .venv/bin/python benchmarks/classifier_latency.py [MODEL.onnx]

Prints p50, p95 and the fastest of 100 calls in milliseconds (the machine's load shows in p50/p95).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

from vision.classifier import Classifier
from vision.recognizer import default_models_dir


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else default_models_dir() / "classifier-cinderella-neo.onnx"
    clf = Classifier.load(path)
    size = clf.spec.crop_size
    crops = np.random.default_rng(0).integers(0, 255, (20, size, size, 3), np.uint8)
    clf.classify_crops(crops)  # warm-up
    times = []
    for _ in range(100):
        t0 = time.perf_counter()
        clf.classify_crops(crops)
        times.append((time.perf_counter() - t0) * 1000)
    p95 = statistics.quantiles(times, n=20)[18]
    print(f"{path.name}: 20 crops p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
          f"fastest {min(times):.1f} ms")


if __name__ == "__main__":
    main()
