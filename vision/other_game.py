"""Whether a photo's tiles are likelier another game's: each other game's classifier reads the same boxes.

A game's classifier names every tile of a photo of another game's tiles, often surely: Nogizaka's read 7 photos of
Yokai Watch tiles at a mean 0.53-0.87, 2 of them under ``vision.recognizer.OTHER_GAME_BELOW``. Another game's
classifier reading the same boxes surer by a margin tells them apart (``likeliest_other_game``). ``tilelens check``
asks it of each seat (``tilelens.event.reading.likelier_game``: ``LIKELIER_MARGIN`` 0.04 where most of a table's
seats are so, 0.05 for a seat alone); a single photo (``tilelens read --game``, the Score-a-photo page:
``Recognizer.asking_other_games``) asks it with ``LIKELIER_BY``, a seat alone's.

Measured (``benchmarks/make_synth_hands.py GAME --count 60 --seed 31`` for each of the four games with a classifier,
each photo read with each game's recognizer as the page reads it): no photo of a game read with its own was flagged by
this test at any margin from 0.00 to 0.06 (240 photos; another classifier read them at best 0.010 less surely than their
own game's: Yokai Watch's as Nogizaka); of the 720 photos of another game, the mean under ``OTHER_GAME_BELOW`` caught
679, this test at 0.05 39 more (718; each named the right game), and it named the right game for 667 of the 679 (the
other 12: no classifier read them at ``OTHER_GAME_BELOW``). The two missed: Yokai Watch read as Nogizaka +0.010 and
+0.018 surer, under the margin, which real photos of a game's own need (clean Yokai Watch seats read up to +0.022 surer
as Nogizaka, ``tilelens.event.rules``).
"""
from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

# another game's classifier must read a single photo's face-up tiles this much surer (mean kind confidence) than the
# game's own did: the event check's margin for a seat alone (rules.LIKELIER_MARGIN + rules.LONE_LIKELIER_GAP)
LIKELIER_BY = 0.05
# A photo flagged already (its mean under ``vision.recognizer.OTHER_GAME_BELOW``) is named a game only where that
# game's classifier reads its face-up tiles NAMED_BY surer than its own game's did (``named_above``): on the single
# photo paths (``judged``) and in the event check alike (``tilelens.event.runner._read_photo``; a seat read far less
# surely than its table, ``tilelens.event.rules.poorly_read_seats``, too: ``runner.check_table``). Measured
# (2026-12-07): a clean Yokai Watch seat read poorly (0.638: a steep rack of small faces) was named Nogizaka's,
# read at 0.700 (+0.062), at a table of one set; 1533 clean seats of 429 rendered Donjara tables, none other named.
# Seats of another game under the flag were read surer as their own by +0.182 or more (162 planted seats; 76 rendered
# Yokai Watch photos read as Nogizaka or Cinderella Girls +0.206 or more): each named as before (its own game; one
# Cinderella Girls seat, read at 0.697 as its own, none).
NAMED_BY = 0.10

_LOADED: dict[tuple, Any] = {}  # ``_file_key`` of a classifier file -> loaded, or None
_LOADING = threading.Lock()  # the page's readers run in threads: one load of a classifier, shared


def _load(path: Path, threads: int | None = 1):
    from vision.classifier import Classifier

    return Classifier.load(path, threads=threads)


def _file_key(path: Path, st) -> tuple:
    """The classifier file ``path`` as it is now (``st``: its stat): a copy put in its place with the same size and
    time (`cp -p`, `rsync -t`) is another inode, or a newer change time."""
    return path, st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size


def _classifier(path: Path):
    """The classifier of ``path``, loaded once a process as long as the file is unchanged (one thread each: an extra
    look, not the reading; a classifier retrained or mended while the app runs is loaded again); None for one that
    cannot be loaded (a broken or half-copied file in the models folder): not asked, and not tried again until the
    file changes. An extra look that fails never costs the game's own reading."""
    try:
        st = path.stat()
    except OSError:  # gone since the folder was listed
        return None
    key = _file_key(path, st)
    with _LOADING:
        if key not in _LOADED:
            for old in [k for k in _LOADED if k[0] == path]:  # the file's earlier copy: not kept in memory
                del _LOADED[old]
            try:
                _LOADED[key] = _load(path, threads=1)
            except Exception:  # noqa: BLE001 - ClassifierFileError, onnxruntime's own errors, OSError: not asked
                _LOADED[key] = None
        return _LOADED[key]


def likeliest_other_game(image: np.ndarray, xyxy, game: str, root: Path, than: float = 0.0,
                         own: Path | None = None) -> str:
    """The id of the game, other than ``game``, whose classifier in ``root`` (``classifier-<game>.onnx``) reads the
    boxes ``xyxy`` of ``image`` surest (their mean kind confidence), where that is ``OTHER_GAME_BELOW`` or more (as
    sure as a game's own tiles are read) and more than ``than``; "" where none is. ``own``: the classifier file the
    boxes were read with, not asked either (a club's copy of a game, read with that game's classifier). Of two as
    sure, the later by name."""
    from vision.recognizer import OTHER_GAME_BELOW

    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    if not len(boxes):
        return ""
    best, surest = "", max(OTHER_GAME_BELOW, than + 1e-9 if than else 0.0)
    for path in sorted(Path(root).glob("classifier-*.onnx")):
        other = path.stem.removeprefix("classifier-")
        if other == game or (own is not None and path.resolve() == Path(own).resolve()):
            continue
        classifier = _classifier(path)
        if classifier is None:
            continue
        try:
            sure = float(np.mean([g.confidence.get("kind", 0.0) for g in classifier.classify(image, boxes)]))
        except Exception:  # noqa: BLE001 - a model that loads but cannot read (another input shape): not asked
            continue
        if sure >= surest:
            best, surest = other, sure
    return best


def named_above(own: float | None) -> float:
    """The mean kind confidence another game's classifier must read a flagged photo's face-up tiles past to name that
    game (``likeliest_other_game``'s ``than``): ``own`` (its own game's mean, under ``OTHER_GAME_BELOW``; or an event
    seat's read far less surely than its table) and ``NAMED_BY``; 0.0 where ``own`` is not known (only
    ``OTHER_GAME_BELOW`` then).

    >>> round(named_above(0.638), 3), named_above(None)
    (0.738, 0.0)
    """
    return own + NAMED_BY if own is not None else 0.0


def telling_faces(tiles) -> list:
    """The face-up tiles of a reading that tell which game's tiles they are: not those whose kind confidence was held
    low for a person to check (``vision.recognizer.marked_low``: washed out by glare, half hidden), which say nothing
    of it. The boxes another game's classifier is shown, and the own game's mean it must beat, on the single photo
    paths (``judged``) and in the event check (``tilelens.event.reading``) alike. A tile that says it itself (an event
    seat's ``TileRef.held_low``: its confidences are not kept) is taken at its word."""
    from vision.recognizer import marked_low

    return [t for t in tiles if not t.is_back and not (t.held_low if hasattr(t, "held_low") else marked_low(t))]


def asking_others(rec, models_dir: str | Path | None = None):
    """The recognizer ``rec`` of a game (``tilelens read --game``, the Score-a-photo page), its readings also asking
    each other game's classifier in ``models_dir`` (default the shipped folder) whether it reads the tiles surer
    (``Recognizer.asking_other_games``: a photo of another game's tiles read surely is said too); a tile set's (its
    readings judged by ``other_set``), or a stand-in reader without ``asking_other_games``, as it is."""
    asking = getattr(rec, "asking_other_games", None)
    if not callable(asking) or not getattr(rec, "game", "") or getattr(rec, "tileset", ""):
        return rec
    return asking(models_dir or None)


def judged(image: np.ndarray, reading, root: Path, own: Path | None = None):
    """``reading`` (of ``image``, its boxes in its pixels) with ``looks_like`` set to the game another classifier in
    ``root`` reads its face-up tiles surer as by ``LIKELIER_BY`` or more (``likeliest_other_game``; ``own``: the
    classifier file they were read with, not asked): then ``other_game``. Of a reading flagged already (its mean under
    ``OTHER_GAME_BELOW``) the surest game read as surely as a game's own tiles are and ``NAMED_BY`` surer than its own
    (``named_above``), to name it. Asked only of a game's reading (not a tile set's), of ``OTHER_GAME_MIN_TILES``
    face-up tiles or more, not washed out by glare nor half hidden (``marked_low``), of ``OTHER_GAME_MIN_PX`` or more,
    and colours kept: as ``other_game`` judges."""
    from vision.recognizer import OTHER_GAME_MIN_PX, OTHER_GAME_MIN_TILES, face_px, looks_of_another_game

    if not reading.game or reading.tileset or reading.colours_unsure or reading.looks_like:
        return reading
    faces = telling_faces(reading.tiles)
    boxes = np.array([t.xyxy for t in faces], np.float64).reshape(-1, 4)
    if len(faces) < OTHER_GAME_MIN_TILES or face_px(boxes) < OTHER_GAME_MIN_PX:
        return reading
    kinds = [t.confidence.get("kind", 1.0) for t in faces]
    than = named_above(float(np.mean(kinds))) if looks_of_another_game(kinds, reading.tile_px) else \
        float(np.mean(kinds)) + LIKELIER_BY
    if than >= 1.0:  # no classifier's mean can beat it: most photos of the game's own (0.95 or surer) ask none
        return reading
    like = likeliest_other_game(image, boxes, reading.game, root, than, own)
    return replace(reading, looks_like=like) if like else reading
