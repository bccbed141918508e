"""Donjara faces, drawn from the catalog alone so that a new edition gets faces with no code.

A face has a frame in the tile's type/colour, a procedural picture unique to the tile (a portrait, or a
creature when the catalog identifies tiles by ``picture``), the Japanese name, and the status mark and
tiara mark where the catalog has them. Almighty tiles get a starburst face of their own.

A face depends on the tile, not on the file that holds its game (``picture_seed``, ``game_of``): a club's edited copy
of a game (its house table, or a file of its own id) draws its unchanged tiles as the box's game does, which the
shipped models learnt, and a new member gets a face of her own.
"""
from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from scorer import TileKind
from vision.faces.draw import (BASE_WH, NAMED_COLOURS, RGB, canvas, colour_for, fit_size, hue_colour,
                               mix, rng_for, text_centered, text_vertical, to_bgr)

STYLES = 3
WHITE: RGB = (252, 252, 250)
INK: RGB = (30, 30, 40)
STATUS_COLOURS: dict[str, RGB] = {"Vo": (235, 60, 110), "Da": (40, 120, 235), "Vi": (245, 170, 20),
                                  "All": (150, 90, 210)}
SKIN = [(255, 224, 200), (250, 212, 180), (240, 200, 170), (255, 232, 215)]


@lru_cache(maxsize=1)
def _box_tiles() -> dict[tuple[str, str, str], str]:
    """Each shipped Donjara game's tile, by its id and names, to that game's id: read from the shipped files
    themselves (never a house table edited in the app, which the command line may be playing)."""
    from scorer.catalog import GAMES_DIR, list_games, load_game

    found: dict[tuple[str, str, str], str] = {}
    for game_id in list_games():
        game = load_game(Path(GAMES_DIR) / f"{game_id}.toml")
        if game.engine == "riichi":
            continue
        for t in game.tiles:
            found.setdefault((t.id, t.name_ja, t.name_en), game_id)
    return found


def box_game_of(kind: TileKind) -> str:
    """The shipped game whose tile ``kind`` is (the same id and names), or ""."""
    return _box_tiles().get((kind.id, kind.name_ja, kind.name_en), "")


def picture_seed(kind: TileKind) -> tuple[str, ...]:
    """What a tile's picture is drawn from (``rng_for("picture", *seed)``): the tile itself. A tile of a shipped game
    (the same id and names) keeps the seed it was drawn with, its game's id and its id, in any file that holds it;
    any other tile, its id and names.

    >>> from scorer import load_game
    >>> picture_seed(load_game("nogizaka").tile("minami"))
    ('nogizaka', 'minami')
    >>> picture_seed(TileKind(id="sakura", name_ja="さくら", name_en="Sakura", copies=6, attrs={}))
    ('sakura', 'さくら', 'Sakura')
    """
    box = box_game_of(kind)
    return (box, kind.id) if box else (kind.id, kind.name_ja, kind.name_en)


def game_of(game_id: str, kind: TileKind) -> str:
    """The game a tile's face is drawn as (its frame's colour where the tile names none): the shipped game whose
    tile it is, else the id its game file gives itself (a file's path names no game)."""
    box = box_game_of(kind)
    if box:
        return box
    from vision.faces.catalog import synth_game

    try:
        return synth_game(game_id).id
    except Exception:  # noqa: BLE001 - a game that cannot be loaded here is drawn by the name it was given
        return game_id


def frame_colour(game_id: str, kind: TileKind) -> RGB:
    """The frame colour: the tile's type/colour attribute, else a colour-like attribute, else the game's
    (``game_of``: the shipped game of a tile of one, in any file)."""
    for key in ("type", "colour", "color"):
        if key in kind.attrs:
            return colour_for(kind.attrs[key])
    for value in kind.attrs.values():
        if value.lower() in NAMED_COLOURS:
            return NAMED_COLOURS[value.lower()]
    return colour_for(f"game:{game_of(game_id, kind)}")


def _pattern(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], rng: np.random.Generator, col: RGB) -> None:
    """A background pattern for the picture: stripes, dots, stars or rays."""
    x0, y0, x1, y1 = box
    kind = int(rng.integers(4))
    light = mix(col, WHITE, .55 + .3 * rng.random())
    d.rectangle(box, fill=mix(col, WHITE, .8))
    if kind == 0:
        step = int(rng.integers(10, 22))
        for x in range(x0 - (y1 - y0), x1, step):
            d.line((x, y1, x + (y1 - y0), y0), fill=light, width=step // 2)
    elif kind == 1:
        step = int(rng.integers(12, 22))
        for y in range(y0, y1, step):
            for x in range(x0 + (y // step % 2) * step // 2, x1, step):
                d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=light)
    elif kind == 2:
        for _ in range(int(rng.integers(4, 9))):
            _star(d, x0 + rng.random() * (x1 - x0), y0 + rng.random() * (y1 - y0), 5 + rng.random() * 8, light)
    else:
        cx, cy = (x0 + x1) / 2, y1
        for k in range(0, 360, 30):
            a0, a1 = math.radians(k), math.radians(k + 15)
            r = 3 * (x1 - x0)
            d.polygon([(cx, cy), (cx + r * math.cos(a0), cy + r * math.sin(a0)),
                       (cx + r * math.cos(a1), cy + r * math.sin(a1))], fill=light)


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, col: RGB) -> None:
    pts = [(cx + (r if k % 2 == 0 else r * .45) * math.sin(k * math.pi / 5),
            cy - (r if k % 2 == 0 else r * .45) * math.cos(k * math.pi / 5)) for k in range(10)]
    d.polygon(pts, fill=col)


def _portrait(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], rng: np.random.Generator) -> None:
    """A simple idol portrait: hair, face, eyes and an accessory, all chosen by ``rng``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = x0 + w * (.45 + .1 * rng.random()), y0 + h * (.5 + .06 * rng.random())
    fr = min(w, h) * (.26 + .06 * rng.random())
    hair = hue_colour(rng.random(), .3 + .6 * rng.random(), .25 + .7 * rng.random())
    skin = SKIN[int(rng.integers(len(SKIN)))]
    style = int(rng.integers(4))
    # shoulders / outfit
    outfit = hue_colour(rng.random(), .6, .85)
    d.ellipse((cx - fr * 1.6, cy + fr * .9, cx + fr * 1.6, cy + fr * 3.2), fill=outfit)
    if style in (1, 3):  # long hair behind the face
        d.rounded_rectangle((cx - fr * 1.25, cy - fr * 1.1, cx + fr * 1.25, cy + fr * (1.3 + rng.random())),
                            radius=int(fr * .6), fill=hair)
    if style == 2:  # twin tails
        for s in (-1, 1):
            d.ellipse((cx + s * fr * 1.5 - fr * .45, cy - fr * .2, cx + s * fr * 1.5 + fr * .45, cy + fr * 1.6),
                      fill=hair)
    d.ellipse((cx - fr, cy - fr * 1.05, cx + fr, cy + fr * 1.05), fill=skin)
    # fringe: a chord of hair over the forehead, its shape varies
    d.chord((cx - fr * 1.1, cy - fr * 1.35, cx + fr * 1.1, cy + fr * (.1 + .3 * rng.random())),
            180 + int(rng.integers(-10, 10)), 360 + int(rng.integers(-10, 10)), fill=hair)
    if style == 3:  # ponytail on one side
        s = 1 if rng.random() < .5 else -1
        d.ellipse((cx + s * fr * .9 - fr * .35, cy - fr * 1.3, cx + s * fr * .9 + fr * .35, cy - fr * .4), fill=hair)
    eye = hue_colour(rng.random(), .7, .55)
    ey = cy + fr * .15
    for s in (-1, 1):
        ex = cx + s * fr * .4
        d.ellipse((ex - fr * .15, ey - fr * .2, ex + fr * .15, ey + fr * .2), fill=eye)
        d.ellipse((ex - fr * .06, ey - fr * .14, ex + fr * .02, ey - fr * .04), fill=WHITE)
    mouth = int(rng.integers(3))
    my = cy + fr * .6
    if mouth == 0:
        d.arc((cx - fr * .25, my - fr * .2, cx + fr * .25, my + fr * .12), 20, 160, fill=(190, 60, 70), width=2)
    elif mouth == 1:
        d.ellipse((cx - fr * .12, my - fr * .1, cx + fr * .12, my + fr * .12), fill=(200, 70, 80))
    else:
        d.line((cx - fr * .15, my, cx + fr * .15, my), fill=(190, 60, 70), width=2)
    acc = int(rng.integers(4))
    acc_col = hue_colour(rng.random(), .8, .95)
    if acc == 0:  # ribbon
        ax, ay = cx + fr * .7 * (1 if rng.random() < .5 else -1), cy - fr * .95
        d.polygon([(ax, ay), (ax - fr * .4, ay - fr * .25), (ax - fr * .4, ay + fr * .25)], fill=acc_col)
        d.polygon([(ax, ay), (ax + fr * .4, ay - fr * .25), (ax + fr * .4, ay + fr * .25)], fill=acc_col)
    elif acc == 1:  # hat
        d.rectangle((cx - fr * 1.2, cy - fr * 1.1, cx + fr * 1.2, cy - fr * .95), fill=acc_col)
        d.rounded_rectangle((cx - fr * .7, cy - fr * 1.7, cx + fr * .7, cy - fr * 1.0), radius=6, fill=acc_col)
    elif acc == 2:  # glasses
        for s in (-1, 1):
            ex = cx + s * fr * .4
            d.ellipse((ex - fr * .25, ey - fr * .25, ex + fr * .25, ey + fr * .25), outline=INK, width=2)


def _creature(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], rng: np.random.Generator) -> None:
    """A yokai-like creature: a lumpy body, one to three eyes, horns or ears."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy, r = x0 + w / 2, y0 + h * .55, min(w, h) * (.3 + .08 * rng.random())
    body = hue_colour(rng.random(), .5 + .4 * rng.random(), .6 + .35 * rng.random())
    n = int(rng.integers(5, 11))
    radii = r * (.75 + .45 * rng.random(n))
    pts = [(cx + radii[k] * math.cos(2 * math.pi * k / n), cy + radii[k] * math.sin(2 * math.pi * k / n) * 1.1)
           for k in range(n)]
    d.polygon(pts, fill=body, outline=INK)
    if rng.random() < .6:  # horns or ears
        hc = hue_colour(rng.random(), .5, .9)
        for s in (-1, 1):
            d.polygon([(cx + s * r * .3, cy - r * .6), (cx + s * r * .75, cy - r * (1.2 + .5 * rng.random())),
                       (cx + s * r * .75, cy - r * .4)], fill=hc, outline=INK)
    eyes = int(rng.integers(1, 4))
    for k in range(eyes):
        ex = cx + (k - (eyes - 1) / 2) * r * .55
        er = r * (.22 if eyes > 1 else .35)
        d.ellipse((ex - er, cy - r * .25 - er, ex + er, cy - r * .25 + er), fill=WHITE, outline=INK)
        d.ellipse((ex - er * .45, cy - r * .25 - er * .45, ex + er * .45, cy - r * .25 + er * .45), fill=INK)
    if rng.random() < .5:
        d.arc((cx - r * .4, cy, cx + r * .4, cy + r * .5), 10, 170, fill=INK, width=3)
    else:
        d.polygon([(cx - r * .3, cy + r * .25), (cx + r * .3, cy + r * .25), (cx, cy + r * .55)], fill=(180, 40, 60))


def _status_badge(d: ImageDraw.ImageDraw, cx: float, cy: float, status: str, r: float = 17) -> None:
    col = STATUS_COLOURS.get(status, colour_for(status))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col, outline=WHITE, width=2)
    text_centered(d, (cx, cy + 1), status, int(r * (1.0 if len(status) <= 2 else .8)), WHITE)


def _tiara(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float = 15) -> None:
    gold, gem = (235, 190, 40), (230, 60, 120)
    d.polygon([(cx - s, cy + s * .5), (cx - s, cy - s * .4), (cx - s * .5, cy), (cx, cy - s * .7),
               (cx + s * .5, cy), (cx + s, cy - s * .4), (cx + s, cy + s * .5)], fill=gold, outline=(150, 110, 20))
    d.ellipse((cx - s * .2, cy - s * .1, cx + s * .2, cy + s * .3), fill=gem)


def _marks(d: ImageDraw.ImageDraw, kind: TileKind, status_xy: tuple[float, float],
           tiara_xy: tuple[float, float]) -> None:
    if "status" in kind.attrs:
        _status_badge(d, *status_xy, kind.attrs["status"])
    if kind.attrs.get("tiara") == "yes":
        _tiara(d, *tiara_xy)


def _picture(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], game_id: str, kind: TileKind,
             col: RGB) -> None:
    rng = rng_for("picture", *picture_seed(kind))  # the tile's own: not the file's path or id (``picture_seed``)
    _pattern(d, box, rng, col)
    if "picture" in kind.attrs:
        _creature(d, box, rng)
    else:
        _portrait(d, box, rng)


def _almighty(game_id: str, kind: TileKind, style: int) -> Image.Image:
    """Almighty: a starburst in the tile's colour (gold when it has none), a big star and "ALL"."""
    col = frame_colour(game_id, kind) if kind.attrs else (225, 180, 40)
    img, d = canvas(mix(col, WHITE, .35))
    w, h = BASE_WH
    cx, cy = w / 2, h * (.45 if style != 2 else .55)
    for k in range(0, 360, 20):
        a0, a1 = math.radians(k), math.radians(k + 10)
        rays = hue_colour(k / 360, .55, 1.0) if style == 1 else mix(col, WHITE, .7)
        d.polygon([(cx, cy), (cx + 300 * math.cos(a0), cy + 300 * math.sin(a0)),
                   (cx + 300 * math.cos(a1), cy + 300 * math.sin(a1))], fill=rays)
    _star(d, cx, cy, 48, (250, 215, 60))
    _star(d, cx, cy, 30, col)
    text_centered(d, (cx, cy + 62 if style != 2 else h * .15), "ALL", 30, WHITE, stroke=3, stroke_fill=INK)
    name = kind.name_ja
    size = fit_size(name, w - 16, 20)
    d.rectangle((0, h - 30, w, h), fill=col)
    text_centered(d, (w / 2, h - 15), name, size, WHITE, stroke=1, stroke_fill=INK)
    d.rectangle((0, 0, w - 1, h - 1), outline=col, width=6)
    return img


def donjara_face(game_id: str, kind: TileKind, style: int) -> np.ndarray:
    """The face of a Donjara tile kind at base size (BGR); ``style`` in ``range(STYLES)``."""
    style %= STYLES
    if kind.almighty:
        return to_bgr(_almighty(game_id, kind, style))
    col = frame_colour(game_id, kind)
    w, h = BASE_WH
    name = kind.name_ja
    if style == 0:  # thick frame, picture on top, name band at the bottom
        img, d = canvas(col)
        _picture(d, (9, 9, w - 9, h - 42), game_id, kind, col)
        size = fit_size(name, w - 14, 24)
        text_centered(d, (w / 2, h - 21), name, size, WHITE, stroke=1, stroke_fill=mix(col, INK, .5))
        _marks(d, kind, (28, 30), (w - 26, 26))
    elif style == 1:  # white tile, coloured inner frame, vertical name on the right
        img, d = canvas(WHITE)
        d.rounded_rectangle((5, 5, w - 6, h - 6), radius=12, outline=col, width=5)
        _picture(d, (12, 12, w - 40, h - 12), game_id, kind, col)
        d.rectangle((w - 38, 12, w - 12, h - 12), fill=mix(col, WHITE, .75))
        text_vertical(d, w - 25, 16, h - 16, name, 24, INK)
        _marks(d, kind, (30, h - 30), (30, 28))
    else:  # picture to the edges, name on top in outlined letters
        img, d = canvas(col)
        _picture(d, (0, 0, w, h), game_id, kind, col)
        d.rectangle((0, 0, w - 1, h - 1), outline=mix(col, INK, .3), width=4)
        size = fit_size(name, w - 12, 26)
        text_centered(d, (w / 2, 20), name, size, INK, stroke=2, stroke_fill=WHITE)
        _marks(d, kind, (w - 26, h - 26), (24, h - 26))
    return to_bgr(img)
