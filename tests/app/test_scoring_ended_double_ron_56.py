"""Session 56 (review rv2 #5): a double ron on the discard that ended a match is the one hand the ended match still
takes: it is priced with its winner's declared favourite (the ended match's own box had been the hand's, undoubled)."""
from __future__ import annotations

from dataclasses import replace

from tilelens.ledger import DEFAULT_RULES, Ledger
from test_scoring_followups_f13_56 import CINDERELLA_WIN

FAV = "mizumoto-yukari"  # in CINDERELLA_WIN


def test_double_ron_on_the_discard_that_ended_a_match_keeps_the_winners_favourite(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("cinderella-neo", ["Ann", "Bo", "Cy", "Di"],
                         rules=replace(DEFAULT_RULES["cinderella-neo"], several_ron=True))
    for _ in range(7):
        ledger.add_draw(m)
    assert not ledger.state(m).ended
    ledger.add_win(m, 0, "ron", {3: 60})  # Ann's ron on Di's discard ends the match
    assert ledger.state(m).ended
    at = page("score_manual", "cinderella-neo", "en")
    at.session_state["favourites"] = {(m, 1): FAV}  # Bo declared FAV on this device
    for tile in CINDERELLA_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_same_discard").check().run()
    at.selectbox(key="manual_winner").set_value(1).run()
    assert not at.exception, [e.value for e in at.exception]
    fav = [s for s in at.selectbox if s.key == "manual_fav"]
    assert fav and fav[0].value == FAV, "Bo's declared favourite not applied to Bo's double ron"


def test_the_same_double_ron_on_an_open_match_keeps_it_too(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("cinderella-neo", ["Ann", "Bo", "Cy", "Di"],
                         rules=replace(DEFAULT_RULES["cinderella-neo"], several_ron=True))
    ledger.add_win(m, 0, "ron", {3: 60})
    at = page("score_manual", "cinderella-neo", "en")
    at.session_state["favourites"] = {(m, 1): FAV}
    for tile in CINDERELLA_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_same_discard").check().run()
    at.selectbox(key="manual_winner").set_value(1).run()
    fav = [s for s in at.selectbox if s.key == "manual_fav"]
    assert fav[0].value == FAV
