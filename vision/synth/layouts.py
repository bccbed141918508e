"""Where the tiles of a scene lie on the table (world millimetres), one function per layout.

Each function gets the tile ids of the hand and returns ``Item`` boxes. ``extras`` adds what a real
table has besides the hand (a wall of face-down tiles, an opponent's standing tiles seen from behind,
some face-down tiles in a scatter): used for training sets, not for one photo of an exact hand.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.geometry import Box, lying, slab, standing
from vision.synth.scene import Layout

Size = tuple[float, float, float]


@dataclass(frozen=True)
class Item:
    """A box in the scene: a tile (``tile_id`` set; "" for a face-down extra whose kind nobody knows)
    or a prop such as a rack (``tile_id`` None)."""

    box: Box
    tile_id: str | None
    shows_back: bool = False  # the tile lies face down or stands facing away
    in_hand: bool = True  # part of the photographed hand (False: wall / opponent extras)
    layer: int = 1  # 0: lies under everything (a tray's floor), painted first
    colour: tuple[float, float, float] | None = None  # BGR of a prop (None: the scene's prop colour)


def _groups(n: int, rng: np.random.Generator) -> list[int]:
    """Gaps between called melds: split off one or two groups of three at the right end."""
    k = min(int(rng.integers(1, 3)), max(0, (n - 2) // 3))
    return [n - 3 * (i + 1) for i in range(k)]


def _row_xs(widths: list[float], rng: np.random.Generator, gap: float, split_at: list[int]) -> np.ndarray:
    """Centres along x of a row of tiles of the given widths, with gaps before ``split_at``, centred on 0."""
    xs, x = [], 0.0
    for i, w in enumerate(widths):
        if i in split_at:
            x += widths[0] * (0.4 + 0.8 * rng.random())
        xs.append(x + w / 2)
        x += w + gap * rng.random()
    arr = np.array(xs)
    return arr - (arr[0] - widths[0] / 2 + arr[-1] + widths[-1] / 2) / 2


def rack(ids: list[str], size: Size, rng: np.random.Generator, extras: bool, melds: bool = False,
         spare: list[str] | None = None) -> list[Item]:
    """Standing tiles in a row facing the camera, optionally on a rack and with melds set apart."""
    w, h, d = size
    split = _groups(len(ids), rng) if melds else []
    xs = _row_xs([w] * len(ids), rng, gap=w * 0.06, split_at=split)
    lean = math.radians(rng.uniform(0, 14))
    curve = rng.uniform(-0.0005, 0.0005)  # a slightly bowed row, as hands hold it
    flips = rng.random(len(ids)) < (0.04 if extras else 0.0)  # now and then a tile stands on its head
    items = [Item(standing(x, curve * x * x + rng.normal(0, 0.4), size, yaw=rng.normal(0, 0.015), lean=lean,
                           upside_down=bool(f)), tid) for x, tid, f in zip(xs, ids, flips)]
    if rng.random() < 0.6:  # a rack bar in front of the tiles hides their feet
        length = (xs[-1] - xs[0]) + w * rng.uniform(1.5, 3.0)
        height = h * rng.uniform(0.12, 0.28)  # a ledge: it hides the feet, not the pictures
        # automatic tables have white or cream racks; home sets any colour
        white = tuple(float(v) for v in rng.uniform(215, 250) * rng.uniform(0.95, 1.0, 3))
        colour = white if rng.random() < 0.4 else None
        items.append(Item(slab(0.0, -d / 2 - h * 0.2 - 2, (length, h * 0.4, height)), None, colour=colour))
    if extras:
        items += _extras_for_rows(len(ids), size, rng, y_front=h * 1.2, spare=spare or [])
    return items


def flat(ids: list[str], size: Size, rng: np.random.Generator, extras: bool, melds: bool = False,
         spare: list[str] | None = None) -> list[Item]:
    """Tiles lying face up in a row (melds optionally set apart)."""
    w, h, d = size
    split = _groups(len(ids), rng) if melds or rng.random() < 0.2 else []
    # a called meld has one tile turned sideways (riichi); its long side then lies along the row
    sideways = {g + int(rng.integers(3)) for g in split if rng.random() < 0.7}
    widths = [h if i in sideways else w for i in range(len(ids))]
    xs = _row_xs(widths, rng, gap=w * 0.08, split_at=split)
    yaw = rng.normal(0, 0.02)
    items = []
    for i, (x, tid) in enumerate(zip(xs, ids)):
        turn = (math.pi / 2 if rng.random() < 0.5 else -math.pi / 2) if i in sideways else 0.0
        y = (w - h) / 2 if i in sideways else 0.0  # near edges in line
        items.append(Item(lying(x, y + rng.normal(0, 0.5), size, yaw=yaw + turn + rng.normal(0, 0.02)), tid))
    if extras:
        items += _extras_for_rows(len(ids), size, rng, y_front=h * 0.9, spare=spare or [])
    return items


def grid(ids: list[str], size: Size, rng: np.random.Generator, extras: bool) -> list[Item]:
    """Several rows of tiles lying face up, packed like a tray (the real Hong Kong photos have many)."""
    w, h, d = size
    cols = max(1, min(len(ids), int(rng.integers(5, 10))))
    rows = math.ceil(len(ids) / cols)
    gap = rng.uniform(0.0, 0.12)
    in_tray = extras and rng.random() < 0.6  # a tray's walls may hide a near tile: training sets only
    floor = rng.uniform(2, 5) if in_tray else 0.0
    items = []
    for i, tid in enumerate(ids):
        r, c = divmod(i, cols)
        x = (c - (cols - 1) / 2) * w * (1 + gap)
        y = ((rows - 1) / 2 - r) * h * (1 + gap)
        items.append(Item(lying(x, y, size, yaw=rng.normal(0, 0.01), z0=floor), tid))
    if in_tray:
        items += tray(cols * w * (1 + gap), rows * h * (1 + gap), floor, d, rng)
    return items


def tray(inner_w: float, inner_h: float, floor: float, tile_d: float, rng: np.random.Generator) -> list[Item]:
    """A shallow tray (floor and four low walls) around a block of tiles, like the real photos' trays."""
    margin = rng.uniform(2, 12)
    wall_t, wall_h = rng.uniform(4, 10), floor + tile_d * rng.uniform(0.3, 0.9)
    W, H = inner_w + 2 * margin, inner_h + 2 * margin
    grey = float(rng.uniform(15, 70))
    colour = (grey, grey, grey) if rng.random() < 0.7 else tuple(float(v) for v in rng.uniform(30, 220, 3))
    parts = [Item(slab(0, 0, (W + 2 * wall_t, H + 2 * wall_t, floor)), None, layer=0, colour=colour)]
    for sx in (-1, 1):
        parts.append(Item(slab(sx * (W + wall_t) / 2, 0, (wall_t, H + 2 * wall_t, wall_h)), None, colour=colour))
    for sy in (-1, 1):
        parts.append(Item(slab(0, sy * (H + wall_t) / 2, (W, wall_t, wall_h)), None, colour=colour))
    return parts


def scattered(ids: list[str], size: Size, rng: np.random.Generator, extras: bool) -> list[Item]:
    """Tiles lying loosely at any angle, some upside down (and, with extras, some face down)."""
    w, h, _ = size
    n = len(ids)
    radius = math.sqrt(n) * h * rng.uniform(0.45, 0.8)
    placed: list[tuple[tuple[float, float], tuple[float, float], float]] = []
    items = []
    for tid in ids:
        if rng.random() < 0.6:
            yaw = rng.uniform(-math.pi, math.pi)
        else:  # nearly straight, a quarter of them upside down
            yaw = rng.normal(0, 0.3) + math.pi * (rng.random() < 0.25)
        for _ in range(300):  # rejection sampling: footprints (rotated rectangles, 1 mm apart) never overlap
            x, y = rng.uniform(-radius, radius, 2)
            rect = ((float(x), float(y)), (w + 1.0, h + 1.0), math.degrees(yaw))
            if not any(cv2.rotatedRectangleIntersection(rect, other)[0] != cv2.INTERSECT_NONE for other in placed):
                break
            radius *= 1.01
        placed.append(rect)
        face_up = not (extras and rng.random() < 0.15)
        items.append(Item(lying(x, y, size, yaw=yaw, face_up=face_up), tid, shows_back=not face_up))
    return items


def called_melds(items: list[Item], melds: list[tuple[str, list[str]]], size: Size, rng: np.random.Generator,
                 standing_hand: bool) -> list[Item]:
    """Riichi melds laid face up to the right of the hand, as called melds are: ``melds`` are (kind, tile
    ids) pairs. A chi, pon or kan has one tile turned sideways (the one called: from the player on the
    left, across or right); half the open kans are added ones (a pon's sideways tile with the fourth tile
    laid sideways beyond it, away from the player); a closed kan shows its two end tiles face down. A
    standing hand's melds lie in front of its rack; a lying hand's continue its row."""
    w, h, d = size
    hand = np.concatenate([it.box.corners() for it in items if it.tile_id is not None and it.in_hand])
    x = float(hand[:, 0].max()) + w * rng.uniform(0.6, 1.4)
    front = float(np.concatenate([it.box.corners() for it in items])[:, 1].min())  # the rack's front edge too
    y = front - 4.0 - h / 2 if standing_hand else 0.0
    yaw = rng.normal(0, 0.02)
    out = []
    for kind, ids in melds:
        added = ids[3] if kind == "kan" and rng.random() < 0.5 else None  # an added kan: the pon in the row
        row = ids[:3] if added else ids
        turned = None if kind == "ankan" else int(rng.choice([0, 1, len(row) - 1]))
        for i, tid in enumerate(row):
            sideways = i == turned
            width = h if sideways else w
            face_up = not (kind == "ankan" and i in (0, len(row) - 1))
            turn = (math.pi / 2 if rng.random() < 0.5 else -math.pi / 2) if sideways else 0.0
            near = (w - h) / 2 if sideways else 0.0  # near edges in line
            cy = y + near + rng.normal(0, 0.4)
            out.append(Item(lying(x + width / 2, cy, size, yaw=yaw + turn + rng.normal(0, 0.02),
                                  face_up=face_up), tid, shows_back=not face_up))
            if sideways and added:
                out.append(Item(lying(x + width / 2 + rng.normal(0, 0.4), cy + w + rng.uniform(0.0, 0.8), size,
                                      yaw=yaw + turn + rng.normal(0, 0.03)), added))
            x += width + w * rng.uniform(0.0, 0.06)
        x += w * rng.uniform(0.05, 0.3)
    return out


def _extras_for_rows(n: int, size: Size, rng: np.random.Generator, y_front: float, spare: list[str]) -> list[Item]:
    """Behind the hand: a wall of face-down tiles (one or two high) or a discard pond of face-up tiles
    (``spare`` kinds), and further back an opponent's tiles standing with their backs to us."""
    w, h, d = size
    items: list[Item] = []
    pick = rng.random()
    if pick < 0.3:
        count = int(rng.integers(4, 12))
        y = y_front + h * rng.uniform(0.5, 1.5)
        x0 = rng.uniform(-n * w / 2, 0)
        for i in range(count):
            for level in range(int(rng.integers(1, 3))):
                items.append(Item(lying(x0 + i * w, y, (w, h, d), yaw=rng.normal(0, 0.01), face_up=False,
                                        z0=level * d), "", shows_back=True, in_hand=False))
    elif pick < 0.6 and spare:
        items += discards(spare, size, rng, y_front + h * rng.uniform(0.6, 1.2))
    if rng.random() < 0.25:
        count = int(rng.integers(4, 10))
        y = y_front + h * rng.uniform(3.5, 6)
        for i in range(count):
            items.append(Item(standing((i - count / 2) * w * 1.04, y, (w, h, d), facing_camera=False), "",
                              shows_back=True, in_hand=False))
    return items


def discards(spare: list[str], size: Size, rng: np.random.Generator, y0: float) -> list[Item]:
    """A discard pond: up to two rows of six face-up tiles, a little askew."""
    w, h, _ = size
    n = min(len(spare), int(rng.integers(3, 13)))
    items = []
    for i, tid in enumerate(spare[:n]):
        r, c = divmod(i, 6)
        x = (c - 2.5) * w * 1.05 + rng.normal(0, 0.6)
        items.append(Item(lying(x, y0 + r * h * 1.05, size, yaw=rng.normal(0, 0.04)), tid, in_hand=False))
    return items


def table_edge(lo: np.ndarray, hi: np.ndarray, rng: np.random.Generator) -> Item:
    """The raised wooden border of a table (many real photos show one), in front of the hand or beside it."""
    span = float(max(hi[0] - lo[0], hi[1] - lo[1]))
    length, depth, height = span * rng.uniform(3, 5), rng.uniform(40, 90), rng.uniform(15, 35)
    gap = rng.uniform(20, 120)
    r = rng.uniform(120, 220)
    wood = (r * rng.uniform(0.45, 0.65), r * rng.uniform(0.7, 0.85), r)
    side = int(rng.integers(3))
    if side == 0:  # between the photographer and the hand
        return Item(slab(0.0, lo[1] - gap - depth / 2, (length, depth, height)), None, colour=wood)
    x = lo[0] - gap - depth / 2 if side == 1 else hi[0] + gap + depth / 2
    return Item(slab(x, (lo[1] + hi[1]) / 2, (length, depth, height), yaw=math.pi / 2), None, colour=wood)


def place(layout: Layout, ids: list[str], size: Size, rng: np.random.Generator, extras: bool,
          spare: list[str] | None = None) -> list[Item]:
    """The items of a scene in ``layout``; ``spare`` tile kinds may fill a discard pond (extras only)."""
    if layout is Layout.RACK:
        return rack(ids, size, rng, extras, spare=spare)
    if layout is Layout.MELDS:
        if rng.random() < 0.6:
            return rack(ids, size, rng, extras, melds=True, spare=spare)
        return flat(ids, size, rng, extras, True, spare=spare)
    if layout is Layout.FLAT:
        return flat(ids, size, rng, extras, spare=spare)
    if layout is Layout.GRID:
        return grid(ids, size, rng, extras)
    return scattered(ids, size, rng, extras)


def bounds(items: list[Item]) -> tuple[np.ndarray, np.ndarray]:
    """World bounding box (min, max) of the tiles of the hand."""
    pts = np.concatenate([it.box.corners() for it in items if it.tile_id is not None and it.in_hand])
    return pts.min(axis=0), pts.max(axis=0)

