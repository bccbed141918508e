"""How many photos of winning hands are scored right: as read, and after the winning-reading suggestion.

    .venv/bin/python benchmarks/make_synth_hands.py tokyo-mahjong /tmp/win-tm --seed 8 --count 150 --winning
    .venv/bin/python benchmarks/winning_reads.py --game tokyo-mahjong --data /tmp/win-tm [--models DIR]

On hands one tile from a win (``make_synth_hands.py --near-win``) every suggestion misleads: there the
figures to watch are "right but offered" and "suggestion wrong".

Each photo is read as the app reads it (the game's recognizer, within the set's copies). A photo's hand
is right when the kinds read, backs aside, are the dealt hand's (as a multiset: order does not score).
When the hand read has the right number of tiles (or one too many) but does not win, ``scorer.likely.likeliest_win``
looks for the likeliest winning hand within each tile's alternatives; the app offers it with one
button. The table sorts every photo:

- right as read (with "right but offered": read right, yet a winning reading was offered, which
  only a hand that does not win can get);
- too few tiles (a tile missed: the app shows what the hand waits on), or two boxes or more too many;
- wins as read, but wrong (a misreading into another winning hand: nothing tells the player);
- suggestion right / suggestion wrong / no suggestion (no winning hand within the changes allowed);
  with one box too many, the suggestion may drop one.

"Scored right in one tap" is right as read plus suggestion right.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import cv2
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cli_args import description, game_arg  # noqa: E402
from scorer import load_game  # noqa: E402
from scorer.likely import shape_wins  # noqa: E402
from vision.recognizer import Recognizer  # noqa: E402

OUTCOMES = ("right", "right_but_offered", "too_few", "too_many", "wrong_but_wins", "suggestion_right", "suggestion_wrong", "no_suggestion")


def outcome(game, reading, truth: list[str]) -> str:
    """Which of ``OUTCOMES`` a photo's reading falls in, against the dealt hand ``truth``."""
    known = {t.id for t in game.tiles}
    faces = [t for t in reading.tiles if not t.is_back and t.kind in known]
    read = [t.kind for t in faces]
    if Counter(read) == Counter(truth):
        return "right" if shape_wins(game, read) or reading.winning_reading(len(truth)) is None else "right_but_offered"
    if len(read) < len(truth):
        return "too_few"
    if len(read) > len(truth) + 1:
        return "too_many"
    found = reading.winning_reading(len(truth))
    if found is None:
        return "wrong_but_wins" if shape_wins(game, read) else "no_suggestion"
    return "suggestion_right" if Counter(found.tiles) == Counter(truth) else "suggestion_wrong"


def main() -> int:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--game", required=True, type=game_arg)
    p.add_argument("--data", type=Path, required=True, help="a folder from make_synth_hands.py --winning")
    p.add_argument("--models", type=Path, help="models folder (default: models/)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    game = load_game(a.game)
    if not (a.data / "hands.jsonl").is_file():
        p.error(f"{a.data}: no hands.jsonl (make the photos with benchmarks/make_synth_hands.py --winning)")
    hands = [json.loads(line) for line in (a.data / "hands.jsonl").read_text().splitlines() if line.strip()]
    recognizer = Recognizer.load(game=a.game, models_dir=a.models) if a.models else Recognizer.load(game=a.game)
    counts = Counter()
    for entry in tqdm(hands, desc=f"reading {a.game}", unit="photo"):
        image = cv2.imread(str(a.data / "images" / entry["image"]))
        counts[outcome(game, recognizer.read(image), entry["hand"])] += 1
    n = len(hands)
    summary = {"game": a.game, "photos": n, **{k: counts[k] for k in OUTCOMES},
               "right_as_read": counts["right"] / n, "right_in_one_tap": (counts["right"] + counts["suggestion_right"]) / n}
    if a.json:
        print(json.dumps(summary))
        return 0
    print(f"{a.game}: {n} photos")
    for k in OUTCOMES:
        print(f"  {k:<17} {counts[k]:>4}")
    print(f"  scored right as read {summary['right_as_read']:.3f}, in one tap {summary['right_in_one_tap']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
