"""The public entry points: one photo of a given hand, or a whole training set."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scorer.result import UnknownTileError, quoted_ja
from vision.faces import synth_game
from vision.synth.compose import LayoutError, compose, parse_layout
from vision.synth.scene import Layout, Scene


def resolve_tiles(game_id: str, tokens: list[str]) -> list[str]:
    """Tile ids for tokens as ``tilelens score`` accepts them (ids or Japanese names; for a mahjong game also
    riichi notation, several tiles a word: ``234m``, ``11z555z``, ``東東``); raises ``UnknownTileError``
    naming the first unknown token (a word of notation that is wrong, ``9z``, is that token).

    >>> resolve_tiles("tokyo-mahjong", ["234m", "東", "5z"])
    ['2m', '3m', '4m', '1z', '5z']
    """
    game = synth_game(game_id)
    ids: list[str] = []
    for tok in tokens:
        try:
            ids.append(game.tile(tok).id)
        except UnknownTileError as unknown:
            written = _notation(tok) if game.is_mahjong else None
            if written is None:
                raise unknown from None
            ids += [game.tile(i).id for i in written]
    return ids


def _notation(token: str) -> list[str] | None:
    """The riichi tile ids a word of notation writes (``234m``), or None when it is not notation."""
    from scorer.riichi_tiles import RiichiInputError, parse_tiles, tile_ids

    try:
        return tile_ids(parse_tiles([token]))
    except (RiichiInputError, UnknownTileError):
        return None


def render_hand(game_id: str, tile_ids: list[str], seed: int = 0, layout: str | Layout = "rack",
                imgsz: int = 640, style: int | None = None, effects: float = 1.0,
                melds: Sequence[str] = (), span: tuple[float, float] | None = None) -> Scene:
    """One photo of exactly ``tile_ids`` (ids or Japanese names, left to right) in ``layout``.

    The scene is a pure function of its arguments; ``style`` fixes the face style (random by seed
    otherwise); ``effects`` scales the chance of blur, noise, glare and JPEG (0 = a clean render).
    ``melds`` (riichi games): called melds in the scorer's notation (``"pon:555p"``, ``"ankan:1111z"``),
    laid face up to the right of the hand with the called tile turned sideways; the scene's tiles list
    the hand's first, then the melds' (``settings["melds"]``). ``span``: the hand spans a fraction of the
    frame drawn from this range (a hand photographed from a distance: ``(0.25, 0.4)``); by default 0.75-0.95.
    """
    if not tile_ids:
        raise LayoutError("a hand needs at least one tile", "手牌には牌が1枚以上要ります")
    if imgsz < 64:
        raise LayoutError(f"imgsz must be at least 64 pixels, got {imgsz}",
                          f"画像の辺 (imgsz) は 64ピクセル以上にしてください (いま {imgsz})")
    if int(seed) < 0:
        raise LayoutError(f"seed must be 0 or more, got {seed}", f"シード (seed) は 0 以上にしてください (いま {seed})")
    ids = resolve_tiles(game_id, list(tile_ids))
    if style is not None:
        from vision.synth.textures import face_styles

        if not 0 <= int(style) < face_styles(game_id):  # a style past the last wrapped round without a word
            last = face_styles(game_id) - 1
            raise LayoutError(f"style must be 0 to {last} for {game_id}, got {style}",
                              f"{game_id} の絵柄 (style) は 0 から {last} までです (いま {style})")
    called = [_meld_tiles(game_id, spec) for spec in melds]
    return compose(game_id, ids, int(seed), parse_layout(layout), int(imgsz), extras=False, style=style,
                   effects=effects, melds=called, span=_span(span))


def _span(span: tuple[float, float] | None) -> tuple[float, float] | None:
    if span is None:
        return None
    lo, hi = (float(v) for v in span)
    if not 0.05 <= lo <= hi <= 1.5:
        raise LayoutError(f"span must be two fractions of the frame, 0.05 <= low <= high <= 1.5, got {span}",
                          f"span は画面に対する2つの割合 (0.05 <= 下限 <= 上限 <= 1.5) にしてください (いま {span})")
    return lo, hi


def _meld_tiles(game_id: str, spec: str) -> tuple[str, list[str]]:
    """(kind, tile ids left to right) of a meld in the scorer's notation; a game without melds, or a
    spec that is not a meld, raises ``LayoutError``/``RiichiInputError`` naming it."""
    if not synth_game(game_id).is_mahjong:
        raise LayoutError(f"{game_id} has no called melds (got {spec!r})",
                          f"{game_id} には鳴きがありません ({quoted_ja(spec)}が指定されました)")
    from scorer.riichi_tiles import parse_meld, tile_ids

    meld = parse_meld(spec)
    return str(meld.kind), resolve_tiles(game_id, tile_ids(meld.codes))


def make_dataset(game_id: str, count: int, out_dir: str | Path, seed: int = 0, imgsz: int = 640,
                 val_fraction: float = 0.1, workers: int = 2, progress: bool = True, box: str = "tile") -> Path:
    """Write ``count`` synthetic photos in the Ultralytics layout under ``out_dir`` and return the path
    of its ``data.yaml`` (see ``vision.synth.dataset``). ``box="face"`` labels the visible faces only,
    the convention of the real Hong Kong set; ``"tile"`` (default) the whole visible tile."""
    from vision.synth.dataset import write_dataset

    return write_dataset(game_id, count, Path(out_dir), seed, imgsz, val_fraction, workers, progress, box)
