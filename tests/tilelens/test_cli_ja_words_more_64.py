"""A Japanese user's walkthrough of the ledger, the router and the labelling command line:
`ledger lst` said as `label int` says a word that is no action (with the near one), full-width digits in the
ledger's dates, the router's Japanese usage wrapped to the English lines' width with whole sentences, a mistyped
top-level option given its near match, one wording of a copy's mark in the ledger's help, and a help line for every
option and argument (synth, contact-sheet, enroll, train quantize, eval, label)."""
from __future__ import annotations

import re
from datetime import date

import pytest

from scorer.cli import columns
from tilelens.cli import _usage, main


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# --- 1: a word that is no action of `tilelens ledger` (or `tilelens label`), with the near one -----------------------

@pytest.mark.parametrize("lang, said", [
    ("ja", "tilelens ledger: エラー: 「lst」は tilelens ledger のサブコマンドではありません (もしかして: list): 最初に "
           "list、show、csv、totals、merge、end のどれかを指定し、その後に引数とオプションを書いてください (例: "
           "`tilelens ledger list`)"),
    ("en", "tilelens ledger: error: 'lst' is not something tilelens ledger does (did you mean: list?): say one of "
           "list, show, csv, totals, merge or end first, then its arguments and options "
           "(e.g. `tilelens ledger list`)")])
def test_a_word_that_is_no_ledger_action_is_said_as_label_says_it(cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, out, err = run(capsys, "ledger", "lst")
    assert code == 2 and out == "" and err.splitlines()[-1] == said, err
    assert "{list,show" not in err.splitlines()[-1] and "選べません" not in err, err


def test_a_word_far_from_every_ledger_action_has_no_near_one(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "ledger", "--db", "x.sqlite", "bogus")
    assert code == 2 and "「bogus」は tilelens ledger のサブコマンドではありません: 最初に" in err, err
    assert "もしかして" not in err, err


@pytest.mark.parametrize("lang, near", [("ja", "「int」は tilelens label のサブコマンドではありません (もしかして: init): "),
                                        ("en", "'int' is not something tilelens label does (did you mean: init?): ")])
def test_label_says_the_near_action_too(cli_env, capsys, lang, near):
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, "label", "int", "photos")
    assert code == 2 and near in err, err


# --- 2: full-width digits in the ledger's dates ----------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["２０２６-01-01", "２０２６－０１－０１", " 2026-01-01 "])
def test_a_date_typed_in_full_width_digits_is_that_date(typed):
    from tilelens.ledger_cli import _date_of

    assert _date_of("--since", typed) == date(2026, 1, 1)


@pytest.mark.parametrize("option", ["--since", "--until", "--evening"])
def test_totals_takes_a_full_width_date(cli_env, capsys, option):
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "ledger", "totals", option, "２０２６-01-01")
    assert code == 0 and "という日はありません" not in err, err
    assert "まだ対局はありません" in out + err


def test_a_day_no_calendar_has_is_still_said_so():
    from tilelens.ledger import LedgerError
    from tilelens.ledger_cli import _date_of

    with pytest.raises(LedgerError) as said:
        _date_of("--since", "２０２６-11-31")
    assert "2026-11-31" in said.value.message_ja and "という日はありません" in said.value.message_ja


# --- 3: the router's usage in Japanese: the English lines' width, whole sentences -----------------------------------

def test_the_japanese_usage_is_as_wide_as_the_english_and_ends_its_sentences():
    english, japanese = _usage("en").splitlines(), _usage("ja").splitlines()
    house_en = english[english.index("") + 1:][english[english.index("") + 1:].index("") + 1:]
    house_ja = japanese[japanese.index("") + 1:][japanese[japanese.index("") + 1:].index("") + 1:]
    widest = max(columns(line) for line in house_en)
    assert house_ja and all(columns(line) <= widest for line in house_ja), [columns(line) for line in house_ja]
    assert columns(japanese[0]) <= widest, japanese[0]
    paragraph = "".join(house_ja)
    assert paragraph.endswith("どのコマンドでも使えません。"), paragraph
    assert "箱のままの表で遊ぶには --shipped-rules を付けます" in _usage("ja")  # pinned by test_cli_ja_words_57


# --- 4: a mistyped top-level option: its near one ------------------------------------------------------------------

@pytest.mark.parametrize("lang, typed, said", [
    ("ja", "--verison", "tilelens: 「--verison」というコマンドはありません (もしかして: --version)"),
    ("en", "--verison", "tilelens: unknown command '--verison' (did you mean: --version?)"),
    ("ja", "--hlep", "tilelens: 「--hlep」というコマンドはありません (もしかして: --help)")])
def test_a_mistyped_top_level_option_gets_its_near_one(cli_env, capsys, lang, typed, said):
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, typed)
    assert code == 2 and err.splitlines()[0] == said, err


# --- 5: the ledger's help: one wording of a copy's mark, a space between an ASCII word and its particle --------------

def test_the_ledgers_japanese_help_says_a_copys_mark_one_way(cli_env, capsys):
    cli_env(TILELENS_LANG="ja", COLUMNS="100")
    _, top, _ = run(capsys, "ledger", "--help")
    _, listing, _ = run(capsys, "ledger", "list", "--help")
    for out in (top, listing):
        assert "(#2の別の記録)" in re.sub(r"\s+", "", out), out
    assert "ほかのパソコンでの記録" not in re.sub(r"\s+", "", listing)
    assert "playedと" not in top and "played と" in re.sub(r"\s+", " ", top), top


# --- 6: every option and argument has a help line, in both languages -----------------------------------------------

def _help_of(out: str, name: str) -> str:
    """The help of ``name`` (an option or a positional) in a --help's text: after its name and metavar, or on the
    lines under it; "" where it has none."""
    lines = out.splitlines()
    for at, line in enumerate(lines):
        found = re.match(rf"^  {re.escape(name)}(?:,? [^\s]+)*(?: {{2,}}(\S.*))?$", line)
        if found:
            if found[1]:
                return found[1]
            following = lines[at + 1] if at + 1 < len(lines) else ""
            return following.strip() if re.match(r"^ {3,}\S", following) else ""
    raise AssertionError(f"{name} not in {out}")


NEEDS_HELP = [
    (["synth"], ["--seed"]),
    (["contact-sheet"], ["--seed"]),
    (["enroll"], ["--seed", "--crop-size"]),
    (["train", "quantize"], ["--seed"]),
    (["eval"], ["--compare"]),
    *[(["label", action], ["dir"]) for action in ("init", "check", "stats", "accept", "kinds", "audit", "teach")],
    (["label", "export"], ["dir", "out", "--to"]),
    (["label", "import"], ["file", "dir", "--from"]),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("argv, names", NEEDS_HELP, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_every_option_and_argument_has_a_help_line(cli_env, capsys, lang, argv, names):
    cli_env(TILELENS_LANG=lang, COLUMNS="100")
    code, out, _ = run(capsys, *argv, "--help")
    assert code in (0, None), out
    for name in names:
        said = _help_of(out, name)
        assert said, (name, out)
        japanese = re.search("[\u3040-\u30ff\u4e00-\u9fff]", said)
        assert bool(japanese) == (lang == "ja"), (name, said)


@pytest.mark.parametrize("lang, word", [("en", "Pre-label"), ("ja", "下書き")])
def test_label_init_has_a_description(cli_env, capsys, lang, word):
    cli_env(TILELENS_LANG=lang, COLUMNS="100")
    _, out, _ = run(capsys, "label", "init", "--help")
    head = re.split(r"\n(?:positional arguments|位置引数):\n", out)[0]
    assert "\n\n" in head and word in head.split("\n\n", 1)[1], out
