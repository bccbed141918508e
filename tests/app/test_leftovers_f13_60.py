"""Session 60 (F13): leftovers other helpers named, on the app's side.

1. A game whose edited table cannot be read said the file's error in a red box and the way out in a blue one below
   it: the way out is now said in the same error box (the link to the Rules page kept).
3. The Label page's warning of a set that reads poorly told the person to "train longer (--minutes 5 or more), then
   teach it again with --replace": command-line options, on a page. It names the page's own picker and button.
4. A multi-page TIFF's first page was read without a word (`tilelens read` says it): the photo page says it too.
6. The ledger page's note on a FINISHED match whose table changed since said "new hands are scored with the table in
   use": it says the match's hands and totals stay as recorded, as `tilelens ledger show` does.
"""
from __future__ import annotations

import io
import os

import pytest
from app_helpers import open_page, synthetic, texts
from streamlit.testing.v1 import AppTest

from app.components.i18n import STRINGS

LANGS = [("en", 1), ("ja", 0)]


# ---- 1. a broken table: the error and the way out in one box ----------------------------------------------------------
@pytest.mark.parametrize("lang, i", LANGS)
@pytest.mark.parametrize("name", ["score_manual", "score_photo"])
def test_a_broken_table_s_way_out_is_said_in_its_error_box(home, name, lang, i):
    from app import settings

    folder = settings.house_dir("yokai-watch")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_bytes(b"this is [not toml")
    at = open_page(name, "yokai-watch", lang)
    assert not at.exception, [e.value for e in at.exception]
    fix = STRINGS["rules_broken_fix"][i]
    (error,) = [e.value for e in at.error if "0.toml" in e.value]
    assert fix in error, error
    assert not any(fix in m.value for m in at.info), [m.value for m in at.info]  # no second box
    links = [link for link in at.get("page_link") if "rules" in link.proto.page]
    assert len(links) == 2  # the page menu's, and the one by the message


def test_the_rules_page_still_says_no_way_out_to_itself(home):
    from app import settings

    folder = settings.house_dir("yokai-watch")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_bytes(b"this is [not toml")
    at = open_page("rules", "yokai-watch")
    assert STRINGS["rules_broken_fix"][1] not in texts(at)


# ---- 3. a poor set: the page's own picker and button, not command-line options ---------------------------------------
def _outcome_page():
    import argparse
    from pathlib import Path

    from app.components import teach_view
    from tilelens.labelling.teach import TeachJob
    from vision.enroll import poor_words

    poor = poor_words({"tiles": 20, "right": 3, "share": 0.15}, 16, argparse.Namespace(epochs=None, minutes=2.0))
    job = TeachJob("club", "done", "", 1.0, 0.0, 2.0, 16, "ready", Path("."), warnings=(poor,))
    teach_view._outcome(job)


@pytest.mark.parametrize("lang, i", LANGS)
def test_a_poor_set_names_the_page_s_minutes_and_teach_again(home, lang, i):
    from app.components.teach_view import STRINGS as TEACH

    at = AppTest.from_function(_outcome_page, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    (warning,) = [w.value for w in at.warning if "15%" in w.value]
    minutes, again = TEACH["minutes"][i], TEACH["start_again"][i].split(" (")[0]
    assert f"“{minutes}”" in warning or f"「{minutes}」" in warning, warning
    assert f"“{again}”" in warning or f"「{again}」" in warning, warning
    assert "--minutes" not in warning and "--replace" not in warning, warning


def test_the_command_line_keeps_its_options():
    import argparse

    from vision.enroll import poor_words

    english, japanese = poor_words({"tiles": 20, "right": 3, "share": 0.15}, 16, argparse.Namespace(epochs=1, minutes=5))
    assert "train 5 min or more" in english and "--replace" in english
    assert "5分以上" in japanese and "--replace" in japanese


# ---- 4. a multi-page TIFF: its first page alone is read, and said ------------------------------------------------------
def test_the_multipage_note_is_said_in_both_languages():
    from app.components.photo import NOTE_KEYS

    ja, en = STRINGS[NOTE_KEYS["multipage"]]
    assert "first page" in en and "最初のページ" in ja and "\n" not in en


def test_a_two_page_tiff_says_its_first_page_alone_was_read(home, page):
    from PIL import Image

    first = Image.open(io.BytesIO(synthetic("yokai-watch", ["yokai-01"] * 9, 3))).convert("RGB")
    buf = io.BytesIO()
    first.save(buf, "TIFF", save_all=True, append_images=[first.rotate(180)])
    for lang, i in LANGS:
        at = page("score_photo", "yokai-watch", lang)
        at.file_uploader(key="photo_upload").set_value(("scan.tif", buf.getvalue(), "image/tiff")).run()
        assert not at.exception, [e.value for e in at.exception]
        shown = [m.value for m in at.info]
        assert any(STRINGS["photo_note_multipage"][i] in m for m in shown), shown


# ---- 6. a finished match whose table changed since: kept as recorded -------------------------------------------------
FINISHED = {"en": "the match has ended; its hands and totals stay as they were recorded",
            "ja": "対局は終了しています。局と持ち点は記録したときのままです。"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finished_match_s_changed_table_says_it_stays_as_recorded(home, page, lang):
    from app import settings
    from tilelens.ledger import Ledger

    led = Ledger(os.environ["TILELENS_LEDGER"])
    m = led.new_match(settings.app_game("tokyo-mahjong"), ["Ann", "Bo", "Cy", "Di"])
    led.add_win(m, 1, "ron", {2: 32000})  # Cy below 0: the match ends
    assert led.state(m).ended
    text = settings.shipped_path("tokyo-mahjong").read_text(encoding="utf-8")
    settings.save_house_table("tokyo-mahjong", text.replace("starting_points = 25000", "starting_points = 30000", 1))
    at = page("ledger", "tokyo-mahjong", lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    infos = [i.value for i in at.info]
    assert any(FINISHED[lang] in i for i in infos), infos
    assert not any("table in use" in i or "いまの表" in i for i in infos), infos


def test_an_open_match_s_changed_table_still_says_new_hands_use_the_table_in_use(home, page):
    from app import settings
    from tilelens.ledger import Ledger

    led = Ledger(os.environ["TILELENS_LEDGER"])
    m = led.new_match(settings.app_game("tokyo-mahjong"), ["Ann", "Bo", "Cy", "Di"])
    led.add_win(m, 1, "ron", {2: 2600})
    text = settings.shipped_path("tokyo-mahjong").read_text(encoding="utf-8")
    settings.save_house_table("tokyo-mahjong", text.replace("starting_points = 25000", "starting_points = 30000", 1))
    at = page("ledger", "tokyo-mahjong")
    infos = [i.value for i in at.info]
    assert any("new hands are scored with the table in use" in i for i in infos), infos
    assert not any(FINISHED["en"] in i for i in infos), infos
