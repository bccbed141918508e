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
# Dark enough that a tile's number, white on its box's colour, reaches 4.5:1 (WCAG AA; the report's CSS uses the same
# orange, #9a5700, for its words); told apart without their colour too (greyscale, a colour-blind reader): an error's
# box a double line, a tile to confirm's a dashed one, a notice's one solid line, a fine tile's a thin grey one
COLOURS = {Severity.ERROR: (185, 28, 28), Severity.REVIEW: (154, 87, 0), Severity.NOTICE: (29, 78, 216)}
FINE = (160, 160, 160)
HALO = (255, 255, 255)  # under a flagged box's lines: told from a dark felt as well as a light one
DASH, GAP = 8, 5  # a dashed box's dashes and gaps, in the thumbnail's pixels


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
    worst finding and drawn as its severity's (``_box``); and numbered above its box (``index + 1``), as the report's
    list of the tiles read numbers them (and says which are flagged), so that picture and list are compared at a
    glance."""
    left, top, right, bottom = hand_region(image, tiles)
    region = image.crop((left, top, right, bottom))
    scale = min(THUMB_WIDTH / region.width, 3.0)  # upscale a small strip, but not into a blur
    thumb = region.resize((max(1, round(region.width * scale)), max(1, round(region.height * scale))))
    draw = ImageDraw.Draw(thumb)
    boxes = [[(t.xyxy[0] - left) * scale, (t.xyxy[1] - top) * scale, (t.xyxy[2] - left) * scale,
              (t.xyxy[3] - top) * scale] for t in tiles]
    rooms = number_rooms(boxes)
    for t, box in zip(tiles, boxes):
        _box(draw, box, marks.get(t.index))
    for t, box, room in zip(tiles, boxes, rooms):  # after every box: no box drawn over a number
        marked = t.index in marks
        _number(draw, box, t.index + 1, COLOURS[marks[t.index]] if marked else None, room)
    return thumb


def number_rooms(boxes: list[list[float]]) -> list[float]:
    """The width each box's number may take, centred on it: the distance from its centre to the nearest centre of a
    box beside it (one overlapping it from top to bottom: the same row), its own width where none is (a 14-tile hand's
    boxes overlap: numbered by their widths, 10-14 were drawn on top of each other).

    >>> number_rooms([[0, 0, 40, 50], [30, 0, 70, 50], [200, 0, 230, 50], [0, 100, 40, 150]])
    [30.0, 30.0, 30, 40]
    """
    def row(a: list[float], b: list[float]) -> bool:
        return min(a[3], b[3]) - max(a[1], b[1]) > 0.5 * min(a[3] - a[1], b[3] - b[1])

    def centre(b: list[float]) -> float:
        return (b[0] + b[2]) / 2

    out = []
    for i, a in enumerate(boxes):
        near = [abs(centre(a) - centre(b)) for j, b in enumerate(boxes) if j != i and row(a, b)]
        width = a[2] - a[0]
        out.append(min([width, *near]))  # its own width where no box is beside it
    return out


def number_size(text: str, room: float) -> int:
    """The font size of a tile's number ``text`` in ``room`` pixels (``number_rooms``): as the box's width asked
    before (at most 20), smaller until the number and its label's edges fit, 8 at the least.

    >>> number_size("1", 60), number_size("14", 60), number_size("14", 26) < 20, number_size("14", 2)
    (20, 20, True, 8)
    """
    size = int(min(20, max(10, room * 0.55)))
    while size > 8:
        left, _, right, _ = _font(size).getbbox(text)
        if right - left + 6 <= room:
            break
        size -= 1
    return size


def _box(draw: ImageDraw.ImageDraw, box: list[float], severity: Severity | None) -> None:
    """A tile's box as its worst finding's ``severity`` draws it, each told from the others by its line as well as
    its colour: an error's a double line, a tile to confirm's dashed, a notice's one line, a fine tile's (None) thin
    grey. A flagged box's lines each over a light ``HALO``: a dark line on a table's dark felt shows too."""
    if severity is None:
        draw.rectangle(box, outline=FINE, width=1)
        return
    colour = COLOURS[severity]
    if severity == Severity.REVIEW:
        _dashed(draw, box, colour, 3)
        return
    _outline(draw, box, colour, 3)
    inset = 6  # a second line inside, a gap between: still two lines on a tile of 20 px
    if severity == Severity.ERROR and box[2] - box[0] > 2 * inset + 4 and box[3] - box[1] > 2 * inset + 4:
        _outline(draw, [box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset], colour, 2)


def _outline(draw: ImageDraw.ImageDraw, box: list[float], colour: tuple[int, int, int], width: int) -> None:
    """``box``'s outline ``width`` thick inside it, as ``rectangle`` draws it, over a ``HALO`` line 1 px wider each
    side."""
    draw.rectangle(_grown(box), outline=HALO, width=width + 2)
    draw.rectangle(box, outline=colour, width=width)


def _grown(box: list[float]) -> list[float]:
    """``box`` 1 px larger each side (a halo's)."""
    return [box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1]


def _dashed(draw: ImageDraw.ImageDraw, box: list[float], colour: tuple[int, int, int], width: int) -> None:
    """``box``'s outline dashed (``DASH`` on, ``GAP`` off), ``width`` thick inside it, as ``rectangle`` draws it;
    each dash over a ``HALO`` 1 px larger each side (the gaps left as they are: still a dashed line)."""
    x1, y1, x2, y2 = box
    dashes = []
    for start, end, fixed, across in ((x1, x2, y1, False), (x1, x2, y2 - width + 1, False),
                                      (y1, y2, x1, True), (y1, y2, x2 - width + 1, True)):
        at = start
        while at < end:
            stop = min(at + DASH, end)
            dashes.append([fixed, at, fixed + width - 1, stop] if across else [at, fixed, stop, fixed + width - 1])
            at = stop + GAP
    for dash in dashes:  # every halo first: none drawn over a dash beside it
        draw.rectangle(_grown(dash), fill=HALO)
    for dash in dashes:
        draw.rectangle(dash, fill=colour)


def _number(draw: ImageDraw.ImageDraw, box: list[float], n: int, colour: tuple[int, int, int] | None,
            room: float) -> None:
    """Tile ``n``'s number, centred above its ``box`` in the margin ``hand_region`` leaves (inside its top where
    there is no room): dark on white, or white on the colour of its worst finding (``colour``); as large as ``room``
    lets it be (``number_size``: the boxes beside it)."""
    font = _font(number_size(str(n), room))
    text = str(n)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    w, h = right - left, bottom - top
    x = (box[0] + box[2]) / 2 - w / 2
    y = box[1] - h - 5 if box[1] - h - 5 >= 0 else box[1] + 4
    # a flagged number's label edged in white: a dark colour stands out on a dark table's felt too
    draw.rectangle([x - 2, y - 2, x + w + 2, y + h + 2], fill=colour or (255, 255, 255),
                   outline=(255, 255, 255) if colour else None)
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
