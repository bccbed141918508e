"""A Donjara house table counting honba (``[table] honba = true``) names its hands one way: by their number, as
every Donjara game does ("Hand 2", 「2局目」: no winds, no rounds), with the honba of the deal where there are any
("Hand 2, honba 1", 「2局目 1本場」). Its hands at honba 1 or more were named as riichi mahjong's rounds ("East 1,
honba 1") beside numbered ones, in `ledger show`, the CSV's and `show --json`'s round, and the ledger page.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy; Ann deals first and keeps the deal on her wins."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

import app.components.i18n as i18n
from app.components import ledger_view
from scorer import catalog
from tilelens.cli import main
from tilelens.ledger import Ledger, hand_number_said, hand_round

FRUITS = Path(__file__).resolve().parent / "scorer" / "data" / "house-fruits.toml"


@pytest.fixture
def honba_fruits(tmp_path, monkeypatch):
    """A Donjara house game counting honba, added in the app, and a match of it: Ann's two wins as dealer (the
    second and third hands at honba 1 and 2), then Bo's (the deal moves on, the fourth hand at honba 0) and Cy's."""
    from app import settings

    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    catalog.add_games_dir(settings.added_dir)  # as the app's settings register its added games
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    text = (FRUITS.read_text(encoding="utf-8").replace('id = "house-fruits"', 'id = "honba-fruits"', 1)
            + "\n[table]\nhonba = true\nkeep_on_dealer_win = true\n")
    game = settings.add_game(text)
    assert game.engine != "riichi"
    ledger = Ledger(tmp_path / "home" / "ledger.sqlite")
    m = ledger.new_match(game, ["Ann", "Bo", "Cy"])
    assert ledger.match(m).rules.honba
    ledger.add_win(m, 0, "ron", {1: 10})
    ledger.add_win(m, 0, "ron", {2: 10})
    ledger.add_win(m, 1, "ron", {2: 10})
    ledger.add_win(m, 2, "ron", {0: 10})
    return SimpleNamespace(game=game, ledger=ledger, match=m)


@pytest.fixture
def page_lang(monkeypatch):
    """``page_lang(lang)``: the ledger page's words in ``lang``, as the sidebar's switch sets them."""
    def choose(language: str) -> None:
        monkeypatch.setattr(i18n, "st", SimpleNamespace(session_state={i18n.LANG_KEY: language}))
    return choose


@pytest.mark.parametrize("lang, said", [
    ("en", ["  #1   Hand 1: ", "  #2   Hand 2, honba 1: ", "  #3   Hand 3, honba 2: ", "  #4   Hand 4: "]),
    ("ja", ["  #1   1局目: ", "  #2   2局目 1本場: ", "  #3   3局目 2本場: ", "  #4   4局目: "])])
def test_ledger_show_names_every_hand_by_its_number_with_its_honba(honba_fruits, capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    assert main(["ledger", "show", str(honba_fruits.match)]) == 0
    out = capsys.readouterr().out
    entries = [line for line in out.splitlines() if line.startswith("  #")]
    assert [line[:len(start)] for line, start in zip(entries, said, strict=True)] == said, out
    assert "East" not in out and "東" not in out, out


def test_the_csv_keeps_the_round_empty_and_the_honba_in_its_column(honba_fruits):
    rows = list(csv.DictReader(io.StringIO(honba_fruits.ledger.to_csv(honba_fruits.match))))[1:]
    assert [(r["hand"], r["round"], r["honba"]) for r in rows] == [("1", "", "0"), ("2", "", "1"), ("3", "", "2"),
                                                                   ("4", "", "0")]


def test_show_json_says_no_round_and_each_hands_honba(honba_fruits, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["ledger", "show", str(honba_fruits.match), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["hands"]
    assert [(r["hand"], r["round"], r["honba"]) for r in rows] == [(1, None, 0), (2, None, 1), (3, None, 2),
                                                                   (4, None, 0)]


def test_hand_round_is_none_for_every_hand_of_a_donjara_table(honba_fruits):
    match = honba_fruits.ledger.match(honba_fruits.match)
    state, _ = honba_fruits.ledger.table(honba_fruits.match)
    assert [hand_round(match, state, i) for i in range(4)] == [None] * 4


def test_a_hand_number_is_said_with_its_honba_only_where_there_are_some():
    said = [hand_number_said(1, 0), hand_number_said(2, 1), hand_number_said(2, 1, "ja"), hand_number_said(5, 0, "ja")]
    assert said == ["Hand 1", "Hand 2, honba 1", "2局目 1本場", "5局目"]


@pytest.mark.parametrize("lang, said", [("en", "Hand 3, honba 2 · "), ("ja", "3局目 2本場 · ")])
def test_the_ledger_pages_round_line_names_the_next_hand_by_its_number(honba_fruits, page_lang, lang, said):
    page_lang(lang)
    ledger = honba_fruits.ledger
    for _ in range(2):  # Cy's and Bo's wins taken back: Ann deals the third hand at honba 2
        assert ledger.undo(honba_fruits.match)
    state, _ = ledger.table(honba_fruits.match)
    assert state.honba == 2
    line = ledger_view.round_label(honba_fruits.game, state, ledger.match(honba_fruits.match).rules.laps)
    assert line.startswith(said), line


@pytest.mark.parametrize("lang, said", [("en", ["Hand 1", "Hand 2, honba 1", "Hand 3, honba 2", "Hand 4"]),
                                        ("ja", ["1局目", "2局目 1本場", "3局目 2本場", "4局目"])])
def test_the_ledger_pages_hands_table_gives_each_hands_number_and_honba(honba_fruits, page_lang, lang, said):
    page_lang(lang)
    ledger = honba_fruits.ledger
    match = ledger.match(honba_fruits.match)
    state, hands = ledger.table(honba_fruits.match)
    table = ledger_view.hands_table(match, hands, state)
    assert list(table[i18n.t("hand_col")]) == [1, 2, 3, 4]
    assert list(table[i18n.t("honba")]) == [0, 1, 2, 0]
    assert i18n.t("round_col") not in table.columns  # a Donjara game has no rounds
    lines = ledger_view.hand_details(table, len(match.players))
    assert [line.rsplit(" — ", 1)[-1] for line in lines] == said, lines


def test_the_hands_tables_end_row_gives_no_honba_as_the_csv_gives_none(honba_fruits, page_lang):
    # ended at honba 1 (Ann's win as dealer): the end is no hand, played at no honba
    page_lang("en")
    ledger = honba_fruits.ledger
    for _ in range(3):
        assert ledger.undo(honba_fruits.match)
    ledger.end_match(honba_fruits.match)
    match = ledger.match(honba_fruits.match)
    state, hands = ledger.table(honba_fruits.match)
    assert state.honba == 1
    table = ledger_view.hands_table(match, hands, state)
    honba = table[i18n.t("honba")]
    assert list(table[i18n.t("result")])[-1] == i18n.t("end_entry")
    assert honba.iloc[0] == 0 and honba.isna().tolist() == [False, True], honba.tolist()
    csv_end = list(csv.DictReader(io.StringIO(ledger.to_csv(honba_fruits.match))))[-1]
    assert (csv_end["kind"], csv_end["honba"]) == ("end", "")
    assert ledger_view.hand_details(table, len(match.players))[0].endswith(" — Hand 1"), table


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hand_columns_header_fits_its_column(honba_fruits, page_lang, lang):
    # 局の番号 in a 56 px column showed 局の番… on a phone (a browser walk): each of its characters takes about 14 px
    # at the table's font, and the column's sort mark and padding about 16 more
    page_lang(lang)
    ledger = honba_fruits.ledger
    match = ledger.match(honba_fruits.match)
    state, hands = ledger.table(honba_fruits.match)
    table = ledger_view.hands_table(match, hands, state)
    config = ledger_view.hands_table_shown(table, len(match.players))["column_config"]
    header = i18n.t("hand_col")
    wide = sum(14 if ord(c) > 0x2E80 else 8 for c in header) + 16
    assert config[header]["width"] >= wide, (header, config[header])
