"""``tilelens ledger``: the matches of the table ledger (the app's ledger page) without the app: list them, show
one hand by hand with its standings, write the CSV the page downloads, add up an evening's results, end a match early.

    tilelens ledger list [--db PATH] [--json]
    tilelens ledger show ID [--db PATH] [--json]
    tilelens ledger csv ID [--standings] [--db PATH] [--out FILE|DIR] [--force]
    tilelens ledger csv --all [--standings] --out DIR [--db PATH] [--force]
    tilelens ledger totals [ID ...] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--db PATH] [--json]
    tilelens ledger totals --game GAME [--since YYYY-MM-DD] [--until YYYY-MM-DD] ...
    tilelens ledger totals [--evening YYYY-MM-DD] ... --csv [--out FILE|DIR] [--force]
    tilelens ledger merge OTHER [--db PATH] [--dry-run]
    tilelens ledger end ID [--db PATH]

--db (before or after the action): the ledger file; by default the app's (TILELENS_LEDGER, else
$TILELENS_HOME/ledger.sqlite); it is only read (merge adds to it, end records an end). The app's file not made yet: list says there is no
match yet (--json: []); a --db file that does not exist is an error (exit status 2; merge makes it). A match stored wrong is named (on standard error)
and left out, the others listed or written, and the exit status is 2. --json prints one JSON value on one line (JSON
Lines), the same in every language; times in ISO 8601, local time with its offset (2026-12-06T19:30:00+09:00).
The CSV is one table: a row per hand (entry 0: the start), the same columns in every row; riichi and tenpai name
their players joined with ", " (a name holds no comma); --standings writes the places alone (place, player, total,
its unit in the header; with uma or oka also score, uma, oka, sticks: these in thousands of points, as a club writes
them; of a match under way a last column, standings, "so far" in each row).
A CSV written to a file is the page's download (UTF-8 with a byte-order mark, for spreadsheet programs), named as
the page names it (tilelens-match-ID.csv; with --standings tilelens-match-ID-standings.csv) in a folder (--out
ending in / or a folder there already), a missing folder made; to standard output, without the mark. A file that
is there already is not written over without --force (with --all: each one kept and named, the others written,
exit status 2). Text that a spreadsheet would run as a formula (a name or note starting with = + - @) is written
with a ' before it (the ledger's own notes start with none); numbers as they are.

totals: each player's result in each match (the total at its end, or now, less the starting points; - where they did
not play it) and the sum, the highest first, in the matches' unit: of the matches named, else of the evening of the
newest match (an evening runs to 5 in the morning; --since: that evening's and every later one; --until: that
evening's and every earlier one, with --since a range; --evening: that evening alone) of the newest match's
game (--game GAME: of that game, its id or name, such as a season's: --game tokyo-mahjong --since 2026-04-01), as
the ledger page's Tonight's totals adds up one game's (the other games' matches named under the totals, with the
command that adds them up), a match with no hand yet left out unless named; each player's count of matches
played beside their total (--json: played, and places, how many times 1st, 2nd, ..., as --csv counts them). Players
are matched by their names as typed (Ann and ann are two players: names alike but for case or width are said, each
with its matches, to rename one in each where they are one person; so is a name another laptop's record of a match
gives otherwise, renamed there, where that name is a player of these totals: Fumj in #9 here, Fumi there). Riichi
sticks (chips) on a table, left at a match's end or not yet won, are in no player's result: they are said under the
totals, each table's (the results add up to minus them). Matches of different games, or in different units (x10,000 fans, points), are not added up
(exit status 2), nor are matches named of which one cannot be read (the command without it said). A riichi match with
uma or oka (its game's [table], or the ledger page's New match) counts its final score, (total - return points) /
1,000 + uma + oka, the sticks left at its end to the top where its table says so: every result is then said in
thousands (+55; --json: in points), a match without them as (total - starting points) / 1,000, and named so.
--csv: the totals as the ledger page's totals download, a row per player (each match's result, the total, the matches
played, how many times 1st, 2nd, ...: a match under way by its places so far), units in the headers (over 12
matches the text leaves out each match's own column, the totals and counts kept: --csv has them all); to standard
output (the notes under the totals on standard error) or --out FILE|DIR (tilelens-totals-2026-12-04.csv, of several
evenings tilelens-totals-2026-11-20-to-2026-12-04.csv), as `csv` writes one (the mark, ' before a formula, --force);
nothing to add up: said on standard error, nothing written (exit status 0, as without --csv).

merge: another laptop's ledger file (OTHER: its ledger.sqlite, or the file its ledger page downloads) added to this
one, so that totals adds up every table of the evening: each match with its hands, players, notes, game and table
rules, under this ledger's next numbers. A match here already is not added again (merging a file twice changes
nothing: "already here"; known by its hands' ids, a player renamed on one laptop keeps this laptop's name); one this
ledger has fewer hands of is brought up to date; one both have with other hands is kept twice, both numbers named, to
delete the wrong one; one deleted here is not added back ("deleted here"), and one deleted on the other laptop is
deleted here too, as deleted here (the copy kept before the merge holds it; brought back on the ledger page, the next
merge keeps it); one of another evening is said with the totals command that adds up its evening's matches (with
tonight's where that laptop's clock is likely off: a day or two, no match here of that evening). A player named
otherwise there keeps this ledger's name, the names that differ said once. OTHER is only read (an older tilelens's file as it is; one
whose last write was cut short read from a copy put back as it was); one that is no ledger, damaged, of a newer tilelens, or this ledger itself is refused, nothing
changed (exit status 2), and a match of it that cannot be read is named and left out (exit status 2). The merge is
one transaction; before its first change the ledger as it was is kept beside it
(ledger.before-merge-20261206-230000.sqlite). --dry-run: what it would add, and the numbers, with nothing changed.

A copy: one match recorded differently on two laptops (the same game, started at the same moment, with other hands),
kept twice by merge. Every laptop counts the same one of them, the first record: a finished one over one stopped
mid-match, then the one whose hands part from the other's at a hand recorded earlier. list marks the other "(another record of #2)", as the ledger page's match picker
does (--json: copy_of, the first record's id; null for any other match);
totals leaves it out of an evening's totals and says the pair (both named: both added up, that table counted twice).
To drop the wrong record, choose it in the ledger page's match picker and use "Delete this match" (it can be brought
back while the page is open): tilelens ledger has no delete command. With one of the two deleted, the other is no
longer marked.

end: the match ID ended now, before the end its rules set (a family stopping after three hands), as the ledger page's
"End this match now" does: its standings final, the riichi sticks left on the table as its rules leave them, uma and oka
counted where the game has them, no hand taken; list, show, the CSV and totals say it ended early ("ended early after
hand 3"). It is recorded as the match's last entry: the ledger page's "Undo the end of the match" brings the match back.
A match that has ended, or has no hand, is refused (exit status 2), nothing changed.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import shlex
import sys
import time
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from scorer.cli import HelpFormatter, RawHelpFormatter, UsageLinesParser, add_shipped_rules, say_help_in_japanese
from scorer.result import quoted_ja
from tilelens.ledger import (SAME_DISCARD, MatchDamagedError, _blocked, _check_one_unit, _folder_error, named_by, HandKind, HandRecord, Ledger, LedgerError, Match, TableState, Taken, _damaged,
                             amount_in, csv_bytes, csv_file_name, dealt_in, default_path, end_said, engine_of,
                             hand_note_said, hand_notes, hand_numbers, nagashi_payments, noten_payments,
                             note_is_its_kind, open_existing, hand_round, hand_number_said, round_said, said,
                             standings, units_of,
                             abortive_said, draw_word, kept_game, removed_game, sticks_said,
                             EveningTotals, evening_matches, evening_of, evening_totals)
from tilelens.ledger import (MATCH_OPTIONS, final_score_rule_said, final_score_said, final_scores, has_final_score,
                             places_counted, recorded_twice, scores_said, totals_csv,
                             totals_file_name)
from tilelens.ledger import TOTALS_COLUMNS, TOTALS_NOTE_WORDS, alike_space_said, deal_honba, ids_said, umas_said
from tilelens.files import not_a_file_said, refuse_loop
from tilelens.home import file_in_the_way

# The words of the text output in each language (``scorer.result.cli_lang``); ``--json`` is the same in both.
# The page's own words where it has them (app/components/i18n.py: "pot", "pot_left", "ended", "ron_from", ...).
WORDS: dict[str, dict[str, str]] = {
    "en": {"none": "no matches yet in {path}", "hands": "{n} hands", "hand_1": "1 hand",
           "not_started": "no hand yet", "under_way": "under way, leading: {names} ({total})",
           "finished": "finished, won by {names} ({total})",
           "finished_early": "finished ({why}), won by {names} ({total})",
           "head": "Match #{id} · {game} · started {created}", "players": "Players (seat order, {first} dealt first): {names}",
           "entry": "  #{seq:<3} {hand}: {what}", "entry_end": "  #{seq:<3} {what}",
           "win_tsumo": "{winner} tsumo", "win_ron": "{winner} ron from {payer}",
           "win_same": "{winner} ron from {payer} (same discard)", "draw": "draw", "chombo": "{name} chombo",
           "pays": "{payer} pays {payee} {amount}", "riichi": "riichi: {names}", "tenpai": "tenpai: {names}",
           "nagashi": "nagashi mangan: {names}", "note": "note: {note}", "no_hands": "  no hand recorded yet", "hands_head": "Hands:",
           "totals": "Totals ({unit}): {totals}", "totals_plain": "Totals: {totals}", "final": "Final standings:", "so_far": "Standings so far:",
           "standing": "  {place}. {name}: {total}", "tied": "  (equal totals share a place: the rules set no order for them)",
           "pot": "Riichi sticks on the table: {pot}", "pot_left": "Riichi sticks left on the table: {pot}, in no player's total",
           "pot_top": "Riichi sticks left on the table: {pot}, to the top player's final score ({names})",
           "ended": "The match has ended: {why}",
           "ended_now": "match #{id} {why}, won by {names} ({total}); the ledger page's \"Undo the end of the match\" "
                        "brings it back",
           "wrote": "wrote {path}", "wrote_all": "wrote {n} files to {path}",
           "wrote_1": "wrote 1 file to {path}",
           "exists": "{path} exists already: nothing was written (--force writes over it)",
           "kept": "{path} exists already: kept as it is, not written over (--force writes over it)",
           # --out naming the ledger itself (a link to it, another name of it): never written over, --force or not
           "own_file": "{path} is this ledger's own file: nothing was written (name another file for the CSV)",
           "not_written": "cannot write {path}: {why}",
           # `csv --all` stopped by a full disk: the match it stopped at and every later one not written
           "stopped": "stopped: {n} matches not written (#{id} and every later one); run it again once there is room",
           "stopped_1": "stopped: 1 match not written (#{id}); run it again once there is room",
           # a match two laptops recorded differently, kept twice by a merge: marked as the page's picker marks it
           "copy": "(another record of #{first})",
           # a game that no longer loads (added in the app): its matches named by its id, said once a command
           "game_unread": "the game {game} cannot be read, so its matches are named by its id (their hands as "
                          "recorded): {why}",
           "game_gone": "the game {game} is not on this laptop: there is no file of it at {path} (deleted, or its "
                        "matches came from another laptop's ledger), so its matches are named by its id (their hands "
                        "as recorded); adding a game of this id in the app names them by it again",
           "sep": ", ", "list_sep": "  "},
    "ja": {"none": "{path} にまだ対局はありません", "hands": "{n}局", "hand_1": "1局",
           "not_started": "まだ局なし", "under_way": "対局中、トップ: {names} ({total})",
           "finished": "対局終了、1位: {names} ({total})",
           "finished_early": "対局終了 ({why})、1位: {names} ({total})",
           "head": "対局 #{id} · {game} · 開始 {created}", "players": "プレイヤー (席順、最初の親は {first}): {names}",
           "entry": "  #{seq:<3} {hand}: {what}", "entry_end": "  #{seq:<3} {what}",
           "win_tsumo": "{winner} ツモ", "win_ron": "{winner} ロン ({payer}から)",
           "win_same": "{winner} ロン ({payer}から、同じ捨て牌)", "draw": "流局", "chombo": "{name} チョンボ",
           "pays": "{payer}が{payee}に{amount}払う", "riichi": "リーチ: {names}", "tenpai": "テンパイ: {names}",
           "nagashi": "流し満貫: {names}", "note": "メモ: {note}", "no_hands": "  まだ局の記録はありません", "hands_head": "局:",
           "totals": "持ち点 ({unit}): {totals}", "totals_plain": "持ち点: {totals}", "final": "最終順位:", "so_far": "いまの順位:",
           "standing": "  {place}位 {name}: {total}", "tied": "  (同点は同じ順位です。ルールに同点の順位の決め方はありません)",
           "pot": "場のリーチ棒: {pot}", "pot_left": "場に残ったリーチ棒: {pot}。誰の持ち点にも入りません",
           "pot_top": "場に残ったリーチ棒: {pot}。トップ ({names}) の最終スコアに入ります",
           "ended": "対局終了: {why}",
           "ended_now": "対局 #{id}を終了しました ({why})。1位: {names} ({total})。成績表のページの「対局の終了を取り消す」で戻せます",
           "wrote": "{path} に書き出しました", "wrote_all": "{path} に {n}件書き出しました",
           "wrote_1": "{path} に 1件書き出しました",
           "exists": "{path} はもうあります。何も書き出していません (上書きするには --force を付けてください)",
           "kept": "{path} はもうあるので、そのまま残しました (上書きするには --force を付けてください)",
           "own_file": "{path} はこの成績表自身のファイルです。何も書き出していません (CSV は別のファイルに書き出してください)",
           "not_written": "{path} に書き出せません: {why}",
           "stopped": "{n}件の対局は書き出していません (#{id}とそれ以降)。空きを作ってから、もう一度実行してください",
           "stopped_1": "1件の対局は書き出していません (#{id})。空きを作ってから、もう一度実行してください",
           "copy": "(#{first}の別の記録)",
           "game_unread": "ゲーム{game}のファイルを読めないため、その対局はゲームの id で表示します (局は記録したとおり"
                          "です): {why}",
           "game_gone": "ゲーム{game}はこのパソコンにありません。{path} にファイルがありません (削除したか、ほかのパソコンの"
                        "成績表から追加した対局です)。その対局はゲームの id で表示します (局は記録したとおりです)。"
                        "アプリでこの id のゲームを追加すると、またゲームの名前で表示します",
           "sep": "、", "list_sep": "  "},
}
# A Donjara match's own words where riichi mahjong's differ (the app's ``i18n.DONJARA_STRINGS``): its riichi puts
# down a chip (リーチのチップ), not a stick (リーチ棒). English says chips for both.
# A hand nobody won is said as the page's button says it (だれも上がらなかった局を記録, "Record a hand nobody won"),
# not riichi mahjong's 流局 / draw.
DONJARA_WORDS: dict[str, dict[str, str]] = {
    "en": {"draw": "nobody won", "pot": "Riichi chips on the table: {pot}",
           "pot_left": "Riichi chips left on the table: {pot}, in no player's total"},
    "ja": {"pot": "場のリーチのチップ: {pot}", "pot_left": "場に残ったリーチのチップ: {pot}。誰の持ち点にも入りません",
           "draw": "誰も上がらず"},
}


def _match_id(text: str) -> int:
    """A match id as `list` shows it: ``3`` or ``#3``."""
    try:
        value = int(text.removeprefix("#"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a match id is a number (tilelens ledger list shows them), got {text!r}")
    if value < 1:
        raise argparse.ArgumentTypeError(f"a match id is 1 or more, got {text!r}")
    return value


ACTIONS = ("list", "show", "csv", "totals", "merge", "end")
LEDGER_NOUN = ("ledger file", "成績表のファイル")  # what a --db or merge's file that is a loop of links reaches not
# `tilelens ledger` with no action: said as `tilelens label` says it, not argparse's "{list,show,...} を指定してください"
NO_ACTION = {"en": "say what to do first: list, show, csv, totals, merge or end (e.g. tilelens ledger list)",
             "ja": "何をするかを最初に指定してください: list、show、csv、totals、merge、end のどれか (例: tilelens ledger list)"}


# argparse's words of a word that is no action after the options (`tilelens ledger --db F lst`; one first is said
# before parsing: ``main``): said as `tilelens label int` is instead; the word whole, up to argparse's last bracket (a
# word holding " (choose from" was cut there: "'lst")
_NOT_AN_ACTION = re.compile(r"argument \{" + ",".join(ACTIONS) + r"\}: invalid choice: (?P<word>.*) "
                            r"\(choose from [^()]*\)", re.S)


class _LedgerParser(UsageLinesParser):
    """The parser of `tilelens ledger` itself: an action not given is said in ``NO_ACTION``'s words (an option it does
    not know first: ``NamesUnknownFirst``); a word that is no action as `tilelens label` says one
    (``scorer.cli.not_a_subcommand``: the action nearest to it too)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        if message == "the following arguments are required: {" + ",".join(ACTIONS) + "}":
            unknown, _ = self.first_problem(message)
            if unknown == message:
                self._refuse(NO_ACTION)
            return super().error(unknown)
        word = _NOT_AN_ACTION.fullmatch(message)
        if word is None:
            return super().error(message)
        from scorer.cli import _unquoted

        self.not_an_action(_unquoted(word["word"]))  # argparse writes the word as Python does (its repr)

    def unknown_before(self, tail: Sequence[str]) -> list[str]:
        """The options this parser does not know on the command line it parses before the action (its words before
        those the action parses, ``tail``, and the action's name): none where that command line is not known."""
        argv = self._argv
        if argv is None or len(argv) <= len(tail) or argv[len(argv) - len(tail):] != list(tail):
            return []
        before = argv[:len(argv) - len(tail) - 1]  # the action's name left out: the options alone
        return [word for word in self._unparsed(before) if word.startswith("-") and word != "--"]

    def not_an_action(self, typed: str) -> None:
        """Refuse ``typed``, a word where the action comes first: said as `tilelens label` says one."""
        from scorer.cli import not_a_subcommand

        self._refuse({lang: not_a_subcommand(lang, self.prog, typed, ACTIONS, ("its arguments and options",
                                                                            "引数とオプション"), "tilelens ledger list")
                      for lang in ("en", "ja")})

    def _refuse(self, said: dict[str, str]) -> None:
        from scorer.result import cli_lang

        if cli_lang() == "ja":
            self.print_usage(sys.stderr)
            self.exit(2, f"{self.prog}: エラー: {said['ja']}\n")
        argparse.ArgumentParser.error(self, said["en"])


class _ActionParser(UsageLinesParser):
    """The parser of one of `tilelens ledger`'s actions: an option `tilelens ledger` does not know, typed before the
    action (`ledger --bogus show`), said first, as `ledger --bogus show 1` says it, not the action's argument missing
    after it (argparse's action parser asked for ID, and `tilelens ledger`'s own unknown option, said once the
    action had parsed, went unsaid). ``ledger``: the parser of `tilelens ledger` (:func:`_parser` sets it)."""

    ledger: _LedgerParser | None = None

    def error(self, message: str) -> None:  # type: ignore[override]
        tail, ledger = self._argv, self.ledger
        before = ledger.unknown_before(tail) if ledger is not None and tail is not None else []
        if not before:
            return super().error(message)
        said, _ = self.first_problem(message)  # the action's own unknown options too: said after them
        found = re.fullmatch(r"unrecognized arguments: (?P<args>.*)", said, re.S)
        ledger.error(f"unrecognized arguments: {' '.join([*before, *([found['args']] if found else [])])}")


def _parser() -> argparse.ArgumentParser:
    """Its usage lines, then argparse's error line in the language chosen (``UsageLinesParser``; the actions' parsers
    are of its class, ``_ActionParser``: an unknown option before the action said first)."""
    lines = __doc__.split("\n\n")
    p = _LedgerParser(prog="tilelens ledger", description=lines[0].split(": ", 1)[1].replace("\n", " "),
                         epilog="\n\n".join(lines[1:]).rstrip().replace("    tilelens", "  tilelens"),
                         formatter_class=RawHelpFormatter)
    from vision.cli_args import named_path

    a_file = named_path("file")  # a file named empty ("") is refused, not taken for the current folder
    add_shipped_rules(p)
    db_help = "the ledger file (default: the app's, TILELENS_LEDGER or $TILELENS_HOME/ledger.sqlite)"
    # before the action too (`tilelens ledger --db F list`); its own name: an action's --db default would hide it
    p.add_argument("--db", dest="db_before", type=a_file, metavar="PATH", help=db_help)
    sub = p.add_subparsers(dest="action", required=True, metavar="{" + ",".join(ACTIONS) + "}",
                           parser_class=_ActionParser)
    listing = sub.add_parser("list", help="each match on one line: id, game, players, hands played, started, "
                                          "finished or who leads",
                             description="Each match on one line, the latest started first: its id, game, "
                                         "players, hands played, when it started, and whether it has finished "
                                         "(its winner) or who leads; a copy (one match recorded differently on "
                                         "two laptops, kept twice by merge) marked \"(another record of #2)\": "
                                         "delete the wrong record on the ledger page (\"Delete this match\").",
                             formatter_class=HelpFormatter)
    add_shipped_rules(listing)
    listing.add_argument("--db", type=a_file, metavar="PATH", help=db_help)
    listing.add_argument("--json", action="store_true",
                         help="print the matches as one JSON list on one line (the same in every language): each "
                              "with id, game, players, created, hands_played, ended, end_reason, totals, unit, "
                              "copy_of (of a copy, the id of the match's first record; else null)")
    show = sub.add_parser("show", help="a match's hands in order and its standings",
                          description="A match's hands in order (round or hand number, what happened, who dealt in on a "
                                      "ron, who paid whom), its totals, places and the riichi chips on the table.",
                          formatter_class=HelpFormatter)
    add_shipped_rules(show)
    show.add_argument("id", type=_match_id, metavar="ID", help="the match's id (tilelens ledger list shows them)")
    show.add_argument("--db", type=a_file, metavar="PATH", help=db_help)
    show.add_argument("--json", action="store_true",
                      help="print JSON on one line (the same in every language): each hand with its round, honba, "
                           "dealer, what it changed for each player and the sticks on the table after it, then the "
                           "totals, standings, copy_of (of a match a merge kept twice) and the hands undone")
    csv = sub.add_parser("csv", help="the CSV the ledger page downloads, of one match or of each (--all)",
                         description="The CSV the ledger page downloads, one table of the hands (riichi and tenpai "
                                     "name their players joined with \", \"): of match ID to standard output or "
                                     "--out FILE; with --all, one file per match (tilelens-match-ID.csv) in "
                                     "--out DIR. --standings: the places alone (place, player, total).",
                         formatter_class=HelpFormatter)
    add_shipped_rules(csv)
    which = csv.add_mutually_exclusive_group(required=True)
    which.add_argument("id", type=_match_id, nargs="?", metavar="ID", help="the match's id")
    which.add_argument("--all", action="store_true", help="every match, one file each in the folder --out names")
    csv.add_argument("--standings", action="store_true",
                     help="the match's places alone (place, player, total), not its hands")
    csv.add_argument("--db", type=a_file, metavar="PATH", help=db_help)
    csv.add_argument("--out", metavar="FILE|DIR", type=named_path("path", str),  # "" is no current folder
                     help="the file to write (a folder, there already or named with a / at its end: "
                          "tilelens-match-ID.csv in it; - standard output); with --all the folder; a missing folder "
                          "is made")
    csv.add_argument("--force", action="store_true",
                     help="write over the file --out names where it exists already (else refused, nothing written; "
                          "with --all, each file there already is kept and named, the others written, exit status 2)")
    totals = sub.add_parser("totals", help="each player's result per match and summed: an evening's (the newest "
                                           "match's) or the matches named",
                            description="Each player's result in each match (the total at its end, or now, less the "
                                        "starting points) and the sum, the highest first, in the matches' unit: of the "
                                        "matches named (of one game), else of the evening of the newest match (an "
                                        "evening runs to 5 in the morning) of its game, the other games' matches "
                                        "named, a match with no hand yet left out unless named. Players are "
                                        "matched by their names as typed.", formatter_class=HelpFormatter)
    add_shipped_rules(totals)
    totals.add_argument("ids", type=_match_id, nargs="*", metavar="ID",
                        help="the matches to add up, of one game (default: the newest match's evening, of its game)")
    totals.add_argument("--game", metavar="GAME",
                        help="only that game's matches (its id, as `ledger list --json` names it, such as "
                             "tokyo-mahjong, or its name), of its newest evening or of the dates chosen, such as a "
                             "season's (not with ID)")
    totals.add_argument("--since", metavar="YYYY-MM-DD",
                        help="the matches of that date's evening and every later one (not with ID)")
    totals.add_argument("--until", metavar="YYYY-MM-DD",
                        help="the matches of that date's evening and every earlier one; with --since, a range")
    totals.add_argument("--evening", metavar="YYYY-MM-DD",
                        help="the matches of that date's evening alone (not with ID, --since or --until)")
    totals.add_argument("--db", type=a_file, metavar="PATH", help=db_help)
    totals.add_argument("--csv", action="store_true",
                        help="the totals as CSV, a row per player (each match's result, the total, the matches "
                             "played, how many times 1st, 2nd, ...), as `ledger csv` writes one: to standard output "
                             "or --out")
    totals.add_argument("--out", metavar="FILE|DIR", type=named_path("path", str),
                        help="with --csv, the file to write (a folder, there already or named with a / at its end: "
                             "tilelens-totals-DATE.csv in it; - standard output); a missing folder is made")
    totals.add_argument("--force", action="store_true",
                        help="with --csv, write over the file --out names where it exists already")
    totals.add_argument("--json", action="store_true",
                        help="print one JSON object on one line (the same in every language): matches (id, game, "
                             "created, ended, start_points, players, pot: the riichi sticks or chips on its table), "
                             "unit, players (name, nets by match id, total, played: the matches they played, "
                             "places: how many times 1st, 2nd, ...), look_alike, other_games (game, ids: the "
                             "evening's matches of other games, not added up), recorded_twice (ids, left_out: one "
                             "match recorded differently on two laptops, kept twice by merge)")
    merge = sub.add_parser("merge", help="add another laptop's ledger file to this one (two tables, one evening)",
                           description="Add the matches of another laptop's ledger file (OTHER) to this ledger, each "
                                       "with its hands, under this ledger's next numbers: a match here already is "
                                       "not added again, one with other hands on each laptop is kept twice and both "
                                       "are named. OTHER is only read.", formatter_class=HelpFormatter)
    add_shipped_rules(merge)
    merge.add_argument("other", type=a_file, metavar="OTHER",
                       help="the other laptop's ledger file (its ledger.sqlite, or the file its ledger page downloads)")
    merge.add_argument("--db", type=a_file, metavar="PATH",
                       help="the ledger to add to (default: the app's, TILELENS_LEDGER or "
                            "$TILELENS_HOME/ledger.sqlite; made where there is none yet)")
    merge.add_argument("--dry-run", action="store_true",
                       help="say what would be added, and under which numbers, changing nothing")
    end = sub.add_parser("end", help="end a match now, before the end its rules set (its standings final)",
                         description="End match ID now, before the end its rules set (a family stopping after three "
                                     "hands): its standings final, the riichi sticks left on the table as its rules "
                                     "leave them, uma and oka counted where the game has them, no hand taken. The "
                                     "ledger page's \"Undo the end of the match\" brings it back.",
                         formatter_class=HelpFormatter)
    add_shipped_rules(end)
    end.add_argument("id", type=_match_id, metavar="ID", help="the match's id (tilelens ledger list shows them)")
    end.add_argument("--db", type=a_file, metavar="PATH", help=db_help)
    from scorer.result import cli_lang

    if cli_lang() == "ja":  # the command lines as typed, then the epilog's own sentences
        say_help_in_japanese(p, {**LEDGER_HELP_JA, "--db": _DB_HELP_JA}, DESCRIPTION_JA,
                             f"{lines[1].replace('    tilelens', '  tilelens')}\n\n{EPILOG_JA}")
        for name, action in sub.choices.items():
            say_help_in_japanese(action, ACTION_HELP_JA[name], ACTION_DESCRIPTION_JA[name], None)
    for action in sub.choices.values():  # an option typed before the action: said by `tilelens ledger` first
        action.ledger = p
    return p


# The help said in Japanese (``scorer.cli.say_help_in_japanese``) in the ledger page's words and its messages' (成績表,
# 対局, 夜, ほかのパソコン, リーチ棒, ウマ・オカ): each action's line in ``tilelens ledger --help`` (``LEDGER_HELP_JA``),
# each action's description and options by their first name (``ACTION_HELP_JA``), one for each of the English ones in
# ``_parser``, kept in step with them; the epilog says what a user must know of the module docstring and points to
# the English help for the rest.
DESCRIPTION_JA = ("成績表 (アプリの成績表のページ) の対局を、アプリなしで扱います: 一覧にする、1つの対局を局ごとに順位と"
                  "ともに表示する、ページの「CSVで書き出す」と同じ CSV を書き出す、夜の成績を合計する。")
LEDGER_HELP_JA = {
    "list": "対局を1行に1つずつ一覧にします: ID、ゲーム、プレイヤー、局数、開始時刻、終了 (1位) か対局中 (トップ)",
    "show": "1つの対局の局を順に、順位とともに表示します",
    "csv": "成績表のページの「CSVで書き出す」と同じ CSV を、1つの対局か、対局ごと (--all) に書き出します",
    "totals": "各プレイヤーの成績を対局ごとと合計で出します: いちばん新しい対局の夜のものか、指定した対局のもの",
    "merge": "ほかのパソコンの成績表のファイルを、この成績表に追加します (卓ごとにパソコンを分けた夜)",
    "end": "対局を、ルールの終わりの前にいま終了します (順位が確定します)",
}
_DB_HELP_JA = "成績表のファイル (指定がなければアプリのもの: TILELENS_LEDGER か $TILELENS_HOME/ledger.sqlite)"
_JSON_SAME_JA = "言語によらず同じ"
ACTION_DESCRIPTION_JA = {
    "list": "対局を1行に1つずつ、開始の新しい順に一覧にします: ID、ゲーム、プレイヤー、局数、開始時刻、終了したか (1位)、"
            "対局中か (トップ)。2台のパソコンで違って記録された同じ対局を merge が2つとも残したものには「(#2の別の記録)」と"
            "印を付けます。間違っているほうは、成績表のページの「この対局を"
            "削除」で削除してください。",
    "show": "1つの対局の局を順に (場と本場か何局目か、何が起きたか、ロンで誰が放銃したか、誰が誰に払ったか)、持ち点、"
            "順位、場のリーチ棒 (リーチのチップ) を表示します。",
    "csv": "成績表のページの「CSVで書き出す」と同じ CSV (局の表1つ。リーチとテンパイはプレイヤーを「, 」でつないで挙げ"
           "ます) を書き出します: 対局 ID のものを標準出力か --out FILE に。--all では対局ごとに1ファイル "
           "(tilelens-match-ID.csv) を --out DIR に。--standings: 順位だけ (順位、プレイヤー、持ち点)。",
    "totals": "対局ごとの各プレイヤーの成績 (対局の最後 (対局中はいま) の持ち点 − 開始時の持ち点) と合計を、高い"
              "順に、対局の単位で出します。対象は指定した対局 (1つのゲームのもの)、指定がなければいちばん新しい対局の夜 "
              "(夜は朝5時まで) の、そのゲームの対局です (ほかのゲームの対局は挙げます。局のない対局は、指定しなければ"
              "除きます)。プレイヤーは入力どおりの名前で照合します。",
    "merge": "ほかのパソコンの成績表のファイル (OTHER) の対局を、それぞれの局とともに、この成績表の次の番号で追加します: "
             "ここにもうある対局はもう一度は追加しません。2台で違う局のある対局は2つとも残し、両方の番号を挙げます。"
             "OTHER は読むだけです。",
    "end": "対局 ID を、ルールの終わりの前にいま終了します (3局でやめる家族など): 順位が確定し、場に残ったリーチ棒は"
           "ルールのとおり、ウマ・オカがあればそれも数え、局はもう記録できません。成績表のページの「対局の終了を取り消す」"
           "で戻せます。",
}
ACTION_HELP_JA = {
    "list": {"--db": _DB_HELP_JA,
             "--json": f"対局を JSON のリスト1つで、1行に出力します ({_JSON_SAME_JA}): それぞれ id、game、players、"
                       "created、hands_played、ended、end_reason、totals、unit、copy_of (マージで2つ残った対局の別の記録なら、"
                       "その対局の最初の記録の ID。ほかは null)"},
    "show": {"ID": "対局の ID (tilelens ledger list で表示されます)", "--db": _DB_HELP_JA,
             "--json": f"JSON を1行で出力します ({_JSON_SAME_JA}): 局ごとに場・本場・親・各プレイヤーの増減・その局の後に"
                       "場に残ったリーチ棒 (チップ)、その後に持ち点と順位、copy_of (マージで2つ残った対局の最初の記録の ID) と"
                       "取り消した局"},
    "csv": {"ID": "対局の ID",
            "--all": "すべての対局を、--out のフォルダに1ファイルずつ",
            "--standings": "局ではなく、対局の順位だけ (順位、プレイヤー、持ち点)",
            "--db": _DB_HELP_JA,
            "--out": "書き出すファイル (フォルダ: もうあるか / で終わる名前なら、その中に tilelens-match-ID.csv。- なら"
                     "標準出力)。--all ではフォルダ。ないフォルダは作ります",
            "--force": "--out のファイルがもうあれば上書きします (付けなければ断り、何も書きません。--all では、もうある"
                       "ファイルはそのまま残して挙げ、ほかを書き出して、終了ステータスは 2)"},
    "totals": {"ID": "合計する対局 (1つのゲームのもの。指定がなければ、いちばん新しい対局の夜の、そのゲームの対局)",
               "--game": "そのゲームの対局だけ (`ledger list --json` の game の ID (tokyo-mahjong など) か、ゲームの"
                         "名前)。いちばん新しい夜か、日付で選んだ夜の対局 (シーズンなど。ID とは一緒に使えません)",
               "--since": "その日の夜と、それ以降の夜の対局 (ID とは一緒に使えません)",
               "--until": "その日の夜と、それ以前の夜の対局。--since と一緒なら範囲",
               "--evening": "その日の夜の対局だけ (ID、--since、--until とは一緒に使えません)",
               "--db": _DB_HELP_JA,
               "--csv": "合計を CSV で、1人1行 (対局ごとの成績、合計、対局数、1位・2位…の回数)。`ledger csv` と同じく"
                        "書き出します: 標準出力か --out へ",
               "--out": "--csv で書き出すファイル (フォルダ: もうあるか / で終わる名前なら、その中に "
                        "tilelens-totals-DATE.csv。- なら標準出力)。ないフォルダは作ります",
               "--force": "--csv で、--out のファイルがもうあれば上書きします",
               "--json": f"JSON オブジェクトを1行で出力します ({_JSON_SAME_JA}): matches (id、game、created、ended、"
                         "start_points、players、pot: その卓のリーチ棒かリーチのチップ)、unit、players (name、対局 ID "
                         "ごとの nets、total、played: 対局数、places: 1位・2位…の回数)、look_alike、other_games "
                         "(game、ids: その夜のほかのゲームの対局。合計していません)、recorded_twice (ids、left_out: "
                         "2台のパソコンで違って記録された同じ対局)"},
    "merge": {"OTHER": "ほかのパソコンの成績表のファイル (その ledger.sqlite か、その成績表のページからダウンロードした"
                       "ファイル)",
              "--db": "追加する先の成績表 (指定がなければアプリのもの: TILELENS_LEDGER か $TILELENS_HOME/ledger.sqlite。"
                      "まだなければ作ります)",
              "--dry-run": "何も変えずに、何をどの番号で追加するかを伝えます"},
    "end": {"ID": "対局の ID (tilelens ledger list で表示されます)", "--db": _DB_HELP_JA},
}
EPILOG_JA = """\
--db (アクションの前でも後でも): 成績表のファイル。指定がなければアプリのもの (TILELENS_LEDGER、なければ \
$TILELENS_HOME/ledger.sqlite) で、読むだけです (merge は追加し、end は終了を記録します)。アプリのファイルがまだなければ、list はまだ対局が\
ないと表示します (--json: [])。--db に指定したファイルがないのは誤りです (終了ステータス 2。merge は作ります)。正しく\
保存されていない対局は標準エラーに挙げて除き、ほかを一覧にするか書き出して、終了ステータスは 2 です。--json は JSON の\
値を1行で出力します (JSON Lines)。キーと値は言語によらず同じで、時刻は ISO 8601 の、オフセット付きの現地時刻です \
(2026-12-06T19:30:00+09:00)。

csv: 1つの表で、1局1行 (0番目は開始時)、どの行も同じ列です。言語によらず同じです。リーチとテンパイはプレイヤーを\
「, 」でつないで挙げます。--standings は順位だけです (順位、プレイヤー、持ち点。ウマ・オカがあれば最終スコアなども。対局中の対局は最後の\
列 standings がどの行も "so far" (いまの順位))。\
ファイルには、成績表のページの「CSVで書き出す」と同じく BOM 付きの UTF-8 (表計算ソフトのため) で書き、フォルダ (--out \
が / で終わるか、もうあるフォルダ) にはページと同じ名前 (tilelens-match-ID.csv、--standings では \
tilelens-match-ID-standings.csv) で書きます。ないフォルダは作ります。標準出力には BOM なしで出します。もうあるファイル\
は、--force を付けなければ上書きしません (--all では、もうあるファイルはそのまま残して挙げ、ほかを書き出して、終了\
ステータスは 2)。表計算ソフトが数式として実行する文字列 (= + - @ で始まる名前やメモ) は、前に ' を付けて書きます。

totals: 対局ごとの各プレイヤーの成績 (対局の最後 (対局中はいま) の持ち点 − 開始時の持ち点。その対局に\
不参加なら -) と合計を、高い順に、対局の単位で出し、各プレイヤーの対局数も横に出します (--json では played \
と、--csv と同じく数えた1位・2位…の回数の places)。対象は指定した対局、指定がなければいちばん新しい対局の\
夜 (夜は朝5時まで) の、そのゲームの対局です。成績表のページの「今夜の合計」が1つのゲームの対局を\
合計するのと同じで、ほかのゲームの対局は、それを合計するコマンドとともに合計の下に挙げます。--since: その日の夜と、\
それ以降の夜。--until: その日の夜と、それ以前の夜 (--since と一緒なら範囲)。--evening: その日の夜だけ。--game \
GAME: そのゲームの対局だけ (シーズンなら --game tokyo-mahjong --since 2026-04-01)。局のない\
対局は、指定しなければ除きます。プレイヤーは入力どおりの名前で照合します (Ann と ann は別のプレイヤーです。大文字・\
小文字や全角・半角だけが違う名前は、それぞれの対局とともに挙げます: 同じ人なら、どちらかの名前を直してください。\
ほかのパソコンの記録で名前が直された対局の名前も、その名前のプレイヤーが合計にいれば挙げます: ここの #9 の Fumj が\
ほかのパソコンでは Fumi など)。場の\
リーチ棒 (リーチのチップ) は、対局の終わりに残ったものも、まだ誰も取っていないものも誰の成績にも入らず、合計の下に\
卓ごとに挙げます (成績の合計はそのぶん少なくなります)。違うゲームの対局や、違う単位 (万、点) の対局は合計しません \
(終了ステータス 2)。指定した対局に読めないものがあるときも合計しません (それを除いたコマンドを挙げます)。ウマ・オカの\
あるリーチ麻雀の対局 (ゲームの [table] か、成績表のページの「新しい対局」で指定) は最終スコア ((持ち点 − 返し点) ÷ \
1,000 + ウマ + オカ。卓のルールによっては、対局の終わりに残ったリーチ棒はトップに) で数え、成績はすべて千点単位です \
(+55。--json では点)。ウマ・オカのない対局は (持ち点 − 開始時の持ち点) ÷ 1,000 で数え、そう挙げます。

--csv: 成績表のページの「合計をCSVで書き出す」と同じく、合計を1人1行で書き出します (対局ごとの成績、合計、対局数、\
1位・2位…の回数。対局中の対局はいまの順位で。単位は列名に)。標準出力 (合計の下の注意は標準エラー) か --out \
FILE|DIR に書きます (tilelens-totals-2026-12-04.csv。いくつかの夜なら tilelens-totals-2026-11-20-to-2026-12-04.csv)。\
BOM、数式の前の '、--force は csv と同じです。合計する対局がなければ標準エラーにそう伝え、何も書きません (--csv なしと\
同じく終了ステータス 0)。

merge: ほかのパソコンの成績表のファイル (OTHER: その ledger.sqlite か、その成績表のページの「成績表のファイルを\
ダウンロード」で取り出したファイル) を、この成績表に追加します。totals で夜の全部の卓を合計できるようになります。対局は\
それぞれの局、プレイヤー、メモ、ゲーム、卓のルールとともに、この成績表の次の番号で追加します。ここにもうある対局は\
もう一度は追加しません (同じファイルを2回追加しても何も変わりません:「すでにあった対局」。局で見分けるので、片方の\
パソコンで名前を直したプレイヤーは、ここの名前のままです)。ここのほうが局の少ない対局は、局を追加して最新にします。両方\
で違う局のある対局は2つとも残して両方の番号を挙げるので、間違っているほうを削除してください。ここで削除した対局は追加\
せず、ほかのパソコンで削除した対局はここでも削除します。違う夜の対局は、その夜の対局を合計するコマンドとともに挙げます。\
ほかのパソコンで名前の違うプレイヤーはこの成績表の名前のままで、違う名前を一度挙げます。OTHER は読むだけです。成績表で\
ないファイル、壊れたファイル、新しい tilelens のファイル、この成績表自身は断り、何も変えません (終了ステータス 2)。\
読めない対局は挙げて除きます (終了ステータス 2)。追加は1つのトランザクションで、最初の変更の前に、元の成績表を横に\
残します (ledger.before-merge-20261206-230000.sqlite)。--dry-run: 何も変えずに、何をどの番号で追加するかを伝えます。

2台のパソコンで違って記録された同じ対局 (同じゲームを同じ時刻に始め、局が違うもの) は、merge が2つとも残します。\
どのパソコンでも、終了した記録を途中で止まった記録より先に、次に違う局をより早く記録したほうを最初の記録として\
数え、list はもう片方に「(#2の別の記録)」と印を付けます (成績表の\
ページの対局の選択と同じ。--json: copy_of に最初の記録の ID、ほかの対局は null)。totals は夜の合計からそれを除き、2つ\
を挙げます (2つとも指定すれば両方を合計し、その卓を2回数えます)。間違っているほうを削除するには、成績表のページでその\
対局を選んで「この対局を削除」を使ってください (ページを開いているあいだは戻せます)。tilelens ledger に削除のコマンド\
はありません。片方を削除すれば、もう片方の印はなくなります。

end: 対局 ID を、ルールの終わりの前にいま終了します (成績表のページの「この対局をいま終了」と同じ): 順位が確定し、場に\
残ったリーチ棒はルールのとおり、ウマ・オカがあればそれも数え、局はもう記録できません。list・show・CSV・totals は途中で\
終了したことを「3局で終了」と伝えます。対局の最後の記録として残るので、成績表のページの「対局の終了を取り消す」で戻せ\
ます。終了した対局や局のない対局は断り、何も変えません (終了ステータス 2)。

終了ステータス: できたときは 0 (list でまだ対局がないときも、totals で合計する対局がないときも)。入力の誤り (知らない\
対局の ID、ない --db のファイル、日付の誤り、断った merge など)、正しく保存されていないか読めない対局を除いたとき、書き\
出さなかったファイルがあるときは 2 で、誤りは標準エラーに1行で表示します。各アクションのオプションは tilelens ledger \
ACTION --help に。ここにない細かいことは英語のヘルプにあります: TILELENS_LANG=en tilelens ledger --help。"""


def main(argv: list[str]) -> int:
    from scorer.result import cli_lang

    parser = _parser()
    if argv and not argv[0].startswith("-") and argv[0] not in ACTIONS:  # `ledger lst`: as `label int` is said
        parser.not_an_action(argv[0])
    args = parser.parse_args(argv)
    lang = cli_lang()
    _TABLES_SAID.clear()  # said once a command (a test runs many in one process)
    named = args.db if args.db is not None else args.db_before
    path = Path(named if named is not None else default_path())
    source = "--db" if named is not None else named_by(path)
    for given in (path, args.other) if args.action == "merge" else (path,):  # a loop of links said as one
        refuse_loop(given, LEDGER_NOUN)
    if args.action == "merge":  # this ledger added to: made where there is none yet (a laptop that recorded nothing)
        if path.is_dir():
            raise _folder_error(path, source)
        return _merge(path, args.other, args.dry_run, lang, path if named is not None else None)
    if named is not None and not path.exists():  # a name misspelt is no "no matches yet"
        raise _no_file_at(path)
    if not path.exists() and (blocker := file_in_the_way(path)):  # as the page says it: no "no matches yet"
        raise _blocked(path, blocker, reading=True)
    if args.action == "csv" and args.all and args.out is None:  # never files into whatever folder it is run in
        raise LedgerError("--all writes one file per match: name the folder to write them in with --out DIR (one "
                          "match to standard output: tilelens ledger csv ID)",
                          "--all は対局ごとに1ファイル書き出します。書き出すフォルダを --out DIR で指定してください "
                          "(1つの対局を標準出力へ: tilelens ledger csv ID)")
    if args.action == "totals":
        since, until = _checked_dates(args)  # a date mistyped is said before the file is read
        _checked_csv(args)
        if not path.exists() and not args.ids:  # no match started yet: nothing to add up, as `list` says it
            nothing = EveningTotals((), ())
            print(json.dumps(_totals_json(nothing, {})) if args.json else WORDS[lang]["none"].format(path=path),
                  file=sys.stderr if args.csv else sys.stdout)  # --csv: standard output is the CSV alone
            return 0
    if args.action == "list" and not path.exists():  # no match started yet: nothing wrong, nothing to list
        print("[]" if args.json else WORDS[lang]["none"].format(path=path))
        return 0
    ledger = open_existing(path, source)
    if args.action == "list":
        return _list_json(ledger, lang) if args.json else _list(ledger, lang)
    if args.action == "totals":
        return _totals(ledger, args.ids, since, args.json, lang, named, until, args.csv, args.out, args.force,
                       args.game)
    if args.action == "show":
        return _show(ledger, args.id, args.json, lang)
    if args.action == "end":
        return _end(Ledger(path), args.id, lang)
    return _csv(ledger, args, lang)


def _end(ledger: Ledger, match_id: int, lang: str) -> int:
    """`end`: match ``match_id`` ended now (:meth:`tilelens.ledger.Ledger.end_match`), said in one line with who won."""
    ledger.end_match(match_id)
    match = ledger.match(match_id)
    state = ledger.state(match_id)
    match = _said_players(match)
    names, total = _leaders(match, state, lang)
    print(WORDS[lang]["ended_now"].format(id=match_id, why=end_said(match, state, lang), names=names, total=total))
    return 0


def _merge(path: Path, other: Path, dry_run: bool, lang: str, db: Path | None = None) -> int:
    """`merge`: ``other`` added to the ledger ``path`` (``tilelens.ledger_merge``); its summary printed, each match
    of ``other`` that cannot be read named on standard error (exit status 2). ``db``: the ledger as --db named it,
    in the commands said."""
    from scorer.result import TilelensInputError, error_text
    from tilelens.ledger_merge import merge_failed, merge_ledgers, merge_summary

    try:
        report = merge_ledgers(path, other, dry_run=dry_run)
    except (TilelensInputError, OSError):  # refused, or a file that cannot be read or written: said as ever
        raise
    except Exception as exc:  # noqa: BLE001 - a problem the merge did not expect: one line, not a traceback (one
        # transaction: the ledger as it was, none made), as the ledger page says it
        raise LedgerError(merge_failed(str(other), exc, "en"), merge_failed(str(other), exc, "ja")) from None
    for exc in report.left_out:
        print(f"tilelens ledger: {error_text(exc, lang)}", file=sys.stderr)
    print("\n".join(merge_summary(report, lang, db=db)))
    return 2 if report.left_out else 0


def _no_file_at(path: Path) -> LedgerError:
    """A --db file that does not exist, with the file beside it that it may have meant (a name misspelt)."""
    import difflib

    try:
        beside = sorted(p.name for p in (path.parent if str(path.parent) else Path(".")).iterdir() if p.is_file())
    except OSError:
        beside = []
    near = difflib.get_close_matches(path.name, beside, n=1)
    hint, hint_ja = (f" (did you mean {path.parent / near[0]}?)", f" ({path.parent / near[0]} のことですか?)") if near \
        else ("", "")
    return LedgerError(f"there is no ledger file at {path}{hint}: --db names an existing ledger file (without --db, "
                       "the app's)",
                       f"{path} に成績表のファイルがありません{hint_ja}。--db には今ある成績表のファイルを指定してください "
                       "(--db なしではアプリのファイル)")


def _riichi_said(game_id: str, lang: str) -> str:
    """A Donjara game's riichi as its entries say it: with the game's own call (「リーチ (スタンバイ)」), a game removed
    in the app's as the app kept it (``kept_game``); リーチ for a game that has none or no longer loads."""
    try:
        from scorer.engine import riichi_said

        return riichi_said(kept_game(game_id), lang)
    except Exception:  # noqa: BLE001 - an entry is still said: in the word every game knows
        return "リーチ" if lang == "ja" else "riichi"


def _game_name(game_id: str, lang: str, known: dict[tuple[str, str], str] | None = None) -> str:
    """A game's name as a person knows it in ``lang``: a game whose house table edited in the app cannot be read by the
    name of its file as shipped (or as added), as the app's ledger page names it ("Tokyo Mahjong (riichi)"); a game
    removed in the app by the name of the file the app kept (``removed_game``), followed by its id in brackets as the
    app's ledger page names it ("Holo Donjara [holo-donjara]": the id to add again); its id where it has none (a game
    not loadable, no file of it kept). ``known``: the names found so far (a list of 300 matches of three games loaded
    each game 300 times). A game named by its id for its file, added in the app, broken or gone: why, said once on
    stderr (:func:`_say_unloaded_game`)."""
    if known is not None:
        if (game_id, lang) not in known:
            known[game_id, lang] = _game_name(game_id, lang)
        return known[game_id, lang]
    from scorer import load_game
    from scorer.catalog import house_tables

    try:
        game = load_game(game_id)
        return said((game.name_ja if lang == "ja" else game.name_en) or game_id)
    except Exception as exc:  # noqa: BLE001 - a match of a game not loadable here is still listed
        _say_unreadable_table(game_id, exc)
    try:  # its file as shipped (or added), without the house table that cannot be read
        with house_tables(lambda _: None):
            game = load_game(game_id)
        return said((game.name_ja if lang == "ja" else game.name_en) or game_id)
    except Exception as exc:  # noqa: BLE001 - no such file: a game removed in the app, or not loadable here
        removed = removed_game(game_id)
        _say_unloaded_game(game_id, exc, removed is not None)
        name = removed and ((removed.name_ja if lang == "ja" else removed.name_en) or removed.name_ja)
        return said(f"{name} [{game_id}]" if name and name != game_id else game_id)


_TABLES_SAID: set[str] = set()  # the games whose house table (or file) was said not to be read, once a command


def _say_unreadable_table(game_id: str, exc: Exception) -> None:
    """Why a game's matches are named as its file as shipped names it: its house table edited in the app cannot be
    read (``exc``, the message `tilelens score` gives, with the way out), said once on stderr. A game removed in the app says nothing."""
    from scorer.result import GameFileError, cli_lang, error_text
    from tilelens.home import edited_path

    if game_id in _TABLES_SAID or not isinstance(exc, GameFileError):
        return
    try:
        edited = edited_path(game_id) is not None
    except GameFileError:  # an edit that is a link to no file: the table cannot be read either
        edited = True
    if edited:
        _TABLES_SAID.add(game_id)
        print(f"tilelens ledger: {error_text(exc, cli_lang())}", file=sys.stderr)


def _say_unloaded_game(game_id: str, exc: Exception, removed: bool) -> None:
    """Why the matches of ``game_id`` are named by its id, said once on stderr: its file added in the app cannot be read
    (``exc``: the file and what is wrong in it), is passed over (a folder, a name Notepad gave it), or is not there
    (deleted, or its matches merged from another laptop's ledger). A game removed in the app (``removed``: its file
    kept) says nothing, unless a file of it is added again and cannot be read."""
    from scorer.catalog import added_games, skipped_added_games
    from scorer.result import cli_lang, error_text
    from tilelens.home import added_games_dir

    if f"{game_id}.toml" in _TABLES_SAID:
        return
    lang = cli_lang()
    words, game = WORDS[lang], quoted_ja(game_id) if lang == "ja" else game_id
    if game_id in added_games():  # there, but it cannot be read
        line = words["game_unread"].format(game=game, why=error_text(exc, lang))
    elif passed := [s for s in skipped_added_games() if s.game_id == game_id]:
        why = "; ".join(f"{s.path}: {s.why_ja if lang == 'ja' else s.why}" for s in passed)
        line = words["game_unread"].format(game=game, why=why)
    elif not removed:
        line = words["game_gone"].format(game=game, path=added_games_dir() / f"{game_id}.toml")
    else:
        return
    _TABLES_SAID.add(f"{game_id}.toml")
    print(f"tilelens ledger: {said(line)}", file=sys.stderr)


def _created(created: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(created))


def iso_time(created: float) -> str:
    """A start time as ``--json`` says it: ISO 8601, local time with its offset, a colon in it
    (2026-12-06T19:30:00+09:00: Python's ``datetime.fromisoformat`` and JavaScript's ``Date`` read it)."""
    return datetime.fromtimestamp(created).astimezone().isoformat(timespec="seconds")


NAMES_SEP = {"en": ", ", "ja": "、"}  # a list of names: 「太郎、花子」, not 「太郎 花子」


def _leaders(match: Match, state: TableState, lang: str = "en") -> tuple[str, str]:
    """The names of those in first place (a tie: each, joined as ``lang`` lists names) and their total, with its unit
    as `show` says it (「240万」, "37,500 points")."""
    first = [(seat, total) for place, seat, total in standings(state.totals) if place == 1]
    return NAMES_SEP[lang].join(match.players[seat] for seat, _ in first), amount_in(first[0][1], units_of(match), lang)


def _reason(state: TableState, lang: str) -> str:
    """Why the match of ``state`` ended, in ``lang`` ("ended early after hand 3", 「3局で終了」)."""
    return state.reason_in(lang) or ""


def _list(ledger: Ledger, lang: str) -> int:
    words = WORDS[lang]
    good, bad = ledger.read_matches()
    if not good and not bad:
        print(words["none"].format(path=ledger.path))
        return 0
    from scorer.result import error_text

    left_out = 0
    names_of: dict[tuple[str, str], str] = {}  # each game loaded once
    good = by_start(good)
    tables = ledger.tables(good)  # every match's hands from one query
    copies = recorded_twice(good)  # another record of a match, kept beside it by a merge: marked
    for match in good:
        read = tables[match.id]
        if isinstance(read, LedgerError):  # a hand stored wrong: said, the other matches listed
            print(f"tilelens ledger: {error_text(read, lang)}", file=sys.stderr)
            left_out += 1
            continue
        state = read[0]
        match = _said_players(match)  # a name holding a control character said escaped: one line, no colour
        names, total = _leaders(match, state, lang)
        status = (words["not_started"] if not state.hands else
                  words["finished" if state.ended else "under_way"].format(names=names, total=total))
        if state.ended_early:  # said as such: "finished (ended early after hand 3), won by ..."
            status = words["finished_early"].format(why=_reason(state, lang), names=names, total=total)
        played = words["hand_1"] if state.played == 1 else words["hands"].format(n=state.played)
        copy = [words["copy"].format(first=copies[match.id])] if match.id in copies else []
        print(words["list_sep"].join([f"#{match.id}", _game_name(match.game_id, lang, names_of),
                                      words["sep"].join(match.players), played, _created(match.created), status,
                                      *copy]))
    for _, exc in bad:  # a match stored wrong is named and left out, the rest kept (as the ledger page does)
        print(f"tilelens ledger: {error_text(exc, lang)}", file=sys.stderr)
    return 2 if bad or left_out else 0


def by_start(matches: Sequence[Match]) -> list[Match]:
    """``matches`` as `list` lists them: the latest started first (a match merged from another laptop gets this
    ledger's next number, whenever it was played), matches started at one moment the higher number first."""
    return sorted(matches, key=lambda m: (m.created, m.id), reverse=True)


def _list_json(ledger: Ledger, lang: str) -> int:
    """The matches as one JSON list on one line (`list --json`), the latest started first, as :func:`_list` lists
    them; a match stored wrong named on standard error and left out, exit status 2."""
    from scorer.result import error_text

    good, bad = ledger.read_matches()
    good = by_start(good)
    tables = ledger.tables(good)
    copies = recorded_twice(good)
    listed, left_out = [], 0
    for match in good:
        read = tables[match.id]
        if isinstance(read, LedgerError):
            print(f"tilelens ledger: {error_text(read, lang)}", file=sys.stderr)
            left_out += 1
            continue
        state = read[0]
        listed.append({"id": match.id, "game": match.game_id, "players": list(match.players),
                       "created": iso_time(match.created), "hands_played": state.played, "entries": state.hands,
                       "ended": state.ended, "end_reason": state.end_reason, "end_reason_ja": state.end_reason_ja,
                       "totals": dict(zip(match.players, state.totals, strict=True)), "pot": state.pot,
                       "unit": units_of(match), "copy_of": copies.get(match.id)})
    for _, exc in bad:
        print(f"tilelens ledger: {error_text(exc, lang)}", file=sys.stderr)
    print(json.dumps(listed, ensure_ascii=False))
    return 2 if bad or left_out else 0


def _said_players(match: Match) -> Match:
    """``match`` with its players' names as a terminal line says them (``said``: a control character escaped,
    which recoloured the terminal or broke the one-line layout); the text output's, ``--json`` has them as stored."""
    return dataclasses.replace(match, players=tuple(map(said, match.players)))


def _payments(hand: HandRecord, took: Taken | None = None) -> list[tuple[int, int, int]]:
    """``(payer, payee, amount)`` of each payment of a hand as entered (a chombo's: its declarer pays); with what
    its winner ``took`` (``TableState.taken``), the honba passed to it by the head bump too, from the winner who
    held them, as they flowed (the totals hold them so)."""
    if hand.kind is HandKind.CHOMBO:
        return [(hand.offender, seat, amount) for seat, amount in hand.payments.items()]
    flows = [(seat, hand.winner, amount) for seat, amount in hand.payments.items()]
    if took is not None and took.honba_from is not None and took.honba_points:
        flows.append((took.honba_from, hand.winner, took.honba_points))
    return flows


def _all_payments(match: Match, hands: Sequence[HandRecord], index: int,
                  took: Taken | None = None) -> list[tuple[int, int, int]]:
    """``(payer, payee, amount)`` of every payment of ``hands[index]`` (:func:`_payments`): a draw's too, the noten
    payments (``noten_payments``) or its nagashi mangan's (``nagashi_payments``), which no entry stores but the replay
    pays, so that each hand's payments add up to its change of the totals."""
    hand = hands[index]
    return _payments(hand, took) + nagashi_payments(match, hands, index) + noten_payments(match, hand)


def _hand_named(match: Match, state: TableState, index: int, number: int, lang: str) -> str:
    """The hand ``index`` as the ledger page named it while it was played (``app.components.ledger_view.round_label``):
    riichi mahjong's by its round and honba (東1局 0本場, "East 1, honba 0"), a Donjara game's by its number (1局目,
    "Hand 1": ``hand_numbers``), with its honba at a table counting them (2局目 1本場, "Hand 2, honba 1"), as where
    no deal is known (a state made by hand). Past North East again, with its lap (東1局 (5周目) 0本場): the ledger's
    words (``tilelens.ledger.round_said``, ``hand_number_said``)."""
    played_at = hand_round(match, state, index)
    if played_at is not None:
        return round_said(played_at, lang)
    return hand_number_said(number, deal_honba(state, index) or 0, lang)


def _unread(exc: LedgerError) -> LedgerError:
    """``exc``, a match named that cannot be read (``MatchDamagedError``), without the list's "it was left out" (「この
    対局は除きました」, said of one match that `show` or `csv` was asked for: nothing else was done)."""
    if not isinstance(exc, MatchDamagedError) or not hasattr(exc, "why"):
        return exc
    return LedgerError(f"match #{exc.match_id} in {exc.path} cannot be read: {exc.why}",
                       f"{exc.path} の対局 #{exc.match_id} を読めません: {exc.why_ja}")


def _show(ledger: Ledger, match_id: int, as_json: bool, lang: str) -> int:
    try:
        match = ledger.match(match_id)
        state, hands = ledger.table(match)  # the match just read: its row not read again
        try:
            text = (json.dumps(show_json(match, hands, state, *_copy_and_undone(ledger, match)), ensure_ascii=False)
                    if as_json else show_text(match, hands, state, lang))
        except (IndexError, KeyError, TypeError, ValueError) as exc:  # a seat not at the table (a file edited by hand)
            raise _damaged(match.id, ledger.path, exc) from None
    except MatchDamagedError as exc:
        raise _unread(exc) from None
    if said := table_changed_said(match, state.ended, lang):  # once, beside the house table the command names
        from tilelens.cli import say_house_table

        say_house_table(match.game_id)  # the table in use: the one thing here a house table changes
        print(f"tilelens ledger: {said}", file=sys.stderr)
    print(text)
    return 0


# What a match keeps of the table it started under, after the table has changed: the ledger page's words
# (app/components/i18n.py "table_changed", "table_changed_riichi"); the hands come from the table in use
# (``tilelens.ledger.game_as_started`` keeps the honba amounts), what settles between them from ``match.rules``
KEPT_SAID = {"en": {"riichi": "starting points, riichi sticks, chombo, honba, unit, when it ends and whether going "
                              "below 0 ends it, uma, return points, who gets the riichi sticks left at the end, "
                              "nagashi mangan",
                    "donjara": "starting points, riichi chips, chombo penalty, honba, unit, when it ends"},
             "ja": {"riichi": "持ち点・リーチ棒・チョンボ・本場・単位・終了の条件 (トビの有無)・ウマ・返し点・終了時に残ったリーチ棒の"
                              "行き先・流し満貫の有無",
                    "donjara": "持ち点・リーチのチップ・チョンボのペナルティ・本場・単位・終了の条件"}}


def table_changed_said(match: Match, ended: bool, lang: str = "en") -> str | None:
    """That the table of ``match``'s game has changed since it started (``tilelens.ledger.table_changed``), as the
    ledger page says it: new hands scored with the table in use, what the match settles between hands kept as it
    started; for a match that has ``ended``, that its hands and totals stay as recorded. None where the table is the
    one it started under, or that cannot be told (a game that no longer loads)."""
    from scorer.result import TilelensInputError
    from tilelens.ledger import kept_game, table_changed

    try:
        if not table_changed(match, kept_game(match.game_id)):
            return None
    except (TilelensInputError, OSError):
        return None
    game = _game_name(match.game_id, lang)
    if lang == "ja":
        head = f"対局 #{match.id}を始めた後に、{game}の表が変更されました。"
        if ended:
            return head + "対局は終了しています。局と持ち点は記録したときのままです。"
        return (head + f"これからの局はいまの表で採点します。開始時の{KEPT_SAID['ja'][_kind(match)]}は、"
                "対局を始めたときのままです。")
    head = f"the table of {game} has changed since match #{match.id} started: "
    if ended:
        return head + "the match has ended; its hands and totals stay as they were recorded."
    return (head + "new hands are scored with the table in use; what the match settles between hands "
            f"({KEPT_SAID['en'][_kind(match)]}) stays as it was when it started.")


def _kind(match: Match) -> str:
    """Which words say what ``match`` keeps: a riichi match's, else a Donjara match's."""
    return "riichi" if engine_of(match) == "riichi" else "donjara"


def _copy_and_undone(ledger: Ledger, match: Match) -> tuple[int | None, Mapping[str, float]]:
    """What `show --json` says of ``match`` besides its table: the first record's id where a merge kept it twice
    (``copy_of``, as `list --json` says it; null for any other match), and its hands undone and not brought back."""
    return ledger.first_record(match), ledger.undone_hands(match)


def _undone_json(undone: Mapping[str, float], hands: Sequence[HandRecord]) -> list[dict[str, Any]]:
    """`show --json`'s ``undone``: each hand undone (not among ``hands``) by its id, with when, in the order undone
    (a time that cannot be said null)."""
    here = {hand.id for hand in hands}
    return [{"id": uid, "undone": _iso_or_none(when)}
            for uid, when in sorted(undone.items(), key=lambda kv: kv[1]) if uid not in here]


def _iso_or_none(moment: float) -> str | None:
    """:func:`iso_time` of ``moment``; None for one no clock can say (a time stored wrong: -inf, or years away)."""
    try:
        return iso_time(moment)
    except (OverflowError, OSError, ValueError):
        return None


def _sticks_json(hand: HandRecord, took: Taken | None, name: Any) -> dict[str, Any]:
    """`show --json`'s ``sticks_taken`` and ``sticks_to`` of one entry: the riichi sticks (chips) that left the table
    at it, in points, and the winner they went to (the discard's nearest winner, in its last winner's entry: the head
    bump); 0 and null where none did."""
    if took is None or hand.kind is not HandKind.WIN or not (took.sticks or took.passed_sticks):
        return {"sticks_taken": 0, "sticks_to": None}
    to = hand.winner if took.sticks else took.passed_to
    return {"sticks_taken": took.sticks + took.passed_sticks, "sticks_to": None if to is None else name(to)}


def show_json(match: Match, hands: Sequence[HandRecord], state: TableState, copy_of: int | None = None,
              undone: Mapping[str, float] | None = None) -> dict[str, Any]:
    """The match as `show --json` prints it (English notes, as the CSV has them: the same in every language). Each
    hand's ``payments`` are as they flowed: a double ron's honba passed to the winner nearest the discarder (the
    head bump) is one more, from the winner who had been paid them, so that they add up to the totals; an exhaustive
    draw's are its noten payments (or its nagashi mangan's), which the replay pays and no entry stores. Its
    ``changes``: each player's total after it less before it (a riichi stick put down or taken included), ``pot`` the
    sticks on the table after it; ``copy_of`` and ``undone``: :func:`_copy_and_undone`'s. Every key in every match."""
    name = match.players.__getitem__
    engine = engine_of(match)
    notes = hand_notes(match.players, hands, state, units=units_of(match),  # a chombo's penalty with its unit
                       engine=engine, chip=match.rules.riichi_chip)  # Donjara's chips with their count, as the CSV
    rows = []
    taken = state.taken or [None] * len(hands)
    start = sum(state.history[0]) if state.history else 0  # less the totals: the sticks on the table
    for i, (hand, number, note, totals, took) in enumerate(zip(hands, hand_numbers(hands), notes, state.history[1:],
                                                                taken, strict=True)):
        before = state.history[i]
        discarder = dealt_in(hand)
        # a nagashi mangan's seats by name (stored as "nagashi:2"), said as the CSV says its kind, and what it paid
        win = ("ron" if hand.win_kind == SAME_DISCARD else "nagashi mangan" if hand.nagashi
               else abortive_said(hand.abortive) if hand.abortive is not None else hand.win_kind)
        # the deal it was played in, as the text names it: the round ("East 2"; a Donjara game's none: its "hand"),
        # its honba and dealer
        dealer, _, honba = state.deals[i] if state.deals else (None, 0, 0)
        played_at = hand_round(match, state, i, engine)
        said_round = None if played_at is None else round_said(played_at, "en", with_honba=False)
        rows.append({"entry": hand.seq + 1, "id": hand.id, "hand": number, "round": said_round, "honba": honba,
                     "dealer": None if dealer is None else name(dealer), "kind": hand.kind.value, "win": win,
                     "same_discard": hand.win_kind == SAME_DISCARD,
                     "nagashi": [name(s) for s in hand.nagashi],
                     "winner": None if hand.winner is None else name(hand.winner),
                     "dealt_in": None if discarder is None else name(discarder),
                     "chombo_by": None if hand.offender is None else name(hand.offender),
                     "payments": [{"from": name(a), "to": name(b), "amount": amount}
                                  for a, b, amount in _all_payments(match, hands, i, took)],
                     "riichi": [name(s) for s in hand.riichi], "tenpai": [name(s) for s in hand.tenpai],
                     "note": note, "totals": dict(zip(match.players, totals, strict=True)),
                     "changes": {player: after - was for player, was, after in zip(match.players, before, totals,
                                                                                   strict=True)},
                     "pot": start - sum(totals), **_sticks_json(hand, took, name)})
    return {"id": match.id, "game": match.game_id, "players": list(match.players),
            "created": iso_time(match.created), "copy_of": copy_of,
            "hands": rows, "undone": _undone_json(undone or {}, hands), "hands_played": state.played,
            "totals": dict(zip(match.players, state.totals, strict=True)),
            "standings": _standings_json(match, state),
            **_options_json(match),
            "pot": state.pot, "ended": state.ended, "end_reason": state.end_reason,
            "end_reason_ja": state.end_reason_ja,
            "dealer": name(state.dealer), "honba": state.honba, "unit": units_of(match)}


def _standings_json(match: Match, state: TableState) -> list[dict[str, Any]]:
    """`show --json`'s standings: place, player, total; where the match's rules set uma or oka, the final score and
    what made it too, in points (``tilelens.ledger.FinalScore``)."""
    scores = final_scores(match.rules, state)
    if scores is None:
        return [{"place": place, "player": match.players[seat], "total": total}
                for place, seat, total in standings(state.totals)]
    return [{"place": s.place, "player": match.players[s.seat], "total": s.total, "score": s.score, "uma": s.uma,
             "oka": s.oka, "sticks": s.sticks} for s in scores]


def _options_json(match: Match) -> dict[str, Any]:
    """`show --json`'s ``options``: the match options its rules set (uma in thousands, as a game file writes them), where
    they set any; null for a match without them (the key there in every match, as every other)."""
    if not has_final_score(match.rules):
        return {"options": None}
    options = {key: getattr(match.rules, key) for key in MATCH_OPTIONS}
    return {"options": {**options, "uma": list(options["uma"])}}


def show_text(match: Match, hands: Sequence[HandRecord], state: TableState, lang: str = "en") -> str:
    """The match as `show` prints it, in ``lang``: a Donjara match in its own words (``DONJARA_WORDS``)."""
    engine = engine_of(match)
    words = {**WORDS[lang], **(DONJARA_WORDS.get(lang, {}) if engine != "riichi" else {})}
    if engine != "riichi" and (own := draw_word(match, lang)):  # its document's word (Nogizaka's 流局)
        words["draw"] = own if lang == "ja" else own[:1].lower() + own[1:]  # "Hand 1: nobody won", as the engine's
    units = units_of(match)  # every amount with the game's unit: a bare "40" said nothing of it (万, points)
    riichi = _riichi_said(match.game_id, lang) if engine != "riichi" else ("リーチ" if lang == "ja" else "riichi")
    # each note as the ledger says it (a chombo's penalty with its unit; the names as stored), then a control
    # character escaped in it
    notes = [said(note) for note in hand_notes(match.players, hands, state, lang, units, engine,
                                                match.rules.riichi_chip)]  # 「6,000点 (6本)も獲得」
    match = _said_players(match)
    name = match.players.__getitem__
    lines = [words["head"].format(id=match.id, game=_game_name(match.game_id, lang), created=_created(match.created)),
             words["players"].format(first=name(0), names=words["sep"].join(match.players)), words["hands_head"]]
    for i, (hand, number, note) in enumerate(zip(hands, hand_numbers(hands), notes, strict=True)):
        discarder = dealt_in(hand)
        if hand.kind is HandKind.END:  # no hand: the match ended early there ("ended early after hand 3")
            lines.append(words["entry_end"].format(seq=hand.seq + 1, what=note))
            continue
        if hand.kind is HandKind.DRAW:
            what = words["draw"]
            if hand.abortive is not None:  # said as what it was (「途中流局 (四家リーチ)」), its note not again
                what = abortive_said(hand.abortive, lang)
                note = "" if note == abortive_said(hand.abortive, lang) else note
            if hand.nagashi:  # said as its result, with what it paid (its note said it only beside a note of its own)
                what += " · " + words["nagashi"].format(names=words["sep"].join(map(name, hand.nagashi)))
                note = "" if note_is_its_kind(hand) else said(hand_note_said(hand, lang, units))
        elif hand.kind is HandKind.CHOMBO:
            what = words["chombo"].format(name=name(hand.offender))
        elif discarder is not None:
            what = words["win_same" if hand.win_kind == SAME_DISCARD else "win_ron"].format(
                winner=name(hand.winner), payer=name(discarder))
        else:
            what = words["win_tsumo"].format(winner=name(hand.winner))
        parts = [what]
        paid = [words["pays"].format(payer=name(a), payee=name(b), amount=amount_in(amount, units, lang))
                for a, b, amount in _all_payments(match, hands, i) if amount]
        if paid:
            parts.append(words["sep"].join(paid))
        if hand.riichi:  # 「リーチ (スタンバイ): うづき」 where the game has its own call (``scorer.engine.riichi_said``)
            parts.append(words["riichi"].replace("リーチ" if lang == "ja" else "riichi", riichi, 1).format(
                names=NAMES_SEP[lang].join(map(name, hand.riichi))))
        if hand.tenpai:
            parts.append(words["tenpai"].format(names=NAMES_SEP[lang].join(map(name, hand.tenpai))))
        if note and not note_is_its_kind(hand):  # a draw's own word: said once, as its result ("draw")
            parts.append(words["note"].format(note=note))
        lines.append(words["entry"].format(seq=hand.seq + 1, hand=_hand_named(match, state, i, number, lang),
                                           what=" · ".join(parts)))
    if not hands:
        lines.append(words["no_hands"])
    unit = units.get(lang) or units["en"]
    # 「持ち点:」, not 「持ち点 (点):」; a unit that says more than 点 is said (「持ち点 (万):」)
    totals = words["totals_plain" if lang == "ja" and unit == "点" else "totals"]
    lines.append(totals.format(unit=unit, totals=words["sep"].join(
        f"{player} {total:,}" for player, total in zip(match.players, state.totals, strict=True))))
    places = standings(state.totals)
    scores = final_scores(match.rules, state)  # uma, oka: each total with the final score it makes
    lines.append(words["final" if state.ended else "so_far"])
    if scores is None:
        lines += [words["standing"].format(place=place, name=name(seat), total=amount_in(total, units, lang))
                  for place, seat, total in places]
    else:  # the scores as a column, as `totals` says them: "-5.0" beside "+45.8"
        column = scores_said(s.score for s in scores)
        lines += [words["standing"].format(place=s.place, name=name(s.seat),
                                           total=final_score_said(match, s, lang, said_as))
                  for s, said_as in zip(scores, column, strict=True)]
    if len({place for place, _, _ in places}) < len(places) and scores is None:
        lines.append(words["tied"])
    if scores is not None:  # how the final scores are made (tied places sharing their uma said there)
        lines.append("  " + final_score_rule_said(match.rules, len(match.players), lang))
    if state.pot:
        # as the ledger page says it: a riichi game's in points and sticks, 「1,000点 (1本)」; a Donjara game's in
        # its unit and chips, 「20点 (2枚)」
        pot = sticks_said(state.pot, match.rules.riichi_chip, engine, lang, units)
        top = [name(s.seat) for s in scores or () if s.sticks]
        lines.append(words["pot_top"].format(pot=pot, names=words["sep"].join(top)) if top
                     else words["pot_left" if state.ended else "pot"].format(pot=pot))
    if state.ended:  # who ended it by their total named (a total below 0 said as such)
        lines.append(words["ended"].format(why=end_said(match, state, lang)))
    return "\n".join(lines)


def _said(key: str, **values: Any) -> LedgerError:
    """``WORDS[key]`` as an error, in both languages."""
    return LedgerError(WORDS["en"][key].format(**values), WORDS["ja"][key].format(**values))


def _write(path: Path, data: bytes, force: bool, ledger: Path, exists: str = "exists") -> None:
    """Write ``data`` to the file ``path``, its folder made where it is missing (for one match as for --all):
    refused, one line in both languages, where a file is there already (unless ``force``: it was written over
    without a word), and where ``path`` is the file of the ``ledger`` read (by a link or another name too), whatever
    ``force`` says; any reason the system gives (no rights, a file where a folder must be) said with the file's
    name. A named pipe or a device there (through a link) is refused as `label export` refuses it, never opened (a
    pipe opened to write waits for a reader for ever). Written whole or not at all (a temporary file beside it, put
    in its place: ``store.atomic_write_bytes``): a write that finds no room (a full disk, a quota, a file-size limit)
    leaves no empty file to block the retry, and the file --force was to replace as it was; the error then has
    ``no_room`` true (`csv --all` stops there)."""
    import errno

    from scorer.result import TilelensInputError
    from tilelens.labelling.store import atomic_write_bytes
    from tilelens.ledger_merge import _same_file

    if said := not_a_file_said(path, writing=True):
        raise LedgerError(f"{path} {said[0]}; name a file to write",
                          f"{path} {said[1]}。書き出すファイルの名前を指定してください")
    if _same_file(path, ledger):
        raise _said("own_file", path=path)
    if path.exists() and not force:
        raise _said(exists, path=path)
    try:
        _make_folder(path.parent if str(path.parent) else Path("."))
        atomic_write_bytes(path, data)
    except TilelensInputError as exc:  # a folder or a link to nothing in its place (``store.check_target``)
        raise LedgerError(str(exc), getattr(exc, "message_ja", "")) from None
    except OSError as exc:  # no rights, no room: the system's reason, with the file named once
        unwritten = _said_unwritten(path, exc)
        unwritten.no_room = exc.errno in {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
        raise unwritten from None


def _said_unwritten(path: Path, exc: OSError) -> LedgerError:
    """``path`` cannot be written, for the system's reason ``exc``, in both languages: the reason as the command line
    says it (``tilelens.cli.os_problem``: 「権限がありません」), not the system's English in a Japanese line. A file
    missing where the command was to make it (its folder is there: the command makes it) is a place where no file can
    be made (/proc)."""
    import errno

    from tilelens.cli import os_problem

    if isinstance(exc, FileExistsError) and not exc.errno:  # ``_make_folder``'s: a file where a folder must be
        why, why_ja = f"{exc.filename} is a file, not a folder", f"{exc.filename} はファイルで、フォルダではありません"
    elif exc.errno == errno.ENOENT:
        why, why_ja = "a file cannot be made there", "そこにはファイルを作れません"
    # tilelens.labelling.store.atomic_write_bytes names the folder, not the file, in ``filename`` where the file is
    # there but its folder may not be written in (its temporary file cannot be made beside it): that folder tells it
    elif exc.filename and Path(exc.filename).is_dir():
        why = f"its folder {exc.filename} may not be written in (the file is written whole beside it, then put in place)"
        why_ja = f"フォルダ {exc.filename} に書き込めません (ファイルはその中に書いてから置き換えます)"
    else:
        bare = OSError(exc.errno, exc.strerror) if exc.errno and exc.strerror else exc  # the file named once
        why, why_ja = os_problem(bare, "en"), os_problem(bare, "ja")
    return LedgerError(WORDS["en"]["not_written"].format(path=path, why=why),
                       WORDS["ja"]["not_written"].format(path=path, why=why_ja))


def _make_folder(folder: Path) -> None:
    """``folder`` made where it is missing; ``FileExistsError`` where a file is in its place (or in a folder's above
    it), said so rather than as the system's "File exists"."""
    if not folder.is_dir():
        blocker = file_in_the_way(folder / "x")
        if blocker is not None:
            raise FileExistsError(0, f"{blocker} is a file, not a folder", str(blocker))
        folder.mkdir(parents=True, exist_ok=True)


def _csv(ledger: Ledger, args: argparse.Namespace, lang: str) -> int:
    words = WORDS[lang]
    if not args.all:
        try:
            text = ledger.to_csv(args.id, standings=args.standings)
        except MatchDamagedError as exc:
            raise _unread(exc) from None
        if args.out is None or args.out == "-":  # `-`: standard output, as `check --csv -` takes it
            sys.stdout.write(text)
            return 0
        out = Path(args.out)
        # a folder: one there already, or named with a / at its end (made, as --all makes its folder)
        folder = out.is_dir() or args.out.endswith(("/", os.sep))
        path = out / csv_file_name(args.id, args.standings) if folder else out
        _write(path, csv_bytes(text), args.force, ledger.path)  # as the page's download
        print(words["wrote"].format(path=path))
        return 0
    folder = Path(args.out)
    if args.out == "-":  # one file per match: no standard output
        raise LedgerError("--all writes one file per match, so not to --out - (standard output): name a folder with "
                          "--out (one match to standard output: tilelens ledger csv ID --out -)",
                          "--all は対局ごとに1ファイル書き出すので、--out - (標準出力) は使えません。--out にはフォルダを"
                          "指定してください (1つの対局を標準出力へ: tilelens ledger csv ID --out -)")
    if folder.exists() and not folder.is_dir():
        raise LedgerError(f"--all writes one file per match: --out must be a folder, and {folder} is a file",
                          f"--all は対局ごとに1ファイル書き出します。--out にはフォルダを指定してください ({folder} は"
                          "ファイルです)")
    good, bad = ledger.read_matches()
    if not good and not bad:
        print(words["none"].format(path=ledger.path))
        return 0
    from scorer.result import error_text

    try:
        _make_folder(folder)
    except OSError as exc:
        raise _said_unwritten(folder, exc) from None
    written, stopped = 0, None
    tables = ledger.tables(good)  # every match's hands from one query (one each took 7 ms a match)
    matches = sorted(good, key=lambda m: m.id)
    for at, match in enumerate(matches):
        try:
            read = tables[match.id]
            if isinstance(read, LedgerError):
                raise read
            text = ledger.to_csv(match, standings=args.standings, table=read)
        except LedgerError as exc:  # a hand stored wrong: said, the other matches written
            print(f"tilelens ledger: {error_text(exc, lang)}", file=sys.stderr)
            continue
        try:  # kept without --force
            _write(folder / csv_file_name(match.id, args.standings), csv_bytes(text), args.force, ledger.path, "kept")
        except LedgerError as exc:  # said, the other matches written
            print(f"tilelens ledger: {error_text(exc, lang)}", file=sys.stderr)
            if getattr(exc, "no_room", False):  # a full disk: every later file would fail alike
                left = len(matches) - at
                stopped = words["stopped_1" if left == 1 else "stopped"].format(n=left, id=match.id)
                break
            continue
        written += 1
    for _, exc in bad:
        print(f"tilelens ledger: {error_text(exc, lang)}", file=sys.stderr)
    print(words["wrote_1" if written == 1 else "wrote_all"].format(n=written, path=folder))
    if stopped is not None:  # what is left, after what was written
        print(f"tilelens ledger: {stopped}", file=sys.stderr)
    return 2 if bad or written < len(good) else 0  # a stop leaves a match unwritten


# The words of `totals` in each language (its --json is the same in both); those the ledger page's Tonight's totals
# says alike: ``tilelens.ledger.TOTALS_NOTE_WORDS``
TOTALS_WORDS: dict[str, dict[str, str]] = {
    "en": {**TOTALS_NOTE_WORDS["en"], "matches": "Matches ({unit}): {matches}", "match": "#{id} {created} {status}", "finished": "finished",
           "matches_scored": "Matches (results in thousands of points): {matches}",  # final scores (+55)
           "under_way": "under way", "sep": ", ",
           "what": "Each player's result: the total at a match's end (or now) less its starting points; -: not at that "
                   "table",
           # a match with uma or oka (``EveningTotals.scored``): its final score, in thousands as a club writes it
           "what_scored": "Each player's result, in thousands of points: a match's final score (with its uma and oka), "
                          "or where it sets none, (the total at its end, or now, less its starting points) ÷ 1,000; -: "
                          "not at that table",
           "player": "Player", "total": "Total", "played": "Matches",
           # a look-alike name's matches ({where}: "Ann: #1, #6; ann: #4, #5"), to rename it in each
           "look_alike": "Counted as different players (names are matched as typed): {names}; where they are one "
                         "person, rename one in each match it is in ({where}; the ledger page: choose the match, then "
                         "Rename a player)",
           "look_alike_where": "{name}: {ids}",
           # a match without uma or oka added up with final scores: as the ledger page says it (tonight_mixed)
           "mixed_one": "{ids} has no uma or oka: its results are (total less the starting points) ÷ 1,000, added to "
                        "the final scores of {scored}.",
           "mixed": "{ids} have no uma or oka: their results are (total less the starting points) ÷ 1,000, added to "
                    "the final scores of {scored}.",
           # the sticks (chips) on the tables, in no one's result: the results add up to minus them (``show``'s pot)
           "on_tables": "Riichi sticks on the tables, in no player's result (so the results add up to {sum}): {pots}",
           "on_tables_chips": "Riichi chips on the tables, in no player's result (so the results add up to {sum}): "
                              "{pots}",
           "on_tables_both": "Riichi sticks and chips on the tables, in no player's result (so the results add up to "
                             "{sum}): {pots}",
           # a match two laptops recorded differently, kept twice by a merge (``tilelens.ledger.recorded_twice``)
           "twice_out": "#{first} and #{copy} are one match recorded differently on two laptops: #{copy} is left out "
                        "of these totals, as on every laptop that has both; delete the wrong one (the "
                        "ledger page: \"Delete this match\"). To add up #{copy} in place of #{first}: {command}",
           "twice_both": "#{first} and #{copy} are one match recorded differently on two laptops: both are added up "
                         "here, so that table counts twice; delete the wrong one (the ledger page: \"Delete this "
                         "match\")",
           # a player another laptop renamed in its record of a match (``Ledger.named_there``): two players here
           "named_there": "{here} (#{id}) is {there} in another laptop's record of that match, counted here as "
                          "another player; where {here} is {there}, rename {here} in #{id} (the ledger page: choose "
                          "match #{id}, then Rename a player)",
           "nothing": "nothing to add up: no match with a hand yet in {path}",
           "nothing_since": "nothing to add up: no match with a hand started in the evening of {since} or later in "
                            "{path}",
           "nothing_evening": "nothing to add up: no match with a hand started in the evening of {since} in {path}",
           "nothing_range": "nothing to add up: no match with a hand started in the evenings of {since} to {until} "
                            "in {path}",
           "nothing_until": "nothing to add up: no match with a hand started in the evening of {until} or earlier in "
                            "{path}",
           "of_game": " (--game {game})",
           # a season's matches (more than ``TOTALS_COLUMNS``): by their count, each match's column left out
           "many_matches": "{n} matches, started {first} to {last}, {under} under way",
           # the matches under way among them, named: counted as they stand now, not as final
           "many_under": "{n} matches, started {first} to {last}, {under} under way: {ids}",
           "columns_left_out": "Each match's own result is left out of this table ({n} matches, over "
                               "{most}): the totals and matches played are here; --csv or --json has every match"},
    "ja": {**TOTALS_NOTE_WORDS["ja"], "matches": "対局 ({unit}): {matches}", "match": "#{id} {created} {status}", "finished": "終了",
           "matches_scored": "対局 (成績は千点単位): {matches}",
           "under_way": "対局中", "sep": "、",
           "what": "各プレイヤーの成績: 対局の最後 (対局中はいま) の持ち点 − 開始時の持ち点。-: その対局に不参加",
           "what_scored": "各プレイヤーの成績 (千点単位): 対局の最終スコア (ウマ・オカ込み)。ウマ・オカのない対局は "
                          "(最後 (対局中はいま) の持ち点 − 開始時の持ち点) ÷ 1,000。-: その対局に不参加",
           "player": "プレイヤー", "total": "合計", "played": "対局数",
           "look_alike": "別のプレイヤーとして数えています (名前は入力どおりに照合します): {names}。同じ人なら、どちらかの"
                         "名前を、その名前の各対局 ({where}) で直してください (成績表のページでその対局を選んで「プレイヤー"
                         "の名前を直す」)",
           "look_alike_where": "{name}は{ids}",
           "mixed_one": "{ids}はウマ・オカのない対局です。その成績は (持ち点 − 開始時の持ち点) ÷ 1,000 で、{scored}の最終"
                        "スコアと合わせて合計しています。",
           "mixed": "{ids}はウマ・オカのない対局です。その成績は (持ち点 − 開始時の持ち点) ÷ 1,000 で、{scored}の最終"
                    "スコアと合わせて合計しています。",
           "on_tables": "場のリーチ棒は誰の成績にも入りません (そのため成績の合計は {sum}): {pots}",
           "on_tables_chips": "場のリーチのチップは誰の成績にも入りません (そのため成績の合計は {sum}): {pots}",
           "on_tables_both": "場のリーチ棒とリーチのチップは誰の成績にも入りません (そのため成績の合計は {sum}): {pots}",
           "twice_out": "#{first}と#{copy}は、2台のパソコンで違って記録された同じ対局です。#{copy}はこの合計に"
                        "入れていません (両方があるどのパソコンでも同じ)。間違っているほうを削除してください (成績表の"
                        "ページの「この対局を削除」)。#{first}の代わりに#{copy}を合計するには: {command}",
           "twice_both": "#{first}と#{copy}は、2台のパソコンで違って記録された同じ対局です。ここでは両方を合計しているため、"
                         "その卓を2回数えています。間違っているほうを削除してください (成績表のページの「この対局を削除」)",
           "named_there": "#{id}の{here}は、ほかのパソコンの記録では{there}です。ここでは別のプレイヤーとして数えて"
                          "います。同じ人なら、#{id}の{here}の名前を{there}に直してください (成績表のページで対局 #{id}を"
                          "選んで「プレイヤーの名前を直す」)",
           "nothing": "合計する対局がありません: {path} に局のある対局はまだありません",
           "nothing_since": "合計する対局がありません: {path} に {since} の夜以降に始めた、局のある対局はありません",
           "nothing_evening": "合計する対局がありません: {path} に {since} の夜に始めた、局のある対局はありません",
           "nothing_range": "合計する対局がありません: {path} に {since} から {until} までの夜に始めた、局のある対局はあり"
                            "ません",
           "nothing_until": "合計する対局がありません: {path} に {until} の夜以前に始めた、局のある対局はありません",
           "of_game": " (--game {game})",
           "many_matches": "{n}対局 ({first}から{last}に開始。対局中 {under})",
           "many_under": "{n}対局 ({first}から{last}に開始。対局中 {under}: {ids})",
           "columns_left_out": "対局ごとの成績はこの表に入れていません ({n}対局。{most}対局を超えるため)。合計と対局数は"
                               "ここにあります。すべての対局の成績は --csv か --json で"},
}


def _checked_dates(args: argparse.Namespace) -> tuple[date | None, date | None]:
    """The evenings ``--since``, ``--until`` and ``--evening`` choose, as (first, last), None where open (neither
    given: the newest match's evening); ``LedgerError`` in both languages for one that is no date, a range that ends
    before it starts, --evening with --since or --until, or a date given with IDs (the matches are named or chosen by
    date, not both)."""
    given = [(option, value) for option, value in (("--since", args.since), ("--until", args.until),
                                                     ("--evening", args.evening)) if value is not None]
    if args.ids and getattr(args, "game", None) is not None:
        raise LedgerError("name the matches to add up (ID ...) or choose them by game (--game), not both",
                          "合計する対局は、ID で指定するか --game でゲームを指定するかのどちらかにしてください")
    if not given:
        return None, None
    if args.ids:
        option = given[0][0]
        raise LedgerError(f"name the matches to add up (ID ...) or choose them by date ({option}), not both",
                          f"合計する対局は、ID で指定するか {option} で日付を指定するかのどちらかにしてください")
    if args.evening is not None and len(given) > 1:
        raise LedgerError("--evening chooses one evening: give it alone, or a range with --since and --until",
                          "--evening は1つの夜を選びます。単独で指定するか、範囲なら --since と --until で指定して"
                          "ください")
    dates = {option: _date_of(option, value) for option, value in given}
    if "--evening" in dates:
        return dates["--evening"], dates["--evening"]
    since, until = dates.get("--since"), dates.get("--until")
    if since is not None and until is not None and until < since:
        raise LedgerError(f"--until {until} is before --since {since}: nothing lies between them",
                          f"--until {until} が --since {since} より前です。その間に夜はありません")
    return since, until


# The characters of a date as typed: ASCII digits and hyphen, and their full-width forms (a Japanese keyboard's)
_DATE_CHARACTERS = frozenset("0123456789-０１２３４５６７８９－")


def _date_of(option: str, value: str) -> date:
    """``value`` of ``option`` as a date; ``LedgerError`` in both languages: one not written YYYY-MM-DD, or written
    so of a day no calendar has (2026-11-31). Full-width digits and hyphens are taken as typed in Japanese
    (２０２６－０１－０１: NFKC, as ``ledger show １`` takes an id); any other form is refused naming YYYY-MM-DD, which
    ``date.fromisoformat`` or NFKC took: an ISO week date (2026-W01-1), one without hyphens (20261206), circled or
    other odd digits (2026-①②-06, 𝟐𝟎𝟐𝟔: NFKC makes them ASCII digits too)."""
    typed = value.strip()
    if set(typed) <= _DATE_CHARACTERS:
        typed = unicodedata.normalize("NFKC", typed)
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", typed, re.ASCII):
            try:
                return date.fromisoformat(typed)
            except ValueError:
                raise LedgerError(f"{option}: there is no such day as {typed} (the month has fewer days, or there is "
                                  "no such month)",
                                  f"{option}: {typed} という日はありません (その月の日数を超えているか、その月がありま"
                                  "せん)") from None
    raise LedgerError(f"{option} takes a date as YYYY-MM-DD, such as 2026-12-06, got {value!r}",
                      f"{option} には YYYY-MM-DD の形の日付を指定してください (例: 2026-12-06、いま {quoted_ja(value)})")


def _checked_csv(args: argparse.Namespace) -> None:
    """``LedgerError`` in both languages where --csv is asked with --json, or --out or --force without --csv."""
    if args.csv and args.json:
        raise LedgerError("--csv and --json are two forms of the totals: give one",
                          "--csv と --json は合計の2つの形です。どちらか1つを指定してください")
    if not args.csv and (args.out is not None or args.force):
        option = "--out" if args.out is not None else "--force"
        raise LedgerError(f"{option} goes with --csv (tilelens ledger totals --csv --out FILE|DIR)",
                          f"{option} は --csv と一緒に指定してください (tilelens ledger totals --csv --out FILE|DIR)")


def _totals(ledger: Ledger, ids: Sequence[int], since: date | None, as_json: bool, lang: str,
            db: Path | None = None, until: date | None = None, as_csv: bool = False, out: str | None = None,
            force: bool = False, game: str | None = None) -> int:
    """`totals`: the matches named (``ids``), else those with a hand of the newest match's evening (or of ``since``'s
    and every later one, to ``until``'s and every earlier one: ``evening_matches``) of the newest match's game, as
    the ledger page's Tonight's totals adds up one game's (the
    other games' matches said under the totals, with the command that adds them up), added up
    (:func:`tilelens.ledger.evening_totals`). A match stored wrong among those chosen by date is named on standard
    error and left out, exit status 2; one named is an error, nothing added up, the command without it said; so are
    matches of different games or units (a total across games means nothing). ``db``: the ledger as --db named it,
    in the commands said. ``game``: only that game's matches (--game; a season's, with ``since``): a game of no
    match is an error naming the ledger's games."""
    from scorer.result import error_text

    left_out: list[LedgerError] = []
    others: list[Match] = []
    if ids:
        good = {m.id: m for m in ledger.matches()}
        chosen, unread = [], []
        for i in dict.fromkeys(ids):
            try:
                chosen.append(good[i] if i in good else ledger.match(i))  # an id of no match: its error
            except MatchDamagedError as exc:
                unread.append(exc)
        read = ledger.tables(chosen)
        unread += [read[m.id] for m in chosen if isinstance(read[m.id], LedgerError)]
        if unread:
            raise _not_added_up(unread, [i for i in dict.fromkeys(ids) if i not in {_id_of(e) for e in unread}], db)
    else:
        good, bad = ledger.read_matches()
        if game is not None:  # one game's season: its matches alone (a match stored wrong of another game not said)
            game = _game_in_ledger(game, good, bad, ledger.path)
            good, bad = [m for m in good if m.game_id == game], [(g, exc) for g, exc in bad if g == game]
        read = ledger.tables(good)
        played = [m for m in good if not isinstance(read[m.id], LedgerError) and read[m.id][0].hands]
        chosen = evening_matches(played, since, until)
        # the first evening chosen: --since's; open with --until alone (every earlier evening); else the newest's
        first = since if since is not None or until is not None else evening_of(chosen[0].created) if chosen else None
        # a match whose hands are stored wrong, of the evenings chosen, and every match whose row is: said, left out
        left_out = [read[m.id] for m in good if isinstance(read[m.id], LedgerError)
                    and (first is not None or until is not None) and (first is None or evening_of(m.created) >= first)
                    and (until is None or evening_of(m.created) <= until)] + [exc for _, exc in bad]
        if chosen:  # the newest match's game (oldest first): the others said, not added up with it
            others = [m for m in chosen if m.game_id != chosen[-1].game_id]
            chosen = [m for m in chosen if m.game_id == chosen[-1].game_id]
    # a match two laptops recorded differently, kept twice by a merge: chosen by date, the copy (the same on every
    # laptop: ``tilelens.ledger.recorded_twice``) is left out (the table counted once); named both, both are added
    # up; either way the pair is said
    twice = recorded_twice(chosen)
    if not ids:
        chosen = [m for m in chosen if m.id not in twice]
    _one_unit_and_game(chosen, db)
    states = {m.id: read[m.id][0] for m in chosen}
    totals = evening_totals([(m, states[m.id]) for m in chosen])
    for exc in left_out:
        print(f"tilelens ledger: {error_text(exc, lang)}", file=sys.stderr)
    if as_csv and totals.matches:  # the notes said beside it, on standard error: standard output is the CSV alone
        there = ledger.named_there(chosen)  # a player another laptop renamed in its record of a match: to rename here
        _totals_csv(totals, states, lang, out, force, ledger.path)
        for line in [*(note for part in _said_of_totals(totals, lang) for note in part),
                     *_totals_notes(totals, others, twice, bool(ids), lang, db, since, until, there)]:
            print(line, file=sys.stderr)
    elif as_json:
        print(json.dumps(_totals_json(totals, states, others, twice, bool(ids)), ensure_ascii=False))
    elif not totals.matches:  # --csv: standard output is the CSV alone (nothing written, as none to write)
        print(_nothing_said(ledger.path, since, until, lang, game), file=sys.stderr if as_csv else sys.stdout)
    else:
        there = ledger.named_there(chosen)
        print(totals_text(totals, states, lang))
        for line in _totals_notes(totals, others, twice, bool(ids), lang, db, since, until, there):
            print(line)
    return 2 if left_out else 0


def _game_in_ledger(game: str, good: Sequence[Match], bad: Sequence[tuple[str, LedgerError]], path: Path) -> str:
    """The id of the game --game names (``game``: its id, or its name in either language, as `ledger list` says it,
    whole or its start, as score and check take it: ``scorer.cli.games_named``) among the games of the ledger ``path``
    (``good`` and ``bad`` read from it), a game no longer installed too (by its id, or the name the app kept of it:
    ``_game_name``); ``LedgerError`` in both languages where none is, the ledger's games named by name and id, or where
    it names more than one (ドンジャラ of two Donjaras' matches), those named."""
    from scorer.cli import games_named, several_games_said

    games = sorted({m.game_id for m in good} | {g for g, _ in bad if isinstance(g, str)})
    if game in games:
        return game
    known: dict[tuple[str, str], str] = {}
    named = games_named(game, {g: [_game_name(g, lang, known) for lang in ("en", "ja")] for g in games})
    if len(named) == 1:
        return named[0]

    def listed(lang: str, among: Sequence[str] = games) -> list[str]:
        # "Tokyo Mahjong (riichi) [tokyo-mahjong]": a removed game's name has its id
        names = [(g, _game_name(g, lang, known)) for g in among]
        return [name if name == g or name.endswith(f"[{g}]") else f"{name} [{g}]" for g, name in names]

    if named:
        raise LedgerError(*several_games_said(game, listed("en", named), listed("ja", named)))
    game_id = game  # an id, said as typed (a space before its particle, as a path's)
    if not games:
        raise LedgerError(f"no match of {game_id} in {path}: it has no match yet",
                          f"{path} に {game_id} の対局はありません。まだ対局がありません")

    raise LedgerError(f"no match of {game_id} in {path}: its games are {', '.join(listed('en'))}",
                      f"{path} に {game_id} の対局はありません。この成績表のゲーム: {'、'.join(listed('ja'))}")


def _nothing_said(path: Path, since: date | None, until: date | None, lang: str, game: str | None = None) -> str:
    """No match with a hand among those the dates chose (``since`` to ``until``; neither: any), of ``game`` where
    --game chose one."""
    said = _nothing_of_dates(path, since, until, lang)
    return said + TOTALS_WORDS[lang]["of_game"].format(game=game) if game is not None else said


def _nothing_of_dates(path: Path, since: date | None, until: date | None, lang: str) -> str:
    """:func:`_nothing_said` without the game."""
    words = TOTALS_WORDS[lang]
    if since is not None and since == until:
        return words["nothing_evening"].format(since=since, path=path)
    if since is not None and until is not None:
        return words["nothing_range"].format(since=since, until=until, path=path)
    if until is not None:
        return words["nothing_until"].format(until=until, path=path)
    return words["nothing_since"].format(since=since, path=path) if since is not None \
        else words["nothing"].format(path=path)


def _totals_notes(totals: EveningTotals, others: Sequence[Match], twice: Mapping[int, int], named: bool, lang: str,
                  db: Path | None, since: date | None = None, until: date | None = None,
                  there: Mapping[int, Sequence[tuple[str, str]]] | None = None) -> list[str]:
    """What is said under the totals: the evening's matches of other games, each match kept twice by a merge, and
    each player that another laptop's record of a match names otherwise (``there``: :meth:`Ledger.named_there`).
    ``since``, ``until``: the dates that chose the matches, in the command that adds up another game's."""
    lines = [_other_games_said(others, lang, db, since, until)] if others else []
    return (lines + _recorded_twice_said(twice, [m.id for m in totals.matches], named, lang, db)
            + _named_there_said(totals, there or {}, lang))


def _named_there_said(totals: EveningTotals, there: Mapping[int, Sequence[tuple[str, str]]], lang: str) -> list[str]:
    """A line for each player of ``totals``' matches whom another laptop's record of that match calls by a name that
    is a player of these totals too (renamed there, Fumj to Fumi: counted here as two players), with how to rename
    them here; a name there that no player of these totals has splits nothing, and is not said."""
    words = TOTALS_WORDS[lang]
    return [words["named_there"].format(here=said(here), there=said(other), id=match_id)
            for match_id, here, other in named_there_pairs(totals, there)]


def named_there_pairs(totals: EveningTotals,
                      there: Mapping[int, Sequence[tuple[str, str]]]) -> list[tuple[int, str, str]]:
    """``(match id, the name here, the name there)`` for each player of ``totals``' matches whom another laptop's
    record of that match calls by the name of another player of these totals (``there``: :meth:`Ledger.named_there`),
    in the order of the matches: what `ledger totals` and the ledger page's Tonight's totals say of them."""
    players = {p.name for p in totals.players}
    return [(match.id, here, other) for match in totals.matches for here, other in there.get(match.id, ())
            if other in players]


def _totals_csv(totals: EveningTotals, states: dict[int, TableState], lang: str, out: str | None,
                force: bool, ledger: Path) -> None:
    """`totals --csv`: the CSV of ``totals`` (``tilelens.ledger.totals_csv``) to standard output, or to the file
    ``out`` names as `ledger csv` writes one (the page's download: with a byte-order mark; a folder: the file named
    as the page names it, ``totals_file_name``; one there already kept without ``force``; the file of the
    ``ledger`` never)."""
    text = totals_csv(totals, states)
    if out is None or out == "-":  # `-`: standard output, as `check --csv -` takes it
        sys.stdout.write(text)
        return
    folder = Path(out).is_dir() or out.endswith(("/", os.sep))
    path = Path(out) / totals_file_name(totals) if folder else Path(out)
    _write(path, csv_bytes(text), force, ledger)
    print(WORDS[lang]["wrote"].format(path=path))


def _recorded_twice_said(twice: Mapping[int, int], added: Sequence[int], named: bool, lang: str,
                         db: Path | None) -> list[str]:
    """A line for each match of ``twice`` (:func:`tilelens.ledger.recorded_twice`: another record of one
    match, and the first record's id): both ``named`` and added up, said to count that table twice; else the copy
    said left out, with the command that adds it up in the first's place (``added``: the matches added up)."""
    words = TOTALS_WORDS[lang]
    lines = []
    for copy, first in sorted(twice.items()):
        if named:
            lines.append(words["twice_both"].format(first=first, copy=copy))
        else:
            command = _totals_command([copy if i == first else i for i in added], db)
            lines.append(words["twice_out"].format(first=first, copy=copy, command=command))
    return lines


def _id_of(exc: LedgerError) -> int | None:
    """The id of the match ``exc`` says cannot be read (``tilelens.ledger._damaged``), None where it names none."""
    return getattr(exc, "match_id", None)


def _totals_command(ids: Sequence[int], db: Path | None) -> str:
    """The command that adds up the matches ``ids`` of the ledger --db named (``db``; None: the app's)."""
    return shlex.join(["tilelens", "ledger", "totals", *map(str, ids), *(["--db", str(db)] if db is not None else [])])


def _by_kind(matches: Sequence[Match], kind: Any) -> dict[Any, list[int]]:
    """The ids of ``matches`` (in the order played) by ``kind`` of each, the kinds in the order first played."""
    groups: dict[Any, list[int]] = {}
    for match in sorted(matches, key=lambda m: (m.created, m.id)):
        groups.setdefault(kind(match), []).append(match.id)
    return groups


def _one_unit_and_game(matches: Sequence[Match], db: Path | None) -> None:
    """``LedgerError`` in both languages where ``matches`` are of more than one unit (``tilelens.ledger``'s words)
    or game, the command that adds up the first of them said: Tokyo Mahjong's points and Nogizaka's were added up
    into one total, as both are points."""
    by_unit = _by_kind(matches, lambda m: tuple(units_of(m).items()))
    if len(by_unit) > 1:
        try:
            _check_one_unit(sorted(matches, key=lambda m: (m.created, m.id)))  # in the order played
        except LedgerError as exc:
            command = _totals_command(next(iter(by_unit.values())), db)
            raise LedgerError(f"{exc} (e.g. {command})", f"{exc.message_ja} (例: {command})") from None
    by_game = _by_kind(matches, lambda m: m.game_id)
    if len(by_game) > 1:
        command = _totals_command(next(iter(by_game.values())), db)
        games = "; ".join(f"{', '.join(f'#{i}' for i in ids)} {_game_name(game, 'en')}" for game, ids in by_game.items())
        games_ja = "、".join(f"{'・'.join(f'#{i}' for i in ids)} は{_game_name(game, 'ja')}"
                             for game, ids in by_game.items())
        raise LedgerError(f"matches of different games cannot be added up ({games}): choose matches of one game (e.g. "
                          f"{command})",
                          f"違うゲームの対局は合計できません ({games_ja})。1つのゲームの対局を選んでください (例: "
                          f"{command})")


def _not_added_up(unread: Sequence[LedgerError], rest: Sequence[int], db: Path | None) -> LedgerError:
    """Matches named to `totals` that cannot be read (``unread``): the first said, nothing added up, and the command
    that adds up the others (``rest``) where there are any."""
    first = _unread(unread[0])
    said, said_ja = str(first), first.message_ja or str(first)
    if not rest:
        return LedgerError(f"{said}; nothing was added up", f"{said_ja}。何も合計していません")
    command = _totals_command(rest, db)
    without = "・".join(f"#{i}" for i in dict.fromkeys(filter(None, map(_id_of, unread))))
    return LedgerError(f"{said}; nothing was added up (to add up the others: {command})",
                       f"{said_ja}。何も合計していません ({without} を除いて合計するには: {command})")


def _other_games_said(others: Sequence[Match], lang: str, db: Path | None, since: date | None = None,
                      until: date | None = None) -> str:
    """The matches of the evening's other games, not added up with the newest match's: each game's named, and the
    command that adds up the first; a game of more than ``TOTALS_COLUMNS`` (a season's) by their count, the command
    by --game and the dates (``since``, ``until``) that chose them, not by 145 ids."""
    by_game = _by_kind(others, lambda m: m.game_id)
    first, ids = next(iter(by_game.items()))
    command = _totals_command(ids, db) if len(ids) <= TOTALS_COLUMNS else _game_command(first, since, until, db)
    if lang == "ja":
        games = "、".join(f"{'・'.join(f'#{i}' for i in ids)} は{_game_name(game, 'ja')}" if len(ids) <= TOTALS_COLUMNS
                         else f"{_game_name(game, 'ja')}の{len(ids)}対局" for game, ids in by_game.items())
        return f"ほかのゲームの対局は合計に入れていません: {games} (例: {command})"
    games = "; ".join(f"{', '.join(f'#{i}' for i in ids)} {_game_name(game, 'en')}" if len(ids) <= TOTALS_COLUMNS
                      else f"{len(ids)} matches of {_game_name(game, 'en')}" for game, ids in by_game.items())
    return f"Other games' matches, not added up here: {games} (e.g. {command})"


def _game_command(game: str, since: date | None, until: date | None, db: Path | None) -> str:
    """The command that adds up ``game``'s matches of the evenings ``since`` to ``until`` (neither: its newest) of
    the ledger --db named (``db``; None: the app's)."""
    dates = ["--evening", str(since)] if since is not None and since == until else [
        *(["--since", str(since)] if since is not None else []), *(["--until", str(until)] if until is not None else [])]
    return shlex.join(["tilelens", "ledger", "totals", "--game", game, *dates,
                       *(["--db", str(db)] if db is not None else [])])


def _totals_json(totals: EveningTotals, states: dict[int, TableState], others: Sequence[Match] = (),
                 twice: Mapping[int, int] | None = None, named: bool = False) -> dict[str, Any]:
    """`totals --json`: the matches in the order played (``states``: their tables now), the unit, each player (a match
    they did not play has no key in their ``nets``, keyed by the match's id as text; ``played``, the matches they
    played; ``places``, how many times 1st, 2nd, ..., as the CSV counts them: ``tilelens.ledger.places_counted``), the
    names alike but for case or width, the evening's matches of other games (``others``), not added up: each
    game's ids, and the matches recorded twice (``twice``: copy -> first, ``tilelens.ledger.recorded_twice``; the copy
    left out unless the matches were ``named``), [] where none is (with no ledger file too): every key always there."""
    places = places_counted(totals, states)
    return {"matches": [{"id": m.id, "game": m.game_id, "created": iso_time(m.created), "ended": states[m.id].ended,
                         "start_points": m.rules.start_points, "players": list(m.players),
                         # whether its results are its final scores (uma, oka), in points
                         "pot": states[m.id].pot, "final_score": has_final_score(m.rules)} for m in totals.matches],
            "unit": dict(totals.units) or None,
            "players": [{"name": p.name, "nets": {str(m.id): n for m, n in zip(totals.matches, p.nets, strict=True)
                                                  if n is not None}, "total": p.total, "played": p.played,
                         "places": places[p.name]} for p in totals.players],
            "look_alike": [list(group) for group in totals.look_alike],
            "other_games": [{"game": game, "ids": ids} for game, ids in _by_kind(others, lambda m: m.game_id).items()],
            "recorded_twice": [{"ids": [first, copy], "left_out": [] if named else [copy]}
                               for copy, first in sorted((twice or {}).items())]}


def _signed(amount: int) -> str:
    """A result as the table says it: +35, -188, 0."""
    return f"{amount:+,}" if amount else "0"


def _on_tables_said(totals: EveningTotals, lang: str) -> str:
    """The riichi sticks (a Donjara game's chips) on the tables of ``totals``' matches, which are in no player's result,
    and so what the results add up to: each table's as `ledger show` says its pot (「1,000点 (1本)」, a Donjara
    game's 「20点 (2枚)」), in the matches' unit."""
    words = TOTALS_WORDS[lang]
    by_id = {m.id: m for m in totals.matches}
    engines = {engine_of(by_id[i]) == "riichi" for i, _ in totals.on_tables}
    pots = words["sep"].join(
        f"#{i} " + sticks_said(pot, by_id[i].rules.riichi_chip, engine_of(by_id[i]), lang, totals.units)
        for i, pot in totals.on_tables)
    key = "on_tables_both" if len(engines) > 1 else "on_tables" if engines == {True} else "on_tables_chips"
    return words[key].format(sum=amount_in(-sum(pot for _, pot in totals.on_tables), totals.units, lang), pots=pots)


def totals_text(totals: EveningTotals, states: dict[int, TableState], lang: str = "en") -> str:
    """`totals` as text in ``lang``: the matches (each with its start and whether it has finished), what a result is,
    then a row per player (their results, - where they did not play, and the sum), the columns aligned as a terminal
    shows them (a Japanese name two columns a character)."""
    from scorer.cli import columns

    words = TOTALS_WORDS[lang]
    unit = totals.units.get(lang) or totals.units.get("en", "")
    many = len(totals.matches) > TOTALS_COLUMNS  # a season's: 145 columns made lines 4,696 characters wide
    if many:
        under = [m.id for m in totals.matches if not states[m.id].ended]  # named: counted as they stand now
        said_matches = words["many_under" if under else "many_matches"].format(
            n=len(totals.matches), first=_created(totals.matches[0].created),
            last=_created(totals.matches[-1].created), under=len(under), ids=ids_said(under, words["ids_sep"], lang))
    else:
        said_matches = words["sep"].join(
            words["match"].format(id=m.id, created=_created(m.created),
                                  status=f"{words['finished']} ({_reason(states[m.id], lang)})" if states[m.id].ended_early
            else words["finished" if states[m.id].ended else "under_way"])
            for m in totals.matches)
    shown = () if many else totals.matches
    head = [words["player"], *(f"#{m.id}" for m in shown), words["total"], words["played"]]
    if totals.scored:  # final scores in thousands (+55), as a club writes them, every one with as many decimals
        k = len(totals.matches) + 1
        flat = scores_said([n for p in totals.players for n in (*p.nets, p.total)])
        cells = [flat[i * k:(i + 1) * k] for i in range(len(totals.players))]
    else:
        cells = [[None if n is None else _signed(n) for n in (*p.nets, p.total)] for p in totals.players]
    if many:  # the totals alone (as said with every match's decimals)
        cells = [row[-1:] for row in cells]
    rows = [[said(p.name), *("-" if cell is None else cell for cell in row), str(p.played)]
            for p, row in zip(totals.players, cells)]
    widths = [max(columns(row[i]) for row in [head, *rows]) for i in range(len(head))]

    def line(row: list[str]) -> str:
        cells = [row[0] + " " * (widths[0] - columns(row[0]))]
        cells += [" " * (w - columns(cell)) + cell for cell, w in zip(row[1:], widths[1:], strict=True)]
        return "  ".join(cells).rstrip()

    lines = [words["matches_scored" if totals.scored else "matches"].format(unit=unit, matches=said_matches),
             words["what_scored" if totals.scored else "what"]]
    mixed, on_tables, look_alike = _said_of_totals(totals, lang)
    left_out = [words["columns_left_out"].format(n=len(totals.matches), most=TOTALS_COLUMNS)] if many else []
    return "\n".join([*lines, *mixed, line(head), *map(line, rows), *left_out, *on_tables, *look_alike])


def _said_of_totals(totals: EveningTotals, lang: str) -> tuple[list[str], ...]:
    """What is said of ``totals`` beside its table, in ``lang``: a match without uma or oka among final scores (said
    above the table), the sticks on the tables and the look-alike names, each with its matches (below it)."""
    words = TOTALS_WORDS[lang]
    mixed, on_tables, look_alike = [], [], []
    if totals.scored and (plain := [m.id for m in totals.matches if not has_final_score(m.rules)]):
        # a match without uma or oka added to final scores: its results (total - start) ÷ 1,000, said as the page does
        scored = [m.id for m in totals.matches if m.id not in plain]
        mixed.append(words["mixed_one" if len(plain) == 1 else "mixed"].format(
            ids=ids_said(plain, words["sep"], lang), scored=ids_said(scored, words["sep"], lang)))
    if totals.scored and (umas := umas_said(totals, lang)):
        mixed.append(umas)
    if totals.on_tables:
        on_tables.append(_on_tables_said(totals, lang))
    if totals.look_alike:
        where = words["where_sep"].join(
            words["look_alike_where"].format(name=said(name), ids=words["ids_sep"].join(
                f"#{i}" for i in totals.matches_of(name))) for group in totals.look_alike for name in group)
        look_alike.append(words["look_alike"].format(names=words["sep"].join(
            " / ".join(map(said, group)) + alike_space_said(group, lang)
            for group in totals.look_alike), where=where))
    return mixed, on_tables, look_alike
