"""How a small hand in a long photo (a panorama, or a very wide or tall photo where the hand is a small
strip) is read: each rendered hand photo pasted into a canvas 4:1 or 3:1, wide or tall, read with
``Recognizer.read`` as it is (``before``: the windowed read switched off) and with the windowed read
(``after``: ``Recognizer._read_windows``); the ordinary photos themselves, and real Hong Kong photos,
read both ways too, which must read the same.

Rule, written 2026-12-05 06:05 UTC, before anything was measured: validation panoramas are the 20 photos a
game of ``make_synth_hands.py GAME --count 20 --seed 8`` for tokyo-mahjong and cinderella-neo (40), photo
``i`` pasted into a canvas of its own edge colour (the median of its border pixels, light noise) at a
place drawn with seed ``i``: 4:1 wide, 3:1 wide, 1:4 tall and 1:3 tall for ``i % 4`` = 0, 1, 2, 3 (the
hand spans 75-95% of the photo's side: 19-32% of the canvas's long side). The windowed read ships when
whole hands read exactly (``sideways_reads.right``) rise by 15 or more of the 40, the 40 ordinary photos
as rendered read identically (every tile's kind and box) with and without it, and the first 20 Hong
Kong enrolment photos (``scripts/hk_enroll_data.py /tmp/hk-enroll``, read with the ``hk-mahjong`` tile
set) read identically. Seeds 20 and 101 are test sets: measure on seed 8.

Measured 2026-12-05 06:07 UTC: exact 37 -> 38 of 40 (tokyo-mahjong 17 -> 18, cinderella-neo 20 -> 20), tiles
placed 434 -> 448 of 460, ordinary photos 0 of 40 and Hong Kong photos 0 of 20 read differently: the rule
is NOT met (+1, not +15). Read whole, 39 of these 40 panoramas already show the first look enough sure
tiles for its closer look (``vision.detector.zoom_region``); one (tokyo-mahjong 4, 4:1) read 0 tiles.

Rule 2, written 2026-12-05 06:08 UTC after rule 1's result and before set B was made or measured: set B is
the same, but rendered with ``--span 0.5 0.7`` (the hand spans 12-23% of the canvas's long side, its tiles
6-8 px in the detector's input when the photo is read whole). The windowed read helps there when whole
hands read exactly rise by 15 or more of the 40, no panorama read exactly before is read otherwise after
(``lost``: 0), and the ordinary photos and Hong Kong photos read identically as above.

Measured 2026-12-05 06:09 UTC (set B: ``make_synth_hands.py GAME OUT --count 20 --seed 8 --span 0.5 0.7``):
exact 24 -> 34 of 40 (tokyo-mahjong 7 -> 16, cinderella-neo 17 -> 18), tiles placed 288 -> 446 of 460, lost 0,
ordinary photos 0 of 40 read differently: rule 2 is NOT met either (+10, not +15). Of the six still wrong,
four find every tile but name one wrong (the crops come from the photo shrunk to ``vision.READ_SIDE``) and
two were read 13 of 14 and 8 of 9 tiles whole, no short reading (not windowed).

Session 48 (2026-12-05; rules written 08:27 UTC before any candidate was measured). ``--as-file`` hands each
canvas over as a PNG file's bytes, decoded as a photo file is (shrunk to ``vision.READ_SIDE``: 2560 -> 1600 px);
by default a canvas is an array, read as given at full size, so the figures above named tiles from full-size
crops already. Shipped code, --as-file: set B exact 33 of 40 (tiles placed 446 of 460), set A 39 of 40 (436).
Tried, NOT shipped: the windowed read made on the photo decoded again up to 4096 px (its tiles named from
larger crops): set B 33 -> 34 (rule: +3), set A 39 -> 39, no hand lost; on tokyo-mahjong hands rendered at
1600 px (``--imgsz 1600 --span 0.5 0.7``, canvases 4800-6400 px shrunk 3-4 times) 19 -> 19 of 20, every photo
read the same: the tiles at 1600 px were not what limited these readings. Shipped: a long photo read short of
the game's largest hand (13 of 14 riichi tiles, 8 of 9), not only of its smallest, is windowed: sets A + B
exact 72 -> 76 of 80 (rule: +1, lost 0), ordinary photos and the first 20 Hong Kong enrol photos read the same.

    .venv/bin/python benchmarks/make_synth_hands.py tokyo-mahjong /tmp/s8-tokyo-mahjong --count 20 --seed 8
    .venv/bin/python benchmarks/make_synth_hands.py cinderella-neo /tmp/s8-cinderella-neo --count 20 --seed 8
    .venv/bin/python scripts/hk_enroll_data.py /tmp/hk-enroll
    .venv/bin/python benchmarks/panorama_reads.py /tmp/s8-tokyo-mahjong /tmp/s8-cinderella-neo \\
        --hk /tmp/hk-enroll --hk-count 20

Session 49 (2026-12-05): ``--turn`` makes every canvas wide (4:1 or 3:1, ``TURNED[i % 4]``) and then turns it a
quarter (anticlockwise for ``i % 4`` = 0, 1, clockwise for 2, 3), its labels with it: a TALL panorama whose hand
stands on end (the row vertical, its tiles lying on their sides), 1:4 or 1:3. ``--per-photo`` also prints a
digest of each panorama's reading after (kinds and boxes to 0.1 px), to compare two trees' readings photo by photo.
Rule, written 11:04 UTC before the candidate (a tall photo still short after its windows also read in windows
turned a quarter each way) was written: on set B ``--turn`` exact +5 of 40 or more, none read exactly by the
shipped code lost; sets A and B laid out as above (80) read identically photo by photo; the 80 ordinary photos
identical. Measured (shipped -> candidate): ``--turn`` exact 25 -> 35 of 40, in order 23 -> 32, tiles placed
299 -> 440 of 460, lost 0; sets A and B every panorama's digest the same (exact 40 and 36 of 40), ordinary
photos 0 of 80 read differently: met, shipped.

    .venv/bin/python benchmarks/panorama_reads.py /tmp/b-s8-tokyo-mahjong /tmp/b-s8-cinderella-neo --as-file --turn

Printed per game: panoramas read exactly (and in the owner's order) before / after, the labelled tiles
found at their own place with their own kind (IoU 0.5 or more) before / after, and the ordinary photos
read differently after (must be 0), and ``lost``: panoramas read exactly before and not after; then the
Hong Kong photos read differently (must be 0).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from cli_args import description  # noqa: E402
from sideways_no_exif import game_of  # noqa: E402
from sideways_reads import in_order, owner_order, right  # noqa: E402
from vision import level  # noqa: E402
from vision.cropset import parse_yolo_labels, yolo_images, yolo_names  # noqa: E402
from vision.detections import box_iou  # noqa: E402
from vision.detector_data import label_path_of  # noqa: E402
from vision.image_io import load_image  # noqa: E402
from vision.recognizer import HandReading, Recognizer  # noqa: E402

SHAPES = ((4, "wide"), (3, "wide"), (4, "tall"), (3, "tall"))  # photo i: SHAPES[i % 4]
TURNED = ((4, 1), (3, 1), (4, 3), (3, 3))  # --turn: photo i in a wide canvas of TURNED[i % 4][0]:1, then turned
# TURNED[i % 4][1] quarters anticlockwise (vision.level.turn_quarters): a tall panorama, its hand on end


def edge_colour(image: np.ndarray) -> np.ndarray:
    """The median colour of a photo's border pixels (what a table around it looks like)."""
    border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    return np.median(border, axis=0)


def panorama(image: np.ndarray, ratio: int, way: str, seed: int) -> tuple[np.ndarray, tuple[int, int]]:
    """``image`` pasted into a canvas ``ratio`` times as long as its side (``way``: ``wide`` or ``tall``),
    filled with its edge colour and light noise, at a place drawn with ``seed``; the canvas and where the
    photo's top left corner went (dx, dy)."""
    rng = np.random.default_rng(seed)
    h, w = image.shape[:2]
    ch, cw = (h, ratio * w) if way == "wide" else (ratio * h, w)
    canvas = edge_colour(image)[None, None] + rng.normal(0, 4, (ch, cw, 3))
    canvas = canvas.clip(0, 255).astype(np.uint8)
    dx = int(rng.integers(0, cw - w + 1)) if way == "wide" else 0
    dy = int(rng.integers(0, ch - h + 1)) if way == "tall" else 0
    canvas[dy:dy + h, dx:dx + w] = image
    return canvas, (dx, dy)


def digest(reading: HandReading) -> str:
    """A short hash of a reading's kinds and boxes (to 0.1 px): two readings with one digest are the same."""
    import hashlib

    text = ";".join(f"{t.kind}@{','.join(f'{v:.1f}' for v in t.xyxy)}" for t in reading.tiles)
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def placed(reading: HandReading, xyxy: np.ndarray, kinds: list[str]) -> int:
    """Labelled tiles (``xyxy``, ``kinds``) matched by a read tile with IoU 0.5 or more and the same kind."""
    boxes = np.array([t.xyxy for t in reading.tiles], np.float64).reshape(-1, 4)
    if not len(boxes) or not len(xyxy):
        return 0
    iou = box_iou(np.asarray(xyxy, np.float64), boxes)
    best = iou.argmax(axis=1)
    return int(sum(iou[i, j] >= 0.5 and reading.tiles[j].kind == k for i, (j, k) in enumerate(zip(best, kinds))))


def same(a: HandReading, b: HandReading) -> bool:
    """Two readings list the same kinds at the same boxes (to 0.1 px)."""
    return len(a.tiles) == len(b.tiles) and all(
        s.kind == t.kind and np.allclose(s.xyxy, t.xyxy, atol=0.1) for s, t in zip(a.tiles, b.tiles))


def as_file(image: np.ndarray) -> bytes:
    """``image`` as the bytes of a PNG file (lossless): read as a photo file is, decoded shrunk to
    ``vision.READ_SIDE`` when it is larger."""
    import cv2

    ok, data = cv2.imencode(".png", image)
    assert ok
    return data.tobytes()


def reads(rec: Recognizer, image) -> tuple[HandReading, HandReading]:
    """``image`` (an array, read as given, or a file's bytes or path) read without the windowed read
    (before) and with it (after)."""
    windowed = rec._read_windows
    rec._read_windows = lambda img, reading: reading  # before: no windows
    try:
        before = rec.read(image)
    finally:
        rec._read_windows = windowed
    return before, rec.read(image)


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("folders", type=Path, nargs="*", help="folders written by benchmarks/make_synth_hands.py")
    p.add_argument("--game", default="", help="the game of every folder (default: from each folder's name)")
    p.add_argument("--count", type=int, default=0, help="the first N photos of each folder only (default all)")
    p.add_argument("--hk", type=Path, help="a folder of Hong Kong photos (scripts/hk_enroll_data.py's)")
    p.add_argument("--hk-count", type=int, default=20, help="the first N Hong Kong photos (default 20)")
    p.add_argument("--as-file", action="store_true",
                   help="hand each photo to the reader as a PNG file's bytes (the Hong Kong photos as their "
                        "files), decoded as a photo file is: a canvas longer than vision.READ_SIDE is shrunk to "
                        "it (default: as an array, read as given at full size)")
    p.add_argument("--turn", action="store_true",
                   help="tall panoramas with the hand on end: each photo in a wide canvas (TURNED) turned a quarter")
    p.add_argument("--per-photo", action="store_true",
                   help="also print each panorama: its number, shape, tiles read and exact before / after, and a "
                        "digest of its reading after")
    a = p.parse_args()
    given = as_file if a.as_file else (lambda image: image)
    totals = np.zeros(8, int)
    print(f"{'game':<16} {'panoramas':>9} {'exact before':>12} {'after':>6} {'in order before':>15} {'after':>6}"
          f"   tiles placed before / after of held   lost   ordinary photos read differently")
    for folder in a.folders:
        game = game_of(folder, a.game)
        rec = Recognizer.load(game=game)
        names = yolo_names(folder / "data.yaml")
        photos = yolo_images(folder / "data.yaml", "val")[: a.count or None]
        row = np.zeros(8, int)  # exact b/a, in order b/a, placed b/a, held, lost
        changed = 0
        for i, photo in enumerate(photos):
            image = load_image(photo)
            h, w = image.shape[:2]
            label = label_path_of(photo).read_text()
            truth = owner_order(label, names, w, h)
            cls, xyxy = parse_yolo_labels(label, w, h)
            if a.turn:
                (ratio, quarters), way = TURNED[i % len(TURNED)], "on end"
                canvas, (dx, dy) = panorama(image, ratio, "wide", seed=i)
                canvas, matrix = level.turn_quarters(canvas, quarters)
                shifted = level.to_turned(np.asarray(xyxy, np.float64).reshape(-1, 4) + [dx, dy, dx, dy], matrix)
            else:
                ratio, way = SHAPES[i % len(SHAPES)]
                canvas, (dx, dy) = panorama(image, ratio, way, seed=i)
                shifted = np.asarray(xyxy, np.float64) + [dx, dy, dx, dy]
            kinds = [names[int(c)] for c in cls]
            exact = []
            for k, reading in enumerate(both := reads(rec, given(canvas))):
                got = [t.kind for t in reading.tiles]
                exact.append(right(got, truth))
                row[k] += exact[-1]
                row[2 + k] += in_order(got, truth)
                row[4 + k] += placed(reading, shifted, kinds)
            row[6] += len(kinds)
            row[7] += bool(exact[0] and not exact[1])
            if a.per_photo:
                print(f"  {game} {i:>2} {ratio}:1 {way:<6} tiles {len(both[0].tiles):>2} / {len(both[1].tiles):>2}"
                      f"   exact {int(exact[0])} / {int(exact[1])}   of {len(kinds)}   {digest(both[1])}", flush=True)
            before, after = reads(rec, given(image))
            changed += not same(before, after)
        totals += row
        print(f"{game:<16} {len(photos):>9} {row[0]:>12} {row[1]:>6} {row[2]:>15} {row[3]:>6}   "
              f"{row[4]} / {row[5]} of {row[6]}   {row[7]:>4}   {changed} of {len(photos)}", flush=True)
    if a.folders:
        print(f"{'all':<16} {'':>9} {totals[0]:>12} {totals[1]:>6} {totals[2]:>15} {totals[3]:>6}   "
              f"{totals[4]} / {totals[5]} of {totals[6]}   {totals[7]:>4}   exact gain {totals[1] - totals[0]}")
    if a.hk:
        rec = Recognizer.load(tileset="hk-mahjong")
        photos = yolo_images(a.hk / "data.yaml", "val")[: a.hk_count or None]
        changed = sum(not same(*reads(rec, photo if a.as_file else load_image(photo))) for photo in photos)
        print(f"Hong Kong photos read differently: {changed} of {len(photos)}")


if __name__ == "__main__":
    main()
