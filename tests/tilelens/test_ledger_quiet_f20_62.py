"""Session 62, F20 (walk W6): every `tilelens ledger` command (list, show, csv, totals, merge, end) said "using the
house table of tokyo-mahjong edited in the app ..." on stderr, though a match keeps the rules it started with and the
command's output is the same under the box's table. The ledger says it only where the table in use matters: `show`
of a match whose game's table changed since it started ("new hands are scored with the table in use"), beside that
note. `score`, `waits` and `check` still say it; a stored table a strict check refuses is still warned of."""
from __future__ import annotations

import re

import pytest

from scorer.catalog import GAMES_DIR
from tilelens.cli import main
from tilelens.ledger import Ledger

TOKYO = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
USING = {"en": "using the house table of tokyo-mahjong edited in the app", "ja": "ハウスルールを使います"}


@pytest.fixture
def club(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    monkeypatch.delenv("TILELENS_LANG", raising=False)
    return Ledger(tmp_path / "ledger.sqlite")


def _edit(old: str, new: str) -> None:
    """The organiser's Save on the Rules page."""
    from app import settings

    text = settings.shipped_path(TOKYO).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    settings.save_house_table(TOKYO, text.replace(old, new))


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


def _a_match_under_the_house_table(club):
    from app import settings

    _edit("starting_points = 25000", "starting_points = 30000")
    match = club.new_match(settings.app_game(TOKYO), PLAYERS)
    club.add_win(match, 1, "ron", {2: 2600})
    return match


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_ledger_command_says_the_house_table_it_does_not_use(club, capsys, monkeypatch, tmp_path, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    match = _a_match_under_the_house_table(club)
    other = tmp_path / "other.sqlite"
    Ledger(other).new_match(TOKYO, PLAYERS)
    for argv in (["list"], ["list", "--json"], ["show", match], ["show", match, "--json"], ["csv", match],
                 ["csv", match, "--standings"], ["totals"], ["totals", "--json"], ["merge", other, "--dry-run"],
                 ["merge", other], ["end", match]):
        code, out, err = run(capsys, "ledger", *argv)
        assert code == 0, (argv, err)
        assert USING[lang] not in err and USING[lang] not in out, (argv, err)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_show_names_the_table_in_use_once_beside_the_changed_table_note(club, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    match = club.new_match(TOKYO, PLAYERS)  # under the box's table
    club.add_win(match, 1, "ron", {2: 2600})
    _edit("starting_points = 25000", "starting_points = 30000")
    code, out, err = run(capsys, "ledger", "show", match)
    assert code == 0, err
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert USING[lang] in lines[0] and "--shipped-rules" in lines[0], err  # the table in use, then what it changes
    assert ("has changed since" in lines[1]) if lang == "en" else ("表が変更されました" in lines[1]), err
    code, _, err = run(capsys, "ledger", "list")
    assert code == 0 and err == "", err


def test_score_still_says_the_house_table(club, capsys):
    _edit("starting_points = 25000", "starting_points = 30000")
    code, out, err = run(capsys, "score", "--game", TOKYO, "123m456p789s234s55p", "--win", "tsumo")
    assert code == 0, err
    assert err.count(USING["en"]) == 1, err
    code, out, err = run(capsys, "waits", "--game", TOKYO, "123m456p789s234s5p")
    assert code == 0, err
    assert err.count(USING["en"]) == 1, err


def test_a_stored_table_a_strict_check_refuses_is_still_warned_of(club, capsys, tmp_path):
    text, n = re.subn(r"(?m)^noten_total = 3000 ", "noten_total = 1000 ",
                      (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8"), count=1)
    assert n == 1
    folder = tmp_path / "home" / "games" / TOKYO
    folder.mkdir(parents=True)
    (folder / "bebd644cd617.toml").write_text(text, encoding="utf-8")  # saved before the even-share check
    club.new_match(TOKYO, PLAYERS)
    code, _, err = run(capsys, "ledger", "list")
    assert code == 0, err
    warnings = [line for line in err.splitlines() if "riichi.noten_total" in line]
    assert len(warnings) == 1 and "read as before" in warnings[0], err
    assert USING["en"] not in err, err
