"""The riichi Score pages' "Your own discards" (furiten) picked by tapping tile pictures, as the dora indicators are
(session 67): the box was a drop-down of 34+ tile ids as text, opened by a 32x22 px button on a phone. A tap on a
picture adds a discard (the same tile again for a second one), a tap on one chosen takes it out; the scorer gets the
same list of ids; a list the old drop-down left in the session still counts; on both Score pages, in both languages."""
from __future__ import annotations

import pytest
from app_helpers import read_as, texts
from app_helpers import type_hand as typed

from scorer import score

HAND = "234m456p678s345s22p"  # tanyao, won by ron on the 2p (its last tile): a 2p among the discards is furiten


def tap(at, tile: str, prefix: str = "manual"):
    """Tap ``tile``'s picture in the own-discards picker of the page ``prefix``."""
    at.button(key=f"{prefix}_discards_add_{tile}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def take_out(at, index: int, prefix: str = "manual"):
    """Tap the ``index``-th discard chosen (from 0) to take it out."""
    at.button(key=f"{prefix}_discards_remove_{index}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def scored(at, prefix: str = "manual"):
    """The options the page scored the hand with, and the result (``scoring.kept_for``'s record)."""
    (_, _, kwargs), result = at.session_state[f"{prefix}_scored_kept"]
    return kwargs, result


def ron_hand(page, lang: str = "en"):
    at = typed(page("score_manual", "tokyo-mahjong", lang), HAND)
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_discards_are_no_drop_down(home, page):
    at = ron_hand(page)
    assert "manual_discards" not in [m.key for m in at.multiselect]  # the box of ids as text
    assert at.button(key="manual_discards_add_1m") and at.button(key="manual_discards_add_7z")
    assert "Your own discards (furiten check): None" in texts(at)


def test_a_wait_tapped_as_a_discard_is_furiten(home, page):
    at = tap(ron_hand(page), "2p")
    kwargs, result = scored(at)
    assert kwargs["discards"] == ["2p"] and not result.winning
    want = score("tokyo-mahjong", HAND, win="ron", discards=["2p"])
    assert not want.winning and not at.success and "furiten" in at.warning[0].value


def test_a_discard_that_is_no_wait_scores_the_win(home, page):
    at = tap(ron_hand(page), "9m")
    kwargs, result = scored(at)
    assert kwargs["discards"] == ["9m"] and result.winning
    assert at.success and f"{score('tokyo-mahjong', HAND, **kwargs).points:,}" in at.success[0].value


def test_a_tap_on_a_discard_chosen_takes_it_out(home, page):
    at = tap(tap(ron_hand(page), "2p"), "9m")
    assert scored(at)[0]["discards"] == ["2p", "9m"]
    take_out(at, 0)
    kwargs, result = scored(at)
    assert kwargs["discards"] == ["9m"] and result.winning
    take_out(at, 0)
    assert "discards" not in scored(at)[0] and at.session_state["manual_discards"] == []


def test_the_same_tile_twice_is_two_discards_up_to_the_copies(home, page):
    at = tap(tap(ron_hand(page), "9m"), "9m")
    assert scored(at)[0]["discards"] == ["9m", "9m"]
    assert [at.button(key=f"manual_discards_remove_{i}").help for i in range(2)] == [
        "Take the 1st 9 Man out", "Take the 2nd 9 Man out"]  # each said alone, as a screen reader says it
    tap(tap(at, "9m"), "9m")  # four: every copy the set has
    assert at.button(key="manual_discards_add_9m").disabled and not at.button(key="manual_discards_add_8m").disabled
    assert "all 4 chosen" in texts(at)


@pytest.mark.parametrize("left", [["2p"], ("2p",), ["2p", "not-a-tile", 7]])
def test_a_list_the_old_drop_down_left_still_counts(home, page, left):
    at = ron_hand(page)
    at.session_state["manual_discards"] = left
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert scored(at)[0]["discards"] == ["2p"] and "furiten" in at.warning[0].value
    assert at.button(key="manual_discards_remove_0").help == "Take 2 Pin out"


def test_the_discards_say_what_they_are_for(home, page):
    at = tap(ron_hand(page), "2p")
    label = next(m for m in at.markdown if m.value.startswith("Your own discards (furiten check)"))
    assert "No ron while one of your winning tiles is among your own discards" in label.proto.help, label.proto.help
    assert "Tap one chosen to take it out." in label.proto.help
    assert [e for e in at.expander if e.label == "Add a discard by tapping a tile"]


def test_the_pickers_words_are_japanese_on_a_japanese_screen(home, page):
    at = tap(ron_hand(page, "ja"), "2p")
    assert "自分の捨て牌 (フリテンの確認):" in texts(at)
    assert [e for e in at.expander if e.label == "牌をタップして捨て牌を追加"], [e.label for e in at.expander]
    assert at.button(key="manual_discards_remove_0").help == "二筒を外す"
    assert "フリテン" in texts(at) and "discard" not in texts(at).lower()


def test_the_discards_stay_through_reruns_and_go_with_the_hand(home, page):
    at = tap(ron_hand(page), "9m")
    at.checkbox(key="manual_riichi").check().run()
    at.run()
    assert scored(at)[0]["discards"] == ["9m"]
    at.button(key="manual_clear").click().run()  # the next hand: its own discards
    assert "manual_discards" not in at.session_state or at.session_state["manual_discards"] == []


def test_the_photo_page_picks_discards_by_picture_too(home, page):
    tiles = "2m 3m 4m 4p 5p 6p 6s 7s 8s 3s 4s 5s 2p 2p".split()
    at = read_as(page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", tiles)
    assert "photo_discards" not in [m.key for m in at.multiselect]
    at.segmented_control(key="photo_win").set_value("ron").run()
    tap(at, "2p", "photo")
    kwargs, result = scored(at, "photo")
    assert kwargs["discards"] == ["2p"] and not result.winning
    take_out(at, 0, "photo")
    assert "discards" not in scored(at, "photo")[0]
