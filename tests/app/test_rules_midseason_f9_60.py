"""Session 60 (F9, walk W2): house rules edited mid-season, on the ledger page.

1. The uma and return points an organiser saves in the table reach the next match: the New match form starts from the
   table in use where it has changed since the game's newest match (``tilelens.ledger.table_changed``), and says so;
   from the newest match's options where the table did not change (tests/app/test_ledger_rewalk_page_57.py).
2. A match that started under a table with no chombo, the table setting one since, keeps none and says why: the table
   it started under set none; the table in use sets one from the next match (Donjara and riichi alike), not "its rules
   set no penalty for one" beside a Rules page that says 300."""
from __future__ import annotations

import pytest

from app import settings
from app_helpers import texts
from tilelens.ledger import Ledger

TOKYO, YOKAI = "tokyo-mahjong", "yokai-watch"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _sub(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _shipped(game: str) -> str:
    return settings.shipped_path(game).read_text(encoding="utf-8")


def _club_tokyo() -> str:
    """The organiser's Tokyo table: start 30,000, uma 20/10/-10/-20, return 30,000, one lap."""
    text = _sub(_shipped(TOKYO), "starting_points = 25000", "starting_points = 30000")
    return _sub(text, "\n[table]\n", "\n[table]\numa = [20, 10, -10, -20]\nreturn_points = 30000\nlaps = 1\n")


# ---- 1. the next match starts from the table saved since --------------------------------------------------------
@pytest.mark.parametrize("lang, said, start", [
    ("en", "Uma, return points and the sticks left start as the table in use sets them: it has changed since #1, "
           "this game's newest match, started.", "Start the match"),
    ("ja", "ウマ・返し点・終了時のリーチ棒は、いまの表のとおりにしてあります (このゲームの最新の対局 #1を始めた後に、表が"
           "変更されました)。", "対局を始める")])
def test_the_next_match_starts_from_the_table_saved_since_the_newest(home, page, lang, said, start):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match(settings.app_game(TOKYO), PLAYERS)  # under the box's table: no uma
    settings.save_house_table(TOKYO, _club_tokyo())
    at = page("ledger", TOKYO, lang=lang)
    assert at.selectbox(key=f"ledger_uma_{TOKYO}").value == (20, 10, -10, -20)
    assert at.number_input(key=f"ledger_return_{TOKYO}").value == 30000
    assert said in texts(at), texts(at)
    assert "#1, this game's newest match." not in texts(at) and "#1と同じ" not in texts(at)
    at.text_input(key="ledger_names").input(", ".join(PLAYERS))
    at.button(key=f"FormSubmitter:ledger_new-{start}").click().run()
    assert not at.exception and not at.error, [e.value for e in (*at.exception, *at.error)]
    new = max(ledger.matches(), key=lambda m: m.id)
    assert new.id == 2 and new.rules.uma == (20, 10, -10, -20) and new.rules.return_points == 30000, new.rules
    assert new.rules.start_points == 30000 and new.rules.laps == 1


def test_a_match_whose_table_did_not_change_still_carries_its_options(home, page):
    """The carry-over is kept where the table in use is the newest match's: a club's second hanchan as its first."""
    settings.save_house_table(TOKYO, _club_tokyo())
    ledger = Ledger(home / "ledger.sqlite")
    from dataclasses import replace

    from tilelens.ledger import rules_for
    game = settings.app_game(TOKYO)
    ledger.new_match(game, PLAYERS, replace(rules_for(game), uma=(30, 10, -10, -30), leftover_sticks="top"))
    at = page("ledger", TOKYO)
    assert at.selectbox(key=f"ledger_uma_{TOKYO}").value == (30, 10, -10, -30)
    assert at.selectbox(key=f"ledger_leftover_{TOKYO}").value == "top"
    assert "Uma, return points and the sticks left start as in #1, this game's newest match." in texts(at)
    assert "table in use sets them" not in texts(at)


# ---- 2. a match started under a table with no chombo -------------------------------------------------------------
YOKAI_CHOMBO = '\n[chombo]\npenalty = 300\ncases = ["false-win"]\n'


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", ("No chombo is recorded in this match: it started under a table of Yokai Watch Donjara that set no penalty "
            "for one, and keeps it. The table in use sets a penalty of 300 points from the next match."),
     "its rules set no penalty for one"),
    ("ja", ("この対局はチョンボのペナルティがない妖怪ウォッチ ドンジャラの表で始めたため、チョンボは記録しません。いまの表では、"
            "次の対局からチョンボのペナルティは300点です。"),
     "ルールにチョンボのペナルティがありません")])
def test_a_donjara_match_started_with_no_chombo_says_the_table_then_set_none(home, page, lang, said, not_said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(settings.app_game(YOKAI), PLAYERS)
    assert ledger.match(m).rules.chombo_penalty in (0, None)
    settings.save_house_table(YOKAI, _shipped(YOKAI) + YOKAI_CHOMBO)
    at = page("ledger", YOKAI, lang=lang)
    captions = [c.value for c in at.caption]
    assert any(said in c for c in captions), captions
    assert not any(not_said in c for c in captions), captions
    assert not [e for e in at.expander if e.label in ("Record a chombo", "チョンボを記録")]  # the match keeps none


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", ("No chombo is recorded in this match: it started under a table of Tokyo Mahjong (riichi) that set none, "
            "and keeps it. The table in use makes a chombo a reverse mangan from the next match."),
     "started before tilelens recorded"),
    ("ja", "この対局はチョンボのない東京麻雀の表で始めたため、チョンボは記録しません。いまの表では、次の対局から"
           "チョンボは満貫払いです。", "記録するようになる前に")])
def test_a_riichi_match_started_with_no_chombo_says_the_table_then_set_none(home, page, lang, said, not_said):
    settings.save_house_table(TOKYO, _sub(_shipped(TOKYO), "\n[table]\n", '\n[table]\nchombo = "none"\n'))
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(settings.app_game(TOKYO), PLAYERS)
    assert ledger.match(m).rules.chombo_penalty == 0
    settings.save_house_table(TOKYO, _shipped(TOKYO))  # Restore: a reverse mangan again
    at = page("ledger", TOKYO, lang=lang)
    captions = [c.value for c in at.caption]
    assert any(said in c for c in captions), captions
    assert not any(not_said in c for c in captions), captions


def test_a_match_under_an_unchanged_table_with_no_chombo_says_its_rules_set_none(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match(settings.app_game(YOKAI), PLAYERS)
    at = page("ledger", YOKAI)
    assert any("its rules set no penalty for one" in c.value for c in at.caption), [c.value for c in at.caption]
