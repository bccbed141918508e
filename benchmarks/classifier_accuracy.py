"""Classifier alone on ground-truth boxes, through the ONNX runtime path (crops cut from the photos as
``read`` cuts them), and the time of one batch of 20 crops.

    .venv/bin/python benchmarks/classifier_accuracy.py --tileset hk-mahjong --data /tmp/hk-heldout/data.yaml
    .venv/bin/python benchmarks/classifier_accuracy.py --game cinderella-neo --synth 40 --seed 7

``--data`` takes labelled photos (Ultralytics; class names = tile ids); ``--synth N`` renders N photos of
the game with ``vision.synth`` (scenes of a seed the classifier never trained on). Prints per-tile accuracy
of the kind and of each attribute, the worst kinds, the photos whose every tile is named right (how many
photos the classifier alone would read exactly given perfect boxes), the misnamed tiles by face style when the set's
``hands.jsonl`` records it (``benchmarks/make_synth_hands.py``), and the 20-crop latency p50/p95.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from pathlib import Path

import numpy as np

from cli_args import description
from vision.classifier import Classifier
from vision.eval_data import NAMELESS
from vision.recognizer import default_models_dir


def photo_styles(data_yaml: Path) -> dict[str, int]:
    """Photo file name -> face style, from the ``hands.jsonl`` beside ``data_yaml`` (none: empty)."""
    hands = data_yaml.parent / "hands.jsonl"
    if not hands.is_file():
        return {}
    records = [json.loads(line) for line in hands.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {r["image"]: int(r["style"]) for r in records if "style" in r}


def labelled_boxes(args) -> list[tuple[np.ndarray, np.ndarray, list[str], int | None]]:
    """(image, xyxy, kinds, face style or None) per photo."""
    if args.synth:
        from vision.synth.dataset import render_scene

        out = []
        for i in range(args.synth):
            scene = render_scene(args.game, args.seed, i, 640)
            tiles = [t for t in scene.tiles if t.readable and t.visible >= 0.8]
            out.append((scene.image, np.array([t.xyxy for t in tiles], np.float32).reshape(-1, 4),
                        [t.tile_id for t in tiles], scene.style))
        return out
    from vision.cropset import labelled_photos, yolo_images, yolo_names

    names, styles = yolo_names(args.data), photo_styles(args.data)
    out = []
    for path, image, cls, xyxy in labelled_photos(yolo_images(args.data), names, progress=False):
        keep = np.array([names[c] not in NAMELESS for c in cls], bool)  # a back, a face nobody can read
        out.append((image, xyxy[keep], [names[c] for c in cls[keep]], styles.get(path.name)))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--game")
    p.add_argument("--tileset")
    p.add_argument("--data", type=Path)
    p.add_argument("--synth", type=int, default=0)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--models", type=Path, default=None)
    args = p.parse_args()
    models = args.models or default_models_dir()
    path = (models / "tilesets" / args.tileset / "classifier.onnx" if args.tileset
            else models / f"classifier-{args.game}.onnx")
    clf = Classifier.load(path)
    right, total, attr_right = 0, 0, Counter()
    wrong, photos, photos_right = Counter(), 0, 0
    style_tiles, style_wrong = Counter(), Counter()
    for image, xyxy, kinds, style in labelled_boxes(args):
        if not kinds:
            continue
        photos += 1
        all_right = True
        for g, truth in zip(clf.classify(image, xyxy), kinds):
            total += 1
            right += g.kind == truth
            style_tiles[style] += 1
            if g.kind != truth:
                wrong[f"{truth}->{g.kind}"] += 1
                style_wrong[style] += 1
                all_right = False
            true_attrs = clf.spec.class_attrs[clf.spec.classes.index(truth)]
            for name in clf.spec.heads:
                attr_right[name] += g.attrs.get(name) == true_attrs.get(name, "-")
        photos_right += all_right
    print(f"model {path} ({path.stat().st_size / 1e6:.2f} MB), crop {clf.spec.crop_size}px")
    print(f"kind accuracy: {right}/{total} = {right / max(total, 1):.4f}")
    for name, n in attr_right.items():
        print(f"{name} accuracy: {n}/{total} = {n / max(total, 1):.4f}")
    print("most frequent confusions:", ", ".join(f"{k} x{v}" for k, v in wrong.most_common(8)) or "none")
    print(f"photos with every tile named right (read exactly, given perfect boxes): "
          f"{photos_right}/{photos} = {photos_right / max(photos, 1):.3f}")
    if None not in style_tiles:
        print("misnamed by face style:", ", ".join(f"style {k} {style_wrong[k]}/{style_tiles[k]}"
                                                     for k in sorted(style_tiles)))
    crops = np.random.default_rng(0).integers(0, 255, (20, clf.spec.crop_size, clf.spec.crop_size, 3), np.uint8)
    clf.run(crops)
    times = []
    for _ in range(50):
        t0 = time.perf_counter()
        clf.classify_crops(crops)
        times.append((time.perf_counter() - t0) * 1000)
    q = statistics.quantiles(times, n=20)
    print(f"20 crops: p50 {statistics.median(times):.1f} ms, p95 {q[18]:.1f} ms")


if __name__ == "__main__":
    main()
