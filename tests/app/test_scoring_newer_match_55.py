"""Two devices on one ledger: a laptop's score page left on a match that has ended while a phone started the next
one. The page said "The match has ended" and "Adds to match #1", offered no Winner box and never named #2; after a
ron ended #1 it offered the double-ron box, whose tick recorded the next match's ron in #1."""
import pytest
from app_helpers import add_to_ledger, go_to, open_page, texts, type_hand

from tilelens.ledger import Ledger

GAME = "cinderella-neo"
WIN = "mizumoto-yukari mimura-kanako igarashi-kyouko hori-yuuko matoba-risa shirasaka-koume hayami-kanade " \
      "morikubo-nono nanba-emi"
NEXT = "kimura-natsuki hoshi-shouko almighty-passion akagi-miria hino-akane mukai-takumi oikawa-shizuku " \
       "katagiri-sanae yorita-yoshino"
NAMES = "Ann, Ben, Chika, Daiki"
SAID = {"en": ("Match #1 has ended. Match #2 has started since (Ann, Ben, Chika, Daiki)", "Switch to match #2"),
        "ja": ("対局 #1は終了しています。その後、対局 #2が始まっています (Ann、Ben、Chika、Daiki)", "対局 #2に切り替える")}


def _start(at, several_ron: bool = False):
    """A match of Ann, Ben, Chika and Daiki started on the ledger page of ``at``."""
    at.text_input(key="ledger_names").set_value(NAMES)
    if several_ron:
        at.checkbox(key=f"ledger_several_ron_{GAME}").check()
    next(b for b in at.button if b.key.startswith("FormSubmitter:ledger_new")).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _switch(at):
    return next((b for b in at.button if b.key == "manual_newer_match"), None)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_page_left_on_an_ended_match_offers_the_match_started_since(home, lang):
    ledger = Ledger(home / "ledger.sqlite")
    laptop = _start(open_page("ledger", GAME, lang=lang))
    first = ledger.matches()[0].id
    for _ in range(8):  # the first match played out (every player dealt twice), recorded elsewhere
        ledger.add_draw(first)
    _start(open_page("ledger", GAME, lang="ja"))  # the phone starts the next match
    second = ledger.matches()[0].id
    go_to(laptop, "score_manual")
    type_hand(laptop, WIN)
    said, button = SAID[lang]
    assert said in texts(laptop)
    assert _switch(laptop) is not None and _switch(laptop).label == button
    assert "Adds to match #1" not in texts(laptop)  # it adds nothing there
    _switch(laptop).click().run()
    assert not laptop.exception and _switch(laptop) is None
    assert f"#{second}" in texts(laptop) and any(s.key == "manual_winner" for s in laptop.selectbox)
    add_to_ledger(laptop, "manual")
    assert len(ledger.hands(second)) == 1 and len(ledger.hands(first)) == 8
    go_to(laptop, "ledger")  # the ledger page shows the match the score page switched to
    assert laptop.selectbox(key=f"ledger_match_{GAME}").value.id == second


def test_no_double_ron_on_an_ended_match_once_the_next_one_started(home):
    """#1 ended on Ann's ron on Daiki's discard; the phone started #2; Chika's ron on Ann's discard in #2, typed on
    the laptop, was offered as another winner on Daiki's discard, and one tick and tap put it in #1."""
    ledger = Ledger(home / "ledger.sqlite")
    laptop = _start(open_page("ledger", GAME), several_ron=True)
    first = ledger.matches()[0].id
    for _ in range(7):
        ledger.add_draw(first)
    go_to(laptop, "score_manual")
    type_hand(laptop, WIN)
    laptop.segmented_control(key="manual_win").set_value("ron").run()
    laptop.selectbox(key="manual_winner").set_value(0).run()
    laptop.selectbox(key="manual_discarder").set_value(3).run()
    laptop.button(key="manual_add_ledger").click().run()  # the 8th deal: Ann rons Daiki, the match ends
    assert ledger.state(first).ended
    _start(open_page("ledger", GAME, lang="ja"))  # the phone starts #2
    second = ledger.matches()[0].id
    laptop.run()  # the hand that ended #1, still shown: said added, and #2 offered
    assert "Added to the ledger as hand 8." in texts(laptop) and _switch(laptop) is not None
    type_hand(laptop, NEXT)
    laptop.segmented_control(key="manual_win").set_value("ron").run()  # a new hand: its own win kind, a ron too
    assert not [c for c in laptop.checkbox if c.key == "manual_same_discard"]
    assert "last discard" not in texts(laptop) and _switch(laptop) is not None
    _switch(laptop).click().run()
    assert not laptop.exception and not [c for c in laptop.checkbox if c.key == "manual_same_discard"]
    laptop.selectbox(key="manual_winner").set_value(2).run()
    laptop.selectbox(key="manual_discarder").set_value(0).run()
    assert "Ann pays Chika" in texts(laptop)
    laptop.button(key="manual_add_ledger").click().run()
    assert len(ledger.hands(first)) == 8
    [hand] = ledger.hands(second)
    assert hand.winner == 2 and hand.win_kind == "ron" and list(hand.payments) == [0]


@pytest.mark.parametrize("other_table", [False, True])
def test_the_double_ron_that_ended_a_match_is_offered_until_its_table_starts_the_next(home, other_table):
    """Before the table's next match is started the ended match's last discard still takes another winner; a match
    another table started since (none of these players) is not this table's next."""
    ledger = Ledger(home / "ledger.sqlite")
    laptop = _start(open_page("ledger", GAME), several_ron=True)
    first = ledger.matches()[0].id
    for _ in range(7):
        ledger.add_draw(first)
    ledger.add_win(first, 0, "ron", {3: 24})
    assert ledger.state(first).ended
    if other_table:
        ledger.new_match(GAME, ["Eri", "Fumi", "Gen", "Hana"])
    go_to(laptop, "score_manual")
    type_hand(laptop, NEXT)
    laptop.segmented_control(key="manual_win").set_value("ron").run()
    assert _switch(laptop) is None
    laptop.checkbox(key="manual_same_discard").check().run()
    laptop.selectbox(key="manual_winner").set_value(2).run()
    laptop.button(key="manual_add_ledger").click().run()
    assert not laptop.error, [e.value for e in laptop.error]
    last = ledger.hands(first)[-1]
    assert last.winner == 2 and last.win_kind == "ron-same-discard" and list(last.payments) == [3]
