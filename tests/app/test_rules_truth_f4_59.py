"""Session 59 (F4): the truth of a table said where a player reads it.

1. The Rules page's yaku list showed a yaku's description as the house table's edit wrote it: a club that raised its
   basic set to 90 under the shipped words "ron: 60 ... tsumo: 20" read 60 in the yaku's fold (only the news box
   warned, and only while the change was news). The list now says, beside a description quoting amounts its table does
   not pay, that it is out of step, and what the table pays. Figures that count tiles or members ("the 19-member
   unit") are no amounts.
2. The score pages said nothing of the rules tilelens plays by default that the table does not set (session 58's pao,
   nagashi mangan, reverse mangan chombo): a pao question, and a riichi hand complete but no win (declared, a
   chombo), now say in one line which rule applied by default and that the Rules page changes it; a table that sets the
   rule itself, and a result the rule does not touch, say nothing more. (Nagashi mangan is paid at a draw, recorded on
   the ledger page: no score page's result depends on it.)
"""
from __future__ import annotations

import pytest
from app_helpers import open_page, texts, type_hand

from app import settings
from scorer import load_game


def _shipped(game_id: str) -> str:
    return settings.shipped_path(game_id).read_text(encoding="utf-8")


def _edit(game_id: str, text: str) -> None:
    folder = settings.house_dir(game_id)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "0.toml").write_text(text, encoding="utf-8")


def _nogizaka(points: int, en: str, ja: str) -> str:
    text = _shipped("nogizaka").replace("points = 60", f"points = {points}", 1)
    text = text.replace('description = "three sets of one member each"', f'description = "{en}"')
    out = text.replace('description_ja = "同じメンバー3枚のセット3つ"', f'description_ja = "{ja}"')
    assert out.count(en) == 1 and out.count(ja) == 1
    return out


OLD_EN = "three sets of one member each (ron: 60 from the discarder; tsumo: 20 from each other player)"
OLD_JA = "同じメンバー3枚のセット3つ (ロン: 放銃者から60、ツモ: ほかの人から20ずつ)"


def _folds(at) -> dict[str, str]:
    return {e.label: "\n".join(m.value for m in e.markdown) for e in at.expander}


# ---- 1. the yaku list ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, pays, stale", [
    ("en", "90 points", "out of step"), ("ja", "90点", "この表の点数と合いません")])
def test_a_description_quoting_amounts_the_table_does_not_pay_is_marked_with_what_it_pays(home, lang, pays, stale):
    _edit("nogizaka", _nogizaka(90, OLD_EN, OLD_JA))
    at = open_page("rules", "nogizaka", lang)
    (fold,) = [said for label, said in _folds(at).items() if "90" in label]
    assert ("60" in fold) and stale in fold.lower() and pays in fold, fold  # the old words kept, said out of step, the truth


@pytest.mark.parametrize("lang, stale", [("en", "out of step"), ("ja", "この表の点数と合いません")])
def test_a_stale_amount_in_the_table_cell_is_marked_there_too(home, lang, stale):
    _edit("nogizaka", _nogizaka(90, "three sets of one member each, ron 60", "同じメンバー3枚のセット3つ、ロン60点"))
    at = open_page("rules", "nogizaka", lang)
    table = at.table[0].value
    (cell,) = [c for c in table[table.columns[-1]] if "60" in c]
    assert stale in cell and "90" in cell, cell


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_description_quoting_what_the_table_pays_is_not_marked(home, lang):
    _edit("nogizaka", _nogizaka(90, "three sets of one member each (ron: 90; tsumo: 30 from each other player)",
                                "同じメンバー3枚のセット3つ (ロン: 90、ツモ: ほかの人から30ずつ)"))
    at = open_page("rules", "nogizaka", lang)
    said = "\n".join(_folds(at).values()) + "\n".join(map(str, at.table[0].value.iloc[:, -1]))
    assert "out of step" not in said and "合いません" not in said, said


@pytest.mark.parametrize("game_id", ["nogizaka", "yokai-watch", "cinderella-neo"])
def test_no_shipped_description_is_said_out_of_step(home, game_id):
    """Counts of tiles and members (Cinderella Girls' "all 9 from the 19-member unit", 「アイドル10人」) are no
    amounts: a shipped table is never said out of step with itself."""
    from scorer.rules import stale_amounts
    from scorer.rules import donjara_rules

    game = load_game(game_id)
    for yaku in donjara_rules(game).yaku:
        for text in (yaku.description, yaku.description_ja):
            assert stale_amounts(game, yaku, text) == [], (yaku.id, text)


def test_chips_are_amounts_in_the_chip_of_the_game(home):
    from scorer.rules import stale_amounts
    from scorer.rules import donjara_rules

    game = load_game("nogizaka")  # a 10-point chip; the basic set pays 60
    (yaku,) = [y for y in donjara_rules(game).yaku if y.id == "basic-set"]
    assert stale_amounts(game, yaku, "three sets (6 chips by ron, 2 chips from each by tsumo)") == []
    assert stale_amounts(game, yaku, "three sets (9 chips by ron)") == [90]
    assert stale_amounts(game, yaku, "セット3つ (ロンでチップ9枚)") == [90]
    assert stale_amounts(game, yaku, "同じメンバー3枚のセット3つ") == []  # 3枚 counts tiles


# ---- 2. the score pages: a rule played by default, where it matters --------------------------------------------------
DAISANGEN, MELDS = "22z", "pon:555z, pon:666z, pon:777z, chi:123p"
# complete, open (a closed one is told to tick Riichi first, session 59's F24), a ron with no yaku
NO_YAKU, NO_YAKU_MELDS = "456p789s345s99m", "chi:123m"
FAR = "13579m13579p1357s"


def _tokyo_with(line: str, table: str = "riichi") -> str:
    text = _shipped("tokyo-mahjong")
    out = text.replace(f"[{table}]\n", f"[{table}]\n{line}\n", 1)
    assert out != text
    return out


def _typed(at, hand: str, win: str = "ron"):
    type_hand(at, hand)
    if hand == NO_YAKU:
        at.text_input(key="manual_melds").set_value(NO_YAKU_MELDS).run()
    at.segmented_control(key="manual_win").set_value(win).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _daisangen(at):
    type_hand(at, DAISANGEN)
    at.text_input(key="manual_melds").set_value(MELDS).run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(box.key == "manual_pao" for box in at.selectbox)
    return at


@pytest.mark.parametrize("lang, default, page", [
    ("en", "Pao is played by tilelens's default", "Rules and yaku"),
    ("ja", "包 (責任払い) は、お使いのルールに書いていない tilelens の既定です", "「ルールと役」")])
def test_a_pao_question_says_pao_is_a_default_and_where_to_change_it(home, lang, default, page):
    said = texts(_daisangen(open_page("score_manual", "tokyo-mahjong", lang)))
    assert default in said and page in said, said


def test_a_table_that_sets_pao_itself_is_not_told_of_the_default(home):
    _edit("tokyo-mahjong", _tokyo_with("pao = true"))
    said = texts(_daisangen(open_page("score_manual", "tokyo-mahjong")))
    assert "by tilelens's default" not in said, said


@pytest.mark.parametrize("lang, default", [
    ("en", "The reverse mangan chombo is tilelens's default"),
    ("ja", "満貫払いのチョンボは、お使いのルールに書いていない tilelens の既定です")])
def test_a_complete_riichi_hand_that_does_not_win_says_the_default_chombo(home, lang, default):
    at = _typed(open_page("score_manual", "tokyo-mahjong", lang), NO_YAKU)
    assert not at.exception, [e.value for e in at.exception]
    said = texts(at)
    assert default in said, said
    assert said.count("tilelens's default" if lang == "en" else "tilelens の既定") == 1  # one line


@pytest.mark.parametrize("hand", [FAR, "234m456p678s22z555z"])
def test_no_chombo_line_for_a_hand_far_from_a_win_nor_for_a_win(home, hand):
    at = _typed(open_page("score_manual", "tokyo-mahjong"), hand)
    assert not at.exception, [e.value for e in at.exception]
    assert "tilelens's default" not in texts(at), texts(at)


@pytest.mark.parametrize("line", ['chombo = "none"', 'chombo = "reverse-mangan"'])
def test_no_chombo_default_line_where_the_table_sets_its_chombo(home, line):
    _edit("tokyo-mahjong", _tokyo_with(line, "table"))
    at = _typed(open_page("score_manual", "tokyo-mahjong"), NO_YAKU)
    assert not at.exception, [e.value for e in at.exception]
    assert "tilelens's default" not in texts(at), texts(at)
