"""Session 51, a Cinderella Girls players' walk through the app: the yaku table said to be a default (RULES.md: the
box's table was not available), an uneven tsumo split shown as its even part and its remainder, the table rules
said once, no Dealer box where the dealer changes no score, a new photo starting without the last hand's winner
and discarder, one word for a win in Japanese, an ended match's payments by name, and a riichi without the
points for its stick warned of on the scoring pages."""
from __future__ import annotations

import pytest
from app_helpers import add_to_ledger, read_as, texts, type_hand

from tilelens.ledger import Ledger


def _cinderella_win() -> list[str]:
    """Three status sets of mixed types: リハーサルライブセット, 3 (万): at three players, 1 each and a remainder of 1."""
    from scorer import load_game

    cg = load_game("cinderella-neo")

    def ids(kind, status):
        return [k.id for k in cg.tiles if k.attrs.get("type") == kind and k.attrs.get("status") == status]

    return [*ids("cute", "Vo")[:3], *ids("cute", "Da")[:3], *ids("cool", "Vi")[:3]]


CG_WIN = _cinderella_win()
OFFICIAL = {"en": "Official table", "ja": "公式の表"}
HOUSE = {"en": "House table", "ja": "ハウスルール"}


def _typed(at, tiles):
    return type_hand(at, " ".join(tiles))


# 1. the Cinderella Girls table comes from a fan calculator, Nogizaka's is mostly the organiser's: both defaults
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["cinderella-neo", "nogizaka"])
def test_a_default_yaku_table_is_not_captioned_official(home, page, game, lang):
    at = page("rules", game, lang=lang)
    assert not at.exception
    said = texts(at)
    assert OFFICIAL[lang] not in said, said
    assert HOUSE[lang] in " ".join(i.value for i in at.info)


def test_the_cinderella_game_file_marks_its_yaku_as_a_default():
    from scorer.rules import donjara_rules
    from scorer import load_game

    assert "yaku" in donjara_rules(load_game("cinderella-neo")).house_defaults
    assert "yaku" in donjara_rules(load_game("nogizaka")).house_defaults


# 2. an uneven tsumo split: the even part and the remainder, until the remainder's payer is chosen
@pytest.mark.parametrize("lang, even, rest, label", [
    ("en", ["Uzuki pays Rin 1 x10,000 fans", "Mio pays Rin 1 x10,000 fans"], "Remainder 1 x10,000 fans",
     "Who pays the remainder (the loser of rock-paper-scissors; 1 player)"),
    ("ja", ["UzukiがRinに1万払う", "MioがRinに1万払う"], "端数の1万は", "端数を払う人 (じゃんけんで負けた人、1人)")])
def test_an_uneven_tsumo_split_shows_the_even_part_and_the_remainder(home, page, lang, even, rest, label):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("cinderella-neo", ["Uzuki", "Rin", "Mio"])
    at = _typed(page("score_manual", "cinderella-neo", lang=lang), CG_WIN)
    at.segmented_control(key="manual_players").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(1).run()
    assert not at.exception
    lines = [m.value for m in at.markdown]
    for line in even:
        assert any(line in m for m in lines), lines
    assert any(rest in m for m in lines), lines
    assert not any("2" in m and ("Uzuki" in m or "Mio" in m) for m in lines), lines  # no one pays 2 yet
    box = at.multiselect(key="manual_remainder_1")
    assert box.label == label
    box.set_value([2]).run()  # Mio lost: Mio pays 2, Uzuki 1, and the remainder line goes
    lines = [m.value for m in at.markdown]
    paid = "Mio pays Rin 2 x10,000 fans" if lang == "en" else "MioがRinに2万払う"
    assert any(paid in m for m in lines), lines
    assert not any(rest in m for m in lines), lines


# 3. the table rules say the rotation once
@pytest.mark.parametrize("lang, gone", [("en", "After a draw it moves on"), ("ja", "流局では親は交代します")])
def test_the_table_rules_say_a_deal_that_moves_every_hand_once(home, page, lang, gone):
    at = page("rules", "cinderella-neo", lang=lang)
    rules = next(m.value for m in at.markdown if "- " in m.value and ("deal" in m.value or "親" in m.value))
    assert gone not in rules, rules
    assert ("The deal moves on every hand." if lang == "en" else "親は毎局交代します。") in rules
    assert "。 " not in rules


# 4. the Dealer box changes no Donjara score: not offered there
@pytest.mark.parametrize("game", ["cinderella-neo", "yokai-watch"])
def test_no_dealer_box_where_the_dealer_changes_no_score(home, page, game):
    hand = CG_WIN if game == "cinderella-neo" else ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3
    at = _typed(page("score_manual", game), hand)
    assert not at.exception
    assert "manual_dealer" not in [c.key for c in at.checkbox]
    at = _typed(page("score_manual", "tokyo-mahjong"), ["2m", "3m", "4m"])  # riichi mahjong: it changes the points
    assert "manual_dealer" in [c.key for c in at.checkbox]


# 5. a new photo is a new hand: the last hand's winner and discarder are not carried to it
def test_a_new_photo_starts_without_the_last_hands_winner_and_discarder(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("cinderella-neo", ["A子", "B子", "C子", "D子"])
    at = read_as(page("score_photo", "cinderella-neo", lang="ja"), "cinderella-neo", CG_WIN, seed=5)
    at.segmented_control(key="photo_win").set_value("ron").run()
    at.selectbox(key="photo_winner").set_value(1).run()
    at.selectbox(key="photo_discarder").set_value(0).run()
    add_to_ledger(at, "photo")
    assert len(ledger.hands(match)) == 1
    read_as(at, "cinderella-neo", CG_WIN, seed=6)  # the next hand's photo
    assert at.segmented_control(key="photo_win").value == "tsumo"  # its own win kind: the game's (session 60)
    at.segmented_control(key="photo_win").set_value("ron").run()  # a ron again
    assert at.selectbox(key="photo_winner").value is None  # nobody chosen yet (session 54)
    assert at.selectbox(key="photo_discarder").value is None  # nor the last hand's A子


# 6. one word for a win on Japanese screens
def test_the_empty_ledger_says_agari_as_every_other_screen(home, page):
    at = page("ledger", "cinderella-neo", lang="ja")
    said = texts(at)
    assert "上がり" in said and "和了" not in said, said


def test_no_user_text_says_horaa():
    from app.components.i18n import STRINGS

    assert not [k for k, v in STRINGS.items() if "和了" in v[0]]


# 7. the hand that ended the match: its payments by the players' names, as the hand added before the end
@pytest.mark.parametrize("lang, said", [("en", "Bo pays Ann 3 x10,000 fans"), ("ja", "BoがAnnに3万払う")])
def test_the_hand_that_ended_the_match_names_its_payers(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("cinderella-neo", ["Ann", "Bo"])
    ledger.add_win(match, 0, "ron", {1: 60})
    ledger.add_win(match, 0, "ron", {1: 37})  # Bo has 3 left
    at = read_as(page("score_photo", "cinderella-neo", lang=lang), "cinderella-neo", CG_WIN)
    at.segmented_control(key="photo_players").set_value(2).run()
    at.segmented_control(key="photo_win").set_value("ron").run()
    add_to_ledger(at, "photo")  # 3 from Bo: nothing left, the match ends
    assert not at.exception and len(ledger.hands(match)) == 3
    assert ledger.state(match).ended if hasattr(ledger, "state") else True
    lines = [m.value for m in at.markdown]
    assert any(said in m for m in lines), lines
    assert not [m for m in lines if "Player 1" in m or "プレイヤー1" in m], lines


# 8. a riichi without the points for its stick, warned of beside the riichi choice on the scoring page
@pytest.mark.parametrize("lang, said", [("en", "Bo has 900 points"), ("ja", "Boは900点")])
def test_a_riichi_without_the_points_for_its_stick_is_warned_of_on_the_scoring_page(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 0, "ron", {1: 24100})  # Bo at 900
    at = type_hand(page("score_manual", "tokyo-mahjong", lang=lang), "234m456p678s22z555z")
    at.selectbox(key="manual_winner").set_value(2).run()
    assert not [w.value for w in at.warning if "1,000" in w.value]  # nobody chosen yet
    at.multiselect(key="manual_riichi_seats_2").set_value([2, 0]).run()  # Ann has enough
    assert not at.exception and not [w.value for w in at.warning if "1,000" in w.value]
    at.multiselect(key="manual_riichi_seats_2").set_value([2, 1]).run()
    warned = " ".join(w.value for w in at.warning)
    assert said in warned and "1,000" in warned, warned


# 5b. another winner on the last ron's discard, its winner not yet chosen (a new photo, a hand cleared): the
# discarder stays the discard's, who is no winner (the fixed box showed B子, the first other seat, who was charged)
def test_a_second_ron_with_no_winner_chosen_yet_keeps_the_discards_discarder(home, page):
    from dataclasses import replace

    from scorer import load_game
    from tilelens.ledger import rules_for

    ledger = Ledger(home / "ledger.sqlite")
    rules = replace(rules_for(load_game("cinderella-neo")), several_ron=True)
    match = ledger.new_match("cinderella-neo", ["A子", "B子", "C子", "D子"], rules)
    ledger.add_win(match, 1, "ron", {0: 3})  # B子 ron from A子
    at = _typed(page("score_manual", "cinderella-neo", lang="ja"), CG_WIN)
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_same_discard").check().run()
    assert not at.exception
    assert at.selectbox(key="manual_discarder_same").value == 0
    assert "A子" not in at.selectbox(key="manual_winner").options
    at.selectbox(key="manual_winner").set_value(2).run()
    assert at.selectbox(key="manual_discarder_same").value == 0
    add_to_ledger(at, "manual")
    last = ledger.hands(match)[-1]
    assert last.winner == 2 and set(last.payments) == {0}, last
