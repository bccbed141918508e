"""The tile kinds that faces and scenes are drawn for: the scorer's game catalogs, plus the pseudo game
``hk-mahjong`` (the 34 mahjong kinds and the eight flowers/seasons of the real Hong Kong photo set), so
that the recognizer can pre-train on synthetic Hong-Kong-like tiles.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from scorer import TileKind, load_game
from scorer.result import UnknownTileError

HK_GAME = "hk-mahjong"
# f1-f4 seasons (春夏秋冬), f5-f8 flowers (梅蘭菊竹), as in the real set's data.yaml.
_HK_EXTRA = [(f"f{i + 1}", ch, en) for i, (ch, en) in enumerate(
    zip("春夏秋冬梅蘭菊竹", ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum",
                         "Bamboo")))]


@dataclass(frozen=True)
class SynthGame:
    """What the picture factory needs to know about a game."""

    id: str
    name_ja: str
    engine: str  # "donjara" | "riichi"
    hand_size: int
    tiles: tuple[TileKind, ...]
    lookup: Callable[[str], TileKind] | None = field(default=None, compare=False, repr=False)

    def tile(self, token: str) -> TileKind:
        """The kind named by an ASCII id or Japanese name; ``UnknownTileError`` otherwise."""
        if self.lookup is not None:  # the scorer's lookup has better suggestions
            return self.lookup(token)
        for t in self.tiles:
            if token in (t.id, t.name_ja):
                return t
        near = tuple(t.id for t in self.tiles if t.id.startswith(token[:1]))[:5]
        raise UnknownTileError(token, self.id, near)

    @property
    def is_mahjong(self) -> bool:
        """True for riichi / Hong Kong style tiles (suits and honours)."""
        return self.engine == "riichi"


@lru_cache(maxsize=16)
def synth_game(game_id: str) -> SynthGame:
    """The catalog of ``game_id`` (a scorer game or ``hk-mahjong``); raises the scorer's
    ``GameFileError`` for an unknown game."""
    if game_id == HK_GAME:
        base = load_game("tokyo-mahjong")
        tiles = tuple(t for t in base.tiles if t.attrs.get("red") != "yes")
        extra = tuple(TileKind(id=i, name_ja=ja, name_en=en, copies=1,
                               attrs={"suit": "f", "rank": i[1], "red": "no"}) for i, ja, en in _HK_EXTRA)
        return SynthGame(HK_GAME, "香港麻雀", "riichi", 14, tiles + extra)
    game = load_game(game_id)
    return SynthGame(game.id, game.name_ja, game.engine, game.hand_size, tuple(game.tiles), game.tile)


def game_ids() -> list[str]:
    """Every game the factory can draw: the scorer's games and ``hk-mahjong``."""
    from scorer import list_games

    return [*list_games(), HK_GAME]
