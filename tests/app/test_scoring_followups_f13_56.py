"""Session 56 (f13): the score pages decide no ledger rule of their own. A table's next match is found by the players'
names as the ledger matches them (NFKC and case folded: "Ａｎｎ" is Ann, as `ledger totals` says); a winner's
favourite is read from the ledger's note whether or not it doubled the payout (a phone's favourite never reached the
laptop unless it doubled); a Donjara table's third ron is told what the ledger takes there (not riichi mahjong's
abortive draw, which the ledger refuses a Donjara game)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from app_helpers import texts

from tilelens.ledger import DEFAULT_RULES, HandKind, HandRecord, Ledger, result_note

NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3  # 60 points, riichi ticked (a Donjara win needs one)
CINDERELLA_WIN = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko", "hori-yuuko", "matoba-risa",
                  "shirasaka-koume", "hayami-kanade", "morikubo-nono", "nanba-emi"]


def test_the_next_match_of_a_table_is_found_by_the_ledgers_player_key(home, monkeypatch):
    """An ended match of Ann, Bo, Cy, Di; the next one typed on a phone as "Ａｎｎ" (full width): the same player for
    `tilelens ledger totals`, not for the score page, which kept offering the ended match's last discard."""
    from app.components import resources, scoring

    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("cinderella-neo", ["Ann", "Bo", "Cy", "Di"])
    for _ in range(8):
        ledger.add_draw(first)
    assert ledger.state(first).ended
    second = ledger.new_match("cinderella-neo", ["Ａｎｎ", "Eve", "Fay", "Gus"])
    other = ledger.new_match("cinderella-neo", ["Hal", "Ivy", "Jo", "Kay"])  # another table's: nobody of #1's
    monkeypatch.setattr(resources, "ledger", lambda: ledger)
    state, hands = ledger.table(first)
    moved_on, newer = scoring._started_since((ledger.match(first), state, hands))
    assert moved_on and newer is not None and newer.id == second and newer.id != other


def test_a_favourite_that_did_not_double_reaches_another_device():
    from app.components.scoring import _favourites_in
    from scorer import load_game, score

    game = load_game("cinderella-neo")
    # declared on the phone, not in the hand
    result = score(game, CINDERELLA_WIN, riichi=True, favourite="shimamura-uzuki")
    assert result.extra["multiplier"] == 1
    hands = [HandRecord(0, HandKind.WIN, 2, "ron", {1: 60}, note=result_note(game, result))]
    assert _favourites_in(game, hands) == {2: ("shimamura-uzuki", 1)}


def test_an_old_note_of_a_doubled_favourite_still_reads():
    import json

    from app.components.scoring import _favourites_in
    from scorer import load_game
    from tilelens.ledger import YAKU_NOTE

    game = load_game("cinderella-neo")
    old = json.dumps({YAKU_NOTE: 1, "yaku": [["x", "x"]], "favourite": ["島村卯月", "Shimamura Uzuki"],
                      "multiplier": 2}, ensure_ascii=False)
    hands = [HandRecord(0, HandKind.WIN, 0, "ron", {1: 60}, note=old)]
    assert _favourites_in(game, hands) == {0: ("shimamura-uzuki", 1)}


@pytest.mark.parametrize("lang, said", [
    ("en", "a discard takes two winners at most"), ("ja", "上がれるのは2人まで")])
def test_a_donjara_tables_third_ron_is_told_what_to_record_there(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"], rules=replace(DEFAULT_RULES["nogizaka"],
                                                                               several_ron=True))
    ledger.add_win(m, 1, "ron", {3: 60})
    ledger.add_win(m, 2, "ron", {3: 60}, same_discard=True)
    at = page("score_manual", "nogizaka", lang)
    for tile in NOGI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not at.exception, [e.value for e in at.exception]
    info = [i.value for i in at.info]
    told = [i for i in info if said in i]
    assert told, info
    nobody_won = "Record a hand nobody won" if lang == "en" else "流局を記録"
    assert nobody_won in told[0] and "三家和" not in told[0] and "abortive" not in told[0]
    assert "manual_same_discard" not in [c.key for c in at.checkbox] and "三家和" not in texts(at)
