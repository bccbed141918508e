"""Session 54: a native speaker's review of the ledger's words. The ledger is the 成績表 (a riichi player reads 点数表
as the fu/han points chart) (1); a honba moved over from another winner's entry read as paid by that player
(「ゆきから1本場分 300点も獲得」: the discarder paid it) (2); 誰も, not だれも (16); 「持ち点:」, not 「持ち点 (点):」
(29); a game's own calls in its [table] are words (11)."""
from __future__ import annotations

import io
import tokenize
from pathlib import Path

import pytest

from tilelens.ledger import Ledger, LedgerError, check_table, hand_notes, open_existing
from tilelens.ledger_cli import show_text

REPO = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def show(ledger, m, lang):
    state, hands = ledger.table(m)
    return show_text(ledger.match(m), hands, state, lang)


def _japanese_strings(path: Path) -> list[str]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [t.string for t in tokens if t.type == tokenize.STRING and any("\u3040" <= c <= "\u9fff" for c in t.string)]


# 1. 成績表 --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["tilelens/ledger.py", "tilelens/ledger_cli.py"])
def test_the_ledger_is_never_called_the_points_chart(name):
    said = [s for s in _japanese_strings(REPO / name) if "点数表" in s]
    assert not said, said


def test_a_ledger_not_made_yet_points_at_the_apps_seiseki_hyou_page(tmp_path):
    with pytest.raises(LedgerError) as info:
        open_existing(tmp_path / "none.sqlite")
    assert "アプリの成績表のページで最初の対局を始めると作られます" in info.value.message_ja, info.value.message_ja


# 2. a honba moved over from another winner's entry: not paid by them ------------------------------------------

def test_a_honba_passed_on_says_it_moved_from_the_entry_not_that_the_player_paid_it(ledger):
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=(0, 2), riichi=(0, 2))
    ledger.add_win(m, 3, "ron", {1: 2300})
    ledger.add_win(m, 2, "ron", {1: 5200}, same_discard=True, honba=0)
    state, hands = ledger.table(m)
    ja = hand_notes(PLAYERS, hands, state, "ja")[2]
    assert "1本場分 300点も獲得 (Diの記録から移動。放銃者に近いため)" in ja, ja
    assert "Diから" not in ja, ja
    en = hand_notes(PLAYERS, hands, state, "en")[2]
    assert "plus 300 for 1 honba passed from Di's entry (nearer the discarder)" in en, en


# 16, 29: 誰も; 持ち点 without a unit that says nothing -------------------------------------------------------------

def test_a_donjara_hand_nobody_won_says_dare_in_kanji(ledger):
    m = ledger.new_match("yokai-watch", ["A", "B", "C"])
    ledger.add_draw(m)
    text = show(ledger, m, "ja")
    assert "誰も上がらず" in text and "だれ" not in text, text


def test_the_totals_say_points_once(ledger):
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 1000})
    text = show(ledger, m, "ja")
    assert "持ち点: Ann 26,000、Bo 24,000" in text and "持ち点 (点)" not in text, text
    m = ledger.new_match("cinderella-neo", ["A", "B", "C"])
    assert "持ち点 (万): A 100" in show(ledger, m, "ja")  # a unit that says more than 点: said


# 11. a game's own calls in [table] -----------------------------------------------------------------------------

class _Game:
    id, engine, source = "club", "donjara", "club.toml"

    def __init__(self, calls):
        self.rules = {"table": {"calls": calls}}


def test_a_games_calls_are_read_by_the_ledger_and_refused_when_not_words():
    check_table(_Game({"win_ja": "ライブスタート！", "riichi_en": "Standby"}))  # a key the ledger knows
    with pytest.raises(LedgerError) as info:
        check_table(_Game({"win_ja": ""}))
    assert "calls.win_ja" in str(info.value) and "空でない文字列" in info.value.message_ja, info.value.message_ja
    with pytest.raises(LedgerError) as info:
        check_table(_Game({"win": "やった"}))
    assert "calls.win" in str(info.value) and "不明なキー" in info.value.message_ja, info.value.message_ja


def test_a_cinderella_riichi_is_said_with_its_standby_and_another_games_as_riichi(ledger):
    m = ledger.new_match("cinderella-neo", ["A", "B", "C"])
    ledger.add_win(m, 0, "tsumo", {1: 4, 2: 4}, riichi=(0,))
    assert " · リーチ (スタンバイ): A" in show(ledger, m, "ja") and " · riichi (Standby): A" in show(ledger, m, "en")
    m = ledger.new_match("yokai-watch", ["A", "B", "C"])
    ledger.add_win(m, 0, "tsumo", {1: 40, 2: 40}, riichi=(0,))
    assert " · リーチ: A" in show(ledger, m, "ja") and "スタンバイ" not in show(ledger, m, "ja")
