"""Result types shared by every game engine (Donjara and riichi alike).

A legal hand that does not win is a ``ScoreResult`` with ``winning=False`` and a ``reason``;
bad input raises a ``TilelensInputError`` subclass instead.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class WinKind(StrEnum):
    TSUMO = "tsumo"
    RON = "ron"


class TilelensInputError(ValueError):
    """Bad input from a user: the message is one clear line naming the problem. ``message_ja`` says it in
    Japanese where a screen shows it ("" where only English is written)."""

    def __init__(self, message: str = "", message_ja: str = "") -> None:
        super().__init__(message)
        self.message_ja = message_ja


class UnknownTileError(TilelensInputError):
    """A tile name or id that the game's catalog does not hold."""

    def __init__(self, token: str, game_id: str, suggestions: tuple[str, ...] = ()):
        self.token, self.game_id, self.suggestions = token, game_id, tuple(suggestions)
        hint = f" (did you mean: {', '.join(suggestions)}?)" if suggestions else ""
        hint_ja = f" (もしかして: {', '.join(suggestions)})" if suggestions else ""
        super().__init__(f"unknown tile {token!r} for game {game_id}{hint}",
                         f"{token!r} は {game_id} の牌にありません{hint_ja}")


class GameFileError(TilelensInputError):
    """A game data file that cannot be read or does not validate."""


class HandError(TilelensInputError):
    """A hand that cannot be scored: wrong tile count, more copies than the set holds, bad option."""


@dataclass(frozen=True)
class YakuHit:
    """One yaku that a hand scores. Donjara yaku carry ``points``; riichi yaku carry ``han``."""

    name: str
    name_en: str
    points: int | None = None
    han: int | None = None


@dataclass(frozen=True)
class Payment:
    """What one player pays the winner. ``payer`` is a seat label (e.g. "discarder", "seat 2")."""

    payer: str
    amount: int
    note: str = ""


@dataclass(frozen=True)
class ScoreResult:
    """The outcome of scoring one hand, the same shape for every game.

    ``points`` is what the winner receives for the hand (sum of ``payments``, before any riichi pot);
    ``value`` is what the hand would be worth if the win were allowed (set even when ``winning`` is
    False because, say, no riichi was declared).
    """

    game: str
    winning: bool
    yaku: tuple[YakuHit, ...] = ()
    points: int = 0
    payments: tuple[Payment, ...] = ()
    reason: str | None = None
    value: int = 0
    decomposition: tuple[dict[str, Any], ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    # Added for the Donjara engine (defaults keep older callers working):
    pot: int = 0  # riichi chips on the table that the winner also takes (not in ``points``)
    chombo: str | None = None  # the chombo case, when the declared win is a chombo
    penalty: int = 0  # what the chombo costs the declarer
    reason_ja: str | None = None  # ``reason`` in Japanese, for the app's Japanese screens

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the CLI's ``--json`` shape)."""
        d = asdict(self)
        d["yaku"] = [asdict(y) for y in self.yaku]
        d["payments"] = [asdict(p) for p in self.payments]
        d["decomposition"] = list(self.decomposition)
        return d
