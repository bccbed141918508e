"""A Yokai Watch family evening on phones (session 61, W4's walkthrough): two rons on one discard, the win kind
beside the winner, the same photo chosen again, and the words of the start-match form and of "keep this photo"."""
import pytest

from app_helpers import open_page, read_as, texts, yokai_match

PLAIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3  # a win by ron too (no discarded Almighty)


def ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def keys(at, kind="button"):
    return {e.key for e in at.get(kind)}


def ron_shown(at, seed, winner, discarder):
    """The photo page showing a photo of PLAIN (``seed``: its own photo) as a ron of ``winner`` off ``discarder``."""
    read_as(at, "yokai-watch", PLAIN, seed)
    ok(at)
    at.segmented_control(key="photo_win").set_value("ron").run()
    at.selectbox(key="photo_winner").set_value(winner).run()
    at.selectbox(key="photo_discarder").set_value(discarder).run()
    return ok(at)


# 1. two rons on one discard where only the nearest clockwise from the discarder wins -------------------------------

@pytest.fixture
def gran_won_off_dad(home):
    """Phone A recorded Di's (seat 3) ron off Ann (seat 0); phone B shows Bo's (seat 1) ron off Ann."""
    ledger, match = yokai_match(home)
    a = ron_shown(open_page("score_photo", "yokai-watch"), 5, 3, 0)
    a.button(key="photo_add_ledger").click().run()
    assert len(ledger.hands(match)) == 1
    b = ron_shown(open_page("score_photo", "yokai-watch"), 6, 1, 0)
    return ledger, match, b


def test_a_second_ron_off_the_same_discarder_asks_whether_it_is_the_same_discard(gran_won_off_dad):
    ledger, match, b = gran_won_off_dad
    asked = [w.value for w in b.warning if "Same discard as hand 1?" in w.value]
    assert asked and "only Bo wins" in asked[0], [w.value for w in b.warning]
    assert {"photo_one_ron_same", "photo_add_ledger"} <= keys(b)
    assert "same discard" in b.button(key="photo_one_ron_same").label.lower()
    assert "later discard" in b.button(key="photo_add_ledger").label.lower()


def test_the_same_discard_keeps_only_the_nearer_winner(gran_won_off_dad):
    ledger, match, b = gran_won_off_dad
    b.button(key="photo_one_ron_same").click().run()
    ok(b)
    hands = ledger.hands(match)
    assert [(h.winner, h.win_kind, dict(h.payments)) for h in hands] == [(1, "ron", {0: 100})]
    assert any("hand 1" in s.value and "Bo" in s.value for s in b.success), [s.value for s in b.success]


def test_a_later_discard_is_added_as_a_new_hand(gran_won_off_dad):
    ledger, match, b = gran_won_off_dad
    b.button(key="photo_add_ledger").click().run()
    ok(b)
    assert [h.winner for h in ledger.hands(match)] == [3, 1]


def test_the_farther_winner_after_the_nearer_adds_nothing_and_says_so(home):
    ledger, match = yokai_match(home)
    ledger.add_win(match, 1, "ron", {0: 100})
    b = ron_shown(open_page("score_photo", "yokai-watch"), 6, 3, 0)
    b.button(key="photo_one_ron_same").click().run()
    ok(b)
    assert [h.winner for h in ledger.hands(match)] == [1]
    said = [i.value for i in b.info if "Not added" in i.value]
    assert said and "Bo" in said[0] and "hand 1" in said[0], [i.value for i in b.info]


def test_asked_in_japanese(home):
    ledger, match = yokai_match(home)
    ledger.add_win(match, 3, "ron", {0: 100})
    b = ron_shown(open_page("score_photo", "yokai-watch", "ja"), 6, 1, 0)
    said = texts(b)
    assert "1局目と同じ捨て牌" in said and "Boだけ" in said, said


def test_not_asked_at_a_table_where_each_ron_is_paid(home):
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(match, 3, "ron", {0: 1000})
    at = open_page("score_manual", "tokyo-mahjong")
    assert "photo_one_ron_same" not in keys(at) and "manual_one_ron_same" not in keys(at)


# 2. the win kind beside the winner ------------------------------------------------------------------------------

def test_the_win_kind_is_chosen_beside_the_winner_and_a_ron_is_recorded_as_one(home):
    ledger, match = yokai_match(home)
    at = ok(read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", PLAIN, 5))
    here = at.segmented_control(key="photo_ledger_win")
    assert here.value == "tsumo"
    here.set_value("ron").run()
    ok(at)
    assert at.segmented_control(key="photo_win").value == "ron"
    at.selectbox(key="photo_winner").set_value(3).run()
    at.selectbox(key="photo_discarder").set_value(0).run()
    at.button(key="photo_add_ledger").click().run()
    assert [(h.winner, h.win_kind, dict(h.payments)) for h in ledger.hands(match)] == [(3, "ron", {0: 100})]
    # and the fold's box is followed there
    at.segmented_control(key="photo_win").set_value("tsumo").run()
    assert at.segmented_control(key="photo_ledger_win").value == "tsumo"


# 3, 4. the same photo chosen again ---------------------------------------------------------------------------------

def test_the_same_photo_with_another_winner_is_refused_while_its_hand_is_in_the_ledger(home):
    ledger, match = yokai_match(home)
    at = ok(read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", PLAIN, 5))
    at.selectbox(key="photo_winner").set_value(3).run()
    at.button(key="photo_add_ledger").click().run()
    read_as(at, "yokai-watch", PLAIN, 6)  # hand 2, another photo
    at.selectbox(key="photo_winner").set_value(2).run()
    at.button(key="photo_add_ledger").click().run()
    assert len(ledger.hands(match)) == 2
    read_as(at, "yokai-watch", PLAIN, 5)  # the first photo chosen again
    assert not any("Added to the ledger" in s.value for s in at.success), [s.value for s in at.success]
    at.selectbox(key="photo_winner").set_value(1).run()
    ok(at)
    assert at.button(key="photo_add_ledger").disabled
    said = [w.value for w in at.warning if "hand 1" in w.value and "not added again" in w.value]
    assert said, [w.value for w in at.warning]
    assert len(ledger.hands(match)) == 2


def test_the_last_hands_photo_chosen_again_says_already_recorded_not_added(home):
    ledger, match = yokai_match(home)
    at = ok(read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", PLAIN, 5))
    at.selectbox(key="photo_winner").set_value(3).run()
    at.button(key="photo_add_ledger").click().run()
    assert any(s.value == "Added to the ledger as hand 1." for s in at.success)
    read_as(at, "yokai-watch", PLAIN, 6)  # another photo looked at, not added
    read_as(at, "yokai-watch", PLAIN, 5)  # the first chosen again
    for winner in (None, 3):  # before the winner is chosen again, and with the same winner: no tap, no "Added"
        if winner is not None:
            at.selectbox(key="photo_winner").set_value(winner).run()
        ok(at)
        assert not any("Added to the ledger" in s.value for s in at.success), [s.value for s in at.success]
        said = [i.value for i in at.info if "already in the ledger, as hand 1 of match #1" in i.value]
        assert len(said) == 1, [i.value for i in at.info]
        assert at.button(key="photo_add_ledger").disabled
        assert not any("before your correction" in w.value for w in at.warning)


# 5, 6. words ------------------------------------------------------------------------------------------------------

def test_keep_photo_japanese_has_no_space_before_a_particle():
    from app.components.keep_photo import S

    for key in ("added", "updated", "cannot_write"):
        ja = S[key][0]
        assert "} に" not in ja and "} の" not in ja and "} を" not in ja and "} として" not in ja, ja


@pytest.mark.parametrize("lang, says", [("en", "deals first"), ("ja", "最初の親")])
def test_the_start_match_form_says_the_first_name_deals_first(home, lang, says):
    at = open_page("ledger", "yokai-watch", lang)
    box = at.text_input(key="ledger_names")
    assert says in (box.label + " " + (box.help or "")), (box.label, box.help)
