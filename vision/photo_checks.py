"""What about a photo may make its tiles read worse, from its pixels and the boxes read in it: blur, darkness, a
tile at the photo's edge, many tiles read unsurely, a hand that may stand upside down. Plain measures (numpy and
OpenCV only; the orientation model's lean asks the reader's model: ``hand_leans_upside_down``): the photo page says
them (``app.components.photo``), and ``tilelens read`` (``judge``: ``vision.read_cli``). Each threshold was measured on walkthrough W2's
hard versions of 20 held-out real Hong Kong photos and 20 rendered riichi hands (dim, very dim, glare, motion blur,
defocus, JPEG quality 20, turned, cut by the frame, a thumb over a tile, a small hand in a big photo, very close, two
hands): the figures are beside each constant.

>>> at_edge([(0, 10, 40, 70), (300, 10, 340, 70)], (640, 480))
(0,)
>>> many_unsure(5, 14), many_unsure(4, 14), many_unsure(2, 2)
(True, False, False)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

Box = Sequence[float]  # x0, y0, x1, y1 in the photo's pixels

JUDGED_SIDE = 640  # the photo's grey copy that the whole-photo measures look at
# The variance of the Laplacian of that copy below which a photo is blurry (a sharp phone photo of a hand: 380 and up;
# a 3-px blur about 2). It misses motion blur on tiles (half of the Hong Kong photos blurred by a quarter of a tile's
# height score above it: 30-190), and a big photo of a small hand (most of it a plain table) is under it: the tiles'
# own sharpness (``BOX_SHARPNESS``) decides where there are tiles of ``BOX_PX`` or more.
BLUR_VARIANCE = 30.0
# The tiles' faces scaled to this many pixels (the long side of a box) to be judged for sharpness, and the least
# median long side at which they are: smaller tiles are not scaled up (scaling up blurs), and are no measure.
BOX_PX = 32
# Sharpness inside the tiles' faces: the mean squared Laplacian over the mean squared gradient (no matter how bright,
# nor how contrasted: a dim photo scores as a bright one), the median of the tiles'. Measured on W2's photos
# (20 a condition): sharp ones (clean, dim, very dim, glare, JPEG 20, turned, cut, a thumb, close, two hands,
# melds apart; 458 photos) 0.047 and up; motion-blurred 0.01-0.06 (Hong Kong), 0.01-0.05 (rendered); defocused
# 0.02 at most. Below 0.04, with ``BLUR_VARIANCE``: Hong Kong motion and defocus 34 of 38 photos with tiles said
# blurry (28 before), rendered 39 of 40 (as before), sharp ones 1 of 458 (as before: a turned render, by the whole
# photo's variance).
BOX_SHARPNESS = 0.04
# With no tiles found (or only ones too small to judge), a photo is called blurry only where no part of it is sharp:
# the largest variance of the Laplacian over an 8 x 8 grid of the grey copy below this. A big photo of a small sharp
# hand on a plain table: 23-1150 (W2's small hands, 40 photos; the whole photo's variance 7-250 called 31 of them
# blurry); blurred photos with no tile found: 2-5.
REGION_BLUR_VARIANCE = 10.0
GRID = 8
# Dark: the tiles' faces (white) at most this bright: the median over the boxes of each box's 90th percentile of grey;
# with no box, the photo's 99.9th percentile. W2's very dim photos (mean grey about 34 of 255; 15-17% of their tiles
# missed): tiles 51-67, photo 58-72; dim ones (mean about 60; read as well as clean ones) 80 and up, photo 97 and up;
# a big dark photo of a small hand 78.
DARK = 75.0
# A box within this share of the photo's side from its edge is of a tile the frame may cut off (W2: a hand cut at the
# frame: 17 of 20 Hong Kong photos, 15 of 20 rendered; clean photos 3 of 20 Hong Kong ones, whose hands do reach the
# frame (a row cut at the bottom, a tile 5 px from it), 0 of 20 rendered).
EDGE_SHARE = 0.01
# Many tiles unsure: more than this share of a hand's tiles read with low confidence (3 tiles or more): a retake
# reads better than correcting each. W2: motion-blurred 16 of 20 Hong Kong photos, 16 of 20 rendered; defocused 14 and
# 11; clean, dim, glare, JPEG 20, turned, cut, thumb, close, two hands: none; very dim 1 of 40; small tiles 3 of 40.
UNSURE_SHARE = 1 / 3
UNSURE_LEAST = 3
# An orientation vote (``vision.orient.vote``: the mean log odds of "upside down" over a hand's faces, in the frame the
# hand is shown in) of at least this share of the model's threshold: the model leans to upside down, and the hand was
# not turned round (its vote short of the threshold, or the turned reading found fewer tiles:
# ``Recognizer._owner_side``).
# The Hong Kong set's own model (threshold 0.4) on its 119 held-out real photos: shown as taken, 114, vote 0.19 at most
# (none said); turned half round in memory and shown upside down (it turned 57 of 119 back), 58, of which 18 vote 0.2
# or more (said). The shipped model (threshold 1.7) on W2's 20 rendered hands: upright 0.52 at most (none said); turned
# round and shown upside down 3, one said (2.2). A model limit: the Hong Kong set's model tells its tiles' way up
# weakly (W2's 16 hands shown upside down vote -0.7 to 0.35: 5 said), and now and then leans so on an upright hand of a
# hard photo (1 of 220: two hands, 0.22; a hand read turned a quarter, 5 of 24, and a blurred one, 7 of 20 defocused,
# are not asked: the page says nothing of their way up).
LEAN_SHARE = 0.5
LEAN_LEAST_TILES = 5  # ``vision.orient.MIN_TILES``: a hand of fewer faces is never judged
# The spread of each colour (standard deviation over the photo, ``lift``-ed) below which a photo is plain: a blank
# wall, a covered lens (a JPEG of one colour: about 1), where it shows no tile's sides either (``vision.closer.plain``,
# ``lift``-ed too: a hand in a thousandth of a big photo's pixels hardly moves its spread; review RV1: a real Hong Kong
# hand of tiles 22 px tall on a 4032 px photo of its felt, 8.2 at full light, 5.6-5.9 at 50 % to 12 %: it was said
# plain, not dark). With no tile read, its blur and light are not judged (no tile can be in it).
PLAIN_STD = 6.0
# A photo whose white (the 99.9th percentile of its grey copy) is below this is judged for blur (``laplacian_variance``,
# ``sharpest_region``) and plainness (``plain``) as if lit so (``lift``): both shrink with the light (W3: a hand at
# 12-20 % of its brightness spread its colours under ``PLAIN_STD``, "no detail" said of it; at 30 %, sharp, its
# variance of the Laplacian fell under ``BLUR_VARIANCE``, "blurry" said). Half the scale: W2's 620 photos (20 Hong Kong
# and 20 rendered ones a condition) judged as before but 2 very dim rendered ones, tiles read in them, no longer plain;
# 20 rendered hands (``benchmarks/make_synth_hands.py tokyo-mahjong --count 20 --seed 9``: white 180-255, judged as
# before) darkened to 30 %, 20 % and 12 %: sharp, 19 of 60 called blurry before, 4 now (each blurry at full light too:
# its tiles' faces), 27 plain before, none now; blurred by 3 px, every one with tiles read still blurry (14), and none
# of those with no tile read (46) plain. The whole scale (255) called 3 of W2's 17 blurred Hong Kong hands sharp.
LIT_WHITE = 128.0
# A photo is judged at most this many times brighter than it is (a white of 16 grey levels, about 6 % of the light):
# a covered lens's faint noise (a JPEG of grey 3 or 8 with the noise of 0.4 levels a phone leaves) lifted 43 and 16
# times passed for detail (spread 19 and 7.3: "too dark" said, not plain; now 3.5 and 3.7). The darkest hands judged
# (W3's and RV1's, at 12 % of their light: white 21-31) are lifted 4-6.2 times, under it.
LIFT_MOST = 8.0


def grey(image_bgr: np.ndarray, side: int = JUDGED_SIDE) -> np.ndarray:
    """The photo in grey (a grey photo as it is), its longest side at most ``side`` pixels."""
    g = image_bgr if image_bgr.ndim == 2 else cv2.cvtColor(image_bgr[:, :, :3], cv2.COLOR_BGR2GRAY)
    h, w = g.shape[:2]
    scale = side / max(h, w, 1)
    if scale < 1:
        g = cv2.resize(g, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    return g


def lift(image_bgr: np.ndarray) -> float:
    """How many times brighter the photo is judged than it is (``LIT_WHITE`` over its white, the 99.9th percentile of
    its grey copy; ``LIFT_MOST`` at most): 1 for a photo that bright (the normal ones, judged as they are).

    >>> lift(np.full((40, 60, 3), 200, np.uint8)), lift(np.full((40, 60, 3), 32, np.uint8))
    (1.0, 4.0)
    >>> lift(np.full((40, 60, 3), 4, np.uint8))  # a covered lens: its noise is no detail
    8.0
    """
    g = grey(image_bgr)
    return min(LIFT_MOST, max(1.0, LIT_WHITE / max(float(np.percentile(g, 99.9)) if g.size else 0.0, 1.0)))


def laplacian_variance(image_bgr: np.ndarray) -> float:
    """The variance of the Laplacian of the photo's grey copy, ``lift``-ed (a dark photo judged as if lit): low for a
    blurred photo (and for a plain one)."""
    return float(cv2.Laplacian(grey(image_bgr), cv2.CV_64F).var()) * lift(image_bgr) ** 2


def sharpest_region(image_bgr: np.ndarray, cells: int = GRID) -> float:
    """The largest variance of the Laplacian over a ``cells`` x ``cells`` grid of the grey copy, ``lift``-ed: whether
    any part of the photo is sharp (a small hand on a plain table is)."""
    lap = cv2.Laplacian(grey(image_bgr), cv2.CV_64F)
    h, w = lap.shape
    return lift(image_bgr) ** 2 * max(
        (float(lap[i * h // cells:(i + 1) * h // cells, j * w // cells:(j + 1) * w // cells].var())
         for i in range(cells) for j in range(cells) if h >= cells and w >= cells), default=0.0)


def _long_side(boxes: np.ndarray) -> float:
    return float(np.median(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]))) if len(boxes) else 0.0


def box_sharpness(image_bgr: np.ndarray, boxes: Sequence[Box], side: int = BOX_PX, inner: float = 0.15) -> float | None:
    """How sharp the tiles' faces are (``BOX_SHARPNESS``): the photo scaled so that the boxes' median long side is
    ``side`` pixels, and in each box, its middle (``inner`` of each side left out: the tile's rim, the table), the mean
    squared Laplacian over the mean squared gradient; their median. None with no box, or tiles smaller than ``side``
    (scaled up, any tile looks blurred) or faces too small or flat to measure."""
    b = np.asarray(boxes, np.float64).reshape(-1, 4)
    long = _long_side(b)
    if long < side:
        return None
    scale = side / long
    g = grey(image_bgr, max(1, round(max(image_bgr.shape[:2]) * scale))).astype(np.float64)
    scale = g.shape[1] / image_bgr.shape[1]
    lap = cv2.Laplacian(g, cv2.CV_64F)
    gx, gy = cv2.Sobel(g, cv2.CV_64F, 1, 0), cv2.Sobel(g, cv2.CV_64F, 0, 1)
    found = []
    for x0, y0, x1, y1 in b * scale:
        dx, dy = (x1 - x0) * inner, (y1 - y0) * inner
        left, top = max(0, int(x0 + dx)), max(0, int(y0 + dy))
        right, bottom = min(g.shape[1], int(x1 - dx)), min(g.shape[0], int(y1 - dy))
        if right - left < 3 or bottom - top < 3:
            continue
        gradient = float((gx[top:bottom, left:right] ** 2 + gy[top:bottom, left:right] ** 2).mean())
        if gradient < 1.0:  # a flat patch (a white dragon's face, a back): nothing to judge
            continue
        found.append(float((lap[top:bottom, left:right] ** 2).mean()) / gradient)
    return float(np.median(found)) if found else None


def blurry(image_bgr: np.ndarray, boxes: Sequence[Box] = ()) -> bool:
    """Whether the photo looks blurry, judged as if lit (``lift``). Where tiles of ``BOX_PX`` or more were read
    (``boxes``): the whole photo's variance of the Laplacian under ``BLUR_VARIANCE``, or the tiles' faces under
    ``BOX_SHARPNESS``. Else (no tiles, or tiles too small to judge: a small hand in a big photo of a plain table) only
    where no part of the photo is sharp (``REGION_BLUR_VARIANCE``): the table's plainness is no blur; and not where
    no tile was read in a ``dark`` photo: its darkness is the cause said (brightened, a dark photo's JPEG noise may
    pass for detail: of the 46 rendered hands above blurred and darkened, none read, 39 had a part sharp past
    ``REGION_BLUR_VARIANCE``)."""
    sharpness = box_sharpness(image_bgr, boxes)
    if sharpness is None:
        if not len(boxes) and dark(image_bgr):
            return False
        return sharpest_region(image_bgr) < REGION_BLUR_VARIANCE
    return laplacian_variance(image_bgr) < BLUR_VARIANCE or sharpness < BOX_SHARPNESS


def brightness(image_bgr: np.ndarray, boxes: Sequence[Box] = ()) -> float:
    """How bright the photo's white is (``DARK``): the median over the boxes of each one's 90th percentile of grey
    (a tile's face); with no box (or none inside the photo), the photo's 99.9th percentile."""
    g = grey(image_bgr, max(image_bgr.shape[:2]))
    h, w = g.shape
    found = []
    for x0, y0, x1, y1 in np.asarray(boxes, np.float64).reshape(-1, 4):
        patch = g[max(0, int(y0)):min(h, int(np.ceil(y1))), max(0, int(x0)):min(w, int(np.ceil(x1)))]
        if patch.size:
            found.append(float(np.percentile(patch, 90)))
    if found:
        return float(np.median(found))
    return float(np.percentile(grey(image_bgr), 99.9)) if g.size else 0.0


def dark(image_bgr: np.ndarray, boxes: Sequence[Box] = ()) -> bool:
    """Whether the photo is too dark for its tiles to be read reliably (``DARK``)."""
    return brightness(image_bgr, boxes) < DARK


def at_edge(boxes: Sequence[Box], wh: tuple[int, int], share: float = EDGE_SHARE) -> tuple[int, ...]:
    """The places of the boxes that reach within ``share`` of the photo's side (``wh``: its width and height) of its
    edge: tiles the frame may cut off."""
    w, h = wh
    mx, my = share * w, share * h
    return tuple(i for i, (x0, y0, x1, y1) in enumerate(boxes)
                 if x0 <= mx or y0 <= my or x1 >= w - mx or y1 >= h - my)


def many_unsure(unsure: int, tiles: int) -> bool:
    """Whether ``unsure`` of a hand's ``tiles`` read unsurely are many (``UNSURE_SHARE``, of ``UNSURE_LEAST`` tiles or
    more): a photo to take again rather than correct tile by tile."""
    return tiles >= UNSURE_LEAST and unsure > UNSURE_SHARE * tiles


def leans_upside_down(vote: float, faces: int, threshold: float) -> bool:
    """Whether an orientation model's ``vote`` on a hand's ``faces`` as shown leans to upside down: ``LEAN_SHARE`` of
    its ``threshold`` or more (a hand of ``LEAN_LEAST_TILES`` faces or more).

    >>> leans_upside_down(0.25, 14, 0.4), leans_upside_down(0.1, 14, 0.4), leans_upside_down(2.0, 4, 0.4)
    (True, False, False)
    """
    return faces >= LEAN_LEAST_TILES and threshold > 0 and vote >= LEAN_SHARE * threshold


def plain(image_bgr: np.ndarray) -> bool:
    """Whether the photo has next to no detail (``PLAIN_STD``) and no tile's sides (``vision.closer.plain``), both
    judged as if lit (``lift``: a dark photo of a hand is no plain one, nor one of a small hand far off on a plain
    table, however dim): no tile can be in it, and it is no blur that keeps them from being found.

    >>> plain(np.full((40, 60, 3), 128, np.uint8)), plain(np.tile(np.arange(0, 240, 4, dtype=np.uint8), (40, 1)))
    (True, False)
    >>> plain(np.tile(np.arange(0, 24, 0.4).astype(np.uint8), (40, 1)))  # the same, at a tenth of the light
    False
    """
    from vision.closer import plain as no_sides

    return spread(image_bgr) * lift(image_bgr) < PLAIN_STD and no_sides(image_bgr)


_CV_DEPTHS = tuple(np.dtype(t) for t in (np.uint8, np.int8, np.uint16, np.int16, np.int32, np.float32, np.float64))


def spread(image: np.ndarray) -> float:
    """The largest of the photo's channels' standard deviations over all its pixels (``plain``'s measure; a grey
    photo's one). OpenCV's one pass (``cv2.meanStdDev``): 1 ms for a photo read at 1600 px, where numpy's ``std``
    took 200 ms and 20 ms at 640 px, the same figure to 1e-9. Measured on every pixel, not on a shrunk copy:
    shrinking a 1600 px photo alone costs 8 ms, and averages its grain away (``PLAIN_STD`` was measured on every
    pixel).

    >>> spread(np.full((40, 60, 3), 128, np.uint8)), spread(np.tile(np.array([0, 12], np.uint8), (40, 30)))
    (0.0, 6.0)
    """
    channels = image.shape[2] if image.ndim == 3 else 1
    if image.size and image.ndim in (2, 3) and channels <= 4 and image.dtype in _CV_DEPTHS:
        return float(cv2.meanStdDev(np.ascontiguousarray(image))[1].max())
    return float(image.reshape(-1, channels).std(axis=0).max(initial=0))  # what OpenCV does not take


def hand_leans_upside_down(recognizer, image_bgr: np.ndarray, reading) -> bool:
    """Whether the recognizer's orientation model leans to the hand of ``reading`` (a ``vision.HandReading`` of
    ``image_bgr``, in its pixels) standing upside down as it is shown, though it was not turned round
    (``leans_upside_down``). False for a recognizer with no orientation model, and where the model is not asked:
    fewer faces than ``LEAN_LEAST_TILES``, faces a few pixels tall (``vision.SMALL_TILE_PX``: their way up is a guess;
    R3: small Hong Kong hands, tiles ~7 px in the image read, leaned upside down 4 of 20 times), a hand read turned a
    quarter (W2's upright Hong Kong hands so read leaned 5 of 24 times), or faces on their sides
    (``Recognizer._owner_side``)."""
    from vision import SMALL_TILE_PX, level
    from vision.detections import median_height
    from vision.orient import Orientation, vote

    orient = getattr(recognizer, "orient", None)
    faces = np.array([t.xyxy for t in reading.tiles if not getattr(t, "is_back", False)], np.float64).reshape(-1, 4)
    if not isinstance(orient, Orientation) or len(faces) < LEAN_LEAST_TILES or median_height(faces) < SMALL_TILE_PX:
        return False
    upright = getattr(reading, "upright", None)
    quarters = level.quarter_turns(upright)
    if quarters % 2:
        return False
    angle = level.row_of(faces if upright is None else level.to_turned(faces, upright))
    if angle is not None and abs(angle) >= level.SIDEWAYS_DEG:
        return False
    return leans_upside_down(vote(orient.p_upside_down(image_bgr, faces, quarters)), len(faces), orient.threshold)


@dataclass(frozen=True)
class PhotoQuality:
    """What about a photo may make its tiles read worse, judged as the photo page judges it (``judge``).
    ``blurry`` is False where the photo is not ``judged``: ``small_photo``, smaller than ``vision.SMALL_PHOTO_SIDE``,
    or with no tile read ``plain`` or ``dark`` (its cause said instead: ``dark`` is then the cause, the others
    False); ``at_edge``: a face-up box
    within ``EDGE_SHARE`` of the edge; ``upside_down``: the orientation model leans so (``hand_leans_upside_down``),
    the hand not turned as a person chose, nor blurry; ``photo_wh``: the photo's own size, and ``photo_px`` its pixels
    per pixel read (it is read shrunk: ``vision.READ_SIDE``)."""

    blurry: bool = False
    dark: bool = False
    at_edge: bool = False
    upside_down: bool = False
    small_photo: bool = False
    plain: bool = False
    judged: bool = True
    photo_wh: tuple[int, int] = (0, 0)
    photo_px: float = 1.0


def judge(image_bgr: np.ndarray, reading, original_wh: tuple[int, int], recognizer=None,
          chosen: bool = False) -> PhotoQuality:
    """The checks of a photo read (``image_bgr``, as read; ``reading``: its ``vision.HandReading``, boxes in its
    pixels; ``original_wh``: the photo's own size) that the photo page says (``app.views.score_photo.quality_said``):
    blur and darkness judged on the face-up tiles (``blurry``, ``dark``), a box at the edge (``at_edge``), the
    orientation model's lean (``hand_leans_upside_down``; none where ``chosen``: turned as a person chose)."""
    from vision import SMALL_PHOTO_SIDE

    faces = [t.xyxy for t in reading.tiles if not getattr(t, "is_back", False)]
    h, w = image_bgr.shape[:2]
    small, is_plain = 0 < max(original_wh) < SMALL_PHOTO_SIDE, plain(image_bgr)
    # with no tile read, a plain photo is said so, and a dark one too dark: its cause, nothing else judged
    is_dark = not small and not (is_plain and not faces) and dark(image_bgr, faces)
    judged = not small and not (not faces and (is_plain or is_dark))
    is_blurry = blurry(image_bgr, faces)
    # a blurred tile's way up is no more than a guess (W2: 7 of 20 defocused upright hands leaned upside down)
    upside = not chosen and not is_blurry and recognizer is not None and \
        hand_leans_upside_down(recognizer, image_bgr, reading)
    return PhotoQuality(blurry=judged and is_blurry, dark=is_dark,
                        at_edge=bool(at_edge(faces, (w, h))), upside_down=upside, small_photo=small, plain=is_plain,
                        judged=judged, photo_wh=(int(original_wh[0]), int(original_wh[1])),
                        photo_px=max(original_wh) / max(h, w) if max(original_wh) and max(h, w) else 1.0)
