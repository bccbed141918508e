"""Session 58, S1 (F2): two matches of one game under way, a phone that chose none took the newest without a word: the
score page said only "Adds to match #2" with no way to switch, and the ledger page opened on #2, whose Undo undid the
other table's hand."""
import pytest

from app_helpers import go_to, texts, type_hand
from tilelens.ledger import Ledger

YOKAI = " ".join(["yokai-05"] * 3 + ["yokai-06"] * 3 + ["yokai-07"] * 3)
SAID = {"en": ("No match was chosen", "match #2", "#1 (Ann, Bo, Cy, Di)"),
        "ja": ("この端末では対局を選んでいない", "対局 #2", "#1 (Ann、Bo、Cy、Di)")}


def _two_tables(home):
    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    second = ledger.new_match("yokai-watch", ["たろう", "はなこ", "じろう", "ゆき"])
    return ledger, first, second


def _ready(page, lang="en"):
    at = type_hand(page("score_manual", "yokai-watch", lang=lang), YOKAI)
    at.selectbox(key="manual_winner").set_value(0).run()
    return at


def _said(at, lang):
    return [i.value for i in at.info if SAID[lang][0] in i.value]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_score_page_names_the_other_match_under_way_and_switches_to_it(home, page, lang):
    ledger, first, second = _two_tables(home)
    at = _ready(page, lang)
    said = _said(at, lang)
    assert len(said) == 1, texts(at)
    for words in SAID[lang]:
        assert words in said[0], (words, said[0])
    at.button(key=f"manual_switch_match_{first}").click().run()
    assert not at.exception and any("#1 · Ann, Bo" in c.value or "#1 · Ann、Bo" in c.value for c in at.caption)
    assert not _said(at, lang)  # chosen now
    at.selectbox(key="manual_winner").set_value(0).run()  # the boxes follow the match (Ann now)
    at.button(key="manual_add_ledger").click().run()
    assert len(ledger.hands(first)) == 1 and not ledger.hands(second)


def test_keeping_the_newest_match_is_a_choice_said_no_more(home, page):
    ledger, first, second = _two_tables(home)
    at = _ready(page)
    at.button(key="manual_keep_match").click().run()
    assert not at.exception and not _said(at, "en")
    assert any("Adds to match #2" in c.value for c in at.caption)


def test_nothing_is_said_with_one_match_under_way_or_one_chosen(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = _ready(page)
    assert not _said(at, "en") and "manual_keep_match" not in {b.key for b in at.button}
    # a phone that started its match on the ledger page chose it
    at = page("ledger", "yokai-watch")
    at.text_input(key="ledger_names").set_value("Eve, Flo, Gus, Hal")
    at.button(key="FormSubmitter:ledger_new-Start the match").click().run()
    go_to(at, "score_manual")
    at = type_hand(at, YOKAI)
    at.selectbox(key="manual_winner").set_value(0).run()
    assert not _said(at, "en"), texts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ledger_page_says_which_match_a_phone_is_on_before_an_undo(home, page, lang):
    ledger, first, second = _two_tables(home)
    ledger.add_win(first, 0, "tsumo", {1: 40, 2: 40, 3: 40})
    ledger.add_win(second, 3, "tsumo", {0: 40, 1: 40, 2: 40})
    at = page("ledger", "yokai-watch", lang=lang)
    said = [i.value for i in at.info if SAID[lang][0] in i.value]
    assert len(said) == 1, texts(at)
    for words in SAID[lang][1:]:
        assert words in said[0], (words, said[0])
    undo = next(b for b in at.button if b.key and b.key.startswith("ledger_undo_"))
    assert undo.disabled  # not before the phone is sure of its match
    at.button(key=f"ledger_switch_match_{first}").click().run()
    assert not at.exception and at.selectbox(key="ledger_match_yokai-watch").value.id == first
    undo = next(b for b in at.button if b.key and b.key.startswith("ledger_undo_"))
    assert not undo.disabled and not [i.value for i in at.info if SAID[lang][0] in i.value]
    undo.click().run()
    assert not ledger.hands(first) and len(ledger.hands(second)) == 1  # the other table's hand kept


def test_on_the_ledger_page_the_newest_kept_or_picked_in_the_box_is_a_choice(home, page):
    ledger, first, second = _two_tables(home)
    ledger.add_win(second, 3, "tsumo", {0: 40, 1: 40, 2: 40})
    at = page("ledger", "yokai-watch")
    at.button(key="ledger_keep_match").click().run()
    undo = next(b for b in at.button if b.key and b.key.startswith("ledger_undo_"))
    assert not undo.disabled and not [i for i in at.info if "No match was chosen" in i.value]
    at = page("ledger", "yokai-watch")
    at.selectbox(key="ledger_match_yokai-watch").select_index(1).run()  # #1
    assert not [i for i in at.info if "No match was chosen" in i.value]
