"""The commands README.md shows are commands tilelens has: every `tilelens COMMAND [SUB] --option` in its code
(fenced blocks and inline spans) names a command, a subcommand and options its `--help` lists."""
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
FENCED = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
OPTION = re.compile(r"(?<![\w.-])--[a-z][a-z0-9-]*")
WITH_SUBCOMMANDS = {"label", "train"}


def _calls(code: str) -> list[tuple[str, ...]]:
    """Each `tilelens ...` call in one line of code, as its words (a `$(tilelens ...)` inside another too),
    cut where a pipe or a closing bracket ends it."""
    calls = []
    for piece in re.split(r"(?:^|(?<=[\s(`/]))tilelens\s+", code)[1:]:
        piece = re.split(r"\)|\s\|\s", piece, maxsplit=1)[0]
        calls.append(tuple(piece.split()))
    return calls


def readme_calls() -> list[tuple[str, ...]]:
    from tilelens.cli import COMMANDS

    text = README.read_text(encoding="utf-8")
    calls = []
    for block in FENCED.findall(text):
        for line in re.sub(r"\\\n\s*", " ", block).splitlines():  # a line continued with a backslash
            calls += _calls(re.split(r"(?:^|\s)#", line, maxsplit=1)[0])  # not its comment
    for span in re.findall(r"`([^`]+)`", FENCED.sub("", text)):
        span = " ".join(span.split())
        calls += _calls(span)
        bare = re.match(r"([a-z-]+(?:/[a-z-]+)*) (--.*)", span)  # `read --tileset`, `read/eval --detector X`
        if bare and set(bare[1].split("/")) <= set(COMMANDS):
            calls += [(name, *bare[2].split()) for name in bare[1].split("/")]
    return calls


def _help(capsys, argv: list[str]) -> str:
    from tilelens.cli import main

    try:
        code = main([*argv, "--help"])
    except SystemExit as exc:  # argparse's own --help
        code = exc.code
    out = capsys.readouterr().out
    assert code in (0, None) and out.startswith("usage: tilelens"), (argv, code, out[:200])
    return out


def test_the_readme_shows_the_commands_it_is_checked_by():
    """The extraction finds the README's commands (so that the test below is not empty)."""
    calls = readme_calls()
    assert len(calls) >= 30
    assert any(c[:1] == ("read",) and "--turn" in c for c in calls)
    assert any(c[:2] == ("label", "import") and "--overwrite" in c for c in calls)
    assert any(c[:1] == ("score",) and "--win-tile" in c for c in calls)  # from `$(tilelens read ...)`'s line too
    assert ("read", "--tileset") in calls  # an inline `read --tileset`


def test_every_option_the_readme_shows_is_one_its_command_takes(capsys):
    from tilelens.cli import COMMANDS

    wrong = []
    helps: dict[tuple[str, ...], str] = {}
    for call in readme_calls():
        name = call[0]
        if name not in COMMANDS:
            wrong.append(f"tilelens {' '.join(call)}: no command {name!r}")
            continue
        argv = [name]
        if name in WITH_SUBCOMMANDS and len(call) > 1 and not call[1].startswith("-"):
            subs = call[1].split("|")  # `tilelens train detector|classifier|...`
            for sub in subs[1:]:
                _help(capsys, [name, sub])
            argv.append(subs[0])
        if name == "score" and "tokyo-mahjong" in call:  # a riichi game's own options
            argv += ["--game", "tokyo-mahjong"]
        key = tuple(argv)
        if key not in helps:
            helps[key] = _help(capsys, argv)
        for option in OPTION.findall(" ".join(call)):
            if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", helps[key]):
                wrong.append(f"tilelens {' '.join(call)}: {option} is not an option of `tilelens {' '.join(argv)}`")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("option,value", [("--count", "0"), ("--count", "-3"), ("--val-fraction", "2"),
                                          ("--val-fraction", "-0.1")])
def test_synth_says_an_option_it_cannot_take_after_its_usage(capsys, tmp_path, option, value):
    """README: an option the command line gets wrong is one line naming it, after the command's usage lines.
    `tilelens synth --count 0` said "count must be at least 1, got 0" alone (no usage, no `--count`)."""
    from tilelens.cli import main

    argv = ["synth", "--game", "nogizaka", "--out", str(tmp_path / "set")]
    argv += [option, value] if option == "--count" else ["--count", "1", option, value]
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith("usage: tilelens synth")
    assert f"tilelens synth: error: argument {option}:" in err.splitlines()[-1]
    assert not (tmp_path / "set").exists()
