"""tilelens scoring core: game catalogs (data files), the Donjara engine and the riichi adapter.

>>> from scorer import load_game, score
>>> [load_game(g).total_tiles for g in ("cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong")]
[84, 81, 81, 136]
>>> r = score("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"], riichi=True)
>>> r.yaku[0].name, r.points, [p.amount for p in r.payments], r.pot
('基本セット', 60, [20, 20, 20], 10)
"""
from scorer.catalog import Game, TileKind, Unit, list_games, load_game
from scorer.engine import ScoreOptions, Wait, parse_hand, score, tiles_from_win, waits
from scorer.result import (GameFileError, HandError, Payment, ScoreResult, TilelensInputError, UnknownTileError,
                           WinKind, YakuHit)

__all__ = ["Game", "GameFileError", "HandError", "Payment", "ScoreOptions", "ScoreResult", "TileKind",
           "TilelensInputError", "Unit", "UnknownTileError", "Wait", "WinKind", "YakuHit", "list_games",
           "load_game", "parse_hand", "score", "tiles_from_win", "waits"]
