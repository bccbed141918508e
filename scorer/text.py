"""A result as plain text, for a script or a bot: ``describe(score(...), game)`` says a score as ``tilelens score``
prints it, ``describe(waits(...), game)`` the waits as ``tilelens waits`` does, in English or Japanese.

>>> from scorer import score
>>> print(describe(score("nogizaka", ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3, riichi=True), "nogizaka"))
基本セット (Basic set): 60 points
  set [Rarin]: rarin rarin rarin
  set [Marika]: marika marika marika
  set [Minami]: minami minami minami
  player 1 pays 20 points
  player 2 pays 20 points
  player 3 pays 20 points
  the winner receives 60 points + 10 points of riichi chips (10 of them the winner's own)
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorer.catalog import Game
from scorer.engine import WaitLike, as_game
from scorer.result import HandError, InputProblem, ScoreResult

NO_WAITS = {"en": "no waits", "ja": "待ちはありません"}


def describe(result: ScoreResult | Iterable[WaitLike], game: Game | str, lang: str = "en", *,
             away: int | None = None) -> str:
    """``result`` (what ``score`` gives, or the list ``waits`` gives) as the command line's text: the yaku, the
    groups, who pays what, or why it is no win; one line a wait. ``game``: the game it was scored in (a ``Game``, an
    id or a file's path: a house table's names and currency); ``lang``: ``"en"`` or ``"ja"``. ``away``: for an
    empty list of waits, how many tiles the hand is from a win (``tiles_from_win``), said with it."""
    if lang not in NO_WAITS:
        raise HandError(f"lang must be en or ja, got {lang!r}", f"言語 (lang) は en か ja にしてください (いま {lang!r})",
                        InputProblem.OPTION)
    game = as_game(game)
    if isinstance(result, ScoreResult):
        if game.engine == "riichi":
            from scorer import riichi_cli

            return riichi_cli.format_result(result, game, lang)
        from scorer import cli

        return cli.format_result(game, result, lang)
    found: list[Any] = list(result)
    if not found and away is None:
        return NO_WAITS[lang]
    away = 1 if away is None else away
    if game.engine == "riichi":
        from scorer import riichi_cli

        return riichi_cli.format_waits(found, away, game, lang)
    from scorer import cli

    return cli.format_waits(game, found, away, lang)
