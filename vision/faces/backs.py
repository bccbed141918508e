"""Tile backs: what the detector must learn is a tile but not a face (class ``back``)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.faces.draw import BASE_WH, RGB, canvas, fit_size, hue_colour, mix, stable_int, text_centered, to_bgr
from vision.faces.riichi import ASSETS

# Common back colours of real sets (RGB): green, blue, yellow, orange, pink, red, purple.
BACK_COLOURS: tuple[RGB, ...] = ((40, 140, 80), (40, 90, 180), (235, 190, 40), (235, 120, 40),
                                 (230, 120, 160), (200, 50, 50), (120, 70, 170))
STYLES = 4


def back_colour(game_id: str, style: int) -> RGB:
    """The back colour of a game's tile set in ``style`` (also the colour of the tile's back layer)."""
    return BACK_COLOURS[(stable_int("back", game_id) + style) % len(BACK_COLOURS)]


def render_back_base(game_id: str, name_ja: str, style: int, donjara: bool) -> np.ndarray:
    """A tile back at base size (BGR): plain, with a logo (Donjara) or real artwork (mahjong style 3)."""
    style %= STYLES
    col = back_colour(game_id, style)
    if style == 3 and not donjara:
        art = cv2.imread(str(ASSETS / "Back.png"), cv2.IMREAD_UNCHANGED)
        art = cv2.resize(art, BASE_WH, interpolation=cv2.INTER_AREA)
        a = art[:, :, 3:4].astype(np.float32) / 255
        base = np.empty_like(art[:, :, :3], dtype=np.float32)
        base[:] = col[::-1]
        return (base * (1 - a) + art[:, :, :3] * a).astype(np.uint8)
    img, d = canvas(col)
    w, h = BASE_WH
    if donjara or style == 2:
        d.ellipse((18, h / 2 - 40, w - 18, h / 2 + 40), fill=mix(col, (255, 255, 255), .6))
        text = name_ja[:6] if style % 2 else "ドンジャラ" if donjara else "麻雀"
        text_centered(d, (w / 2, h / 2), text, fit_size(text, w - 50, 30), mix(col, (0, 0, 0), .5))
    elif style == 1:  # a faint pattern of diamonds
        light = mix(col, hue_colour(stable_int(game_id) % 100 / 100), .25)
        for y in range(0, h + 20, 20):
            for x in range(0, w + 20, 20):
                d.polygon([(x, y - 8), (x + 8, y), (x, y + 8), (x - 8, y)], fill=light)
    return to_bgr(img)
