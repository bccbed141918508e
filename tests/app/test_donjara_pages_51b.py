"""Session 51, a second walk through Donjara evenings: the remainder's payer said before Add when nobody is chosen,
the Rules page's tile colours by the game file's names, the Cinderella Girls rules that change who pays (favourite
doubling, several ron), one plain wording for a hand one tile from winning as dealt, the Rules page's amounts in the
ledger's unit, 牌 in Nogizaka's chombo line and yaku table, and a Donjara tsumo's headline saying what the winner
receives beside the yaku's value."""
from __future__ import annotations

import pytest
from app_helpers import add_to_ledger, texts, type_hand
from test_cinderella_pages_51 import CG_WIN  # リハーサルライブセット: 1 each and a remainder of 1 at three

from tilelens.ledger import Ledger

YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3


def _captions(at) -> list[str]:
    return [c.value for c in at.caption]


# 1. the remainder charged to the first in seat order when nobody is chosen: said beside the Add button
@pytest.mark.parametrize("lang, unless", [
    ("ja", "選ばなければ、りんが端数の1万を払います。"),
    ("en", "Unless chosen: りん pays the remainder 1 x10,000 fans.")])
def test_who_pays_the_remainder_unless_chosen_is_said_before_add(home, page, lang, unless):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("cinderella-neo", ["うづき", "りん", "みお"])
    at = type_hand(page("score_manual", "cinderella-neo", lang=lang), " ".join(CG_WIN))
    at.segmented_control(key="manual_players").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.exception
    assert unless in _captions(at), _captions(at)
    add_to_ledger(at, "manual")
    (hand,) = ledger.hands(match)
    assert hand.payments[1] == 2 and hand.payments[2] == 1  # りん paid it, as said
    from tilelens.ledger import note_said
    said = note_said(hand.note, lang)
    assert said.endswith("、端数はりんが払う" if lang == "ja" else "; remainder paid by りん"), said  # and the note says so


def test_the_unless_chosen_line_goes_once_the_loser_is_chosen(home, page):
    Ledger(home / "ledger.sqlite").new_match("cinderella-neo", ["うづき", "りん", "みお"])
    at = type_hand(page("score_manual", "cinderella-neo", lang="ja"), " ".join(CG_WIN))
    at.segmented_control(key="manual_players").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    at.multiselect(key="manual_remainder_0").set_value([2]).run()
    assert not any("選ばなければ" in c for c in _captions(at)), _captions(at)


# 2. the Rules page's tile table names Nogizaka's colours as the game file does (as the filter and tile names do)
@pytest.mark.parametrize("lang, names, not_these", [("ja", {"イエロー", "グリーン"}, {"黄", "緑"}),
                                                   ("en", {"yellow", "green"}, set())])
def test_the_rules_tile_table_uses_the_game_files_colour_names(home, page, lang, names, not_these):
    at = page("rules", "nogizaka", lang=lang)
    assert not at.exception
    table = at.dataframe[0].value
    column = "色" if lang == "ja" else "Colour"
    colours = set(table[column])
    assert names <= colours and not (not_these & colours), colours


def test_a_filters_values_come_in_the_game_files_order():
    from scorer import load_game
    from scorer.attribute_names import values_in_order

    assert values_in_order(load_game("nogizaka"), "colour") == ["pink", "lightblue", "yellow", "green", "purple"]
    assert values_in_order(load_game("cinderella-neo"), "type") == ["cute", "cool", "passion"]  # the tiles' order


# 3. the Cinderella Girls rules that change who pays: the favourite's doubling and several ron
@pytest.mark.parametrize("lang, favourite, several", [
    ("ja", "上がった人の手牌に自分の担当アイドルがあれば、支払いは2倍です",
     "対局を始めるときに「複数人が同じ捨て牌でロンできる」を選ぶと"),
    ("en", "If the winner holds their own favourite idol in the winning hand, the payout doubles",
     "ticked when the match starts")])
def test_the_cinderella_rules_say_the_favourite_doubling_and_several_ron(home, page, lang, favourite, several):
    at = page("rules", "cinderella-neo", lang=lang)
    rules = next(m.value for m in at.markdown if m.value.startswith(("#### Table rules", "#### 卓のルール")))
    assert favourite in rules and several in rules, rules


def test_a_house_table_without_the_favourite_rule_does_not_say_it(home, page):
    from app import settings

    text = settings.game_text("cinderella-neo").replace("favourite_multiplier = 2", "favourite_multiplier = 1")
    settings.save_house_table("cinderella-neo", text)
    at = page("rules", "cinderella-neo", lang="ja")
    assert not at.exception and "担当アイドル" not in texts(at)


def test_yokai_and_nogizaka_say_no_cinderella_lines(home, page):
    for game in ("yokai-watch", "nogizaka"):
        said = texts(page("rules", game, lang="ja"))
        assert "担当" not in said and "対局を始めるときに" not in said, said


# 4. one plain wording, with no riichi jargon, for a hand one tile from winning as dealt
DEALT = "配られたときにあと1枚で上がりだった"


def test_the_dealt_hand_is_said_alike_on_every_yokai_screen(home, page):
    from scorer.engine import score

    r = score("yokai-watch", YOKAI_WIN, win="tsumo", players=4)
    assert not r.winning and "配牌でテンパイの手" in r.reason_ja  # session 54: the scorer says it as the box does
    at = page("rules", "yokai-watch", lang="ja")
    # session 52: the rules' summary and the box say it short, as a native reviewer chose (its help keeps DEALT)
    assert "配牌でテンパイならリーチなしで上がれます" in texts(at) and "1コ" not in texts(at)
    at = type_hand(page("score_manual", "yokai-watch", lang="ja"), " ".join(YOKAI_WIN))
    box = at.checkbox(key="manual_dealt_tenpai")
    assert box.label == "配牌でテンパイ (リーチなしで上がれる)" and DEALT in (box.help or "")  # the label short, for a phone


# 5. the Rules page says Cinderella Girls' amounts as the ledger does
def test_the_english_cinderella_rules_say_the_start_in_the_ledgers_unit(home, page):
    said = texts(page("rules", "cinderella-neo", lang="en"))
    assert "Everyone starts with 1,000,000 fans (100 x10,000 in the ledger)." in said, said


# 6 and 7. Nogizaka says 牌 (its document's word) and 捨てた人 on its Rules page
def test_the_nogizaka_rules_say_hai_and_the_discarder_plainly(home, page):
    at = page("rules", "nogizaka", lang="ja")
    said = texts(at)
    assert "自分の捨てた牌でロンする" in said and "パイ" not in said, said
    shapes = " ".join(m.value for e in at.expander for m in e.markdown)  # the whole shape, in its expander
    assert "ロンでは、捨てた人が全部払います。" in said and "放銃" not in said + shapes, said


# 8. a tsumo whose shares were rounded up: what the winner receives, and the yaku's value, both said
@pytest.mark.parametrize("lang, head, parts", [
    ("ja", "120点を受け取ります", ["基本セット 100点", "ツモは1人40点ずつ"]),
    ("en", "120 points to the winner", ["Basic set 100 points", "tsumo: 40 points from each"])])
def test_a_rounded_tsumo_headline_says_the_total_and_the_yakus_value(home, page, lang, head, parts):
    at = type_hand(page("score_manual", "yokai-watch", lang=lang), " ".join(YOKAI_WIN))
    at.checkbox(key="manual_riichi").check().run()
    assert not at.exception
    win = at.success[0].value
    assert head in win and all(p in win for p in parts), win
    summary = texts(at)
    assert "· 基本セット (100)" not in summary and "· Basic set (100)" not in summary


def test_a_headline_with_nothing_rounded_stays_short(home, page):
    at = type_hand(page("score_manual", "yokai-watch", lang="ja"), " ".join(YOKAI_WIN))
    at.checkbox(key="manual_riichi").check().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    win = at.success[0].value
    assert "100点" in win and "受け取ります" not in win, win


@pytest.mark.parametrize("game, first", [("nogizaka", ["pink", "light blue", "yellow", "green", "purple"]),
                                         ("cinderella-neo", ["Cute", "Cool", "Passion"])])
def test_the_manual_pages_filter_offers_the_values_in_the_game_files_order(home, page, game, first):
    """The palette's filter sorted the values by their ids: グリーン, 水色, ピンク, 紫, イエロー."""
    at = page("score_manual", game)
    (pills,) = [p for p in at.get("button_group") if p.key and p.key.endswith("_filter")]
    assert list(pills.options) == first, list(pills.options)  # as shown (English screen)
