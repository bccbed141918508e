"""Near copies: two seats' photos that are one photo, not byte for byte (resized, recompressed, cropped a little,
turned round, sent through a messaging app), put at two seats or at two tables: one hand never photographed. Byte
copies are ``layout``'s (``_same_content``, ``same_photos_across``); these are found once the photos are read, by two
cheap signals:

- the reading, at one table (always): two seats read the same tiles (at least ``MIN_TILES`` face up) in the same
  order, each box's centre in the same place of its photo (within ``PLACE_NEAR`` of its width and height).
- the look (``CheckOptions.near_copies``, ``tilelens check --near-copies``), at one table and between tables: a
  difference hash of each tile read, taken from the photo already decoded for reading (the box less 15% at each
  side, averaged down to 9 x 8 grey cells: 64 bits, each whether a cell is brighter than the one on its left). Two
  photos that read the same tiles in the same order (but for one at most: a misread), whose tiles' looks differ by
  ``TILE_NEAR`` bits or fewer on average, are one photo, wherever the tiles lie in them.

Measured on rendered hands (``vision.synth.render_hand`` at 960 px, read by the committed models: nogizaka flat
and rack, cinderella-neo rack, tokyo-mahjong flat, 5-10 photos each, by a throw-away script of session 48):
copies resized to half, JPEG quality 40, shrunk to 70% at quality 70 (a messaging app), 3% cut off each side, 6%
off one side, or brightened, lay 0.9-9.7 bits a tile apart (median 2-7), and read as the same tiles; a phone's
screenshot showing the photo 3.5-16.2 (so not always found). The same hand photographed again (another cloth,
camera and light, one face style: an event that deals every table the same hands) 23.1-33.6, though it reads the
same tiles in much the same places: so between tables the reading alone is no signal. Different hands of as many
tiles rendered on one cloth under one camera and light (one seed, nothing but the faces differ) came 9.6-23.8 bits
a tile apart, as near as a copy at the tail: the look alone cannot tell them, their readings do. A look of the
whole hand at once (one hash of the box round the tiles) could not tell those apart at all (7-28 of 128 bits,
copies 0-39).
A photo of fewer than ``MIN_TILES`` tiles face up (a wall, face down), or whose tiles are flat colour (a drawing,
no photo: every cell alike), has no look.

A copy turned round (session 60): each tile's look is taken stood up (the tiles of a photo whose boxes lie on their
sides turned a quarter anticlockwise first), and two looks are compared as they lie and turned half round (each
cell's "brighter than its left" is, turned, "darker than its right": the bits reversed and negated), in the order
read and backwards (the reader may read a turned photo from its other end). Measured as above (nogizaka flat and
rack, cinderella-neo rack at 960 px, read by the committed models): copies turned half round 0.6-7.3 bits a tile
apart (JPEG 92, and through a messaging app), so found; turned a quarter either way 8.6-29.8, found only where the
reader's boxes of the turned photo fit the tiles as its boxes of the photo do (with the same boxes: 0.0): not always.
Different hands on one cloth turned half round or read backwards came 22-38 bits apart (as they lie 8-19): the turns
bring no two hands nearer. A mirrored copy is not looked for: the reader reads it backwards, its looks 4.5-12.2
apart mirrored on nogizaka but 31.4 on a cinderella-neo hand, and a mirrored face is no tile.

Two readings one tile apart (2026-12-07): two hands one tile apart rendered on one cloth under one camera and light
(one seed and face style) came 1.0-5.6 bits a tile apart, so were called one photo and a seat left out of the deal.
Their tile apart is 4-37 bits from the other (nogizaka 5-37, cinderella-neo 4-17), the other tiles 0-12 (median
0-2), and each was read sure (the other's kind among its next best at 0.006 or less). The copies whose reader misread
a tile (shrunk to a quarter at JPEG 50: 8-20 bits each tile) had that tile 11-20 bits apart, like their other tiles,
and the misread one lists the other's kind at 0.08-0.34 (``CONFUSED``). So a tile read apart is a misread only where
the reader was unsure between the two kinds and its own look is near as well (``_misread_near``); a copy so misread
says which seat's tiles are not counted (``near_copies_within``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from tilelens.event.model import (ACROSS_LISTED, Finding, FindingKind, SeatReading, TileRef, report_from_dict,
                                  seat_at_table, table_order, tables_in_short, tables_seat, where, where_ja)

TILE_W, TILE_H = 8, 8  # bits of a tile's look: 64
TILE_NEAR = 12.0  # bits a tile, on average: copies measured 0.9-9.7 (a screenshot up to 16.2), another photo of
# the same hand 23.1 or more
INNER = 0.15  # the part of each side of a tile's box left out of its look (the tile's body, the cloth)
FLAT = 2.0  # grey levels: tiles whose cells vary less than this are flat colour, no photo
MIN_TILES = 4
PLACE_NEAR = 0.03
# A tile read as two kinds in two photos is a misread of one photo only where the reader was unsure between them: one
# reading lists the other's kind among its next best at this or likelier (misreads of copies measured 0.08-0.34; two
# tiles read as two kinds, each sure, 0.006 or less)
CONFUSED = 0.05
_GREY = np.array([0.114, 0.587, 0.299])  # BGR


def photo_look(image: np.ndarray, reading: SeatReading) -> str:
    """The look of a photo read (``image``, BGR or grey, as read): the hex of each tile's ``TILE_W * TILE_H`` bits,
    in the reading's order; "" for a photo of fewer than ``MIN_TILES`` tiles face up, or of flat colour. The tiles of
    a photo whose boxes lie on their sides (``_sideways``) are stood up, a quarter turn anticlockwise, first: a copy
    turned a quarter either way then looks as the photo does, or turned half round (``looks_alike``)."""
    import cv2

    if len(reading.faces) < MIN_TILES:
        return ""
    h, w = image.shape[:2]
    looks, spread = [], []
    sideways = _sideways(reading)
    for t in reading.tiles:
        x1, y1, x2, y2 = t.xyxy
        mx, my = (x2 - x1) * INNER, (y2 - y1) * INNER
        left, top = max(0, int(x1 + mx)), max(0, int(y1 + my))
        right, bottom = min(w, int(np.ceil(x2 - mx))), min(h, int(np.ceil(y2 - my)))
        if right - left < 2 or bottom - top < 2:
            return ""  # a box (nearly) outside the photo: no look
        crop = image[top:bottom, left:right]
        crop = np.rot90(crop) if sideways else crop  # stood up: a copy turned a quarter either way looks alike
        cells = cv2.resize(np.ascontiguousarray(crop), (TILE_W + 1, TILE_H), interpolation=cv2.INTER_AREA)
        cells = cells.astype(float)
        if cells.ndim == 3:
            cells = cells[..., :3] @ _GREY if cells.shape[2] >= 3 else cells[..., 0]
        spread.append(float(cells.std()))
        looks.append(np.packbits(cells[:, 1:] > cells[:, :-1]).tobytes().hex())
    return "".join(looks) if float(np.mean(spread)) >= FLAT else ""


def look_distance(a: str, b: str) -> float | None:
    """How many bits two looks differ in, a tile on average; None where either photo has none, or their tiles are
    not as many."""
    if not a or not b or len(a) != len(b):
        return None
    return (int(a, 16) ^ int(b, 16)).bit_count() / (len(a) // (TILE_W * TILE_H // 4))


def _sideways(reading: SeatReading) -> bool:
    """Whether the tiles of ``reading`` lie on their sides in its photo: its boxes, taken together (the middle of
    their widths and of their heights), wider than tall. A tile stands taller than wide, and one box squarish from
    its slant does not turn the photo's tiles one by one."""
    boxes = np.array([t.xyxy for t in reading.tiles], float).reshape(-1, 4)
    wide, tall = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    return bool(len(boxes)) and float(np.median(wide)) > float(np.median(tall))


def _bits(look: str) -> np.ndarray:
    """A look as bits, ``(tiles, TILE_H, TILE_W)``."""
    per_tile = TILE_W * TILE_H // 4
    raw = np.frombuffer(bytes.fromhex(look), np.uint8).reshape(len(look) // per_tile, -1)
    return np.unpackbits(raw, axis=1).reshape(-1, TILE_H, TILE_W).astype(bool)


def _half_turned(bits: np.ndarray) -> np.ndarray:
    """The bits of tiles turned half round, from theirs: each cell brighter than the one on its left is, turned,
    darker than the one on its right (cells alike, a bit or two, aside)."""
    return ~bits[:, ::-1, ::-1]


def turned_distance(a: SeatReading, b: SeatReading) -> tuple[float, bool] | None:
    """How many bits the looks of ``a`` and ``b`` differ in, a tile on average, the nearest of ``b``'s tiles as read
    and turned half round (a photo turned a quarter either way looks so, its tiles stood up: ``photo_look``), in the
    order read and backwards (a turned photo may be read from its other end), each order only where the tiles read
    in it are the same but for one at most (a misread); and whether it is nearest turned (or one photo's tiles lie
    on their sides and the other's stand). None where either has no look, their tiles are not as many, or no order
    reads alike."""
    if look_distance(a.look, b.look) is None:
        return None
    kinds = [(t.kind, t.is_back) for t in a.tiles]
    orders = [backwards for backwards in (False, True)
              if sum(k != (t.kind, t.is_back) for k, t in zip(kinds, b.tiles[::-1] if backwards else b.tiles)) <= 1]
    if not orders:  # most pairs of an event: other tiles (no bits unpacked)
        return None
    mine, theirs = _bits(a.look), _bits(b.look)
    quarter = _sideways(a) != _sideways(b)  # one photo's tiles stood up, the other's not: a quarter turn apart
    best: tuple[float, bool] | None = None
    for backwards in orders:
        bits, tiles = (theirs[::-1], b.tiles[::-1]) if backwards else (theirs, b.tiles)
        apart = [i for i, (s, t) in enumerate(zip(a.tiles, tiles)) if (s.kind, s.is_back) != (t.kind, t.is_back)]
        if apart and not _confused(a.tiles[apart[0]], tiles[apart[0]]):
            continue  # each read sure of its kind: two tiles, not a misread
        for half in (False, True):
            per_tile = (mine != (_half_turned(bits) if half else bits)).reshape(len(mine), -1).sum(axis=1)
            if apart and not _misread_near(per_tile, apart[0]):
                continue  # the tile read apart looks apart too: another tile there, not a misread of one photo
            d = float(per_tile.sum()) / len(mine)
            if best is None or d < best[0]:
                best = (d, backwards or half or quarter)
    return best


def _confused(s: TileRef, t: TileRef) -> bool:
    """Whether the reader was unsure between the kinds ``s`` and ``t`` were read as (a misread): either lists the
    other's kind among its next best at ``CONFUSED`` or likelier. A reading of no next best (an older report) never
    is: two readings one tile apart are then two hands."""
    return any(k == other.kind and p >= CONFUSED for one, other in ((s, t), (t, s)) for k, p in one.alternatives)


def _misread_near(per_tile: np.ndarray, at: int) -> bool:
    """Whether the tile ``at``, read as two kinds, looks as near as one photo's (``per_tile``: bits apart, each tile):
    ``TILE_NEAR`` or fewer, or no more than twice the other tiles' median (a copy shrunk to a quarter: 8-20 bits each,
    its misread tile 19). Another tile at that place of one cloth is 15-37 bits from it, the other tiles 0-6."""
    rest = np.delete(per_tile, at)
    return float(per_tile[at]) <= max(TILE_NEAR, 2 * float(np.median(rest)) if len(rest) else 0.0)


def same_reading(a: SeatReading, b: SeatReading) -> bool:
    """The same tiles (``MIN_TILES`` or more face up) in the same order, each in the same place of its photo."""
    if len(a.tiles) != len(b.tiles) or len(a.faces) < MIN_TILES or 0 in (*a.image_wh, *b.image_wh):
        return False
    if [(t.kind, t.is_back) for t in a.tiles] != [(t.kind, t.is_back) for t in b.tiles]:
        return False
    (wa, ha), (wb, hb) = a.image_wh, b.image_wh
    for s, t in zip(a.tiles, b.tiles):
        if abs((s.xyxy[0] + s.xyxy[2]) / 2 / wa - (t.xyxy[0] + t.xyxy[2]) / 2 / wb) > PLACE_NEAR or \
                abs((s.xyxy[1] + s.xyxy[3]) / 2 / ha - (t.xyxy[1] + t.xyxy[3]) / 2 / hb) > PLACE_NEAR:
            return False
    return True


def looks_alike(a: SeatReading, b: SeatReading) -> float | None:
    """How many bits the looks of ``a`` and ``b`` differ in, a tile on average, where they are one photo by their
    looks: ``TILE_NEAR`` or fewer, and the same tiles read in the same order (or, ``b`` turned, backwards) but for
    one at most (a misread); else None. (Different hands on one cloth under one camera and light may come as near
    tile by tile.)"""
    found = look_match(a, b)
    return None if found is None else found[0]


def look_match(a: SeatReading, b: SeatReading) -> tuple[float, bool] | None:
    """``looks_alike``'s bits apart, and whether ``b`` is ``a`` turned (``turned_distance``); None where the looks
    are not one photo's."""
    found = turned_distance(a, b)
    return None if found is None or found[0] > TILE_NEAR else found


def _alike(a: SeatReading, b: SeatReading) -> tuple[float | None, bool, bool] | None:
    """(bits apart, same reading, turned) where ``a`` and ``b`` are one photo by either signal, else None."""
    found = look_match(a, b)
    d, turned = found if found is not None else (None, False)
    same = same_reading(a, b)
    return (d, same, turned and not same) if same or d is not None else None


TURNED = ("only turned, resized, recompressed or a little cropped", "向き・大きさ・圧縮・わずかな切り抜きのほかは同じ")


def _why(d: float | None, same: bool, n: int, turned: bool = False) -> tuple[str, str]:
    if d is not None and turned:  # the look near only turned round, or read backwards (``turned_distance``)
        return TURNED
    if d == 0.0:  # not one bit apart: no sign of a resize, nor of a file (a report written before session 52 keeps
        # no digest to tell one file: ``SeatReading.digest``), said as seen
        return ("identical to look at (one file, or a copy of it)",
                "見た目がまったく同じで、同じファイルかそのコピー")
    if d is not None:
        return ("only resized, recompressed or a little cropped",
                "大きさ・圧縮・わずかな切り抜きのほかは同じ")
    return (f"the same {n} tiles read in the same order and places",
            f"同じ{n}枚の牌が同じ順、同じ位置に読めました")


def near_copies_within(readings: Iterable[SeatReading], looks: bool = True) -> list[Finding]:
    """A finding for each two seats (or a seat and the wall) of one table whose photos are one photo: that read the
    same tiles in the same places, or (``looks``) whose looks are near."""
    seats = list(readings)
    found = []
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            if (alike := _alike(a, b)) is None:
                continue
            d, same, turned = alike
            if not (same or looks):
                continue
            d = d if looks else None
            why, why_ja = _why(d, same, len(a.tiles), turned)
            data: dict[str, Any] = {"distance": None if d is None else round(d, 1), "same_reading": same}
            apart = not same and not _same_tiles(a, b)  # a tile misread in one (``turned_distance``)
            left = max((a, b), key=_counted_first).seat if apart and "wall" not in (a.seat, b.seat) else ""
            if left:  # its hand is not the other's: said, not left out silently (``copies_left_out``)
                data["left_out"] = left
            found.append(Finding(
                FindingKind.NEAR_COPY, f"{where(a.seat)} and {where(b.seat)} look like the same photo ({a.photo} and "
                f"{b.photo}), {why}" + (", read one tile apart (a misread)" if apart else "")
                + ": each seat needs a photo of its own hand" + (f" ({where(left)}'s tiles are not counted)" if left
                                                                 else ""), seats=(a.seat, b.seat), data=data,
                message_ja=f"{where_ja(a.seat)}と{where_ja(b.seat)}が同じ写真のようです ({a.photo}、{b.photo}: {why_ja}"
                           + ("、読めた牌は1枚だけ違います (読み違い)" if apart else "") + "): 席ごとにその席の手牌を撮ってください"
                           + (f" ({where_ja(left)}の牌は数えていません)" if left else "")))
    return found


def _same_tiles(a: SeatReading, b: SeatReading) -> bool:
    """Whether ``a`` and ``b`` read the same tiles in the same order (or ``b`` backwards: a turned copy)."""
    kinds = [(t.kind, t.is_back) for t in a.tiles]
    theirs = [(t.kind, t.is_back) for t in b.tiles]
    return kinds in (theirs, theirs[::-1])


def _counted_first(reading: SeatReading) -> tuple[int, int, str]:
    """The order in which the seats of one photo are counted (``copies_left_out``): the largest photo first (a resized
    copy is smaller), then the first seat."""
    return -reading.image_wh[0] * reading.image_wh[1], len(reading.seat), reading.seat


def copies_left_out(findings: Iterable[Finding], readings: dict[str, SeatReading]) -> set[str]:
    """The seats of one table whose photos are copies (``near_copies_within``'s findings among ``findings``, the wall
    aside) left out of the deal's rules, as a byte copy is (``layout._same_content``): of each photo at more than one
    seat, one is counted, the largest (a resized copy is smaller; the first seat of those as large), so that its
    tiles are not said to be read twice (one surplus per tile) and its hand not said twice.

    >>> copy = Finding(FindingKind.NEAR_COPY, "", seats=("2", "3"))
    >>> big, small = (SeatReading(s, f"seat{s}.jpg", (), wh) for s, wh in (("2", (800, 600)), ("3", (640, 480))))
    >>> sorted(copies_left_out([copy], {"2": big, "3": small})), sorted(copies_left_out([copy], {"2": small, "3": big}))
    (['3'], ['2'])
    """
    groups: dict[str, set[str]] = {}  # seat -> the seats of its photo (one set shared by them all)
    for f in findings:
        if f.kind != FindingKind.NEAR_COPY or "table" in f.data or len(f.seats) != 2 or "wall" in f.seats \
                or not all(s in readings for s in f.seats):
            continue
        a, b = f.seats
        group = groups.get(a, {a}) | groups.get(b, {b})
        for s in group:
            groups[s] = group
    out: set[str] = set()
    for group in {id(g): g for g in groups.values()}.values():
        kept = min(group, key=lambda s: _counted_first(readings[s]))
        out |= group - {kept}
    return out


def is_across(finding: dict[str, Any]) -> bool:
    """Whether a finding of ``report.json`` is a near copy at another table (``near_copies_across``'s)."""
    return finding.get("kind") == FindingKind.NEAR_COPY and "table" in (finding.get("data") or {})


def near_copies_across(reports: dict[str, dict[str, Any]]) -> dict[str, list[Finding]]:
    """Table name -> a finding for each of its photos that is one photo with a photo of another table (``reports``:
    each table's ``report.json``), said at both tables, naming the other. Two seats already said to be one file (a
    ``duplicate-seat`` finding naming the other: ``layout.same_photos_across``) are left to that finding; each is still
    compared with the other tables' seats (a copy of the same photo resaved elsewhere)."""
    seats: list[tuple[str, SeatReading]] = []
    said: set[frozenset[tuple[str, str]]] = set()  # the pairs of (table, seat) said to be one file
    for name, d in sorted(reports.items(), key=lambda kv: table_order(kv[0])):
        try:
            report = report_from_dict(d)
        except (KeyError, TypeError, ValueError):
            continue  # a report edited by hand: its table is compared with none
        said |= {frozenset({(name, s), (str(c.get("table")), str(c.get("seat")))})
                 for f in report.findings if f.kind == FindingKind.DUPLICATE_SEAT
                 and isinstance(copies := f.data.get("copies"), list) for s in f.seats for c in copies
                 if isinstance(c, dict)}
        seats += [(name, s) for s in report.seats if len(s.faces) >= MIN_TILES]
    found: dict[str, list[Finding]] = {}
    for i, (ta, a) in enumerate(seats):
        for tb, b in seats[i + 1:]:
            one_file = bool(a.digest) and a.digest == b.digest  # a byte copy, as ``tilelens check`` says one
            if ta == tb or frozenset({(ta, a.seat), (tb, b.seat)}) in said:  # one table's (near_copies_within's),
                # or said to be one file by its own finding
                continue
            if (match := (0.0, False) if one_file else look_match(a, b)) is None:
                continue
            d, turned = match
            same = same_reading(a, b)
            why, why_ja = _why(d, same, len(a.tiles), turned and not same)
            for (t, s), (to, so) in (((ta, a), (tb, b)), ((tb, b), (ta, a))):
                other, other_ja = tables_seat(so.seat, to), seat_at_table(so.seat, to)[1]
                if one_file:
                    found.setdefault(t, []).append(Finding(
                        FindingKind.NEAR_COPY, f"{where(s.seat)}: photo {s.photo} is the same file as "
                        f"{seat_at_table(so.seat, to)[0]} ({so.photo}): each seat needs a photo of its own hand",
                        seats=(s.seat,), data={"table": to, "seat": so.seat, "photo": so.photo, "distance": 0.0,
                                               "same_reading": same, "same_file": True},
                        message_ja=f"{where_ja(s.seat)}: 写真 {s.photo} は{' ' * other_ja[:1].isascii()}{other_ja}の写真 "
                                   f"({so.photo}) と同じファイルです: 席ごとにその席の手牌を撮ってください"))
                    continue
                found.setdefault(t, []).append(Finding(
                    FindingKind.NEAR_COPY, f"{where(s.seat)}: photo {s.photo} looks like the same photo as {other} "
                    f"({so.photo}), {why}: each seat needs a photo of its own hand", seats=(s.seat,),
                    data={"table": to, "seat": so.seat, "photo": so.photo, "distance": d,  # unrounded: under 0.05
                          "same_reading": same},  # is not 0.0, "identical" to _why_told as to _why
                    message_ja=f"{where_ja(s.seat)}: 写真 {s.photo} は{' ' * other_ja[:1].isascii()}{other_ja}の写真 ({so.photo}) と同じ写真のようです "
                               f"({why_ja}): 席ごとにその席の手牌を撮ってください"))
    return found


_SAME_FILE, _LOOKS = " is the same file as ", " looks like the same photo as "  # near_copies_across's words


def _why_told(data: dict[str, Any], message: str = "") -> str:
    """What makes a near copy at another table one photo with it, as a kind: "identical", "resized", "turned" (its
    ``message`` says so: ``TURNED``) or "read"."""
    distance = data.get("distance")
    if distance is not None and TURNED[0] in message:
        return "turned"
    return "identical" if distance == 0.0 else "resized" if distance is not None else "read"


def _told_why(kind: str) -> tuple[str, str]:
    """The words of ``_why_told``'s kind, as ``_why`` says them (the tiles read not counted: many photos)."""
    if kind == "read":
        return "the same tiles read in the same order and places", "同じ牌が同じ順、同じ位置に読めました"
    return _why(0.0 if kind == "identical" else 1.0, False, 0, kind == "turned")


def _own_photo(f: dict[str, Any]) -> str | None:
    """The photo of this table a near copy at another table names (its message's, ``near_copies_across``'s), or
    None for a message not of those words (a report edited by hand)."""
    head = f"{where(f['seats'][0])}: photo "
    message = f.get("message", "")
    if not message.startswith(head):
        return None
    for words in (_SAME_FILE, _LOOKS):
        if words in message:
            return message[len(head):].split(words, 1)[0]
    return None


def across_told(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Report findings as a person is told them: a seat's photo that is one photo with photos at more than
    ``ACROSS_LISTED`` other tables (``near_copies_across``: one finding a table, each in ``report.json``) as one
    finding in the place of the first, naming the tables in short ("seat 1: photo seat1.jpg is the same file as
    seat 1 at 11 other tables (table-02, table-03, table-04 … table-12)"), its ``data`` the first's with
    ``copies``, the data of each; the rest as they are."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for f in findings:
        if is_across(f) and f.get("seats") and (photo := _own_photo(f)) is not None:
            data = f["data"]
            groups.setdefault((f["seats"][0], photo, str(data.get("seat", "")), bool(data.get("same_file"))),
                              []).append(f)
    told: dict[int, dict[str, Any] | None] = {}  # id of a finding -> its group's finding (first), None (the others)
    for (seat, photo, other, same_file), group in groups.items():
        if len(group) <= ACROSS_LISTED:
            continue
        tables = [str(g["data"].get("table", "")) for g in group]
        n, short, short_ja = len(tables), tables_in_short(tables), tables_in_short(tables, "ja")
        if same_file:
            en = f"is the same file as {where(other)} at {n} other tables ({short})"
            ja = f"はほかの{n}卓 ({short_ja}) の{where_ja(other)}の写真と同じファイルです"
        else:
            kinds = {_why_told(g["data"], str(g.get("message", ""))) for g in group}
            why, why_ja = _told_why(kinds.pop()) if len(kinds) == 1 else ("", "")
            en = f"looks like the same photo as {where(other)} at {n} other tables ({short})" + (f", {why}" if why
                                                                                                  else "")
            ja = (f"はほかの{n}卓 ({short_ja}) の{where_ja(other)}の写真と同じ写真のようです"
                  + (f" ({why_ja})" if why_ja else ""))
        first = group[0]
        told[id(first)] = {**first, "data": {**first["data"], "copies": [g["data"] for g in group]},
                           "message": f"{where(seat)}: photo {photo} {en}: each seat needs a photo of its own hand",
                           "message_ja": f"{where_ja(seat)}: 写真 {photo} {ja}: 席ごとにその席の手牌を撮ってください"}
        told.update({id(g): None for g in group[1:]})
    if not told:
        return findings
    return [told.get(id(f), f) for f in findings if told.get(id(f), f) is not None]
