"""Dora and ura-dora indicators picked by tapping tile pictures, as the hand is (session 66): the indicator box was a
drop-down of every tile whose text box brought up a phone's keyboard. A tap on a picture adds an indicator (the same
tile again for a kan's second indicator), a tap on one chosen takes it out; at most ``MAX_INDICATORS``, the ura dora
no more than the dora indicators; on both Score pages, in both languages."""
from __future__ import annotations

import pytest
from app_helpers import read_as, texts
from app_helpers import type_hand as typed

from scorer.riichi_tiles import MAX_INDICATORS

WHOLE = "123m456p789s234s11z"  # one 2m and one 4s: a 1m indicator makes one dora, a 3s one more


def tap(at, prefix: str, name: str, tile: str):
    """Tap ``tile``'s picture in the ``name`` ("dora" or "ura") indicator picker of the page ``prefix``."""
    at.button(key=f"{prefix}_{name}_add_{tile}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def take_out(at, prefix: str, name: str, index: int):
    """Tap the ``index``-th indicator chosen (from 0) to take it out."""
    at.button(key=f"{prefix}_{name}_remove_{index}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def scored(at, prefix: str = "manual"):
    """The options the page scored the hand with, and the result (``scoring.kept_for``'s record)."""
    (_, _, kwargs), result = at.session_state[f"{prefix}_scored_kept"]
    return kwargs, result


def riichi_hand(page, lang: str = "en"):
    at = typed(page("score_manual", "tokyo-mahjong", lang), WHOLE)
    at.checkbox(key="manual_riichi").check().run()  # a riichi win: it needs no other yaku, and has ura dora
    return at


def test_the_indicators_are_no_drop_down(home, page):
    at = riichi_hand(page)
    keys = [m.key for m in at.multiselect]
    assert "manual_dora" not in keys and "manual_ura" not in keys, keys  # the box that brought up the keyboard
    assert at.button(key="manual_dora_add_1m") and at.button(key="manual_ura_add_1m")


def test_two_indicators_tapped_score_two_dora(home, page):
    at = tap(tap(riichi_hand(page), "manual", "dora", "1m"), "manual", "dora", "3s")
    kwargs, result = scored(at)
    assert kwargs["dora_indicators"] == ["1m", "3s"] and result.extra["dora"]["dora"] == 2
    assert not at.error, [e.value for e in at.error]
    from scorer import score

    want = score("tokyo-mahjong", WHOLE, **kwargs)
    assert f"{want.points:,}" in at.success[0].value


def test_the_same_indicator_twice_is_a_kans_second(home, page):
    at = tap(tap(riichi_hand(page), "manual", "dora", "1m"), "manual", "dora", "1m")
    kwargs, result = scored(at)
    assert kwargs["dora_indicators"] == ["1m", "1m"] and result.extra["dora"]["dora"] == 2  # the 2m, twice
    assert at.button(key="manual_dora_remove_0") and at.button(key="manual_dora_remove_1")  # each shown, to take out
    tap(tap(at, "manual", "dora", "1m"), "manual", "dora", "1m")  # four: every copy the set has
    assert at.button(key="manual_dora_add_1m").disabled and not at.button(key="manual_dora_add_2m").disabled
    assert "all 4 chosen" in texts(at)


def test_a_tap_on_an_indicator_chosen_takes_it_out(home, page):
    at = tap(tap(riichi_hand(page), "manual", "dora", "1m"), "manual", "dora", "3s")
    take_out(at, "manual", "dora", 0)
    kwargs, result = scored(at)
    assert kwargs["dora_indicators"] == ["3s"] and result.extra["dora"]["dora"] == 1
    take_out(at, "manual", "dora", 0)
    kwargs, result = scored(at)
    assert not kwargs.get("dora_indicators") and result.extra["dora"]["dora"] == 0
    assert at.session_state["manual_dora"] == []


def test_no_more_than_five_dora_indicators(home, page):
    at = riichi_hand(page)
    for tile in ["1p", "2p", "3p", "4p", "5p"][:MAX_INDICATORS]:
        tap(at, "manual", "dora", tile)
    assert "manual_dora_add_6p" not in [b.key for b in at.button]  # none offered past the fifth
    assert "At most 5 dora indicators" in texts(at)
    take_out(at, "manual", "dora", 4)
    assert at.button(key="manual_dora_add_6p")


@pytest.mark.parametrize("lang, why", [("en", "dora indicator"), ("ja", "ドラ表示牌")])
def test_the_ura_dora_are_no_more_than_the_dora_indicators(home, page, lang, why):
    at = riichi_hand(page, lang)
    tap(at, "manual", "dora", "1m")
    tap(at, "manual", "ura", "3s")  # 4s: one ura dora
    kwargs, result = scored(at)
    assert kwargs["ura_dora_indicators"] == ["3s"] and result.extra["dora"]["ura_dora"] == 1
    assert "manual_ura_add_1m" not in [b.key for b in at.button]  # one under the one dora indicator
    assert any(why in c.value and "1" in c.value for c in at.caption), [c.value for c in at.caption]
    tap(at, "manual", "dora", "9p")
    tap(at, "manual", "ura", "1m")  # two under two
    assert scored(at)[0]["ura_dora_indicators"] == ["3s", "1m"]
    assert not at.error, [e.value for e in at.error]


def test_ura_dora_over_the_dora_indicators_taken_out_is_said_not_a_traceback(home, page):
    at = riichi_hand(page)
    for name, tile in [("dora", "1m"), ("dora", "9p"), ("ura", "2m"), ("ura", "3m")]:
        tap(at, "manual", name, tile)
    take_out(at, "manual", "dora", 1)
    assert at.error and "ura-dora indicators: 2 given, but 1 dora indicator" in at.error[0].value
    take_out(at, "manual", "ura", 1)
    assert not at.error, [e.value for e in at.error]


def test_the_pickers_words_are_japanese_on_a_japanese_screen(home, page):
    at = tap(riichi_hand(page, "ja"), "manual", "dora", "1m")
    assert [e.label for e in at.expander if "ドラ表示牌" in e.label], [e.label for e in at.expander]
    assert "一萬" in at.button(key="manual_dora_remove_0").label
    assert "外す" in (at.button(key="manual_dora_remove_0").help or "")
    assert "Dora" not in texts(at)


def test_the_indicators_stay_through_reruns_and_go_with_the_hand(home, page):
    at = tap(riichi_hand(page), "manual", "dora", "1m")
    at.checkbox(key="manual_ippatsu").check().run()
    at.run()
    assert scored(at)[0]["dora_indicators"] == ["1m"]
    at.button(key="manual_clear").click().run()  # the next hand: its own indicators
    assert "manual_dora" not in at.session_state or at.session_state["manual_dora"] == []


def test_the_photo_page_picks_indicators_by_picture_too(home, page):
    tiles = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 1z 1z".split()
    at = read_as(page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", tiles)
    assert "photo_dora" not in [m.key for m in at.multiselect]
    at.checkbox(key="photo_riichi").check().run()
    tap(tap(at, "photo", "dora", "1m"), "photo", "dora", "1m")
    kwargs, result = scored(at, "photo")
    assert kwargs["dora_indicators"] == ["1m", "1m"] and result.extra["dora"]["dora"] == 2
    take_out(at, "photo", "dora", 0)
    assert scored(at, "photo")[0]["dora_indicators"] == ["1m"]


@pytest.mark.parametrize("lang, words", [
    ("en", ["Take the 1st 1 Man out", "Take the 2nd 1 Man out", "Take 9 Pin out"]),
    ("ja", ["1枚目の一萬を外す", "2枚目の一萬を外す", "九筒を外す"]),
])
def test_a_tile_chosen_twice_says_which_of_them_each_button_takes_out(home, page, lang, words):
    """A screen reader says each button alone: two 1m indicators both said "Take 1 Man out"."""
    at = riichi_hand(page, lang)
    for tile in ("1m", "1m", "9p"):
        tap(at, "manual", "dora", tile)
    assert [at.button(key=f"manual_dora_remove_{i}").help for i in range(3)] == words
