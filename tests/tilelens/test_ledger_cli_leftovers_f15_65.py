"""`tilelens ledger`'s leftovers: an option it does not know, typed before the action, said first (as every other
parser says one: ``scorer.cli.NamesUnknownFirst``), not the action's argument missing after it (`ledger --bogus
show` said "the following arguments are required: ID"); and a date as people write it, YYYY-MM-DD alone (ASCII or
full-width digits): an ISO week date (2026-W01-1), a basic one (20261206) or circled digits (2026-①②-06), which
``date.fromisoformat`` and NFKC took, refused naming the format."""
from __future__ import annotations

from datetime import date

import pytest

from tilelens.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# --- 1: an unknown option before the action ------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["--bogus", "show"], ["--bogus", "end"], ["--bogus", "csv"], ["--bogus", "merge"]],
                         ids=lambda argv: argv[-1])
@pytest.mark.parametrize("lang, said", [("en", "tilelens ledger: error: unrecognized arguments: --bogus"),
                                        ("ja", "tilelens ledger: エラー: 使えない引数です: --bogus")])
def test_an_unknown_option_before_the_action_is_said_first(cli_env, capsys, argv, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, out, err = run(capsys, "ledger", *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.rstrip("\n").splitlines()[-1] == said, err
    assert "required" not in err and "指定してください" not in err.splitlines()[-1], err


def test_the_unknown_option_after_the_action_is_said_with_it(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, _, err = run(capsys, "ledger", "--bogus", "show", "--jsn")
    assert code == 2 and err.rstrip("\n").splitlines()[-1] == \
        "tilelens ledger: error: unrecognized arguments: --bogus --jsn", err


def test_a_near_option_before_the_action_is_offered(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, _, err = run(capsys, "ledger", "--dbb=x.sqlite", "show")
    assert code == 2 and "unrecognized arguments: --dbb=x.sqlite" in err and "(did you mean: --db?)" in err, err


def test_a_known_option_before_the_action_still_leaves_the_missing_argument_said(cli_env, capsys, tmp_path):
    cli_env(TILELENS_LANG="en")
    code, _, err = run(capsys, "ledger", "--db", str(tmp_path / "l.sqlite"), "show")
    assert code == 2 and err.rstrip("\n").endswith("the following arguments are required: ID"), err
    code, _, err = run(capsys, "ledger", "show")
    assert code == 2 and err.rstrip("\n").endswith("the following arguments are required: ID"), err


def test_the_parsers_are_as_they_were_after_saying_it(cli_env, capsys):
    """The unknown option said, the next parse of the same parser still asks what is missing."""
    from tilelens.ledger_cli import _parser

    cli_env(TILELENS_LANG="en")
    parser = _parser()
    for argv, said in ((["--bogus", "show"], "unrecognized arguments: --bogus"),
                       (["show"], "the following arguments are required: ID")):
        with pytest.raises(SystemExit):
            parser.parse_args(argv)
        assert capsys.readouterr().err.rstrip("\n").endswith(said)


# --- 2: dates as people write them ----------------------------------------------------------------------------------

ODD = ["2026-W01-1", "2026W011", "20261206", "2026-①②-06", "２０２６-①②-〇６", "2026-12-0𝟔", "٢٠٢٦-١٢-٠٦",
       "2026-12-6", "26-12-06", "2026/12/06", "2026−12−06"]


@pytest.mark.parametrize("typed", ODD)
def test_only_yyyy_mm_dd_is_a_date(typed):
    from tilelens.ledger import LedgerError
    from tilelens.ledger_cli import _date_of

    with pytest.raises(LedgerError) as said:
        _date_of("--since", typed)
    assert "--since takes a date as YYYY-MM-DD, such as 2026-12-06" in str(said.value), said.value
    assert "YYYY-MM-DD の形の日付を指定してください" in said.value.message_ja, said.value.message_ja


@pytest.mark.parametrize("typed", ["2026-12-06", "２０２６－１２－０６", "　2026-12-06　", "2026-12-０６"])
def test_ascii_and_full_width_dates_are_still_taken(typed):
    from tilelens.ledger_cli import _date_of

    assert _date_of("--until", typed) == date(2026, 12, 6)


@pytest.mark.parametrize("option", ["--since", "--until", "--evening"])
@pytest.mark.parametrize("lang, said", [("en", "takes a date as YYYY-MM-DD"), ("ja", "YYYY-MM-DD の形の日付")])
def test_totals_refuses_a_week_date(cli_env, capsys, option, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, out, err = run(capsys, "ledger", "totals", option, "2026-W01-1")
    assert code == 2 and said in err and "2026-W01-1" in err, (code, out, err)
    assert "Traceback" not in err
