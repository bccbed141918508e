"""The "Enter a hand" page (session 62, F4): the whole riichi hand typed beside melds already in their box has the
melds' tiles taken out of it, and the typed box says the hand left at once, not the 14 typed until the next run.
And a Donjara Scout's group is tagged among the result's groups (scout / スカウト)."""
import pytest

from app_helpers import open_page, type_hand


def _melds(at, text):
    at.text_input(key="manual_melds").set_value(text).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("melds, left", [("pon 666z", "234m456p789s55z"), ("chi 234m", "456p789s55z666z")])
def test_the_typed_box_says_the_hand_left_at_once(home, lang, melds, left):
    at = type_hand(_melds(type_hand(open_page("score_manual", "tokyo-mahjong", lang), "5z"), melds),
                   "234m456p789s55z666z")
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert _ids(at.text_input(key="manual_typed").value) == _ids(left) == at.session_state["manual_tiles"]
    toasts = " ".join(t.value for t in at.toast)
    assert ("from the hand into the meld" if lang == "en" else "を手牌から鳴き") in toasts, toasts


def test_a_hand_typed_with_no_meld_tiles_to_take_stays_as_typed(home):
    at = type_hand(_melds(type_hand(open_page("score_manual", "tokyo-mahjong"), "5z"), "pon 666z"),
                   "234m456p789s55z")
    assert not at.exception and at.text_input(key="manual_typed").value == "234m456p789s55z"
    assert not at.toast


DEKO_4 = ["akagi-miria", "jougasaki-mika", "jougasaki-rika", "moroboshi-kirari"]
SCOUT_HAND = ", ".join(["Miria Akagi", "Mika Jogasaki", "Rika Jogasaki", "Kirari Moroboshi", "Mio Honda", "Akane Hino",
                        "Natalia", "Yukari Mizumoto", "Kanako Mimura"])


@pytest.mark.parametrize("lang, tag", [("en", "scout"), ("ja", "スカウト")])
def test_the_scouted_group_is_tagged_among_the_groups(home, lang, tag):
    at = type_hand(open_page("score_manual", "cinderella-neo", lang), SCOUT_HAND)
    at.checkbox(key="manual_riichi").check().run()
    at.multiselect(key="manual_scout_0").set_value(DEKO_4).run()
    assert not at.exception and at.success, [e.value for e in at.warning]
    captions = [c.value for c in at.caption]
    tagged = [c for c in captions if c.endswith(f" · {tag}")]
    assert len(tagged) == 1 and tagged[0].startswith("unit" if lang == "en" else "ユニット"), captions
    at.multiselect(key="manual_scout_0").set_value([]).run()
    assert at.success and not any(c.endswith(f" · {tag}") for c in (c.value for c in at.caption))


def _ids(mpsz: str) -> list[str]:
    from scorer.riichi_tiles import parse_mpsz, tile_ids

    return tile_ids(parse_mpsz(mpsz))
