"""Mahjong faces (riichi and Hong Kong kinds) in several styles.

Style 0 is real artwork (FluffyStuff's CC0 tiles, ``vision/assets/riichi-fluffystuff``); the others are
drawn here from the tile's suit and rank: numerals and 萬 for characters, circle patterns for dots,
bamboo sticks for bamboos, kanji for honours, and a flower picture for the Hong Kong flowers/seasons.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import ImageDraw

from scorer import TileKind
from vision.faces.draw import BASE_WH, RGB, canvas, font, hue_colour, rng_for, text_centered, to_bgr

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "riichi-fluffystuff"
STYLES = 4
_ART_NAMES = {"m": "Man", "p": "Pin", "s": "Sou"}
_HONOUR_ART = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")
_NUMERALS = "一二三四伍六七八九"
_HONOURS = "東南西北白發中"
_HONOUR_CORNER = "ESWN"
IVORY: RGB = (246, 243, 232)


@dataclass(frozen=True)
class Palette:
    """The inks of one procedural style."""

    red: RGB
    green: RGB
    blue: RGB
    black: RGB


# style -> inks: 1 classic Japanese, 2 Hong Kong (teal and blue), 3 bright modern plastic; 0 (the artwork
# style) only for kinds the artwork lacks (flowers and seasons)
PALETTES = {0: Palette((185, 50, 45), (35, 95, 40), (40, 45, 110), (0, 0, 0)),
            1: Palette((200, 30, 40), (20, 120, 60), (25, 50, 140), (25, 25, 30)),
            2: Palette((205, 45, 70), (0, 125, 115), (20, 95, 175), (20, 50, 110)),
            3: Palette((235, 25, 25), (15, 160, 45), (0, 70, 210), (10, 10, 10))}

# Unit-square centres of the dots / sticks, by rank (the usual arrangements).
_PIN = {
    1: [(.5, .5)], 2: [(.5, .27), (.5, .73)], 3: [(.25, .2), (.5, .5), (.75, .8)],
    4: [(.28, .28), (.72, .28), (.28, .72), (.72, .72)],
    5: [(.26, .24), (.74, .24), (.5, .5), (.26, .76), (.74, .76)],
    6: [(.3, .17), (.7, .17), (.3, .55), (.7, .55), (.3, .83), (.7, .83)],
    7: [(.2, .12), (.5, .22), (.8, .32), (.3, .6), (.7, .6), (.3, .86), (.7, .86)],
    8: [(.3, y) for y in (.13, .38, .62, .87)] + [(.7, y) for y in (.13, .38, .62, .87)],
    9: [(x, y) for y in (.17, .5, .83) for x in (.2, .5, .8)],
}
_SOU = {
    2: [(.5, .27), (.5, .73)], 3: [(.5, .27), (.28, .73), (.72, .73)],
    4: [(.3, .27), (.7, .27), (.3, .73), (.7, .73)],
    5: [(.22, .27), (.78, .27), (.5, .5), (.22, .73), (.78, .73)],
    6: [(x, y) for y in (.27, .73) for x in (.2, .5, .8)],
    7: [(.5, .16)] + [(x, y) for y in (.5, .84) for x in (.2, .5, .8)],
    8: [(x, y) for y in (.27, .73) for x in (.14, .38, .62, .86)],
    9: [(x, y) for y in (.17, .5, .83) for x in (.2, .5, .8)],
}


def _suit_rank(kind: TileKind) -> tuple[str, int, bool]:
    suit = kind.attrs.get("suit", kind.id[-1])
    rank = int(kind.attrs.get("rank", kind.id[0] if kind.id[0].isdigit() else kind.id[1]))
    red = kind.attrs.get("red") == "yes" or kind.id.startswith("0")
    return suit, (5 if rank == 0 else rank), red


@lru_cache(maxsize=64)
def _art(name: str) -> np.ndarray:
    """An RGBA artwork picture (base size) from the assets folder."""
    img = cv2.imread(str(ASSETS / f"{name}.png"), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise FileNotFoundError(f"missing tile artwork {ASSETS / name}.png")
    return cv2.resize(img, BASE_WH, interpolation=cv2.INTER_AREA)


def _redden(rgba: np.ndarray) -> np.ndarray:
    """Recolour every inked pixel of an artwork picture red (a red five), keeping white highlights."""
    out = rgba.copy()
    bgr = out[:, :, :3].astype(np.float32)
    lum = bgr.mean(axis=2, keepdims=True) / 255.0
    ink = (lum < 0.85)[..., 0]
    red = np.array([40, 40, 215], np.float32)  # BGR
    out[:, :, :3][ink] = np.clip(red * (0.55 + 0.6 * lum[ink]), 0, 255).astype(np.uint8)
    return out


def _art_face(suit: str, rank: int, red: bool) -> np.ndarray:
    name = _HONOUR_ART[rank - 1] if suit == "z" else f"{_ART_NAMES[suit]}{rank}"
    art = _art(name)
    if red:
        art = _redden(art)
    face = np.empty((BASE_WH[1], BASE_WH[0], 3), np.float32)
    face[:] = IVORY[::-1]
    # the artwork fills its canvas edge to edge; shrink it onto the face with a margin like a real tile
    margin_x, margin_y = 12, 14
    inner = cv2.resize(art, (BASE_WH[0] - 2 * margin_x, BASE_WH[1] - 2 * margin_y), interpolation=cv2.INTER_AREA)
    a = inner[:, :, 3:4].astype(np.float32) / 255.0
    roi = face[margin_y:-margin_y, margin_x:-margin_x]
    roi[:] = roi * (1 - a) + inner[:, :, :3].astype(np.float32) * a
    return face.astype(np.uint8)


def _dot(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, col: RGB, style: int) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col)
    if style == 3:  # a plain disc with one white ring
        d.ellipse((cx - r * .6, cy - r * .6, cx + r * .6, cy + r * .6), outline=IVORY, width=max(1, int(r * .15)))
        return
    d.ellipse((cx - r * .72, cy - r * .72, cx + r * .72, cy + r * .72), fill=IVORY)
    d.ellipse((cx - r * .5, cy - r * .5, cx + r * .5, cy + r * .5), fill=col)
    if style == 2:  # Hong Kong coins: spokes
        for k in range(8):
            a = k * np.pi / 4
            d.line((cx, cy, cx + np.cos(a) * r * .5, cy + np.sin(a) * r * .5), fill=IVORY, width=1)
    else:
        d.ellipse((cx - r * .18, cy - r * .18, cx + r * .18, cy + r * .18), fill=IVORY)


def _pin_colours(rank: int, i: int, red: bool, pal: Palette) -> RGB:
    if red or rank == 1:
        return pal.red
    if rank in (6, 7):
        return pal.green if (rank == 6 and i < 2) or (rank == 7 and i < 3) else pal.red
    if rank == 9:
        return (pal.blue, pal.red, pal.green)[i // 3]
    if rank == 5:
        return pal.red if i == 2 else (pal.blue if i % 3 == 0 else pal.green)
    return (pal.blue, pal.green)[i % 2] if rank in (2, 4, 8) else (pal.blue, pal.red, pal.green)[i % 3]


def _draw_pin(d: ImageDraw.ImageDraw, rank: int, red: bool, style: int, box: tuple[float, ...]) -> None:
    pal = PALETTES[style]
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    r = {1: .42, 2: .22, 3: .17, 4: .2, 5: .18, 6: .14, 7: .12, 8: .11, 9: .13}[rank] * min(w, h * .8)
    if rank == 1:
        cx, cy = x0 + w / 2, y0 + h / 2
        for k, col in enumerate((pal.green, pal.blue, pal.red, pal.green, pal.red)):
            rr = r * (1 - k * .19)
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=col if k % 2 == 0 or style == 2 else IVORY,
                      outline=col, width=2)
        return
    for i, (u, v) in enumerate(_PIN[rank]):
        _dot(d, x0 + u * w, y0 + v * h, r, _pin_colours(rank, i, red, pal), style)


def _stick(d: ImageDraw.ImageDraw, cx: float, cy: float, w: float, h: float, col: RGB) -> None:
    d.rounded_rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), radius=w / 2, fill=col)
    for t in (-.3, 0, .3):  # the bamboo's nodes
        y = cy + t * h
        d.line((cx - w / 2, y, cx + w / 2, y), fill=IVORY, width=max(1, int(w / 5)))
    d.line((cx, cy - h * .45, cx, cy + h * .45), fill=IVORY, width=max(1, int(w / 6)))


def _bird(d: ImageDraw.ImageDraw, box: tuple[float, ...], style: int) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pal = PALETTES[style]
    red = pal.red
    body = pal.green if style != 2 else pal.blue
    d.ellipse((x0 + .2 * w, y0 + .35 * h, x0 + .8 * w, y0 + .8 * h), fill=body)
    d.ellipse((x0 + .55 * w, y0 + .18 * h, x0 + .8 * w, y0 + .4 * h), fill=body)
    d.polygon([(x0 + .78 * w, y0 + .27 * h), (x0 + .95 * w, y0 + .3 * h), (x0 + .78 * w, y0 + .33 * h)], fill=red)
    d.polygon([(x0 + .22 * w, y0 + .5 * h), (x0 + .02 * w, y0 + .2 * h), (x0 + .1 * w, y0 + .6 * h)], fill=red)
    d.ellipse((x0 + .66 * w, y0 + .24 * h, x0 + .71 * w, y0 + .28 * h), fill=IVORY)
    for fx in (.42, .58):
        d.line((x0 + fx * w, y0 + .8 * h, x0 + fx * w, y0 + .95 * h), fill=red, width=3)


def _draw_sou(d: ImageDraw.ImageDraw, rank: int, red: bool, style: int, box: tuple[float, ...]) -> None:
    pal = PALETTES[style]
    if rank == 1:
        _bird(d, box, style)
        return
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    rows = 3 if rank in (7, 9) else 2
    sh = h / rows * .8
    sw = w * (.11 if rank == 8 else .14) * (1.25 if style == 3 else 1.0)
    for i, (u, v) in enumerate(_SOU[rank]):
        special = (rank == 5 and i == 2) or (rank == 7 and i == 0) or (rank == 9 and i % 3 == 1)
        col = pal.red if red or special else pal.green
        _stick(d, x0 + u * w, y0 + v * h, sw, sh, col)


def _draw_man(d: ImageDraw.ImageDraw, rank: int, red: bool, style: int, box: tuple[float, ...]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pal = PALETTES[style]
    top = pal.red if red else (pal.blue if style == 2 else pal.black)
    numerals = _NUMERALS if style != 3 else "一二三四五六七八九"
    text_centered(d, (x0 + w / 2, y0 + h * .27), numerals[rank - 1], int(h * .4), top, stroke=1 + (style == 3))
    text_centered(d, (x0 + w / 2, y0 + h * .72), "萬", int(h * .44), pal.red, stroke=1 if style >= 2 else 0)


def _draw_honour(d: ImageDraw.ImageDraw, rank: int, style: int, box: tuple[float, ...]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pal = PALETTES[style]
    if rank == 5:  # white dragon: blank in Japanese sets, a blue frame in Hong Kong sets
        if style >= 2:
            d.rectangle((x0 + .12 * w, y0 + .1 * h, x1 - .12 * w, y1 - .1 * h), outline=pal.blue, width=6)
            d.rectangle((x0 + .24 * w, y0 + .2 * h, x1 - .24 * w, y1 - .2 * h), outline=pal.blue, width=3)
        return
    col = {6: pal.green, 7: pal.red}.get(rank, pal.blue if style == 2 else pal.black)
    text_centered(d, (x0 + w / 2, y0 + h / 2), _HONOURS[rank - 1], int(min(w * 1.0, h * .62)), col, stroke=1)


def _draw_flower(d: ImageDraw.ImageDraw, kind: TileKind, rank: int, style: int, box: tuple[float, ...]) -> None:
    """A Hong Kong flower/season: a coloured blossom picture and its character."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pal = PALETTES[style]
    rng = rng_for("flower", kind.id)
    petal = hue_colour(rng.random(), .7, .85)
    cx, cy, r = x0 + w * .5, y0 + h * .36, w * .2
    d.line((cx, cy, cx - w * .15, y0 + h * .7), fill=pal.green, width=4)
    for k in range(5):
        a = k * 2 * np.pi / 5 + rng.random()
        px, py = cx + np.cos(a) * r, cy + np.sin(a) * r
        d.ellipse((px - r * .6, py - r * .6, px + r * .6, py + r * .6), fill=petal)
    d.ellipse((cx - r * .35, cy - r * .35, cx + r * .35, cy + r * .35), fill=(240, 200, 40))
    text_centered(d, (x0 + w * .62, y0 + h * .8), kind.name_ja, int(h * .24), pal.red if rank <= 4 else pal.blue)
    text_centered(d, (x0 + w * .12, y0 + h * .08), str((rank - 1) % 4 + 1), int(h * .14),
                  pal.blue if rank <= 4 else pal.red)


def _corner_index(d: ImageDraw.ImageDraw, suit: str, rank: int) -> None:
    """The small index in the top-left corner that Hong Kong tiles carry (e.g. "5", "N", "C")."""
    label = (*_HONOUR_CORNER, "P", "F", "C")[rank - 1] if suit == "z" else str(rank)
    d.text((9, 6), label, font=font(20), fill=PALETTES[2].black)


def _procedural(kind: TileKind, suit: str, rank: int, red: bool, style: int) -> np.ndarray:
    face_col = IVORY if style != 3 else (250, 250, 246)
    img, d = canvas(face_col)
    box = (14.0, 18.0, BASE_WH[0] - 14.0, BASE_WH[1] - 18.0)
    if suit == "m":
        _draw_man(d, rank, red, style, box)
    elif suit == "p":
        _draw_pin(d, rank, red, style, box)
    elif suit == "s":
        _draw_sou(d, rank, red, style, box)
    elif suit == "z":
        _draw_honour(d, rank, style, box)
    else:
        _draw_flower(d, kind, rank, style, box)
    if style == 2 and suit in "mpsz":
        _corner_index(d, suit, rank)
    if style == 3:  # a thin engraved frame, as on some plastic sets
        d.rounded_rectangle((5, 5, BASE_WH[0] - 6, BASE_WH[1] - 6), radius=10, outline=(200, 195, 180), width=2)
    return to_bgr(img)


def riichi_face(kind: TileKind, style: int) -> np.ndarray:
    """The face of a mahjong tile kind at base size (BGR); ``style`` in ``range(STYLES)``."""
    suit, rank, red = _suit_rank(kind)
    if style % STYLES == 0 and suit in "mpsz":
        return _art_face(suit, rank, red)
    return _procedural(kind, suit, rank, red, style % STYLES)
