"""Session 53 (a match of 400 hands, a game of 114 matches, on a phone): the page names a round past North East again
with its lap (East 1 (lap 5), 東1局 (5周目)), as `tilelens ledger show` does; the match picker lists the matches
under way first, then the finished ones (said so), each newest first, and still shows the newest where none is
chosen; the yaku and notes list the last 20 entries, with a switch for all of them; a player's card draws the line
of the last 50 entries, not of 400."""
from __future__ import annotations

import dataclasses

import pytest
from app_helpers import texts

from scorer import load_game
from tilelens.ledger import Ledger, rules_for

GAME = "tokyo-mahjong"
DETAILS = {"en": "Yaku and notes of each hand", "ja": "各局の役と備考"}


def house_match(home, laps: int = 6) -> tuple[Ledger, int]:
    ledger = Ledger(home / "ledger.sqlite")
    game = load_game(GAME)
    return ledger, ledger.new_match(game, ["Ann", "Bo", "Cy", "Di"],
                                    rules=dataclasses.replace(rules_for(game), laps=laps, ends_at_or_below=None))


def moving_hands(ledger: Ledger, m: int, n: int) -> None:
    """``n`` hands, each a non-dealer's ron: the deal moves every hand."""
    for _ in range(n):
        dealer = ledger.state(m).dealer
        ledger.add_win(m, (dealer + 1) % 4, "ron", {(dealer + 2) % 4: 1000})


@pytest.mark.parametrize("lang, north, lap5, lap6", [
    ("en", "North 4, honba 0", "East 1 (lap 5), honba 0", "South 2 (lap 6), honba 0"),
    ("ja", "北4局 0本場", "東1局 (5周目) 0本場", "南2局 (6周目) 0本場")])
def test_the_round_past_north_is_east_again_with_its_lap(home, page, lang, north, lap5, lap6):
    ledger, m = house_match(home)
    moving_hands(ledger, m, 15)
    assert north in texts(page("ledger", GAME, lang=lang))
    moving_hands(ledger, m, 1)
    said = next(m.value for m in page("ledger", GAME, lang=lang).markdown if " · " in m.value and not m.value.startswith("- "))
    assert lap5 in said and ("North" not in said and "北" not in said), said
    moving_hands(ledger, m, 5)
    assert lap6 in texts(page("ledger", GAME, lang=lang))


@pytest.mark.parametrize("lang, finished", [("en", "finished"), ("ja", "終了")])
def test_the_picker_lists_the_matches_under_way_first(home, page, lang, finished):
    ledger = Ledger(home / "ledger.sqlite")
    sep = "、" if lang == "ja" else ", "
    old = ledger.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])  # under way
    done = ledger.new_match(GAME, ["Eve", "Fu", "Gin", "Hal"])
    ledger.add_win(done, 1, "ron", {0: 32000})  # Eve below 0: ended
    new = ledger.new_match(GAME, ["Io", "Jo", "Ko", "Lu"])
    at = page("ledger", GAME, lang=lang)
    box = at.selectbox(key=f"ledger_match_{GAME}")
    assert box.options == [f"#{new} · Io{sep}Jo{sep}Ko{sep}Lu", f"#{old} · Ann{sep}Bo{sep}Cy{sep}Di",
                           f"#{done} · Eve{sep}Fu{sep}Gin{sep}Hal · {finished}"]
    assert box.value.id == new
    box.select_index(2).run()
    assert not at.exception and at.selectbox(key=f"ledger_match_{GAME}").value.id == done
    assert at.metric[0].label.startswith("Eve")


def test_the_newest_match_is_still_shown_first_where_it_has_finished(home, page):
    """The score pages add to the newest match where none is chosen: the page shows that one, listed last."""
    ledger = Ledger(home / "ledger.sqlite")
    old = ledger.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    done = ledger.new_match(GAME, ["Eve", "Fu", "Gin", "Hal"])
    ledger.add_win(done, 1, "ron", {0: 32000})
    at = page("ledger", GAME)
    box = at.selectbox(key=f"ledger_match_{GAME}")
    assert box.value.id == done and box.options[0].startswith(f"#{old} ")
    assert not at.exception and at.metric[0].label.startswith("Eve")


def details(at, lang="en"):
    (box,) = [e for e in at.expander if e.label == DETAILS[lang]]
    lines = "\n".join(m.value for m in box.markdown).splitlines()
    return box, [line for line in lines if line.startswith("- ")]


@pytest.mark.parametrize("lang, last, every", [("en", "The last 20 of 25 entries", "Show all 25"),
                                               ("ja", "最後の20件を表示しています (全25件)", "全25件を表示")])
def test_the_details_list_the_last_entries_with_a_switch_for_all(home, page, lang, last, every):
    ledger, m = house_match(home, laps=10)
    moving_hands(ledger, m, 25)
    at = page("ledger", GAME, lang=lang)
    box, lines = details(at, lang)
    assert len(lines) == 20 and lines[0].startswith("- 6 · ") and lines[-1].startswith("- 25 · "), lines
    assert any(last in c.value for c in box.caption), [c.value for c in box.caption]
    (switch,) = box.toggle
    assert switch.label == every
    switch.set_value(True).run()
    assert not at.exception
    _, lines = details(at, lang)
    assert len(lines) == 25 and lines[0].startswith("- 1 · ")


def test_a_short_match_lists_every_entry_without_a_switch(home, page):
    ledger, m = house_match(home)
    moving_hands(ledger, m, 20)
    box, lines = details(page("ledger", GAME))
    assert len(lines) == 20 and not box.toggle and not box.caption


def test_a_card_draws_the_last_50_entries(home, page):
    ledger, m = house_match(home, laps=20)
    moving_hands(ledger, m, 60)
    state = ledger.state(m)
    at = page("ledger", GAME)
    for seat, card in enumerate(at.metric):
        assert list(card.proto.chart_data) == [float(h[seat]) for h in state.history[-51:]]


def test_a_card_of_a_shorter_match_draws_every_entry(home, page):
    ledger, m = house_match(home)
    moving_hands(ledger, m, 5)
    state = ledger.state(m)
    at = page("ledger", GAME)
    assert list(at.metric[1].proto.chart_data) == [float(h[1]) for h in state.history]
