"""Pao (責任払い) on the score pages: a daisangen whose dragon sets were called asks who fed the last dragon (the other
seats, or nobody); the payments follow the answer (the liable player alone on a tsumo, half beside the discarder on a
ron), said in words in both languages, and the ledger box records them, the note saying pao and who.

Seats in turn order: 0 = Aki (deals first), 1 = Ben, 2 = Chie, 3 = Dan."""
from app_helpers import texts, type_hand

from tilelens.ledger import Ledger, note_said

DAISANGEN = "22z"
MELDS = "pon:555z, pon:666z, pon:777z, chi:123p"
PLAYERS = ["Aki", "Ben", "Chie", "Dan"]


def _daisangen(at, win="tsumo"):
    type_hand(at, DAISANGEN)
    at.text_input(key="manual_melds").set_value(MELDS).run()
    at.segmented_control(key="manual_win").set_value(win).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _question(at):
    return next((box for box in at.selectbox if box.key == "manual_pao"), None)


def test_the_question_shows_for_a_called_daisangen_and_the_tsumo_follows_it(home, page):
    at = _daisangen(page("score_manual", "tokyo-mahjong"))
    box = _question(at)
    assert box is not None and box.label == "Who fed the last dragon? (pao)"
    assert box.value == "" and box.options[0].startswith("nobody") and len(box.options) == 4  # east, west, north
    assert "16,000" in texts(at) and "32,000" not in texts(at).replace("32,000 points", "")  # as any tsumo
    box.set_value("west").run()
    said = texts(at)
    assert "West pays 32,000 points" in said, said
    assert "Pao (liability payment): West fed the last dragon" in said
    _question(at).set_value("").run()  # nobody: a tsumo as any
    assert "West pays 32,000 points" not in texts(at)


def test_no_question_for_a_hand_without_pao(home, page):
    at = type_hand(page("score_manual", "tokyo-mahjong"), "234m456p678s22z")
    at.text_input(key="manual_melds").set_value("pon:555z").run()
    assert not at.exception and _question(at) is None


def test_the_question_in_japanese(home, page):
    at = _daisangen(page("score_manual", "tokyo-mahjong", "ja"))
    box = _question(at)
    assert box is not None and "包" in box.label and "三元牌" in box.label
    box.set_value("west").run()
    said = texts(at)
    assert "包 (責任払い)" in said and "32,000" in said


def test_a_ron_at_the_table_is_split_and_recorded_with_pao(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    at = _daisangen(page("score_manual", "tokyo-mahjong"), win="ron")
    at.selectbox(key="manual_winner").set_value(1).run()  # Ben: south under Aki's deal
    box = _question(at)
    assert "west (chie)" in [o.lower() for o in box.options]  # the players at those seats named
    box.set_value("west").run()
    at.selectbox(key="manual_discarder").set_value(3).run()  # Dan dealt in
    said = texts(at)
    assert "Dan pays Ben 16,000 points" in said and "Chie pays Ben 16,000 points" in said, said
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception and "Added" in texts(at), texts(at)
    hand = ledger.hands(match)[0]
    assert list(hand.payments.items()) == [(3, 16000), (2, 16000)]
    assert "pao: Chie fed the last dragon and paid half" in note_said(hand.note, "en")
    assert ledger.state(match).totals == (25000, 57000, 9000, 9000)


def test_the_liable_player_dealing_in_pays_it_all_at_the_table(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    at = _daisangen(page("score_manual", "tokyo-mahjong"), win="ron")
    at.selectbox(key="manual_winner").set_value(1).run()
    _question(at).set_value("west").run()
    at.selectbox(key="manual_discarder").set_value(2).run()  # Chie fed the dragon and dealt in
    said = texts(at)
    assert "Chie pays Ben 32,000 points" in said and "half the yakuman" not in said, said  # not said to pay half
    at.button(key="manual_add_ledger").click().run()
    hand = ledger.hands(match)[0]
    assert hand.payments == {2: 32000} and "dealt in too" in note_said(hand.note, "en")


def test_a_tsumo_at_the_table_is_recorded_paid_by_the_liable_player(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    at = _daisangen(page("score_manual", "tokyo-mahjong"))
    at.selectbox(key="manual_winner").set_value(1).run()
    _question(at).set_value("east").run()  # Aki, the dealer
    assert "Aki pays Ben 32,000 points" in texts(at)
    at.button(key="manual_add_ledger").click().run()
    hand = ledger.hands(match)[0]
    assert hand.payments == {0: 32000} and "Aki fed the last dragon and paid the yakuman alone" in \
        note_said(hand.note, "en")


def test_a_pao_hand_in_a_line_names_the_liable_player(home):
    """Undo's line of a hand ("Ben ron from Dan, 32,000 points") named the discarder alone, though Chie paid half."""
    from streamlit.testing.v1 import AppTest

    def line(path, match_id, lang):
        import streamlit as st

        from app.components.ledger_view import hand_said
        from tilelens.ledger import Ledger

        st.session_state["lang"] = lang
        ledger = Ledger(path)
        st.write(" | ".join(hand_said(ledger.match(match_id), h) for h in ledger.hands(match_id)))

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(match, 1, "ron", {3: 16000, 2: 16000}, pao=2)
    ledger.add_win(match, 2, "tsumo", {1: 32000}, pao=1)
    ledger.add_win(match, 0, "ron", {3: 1000})
    en = AppTest.from_function(line, args=(str(ledger.path), match, "en")).run().markdown[0].value
    assert en.split(" | ") == ["Ben ron from Dan (pao: Chie), 32,000 points",
                               "Chie tsumo (pao: Ben), 32,000 points", "Aki ron from Dan, 1,000 points"], en
    ja = AppTest.from_function(line, args=(str(ledger.path), match, "ja")).run().markdown[0].value
    assert "(包: Chie)" in ja, ja
