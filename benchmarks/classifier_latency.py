"""Time one batch of 20 crops through a committed classifier (onnxruntime), warm: p50, p95 and the fastest of
100 calls in milliseconds (the machine's load shows in p50/p95).

    TILELENS_THREADS=1 .venv/bin/python benchmarks/classifier_latency.py [MODEL.onnx] [--calls 100]

MODEL.onnx defaults to the shipped Cinderella Girls classifier; its MODEL.json must sit beside it.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

from cli_args import description
from scorer import TilelensInputError
from vision.cli_args import positive_int


def main(argv: list[str] | None = None) -> int:
    from vision.recognizer import default_models_dir

    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("model", nargs="?", type=Path, metavar="MODEL.onnx",
                   help="the classifier to time (default: models/classifier-cinderella-neo.onnx)")
    p.add_argument("--calls", type=positive_int, default=100, help="timed calls after one warm-up (default 100)")
    a = p.parse_args(argv)
    from vision.classifier import Classifier

    path = a.model or default_models_dir() / "classifier-cinderella-neo.onnx"
    try:
        clf = Classifier.load(path)
    except TilelensInputError as exc:
        p.exit(2, f"{p.prog}: {exc}\n")
    size = clf.spec.crop_size
    crops = np.random.default_rng(0).integers(0, 255, (20, size, size, 3), np.uint8)
    clf.classify_crops(crops)  # warm-up
    times = []
    for _ in range(a.calls):
        t0 = time.perf_counter()
        clf.classify_crops(crops)
        times.append((time.perf_counter() - t0) * 1000)
    p95 = statistics.quantiles(times, n=20)[18] if len(times) > 1 else times[0]
    print(f"{path.name}: 20 crops p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
          f"fastest {min(times):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
