"""Session 58 (u3, re-walk r2): the Rules page's shipped news, an added game's new defaults, a table of three.

1. A shipped change of ``kazoe_limit`` beside the club's ``default_seat`` (the line below) was greyed, "Your edit
   changed this part too": a change of a key needs its own line unchanged now, and is taken in, the club's line kept.
2. A riichi game the club added from a copy of an older Tokyo Mahjong file plays pao, nagashi and the reverse mangan
   chombo by default, and the page said nothing of it: it says so, as for an edit of Tokyo's.
3. An old Tokyo match's chombo: "its rules set no penalty", beside a Rules page saying a reverse mangan. The match
   started before tilelens recorded one: said so (``chombo_none_said``, for the ledger page to call).
4. A table of three: "the north's share is not paid" under ``tsumo_loss = false`` too; nukidora, chi and the 9m dora
   of a sanma set unsaid.
5. "Saved your edit with the 1 ticked changes taken in"; the ledger's "Matches of games no longer offered" holding a
   merged match of a game never offered here.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
import streamlit as st
from app_helpers import open_page, texts

from app import settings
from app.components.i18n import STRINGS
from app.components import rules_view
from app.components.rules_view import table_summary
from scorer import load_game
from scorer.catalog import GAMES_DIR
from tilelens.home import record_made_from
from tilelens.ledger import rules_for

TOKYO = "tokyo-mahjong"


def _shipped() -> str:
    return (GAMES_DIR / f"{TOKYO}.toml").read_text(encoding="utf-8")


def _sub(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _edit(text: str, made_from: str | None = None) -> None:
    """A saved edit of Tokyo Mahjong, with the shipped text it was made from (or none: an older tilelens's)."""
    folder = settings.house_dir(TOKYO)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "0.toml"
    path.write_text(text, encoding="utf-8")
    if made_from is not None:
        record_made_from(path, made_from)


def _boxes(at) -> list:
    return [box for box in at.checkbox if box.key and box.key.startswith("rules_take_")]


# ---- 1. a change of a key beside the club's line -----------------------------------------------------------------
@pytest.mark.parametrize("club", [('default_seat = "south"', 'default_seat = "east" '),  # the line below (F)
                                  ("double_yakuman = true ", "double_yakuman = false")])  # the line above (A)
def test_a_shipped_change_beside_the_clubs_line_is_offered_and_taken_the_clubs_line_kept(home, club):
    then = _sub(_shipped(), 'kazoe_limit = "yakuman"', 'kazoe_limit = "sanbaiman"')
    _edit(_sub(then, *club), made_from=then)
    at = open_page("rules", TOKYO)
    (box,) = _boxes(at)
    assert "Counted yakuman" in box.label and not box.disabled and box.value, box.label
    assert "Your edit changed this part too" not in texts(at)
    at.button(key="rules_take").click().run()
    assert not at.exception, [e.value for e in at.exception]
    text = settings.game_text(TOKYO)
    assert '\nkazoe_limit = "yakuman"' in text and f"\n{club[1]}" in text, text[:200]


# ---- 2. an added riichi game's new defaults ------------------------------------------------------------------------
def _club_riichi(text: str) -> str:
    """``text`` (Tokyo Mahjong's) as a club's own game."""
    text = _sub(text, 'id = "tokyo-mahjong"', 'id = "club-riichi"')
    text = _sub(text, f'name_ja = "{load_game(TOKYO).name_ja}"', 'name_ja = "部室の麻雀"')
    return _sub(text, f'name_en = "{load_game(TOKYO).name_en}"', 'name_en = "Club Riichi"')


def _before_the_options(text: str) -> str:
    """Tokyo Mahjong's text as an older tilelens shipped it: no "House options" block (pao, nagashi, the chombo
    came after it)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("# House options left at their defaults"))
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("#"))
    return "\n".join(lines[:start] + lines[end:])


@pytest.mark.parametrize("lang, said, pao, nagashi, chombo", [
    ("en", "This game's file does not set these rules", "pao (liability payment) on", "nagashi mangan",
     "a chombo pays a reverse mangan"),
    ("ja", "このゲームのファイルには", "包 (責任払い) あり", "流し満貫あり", "チョンボは満貫払い")])
def test_an_added_riichi_game_from_an_older_file_is_told_the_rules_played_by_default(home, lang, said, pao, nagashi,
                                                                                     chombo):
    settings.add_game(_club_riichi(_before_the_options(_shipped())))
    at = open_page("rules", "club-riichi", lang)
    (note,) = [i.value for i in at.info if pao in i.value]
    assert said in note and nagashi in note and chombo in note and "`pao = false`" in note, note


def test_an_added_game_told_only_the_rules_its_file_does_not_set(home):
    text = _sub(_club_riichi(_before_the_options(_shipped())), "\n[riichi]\n", "\n[riichi]\npao = false\n")
    settings.add_game(text)
    (note,) = [i.value for i in open_page("rules", "club-riichi").info if "nagashi mangan" in i.value]
    assert "pao (liability" not in note and "reverse mangan" in note, note


def test_an_added_game_copied_from_todays_table_is_told_nothing(home):
    settings.add_game(_club_riichi(_shipped()))
    at = open_page("rules", "club-riichi")
    assert not [i.value for i in at.info if "by default" in i.value], [i.value for i in at.info]


# ---- 3. an old match's chombo --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, older, none", [
    ("en", "This match started before tilelens recorded a riichi chombo", "its rules set no penalty"),
    ("ja", "この対局は、tilelens がリーチ麻雀のチョンボを記録するようになる前に始めた", "ルールにチョンボの罰符がありません")])
@pytest.mark.parametrize("kept", [None, 0])
def test_an_old_tokyo_match_is_said_to_predate_the_riichi_chombo(tmp_path, lang, older, none, kept):
    st.session_state["lang"] = lang
    game = load_game(TOKYO)
    said = rules_view.chombo_none_said(game, replace(rules_for(TOKYO), chombo_penalty=kept))
    assert older in said and none not in said, said
    assert ("reverse mangan" if lang == "en" else "満貫払い") in said, said
    path = tmp_path / "none.toml"  # a table that sets none: its rules are why
    path.write_text(_sub(_shipped(), "\n[table]\n", '\n[table]\nchombo = "none"\n'), encoding="utf-8")
    game = load_game(str(path))
    assert none in rules_view.chombo_none_said(game, replace(rules_for(TOKYO), chombo_penalty=kept))
    assert none in rules_view.chombo_none_said(game)


# ---- 4. a table of three -------------------------------------------------------------------------------------------
def _summary(text: str, lang: str, tmp_path) -> str:
    path = tmp_path / "sanma.toml"
    path.write_text(text, encoding="utf-8")
    st.session_state["lang"] = lang
    return "\n".join(table_summary(load_game(str(path))))


def _three(options: str = "") -> str:
    text = _sub(_shipped(), "\nplayers = 4 ", "\nplayers = 3 ")
    return _sub(text, "\n[riichi]\n", f"\n[riichi]\n{options}") if options else text


@pytest.mark.parametrize("lang, lost, split, no_nuki, nuki, no_chi, chi, dora", [
    ("en", "the north's share is not paid", "the north's share of a tsumo is split between the other two",
     "No nukidora", "Nukidora:", "No chi at three", "Chi is allowed at three", "the dora indicator 1m makes 9m dora"),
    ("ja", "北家の分はなくなります", "北家の分を残りの2人で半分ずつ払います", "抜きドラなし", "抜きドラあり",
     "3人ではチーはできません", "3人でもチーができます", "ドラ表示牌が1萬のときのドラは9萬")])
def test_a_table_of_three_says_its_tsumo_nukidora_chi_and_dora(tmp_path, lang, lost, split, no_nuki, nuki, no_chi,
                                                                chi, dora):
    text = _summary(_three(), lang, tmp_path)
    assert lost in text and split not in text, text
    assert no_nuki in text and nuki not in text and no_chi in text and chi not in text and dora in text, text
    text = _summary(_three("tsumo_loss = false\nnukidora = true\nchi_at_three = true\n"), lang, tmp_path)
    assert split in text and lost not in text, text
    assert nuki in text and no_nuki not in text and chi in text and no_chi not in text and dora in text, text


def test_a_table_of_four_says_no_sanma_set(tmp_path):
    text = _summary(_shipped(), "en", tmp_path)
    assert "the north's share is not paid" in text  # a four-player game scored for three
    assert "nukidora" not in text.lower() and "9m dora" not in text and "No chi at three" not in text, text
    text = _summary(_sub(_shipped(), "\n[riichi]\n", "\n[riichi]\ntsumo_loss = false\n"), "en", tmp_path)
    assert "the north's share of a tsumo is split between the other two" in text, text


def test_the_shipped_table_lists_the_sanma_options_among_its_house_options():
    lines = _shipped().split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("# House options left at their defaults"))
    block = lines[start:next(i for i in range(start, len(lines)) if not lines[i].startswith("#"))]
    for option in ("# nukidora = false ", "# tsumo_loss = true ", "# chi_at_three = false "):
        assert any(line.startswith(option) for line in block), option


# ---- 5. words ------------------------------------------------------------------------------------------------------
def test_one_ticked_change_is_said_as_one(home):
    edit = _sub(_sub(_shipped(), "kiriage = false ", "kiriage = true  "), "red_fives = true ", "red_fives = false")
    _edit(edit)  # an older tilelens's: its base not known
    at = open_page("rules", TOKYO)
    (box,) = [box for box in _boxes(at) if "kiriage" in box.label]
    box.check().run()
    at.button(key="rules_take").click().run()
    said = " ".join(s.value for s in at.success)
    assert "with the 1 ticked change taken in" in said, said


def test_the_matches_of_a_game_not_here_are_not_said_to_be_no_longer_offered():
    ja, en = STRINGS["orphan_matches"]
    assert en == "Matches of games not offered here ({n})" and ja == "このパソコンにないゲームの対局 ({n})"
    assert "no longer offered" not in STRINGS["address_match_orphan"][1]
