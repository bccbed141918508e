"""Session 57 (K2, the re-walk R1's F8): a pao answer ("West (Ann)") was reset to "nobody" without a word when Ann was
then chosen as the winner (the winner cannot be the one who fed the last dragon): the page now says it cleared the
answer, in both languages, and says nothing where no answer was lost.

Seats in turn order: 0 = Aki (deals first), 1 = Ben, 2 = Chie, 3 = Dan."""
import pytest
from app_helpers import texts, type_hand

from tilelens.ledger import Ledger

PLAYERS = ["Aki", "Ben", "Chie", "Dan"]


@pytest.mark.parametrize("lang, said", [
    ("en", "The pao answer West (Chie) was cleared: Chie won the hand, and the winner cannot be the one who fed it."),
    ("ja", "包の答え「西 (Chie)」を取り消しました。Chieが上がったので、上がった人は包になりません。")])
def test_a_pao_answer_cleared_by_the_winner_chosen_is_said(home, page, lang, said):
    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", PLAYERS)
    at = type_hand(page("score_manual", "tokyo-mahjong", lang), "22z")
    at.text_input(key="manual_melds").set_value("pon:555z, pon:666z, pon:777z, chi:123p").run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_pao").set_value("west").run()  # Chie: west under Aki's deal
    assert said not in texts(at)
    at.selectbox(key="manual_winner").set_value(2).run()  # Chie wins: west is the winner's own seat now
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="manual_pao").value == ""
    assert said in texts(at), texts(at)
    at.selectbox(key="manual_pao").set_value("north").run()  # answered again: nothing cleared now
    assert said not in texts(at)


def test_nothing_is_said_where_no_answer_was_lost(home, page):
    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", PLAYERS)
    at = type_hand(page("score_manual", "tokyo-mahjong"), "22z")
    at.text_input(key="manual_melds").set_value("pon:555z, pon:666z, pon:777z, chi:123p").run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_winner").set_value(2).run()
    assert "was cleared" not in texts(at)
