"""Session 62 (F24): small faults a walk through the README found (W13).

1. `tilelens synth --melds pon 白 白 白` (and `--melds pon 555z`, which its own refusal recommended) was refused:
   synth reads melds as `tilelens score` does (``scorer.riichi_tiles.spaced_melds``, ``split_melds``).
2. `--game` by a game's name (乃木坂) was taken by score, waits, check and ledger totals only: read, games, label and
   synth take it too (``scorer.cli.game_named``), an added game's name as well; the unknown-game hint names the ways
   a game is named (its id, an added game's too; a command takes its name).
3. `tilelens ledger end` names the ledger page's buttons in straight double quotes in English, as the README does.
4. A table whose photos are named by the winds (東南西北), its dealer's hand at another seat, is told to name them by
   the winds counted from the dealer (東 deals), not to rename them 席2-親.jpg and 席1.jpg."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ledger_fuzz_helpers import run

from scorer import catalog, load_game
from scorer.cli import game_named
from scorer.result import GameFileError
from tilelens import cli
from tilelens.event.model import SeatReading, TileRef
from tilelens.event.rules import Seating, count_findings, mark_dealer
from tilelens.ledger import Ledger, LedgerError

FRUITS = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"
HAND = "234m456p789s11z"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A TILELENS_HOME with house-fruits (フルーツドンジャラ) added in the app; run in ``tmp_path``."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    added = tmp_path / "home" / "games" / "_added"
    added.mkdir(parents=True)
    shutil.copy(FRUITS, added / "house-fruits.toml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _cli(capsys, monkeypatch, *argv, lang="en"):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. synth takes melds as score does ------------------------------------------------------------------------

@pytest.mark.parametrize("melds, said", [
    (["pon", "白", "白", "白"], "pon:555z"), (["pon", "555z"], "pon:555z"), (["pon:555z"], "pon:555z"),
    (["ポン", "發發發"], "pon:666z"), (["pon 555z, chi 一二三萬"], "pon:555z chi:123m")])
def test_synth_reads_melds_as_score_does(home, capsys, monkeypatch, melds, said):
    hand = HAND if len(said.split()) == 1 else "456p789s11z"
    code, out, err = _cli(capsys, monkeypatch, "synth", "--game", "tokyo-mahjong", "--hand", hand,
                          "--melds", *melds, "--out", "o.jpg", "--imgsz", "320")
    assert code == 0 and not err, err
    assert f"  melds: {said} " in out, out
    assert (home / "o.jpg").is_file()


def test_synth_still_refuses_a_meld_without_its_kind_in_one_line(home, capsys, monkeypatch):
    code, out, err = _cli(capsys, monkeypatch, "synth", "--game", "tokyo-mahjong", "--hand", HAND,
                          "--melds", "555z", "--out", "o.jpg")
    assert code == 2 and "Traceback" not in err and "KIND:TILES" in err and len(err.strip().splitlines()) == 1, err
    assert not (home / "o.jpg").exists()


# --- 2. --game by name, for every command that takes a game ----------------------------------------------------

def test_read_takes_a_game_by_its_name(home, capsys, monkeypatch):
    code, _, err = _cli(capsys, monkeypatch, "read", "--game", "乃木坂", "nosuch.jpg")
    assert code == 2 and "unknown game" not in err and "nosuch.jpg" in err, err


@pytest.mark.parametrize("name", ["乃木坂", "Nogizaka Donjara"])
def test_games_takes_a_game_by_its_name(home, capsys, monkeypatch, name):
    code, out, err = _cli(capsys, monkeypatch, "games", name)
    assert code == 0 and "misa-senpai" in out and not err, err


def test_label_init_takes_a_game_by_its_name(home, capsys, monkeypatch):
    (home / "ds").mkdir()
    code, out, err = _cli(capsys, monkeypatch, "label", "init", "ds", "--game", "乃木坂")
    assert code == 0 and "unknown game" not in err, err
    assert "--game nogizaka" in out + err  # what to run again: by the id the name stands for


def test_synth_takes_a_game_by_its_name(home, capsys, monkeypatch):
    code, out, err = _cli(capsys, monkeypatch, "synth", "--game", "東京麻雀", "--hand", HAND, "--melds", "pon",
                          "555z", "--out", "o.jpg", "--imgsz", "320")
    assert code == 0 and "melds: pon:555z" in out, err


def test_an_added_game_is_named_by_its_name_too(home, capsys, monkeypatch):
    catalog.add_games_dir(home / "home" / "games" / "_added")  # as the tilelens command registers it
    assert game_named("フルーツドンジャラ") == game_named("Fruit Donjara") == "house-fruits"
    assert game_named("house-fruits") == "house-fruits"
    code, out, err = _cli(capsys, monkeypatch, "games", "フルーツ")
    assert code == 0 and "りんご" in out, err


def test_the_unknown_game_hint_names_ids_added_games_and_names(home):
    catalog.add_games_dir(home / "home" / "games" / "_added")
    with pytest.raises(GameFileError) as info:
        load_game("precure")
    en, ja = str(info.value), info.value.message_ja
    assert "house-fruits" in en and "house-fruits" in ja  # the added game among the games
    assert "added in the app" in en and "its name" in en and "path/to/game.toml" in en, en
    assert "--game" not in en  # a library's words too
    assert "追加" in ja and "名前" in ja and "path/to/game.toml" in ja, ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_games_says_an_unknown_name_in_one_line(home, capsys, monkeypatch, lang):
    code, out, err = _cli(capsys, monkeypatch, "games", "プリキュア", lang=lang)
    assert code == 2 and not out and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


# --- 3. the ledger page's buttons quoted ----------------------------------------------------------------------

def test_ledger_end_quotes_the_undo_button(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_draw(m)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "end", str(m), "--db", str(ledger.path))
    assert code == 0 and 'the ledger page\'s "Undo the end of the match" brings it back' in out, (out, err)


def test_ending_a_match_with_no_hand_quotes_the_delete_button(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    with pytest.raises(LedgerError) as exc:
        ledger.end_match(m)
    assert 'delete it on the ledger page, "Delete this match"' in str(exc.value), exc.value
    assert "「この対局を削除」" in exc.value.message_ja


def test_ledger_help_and_totals_quote_the_buttons(capsys, monkeypatch):
    from tilelens import ledger_cli

    said = ledger_cli.__doc__ + " ".join(ledger_cli.WORDS["en"].values())
    assert "Undo the end of the match brings" not in said and "End this match now does" not in said
    assert " Delete this match" not in said.replace('"Delete this match"', "")


# --- 4. the dealer at another wind ----------------------------------------------------------------------------

WINDS = ("東.jpg", "南.jpg", "西.jpg", "北.jpg")


def _reading(seat: str, n: int, photo: str) -> SeatReading:
    tiles = tuple(TileRef(seat, i, "1m", (10.0 + 100 * i, 10.0, 100.0 + 100 * i, 150.0), 0.96) for i in range(n))
    return SeatReading(seat, photo, tiles, image_wh=(100 * n + 20, 160), kind_sure=0.96)


def test_a_dealer_at_another_wind_is_told_to_name_the_photos_by_the_winds_from_it():
    readings = {str(i + 1): _reading(str(i + 1), 14 if i == 1 else 13, name) for i, name in enumerate(WINDS)}
    en, ja = mark_dealer("2", Seating(("1", "2", "3", "4"), dealer="1"), readings)
    assert en == ("rename 南.jpg to 東.jpg, 西.jpg to 南.jpg, 北.jpg to 西.jpg and 東.jpg to 北.jpg: 東 is the "
                  "dealer's, the winds counted on from it"), en
    assert ja == ("南.jpg を 東.jpg、西.jpg を 南.jpg、北.jpg を 西.jpg、東.jpg を 北.jpg に名前を変えてください。東が親で、"
                  "風はそこから順に数えます"), ja
    assert "席" not in en + ja


def test_the_short_dealer_finding_names_the_winds():
    game = load_game("tokyo-mahjong")
    readings = {str(i + 1): _reading(str(i + 1), 14 if i == 2 else 13, name) for i, name in enumerate(WINDS[:3])}
    found = count_findings(game, Seating(("1", "2", "3"), dealer="1"), readings)
    said = " ".join(f.message + f.message_ja for f in found)
    assert "rename 西.jpg to 東.jpg, 東.jpg to 南.jpg and 南.jpg to 西.jpg" in said, said
    assert "席1.jpg" not in said and "席3-親.jpg" not in said, said


def test_seat_names_are_renamed_as_before():
    readings = {"1": _reading("1", 13, "席1-親.jpg"), "2": _reading("2", 14, "席2.jpg")}
    assert mark_dealer("2", Seating(("1", "2", "3", "4"), dealer="1"), readings)[1] == \
        "席2.jpg を 席2-親.jpg、席1-親.jpg を 席1.jpg に名前を変えてください"
