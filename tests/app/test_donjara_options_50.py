"""Session 50: the "Enter a hand" page after the Donjara rules audit: a dealt-tenpai box where the game's rules
exempt such a hand from the riichi (Yokai Watch, RULES.md 003), Cinderella Girls' no ron on a discarded Almighty,
and the would-be value of a refused ron."""
import pytest
from app_helpers import texts

YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]
CG_ALMIGHTY = ["shiina-noriko", "yusa-kozue", "shirasaka-koume", "morikubo-nono", "yuuki-haru", "kimura-natsuki",
               "matoba-risa", "nanba-emi", "almighty-cute"]  # the Almighty last: the winning tile


def add(at, tiles, prefix="manual"):
    for tile in tiles:
        at.button(key=f"{prefix}_add_{tile}").click().run()
    return at


def keys(at):
    return {c.key for c in at.checkbox}


@pytest.mark.parametrize("lang, label", [("en", "Dealt tenpai (wins without riichi)"), ("ja", "配牌でテンパイ (リーチなしで上がれる)")])
def test_yokai_offers_the_dealt_tenpai_box(home, page, lang, label):
    at = add(page("score_manual", "yokai-watch", lang), YOKAI_WIN)
    box = at.checkbox(key="manual_dealt_tenpai")
    assert box.label.startswith(label) and not box.value


@pytest.mark.parametrize("game", ["nogizaka", "cinderella-neo"])
def test_no_dealt_tenpai_box_where_the_rules_have_no_such_exception(home, page, game):
    at = page("score_manual", game)
    at = add(at, ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3) if game == "nogizaka" else add(at, CG_ALMIGHTY)
    assert "manual_riichi" in keys(at) and "manual_dealt_tenpai" not in keys(at)


def test_a_dealt_tenpai_win_without_a_riichi_takes_no_chip_never_put_down(home, page):
    # RULES.md 003: "A riichi is required to win, except when the hand was already one tile from winning as dealt."
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    at.segmented_control(key="manual_players").set_value(3).run()
    at.checkbox(key="manual_riichi").uncheck().run()
    assert not at.success  # no riichi and no exception: not a win
    at.checkbox(key="manual_dealt_tenpai").check().run()
    assert not at.exception and at.success, texts(at)
    assert "100" in at.success[0].value and "Riichi sticks on the table" not in texts(at), texts(at)


def test_cinderella_refuses_a_ron_on_an_almighty_in_the_app(home, page):
    at = add(page("score_manual", "cinderella-neo"), CG_ALMIGHTY)
    at.pills(key="manual_wintile").set_value(CG_ALMIGHTY[-1]).run()  # won on the Almighty (not the default)
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not at.exception and not at.success and "no ron on a discarded Almighty" in texts(at), texts(at)


def test_a_refused_ron_on_an_almighty_is_worth_the_ron(home, page):
    at = add(page("score_manual", "yokai-watch", "ja"), YOKAI_WIN)
    at.pills(key="manual_wintile").set_value("almighty").run()  # won on the Almighty (not the default)
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not at.success and "上がりなら 100点" in texts(at) and "上がりなら 120点" not in texts(at), texts(at)


NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3


@pytest.mark.parametrize("lang, said", [("en", "10 of them the winner's own riichi chip"),
                                        ("ja", "うち 10点は自分がリーチで出したチップです")])
def test_the_winners_own_chip_is_said_as_theirs(home, page, lang, said):
    # the page said "you receive 70 in all" for a 60 win after a riichi, the 10 being the winner's own chip
    at = add(page("score_manual", "nogizaka", lang), NOGI_WIN)
    assert at.success and said in texts(at), texts(at)


def test_a_chombo_says_its_hand_as_declared_and_no_would_be_value(home, page):
    # winning on an Almighty is a chombo at Nogizaka (seed 001): its yaku were shown as the hand's, and "Would be
    # worth 60" beneath the penalty
    at = add(page("score_manual", "nogizaka"), ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko",
                                                                                  "almighty-god"])
    at.pills(key="manual_wintile").set_value("almighty-god").run()  # won on the Almighty (not the default)
    body = texts(at)
    assert "CHOMBO" in body.upper() or "chombo" in body, body
    assert "The hand as declared (not paid)" in body and "Would be" not in body, body
