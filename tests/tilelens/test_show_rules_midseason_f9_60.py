"""Session 60 (F9, walk W2): `tilelens ledger show` on a match whose game's table was edited since it started says,
once, as the ledger page does, that the match keeps its start's rules for what it settles between hands while new
hands are scored with the table in use; a finished match is not told of new hands."""
from __future__ import annotations

import pytest

from tilelens.cli import main
from tilelens.ledger import Ledger

TOKYO, YOKAI = "tokyo-mahjong", "yokai-watch"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
OPEN_RIICHI = {
    "en": ("the table of Tokyo Mahjong (riichi) has changed since match #{id} started: new hands are scored with the "
           "table in use; what the match settles between hands (starting points, riichi sticks, chombo, honba, unit, "
           "when it ends and whether going below 0 ends it, uma, return points, who gets the riichi sticks left at the "
           "end, nagashi mangan) stays as it was when it started."),
    "ja": ("対局 #{id}を始めた後に、東京麻雀の表が変更されました。これからの局はいまの表で採点します。開始時の持ち点・リーチ棒・"
           "チョンボ・本場・単位・終了の条件 (トビの有無)・ウマ・返し点・終了時に残ったリーチ棒の行き先・流し満貫の有無は、"
           "対局を始めたときのままです。")}
OPEN_DONJARA = {
    "en": ("the table of Yokai Watch Donjara has changed since match #{id} started: new hands are scored with the "
           "table in use; what the match settles between hands (starting points, riichi chips, chombo penalty, honba, "
           "unit, when it ends) stays as it was when it started."),
    "ja": ("対局 #{id}を始めた後に、妖怪ウォッチ ドンジャラの表が変更されました。これからの局はいまの表で採点します。開始時の"
           "持ち点・リーチのチップ・チョンボのペナルティ・本場・単位・終了の条件は、対局を始めたときのままです。")}
FINISHED = {
    "en": ("the table of Tokyo Mahjong (riichi) has changed since match #{id} started: the match has ended; its hands "
           "and totals stay as they were recorded."),
    "ja": "対局 #{id}を始めた後に、東京麻雀の表が変更されました。対局は終了しています。局と持ち点は記録したときのままです。"}


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def club(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    return Ledger(tmp_path / "ledger.sqlite")


def _edit(game: str, old: str, new: str) -> None:
    """The organiser's Save on the Rules page, mid-season."""
    from app import settings

    text = settings.shipped_path(game).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    settings.save_house_table(game, text.replace(old, new))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_open_riichi_match_says_it_keeps_its_starts_rules(club, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    m = club.new_match(TOKYO, PLAYERS)
    club.add_win(m, 1, "ron", {2: 2600})
    _edit(TOKYO, "starting_points = 25000", "starting_points = 30000")
    code, out, err = run(capsys, "ledger", "show", m)
    assert code == 0, err
    said = OPEN_RIICHI[lang].format(id=m)
    assert err.count(said) == 1, err
    assert said not in out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_open_donjara_match_says_it_in_donjara_words(club, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    m = club.new_match(YOKAI, PLAYERS)
    club.add_win(m, 1, "ron", {2: 100})
    _edit(YOKAI, "points = 100", "points = 120")
    code, out, err = run(capsys, "ledger", "show", m, "--json")
    assert code == 0, err
    assert err.count(OPEN_DONJARA[lang].format(id=m)) == 1, err
    assert out.startswith("{"), out  # standard output the JSON alone


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finished_match_is_not_told_of_new_hands(club, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    m = club.new_match(TOKYO, PLAYERS)
    club.add_win(m, 1, "ron", {2: 32000})  # Cy below 0: the match ends
    assert club.state(m).ended
    _edit(TOKYO, "starting_points = 25000", "starting_points = 30000")
    code, out, err = run(capsys, "ledger", "show", m)
    assert code == 0, err
    assert err.count(FINISHED[lang].format(id=m)) == 1, err
    assert "new hands" not in err and "これからの局" not in err, err


def test_a_match_under_the_table_in_use_says_nothing_of_it(club, capsys):
    _edit(TOKYO, "starting_points = 25000", "starting_points = 30000")
    from app import settings

    m = club.new_match(settings.app_game(TOKYO), PLAYERS)
    code, out, err = run(capsys, "ledger", "show", m)
    assert code == 0 and "has changed since" not in err, err
