"""Session 53: ``--shipped-rules`` is an option of each house command's own parser (``scorer.cli.add_shipped_rules``),
so argparse lists it (the usage line and the options, in its columns), not a line the router pasted into the
help it captured. The router still takes it off before a command runs (``tilelens.cli.shipped_rules``): it picks the
table; a parser called without the router accepts it and changes nothing."""
from __future__ import annotations

import argparse

import pytest

from scorer import catalog
from scorer import cli as scorer_cli
from scorer import riichi_cli
from tilelens import cli

HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "100")
    for key in ("TILELENS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def helped(capsys, handler, argv) -> str:
    """What ``handler(argv + ["--help"])`` prints, called as the router calls it but without the router."""
    with pytest.raises(SystemExit) as done:
        handler([*argv, "--help"])
    assert done.value.code in (0, None)
    return capsys.readouterr().out


def listed(out: str) -> list[str]:
    """The option lines of a help that name --shipped-rules (the usage lines left out)."""
    options = out.split("\n\n", 1)[1]
    return [line for line in options.splitlines() if line.lstrip().startswith(scorer_cli.SHIPPED_RULES)]


HANDLERS = {
    "score": (scorer_cli.score_main, []),
    "waits": (scorer_cli.waits_main, []),
    "games": (scorer_cli.games_main, []),
    "score riichi": (scorer_cli.score_main, ["--game", "tokyo-mahjong"]),
    "waits riichi": (scorer_cli.waits_main, ["--game", "tokyo-mahjong"]),
}


@pytest.mark.parametrize("name", HANDLERS)
def test_the_command_s_own_parser_lists_it(home, capsys, name):
    handler, argv = HANDLERS[name]
    out = helped(capsys, handler, argv)
    assert "[--shipped-rules]" in out.split("\n\n", 1)[0], out[:400]  # argparse's usage line names it
    assert len(listed(out)) == 1, out
    words = " ".join(out.split(listed(out)[0], 1)[1].split()[:6])
    assert " ".join(scorer_cli.SHIPPED_RULES_HELP.split()[:6]) in " ".join(listed(out)[0].split()[1:] + [words])


def test_read_s_parser_lists_it(home, capsys):
    from vision import read_cli

    out = helped(capsys, read_cli.main, [])
    assert "[--shipped-rules]" in out.split("\n\n", 1)[0] and len(listed(out)) == 1, out


@pytest.mark.parametrize("argv", [["score"], ["waits"], ["games"], ["read"], ["score", "--game", "tokyo-mahjong"]],
                         ids=" ".join)
def test_through_the_router_it_is_argparse_s_entry_listed_once(home, capsys, argv):
    try:
        code = cli.main([*argv, "--help"])
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr().out
    assert code in (0, None) and "[--shipped-rules]" in out.split("\n\n", 1)[0], out[:400]
    assert len(listed(out)) == 1, out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_it_is_listed_in_either_language(home, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    out = helped(capsys, scorer_cli.score_main, [])
    assert len(listed(out)) == 1 and ("the box's table" if lang == "en" else "箱のままの表") in out


def test_a_parser_called_without_the_router_accepts_it_and_changes_nothing(home, capsys):
    assert scorer_cli.score_main(["--game", "nogizaka", "--riichi", "--shipped-rules", *HAND]) == 0
    with_it = capsys.readouterr().out
    assert scorer_cli.score_main(["--game", "nogizaka", "--riichi", *HAND]) == 0
    assert capsys.readouterr().out == with_it and "60 points" in with_it
    assert riichi_cli.score_main(["--game", "tokyo-mahjong", "234m456p789s11z555z", "--shipped-rules"]) == 0
    assert "ron on" in capsys.readouterr().out


def test_add_shipped_rules_puts_nothing_in_the_namespace():
    p = argparse.ArgumentParser()
    scorer_cli.add_shipped_rules(p)
    assert vars(p.parse_args([scorer_cli.SHIPPED_RULES])) == {} == vars(p.parse_args([]))


def test_the_router_and_the_parsers_name_one_option():
    assert cli.SHIPPED_RULES == scorer_cli.SHIPPED_RULES
