"""The palette's Find box and the typed hand take Cinderella Girls names as fans write them (session 55, f9): the
English name in either order and any spelling of its long vowels, the kana reading in hiragana or katakana; units
are said in English on an English screen, in Japanese on a Japanese one."""
import pytest
from streamlit.testing.v1 import AppTest

from app_helpers import open_page
from scorer import load_game

GAME = load_game("cinderella-neo")


@pytest.fixture(params=["en", "ja"])
def screen(request, monkeypatch):
    from app.components import tiles

    monkeypatch.setattr(tiles, "lang", lambda: request.param)
    return tiles


@pytest.mark.parametrize("typed, tile_id", [
    ("Rin Shibuya", "shibuya-rin"), ("shibuya rin", "shibuya-rin"), ("RIN SHIBUYA", "shibuya-rin"),
    ("Syuko", "shiomi-shuuko"), ("Shuko", "shiomi-shuuko"), ("shuuko", "shiomi-shuuko"),
    ("Shuko Shiomi", "shiomi-shuuko"), ("Karen Hojo", "houjou-karen"), ("houjou", "houjou-karen"),
    ("Kyoko", "igarashi-kyouko"), ("Kyouko Igarashi", "igarashi-kyouko"), ("anastasia", "anasutashia"),
    ("Frederica", "miyamoto-furederika"), ("Natalia", "nataaria"),
    ("しぶやりん", "shibuya-rin"), ("しぶや りん", "shibuya-rin"), ("しぶや", "shibuya-rin"), ("シブヤリン", "shibuya-rin"),
    ("ほうじょう", "houjou-karen"), ("しゅうこ", "shiomi-shuuko"),
])
def test_the_find_box_finds_an_idol_by_any_name_a_player_writes(screen, typed, tile_id):
    found = [k.id for k in screen.named_like(GAME.tiles, typed)]
    assert tile_id in found and len(found) <= 3, found


def test_a_given_name_in_kana_finds_every_idol_it_is_part_of(screen):
    found = [k.id for k in screen.named_like(GAME.tiles, "りん")]
    assert "shibuya-rin" in found and "doumyouji-karin" in found, found
    assert "shimamura-uzuki" not in found


def test_a_typed_hand_takes_the_names_fans_write(screen):
    typed = "Rin Shibuya, Syuko Shiomi, Hojo Karen, Kyouko Igarashi, anastasia, しぶや りん, Natalia"
    assert screen.parse_hand_text(GAME, typed) == ["shibuya-rin", "shiomi-shuuko", "houjou-karen", "igarashi-kyouko",
                                                  "anasutashia", "shibuya-rin", "nataaria"]
    assert screen.parse_hand_text(GAME, "Uzuki Shimamura Mio Honda") == ["shimamura-uzuki", "honda-mio"]


@pytest.mark.parametrize("lang, typed, name", [("ja", "しぶやりん", "渋谷"), ("en", "Rin Shibuya", "Rin"),
                                               ("en", "Shuko", "Syuko")])
def test_the_page_find_box_narrows_to_the_idol(home, lang, typed, name):
    at = open_page("score_manual", "cinderella-neo", lang)
    at.text_input(key="manual_pal_find").set_value(typed).run()
    few = [b for b in at.button if (b.key or "").startswith("manual_add_") and "almighty" not in b.key]
    assert [b.key for b in few] in (["manual_add_shibuya-rin"], ["manual_add_shiomi-shuuko"]), [b.key for b in few]
    assert name in few[0].label.replace("\u200b", "")


def _group_page():
    import streamlit as st

    from app.components.result import group_view
    from scorer import load_game, score

    game = load_game("cinderella-neo")
    hand = st.session_state["hand"]
    group = next(g for g in score(game, hand, riichi=True).to_dict()["decomposition"] if hand[0] in g["tiles"])
    st.session_state["lang"] = st.session_state.get("want", "en")
    group_view(game, group)


PINKY = ["ogata-chieri", "shimamura-uzuki", "kohinata-miho", "nakano-yuka", "shiina-noriko", "mizumoto-yukari",
         "shibuya-rin", "kamiya-nao", "houjou-karen"]
TIARA = ["totoki-airi", "kanzaki-ranko", "shibuya-rin", "shiomi-shuuko", "shimamura-uzuki", "takagaki-kaede", "abe-nana",
         "honda-mio", "houjou-karen"]


@pytest.mark.parametrize("hand, lang, said, not_said", [
    (PINKY, "en", "unit Pinky Cute", "ピンキーキュート"), (PINKY, "ja", "ユニット ピンキーキュート", "Pinky"),
    # said once: the unit's English name is the group kind's ("past Cinderella Girls 歴代シンデレラガール" before)
    (TIARA, "en", "past Cinderella Girls", "歴代"), (TIARA, "ja", "歴代シンデレラガール", "Cinderella"),
])
def test_a_unit_is_named_in_the_screens_language(hand, lang, said, not_said):
    at = AppTest.from_function(_group_page)
    at.session_state["want"] = lang
    at.session_state["hand"] = hand
    at.run()
    captions = " ".join(c.value for c in at.caption)
    assert said in captions and not_said not in captions, captions
    if lang == "en":  # (the Japanese screen says 歴代シンデレラガール twice: app/components/result.py's group_view
        assert captions.count(said) == 1  # compares the kind with the English label only)
