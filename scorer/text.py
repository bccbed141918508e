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

from collections.abc import Iterable, Mapping
from typing import Any

from scorer.catalog import Game
from scorer.engine import Wait, WaitLike, as_game
from scorer.result import GameFileError, ScoreResult, TilelensInputError, quoted_ja

NO_WAITS = {"en": "no waits", "ja": "待ちはありません"}


class NotDescribable(TilelensInputError, TypeError):
    """What ``describe`` was given is no result of ``score`` nor list of ``waits`` (a ``TypeError`` as well as a
    ``TilelensInputError``, with ``message_ja``)."""


def describe(result: ScoreResult | Iterable[WaitLike], game: Game | str | None = None, lang: str = "en", *,
             away: int | None = None) -> str:
    """``result`` (what ``score`` gives, or the list ``waits`` gives) as the command line's text: the yaku, the
    groups, who pays what, or why it is no win; one line a wait. ``game``: the game it was scored in (a ``Game``, an
    id or a file's path: a house table's names and currency); left out, a result's own game by its id
    (``result.game``: a shipped game, or one added in the app; a house table's ``Game`` is given, as its names and
    amounts are its own). A list of waits does not say its game: give it. ``lang``: ``"en"`` or ``"ja"``.
    ``away``: for an empty list of waits, how many tiles the hand is from a win (``tiles_from_win``), said with it.

    A ``TilelensInputError`` (a ``ValueError``, ``message_ja`` beside the English) for a ``lang`` other than
    ``en`` and ``ja``, a result or waits of another game than ``game`` (its text would name the wrong tiles, or
    fail); ``NotDescribable`` (a ``TypeError`` too) for what is neither.
    """
    if lang not in NO_WAITS:
        raise TilelensInputError(f"lang must be 'en' or 'ja', got {lang!r}",
                                 f"言語 (lang) は 'en' か 'ja' にしてください (いま {quoted_ja(lang)})")
    if isinstance(result, ScoreResult):
        game = _result_game(result, game)
        if game.engine == "riichi":
            from scorer import riichi_cli

            return riichi_cli.format_result(result, game, lang)
        from scorer import cli

        return cli.format_result(game, result, lang)
    if isinstance(result, (str, bytes, Mapping)) or not isinstance(result, Iterable):
        raise _not_describable(result)
    found: list[Any] = list(result)
    if game is None:
        raise TilelensInputError("describe needs the game for a list of waits (a wait does not say its game): "
                                 "describe(waits(game, tiles), game)",
                                 "待ちのリストを describe するにはゲームが必要です (待ちはゲームを持っていません): "
                                 "describe(waits(game, tiles), game)")
    game = as_game(game)
    _check_waits(found, game)
    if not found and away is None:
        return NO_WAITS[lang]
    away = 1 if away is None else away
    if game.engine == "riichi":
        from scorer import riichi_cli

        return riichi_cli.format_waits(found, away, game, lang)
    from scorer import cli

    return cli.format_waits(game, found, away, lang)


def _not_describable(thing: Any) -> NotDescribable:
    from scorer.catalog import shown

    return NotDescribable(f"describe takes what score gives (a ScoreResult) or what waits gives (a list of waits), "
                          f"got {shown(thing)}",
                          f"describe に渡せるのは score の結果 (ScoreResult) か waits の結果 (待ちのリスト) です "
                          f"(いま {shown(thing)})")


def _result_game(result: ScoreResult, game: Game | str | None) -> Game:
    """The game to say ``result`` in: ``game``, else the result's own by its id; refused where ``game`` is
    another game than the one the result was scored in."""
    if game is None:
        try:
            return as_game(result.game)
        except GameFileError:  # a club's own game, named by its file: not found by its id
            raise TilelensInputError(
                f"the result's game {result.game!r} is not found by its id: give the game it was scored in, "
                f"describe(result, game)",
                f"結果のゲーム{quoted_ja(result.game)}が id では見つかりません: 採点したゲームを指定してください "
                f"(describe(result, game))") from None
    game = as_game(game)
    if result.game != game.id:
        raise TilelensInputError(
            f"this result was scored in {result.game}, not {game.id}: describe it with the game it was scored in "
            f"(or leave game out)",
            f"この結果は {result.game} で採点したもので、{game.id} ではありません: 採点したゲームを指定してください "
            f"(game を省くと結果のゲームになります)")
    return game


def _check_waits(found: list[Any], game: Game) -> None:
    """Each of ``found`` a wait of ``game``'s engine (a riichi ``RiichiWait``, a Donjara ``Wait`` of one of its
    tiles): a wait of another game was said with the wrong words, or failed on a field it lacks."""
    if game.engine == "riichi":
        from scorer.riichi_waits import RiichiWait

        kind: type = RiichiWait
    else:
        kind = Wait
    tiles = {t.id for t in game.tiles}
    for wait in found:
        if not isinstance(wait, WaitLike):
            raise _not_describable(wait)
        if not isinstance(wait, kind) or wait.tile not in tiles:
            raise TilelensInputError(
                f"the wait {wait.tile!r} is not a wait of {game.id}: describe waits with the game they were found "
                f"in", f"待ち{quoted_ja(wait.tile)}は {game.id} の待ちではありません: 待ちを求めたゲームを指定してください")
