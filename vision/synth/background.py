"""Procedural table surfaces (felt, wood, cloth, mats, laminate) and clutter, drawn in table-plane
texture space so that the renderer can lay them on the table in perspective."""
from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

import cv2
import numpy as np

TEX = 512  # texture side in pixels; the renderer tiles it over the table
POOL = 10  # texture variants per surface kind (varied further per scene by tint, turn, scale, clutter)


class Surface(StrEnum):
    """Kinds of table surface."""

    FELT = "felt"
    WOOD = "wood"
    CLOTH = "cloth"
    MAT = "mat"
    LAMINATE = "laminate"


# BGR felt colours of real tables: greens above all, then blue, red, pink and grey
_FELT_COLOURS = [(60, 150, 50), (50, 120, 40), (70, 170, 90), (40, 100, 30), (140, 80, 30), (110, 110, 200),
                 (40, 50, 150), (90, 90, 90), (50, 110, 150), (120, 60, 110)]


def _noise(rng: np.random.Generator, size: int, sigma: float) -> np.ndarray:
    """Smooth noise in about [-1, 1] with features of ``sigma`` pixels."""
    small = max(4, int(size / max(sigma, 1)))
    n = rng.standard_normal((small, small)).astype(np.float32)
    n = cv2.resize(n, (size, size), interpolation=cv2.INTER_CUBIC)
    return n / (np.abs(n).max() + 1e-6)


def _tint(base: tuple[float, float, float], shade: np.ndarray) -> np.ndarray:
    return np.clip(np.asarray(base, np.float32)[None, None, :] * shade[:, :, None], 0, 255)


def felt(rng: np.random.Generator) -> np.ndarray:
    """Baize: a saturated colour with fine grain and faint blotches."""
    base = np.array(_FELT_COLOURS[int(rng.integers(len(_FELT_COLOURS)))], np.float32) * rng.uniform(0.7, 1.3)
    grain = rng.standard_normal((TEX, TEX)).astype(np.float32) * 0.06
    shade = 1 + grain + 0.06 * _noise(rng, TEX, 60)
    if rng.random() < 0.5:  # a woven texture such as the mats of automatic tables
        yy, xx = np.mgrid[0:TEX, 0:TEX].astype(np.float32)
        shade += 0.05 * np.sin(xx * 1.3) * np.sin(yy * 1.3)
    return _tint(base, shade)


def wood(rng: np.random.Generator) -> np.ndarray:
    """Wood grain: warped stripes in browns or pale ash."""
    yy, xx = np.mgrid[0:TEX, 0:TEX].astype(np.float32)
    warp = _noise(rng, TEX, 150) * rng.uniform(3, 15)  # grain runs straight, with a gentle wave
    freq = rng.uniform(0.08, 0.3)
    rings = np.sin((yy + warp) * freq + 2 * _noise(rng, TEX, 250)) * 0.5 + 0.5
    fine = rng.standard_normal((TEX, TEX)).astype(np.float32)
    fine = cv2.blur(fine, (41, 1)) * 0.35  # long thin streaks along the grain
    r = rng.uniform(140, 230)  # wood is orange-brown: blue < green < red, from pale ash to walnut
    light = np.array([r * rng.uniform(0.4, 0.68), r * rng.uniform(0.7, 0.84), r], np.float32)
    dark = light * rng.uniform(0.6, 0.85)
    tex = light[None, None] * (1 - rings[..., None] * 0.5) + dark[None, None] * rings[..., None] * 0.5
    tex *= (1 + fine)[..., None]
    if rng.random() < 0.5:
        tex = cv2.rotate(tex, cv2.ROTATE_90_CLOCKWISE)
    return np.clip(tex, 0, 255)


def cloth(rng: np.random.Generator) -> np.ndarray:
    """A woven tablecloth: weave, optionally checks or stripes."""
    yy, xx = np.mgrid[0:TEX, 0:TEX].astype(np.float32)
    base = np.array(rng.uniform(40, 200, 3), np.float32)
    weave = 1 + 0.08 * np.sign(np.sin(xx * 1.6)) * np.sign(np.sin(yy * 1.6))
    tex = _tint(tuple(base), weave + 0.05 * _noise(rng, TEX, 40))
    if rng.random() < 0.6:
        period = rng.uniform(20, 90)
        other = np.array(rng.uniform(30, 250, 3), np.float32)
        band = ((xx // period) % 2 == 0) if rng.random() < 0.5 else ((xx // period + yy // period) % 2 == 0)
        tex[band] = tex[band] * 0.4 + other * 0.6 * weave[band][:, None]
    return np.clip(tex, 0, 255)


def mat(rng: np.random.Generator) -> np.ndarray:
    """A cutting mat or tatami: a grid of lines or fine parallel straws."""
    yy, xx = np.mgrid[0:TEX, 0:TEX].astype(np.float32)
    if rng.random() < 0.5:
        base = np.array([rng.uniform(60, 120), rng.uniform(120, 160), rng.uniform(40, 80)], np.float32)
        tex = _tint(tuple(base), 1 + 0.02 * rng.standard_normal((TEX, TEX)).astype(np.float32))
        step = int(rng.integers(24, 64))
        tex[(yy % step < 1.5) | (xx % step < 1.5)] *= 1.5
    else:  # tatami
        base = np.array([90, rng.uniform(160, 190), rng.uniform(170, 200)], np.float32)
        straw = 1 + 0.12 * np.sin(yy * rng.uniform(0.8, 1.5)) + 0.05 * _noise(rng, TEX, 30)
        tex = _tint(tuple(base), straw)
    return np.clip(tex, 0, 255)


def laminate(rng: np.random.Generator) -> np.ndarray:
    """A plain desk or table top: grey, white or black with a little speckle (as in many real photos)."""
    v = rng.choice([rng.uniform(150, 230), rng.uniform(30, 70), rng.uniform(90, 150)])
    base = np.array([v, v, v], np.float32) * rng.uniform(0.9, 1.1, 3)
    speck = 1 + 0.03 * rng.standard_normal((TEX, TEX)).astype(np.float32) + 0.04 * _noise(rng, TEX, 100)
    return np.clip(_tint(tuple(base), speck), 0, 255)


_MAKERS = {Surface.FELT: felt, Surface.WOOD: wood, Surface.CLOTH: cloth, Surface.MAT: mat,
           Surface.LAMINATE: laminate}
_WEIGHTS = {Surface.FELT: 0.4, Surface.WOOD: 0.2, Surface.CLOTH: 0.1, Surface.MAT: 0.08, Surface.LAMINATE: 0.22}


def clutter(tex: np.ndarray, rng: np.random.Generator) -> None:
    """Draw props on the surface: papers, coins, chips, pens, a phone (in place)."""
    for _ in range(int(rng.integers(1, 4))):
        col = tuple(float(c) for c in rng.uniform(0, 255, 3))
        kind = int(rng.integers(4))
        cx, cy = rng.uniform(0, TEX, 2)
        if kind == 0:  # paper / card
            w, h = rng.uniform(40, 160, 2)
            rect = ((float(cx), float(cy)), (float(w), float(h)), float(rng.uniform(0, 180)))
            pts = cv2.boxPoints(rect).astype(np.int32)
            paper = (235, 235, 235) if rng.random() < 0.6 else col
            cv2.fillConvexPoly(tex, pts, paper, cv2.LINE_AA)
        elif kind == 1:  # coins / point sticks
            for _ in range(int(rng.integers(1, 5))):
                r = int(rng.uniform(8, 20))
                p = (int(cx + rng.normal(0, 25)), int(cy + rng.normal(0, 25)))
                cv2.circle(tex, p, r, col, -1, cv2.LINE_AA)
                cv2.circle(tex, p, r, tuple(c * 0.7 for c in col), 2, cv2.LINE_AA)
        elif kind == 2:  # pen / stick
            a = rng.uniform(0, np.pi)
            L = rng.uniform(60, 200)
            p0 = (int(cx), int(cy))
            p1 = (int(cx + L * np.cos(a)), int(cy + L * np.sin(a)))
            cv2.line(tex, p0, p1, col, int(rng.integers(3, 9)), cv2.LINE_AA)
        else:  # phone / box
            w, h = rng.uniform(40, 90), rng.uniform(70, 150)
            rect = ((float(cx), float(cy)), (float(w), float(h)), float(rng.uniform(0, 180)))
            dark = tuple(float(v) for v in rng.uniform(15, 90, 3))
            cv2.fillConvexPoly(tex, cv2.boxPoints(rect).astype(np.int32), dark, cv2.LINE_AA)


@lru_cache(maxsize=len(_MAKERS) * POOL)
def pooled(kind: Surface, variant: int) -> np.ndarray:
    """Texture ``variant`` of a surface kind: a pure function of its arguments, cached per process
    because drawing a texture costs more than the rest of a scene."""
    tex = _MAKERS[kind](np.random.default_rng([variant, list(_MAKERS).index(kind), 0x5EED])).astype(np.uint8)
    tex.setflags(write=False)
    return tex


def surface(rng: np.random.Generator, with_clutter: bool | None = None) -> tuple[np.ndarray, Surface]:
    """A table texture for one scene (TEX x TEX BGR uint8): a pooled variant, re-tinted, turned, and
    with clutter drawn on it."""
    kinds = list(_WEIGHTS)
    p = np.array([_WEIGHTS[k] for k in kinds])
    kind = kinds[int(rng.choice(len(kinds), p=p / p.sum()))]
    tex = pooled(kind, int(rng.integers(POOL)))
    gain = rng.uniform(0.8, 1.2, 3)
    tex = cv2.multiply(tex, (float(gain[0]), float(gain[1]), float(gain[2]), 0.0))
    if rng.random() < 0.5:
        tex = cv2.rotate(tex, cv2.ROTATE_90_CLOCKWISE)
    if with_clutter if with_clutter is not None else rng.random() < 0.3:
        clutter(tex, rng)
    return tex, kind


def backdrop(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """What is beyond the table's far edge (a wall, a room): a blurred, darker gradient."""
    h, w = shape
    # rooms are mostly muted: a grey level with a little tint (walls, floors, people's clothes)
    top = rng.uniform(25, 210) * rng.uniform(0.8, 1.2, 3)
    bottom = top * rng.uniform(0.5, 1.2)
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    img = top[None, None] * (1 - t) + bottom[None, None] * t
    return np.clip(np.broadcast_to(img, (h, w, 3)), 0, 255).astype(np.uint8)
