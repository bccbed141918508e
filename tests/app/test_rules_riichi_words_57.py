"""Session 57 (H4, a riichi referee's re-walk R4): the app's side of the riichi house options' words.

M1: ``[table] chombo = "none"``: the Rules page's table rules say no chombo is recorded (they said nothing of chombo).
W2: renhou worth a mangan (``[riichi] renhou = "mangan"``) is shown as "Renhou (mangan)" / 「人和 (満貫)」 and the
    hand's value as "mangan", not "5 han".
W7: under ``renhou = "none"`` the yaku table's caption no longer says how renhou is scored (it is not in the table).
"""
from __future__ import annotations

import streamlit as st

from app.components.rules_view import table_summary
from scorer import load_game
from scorer.catalog import GAMES_DIR


def _with(text: str, section: str, extra: str) -> str:
    """The game file's text with ``extra`` (``key = value``) first in its ``section``, a line of the key it writes
    left out."""
    key = extra.split("=")[0].strip()
    lines = [line for line in text.split("\n") if line.split("=")[0].strip() != key]
    return "\n".join(lines).replace(f"\n[{section}]\n", f"\n[{section}]\n{extra}\n", 1)


def _edited(tmp_path, section: str, extra: str):
    path = tmp_path / "tokyo-mahjong.toml"
    path.write_text(_with((GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8"), section, extra),
                    encoding="utf-8")
    return load_game(str(path))


def _summary(game, lang: str) -> str:
    st.session_state["lang"] = lang
    return "\n".join(table_summary(game))


# --- M1 -------------------------------------------------------------------------------------------------------------
def test_no_chombo_is_said_on_the_rules_page(tmp_path):
    game = _edited(tmp_path, "table", 'chombo = "none"')
    en, ja = _summary(game, "en"), _summary(game, "ja")
    assert "No chombo is recorded" in en, en
    assert "チョンボは記録しません" in ja, ja


def test_a_reverse_mangan_chombo_says_no_such_thing():
    en = _summary(load_game("tokyo-mahjong"), "en")
    assert "No chombo is recorded" not in en and "chombo" in en.lower()


# --- W7 -------------------------------------------------------------------------------------------------------------
def test_the_yaku_caption_says_renhou_only_where_it_is_scored(tmp_path):
    from app.components.rules_view import riichi_yaku_note

    for lang in ("en", "ja"):
        st.session_state["lang"] = lang
        shipped = riichi_yaku_note(load_game("tokyo-mahjong"))
        assert ("renhou" if lang == "en" else "人和") in shipped, shipped
        none = riichi_yaku_note(_edited(tmp_path, "riichi", 'renhou = "none"'))
        assert "renhou" not in none.lower() and "人和" not in none, none
        assert ("open riichi" if lang == "en" else "オープンリーチ") in none, none  # the rest of it kept


# --- W2 -------------------------------------------------------------------------------------------------------------
def test_renhou_mangan_on_the_score_page_is_a_mangan(home, page):
    from app import settings
    from app_helpers import texts, type_hand

    settings.save_house_table("tokyo-mahjong", _with(settings.game_text("tokyo-mahjong"), "riichi",
                                                     'renhou = "mangan"'))
    for lang, renhou, five in (("en", "Renhou (mangan)", "Renhou (5 han)"), ("ja", "人和 (満貫)", "人和 (5翻)")):
        at = type_hand(page("score_manual", "tokyo-mahjong", lang), "234m456p345s66s678s")
        at.checkbox(key="manual_riichi").uncheck().run()
        at.segmented_control(key="manual_win").set_value("ron").run()
        at.pills(key="manual_wintile").set_value("8s").run()
        at.checkbox(key="manual_first_turn").check().run()
        said = texts(at)
        assert not at.exception and at.success and "8,000" in at.success[0].value, said
        assert renhou in said and five not in said, said
        captions = [c.value for c in at.caption]
        assert ("mangan" if lang == "en" else "満貫") in captions, captions  # not "5 han · mangan"


def test_the_rules_page_draws_the_caption_of_its_game(home, page):
    from app import settings

    text = settings.game_text("tokyo-mahjong")
    settings.save_house_table("tokyo-mahjong", text.replace("\n[riichi]\n", '\n[riichi]\nrenhou = "none"\n', 1))
    at = page("rules", "tokyo-mahjong")
    captions = [c.value for c in at.caption]
    assert not at.exception
    assert not [c for c in captions if "renhou" in c.lower()], captions  # renhou is in no table of this game
