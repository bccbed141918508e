"""Session 62 (F2): a value written in quotes (or alone in a list) where a number or true/false is wanted gets the
hint the Donjara tables gave ("write 300, without quotes"), in ``[riichi]`` too, which said only "must be a whole
number (got '300')", and for true/false in every table. ``[table]`` (the ledger's, ``tilelens.ledger.TableRules``)
gets it where its checks use ``scorer.catalog.written_bare``."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import spelt_value, written_bare
from scorer.riichi_rules import rules_for
from scorer.rules import donjara_rules
from tilelens.home import check_rule_tables

from house_table_helpers import NOGIZAKA, TOKYO, rules_file, sub_once as _sub


def _refused(tmp_path: Path, text: str) -> GameFileError:
    """The one-line refusal of a rules ``text``, as the command line and the app check a file (its rule tables and
    the ledger's ``[table]``: ``tilelens.home.check_rule_tables``)."""
    path = rules_file(tmp_path, text)
    with pytest.raises(GameFileError) as info:
        game = load_game(path)
        rules_for(game) if game.engine == "riichi" else donjara_rules(game)
        check_rule_tables(game)
    exc = info.value
    assert "\n" not in str(exc) and "\n" not in exc.message_ja
    return exc


RIICHI = [  # (key as written in [riichi], what is written, the value it means)
    ("honba_ron", '"300"', "300"),
    ("noten_total", '"3000"', "3000"),
    ("noten_total", '"３０００"', "3000"),  # full width, from a Japanese keyboard
    ("starting_points", '"25000"', "25000"),
    ("riichi_stick", "[1000]", "1000"),
    ("red_fives", '"true"', "true"),
    ("kiriage", '"False"', "false"),
    ("players", '"4"', "4"),  # one of a few: 2, 3 or 4
]


@pytest.mark.parametrize("key, written, meant", RIICHI, ids=[f"{k}={w}" for k, w, _ in RIICHI])
def test_a_riichi_key_written_in_quotes_says_write_it_without(tmp_path, key, written, meant):
    exc = _refused(tmp_path, _sub(TOKYO, rf"^{key} = \S+", f"{key} = {written}"))
    said, said_ja = str(exc), exc.message_ja
    assert f"riichi.{key}" in said and f"write {meant}, without " in said, said
    assert f"半角で {meant} と書きます" in said_ja or f"を付けずに {meant} と書きます" in said_ja, said_ja
    assert "write" not in said_ja and "quotes" not in said_ja, said_ja  # no English left in the Japanese


def test_a_riichi_key_commented_out_in_the_shipped_file_gets_the_hint_too(tmp_path):
    exc = _refused(tmp_path, _sub(TOKYO, r"^# nagashi = true", 'nagashi = "true"'))
    assert "write true, without quotes" in str(exc) and "半角で true と書きます" in exc.message_ja


@pytest.mark.parametrize("written", ['"5"', '"three"', "4.0"])
def test_no_hint_where_the_value_is_no_choice_or_no_number(tmp_path, written):
    exc = _refused(tmp_path, _sub(TOKYO, r"^players = \S+", f"players = {written}"))
    assert "riichi.players" in str(exc) and "write" not in str(exc) and "書きます" not in exc.message_ja, str(exc)


def test_a_donjara_true_or_false_in_quotes_gets_the_hint_too(tmp_path):
    exc = _refused(tmp_path, _sub(NOGIZAKA, r"^riichi_required = true", 'riichi_required = "true"'))
    assert "win.riichi_required" in str(exc) and "write true, without quotes" in str(exc), str(exc)
    assert "引用符を付けず、半角で true と書きます" in exc.message_ja, exc.message_ja


def test_a_donjara_number_alone_in_a_list_gets_the_hint(tmp_path):
    exc = _refused(tmp_path, _sub(NOGIZAKA, r"^players = 4", "players = [4]"))
    assert "win.players" in str(exc) and "write 4, without [ ]" in str(exc), str(exc)
    assert "[ ] を付けずに 4 と書きます" in exc.message_ja, exc.message_ja


def test_the_donjara_hint_for_a_quoted_number_is_as_before(tmp_path):
    exc = _refused(tmp_path, _sub(NOGIZAKA, r"^players = 4", 'players = "4"'))
    assert str(exc).endswith("(got '4'): write 4, without quotes"), str(exc)
    assert exc.message_ja.endswith("(いま '4')。引用符を付けず、半角で 4 と書きます"), exc.message_ja


def test_the_command_line_says_the_hint_in_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    from tilelens.cli import main

    path = rules_file(tmp_path, _sub(TOKYO, r"^honba_ron = \S+", 'honba_ron = "300"'))
    code = main(["games", str(path)])
    err = capsys.readouterr().err
    assert code != 0 and "write 300, without quotes" in err and err.count("\n") == 1, err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    main(["games", str(path)])
    err = capsys.readouterr().err
    assert "引用符を付けず、半角で 300 と書きます" in err and err.count("\n") == 1, err


def test_written_bare_and_spelt_value():
    assert written_bare("300", int) == (": write 300, without quotes", "。引用符を付けず、半角で 300 と書きます")
    assert written_bare(["true"], bool)[0] == ": write true, without [ ] or quotes"
    assert spelt_value("二万五千", int) == 25000 and spelt_value(" FALSE ", bool) is False
    for value, kind in (("yes", bool), ("1", bool), (True, int), ([1, 2], int), ("x" * 50, bool), ("300", str)):
        assert spelt_value(value, kind) is None and written_bare(value, kind) is None, (value, kind)


# [table]: the ledger's (``tilelens.ledger.TableRules``), whose checks say the same hint (``scorer.catalog.written_bare``:
# F2's patch, applied by F13)
TABLE = [("honba", '"true"', "true"), ("several_ron", "[true]", "true"), ("laps", '"2"', "2"),
         ("ends_at_or_below", '"-1"', "-1"), ("ends_at_or_below", '"false"', "false")]


@pytest.mark.parametrize("key, written, meant", TABLE, ids=[f"{k}={w}" for k, w, _ in TABLE])
def test_a_table_key_written_in_quotes_says_write_it_without(tmp_path, key, written, meant):
    text = _sub(TOKYO, r"^several_ron = true", "several_ron = true\nlaps = 2") if key == "laps" else TOKYO
    exc = _refused(tmp_path, _sub(text, rf"^{key} = \S+", f"{key} = {written}"))
    said, said_ja = str(exc), exc.message_ja
    assert f"[table] {key}" in said and f"write {meant}, without " in said, said
    assert "と書きます" in said_ja and meant in said_ja.rsplit("。", 1)[-1], said_ja


def test_ends_at_or_below_true_in_quotes_is_not_told_to_write_true(tmp_path):
    exc = _refused(tmp_path, _sub(TOKYO, r"^ends_at_or_below = \S+", 'ends_at_or_below = "true"'))
    assert "ends_at_or_below" in str(exc) and "write true" not in str(exc), str(exc)
