"""Two devices on one ledger: the laptop added a hand; the phone then added the next one. The laptop, still showing
the hand it added (winner chosen), had lost its "Added" note and offered Add again: one tap recorded it twice."""
import pytest
from app_helpers import go_to, open_page, texts, type_hand

from tilelens.ledger import Ledger

GAME = "cinderella-neo"
MINE = "mizumoto-yukari mimura-kanako igarashi-kyouko fujimoto-rina ichinose-shiki shiragiku-hotaru otokura-yuuki " \
       "kurosaki-chitose shirayuki-chiyo"
THEIRS = "mizumoto-yukari mimura-kanako igarashi-kyouko hori-yuuko matoba-risa shirasaka-koume hayami-kanade " \
         "morikubo-nono nanba-emi"
SAID = {"en": "This hand is already in the ledger, as hand 1 of match #{id}.",
        "ja": "この手は対局 #{id}の1局目として成績表に記録済みです。"}


def _two_devices(lang):
    laptop = open_page("ledger", GAME, lang=lang)
    laptop.text_input(key="ledger_names").set_value("Ann, Ben, Chika, Daiki")
    next(b for b in laptop.button if b.key.startswith("FormSubmitter:ledger_new")).click().run()
    go_to(laptop, "score_manual")
    phone = open_page("score_manual", GAME, lang="ja")
    type_hand(laptop, MINE)
    laptop.selectbox(key="manual_winner").set_value(0).run()
    laptop.button(key="manual_add_ledger").click().run()
    type_hand(phone, THEIRS)
    phone.segmented_control(key="manual_win").set_value("ron").run()
    phone.selectbox(key="manual_winner").set_value(1).run()
    phone.selectbox(key="manual_discarder").set_value(2).run()
    phone.button(key="manual_add_ledger").click().run()
    laptop.run()
    assert not laptop.exception, [e.value for e in laptop.exception]
    return laptop


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hand_added_stays_added_after_another_device_adds_the_next(home, lang):
    ledger = Ledger(home / "ledger.sqlite")
    laptop = _two_devices(lang)
    match = ledger.matches()[0].id
    assert laptop.button(key="manual_add_ledger").disabled
    assert SAID[lang].format(id=match) in texts(laptop)
    assert [h.winner for h in ledger.hands(match)] == [0, 1]


def test_the_same_tiles_typed_again_after_clear_are_a_new_hand(home):
    ledger = Ledger(home / "ledger.sqlite")
    laptop = _two_devices("en")
    laptop.button(key="manual_clear").click().run()  # Clear: the next hand (a dealer's repeat win, same tiles)
    type_hand(laptop, MINE)
    if laptop.selectbox(key="manual_winner").value != 0:
        laptop.selectbox(key="manual_winner").set_value(0).run()
    assert not laptop.button(key="manual_add_ledger").disabled
    laptop.button(key="manual_add_ledger").click().run()
    assert [h.winner for h in ledger.hands(ledger.matches()[0].id)] == [0, 1, 0]
