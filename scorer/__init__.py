"""tilelens scoring core: game catalogs (data files), the Donjara engine and the riichi adapter.

>>> from scorer import load_game, score
>>> [load_game(g).total_tiles for g in ("cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong")]
[84, 81, 81, 136]
>>> r = score("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"], riichi=True)
>>> r.yaku[0].name, r.points, [p.amount for p in r.payments], r.pot
('基本セット', 60, [20, 20, 20], 10)

``RiichiWait`` (what ``waits`` gives for a riichi game) is imported when first asked for: the ``mahjong`` package
it needs is not loaded for a Donjara game.
"""
from typing import Any

from scorer.catalog import Game, TileKind, Unit, list_games, load_game
from scorer.engine import (ScoreOptions, Wait, WaitLike, default_win, parse_hand, score, tiles_from_win,
                            waits)
from scorer.result import (GameFileError, HandError, InputProblem, Payment, ScoreResult, TilelensInputError,
                           UnknownTileError, WinKind, YakuHit)
from scorer.riichi_tiles import RiichiInputError
from scorer.text import describe

__all__ = ["Game", "GameFileError", "HandError", "InputProblem", "Payment", "RiichiInputError", "RiichiWait",
           "ScoreOptions", "ScoreResult", "TileKind", "TilelensInputError", "Unit", "UnknownTileError", "Wait",
           "WaitLike", "WinKind", "YakuHit", "default_win", "describe", "list_games", "load_game", "parse_hand",
           "score", "tiles_from_win", "waits"]


def __getattr__(name: str) -> Any:
    if name == "RiichiWait":
        from scorer.riichi_waits import RiichiWait

        return RiichiWait
    raise AttributeError(f"module 'scorer' has no attribute {name!r}")
