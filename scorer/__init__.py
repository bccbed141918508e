"""tilelens scoring core: game catalogs (data files), the Donjara engine and the riichi adapter.

>>> from scorer import load_game
>>> [load_game(g).total_tiles for g in ("cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong")]
[84, 81, 81, 136]
"""
from scorer.catalog import Game, TileKind, Unit, list_games, load_game
from scorer.result import (GameFileError, Payment, ScoreResult, TilelensInputError, UnknownTileError,
                           WinKind, YakuHit)

__all__ = ["Game", "GameFileError", "Payment", "ScoreResult", "TileKind", "TilelensInputError", "Unit",
           "UnknownTileError", "WinKind", "YakuHit", "list_games", "load_game"]
