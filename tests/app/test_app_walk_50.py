"""Session 50, the Japanese/English walkthrough (W8): a grey photo's note on a Donjara page (a warning above the
result, in the game's own words), the Label page of a game no model reads yet (what its button promises and what it
says it did), the Rules page's tiles line beside "Official table", long paths on a phone, and the Japanese review
caption's command."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from streamlit.testing.v1.element_tree import Block

from app_helpers import add_a_photo, open_page, synthetic, texts
from test_added_game_50 import club_text

from app import settings
from app.components.i18n import STRINGS


def _in_order(node) -> list:
    """The page's elements top to bottom (blocks walked in order)."""
    out = []
    for child in getattr(node, "children", {}).values():
        out.extend(_in_order(child) if isinstance(child, Block) else [child])
    return out


def _grey_jpeg(game: str, tiles: list[str]) -> bytes:
    bgr = cv2.imdecode(np.frombuffer(synthetic(game, tiles, 3), np.uint8), cv2.IMREAD_COLOR)
    grey = cv2.cvtColor(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    return cv2.imencode(".jpg", grey)[1].tobytes()


# 1. a grey photo on a Donjara page: a warning under the result line (a phone's first screen keeps the result on top,
#    the doubts right under it), naming no red fives or green dragon
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_grey_donjara_photo_warns_above_the_result_in_the_games_words(home, lang):
    at = open_page("score_photo", "yokai-watch", lang)
    grey = _grey_jpeg("yokai-watch", ["yokai-01"] * 9)
    at.file_uploader(key="photo_upload").set_value(("grey.jpg", grey, "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    i = 0 if lang == "ja" else 1
    note = STRINGS["photo_note_colourless_donjara"][i]
    assert [w.value for w in at.warning if w.value == note], [w.value for w in at.warning]
    assert not [m.value for m in at.info if "colour" in m.value or "色がありません" in m.value]
    for riichi in ("赤ドラ", "發", "萬子", "red five", "green dragon"):
        assert riichi not in note
    shown = _in_order(at.main)
    where = [n for n, e in enumerate(shown) if getattr(e, "value", None) == note]
    # the summary: a green win, or one resting on tiles read unsure (its first line the orange warning)
    results = [n for n, e in enumerate(shown) if e.type == "markdown"
               and (":green[" in str(e.value) or str(e.value).startswith(":orange[:material/warning:"))]
    assert where and results and results[0] < where[0], (where, results)  # the result, then why it may be doubtful


def test_a_grey_riichi_photo_names_riichis_colour_tiles_not_donjaras():
    riichi, donjara = STRINGS["photo_note_colourless"], STRINGS["photo_note_colourless_donjara"]
    assert "赤ドラ" in riichi[0] and "red fives" in riichi[1]
    assert "ドンジャラ" not in riichi[0] and "Donjara" not in riichi[1]
    assert "赤ドラ" not in STRINGS["photo_note_palette_donjara"][0]
    assert "red five" not in STRINGS["photo_note_palette_donjara"][1]
    assert riichi != donjara


# 2. the Label page of a game no model reads yet
def _club_photos(tmp_path, monkeypatch, lang: str):
    from PIL import Image

    settings.add_game(club_text())
    for i in range(4):
        Image.new("RGB", (100, 80), (200 - 40 * i, 200, 40 * i)).save(tmp_path / f"p{i}.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))
    at = open_page("score_manual", "club", lang)
    at.switch_page("views/label.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_game_no_model_reads_is_filed_for_labelling_in_plain_words(home, tmp_path, monkeypatch, lang):
    at = _club_photos(tmp_path, monkeypatch, lang)
    before = texts(at)
    assert "Let the model propose" not in before and "モデルで枠と牌を提案させます" not in before, before
    assert ("files the photos" in before) if lang == "en" else ("整理します" in before), before
    assert at.button(key="label_init").label == ("File the photos for labelling" if lang == "en"
                                                 else "写真をラベル付け用に整理する")
    at.button(key="label_init").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [m.value for m in at.info]
    assert [m for m in said if ("No model reads this game's tiles yet" in m if lang == "en"
                                else "このゲームの牌を読むモデルはまだありません" in m)], said
    alerts = "\n".join(e.value for e in (*at.info, *at.warning, *at.error))  # the review caption names its command
    assert "tilelens" not in alerts and str(home) not in alerts and "`" not in alerts, alerts
    assert not at.success, [s.value for s in at.success]  # no "Pre-labelled 0 photos", no "No problems found."


def test_a_shipped_game_still_promises_proposals(home, tmp_path, monkeypatch):
    from PIL import Image

    Image.new("RGB", (100, 80), (200, 200, 40)).save(tmp_path / "p0.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))
    at = open_page("score_manual", "nogizaka")
    at.switch_page("views/label.py").run()
    assert "Let the model propose boxes and tiles" in texts(at), texts(at)


# 3. the tiles line beside "Official table" / "The club's own table" calls no table a house table. Nogizaka's
# [house] defaults now lists "yaku" as well as "tiles" (RULES.md 001: the document gives only the basic set): the
# line names both, and the yaku table is then said to be a house table once, by its own heading, not by this line
@pytest.mark.parametrize("game", ["nogizaka", "club"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_tiles_line_calls_no_table_a_house_table(home, game, lang):
    settings.add_game(club_text())
    at = open_page("rules", game, lang)
    captions = [c.value for c in at.caption]
    said = "Defaults the organiser may change: " if lang == "en" else "主催者が変更できる項目: "
    (line,) = [c for c in captions if c.startswith(said)] or [None]
    assert line is not None, captions
    parts = ("tiles", "yaku") if lang == "en" else ("牌の一覧", "役")
    assert all(p in line[len(said):] for p in parts), line
    assert not [c for c in captions if "House table" in c or "ハウスルール" in c], captions
    house = [i.value for i in at.info if "House table" in i.value or "ハウスルール" in i.value]
    beside = ("Official table", "公式の表", "The club's own table", "クラブの表")
    official = [c for c in captions if c.startswith(beside)]
    assert len(house) == 1 and not official, (house, official)  # the yaku table: a default, said once


# 4. long paths under the home folder shortened on the Rules page; the full one kept to copy
def test_short_path_is_from_home():
    from app.settings import short_path

    assert short_path(Path.home() / ".tilelens" / "games" / "_added" / "club.toml").startswith("~/")
    assert short_path("/elsewhere/club.toml") == "/elsewhere/club.toml"


def test_the_rules_page_shows_no_long_home_paths(home):
    settings.add_game(club_text())
    at = open_page("rules", "club")
    full = str(settings.added_path("club"))
    captions = [c for c in at.caption]
    assert not [c.value for c in captions if str(home) in c.value], [c.value for c in captions]
    assert [c for c in captions if "games/_added/club.toml" in c.value and c.proto.help == full]
    at.button(key="rules_remove").click().run()
    assert not at.exception, [e.value for e in at.exception]
    done = at.success[0].value
    assert str(home) not in done and "games/_removed/club-" in done, done


# 5. the Japanese review caption says its command in Japanese words
def test_the_japanese_review_caption_says_the_command_in_japanese(home, tmp_path, monkeypatch):
    at = _club_photos(tmp_path, monkeypatch, "ja")
    at.button(key="label_init").click().run()
    captions = [c.value for c in at.caption if "--cross 2" in c.value]
    assert captions and not [c for c in captions if "DIR" in c or "を使ってください" in c], captions
    source = (Path(__file__).parents[2] / "app" / "components" / "label_words.py").read_text(encoding="utf-8")
    assert "`tilelens label audit フォルダ --cross 2` をターミナルで実行してください" in source


def test_photos_added_to_a_dataset_no_model_reads_are_said_saved_not_pre_labelled(home, tmp_path, monkeypatch):
    at = _club_photos(tmp_path, monkeypatch, "en")
    at.button(key="label_init").click().run()
    add_a_photo(at)
    assert not at.exception, [e.value for e in at.exception]
    done = [s.value for s in at.success]
    assert "Saved 1 photo." in done and not [s for s in done if "pre-labelled" in s], done
    assert "tilelens" not in "\n".join(m.value for m in at.info)
