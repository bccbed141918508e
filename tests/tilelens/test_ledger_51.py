"""The ledger (51): a favourite's doubling said in a hand's note; the game's unit in `tilelens ledger show` and the
CSV; who went below zero named when a match ends so; an unwritable folder said in plain words; `ledger csv --out`
refuses to overwrite a file (unless --force), says a missing folder plainly, and a --db folder is called a folder.

Seats: 0 = うづき, 1 = りん, 2 = みお, 3 = みか (Cinderella Girls: everyone starts with 100 x10,000 fans)."""
from __future__ import annotations

import csv
import io

import pytest
from test_ledger_cli_49 import home, run  # noqa: F401 (home: a fixture) - the app's data folder, a command run

from scorer import load_game, score
from tilelens import ledger as ledger_module
from tilelens.ledger import Ledger, LedgerError, note_said, yaku_note

PLAYERS = ["うづき", "りん", "みお", "みか"]
CINDERELLA_GIRLS = ["shimamura-uzuki"]  # the favourite in the hand below


# 1. the favourite's doubling

def test_a_favourites_doubling_is_said_in_the_note_in_each_language():
    note = yaku_note([("シンデレラガールズ", "Cinderella Girls")], favourite=("島村卯月", "Shimamura Uzuki"), multiplier=2)
    assert note_said(note, "en") == "Cinderella Girls ×2 (favourite Shimamura Uzuki)"
    assert note_said(note, "ja") == "シンデレラガールズ ×2 (担当 島村卯月)"
    # no doubling: the yaku alone, as before
    assert note_said(yaku_note([("基本セット", "Basic set")]), "en") == "Basic set"


def _favourite_hand():
    game = load_game("cinderella-neo")
    for tiles in _cinderella_hands(game):
        result = score(game, tiles, riichi=True, favourite="shimamura-uzuki")
        if result.winning and result.extra.get("multiplier", 1) > 1:
            return game, result
    pytest.skip("no doubled Cinderella hand found")


def _cinderella_hands(game):
    ids = {t.id for t in game.tiles}
    names = {t.name_ja: t.id for t in game.tiles}
    typed = "島村卯月 渋谷凛 本田未央 十時愛梨 神崎蘭子 高垣楓 安部菜々 北条加蓮 鷺沢文香".split()
    if all(n in names for n in typed):
        yield [names[n] for n in typed]
    assert ids


def test_the_note_the_scoring_page_stores_says_the_favourite_doubling():
    game, result = _favourite_hand()
    note = ledger_module.result_note(game, result)
    assert note_said(note, "en").endswith("×2 (favourite Uzuki Shimamura)"), note_said(note, "en")
    assert note_said(note, "ja").endswith("×2 (担当 島村卯月)"), note_said(note, "ja")


def test_a_favourite_not_doubling_says_nothing_of_it():
    game = load_game("cinderella-neo")
    tiles = next(_cinderella_hands(game))
    result = score(game, tiles, riichi=True, favourite="shimamura-uzuki", favourite_doubling=False)
    assert "×" not in note_said(ledger_module.result_note(game, result), "en")


# 2. the unit

def _match(home, second=120):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("cinderella-neo", PLAYERS)
    ledger.add_win(m, 3, "tsumo", {0: 40, 1: 40, 2: 40})
    ledger.add_win(m, 3, "ron", {0: second})
    return ledger, m


@pytest.mark.parametrize("lang, pays, totals, standing", [
    ("en", "うづき pays みか 40 x10,000 fans", "Totals (x10,000 fans): うづき -60",
     "1. みか: 340 x10,000 fans"),
    ("ja", "うづきがみかに40万払う", "持ち点 (万): うづき -60", "1位 みか: 340万")])
def test_ledger_show_says_the_games_unit(home, capsys, monkeypatch, lang, pays, totals, standing):
    monkeypatch.setenv("TILELENS_LANG", lang)
    _match(home)
    code, out, err = run(capsys, "ledger", "show", "1")
    assert code == 0, err
    assert pays in out and totals in out and standing in out, out


def test_the_csv_says_the_games_unit(home):
    ledger, m = _match(home)
    rows = list(csv.DictReader(io.StringIO(ledger.to_csv(m))))
    assert rows[0]["kind"] == "start" and rows[0]["note"] == "totals in x10,000 fans", rows[0]
    assert rows[0]["みか"] == "100"


# 3. below zero

@pytest.mark.parametrize("lang, said", [
    ("en", "a player has nothing left (うづき is at -60 x10,000 fans, below 0"),
    ("ja", "持ち点がなくなったプレイヤーがいます。うづきは-60万で、0より少なくなりました")])
def test_the_end_names_who_went_below_zero(home, capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    _match(home)
    code, out, err = run(capsys, "ledger", "show", "1")
    ended = [line for line in out.splitlines() if line.startswith(("The match has ended", "対局終了"))]
    assert ended and said in ended[0], out


# 5. a folder that cannot be written

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_ledger_that_cannot_be_made_says_so_in_plain_words(tmp_path, lang):
    path = tmp_path / "home" / "ledger.sqlite"
    path.parent.mkdir()
    path.symlink_to(tmp_path / "gone" / "ledger.sqlite")  # sqlite cannot make the file there (as a read-only folder)
    with pytest.raises(LedgerError) as caught:
        Ledger(path)
    said = caught.value.message_ja if lang == "ja" else str(caught.value)
    assert "unable to open database file" not in said, said
    if lang == "ja":
        assert "書き込めません" in said and "何も変更していません" in said, said
    else:
        assert "cannot be written" in said and "nothing was changed" in said, said


# 6. `ledger csv --out`

def test_csv_out_refuses_to_overwrite_a_file(home, tmp_path, capsys, monkeypatch):
    _match(home)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.csv").write_text("mine")
    code, out, err = run(capsys, "ledger", "csv", "1", "--out", "mine.csv")
    assert code == 2 and "mine.csv" in err and "--force" in err and "Traceback" not in err, (code, err)
    assert (tmp_path / "mine.csv").read_text() == "mine"
    code, out, err = run(capsys, "ledger", "csv", "1", "--out", "mine.csv", "--force")
    assert code == 0 and (tmp_path / "mine.csv").read_text(encoding="utf-8-sig").startswith("entry,")


def test_csv_out_refuses_to_overwrite_in_japanese(home, tmp_path, capsys, monkeypatch):
    _match(home)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TILELENS_LANG", "ja")
    (tmp_path / "mine.csv").write_text("mine")
    code, out, err = run(capsys, "ledger", "csv", "1", "--out", "mine.csv")
    assert code == 2 and "もうあります" in err and "--force" in err, err


def test_csv_out_to_a_missing_folder_makes_it(home, tmp_path, capsys, monkeypatch):
    """Session 54: a missing folder is made for one match as for --all (it was refused for one match)."""
    _match(home)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "ledger", "csv", "1", "--out", "nodir2/x/m.csv")
    assert code == 0 and (tmp_path / "nodir2/x/m.csv").is_file(), err


def test_a_db_that_is_a_folder_is_said_to_be_one(home, tmp_path, capsys):
    (tmp_path / "dbdir").mkdir()
    code, out, err = run(capsys, "ledger", "show", "1", "--db", str(tmp_path / "dbdir"))
    assert code == 2 and "--db names a folder" in err and "If it is your ledger file" not in err, err


# 6. a Donjara match's notes in its own words (consolidation): a chip, not riichi mahjong's stick

def test_a_donjara_winners_chips_are_said_as_chips_in_japanese(home, capsys, monkeypatch):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_draw(m, riichi=(1,))
    ledger.add_win(m, 2, "tsumo", {0: 20, 1: 20, 3: 20})
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code, out, err = run(capsys, "ledger", "show", str(m))
    assert code == 0, err
    assert "場のリーチのチップ 10点 (1枚)も獲得" in out and "リーチ棒" not in out, out


def test_a_riichi_winners_sticks_keep_their_word(home):
    from tilelens.ledger import hand_notes

    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, riichi=(1,), tenpai=(1,))
    ledger.add_win(m, 2, "ron", {0: 1000})
    match, hands, state = ledger.match(m), ledger.hands(m), ledger.state(m)
    assert "場のリーチ棒 1,000点も獲得" in hand_notes(match.players, hands, state, "ja")[1]
    assert "場のリーチのチップ 1,000点も獲得" in hand_notes(match.players, hands, state, "ja", engine="donjara")[1]


def test_a_riichi_hands_note_lists_its_dora():
    """The note said "Riichi, ..." for a hand whose dora made up its han; the page and `tilelens score` list them."""
    game = load_game("tokyo-mahjong")
    result = score(game, "234m456p678s22z555z", win="ron", riichi=True, dora_indicators=["1m"], win_tile="4m")
    assert result.winning
    said = note_said(ledger_module.result_note(game, result), "en")
    assert "Dora" in said, said
