"""Session 59 (F11, after walk W3: a Cinderella Girls evening in Japanese). The Rules page drew no picture: a Donjara
yaku's expander said its shape in words alone (「5人ユニット + 2枚の組2つ」) where one example hand says more. Each
yaku's expander now draws one hand of the game's own tiles that scores that yaku (built from its shape, checked
with ``scorer.score``), drawn only while the expander is open. The yaku table's 「点数」 said bare numbers in a
game counted in 万; a remainder's 「端数 1万」 had a space the line above it has not (「端数の1万」); a yaku's name
ending in a bracket was followed by another (「シンフォニーセット (キュート) (24万)」)."""
import re

import pytest
import streamlit as st
from app_helpers import open_page

from scorer import load_game, score
from scorer.rules import donjara_rules

DONJARA = ["cinderella-neo", "nogizaka", "yokai-watch"]


def _pictures(node) -> int:
    """How many tile pictures are drawn under ``node`` (an AppTest element or the whole tree)."""
    found = 1 if getattr(node, "type", None) in ("image", "imgs") else 0
    children = getattr(node, "children", None)
    return found + sum(_pictures(c) for c in children.values()) if isinstance(children, dict) else found


def _fold(at, label: str):
    (fold,) = [e for e in at.expander if e.label.startswith(label)]
    return fold


# ---- 1. an example hand for each yaku, which really scores it ----------------------------------------------------
@pytest.mark.parametrize("game_id", DONJARA)
def test_each_yakus_example_hand_scores_that_yaku(game_id):
    from app.components.rules_view import example_hand

    game = load_game(game_id)
    for yaku in donjara_rules(game).yaku:
        example = example_hand(game, yaku)
        if example is None:
            continue
        assert len(example.tiles) == game.hand_size, example
        result = score(game, list(example.tiles), riichi=True, local_yaku=(yaku.id,) if yaku.local else False)
        assert result.winning and result.extra["yaku_id"] == yaku.id, (yaku.id, example.tiles, result.reason)
        assert [list(g["tiles"]) for g in example.groups] and not any(game.tile(t).almighty for t in example.tiles)


def test_every_shipped_yaku_that_the_tiles_can_make_has_an_example():
    from app.components.rules_view import example_hand

    for game_id in DONJARA:
        game = load_game(game_id)
        missing = [y.id for y in donjara_rules(game).yaku if example_hand(game, y) is None]
        # SP Live Set C (a local yaku) needs a 6-member unit, which the box has not
        assert missing == (["sp-live-set-c"] if game_id == "cinderella-neo" else []), (game_id, missing)


def test_an_example_is_the_same_each_time_and_built_once_per_game():
    from app.components.rules_view import example_hand

    game = load_game("cinderella-neo")
    yaku = donjara_rules(game).yaku[3]
    assert example_hand(game, yaku) is example_hand(game, yaku)


def test_the_example_of_a_three_set_yaku_shows_three_different_sets():
    """One member's six tiles read as two sets of the same member: a poor example of 「同じメンバー3枚のセット3つ」."""
    from app.components.rules_view import example_hand

    for game_id in ("nogizaka", "yokai-watch"):
        game = load_game(game_id)
        example = example_hand(game, donjara_rules(game).yaku[0])
        assert len({g["tiles"][0] for g in example.groups}) == 3, example


# ---- 2. the page: the picture in the yaku's expander, drawn while it is open ---------------------------------------
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


# ---- 3. the yaku table's value column says the game's unit ----------------------------------------------------------
@pytest.mark.parametrize("game_id, lang, head", [
    ("cinderella-neo", "ja", "点数 (万)"), ("cinderella-neo", "en", "Value (x10,000 fans)"),
    ("nogizaka", "ja", "点数"), ("nogizaka", "en", "Value")])  # points said as points: no "点数 (点)"
def test_the_value_column_says_the_games_unit(home, game_id, lang, head):
    table = open_page("rules", game_id, lang).table[0].value
    assert list(table.columns)[1] == head, list(table.columns)


# ---- 4. Japanese nits ----------------------------------------------------------------------------------------------
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
