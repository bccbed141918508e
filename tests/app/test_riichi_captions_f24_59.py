"""Session 59 (F24): the riichi default captions and wordings, as a club night (W7) found them.

1. "Declared as a win, this hand is a chombo" showed on about half of ordinary closed hands before Riichi was ticked
   (a closed ron with no yaku): the likely fix there is the tick. Not said where the hand is closed, Riichi unticked,
   and ticking it (or a tsumo) would win.
2. The riichi chombo line is worded as Donjara's (the penalty, and "Record it on the ledger page with 'Record a
   chombo'" where an open match records it); with no match, or the match ended, the rule alone.
3. An open match keeps its chombo from its start: the line says the match's penalty (what the ledger charges), and
   that a change on the Rules page is for new matches. Pao follows an edit at once (the next hand scored).
4. "(this table does not set it)" read as the players' table: "your rules do not set it"; the Rules page marks pao
   as tilelens's default where the table does not set it.
6. A second ron's "Riichi already recorded ...: Ben (it still counts for the han ...)" read as if Ben's riichi
   counted for another's han.
"""
from __future__ import annotations

import pytest
from app_helpers import open_page, texts, type_hand

from app import settings
from tilelens.ledger import Ledger

PLAYERS = ["Aki", "Ben", "Chie", "Dan"]
CLOSED_NO_YAKU = "123m456p789s234s11z"  # closed, complete: a ron with no yaku, a win with Riichi or as a tsumo
OPEN_NO_YAKU, OPEN_MELD = "456p789s345s99m", "chi:123m"  # open, complete, no yaku however won
CHOMBO = {"en": "it is a chombo", "ja": "チョンボです"}
LEAD = {"en": 'Record it on the ledger page with "Record a chombo"', "ja": "成績表のページの「チョンボを記録」で記録してください"}


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _edit(game_id: str, text: str) -> None:
    folder = settings.house_dir(game_id)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "0.toml").write_text(text, encoding="utf-8")


def _tokyo_with(line: str, table: str = "table") -> str:
    text = settings.shipped_path("tokyo-mahjong").read_text(encoding="utf-8")
    out = text.replace(f"[{table}]\n", f"[{table}]\n{line}\n", 1)
    assert out != text
    return out


def _ron(at, hand: str, melds: str = ""):
    _ok(type_hand(at, hand))
    if melds:
        _ok(at.text_input(key="manual_melds").set_value(melds).run())
    return _ok(at.segmented_control(key="manual_win").set_value("ron").run())


def _match(home) -> tuple[Ledger, int]:
    ledger = Ledger(home / "ledger.sqlite")
    return ledger, ledger.new_match("tokyo-mahjong", PLAYERS)


# ---- 1. not on a closed hand that Riichi (or a tsumo) would win --------------------------------------------------------
@pytest.mark.parametrize("with_match", [False, True])
def test_no_chombo_line_on_a_closed_hand_riichi_would_win(home, with_match):
    if with_match:
        _match(home)
    at = _ron(open_page("score_manual", "tokyo-mahjong"), CLOSED_NO_YAKU)
    said = texts(at)
    assert "Not a win" in said and CHOMBO["en"] not in said and "chombo" not in said.lower(), said


def test_a_closed_hand_with_riichi_ticked_that_still_does_not_win_says_the_chombo(home):
    """Riichi ticked and a furiten ron: no tick mends it; declared, it is a chombo."""
    at = _ron(open_page("score_manual", "tokyo-mahjong"), "123m456p789s345m9m9m")
    _ok(at.checkbox(key="manual_riichi").check().run())
    _ok(at.button(key="manual_discards_add_9m").click().run())
    said = texts(at)
    assert "furiten" in said and CHOMBO["en"] in said, said


# ---- 2. worded as Donjara's, led to the ledger where a match records it ---------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_open_match_is_led_to_record_a_chombo_with_the_penalty(home, lang):
    _match(home)
    at = _ron(open_page("score_manual", "tokyo-mahjong", lang), OPEN_NO_YAKU, OPEN_MELD)
    said = texts(at)
    assert CHOMBO[lang] in said and LEAD[lang] in said, said
    assert ("8,000 points" if lang == "en" else "8,000点") in said and "12,000" in said, said
    assert said.count(LEAD[lang]) == 1, said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_without_a_match_the_rule_is_said_without_the_ledger(home, lang):
    at = _ron(open_page("score_manual", "tokyo-mahjong", lang), OPEN_NO_YAKU, OPEN_MELD)
    said = texts(at)
    assert CHOMBO[lang] in said and LEAD[lang] not in said, said


def test_after_the_match_ended_the_rule_is_said_without_the_ledger(home):
    ledger, match = _match(home)
    for _ in range(8):
        ledger.add_draw(match)
    assert ledger.state(match).ended
    at = _ron(open_page("score_manual", "tokyo-mahjong"), OPEN_NO_YAKU, OPEN_MELD)
    said = texts(at)
    assert CHOMBO["en"] in said and LEAD["en"] not in said, said


# ---- 3. the open match's penalty; a change is for new matches -------------------------------------------------------
@pytest.mark.parametrize("lang, kept, new", [
    ("en", "This match keeps the chombo it started with", "new matches"),
    ("ja", "この対局は、始めたときのチョンボのルールのままです", "新しい対局")])
def test_a_table_edited_mid_match_says_the_matchs_chombo(home, lang, kept, new):
    _match(home)  # started under the reverse mangan
    _edit("tokyo-mahjong", _tokyo_with('chombo = "none"'))
    at = _ron(open_page("score_manual", "tokyo-mahjong", lang), OPEN_NO_YAKU, OPEN_MELD)
    said = texts(at)
    assert CHOMBO[lang] in said and "8,000" in said and LEAD[lang] in said, said
    assert kept in said and new in said, said
    assert "tilelens's default" not in said and "tilelens の既定" not in said, said


def test_the_default_chombo_says_a_change_is_for_new_matches(home):
    _match(home)
    said = texts(_ron(open_page("score_manual", "tokyo-mahjong"), OPEN_NO_YAKU, OPEN_MELD))
    assert "tilelens's default" in said and "can change it for new matches" in said, said
    assert "The Rules and yaku page can change it." not in said and "can change it;" not in said


def test_a_match_that_keeps_no_chombo_says_none_though_the_table_pays_one(home, tmp_path):
    from scorer import load_game

    path = tmp_path / "tokyo-mahjong.toml"
    path.write_text(_tokyo_with('chombo = "none"'), encoding="utf-8")
    Ledger(home / "ledger.sqlite").new_match(load_game(str(path)), PLAYERS)  # started under no chombo
    said = texts(_ron(open_page("score_manual", "tokyo-mahjong"), OPEN_NO_YAKU, OPEN_MELD))
    assert CHOMBO["en"] not in said and "reverse mangan" not in said, said


def test_a_table_that_sets_its_chombo_is_led_to_record_it_without_the_default(home):
    _match(home)
    _edit("tokyo-mahjong", _tokyo_with('chombo = "reverse-mangan"'))
    said = texts(_ron(open_page("score_manual", "tokyo-mahjong"), OPEN_NO_YAKU, OPEN_MELD))
    assert CHOMBO["en"] in said and LEAD["en"] in said and "tilelens's default" not in said, said


# ---- 4. "your rules", pao said right, the Rules page's pao marked ---------------------------------------------------
DAISANGEN, MELDS = "22z", "pon:555z, pon:666z, pon:777z, chi:123p"


@pytest.mark.parametrize("lang, yours, old", [
    ("en", "your rules do not set it", "this table does not set it"),
    ("ja", "お使いのルールに書いていない", "この表に書いていない")])
def test_the_default_captions_say_your_rules(home, lang, yours, old):
    at = open_page("score_manual", "tokyo-mahjong", lang)
    _ok(type_hand(at, DAISANGEN))
    _ok(at.text_input(key="manual_melds").set_value(MELDS).run())
    pao = texts(at)
    chombo = texts(_ron(open_page("score_manual", "tokyo-mahjong", lang), OPEN_NO_YAKU, OPEN_MELD))
    for said in (pao, chombo):
        assert yours in said and old not in said, said


@pytest.mark.parametrize("lang, at_once", [("en", "from the next hand"), ("ja", "次の手から")])
def test_the_pao_caption_says_an_edit_applies_at_once(home, lang, at_once):
    at = open_page("score_manual", "tokyo-mahjong", lang)
    _ok(type_hand(at, DAISANGEN))
    _ok(at.text_input(key="manual_melds").set_value(MELDS).run())
    assert at_once in texts(at), texts(at)


def test_pao_follows_an_edit_at_once_in_a_match_under_way(home):
    """What the pao caption says: a match under way scores its next hand with the table in use (no pao kept)."""
    _match(home)
    _edit("tokyo-mahjong", _tokyo_with("pao = false", "riichi"))
    at = open_page("score_manual", "tokyo-mahjong")
    _ok(type_hand(at, DAISANGEN))
    _ok(at.text_input(key="manual_melds").set_value(MELDS).run())
    assert not any(box.key == "manual_pao" for box in at.selectbox)


def _table_rules(at) -> str:
    return "\n".join(m.value for m in at.markdown if "pao" in m.value.lower() or "包" in m.value)


@pytest.mark.parametrize("lang, mark", [("en", "tilelens's default: your rules do not set it"),
                                        ("ja", "お使いのルールに書いていない tilelens の既定")])
def test_the_rules_page_marks_pao_as_the_default(home, lang, mark):
    said = _table_rules(open_page("rules", "tokyo-mahjong", lang))
    assert mark in said, said


def test_the_rules_page_does_not_mark_pao_a_table_sets(home):
    _edit("tokyo-mahjong", _tokyo_with("pao = true", "riichi"))
    said = _table_rules(open_page("rules", "tokyo-mahjong"))
    assert "Pao (liability payment) applies" in said and "tilelens's default" not in said, said


# ---- 6. a second ron's recorded riichi -------------------------------------------------------------------------------
HAND = "234m456p678s22z555z"  # a closed hand that wins without riichi (haku)
FIRST = {"en": "Ben's riichi was recorded with the first ron on this discard: it still counts for Ben's han; no new "
               "stick",
         "ja": "Benのリーチは、この捨て牌の最初のロンで記録済みです。Benの翻にはそのまま数えます"}
SEVERAL = {"en": "Ben's and Chie's riichi were recorded with the first ron on this discard: each still counts for its "
                 "own player's han; no new stick",
           "ja": "Ben、Chieのリーチは、この捨て牌の最初のロンで記録済みです"}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("riichi, want", [([1], FIRST), ([1, 2], SEVERAL)])
def test_a_second_rons_recorded_riichi_says_whose_han_it_counts_for(home, lang, riichi, want):
    ledger, match = _match(home)
    ledger.add_win(match, 1, "ron", {3: 3900}, riichi=riichi)
    at = _ron(open_page("score_manual", "tokyo-mahjong", lang), HAND)
    _ok(at.selectbox(key="manual_winner").set_value(2).run())
    _ok(at.checkbox(key="manual_same_discard").check().run())
    said = texts(at)
    assert want[lang] in said, said
    assert "it still counts for the han" not in said and "(リーチの翻はそのまま" not in said, said
