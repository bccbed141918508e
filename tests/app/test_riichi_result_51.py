"""Session 51, a riichi player's walkthrough of the app's result: a closed ron's 30 fu base is said as a player
counts it by hand (副底 20 + 門前加符 10), and the dora are lines of the yaku list (headline and list alike), so
the han listed add up to the han shown below them."""
from __future__ import annotations

import re

import pytest
from app_helpers import type_hand
from streamlit.testing.v1 import AppTest


# --- 1. a closed ron's base: 20 and 10 apart ---------------------------------------------------------------------

@pytest.mark.parametrize("lang,line", [("en", "base 20, closed ron bonus 10, edge wait 2"),
                                       ("ja", "副底 20、門前加符 10、辺張待ち 2")])
def test_a_closed_rons_fu_say_the_closed_ron_bonus_apart(home, page, lang, line):
    at = type_hand(page("score_manual", "tokyo-mahjong", lang), "123456789p11s897m")  # won on 7m: edge wait
    at.checkbox(key="manual_riichi").uncheck()
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not at.exception and not at.error, [e.value for e in (*at.exception, *at.error)]
    captions = [str(c.value) for c in at.caption]
    assert line in captions, captions


# --- 2. the dora are lines of the yaku list ---------------------------------------------------------------------

def _riichi_with_dora(lang: str) -> None:
    import streamlit as st

    from app.components.result import result_view, summary_at
    from scorer import load_game
    from scorer.riichi import score

    st.session_state["lang"] = lang
    game = load_game("tokyo-mahjong")
    # riichi, haku, one dora (1m points at the 2m held), a red 5p: 4 han, mangan
    result = score(game, "234m406p678s22z555z", win_tile="8s", win="ron", riichi=True, dora_indicators="1m")
    with summary_at(st.empty(), "t51"):
        result_view(game, result)


@pytest.mark.parametrize("lang,dora,red,han", [("en", "Dora (1 han)", "Red five (1 han)", r"(\d+) han"),
                                               ("ja", "ドラ (1翻)", "赤ドラ (1翻)", r"(\d+)翻")])
def test_the_yaku_listed_add_up_to_the_han_shown(home, lang, dora, red, han):
    at = AppTest.from_function(_riichi_with_dora, args=(lang,)).run()
    assert not at.exception, [e.value for e in at.exception]
    shown = [str(m.value) for m in at.markdown]
    headline = next(s for s in shown if "8,000" in s)
    listed = next(s for s in shown if s.startswith("**") and ("Riichi (" in s or "立直 (" in s) and "8,000" not in s)
    for line in (headline, listed):
        assert dora in line and red in line, line
        assert "Ura" not in line and "裏ドラ" not in line, line  # 0 ura dora: no line
        assert sum(int(n) for n in re.findall(han, line)) == 4, line
    below = next(str(c.value) for c in at.caption if re.match(han, str(c.value)))
    assert below.startswith("4 han" if lang == "en" else "4翻"), below
    assert "dora" not in below.lower() and "ドラ" not in below, below  # not said twice: merged below
