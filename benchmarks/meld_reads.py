"""How well called melds are read from photos of riichi hands (``vision.melds.find_melds`` on the
shipped recognizer's reading), and how often a hand without melds is said to have some.

    .venv/bin/python benchmarks/meld_reads.py --count 200 --seed 40             # open hands
    .venv/bin/python benchmarks/meld_reads.py --count 200 --seed 41 --closed    # hands without melds
    .venv/bin/python benchmarks/meld_reads.py --count 200 --seed 40 --turn half  # from across the table

Each photo is a winning hand rendered by ``vision.synth.render_hand``, rack and flat layouts in turn:
open hands (``scorer.deal.random_open_hand``: one to three melds, laid face up to the right with the
called tile sideways, half the open kans as added kans, a closed kan with its ends face down) or closed
ones (``random_winning_hand``). Printed per layout: melds right (the same melds, as the scorer writes
them), melds and the hand's concealed tiles both right, the same once the winning reading the app offers
is taken (one tap; as read where none is offered), melds found in a photo of none, melds right had every
box been named as the tile it covers (what the boxes' layout alone gets right: the rest is tiles
misnamed), and which melds were missed or made up. ``--turn`` reads every photo turned a quarter
(``clockwise``, ``anticlockwise``: a hand photographed from the side of the table, or a photo whose EXIF
orientation was lost) or half round (``half``: from across the table).
"""
from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cli_args import description  # noqa: E402
from scorer.deal import random_open_hand, random_winning_hand  # noqa: E402
from scorer.riichi_tiles import parse_meld  # noqa: E402
from vision.level import to_turned, turn_quarters  # noqa: E402
from vision.recognizer import Recognizer  # noqa: E402
from vision.synth import render_hand  # noqa: E402

GAME = "tokyo-mahjong"
TURNS = {"none": 0, "clockwise": 3, "anticlockwise": 1, "half": 2}  # quarter turns anticlockwise


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--seed", type=int, default=40)
    p.add_argument("--imgsz", type=int, default=640)
    p.add_argument("--closed", action="store_true", help="hands without melds (what a false find costs)")
    p.add_argument("--turn", choices=list(TURNS), default="none", help="read each photo turned (default: as rendered)")
    p.add_argument("--verbose", action="store_true", help="one line per photo not read right")
    a = p.parse_args()
    rec = Recognizer.load(game=GAME)
    rng = random.Random(a.seed)
    tally: Counter = Counter()
    missed: Counter = Counter()
    made_up: Counter = Counter()
    for i in tqdm(range(a.count), desc="melds", unit="photo"):
        if a.closed:
            concealed, melds = random_winning_hand(GAME, rng), []
        else:
            concealed, melds = random_open_hand(GAME, rng)
        layout = ("rack", "flat")[i % 2]
        scene = render_hand(GAME, concealed, seed=a.seed * 10000 + i, layout=layout, imgsz=a.imgsz, melds=melds)
        image, turn = turn_quarters(scene.image, TURNS[a.turn])
        reading = rec.read(image)
        found = reading.called_melds()
        truth_boxes = to_turned(np.array([t.xyxy for t in scene.tiles], np.float64).reshape(-1, 4), turn)
        named = _named_right(reading, scene, truth_boxes)  # the same boxes, each named as the scene's tile it covers
        right = replace(reading, tiles=[replace(t, kind=k, is_back=b) for t, (k, b) in zip(reading.tiles, named)]).called_melds()
        truth = Counter(str(parse_meld(m)) for m in melds)
        tally[layout, "melds right, had every tile been named right"] += truth == Counter(
            str(parse_meld(m.spec)) for m in right)
        got = Counter(str(parse_meld(m.spec)) for m in found)
        hand = sorted(reading.held_kinds(found))
        melds_ok = truth == got
        tally[layout, "photos"] += 1
        tally[layout, "melds right"] += melds_ok
        tally[layout, "melds and hand right"] += melds_ok and hand == sorted(concealed)
        tally[layout, "the same, in one tap"] += _after_offer(reading) == (truth, sorted(concealed))
        tally[layout, "melds found in a photo of none"] += bool(got) and not truth
        missed.update(m.split(":")[0] for m in (truth - got).elements())
        made_up.update(m.split(":")[0] for m in (got - truth).elements())
        if a.verbose and not (melds_ok and hand == sorted(concealed)):
            print(f"{i} {layout}: melds {sorted(truth.elements())} read {sorted(got.elements())}; "
                  f"hand {'right' if hand == sorted(concealed) else 'wrong'}")
    kinds = ("photos", "melds right", "melds and hand right", "the same, in one tap",
             "melds found in a photo of none", "melds right, had every tile been named right")
    print(f"{'hands without melds' if a.closed else 'hands with called melds'}, seed {a.seed}, {a.imgsz} px"
          + ("" if a.turn == "none" else f", turned {a.turn}"))
    print(f"{'layout':<8}" + "".join(f"{k:>34}" for k in kinds[:5]) + f"  {kinds[5]}")
    for layout in ("rack", "flat", "all"):
        row = [sum(tally[lo, k] for lo in ("rack", "flat")) if layout == "all" else tally[layout, k] for k in kinds]
        print(f"{layout:<8}" + "".join(f"{v:>34}" if k == "photos" else f"{f'{v} ({v / max(row[0], 1):.3f})':>34}"
                                        for k, v in zip(kinds[:5], row)) + f"  {row[5]} ({row[5] / max(row[0], 1):.3f})")
    print(f"melds missed by kind: {dict(missed)}; melds found that were not there: {dict(made_up)}")


def _after_offer(reading) -> tuple[Counter, list[str]]:
    """(melds, concealed tiles) once the winning reading the app offers is taken (as read when none is):
    the app finds the melds again on the hand as corrected (``photo_melds``)."""
    tiles = list(reading.tiles)
    offer = reading.winning_reading()
    for change in offer.changes if offer else ():
        if change.becomes is not None:
            tiles[change.index] = replace(tiles[change.index], kind=change.becomes)
    dropped = {c.index for c in offer.changes if c.becomes is None} if offer else set()
    corrected = replace(reading, tiles=[t for j, t in enumerate(tiles) if j not in dropped])
    melds = corrected.called_melds()
    return Counter(str(parse_meld(m.spec)) for m in melds), sorted(corrected.held_kinds(melds))


def _named_right(reading, scene, truth: np.ndarray) -> list[tuple[str, bool]]:
    """(kind, face down) of each box read: as the scene's tile matched to it the way ``tilelens eval``
    matches (``match_tiles``: one to one, IoU >= 0.5), else as read. ``truth``: the scene's tiles' boxes
    in the photo read."""
    from vision.eval_metrics import match_tiles

    read = np.array([t.xyxy for t in reading.tiles], np.float64).reshape(-1, 4)
    out = [(t.kind, t.is_back) for t in reading.tiles]
    for j, i in enumerate(match_tiles(read, truth)):
        if i >= 0:
            out[i] = ("back", True) if scene.tiles[j].is_back else (scene.tiles[j].tile_id, False)
    return out


if __name__ == "__main__":
    main()
