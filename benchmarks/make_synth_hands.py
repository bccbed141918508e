"""Write a labelled set of synthetic hand photos whose class names are tile ids, for ``tilelens eval``.

    .venv/bin/python benchmarks/make_synth_hands.py tokyo-mahjong /tmp/synth-hands-tokyo --count 60 --seed 7
    tilelens eval --data /tmp/synth-hands-tokyo/data.yaml --game tokyo-mahjong

Each photo is one dealt hand (the game's hand size, kinds drawn from the inventory) rendered by
``vision.synth.render_hand`` in a rack or flat layout, with a seed the classifiers never trained on
(they train on ``vision.synth`` training scenes of seed 0). Labels: ``cls xc yc w h`` with ``cls`` the
index of the tile id in ``names`` (the catalog order, then ``back``, then ``tile``: a tile whose face is
more than half hidden, by the rack's lip or the frame, which ``tilelens eval`` finds but does not name).

``--kinds 1m,2m,...`` draws every hand from those kinds only (each with its copies): training photos of
the kinds a classifier confuses (the riichi man tiles and winds, model card).

``--winning`` draws winning hands instead (``scorer.deal.random_winning_hand``): photos of the hands
people photograph to score, for ``benchmarks/winning_reads.py``. Every set also gets ``hands.jsonl``,
each photo's whole hand (hidden faces too) in the order it was dealt, and the face style its tiles were
drawn in (``style``: errors can then be counted by style). ``--near-win`` draws hands one tile from a win
(``random_near_win``): photos on which a winning-reading suggestion can only mislead.
``--open`` (riichi) draws winning hands with one to three called melds laid face up at the hand's right
(``scorer.deal.random_open_hand``; ``hands.jsonl`` then also has each photo's ``melds``).
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import cv2
import numpy as np
from tqdm import tqdm

from cli_args import description, game_arg
from scorer.catalog import load_game
from scorer.deal import random_near_win, random_open_hand, random_winning_hand
from vision.detections import yolo_line
from vision.eval_data import UNREADABLE
from vision.synth import render_hand
from vision.synth.dataset import NO_PATH


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("game", type=game_arg)
    p.add_argument("out", type=Path)
    p.add_argument("--count", type=int, default=60)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--kinds", help="draw hands from these tile ids only (comma-separated, each with the copies "
                                   "the set holds): photos of the kinds a classifier confuses, to train on")
    p.add_argument("--winning", action="store_true", help="winning hands (the hands people photograph to score)")
    p.add_argument("--near-win", action="store_true", help="hands one tile from a win")
    p.add_argument("--open", action="store_true", help="riichi hands with called melds laid apart at their right")
    p.add_argument("--imgsz", type=int, default=640, help="the photos' side in pixels (default 640; a phone's "
                                                          "photo has 3000-4000)")
    p.add_argument("--span", type=float, nargs=2, metavar=("LOW", "HIGH"),
                   help="the fraction of the photo the hand spans, drawn from LOW-HIGH (default 0.75-0.95): "
                        "0.25 0.4 is a hand photographed from a distance")
    a = p.parse_args()
    if a.winning + a.near_win + a.open + bool(a.kinds) > 1:
        p.error("--winning, --near-win, --open and --kinds: choose one")
    game = load_game(a.game)
    if a.open and game.engine != "riichi":
        p.error(f"--open: {a.game} has no called melds")
    names = [t.id for t in game.tiles] + ["back", UNREADABLE]
    only = set(a.kinds.split(",")) if a.kinds else None
    unknown = sorted(only - set(names[:-2])) if only else []
    if unknown:
        p.error(f"--kinds: not tiles of {a.game}: {', '.join(unknown)}")
    pool = [t.id for t in game.tiles for _ in range(t.copies) if only is None or t.id in only]
    if len(pool) < game.hand_size:
        p.error(f"--kinds: {len(pool)} tiles in all, fewer than a hand of {game.hand_size}")
    rng, winning_rng = np.random.default_rng(a.seed), random.Random(a.seed)
    for sub in ("images", "labels"):
        (a.out / sub).mkdir(parents=True, exist_ok=True)
    hands = []
    for i in tqdm(range(a.count), desc=f"hands {a.game}", unit="photo"):
        melds: list[str] = []
        if a.open:
            hand, melds = random_open_hand(game, winning_rng)
        elif a.winning or a.near_win:
            hand = (random_winning_hand if a.winning else random_near_win)(game, winning_rng)
        else:
            hand = [pool[j] for j in rng.choice(len(pool), game.hand_size, replace=False)]
        layout = ("rack", "flat")[i % 2]
        scene = render_hand(a.game, hand, seed=a.seed * 10000 + i, layout=layout, imgsz=a.imgsz, melds=melds,
                            span=tuple(a.span) if a.span else None)
        hands.append({"image": f"{i:04d}.jpg", "hand": hand, **({"melds": melds} if a.open else {}),
                      "style": scene.style})
        h, w = scene.image.shape[:2]
        lines = [yolo_line(names.index("back" if t.is_back else t.tile_id if t.readable else UNREADABLE),
                           t.xyxy, w, h) for t in scene.tiles]
        cv2.imwrite(str(a.out / "images" / f"{i:04d}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (a.out / "labels" / f"{i:04d}.txt").write_text("\n".join(lines) + "\n")
    (a.out / "hands.jsonl").write_text("".join(json.dumps(h) + "\n" for h in hands))
    quoted = ", ".join(names)
    (a.out / "data.yaml").write_text(f"{NO_PATH}train: images\nval: images\nnames: [{quoted}]\n")  # no path:
    print(a.out / "data.yaml")


if __name__ == "__main__":
    main()
