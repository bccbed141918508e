"""Thumbnails and crops for the report, drawn with Pillow (no model, no OpenCV needed here)."""
from __future__ import annotations

import base64
import functools
import io

import numpy as np
from PIL import Image, ImageDraw, ImageFont

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


def hand_region(image: Image.Image, tiles: tuple[TileRef, ...]) -> tuple[int, int, int, int]:
    """The part of the photo that holds the tiles, with a margin of about one tile: a hand is often a
    small strip of a large photo, and the thumbnail should show the tiles, not the table."""
    if not tiles:
        return 0, 0, image.width, image.height
    x1 = min(t.xyxy[0] for t in tiles)
    y1 = min(t.xyxy[1] for t in tiles)
    x2 = max(t.xyxy[2] for t in tiles)
    y2 = max(t.xyxy[3] for t in tiles)
    margin = max(t.xyxy[3] - t.xyxy[1] for t in tiles)
    return (max(0, int(x1 - margin)), max(0, int(y1 - margin)), min(image.width, int(x2 + margin + 1)),
            min(image.height, int(y2 + margin + 1)))


def thumbnail(image: Image.Image, marks: dict[int, Severity], tiles: tuple[TileRef, ...]) -> Image.Image:
    """The hand's part of the photo, ``THUMB_WIDTH`` wide, every tile boxed: grey if fine, coloured by its
    worst finding; and numbered above its box (``index + 1``), as the report's list of the tiles read numbers them,
    so that picture and list are compared at a glance."""
    left, top, right, bottom = hand_region(image, tiles)
    region = image.crop((left, top, right, bottom))
    scale = min(THUMB_WIDTH / region.width, 3.0)  # upscale a small strip, but not into a blur
    thumb = region.resize((max(1, round(region.width * scale)), max(1, round(region.height * scale))))
    draw = ImageDraw.Draw(thumb)
    for t in tiles:
        marked = t.index in marks
        colour = COLOURS[marks[t.index]] if marked else (160, 160, 160)
        box = [(t.xyxy[0] - left) * scale, (t.xyxy[1] - top) * scale, (t.xyxy[2] - left) * scale,
               (t.xyxy[3] - top) * scale]
        draw.rectangle(box, outline=colour, width=3 if marked else 1)
        _number(draw, box, t.index + 1, colour if marked else None)
    return thumb


def _number(draw: ImageDraw.ImageDraw, box: list[float], n: int, colour: tuple[int, int, int] | None) -> None:
    """Tile ``n``'s number, centred above its ``box`` in the margin ``hand_region`` leaves (inside its top where
    there is no room): dark on white, or white on the colour of its worst finding (``colour``)."""
    size = int(min(20, max(10, (box[2] - box[0]) * 0.55)))
    font = _font(size)
    text = str(n)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    w, h = right - left, bottom - top
    x = (box[0] + box[2]) / 2 - w / 2
    y = box[1] - h - 5 if box[1] - h - 5 >= 0 else box[1] + 4
    draw.rectangle([x - 2, y - 2, x + w + 2, y + h + 2], fill=colour or (255, 255, 255))
    draw.text((x - left, y - top), text, font=font, fill=(255, 255, 255) if colour else (20, 20, 20))


@functools.cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own font at ``size`` (no font file of the system needed), loaded once a size."""
    return ImageFont.load_default(size=size)


def encode(image: Image.Image, fmt: str = "PNG") -> bytes:
    """The image's file bytes (PNG for crops, JPEG for thumbnails)."""
    buf = io.BytesIO()
    image.save(buf, format=fmt, **({"quality": 80} if fmt == "JPEG" else {}))
    return buf.getvalue()


def data_uri(data: bytes, fmt: str = "PNG") -> str:
    """A ``data:`` URI, so the HTML page carries its images inside it."""
    mime = "image/jpeg" if fmt == "JPEG" else "image/png"
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"
