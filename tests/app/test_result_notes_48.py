"""What a result leaves out, said on the result view: a riichi win's notes (renhou or dora beside a yakuman, given
and not counted: ``extra["notes"]``) and a Donjara favourite picked but not doubled (``extra["favourite_not_doubled"]``:
not in the hand, or the house rule off). The scorer and the command line said them; the app said nothing, and a
player who picked a favourite saw a payout not doubled without a word."""
from __future__ import annotations

import pytest
from app_helpers import texts, type_hand
from streamlit.testing.v1 import AppTest

SUUANKOU_TANKI = "111m999m111p999p11z"  # a yakuman won on 1z; with indicator 8m its three 9m are 3 dora, not counted


@pytest.mark.parametrize("lang, said", [
    ("en", "3 dora not counted: beside a yakuman only the yakuman counts"),
    ("ja", "ドラ3は数えません: 役満があるときは役満だけを数えます"),
])
def test_dora_beside_a_yakuman_are_said_in_the_screens_language(home, page, lang, said):
    at = type_hand(page("score_manual", "tokyo-mahjong", lang=lang), SUUANKOU_TANKI)
    assert at.success and said not in texts(at)  # no dora given: nothing to say
    at.button(key="manual_dora_add_8m").click().run()
    assert not at.exception
    assert any(said in c.value for c in at.caption), [c.value for c in at.caption]
    other = "3 dora not counted" if lang == "ja" else "ドラ3は数えません"
    assert other not in texts(at)  # the other language's words are not shown


def test_a_riichi_win_with_nothing_left_out_says_no_note(home, page):
    at = type_hand(page("score_manual", "tokyo-mahjong"), "234m456p789s11z555z")
    at.button(key="manual_dora_add_1m").click().run()  # a dora that counts: no yakuman beside it
    assert at.success and "not counted" not in texts(at)


def _cinderella_win() -> list[str]:
    from scorer import load_game

    game = load_game("cinderella-neo")
    return [k.id for k in game.tiles if k.attrs.get("type") == "cute" and k.attrs.get("status") == "Vo"][:9]


@pytest.mark.parametrize("lang, said", [("en", "not doubled: not in the hand"), ("ja", "手牌にないので2倍になりません")])
def test_a_favourite_not_in_the_hand_says_why_the_payout_is_not_doubled(home, page, lang, said):
    from scorer import load_game

    game = load_game("cinderella-neo")
    hand = _cinderella_win()
    at = type_hand(page("score_manual", "cinderella-neo", lang=lang), " ".join(hand))
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert at.success and said not in texts(at)  # no favourite picked: nothing to say
    at.selectbox(key="manual_fav").set_value(hand[4]).run()  # held: doubled, as before, and no "not doubled"
    assert "84" in at.success[0].value and said not in texts(at)
    away = next(k for k in game.tiles if k.id not in hand and not k.almighty)
    at.selectbox(key="manual_fav").set_value(away.id).run()
    assert not at.exception and "42" in at.success[0].value
    name = away.name_ja if lang == "ja" else (away.name_en or away.name_ja)
    (caption,) = [c.value for c in at.caption if said in c.value]
    assert name in caption


def _view_of(game_id: str, hand: str | list[str], lang: str, **options):
    """The result view alone on a page of its own, of ``hand`` scored with ``options``."""
    def script(game_id, hand, lang, options):
        import streamlit as st

        from app.components.result import result_view
        from scorer import load_game, score

        st.session_state["lang"] = lang
        game = load_game(game_id)
        result_view(game, score(game, hand, **options))

    return AppTest.from_function(script, args=(game_id, hand, lang, options), default_timeout=30).run()


@pytest.mark.parametrize("lang, said", [("en", "the house rule is off"), ("ja", "ハウスルールで2倍になりません")])
def test_a_favourite_not_doubled_by_the_house_rule_is_said(home, lang, said):
    hand = _cinderella_win()
    at = _view_of("cinderella-neo", hand, lang, win="ron", riichi=True, favourite=hand[4], favourite_doubling=False)
    assert not at.exception, [e.value for e in at.exception]
    assert "42" in at.success[0].value and any(said in c.value for c in at.caption), [c.value for c in at.caption]


@pytest.mark.parametrize("lang, said", [
    ("en", "renhou not counted: beside a yakuman only the yakuman counts"),
    ("ja", "人和は数えません: 役満があるときは役満だけを数えます"),
])
def test_renhou_beside_a_yakuman_is_said_with_the_dora(home, lang, said):
    at = _view_of("tokyo-mahjong", SUUANKOU_TANKI, lang, win_tile="1z", renhou=True, dora_indicators="8m")
    assert not at.exception, [e.value for e in at.exception]
    captions = [c.value for c in at.caption]
    assert any(said in c for c in captions), captions
    assert any(("3 dora" if lang == "en" else "ドラ3") in c for c in captions), captions
