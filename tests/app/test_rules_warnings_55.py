"""Session 55 (f5, walkthrough w1): the Rules page's warnings in plain words.

1. An edit the shipped table has changed since (or saved by an older tilelens) was said as a raw unified diff
   (``@@ -1652,6 +1652,7 @@``, English TOML comments on a Japanese screen) with "copy just those rules by hand":
   now one line per changed rule in the screen's language, the diff in a closed expander, the shipped changes taken
   into the edit by a button (the club's own changes kept), and "Keep my edit as it is" says it was done.
3. A broken file of an added game: the other pages said "reset it to the shipped default", which an added game has
   none of.
4. A phone was shown the laptop's full paths in two tooltips (the table in use, the Restore popover).
"""
from __future__ import annotations

import pytest
import test_rules_shipped_changed as changed
from app_helpers import go_to, open_page
from screen_words import foreign, gather
from test_old_house_edits_54 import GAME, RON_RULE, place_old_edit

from app import settings

shipped = changed.shipped  # the fixture: a copy of Nogizaka's shipped file that a test changes as an update would
_update = changed._update

SEAM = "TILELENS_VISITOR"  # app.components.visitor.SEAM


# ---- 4. no full path in a tooltip for a phone ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_not_shown_the_laptop_s_paths_on_the_rules_page(home, monkeypatch, lang):
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("points = 60", "points = 90", 1))
    monkeypatch.setenv(SEAM, "network")
    at = open_page("rules", "nogizaka", lang)
    full = str(settings.house_dir("nogizaka"))
    shown = [s for s in gather(at) if full in s]
    assert not shown, shown


def test_the_laptop_still_gets_the_full_path_to_copy(home):
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("points = 60", "points = 90", 1))
    at = open_page("rules", "nogizaka", "en")
    full = str(settings.house_dir("nogizaka"))
    assert any(full in s for s in gather(at))


# ---- 3. a broken added game: no shipped default to go back to --------------------------------------------------------
def _broken_added(home) -> None:
    folder = home / "home" / "games" / "_added"
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text("not = [toml", encoding="utf-8")


@pytest.mark.parametrize("lang, shipped, said", [
    ("en", "shipped default", "remove the game and add its file again"),
    ("ja", "同梱の表に戻す", "ゲームを削除して、直したファイルを追加し直せます")])
def test_a_broken_added_game_is_not_said_to_have_a_shipped_default(home, lang, shipped, said):
    _broken_added(home)
    at = open_page("score_photo", None, lang)
    at.selectbox(key="game_id").set_value("broken").run()
    infos = " ".join(i.value for i in at.error)  # the way out said in the file error's box
    assert shipped not in infos and said in infos, infos
    go_to(at, "rules")  # the Rules page says how there, beside the file's text
    assert any(said in c.value for c in at.caption), [c.value for c in at.caption]


def test_a_broken_edit_of_an_added_game_is_said_to_go_back_to_the_table_as_added(home):
    text = settings.game_text("nogizaka").replace('id = "nogizaka"', 'id = "club"', 1)
    settings.add_game(text.replace('name_en = "', 'name_en = "Club ', 1).replace('name_ja = "', 'name_ja = "クラブ', 1))
    folder = settings.house_dir("club")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_text("not = [toml", encoding="utf-8")
    at = open_page("score_photo", None, "en")
    at.selectbox(key="game_id").set_value("club").run()
    infos = " ".join(i.value for i in at.error)  # the way out said in the file error's box
    assert "restore the table as added" in infos and "shipped default" not in infos, infos


# ---- 1. what the shipped table changed, in words, taken into the edit ------------------------------------------------
RON_SAID = {"ja": "「捨てられたオールマイティではロンできません」: いまの同梱の表にあり、編集した表にはありません",
            "en": "“No ron on a discarded Almighty”: in today's shipped table, not in your edit"}


def _boxes(at) -> dict[str, object]:
    return {box.label: box for box in at.checkbox if box.key and box.key.startswith("rules_take_")}


def _diff_folded(at) -> bool:
    """The raw diff is shown only in a closed expander."""
    return all(any(c.value == code.value for e in at.expander if not e.proto.expanded for c in e.code)
               for code in at.code)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_an_old_edit_lists_each_differing_rule_in_words_and_the_diff_is_folded(home, lang):
    place_old_edit()
    at = open_page("rules", GAME, lang)
    boxes = _boxes(at)
    assert RON_SAID[lang] in boxes, list(boxes)
    assert not boxes[RON_SAID[lang]].value  # not known which side is the club's: nothing ticked for them
    assert len(boxes) == 2, list(boxes)  # the club's own change (the 担当 bonus off) is the other
    assert at.code and _diff_folded(at)
    assert not foreign(at, lang), foreign(at, lang)


@pytest.mark.parametrize("lang, taken", [("ja", "取り込んで保存しました"), ("en", "ticked change taken in")])
def test_the_ticked_rule_of_the_box_is_taken_into_the_old_edit_and_the_club_s_change_kept(home, lang, taken):
    place_old_edit()
    at = open_page("rules", GAME, lang)
    assert at.button(key="rules_take").disabled  # nothing ticked yet
    _boxes(at)[RON_SAID[lang]].check().run()
    at.button(key="rules_take").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(taken in s.value for s in at.success), [s.value for s in at.success]
    text = settings.game_text(GAME)
    assert RON_RULE in text and "favourite_multiplier = 1" in text  # the box's rule in, the club's change kept
    assert settings.shipped_changes(GAME) is None and not settings.made_from_unknown(GAME)
    assert not at.warning and not _boxes(at)


@pytest.mark.parametrize("lang, kept", [("ja", "編集した表をこのまま使います"), ("en", "Your edit is kept as it is")])
def test_keeping_the_edit_says_so(home, lang, kept):
    place_old_edit()
    at = open_page("rules", GAME, lang)
    at.button(key="rules_keep_edit").click().run()
    assert any(kept in s.value for s in at.success), [s.value for s in at.success]
    assert not at.warning


def _edit_then_update(at, edit):
    """The organiser's edit of Nogizaka saved on the page, then tilelens updated: the chombo penalty 300 -> 200."""
    key = "rules_text_nogizaka"
    at.text_area(key=key).set_value(edit(at.text_area(key=key).value)).run()
    at.button(key="rules_save").click().run()
    assert not at.warning, [w.value for w in at.warning]


def test_a_change_of_the_box_since_the_edit_is_ticked_and_taken_with_the_club_s_edit_kept(shipped, page):
    at = page("rules", "nogizaka", "en")
    _edit_then_update(at, lambda text: text.replace("points = 60", "points = 90", 1))
    _update(shipped)
    at.run()
    boxes = _boxes(at)
    assert len(boxes) == 1, list(boxes)
    label, box = next(iter(boxes.items()))
    assert "200" in label and "300" in label and "in today's shipped table" in label and box.value, label
    at.button(key="rules_take").click().run()
    text = settings.game_text("nogizaka")
    assert "penalty = 200" in text and "points = 90" in text
    assert settings.shipped_changes("nogizaka") is None and not at.warning


def test_a_change_the_club_made_too_is_not_taken_by_itself(shipped, page):
    at = page("rules", "nogizaka", "ja")
    _edit_then_update(at, lambda text: text.replace("penalty = 300", "penalty = 250", 1))
    _update(shipped)
    at.run()
    boxes = list(_boxes(at).values())
    assert len(boxes) == 1 and boxes[0].disabled and not boxes[0].value
    assert any("自動では取り込めません" in c.value for c in at.caption)
    assert at.button(key="rules_take").disabled


def test_an_edit_that_has_the_box_s_change_already_is_told_so_and_kept(shipped, page):
    at = page("rules", "nogizaka", "en")
    _edit_then_update(at, lambda text: text.replace("points = 60", "points = 90", 1))
    _update(shipped)
    _edit_then_update(at, lambda text: text.replace("penalty = 300", "penalty = 200", 1))  # copied over by hand
    assert not _boxes(at) and not at.warning
    assert any("already has the shipped table's changes" in i.value for i in at.info)
    at.button(key="rules_keep_edit").click().run()
    assert settings.shipped_changes("nogizaka") is None
    assert not any("already has" in i.value for i in at.info) and any("kept as it is" in s.value for s in at.success)


def test_changes_not_told_in_words_show_the_diff_unfolded(home, monkeypatch):
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("points = 60", "points = 90", 1))
    diff = "--- shipped (edit made from)\n+++ shipped (now)\n@@ -1 +1 @@\n-penalty = 1\n+penalty = 2\n"
    real = settings.shipped_changes
    monkeypatch.setattr(settings, "shipped_changes", lambda game_id, lang="en": diff if game_id == "nogizaka"
                        else real(game_id, lang))
    at = open_page("rules", "nogizaka", "en")
    assert any("could not be put in words" in c.value for c in at.caption)
    assert any("shipped table has changed" in w.value for w in at.warning) and not _boxes(at)
    assert [c.value for e in at.expander if e.proto.expanded for c in e.code] == [diff.rstrip("\n")]
