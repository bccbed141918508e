"""The ledger page over a whole match: the round as it goes, then the end, the standings and what is left."""
from app_helpers import texts

from tilelens.ledger import Ledger

# A Tokyo Mahjong hanchan to South 4 honba 2 (tests/tilelens/test_ledger_whole_match_47.py works its figures out
# hand by hand): (kind, seat, payments or tenpai, riichi, same discard).
HANCHAN = [
    ("win", 0, {2: 2900}, (0,), False), ("draw", None, (0,), (1,), False),
    ("win", 3, {0: 1200, 1: 700, 2: 700}, (), False), ("draw", None, (), (), False),
    ("win", 0, {3: 4200}, (0, 2), False), ("win", 1, {3: 2000}, (), True),
    ("win", 3, {1: 12000}, (), False), ("win", 1, {3: 8300}, (), False),
    ("draw", None, (), (0,), False), ("win", 2, {0: 6100, 1: 3100, 3: 3100}, (), False),
    ("win", 1, {2: 1500}, (), False), ("draw", None, (0, 1, 2, 3), (1, 3), False),
    ("win", 3, {0: 1600}, (), False), ("win", 0, {1: 1000, 2: 2000, 3: 1000}, (), False),
    ("win", 3, {1: 5800}, (), False), ("draw", None, (3,), (), False),
]


def hanchan_to_all_last(home):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    for kind, seat, what, riichi, same in HANCHAN:
        if kind == "win":
            ledger.add_win(m, seat, "ron" if len(what) == 1 else "tsumo", what, riichi=riichi, same_discard=same)
        else:
            ledger.add_draw(m, tenpai=what, riichi=riichi)
    return ledger, m


def totals(at):
    return [m.value for m in at.metric]


def test_all_last_with_the_dealer_in_the_lead_goes_on(home, page):
    ledger, m = hanchan_to_all_last(home)
    at = page("ledger", "tokyo-mahjong")
    body = texts(at)
    assert not at.exception and totals(at) == ["30,700", "11,700", "26,700", "30,900"]
    assert at.metric[3].label == "Di (Dealer)"
    assert "South 4, honba 2" in body and "7 of 8 deals done" in body and "has ended" not in body
    assert "Final standings" not in body


def test_the_end_of_a_hanchan_shows_the_standings(home, page):
    ledger, m = hanchan_to_all_last(home)
    ledger.add_win(m, 2, "ron", {3: 4500})  # the dealer loses the deal after South 4: the end
    at = page("ledger", "tokyo-mahjong")
    body = texts(at)
    assert not at.exception and totals(at) == ["30,700", "11,700", "31,200", "26,400"]
    assert "The match has ended: every player has dealt twice" in body
    assert "#### Final standings\n\n- 1st Cy: 31,200 points\n- 2nd Ann: 30,700 points\n- 3rd Di: 26,400 points\n- 4th Bo: 11,700 points" in body
    assert "(Dealer)" not in "".join(m.label for m in at.metric) and "Dealer:" not in body
    assert "Riichi chips left on the table" not in body  # none were left
    ja = texts(page("ledger", "tokyo-mahjong", lang="ja"))
    assert "対局終了" in ja and "1位 Cy: 31,200" in ja


def test_riichi_chips_left_at_the_end_are_said_to_be_in_no_total(home, page):
    """A hanchan that ended on a draw with Ann's riichi stick on the table: the page said only "Riichi chips on
    the table: 1,000" under the final standings, as if a next hand would take them. RULES.md is silent on the chips
    left at the end; tilelens gives them to no one (README's settled gaps): the page says they are in no one's total."""
    ledger, m = hanchan_to_all_last(home)
    ledger.add_draw(m, riichi=(0,))  # Ann alone tenpai, the dealer noten: the end
    assert ledger.state(m).ended and ledger.state(m).pot == 1000
    at = page("ledger", "tokyo-mahjong")
    body = texts(at)
    assert not at.exception and totals(at) == ["32,700", "10,700", "25,700", "29,900"]
    assert "- 1st Ann: 32,700" in body
    assert "Riichi sticks left on the table: 1,000 points (1 stick), in no player's total" in body
    assert "Riichi chips on the table: 1,000" not in body
    ja = texts(page("ledger", "tokyo-mahjong", lang="ja"))
    assert "場に残ったリーチ棒: 1,000" in ja


def test_undo_at_the_end_opens_the_match_again(home, page):
    ledger, m = hanchan_to_all_last(home)
    ledger.add_win(m, 2, "ron", {3: 4500})
    at = page("ledger", "tokyo-mahjong")
    (undo,) = [b for b in at.button if (b.key or "").startswith("ledger_undo")]
    undo.click().run()
    body = texts(at)
    assert not at.exception and "has ended" not in body and "Final standings" not in body
    assert "South 4, honba 2" in body and at.metric[3].label == "Di (Dealer)"
    assert totals(at) == ["30,700", "11,700", "26,700", "30,900"]


def test_a_donjara_match_that_ends_by_a_player_with_nothing_left_ranks_the_level_ones_together(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 0, "ron", {1: 500})
    ledger.add_win(m, 2, "ron", {1: 500})  # Bo: 0, nothing left; Ann and Cy level at 1,500
    at = page("ledger", "nogizaka")
    body = texts(at)
    assert "The match has ended: a player has nothing left" in body
    assert "- 1st Ann: 1,500 points\n- 1st Cy: 1,500 points\n- 3rd Di: 1,000 points\n- 4th Bo: 0 points" in body
    assert "Equal totals share a place" in body


def test_the_last_deal_is_said_before_it_is_played(home, page):
    """South 4 showed "South 4, honba 2 · Deals 7/8" only: nothing said that the deal passing on from Di ends the
    hanchan (and that Di's win or tenpai keeps it going, in the lead or not)."""
    ledger, m = hanchan_to_all_last(home)
    body = texts(page("ledger", "tokyo-mahjong"))
    assert "The last deal: the match ends when the deal passes on from Di" in body
    ja = texts(page("ledger", "tokyo-mahjong", lang="ja"))
    assert "オーラス: 親のDiから親が移ると対局終了です" in ja
    for _ in range(3):
        ledger.undo(m)  # South 3 again: not the last deal
    assert "The last deal" not in texts(page("ledger", "tokyo-mahjong"))
    # Cinderella Girls, where the deal moves every hand: the last hand is said as such
    two = ledger.new_match("cinderella-neo", ["Ann", "Bo"])
    for _ in range(3):
        ledger.add_draw(two)
    at = page("ledger", "cinderella-neo")
    assert "The last hand: the match ends after it" in texts(at) and "The last deal" not in texts(at)


def test_the_hands_table_names_who_dealt_in(home, page):
    """Checking a hanchan's history at the end, a ron's row said only "Ann Ron (discard)": who dealt in had to be
    worked out from the totals. Each ron's row names the discarder (a double ron's two rows the same one)."""
    ledger, m = hanchan_to_all_last(home)
    table = page("ledger", "tokyo-mahjong").dataframe[0].value
    results = list(table["Result"])
    assert results[0] == "Ann ron from Cy"
    assert results[4:6] == ["Ann ron from Di", "Bo ron from Di (same discard)"]  # one case, one phrase (51)
    assert results[2] == "Di tsumo" and results[1] == "Draw"
    ja = list(page("ledger", "tokyo-mahjong", lang="ja").dataframe[0].value["結果"])
    assert ja[0] == "Ann ロン (Cyから)"
