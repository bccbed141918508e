"""Drop-downs after a language switch, where the words of the old language were still shown and sent back: the Label
page's box list and kind box (the old words sent back were taken for a box picked, and the page stopped with a
TypeError on its next run), and the ledger's boxes in its forms (the old words sent with the form were taken for no
choice: an exhaustive draw refused as "no abortive draw is called '荒牌流局 (山がなくなった)'", a match started with
the sticks left to nobody while the box said "to the top player").

A box in a form is given its choice again only where its words changed: until the form is sent, a choice made in it
is the browser's alone, and a choice given to the box replaces the words shown, not the choice the form sends."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_helpers import open_page  # noqa: E402

from test_a11y_68 import WAIT_MS, tokyo_in_japanese  # noqa: E402
from test_label_browser import _idle, _label_app, _lines, _open_label_page, _select_the_box, dataset  # noqa: E402,F401

from app.serve import browser, chromium_path  # noqa: E402

TOKYO = "tokyo-mahjong"
PLAYERS = ["Aki", "Ben", "Chie", "Dan"]
needs_chromium = pytest.mark.skipif(chromium_path() is None,
                                    reason="chromium is not installed (apt-get install chromium)")


def test_a_box_in_a_form_is_given_its_choice_again_only_where_its_words_changed(home):
    # the New match form's uma box: "なし" is "None" in English, an uma is said alike in both
    from dataclasses import replace

    from tilelens.ledger import Ledger, rules_for

    at = open_page("ledger", TOKYO, lang="ja")
    key = f"ledger_uma_{TOKYO}"
    at.run()  # a run in the same language (a tap outside the form): the box is not sent its choice again, which
    # would show it in place of one made in the browser and not sent yet
    assert not at.selectbox(key=key).proto.set_value
    at.session_state["lang"] = "en"
    at.run()
    box = at.selectbox(key=key).proto
    assert box.set_value and box.raw_value == "None"
    assert at.selectbox(key=key).value == ()

    # this game's newest match played with an uma: the next one's box starts at it
    Ledger(home / "ledger.sqlite").new_match(TOKYO, PLAYERS, replace(rules_for(TOKYO), uma=(20, 10, -10, -20)))
    at = open_page("ledger", TOKYO, lang="ja")
    assert at.selectbox(key=key).value == (20, 10, -10, -20)
    at.session_state["lang"] = "en"
    at.run()
    assert not at.selectbox(key=key).proto.set_value  # "+20 / +10 / -10 / -20" in English too: not sent again
    assert at.selectbox(key=key).value == (20, 10, -10, -20)


def box(page, key: str, label: str):
    """The drop-down ``key`` found by its ``label``: after a switch a fold's title is in the new words, a new fold, and
    the one drawn before, with its boxes labelled in the old words, stays on the page a moment beside it."""
    return page.locator(f".st-key-{key}").get_by_role("combobox", name=label, exact=True, include_hidden=True)


def _pick(page, key: str, words: str) -> None:
    page.locator(f".st-key-{key} [role='combobox']").click()
    page.get_by_role("option").filter(has_text=words).first.click()


def _switch(page, settle, to: str) -> None:
    page.locator("[data-testid='stSidebar']").get_by_text(to).click()
    settle()


@pytest.mark.browser
@needs_chromium
def test_the_label_pages_box_list_and_kind_box_say_their_choice_in_the_language_switched_to(dataset, tmp_path):
    from playwright.sync_api import expect

    with _label_app(dataset, tmp_path) as url, browser() as chrome:
        page, at = _open_label_page(chrome, url)  # in Japanese
        _select_the_box(page, at)
        # the box panel's, of the first box of photo a.jpg, and a phone's list of the boxes with the first selected
        kind_key, list_key = "label_kind_images-train-a-jpg_0_0", "label_box_pick_images-train-a-jpg_0_1_0"
        expect(box(page, kind_key, "牌の種類")).to_have_value("一萬 (1m)", timeout=WAIT_MS)
        expect(box(page, list_key, "枠を選ぶ")).to_have_value("枠 1: 一萬")
        kind, listed = box(page, kind_key, "Tile"), box(page, list_key, "Pick a box")
        page.locator("[data-testid='stSidebar']").get_by_text("English").click()
        _idle(page)
        expect(kind).to_have_value("1 Man (1m)", timeout=WAIT_MS)
        expect(listed).to_have_value("Box 1: 1 Man")
        page.locator(".st-key-label_next_box button").first.click()  # another run: the one box selected again
        _idle(page)
        assert page.locator("[data-testid='stException']").count() == 0
        assert page.locator("rect.tl-box.sel").count() == 1
        expect(kind).to_have_value("1 Man (1m)")
        assert not page.locator("[data-testid='stAlert']").filter(has_text="not saved").count()
        assert _lines(dataset) == ["0 0.200000 0.300000 0.200000 0.400000"]


@pytest.mark.browser
@needs_chromium
def test_the_new_match_forms_boxes_say_their_choice_in_the_language_switched_to(tmp_path):
    from playwright.sync_api import expect

    from tilelens.ledger import Ledger

    with tokyo_in_japanese(tmp_path, "ledger") as (page, settle):
        expect(box(page, f"ledger_uma_{TOKYO}", "ウマ")).to_have_value("なし", timeout=WAIT_MS)
        expect(box(page, f"ledger_leftover_{TOKYO}", "終了時に残ったリーチ棒")).to_have_value("誰のものにもならない")
        _pick(page, f"ledger_leftover_{TOKYO}", "トップのもの")  # chosen, not sent yet
        _switch(page, settle, "English")
        # the choice last sent, in English: the one made before the switch, sent in Japanese, was taken for none
        expect(box(page, f"ledger_uma_{TOKYO}", "Uma")).to_have_value("None", timeout=WAIT_MS)
        expect(box(page, f"ledger_leftover_{TOKYO}", "Riichi sticks left at the end")).to_have_value("go to nobody")
        page.locator(".st-key-ledger_names input").fill(", ".join(PLAYERS))
        page.locator(".st-key-ledger_names input").press("Tab")
        page.get_by_role("button", name="Start the match").click()
        settle()
        (match,) = Ledger(tmp_path / "ledger.sqlite").matches()
        assert (match.rules.uma, match.rules.leftover_sticks) == ((), "nobody")  # as the boxes said


@pytest.mark.browser
@needs_chromium
def test_the_draw_forms_box_says_its_choice_in_the_language_switched_to(tmp_path):
    from playwright.sync_api import expect

    from tilelens.ledger import Ledger

    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match(TOKYO, PLAYERS)
    with tokyo_in_japanese(tmp_path, "ledger") as (page, settle):
        def record(said: str) -> None:
            # the form's fold, closed again by a switch (its title is in the new words)
            if not page.get_by_role("button", name=said).is_visible():
                page.locator("[data-testid='stExpander'] summary").filter(has_text=said).first.click()
                settle()
            page.get_by_role("button", name=said).click()
            settle()

        page.locator("[data-testid='stExpander'] summary").filter(has_text="流局を記録").first.click()
        settle()
        _pick(page, f"ledger_draw_end_{match}_0", "九種九牌")  # chosen, not sent yet
        _switch(page, settle, "English")
        ended = box(page, f"ledger_draw_end_{match}_0", "How the hand ended")  # a form for each hand
        expect(ended).to_have_value("Exhaustive draw (the wall ran out)", timeout=WAIT_MS)
        record("Record a draw")
        assert [(h.abortive, h.note) for h in ledger.hands(match)] == [(None, "Draw")]  # as the box said
        # the next hand's box, as it starts, in the other language: an exhaustive draw, recorded
        _switch(page, settle, "日本語")
        ended = box(page, f"ledger_draw_end_{match}_1", "流局の種類")
        expect(ended).to_have_value("荒牌流局 (山がなくなった)", timeout=WAIT_MS)
        record("流局を記録")
        assert not page.locator("[data-testid='stAlert']").filter(has_text="abortive").count()
        assert [h.abortive for h in ledger.hands(match)] == [None, None]


@pytest.mark.browser
@needs_chromium
def test_an_open_form_fold_stays_open_through_a_switch(tmp_path):
    """A switch renamed the draw form's fold, which was drawn anew, closed: the organiser had to find and open it
    again. Keyed, it stays open, its box saying in the new words what it will record."""
    from playwright.sync_api import expect

    from tilelens.ledger import Ledger

    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match(TOKYO, PLAYERS)
    with tokyo_in_japanese(tmp_path, "ledger") as (page, settle):
        page.locator("[data-testid='stExpander'] summary").filter(has_text="流局を記録").first.click()
        settle()
        _switch(page, settle, "English")
        expect(page.get_by_role("button", name="Record a draw")).to_be_visible(timeout=WAIT_MS)
        ended = box(page, f"ledger_draw_end_{match}_0", "How the hand ended")
        expect(ended).to_have_value("Exhaustive draw (the wall ran out)", timeout=WAIT_MS)
