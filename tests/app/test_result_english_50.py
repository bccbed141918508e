"""Session 50: an English screen's "Not a win" shows the scorer's English reason as it is. The scorer's English
reason named the simplest Donjara yaku in Japanese too ("基本セット (Basic set)"), and the result view rewrote it
with the game's yaku table (``english_names``) before showing it; the scorer now says it in English only, so the
app only draws it. A furiten ron's reason reads as one sentence after "Not a win:" (no "Not a win: furiten: ...")."""
from __future__ import annotations

import re

import pytest
from app_helpers import texts
from streamlit.testing.v1 import AppTest

import app.components.result as result_view

JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
NOGI_NO_YAKU = ["rarin"] * 3 + ["miona", "miona", "marika"] + ["kotoko", "kotoko", "minami"]


def _result_page(game_id: str, tiles, lang: str, options: dict) -> AppTest:
    """The result view of the hand scored with ``options``, on a screen in ``lang``."""
    def page(game_id: str, tiles, lang: str, options: dict) -> None:
        import streamlit as st

        from app.components.result import result_view as view
        from scorer import load_game, score

        st.session_state["lang"] = lang
        game = load_game(game_id)
        view(game, score(game, tiles, **options))

    at = AppTest.from_function(page, args=(game_id, tiles, lang, options), default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _drawn(game_id: str, tiles, lang: str, **options) -> tuple[list[str], str, str]:
    """The warnings the result view draws for the hand, and the scorer's reason and reason_ja."""
    at = _result_page(game_id, tiles, lang, options)
    from scorer import score

    r = score(game_id, tiles, **options)
    return [w.value for w in at.warning], r.reason, r.reason_ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_not_a_win_shows_the_scorers_reason_as_it_is(lang):
    warnings, reason, reason_ja = _drawn("nogizaka", NOGI_NO_YAKU, lang, riichi=True)
    want = f"**Not a win**: {reason}" if lang == "en" else f"**上がりではありません**: {reason_ja}"
    assert warnings == [want], warnings
    if lang == "en":
        assert "Basic set" in warnings[0] and not JA.search(warnings[0]), warnings


def test_the_result_view_rewrites_no_reason():
    # the English reason is English: the yaku table's rewrite of it is gone
    assert not hasattr(result_view, "english_names")


@pytest.mark.parametrize("lang,verdict", [("en", "**Not a win**: furiten on 5s, which completes"),
                                          ("ja", "**上がりではありません**: この手を完成させる 5s が")])
def test_a_furiten_ron_reads_as_one_sentence(lang, verdict):
    warnings, _, _ = _drawn("tokyo-mahjong", "123m456p789s34s55p2s", lang, win_tile="2s", discards="5s")
    assert len(warnings) == 1 and warnings[0].startswith(verdict) and warnings[0].count(":") == 1, warnings


def test_the_page_says_an_english_no_yaku_in_english(home, page):
    at = page("score_manual", "nogizaka", lang="en")
    for tile in NOGI_NO_YAKU:
        at.button(key=f"manual_add_{tile}").click().run()
    (warning,) = [w.value for w in at.warning if "Not a win" in w.value]
    assert "Basic set" in warning and not JA.search(warning) and not JA.search(texts(at).split("Not a win")[1]
                                                                                 .split("\n")[0]), warning


def _groups_said(game_id: str, tiles, lang: str, **options) -> str:
    """Every text the result view draws for the hand (its groups' captions among them)."""
    return texts(_result_page(game_id, tiles, lang, options))


# new generations (渋谷凛 島村卯月 本田未央) + a Cute Vo status set + a Passion Vi status set
UNIT_HAND = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "mizumoto-yukari", "mimura-kanako", "igarashi-kyouko",
             "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]


@pytest.mark.parametrize("lang,labels", [("en", ("Cute Vo", "Passion Vi")), ("ja", ("キュート Vo", "パッション Vi"))])
def test_a_status_sets_label_is_said_in_the_screens_language(lang, labels):
    # the scorer's groups now carry a Japanese label beside the English one: an English screen showed the
    # scorer's script-facing "cute Vo" (the values as the file writes them) for "Cute Vo"
    body = _groups_said("cinderella-neo", UNIT_HAND, lang, riichi=True)
    assert all(label in body for label in labels), body
    assert "cute Vo" not in body
