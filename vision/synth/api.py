"""The public entry points: one photo of a given hand, or a whole training set."""
from __future__ import annotations

from pathlib import Path

from vision.faces import synth_game
from vision.synth.compose import LayoutError, compose, parse_layout
from vision.synth.scene import Layout, Scene


def resolve_tiles(game_id: str, tokens: list[str]) -> list[str]:
    """Tile ids for tokens as ``tilelens score`` accepts them (ids or Japanese names); raises
    ``UnknownTileError`` naming the first unknown token."""
    game = synth_game(game_id)
    return [game.tile(tok).id for tok in tokens]


def render_hand(game_id: str, tile_ids: list[str], seed: int = 0, layout: str | Layout = "rack",
                imgsz: int = 640, style: int | None = None, effects: float = 1.0) -> Scene:
    """One photo of exactly ``tile_ids`` (ids or Japanese names, left to right) in ``layout``.

    The scene is a pure function of its arguments; ``style`` fixes the face style (random by seed
    otherwise); ``effects`` scales the chance of blur, noise, glare and JPEG (0 = a clean render).
    """
    if not tile_ids:
        raise LayoutError("a hand needs at least one tile")
    if imgsz < 64:
        raise LayoutError(f"imgsz must be at least 64 pixels, got {imgsz}")
    if int(seed) < 0:
        raise LayoutError(f"seed must be 0 or more, got {seed}")
    ids = resolve_tiles(game_id, list(tile_ids))
    return compose(game_id, ids, int(seed), parse_layout(layout), int(imgsz), extras=False, style=style,
                   effects=effects)


def make_dataset(game_id: str, count: int, out_dir: str | Path, seed: int = 0, imgsz: int = 640,
                 val_fraction: float = 0.1, workers: int = 2, progress: bool = True, box: str = "tile") -> Path:
    """Write ``count`` synthetic photos in the Ultralytics layout under ``out_dir`` and return the path
    of its ``data.yaml`` (see ``vision.synth.dataset``). ``box="face"`` labels the visible faces only,
    the convention of the real Hong Kong set; ``"tile"`` (default) the whole visible tile."""
    from vision.synth.dataset import write_dataset

    return write_dataset(game_id, count, Path(out_dir), seed, imgsz, val_fraction, workers, progress, box)
