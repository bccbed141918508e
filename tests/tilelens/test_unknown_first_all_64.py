"""A mistyped option is said before a required argument never typed, by the commands that say their usage lines
first (``scorer.cli.UsageLinesParser``: check, synth, label's actions) as by score: `tilelens check --hlep` said
"required: EVENT_DIR, --game", of arguments the user had not got to, and not the one typed.
"""
from __future__ import annotations

import pytest

from tilelens.cli import main

COMMANDS = [["check", "--hlep"], ["synth", "--hlep"], ["label", "init", "--hlep"]]


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:-1]))
@pytest.mark.parametrize("language, said", [
    ("en", ": error: unrecognized arguments: --hlep (did you mean: --help?)"),
    ("ja", ": エラー: 使えない引数です: --hlep (もしかして: --help)"),
])
def test_an_unknown_option_is_said_before_a_missing_argument(cli_env, capsys, argv, language, said):
    cli_env(TILELENS_LANG=language)
    code, out, err = run(capsys, *argv)
    last = err.rstrip("\n").splitlines()[-1]
    assert code == 2 and out == "", (code, out, err)
    assert last == f"tilelens {' '.join(argv[:-1])}{said}", err
    assert err.startswith("usage: " if language == "en" else "使い方: "), err  # its usage lines first, as before


@pytest.mark.parametrize("language, said", [("en", "the following arguments are required: EVENT_DIR, --game"),
                                            ("ja", "EVENT_DIR と --game を指定してください")])
def test_a_missing_argument_alone_is_still_said(cli_env, capsys, language, said):
    cli_env(TILELENS_LANG=language)
    code, _, err = run(capsys, "check")
    assert code == 2 and err.rstrip("\n").endswith(said), err


def test_the_parser_is_as_it_was_after_saying_it(cli_env, capsys):
    """Saying the unknown option first leaves each required argument required (a second parse still asks it)."""
    from scorer.cli import UsageLinesParser

    cli_env(TILELENS_LANG="en")
    parser = UsageLinesParser(prog="x")
    parser.add_argument("dir")
    parser.add_argument("--game", required=True)
    with pytest.raises(SystemExit):
        parser.parse_args(["--hlep"])
    assert "unrecognized arguments: --hlep" in capsys.readouterr().err
    assert [a.dest for a in parser._actions if a.required] == ["dir", "game"]
    with pytest.raises(SystemExit):
        parser.parse_args([])
    assert capsys.readouterr().err.endswith("the following arguments are required: dir, --game\n")
