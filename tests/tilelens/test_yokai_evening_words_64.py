"""A Yokai Watch evening: what the command line and the ledger said of it.

1. `tilelens score --game Yokai` (a game named by its name) said another game's house table ("using the house table
   of tokyo-mahjong ..."), and that table's stored-file warning: every game was loaded through its house table to
   match names. `--game FILE` of a file whose id is yokai-watch said yokai-watch's house table, though the file is
   played (the ledger's defaults of the id were read through the house table). Only the game played says its table.
2. A second ron on one discard at a table where one player wins (RULES.md 003: nearest clockwise from the discarder)
   was refused without saying who wins, so a table that entered the wrong winner did not know to undo it.
3. A win without riichi as the hand was one tile from winning as dealt (RULES.md 003's exception) was noted "Basic
   set" alone: a later reader did not see why no riichi."""
from __future__ import annotations

import pytest

import scorer
from scorer.catalog import GAMES_DIR, house_tables
from tilelens.cli import main
from tilelens.ledger import DEFAULT_RULES, Ledger, LedgerError, note_said, result_note

YOKAI = "yokai-watch"
HAND = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LANG", raising=False)
    return tmp_path


def _edit(game_id: str, old: str, new: str) -> None:
    """The organiser's Save on the Rules page."""
    from app import settings

    text = settings.shipped_path(game_id).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    settings.save_house_table(game_id, text.replace(old, new))


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [["score", "--game", "Yokai", "--riichi", *HAND],
                                  ["score", "--game", "妖怪ウォッチ", "--riichi", *HAND],
                                  ["waits", "--game", "Yokai", *HAND[:8]]])
def test_a_game_named_by_its_name_says_no_other_games_house_table(home, capsys, argv):
    _edit("tokyo-mahjong", "starting_points = 25000", "starting_points = 30000")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert "tokyo-mahjong" not in err and "house table" not in err, err


def test_a_stored_warning_of_another_game_is_not_said_when_a_game_is_named(home, capsys):
    from tilelens.home import edited_path

    _edit("tokyo-mahjong", "starting_points = 25000", "starting_points = 30000")
    path = edited_path("tokyo-mahjong")
    text = path.read_text(encoding="utf-8")
    assert "noten_total = 3000" in text
    path.write_text(text.replace("noten_total = 3000", "noten_total = 1000"), encoding="utf-8")  # saved before
    code, out, err = run(capsys, "score", "--game", "Yokai", "--riichi", *HAND)
    assert code == 0, err
    assert "tokyo-mahjong" not in err and "noten_total" not in err, err


def test_the_game_played_by_its_name_says_its_house_table_once(home, capsys):
    _edit(YOKAI, "keep_on_dealer_win = true", "start_points = 300\nkeep_on_dealer_win = true")
    _edit("tokyo-mahjong", "starting_points = 25000", "starting_points = 30000")
    code, out, err = run(capsys, "score", "--game", "Yokai", "--riichi", *HAND)
    assert code == 0, err
    assert err.count("using the house table of yokai-watch edited in the app") == 1, err
    assert "tokyo-mahjong" not in err


def test_a_game_file_of_a_shipped_id_says_no_house_table(home, capsys):
    _edit(YOKAI, "keep_on_dealer_win = true", "start_points = 300\nkeep_on_dealer_win = true")
    own = home / "yokai-250.toml"
    own.write_text((GAMES_DIR / f"{YOKAI}.toml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = run(capsys, "score", "--game", own, "--riichi", *HAND)
    assert code == 0, err
    assert "house table" not in err, err


def test_the_ledger_defaults_of_an_id_are_the_box_tables_under_a_house_table(home):
    from tilelens.home import edited_path

    _edit(YOKAI, "keep_on_dealer_win = true", "start_points = 300\nkeep_on_dealer_win = true")
    with house_tables(lambda game_id: edited_path(game_id)):
        assert DEFAULT_RULES[YOKAI].start_points == 1000  # the shipped game's, as the app reads them


@pytest.fixture
def ledger(home):
    return Ledger(home / "ledger.sqlite")


def test_a_second_ron_refused_says_the_nearer_winner_to_enter(ledger):
    m = ledger.new_match(YOKAI, PLAYERS)
    ledger.add_win(m, 2, "ron", {0: 100})  # Cy off Ann entered first; Bo, next after Ann, won too
    with pytest.raises(LedgerError, match="only one player ron") as caught:
        ledger.add_win(m, 1, "ron", {0: 100}, same_discard=True)
    said, said_ja = str(caught.value), caught.value.message_ja
    assert "nearest clockwise from Ann (seat 1) wins: Bo (seat 2)" in said, said
    assert "undo hand 1" in said and "Cy (seat 3)" in said, said
    assert "Ann (席 1)から時計回りで近いBo (席 2)" in said_ja and "1局目" in said_ja and "取り消" in said_ja, said_ja


def test_a_second_ron_refused_says_the_winner_entered_stands(ledger):
    m = ledger.new_match(YOKAI, PLAYERS)
    ledger.add_win(m, 1, "ron", {0: 100})  # Bo, the nearer, entered first
    with pytest.raises(LedgerError) as caught:
        ledger.add_win(m, 2, "ron", {0: 100}, same_discard=True)
    said, said_ja = str(caught.value), caught.value.message_ja
    assert "nearest clockwise from Ann (seat 1) wins: Bo (seat 2), entered as hand 1" in said, said
    assert "undo" not in said
    assert "時計回りで近いBo (席 2)" in said_ja and "記録済み" in said_ja, said_ja


def _won(game, **options):
    return scorer.score(game, HAND, win="tsumo", players=4, **options)


def test_a_dealt_tenpai_win_is_noted_so(home):
    game = scorer.load_game(YOKAI)
    note = result_note(game, _won(game, dealt_tenpai=True))
    assert note_said(note, "en") == "Basic set, dealt one tile from winning (no riichi)"
    assert note_said(note, "ja") == "基本セット、配牌でテンパイ (リーチなし)"


def test_a_riichi_win_is_not_noted_as_dealt_tenpai(home):
    game = scorer.load_game(YOKAI)
    for options in ({"riichi": True}, {"riichi": True, "dealt_tenpai": True}):
        note = result_note(game, _won(game, **options))
        assert note_said(note, "en") == "Basic set", options
        assert note_said(note, "ja") == "基本セット", options
