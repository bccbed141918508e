"""One winner on one discard, the money of "Same discard?" (session 61, F26 after RV3's findings): either order of
entering two rons gives the same totals (the riichi of the ron not added go to the one kept), a riichi table's nearer
winner is priced at the table before the earlier ron (undone first, then added), the ron that ended a match is asked
about too, and "A later discard" is the button a tap takes by default."""
import re

import pytest

from app_helpers import open_page, texts, type_hand, yokai_match
from test_family_evening_f16_61 import keys, ok, ron_shown  # the family evening's steps


def totals(ledger, match):
    from tilelens.ledger import replay

    return replay(4, ledger.match(match).rules, ledger.hands(match)).totals


# 1. either order, the same money ---------------------------------------------------------------------------------

@pytest.mark.parametrize("first, second", [(3, 1), (1, 3)], ids=["farther-first", "nearer-first"])
def test_two_rons_on_one_discard_pay_the_same_in_either_order(home, first, second):
    """Ann (seat 0) discards; Bo (seat 1, nearer) and Di (seat 3) both ron, each in riichi, on two phones."""
    ledger, match = yokai_match(home)
    a = ron_shown(open_page("score_photo", "yokai-watch"), 5, first, 0)
    assert a.multiselect(key=f"photo_riichi_seats_{first}").value == [first]
    a.button(key="photo_add_ledger").click().run()
    b = ron_shown(open_page("score_photo", "yokai-watch"), 6, second, 0)
    assert b.multiselect(key=f"photo_riichi_seats_{second}").value == [second]
    b.button(key="photo_one_ron_same").click().run()
    ok(b)
    hands = ledger.hands(match)
    assert [(h.winner, dict(h.payments), h.riichi) for h in hands] == [(1, {0: 100}, (1, 3))]
    assert totals(ledger, match) == (900, 1110, 1000, 990)


def test_the_kept_ron_says_the_riichi_it_took_and_stays_answered(home):
    ledger, match = yokai_match(home)
    ledger.add_win(match, 1, "ron", {0: 100}, riichi=[1])
    b = ron_shown(open_page("score_photo", "yokai-watch"), 6, 3, 0)
    b.button(key="photo_one_ron_same").click().run()
    ok(b)
    said = " ".join(i.value for i in b.info)
    assert "Not added" in said and "Riichi declared by Di added to hand 1" in said, said
    b.run()  # drawn again: still answered (the hand entered again has a new id), not asked again
    ok(b)
    assert "photo_one_ron_same" not in keys(b) and "photo_add_ledger" in keys(b)
    assert not any("Same discard as hand 1?" in w.value for w in b.warning)
    assert [h.riichi for h in ledger.hands(match)] == [(1, 3)]


# 2. a riichi table: the nearer winner is priced at the table before the earlier ron ------------------------------

@pytest.fixture
def atamahane(home):
    """A riichi house table with head bump (several_ron = false, nearest-clockwise). Hand 1: a draw, dealer A tenpai
    (1 honba). Hand 2: dealer A's ron off C, recorded first (A keeps the deal: 2 honba now). The page shows D's ron off
    C (D sits nearer C than A)."""
    from app import settings
    from tilelens.ledger import Ledger

    text = settings.shipped_path("tokyo-mahjong").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^several_ron = true.*$", 'several_ron = false\nmultiple_ron = ["nearest-clockwise"]', text)
    settings.save_house_table("tokyo-mahjong", text)
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(settings.app_game("tokyo-mahjong"), ["A", "B", "C", "D"])
    ledger.add_draw(match, tenpai=[0])
    ledger.add_win(match, 0, "ron", {2: 2900 + 300}, riichi=[1])
    at = open_page("score_manual", "tokyo-mahjong")
    type_hand(at, "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_riichi").uncheck().run()
    at.selectbox(key="manual_winner").set_value(3).run()
    at.selectbox(key="manual_discarder").set_value(2).run()
    return ledger, match, ok(at)


def test_a_riichi_tables_nearer_winner_is_not_priced_after_the_earlier_ron(atamahane):
    ledger, match, at = atamahane
    assert "manual_one_ron_same" not in keys(at)  # no replacement priced at 2 honba
    said = texts(at)
    assert "Same discard as hand 2?" in said, said
    assert "undo hand 2 on the ledger page" in said and "B" in said, said  # and B's riichi to tick again
    assert len(ledger.hands(match)) == 2
    assert at.button(key="manual_add_ledger").proto.type == "primary"  # a later discard: a new hand


def test_undone_first_the_nearer_winner_is_priced_at_the_discards_honba(atamahane):
    ledger, match, at = atamahane
    ledger.undo(match)
    at.run()
    ok(at)
    assert at.number_input(key="manual_honba").value == 1
    assert "manual_one_ron_same" not in keys(at)
    at.button(key="manual_add_ledger").click().run()
    ok(at)
    assert [(h.winner, dict(h.payments)) for h in ledger.hands(match)][-1] == (3, {2: 1600})


def test_undo_first_in_japanese(atamahane):
    ledger, match, _ = atamahane
    at = open_page("score_manual", "tokyo-mahjong", "ja")
    type_hand(at, "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_riichi").uncheck().run()
    at.selectbox(key="manual_winner").set_value(3).run()
    at.selectbox(key="manual_discarder").set_value(2).run()
    said = texts(ok(at))
    assert "成績表のページで2局目を取り消して" in said, said


# 3. the ron that ended the match ----------------------------------------------------------------------------------

@pytest.fixture
def last_deal(home):
    """Yokai Watch, the last deal (seven draws: D deals the 8th); Ann discards."""
    ledger, match = yokai_match(home)
    for _ in range(7):
        ledger.add_draw(match)
    return ledger, match


def test_the_nearer_winner_replaces_the_ron_that_ended_the_match(last_deal):
    ledger, match = last_deal
    ledger.add_win(match, 2, "ron", {0: 100}, riichi=[2])
    assert ledger.state(match).ended
    b = ron_shown(open_page("score_photo", "yokai-watch"), 6, 1, 0)
    assert any("Same discard as hand 8?" in w.value for w in b.warning), [w.value for w in b.warning]
    assert "photo_add_ledger" not in keys(b)  # no later discard: the match has ended
    b.button(key="photo_one_ron_same").click().run()
    ok(b)
    hands = ledger.hands(match)
    assert [(h.winner, dict(h.payments), h.riichi) for h in hands[7:]] == [(1, {0: 100}, (1, 2))]
    assert ledger.state(match).ended  # the deal passed on the last lap, as Bo's ron decides
    assert any("Replaced hand 8: Bo wins it" in s.value for s in b.success), [s.value for s in b.success]


def test_the_farther_winner_after_the_ron_that_ended_the_match_adds_its_riichi(last_deal):
    ledger, match = last_deal
    ledger.add_win(match, 1, "ron", {0: 100}, riichi=[1])
    b = ron_shown(open_page("score_photo", "yokai-watch"), 6, 3, 0)
    assert "photo_add_ledger" not in keys(b)
    b.button(key="photo_one_ron_same").click().run()
    ok(b)
    assert [(h.winner, h.riichi) for h in ledger.hands(match)[7:]] == [(1, (1, 3))]


def test_another_discarders_ron_after_the_end_is_not_offered(last_deal):
    ledger, match = last_deal
    ledger.add_win(match, 2, "ron", {0: 100})
    b = ron_shown(open_page("score_photo", "yokai-watch"), 6, 1, 3)
    assert not {"photo_one_ron_same", "photo_add_ledger"} & keys(b)
    assert "start a new match" in texts(b), texts(b)
    assert len(ledger.hands(match)) == 8


# 6. "A later discard" is the default --------------------------------------------------------------------------------

def test_a_later_discard_is_the_primary_button(home):
    ledger, match = yokai_match(home)
    ledger.add_win(match, 3, "ron", {0: 100})
    b = ron_shown(open_page("score_photo", "yokai-watch"), 6, 1, 0)
    assert b.button(key="photo_add_ledger").proto.type == "primary"
    assert b.button(key="photo_one_ron_same").proto.type != "primary"
