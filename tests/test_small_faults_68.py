"""Three small faults, each where a guess stood in for what was known.

- A match of a house game that no longer loads (its file gone or broken) is said by the engine its kept rules show
  (``tilelens.ledger.engine_kept``): a Donjara house table counting honba was said as riichi mahjong, its hands with
  riichi honba ("incl. 300 for 1 honba") the table never paid.
- A proposed label comes from the reader's likeliest kinds only (``prelabel.PROPOSED_FROM``): a reading gives seven
  for the Score page's Likely row, and a kind the set lacks was proposed as the 6th, read at 0.002.
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from scorer import catalog
from scorer.catalog import GAMES_DIR
from tilelens.cli import main
from tilelens.labelling.prelabel import PROPOSED_FROM, boxes_from_reading, proposed_kind
from tilelens.ledger import Ledger, TableRules, engine_kept, engine_of, replay_engine

FRUITS = Path(__file__).resolve().parent / "scorer" / "data" / "house-fruits.toml"


@pytest.fixture
def house(tmp_path, monkeypatch):
    """``house(text, id)``: the game file ``text`` added in the app under ``id``; its path."""
    from app import settings

    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    catalog.add_games_dir(settings.added_dir)  # as the app's settings register its added games
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)

    def add(text: str, old_id: str, game_id: str):
        game = settings.add_game(text.replace(f'id = "{old_id}"', f'id = "{game_id}"', 1)
                                 .replace('name_en = "', f'name_en = "{game_id} ', 1)
                                 .replace('name_ja = "', f'name_ja = "{game_id} ', 1))
        return game, settings.added_dir() / f"{game_id}.toml"
    return add


def _broken(path: Path) -> None:
    """The file edited by hand into one that no longer loads (a table's bracket lost)."""
    path.write_text(path.read_text(encoding="utf-8").replace("[payout]", "[payout\n", 1), encoding="utf-8")


def test_a_donjara_house_match_counting_honba_is_said_as_donjara_once_its_file_is_broken(house, tmp_path, capsys,
                                                                                           monkeypatch):
    text = FRUITS.read_text(encoding="utf-8") + "\n[table]\nhonba = true\nkeep_on_dealer_win = true\n"
    game, path = house(text, "house-fruits", "honba-fruits")
    ledger = Ledger(tmp_path / "home" / "ledger.sqlite")
    m = ledger.new_match(game, ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 0, "ron", {1: 10})  # the dealer wins: the next hand at honba 1
    ledger.add_win(m, 0, "ron", {2: 10})
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["ledger", "show", str(m)]) == 0
    loaded = capsys.readouterr().out
    _broken(path)
    with pytest.raises(Exception):
        catalog.load_game("honba-fruits")
    match = ledger.match(m)
    assert (engine_of(match), replay_engine(match)) == ("donjara", "donjara")
    assert main(["ledger", "show", str(m)]) == 0
    out = capsys.readouterr().out
    assert "honba 1: Ann ron from Cy · Cy pays Ann 10 points\n" in out, out  # no riichi honba in its note
    assert "300" not in out and "Hand 1: Ann ron from Bo" in out, out
    assert out.splitlines()[1:] == loaded.splitlines()[1:]  # said as when it loaded, but for the game's name


def test_a_riichi_house_match_is_still_riichi_once_its_file_is_gone(house, tmp_path):
    game, path = house((GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8"), "tokyo-mahjong", "club-riichi")
    ledger = Ledger(tmp_path / "home" / "ledger.sqlite")
    m = ledger.new_match(game, ["A", "B", "C", "D"])
    path.unlink()
    with pytest.raises(Exception):
        catalog.load_game("club-riichi")
    assert engine_of(ledger.match(m)) == "riichi"  # the honba amounts it kept: only a riichi match keeps them


@pytest.mark.parametrize("rules, engine", [
    pytest.param(TableRules(honba=True, chombo_penalty=0), "donjara", id="donjara-table-counting-honba"),
    pytest.param(TableRules(chombo_penalty=500), "donjara", id="donjara-table"),
    pytest.param(TableRules(honba=True, chombo_penalty=8000, honba_ron=300, honba_tsumo_each=100), "riichi",
                 id="riichi-amounts-kept"),
    pytest.param(TableRules(chombo_penalty=0, honba_ron=300, honba_tsumo_each=100), "riichi", id="riichi-no-honba"),
    pytest.param(TableRules(chombo_penalty=0, nagashi=False), "riichi", id="riichi-nagashi-off"),
    pytest.param(TableRules(chombo_penalty=0, uma=(20, 10, -10, -20)), "riichi", id="riichi-uma"),
    pytest.param(TableRules(honba=True), "riichi", id="stored-before-figures-counting-honba"),
    pytest.param(TableRules(), "donjara", id="stored-before-figures"),
])
def test_the_engine_a_match_kept_says(rules, engine):
    assert engine_kept(rules) == engine


def _tile(kind, *alternatives):
    return SimpleNamespace(kind=kind, xyxy=(0, 0, 10, 10), alternatives=((kind, 0.9), *alternatives))


FAR = (("6m", 0.05), ("4m", 0.03), ("9p", 0.004), ("8s", 0.003), ("7z", 0.002), ("1z", 0.001))


def test_a_kind_the_set_lacks_is_not_proposed_as_a_far_off_guess():
    names = ("1m", "2m", "7z", "1z")
    tile = _tile("0m", *FAR)
    assert len(tile.alternatives) == 7 > PROPOSED_FROM  # as a reading gives them now
    assert proposed_kind(tile, names, absent=("0m",)) is None  # 7z was proposed: the 6th kind, at 0.002
    swapped: dict[str, str] = {}
    boxes, dropped = boxes_from_reading(SimpleNamespace(tiles=[tile]), (100, 100), names, ("0m",), {}, swapped)
    assert boxes == [] and dropped == [] and swapped == {"0m": ""}  # left out, for a person to name


@pytest.mark.parametrize("names, proposed", [(("6m", "7z"), "6m"), (("4m", "7z"), "4m")])
def test_a_kind_the_set_lacks_is_proposed_as_a_likely_one(names, proposed):
    assert proposed_kind(_tile("0m", *FAR), names, absent=("0m",)) == proposed
