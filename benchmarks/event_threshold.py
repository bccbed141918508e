"""What the event check's ``--min-confidence`` catches: synthetic dealt tables whose deal is known, each
seat read once, then checked at several thresholds.

    .venv/bin/python benchmarks/event_threshold.py --game nogizaka --tables 40 --seed 24

Per threshold, the tables are sorted by whether they were read right (every seat's kinds and count as
dealt) and by the check's verdict: a table read right should be ``ok``, and one read wrong should be
``fault`` or ``review`` (a tile to confirm), never ``ok``. Printed per threshold: tables read right
and passed / read right but sent to review (and the tiles to confirm on them) / read wrong and caught
(fault, review) / read wrong and passed (what a threshold exists to prevent).
"""
from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_event import deal  # noqa: E402

from cli_args import description, game_arg  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event.layout import seat_labels  # noqa: E402
from tilelens.event.model import FindingKind, Verdict, verdict_of  # noqa: E402
from tilelens.event.reading import recognizer_reader, to_seat_reading  # noqa: E402
from tilelens.event.rules import Seating, check_readings  # noqa: E402
from vision.synth import render_hand  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--game", required=True, type=game_arg)
    p.add_argument("--tables", type=int, default=40)
    p.add_argument("--seed", type=int, default=24)
    p.add_argument("--imgsz", type=int, default=960)
    p.add_argument("--thresholds", default="0.5,0.6,0.7,0.8,0.9")
    a = p.parse_args()
    game = load_game(a.game)
    read = recognizer_reader(a.game)
    rng = random.Random(a.seed)
    tables = []  # (seating, readings, right)
    for t in tqdm(range(a.tables), desc=f"tables {a.game}", unit="table"):
        hands = deal(a.game, rng)
        seats = seat_labels(len(hands))
        readings, right = {}, True
        for seat, hand in zip(seats, hands):
            scene = render_hand(a.game, hand, seed=a.seed * 1000 + t * 10 + int(seat), imgsz=a.imgsz,
                                layout=("rack", "flat")[(t + int(seat)) % 2])
            h, w = scene.image.shape[:2]
            readings[seat] = to_seat_reading(seat, f"seat{seat}.jpg", read(scene.image), (w, h))
            kinds = Counter(x.kind for x in readings[seat].tiles)
            right &= kinds == Counter(hand)
        tables.append((Seating(seats=tuple(seats), dealer=seats[0]), readings, right))
    print(f"{a.game}: {a.tables} tables ({sum(r for *_, r in tables)} read right), seed {a.seed}")
    print("threshold | right: ok / review (tiles to confirm) | wrong: fault / review / ok (missed)")
    for threshold in (float(x) for x in a.thresholds.split(",")):
        c = Counter()
        for seating, readings, right in tables:
            findings = check_readings(game, seating, readings, None, threshold)
            verdict = verdict_of(findings)
            c[("right" if right else "wrong", verdict)] += 1
            if right:
                c["confirms"] += sum(f.kind == FindingKind.UNSURE_TILE for f in findings)
        print(f"{threshold:>9} | {c['right', Verdict.OK]} / {c['right', Verdict.REVIEW]} ({c['confirms']}) "
              f"[fault {c['right', Verdict.FAULT]}] | {c['wrong', Verdict.FAULT]} / {c['wrong', Verdict.REVIEW]} / "
              f"{c['wrong', Verdict.OK]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
