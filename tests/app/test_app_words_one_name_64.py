"""The app's Japanese pages, walked: one name for one thing, labels short enough for a phone.

1. A tile set is named by one helper (``set_names.set_name``): the shipped one by what it is, never as one the person
   taught (覚えさせた); a taught one as 覚えさせた牌セット (not 覚えさせたセット). The default model: 「{game}のモデル」.
2. The shipped table is 同梱の表 (not 既定の表, 元のルール, 付属).
3. The ledger form's win kind has its own label; the ron caption points at it.
4. A photo's tile and a typed one: one label 「この牌を外す」, the photo's why in its help.
6. Labels of at most about 22 full-width characters (two or three lines on a phone otherwise).
7. Adding a game refused says 追加できません (the button says 追加).
8. A finding's tile crop: 「4番席の1枚目」, not 「4-1」.
"""
from __future__ import annotations

import ast
import unicodedata
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "app"


def _japanese_literals() -> list[tuple[str, int, str]]:
    """Every string literal of app/ with Japanese in it: (file, line, text)."""
    out = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and any(
                    unicodedata.east_asian_width(c) == "W" for c in node.value):
                out.append((path.name, node.lineno, node.value))
    return out


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@pytest.mark.parametrize("word", ["覚えさせたセット", "既定の表", "元のルール", "付属", "標準モデル"])
def test_one_name_for_the_shipped_table_sets_and_models(word):
    said = [(f, n) for f, n, text in _japanese_literals() if word in text]
    assert not said, said


def test_a_shipped_set_is_never_one_the_person_taught(monkeypatch):
    from app.components import i18n
    from app.components.set_names import set_name

    monkeypatch.setattr(i18n, "lang", lambda: "ja")
    assert set_name("hk-mahjong") == set_name("hk-mahjong", among_models=True) == "香港麻雀の牌セット (hk-mahjong)"
    assert set_name("club-hk") == "club-hk"
    assert set_name("club-hk", among_models=True) == "覚えさせた牌セット: club-hk"
    monkeypatch.setattr(i18n, "lang", lambda: "en")
    assert set_name("hk-mahjong", among_models=True) == "Hong Kong mahjong set (hk-mahjong)"
    assert set_name("club-hk", among_models=True) == "Enrolled tile set: club-hk"


def test_the_default_model_is_named_as_the_teach_and_label_pages_name_it():
    from app.components.set_names import STRINGS as SETS

    assert SETS["model_of"] == ("{game}のモデル", "The {game} model")  # one string: ``set_names.model_name``


def test_the_ledger_forms_win_kind_has_its_own_label_and_the_ron_caption_names_it():
    from app.components.i18n import STRINGS

    ja, en = STRINGS["ledger_win_kind"]
    assert ja != STRINGS["win_kind"][0] and en != STRINGS["win_kind"][1]
    assert "{win}" in STRINGS["choose_to_add_ron"][0] and "{options}" not in STRINGS["choose_to_add_ron"][0]


LONG = [("i18n", "STRINGS", "remove_tile"), ("i18n", "STRINGS", "ledger_win_kind"),
        ("i18n", "STRINGS", "melds"), ("i18n", "STRINGS", "melds_more"),
        ("i18n", "STRINGS", "more_situations"), ("i18n", "STRINGS", "more_situations_no_riichi"),
        ("i18n", "DONJARA_STRINGS", "several_ron"),
        ("i18n", "STRINGS", "delete_match_sure"), ("event_words", "S", "download_event")]


@pytest.mark.parametrize("module, table, key", LONG)
def test_a_label_fits_a_phone(module, table, key):
    import importlib

    ja = getattr(importlib.import_module(f"app.components.{module}"), table)[key][0]
    assert _columns(ja) <= 44, (key, ja, _columns(ja))


def test_a_photos_tile_is_removed_with_the_one_label_its_why_in_the_help():
    import numpy as np
    from streamlit.testing.v1 import AppTest

    def picker():
        import numpy as np
        import streamlit as st

        from app.components.tiles import tile_picker
        from scorer import load_game

        st.session_state["lang"] = "ja"
        st.session_state.setdefault("p_tiles", ["1m", "2m", "3m"])
        st.session_state.setdefault("p_edit", 1)
        tile_picker(load_game("tokyo-mahjong"), "p", ("4m",), lambda i: np.full((40, 30, 3), 200, dtype=np.uint8))

    assert np is not None
    at = AppTest.from_function(picker, default_timeout=30).run()
    assert not at.exception, [e.value for e in at.exception]
    button = at.button(key="p_remove")
    assert button.label == "この牌を外す" and "光の反射" in button.help, (button.label, button.help)


def test_adding_a_game_refused_says_not_added(home):
    from app_helpers import open_page

    at = open_page("rules", "nogizaka", "ja")
    at.text_area(key="rules_add_text").set_value('id = "club"\nthis is not toml').run()
    at.button(key="rules_add").click().run()
    assert not at.exception
    assert len(at.error) == 1 and at.error[0].value.startswith("追加できません: "), [e.value for e in at.error]


def test_the_rules_editor_box_says_what_it_holds(home):
    from app_helpers import open_page

    at = open_page("rules", "tokyo-mahjong", "ja")
    labels = [a.label for a in at.text_area]
    assert "TOML" not in labels and "ルールの表 (TOML)" in labels, labels


@pytest.mark.parametrize("lang, tile, said", [
    ("ja", {"seat": 4, "index": 0}, "4番席の1枚目"), ("en", {"seat": 4, "index": 0}, "Seat 4, tile 1"),
    ("ja", {"seat": "wall", "index": 2}, "残りの山の3枚目")])
def test_a_crop_caption_says_its_seat_and_tile(monkeypatch, lang, tile, said):
    from app.components import i18n
    from app.components.event_table_view import crop_caption

    monkeypatch.setattr(i18n, "lang", lambda: lang)
    assert crop_caption(tile) == said
