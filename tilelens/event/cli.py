"""``tilelens check EVENT_DIR --game GAME``: check every dealt hand of an event from photos."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tqdm import tqdm

from scorer import list_games
from tilelens.event.layout import DEFAULT_REPORT, EventInputError
from tilelens.event.model import grouped
from tilelens.event.rules import DEFAULT_MIN_CONFIDENCE
from tilelens.event.runner import CheckOptions, EventInterrupted, WorkerDied, archives_skipped, check_event
from vision.cli_args import positive_int, probability

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
Exit status: 0 every table in order, 1 some table has a fault or tiles to confirm, or a compressed
file (table-03.zip) was skipped unread (unzip it into a folder of its own: it may hold a table's
photos; one beside the folder of its name, and a folder skipped as an earlier report, change
nothing), 2 bad input, 3 a worker process ended abruptly (out of memory?), 130 interrupted (Ctrl-C).
After 3 or 130 the tables checked keep their reports, the event's report says the check did not
finish and which tables it did not check, and the same command checks the rest; so too after an
error that stops the check (a report that cannot be written: exit 2, one line naming it). A
REPORT_DIR holding the report of another event (or game) is refused: give each event its own
--out; so is one that another check is writing at the same time (exit 2: wait for it to end).
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``tilelens check``."""
    p = argparse.ArgumentParser(prog="tilelens check", description=__doc__.split(": ", 1)[1],
                                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("event_dir", type=Path, metavar="EVENT_DIR", help="folder of table folders (or one table)")
    p.add_argument("--game", required=True, metavar="GAME",
                   help=f"the game being played: one of {', '.join(list_games())}, or a game .toml file "
                        f"(a house table of one of them)")
    p.add_argument("--out", type=Path, default=None, metavar="REPORT_DIR",
                   help="where the reports go (default: EVENT_DIR/_report); a folder among the players' photos "
                        "(EVENT_DIR itself, a table's photo folder) is refused")
    p.add_argument("--jobs", type=positive_int, default=2, help="worker processes (default 2)")
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                   help="players per table unless its table.toml says otherwise (default 4)")
    p.add_argument("--min-confidence", type=probability, default=DEFAULT_MIN_CONFIDENCE,
                   help=f"tiles read with less confidence are listed to confirm (default {DEFAULT_MIN_CONFIDENCE})")
    p.add_argument("--no-near-copies", dest="near_copies", action="store_false",
                   help="do not look for a photo that is another seat's or another table's photo resized, recompressed "
                        "or a little cropped (sent through a messaging app) by how the photos look (byte copies and "
                        "two seats of a table that read the same tiles in the same places are always found)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def _check_report_folder(out: Path) -> None:
    """Before any photo is read: the report folder ``out`` is a folder, or can be made one (no file in
    the way, at it or above it)."""
    for place in (out, *out.parents):
        if place.exists():
            if not place.is_dir():
                raise EventInputError(f"--out {out}: {place} is a file, not a folder: the report needs a folder")
            return


def _table_lines(t: dict) -> list[str]:
    """A table's line: its verdict and, unless in order, what is wrong; then its notices."""
    mark = {"ok": "ok    ", "review": "REVIEW", "fault": "FAULT "}[t["verdict"]]
    said = "; ".join(f["message"] for f in grouped(t["findings"]) if f["severity"] != "notice")
    return ([f"{mark} {t['table']}" + ("" if t["verdict"] == "ok" else f": {said}")]
            + [f"       note: {f['message']}" for f in t["findings"] if f["severity"] == "notice"])


class _Tables:
    """Prints each table's lines once: as the check hands them on (``check_event``'s ``on_line``: the progress bar
    stays below them), then those of any table not said yet (a check stopped), and again those of a table that
    changed since (a near copy of its photo found at a table checked after it)."""

    def __init__(self) -> None:
        self.said: dict[str, list[str]] = {}

    def __call__(self, t: dict) -> None:
        lines = _table_lines(t)
        if self.said.get(t["table"]) != lines:
            self.said[t["table"]] = lines
            for line in lines:
                tqdm.write(line, file=sys.stdout)

    def rest(self, tables: list[dict]) -> None:
        for t in tables:
            self(t)


def main(argv: list[str] | None = None) -> int:
    """Run the check; 0 when every table is in order, 1 otherwise (a compressed file skipped too; 3 and 130:
    stopped, see EPILOG)."""
    args = build_parser().parse_args(argv)  # --jobs 0, --min-confidence 2: one line after the usage (exit 2)
    if not args.event_dir.is_dir():  # said first: else a file given as EVENT_DIR was named as the --out it implies
        raise EventInputError(f"event folder {str(args.event_dir)!r} does not exist or is not a folder")
    out = args.out or args.event_dir / DEFAULT_REPORT
    _check_report_folder(out)
    options = CheckOptions(game=args.game, min_confidence=args.min_confidence, players=args.players,
                           near_copies=args.near_copies)
    tables = _Tables()
    try:
        result = check_event(args.event_dir, out, options, jobs=args.jobs, progress=not args.quiet, on_line=tables)
    except BaseException as stopped:  # whatever stopped the check, the tables done are said first
        ended = isinstance(stopped, (EventInterrupted, WorkerDied))
        tables.rest(stopped.tables if ended else getattr(stopped, "tables_done", []))
        if not ended:
            raise  # an error (check_event's tables_done): the tilelens router says it in one line, exit 2
        why, status = (("interrupted", 130) if isinstance(stopped, EventInterrupted)
                       else ("a worker process ended abruptly (out of memory?)", 3))
        hint = "" if status == 130 else " (--jobs 1 needs less memory)"
        n = len(stopped.tables)
        if n:
            done = (f"with {n} of {stopped.total} tables checked: their reports are kept, and the same command "
                    f"checks the rest")
        elif stopped.total:
            done = f"before any of {stopped.total} tables was checked: the same command checks them"
        else:  # stopped before the event folder was read, and no check before listed its tables
            done = "before the event folder was read: the same command checks it"
        print(f"tilelens check: {why} {done}{hint}", file=sys.stderr)
        return status
    tables.rest(result.event["tables"])
    for f in result.event["skipped"]:
        print(f"skipped {f['folder']}: {f['reason']}")
    if result.removed:  # a table folder renamed (or removed) since the check before: its old report goes too
        n = len(result.removed)
        print(f"removed the report{'s' if n > 1 else ''} of {n} table{'s' if n > 1 else ''} no longer in the event "
              f"(renamed or removed since the check before): {', '.join(result.removed)}")
    for verdict, said in (("fault", "not in order"), ("review", "tiles to confirm")):  # among many lines "ok": these
        names = [t["table"] for t in result.event["tables"] if t["verdict"] == verdict]
        if names:
            print(f"{said}: {', '.join(names)}")
    n_ok = result.event["verdicts"].get("ok", 0)
    zipped = len(archives_skipped(result.event["skipped"]))
    unread = f", {zipped} compressed file{'s' if zipped > 1 else ''} not checked" if zipped else ""
    print(f"{n_ok} of {len(result.event['tables'])} tables in order{unread} ({result.checked} read, {result.resumed} "
          f"unchanged); report: {out / 'index.html'}", file=sys.stderr if args.quiet else sys.stdout)
    return 0 if result.in_order else 1
