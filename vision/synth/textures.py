"""The look of one physical tile set in a scene: face style, body and back colours, and the BGRA
textures (face with a bevelled rim and rounded corners) that the renderer lays on tile boxes."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.faces import back_colour_bgr, face_styles, render_back, render_face, synth_game
from vision.faces.backs import STYLES as BACK_STYLES

TEX_WH = (120, 160)  # face texture size before warping (plus the rim)
_IVORY = ((222, 238, 244), (208, 228, 238), (236, 242, 242), (196, 222, 232))  # BGR body shades, mahjong
_WHITE = ((246, 246, 246), (236, 240, 246), (250, 250, 250))  # Donjara plastic


def _rounded_alpha(w: int, h: int, radius: int) -> np.ndarray:
    a = np.zeros((h, w), np.uint8)
    r = max(1, radius)
    cv2.rectangle(a, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(a, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(a, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return a


@lru_cache(maxsize=1)
def _rim_shade() -> np.ndarray:
    """A multiplicative bevel: the outer ring of the face darkens towards the edge."""
    w, h = TEX_WH
    rim = max(3, w // 14)
    tw, th = w + 2 * rim, h + 2 * rim
    yy, xx = np.mgrid[0:th, 0:tw].astype(np.float32)
    d = np.minimum.reduce([xx, yy, tw - 1 - xx, th - 1 - yy])
    return (0.78 + 0.22 * np.clip(d / rim, 0, 1))[..., None]


@lru_cache(maxsize=2048)
def _front_texture(game_id: str, tile_id: str, style: int, body: tuple[int, int, int]) -> np.ndarray:
    w, h = TEX_WH
    rim = max(3, w // 14)
    face = render_face(game_id, tile_id, style, (w, h))
    tex = np.empty((h + 2 * rim, w + 2 * rim, 4), np.uint8)
    tex[:, :, :3] = body
    tex[rim:rim + h, rim:rim + w, :3] = face
    tex[:, :, :3] = (tex[:, :, :3] * _rim_shade()).astype(np.uint8)
    tex[:, :, 3] = _rounded_alpha(tex.shape[1], tex.shape[0], rim * 2)
    tex.setflags(write=False)
    return tex


def front_texture(game_id: str, tile_id: str, style: int, body: tuple[int, int, int] = (240, 240, 240)) -> np.ndarray:
    """The BGRA texture laid on a tile's face: the face inside a bevelled rim, with rounded corners."""
    return _front_texture(game_id, tile_id, style, tuple(int(c) for c in body))  # type: ignore[arg-type]


@lru_cache(maxsize=256)
def _back_texture(game_id: str, style: int) -> np.ndarray:
    w, h = TEX_WH
    rim = max(3, w // 14)
    back = render_back(game_id, style, (w + 2 * rim, h + 2 * rim))
    tex = np.empty((back.shape[0], back.shape[1], 4), np.uint8)
    tex[:, :, :3] = (back * _rim_shade()).astype(np.uint8)
    tex[:, :, 3] = _rounded_alpha(tex.shape[1], tex.shape[0], rim * 2)
    tex.setflags(write=False)
    return tex


@dataclass(frozen=True)
class TileLook:
    """One tile set's appearance, fixed for a whole scene."""

    game_id: str
    style: int
    back_style: int
    body_bgr: np.ndarray  # colour of the face layer of the body (ivory / white plastic)
    back_bgr: np.ndarray  # colour of the back layer
    front_fraction: float  # share of the thickness that is the face layer

    def front(self, tile_id: str) -> np.ndarray:
        """The BGRA face texture of ``tile_id`` (a face-down extra with no id gets a back)."""
        if not tile_id:
            return self.back()
        body = tuple(int(c) for c in self.body_bgr)
        return _front_texture(self.game_id, tile_id, self.style, body)  # type: ignore[arg-type]

    def back(self) -> np.ndarray:
        """The BGRA back texture."""
        return _back_texture(self.game_id, self.back_style)


def random_look(game_id: str, rng: np.random.Generator, style: int | None = None) -> TileLook:
    """A tile set look: a face style, a back style and body colours."""
    style = int(rng.integers(face_styles(game_id))) if style is None else style
    back_style = int(rng.integers(BACK_STYLES))
    # a few body shades only, so that the cached face textures are reused across scenes
    palette = _IVORY if synth_game(game_id).is_mahjong else _WHITE
    body = np.array(palette[int(rng.integers(len(palette)))], np.float64)
    front_fraction = rng.uniform(0.45, 0.75) if rng.random() < 0.8 else 1.0
    return TileLook(game_id, style, back_style, body, np.array(back_colour_bgr(game_id, back_style), np.float64),
                    front_fraction)
