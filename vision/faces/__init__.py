"""Tile faces and backs for every tile kind of every game, drawn from the catalog alone.

>>> face = render_face("tokyo-mahjong", "5m", style=1, size=(60, 80))
>>> face.shape, face.dtype.name
((80, 60, 3), 'uint8')
"""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.faces import backs, donjara, riichi
from vision.faces.catalog import HK_GAME, SynthGame, game_ids, synth_game

__all__ = ["HK_GAME", "SynthGame", "face_styles", "game_ids", "render_back", "render_face", "synth_game"]

DEFAULT_WH = (150, 200)


def face_styles(game_id: str) -> int:
    """How many distinct face styles the factory draws for ``game_id``."""
    return riichi.STYLES if synth_game(game_id).is_mahjong else donjara.STYLES


@lru_cache(maxsize=4096)
def _face_base(game_id: str, tile_id: str, style: int) -> np.ndarray:
    game = synth_game(game_id)
    kind = game.tile(tile_id)
    style %= face_styles(game_id)
    face = riichi.riichi_face(kind, style) if game.is_mahjong else donjara.donjara_face(game_id, kind, style)
    face.setflags(write=False)  # cached: callers must copy before drawing on it
    return face


def _resized(img: np.ndarray, size: tuple[int, int] | None) -> np.ndarray:
    if size is None or (img.shape[1], img.shape[0]) == tuple(size):
        return img.copy()
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"face size must be positive, got {size!r}")
    interp = cv2.INTER_AREA if w < img.shape[1] else cv2.INTER_LINEAR
    return cv2.resize(img, (w, h), interpolation=interp)


def render_face(game_id: str, tile_id: str, style: int = 0, size: tuple[int, int] | None = DEFAULT_WH) -> np.ndarray:
    """The face of ``tile_id`` (an id or Japanese name) in ``game_id`` as a BGR uint8 array of
    ``size`` = (width, height). Styles wrap around (``style % face_styles(game_id)``).

    Raises ``UnknownTileError`` for a tile the catalog does not hold."""
    return _resized(_face_base(game_id, tile_id, int(style)), size)


@lru_cache(maxsize=256)
def _back_base(game_id: str, style: int) -> np.ndarray:
    game = synth_game(game_id)
    img = backs.render_back_base(game.id, game.name_ja, style, donjara=not game.is_mahjong)  # by id, not path
    img.setflags(write=False)
    return img


def render_back(game_id: str, style: int = 0, size: tuple[int, int] | None = DEFAULT_WH) -> np.ndarray:
    """A tile back of ``game_id``'s set (BGR uint8, ``size`` = (width, height))."""
    return _resized(_back_base(game_id, int(style) % backs.STYLES), size)


def back_colour_bgr(game_id: str, style: int = 0) -> tuple[int, int, int]:
    """The BGR colour of the back layer of a tile in back style ``style``."""
    r, g, b = backs.back_colour(synth_game(game_id).id, int(style) % backs.STYLES)  # by id, not path
    return b, g, r
