"""Compose one synthetic photo: lay out the tiles, pick a camera and light, render, label, add effects."""
from __future__ import annotations

import math

import cv2
import numpy as np

from scorer.result import TilelensInputError, quoted_ja
from vision.faces import synth_game
from vision.synth import layouts
from vision.synth.effects import photo_effects
from vision.synth.geometry import Camera
from vision.synth.occluders import draw_occluders
from vision.synth.render import (MIN_VISIBLE, PROP_ID, choose_camera, draw_items, draw_shadows, draw_table,
                                 light_direction, visible_box)
from vision.synth.scene import MIN_READABLE, Layout, Scene, SceneTile
from vision.synth.textures import random_look

# Tile sizes in millimetres (width, height, thickness): riichi sets are about 26x35x20, Donjara tiles
# are smaller and thinner.
MAHJONG_MM = (26.0, 35.0, 20.0)
DONJARA_MM = (22.0, 30.0, 14.0)


class LayoutError(TilelensInputError):
    """An unknown layout name or an empty hand."""


def parse_layout(name: str | Layout) -> Layout:
    """A ``Layout`` from its name; ``LayoutError`` names the choices otherwise."""
    try:
        return Layout(str(name))
    except ValueError:
        choices = ", ".join(layout.value for layout in Layout)
        raise LayoutError(f"unknown layout {name!r} (expected one of: {choices})",
                          f"並べ方 (layout) {quoted_ja(name)}はありません ({choices} のどれかにしてください)") from None


def tile_size(game_id: str, rng: np.random.Generator) -> tuple[float, float, float]:
    """The tile size of the game's physical set, varied a little per scene."""
    base = MAHJONG_MM if synth_game(game_id).is_mahjong else DONJARA_MM
    k = rng.uniform(0.9, 1.15)
    return base[0] * k, base[1] * k, base[2] * k * rng.uniform(0.8, 1.2)


def compose(game_id: str, tile_ids: list[str], seed: int | np.random.Generator, layout: Layout, imgsz: int,
            extras: bool, style: int | None = None, effects: float = 1.0,
            melds: list[tuple[str, list[str]]] | None = None, span: tuple[float, float] | None = None) -> Scene:
    """Render ``tile_ids`` (validated ids) as one photo. ``extras`` adds table clutter, walls of backs,
    discards, occluding fingers and close-ups (training sets); without it the photo shows exactly the hand.
    ``melds``: called melds, (kind, tile ids) pairs, laid to the right of the hand (``layouts.called_melds``).
    ``span``: the fraction of the frame the tiles span, drawn from this range (``choose_camera``)."""
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    size = tile_size(game_id, rng)
    used = [*tile_ids, *(tid for _, ids in melds or () for tid in ids)]
    spare = pond_kinds(game_id, used, rng) if extras else []
    items = layouts.place(layout, tile_ids, size, rng, extras, spare)
    if melds:
        items += layouts.called_melds(items, melds, size, rng, standing_hand=layout in (Layout.RACK, Layout.MELDS))
    lo, hi = layouts.bounds(items)
    if extras and rng.random() < 0.35:
        items.append(layouts.table_edge(lo, hi, rng))
    close_up = extras and rng.random() < 0.12
    cam = choose_camera(layout, lo, hi, imgsz, rng, close_up, far_ok=extras, span=span)
    light = light_direction(rng)
    look = random_look(game_id, rng, style)

    img = draw_table(cam, imgsz, rng)
    tile_px = size[1] * cam.fy / max(float(np.linalg.norm(cam.pos - (lo + hi) / 2)), 1.0)
    draw_shadows(img, items, cam, light, rng, tile_px)
    mask = np.zeros((*img.shape[:2], 2), np.uint8)  # tile ids, face ids (see render.py)
    tile_idx = [k for k, it in enumerate(items) if it.tile_id is not None]
    if len(tile_idx) >= PROP_ID:  # the id mask holds one byte per pixel
        raise LayoutError(f"too many tiles for one photo: {len(tile_idx)} (at most {PROP_ID - 1})",
                          f"1枚の写真に牌が多すぎます: {len(tile_idx)}枚 ({PROP_ID - 1}枚まで)")
    ids = [PROP_ID] * len(items)
    for n, k in enumerate(tile_idx, start=1):
        ids[k] = n
    draw_items(img, mask, items, ids, look, cam, light, rng)
    if extras and rng.random() < 0.25:
        draw_occluders(img, mask, rng, tile_px, PROP_ID)
    tiles = _label(items, tile_idx, ids, mask, cam)
    img = photo_effects(img, rng, effects)
    settings = {"layout": layout.value, "style": look.style, "back_style": look.back_style,
                "tile_mm": [round(s, 1) for s in size], "close_up": close_up, "extras": extras,
                "camera_f": round(cam.fy, 1), "elevation_deg": round(math.degrees(math.asin(
                    max(-1.0, min(1.0, float(cam.R[2, 2] * -1))))), 1)}
    if melds:
        from scorer.riichi_tiles import mpsz

        settings["melds"] = [f"{kind}:{mpsz(ids)}" for kind, ids in melds]
    return Scene(img, tiles, layout, int(seed) if not isinstance(seed, np.random.Generator) else -1, look.style,
                 settings, np.ascontiguousarray(mask[:, :, 0]), np.ascontiguousarray(mask[:, :, 1]))


def pond_kinds(game_id: str, used: list[str], rng: np.random.Generator, draws: int = 12) -> list[str]:
    """The kinds a training scene's discard pond may show (``layouts.discards``): ``draws`` drawn uniformly over the
    game's kinds, a kind of which the set has no copy left beyond those ``used`` (the hand and its melds) and the
    pond's own before it taken as the next kind in the game's order that has one (none left at all: the pond ends
    there), so that no scene shows a kind more often than its set holds (a nogizaka scene with 2
    almighty-green, of which a set holds 1; `label check --game` flagged it). The same random numbers are drawn as
    before the cap, and the pond is as long: a scene that never went beyond renders as it did.

    >>> pond_kinds("nogizaka", ["almighty-green"], np.random.default_rng(0), draws=200).count("almighty-green")
    0
    """
    from collections import Counter

    tiles = synth_game(game_id).tiles
    kinds, left = [t.id for t in tiles], Counter({t.id: t.copies for t in tiles})
    left.subtract(used)
    pond = []
    for i in rng.integers(0, len(kinds), draws):
        kind = next((kinds[(i + j) % len(kinds)] for j in range(len(kinds)) if left[kinds[(i + j) % len(kinds)]] > 0),
                    None)
        if kind is None:
            break
        left[kind] -= 1
        pond.append(kind)
    return pond


def _label(items: list[layouts.Item], tile_idx: list[int], ids: list[int], mask: np.ndarray,
           cam: Camera) -> list[SceneTile]:
    """A ``SceneTile`` for every tile that shows enough of itself, in layout order: at least ``MIN_VISIBLE``
    of the whole tile, or at least ``MIN_READABLE`` of the big face it turns to the camera (its picture, or
    its back). The second matters where a tile's sides are hidden: a tile lying behind a standing hand, seen
    low, shows its whole face as a sliver while the hand hides the side below it, under a quarter of its box;
    such faces were left unlabelled beside others that look just the same and were labelled (a readable
    face that a detector must find and the evaluation names)."""
    out = []
    for k in tile_idx:
        it = items[k]
        got = visible_box(mask, ids[k], it.box, cam)
        if got is None:
            continue
        xyxy, visible, face_xyxy, face_px = got
        quad, normal = it.box.quad(2, 1)
        corners = cam.project(quad).astype(np.float32)
        front = float(normal @ (cam.pos - quad.mean(axis=0))) > 0  # the picture side towards the camera
        towards = corners if front else cam.project(it.box.quad(2, -1)[0]).astype(np.float32)
        big_shown = face_px / max(float(cv2.contourArea(towards)), 1.0)  # of the big face the camera sees
        if visible < MIN_VISIBLE and big_shown < MIN_READABLE:
            continue
        face_visible = not it.shows_back and front
        face_shown = big_shown if face_visible else 0.0
        out.append(SceneTile(xyxy, it.tile_id or "", it.shows_back, corners, round(min(visible, 1.0), 3),
                             face_visible, ids[k], face_xyxy, it.in_hand, round(min(face_shown, 1.0), 3)))
    return out
