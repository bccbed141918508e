"""The ``tilelens`` command: a thin router. Each subcommand lives in its own module and parses its own
arguments, so that scoring never imports vision (and so never torch or OpenCV).

Every handler is ``main(argv: list[str]) -> int``. Errors that are the user's (``TilelensInputError``
and friends) print one line to stderr and exit 2; nothing prints a traceback to a user.

Ctrl-C ends a command with exit status 130 (its own interrupted path: `read --json` prints the photos read, with
"interrupted": true); SIGTERM (`kill`, `timeout`) and SIGHUP (the terminal closed) take the same path in the main
process, and exit 143 and 129: 128 + the signal's number, as a shell reports a command ended by it
(``signals_as_interrupt``).
"""
from __future__ import annotations

import contextlib
import importlib
import os
import re
import sys
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the scorer is imported by the command run, not by the router
    from scorer.catalog import Game

RIICHI_GAMES = {"tokyo-mahjong"}

# subcommand -> (module, function, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "score": ("scorer.cli", "score_main", "score a hand (Donjara games or Tokyo Mahjong)"),
    "waits": ("scorer.cli", "waits_main", "list the tiles that complete a hand one tile short"),
    "games": ("scorer.cli", "games_main", "list the games and their tiles"),
    "synth": ("vision.synth.cli", "main", "render synthetic hand photos (a dataset or one photo)"),
    "contact-sheet": ("vision.synth.cli", "contact_sheet_main", "synthetic scenes beside real photos"),
    "train": ("vision.train", "main", "train the detector, a classifier, the box check, the orientation model, or all from scratch; quantize the detector"),
    "enroll": ("vision.enroll", "main", "teach the recognizer a new physical tile set"),
    "read": ("vision.read_cli", "main", "read the tiles in photos"),
    "eval": ("vision.evaluate", "main", "measure detection and identity on a labelled set"),
    "check": ("tilelens.event", "main", "check every dealt hand of an event from photos"),
    "label": ("tilelens.labelling.cli", "main", "pre-label, check, import and export tile datasets"),
    "app": ("tilelens.app_cli", "main", "open the app in a browser (Streamlit; the app extra)"),
    "ledger": ("tilelens.ledger_cli", "main", "list, show, export and add up the matches of the table ledger"),
}


# Each command's line in the Japanese usage (the router's list said to a Japanese command line: ``_usage``), in the
# app's words (成績表, 配牌チェック, ラベル付け).
COMMANDS_JA = {
    "score": "手牌の点数を計算します (ドンジャラのゲームと東京麻雀)",
    "waits": "あと1枚で上がる手牌の待ち牌を一覧にします",
    "games": "ゲームとその牌を一覧にします",
    "synth": "合成した手牌の写真を作ります (データセットか写真1枚)",
    "contact-sheet": "合成した場面を実際の写真と並べます",
    "train": "検出器・分類器・枠の確認・向きのモデルを学習します (all: すべてを最初から、quantize: 検出器の量子化)",
    "enroll": "新しい牌セットを認識器に覚えさせます",
    "read": "写真の牌を読みます",
    "eval": "ラベル付きのデータで、牌の検出と読み取りの正しさを測ります",
    "check": "イベントの配牌をすべて写真でチェックします (配牌チェック)",
    "label": "牌のデータセットの下書き・チェック・読み込み・書き出し (ラベル付け)",
    "app": "アプリをブラウザで開きます (Streamlit。app の追加パッケージが要ります)",
    "ledger": "成績表の対局の一覧・表示・書き出し・集計",
}


def _usage(lang: str = "en") -> str:
    """The router's usage: the commands, each with its line, and how they play a club's house tables; in ``lang``
    (``ja``: ``COMMANDS_JA``, as an unknown command is said to a Japanese command line; its note on house tables
    filled to the English note's widest line, in terminal columns: ``scorer.cli.wrap_columns``)."""
    house = ["house tables: score, waits, games, check, read and ledger play a game's table as edited in the app",
             "($TILELENS_HOME/games/<id>/) where there is one, and label and synth take its tiles from it; each says so, and",
             f"takes {SHIPPED_RULES} for the box's table (a game added in the app: its table as added); a game",
             "file the app refuses (the ledger's [table], more than four seats) is refused by every command"]
    if lang == "ja":
        from scorer.cli import wrap_columns

        lines = ["使い方: tilelens コマンド [引数...]    (tilelens コマンド --help でそのオプション、--version で"
                 "バージョン)", "", "コマンド:"]
        lines += [f"  {name:<14} {COMMANDS_JA[name]}" for name in COMMANDS]
        lines += ["", *wrap_columns(
            "ハウスルール: score、waits、games、check、read、ledger は、アプリで編集したゲームの表 "
            "($TILELENS_HOME/games/<id>/) があればその表で遊び、label と synth はその表の牌を使います (どれもそう"
            f"表示します)。箱のままの表で遊ぶには {SHIPPED_RULES} を付けます (アプリで追加したゲームは追加したときの"
            "表)。アプリが受け付けないゲームファイル (成績表の [table] の誤り、5席以上) は、どのコマンドでも使えません。",
            max(len(line) for line in house))]
        return "\n".join(lines)
    lines = ["usage: tilelens COMMAND [ARGS...]    (tilelens COMMAND --help: its options; --version)", "",
             "commands:"]
    lines += [f"  {name:<14} {help_}" for name, (_, _, help_) in COMMANDS.items()]
    return "\n".join([*lines, "", *house])


# Which install brings a package a command may lack: the training stack, or the app's.
_EXTRA = {"torch": "train", "torchvision": "train", "ultralytics": "train", "onnx": "train", "onnxslim": "train",
          "streamlit": "app"}


REPO_SETUP = Path(__file__).resolve().parents[1] / "scripts" / "setup.sh"  # there when run from the repository


def _install_hint(package: str) -> str:
    """How to install ``package`` at the versions the suite passed with (``constraints.txt``).

    >>> _install_hint("torch")
    "scripts/setup.sh test` (or `.venv/bin/pip install -c constraints.txt -e '.[train]'`"
    """
    extra = _EXTRA.get(package)
    if not REPO_SETUP.is_file():  # installed from a wheel: no repository, no .venv; PyPI's `tilelens` is another project
        from importlib.metadata import PackageNotFoundError, requires

        try:
            wanted = [r.split(";")[0].replace(" ", "") for r in requires("tilelens") or []
                      if f'extra == "{extra}"' in r]
        except PackageNotFoundError:
            wanted = []
        what = f"the {extra} extra's packages" if wanted else "the package alone"
        return "pip install " + " ".join(f"'{r}'" for r in wanted or [package]) + f"` ({what}"
    setup = "test" if extra == "train" else "app"  # the test set-up is the one with the training stack
    target = f"'.[{extra}]'" if extra else "."
    return f"scripts/setup.sh {setup}` (or `.venv/bin/pip install -c constraints.txt -e {target}`"


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    streams = sys.stdout, sys.stderr
    # `tilelens games >&-`: Python's stdout is None where its file is closed, and print() then writes nowhere, unsaid
    closed = ClosedOutput() if sys.stdout is None else None
    if closed is not None:
        sys.stdout = closed
    if any(_SURROGATE.search(arg) for arg in argv):  # a byte that is no UTF-8 (a file name's): said as \xNN
        sys.stdout, sys.stderr = readable_stream(sys.stdout, always=False), readable_stream(sys.stderr, always=True)
    stopped: list[int] = []  # SIGTERM or SIGHUP, taken as Ctrl-C (``signals_as_interrupt``)
    try:
        with signals_as_interrupt(stopped):
            code = _main(argv)
    except BrokenPipeError:  # the reader of the output stopped early (`tilelens --help | head -1`): no word
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that flushing stdout at exit does not raise again
        return 141  # as a shell reports a command ended by SIGPIPE
    except KeyboardInterrupt:  # a signal just as the command ended, after its own Ctrl-C path
        code = 130
    except SystemExit as exit_:  # argparse's --help, printed to the closed stdout
        if closed is None or not closed.written:
            raise
        code = exit_.code if isinstance(exit_.code, int) else 2
    finally:
        sys.stdout, sys.stderr = streams
    if code == 130 and stopped:  # ended by SIGTERM or SIGHUP: 143, 129, as a shell reports it
        code = 128 + stopped[0]
    if closed is not None and closed.written:
        return _said_closed(argv, code)
    return code


# The signals that end a command as Ctrl-C does (``signals_as_interrupt``): `kill`'s and `timeout`'s, a terminal's
# closed (SIGHUP: not on Windows)
STOP_SIGNALS = ("SIGTERM", "SIGHUP")


@contextlib.contextmanager
def signals_as_interrupt(stopped: list[int]):
    """A context in which SIGTERM and SIGHUP (``STOP_SIGNALS``) raise ``KeyboardInterrupt`` in the main thread, as
    Ctrl-C does: each command's interrupted path runs (`read --json` prints the photos read, "interrupted": true; a
    check keeps what it checked), where they ended the process with nothing said. Each signal's number is appended to
    ``stopped`` (:func:`main`'s exit status: 128 + it). A signal ignored when it begins (nohup's SIGHUP) stays
    ignored; a process forked from this one (a worker: torch's data loaders; the pools' workers are started afresh)
    dies of the signal as before; outside the main thread (the app's) nothing changes. The handlers in force before
    are put back after."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    me = os.getpid()

    def interrupt(signum: int, frame) -> None:
        if os.getpid() != me:  # a forked worker: ended by it, as it was before
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        stopped.append(signum)
        raise KeyboardInterrupt

    before = {}
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is signal.SIG_DFL:
            before[number] = signal.signal(number, interrupt)
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


class ClosedOutput:
    """Standard output where its file was closed (`>&-`: Python's ``sys.stdout`` is None, and ``print`` writes
    nowhere): what is written goes nowhere too, but is noticed (``written``), for :func:`main` to say it was lost."""

    encoding, errors = "utf-8", "strict"
    written = False

    def write(self, text) -> int:
        self.written = self.written or bool(text)
        return len(text)

    @property
    def buffer(self) -> ClosedOutput:  # bytes written to it, as text is
        return self

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        import io

        raise io.UnsupportedOperation("standard output is closed")


def _said_closed(argv: list[str], code: int) -> int:
    """One line on stderr: what the command printed was lost, standard output being closed; the exit status 2 (the
    command's own where it failed)."""
    from scorer.result import cli_lang

    who = f"tilelens {argv[0]}" if argv and argv[0] in COMMANDS else "tilelens"
    if cli_lang() == "ja":
        said = ("標準出力が閉じられています (>&-)。出力は失われました。出力先はファイル (> ファイル名) か /dev/null に"
                "してください")
    else:
        said = ("standard output is closed (>&-): what it printed is lost; send it to a file (> FILE) or to "
                "/dev/null instead")
    if sys.stderr is not None:
        print(f"{who}: {said}", file=sys.stderr)
    return code or 2


# An argument's byte that is no UTF-8 is a lone surrogate in Python (U+DC80 to U+DCFF: os.fsdecode's
# surrogateescape); a message quoting the argument with repr() writes it as the text \udcff.
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_WRITTEN = re.compile(r"\\udc([89a-f][0-9a-f])")


def readable(text: str) -> str:
    r"""``text`` with an argument's bytes that are no UTF-8 as ``\xNN`` (as ``$'\xff'`` types them), whether raw
    or as ``repr`` wrote them (``'\udcff'``); any other lone surrogate as ``\uNNNN``.

    >>> print(readable("unknown tile '\\udcff'"), readable("\udcff.jpg: no such image file"))
    unknown tile '\xff' \xff.jpg: no such image file
    """
    text = _SURROGATE_WRITTEN.sub(r"\\x\1", text)
    return _SURROGATE.sub(lambda m: (f"\\x{ord(m[0]) - 0xDC00:02x}" if 0xDC80 <= ord(m[0]) <= 0xDCFF
                                     else f"\\u{ord(m[0]):04x}"), text)


class readable_stream:  # noqa: N801 (called as a function: a stream wrapped)
    """``stream`` writing an argument's stray bytes readably (:func:`readable`): ``always`` (stderr, read by a
    person), else only what ``stream`` cannot encode (stdout: a path written back byte for byte where it can be,
    as Python's own stdout does under a UTF-8 locale, for a script; ``\\xNN``, not a UnicodeEncodeError, where it
    is strict, as under PYTHONIOENCODING=utf-8)."""

    def __init__(self, stream, always: bool) -> None:
        self._stream, self._always = stream, always

    def write(self, text: str) -> int:
        if self._always:
            return self._stream.write(readable(text))
        try:
            return self._stream.write(text)
        except UnicodeEncodeError:
            return self._stream.write(readable(text))

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _main(argv: list[str]) -> int:
    _say_unsupported_lang()
    if argv[:1] == ["help"] and argv[1:2] and argv[1] in COMMANDS:  # `tilelens help score`
        argv = [argv[1], "--help"]
    elif argv[:1] == ["help"] and argv[1:2] and argv[1] not in {"-h", "--help", "help"}:
        argv = argv[1:2]  # `tilelens help bogus`: said as `tilelens bogus` is, not the usage with exit status 0
    if not argv or argv[0] in {"-h", "--help", "help"}:
        from scorer.cli import fit_help  # filled to the terminal as a command's --help is
        from scorer.result import cli_lang

        print(fit_help(_usage(lang := cli_lang()), lang=lang))
        return 0
    name, rest = argv[0], argv[1:]
    if name in {"-V", "--version"}:
        from tilelens import __version__

        print(__version__)
        return 0
    if name not in COMMANDS:  # a near match said as an unknown game's or tile's is (``scorer.catalog``)
        import difflib

        from scorer.result import cli_lang, near_said, quoted_ja

        lang = cli_lang()
        # an option mistyped (--verison) may be near the router's own options too, a word near its commands
        known = ["--help", "--version", *COMMANDS] if name.startswith("-") else list(COMMANDS)
        near = near_said(difflib.get_close_matches(name, known, n=2))
        said = (f"{quoted_ja(name)}というコマンドはありません{near[1]}" if lang == "ja"
                else f"unknown command {name!r}{near[0]}")
        from scorer.cli import LANG_HINT, LANG_OPTIONS, fit_help

        if name.split("=")[0] in LANG_OPTIONS:  # `tilelens --lang ja score`: the language is the environment's
            said += LANG_HINT[lang]
        print(f"tilelens: {said}\n\n{fit_help(_usage(lang), lang=lang)}", file=sys.stderr)
        return 2
    module_name, func_name, _ = COMMANDS[name]
    from scorer.result import TilelensInputError, cli_lang
    from tilelens.files import loop_error  # a link that goes round in a loop met anywhere, in `tilelens read`'s words

    register_added_games()  # `--game precure`: a game added in the app, as every command names it
    shipped, rest = shipped_rules(rest)

    try:
        handler = getattr(importlib.import_module(module_name), func_name)
        # a game file the app refuses (its [table], its seats) is refused here too; one named by its path as Add
        # refuses it, a stored one read as before with a warning (``file_checks``)
        with app_checks(), file_checks(name, rest):
            if shipped or name not in HOUSE_COMMANDS:
                code = int(handler(rest) or 0)
            else:
                from scorer.catalog import house_tables

                # the club's tables edited in the app, as the app plays them (said where the output uses them)
                tables = HouseTables(name, quiet=name in QUIET_HOUSE_COMMANDS)
                routed = _ROUTED.set(tables)  # the lines it holds back, for ``say_house_table``
                try:
                    with house_tables(tables):
                        code = int(handler(rest) or 0)
                finally:
                    _ROUTED.reset(routed)
        if name == "games" and code == 0 and not [a for a in rest if not a.startswith("-")]:  # the list of games
            say_skipped_added(name)
        return code
    except TilelensInputError as exc:  # in Japanese where the environment asks for it (``cli_lang``)
        print(f"tilelens {name}: {said_error(exc, cli_lang())}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tilelens {name}: {'中断しました' if cli_lang() == 'ja' else 'interrupted'}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of the output stopped early (`tilelens games --json | head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that flushing stdout at exit does not raise again
        return 141  # as a shell reports a command ended by SIGPIPE
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in {"scorer", "vision", "tilelens", "app"}:
            raise  # a bug of ours, not a missing install: keep the traceback
        package = (exc.name or "").split(".")[0]
        print(f"tilelens {name}: needs the package {package!r}; install it with `{_install_hint(package)})",
              file=sys.stderr)
        return 2
    except OSError as exc:  # a path that cannot be written or read: a file where a folder must go, no room, no rights
        loop = loop_error(exc)  # or a loop of links: said as one, not "File exists" nor "Too many levels"
        print(f"tilelens {name}: {said_error(loop, cli_lang()) if loop else os_problem(exc)}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # Path.resolve() on Python 3.11/3.12 says a loop of links so: any other kept as it is
        if (loop := loop_error(exc)) is None:
            raise
        print(f"tilelens {name}: {said_error(loop, cli_lang())}", file=sys.stderr)
        return 2


def said_error(exc, lang: str) -> str:
    """A user's error ``exc`` (``TilelensInputError``) as the command line says it in ``lang``
    (``scorer.result.error_text``); one with no Japanese that is argparse's line of a command's own parser
    ("MESSAGE (see PROG --help)", English only) in argparse's Japanese (``scorer.cli.argparse_ja``).

    >>> from scorer.result import TilelensInputError
    >>> said_error(TilelensInputError("the following arguments are required: IMAGE (see tilelens read --help)"), "ja")
    'IMAGE を指定してください (tilelens read --help を見てください)'
    """
    from scorer.result import error_text

    said = error_text(exc, lang)
    if lang != "ja" or getattr(exc, "message_ja", ""):
        return said
    from scorer.cli import argparse_ja, see_help_ja

    usage = re.fullmatch(r"(?P<message>.+) \(see (?P<prog>\S.*) --help\)", str(exc), re.S)
    ja = argparse_ja(usage["message"]) if usage else ""
    return ja + see_help_ja(usage["prog"]) if ja else said


def register_added_games() -> None:
    """Let ``--game`` name a game added in the app by its id (``tilelens.home.added_games_dir``, where the app's
    ``app.settings.add_game`` keeps it): ``scorer.catalog.add_games_dir``, as the app's settings do."""
    from scorer.catalog import add_games_dir
    from tilelens.home import added_games_dir

    add_games_dir(added_games_dir)


def say_skipped_added(command: str) -> None:
    """One line on stderr for each game added in the app that is not offered (``scorer.catalog.skipped_added_games``:
    a link to a file gone, a shipped game's id, a folder of added games that cannot be read), naming its file and
    why: it was dropped without a word."""
    from scorer.catalog import skipped_added_games
    from scorer.result import cli_lang

    ja = cli_lang() == "ja"
    for skipped in skipped_added_games():
        said = (f"{skipped.path} は一覧にありません: {skipped.why_ja}" if ja
                else f"{skipped.path} is not listed: {skipped.why}")
        print(f"tilelens {command}: {said}", file=sys.stderr)


# The commands that score or check a game: they play a game named by its id with the house table a club edited in the
# app ($TILELENS_HOME/games/<id>/), as the app does; `--shipped-rules` (any place before `--`) takes the box's table.
# `label` takes a game's tiles from it too, as the app's Label page and "Keep this photo" do: one table for a dataset
# of the game, wherever it is labelled; `synth` draws its tiles (a new member painted as the table names it). The
# others (enroll, train, eval) are about the physical tile set: the box's tables.
HOUSE_COMMANDS = {"score", "waits", "games", "check", "read", "ledger", "label", "synth"}
# The house commands whose output a house table does not change: a match keeps the rules it started with (list, show,
# csv, totals, merge and end read them), so `tilelens ledger` says the table in use only beside `show`'s note that a
# match's table has changed since it started (``say_house_table``); a stored table a strict check refuses is still
# warned of (``file_checks``), one that cannot be used still said where its game is named.
QUIET_HOUSE_COMMANDS = {"ledger"}
SHIPPED_RULES = "--shipped-rules"  # scorer.cli.SHIPPED_RULES, which each house command's parser lists
# (``scorer.cli.add_shipped_rules``: argparse shows it in the command's usage and options). The router takes it off
# the command line before the command runs (:func:`shipped_rules`), and picks the table.


def shipped_rules(args: list[str]) -> tuple[bool, list[str]]:
    """Whether ``args`` ask for the box's tables (``--shipped-rules``, before any ``--``), and ``args`` without it.

    >>> shipped_rules(["--game", "nogizaka", "--shipped-rules", "rarin"])
    (True, ['--game', 'nogizaka', 'rarin'])
    >>> shipped_rules(["--", "--shipped-rules"])
    (False, ['--', '--shipped-rules'])
    """
    end = args.index("--") if "--" in args else len(args)
    head = [a for a in args[:end] if a != SHIPPED_RULES]
    return len(head) < end, head + args[end:]


def _say_unsupported_lang() -> None:
    """A ``TILELENS_LANG`` the command line does not speak (``scorer.result.cli_lang`` reads ja or en), said once
    on stderr with the language used instead, rather than silently English."""
    chosen = os.environ.get("TILELENS_LANG", "").strip()
    if not chosen or chosen.lower()[:2] in {"ja", "jp", "en"}:  # jp: the country's code, taken for ja (cli_lang)
        return
    from scorer.result import cli_lang, quoted_ja

    if cli_lang() == "ja":  # the locale's language, in which the command goes on
        said = f"TILELENS_LANG {quoted_ja(chosen)}には対応していません (対応: ja, en)。ロケールの言語 (日本語) を使います"
    else:
        said = f"TILELENS_LANG {chosen!r} is not supported (supported: ja, en); using English"
    print(f"tilelens: {said}", file=sys.stderr)


def app_checks():
    """A context in which each game file a command reads (``scorer.load_game``: a game by its id, one added in the
    app, a club's edit, a file named by its path; one the catalog had read before the command too) is checked as the
    app checks a table it adds or plays (``tilelens.home.check_rule_tables``: the ledger's ``[table]``, the four seats
    of a table), besides the engine's rule tables that ``load_game`` reads: a ``GameFileError`` naming the file and
    the key. `tilelens games FILE` and `score --game FILE` played a file with a typo'd ``[table]`` key, a bad
    ``calls`` or six seats, which the Rules page's Add and the ledger refuse.

    The scorer imports nothing of tilelens (the ledger reads ``[table]``): the check is given to the catalog's hook
    (``scorer.catalog.extra_checks``), which runs it in every thread of the command, once per version of a file, and
    not on the shipped file of the same id that the ledger's check reads while it runs."""
    from scorer.catalog import extra_checks
    from tilelens.home import check_rule_tables

    return extra_checks(check_rule_tables)


def named_files(command: str, args: list[str]) -> set[Path]:
    """The game files ``args`` name by their path (resolved): ``--game FILE`` (``--game=FILE``, shortened as argparse
    takes it: ``--gam FILE``) of any command, and ``tilelens games FILE``; not a game named by its id (a shipped
    game's, one added in the app), nor anything after ``--``. As ``scorer.catalog.load_game`` tells a path from an id: a shipped id is the game; a file there is a path.

    >>> sorted(named_files("score", ["--game", "nogizaka", "rarin"]))
    []
    """
    from scorer.catalog import list_games
    from scorer.cli import game_option_values, is_game_option

    args = args[:args.index("--")] if "--" in args else args
    given = [value for _, _, value, _ in game_option_values(args)]
    if command == "games":
        given += [a for i, a in enumerate(args) if not a.startswith("-") and (i == 0 or not is_game_option(args[i - 1]))]
    found: set[Path] = set()
    for value in given:
        try:
            if value and value not in list_games() and Path(value).is_file():
                found.add(Path(value).resolve())
        except (OSError, ValueError):  # a name too long for a file's, a NUL: load_game says what it is
            continue
    return found


def file_checks(command: str, args: list[str]):
    """A context in which a game file named by its path in ``args`` (``named_files``: `tilelens games FILE`,
    `score --game FILE`) is read strictly, as the app's Add and Save read a table (``scorer.load_game`` with
    ``strict``: ``scorer.catalog.STRICT_CHECKS``), and refused for what they refuse; and a stored file (a game added
    in the app or a club's house table, named by its id) that they would refuse is read as before, said once in one
    line on stderr: a file saved before a check came is played, not refused by every command."""
    from scorer.catalog import GAMES_DIR, extra_checks, load_game
    from scorer.result import GameFileError, cli_lang

    named = named_files(command, args)
    shipped = GAMES_DIR.resolve()
    warned: set[Path] = set()

    def check(game: Game) -> None:
        try:  # an edit (``Game.with_rules``: "file (edited, …)") or a game made in memory has no file of its own
            path = Path(game.source).resolve() if game.source else None
            if path is None or not path.is_file():
                return
        except (OSError, ValueError):
            return
        if path in named:
            load_game(path, strict=True)
            return
        if path.parent == shipped or path in warned:
            return
        try:
            load_game(path, strict=True)
        except GameFileError as exc:
            warned.add(path)
            if cli_lang() == "ja":
                said = (f"注意: {getattr(exc, 'message_ja', '') or exc} (これまでどおり読みますが、アプリの追加と"
                        "保存、パスでのファイル指定ではエラーになります。ファイルを直してください)")
            else:
                said = (f"warning: {exc} (read as before, but the app's Add and Save, and naming the file by its "
                        "path, refuse it: fix the file)")
            print(f"tilelens {command}: {said}", file=sys.stderr)

    return extra_checks(check)


def _without_edit(game_id: str) -> dict[str, str]:
    """What plays ``game_id`` without its edit, and the Rules page's button back to it, in the command line's words
    (``en``/``ja``, ``button_en``/``button_ja``): a shipped game's box's table, an added game's table as added (its
    file in the added games' folder: there is no box)."""
    from tilelens.home import added_file

    added = added_file(game_id)
    if added is None:
        return {"en": "the box's table", "ja": "箱のままのルール", "button_en": "Restore the shipped default",
                "button_ja": "同梱の表に戻す"}
    return {"en": f"the table as added ({added})", "ja": f"追加したときの表 ({added})",
            "button_en": "Restore the table as added", "button_ja": "追加したときの表に戻す"}


class HouseTables:
    """``scorer.catalog.house_tables``'s look-up for the ``tilelens`` command ``command``: a game's newest table
    edited in the app (``tilelens.home.edited_path``, the one ``app.settings.app_game`` plays), checked as the app
    checks it (``tilelens.home.checked_table``, the app's one sequence) when it is first asked for, and said once on
    stderr; a table the app would refuse (one that does not load, another id, rules that do not parse, more seats
    than a table has) is one ``GameFileError`` naming its file and the way out: ``--shipped-rules``, which plays the
    box's table (an added game's table as added). ``quiet`` (``QUIET_HOUSE_COMMANDS``): checked as ever, the line held
    back in ``held`` (by the table's file) until the command says it uses the table (``say_house_table``)."""

    def __init__(self, command: str, quiet: bool = False) -> None:
        self.command = command
        self.quiet = quiet
        self.said: set[Path] = set()
        self.checking = False
        self.held: dict[Path, str] = {}

    def __call__(self, game_id: str) -> Path | None:
        from scorer.result import cli_lang
        from tilelens.home import edited_path, made_from_unknown

        if self.checking:  # the shipped table, asked for while an edit is checked (the ledger's defaults of an id)
            return None
        path = edited_path(game_id)
        if path is None or path in self.said:
            return path
        self.checking = True
        try:
            game = self._check(game_id, path)
        finally:
            self.checking = False
        self.said.add(path)
        # no record of the shipped table it was made from (``tilelens.home.made_from_unknown``): the Rules page lists
        # what it lacks of today's box (a rule added since is not in it)
        older = made_from_unknown(game_id, path)
        without = _without_edit(game_id)
        if cli_lang() == "ja":
            note = ("。古い tilelens で保存した表なので、その後に箱の表に加わったルールが入っていないかもしれません。"
                    "アプリの「ルールと役」のページで違いを確かめてください") if older else ""
            said = (f"アプリで編集した「{game.name_ja or game_id}」のハウスルールを使います ({path}){note}。"
                    f"{without['ja']}で遊ぶには {SHIPPED_RULES} を付けます")
        else:
            note = (" (saved by an older tilelens: rules added to the box's table since may be missing; compare them "
                    "on the app's Rules page)") if older else ""
            said = (f"using the house table of {game_id} edited in the app ({path}){note}; {SHIPPED_RULES} for "
                    f"{without['en']}")
        if self.quiet:
            self.held[path] = f"tilelens {self.command}: {said}"
        else:
            print(f"tilelens {self.command}: {said}", file=sys.stderr)
        return path

    @staticmethod
    def _check(game_id: str, path: Path) -> Game:
        """The edit at ``path``, loaded and checked as the app checks it (``tilelens.home.checked_table``)."""
        from scorer.result import GameFileError, TilelensInputError, game_name_ja
        from tilelens.home import checked_table

        try:
            return checked_table(game_id, path)
        except TilelensInputError as exc:
            en = str(exc).replace(f"{path}: ", "").replace(str(path), "the file")
            ja = (getattr(exc, "message_ja", "") or str(exc)).replace(f"{path}: ", "").replace(str(path), "そのファイル")
            without = _without_edit(game_id)
            raise GameFileError(
                f"the house table of {game_id} edited in the app ({path}) cannot be used: {en}. Fix it on the app's "
                f"“Rules and yaku” page (or press “{without['button_en']}” there), or add {SHIPPED_RULES} to "
                f"play {without['en']}",
                f"アプリで編集した{game_name_ja(game_id)}のハウスルール ({path}) が使えません: {ja}。アプリの"
                f"「ルールと役」のページで直すか「{without['button_ja']}」を押してください。{without['ja']}で遊ぶには "
                f"{SHIPPED_RULES} を付けます") from None


# The house tables of the command the router runs now (``main``), whose held lines ``say_house_table`` says.
_ROUTED: ContextVar[HouseTables | None] = ContextVar("routed house tables", default=None)


def say_house_table(game_id: str) -> None:
    """Say on stderr, once, the house table of ``game_id`` that a quiet command (``QUIET_HOUSE_COMMANDS``) plays,
    where its output now uses it (`ledger show`: new hands are scored with the table in use). Nothing where there is
    none, under ``--shipped-rules``, outside the command line, or where it cannot be used (said where the game is
    named)."""
    from scorer.catalog import house_table
    from scorer.result import TilelensInputError

    try:
        path = house_table(game_id)
    except (TilelensInputError, OSError):
        return
    tables = _ROUTED.get()
    if path is not None and tables is not None and path in tables.held:
        print(tables.held.pop(path), file=sys.stderr)


def os_problem(exc: OSError, lang: str | None = None) -> str:
    """An ``OSError`` in one line naming the path: ``/x/afile/sub: Not a directory``; in ``lang`` ("en" or "ja",
    default the command line's: ``cli_lang``), the system's words said in Japanese where they are known.

    >>> os_problem(NotADirectoryError(20, "Not a directory", "/x/afile/sub"), "en")
    '/x/afile/sub: Not a directory'
    >>> os_problem(FileExistsError(17, "File exists", "/x/afile"), "en")
    '/x/afile: File exists (a file is where a folder must go)'
    >>> os_problem(FileExistsError(17, "File exists", "/x/afile"), "ja")
    '/x/afile: ファイルがあります (フォルダが要る場所にファイルがあります)'
    """
    what = os_reason(exc, lang)
    return f"{exc.filename}: {what}" if exc.filename else what


def os_reason(exc: OSError, lang: str | None = None) -> str:
    """Why ``exc`` happened, without its path: the system's words, in Japanese where ``lang`` (default the command
    line's) is "ja" and they are known (``os_problem``).

    >>> os_reason(PermissionError(1, "Operation not permitted", "/ro/x.jpg"), "ja")
    '権限がありません'
    """
    import errno

    from scorer.result import cli_lang

    if (lang or cli_lang()) == "ja":  # the system's words are English: said in Japanese where known
        return {errno.EEXIST: "ファイルがあります (フォルダが要る場所にファイルがあります)",
                errno.ENOTDIR: "フォルダではありません", errno.ENOENT: "ありません", errno.EACCES: "権限がありません",
                errno.EPERM: "権限がありません", errno.ENOSPC: "ディスクに空きがありません",
                errno.EFBIG: "ファイルが大きすぎます", errno.EDQUOT: "ディスクの使用量の上限を超えています",
                errno.EISDIR: "フォルダです (ファイルが要る場所です)", errno.EROFS: "読み取り専用です"}.get(
                    exc.errno, exc.strerror or str(exc))
    what = exc.strerror or str(exc)
    return what + " (a file is where a folder must go)" if isinstance(exc, FileExistsError) else what


# An output a command was told where to put (--out, a dataset folder) that the system will not let it write (no
# rights, a read-only place): the path, why, and what would do instead, not the system's "PATH: Operation not
# permitted" alone (``not_written_under``). ``{instead}``: the command's own (another --out, another folder).
NOT_WRITTEN = ("cannot write {path} ({why}): {instead}", "{path} に書き込めません ({why}): {instead}")


@contextlib.contextmanager
def not_written_under(out: Path | str | list[Path], instead: tuple[str, str]):
    """Run the writing of the output ``out`` (a file or a folder; or a list of them): an ``OSError`` refusing a write
    (EACCES, EPERM, EROFS) at ``out``, in it or at a folder above it becomes a ``TilelensInputError`` in
    ``NOT_WRITTEN``'s words (``instead``: English, Japanese); any other (a photo read elsewhere, a full disk, no path
    named) is raised as it is."""
    import errno

    from scorer.result import TilelensInputError

    try:
        yield
    except TilelensInputError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS) or not exc.filename:
            raise
        path = Path(os.path.abspath(os.fsdecode(exc.filename)))
        targets = [Path(os.path.abspath(t)) for t in ([out] if isinstance(out, (str, Path)) else out)]
        if not any(path == t or t in path.parents or path in t.parents for t in targets):
            raise
        raise TilelensInputError(*(NOT_WRITTEN[i].format(path=exc.filename, why=os_reason(exc, lang), instead=said)
                                   for i, (lang, said) in enumerate(zip(("en", "ja"), instead)))) from None


if __name__ == "__main__":
    raise SystemExit(main())
