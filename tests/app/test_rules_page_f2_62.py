"""Session 62 (F2): the Rules page and rules files a club wrote by hand.

1. A house table edited by hand past the app's limit (``settings.MAX_ADDED_BYTES``) is refused by the game picker, and
   was still put whole into the Rules page's editor: a text area of the multi-MB file on every run. The editor now says
   why it is not opened and the way out (download the file first, then Restore), and opens no text area on it.
2. A ``[riichi]`` or ``[table]`` number written in quotes is refused with the hint other tables give ("write 300,
   without quotes"), on the Rules page too.
3. The photo page says under a Yokai Watch result that its yaku table is a stand-in, as the Rules page does."""
from __future__ import annotations

import pytest

from app_helpers import open_page, texts
from test_added_game_50 import club_text

from app import settings

GAME = "nogizaka"


def _grown_by_hand(game_id: str = GAME):
    """An edit of ``game_id`` saved, then grown past the app's limit by hand (a comment of 256 KB appended)."""
    settings.save_house_table(game_id, settings.game_text(game_id).replace("hand_size = 9", "hand_size = 9  # ours", 1))
    edit = settings.edited_path(game_id)
    with edit.open("a", encoding="utf-8") as file:
        file.write("# " + "y" * (settings.MAX_ADDED_BYTES + 10) + "\n")
    return edit


def _downloads(at):
    return at.get("download_button")


def _big_areas(at):
    return [a.key for a in at.text_area if len(a.value or "") > settings.MAX_ADDED_BYTES]


def test_the_oversized_file_itself_is_too_large_to_open(home):
    edit = _grown_by_hand()
    size = settings.too_large(GAME)
    assert size == edit.stat().st_size > settings.MAX_ADDED_BYTES
    settings.reset_house_table(GAME)
    assert settings.too_large(GAME) is None  # the shipped table


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_edit_grown_past_the_limit_is_not_put_in_the_editor(home, lang):
    _grown_by_hand()
    at = open_page("rules", GAME, lang)
    assert not at.exception, [e.value for e in at.exception]
    assert not _big_areas(at), "the oversized file was loaded into a text area"
    assert f"{settings.MAX_ADDED_BYTES // 1024} KB" in texts(at)  # the refusal, said
    said = texts(at)
    if lang == "en":
        assert "download it first" in said and "“Restore the shipped default”" in said, said
    else:
        assert "先にダウンロード" in said and "「同梱の表に戻す」" in said, said
    assert len(_downloads(at)) == 1
    assert "rules_save" not in [b.key for b in at.button]  # nothing to save: no text opened
    at.button(key="rules_reset").click().run()  # the way out: Restore (the file moved aside, not deleted)
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert settings.edited_path(GAME) is None and settings.app_game(GAME).id == GAME
    kept = list(settings.history_dir(GAME).glob("*.toml"))
    assert any(p.stat().st_size > settings.MAX_ADDED_BYTES for p in kept), kept


def test_the_download_reads_the_file_when_pressed_not_on_every_run(home):
    _grown_by_hand()
    at = open_page("rules", GAME, "en")
    (button,) = _downloads(at)
    assert button.proto.label == "Download this file"
    assert button.proto.deferred_file_id and not button.proto.url  # a callable: no megabytes held each run
    assert button.proto.ignore_rerun  # pressing it does not run the page again


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_added_games_own_file_grown_past_the_limit_says_remove_and_add_again(home, lang):
    settings.add_game(club_text())
    added = settings.added_path("club")
    with added.open("a", encoding="utf-8") as file:
        file.write("# " + "y" * (settings.MAX_ADDED_BYTES + 10) + "\n")
    at = open_page("rules", "club", lang)
    assert not at.exception, [e.value for e in at.exception]
    assert not _big_areas(at)
    said = texts(at)
    remove = "“Remove this game”" if lang == "en" else "「このゲームを削除」"
    assert remove in said, said
    assert len(_downloads(at)) == 1
    assert "rules_remove" in [b.key for b in at.button]


def test_a_table_under_the_limit_opens_in_the_editor_as_before(home):
    settings.save_house_table(GAME, settings.game_text(GAME).replace("hand_size = 9", "hand_size = 9  # ours", 1))
    at = open_page("rules", GAME, "en")
    assert "ours" in at.text_area(key=f"rules_text_{GAME}").value
    assert not _downloads(at)


# 2. the hint on the Rules page ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_says_write_it_without_quotes_for_a_riichi_key(home, lang):
    game = "tokyo-mahjong"
    at = open_page("rules", game, lang)
    text = at.text_area(key=f"rules_text_{game}").value
    at.text_area(key=f"rules_text_{game}").set_value(text.replace("honba_ron = 300 ", 'honba_ron = "300" ', 1)).run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.error) == 1, [e.value for e in at.error]
    said = at.error[0].value
    assert "riichi.honba_ron" in said, said
    assert ("write 300, without quotes" if lang == "en" else "引用符を付けず、半角で 300 と書きます") in said, said
    assert settings.edited_path(game) is None


# 3. Yokai Watch's stand-in yaku table, said under its result ---------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_photo_page_says_yokai_watchs_yaku_table_is_a_stand_in_once(home, page, lang):
    from app_helpers import read_as_win

    at = read_as_win(page("score_photo", "yokai-watch", lang), 5)
    assert not at.exception, [e.value for e in at.exception]
    word = "a stand-in set by this app" if lang == "en" else "このアプリが決めた仮の表"
    notes = [c.value for c in at.caption if word in c.value]
    assert len(notes) == 1, [c.value for c in at.caption]


def test_a_game_with_the_boxs_own_yaku_table_says_no_stand_in(home):
    from app_helpers import type_hand

    at = type_hand(open_page("score_manual", GAME), " ".join(["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3))
    assert not at.exception, [e.value for e in at.exception]
    assert at.success or at.warning  # a result drawn
    assert "stand-in" not in texts(at)
