"""Session 51: the app says a refused Cinderella Girls win's worth as `tilelens score` does: "worth 120,000 fans"
in English (not "12 x10,000 fans"), "12万" in Japanese."""
from __future__ import annotations

import pytest
from app_helpers import texts

WIN = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "mizumoto-yukari", "mimura-kanako", "igarashi-kyouko",
       "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_win_without_riichi_says_its_worth_as_the_command_line_does(home, page, lang):
    at = page("score_manual", "cinderella-neo", lang)
    for tile in WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    at.checkbox(key="manual_riichi").uncheck().run()
    assert not at.exception, [e.value for e in at.exception]
    shown = texts(at)
    assert "worth 12 x10,000" not in shown
    if lang == "en":
        assert "(worth 120,000 fans with one)" in at.warning[0].value, at.warning[0].value
        assert "Would be worth 120,000 fans" in shown, shown
    else:
        assert "(リーチすれば12万の手)" in at.warning[0].value, at.warning[0].value
        assert "上がりなら 12万" in shown or "上がりなら12万" in shown, shown
