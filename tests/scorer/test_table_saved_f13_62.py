"""Session 62, F13 (after RV2). 1. A house table saved with ``[table] noten_total = 1000`` (the ledger's key, which
overrides ``[riichi] noten_total``) was refused whole on every read, where ``[riichi] noten_total = 1000`` plays as
before with a warning (8ede47f): now alike, refused only where a file is written or named on purpose (the app's Save
and Add, ``--game FILE``: ``scorer.catalog.STRICT_CHECKS``). A Donjara table is held to the seats its game has
(``[win] players_max``), not always four: at three, a multiple of 2 shares evenly.
3. A hint for a value TOML cannot read: the kanji-numeral hint only for a key that wants a number (``name_ja = 五萬``
said "write 50000"); a string key is told to write it in quotes; ``二万五千点`` is a number with its unit; a number
in quotes out of range is not told to be written bare (``hand_size = "〇"``: "write 0", then refused)."""
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from tilelens.cli import main
from tilelens.home import checked_table, stored_problem
from tilelens.ledger import rules_for as table_rules

import house_table_helpers
from house_table_helpers import CINDERELLA, NOGIZAKA, TOKYO, YOKAI, rules_file, saved, sub_once as _sub

home = house_table_helpers.own_home  # a TILELENS_HOME of the test's own, no ledger or language set from outside


def _with_table(text: str, line: str) -> str:
    return _sub(text, r"^\[table\]\n", f"[table]\n{line}\n")


# 1. [table] noten_total in a saved house table ------------------------------------------------------------------------
def test_a_saved_table_noten_total_plays_as_before(home):
    path = saved(home, _with_table(TOKYO, "noten_total = 1000"))
    game = checked_table("tokyo-mahjong", path)  # the app's and the command line's one sequence: not refused
    assert table_rules(game).noten_total == 1000
    problem = stored_problem(path)  # what the pages say as a warning (``app.settings.stored_warning``)
    assert problem is not None and "[table] noten_total: must be a multiple of 12" in str(problem), problem
    assert "996 or 1008" in str(problem) and "1008" in problem.message_ja, problem.message_ja


def test_every_command_goes_on_with_one_warning(home, capsys, monkeypatch):
    saved(home, _with_table(TOKYO, "noten_total = 1000"))
    assert main(["games", "tokyo-mahjong"]) == 0
    err = capsys.readouterr().err
    assert "cannot be used" not in err and "Traceback" not in err, err
    warnings = [line for line in err.splitlines() if "[table] noten_total" in line]
    assert len(warnings) == 1 and "read as before" in warnings[0] and "996 or 1008" in warnings[0], err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert main(["games", "tokyo-mahjong"]) == 0
    err = capsys.readouterr().err
    assert "[table] noten_total" in err and "これまでどおり" in err, err


def test_a_file_written_or_named_on_purpose_is_refused(home, capsys):
    path = saved(home, _with_table(TOKYO, "noten_total = 1000"))
    with pytest.raises(GameFileError) as info:
        load_game(path, strict=True)  # the app's Save and Add, a file named by its path
    said = str(info.value)
    assert said.startswith(f"{path}: ") and "[table] noten_total: must be a multiple of 12 at a table of 4" in said
    assert "write 996 or 1008" in said and "\n" not in said, said
    assert "12 の倍数" in info.value.message_ja, info.value.message_ja
    assert main(["games", str(path)]) == 2
    assert "[table] noten_total: must be a multiple of 12" in capsys.readouterr().err


def test_the_app_save_refuses_it(home):
    settings = pytest.importorskip("app.settings")
    with pytest.raises(GameFileError, match=r"\[table\] noten_total: must be a multiple of 12"):
        settings.save_house_table("tokyo-mahjong", _with_table(TOKYO, "noten_total = 1000"))
    assert settings.edited_path("tokyo-mahjong") is None
    saved(home, _with_table(TOKYO, "noten_total = 1000"))
    warning = settings.stored_warning("tokyo-mahjong")
    assert warning is not None and "[table] noten_total" in str(warning), warning


def test_an_even_table_noten_total_passes_strictly(tmp_path):
    path = rules_file(tmp_path, _with_table(TOKYO, "noten_total = 1200"))
    assert table_rules(load_game(path, strict=True)).noten_total == 1200


THREE = _sub(_sub(YOKAI, r"^players = 4", "players = 3"), r"^players_max = 4", "players_max = 3")


def test_a_donjara_table_of_three_shares_by_two(tmp_path):
    path = rules_file(tmp_path, _with_table(THREE, "noten_total = 10"), "three")
    assert table_rules(load_game(path, strict=True)).noten_total == 10  # 2 ways at most: 5 each
    path = rules_file(tmp_path, _with_table(THREE, "noten_total = 5"), "three-odd")
    with pytest.raises(GameFileError, match=r"\[table\] noten_total: must be a multiple of 2 at a table of 3"):
        load_game(path, strict=True)


def test_a_donjara_table_of_four_shares_by_twelve(tmp_path):
    path = rules_file(tmp_path, _with_table(YOKAI, "noten_total = 100"), "four")
    with pytest.raises(GameFileError, match=r"\[table\] noten_total: must be a multiple of 12 at a table of 4"):
        load_game(path, strict=True)
    assert table_rules(load_game(path)).noten_total == 100  # a stored one: read as it was


# 3. hints for a value TOML cannot read --------------------------------------------------------------------------------
def _not_toml(tmp_path: Path, text: str) -> GameFileError:
    path = rules_file(tmp_path, text)
    with pytest.raises(GameFileError) as info:
        load_game(path, strict=True)
    return info.value


@pytest.mark.parametrize("old, new", [('name_ja = "五萬"', "name_ja = 五萬"), ('name_ja = "一萬"', "name_ja = 一萬"),
                                      ('name_ja = "東京麻雀"', "name_ja = 東京麻雀"),
                                      ('rank = "1"', "rank = 一")], ids=["五萬", "一萬", "game-name", "attr-rank"])
def test_a_string_key_is_told_to_quote_not_to_write_a_number(tmp_path, old, new):
    exc = _not_toml(tmp_path, TOKYO.replace(old, new, 1))
    assert 'a string is written in quotes: "..."' in str(exc) and "kanji" not in str(exc), str(exc)
    assert '文字列は "..." で囲みます' in exc.message_ja and "漢数字" not in exc.message_ja, exc.message_ja


def test_a_unit_of_money_in_kanji_is_a_string(tmp_path):
    exc = _not_toml(tmp_path, CINDERELLA.replace('unit = "万"', "unit = 万", 1))
    assert "written in quotes" in str(exc) and "10000" not in str(exc), str(exc)


@pytest.mark.parametrize("written, meant", [("二万五千", "25000"), ("二万五千点", "25000"), ("二萬五千", "25000")])
def test_a_number_key_in_kanji_is_told_the_number(tmp_path, written, meant):
    exc = _not_toml(tmp_path, _sub(TOKYO, r"^starting_points = 25000", f"starting_points = {written}"))
    assert f"kanji numeral {written}: write {meant}" in str(exc), str(exc)
    assert f"半角の数字で {meant} と書きます" in exc.message_ja, exc.message_ja


def test_a_donjara_amount_in_kanji_is_told_the_number(tmp_path):
    exc = _not_toml(tmp_path, _sub(NOGIZAKA, r"^penalty = 300", "penalty = 三百"))
    assert "kanji numeral 三百: write 300" in str(exc), str(exc)


def test_a_quoted_number_out_of_range_says_the_range(tmp_path):
    exc = _not_toml(tmp_path, _sub(NOGIZAKA, r"^hand_size = 9", 'hand_size = "〇"'))
    said = str(exc)
    assert "field hand_size" in said and "write 0" not in said and "1 to 64" in said, said
    assert "1 から 64" in exc.message_ja and "半角で 0 と" not in exc.message_ja, exc.message_ja
    exc = _not_toml(tmp_path, _sub(NOGIZAKA, r"^hand_size = 9", 'hand_size = "九"'))
    assert str(exc).endswith("write 9, without quotes"), str(exc)  # in range: as before


def test_every_whole_number_key_of_the_shipped_games_is_a_number_key():
    import tomllib

    from scorer.catalog import _NUMBER_KEYS

    found: set[str] = set()

    def walk(node):
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            if isinstance(key, str) and (isinstance(value, int) and not isinstance(value, bool)
                                         or isinstance(value, list) and value and isinstance(value[0], int)):
                found.add(key)
            walk(value)

    for path in GAMES_DIR.glob("*.toml"):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    assert found - {"unit"} <= _NUMBER_KEYS, sorted(found - _NUMBER_KEYS)  # unit: a group's size or [payout]'s word
    assert not {"name_ja", "name_en", "id", "unit", "reading", "rank"} & _NUMBER_KEYS


def test_a_number_in_kanji_in_a_list_is_told_the_number(tmp_path):
    text = _with_table(TOKYO, "uma = [20, 十, -10, -20]")
    exc = _not_toml(tmp_path, text)
    assert "kanji numeral 十: write 10" in str(exc), str(exc)


def test_the_point_keys_are_number_keys():
    from scorer.catalog import _NUMBER_KEYS, _POINT_KEYS

    assert _POINT_KEYS <= _NUMBER_KEYS and "hand_size" not in _POINT_KEYS
