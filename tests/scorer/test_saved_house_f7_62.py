"""Session 62, F7 (walk W3: an upgrade from b9eca4f). A Tokyo Mahjong house table saved by yesterday's tilelens with
``noten_total = 1000`` (accepted then, paying 333 x 3, 999 in all) was refused whole by today's, which refuses a noten
total that does not share evenly (7455664): every score, ledger command and page said only the refusal, and two
matches under way could not go on. A table already saved is read as the earlier tilelens played it, with one warning
naming the key, what it pays and the even values nearest; a table written or named on purpose (the app's Save, a file
named by its path) is still refused, the refusal naming the values nearest too (``scorer.catalog.STRICT_CHECKS``)."""
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from scorer.riichi_pay import exhaustive_draw
from scorer.riichi_rules import RiichiRules, check_noten_total, rules_for
from tilelens.cli import main
from tilelens.home import checked_table
from tilelens.ledger import Ledger
from tilelens.ledger import rules_for as table_rules

import house_table_helpers
from house_table_helpers import TOKYO, saved, sub_once

home = house_table_helpers.own_home  # a TILELENS_HOME of the test's own, no ledger or language set from outside


def saved_as_w3(home: Path, total: int = 1000) -> Path:
    """The house table as b9eca4f's Rules page saved it (W3's old_house.py): the shipped text, noten_total changed,
    an uma and an oka added, in ``games/tokyo-mahjong/<hash>.toml``."""
    text = sub_once(TOKYO, r"^noten_total = 3000 ", f"noten_total = {total} ")
    text = sub_once(text, r"^(keep_on_dealer_win = true .*)$", r"\1\numa = [20, 10, -10, -20]\nreturn_points = 30000")
    return saved(home, text)


def test_a_saved_table_plays_as_before(home):
    path = saved_as_w3(home)
    game = checked_table("tokyo-mahjong", path)  # the app's and the command line's one sequence
    rules = rules_for(game)
    assert rules.noten_total == 1000
    draw = exhaustive_draw([2], rules=rules)  # one tenpai: three noten seats pay 333 each, as b9eca4f paid
    assert sorted(t.amount for t in draw.transfers) == [333, 333, 333]
    assert table_rules(game).noten_total == 1000


def test_a_table_written_on_purpose_is_refused_naming_the_nearest_even_values(home):
    path = saved_as_w3(home)
    with pytest.raises(GameFileError) as info:
        load_game(path, strict=True)  # the app's Save, a file named by its path
    exc = info.value
    assert "field riichi.noten_total: must be a multiple of 12" in str(exc), str(exc)
    assert "999 in all" in str(exc) and "write 996 or 1008" in str(exc), str(exc)
    assert "996" in exc.message_ja and "1008" in exc.message_ja and "12 の倍数" in exc.message_ja, exc.message_ja
    assert str(exc).count("\n") == 0 and exc.message_ja.count("\n") == 0


@pytest.mark.parametrize("total, players, near", [(1000, 4, "996 or 1008"), (5, 4, "12"), (1001, 3, "1000 or 1002"),
                                                  (20, 4, "12 or 24")])
def test_the_nearest_even_values(total, players, near):
    with pytest.raises(GameFileError) as info:
        check_noten_total(total, players)
    assert str(info.value).endswith(f"(got {total}): write {near}"), str(info.value)


def test_rules_in_code_as_before():
    assert RiichiRules(noten_total=1000).noten_total == 1000  # as the library read it before 7455664


def test_every_ledger_command_goes_on_with_one_warning(home, capsys):
    path = saved_as_w3(home)
    ledger = Ledger(home / "ledger.sqlite")
    game = checked_table("tokyo-mahjong", path)
    match = ledger.new_match(game, ["Aki", "Ben", "Chie", "Dai"], table_rules(game))
    ledger.add_draw(match, tenpai=(2,))  # one tenpai: 333 from each noten seat, as b9eca4f paid
    assert sorted(ledger.state(match).totals) == [24667, 24667, 24667, 25999]
    assert main(["ledger", "totals"]) == 0  # (it reads the rules the match kept: no house table, no warning)
    assert "999" in capsys.readouterr().out
    for argv in (["ledger", "list"], ["ledger", "show", str(match)]):
        assert main(argv) == 0, argv
        err = capsys.readouterr().err
        assert "Traceback" not in err and "cannot be used" not in err, err
        warnings = [line for line in err.splitlines() if "riichi.noten_total" in line]
        assert len(warnings) == 1, (argv, err)
        assert "999 in all" in warnings[0] and "996 or 1008" in warnings[0], warnings
        assert "read as before" in warnings[0], warnings


def test_the_warning_in_japanese(home, capsys, monkeypatch):
    path = saved_as_w3(home)
    game = checked_table("tokyo-mahjong", path)
    Ledger(home / "ledger.sqlite").new_match(game, ["Aki", "Ben", "Chie", "Dai"], table_rules(game))
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert main(["ledger", "list"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if "riichi.noten_total" in line]
    assert len(warnings) == 1 and "996" in warnings[0] and "これまでどおり" in warnings[0], err


def test_a_file_named_by_its_path_is_refused(home, capsys):
    path = saved_as_w3(home)
    assert main(["score", "--game", str(path), "123m456p789s234s55p"]) == 2
    err = capsys.readouterr().err
    assert "must be a multiple of 12" in err and "996 or 1008" in err, err


# --- the merge tells a game not installed from one whose house table is refused -----------------------------------

def test_merge_tells_a_refused_house_table_from_a_game_not_here(home):
    from tilelens.ledger_merge import _game_said, _no_game_said

    folder = home / "games" / "tokyo-mahjong"
    folder.mkdir(parents=True)
    (folder / "bebd644cd617.toml").write_text(TOKYO.replace("players = 4 ", "players = 5 ", 1), encoding="utf-8")
    from scorer.catalog import house_tables

    def refused(game_id):
        if game_id == "tokyo-mahjong":
            raise GameFileError("refused", "使えません")
        return None

    with house_tables(refused):
        assert _game_said("tokyo-mahjong", "en")[1] is False
        en = _no_game_said("tokyo-mahjong", "en")
        ja = _no_game_said("tokyo-mahjong", "ja")
        assert "house table" in en and "Rules page" in en and "not on this laptop" not in en, en
        assert "ハウスルール" in ja and "このパソコンにありません" not in ja, ja
        gone = _no_game_said("precure-x", "en")
    assert "not on this laptop" in gone, gone


# --- the Event page's check-again command names the game by its id where its file is the current house table ------

def test_the_check_again_command_names_the_current_house_table_by_the_game_id(home, tmp_path):
    from tilelens.event.report import current_game

    shipped = {"game": "tokyo-mahjong", "game_id": "tokyo-mahjong", "game_file": str(GAMES_DIR / "tokyo-mahjong.toml")}
    assert current_game(shipped) == "tokyo-mahjong"
    path = saved_as_w3(home)
    event = {**shipped, "game_file": str(path)}
    assert current_game(event) == "tokyo-mahjong"  # `--game tokyo-mahjong`: the house table, wherever a Save moves it
    assert current_game(shipped) == shipped["game_file"]  # the box's table, which `--game tokyo-mahjong` is no more
    older = path.parent / "history" / "20261207-013852-01-bebd644cd617.toml"  # saved over since: that file
    assert current_game({**event, "game_file": str(older)}) == str(older)
    other = tmp_path / "club.toml"
    assert current_game({**event, "game_file": str(other)}) == str(other)
    assert current_game({"game": "nogizaka"}) == "nogizaka"
