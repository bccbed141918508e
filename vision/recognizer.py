"""Reading a hand: detector + classifier, both on onnxruntime, loaded once.

``Recognizer.load(game=...)`` uses ``models/detector.onnx`` and ``models/classifier-<game>.onnx``;
``Recognizer.load(tileset=...)`` uses an enrolled set in ``models/tilesets/<name>/`` (its classifier, and
its own detector if it has one); both together read the set's kinds as the game's (a club's set chosen for its
game). Both take a second look at every box with ``models/boxcheck.onnx``
(``vision.boxcheck``) when it is there, and drop the boxes it calls neither a face nor a back.
``read(image)`` returns the tiles in hand order: rows top to bottom, each row left to right. A row
photographed at a slant is also read with the photo turned level (``vision.level``), and one photographed
sideways is also read whole in the turned photo, the surer reading kept; a photo read with fewer tiles
than the game's smallest hand is also read turned half round (taken from across the table), and that
reading kept when it finds more tiles the detector is sure of (``sure_count``); a long photo (a small
hand in a panorama) still read short of the game's largest hand is also read from the boxes found in
overlapping windows along it (``vision.detector.detect_in_windows``), kept likewise; a tall one still short
after that is also read in windows turned a quarter each way (a hand standing on end in a tall panorama).
A big photo read shrunk with fewer tiles than the game's smallest hand, small or none, is read first at its own size
in its busiest windows (``vision.closer``: a small hand far off on a big table), kept likewise. A face washed out by
a lamp's glare is marked for a person to check once the reading is chosen (``glare_marked``, ``vision.glare``), and so
is a face whose box is short of its row's, its lower part behind a rack's lip (``hidden_marked``, ``vision.hidden``).
Every reading is then put the way up its owner sees the hand:
when ``models/orient.onnx`` (``vision.orient``; a tile set's own ``orient.onnx`` where it has one) says
its faces stand upside down, the photo is read again turned round (``read_turned``: as a person says,
the model not asked). A photo is taken to show tiles of one set: no kind is named more often than the
game's set holds it (``set_limit``; ``vision.classifier.within_copies``).
"""
from __future__ import annotations

import copy
import json
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import numpy as np

from scorer.result import TilelensInputError, quoted_ja
from vision import glare, hidden, level
from vision.boxcheck import BoxCheck
from vision.classifier import Classifier
from vision.detections import Detections, concat, once_each
from vision.detector import default_models_dir  # callers also import it from here
from vision.detector import detect_in_windows, long_windows
from vision.orient import MIN_TILES, Orientation

BACK = "back"  # the kind of a tile seen from behind (it has no face to name)

# A photo of another game's tiles read with a game's classifier names every tile, but unsurely: a reading
# whose face-up tiles' mean kind confidence is below OTHER_GAME_BELOW says they do not look like the game's.
# Rendered hands (datasets/generated/s8-GAME, 50 per game, each read with its own game and the three
# others): own game 0.77 or more (0 of 200 below), another game below 0.70 for 573 of 600; held out
# (s20-GAME, likewise, threshold fixed before): own 0.82 or more (0 of 200), another below for 568 of 600.
# Weakest pair: yokai-watch tiles read as nogizaka (31 and 24 of 50). Real photos are not measured: a
# real Hong Kong set's photo read as tokyo-mahjong may be flagged (1 of 3 in tests/vision/data).
# Fewer than OTHER_GAME_MIN_TILES face-up tiles are too few to judge. So are tiles smaller than
# OTHER_GAME_MIN_PX (the median short side of the face-up tiles' boxes, in the pixels they were read in): the
# rendered hands above show tiles of 40 px or more, and smaller ones are read unsurely for their size, whatever
# their game. A row of all 34 riichi kinds across a 640 px photo (vision.synth seed 3: 24 px a tile) reads a mean
# 0.68 with its own game's classifier; the same scene 960 px wide (35 px a tile) 0.88, 1280 px (47 px) 0.94.
# Nor is a photo whose colours are lost judged (``HandReading.colours_unsure``: no colour, or 256 colours or
# fewer): a grey or 64-colour palette copy of a rendered Nogizaka hand reads a mean 0.41-0.68 (6 seeds), the
# colour photo 0.95; the photo's note (``vision.image_io.photo_notes``) says the cause.
OTHER_GAME_BELOW = 0.70
OTHER_GAME_MIN_TILES = 4
OTHER_GAME_MIN_PX = 32
PALETTE_COLOURS = 256  # a photo of this many distinct colours or fewer was stored in a palette (or is grey)


def looks_of_another_game(kind_confidences: Sequence[float], tile_px: float = 0.0) -> bool:
    """Whether tiles named with these kind confidences (the face-up tiles of one photo) look like tiles of
    another game than the one whose classifier named them: their mean is below ``OTHER_GAME_BELOW``, over
    ``OTHER_GAME_MIN_TILES`` tiles or more, of ``OTHER_GAME_MIN_PX`` or more (``tile_px``: their median short
    side in the pixels they were read in; 0 where it is not known). One unsure tile among sure ones is a tile to
    check, not another game; tiles too small to read surely say nothing of their game.

    >>> looks_of_another_game([0.4, 0.5, 0.9, 0.3, 0.6]), looks_of_another_game([0.95, 0.9, 0.2, 0.97, 0.99])
    (True, False)
    >>> looks_of_another_game([0.4, 0.5, 0.9, 0.3, 0.6], tile_px=24)
    False
    """
    conf = [float(c) for c in kind_confidences]
    if tile_px and tile_px < OTHER_GAME_MIN_PX:
        return False
    return len(conf) >= OTHER_GAME_MIN_TILES and float(np.mean(conf)) < OTHER_GAME_BELOW


def face_px(xyxy) -> float:
    """The median short side of the boxes ``xyxy`` (0 for none): how large the tiles of a photo were read."""
    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    if not len(boxes):
        return 0.0
    return float(np.median(np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))


def colours_lost(source, img: np.ndarray) -> bool:
    """Whether the colours of a photo cannot be trusted to tell its tiles by: ``img``, the photo as read, has no
    colour (``vision.image_io.colourless``) or ``PALETTE_COLOURS`` distinct colours or fewer (a palette PNG or GIF
    decoded as it was stored), or its file ``source`` (a path or bytes) holds it in a palette or in grey
    (``vision.image_io.how_stored``; nothing is known of an array's file)."""
    from vision.image_io import colourless, how_stored

    if colourless(img):
        return True
    if not isinstance(source, np.ndarray):
        stored = how_stored(source)
        if stored.palette or stored.colourless:
            return True
    pixels = img.reshape(-1, img.shape[2])[:, :3].astype(np.uint32)
    return len(np.unique(pixels[:, 0] << 16 | pixels[:, 1] << 8 | pixels[:, 2])) <= PALETTE_COLOURS


class RecognizerError(TilelensInputError):
    """A recognizer that cannot be set up (no game or tile set named, unknown tile set, missing model)."""


@dataclass(frozen=True)
class ReadTile:
    """One tile read from a photo. ``kind`` is a tile id ``tilelens score`` accepts (``"back"`` for a
    tile face down); ``confidence`` holds ``detection``, ``kind`` and one entry per attribute;
    ``alternatives`` are the best kinds with their probabilities (for a picker)."""

    xyxy: tuple[float, float, float, float]
    kind: str
    attrs: dict[str, str] = field(default_factory=dict)
    confidence: dict[str, float] = field(default_factory=dict)
    is_back: bool = False
    alternatives: tuple[tuple[str, float], ...] = ()

    def to_dict(self) -> dict:
        """Plain JSON-ready values (rounded)."""
        return {"xyxy": [round(float(v), 1) for v in self.xyxy], "kind": self.kind, "attrs": dict(self.attrs),
                "confidence": {k: round(float(v), 4) for k, v in self.confidence.items()},
                "is_back": self.is_back,
                "alternatives": [{"kind": k, "score": round(float(s), 4)} for k, s in self.alternatives]}


@dataclass(frozen=True)
class HandReading:
    """The tiles of one photo in hand order, and what read them. ``upright``: when the hand was read in
    the photo turned (photographed sideways or from across the table), the 2 x 3 matrix taking the
    photo's pixels to the turned one's, where the hand stands as its owner sees it; None when read as
    taken. ``scored_as``: the game the hand is scored as where that is not ``game`` (a tile set of no game:
    the game whose tiles it names, ``Recognizer.scored_as``); "" for ``game``. ``unlearnt_kinds``: the kinds of the
    game in use that the model reading it cannot name (a house table's new member: the shipped classifier reads her
    tiles as others, surely), and ``tilesets_naming_all`` the tile sets taught for that game that name all its kinds
    (``Recognizer.unlearnt_kinds``; both ``()`` where the model names every kind).

    ``kinds`` is a property (every face-up tile's id, as read); ``held_kinds()``, ``called_melds()`` and
    ``winning_reading()`` are methods, as they look for the melds laid apart in the boxes (``held_kinds(melds)``
    reuses melds already found). ``scorable()`` gives the hand as ``scorer.score`` takes it, as ``tilelens read
    --kinds`` does (``vision.scorable``: less unsure boxes off the hand's row and kinds the game has not, its
    called melds apart, a tile set of no game scored as its game)::

    >>> tiles = [ReadTile((42.0 * i, 0, 42.0 * i + 40, 60), k) for i, k in enumerate("1m 2m 3m 4p 5p 6p 7s 8s "
    ...          "9s 1z 1z 1z 5z 5z".split())] + [ReadTile((600.0, 0, 640, 60), BACK, is_back=True)]
    >>> reading = HandReading(tiles, game="tokyo-mahjong")
    >>> reading.kinds[:3], len(reading.kinds), reading.called_melds(), len(reading.held_kinds())
    (['1m', '2m', '3m'], 14, (), 14)
    >>> hand = reading.scorable()
    >>> hand.game, hand.melds, hand.score(win="tsumo").winning
    ('tokyo-mahjong', (), True)

    A reading is frozen: readings made in several threads share nothing."""

    tiles: list[ReadTile]
    image_wh: tuple[int, int] = (0, 0)
    game: str = ""
    tileset: str = ""
    upright: np.ndarray | None = None
    tile_px: float = 0.0  # the face-up tiles' median short side in the pixels they were read in (0: not known)
    colours_unsure: bool = False  # the photo's colours are lost (``colours_lost``): ``other_game`` is not judged
    scored_as: str = ""  # the game it is scored as, where not ``game`` (``Recognizer.read`` sets it): ``scorable``
    # the kinds of the game in use its model never learnt (``Recognizer.unlearnt_kinds``): read as other kinds
    unlearnt_kinds: tuple[str, ...] = ()
    tilesets_naming_all: tuple[str, ...] = ()  # the sets taught for the game that name every kind of it, where some are
    # the game whose classifier reads the face-up tiles surer than ``game``'s by a margin, where a reader asked
    # (``Recognizer.asking_other_games``, ``vision.other_game.judged``): ``other_game`` then; of a reading flagged
    # already, the game they look like most, where one reads them as surely as a game's own; "" where none or not asked
    looks_like: str = ""

    @property
    def kinds(self) -> list[str]:
        """The face-up tile ids, in order (what ``tilelens score`` takes)."""
        return [t.kind for t in self.tiles if not t.is_back]

    def called_melds(self):
        """Riichi melds laid apart at the right of the hand as its owner sees it
        (``vision.melds.find_melds_of_hand``, in the ``upright`` frame), their ``indices`` numbered as
        ``tiles``; ``()`` when none, and always for a Donjara game (tiles of no riichi kind, such as a Hong
        Kong set's flowers, are passed over)."""
        from vision.melds import find_melds_of_hand

        return find_melds_of_hand([t.xyxy for t in self.tiles], [t.kind for t in self.tiles],
                                  [t.is_back for t in self.tiles], upright=self.upright)

    def held_kinds(self, melds: Sequence | None = None) -> list[str]:
        """The face-up tile ids in no called meld, in order: the hand beside ``melds`` (default
        :meth:`called_melds`)."""
        melds = self.called_melds() if melds is None else melds
        in_melds = {i for m in melds for i in m.indices}
        return [t.kind for i, t in enumerate(self.tiles) if not t.is_back and i not in in_melds]

    def scorable(self, game: str | None = None):
        """The hand as ``scorer.score`` takes it (``vision.scorable.ScorableHand``: ``game``, ``tiles`` held,
        ``melds``, what was left out and why, ``args`` as ``tilelens read --kinds`` prints them, and
        ``score(**options)``), the same hand ``tilelens read`` scores: less the unsure boxes off the hand's row (``off_row``) and the kinds
        the game has not (``left_out``), called melds apart. ``game``: the game to score it as (default
        ``scored_as``, else ``game``; "" where none, and then ``score`` says to name one)."""
        from vision.scorable import scorable

        return scorable(self, game)

    def winning_reading(self, size: int | None = None):
        """When the face-up tiles of a game's hand do not win as read, the likeliest winning reading
        within each tile's alternatives (``scorer.likely.likeliest_win``; a box may be dropped if there
        is one too many), its changes numbered as ``tiles``; None when it wins as read, when no winning
        reading is near, or for a reading of no game. ``size``: the tiles a winning hand holds (default
        the game's hand size; a riichi hand with melds holds fewer). The tiles of ``called_melds`` are
        the hand's melds: the rest is the hand that must win beside them."""
        if not self.game:
            return None
        from scorer.catalog import load_game
        from scorer.likely import likeliest_win, shape_wins

        game = load_game(self.game)
        known = {t.id for t in game.tiles}
        melds = self.called_melds()
        specs = [m.spec for m in melds]
        in_melds = {i for m in melds for i in m.indices}
        at = [i for i, t in enumerate(self.tiles) if not t.is_back and t.kind in known and i not in in_melds]
        choices = [[(self.tiles[i].kind, self.tiles[i].confidence.get("kind", 1.0)),
                    *((k, p) for k, p in self.tiles[i].alternatives if k in known and k != self.tiles[i].kind)]
                   for i in at]
        if size is None and melds:
            size = game.hand_size - 3 * len(melds)
        found = likeliest_win(game, choices, size=size,
                              detections=[self.tiles[i].confidence.get("detection", 1.0) for i in at],
                              wins=(lambda tiles: shape_wins(game, tiles, specs)) if specs else None)
        if found is None or not found.changes:
            return None
        return replace(found, changes=tuple(replace(c, index=at[c.index]) for c in found.changes))

    def in_pixels_of(self, size: tuple[int, int]) -> HandReading:
        """This reading of a photo shrunk to be read (``image_wh``) in the pixels of the photo itself, of
        ``size`` (w, h): boxes scaled, ``upright`` taking the photo's own pixels to the turned frame."""
        w, h = self.image_wh
        size = (int(size[0]), int(size[1]))
        if size == (w, h) or not (w and h):
            return self
        sx, sy = size[0] / w, size[1] / h
        tiles = [replace(t, xyxy=(t.xyxy[0] * sx, t.xyxy[1] * sy, t.xyxy[2] * sx, t.xyxy[3] * sy))
                 for t in self.tiles]
        upright = None if self.upright is None else level.then(np.array([[1 / sx, 0, 0], [0, 1 / sy, 0]]),
                                                                  self.upright)  # own pixels -> read ones -> turned
        return replace(self, tiles=tiles, image_wh=size, upright=upright)

    @property
    def other_game(self) -> bool:
        """True when the face-up tiles do not look like ``game``'s (``looks_of_another_game``, their size
        ``tile_px``), or another game's classifier reads them surer by a margin (``looks_like``, where a reader
        asked: ``vision.other_game``): a photo of another game's tiles, read as this one's. False for a reading with an
        enrolled tile set (its own model: ``other_set`` judges it), of no game, or of a photo whose colours are lost
        (``colours_unsure``: its note says why its tiles read poorly). A face washed out by glare (``vision.glare``) or
        half hidden (``vision.hidden``), its kind confidence held low (``marked_low``), says nothing of its game."""
        if not self.game or self.tileset or self.colours_unsure:
            return False
        return bool(self.looks_like) or looks_of_another_game([t.confidence.get("kind", 1.0) for t in self.tiles
                                                               if not t.is_back and not marked_low(t)],
                                                              self.tile_px)

    @property
    def other_set(self) -> bool:
        """True when a tile set's reading (``tileset``) has face-up tiles that do not look like the set's, judged as
        ``other_game`` judges a game's (``looks_of_another_game``; not of a photo whose colours are lost): a photo
        of another game's tiles read with the set. Measured with the shipped ``hk-mahjong`` set (2026-12-06):
        its 116 held-out real photos judged read a mean 0.73 or more (0 below ``OTHER_GAME_BELOW``), rendered hands
        of each Donjara game (15 a game, ``tilelens synth`` seed 7) 0.61 or less (44 of 44 below)."""
        if not self.tileset or self.colours_unsure:
            return False
        return looks_of_another_game([t.confidence.get("kind", 1.0) for t in self.tiles
                                      if not t.is_back and not marked_low(t)], self.tile_px)

    @property
    def turned(self) -> int:
        """Quarter turns anticlockwise (0-3) from the photo as taken to the hand as its owner sees it, the
        order ``tiles`` are listed in: 2 for a hand photographed from across the table."""
        return level.quarter_turns(self.upright)

    def to_dict(self) -> dict:
        """The reading's part of one photo of ``tilelens read --json`` (its keys as there); that entry adds what the
        command judges of it (``vision.read_cli.image_entry``: ``score_args``, each tile's ``unsure`` and
        ``off_row``, ``winning_reading``, the photo's ``notes``, ``error``). A library's caller has the hand to
        score from :meth:`scorable`."""
        return {"width": self.image_wh[0], "height": self.image_wh[1], "game": self.game,
                "tileset": self.tileset, "turned": self.turned, "kinds": self.kinds,
                "tiles": [t.to_dict() for t in self.tiles],
                "melds": [{"meld": m.spec, "tiles": [i + 1 for i in m.indices]} for m in self.called_melds()],
                "other_game": self.other_game if self.game and not self.tileset else None,
                "looks_like": self.looks_like if self.other_game and self.looks_like else None,
                "other_tileset": self.other_set if self.tileset else None}


CLOSER_MARGIN = 2.0  # tile long sides kept round the tiles a closer look found, to read them in (``closer_part``)


def closer_part(xyxy, width: int, height: int) -> tuple[int, int, int, int]:
    """The part ``(x0, y0, x1, y1)`` of a ``width`` x ``height`` photo a closer look's boxes ``xyxy`` are read in: their
    bounds and ``CLOSER_MARGIN`` of their median long side round them, within the photo.

    >>> closer_part([[100, 100, 120, 130], [122, 100, 142, 130]], 1000, 800)
    (40, 40, 202, 190)
    """
    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    margin = CLOSER_MARGIN * float(np.median(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))
    x0, y0 = np.floor(np.maximum(boxes[:, :2].min(axis=0) - margin, 0)).astype(int)
    x1, y1 = np.ceil(np.minimum(boxes[:, 2:].max(axis=0) + margin, [width, height])).astype(int)
    return int(x0), int(y0), int(x1), int(y1)


def moved(reading: HandReading, dx: int, dy: int, size: tuple[int, int]) -> HandReading:
    """``reading`` of a part of a photo, whose top left corner stands at ``(dx, dy)`` in the photo of ``size`` (w, h),
    in the photo's pixels: boxes moved, ``upright`` taking the photo's pixels to the turned frame."""
    tiles = [replace(t, xyxy=(t.xyxy[0] + dx, t.xyxy[1] + dy, t.xyxy[2] + dx, t.xyxy[3] + dy)) for t in reading.tiles]
    upright = None if reading.upright is None else level.then(np.array([[1.0, 0, -dx], [0, 1.0, -dy]]),
                                                                reading.upright)
    return replace(reading, tiles=tiles, image_wh=(int(size[0]), int(size[1])), upright=upright)


def glare_marked(img: np.ndarray, reading: HandReading) -> HandReading:
    """``reading`` of the photo ``img`` (its boxes in ``img``'s pixels) with each face washed out by glare marked for a
    person to check (``vision.glare``: its kind confidence held under ``vision.CHECK_BELOW``, ``confidence["glare"]``
    the share blown out). Marked once the reading is chosen: the readings of a photo compared on the way (as taken,
    turned) are compared by what the classifier said."""
    faces = [i for i, t in enumerate(reading.tiles) if not t.is_back]
    if not faces:
        return reading
    return _faces_marked(reading, faces, glare.washed_out(img, [reading.tiles[i].xyxy for i in faces]), glare.marked)


def hidden_marked(reading: HandReading) -> HandReading:
    """``reading`` with each face whose box is short of its row's (``vision.hidden.short_of_row``, in the frame where
    its rows stand level: ``upright``) marked for a person to check: its kind confidence held under
    ``vision.CHECK_BELOW``, ``confidence["hidden"]`` the share of the row's height it lacks. A face half hidden by a
    rack's lip is read from the part that shows, and may be named as another kind surely. Marked once the reading is
    chosen, as ``glare_marked``."""
    faces = [i for i, t in enumerate(reading.tiles) if not t.is_back]
    if len(faces) < hidden.MIN_ROW:
        return reading
    boxes = np.array([reading.tiles[i].xyxy for i in faces], np.float64).reshape(-1, 4)
    if reading.upright is not None:
        boxes = level.to_turned(boxes, reading.upright)
    return _faces_marked(reading, faces, hidden.short_of_row(boxes), hidden.marked)


def marked_to_check(img: np.ndarray, reading: HandReading) -> HandReading:
    """``reading`` of ``img`` with its faces washed out by glare (``glare_marked``) and those half hidden
    (``hidden_marked``) marked for a person to check: once a reading is chosen, by every way of reading."""
    return hidden_marked(glare_marked(img, reading))


def _faces_marked(reading: HandReading, faces: list[int], shares: np.ndarray, mark) -> HandReading:
    """``reading`` with the confidence of its tile ``faces[j]`` as ``mark`` (``glare.marked``, ``hidden.marked``)
    takes it and ``shares[j]``; ``reading`` itself where no share is above 0."""
    if not shares.any():
        return reading
    tiles = list(reading.tiles)
    for i, share in zip(faces, shares):
        tiles[i] = replace(tiles[i], confidence=mark(tiles[i].confidence, float(share)))
    return replace(reading, tiles=tiles)


def marked_low(tile: ReadTile) -> bool:
    """True for a face whose kind confidence was held low for a person to check (washed out by glare, half hidden):
    it says nothing of the game its tiles are."""
    return "glare" in tile.confidence or "hidden" in tile.confidence


def colours_judged(source, img: np.ndarray, reading: HandReading) -> HandReading:
    """``reading`` of the photo ``img`` (from ``source``: a path, bytes or an array), with ``colours_unsure`` set
    where its tiles look like another game's and the photo's colours are lost (``colours_lost``): asked only
    then, a read pays nothing for it."""
    if reading.other_game and colours_lost(source, img):
        return replace(reading, colours_unsure=True)
    return reading


SHOWN_TILES = 3  # how many of a house file's tiles no classifier knows a message names

# A game file whose tiles a classifier names all but a few of (a club's copy of Nogizaka under its own id, a member or
# two new) is read with that classifier, the rest said as never learnt (``classifier_fit``), as a house table of the
# game with the same roster is (``unlearnt_of``). "A few": a quarter of the file's kinds at most, the share under which
# the app's photo page offers a tile set for a game and a tile set of no game is scored as one
# (``app.components.resources.tilesets_for``, ``vision.scorable.scoring_game``): 4 of Nogizaka's 17, 21 of Cinderella
# Girls' 84. More new kinds than that make a new edition, which a tile set taught for it reads.
FEW_UNLEARNT = 0.25


def _classifiers(root: Path) -> dict[str, tuple[set[str], set[str] | None]]:
    """Each classifier of ``root`` (``classifier-<game>.json``) by its game: the classes it names, and the names of its
    classes' attributes (``class_attrs``: how its game pictures a tile; None where it records none)."""
    known: dict[str, tuple[set[str], set[str] | None]] = {}
    for path in sorted(root.glob("classifier-*.json")):
        try:
            spec = json.loads(path.read_text(encoding="utf-8"))
            classes = {str(c) for c in spec["classes"]}
            attrs = spec.get("class_attrs")
            names = {str(k) for a in attrs for k in a} if isinstance(attrs, list) and attrs and all(
                isinstance(a, dict) for a in attrs) else None
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
            continue  # a classifier that cannot be read names no tiles here (loading it says why)
        known[path.stem.removeprefix("classifier-")] = (classes, names)
    return known


def classifier_fit(spec, root: Path) -> tuple[str, tuple[str, ...]]:
    """The game whose classifier in ``root`` reads the game file ``spec`` (a house file of its own id: an organiser's
    table of a shipped game, a club's copy of it), and the kinds of the file that classifier never learnt, in the
    file's order. The classifier naming every tile (the one of fewest classes where several do), with none; else the
    one naming the most, where it names all but a few (``FEW_UNLEARNT``: a quarter of the file's kinds at most), the
    file pictures its tiles as that classifier's game does (the same attributes: ``colour`` and ``member`` for
    Nogizaka) and none of the others is a tile another classifier names (a file mixing two games' tiles): a club's
    copy with a new member, whose tiles it reads as others, as the box's classifier reads a house table's new member.
    ``RecognizerError`` where none does, naming a few tiles none of them knows, or, where most of the file's tiles are
    some classifier's, those the nearest one does not (a tile id or two shared by chance, a new edition's ``almighty``,
    make no copy of Yokai Watch). Naming that game loads no table of it (``box_name_ja``): under the command line's
    house tables, loading one said it was used."""
    tiles = [t.id for t in spec.tiles]
    known = _classifiers(root)
    whole = [g for g, (classes, _) in known.items() if classes.issuperset(tiles)]
    if whole:
        return min(whole, key=lambda g: (len(known[g][0]), g)), ()  # the closest fit
    nearest = max(known, key=lambda g: (len(known[g][0].intersection(tiles)), g), default="")
    # some tiles of a game, some of none or another: where most of its tiles are some classifier's; a tile id or two
    # shared by chance (a new edition's ``almighty``, Yokai Watch's too) make it no copy of that game
    mixed = bool(nearest) and 2 * sum(any(t in c for c, _ in known.values()) for t in tiles) > len(tiles)
    unknown = [t for t in tiles
               if (t not in known[nearest][0] if mixed else not any(t in c for c, _ in known.values()))]
    if mixed and len(unknown) <= FEW_UNLEARNT * len(tiles):
        others = [t for t in unknown if any(t in c for g, (c, _) in known.items() if g != nearest)]
        pictured = known[nearest][1]
        if not others and (pictured is None or pictured == set(spec.attributes)):
            return nearest, tuple(unknown)
    few = ", ".join(unknown[:SHOWN_TILES]) + (", ..." if len(unknown) > SHOWN_TILES else "")
    where = f"{spec.id!r}" + (f" ({spec.source})" if spec.source else "")
    if mixed:
        raise RecognizerError(
            f"game {where}: its tiles are not those of any game with a classifier: {few} "
            f"{'is' if len(unknown) == 1 else 'are'} no tile of {nearest}, the game of its other tiles",
            f"{spec.name_ja} ({spec.id}) の牌は分類モデルのあるどのゲームの牌でもありません: {few} は"
            f"{box_name_ja(nearest)}の牌ではありません")
    games = ", ".join(sorted(known)) or "none"
    raise RecognizerError(
        f"game {where}: its tiles are not those of any game with a classifier ({few} "
        f"{'is' if len(unknown) == 1 else 'are'} no tile of {games})",
        f"{spec.name_ja} ({spec.id}) の牌は分類モデルのあるどのゲームの牌でもありません ({few} はどのゲームの牌でも"
        f"ありません)")


def classifier_game_of(spec, root: Path) -> str:
    """The game whose classifier in ``root`` (``classifier-<game>.json``'s ``classes``) reads the game file ``spec``:
    the one naming every tile (the one of fewest classes where several do), else the one naming all but a few, the
    others said as never learnt (``classifier_fit``); ``RecognizerError`` where none does."""
    return classifier_fit(spec, root)[0]


def box_name_ja(game_id: str) -> str:
    """A game's Japanese name for a message about its classifier (「乃木坂ドンジャラ」), from the shipped game's own file:
    never through ``scorer.catalog.load_game`` by id, which plays (and says it plays) a house table edited in the app;
    the id for any other game (a classifier trained for a game not shipped)."""
    from scorer.catalog import GAMES_DIR, list_games, load_game

    if game_id in list_games():
        try:
            name = load_game(Path(GAMES_DIR) / f"{game_id}.toml").name_ja
        except TilelensInputError:
            name = ""
        if name:
            return f"「{name}」"
    return f" {game_id} "


def sets_naming_all(spec, root: Path) -> tuple[str, ...]:
    """The tile sets that read the game ``spec`` (``taught_tilesets``: taught for its id, its file or a file of its id,
    or naming every tile of it) that learnt every kind of it (``learnt_kinds``: not merely their classifier names
    it), in the order read with first."""
    wanted = {t.id for t in spec.tiles}
    return tuple(folder.name for folder in taught_tilesets(spec, root) if wanted <= set(learnt_kinds(folder) or ()))


def _set_classes(folder: Path) -> tuple[str, ...] | None:
    """The kinds the classifier of the tile set in ``folder`` names (its ``classifier.json``'s ``classes``); None
    where the set cannot be read (said where it is named)."""
    try:
        meta = read_tileset_meta(folder)
        clf = (folder / meta.get("classifier", "classifier.onnx")).with_suffix(".json")
        classes = json.loads(clf.read_text(encoding="utf-8"))["classes"]
    except (RecognizerError, OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
    return tuple(str(c) for c in classes) if isinstance(classes, list) else None


def unlearnt_of(rules, classes: Sequence[str], root: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The kinds of the game ``rules`` a classifier naming ``classes`` never learnt, in the game's order (a house
    table's new member, read with the box's classifier: it names her tiles as other kinds, surely), and the tile sets
    taught for that game that name them all (``sets_naming_all``); ``((), ())`` where it names every kind, or for no
    game."""
    if rules is None:
        return (), ()
    known = {str(c) for c in classes}
    unlearnt = tuple(t.id for t in rules.tiles if t.id not in known)
    return (unlearnt, sets_naming_all(rules, root)) if unlearnt else ((), ())


class NoReaderError(RecognizerError):
    """A game file whose tiles no classifier in the models folder names and no tile set was taught for
    (``game_reader``): its photos can be filed and labelled by hand, not read."""


def game_file(game: str) -> Path | None:
    """The absolute path of ``game`` named as a game file (a path ending ``.toml``, or one that exists), as a
    tile set keeps it (``tileset.json``'s ``game``: ``tilelens enroll``); None for a shipped game's id or none.

    >>> game_file("nogizaka") is None, game_file("/x/precure.toml")
    (True, PosixPath('/x/precure.toml'))
    """
    from scorer.catalog import list_games

    if not game or game in list_games():
        return None
    path = Path(game).expanduser()
    if path.suffix != ".toml" and not path.exists():
        return None
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


CLEARLY_WORSE = 0.05  # a set measured this much lower (a share of the tiles) on the same photos is not read with


def taught_tilesets(spec, root: Path) -> list[Path]:
    """The folders of the tile sets that read the game file ``spec``, the one ``Recognizer.load(game=FILE)`` reads
    with first: those taught for it (their ``tileset.json``'s ``game`` is that file, or a game file of the same id,
    or names that id), then those taught for a game it is a copy of (``_copy_of``: three quarters of its tiles that
    game's) or for none, that name every tile of it (a set taught for nogizaka's house table reads a club's copy of
    it under its own id; one taught for no game, the club's roster: the app's photo page offers such sets for the
    game too, ``app.components.resources.tilesets_for``), each knowing the most of its kinds first (``kinds_known``),
    then newest first (the last written ``tileset.json``; then by name); a set taught for it knowing fewer of its kinds
    than one naming every tile comes after that one (``_most_kinds_first``). ``sets_for`` gives the two apart.

    Of those taught for it, the one read with knows the most of its kinds: a set taught last from 3 photos on 7 of 28
    kinds no longer reads every photo with the other 21 misread, where a set on all 28 was taught before it. Of those
    knowing as many, the newest, unless it is clearly worse than an older set: measured on the very photos kept out of
    both (``tileset.json``'s ``held_out``: the same ``photos_sha256``, as ``tilelens enroll`` keeps the same photos
    out of one dataset taught again) it named fewer tiles right by more than ``CLEARLY_WORSE`` (5 of 100). The newest
    not clearly worse than any set then reads: a set taught last for one epoch no longer reads every photo worse than
    the set taught before it. Sets measured on other photos (photos added in between: the newer set may have learnt
    the older one's), or on none, are not compared: the newer reads. So of those naming every tile of it, compared
    among themselves: a set taught last from the same Hong Kong photos, clearly worse on those kept out of both, no
    longer reads Tokyo Mahjong first (nor is it the set the app's photo page offers to read a photo with)."""
    made, naming = sets_for(spec, root)
    return _most_kinds_first(made + naming, spec)


def _taught_for(named: str, spec, own: Path | None) -> bool:
    """Whether a tile set's ``game`` (its ``tileset.json``'s: an id, or a game file) is the game ``spec``: its id, its
    file ``own`` (``game_file`` of ``spec.source``), or a file that loads as a game of its id."""
    from scorer.catalog import load_game

    path = game_file(named)
    same = bool(named) and (named == spec.id or (path is not None and own is not None and path == own))
    if not same and path is not None and path.is_file():
        try:
            same = load_game(path).id == spec.id
        except TilelensInputError:
            same = False
    return same or (path is not None and moved_added_game(path) == spec.id)


def moved_added_game(path: Path) -> str:
    """The id of the game added here that ``path`` named, where ``path`` is the file of a game added in the app
    (``.../games/_added/<id>.toml``) that is no longer there (a tile set taught in a home since copied or moved,
    which named the old home's file) and a game of that id is added here (``scorer.catalog.added_games``); else ""."""
    if path.suffix != ".toml" or path.parent.name != "_added" or path.parent.parent.name != "games":
        return ""
    from scorer.catalog import added_games

    try:
        if path.exists():
            return ""
    except OSError:
        pass
    return path.stem if path.stem in added_games() else ""


def _copy_of(named: str, spec) -> bool:
    """Whether the game ``spec`` is a copy of the game ``named`` (a tile set's ``game``: "" for none) as far as its
    tiles go: ``named``'s tiles are three quarters of its tiles or more (nogizaka's house table, a club's copy of it
    under its own id); any game for a set taught for none. False where ``named`` cannot be loaded."""
    if not named:
        return True
    from scorer.catalog import load_game

    try:
        ids = {t.id for t in load_game(named).tiles}
    except TilelensInputError:
        return False
    return sum(t.id in ids for t in spec.tiles) >= 0.75 * len(spec.tiles)


def tileset_folder(tileset: str, root: Path) -> Path:
    """The folder of the enrolled tile set ``tileset`` (``vision.detector.find_tileset``: the user's sets, then the
    shipped ones); ``RecognizerError`` naming those enrolled where there is none."""
    from vision.detector import find_tileset, tileset_without_meta, tilesets_listed

    folder = find_tileset(tileset, root)
    if folder is None and (bare := tileset_without_meta(tileset, root)) is not None:  # there, its file gone
        raise RecognizerError(f"tile set {tileset!r}: its folder {bare} is there, but its tileset.json is missing "
                              f"(deleted, moved, or the folder copied without it): put the file back, or enrol the "
                              f"set again",
                              f"牌セット{quoted_ja(tileset)}のフォルダ {bare} はありますが、tileset.json がありません "
                              f"(消えたか移されたか、フォルダがそれなしでコピーされました): ファイルを戻すか、"
                              f"登録し直してください")
    if folder is None:
        raise RecognizerError(f"unknown tile set {tileset!r} (enrolled: {tilesets_listed(root)})",
                              f"牌セット{quoted_ja(tileset)}は登録されていません (登録済み: "
                              f"{tilesets_listed(root, japanese=True)})")
    return folder


def set_reads(spec, tileset: str, folder: Path) -> None:
    """Refuse (``RecognizerError``) to read the game ``spec`` with the tile set ``tileset`` (in ``folder``) where the
    set reads no such game: it was not taught for it, and three quarters of its kinds (its classifier's, or those it
    learnt: ``learnt_of``) are not tiles of it nor does it name every tile of it (the sets the app's photo page offers
    for a game: ``app.components.resources.tilesets_for``, as ``vision.scorable.scoring_game`` scores a set of no
    game)."""
    meta = read_tileset_meta(folder)
    if _taught_for(meta.get("game") or "", spec, game_file(spec.source) if spec.source else None):
        return
    classes = _set_classes(folder)
    if classes is None:
        return  # a classifier that cannot be read: loading it says why
    ids = {t.id for t in spec.tiles}
    named = sum(c in ids for c in classes)
    learnt = learnt_of(meta, classes)
    if classes and (named >= 0.75 * len(classes) or ids <= set(classes)
                    or (learnt and sum(c in ids for c in learnt) >= 0.75 * len(learnt))):
        return
    raise RecognizerError(
        f"tile set {tileset!r} does not read {spec.id} ({spec.name_en or spec.name_ja}): {named} of its "
        f"{len(classes)} kinds are tiles of it, and it was not taught for it; read with a set taught for "
        f"{spec.id}, or one whose kinds are its tiles",
        f"牌セット{quoted_ja(tileset)}では {spec.id} ({spec.name_ja}) を読めません: この牌セットの {len(classes)}種類のうち "
        f"{spec.id} の牌は {named}種類で、{spec.id} 用に覚えさせたものでもありません。{spec.id} 用の牌セットか、その牌を"
        f"覚えた牌セットで読んでください")


def sets_for(spec, root: Path) -> tuple[list[Path], list[Path]]:
    """The tile sets that read the game ``spec`` (``taught_tilesets``): those taught for it; and those taught for a
    game it is a copy of or for none whose classifier names every tile of it (a set taught from a dataset with
    flowers reads Tokyo Mahjong). Each of the two in the order they read: the one read with first (of those knowing
    the most of its kinds, the newest not clearly worse than another of the two on the same photos kept out), then
    the others knowing the most of its kinds first, newest first (``_read_first``)."""
    from vision.detector import enrolled_tilesets

    own = game_file(spec.source) if spec.source else None
    wanted = {t.id for t in spec.tiles}
    found, naming, measured = [], [], {}
    for folder in enrolled_tilesets(root).values():
        try:
            meta = read_tileset_meta(folder)
        except RecognizerError:
            continue  # a damaged set is said when it is named
        if _taught_for(meta.get("game") or "", spec, own):
            found.append(folder)
        elif wanted and wanted <= set(_set_classes(folder) or ()) and _copy_of(meta.get("game") or "", spec):
            naming.append(folder)
        else:
            continue
        measured[folder] = _held_out_measure(meta)
    return _read_first(found, wanted, measured), _read_first(naming, wanted, measured)


def _read_first(sets: list[Path], wanted: set[str], measured: dict) -> list[Path]:
    """``sets`` (those taught for a game, or those naming every tile of it: ``sets_for``) in the order they read the
    game of the kinds ``wanted``: the most of its kinds first (``kinds_known``), then the newest; the first of them
    not clearly worse (``CLEARLY_WORSE``) than another of ``sets`` knowing as many, measured on the same photos kept
    out (``measured``: ``_held_out_measure`` of each), in front."""
    stamp = {f: (f / "tileset.json").stat().st_mtime_ns for f in sets}
    knows = {f: kinds_known(f, wanted) for f in sets}
    ordered = sorted(sets, key=lambda f: (-knows[f], -stamp[f], f.name))  # the most of its kinds, then the newest

    def clearly_worse(f: Path) -> bool:  # than a set measured on the same photos, knowing as many of its kinds
        mine = measured.get(f)
        return mine is not None and any(
            other is not None and knows[g] >= knows[f] and other[0] == mine[0] and other[1] - mine[1] > CLEARLY_WORSE
            for g, other in ((g, measured.get(g)) for g in sets))

    read_with = next((f for f in ordered if not clearly_worse(f)), None)  # one of the best on its photos is none
    return ([read_with] if read_with else []) + [f for f in ordered if f != read_with]


def kinds_known(folder: Path, wanted: set[str]) -> int:
    """How many of the kinds ``wanted`` (a game's) the tile set in ``folder`` knows: it learnt them
    (``learnt_kinds``: its training had crops of them, not merely its classifier names them), or its set has them
    not (``absent_of``: a Hong Kong set's red fives)."""
    try:
        absent = set(absent_of(read_tileset_meta(folder)))
    except RecognizerError:
        absent = set()
    return len(wanted & (set(learnt_kinds(folder) or ()) | absent))


def learnt_of(meta: dict, classes: Sequence[str]) -> tuple[str, ...]:
    """The kinds of ``classes`` (a tile set's classifier's) the set learnt, in their order: those its
    ``tileset.json`` (``meta``) says had training crops (``learnt``: kind -> crops, written by ``tilelens enroll``).
    A set taught from a labelling dataset has every kind of its ``data.yaml`` as a class, whether a photo showed it
    or not: one taught from 3 photos on 7 of 28 kinds names 28, and knows 7. Every class for a set written before
    (no ``learnt``) or one whose ``learnt`` is no table of kinds and counts.

    >>> learnt_of({"learnt": {"a": 3, "c": 1}}, ["a", "b", "c"]), learnt_of({}, ["a", "b"])
    (('a', 'c'), ('a', 'b'))
    """
    learnt = meta.get("learnt")
    if not (isinstance(learnt, dict) and all(
            isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool) for k, n in learnt.items())):
        return tuple(str(c) for c in classes)
    return tuple(str(c) for c in classes if learnt.get(str(c), 0) > 0)


def learnt_kinds(folder: Path) -> tuple[str, ...] | None:
    """The kinds the tile set in ``folder`` learnt (``learnt_of`` its classifier's classes); None where the set
    cannot be read (said where it is named)."""
    classes = _set_classes(folder)
    if classes is None:
        return None
    try:
        return learnt_of(read_tileset_meta(folder), classes)
    except RecognizerError:
        return None


def _most_kinds_first(sets: list[Path], spec) -> list[Path]:
    """``sets`` (those taught for the game ``spec``, in the order read with, then those naming every tile of it) with
    the ones knowing more of its kinds first, else as they were (``kinds_known``): a set taught for it on a few of its
    kinds does not read it before one of another game's copy, or of none, that names every tile."""
    wanted = {t.id for t in spec.tiles}
    knows = {f: kinds_known(f, wanted) for f in sets}
    return sorted(sets, key=lambda f: -knows[f])  # stable


def _held_out_measure(meta: dict) -> tuple[tuple[str, ...], float] | None:
    """A tile set's measure on the photos kept out of its training (``tileset.json``'s ``held_out``, ``vision.enroll``):
    those photos' digests and the share of their tiles named right; None where it names no photos (a set taught
    from too few photos to keep some out, one taught before the photos were kept in it) or is not such a measure."""
    held = meta.get("held_out")
    if not isinstance(held, dict):
        return None
    photos, tiles, right = held.get("photos_sha256"), held.get("tiles"), held.get("right")
    if not (isinstance(photos, list) and photos and all(isinstance(p, str) for p in photos)
            and isinstance(tiles, int) and isinstance(right, int) and 0 <= right <= tiles and tiles > 0):
        return None
    return tuple(sorted(photos)), right / tiles


def game_reader(spec, root: Path) -> tuple[str, list[Path]]:
    """What reads the photos of the game ``spec`` with the models of ``root``, as ``Recognizer.load(game=...)``
    loads it: ``(classifier game, [])`` for a game with a classifier (its own, or, for a house file of its own
    id, the game whose tiles its tiles are: ``classifier_fit``); ``("", tile sets)`` for a game file read with a tile
    set (``taught_tilesets``, the one read with first). In that order: a classifier naming every tile; the sets taught
    for the file; a classifier naming all but a few of its tiles (a club's copy with a new member: the others said
    as never learnt, ``Recognizer.unlearnt_kinds``, with the sets naming them all); a set taught for a game it is a
    copy of, or for none, that names every tile. ``NoReaderError`` when none, saying how to teach one. A game shipped
    in ``scorer/games`` with no classifier of its own (``has_own_classifier``: a fifth edition shipped as a file) is
    read as one added in the app is."""
    if has_own_classifier(spec.id, root):
        return spec.id, []
    try:
        game, unknown = classifier_fit(spec, root)
    except RecognizerError as exc:
        game, unknown, refused = "", (), exc
    if game and not unknown:
        return game, []
    made, naming = sets_for(spec, root)
    if made:
        return "", _most_kinds_first(made + naming, spec)
    if game:
        return game, []
    if naming:
        return "", naming
    file = shlex.quote(said_game(spec))
    raise NoReaderError(
        f"{refused}; and no tile set was taught for it: no tile set knows its tiles yet. Teach one from photos of its "
        f"tiles: `tilelens label init DIR --game {file}` files them (no proposals: draw the boxes on the app's Label "
        f"tiles page and accept them), then `tilelens label teach DIR --name NAME --base GAME` (GAME: a shipped "
        f"game whose tiles look like these, e.g. nogizaka); then --game {file} reads with that set",
        f"{refused.message_ja or refused}。この牌を覚えた牌セットはまだありません: 写真を `tilelens label init フォルダ "
        f"--game {file}` で整理し (下書きはありません: アプリの「ラベル付け」のページで枠を描いて OK してください)、"
        f"`tilelens label teach フォルダ --name 名前 --base ゲーム` で覚えさせると、--game {file} でその牌セットで"
        f"読みます") from None


def has_own_classifier(game_id: str, root: Path) -> bool:
    """Whether the game ``game_id`` is read with a classifier of its own (``classifier-<id>.onnx``): it is in
    ``root``, or the game is shipped and its classifier is known to be (its ``.json`` or ``.pt`` in ``root``, its
    ``.onnx`` in the package's models, or ``root`` has no classifier at all: a models folder that lost a model, said
    as missing there, ``Recognizer.load``). A game shipped as a file in ``scorer/games`` that no classifier was ever
    made for (a fifth edition) has none: read as a game added in the app is (``game_reader``)."""
    from scorer.catalog import list_games
    from vision.detector import package_models_dir

    if (root / f"classifier-{game_id}.onnx").is_file():
        return True
    if game_id not in list_games():
        return False
    stem = f"classifier-{game_id}"
    return ((root / f"{stem}.json").is_file() or (root / f"{stem}.pt").is_file()
            or (package_models_dir() / f"{stem}.onnx").is_file() or not any(root.glob("classifier-*.json")))


def said_game(spec) -> str:
    """The game ``spec`` as a command names it: its id where that names the same file (a shipped game, one added in
    the app: ``tilelens score --game ID`` takes it), else its file (a club's game file not added)."""
    from scorer.catalog import load_game

    if not spec.source:
        return spec.id
    try:
        same = Path(load_game(spec.id).source).resolve() == Path(spec.source).resolve()
    except (TilelensInputError, OSError, RuntimeError):
        same = False
    return spec.id if same else spec.source


def tileset_game(game: str, tileset: str, folder: Path):
    """The rules of the game the tile set ``tileset`` (in ``folder``) was taught for (its ``tileset.json``'s
    ``game``; the file of a game added in a home since copied or moved: the game added here under its id,
    ``moved_added_game``); ``RecognizerError`` naming the set, its missing game file and the fix where that file is
    gone (moved, or named relative to the folder the set was taught in), else the scorer's message."""
    from scorer.catalog import list_games, load_game

    path = Path(game).expanduser()
    if game not in list_games() and path.suffix == ".toml" and not path.is_file() and moved_added_game(path):
        game = moved_added_game(path)  # the game added here under the id of the old home's file
    elif game not in list_games() and path.suffix == ".toml" and not path.is_file():
        meta = folder / "tileset.json"
        shown = shlex.quote(str(game))
        raise RecognizerError(
            f"tile set {tileset!r} was taught for the game file {shown}, which does not exist" + (
                f": put the file back there, or edit \"game\" in {meta} to name where it is now" if path.is_absolute()
                else f" here (it was named relative to the folder it was taught in): read from that folder, or edit "
                     f"\"game\" in {meta} to name the file by its full path"),
            f"牌セット{quoted_ja(tileset)}はゲームファイル {shown} 用に覚えさせたものですが、そのファイルがありません: ファイルを"
            f"元の場所に戻すか、{meta} の \"game\" を今の場所に書き換えてください")
    try:
        return load_game(game)
    except TilelensInputError as exc:  # an unknown game, a broken file: said of the set whose file names it
        where = f"tile set {tileset!r} ({folder / 'tileset.json'}, its \"game\")"
        raise RecognizerError(f"{where}: {exc}", f"牌セット{quoted_ja(tileset)} ({folder / 'tileset.json'} の \"game\"): "
                                                f"{getattr(exc, 'message_ja', '') or exc}") from None


def _not_of_game(classes: Sequence[str], class_attrs: Sequence[dict], spec) -> dict[str, str]:
    """The kinds a classifier naming ``classes`` (each with its ``class_attrs``) names that the game ``spec`` has not
    and cannot tell from a kind of its own: the same on every attribute its kinds tell apart (of more than one value
    among them), each with the kind of the game read in its place ("" for none). A house file of riichi with no red
    fives (each kind red = "no") read with the riichi classifier never reads a Hong Kong five as 0p (it said "'0p' is
    not a tile of hk-riichi"), nor offers one; a red five (a set whose fives are red yet played plain) is read as its
    plain five, surely (``Classifier``'s ``never`` and ``fold``): the one kind of the game it is like, told from it by
    the classifier on an attribute the game has one value of alone (a red five and its plain five only: a tiara idol a
    house table dropped is not the one idol of her type and status it kept). Two kinds alike on every attribute (two
    idols of one type) are two faces: none. A kind the game dropped that its attributes tell apart (a member a club's
    table graduated) is still read, and said to be none of the table in use. None for a shipped game: its classifier
    names its kinds alone."""
    ids = {t.id for t in spec.tiles}
    told = [a for a in spec.attributes if len({t.attrs.get(a) for t in spec.tiles}) > 1]
    if not told:
        return {}
    own: dict[tuple, list[str]] = {}
    for t in spec.tiles:
        own.setdefault(tuple(t.attrs.get(a) for a in told), []).append(t.id)
    attrs_of = dict(zip(map(str, classes), class_attrs))
    not_of = {}
    for c, attrs in attrs_of.items():
        like = own.get(tuple(attrs.get(a) for a in told))
        if c in ids or like is None:
            continue
        same = len(like) == 1 and like[0] in attrs_of and attrs_of[like[0]] != attrs
        # a red five alone is its plain five's face in red: a lone idol like a dropped one is another face
        not_of[c] = like[0] if same and c[:1] == "0" and like[0] == f"5{c[1:]}" else ""
    return not_of


def _tileset_json(folder: str | Path) -> object:
    """What the tile set folder ``folder``'s ``tileset.json`` holds, as JSON; OSError or ValueError where it cannot
    be read."""
    return json.loads((Path(folder) / "tileset.json").read_text(encoding="utf-8-sig"))  # a BOM an editor wrote: read


def tileset_meta_or_none(folder: str | Path) -> dict | None:
    """An enrolled tile set's ``tileset.json`` read as :func:`read_tileset_meta` reads it, for a caller that passes
    over a set it cannot take: None where the file is missing, cannot be read or is not an object."""
    try:
        meta = _tileset_json(folder)
    except (OSError, ValueError, RecursionError):  # RecursionError: JSON nested past the parser's depth
        return None
    return meta if isinstance(meta, dict) else None


def _unread_why(exc: Exception) -> tuple[str, str]:
    """Why a tile set's ``tileset.json`` could not be read, in plain words, English and Japanese (not Python's
    English "Expecting value: line 1 column 10 (char 9)" inside the Japanese).

    >>> _unread_why(json.JSONDecodeError("Expecting value", '{"a": b', 6))
    ('not valid JSON at line 1, column 7', 'JSON として読めません: 1行目 7文字目')
    """
    import errno

    if isinstance(exc, json.JSONDecodeError):
        return (f"not valid JSON at line {exc.lineno}, column {exc.colno}",
                f"JSON として読めません: {exc.lineno}行目 {exc.colno}文字目")
    if isinstance(exc, UnicodeDecodeError):
        return "not UTF-8 text", "UTF-8 の文字ではありません"
    if isinstance(exc, RecursionError):
        return "lists nested too deep", "リストの入れ子が深すぎます"
    if isinstance(exc, OSError):
        ja = {errno.EACCES: "読む権限がありません", errno.EPERM: "読む権限がありません", errno.EISDIR: "フォルダです",
              errno.ENOENT: "ありません"}.get(exc.errno, exc.strerror or "読めません")
        return exc.strerror or str(exc), ja
    return "not valid JSON (a number too long)", "JSON として読めません (数が長すぎます)"


def read_tileset_meta(folder: str | Path) -> dict:
    """An enrolled tile set's ``tileset.json`` (``vision.enroll`` writes it); ``RecognizerError`` naming the
    file when it cannot be read, or is not an object whose model fields name files."""
    path = Path(folder) / "tileset.json"
    try:
        meta = _tileset_json(folder)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        why, why_ja = _unread_why(exc)
        raise RecognizerError(f"{path}: cannot be read as a tile set ({why}); enrol the set again",
                              f"{path} を牌セットとして読めません ({why_ja})。登録し直してください") from None
    if not isinstance(meta, dict):
        raise RecognizerError(f"{path}: not a tile set (an object naming its classifier, game and kinds); "
                              f"enrol the set again", f"{path} は牌セットの形式ではありません。登録し直してください")
    for key in ("classifier", "detector", "orient", "game"):
        if meta.get(key) is not None and not isinstance(meta[key], str):
            raise RecognizerError(f"{path}: field {key} must be a name (text), got {meta[key]!r}",
                                  f"{path} の {key} は名前 (文字列) のはずです: {quoted_ja(meta[key])}")
    absent = meta.get("absent")
    if absent is not None and not (isinstance(absent, list) and all(isinstance(k, str) for k in absent)):
        raise RecognizerError(f"{path}: field absent must be a list of the kinds the set does not have (each a "
                              f"kind's id, as \"0m\"), got {absent!r}",
                              f"{path} の absent はセットにない牌の種類のリスト (\"0m\" のような種類の ID) のはずです: "
                              f"{quoted_ja(absent)}")
    return meta


def base_game_of(meta: dict, *, shipped: bool = True) -> str:
    """The game whose classifier a tile set was taught from: the one its ``tileset.json``'s ``base`` names (``meta``
    as ``read_tileset_meta`` gives it; the weights it started from, ``classifier-<game>.pt``: :func:`classifier_game`);
    "" where it started from none, from another set's ``classifier.pt`` or from another file. ``shipped``: only a
    shipped game's, else any id the name carries (a game added in the app, which the caller loads to tell).

    >>> base_game_of({"base": "classifier-tokyo-mahjong.pt"}), base_game_of({"base": "classifier.pt"})
    ('tokyo-mahjong', '')
    >>> base_game_of({"base": "classifier-precure.pt"}), base_game_of({"base": "classifier-precure.pt"}, shipped=False)
    ('', 'precure')
    """
    return classifier_game(str(meta.get("base") or ""), shipped=shipped)


def classifier_game(name: str, *, shipped: bool = True) -> str:
    """The game of a game's classifier weights named ``name`` (``classifier-<game>.pt``, as ``vision.enroll``'s
    ``--base`` takes a game's): "" for another name, and, where ``shipped``, for a game not shipped
    (``scorer.catalog.list_games``).

    >>> classifier_game("classifier-nogizaka.pt"), classifier_game("classifier.pt"), classifier_game("mine.pt")
    ('nogizaka', '', '')
    """
    found = re.fullmatch(r"classifier-(.+)\.pt", name)
    if not found:
        return ""
    if not shipped:
        return found.group(1)
    from scorer.catalog import list_games

    return found.group(1) if found.group(1) in list_games() else ""


def absent_of(meta: dict) -> tuple[str, ...]:
    """The kinds a tile set says its set does not have (``tileset.json``'s ``absent``, copied by ``vision.enroll``
    from its dataset's ``absent:``, ``tilelens label kinds --absent``; the shipped ``hk-mahjong``: the red fives):
    a reading with it never reads a tile as one of them, nor offers one as an alternative (its classifier's
    ``never``: a set taught on a base naming them keeps them as classes), nor says them as kinds its model never
    learnt (``Recognizer.unlearnt_kinds``). ``meta`` as ``read_tileset_meta`` gives it.

    >>> absent_of({"absent": ["0m", "0p"]}), absent_of({})
    (('0m', '0p'), ())
    """
    return tuple(meta.get("absent") or ())


def sure_count(reading: HandReading) -> int:
    """The tiles of ``reading`` the detector is sure of (confidence ``level.AGREE_CONF`` or more): what two
    readings of one photo, as taken and turned round, are compared by. An unsure extra box (a card or a
    shadow beside an upside-down row) no longer outweighs the turned reading."""
    return sum(t.confidence.get("detection", 1.0) >= level.AGREE_CONF for t in reading.tiles)


def hand_order(xyxy: np.ndarray) -> np.ndarray:
    """Indices of boxes in reading order: rows top to bottom (a new row starts where a box's centre lies
    more than half a median tile height below the current row), each row left to right. Boxes that make
    one slanted row are read along it from its left end (``vision.level.along_one_row``), however far
    its tiles climb or fall.

    >>> hand_order(np.array([[50, 0, 60, 10], [0, 1, 10, 11], [0, 30, 10, 40], [20, 2, 30, 12]])).tolist()
    [1, 3, 0, 2]
    """
    if len(xyxy) == 0:
        return np.zeros(0, np.int64)
    xyxy = np.asarray(xyxy, np.float64)
    along = level.along_one_row(xyxy)
    if along is not None:
        return along.astype(np.int64)
    yc, xc = (xyxy[:, 1] + xyxy[:, 3]) / 2, (xyxy[:, 0] + xyxy[:, 2]) / 2
    gap = 0.5 * float(np.median(xyxy[:, 3] - xyxy[:, 1]))
    rows: list[list[int]] = []
    for i in np.argsort(yc, kind="stable"):
        if rows and yc[i] - np.mean(yc[rows[-1]]) <= gap:
            rows[-1].append(int(i))
        else:
            rows.append([int(i)])
    return np.array([i for row in rows for i in sorted(row, key=lambda j: xc[j])], np.int64)


# the kinds a tile's reading gives, likeliest first: the one read and six others, as many as a player's Likely row
# shows (the Score page's tile picker: on rendered photos the right kind of a misread tile was the classifier's
# 3rd-6th in 20 of 107, which the three given before never offered)
KINDS_GIVEN = 7


@dataclass
class Recognizer:
    """A detector and a classifier, ready to read photos.

    Load once and reuse (loading takes seconds; ``read_hand`` keeps those it loaded). One recognizer may be shared
    by several threads: :meth:`read` changes nothing of it (its models are onnxruntime sessions, whose ``run`` is
    thread-safe), and three threads sharing one read the same photos as one thread does
    (``tests/vision/test_vision_api_scorable_53.py``). ``threads=1`` at ``load`` keeps each read to one core where
    threads read side by side. A read blocks (:meth:`read` says for how long): see there for async code."""

    detector: object
    classifier: Classifier
    game: str = ""
    tileset: str = ""
    boxcheck: BoxCheck | None = None
    copies: dict[str, int] | None = None  # kind -> copies in the set: no photo names a kind more often
    level_rows: bool = True  # a row photographed at a slant is also read turned level (vision.level)
    look_closer: bool = True  # a big photo read shrunk short of a hand is also read at its own size (vision.closer)
    # the game's smallest hand (a tile set of no game: the game it is scored as): a photo read with fewer tiles is also
    # read turned half round, and a big one closer (``look_closer``)
    min_tiles: int = 0
    largest_hand: int = 0  # the game's largest hand (kans aside): unsure boxes off a row past it are no tiles
    orient: Orientation | None = None  # which way up a hand stands: one read upside down is read again turned round
    taught_for: tuple[str, ...] = ()  # a game file read with a tile set taught for it: every such set, newest first
    unlearnt_kinds: tuple[str, ...] = ()  # the game's kinds its classifier never learnt (``unlearnt_of``)
    tilesets_naming_all: tuple[str, ...] = ()  # where some are: the sets taught for the game that name them all
    # the models folder whose other games' classifiers read each reading's tiles again (``asking_other_games``); None:
    # not asked (a reading of the event check, of ``tilelens eval``, of ``label init``)
    others_from: Path | None = None
    _scored_as: str | None = field(default=None, init=False, repr=False, compare=False)  # ``scored_as``, once found

    @property
    def scored_as(self) -> str:
        """The game its readings are scored as (``vision.scorable.scoring_game``): its ``game``; for a tile set of no
        game, the one whose catalog names three quarters of its kinds or more (``hk-mahjong``: ``tokyo-mahjong``);
        "" when none does. Each reading carries it (``HandReading.scored_as``)."""
        if self._scored_as is None:  # two threads may both find it: the same answer
            from vision.scorable import scoring_game

            self._scored_as = scoring_game(self)
        return self._scored_as

    def _scored(self, reading: HandReading) -> HandReading:
        """``reading`` carrying the game it is scored as, where that is not its own (``scored_as``), and the kinds of
        the game its classifier never learnt (``unlearnt_kinds``, with ``tilesets_naming_all``)."""
        told: dict = {}
        if self.scored_as != reading.game:
            told["scored_as"] = self.scored_as
        if self.unlearnt_kinds:
            told.update(unlearnt_kinds=self.unlearnt_kinds, tilesets_naming_all=self.tilesets_naming_all)
        return replace(reading, **told) if told else reading

    def asking_other_games(self, models_dir: str | Path | None = None) -> Recognizer:
        """A copy of this recognizer (its models shared) whose readings of a game, not of a tile set, also ask each
        other game's classifier in ``models_dir`` (default ``default_models_dir()``) whether it reads the face-up
        tiles surer (``vision.other_game.judged``: ``HandReading.looks_like``, ``other_game``): a single photo read
        with a game (``tilelens read --game``, the Score-a-photo page). Each other classifier is loaded once a process;
        a read its own game's classifier was 0.95 sure of or more asks none (no mean can beat it by the margin), one
        less sure pays a look at its tiles by each (2 busy cores: p50 +0.10-0.14 s on 0.15-0.20 s)."""
        other = copy.copy(self)
        other.others_from = Path(models_dir) if models_dir else default_models_dir()
        return other

    def _others_asked(self, img: np.ndarray, reading: HandReading) -> HandReading:
        """``reading`` of ``img`` (its boxes in ``img``'s pixels) judged by the other games' classifiers, where this
        recognizer asks them (``others_from``; ``vision.other_game.judged`` asks them of a game's reading only)."""
        if self.others_from is None:
            return reading
        from vision.other_game import judged

        return judged(img, reading, self.others_from, getattr(self.classifier, "path", None))

    @classmethod
    def load(cls, game: str | None = None, tileset: str | None = None,
             models_dir: str | Path | None = None, threads: int | None = None,
             detector: str | Path | None = None, boxcheck: bool | str | Path = True,
             set_limit: bool = True, orient: bool | str | Path = True) -> Recognizer:
        """Load the models of a game (``models/classifier-<game>.onnx``) or of an enrolled tile set. ``game``
        may be a game file: a house file of its own id is read with the classifier of the game whose tiles its
        tiles are (``classifier_fit``; ``game`` is then that game's id where it names every tile, and stays the game
        given where it names all but a few: a club's copy with a new member), bounded by its own copies; one whose
        tiles no classifier names (a new edition) with the tile set taught for it, or one naming every tile of it
        (``game_reader``: ``tileset`` is then that set, ``taught_for`` every set that reads it; ``game`` the game as
        named, its id where named by it), else
        ``NoReaderError`` saying how to teach one. The kinds of the game its classifier never learnt are kept
        (``unlearnt_kinds``: a house table's new member, read with the box's classifier) and each reading carries
        them (``HandReading.unlearnt_kinds``), with the tile sets that read the game and name them all
        (``tilesets_naming_all``). A tile set's are those of the game it was taught for, or, taught for none, of the
        game it is scored as (``scored_as``: a set taught before the club's table changed), less the kinds the set
        says it does not have (``absent_of``: the Hong Kong set's red fives). Its hand sizes (``min_tiles``,
        ``largest_hand``) likewise: a photo read with ``hk-mahjong`` alone is a riichi hand (14 tiles; 13 dealt), so two
        hands in it are said, as they are read with ``game="tokyo-mahjong"`` (its copies bound no reading: a set of no
        game has no inventory of its own).

        ``game`` and ``tileset`` together: the set's kinds read, scored as the game (``game``, ``scored_as``), bounded
        by its copies, the game's kinds the set never learnt said: as the app's photo page reads a game with a set
        chosen for it. Refused where the set reads no such game (``set_reads``: taught for it, or naming three
        quarters of its kinds or more, the sets the page offers).

        ``threads`` caps both models' onnxruntime threads (default: each model's own default);
        ``detector`` is another detector ONNX to read with (default: the tile set's, else the shipped one);
        ``boxcheck`` is a box-check ONNX, ``True`` for the shipped one if there is one, ``False`` for none;
        ``orient`` likewise an orientation model (``vision.orient``; ``True``: a tile set's own when it has
        one, else the shipped one).
        ``set_limit``: a photo shows tiles of one set, so no kind is named more often than the game's
        inventory holds it (a set of a game, or an enrolled set of one; an enrolled set of no known game
        has no limit). ``False`` names each tile on its own, as an audit of the set wants."""
        from scorer.catalog import load_game
        from vision.detector import Detector

        root = Path(models_dir) if models_dir else default_models_dir()
        if not (game or tileset):
            # the parameters' names: a command says its own flags (``vision.read_cli``: --game, --tileset)
            raise RecognizerError("name game= (a game's id or file) or tileset= (an enrolled tile set's name), got "
                                  "neither",
                                  "game= (ゲームの ID かファイル) か tileset= (登録した牌セットの名前) を指定してください "
                                  "(いま: どちらもありません)")
        named = (game or "") if tileset else ""  # the game named with a tile set: its kinds scored as that game
        spec = None
        if tileset:
            folder = tileset_folder(tileset, root)  # the user's enrolled sets, then the shipped ones
            meta = read_tileset_meta(folder)
            det_path = folder / meta["detector"] if meta.get("detector") else root / "detector.onnx"
            clf_path = folder / meta.get("classifier", "classifier.onnx")
            game = meta.get("game", "")
            game = moved_added_game(Path(game)) or game if game else game  # taught in a home copied or moved
            if orient is True and meta.get("orient"):
                orient = own_orient(folder, meta, root if models_dir else None)  # it learnt these faces (enroll)
            if named:
                spec = load_game(named)  # an unknown game fails here with the scorer's message
                set_reads(spec, tileset, folder)
                game = named
        taught: list[Path] = []
        given = game or ""
        if not tileset:
            # a game id, or a game file (an organiser's table of a game: its copies bound the reading, the
            # game's classifier names the tiles); an unknown game fails here with the scorer's message
            spec = load_game(game)
            game, taught = game_reader(spec, root)  # a house file of its own id: its tiles' game reads it
        if taught:  # a new edition's file: the tile set taught for it reads it (the newest), bounded by its copies
            folder = taught[0]
            meta = read_tileset_meta(folder)
            # the game as named: an added (or shipped) game by its id, as `tilelens score` names it; a file by its path
            tileset, game = folder.name, given if given == spec.id else spec.source or spec.id
            det_path = folder / meta["detector"] if meta.get("detector") else root / "detector.onnx"
            clf_path = folder / meta.get("classifier", "classifier.onnx")
            if orient is True and meta.get("orient"):
                orient = own_orient(folder, meta, root if models_dir else None)
        elif not tileset:
            det_path, clf_path = root / "detector.onnx", root / f"classifier-{game}.onnx"
            if not clf_path.is_file():
                # `tilelens train classifier` writes into its run folder unless told where: --models here
                raise RecognizerError(f"no classifier for game {game!r}: {clf_path} is missing (train one into "
                                      f"this folder with `tilelens train classifier --game {game} --models {root}`; "
                                      f"one trained without --models stays in runs/classifier/{game}: copy it, with "
                                      f"its .json, into a models folder with a detector and set TILELENS_MODELS, "
                                      f"or give --models, to that folder)",
                                      # the screen's word: no training advice for a player at the table
                                      f"{spec.name_ja}の牌を読む分類モデルがありません: {clf_path} が見つかりません")
        rules = spec or (tileset_game(game, tileset, folder) if game else None)
        copies = rules.inventory() if set_limit and rules else None
        det = Detector.load(detector or det_path, intra_threads=threads)
        # a tile set's absent kinds (a Hong Kong set's red fives) are never read, nor offered as alternatives: a set
        # taught on a base that names them keeps them as classes (``Classifier``'s ``never``). Kinds it never learnt
        # are still read: their rows come from the base by id, and a reading says them (``unlearnt_kinds``).
        classifier = Classifier.load(clf_path, threads, never=absent_of(meta) if tileset else ())
        if spec is not None and not named:  # read as the game's tiles: never as a kind it has not
            not_of = _not_of_game(classifier.spec.classes, classifier.spec.class_attrs, spec)
            classifier.never |= frozenset(not_of)
            classifier.fold = {kind: own for kind, own in not_of.items() if own}
        scored, table = None, rules
        # a tile set's: the kinds it learnt (a class no crop taught is read as another kind, surely, as one it lacks)
        known = learnt_of(meta, classifier.spec.classes) if tileset else classifier.spec.classes
        if rules is None and tileset:  # a set of no game: the kinds of the game it is scored as it never learnt
            from vision.scorable import scoring_game_of

            # by the kinds it learnt, as ``scorable.set_kinds`` and the photo page go (not every class of a dataset)
            scored = scoring_game_of(known)
            table = load_game(scored) if scored else None
        unlearnt, naming_all = unlearnt_of(table, known, root)
        if tileset and unlearnt:  # kinds the set does not have (a Hong Kong set's red fives): none to learn
            lacks = set(absent_of(meta))
            unlearnt = tuple(k for k in unlearnt if k not in lacks)
            naming_all = naming_all if unlearnt else ()
        if spec is not None and not named and not taught and game != spec.id and unlearnt:
            game = given  # a club's copy read with the classifier of most of its tiles: its readings are of the copy
        # the hand sizes of the game read, or of the game a set of no game is scored as (``table``: a Hong Kong set's
        # photo is a riichi hand, so two hands in it are said and one short of a deal is looked at again)
        hands = rules or table
        rec = cls(det, classifier, game or "", tileset or "",
                  load_boxcheck(boxcheck, root, threads), copies,
                  min_tiles=min((*hands.deal_sizes, hands.hand_size)) if hands else 0,
                  largest_hand=hands.hand_size if hands else 0,
                  orient=load_orient(orient, root, threads), taught_for=tuple(f.name for f in taught),
                  unlearnt_kinds=unlearnt, tilesets_naming_all=naming_all)
        if scored is not None:
            rec._scored_as = scored
        return rec

    def read(self, image, name: str = "", source=None) -> HandReading:
        """Read a photo (path, bytes, a binary stream, a PIL image or a BGR array): every tile's box, kind, attributes, confidences. Boxes
        stand in the photo's own pixels, also where a photo larger than ``vision.READ_SIDE`` was
        read shrunk (an array is read as given). ``name``: what an error about bytes calls them.

        A big photo (``vision.closer.LARGE`` px or more: a file, its bytes, an array as given; or ``source``, the file
        or bytes an array ``image`` was decoded from shrunk, as ``vision.image_io.load_image_sized`` decodes it for
        ``tilelens read`` and the photo page) whose reading shows fewer tiles than the game's smallest hand, small or
        none, is also read at its own size in its busiest windows (:meth:`_read_closer`, ``vision.closer``): a small
        hand far off on a big table. The boxes stay in the pixels of ``image`` as decoded.

        It blocks while the models run: a tenth to a quarter of a second a photo on a CPU, more where a photo is read
        again (turned, or in windows along a panorama). Async code (a chat bot) runs it in an executor, so that other
        tasks go on: ``await asyncio.to_thread(rec.read, data)`` or ``loop.run_in_executor(None, rec.read, data)``;
        a shared recognizer is safe there (see the class)."""
        from vision import READ_SIDE
        from vision.image_io import load_image_sized

        img, size = load_image_sized(image, name, max_side=READ_SIDE)
        reading = self._read(img, sideways=True)
        closer = self._read_closer(image if source is None else source, img, reading, name)
        if closer is not None:  # read at the photo's own size: turned round there if upside down, then as read
            return self._scored(colours_judged(image, img, self._others_asked(img, closer)).in_pixels_of(size))
        if len(reading.tiles) < self.min_tiles:
            other = self._read_half_turned(img)
            if sure_count(other) > sure_count(reading):
                reading = other
        if 2 * len(reading.tiles) < self.min_tiles:
            reading = self._read_quarter_turned(img, reading)
        short = max(self.min_tiles, self.largest_hand)  # a long photo read with fewer tiles is windowed
        if len(reading.tiles) < short and long_windows(img.shape[1], img.shape[0]):
            reading = self._read_windows(img, reading)
        reading = self._others_asked(img, marked_to_check(img, self._owner_side(img, reading)))
        return self._scored(colours_judged(image, img, reading).in_pixels_of(size))

    def _read_closer(self, source, img: np.ndarray, reading: HandReading, name: str = "") -> HandReading | None:
        """The photo ``source`` read at its own size (up to ``vision.image_io.MAX_SIDE``) in its busiest windows
        (``vision.closer.detect_closer``), as its owner sees the hand (``_owner_side``), in the pixels of ``img`` (the
        photo as read), where ``reading`` of ``img`` is worth a closer look (``vision.closer.worth_a_closer_look``:
        no tile, fewer than the game's smallest hand of small tiles, or tiles tiny in the photo however many), the
        photo is no plain one (``vision.closer.plain``, judged on ``img`` before the photo is decoded again), its own
        size is ``vision.closer.LARGE`` or more, and that reading finds more tiles the detector is sure of
        (``sure_count``; as many, where the first look's tiles were tiny: theirs is no measure of the hand); else
        None. A source that cannot be decoded again is left as read."""
        from vision.closer import LARGE, detect_closer, plain, tiny, worth_a_closer_look
        from vision.image_io import MAX_SIDE, load_image_sized

        read_side = max(img.shape[:2])
        if not self.look_closer or not worth_a_closer_look(len(reading.tiles), reading.tile_px, read_side,
                                                           self.min_tiles):
            return None
        if isinstance(source, np.ndarray) and source.shape[:2] == img.shape[:2]:
            full = img  # an array is read as given
        elif plain(img):
            return None  # a blank photo, a bare table: not decoded at its own size to be looked at again
        else:
            try:
                if callable(getattr(source, "seek", None)):
                    source.seek(0)  # a stream read once already
                full, _ = load_image_sized(source, name, max_side=MAX_SIDE)
            except (TilelensInputError, OSError, ValueError):
                return None
        if max(full.shape[:2]) < LARGE:
            return None
        found = detect_closer(self.detector, full, small=img if img is not full else None)
        if not len(found):
            return None
        # read in the part of the photo round what was found: turning a row level, or the photo round, and the
        # classifier's crops, cost a 4032 px photo whole seconds
        x0, y0, x1, y1 = closer_part(found.xyxy, full.shape[1], full.shape[0])
        part = full[y0:y1, x0:x1]
        other = self._read(part, sideways=True, found=found.shifted(-x0, -y0))
        if sure_count(other) < sure_count(reading) + (0 if tiny(reading.tile_px, read_side) else 1):
            return None
        other = moved(marked_to_check(part, self._owner_side(part, other)), x0, y0, (full.shape[1], full.shape[0]))
        return other.in_pixels_of((int(img.shape[1]), int(img.shape[0])))

    def read_turned(self, image, quarters: int, name: str = "") -> HandReading:
        """Read a photo as if turned ``quarters`` quarter turns anticlockwise, where a person says its hand
        stands the way its owner sees it (the app's turn buttons): boxes in the photo's own pixels, tiles
        in the turned photo's order, ``upright`` that turn. Neither the orientation model nor the
        sideways and half-turned second reads are asked: the person has said which way up. ``name``: as in
        :meth:`read`."""
        from vision import READ_SIDE
        from vision.image_io import load_image_sized

        img, size = load_image_sized(image, name, max_side=READ_SIDE)
        if quarters % 4 == 0:
            reading = self._read(img, sideways=False)
        else:
            reading = self._read_back(img, *level.turn_quarters(img, quarters), sideways=False)
        reading = self._others_asked(img, marked_to_check(img, reading))
        return self._scored(colours_judged(image, img, reading).in_pixels_of(size))

    def _owner_side(self, img: np.ndarray, reading: HandReading) -> HandReading:
        """``reading`` as its owner sees the hand. When the orientation model's vote says its faces stand
        upside down in the frame it was read in (``vision.orient``: a hand photographed from across the
        table, or a column laid level the wrong way round), the photo is read again turned half round from
        that frame, where they stand upright, and that reading is kept unless it finds fewer tiles the
        detector is sure of (``sure_count``): the detector, which learnt tiles standing upright, is the
        second judge (a hand wrongly taken for upside down is read short there). The faces need not make one row: a real hand is often photographed with
        tiles of the table behind it, and a grid of tiles upside down is shown the right way up; tiles
        spread every which way make no clear vote. A reading whose row stands on end in its frame (a
        photo taken sideways and read as taken: its faces lie on their sides) is left as it is. A tile
        set's own orientation model (``tilelens enroll``) knows its faces; the shipped one learnt
        rendered faces."""
        if self.orient is None:
            return reading
        faces = np.array([t.xyxy for t in reading.tiles if not t.is_back], np.float64).reshape(-1, 4)
        if len(faces) < MIN_TILES:
            return reading
        in_frame = faces if reading.upright is None else level.to_turned(faces, reading.upright)
        angle = level.row_of(in_frame)
        if angle is not None and abs(angle) >= level.SIDEWAYS_DEG:
            return reading  # its tiles lie on their sides in this frame
        p = self.orient.p_upside_down(img, faces, reading.turned)
        if not self.orient.upside_down(p):
            return reading
        other = self._read_back(img, *level.turned_round(img, reading.upright), sideways=False)
        return other if sure_count(other) >= sure_count(reading) else reading

    def _read_half_turned(self, img: np.ndarray) -> HandReading:
        """The photo read turned half round, as if taken from across the table (the detector never saw a
        hand upside down and misses many such tiles): :meth:`_read_back`."""
        return self._read_back(img, *level.turn_quarters(img, 2), sideways=True)

    def _read_quarter_turned(self, img: np.ndarray, reading: HandReading) -> HandReading:
        """``reading`` of the photo ``img``, or the photo read turned a quarter either way when that finds
        more tiles the detector is sure of (``sure_count``): a photo taken sideways whose EXIF orientation
        was lost (a messaging app strips it), where the detector, which learnt tiles standing upright,
        finds too few of the tiles lying on their sides for a row to turn level (``level.row_angle``). Asked
        only of a reading short of half the game's smallest hand, after the half-turned one."""
        for quarters in (1, 3):
            other = self._read_back(img, *level.turn_quarters(img, quarters), sideways=True)
            if sure_count(other) > sure_count(reading):
                reading = other
        return reading

    def _read_windows(self, img: np.ndarray, reading: HandReading) -> HandReading:
        """``reading`` of the long photo ``img``, or the photo read from the boxes the detector finds in
        overlapping windows along it (``vision.detector.detect_in_windows``) when that finds more tiles the
        detector is sure of (``sure_count``): a small hand in a panorama, whose tiles shrink to 8-11 px when
        the whole photo is fit into the detector's input. Asked only of a reading short of the game's
        largest hand (13 of 14 riichi tiles may be a tile missed, not a dealt hand; the windowed reading is
        kept only with more sure tiles), of a photo ``vision.detector.WINDOW_ASPECT`` times as long as it is
        wide or more. A tall photo still read short then is also read turned a quarter each way, in windows
        along the turned photo (now wide), the turned reading with more sure tiles (the surer of two as
        many) kept when it has more than ``reading``: a hand standing on end in a tall panorama, its tiles
        lying on their sides, which the whole-photo look that turns a row level reads shrunk as small."""
        found = detect_in_windows(self.detector, img)
        if len(found):
            other = self._read(img, sideways=True, found=found)
            if sure_count(other) > sure_count(reading):
                reading = other
        h, w = img.shape[:2]
        if h <= w or len(reading.tiles) >= max(self.min_tiles, self.largest_hand):
            return reading
        best = None
        for quarters in (1, 3):
            image, matrix = level.turn_quarters(img, quarters)
            found = detect_in_windows(self.detector, image)
            if not len(found):
                continue
            other = self._read_back(img, image, matrix, sideways=True, found=found)
            if best is None or sure_count(other) > sure_count(best) or (
                    sure_count(other) == sure_count(best) and surer(other, best)):
                best = other
        return best if best is not None and sure_count(best) > sure_count(reading) else reading

    def _read_back(self, img: np.ndarray, image: np.ndarray, matrix: np.ndarray, sideways: bool,
                   found: Detections | None = None) -> HandReading:
        """``image``, the photo ``img`` turned by ``matrix`` (original pixels to turned), read whole where
        the tiles stand as the models learnt them; boxes mapped back to the photo as taken (the upright
        bounds of their corners), tiles in the turned photo's order (the hand's own, left to right for its
        owner). ``sideways`` and ``found``: as :meth:`_read`."""
        reading = self._read(image, sideways, found)
        h, w = img.shape[:2]
        back = level.to_original(np.array([t.xyxy for t in reading.tiles], np.float64).reshape(-1, 4), matrix)
        back = back.clip(0, [w, h, w, h])
        tiles = [replace(t, xyxy=tuple(float(v) for v in b)) for t, b in zip(reading.tiles, back)]
        upright = np.asarray(matrix, np.float64)
        if reading.upright is not None:  # read sideways within the turned photo: turned twice
            upright = level.then(upright, reading.upright)
        return HandReading(tiles, (int(w), int(h)), self.game, self.tileset, upright=upright,
                           tile_px=reading.tile_px)  # the size they were read at, in the turned photo

    def _read(self, img: np.ndarray, sideways: bool, found: Detections | None = None) -> HandReading:
        """``read`` of a decoded photo. ``sideways``: when the row stands ``level.SIDEWAYS_DEG`` or more off
        level (a hand photographed from the side), the photo turned to lay it level is also read whole
        (:meth:`_read_back`, reusing the turned photo and its boxes of the second look), and the surer
        of the two readings is kept (:func:`surer`). ``found``: the detector's boxes in ``img``, when
        they are known already."""
        det = self._boxes(img, found)
        angle = level.row_angle(det.xyxy) if self.level_rows and len(det) else 0.0
        turned = self._turned(img, det, angle)
        reading = self._read_boxes(img, det, turned)
        if sideways and turned is not None and abs(angle) >= level.SIDEWAYS_DEG:
            other = self._read_back(img, turned.image, turned.matrix, sideways=False, found=turned.found)
            if surer(other, reading):
                return other
        return reading

    def _read_boxes(self, img: np.ndarray, det, turned: level.Turned | None) -> HandReading:
        """The tiles of the boxes ``det`` of ``img``, with the second look ``turned`` when its row is slanted."""
        if turned is not None:
            det = self._agreed(img, det, turned)
        if self.largest_hand and len(det) > self.largest_hand:  # a card beside a hand is no tile of it
            det = det[~level.extras_beside_row(det.xyxy, det.confidence, self.largest_hand)]
        det = det[hand_order(det.xyxy)]
        back = det.class_id == 1
        faces = self._faces(img, det.xyxy[~back], turned)
        # one tile boxed twice (a box across the join of two tiles, named as one of them): the surer box stays.
        # Each box's own likeliest kind is compared (within the set's copies a second box of a kind is named
        # another); the rest are named again within the copies without it
        kinds = np.full(len(det), None, object)
        kinds[~back] = [max(g.alternatives, key=lambda a: a[1])[0] if g.alternatives else g.kind for g in faces]
        keep = once_each(det.xyxy, kinds, det.confidence * det.data.get("box", np.ones(len(det), np.float32)))
        if not keep.all():
            faces = [g for g, k in zip(faces, keep[~back]) if k]
            det, back = det[keep], back[keep]
            if self.copies:
                faces = self._faces(img, det.xyxy[~back], turned)
        guesses = iter(faces)
        checked = det.data.get("box")
        tiles = []
        for i, (box, c, is_back) in enumerate(zip(det.xyxy, det.confidence, back)):
            box_t = tuple(float(v) for v in box)
            conf = {"detection": float(c)}
            if checked is not None:
                conf["box"] = float(checked[i])
            if is_back:
                tiles.append(ReadTile(box_t, BACK, {}, conf, True, ()))
                continue
            g = next(guesses)
            tiles.append(ReadTile(box_t, g.kind, g.attrs, {**conf, **g.confidence}, False, g.alternatives))
        return HandReading(tiles, (int(img.shape[1]), int(img.shape[0])), self.game, self.tileset,
                           tile_px=face_px(det.xyxy[~back]))

    def _faces(self, img: np.ndarray, xyxy: np.ndarray, turned: level.Turned | None) -> list:
        """The classifier's guesses for the face boxes ``xyxy`` of ``img``, within the set's copies, with the
        second look ``turned`` when its row is slanted."""
        if not len(xyxy):
            return []
        also = None if turned is None else (turned.image, turned.boxes_for(xyxy))
        return self.classifier.classify(img, xyxy, top=KINDS_GIVEN, copies=self.copies, also=also)

    def _boxes(self, img: np.ndarray, found: Detections | None = None):
        """The detector's boxes (``found``, when the detector already ran on ``img``), less those the box
        check calls neither a face nor a back."""
        det = self.detector.detect(img, zoom=True) if found is None else found
        if self.boxcheck is not None and len(det):
            det = self.boxcheck.filter(img, det)
        return det

    def _turned(self, img: np.ndarray, det, angle: float) -> level.Turned | None:
        """When the boxes ``det`` lie along a row ``angle`` degrees off level, ``LEVEL_MIN_DEG`` or more, the
        photo turned to level it (shrunk when large: ``level.level_scale``) and the detector's boxes in it;
        else None."""
        if abs(angle) < level.LEVEL_MIN_DEG:
            return None
        tile = float(np.median(np.minimum(det.xyxy[:, 2] - det.xyxy[:, 0], det.xyxy[:, 3] - det.xyxy[:, 1])))
        scale = level.level_scale(max(img.shape[:2]), tile, self.classifier.spec.crop_size)
        image, matrix = level.level_photo(img, angle, scale)
        return level.Turned(image, matrix, self.detector.detect(image, zoom=True))

    def _agreed(self, img: np.ndarray, det, turned: level.Turned):
        """The boxes ``det`` as both looks see them (``level.agree``): less the unsure ones the turned photo
        does not show again, plus the sure ones only it shows that the box check also keeps there."""
        h, w = img.shape[:2]
        keep, new = level.agree(det.xyxy, det.confidence, turned.found.xyxy, turned.found.confidence,
                                turned.matrix, (w, h))
        det = det[keep]
        if not new.any():
            return det
        extra = turned.found[new]
        if self.boxcheck is not None:
            extra = self.boxcheck.filter(turned.image, extra)
        xyxy = level.to_original(extra.xyxy, turned.matrix).clip(0, [w, h, w, h])
        return concat([det, Detections(xyxy, extra.confidence, extra.class_id, extra.data)])


def surer(a: HandReading, b: HandReading) -> bool:
    """Whether reading ``a`` of a photo is surer than reading ``b`` of it: the mean log confidence of its
    named tiles is higher (``kind``; a back counts as sure). Two readings of a row, as taken and turned,
    find mostly the same tiles, and the one that reads them upright is the surer where it is right."""
    def mean_log(r: HandReading) -> float:
        conf = [t.confidence.get("kind", 1.0) for t in r.tiles]
        return float(np.mean(np.log(np.maximum(conf, 1e-6)))) if conf else -np.inf
    return mean_log(a) > mean_log(b)


def _optional(which: bool | str | Path, shipped: Path, load, threads: int | None):
    """A model to read with: ``which`` a path, ``True`` for ``shipped`` when it exists, or ``False``."""
    if which is False:
        return None
    path = shipped if which is True else Path(which)
    if which is True and not path.is_file():
        return None
    return load(path, threads)


def own_orient(folder: Path, meta: dict, models: Path | None = None) -> Path:
    """The orientation model a tile set's ``tileset.json`` (``meta``) names in its ``folder``; ``RecognizerError``
    where it is gone, saying what to do: put it back, or make it again with `tilelens enroll --orient-only` (from the
    photos the set was taught from where the file names them; ``models``: the --models folder the set was found in)."""
    path = folder / meta["orient"]
    if path.is_file():
        return path
    data = meta.get("data")
    data = data if isinstance(data, str) and data and Path(data).exists() else "DATA"
    command = shlex.join(["tilelens", "enroll", "--name", folder.name, "--data", data, "--orient-only"])
    if models is not None and Path(models) in folder.parents:
        command += " --models " + shlex.quote(str(models))
    raise RecognizerError(f"tile set {folder.name!r}: its orientation model {path} is missing (its tileset.json names "
                          f"it): put it back (copy the set's folder again), or make it again with `{command}`",
                          f"牌セット{quoted_ja(folder.name)}の向きのモデル {path} がありません (tileset.json に名前が"
                          f"あります): ファイルを戻す (セットのフォルダをコピーし直す) か、`{command}` で作り直して"
                          f"ください")


def load_boxcheck(which: bool | str | Path, models_dir: Path, threads: int | None = None) -> BoxCheck | None:
    """The box check to read with: a path, ``True`` for ``models_dir/boxcheck.onnx`` when it exists, or
    ``False`` (none)."""
    return _optional(which, models_dir / "boxcheck.onnx", BoxCheck.load, threads)


def load_orient(which: bool | str | Path, models_dir: Path, threads: int | None = None) -> Orientation | None:
    """The orientation model to read with: a path, ``True`` for ``models_dir/orient.onnx`` when it exists,
    or ``False`` (none: a reading stays in the frame it was made in)."""
    return _optional(which, models_dir / "orient.onnx", Orientation.load, threads)


READERS_KEPT = 8  # readers ``read_hand`` keeps loaded: every shipped game's and tile set's (5), and a few more


@lru_cache(maxsize=READERS_KEPT)
def _cached(game: str | None, tileset: str | None, file: tuple[str, int, int] | None = None) -> Recognizer:
    """The reader of ``game`` or ``tileset``; ``file`` (``_game_file_stamp``) only keys the cache."""
    return Recognizer.load(game=game, tileset=tileset)


def _game_file_stamp(game: str | None, tileset: str | None) -> tuple[str, int, int] | None:
    """The file ``game`` is read from now (a club's game file, a house table edited, a shipped game's own), with its
    modification time and size, as ``scorer.catalog.load_game`` keys its cache: a file edited in place gets a reader
    of its own. None where no one game is named (``Recognizer.load`` says what is wrong there)."""
    if not game or tileset:
        return None
    from scorer.catalog import load_game

    source = Path(load_game(game).source)  # an unknown game or a broken file: refused here as the loader would
    try:
        stat = source.stat()
        return str(source.resolve()), stat.st_mtime_ns, stat.st_size
    except OSError:
        return None


def read_hand(image, game: str | None = None, tileset: str | None = None) -> HandReading:
    """Read one photo (a path, bytes, a binary stream such as an open file or ``io.BytesIO``, a PIL image or a BGR
    array: ``vision.image_io.load_image``) with the models of ``game`` or ``tileset``, loaded once per process and kept
    (the last ``READERS_KEPT`` asked for: ``read_hand.cache_info()``, ``read_hand.cache_clear()``); a game file is
    loaded again once it is edited (its modification time or size changed). Safe from several threads (a reader is
    shared: ``Recognizer``; two threads asking first for the same one may both load it, one kept); it blocks as
    :meth:`Recognizer.read` does, so async code runs it in an executor. ``reading.scorable()`` is the hand to
    score."""
    return _cached(game, tileset, _game_file_stamp(game, tileset)).read(image)


read_hand.cache_info, read_hand.cache_clear = _cached.cache_info, _cached.cache_clear  # type: ignore[attr-defined]
