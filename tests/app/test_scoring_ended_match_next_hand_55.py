"""Session 55: the hand that ended a match, added on this device, while another device started the table's next
match. Under "Added to the ledger." the page said "switch to match #2 to add this hand there": on the manual page
doing so recorded the same hand again as hand 1 of #2; on the photo page the switch led to "already in the ledger,
not added to #2", contradicting the line before. The newer match is now offered for the NEXT hand, and the hand
added stays refused in the match switched to until the hand changes."""
import pytest
from app_helpers import YOKAI_WIN, open_page, read_as, texts, type_hand

from tilelens.ledger import Ledger

CINDERELLA = "cinderella-neo"
WIN = "mizumoto-yukari mimura-kanako igarashi-kyouko hori-yuuko matoba-risa shirasaka-koume hayami-kanade " \
      "morikubo-nono nanba-emi"
NEXT = "kimura-natsuki hoshi-shouko almighty-passion akagi-miria hino-akane mukai-takumi oikawa-shizuku " \
       "katagiri-sanae yorita-yoshino"
PLAYERS = ["Ann", "Ben", "Chika", "Daiki"]
NEXT_SAID = {"en": "switch to it to add the next hand there", "ja": "次の手を記録するには、対局 #2に切り替えてください"}
THIS_SAID = {"en": "switch to it to add this hand there", "ja": "この手を記録するには"}
KEPT_SAID = {"en": "This hand is already in the ledger, as hand 8 of match #1: it is not added to match #2 too.",
             "ja": "この手は対局 #1の8局目として成績表に記録済みです。対局 #2には記録しません。"}
ADDED = {"en": "Added to the ledger as hand", "ja": "局目として成績表に記録しました。"}


def _one_deal_left(home, game: str) -> tuple[Ledger, int]:
    """A match of four with seven deals drawn: the next hand recorded ends it."""
    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match(game, PLAYERS)
    for _ in range(7):
        ledger.add_draw(first)
    return ledger, first


def _add(at, prefix: str, winner: int = 0):
    at.selectbox(key=f"{prefix}_winner").set_value(winner).run()
    at.button(key=f"{prefix}_add_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]


def _switch(at, prefix: str):
    return next((b for b in at.button if b.key == f"{prefix}_newer_match"), None)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_manual_the_hand_that_ended_the_match_offers_the_next_match_for_the_next_hand(home, lang):
    ledger, first = _one_deal_left(home, CINDERELLA)
    phone = open_page("score_manual", CINDERELLA, lang)
    type_hand(phone, WIN)
    _add(phone, "manual")
    assert ledger.state(first).ended and len(ledger.hands(first)) == 8
    second = ledger.new_match(CINDERELLA, PLAYERS)  # another device starts the table's next match
    phone.run()
    said = texts(phone)
    assert ADDED[lang] in said
    assert NEXT_SAID[lang] in said and THIS_SAID[lang] not in said  # not "record this hand in #2"
    _switch(phone, "manual").click().run()
    assert not phone.exception
    phone.selectbox(key="manual_winner").set_value(0).run()
    assert phone.button(key="manual_add_ledger").proto.disabled  # the same hand: recorded in #1 already
    assert KEPT_SAID[lang] in texts(phone)
    assert ledger.hands(second) == []
    type_hand(phone, NEXT)  # the next hand: taken for #2
    phone.selectbox(key="manual_winner").set_value(1).run()
    assert not phone.button(key="manual_add_ledger").proto.disabled
    assert KEPT_SAID[lang] not in texts(phone)
    phone.button(key="manual_add_ledger").click().run()
    assert [h.winner for h in ledger.hands(second)] == [1] and len(ledger.hands(first)) == 8


def test_manual_a_hand_not_added_here_is_still_offered_for_the_newer_match(home):
    """The laptop typed the hand after #1 ended (recorded on another device): "switch to add this hand there"
    stands, and the hand is taken in #2."""
    ledger, first = _one_deal_left(home, CINDERELLA)
    laptop = open_page("score_manual", CINDERELLA)
    type_hand(laptop, WIN)
    ledger.add_draw(first)  # the last deal, and the next match, on another device
    second = ledger.new_match(CINDERELLA, PLAYERS)
    laptop.run()
    assert THIS_SAID["en"] in texts(laptop) and NEXT_SAID["en"] not in texts(laptop)
    _switch(laptop, "manual").click().run()
    _add(laptop, "manual")
    assert len(ledger.hands(second)) == 1


def test_manual_the_hand_cleared_and_typed_again_is_a_new_hand(home):
    """Clear is the player's word that the next hand starts (a repeat win with the same tiles): taken in #2."""
    ledger, first = _one_deal_left(home, CINDERELLA)
    phone = open_page("score_manual", CINDERELLA)
    type_hand(phone, WIN)
    _add(phone, "manual")
    second = ledger.new_match(CINDERELLA, PLAYERS)
    phone.run()
    _switch(phone, "manual").click().run()
    phone.button(key="manual_clear").click().run()
    type_hand(phone, WIN)
    _add(phone, "manual")
    assert len(ledger.hands(second)) == 1 and len(ledger.hands(first)) == 8


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_photo_the_hand_that_ended_the_match_offers_the_next_match_for_the_next_hand(home, lang):
    ledger, first = _one_deal_left(home, "yokai-watch")
    phone = open_page("score_photo", "yokai-watch", lang)
    read_as(phone, "yokai-watch", YOKAI_WIN, seed=1)
    _add(phone, "photo")
    assert ledger.state(first).ended
    second = ledger.new_match("yokai-watch", PLAYERS)
    phone.run()
    said = texts(phone)
    assert ADDED[lang] in said and NEXT_SAID[lang] in said and THIS_SAID[lang] not in said
    _switch(phone, "photo").click().run()
    assert phone.button(key="photo_add_ledger").proto.disabled
    assert ledger.hands(second) == []
