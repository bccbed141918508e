"""Session 55: Tonight's totals kept the person's ticks only in the box's own key, its default worked out again on
every run: a trip to another page and back ticked the evening again (the person's choice lost), and a match of the
evening played on another device while the page was open was listed but not ticked after a rerun, its results
silently left out of the total. The ticks are now the person's, per game, across pages; a match of the evening is
ticked when it appears unless the person unticked it; and the matches of the evening left out are said."""
import sys
from pathlib import Path

import pytest
from app_helpers import go_to, texts

from tilelens.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import at, started, walkers_evening  # noqa: E402

GAME = "cinderella-neo"
KEY = f"ledger_tonight_{GAME}"
LEFT_OUT = {"en": ("1 match of this evening is not ticked, so not in the totals: {ids}.",
                   "2 matches of this evening are not ticked, so not in the totals: {ids}."),
            "ja": ("この夜の対局 {ids}は選ばれていないため、合計に入っていません。",
                   "この夜の対局 {ids} (2件) は選ばれていないため、合計に入っていません。")}


@pytest.fixture
def evening(home):
    """#1 another evening's match; #2, #3, #4 the walker's evening."""
    return walkers_evening(Ledger(home / "ledger.sqlite"))


def _totals(at_) -> dict[str, str]:
    (table,) = [d for d in at_.dataframe if any(c in ("Total", "合計") for c in d.value.columns)]
    frame = table.value
    return dict(zip(frame.iloc[:, 0], frame.iloc[:, 1]))


def _played_on_the_phone(page, ledger: Ledger, when: float) -> int:
    """A match of Ann, Ben and Chika started on another device's ledger page, Ann's ron on Ben recorded there."""
    phone = page("ledger", GAME, lang="ja")
    phone.text_input(key="ledger_names").set_value("Ann, Ben, Chika")
    next(b for b in phone.button if b.key.startswith("FormSubmitter:ledger_new")).click().run()
    assert not phone.exception, [e.value for e in phone.exception]
    new = ledger.matches()[0].id
    ledger.add_win(new, 0, "ron", {1: 10})
    started(ledger, new, when)
    return new


def test_the_ticks_chosen_are_kept_across_pages(evening, page):
    _, (old, one, two, three) = evening
    laptop = page("ledger", GAME)
    laptop.multiselect(key=KEY).set_value([three, old]).run()  # #2 and #3 unticked, last week's #1 ticked
    go_to(laptop, "score_manual")
    go_to(laptop, "ledger")
    assert laptop.multiselect(key=KEY).value == [three, old]
    assert set(_totals(laptop)) == {"Ann", "Ben", "Chika", "Daiki"}
    assert _totals(laptop)["Ann"] == "+46"  # +50 in #1, -4 in #4


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_match_of_the_evening_played_elsewhere_is_ticked_when_it_appears(evening, page, lang):
    ledger, (old, one, two, three) = evening
    laptop = page("ledger", GAME, lang=lang)
    assert laptop.multiselect(key=KEY).value == [three, two, one]
    new = _played_on_the_phone(page, ledger, at(7, 1, 30))  # after the last match: the same evening
    laptop.run()
    assert laptop.multiselect(key=KEY).value == [new, three, two, one]
    assert _totals(laptop)["Ann"] == "-147"  # -157 of the walker's evening, +10 in the new match
    assert not [s for s in LEFT_OUT[lang] if s.split("{")[0] in texts(laptop)]  # nothing of the evening left out


def test_a_match_unticked_stays_unticked_and_is_said(evening, page):
    ledger, (old, one, two, three) = evening
    laptop = page("ledger", GAME)
    laptop.multiselect(key=KEY).set_value([three, two]).run()
    assert LEFT_OUT["en"][0].format(ids=f"#{one}") in texts(laptop)  # never silently out of the total
    new = _played_on_the_phone(page, ledger, at(7, 1, 30))
    laptop.run()
    assert laptop.multiselect(key=KEY).value == [new, three, two]  # the new one ticked, the unticked one not
    assert LEFT_OUT["en"][0].format(ids=f"#{one}") in texts(laptop)
    go_to(laptop, "score_manual")
    go_to(laptop, "ledger")
    assert laptop.multiselect(key=KEY).value == [new, three, two]


def test_two_of_the_evening_left_out_are_said_in_japanese(evening, page):
    _, (old, one, two, three) = evening
    laptop = page("ledger", GAME, lang="ja")
    laptop.multiselect(key=KEY).set_value([three]).run()
    assert LEFT_OUT["ja"][1].format(ids=f"#{two}、#{one}") in texts(laptop)


def test_a_match_started_empty_is_ticked_once_it_has_a_hand(evening, page):
    """A match started on the page itself has no hand yet (nothing to add up): ticked once a hand is recorded."""
    ledger, (old, one, two, three) = evening
    laptop = page("ledger", GAME)
    laptop.text_input(key="ledger_names").set_value("Ann, Ben")
    next(b for b in laptop.button if b.key.startswith("FormSubmitter:ledger_new")).click().run()
    new = ledger.matches()[0].id
    started(ledger, new, at(7, 2))
    laptop.run()
    assert new not in laptop.multiselect(key=KEY).value
    ledger.add_win(new, 1, "ron", {0: 5})
    laptop.run()
    assert laptop.multiselect(key=KEY).value == [new, three, two, one]
