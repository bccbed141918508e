"""Typing riichi melds on the "Enter a hand" page (session 61, W8): a whole 14-tile hand and its melds, in either
order, a chi too, leaves the melds' tiles out of the hand, said in a toast; the melds box takes tile words in both
forms; a chi can hold the red five by tapping; a Japanese screen's builder writes ポン/チー; a bad hand is quoted
as typed."""
import pytest

from app_helpers import open_page, type_hand


def _said(at) -> list[str]:
    return [e.value for e in at.error]


def _toasts(at) -> str:
    return " ".join(t.value for t in at.toast)


def _melds(at, text):
    at.text_input(key="manual_melds").set_value(text).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("typed, melds, left", [
    ("234m456p789s55z666z", "pon 666z", "234m456p789s55z"),
    ("234m456p789s55z666z", "chi 234m", "456p789s55z666z"),
    ("234m66p678s406p222s", "chi 406p, pon 222s", "234m66p678s"),
    ("234678m22567p9999s", "ankan 9999s", "234678m22567p"),
    ("234m456p789s55z666z", "ポン 發發發", "234m456p789s55z"),
])
def test_the_whole_hand_then_its_melds(home, typed, melds, left):
    at = _melds(type_hand(open_page("score_manual", "tokyo-mahjong"), typed), melds)
    assert _said(at) == []
    assert at.session_state["manual_tiles"] == _ids(left)
    assert "from the hand into the meld" in _toasts(at), _toasts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("melds, left", [("pon 666z", "234m456p789s55z"), ("chi 234m", "456p789s55z666z")])
def test_the_melds_then_the_whole_hand(home, lang, melds, left):
    at = type_hand(open_page("score_manual", "tokyo-mahjong", lang), "5z")  # the melds box is drawn with a tile
    at = type_hand(_melds(at, melds), "234m456p789s55z666z")
    assert not at.exception and _said(at) == []
    assert at.session_state["manual_tiles"] == _ids(left)
    assert ("from the hand into the meld" if lang == "en" else "を手牌から鳴き") in _toasts(at), _toasts(at)


def test_a_lone_copy_of_a_meld_tile_in_a_hand_of_the_right_size_stays(home):
    at = _melds(type_hand(open_page("score_manual", "tokyo-mahjong"), "234m456p789s55z"), "chi 234m")
    assert at.session_state["manual_tiles"] == _ids("234m456p789s55z") and _toasts(at) == ""


def test_a_red_five_is_not_taken_for_a_plain_one(home):
    """406p typed in the hand, the chi typed as 456p: not the same tiles, nothing moved."""
    at = _melds(type_hand(open_page("score_manual", "tokyo-mahjong"), "234m66p678s406p222s"), "chi 456p, pon 222s")
    assert "0p" in at.session_state["manual_tiles"] and "chi" not in _toasts(at)


@pytest.mark.parametrize("lang, meld", [("en", "pon FFF"), ("en", "pon:發發發"), ("ja", "ポン 發發發"),
                                        ("ja", "ポン:發發發"), ("ja", "ポン ６６６ｚ")])
def test_the_melds_box_takes_tile_words_in_both_forms(home, lang, meld):
    at = _melds(type_hand(open_page("score_manual", "tokyo-mahjong", lang), "234m456p789s55z"), meld)
    assert _said(at) == [] and at.success, [e.value for e in at.info]


@pytest.mark.parametrize("tap, written", [("4p", "chi 406p"), ("3p", "chi 340p"), ("5p", "chi 067p")])
def test_a_chi_with_the_red_five_by_tapping(home, tap, written):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), "234m678s22z555z")
    at.segmented_control(key="manual_meld_kind").set_value("chi").run()
    at.checkbox(key="manual_meld_red").check().run()
    at.button(key=f"manual_meld_{tap}").click().run()
    assert not at.exception and at.text_input(key="manual_melds").value == written
    assert not at.checkbox(key="manual_meld_red").value  # one red five a suit: the next chi is plain
    at.button(key="manual_meld_1s").click().run()
    assert at.text_input(key="manual_melds").value == f"{written}, chi 123s"


def test_the_red_five_box_is_for_a_chi_only(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), "234m678s22z555z")
    assert not any(c.key == "manual_meld_red" for c in at.checkbox)  # pon: the red five has its own button
    at.segmented_control(key="manual_meld_kind").set_value("chi").run()
    assert any(c.key == "manual_meld_red" for c in at.checkbox)


def test_a_japanese_screen_builds_melds_in_japanese(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong", "ja"), "234m678s22z")
    at.segmented_control(key="manual_meld_kind").set_value("pon").run()
    at.button(key="manual_meld_0p").click().run()
    at.segmented_control(key="manual_meld_kind").set_value("kakan").run()
    at.button(key="manual_meld_7z").click().run()
    assert at.text_input(key="manual_melds").value == "ポン 055p, 加カン 7777z"
    assert not at.exception and _said(at) == []
    at.button(key="manual_meld_remove_0").click().run()  # the rest written again in Japanese too
    assert at.text_input(key="manual_melds").value == "加カン 7777z"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("typed", ["234m456p678s22z555Q", "２３４ｍ４５６ｐ６７８ｓ２２ｚ５５５ｑ"])
def test_a_bad_typed_hand_is_quoted_as_typed(home, lang, typed):
    at = type_hand(open_page("score_manual", "tokyo-mahjong", lang), typed)
    (said,) = _said(at)
    assert (f"「{typed}」" if lang == "ja" else repr(typed)) in said, said  # Japanese quotes it in 「」


def _ids(mpsz: str) -> list[str]:
    from scorer.riichi_tiles import parse_mpsz, tile_ids

    return tile_ids(parse_mpsz(mpsz))
