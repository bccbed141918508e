"""A closer look at a big photo that, read shrunk, shows too few tiles: a small hand far off on a big table.

The reader shrinks every photo to ``vision.READ_SIDE`` (1600 px) and the detector then fits it into its input
(544 px): a 4032 x 3024 phone photo of a hand whose tiles are 20 px tall shows them 8 px tall read, and under 3 px to
the detector, which finds none (walkthrough W2: real Hong Kong hands, 44 of 292 tiles found; rendered riichi hands,
0 of 280), where the same pixels cut to 800 x 600 are read at 92-98%. The closer look reads the photo at its own
resolution (at most ``vision.image_io.MAX_SIDE``) in square windows of ``WINDOW_SIDE`` px (tiles 20 px tall stand
14 px tall to the detector, which looks again closer where it finds them small: ``Detector.detect(..., zoom=True)``),
and only in the ``WINDOWS`` busiest of them: a hand's tiles make many strong edges and corners close together, felt
and wood few (``busiest``). Then the tiles found, read again together where they stand small (the part of the photo
around them, ``vision.detector.zoom_region``), make a hand cut by a window's edge whole. At most ``WINDOWS`` windows,
each with one closer look, and one look around what they found: 2 x ``WINDOWS`` + 1 runs of the detector, whatever the
photo's size. ``Recognizer.read`` asks it only of a photo of ``LARGE`` px or more read short of a hand, its tiles
small or none (``Recognizer._read_closer``), and reads the tiles found in the part of the photo round them.
``worth_a_closer_look`` says when a first look is worth it, also where it found a hand's worth of tiny boxes
(``TINY``); a photo with nothing a tile could be (``plain``: blank, a bare table) is not read closer.

W2's small hands (20 photos each, 4032 px, tiles about 20 px; read by the library, whole photo before, with the closer
look after): real Hong Kong hands 44 of 292 tiles found (9 named right) before, 270 (253) after; rendered riichi hands
0 of 280 before, 280 (257) after. A 4032 x 3024 photo takes about 1 s longer to read with a small hand in it or none
(0.8 -> 1.7 s and 0.4 -> 1.5 s, medians of 5 reads on 2 cores shared with other work); one whose tiles were read
large is read as before, in the same time; one with nothing a tile could be (``plain``) is no longer read closer.
"""
from __future__ import annotations

import numpy as np

from vision.detections import Detections
from vision.detector import detect_in_windows, zoom_region

LARGE = 2400  # px, a photo's long side: one this large or more may be read closer (1.5 x vision.READ_SIDE; in a window
# of a smaller one the detector sees tiles too small to find whole hardly larger)
WINDOW_SIDE = 800  # px of the photo's own: on W2's small hands (20 px tiles), 800 found 254 of 292, 1008 found 201
WINDOWS = 4  # the busiest windows read (W2's 40 small hands: the hand lay whole in one of the first 2 picked, but
# for one, 93% of it)
OVERLAP = 0.5  # windows overlap by half: anything up to half a window long lies whole in one of them
APART = 0.25  # a window sharing this share of its area with one already picked adds little: the next is picked
EDGE = 120.0  # a Sobel gradient magnitude at least this strong (a step of about 30 grey levels) is an edge, in the
# photo judged as if lit (``lit_grey``: at a fifth of the light, a white face on grey felt is a step of 23 levels)
CORNER = 1e-3  # a Harris response at least this strong (of grey 0-1, as if lit) is a corner
TINY = 0.005  # of the photo's long side: tiles whose median short side read is under it are read closer, however many
# (8 px of vision.READ_SIDE, 20 px of a 4032 px photo: the detector sees them under 3 px across and the classifier
# names them at random; W2's Hong Kong small hand 17 read so 4.4 px, R3's ordinary 12 MP photo 07 6.5 px (3 and 4 of
# their tiles named right), R3's whole-table shots of 60 px tall tiles 10.7 px and more, read right)
PLAIN_EDGES = 8  # px of the shrunk copy: a photo with fewer edge pixels than this across or down has no tile in it


def lit_grey(small: np.ndarray) -> np.ndarray:
    """The photo ``small`` in grey (float32), as if lit: times ``vision.photo_checks.lift`` (1 for a photo bright
    enough, judged as it is; a dim one's steps and corners as its bright self's, its felt's grain no more: review RV1,
    a real hand far off on felt at 15 % of its light showed no edge at the fixed step, so was not read closer)."""
    import cv2

    from vision.photo_checks import lift

    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small
    grey = grey.astype(np.float32)
    brighter = lift(small)
    return grey * np.float32(brighter) if brighter != 1.0 else grey


def grid_windows(width: int, height: int, side: int = WINDOW_SIDE,
                 overlap: float = OVERLAP) -> list[tuple[int, int, int, int]]:
    """Square windows ``(x0, y0, x1, y1)`` of ``side`` px (the photo's short side where that is less) covering a
    ``width`` x ``height`` photo, each overlapping its neighbours by ``overlap`` of a side.

    >>> grid_windows(1600, 1200)[:4], len(grid_windows(1600, 1200))
    ([(0, 0, 800, 800), (400, 0, 1200, 800), (800, 0, 1600, 800), (0, 400, 800, 1200)], 6)
    >>> grid_windows(500, 300)
    [(0, 0, 300, 300), (100, 0, 400, 300), (200, 0, 500, 300)]
    """
    side = int(min(side, width, height))
    if side < 1:
        return []
    step = side * (1 - overlap)

    def starts(length: int) -> np.ndarray:
        n = int(np.ceil(max(0, length - side) / step)) + 1
        return np.linspace(0, length - side, n).round().astype(int)

    return [(int(x), int(y), int(x) + side, int(y) + side) for y in starts(height) for x in starts(width)]


def busiest(small: np.ndarray, scale: float, windows: list[tuple[int, int, int, int]],
            count: int = WINDOWS) -> list[tuple[int, int, int, int]]:
    """The ``count`` windows of a photo (in its own pixels) where its shrunk copy ``small`` (``scale`` of its own
    pixels) shows most strong edges (``EDGE``) and, in turn, most corners (``CORNER``), as if lit (``lit_grey``):
    where tiles may be. Edges alone favour a long straight edge or a striped cloth, corners alone a speckled one;
    taken in turn, the hand's window was one of the first two picked on each of W2's 40 small hands. A window
    sharing ``APART`` of its area or more with one picked already is passed over: the next picks look elsewhere."""
    import cv2

    if not windows:
        return []
    grey = lit_grey(small)
    gx, gy = cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1)
    edges = cv2.integral((np.hypot(gx, gy) >= EDGE).astype(np.uint8))
    corners = cv2.integral((cv2.cornerHarris(grey / 255.0, 2, 3, 0.04) >= CORNER).astype(np.uint8))
    h, w = grey.shape
    cells = [(min(int(round(x0 * scale)), w), min(int(round(y0 * scale)), h),
              min(int(round(x1 * scale)), w), min(int(round(y1 * scale)), h)) for x0, y0, x1, y1 in windows]

    def counts(ii: np.ndarray) -> np.ndarray:
        return np.array([ii[d, c] - ii[b, c] - ii[d, a] + ii[b, a] for a, b, c, d in cells], np.float64)

    orders = [list(np.argsort(-counts(ii), kind="stable")) for ii in (edges, corners)]
    boxes = np.array(windows, np.float64)
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    picked: list[int] = []

    def apart(i: int) -> bool:
        for j in picked:
            ix = max(0.0, min(boxes[i, 2], boxes[j, 2]) - max(boxes[i, 0], boxes[j, 0]))
            iy = max(0.0, min(boxes[i, 3], boxes[j, 3]) - max(boxes[i, 1], boxes[j, 1]))
            if ix * iy >= APART * area[i]:
                return False
        return True

    places = [0, 0]
    while len(picked) < count and any(p < len(windows) for p in places):
        for k, order in enumerate(orders):
            while places[k] < len(order) and not apart(order[places[k]]):
                places[k] += 1
            if places[k] < len(order) and len(picked) < count:
                picked.append(int(order[places[k]]))
                places[k] += 1
    return [windows[i] for i in picked]


def worth_a_closer_look(tiles: int, tile_px: float, read_side: int, least: int) -> bool:
    """Whether a big photo's first look, which found ``tiles`` tiles of median short side ``tile_px`` in the photo as
    read (its long side ``read_side`` px), is worth a closer look: it found none; or fewer than ``least`` (the game's
    smallest hand; 1 with no game), small (under ``vision.SMALL_TILE_PX``); or tiny (under ``TINY`` of the photo's
    long side), however many: a small hand far off read as a row of specks (W2's Hong Kong small hand 17, twelve of
    its tiles read as white dragons 4 px across, fifteen boxes in all) is read as badly as one of five specks.

    >>> worth_a_closer_look(0, 0.0, 1600, 13), worth_a_closer_look(15, 4.4, 1600, 13)
    (True, True)
    >>> worth_a_closer_look(14, 13.5, 1600, 13), worth_a_closer_look(7, 11.5, 1600, 13)
    (False, True)
    >>> worth_a_closer_look(7, 60.0, 1600, 13)  # large tiles: the detector saw them as well as it will
    False
    """
    from vision import SMALL_TILE_PX

    if tiles <= 0 or tiny(tile_px, read_side):
        return True
    return tiles < max(least, 1) and tile_px < SMALL_TILE_PX


def tiny(tile_px: float, read_side: int) -> bool:
    """Whether tiles of median short side ``tile_px``, in a photo read ``read_side`` px long, are tiny (``TINY``):
    their reading is no measure of the hand, and a closer look that finds as many sure tiles is the better reading.

    >>> tiny(4.4, 1600), tiny(10.7, 1600), tiny(0.0, 1600)
    (True, False, False)
    """
    return 0 < tile_px < TINY * read_side


def plain(small: np.ndarray) -> bool:
    """Whether the photo (``small``: its shrunk copy) holds nothing a tile could be: fewer than ``PLAIN_EDGES`` strong
    edge pixels (``EDGE``, as if lit: ``lit_grey``) across or fewer down. A tile has sides both ways; a blank photo
    has none (what the photo page calls plain, ``vision.photo_checks.plain``), a bare table's felt none and its edge
    one way (W2's small hands: the faintest, rendered riichi hands of tiles 20 px tall, 19 such pixels both ways and
    more; R3's bare tables and blank photos 0; RV1's real hand far off, at 100 % to 12 % of its light, 800 and more).
    Read closer, a 4032 x 3024 photo of either cost 0.7-0.8 s of CPU to read in all, 0.4-0.5 s with the detector's
    looks left out here (the photo is still decoded at its own size first), 0.3 s with none.

    >>> blank = np.full((300, 400, 3), 128, np.uint8)
    >>> table = blank.copy(); table[200:] = 60  # the felt and the table's edge, one way
    >>> hand = table.copy(); hand[100:120, 100:180] = 240  # a row of white faces: sides both ways
    >>> plain(blank), plain(table), plain(hand)
    (True, True, False)
    >>> dim = [(x * 0.2).astype(np.uint8) for x in (blank, table, hand)]  # a fifth of the light: steps of 23 levels
    >>> [plain(x) for x in dim]
    [True, True, False]
    """
    import cv2

    grey = lit_grey(small)
    across = int((np.abs(cv2.Sobel(grey, cv2.CV_32F, 1, 0)) >= EDGE).sum())
    down = int((np.abs(cv2.Sobel(grey, cv2.CV_32F, 0, 1)) >= EDGE).sum())
    return min(across, down) < PLAIN_EDGES


def detect_closer(detector, image: np.ndarray, small: np.ndarray | None = None, count: int = WINDOWS) -> Detections:
    """The boxes ``detector`` finds in the photo ``image`` (its own pixels, large) read closer: in its ``count``
    busiest ``WINDOW_SIDE`` windows (:func:`busiest`, judged on ``small``, a shrunk copy; ``image`` shrunk here when
    not given), each looked at closer where its tiles are small (``zoom=True``), boxes cut by a window's inner edge
    left out and a tile found in two windows kept once; then, where the tiles it is sure of stand small, the part of
    the photo around them read again (``zoom_region``), kept when it finds as many sure tiles or more (a hand a
    window's edge cut, read whole). In ``image``'s pixels. A photo with nothing a tile could be (:func:`plain`) is not
    read: no boxes."""
    import cv2

    h, w = image.shape[:2]
    if small is None:
        s = min(1.0, 1600 / max(h, w))
        small = cv2.resize(image, (max(1, round(w * s)), max(1, round(h * s))), interpolation=cv2.INTER_AREA)
    if plain(small):
        return Detections.empty()
    scale = small.shape[1] / w
    det = detect_in_windows(detector, image, windows=busiest(small, scale, grid_windows(w, h), count))
    conf = getattr(detector, "conf", 0.25)
    sure = det.confidence >= conf
    region = zoom_region(det.xyxy[sure], w, h, detector.imgsz) if sure.any() else None
    if region is not None:
        x0, y0, x1, y1 = region
        again = detector.detect(image[y0:y1, x0:x1]).shifted(x0, y0)
        if (again.confidence >= conf).sum() >= sure.sum():
            det = again
    return det
