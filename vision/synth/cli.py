"""``tilelens synth`` (a dataset or one photo) and ``tilelens contact-sheet``."""
from __future__ import annotations

import argparse
from pathlib import Path

import cv2

from scorer.cli import HelpFormatter  # lines break at spaces only: an option name is never split
from scorer.result import TilelensInputError
from vision.cli_args import MAX_SIDE, fraction, non_negative_int, photo_side, positive_int
from vision.synth.scene import Layout


class SynthUsageError(TilelensInputError):
    """Arguments that do not make a dataset or a photo."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tilelens synth", description=(
        "Render synthetic photos of tile hands: a training set (--count N --out DIR) or one photo of a "
        "given hand (--hand TILE... --out PHOTO.jpg)."), formatter_class=HelpFormatter)
    p.add_argument("--game", required=True, help="game id (tilelens games), or hk-mahjong")
    p.add_argument("--out", required=True, type=Path, help="dataset folder, or the photo file with --hand")
    p.add_argument("--count", type=positive_int, help="number of photos in the dataset")
    p.add_argument("--hand", nargs="+", metavar="TILE", help=(
        "tiles of one photo (ids or Japanese names; riichi notation too, as `tilelens score` takes it: "
        "234m456p789s11z555z)"))
    p.add_argument("--melds", nargs="+", action="extend", default=[], metavar="KIND:TILES", help=(
        "with --hand, riichi games: called melds laid apart at the hand's right, as `tilelens score --melds` "
        "takes them and `tilelens read --kinds` gives them back (pon:555z chi:123m kan:1111p ankan:9999s)"))
    p.add_argument("--seed", type=non_negative_int, default=0)
    p.add_argument("--imgsz", type=photo_side, default=640, help=f"image side in pixels (default 640, at most {MAX_SIDE})")
    p.add_argument("--layout", default="rack", choices=[l.value for l in Layout], help="layout of --hand")
    p.add_argument("--style", type=int, default=None, help="face style of --hand (default: by seed)")
    p.add_argument("--val-fraction", type=fraction, default=0.1, help="share of the dataset in val (0.1)")
    p.add_argument("--workers", type=positive_int, default=2, help="worker processes (default 2)")
    p.add_argument("--box", default="tile", choices=["tile", "face"], help=(
        "what a label box covers: the whole visible tile (default) or its visible face only, as the real "
        "Hong Kong set labels them"))
    return p


def main(argv: list[str]) -> int:
    """Entry point of ``tilelens synth``."""
    args = _parser().parse_args(argv)
    if (args.hand is None) == (args.count is None):
        raise SynthUsageError("give either --count N (a dataset) or --hand TILE... (one photo)")
    if args.melds and args.hand is None:
        raise SynthUsageError("--melds goes with --hand TILE... (one photo), not with --count")
    if args.hand is not None:
        from vision.synth import render_hand

        if args.out.suffix.lower() not in {".jpg", ".jpeg", ".png"}:
            raise SynthUsageError(f"--out {args.out} must end in .jpg, .jpeg or .png")
        melds = [m for spec in args.melds for m in spec.replace(",", " ").split()]  # "pon:555z, chi:123m"
        scene = render_hand(args.game, args.hand, seed=args.seed, layout=args.layout, imgsz=args.imgsz,
                            style=args.style, melds=melds)
        folder = args.out.parent
        made = not folder.exists()  # a folder not there is made (as a dataset's --out is), and said
        folder.mkdir(parents=True, exist_ok=True)
        if not cv2.imwrite(str(args.out), scene.image):
            raise SynthUsageError(f"could not write {args.out}")
        print(f"wrote {args.out}: {len(scene.tiles)} tiles ({args.layout}, seed {args.seed})"
              + (f"; made the folder {folder}" if made else ""))
        for t in scene.tiles:
            print(f"  {t.tile_id:<20} box {', '.join(f'{v:.0f}' for v in t.xyxy)}")
        if melds:
            print("  melds: " + " ".join(scene.settings["melds"]) + " (laid apart at the right; their tiles listed last)")
        return 0
    from vision.synth import make_dataset

    yaml_path = make_dataset(args.game, args.count, args.out, seed=args.seed, imgsz=args.imgsz,
                             val_fraction=args.val_fraction, workers=args.workers, box=args.box)
    print(f"wrote {args.count} photos: {yaml_path} (card: {yaml_path.parent / 'CARD.md'})")
    return 0


def contact_sheet_main(argv: list[str]) -> int:
    """Entry point of ``tilelens contact-sheet``: synthetic scenes beside real photos, one PNG."""
    p = argparse.ArgumentParser(prog="tilelens contact-sheet", description=(
        "Write a PNG with rows of synthetic scenes next to real photos of the shared Hong Kong set."),
        formatter_class=HelpFormatter)
    p.add_argument("--out", required=True, type=Path, help="PNG file to write")
    p.add_argument("--game", default="hk-mahjong", help="game of the synthetic scenes (default hk-mahjong)")
    p.add_argument("--seed", type=non_negative_int, default=0)
    p.add_argument("--rows", type=positive_int, default=3)
    p.add_argument("--cols", type=positive_int, default=3, help="synthetic (and real) photos per row")
    p.add_argument("--thumb", type=photo_side, default=256, help=f"thumbnail side in pixels (at most {MAX_SIDE})")
    args = p.parse_args(argv)
    from vision.synth.contact import contact_sheet

    path, stats = contact_sheet(args.out, args.game, args.seed, args.rows, args.cols, args.thumb)
    print(f"wrote {path}")
    for side, s in stats.items():  # medians, 640 px images
        print(f"  {side:<10} brightness {s['brightness']:.0f}  saturation {s['saturation']:.0f}  "
              f"sharpness {s['sharpness']:.0f}")
    return 0
