"""Classifier training crops cut from synthetic photos (``vision.synth``), the way ``read`` cuts them.

Crops come from whole rendered scenes (racks, flat rows, scattered tiles, grids; every face style,
lighting and camera the compositor draws), cut around each tile's box like a detector box, so the
classifier learns the crops it will see at run time.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import numpy as np
from tqdm import tqdm

from vision.cli_args import progress_bar  # a bar where stderr is a terminal, lines in a log

from vision.cropset import CONTEXT, CropSet, bar_said

MIN_VISIBLE = 0.8  # a tile mostly hidden by another teaches the wrong face
VISION = Path(__file__).parent


@lru_cache(maxsize=None)
def renderer_stamp(root: Path = VISION) -> str:
    """Eight hex digits that change whenever what renders training crops changes: the code of
    ``vision.synth`` and ``vision.faces``, their assets, and this module. Part of a crop cache's file
    name, so that a cache rendered by older code (say, before faces nobody can read were left out) is
    never taken for a new one."""
    h = hashlib.sha256()
    files = [root / "scene_crops.py"] + [f for d in ("synth", "faces", "assets") for f in (root / d).rglob("*")
                                          if f.is_file() and "__pycache__" not in f.parts]
    for f in sorted(files):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()[:8]


def rendered_cropset(game_id: str, per_kind: int, seed: int = 0, imgsz: int = 640, size: int = 96,
                     progress: bool = True) -> CropSet:
    """About ``per_kind`` crops of each of the game's tile kinds, from scenes of ``seed`` (scene ``i``
    of a seed is always the same, so two calls with one seed give the same crops)."""
    from scorer.catalog import load_game
    from vision.classifier import crop_boxes
    from vision.synth.dataset import render_scene

    game = load_game(game_id)
    classes = [t.id for t in game.tiles]
    index = {c: i for i, c in enumerate(classes)}
    want = per_kind * len(classes)
    crops, labels, groups = [], [], []
    scene_no = 0
    # closed on the way out (Ctrl-C too): left open, it was drawn again under "interrupted", once the
    # interrupt's traceback let it go
    with progress_bar(total=want, asked=progress, desc=bar_said("rendering", game=game_id), unit=bar_said("crop"),
                      bar=tqdm) as bar:
        while len(labels) < want:
            scene = render_scene(game_id, seed, scene_no, imgsz)
            tiles = [t for t in scene.tiles if t.readable and t.visible >= MIN_VISIBLE]
            if tiles:
                xyxy = np.array([t.xyxy for t in tiles], np.float32)
                crops.append(crop_boxes(scene.image, xyxy, size, margin=0.0, context=CONTEXT))
                labels += [index[t.tile_id] for t in tiles]
                groups += [f"{seed}-{scene_no}"] * len(tiles)
                bar.update(len(tiles))
            scene_no += 1
    return CropSet(np.concatenate(crops), np.array(labels, np.int64), classes, np.array(groups))
