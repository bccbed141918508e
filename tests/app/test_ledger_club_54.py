"""Session 54: the ledger page for a club that edits its game (walkthrough w3): a match is said in the unit it was
started in (the page said the box's points for a match started under the club's chips); the matches of a game
removed in the app are listed, with the game's id, and can be opened and exported; the page says when the game's
table has changed since the match started, and the rule it keeps."""
from __future__ import annotations

import pytest
import streamlit
from app_helpers import open_page, texts
from test_added_game_50 import club_text

from app import settings
from tilelens.ledger import Ledger

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _edited(changes: dict[str, str]) -> str:
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    for old, new in changes.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def _chips() -> str:
    return _edited({'currency_ja = "点"': 'currency_ja = "枚"', 'currency_en = "points"': 'currency_en = "chips"'})


@pytest.fixture
def downloads(monkeypatch):
    """The (file name, data) of each download the page offers, in the order drawn."""
    offered: list[tuple[str, bytes]] = []
    real = streamlit.download_button

    def recorded(label, data, file_name=None, **kwargs):
        offered.append((file_name, data))
        return real(label, data, file_name=file_name, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", recorded)
    return offered


# 6. the unit a match was started in

@pytest.mark.parametrize("lang, said", [("en", "Totals in chips"), ("ja", "持ち点の単位: 枚")])
def test_a_match_started_under_chips_is_said_in_chips(home, lang, said):
    settings.save_house_table("nogizaka", _chips())
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(settings.app_game("nogizaka"), PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 40}, riichi=[0])
    at = open_page("ledger", "nogizaka", lang)
    assert said in texts(at), texts(at)


def test_a_match_played_in_points_stays_in_points_under_a_chips_table(home):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(settings.app_game("nogizaka"), PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 40}, riichi=[0])
    settings.save_house_table("nogizaka", _chips())
    at = open_page("ledger", "nogizaka")
    assert "chips" not in texts(at).replace("riichi chips", "").replace("Riichi chips", ""), texts(at)


# 7. the matches of a game removed in the app

def _removed_club_match(home) -> int:
    settings.add_game(club_text())
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(settings.app_game("club"), ["Eve", "Fay", "Gus", "Hal"])
    ledger.add_win(m, 1, "ron", {2: 60})
    settings.remove_game("club")
    return m


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_removed_games_matches_are_listed_with_its_id(home, lang):
    m = _removed_club_match(home)
    at = open_page("ledger", "nogizaka", lang)
    (picker,) = [s for s in at.selectbox if s.key == "ledger_orphan_match"]
    said = " ".join(map(str, picker.options))  # as the picker says them
    assert f"#{m}" in said and "club" in said and "Eve" in said, said


def test_a_removed_games_match_can_be_opened_and_exported(home, downloads):
    m = _removed_club_match(home)
    at = open_page("ledger", "nogizaka")
    assert not at.exception
    (table,) = at.dataframe  # the game chosen has no match: the table is the removed game's match's
    assert list(table.value["Fay"]) == [1060], table.value
    offered = [data for name, data in downloads if name == f"tilelens-match-{m}.csv"]  # in each run of the page
    assert offered and b"Fay" in offered[-1] and b"Eve" in offered[-1], downloads


def test_a_link_to_a_removed_games_match_opens_it(home):
    m = _removed_club_match(home)
    ledger = Ledger(home / "ledger.sqlite")
    other = ledger.new_match("nogizaka", PLAYERS)
    assert other != m
    at = open_page("ledger", "nogizaka")
    at.query_params["match"] = str(m)
    at.run()
    assert not at.exception
    assert f"#{m}" in texts(at) and "club" in texts(at), texts(at)
    (picker,) = [s for s in at.selectbox if s.key == "ledger_orphan_match"]
    assert picker.value.id == m and len(at.dataframe) == 1  # opened: its hands (the other match has none)


def test_no_list_of_removed_games_matches_where_there_is_none(home):
    Ledger(home / "ledger.sqlite").new_match("nogizaka", PLAYERS)
    at = open_page("ledger", "nogizaka")
    assert not [s for s in at.selectbox if s.key == "ledger_orphan_match"]


# 8. a table edited since the match started: said, with the rule

@pytest.mark.parametrize("lang, said", [("en", "table has changed since this match started"),
                                        ("ja", "対局を始めた後に")])
def test_a_table_edited_mid_match_is_said_with_the_rule(home, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(settings.app_game("nogizaka"), PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 40})
    at = open_page("ledger", "nogizaka", lang)
    assert said not in texts(at)
    settings.save_house_table("nogizaka", _edited({"penalty = 300": "penalty = 500"}))
    at = open_page("ledger", "nogizaka", lang)
    assert said in texts(at), texts(at)
    assert ("scored with the table in use" if lang == "en" else "いまの表で採点") in texts(at)


# 3. the hands' CSV is one table: an ended match's places are a download of their own

def test_an_ended_match_offers_its_standings_as_a_csv_of_their_own(home, downloads):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 0, "ron", {1: 1000})  # Bo has nothing left: the match ends
    open_page("ledger", "yokai-watch")
    hands = [data for name, data in downloads if name == f"tilelens-match-{m}.csv"]
    places = [data for name, data in downloads if name == f"tilelens-match-{m}-standings.csv"]
    assert hands and b"place" not in hands[-1], hands
    assert places and places[-1].decode("utf-8-sig").splitlines() == [
        "place,player,total (points)", "1,Ann,2000", "2,Cy,1000", "3,Bo,0"], places
