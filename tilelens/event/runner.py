"""Checking tables: read each seat's photo, apply the rules, write the reports; a whole event with a
process pool (models loaded once per worker), resumable by a fingerprint of each table's input.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

import tilelens
from scorer import Game, load_game
from scorer.result import TilelensInputError
from tilelens.event.layout import WALL, Photo, TableInput, find_tables, read_table_folder, seat_labels
from tilelens.event.model import Finding, FindingKind, SeatReading, TableReport, where, where_ja
from tilelens.event.reading import Reader, ReaderFactory, load_photo, model_version, recognizer_reader, \
    to_seat_reading
from tilelens.event.report import REPORT_HTML, REPORT_JSON, write_event_report, write_table_report
from tilelens.event.rules import DEFAULT_MIN_CONFIDENCE, Seating, check_readings

# Bump when the rules or the report change shape, so that a resumed run re-checks every table.
REPORT_FORMAT = "3"  # 2: findings carry message_ja; 3: every finding has it and the pages say their fixed texts in Japanese too


@dataclass(frozen=True)
class CheckOptions:
    """What a table's verdict depends on besides its photos."""

    game: str
    min_confidence: float = DEFAULT_MIN_CONFIDENCE
    players: int = 4
    reader_version: str = ""


def fingerprint(table: TableInput, options: CheckOptions) -> str:
    """A hash of everything the table's report depends on: photos (content and names), manifest, game
    file, model version, options. Equal fingerprints mean the stored report still holds."""
    h = hashlib.sha256()
    game = load_game(options.game)
    parts: list[Any] = [REPORT_FORMAT, tilelens.__version__, options.game, options.min_confidence,
                        options.reader_version, table.players, table.dealer]
    if game.source and Path(game.source).is_file():
        parts.append(hashlib.sha256(Path(game.source).read_bytes()).hexdigest())
    parts += [f"{f.kind}:{f.message}" for f in table.problems]
    h.update(json.dumps(parts, default=str).encode())
    h.update(table.manifest)
    photos = sorted(table.seats.items()) + ([(WALL, table.wall)] if table.wall else [])
    for seat, photo in photos:
        h.update(f"{seat}:{photo.name}:".encode())
        try:
            h.update(hashlib.sha256(photo.read_bytes()).digest())
        except OSError:
            h.update(b"unreadable")
    return h.hexdigest()[:24]


def _read_photo(seat: str, photo: Photo, reader: Reader) -> tuple[SeatReading | None, np.ndarray | None,
                                                                   Finding | None]:
    place, place_ja = where(seat), where_ja(seat)
    try:
        image = load_photo(photo)
    except TilelensInputError as exc:
        return None, None, Finding(FindingKind.UNREADABLE_PHOTO, f"{place}: photo {photo.name} cannot be read: "
                                   f"{exc}", seats=(seat,),
                                   message_ja=f"{place_ja}: 写真 {photo.name} を開けません: {exc.message_ja or exc}")
    try:
        reading = reader(image)
    except Exception as exc:  # noqa: BLE001 - one photo that breaks the recognizer must not stop the event
        return None, image, Finding(FindingKind.UNREADABLE_PHOTO, f"{place}: photo {photo.name} could not be read "
                                    f"by the recognizer ({type(exc).__name__}: {exc})", seats=(seat,),
                                    message_ja=f"{place_ja}: 写真 {photo.name} の牌を読めませんでした "
                                               f"({type(exc).__name__}: {exc})")
    h, w = image.shape[:2]
    return to_seat_reading(seat, photo.name, reading, (w, h)), image, None


def check_table(table: TableInput, game: Game, reader: Reader,
                min_confidence: float = DEFAULT_MIN_CONFIDENCE,
                table_fingerprint: str = "") -> tuple[TableReport, dict[str, np.ndarray]]:
    """Read every photo of ``table`` with ``reader`` and check the deal; returns the report and the
    photos read (seat -> BGR image) for crops and thumbnails."""
    start = time.perf_counter()
    findings = list(table.problems)
    readings: dict[str, SeatReading] = {}
    images: dict[str, np.ndarray] = {}
    wall: SeatReading | None = None
    sources = sorted(table.seats.items(), key=lambda kv: int(kv[0])) + ([(WALL, table.wall)] if table.wall else [])
    for seat, photo in sources:
        reading, image, problem = _read_photo(seat, photo, reader)
        if problem:
            findings.append(problem)
        if image is not None and reading is not None:
            images[seat] = image
            if seat == WALL:
                wall = reading
            else:
                readings[seat] = reading
    seating = Seating(seats=tuple(seat_labels(table.players)), dealer=table.dealer)
    findings += check_readings(game, seating, readings, wall, min_confidence)
    seats = tuple(readings[s] for s in sorted(readings, key=int)) + ((wall,) if wall else ())
    report = TableReport(table=table.name, game=game.id, findings=tuple(findings), seats=seats,
                         dealer=table.dealer, fingerprint=table_fingerprint,
                         seconds=time.perf_counter() - start)
    return report, images


def check_and_write(table: TableInput, options: CheckOptions, reader: Reader, out_dir: Path,
                    table_fingerprint: str = "") -> dict[str, Any]:
    """Check one table and write its report folder; returns its ``report.json`` dict."""
    report, images = check_table(table, load_game(options.game), reader, options.min_confidence, table_fingerprint)
    return write_table_report(out_dir, report, images)


# --- the worker side of the pool: one reader per process -------------------------------------------------
_WORKER_READER: Reader | None = None
_WORKER_ERROR: Exception | None = None


def _init_worker(factory: ReaderFactory, game_id: str) -> None:
    global _WORKER_READER, _WORKER_ERROR
    try:
        _WORKER_READER = factory(game_id)
    except Exception as exc:  # noqa: BLE001 - kept for the first task, which re-raises it to the parent
        _WORKER_ERROR = exc


def _work(folder: Path, options: CheckOptions, out_dir: Path, table_fingerprint: str) -> dict[str, Any]:
    if _WORKER_ERROR is not None:
        raise _WORKER_ERROR  # e.g. a missing model: the parent gets the one-line error, not a broken pool
    table = read_table_folder(folder, options.players)
    assert _WORKER_READER is not None, "worker not initialised"
    return check_and_write(table, options, _WORKER_READER, out_dir, table_fingerprint)


def stored_report(out_dir: Path, table_fingerprint: str) -> dict[str, Any] | None:
    """The stored report of a table if it was made from the same input (and its page is there)."""
    path = out_dir / REPORT_JSON
    if not (path.is_file() and (out_dir / REPORT_HTML).is_file()):
        return None
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    return stored if stored.get("fingerprint") == table_fingerprint else None


def summary_line(report: dict[str, Any], resumed: bool) -> dict[str, Any]:
    """The event's line for one table."""
    counts = Counter(f["severity"] for f in report["findings"])
    return {"table": report["table"], "verdict": report["verdict"], "counts": dict(counts), "resumed": resumed,
            "seconds": report.get("seconds", 0.0), "findings": [
                {k: f.get(k, "") for k in ("kind", "severity", "message", "message_ja", "seats", "tiles")}
                for f in report["findings"]]}


@dataclass(frozen=True)
class EventResult:
    """The outcome of an event check: the ``event.json`` dict, and how many tables were read anew."""

    event: dict[str, Any]
    checked: int
    resumed: int

    @property
    def in_order(self) -> bool:
        """True when every table's verdict is ``ok``."""
        return self.event["in_order"]


def _run(todo: list[tuple[Path, Path, str]], options: CheckOptions, factory: ReaderFactory,
         jobs: int, game_id: str) -> Iterator[dict[str, Any]]:
    """Check and write the tables ``todo``; ``game_id``: whose models read them (``options.game`` may be a
    game file)."""
    if jobs <= 1 or len(todo) <= 1:
        reader = factory(game_id) if todo else None
        for folder, out, fp in todo:
            yield check_and_write(read_table_folder(folder, options.players), options, reader, out, fp)
        return
    import multiprocessing

    if factory is recognizer_reader:  # workers side by side share the cores: cap each one's threads
        factory = functools.partial(recognizer_reader, threads=max(1, (os.cpu_count() or 2) // jobs))
    # spawn, not fork: a forked onnxruntime or a forked tqdm thread can hang the child
    with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=multiprocessing.get_context("spawn"),
                             initializer=_init_worker, initargs=(factory, game_id)) as pool:
        futures = [pool.submit(_work, folder, options, out, fp) for folder, out, fp in todo]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BrokenProcessPool:
            factory(game_id)  # a worker could not load its reader: raise the reason here, in one line
            raise


def check_event(event_dir: Path, out_dir: Path, options: CheckOptions,
                factory: ReaderFactory = recognizer_reader, jobs: int = 2, progress: bool = True,
                on_table: Callable[[dict[str, Any]], None] | None = None) -> EventResult:
    """Check every table of ``event_dir`` and write the reports in ``out_dir``; tables whose input is
    unchanged since the last run keep their stored report."""
    game_id = load_game(options.game).id  # an unknown game fails before any work
    if not options.reader_version and factory is recognizer_reader:
        options = CheckOptions(options.game, options.min_confidence, options.players, model_version(game_id))
    lines: dict[str, dict[str, Any]] = {}
    todo: list[tuple[Path, Path, str]] = []
    for folder in find_tables(event_dir, skip=out_dir):
        fp = fingerprint(read_table_folder(folder, options.players), options)
        stored = stored_report(out_dir / folder.name, fp)
        if stored is not None:
            lines[folder.name] = summary_line(stored, resumed=True)
        else:
            todo.append((folder, out_dir / folder.name, fp))
    with tqdm(total=len(lines) + len(todo), initial=len(lines), desc="checking tables", unit="table",
              disable=not progress) as bar:
        for report in _run(todo, options, factory, jobs, game_id):
            lines[report["table"]] = summary_line(report, resumed=False)
            if on_table:
                on_table(report)
            bar.update(1)
    tables = [lines[name] for name in sorted(lines)]
    event = {"game": options.game, "model_version": options.reader_version or "custom",
             "min_confidence": options.min_confidence, "in_order": all(t["verdict"] == "ok" for t in tables),
             "verdicts": dict(Counter(t["verdict"] for t in tables)), "tables": tables}
    write_event_report(out_dir, event)
    return EventResult(event=event, checked=len(todo), resumed=len(lines) - len(todo))
