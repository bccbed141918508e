"""How many hand photos are read right when the camera was held sideways or upside down: each labelled
photo read as it is, turned a quarter clockwise and anticlockwise (a hand photographed from the side of
the table, or a photo whose EXIF orientation was lost), and turned half round (from across the table).

    .venv/bin/python benchmarks/make_synth_hands.py tokyo-mahjong /tmp/hands-tm --seed 8 --count 150
    .venv/bin/python benchmarks/sideways_reads.py --game tokyo-mahjong --data /tmp/hands-tm [--no-level]
    .venv/bin/python scripts/hk_enroll_data.py /tmp/hk-heldout heldout       # real photos, an enrolled set:
    .venv/bin/python benchmarks/sideways_reads.py --tileset hk-mahjong --data /tmp/hk-heldout

A photo is right, as in ``tilelens eval``'s whole hand exact, when as many tiles are read as it holds and
every tile whose face shows is named (as a multiset: order does not score); right in the owner's order
when, moreover, the tiles are listed as the hand's owner sees them, left to right (the labelled boxes of
the photo as taken in ``hand_order``): a hand listed from its owner's right offers the wrong winning tile.
``--no-level`` reads without ``vision.level`` (no second look at slanted rows), ``--orient none`` without
the orientation model (``vision.orient``), to compare.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import cv2
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cli_args import description, game_arg  # noqa: E402
from vision.cropset import parse_yolo_labels, yolo_images, yolo_names  # noqa: E402
from vision.detector_data import label_path_of  # noqa: E402
from vision.eval_data import UNREADABLE  # noqa: E402  (a tile whose face does not show: its name is not scored)
from vision.image_io import load_image  # noqa: E402
from vision.recognizer import Recognizer, hand_order  # noqa: E402

TURNS = {"as taken": None, "quarter clockwise": cv2.ROTATE_90_CLOCKWISE,
         "quarter anticlockwise": cv2.ROTATE_90_COUNTERCLOCKWISE, "upside down": cv2.ROTATE_180}


def right(kinds: list[str], truth: list[str]) -> bool:
    """As many tiles as the photo holds, and every tile that shows its face among those read.

    >>> right(["1m", "2m", "back"], ["2m", "1m", "back"]), right(["1m", "5z"], ["1m", "tile"]), right(["1m"], ["1m", "2m"])
    (True, True, False)
    """
    if len(kinds) != len(truth):
        return False
    have = Counter(kinds)
    return all(have[k] >= n for k, n in Counter(t for t in truth if t != UNREADABLE).items())


def in_order(kinds: list[str], truth: list[str]) -> bool:
    """Right tile by tile in the owner's order (``truth`` listed so; a face that does not show matches any).

    >>> in_order(["1m", "2m"], ["1m", "2m"]), in_order(["2m", "1m"], ["1m", "2m"]), in_order(["1m", "5z"], ["1m", "tile"])
    (True, False, True)
    """
    return len(kinds) == len(truth) and all(t in (k, UNREADABLE) for k, t in zip(kinds, truth))


def owner_order(label: str, names: list[str], width: int, height: int) -> list[str]:
    """The labelled tiles of a photo as taken (its owner's view), listed in ``hand_order``."""
    cls, xyxy = parse_yolo_labels(label, width, height)
    return [names[int(cls[i])] for i in hand_order(xyxy)]


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", type=game_arg)
    which.add_argument("--tileset", help="an enrolled tile set (models/tilesets/NAME) instead of a game")
    p.add_argument("--data", type=Path, required=True,
                   help="a folder of labelled hand photos (data.yaml, images/, labels/; its val split is read)")
    p.add_argument("--count", type=int, default=0, help="the first N photos only (default all)")
    p.add_argument("--no-level", action="store_true", help="read without vision.level")
    p.add_argument("--orient", default="", help="an orientation model (ONNX) to read with, or 'none' for none "
                                                "(default: the tile set's own, else the shipped one, if any)")
    a = p.parse_args()
    names = yolo_names(a.data / "data.yaml")
    rec = Recognizer.load(game=a.game, tileset=a.tileset, orient={"": True, "none": False}.get(a.orient, a.orient))
    rec.level_rows = not a.no_level
    photos = yolo_images(a.data / "data.yaml", "val")[: a.count or None]
    counts, ordered = Counter(), Counter()
    for photo in tqdm(photos, desc="sideways reads", unit="photo"):
        image = load_image(photo)
        label = label_path_of(photo).read_text()
        truth = owner_order(label, names, image.shape[1], image.shape[0])
        for name, turn in TURNS.items():
            seen = image if turn is None else cv2.rotate(image, turn)
            kinds = [t.kind for t in rec.read(seen).tiles]
            counts[name] += right(kinds, truth)
            ordered[name] += in_order(kinds, truth)
    print(f"{a.data} ({len(photos)} photos, {a.game or a.tileset}, {'without' if a.no_level else 'with'} vision.level)")
    for name in TURNS:
        print(f"  {name:<22} {counts[name]:>4} right  ({counts[name] / max(len(photos), 1):.3f}), "
              f"{ordered[name]:>4} in the owner's order")


if __name__ == "__main__":
    main()
