"""Faces half hidden: a tile whose lower part a rack's lip (or a tile, a finger) hides shows the classifier part of its
face, which it may name as another kind surely.

On rendered riichi seats at 1280 px with a lip drawn over the lower 30-60% of one to three tiles (150 seats, seed 66),
19 of the 260 tiles so hidden were misread at 0.8 or more, nothing flagged (a blank-looking part read as the white
dragon, a 3s as a 2s, an 8p as a 4p). The detector boxes the part that shows: its box is short of its row's. A face-up
box in a row of ``MIN_ROW`` or more whose height is under ``SHORT`` of the row's median and whose height to width is
under ``SHORT`` of the row's median too (a tile seen nearer the camera is taller and wider alike; a hidden one is
shorter only), no wider than ``WIDE`` of the row's median (a called tile turned sideways is wide and low: it is no
hidden one) is marked for a person to check: its kind confidence held under ``vision.CHECK_BELOW`` (``HIDDEN_KIND``),
``confidence["hidden"]`` the share of the row's height it lacks.

A lip hides a tile's feet, never its top: a hidden face's box keeps its row's top and width. A called tile laid
sideways in a meld lying flat is low too, but its top lies under its row's (its short side stands across the row) and
it is wider than the tiles beside it, sometimes by less than ``WIDE`` (on 70 rendered open riichi hands, seeds
671-672, 8 such tiles, all read right, were flagged: a 4z boxed w 93 h 76 in a row of w 80 h 97). A short box wider
than ``TURNED_WIDE`` of its row's median whose top lies more than ``DROPPED`` of the row's height under the line of
its neighbours' tops is such a tile, not judged: those 8 go, the 3 misreads behind rack lips on those photos are still
caught, and so are as many sure misreads behind drawn lips and on rendered rack seats as before (the hidden faces'
tops lay within 0.06 of the row's height of their neighbours', the sideways tiles' 0.13-0.25 under). The line is of
the tops of its row's tiles, which leave out those that may be laid sideways (two sideways tiles side by side, a pon
called from the right beside a chi, each measured from the other's top, were flagged: a drop of 13 px read as 6.7).

A row is tiles standing side by side. A loose pile's boxes whose tops happen to line up are none: on the 119 real
hk-heldout photos, boxes grouped by their tops alone were 9 tiles flagged, all read right, all in scattered piles of
tiles lying flat or sideways. A row whose boxes are lower than ``FLAT`` of their width, or two of whose boxes lie one
behind the other (overlapping in x by over ``PILE`` of a width), is not judged: 1 of those 9 is flagged, and as many
misreads behind drawn lips and on rendered rack seats are caught as before.

Nor are tiles lying loose beside each other, their tops within ``SAME_ROW`` of each other's but zigzagging (a 5p lying
flat in a scattered hand was flagged). A row's tops run along a line, sloping or curving gently: a face is judged
against the tiles beside it whose tops each lie within ``LINE`` of the row's height of the line of the two before it
(:func:`row_of`), where its own top or bottom lies on that line too. On 261 rendered scenes (training scenes of the
four games, every layout; hands alone in each layout; rack seats behind a drawn lip; 61 scattered hands), the faces
judged against every box in their band were 13 flagged whole (10 of them lying loose) and 48 flagged hidden; judged
in their row, 2 whole (a tile whose body, not face, a tile in front hides; loose tiles lying in line by chance) and
the same 48 hidden. The hk-heldout photos' 1 flag stays. On 40 rendered open riichi hands a 6s at a rack's far end
(62% of it shown, read right) is no longer flagged: it was short of the melds lying in front (boxes 97-103 px high),
not of its row (69-83 px, growing in perspective).
"""
from __future__ import annotations

import numpy as np

from vision import HELD_LOW, held_low

SHORT = 0.85  # of the row's median height, and of its median height to width: under both, a box is short
WIDE = 1.2  # of the row's median width: a box wider is a tile turned sideways (a called one), not a hidden one
MIN_ROW = 4  # face-up boxes a row needs for its median to say what a whole tile's box is
SAME_ROW = 0.5  # of the median height: boxes whose tops lie this close stand in one row (a lip hides feet, not tops)
HIDDEN_KIND = HELD_LOW  # the kind confidence a half-hidden face is held to (under vision.CHECK_BELOW: checked)
FLAT = 0.9  # a row whose median height to width is under this is of tiles lying flat or sideways: no rack's row
PILE = 0.5  # two boxes overlapping in x by more than this of the narrower's width lie one behind the other: a pile
DROPPED = 0.08  # of the row's median height: a short box whose top lies this far under its neighbours' line ...
TURNED_WIDE = 1.05  # ... and wider than this of the row's median width is a tile laid sideways, not a hidden one
LINE = 0.1  # of the median height: a top further off the line of the two tops before it along a row ends the row


def short_of_row(xyxy) -> np.ndarray:
    """The share (0-1) of its row's median height each box (``xyxy``, upright: the hand's rows level) lacks, where it
    is short of its row (under ``SHORT`` of its height, and of its height to width; no wider than ``WIDE`` of its
    width, nor wider than ``TURNED_WIDE`` of it with its top ``DROPPED`` under its neighbours': laid sideways) in a row
    of ``MIN_ROW`` or more; else 0. A row: of the boxes whose tops lie within ``SAME_ROW`` of the median height of
    each other's, standing (their median height to width ``FLAT`` or more) side by side (no two overlapping in x by
    over ``PILE`` of a width), those whose tops run along a line with the box's (:func:`row_of`): else loose tiles,
    not judged.

    >>> row = [[40 * i, 0, 40 * i + 36, 50] for i in range(6)]
    >>> row[3] = [120, 0, 156, 26]  # the fourth's lower half behind a rack's lip
    >>> short_of_row(row).round(2).tolist()
    [0.0, 0.0, 0.0, 0.48, 0.0, 0.0]
    >>> short_of_row([[0, 0, 36, 50], [40, 0, 76, 26]]).tolist()  # too few to tell a row
    [0.0, 0.0]
    >>> short_of_row([[50 * i, 0, 50 * i + 46, 36] for i in range(5)] + [[250, 0, 296, 20]]).tolist()  # lying flat
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    >>> row[1] = [10, 0, 46, 50]  # a tile behind the first: a pile, not a row
    >>> short_of_row(row).tolist()
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    """
    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    out = np.zeros(len(boxes))
    if len(boxes) < MIN_ROW:
        return out
    w, h = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    ok = (w > 0) & (h > 0)
    if not ok.any():
        return out
    near = SAME_ROW * float(np.median(h[ok]))
    overlap = np.minimum(boxes[:, None, 2], boxes[None, :, 2]) - np.maximum(boxes[:, None, 0], boxes[None, :, 0])
    behind = overlap > PILE * np.minimum(w[:, None], w[None, :])  # one box behind another: a pile's
    np.fill_diagonal(behind, False)
    for i in np.flatnonzero(ok):
        row = ok & (np.abs(boxes[:, 1] - boxes[i, 1]) <= near)
        if row.sum() < MIN_ROW or behind[np.ix_(row, row)].any():
            continue
        mh, mw, mr = (float(np.median(v[row])) for v in (h, w, h / np.where(ok, w, 1)))
        if mr < FLAT:
            continue
        if h[i] >= SHORT * h[row].max():  # short of no row in its band (a row's median is never above the band's
            continue  # tallest): its row not followed, the costly part on a photo of many tiles
        turned = (w > TURNED_WIDE * mw) & (h < SHORT * mh)  # wide and low: may be laid sideways
        row = row_of(boxes, row, i, turned, mh)
        if row.sum() < MIN_ROW:
            continue
        mh, mw, mr = (float(np.median(v[row])) for v in (h, w, h / np.where(ok, w, 1)))  # of its own row
        if h[i] < SHORT * mh and h[i] / w[i] < SHORT * mr and w[i] <= WIDE * mw and not (
                w[i] > TURNED_WIDE * mw and top_drop(boxes, row, i) > DROPPED * mh):
            out[i] = 1 - h[i] / mh
    return out


def row_of(xyxy, band, i: int, turned, height: float) -> np.ndarray:
    """The boxes of ``band`` (a mask of ``xyxy``) standing in one row with box ``i``, as a mask; none where ``i``
    stands in no row. Along the row, out from ``i``'s two neighbours, each box whose top lies within ``LINE`` of
    ``height`` of the line of the two before it (a row's tops run along a line, sloping or curving gently; loose
    tiles' zigzag), the boxes that may be laid sideways (``turned``) passed over; and ``i`` itself where its top (a
    lip hides feet) or its bottom (a face read turned round) lies on their line.

    >>> row = [[40 * i, 100 + 5 * i, 40 * i + 36, 150 + 5 * i] for i in range(6)]  # sloping 5 px a tile
    >>> row_of(row, [True] * 6, 2, [False] * 6, 50).nonzero()[0].tolist()
    [0, 1, 2, 3, 4, 5]
    >>> row[4] = [160, 135, 196, 185]  # a loose tile's top, 15 px off: the row ends before it
    >>> row_of(row, [True] * 6, 2, [False] * 6, 50).nonzero()[0].tolist()
    [0, 1, 2, 3]
    """
    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    x = (boxes[:, 0] + boxes[:, 2]) / 2
    out = np.zeros(len(boxes), bool)
    others = np.asarray(band, bool) & ~np.asarray(turned, bool)
    others[i] = False
    seq = np.flatnonzero(others)
    seq = seq[np.argsort(x[seq], kind="stable")]
    if len(seq) < 2:
        return out
    a = min(max(int((x[seq] < x[i]).sum()) - 1, 0), len(seq) - 2)  # seq[a], seq[a + 1]: i's neighbours
    b = a + 1
    near = LINE * height

    def off(j: int, line) -> float:  # how far box j's top lies off the line of the tops of ``line``, two boxes
        return abs(top_drop(boxes, np.isin(np.arange(len(boxes)), [j, *line]), j))

    while a > 0 and off(seq[a - 1], seq[a:a + 2]) <= near:
        a -= 1
    while b < len(seq) - 1 and off(seq[b + 1], seq[b - 1:b + 1]) <= near:
        b += 1
    out[seq[a:b + 1]] = True
    out[i] = True
    upside_down = boxes[:, [0, 3, 2, 1]] * [1, -1, 1, -1]  # bottoms as tops
    if min(abs(top_drop(boxes, out, i)), abs(top_drop(upside_down, out, i))) > near:
        return np.zeros(len(boxes), bool)
    return out


def top_drop(xyxy, row, i: int) -> float:
    """How far (pixels, down) the top of box ``i`` of ``xyxy`` lies under the line of the tops of its row's boxes
    (``row``: a mask of ``xyxy``) beside it: the line between its two neighbours along the row, or on from the two
    nearest at a row's end (a slanted row's tops step down or up tile by tile).

    >>> slanted = [[10 * i, 10 + 2 * i, 10 * i + 8, 20 + 2 * i] for i in range(5)]  # tops 2 px lower each tile
    >>> top_drop(slanted, [True] * 5, 2), top_drop(slanted, [True] * 5, 4)
    (0.0, 0.0)
    >>> slanted[2] = [20, 20, 28, 28]  # laid sideways: its top 6 px under the line of its neighbours'
    >>> top_drop(slanted, [True] * 5, 2)
    6.0
    """
    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    x = (boxes[:, 0] + boxes[:, 2]) / 2
    idx = np.flatnonzero(row)
    idx = idx[np.argsort(x[idx], kind="stable")]
    k = int(np.flatnonzero(idx == i)[0])
    a, b = (idx[k - 1], idx[k + 1]) if 0 < k < len(idx) - 1 else (idx[1], idx[2]) if k == 0 else (idx[-3], idx[-2])
    top = boxes[a, 1] if x[b] == x[a] else boxes[a, 1] + (boxes[b, 1] - boxes[a, 1]) * (x[i] - x[a]) / (x[b] - x[a])
    return float(boxes[i, 1] - top)


def marked(confidence: dict[str, float], share: float) -> dict[str, float]:
    """A face's ``confidence`` (``ReadTile.confidence``) as read from a box ``share`` short of its row's
    (:func:`short_of_row`): where it is (more than 0), its ``kind`` held to ``HIDDEN_KIND`` at most and ``hidden``
    the share; else as it was.

    >>> marked({"detection": 0.9, "kind": 0.97}, 0.4)
    {'detection': 0.9, 'kind': 0.5, 'hidden': 0.4}
    >>> marked({"detection": 0.9, "kind": 0.97}, 0.0)
    {'detection': 0.9, 'kind': 0.97}
    """
    if share <= 0:
        return confidence
    return held_low(confidence, "hidden", share)
