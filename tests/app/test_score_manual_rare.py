"""The "Enter a hand" page of Tokyo Mahjong in the rarer situations an experienced player enters: a robbed kan or
the last tile ticked on a hand one tile short, rinshan with ippatsu, copies counted with the dora indicators."""
from app_helpers import texts, tsumo, type_hand as typed


def test_a_hand_one_tile_short_lists_its_waits_with_robbing_a_kan_ticked(home, page):
    # "Cannot score: chankan is a ron" was all the page said, a ron chosen: the waits list a tsumo too
    at = typed(page("score_manual", "tokyo-mahjong"), "234m456p678s23m66s")
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_chankan").check().run()
    assert not at.error, [e.value for e in at.error]
    assert "1 Man" in texts(at) and "4 Man" in texts(at), texts(at)
    at.checkbox(key="manual_chankan").uncheck()
    at.checkbox(key="manual_last_tile").check().run()  # houtei, on a ron
    assert not at.error, [e.value for e in at.error]


def test_rinshan_with_ippatsu_is_refused_in_the_screens_language(home, page):
    # a kan ends ippatsu (one's own closed kan too): the page scored the han all the same
    for lang, word in (("en", "ippatsu"), ("ja", "一発はカンで消えます")):
        at = tsumo(typed(page("score_manual", "tokyo-mahjong", lang=lang), "456p678s23m66s4m"))
        at.checkbox(key="manual_riichi").check().run()  # the ippatsu box is drawn under riichi only
        at.text_input(key="manual_melds").set_value("ankan 2222z").run()
        assert at.checkbox(key="manual_riichi").value  # a closed kan keeps it
        at.checkbox(key="manual_rinshan").check()
        at.checkbox(key="manual_ippatsu").check().run()
        errors = [e.value for e in at.error]
        assert errors and word in errors[0], errors
        assert not at.success


def test_a_short_hand_with_a_dora_indicator_too_many_says_so_before_its_count(home, page):
    # four 1m typed and a 1m turned over as the dora indicator: five, which no count of tiles mends; the page
    # asked for ten more tiles, then refused the copies once the hand was whole
    at = typed(page("score_manual", "tokyo-mahjong"), "1111m")
    assert not at.error
    at.button(key="manual_dora_add_1m").click().run()
    errors = [e.value for e in at.error]
    assert errors and "too many 1 Man (1m): 5" in errors[0], errors
    at = typed(page("score_manual", "tokyo-mahjong", lang="ja"), "1111m")
    at.button(key="manual_dora_add_1m").click().run()
    assert at.error and "一萬が" in at.error[0].value


def test_a_yakuman_is_shown_without_fu_and_kazoe_yakuman_with_them(home, page):
    # suuankou tanki by tsumo: its fu (50) mean nothing, the page said "26 han · 50 fu" and their breakdown
    at = typed(page("score_manual", "tokyo-mahjong"), "111m333p555s777s9p9p")
    at.segmented_control(key="manual_win").set_value("tsumo").run()
    captions = [c.value for c in at.caption]
    assert not at.error, [e.value for e in at.error]
    said = next(c for c in captions if "yakuman" in c)
    assert " fu" not in said and not any("base 2" in c or "tsumo 2" in c for c in captions), captions
