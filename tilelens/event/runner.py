"""Checking tables: read each seat's photo, apply the rules, write the reports; a whole event with a
process pool (models loaded once per worker), resumable by a fingerprint of each table's input.
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import sys
import threading
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Container, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from vision.cli_args import bar_hidden, progress_bar  # a bar where stderr is a terminal, lines in a log
from vision.other_game import named_above  # a flagged seat's named game: the single photo paths' margin

import tilelens
from scorer import Game, load_game
from scorer.result import TilelensInputError, cli_lang
from tilelens.cli import os_problem
from tilelens.event.copies import copies_left_out, is_across, near_copies_across, near_copies_within, photo_look
from tilelens.event.layout import DEFAULT_REPORT, WALL, EventInputError, Photo, TableInput, keep_photos, \
    read_table_folder, same_photos_across, scan_event, seat_labels, skipped_unchecked
from tilelens.event.model import (Finding, FindingKind, SeatReading, TableReport, Verdict, grouped,
                                  other_game_event, report_from_dict, table_named, table_order, table_report_problem,
                                  verdict_of, where, where_ja)
from tilelens.event.reading import Reader, ReaderFactory, likelier_game, load_photo, looks_like, model_version, \
    recognizer_reader, to_seat_reading
from tilelens.event.report import EVENT_JSON, PAGE_FORMAT, PAGE_LANG, REPORT_HTML, REPORT_JSON, _is_dir, command_line, \
    current_game, event_folder_here, event_reason_named, event_tileset, json_object, page_holds, page_lang, \
    report_game, rewrite_table_report, \
    table_reason, table_trust, write_event_report, write_table_report, written_by_older
from tilelens.event.rules import DEFAULT_MIN_CONFIDENCE, FAULT_LIKELIER_MARGIN, GAME_HINT, GAME_SWITCH, HELD_BACK, \
    LIKELIER_MARGIN, LONE_LIKELIER_GAP, POOR_BELOW, Seating, check_readings, colourless_findings, faulted_on, \
    found_too_few, held_back_said, other_game_findings, \
    poor_photo_finding, poorly_read_seats, surplus_findings, table_game, unsure_findings
from tilelens.event import trust
from tilelens.event.trust import distrust, is_sealed, report_key
from tilelens.ledger import said as printable  # a name as a terminal shows it: its control characters escaped

# Bump when the rules or the report change shape, so that a resumed run re-checks every table.
REPORT_FORMAT = "26"  # 2: findings carry message_ja; 3: every finding has it and the pages say their fixed texts in Japanese too
# 4: a dealer's count says the seat holding the dealer's count (a dealer marked at the wrong seat)
# 5: no dealer marked names the seats holding the dealer's count; an unreadable photo is named once, not by its path
# 6: each seat's photo has a look (near copies, ``copies``)
# 7: a seat's tiles that look like another game's are said (``other_game``, ``looks_like``)
# 8: a seat read far less surely than its table (``kind_sure``, ``poor-photo``); the report keeps its
#    ``min_confidence``, no longer in the fingerprint: a new one re-judges the readings kept (``_rejudged``)
# 9: a seat whose photo has no colour is said so (``colourless``, ``rules.colourless_findings``), the surplus of its
#    misreads put down to it and its hand not announced; a table whose check met an unexpected error is its finding
# 10: a seat photo where (almost) no tile was found is a photo to retake, not a count (``rules.too_few_findings``);
#    every tile of a seat that reads poorly is to confirm; a wait on an Almighty says it is chombo where it is
# 11: a short seat whose photo may be hiding tiles (found bunched at one edge, or read unsurely) says to retake it
#    (``rules.hiding_tiles``); one Japanese verdict, 問題あり
# 12: a stored report is kept only under its seal (``trust``: written by this installation, unchanged since); a
#    seat photo smaller than the photo page reads well is said to be one (``rules.small_photo``), not "too dark"
# 13: half a table's seats of another game's tiles is the table's one finding (the wrong --game?); a confidence is
#    never rounded up to the threshold (``model.sure_text``); a dealer marked at the wrong seat says the photos to
#    rename (or table.toml's line, or the app's choice: ``rules.mark_dealer``)
# 14: a seat read surer as another game is said so (``likelier``); most seats so is the wrong game, its counts and
#    tiles to confirm held back (``rules.wrong_game``); a surplus's least sure tiles only those under the threshold
# 15: exactly half a table's seats of another game's tiles is unsure which game (``rules.game_share``, one rule
#    with ``rules.wrong_game``; ``unsure_game``), naming both, none held back; re-judged, the wrong game's
#    finding says what it holds back at the new threshold (``rules.held_back_said``)
# 16: a photo at two seats of a table (a near copy) is counted once (``copies.copies_left_out``); a seat read poorly
#    or of another game's tiles announces no hand as dealt; a long list of waits is cut short; a wrong count says what
#    to do; a blurred photo of tiles unlike the game's is said blurred first
# 17: one seat read surer as another game by ``rules.LONE_LIKELIER_GAP`` (now on top of ``LIKELIER_MARGIN``) shows another set's tiles, not counted
#    (``_lone_likelier``); a short seat read poorly may hide tiles only where its photo is dark or blurred (``_murky``)
# 18: a short seat whose photo is too dark says to retake it, not to count again (``_dark``); photos named 東南西北 are
#    seats 1-4 (東 deals); photos of no seat said in one finding; an empty table folder in one line
# 19: two seats read one tile apart are one photo only where that tile is a misread (``copies.turned_distance``: the
#    reader unsure between the kinds, the tile's own look near), and the finding names the seat not counted
# 20: a seat counts as read surer as another game only by ``rules.LIKELIER_MARGIN`` (clean Yokai Watch seats were read
#    surer as Nogizaka by up to 0.022); a missing seat of a table named by the winds is asked for by its wind (東.jpg)
# 21: photos named by the English winds (East.jpg ... North.jpg) are seats 1-4 as 東南西北 are; no dealer marked and one
#    seat of the dealer's count: it is taken as the dealer (``rules.taken_dealer``, a notice, the report's ``dealer``),
#    the others counted as non-dealers; a seat read poorly whose tiles are small in the photo is told to move closer
# 22: a table of most seats another game's holds its counts back whichever games the seats look like, and says so
#    (``rules.other_game_findings``: ``held_back`` always kept, which the seats CSV reads)
# 23: one seat a little surer as another game (``rules.FAULT_LIKELIER_MARGIN``) whose table's counts fail on it may show
#    another set's tiles, not counted (``_faulted_likelier``)
# 24: a seat read under the flag is named another game only where it reads its tiles ``vision.other_game.NAMED_BY``
#    surer than its own did (``_read_photo``; a clean Yokai Watch seat read at 0.638 was named Nogizaka's at 0.700)
# 25: a seat read far less surely than its table (``rules.poorly_read_seats``) is named another game by the same margin
#    (``vision.other_game.named_above``; it was at any), and not by a seat read well's smaller ones (``likelier``,
#    ``_lone_likelier``, ``_faulted_likelier``): its photo to retake
# 26: a seat that only may show another set's tiles (``_faulted_likelier``) is no vote in its table's share of another
#    game, its own finding kept (``rules.other_game_findings``); the other games' classifiers are not shown the faces
#    held low for glare or half hidden (``TileRef.held_low``, ``vision.other_game.telling_faces``), as a single photo's
# Not bumped for a new page: a report's readings keep each seat's tiles (kind, box, place), all a table's page and
# thumbnails are drawn from; one of another ``report.PAGE_FORMAT`` is written again from them (``_rejudged``).


@dataclass(frozen=True)
class CheckOptions:
    """What a table's verdict depends on besides its photos."""

    game: str
    min_confidence: float = DEFAULT_MIN_CONFIDENCE
    players: int = 4
    reader_version: str = ""
    # an enrolled tile set that reads every seat (``tilelens check --tileset``, the Event page's Tile set): "" for the
    # game's own reader; a check with another set reads every table again (``fingerprint``)
    tileset: str = ""
    # also compare the photos' looks (``copies``): a photo resized, recompressed or cropped, at two seats or tables
    near_copies: bool = True


def fingerprint(table: TableInput, options: CheckOptions) -> str:
    """A hash of everything the table's report depends on: photos (content and names), manifest, game
    file, model version, options. Equal fingerprints mean the stored report still holds."""
    h = hashlib.sha256()
    game = load_game(options.game)
    # not ``min_confidence``: it changes no reading, and a report of another is re-judged from its readings
    parts: list[Any] = [REPORT_FORMAT, tilelens.__version__, options.game,
                        options.reader_version, table.players, table.dealer] + (["no-near-copies"] * (not options.near_copies))
    parts += [f"tileset:{options.tileset}"] if options.tileset else []  # none: the fingerprints of reports before
    if game.source and Path(game.source).is_file():
        parts.append(hashlib.sha256(Path(game.source).read_bytes()).hexdigest())
    parts += [f"{f.kind}:{f.message}" for f in table.problems]
    h.update(json.dumps(parts, default=str).encode())
    h.update(table.manifest)
    photos = sorted(table.seats.items()) + ([(WALL, table.wall)] if table.wall else [])
    # read for its look; the first seat of a byte copy for the deal too (``identical_kept``: a report of before, of
    # neither read for it, is not "unchanged")
    kept = identical_kept(table)
    photos += [(f"identical-{seat}" + "-counted" * (seat in kept), photo)
               for seat, photo in sorted(table.identical.items())]
    for seat, photo in photos:
        h.update(f"{seat}:{photo.name}:".encode())
        try:
            h.update(bytes.fromhex(photo.digest))
        except OSError:
            h.update(b"unreadable")
    return h.hexdigest()[:24]


def _read_photo(seat: str, photo: Photo, reader: Reader) -> tuple[SeatReading | None, np.ndarray | None,
                                                                   Finding | None]:
    place, place_ja = where(seat), where_ja(seat)
    named = {"photo": photo.name}  # a photo not read names itself, as a reading does (the seats' CSV says it)
    try:
        image = load_photo(photo)
    except TilelensInputError as exc:
        if away := getattr(exc, "leads_out", None):  # a link leading out of the event folder: said as the scan says it
            return None, None, Finding(FindingKind.UNREADABLE_PHOTO, f"{place}: photo {away[0]}", seats=(seat,),
                                       message_ja=f"{place_ja}: {away[1]}", data=named)
        if unopened := getattr(exc, "unopened", None):  # the file cannot be opened: "cannot be read" said once
            return None, None, Finding(FindingKind.UNREADABLE_PHOTO, f"{place}: photo {photo.name} cannot be read "
                                       f"({unopened[0]})", seats=(seat,), data=named,
                                       message_ja=f"{place_ja}: 写真 {photo.name} を開けません ({unopened[1]})")
        why, why_ja = (_unnamed(text, photo) for text in (str(exc), exc.message_ja or str(exc)))
        return None, None, Finding(FindingKind.UNREADABLE_PHOTO, f"{place}: photo {photo.name} cannot be read: "
                                   f"{why}", seats=(seat,), data=named,
                                   message_ja=f"{place_ja}: 写真 {photo.name} を開けません: {why_ja}")
    try:
        reading = reader(image)
    except Exception as exc:  # noqa: BLE001 - one photo that breaks the recognizer must not stop the event
        return None, image, Finding(FindingKind.UNREADABLE_PHOTO, f"{place}: photo {photo.name} could not be read "
                                    f"by the recognizer ({type(exc).__name__}: {exc})", seats=(seat,), data=named,
                                    message_ja=f"{place_ja}: 写真 {photo.name} の牌を読めませんでした "
                                               f"({type(exc).__name__}: {exc})")
    from vision.image_io import colourless

    h, w = image.shape[:2]
    seat_reading = to_seat_reading(seat, photo.name, reading, (w, h))
    if colourless(image):  # a grey photo (a phone's mono filter): misread for want of colour, not another game's
        seat_reading = dataclasses.replace(seat_reading, colourless=True)
    elif getattr(reading, "other_game", False):  # tiles of another game, read as this one's: which, where it can tell
        # named a game only where it reads the tiles a margin surer than its own game did (``other_game.NAMED_BY``)
        seat_reading = dataclasses.replace(seat_reading, other_game=True, looks_like=looks_like(
            reader, image, reading, than=named_above(seat_reading.kind_sure)))
    with contextlib.suppress(OSError):  # its file's hash: a byte copy at another table is said to be one
        seat_reading = dataclasses.replace(seat_reading, digest=photo.digest)
    # the look of the photo as decoded for reading (no second decode): near copies of it look alike
    return dataclasses.replace(seat_reading, look=photo_look(image, seat_reading)), image, None


def _folder_gone(table: TableInput) -> Finding | None:
    """The finding of a table whose folder went away after the event folder was read (renamed or moved while the
    check ran), or None: its photos are not read, and the next check reads them where they are then."""
    folders = {p.path.parent for p in [*table.seats.values(), table.wall] if p is not None and p.path is not None}
    if len(folders) != 1 or (folder := folders.pop()).is_dir():
        return None
    return _gone(folder.name, tuple(sorted(table.seats, key=int)))


def _gone(folder: str, seats: tuple[str, ...] = ()) -> Finding:
    """A table's folder that went away while the check ran, in one line (not one per photo)."""
    return Finding(FindingKind.UNREADABLE_PHOTO, f"the folder {folder} went away while the check ran (renamed or "
                   f"moved?): its photos were not read; run the check again once the folders are as they should be",
                   seats=seats, message_ja=f"チェックの途中でフォルダ {folder} がなくなりました (名前を変えたか移動したかもしれません): "
                                           f"写真は読んでいません。フォルダを整えてから、もう一度チェックしてください")


def _read_folder(folder: Path, players: int, root: Path | None = None, game: Game | None = None) -> TableInput:
    """``read_table_folder`` (``root``: the event folder, no photo read from outside it; ``game``: its table.toml's
    players held to the game's span), or, for a folder renamed or moved since the event folder was listed, a table of
    no photo that says so: the other tables are still checked."""
    try:
        if root is None or folder.absolute().parent.resolve() == root:  # the folder holding it: the default root
            return read_table_folder(folder, players, game=game)
        return read_table_folder(folder, players, root, game=game)  # a one-table event: its own folder
    except FileNotFoundError:
        if folder.exists():
            raise
        return TableInput(name=folder.name, players=players, seats={}, problems=(_gone(folder.name),))
    except PermissionError as exc:  # no read permission: that table's one finding, the others still checked
        return TableInput(name=folder.name, players=players, seats={}, problems=(_unopened(folder.name, exc),))


def _unopened(folder: str, exc: OSError) -> Finding:
    """A table's folder that cannot be opened (no permission to read it), in one line (not one per seat)."""
    why = exc.strerror or type(exc).__name__
    return Finding(FindingKind.UNREADABLE_PHOTO, f"the folder {folder} cannot be opened ({why}): its photos were not "
                   f"read; give the check permission to read it (chmod -R u+rX {folder}) and run the check again",
                   message_ja=f"フォルダ {folder} を開けません ({why}): 写真は読んでいません。読み取りの権限を与えて "
                              f"(chmod -R u+rX {folder})、もう一度チェックしてください")


def _unnamed(reason: str, photo: Photo) -> str:
    """``reason`` (why ``photo`` cannot be read) without the photo's name or path it begins with: the finding
    names the photo, by its name, before it ("photo seat4.jpg cannot be read: a damaged photo: its picture cannot be
    decoded (...): ...")."""
    head, sep, rest = reason.partition(": ")
    return rest if sep and rest and (head == photo.name or head.endswith(("/" + photo.name, "\\" + photo.name))) \
        else reason


def check_table(table: TableInput, game: Game, reader: Reader,
                min_confidence: float = DEFAULT_MIN_CONFIDENCE,
                table_fingerprint: str = "", looks: bool = True,
                game_hint: tuple[str, str] = GAME_HINT) -> tuple[TableReport, dict[str, np.ndarray]]:
    """Read every photo of ``table`` with ``reader`` and check the deal; returns the report and the
    photos read (seat -> BGR image) for crops and thumbnails. Two seats that read the same tiles in the same
    places are one photo; with ``looks`` (the default), so are two whose photos look alike (``copies``). Tiles that
    look like another game's are said first (``rules.other_game_findings``), asking ``game_hint`` (English,
    Japanese: was the right ``--game`` given?)."""
    start = time.perf_counter()
    findings = list(table.problems)
    readings: dict[str, SeatReading] = {}
    images: dict[str, np.ndarray] = {}
    wall: SeatReading | None = None
    # a photo copied byte for byte to seats (``TableInput.identical``) is read for the first of them in the table's
    # order, its tiles counted once, as a near copy's are (``copies.copies_left_out``); the others keep its finding
    seated = {**table.seats, **identical_kept(table)}
    sources = sorted(seated.items(), key=lambda kv: int(kv[0])) + ([(WALL, table.wall)] if table.wall else [])
    if (gone := _folder_gone(table)) is not None:  # renamed or moved since it was listed: said once, not per photo
        findings.append(gone)
        sources = []
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
    copies = near_copies_within([*(readings[s] for s in sorted(readings, key=int)), *([wall] if wall else [])], looks)
    findings += copies
    seating = Seating(seats=tuple(seat_labels(table.players)), dealer=table.dealer, dealer_claims=table.dealer_claims,
                      marked_by=table.marked_by, dealer_manifest=table.dealer_manifest)
    # a seat read far less surely than its table: another game's tiles, named by a flagged seat's margin (a photo that
    # reads poorly reads poorly with every classifier, one by chance a little surer), or a photo to retake
    poor = []
    for seat, sure, median in poorly_read_seats(readings):
        if like := looks_like(reader, images[seat], readings[seat], than=named_above(sure)):
            readings[seat] = dataclasses.replace(readings[seat], other_game=True, looks_like=like)
        else:
            poor.append(poor_photo_finding(seat, sure, median, readings[seat]))
    read_poorly = frozenset(f.seats[0] for f in poor)  # not then named by the smaller margins of a seat read well
    for seat in readings:  # a seat not flagged, read surer as another game: most of the table so, the wrong game
        if not readings[seat].other_game and not readings[seat].colourless and seat not in read_poorly:
            if like := likelier_game(reader, images[seat], readings[seat]):
                readings[seat] = dataclasses.replace(readings[seat], likelier=like)
    # the seats of one photo copied (identical files, not read for the deal) count among the table's seats, as its
    # finding of another game's tiles counts them (``rules.game_share``: one rule of both)
    copied = _identical_looks(table, reader, readings)
    like, seats_like, share = table_game({**readings, **copied})
    for seat in seats_like:  # each said in the table's one finding of another game's tiles (at half: unsure which)
        if seat in readings:
            readings[seat] = dataclasses.replace(readings[seat], other_game=True, looks_like=like)
    if not share:  # fewer: a seat read surer as another game by a margin shows another set's tiles (``_lone_likelier``)
        readings.update(_lone_likelier(readings, images, reader))
    # a photo at two seats counted once, as a byte copy is: its tiles not a surplus each, its hand not said twice
    left_out = copies_left_out(copies, readings)
    murky, dark = _murky(readings, images), _dark(readings, images)

    def checked() -> list[Finding]:
        return check_readings(game, seating, {s: r for s, r in readings.items() if s not in left_out}, wall,
                              min_confidence, murky, dark)

    counted = checked()
    possibly: dict[str, SeatReading] = {}
    if not share:  # a seat surer by less, where the table's counts fail on it: it may (``_faulted_likelier``)
        possibly = _faulted_likelier(faulted_on(game, seating, readings, findings=counted) - read_poorly,
                                     readings, images, reader)
        if possibly:  # set aside: the table checked again without it
            readings.update(possibly)
            counted = checked()
    findings += counted
    held = -1
    if share == "most":  # the wrong game: its counts, surplus, tiles to confirm and dealt hands are of misread tiles
        kept = [f for f in [*poor, *findings] if f.kind not in HELD_BACK]
        held, poor, findings = len(poor) + len(findings) - len(kept), [], kept
    # ahead of the counts it explains; seats of one photo copied (identical files, not read for the deal) too: one read
    # a wall photo of no colour is none to say: its tiles, face down, are counted, not named
    findings = (colourless_findings(readings)
                + other_game_findings(game, {**readings, **copied}, game_hint[:2], held,
                                      tuple(game_hint[2:4]) if len(game_hint) >= 4 else GAME_SWITCH,  # type: ignore
                                      _blurred(readings, images), frozenset(possibly))
                + poor + findings)
    seats = tuple(readings[s] for s in sorted(readings, key=int)) + ((wall,) if wall else ())
    if gone or any(p.path is not None and not p.path.exists() for _, p in sources):
        table_fingerprint = ""  # a photo gone while the check ran: never "unchanged", the next check reads it again
    images.update(_rival_images(table))
    # no dealer marked, the one seat of the dealer's count taken as the dealer (its notice): the report's dealer, so that
    # the pages and the seats' CSV count it as the rules did
    taken = next((f.seats[0] for f in findings if f.kind == FindingKind.DEALER_TAKEN and f.seats), None)
    report = TableReport(table=table.name, game=game.id, findings=tuple(findings), seats=seats,
                         dealer=table.dealer or taken, fingerprint=table_fingerprint,
                         seconds=time.perf_counter() - start, min_confidence=min_confidence, game_file=game_file(game))
    return report, images


def _blurred(readings: dict[str, SeatReading], images: dict[str, np.ndarray]) -> frozenset[str]:
    """The seats flagged as another game's tiles (``other_game``) whose photos are blurred, as the photo page judges
    blur (``vision.photo_checks.blurry``, on the tiles read): blurred tiles look like no set's, so the blur is said
    first (a blurred seat was said to be another set's)."""
    from vision.photo_checks import blurry

    # a seat read surer as another game (``likelier``: ``_lone_likelier``) is no blur: blurred tiles are read surely as
    # none (a rendered photo's flat faces measure blurred: a Nogizaka photo at a riichi seat)
    return frozenset(s for s, r in readings.items() if r.other_game and not r.likelier and s in images
                     and blurry(images[s], [t.xyxy for t in r.faces]))


def _lone_likelier(readings: dict[str, SeatReading], images: dict[str, np.ndarray],
                   reader: Reader) -> dict[str, SeatReading]:
    """The seats, fewer than half their table's (``rules.table_game``), read surer as another game (``likelier``) by
    ``rules.LIKELIER_MARGIN`` + ``rules.LONE_LIKELIER_GAP`` (0.05 in all) or more than as their own (``reading.likelier_game`` asked again over their mean kind
    confidence raised by it), flagged ``other_game`` looking like it: each said to show another set's tiles
    (``rules.other_game_findings``) and not counted (2026-12-06: a Nogizaka photo at a Tokyo Mahjong seat, read at
    0.87 as Tokyo Mahjong and 0.955 as Nogizaka, was counted: "9 tiles, expected 13", "1 Pin read 16 times")."""
    out = {}
    for seat, r in readings.items():
        if r.likelier and not r.other_game and r.kind_sure is not None and seat in images:
            raised = dataclasses.replace(r, kind_sure=r.kind_sure + LONE_LIKELIER_GAP)
            if likelier_game(reader, images[seat], raised) == r.likelier:
                out[seat] = dataclasses.replace(r, other_game=True, looks_like=r.likelier)
    return out


def _faulted_likelier(faulted: frozenset[str], readings: dict[str, SeatReading], images: dict[str, np.ndarray],
                      reader: Reader) -> dict[str, SeatReading]:
    """The one seat of the ``faulted`` (``rules.faulted_on``: the seats of a table whose counts fail on them, its count
    wrong, or a surplus gone without it, the face-up wall counted as the check counts it) read surer as another game by
    ``rules.FAULT_LIKELIER_MARGIN`` or more (``reading.likelier_game`` asked again over its mean kind confidence lowered
    to it), flagged ``other_game`` looking like it: said to perhaps show another
    set's tiles (``rules.other_game_findings``' ``possibly``) and not counted; none where two seats are so
    (2026-12-07: a Yokai Watch photo at a Nogizaka seat, +0.036, was counted and its misreads' Minami surplus put on
    two correct seats)."""
    out = {}
    lower = LIKELIER_MARGIN - FAULT_LIKELIER_MARGIN
    for seat in faulted:
        r = readings[seat]
        if r.colourless or r.kind_sure is None or seat not in images:
            continue
        if like := r.likelier or likelier_game(reader, images[seat], dataclasses.replace(r, kind_sure=r.kind_sure - lower)):
            out[seat] = dataclasses.replace(r, other_game=True, looks_like=like)
    return out if len(out) == 1 else {}


def _murky(readings: dict[str, SeatReading], images: dict[str, np.ndarray]) -> frozenset[str]:
    """The seats read under ``rules.POOR_BELOW`` whose photos are measurably dark or blurred, as the photo page judges
    them (``vision.photo_checks``, on the tiles read): only those may be hiding tiles for it (``rules.hiding_tiles``;
    2026-12-06: a sharp photo of 12 tiles of 13, read at 0.73, was said to be perhaps too dark or blurred)."""
    from vision.photo_checks import blurry, dark

    out = set()
    for s, r in readings.items():
        if r.kind_sure is not None and r.kind_sure < POOR_BELOW and s in images:
            boxes = [t.xyxy for t in r.faces]
            if dark(images[s], boxes) or blurry(images[s], boxes):
                out.add(s)
    return frozenset(out)


def _dark(readings: dict[str, SeatReading], images: dict[str, np.ndarray]) -> frozenset[str]:
    """The seats whose photos are too dark, as the photo page judges them (``vision.photo_checks.dark``, on the tiles
    read), however surely their tiles read: a short one's photo is to retake, not its hand to count again
    (``rules.count_findings``; 2026-12-07: a photo darkened to a quarter showed 4 tiles of 8, read at 0.96, and the
    organiser was sent to count a correct hand)."""
    from vision.photo_checks import dark

    return frozenset(s for s, r in readings.items() if s in images and dark(images[s], [t.xyxy for t in r.faces]))


def _rival_images(table: TableInput) -> dict[str, np.ndarray]:
    """The photos of a seat that has more than one (``TableInput.rivals``: none read), by ``seat#N`` (``N`` from 1,
    as the finding names them), for their thumbnails under that finding (``report.write_images``); a photo that cannot
    be opened is passed over."""
    out = {}
    for seat, photos in table.rivals.items():
        for i, photo in enumerate(photos):
            with contextlib.suppress(TilelensInputError, OSError):
                out[f"{seat}#{i + 1}"] = load_photo(photo)
    return out


def _rejudged(table: TableInput, stored: dict[str, Any], options: CheckOptions, out_dir: Path) -> dict[str, Any] | None:
    """The stored report of ``table`` (its input unchanged) judged again at ``options.min_confidence`` from the
    readings it keeps, no photo read by the recognizer (its tiles to confirm, and the least sure tiles a surplus names,
    are the only findings that threshold changes); its report written again, the photos decoded for the crops of the
    tiles now to confirm and the thumbnails (a report of an older ``report.PAGE_FORMAT`` is written again so, at the
    same threshold). None where it cannot be (a report of no threshold, edited by hand, a photo that no longer opens):
    the table is read again."""
    if stored.get("min_confidence") is None:
        return None
    try:
        report = report_from_dict(stored)
        seated = {**table.identical, **table.seats}  # a byte copy's first seat is read (``identical_kept``)
        images = {s.seat: load_photo(table.wall if s.seat == WALL else seated[s.seat]) for s in report.seats}
        images.update(_rival_images(table))
    except (KeyError, TypeError, ValueError, AttributeError, TilelensInputError, OSError):
        return None
    # a photo at two seats counted once (``check_table``): the seats left out of the rules are left out again
    left_out = copies_left_out(report.findings, {s.seat: s for s in report.seats})
    # a photo to retake (too few tiles found): no tile to confirm
    readings = {s.seat: s for s in report.seats if not found_too_few(s) and s.seat not in left_out}
    game = load_game(options.game)
    unsure = unsure_findings(game, readings, options.min_confidence)
    # a surplus names its least sure tiles only under the threshold (or says none is unsure, at it): said again at this
    # one, of the seats ``check_readings`` counts it of (a face-up wall's too); the surplus is not of the threshold
    surplus = {f.data.get("kind"): f for f in surplus_findings(
        game, {s.seat: s for s in report.seats if s.seat not in left_out}, options.min_confidence)}
    # a table of the wrong game's tiles (its finding says how many it held back) holds its tiles to confirm back still,
    # its finding saying how many at this threshold: those held at the old one out, those of this one in
    kept = []
    for f in report.findings:
        if f.kind == FindingKind.OTHER_GAME and isinstance(held := f.data.get("held_back"), int) and held >= 0:
            old = len(unsure_findings(game, readings, report.min_confidence))
            f = held_back_said(f, max(0, held - old) + len(unsure))
            unsure = []
        if f.kind == FindingKind.SURPLUS:
            f = surplus.get(f.data.get("kind"), f)
        if f.kind != FindingKind.UNSURE_TILE:
            kept.append(f)
    at = next((i for i, f in enumerate(kept) if f.kind in (FindingKind.WINNING_AS_DEALT, FindingKind.TENPAI_AS_DEALT)),
              len(kept))  # where ``check_readings`` says them: before the hands as dealt
    report = dataclasses.replace(report, findings=(*kept[:at], *unsure, *kept[at:]),
                                 min_confidence=options.min_confidence)
    return write_table_report(out_dir, report, images, event_link=True)


def identical_kept(table: TableInput) -> dict[str, Photo]:
    """Seat -> photo, of the seats whose photos are identical files (``TableInput.identical``), the first of each such
    photo in the table's order: the seat it is read for, for the deal (its tiles counted once, as a near copy's are:
    ``copies.copies_left_out``); the others are not read for it, their copy finding said (``layout._same_content``)."""
    kept: dict[str, Photo] = {}
    seen: set[str] = set()
    for seat, photo in sorted(table.identical.items(), key=lambda kv: int(kv[0])):
        try:
            digest = photo.digest
        except OSError:
            continue
        if digest not in seen:
            seen.add(digest)
            kept[seat] = photo
    return kept


def _identical_looks(table: TableInput, reader: Reader, readings: dict[str, SeatReading]) -> dict[str, SeatReading]:
    """Seat -> the reading of its photo, for the seats whose photos are identical files (``TableInput.identical``) not
    read for the deal (``identical_kept``'s are, in ``readings``: theirs is used, not read again): one read of each
    such photo, for whether its tiles look like another game's alone (a copied photo of the wrong game's tiles is said
    so too). A photo that cannot be read is passed over (its seats are said already)."""
    looks: dict[str, SeatReading] = {}
    by_digest: dict[str, SeatReading | None] = {}
    for seat, photo in sorted(table.identical.items(), key=lambda kv: int(kv[0])):
        try:
            digest = photo.digest
        except OSError:
            continue
        if seat in readings:  # read for the deal: counted among the table's seats already
            by_digest.setdefault(digest, readings[seat])
            continue
        if digest not in by_digest:
            by_digest[digest] = _read_photo(seat, photo, reader)[0]
        if (reading := by_digest[digest]) is not None:
            looks[seat] = dataclasses.replace(reading, seat=seat)
    return looks


def check_and_write(table: TableInput, options: CheckOptions, reader: Reader, out_dir: Path,
                    table_fingerprint: str = "") -> dict[str, Any]:
    """Check one table and write its report folder; returns its ``report.json`` dict. An unexpected error (a
    fault of tilelens itself, not of the photos) is that table's one finding (``not_checked``), and the event goes
    on; an ``OSError`` (writing the report: disk full, no rights) stops the check, as it would at every table."""
    start, game = time.perf_counter(), load_game(options.game)
    try:
        report, images = check_table(table, game, reader, options.min_confidence, table_fingerprint,
                                     options.near_copies)
        return write_table_report(out_dir, report, images, event_link=True)
    except OSError:
        raise
    except Exception as exc:  # noqa: BLE001 - one table's error must not stop the event
        report = not_checked_report(table, game, exc, time.perf_counter() - start, options.min_confidence)
        try:
            return write_table_report(out_dir, report, {}, event_link=True)
        except Exception:  # noqa: BLE001 - its report cannot be written either: its line says it all the same
            return report.to_dict()


def check_table_or_say(table: TableInput, game: Game, reader: Reader,
                       min_confidence: float = DEFAULT_MIN_CONFIDENCE, table_fingerprint: str = "", looks: bool = True,
                       game_hint: tuple[str, str] = GAME_HINT) -> tuple[TableReport, dict[str, np.ndarray]]:
    """``check_table``, with an unexpected error (a fault of tilelens itself) the table's one finding
    (``not_checked_report``, no photos) as ``check_and_write`` makes it: what the app's Event check page shows.
    An ``OSError`` is raised, as there."""
    start = time.perf_counter()
    try:
        return check_table(table, game, reader, min_confidence, table_fingerprint, looks, game_hint)
    except OSError:
        raise
    except Exception as exc:  # noqa: BLE001 - said as the table's finding, not raised
        return not_checked_report(table, game, exc, time.perf_counter() - start, min_confidence), {}


# --- an event checked table by table from uploads (the app's Event check page) ---------------------------------
# Each table is checked under a name, its report kept in ``out_dir/<name>`` beside the tables checked before, and
# the event's report (``event.json``, ``index.html``) written again over them all, as ``tilelens check`` writes it.
UPLOAD_PREFIX = "table-"
_UPLOAD_NUMBERED = re.compile(r"table-(\d{1,4})")
_ENDS_IN_NUMBER = re.compile(r"(.*?)(\d{1,6})", re.DOTALL)  # \d: full-width digits too (卓３)
_TO_WIDE = str.maketrans("0123456789", "０１２３４５６７８９")
REMOVED = ".removed"  # where a table removed from an event checked from uploads is moved aside
_NOT_IN_A_NAME = set('/\\:*?"<>|')  # a folder's name on any system
_RESERVED = {"con", "prn", "aux", "nul", *(f"{p}{n}" for p in ("com", "lpt") for n in range(1, 10))}  # Windows'
MAX_TABLE_NAME = 60


def tables_checked(out_dir: Path) -> list[str]:
    """The tables checked into ``out_dir`` (``check_uploaded_table``): its folders holding a report of a table of
    their name, or the photos of a table kept (``layout.keep_photos``) with none (a check cut off before its report
    was written: ``unfinished_tables``), in the event's order. Each name is taken: not offered again, nor checked
    over unasked."""
    return [name for name, _ in _tables_taken(out_dir)]


def unfinished_tables(out_dir: Path) -> list[str]:
    """The tables of ``tables_checked`` whose check was cut off after their photos were kept (the app killed, a write
    error): no report of their own yet. The next table checked into ``out_dir`` checks them again from their photos
    (``_write_uploaded_event``), as the same photos sent again do (``check_uploaded_table``)."""
    return [name for name, reported in _tables_taken(out_dir) if not reported]


def _tables_taken(out_dir: Path) -> list[tuple[str, bool]]:
    """``tables_checked``'s tables, each with whether it holds a report of its own: every report read once."""
    found = []
    with contextlib.suppress(OSError):
        for folder in out_dir.iterdir():
            if folder.is_dir() and not folder.name.startswith("."):
                reported = _stored_table(folder) is not None
                if reported or (not folder.is_symlink() and _kept_photos(folder)):
                    found.append((folder.name, reported))
    return sorted(found, key=lambda taken: table_order(taken[0]))


def next_table_name(out_dir: Path | None, after: str | None = None) -> str:
    """The name offered for the next table checked into ``out_dir`` (None: none yet), after the table ``after``
    (the one checked last): the organiser's own name counted on where it ends in a number (``卓3`` -> ``卓4``,
    ``table-09`` -> ``table-10``, full-width digits kept full-width), else ``table-NN`` past the tables checked and
    the highest ``table-NN`` among them. Never a name checked there already (nor one only padded, cased or wide
    otherwise: ``similar_table_name``).

    >>> next_table_name(Path("/nonexistent"))
    'table-01'
    >>> next_table_name(Path("/nonexistent"), "卓3"), next_table_name(Path("/nonexistent"), "table-09")
    ('卓4', 'table-10')
    """
    names = tables_checked(out_dir) if out_dir is not None else []
    if after is None:  # the event's own numbering (``卓01``, ``卓02`` -> ``卓03``): the tables' most common, its last
        numbered = [(m.group(1), name) for name in names if (m := _ENDS_IN_NUMBER.fullmatch(name))]
        heads = Counter(head for head, _ in numbered)
        if heads:
            head = max(heads, key=lambda h: (heads[h], max(table_order(n) for hh, n in numbered if hh == h)))
            after = max((n for hh, n in numbered if hh == head), key=table_order)
    if after is not None and (m := _ENDS_IN_NUMBER.fullmatch(after.strip())):
        head, digits = m.group(1), m.group(2)
        wide = not digits.isascii()
        number = int(digits)
        while True:
            number += 1
            counted = f"{number:0{len(digits)}d}"
            offered = head + (counted.translate(_TO_WIDE) if wide else counted)
            if similar_table_name(offered, names) is None and offered not in names:
                return offered
    numbers = [int(m.group(1)) for name in names if (m := _UPLOAD_NUMBERED.fullmatch(name))]
    number = max(max(numbers, default=0), len(names))
    while True:
        number += 1
        offered = f"{UPLOAD_PREFIX}{number:02d}"
        if similar_table_name(offered, names) is None and offered not in names:
            return offered


def _name_key(name: str) -> str:
    """``name`` as a person reads it: width (full-width letters and digits), case and the zeros before a number's
    digits not told apart."""
    plain = unicodedata.normalize("NFKC", name.strip()).casefold()
    return re.sub(r"\d+", lambda m: str(int(m.group())), plain)


_NUMBERED_TABLE = re.compile(r"(?:table-?|卓)(\d+)")  # of a ``_name_key``: table-01 and 卓01, one table's number


def _table_key(name: str) -> str:
    """``_name_key`` of a table's name, ``table-NN`` and ``卓NN`` (an English and a Japanese phone's numbering of one
    event: ``offered_name``) one number."""
    key = _name_key(name)
    return f"#{m.group(1)}" if (m := _NUMBERED_TABLE.fullmatch(key)) else key


def similar_table_name(name: str, names: list[str]) -> str | None:
    """The table of ``names`` that ``name`` differs from only by zeros before a number, case or width
    (``table-1``, ``TABLE-01``, ``table-０１`` of ``table-01``), or by ``卓`` for ``table-`` (``卓01``: a Japanese
    phone's number of it): checked under it, it would be another table. None where none is (or ``name`` is one of
    them as written).

    >>> similar_table_name("table-1", ["table-01"]), similar_table_name("table-01", ["table-01"])
    ('table-01', None)
    >>> similar_table_name("卓01", ["table-01"])
    'table-01'
    """
    shown = name.strip()
    if shown in names:
        return None
    return next((other for other in names if _table_key(other) == _table_key(shown)), None)


# What a name given in the app names, in its refusal (``folder_name_problem``): the name (English, Japanese), what a
# folder of that name holds, and what to type where none is typed.
_NAMED = {"table": (("The table name", "卓の名前"),
                    ("its report is a folder of that name", "レポートはその名前のフォルダに書かれます"),
                    ("give the table a name (table-01, A, ...)", "卓の名前を入力してください (table-01、A卓など)。")),
          "event": (("The event name", "イベントの名前"),
                    ("its tables are kept in a folder of that name", "卓はその名前のフォルダに保存されます"),
                    ("give the event a name (spring-cup, ...)", "イベントの名前を入力してください (春の大会など)。"))}


def folder_name_problem(name: str, what: str) -> tuple[str, str] | None:
    """Why ``name`` cannot name a folder on any system, in one line naming ``what`` it names (``"table"``,
    ``"event"``: ``_NAMED``): (English, Japanese); None for a good name."""
    (the, the_ja), (why, why_ja), (empty, empty_ja) = _NAMED[what]
    shown = name.strip()
    if not shown:
        return f"{the} is empty: {empty}", empty_ja
    if any(ch in _NOT_IN_A_NAME or ord(ch) < 32 for ch in shown):
        return (f'{the} {shown} cannot hold / \\ : * ? " < > |: {why}',
                f'{the_ja} {shown} には / \\ : * ? " < > | は使えません。{why_ja}。')
    if shown.startswith(".") or shown.endswith("."):
        return (f"{the} {shown} cannot begin or end with a dot: {why}",
                f"{the_ja} {shown} はドットで始めたり終えたりできません。{why_ja}。")
    if shown.lower() in _RESERVED or shown.split(".")[0].lower() in _RESERVED:
        return (f"{the} {shown} is a name a folder cannot have: choose another",
                f"{the_ja} {shown} はフォルダの名前にできません。別の名前にしてください。")
    if len(shown) > MAX_TABLE_NAME:
        return (f"{the} is {len(shown)} characters long: at most {MAX_TABLE_NAME}",
                f"{the_ja}が{len(shown)}文字あります。{MAX_TABLE_NAME}文字までにしてください。")
    return None


def table_name_problem(name: str) -> tuple[str, str] | None:
    """Why ``name`` cannot name a table checked from uploads (its report is a folder of that name), in one line:
    (English, Japanese); None for a good name (``folder_name_problem``, nor the name of a file or folder of the
    reports').

    >>> table_name_problem("table-01") is None, table_name_problem("A卓") is None
    (True, True)
    >>> table_name_problem("a/b")[0]
    'The table name a/b cannot hold / \\\\ : * ? " < > |: its report is a folder of that name'
    """
    if (problem := folder_name_problem(name, "table")) is not None:
        return problem
    shown = name.strip()
    # the event's report, a report folder's own folders, and the default report's
    if shown in (EVENT_JSON, REPORT_HTML) or shown.lower() in ("thumbs", "crops", "_report"):
        return (f"The table name {shown} is the name of a file or folder of the reports: choose another",
                f"卓の名前 {shown} はレポートのファイルかフォルダの名前です。別の名前にしてください。")
    return None


class TableTaken(EventInputError):
    """A table was checked under ``name`` in the event already (on another phone), and the check was not to replace
    it (``check_uploaded_table``'s ``replace``): refused, ``free`` the next name not taken (``next_table_name``)."""

    def __init__(self, name: str, free: str) -> None:
        super().__init__(f"A table {name} was checked in this event already (on another phone?): this table was not "
                         f"kept under its name, so as not to replace that table's report; check it as {free}, a name "
                         f"not taken",
                         f"この卓の名前 {name} で、このイベントではすでに別の卓がチェックされています (ほかの端末で?): その卓の"
                         f"レポートを置き換えないよう、この卓は保存していません。まだ使われていない名前 {free} でチェックして"
                         f"ください")
        self.name, self.free = name, free


def check_uploaded_table(table: TableInput, game: Game, reader: Reader, out_dir: Path,
                         min_confidence: float = DEFAULT_MIN_CONFIDENCE, looks: bool = True,
                         game_hint: tuple[str, str] = GAME_HINT, photos: dict[str, tuple[str, bytes]] | None = None,
                         lang: str | None = None, free_name: bool = False, replace: bool = False,
                         tileset: str = "", same_table: bool = False) -> dict[str, Any]:
    """Check ``table`` (``check_table_or_say``), keep its report in ``out_dir/<table.name>``, the other tables kept,
    and write the event's report of every table checked into ``out_dir`` (``event.json``, ``index.html``), with the
    photos that are one photo across tables said at both (``near_copies_across``; only with ``looks``), as ``tilelens
    check`` says them. Returns the ``event.json`` dict. A name that cannot be a folder's is refused
    (``EventInputError``, ``table_name_problem``), before any photo is read; an ``OSError`` writing is raised.
    ``photos``: seat (or ``wall``) -> (name, bytes) uploaded, kept in the table's folder as ``tilelens check`` reads
    one (``layout.keep_photos``), so that ``out_dir`` is checked again as an event folder; ``lang``: the language the
    pages are made in (``report.page_lang``: the app's screen's); ``tileset``: the enrolled tile set ``reader`` reads
    with (the page's Tile set), in the table's fingerprint.

    A table checked under that name already is replaced only with ``replace`` (the caller's own table checked again,
    or one the person said to replace): else it may be another phone's, and the check is refused (``TableTaken``,
    naming the next free name), its report and photos kept; with ``free_name`` (the name was offered, not chosen:
    ``next_table_name``) the table is checked under the next free name instead. The name is looked at before any photo
    is read, and decided again while the event is held for writing (``_writing_when_free``: one check at a time, each
    writing the event's report over every table checked by then, so none is lost): two phones checking a table under
    one new name at once do not both keep it. The name it was checked under is the returned dict's ``CHECKED_AS``.

    With ``same_table`` (the page: phones), ``photos`` that are, byte for byte at the same seats, those of a table
    checked into ``out_dir`` already (``same_photos_table``: one table sent from two phones, at once or not) are that
    table: not checked again nor kept twice (two tables each "not in order" as a copy of the other), its name the
    returned dict's ``CHECKED_AS`` and ``SAME_AS``; looked at before the photos are read, and again as the event is
    held for writing. The photos of a table whose check was cut off before its report was written
    (``unfinished_tables``: the phone reloaded, its photos sent again) are that table too, checked now under its
    name (``CHECKED_AS`` and ``SAME_AS``); the tables cut off that a check finishes so, or checks again from their
    photos (``RECHECKED``), are ``FINISHED``. A table's photos kept before are moved aside into ``out_dir/.removed``
    (``layout.keep_photos``), never deleted."""
    if (problem := table_name_problem(table.name)) is not None:
        raise EventInputError(*problem)
    table = dataclasses.replace(table, name=table.name.strip())
    if same_table and (same := same_photos_table(out_dir, table, photos, replace)) is not None:  # before reading
        if same not in unfinished_tables(out_dir):
            return _same_table(out_dir, same, game, min_confidence, table.players, looks, lang, game_hint, tileset)
        # the photos of a table whose check was cut off, sent again (the phone reloaded): that table, checked now
        table, replace, finished = dataclasses.replace(table, name=same), True, same
    else:
        finished = None
    if not (free_name or replace) and table.name in tables_checked(out_dir):  # said before the photos are read
        raise TableTaken(table.name, next_table_name(out_dir, table.name))
    # of the uploaded bytes, as ``tilelens check`` keeps one of its photos: the report says what it was made of
    options = CheckOptions(game=game_file(game) or game.id, min_confidence=min_confidence, players=table.players,
                           near_copies=looks, tileset=tileset)
    try:
        table_fingerprint = fingerprint(table, options)
    except (TilelensInputError, OSError, ValueError):  # a game file gone since it was loaded: none kept
        table_fingerprint = ""
    report, images = check_table_or_say(table, game, reader, min_confidence, table_fingerprint, looks=looks,
                                        game_hint=game_hint)
    with _writing_when_free(out_dir):
        # these very photos checked meanwhile on another phone (both sent one table at once): that table, kept
        name = table.name
        cut = unfinished_tables(out_dir)  # the tables cut off that this check finishes are said so (``FINISHED``)
        if same_table and (same := same_photos_table(out_dir, table, photos, replace)) is not None:
            if same not in cut:
                return _same_table(out_dir, same, game, min_confidence, table.players, looks, lang, game_hint,
                                   tileset, held=True)
            name, replace, finished = same, True, same  # cut off meanwhile with these photos: that table, finished
            report = dataclasses.replace(report, table=name)
        if not replace and name in tables_checked(out_dir):  # checked meanwhile under this name on another phone
            if not free_name:
                raise TableTaken(name, next_table_name(out_dir, name))
            name = next_table_name(out_dir, name)
            report = dataclasses.replace(report, table=name)
        if photos is not None:  # the photos kept there before (a check cut off, a table checked again): moved aside
            keep_photos(out_dir / name, table.players, table.dealer, photos, aside=out_dir / REMOVED)
        write_table_report(out_dir / name, report, images, event_link=True, lang=lang)
        rechecked: list[str] = []
        event = _write_uploaded_event(out_dir, game, min_confidence, table.players, looks, lang,
                                      reader=reader, game_hint=game_hint, rechecked=rechecked, tileset=tileset)
        return {**event, CHECKED_AS: name, RECHECKED: rechecked, **({SAME_AS: name} if name == finished else {}),
                FINISHED: [t for t in cut if t == finished or t in rechecked]}


CHECKED_AS = "checked_as"  # ``check_uploaded_table``'s returned dict: the name the table was checked under
# ``check_uploaded_table``'s returned dict: the table of the event whose photos the ones uploaded are, byte for byte
# (``same_photos_table``): not checked again, nor kept twice; that table's name is ``CHECKED_AS`` too
SAME_AS = "same_as"


def _photo_set(players: int, dealer: str | None, photos: dict[str, tuple[str, bytes]]) -> tuple:
    """What makes a table's uploaded ``photos`` (seat or ``wall`` -> name, bytes) that table: its players, and each
    seat (or the wall), whether it deals, and its photo's size and digest."""
    return players, frozenset((seat, seat == dealer, len(data), hashlib.sha256(data).hexdigest())
                              for seat, (_, data) in photos.items())


def _kept_set(folder: Path, count: int, sizes: frozenset) -> tuple | None:
    """``_photo_set`` of the photos kept in a table's ``folder`` (``layout.keep_photos``), or None where it cannot be
    the set uploaded: another number of photos than ``count``, or a photo of a size none uploaded has (``sizes``: read
    no further), or not to be read."""
    from tilelens.event.layout import kept_players, parse_photo_name

    try:
        kept = [(p, seat) for p in folder.iterdir() if p.is_file() and not p.is_symlink()
                and (seat := parse_photo_name(p.name)) is not None]
        if len(kept) != count or any(p.stat().st_size not in sizes for p, _ in kept):
            return None
        return (kept_players(folder),
                frozenset((seat, deals, len(data := p.read_bytes()), hashlib.sha256(data).hexdigest())
                          for p, (seat, deals) in kept))
    except (OSError, ValueError):
        return None


def same_photos_table(out_dir: Path, table: TableInput, photos: dict[str, tuple[str, bytes]] | None,
                      replace: bool = False) -> str | None:
    """The table checked into ``out_dir`` whose photos kept are ``photos`` (``check_uploaded_table``'s), byte for byte,
    at the same seats, the same dealer and players: the one table sent again (from another phone, or this one under
    another name), None where none is. The table of ``table``'s own name checked again (``replace``: a phone's own
    table, a setting corrected) is not one: it is checked again."""
    if not photos:
        return None
    uploaded = _photo_set(table.players, table.dealer, photos)
    sizes = frozenset(size for _, _, size, _ in uploaded[1])
    for name in tables_checked(out_dir):
        if replace and name == table.name:
            continue
        if _kept_set(out_dir / name, len(uploaded[1]), sizes) == uploaded:
            return name
    return None


def _same_table(out_dir: Path, name: str, game: Game, min_confidence: float, players: int, looks: bool,
                lang: str | None, game_hint: tuple[str, str], tileset: str, held: bool = False) -> dict[str, Any]:
    """``check_uploaded_table``'s answer for photos that are the table ``name``'s (``same_photos_table``): the event's
    report as written (written again where it cannot be read), naming that table."""
    event = json_object(out_dir / EVENT_JSON)
    if event is None or not isinstance(event.get("tables"), list):
        with contextlib.nullcontext() if held else _writing_when_free(out_dir):
            event = _write_uploaded_event(out_dir, game, min_confidence, players, looks, lang, game_hint=game_hint,
                                          tileset=tileset, tileset_as_said=True)
    return {**event, CHECKED_AS: name, SAME_AS: name, RECHECKED: [], FINISHED: []}
# ``check_uploaded_table``'s returned dict: the other tables checked again from their kept photos, their reports not
# this home's check's as written of them, or none (``FINISHED``) (``_write_uploaded_event``), in the event's order
RECHECKED = "rechecked"
# ``check_uploaded_table``'s returned dict: the tables whose check had been cut off after their photos were kept
# (``unfinished_tables``: no report of their own) that this check finished, its own photos sent again (``SAME_AS``)
# or checked again among ``RECHECKED``: said as a check that did not finish, not as a report not trusted
FINISHED = "finished"
# How long a table checked from uploads waits for another check writing its event (another phone's: a second or two;
# a ``tilelens check`` of the whole event folder at the computer: minutes) before it is refused (``BUSY``).
UPLOAD_WAIT_S = 60.0
BUSY = ("Another check is writing this event's reports now (a check of the whole event at the computer?): the table "
        "was read but not kept; check it again in a minute",
        "別のチェックがいまこのイベントのレポートを書いています (パソコンでイベント全体をチェックしているなど): この卓は"
        "読みましたが保存していません。少ししてからもう一度チェックしてください")


@contextlib.contextmanager
def _writing_when_free(out_dir: Path, wait_s: float | None = None) -> Iterator[None]:
    """Hold the report folder ``out_dir`` as ``_writing`` does, waiting up to ``wait_s`` (``UPLOAD_WAIT_S``) for
    another check that writes it now to end (two phones checking a table of one event at once: the second writes
    once the first has written, each event's report of every table); then refused (``EventInputError``: ``BUSY``,
    no path in it, as a phone is told it)."""
    deadline = time.monotonic() + (UPLOAD_WAIT_S if wait_s is None else wait_s)
    while True:
        held = contextlib.ExitStack()
        try:
            held.enter_context(_writing(out_dir))
        except EventInputError:
            if time.monotonic() >= deadline:
                raise EventInputError(*BUSY) from None
            time.sleep(0.05)
            continue
        with held:
            yield
        return


# --- an event shared by several phones (the Event check page's "Event" choice) ----------------------------------
# A session's own event lives in a folder of its own (the app's ``scratch/event-check/tmp…``): a reload or another
# phone starts another. An event opened by name lives in ``$TILELENS_HOME/scratch/events/<name>`` (removed with the
# other scratch folders a day after it was last touched), laid out as a session's, with the game it is of in
# ``EVENT_MARK``: every phone that joins it checks its tables into that one folder, listed by name (no path).
EVENTS = "events"
EVENT_MARK = ".tilelens-event.json"  # a hidden file: no table, nor a photo, to ``tilelens check`` of the folder


def events_root() -> Path:
    """The folder of the events opened by name: ``$TILELENS_HOME/scratch/events``."""
    from tilelens.home import home_dir

    return home_dir() / "scratch" / EVENTS


def event_name_problem(name: str) -> tuple[str, str] | None:
    """Why ``name`` cannot name an event opened by name (its tables are kept in a folder of that name), in one line:
    (English, Japanese); None for a good name (``folder_name_problem``).

    >>> event_name_problem("spring cup") is None, event_name_problem("春の大会") is None
    (True, True)
    >>> event_name_problem("a/b")[0]
    'The event name a/b cannot hold / \\\\ : * ? " < > |: its tables are kept in a folder of that name'
    """
    return folder_name_problem(name, "event")


def _event_game(folder: Path) -> str | None:
    """The game the event opened by name in ``folder`` is of (its ``EVENT_MARK``), or None."""
    mark = json_object(folder / EVENT_MARK)
    game = mark.get("game") if mark is not None else None
    return game if isinstance(game, str) else None


def open_events(game_id: str) -> list[str]:
    """The names of the events opened by name (``open_event``) of the game ``game_id``, in natural order."""
    names = []
    with contextlib.suppress(OSError):
        for folder in events_root().iterdir():
            if not folder.name.startswith(".") and not folder.is_symlink() and _is_dir(folder) \
                    and _event_game(folder) == game_id:
                names.append(folder.name)
    return sorted(names, key=table_order)


def similar_event_name(name: str) -> str | None:
    """The event opened by name already (of any game) that ``name`` differs from only by case, width or the zeros
    before a number (``Clash``, ``ｃｌａｓｈ`` of ``clash``: ``_name_key``, as table names are told apart), or None
    where none is (or ``name`` is one as written)."""
    names = []
    with contextlib.suppress(OSError):
        names = sorted(folder.name for folder in events_root().iterdir()
                       if not folder.name.startswith(".") and not folder.is_symlink() and _is_dir(folder))
    return similar_table_name(name, names)


def open_event(name: str, game_id: str) -> Path:
    """The folder of the event ``name`` of the game ``game_id``, opened (made, its game marked) where it is not open
    yet: the tables every phone that joins it checks go there (``check_uploaded_table``). A name that differs from an
    event's opened already only by case or width joins that one (``similar_event_name``: its folder's name is the
    event's). A name that cannot be a folder's, or of an event of another game, is refused (``EventInputError``); an
    ``OSError`` is raised."""
    if (problem := event_name_problem(name)) is not None:
        raise EventInputError(*problem)
    from tilelens.home import make_dirs
    from tilelens.event.report import game_names

    shown = similar_event_name(name) or name.strip()  # "Clash", "ｃｌａｓｈ": the event "clash" opened already
    folder = make_dirs(events_root() / shown)  # the user's alone, as the home is
    mark = folder / EVENT_MARK
    if not mark.exists():  # whole or not at all, the first to open it marking it (two phones opening it at once)
        spare = folder / f"{EVENT_MARK}.{os.getpid()}.{threading.get_ident()}"
        spare.write_text(json.dumps({"game": game_id, "event": shown}, ensure_ascii=False), encoding="utf-8")
        try:
            os.link(spare, mark)
        except FileExistsError:  # opened meanwhile: its mark stands
            pass
        except OSError:  # a file system without hard links
            if not mark.exists():
                os.replace(spare, mark)
        finally:
            spare.unlink(missing_ok=True)
    if (game := _event_game(folder)) != game_id:
        other = game_names(game) if game is not None else ("another game", "別のゲーム")
        raise EventInputError(f"The event {shown} is an event of {other[0]}: choose {other[0]} above to join it, or "
                              f"give this event another name",
                              f"イベント {shown} は{other[1]}のイベントです: 参加するには上で{other[1]}を選ぶか、"
                              f"このイベントには別の名前を付けてください")
    return folder


def _write_uploaded_event(out_dir: Path, game: Game, min_confidence: float, players: int, looks: bool,
                          lang: str | None = None, reader: Reader | None = None,
                          game_hint: tuple[str, str] = GAME_HINT,
                          rechecked: list[str] | None = None, tileset: str = "",
                          tileset_as_said: bool = False) -> dict[str, Any]:
    """The event's report of the tables checked into ``out_dir`` (``check_uploaded_table``), their near copies
    across tables said again at each, the pages made in ``lang``. Returns the ``event.json`` dict. A table's report
    kept is this home's check's, as written, of that table and its photos kept (``report.table_trust``, as the page
    and a resumed ``tilelens check`` judge it; a valid seal alone is not enough: another table's sealed report copied
    over it is sealed too). Any other table folder (a report not trusted, another table's, one that cannot be read, or
    photos kept with no report) is never left out silently: with ``reader``, checked again from its kept photos (its
    name added to ``rechecked``); else its report is written again saying so (``_distrusted_report``).
    ``tileset``: the enrolled tile set ``reader`` reads with (the page's Tile set; "" the game's own model), in the
    fingerprint of a table checked again and named in ``event.json``; ``tileset_as_said``: the set the event's report
    names instead, where this home's check wrote it (a table removed: none read)."""
    reports = {}
    said = json_object(out_dir / EVENT_JSON)  # read once: it says where the event's photos are (sealed ones only)
    if tileset_as_said:
        tileset = event_tileset(said) if said is not None and is_sealed(said) else ""
    for folder in _table_folders(out_dir):
        # the photos judged where this layout keeps them (beside the report), event.json or none
        stored, why = table_trust(folder, where=(out_dir.resolve(), False), event=said)
        if (why is None and stored is not None and not stored.get("fingerprint") and reader is not None
                and _kept_photos(folder)):  # said "check this table again" (``_distrusted_report``): now it is
            why = "not checked"
        if stored is not None and why is None and table_report_problem(stored) is None:
            reports[folder.name] = stored
        elif reader is not None and _kept_photos(folder):
            reports[folder.name] = _rechecked_report(folder, game, reader, min_confidence, players, looks, game_hint,
                                                     lang, tileset)
            if rechecked is not None:
                rechecked.append(folder.name)
        else:
            reports[folder.name] = _distrusted_report(folder, game, min_confidence, lang)
    lines = {name: summary_line(stored, resumed=False) for name, stored in reports.items()}
    _say_near_copies_across(out_dir, reports, lines, looks, lang)
    if not reports:  # the last table removed: no event's report of none
        for name in (EVENT_JSON, REPORT_HTML):
            (out_dir / name).unlink(missing_ok=True)
    options = CheckOptions(game=game_file(game) or game.id, min_confidence=min_confidence, players=players,
                           near_copies=looks, tileset=tileset)
    event = _event_dict(out_dir, out_dir, options, game.id, lines, [], [])
    if reports:
        write_event_report(out_dir, event, lang)
    return event


def _table_folders(out_dir: Path) -> list[Path]:
    """The folders of the tables checked into ``out_dir`` (``check_uploaded_table``), in the event's order: each
    holding a ``report.json`` (whosever it is, of whichever table) or photos kept (``layout.keep_photos``)."""
    folders = []
    with contextlib.suppress(OSError):
        for folder in out_dir.iterdir():
            if folder.name.startswith(".") or folder.is_symlink() or not _is_dir(folder):
                continue
            with contextlib.suppress(OSError):
                if (folder / REPORT_JSON).is_file() or _kept_photos(folder):
                    folders.append(folder)
    return sorted(folders, key=lambda f: table_order(f.name))


def _kept_photos(folder: Path) -> bool:
    """Whether ``folder`` holds a table's photos as ``layout.keep_photos`` keeps them (``seatN.jpg``, ...)."""
    from tilelens.event.layout import parse_photo_name

    with contextlib.suppress(OSError):
        return any(p.is_file() and not p.is_symlink() and parse_photo_name(p.name) is not None
                   for p in folder.iterdir())
    return False


def _rechecked_report(folder: Path, game: Game, reader: Reader, min_confidence: float, players: int, looks: bool,
                      game_hint: tuple[str, str], lang: str | None, tileset: str = "") -> dict[str, Any]:
    """The table of ``folder`` (its report not trusted: ``_write_uploaded_event``) checked again from the photos kept
    there, its report written and sealed. Returns the JSON dict. ``tileset``: the set ``reader`` reads with, in its
    fingerprint as ``check_uploaded_table`` and ``tilelens check --tileset`` put it (``fingerprint``)."""
    table = _read_folder(folder, players, folder.parent.resolve(), game)
    options = CheckOptions(game=game_file(game) or game.id, min_confidence=min_confidence, players=table.players,
                           near_copies=looks, tileset=tileset)
    try:
        table_fingerprint = fingerprint(table, options)
    except (TilelensInputError, OSError, ValueError):
        table_fingerprint = ""
    report, images = check_table_or_say(table, game, reader, min_confidence, table_fingerprint, looks=looks,
                                        game_hint=game_hint)
    report = dataclasses.replace(report, table=folder.name)
    return write_table_report(folder, report, images, event_link=True, lang=lang)


def _distrusted_report(folder: Path, game: Game, min_confidence: float, lang: str | None = None) -> dict[str, Any]:
    """The report of the table checked into ``folder`` whose stored report this installation did not write, or that
    was changed since (its verdict, its findings or its page may be anyone's): written again, sealed, with that its
    one finding (``not_checked``: not in order until the table is checked again). Returns the JSON dict."""
    why = TilelensInputError("its stored report was not written here or was changed since: check this table again",
                             "保存されていたレポートが、このパソコンで作ったものではないか、あとから書き換えられています: "
                             "この卓をもう一度チェックしてください")
    report = TableReport(table=folder.name, game=game.id, findings=(not_checked(why),), min_confidence=min_confidence,
                         game_file=game_file(game))
    return write_table_report(folder, report, {}, event_link=True, lang=lang)


def remove_uploaded_table(out_dir: Path, name: str, game: Game, min_confidence: float = DEFAULT_MIN_CONFIDENCE,
                          players: int = 4, looks: bool = True, lang: str | None = None) -> Path:
    """Take the table ``name`` (checked by mistake, or under a wrong name) out of the event checked into
    ``out_dir`` (``check_uploaded_table``): its folder moved aside into ``out_dir/.removed/<name>-<time>`` (not
    lost, not listed), and the event's report written again over the tables left, their near copies across tables
    said again (a photo said to be one with the removed table's no longer is). Returns where it went. A table not
    checked there is refused (``EventInputError``); an ``OSError`` moving or writing is raised."""
    if name not in tables_checked(out_dir):
        raise EventInputError(f"{name} is not a table checked in this event: nothing removed",
                              f"{name} はこのイベントでチェックした卓ではありません: 何も取り除いていません")
    with _writing_when_free(out_dir):
        aside = out_dir / REMOVED / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}"
        n = 1
        while aside.exists():
            n += 1
            aside = aside.with_name(f"{name}-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        aside.parent.mkdir(parents=True, exist_ok=True)
        (out_dir / name).rename(aside)
        _write_uploaded_event(out_dir, game, min_confidence, players, looks, lang, tileset_as_said=True)
    return aside


def _stored_table(folder: Path) -> dict[str, Any] | None:
    """The ``report.json`` of the table of ``folder``'s name a check wrote there, or None."""
    try:
        stored = json.loads((folder / REPORT_JSON).read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):  # ValueError: JSON's, UTF-8's, a number too long
        return None
    if table_report_problem(stored) is not None or stored.get("table") != folder.name:
        return None
    return stored


def not_checked_report(table: TableInput, game: Game, exc: BaseException, seconds: float,
                       min_confidence: float) -> TableReport:
    """The report of ``table``, whose check met the unexpected error ``exc``: that error its one finding
    (``not_checked``), and no fingerprint, so that the table is checked again next time."""
    return TableReport(table=table.name, game=game.id, findings=(not_checked(exc),), dealer=table.dealer,
                       seconds=seconds, min_confidence=min_confidence, game_file=game_file(game))


def game_file(game: Game) -> str:
    """The absolute path of ``game``'s file where it is not a shipped game's (a club's edition, given as a file or
    added in the app): what a report keeps to name its tiles from any folder (``TableReport.game_file``); "" for a
    shipped game, named by its id."""
    from scorer.catalog import GAMES_DIR
    from vision.recognizer import game_file as absolute  # as enroll and label init keep a game file

    path = absolute(game.source) if game.source.endswith(".toml") else None
    return "" if path is None or path.parent == GAMES_DIR.resolve() else str(path)


def not_checked(exc: BaseException) -> Finding:
    """The finding of a table whose check met the unexpected error ``exc``, in one line naming it (and where it was
    raised, in ``data``)."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    at = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    if isinstance(exc, TilelensInputError):  # words for a person already: said as they are
        what, what_ja = (" ".join(text.split()) for text in (str(exc), exc.message_ja or str(exc)))
        return Finding(FindingKind.UNREADABLE_PHOTO, f"this table could not be checked: {what}",
                       data={"error": what, "at": at}, message_ja=f"この卓はチェックできませんでした: {what_ja}")
    what = " ".join(f"{type(exc).__name__}: {exc}".split())
    return Finding(FindingKind.UNREADABLE_PHOTO, f"this table could not be checked: {what} (an error in tilelens, not "
                   f"in the photos: check it again, and report the error if it stays)", data={"error": what, "at": at},
                   message_ja=f"この卓はチェックできませんでした: {what} (写真ではなく tilelens のエラーです: もう一度"
                              f"チェックして、続くならこのエラーを報告してください)")


# --- the worker side of the pool: one reader per process -------------------------------------------------
_WORKER_READER: Reader | None = None
_WORKER_ERROR: Exception | None = None


def _init_worker(factory: ReaderFactory, game_id: str, parent: int) -> None:
    global _WORKER_READER, _WORKER_ERROR
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it ends the workers
    _end_with(parent)
    try:
        _WORKER_READER = factory(game_id)
    except Exception as exc:  # noqa: BLE001 - kept for the first task, which re-raises it to the parent
        _WORKER_ERROR = exc


def _end_with(parent: int) -> None:
    """End this worker when its parent process is gone (killed, so that it could not end the workers
    itself): an orphan would go on reading the queued tables, and then wait for ever."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _with_problems(table: TableInput, also: tuple[Finding, ...]) -> TableInput:
    """``table`` with ``also``: what the event says of it (a photo shared with another table)."""
    return dataclasses.replace(table, problems=table.problems + also) if also else table


def _work(table: TableInput, options: CheckOptions, out_dir: Path, table_fingerprint: str) -> dict[str, Any]:
    if _WORKER_ERROR is not None:
        raise _WORKER_ERROR  # e.g. a missing model: the parent gets the one-line error, not a broken pool
    assert _WORKER_READER is not None, "worker not initialised"
    return check_and_write(table, options, _WORKER_READER, out_dir, table_fingerprint)


def stored_report(out_dir: Path, table_fingerprint: str) -> dict[str, Any] | None:
    """The stored report of a table if it was made from the same input (and its page is there), by this installation
    and not changed since (``trust.is_sealed``)."""
    return _stored_or_distrusted(out_dir, table_fingerprint)[0]


def _stored_or_distrusted(out_dir: Path, table_fingerprint: str) -> tuple[dict[str, Any] | None, str | None]:
    """``stored_report``, and, where a report of the same input is there that this installation did not write, or
    that was changed since it did (its seal not this installation's: ``trust.is_sealed``), why (``trust.distrust``:
    another home's key, written before reports were sealed, changed since, ...): anyone can compute a fingerprint, and
    the report folder travels in the shared event folder, so such a report is checked again, its photos read again."""
    path = out_dir / REPORT_JSON
    if not (path.is_file() and (out_dir / REPORT_HTML).is_file()):
        return None, None
    try:
        stored = json.loads(path.read_text(encoding="utf-8-sig"))  # as the event page: one an editor saved with a BOM
    except (OSError, ValueError, RecursionError):  # ValueError: JSON's, UTF-8's; a number too long
        return None, None
    if table_report_problem(stored) is not None:  # damaged, or edited by hand: no report to keep, read it again
        return None, None
    if not table_fingerprint or stored.get("fingerprint") != table_fingerprint:  # other photos: read again, unsaid
        return None, None
    if stored.get("table") != out_dir.name:  # another table's report (of the same photos), copied in: read again
        return None, None
    if (why := distrust(stored)) is not None:
        return None, why
    return stored, None


def table_distrust(folder: Path, stored: dict[str, Any] | None = None,
                   event: dict[str, Any] | None = None) -> tuple[str, str] | None:
    """Why the report of the table in ``folder`` (its ``report.json`` and ``index.html``, as a check wrote them) is not
    to be shown or offered as this home's check's, with the way forward (``trust.distrust_said``: the command that
    checks its event again with this home, or the key file to copy): (English, Japanese); None where it is this home's,
    as written, its page too (``report.page_holds``), and this table's: its own name its folder's, of the photos now
    in its folder in the event folder where they are there (``report.table_trust``: not another table's or another
    event's report copied in). A folder of no report that can be read: None (said as it is drawn). ``stored``: its
    ``report.json`` as the caller read it (the app, once a run: the very report it draws), else read here; ``event``:
    the event's ``event.json`` beside it as the caller read it (it says where the event's photos are), else read
    there."""
    why = table_reason(folder, stored, event=event) if stored is not None else None
    if stored is None:
        stored, why = table_trust(folder)
    if stored is None or why is None:
        return None
    # the command names no game (nor folder) of a report not trusted: a trusted one's, or GAME (``check_command_here``)
    return trust.distrust_said(why, ("This table's report", "この卓のレポート"),
                               check_command_here(folder.parent, event=event), (folder.name,))


def event_distrust(out_dir: Path, event: dict[str, Any] | None = None) -> tuple[str, str] | None:
    """``table_distrust`` of the event's own report in ``out_dir`` (``event.json`` and its ``index.html``: its tables'
    verdicts, the page offered for download): None where this home's check wrote both and neither changed since, and
    it is this event's as it lies (``report.event_trust``: at the top of its report folder, naming this event folder,
    its lines as its tables' trusted reports say, every table of the event folder among them). ``event``: its
    ``event.json`` as the caller read it (the app, once a run), else read here."""
    if event is None:
        event = json_object(out_dir / EVENT_JSON)
    if event is None:
        return None
    why, tables = event_reason_named(out_dir, event)
    if why is None:
        return None
    return trust.distrust_said(why, ("The event's report", "イベントのレポート"),
                               check_command_here(out_dir, event=event), tables)


def _trusted_table_game(out_dir: Path) -> str:
    """The game of the first table's report in the report folder ``out_dir`` that is this home's check's, as written,
    of its table (``report.table_trust``); "" where none is."""
    with contextlib.suppress(OSError):
        for folder in sorted(p for p in out_dir.iterdir() if _is_dir(p) and (p / REPORT_JSON).is_file()):
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                stored, why = table_trust(folder)
                if stored is not None and why is None and (game := report_game(stored)):
                    return game
    return ""


def _shipped_game(event: dict[str, Any] | None) -> str:
    """The game ``event`` (an ``event.json`` as read, sealed here or not) names where it is a shipped game's id
    (``scorer.catalog.list_games``): harmless from anyone (only a game file could lead elsewhere), and the command
    said with it can be followed where ``GAME`` cannot; "" where it names none."""
    from scorer.catalog import list_games

    said = event.get("game") if isinstance(event, dict) else None
    return said if isinstance(said, str) and said in list_games() else ""


def check_command_here(out_dir: Path, game: str = "", event: dict[str, Any] | None = None,
                       shown: Callable[[str], str] | None = None) -> str:
    """The command that checks again, with this home (``TILELENS_HOME``, said: the app's may be a club's own), the
    event whose report folder is ``out_dir``, quoted as a shell takes it: its event folder where it is now
    (``report.event_folder_here``: the one whose photos are there, so that another event's report copied over this
    one's names this one); ``--out`` where the report is not the event's default one; the game ``event.json`` names,
    else ``game`` (one the caller trusts), else that of a table's report trusted here; ``--tileset`` where it names the
    set its check read every seat with (``report.event_tileset``).

    ``event.json`` (``event``: as the caller read it, else read here) says the folder and the game only where this
    home's check wrote it as it is (``trust.is_sealed``): anyone may write one, and a forged one must not make the
    way forward check an attacker's folder (``--out`` this report folder) with the game file they name.
    ``EVENT_FOLDER`` and ``GAME`` where unknown.

    ``shown``: for a visitor from the network (a phone), how they name a path of this computer (the app's
    ``visitor.shown_path``): the command then names the event folder (and a game file) so, with neither this home nor
    ``--out`` (``command_line``): it is run at the computer, and the phone is shown none of its folders."""
    if event is None:
        event = json_object(out_dir / EVENT_JSON)
    own = event if isinstance(event, dict) and is_sealed(event) else None  # this home's check's, as written
    where = event_folder_here(out_dir, own if own is not None else {})
    game = (current_game(own) if own is not None else "") or game or _trusted_table_game(out_dir) \
        or _shipped_game(event) or "GAME"
    folder = str(where) if where is not None else "EVENT_FOLDER"
    tileset = event_tileset(own)  # the set it read with (--tileset): of this home's check alone, as its game is
    if shown is not None:
        return command_line(folder, game, shown, tileset=tileset)
    out = ""
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        if (out_dir.name != DEFAULT_REPORT if where is None else
                out_dir.resolve() not in (where.resolve(), (where / DEFAULT_REPORT).resolve())):
            out = str(out_dir.absolute())  # the check's report in place of this one
    from tilelens.home import home_dir

    return f"TILELENS_HOME={shlex.quote(str(home_dir()))} {command_line(folder, game, out=out, tileset=tileset)}"


def summary_line(report: dict[str, Any], resumed: bool) -> dict[str, Any]:
    """The event's line for one table; its ``counts`` are of the findings as a person is told them
    (``grouped``: a folder of tables one error, not one per seat), the ``findings`` each as written."""
    counts = Counter(f["severity"] for f in grouped(report["findings"]))
    # a finding's data where a line needs it: another game's (``other_game_event``), a near copy's table and seat
    # (``grouped`` tells a photo copied at many tables in one finding: ``copies.across_told``)
    # (and a seat's photos where it has more than one: their thumbnails, ``report.seat_pictures``), a tile to confirm's
    # (``grouped`` says in a seat's one line of many which may be a copy over the set's: ``model.over_said``)
    kept = (FindingKind.OTHER_GAME, FindingKind.NEAR_COPY, FindingKind.DUPLICATE_SEAT, FindingKind.UNSURE_TILE)
    # the seats read (not the wall): how many of the event's seats look like another game's (``other_game_event``)
    read = sum(isinstance(s, dict) and s.get("seat") != WALL for s in report.get("seats") or ())
    return {"table": report["table"], "verdict": report["verdict"], "counts": dict(counts), "resumed": resumed,
            "seconds": report.get("seconds", 0.0), "seats_read": read, "findings": [
                {**{k: f.get(k, "") for k in ("kind", "severity", "message", "message_ja", "seats", "tiles")},
                 **({"data": f.get("data") or {}} if f["kind"] in kept else {})} for f in report["findings"]]}


@dataclass(frozen=True)
class EventResult:
    """The outcome of an event check: the ``event.json`` dict, how many tables were read anew, how many kept their
    stored report (``resumed``; of them ``rejudged``: judged again from its readings at a new ``min_confidence``),
    the report folders removed as of tables no longer in the event (``_forget_stale``), and the tables checked again
    for want of trust in their stored report (``distrusted``)."""

    event: dict[str, Any]
    checked: int
    resumed: int
    removed: tuple[str, ...] = ()
    rejudged: int = 0
    # tables whose stored report, of the same photos, was not this installation's or was changed since it wrote it
    # (``trust.is_sealed``): checked again, not kept; and why, each (``trust.distrust``)
    distrusted: tuple[str, ...] = ()
    why_distrusted: dict[str, str] = dataclasses.field(default_factory=dict)
    # tables read again whose stored report (of another fingerprint) an older tilelens wrote (``written_by_older``):
    # a new ``REPORT_FORMAT`` reads every table again, said so
    older: tuple[str, ...] = ()

    @property
    def in_order(self) -> bool:
        """True when every table's verdict is ``ok`` and nothing that may be a table was skipped unchecked (a
        compressed file, a table folder's link in a loop or to nothing: ``layout.skipped_unchecked``)."""
        return self.event["in_order"]


class EventInterrupted(KeyboardInterrupt):
    """Ctrl-C during an event check. ``tables``: the lines (``summary_line``) of the tables done, whose
    reports are written (a rerun keeps them); ``total``: how many tables the event has; ``removed``: the report
    folders removed as the check started, of tables no longer in the event (``EventResult.removed``);
    ``finished``: every table was checked, and the event's report written whole (nothing is left to check)."""

    def __init__(self, tables: list[dict[str, Any]], total: int, removed: tuple[str, ...] = (),
                 finished: bool = False):
        super().__init__(f"interrupted with {len(tables)} of {total} tables checked")
        self.tables, self.total, self.removed, self.finished = tables, total, removed, finished


class WorkerDied(RuntimeError):
    """A worker process ended abruptly (killed for memory, or crashed): the check stopped. ``tables`` and
    ``total`` and ``removed`` as for ``EventInterrupted``."""

    def __init__(self, tables: list[dict[str, Any]], total: int, removed: tuple[str, ...] = ()):
        super().__init__(f"a worker process ended abruptly with {len(tables)} of {total} tables checked")
        self.tables, self.total, self.removed = tables, total, removed


@contextlib.contextmanager
def _ctrl_c_ignored_by_new_processes() -> Iterator[None]:
    """Processes started inside ignore SIGINT from their first instant (they inherit it): a terminal's
    Ctrl-C goes to every process of the group, and a worker must neither fail its table with it nor, still
    starting, print a traceback. The parent ends them."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Drop the tables not started and end the workers now (``shutdown`` alone waits for the running ones)."""
    processes = list((pool._processes or {}).values())  # no public way before Python 3.14's terminate_workers
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


# How often, at most, event.json (and the event's page) is brought up to date while tables are checked: a check
# that ends without a word (killed, the machine off) leaves the tables it did listed as done, and the app's page
# shows a long check's progress. Each write reads every table's crops for the page: not after every table.
EVENT_JSON_EVERY_S = 5.0
WAKE_S = 0.25  # how often the check's main thread looks up from waiting on the workers


def _as_completed(futures: list[Future]) -> Iterator[Future]:
    """``futures`` as each completes, like ``as_completed``, but waking every ``WAKE_S``: a terminal's Ctrl-C
    the system hands to another thread of the process (the pool's) is raised in the main thread at its next
    Python step, and ``as_completed`` alone sleeps in a lock until a table is done (seconds)."""
    pending = set(futures)
    while pending:
        done, pending = wait(pending, timeout=WAKE_S, return_when=FIRST_COMPLETED)
        yield from (f for f in futures if f in done)  # in the order submitted, when several at once


# The resource tracker that the pool's first lock starts (a process of its own) cleans up after a check killed at once
# (``kill -9``, a machine out of memory) and said so in Python's words on the terminal, a source line with them:
# "resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 5 leaked semaphore objects to clean up
# at shutdown", nothing for an organiser to do. It takes its warning filters from this process's options as it starts.
_TRACKER_QUIET = "ignore:resource_tracker:UserWarning"


def _quiet_resource_tracker() -> None:
    """The resource tracker started after this (``_TRACKER_QUIET``) says nothing of what it cleans up."""
    if _TRACKER_QUIET not in sys.warnoptions:
        sys.warnoptions.append(_TRACKER_QUIET)


def _run(todo: list[tuple[TableInput, Path, str]], options: CheckOptions, factory: ReaderFactory,
         jobs: int, game_id: str) -> Iterator[dict[str, Any]]:
    """Check and write the tables ``todo``; ``game_id``: what the reader is made for (``options.game``: a game's id
    or its file, a house file of its own id read with its tiles' game's models). Ctrl-C, or closing this generator, ends the workers at once; a worker that dies ends the
    run with ``BrokenProcessPool`` once every table finished before it is handed on."""
    own = factory is recognizer_reader
    if own and options.tileset:  # every seat read with the set named (``tilelens check --tileset``)
        factory = functools.partial(recognizer_reader, tileset=options.tileset)
    if jobs <= 1 or len(todo) <= 1:
        reader = factory(game_id) if todo else None
        for table, out, fp in todo:
            yield check_and_write(table, options, reader, out, fp)
        return
    import multiprocessing

    if own:  # workers side by side share the cores: cap each one's threads
        factory = functools.partial(factory, threads=max(1, (os.cpu_count() or 2) // jobs))
    _quiet_resource_tracker()
    # spawn, not fork: a forked onnxruntime or a forked tqdm thread can hang the child
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=multiprocessing.get_context("spawn"),
                               initializer=_init_worker, initargs=(factory, game_id, os.getpid()))
    handed: set[Future] = set()
    try:
        with _ctrl_c_ignored_by_new_processes():  # the workers start with the first tasks
            futures = [pool.submit(_work, table, options, out, fp) for table, out, fp in todo]
        try:
            for future in _as_completed(futures):
                handed.add(future)
                yield future.result()
        except BrokenProcessPool:
            for future in futures:  # done before the pool broke, not handed on yet (as_completed's order)
                if future not in handed and future.done() and not future.cancelled() and future.exception() is None:
                    handed.add(future)
                    yield future.result()
            if not handed:
                factory(game_id)  # a worker could not load its reader: raise the reason here, in one line
            raise
    except BaseException:  # Ctrl-C, a table's error, a worker's death, or the caller closing the generator
        _stop(pool)
        raise
    pool.shutdown()


def _stored_event(out_dir: Path) -> dict[str, Any] | None:
    """The ``event.json`` a check wrote in ``out_dir`` before; None where there is none (or none of ours)."""
    try:
        before = json.loads((out_dir / EVENT_JSON).read_text(encoding="utf-8-sig"))  # as stored_report's: a BOM too
    except (OSError, ValueError, RecursionError):  # ValueError: JSON's, UTF-8's, a number too long
        return None
    return before if isinstance(before, dict) else None


def _same_game_or_none(out_dir: Path, before: dict[str, Any] | None, options: CheckOptions, game_id: str) -> None:
    """Refuse a report folder that holds the report of another game's check (``before``: its ``event.json``,
    ``_stored_event``): the tables of one name would be written over, the others left and listed nowhere, and
    the event's page replaced, all unsaid."""
    if before is None or "game" not in before:
        return  # none yet (or not ours to judge)
    given = str(before["game"])
    before_id = before.get("game_id")
    if before_id is None:  # written before event.json said the game's id
        try:
            before_id = load_game(given).id
        except TilelensInputError:
            before_id = given
    if before_id != game_id:
        raise EventInputError(f"{out_dir} holds the report of a check of {given}: give the check of {options.game} "
                              f"another --out, or remove that folder first",
                              f"{out_dir} には {given} のチェックのレポートがあります: {options.game} のチェックには別の "
                              f"--out を指定するか、先にそのフォルダを削除してください")


def _not_among_the_photos(event_dir: Path, out_dir: Path, tables: tuple[Path, ...] = ()) -> None:
    """Refuse a report folder that puts a report among the players' photos: ``out_dir`` the event folder, a
    table's folder (``tables``), or the folder holding one (a one-table event's): each table's report would be
    written into its photo folder, its ``crops`` and ``thumbs`` replacing any folder of those names there."""
    out = out_dir.resolve()
    said = [("the event folder", "イベントフォルダ")] if out == event_dir.resolve() else []
    for table in tables:
        en, ja = table_named(table.name)
        if out == table.resolve():
            said.append((f"the photo folder of {en}", f"{ja} の写真のフォルダ"))
        elif (out / table.name).resolve() == table.resolve():  # a one-table event's report in its own folder
            said.append((f"the folder that holds the photo folder of {en}", f"{ja} の写真のフォルダがあるフォルダ"))
    if not said:
        return
    what, what_ja = said[0]
    default = event_dir / DEFAULT_REPORT
    raise EventInputError(f"--out {out_dir} is {what}: the reports would be written among the players' photos, "
                          f"replacing any crops or thumbs folder there; leave out --out (the report then goes to "
                          f"{default}) or give a separate folder",
                          f"--out {out_dir} は{what_ja}です: レポートが写真と同じフォルダに書かれ、そこにある crops や "
                          f"thumbs のフォルダが置き換えられます。--out を省略する (レポートは {default} に書かれます) か、"
                          f"別のフォルダを指定してください")


def _from_report(event_dir: Path, out_dir: Path) -> str | None:
    """Where the event folder is seen from its report folder (``..`` for the default ``EVENT/_report``): the
    same after both are moved together. None where no relative path leads there (another drive)."""
    try:
        return Path(os.path.relpath(event_dir.resolve(), out_dir.resolve())).as_posix()
    except ValueError:
        return None


def _same_event_or_none(out_dir: Path, before: dict[str, Any] | None, event_dir: Path) -> None:
    """Refuse a report folder that holds the report of another event (of the same game: another game's is
    ``_same_game_or_none``'s): its tables of the same names would be read anew and written over, the others
    left, and the event's page replaced by one of the other event, all unsaid. The same event is the one of
    the same folder (by any path to it), or of a folder moved together with its report (``EVENT/_report``);
    a report written before ``event.json`` named its event folder is not judged."""
    before = before or {}
    recorded = before.get("event_dir")
    if not isinstance(recorded, str) or not recorded:
        return
    here = event_dir.resolve()
    if recorded == str(here):
        return
    with contextlib.suppress(OSError):
        if os.path.samefile(recorded, here):
            return
    from_report = before.get("event_dir_from_report")
    if isinstance(from_report, str) and from_report == _from_report(event_dir, out_dir):
        return
    raise EventInputError(f"{out_dir} holds the report of another event ({recorded}): give the check of {event_dir} "
                          f"another --out, or remove that folder first",
                          f"{out_dir} には別のイベント ({recorded}) のレポートがあります: {event_dir} のチェックには別の "
                          f"--out を指定するか、先にそのフォルダを削除してください")


# The progress bars' words, in the command line's language (``scorer.result.cli_lang``).
BARS = {"en": {"reading": "reading table folders", "checking": "checking tables", "unit": "table"},
        "ja": {"reading": "卓のフォルダを読み込み中", "checking": "卓をチェック中", "unit": "卓"}}
# Why a check did not finish, as ``event.json`` says it (``stopped``) and its page shows it: (English, Japanese).
STOPPED = {"interrupted": ("interrupted", "中断されました"),
           "worker-died": ("a worker process ended abruptly (out of memory?)",
                           "ワーカープロセスが突然終了しました (メモリ不足?)"),
           "error": ("stopped by an error", "エラーで止まりました"),
           "running": ("still running, or stopped before its end", "実行中か、途中で止まりました")}
# Ctrl-C before the event folder was read, where no check before listed its tables: no table is known yet.
STOPPED_UNREAD = ("interrupted before the event folder was read", "イベントフォルダを読む前に中断されました")


def _why_stopped(exc: BaseException) -> tuple[str, str]:
    """The error that stopped a check, in one line: (English, Japanese), each in its own language whatever the
    command's (an ``OSError`` names its path, the system's words said in Japanese in the Japanese half)."""
    ja = getattr(exc, "message_ja", None)
    if isinstance(exc, OSError):
        en, ja = os_problem(exc, "en"), ja or os_problem(exc, "ja")
    elif isinstance(exc, TilelensInputError):
        en = str(exc)
    else:
        en = f"{type(exc).__name__}: {exc}"
    ja = ja or en
    return tuple(" ".join(text.split("\n")).strip() for text in (en, ja))  # type: ignore[return-value]


def _event_dict(event_dir: Path, out_dir: Path, options: CheckOptions, game_id: str, lines: dict[str, dict[str, Any]],
                unchecked: list[str], skipped: list[dict[str, str]], stopped: str | None = None,
                detail: tuple[str, str] | None = None) -> dict[str, Any]:
    """``event.json``: the tables checked (``lines``), and, for a check that did not finish (``stopped``: a key
    of ``STOPPED``; ``detail``: the error's own words, ``_why_stopped``), why and the tables not checked
    (``unchecked``). A check not finished is not in order, nor is an event with a compressed file or a table folder's
    broken link skipped (a table's photos perhaps, not checked: ``layout.skipped_unchecked``)."""
    tables = [lines[name] for name in sorted(lines, key=table_order)]
    finished = stopped is None
    reason, reason_ja = STOPPED[stopped] if stopped else ("", "")
    if stopped == "interrupted" and not lines and not unchecked:
        reason, reason_ja = STOPPED_UNREAD  # not "0 of 0 tables checked": the page says no table was
    if detail:
        reason, reason_ja = f"{reason}: {detail[0]}", f"{reason_ja}: {detail[1]}"
    try:  # the game's file (where it is not a shipped game) by its absolute path: the report names its tiles
        file = game_file(load_game(options.game))
    except TilelensInputError:
        file = ""
    return {"game": options.game, "game_id": game_id, **({"game_file": file} if file else {}),
            "event_dir": str(event_dir.resolve()),
            "event_dir_from_report": _from_report(event_dir, out_dir),
            "model_version": options.reader_version or "custom", "min_confidence": options.min_confidence,
            **({"tileset": options.tileset} if options.tileset else {}),  # the set every seat was read with
            "finished": finished, "in_order": finished and all(t["verdict"] == "ok" for t in tables)
                                              and not skipped_unchecked(skipped),
            "verdicts": {v.value: 0 for v in Verdict} | dict(Counter(t["verdict"] for t in tables)),  # every count, 0s too
            "tables": tables,
            "unchecked": [] if finished else sorted(unchecked, key=table_order),
            "other_game": other_game_event(tables),  # most tables' tiles another game's: the wrong --game?
            "stopped": None if finished else {"kind": stopped, "reason": reason, "reason_ja": reason_ja},
            "skipped": skipped}


def check_event(event_dir: Path, out_dir: Path, options: CheckOptions,
                factory: ReaderFactory = recognizer_reader, jobs: int = 2, progress: bool = True,
                on_table: Callable[[dict[str, Any]], None] | None = None,
                on_line: Callable[[dict[str, Any]], None] | None = None, fresh: bool = False,
                on_count: Callable[[int, int], None] | None = None) -> EventResult:
    """Check every table of ``event_dir`` and write the reports in ``out_dir``; tables whose input is
    unchanged since the last run keep their stored report (one this installation wrote and nobody changed since:
    ``trust``; ``fresh``: none kept, every table checked again), the others lose theirs until they are checked
    again. No photo is read from outside ``event_dir`` (a link leading out of it: ``layout.read_table_folder``).
    ``out_dir`` holding the report of another game or another event, or putting the reports among the players'
    photos (the event folder, a table's folder), is refused (``EventInputError``).
    Until every table is checked, ``event.json`` and the event's page say the check did not finish
    (``finished``, ``stopped``, ``unchecked``): as it runs, and after Ctrl-C (``EventInterrupted``, also while
    the event folder is read, before any table; once every table is checked, the event's report is written whole:
    ``EventInterrupted.finished``), a worker's death (``WorkerDied``) or an error that stops
    it (re-raised as it came: an ``OSError`` writing a report, a reader that cannot be loaded; once the report
    folder is known to be this event's, with ``tables_done``: the lines of the tables done, as ``tables``, and
    ``removed``). ``on_line`` is handed each table's line (``summary_line``) in the order of the tables, as soon as
    that table and those before it are done (an unchanged one before any is read, with its near copies at other
    tables unchanged): what the command prints as it goes; ``on_count`` is handed, before the first line, how many
    tables the event has and how many of them keep their stored report (are not read again).
    As it starts (once ``out_dir`` is known to be this event's), a check removes the report folders of tables no
    longer in the event (``EventResult.removed``): a check stopped midway leaves none of them. A photo that is one
    photo with another seat's or another table's (``copies``) is said at both; between tables once every table is
    checked, or among the tables checked when the check stops (the tables' reports written again), and only with
    ``options.near_copies``."""
    game_id = load_game(options.game).id  # an unknown game fails before any work
    _not_among_the_photos(event_dir, out_dir)  # the event folder itself: before it is read
    with _writing(out_dir):  # one check at a time writes a report folder
        return _check_event(event_dir, out_dir, options, factory, jobs, progress, on_table, game_id, on_line, fresh,
                            on_count)


def _writing(out_dir: Path) -> contextlib.AbstractContextManager[None]:
    """Hold the report folder ``out_dir`` for this check (``vision.locks``): ``EventInputError`` when another
    check is writing it now (two at once would read every table twice, remove each other's reports as of
    other input where their options differ, and the last to end would write the event's page)."""
    from vision.locks import held_alone

    return held_alone(_lock_name(out_dir), lambda: EventInputError(
        f"{out_dir} is being written by another check running now: wait for it to end, or give this check "
        f"another --out",
        f"{out_dir} には別のチェックがいまレポートを書いています: 終わるのを待つか、このチェックには別の --out を指定してください"))


def _lock_name(out_dir: Path) -> str:
    """The name of the lock a check holds on the report folder ``out_dir`` while it writes it."""
    return f"event-check:{out_dir.resolve()}"


def check_running(out_dir: Path) -> bool | None:
    """Whether a check is writing the report folder ``out_dir`` now (holds it, as ``check_event`` does): tried
    without waiting and let go at once, so that a report left "not finished" tells a check at work from one
    that stopped (killed, a power cut) without saying so. None where the system has no file lock: unknown."""
    from vision.locks import held_elsewhere

    return held_elsewhere(_lock_name(out_dir))


def _check_event(event_dir: Path, out_dir: Path, options: CheckOptions, factory: ReaderFactory, jobs: int,
                 progress: bool, on_table: Callable[[dict[str, Any]], None] | None, game_id: str,
                 on_line: Callable[[dict[str, Any]], None] | None = None, fresh: bool = False,
                 on_count: Callable[[int, int], None] | None = None) -> EventResult:
    """``check_event`` with the report folder held."""
    if not options.reader_version and factory is recognizer_reader:
        options = dataclasses.replace(options, reader_version=model_version(options.game, options.tileset))
    before = _stored_event(out_dir)  # the report written there before: of this game? of this event?
    _same_game_or_none(out_dir, before, options, game_id)
    lines: dict[str, dict[str, Any]] = {}
    todo: list[tuple[TableInput, Path, str]] = []
    names = _earlier_tables(before)  # the event's tables: until its folder is read, those of the check before
    skipped: list[dict[str, str]] = []
    ours = False  # out_dir known to hold this event's report (or none): to be written over
    reports: dict[str, dict[str, Any]] = {}  # each table's report.json: its photos' looks, for near copies across
    removed: tuple[str, ...] = ()
    rejudged = 0  # tables whose stored report was judged again at a new min_confidence (``_rejudged``)
    # tables whose stored report of the same photos is not this installation's, as written -> why (``trust.distrust``)
    distrusted: dict[str, str] = {}
    older: list[str] = []  # tables read again whose stored report an older tilelens wrote (``EventResult.older``)

    def event_so_far(stopped: str | None, detail: tuple[str, str] | None = None) -> dict[str, Any]:
        return _event_dict(event_dir, out_dir, options, game_id, lines, [n for n in names if n not in lines],
                           skipped, stopped, detail)

    told = 0  # how many tables' lines, in the event's order, were handed to ``on_line``

    def tell() -> None:  # the lines now known of every table up to the first one not done
        nonlocal told
        order = sorted(names, key=table_order)
        while on_line and told < len(order) and order[told] in lines:
            on_line(lines[order[told]])
            told += 1

    try:
        report_key()  # made before any worker starts: each of them seals the reports it writes with it
        folders = scan_event(event_dir, skip=out_dir)
        _not_among_the_photos(event_dir, out_dir, folders.tables)
        _same_event_or_none(out_dir, before, event_dir)
        ours = True
        _forget_nameless_table(out_dir)
        names = [folder.name for folder in folders.tables]
        # the reports of tables no longer in the event go now, not at the end: a check stopped midway never
        # leaves them beside this event's (only report folders a check wrote, and of them its own files)
        removed = _forget_stale(out_dir, set(names))
        skipped = [{"folder": f.folder.name, "reason": f.reason, "reason_ja": f.reason_ja, "kind": f.kind}
                   for f in folders.skipped]
        # every photo is read whole here (copy checks, fingerprints): on a large event, or a resumed one, the
        # long part, so it shows progress too
        bars = BARS[cli_lang()]
        with progress_bar(folders.tables, asked=progress, desc=bars["reading"], unit=bars["unit"], leave=False,
                          bar=tqdm) as bar:
            root = event_dir.resolve()  # no photo is read from outside it (a link leading out)
            game = load_game(options.game)  # a table.toml's players held to its span, as --players is
            inputs = {folder: _read_folder(folder, options.players, root, game) for folder in bar}
        shared = same_photos_across(list(inputs.values()))
        for folder, table in inputs.items():
            table = _with_problems(table, tuple(shared.get(folder.name, ())))
            fp = fingerprint(table, options)  # a copy put at another table changes it
            stored, untrusted = _stored_or_distrusted(out_dir / folder.name, fp)
            if fresh:  # --fresh: every table checked again
                stored, untrusted = None, None
            if untrusted:  # checked again below, its photos read again: said, with why
                distrusted[folder.name] = untrusted
            new_threshold = stored is not None and stored.get("min_confidence") != options.min_confidence
            if stored is not None and (new_threshold or stored.get("page_format") != PAGE_FORMAT
                                       or stored.get(PAGE_LANG) != page_lang()
                                       or not page_holds(out_dir / folder.name, stored)):
                # judged again at the new threshold, or its page of an older format, or made in the other language
                # (each line in the check's first), or changed since it was written (a forged page in the shared
                # report folder), drawn again: from its sealed readings
                stored = _rejudged(table, stored, options, out_dir / folder.name)  # None: read again
                rejudged += stored is not None and new_threshold
            if stored is not None:  # its line: below, once the tables unchanged are known (should the check stop
                # before, without its near copies at other tables)
                lines[folder.name] = summary_line({**stored, **_verdict_without_across(stored)}, resumed=True)
                reports[folder.name] = stored
            else:
                if not (fresh or untrusted) and (old := _stored_table(out_dir / folder.name)) is not None \
                        and written_by_older(old):  # (not a report that cannot be read, nor another table's)
                    older.append(folder.name)
                _forget_report(out_dir / folder.name)  # of other photos: not to pass for this check's
                todo.append((table, out_dir / folder.name, fp))
        for name, stored in reports.items():  # told with its near copies at tables unchanged too (they still hold),
            # without those at tables read again or gone, which may have changed: said again, should they hold,
            # once every table is checked (``_say_near_copies_across``)
            lines[name] = summary_line({**stored, **_verdict_without_across(stored, set(reports))}, resumed=True)
        if todo:  # the report of the check before is no longer this event's: said not finished until it is
            write_event_report(out_dir, event_so_far("running"))
        if on_count:
            on_count(len(names), len(reports))
        tell()  # the tables unchanged before the first one to read
        # The tables being read: a pool takes them in order, so the first ``jobs`` of those not yet done.
        reading = [table.name for table, *_ in todo]
        with (tqdm(total=len(names), initial=len(lines), desc=bars["checking"], unit=bars["unit"],
                   disable=bar_hidden(progress)) as bar,
              contextlib.closing(_run(todo, options, factory, jobs, options.game)) as table_reports):
            bar.set_postfix_str(", ".join(map(printable, reading[:jobs])))
            written = time.monotonic()
            for report in table_reports:
                lines[report["table"]] = summary_line(report, resumed=False)
                reports[report["table"]] = report
                if time.monotonic() - written >= EVENT_JSON_EVERY_S:  # the tables done so far, should it end unsaid
                    write_event_report(out_dir, event_so_far("running"))
                    written = time.monotonic()
                if on_table:
                    on_table(report)
                tell()
                reading.remove(report["table"])
                bar.update(1)
                bar.set_postfix_str(", ".join(map(printable, reading[:jobs])))
        # every table read: a Ctrl-C or an error from here on (the pages written again, the event's page written:
        # each reads every table's crops, seconds on a large event) is said as one while the tables are read
        _say_near_copies_across(out_dir, reports, lines, options.near_copies)
        event = event_so_far(None)
        write_event_report(out_dir, event)
    except KeyboardInterrupt:
        if not (ours or _is_this_events(out_dir, before, event_dir)):
            raise  # stopped before the report folder was found to be this event's: not ours to write
        said = _near_copies_so_far(out_dir, reports, lines, options.near_copies)
        # every table checked (Ctrl-C as the near copies across tables were looked for, or the event's page
        # written): nothing is left to check, and the event's report is written whole, as at the end
        whole = bool(names) and said and all(name in lines for name in names)
        whole = _write_stopped(out_dir, event_so_far(None if whole else "interrupted")) and whole
        stopped = EventInterrupted([lines[name] for name in sorted(lines, key=table_order)], len(names), removed,
                                   finished=whole)
        stopped.distrusted, stopped.why_distrusted, stopped.older = tuple(distrusted), dict(distrusted), tuple(older)
        raise stopped from None
    except BrokenProcessPool:
        _near_copies_so_far(out_dir, reports, lines, options.near_copies)
        _write_stopped(out_dir, event_so_far("worker-died"))
        died = WorkerDied([lines[name] for name in sorted(lines, key=table_order)], len(names), removed)
        died.distrusted, died.why_distrusted, died.older = tuple(distrusted), dict(distrusted), tuple(older)
        raise died from None
    except Exception as exc:  # an OSError writing a report (disk full, no rights), a reader that cannot load, ...
        if ours:  # not a refusal of the report folder, nor an event folder that cannot be read
            _near_copies_so_far(out_dir, reports, lines, options.near_copies)
            _write_stopped(out_dir, event_so_far("error", _why_stopped(exc)))
            exc.tables_done = [lines[name] for name in sorted(lines, key=table_order)]  # as EventInterrupted's ``tables``
            exc.removed = removed  # as EventInterrupted's: said too
            exc.distrusted, exc.why_distrusted, exc.older = tuple(distrusted), dict(distrusted), tuple(older)
        raise
    return EventResult(event=event, checked=len(todo), resumed=len(lines) - len(todo), removed=removed,
                       rejudged=rejudged, distrusted=tuple(distrusted), why_distrusted=dict(distrusted),
                       older=tuple(older))


def _say_near_copies_across(out_dir: Path, reports: dict[str, dict[str, Any]],
                            lines: dict[str, dict[str, Any]], looks: bool = True, lang: str | None = None) -> None:
    """Say at each table of ``reports`` (its ``report.json``) the photos that are one photo with a photo of another
    table (``near_copies_across``), in its report (``report.json`` and page rewritten) and its line (``lines``),
    in place of what a check before said so: a table unchanged keeps its report, but the other table may have
    changed since (none said unless ``looks``: ``CheckOptions.near_copies``). A table whose near copies are as said is
    left as it is; a page written again is made in ``lang`` (``report.page_lang``)."""
    found = near_copies_across(reports) if looks else {}
    for name, report in sorted(reports.items(), key=lambda kv: table_order(kv[0])):
        said = [f for f in report.get("findings", []) if is_across(f)]
        now = [f.to_dict() for f in found.get(name, [])]
        if json.dumps(said, sort_keys=True) == json.dumps(now, sort_keys=True):
            if said:  # told without them (a table unchanged): its line as its report says it
                lines[name] = summary_line(report, resumed=lines[name]["resumed"])
            continue
        try:
            table = report_from_dict({**report, "findings": [f for f in report["findings"] if not is_across(f)]})
        except (KeyError, TypeError, ValueError):
            continue  # a report edited by hand: left as it is
        table = dataclasses.replace(table, findings=(*found.get(name, []), *table.findings))
        report = rewrite_table_report(out_dir / name, table, lang)
        reports[name] = report
        lines[name] = summary_line(report, resumed=lines[name]["resumed"])


def _near_copies_so_far(out_dir: Path, reports: dict[str, dict[str, Any]], lines: dict[str, dict[str, Any]],
                        looks: bool) -> bool:
    """For a check stopped midway: the near copies among the tables checked (``_say_near_copies_across`` of them),
    so that their lines, the event's report and their own reports agree (a table unchanged keeps its report, which
    may name a photo since replaced at a table not read again). A report that cannot be written over keeps its
    line as it was (False returned: the near copies are not all said)."""
    try:
        _say_near_copies_across(out_dir, reports, lines, looks)
    except OSError:
        return False
    return True


def _verdict_without_across(report: dict[str, Any], unchanged: Container[str] = ()) -> dict[str, Any]:
    """A stored report's findings and verdict less its near copies at other tables (``copies.is_across``) but those
    at the tables ``unchanged`` (their stored reports hold too: the photos of both, and so their looks, are as
    they were)."""
    findings = [f for f in report.get("findings", []) if not is_across(f) or (f.get("data") or {}).get("table")
                in unchanged]
    if len(findings) == len(report.get("findings", [])):
        return {}
    try:
        verdict = verdict_of([Finding(FindingKind(f["kind"]), "") for f in findings])
    except (KeyError, TypeError, ValueError):  # a report edited by hand: told as it is
        return {}
    return {"findings": findings, "verdict": str(verdict)}


def _forget_stale(out_dir: Path, tables: set[str]) -> tuple[str, ...]:
    """Remove, from this event's report folder ``out_dir``, the reports of tables no longer in the event (a table
    folder renamed or removed since the check before): only folders holding a ``report.json`` a check wrote for a
    table of their name, and of them only the check's own files (``_forget_report``). Returns their names."""
    removed = []
    with contextlib.suppress(OSError):  # the event's report is written: a folder that cannot be listed keeps them
        for folder in sorted(out_dir.iterdir()):
            if folder.name in tables or folder.name.startswith(".") or not folder.is_dir():
                continue
            try:
                stored = json.loads((folder / REPORT_JSON).read_text(encoding="utf-8-sig"))  # as stored_report's
                if not (isinstance(stored, dict) and stored.get("table") == folder.name and "fingerprint" in stored
                        and "verdict" in stored):
                    continue
                _forget_report(folder)
            except (OSError, ValueError, RecursionError):  # ValueError: JSON's, UTF-8's, a number too long
                continue
            removed.append(folder.name)
    return tuple(removed)


def _earlier_tables(before: dict[str, Any] | None) -> list[str]:
    """The tables the check before listed (checked or not), from its ``event.json`` (``_stored_event``)."""
    before = before or {}
    tables = before.get("tables") if isinstance(before.get("tables"), list) else []
    unchecked = before.get("unchecked") if isinstance(before.get("unchecked"), list) else []
    return sorted({str(t["table"]) for t in tables if isinstance(t, dict) and t.get("table")}
                  | {str(name) for name in unchecked}, key=table_order)


def _is_this_events(out_dir: Path, before: dict[str, Any] | None, event_dir: Path) -> bool:
    """Whether ``out_dir`` may hold the report of ``event_dir`` (``_same_event_or_none`` as a yes or no)."""
    try:
        _same_event_or_none(out_dir, before, event_dir)
    except EventInputError:
        return False
    return True


def _forget_report(table_out: Path) -> None:
    """Remove a table's report that a check before wrote from other input (``stored_report`` found that it no
    longer holds): until the table is checked again, no ``report.json`` or page there passes for this check's,
    as the event's page lists the table as not checked. ``report.json`` first: it marks the table as done."""
    for name in (REPORT_JSON, REPORT_HTML):
        if (table_out / name).is_file():
            (table_out / name).unlink()
    for sub in ("crops", "thumbs"):
        _remove_folder(table_out / sub)
    with contextlib.suppress(OSError):  # left where it holds anything else (or is no folder)
        table_out.rmdir()


def _remove_folder(path: Path) -> None:
    """Remove the report's folder ``path`` (``crops``, ``thumbs``); one that is a link (put in a shared report folder)
    is removed as a link, never what it leads to."""
    if path.is_symlink():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def _forget_nameless_table(out_dir: Path) -> None:
    """Remove the report of a table of no name from this event's report folder ``out_dir``: an older check run
    from inside the table's folder (``cd table-07; tilelens check .``) named it "" and wrote its ``report.json``,
    crops and thumbs in ``out_dir`` itself, where the app's page went on taking the folder for that one table's
    report after the table was checked again under its name. The event's page there is rewritten."""
    try:
        stored = json.loads((out_dir / REPORT_JSON).read_text(encoding="utf-8-sig"))  # as stored_report's: a BOM too
    except (OSError, ValueError, RecursionError):  # ValueError: JSON's, UTF-8's, a number too long
        return
    if not (isinstance(stored, dict) and stored.get("table") == ""):
        return
    (out_dir / REPORT_JSON).unlink()
    for sub in ("crops", "thumbs"):
        _remove_folder(out_dir / sub)


def _write_stopped(out_dir: Path, event: dict[str, Any]) -> bool:
    """The event's report of a check stopped: the tables done, and those not. A folder that cannot be written
    then leaves the one written as the check began (which says it did not finish), not an error in place
    of the word that the check stopped (False returned)."""
    try:
        write_event_report(out_dir, event)
    except OSError:
        return False
    return True
