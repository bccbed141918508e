"""A photo in, the tiles read from it out, and the photo drawn with each tile boxed and named.

``read_photo`` is the page's whole score path before scoring (decode, shrink, read): plain values in,
plain values out, so the benchmark times exactly what the page runs.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import combinations, product
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image, ImageDraw

from vision import CHECK_BELOW, LOW_DETECTION, READ_SIDE, SMALL_PHOTO_SIDE, SMALL_TILE_PX
from vision.detections import median_height

if TYPE_CHECKING:
    from scorer import Game, TileKind
    from vision.image_io import ImageError

# The recognizer letterboxes to a few hundred pixels: a larger photo only costs time (``tilelens read``
# reads at the same size, so the page and the command read a photo alike).
WORK_SIDE = READ_SIDE
LOW_CONFIDENCE = CHECK_BELOW  # of the kind: below it a person should check the name
FIXING = (250, 190, 0)  # the outline of the tile being corrected, in the picker's crop of it
# The app's string (``i18n``) for each of ``vision.image_io.photo_notes``' notes on a photo: ``PhotoReading.notes``.
NOTE_KEYS = {"colourless": "photo_note_colourless", "palette": "photo_note_palette",
             "animated": "photo_note_animated", "multipage": "photo_note_multipage",
             "two_hands": "photo_note_two_hands"}


@dataclass(frozen=True)
class PhotoTile:
    """One tile read from a photo: its box (in the shown image's pixels), kind, how sure the classifier
    is of the kind (``confidence``) and the detector of the box (``detection``), alternatives (``choices``:
    the kind and the alternatives with their probabilities, for ``scorer.likely``). ``read_as``: for a stand-in
    (``stand_ins``), the kind the reader named, which the game's table does not have (a member a house table
    dropped), ``kind`` being the one kept in the hand for it; None for any other tile. ``checked``: a stand-in, or a
    tile read unsurely, a person named in the picker (as it stands, or as another kind): no longer one to check (a win
    resting on tiles to check is said so, and the ledger's Add asks first: ``scoring.ledger_button``).
    ``glare``: the share of its face washed out by a reflection (``vision.glare``: its kind confidence held low, to be
    checked), 0 for none. ``hidden``: likewise, the share of its row's height its box lacks, its lower part hidden (by
    a rack's lip maybe: ``vision.hidden``), 0 for none.
    ``off_row``: an unsure box clearly off the hand's row (``vision.scorable.off_row``: an object beside the rack, a
    tile on the table), left out of the hand as `tilelens read` leaves it out."""

    xyxy: tuple[float, float, float, float]
    kind: str
    confidence: float
    alternatives: tuple[str, ...] = ()
    is_back: bool = False
    foreign: bool = False  # a kind the game does not have (a flower tile read by a Hong Kong tile set)
    detection: float = 1.0
    choices: tuple[tuple[str, float], ...] = ()
    read_as: str | None = None
    checked: bool = False
    glare: float = 0.0
    off_row: bool = False
    hidden: float = 0.0

    @property
    def in_hand(self) -> bool:
        """True for a face-up tile of the game on the hand's row: one the hand is scored with."""
        return not (self.is_back or self.foreign or self.off_row)

    @property
    def low(self) -> bool:
        """True when a person should check this tile: read with low confidence, or a stand-in not yet checked
        (whatever the classifier's confidence of the kind it read)."""
        if self.checked:
            return False
        return self.read_as is not None or self.confidence < LOW_CONFIDENCE or self.detection < LOW_DETECTION

    @property
    def stands_in(self) -> bool:
        """True for a stand-in (``read_as``) no person has checked yet."""
        return self.read_as is not None and not self.checked


@dataclass(frozen=True)
class PhotoReading:
    """What the page keeps of a photo: the image it shows (RGB) and the tiles in hand order (the
    recognizer's: rows top to bottom, each left to right, as the hand's owner sees them). ``upright``:
    as ``vision.HandReading.upright``, the matrix taking the shown image's pixels to the frame where the
    hand stands upright when it was read turned (photographed sideways or from across the table);
    ``turned``: the quarter turns (anticlockwise) by which the shown image is turned from the photo as
    taken, so that the hand stands as its owner sees it. ``notes``: the app's string keys (``NOTE_KEYS``) of what
    may make the photo read worse, or not all of it read (no colour, an animation, two hands in it)."""

    image_rgb: np.ndarray
    tiles: tuple[PhotoTile, ...] = ()
    original_wh: tuple[int, int] = (0, 0)
    blurry: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)
    upright: np.ndarray | None = None
    turned: int = 0  # quarter turns anticlockwise the shown image is turned from the photo as taken
    chosen: bool = False  # turned as a person chose (the page's turn buttons), not as the recognizer judged
    other_game: bool = False  # the tiles do not look like the game's (``vision.HandReading.other_game``)
    looks_like: str = ""  # the game they look like, where another game's classifier reads them surer
    dark: bool = False  # too dark for the tiles to be read reliably (``vision.photo_checks.dark``)
    # shown as read, though the orientation model leans to upside down (``vision.photo_checks.leans_upside_down``)
    upside_down: bool = False
    # the kinds of the game its model never learnt, read as others (``vision.HandReading.unlearnt_kinds``), and the
    # tile sets taught for the game that name every kind of it (``vision.HandReading.tilesets_naming_all``)
    unlearnt: tuple[str, ...] = ()
    unlearnt_sets: tuple[str, ...] = ()

    def without(self, index: int) -> PhotoReading:
        """The reading less its ``index``-th face-up tile (a box the person says is not a tile); itself
        where the hand's ``index``-th tile has no box (one a person added, past the photo's tiles)."""
        faces = [i for i, tile in enumerate(self.tiles) if tile.in_hand]
        if not 0 <= index < len(faces):
            return self
        drop = faces[index]
        return replace(self, tiles=tuple(t for i, t in enumerate(self.tiles) if i != drop))

    def face_crop(self, index: int, outline: tuple[int, int, int] | None = FIXING) -> np.ndarray | None:
        """The photo cut to the ``index``-th face-up tile's box (RGB), with a thin ``outline`` of the box drawn at
        its edge (None: none), or None past the last. Cut to the box alone: with a margin, the tiles of a hand
        on a slant (boxes that overlap) showed parts of two tiles, and which one was being fixed was unclear."""
        faces = [tile for tile in self.tiles if tile.in_hand]
        if not 0 <= index < len(faces):
            return None
        x0, y0, x1, y1 = faces[index].xyxy
        h, w = self.image_rgb.shape[:2]
        top, left = max(0, round(y0)), max(0, round(x0))
        crop = self.image_rgb[top:min(h, round(y1)), left:min(w, round(x1))]
        if not crop.size:
            return None
        if outline is not None:
            crop = crop.copy()
            edge = max(1, round(max(crop.shape[:2]) / 50))  # thin: 1 px on a 50-px tile
            crop[:edge], crop[-edge:], crop[:, :edge], crop[:, -edge:] = outline, outline, outline, outline
        return crop

    def checked_at(self, index: int) -> PhotoReading:
        """The reading with its ``index``-th face-up tile checked (``PhotoTile.checked``: a person named a stand-in,
        or a tile read unsurely, in the picker); itself where that tile is none to check (``PhotoTile.low``)."""
        faces = [i for i, tile in enumerate(self.tiles) if tile.in_hand]
        if not 0 <= index < len(faces) or not self.tiles[faces[index]].low:
            return self
        at = faces[index]
        return replace(self, tiles=tuple(replace(t, checked=True) if i == at else t for i, t in enumerate(self.tiles)))

    def _as_taken(self, x: float, y: float, back: bool = False) -> tuple[float, float]:
        """A point of the shown image in the photo as taken (``back``: one of the photo as taken in the shown
        image), the shown image being the photo turned ``turned`` quarter turns anticlockwise
        (``vision.level.turn_quarters``).

        >>> r = PhotoReading(np.zeros((100, 50, 3), np.uint8), turned=1)  # taken 100 wide, 50 high
        >>> r._as_taken(10, 90), r._as_taken(*r._as_taken(10, 90), back=True)
        ((10, 10), (10, 90))
        """
        h, w = self.image_rgb.shape[:2]
        quarters = self.turned % 4
        taken_w, taken_h = (h, w) if quarters % 2 else (w, h)
        if not back:  # undo the turn: each quarter of the forward turn, taken back
            if quarters == 1:  # forward (x, y) -> (y, taken_w - x)
                return taken_w - y, x
            if quarters == 2:
                return taken_w - x, taken_h - y
            if quarters == 3:  # forward (x, y) -> (taken_h - y, x)
                return y, taken_h - x
            return x, y
        if quarters == 1:
            return y, taken_w - x
        if quarters == 2:
            return taken_w - x, taken_h - y
        if quarters == 3:
            return taken_h - y, x
        return x, y

    def checks(self, hand: Sequence[str]) -> tuple[tuple[str, str, float, float], ...]:
        """The stand-ins a person checked (``PhotoTile.checked``) and still has in ``hand`` as the kind they stand in
        as (one corrected since is the person's last word on it): each as (the kind read, the kind kept, the centre
        of its box in the photo as taken), which a reading of the photo turned another way keeps
        (``with_checks``)."""
        faces = [tile for tile in self.tiles if tile.in_hand]
        return tuple((tile.read_as, tile.kind, *self._as_taken((tile.xyxy[0] + tile.xyxy[2]) / 2,
                                                               (tile.xyxy[1] + tile.xyxy[3]) / 2))
                     for tile, now in zip(faces, hand)
                     if tile.read_as is not None and tile.checked and now == tile.kind)

    def with_checks(self, checks: Sequence[tuple[str, str, float, float]]) -> tuple[PhotoReading, tuple]:
        """The reading with each stand-in of the same kinds whose box holds a check's centre (``checks``, of this
        photo read another way up) checked: a photo turned keeps the checks made, tile by tile. With it, the checks
        that found no such tile (the photo upside down read those tiles as others), for the next turn."""
        tiles, left = list(self.tiles), []
        for check in checks:
            read_as, kind, x, y = check
            u, v = self._as_taken(x, y, back=True)
            at = next((i for i, tile in enumerate(tiles)
                       if tile.stands_in and (tile.read_as, tile.kind) == (read_as, kind)
                       and tile.xyxy[0] <= u <= tile.xyxy[2] and tile.xyxy[1] <= v <= tile.xyxy[3]), None)
            if at is None:
                left.append(check)
            else:
                tiles[at] = replace(tiles[at], checked=True)
        return (replace(self, tiles=tuple(tiles)) if len(left) < len(checks) else self), tuple(left)

    @property
    def hand(self) -> list[str]:
        """The tile ids face up, left to right."""
        return [t.kind for t in self.tiles if t.in_hand]

    @property
    def tile_height(self) -> float:
        """The median height of the face-up tiles' boxes, in the pixels read (0 with none)."""
        return median_height([t.xyxy for t in self.tiles if t.in_hand])

    @property
    def small_photo(self) -> bool:
        """True when the photo as sent is smaller than the reader looks at (``SMALL_PHOTO_SIDE``)."""
        return 0 < max(self.original_wh) < SMALL_PHOTO_SIDE

    @property
    def small_tiles(self) -> bool:
        """True when the tiles are small in the photo (``SMALL_TILE_PX``): a closer photo reads better."""
        return 0 < self.tile_height < SMALL_TILE_PX

    @cached_property
    def plain(self) -> bool:
        """True when the photo has next to no detail (a blank wall, a covered lens: ``vision.photo_checks.plain``,
        which judges a dark photo as if lit): no tile can be in it, and it is no blur that keeps them from being
        found. Worked out once per reading (the spread of a whole photo took ~70 ms, asked at every rerun and tap)."""
        from vision.photo_checks import plain

        return plain(np.ascontiguousarray(self.image_rgb[:, :, ::-1]))  # as read (BGR), as `tilelens read` judges it

    @property
    def at_edge(self) -> bool:
        """True when a tile's box (a face, of the game or not: a tile cut in half may be read as a flower, left out)
        reaches the shown photo's edge (``vision.photo_checks.at_edge``): the frame may cut a tile off."""
        from vision.photo_checks import at_edge

        h, w = self.image_rgb.shape[:2]
        return bool(at_edge([t.xyxy for t in self.tiles if not t.is_back], (w, h)))

    @property
    def foreign(self) -> list[str]:
        """Kinds read that the game does not have (left out of the hand), but for those off the row (``off_row``)."""
        return [t.kind for t in self.tiles if t.foreign and not t.is_back and not t.off_row]

    @property
    def off_row(self) -> list[str]:
        """Kinds read in unsure boxes off the hand's row (``PhotoTile.off_row``): left out of the hand."""
        return [t.kind for t in self.tiles if t.off_row]


PhotoMeld = tuple[str, tuple[int, ...]]  # a called meld ("pon:555z") and its face-up tiles' places in the hand


def photo_melds(reading: PhotoReading, kinds: Sequence[str], hand_size: int = 14) -> tuple[PhotoMeld, ...]:
    """The called melds set apart from a riichi hand (``vision.melds.find_melds_of_hand``: at its right as
    its owner sees it, in the ``upright`` frame, else at its left), each with the places of its face-up
    tiles in the hand.
    ``kinds`` are the hand's tiles as they stand now, a person's corrections included: the face-up boxes'
    first, then any tile added by hand (held in the hand)."""
    from vision.melds import BACK, find_melds_of_hand

    boxes, names, face_at = [], [], []
    face = 0
    for tile in reading.tiles:
        if tile.in_hand:
            if face >= len(kinds):
                return ()  # the hand no longer matches the boxes
            boxes.append(tile.xyxy)
            names.append(kinds[face])
            face_at.append(face)
            face += 1
        elif tile.is_back:  # a closed kan shows its ends face down
            boxes.append(tile.xyxy)
            names.append(BACK)
            face_at.append(None)
    added = len(kinds) - face
    found = find_melds_of_hand(boxes, names, hand_size=hand_size - added, upright=reading.upright) if boxes else ()
    return tuple((m.spec, tuple(face_at[i] for i in m.indices if face_at[i] is not None)) for m in found)


def melds_with_kans(reading: PhotoReading, kinds: Sequence[str], hand_size: int = 14,
                    game: Game | None = None) -> tuple[tuple[PhotoMeld, ...], list[str]]:
    """The photo's called melds (``photo_melds``; ``kinds``: the hand now, tiles added by hand last), each pon of a
    kind a tile added by hand is of made a kan holding that tile (its place added to the meld's): a called kan whose
    fourth tile the detector missed was read as a pon, and the tile added made a hand of 15, the photo's melds lost.
    The meld builder's kan of such a pon's kind adds that tile (``options._add_meld``). Only as many added tiles are
    so taken as the whole hand now is over (held, 3 a meld, the winning tile: 15 of 14 is one), whatever the order
    they were added in: one added to a hand one short is the hand's own (a run's 1s the detector missed beside a pon
    111s was made "kan 1111s", a winning hand no win), and a kan's tile added before a held tile the photo missed
    too makes the kan all the same. Where more added tiles could be taken, those that leave the hand closest to a
    win are (a run's 1s and a kan's 7z both missed beside pons 111s and 777z: the 7z, the run kept whole, in either
    order), then the last added (each made the hand one over as it was added); a tile that fits two pons of its kind
    (a house set of seven copies or more, whose hand the scorer then refuses: four of a kind at most) makes the
    first a kan. ``game``: whose set's copies the hand is judged with (a house set of two red 5p; None: a standard
    set's). Also the kinds of the tiles so taken into a kan, to be said; taken out of the hand again, the kan is a pon
    again."""
    from scorer.riichi_tiles import kan_of_pon

    added = range(len(reading.hand), len(kinds))
    taken: dict[int, tuple[int, ...]] = {}  # an added tile's place -> the face places of the pon it makes a kan
    for over in range(1, min(len(added), 4) + 1):  # a missed fourth tile a pon, at most 4 melds
        found = photo_melds(reading, kinds, hand_size + over)  # the melds of a hand ``over`` tiles over
        if not found or len(kinds) - sum(len(places) for _, places in found) + 3 * len(found) != hand_size + over:
            continue  # a kan counts 3
        fits = [[(j, places) for spec, places in found if kan_of_pon(spec, kinds[j])] for j in added]
        choices = [dict(pairs) for js in combinations([f for f in fits if f], over) for pairs in product(*js)
                   if len({places for _, places in pairs}) == over]  # each pon made a kan by one tile at most
        # the closest to a win, then the last added; none: no kan, the hand over (its melds not found)
        taken = min(choices, default={}, key=lambda c: (_tiles_from_win(game, kinds, _with_kans(kinds, found, c)),
                                                         sorted(-j for j in c)))
        break
    found = photo_melds(reading, [k for i, k in enumerate(kinds) if i not in taken], hand_size)
    return _with_kans(kinds, found, taken), [kinds[j] for j in sorted(taken)]


def _with_kans(kinds: Sequence[str], found: Sequence[PhotoMeld],
               taken: dict[int, tuple[int, ...]]) -> tuple[PhotoMeld, ...]:
    """The melds ``found``, each pon ``taken`` names (an added tile's place -> the pon's places) made a kan holding
    that tile."""
    from scorer.riichi_tiles import kan_of_pon

    fourth = {places: j for j, places in taken.items()}
    return tuple((kan_of_pon(spec, kinds[fourth[places]]) or spec, (*places, fourth[places]))
                 if places in fourth else (spec, places) for spec, places in found)


def _tiles_from_win(game: Game | None, kinds: Sequence[str], melds: Sequence[PhotoMeld]) -> int:
    """How many tiles from a win (``scorer.riichi.tiles_from_win``, with ``game``'s set) the hand ``kinds`` is with
    ``melds``; a hand it cannot read ranks last."""
    from scorer.riichi import tiles_from_win
    from scorer.riichi_tiles import RiichiInputError

    in_melds = {i for _, places in melds for i in places}
    try:
        return tiles_from_win(game, [k for i, k in enumerate(kinds) if i not in in_melds], [s for s, _ in melds])
    except RiichiInputError:
        return len(kinds)  # more than any hand is from a win


def shrink(image_bgr: np.ndarray, side: int = WORK_SIDE) -> np.ndarray:
    """The image with its longest side at most ``side`` pixels."""
    import cv2

    h, w = image_bgr.shape[:2]
    scale = side / max(h, w)
    if scale >= 1:
        return image_bgr
    return cv2.resize(image_bgr, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)


def is_blurry(image_bgr: np.ndarray, boxes: Sequence[tuple[float, float, float, float]] = ()) -> bool:
    """A sharpness check (``vision.photo_checks.blurry``): the whole photo's and its tiles' faces (``boxes``, in its
    pixels); with no tiles to judge, blurred everywhere."""
    from vision.photo_checks import blurry

    return blurry(image_bgr, boxes)


def leans_upside_down(recognizer, image_bgr: np.ndarray, reading) -> bool:
    """Whether the recognizer's orientation model leans to the hand of ``reading`` (a ``vision.HandReading`` of
    ``image_bgr``) standing upside down as it is shown, though it was not turned round: as `tilelens read` asks it
    (``vision.photo_checks.hand_leans_upside_down``). False for a recognizer with no orientation model."""
    from vision import photo_checks

    return photo_checks.hand_leans_upside_down(recognizer, image_bgr, reading)


def _scored_alternatives(tile) -> list[tuple[str, float | None]]:
    out = []
    for alt in getattr(tile, "alternatives", ()) or ():
        if isinstance(alt, (tuple, list)):
            out.append((str(alt[0]), float(alt[1]) if len(alt) > 1 else None))
        else:
            out.append((str(getattr(alt, "kind", alt)), None))
    return out


def _alternatives(tile) -> tuple[str, ...]:
    return tuple(a for a in dict.fromkeys(k for k, _ in _scored_alternatives(tile)) if a != tile.kind)


def _choices(tile, confidence: float, known: Container[str] | None) -> tuple[tuple[str, float], ...]:
    """The kind read with its confidence, then each alternative the game has with its probability."""
    rest = [(k, p) for k, p in _scored_alternatives(tile)
            if p is not None and k != tile.kind and (known is None or k in known)]
    return ((str(tile.kind), confidence), *dict(rest).items())


def to_photo_tiles(reading, known: Container[str] | None = None) -> tuple[PhotoTile, ...]:
    """A ``vision.HandReading``'s tiles as plain values, in its hand order; kinds not in ``known`` (the
    game's tile ids) are marked foreign. A face washed out by a reflection keeps its mark (``confidence["glare"]``),
    and one half hidden its (``confidence["hidden"]``): the page says why it is to be checked, and what to do. The
    unsure boxes off the hand's row are marked
    ``off_row``, by `tilelens read`'s own function (``vision.scorable.off_row``)."""
    from vision.scorable import off_row

    # a reader's confidence of the kind alone (a number) says nothing of its box: no box is judged off the row
    off = off_row(reading) if all(isinstance(t.confidence, dict) for t in reading.tiles) else frozenset()
    tiles = []
    for i, tile in enumerate(reading.tiles):
        conf = tile.confidence if isinstance(tile.confidence, dict) else {"kind": float(tile.confidence)}
        kind = str(tile.kind)
        alternatives = tuple(a for a in _alternatives(tile) if known is None or a in known)
        confidence = float(conf.get("kind", 1.0))
        tiles.append(PhotoTile(tuple(float(v) for v in tile.xyxy), kind, confidence, alternatives,
                               bool(getattr(tile, "is_back", False)), known is not None and kind not in known,
                               float(conf.get("detection", 1.0)), _choices(tile, confidence, known),
                               glare=float(conf.get("glare", 0.0)), off_row=i in off,
                               hidden=float(conf.get("hidden", 0.0))))
    return tuple(tiles)


# A tile read as a kind the game's table does not have: a Hong Kong set's flower (left out of the hand), or a member a
# house table dropped, whom the shipped model learnt (kept in the hand as a stand-in, ``stand_ins``). Kept here, not
# in the page's script: Streamlit runs that anew at each tap, and a class or a cache made there was a new one each time
# (a stand-in of the reading run was none at the next, and the notice of it went at the first tap).
FLOWER = ("{name} (花牌)", "{name} (flower tile)")  # a Hong Kong set's flower or season, by its name


def flower_of(kind: str) -> tuple[str, str] | None:
    """A Hong Kong set's flower or season (``f1``-``f8``): its (Japanese, English) names; None for any other kind."""
    from vision.faces.catalog import _HK_EXTRA

    return next(((ja, en) for tile_id, ja, en in _HK_EXTRA if tile_id == kind), None)


@lru_cache(maxsize=16)  # the shipped files do not change while the app runs
def shipped_game(path: str) -> tuple[bool, dict[str, TileKind]]:
    """A shipped game file's (engine is riichi, tiles by id): the file itself, never the house table played under its
    id (which may have dropped the kind)."""
    from scorer.catalog import GameFileError, load_game

    try:
        game = load_game(Path(path))
    except (GameFileError, OSError):
        return False, {}
    return game.engine == "riichi", {kind.id: kind for kind in game.tiles}


def shipped_kind(game: Game, kind: str) -> tuple[str, TileKind] | None:
    """A kind the game's table does not have as a shipped game names it (a member a house table dropped, which the
    shipped model learnt): that game's file and the kind; the game's own shipped file first. None where no shipped
    game has it (a tile set's own kind)."""
    from app.settings import shipped_path
    from scorer import list_games

    for game_id in sorted(list_games(), key=lambda g: g != game.id):
        path = str(shipped_path(game_id))
        if kind in (tiles := shipped_game(path)[1]):
            return path, tiles[kind]
    return None


def kind_names(game: Game, kind: str) -> tuple[str, str]:
    """A kind's (Japanese, English) names: the game's own as its table names it; a Hong Kong set's flower or season
    by its name (梅 (花牌), Plum (flower tile)); a kind of a shipped game (a member the house table dropped) as that
    game names it (ひめたん, Himetan); any other by its id."""
    own = next((k for k in game.tiles if k.id == kind), None)
    if own is None and (flower := flower_of(kind)) is not None:
        return FLOWER[0].format(name=flower[0]), FLOWER[1].format(name=flower[1])
    if own is None and (found := shipped_kind(game, kind)) is not None:
        own = found[1]
    if own is None:
        return kind, kind
    return own.name_ja or own.name_en or kind, own.name_en or own.name_ja or kind


def _in_place(game: Game, kind: str) -> str | None:
    """The kind the game's table has where a shipped game's table has ``kind`` (a house table's new member in the
    place of the one it dropped), where it is no kind of that shipped game."""
    found = shipped_kind(game, kind)
    if found is None:
        return None
    shipped = list(shipped_game(found[0])[1])
    at = shipped.index(kind)
    there = game.tiles[at].id if at < len(game.tiles) else None
    return there if there is not None and there not in shipped else None


def stand_ins(game: Game, reading: PhotoReading) -> PhotoReading:
    """The reading with each face-up tile read as a kind the table does not have, and no Hong Kong flower (which no
    Donjara or riichi hand holds: left out, as before), kept in the hand as a stand-in (``PhotoTile.read_as``: the
    kind read) of the kind the table likeliest has for it: the one in its place in the table, else a kind the model
    never learnt (the only one), else the reader's likeliest alternative the table has, within the copies the set
    has; left out where there is none. Flagged to be checked whatever the classifier's confidence: left out, the
    hand was short of its tiles and the person had to find and add them. A red five of a riichi set that has none
    is no stand-in: it is read as its plain five (``plain_fives``)."""
    reading = plain_fives(game, reading)
    have = {kind.id: kind for kind in game.tiles}
    if not any(tile.foreign and not tile.is_back and not tile.off_row and flower_of(tile.kind) is None
               for tile in reading.tiles):
        return reading
    used = Counter(tile.kind for tile in reading.tiles if tile.in_hand)
    tiles: list[PhotoTile] = []
    for tile in reading.tiles:
        if not tile.foreign or tile.is_back or tile.off_row or flower_of(tile.kind) is not None:
            tiles.append(tile)
            continue
        only = reading.unlearnt[:1] if len(reading.unlearnt) == 1 else ()
        likely = [k for k in dict.fromkeys((_in_place(game, tile.kind), *only, *tile.alternatives, *reading.unlearnt))
                  if k in have]
        guess = next((k for k in likely if used[k] < have[k].copies or have[k].almighty), None)
        if guess is None:
            tiles.append(tile)
            continue
        used[guess] += 1
        choices = ((guess, tile.confidence), *((k, p) for k, p in tile.choices[1:] if k in have and k != guess))
        tiles.append(PhotoTile(tile.xyxy, guess, tile.confidence, tuple(k for k in likely if k != guess),
                               detection=tile.detection, choices=choices, read_as=tile.kind, glare=tile.glare,
                               hidden=tile.hidden))
    return replace(reading, tiles=tuple(tiles))


def plain_fives(game: Game, reading: PhotoReading) -> PhotoReading:
    """The reading with each red five read (a tile set that names them reads one) that the riichi game's set has none
    of (a house set without red fives, or with red 5p alone) as its plain five, where the set has that: the five as
    the set has it, counted and scored so, not a stand-in to check (a set without a red 5m has none to read)."""
    if game.engine != "riichi":
        return reading
    have = {kind.id for kind in game.tiles}
    plain = {red: f"5{red[1]}" for red in ("0m", "0p", "0s") if red not in have and f"5{red[1]}" in have}
    if not any(tile.kind in plain for tile in reading.tiles):
        return reading
    tiles = []
    for tile in reading.tiles:
        five = plain.get(tile.kind)
        if five is not None:
            tile = replace(tile, kind=five, foreign=False,
                           alternatives=tuple(a for a in tile.alternatives if a != five),
                           choices=((five, tile.confidence), *((k, p) for k, p in tile.choices[1:] if k != five)))
        tiles.append(tile)
    return replace(reading, tiles=tuple(tiles))


# A file sent as a photo that is something else, known by its first bytes: what it is, and what to send instead.
UPLOAD_JA = "アップロードした写真"  # what the Japanese calls an upload with no name that cannot be read


def _what_it_is(data: bytes, name: str) -> ImageError | None:
    """The error for a file that cannot be decoded and is recognisably something else (a PDF), saying what it is
    and what to send; None for any other file (a HEIC that cannot be decoded is said so by vision.image_io)."""
    from vision.image_io import ImageError

    if data[:5] == b"%PDF-":
        ja = UPLOAD_JA if name == "image bytes" else name
        return ImageError(f"{name}: a PDF document, not a photo: send the photo itself, as a JPEG or PNG",
                          f"{ja}: PDFの文書で、写真ではありません。写真そのものを JPEG か PNG で送ってください")
    return None  # an undecodable HEIC is said so by vision.image_io itself, with what to send


def decode(data: bytes, name: str = "") -> tuple[np.ndarray, tuple[int, int]]:
    """The photo as a BGR array no larger than ``WORK_SIDE``, and its own upright size. Raises
    ``vision.ImageError`` (one clear line, naming the file by ``name``, an upload's) for an empty, corrupt or
    non-image upload; a PDF or an undecodable HEIC is said as such, with what to send instead. A phone's JPEG is
    decoded straight at a reduced scale (a 4032 x 3024 photo in 64 ms instead of 202 p50,
    ``benchmarks/bench_app.py --phone``)."""
    from vision.image_io import ImageError, load_image_sized

    try:
        # the file named in the Japanese too: 「アップロードした写真」 named none, and said "写真" twice
        return load_image_sized(data, name, max_side=WORK_SIDE, name_ja=name or UPLOAD_JA)
    except ImageError as exc:
        better = _what_it_is(bytes(data), name or "image bytes") if exc.fault is not None else None
        if better is None:
            raise
        raise better from None


def read_image(image_bgr: np.ndarray, original_wh: tuple[int, int], recognizer,
               known: Container[str] | None = None, turn: int | None = None,
               photo: bytes | None = None) -> PhotoReading:
    """Read the tiles of a decoded photo (``known``: the game's tile ids). A photo the recognizer read
    turned (a hand photographed sideways or from across the table) is shown turned the nearest quarter
    or half round as well, so that the hand stands as its owner sees it, its boxes with it. ``turn``:
    the quarter turns anticlockwise a person chose (the page's turn buttons): the photo is read and
    shown turned so, whatever the recognizer would have made of it. ``photo``: the file's bytes, which say
    what the decoded photo no longer does (a 256-colour palette, an animation's frames: ``notes``)."""
    chosen = turn is not None
    reading = recognizer.read_turned(image_bgr, turn) if chosen else recognizer.read(image_bgr, source=photo)
    tiles = to_photo_tiles(reading, known)
    from vision.level import quarter_turns, then, to_turned, turn_quarters
    from vision.photo_checks import dark

    faces = [t.xyxy for t in tiles if not t.is_back]  # in the photo's pixels, as read: judged before any turn
    blurry, is_dark = is_blurry(image_bgr, faces), dark(image_bgr, faces)
    # a blurred tile's way up is no more than a guess (W2: 7 of 20 defocused upright hands leaned upside down)
    upside_down = not chosen and not blurry and leans_upside_down(recognizer, image_bgr, reading)

    shown, upright = image_bgr, getattr(reading, "upright", None)
    turn = quarter_turns(upright)
    if turn:
        import cv2

        shown, matrix = turn_quarters(image_bgr, turn)
        boxes = to_turned(np.array([t.xyxy for t in tiles], np.float64).reshape(-1, 4), matrix)
        tiles = tuple(replace(t, xyxy=tuple(float(v) for v in b)) for t, b in zip(tiles, boxes))
        upright = then(cv2.invertAffineTransform(matrix), upright)  # what is left of the turn
        if abs(upright[0, 1]) < 1e-6 and upright[0, 0] > 0:
            upright = None  # turned exactly: the shown photo is the owner's view (a shift or a scale is no turn)
    from vision.image_io import notes_for

    largest = getattr(recognizer, "largest_hand", 0)  # the game's hand: more tiles in two groups are two hands
    notes = notes_for(photo, image_bgr, [t.xyxy for t in tiles], largest if isinstance(largest, int) else 0,
                      pages=True)  # a multi-page TIFF's first page alone read: said, as `tilelens read` says it
    return PhotoReading(np.ascontiguousarray(shown[:, :, ::-1]), tiles, original_wh, blurry,
                        notes=tuple(NOTE_KEYS[n] for n in notes), upright=upright, turned=turn, chosen=chosen,
                        other_game=bool(getattr(reading, "other_game", False)),
                        looks_like=str(getattr(reading, "looks_like", "") or ""), dark=is_dark,
                        upside_down=upside_down,
                        unlearnt=tuple(getattr(reading, "unlearnt_kinds", ()) or ()),
                        unlearnt_sets=tuple(getattr(reading, "tilesets_naming_all", ()) or ()))


def read_photo(data: bytes, recognizer, known: Container[str] | None = None) -> PhotoReading:
    """The page's whole path from uploaded bytes to tiles: decode, shrink, read."""
    return read_image(*decode(data), recognizer, known, photo=data)


def label_size(reading: PhotoReading) -> int:
    """A font size for the tiles' numbers: about 0.7 of a tile's width (a number of one or two digits fits it),
    at most a 25th of the photo's longest side and at least a 45th (the photo shown 358 px wide on a phone: 8
    to 14 px; names at half a tile's width, 12 px at least, were 7 px there), 12 px at least."""
    side = max(reading.image_rgb.shape[:2])
    widths = sorted(t.xyxy[2] - t.xyxy[0] for t in reading.tiles) or [side / 10]
    return int(max(12, side / 45, min(widths[len(widths) // 2] * 0.7, side / 25)))


SHOWN_MARGIN = 1.0  # tile heights of the photo kept above and below its tiles where it is shown cut (``shown_rows``)
LEAST_CUT = 0.25  # the share of the photo's height a cut must save, else it is shown whole


def shown_rows(reading: PhotoReading) -> tuple[int, int]:
    """The rows of the photo to show (top, bottom): those of its tiles, with ``SHOWN_MARGIN`` tile heights above
    and below (their numbers, a tile missed beside them), the full width kept; the whole photo unless that saves
    ``LEAST_CUT`` of its height. A phone showed a hand on a table 358 px tall, most of it table, above the hand,
    the result and the ledger's Add."""
    h = reading.image_rgb.shape[0]
    boxes = [tile.xyxy for tile in reading.tiles]
    if not boxes:
        return 0, h
    margin = SHOWN_MARGIN * median_height(boxes)
    top = max(0, int(min(b[1] for b in boxes) - margin))
    bottom = min(h, int(np.ceil(max(b[3] for b in boxes) + margin)))
    return (0, h) if bottom - top > (1 - LEAST_CUT) * h else (top, bottom)


Rect = tuple[float, float, float, float]
TILE_COVER = 0.3  # share of a label that may lie over tile boxes before another place is tried


def _overlap(a: Rect, b: Rect) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def place_labels(boxes: Sequence[Rect], sizes: Sequence[tuple[float, float]], image_wh: tuple[int, int],
                 gap: float = 2) -> list[Rect]:
    """Where each box's label goes (``sizes``: each label's width and height): above the box at its left
    edge, else below it, else beside it on the left or the right, else above or below at its right edge,
    else inside its top or bottom, each kept inside the photo. The first of these that covers no label
    placed before it and at most ``TILE_COVER`` of its own area of tiles (the corner of a slanted tile's
    box is table), else the one that covers least: labels first, then tiles. Tiles on a slant, whose boxes
    overlap, keep their labels apart.

    >>> place_labels([(0, 20, 40, 80), (30, 30, 70, 90)], [(38, 10), (38, 10)], (100, 100))
    [(0, 8, 38, 18), (30, 18, 68, 28)]
    """
    placed: list[Rect] = []
    for (x0, y0, x1, y1), (w, h) in zip(boxes, sizes):
        mid = (y0 + y1 - h) / 2
        spots = ((x0, y0 - h - gap), (x0, y1 + gap), (x0 - w - gap, mid), (x1 + gap, mid),
                 (x1 - w, y0 - h - gap), (x1 - w, y1 + gap), (x0, y0 + gap), (x0, y1 - h - gap))
        best, cost = None, None
        for order, (x, y) in enumerate(spots):
            x = min(max(x, 0), max(image_wh[0] - w, 0))
            y = min(max(y, 0), max(image_wh[1] - h, 0))
            rect = (x, y, x + w, y + h)
            on_tiles = sum(_overlap(rect, b) for b in boxes)
            c = (sum(_overlap(rect, r) for r in placed), 0 if on_tiles <= TILE_COVER * w * h else on_tiles, order)
            if cost is None or c < cost:
                best, cost = rect, c
        placed.append(best)
    return placed


MELD_BLUE = (40, 110, 230)
# A label is a white number on its box's colour, each colour 4.5:1 against white at least (a green of (30, 200, 90)
# was 2.2:1). A colour-blind eye (deuteranopia) saw a sure tile's green and a doubtful one's red as one olive: the
# red is a dark one, the green a middling one (1.8:1 apart in lightness), and a doubtful number has its "?" too.
SURE_GREEN = (0, 128, 60)  # 5.1:1 under white
DOUBTFUL_RED = (150, 0, 0)  # 9.1:1 under white


def boxed(image_rgb: np.ndarray, tiles: Sequence[PhotoTile], names: Sequence[str] = (), font=None,
          in_melds: Container[int] = (), corrected: Container[int] = ()) -> Image.Image:
    """The photo with each face-up tile boxed and numbered in hand order (the hand below the photo names each
    tile by its number: names drawn on the photo were small and covered each other and the tiles); low confidence
    in red and by a "?" after its number (but for the tiles a person has corrected since: ``corrected``, their
    places in the hand), the tiles of called melds (``in_melds``: their places in the hand) in blue, each line over a
    white one 1 px wider each side (shown on a dark felt too). Numbers are placed so that they cover neither each
    other nor other tiles where they can help it. ``names``: the tiles' names, no longer drawn (a caller's alt text
    says them)."""
    img = Image.fromarray(image_rgb)
    draw = ImageDraw.Draw(img)
    width = max(2, round(max(img.size) / 400))
    number = 0
    hand, labels = [], []
    for tile in tiles:
        x0, y0, x1, y1 = tile.xyxy
        if not tile.in_hand:  # backs and tiles of no use to this game: grey, unnumbered
            draw.rectangle([x0, y0, x1, y1], outline=(128, 128, 128), width=width)
            if tile.foreign or tile.off_row:  # named, as the page's note names it
                draw.text((x0 + width, y0 + width), tile.kind, fill=(128, 128, 128), font=font)
            continue
        doubtful = tile.low and number not in corrected
        colour = DOUBTFUL_RED if doubtful else MELD_BLUE if number in in_melds else SURE_GREEN
        # over a white line 1 px wider each side: the dark red shows on a red felt (1.2:1 alone), the blue on blue
        draw.rectangle([x0 - 1, y0 - 1, x1 + 1, y1 + 1], outline=(255, 255, 255), width=width + 2)
        draw.rectangle([x0, y0, x1, y1], outline=colour, width=width)
        label = f"{number + 1}?" if doubtful else str(number + 1)  # a sign, not red alone (a colour-blind eye)
        hand.append(tile)
        labels.append((label, colour, draw.textbbox((0, 0), label, font=font)))
        number += 1
    sizes = [(b[2] - b[0] + 2 * width, b[3] - b[1] + 2 * width) for _, _, b in labels]
    spots = place_labels([t.xyxy for t in hand], sizes, img.size, gap=width)
    for (label, colour, box), (lx, ly, lx1, ly1) in zip(labels, spots):
        draw.rectangle([lx, ly, lx1, ly1], fill=colour)
        draw.text((lx + width - box[0], ly + width - box[1]), label, fill=(255, 255, 255), font=font)
    return img
