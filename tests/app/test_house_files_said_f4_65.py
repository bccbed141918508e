"""Session 65 (W3's house-rules walk), the app's side: a house table saved as a folder is said as a broken edit is
(every page's game picker); an added game saved as ``kitchen.toml.txt`` is said on the Rules page; the Rules page's
Add of an uploaded file that is empty says so, and a TOML error in an upload names the file; the Event check page
says up front that nothing reads an added game's tiles (as the Score-by-photo page does), and after a check says it
in the app's words, naming the game as the screen names it, not the command line's `tilelens label init`."""
from __future__ import annotations

import pytest

from app_helpers import open_page, synthetic, texts
from test_added_game_50 import club_text

from app import settings
from scorer import GameFileError


@pytest.mark.parametrize("page", ["rules", "score_manual"])
def test_an_edit_that_is_a_folder_is_said_not_skipped(home, page):
    (settings.house_dir("nogizaka") / "fad565c264b1.toml").mkdir(parents=True)
    with pytest.raises(GameFileError, match="is a folder, not a game file"):
        settings.app_game("nogizaka")
    at = open_page(page)
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert not at.exception, [e.value for e in at.exception]
    said = [e.value for e in at.error]
    assert any("games/nogizaka/fad565c264b1.toml" in e and "is a folder, not a game file" in e for e in said), said


def test_an_edit_that_is_a_folder_in_japanese(home):
    (settings.house_dir("nogizaka") / "e.toml").mkdir(parents=True)
    at = open_page("score_manual", None, "ja")
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert any("games/nogizaka/e.toml" in e.value and "フォルダです" in e.value for e in at.error), \
        [e.value for e in at.error]


@pytest.mark.parametrize("lang, words", [("en", "is not read: rename it club.toml"),
                                         ("ja", "読みません: club.toml にしてください")])
def test_an_added_game_saved_as_txt_is_said_on_the_rules_page(home, lang, words):
    folder = settings.added_dir()
    folder.mkdir(parents=True)
    (folder / "club.toml.txt").write_text(club_text(), encoding="utf-8")
    at = open_page("rules", "nogizaka", lang)
    assert any("club.toml.txt" in w.value and words in w.value for w in at.warning), [w.value for w in at.warning]


def _add_upload(data: bytes, lang: str, name: str = "kitchen.toml"):
    at = open_page("rules", "nogizaka", lang)
    at.file_uploader(key="rules_add_file_0").set_value((name, data, "application/toml")).run()
    at.button(key="rules_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang, words", [("en", "kitchen.toml is empty: no game is written in it"),
                                         ("ja", "kitchen.tomlは空です。ゲームが書かれていません")])
@pytest.mark.parametrize("data", [b"", b"\n  \n", b"\xef\xbb\xbf"])
def test_an_empty_upload_is_said_empty(home, lang, words, data):
    at = _add_upload(data, lang)
    said = [e.value for e in at.error]
    assert len(said) == 1 and words in said[0], said
    assert "Choose a rules file" not in said[0] and "選ぶか" not in said[0], said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_toml_error_in_an_upload_names_the_file(home, lang):
    text = club_text().replace("points = 60\n", "points = 60\n[[yaku]\n", 1)
    at = _add_upload(text.encode(), lang, "my-club.toml")
    said = [e.value for e in at.error]
    assert len(said) == 1 and "my-club.toml" in said[0], said
    assert "the added rules" not in said[0] and "追加するルール" not in said[0], said


def test_nothing_uploaded_nor_pasted_is_still_asked_for(home):
    at = open_page("rules", "nogizaka")
    at.button(key="rules_add").click().run()
    assert any("Choose a rules file or paste the rules first" in e.value for e in at.error), [e.value for e in at.error]


# ---- the Event check page of a game added in the app that nothing reads

@pytest.fixture
def club(home):
    settings.add_game(club_text())
    return "club"


@pytest.mark.parametrize("lang, line", [
    ("en", "Nothing reads this game's tiles yet: teach a tile set from photos on the Label tiles page."),
    ("ja", "このゲームの牌を読むモデルも牌セットもまだありません。「ラベル付け」のページで写真から牌セットを覚えさせてください。")])
def test_the_event_page_says_up_front_that_nothing_reads_the_game(club, lang, line):
    at = open_page("event_check", club, lang)
    assert line in texts(at), texts(at)
    photo = open_page("score_photo", club, lang)
    assert line in texts(photo)  # the same line as the Score-by-photo page's


def test_the_event_page_says_nothing_of_it_for_a_game_read(home):
    at = open_page("event_check", "nogizaka")
    assert "Nothing reads this game's tiles yet" not in texts(at)


@pytest.mark.parametrize("lang, name", [("en", "Club Donjara"), ("ja", "クラブドンジャラ")])
def test_after_a_check_the_event_page_says_it_in_the_apps_words(club, lang, name):
    at = open_page("event_check", club, lang)
    at.file_uploader(key="event_seat_1").set_value(
        ("seat1.jpg", synthetic("nogizaka", ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3), "image/jpeg"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [e.value for e in at.error]
    assert len(said) == 1, said
    assert "tilelens label" not in said[0] and "--game" not in said[0], said
    assert name in said[0] and ("Label tiles" in said[0] or "ラベル付け" in said[0]), said
