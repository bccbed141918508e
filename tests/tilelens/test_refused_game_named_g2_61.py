"""While a game's house table edited in the app cannot be read, `ledger list` and `ledger totals` named its matches by
the game's id ("#2 tokyo-mahjong"), where the ledger page names the game ("Tokyo Mahjong (riichi)"): the command
names it as its shipped file does, in the command's language, and says once on stderr why the table is not read."""
import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at, started

from tilelens.home import house_dir
from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
NAMES = {"en": "Tokyo Mahjong (riichi)", "ja": "東京麻雀"}


@pytest.fixture
def refused(tmp_path):
    """A ledger of two matches of Tokyo Mahjong, one hand each, of one evening, the game's house table broken."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    for n in range(2):
        m = ledger.new_match(GAME, ["A", "B", "C", "D"])
        started(ledger, m, at(6, 19, n))
        ledger.add_win(m, 0, "ron", {3: 1000})
    folder = house_dir(GAME)
    folder.mkdir(parents=True)
    (folder / "20261206-190000.toml").write_text("[table\n", encoding="utf-8")  # not valid TOML
    return ledger


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ledger_list_names_the_game_as_shipped(refused, capsys, monkeypatch, lang):
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(refused.path))
    assert code == 0, err
    assert out.count(NAMES[lang]) == 2 and GAME not in out, out
    assert err.startswith("tilelens ledger: ") and err.count("\n") == 1, err  # why, once


@pytest.mark.parametrize("lang, said", [("en", "Other games' matches, not added up here: #1, #2 Tokyo Mahjong (riichi) "),
                                        ("ja", "ほかのゲームの対局は合計に入れていません: #1・#2 は東京麻雀 ")])
def test_ledger_totals_names_the_game_as_shipped(refused, capsys, monkeypatch, lang, said):
    m = refused.new_match("yokai-watch", ["A", "B", "C"])  # the evening's newest: its game's matches added up
    started(refused, m, at(6, 20, 0))
    refused.add_win(m, 1, "ron", {0: 100})
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(refused.path))
    assert code == 0, err
    assert said in out and f" {GAME} " not in out, out
    assert err.startswith("tilelens ledger: ") and err.count("\n") == 1, err
