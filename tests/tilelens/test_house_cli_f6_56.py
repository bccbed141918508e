"""Session 56: the command line played game files the app refuses. A game file named by its path (`tilelens games
FILE`, `score --game FILE`) or copied by hand into the added games' folder was never checked for the ledger's
``[table]`` (a typo'd key, a bad ``calls``) nor for the four seats of a table (``players_max = 6``): exit 0 on the
command line, refused by the Rules page's Add and the ledger. A club's edit of five seats was scored by the command
line while the app refused it (its check passed no seats), and the command line kept its own copy of where the
record of the shipped table an edit was made from lives. An added game's edit said "--shipped-rules for the box's
table", a table it does not have: ``--shipped-rules`` plays its file as added."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer import catalog
from tilelens import cli, home as tl_home

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
RON = 'multiple_ron = ["nearest-clockwise"]'
CALLS = 'calls = { draw_ja = "流局", draw_en = "Nobody won" }'  # the shipped file's own (its word for a draw)

# a Nogizaka file broken as the walk's files were (its [table] or its seats), and the key the refusal names
BROKEN = {
    "typo-table": (("keep_on_dealer_win = true", "keep_on_dealer_wins = true"), "keep_on_dealer_wins"),
    "keep-draw": (('keep_on_draw = "dealer-riichi"', 'keep_on_draw = "dealer_riichi"'), "keep_on_draw"),
    "calls-bad": ((CALLS, 'calls = { win_ja = "ノギ！", win_en = "Nogi!", win_fr = "x" }'), "win_fr"),
    "calls-str": ((CALLS, 'calls = "Nogi"'), "calls"),
    "players-6": (("players_max = 4", "players_max = 6"), "players_max"),
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty TILELENS_HOME (and the scorer's registries as the command line leaves them)."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def nogizaka(game_id: str = "nogizaka", change: tuple[str, str] | None = None) -> str:
    """The shipped Nogizaka file, as ``game_id`` (its names changed too where it is another game), ``change`` made."""
    text = NOGIZAKA.read_text(encoding="utf-8")
    if game_id != "nogizaka":
        text = text.replace('id = "nogizaka"', f'id = "{game_id}"', 1)
        text = text.replace('name_en = "Nogizaka Donjara (fan-made)"', 'name_en = "Club Nogi"', 1)
        text = text.replace('name_ja = "乃木坂ドンジャラ"', 'name_ja = "クラブ乃木"', 1)
    if change is not None:
        assert text.count(change[0]) == 1, change
        text = text.replace(*change)
    return text


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def said_once(err: str, command: str, key: str) -> str:
    """The one line of ``err`` that refuses the file, naming ``key``; no traceback."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tilelens {command}: "), err
    assert key in lines[0] and "Traceback" not in err, err
    return lines[0]


# 2. a file named by its path -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", BROKEN)
@pytest.mark.parametrize("command", ["games", "score"])
def test_a_file_the_app_refuses_is_refused_by_games_and_score_naming_the_key(home, tmp_path, capsys, case, command):
    change, key = BROKEN[case]
    path = write(tmp_path / f"club-{case}-{command}.toml", nogizaka("club-nogi", change))
    argv = [command, str(path)] if command == "games" else [command, "--game", str(path), "--riichi", *HAND]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "", (out, err)
    line = said_once(err, command, key)
    assert str(path) in line


@pytest.mark.parametrize("case", BROKEN)
def test_the_refusal_is_in_japanese_where_the_command_line_speaks_it(home, tmp_path, capsys, monkeypatch, case):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    change, key = BROKEN[case]
    path = write(tmp_path / f"club-{case}-ja.toml", nogizaka("club-nogi", change))
    code, _, err = run(capsys, "score", "--game", str(path), "--riichi", *HAND)
    assert code == 2
    line = said_once(err, "score", key)
    assert "してください" in line or "不明なキー" in line, line
    assert "must be" not in line and "unknown key" not in line, line


def test_the_seat_limit_says_why_on_the_command_line(home, tmp_path, capsys):
    path = write(tmp_path / "six.toml", nogizaka("club-nogi", BROKEN["players-6"][0]))
    _, _, err = run(capsys, "games", str(path))
    assert "at most 4" in err and "east, south, west, north" in err and "(got 6)" in err, err


def test_a_good_file_is_still_played(home, tmp_path, capsys):
    path = write(tmp_path / "club.toml", nogizaka("club-nogi"))
    code, out, err = run(capsys, "score", "--game", str(path), "--riichi", *HAND)
    assert code == 0 and "60 points" in out and err == "", (out, err)


# 2. a file copied by hand into the added games' folder ---------------------------------------------------------------
@pytest.mark.parametrize("case", ["typo-table", "players-6"])
def test_an_added_file_placed_by_hand_that_the_app_refuses_is_not_scored(home, capsys, case):
    change, key = BROKEN[case]
    write(home / "games" / "_added" / "club-nogi.toml", nogizaka("club-nogi", change))
    for extra in ([], ["--shipped-rules"]):  # the file as added is what --shipped-rules plays
        code, out, err = run(capsys, "score", "--game", "club-nogi", "--riichi", *HAND, *extra)
        assert code == 2 and out == "", (extra, out, err)
        said_once(err, "score", key)
    code, out, err = run(capsys, "games")  # the list: the others listed, the refused one said in one line
    assert code == 0 and "nogizaka" in out and "club-nogi" not in out, out
    said_once(err, "games", key)


# 1. an edit the app refuses ------------------------------------------------------------------------------------------
def test_an_edit_of_five_seats_is_refused_as_the_app_refuses_it(home, capsys):
    """The walk's repro: `score --game nogizaka` scored with an edit of ``players_max = 5``; the app refused it."""
    path = write(home / "games" / "nogizaka" / "edit.toml", nogizaka(change=("players_max = 4", "players_max = 5")))
    code, out, err = run(capsys, "score", "--game", "nogizaka", "--riichi", *HAND)
    assert code == 2 and out == "", (out, err)
    line = said_once(err, "score", "players_max")
    assert str(path) in line and "cannot be used" in line and "at most 4" in line, line
    code, out, err = run(capsys, "score", "--game", "nogizaka", "--riichi", *HAND, "--shipped-rules")
    assert code == 0 and "60 points" in out and err == ""


def test_the_record_of_what_an_edit_was_made_from_is_where_home_keeps_it(home, capsys, monkeypatch):
    """One place says where the record lives (``tilelens.home.made_from_path``): the command line had its own copy."""
    path = write(home / "games" / "nogizaka" / "0123abcd.toml", nogizaka(change=("points = 60\n", "points = 70\n")))
    monkeypatch.setattr(tl_home, "made_from_path", lambda edit: edit.with_name(f"{edit.stem}.made-from"))
    tl_home.record_made_from(path, NOGIZAKA.read_text(encoding="utf-8"))
    assert (path.parent / "0123abcd.made-from").is_file()
    assert not tl_home.made_from_unknown("nogizaka", path)
    _, _, err = run(capsys, "score", "--game", "nogizaka", "--riichi", *HAND)
    assert "edited in the app" in err and "older tilelens" not in err, err


# 4. an added game's edit: --shipped-rules plays the file as added ----------------------------------------------------
def _added_with_edit(home: Path, edit: str) -> tuple[Path, Path]:
    added = write(home / "games" / "_added" / "club-nogi.toml", nogizaka("club-nogi"))
    return added, write(home / "games" / "club-nogi" / "0123abcd.toml", edit)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_added_games_edit_says_shipped_rules_plays_its_file_as_added(home, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    added, path = _added_with_edit(home, nogizaka("club-nogi", ("points = 60\n", "points = 70\n")))
    code, _, err = run(capsys, "games", "club-nogi")
    assert code == 0
    line = said_once(err, "games", str(path))
    assert "--shipped-rules" in line and str(added) in line, line
    assert ("box's table" not in line and "the table as added" in line if lang == "en"
            else "箱" not in line and "追加したときの表" in line), line
    code, out, _ = run(capsys, "score", "--game", "club-nogi", "--riichi", *HAND, "--shipped-rules")
    assert code == 0 and "60" in out  # what it says: the file as added


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_added_games_broken_edit_says_the_way_back_to_its_file_as_added(home, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    _added_with_edit(home, nogizaka("club-nogi", ("players_max = 4", "players_max = 5")))
    code, _, err = run(capsys, "score", "--game", "club-nogi", "--riichi", *HAND)
    assert code == 2
    line = said_once(err, "score", "players_max")
    assert ("box's table" not in line and "Restore the table as added" in line and "the table as added" in line
            if lang == "en" else "箱" not in line and "追加したときの表に戻す" in line), line


def test_a_shipped_games_edit_still_says_the_box(home, capsys):
    write(home / "games" / "nogizaka" / "0123abcd.toml", nogizaka(change=("points = 60\n", "points = 70\n")))
    _, _, err = run(capsys, "games", "nogizaka")
    assert err.rstrip().endswith("--shipped-rules for the box's table"), err
