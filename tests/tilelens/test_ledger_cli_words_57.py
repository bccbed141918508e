"""Session 57 (walkthrough W3): `tilelens ledger` in Japanese and English, as a club secretary on the command line
read it. A match named to `totals` that cannot be read: nothing added up, and the command without it; matches in
different units, the command of one unit; matches of different games refused (a total across games means nothing),
and with no match named, the newest match's game added up (as the ledger page's Tonight's totals adds up one game's),
the other games' matches named; `list` says its totals with their unit; a match stored wrong is said without Python
lists, seats counted from 1 and no brackets in brackets; `show` of one says it cannot be shown (not "left out");
`tilelens ledger` alone says what to do; the system's reason a file cannot be written in Japanese; the sticks a
winner took counted as sticks (「6,000点 (6本)」); `csv --out ""` refused."""
from __future__ import annotations

import json
import shlex

import pytest
from ledger_fuzz_helpers import edit, run
from ledger_helpers import at, started, walkers_evening

from tilelens.ledger import Ledger


@pytest.fixture
def club(tmp_path):
    """The walker's evening (#1 of another evening; #2, #3, #4 Cinderella Girls, #4 of three players), then a Tokyo
    Mahjong match (#5: a stick left by a draw, four more by four riichi, then Takahashi's ron takes six) and a
    Nogizaka match (#6), both after midnight: one evening of three games."""
    ledger, ids = walkers_evening(Ledger(tmp_path / "ledger.sqlite"))
    riichi = ledger.new_match("tokyo-mahjong", ["佐藤", "鈴木", "高橋", "田中"])
    ledger.add_draw(riichi, tenpai=(0,), riichi=(1,))
    ledger.add_draw(riichi, riichi=(0, 1, 2, 3), abortive="four-riichi")
    ledger.add_win(riichi, 2, "ron", {3: 3900 + 600}, riichi=(2,), note="Riichi, Dora 1; 2 han 40 fu", honba=2)
    started(ledger, riichi, at(7, 1, 0))
    nogi = ledger.new_match("nogizaka", ["Ann", "Ben", "Chika", "Daiki"])
    ledger.add_win(nogi, 0, "tsumo", {1: 20, 2: 20, 3: 20}, riichi=(0,))
    started(ledger, nogi, at(7, 1, 30))
    assert (*ids, riichi, nogi) == (1, 2, 3, 4, 5, 6)
    return ledger


def db(ledger):
    return shlex.quote(str(ledger.path))


# --- 2: a match named that cannot be read ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "match #4 in {path} cannot be read: seat 10 is not at this table (seats 1-3); nothing was added up (to add "
           "up the others: tilelens ledger totals 2 3 --db {db})"),
    ("ja", "{path} の対局 #4 を読めません: 席 10 はこの卓にありません (席は 1〜3)。何も合計していません (#4 を除いて"
           "合計するには: tilelens ledger totals 2 3 --db {db})")])
def test_totals_of_a_match_that_cannot_be_read_adds_up_nothing_and_gives_the_command_without_it(
        club, capsys, monkeypatch, lang, said):
    edit(club, "UPDATE hands SET winner = 9 WHERE match_id = 4")
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "--db", str(club.path), "totals", "4", "2", "3")
    assert code == 2 and not out
    assert err == f"tilelens ledger: {said.format(path=club.path, db=db(club))}\n", err


def test_totals_of_only_matches_that_cannot_be_read_gives_no_command(club, capsys, monkeypatch):
    edit(club, "UPDATE hands SET winner = 9 WHERE match_id = 4")
    code, out, err = run(capsys, monkeypatch, "ja", "ledger", "totals", "4", "--db", str(club.path))
    assert code == 2 and not out and err.endswith("。何も合計していません\n") and "tilelens ledger totals" not in err


# --- 3: units, games ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "matches counted in different units cannot be added up (#2, #3 in x10,000 fans; #5 in points): choose "
           "matches of one unit (e.g. tilelens ledger totals 2 3 --db {db})"),
    ("ja", "単位の違う対局は合計できません (#2・#3 は万、#5 は点)。同じ単位の対局を選んでください (例: tilelens ledger "
           "totals 2 3 --db {db})")])
def test_matches_in_different_units_are_refused_with_a_command_of_one_unit(club, capsys, monkeypatch, lang, said):
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "5", "2", "3", "--db", str(club.path))
    assert code == 2 and not out
    assert err == f"tilelens ledger: {said.format(db=db(club))}\n", err


@pytest.mark.parametrize("lang, said", [
    ("en", "matches of different games cannot be added up (#5 Tokyo Mahjong (riichi); #6 Nogizaka Donjara (fan-made)): "
           "choose matches of one game (e.g. tilelens ledger totals 5 --db {db})"),
    ("ja", "違うゲームの対局は合計できません (#5 は東京麻雀、#6 は乃木坂ドンジャラ)。1つのゲームの対局を選んでください "
           "(例: tilelens ledger totals 5 --db {db})")])
def test_matches_of_different_games_are_refused_as_different_units_are(club, capsys, monkeypatch, lang, said):
    """Tokyo Mahjong's points and Nogizaka's points were added up into one total because both are 点."""
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "5", "6", "--db", str(club.path))
    assert code == 2 and not out
    assert err == f"tilelens ledger: {said.format(db=db(club))}\n", err


@pytest.mark.parametrize("lang, said", [
    ("en", "Other games' matches, not added up here: #2, #3, #4 Donjara NEO: THE iDOLM@STER Cinderella Girls; #5 Tokyo "
           "Mahjong (riichi) (e.g. tilelens ledger totals 2 3 4 --db {db})"),
    ("ja", "ほかのゲームの対局は合計に入れていません: #2・#3・#4 はドンジャラNEO アイドルマスター シンデレラガールズ、"
           "#5 は東京麻雀 (例: tilelens ledger totals 2 3 4 --db {db})")])
def test_totals_of_an_evening_of_three_games_add_up_the_newest_matchs_game(club, capsys, monkeypatch, lang, said):
    """As Tonight's totals on the ledger page adds up one game's matches: the evening's of the newest match's game
    (it said 「単位の違う対局は合計できません」 and added up nothing)."""
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(club.path))
    assert code == 0 and not err, err
    head = next(line for line in out.splitlines() if line.startswith(("Player", "プレイヤー")))
    assert head.split()[1:-2] == ["#6"]
    assert out.splitlines()[-1] == said.format(db=db(club)), out


def test_totals_json_of_an_evening_of_three_games_names_the_others(club, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--json", "--db", str(club.path))
    data = json.loads(out)
    assert code == 0 and [m["id"] for m in data["matches"]] == [6]
    assert data["other_games"] == [{"game": "cinderella-neo", "ids": [2, 3, 4]}, {"game": "tokyo-mahjong", "ids": [5]}]


def test_totals_of_one_game_name_no_other_game(club, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "ja", "ledger", "totals", "2", "3", "4", "--db", str(club.path))
    assert code == 0 and "ほかのゲーム" not in out
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "2", "--json", "--db", str(club.path))
    assert code == 0 and json.loads(out)["other_games"] == []


# --- 4: list's totals with their unit -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [("en", "finished, won by Daiki (240 x10,000 fans)"),
                                        ("ja", "対局終了、1位: Daiki (240万)")])
def test_list_says_a_total_in_its_unit_as_show_does(club, capsys, monkeypatch, lang, said):
    code, out, _ = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(club.path))
    line = next(line for line in out.splitlines() if line.startswith("#3 "))
    assert code == 0 and line.endswith(said), line
    five = next(line for line in out.splitlines() if line.startswith("#5 "))
    assert five.endswith("(32,000 points)" if lang == "en" else "(32,000点)"), five


# --- 5: a match stored wrong ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "match #6 in {path} cannot be read: [table] has an unknown key future_key (the match may have been recorded "
           "by a newer tilelens); it was left out"),
    ("ja", "{path} の対局 #6 を読めません: [table] に不明なキー future_key があります (新しい版の tilelens で記録した対局"
           "かもしれません)。この対局は除きました")])
def test_a_match_of_a_newer_tilelens_is_said_without_python_lists(club, capsys, monkeypatch, lang, said):
    edit(club, "UPDATE matches SET rules = json_set(rules, '$.future_key', 3) WHERE id = 6")
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(club.path))
    assert code == 2 and "#5 " in out
    assert err == f"tilelens ledger: {said.format(path=club.path)}\n", err


@pytest.mark.parametrize("lang, said", [
    ("en", "match #4 in {path} cannot be read: seat 10 is not at this table (seats 1-3); it was left out"),
    ("ja", "{path} の対局 #4 を読めません: 席 10 はこの卓にありません (席は 1〜3)。この対局は除きました")])
def test_a_seat_not_at_the_table_is_counted_from_1_without_brackets_in_brackets(club, capsys, monkeypatch, lang, said):
    edit(club, "UPDATE hands SET winner = 9 WHERE match_id = 4")
    code, _, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(club.path))
    assert code == 2 and err == f"tilelens ledger: {said.format(path=club.path)}\n", err


@pytest.mark.parametrize("action", ["show", "csv"])
@pytest.mark.parametrize("lang, said", [
    ("en", "match #4 in {path} cannot be read: seat 10 is not at this table (seats 1-3)"),
    ("ja", "{path} の対局 #4 を読めません: 席 10 はこの卓にありません (席は 1〜3)")])
def test_show_or_csv_of_a_match_stored_wrong_says_it_cannot_be_read_not_that_it_was_left_out(
        club, capsys, monkeypatch, lang, action, said):
    edit(club, "UPDATE hands SET winner = 9 WHERE match_id = 4")
    code, out, err = run(capsys, monkeypatch, lang, "ledger", action, "4", "--db", str(club.path))
    assert code == 2 and not out and err == f"tilelens ledger: {said.format(path=club.path)}\n", err


def test_a_seat_refused_is_counted_from_1_in_both_languages(club):
    from tilelens.ledger import LedgerError

    with pytest.raises(LedgerError) as caught:
        club.add_win(4, 3, "ron", {0: 4})
    assert str(caught.value) == "seat 4 is not at this table (seats 1-3)"
    assert caught.value.message_ja == "席 4 はこの卓にありません (席は 1〜3)"


# --- 6: tilelens ledger alone ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["ledger"], ["ledger", "--db", "x.sqlite"]])
@pytest.mark.parametrize("lang, said", [
    ("en", "tilelens ledger: error: say what to do first: list, show, csv, totals, merge or end (e.g. tilelens ledger list)"),
    ("ja", "tilelens ledger: エラー: 何をするかを最初に指定してください: list、show、csv、totals、merge、end のどれか (例: "
           "tilelens ledger list)")])
def test_ledger_alone_says_what_to_do_first(capsys, monkeypatch, argv, lang, said):
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", lang)
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    usage = "usage: " if lang == "en" else "使い方: "  # the usage as the command's --help says it (59)
    assert exc.value.code == 2 and err.startswith(usage + "tilelens ledger ") and err.endswith(f"\n{said}\n"), err


# --- 7: the system's reason in Japanese; an empty --out ---------------------------------------------------------------

@pytest.mark.parametrize("lang, error, said", [
    ("en", PermissionError(13, "Permission denied"), "cannot write {out}: Permission denied"),
    ("ja", PermissionError(13, "Permission denied"), "{out} に書き出せません: 権限がありません"),
    ("ja", OSError(28, "No space left on device"), "{out} に書き出せません: ディスクに空きがありません"),
    ("ja", FileNotFoundError(2, "No such file or directory"), "{out} に書き出せません: そこにはファイルを作れません"),
    ("en", FileNotFoundError(2, "No such file or directory"), "cannot write {out}: a file cannot be made there")])
def test_a_file_that_cannot_be_written_is_said_in_the_language_chosen(club, tmp_path, capsys, monkeypatch, lang, error,
                                                                       said):
    def refused(self, data):
        raise error

    monkeypatch.setattr("tilelens.labelling.store.atomic_write_bytes", refused)
    out = tmp_path / "m5.csv"
    code, stdout, err = run(capsys, monkeypatch, lang, "ledger", "csv", "5", "--out", str(out), "--db", str(club.path))
    assert code == 2 and not stdout and err == f"tilelens ledger: {said.format(out=out)}\n", err
    assert "No such file" not in err or lang == "en"


@pytest.mark.parametrize("argv", [["csv", "5", "--out", ""], ["csv", "--all", "--out", " "], ["--db", "", "list"],
                                  ["merge", ""]])
def test_an_empty_path_is_refused_not_taken_for_the_current_folder(club, tmp_path, capsys, monkeypatch, argv):
    from tilelens.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TILELENS_LANG", "ja")
    with pytest.raises(SystemExit) as exc:
        main(["ledger", *argv, *(["--db", str(club.path)] if "--db" not in argv else [])])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "が空です。" in err and "エラー: " in err, err
    assert not list(tmp_path.glob("*.csv"))


# --- 8: the sticks a winner took ----------------------------------------------------------------------------------------

def test_the_sticks_a_winner_took_are_counted_as_sticks(club, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "ja", "ledger", "show", "5", "--db", str(club.path))
    assert code == 0 and "場のリーチ棒 6,000点 (6本)も獲得 (うち 1,000点は上がった人が出したもの)" in out, out


def test_a_ledger_file_refused_by_the_system_is_said_in_japanese():
    from tilelens.ledger import sqlite_reason

    assert sqlite_reason(PermissionError(13, "Permission denied", "/x/ledger.sqlite")) == (
        "Permission denied", "権限がありません")


def test_an_upload_with_no_room_for_it_is_said_in_japanese(tmp_path, monkeypatch):
    from pathlib import Path

    from tilelens.ledger import LedgerError
    from tilelens.ledger_merge import merge_upload

    def no_room(self, data):
        raise OSError(28, "No space left on device", str(self))

    monkeypatch.setattr(Path, "write_bytes", no_room)
    with pytest.raises(LedgerError) as caught:
        merge_upload(tmp_path / "ledger.sqlite", "other.sqlite", b"x")
    assert caught.value.message_ja == "other.sqlite を読み込めませんでした (ディスクに空きがありません)。何も追加していません"
    assert str(caught.value) == "other.sqlite could not be read in (No space left on device): nothing was added"
