"""The ledger page from a re-walk of Donjara evenings (session 51): Donjara's own words (捨てた人, a hand nobody won
said as the button says it, once), the end line in the header's form, Japanese name lists joined with 、, the names
box empty with a placeholder in the screen's language, and the CSV said to be in English."""
import pytest
from app_helpers import texts

from tilelens.ledger import Ledger


def draw_button(at):
    (button,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_draw")]
    return button


def test_the_several_ron_box_says_the_one_who_discarded_in_donjara(home, page):
    at = page("ledger", "cinderella-neo", lang="ja")
    (box,) = [c for c in at.checkbox if c.key == "ledger_several_ron_cinderella-neo"]
    assert "放銃" not in box.help and "捨てた人" in box.help, box.help
    at = page("ledger", "cinderella-neo")
    (box,) = [c for c in at.checkbox if c.key == "ledger_several_ron_cinderella-neo"]
    assert "discarder" in box.help or "discarded" in box.help, box.help


@pytest.mark.parametrize("game, lang, result", [("yokai-watch", "ja", "誰も上がらず"), ("yokai-watch", "en", "Nobody won"),
                                                ("tokyo-mahjong", "ja", "流局"), ("tokyo-mahjong", "en", "Draw")])
def test_a_hand_nobody_won_is_said_once_in_the_games_words(home, page, game, lang, result):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(game, ["A", "B", "C", "D"])
    ledger.add_draw(m, note="流局")  # as a Japanese phone stores it
    table = page("ledger", game, lang=lang).dataframe[0].value
    assert list(table.iloc[:, 1]) == [result] and list(table.iloc[:, 2]) == [""], table.iloc[:, :3]


def test_a_typed_draw_note_is_kept(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.add_draw(ledger.new_match("yokai-watch", ["A", "B", "C", "D"]), note="B left early")
    assert list(page("ledger", "yokai-watch").dataframe[0].value.iloc[:, 2]) == ["B left early"]


def test_the_end_line_says_the_deals_as_the_header_does(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_win(m, 2, "ron", {1: 26000})  # B below 0 in East 1
    body = texts(page("ledger", "tokyo-mahjong", lang="ja"))
    assert "終了 (8局中1局)" in body and "のうち" not in body, body


def test_the_match_box_joins_japanese_names_with_a_japanese_comma(home, page):
    Ledger(home / "ledger.sqlite").new_match("yokai-watch", ["たろう", "はなこ", "パパ"])
    at = page("ledger", "yokai-watch", lang="ja")
    assert at.selectbox(key="ledger_match_yokai-watch").options == ["#1 · たろう、はなこ、パパ"]
    at = page("ledger", "yokai-watch")
    assert at.selectbox(key="ledger_match_yokai-watch").options == ["#1 · たろう, はなこ, パパ"]


@pytest.mark.parametrize("game, lang, sep", [("yokai-watch", "ja", "、"), ("tokyo-mahjong", "en", ", ")])
def test_the_names_box_is_empty_with_a_placeholder_in_the_screens_language(home, page, game, lang, sep):
    at = page("ledger", game, lang=lang)
    box = at.text_input(key="ledger_names")
    assert box.value == "" and "A, B, C, D" not in box.placeholder, box.placeholder
    assert box.placeholder.count(sep) == 3, box.placeholder  # four names: the game's default table


def test_the_japanese_page_says_the_csv_is_in_english(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.add_draw(ledger.new_match("yokai-watch", ["A", "B", "C", "D"]))
    at = page("ledger", "yokai-watch", lang="ja")
    assert "CSVは英語" in texts(at), texts(at)
