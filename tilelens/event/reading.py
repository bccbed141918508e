"""From a photo to a ``SeatReading``: the only step that touches pixels and models.

A *reader* is any callable ``image (BGR ndarray) -> HandReading`` (``vision``'s shape: ``.tiles`` of
``ReadTile`` with ``xyxy``, ``kind``, ``confidence`` dict, ``is_back``). The default is the committed
recognizer; tests pass exact readers. A *reader factory* ``game -> reader`` (a game's id, or a game file: a house
table of its own id) is what a worker process calls once, so each worker loads the models once.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from scorer.result import TilelensInputError
from tilelens.event.layout import Photo, _leads_out, leads_out
from tilelens.event.model import SeatReading, TileRef
from tilelens.event.rules import LIKELIER_MARGIN

Reader = Callable[[np.ndarray], Any]
ReaderFactory = Callable[[str], Reader]
# The confidences that say whether the tile's identity can be trusted; attribute heads
# (type, status, ...) follow from the kind, so they do not make a tile unsure by themselves.
IDENTITY_KEYS = ("detection", "kind")


def recognizer_reader(game_id: str, threads: int | None = None, tileset: str = "") -> Reader:
    """The committed recognizer of ``game_id`` (models loaded now, once): a game's id, or a game file (a house file
    of its own id reads with the classifier of the game its tiles are: ``vision.Recognizer.load``); ``tileset``: an
    enrolled tile set that reads the game's photos instead (``tilelens check --tileset``: the Hong Kong set's tiles
    read as Tokyo Mahjong's), refused where it reads no such game (``vision.recognizer.set_reads``); "" none.

    ``threads`` caps onnxruntime's threads, so that worker processes side by side do not fight over
    the cores (two workers on two cores: one thread each). Each tile is named on its own
    (``set_limit=False``): a seat showing two tiles of a kind the set holds once is what the check
    must report, not what the reader should explain away.
    """
    from vision import Recognizer

    return Recognizer.load(game=game_id, tileset=tileset, threads=threads, set_limit=False).read


def looks_like(reader: Reader, image: np.ndarray, reading: Any, than: float = 0.0) -> str:
    """The id of the game whose tiles those of ``reading`` (read from ``image`` by ``reader``, and flagged as not
    looking like its game's: ``other_game``) look like; "" where none can be told. A reader may say it itself
    (``reader.looks_like(image, reading)``); for the recognizer's (``recognizer_reader``), each other game's
    classifier in the models folder names the face-up tiles in their boxes, and the game it is surest of, on average
    as sure as a game's own tiles are read (``vision.recognizer.OTHER_GAME_BELOW`` or more), is the one. A guess that
    fails is none: the finding then says the tiles do not look like the game's. ``than``: the mean kind confidence
    another game must read the tiles past (``vision.other_game.named_above``: ``NAMED_BY`` over the seat's own game's),
    for a flagged seat and for one read far less surely than its table (``rules.poorly_read_seats``) alike."""
    try:
        own = getattr(reader, "looks_like", None)
        if callable(own):
            return str(own(image, reading) or "")
        return _likeliest_other_game(reader, image, reading, than)
    except Exception:  # noqa: BLE001 - a guess only: the check goes on without it
        return ""


def likelier_game(reader: Reader, image: np.ndarray, reading: SeatReading, least: int = 4) -> str:
    """The id of another game whose classifier reads the face-up tiles of ``reading`` (a seat not flagged
    ``other_game``: its own game's classifier read it above ``vision.recognizer.OTHER_GAME_BELOW`` on average) surer
    than its own game's did (its ``kind_sure``) by ``rules.LIKELIER_MARGIN`` or more; "" where none does, or it has
    fewer than ``least`` face-up tiles. A reader may say it itself (``reader.likelier(image, reading)``). A Yokai Watch
    seat checked as Nogizaka reads at 0.71-0.89 as Nogizaka, above the flag, and surer as Yokai Watch, mostly by 0.05
    or more; a seat of its own game, checked with it, may read a hair surer as another (clean Yokai Watch seats as
    Nogizaka by up to +0.022, 2026-12-07), under the margin. A guess that fails is none."""
    try:
        own = getattr(reader, "likelier", None)
        if callable(own):
            return str(own(image, reading) or "")
        if reading.kind_sure is None or len(reading.faces) < least:
            return ""
        return _likeliest_other_game(reader, image, reading, reading.kind_sure + LIKELIER_MARGIN)
    except Exception:  # noqa: BLE001 - a guess only: the check goes on without it
        return ""


def _likeliest_other_game(reader: Reader, image: np.ndarray, reading: Any, than: float = 0.0) -> str:
    """The other game whose classifier in the models folder reads the face-up tiles of ``reading`` surest, at
    ``vision.recognizer.OTHER_GAME_BELOW`` or more and past ``than`` (``vision.other_game.likeliest_other_game``, which
    the single photo paths ask too); "" where none, or the reader is no game's recognizer (a tile set's, a test's)."""
    from vision.other_game import likeliest_other_game, telling_faces
    from vision.recognizer import Recognizer, default_models_dir

    recognizer = getattr(reader, "__self__", None)  # recognizer_reader's: a Recognizer's bound read
    if not isinstance(recognizer, Recognizer) or not recognizer.game or recognizer.tileset:
        return ""
    # the faces that tell the game, as the single photo paths and the own game's mean (``kind_sure``) take them (a
    # seat's reading or a photo's)
    faces = telling_faces(reading.tiles)
    boxes = np.array([t.xyxy for t in faces], np.float64).reshape(-1, 4)
    return likeliest_other_game(image, boxes, recognizer.game, default_models_dir(), than)


def model_version(game_id: str, tileset: str = "") -> str:
    """A short hash of every model file a reading of ``game_id`` (a game's id or a game file) uses (detector, box
    check, orientation model, the classifier the recognizer reads it with: ``classifier_game``; ``tileset``: the files
    of that enrolled set instead, as ``recognizer_reader`` reads with it): a new model means a new reading."""
    from vision.detector import find_tileset
    from vision.recognizer import default_models_dir

    h = hashlib.sha256()
    root = default_models_dir()
    classifier = classifier_game(game_id, root) if root.is_dir() and not tileset else ""
    files = [f for pattern in ("detector*", "boxcheck*", "orient*", f"classifier-{classifier}*" if classifier else "")
             if pattern for f in sorted(root.glob(pattern))] if root.is_dir() else []
    taught = (find_tileset(tileset, root) if tileset else
              taught_tileset(game_id, root) if root.is_dir() and not classifier else None)
    files += sorted(f for f in taught.iterdir() if f.suffix in (".onnx", ".json")) if taught else []
    for f in files:
        if f.is_file():
            h.update(f.name.encode())
            h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()[:16] if files else "no-models"


def classifier_game(game: str, root: Path) -> str:
    """The game whose classifier in ``root`` reads ``game`` (an id or a game file), as ``vision.Recognizer.load``
    chooses it (the loaded recognizer's ``.game``): the game's own, else, for a house file of its own id, the game
    its tiles are (``vision.recognizer.classifier_game_of``); "" where none does (a tile set taught for a new
    edition's file reads it: ``taught_tileset``; or nothing does, and loading the reader says why)."""
    from scorer import load_game
    from vision.recognizer import game_reader

    try:
        return game_reader(load_game(game), root)[0]
    except TilelensInputError:
        return ""


def taught_tileset(game: str, root: Path) -> Path | None:
    """The folder of the tile set that reads ``game`` (a game file no classifier names: the newest taught for it,
    as ``vision.Recognizer.load`` chooses it: ``vision.recognizer.game_reader``); None where there is none."""
    from scorer import load_game
    from vision.recognizer import game_reader

    try:
        return next(iter(game_reader(load_game(game), root)[1]), None)
    except TilelensInputError:
        return None


def load_photo(photo: Photo) -> np.ndarray:
    """The photo as a BGR array, shrunk to the size photos are read at (``vision.READ_SIDE``, as the app and
    ``tilelens read`` do); ``vision.ImageError`` (a ``TilelensInputError``) when unreadable. A photo found in an
    event folder (``Photo.root``) that now leads outside it (swapped for a link since the folder was scanned) is not
    read: the error's ``leads_out`` holds the scan's words for it (``layout._leads_out``)."""
    from vision import READ_SIDE, ImageError, load_image

    if photo.path is not None and photo.root is not None and (target := leads_out(photo.path, photo.root)):
        en, ja = _leads_out(photo.name, target, ("", "写真 "))
        error = ImageError(f"{photo.name}: {en}", f"{photo.name}: {ja}")
        error.leads_out = (en, ja)  # a finding that names the photo says it once: ``runner._read_photo``
        raise error
    try:
        source = photo.source()
        if isinstance(source, Path) and not source.is_file():
            raise ImageError(f"{photo.name}: the file went away", f"{photo.name}: ファイルがなくなりました")
        return load_image(source, photo.name, max_side=READ_SIDE)  # an upload (bytes) is named by its file
    except OSError as exc:  # no read permission, a disk error: the system's words (in Japanese where known)
        from tilelens.cli import os_problem

        bare = OSError(exc.errno, exc.strerror) if exc.errno and exc.strerror else exc  # without the path
        why, why_ja = os_problem(bare, "en"), os_problem(bare, "ja")
        why = why[:1].lower() + why[1:]  # "permission denied", inside a sentence
        error = ImageError(f"{photo.name}: cannot be read ({why})", f"{photo.name}: 開けません ({why_ja})")
        error.unopened = (why, why_ja)  # a finding that names the photo says it once: ``runner._read_photo``
        raise error from None


def tile_confidence(tile: Any) -> float:
    """The confidence that a read tile is what it says: the lowest of detection and kind."""
    conf = getattr(tile, "confidence", {}) or {}
    keys = ("detection",) if getattr(tile, "is_back", False) else IDENTITY_KEYS
    values = [float(conf[k]) for k in keys if k in conf]
    return min(values) if values else 1.0


def kind_sure(reading: Any) -> float | None:
    """The mean kind confidence of a reading's face-up tiles (as ``vision.recognizer.looks_of_another_game`` takes
    it), less those whose kind confidence was held low to be checked (``vision.recognizer.marked_low``: washed out by
    glare, half hidden: they say nothing of how the photo reads); None for none."""
    from vision.other_game import telling_faces  # the reader's own test of a face held low, not a copy of it

    kinds = [float(t.confidence.get("kind", 1.0)) for t in telling_faces(reading.tiles)]
    return float(np.mean(kinds)) if kinds else None


def to_seat_reading(seat: str, photo_name: str, reading: Any, image_wh: tuple[int, int]) -> SeatReading:
    """Convert a ``vision.HandReading`` to the checker's ``SeatReading`` (tiles in hand order)."""
    from vision.recognizer import marked_low  # what ``telling_faces`` leaves out: kept as the tile's ``held_low``

    refs = tuple(TileRef(seat=seat, index=i, kind="" if t.is_back else str(t.kind or ""),
                         xyxy=tuple(float(v) for v in t.xyxy),  # type: ignore[arg-type]
                         confidence=tile_confidence(t), is_back=bool(t.is_back),
                         alternatives=tuple((str(k), round(float(p), 4))
                                            for k, p in getattr(t, "alternatives", ())[:3]),
                         held_low=not t.is_back and marked_low(t))
                 for i, t in enumerate(reading.tiles))  # the reader's hand order: rows, each left to right
    return SeatReading(seat=seat, photo=photo_name, tiles=refs, image_wh=image_wh, kind_sure=kind_sure(reading))
