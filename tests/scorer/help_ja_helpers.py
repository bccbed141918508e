"""What the --help-in-Japanese tests share (test_riichi_help_ja_f2_59.py, test_donjara_help_ja_f8_59.py,
test_help_ja_all_f2_60.py): the language chosen at 100 columns, a command's help as
printed, each option's lines of it, an option's own words, and the help's lines fitting the terminal with each option
name whole. A fixture is imported into a test module's namespace: ``from help_ja_helpers import lang  # noqa: F401``."""
from __future__ import annotations

import re

import pytest

from scorer.cli import columns
from tilelens.cli import main

JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
# A block's first name: an option (-h, --game), a positional (TILE, dir) or a list of actions ({init,check,...}).
NAME = r"\{[^}]*\}|-?-?[-\w]+"


@pytest.fixture
def lang(monkeypatch):
    """``lang("ja")``: the help in Japanese (``"en"``: in English), wrapped at 100 columns (``lang("ja", 80)``: at
    80)."""
    def choose(code: str, width: int = 100) -> None:
        monkeypatch.setenv("TILELENS_LANG", code)
        monkeypatch.setenv("COLUMNS", str(width))
    return choose


def help_of(capsys, argv, handler=main) -> str:
    """What ``handler`` (the `tilelens` router unless told) prints for ``argv`` and --help, which exits 0."""
    with pytest.raises(SystemExit) as done:
        handler([*argv, "--help"])
    assert done.value.code in (0, None)
    return capsys.readouterr().out


def help_blocks(out: str, heading: str, *, absent_ok: bool = False) -> dict[str, str]:
    """Each option's (or positional's) lines of the help under ``heading`` (a regular expression), by its first
    name. No such heading: ``{}`` where ``absent_ok`` (a command with no positionals), else the test fails."""
    at = re.search(rf"^{heading}$", out, re.M)
    if at is None:
        assert absent_ok, f"no {heading!r} in the help:\n{out}"
        return {}
    body = out[at.end():].split("\n\n", 1)[0]
    found: dict[str, str] = {}
    for block in re.split(r"\n(?=  \S)", body.strip("\n")):
        name = re.match(rf"\s*({NAME})", block)
        if name:
            found[name.group(1)] = block
    return found


def help_options(out: str, positionals: str, options: str, actions=()) -> dict[str, str]:
    """The blocks under both headings, less the list of ``actions`` (``{list,show,...}``) where given."""
    found = {**help_blocks(out, positionals, absent_ok=True), **help_blocks(out, options, absent_ok=True)}
    if actions:
        found.pop("{" + ",".join(actions) + "}", None)
    return found


def help_said(block: str) -> str:
    """An option's help: its block less the names and metavars of its first line (its own words only)."""
    first, *rest = block.split("\n")
    return " ".join([re.split(r"\s{2,}", first.strip(), maxsplit=1)[1] if re.search(r"\S\s{2,}\S", first) else "",
                     *rest]).strip()


def actions_listed(out: str) -> dict[str, str]:
    """A command's list of actions under 位置引数: (label's, ledger's), each action's words by its name."""
    listed = out.split("\n位置引数:\n")[1].split("\n\n")[0]
    return {m.group(1): m.group(2) for m in re.finditer(r"^    (\w+) +(.*(?:\n {10,}.*)*)", listed, re.M)}


def assert_fits_and_names_whole(out: str, *, wide_ok: str | None = None, width: int = 100) -> set[str]:
    """No line wider than ``width`` columns (but those starting with ``wide_ok``), and no --option-name cut at a
    hyphen; the option names said, for a test to check more."""
    too_wide = [line for line in out.splitlines()
                if columns(line) > width and not (wide_ok is not None and line.startswith(wide_ok))]
    assert not too_wide, too_wide
    names = set(re.findall(r"--[a-z][-a-z]+", out))
    assert not [n for n in names if n.endswith("-")], names  # none cut at a hyphen
    return names


# What a Japanese help may say in English letters: its usage lines, `quoted` commands, the command lines it lists as
# typed ("  tilelens ledger list [--db PATH]"), a command named in a sentence ("TILELENS_LANG=en tilelens label stats
# --help"), options, metavars, paths, file names and keys.
_AS_TYPED = re.compile(r"`[^`]*`|\w+=\w+|\btilelens(?: [a-z][-a-z]*){1,2}|\"[^\"]*\"|--?[\w-]+(?:[ =][A-Z_]+)?|\$?[\w.<>/-]*[/.$<][\w.<>/*-]*|\{[^}]*\}")


def english_left(out: str) -> list[str]:
    """The runs of three English words a Japanese help still says (a sentence left untranslated), outside what it
    may say as typed (``_AS_TYPED``): its usage lines, and each line that lists a command as typed."""
    body = out.split("\n\n", 1)[1] if "\n\n" in out else ""
    said = "\n".join(line for line in body.splitlines() if not re.match(r"\s*tilelens ", line))
    return re.findall(r"\b[A-Za-z]{3,}[ ,]+[a-z]{3,}[ ,]+[a-z]{3,}\b", _AS_TYPED.sub(" ", said))
