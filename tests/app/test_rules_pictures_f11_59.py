"""Session 59 (F11, after walk W3: a Cinderella Girls evening in Japanese). The Rules page drew no picture: a Donjara
yaku's expander said its shape in words alone (「5人ユニット + 2枚の組2つ」) where one example hand says more. Each
yaku's expander now draws one hand of the game's own tiles that scores that yaku (built from its shape, checked
with ``scorer.score``), drawn only while the expander is open. The yaku table's 「点数」 said bare numbers in a
game counted in 万; a remainder's 「端数 1万」 had a space the line above it has not (「端数の1万」); a yaku's name
ending in a bracket was followed by another (「シンフォニーセット (キュート) (24万)」).

The example's builder is ``scorer.deal.example_hand`` (F13); its tests (each example scores its yaku, none for
SP Live Set C, the same hand each time) are in tests/scorer/test_yaku_examples_f13_59.py. These test the page."""
import re

import pytest
import streamlit as st
from app_helpers import open_page


def _pictures(node) -> int:
    """How many tile pictures are drawn under ``node`` (an AppTest element or the whole tree)."""
    found = 1 if getattr(node, "type", None) in ("image", "imgs") else 0
    children = getattr(node, "children", None)
    return found + sum(_pictures(c) for c in children.values()) if isinstance(children, dict) else found


def _fold(at, label: str):
    (fold,) = [e for e in at.expander if e.label.startswith(label)]
    return fold


# ---- 1. the page: the picture in the yaku's expander, drawn while it is open ---------------------------------------
@pytest.mark.parametrize("lang, label", [("en", "5-Star Unit"), ("ja", "5スターユニット")])
def test_a_yakus_expander_draws_its_example_hand_when_opened(home, lang, label):
    at = open_page("rules", "cinderella-neo", lang)
    assert not at.exception
    assert _pictures(at._tree) == 0  # the page stays light: nothing drawn in a closed expander
    at.session_state["rules_fold_cinderella-neo_five-star-unit"] = True
    at.run()
    assert not at.exception
    fold = _fold(at, label)
    assert _pictures(fold) == 9, _pictures(fold)  # its nine tiles, in the groups the scorer reads
    said = " ".join(c.value for c in fold.caption)
    assert ("ユニット" if lang == "ja" else "unit") in said, said
    if lang == "ja":  # a Japanese screen says no English
        assert not re.search("[A-Za-z]{3,}", said.replace("EVERMORE", "")), said


def test_every_yaku_with_an_example_has_an_expander(home):
    at = open_page("rules", "nogizaka", "ja")
    assert [e.label for e in at.expander if e.label.startswith("基本セット")], [e.label for e in at.expander]
    at.session_state["rules_fold_nogizaka_basic-set"] = True
    at.run()
    assert _pictures(_fold(at, "基本セット")) == 9


def test_a_yaku_no_hand_of_the_box_can_make_draws_nothing_and_says_nothing(home):
    at = open_page("rules", "cinderella-neo", "en")
    at.session_state["rules_fold_cinderella-neo_sp-live-set-c"] = True
    at.run()
    fold = _fold(at, "SP Live Set C")
    assert _pictures(fold) == 0 and not fold.caption, [c.value for c in fold.caption]
    assert any("local" in m.value.lower() for m in fold.markdown)  # what it said before, still said


def test_a_riichi_game_draws_no_example(home):
    at = open_page("rules", "tokyo-mahjong", "en")
    assert not at.exception and _pictures(at._tree) == 0


# ---- 2. the yaku table's value column says the game's unit ----------------------------------------------------------
@pytest.mark.parametrize("game_id, lang, head", [
    ("cinderella-neo", "ja", "点数 (万)"), ("cinderella-neo", "en", "Value (x10,000 fans)"),
    ("nogizaka", "ja", "点数"), ("nogizaka", "en", "Value")])  # points said as points: no "点数 (点)"
def test_the_value_column_says_the_games_unit(home, game_id, lang, head):
    table = open_page("rules", game_id, lang).table[0].value
    assert list(table.columns)[1] == head, list(table.columns)


# ---- 3. Japanese nits ----------------------------------------------------------------------------------------------
def test_the_remainder_unless_chosen_says_hasuu_no_as_the_line_above_it():
    from app.components.i18n import STRINGS

    for key in ("remainder_unless", "remainder_unless_n"):
        ja = STRINGS[key][0]
        assert "端数の{rest}を" in ja and "端数 {rest}" not in ja, ja


@pytest.mark.parametrize("lang, said", [("ja", "シンフォニーセット (キュート) 24万"),
                                        ("en", "Symphony Set (Cute) 24 x10,000 fans")])
def test_a_yaku_named_with_a_bracket_has_no_second_bracket_after_it(lang, said):
    from types import SimpleNamespace as Hit

    from app.components.result import yaku_label

    st.session_state["lang"] = lang
    hit = Hit(name="シンフォニーセット (キュート)", name_en="Symphony Set (Cute)", points=24, han=None)
    label = yaku_label(hit, "万" if lang == "ja" else "x10,000 fans")
    assert label == said and ") (" not in label, label
