"""Called melds in a photo of a riichi hand, found from where the tiles lie.

At a riichi table a called meld is laid face up apart from the hand, at its right (the tile taken from
another player turned sideways; a closed kan with its two end tiles face down). So the tiles are put in
groups of neighbours (centres at most ``LINK`` steps of their row apart), and a group that splits, left
to right, into chi, pon, kan (four alike: in a row, or an added kan, whose fourth tile lies beyond the
called one) or closed kans (four, the two at the ends face down, the two between them alike; or one end's
back not seen, or read as the blank white dragon, where the other's is) is read as called melds; neighbouring groups may make melds together. The leftmost group is the hand's (melds lie
at its right), and so is a group that is no meld (the drawn tile set apart, a meld with a misread tile).
The melds are kept only when the hand's face-up tiles then number what a hand with them holds (14, or
13: one short, less 3 a meld); otherwise nothing is read as a meld. Which tile was called is noted
where its box shows it (``SIDEWAYS``); an axis-aligned box shows it too weakly to be asked for (a row
seen at an angle).

A photo need not show the hand as its owner sees it: taken from the side of the table or from across
it, its melds lie above, below or left of the hand. :func:`find_melds_of_hand` looks for them in the frame
where the hand was read upright (``vision.HandReading.upright``, when the reader turned the photo), else
in the photo as taken, a column of tiles laid level; and, finding none there, in that frame turned half
round: melds at the hand's left (a hand from across the table that read whole as taken; or exposed tiles
laid at the left of the rack, as in two of the real Hong Kong photos).

What is a meld is the scorer's rule (``scorer.riichi_tiles.parse_meld``); this module only looks at
the boxes (numpy; ``vision.level`` maps them). The app and ``tilelens read`` call it on a reading.

>>> boxes = [(i * 30, 0, i * 30 + 28, 40) for i in range(11)] + [(380, 10, 420, 40), (422, 0, 450, 40),
...          (452, 0, 480, 40)]
>>> kinds = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2z", "2z", "5p", "5p", "5p"]
>>> [(m.spec, m.indices, m.called) for m in find_melds(boxes, kinds)]
[('pon:555p', (11, 12, 13), 11)]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from scorer.result import TilelensInputError
from scorer.riichi_tiles import KIND34, TILE_IDS, code_of, mpsz, parse_meld

LINK = 1.35  # tiles further apart than this many steps of their row are set apart
SIDEWAYS = 1.3  # a box this many times wider for its height than its meld's others is turned sideways
BACK = "back"
WHITE = "5z"  # the white dragon: its face is blank, as a face-down tile's back looks in a photo


@dataclass(frozen=True)
class CalledMeld:
    """One meld read from the photo: ``spec`` in the scorer's notation (``"pon:555p"``), ``indices`` the
    places of its tiles in the sequence read (face-down ones too), ``called`` the place of the tile
    turned sideways where the boxes show it (None: not seen, or a closed kan)."""

    spec: str
    indices: tuple[int, ...]
    called: int | None = None

    @property
    def kind(self) -> str:
        """``chi``, ``pon``, ``kan`` or ``ankan``."""
        return self.spec.split(":", 1)[0]


def find_melds(xyxy: Sequence[Sequence[float]], kinds: Sequence[str], backs: Sequence[bool] | None = None,
               hand_size: int = 14) -> tuple[CalledMeld, ...]:
    """The called melds among tiles read from a photo, left to right (none found: ``()``).

    ``xyxy``: each tile's box in image pixels; ``kinds``: its riichi tile id (``"5m"``, ``"0p"``,
    ``"7z"``; a tile of no riichi kind, such as a Hong Kong set's flower, is no part of the hand and is
    passed over); ``backs``: True where the tile lies face down (``kinds`` is then ignored; default: a
    kind of ``"back"``); ``hand_size``: the tiles of a whole hand. The tiles may come in any order;
    ``indices`` refer to that order."""
    n = len(kinds)
    if n != len(xyxy):
        raise ValueError(f"{len(xyxy)} boxes for {n} kinds")
    boxes = np.asarray(xyxy, np.float64).reshape(n, 4)
    back = [bool(b) for b in backs] if backs is not None else [k == BACK for k in kinds]
    at = [i for i in range(n) if back[i] or kinds[i] in TILE_IDS]
    if len(at) < 3:
        return ()
    groups = [[at[j] for j in group] for group in _groups_apart(boxes[at])]
    if len(groups) < 2:
        return ()  # nothing set apart: every tile is the hand's
    found = _melds_right_of_hand(groups[1:], boxes, kinds, back)  # the leftmost group is (part of) the hand
    in_melds = {i for m in found for i in m.indices}
    held = sum(not back[i] and i not in in_melds for i in at)
    if not found or len(found) > 4 or held + 3 * len(found) not in (hand_size - 1, hand_size):
        return ()
    return tuple(sorted(found, key=lambda m: boxes[m.indices[0], 0]))


HALF_ROUND = np.array([[-1.0, 0.0, 0.0], [0.0, -1.0, 0.0]])  # a frame turned half round (where it lies does not matter)


def find_melds_of_hand(xyxy: Sequence[Sequence[float]], kinds: Sequence[str], backs: Sequence[bool] | None = None,
                       hand_size: int = 14, upright: np.ndarray | None = None) -> tuple[CalledMeld, ...]:
    """:func:`find_melds` at the right of the hand as its owner sees it. ``upright``: the 2 x 3 matrix
    taking the photo's pixels to the frame where the hand stands upright (``vision.HandReading.upright``);
    None: the photo as taken, or, when its tiles make one row standing ``vision.level.SIDEWAYS_DEG`` or
    more off level, that row laid level. When no melds lie at the right there, they are looked for at
    the left, in that frame turned half round.

    >>> boxes = [(450 - i * 30, 0, 478 - i * 30, 40) for i in range(11)] + [(30, 0, 70, 30), (0, 0, 28, 40), (-30, 0, -2, 40)]
    >>> kinds = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2z", "2z", "5p", "5p", "5p"]
    >>> [(m.spec, m.indices, m.called) for m in find_melds_of_hand(boxes, kinds)]  # from across the table
    [('pon:555p', (11, 12, 13), 11)]
    """
    from vision.level import SIDEWAYS_DEG, row_angle, then, to_turned

    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    frame = None if upright is None else np.asarray(upright, np.float64)
    if frame is None:
        angle = row_angle(boxes)
        if abs(angle) >= SIDEWAYS_DEG:
            t = np.radians(angle)  # turned as vision.level.level_photo turns the photo: the row lies level
            frame = np.array([[np.cos(t), np.sin(t), 0.0], [-np.sin(t), np.cos(t), 0.0]])
    for way in (frame, HALF_ROUND if frame is None else then(frame, HALF_ROUND)):
        found = find_melds(boxes if way is None else to_turned(boxes, way), kinds, backs, hand_size)
        if found:
            return found
    return ()


def _groups_apart(boxes: np.ndarray) -> list[list[int]]:
    """Tiles linked through neighbours, each group left to right. Two tiles are neighbours when their
    centres lie at most ``LINK`` times as far apart as the nearer neighbour of either: the step of a row,
    whatever the row's angle in the photo and the tiles' size along it."""
    n = len(boxes)
    centre = np.stack([(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2], axis=1)
    dist = np.linalg.norm(centre[:, None] - centre[None], axis=2)
    np.fill_diagonal(dist, np.inf)
    step = dist.min(axis=1)
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            if dist[i, j] <= LINK * min(step[i], step[j]):
                parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(root(i), []).append(i)
    return [sorted(g, key=lambda i: centre[i, 0]) for g in sorted(groups.values(), key=lambda g: boxes[g, 0].min())]


def _melds_right_of_hand(groups: list[list[int]], boxes: np.ndarray, kinds: Sequence[str],
                         back: list[bool]) -> list[CalledMeld]:
    """The most tiles of ``groups`` (left to right) that make melds: a group may be left to the hand, and
    neighbouring groups may make melds together (a gap in a row seen from low down can look as wide
    inside a meld as between two)."""
    best: dict[int, list[CalledMeld]] = {len(groups): []}
    for g in range(len(groups) - 1, -1, -1):
        best[g] = best[g + 1]  # group g stays in the hand
        for h in range(g + 1, len(groups) + 1):
            melds = _split_melds([i for group in groups[g:h] for i in group], boxes, kinds, back)
            if melds and _tiles(melds) + _tiles(best[h]) > _tiles(best[g]):
                best[g] = [*melds, *best[h]]
    return best[0]


def _tiles(melds: list[CalledMeld]) -> int:
    return sum(len(m.indices) for m in melds)


def _split_melds(group: list[int], boxes: np.ndarray, kinds: Sequence[str], back: list[bool]) -> list[CalledMeld]:
    """The group as called melds of 3 or 4 tiles left to right; [] if it is not (its tiles are then the
    hand's)."""
    best: dict[int, list[CalledMeld] | None] = {len(group): []}
    for start in range(len(group) - 1, -1, -1):
        best[start] = None
        for size in (3, 4):
            rest = best.get(start + size)
            if rest is None:
                continue
            meld = _meld(group[start:start + size], boxes, kinds, back)
            if meld is not None:
                best[start] = [meld, *rest]
                break
    return best[0] or []


def _meld(tiles: list[int], boxes: np.ndarray, kinds: Sequence[str], back: list[bool]) -> CalledMeld | None:
    """The meld these tiles (left to right) show, or None."""
    faces = _closed_kan_faces(tiles, kinds, back)
    if faces is not None:
        a, b = faces
        plain = _plain(a)
        if _plain(b) != plain:
            return None
        spec, called = f"ankan:{a[0]}{b[0]}{plain[0] * 2}{plain[1:]}", None  # the faces as seen, the backs' fives plain
    elif any(back[i] for i in tiles):
        return None
    else:
        ids = [kinds[i] for i in tiles]
        if len({i[1:] for i in ids}) != 1 or any(len(i) != 2 for i in ids):
            return None
        alike = len({_plain(i) for i in ids}) == 1
        kind = ("pon" if len(tiles) == 3 else "kan") if alike else "chi"  # a chi of four is refused below
        spec = f"{kind}:{mpsz(ids)}"
        aspect = (boxes[tiles, 2] - boxes[tiles, 0]) / np.maximum(boxes[tiles, 3] - boxes[tiles, 1], 1e-6)
        k = int(np.argmax(aspect))
        called = tiles[k] if aspect[k] >= SIDEWAYS * float(np.max(np.delete(aspect, k))) else None
    try:
        parse_meld(spec)
    except TilelensInputError:
        return None
    return CalledMeld(spec, tuple(tiles), called)


def _closed_kan_faces(tiles: list[int], kinds: Sequence[str], back: list[bool]) -> tuple[str, str] | None:
    """The two face-up kinds of a closed kan these tiles (left to right) may show, or None: two faces between
    two backs; or with one end's back not seen (the detector misses a face-down tile beside another more
    often than a face: three tiles, a back at one end); or with one end read as a white dragon (``5z``, whose
    blank face a back looks like) and a back seen at the other. A back must be seen: two tiles alike set
    apart with none are the hand's (a drawn tile beside its match)."""
    ends = (tiles[0], tiles[-1])
    if len(tiles) == 3:
        if back[ends[0]] == back[ends[1]]:
            return None  # a back at one end only
        mid = tiles[1:] if back[ends[0]] else tiles[:2]
    elif len(tiles) == 4:
        seen = [back[i] for i in ends]
        blank = [back[i] or kinds[i] == WHITE for i in ends]
        if not (any(seen) and all(blank)):
            return None
        mid = tiles[1:3]
    else:
        return None
    if any(back[i] for i in mid):
        return None
    return kinds[mid[0]], kinds[mid[1]]


def _plain(tile_id: str) -> str:
    """The id of a riichi tile (one of ``TILE_IDS``), a red five as its five (``0p``: ``5p``), by the catalog's fold."""
    return TILE_IDS[KIND34[code_of(tile_id)]]
