"""``tilelens check EVENT_DIR --game GAME``: check every dealt hand of an event from photos."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorer import list_games
from tilelens.event.layout import EventInputError
from tilelens.event.model import where
from tilelens.event.rules import DEFAULT_MIN_CONFIDENCE
from tilelens.event.runner import CheckOptions, check_event

EPILOG = """\
EVENT_DIR holds one folder per table; each table folder holds one photo per seat named
seat1-dealer.jpg, seat2.jpg, ... (the dealer's photo says "-dealer"), and optionally wall.jpg
(the remaining wall, face down, in one layer). Photos named otherwise are listed in a table.toml:
  players = 4
  dealer = 1
  wall = "IMG_0105.jpg"
  [seats]
  1 = "IMG_0101.jpg"
  2 = "IMG_0102.jpg"
Exit status: 0 every table in order, 1 some table has a fault or tiles to confirm, 2 bad input.
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``tilelens check``."""
    p = argparse.ArgumentParser(prog="tilelens check", description=__doc__.split(": ", 1)[1],
                                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("event_dir", type=Path, metavar="EVENT_DIR", help="folder of table folders (or one table)")
    p.add_argument("--game", required=True, choices=list_games(), help="the game being played")
    p.add_argument("--out", type=Path, default=None, metavar="REPORT_DIR",
                   help="where the reports go (default: EVENT_DIR/_report)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                   help="players per table unless its table.toml says otherwise (default 4)")
    p.add_argument("--min-confidence", type=float, default=DEFAULT_MIN_CONFIDENCE,
                   help=f"tiles read with less confidence are listed to confirm (default {DEFAULT_MIN_CONFIDENCE})")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


UNSURE_LISTED = 2  # a seat with more tiles to confirm than this gets one line for them all


def summary(findings: list[dict]) -> str:
    """A table's findings in one line: each error and tile to confirm, but a seat with more than
    ``UNSURE_LISTED`` tiles to confirm (a junk or blurred photo: every tile unsure) as one item naming
    them by place; the report lists each with its picture.

    >>> summary([{"kind": "unsure-tile", "severity": "review", "seats": ["2"], "message": "m",
    ...           "tiles": [{"index": i}]} for i in (0, 3, 4)])
    'seat 2: 3 tiles to confirm (tiles 1, 4, 5; each in the report)'
    """
    unsure: dict[str, list[dict]] = {}
    for f in findings:
        if f["kind"] == "unsure-tile":
            unsure.setdefault(f["seats"][0], []).append(f)
    parts, said = [], set()
    for f in findings:
        if f["severity"] == "notice":
            continue
        seat = f["seats"][0] if f["kind"] == "unsure-tile" else None
        if seat is None or len(unsure[seat]) <= UNSURE_LISTED:
            parts.append(f["message"])
        elif seat not in said:
            said.add(seat)
            places = ", ".join(str(t["index"] + 1) for g in unsure[seat] for t in g["tiles"])
            parts.append(f"{where(seat)}: {len(unsure[seat])} tiles to confirm (tiles {places}; each in the report)")
    return "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Run the check; 0 when every table is in order, 1 otherwise."""
    args = build_parser().parse_args(argv)
    if not 0.0 <= args.min_confidence <= 1.0:
        raise EventInputError(f"--min-confidence must be between 0 and 1 (got {args.min_confidence})")
    if args.jobs < 1:
        raise EventInputError(f"--jobs must be at least 1 (got {args.jobs})")
    out = args.out or args.event_dir / "_report"
    options = CheckOptions(game=args.game, min_confidence=args.min_confidence, players=args.players)
    result = check_event(args.event_dir, out, options, jobs=args.jobs, progress=not args.quiet)
    for t in result.event["tables"]:
        mark = {"ok": "ok    ", "review": "REVIEW", "fault": "FAULT "}[t["verdict"]]
        print(f"{mark} {t['table']}" + ("" if t["verdict"] == "ok" else f": {summary(t['findings'])}"))
        for f in t["findings"]:
            if f["severity"] == "notice":
                print(f"       note: {f['message']}")
    n_ok = result.event["verdicts"].get("ok", 0)
    print(f"{n_ok} of {len(result.event['tables'])} tables in order ({result.checked} read, {result.resumed} "
          f"unchanged); report: {out / 'index.html'}", file=sys.stderr if args.quiet else sys.stdout)
    return 0 if result.in_order else 1
