"""Session 58 (P1): a pao hand just added to the ledger keeps showing the deal it was scored under. After Add the page
named the seats from the table's next deal: a daisangen ron by Ben from Dan, Chie (West) liable, read "Each of the
others pays Ben 16,000 points (16,000 points all)" and "West pays 16,000 points" (64,000 for a 32,000 hand, a ron
called "all"), and the pao question's choices took the next deal's players ("East (Ben)", Ben being the winner). The
ledger itself was right. And the pao note names the liable player as the payment lines do, says 「役満の半分」, and
leaves out "(had West dealt in, ...)" once the discarder is chosen.

Seats in turn order: 0 = Aki (deals first), 1 = Ben, 2 = Chie, 3 = Dan."""
import pytest
from app_helpers import texts, type_hand

from tilelens.ledger import Ledger

MELDS = "pon:555z, pon:666z, pon:777z, chi:123p"
PLAYERS = ["Aki", "Ben", "Chie", "Dan"]
# Ben's seat under Aki's deal is South: West is Chie, North is Dan, East is Aki
CHOICES = {"en": ["East (Aki)", "West (Chie)", "North (Dan)"], "ja": ["東 (Aki)", "西 (Chie)", "北 (Dan)"]}


def _pao_hand(home, page, lang, win, pao="west", discarder=3):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    at = page("score_manual", "tokyo-mahjong", lang)
    type_hand(at, "22z")
    at.text_input(key="manual_melds").set_value(MELDS).run()
    at.segmented_control(key="manual_win").set_value(win).run()
    at.selectbox(key="manual_winner").set_value(1).run()  # Ben
    at.selectbox(key="manual_pao").set_value(pao).run()
    if win == "ron":
        at.selectbox(key="manual_discarder").set_value(discarder).run()
    assert not at.exception, [e.value for e in at.exception]
    return at, ledger, match


def _payment_lines(at):
    return [line for line in texts(at).split("\n") if line.startswith("- ")]


def _choices(at):
    return next(box for box in at.selectbox if box.key == "manual_pao").options[1:]


@pytest.mark.parametrize("lang, lines", [
    ("en", ["- Dan pays Ben 16,000 points", "- Chie pays Ben 16,000 points (pao: half the yakuman)"]),
    ("ja", ["- DanがBenに16,000点払う", "- ChieがBenに16,000点払う (包: 役満の半分)"]),
])
def test_a_pao_ron_after_add_shows_the_payments_it_was_added_with(home, page, lang, lines):
    at, ledger, match = _pao_hand(home, page, lang, "ron")
    assert _payment_lines(at) == lines  # before Add: as scored
    assert _choices(at) == CHOICES[lang]
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert ledger.hands(match)[0].payments == {3: 16000, 2: 16000}  # the ledger took it so
    assert _payment_lines(at) == lines, texts(at)  # and the page still says so
    assert _choices(at) == CHOICES[lang]  # the deal it was scored under: Ben is South, Aki East
    at.run()  # and on the next run too
    assert _payment_lines(at) == lines and _choices(at) == CHOICES[lang]


@pytest.mark.parametrize("lang, line", [("en", "- Chie pays Ben 32,000 points"), ("ja", "- ChieがBenに32,000点払う")])
def test_a_pao_tsumo_after_add_shows_the_liable_player_paying_alone(home, page, lang, line):
    at, ledger, match = _pao_hand(home, page, lang, "tsumo")
    assert _payment_lines(at) == [line]
    at.button(key="manual_add_ledger").click().run()
    assert ledger.hands(match)[0].payments == {2: 32000}
    assert _payment_lines(at) == [line] and _choices(at) == CHOICES[lang], texts(at)


def test_a_plain_ron_after_add_is_still_said_as_added(home, page):
    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", PLAYERS)
    at = type_hand(page("score_manual", "tokyo-mahjong"), "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_winner").set_value(1).run()
    at.selectbox(key="manual_discarder").set_value(3).run()
    before = _payment_lines(at)
    assert len(before) == 1 and before[0].startswith("- Dan pays Ben "), before
    at.button(key="manual_add_ledger").click().run()
    assert _payment_lines(at) == before


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "Pao (liability payment): Chie fed the last dragon of this Daisangen, so Chie pays half of its yakuman "
           "(16,000) and Dan the other half.", ["had West dealt in", "West fed", "the discarder"]),
    ("ja", "包 (責任払い): Chieが最後の三元牌を鳴かせたので、大三元の役満の半分 (16,000点) をChieが払い、残りの半分を"
           "Danが払います。", ["放銃したなら", "役満分の半分", "西家が", "放銃者"]),
])
def test_the_pao_note_names_the_liable_player_once_the_discarder_is_chosen(home, page, lang, said, not_said):
    at, _, _ = _pao_hand(home, page, lang, "ron")
    captions = [c.value for c in at.caption]
    assert said in captions, captions
    assert not any(word in c for c in captions for word in not_said), captions
    at.button(key="manual_add_ledger").click().run()  # after Add, the same
    captions = [c.value for c in at.caption]
    assert said in captions, captions


@pytest.mark.parametrize("lang, said", [
    ("en", "Pao (liability payment): Chie fed the last dragon of this Daisangen and dealt in too, so Chie pays it all, "
           "as any discarder does."),
    ("ja", "包 (責任払い): Chieが最後の三元牌を鳴かせ、放銃もしたので、通常のロンと同じく全額を払います。"),
])
def test_the_pao_note_of_a_liable_player_who_dealt_in(home, page, lang, said):
    at, _, _ = _pao_hand(home, page, lang, "ron", discarder=2)  # Chie fed the dragon and dealt in
    captions = [c.value for c in at.caption]
    assert said in captions, captions


def test_before_the_discarder_is_chosen_the_note_says_both_cases(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("tokyo-mahjong", PLAYERS)
    at = page("score_manual", "tokyo-mahjong")
    type_hand(at, "22z")
    at.text_input(key="manual_melds").set_value(MELDS).run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_winner").set_value(1).run()
    at.selectbox(key="manual_pao").set_value("west").run()
    said = texts(at)
    assert "Chie fed the last dragon" in said and "(had Chie dealt in, Chie pays it all)" in said, said


def test_without_a_match_the_note_names_the_seat(home, page):
    at = page("score_manual", "tokyo-mahjong", "ja")
    type_hand(at, "22z")
    at.text_input(key="manual_melds").set_value(MELDS).run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_pao").set_value("west").run()
    said = texts(at)
    assert "西家が最後の三元牌を鳴かせたので、大三元の役満の半分 (16,000点) を西家が払い" in said, said
    assert "(西家が放銃したなら西家が全額を払います)" in said
