"""Drawing helpers shared by the face painters: the Japanese font, text, stable hashes, colours.

Faces are painted with Pillow (RGB) on a fixed base canvas and converted to BGR at the end.
"""
from __future__ import annotations

import colorsys
import hashlib
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

BASE_WH = (150, 200)  # every face is painted at this size, then resized: 3:4 like a real tile face
RGB = tuple[int, int, int]

# Named colours a catalog may use as attribute values (Nogizaka `colour`, Cinderella `type`).
NAMED_COLOURS: dict[str, RGB] = {
    "pink": (236, 96, 160), "yellow": (240, 196, 30), "green": (60, 170, 80), "purple": (140, 70, 190),
    "blue": (50, 110, 220), "red": (220, 50, 50), "orange": (245, 140, 30), "white": (235, 235, 235),
    "black": (40, 40, 40), "cute": (240, 90, 150), "cool": (40, 120, 230), "passion": (250, 170, 20),
    "light-blue": (110, 190, 240), "lightblue": (110, 190, 240), "gold": (215, 170, 40),
}


@lru_cache(maxsize=1)
def font_path() -> Path:
    """The IPAex Gothic TrueType file that the ``matplotlib-fontja`` package ships (found, not imported: importing
    it imports matplotlib, 0.18 s of CPU for a file's path)."""
    import importlib.util

    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None or spec.origin is None:
        raise FileNotFoundError("the matplotlib-fontja package is not installed: pip install matplotlib-fontja")
    root = Path(spec.origin).parent
    found = sorted(root.rglob("ipaexg.ttf")) or sorted(root.rglob("*.ttf"))
    if not found:
        raise FileNotFoundError(f"no .ttf font inside {root}; reinstall matplotlib-fontja")
    return found[0]


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """IPAex Gothic at ``size`` pixels (cached)."""
    return ImageFont.truetype(str(font_path()), size)


def stable_int(*parts: object) -> int:
    """A hash of ``parts`` that is the same in every process (Python's ``hash`` is salted)."""
    return int(hashlib.sha1("\x1f".join(map(str, parts)).encode()).hexdigest()[:12], 16)


def rng_for(*parts: object) -> np.random.Generator:
    """A generator seeded from ``parts``: the same drawing for the same tile, every run."""
    return np.random.default_rng(stable_int(*parts))


def hue_colour(h: float, s: float = 0.65, v: float = 0.9) -> RGB:
    """An RGB colour from hue/saturation/value in [0, 1]."""
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return int(r * 255), int(g * 255), int(b * 255)


def colour_for(value: str) -> RGB:
    """A colour for an attribute value: a named colour when there is one, else a stable hue."""
    key = value.strip().lower()
    if key in NAMED_COLOURS:
        return NAMED_COLOURS[key]
    return hue_colour(stable_int("colour", key) % 1000 / 1000.0, 0.6, 0.85)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend of two colours (t=0 gives a)."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]


def text_centered(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
                  fill: RGB, stroke: int = 0, stroke_fill: RGB | None = None) -> None:
    """Draw ``text`` centred on ``xy``."""
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm", stroke_width=stroke,
              stroke_fill=stroke_fill or fill)


def fit_size(text: str, max_w: float, max_size: int, min_size: int = 8) -> int:
    """The largest font size (<= max_size) at which ``text`` is at most ``max_w`` pixels wide."""
    size = max_size
    while size > min_size and font(size).getlength(text) > max_w:
        size -= 1
    return size


def text_vertical(draw: ImageDraw.ImageDraw, x: float, y0: float, y1: float, text: str,
                  max_size: int, fill: RGB) -> None:
    """Write ``text`` top to bottom, one character per line, centred on column ``x``."""
    n = max(len(text), 1)
    size = int(min(max_size, (y1 - y0) / n))
    for i, ch in enumerate(text):
        draw.text((x, y0 + (i + 0.5) * size), ch, font=font(size), fill=fill, anchor="mm")


def canvas(fill: RGB = (246, 242, 230)) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A fresh base-size RGB face canvas."""
    img = Image.new("RGB", BASE_WH, fill)
    return img, ImageDraw.Draw(img)


def to_bgr(img: Image.Image) -> np.ndarray:
    """Pillow RGB image -> contiguous BGR uint8 array."""
    return np.ascontiguousarray(np.asarray(img.convert("RGB"))[:, :, ::-1])
