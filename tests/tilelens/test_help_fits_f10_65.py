"""Session 65 (F10): every --help fits the terminal. At 80 columns `ledger --help` printed its description as one line
of 207 characters and its epilog as written at ~115, `score --help` its --json table, `check --help` its epilog,
`tilelens --help`, `train --help` and `app --help` their own lines, all wider than the terminal. The prose of a help
is now filled to argparse's width (the terminal's less 2: ``COLUMNS``), in terminal columns (a Japanese character
takes two), broken at spaces (Japanese also between two Japanese characters, never inside 「」 nor a --option);
example command lines and code are kept as written, and a table's rows keep their columns (a cell too wide filled
in its own column). Lines that fit are kept as written (``scorer.cli.fit_lines``)."""
from __future__ import annotations

import re

import pytest

from scorer.cli import columns, fit_help, wrap_columns, wrap_whole
from tilelens.cli import main

HELPS = [[], ["score"], ["score", "--game", "tokyo-mahjong"], ["waits"], ["waits", "--game", "tokyo-mahjong"],
         ["games"], ["synth"], ["contact-sheet"], ["train"],
         *[["train", kind] for kind in ("detector", "classifier", "boxcheck", "orient", "quantize", "all")],
         ["enroll"], ["read"], ["eval"], ["check"], ["label"],
         *[["label", action] for action in ("init", "check", "stats", "accept", "kinds", "audit", "teach", "export",
                                            "import")],
         ["app"], ["ledger"], *[["ledger", action] for action in ("list", "show", "csv", "totals", "merge", "end")]]
IDS = [" ".join(argv) or "tilelens" for argv in HELPS]


def _help(capsys, monkeypatch, argv: list[str], width: int, lang: str) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("TILELENS_LANG", lang)
    monkeypatch.setenv("YOLO_OFFLINE", "1")
    try:
        code = main([*argv, "--help"])
    except SystemExit as done:
        code = done.code
    assert code in (0, None), (argv, code)
    return capsys.readouterr().out


def _prose(out: str) -> list[str]:
    """The help's lines but what argparse lays out itself (its usage, up to the first blank line; an option's names
    and metavars on their own line) and the example command lines kept as written."""
    lines = out.splitlines()
    body = lines[lines.index(""):] if "" in lines else []
    return [line for line in body
            if not re.match(r" {2,4}-", line)  # an option's names (`--dora-indicators TILES [TILES ...], --dora ...`)
            and not (re.match(r"\s*tilelens \S", line) and "  " not in line.strip())]  # a command line as typed


def _words(out: str, lang: str) -> str:
    """The help's words in order: its whitespace normalised (Japanese: none at all, a line break inside Japanese
    has no space)."""
    return "".join(out.split()) if lang == "ja" else " ".join(out.split())


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("argv", HELPS, ids=IDS)
def test_no_prose_line_is_wider_than_the_terminal(capsys, monkeypatch, argv, width, lang):
    out = _help(capsys, monkeypatch, argv, width, lang)
    too_wide = [line for line in _prose(out) if columns(line) > width]
    assert not too_wide, "\n".join(f"[{columns(line)}] {line}" for line in too_wide)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("argv", HELPS, ids=IDS)
def test_every_word_is_still_there_in_order(capsys, monkeypatch, argv, lang):
    wide = _words(_help(capsys, monkeypatch, argv, 10_000, lang), lang)
    for width in (80, 60, 40):
        assert _words(_help(capsys, monkeypatch, argv, width, lang), lang) == wide, (argv, width)


@pytest.mark.parametrize("argv", [["ledger"], ["check"], ["app"], []], ids=["ledger", "check", "app", "tilelens"])
def test_example_command_lines_are_kept_as_written(capsys, monkeypatch, argv):
    wide = _help(capsys, monkeypatch, argv, 10_000, "en")
    typed = [line for line in wide.splitlines() if re.match(r" +tilelens \S", line) and "  " not in line.strip()]
    for width in (80, 40):
        narrow = _help(capsys, monkeypatch, argv, width, "en").splitlines()
        assert all(line in narrow for line in typed), width


def test_the_ledgers_description_is_filled_not_one_line(capsys, monkeypatch):
    out = _help(capsys, monkeypatch, ["ledger"], 80, "en")
    description = out.split("\n\n")[1]
    assert description.startswith("the matches of the table ledger") and len(description.splitlines()) >= 3
    assert "  tilelens ledger totals [ID ...] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--db PATH] [--json]\n" in out


def test_a_table_keeps_its_columns_and_fills_a_wide_cell_in_its_own(capsys, monkeypatch):
    out = _help(capsys, monkeypatch, ["score"], 80, "en")
    value = out[out.index('  "value"'):out.index('  "points"')].splitlines()
    assert value[0].startswith('  "value"                what the winner receives')
    assert all(line.startswith(" " * 25) and line[25] != " " for line in value[1:]) and len(value) >= 4, value
    assert '  "game"                 the game\'s id\n' in out  # a row that fits: as written


def test_a_help_that_fits_is_as_written(capsys, monkeypatch):
    """At a wide terminal the help's own layout: a paragraph whose lines all fit keeps its line breaks."""
    out = _help(capsys, monkeypatch, ["check"], 200, "en")
    assert "\nEVENT_DIR holds one folder per table; each table folder holds one photo per seat named\n" in out
    assert "\n  tilelens app --server.address 127.0.0.1     keep it to this computer\n" in \
        _help(capsys, monkeypatch, ["app"], 200, "en")


# ---------------------------------------------------------------- the rule itself

RAW = """\
A first paragraph of prose, written wider than the terminal it will be shown in, so filled again.
A line after a sentence's end starts a paragraph of its own.

  tilelens ledger totals [ID ...] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--db PATH] [--json]
  "key"      a cell of a table, too wide for the terminal, so filled in its own column
             and its continuation with it
  "short"    a row that fits
tilelens score --game nogizaka a command line as typed, not indented, kept whole"""


def test_fit_help_fills_prose_and_keeps_commands_and_table_columns():
    lines = fit_help(RAW, 50).splitlines()
    assert lines[:3] == ["A first paragraph of prose, written wider than the",
                         "terminal it will be shown in, so filled again.",
                         "A line after a sentence's end starts a paragraph"]
    assert "  tilelens ledger totals [ID ...] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--db PATH] [--json]" in lines
    at = lines.index('  "key"      a cell of a table, too wide for the')
    assert lines[at + 1:at + 4] == ["             terminal, so filled in its own column",
                                    "             and its continuation with it", '  "short"    a row that fits']
    assert lines[-1] == "tilelens score --game nogizaka a command line as typed, not indented, kept whole"
    assert fit_help(RAW, 200) == RAW  # every line fits: as written


def test_a_cell_too_narrow_goes_under_its_key():
    lines = fit_help("  tilelens app --server.address 127.0.0.1     keep it to this computer", 58).splitlines()
    assert lines == ["  tilelens app --server.address 127.0.0.1", "      keep it to this computer"]


def test_a_usage_line_continues_under_the_command():
    lines = fit_help("usage: tilelens COMMAND [ARGS...]    (tilelens COMMAND --help: its options; --version)",
                     40).splitlines()
    assert lines[0] == "usage: tilelens COMMAND [ARGS...]" and all(line.startswith(" " * 16) for line in lines[1:])


def test_japanese_is_filled_by_columns_and_joined_without_a_space():
    text = "すべてのネットワークインターフェースで待ち受けるので、同じネットワークの\nスマートフォンから使えます。"
    lines = fit_help(text, 30, lang="ja").splitlines()
    assert all(columns(line) <= 30 for line in lines) and "".join(lines) == text.replace("\n", "")


def test_japanese_never_breaks_inside_a_quote_or_an_option():
    text = "消すには成績表のページの対局の一覧で選んで「この対局を削除」を使います (--force で上書き)"
    for width in range(20, 60):
        lines = wrap_columns(text, width)
        assert any("「この対局を削除」" in line for line in lines), (width, lines)
        assert any("--force" in line for line in lines), (width, lines)


def test_english_with_japanese_words_is_filled_by_columns_at_spaces():
    lines = wrap_whole("Japanese numbers too: 一二三萬 123万 456筒 789索 赤五萬 and more words here", 30)
    assert all(columns(line) <= 30 for line in lines) and " ".join(lines).split() == \
        "Japanese numbers too: 一二三萬 123万 456筒 789索 赤五萬 and more words here".split()
