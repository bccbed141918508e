"""The table ledger: players, their points, the dealer and its rotation, the riichi pot, every hand.

Pure Python and ``sqlite3`` (no Streamlit), so it is tested on its own and the app only draws it.
Hands are stored as entered (who won, who paid what, who declared riichi); the table state (totals,
dealer, pot, honba, end of the match) is always replayed from them under the rules saved with the match,
so undoing the last hand is deleting one row, and a reload or a restart loses nothing. Each hand has an id
that no other hand of the file ever gets (an undo and a new hand included), by which a screen names the last
hand it showed; each add returns the id of the hand it added.

>>> import tempfile, os
>>> ledger = Ledger(os.path.join(tempfile.mkdtemp(), "t.sqlite"))
>>> m = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
>>> hand_id = ledger.add_win(m, winner=1, win_kind="ron", payments={2: 100}, riichi=(1, 3))
>>> ledger.hands(m)[-1].id == hand_id
True
>>> s = ledger.state(m)
>>> s.totals, s.dealer, s.pot
((1000, 1110, 900, 990), 1, 0)
"""
from __future__ import annotations

import csv
import difflib
import hashlib
import io
import json
import numbers
import os
import re
import secrets
import sqlite3
import stat
import time
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass, field, replace
from datetime import date, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any

from scorer.catalog import spelt_value, written_bare
from scorer.engine import score
from scorer.payout import REMAINDER_NOTE, noten_transfers
from scorer.result import CONTROL, TilelensInputError, echoed, game_name_ja, printable, quoted_ja
from scorer.riichi_tiles import Wind
from tilelens.files import not_a_file_said
from tilelens.home import file_in_the_way


class LedgerError(TilelensInputError):
    """A ledger entry that cannot be recorded (bad seat, ended match, unknown match)."""


class MatchDamagedError(LedgerError):
    """A match stored so that it cannot be read (a file edited by hand, an older version's rules): told from a
    file that is busy or no ledger, as its last hand may be undone."""


class LedgerFileError(LedgerError):
    """The ledger file itself cannot be read as a ledger: damaged (cut short, overwritten), another kind of file, or
    a folder in its place; said in plain words with the way forward (:func:`move_aside`). ``path``: the file."""

    def __init__(self, message: str, message_ja: str, path: str | Path) -> None:
        super().__init__(message, message_ja)
        self.path = Path(path)


class NoMatchError(LedgerError):
    """No match with this id in the ledger (deleted on another phone, or the file changed): ``match_id`` kept, so
    that a page says what a tap on it did not do."""

    def __init__(self, message: str, message_ja: str, match_id: int) -> None:
        super().__init__(message, message_ja)
        self.match_id = match_id


class LedgerChangedError(LedgerError):
    """An entry made for the match as a screen showed it, which has other hands now (a second tap of the
    same button, another phone's entry since): refused, nothing changed, the screen must be looked at again."""

    def __init__(self, match_id: int, seen: int | None, now: int) -> None:
        if seen is None:  # the screen said only which hand it showed last
            why, why_ja = "the last hand it showed is no longer the last one", "表示時の最後の局がもう最後の局ではありません"
        elif seen != now:
            why, why_ja = f"hands recorded: {seen} then, {now} now", f"記録済みの局: 表示時 {seen}、いま {now}"
        else:  # as many hands, not the same ones: the last one shown was undone and another recorded
            why, why_ja = ("the last hand it showed has been undone and another recorded since",
                           "表示時の最後の局は取り消され、別の局が記録されています")
        super().__init__(f"Match #{match_id} has changed since this screen showed it ({why}), so nothing was "
                         "recorded or undone: check the table and try again",
                         f"この画面の表示後に対局 #{match_id} の記録が変わりました ({why_ja})。"
                         "記録も取り消しもしていません。成績表を確かめてからやり直してください")
        self.match_id, self.seen, self.now = match_id, seen, now


class HandKind(StrEnum):
    WIN = "win"
    DRAW = "draw"
    CHOMBO = "chombo"  # a win declared that is none (or one the rules bar): its declarer pays, the hand is void
    # the match ended early, before the end its rules set (:meth:`Ledger.end_match`): no hand, stored as the match's
    # last entry, so that an Undo brings the match back and a merge carries it as it carries a hand
    END = "end"


# ``win_kind`` of another winner on the discard of the hand before it (a double ron): it is paid in
# full by the same discarder, but the deal, the pot and honba are settled once for the discard.
SAME_DISCARD = "ron-same-discard"


class DrawKeep(StrEnum):
    """Who keeps the deal after an exhaustive draw."""

    NEVER = "never"                  # the deal moves on
    DEALER_RIICHI = "dealer-riichi"  # Nogizaka: the dealer keeps it if the dealer had declared riichi
    DEALER_TENPAI = "dealer-tenpai"  # riichi mahjong: the dealer keeps it if the dealer was tenpai


class MoveOutcome(StrEnum):
    """How :meth:`Ledger.move_hand` ended."""

    MOVED = "moved"        # taken out of its match and added to the other
    REFUSED = "refused"    # nothing taken out: the match changed since (or the hand is not its last)
    PUT_BACK = "put-back"  # the other match refused it: back where it was, its own id kept
    NOT_BACK = "not-back"  # the other match refused it, and its own match took it back no more (changed since)


def _keep_on_draw_error(value: Any) -> LedgerError:
    return LedgerError(f"[table] keep_on_draw {value!r} is not one of {[k.value for k in DrawKeep]}",
                       f"[table] keep_on_draw は {'・'.join(k.value for k in DrawKeep)} のどれかにしてください "
                       f"(いま {quoted_ja(value)})")


# Who the riichi sticks left on the table at a match's end go to (``TableRules.leftover_sticks``): nobody (RULES.md:
# the default), or the top player (equal tops share them).
LEFTOVER_STICKS = ("nobody", "top")
# A riichi club's match options (``TableRules``): set in a riichi game's ``[table]`` or on the ledger page's start of
# a match; a Donjara game takes none (its totals are the result).
MATCH_OPTIONS = ("uma", "return_points", "leftover_sticks")
# A riichi chombo (``[table] chombo``): a reverse mangan (the common club rule; RULES.md is silent) or none.
RIICHI_CHOMBO = {"reverse-mangan": 8000, "none": 0}
# The key a riichi match's chombo penalty is stored under (:func:`stored_rules`), read back as ``chombo_penalty``: a
# tilelens before the reverse mangan read a riichi ``chombo_penalty`` as a penalty shared evenly (8,000: 2,667 each,
# wrong payments); this key it does not know, so it leaves the match out, said, rather than pay it wrongly.
RIICHI_CHOMBO_KEY = "riichi_chombo"

# The ``TableRules`` a match keeps from its game's scoring tables, and where a game file sets each.
KEPT_FROM_THE_GAME = {"chombo_penalty": "[chombo] penalty", "honba_ron": "[riichi] honba_ron",
                      "honba_tsumo_each": "[riichi] honba_tsumo_each", "nagashi": "[riichi] nagashi",
                      # the unit its amounts are said in, and a mark of the game's tables (``new_match`` keeps them)
                      "currency_en": "[payout] currency_en", "currency_ja": "[payout] currency_ja",
                      "table_mark": "the game's tables"}


# The most points any amount of a match may be (its starting points, a payment): a greater one is no real score, but
# a ledger edited by hand or damaged (10**23 was read and added up as if played).
MOST_POINTS = 10 ** 12


@dataclass(frozen=True)
class TableRules:
    """How a game's table runs between hands (RULES.md); a game file may override it in ``[table]``."""

    start_points: int = 1000
    unit: str = "点"
    riichi_chip: int = 0             # paid into the pot by each riichi; the next winner takes the pot
    keep_on_dealer_win: bool = False
    keep_on_draw: DrawKeep = DrawKeep.NEVER
    honba: bool = False              # riichi mahjong's counter: +1 on a dealer win or a draw
    noten_total: int = 0             # exhaustive draw: noten players pay this in all to the tenpai ones
    laps: int = 2                    # the match ends when every seat has dealt this many times
    ends_at_or_below: int | None = 0  # ... or as soon as a player's total falls to this
    several_ron: bool = False        # several players may ron one discard, each paid in full by its discarder
    # Figures of the game's scoring tables a match keeps from its start (``rules_for`` reads them; not ``[table]``
    # keys): what a chombo costs its declarer (``[chombo] penalty``) and what one honba counter adds to a ron and
    # to each tsumo payment (``[riichi] honba_ron``, ``honba_tsumo_each``). None: not kept (a match stored before
    # they were, or a game without them): the table in use says them.
    chombo_penalty: int | None = None
    honba_ron: int | None = None
    honba_tsumo_each: int | None = None
    # The unit the match's amounts are said in, as its game named it when it started (``[payout] currency_en``,
    # ``currency_ja``; riichi mahjong's points), and a mark of the game's tables then (:func:`table_mark`): kept by
    # ``Ledger.new_match``, so that a match is said in the unit it was played in, by the app and `tilelens ledger`
    # alike, after the table in use changes (:func:`units_of`), and the ledger page says when the tables have changed
    # since it started. None: a match stored before they were kept.
    currency_en: str | None = None
    currency_ja: str | None = None
    table_mark: str | None = None
    # A riichi club's match options (``MATCH_OPTIONS``; off by default: the totals at the end are the result). ``uma``:
    # what each place adds to the final score, first to last, in thousands of points ([20, 10, -10, -20]);
    # ``return_points``: what each player's final score counts from (None: the starting points), the top player taking
    # the oka, (return_points - start_points) from each player; ``leftover_sticks``: who the riichi sticks left on the
    # table at the end go to, "nobody" or "top" (:func:`final_scores`). Stored with a match only where set.
    uma: tuple[int, ...] = ()
    return_points: int | None = None
    leftover_sticks: str = "nobody"
    # Whether a draw may pay a nagashi mangan (riichi mahjong's ``[riichi] nagashi``), as the match's game said when it
    # started: a house table edited since changes no match under way. Stored only where off (:func:`stored_rules`).
    nagashi: bool = True

    def __post_init__(self) -> None:
        """Each value of the type and range it must have; else ``LedgerError`` naming the key (a house
        table's ``start_points = "1000"`` was saved, then broke every page that kept the score)."""
        if self.ends_at_or_below is False or self.ends_at_or_below == "never":  # a file's way of saying None (TOML has
            object.__setattr__(self, "ends_at_or_below", None)                # no null): no end by a player's total
        if isinstance(self.uma, list):  # as stored (JSON) or written (TOML)
            object.__setattr__(self, "uma", tuple(self.uma))
        def integer(name: str, least: int | None = None, most: int | None = MOST_POINTS) -> None:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                hint = written_bare(value, int) or ("", "")  # laps = "2": "write 2, without quotes", as elsewhere
                raise LedgerError(f"[table] {name} must be a whole number, got {value!r}{hint[0]}",
                                  f"[table] {name} は整数にしてください (いま {quoted_ja(value)}){hint[1]}")
            if least is not None and value < least:
                raise LedgerError(f"[table] {name} must be {least} or more, got {value}",
                                  f"[table] {name} は {least} 以上にしてください (いま {value})")
            if most is not None and value > most:
                raise LedgerError(f"[table] {name} must be {most:,} or less (no score is larger), got {echoed(value)}",
                                  f"[table] {name} は {most:,} 以下にしてください (いま {echoed(value, 'ja')})")

        integer("start_points", 1)
        integer("riichi_chip", 0)
        integer("noten_total", 0)
        integer("laps", 1, most=None)
        for name in ("chombo_penalty", "honba_ron", "honba_tsumo_each"):
            if getattr(self, name) is not None:
                integer(name, 0)
        for name in ("currency_en", "currency_ja", "table_mark"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise LedgerError(f"{name} must be a word, got {value!r}", f"{name} は言葉にしてください (いま {quoted_ja(value)})")
        if self.ends_at_or_below is not None:
            value = self.ends_at_or_below
            if isinstance(value, bool) or not isinstance(value, int):
                # "-1" or "false" in quotes: written bare ("true" is none of its values)
                hint = written_bare(value, int) or spelt_value(value, bool) is False and written_bare(value, bool) \
                    or ("", "")
                raise LedgerError(f"[table] ends_at_or_below must be a whole number, or false (the match does not end "
                                  f"when a player goes below 0), got {written(value)}{hint[0]}",
                                  f"[table] ends_at_or_below は整数か、false (持ち点がマイナスになっても対局を続ける) に"
                                  f"してください (いま {written(value)}){hint[1]}")
            if self.start_points <= self.ends_at_or_below:  # every match would be over before its first hand
                raise LedgerError(f"[table] start_points ({self.start_points}) must be above ends_at_or_below "
                                  f"({self.ends_at_or_below}): a match would end before its first hand",
                                  f"[table] start_points ({self.start_points}) は ends_at_or_below "
                                  f"({self.ends_at_or_below}) より大きくしてください: 最初の局の前に対局が終わってしまいます")
        for name in ("keep_on_dealer_win", "honba", "several_ron", "nagashi"):
            if not isinstance(getattr(self, name), bool):
                hint = written_bare(getattr(self, name), bool) or ("", "")  # honba = "true": without quotes
                raise LedgerError(f"[table] {name} must be true or false, got {written(getattr(self, name))}{hint[0]}",
                                  f"[table] {name} は true か false にしてください (いま {written(getattr(self, name))})"
                                  f"{hint[1]}")
        if not isinstance(self.unit, str) or not self.unit.strip():
            raise LedgerError(f"[table] unit must be a word, such as \"点\", got {self.unit!r}",
                              f"[table] unit は「点」のような言葉にしてください (いま {quoted_ja(self.unit)})")
        if not isinstance(self.keep_on_draw, DrawKeep):
            raise _keep_on_draw_error(self.keep_on_draw)
        self._check_match_options()

    def _check_match_options(self) -> None:
        """``uma``, ``return_points`` and ``leftover_sticks`` as :class:`TableRules` says them, else ``LedgerError``
        naming the key, in one line in both languages, the value as the file writes it (``written``)."""
        uma = self.uma
        if isinstance(uma, tuple) and len(uma) > 4:  # a table seats 2 to 4
            raise LedgerError(f"[table] uma has {len(uma)} places, and a table has at most 4 places: list one number "
                              f"for each, such as [20, 10, -10, -20], got {written(uma)}",
                              f"[table] uma は{len(uma)}人分あります。順位は4つまでです: [20, 10, -10, -20] のように"
                              f"各順位の数を書いてください (いま {written(uma)})")
        if not isinstance(uma, tuple) or not all(isinstance(n, int) and not isinstance(n, bool) for n in uma) \
                or len(uma) == 1:
            raise LedgerError(f"[table] uma must list a whole number for each place, first to last, in thousands of "
                              f"points, such as [20, 10, -10, -20] (or [] for none), got {written(uma)}",
                              f"[table] uma は1位から順に各順位の数 (千点単位の整数) のリストにしてください "
                              f"([20, 10, -10, -20] など。なしは []。いま {written(uma)})")
        if any(a < b for a, b in zip(uma, uma[1:])):
            raise LedgerError(f"[table] uma must go down from first place to last, such as [20, 10, -10, -20], got "
                              f"{list(uma)}",
                              f"[table] uma は1位から順に小さくなるようにしてください ([20, 10, -10, -20] など。"
                              f"いま {list(uma)})")
        if sum(uma):
            raise LedgerError(f"[table] uma must add up to 0, such as [20, 10, -10, -20], got {list(uma)} (adds up to "
                              f"{sum(uma)})",
                              f"[table] uma は合計が 0 になるようにしてください ([20, 10, -10, -20] など。いま "
                              f"{list(uma)}、合計 {sum(uma)})")
        points = self.return_points
        if points is not None:
            if isinstance(points, bool) or not isinstance(points, int):
                hint = written_bare(points, int) or ("", "")
                raise LedgerError(f"[table] return_points must be a whole number of points, such as 30000, got "
                                  f"{written(points)}{hint[0]}",
                                  f"[table] return_points (返し) は 30000 のような整数にしてください (いま "
                                  f"{written(points)}){hint[1]}")
            if isinstance(self.start_points, int) and points < self.start_points:
                raise LedgerError(f"[table] return_points ({points:,}) must be the starting points "
                                  f"({self.start_points:,}) or more: the top player's oka is what the others' return "
                                  "points add above them",
                                  f"[table] return_points (返し、{points:,}) は配給原点 ({self.start_points:,}) 以上に"
                                  "してください: その差がトップのオカになります")
        if self.leftover_sticks not in LEFTOVER_STICKS:
            raise LedgerError(f"[table] leftover_sticks must be \"nobody\" or \"top\" (the riichi sticks left on the "
                              f"table at the end go to the top player), got {written(self.leftover_sticks)}",
                              f"[table] leftover_sticks は \"nobody\" (誰のものにもならない) か \"top\" (トップのもの) "
                              f"にしてください (いま {written(self.leftover_sticks)})")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> TableRules:
        """Rules from a ``[table]`` mapping; unknown keys are refused by name."""
        known = set(cls.__dataclass_fields__)
        if RIICHI_CHOMBO_KEY in data:  # a riichi match's chombo penalty, as :func:`stored_rules` stores it
            data = {**{k: v for k, v in data.items() if k != RIICHI_CHOMBO_KEY},
                    "chombo_penalty": data[RIICHI_CHOMBO_KEY]}
        unknown = sorted(set(data) - known)
        if unknown:
            # only a stored match's rules hold one (a game file's [table] is checked by ``check_table``): a key
            # of a later version's, said by name, not as Python's list of every key known
            keys, many = ", ".join(unknown), len(unknown) > 1
            raise LedgerError(f"[table] has {'unknown keys' if many else 'an unknown key'} {keys} (the match may have "
                              "been recorded by a newer tilelens)",
                              f"[table] に不明なキー {'、'.join(unknown)} があります (新しい版の tilelens で記録した"
                              "対局かもしれません)")
        values = dict(data)
        if "keep_on_draw" in values:
            try:
                values["keep_on_draw"] = DrawKeep(values["keep_on_draw"])
            except ValueError:
                raise _keep_on_draw_error(values["keep_on_draw"]) from None
        return cls(**values)


def riichi_counts_in_draw(rules: TableRules) -> bool:
    """Whether who declared riichi changes what an exhaustive draw does under ``rules``: a chip put down
    each, the dealer keeping the deal after a riichi, or a riichi counted as tenpai. Cinderella Girls
    (``riichi_chip = 0``, the deal moving on after every draw): it changes nothing.

    >>> riichi_counts_in_draw(DEFAULT_RULES["cinderella-neo"]), riichi_counts_in_draw(DEFAULT_RULES["nogizaka"])
    (False, True)
    """
    return bool(rules.riichi_chip or rules.noten_total) or rules.keep_on_draw is not DrawKeep.NEVER


def riichi_required_to_win(game: Any) -> bool:
    """Whether every win of ``game`` (a ``scorer.Game`` or a shipped game's id) comes after a riichi, as its
    rules data say: ``[win] riichi_required`` with no exception (``dealt_tenpai_exempt``: Yokai Watch's hand one
    tile from winning as dealt wins without one). Riichi mahjong: no, a riichi is one yaku among others.

    >>> riichi_required_to_win("cinderella-neo"), riichi_required_to_win("yokai-watch")
    (True, False)
    """
    game = _game(game)
    if game.engine == "riichi":
        return False
    from scorer.rules import donjara_rules

    win = donjara_rules(game).win
    return win.riichi_required and not win.dealt_tenpai_exempt


def riichi_tells(game: Any, rules: TableRules) -> bool:
    """Whether who declared riichi in a hand tells anything at a table of ``game`` under ``rules``: not where
    every win comes after a riichi (:func:`riichi_required_to_win`, the winner's said already) and a riichi
    changes nothing at the table (:func:`riichi_counts_in_draw`: no chip, nothing at a draw). Cinderella
    Girls: it tells nothing.

    >>> [riichi_tells(game, DEFAULT_RULES[game]) for game in ("cinderella-neo", "nogizaka")]
    [False, True]
    """
    return riichi_counts_in_draw(rules) or not riichi_required_to_win(game)


class _ShippedRules(Mapping[str, TableRules]):
    """The table rules of the shipped games by id, read from their files (``[table]``, and the figures their
    scoring tables state: ``rules_for``) when first asked: rules are data, so a copy of a shipped game with
    another id (a club's edition added in the app) plays as the original."""

    def __init__(self) -> None:
        self._read: dict[str, tuple[Any, TableRules]] = {}  # id: the game as loaded, its rules

    def __getitem__(self, game_id: str) -> TableRules:
        from scorer import list_games, load_game
        from scorer.catalog import GAMES_DIR

        if game_id not in list_games():
            raise KeyError(game_id)
        # its shipped file, as the app reads it, not a house table the command line plays for the id (said on stderr
        # as played: a game file of this id named by its path played none); cached by the file's time and size
        game = load_game(GAMES_DIR / f"{game_id}.toml")
        if game_id not in self._read or self._read[game_id][0] is not game:
            self._read[game_id] = game, _rules_of_file(game, TableRules())
        return self._read[game_id][1]

    def __iter__(self) -> Iterator[str]:
        from scorer import list_games

        return iter(list_games())

    def __len__(self) -> int:
        from scorer import list_games

        return len(list_games())


# The table rules of the shipped games (RULES.md), as their files in scorer/games/ write them.
DEFAULT_RULES: Mapping[str, TableRules] = _ShippedRules()

# How several ron on one discard may be settled (``[table] multiple_ron``, SCHEMA.md).
MULTIPLE_RON = ("one-winner", "each-in-full", "nearest-clockwise")
# The keys of ``[table]``: the ``TableRules`` a game file sets there, ``multiple_ron``, and ``calls`` (what the
# players call out: ``scorer.engine.game_calls``).
# A riichi game's ``chombo`` too (``RIICHI_CHOMBO``: its chombo penalty, which a match keeps from its start).
TABLE_KEYS = frozenset(set(TableRules.__dataclass_fields__) - set(KEPT_FROM_THE_GAME)
                       | {"multiple_ron", "calls", "chombo"})


def written(value: Any) -> str:
    """A value a ``[table]`` message refuses, as the TOML file writes it: ``true``, ``[20]`` (Python said ``True``,
    ``(20,)``: the rules keep a list as a tuple)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return repr(list(value))
    return repr(value)


def _riichi_seats(game: Any) -> int | None:
    """The players a riichi game's table seats (``[riichi] players``, 4 where unset); None where it is not a whole
    number (the scorer refuses that itself)."""
    riichi = (getattr(game, "rules", {}) or {}).get("riichi", {})
    players = riichi.get("players", 4) if isinstance(riichi, Mapping) else None
    return players if isinstance(players, int) and not isinstance(players, bool) else None


def check_table(game: Any) -> None:
    """``LedgerError`` (one line, both languages) for a ``[table]`` of ``game`` that the ledger would misread: not
    a table, a key it does not read (a misspelt ``start_point = 2000`` was ignored: every match still started at
    the default), a ``multiple_ron`` that is not a list of the known ways (the ledger page was a TypeError on
    ``multiple_ron = 3``), or ``calls`` that are not words (``scorer.engine.calls_problem``). Its values are checked
    by ``rules_for`` (``TableRules``); a ``noten_total`` that does not share evenly at every draw (1,000 at four paid
    999) only where a file is read strictly (``scorer.catalog.check_rules``): a saved table plays as it did."""
    table = (getattr(game, "rules", {}) or {}).get("table", {})
    if not isinstance(table, Mapping):
        raise _not_a_table("table", table)
    for key in table:
        if key in KEPT_FROM_THE_GAME:
            raise LedgerError(f"[table] {key} is not set in [table]: a match takes it from {KEPT_FROM_THE_GAME[key]} "
                              "when it starts",
                              f"[table] の {key} は書けません: 対局は始まるときに {KEPT_FROM_THE_GAME[key]} から読みます")
        if key not in TABLE_KEYS:
            # a key in Japanese (``持ち点``): the key it means, or that keys are English (``key_hint``), not all 16
            from scorer.catalog import key_hint

            near = difflib.get_close_matches(str(key), sorted(TABLE_KEYS), n=1)
            hint, hint_ja = key_hint(str(key), TABLE_KEYS) or (
                (f"did you mean {near[0]}?", f"{near[0]} のことですか?") if near else
                (f"known: {', '.join(sorted(TABLE_KEYS))}", f"使えるのは {', '.join(sorted(TABLE_KEYS))}"))
            raise LedgerError(f"[table] has an unknown key {key!r} ({hint})",
                              f"[table] に不明なキー{quoted_ja(key)}があります ({hint_ja})")
    if "calls" in table:
        from scorer.engine import calls_problem

        problem = calls_problem(table["calls"])
        if problem is not None:
            field, en, ja, value = problem
            got, got_ja = ("", "") if value is ... else (f" (got {value!r})", f" (いま {quoted_ja(value)})")
            raise LedgerError(f"[table] {field}: {en}{got}", f"[table] {field}: {ja}{got_ja}")
    riichi = getattr(game, "engine", None) == "riichi"
    options = [key for key in MATCH_OPTIONS if key in table]
    if options and not riichi:  # riichi mahjong's customs: a Donjara game's totals are its result
        raise LedgerError(f"[table] {', '.join(options)}: uma, oka (return_points) and leftover_sticks are riichi "
                          "mahjong's match options; a Donjara game's totals at the end are its result: remove them",
                          f"[table] {', '.join(options)}: ウマ・オカ (return_points)・leftover_sticks はリーチ麻雀の対局の"
                          "オプションです。ドンジャラは終了時の持ち点が結果です。消してください")
    uma, seats = table.get("uma"), _riichi_seats(game) if riichi else None
    # a noten_total that does not share evenly (1,000 at four: 333 x 3) is not refused here, on every read: a house
    # table saved before that check came plays as it did; a file written or named on purpose is refused it
    # (``scorer.catalog.check_rules``, a strict check), a stored one said as a warning
    # an uma of another number of places than the game seats: no match of the table could use it (the New match
    # form preselected it, and refused the match)
    if isinstance(uma, list) and 2 <= len(uma) <= 4 and seats is not None and len(uma) != seats:
        TableRules(uma=tuple(uma))  # an uma wrong in itself (its sum, its order): that said first
        raise LedgerError(f"[table] uma {written(uma)} has {len(uma)} places, and this game seats {seats} players "
                          f"([riichi] players): list {seats} places, or [] for none",
                          f"[table] uma {written(uma)} は{len(uma)}人分ですが、このゲームは{seats}人で打ちます "
                          f"([riichi] players)。{seats}人分にするか、なしなら [] にしてください")
    if "chombo" in table:
        if not riichi:
            raise LedgerError("[table] chombo is a riichi game's; a Donjara game's chombo penalty is set in [chombo] "
                              "penalty",
                              "[table] chombo はリーチ麻雀のものです。ドンジャラのチョンボのペナルティは [chombo] penalty に"
                              "書きます")
        if table["chombo"] not in RIICHI_CHOMBO:
            raise LedgerError(f"[table] chombo must be \"reverse-mangan\" (a chombo pays a mangan: 4,000 to the dealer "
                              f"and 2,000 to each other player, a dealer's 4,000 to each) or \"none\", got "
                              f"{table['chombo']!r}",
                              f"[table] chombo は \"reverse-mangan\" (満貫払い: 子は親に4,000・子に2,000ずつ、親は"
                              f"4,000ずつ) か \"none\" (なし) にしてください (いま {quoted_ja(table['chombo'])})")
    ways = table.get("multiple_ron", [])
    if not isinstance(ways, list) or not all(isinstance(w, str) for w in ways):
        raise LedgerError(f"[table] multiple_ron must list ways among {', '.join(MULTIPLE_RON)}, such as "
                          f"[\"{MULTIPLE_RON[0]}\"], got {ways!r}",
                          f"[table] multiple_ron は {', '.join(MULTIPLE_RON)} から選んだリスト "
                          f"([\"{MULTIPLE_RON[0]}\"] など) にしてください (いま {quoted_ja(ways)})")
    for way in ways:
        if way not in MULTIPLE_RON:
            raise LedgerError(f"[table] multiple_ron {way!r} is not one of {', '.join(MULTIPLE_RON)}",
                              f"[table] multiple_ron の{quoted_ja(way)}は {', '.join(MULTIPLE_RON)} のどれかにしてください")


def _not_a_table(key: str, value: Any) -> LedgerError:
    return LedgerError(f"[{key}] must be a table ([{key}] and its keys below it), got {value!r}",
                       f"[{key}] は表にしてください ([{key}] の行の下にキーを書きます。いま {quoted_ja(value)})")


def rules_for(game: Any) -> TableRules:
    """The table rules of a ``scorer.Game`` or a game id: those of the shipped game of its id (``DEFAULT_RULES``;
    an edit of a shipped game's file in the app starts from them, any other id from ``TableRules()``), then the
    figures the game file's scoring tables already state (``[payout] riichi_chip``; ``[riichi] starting_points``,
    ``riichi_stick``, ``noten_total``; the chombo penalty and honba amounts a match keeps,
    ``KEPT_FROM_THE_GAME``), then any ``TableRules`` field set in its ``[table]`` (:func:`check_table`)."""
    game_id = game if isinstance(game, str) else game.id
    if not isinstance(game, str) and _is_shipped_file(game):  # the shipped game itself: its rules are its own (the
        return _rules_of_file(game, TableRules())  # same as DEFAULT_RULES's), not read again while it loads
    base = DEFAULT_RULES.get(game_id, TableRules())
    if isinstance(game, str):
        return base
    return _rules_of_file(game, base)


def _is_shipped_file(game: Any) -> bool:
    """Whether ``game`` was loaded from its shipped file (``scorer/games/<id>.toml``)."""
    from scorer.catalog import GAMES_DIR

    try:
        return Path(str(game.source)).resolve() == (GAMES_DIR / f"{game.id}.toml").resolve()
    except (OSError, ValueError, TypeError, AttributeError):
        return False


def _rules_of_file(game: Any, base: TableRules) -> TableRules:
    """``base`` with what the file of ``game`` (a ``scorer.Game``) states (``rules_for``)."""
    tables = getattr(game, "rules", {}) or {}
    for key in ("payout", "riichi", "table"):  # the scorer checks [payout] and [riichi]; [table] is the ledger's
        if not isinstance(tables.get(key, {}), Mapping):
            raise _not_a_table(key, tables[key])
    check_table(game)
    payout, riichi, table = (dict(tables.get(k, {})) for k in ("payout", "riichi", "table"))
    found = {"riichi_chip": payout.get("riichi_chip"), "start_points": riichi.get("starting_points")}
    if riichi:
        found.update(riichi_chip=riichi.get("riichi_stick"), noten_total=riichi.get("noten_total"))
    if getattr(game, "engine", None) in ("donjara", "riichi"):  # a match keeps them from its start
        found["chombo_penalty"] = chombo_penalty(game)
    if getattr(game, "engine", None) == "riichi":
        from scorer.riichi_rules import rules_for as riichi_rules

        amounts = riichi_rules(game)
        found.update(honba_ron=amounts.honba_ron, honba_tsumo_each=amounts.honba_tsumo_each, nagashi=amounts.nagashi)
    found.update({k: v for k, v in table.items() if k in TableRules.__dataclass_fields__})
    found = {k: v for k, v in found.items() if v is not None}
    start, end = found.get("start_points", base.start_points), found.get("ends_at_or_below", base.ends_at_or_below)
    if "start_points" not in table and riichi.get("starting_points") is not None and _whole(start) \
            and _whole(end) and start <= end:  # a riichi game's starting points: named by its own key
        raise LedgerError(f"[riichi] starting_points ({start:,}) must be above [table] ends_at_or_below ({end:,}): a "
                          "match would end before its first hand",
                          f"[riichi] starting_points ({start:,}) は [table] ends_at_or_below ({end:,}) より大きくして"
                          "ください: 最初の局の前に対局が終わってしまいます")
    return TableRules.from_mapping({**asdict(base), **found}) if found else base


@dataclass(frozen=True)
class HandRecord:
    """One hand as entered. ``payments`` maps a paying seat to what it pays the winner; of a chombo, each
    other seat to what the ``offender`` (who declared it) pays it. ``id``: the hand's own, never reused."""

    seq: int
    kind: HandKind
    winner: int | None = None
    win_kind: str | None = None
    payments: Mapping[int, int] = field(default_factory=dict)
    riichi: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()
    note: str = ""
    offender: int | None = None
    id: str = ""
    # a won hand's note stored before notes of yaku held both their names (cf21e04): a list of its game's yaku
    # names (either language, as the screen was) joined with ", ", read as each yaku's (Japanese, English) names
    # by ``Ledger``, which knows the game (:func:`_read_old_yaku`), and said in the reader's language
    # (:func:`hand_note_said`); () for any other note. The ``note`` stays as stored.
    old_yaku: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)

    @property
    def abortive(self) -> str | None:
        """An abortive draw's kind (a key of ``ABORTIVE_KINDS``, "" where none was said; stored in its ``win_kind`` as
        ``abortive:four-riichi``; a kind a later tilelens added read too, said as "abortive draw":
        :func:`abortive_said`); None for any other hand (an exhaustive draw with every player tenpai included)."""
        if self.kind is HandKind.DRAW and self.win_kind and (self.win_kind == ABORTIVE
                                                             or self.win_kind.startswith(ABORTIVE + ":")):
            return self.win_kind[len(ABORTIVE) + 1:]
        return None

    @property
    def nagashi(self) -> tuple[int, ...]:
        """A draw's seats paid a nagashi mangan (stored in its ``win_kind`` as ``nagashi:1,3``); () for none."""
        if self.kind is HandKind.DRAW and self.win_kind and self.win_kind.startswith(NAGASHI):
            return tuple(int(seat) for seat in self.win_kind[len(NAGASHI):].split(","))
        return ()


@dataclass(frozen=True)
class Match:
    """A match at one table: the game, the players in seat order, and the rules it is played under."""

    id: int
    game_id: str
    players: tuple[str, ...]
    rules: TableRules
    created: float
    # of a match another record of which is in the ledger (the same game and start, kept twice by a merge): what every
    # laptop holding both tells them apart by (:func:`record_key`, read by :meth:`Ledger.read_matches`); else ()
    record: tuple = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class DeletedMatch:
    """A match deleted from the ledger, its rows as they were stored (:meth:`Ledger.restore_match` puts it back)."""

    id: int
    match_row: Mapping[str, Any]
    hand_rows: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Taken:
    """What a won hand's winner holds besides its payments once its discard is settled (:func:`replay`): the
    honba counters of the table it was played at, the points for them (in its payments: a ron's from the discarder,
    a tsumo's from all its payers, said in its note as they are; a further winner's on one discard, none) and the
    riichi chips of the table it holds, or, where a nearer winner on the same discard took them over
    (the head bump), none and that winner's seat (``passed_to``) with what it passed on. The riichi chips go to
    the discard's nearest winner only once its last winner is entered: no earlier winner held them
    (``passed_sticks`` stays 0, kept for readers of it)."""

    honba: int = 0
    honba_points: int = 0
    sticks: int = 0
    passed_to: int | None = None
    passed_points: int = 0
    passed_sticks: int = 0
    # the winner the honba came from (the head bump): they are on top of this winner's payment, not in it
    honba_from: int | None = None
    # of ``sticks`` (or of ``passed_sticks``: of the winner they went to), the stick that winner put down
    # themself on this discard: it comes back to them, and the notes say it as theirs (as the result pages do)
    own_sticks: int = 0


@dataclass(frozen=True)
class TableState:
    """The table after replaying every hand. ``history[i]`` is the totals after hand ``i`` (0 = start)."""

    totals: tuple[int, ...]
    dealer: int
    dealer_moves: int
    honba: int
    pot: int
    hands: int
    ended: bool
    end_reason: str | None
    history: tuple[tuple[int, ...], ...]
    end_reason_ja: str | None = None  # ``end_reason`` in Japanese, for the app's Japanese screens
    # Hands as players count them: ``hands`` less each chombo (its hand is dealt again, ``replay``) and each
    # further winner on one discard (one more winner of the hand before it): Donjara's "Hand N" is ``played + 1``.
    played: int = 0
    # ``taken[i]``: what the winner of hand ``i`` holds besides its payments (``Taken``; a draw's and a chombo's
    # hold nothing): the notes of the CSV and of `tilelens ledger show` are said from it (:func:`hand_notes`).
    taken: tuple[Taken, ...] = ()
    # ``deals[i]``: the deal hand ``i`` was played in, ``(dealer, dealer_moves, honba)`` as the table stood when it was
    # dealt (a further winner on one discard and a chombo's re-deal in the deal of the hand before them): the round
    # `tilelens ledger show` names it by, as the ledger page named the round while it was played
    deals: tuple[tuple[int, int, int], ...] = ()
    # whether the match was ended early (:meth:`Ledger.end_match`): its last entry is the end (``HandKind.END``), no hand
    ended_early: bool = False

    @property
    def round_index(self) -> int:
        """0 for the first lap of the deal (East in riichi mahjong), 1 for the second (South), ..."""
        return self.dealer_moves // max(1, len(self.totals))

    def reason_in(self, lang: str) -> str | None:
        """Why the match ended in ``lang`` (``end_reason_ja`` in Japanese where there is one); None while it goes on."""
        return (self.end_reason_ja or self.end_reason) if lang == "ja" else self.end_reason


def replay(players: int, rules: TableRules, hands: Sequence[HandRecord], engine: str = "riichi") -> TableState:
    """Apply every hand in order to a fresh table; pure, so every rule is tested without a database.

    A win entered as ``SAME_DISCARD`` is one more winner on the discard of the hand before it: it is
    paid as entered, and the deal moves (or stays, if the dealer is among the winners) once, after the last
    winner of that discard. The pot (riichi sticks any of its winners declared included) and, where the
    table counts honba, the honba go to the winner nearest the discarder in turn order (the head bump),
    whatever order the wins were entered in: the first ron entered on a discard is priced with the table's
    honba and a further winner with none (as the app prices them), and where a further winner sits nearer,
    the honba (``honba_ron`` per counter) pass to it from the winner who held them, in its entry. The pot goes
    to the nearest winner in the entry of the discard's last winner: an earlier entry's totals (``history``)
    hold none of it, as its winner never did (a match stored before reads the same in the end).

    A chombo voids its hand: its declarer pays as entered, and the same dealer deals the hand again, with
    the same honba and the riichi chips already on the table left there. An abortive draw (``HandRecord.abortive``)
    pays no one: the same dealer deals again with one more honba, the riichi sticks left on the table.

    ``engine``: the match's game's (:func:`engine_of`). A Donjara table that counts honba (a house table's
    ``[table] honba = true``) counts them, but no Donjara payment carries any (the scorer prices none): none are in
    a win's payments, said in its note or moved between the winners of one discard."""
    from scorer.riichi_pay import honba_after, nagashi_transfers  # here, not at the top: a Donjara command (its
    # [table] checked by ``tilelens.home.check_rule_tables``) loads no riichi scorer, nor its ``mahjong`` package

    totals = [rules.start_points] * players
    dealer = moves = honba = pot = 0
    history = [tuple(totals)]
    keeps: list[bool] = []
    head = held = None  # the discard's winner who holds its pot and honba, and how much of them
    taken = [Taken()] * len(hands)
    first = at = 0  # the first winner entered on the discard, and the one holding its pot and honba
    deals = []
    for i, hand in enumerate(hands):
        deals.append((dealer, moves, honba))
        if hand.kind is HandKind.END:  # the match ended early: nothing paid, nothing moves; no entry after it
            if i + 1 < len(hands):
                raise _hand_error(i + 1, f"is recorded after the match was ended early (entry {i + 1})",
                                  f"が、対局を途中で終了した記録 ({i + 1}番目の記録) のあとに記録されています")
            history.append(tuple(totals))
            continue
        for seat in hand.riichi:
            totals[seat] -= rules.riichi_chip
            pot += rules.riichi_chip
        if hand.kind is HandKind.WIN:
            for seat, amount in hand.payments.items():
                totals[seat] -= amount
                totals[hand.winner] += amount
            if hand.win_kind != SAME_DISCARD or head is None:
                head = hand.winner
                held = _honba_each(rules, engine, "honba_ron") * honba if hand.win_kind == "ron" else 0
                first = at = i
                # a tsumo's honba, from every payer (``scorer.riichi_pay``: each counter from each seat, the liable
                # player paying all of them under pao): said in its note as a ron's (200 a counter at three)
                taken[i] = Taken(honba, _honba_each(rules, engine, "honba_tsumo_each") * honba * (players - 1)
                                 if hand.win_kind == "tsumo" else held)
            elif nearer(hand.winner, head, next(iter(hand.payments), head), players):
                totals[head] -= held  # the head bump: the nearer winner takes the honba over from its holder
                totals[hand.winner] += held
                head, was, came_from = hand.winner, taken[at], head
                # the first winner entered (priced with the honba) says it passed them on, to the last holder; the
                # holder says from whom they came (on top of its payment, priced with none)
                gave = was.honba_points if at == first else taken[first].passed_points
                taken[i], taken[at] = Taken(honba, was.honba_points, honba_from=came_from), Taken(honba)
                taken[first] = Taken(honba, passed_to=head, passed_points=gave)
                at = i
            else:
                taken[i] = Taken(honba)
            if not (i + 1 < len(hands) and hands[i + 1].win_kind == SAME_DISCARD):
                own = rules.riichi_chip if pot and any(head in h.riichi for h in hands[first:i + 1]) else 0
                # the discard settled: the pot (sticks its winners declared included) goes to its nearest winner,
                # in this entry's totals (an earlier entry's row held none of it: its winner never did), and is said
                # in this entry's note: as taken where this entry is the nearest winner's, else as gone to it (the
                # nearest winner entered first: its own row's totals hold no sticks)
                if at == i or not pot:
                    taken[at] = replace(taken[at], sticks=taken[at].sticks + pot, own_sticks=own)
                else:
                    taken[i] = replace(taken[i], passed_to=head, passed_sticks=pot, own_sticks=own)
                totals[head] += pot
                pot = 0
            keeps.append(rules.keep_on_dealer_win and hand.winner == dealer)
        elif hand.kind is HandKind.CHOMBO:
            for seat, amount in hand.payments.items():
                totals[hand.offender] -= amount
                totals[seat] += amount
            keeps.append(True)
        elif hand.abortive is not None:  # an abortive draw: nobody pays, the same dealer deals again (a honba added
            keeps.append(True)           # below), the riichi sticks stay on the table
        else:
            if hand.nagashi:  # each paid as a mangan tsumo, in place of the noten payments (scorer.riichi_pay)
                for payer, payee, amount in nagashi_transfers(players, hand.nagashi, dealer):
                    totals[payer] -= amount
                    totals[payee] += amount
            else:
                _noten_payments(totals, hand.tenpai, rules.noten_total)
            keeps.append((rules.keep_on_draw is DrawKeep.DEALER_RIICHI and dealer in hand.riichi) or
                         (rules.keep_on_draw is DrawKeep.DEALER_TENPAI and dealer in hand.tenpai))
        history.append(tuple(totals))
        if i + 1 < len(hands) and hands[i + 1].win_kind == SAME_DISCARD:
            continue  # another winner on this discard: settle the deal after it
        keep = any(keeps)
        if hand.kind in (HandKind.WIN, HandKind.DRAW):  # one rule with the Score pages' next hand (next_hand_after)
            honba = honba_after(honba, dealer_kept=keep, draw=hand.kind is HandKind.DRAW, counted=rules.honba)
        if not keep:
            dealer, moves = (dealer + 1) % players, moves + 1
        keeps = []
    reason = _end_reason(totals, moves, players, rules)
    played = sum(map(new_hand, hands))
    early = ended_early(hands)
    if reason is None and early:  # ended by its rules first: said so (the end an entry of no hand all the same)
        reason = early_end_reason(played)
    return TableState(tuple(totals), dealer, moves, honba, pot, len(hands), reason is not None,
                      reason and reason[0], tuple(history), reason and reason[1], played, tuple(taken), tuple(deals),
                      early)


def _honba_each(rules: TableRules, engine: str, field: str) -> int:
    """What one honba adds to a ron (``field`` ``honba_ron``) or to each payment of a tsumo (``honba_tsumo_each``) at
    this table: 0 where it counts none, or where its game is not riichi mahjong (no Donjara payment carries honba); a
    riichi match stored before the amount was kept: the standard one (300, 100)."""
    if not rules.honba or engine != "riichi":
        return 0
    each = getattr(rules, field)
    return each if each is not None else getattr(DEFAULT_RULES["tokyo-mahjong"], field) or 0


def _turns_after(seat: int, discarder: int, players: int) -> int:
    """How many turns after ``discarder``'s ``seat`` plays (seats are numbered in turn order): 1 for the next seat."""
    return (seat - discarder) % players


def nearer(seat: int, than: int, discarder: int, players: int) -> bool:
    """Whether ``seat`` comes before ``than`` in turn order after ``discarder`` (seats are numbered in turn order):
    of two winners on one discard, the one the riichi sticks (chips) and honba go to (the head bump, :func:`replay`).

    >>> nearer(1, 2, 0, 4), nearer(0, 1, 3, 4), nearer(2, 1, 0, 4)
    (True, True, False)
    """
    return _turns_after(seat, discarder, players) < _turns_after(than, discarder, players)


def nearest(seats: Iterable[int], discarder: int, players: int) -> int:
    """Of ``seats`` (the winners on one discard), the one nearest ``discarder`` in turn order (:func:`nearer`): who
    holds that discard's riichi sticks (chips) and honba.

    >>> nearest({1, 2}, 0, 4), nearest([2, 0], 3, 4)
    (1, 0)
    """
    return min(seats, key=lambda seat: _turns_after(seat, discarder, players))


def seat_wind(state: TableState, seat: int, players: int) -> str:
    """The wind ``seat`` sits at in the deal of ``state`` (``WINDS``: "east" for the dealer, then in turn order), as
    the ledger seats a hand's payments (:func:`seat_payments`).

    >>> moved = replay(4, TableRules(), [HandRecord(0, HandKind.DRAW)])  # the deal passed to seat 1
    >>> seat_wind(moved, 1, 4), seat_wind(moved, 0, 4), seat_wind(moved, 0, 3)
    ('east', 'north', 'west')
    """
    return WINDS[(seat - state.dealer) % players]


def player_key(name: str) -> str:
    """A player's name as the ledger matches it across matches: NFKC and case folded, so that "Ａｎｎ", "ann" and "Ann"
    are one key (a table's next match, names alike in an evening's totals: :func:`evening_totals`).

    >>> player_key("Ａｎｎ") == player_key("ann")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def _noten_payments(totals: list[int], tenpai: Sequence[int], total: int) -> None:
    for payer, payee, amount in noten_transfers(range(len(totals)), tenpai, total):
        totals[payer] -= amount
        totals[payee] += amount


def _end_reason(totals: Sequence[int], moves: int, players: int, rules: TableRules) -> tuple[str, str] | None:
    """Why the match has ended, in English and Japanese; None while it goes on."""
    if rules.ends_at_or_below is not None and min(totals) <= rules.ends_at_or_below:
        return end_by_total(rules.ends_at_or_below)
    if moves >= rules.laps * players:
        times = {1: "once", 2: "twice"}.get(rules.laps, f"{rules.laps} times")
        return f"every player has dealt {times}", f"全員が{rules.laps}回ずつ親をしました"
    return None


def new_hand(hand: HandRecord) -> bool:
    """Whether ``hand`` is a hand of its own (``TableState.played`` counts them): a chombo's re-deal and a
    further winner on one discard (one more winner of the hand before it) are not, nor is the end of a match ended
    early (``HandKind.END``)."""
    return hand.kind not in (HandKind.CHOMBO, HandKind.END) and hand.win_kind != SAME_DISCARD


# Why a match ended early (:meth:`Ledger.end_match`), said as an end's reason is (`tilelens ledger list`, `show`, the
# CSV, the ledger page): after the hands played (``TableState.played``), none played yet too.
EARLY_END = {"en": ("ended early after hand {n}", "ended early before its first hand"),
             "ja": ("{n}局で終了", "1局目の前に終了")}


def early_end_reason(played: int) -> tuple[str, str]:
    """Why a match ended early after ``played`` hands, in English and Japanese.

    >>> early_end_reason(3)
    ('ended early after hand 3', '3局で終了')
    """
    forms = [EARLY_END[lang][0 if played else 1].format(n=played) for lang in ("en", "ja")]
    return forms[0], forms[1]


def ended_early(hands: Sequence[HandRecord]) -> bool:
    """Whether the match of ``hands`` was ended early (its last entry ``HandKind.END``: :meth:`Ledger.end_match`)."""
    return bool(hands) and hands[-1].kind is HandKind.END


def hand_numbers(hands: Sequence[HandRecord]) -> list[int]:
    """The number players give each of ``hands``: "Hand N" while it was played (``TableState.played`` + 1,
    :func:`new_hand`): a further winner on one discard, and the hand dealt again after a chombo, share the number
    of the hand they belong to."""
    numbers, played = [], 0
    for record in hands:
        numbers.append(played if record.win_kind == SAME_DISCARD or record.kind is HandKind.END else played + 1)
        played += new_hand(record)
    return numbers


def hand_number(hands: Sequence[HandRecord], hand_id: str) -> int | None:
    """The number players give the hand ``hand_id`` of ``hands`` (:func:`hand_numbers`); None for a hand not
    among them."""
    return next((n for record, n in zip(hands, hand_numbers(hands)) if record.id == hand_id), None)


def round_of(dealer_moves: int, players: int) -> tuple[int, int, int | None]:
    """The round of the deal after ``dealer_moves`` moves of the deal at a table of ``players``: its wind (0 East,
    1 South, 2 West, 3 North), the deal's number in it (East *2*) and, past North (a house table of more than four
    laps), the lap to name with it: riichi mahjong's West and North rounds (西入, 北入) are played on, and past North
    the winds come round again, the fifth lap East again ("East 1 (lap 5)", 東1局 (5周目)); None in the first four
    laps. The ledger page and `tilelens ledger show` name a round by it.

    >>> round_of(5, 4), round_of(15, 4), round_of(16, 4), round_of(21, 4)
    ((1, 2, None), (3, 4, None), (0, 1, 5), (1, 2, 6))
    """
    lap, deal = divmod(dealer_moves, max(1, players))
    return lap % 4, deal + 1, lap + 1 if lap >= 4 else None


def last_deal(state: TableState, rules: TableRules) -> bool:
    """Whether the hand to play is in the match's last deal: the deal passing on from this dealer ends the match
    (RULES.md: every player deals ``laps`` times; riichi mahjong's South 4, "all last"). A dealer who keeps the
    deal (a dealer win, or a draw where the rules keep it) plays the last deal again: RULES.md lets no one stop
    the match before, not even a dealer in the lead.

    >>> last_deal(replay(2, DEFAULT_RULES["yokai-watch"], [HandRecord(s, HandKind.DRAW) for s in range(3)]),
    ...           DEFAULT_RULES["yokai-watch"])
    True
    """
    return not state.ended and state.dealer_moves == rules.laps * len(state.totals) - 1


def end_by_total(ends_at_or_below: int) -> tuple[str, str]:
    """Why a match ended by a player's total (``TableRules.ends_at_or_below``), in English and Japanese: at 0
    "nothing left" (the Donjara games); at -1 below 0 (riichi mahjong: a player at exactly 0 plays on).

    >>> end_by_total(0)[0], end_by_total(-1)[0]
    ('a player has nothing left', "a player's total has fallen below 0")
    """
    if ends_at_or_below == 0:
        return "a player has nothing left", "持ち点がなくなったプレイヤーがいます"
    if ends_at_or_below == -1:
        return "a player's total has fallen below 0", "持ち点が0より少なくなったプレイヤーがいます"
    return (f"a player's total has fallen to {ends_at_or_below:,} or below",
            f"持ち点が{ends_at_or_below:,}以下になったプレイヤーがいます")


def standings(totals: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(place, seat, total)`` of each seat, the highest total first (RULES.md: "Highest total wins"). RULES.md
    sets no order for equal totals: they share a place (the next place is skipped), listed in seat order.

    >>> standings((900, 1100, 1100))
    [(1, 1, 1100), (1, 2, 1100), (3, 0, 900)]
    """
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
    return [(1 + sum(total > totals[seat] for total in totals), seat, totals[seat]) for seat in order]


@dataclass(frozen=True)
class FinalScore:
    """A player's final score where the match's rules set uma, oka or the sticks left to the top (:func:`final_scores`),
    every amount in points: ``total``, their points at the table; ``sticks``, the riichi sticks left on the table at the
    end that came to them; ``uma`` and ``oka``, what their place added; ``score`` = total + sticks - return points +
    uma + oka, said in thousands as a club writes it (:func:`score_said`: +55)."""

    seat: int
    place: int
    total: int
    sticks: int
    uma: int
    oka: int
    score: int


def has_final_score(rules: TableRules) -> bool:
    """Whether ``rules`` turn the totals at the end into a final score (uma, return points, the sticks left to the
    top); not by default (RULES.md: the totals at the end are the result)."""
    return bool(rules.uma) or rules.return_points is not None or rules.leftover_sticks == "top"


def oka_of(rules: TableRules, players: int) -> int:
    """The oka of a match of ``players`` under ``rules``, in points: (return points - starting points) from each
    player, to the top; 0 where the rules set no return points.

    >>> oka_of(TableRules(start_points=25000, return_points=30000), 4), oka_of(TableRules(start_points=25000), 4)
    (20000, 0)
    """
    back = rules.return_points if rules.return_points is not None else rules.start_points
    return (back - rules.start_points) * players


def _shares(amount: int, n: int) -> list[int]:
    """``amount`` split ``n`` ways in hundreds of points (in points where it is none), the odd hundreds to the first."""
    step = 100 if amount % 100 == 0 else 1
    even, odd = divmod(amount // step, n)
    return [(even + (i < odd)) * step for i in range(n)]


def final_scores(rules: TableRules, state: TableState) -> list[FinalScore] | None:
    """Each player's final score under ``rules`` (:class:`FinalScore`), in the order of :func:`standings` (the places by
    the totals at the table); None where the rules set none (:func:`has_final_score`). Tied places share the uma (and
    the oka) of the places they hold equally, as the common rule (WRC, EMA) has it; the sticks left on the table go to
    the top only once the match has ended (equal tops share them). A share that does not split into hundreds gives
    the odd hundreds to the tied players in seat order, so the scores add up to 0 (less any sticks left to nobody).

    >>> rules = TableRules(start_points=25000, uma=(20, 10, -10, -20), return_points=30000)
    >>> state = replay(4, rules, [HandRecord(0, HandKind.WIN, 0, "ron", {3: 20000}), HandRecord(1, HandKind.WIN, 1,
    ...                           "ron", {2: 5000}), HandRecord(2, HandKind.WIN, 2, "ron", {3: 5000})])
    >>> state.totals, [(s.place, s.score) for s in final_scores(rules, state)]
    ((45000, 30000, 25000, 0), [(1, 55000), (2, 10000), (3, -15000), (4, -50000)])
    """
    if not has_final_score(rules):
        return None
    places = standings(state.totals)
    players = len(places)
    uma = [n * 1000 for n in rules.uma] if len(rules.uma) == players else [0] * players
    back = rules.return_points if rules.return_points is not None else rules.start_points
    oka = oka_of(rules, players)
    sticks = state.pot if state.ended and rules.leftover_sticks == "top" else 0
    got: dict[int, tuple[int, int, int]] = {}
    for place in sorted({place for place, _, _ in places}):
        seats = [seat for p, seat, _ in places if p == place]
        first = place == 1
        parts = zip(_shares(sum(uma[place - 1:place - 1 + len(seats)]), len(seats)),
                    _shares(oka if first else 0, len(seats)), _shares(sticks if first else 0, len(seats)))
        got.update(zip(seats, parts))
    return [FinalScore(seat, place, total, got[seat][2], got[seat][0], got[seat][1],
                       total + got[seat][2] - back + got[seat][0] + got[seat][1]) for place, seat, total in places]


def score_said(points: int) -> str:
    """A final score (in points) as a club writes it, in thousands with its sign: +55, -25, +15.3, 0.

    >>> score_said(55000), score_said(-25000), score_said(15300), score_said(0), score_said(-6650)
    ('+55', '-25', '+15.3', '0', '-6.65')
    """
    if not points:
        return "0"
    whole, part = divmod(abs(points), 1000)
    said = f"{whole:,}" + (f".{part:03d}".rstrip("0") if part else "")
    return ("+" if points > 0 else "-") + said


def scores_said(points: Iterable[int | None]) -> list[str | None]:
    """Final scores said side by side (a column of Tonight's totals, `ledger totals`' rows), as :func:`score_said` says
    one, but each with as many decimals as the one that needs most: "-41.0" beside "+60.1", not "-41"; None stays None
    (a match not played).

    >>> scores_said([60100, -41000, None, 0, 12000])
    ['+60.1', '-41.0', None, '0', '+12.0']
    """
    values = list(points)
    places = max((len(f"{abs(n) % 1000:03d}".rstrip("0")) for n in values if n), default=0)

    def said(n: int) -> str:
        whole, part = divmod(abs(n), 1000)
        return ("+" if n > 0 else "-") + f"{whole:,}." + f"{part:03d}"[:places]

    return [None if n is None else score_said(n) if not n or not places else said(n) for n in values]


SCORE_WORDS = {"en": {"uma": "uma {n}", "oka": "oka {n}", "sticks": "sticks left {n}", "sep": ", ",
                      "form": "{total} → {score}", "parts": " ({parts})",
                      "rule": "Final score: (total − {back}) ÷ 1,000", "rule_uma": ", uma {uma}",
                      "rule_oka": ", oka {oka} to the top", "rule_sticks": ", and the riichi sticks left at the end to "
                      "the top", "rule_ties": "; tied places share their {parts} equally, in hundreds of points, "
                      "the odd hundreds going to the first of them in seat order", "ties_both": "uma and oka",
                      "end": "."},
               "ja": {"uma": "ウマ {n}", "oka": "オカ {n}", "sticks": "場のリーチ棒 {n}", "sep": "、",
                      "form": "{total} → {score}", "parts": " ({parts})",
                      "rule": "最終スコア: (持ち点 − {back}) ÷ 1,000", "rule_uma": "、ウマ {uma}",
                      "rule_oka": "、トップにオカ {oka}", "rule_sticks": "、終了時に場に残ったリーチ棒はトップのもの",
                      "rule_ties": "。同点の順位は{parts}を100点単位で等分し、端数の100点は席順で先の人につけます",
                      "ties_both": "ウマ・オカ", "end": "。"}}


def final_score_said(match: Match, score: FinalScore, lang: str = "en", said_as: str | None = None) -> str:
    """How a player's final score was made, in ``lang``: "45,000 points → +55 (uma +20, oka +20)", what each part added
    said where it added something. ``said_as``: the score as its column says it (:func:`scores_said`: "-5.0" beside
    "+45.8", as `ledger totals` says it)."""
    words = SCORE_WORDS.get(lang, SCORE_WORDS["en"])
    parts = [words[key].format(n=score_said(amount)) for key, amount in
             (("uma", score.uma), ("oka", score.oka), ("sticks", score.sticks)) if amount]
    said = words["form"].format(total=amount_in(score.total, units_of(match), lang),
                                score=said_as if said_as is not None else score_said(score.score))
    return said + (words["parts"].format(parts=words["sep"].join(parts)) if parts else "")


def final_score_rule_said(rules: TableRules, players: int, lang: str = "en") -> str:
    """How the final scores of a match of ``players`` under ``rules`` are made, in a line in ``lang``: "Final score:
    (total - 30,000) ÷ 1,000, uma +20/+10/-10/-20, oka +20 to the top; tied places share their uma and oka equally."."""
    words = SCORE_WORDS.get(lang, SCORE_WORDS["en"])
    back = rules.return_points if rules.return_points is not None else rules.start_points
    oka = oka_of(rules, players)
    said = words["rule"].format(back=f"{back:,}")
    if rules.uma:
        said += words["rule_uma"].format(uma="/".join(score_said(n * 1000) for n in rules.uma))
    if oka:
        said += words["rule_oka"].format(oka=score_said(oka))
    if rules.leftover_sticks == "top":
        said += words["rule_sticks"]
    if rules.uma or oka:  # what the tied places share: the oka named only where there is one (return points above
        parts = words["ties_both"] if rules.uma and oka else words["uma" if rules.uma else "oka"].format(n="").strip()
        said += words["rule_ties"].format(parts=parts)  # the starting points)
    return said + words["end"]


# An evening of matches (:func:`evening_of`): a match started before this hour of the morning is counted with the
# evening before, so that a game night that goes past midnight is one evening.
EVENING_ENDS_AT_HOUR = 5


def evening_of(created: float) -> date:
    """The evening a match started at ``created`` (seconds since 1970) is one of: the local date it started on, the day
    before where it started before 5 in the morning (``EVENING_ENDS_AT_HOUR``).

    >>> [str(evening_of(time.mktime((2026, 12, 7, h, 30, 0, 0, 0, -1)))) for h in (0, 19)]
    ['2026-12-06', '2026-12-07']
    """
    return (datetime.fromtimestamp(created) - timedelta(hours=EVENING_ENDS_AT_HOUR)).date()


def evening_matches(matches: Sequence[Match], since: date | None = None, until: date | None = None) -> list[Match]:
    """Of ``matches``, those started in the evening the newest of them started in (:func:`evening_of`), or, with
    ``since``, in that evening or any after it, with ``until`` in that evening or any before it (both: a range; the
    same date: that evening alone); oldest first, as they were played."""
    if not matches:
        return []
    first = since if since is not None or until is not None else max(evening_of(m.created) for m in matches)
    return sorted((m for m in matches if (first is None or evening_of(m.created) >= first)
                   and (until is None or evening_of(m.created) <= until)), key=lambda m: (m.created, m.id))


def recorded_twice(matches: Iterable[Match]) -> dict[int, int]:
    """Of ``matches``, each that is another record of one of them: ``{its id: the id of the first record}``. A match
    is known by its game and the moment it started (to the microsecond; ``tilelens.ledger_merge``): two of them alike
    are one match that two laptops recorded with different hands, kept both by a merge (each laptop's own under its
    lower number); in a sum of the evening it would count that table twice. The first record, the one counted, is
    the same on every laptop that holds both: a finished one over one stopped mid-match (:func:`finished_records`),
    then the one whose hands, compared in order, part from the other's at a hand recorded earlier
    (:func:`record_key`; both in ``Match.record``, :func:`told_apart`; the lower number where they do not differ
    so). Once one of them is deleted, the other is no longer said. That holds of matches read by
    :meth:`Ledger.read_matches` (or :meth:`Ledger.matches`), which fills ``Match.record``: of others
    (``Ledger.match``'s, made by hand) the lower number is the first, which a laptop that numbered them otherwise
    does not agree with.

    >>> rules = DEFAULT_RULES["yokai-watch"]
    >>> recorded_twice([Match(2, "yokai-watch", ("A", "B"), rules, 60.0), Match(3, "yokai-watch", ("A", "B"), rules,
    ...                 60.0), Match(1, "yokai-watch", ("A", "B"), rules, 0.0)])
    {3: 2}
    """
    first: dict[tuple[str, Any], int] = {}
    copies: dict[int, int] = {}
    for match in sorted(matches, key=lambda m: (m.record, m.id)):
        key = (match.game_id, match.created)
        if key in first:
            copies[match.id] = first[key]
        else:
            first[key] = match.id
    return copies


def record_key(rows: Iterable[Sequence[Any]]) -> tuple:
    """What tells apart two records of one match (:func:`recorded_twice`), the same on every laptop that holds both
    (a merge copies each hand's row as it was recorded, but for a conflict's copy's ids): each hand's time and what it
    records (``rows``: each hand's ``created, kind, winner, win_kind, payments, riichi, tenpai``, in order), so that
    of two records the one that parts from the other at a hand recorded earlier comes first. Not its notes nor the
    players' names: a merge keeps this laptop's names."""
    return tuple((_moment(row[0], float("-inf")), json.dumps([*row[1:]], ensure_ascii=False, default=str))
                 for row in rows)


def record_keys(source: sqlite3.Connection | Callable[[str], Iterable[Sequence[Any]]],
                ids: Iterable[int]) -> dict[int, tuple]:
    """Each of the matches ``ids``' :func:`record_key`, their hands read in one query of ``source`` (an open ledger,
    or a function that runs a query: :meth:`Ledger._query`); {} for no id."""
    wanted = list(dict.fromkeys(int(i) for i in ids))
    if not wanted:
        return {}
    sql = ("SELECT match_id, created, kind, winner, win_kind, payments, riichi, tenpai FROM hands "
           f"WHERE match_id IN ({','.join(map(str, wanted))}) ORDER BY match_id, seq")
    rows: dict[int, list[Sequence[Any]]] = {}
    for row in source.execute(sql) if isinstance(source, sqlite3.Connection) else source(sql):
        rows.setdefault(row[0], []).append(row[1:])
    return {i: record_key(rows.get(i, ())) for i in wanted}


def finished_records(source: sqlite3.Connection | Callable[[str], Iterable[Sequence[Any]]],
                     ids: Iterable[int], path: str | Path = "") -> set[int]:
    """Of the matches ``ids``, those whose hands end them (:func:`replay`'s ``ended``: an end by its rules, or an end
    made early, :meth:`Ledger.end_match`), read from ``source`` (as :func:`record_keys` reads it): of two records of
    one match (:func:`recorded_twice`) a finished one is the first, over one a laptop stopped recording mid-match.
    It is the same on every laptop holding both (a merge copies a match's rules and hands as recorded); a match whose
    row or hands cannot be read is not finished."""
    wanted = list(dict.fromkeys(int(i) for i in ids))
    if not wanted:
        return set()
    listed = ",".join(map(str, wanted))
    run = source.execute if isinstance(source, sqlite3.Connection) else source
    matches = {row[0]: row for row in run(f"SELECT id, game_id, players, rules, created FROM matches "
                                          f"WHERE id IN ({listed})")}
    hands: dict[int, list[Sequence[Any]]] = {}
    for row in run(f"SELECT match_id, seq, kind, winner, win_kind, payments, riichi, tenpai FROM hands "
                   f"WHERE match_id IN ({listed}) ORDER BY match_id, seq"):
        hands.setdefault(row[0], []).append(row[1:])
    done = set()
    for match_id, row in matches.items():
        try:
            match = _match(tuple(row), Path(path))
            seats = range(len(match.players))
            if replay(len(match.players), match.rules,
                      [_hand(*h, "", "", seats=seats) for h in hands.get(match_id, ())], replay_engine(match)).ended:
                done.add(match_id)
        except (LedgerError, IndexError, KeyError, TypeError, ValueError, AttributeError):
            continue
    return done


def told_apart(finished: bool, record: tuple) -> tuple:
    """``Match.record`` of one of two records of a match (:func:`recorded_twice`): a finished one first (``finished``:
    :func:`finished_records`), then the one whose hands part from the other's at a hand recorded earlier
    (``record``: :func:`record_key`)."""
    return (not finished, record)


@dataclass(frozen=True)
class PlayerResults:
    """One player's results over some matches (:func:`evening_totals`): ``nets[i]``, their result in the ``i``-th
    match (its total at the end, or now, less its starting points), None where they did not play it (no result,
    not 0); ``total``, the sum of them."""

    name: str
    nets: tuple[int | None, ...]
    total: int

    @property
    def played(self) -> int:
        """How many of the matches they played (a result, 0 included, in each)."""
        return sum(n is not None for n in self.nets)


@dataclass(frozen=True)
class EveningTotals:
    """Each player's results over some matches, summed (:func:`evening_totals`): the matches in the order they were
    played, the players the highest total first, the unit every amount is in (:func:`units_of`; {} for no match),
    the names that differ only in case or width (Ann, ann, Ａｎｎ), counted as different players, and the riichi
    sticks (chips) on each table, ``(match id, points)`` for a table with some: in no player's total at a match's end
    (or yet, under way), so the results add up to minus their sum."""

    matches: tuple[Match, ...]
    players: tuple[PlayerResults, ...]
    units: Mapping[str, str] = field(default_factory=dict)
    look_alike: tuple[tuple[str, ...], ...] = ()
    on_tables: tuple[tuple[int, int], ...] = ()
    # whether a match's result is its final score (uma, oka: :func:`final_scores`): the results said in thousands, as
    # a club writes them (:func:`score_said`), a match without them counted the same way ((total - start) / 1,000)
    scored: bool = False

    def matches_of(self, name: str) -> list[int]:
        """The ids of the matches ``name`` played of these, in the order played (a look-alike name's, to rename it in
        each)."""
        (player,) = [p for p in self.players if p.name == name]
        return [m.id for m, net in zip(self.matches, player.nets, strict=True) if net is not None]


def evening_totals(tables: Sequence[tuple[Match, TableState]]) -> EveningTotals:
    """Each player's result in each match of ``tables`` (a match and its table now: :meth:`Ledger.tables`): their total
    at its end (of a match under way, now) less the match's starting points, and the sum over the matches, the highest
    first (an equal sum in the order the players first sat). Riichi chips left on a table at its end are in no one's
    result, as they are in no one's total.

    Players are matched by their names exactly as typed: a table may seat Ann and ann as two players (the ledger
    takes both), so case cannot tell two people from one. Names that differ only in case or width and never sat at
    one table are said in ``look_alike`` (where they are one person, renaming one counts them as one). Matches said in
    different units (x10,000 fans, points, chips: :func:`units_of`) are not summed: ``LedgerError``, one line naming
    each unit's matches.

    >>> rules = DEFAULT_RULES["yokai-watch"]
    >>> won = replay(2, rules, [HandRecord(0, HandKind.WIN, 0, "ron", {1: 100})])
    >>> totals = evening_totals([(Match(1, "yokai-watch", ("Ann", "Bo"), rules, 0.0), won),
    ...                          (Match(2, "yokai-watch", ("Bo", "Cy"), rules, 60.0), won)])
    >>> [(p.name, p.nets, p.total) for p in totals.players]
    [('Ann', (100, None), 100), ('Bo', (-100, 100), 0), ('Cy', (None, -100), -100)]
    """
    played = sorted(tables, key=lambda table: (table[0].created, table[0].id))
    matches = tuple(match for match, _ in played)
    _check_one_unit(matches)
    nets: dict[str, list[int | None]] = {}  # by name, in the order they first sat
    for i, (match, state) in enumerate(played):
        for name, net in zip(match.players, match_nets(match.rules, state), strict=True):
            nets.setdefault(name, [None] * len(played))[i] = net
    sums = {name: sum(n for n in results if n is not None) for name, results in nets.items()}
    order = sorted(nets, key=lambda name: -sums[name])  # a stable sort: equal sums in the order they first sat
    return EveningTotals(matches, tuple(PlayerResults(name, tuple(nets[name]), sums[name]) for name in order),
                         dict(units_of(matches[0])) if matches else {}, _look_alike(list(nets), matches),
                         tuple((match.id, state.pot) for match, state in played if state.pot
                               and not _sticks_to_top(match.rules, state)),
                         any(has_final_score(match.rules) for match in matches))


def _sticks_to_top(rules: TableRules, state: TableState) -> bool:
    """Whether the sticks on the table of ``state`` have gone to its top player (``leftover_sticks = "top"``, the
    match ended)."""
    return state.ended and rules.leftover_sticks == "top"


def match_nets(rules: TableRules, state: TableState) -> list[int]:
    """Each seat's result in a match under ``rules`` (``state``: its table at the end, or now), in points: its final
    score where the rules set one (:func:`final_scores`), else its total less the starting points."""
    scores = final_scores(rules, state)
    if scores is None:
        return [total - rules.start_points for total in state.totals]
    by_seat = {s.seat: s.score for s in scores}
    return [by_seat[seat] for seat in range(len(state.totals))]


def _check_one_unit(matches: Sequence[Match]) -> None:
    """``LedgerError`` where ``matches`` are said in more than one unit (:func:`units_of`): each unit named with its
    matches, in one line."""
    by_unit: dict[tuple[str, str], list[int]] = {}
    for match in matches:
        units = units_of(match)
        by_unit.setdefault((units["en"], units["ja"]), []).append(match.id)
    if len(by_unit) < 2:
        return
    said = "; ".join(f"{', '.join(f'#{i}' for i in ids)} in {en}" for (en, _), ids in by_unit.items())
    said_ja = "、".join(f"{'・'.join(f'#{i}' for i in ids)} は{ja}" for (_, ja), ids in by_unit.items())
    raise LedgerError(f"matches counted in different units cannot be added up ({said}): choose matches of one unit",
                      f"単位の違う対局は合計できません ({said_ja})。同じ単位の対局を選んでください")


def _look_alike(names: Sequence[str], matches: Sequence[Match]) -> tuple[tuple[str, ...], ...]:
    """The groups of ``names`` that differ only in case or width (NFKC, casefolded), none two of them at one table of
    ``matches`` (two players there), each in the order the names first sat."""
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(player_key(name), []).append(name)
    return tuple(tuple(group) for group in groups.values()
                 if len(group) > 1 and not any(len(set(group) & set(m.players)) > 1 for m in matches))


# The most matches said one by one where some are added up (`tilelens ledger totals` gives each a column, and names
# them in the command that adds up another game's): more, a season's, are said by their count (the totals and matches
# played kept; --csv and --json have every match).
TOTALS_COLUMNS = 12

# What `tilelens ledger totals` and the ledger page's Tonight's totals say alike beside the totals of some matches, in
# each language (the command's other words: ``tilelens.ledger_cli.TOTALS_WORDS``)
TOTALS_NOTE_WORDS: dict[str, dict[str, str]] = {
    "en": {"where_sep": "; ", "ids_sep": ", ", "ids_many": "{n} matches, #{first} to #{last}",
           # names alike but for a full-width space (a Japanese keyboard's), which a terminal shows as a space
           "alike_space": " (they differ in a full-width space)",
           # final scores of matches under different uma (or oka) added up: each match's ({each}: "#1 uma +20/..")
           "mixed_uma": "Matches of different uma added up (each result is its match's own final score): {each}",
           "uma_of": "{ids} uma {uma}", "oka_of": ", oka {oka}", "no_uma": "{ids} no uma"},
    "ja": {"where_sep": "、", "ids_sep": "・", "ids_many": "{n}対局 (#{first}〜#{last})",
           "alike_space": " (全角スペースの違い)",
           "mixed_uma": "ウマの違う対局を合計しています (各成績はその対局の最終スコア): {each}",
           "uma_of": "{ids}はウマ {uma}", "oka_of": "、オカ {oka}", "no_uma": "{ids}はウマなし"},
}


def ids_said(ids: Sequence[int], sep: str, lang: str = "en") -> str:
    """Matches by their ids ("#1, #3"), joined with ``sep``; more than ``TOTALS_COLUMNS`` (a season's) by their count,
    the first and last named, in ``lang`` ("43 matches, #26 to #102"): a line of 43 ids was 916 characters wide.

    >>> ids_said([1, 3], ", "), ids_said(list(range(26, 69)), ", ")
    ('#1, #3', '43 matches, #26 to #68')
    """
    if len(ids) <= TOTALS_COLUMNS:
        return sep.join(f"#{i}" for i in ids)
    words = TOTALS_NOTE_WORDS.get(lang, TOTALS_NOTE_WORDS["en"])
    return words["ids_many"].format(n=len(ids), first=ids[0], last=ids[-1])


def apart_by_space(names: Sequence[str]) -> bool:
    """Whether look-alike ``names`` differ only where one has a full-width space (U+3000) and another a space: a
    difference a terminal, a page, does not show (:func:`alike_space_said`).

    >>> apart_by_space(["佐藤\u3000花子", "佐藤 花子"]), apart_by_space(["Ann", "ann"])
    (True, False)
    """
    return len({name.replace("\u3000", " ") for name in names}) == 1


def alike_space_said(names: Sequence[str], lang: str = "en") -> str:
    """What is said after look-alike ``names`` (:attr:`EveningTotals.look_alike`), in ``lang``, where they differ only
    by a full-width space (:func:`apart_by_space`); "" where they do not.

    >>> alike_space_said(["佐藤\u3000花子", "佐藤 花子"]), alike_space_said(["Ann", "ann"])
    (' (they differ in a full-width space)', '')
    """
    return TOTALS_NOTE_WORDS.get(lang, TOTALS_NOTE_WORDS["en"])["alike_space"] if apart_by_space(names) else ""


@dataclass(frozen=True)
class UmaOfMatches:
    """The uma and oka of some of the matches added up (``ids``, in the order played): ``uma`` as the figures a club
    writes ("+20/+10/-10/-20"; "" for none), ``oka`` its figure ("+20"), None where every match's oka is the same
    (said only where they differ). Of :func:`mixed_umas`."""

    ids: tuple[int, ...]
    uma: str
    oka: str | None


def mixed_umas(totals: EveningTotals) -> tuple[UmaOfMatches, ...]:
    """The uma (and oka) of each of ``totals``' matches with a final score, the matches of each, where they are not
    all the same (a table whose rules were changed on one laptop); none where they are."""
    by_rule: dict[tuple, list[int]] = {}
    for match in totals.matches:
        if has_final_score(match.rules):
            by_rule.setdefault((tuple(match.rules.uma), oka_of(match.rules, len(match.players))), []).append(match.id)
    if len(by_rule) < 2:
        return ()
    okas = len({oka for _, oka in by_rule}) > 1  # said only where they differ
    return tuple(UmaOfMatches(tuple(ids), "/".join(score_said(n * 1000) for n in uma),
                              score_said(oka) if okas else None) for (uma, oka), ids in by_rule.items())


def umas_said(totals: EveningTotals, lang: str = "en") -> str | None:
    """The uma (and oka) of each of ``totals``' matches with a final score (:func:`mixed_umas`), in a line in
    ``lang``, where they are not all the same; None where they are. As `tilelens ledger totals` and the ledger page's
    Tonight's totals say them ("... #1, #3 uma +20/+10/-10/-20; #2 uma +30/+10/-10/-30")."""
    words = TOTALS_NOTE_WORDS.get(lang, TOTALS_NOTE_WORDS["en"])
    each = [words["uma_of" if u.uma else "no_uma"].format(ids=ids_said(u.ids, words["ids_sep"], lang), uma=u.uma)
            + ("" if u.oka is None else words["oka_of"].format(oka=u.oka)) for u in mixed_umas(totals)]
    return words["mixed_uma"].format(each=words["where_sep"].join(each)) if each else None


# ``hands.winner`` holds a chombo's offender; ``hands.uid`` is the hand's id (``HandRecord.id``): random, so an
# undo and a new hand never give the new one the id of the one undone (as sqlite's rowid would).
_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL, players TEXT NOT NULL,
    rules TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS hands (
    match_id INTEGER NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL, kind TEXT NOT NULL,
    winner INTEGER, win_kind TEXT, payments TEXT NOT NULL, riichi TEXT NOT NULL, tenpai TEXT NOT NULL,
    note TEXT NOT NULL, created REAL NOT NULL, uid TEXT, PRIMARY KEY (match_id, seq));
"""
# Each table as ``_SCHEMA`` makes it, by name: a file of an earlier layout lacking one gets it (:meth:`Ledger._upgrade`).
_TABLE_SQL = {statement.split()[5]: statement.strip() for statement in _SCHEMA.split(";") if statement.strip()}
# The columns added to a table since its first layout, with their type: a file written before has them added
# (:meth:`Ledger._upgrade`). ``hands.uid`` (976e815): tilelens before it stored 10 values in a hand's row, and
# records nothing in a file that has it.
_ADDED_COLUMNS = {("hands", "uid"): "TEXT"}
# Where a ledger file keeps its upgrades (:class:`Upgrade`): made by the first upgrade, in no file of this layout
# made new.
UPGRADES_TABLE = "tilelens_upgrades"
_UPGRADES_SQL = (f"CREATE TABLE IF NOT EXISTS {UPGRADES_TABLE} (done REAL NOT NULL, changes TEXT NOT NULL, "
                 "copy TEXT NOT NULL, told REAL)")
# Where a ledger file keeps what was deleted from it (:meth:`Ledger.delete_match`): each match's game, start and its
# hands' ids, so that a merge of another laptop's ledger does not add back a match deleted here
# (``tilelens.ledger_merge``); an Undo of the delete (:meth:`Ledger.restore_match`) takes its row away. Made by the
# first delete; a tilelens before it opens a file with it as any other (a ledger's tables with another beside them).
DELETED_TABLE = "tilelens_deleted"
_DELETED_SQL = (f"CREATE TABLE IF NOT EXISTS {DELETED_TABLE} (game_id TEXT NOT NULL, created REAL NOT NULL, "
                "uids TEXT NOT NULL, deleted REAL NOT NULL)")
# Where a ledger file keeps the hands undone in it (:meth:`Ledger.undo`): each hand's id with its match's game and
# start, so that a merge of another laptop's ledger that still has the hand does not add it back, and one that has
# it no more takes it out here too (``tilelens.ledger_merge``). Made by the first undo of a hand with an id; a
# tilelens before it opens a file with it as any other (a ledger's tables with another beside them).
UNDONE_TABLE = "tilelens_undone"
_UNDONE_SQL = (f"CREATE TABLE IF NOT EXISTS {UNDONE_TABLE} (game_id TEXT NOT NULL, created REAL NOT NULL, "
               "uid TEXT NOT NULL, undone REAL NOT NULL)")
# Where a ledger file keeps the hands undone and brought back (:meth:`Ledger.restore`, the ledger page's "Bring it
# back"), each with the time it was brought back: its row in ``UNDONE_TABLE`` taken away (an older tilelens, which
# reads that table alone, takes the hand as back too), and a merge of another laptop's ledger that undid it earlier
# does not take it out here, and gives it back there (the latest decision, ``tilelens.ledger_merge``). Made by the
# first hand brought back; a tilelens before it opens a file with it as any other.
RESTORED_TABLE = "tilelens_restored"
# Where a ledger file keeps the names another laptop's ledger gives the players of a match here that a merge said
# differ (``tilelens.ledger_merge``): each match's game and start, its players here and there; a later merge says them
# again only where they differ otherwise. Made by the first such merge.
NAMED_THERE_TABLE = "tilelens_named_there"
# Where a ledger file keeps which of its deletes (``DELETED_TABLE``) and undos (``UNDONE_TABLE``) a merge learnt from
# another laptop's ledger, each as kept there (its game, start, hand's id or the deleted hands' ids, its time): said as
# made on a laptop merged before, not here (``tilelens.ledger_merge``). Made by the first such merge.
LEARNT_TABLE = "tilelens_learnt"
# The id ``RESTORED_TABLE`` keeps for a match brought back whole (:meth:`Ledger.restore_match`), no hand's: the time it
# was brought back, against a delete of it on another laptop (``tilelens.ledger_merge``).
MATCH_BACK = "match"
_RESTORED_SQL = (f"CREATE TABLE IF NOT EXISTS {RESTORED_TABLE} (game_id TEXT NOT NULL, created REAL NOT NULL, "
                 "uid TEXT NOT NULL, restored REAL NOT NULL)")
NAME_COMMAS = ",、，"  # what Start splits the players' names at (app/views/ledger.py): none in a name
NAGASHI = "nagashi:"  # a draw's win_kind where seats were paid a nagashi mangan: "nagashi:1,3"
# A draw's win_kind where the hand ended in an abortive draw (riichi mahjong's 途中流局), with what ended it where said:
# "abortive", "abortive:four-riichi". Nobody pays, the dealer deals again with one more honba, the riichi sticks stay on
# the table (``replay``). An exhaustive draw's is None (or ``NAGASHI``'s).
ABORTIVE = "abortive"
# What ends a hand in an abortive draw (README's settled gaps): its stored name, and its (Japanese, English) words.
ABORTIVE_KINDS: dict[str, tuple[str, str]] = {
    "nine-terminals": ("九種九牌", "nine terminals"), "four-winds": ("四風連打", "four winds"),
    "four-riichi": ("四家リーチ", "four riichi"), "four-kans": ("四槓散了", "four kans"),
    "triple-ron": ("三家和", "triple ron"),
}
# The players an abortive draw of a kind needs at the table (a kind not named: one): four winds is the first discard of
# each of four players, four riichi every one of four, a triple ron three players' ron on a fourth's discard; four kans
# is by more than one player, nine terminals one player's hand. A table of three (sanma) keeps those two (riichi.wiki
# "Sanma": every four-player rule applies to it, less what three players cannot do): ``abortive_kinds``.
ABORTIVE_PLAYERS: dict[str, int] = {"four-winds": 4, "four-riichi": 4, "triple-ron": 4, "four-kans": 2}


def abortive_kinds(players: int) -> dict[str, tuple[str, str]]:
    """The kinds of ``ABORTIVE_KINDS`` (with their words) possible at a table of ``players``: all five at four; nine
    terminals and four kans at three (or two), where four winds, four riichi and a triple ron cannot happen.

    >>> list(abortive_kinds(3))
    ['nine-terminals', 'four-kans']
    """
    return {kind: words for kind, words in ABORTIVE_KINDS.items() if ABORTIVE_PLAYERS.get(kind, 1) <= players}


_NEW_UID = "lower(hex(randomblob(16)))"  # 128 random bits, as text
# The ledger files (absolute paths) whose tables this process has made or found: a read of one of them runs its
# query alone. A file removed or replaced since is found out by its read ("no such table", "no such column"):
# it is looked at again then (``Ledger._query``).
_TABLES_MADE: set[str] = set()
# The matches' tables a ``Ledger`` keeps between readings (:meth:`Ledger.tables`) at most: a ledger of more matches
# than that is read whole again, as before they were kept.
_TABLES_KEPT_MOST = 20_000


@dataclass(frozen=True)
class Upgrade:
    """An upgrade of a ledger file's layout for this tilelens (:meth:`Ledger.upgrades`): its number in the file
    (``id``), when it was ``done`` (as ``time.time()``), its ``changes`` ("hands.uid": a column added, "table
    hands": a table made) and ``copy``: the file as it was before it, kept beside it. An older tilelens can no
    longer record in the upgraded file (tilelens before 976e815 stored 10 values in a hand's row of 11 columns);
    the copy is the file it can open."""

    id: int
    done: float
    changes: tuple[str, ...]
    copy: Path


class Ledger:
    """Matches and their hands in one SQLite file. Each call opens its own connection, so one
    ``Ledger`` is safe to share between Streamlit's script threads.

    Each change is one transaction that holds the file's write lock from its check to its write, so two
    phones writing at once are taken one after the other. A change may carry ``expected_hands``, the number
    of hands the screen that sent it showed, and ``expected_last``, the id of the last of them: it is
    refused (``LedgerChangedError``) when the match has another number by then, or another last hand (an
    undo and a new hand since leave the number as it was), which makes a second tap of Undo or of a record
    button, or a tap on a screen another phone has overtaken, change nothing."""

    timeout_s = 10.0  # how long a change waits for another program's write to the file to end

    def __init__(self, path: str | Path, read_only: bool = False):
        """``read_only``: the file is only read (`tilelens ledger`): opened read-only, nothing made or written in it
        (an earlier version's file is read as it is, not brought up to date; a 0-byte file is an empty ledger)."""
        self.path = Path(path)
        self.read_only = read_only
        self._old = False  # a file written before hands had ids that cannot be (or is not to be) brought up to date
        self._empty = False  # read-only: a file with no tables yet (0 bytes): no match in it
        # each match's table as :meth:`tables` last read it, by its id: kept with what it was read from (the match,
        # its hands' stored rows, the game's yaku names its notes were read by), served again while they are the same
        self._tables_kept: dict[int, tuple[Match, tuple, Any, tuple[TableState, tuple[HandRecord, ...]]]] = {}
        self._matches_kept: dict[tuple, Match] = {}  # each match as :meth:`read_matches` read it, by its stored row
        if not read_only and not os.path.lexists(self.path):  # a new ledger: made when a match is first started
            self._check_can_make()
            return
        if refused := _not_a_file(self.path):  # a named pipe, a device: never opened
            raise refused
        try:
            self._connect().close()  # a file that is no ledger is refused here, once
        except (OSError, sqlite3.DatabaseError) as exc:
            if _busy(exc):  # held by another program for a moment: a ledger all the same
                raise _file_error(self.path, exc, writing=False) from None
            if cannot_make := _cannot_make(self.path, exc):  # no ledger yet, and its folder not writable
                raise cannot_make from None
            raise _no_ledger_file(self.path, exc) or _cannot_open(self.path, exc) from None

    @property
    def old_read_only(self) -> bool:
        """Whether the file (as last opened) was written by an earlier version and cannot be brought up to date (it
        or its folder is read-only): its matches can be read, and every change is refused (:func:`read_only_error`)."""
        return self._old and not self.read_only

    def _check_can_make(self) -> None:
        """A ledger file not made yet: refused now where it cannot be made (a file where one of its folders must
        be, a folder that cannot be written), nothing made; else it is made by the first change (a page opened on a
        path mistyped makes no folders and no file)."""
        env = os.environ.get("TILELENS_LEDGER") or ""
        if env.endswith(("/", os.sep)) and named_by(self.path):  # "…/clubdir/": a folder, not a file named clubdir
            raise _folder_error(self.path, "TILELENS_LEDGER")
        if blocker := file_in_the_way(self.path):
            raise _blocked(self.path, blocker)
        folder = next((f for f in self.path.parents if os.path.lexists(f)), None)
        if folder is not None and not os.access(folder, os.W_OK | os.X_OK):
            raise LedgerError(f"ledger file {self.path} cannot be made: its folder {folder} cannot be written (it is "
                              "read-only): nothing was changed; make the folder writable, or set TILELENS_LEDGER to "
                              "a file in a folder you can write to",
                              f"成績表のファイル {self.path} を作れません。フォルダ {folder} に書き込めません (読み取り専用"
                              "です)。何も変更していません。フォルダを書き込めるようにするか、書き込めるフォルダの"
                              "ファイルを TILELENS_LEDGER に指定してください")

    def make_file(self) -> None:
        """Make the ledger file and its tables now (a new ledger is otherwise made by its first change)."""
        self._make()
        try:
            self._connect().close()
        except sqlite3.DatabaseError as exc:
            raise _file_error(self.path, exc, writing=True) from None

    def _make(self) -> None:
        """The folders of a ledger file not made yet (its first change makes the file)."""
        if os.path.lexists(self.path):
            return
        from tilelens.home import make_dirs

        try:
            make_dirs(self.path.parent)  # the home (and a folder in it) made private, as tilelens makes it elsewhere
        except OSError as exc:
            raise _cannot_make(self.path, exc) or LedgerError(
                f"ledger file {self.path} cannot be made: {exc.strerror or exc}",
                f"成績表のファイル {self.path} を作れません: {exc.strerror or exc}") from None

    def _connect(self) -> sqlite3.Connection:
        """A connection to the file, its tables made first where they are missing: a file removed (or
        replaced by an empty one) while the app runs is a new, empty ledger, not "no such table" until a
        restart. Opening a ``Ledger`` and every change look (a change must not fail part way; it is rare);
        a read looks once per file in the process (:meth:`_reader`). A file with other tables and not the
        ledger's (another program's database named as the ledger file) is refused, nothing written into it."""
        if self.read_only:
            return self._connect_read_only()
        db = sqlite3.connect(self.path, timeout=self.timeout_s)
        try:
            if not _ledger_or_new(db):  # its tables are not given the ledger's
                raise _other_database(self.path)
            self._old = False
            if not _tables(db) & set(_TABLE_SQL):  # no table yet (a new or emptied file): nothing in it to keep
                db.executescript(_SCHEMA)  # IF NOT EXISTS: another connection may have just made them
            elif _layout_changes(db):  # an earlier version's layout: upgraded, the file as it was kept first
                try:
                    self._upgrade(db)
                except _OldReadOnly:  # read as it is (its hands numbered by their rows); a change is refused
                    self._old = True
        except BaseException:
            db.close()
            raise
        _TABLES_MADE.add(self._file())
        return db

    def _connect_read_only(self) -> sqlite3.Connection:
        """A read-only connection (:attr:`read_only`): a file that is no ledger refused as :meth:`_connect` refuses
        it, nothing written; an earlier version's file read as it is."""
        db = _open_read_only(self.path)
        try:
            if not _ledger_or_new(db):
                raise _other_database(self.path)
            names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            self._empty = not set(_LEDGER_COLUMNS) <= names
            self._old = not self._empty and "uid" not in table_columns(db, "hands")
        except BaseException:
            db.close()
            raise
        return db

    def _uid_sql(self) -> str:
        """How a query reads a hand's id: an earlier version's file read as it is has none (its row number)."""
        return "('row-' || hands.rowid)" if self._old else "COALESCE(uid, '')"

    def _reader(self) -> sqlite3.Connection:
        """A connection to read the file by: its tables made first only where this process has not made or
        found them yet (:meth:`_query` looks again when they have gone since)."""
        if self.read_only:
            return self._connect_read_only()
        if self._file() in _TABLES_MADE:
            return sqlite3.connect(self.path, timeout=self.timeout_s)
        return self._connect()

    def _file(self) -> str:
        """The file, as one name for every ``Ledger`` of it (a relative path as the working folder makes it)."""
        return os.path.abspath(self.path)

    def _upgrade(self, db: sqlite3.Connection) -> None:
        """Bring the ledger file of ``db``, of an earlier version's layout (:func:`_layout_changes`), up to this
        version's: every change of a file's layout is made here, once, in one transaction under the write lock (the
        changes looked at again under it: another connection may have just made them). Before the first change
        the file as it is is copied beside it (:func:`_keep_copy`), and the upgrade is recorded in the file
        (:meth:`upgrades`) for the app to tell once (:meth:`take_upgrade_notice`): an older tilelens can no longer
        record in it, and the copy is the file it can open. ``_OldReadOnly`` where the file, or its folder for
        the copy, cannot be written: nothing changed, the file is read as it is; ``LedgerError`` where the copy
        cannot be made for another reason (a full disk): nothing changed. Nothing stored is rewritten: a match's
        rules stored before a key was added read it as its default (``TableRules``), notes of an older form are
        read as they are (:func:`hand_note_said`)."""
        copy = None
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                changes = _layout_changes(db)
                if changes:
                    # the record's table first: a file that cannot be written is refused here, no copy made; the
                    # copy is read by a connection of its own, which sees the file as committed, without it
                    db.execute(_UPGRADES_SQL)
                    copy = _keep_copy(self.path)
                    for change in changes:
                        if change.startswith("table "):
                            db.execute(_TABLE_SQL[change.removeprefix("table ")])
                        else:
                            table, column = change.split(".")
                            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {_ADDED_COLUMNS[table, column]}")
                    if "hands.uid" in changes:  # each hand its id, as a new hand gets one
                        db.execute(f"UPDATE hands SET uid = {_NEW_UID} WHERE uid IS NULL")
                    db.execute(f"INSERT INTO {UPGRADES_TABLE} (done, changes, copy, told) VALUES (?, ?, ?, NULL)",
                               (time.time(), json.dumps(changes), copy.name))
                db.commit()
            except BaseException:
                db.rollback()
                if copy is not None:  # no copy of an upgrade not made
                    _remove_copy(copy)
                raise
        except sqlite3.DatabaseError as exc:
            if is_read_only(exc):
                raise _OldReadOnly() from None
            raise

    def upgrades(self) -> list[Upgrade]:
        """Every upgrade of the file's layout (:meth:`_upgrade`), the first first; [] for a file made by this
        version or one not upgraded (one opened read-only, as `tilelens ledger` opens it, is never upgraded)."""
        return [_upgrade_of(row, self.path) for row in self._upgrade_rows(told=None)]

    def upgrade_notice(self) -> Upgrade | None:
        """The last upgrade of the file not told yet (:meth:`take_upgrade_notice`), or None."""
        rows = self._upgrade_rows(told=False)
        return _upgrade_of(rows[-1], self.path) if rows else None

    def take_upgrade_notice(self) -> Upgrade | None:
        """:meth:`upgrade_notice`, marked told in the file with every upgrade before it: what the app's ledger page
        says once (i18n ``ledger_upgraded``: the file was upgraded for this tilelens, an older one can no longer
        record in it, the file as it was is kept at :attr:`Upgrade.copy`); another phone, or the page after a
        restart, is not told again. None where there is none. A file that cannot be written now gives it
        unmarked (told again next time, never not told)."""
        if self.read_only or not os.path.lexists(self.path):  # never upgraded; a change would make the file
            return self.upgrade_notice()
        if self.upgrade_notice() is None:  # read first: each drawing of the page takes no write lock for nothing
            return None
        try:
            with self._change() as db:
                if not _has_table(db, UPGRADES_TABLE):
                    return None
                row = db.execute(f"SELECT rowid, done, changes, copy FROM {UPGRADES_TABLE} WHERE told IS NULL "
                                 "ORDER BY rowid DESC LIMIT 1").fetchone()
                if row is None:
                    return None
                db.execute(f"UPDATE {UPGRADES_TABLE} SET told = ? WHERE told IS NULL AND rowid <= ?",
                           (time.time(), row[0]))
        except LedgerError:
            return self.upgrade_notice()
        return _upgrade_of(row, self.path)

    def _upgrade_rows(self, told: bool | None) -> list[tuple]:
        """The stored rows of the file's upgrades (``told``: False, those not told yet; None, all), the first first."""
        if not self.read_only and not os.path.lexists(self.path):
            return []
        try:
            with closing(self._reader()) as db:
                if self._empty or not _has_table(db, UPGRADES_TABLE):
                    return []
                where = "WHERE told IS NULL " if told is False else ""
                return db.execute(f"SELECT rowid, done, changes, copy FROM {UPGRADES_TABLE} {where}ORDER BY rowid"
                                  ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise _file_error(self.path, exc, writing=False) from None

    @contextmanager
    def _change(self) -> Iterator[sqlite3.Connection]:
        """A connection in a transaction that holds the write lock from the start (``BEGIN IMMEDIATE``):
        committed at the end, rolled back on any error; sqlite's own errors (a busy or read-only file) as
        ``LedgerError`` naming the problem."""
        if self.read_only:
            raise read_only_error(self.path)
        self._make()
        try:
            with closing(self._connect()) as db:
                if self._old:  # an earlier version's file that could not be brought up to date: not written
                    raise read_only_error(self.path, old=True)
                if newer := newer_columns(db):  # a newer tilelens's file: read, never written into
                    raise _newer_error(self.path, newer)
                db.execute("BEGIN IMMEDIATE")
                with db:
                    yield db
        except sqlite3.DatabaseError as exc:
            raise _file_error(self.path, exc, writing=True) from None

    def new_match(self, game: Any, players: Sequence[str], rules: TableRules | None = None,
                  again_within_s: float = 0.0) -> int:
        """Start a match for ``game`` (a ``scorer.Game`` or an id) with 2-4 named players; its id.

        ``again_within_s``: a match of the same game, players and rules started less than this long ago,
        with no hand yet, is taken for this one (a second tap of the same start, which may land on the
        button drawn again): its id is returned and no match is added."""
        names = tuple(p.strip() for p in players)
        low, high = _player_range(game)
        seats = _riichi_game_seats(game)  # a riichi table of three ([riichi] players = 3): no north seat
        if seats is not None:
            high = min(high, seats)
        # how the names are written, in a message that refuses them (the box takes them comma-separated)
        example = ", ".join("ABCDEFGH"[:max(high, 2)])
        if not any(names):
            raise LedgerError(f"No player names: type them in seat order, separated by commas, such as \"{example}\"",
                              "プレイヤーの名前がありません。席順に、「,」か「、」で区切って入れてください")
        if seats is not None and seats < len(names) <= 4:  # a table of four the game's rules do not seat
            name_en, name_ja = _game_names(game)
            span = f"{low}" if low == seats else f"{low} to {seats}"
            north = ": no north seat" if seats == 3 else ""
            raise LedgerError(f"A table of {name_en} has {span} players ([riichi] players = {seats} in its rules"
                              f"{north}), got {len(names)} names: leave {len(names) - seats} out, or make it a table "
                              f"of {len(names)} in the game's rules ([riichi] players = {len(names)})",
                              f"{name_ja}の卓は{span.replace(' to ', '〜')}人です (ルールの [riichi] players = {seats}"
                              f"{'、北家なし' if seats == 3 else ''})。{len(names)}人の名前があります。"
                              f"{len(names) - seats}人外すか、ゲームのルールで{len(names)}人の卓にしてください "
                              f"([riichi] players = {len(names)})")
        if not low <= len(names) <= high:
            span = f"{low}" if low == high else f"{low} to {high}"
            name_en, name_ja = _game_names(game)
            given = f"1 name (\"{names[0]}\")" if len(names) == 1 else f"{len(names)} names"
            raise LedgerError(f"A table of {name_en} has {span} players, got {given}: separate the names with "
                              f"commas, such as \"{example}\"",
                              f"{name_ja}の卓は{span.replace(' to ', '〜')}人です ({len(names)}人の名前があります。"
                              f"名前は「,」か「、」で区切ってください)")
        if any(not n for n in names):
            raise LedgerError(f"A player's name is empty (two commas with no name between them): separate the "
                              f"names with commas, a name between each two, such as \"{example}\"",
                              f"プレイヤーの名前は空にせず、それぞれ違う名前にしてください ({'、'.join(names)})")
        if len(set(names)) != len(names):
            again = next(n for n in names if names.count(n) > 1)
            times = "twice" if names.count(again) == 2 else f"{names.count(again)} times"
            raise LedgerError(f"The name {again} is given {times}: each player needs a different name at the table "
                              f"(such as {again} and {again}2)",
                              f"{again}という名前が{names.count(again)}回あります。卓のプレイヤーにはそれぞれ違う名前を"
                              f"つけてください ({again}、{again}2 など)")
        comma = next((n for n in names if any(c in n for c in NAME_COMMAS)), None)
        if comma is not None:  # the names box splits at them, and the CSV joins names with ", ": a name holds none
            raise LedgerError(f"The name {comma} has a comma in it: a name cannot have one (commas separate the "
                              "players' names); type it without",
                              f"名前 {comma} に読点・カンマ (、,) があります。名前の区切りに使うため、名前には"
                              "使えません。外して入れてください")
        rules = kept_at_start(game, rules or rules_for(game))
        _check_match_options(game, rules, len(names))
        game_id = game if isinstance(game, str) else game.id
        try:
            engine = _game(game).engine
        except TilelensInputError:  # a game that does not load: its rules stored as they are
            engine = None
        row = (game_id, json.dumps(names), stored_rules(rules, engine))
        with self._change() as db:
            now = time.time()
            if again_within_s > 0:
                # a start time stored wrong (text, which SQLite sorts after every number; one in the future) is
                # no start just made
                same = db.execute("SELECT id FROM matches WHERE game_id = ? AND players = ? AND rules = ? "
                                  "AND typeof(created) IN ('integer', 'real') AND created > ? AND created <= ? "
                                  "AND NOT EXISTS "
                                  "(SELECT 1 FROM hands WHERE hands.match_id = matches.id) ORDER BY id DESC",
                                  (*row, now - again_within_s, now + again_within_s)).fetchone()
                if same:
                    return int(same[0])
            cur = db.execute("INSERT INTO matches (game_id, players, rules, created) VALUES (?, ?, ?, ?)",
                             (*row, now))
            return int(cur.lastrowid)

    def matches(self) -> list[Match]:
        """Every match that can be read, newest first (:meth:`damaged` names the others)."""
        return self.read_matches()[0]

    def damaged(self, game_id: str | None = None) -> list[LedgerError]:
        """Why each match (of ``game_id``, or any) whose stored row cannot be read (an older version's
        rules, a file edited by hand) is left out of :meth:`matches`: one of them does not stop the rest."""
        return [exc for gid, exc in self.read_matches()[1] if game_id in (None, gid)]

    def read_matches(self) -> tuple[list[Match], list[tuple[str, LedgerError]]]:
        """:meth:`matches` and the damaged ones with their game's id, from one reading of the file."""
        rows = self._query("SELECT id, game_id, players, rules, created FROM matches ORDER BY id DESC")
        good, bad = [], []
        kept = self._matches_kept  # a row read as it was last time (the page reads them all on each tap): its match
        if len(kept) >= _TABLES_KEPT_MOST:
            kept.clear()
        for row in rows:
            match = kept.get(row)
            if match is None:
                try:
                    match = kept[row] = _match(row, self.path)
                except LedgerError as exc:
                    bad.append((row[1], exc))
                    continue
            good.append(match)
        return self._records_told_apart(good), bad

    def _records_told_apart(self, matches: list[Match]) -> list[Match]:
        """``matches``, each one of a match recorded twice (the same game and start: :func:`recorded_twice`) given
        its ``record`` (:func:`told_apart`: whether it has finished, and :func:`record_key`), its hands read for it
        (none read where no match is recorded twice)."""
        keys: dict[tuple[str, Any], int] = {}
        for match in matches:
            keys[(match.game_id, match.created)] = keys.get((match.game_id, match.created), 0) + 1
        twice = [m for m in matches if keys[(m.game_id, m.created)] > 1]
        if not twice:
            return matches
        records = record_keys(self._query, (m.id for m in twice))
        # finished or not (:func:`finished_records`, as :meth:`tables` replays them: kept, not replayed on each read)
        read = self.tables(twice)
        done = {m.id for m in twice if not isinstance(read[m.id], LedgerError) and read[m.id][0].ended}
        told = {m.id: replace(m, record=told_apart(m.id in done, records[m.id])) for m in twice}
        return [told.get(m.id, m) for m in matches]

    def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Rows of a query; ``LedgerError`` (one line, both languages) when the file is no ledger."""
        if not self.read_only and not os.path.lexists(self.path):  # not made yet (or removed since): no match
            return []
        try:
            try:
                with closing(self._reader()) as db:
                    if self._empty:  # read-only, a file with no tables yet: no match
                        return []
                    return db.execute(sql, args).fetchall()
            except sqlite3.OperationalError as exc:
                if not _tables_gone(exc):
                    raise
                # the file was removed or replaced since its tables were made: made again (or a file of an
                # earlier version brought up to date), then read again, as it is now
                _TABLES_MADE.discard(self._file())
                with closing(self._connect()) as db:
                    return db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise _file_error(self.path, exc, writing=False) from None

    def match(self, match_id: int) -> Match:
        """One match by id; ``LedgerError`` if there is none (an id beyond SQLite's integers, such as one typed
        on the command line, too: sqlite's OverflowError was a traceback)."""
        rows = (self._query("SELECT id, game_id, players, rules, created FROM matches WHERE id = ?", (match_id,))
                if _SQLITE_INTEGERS[0] <= match_id <= _SQLITE_INTEGERS[1] else [])
        if not rows:
            raise NoMatchError(f"no match with id {match_id} in {self.path}",
                               f"{self.path} に ID {match_id} の対局はありません", match_id)
        return _match(rows[0], self.path)

    def first_record(self, match: Match) -> int | None:
        """Where ``match`` is another record of a match kept twice by a merge: the first record's id, as
        :func:`recorded_twice` says it of :meth:`matches`; None for any other match. Only the matches of its game and
        start are read (one whose row cannot be read left out, as :meth:`matches` leaves it out)."""
        alike = []
        for row in self._query("SELECT id, game_id, players, rules, created FROM matches WHERE game_id = ? AND "
                               "created = ?", (match.game_id, match.created)):
            try:
                alike.append(_match(row, self.path))
            except LedgerError:
                continue
        return recorded_twice(self._records_told_apart(alike)).get(match.id)

    def named_there(self, matches: Sequence[Match]) -> dict[int, list[tuple[str, str]]]:
        """The players of ``matches`` that another laptop's record of the same match names otherwise, as a merge
        found them (``NAMED_THERE_TABLE``: a player renamed there, this ledger's name kept): ``{match id: [(the name
        here, the name there), ...]}``, seat by seat, only where the name in that seat here is still the one the merge
        saw (renamed here since: not said; another seat renamed: the others still said) and the name there is no other
        player's at that table. {} for a ledger no merge found such a match in."""
        if not matches or not self._query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                          (NAMED_THERE_TABLE,)):
            return {}
        by_start = {(m.game_id, m.created): m for m in matches}
        found: dict[int, list[tuple[str, str]]] = {}
        for game_id, created, here, there in self._query(f"SELECT game_id, created, here, there FROM "
                                                         f"{NAMED_THERE_TABLE} ORDER BY said"):
            match = by_start.get((game_id, created))
            ours, theirs = _stored(here), _stored(there)
            if match is None or not isinstance(ours, list) or not isinstance(theirs, list) \
                    or not len(ours) == len(theirs) == len(match.players):
                continue
            for now, a, b in zip(match.players, ours, theirs):
                if now == a and isinstance(b, str) and a != b and b not in match.players \
                        and (a, b) not in found.get(match.id, []):
                    found.setdefault(match.id, []).append((a, b))
        return found

    def hands(self, match_id: int) -> list[HandRecord]:
        """The hands of a match in the order they were played."""
        # the match's players from the same reading: the seats its hands may name (a file edited by hand may
        # name seat -1, which Python would read as the last player)
        rows = self._query(f"SELECT seq, kind, winner, win_kind, payments, riichi, tenpai, note, {self._uid_sql()}, "
                           "(SELECT players FROM matches WHERE id = ?), (SELECT game_id FROM matches WHERE id = ?) "
                           "FROM hands WHERE match_id = ? ORDER BY seq", (match_id, match_id, match_id))
        try:
            seats = range(len(json.loads(rows[0][-2]))) if rows and rows[0][-2] is not None else None
            hands = [_hand(*row[:-2], seats=seats) for row in rows]
        except (ValueError, TypeError, AttributeError) as exc:  # JSONDecodeError is a ValueError
            raise _damaged(match_id, self.path, exc) from None
        return _read_old_yaku(hands, rows[0][-1]) if rows else hands

    def state(self, match_id: int) -> TableState:
        """The table now: totals, dealer, honba, pot, whether the match has ended."""
        return self.table(match_id)[0]

    def table(self, match_id: int | Match) -> tuple[TableState, list[HandRecord]]:
        """The table now and the hands it was replayed from, from one reading of them: read apart, another
        phone's hand between the readings would give hands that the totals do not match. ``match_id``: the
        match's id, or the ``Match`` its caller has read already (:meth:`match`, :meth:`read_matches`), which
        serves as it is: its row is not read again."""
        match = self._match_of(match_id)
        hands = self.hands(match.id)
        return self._replay(match, hands), hands

    def tables(self, matches: Sequence[Match]) -> dict[int, tuple[TableState, list[HandRecord]] | LedgerError]:
        """:meth:`table` of each of ``matches`` (read already: :meth:`read_matches`), their hands from one query
        (a list of 300 matches read them with 300, each on a connection of its own): ``{id: (state, hands)}``, or,
        for a match whose hands are stored wrong, the ``LedgerError`` :meth:`table` raises for it (the others are
        read). A file that cannot be read raises, as :meth:`table` does.

        The hands' rows are read each time; a match is replayed (its notes read) again only where its rows, the match
        itself (its players, rules) or the yaku names of its game its notes were read by differ from those of its
        last reading (``_tables_kept``): the ledger page runs again on each tap, and replayed every match of the game
        on each (180-315 ms at 300-600 matches with notes stored before cf21e04). What is served is read from the file
        as it is now, whichever program changed it (another phone, a merge, another laptop's file put in its place)."""
        if not matches:
            return {}
        ids = ",".join(str(int(match.id)) for match in matches)  # the ids the file gave: whole numbers
        rows = self._query(f"SELECT match_id, seq, kind, winner, win_kind, payments, riichi, tenpai, note, "
                           f"{self._uid_sql()} FROM hands WHERE match_id IN ({ids}) ORDER BY match_id, seq")
        by_match: dict[int, list[tuple]] = {}
        for row in rows:
            by_match.setdefault(row[0], []).append(row[1:])
        names_of: dict[str, Mapping[str, tuple[str, str]]] = {}  # each game's yaku names, looked up once

        def names(game_id: str) -> Mapping[str, tuple[str, str]]:
            if game_id not in names_of:
                names_of[game_id] = _yaku_names(game_id)
            return names_of[game_id]

        found: dict[int, tuple[TableState, list[HandRecord]] | LedgerError] = {}
        for match in matches:
            stored = tuple(by_match.get(match.id, ()))
            kept = self._tables_kept.get(match.id)
            if kept is not None and kept[0] == match and kept[1] == stored \
                    and (kept[2] is None or kept[2] is names(match.game_id)):
                found[match.id] = kept[3][0], list(kept[3][1])
                continue
            try:
                try:
                    seats = range(len(match.players))
                    hands = [_hand(*row, seats=seats) for row in stored]
                    used = names(match.game_id) if any(map(_old_form_note, hands)) else None
                    hands = _read_old_yaku(hands, match.game_id, used)
                except (ValueError, TypeError, AttributeError) as exc:  # as :meth:`hands` says it
                    raise _damaged(match.id, self.path, exc) from None
                state = self._replay(match, hands)
            except LedgerError as exc:
                found[match.id] = exc
                self._tables_kept.pop(match.id, None)
            else:
                found[match.id] = state, hands
                if len(self._tables_kept) >= _TABLES_KEPT_MOST:
                    self._tables_kept.clear()
                self._tables_kept[match.id] = (match, stored, used, (state, tuple(hands)))
        return found

    def _match_of(self, match: int | Match) -> Match:
        """``match`` where it is a ``Match`` read already, else the match of that id (:meth:`match`)."""
        return match if isinstance(match, Match) else self.match(match)

    def _replay(self, match: Match, hands: Sequence[HandRecord]) -> TableState:
        """``replay``, a hand stored wrong (a seat not at the table) said as the match being damaged."""
        try:
            return replay(len(match.players), match.rules, hands, replay_engine(match))
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            raise _damaged(match.id, self.path, exc) from None

    def add_win(self, match_id: int, winner: int, win_kind: str, payments: Mapping[int, int],
                riichi: Sequence[int] = (), note: str = "", same_discard: bool = False,
                expected_hands: int | None = None, expected_last: str | None = None,
                honba: int | None = None, pao: int | None = None) -> str:
        """Append a won hand: ``payments`` maps each paying seat to what it pays the winner; the new hand's id
        (``HandRecord.id``: the hand added, told from one like it added after an undo).
        ``expected_hands``, ``expected_last``: the number of hands of the table it was priced for and the id
        of the last one (see ``Ledger``; with ``same_discard``, that last hand is the ron it shares a discard with).

        ``same_discard=True``: a ron by another player on the discard of the last hand entered (a double
        ron), where the match's rules allow several (``TableRules.several_ron``). It is taken even when
        the first winner's payment ended the match (a player bust by it), as the discard came before. ``honba``: the
        honba counters its payments were priced with, where the caller knows them (a note stating them, "incl. 300
        for 1 honba", says them too): such a further winner is priced with none, the first one entered carrying
        the table's (``replay``), and one priced with any is refused, naming the honba to score it with.

        ``pao``: the seat liable for the hand's yakuman (責任払い: it fed the winner's last dragon or wind,
        ``scorer.riichi_pay.pao_payments``), which then pays a tsumo alone (beside another yakuman, every other seat
        pays as well) and a ron with the discarder, or alone where it dealt in (:func:`_pao_checked`); the discarder
        is stored first (who dealt in: :func:`dealt_in`). Its note says it (:func:`result_note`'s ``pao``).

        A seat may declare riichi only with the points for its stick (:func:`_check_riichi_points`)."""
        match, state, hands = self._open_match(match_id, same_discard, expected_hands, expected_last)
        seats = range(len(match.players))
        riichi = _seat_list(riichi, "riichi")
        _check_payments(seats, winner, payments, riichi, match=match)
        if win_kind not in ("ron", "tsumo"):
            raise LedgerError(f"a win is a ron or a tsumo, got {win_kind!r}")
        others = set(seats) - {int(winner)}
        if pao is not None:
            payments = _pao_checked(match, seats, int(winner), str(win_kind), payments, pao)
        elif win_kind == "ron" and len(payments) != 1:
            raise LedgerError(f"a ron is paid by the discarder alone, got payments from seats {sorted(payments)}")
        elif win_kind == "tsumo" and set(map(int, payments)) != others:
            raise LedgerError(f"a tsumo is paid by every other seat ({sorted(others)}), got payments from seats "
                              f"{sorted(payments)}")
        if same_discard:
            self._check_same_discard(match, winner, str(win_kind), payments, hands, riichi)
            _check_same_discard_honba(match, winner, honba, note)
            win_kind = SAME_DISCARD
        _check_riichi_points(match, (_before_discard(match, hands) if same_discard else state).totals, riichi)
        return self._insert(match_id, hands, HandKind.WIN, int(winner), str(win_kind),
                     {int(s): int(a) for s, a in payments.items()}, riichi, (), _note(note))

    @staticmethod
    def _check_same_discard(match: Match, winner: int, win_kind: str, payments: Mapping[int, int],
                            hands: Sequence[HandRecord], riichi: Sequence[int] = ()) -> None:
        # a Donjara match says the one who discarded (捨てた人), as its pages do (``DONJARA_NOTE_WORDS``)
        who = "放銃者" if engine_of(match) == "riichi" else "捨てた人"
        if not match.rules.several_ron:
            raise _one_ron_refused(match, winner, payments, hands, who)
        if win_kind != "ron" or not 1 <= len(payments) <= 2:  # two: the discarder and a liable player (pao)
            raise LedgerError("another winner on the same discard must be a ron, paid by the discarder alone",
                              f"同じ捨て牌でのもう1人の上がりはロンで、{who}だけが払います")
        first = _discard_start(hands)
        if not hands or hands[first].kind is not HandKind.WIN or hands[first].win_kind != "ron":
            raise LedgerError("the last hand entered is not a ron, so there is no discard to share",
                              "最後に記録した局がロンではないため、同じ捨て牌での上がりにはなりません")
        name, name_ja = _seat_namer(match), _seat_namer(match, "ja")
        if next(iter(payments)) != next(iter(hands[first].payments)):  # the discarder is first (a pao's payer after)
            discarder = next(iter(hands[first].payments))
            raise LedgerError(f"the same discard has the same discarder: {name(discarder)} paid the last ron",
                              f"同じ捨て牌なので{who}も同じです: 前のロンは{name_ja(discarder)}が払いました")
        if winner in {h.winner for h in hands[first:]}:
            raise LedgerError(f"{name(winner)} has already won on this discard",
                              f"{name_ja(winner)}はこの捨て牌ですでに上がっています")
        again = sorted(set(riichi) & {s for h in hands[first:] for s in h.riichi})
        if again:  # one declaration, one stick: the first winner's entry already took it
            raise LedgerError(f"{', '.join(map(name, again))} already declared riichi on this discard "
                              f"(entered with the first winner)",
                              f"{'、'.join(map(name_ja, again))}のリーチは、この捨て牌の最初の上がりで記録済みです")
        if len(hands) - first >= 2 and (match.rules.honba or match.rules.riichi_chip):
            # a riichi table: three rons on one discard are an abortive draw (sanchahou; README's settled gaps), so
            # a discard has at most two winners and one head bump (``replay``). A Donjara table with a riichi chip
            # takes two as well, but has no abortive draw (``_abortive_kind``): its hand is one nobody won, as its
            # Rules page says three rons (nobody pays), recorded with the ledger page's button of that name
            if engine_of(match) != "riichi":  # the button as the page names it: 「流局を記録」 in Nogizaka's words
                button = f"{draw_word(match, 'ja') or '誰も上がらなかった局'}を記録"
                raise LedgerError("at this table a discard takes two winners at most, so three rons on one discard are "
                                  "not three wins: undo the rons on this discard and record the hand on the ledger "
                                  "page with \"Record a hand nobody won\" (nobody pays)",
                                  "この卓では1つの捨て牌で上がれるのは2人までで、3人がロンした局は上がりになりません: "
                                  f"この捨て牌のロンを取り消し、成績表のページの「{button}」で記録して"
                                  "ください (支払いはありません)")
            raise LedgerError("three rons on one discard are an abortive draw (sanchahou) at this table, not three "
                              "wins: undo the rons on this discard and record a draw on the ledger page, as an "
                              "abortive draw (triple ron) (nobody pays; the dealer deals again)",
                              "1つの捨て牌に3人のロンは三家和 (途中流局) で、上がりにはなりません: この捨て牌のロンを"
                              "取り消し、成績表のページの「流局を記録」で途中流局 (三家和) として記録してください (支払いなし、"
                              "親は続けます)")

    def add_draw(self, match_id: int, tenpai: Sequence[int] = (), riichi: Sequence[int] = (),
                 note: str = "", expected_hands: int | None = None, expected_last: str | None = None,
                 nagashi: Sequence[int] = (), abortive: str | None = None) -> str:
        """Append an exhaustive draw (its id, as ``add_win``): who was tenpai (riichi mahjong) and who declared
        riichi. Where the
        table counts tenpai (noten payments, or the dealer keeping the deal when tenpai), a seat in riichi
        is tenpai: a riichi is declared on a tenpai hand (RULES.md 002). ``nagashi``: riichi mahjong's seats paid a
        nagashi mangan at this draw, each as a mangan tsumo in place of the noten payments
        (``scorer.riichi_pay.nagashi_transfers``: no honba; the riichi sticks stay on the table).

        ``abortive``: riichi mahjong's abortive draw (途中流局) instead, of the kind named (a key of ``ABORTIVE_KINDS``;
        "" for none said): nobody pays, the dealer deals again with one more honba and the riichi sticks (``riichi``:
        those put down in the hand, four for four riichi) stay on the table. Who was tenpai counts for nothing then:
        a tenpai or nagashi seat given with it is refused, as are four riichi without every player's riichi."""
        match, state, hands = self._open_match(match_id, expected_hands=expected_hands, expected_last=expected_last)
        tenpai, riichi = _seat_list(tenpai, "tenpai"), _seat_list(riichi, "riichi")
        nagashi = sorted(set(_seat_list(nagashi, "nagashi")))
        _check_seats(range(len(match.players)), [*tenpai, *riichi, *nagashi])
        if nagashi and engine_of(match) != "riichi":
            raise LedgerError("nagashi mangan is a riichi mahjong payment: this game has none",
                              "流し満貫は麻雀の支払いです。このゲームにはありません")
        if nagashi and not nagashi_played(match):
            raise LedgerError("nagashi mangan is off in this match's rules (its game's [riichi] nagashi = false when "
                              "it started)",
                              "この対局のルールでは流し満貫はありません (対局を始めたときのゲームの [riichi] nagashi = "
                              "false)")
        kind = NAGASHI + ",".join(map(str, nagashi)) if nagashi else None
        if abortive is not None:
            kind = _abortive_kind(match, str(abortive), tenpai, riichi, nagashi)
            tenpai = []
        _check_riichi_points(match, state.totals, riichi)
        if abortive is None and (match.rules.noten_total or match.rules.keep_on_draw is DrawKeep.DEALER_TENPAI):
            tenpai = [*tenpai, *riichi]
        return self._insert(match_id, hands, HandKind.DRAW, None, kind, {}, riichi, tenpai, _note(note))

    def add_chombo(self, match_id: int, offender: int, payments: Mapping[int, int], note: str = "",
                   expected_hands: int | None = None, expected_last: str | None = None) -> str:
        """Append a chombo (its id, as ``add_win``): ``offender`` declared a win that is none (or one the game's rules bar) and pays
        ``payments``, each other seat what it is paid (:func:`chombo_payments` reads them from the game's
        rules). The hand is void: the same dealer deals it again (see :func:`replay`).
        ``expected_hands``, ``expected_last``: as for the other entries (see ``Ledger``)."""
        match, _, hands = self._open_match(match_id, expected_hands=expected_hands, expected_last=expected_last)
        seats = range(len(match.players))
        _check_payments(seats, offender, payments, match=match, chombo=True)
        others = set(seats) - {int(offender)}
        if set(map(int, payments)) != others:
            raise LedgerError(f"a chombo's declarer pays every other seat ({sorted(others)}), got payments to "
                              f"seats {sorted(payments)}")
        if not any(payments.values()):
            raise LedgerError("a chombo costs its declarer something: every payment is 0",
                              "チョンボの支払いがすべて 0 です (チョンボをした人はほかの人に払います)")
        return self._insert(match_id, hands, HandKind.CHOMBO, int(offender), None,
                     {int(s): int(a) for s, a in payments.items()}, (), (), _note(note))

    def discard_state(self, match_id: int) -> TableState:
        """The table as it was when the discard of the last ron was made (before its first winner was
        entered): the dealer, honba and pot that another winner on that discard is scored with."""
        match, hands = self.match(match_id), self.hands(match_id)
        try:
            return _before_discard(match, hands)
        except (IndexError, KeyError, TypeError, ValueError) as exc:  # a hand stored wrong, as ``_replay`` says it
            raise _damaged(match.id, self.path, exc) from None

    def count_and_last(self, match_id: int) -> tuple[int, str | None]:
        """How many hands a match has and the id of the last one (None for none), from the file as it is, without
        reading the hands: what an undo of a match that cannot be read (a hand edited by hand) is made for."""
        rows = self._query(f"SELECT COUNT(*), (SELECT {self._uid_sql()} FROM hands WHERE match_id = ? ORDER BY seq "
                           "DESC LIMIT 1) FROM hands WHERE match_id = ?", (match_id, match_id))
        return rows[0] if rows else (0, None)  # no file yet (made by the first change), or one with no tables

    def undone_hands(self, match: int | Match) -> dict[str, float]:
        """The hands undone in ``match`` (:meth:`undo`, the ledger page's Undo, or a merge's) and not brought back
        since, as ``UNDONE_TABLE`` keeps them: each hand's id with the time it was undone; none where no hand was, or
        the file has no such table (an older tilelens's). A match kept twice by a merge shares its record's."""
        match = self._match_of(match)
        if not self.read_only and not os.path.lexists(self.path):
            return {}
        try:
            with closing(self._reader()) as db:
                return dict(undone_times(db).get((match.game_id, match.created), {}))
        except sqlite3.DatabaseError as exc:
            raise _file_error(self.path, exc, writing=False) from None

    def undo(self, match_id: int, expected_hands: int | None = None, expected_last: str | None = None) -> bool:
        """Delete the last hand of a match; False if it had none (``LedgerError`` if there is no such match).
        ``expected_hands``, ``expected_last``: the number of hands the screen showed and the id of the last
        one, the hand that is to go (see ``Ledger``). The hand's id is remembered (``UNDONE_TABLE``): a merge of
        another laptop's ledger that still has it does not add it back."""
        self.match(match_id)
        with self._change() as db:
            _check_unchanged(match_id, expected_hands, expected_last, *_count_and_last(db, match_id))
            last = db.execute("SELECT m.game_id, m.created, h.uid FROM hands h JOIN matches m ON m.id = h.match_id "
                              "WHERE h.match_id = ? ORDER BY h.seq DESC LIMIT 1", (match_id,)).fetchone()
            cur = db.execute("DELETE FROM hands WHERE match_id = ? AND seq = "
                             "(SELECT MAX(seq) FROM hands WHERE match_id = ?)", (match_id, match_id))
            if cur.rowcount > 0 and last is not None:
                remember_undone(db, last[0], last[1], [last[2]])
            return cur.rowcount > 0

    def restore(self, match_id: int, hand: HandRecord, expected_hands: int | None = None,
                expected_last: str | None = None, players: Sequence[str] | None = None) -> str:
        """Put a hand undone back at the end of its match, as it was entered (the ledger page's "Bring it back"
        after an Undo): its id. A hand undone here (its id in ``UNDONE_TABLE`` for this match, and not in the match)
        keeps its id and is no longer remembered as undone: another laptop's ledger that has it is the same match at
        the next merge (a new id made the two records part, a conflict); any other hand (one still in the match,
        one without an id) gets a new id. Its time is the time it is brought back (the undo keeps none).
        ``expected_hands``, ``expected_last``: the table as it was left by the undo; refused
        (``LedgerChangedError``) where a hand was recorded or undone since. ``players``: the players' names when the
        hand was read: a name its note holds (who paid a tsumo's remainder) is said as that seat is called now (a
        rename since)."""
        match, _, hands = self._open_match(match_id, same_discard=hand.win_kind == SAME_DISCARD,
                                       expected_hands=expected_hands, expected_last=expected_last)
        who = hand.offender if hand.kind is HandKind.CHOMBO else hand.winner
        note = hand.note
        if players is not None:
            for old, new in zip(players, match.players):
                if old != new:
                    note = _renamed_in_note(note, old, new)
        uid = hand.id if isinstance(hand.id, str) and hand.id and not self._old else None
        if uid is None or uid in {h.id for h in hands}:
            return self._insert(match_id, hands, hand.kind, who, hand.win_kind, dict(hand.payments), hand.riichi,
                                hand.tenpai, note)
        with self._change() as db:
            _check_unchanged(match_id, *_last_of(hands), *_count_and_last(db, match_id))
            key = (match.game_id, match.created)
            undone = _has_table(db, UNDONE_TABLE) and db.execute(
                f"SELECT 1 FROM {UNDONE_TABLE} WHERE game_id = ? AND created = ? AND uid = ?", (*key, uid)).fetchone()
            if not undone or db.execute("SELECT 1 FROM hands WHERE uid = ?", (uid,)).fetchone():
                uid = secrets.token_hex(16)  # not a hand undone here (or back already elsewhere): its own id
            else:  # no longer undone, and remembered as brought back now (the latest decision, for a merge)
                remember_restored(db, *key, [uid])
            _insert_row(db, match_id, len(hands), hand.kind, who, hand.win_kind, hand.payments, hand.riichi,
                        hand.tenpai, note, time.time(), uid)
        return uid

    def move_hand(self, match_id: int, hand_id: str, expected_hands: int, add: Callable[[], bool]
                  ) -> tuple[MoveOutcome, int | None]:
        """Move the hand ``hand_id`` out of match ``match_id`` into another match, in one guarded step: taken out
        (:meth:`undo`) only while it is still the match's last hand and the match has ``expected_hands`` (the table as
        the screen added it: another table's hand since is not undone), then ``add`` (what records it in the other
        match: True where it did); where that refuses it, put back as it was, its own id kept (:meth:`restore`, the
        table as the undo left it). How it ended (``MoveOutcome``) and the hand's number in ``match_id`` (None for a
        hand not there). ``LedgerError`` where the match cannot be read or changed (deleted, a file busy). Where
        ``add`` raises (anything: a file busy, a bug), the hand is put back as for a refusal and the exception raised
        again, with a note naming the hand where it could not be put back (``NOT_BACK``'s case): never lost unsaid.

        A phone that chose no match added to the newest, the other table's, then switched to its own: the hand is
        moved in one tap, not undone there and typed again here."""
        hands = self.hands(match_id)
        taken = next((h for h in hands if h.id == hand_id), None)
        number = hand_number(hands, hand_id)
        try:
            gone = taken is not None and self.undo(match_id, expected_hands=expected_hands, expected_last=hand_id)
        except LedgerChangedError:  # a hand recorded or undone there since: nothing taken out
            gone = False
        if not gone:
            return MoveOutcome.REFUSED, number
        before = [h for h in hands if h.id != hand_id]

        def put_back() -> bool:
            try:
                self.restore(match_id, taken, expected_hands=len(before),
                             expected_last=before[-1].id if before else None)
            except LedgerError:
                return False
            return True

        try:
            added = add()
        except BaseException as exc:  # the hand is out of its match: back first, then the error goes on
            if not put_back():
                exc.add_note(f"hand {hand_id} was taken out of match #{match_id} and not put back")
            raise
        if added:
            return MoveOutcome.MOVED, number
        return (MoveOutcome.PUT_BACK if put_back() else MoveOutcome.NOT_BACK), number

    def join_riichi(self, match_id: int, hand_id: str, riichi: Sequence[int], expected_hands: int | None = None
                    ) -> str:
        """The riichi ``riichi`` declared on the discard of the last hand ``hand_id`` (a ron) joined to those it was
        entered with (:func:`riichi_joined`): "the same discard" where one player wins on one discard and the ron
        entered first is the one kept (:func:`one_winner_on_discard`, ``OneRonChoice.KEEP``), the other winner's
        riichi chips go to it as they did where that ron was entered first and replaced. Taken where that ron ended the
        match (the discard came before); refused (``LedgerChangedError``) once it is not the last hand of a table of
        ``expected_hands``. The hand is entered again in one step, a new id (a merge reads it as an undo and a new
        hand: another laptop's copy is changed too); the id it has after, its own where nothing is new. The new id is
        made from the hand (its match, time, winner and payments) and the riichi joined (:func:`joined_uid`): two laptops that
        join the same riichi to it record the same hand, which a merge finds as one (an undo or a delete of it on one
        laptop taken by the other), however many steps joined them."""
        match, _, hands = self._open_match(match_id, same_discard=True, expected_hands=expected_hands,
                                           expected_last=hand_id)
        seats = _seat_list(riichi, "riichi")
        _check_seats(range(len(match.players)), seats)
        hand = hands[-1]
        if hand.kind is not HandKind.WIN or hand.win_kind != "ron":
            raise LedgerError("the last hand entered is not a ron, so there is no discard to share",
                              "最後に記録した局がロンではないため、同じ捨て牌での上がりにはなりません")
        joined = riichi_joined(hand, seats)
        if joined.riichi == hand.riichi:
            return hand.id
        _check_riichi_points(match, _before_discard(match, hands).totals, sorted(set(joined.riichi) - set(hand.riichi)))
        with self._change() as db:
            _check_unchanged(match_id, *_last_of(hands), *_count_and_last(db, match_id))
            row = db.execute("SELECT m.game_id, m.created, h.seq, h.created FROM hands h JOIN matches m ON "
                             "m.id = h.match_id WHERE h.match_id = ? ORDER BY h.seq DESC LIMIT 1", (match_id,)).fetchone()
            uid = joined_uid(row[0], row[1], row[3], hand, joined.riichi)
            if db.execute("SELECT 1 FROM hands WHERE uid = ?", (uid,)).fetchone():
                uid = secrets.token_hex(16)  # held by another hand already (a file edited by hand): its own id
            db.execute("DELETE FROM hands WHERE match_id = ? AND seq = ?", (match_id, row[2]))
            remember_undone(db, row[0], row[1], [hand.id])
            _insert_row(db, match_id, row[2], hand.kind, hand.winner, hand.win_kind, hand.payments, joined.riichi,
                        hand.tenpai, hand.note, row[3] if row[3] is not None else time.time(), uid)
        return uid

    def others_under_way(self, match: Match, matches: Sequence[Match] | None = None,
                         read: Mapping[int, Any] | None = None) -> list[Match]:
        """The other matches of ``match``'s game under way (not ended; one whose hands cannot be read is left out)
        started in the newest evening of the game's (:func:`evening_of`), in the order of ``matches`` (:meth:`matches`:
        newest first). Two tables play one game: a
        phone that chose no match adds to the newest, which may be the other table's, and is told of these. A club
        stops when the evening ends, so most matches never end: a year's ledger named 77 of earlier evenings
        (2026-12-06). ``matches``, ``read``: the matches and their tables (:meth:`tables`) read already this run,
        else read here."""
        def evening(m: Match) -> date | None:
            try:
                return evening_of(float(m.created))
            except (TypeError, ValueError, OverflowError, OSError):  # a start time stored wrong: of no evening
                return None

        game = [m for m in (self.matches() if matches is None else matches) if m.game_id == match.game_id]
        evenings = [e for e in map(evening, [match, *game]) if e is not None]
        newest = max(evenings, default=None)
        others = [m for m in game if m.id != match.id and evening(m) == newest]
        if read is None:
            read = self.tables(others) if others else {}
        return [m for m in others if isinstance(read.get(m.id), tuple) and not read[m.id][0].ended]

    def delete_match(self, match_id: int, expected_hands: int | None = None,
                     expected_last: str | None = None) -> DeletedMatch:
        """Delete a match and its hands (a match started by mistake, a name mistyped): what was deleted, as stored,
        which :meth:`restore_match` puts back as it was (the ledger page keeps it in the session to bring back).
        ``expected_hands``, ``expected_last``: as :meth:`undo` takes them (a match played on since is refused)."""
        self.match(match_id)  # "no match with id ..." said as for any other change
        with self._change() as db:
            _check_unchanged(match_id, expected_hands, expected_last, *_count_and_last(db, match_id))
            cur = db.execute("SELECT * FROM matches WHERE id = ?", (match_id,))
            row = cur.fetchone()
            if row is None:  # deleted by another phone since it was read
                raise LedgerChangedError(match_id, expected_hands, 0)
            match_row = dict(zip([d[0] for d in cur.description], row))
            cur = db.execute("SELECT * FROM hands WHERE match_id = ? ORDER BY seq", (match_id,))
            hand_rows = tuple(dict(zip([d[0] for d in cur.description], r)) for r in cur.fetchall())
            db.execute("DELETE FROM hands WHERE match_id = ?", (match_id,))
            db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
            db.execute(_DELETED_SQL)  # what was deleted, for a merge not to add it back
            db.execute(f"INSERT INTO {DELETED_TABLE} (game_id, created, uids, deleted) VALUES (?, ?, ?, ?)",
                       (match_row.get("game_id"), match_row.get("created"), _deleted_uids(hand_rows), time.time()))
        return DeletedMatch(match_id, match_row, hand_rows)

    def rename_player(self, match_id: int, old: str, new: str) -> None:
        """Call the player named ``old`` at match ``match_id`` ``new`` (a name mistyped when the match started):
        the seat and its hands are kept, so the totals, the CSV and `ledger show` say the new name; so does a
        hand's note that names who paid a tsumo's remainder. ``new`` takes the checks of :meth:`new_match`'s names
        (not empty, not another player's at the table); the same name again changes nothing."""
        new = str(new).strip()
        match = self.match(match_id)  # "no match with id ..." said as for any other change
        if old not in match.players:
            raise LedgerError(f"No player named {old} at match #{match_id} (its players: "
                              f"{', '.join(match.players)})",
                              f"対局 #{match_id} に{old}というプレイヤーはいません (プレイヤー: {'、'.join(match.players)})")
        if not new:
            raise LedgerError(f"The new name for {old} is empty: type the name to call {old} by",
                              f"{old}の新しい名前が空です。新しい名前を入れてください")
        if any(c in new for c in NAME_COMMAS):  # Start splits names at these: a name cannot hold one
            raise LedgerError(f"The new name for {old} has a comma in it ({new}): a name cannot have one (commas "
                              "separate the players' names); type it without",
                              f"{old}の新しい名前 ({new}) に読点・カンマ (、,) があります。名前の区切りに使うため、"
                              "名前には使えません。外して入れてください")
        if new == old:
            return
        if new in match.players:
            raise LedgerError(f"{new} is already a player at match #{match_id}: each player needs a different name "
                              f"at the table (such as {new} and {new}2)",
                              f"{new}はすでに対局 #{match_id} のプレイヤーです: 卓のプレイヤーにはそれぞれ違う名前を"
                              f"つけてください ({new}、{new}2 など)")
        with self._change() as db:
            row = db.execute("SELECT players FROM matches WHERE id = ?", (match_id,)).fetchone()
            if row is None or json.loads(row[0]) != list(match.players):  # deleted or renamed by another phone since
                raise LedgerError(f"match #{match_id} was changed since it was read: nothing was renamed; look again",
                                  f"対局 #{match_id} は読んだ後に変更されました。名前は変えていません。もう一度確かめてください")
            names = [new if n == old else n for n in match.players]
            db.execute("UPDATE matches SET players = ? WHERE id = ?", (json.dumps(names), match_id))
            # who paid a tsumo's remainder is stored by name in the hand's note (:func:`yaku_note`)
            for rowid, note in db.execute("SELECT rowid, note FROM hands WHERE match_id = ? AND note LIKE ?",
                                          (match_id, "%remainder_payers%")).fetchall():
                if (renamed := _renamed_in_note(note, old, new)) != note:
                    db.execute("UPDATE hands SET note = ? WHERE rowid = ?", (renamed, rowid))

    def restore_match(self, deleted: DeletedMatch) -> int:
        """Put back a match :meth:`delete_match` deleted, with its hands as they were: its id (its own, or, where
        another match has taken that number since, the next free one)."""
        back = deleted.id
        with self._change() as db:
            row = db.execute("SELECT game_id, players, created FROM matches WHERE id = ?", (deleted.id,)).fetchone()
            if row is not None:
                if list(row) == [deleted.match_row.get(c) for c in ("game_id", "players", "created")]:
                    raise LedgerError(f"match #{deleted.id} is in the ledger already: nothing was changed",
                                      f"対局 #{deleted.id} はすでに成績表にあります。何も変更していません")
                # its number taken by another match since (a new ledger started in the file's place, the number
                # used again): brought back under the next free one (the page says so), unless it is back already
                for other, players, created in db.execute(
                        "SELECT id, players, created FROM matches WHERE game_id = ?",
                        (deleted.match_row.get("game_id"),)).fetchall():
                    if [players, created] == [deleted.match_row.get("players"), deleted.match_row.get("created")]:
                        raise LedgerError(f"match #{deleted.id} is in the ledger already (as #{other}): nothing "
                                          "was changed",
                                          f"対局 #{deleted.id} はすでに成績表にあります (#{other})。何も変更していません")
                back = max(db.execute("SELECT COALESCE(MAX(id), 0) FROM matches").fetchone()[0],
                           *(r[0] for r in db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'matches'"))) + 1
            for table, rows in (("matches", (deleted.match_row,)), ("hands", deleted.hand_rows)):
                columns = table_columns(db, table)
                for row in rows:
                    row = {**row, "id": back} if table == "matches" else {**row, "match_id": back}
                    kept = [c for c in row if c in columns]
                    db.execute(f"INSERT INTO {table} ({', '.join(kept)}) VALUES ({', '.join('?' * len(kept))})",
                               [row[c] for c in kept])
            if _has_table(db, DELETED_TABLE):  # no longer deleted: a merge may find it again
                db.execute(f"DELETE FROM {DELETED_TABLE} WHERE rowid IN (SELECT rowid FROM {DELETED_TABLE} WHERE "
                           "game_id = ? AND created = ? AND uids = ? ORDER BY rowid DESC LIMIT 1)",
                           (deleted.match_row.get("game_id"), deleted.match_row.get("created"),
                            _deleted_uids(deleted.hand_rows)))
            # brought back now: a later decision than a delete of it on another laptop, which a merge then does not
            # honour again (``tilelens.ledger_merge``); kept as a bringing back of no hand (``MATCH_BACK``)
            remember_restored(db, deleted.match_row.get("game_id"), deleted.match_row.get("created"), [MATCH_BACK])
        return back

    def to_csv(self, match_id: int | Match, standings: bool = False,
               table: tuple[TableState, Sequence[HandRecord]] | None = None) -> str:
        """The match as CSV (:func:`match_csv`), or its ``standings`` (:func:`standings_csv`); ``match_id`` as
        :meth:`table` takes it. ``table``: its table and hands as :meth:`tables` read them (of many matches, one
        query: `ledger csv --all`), not read again."""
        match = self._match_of(match_id)
        if table is None:
            hands = self.hands(match.id)
            state = self._replay(match, hands)
        else:
            state, hands = table[0], list(table[1])
        try:
            return standings_csv(match, state) if standings else match_csv(match, hands, state)
        except (IndexError, KeyError, TypeError, ValueError) as exc:  # a seat not at the table (a file edited by hand)
            raise _damaged(match.id, self.path, exc) from None

    def _open_match(self, match_id: int, same_discard: bool = False, expected_hands: int | None = None,
                    expected_last: str | None = None) -> tuple[Match, TableState, list[HandRecord]]:
        match = self.match(match_id)
        hands = self.hands(match_id)
        # before anything else: it was entered for another table
        _check_unchanged(match_id, expected_hands, expected_last, *_last_of(hands))
        state = self._replay(match, hands)
        # another winner on the last discard: the match must have been open when that discard was made (a match ended
        # early takes none: its end came after the discard)
        before = _before_discard(match, hands) if same_discard and not ended_early(hands) else state
        if before.ended:
            raise LedgerError(f"the match has ended ({state.end_reason}); undo a hand or start a new match",
                              "この対局は終わっています。最後の局を取り消すか、新しい対局を始めてください")
        return match, state, hands

    def end_match(self, match_id: int, expected_hands: int | None = None, expected_last: str | None = None) -> str:
        """End a match now, before the end its rules set (a family stopping after three hands): recorded as one more
        entry (``HandKind.END``, no hand), so that :meth:`undo` brings the match back (and the ledger page's Bring it
        back ends it again), and a merge of another laptop's ledger carries it as it carries a hand. The match then
        stands as one its rules ended: its standings final, the riichi sticks left on the table as its rules leave them
        (``TableRules.leftover_sticks``), uma and oka counted (:func:`final_scores`), no hand taken. Its reason: "ended
        early after hand 3" (:func:`early_end_reason`). Refused where the match has ended already, or has no entry
        (nothing to end: delete it). ``expected_hands``, ``expected_last``: as for a hand (see ``Ledger``). The
        entry's id: made from the match and its last hand (:func:`ended_uid`), so that two laptops ending the match at
        the same point record one entry, which a merge finds as one; the end is remembered as made now, as a hand
        brought back is (``RESTORED_TABLE``): an end undone here and made again at the same point is that entry
        brought back (its undo no longer stands, as :meth:`restore` has it), and a merge weighs it against an undo of
        it on another laptop by their times (the later decision, in either order)."""
        match = self.match(match_id)
        hands = self.hands(match_id)
        _check_unchanged(match_id, expected_hands, expected_last, *_last_of(hands))
        state = self._replay(match, hands)
        if state.ended:
            why, why_ja = state.end_reason, state.end_reason_ja or state.end_reason
            raise LedgerError(f"match #{match_id} has ended already ({why}): nothing to end",
                              f"対局 #{match_id} はもう終わっています ({why_ja})。終了するものはありません")
        if not hands:
            raise LedgerError(f"match #{match_id} has no hand yet: nothing to end (a match started by mistake: delete "
                              "it on the ledger page, \"Delete this match\")",
                              f"対局 #{match_id} にはまだ局がありません。終了するものはありません (間違えて始めた対局は、"
                              "成績表のページの「この対局を削除」で削除してください)")
        with self._change() as db:
            _check_unchanged(match_id, *_last_of(hands), *_count_and_last(db, match_id))
            key = (match.game_id, match.created)
            uid = ended_uid(*key, hands[-1].id, len(hands))
            if db.execute("SELECT 1 FROM hands WHERE uid = ?", (uid,)).fetchone():
                uid = secrets.token_hex(16)  # held by another entry already (a file edited by hand): its own id
            else:  # an end after these hands has this id on every laptop, so an undo of it (here or on another
                # laptop) names this end too: remembered as made now, as a bringing back is, the later decision wins
                # in a merge of either order (an earlier undo leaves it, an undo after it takes it out)
                remember_restored(db, *key, [uid])
            _insert_row(db, match_id, len(hands), HandKind.END, None, None, {}, (), (), "", time.time(), uid)
        return uid

    def _insert(self, match_id: int, read: Sequence[HandRecord], kind: HandKind, winner: int | None,
                win_kind: str | None, payments: Mapping[int, int], riichi: Sequence[int], tenpai: Sequence[int],
                note: str) -> str:
        """Store the hand after the ``read`` hands it was checked against: refused if another writer added or
        undid one since they were read (an undo and a new hand since included). Its id, as ``_NEW_UID`` makes
        one: 128 random bits as lower-case hex."""
        uid = secrets.token_hex(16)
        with self._change() as db:
            _check_unchanged(match_id, *_last_of(read), *_count_and_last(db, match_id))
            _insert_row(db, match_id, len(read), kind, winner, win_kind, payments, riichi, tenpai, note, time.time(),
                        uid)
        return uid


def _insert_row(db: sqlite3.Connection, match_id: int, seq: int, kind: HandKind, winner: int | None,
                win_kind: str | None, payments: Mapping[int, int], riichi: Iterable[int], tenpai: Iterable[int],
                note: str, created: float, uid: str) -> None:
    """Store a hand as the ``seq``-th of match ``match_id`` (:meth:`Ledger._insert`, :meth:`Ledger.restore`,
    :meth:`Ledger.join_riichi`): its payments, riichi and tenpai as JSON (the seats each once, in seat order),
    ``created`` its time, ``uid`` its id."""
    db.execute("INSERT INTO hands (match_id, seq, kind, winner, win_kind, payments, riichi, tenpai, note, created, "
               "uid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (match_id, seq, kind.value, winner, win_kind, json.dumps(dict(payments)), json.dumps(sorted(set(riichi))),
                json.dumps(sorted(set(tenpai))), note, created, uid))


def joined_uid(game_id: Any, created: Any, hand_created: Any, hand: HandRecord, riichi: Sequence[int]) -> str:
    """The id of the ron ``hand`` once the riichi ``riichi`` are joined to it (:meth:`Ledger.join_riichi`): made from
    its match (``game_id``, ``created``), its time (``hand_created``: a join keeps it), its winner and payments and
    the riichi it holds after, so that two laptops joining the same riichi to one hand, in one step or two, give it
    the same id."""
    said = json.dumps([game_id, created, hand_created, hand.winner, sorted(hand.payments.items()),
                       sorted(set(riichi))])
    return hashlib.sha256(f"tilelens joined riichi {said}".encode()).hexdigest()[:32]


def ended_uid(game_id: Any, created: Any, last_uid: Any, entries: int) -> str:
    """The id of the end of a match ended early (:meth:`Ledger.end_match`): made from its match (``game_id``,
    ``created``) and the entry it follows (its last hand's id ``last_uid``, after ``entries`` entries), so that two
    laptops ending the match at the same point record the same entry."""
    said = json.dumps([game_id, created, last_uid if isinstance(last_uid, str) else None, entries])
    return hashlib.sha256(f"tilelens ended early {said}".encode()).hexdigest()[:32]


def _deleted_uids(hand_rows: Sequence[Mapping[str, Any]]) -> str:
    """The ids of a deleted match's hands, in order, as ``DELETED_TABLE`` keeps them (JSON)."""
    return json.dumps([row.get("uid") for row in hand_rows])


def remember_undone(db: sqlite3.Connection, game_id: Any, created: Any, uids: Sequence[Any],
                    when: Mapping[str, Any] | None = None) -> None:
    """Keep in ``UNDONE_TABLE`` (made where there is none) the ids ``uids`` of hands undone from the match of
    ``game_id`` started at ``created``, in a transaction of ``db``, each with the time it was undone: ``when``'s for
    its id where it has one (an undo made on another laptop, taken by a merge), else now; a hand brought back before
    it is no longer (``RESTORED_TABLE``): the undo is the later decision. A hand without an id (an older tilelens's,
    read as it is) has nothing to keep."""
    _remember(db, True, game_id, created, uids, when)


def remember_restored(db: sqlite3.Connection, game_id: Any, created: Any, uids: Sequence[Any],
                      when: Mapping[str, Any] | None = None) -> None:
    """Keep in ``RESTORED_TABLE`` (made where there is none) the ids ``uids`` of hands undone and brought back in the
    match of ``game_id`` started at ``created``, in a transaction of ``db``, each with the time it was brought back
    (``when``'s for its id where it has one: brought back on another laptop, learnt by a merge; else now), and take
    away their rows in ``UNDONE_TABLE`` of an undo before it: no longer undone (as an older tilelens's restore did)."""
    _remember(db, False, game_id, created, uids, when)


def _remember(db: sqlite3.Connection, undone: bool, game_id: Any, created: Any, uids: Sequence[Any],
              when: Mapping[str, Any] | None) -> None:
    """:func:`remember_undone` (``undone``) or :func:`remember_restored`: each id of ``uids`` kept in its table with
    its time, and taken out of the other table where that decision is no later. A bringing back replaces the one
    kept before it (one row a hand); an undo is kept beside the undos before it."""
    kept = [uid for uid in uids if isinstance(uid, str) and uid]
    if not kept:
        return
    table, column, sql, other, other_column = ((UNDONE_TABLE, "undone", _UNDONE_SQL, RESTORED_TABLE, "restored")
                                               if undone else
                                               (RESTORED_TABLE, "restored", _RESTORED_SQL, UNDONE_TABLE, "undone"))
    db.execute(sql)
    now = time.time()
    times = {uid: _moment(when.get(uid) if when else None, now) for uid in kept}
    if not undone:
        db.executemany(f"DELETE FROM {table} WHERE game_id = ? AND created = ? AND uid = ?",
                       [(game_id, created, uid) for uid in kept])
    db.executemany(f"INSERT INTO {table} (game_id, created, uid, {column}) VALUES (?, ?, ?, ?)",
                   [(game_id, created, uid, times[uid]) for uid in kept])
    if _has_table(db, other):
        db.executemany(f"DELETE FROM {other} WHERE game_id = ? AND created = ? AND uid = ? AND {other_column} <= ?",
                       [(game_id, created, uid, times[uid]) for uid in kept])


def _moment(value: Any, default: float) -> float:
    """``value`` where it is a moment (``time.time()``'s), else ``default``."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def _decisions(db: sqlite3.Connection, table: str, column: str) -> dict[tuple[Any, Any], dict[str, float]]:
    """The latest time of each hand's id in ``table`` (``UNDONE_TABLE``, ``RESTORED_TABLE``: ``column``), by its
    match's game and start; none where there is no such table."""
    found: dict[tuple[Any, Any], dict[str, float]] = {}
    if not _has_table(db, table):
        return found
    for game_id, created, uid, when in db.execute(f"SELECT game_id, created, uid, {column} FROM {table}"):
        if isinstance(uid, str) and uid:
            kept = found.setdefault((game_id, created), {})
            kept[uid] = max(kept.get(uid, float("-inf")), _moment(when, float("-inf")))
    return found


def _latest(db: sqlite3.Connection, undone: bool) -> dict[tuple[Any, Any], dict[str, float]]:
    """:func:`undone_times` (``undone``) or :func:`restored_times`: each hand's latest decision of the two."""
    try:
        mine = _decisions(db, *((UNDONE_TABLE, "undone") if undone else (RESTORED_TABLE, "restored")))
        other = _decisions(db, *((RESTORED_TABLE, "restored") if undone else (UNDONE_TABLE, "undone")))
    except sqlite3.DatabaseError:
        return {}
    latest: dict[tuple[Any, Any], dict[str, float]] = {}
    for key, times in mine.items():
        against = other.get(key, {})
        kept = {uid: when for uid, when in times.items() if uid not in against or when > against[uid]}
        if kept:
            latest[key] = kept
    return latest


def undone_times(db: sqlite3.Connection) -> dict[tuple[Any, Any], dict[str, float]]:
    """The hands undone in the ledger of ``db`` (``UNDONE_TABLE``), each id with the time it was undone, by their
    match's game and start: those not brought back since (``RESTORED_TABLE``); none where it has no such table, or one
    that cannot be read as it (another program's, a damaged one)."""
    return _latest(db, undone=True)


def restored_times(db: sqlite3.Connection) -> dict[tuple[Any, Any], dict[str, float]]:
    """The hands undone and brought back in the ledger of ``db`` (``RESTORED_TABLE``), each id with the time it was
    brought back, by their match's game and start: those not undone again since; as :func:`undone_times`."""
    return _latest(db, undone=False)


def undone_ids(db: sqlite3.Connection) -> dict[tuple[Any, Any], set[str]]:
    """The ids of the hands undone in the ledger of ``db`` (:func:`undone_times`), by their match's game and start."""
    return {key: set(times) for key, times in undone_times(db).items()}


def stored_rules(rules: TableRules, engine: str | None = None) -> str:
    """``rules`` as a match stores them (JSON): a match option (``MATCH_OPTIONS``) and ``nagashi`` only where set (off),
    so that a match without them is stored as before them (read by an earlier tilelens, merged with its ledger as the
    same match). A riichi match's (``engine``) chombo penalty, where it has one (a reverse mangan), under
    ``RIICHI_CHOMBO_KEY``: an earlier tilelens leaves the match out rather than share the penalty evenly; none (0) is
    stored as it was."""
    data = asdict(rules)
    for key in (*MATCH_OPTIONS, "nagashi"):
        if data[key] == TableRules.__dataclass_fields__[key].default:
            del data[key]
    if "uma" in data:
        data["uma"] = list(data["uma"])
    if engine == "riichi" and data.get("chombo_penalty"):
        data[RIICHI_CHOMBO_KEY] = data.pop("chombo_penalty")
    return json.dumps(data)


def _check_match_options(game: Any, rules: TableRules, players: int) -> None:
    """``LedgerError`` (one line, both languages) for match options a match of ``game`` with ``players`` cannot take:
    any of them at a Donjara game (its totals are the result), an uma of another number of places."""
    if not has_final_score(rules):
        return
    try:
        engine = _game(game).engine
    except TilelensInputError:
        return
    if engine != "riichi":
        raise LedgerError("uma, oka and the sticks left to the top are riichi mahjong's match options: a Donjara "
                          "game's totals at the end are its result",
                          "ウマ・オカと、終了時に残ったリーチ棒をトップに入れるのは、リーチ麻雀の対局のオプションです。ドンジャラは終了時の持ち点が結果です")
    if rules.uma and len(rules.uma) != players:
        uma = "/".join(score_said(n * 1000) for n in rules.uma)
        raise LedgerError(f"The uma {uma} has {len(rules.uma)} places, and this match has {players} players: choose "
                          f"an uma of {players} places, or none",
                          f"ウマ {uma} は{len(rules.uma)}人分ですが、この対局は{players}人です。{players}人分のウマにするか、"
                          "ウマなしにしてください")


def _abortive_kind(match: Match, kind: str, tenpai: Sequence[int], riichi: Sequence[int],
                   nagashi: Sequence[int]) -> str:
    """The ``win_kind`` an abortive draw of ``kind`` (:meth:`Ledger.add_draw`) is stored with, checked: riichi mahjong
    alone, a kind of ``ABORTIVE_KINDS`` (or none said) the match's players can make (``abortive_kinds``: no four winds,
    four riichi or triple ron at a table of three), no tenpai or nagashi mangan with it (nobody pays), four riichi
    with every player's riichi."""
    kind = kind.strip().removeprefix(ABORTIVE + ":")
    if kind == ABORTIVE:
        kind = ""
    if engine_of(match) != "riichi":
        raise LedgerError("an abortive draw is riichi mahjong's: this game has none (record a hand nobody won)",
                          "途中流局は麻雀のものです。このゲームにはありません (誰も上がらなかった局として記録してください)")
    if kind and kind not in ABORTIVE_KINDS:
        raise LedgerError(f"no abortive draw is called {kind!r}: it is one of {', '.join(ABORTIVE_KINDS)}",
                          f"途中流局{quoted_ja(kind)}はありません: {'・'.join(ja for ja, _ in ABORTIVE_KINDS.values())} "
                          f"({', '.join(ABORTIVE_KINDS)}) のどれかです")
    players = len(match.players)
    if kind and kind not in abortive_kinds(players):  # four winds, four riichi, triple ron: four players' (a sanma
        # table's match, or three at a table of four, has none of them)
        ja, en = ABORTIVE_KINDS[kind]
        possible, needs = abortive_kinds(players).values(), ABORTIVE_PLAYERS[kind]
        said = [w[1] for w in possible]
        said = f"{', '.join(said[:-1])} or {said[-1]}" if len(said) > 1 else "".join(said)
        raise LedgerError(f"{en[:1].upper()}{en[1:]} is an abortive draw of {'four' if needs == 4 else needs} "
                          f"players, and this match has {players}: at a table of {players} an abortive draw is "
                          f"{said}",
                          f"{ja}は{needs}人の卓の途中流局で、この対局は{players}人です。{players}人の卓の途中流局は"
                          f"{'・'.join(w[0] for w in possible)}です")
    if tenpai:
        raise LedgerError("An abortive draw pays no one, so who was tenpai counts for nothing: leave Tenpai empty",
                          "途中流局では誰も払わないため、テンパイは関係ありません。テンパイした人は空にしてください")
    if nagashi:
        raise LedgerError("An abortive draw pays no nagashi mangan (that is paid at an exhaustive draw): leave "
                          "Nagashi mangan empty",
                          "途中流局では流し満貫は払われません (流し満貫は荒牌流局のときです)。流し満貫の人は空にしてください")
    if kind == "four-riichi" and (players != 4 or sorted(set(riichi)) != list(range(players))):
        raise LedgerError("Four riichi is an abortive draw where all four players have declared riichi: choose "
                          "each of them as declaring riichi (their sticks stay on the table)",
                          "四家リーチは4人全員がリーチしたときの途中流局です。リーチした人に4人全員を選んでください "
                          "(リーチ棒は場に残ります)")
    return f"{ABORTIVE}:{kind}" if kind else ABORTIVE


def _renamed_in_note(note: str, old: str, new: str) -> str:
    """``note`` with the player ``old`` it names (who paid a tsumo's remainder: :func:`yaku_note`) called ``new``."""
    if "remainder_payers" not in note:
        return note
    try:
        stored = json.loads(note)
    except ValueError:
        return note
    payers = stored.get("remainder_payers") if isinstance(stored, dict) else None
    if not isinstance(payers, list) or old not in payers:
        return note
    stored["remainder_payers"] = [new if n == old else n for n in payers]
    return json.dumps(stored, ensure_ascii=False)


def default_path() -> Path:
    """The ledger file the app keeps its matches in: env ``TILELENS_LEDGER``, else ``$TILELENS_HOME/ledger.sqlite``
    (``app.settings.ledger_path`` says the same)."""
    from tilelens.home import home_dir

    return Path(os.environ.get("TILELENS_LEDGER") or home_dir() / "ledger.sqlite").expanduser().absolute()


def open_existing(path: str | Path, source: str | None = None) -> Ledger:
    """The ledger in the file ``path``, to read, without making one: ``LedgerError`` (one line, both languages)
    where there is no file (no matches yet), a folder, a file that is no SQLite database, or one without the
    ledger's tables (another program's database, which ``Ledger`` would otherwise add its tables to). A 0-byte file
    is an empty ledger (as the app takes it). Opened read-only: nothing is written, an earlier version's file is read
    as it is. ``source``: what named the file (``--db``, ``TILELENS_LEDGER``), said where it is a folder."""
    path = Path(path)
    if not path.exists():
        raise LedgerError(f"no matches yet: there is no ledger file at {path} (the app's ledger page makes it when "
                          "its first match starts; --db names another file)",
                          f"まだ対局はありません: {path} に成績表のファイルがありません (アプリの成績表のページで最初の"
                          "対局を始めると作られます。別のファイルは --db で指定します)")
    if path.is_dir():
        raise _folder_error(path, source)
    try:
        with closing(_open_read_only(path)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        if _busy(exc):
            raise _file_error(path, exc, writing=False) from None
        raise _no_ledger_file(path, exc) or _cannot_open(path, exc) from None
    if not {"matches", "hands"} <= tables and not (path.is_file() and path.stat().st_size == 0):
        raise LedgerError(f"{path} is not a ledger file (it has no table of matches and hands)",
                          f"{path} は成績表のファイルではありません (対局と局の表がありません)")
    return Ledger(path, read_only=True)


# A win kind as a person reads it in the CSV (the stored ``SAME_DISCARD`` is the ledger's own word).
WIN_WORDS = {SAME_DISCARD: "ron (same discard)"}

# What a won hand took besides its payments (``Taken``), said in its note: in English (the CSV's language) and in
# Japanese (`tilelens ledger show` in Japanese); the honba as the scorer says a payment's note
# (``scorer.riichi_pay``; ``scorer.result.payment_note_ja``).
NOTE_WORDS: dict[str, dict[str, str]] = {
    # riichi mahjong's sticks (リーチ棒, the seed's 1,000-point stick, as the score pages say them), a Donjara game's
    # chips (``DONJARA_NOTE_WORDS``)
    "en": {"honba": "incl. {points:,} for {n} honba", "sticks": "+ {sticks} of riichi sticks from the table",
           # of them, the winner's own stick, as the result pages say it (i18n "pot_own"); of a stick passed on, whose
           "own": " ({own:,} of them the winner's own riichi stick)", "own_of": " ({own:,} of them {name}'s own)",
           # every stick taken the winner's own ("1,000 of them" of 1,000 read as a count of others)
           "own_all": " (the winner's own stick)",
           # moved over from another winner's entry (who paid it is the discarder, in the payments)
           "honba_from": "+ {points:,} for {n} honba passed from {name}'s entry (nearer the discarder)",
           "gave_honba": "{points:,} for {n} honba", "gave_sticks": "{sticks} of riichi sticks", "and": " and ",
           "passed": "{what} passed to {name} (nearer the discarder)", "sep": "; ",
           # the honba the first winner entered passes on: in the nearer winner's entry, its own row's totals holding
           # them till then (each row the flows of its entry: the walker read 26,300 beside "passed to Di" as wrong)
           "held_until": " in {name}'s entry (until then in {holder}'s total)",
           "nagashi": "nagashi mangan: {names} (paid as a mangan tsumo)",
           # an abortive draw (``HandRecord.abortive``), and what ended it
           "abortive": "abortive draw", "abortive_kind": "abortive draw ({kind})",
           # a note that would start with "+" (the chips or honba a winner took, with no note before): a spreadsheet
           # reads a cell starting with + as a formula (the CSV wrote it "'+ 10 points ...", the ' shown)
           "lead": "plus "},
    "ja": {"honba": "{n}本場分 {points:,}点を含む", "sticks": "場のリーチ棒 {sticks}も獲得",
           "own": " (うち {own}は上がった人が出したもの)", "own_of": " (うち {own}は{name}が出したもの)",
           "own_all": " (上がった人が出したもの)",
           "honba_from": "{n}本場分 {points:,}点も獲得 ({name}の記録から移動。放銃者に近いため)",
           "gave_honba": "{n}本場分 {points:,}点", "gave_sticks": "リーチ棒 {sticks}", "and": "と",
           "passed": "{what}は放銃者に近い{name}へ", "sep": "。",
           "held_until": " ({name}の記録で移動。それまでは{holder}の持ち点に含みます)",
           "nagashi": "流し満貫: {names} (満貫のツモとして支払い)",  # 。: the yaku are a list joined with 、
           "abortive": "途中流局", "abortive_kind": "途中流局 ({kind})"},
}
# A Donjara match's own words where riichi mahjong's differ (as the app's ``i18n.DONJARA_STRINGS``): a 10-point
# chip (10点チップ, RULES.md), not a mahjong stick (リーチ棒); the one who discarded (捨てた人), not 放銃者.
DONJARA_NOTE_WORDS: dict[str, dict[str, str]] = {
    "en": {"sticks": "+ {sticks} from the riichi chips on the table",
           "own": " ({own:,} of them the winner's own riichi chip)", "gave_sticks": "{sticks} of riichi chips",
           "own_all": " (the winner's own riichi chip)"},
    "ja": {"sticks": "場のリーチのチップ {sticks}も獲得", "gave_sticks": "リーチのチップ {sticks}",
           "passed": "{what}は捨てた人に近い{name}へ"},
}
# A win's honba as a stored note may say it (the scorer's payment note, English or Japanese): said from the replay.
_HONBA_SAID = re.compile(r"\s*[;、。]?\s*(?:incl\. [\d,]+ for (\d+) honba|(\d+)本場(?:分 |の)[\d,]+点?を含む)")  # the honba: a group


# A won hand's yaku as the app stores them in its note: each by both its names (the scorer's, as the game's tables
# name it), marked with the form's version, so that every reader says them in its own language (stored in the
# language of the screen a hand was entered on, the English ledger page said a Japanese phone's "基本セット").
# Any other note (typed, or stored before) is said as stored.
YAKU_NOTE = "tilelens_yaku_note"
YAKU_SEP = {"en": ", ", "ja": "、"}  # how a list of yaku is joined in each language
FAVOURITE_DECLARED = "favourite_declared"  # a note's key for the favourite its winner declared (:func:`note_favourite`)


def yaku_note(yaku: Iterable[tuple[str, str]], favourite: tuple[str, str] | None = None, multiplier: int = 1,
              remainder_payers: Sequence[str] = (), value: Mapping[str, Any] | None = None,
              declared: tuple[str, str] | None = None, pao: Mapping[str, str] | None = None,
              dealt: bool = False) -> str:
    """The note of a won hand that says its ``yaku``, each ``(Japanese name, English name)``, in either language
    (:func:`note_said`); "" for none. ``favourite`` (its Japanese and English names) and ``multiplier``: the
    winner's favourite idol (Cinderella Girls' 担当) in the hand multiplied the payout, said after the yaku (the
    payments alone showed 40 from each of a hand the scoring page said was doubled). ``remainder_payers``: the
    players who paid a Cinderella Girls tsumo's remainder (rock-paper-scissors' losers, or the first in seat order
    where none was chosen), said after them. ``value``: a riichi hand's han, fu and limit (``{"han": 4, "fu": 30,
    "limit": ["満貫", "mangan"]}``; han or fu None where they go unsaid: a yakuman's), said after the yaku ("; 4 han
    30 fu, mangan", 「 (4翻 30符 満貫)」: the note kept the yaku's names alone). ``declared``: the favourite the winner
    declared (its Japanese and English names; ``favourite`` where not given), kept whether or not it doubled the
    payout, unsaid (:func:`note_favourite` reads it: another device takes the player's favourite from the ledger).
    ``pao``: a riichi yakuman's liability payment (責任払い), ``{"name": the liable player, "how": "tsumo" (it paid
    alone), "half" (half, beside the discarder) or "all" (it dealt in), "yaku": "daisangen", "daisuushii" or
    "suukantsu"}``, said last (``PAO_SAID``). ``dealt``: a win without the riichi the game requires, as the hand was
    one tile from winning as dealt (Yokai Watch, RULES.md 003), said after the yaku (``DEALT_SAID``: the note said
    "Basic set" alone, and a later reader did not see why no riichi). A reader of the form before says the yaku alone.

    >>> note = yaku_note([("基本セット", "Basic set"), ("三色", "Three colours")])
    >>> note_said(note, "en"), note_said(note, "ja"), yaku_note([])
    ('Basic set, Three colours', '基本セット、三色', '')
    >>> note_said(yaku_note([("シンデレラガールズ", "Cinderella Girls")], ("島村卯月", "Shimamura Uzuki"), 2), "ja")
    'シンデレラガールズ ×2 (担当 島村卯月)'
    >>> note_said(yaku_note([("リハーサル", "Rehearsal")], remainder_payers=["りん"]), "ja")
    'リハーサル、端数はりんが払う'
    """
    names = [[str(ja), str(en or ja)] for ja, en in yaku]
    if not names:
        return ""
    stored: dict[str, Any] = {YAKU_NOTE: 1, "yaku": names}
    if favourite is not None and multiplier > 1:
        ja, en = favourite
        stored["favourite"], stored["multiplier"] = [str(ja), str(en or ja)], int(multiplier)
    declared = declared if declared is not None else favourite
    if declared is not None:
        ja, en = declared
        stored[FAVOURITE_DECLARED] = [str(ja), str(en or ja)]
    if remainder_payers:
        stored["remainder_payers"] = [str(n) for n in remainder_payers]
    if value:
        stored["value"] = dict(value)
    if pao:
        stored["pao"] = {key: str(pao[key]) for key in ("name", "how", "yaku") if pao.get(key)}
    if dealt:
        stored["dealt_tenpai"] = 1
    return json.dumps(stored, ensure_ascii=False)


def result_note(game: Any, result: Any, remainder_payers: Sequence[str] = (),
                pao: Mapping[str, str] | None = None) -> str:
    """The note the scoring page stores with a won hand (``result``, a ``scorer.ScoreResult`` of ``game``): its yaku
    by both their names and, where the winner's favourite idol doubled the payout (``extra["multiplier"]``), that
    favourite by both its names (:func:`yaku_note`). A riichi hand's dora are lines of the list (dora, red fives,
    ura dora: ``scorer.riichi_rules.listed_yaku``), as the result page and `tilelens score` list them: the note
    said "Riichi, Tanyao" for a hand of 4 han. Each line of dora with its count ("Dora 2"), and the hand's han, fu and
    limit after the yaku (:func:`yaku_note`'s ``value``: "Riichi, Tanyao (all simples), Dora 2; 4 han 30 fu,
    mangan"; a yakuman's limit alone): the ledger kept the yaku's names, not what the hand was worth. ``pao``: who was
    liable for its yakuman and how they paid (``{"name", "how"}``, :func:`yaku_note`'s; the yakuman from the result's
    ``extra["pao_yaku"]``), where the hand was paid so. A Donjara win without the riichi its game requires, as the
    hand was one tile from winning as dealt, is noted so (:func:`_dealt_tenpai_win`)."""
    listed = result.yaku
    extra = getattr(result, "extra", None) or {}
    if pao:
        pao = {**pao, "yaku": extra.get("pao_yaku") or pao.get("yaku") or ""}
    value = None
    yaku = [(y.name, y.name_en) for y in listed]
    if getattr(_game(game), "engine", None) == "riichi":
        from scorer.riichi_rules import DORA_NAMES, fu_mean_nothing, listed_yaku

        dora = set(DORA_NAMES.values())
        yaku = [(f"{y.name} {y.han}", f"{y.name_en} {y.han}") if (y.name, y.name_en) in dora else (y.name, y.name_en)
                for y in listed_yaku(result)]
        if isinstance(extra.get("han"), int):
            limit = extra.get("limit") or ""
            yakuman = limit.endswith("yakuman") and not limit.startswith("kazoe")  # its limit says it all
            from scorer.riichi_rules import han_mean_nothing

            value = {"han": None if yakuman or han_mean_nothing(extra) else extra["han"],
                     "fu": None if fu_mean_nothing(extra) else extra.get("fu"),
                     "limit": [extra.get("limit_ja") or limit, limit] if limit else None}
    multiplier, favourite = extra.get("multiplier", 1), extra.get("favourite")
    dealt = _dealt_tenpai_win(game, result)
    if not favourite:
        return yaku_note(yaku, remainder_payers=remainder_payers, value=value, pao=pao, dealt=dealt)
    try:
        tile = _game(game).tile(str(favourite))
        names = (tile.name_ja or str(favourite), getattr(tile, "name_en", "") or tile.name_ja or str(favourite))
    except TilelensInputError:  # a tile the game no longer names: said by its id
        names = (str(favourite), str(favourite))
    # the favourite declared is kept whether or not it doubled (another device takes it: ``note_favourite``); said
    # where it doubled the payout
    if not isinstance(multiplier, int) or multiplier <= 1:
        return yaku_note(yaku, remainder_payers=remainder_payers, value=value, declared=names, pao=pao, dealt=dealt)
    return yaku_note(yaku, names, multiplier, remainder_payers, value, pao=pao, dealt=dealt)


def _dealt_tenpai_win(game: Any, result: Any) -> bool:
    """Whether ``result``, a Donjara win of ``game``, won without the riichi the game requires because the hand was
    one tile from winning as dealt (``[win] dealt_tenpai_exempt``, RULES.md 003): the scorer lets no other hand win
    without one, and a win after a riichi gives the winner their own chip back (``extra["own_riichi_chip"]``). False
    where the game has no riichi chip (a win after a riichi is not told apart) or is not so."""
    if not getattr(result, "winning", False) or (getattr(result, "extra", None) or {}).get("own_riichi_chip") \
            or getattr(_game(game), "engine", None) == "riichi":
        return False
    try:
        from scorer.rules import donjara_rules

        rules = donjara_rules(_game(game))
    except Exception:  # noqa: BLE001 - a game not read here: its note says its yaku, as before
        return False
    return bool(rules.win.riichi_required and rules.win.dealt_tenpai_exempt and rules.payout.riichi_chip)


def note_favourite(note: str) -> tuple[str, str] | None:
    """The favourite idol (Cinderella Girls' 担当) the winner of a hand declared, as its note (:func:`yaku_note`) keeps
    it: its Japanese and English names, whether or not it doubled the payout; a note stored before the declared one
    was kept names it only where it doubled. None for a note that names none (typed, another form, none declared).

    >>> note_favourite(yaku_note([("基本セット", "Basic set")], declared=("島村卯月", "Shimamura Uzuki")))
    ('島村卯月', 'Shimamura Uzuki')
    >>> note_favourite(yaku_note([("基本セット", "Basic set")])), note_favourite("typed")
    (None, None)
    """
    if not note.startswith("{"):
        return None
    stored = _stored(note)
    if not isinstance(stored, dict) or stored.get(YAKU_NOTE) != 1:
        return None
    for key in (FAVOURITE_DECLARED, "favourite"):  # the declared one, else (a note stored before) the one doubled
        names = stored.get(key)
        if isinstance(names, list) and len(names) == 2 and all(isinstance(w, str) for w in names):
            return names[0], names[1]
    return None


def _value_said(value: Any, lang: str = "en") -> str:
    """A riichi hand's han, fu and limit as a note says them after its yaku (:func:`yaku_note`'s ``value``): "; 4 han 30
    fu, mangan", 「 (4翻 30符 満貫)」, "; yakuman"; "" for none (or one not stored as this version stores it)."""
    if not isinstance(value, dict):
        return ""
    han, fu, limit = value.get("han"), value.get("fu"), value.get("limit")
    if not (isinstance(limit, list) and len(limit) == 2 and all(isinstance(w, str) for w in limit)):
        limit = None
    ja = lang == "ja"
    count = ""
    if isinstance(han, int) and not isinstance(han, bool):
        count = f"{han}翻" if ja else f"{han} han"
        if isinstance(fu, int) and not isinstance(fu, bool) and fu:
            count += f" {fu}符" if ja else f" {fu} fu"
    parts = [p for p in (count, limit and limit[0 if ja else 1]) if p]
    if not parts:
        return ""
    return f" ({' '.join(parts)})" if ja else "; " + ", ".join(parts)


# How a favourite's doubling is said after the yaku (:func:`note_said`).
FAVOURITE_SAID = {"en": " ×{n} (favourite {name})", "ja": " ×{n} (担当 {name})"}
# Who paid a tsumo's remainder, said after the yaku (and the favourite).
REMAINDER_SAID = {"en": "; remainder paid by {names}", "ja": "、端数は{names}が払う"}
# A win without riichi as the hand was one tile from winning as dealt (:func:`yaku_note`'s ``dealt``): 配牌でテンパイ,
# as the app's box and the scorer say it (``scorer.engine.DEALT_JA``).
DEALT_SAID = {"en": ", dealt one tile from winning (no riichi)", "ja": "、配牌でテンパイ (リーチなし)"}
# A riichi yakuman's liability payment (pao, 責任払い), said last (:func:`yaku_note`'s ``pao``): how the liable player
# paid, and what its yakuman's deciding set was.
PAO_SAID = {"en": {"tsumo": "; pao: {name} fed {what} and paid the yakuman alone",
                   "half": "; pao: {name} fed {what} and paid half the yakuman, the discarder the rest",
                   "all": "; pao: {name} fed {what} and dealt in too, so paid it all"},
            "ja": {"tsumo": "、包 (責任払い): {name}が{what}を鳴かせたので役満を1人で払う",
                   "half": "、包 (責任払い): {name}が{what}を鳴かせたので役満の半分を払い、残りは放銃者が払う",
                   "all": "、包 (責任払い): {name}が{what}を鳴かせて放銃もしたので全額を払う"}}
PAO_FED = {"daisangen": ("最後の三元牌", "the last dragon"), "daisuushii": ("最後の風牌", "the last wind"),
           "suukantsu": ("4つ目のカン", "the fourth kan")}


def note_said(note: str, lang: str = "en") -> str:
    """A hand's stored note in ``lang``: a note of yaku (:func:`yaku_note`) names them in it, joined as that
    language joins a list (``YAKU_SEP``); any other note as stored (free text, a note stored before, one of a
    later form this version cannot read)."""
    if not note.startswith("{"):
        return note
    stored = _stored(note)
    if not isinstance(stored, dict) or stored.get(YAKU_NOTE) != 1:
        return note
    names = stored.get("yaku")
    if not isinstance(names, list) or not all(isinstance(n, list) and len(n) == 2 and all(isinstance(w, str) for w in n)
                                              for n in names):
        return note
    said = YAKU_SEP.get(lang, ", ").join(ja if lang == "ja" else en for ja, en in names)
    said += _value_said(stored.get("value"), lang)
    if stored.get("dealt_tenpai") == 1:
        said += DEALT_SAID.get(lang, DEALT_SAID["en"])
    favourite, multiplier = stored.get("favourite"), stored.get("multiplier")
    if isinstance(favourite, list) and len(favourite) == 2 and all(isinstance(w, str) for w in favourite) \
            and isinstance(multiplier, int) and multiplier > 1:
        said += FAVOURITE_SAID.get(lang, FAVOURITE_SAID["en"]).format(
            n=multiplier, name=favourite[0] if lang == "ja" else favourite[1])
    payers = stored.get("remainder_payers")
    if isinstance(payers, list) and payers and all(isinstance(n, str) for n in payers):
        said += REMAINDER_SAID.get(lang, REMAINDER_SAID["en"]).format(names=YAKU_SEP.get(lang, ", ").join(payers))
    pao = stored.get("pao")
    words = PAO_SAID.get(lang, PAO_SAID["en"])
    if isinstance(pao, dict) and isinstance(pao.get("name"), str) and pao.get("how") in words:
        ja, en = PAO_FED.get(pao.get("yaku"), ("最後の組", "the deciding set"))
        said += words[pao["how"]].format(name=pao["name"], what=ja if lang == "ja" else en)
    return said


# The notes the app stores with a draw and a chombo: its own words (``t("draw")``, ``t("chombo_note")`` of
# app/components/i18n.py), in the language of the screen that recorded them (the English CSV said a Japanese
# phone's "流局"). Every reader says them in its own language (:func:`hand_notes`), old hands as new ones; a note
# that is not one of them whole (typed by hand) is said as stored.
FIXED_NOTES: dict[HandKind, dict[str, str]] = {
    HandKind.DRAW: {"en": "Draw", "ja": "流局"},
    HandKind.CHOMBO: {"en": "Chombo (penalty {penalty})", "ja": "チョンボ (ペナルティ {penalty})"},
}
# How a reader says those notes beside the hand's kind, where it differs from the stored form: a chombo's penalty
# alone (its kind, 「チョンボ」, is said already in the hand's result).
SAID_NOTES: dict[HandKind, dict[str, str]] = {HandKind.CHOMBO: {"en": "Penalty {penalty}", "ja": "ペナルティ {penalty}"}}
# Earlier words of those notes, stored before (「罰金」): still read, and said in the words of now.
OLD_FIXED_NOTES: dict[HandKind, list[str]] = {HandKind.CHOMBO: ["チョンボ (罰金 {penalty})"]}
_FIXED_NOTE_SAID = {kind: [re.compile(r"(?P<penalty>\d{1,3}(?:,\d{3})*)".join(map(re.escape, form.split("{penalty}"))))
                           for form in [*forms.values(), *OLD_FIXED_NOTES.get(kind, [])]]
                    for kind, forms in FIXED_NOTES.items()}


def replay_engine(match: Match) -> str:
    """The engine :func:`replay` prices ``match``'s honba by (``_honba_each``): riichi mahjong where it counts none
    (nothing priced) or kept its honba amounts (a Donjara match keeps none), its game's loaded (``engine_of``) only
    otherwise: a riichi match stored before the amounts were kept, or a Donjara house table counting honba. A list of
    many matches loads no game for each."""
    rules = match.rules
    if not rules.honba or (rules.honba_ron is not None and rules.honba_tsumo_each is not None):
        return "riichi"
    return engine_of(match)


def engine_of(match: Match) -> str:
    """The engine of ``match``'s game (``Game.engine``: "riichi", "donjara"), whose words its notes say
    (``DONJARA_NOTE_WORDS``): of the game as it loads, or as the app kept it on removing it (:func:`kept_game`). A
    game of neither (a house file gone or broken): as the rules the match kept say it (:func:`engine_kept`)."""
    try:
        return str(kept_game(match.game_id).engine)
    except Exception:  # noqa: BLE001 - a note must still be said: the rules the match kept
        return engine_kept(match.rules)


def engine_kept(rules: TableRules) -> str:
    """The engine a match's ``rules`` show its game had when it started: riichi mahjong where they keep its honba
    amounts or a riichi match option (``MATCH_OPTIONS``, nagashi off), which only a riichi game's match keeps; Donjara
    where they keep a chombo penalty without them (a match started since matches keep both, 2026-12-04: a Donjara
    house table counting honba is no riichi game). A match stored before keeps neither: riichi mahjong where it counts
    honba (a riichi house game's way), else Donjara.

    >>> engine_kept(TableRules(honba=True, chombo_penalty=0)), engine_kept(TableRules(honba=True, honba_ron=300))
    ('donjara', 'riichi')
    """
    if rules.honba_ron is not None or rules.honba_tsumo_each is not None or has_final_score(rules) or not rules.nagashi:
        return "riichi"
    return "riichi" if rules.honba and rules.chombo_penalty is None else "donjara"


def draw_word(match: Match, lang: str = "en") -> str | None:
    """A Donjara hand nobody won as ``match``'s game's document says it, in ``lang``, where its file names a word of
    its own (``[table] calls`` draw: Nogizaka's 流局, 「(→流局)」); None where it names none (a Donjara game then says
    誰も上がらず, "nobody won") or the game no longer loads.

    >>> m = Match(1, "nogizaka", ("A", "B", "C", "D"), rules_for("nogizaka"), 0.0)
    >>> draw_word(m, "ja"), draw_word(m), draw_word(replace(m, game_id="yokai-watch"), "ja")
    ('流局', 'Nobody won', None)
    """
    try:
        from scorer.engine import game_calls

        own = game_calls(kept_game(match.game_id)).get("draw")
    except Exception:  # noqa: BLE001 - a hand is still said: in the engine's word
        return None
    return None if own is None else own[lang == "en"]


def nagashi_played(match: Match) -> bool:
    """Whether a draw of ``match`` may pay a nagashi mangan: as its game's ``[riichi] nagashi`` said when it started
    (``TableRules.nagashi``; on unless its table said false), whatever the table in use says now (a house table
    edited mid-match changes no match under way); a match stored before it was kept: on."""
    return bool(match.rules.nagashi)


def kept_game(game_id: str) -> Any:
    """The game ``game_id`` a match of it is named and said by: as it loads now (shipped, added in the app, an edit of
    it), else the file of it the app kept on removing it (:func:`removed_game`: the app's ledger page names such a
    match by it); the error of loading it where neither loads."""
    try:
        return _game(game_id)
    except Exception:
        removed = removed_game(game_id)
        if removed is None:
            raise
        return removed


def removed_game(game_id: str) -> Any | None:
    """A game removed in the app, as the file it kept (``app.settings.remove_game``: ``games/_removed/<id>-<time>/
    <id>.toml`` under the home, the latest removal first); None where no kept file of it loads (or ``game_id`` is no
    id a game added in the app can have)."""
    from scorer.catalog import ADDED_ID, load_game
    from tilelens.home import home_dir

    if not isinstance(game_id, str) or not ADDED_ID.fullmatch(game_id):
        return None
    try:
        kept = sorted((home_dir() / "games" / "_removed").glob(f"{game_id}-*/{game_id}.toml"), reverse=True)
    except OSError:
        return None
    for path in kept:
        try:
            game = load_game(str(path))
        except (TilelensInputError, OSError, UnicodeDecodeError, ValueError):
            continue
        if game.id == game_id:
            return game
    return None


def units_of(match: Match) -> dict[str, str]:
    """The unit a match's points are counted in, by language: the one its game named when it started, kept with it
    (``TableRules.currency_en``, ``currency_ja``: the game's ``[payout] currency_en``, ``currency_ja``; riichi
    mahjong's points), {"en": "points", "ja": "点"}, whatever the table in use says now (a club's table changed to
    chips since; the app and `tilelens ledger` alike). A match stored before the unit was kept: its game's as shipped
    (the unit it was played in cannot be known; an edited table is not read, the app's and the command's alike), a
    game added in the app as added; a game that no longer loads (removed): the match's own ``unit``
    (``TableRules.unit``), "点" said "points"."""
    rules = match.rules
    if rules.currency_en and rules.currency_ja:
        return {"en": rules.currency_en, "ja": rules.currency_ja}
    try:
        return game_units(_as_shipped(match.game_id))
    except Exception:  # noqa: BLE001 - a note must still be said: the unit the match kept
        unit = rules.unit
        return {"en": "points" if unit == "点" else unit, "ja": unit}


def _as_shipped(game_id: str) -> Any:
    """The game ``game_id`` as shipped (its file in scorer/games/, not a house table edited since), or as added in the
    app (its file as added); ``TilelensInputError`` for neither."""
    from scorer.catalog import GAMES_DIR, added_games, list_games, load_game

    if game_id in list_games():
        return load_game(GAMES_DIR / f"{game_id}.toml")
    added = added_games().get(game_id)
    if added is None:
        raise LedgerError(f"no game {game_id!r}", f"ゲーム{quoted_ja(game_id)}がありません")
    return load_game(added)


# What a mark of a game's tables (:func:`table_mark`) begins with: one made before it left out the words that say the
# rules (16 hex digits, no prefix) cannot tell a reworded description from a changed table.
_MARK_FORM = "2:"
# The words of a game's rule tables that say the rules, not what scores or settles: a yaku's names and description
# (``label_attr`` adds a value to its name; ``default`` marks it a house default on the Rules page), a group's
# names, the unit's words (a match keeps its own: ``TableRules.currency_en``), the house parts the Rules page marks,
# and what the players call out (``[table] calls``).
_SAID_ONLY = {"yaku": ("name_ja", "name_en", "description", "description_ja", "label_attr", "default"),
              "groups": ("name_ja", "name_en"), "payout": ("currency_ja", "currency_en"), "table": ("calls",)}


def _what_scores(rules: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a game's rule tables without the words that only say them (``_SAID_ONLY``, ``[house]``)."""
    from scorer.catalog import thaw

    rules = {key: value for key, value in thaw(rules).items() if key != "house"}

    def without(entry: Any, words: tuple[str, ...]) -> Any:
        return {k: v for k, v in entry.items() if k not in words} if isinstance(entry, dict) else entry

    for key in ("payout", "table"):
        if key in rules:
            rules[key] = without(rules[key], _SAID_ONLY[key])
    if isinstance(rules.get("yaku"), list):
        rules["yaku"] = [without(yaku, _SAID_ONLY["yaku"]) for yaku in rules["yaku"]]
    if isinstance(rules.get("groups"), dict):
        rules["groups"] = {name: without(group, _SAID_ONLY["groups"]) for name, group in rules["groups"].items()}
    return rules


def table_mark(game: Any) -> str:
    """A mark of the tables of ``game`` (a ``scorer.Game``): what scores and settles (its rule tables without the
    words that say them, its tiles' ids, copies and attributes, its units' members, its hand and deal), hashed. A
    match keeps the mark of its game's when it starts (``TableRules.table_mark``): the ledger page tells by it that
    the table in use has changed since (an edit of the house table, saved mid-match); a reworded description, a
    renamed yaku or tile, is no change."""
    tiles = [[t.id, t.copies, t.almighty, dict(t.attrs), dict(t.stands_for)] for t in game.tiles]
    units = [[u.name, list(u.members), list(u.absent)] for u in getattr(game, "units", ())]
    text = json.dumps({"rules": _what_scores(game.rules), "tiles": tiles, "units": units, "engine": game.engine,
                       "hand": [game.hand_size, list(game.deal_sizes)]},
                      sort_keys=True, ensure_ascii=False, default=repr)
    return _MARK_FORM + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def kept_at_start(game: Any, rules: TableRules) -> TableRules:
    """``rules`` with what a match keeps of ``game`` (a ``scorer.Game`` or a game's id) when it starts, where they
    do not say it already: the unit its amounts are said in (:func:`game_units`) and the mark of its tables
    (:func:`table_mark`). A game that does not load (an id of none): ``rules`` as they are."""
    try:
        loaded = _game(game)
        units = game_units(loaded)
        mark = table_mark(loaded)
    except TilelensInputError:
        return rules
    return replace(rules, currency_en=rules.currency_en or units["en"], currency_ja=rules.currency_ja or units["ja"],
                   table_mark=rules.table_mark or mark)


def table_changed(match: Match | TableRules, game: Any) -> bool:
    """Whether the tables of ``game`` (the ``scorer.Game`` in use) are not those ``match`` (or its ``TableRules``)
    started under (its ``table_mark``); False for a match stored before the mark was kept, or with a mark made before
    it left out the words that say the rules (a reworded description would read as a changed table): it cannot be
    told."""
    kept = (match.rules if isinstance(match, Match) else match).table_mark
    return kept is not None and kept.startswith(_MARK_FORM) and kept != table_mark(game)


def kept_table_said(match: Match) -> list[str]:
    """The ``[table]`` values ``match`` keeps from the table it started under where they differ from its game's as
    shipped, as a game file writes them ("noten_total = 1000"): what its hands go on being settled with, whatever the
    house table says now (one that cannot be read, one fixed since): a club fixing a refused ``noten_total = 1000``
    still sees a match started under it pay 333 to each of three tenpai players. [] where none differ, or where the
    game as shipped cannot be loaded (a game added in the app and removed since)."""
    try:
        shipped = rules_for(_as_shipped(match.game_id))
    except (TilelensInputError, OSError):
        return []
    keys = [key for key in TableRules.__dataclass_fields__ if key in TABLE_KEYS and key not in MATCH_OPTIONS]

    def toml(value: Any) -> str:  # as the file writes it: "dealer-tenpai", true, 1000
        value = value.value if isinstance(value, StrEnum) else value
        return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else written(value)

    return [f"{key} = {toml(getattr(match.rules, key))}" for key in keys
            if getattr(match.rules, key) != getattr(shipped, key)]


def game_units(game: Any) -> dict[str, str]:
    """The unit ``game`` (a ``scorer.Game``, or a shipped game's id) counts its points in, by language (``[payout]
    currency_en``, ``currency_ja``; riichi mahjong's points): {"en": "x10,000 fans", "ja": "万"}.

    >>> game_units("cinderella-neo"), game_units("tokyo-mahjong")
    ({'en': 'x10,000 fans', 'ja': '万'}, {'en': 'points', 'ja': '点'})
    """
    game = _game(game)
    if game.engine != "riichi":
        from scorer.rules import donjara_rules

        payout = donjara_rules(game).payout
        return {"en": payout.currency_en, "ja": payout.currency_ja}
    return {"en": "points", "ja": "点"}


def _amount(points: str, unit: str) -> str:
    """``points`` with ``unit``: after a space where the unit is in letters ("300 points"), against the number where
    it is Japanese ("300点", "3万"), as the app's ``amount`` and `tilelens score` write it."""
    return f"{points} {unit}" if unit[:1].isascii() else f"{points}{unit}"


def amount_in(points: int, units: Mapping[str, str], lang: str = "en") -> str:
    """``points`` with the unit ``units`` (:func:`units_of`) says in ``lang``: "40 x10,000 fans", "40万", "1,000点".

    >>> amount_in(-57, {"en": "x10,000 fans", "ja": "万"}, "ja"), amount_in(1000, {"en": "points", "ja": "点"})
    ('-57万', '1,000 points')
    """
    unit = units.get(lang) or units.get("en") or ""
    return _amount(f"{points:,}", unit) if unit else f"{points:,}"


def sticks_said(points: int, chip: int, engine: str = "riichi", lang: str = "en",
                units: Mapping[str, str] | None = None) -> str:
    """The riichi sticks on a table (``points`` of them, ``chip`` each: ``TableRules.riichi_chip``) as the ledger page
    says them: a riichi game's in points and sticks, "1,000 points (1 stick)", 「2,000点 (2本)」 (「場のリーチ棒:
    1,000」 read as a thousand sticks); a Donjara game's in its unit and chips, "20 points (2 chips)", 「20点 (2枚)」
    (its own words around them: ``i18n.DONJARA_STRINGS``; 「場のリーチのチップ: 20」 said no unit), the count left out
    where the unit is chips already. ``units``: the match's (:func:`units_of`), points by default.

    >>> sticks_said(3000, 1000, lang="ja"), sticks_said(0, 1000), sticks_said(20, 10, "donjara")
    ('3,000点 (3本)', '0 points', '20 points (2 chips)')
    """
    units = units or _POINTS
    said = amount_in(points, units, lang)
    chips = engine != "riichi"
    if not chip or not points or points % chip or chips and _in_chips(units):
        return said
    n = points // chip
    if chips:
        count = f"{n}枚" if lang == "ja" else f"{n} chip" if n == 1 else f"{n} chips"
    else:
        count = f"{n}本" if lang == "ja" else f"{n} stick" if n == 1 else f"{n} sticks"
    return f"{said} ({count})"


def _in_chips(units: Mapping[str, str]) -> bool:
    """Whether ``units`` count chips (a club's table played for chips: "chips", チップ), so that an amount in them is
    a count of chips already, not said again in brackets."""
    return "chip" in (units.get("en") or "").lower() or any(w in (units.get("ja") or "") for w in ("チップ", "枚"))


# Who ended a match by their total, said after its reason (:func:`end_said`): at or below the table's mark; a
# total below 0 is said as such (a hand is paid in full, even beyond what its payer holds: RULES.md sets no cap).
END_WHO = {"en": {"at": "{name} is at {amount}", "below": "{name} is at {amount}, below 0: the ledger records a "
                  "payment in full, even beyond what its payer holds, as the rules set no cap", "sep": "; ",
                  "form": "{reason} ({who})"},
           "ja": {"at": "{name}は{amount}です", "below": "{name}は{amount}で、0より少なくなりました (支払いは持ち点を"
                  "超えても全額を記録します。ルールに上限はありません)", "sep": "。", "form": "{reason}。{who}"}}


def end_said(match: Match, state: TableState, lang: str = "en") -> str | None:
    """Why ``match`` ended, in ``lang``, naming who ended it by their total with it ("a player has nothing left
    (うづき is at -57 x10,000 fans, below 0: ...)"): the reason alone named nobody, and a total below 0 was left to
    be found in the standings. None while the match goes on."""
    if not state.ended:
        return None
    reason = state.reason_in(lang)
    mark = match.rules.ends_at_or_below
    who = [seat for seat, total in enumerate(state.totals) if mark is not None and total <= mark]
    if not who:
        return reason
    words, units = END_WHO.get(lang, END_WHO["en"]), units_of(match)
    named = words["sep"].join(words["below" if state.totals[seat] < 0 else "at"].format(
        name=match.players[seat], amount=amount_in(state.totals[seat], units, lang)) for seat in who)
    return words["form"].format(reason=reason, who=named)


def hand_note_said(hand: HandRecord, lang: str = "en", units: Mapping[str, str] | None = None) -> str:
    """``hand``'s stored note in ``lang``: the app's own words for a draw or a chombo (``FIXED_NOTES``, in
    either language) in ``lang``'s, a chombo's penalty with the game's unit in ``lang`` where ``units`` says it
    (:func:`units_of`); a note of yaku (:func:`note_said`) naming them in it; any other as stored.

    >>> chombo = HandRecord(0, HandKind.CHOMBO, offender=1, note="チョンボ (ペナルティ 8,000)")
    >>> hand_note_said(chombo, "en"), hand_note_said(chombo, "ja", {"en": "points", "ja": "点"})
    ('Penalty 8,000', 'ペナルティ 8,000点')

    A chombo's note is said as its penalty alone (``SAID_NOTES``): every reader says the hand's kind beside it
    (「花子 チョンボ — ペナルティ 300点」, not 「チョンボ — チョンボ (ペナルティ 300点)」).
    """
    forms = {**FIXED_NOTES.get(hand.kind, {}), **SAID_NOTES.get(hand.kind, {})}
    for pattern in _FIXED_NOTE_SAID.get(hand.kind, ()):
        found = pattern.fullmatch(hand.note)
        if found:
            said = found.groupdict()
            if "penalty" in said and units and units.get(lang):  # "300" of what: as the scorer says it (ペナルティ 300点)
                said["penalty"] = _amount(said["penalty"], units[lang])
            return forms.get(lang, forms["en"]).format(**said)
    if hand.old_yaku:  # a list of yaku stored before notes held both names (read by ``Ledger``)
        return note_said(yaku_note(hand.old_yaku), lang)
    return note_said(hand.note, lang)


def _read_old_yaku(hands: list[HandRecord], game_id: Any, names: Mapping[str, tuple[str, str]] | None = None
                   ) -> list[HandRecord]:
    """``hands`` (of a match of ``game_id``), each won hand whose note is a list of the game's yaku as tilelens
    stored it before notes held both names (cf21e04: "門前清自摸和, 役牌 白" from any screen in d22a502, "Basic set"
    from an English one in 5b77c0f) with its ``old_yaku``: said in the reader's language, as a note stored since.
    Any other note (typed, a name the game does not have, a game that no longer loads) is left to be said as stored.
    ``names``: the game's yaku names where the caller has them (:func:`_yaku_names`), else read here where a note
    needs them."""
    read = []
    for hand in hands:
        if _old_form_note(hand):
            if names is None:
                names = _yaku_names(game_id)
            yaku = _read_yaku_note(hand.note.strip(), names) if names else None
            if yaku:
                hand = replace(hand, old_yaku=tuple(yaku))
        read.append(hand)
    return read


def _old_form_note(hand: HandRecord) -> bool:
    """Whether ``hand``'s note may be a list of yaku as tilelens stored it before cf21e04 (:func:`_read_old_yaku`): a
    won hand's note of plain text (a note stored since is JSON)."""
    return hand.kind is HandKind.WIN and isinstance(hand.note, str) and bool(hand.note) \
        and not hand.note.startswith("{")


# Each game's yaku names (:func:`_yaku_names`), by the ``scorer.Game`` that ``load_game`` gives while its file is
# unchanged (a house table saved since is another: its names read again), and the notes read by them so far
# (:func:`_read_yaku_note`): a ledger page of 600 matches with notes stored before cf21e04 loaded each match's game
# and read each of its notes again on every tap. Kept by the objects' ids, each with its object (an id is not reused
# while the object it names is kept).
_NAMES_OF_GAME: dict[int, tuple[Any, dict[str, tuple[str, str]]]] = {}
_NOTES_READ: dict[int, tuple[Mapping[str, tuple[str, str]], list[str], dict[str, tuple | None]]] = {}
_KEPT_MOST = 64  # games (and their notes' readings) kept at most; 4096 notes read per game


def _yaku_names(game_id: Any) -> dict[str, tuple[str, str]]:
    """Each name a hand of the game ``game_id`` (as tilelens plays it now: a house table where one is in use) may
    have stored of a yaku, in either language, and the yaku's (Japanese, English) names: a riichi game's yaku and
    dora (``scorer.riichi_rules``), a Donjara game's yaku, by each attribute value where its name varies by one
    ("アンサンブルセット (キュート)", ``scorer.search.yaku_label``). {} for a game that does not load. The same
    object while the game's file is unchanged (``_NAMES_OF_GAME``): read only."""
    try:
        game = _game(str(game_id))
    except Exception:  # noqa: BLE001 - a game that no longer loads: its notes said as stored
        return {}
    kept = _NAMES_OF_GAME.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    try:
        if game.engine == "riichi":
            from scorer.riichi_rules import DORA_NAMES, YAKU_NAMES

            pairs = [*YAKU_NAMES.values(), *DORA_NAMES.values()]
        else:
            from types import SimpleNamespace

            from scorer.rules import donjara_rules
            from scorer.search import yaku_label

            pairs = []
            for yaku in donjara_rules(game).yaku:
                groups: list[tuple] = [()]
                if yaku.label_attr:
                    values = sorted({str(t.attrs[yaku.label_attr]) for t in game.tiles if yaku.label_attr in t.attrs})
                    groups += [(SimpleNamespace(attrs={yaku.label_attr: value}),) for value in values]
                for group in groups:
                    ja, en = yaku_label(yaku, group, "ja", game), yaku_label(yaku, group, "en", game)
                    pairs.append((ja, en or ja))
    except Exception:  # noqa: BLE001 - a game whose rules cannot be read: its notes said as stored
        return {}
    names: dict[str, tuple[str, str]] = {}
    for ja, en in pairs:  # the first of a name given twice (人和: 5 han here, not the yakuman)
        names.setdefault(ja, (ja, en))
        names.setdefault(en, (ja, en))
    if len(_NAMES_OF_GAME) >= _KEPT_MOST:
        _NAMES_OF_GAME.clear()
    _NAMES_OF_GAME[id(game)] = (game, names)
    return names


def _read_yaku_note(text: str, names: Mapping[str, tuple[str, str]]) -> list[tuple[str, str]] | None:
    """:func:`_split_yaku` of ``text`` by ``names``, each text read once while ``names`` is kept (``_NOTES_READ``: a
    club's notes repeat, "立直, 平和" in hundreds of hands), the names ordered once."""
    kept = _NOTES_READ.get(id(names))
    if kept is None or kept[0] is not names:
        if len(_NOTES_READ) >= _KEPT_MOST:
            _NOTES_READ.clear()
        kept = _NOTES_READ[id(names)] = (names, sorted(names, key=len, reverse=True), {})
    read = kept[2]
    found = read.get(text, read)  # (the dict itself: not read yet)
    if found is read:
        if len(read) >= 4096:
            read.clear()
        yaku = _split_yaku(text, names, kept[1])
        found = read[text] = tuple(yaku) if yaku else None
    return list(found) if found else None


def _split_yaku(text: str, names: Mapping[str, tuple[str, str]], order: Sequence[str] | None = None
                ) -> list[tuple[str, str]] | None:
    """``text`` read as yaku ``names`` joined with ", " (or 、), each as its (Japanese, English) names; None where it
    is not that whole (a name of none of them, a list cut short). A name with a comma in it is read whole. ``order``:
    the names, the longest first, where the caller has them so.

    >>> _split_yaku("立直, Pinfu", {"立直": ("立直", "Riichi"), "Pinfu": ("平和", "Pinfu")})
    [('立直', 'Riichi'), ('平和', 'Pinfu')]
    """
    if text in names:
        return [names[text]]
    if order is None:
        order = sorted(names, key=len, reverse=True)
    for name in order:
        for sep in (", ", "、"):
            if text.startswith(name + sep) and (rest := _split_yaku(text[len(name) + len(sep):], names, order)):
                return [names[name], *rest]
    return None


def note_is_its_kind(hand: HandRecord) -> bool:
    """Whether ``hand``'s stored note is only the app's own word for a draw (``FIXED_NOTES``: "Draw", 「流局」),
    which the hand's result says already: the page's hands table and `tilelens ledger show` say it once, in
    the result ("draw · note: Draw" said it twice). The CSV keeps it in its note, beside its kind "draw". Not of
    an abortive draw: its note (:func:`hand_notes`) says what it was ("abortive draw (four riichi)")."""
    return hand.kind is HandKind.DRAW and hand.abortive is None and is_draw_word(hand.note)


def is_draw_word(note: str) -> bool:
    """Whether ``note`` is only the app's own word for a draw (``FIXED_NOTES``: "Draw", 「流局」), in either language."""
    return any(p.fullmatch(note) for p in _FIXED_NOTE_SAID[HandKind.DRAW])


def abortive_said(kind: str, lang: str = "en") -> str:
    """An abortive draw of ``kind`` (``HandRecord.abortive``) in ``lang``: "abortive draw (four riichi)",
    「途中流局 (四家リーチ)」; "abortive draw" where no kind was said (or one this version does not know).

    >>> abortive_said("triple-ron", "ja"), abortive_said("")
    ('途中流局 (三家和)', 'abortive draw')
    """
    words = NOTE_WORDS.get(lang, NOTE_WORDS["en"])
    names = ABORTIVE_KINDS.get(kind)
    if names is None:
        return words["abortive"]
    return words["abortive_kind"].format(kind=names[0] if lang == "ja" else names[1])


def hand_notes(players: Sequence[str], hands: Sequence[HandRecord], state: TableState, lang: str = "en",
               units: Mapping[str, str] | None = None, engine: str = "riichi", chip: int = 0) -> list[str]:
    """Each hand's note as the CSV and `tilelens ledger show` say it: as entered, and what its winner took besides
    its payments, from the replay (``state.taken``, of ``hands``): the riichi chips of the table, and a win's honba (a
    ron's, "incl. 300 for 1 honba"; a tsumo's from all its payers, "incl. 200 for 1 honba" at three players).
    The honba a stored note states (a ron priced with them: "incl. 300 for 1 honba") is said as the replay has
    it: where a nearer winner on the same discard took them over (the head bump), the first winner entered says
    it passed them to that one in that one's entry (its own total holding them until then), who says it has them on
    top of its payment ("+ 300 for 1 honba passed from Di"), with the sticks of the table, the winner's own stick
    said as theirs. A note of yaku (:func:`yaku_note`) says them in ``lang``, as it says a draw's and a chombo's
    (:func:`hand_note_said`; a chombo's penalty with the game's unit where ``units`` says it: :func:`units_of`).
    ``engine``: the game's (:func:`engine_of`), a Donjara match said in its own words (``DONJARA_NOTE_WORDS``:
    場のリーチのチップ, not リーチ棒). ``chip``: the match's stick or chip (``TableRules.riichi_chip``), the sticks a
    Japanese note says counted as the ledger page counts them (「場のリーチ棒 6,000点 (6本)も獲得」: :func:`sticks_said`),
    a Donjara game's chips in both languages ("+ 20 points (2 chips) of riichi chips", 「20点 (2枚)」).
    The stored hand is left as entered."""
    words = {**NOTE_WORDS[lang], **(DONJARA_NOTE_WORDS.get(lang, {}) if engine != "riichi" else {})}
    # the chips with the match's unit (1,000点, 10 chips): a Japanese note counts the winner's own in it too
    chips = units or _POINTS
    amount = (lambda n: amount_in(n, chips, lang)) if lang == "ja" else (lambda n: n)
    notes = []
    for hand, took in zip(hands, state.taken or [Taken()] * len(hands), strict=True):
        note, said = hand_note_said(hand, lang, units), []
        if hand.kind is HandKind.END:  # why the match ended there, said as its reason is
            notes.append(early_end_reason(state.played)[lang == "ja"])
            continue
        if hand.abortive is not None:  # said as what it was, first; the app's own word for a draw ("Draw") left out
            typed = "" if is_draw_word(hand.note) else note
            note = words["sep"].join(filter(None, [abortive_said(hand.abortive, lang), typed]))
        if hand.nagashi:
            said.append(words["nagashi"].format(names=YAKU_SEP[lang].join(players[s] for s in hand.nagashi)))
        if hand.kind is HandKind.WIN:
            if hand.win_kind in ("ron", SAME_DISCARD, "tsumo"):  # said from the replay below (once)
                note = _HONBA_SAID.sub("", note).strip(" ;、")
            if took.honba_points and took.honba_from is not None:  # on top of its payment, not in it
                said.append(words["honba_from"].format(points=took.honba_points, n=took.honba,
                                                       name=players[took.honba_from]))
            elif took.honba_points:
                said.append(words["honba"].format(points=took.honba_points, n=took.honba))
            if took.sticks:
                # 「6,000点 (6本)」; a Donjara game's chips counted in both languages, "20 points (2 chips)"
                sticks = (sticks_said(took.sticks, chip, engine, lang, chips) if lang == "ja" or engine != "riichi"
                          else amount_in(took.sticks, chips, lang))
                own = "" if not took.own_sticks else words["own_all"] if took.own_sticks >= took.sticks else \
                    words["own"].format(own=amount(took.own_sticks))
                said.append(words["sticks"].format(sticks=sticks) + own)
            if took.passed_to is not None and (took.passed_points or took.passed_sticks):
                own = words["own_of"].format(own=amount(took.own_sticks), name=players[took.passed_to]) \
                    if took.own_sticks and took.passed_sticks else ""
                # a Donjara game's chips passed on counted as those taken, "20 points (2 chips)", 「20点 (2枚)」
                passed = (sticks_said(took.passed_sticks, chip, engine, lang, chips) if engine != "riichi"
                          else amount_in(took.passed_sticks, chips, lang))
                gave = ([words["gave_honba"].format(points=took.passed_points, n=took.honba)] if took.passed_points
                        else []) + ([words["gave_sticks"].format(sticks=passed) + own] if took.passed_sticks else [])
                said.append(words["passed"].format(what=words["and"].join(gave), name=players[took.passed_to]))
                if took.passed_points and not took.passed_sticks:  # the honba, passed in a later entry
                    said[-1] += words["held_until"].format(name=players[took.passed_to], holder=players[hand.winner])
        if not note and said and said[0].startswith("+ ") and "lead" in words:  # no cell that reads as a formula
            said[0] = words["lead"] + said[0][2:]
        notes.append(words["sep"].join([note, *said] if note else said))
    return notes


_POINTS = {"en": "points", "ja": "点"}  # the unit of a note's chips where no unit is given (riichi mahjong's)


def nagashi_payments(match: Match, hands: Sequence[HandRecord], index: int) -> list[tuple[int, int, int]]:
    """``(payer, payee, amount)`` of the nagashi mangan of the draw ``hands[index]`` (none for another hand), as the
    replay paid them: each a mangan tsumo at the dealer of that hand (:func:`scorer.riichi_pay.nagashi_transfers`)."""
    from scorer.riichi_pay import nagashi_transfers

    hand = hands[index]
    if not hand.nagashi:
        return []
    dealer = replay(len(match.players), match.rules, hands[:index]).dealer
    return nagashi_transfers(len(match.players), hand.nagashi, dealer)


def noten_payments(match: Match, hand: HandRecord) -> list[tuple[int, int, int]]:
    """``(payer, payee, amount)`` of the noten payments of an exhaustive draw (none for another hand, nor for a draw
    paid as a nagashi mangan: :func:`nagashi_payments`), as the replay paid them: each noten seat pays each tenpai seat
    its share of the match's ``noten_total`` (:func:`scorer.payout.noten_transfers`)."""
    if hand.kind is not HandKind.DRAW or hand.nagashi:
        return []
    return noten_transfers(range(len(match.players)), hand.tenpai, match.rules.noten_total)


def dealt_in(hand: HandRecord) -> int | None:
    """The seat that dealt in a ron (paid it alone, or with the player liable for its yakuman: pao), None for any
    other hand."""
    if hand.kind is HandKind.WIN and hand.win_kind in ("ron", SAME_DISCARD) and 1 <= len(hand.payments) <= 2:
        return next(iter(hand.payments))  # stored first; a liable player (pao) pays beside it
    return None


def liable_of(hand: HandRecord, players: int) -> int | None:
    """The seat that paid a won hand as the player liable for its yakuman (pao, 責任払い), as the ledger stores it: a
    ron's payer after the discarder, a tsumo's one payer at a table of three or four; None for any other hand (a pao
    tsumo beside another yakuman, which every other seat pays too, and a liable player who dealt in, are told by
    their note alone: :func:`result_note`).

    >>> liable_of(HandRecord(0, HandKind.WIN, 1, "ron", {3: 16000, 2: 16000}), 4)
    2
    >>> liable_of(HandRecord(0, HandKind.WIN, 1, "tsumo", {2: 32000}), 4), liable_of(HandRecord(0, HandKind.WIN, 1, \
"ron", {3: 8000}), 4)
    (2, None)
    """
    if hand.kind is not HandKind.WIN:
        return None
    if hand.win_kind in ("ron", SAME_DISCARD) and len(hand.payments) == 2:
        return list(hand.payments)[1]
    if hand.win_kind == "tsumo" and players > 2 and len(hand.payments) == 1:
        return next(iter(hand.payments))
    return None


def csv_file_name(match_id: int, standings: bool = False) -> str:
    """What a match's CSV file is named, downloaded from the ledger page or written by `tilelens ledger csv`; of its
    standings (``standings``, `tilelens ledger csv --standings`), with ``-standings``."""
    return f"tilelens-match-{match_id}{'-standings' if standings else ''}.csv"


def csv_bytes(text: str) -> bytes:
    """The ledger's CSV as a file (the page's download, `tilelens ledger csv --out`): UTF-8 with a byte-order mark,
    which spreadsheet programs (Excel) need to show Japanese player names and yaku rather than mojibake.

    >>> csv_bytes("hand,花子\\n")[:3] == b"\\xef\\xbb\\xbf"
    True
    """
    return text.encode("utf-8-sig")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A CSV cell as written: text a spreadsheet would run as a formula (a name or note starting with = + - @, a tab
    or a carriage return; the download carries a byte-order mark for spreadsheets) marked as text with a leading
    ``'``; numbers (a negative total) as they are.

    >>> csv_cell("=1+1"), csv_cell(-8000), csv_cell("Ann")
    ("'=1+1", -8000, 'Ann')
    """
    return f"'{value}" if isinstance(value, str) and value.startswith(_FORMULA_START) else value


class _SafeWriter:
    """``csv.writer`` whose rows' text cells go through :func:`csv_cell`."""

    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: Sequence[Any]) -> None:
        self._writer.writerow([csv_cell(v) for v in row])


# How the CSV joins the names of a hand's riichi and tenpai players: a comma, which no name holds (``new_match`` and
# ``rename_player`` refuse one, the names box splits at it); a space was read as two players of "Mary Ann".
NAMES_JOIN = ", "


def match_csv(match: Match, hands: Sequence[HandRecord], state: TableState) -> str:
    """The match as CSV: one table, one row per hand (after the start's) with what happened and every player's total
    after it (``hands`` and ``state`` of one reading: :meth:`Ledger.table`), the same columns in every row, an ended
    match's as one under way (a spreadsheet or pandas read the standings appended below it as more hands): its
    standings are :func:`standings_csv` (`tilelens ledger csv --standings`; `show --json`)."""
    out = io.StringIO()
    writer = _SafeWriter(out)  # a name or note that starts like a formula kept as text
    # "dealt in" (who paid a ron) after the players' totals, then "chombo by" (who declared a chombo: the "win"
    # column said "by Di", a winner's column for no winner): the columns before each are where they were. The first
    # column is the entry's number (each winner on one discard and a chombo's re-deal have their own; `show --json`'s
    # "entry"), not the hand players count (its "hand"): named "entry", as it holds. The CSV is in English whatever
    # the screen's language (headers and notes alike, for the tools that read it; the players' names as typed).
    # Then, appended (56): the hand players count ("hand": a double ron's winners and a chombo's re-deal share the
    # number of the hand they belong to, as `show --json`'s "hand"), and the round and honba it was played at
    # (riichi mahjong's "East 2" and 1, as `tilelens ledger show` names it; a Donjara game's round empty)
    writer.writerow(["entry", "kind", "winner", "win", "riichi", "tenpai", "note", *match.players, "dealt in",
                     "chombo by", "hand", "round", "honba"])
    # the unit the totals are counted in, in the start row's note, beside the first totals (a bare "100" said nothing
    # of it: the game's, as its file names it in English, "x10,000 fans"); the columns as they were
    writer.writerow([0, "start", "", "", "", "", f"totals in {units_of(match)['en']}", *state.history[0], "", "",
                     "", "", ""])
    name = match.players.__getitem__
    engine = engine_of(match)
    notes = hand_notes(match.players, hands, state, units=units_of(match), engine=engine,
                       chip=match.rules.riichi_chip)  # a Donjara win's chips counted, "20 points (2 chips)"
    for i, (hand, totals, note, number) in enumerate(zip(hands, state.history[1:], notes, hand_numbers(hands),
                                                         strict=True)):
        # a chombo has no winner and no win: who declared it is in "chombo by"
        how = "nagashi mangan" if hand.nagashi else abortive_said(hand.abortive) if hand.abortive is not None \
            else WIN_WORDS.get(hand.win_kind or "", hand.win_kind or "")
        discarder = dealt_in(hand)
        played_at = hand_round(match, state, i, engine)
        writer.writerow([hand.seq + 1, hand.kind.value, "" if hand.winner is None else name(hand.winner), how,
                         NAMES_JOIN.join(map(name, hand.riichi)), NAMES_JOIN.join(map(name, hand.tenpai)), note, *totals,
                         "" if discarder is None else name(discarder),
                         "" if hand.offender is None else name(hand.offender), number,
                         "" if played_at is None else round_said(played_at, "en", with_honba=False),
                         "" if (honba := deal_honba(state, i, hand)) is None else honba])
    return out.getvalue()


# The winds a round is named by (:func:`round_said`), as the ledger page and `tilelens ledger show` name them; a
# Donjara game's hand by its number (:func:`hand_number_said`), its honba said the same way.
ROUND_WINDS = {"en": ("East", "South", "West", "North"), "ja": ("東", "南", "西", "北")}
ROUND_FORMS = {"en": {"round": "{wind} {n}", "lap": "{wind} {n} (lap {lap})", "honba": "{round}, honba {honba}",
                      "hand": "Hand {n}"},
               "ja": {"round": "{wind}{n}局", "lap": "{wind}{n}局 ({lap}周目)", "honba": "{round} {honba}本場",
                      "hand": "{n}局目"}}


def deal_honba(state: TableState, index: int, hand: HandRecord | None = None) -> int | None:
    """The honba hand ``index`` was played at (its deal's, ``state.deals``); None for the end of a match (``hand`` an
    END: no hand, played at no honba) and where no deal is known (a state made by hand). The CSV's, `ledger show`'s
    and the ledger page's one rule."""
    if (hand is not None and hand.kind is HandKind.END) or index >= len(state.deals):
        return None
    return state.deals[index][2]


def hand_round(match: Match, state: TableState, index: int, engine: str | None = None
               ) -> tuple[int, int, int | None, int] | None:
    """The round hand ``index`` was played in, ``(wind, deal, lap, honba)`` (:func:`round_of`, the honba of its
    deal): a riichi game's (as `tilelens ledger show` names a hand by it); None for a Donjara game's, a table
    counting honba too (no winds, no rounds: its hands are numbered, :func:`hand_number_said`), where no deal is
    known, and for the end of a match ended early (no hand)."""
    if not state.deals or index >= len(state.deals) or (state.ended_early and index == len(state.deals) - 1):
        return None
    if (engine or engine_of(match)) != "riichi":
        return None
    _, moves, honba = state.deals[index]
    return (*round_of(moves, len(match.players)), honba)


def hand_number_said(number: int, honba: int = 0, lang: str = "en") -> str:
    """A Donjara game's hand by its number (:func:`hand_numbers`) in ``lang``, with the honba of its deal where a
    table counting them has some: "Hand 5", 「5局目」, "Hand 2, honba 1", 「2局目 1本場」. None is said at honba 0: the
    number names the hand, and a table counting none has them at 0 throughout.

    >>> hand_number_said(5), hand_number_said(2, 1), hand_number_said(2, 1, "ja")
    ('Hand 5', 'Hand 2, honba 1', '2局目 1本場')
    """
    forms = ROUND_FORMS.get(lang, ROUND_FORMS["en"])
    said = forms["hand"].format(n=number)
    return forms["honba"].format(round=said, honba=honba) if honba else said


def round_said(played_at: tuple[int, int, int | None, int], lang: str = "en", with_honba: bool = True) -> str:
    """A round (:func:`hand_round`) in ``lang``: "East 2, honba 1", 「東2局 1本場」; without its honba "East 2".

    >>> round_said((1, 4, None, 2)), round_said((0, 1, 5, 0), "ja"), round_said((0, 2, None, 3), with_honba=False)
    ('South 4, honba 2', '東1局 (5周目) 0本場', 'East 2')
    """
    wind, n, lap, honba = played_at
    forms = ROUND_FORMS.get(lang, ROUND_FORMS["en"])
    said = forms["round" if lap is None else "lap"].format(wind=ROUND_WINDS.get(lang, ROUND_WINDS["en"])[wind], n=n,
                                                           lap=lap)
    return forms["honba"].format(round=said, honba=honba) if with_honba else said


def standings_csv(match: Match, state: TableState) -> str:
    """The places of ``match`` as CSV (`tilelens ledger csv --standings`): place, player, total, the highest total
    first (:func:`standings`: equal totals share a place), of a match under way the places so far, said so in a last
    column, "standings", "so far" in each row (a match ended has the columns before it alone, as ever); in the unit of
    its totals (:func:`units_of`). The riichi chips left on the table are in no player's total (`show --json`'s
    ``pot``)."""
    out = io.StringIO()
    writer = _SafeWriter(out)
    scores = final_scores(match.rules, state)
    total = f"total ({units_of(match)['en']})"  # the unit in each header
    so_far, said_so = ([], []) if state.ended else ([STANDINGS_SO_FAR], ["standings"])  # the last cell, its header
    if scores is not None:  # uma, oka (:func:`final_scores`): beside the total, the final score, its uma, oka and the
        # sticks left on the table that came to the player, in thousands as a club writes them (55, 15.3, 1)
        writer.writerow(["place", "player", total, *(f"{column} ({THOUSANDS})" for column in
                                                     ("score", "uma", "oka", "sticks")), *said_so])
        for s in scores:
            writer.writerow([s.place, match.players[s.seat], s.total,
                             *map(_thousands, (s.score, s.uma, s.oka, s.sticks)), *so_far])
        return out.getvalue()
    writer.writerow(["place", "player", total, *said_so])
    for place, seat, total in standings(state.totals):
        writer.writerow([place, match.players[seat], total, *so_far])
    return out.getvalue()


# The last column of the standings CSV of a match under way (:func:`standings_csv`): its places so far, not final
STANDINGS_SO_FAR = "so far"


# The unit of a final score (uma, oka) in a CSV's headers: a club's +55
THOUSANDS = "thousands of points"


def totals_csv(totals: EveningTotals, states: Mapping[int, TableState]) -> str:
    """``totals`` (:func:`evening_totals`) as CSV, a league's standings (`tilelens ledger totals --csv`, the ledger
    page's totals download): a row per player, the highest total first: their result in each match (empty where they
    did not play it), the sum, the matches they played and how many times they came 1st, 2nd, ... (each match's
    places, :func:`standings`: equal totals share one; a match under way its places so far; ``states``: each match's
    table). Results in the unit in each header: of final scores (uma, oka) in thousands of points (55, 15.3), else the
    matches' unit; text that a spreadsheet would run as a formula kept as text, as the ledger's other CSVs."""
    out = io.StringIO()
    writer = _SafeWriter(out)
    unit = THOUSANDS if totals.scored else totals.units.get("en", "points")
    seats = max((len(m.players) for m in totals.matches), default=0)
    places = places_counted(totals, states)
    writer.writerow(["player", *(f"#{m.id} ({unit})" for m in totals.matches), f"total ({unit})", "matches",
                     *map(_ordinal, range(1, seats + 1))])

    def number(points: int | None) -> int | float | str:
        return "" if points is None else _thousands(points) if totals.scored else points

    for p in totals.players:
        writer.writerow([p.name, *map(number, p.nets), number(p.total), p.played, *places[p.name]])
    return out.getvalue()


def places_counted(totals: EveningTotals, states: Mapping[int, TableState]) -> dict[str, list[int]]:
    """How many times each player of ``totals`` came 1st, 2nd, ... in its matches (``states``: each match's table),
    by name: as many counts as the largest table has seats. Each match's places are :func:`standings`' (equal
    totals share one; a match under way its places so far). The totals CSV's columns (:func:`totals_csv`) and
    `tilelens ledger totals --json`'s ``places``."""
    seats = max((len(m.players) for m in totals.matches), default=0)
    places: dict[str, list[int]] = {p.name: [0] * seats for p in totals.players}
    for match in totals.matches:
        for place, seat, _ in standings(states[match.id].totals):
            places[match.players[seat]][place - 1] += 1
    return places


def totals_file_name(totals: EveningTotals) -> str:
    """What the CSV of ``totals`` is named (:func:`totals_csv`), by the evenings of its matches
    (:func:`evening_of`): tilelens-totals-2026-12-04.csv, of several tilelens-totals-2026-11-20-to-2026-12-04.csv."""
    days = sorted({evening_of(m.created) for m in totals.matches})
    if not days:
        return "tilelens-totals.csv"
    return f"tilelens-totals-{days[0]}{f'-to-{days[-1]}' if len(days) > 1 else ''}.csv"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... (a place as a CSV header)."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _thousands(points: int) -> int | float:
    """Points in thousands as a number a spreadsheet reads: 55 (not 55.0) where whole, else 15.3."""
    return points // 1000 if points % 1000 == 0 else points / 1000


def _hand(seq: int, kind: str, winner: int | None, win_kind: str | None, payments: str, riichi: str, tenpai: str,
          note: str, uid: str, seats: range | None = None) -> HandRecord:
    """A hand from its stored row (a chombo's offender is stored as its ``winner``). ``seats``: the match's,
    where known: a seat the hand names that is not a whole number among them is a ``LedgerError``; so is a hand
    of no kind the ledger knows, one without what its kind needs (a win's winner, a chombo's declarer), or one whose
    payments, riichi or tenpai are not stored as the ledger stores them (a file edited by hand), each naming the
    hand (:func:`_hand_error`). A hand whose number (``seq``) is no whole number from 0 (text, -5, 1.5: a file
    edited by hand) is one too: `show` said Python's "can only concatenate str (not "int") to str" for it, and `list`
    showed its match as fine."""
    if not _whole(seq) or seq < 0:
        raise LedgerError(f"a hand has its number stored wrong ({echoed(seq)}; the file numbers hands 0, 1, 2 …)",
                          f"局の番号が正しく記録されていません ({quoted_ja(seq)}。ファイルでは局を 0, 1, 2 … と"
                          "番号付けします)")
    try:
        kind = HandKind(kind)
    except ValueError:
        raise _hand_error(seq, f"is of no kind the ledger knows ({kind!r}; a hand is a win, a draw or a chombo)",
                          f"の種類{quoted_ja(kind)}がわかりません (上がり・流局・チョンボのどれかです)") from None
    offender, winner = (winner, None) if kind is HandKind.CHOMBO else (None, winner)
    if kind is HandKind.WIN and winner is None:
        raise _hand_error(seq, "is a win with no winner", "は上がりですが、上がった人が記録されていません")
    if kind is HandKind.WIN and win_kind not in ("ron", "tsumo", SAME_DISCARD):
        raise _hand_error(seq, f"is a win that is no ron or tsumo ({win_kind!r})",
                          f"は上がりですが、ロンでもツモでもありません ({quoted_ja(win_kind)})")
    # an abortive draw of a kind this version does not know (a later tilelens may add one: "abortive:five-kans") is
    # read and said as "abortive draw" (:func:`abortive_said`), not its match made "damaged"; a malformed one is not
    if kind is HandKind.DRAW and win_kind is not None and not re.fullmatch(rf"{NAGASHI}\d+(,\d+)*", str(win_kind)) \
            and not re.fullmatch(rf"{ABORTIVE}(:[a-z0-9-]+)?", str(win_kind)):
        raise _hand_error(seq, f"is a draw stored with a win ({win_kind!r})",
                          f"は流局ですが、上がりの形で記録されています ({quoted_ja(win_kind)})")
    if kind is HandKind.CHOMBO and offender is None:
        raise _hand_error(seq, "is a chombo with no player who declared it",
                          "はチョンボですが、チョンボをした人が記録されていません")
    paid = _stored(payments)  # {"2": 1000}: a seat as JSON keys are, and what it pays
    if not isinstance(paid, dict) or not all(re.fullmatch(r"-?\d+", seat) and _whole(points) and points >= 0
                                             for seat, points in paid.items()):
        raise _hand_error(seq, f"has payments not stored as seats and the points each pays ({payments!r})",
                          f"の支払いが、席とその点数の形で記録されていません ({quoted_ja(payments)})")
    beyond = next((points for points in paid.values() if points > MOST_POINTS), None)
    if beyond is not None:
        raise _hand_error(seq, f"has a payment of {echoed(beyond)}, more than any score (at most {MOST_POINTS:,})",
                          f"の支払いが点数として大きすぎます ({echoed(beyond, 'ja')}。最大 {MOST_POINTS:,})")
    listed = {}
    for what, what_ja, stored in (("riichi", "リーチ", riichi), ("tenpai", "テンパイ", tenpai)):
        listed[what] = _stored(stored)
        if not isinstance(listed[what], list):
            raise _hand_error(seq, f"has its {what} not stored as a list of seats ({stored!r})",
                              f"の{what_ja}が席の一覧の形で記録されていません ({quoted_ja(stored)})")
    hand = HandRecord(seq, kind, winner, win_kind, {int(k): v for k, v in paid.items()},
                      tuple(listed["riichi"]), tuple(listed["tenpai"]), _note(note), offender, uid)
    if seats is not None:
        one = [s for s in (hand.winner, hand.offender) if s is not None]
        _check_seats(seats, [*one, *hand.payments, *hand.riichi, *hand.tenpai, *hand.nagashi])
    # a win is paid by the others, a chombo's penalty paid to them (as ``_check_payments`` refuses it when recorded)
    if hand.winner is not None and hand.winner in hand.payments:
        raise _hand_error(seq, f"has its winner (seat {_seat_said(hand.winner)}) among those who pay it",
                          f"は上がった人 (席 {_seat_said(hand.winner)}) が払う側にも記録されています")
    if hand.offender is not None and hand.offender in hand.payments:
        seat = _seat_said(hand.offender)
        raise _hand_error(seq, f"has the player who made the chombo (seat {seat}) among those paid for it",
                          f"はチョンボをした人 (席 {seat}) が受け取る側にも記録されています")
    return hand


def _seat_said(seat: Any) -> Any:
    """A stored seat as the players count it, from 1 (``_check_seats``); as it is where it is no seat number."""
    return seat + 1 if _whole(seat) else echoed(seat)


_UNREADABLE = object()  # what ``_stored`` gives for a column that holds no JSON text


def _stored(text: Any) -> Any:
    """A stored JSON column as the value it holds; ``_UNREADABLE`` where it holds no JSON text (NULL, a number,
    text that is no JSON)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):  # JSONDecodeError is a ValueError
        return _UNREADABLE


def _hand_error(seq: Any, what: str, what_ja: str) -> LedgerError:
    """A stored hand that cannot be read, named as the CSV numbers it (its ``seq`` + 1): "hand 2 is a win with no
    winner"; ``_damaged`` names its match."""
    n = seq + 1 if _whole(seq) else seq
    return LedgerError(f"hand {n} {what}", f"{n}局目{what_ja}")


def table_columns(db: sqlite3.Connection, table: str) -> set[str]:
    """The names of the columns of ``table`` in the database of ``db``."""
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def _tables(db: sqlite3.Connection) -> set[str]:
    """The names of the tables of the database of ``db``."""
    return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _has_table(db: sqlite3.Connection, table: str) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone() is not None


def _layout_changes(db: sqlite3.Connection) -> tuple[str, ...]:
    """What this version changes in the layout of the ledger file of ``db`` to use it (:meth:`Ledger._upgrade`):
    "table NAME" for each table of the ledger it lacks, "TABLE.COLUMN" for each column added since a table's first
    layout (``_ADDED_COLUMNS``) that it lacks; () for a file of this version's layout."""
    tables = _tables(db)
    changes = [f"table {name}" for name in _TABLE_SQL if name not in tables]
    changes += [f"{table}.{column}" for table, column in _ADDED_COLUMNS
                if table in tables and column not in table_columns(db, table)]
    return tuple(changes)


_KNOWN_COLUMNS: dict[str, frozenset[str]] = {}  # each table's columns in this version's layout, read once


def newer_columns(db: sqlite3.Connection) -> list[str]:
    """The columns of the ledger's matches and hands in the file of ``db`` that this version does not know
    ("matches.venue"): a newer tilelens's, whose data a write by this one (or a merge's copy) would leave wrong or
    lose. [] for this version's file or an earlier one's."""
    if not _KNOWN_COLUMNS:
        with closing(sqlite3.connect(":memory:")) as layout:
            layout.executescript(_SCHEMA)
            _KNOWN_COLUMNS.update({table: frozenset(table_columns(layout, table)) for table in ("matches", "hands")})
    return [f"{table}.{row[1]}" for table, known in _KNOWN_COLUMNS.items()
            for row in db.execute(f"PRAGMA table_info({table})") if row[1] not in known]


def newer_said(newer: Sequence[str], lost_by_ja: str = "書き込む") -> tuple[str, str]:
    """Why a ledger file a newer tilelens wrote (:func:`newer_columns`) is refused, said after the file's name in
    English and Japanese: the columns this version does not know, and would lose; ``lost_by_ja`` what loses them in
    Japanese (a write, 書き込む; a merge from it, 追加する)."""
    return (f"was written by a newer tilelens than this one (its ledger has {', '.join(newer)}, which this version "
            "does not know, and would lose)",
            f"は、この版より新しい版の tilelens で書かれています (この版の知らない {'、'.join(newer)}があり、"
            f"{lost_by_ja}と失われます)")


def _newer_error(path: Path, newer: Sequence[str]) -> LedgerError:
    """A change refused in a ledger file a newer tilelens wrote (:func:`newer_columns`), in the words a merge from it
    is refused in (:func:`newer_said`, ``tilelens.ledger_merge``): nothing changed, its matches still read."""
    why, why_ja = newer_said(newer)
    return LedgerError(f"ledger file {path} {why}: nothing was changed, and its matches can still be viewed; update "
                       "tilelens to record in it",
                       f"成績表のファイル {path} {why_ja}。何も変更していません (対局は見られます)。記録するには tilelens を"
                       "更新してください")


def _free_name_beside(path: Path, what: str) -> Path:
    """A name beside the file ``path`` for it as ``what`` now, taken by no file nor sqlite journal:
    ``ledger.WHAT-20261206-011700.sqlite`` (``-2``, ``-3``... where that, or its ``-journal``, ``-wal`` or
    ``-shm``, is taken). ``what``: ``before-upgrade`` (:func:`_keep_copy`), ``damaged`` (:func:`move_aside`)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        target = path.with_name(f"{path.stem}.{what}-{stamp}{'' if n == 1 else f'-{n}'}{path.suffix}")
        if not any(os.path.lexists(f"{target}{side}") for side in ("", "-journal", "-wal", "-shm")):
            return target
        n += 1


def _keep_copy(path: Path) -> Path:
    """Copy the ledger file ``path`` whole beside itself before its layout is changed (:meth:`Ledger._upgrade`):
    ``ledger.before-upgrade-20261206-011700.sqlite`` (``-2``, ``-3``... where that is taken), with the permissions
    of the file; the copy, one file. ``_OldReadOnly`` where its folder cannot be written, ``LedgerError`` naming the
    problem in both languages where the copy cannot be made for another reason; no part of a copy left behind."""
    target = _free_name_beside(path, "before-upgrade")
    try:
        _copy_file(path, target)
        os.chmod(target, stat.S_IMODE(os.stat(path).st_mode))
    except (OSError, sqlite3.Error) as exc:
        _remove_copy(target)
        if isinstance(exc, PermissionError) or is_read_only(exc) or not os.access(path.parent, os.W_OK | os.X_OK):
            raise _OldReadOnly() from None
        why, why_ja = sqlite_reason(exc, target)
        raise LedgerError(f"ledger file {path} was written by an earlier version of tilelens and is to be upgraded "
                          f"for this one, but a copy of it as it is could not be kept beside it first ({target.name}: "
                          f"{why}): nothing was changed; free some space on the disk and open it again",
                          f"成績表のファイル {path} は以前の版の tilelens で書かれたもので、この版に合わせて更新する前に、"
                          f"いまのままのコピーをそばに残せませんでした ({target.name}: {why_ja})。何も変更していません。"
                          "ディスクの空きを作ってから開き直してください") from None
    return target


def _copy_file(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` into the new file ``target`` whole: by sqlite's backup, which reads what a
    write-ahead log (``-wal``) holds not yet checkpointed into the file as well, through a connection of its own (a
    connection holding the write lock cannot be read from by a backup); the copy in one file, no log beside it."""
    with closing(sqlite3.connect(source, timeout=Ledger.timeout_s)) as src, closing(sqlite3.connect(target)) as dest:
        src.backup(dest)
        dest.execute("PRAGMA journal_mode = DELETE")


def _remove_copy(target: Path) -> None:
    """Remove the copy ``target`` of an upgrade not made, its journal files too (nothing of it left behind)."""
    for side in ("", "-journal", "-wal", "-shm"):
        try:
            os.remove(f"{target}{side}")
        except OSError:
            pass


def _upgrade_of(row: tuple, path: Path) -> Upgrade:
    """An :class:`Upgrade` from its stored row ``(rowid, done, changes, copy)``; the copy beside ``path`` (the file
    and its copy moved together are found together), by its name alone."""
    rowid, done, changes, copy = row
    listed = _stored(changes)
    listed = tuple(str(c) for c in listed) if isinstance(listed, list) else ()
    return Upgrade(int(rowid), float(done) if isinstance(done, (int, float)) else 0.0, listed,
                   path.with_name(Path(str(copy)).name))


def _count_and_last(db: sqlite3.Connection, match_id: int) -> tuple[int, str | None]:
    """How many hands the match has in the file, and the id of the last one (None for none)."""
    return db.execute("SELECT COUNT(*), (SELECT COALESCE(uid, '') FROM hands WHERE match_id = ? ORDER BY seq DESC "
                      "LIMIT 1) FROM hands WHERE match_id = ?", (match_id, match_id)).fetchone()


def _last_of(hands: Sequence[HandRecord]) -> tuple[int, str | None]:
    """``_count_and_last`` of hands read."""
    return len(hands), hands[-1].id if hands else None


def _check_unchanged(match_id: int, seen: int | None, seen_last: str | None, now: int, now_last: str | None) -> None:
    """Refuse an entry made for a table of ``seen`` hands whose last one was ``seen_last`` (None: not said)
    when the match has ``now`` hands, the last ``now_last``."""
    if (seen is not None and now != seen) or (seen_last is not None and now_last != seen_last):
        raise LedgerChangedError(match_id, seen, now)


def _check_payments(seats: range, payer_or_payee: Any, payments: Any, riichi: Sequence[int] = (),
                    match: Match | None = None, chombo: bool = False) -> None:
    """The seats and amounts of a hand's ``payments``, all paid to (or, of a ``chombo``, by) one seat; a seat
    among its own payments named as the table knows it (``match``'s player and seat counted from 1)."""
    if not isinstance(payments, Mapping):
        raise LedgerError(f"payments must map each paying seat to what it pays, got {payments!r}")
    _check_seats(seats, [payer_or_payee, *payments, *riichi])
    if payer_or_payee in payments:
        seat = int(payer_or_payee)
        who = _seat_namer(match)(seat) if match is not None else f"the player in seat {seat + 1}"
        who_ja = _seat_namer(match, "ja")(seat) if match is not None else f"席 {seat + 1} の人"
        if chombo:
            raise LedgerError(f"{who} made the chombo, so cannot also be paid for it: the payments go to the "
                              "other players", f"{who_ja}はチョンボをした人なので、受け取る側には入れません "
                              "(ほかの人に払います)")
        raise LedgerError(f"{who} won this hand, so cannot also pay it: the payments come from the other players",
                          f"{who_ja}はこの局で上がった人なので、払う側には入れません (ほかの人が払います)")
    if any(not _whole(a) for a in payments.values()):
        raise LedgerError(f"payments must be whole numbers of points, got {dict(payments)}")
    if any(int(a) < 0 for a in payments.values()):
        raise LedgerError(f"payments must not be negative, got {dict(payments)}")


def _pao_checked(match: Match, seats: range, winner: int, win_kind: str, payments: Mapping[int, int],
                 pao: Any) -> dict[int, int]:
    """A won hand's ``payments`` with a liability payment (pao, 責任払い) by the seat ``pao``, checked and in the order
    the ledger stores them: a ron's discarder first, then ``pao`` (a ron ``pao`` dealt in: it alone); a tsumo's as
    given, ``pao`` among them (alone, or with every other seat where the hand has another yakuman besides)."""
    _check_seats(seats, [pao])
    pao = int(pao)
    name, name_ja = _seat_namer(match), _seat_namer(match, "ja")
    paid = {int(s): int(a) for s, a in payments.items()}
    if pao == winner:
        raise LedgerError(f"{name(pao)} won this hand, so cannot be liable for it (pao): the liable player is the one "
                          "who fed the winner's last dragon or wind",
                          f"{name_ja(pao)}はこの局で上がった人なので、包 (責任払い) にはなりません。包は上がった人に"
                          "最後の三元牌か風牌を鳴かせた人です")
    if pao not in paid:
        raise LedgerError(f"pao: {name(pao)} is liable for this hand, so pays it, but is not among its payments "
                          f"(paid by {', '.join(match.players[s] for s in sorted(paid))})",
                          f"包 (責任払い): {name_ja(pao)}が責任を負うので払う側ですが、支払いに入っていません "
                          f"(払う人: {'、'.join(match.players[s] for s in sorted(paid))})")
    if win_kind == "ron":
        if len(paid) > 2:
            raise LedgerError(f"a ron with pao is paid by the discarder and the liable player alone, got payments "
                              f"from seats {sorted(paid)}",
                              f"包 (責任払い) のあるロンは、放銃者と包の人だけが払います (支払いは席 "
                              f"{sorted(paid)})")
        discarder = next((s for s in paid if s != pao), pao)
        return {discarder: paid[discarder], **({pao: paid[pao]} if discarder != pao else {})}
    others = set(seats) - {winner}
    if set(paid) not in ({pao}, others):
        raise LedgerError(f"a tsumo with pao is paid by the liable player alone ({name(pao)}; with another yakuman "
                          f"besides, by every other seat), got payments from seats {sorted(paid)}",
                          f"包 (責任払い) のあるツモは包の人 ({name_ja(pao)}) だけが払います (ほかの役満もあれば"
                          f"ほかの全員も払います)。支払いは席 {sorted(paid)}")
    return paid


def _tables_gone(exc: sqlite3.OperationalError) -> bool:
    """sqlite's error of a query on a file without the ledger's tables, or with an earlier version's."""
    return str(exc).startswith(("no such table:", "no such column:"))


def _busy(exc: Exception) -> bool:
    """sqlite's error of a file another connection holds locked."""
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def is_read_only(exc: Exception) -> bool:
    """sqlite's error of a file (or folder) that cannot be written."""
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_READONLY", "SQLITE_PERM"))


def _cut_short(exc: BaseException) -> bool:
    """sqlite's error of a read-only open of a file beside a hot journal: a write killed part way
    (SQLITE_READONLY_ROLLBACK, which sqlite says as "attempt to write a readonly database")."""
    return getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_ROLLBACK"


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the ledger file ``path``, its first read done. A write killed part way leaves a
    hot journal beside the file, which sqlite rolls back only in a read-write open (a read-only one is refused,
    "readonly", though nothing is): where the file and its folder can be written it is opened read-write once, which
    rolls the cut write back (the file as it was before that write: no saved hand changes), then read-only again;
    else :func:`_cut_short_error`. sqlite's other errors are raised as they are (the caller says them)."""
    if refused := _not_a_file(path):  # a named pipe opened to read waits for a writer for ever
        raise refused
    uri = f"{path.resolve().as_uri()}?mode=ro"
    db = sqlite3.connect(uri, uri=True, timeout=Ledger.timeout_s)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.DatabaseError as exc:
        db.close()
        if not _cut_short(exc):
            raise
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)):
        raise _cut_short_error(path)
    try:
        with closing(sqlite3.connect(path, timeout=Ledger.timeout_s)) as rolled:  # rolls the hot journal back
            rolled.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        if _busy(exc):  # another program writing it now: said as busy by the caller
            raise
        raise _cut_short_error(path) from None
    return sqlite3.connect(uri, uri=True, timeout=Ledger.timeout_s)


def _cut_short_error(path: Path) -> LedgerError:
    """A ledger file whose last write was cut short (a hot journal beside it) that cannot be put back as it was
    here (its folder cannot be written): nothing saved is lost, and how to finish it, in both languages."""
    return LedgerError(f"ledger file {path}: a write to it was cut short (the program writing it was stopped part "
                       f"way), and it cannot be put back as it was from here (its folder {path.parent} cannot be "
                       "written): nothing saved is lost; open the app's Ledger page once (it puts the file back), "
                       "or make the folder writable and run the same command again",
                       f"成績表のファイル {path} への書き込みが途中で止まりました (書き込んでいたプログラムが途中で終了"
                       f"しました)。フォルダ {path.parent} に書き込めないため、ここでは元に戻せません。保存済みの記録は"
                       "失われていません。アプリの成績表のページを一度開くか (ファイルを元に戻します)、フォルダを"
                       "書き込めるようにしてから同じコマンドをもう一度実行してください")


def _file_error(path: Path, exc: sqlite3.DatabaseError, writing: bool) -> LedgerError:
    """sqlite's error on the ledger file in one line naming the problem, in both languages."""
    kept = ": nothing was changed" if writing else ""
    kept_ja = "何も変更していません。" if writing else ""
    if no_ledger := _no_ledger_file(path, exc):
        return no_ledger
    if _busy(exc):
        return LedgerError(f"ledger file {path} is busy (another program is writing to it){kept}; try again in a moment",
                           f"成績表のファイル {path} は使用中です (ほかのプログラムが書き込んでいます)。{kept_ja}"
                           "少し待ってからやり直してください")
    if writing and is_read_only(exc):
        return read_only_error(path)
    why, why_ja = sqlite_reason(exc, path)
    if writing:
        return LedgerError(f"ledger file {path} cannot be written: {why}{kept}",
                           f"成績表のファイル {path} に書き込めません: {why_ja}。{kept_ja}")
    return LedgerError(f"ledger file {path} cannot be read: {why}", f"成績表のファイル {path} を読めません: {why_ja}")


def _not_a_file(path: Path) -> LedgerError | None:
    """The ledger file ``path`` refused before sqlite opens it where it is a named pipe, a device or a socket
    (:func:`not_a_file_said`): the command line and the app's page say it alike."""
    if said := not_a_file_said(path):
        return LedgerError(f"ledger file {path} {said[0]}; name the ledger file itself",
                           f"成績表のファイル {path} {said[1]}。成績表のファイルそのものを指定してください")
    return None


def _cannot_open(path: Path, exc: BaseException) -> LedgerError:
    """A ledger file that cannot be opened, sqlite's reason in plain words in both languages."""
    why, why_ja = sqlite_reason(exc, path)
    return LedgerError(f"ledger file {path} cannot be opened: {why}", f"成績表のファイル {path} を開けません: {why_ja}")


# sqlite's errors met on a ledger file, by their name (``sqlite_errorname``; an extended name starts with it) and by
# their words (an error that came without its name), said in plain words in English and Japanese: its own words
# ("unable to open database file") were said raw, on the Japanese screen too.
_SQLITE_REASONS: list[tuple[str, str, str, str]] = [
    ("SQLITE_BUSY", "database is locked", "another program is using it; try again in a moment",
     "ほかのプログラムが使用中です。少し待ってからやり直してください"),
    ("SQLITE_LOCKED", "database table is locked", "another program is using it; try again in a moment",
     "ほかのプログラムが使用中です。少し待ってからやり直してください"),
    ("SQLITE_NOTADB", "file is not a database", "it is not a ledger file (not a database)",
     "成績表のファイルではありません (データベースではありません)"),
    ("SQLITE_CORRUPT", "database disk image is malformed", "it is damaged", "壊れています"),
    ("SQLITE_FULL", "database or disk is full", "the disk is full", "ディスクがいっぱいです"),
    ("SQLITE_IOERR", "disk I/O error", "the disk could not be read or written (a disk error, or the file was "
     "removed while in use)", "ディスクを読み書きできませんでした (ディスクのエラーか、使用中にファイルが消されました)"),
    ("SQLITE_READONLY", "attempt to write a readonly database", "it is read-only", "読み取り専用です"),
    ("SQLITE_PERM", "access permission denied", "no permission", "権限がありません"),
    ("SQLITE_NOMEM", "out of memory", "not enough memory", "メモリが足りません"),
]


def sqlite_reason(exc: BaseException, path: Path | None = None) -> tuple[str, str]:
    """Why sqlite refused the ledger file, in plain words: (English, Japanese). "unable to open database file"
    said as what it is where it can be told (the file not readable by this user); another error as sqlite said it.

    >>> exc = sqlite3.OperationalError("disk I/O error")
    >>> sqlite_reason(exc)[1]
    'ディスクを読み書きできませんでした (ディスクのエラーか、使用中にファイルが消されました)'
    """
    name, words = getattr(exc, "sqlite_errorname", "") or "", str(exc)
    if name.startswith("SQLITE_CANTOPEN") or words == "unable to open database file":
        if path is not None and path.exists() and not os.access(path, os.R_OK):
            return "you have no permission to read it", "読む権限がありません"
        if path is not None and not os.access(path.parent if str(path.parent) else Path("."), os.R_OK | os.X_OK):
            return (f"you have no permission to open its folder {path.parent}",
                    f"フォルダ {path.parent} を開く権限がありません")
        return ("the system refused to open it (no permission, or a file of another kind)",
                "システムがファイルを開けませんでした (権限がないか、別の種類のファイルです)")
    for known, known_words, en, ja in _SQLITE_REASONS:
        if name.startswith(known) if name else words == known_words:
            return en, ja
    if isinstance(exc, OSError):  # the system's reason, in Japanese as the command line says it (「権限がありません」)
        from tilelens.cli import os_problem

        bare = OSError(exc.errno, exc.strerror) if exc.errno and exc.strerror else exc  # the file named by the caller
        return os_problem(bare, "en"), os_problem(bare, "ja")
    return words, words


class _OldReadOnly(Exception):
    """An earlier version's ledger file that cannot be brought up to date (read-only): read as it is."""


def read_only_error(path: Path, old: bool = False) -> LedgerError:
    """A ledger file that cannot be written, with what to do (``old``: an earlier version's file, which is brought
    up to date when it can be written)."""
    if old:
        why, why_ja = ("was written by an earlier version and cannot be updated (the file or its folder is "
                       "read-only)", "は以前の版で書かれたもので、更新できません (ファイルかフォルダが読み取り専用です)")
    else:
        why, why_ja = ("cannot be written (the file or its folder is read-only)",
                       "に書き込めません (ファイルかフォルダが読み取り専用です)")
    return LedgerError(f"ledger file {path} {why}: nothing was changed, and its matches can still be viewed; to "
                       "record hands, make the file and its folder writable, or copy the file to a folder you can "
                       "write to and set TILELENS_LEDGER to the copy",
                       f"成績表のファイル {path} {why_ja}。何も変更していません (対局は見られます)。局を記録するには、"
                       "ファイルとフォルダを書き込めるようにするか、書き込めるフォルダにファイルをコピーして "
                       "TILELENS_LEDGER にそのコピーを指定してください")


def _cannot_make(path: Path, exc: BaseException) -> LedgerError | None:
    """A ledger file that cannot be made, in plain words in both languages (sqlite's "unable to open database file"
    was said raw, on the Japanese screen too): its folder cannot be made, or the file cannot be made in it (the
    folder read-only). None for a file that is there (another error says itself)."""
    if isinstance(exc, OSError) and (blocker := file_in_the_way(path)):  # a file where a folder must be
        return _blocked(path, blocker)
    if isinstance(exc, OSError):  # the folder itself cannot be made (no rights)
        folder = Path(exc.filename) if exc.filename else path.parent
        return LedgerError(f"ledger file {path} cannot be made: its folder {folder} cannot be made "
                           f"({exc.strerror or exc}): nothing was changed",
                           f"成績表のファイル {path} を作れません。フォルダ {folder} を作れません ({exc.strerror or exc})。"
                           "何も変更していません。")
    if path.exists() or not getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY",
                                                                           "SQLITE_PERM")):
        return None
    return LedgerError(f"ledger file {path} cannot be made: its folder {path.parent} cannot be written (it is "
                       "read-only): nothing was changed",
                       f"成績表のファイル {path} を作れません。フォルダ {path.parent} に書き込めません (読み取り専用です)。"
                       "何も変更していません。")


def _blocked(path: Path, blocker: Path, reading: bool = False) -> LedgerError:
    """A ledger file whose folder cannot be made: a file is where one of its folders must be. The home (or a folder
    above it) said as TILELENS_HOME, the thing to fix, where it is what names the place (not TILELENS_LEDGER).
    ``reading``: only read (`tilelens ledger list`): said as no ledger there to read, not as one that cannot be made."""
    from tilelens.home import home_in_the_way

    home = None if named_by(path) else home_in_the_way(blocker)
    if home is not None and reading:
        return LedgerError(f"{home[0]}; there is no ledger there to read ({path}): set TILELENS_HOME to a folder, or "
                           "name a ledger file (TILELENS_LEDGER, or --db)",
                           f"{home[1]}。そこに読める成績表はありません ({path})。TILELENS_HOME にフォルダを指定するか、"
                           "成績表のファイルを指定してください (TILELENS_LEDGER か --db)")
    if home is not None:
        return LedgerError(f"{home[0]}; the ledger file {path} cannot be made there; nothing was changed: set "
                           "TILELENS_HOME to a folder, or name another place for the ledger (TILELENS_LEDGER)",
                           f"{home[1]}。成績表のファイル {path} をそこに作れません。何も変更していません。TILELENS_HOME "
                           "にフォルダを指定するか、成績表に別の場所を指定してください (TILELENS_LEDGER)")
    if reading:
        return LedgerError(f"ledger file {path} cannot be read: {blocker} is a file, not a folder, so there is no "
                           "ledger there: name another place for the ledger (TILELENS_LEDGER)",
                           f"成績表のファイル {path} を読めません。{blocker} はファイルで、フォルダではないため、そこに"
                           "成績表はありません。成績表には別の場所を指定してください (TILELENS_LEDGER)")
    return LedgerError(f"ledger file {path} cannot be made: {blocker} is a file, not a folder; nothing was changed: "
                       "name another place for the ledger (TILELENS_LEDGER)",
                       f"成績表のファイル {path} を作れません。{blocker} はファイルで、フォルダではありません。何も"
                       "変更していません。成績表には別の場所を指定してください (TILELENS_LEDGER)")


def named_by(path: Path) -> str | None:
    """``TILELENS_LEDGER`` where that is what names the ledger file ``path``; None otherwise."""
    env = os.environ.get("TILELENS_LEDGER")
    if env and os.path.abspath(os.path.expanduser(env)) == os.path.abspath(path):
        return "TILELENS_LEDGER"
    return None


def _folder_error(path: Path, source: str | None = None) -> LedgerError:
    """A folder named as the ledger file, said in one sentence with the file to name instead (the ledger.sqlite
    in it, where there is one): never a ledger to move aside (the folder is the person's)."""
    inside = path / "ledger.sqlite"
    source = source or named_by(path)
    if inside.is_file():
        fix, fix_ja = f"set it to {inside}", f"{inside} を指定してください"
    else:
        fix, fix_ja = f"set it to a file, such as {inside}", f"{inside} のようなファイルを指定してください"
    if source is None:  # the app's own place ($TILELENS_HOME/ledger.sqlite) is a folder
        return LedgerError(f"the ledger file {path} is a folder: move that folder, or set TILELENS_LEDGER to a file, "
                           f"such as {inside}",
                           f"成績表のファイルの場所 {path} はフォルダです。そのフォルダを移すか、TILELENS_LEDGER に"
                           f" {inside} のようなファイルを指定してください")
    if source == "--db":
        fix, fix_ja = fix.replace("set it to", "name"), fix_ja
    return LedgerError(f"{source} names a folder ({path}), not a ledger file: {fix}",
                       f"{source} がフォルダ {path} を指しています。成績表のファイルではありません。{fix_ja}")


# The ledger's tables and the columns of them it reads (``_SCHEMA``; a file before hands had ids has no ``uid``).
_LEDGER_COLUMNS = {"matches": {"id", "game_id", "players", "rules", "created"},
                   "hands": {"match_id", "seq", "kind", "winner", "win_kind", "payments", "riichi", "tenpai", "note",
                             "created"}}


def _ledger_or_new(db: sqlite3.Connection) -> bool:
    """Whether the database of ``db`` is a ledger (its tables, with the columns the ledger reads; other tables
    beside them are kept), or one the ledger may make its tables in: no tables at all (a new or emptied file), or
    the ledger's alone (one made part way). False for another program's database (other tables, not the
    ledger's), which ``Ledger`` would otherwise add its tables to. The record of its upgrades (``UPGRADES_TABLE``)
    and of the matches deleted and hands undone in it (``DELETED_TABLE``, ``UNDONE_TABLE``) are the ledger's own."""
    own = {UPGRADES_TABLE, DELETED_TABLE, UNDONE_TABLE, RESTORED_TABLE, NAMED_THERE_TABLE, LEARNT_TABLE}
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                                          "AND name NOT LIKE 'sqlite^_%' ESCAPE '^'")} - own
    ours = names & set(_LEDGER_COLUMNS)
    if any(not _LEDGER_COLUMNS[name] <= table_columns(db, name) for name in ours):
        return False  # a table of the ledger's name that is not the ledger's
    return ours == set(_LEDGER_COLUMNS) or names == ours


def _other_database(path: Path) -> LedgerError:
    """Another program's database named as the ledger file, in both languages, with the way forward (not
    :func:`move_aside`: the other program would lose its file)."""
    return LedgerError(f"{path} is not a ledger file: it is another program's database (it has other tables, not "
                       "the ledger's table of matches and hands). Nothing in it was changed: name another file for "
                       "the ledger (TILELENS_LEDGER; `tilelens ledger --db`)",
                       f"{path} は成績表のファイルではありません。ほかのプログラムのデータベースです (対局と局の表がなく、"
                       "ほかの表があります)。中身は何も変更していません。成績表には別のファイルを指定してください "
                       "(TILELENS_LEDGER、`tilelens ledger --db`)")


def _no_ledger_file(path: Path, exc: BaseException | None, source: str | None = None) -> LedgerError | None:
    """A ledger file that is no ledger in plain words, in both languages, with the way forward (sqlite's "file is
    not a database", "database disk image is malformed" and "unable to open database file" are no words for the
    person at the table): a folder in its place, a file damaged or of another kind. None for any other error (a
    file busy or read-only says so itself)."""
    if path.is_dir():  # no ledger file of the person's to rename: a folder named where a file must be
        return _folder_error(path, source)
    if getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
        what = f"ledger file {path} cannot be opened: it is damaged, or it is not a ledger file"
        what_ja = f"成績表のファイル {path} を開けません。壊れているか、成績表のファイルではありません"
    else:
        return None
    # one wording wherever it is found (a file cut short is refused on opening, bytes damaged in the middle on the
    # first read of them), with both ways out: the command line's (rename it) and the page's (its button)
    forward = ("; nothing in it was changed; if it is your ledger file, keep it under another name and a new ledger "
               "starts in its place: rename it, or press the button on the app's ledger page that does")
    forward_ja = ("。中身は何も変更していません。使っていた成績表のファイルなら、名前を変えて残すと、そこで新しい"
                  "成績表を始められます。ファイルの名前を変えるか、アプリの成績表のページのボタンで名前を変えてください")
    return LedgerFileError(what + forward, what_ja + forward_ja, path)


def file_mark(path: str | Path) -> str | None:
    """What tells the file (or folder) at ``path`` from another put there since: its device and inode, size, time
    of its last change and a hash of its first bytes. None where there is none. A screen that says a file is no
    ledger takes its mark, and its button moves that file only (:func:`move_aside`'s ``expected``)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    head = b""
    if stat.S_ISREG(info.st_mode):
        try:
            with open(path, "rb") as file:
                head = file.read(64 * 1024)
        except OSError:
            pass
    digest = hashlib.sha256(head).hexdigest()[:16]
    return f"{info.st_dev}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:{digest}"


def _working_ledger(path: Path) -> bool:
    """Whether ``path`` is a ledger that opens whole (its tables there, sqlite's integrity check passed), read
    without writing anything: never moved aside. False for a file damaged, of another kind, or a folder."""
    if not path.is_file() or path.is_symlink():
        return False
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=Ledger.timeout_s)) as db:
            names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not set(_LEDGER_COLUMNS) <= names or \
                    any(not columns <= table_columns(db, name) for name, columns in _LEDGER_COLUMNS.items()):
                return False
            return db.execute("PRAGMA integrity_check(1)").fetchall() == [("ok",)]
    except sqlite3.DatabaseError:
        return False


def move_aside(path: str | Path, expected: str | None = None) -> Path:
    """Rename the ledger file ``path`` that is no ledger (:class:`LedgerFileError`: damaged, another kind of file,
    a folder) beside itself with the time in its name (``ledger.damaged-20261205-113000.sqlite``; ``-2``, ``-3``...
    where that is taken), sqlite's journal files beside it too: nothing is deleted, and a new ledger starts at
    ``path`` when it is next opened. The name it has now; ``LedgerError`` naming the problem where it cannot.
    ``expected``: the :func:`file_mark` of the file the caller was shown (a screen's button): another file at
    ``path`` by now (the new ledger another phone started after moving that one aside) is refused, nothing moved.
    A ledger that opens is never moved aside.

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "ledger.sqlite"
    >>> _ = p.write_bytes(b"junk")
    >>> moved = move_aside(p)
    >>> moved.name.startswith("ledger.damaged-"), moved.read_bytes(), p.exists()
    (True, b'junk', False)
    """
    path = Path(path)
    if not os.path.lexists(path):
        raise LedgerError(f"there is no file at {path} to move aside (it may have been moved already)",
                          f"{path} にファイルがありません (すでに名前が変えられたのかもしれません)")
    if path.is_dir() and not path.is_symlink():  # the person's folder, named where a file must be: never renamed
        raise _folder_error(path)
    other = expected is not None and file_mark(path) != expected
    if _working_ledger(path):
        if other:
            raise LedgerError(f"the file that was shown at {path} was moved already: the ledger there now is a working "
                              "one, and nothing was moved",
                              f"表示していたファイルはすでに名前が変えられています。いま {path} にあるのは使える"
                              "成績表です。何も動かしていません")
        raise LedgerError(f"{path} is a working ledger: nothing was moved (only a file that is no ledger is moved "
                          "aside)", f"{path} は使える成績表です。何も動かしていません (名前を変えるのは成績表のファイル"
                          "として開けないファイルだけです)")
    if other:
        raise LedgerError(f"the file at {path} is not the one that was shown (another file was put there since): "
                          "nothing was moved; look at what the page says about the file there now",
                          f"{path} のファイルは表示していたものではありません (その後に別のファイルが置かれました)。"
                          "何も動かしていません。いまのファイルについての表示を確かめてください")
    target = _free_name_beside(path, "damaged")
    try:
        path.rename(target)
        for side in ("-journal", "-wal", "-shm"):  # a journal left beside a new file would be applied to it
            if os.path.lexists(f"{path}{side}"):
                os.rename(f"{path}{side}", f"{target}{side}")
    except OSError as exc:
        raise LedgerError(f"{path} cannot be renamed to {target.name}: {exc.strerror or exc}",
                          f"{path} の名前を {target.name} に変えられません: {exc.strerror or exc}") from None
    _TABLES_MADE.discard(os.path.abspath(path))
    return target


def _discard_start(hands: Sequence[HandRecord]) -> int:
    """Index of the last hand that is not another winner on the discard before it (-1 for none)."""
    first = len(hands) - 1 - ended_early(hands)  # a match ended early: its last hand's, the end no hand
    while first > 0 and hands[first].win_kind == SAME_DISCARD:
        first -= 1
    return first


def last_hand_start(hands: Sequence[HandRecord]) -> int:
    """Index of the first entry of the last hand played (every winner on one discard is an entry of that hand; 0
    without hands): ``TableState.history[last_hand_start(hands)]`` holds the totals before it."""
    return max(_discard_start(hands), 0)


def last_discarder(hands: Sequence[HandRecord]) -> int | None:
    """The seat that paid the last hand's first entry: a ron's discarder (stored first; every further winner on that
    discard is paid by it too: ``Ledger._check_same_discard``); None without hands."""
    return next(iter(hands[last_hand_start(hands)].payments), None) if hands else None


def may_also_win_on_last_discard(hands: Sequence[HandRecord], seat: int | None) -> bool:
    """Whether ``seat`` may be another winner on the last hand's discard, as the hands tell: it is not that discard's
    discarder (:func:`last_discarder`), nor a winner already entered on it.

    >>> ron = HandRecord(0, HandKind.WIN, 1, "ron", {3: 8000})
    >>> [may_also_win_on_last_discard([ron], seat) for seat in (0, 1, 3)]
    [True, False, False]
    >>> may_also_win_on_last_discard([ron, HandRecord(1, HandKind.WIN, 0, SAME_DISCARD, {3: 1000})], 0)
    False
    """
    start = last_hand_start(hands)
    return seat != last_discarder(hands) and seat not in {h.winner for h in hands[start:]}


class OneRonChoice(StrEnum):
    """What "the same discard" does where only one player wins on it (:func:`one_winner_on_discard`)."""

    REPLACE = "replace"  # the new winner is the one kept: it takes the earlier ron's place
    KEEP = "keep"        # the earlier ron's winner is the one kept: nothing is added


@dataclass(frozen=True)
class OneRonOnDiscard:
    """A ron about to be added right after a ron off the same discarder, at a table where one player wins on one
    discard: ``hand_id`` and ``number`` (as the ledger page says it) of the earlier ron; ``kept``: the seat the rules
    keep (the nearest clockwise from the discarder), None where the table settles which ("one-winner")."""

    hand_id: str
    number: int
    kept: int | None
    choice: OneRonChoice


def one_winner_on_discard(hands: Sequence[HandRecord], winner: int | None, discarder: int | None, players: int,
                          ways: Iterable[str], several_ron: bool = False) -> OneRonOnDiscard | None:
    """Whether a ron of ``winner`` off ``discarder`` may be a second winner on the last hand's discard where the
    game lets only one win (``[table] multiple_ron`` ``ways``: "nearest-clockwise", or "one-winner" with the
    match's ``several_ron`` off): then the question to ask and what "the same discard" does, else None (a later
    discard is a new hand). Two phones each recorded one of two rons on one discard, and both were added.

    >>> grandma = HandRecord(0, HandKind.WIN, 3, "ron", {0: 100}, id="h1")  # seat 3 off seat 0
    >>> one_winner_on_discard([grandma], 1, 0, 4, ["nearest-clockwise"])  # seat 1 is nearer: it takes its place
    OneRonOnDiscard(hand_id='h1', number=1, kept=1, choice=<OneRonChoice.REPLACE: 'replace'>)
    >>> mum = HandRecord(0, HandKind.WIN, 1, "ron", {0: 100}, id="h1")  # seat 1 entered first: seat 3 adds nothing
    >>> one_winner_on_discard([mum], 3, 0, 4, ["nearest-clockwise"]).choice
    <OneRonChoice.KEEP: 'keep'>
    >>> one_winner_on_discard([grandma], 1, 2, 4, ["nearest-clockwise"]) is None  # another discarder
    True
    """
    ways = set(ways)
    if several_ron or not ways & {"nearest-clockwise", "one-winner"} or not hands:  # several may win: a double ron
        return None
    last = hands[-1]
    if winner is None or discarder is None or winner == discarder or last.kind is not HandKind.WIN \
            or last.win_kind != "ron" or last.winner in (None, winner) or next(iter(last.payments), None) != discarder:
        return None
    number = hand_numbers(hands)[-1]
    if "nearest-clockwise" not in ways:
        return OneRonOnDiscard(last.id, number, None, OneRonChoice.REPLACE)
    kept = nearest((last.winner, winner), discarder, players)
    return OneRonOnDiscard(last.id, number, kept, OneRonChoice.REPLACE if kept == winner else OneRonChoice.KEEP)


def _one_ron_refused(match: Match, winner: int, payments: Mapping[int, int], hands: Sequence[HandRecord],
                     who: str) -> LedgerError:
    """A further ron on the last ron's discard refused where ``match``'s rules let one player win on it, saying who
    wins where its game says (``[table] multiple_ron`` "nearest-clockwise", RULES.md 003): the nearest clockwise
    from the discarder, and whether the ron entered is theirs, else to undo it (a table that entered the farther
    winner first). ``who``: the discarder in the game's Japanese (放銃者, 捨てた人)."""
    en, ja = "this match's rules let only one player ron a discard", "この対局のルールでは、1つの捨て牌でロンできるのは1人だけです"
    try:
        ways = multiple_ron_ways(_game(match.game_id))
    except Exception:  # noqa: BLE001 - a game no longer loadable: refused all the same, in the words before
        ways = ()
    discarder = next(iter(payments), None)
    one = one_winner_on_discard(hands, winner, discarder, len(match.players), ways)
    if one is None or one.kept is None or discarder is None:
        if "nearest-clockwise" in ways:
            return LedgerError(f"{en}: the nearest clockwise from the discarder wins",
                               f"{ja}。上がるのは{who}から時計回りで近い人です")
        if "one-winner" in ways:
            return LedgerError(f"{en} (the table settles which)", f"{ja} (卓で決めます)")
        return LedgerError(en, ja)
    name, name_ja = _seat_namer(match), _seat_namer(match, "ja")
    first, kept, n = hands[-1].winner, one.kept, one.number
    en += f": the nearest clockwise from {name(discarder)} wins: {name(kept)}"
    ja += f"。上がるのは{name_ja(discarder)}から時計回りで近い{name_ja(kept)}です"
    if kept == first:
        return LedgerError(f"{en}, entered as hand {n} (the ron of {name(winner)} is not added)",
                           f"{ja} ({n}局目として記録済みです。{name_ja(winner)}のロンは記録しません)")
    return LedgerError(f"{en}, not {name(first)}, entered as hand {n}: undo hand {n} on the ledger page and enter "
                       f"the ron of {name(kept)}",
                       f"{ja}。{n}局目は{name_ja(first)}の上がりで記録されているので、成績表のページで{n}局目を取り消して"
                       f"{name_ja(kept)}のロンを記録してください")


def multiple_ron_ways(game: Any) -> tuple[str, ...]:
    """The ways ``game``'s ``[table] multiple_ron`` lists for several ron on one discard (``MULTIPLE_RON``; checked by
    :func:`check_table`), () where it sets none or is not a list.

    >>> from types import SimpleNamespace
    >>> multiple_ron_ways(SimpleNamespace(rules={"table": {"multiple_ron": ["nearest-clockwise"]}}))
    ('nearest-clockwise',)
    >>> multiple_ron_ways(SimpleNamespace(rules={"table": {"multiple_ron": 3}})), multiple_ron_ways("nogizaka")
    ((), ())
    """
    rules = getattr(game, "rules", None)
    table = rules.get("table", {}) if hasattr(rules, "get") else {}
    ways = table.get("multiple_ron") if hasattr(table, "get") else None
    return tuple(w for w in ways if isinstance(w, str)) if isinstance(ways, (list, tuple)) else ()


def one_ron_possible(match: Match, hands: Sequence[HandRecord], ways: Iterable[str]) -> bool:
    """Whether a ron added now may be a second winner on the last hand's discard, a ron, at a table where only one
    player wins on one discard (:func:`one_winner_on_discard` for some winner off that ron's discarder,
    :func:`last_discarder`), known before the winner and discarder are chosen.

    >>> m = Match(1, "tokyo-mahjong", ("A", "B", "C", "D"), TableRules(), 0.0)
    >>> ron = HandRecord(0, HandKind.WIN, 3, "ron", {0: 100}, id="h1")
    >>> one_ron_possible(m, [ron], ["nearest-clockwise"]), one_ron_possible(m, [ron], ["each-in-full"])
    (True, False)
    >>> one_ron_possible(m, [HandRecord(0, HandKind.WIN, 3, "tsumo", {0: 100, 1: 100, 2: 100})], ["one-winner"])
    False
    """
    ways = tuple(ways)
    discarder = last_discarder(hands)
    return any(one_winner_on_discard(hands, seat, discarder, len(match.players), ways, match.rules.several_ron)
               is not None for seat in range(len(match.players)))


def riichi_joined(hand: HandRecord, seats: Iterable[int]) -> HandRecord:
    """``hand`` with the riichi of ``seats`` joined to its own, each seat once, in seat order: the riichi declared on
    its discard by a winner not added there (``Ledger.join_riichi``).

    >>> riichi_joined(HandRecord(0, HandKind.WIN, 1, "ron", {0: 100}, riichi=(1,)), [3, 1]).riichi
    (1, 3)
    """
    joined = tuple(sorted(set(hand.riichi) | set(seats)))
    return hand if joined == hand.riichi else replace(hand, riichi=joined)


def _before_discard(match: Match, hands: Sequence[HandRecord]) -> TableState:
    """The table before the first winner on the last discard was entered."""
    return replay(len(match.players), match.rules, hands[:max(_discard_start(hands), 0)], replay_engine(match))


def _whole(value: Any) -> bool:
    # a plain int first: every seat and amount of every hand read passes here (a list of 300 matches: 18,000 times)
    return type(value) is int or (isinstance(value, numbers.Integral) and not isinstance(value, bool))


def _seat_list(seats: Any, what: str) -> list[int]:
    """``seats`` as a list of seat numbers; ``LedgerError`` naming ``what`` for anything else (a float seat
    was stored and then broke every later reading of the match)."""
    if isinstance(seats, (str, bytes, Mapping)) or not isinstance(seats, Iterable):
        raise LedgerError(f"{what} must list seat numbers, got {seats!r}")
    seats = list(seats)
    bad = [s for s in seats if not _whole(s)]
    if bad:
        raise LedgerError(f"{what} must list seat numbers, got {bad[0]!r}")
    return [int(s) for s in seats]


def _note(note: Any) -> str:
    return "" if note is None else str(note)


def ron_to_share(match: Match, hands: Sequence[HandRecord]) -> HandRecord | None:
    """The last hand of ``hands`` where another winner may share its discard under ``match``'s rules: a ron (the first
    entered on its discard, or a further winner on it) at a table that lets several players ron one discard
    (``TableRules.several_ron``); None otherwise. The score pages offer "Also won on the last ron's discard" only
    then, and only where the ledger takes one more winner there (:func:`discard_takes_another`)."""
    last = hands[-1] if hands else None
    if match.rules.several_ron and last is not None and last.kind is HandKind.WIN \
            and last.win_kind in ("ron", SAME_DISCARD):
        return last
    return None


def discard_takes_another(match: Match, hands: Sequence[HandRecord]) -> bool:
    """Whether the ledger takes one more winner on the last ron's discard (the scoring page offers the box only
    then), asked of its own check (``Ledger._check_same_discard``) with a seat that has not won on it (a riichi
    table takes no third: three rons on one discard are an abortive draw)."""
    start = max(_discard_start(hands), 0)
    payments = hands[start].payments
    taken = {h.winner for h in hands[start:]} | set(payments)
    seat = next((s for s in range(len(match.players)) if s not in taken), None)
    if seat is None:
        return False
    try:
        Ledger._check_same_discard(match, seat, "ron", payments, hands)
    except LedgerError:
        return False
    return True


def payments_key(payments: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    """A hand's payments by seat, as one value that compares equal for the same payments (a set's member)."""
    return tuple(sorted(dict(payments).items()))


def same_win(hands: Sequence[HandRecord], winner: int | None, win_kind: str, priced: Iterable[Mapping[int, int]],
             since: int = 0, own: Collection[str] = (), another: str | None = None,
             price_at: Callable[[int, bool], Mapping[int, int] | None] | None = None) -> HandRecord | None:
    """The hand of ``hands`` (a match's) that may be the hand a screen shows, recorded already on another phone: among
    ``hands[since:]`` (those added since the screen first showed its hand) and the last hand, the newest won by
    ``winner`` the same way (``win_kind``; a ron on a discard shared is a ron) with payments the hand shown was
    ``priced`` at (now, and each time since it was shown: the deal passed by that hand, the winner pays as the dealer
    now), or as it is priced in the deal that hand was played in (``price_at``: by the hand's index and whether it is
    one more winner on its discard, :func:`priced_in_deal`). Not one of ``own`` (the screen added it: it knows), nor
    ``another`` (the player said it is another hand). None for none.

    The ledger keeps no photo: a hand is told by its winner, its kind and its payments. Two phones at one table scored
    the same win, and one tap on the second recorded it twice.

    >>> hands = [HandRecord(0, HandKind.WIN, winner=3, win_kind="tsumo", payments={0: 40, 1: 40, 2: 40}, id="a")]
    >>> same_win(hands, 3, "tsumo", [{2: 40, 1: 40, 0: 40}]).id, same_win(hands, 2, "tsumo", [{0: 40, 1: 40, 3: 40}])
    ('a', None)
    """
    if winner is None or not hands:
        return None
    priced_as = {payments_key(pays) for pays in priced}
    kinds = ("ron", SAME_DISCARD) if win_kind == "ron" else (win_kind,)
    index = {h.id: i for i, h in enumerate(hands)}

    def priced_so(h: HandRecord) -> bool:  # as the hand shown is priced (now, since it was shown, or in h's deal)
        if payments_key(h.payments) in priced_as:
            return True
        then = price_at(index[h.id], h.win_kind == SAME_DISCARD) if price_at is not None else None
        return then is not None and payments_key(then) == payments_key(h.payments)

    return next((h for h in reversed([*hands[since:], hands[-1]]) if h.kind is HandKind.WIN and h.winner == winner
                 and h.win_kind in kinds and h.id not in own and h.id != another and priced_so(h)), None)


def priced_in_deal(game: Any, tiles: Iterable[Any], kwargs: Mapping[str, Any], win_kind: str, match: Match,
                   state: TableState, index: int, winner: int | None, discarder: int | None = None,
                   losers: Sequence[int] = (), pao: int | None = None, further: bool = False
                   ) -> dict[int, int] | None:
    """What each seat of ``match`` would pay for the hand ``tiles`` (scored with ``kwargs``, as a screen prices it in
    the deal ``state`` is in now) had it been played in the deal hand ``index`` was played in (``TableState.deals``;
    ``further``: that hand is one more winner on its discard, priced with no honba): the winner's seat wind, the round
    and the honba of that deal, the liable player (``pao``, a seat) the same; ``losers``: who pays a tsumo's remainder
    (:func:`seat_payments`). None where that is how it is priced now, for a Donjara game (its hands are priced alike
    in every deal), with no winner, or where it cannot be priced so (:func:`same_win` asks it)."""
    if getattr(game, "engine", None) != "riichi" or winner is None or index >= len(state.deals):
        return None
    players = len(match.players)
    dealer, moves, honba = state.deals[index]
    dealt = {**kwargs, "seat": WINDS[(winner - dealer) % players], "round_wind": WINDS[moves // players % 4],
             "honba": 0 if further else honba}
    if pao is not None:
        dealt["pao"] = WINDS[(pao - dealer) % players]
    if dealt == dict(kwargs) and dealer == state.dealer:
        return None  # the hand's price now, which the screen has
    try:
        result = score(game, list(tiles), **dealt)
        return seat_payments(result.payments, winner, dealer, players, win_kind, discarder, losers, pao)
    except TilelensInputError:  # not a win in that deal (a dealer's first-draw win there), or not placed: no such hand
        return None


def newest_match(matches: Sequence[Match]) -> Match | None:
    """The match of ``matches`` started last (by when it started, then by number), None for none. Not the one of the
    highest number: a merge numbers another laptop's matches after ours, an ended one started hours before
    included, and a phone that chose none was shown it as "the newest"."""
    def started(m: Match) -> tuple[float, int]:
        created = m.created if isinstance(m.created, (int, float)) and not isinstance(m.created, bool) else 0.0
        return float(created), m.id

    return max(matches, key=started, default=None)


def match_to_add_to(matches: Sequence[Match], kept: int | None) -> Match | None:
    """The match of ``matches`` (one game's) a score page adds to: the one ``kept`` (chosen on the phone, or taken
    before while it chose none: kept while another phone starts a match), else the newest (:func:`newest_match`,
    which may be another table's: :meth:`Ledger.others_under_way`); None for no match."""
    return next((m for m in matches if m.id == kept), None) or newest_match(matches)


def _player_range(game: Any) -> tuple[int, int]:
    """How many may sit at the game's table: its yaku table's bounds (Donjara; a game named by its id loaded, as
    the app's loaded game is: Nogizaka's four only), else 2-4."""
    if isinstance(game, str):
        try:
            game = _game(game)
        except Exception:  # noqa: BLE001 - an id that does not load: its rules are refused where they are read
            return 2, 4
    if getattr(game, "engine", "") == "riichi":
        return 2, 4
    from scorer.rules import donjara_rules

    win = donjara_rules(game).win
    return win.players_min, win.players_max


def _riichi_game_seats(game: Any) -> int | None:
    """The seats a riichi ``game`` (a ``scorer.Game`` or an id) has for a match's players (``_riichi_seats``: its
    ``[riichi] players``, a table of three with no north seat; :meth:`Ledger.new_match`); None for a Donjara game, or
    one that does not load (refused where it is read)."""
    try:
        loaded = _game(game)
    except Exception:  # noqa: BLE001 - as _player_range: an id that does not load is refused where it is read
        return None
    return _riichi_seats(loaded) if getattr(loaded, "engine", "") == "riichi" else None


def _seat_namer(match: Match, lang: str = "en"):
    """A seat as the players know it: their name and seat number counted from 1, in ``lang`` ("Aki (seat 2)",
    「Aki (席 2)」: a Japanese refusal named the seat in English)."""
    if lang == "ja":
        return lambda seat: f"{match.players[seat]} (席 {seat + 1})"
    return lambda seat: f"{match.players[seat]} (seat {seat + 1})"


def _check_same_discard_honba(match: Match, winner: int, honba: int | None, note: str) -> None:
    """A further winner on one discard is priced with no honba: the first winner entered carries the table's, and
    the ledger moves them to the winner nearest the discarder (``replay``). One priced with some (``honba``, or
    as its ``note`` states them) would charge the discarder for them twice: refused, saying what to score it with."""
    if honba is None:
        stated = _HONBA_SAID.search(_note(note))
        honba = int(stated.group(1) or stated.group(2)) if stated else None
    if not honba or not match.rules.honba:
        return
    name, name_ja = _seat_namer(match)(winner), _seat_namer(match, "ja")(winner)
    raise LedgerError(f"{name}'s ron on the same discard must be scored with honba 0, not honba {honba}: the first "
                      "winner entered on this discard carries the table's honba, which the ledger gives to the winner "
                      "nearest the discarder; score this hand again with honba 0",
                      f"同じ捨て牌での{name_ja}のロンは0本場で採点してください ({honba}本場ではありません)。この捨て牌で"
                      "最初に入力した上がりに場の本場が含まれ、記録が放銃者に近い人へ渡します。0本場で採点し直してください")


def sticks_taken(match: Match, hands: Sequence[HandRecord], winner: int, riichi: Sequence[int] = (),
                 win_kind: str = "tsumo", discarder: int | None = None) -> int:
    """The riichi chips (in points) the winner of a next hand of its own takes as :func:`replay` gives them: those
    left on the table and this hand's riichi (``riichi``, the winner's own included). What a score page prices.
    ``win_kind`` ``SAME_DISCARD`` with the ``discarder``: another winner on the last ron's discard, who takes the
    discard's whole pot where it sits nearer the discarder than its winners entered, else none."""
    hand = HandRecord(len(hands) + 1, HandKind.WIN, winner, win_kind, {} if discarder is None else {discarder: 0},
                      tuple(riichi))
    return replay(len(match.players), match.rules, [*hands, hand]).taken[-1].sticks


def riichi_short(match: Match, totals: Sequence[int]) -> list[int]:
    """The seats that may not declare riichi with ``totals`` (before the hand) for want of the points for its stick
    (:func:`_check_riichi_points` refuses their riichi): a screen warns of them beside its riichi choice, before
    the entry. None at a table that does not count honba (Donjara: RULES.md is silent).

    >>> riichi_short(Match(1, "tokyo-mahjong", ("A", "B"), DEFAULT_RULES["tokyo-mahjong"], 0), (49100, 900))
    [1]
    """
    chip = match.rules.riichi_chip
    if not (chip and match.rules.honba):
        return []
    return [seat for seat, total in enumerate(totals) if total < chip]


def _check_riichi_points(match: Match, totals: Sequence[int], riichi: Sequence[int]) -> None:
    """A riichi puts a stick of ``riichi_chip`` on the table: at a riichi mahjong table (one that counts honba) a
    seat whose total (``totals``, before the hand) is below it may not declare one (the standard rule; RULES.md is
    silent: README's settled gaps), as its stick would put it below 0 and end the match."""
    chip = match.rules.riichi_chip
    short = [seat for seat in riichi if seat in riichi_short(match, totals)]
    if short:
        name, name_ja = _seat_namer(match), _seat_namer(match, "ja")
        who, who_ja = ", ".join(f"{name(s)} has {totals[s]:,}" for s in short), "、".join(
            f"{name_ja(s)}は {totals[s]:,}点" for s in short)
        raise LedgerError(f"a riichi needs {chip:,} points for its stick and {who}: a player with fewer may not "
                          "declare riichi (take the riichi off this hand)",
                          f"リーチにはリーチ棒の{chip:,}点が要りますが、{who_ja}です。持ち点が{chip:,}点に満たない人は"
                          "リーチできません (この局のリーチを外してください)")


def _check_seats(seats: range, used: Sequence[int]) -> None:
    for seat in used:
        if not _whole(seat):
            raise LedgerError(f"seat {seat!r} is not a seat number", f"席{quoted_ja(seat)}は席の番号ではありません")
        if seat not in seats:
            # counted from 1, as the players count seats (``_seat_namer``): 「席 4 (席は 1〜3)」, not 「席 3 (0-2)」
            raise LedgerError(f"seat {seat + 1} is not at this table (seats 1-{seats.stop})",
                              f"席 {seat + 1} はこの卓にありません (席は 1〜{seats.stop})")


def _damaged(match_id: int, path: Path, exc: Exception) -> LedgerError:
    # a ledger's own reason, in Japanese too; any other without a Python exception's name (no word for the table)
    why = exc if isinstance(exc, LedgerError) else \
        f"a hand or its rules are stored in a form this version cannot read: {exc}"
    why_ja = (exc.message_ja or why if isinstance(exc, LedgerError)
              else f"局か規則が、この版では読めない形で記録されています: {exc}")
    damaged = MatchDamagedError(f"match #{match_id} in {path} cannot be read: {why}; it was left out",
                                f"{path} の対局 #{match_id} を読めません: {why_ja}。この対局は除きました")
    # what a caller that does not leave it out says it with (`tilelens ledger show`: 「表示できません」)
    damaged.match_id, damaged.path, damaged.why, damaged.why_ja = match_id, path, str(why), str(why_ja)
    return damaged


# The integers SQLite stores (a larger id is no match's: sqlite3 raised OverflowError on it).
_SQLITE_INTEGERS = (-2 ** 63, 2 ** 63 - 1)


def _a_time(created: Any) -> bool:
    """Whether a stored start time is a time this computer can say (seconds since 1970, a date it has): text, or
    1e300 or -1e18 (the system's "Value too large for defined data type") is none, nor 1e12, which the system says
    but ``datetime`` does not (the year 33658: `ledger list --json`'s ISO time broke on it)."""
    if isinstance(created, bool) or not isinstance(created, (int, float)):
        return False
    try:
        time.localtime(created)
        datetime.fromtimestamp(created).astimezone()
    except (OverflowError, OSError, ValueError):
        return False
    return True


def _a_game_id(game_id: str) -> bool:
    """Whether a stored game id is a game's id (what ``new_match`` stores): no path (no ``/`` or ``\\``) and no
    ``.toml`` file. A game added in the app is never named so: its id holds no dot (``scorer.catalog.ADDED_ID``; the
    catalog skips a file such as ``mine.toml.toml``), so such a match is always damaged."""
    return "/" not in game_id and "\\" not in game_id and not game_id.strip().lower().endswith(".toml")


# ``text`` from the ledger (a player's name, a note) as a terminal line says it, its control characters escaped
# (``scorer.result.printable``); ``_CONTROL``: those characters
said, _CONTROL = printable, CONTROL


def _match(row: tuple, path: Path) -> Match:
    """A match from its stored row; ``LedgerError`` naming it when the row cannot be read."""
    match_id, game_id, players, rules, created = row
    try:
        names, table = _stored(players), _stored(rules)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise LedgerError(f"its players are not stored as a list of names ({players!r})",
                              f"プレイヤーが名前の一覧の形で記録されていません ({quoted_ja(players)})")
        if not names:  # said as such, not as its first hand's seat being "not at this table (seats 0--1)"
            raise LedgerError("it has no players", "プレイヤーがいません")
        if not isinstance(table, dict):
            raise LedgerError(f"its table rules are not stored as a table of rules ({rules!r})",
                              f"卓のルールが表の形で記録されていません ({quoted_ja(rules)})")
        if not isinstance(game_id, str) or not game_id.strip():  # it was listed as "Match #1 ·  · started …"
            raise LedgerError(f"no game is stored for it ({game_id!r})", f"ゲームが記録されていません ({quoted_ja(game_id)})")
        if not _a_game_id(game_id):  # a path or a .toml: tilelens loaded whichever file a ledger named
            raise LedgerError(f"its game is stored as a file, not as a game's id ({echoed(game_id)})",
                              f"ゲームが ID ではなくファイルとして記録されています ({quoted_ja(game_id)})")
        if not _a_time(created):
            raise LedgerError(f"its start time is not stored as a time ({created!r})",
                              f"開始日時が日時の形で記録されていません ({quoted_ja(created)})")
        if "start_points" not in table:  # every tilelens stores it: TableRules' default (1,000) is no match's own
            raise LedgerError("its table rules do not say the points each player started with (start_points)",
                              "卓のルールに開始時の持ち点 (start_points) が記録されていません")
        _check_stored_players(names, game_id)
        return Match(match_id, game_id, tuple(names), TableRules.from_mapping(table), created)
    except (LedgerError, ValueError, TypeError, AttributeError) as exc:
        raise _damaged(match_id, path, exc) from None


def _check_stored_players(names: Sequence[str], game_id: str) -> None:
    """``LedgerError`` for a match's stored ``names`` that no start of a match of ``game_id`` takes (a file edited by
    hand): fewer than 2, more than a table seats (4, or the Donjara table in use's ``players_max`` where it is more:
    the table may have seated fewer since, ``game_as_started``), or a name twice (``Ledger.new_match`` refuses it;
    the totals added up by name, one of the two results lost)."""
    if len(names) < 2:
        raise LedgerError("it has 1 player, and a table seats at least 2", "プレイヤーが1人しかいません (卓は2人からです)")
    # the game loaded only for a count beyond 4 (`ledger list` loads each game once, not once for each match)
    if len(names) > 4 and len(names) > (most := max(4, _player_range(game_id)[1])):
        name_en, name_ja = _game_names(game_id)
        raise LedgerError(f"it has {len(names)} players, and a table of {name_en} seats at most {most}",
                          f"プレイヤーが{len(names)}人います ({name_ja}の卓は{most}人までです)")
    again = next((n for n in names if names.count(n) > 1), None)
    if again is not None:
        raise LedgerError(f"more than one of its players is named {echoed(again)}: each player needs a different name",
                          f"{quoted_ja(again)}という名前のプレイヤーが複数います。プレイヤーにはそれぞれ違う名前が要ります")


def chombo_penalty(game: Any, rules: TableRules | None = None) -> int:
    """What a chombo costs its declarer under the rules of ``game`` (a ``scorer.Game``, or a shipped game's id):
    a Donjara game's ``[chombo] penalty`` (0 where its file sets none), a riichi game's reverse mangan (8,000; 0 where
    its ``[table] chombo = "none"``). ``rules``: a match's, which keep the penalty of the table it started under (an
    edit of the house table since changes no match under way). One stored before they kept it (a tilelens before
    2026-12-04): a Donjara match takes the table in use's (a Donjara chombo penalty was its game file's then too); a
    riichi match none, as README's "Tokyo Mahjong chombo" says of a match started before the reverse mangan: riichi
    mahjong had no chombo then (the matches stored since with ``chombo_penalty: 0`` read so too)."""
    if rules is not None and rules.chombo_penalty is not None:
        return rules.chombo_penalty
    game = _game(game)
    if game.engine == "riichi":  # a reverse mangan unless the table turns it off (``[table] chombo``)
        if rules is not None:  # a match's, stored before it kept its penalty: started before riichi chombo existed
            return 0
        table = (getattr(game, "rules", {}) or {}).get("table", {})
        way = table.get("chombo", "reverse-mangan") if isinstance(table, Mapping) else "reverse-mangan"
        return RIICHI_CHOMBO.get(way, 0)
    from scorer.rules import donjara_rules

    return donjara_rules(game).chombo.penalty


def chombo_payments(game: Any, offender: int, players: int, rules: TableRules | None = None,
                    dealer: int = 0) -> dict[int, int]:
    """Each other seat and what ``offender`` pays it for a chombo under the rules of ``game``: the penalty
    of its ``[chombo]`` (of a match's ``rules``, where they keep it: :func:`chombo_penalty`) shared among the
    other players in the game's chip (``[payout] round_to``), all of it paid; a chip that does not share
    evenly goes to the seats after the offender's in turn order first.
    (The rules say what a chombo costs, not to whom: to the players at the table, as every other payment.)
    A riichi game's is a reverse mangan (the penalty is a non-dealer's, 8,000): paid as a mangan tsumo would be, a
    half of it to the ``dealer`` and a quarter to each other player; the dealer pays a half to each.

    >>> from scorer import load_game
    >>> chombo_payments(load_game("nogizaka"), 1, 4), chombo_payments("tokyo-mahjong", 1, 4, dealer=0)
    ({2: 100, 3: 100, 0: 100}, {2: 2000, 3: 2000, 0: 4000})
    """
    game = _game(game)
    penalty = chombo_penalty(game, rules)
    if penalty <= 0:
        name_en, name_ja = _game_names(game)
        raise LedgerError(f"the rules of {name_en} define no chombo penalty",
                          f"{name_ja}のルールにはチョンボのペナルティがありません")
    if not _whole(offender) or not 0 <= offender < players:
        seat = offender + 1 if _whole(offender) else offender  # counted from 1, as ``_check_seats`` says it
        seat_ja = f" {seat} " if _whole(seat) else quoted_ja(seat)  # 席 4 は, as ``_check_seats``; 席「x」は
        raise LedgerError(f"seat {seat!r} is not at this table (seats 1-{players})",
                          f"席{seat_ja}はこの卓にありません (席は 1〜{players})")
    others = [(offender + k) % players for k in range(1, players)]
    if game.engine == "riichi":
        return {seat: penalty // 2 if dealer in (offender, seat) else penalty // 4 for seat in others}
    from scorer.rules import donjara_rules

    step = donjara_rules(game).payout.round_to or 1
    chips, odd = divmod(penalty, step)
    even, extra = divmod(chips, len(others))
    shares = {seat: (even + (i < extra)) * step for i, seat in enumerate(others)}
    shares[others[0]] += odd  # a penalty that is no whole number of chips is paid in full all the same
    return shares


def _game_names(game: Any) -> tuple[str, str]:
    """A game's names for a message (a ``scorer.Game``'s own, a shipped game's by its id): English
    ("Nogizaka Donjara (fan-made)") and Japanese (「乃木坂ドンジャラ」); its id where it has none."""
    if isinstance(game, str):
        try:
            game = _game(game)
        except Exception:  # noqa: BLE001 - a message must still be said: an id not loadable is said as itself
            return game, game_name_ja(game)
    return getattr(game, "name_en", "") or game.id, \
        f"「{game.name_ja}」" if getattr(game, "name_ja", "") else game_name_ja(game.id)


def _game(game: Any) -> Any:
    """A ``scorer.Game``, a shipped game's id loaded."""
    if isinstance(game, str):
        from scorer import load_game

        return load_game(game)
    return game


def game_as_started(game: Any, rules: TableRules, players: int | None = None) -> Any:
    """``game`` (a ``scorer.Game``) as a match under ``rules`` started it, so that a hand of the match is scored
    so: an edit of the house table since changes no match under way. Riichi mahjong: the honba amounts the
    match's ``rules`` kept, in its ``[riichi]``. Donjara: ``players``, the match's number of players (fixed when
    it started, in the range of the table then), in its ``[win]``: the number a hand is scored for by default
    and, where the table in use no longer seats as many (``players_max = 3`` saved mid-match), one it takes
    again, for this match only (the table in use still holds a hand of no match to its own range). Riichi mahjong
    likewise: a match of more players than the table in use seats (four names, the table since made one of three)
    is seated as it started (``_riichi_seating``), the scorer holding a hand to the seats of its table.
    ``game`` itself where nothing differs, or nothing is kept (a match stored before the amounts were)."""
    engine = getattr(game, "engine", None)
    if engine == "donjara" and players is not None:
        return _seating(game, int(players))
    if engine == "riichi" and players is not None:
        game = _riichi_seating(game, int(players))
    kept = {k: getattr(rules, k) for k in ("honba_ron", "honba_tsumo_each") if getattr(rules, k) is not None}
    if engine != "riichi" or not kept:
        return game
    from scorer.riichi_rules import rules_for as riichi_rules

    now = riichi_rules(game)
    if all(getattr(now, k) == v for k, v in kept.items()):
        return game
    return _table_changed(game, "riichi", kept)


def _riichi_seating(game: Any, players: int) -> Any:
    """A riichi ``game`` whose ``[riichi]`` seats ``players`` where its table seats fewer (``scorer.rules.players_span``:
    2 up to its seats), nukidora off (a rule of three); ``game`` itself where it seats as many."""
    from scorer.riichi_rules import rules_for as riichi_rules

    if not riichi_rules(game).players < players <= 4:
        return game
    return _table_changed(game, "riichi", {"players": players, "nukidora": False})


def _seating(game: Any, players: int) -> Any:
    """A Donjara ``game`` whose ``[win]`` scores a hand for ``players`` by default and takes that many."""
    from scorer.rules import donjara_rules

    win = donjara_rules(game).win
    if win.players_default == players:  # in its range: the default alone differed
        return game
    return _table_changed(game, "win", {"players": players, "players_min": min(win.players_min, players),
                                        "players_max": max(win.players_max, players)})


def _table_changed(game: Any, table: str, keys: Mapping[str, Any]) -> Any:
    """``game`` with ``keys`` of its ``[table]`` changed, its other keys and tables as they are (unchecked: the
    seating and amounts a match started with, ``game_as_started``)."""
    tables = dict(game.rules or {})
    return replace(game, rules={**tables, table: {**dict(tables.get(table, {})), **keys}})


WINDS = tuple(w.value for w in Wind)  # the seat order: east deals


def remainder_parts(payments: Sequence[Any]) -> int:
    """How many of a tsumo's payments carry a part of the remainder (Cinderella Girls: the payers settle
    who pays it by rock-paper-scissors), 0 where none does."""
    return sum(getattr(p, "note", "") == REMAINDER_NOTE for p in payments)


def seat_payments(payments: Sequence[Any], winner: int, dealer: int, players: int, win_kind: str,
                  discarder: int | None = None, remainder_payers: Sequence[int] = (), pao: int | None = None
                  ) -> dict[int, int]:
    """Map a ``ScoreResult``'s payments onto seats. Ron: the discarder pays it all; with ``pao`` (the seat liable for
    its yakuman, ``scorer.riichi_pay.pao_payments``) the first payment is the discarder's and the rest the liable
    seat's (one seat's, summed, where the liable player dealt in). Tsumo: a payer
    labelled with a wind ("east (dealer)", "west") is the seat of that wind (east = the dealer);
    other labels ("player 1", ...) go to the other seats in order, except that the payments carrying a
    part of the remainder go to ``remainder_payers`` (those who lost the rock-paper-scissors) when
    they name as many other seats. A tsumo with ``pao`` is paid by the seats its payers' winds name, the liable one
    among them (alone, or beside another yakuman with every other seat).

    >>> from scorer.result import Payment
    >>> split = [Payment("player 1", 2, REMAINDER_NOTE), Payment("player 2", 1)]
    >>> seat_payments(split, 0, 0, 3, "tsumo"), seat_payments(split, 0, 0, 3, "tsumo", remainder_payers=[2])
    ({1: 2, 2: 1}, {2: 2, 1: 1})
    """
    if win_kind == "ron":
        if discarder is None or discarder == winner:
            raise LedgerError("a ron needs a discarder other than the winner",
                              "ロンには上がった人以外の放銃者が要ります")
        if pao is None:
            return {discarder: sum(int(p.amount) for p in payments)}
        seated = {discarder: int(payments[0].amount)} if payments else {}
        for p in payments[1:]:
            seated[pao] = seated.get(pao, 0) + int(p.amount)
        return seated
    others = [s for s in range(players) if s != winner]
    winds = [str(p.payer).split(" ")[0].lower() for p in payments]
    if all(w in WINDS for w in winds):
        seats = [(dealer + WINDS.index(w)) % players for w in winds]
        liable = pao is not None and pao in seats and len(set(seats)) == len(seats) and set(seats) <= set(others)
        if sorted(seats) == others or liable:
            return {seat: int(p.amount) for seat, p in zip(seats, payments, strict=True)}
    if len(payments) != len(others):  # the hand was priced for a table of another size: say which to score it for
        raise LedgerError(f"{len(payments)} payments for {len(others)} paying players: the hand was scored for "
                          f"{len(payments) + 1} players, this table has {players}: score it for {players} players",
                          f"支払いが {len(payments)}件ですが、払う人は {len(others)}人です。この手は "
                          f"{len(payments) + 1}人で採点されていますが、この卓は {players}人です。"
                          f"{players}人で採点し直してください")
    losers = list(dict.fromkeys(remainder_payers))
    if losers and len(losers) == remainder_parts(payments) and set(losers) <= set(others):
        rest = iter(s for s in others if s not in losers)
        parts = iter(losers)
        seats = [next(parts) if getattr(p, "note", "") == REMAINDER_NOTE else next(rest) for p in payments]
        return {seat: int(p.amount) for seat, p in zip(seats, payments, strict=True)}
    return {seat: int(p.amount) for seat, p in zip(others, payments, strict=True)}
