"""``tilelens score``, ``tilelens waits`` and ``tilelens games``.

    tilelens score --game GAME [--win tsumo|ron] [--players N] [--riichi] [--favourite TILE] [--json] TILE...
    tilelens waits --game GAME [--json] TILE...
    tilelens games [GAME] [--json]

A game whose file says ``engine = "riichi"`` is handed to ``scorer.riichi_cli`` with the same argv.
Bad input raises ``TilelensInputError``; the router prints its one line and exits 2. A hand that does not
win is an answer, not an error: exit status 0, as for a win (``SCORE_EPILOG``).

``--json`` is one JSON object on one line (:func:`print_json`), the same top-level keys for every game
(:func:`score_document`): a script scoring hands of all four games reads them alike. The text (not ``--json``) is
in Japanese where the environment asks for it (``TILELENS_LANG=ja`` or a Japanese locale: ``cli_lang``).
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shlex
import sys
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scorer.attribute_names import attribute_name, value_name
from scorer.catalog import Game, list_games, load_game, tile_people
from scorer.engine import Wait, score, tiles_from_win, waits, win_cry, yaku_needs
from scorer.payout import (REMAINDER_LOST, REMAINDER_LOST_NOTE, REMAINDER_SETTLE, payments, remainder_apart,
                            split_parts)
from scorer.result import (WIN_KIND_JA, HandError, InputProblem, ScoreResult, TilelensInputError, UnknownTileError,
                           cli_lang, error_text, near_said, payer_ja, payment_note_ja, printable, quoted_ja)
from scorer.rules import ChomboCase, DonjaraRules, donjara_rules, local_yaku_id


class UsageError(TilelensInputError):
    """A command line that argparse rejects (one line instead of argparse's usage block)."""


# argparse's own messages (Python's, in English) in Japanese, option names and values as they were typed, and the
# value messages of the counts, sizes and shares the commands take (``vision.cli_args``' ``ArgumentTypeError``s:
# "argument --limit: must be 1 or more, got 0"). Each is a pattern of the whole message; another message of a
# command's own matches none (said as it is). ``typed``: a value argparse echoes in Python's quotes ('abc'), said in
# 「」 (``quoted_ja``); ``choices``: argparse's quoted list, said as a Japanese one (rack・flat).
_ARGPARSE_JA: list[tuple[re.Pattern[str], str]] = [(re.compile(pattern, re.S), ja) for pattern, ja in (
    (r"the following arguments are required: (?P<names>.+)", "{names} を指定してください"),
    (r"one of the arguments (?P<names>.+) is required", "{names}を指定してください"),
    (r"argument (?P<arg>\S+): not allowed with argument (?P<other>\S+)", "{arg} と {other} は一緒には使えません"),
    (r"argument (?P<arg>\S+): invalid choice: (?P<typed>.+) \(choose from (?P<choices>.*)\)",
     "{arg}: {typed}は選べません (選べるのは {choices})"),
    (r"argument (?P<arg>\S+): expected one argument", "{arg}: 値を1つ指定してください"),
    (r"argument (?P<arg>\S+): expected at least one argument", "{arg}: 値を1つ以上指定してください"),
    (r"argument (?P<arg>\S+): expected at most one argument", "{arg}: 値は1つまでです"),
    (r"argument (?P<arg>\S+): expected (?P<n>\d+) arguments?", "{arg}: 値を{n}つ指定してください"),
    (r"argument (?P<arg>\S+): invalid int value: (?P<typed>.+)", "{arg}: {typed}は整数ではありません"),
    (r"argument (?P<arg>\S+): invalid float value: (?P<typed>.+)", "{arg}: {typed}は数ではありません"),
    (r"argument (?P<arg>\S+): invalid \w+ value: (?P<typed>.+)", "{arg}: {typed}は使えない値です"),
    (r"argument (?P<arg>\S+): ignored explicit argument (?P<typed>.+)", "{arg} は値を取りません ({typed})"),
    (r"unrecognized arguments: (?P<args>.*)", "使えない引数です: {args}"),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)",
     "{option} はどのオプションか決まりません (候補: {matches})"),
    # vision.cli_args
    (r"argument (?P<arg>\S+): not a whole number: (?P<typed>.+)", "{arg}: {typed}は整数ではありません"),
    (r"argument (?P<arg>\S+): not a number: (?P<typed>.+)", "{arg}: {typed}は数ではありません"),
    (r"argument (?P<arg>\S+): must be (?P<n>-?\d+) or more, got (?P<value>.+)", "{arg}: {n} 以上にしてください (いま {value})"),
    (r"argument (?P<arg>\S+): must be more than (?P<n>-?\d+), got (?P<value>.+)",
     "{arg}: {n} より大きくしてください (いま {value})"),
    (r"argument (?P<arg>\S+): must be at most (?P<n>-?[\d,]+), got (?P<value>.+)", "{arg}: {n} 以下にしてください (いま {value})"),
    (r"argument (?P<arg>\S+): must be from (?P<lo>\S+) to (?P<hi>\S+), got (?P<value>.+)",
     "{arg}: {lo} から {hi} までにしてください (いま {value})"),
    (r"argument (?P<arg>\S+): must be more than 0 and at most 1, got (?P<value>.+)",
     "{arg}: 0 より大きく 1 以下にしてください (いま {value})"),
    (r"argument (?P<arg>\S+): must be from 0 up to \(not including\) 1, got (?P<value>.+)",
     "{arg}: 0 以上 1 未満にしてください (いま {value})"),
    (r"argument (?P<arg>\S+): must be more than -1 and finite, got (?P<value>.+)",
     "{arg}: -1 より大きい有限の数にしてください (いま {value})"),
    (r"argument (?P<arg>\S+): must be a finite number, got (?P<value>.+)", "{arg}: 有限の数にしてください (いま {value})"),
    # vision.cli_args.EMPTY_NAME: a path given empty ("" would be the current folder)
    (r"argument (?P<arg>\S+): the folder name is empty: name the dataset's folder",
     "{arg}: フォルダ名が空です。データセットのフォルダを指定してください"),
    (r"argument (?P<arg>\S+): the folder name is empty: name the event's folder",
     "{arg}: フォルダ名が空です。イベントのフォルダを指定してください"),
    (r"argument (?P<arg>\S+): the folder name is empty: name a folder", "{arg}: フォルダ名が空です。フォルダを指定してください"),
    (r"argument (?P<arg>\S+): the file name is empty: name a file", "{arg}: ファイル名が空です。ファイルを指定してください"),
    (r"argument (?P<arg>\S+): the file name is empty: name a photo",
     "{arg}: ファイル名が空です。写真のファイルを指定してください"),
    (r"argument (?P<arg>\S+): the name is empty: name a file or folder",
     "{arg}: 名前が空です。ファイルかフォルダを指定してください"),
    (r"argument (?P<arg>\S+): empty: name an enrolled tile set \(models/tilesets/NAME\) or its folder",
     "{arg}: 空です。登録した牌セットの名前 (models/tilesets/NAME) かそのフォルダを指定してください"),
    # tilelens.ledger_cli's match id
    (r"argument (?P<arg>\S+): a match id is a number \(tilelens ledger list shows them\), got (?P<typed>.+)",
     "{arg}: 対局の ID は数で指定してください (tilelens ledger list に出ています。いま {typed})"),
    (r"argument (?P<arg>\S+): a match id is 1 or more, got (?P<typed>.+)", "{arg}: 対局の ID は 1 以上です (いま {typed})"),
)]


def argparse_ja(message: str) -> str:
    """argparse's error ``message`` in Japanese, option names and values as typed; "" for a message it does not
    know (a command's own, said as it is). The arguments it lists are said as a Japanese list (:func:`all_of_ja`,
    :func:`one_of_ja`), not with argparse's commas; a value it quotes as Python does ('abc') in 「」, its choices
    unquoted, with ・.

    >>> argparse_ja("one of the arguments --game --tileset is required")
    '--game か --tileset のどちらかを指定してください'
    >>> argparse_ja("the following arguments are required: --to, out")
    '--to と out を指定してください'
    >>> argparse_ja("argument --layout: invalid choice: 'stack' (choose from 'rack', 'flat')")
    '--layout: 「stack」は選べません (選べるのは rack・flat)'
    """
    for pattern, ja in _ARGPARSE_JA:
        found = pattern.fullmatch(message)
        if found:
            values = found.groupdict()
            if "typed" in values:
                values["typed"] = quoted_ja(_unquoted(values["typed"]))
            if "choices" in values:
                values["choices"] = "・".join(_choices(values["choices"]))
            if "names" in values and pattern.pattern.startswith("one of"):  # argparse joins them with spaces
                values["names"] = one_of_ja(values["names"].split())
            elif "names" in values:  # "the following arguments": joined with ", "
                values["names"] = all_of_ja(values["names"].split(", "))
            return ja.format(**values) + lang_hint(message, "ja")
    return ""


def _unquoted(said: str) -> str:
    """A value as argparse echoes it (``repr``: ``'abc'``, ``"it's"``, ``5``) as it was typed; ``said`` where it is
    no Python literal.

    >>> _unquoted("'abc'"), _unquoted("5"), _unquoted("x")
    ('abc', '5', 'x')
    """
    try:
        value = ast.literal_eval(said)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return said
    return str(value) if isinstance(value, (str, int, float)) else said


def _choices(said: str) -> list[str]:
    """argparse's list of choices (``'rack', 'flat'``; ``0, 1, 2``) as the choices themselves.

    >>> _choices("'rack', 'flat'"), _choices("0, 1, 2")
    (['rack', 'flat'], ['0', '1', '2'])
    """
    return [_unquoted(choice) for choice in re.findall(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^,\s][^,]*", said)]


# What a user may type for a language option, which no command has: the environment chooses the language
# (``scorer.result.cli_lang``: TILELENS_LANG=ja, or a Japanese locale), and the error says so
LANG_OPTIONS = ("--lang", "--language", "--locale")
LANG_HINT = {"en": " (choose the language with TILELENS_LANG=ja)", "ja": " (言語は TILELENS_LANG=ja で選びます)"}


def lang_hint(message: str, lang: str) -> str:
    """How the language is chosen (``LANG_HINT[lang]``), where ``message`` is argparse's refusal of arguments among
    which is a language option (`tilelens score --lang ja ...`); "" else.

    >>> lang_hint("unrecognized arguments: --lang ja", "en"), lang_hint("unrecognized arguments: --x", "en")
    (' (choose the language with TILELENS_LANG=ja)', '')
    """
    found = re.fullmatch(r"unrecognized arguments: (?P<args>.*)", message, re.S)
    if found and any(arg.split("=")[0] in LANG_OPTIONS for arg in found["args"].split()):
        return LANG_HINT[lang]
    return ""


def all_of_ja(items: list[str]) -> str:
    """Each of ``items`` (option names, as typed) as a Japanese list of all of them: 「A と B」, 「A、B と C」.

    >>> all_of_ja(["--name"]), all_of_ja(["--name", "--data"]), all_of_ja(["a", "b", "c"])
    ('--name', '--name と --data', 'a、b と c')
    """
    return items[0] if len(items) == 1 else f"{'、'.join(items[:-1])} と {items[-1]}"


def one_of_ja(items: list[str]) -> str:
    """``items`` (option names, as typed) as a Japanese choice of one: 「A か B のどちらか」, 「A、B、C のどれか」.

    >>> one_of_ja(["--game", "--tileset"]), one_of_ja(["a", "b", "c"])
    ('--game か --tileset のどちらか', 'a、b、c のどれか')
    """
    if len(items) == 2:
        return f"{items[0]} か {items[1]} のどちらか"
    return f"{'、'.join(items)} のどれか"


def see_help_ja(prog: str, game: str = "") -> str:
    """The Japanese of argparse's errors' " (see PROG --help)": the help to read."""
    return f" ({prog}{game} --help を見てください)"


def usage_error(message: str, prog: str, game: str = "", near: Sequence[str] = ()) -> tuple[str, str]:
    """argparse's error ``message`` as the commands say it, one line in English and in Japanese ("" where
    argparse's words are not known: the English is said); ``near``: the options near an unknown one
    (:meth:`NamesUnknownFirst.first_problem`), said as a question.

    >>> usage_error("unrecognized arguments: --hlep", "tilelens score", near=["--help"])[1]
    '使えない引数です: --hlep (もしかして: --help) (tilelens score --help を見てください)'
    """
    ja = argparse_ja(message)
    en_near, ja_near = near_said(near)
    return (f"{message}{lang_hint(message, 'en')}{en_near} (see {prog}{game} --help)",
            ja + ja_near + see_help_ja(prog, game) if ja else "")


def wrap_whole(text: str, width: int, indent: str = "") -> list[str]:
    """``text``'s words in lines of ``width`` terminal columns (``indent`` included; a CJK character takes two:
    ``columns``), broken only at spaces: never inside a word, so never inside an option name (argparse's own
    wrapping breaks at hyphens: "--own-" / "discard"), nor inside a Japanese word of an English help. A word longer
    than the line stands alone on its line.

    >>> wrap_whole("ron on --own-discard only", 12)
    ['ron on', '--own-discard', 'only']
    >>> wrap_whole("tiles 一二三萬 123万 too", 14)
    ['tiles 一二三萬', '123万 too']
    """
    return _fill(re.findall(r" +|[^ ]+", text), width, indent)


# Japanese that does not start a line (closing marks) and does not end one (opening marks): 禁則.
_NO_LINE_START, _NO_LINE_END = "、。，．・：；）」』】)]:;,.", "（「『【([:"


def wrap_columns(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` in lines of ``width`` terminal columns (``indent`` included; a CJK character takes two, ``columns``),
    broken at a space or between two Japanese characters, never inside a run of Latin letters (an option name, a
    number) nor inside a 「quote」 (but one longer than the line), nor before a closing mark (、。) or after an
    opening one (「(). A word longer than the line stands alone.

    >>> wrap_columns("ツモなら --win tsumo を指定します。", 16)
    ['ツモなら --win', 'tsumo を指定しま', 'す。']
    >>> wrap_columns("消すには「この対局を削除」を使います", 18)
    ['消すには', '「この対局を削除」', 'を使います']
    """
    tokens = []
    for token in re.findall(r"「[^「」]*」| +|[!-~]+|.", text):
        whole = not token.startswith("「") or columns(indent + token) <= width  # a quote that fits a line: one piece
        tokens += [token] if whole else re.findall(r" +|[!-~]+|.", token)
    return _fill(tokens, width, indent)


def _fill(tokens: list[str], width: int, indent: str) -> list[str]:
    """``tokens`` (words, runs of spaces) in lines of ``width`` columns, broken at a space or between two tokens, but
    not before a closing mark nor after an opening one (``_NO_LINE_START``, ``_NO_LINE_END``)."""
    atoms: list[str] = []
    for token in tokens:
        if token.startswith(" "):
            atoms.append(" ")
        elif atoms and atoms[-1] != " " and (token[0] in _NO_LINE_START or atoms[-1][-1] in _NO_LINE_END):
            atoms[-1] += token
        else:
            atoms.append(token)
    lines, line, space = [], indent, False
    for atom in atoms:
        if atom == " ":
            space = line != indent
            continue
        piece = " " + atom if space else atom
        if line != indent and columns(line + piece) > width:
            lines.append(line)
            line = indent + atom
        else:
            line += piece
        space = False
    return [*lines, line] if line != indent else lines


# What a help lays out rather than says in prose (``fit_lines``): a table's row (indented: a key, two spaces or more,
# its cell), and the usage line of a help a command writes itself ("usage: tilelens train KIND ...").
_ROW = re.compile(r"(?P<key> +\S(?:.*?\S)?)(?P<gap> {2,})(?P<cell>\S.*)")
_USAGE_LINE = re.compile(r"(?:usage|使い方): tilelens(?: [a-z][-a-z]*)? ")
MIN_CELL = 20  # a table's cell with fewer columns left than this (a narrow terminal) goes under its key


def _joined(lines: list[str]) -> str:
    """``lines`` as one line: joined by a space, but none between two Japanese characters (a line break inside
    Japanese is no space); a run of spaces one space."""
    text = ""
    for line in (line.strip() for line in lines if line.strip()):
        wide = text and columns(text[-1]) == 2 and columns(line[0]) == 2
        text += line if not text or wide else " " + line
    return re.sub(" {2,}", " ", text)


def fit_lines(lines: list[str], width: int, wrap=wrap_whole) -> list[str]:
    """A help's ``lines`` as its author laid them out, fitted to ``width`` terminal columns (``columns``), filled by
    ``wrap`` (``wrap_columns`` for Japanese). The rule:

    - A line that starts with ``tilelens `` (an example command line), or that is indented and is no table row (a
      command line, code: a table.toml), is kept as written however wide: it is typed as it is.
    - A table row (indented: a key, two spaces or more, its cell; the lines under it indented to the cell are the
      cell's too: --json's keys, the router's commands, a command line with what it does or a ``# comment`` after
      it) keeps its columns: where one of its lines is too wide, its cell is filled in its own column, or on the
      lines under its key (4 columns in) where fewer than ``MIN_CELL`` columns are left for it.
    - A usage line ("usage: tilelens train ...") too wide goes on under the command's arguments, as argparse's does.
    - Every other line is prose: a paragraph of them (up to a blank line, a line of the kinds above, or a line that
      ends a sentence with "." or "。") is filled again where one of its lines is too wide.

    A paragraph, row or line that fits is kept as written: at a terminal as wide as its author's a help is unchanged.
    """
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        usage, row = _USAGE_LINE.match(line), _ROW.fullmatch(line)
        if not line.strip() or line.startswith("tilelens ") or (line.startswith(" ") and row is None):
            out.append(line)
            i += 1
        elif usage:
            out += [line] if columns(line) <= width else _hung(usage.group(), line[usage.end():], width, wrap)
            i += 1
        elif row:
            head = row["key"] + row["gap"]
            end = i + 1
            while end < len(lines) and re.match(rf" {{{columns(head)}}}\S", lines[end]):
                end += 1
            block = lines[i:end]
            fits = all(columns(each) <= width for each in block)
            out += block if fits else _cell(row["key"], head, _joined([row["cell"], *block[1:]]), width, wrap)
            i = end
        else:
            end = i + 1
            while (end < len(lines) and not lines[end - 1].rstrip().endswith((".", "。")) and lines[end].strip()
                   and not lines[end].startswith((" ", "tilelens ")) and not _USAGE_LINE.match(lines[end])):
                end += 1
            paragraph = lines[i:end]
            fits = all(columns(each) <= width for each in paragraph)
            out += paragraph if fits else wrap(_joined(paragraph), width)
            i = end
    return out


def _cell(key: str, head: str, cell: str, width: int, wrap) -> list[str]:
    """A table's row: ``cell`` filled in its column after ``head`` (its ``key`` and the gap after it), or under it."""
    if width - columns(head) < MIN_CELL:
        return [key, *wrap(cell, width, " " * (len(key) - len(key.lstrip()) + 4))]
    filled = wrap(cell, width, " " * columns(head))
    return [head + filled[0].lstrip(" "), *filled[1:]]


def _hung(head: str, rest: str, width: int, wrap) -> list[str]:
    """A usage line: ``head`` ("usage: tilelens train "), then ``rest`` filled after it and under it."""
    filled = wrap(_joined([rest]), width, " " * columns(head))
    return [head + filled[0].lstrip(" "), *filled[1:]]


def help_width() -> int:
    """The width argparse fills a help to: the terminal's columns (``COLUMNS`` where set) less 2."""
    import shutil

    return shutil.get_terminal_size().columns - 2


def fit_help(text: str, width: int | None = None, *, lang: str = "en") -> str:
    """A help that a command writes itself (`tilelens --help`, `train --help`, `app --help`) fitted to the
    terminal as argparse's helps are (:func:`fit_lines`; ``width``: :func:`help_width`); ``lang`` "ja" (``cli_lang``):
    filled as Japanese (:func:`wrap_columns`).

    >>> print(fit_help("usage: tilelens app [OPTIONS...]\\n\\nOpen the app on your laptop. Anyone on the network can"
    ...                " use it.\\n  tilelens app --server.port 8502    another port", 40))
    usage: tilelens app [OPTIONS...]
    <BLANKLINE>
    Open the app on your laptop. Anyone on
    the network can use it.
      tilelens app --server.port 8502
          another port
    """
    return "\n".join(fit_lines(text.split("\n"), help_width() if width is None else width,
                               wrap_columns if lang == "ja" else wrap_whole))


class HelpFormatter(argparse.HelpFormatter):
    """argparse's, but a blank line in a description or epilog starts a paragraph of its own, a paragraph whose
    lines are indented is laid out as written (a list of keys, command lines; a table's row too wide has its cell
    filled in its column: :func:`fit_lines`), and lines break only at spaces (:func:`wrap_whole`: an option name is
    never split), filled by terminal columns."""

    _wrap = staticmethod(wrap_whole)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return self._wrap(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        def laid_out(para: str) -> list[str]:
            if para.startswith(" "):  # indented: as written, a table's columns kept
                return [indent + line for line in fit_lines(para.splitlines(), width - len(indent), self._wrap)]
            return self._wrap(self._whitespace_matcher.sub(" ", para).strip(), width, indent)

        return "\n\n".join("\n".join(laid_out(para)) for para in text.split("\n\n"))


class RawHelpFormatter(HelpFormatter):
    """The description and the epilog in a command's own layout of them, fitted to the terminal by
    :func:`fit_lines` (command lines and code as written, a table's columns kept, prose filled where a line is too
    wide); an option's help broken at spaces only, as :class:`HelpFormatter` breaks it (never inside an option
    name)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in fit_lines(text.splitlines(), width - len(indent), self._wrap))


class JapaneseHelpFormatter(HelpFormatter):
    """:class:`HelpFormatter` for a help said in Japanese (:func:`say_help_in_japanese`): "使い方:" for "usage:",
    its lines continued under the command's name, and lines filled by terminal columns (:func:`wrap_columns`)."""

    USAGE = "使い方: "
    _wrap = staticmethod(wrap_columns)

    def _format_usage(self, usage, actions, groups, prefix):  # type: ignore[no-untyped-def]
        if usage is not None:  # laid out already (an intermixed parse keeps the usage it made): its lines as written
            return super()._format_usage(usage, actions, groups, self.USAGE if prefix is None else prefix)
        wider = columns(self.USAGE) - len(self.USAGE)  # argparse counts characters, not columns: lines 3 shorter
        self._width -= wider
        try:
            said = super()._format_usage(usage, actions, groups, self.USAGE if prefix is None else prefix)
        finally:
            self._width += wider
        first, *rest = said.split("\n")
        return "\n".join([first, *[" " * wider + line if line.strip() else line for line in rest]])


def say_help_in_japanese(parser: argparse.ArgumentParser, helps: dict[str, str], description: str | None,
                         epilog: str | None) -> None:
    """Make ``parser``'s ``--help`` Japanese (for a command line that speaks it: ``cli_lang``): ``helps`` holds
    each shown option's help by its first name (a positional by its metavar, a subcommand's line in the list by its
    name), ``--shipped-rules``'s and ``-h``'s are known here; argparse's own headings are said in Japanese too. A
    hidden option stays hidden; one that ``helps`` leaves out keeps its English. Option names, choices and metavars
    are as typed."""
    known = {SHIPPED_RULES: SHIPPED_RULES_HELP_JA, "-h": "このヘルプを表示して終了します", **helps}
    parser.formatter_class = JapaneseHelpFormatter
    parser.description, parser.epilog = description, epilog
    parser._positionals.title, parser._optionals.title = "位置引数", "オプション"
    for action in parser._actions:
        name = action.option_strings[0] if action.option_strings else action.metavar or action.dest
        if action.help is not argparse.SUPPRESS and name in known:
            action.help = known[name]
        for choice in getattr(action, "_choices_actions", ()):  # a subcommand's line (`tilelens label`'s actions)
            choice.help = known.get(choice.dest, choice.help)


JSON_SHAPE = """\
--json prints one JSON object on one line (UTF-8, names as written; `| jq .` to read it indented), with
these keys in every game:

  "game"                 the game's id
  "engine"               "donjara" or "riichi"
  "winning"              true or false
  "win"                  "tsumo" or "ron"
  "yaku"                 [{"name", "name_en", "points" (Donjara), "han" (riichi)}]
  "value"                what the winner receives, or would were the win allowed, won as --win
                         says: a ron the discarder's payment, a tsumo the sum of the tsumo
                         payments (Yokai Watch's 100-point yaku: 120 by tsumo at 4 players, 40
                         from each of three); set also when a win is refused, "reason" then says
                         the other win kind's beside it where it differs
  "points"               what the winner receives, the sum of "payments" and of a "remainder"
                         nobody is named to pay (0 without a win)
  "payments"             [{"payer", "amount", "note"}]: who pays the winner what; a tsumo split's
                         remainder (Cinderella Girls) is in them only where --remainder-payer
                         names who pays it
  "remainder"            a tsumo split's remainder, which the payers settle by
                         rock-paper-scissors: {"amount", "parts" (one loser each), "payers" (null
                         until --remainder-payer names them, as "player N"), "note"}; null where
                         none is left (every riichi game)
  "pot"                  riichi chips or sticks on the table, which the winner also takes
  "reason", "reason_ja"  why it is not a win (null for a win)
  "chombo", "penalty"    the chombo and what it costs the declarer (null and 0 without one)
  "decomposition"        the groups: [{"kind", "kind_ja", "kind_en", "label" (what the group is
                         of, in English: a set its tile's English name), "label_ja", "tiles",
                         "almighty", "scouted" (Donjara: true for a group a Scout completed,
                         --scouted)}]
  "extra"                the game's own details
  "rules"                the table that scored the hand: {"table", "path" (its file)}, "table"
                         "house" (the club's, edited in the app), "shipped"
                         (the box's; --shipped-rules), "added" (a game added in the app) or "file"
                         (--game a .toml file)"""

EXIT_STATUS = """\
Exit status: 0 when the hand is scored, whether it wins or not (a hand that does not win is an answer:
"winning" false and a "reason", as is a chombo); 2 for bad input (an unknown tile, a wrong count, a bad
option or game file), said in one line on standard error."""

UNUSED_OPTIONS = """\
An option that changes nothing for the game (--local where it has no local yaku, --no-favourite-doubling where no
favourite doubles the payout, --own-discard where a ron on one's own discard is no chombo, or on a tsumo) is kept,
not refused: a script may give the table's switches for every game. It is said: a line of the text,
"unused_options" in "extra"."""

SCORE_EPILOG = f"""{JSON_SHAPE}

{UNUSED_OPTIONS}

{EXIT_STATUS}"""

WAITS_EXIT_STATUS = """\
Exit status: 0 when the hand is read, with waits or none; 2 for bad input, said in one line on standard error."""

# The exit statuses in Japanese, for a help said in Japanese (``say_help_in_japanese``).
EXIT_STATUS_JA = ("終了ステータス: 手を採点できたときは、上がりでもそうでなくても 0 です (上がらない手も答えです: "
                  "\"winning\" が false で \"reason\" があります。チョンボも同じ)。入力の誤り (知らない牌、枚数の誤り、"
                  "オプションやゲームファイルの誤り) は 2 で、標準エラーに1行で表示します。")
WAITS_EXIT_STATUS_JA = ("終了ステータス: 手を読めたときは、待ちがあってもなくても 0 です。入力の誤りは 2 で、"
                        "標準エラーに1行で表示します。")

WAITS_EPILOG = f"""\
--json prints one JSON object on one line: "game", "engine", "tiles_from_win", "waits" (riichi: "hand" too) and
"rules", the table that read the hand, as score --json has it; Donjara: "all_waits_chombo", true where every wait
is an Almighty that the game makes a chombo to win on, and "unused_options" where --local changes nothing (the
game has no local yaku).

{WAITS_EXIT_STATUS}"""


def print_json(document: Any) -> None:
    """``--json`` output of ``score``, ``waits`` and ``games``: one JSON document on one line, names as
    written (not ``\\u`` escapes), so that one run is one line (JSON Lines) and ``| jq .`` shows it indented."""
    print(json.dumps(document, ensure_ascii=False))


def waits_named(game: str, words: list[str]) -> tuple[str, str]:
    """What a wrong tile count of a hand one tile short ends with (English, Japanese): the `tilelens waits` line that
    lists the tiles it waits on (``words``: the hand, and any ``--melds``, as that command takes them after ``--game
    game``). `tilelens score` of a tenpai photo's 13 tiles said only "wrong tile count".

    >>> waits_named("tokyo-mahjong", ["123m456p789s1122z"])[0]
    '; a hand one tile short: `tilelens waits --game tokyo-mahjong 123m456p789s1122z` lists the tiles it waits on'
    """
    line = shlex.join(["tilelens", "waits", "--game", game, *words])
    return (f"; a hand one tile short: `{line}` lists the tiles it waits on",
            f"。1枚足りない手の待ち牌は `{line}` で見られます")


def tile_over(size: int, option: str = "--winning-tile") -> tuple[str, str]:
    """What a wrong tile count of a hand one tile over ends with (English, Japanese), as ``waits_named`` says one
    short: a photo or a list that took in the tile discarded beside the ``size`` tiles of the hand (``option``: the
    command's own name for the tile won on; riichi's is ``--win-tile``).

    >>> tile_over(9)[0]
    '; a hand one tile over: score its 9 tiles without the one discarded (--winning-tile names the tile won on)'
    """
    return (f"; a hand one tile over: score its {size} tiles without the one discarded ({option} names the "
            f"tile won on)", f"。1枚多い手です: 捨てた牌を除いた{size}枚で採点してください (上がり牌は {option} "
                             f"で指定できます)")


def score_named(game: str, words: list[str]) -> tuple[str, str]:
    """What a wrong tile count of `tilelens waits` given a hand one tile over ends with (English, Japanese), as
    ``waits_named`` says one short to `tilelens score`: the `tilelens score` line that scores it (``words`` as
    ``waits_named`` takes them).

    >>> score_named("nogizaka", ["rarin", "--local"])[0].split("`")[1]
    'tilelens score --game nogizaka rarin --local'
    """
    line = shlex.join(["tilelens", "score", "--game", game, *words])
    return (f"; a hand one tile over: waits take the hand before its draw, and `{line}` scores a whole hand",
            f"。1枚多い手です: 待ちはツモる前の手で見ます。揃った手の点数は `{line}` で見られます")


def score_document(result: ScoreResult, engine: str, win: str, losers: tuple[str, ...] = ()) -> dict[str, Any]:
    """``tilelens score --json``: ``result.to_dict()`` with the ``engine`` and how the hand was won (``win``)
    at the top level beside what every game has (``JSON_SHAPE``); the game's own details stay in ``extra``. A tsumo
    split's remainder is said apart, ``remainder`` (None where none is left): its payers settle it by
    rock-paper-scissors, so no payment holds it until ``losers`` (payers as the payments name them) are given."""
    d = result.to_dict()
    paid, rest = remainder_apart(result.payments, result.extra, losers)
    d["payments"] = [{"payer": p.payer, "amount": p.amount, "note": p.note} for p in paid]
    return {"game": d.pop("game"), "engine": engine, "winning": d.pop("winning"), "win": win, **d, "remainder": rest}


# The most honba counters, riichi sticks (riichi) or riichi chips (Donjara's --pot) a command line takes: four
# players' 25,000 points are 100 sticks in all, and no table sees 100 honba; a number beyond it is a typo, not a hand
# to pay 23 digits for.
MOST_ON_A_TABLE = 99


def _check_pot(game: Game, pot: int) -> None:
    """``--pot`` is 0 to ``MOST_ON_A_TABLE`` of the game's riichi chips, in points: one clear message naming it
    (below 0 the engine said "the pot ...", not the option; 10**20 points was scored). A game without chips is
    left to the engine, which says it has none."""
    chip = donjara_rules(game).payout.riichi_chip
    if chip and not 0 <= pot <= MOST_ON_A_TABLE * chip:
        most = MOST_ON_A_TABLE * chip
        raise UsageError(f"--pot {pot}: write the riichi chips on the table in points, 0 to {most:,} "
                         f"({MOST_ON_A_TABLE} chips of {chip:,} points at most)",
                         f"--pot {pot}: 場のリーチのチップは点数で 0 から {most:,} までにしてください "
                         f"(1枚{chip:,}点で{MOST_ON_A_TABLE}枚まで)")


# Options by the words of the other kind of game, or the game's own words, which difflib cannot find near the option
# meant (they share no letters): riichi's sticks on the table are a Donjara game's --pot, in points, and the other way
# round; a win's kind is --win's value. Each word's options in the order offered; only those the command takes are.
OTHER_NAMES: dict[str, tuple[str, ...]] = {
    "pot": ("--riichi-sticks",), "sticks": ("--riichi-sticks", "--pot"), "riichi-sticks": ("--pot",),
    "kyotaku": ("--riichi-sticks", "--pot"), "tsumo": ("--win tsumo",), "ron": ("--win ron",),
}


class NamesUnknownFirst(argparse.ArgumentParser):
    """argparse's parser that says an option it does not know before a required one missing: argparse checks the
    required ones first, so `tilelens score --hlep` answered "--game を指定してください", of an option never typed,
    while the one typed (mistyped --help) went unsaid. ``first_problem`` says it, with the options near it."""

    _argv: list[str] | None = None

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        self._argv = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def first_problem(self, message: str) -> tuple[str, list[str]]:
        """argparse's error ``message``, or the unrecognized arguments it would say once a missing required option
        were given, where the command line has an option this parser does not know; and the options near each
        unknown one (difflib's, of those the help shows, else the one ``OTHER_NAMES`` gives; none for a language
        option: ``lang_hint`` says that)."""
        argv, self._argv = self._argv, None  # the parse below says its own error as it is
        if argv is not None and re.fullmatch(r"the following arguments are required: .+|one of the arguments .+ is "
                                             r"required", message, re.S):
            extras = self._unparsed(argv)  # what argparse would say after the required ones
            if any(word.startswith("-") and word != "--" for word in extras):
                message = f"unrecognized arguments: {' '.join(extras)}"
        found = re.fullmatch(r"unrecognized arguments: (?P<args>.*)", message, re.S)
        if not found:
            return message, []
        import difflib

        # the names without their dashes, which alone made "--bogus" near "--hours"; a near one is a typo's
        bare = {name[2:]: name for action in self._actions if action.help is not argparse.SUPPRESS
                for name in action.option_strings if name.startswith("--")}
        near: list[str] = []
        for word in found["args"].split():
            flag = word.split("=")[0]
            if flag.startswith("--") and flag not in LANG_OPTIONS:
                close = [bare[name] for name in difflib.get_close_matches(flag[2:], list(bare), n=1, cutoff=0.7)]
                other = [said for said in OTHER_NAMES.get(flag[2:].lower(), ()) if said.split()[0][2:] in bare]
                near += [said for said in close or other[:1] if said not in near]
        return message, near

    def _unparsed(self, argv: list[str]) -> list[str]:
        """The words of ``argv`` this parser leaves unparsed with none of its items required (one of a group either:
        `read --hlep`; a subcommand: `ledger --bogus show`), a missing one no error hiding an option it does not
        know. Its own parse (not this class's) keeps the command line ``first_problem`` says as it is."""
        required = [item for item in (*self._actions, *self._mutually_exclusive_groups) if item.required]
        for item in required:
            item.required = False
        try:
            _, extras = argparse.ArgumentParser.parse_known_args(self, argv, argparse.Namespace())
        finally:
            for item in required:
                item.required = True
        return extras


class Parser(NamesUnknownFirst):
    """argparse's parser whose errors are one ``UsageError`` line (the router prints it and exits 2), in the
    command line's language: argparse's English words in Japanese where it speaks Japanese (:func:`argparse_ja`);
    an option it does not know said first (:class:`NamesUnknownFirst`)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        message, near = self.first_problem(message)
        raise UsageError(*usage_error(message, self.prog, near=near))


# The house commands' option for the box's table (``tilelens.cli.HOUSE_COMMANDS``: they play a club's table edited
# in the app where there is one). The router takes it off the command line before the command runs and picks the
# table (``tilelens.cli.shipped_rules``); each command's parser lists it (:func:`add_shipped_rules`) so that argparse
# shows it in the command's usage and options as any other.
SHIPPED_RULES = "--shipped-rules"
SHIPPED_RULES_HELP = ("play the box's table, not the one edited in the app ($TILELENS_HOME/games/<id>/); a game "
                      "added in the app: its table as added")
SHIPPED_RULES_HELP_JA = ("アプリで編集した表 ($TILELENS_HOME/games/<id>/) ではなく、箱のままの表で遊びます "
                         "(アプリで追加したゲームは追加したときの表)")


class _TakenByTheRouter(argparse.Action):
    """An option the router has used before the command runs: listed, accepted where it is still there (the
    command called without the router), and nothing in the namespace."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # type: ignore[override]
        pass


def add_shipped_rules(parser: argparse.ArgumentParser) -> None:
    """List ``--shipped-rules`` among ``parser``'s options (called right after the parser is made, so it comes
    under ``-h, --help``): every house command's parser, and each action's of a command that has actions."""
    parser.add_argument(SHIPPED_RULES, action=_TakenByTheRouter, help=SHIPPED_RULES_HELP)


# A word that is no subcommand of a command with subcommands (`tilelens label int`, `tilelens ledger lst`), said the
# same way by each (``not_a_subcommand``).
NOT_A_SUBCOMMAND = {
    "en": "{word!r} is not something {prog} does{near}: say one of {actions} first, then {then} (e.g. `{example}`)",
    "ja": "{word_ja}は {prog} のサブコマンドではありません{near}: 最初に {actions} のどれかを指定し、その後に{then}を"
          "書いてください (例: `{example}`)",
}


def not_a_subcommand(lang: str, prog: str, word: str, actions: Sequence[str], then: tuple[str, str],
                     example: str) -> str:
    """What ``prog`` says of ``word`` where one of its ``actions`` must come first, in ``lang``, with the action
    nearest to it where one is near (as the router says an unknown command); ``then``: what follows the action, in
    English and Japanese.

    >>> said = not_a_subcommand("ja", "tilelens ledger", "lst", ["list", "show"], ("options", "オプション"), "...")
    >>> said.split(": 最初に")[0], not_a_subcommand("en", "x", "bogus", ["list", "show"], ("", ""), "").count("(did")
    ('「lst」は tilelens ledger のサブコマンドではありません (もしかして: list)', 0)
    """
    import difflib

    # matched in its plain form (full width and case aside, as dates and ids are read): 'ｌｉｓｔ', 'LIST' near list
    near = near_said(difflib.get_close_matches(unicodedata.normalize("NFKC", word).lower(), list(actions), n=1))
    if lang == "ja":
        return NOT_A_SUBCOMMAND["ja"].format(word_ja=quoted_ja(word), prog=prog, actions="、".join(actions),
                                             near=near[1], then=then[1], example=example)
    listed = f"{', '.join(actions[:-1])} or {actions[-1]}" if len(actions) > 1 else "".join(actions)
    return NOT_A_SUBCOMMAND["en"].format(word=word, prog=prog, actions=listed, then=then[0], example=example,
                                         near=near[0])


class UsageLinesParser(NamesUnknownFirst):
    """argparse's parser for the commands that say an argument error after their usage lines (``check``, ``label``,
    ``ledger``, ``synth``, ``eval``, ``train``): the error line in Japanese where the command line speaks Japanese
    (:func:`argparse_ja`; a message it does not know, and the usage lines, as argparse says them); an option it does
    not know said first, with the ones near it (:class:`NamesUnknownFirst`). Exit status 2, as argparse's."""

    def error(self, message: str) -> None:  # type: ignore[override]
        message, near = self.first_problem(message)
        en_near, ja_near = near_said(near)
        ja = argparse_ja(message) if cli_lang() == "ja" else ""
        if not ja:
            super().error(message + lang_hint(message, "en") + en_near)
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: エラー: {ja}{ja_near}\n")


# A name's bracket at its end ("Tokyo Mahjong (riichi)", "Holo Donjara [holo-donjara]"): a game is named without it too
_NAME_BRACKET = re.compile(r"\s*[(（\[][^()（）\[\]]*[)）\]]\s*$")


def games_named(text: str, names: Mapping[str, Sequence[str]]) -> list[str]:
    """The games of ``names`` (a game's id -> its names: English, Japanese) that ``text`` names, in ``names``' order:
    the one place that says whether a text names a game (``game_named`` for --game of every command that takes one;
    ``tilelens.ledger_cli`` for ``ledger totals --game`` among a ledger's games, one no longer installed by its id).
    A game is named by its id, or one of its names whole, with or without its bracket, case, width, spaces and hyphens
    aside (``scorer.catalog.name_key``); else by the start of one of its names: its first words ("Tokyo"), or, typed
    in Japanese, the start of a Japanese name ("乃木坂" of 乃木坂ドンジャラ; never an id's start: "nogizak" is a
    mistyped id). A start that is a word other games' names hold too (ドンジャラ, Donjara: every Donjara's; Mahjong,
    where two games' names hold it) names each game whose name holds it: more than one is no choice. None: no game.

    >>> names = {"cinderella-neo": ["Donjara NEO: THE iDOLM@STER Cinderella Girls"], "nogizaka": ["乃木坂ドンジャラ",
    ...          "Nogizaka Donjara (fan-made)"], "tokyo-mahjong": ["Tokyo Mahjong (riichi)", "東京麻雀"]}
    >>> games_named("乃木坂", names), games_named("tokyo mahjong", names), games_named("Donjara", names)
    (['nogizaka'], ['tokyo-mahjong'], ['cinderella-neo', 'nogizaka'])
    """
    from scorer.catalog import name_key

    typed = name_key(text)
    if not typed:
        return []
    keys = {g: {name_key(x) for n in (g, *said) for x in (n, _NAME_BRACKET.sub("", n))} for g, said in names.items()}
    whole = [g for g, k in keys.items() if typed in k]
    if whole:
        return whole
    starts: dict[str, set[str]] = {}  # each game's names' starts: first words ("Tokyo"), a Japanese name's as typed
    for g, said in names.items():
        starts[g] = {name_key(" ".join(n.split()[:i]).rstrip(":：,、")) for n in said for i in range(1, len(n.split()))}
        if not typed.isascii() and len(typed) > 1 and any(k.startswith(typed) for k in keys[g]):
            starts[g].add(typed)
    started = [g for g, k in starts.items() if typed in k]
    if not started:
        return []
    held = [g for g, said in names.items() if any(_holds(n, typed) for n in said)]
    return held if len(held) > 1 else started


def _holds(name: str, typed: str) -> bool:
    """Whether the game's name ``name`` holds ``typed`` (``name_key``'s): typed in Latin letters, as some of its
    words running ("Donjara" of "Nogizaka Donjara"); in Japanese, anywhere (ドンジャラ of 乃木坂ドンジャラ)."""
    from scorer.catalog import name_key

    if not typed.isascii():
        return typed in name_key(name)
    words = name.split()
    return any(name_key(" ".join(words[i:j]).rstrip(":：,、")) == typed
               for i in range(len(words)) for j in range(i + 1, len(words) + 1))


def several_games_said(text: str, listed_en: Sequence[str], listed_ja: Sequence[str],
                       option: str = "--game") -> tuple[str, str]:
    """What a --game ``text`` naming more than one game says (``games_named``): (English, Japanese), with the games it
    names (``listed_en``, ``listed_ja``: each "Name [id]") and what to give instead. ``option``: the option it was
    given with, as the user wrote it; "" for a plain argument (``tilelens games GAME``), said as typed alone."""
    en, ja = (f"{option} {text}", f"{option} {text} に") if option else (printable(text), f"{quoted_ja(text)}に")
    return (f"{en} names more than one game: {', '.join(listed_en)}: give its id or more of its name",
            f"{ja}当てはまるゲームが複数あります: {'、'.join(listed_ja)}。ID か、名前をもっと詳しく指定してください")


def game_named(text: str, option: str = "--game") -> str:
    """The id of the game ``text`` names among the games here, shipped and added in the app (``games_named``), as
    --game of score, waits, check, read, label and synth takes one, and `games` its GAME: its id, or its name in English
    or Japanese, whole or its start ("乃木坂" for 乃木坂ドンジャラ); ``text`` as given where no game is so named (a .toml
    file, a mistyped id: ``load_game`` says why) or where it is a file's path (``./Nogizaka``, ``Nogizaka``: a game
    file with no extension, read as ``load_game`` reads it; a game's id is the game whatever file has its name, a
    folder names no game file). ``UsageError`` naming the choices where it names more than one
    (ドンジャラ: every Donjara's name holds it), in words naming ``option`` ("" for a plain argument: `games`).

    >>> game_named("乃木坂ドンジャラ"), game_named("乃木坂"), game_named("Tokyo Mahjong"), game_named("nogizaka")
    ('nogizaka', 'nogizaka', 'tokyo-mahjong', 'nogizaka')
    """
    from scorer.catalog import game_files, name_key, own_file_game

    files = game_files()  # the folders looked at once, every game's file read from it
    games = list(files)
    if text in games or text.lower().endswith((".toml", ".json")) or not name_key(text) or _is_file(text):
        return text
    loaded: dict[str, Game] = {}
    for g in games:
        try:  # its names, read quietly: only the game played says its house table (or a warning of its file)
            loaded[g] = own_file_game(files[g])
        except Exception:  # noqa: BLE001 - a game that cannot be read names none: its own id says why
            continue
    named = games_named(text, {g: [n for n in (game.name_en, game.name_ja) if n] for g, game in loaded.items()})
    if len(named) > 1:
        raise UsageError(*several_games_said(
            text, *([f"{getattr(loaded[g], f'name_{lang}') or g} [{g}]" for g in named] for lang in ("en", "ja")),
            option=option))
    return named[0] if named else text


def _is_file(text: str) -> bool:
    """Whether ``text`` is the path of a file (a link to one too): ``game_named`` leaves it to ``load_game``."""
    from pathlib import Path

    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # a name too long for a file's, a NUL: no file
        return False


def is_game_option(flag: str) -> bool:
    """Whether ``flag`` is ``--game`` as argparse takes it: whole or shortened (``--g``, ``--ga``, ``--gam``: no other
    long option of a command that takes --game starts with ``--g``).

    >>> [is_game_option(f) for f in ("--game", "--gam", "--g", "--", "--gamex", "--grid")]
    [True, True, True, False, False, False]
    """
    return len(flag) > 2 and "--game".startswith(flag)


def game_option_values(argv: Sequence[str]) -> Iterator[tuple[int, str, str, bool]]:
    """Each ``--game`` of ``argv`` as argparse takes it (``--game NAME``, ``--game=NAME``, shortened: ``--gam NAME``),
    none after ``--`` (every word there is an argument): the index of the word holding its value, the flag as
    written, the value, and whether "=" joins them. The one reading of --game for ``with_game_id`` and
    ``tilelens.cli.named_files``.

    >>> list(game_option_values(["--gam", "nogizaka", "--game=x.toml", "--", "--game", "y"]))
    [(1, '--gam', 'nogizaka', False), (2, '--game', 'x.toml', True)]
    """
    for i, arg in enumerate(argv):
        if arg == "--":
            return
        flag, eq, value = arg.partition("=")
        if not is_game_option(flag):
            continue
        if eq:
            yield i, flag, value, True
        elif i + 1 < len(argv) and argv[i + 1] != "--":
            yield i + 1, flag, argv[i + 1], False


def with_game_id(argv: list[str]) -> list[str]:
    """``argv`` with its ``--game`` (``--game NAME``, ``--game=NAME``, shortened as argparse takes it: ``--gam NAME``;
    ``game_option_values``: none after ``--``) by the id of the game it names (``game_named``): one resolver for every
    command that takes a game."""
    out = list(argv)
    for i, flag, value, joined in game_option_values(argv):
        out[i] = f"{flag}={game_named(value)}" if joined else game_named(value)
    return out


def _is_riichi(argv: list[str], prog: str) -> bool:
    """True if ``--game`` names a riichi game (its own CLI then parses everything, help included)."""
    pre = Parser(prog=prog, add_help=False)
    pre.add_argument("--game")
    args, _ = pre.parse_known_args([a for a in argv if a not in ("-h", "--help")])
    return args.game is not None and load_game(args.game).engine == "riichi"


# How a hand was won, as --win takes it in either engine: the option's words, and the ones a Japanese screen says
# (``WIN_KIND_JA``: ツモ, ロン, as the help writes them; in hiragana too, each katakana 0x60 below its hiragana). Read
# as typed (``win_word``: full- and half-width alike).
WIN_KIND_TYPED = {word: kind for kind, ja in WIN_KIND_JA.items()
                  for word in (kind, ja, "".join(chr(ord(c) - 0x60) for c in ja))}


def win_word(text: str) -> str:
    """``--win``'s value: ``tsumo`` or ``ron`` for a word of ``WIN_KIND_TYPED`` (ＴＳＵＭＯ, ﾂﾓ, Ron as typed), else
    ``text`` itself, for argparse to refuse among its choices.

    >>> win_word("ロン"), win_word("ﾂﾓ"), win_word("ＲＯＮ"), win_word("pon")
    ('ron', 'tsumo', 'ron', 'pon')
    """
    plain = unicodedata.normalize("NFKC", text).strip()
    return WIN_KIND_TYPED.get(plain.lower() if plain.isascii() else plain, text)


def _score_parser() -> Parser:
    p = Parser(prog="tilelens score", description="Score a 9-tile Donjara hand (or a riichi hand).",
               formatter_class=HelpFormatter,
               epilog="A riichi game has options of its own (--melds, --dora, --seat, ...): "
                      f"tilelens score --game tokyo-mahjong --help\n\n{SCORE_EPILOG}")
    add_shipped_rules(p)
    p.add_argument("--game", required=True, help=f"one of {', '.join(list_games())} or a game .toml file")
    p.add_argument("--win", type=win_word, choices=("tsumo", "ron"), default="tsumo",
                   help="self-draw or a claimed discard (default: tsumo)")
    p.add_argument("--players", type=int, help="players at the table (default: the game's)")
    p.add_argument("--riichi", action="store_true", help="the winner had declared riichi (needed to win)")
    p.add_argument("--favourite", metavar="TILE", help="the winner's favourite idol (doubles the payout)")
    p.add_argument("--no-favourite-doubling", action="store_true", help="house rule: no favourite doubling")
    p.add_argument("--dealt-tenpai", action="store_true",
                   help="the hand was one tile from winning as dealt (Yokai Watch: no riichi needed)")
    p.add_argument("--winning-tile", "--win-tile", metavar="TILE",
                   help="the tile that completed the hand (one of TILE; default: the hand's last tile that is no "
                        "Almighty)")
    p.add_argument("--own-discard", action="store_true", help="ron on a tile the winner discarded earlier")
    p.add_argument("--declared", action="store_true", help="a win was declared (a non-win is then a chombo)")
    p.add_argument("--pot", type=int, default=0, metavar="POINTS",
                   help="riichi chips already on the table, in points (Nogizaka: 20 = two chips of 10; at most "
                        f"{MOST_ON_A_TABLE} chips); the winner's own chip is added by --riichi")
    p.add_argument("--local", nargs="*", metavar="YAKU", help="enable local yaku: every one (no ids, or all), or the ids given; "
                   "tiles written after them are the hand's")
    p.add_argument("--scouted", action="append", default=[], metavar="TILE,TILE,TILE",
                   help="a group completed by a Scout (claimed discard), kept as declared: never split, and merged "
                        "with other tiles only into a group of the whole hand (a 9-tile Ensemble Set); repeatable; "
                        "its tiles are also among TILE...")
    p.add_argument("--remainder-payer", action="append", type=int, default=[], metavar="N",
                   help="who lost rock-paper-scissors for a tsumo split's remainder (Cinderella Girls): the N of "
                        "\"player N\", charged it; repeatable, one for each part")
    p.add_argument("--json", action="store_true", help="print one JSON object on one line (keys below)")
    p.add_argument("tiles", nargs="*", metavar="TILE",
                   help="ids or names (English, Japanese, kana reading; a name of two words in quotes)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, _score_help_ja(), "ドンジャラの9枚の手を採点します (リーチ麻雀の手も)。",
                             _SCORE_EPILOG_JA)
    return p


# The Donjara commands' help said in Japanese (``say_help_in_japanese``), by each option's first name: one line for
# each of the English ones in ``_score_parser``, ``waits_main`` and ``games_main``, kept in step with them. The
# epilogs say the --json keys by name only: each one's meaning is in the English help, which they point to.
_LOCAL_HELP_JA = "ローカル役を使います: すべて (id なし、または all) か、指定した id。その後に書いた牌は手牌です"
_SCOUTED_HELP_JA = ("スカウト{how}で完成した組。宣言したままの組で、崩しません。ほかの牌と合わせるのは、手牌すべてで1組の役 "
                    "(9枚のアンサンブルセットなど) のときだけです。何度でも指定できます")
_JSON_HELP_JA = "JSON オブジェクトを1行で出力します (キーは下に)"


def _game_help_ja() -> str:
    """``--game``'s help in Japanese: the games listed as the English lists them."""
    return f"{'、'.join(list_games())} のどれか、またはゲームの .toml ファイル"


def _score_help_ja() -> dict[str, str]:
    """``tilelens score``'s (a Donjara game's) options' help in Japanese."""
    return {
        "--game": _game_help_ja(),
        "--win": "上がり方: ツモ (tsumo) か、捨て牌でのロン (ron)。指定がなければ tsumo",
        "--players": "卓の人数 (指定がなければゲームの人数)",
        "--riichi": "上がった人がリーチしていた (上がりに必要)",
        "--favourite": "上がった人の担当アイドル (支払いが2倍に)",
        "--no-favourite-doubling": "ハウスルール: 担当アイドルで2倍にしない",
        "--dealt-tenpai": "配牌でテンパイの手だった (妖怪ウォッチ: リーチなしで上がれます)",
        "--winning-tile": "上がり牌 (TILE の1枚。指定がなければ、手牌でオールマイティでない最後の牌)",
        "--own-discard": "上がった人が前に自分で捨てた牌でのロン",
        "--declared": "上がりを宣言した (上がりでない手ならチョンボ)",
        "--pot": f"場にすでに出ているリーチのチップ (点数で。乃木坂: 20 = 10点のチップ2枚。{MOST_ON_A_TABLE}枚まで)。"
                 "上がった人自身のチップは --riichi で足されます",
        "--local": _LOCAL_HELP_JA,
        "--scouted": _SCOUTED_HELP_JA.format(how=" (捨て牌を取ること) ") + "。その牌も TILE... に書きます",
        "--remainder-payer": "ツモの端数を払う、じゃんけんで負けた人 (シンデレラガールズ): 「プレイヤーN」の N。"
                             "端数が何個かに分かれるときは、1つに1人ずつ何度でも指定します",
        "--json": _JSON_HELP_JA,
        "TILE": "牌の id か名前 (英語・日本語・かな読み。2語の名前は引用符で囲みます)",
    }


_SCORE_EPILOG_JA = f"""\
リーチ麻雀のゲームには専用のオプションがあります (--melds、--dora、--seat など): tilelens score --game tokyo-mahjong \
--help

--json は JSON オブジェクトを1行で出力します (UTF-8。`| jq .` で字下げして読めます)。キーはどのゲームでも同じです \
("game"・"engine"・"winning"・"win"・"yaku"・"value"・"points"・"payments"・"remainder"・"pot"・"reason"・\
"reason_ja"・"chombo"・"penalty"・"decomposition"・"extra"・"rules")。キーそれぞれの意味は英語のヘルプにあります: TILELENS_LANG=en \
tilelens score --help

ゲームで何も変わらないオプション (ローカル役のないゲームの --local、担当アイドルで2倍にならないゲームの \
--no-favourite-doubling、自分の捨て牌でのロンがチョンボにならないゲームやツモの上がりの --own-discard) も断らずに受け付けます \
(スクリプトがどのゲームにも同じオプションを渡せるように)。使われなかったことは、テキストでは1行で、--json では \
"extra" の "unused_options" で伝えます。

{EXIT_STATUS_JA}"""
_WAITS_EPILOG_JA = f"""\
--json は JSON オブジェクトを1行で出力します: "game"・"engine"・"tiles_from_win"・"waits" (リーチ麻雀では "hand" も)・\
"rules" (手を読んだ表。score --json と同じ)。ドンジャラでは "all_waits_chombo" (待ちがすべて、上がるとチョンボになる\
オールマイティのとき true) と、--local で何も変わらない (ゲームにローカル役がない) ときの "unused_options" も。

{WAITS_EXIT_STATUS_JA}"""


# What a Japanese keyboard puts between names in one word: full-width spaces and commas, 、 (and ASCII ones);
# ``SEPARATOR`` is the class of them, for a pattern of its own (``scorer.riichi_cli``).
SEPARATOR = r"[\s,，、､]"
_SEPARATORS = re.compile(SEPARATOR + "+")


def _words(game: Game, values: list[str]) -> list[str]:
    """The tiles typed in ``values``, one word or several in one (``"島村卯月　渋谷凛"``, ``"らりん、らりん"``):
    a word that names a tile whole is kept (``"島村　卯月"``); else it is split at separators, keeping
    together the longest run of pieces that names a tile. A piece that names none is kept for its error.

    >>> _words(load_game("cinderella-neo"), ["島村卯月　渋谷凛、本田未央", "島村　卯月"])
    ['島村卯月', '渋谷凛', '本田未央', '島村　卯月']
    """
    def names_a_tile(word: str) -> bool:
        return _names_a_tile(game, word)

    out: list[str] = []
    for value in values:
        pieces = [p for p in _SEPARATORS.split(value) if p]
        if len(pieces) <= 1 or names_a_tile(value):
            out.append(value.strip() if pieces else value)
            continue
        i = 0
        while i < len(pieces):
            j = next(j for j in range(len(pieces), i, -1) if j == i + 1 or names_a_tile(" ".join(pieces[i:j])))
            out.append(" ".join(pieces[i:j]))
            i = j
    return _joined_names(out, names_a_tile)


def _joined_names(words: list[str], names_a_tile: Any) -> list[str]:
    """``words`` with a run of them that names no tile word by word but one together (``God Almighty`` typed without
    quotes: "God", "Almighty") taken as that tile (a run of 4 words at most); a word that names a tile is never
    joined to another.

    >>> _joined_names(["minami", "God", "Almighty"], lambda w: w in ("minami", "God Almighty"))
    ['minami', 'God Almighty']
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        j = i + 1
        if not names_a_tile(words[i]):
            j = next((j for j in range(min(len(words), i + 4), i + 1, -1)
                      if not any(names_a_tile(w) for w in words[i:j]) and names_a_tile(" ".join(words[i:j]))), j)
        out.append(" ".join(words[i:j]))
        i = j
    return out


def _names_a_tile(game: Game, word: str) -> bool:
    try:
        game.tile(word)
    except UnknownTileError:
        return False
    return True


def _tiles_after_local(game: Game, args: argparse.Namespace) -> None:
    """The tiles written after ``--local`` (``--local rarin rarin ...``: its list takes every word after it) back
    to ``args.tiles``: from the first value that names a tile and is no local yaku id (nor ``all``), every value
    that is not one (a misspelt tile among them is then said as an unknown tile; a value before it, as an unknown
    local yaku). A bare list left is every local yaku, as a bare ``--local`` is. Unambiguous only where no local
    yaku id names a tile (none does in the shipped games: the test checks); in a game file where one does, nothing
    is taken back and the message says how to write it. The tiles' order does not change a Donjara hand's score or
    waits."""
    if args.local:  # a local yaku named as a player names it (乃木團, Nogidan): its id
        rules = donjara_rules(game)
        args.local = [local_yaku_id(rules, value) or value for value in args.local]
    known = {y.id for y in donjara_rules(game).yaku if y.local} | {"all"}
    local = list(args.local or ())
    first = next((i for i, value in enumerate(local) if value not in known
                  and all(_names_a_tile(game, w) for w in _words(game, [value]))), None)
    if first is None:
        return  # an unknown local yaku: ``_check_local`` says so
    if any(_names_a_tile(game, yaku) for yaku in known):
        raise UsageError(f"{local[first]!r} is a tile, not a local yaku: put --local after the tiles, or end its list "
                         f"with -- (--local YAKU -- TILE...)",
                         f"{quoted_ja(local[first])}は牌です (ローカル役ではありません): --local は牌の後に書くか、その役の並びを -- で"
                         f"終えてください (--local 役 -- 牌...)")
    args.local = local[:first] + [value for value in local[first:] if value in known]
    args.tiles = [value for value in local[first:] if value not in known] + list(args.tiles)


def _scouted(game: Game, groups: list[str]) -> tuple[tuple[str, ...], ...]:
    """Each ``--scouted`` group's tiles (:func:`_words`)."""
    return tuple(tuple(_words(game, [group])) for group in groups)


# What `tilelens score` and `tilelens waits` say when they are given no tiles while something is piped to them, or ``-``
# as a tile (`tilelens read PHOTO --json | tilelens score --game G`): they take their tiles as arguments only, and a
# photo's come in as the README shows (`$(tilelens read PHOTO --kinds)`). At a terminal, no tiles is said as before.
NOT_STDIN = ("{what}: tilelens {command} takes the tiles as arguments, not on standard input: "
             "tilelens {command} --game {game} $(tilelens read PHOTO --game {game} --kinds)",
             "{what}: tilelens {command} は牌を引数で受け取ります (標準入力は読みません): "
             "tilelens {command} --game {game} $(tilelens read PHOTO --game {game} --kinds)")
NOT_STDIN_WHAT = {"none": ("no tiles given", "牌がありません"), "none_riichi": ("no hand given", "手牌がありません"),
                  "dash": ("'-' is not a tile", "'-' は牌ではありません")}


def _stdin_piped() -> bool:
    """True when standard input is not a terminal (something piped in, or a file)."""
    try:
        return sys.stdin is not None and not sys.stdin.isatty()
    except (AttributeError, ValueError, OSError):  # closed, or no real stream
        return False


# A photo's name where the tiles go (`tilelens score --game G hand.jpg`): said as a photo, with the line that scores
# it, before any "unknown tile". The suffixes are ``vision.data_yaml.PHOTO_SUFFIXES`` (scorer imports no vision); an
# existing file without one is a photo when its first bytes are an image's.
PHOTO_ARG = ("'{photo}' is a photo, not a tile: tilelens {command} takes the tiles as arguments; a photo's tiles "
             "come in as: tilelens {command} --game {game} $(tilelens read {path} --game {game} --kinds)",
             "'{photo}' は写真で、牌ではありません: tilelens {command} は牌を引数で受け取ります。写真の牌は次のように"
             "渡します: tilelens {command} --game {game} $(tilelens read {path} --game {game} --kinds)")
# a folder there (`tilelens score --game G "my photos"`): said as one, with the line for a photo in it
FOLDER_ARG = ("'{photo}' is a folder, not a tile: tilelens {command} takes the tiles as arguments; a photo's tiles "
              "come in as: tilelens {command} --game {game} $(tilelens read {path} --game {game} --kinds)",
              "'{photo}' はフォルダで、牌ではありません: tilelens {command} は牌を引数で受け取ります。写真の牌は次のように"
              "渡します: tilelens {command} --game {game} $(tilelens read {path} --game {game} --kinds)")
_PHOTO_SUFFIXES = (".jpg", ".jpeg", ".jpe", ".jfif", ".png", ".webp", ".avif", ".bmp", ".tif", ".tiff", ".gif",
                   ".heic", ".heif")
_IMAGE_HEADS = (b"\xff\xd8\xff", b"\x89PNG", b"GIF8", b"II*\0", b"MM\0*")


def _is_photo(word: str) -> bool:
    """True when ``word`` ends in a photo's suffix, or names an existing file whose first bytes are an image's."""
    if word.lower().endswith(_PHOTO_SUFFIXES):
        return True
    try:
        if not os.path.isfile(word):  # a tile is no file; a pipe or a device is never opened
            return False
        with open(word, "rb") as f:
            head = f.read(12)
    except (OSError, ValueError):  # no such file, a folder, unreadable, a NUL in the word
        return False
    return head.startswith(_IMAGE_HEADS) or (head[:4] == b"RIFF" and head[8:12] == b"WEBP") or head[4:8] == b"ftyp"


def _is_folder(word: str) -> bool:
    """True when ``word`` is written as a path (a separator, a space, ``.`` or ``..``: a tile's name has none) and
    names a folder. A bare word is a tile first: a folder of a tile's name in the working folder stops no hand."""
    if not (word in (".", "..") or any(c in word for c in ("/", os.sep, " "))):
        return False
    try:
        return os.path.isdir(word)
    except (OSError, ValueError):  # a NUL in the word
        return False


def _photo_in(folder: str) -> str:
    """The first photo in ``folder`` by name (a photo's suffix, not hidden), or ``PHOTO.jpg`` where there is none."""
    try:
        names = sorted(entry.name for entry in os.scandir(folder)
                       if not entry.name.startswith(".") and entry.name.lower().endswith(_PHOTO_SUFFIXES))
    except OSError:
        names = []
    return names[0] if names else "PHOTO.jpg"


def photo_argument(command: str, game: str, words: list[str]) -> tuple[str, str] | None:
    """(English, Japanese) of ``PHOTO_ARG`` for the first of ``words`` that is a photo (:func:`_is_photo`), or of
    ``FOLDER_ARG`` for one that is a folder (:func:`_is_folder`: `tilelens score --game G "my photos"`, with the line
    for a photo in it); else None."""
    said = next(((w, "photo") if _is_photo(w) else (w, "folder") for w in words
                 if w != "-" and (_is_photo(w) or _is_folder(w))), None)
    if said is None:
        return None
    word, what = said
    path = word if what == "photo" else os.path.join(word, _photo_in(word))
    fields = {"photo": word, "command": command, "game": shlex.quote(game), "path": shlex.quote(path)}
    en, ja = PHOTO_ARG if what == "photo" else FOLDER_ARG
    return en.format(**fields), ja.format(**fields)


def not_stdin(command: str, game: str, tiles: list[str], riichi: bool = False) -> tuple[str, str] | None:
    """(English, Japanese) of ``NOT_STDIN`` when ``tiles`` are ``-`` or none while something is piped in; else None.
    A photo among ``tiles`` is said first (``PHOTO_ARG``)."""
    if said := photo_argument(command, game, tiles):
        return said
    if "-" in tiles:
        en, ja = NOT_STDIN_WHAT["dash"]
    elif not tiles and _stdin_piped():
        en, ja = NOT_STDIN_WHAT["none_riichi" if riichi else "none"]
    else:
        return None
    quoted = shlex.quote(game)
    return (NOT_STDIN[0].format(what=en, command=command, game=quoted),
            NOT_STDIN[1].format(what=ja, command=command, game=quoted))


def _local(value: list[str] | None) -> bool | tuple[str, ...]:
    if value is None:
        return False
    return tuple(value) if value and "all" not in value else True  # `--local` or `--local all`: every one


def score_main(argv: list[str]) -> int:
    """``tilelens score``: print the score of a hand (``--json``: one object)."""
    argv = with_game_id(argv)  # --game 乃木坂ドンジャラ as --game nogizaka
    if _is_riichi(argv, "tilelens score"):
        from scorer import riichi_cli

        return riichi_cli.score_main(argv)
    args = _score_parser().parse_args(argv)
    game = load_game(args.game)
    _tiles_after_local(game, args)
    _check_local(game, args.local)
    _check_pot(game, args.pot)
    if said := not_stdin("score", args.game, args.tiles):
        raise UsageError(*said)
    unused = unused_options(game, args)
    words = _words(game, args.tiles)
    try:
        result = score(game, words, win=args.win, players=args.players, riichi=args.riichi,
                       favourite=args.favourite, favourite_doubling=not args.no_favourite_doubling,
                       dealt_tenpai=args.dealt_tenpai, winning_tile=args.winning_tile, own_discard=args.own_discard,
                       declared=args.declared, pot=args.pot, local_yaku=_local(args.local),
                       scouted=_scouted(game, args.scouted))
    except HandError as exc:
        if exc.problem is InputProblem.COUNT and len(words) == game.hand_size + 1:
            en, ja = tile_over(game.hand_size)
            raise HandError(f"{exc}{en}", f"{exc.message_ja or exc}{ja}", InputProblem.COUNT) from None
        if exc.problem is not InputProblem.COUNT or len(words) != game.hand_size - 1:
            raise
        en, ja = waits_named(args.game, [*words, *_reading_options(args)])
        raise HandError(f"{exc}{en}", f"{exc.message_ja or exc}{ja}", InputProblem.COUNT) from None
    losers = _remainder_losers(game, result, args.remainder_payer, unused)
    if args.json:
        document = {**score_document(result, game.engine, str(args.win), losers), "rules": rules_table(args.game, game)}
        if unused:
            document["extra"]["unused_options"] = unused
        print_json(document)
    else:
        print("\n".join([format_result(game, result, cli_lang(), losers), *format_unused(unused, cli_lang())]))
    return 0


def _reading_options(args: argparse.Namespace) -> list[str]:
    """The options of ``args`` that both `tilelens score` and `tilelens waits` take of a Donjara hand (``--scouted``,
    ``--local``, ``--json``), as written, for the line of one command that a count error of the other names."""
    return [*(w for group in args.scouted for w in ("--scouted", group)),
            *(["--local", *args.local] if args.local is not None else []), *(["--json"] if args.json else [])]


def _remainder_losers(game: Game, result: ScoreResult, named: list[int], unused: list[dict[str, str]]
                      ) -> tuple[str, ...]:
    """``--remainder-payer``'s players as the payments name them ("player 2"), one for each part of the hand's
    remainder; a number no payer has, or as many players as parts not named, is one line naming the option. A hand
    that leaves no remainder (a ron, an even split, a game whose shares are rounded up) is scored, the option said
    in ``unused`` (:func:`unused_options`: a script may give the loser of every hand)."""
    if not named:
        return ()
    players = result.extra.get("players") or donjara_rules(game).win.players
    payers = max(players - 1, 1)
    for n in named:
        if not 1 <= n <= payers:
            raise UsageError(f"--remainder-payer {n}: name a player who pays, 1 to {payers} (the N of \"player N\" "
                             f"at {players} players)",
                             f"--remainder-payer {n}: 払う人を 1 から {payers} で指定してください (「プレイヤーN」の N。"
                             f"{players}人のとき)")
    if len(set(named)) < len(named):
        raise UsageError("--remainder-payer: name each player once (one for each part of the remainder)",
                         "--remainder-payer: 同じ人は1回だけ指定してください (端数1つに1人)")
    rest = remainder_apart(result.payments, result.extra)[1]
    if rest is None:
        unused.append({"option": "--remainder-payer", "why": "this hand leaves no remainder to settle",
                       "why_ja": "この手には、じゃんけんで決める端数がありません"})
        return ()
    if len(named) != rest["parts"] == 1:  # one part: one player pays it all
        raise UsageError(f"--remainder-payer: the remainder is paid in one part: name one player ({len(named)} named)",
                         f"--remainder-payer: 端数は1人がまとめて払います: 1人を指定してください (いま {len(named)}人)")
    if len(named) != rest["parts"]:
        raise UsageError(f"--remainder-payer: the remainder is paid in {rest['parts']} parts: name {rest['parts']} "
                         f"players, one for each part ({len(named)} named)",
                         f"--remainder-payer: 端数は{rest['parts']}つに分けて払います: {rest['parts']}人を指定してください "
                         f"(いま {len(named)}人)")
    return tuple(f"player {n}" for n in named)


def rules_table(named: str, game: Game) -> dict[str, str]:
    """``--json``'s "rules" of a hand scored with ``game``, named ``named`` by ``--game``: which table scored it,
    "table", and the file read, "path". "house": a club's table edited in the app, which the command plays where
    there is one (``scorer.catalog.house_tables``); "shipped": the box's (no edit, or ``--shipped-rules``); "added":
    a game added in the app, as it was added; "file": a game file named by its path."""
    from pathlib import Path

    from scorer.catalog import added_games, house_table

    by_id = named in list_games() or (Path(named).suffix != ".toml" and not Path(named).exists()
                                      and named in added_games())  # as ``scorer.catalog.load_game`` reads it
    if not by_id:
        table = "file"
    elif str(house_table(named) or "") == game.source:
        table = "house"
    else:
        table = "shipped" if named in list_games() else "added"
    return {"table": table, "path": game.source}


def unused_options(game: Game, args: argparse.Namespace) -> list[dict[str, str]]:
    """The options given that mean nothing for the game, each ``{"option", "why", "why_ja"}``: the house rule it
    switches or the chombo it marks is not the game's (or not the hand's: ``--own-discard`` on a tsumo). They are
    kept, not refused (exit 0), and said in the output (text: a line each; ``--json``: ``extra["unused_options"]``):
    a script scoring hands of every game with the table's switches (``--local all``, ``--no-favourite-doubling``)
    or what happened at the table (``--own-discard``) gets every hand scored, and a person reads that the option
    changed nothing."""
    rules, name_ja, out = donjara_rules(game), _name_ja_of(game), []
    people, people_ja = tile_people(game)  # the game's word: "favourite-member" in Nogizaka
    if getattr(args, "local", None) is not None and not any(y.local for y in rules.yaku):
        out.append({"option": "--local", "why": f"{game.id} has no local yaku",
                    "why_ja": f"{name_ja}にはローカル役がありません"})
    if getattr(args, "no_favourite_doubling", False) and rules.payout.favourite_multiplier == 1:
        out.append({"option": "--no-favourite-doubling", "why": f"{game.id} has no favourite-{people} doubling",
                    "why_ja": f"{name_ja}には担当{people_ja}で2倍になるルールがありません"})
    if getattr(args, "favourite", None) is not None and rules.payout.favourite_multiplier == 1:
        out.append({"option": "--favourite",
                    "why": f"{game.id}'s table has the favourite-{people} doubling off (favourite_multiplier = 1)",
                    "why_ja": f"{name_ja}の表では担当{people_ja}で2倍になるルールを使いません (favourite_multiplier = 1)"})
    if getattr(args, "own_discard", False) and ChomboCase.RON_ON_OWN_DISCARD not in rules.chombo.cases:
        out.append({"option": "--own-discard", "why": f"{game.id} has no chombo for a ron on a tile the winner "
                                                      f"discarded earlier",
                    "why_ja": f"{name_ja}には自分が前に捨てた牌でのロンをチョンボとするルールがありません"})
    elif getattr(args, "own_discard", False) and getattr(args, "win", "tsumo") == "tsumo":  # a tsumo on it is allowed
        out.append({"option": "--own-discard", "why": "a tsumo is no ron; only a ron on a tile the winner discarded "
                                                      "earlier is a chombo",
                    "why_ja": "ツモの上がりです。チョンボになるのは自分が前に捨てた牌でのロンだけです"})
    return out


def format_unused(unused: list[dict[str, str]], lang: str = "en") -> list[str]:
    """A line for each option that changed nothing (:func:`unused_options`), in ``lang`` (``RESULT_WORDS``)."""
    words, why = RESULT_WORDS[lang], "why_ja" if lang == "ja" else "why"
    return [words["unused"].format(option=u["option"], why=u[why]) for u in unused]


def _check_local(game: Game, local: list[str] | None) -> None:
    known = {y.id for y in donjara_rules(game).yaku if y.local}
    for name in local or ():
        if name not in known and name != "all":
            raise UsageError(f"unknown local yaku {name!r} for {game.id} (local yaku: {', '.join(sorted(known)) or 'none'})",
                             f"{quoted_ja(name)}は{_name_ja_of(game)}のローカル役にありません (ローカル役: "
                             f"{', '.join(sorted(known)) or 'なし'})")


def _name_ja_of(game: Game) -> str:
    """The game as a Japanese message names it (「乃木坂ドンジャラ」; its id where its file gives no name)."""
    return f"「{game.name_ja}」" if game.name_ja else f" {game.id} "


def waits_main(argv: list[str]) -> int:
    """``tilelens waits``: the tiles that complete a hand one tile short."""
    argv = with_game_id(argv)  # --game 乃木坂ドンジャラ as --game nogizaka
    if _is_riichi(argv, "tilelens waits"):
        from scorer import riichi_cli

        return riichi_cli.waits_main(argv)
    p = Parser(prog="tilelens waits", description="List every tile that completes a hand one tile short.",
               formatter_class=HelpFormatter, epilog=WAITS_EPILOG)
    add_shipped_rules(p)
    p.add_argument("--game", required=True, help=f"one of {', '.join(list_games())} or a game .toml file")
    p.add_argument("--local", nargs="*", metavar="YAKU", help="enable local yaku: every one (no ids, or all), or the ids given; "
                   "tiles written after them are the hand's")
    p.add_argument("--scouted", action="append", default=[], metavar="TILE,TILE,TILE",
                   help="a group completed by a Scout, kept as declared: never split, and merged with other tiles "
                        "only into a group of the whole hand (a 9-tile Ensemble Set); repeatable")
    p.add_argument("--json", action="store_true", help="print one JSON object on one line (keys below)")
    p.add_argument("tiles", nargs="*", metavar="TILE", help="the hand one tile short: ids or names (English, "
                   "Japanese, kana reading; a name of two words in quotes)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, {"--game": _game_help_ja(), "--local": _LOCAL_HELP_JA,
                                 "--scouted": _SCOUTED_HELP_JA.format(how=""), "--json": _JSON_HELP_JA,
                                 "TILE": "1枚足りない手の牌: id か名前 (英語・日本語・かな読み。2語の名前は引用符で囲みます)"},
                             "1枚足りない手を完成させる牌をすべて挙げます。", _WAITS_EPILOG_JA)
    args = p.parse_args(argv)
    game = load_game(args.game)
    _tiles_after_local(game, args)
    _check_local(game, args.local)
    if said := not_stdin("waits", args.game, args.tiles):
        raise UsageError(*said)
    tiles = _words(game, args.tiles)
    try:
        found = waits(game, tiles, local_yaku=_local(args.local), scouted=_scouted(game, args.scouted))
    except HandError as exc:
        if exc.problem is not InputProblem.COUNT or len(tiles) != game.hand_size:
            raise
        en, ja = score_named(args.game, [*tiles, *_reading_options(args)])
        raise HandError(f"{exc}{en}", f"{exc.message_ja or exc}{ja}", InputProblem.COUNT) from None
    away = 1 if found else tiles_from_win(game, tiles, local_yaku=_local(args.local))
    unused = unused_options(game, args)
    if args.json:
        print_json({"game": game.id, "engine": game.engine, "tiles_from_win": away,
                    "waits": [w.to_dict() for w in found], "all_waits_chombo": all_waits_chombo(game, found),
                    **({"unused_options": unused} if unused else {}), "rules": rules_table(args.game, game)})
    else:
        print("\n".join([format_waits(game, found, away, cli_lang()), *format_unused(unused, cli_lang())]))
    return 0


# The attributes' names in Japanese are ``scorer.attribute_names.ATTRIBUTE_NAMES_JA`` or the game file's; a yes/no value is あり/なし whatever the attribute (赤=あり, not 赤=赤)
# unless the file names it.
VALUE_WORDS_JA = {"yes": "あり", "no": "なし"}


GAMES_EXIT_STATUS = ("Exit status: 0 with the list or the game's tiles; a game whose table edited in the app cannot "
                     "be used is listed all the same, with the box's table (a game added in the app: its table as "
                     "added), marked in its line and in --json (house_table_error), and said on stderr. 2 bad input: "
                     "an unknown game, a game file that cannot be read (GAME, or its edit that cannot be used).")
GAMES_EXIT_STATUS_JA = ("終了ステータス: 一覧かゲームの牌を出したら 0。アプリで編集した表が使えないゲームも、箱のままの表 "
                        "(アプリで追加したゲームは追加したときの表) で一覧に載せ、その行と --json (house_table_error) "
                        "に印を付け、標準エラーにも書きます。入力の誤りは 2: 知らないゲーム、読めないゲームのファイル "
                        "(GAME、またはその使えない編集)。")
# The mark of a listed game whose edit cannot be used (``_listed``), in each language: a shipped game's, an added one's
HOUSE_TABLE_MARK = {"en": ("(the box's table: the one edited in the app cannot be used)",
                           "(the table as added: the one edited in the app cannot be used)"),
                    "ja": ("(アプリで編集した表が使えないため、箱のままの表)", "(アプリで編集した表が使えないため、追加したときの表)")}


def games_main(argv: list[str]) -> int:
    """``tilelens games [GAME]``: the games, or one game's tiles."""
    p = Parser(prog="tilelens games", description="List the games, or the tiles of one game.",
               formatter_class=HelpFormatter, epilog=GAMES_EXIT_STATUS)
    add_shipped_rules(p)
    p.add_argument("game", nargs="?", help="a game's id or name, or a .toml file: list its tiles")
    p.add_argument("--yaku", action="store_true", help="list the game's yaku table instead of its tiles")
    p.add_argument("--json", action="store_true",
                   help="print one JSON document on one line: a list of the games, or with GAME an object")
    if cli_lang() == "ja":
        say_help_in_japanese(p, {"game": "ゲームの id か名前、または .toml ファイル: その牌を一覧にします",
                                 "--yaku": "牌の代わりに、ゲームの役の表を一覧にします",
                                 "--json": "JSON を1行で出力します: ゲームの一覧、GAME があればそのゲームのオブジェクト"},
                             "ゲームの一覧、または1つのゲームの牌を表示します。", GAMES_EXIT_STATUS_JA)
    args = p.parse_args(argv)
    if args.game is not None:
        args.game = game_named(args.game, option="")  # by its id or its name (乃木坂), as score takes it
    if args.yaku:
        if args.game is None:
            raise UsageError("--yaku needs a GAME", "--yaku にはゲーム (GAME) を指定してください (例: tilelens games "
                                                    "nogizaka --yaku)")
        return _yaku_table(load_game(args.game), args.json)
    if args.game is None:
        added_files = _added_games()  # the games added in the app after the shipped ones
        listed = [(*_listed(g), "") for g in list_games()] + added_files
        games = [g for g, _, _ in listed]
        added = {g.id: file for g, _, file in listed if file}
        broken = {g.id: error for g, error, _ in listed if error}  # an edit that cannot be used: its error
        lang = cli_lang()
        if args.json:
            print_json([{"id": g.id, "name_ja": g.name_ja, "name_en": g.name_en, "engine": g.engine,
                         "tiles": g.total_tiles, "kinds": len(g.tiles),
                         **({"added": added[g.id]} if g.id in added else {}),
                         **({"house_table_error": error_text(broken[g.id], "en"),
                             "house_table_error_ja": error_text(broken[g.id], "ja")} if g.id in broken else {})}
                        for g in games])
            return 0
        for g in games:
            mark = (f"  (アプリで追加: {added[g.id]})" if lang == "ja" else f"  (added in the app: {added[g.id]})") \
                if g.id in added else ""
            if g.id in broken:
                mark += f"  {HOUSE_TABLE_MARK[lang][g.id in added]}"
            if lang == "ja":
                print(f"{g.id:<16} {g.total_tiles:>3}枚  {len(g.tiles):>3}種類  {g.name_ja} / {g.name_en}{mark}")
            else:
                print(f"{g.id:<16} {g.total_tiles:>3} tiles  {len(g.tiles):>3} kinds  {g.name_en} / {g.name_ja}{mark}")
        return 0
    game = load_game(args.game)
    rows = [{"id": t.id, "name_ja": t.name_ja, "name_en": t.name_en, "copies": t.copies, "almighty": t.almighty,
             "attrs": dict(t.attrs)} for t in game.tiles]
    if args.json:
        print_json({"id": game.id, "tiles": rows})
    else:
        lang = cli_lang()
        # each tile by its name in the language (English: as score and the app name it; its id where the file gives
        # no English name), padded by the columns a terminal gives it (a full-width character two), not by
        # characters: 島村卯月 and 水本ゆかり were a column apart
        names = [_tile_name(r["name_ja"], r["name_en"], lang, r["id"]) for r in rows]
        width = max([12, *(columns(n) for n in names)])
        for r, name in zip(rows, names):
            attrs = " ".join(f"{attribute_name(k, 'ja', game)}={_tile_value_ja(game, k, v, r['id'])}"
                             if lang == "ja" else f"{k}={v}" for k, v in r["attrs"].items())
            print(f"{r['id']:<22} x{r['copies']}  {pad_columns(name, width)} {attrs}".rstrip())
    return 0


def _tile_name(name_ja: str, name_en: str, lang: str, tile_id: str = "") -> str:
    """A tile's name as `tilelens games` and `tilelens waits` list it in ``lang``: its Japanese or its English name;
    in English its Japanese one where the file gives no English name (``scorer.catalog`` then names it by its id,
    ``tile_id``, which the line says already: an added game's りんご, not apple twice)."""
    return name_ja if lang == "ja" or not name_en or (name_en == tile_id and name_ja) else name_en


def _tile_value_ja(game: Game, attr: str, value: str, tile_id: str) -> str:
    """A tile's attribute ``value`` as `tilelens games GAME` says it in Japanese (:func:`value_ja`); a value that is a
    tile's id (Nogizaka's ``member``) by that tile's Japanese name, its id in brackets where it is another tile's."""
    named = next((t.name_ja for t in game.tiles if t.id == str(value) and t.name_ja), None)
    if named is None:
        return value_ja(game, attr, value)
    return named if str(value) == tile_id else f"{named} ({value})"


def _listed(game_id: str) -> tuple[Game, TilelensInputError | None]:
    """A shipped game as the list of games shows it: by its id, so with a club's edited table where the command
    plays one (``scorer.catalog.house_tables``); the box's table where that edit cannot be used, with the error, said
    on stderr in one line (one broken edit does not hide the other games), which the listing marks."""
    from scorer.catalog import GAMES_DIR

    try:
        return load_game(game_id), None
    except TilelensInputError as exc:
        print(f"tilelens games: {error_text(exc, cli_lang())}", file=sys.stderr)
        return load_game(GAMES_DIR / f"{game_id}.toml"), exc


def _added_games() -> list[tuple[Game, TilelensInputError | None, str]]:
    """The games added in the app (``scorer.catalog.added_games``) that load, each with its file as added (the
    table in use: a club's edit of it where the command plays one; the file as added where that edit cannot be used,
    with the error, as ``_listed``); one line on stderr for each problem, naming it."""
    from scorer.catalog import added_games, house_table

    games = []
    for game_id, path in added_games().items():
        try:
            games.append((load_game(house_table(game_id) or path), None, str(path)))
            continue
        except TilelensInputError as exc:
            print(f"tilelens games: {error_text(exc, cli_lang())}", file=sys.stderr)
            problem = exc
        try:  # an edit that cannot be used: the file as added (one that cannot be read itself is not listed)
            games.append((load_game(path), problem, str(path)))
        except TilelensInputError as exc:
            if str(exc) != str(problem):
                print(f"tilelens games: {error_text(exc, cli_lang())}", file=sys.stderr)
    return games


def value_ja(game: Game | None, attr: str, value: str) -> str:
    """An attribute value in Japanese: as the game's file names it, else あり/なし for yes/no, else the shipped
    table's name (``scorer.attribute_names``), else as written."""
    if game is not None and (attr, str(value)) in game.value_names:
        return value_name(attr, value, "ja", game)
    return VALUE_WORDS_JA.get(str(value)) or value_name(attr, value, "ja")


def _yaku_table(game: Game, as_json: bool) -> int:
    if game.engine == "riichi":
        return _riichi_yaku(game, as_json)
    if game.engine != "donjara":
        raise UsageError(f"{game.id} is scored by the {game.engine} engine; its yaku are not a table here")
    rules = donjara_rules(game)
    # a yaku the file describes not is said by its groups (``yaku_needs``, as the no-win reason says the simplest)
    accounts = [yaku_needs(game, rules, y) for y in rules.yaku]
    rows = [{"id": y.id, "name_ja": y.name_ja, "name_en": y.name_en, "points": y.points, "local": y.local,
             "default": y.default, "description": y.description, "pays": _yaku_pays(rules, y.points)}
            for y in rules.yaku]
    if as_json:
        print_json({"id": game.id, "yaku": rows, "house_defaults": list(rules.house_defaults)})
        return 0
    if cli_lang() == "ja":
        for y, r, (_, needs_ja) in zip(rules.yaku, rows, accounts):
            marks = "".join([" [ローカル役: 初期設定では使わない]" if r["local"] else "",
                             " [ハウスルールの初期設定]" if r["default"] else ""])
            print(f"{r['points']:>4}{_currency(game, 'ja')}  {r['name_ja']}{marks}: "
                  f"{y.description_ja or needs_ja}"  # its English description never said on a Japanese screen
                  f" {_pays_said(game, r['pays'], 'ja')}")
        return 0
    for r, (needs, _) in zip(rows, accounts):
        marks = "".join([" [local: off by default]" if r["local"] else "",
                         " [house-table default]" if r["default"] else ""])
        print(f"{r['points']:>4}{_currency(game, 'en', r['points'])}  {r['name_ja']}{also_en(r['name_ja'], r['name_en'])}"
              f"{marks}: {r['description'] or needs} {_pays_said(game, r['pays'], 'en')}")
    return 0


def _yaku_pays(rules: DonjaraRules, points: int) -> dict[str, int]:
    """Who pays what for a Donjara yaku of ``points`` at the game's usual table, by the payments the scorer makes
    (``scorer.payout.payments``, as the Rules page says them): the discarder's ron; each other player's share of a
    tsumo, and what of it is left to settle by rock-paper-scissors (``split_parts``: a game that splits evenly)."""
    players = rules.win.players_default
    parts = split_parts(rules.payout, points, players)
    each = parts["even_share"] if parts else payments(rules.payout, points, "tsumo", players)[0].amount
    return {"players": players, "ron": payments(rules.payout, points, "ron", players)[0].amount,
            "tsumo_each": each, "tsumo_remainder": parts.get("remainder", 0)}


def _pays_said(game: Game, pays: dict[str, int], lang: str) -> str:
    """``_yaku_pays`` in words, in brackets after a yaku's line of ``games --yaku``: "(ron: 60 from the discarder;
    tsumo: 20 from each other player)", 「(ロンは捨てた人から60点、ツモはほかの人から20点ずつ)」."""
    ron, each, rest = (f"{pays[k]:,}" for k in ("ron", "tsumo_each", "tsumo_remainder"))
    if lang == "ja":
        unit = _currency(game, "ja")
        left = f"で、端数の{rest}{unit}はじゃんけんで決めます" if pays["tsumo_remainder"] else ""
        return f"(ロンは捨てた人から{ron}{unit}、ツモはほかの人から{each}{unit}ずつ{left})"
    left = f", the remainder of {rest} settled by rock-paper-scissors" if pays["tsumo_remainder"] else ""
    return f"(ron: {ron} from the discarder; tsumo: {each} from each other player{left})"


def _riichi_yaku(game: Game, as_json: bool) -> int:
    """A riichi game's yaku with their han closed and open (``-``: closed hands only), under its rules."""
    from scorer.riichi_rules import rules_for, yaku_values

    values = yaku_values(rules_for(game))
    if as_json:
        print_json({"id": game.id, "yaku": [{"id": v.yaku_id, "name_ja": v.name_ja, "name_en": v.name_en,
                                             "han_closed": v.han_closed, "han_open": v.han_open,
                                             "yakuman": v.yakuman} for v in values]})
        return 0

    if cli_lang() == "ja":
        def worth_ja(han: int, yakuman: int) -> str:
            return "-" if not han else ("ダブル役満" if yakuman > 1 else "役満") if yakuman else f"{han}翻"

        # each column as wide as its widest label (ダブル役満: 10 columns), the yaku lined up after them
        closed = [worth_ja(v.han_closed, v.yakuman) for v in values]
        opened = [worth_ja(v.han_open, v.yakuman) for v in values]
        wide_closed, wide_open = (max(map(columns, [heading, *said])) for heading, said in (("門前", closed),
                                                                                            ("鳴き", opened)))
        print(f"{pad_columns('門前', wide_closed)} {pad_columns('鳴き', wide_open)} 役")
        for v, c, o in zip(values, closed, opened):
            print(f"{pad_columns(c, wide_closed)} {pad_columns(o, wide_open)} {v.name_ja}")
        print("(-: 門前のみ。ドラは役ではなく、1枚1翻)")
        return 0

    def worth(han: int, yakuman: int) -> str:
        return "-" if not han else ("double yakuman" if yakuman > 1 else "yakuman") if yakuman else f"{han} han"

    print(f"{'closed':<15} {'open':<15} yaku")
    for v in values:
        print(f"{worth(v.han_closed, v.yakuman):<15} {worth(v.han_open, v.yakuman):<15} {v.name_ja} ({v.name_en})")
    print("(-: closed hands only; dora are not yaku, 1 han each)")
    return 0


def _currency(game: Game, lang: str, amount: int | None = None) -> str:
    """What follows an amount: the game's unit against the number in Japanese ("20点", "12万"), after a space in
    English, as the game's file names it (``currency_en``: "20 points", "12 x10,000 fans", as the app says it);
    an ``amount`` of 1 is "1 point" where the unit is "points" (a house yaku, a tsumo share)."""
    payout = donjara_rules(game).payout
    if lang == "ja":
        return payout.currency_ja
    return " point" if amount == 1 and payout.currency_en == "points" else f" {payout.currency_en}"


def format_groups(decomposition: tuple[dict[str, Any], ...] | list[dict[str, Any]], game: Game | None = None,
                  lang: str = "en") -> list[str]:
    """One line per group: kind, label, tiles, and what each Almighty stands for (``lang="ja"`` with the
    ``game``: the kind and the tiles by their Japanese names)."""
    if lang == "ja" and game is not None:
        return [_group_ja(game, g) for g in decomposition]
    lines = []
    for g in decomposition:
        # the Almighty by its name, as the app says it: "God Almighty (purple) as Rarin" (was "almighty-god as rarin")
        stands = "".join(f"; {_name_en(game, a['tile'])} as {_as_en(game, a['as'])}" for a in g["almighty"])
        # a Scout's group (a claimed discard) tagged, as the app tags it: "unit [Dekoration ...] (scout): ..."
        scout = " (scout)" if g.get("scouted") else ""
        label = _label_en(game, g)
        # the label once: not "past Cinderella Girls [past Cinderella Girls]", as the Japanese and the app say it
        said = "" if re.search(rf"(?<!\w){re.escape(label)}(?!\w)", g["kind_en"], re.IGNORECASE) else f" [{label}]"
        lines.append(f"  {g['kind_en']}{said}{scout}: {' '.join(g['tiles'])}{stands}")
    return lines


def _label_en(game: Game | None, g: Mapping[str, Any]) -> str:
    """A group's label in English text: a group of tiles sharing attribute values says them as the app does
    ("Cute Vi", ``value_name``; the JSON keeps "cute Vi", as the file writes them, for a script), else as it is
    (a unit's name, a tile's)."""
    label = str(g["label"])
    if game is None or game.engine != "donjara":
        return label
    kind = donjara_rules(game).groups.get(str(g.get("kind")))
    words = label.split(" ")
    if kind is None or not kind.same or "id" in kind.same or len(words) != len(kind.same):
        return label
    if not all(any(t.attrs.get(a) == w for t in game.tiles) for a, w in zip(kind.same, words)):
        return label  # a group of one tile kind, labelled by its name
    return " ".join(value_name(a, w, "en", game) for a, w in zip(kind.same, words))


def _as_en(game: Game | None, value: Any) -> str:
    """What an Almighty stands for in English: a tile's name, or the attribute values it takes ("cute Vo")."""
    if isinstance(value, dict):
        return " ".join(value_name(k, str(v), "en", game) for k, v in value.items())
    return _name_en(game, str(value))


def _name_en(game: Game | None, tile_id: str) -> str:
    """A tile's English name (its id where there is no game, the game has no such tile, or it has no English
    name)."""
    if game is None:
        return tile_id
    try:
        return game.tile(tile_id).name_en or tile_id
    except UnknownTileError:
        return tile_id


def _name_ja(game: Game, tile_id: str) -> str:
    """A tile's Japanese name (its id where the game has no such tile)."""
    try:
        return game.tile(tile_id).name_ja
    except UnknownTileError:
        return tile_id


def _group_ja(game: Game, g: dict[str, Any]) -> str:
    """``  セット [琴子]: 琴子 琴子 神オールマイティ (神オールマイティ → 琴子)`` (the label only where it adds to the kind)."""
    def as_ja(value: Any) -> str:
        if isinstance(value, dict):
            return " ".join(value_name(k, str(v), "ja", game) for k, v in value.items())
        return _name_ja(game, str(value))

    said = g.get("label_ja") or str(g["label"])  # the engine's Japanese label (``scorer.groups.Group.label_ja``)
    label = "" if said == g["kind_ja"] else f" [{said}]"
    stands = "、".join(f"{_name_ja(game, a['tile'])} → {as_ja(a['as'])}" for a in g["almighty"])
    stands = f" ({stands})" if stands else ""  # 「妖怪03 妖怪03 オールマイティ (オールマイティ → 妖怪03)」
    scout = " (スカウト)" if g.get("scouted") else ""  # a Scout's group (a claimed discard)
    return f"  {g['kind_ja']}{label}{scout}: {' '.join(_name_ja(game, t) for t in g['tiles'])}{stands}"


# What ``format_result`` says, line by line, in each language (the flow is written once, there), and
# ``format_unused``'s line for an option that changed nothing; an amount is written with its unit (``_currency``).
RESULT_WORDS: dict[str, dict[str, str]] = {
    "en": {"yaku": "{name}{also_en}: {points}", "chombo": "CHOMBO: {reason}",
           "no_win": "not a win: {reason}", "favourite": "  favourite {tile} in the hand: x{times}",
           "not_held": "  favourite {tile} not doubled: not in the hand",
           "not_held_almighty": "  favourite {tile} not doubled: not in the hand "
                                "(an Almighty standing for it does not count)",
           "house_rule": "  favourite {tile} not doubled: the house rule is off (--no-favourite-doubling)",
           "pays": "  {payer} pays {amount}{note}",
           # a tsumo split's remainder, said once after the even shares, nobody named as its payer (as the app:
           # ``scorer.payout.REMAINDER_SETTLE``)
           "remainder": f"  remainder {{rest}}: {REMAINDER_SETTLE[0]}",
           "remainder_n": f"  remainder {{rest}}: {REMAINDER_SETTLE[1]}",
           "lost": f" ({REMAINDER_LOST})",  # --remainder-payer's
           # the game's own cry said first, on its own line, where it has one ("Live Start!")
           "receives": "  the winner receives {points}", "cry": "{cry}\n  the winner receives {points}",
           "pot": " + {pot} of riichi chips",
           "own": " ({own} of them the winner's own)", "declared": "the hand as declared (not paid):",
           "would_be": "the hand, were it a win (not paid):",
           "unused": "({option} changes nothing: {why})"},
    "ja": {"yaku": "{name}: {points}", "chombo": "{reason}", "no_win": "上がりではありません: {reason}",
           "favourite": "  担当アイドル ({tile}) が手牌にあるので{times}倍",
           "not_held": "  担当アイドル {tile}は手牌にないので2倍になりません",
           "not_held_almighty": "  担当アイドル {tile}は手牌にないので2倍になりません (オールマイティでの代わりは数えません)",
           "house_rule": "  担当アイドル {tile}: ハウスルールで2倍になりません", "pays": "  {payer}が{amount}払う{note}",
           "remainder": "  端数の{rest}は、払う人どうしのじゃんけんで負けた人が払います。",
           "remainder_n": "  端数の{rest}は、払う人どうしのじゃんけんで負けた{n}人が1つずつ払います。",
           "lost": " (端数の{part}を含みます: じゃんけんで負けた人)",
           "receives": "{cry} {points}を受け取ります", "pot": "。場のリーチのチップ {pot}も受け取り、合計 {total}です。{own}",
           "own": "うち {own}は自分がリーチで出したチップです (ほかの人は払いません)。", "declared": "宣言した手 (支払いなし):",
           "would_be": "上がりだったときの手 (支払いなし):",
           "unused": "({option} は使われません: {why})"},
}


def also_en(name: str, name_en: str) -> str:
    """`` (English name)`` after a yaku's name in English text; nothing where the name is already English
    ("WONDERFUL M@GIC!!", not "WONDERFUL M@GIC!! (WONDERFUL M@GIC!!)").

    >>> also_en("基本セット", "Basic set"), also_en("WONDERFUL M@GIC!!", "WONDERFUL M@GIC!!")
    (' (Basic set)', '')
    """
    return f" ({name_en})" if name_en and name_en != name else ""


def format_result(game: Game, result: ScoreResult, lang: str = "en", losers: tuple[str, ...] = ()) -> str:
    """A plain-text score for a terminal: the yaku, the groups, who pays what, and the win or why it is none
    (``lang="ja"``: in Japanese, ``RESULT_WORDS``). ``losers``: who lost rock-paper-scissors for a tsumo split's
    remainder (payers as the payments name them), charged it (``--remainder-payer``)."""
    words, ja = RESULT_WORDS[lang], lang == "ja"

    def amount(n: int) -> str:
        return f"{n}{_currency(game, lang, n)}"

    reason = (result.reason_ja or result.reason) if ja else result.reason
    hand = []
    if result.yaku:
        y = result.yaku[0]
        hand.append(words["yaku"].format(name=y.name, also_en=also_en(y.name, y.name_en), points=amount(y.points)))
        hand += format_groups(result.decomposition, game, lang)
    # A hand that does not win is said so first, then what it holds (read top-down, "基本セット: 60 points"
    # first read as scored); a win's yaku lead its payments. Its yaku and groups stand under a heading, indented:
    # not read as paid ("基本セット: 60 points" under a penalty or a refusal for no riichi read as a win of 60); kept,
    # as in the JSON, for the table to check the tiles read
    heading = words["declared" if result.chombo else "would_be"]
    held = [heading, *(f"  {line}" for line in hand)] if hand else []
    if result.chombo:
        if ja and not reason.startswith("チョンボ"):
            reason = f"チョンボ: {reason}"
        elif not ja:  # the line says CHOMBO already: not "CHOMBO (false-win): chombo: ..."
            reason = re.sub(r"^chombo: ", "", reason)
        return "\n".join([words["chombo"].format(case=result.chombo, reason=reason), *held])
    if not result.winning:
        return "\n".join([words["no_win"].format(reason=reason), *held])
    lines, x = hand, result.extra
    # the favourite by its name, as the app says it ("Uzuki Shimamura", not "shimamura-uzuki")
    if x.get("multiplier", 1) > 1:
        tile = _name_ja(game, x["favourite"]) if ja else _name_en(game, x["favourite"])
        lines.append(words["favourite"].format(tile=tile, times=x["multiplier"]))
    elif x.get("favourite_not_doubled"):
        tile = _name_ja(game, x["favourite"]) if ja else _name_en(game, x["favourite"])
        why = x["favourite_not_doubled"]
        if why == "not_held" and any(g.get("almighty") for g in result.decomposition):
            why = "not_held_almighty"  # an Almighty in the hand: one standing for the idol is not her
        lines.append(words[why].format(tile=tile))
    # a tsumo split that leaves a remainder: each payer's even share, then the remainder once, for the payers to
    # settle by rock-paper-scissors (RULES.md 000): no payer named as paying it until ``losers`` are (as ``--json``)
    paid, rest = remainder_apart(result.payments, result.extra, losers)
    for p in paid:
        if p.note == REMAINDER_LOST_NOTE:  # the part a loser pays, in the game's unit
            note = words["lost"].format(part=amount(p.amount - x["even_share"]))
        else:
            note = f" ({payment_note_ja(p.note) if ja else p.note})" if p.note else ""
        payer = payer_ja(p.payer, game.engine) if ja else p.payer  # a Donjara game's 「捨てた人」
        lines.append(words["pays"].format(payer=payer, amount=amount(p.amount), note=note))
    if rest and rest["payers"] is None:
        parts = rest["parts"]
        lines.append(words["remainder" if parts == 1 else "remainder_n"].format(rest=amount(rest["amount"]), n=parts))
    # the winner's own riichi chip said as theirs (it comes back to them: no other player pays it)
    own_chip = x.get("own_riichi_chip")
    own = words["own"].format(own=amount(own_chip) if ja else own_chip) if own_chip else ""
    pot = words["pot"].format(pot=amount(result.pot), total=amount(result.points + result.pot), own=own) \
        if result.pot else ""
    if pot and not ja:
        pot += own
    cry = win_cry(game, lang)  # 「ドンジャラ！」, or the game's own (「ライブスタート！」); none in English but its own
    lines.append(words["cry" if cry and not ja else "receives"].format(cry=cry, points=amount(result.points)) + pot)
    return "\n".join(lines)


def pad_columns(text: str, width: int) -> str:
    """Left-justify in terminal columns: a CJK character takes two.

    >>> pad_columns("みなみ", 8) + "|"
    'みなみ  |'
    """
    return text + " " * max(0, width - columns(text))


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes: a CJK character two.

    >>> columns("神オールマイティ"), columns("yokai-01")
    (16, 8)
    """
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def format_waits(game: Game, found: list[Wait], away: int, lang: str = "en") -> str:
    """One line per wait (best first), the names in their own column as a terminal shows them; or how far
    the hand is from a win (``lang="ja"``: in Japanese)."""
    if not found:
        if lang == "ja":
            return f"待ちはありません: 上がりまであと{away}枚"
        return f"no waits: the hand is {away} tile{'s' if away != 1 else ''} from a win"
    names = [_tile_name(w.name_ja, w.name_en, lang, w.tile) for w in found]
    width = max(columns(n) for n in names)
    lines = []
    for w, name in zip(found, names):
        note = f"  ({(w.note_ja or w.note) if lang == 'ja' else w.note})" if w.note else ""
        left = f"残り{w.remaining}枚" if lang == "ja" else f"{w.remaining} left"
        yaku = w.yaku.name if lang == "ja" else f"{w.yaku.name}{also_en(w.yaku.name, w.yaku.name_en)}"
        points = f"{w.points}{_currency(game, lang, w.points)}"
        lines.append(f"{w.tile:<22} {pad_columns(name, width)} {yaku} {points}  [{left}]{note}")
    if all_waits_chombo(game, found):  # as the riichi waits say "none left to win on"
        lines.append("上がれる待ちはありません: 待ちはオールマイティだけで、オールマイティで上がるとチョンボです" if lang == "ja"
                     else "no legal wait left: every wait is an Almighty, and winning on an Almighty is chombo")
    return "\n".join(lines)


def all_waits_chombo(game: Game, found: list[Wait]) -> bool:
    """Every wait is an Almighty that the game makes a chombo to win on (Nogizaka): none is left to win on."""
    return bool(found) and ChomboCase.WIN_ON_ALMIGHTY in donjara_rules(game).chombo.cases \
        and all(game.tile(w.tile).almighty for w in found)
