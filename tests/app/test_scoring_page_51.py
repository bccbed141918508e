"""The score pages with a ledger match open, as a riichi and a Nogizaka club night walked them: the winner's seat
taken from the ledger's seating, a second ron on the last discard pointed to the double-ron box (and judged at that
discard's deal), riichi unticked on a new riichi-mahjong hand, the third-ron warning only for that discard, the
Donjara pot priced as the ledger takes it, and a declared Nogizaka non-win said to be a chombo."""
import pytest
from app_helpers import add_to_ledger, texts, type_hand

from tilelens.ledger import SAME_DISCARD, Ledger

HAND = "234m456p678s22z555z"  # a closed hand that wins without riichi (haku)
PLAYERS = ["Aki", "Ben", "Chie", "Dan"]


def _riichi_match(home):
    ledger = Ledger(home / "ledger.sqlite")
    return ledger, ledger.new_match("tokyo-mahjong", PLAYERS)


def _ron(at, winner: int | None = None, discarder: int | None = None, hand: str = HAND):
    type_hand(at, hand)
    at.segmented_control(key="manual_win").set_value("ron").run()
    if winner is not None:
        at.selectbox(key="manual_winner").set_value(winner).run()
    if discarder is not None:
        at.selectbox(key="manual_discarder").set_value(discarder).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_winners_seat_comes_from_the_ledger(home, page):
    """Aki (the dealer) was the default winner but the seat wind stayed south: "Aki sits East at this table", and
    the button greyed out. The winner's seat and Dealer follow the ledger's seating as the winner changes; a seat
    the player sets afterwards is theirs, and the mismatch is said."""
    ledger, match = _riichi_match(home)
    at = _ron(page("score_manual", "tokyo-mahjong"))
    assert at.selectbox(key="manual_winner").value is None  # nobody chosen before the player does (session 54)
    at.selectbox(key="manual_winner").set_value(0).run()
    at.selectbox(key="manual_discarder").set_value(1).run()  # nor is a discarder (session 54)
    assert at.checkbox(key="manual_dealer").value is True
    assert "sits" not in texts(at) and not at.button(key="manual_add_ledger").disabled
    at.selectbox(key="manual_winner").set_value(2).run()
    assert at.checkbox(key="manual_dealer").value is False and at.selectbox(key="manual_seat").value == "west"
    assert not at.button(key="manual_add_ledger").disabled
    at.selectbox(key="manual_seat").set_value("north").run()  # the player's own choice stays
    assert at.selectbox(key="manual_seat").value == "north"
    assert "Chie sits West at this table" in texts(at) and at.button(key="manual_add_ledger").disabled
    at.selectbox(key="manual_winner").set_value(3).run()
    assert at.selectbox(key="manual_seat").value == "north" and "sits" not in texts(at)
    add_to_ledger(at, "manual")
    assert [h.winner for h in ledger.hands(match)] == [3]


def test_a_ron_after_a_ron_points_to_the_double_ron_box_and_is_judged_at_that_deal(home, page):
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 1000})  # Ben rons Dan's discard: the deal passes to Ben
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=2)
    assert at.selectbox(key="manual_seat").value == "south"  # at the table now (Ben deals)
    assert "Also won on the last ron's discard (double ron)" in "\n".join(i.value for i in at.info)
    at.checkbox(key="manual_same_discard").check().run()
    assert at.selectbox(key="manual_seat").value == "west"  # at Dan's discard Aki dealt: Chie sat West
    assert "sits" not in texts(at) and not at.button(key="manual_add_ledger").disabled
    add_to_ledger(at, "manual")
    assert [h.win_kind for h in ledger.hands(match)] == ["ron", SAME_DISCARD]


def test_a_ron_after_a_ron_without_the_box_is_scored_at_the_table_now(home, page):
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 1000})
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=2)
    assert at.selectbox(key="manual_seat").value == "south" and "sits" not in texts(at)


@pytest.mark.parametrize("game, ticked", [("tokyo-mahjong", False), ("nogizaka", True)])
def test_riichi_is_unticked_on_a_new_riichi_mahjong_hand(home, page, game, ticked):
    """Riichi was ticked on every new closed hand: a dama winner was priced with riichi and paid a stick. A Donjara
    win needs a riichi (RULES.md): ticked there."""
    at = page("score_manual", game)
    type_hand(at, HAND if game == "tokyo-mahjong" else "らりん らりん らりん")
    assert at.checkbox(key="manual_riichi").value is ticked


def test_riichi_mahjong_with_a_match_leaves_riichi_players_empty(home, page):
    _riichi_match(home)
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=1, discarder=3)
    assert at.multiselect(key="manual_riichi_seats_1").value == []


def test_the_third_ron_warning_only_for_that_discard(home, page):
    """After a double ron added on the page, the next hand's ron still said "Two players have already won on this
    discard". (A page that added neither ron still says it: it may be the third winner's, test_third_ron_box_50.)"""
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 1000})
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=2)
    at.checkbox(key="manual_same_discard").check().run()
    add_to_ledger(at, "manual")
    assert [h.win_kind for h in ledger.hands(match)] == ["ron", SAME_DISCARD]
    at.button(key="manual_clear").click().run()  # the next hand
    _ron(at, winner=0, discarder=1)
    assert "Two players have already won" not in texts(at)


def _captions(at) -> str:
    return "\n".join(c.value for c in at.caption)


NOGI_TSUMO = "らりん らりん 神オールマイティ まりか まりか 水色オールマイティ みなみ みなみ みなみ"


@pytest.mark.parametrize("lang, says", [("en", "Riichi chips on the table: 20; you receive 80 in all"),
                                        ("ja", "場のリーチのチップ 20点も受け取り、合計 80点")])
def test_the_donjara_pot_is_priced_as_the_ledger_takes_it(home, page, lang, says):
    """A chip carried from a draw was not priced: the page said 10 (the winner's own) and 70 in all, the ledger
    took 20 (80 in all)."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(match, riichi=(1,))
    at = page("score_manual", "nogizaka", lang=lang)
    type_hand(at, NOGI_TSUMO)
    at.selectbox(key="manual_winner").set_value(2).run()
    assert says.replace("点", "") in _captions(at).replace("点", "")
    before = ledger.state(match).totals[2]
    add_to_ledger(at, "manual")
    assert not at.exception
    assert ledger.state(match).totals[2] - before == 80 - 10  # as the page said: 80 in, its own chip 10 out


def test_the_donjara_pot_counts_another_riichi_of_this_hand(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    at = page("score_manual", "nogizaka")
    type_hand(at, NOGI_TSUMO)
    at.selectbox(key="manual_winner").set_value(2).run()
    assert "Riichi chips on the table: 10; you receive 70 in all" in _captions(at)
    at.multiselect(key="manual_riichi_seats_2").set_value([2, 0]).run()  # Ann declared riichi too
    assert "Riichi chips on the table: 20; you receive 80 in all" in _captions(at)
    add_to_ledger(at, "manual")
    (hand,) = ledger.hands(match)
    assert sorted(hand.riichi) == [0, 2]
    assert ledger.state(match).totals[2] == 1000 + 80 - 10  # as the page said: 80 in, its own chip 10 out


@pytest.mark.parametrize("lang, chombo, record", [("en", "chombo", "Record a chombo"), ("ja", "チョンボ", "チョンボを記録")])
def test_a_declared_nogizaka_non_win_is_said_to_be_a_chombo(home, page, lang, chombo, record):
    Ledger(home / "ledger.sqlite").new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    at = page("score_manual", "nogizaka", lang=lang)
    type_hand(at, "みさ先輩 さゆりん まいまい まりか らりん さゆにゃん みなみ みおな ひめたん")
    said = "\n".join(w.value for w in at.warning)
    assert chombo in said and "300" in said and record in said


def test_a_declared_non_win_without_a_match_names_no_ledger_button(home, page):
    at = page("score_manual", "nogizaka")
    type_hand(at, "みさ先輩 さゆりん まいまい まりか らりん さゆにゃん みなみ みおな ひめたん")
    said = "\n".join(w.value for w in at.warning)
    assert "chombo" in said and "300" in said and "Record a chombo" not in said


@pytest.mark.parametrize("lang, says", [("en", "If a third player also won on this discard"),
                                        ("ja", "この捨て牌で3人目もロンしていたら")])
def test_the_third_ron_warning_stays_while_that_discard_is_scored(home, page, lang, says):
    """The page added the second ron on the discard: another winner tried on it is told why no box is offered."""
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 1000})
    at = _ron(page("score_manual", "tokyo-mahjong", lang=lang), winner=2)
    at.checkbox(key="manual_same_discard").check().run()
    add_to_ledger(at, "manual")
    assert [h.win_kind for h in ledger.hands(match)] == ["ron", SAME_DISCARD]
    at.selectbox(key="manual_winner").set_value(0).run()
    assert says in texts(at)


def test_the_double_ron_hint_in_japanese(home, page):
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 1000})
    at = _ron(page("score_manual", "tokyo-mahjong", lang="ja"), winner=2)
    assert "Danの直前の捨て牌でのロンなら" in "\n".join(i.value for i in at.info)


RON_7M = ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "6s", "7s", "8s", "5s", "5s"]
RON_7M_B = ["7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "1s"]


def test_the_photo_page_seats_the_winner_and_a_new_photo_after_a_double_ron_is_the_next_hand(home, page):
    from app_helpers import read_as

    ledger, match = _riichi_match(home)
    at = read_as(page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", RON_7M, seed=7)
    at.selectbox(key="photo_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert at.checkbox(key="photo_dealer").value is True and "sits" not in texts(at)  # Aki deals
    at.selectbox(key="photo_winner").set_value(1).run()
    assert at.checkbox(key="photo_dealer").value is False and at.selectbox(key="photo_seat").value == "south"
    at.segmented_control(key="photo_win").set_value("ron").run()
    at.selectbox(key="photo_discarder").set_value(3).run()
    at.pills(key="photo_wintile").set_value("7m").run()
    add_to_ledger(at, "photo")
    read_as(at, "tokyo-mahjong", RON_7M_B, seed=8)  # Chie's hand, on the same 7m
    at.selectbox(key="photo_winner").set_value(2).run()
    at.pills(key="photo_wintile").set_value("7m").run()
    at.selectbox(key="photo_discarder").set_value(3).run()  # Dan again: a photo is offered the double-ron box (F18)
    at.checkbox(key="photo_same_discard").check().run()
    assert at.selectbox(key="photo_seat").value == "west" and "sits" not in texts(at)
    add_to_ledger(at, "photo")
    assert [h.win_kind for h in ledger.hands(match)] == ["ron", SAME_DISCARD]
    read_as(at, "tokyo-mahjong", RON_7M, seed=9)  # the next hand's photo
    assert at.segmented_control(key="photo_win").value == "ron"
    assert "Two players have already won" not in texts(at)
