"""A row of tiles photographed at a slant, read level as well.

The classifier reads a tilted tile from the upright box around it, so a row photographed 20-45 degrees
off level gives it faces turned inside their crops, and it misnames more of them (on the seed-48
validation riichi hands, rows 10 degrees or more off level). ``Recognizer.read`` therefore turns such a
photo so that the row lies level (:func:`level_photo`), finds the tiles again in it, and names each tile
from both looks together (:func:`match_boxes` pairs the boxes). The two looks also vote on the boxes
(:func:`agree`): an unsure box the turned photo does not show again goes, and a sure one that only the
turned photo shows comes in. A row standing ``SIDEWAYS_DEG`` or more off level (a hand photographed from
the side of the table, or a photo whose EXIF orientation was lost) is also read whole in the turned
photo, where the tiles stand as the models learnt them, and ``Recognizer`` keeps the surer of the two
readings (``vision.recognizer.surer``). Only photos whose boxes lie along one clear row are turned
(:func:`row_angle`); a spread of tiles has no row to level.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.detections import Detections, box_ios, box_iou

LEVEL_MIN_DEG = 10.0  # rows less tilted than this are read as they are
SIDEWAYS_DEG = 60.0  # rows standing this far off level (a hand photographed sideways) are also read turned whole
MIN_ROW_TILES = 4  # fewer boxes make no row
ROW_ELONGATION = 10.0  # the boxes' centres spread at least this many times more (variance) along the row than across
MATCH_DISTANCE = 0.4  # a box found in the turned photo is the same tile within this share of the tile's short side
LEVEL_SIDE = 1600  # a larger photo is turned shrunk to about this size (as the app reads photos) ...
TILE_CROPS = 1.5  # ... unless its tiles would then be smaller than this many classifier crops
AGREE_CONF = 0.5  # detector confidence under which a box the turned photo does not show again is dropped,
# and at which a box only the turned photo shows is added (after the box check)
NEW_BOX_OVERLAP = 0.3  # such a box is new when its IoU with every kept box is under this, and it lies inside none
ONE_ROW_OFFSET = 0.5  # boxes make one row when no centre lies further off its line than this share of a tile's height


def _centres(xyxy: np.ndarray) -> np.ndarray:
    """The centres ``(n, 2)`` of boxes ``xyxy`` ``(n, 4)``."""
    return (xyxy[:, :2] + xyxy[:, 2:]) / 2


def _turned_back(points: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Points ``(..., 2)`` of the turned photo (``matrix``: :func:`level_photo`'s) in the original's pixels."""
    back = cv2.invertAffineTransform(np.asarray(matrix, np.float64))
    return points @ back[:, :2].T + back[:, 2]


def row_angle(xyxy: np.ndarray) -> float:
    """The angle in degrees, in (-90, 90], of the row the boxes' centres lie along (image axes, y down: a
    row rising to the right is negative); 0.0 when there are too few boxes or they make no clear row.

    >>> row_angle(np.array([[i * 10, -i * 10, i * 10 + 8, -i * 10 + 12] for i in range(5)], float))
    -45.0
    >>> row_angle(np.array([[0, 0, 8, 12], [30, 0, 38, 12], [0, 30, 8, 42], [30, 30, 38, 42]], float))
    0.0
    """
    angle = row_of(xyxy)
    return 0.0 if angle is None else angle


def row_of(xyxy: np.ndarray) -> float | None:
    """:func:`row_angle`, but None when there are too few boxes or they make no clear row (a spread of
    tiles, a grid), so that a level row (0.0) can be told from none.

    >>> row_of(np.array([[i * 20, 0, i * 20 + 8, 12] for i in range(5)], float))
    0.0
    >>> row_of(np.array([[0, 0, 8, 12], [30, 0, 38, 12], [0, 30, 8, 42], [30, 30, 38, 42]], float)) is None
    True
    """
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    if len(xyxy) < MIN_ROW_TILES:
        return None
    centres = _centres(xyxy)
    centres -= centres.mean(0)
    spread, axes = np.linalg.eigh(centres.T @ centres)  # ascending
    if spread[1] < ROW_ELONGATION * max(spread[0], 1e-9):
        return None
    angle = math.degrees(math.atan2(axes[1, 1], axes[0, 1]))
    if angle > 90:
        angle -= 180
    elif angle <= -90:
        angle += 180
    return round(angle, 6) + 0.0  # + 0.0: never -0.0


def along_one_row(xyxy: np.ndarray) -> np.ndarray | None:
    """Indices of the boxes along the one row they make, from its left end (at any slant), or None when
    they make no single row (:func:`row_angle`, and no centre further off the row's line than
    ``ONE_ROW_OFFSET`` of the median box height).

    >>> along_one_row(np.array([[40, 0, 50, 14], [0, 40, 10, 54], [20, 20, 30, 34], [60, -20, 70, -6]], float)).tolist()
    [1, 2, 0, 3]
    """
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    angle = row_angle(xyxy)
    if angle == 0.0:  # level or no row: either way, no slant to follow
        return None
    centres = _centres(xyxy)
    middle = centres.mean(0)
    if _off_line(centres, middle, angle).max() > ONE_ROW_OFFSET * float(np.median(xyxy[:, 3] - xyxy[:, 1])):
        return None
    t = math.radians(angle)
    return np.argsort((centres - middle) @ np.array([math.cos(t), math.sin(t)]), kind="stable")


def _off_line(points: np.ndarray, through: np.ndarray, angle: float) -> np.ndarray:
    """How far each of ``points`` lies from the line through ``through`` at ``angle`` degrees (image axes)."""
    t = math.radians(angle)
    return np.abs((points - through) @ np.array([-math.sin(t), math.cos(t)]))


def level_scale(photo_side: int, tile_side: float, crop_size: int) -> float:
    """How much to shrink a photo whose longest side is ``photo_side`` while turning it: down to
    ``LEVEL_SIDE``, but never so far that its tiles (short side ``tile_side``) fall under ``TILE_CROPS``
    classifier crops of ``crop_size``; never enlarged. Turning a 4000 px photo whole costs more than the
    detector and the classifier together.

    >>> level_scale(640, 40, 64), level_scale(4000, 250, 64), level_scale(4000, 100, 64)
    (1.0, 0.4, 0.96)
    """
    return float(min(1.0, max(LEVEL_SIDE / photo_side, TILE_CROPS * crop_size / max(tile_side, 1.0))))


def level_photo(image: np.ndarray, angle: float, scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """``image`` turned by ``angle`` degrees (:func:`row_angle`'s) so that the row lies level and scaled
    by ``scale``, on a canvas large enough to keep every pixel (edges replicated), and the 2 x 3 matrix
    taking original pixels to it."""
    h0, w0 = image.shape[:2]
    shrink = np.array([[1.0, 0, 0], [0, 1.0, 0]])
    if scale < 1:  # shrunk by area first (cv2.warpAffine samples, it never averages), then turned
        sw, sh = max(1, round(w0 * scale)), max(1, round(h0 * scale))
        image = cv2.resize(image, (sw, sh), interpolation=cv2.INTER_AREA)
        sx, sy = sw / w0, sh / h0
        shrink = np.array([[sx, 0, 0.5 * sx - 0.5], [0, sy, 0.5 * sy - 0.5]])  # cv2.resize's pixel centres
    h, w = image.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    cos, sin = abs(m[0, 0]), abs(m[0, 1])
    nw, nh = int(math.ceil(w * cos + h * sin)), int(math.ceil(w * sin + h * cos))
    m[0, 2] += nw / 2 - w / 2
    m[1, 2] += nh / 2 - h / 2
    turned = cv2.warpAffine(image, m, (nw, nh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return turned, then(shrink, m)


@dataclass(frozen=True)
class Turned:
    """A photo turned to level its row (:func:`level_photo`): the turned ``image``, the ``matrix`` taking
    the original's pixels to it, and the boxes the detector ``found`` in it (turned pixels)."""

    image: np.ndarray
    matrix: np.ndarray
    found: Detections

    def boxes_for(self, faces_xyxy: np.ndarray) -> np.ndarray:
        """Each face box of the original photo's box in the turned one (:func:`match_boxes`), a row of NaN
        where it has none: the ``also`` boxes of ``Classifier.classify``."""
        faces_xyxy = np.asarray(faces_xyxy, np.float64).reshape(-1, 4)
        found = self.found.xyxy[self.found.class_id == 0]
        pick = match_boxes(faces_xyxy, found, self.matrix)
        out = np.full((len(faces_xyxy), 4), np.nan)
        out[pick >= 0] = found[pick[pick >= 0]]
        return out


def to_original(turned_xyxy: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Boxes of the turned photo (``matrix``: :func:`level_photo`'s) as upright boxes of the original one:
    the bounds of their corners turned back."""
    return to_turned(turned_xyxy, cv2.invertAffineTransform(np.asarray(matrix, np.float64)))


def to_turned(xyxy: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Boxes of a photo as upright boxes of the photo turned by ``matrix`` (2 x 3, its pixels to the
    turned one's): the bounds of their corners turned.

    >>> to_turned(np.array([[10, 0, 30, 40]], float), np.array([[0, -1.0, 50], [1.0, 0, 0]])).tolist()
    [[10.0, 10.0, 50.0, 30.0]]
    """
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    m = np.asarray(matrix, np.float64)
    pts = xyxy[:, [[0, 1], [2, 1], [0, 3], [2, 3]]] @ m[:, :2].T + m[:, 2]  # (n, 4 corners, xy)
    return np.concatenate([pts.min(1), pts.max(1)], 1)


def turn_quarters(image: np.ndarray, quarters: int) -> tuple[np.ndarray, np.ndarray]:
    """``image`` turned ``quarters`` quarter turns anticlockwise (``cv2.rotate``; 2: half round, 3: a
    quarter clockwise), and the 2 x 3 matrix taking its pixels to the turned one's.

    >>> turned, m = turn_quarters(np.zeros((50, 100, 3), np.uint8), 3)
    >>> turned.shape, to_turned(np.array([[10, 0, 30, 40]], float), m).tolist()
    ((100, 50, 3), [[10.0, 10.0, 50.0, 30.0]])
    >>> to_turned(np.array([[10, 0, 30, 40]], float), turn_quarters(np.zeros((50, 100, 3), np.uint8), 2)[1]).tolist()
    [[70.0, 10.0, 90.0, 50.0]]
    """
    h, w = image.shape[:2]
    quarters %= 4
    if quarters == 0:
        return image, np.array([[1.0, 0, 0], [0, 1.0, 0]])
    code, matrix = {1: (cv2.ROTATE_90_COUNTERCLOCKWISE, [[0, 1.0, 0], [-1.0, 0, w]]),  # (x, y) -> (y, w - x)
                    2: (cv2.ROTATE_180, [[-1.0, 0, w], [0, -1.0, h]]),
                    3: (cv2.ROTATE_90_CLOCKWISE, [[0, -1.0, h], [1.0, 0, 0]])}[quarters]  # (x, y) -> (h - y, x)
    return cv2.rotate(image, code), np.array(matrix)


def quarter_turns(upright: np.ndarray | None) -> int:
    """How many quarter turns anticlockwise (0-3) are nearest the turn of ``upright`` (a 2 x 3 matrix, a
    ``vision.HandReading.upright``); 0 for None.

    >>> quarter_turns(None), quarter_turns(np.array([[-1.0, 0, 640], [0, -1.0, 480]]))
    (0, 2)
    >>> quarter_turns(np.array([[0.26, 0.97, 0], [-0.97, 0.26, 640]]))  # 75 degrees anticlockwise
    1
    """
    if upright is None:
        return 0
    m = np.asarray(upright, np.float64)
    return int(round(math.degrees(math.atan2(m[0, 1], m[0, 0])) / 90.0)) % 4


def turned_round(image: np.ndarray, upright: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """``image`` seen from the other side of the frame ``upright`` (a 2 x 3 matrix from its pixels to a
    turned photo's, as :func:`level_photo` and :func:`turn_quarters` give; None: the photo as taken): the
    photo turned so that what stood upside down in that frame stands upright, and the matrix from the
    photo's pixels to it. A shrink in ``upright`` is kept (area-averaged, as :func:`level_photo` does).

    >>> turned, m = turned_round(np.zeros((50, 100, 3), np.uint8), None)
    >>> turned.shape, m.tolist()
    ((50, 100, 3), [[-1.0, 0.0, 100.0], [0.0, -1.0, 50.0]])
    >>> turned, m = turned_round(np.zeros((50, 100, 3), np.uint8), turn_quarters(np.zeros((50, 100, 3)), 1)[1])
    >>> turned.shape, quarter_turns(m)
    ((100, 50, 3), 3)
    """
    if upright is None:
        return turn_quarters(image, 2)
    m = np.asarray(upright, np.float64)
    angle, scale = math.degrees(math.atan2(m[0, 1], m[0, 0])), math.hypot(m[0, 0], m[0, 1])
    if abs(scale - 1.0) < 1e-6 and abs(angle / 90.0 - round(angle / 90.0)) < 1e-6:
        return turn_quarters(image, quarter_turns(m) + 2)
    return level_photo(image, angle + 180.0, min(1.0, scale))


def then(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The 2 x 3 matrix that turns by ``first`` and then by ``second``.

    >>> quarter = np.array([[0, -1.0, 50], [1.0, 0, 0]])
    >>> then(quarter, quarter).tolist()
    [[-1.0, 0.0, 50.0], [0.0, -1.0, 50.0]]
    """
    first, second = np.asarray(first, np.float64), np.asarray(second, np.float64)
    return np.concatenate([second[:, :2] @ first[:, :2], (second[:, :2] @ first[:, 2] + second[:, 2])[:, None]], 1)


def agree(xyxy: np.ndarray, confidence: np.ndarray, turned_xyxy: np.ndarray, turned_confidence: np.ndarray,
          matrix: np.ndarray, image_wh: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """What the turned photo's boxes say of the original's: which of the boxes ``xyxy`` to keep (all but
    those under ``AGREE_CONF`` it does not show again), and which of its own boxes are tiles the first
    look missed (at ``AGREE_CONF`` or more, their centre inside the photo, overlapping no kept box).
    Both as bool masks; the new ones still want the box check.

    >>> m = np.array([[1.0, 0, 0], [0, 1.0, 0]])  # not turned at all, to keep it readable
    >>> first = np.array([[0, 0, 10, 10], [20, 0, 30, 10], [40, 0, 50, 10]], float)
    >>> turned = np.array([[0, 0, 10, 10], [60, 0, 70, 10], [80, 0, 90, 10], [200, 0, 210, 10]], float)
    >>> keep, new = agree(first, np.array([0.3, 0.3, 0.9]), turned, np.array([0.9, 0.8, 0.4, 0.9]), m, (100, 50))
    >>> keep.tolist(), new.tolist()
    ([True, False, True], [False, True, False, False])
    """
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    turned_xyxy = np.asarray(turned_xyxy, np.float64).reshape(-1, 4)
    pick = match_boxes(xyxy, turned_xyxy, matrix)
    keep = (pick >= 0) | (np.asarray(confidence) >= AGREE_CONF)
    back = to_original(turned_xyxy, matrix)
    centre = _centres(back)
    new = (np.asarray(turned_confidence) >= AGREE_CONF) & np.all((centre > 0) & (centre < image_wh), 1)
    new[pick[pick >= 0]] = False
    if keep.any() and len(back):
        kept = xyxy[keep]
        new &= (box_iou(back, kept).max(1) < NEW_BOX_OVERLAP) & (box_ios(back, kept).max(1) < 1 - NEW_BOX_OVERLAP)
    return keep, new


def match_boxes(xyxy: np.ndarray, turned_xyxy: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """For each box of the original photo, the index of the box found in the turned photo (``matrix``:
    :func:`level_photo`'s) whose centre falls on its own within ``MATCH_DISTANCE`` of its short side, else
    -1; no turned box is given to two boxes (the nearer pair wins)."""
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    turned_xyxy = np.asarray(turned_xyxy, np.float64).reshape(-1, 4)
    out = np.full(len(xyxy), -1, np.int64)
    if len(xyxy) == 0 or len(turned_xyxy) == 0:
        return out
    tc = _turned_back(_centres(turned_xyxy), matrix)
    oc = _centres(xyxy)
    dist = np.hypot(*(oc[:, None, :] - tc[None, :, :]).transpose(2, 0, 1))
    reach = MATCH_DISTANCE * np.minimum(xyxy[:, 2] - xyxy[:, 0], xyxy[:, 3] - xyxy[:, 1])
    taken: set[int] = set()
    for i, j in zip(*np.unravel_index(np.argsort(dist, axis=None), dist.shape)):
        if dist[i, j] > reach[i] or out[i] >= 0 or int(j) in taken:
            continue
        out[i] = j
        taken.add(int(j))
    return out


EXTRA_CONF = 0.8  # a box off the row is taken for a card or scrap beside a hand only under this detector confidence
EXTRA_OFFSET = 0.4  # ... and with its centre further off the row's line than this share of the tiles' short side
ROW_OFFSET = 0.55  # the other boxes make one row when none lies further off its line than this share
MAX_EXTRAS = 2  # at most this many such boxes beside one hand
TILE_SHAPE = 3.0  # boxes whose median long side is more than this many short sides are no tiles' shape


def extras_beside_row(xyxy: np.ndarray, confidence: np.ndarray, largest_hand: int) -> np.ndarray:
    """Which boxes to drop as no tiles of a hand: a card or paper scrap lying against a rack, boxed just off
    the row. Only where the boxes are more than ``largest_hand`` (the game's largest hand, kans aside), so
    that the photo holds more than a hand; where at most ``MAX_EXTRAS`` unsure boxes (under ``EXTRA_CONF``)
    lie off the line of the others (``EXTRA_OFFSET``), and no more of them than the boxes past a hand; and
    where the others make one clear row (none off its line by ``ROW_OFFSET``). A photo of a hand with the
    table's tiles behind it, a scene, a grid or a wall makes no such row: nothing is dropped there. Shares
    are of the boxes' median short side; boxes not of a tile's shape (a labelling tool's squashed shot)
    measure no row, and nothing is dropped either.

    >>> row = [[i * 20, 0, i * 20 + 18, 24] for i in range(9)]
    >>> card = [60, 24, 78, 46]
    >>> extras_beside_row(np.array(row + [card], float), np.array([0.9] * 9 + [0.6]), 9).tolist()[-1]
    True
    >>> bool(extras_beside_row(np.array(row + [card], float), np.array([0.9] * 9 + [0.6]), 10).any())  # a hand
    False
    >>> bool(extras_beside_row(np.array(row + [card], float), np.array([0.9] * 10), 9).any())  # a sure box
    False
    """
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    confidence = np.asarray(confidence, np.float64).reshape(-1)
    drop = np.zeros(len(xyxy), bool)
    excess = len(xyxy) - largest_hand
    if largest_hand <= 0 or excess <= 0:
        return drop
    sides = np.sort(np.stack([xyxy[:, 2] - xyxy[:, 0], xyxy[:, 3] - xyxy[:, 1]], 1), 1)
    short = float(np.median(sides[:, 0]))
    if short <= 0 or float(np.median(sides[:, 1])) > TILE_SHAPE * short:
        return drop
    sure = confidence >= EXTRA_CONF
    angle = row_of(xyxy[sure])  # None for fewer than MIN_ROW_TILES sure boxes or no clear row of them
    if angle is None:
        return drop
    centres = _centres(xyxy)
    off = _off_line(centres, centres[sure].mean(0), angle) / short
    extra = ~sure & (off > EXTRA_OFFSET)
    if not 0 < extra.sum() <= min(MAX_EXTRAS, excess) or off[~extra].max() > ROW_OFFSET:
        return drop
    return extra
