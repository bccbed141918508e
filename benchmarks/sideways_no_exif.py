"""How a hand photo turned a quarter with no EXIF orientation is read (a phone photo sent through a
messaging app, which strips the orientation tag): each rendered hand photo read upright, its pixels
turned a quarter clockwise (90) and anticlockwise (270), with ``Recognizer.read``.

    .venv/bin/python benchmarks/make_synth_hands.py tokyo-mahjong /tmp/s8-tokyo-mahjong --count 20 --seed 8
    .venv/bin/python benchmarks/sideways_no_exif.py /tmp/s8-tokyo-mahjong [/tmp/s8-nogizaka ...]

Each folder is one written by ``benchmarks/make_synth_hands.py`` (its game is read from the folder's
name, ``s8-GAME``, or given with ``--game``). Printed per game: whole hands read exactly upright, at 90
and at 270 (as ``benchmarks/sideways_reads.py``: as many tiles as the photo holds and every face named,
order aside), and the tiles found at each turn against those the photos hold. Seed 20 is a test set:
measure on another seed (8).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from cli_args import description  # noqa: E402
from sideways_reads import owner_order, right  # noqa: E402
from vision.cropset import yolo_images, yolo_names  # noqa: E402
from vision.detector_data import label_path_of  # noqa: E402
from vision.image_io import load_image  # noqa: E402
from vision.recognizer import Recognizer  # noqa: E402

TURNS = {"upright": None, "90": cv2.ROTATE_90_CLOCKWISE, "270": cv2.ROTATE_90_COUNTERCLOCKWISE}
GAMES = ("tokyo-mahjong", "nogizaka", "cinderella-neo", "yokai-watch")


def game_of(folder: Path, given: str) -> str:
    """The game of a folder: ``given``, else the game id its name ends with."""
    if given:
        return given
    for g in GAMES:
        if folder.name.endswith(g):
            return g
    raise SystemExit(f"{folder}: name a game with --game")


def measure(rec: Recognizer, folder: Path, count: int = 0) -> tuple[int, Counter, Counter, int]:
    """Photos, whole hands read exactly per turn, tiles found per turn, tiles the photos hold."""
    names = yolo_names(folder / "data.yaml")
    photos = yolo_images(folder / "data.yaml", "val")[: count or None]
    exact, found, held = Counter(), Counter(), 0
    for photo in photos:
        image = load_image(photo)
        truth = owner_order(label_path_of(photo).read_text(), names, image.shape[1], image.shape[0])
        held += len(truth)
        for name, turn in TURNS.items():
            seen = image if turn is None else cv2.rotate(image, turn)
            kinds = [t.kind for t in rec.read(seen).tiles]
            exact[name] += right(kinds, truth)
            found[name] += len(kinds)
    return len(photos), exact, found, held


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("folders", type=Path, nargs="+", help="folders written by benchmarks/make_synth_hands.py")
    p.add_argument("--game", default="", help="the game of every folder (default: from each folder's name)")
    p.add_argument("--count", type=int, default=0, help="the first N photos of each folder only (default all)")
    a = p.parse_args()
    total = Counter()
    print(f"{'game':<16} {'photos':>6} {'upright':>8} {'90':>5} {'270':>5}   tiles found upright / 90 / 270 of held")
    for folder in a.folders:
        game = game_of(folder, a.game)
        n, exact, found, held = measure(Recognizer.load(game=game), folder, a.count)
        total.update(exact)
        print(f"{game:<16} {n:>6} {exact['upright']:>8} {exact['90']:>5} {exact['270']:>5}   "
              f"{found['upright']} / {found['90']} / {found['270']} of {held}", flush=True)
    print(f"{'all':<16} {'':>6} {total['upright']:>8} {total['90']:>5} {total['270']:>5}   "
          f"sideways exact (90 + 270): {total['90'] + total['270']}")


if __name__ == "__main__":
    main()
