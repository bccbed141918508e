"""Session 66, F3 (walk W12): a photo of Yokai Watch tiles uploaded on the Nogizaka Score-a-photo page was read as
Nogizaka members at a mean 0.73-0.81, over ``OTHER_GAME_BELOW``, with no warning. The page's reader now asks each other
game's classifier too (``vision.Recognizer.asking_other_games``): Yokai Watch's reads the tiles surer by the margin,
and the page asks whether the game is right, naming Yokai Watch where its reading carries the name."""
from dataclasses import replace

import pytest
from app_helpers import synthetic

from app.components.i18n import STRINGS

YOKAI = "yokai-01 yokai-02 yokai-03 yokai-04 yokai-05 yokai-06 yokai-07 yokai-08 yokai-09".split()
NOGIZAKA = "rarin rarin rarin ashu ashu ashu minami minami minami".split()


def _upload(page, game, lang, name, data):
    at = page("score_photo", game, lang)
    at.file_uploader(key="photo_upload").set_value((name, data, "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_yokai_watch_photo_read_surely_as_nogizaka_asks_whether_the_game_is_right(home, page):
    at = _upload(page, "nogizaka", "en", "yokai.jpg", synthetic("yokai-watch", YOKAI))  # 0.754 as Nogizaka
    assert at.session_state["photo_reading"].other_game
    said = [w.value for w in at.warning if "do not look like" in w.value]
    assert len(said) == 1 and "is the game right?" in said[0] and "Nogizaka" in said[0], said
    assert "Yokai Watch" in said[0], said


def test_its_own_games_photo_is_not_asked_about(home, page):
    at = _upload(page, "nogizaka", "en", "nogizaka.jpg", synthetic("nogizaka", NOGIZAKA))
    assert not at.session_state["photo_reading"].other_game
    assert not [w for w in at.warning if "do not look like" in w.value]


def test_the_named_words_keep_the_words_the_tests_look_for():
    ja, en = STRINGS["other_game_like"]
    assert "do not look like the tiles of {game}" in en and "is the game right?" in en and "{other}" in en
    assert "{game}の牌に見えません" in ja and "選んだゲームが合っているか" in ja and "{other}の牌に見えます" in ja
    assert "?" not in ja and "？" not in ja  # a request, not a question mark (tests/scorer/test_japanese_terms_cli_52)


@pytest.mark.parametrize("lang, words", [
    ("en", ["do not look like the tiles of Nogizaka Donjara (fan-made) but like those of Yokai Watch Donjara: is the "
            "game right?",
            "choose Yokai Watch Donjara as the game above"]),
    ("ja", ["の牌に見えません。妖怪ウォッチ ドンジャラの牌に見えます。選んだゲームが合っているか確かめてください",
            "上でゲームを妖怪ウォッチ ドンジャラにしてください"]),
])
def test_a_reading_naming_the_game_says_it_and_offers_no_set(home, page, lang, words):
    at = _upload(page, "nogizaka", lang, "yokai.jpg", synthetic("yokai-watch", YOKAI))
    read = at.session_state["photo_reading"]
    at.session_state["photo_reading"] = replace(read, other_game=True, looks_like="yokai-watch")
    at.run()
    said = [w.value for w in at.warning if words[0] in w.value]
    assert len(said) == 1 and words[1] in said[0], [w.value for w in at.warning]


def test_the_page_names_the_game_the_tiles_look_like(home, page):
    at = _upload(page, "nogizaka", "ja", "yokai.jpg", synthetic("yokai-watch", YOKAI))
    assert [w for w in at.warning if "妖怪ウォッチ" in w.value and "の牌に見えます" in w.value]


@pytest.mark.parametrize("lang, said", [("en", "Add the photo only if its tiles are those of Nogizaka Donjara (fan-made)"),
                                        ("ja", "の牌 (自分のセットなど) のときだけ加えてください")])
def test_keeping_a_photo_of_another_games_tiles_warns_first(home, page, lang, said):
    at = _upload(page, "nogizaka", lang, "yokai.jpg", synthetic("yokai-watch", YOKAI))
    assert [w for w in at.warning if said in w.value], [w.value for w in at.warning]
    own = _upload(page, "nogizaka", lang, "nogizaka.jpg", synthetic("nogizaka", NOGIZAKA))
    assert not [w for w in own.warning if said in w.value]
