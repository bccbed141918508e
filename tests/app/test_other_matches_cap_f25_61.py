"""Session 61, F25: a score page that took the newest match, none chosen, with many matches of tonight under way drew
one "Switch to #N" button per match in one row, named them all, and read the ledger's matches twice. It now draws the
ledger page's few buttons at most (``scoring.SWITCH_MOST``), says the rest by count in the same words, and keeps every
other match it told of for a hand to move."""
from __future__ import annotations

import pytest
from app_helpers import texts, type_hand
from test_year_ledger_page_f21_61 import club  # matches of earlier evenings left unended, then tonight's

from tilelens.ledger import Ledger

YOKAI = " ".join(["yokai-05"] * 3 + ["yokai-06"] * 3 + ["yokai-07"] * 3)
SWITCH_MOST = 3  # app/components/scoring.py's: the switch buttons drawn at most
SAID = {"en": "No match was chosen", "ja": "この端末では対局を選んでいない"}
MORE = {"en": ("1 more match of the same evening is under way", "ledger page"),
        "ja": ("ほかに同じ夜の対局が1件進行中", "成績表のページ")}


def _switches(at):
    return [b.key for b in at.button if b.key and b.key.startswith("manual_switch_match_")]


@pytest.fixture
def read_given(monkeypatch):
    """Whether each ``Ledger.others_under_way`` call was given the matches the page had read."""
    given = []
    real = Ledger.others_under_way

    def spy(self, match, matches=None, read=None):
        given.append(matches is not None)
        return real(self, match, matches, read)

    monkeypatch.setattr(Ledger, "others_under_way", spy)
    return given


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_five_tables_tonight_a_few_buttons_the_rest_by_count(home, page, lang, read_given):
    ledger, ids = club(home, 5, earlier=2)
    at = type_hand(page("score_manual", "yokai-watch", lang=lang), YOKAI)
    at.selectbox(key="manual_winner").set_value(0).run()
    assert not at.exception, at.exception
    newest_first = ids[-2::-1]  # the newest (ids[-1]) is the one taken
    assert _switches(at) == [f"manual_switch_match_{i}" for i in newest_first[:SWITCH_MOST]], _switches(at)
    said = [i.value for i in at.info if SAID[lang] in i.value]
    assert len(said) == 1, texts(at)
    assert all(f"#{i} (" in said[0] for i in newest_first[:SWITCH_MOST]), said[0]
    assert f"#{newest_first[SWITCH_MOST]} (" not in said[0] and "#1 (" not in said[0], said[0]
    more = [c.value for c in at.caption if MORE[lang][0] in c.value]
    assert len(more) == 1 and MORE[lang][1] in more[0], texts(at)
    assert read_given and all(read_given), read_given  # the matches read once, passed on
    # every match under way told of, the one said by count too: a hand added to the newest may be moved to it
    assert at.session_state["manual_told_others"] == (ids[-1], tuple(newest_first))
    at.button(key="manual_keep_match").click().run()
    assert not at.exception and not _switches(at)
    assert not [c.value for c in at.caption if MORE[lang][0] in c.value], texts(at)


def test_three_others_no_count(home, page):
    ledger, ids = club(home, SWITCH_MOST + 1, earlier=2)
    at = type_hand(page("score_manual", "yokai-watch"), YOKAI)
    at.selectbox(key="manual_winner").set_value(0).run()
    assert _switches(at) == [f"manual_switch_match_{i}" for i in ids[-2::-1]], _switches(at)
    assert not [c.value for c in at.caption if "of the same evening" in c.value], texts(at)
    at.button(key=f"manual_switch_match_{ids[0]}").click().run()
    assert not at.exception and not _switches(at)
    assert any(f"Adds to match #{ids[0]}" in c.value for c in at.caption), texts(at)


def test_the_ledger_page_says_the_count_in_the_same_words(home, page):
    ledger, ids = club(home, SWITCH_MOST + 3, earlier=2)
    at = page("ledger", "yokai-watch")
    more = [c.value for c in at.caption if "of the same evening" in c.value]
    assert more == ["2 more matches of the same evening are under way too: choose yours in the Match box above."], \
        texts(at)
