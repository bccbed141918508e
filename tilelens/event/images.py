"""Thumbnails and crops for the report, drawn with Pillow (no model, no OpenCV needed here)."""
from __future__ import annotations

import base64
import io

import numpy as np
from PIL import Image, ImageDraw

from tilelens.event.model import Severity, TileRef

THUMB_WIDTH = 480
CROP_HEIGHT = 96
COLOURS = {Severity.ERROR: (220, 38, 38), Severity.REVIEW: (234, 138, 0), Severity.NOTICE: (37, 99, 235)}


def to_pil(image_bgr: np.ndarray) -> Image.Image:
    """A BGR (OpenCV order) array as an RGB Pillow image."""
    if image_bgr.ndim == 2:
        return Image.fromarray(image_bgr).convert("RGB")
    return Image.fromarray(np.ascontiguousarray(image_bgr[..., 2::-1]))


def crop_tile(image: Image.Image, tile: TileRef, pad: float = 0.08) -> Image.Image:
    """The tile's box, a little padded, scaled to a fixed height."""
    x1, y1, x2, y2 = tile.xyxy
    px, py = (x2 - x1) * pad, (y2 - y1) * pad
    box = (max(0, int(x1 - px)), max(0, int(y1 - py)), min(image.width, int(x2 + px + 1)),
           min(image.height, int(y2 + py + 1)))
    if box[2] <= box[0] or box[3] <= box[1]:
        return Image.new("RGB", (CROP_HEIGHT // 2, CROP_HEIGHT), (128, 128, 128))
    crop = image.crop(box)
    scale = CROP_HEIGHT / crop.height
    return crop.resize((max(1, round(crop.width * scale)), CROP_HEIGHT))


def thumbnail(image: Image.Image, marks: dict[int, Severity], tiles: tuple[TileRef, ...]) -> Image.Image:
    """A small copy of the photo with every tile boxed: grey if fine, coloured by its worst finding."""
    scale = min(1.0, THUMB_WIDTH / image.width)
    thumb = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))))
    draw = ImageDraw.Draw(thumb)
    for t in tiles:
        colour = COLOURS.get(marks[t.index], (160, 160, 160)) if t.index in marks else (160, 160, 160)
        width = 3 if t.index in marks else 1
        draw.rectangle([v * scale for v in t.xyxy], outline=colour, width=width)
    return thumb


def encode(image: Image.Image, fmt: str = "PNG") -> bytes:
    """The image's file bytes (PNG for crops, JPEG for thumbnails)."""
    buf = io.BytesIO()
    image.save(buf, format=fmt, **({"quality": 80} if fmt == "JPEG" else {}))
    return buf.getvalue()


def data_uri(data: bytes, fmt: str = "PNG") -> str:
    """A ``data:`` URI, so the HTML page carries its images inside it."""
    mime = "image/jpeg" if fmt == "JPEG" else "image/png"
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"
