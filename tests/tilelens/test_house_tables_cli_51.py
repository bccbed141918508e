"""The command line scores with the house table a club edited in the app ($TILELENS_HOME/games/<id>/*.toml, the
newest, as ``app.settings.app_game`` plays it), and says so once on stderr; ``--shipped-rules`` takes the box's
table. Session 51's walkthrough: the Rules page's Save changed nogizaka's basic set to 70 points, and `tilelens
score` still said 60, silently. A broken edit is one clear message naming its file, never a traceback."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scorer import catalog
from tilelens import cli

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty TILELENS_HOME (and the scorer's registries as the command line leaves them)."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def edit(home: Path, text: str, game_id: str = "nogizaka", name: str = "0123abcd.toml") -> Path:
    """A house table saved as the app's Rules page saves it (a file named by its hash under games/<id>/)."""
    folder = home / "games" / game_id
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def seventy() -> str:
    text = NOGIZAKA.read_text(encoding="utf-8")
    assert text.count("points = 60\n") == 1
    return text.replace("points = 60\n", "points = 70\n")


def score(capsys, *extra: str) -> tuple[int, str, str]:
    code = cli.main(["score", "--game", "nogizaka", *HAND, "--riichi", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_no_edit_scores_with_the_shipped_table_and_says_nothing(home, capsys):
    code, out, err = score(capsys)
    assert code == 0 and "Basic set): 60 points" in out
    assert err == ""


def test_an_edited_table_changes_the_score_and_is_said_once(home, capsys):
    path = edit(home, seventy())
    code, out, err = score(capsys)
    assert code == 0 and "Basic set): 70 points" in out, out
    lines = err.splitlines()
    assert len(lines) == 1, err  # once, though the game is loaded more than once
    assert "house table of nogizaka edited in the app" in lines[0] and str(path) in lines[0]
    assert "--shipped-rules" in lines[0]
    # the scorer's look-up is the command's only: after it, load_game names the shipped table again
    assert catalog.load_game("nogizaka").source == str(NOGIZAKA)


def test_the_newest_edit_is_used_as_in_the_app(home, capsys):
    old = edit(home, seventy(), name="aaaa.toml")
    os.utime(old, ns=(1_000_000_000, 1_000_000_000))
    edit(home, seventy().replace("points = 70\n", "points = 80\n"), name="bbbb.toml")
    edit(home, "not a game", name=".check-xyz.toml")  # a check in progress is no saved edit
    code, out, _ = score(capsys)
    assert code == 0 and "Basic set): 80 points" in out


def test_json_output_stays_one_document(home, capsys):
    edit(home, seventy())
    code, out, err = score(capsys, "--json")
    assert code == 0 and "edited in the app" in err
    assert [y["points"] for y in json.loads(out)["yaku"]] == [70]


def test_shipped_rules_takes_the_box_table(home, capsys):
    edit(home, seventy())
    code, out, err = score(capsys, "--shipped-rules")
    assert code == 0 and "Basic set): 60 points" in out and err == ""


def test_waits_and_games_use_the_edit_too(home, capsys):
    text = seventy().replace('name_en = "Basic set"', 'name_en = "Club set"')
    edit(home, text)
    assert cli.main(["waits", "--game", "nogizaka", *HAND[:-1]]) == 0
    out, err = capsys.readouterr()
    assert "Club set" in out and "edited in the app" in err
    assert cli.main(["games", "nogizaka", "--yaku"]) == 0
    out, err = capsys.readouterr()
    assert "Club set" in out and "edited in the app" in err


def test_a_broken_edit_is_one_clear_message(home, capsys):
    path = edit(home, seventy().replace("points = 70\n", "points = \n"))
    code, out, err = score(capsys)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert str(path) in lines[0] and "edited in the app" in lines[0] and "--shipped-rules" in lines[0]
    code, out, err = score(capsys, "--shipped-rules")  # the way out it names
    assert code == 0 and "Basic set): 60 points" in out


def test_an_edit_whose_rules_do_not_parse_is_said_before_scoring(home, capsys):
    path = edit(home, seventy().replace("points = 70\n", 'points = "seventy"\n'))
    code, out, err = score(capsys)
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    assert str(path) in err and "edited in the app" in err


def test_an_edit_of_another_id_is_refused_as_the_app_refuses_it(home, capsys):
    path = edit(home, seventy().replace('id = "nogizaka"', 'id = "nogi2"', 1))
    code, _, err = score(capsys)
    assert code == 2 and str(path) in err and "'nogi2'" in err and len(err.splitlines()) == 1


def test_said_in_japanese(home, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    path = edit(home, seventy())
    code, out, err = score(capsys)
    assert code == 0 and "70" in out
    assert "アプリで編集" in err and str(path) in err and "--shipped-rules" in err


def test_a_game_file_named_by_its_path_is_that_file(home, capsys):
    edit(home, seventy())
    code = cli.main(["score", "--game", str(NOGIZAKA), *HAND, "--riichi"])
    out, err = capsys.readouterr()
    assert code == 0 and "Basic set): 60 points" in out and err == ""


def test_the_list_of_games_says_a_broken_edit_and_lists_every_game(home, capsys):
    path = edit(home, seventy().replace("points = 70\n", "points = \n"))
    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()] == catalog.list_games()
    assert len(err.splitlines()) == 1 and str(path) in err


def test_an_edit_of_a_game_added_in_the_app_is_played_too(home, capsys):
    fruits = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"
    added = home / "games" / "_added" / "house-fruits.toml"
    added.parent.mkdir(parents=True)
    added.write_text(fruits.read_text(encoding="utf-8"), encoding="utf-8")
    text = fruits.read_text(encoding="utf-8")
    assert 'name_en = "Fruit Donjara (house game)"' in text
    path = edit(home, text.replace('name_en = "Fruit Donjara (house game)"', 'name_en = "Club fruits"'), game_id="house-fruits")
    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    last = out.splitlines()[-1]
    assert "Club fruits" in last and f"added in the app: {added}" in last and str(path) in err


def test_the_usage_names_the_commands_that_play_house_tables():
    usage = cli._usage()
    assert cli.HOUSE_COMMANDS <= set(cli.COMMANDS) and "--shipped-rules" in usage
    assert all(name in usage.split("house tables:")[1] for name in cli.HOUSE_COMMANDS)
