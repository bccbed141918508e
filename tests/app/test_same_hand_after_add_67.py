"""Session 67 (a sanma club night walked through): on the Enter-a-hand page with a ledger match, hand 1 was Ann's riichi tsumo,
added. The same 14 tiles typed again for Bo's hand, Bo chosen as the winner and Riichi not touched, were scored with
riichi (3 han) and the ledger recorded a riichi by Bo: the last hand's own options went with a *different* hand typed
over the one added (test_sanma_page_sm3_58), not with the same tiles. Typed over the hand just added, the tiles are
the next hand's whatever they are: its Riichi, Ippatsu, Win, winner and discarder start afresh, as after "Clear"."""
from __future__ import annotations

import pytest
from app_helpers import add_to_ledger, open_page, texts, type_hand

from app import settings
from scorer.catalog import GAMES_DIR
from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
HAND = "234p456p789s11z555z"  # tsumo: Menzen Tsumo + Yakuhai (haku), 2 han 40 fu; with Riichi 3 han
NAMES = {3: ["Ann", "Bo", "Cy"], 4: ["Ann", "Bo", "Cy", "Di"]}


def _game(players: int) -> str:
    """Tokyo Mahjong as shipped (four), or a house copy seating three (``[riichi] players = 3``)."""
    if players == 4:
        return GAME
    text = (GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8")
    assert text.count("\nplayers = 4 ") == 1
    return settings.save_house_table(GAME, text.replace("\nplayers = 4 ", "\nplayers = 3 ", 1))


def _first_hand_added(home, players: int, lang: str = "en"):
    game = _game(players)
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(game, NAMES[players])
    at = type_hand(open_page("score_manual", GAME, lang), HAND)
    at.segmented_control(key="manual_win").set_value("tsumo").run()
    at.checkbox(key="manual_riichi").check().run()
    at.checkbox(key="manual_ippatsu").check().run()
    at.selectbox(key="manual_winner").set_value(0).run()
    assert not at.exception and not at.error, [e.value for e in (*at.exception, *at.error)]
    add_to_ledger(at, "manual")
    assert not at.error and [h.riichi for h in ledger.hands(match)] == [(0,)], texts(at)
    assert at.checkbox(key="manual_riichi").value is True  # the hand added is shown as added
    return at, ledger, match


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_same_tiles_typed_after_add_start_the_next_hand_afresh(home, players, lang):
    at, _, _ = _first_hand_added(home, players, lang)
    type_hand(at, HAND)  # Bo's hand: the same tiles
    assert not at.exception, [e.value for e in at.exception]
    assert at.checkbox(key="manual_riichi").value is False
    assert not [c for c in at.checkbox if c.key == "manual_ippatsu" and c.value]
    assert at.segmented_control(key="manual_win").value == "ron"  # the table's default win kind, as after "Clear"
    assert at.selectbox(key="manual_winner").value is None


@pytest.mark.parametrize("players", [3, 4])
def test_the_same_tiles_won_by_another_player_after_add_are_recorded_without_riichi(home, players):
    at, ledger, match = _first_hand_added(home, players)
    type_hand(at, HAND)
    at.segmented_control(key="manual_win").set_value("tsumo").run()
    at.selectbox(key="manual_winner").set_value(1).run()  # Bo; Riichi not touched
    said = texts(at)
    assert "Riichi (1 han)" not in said and "2 han" in said, said
    add_to_ledger(at, "manual")
    assert not at.exception and not at.error, [e.value for e in (*at.exception, *at.error)]
    hands = ledger.hands(match)
    assert [(h.winner, h.riichi) for h in hands] == [(0, (0,)), (1, ())]
    assert "Riichi" not in hands[1].note, hands[1].note


def test_the_hand_just_added_tapped_again_unchanged_is_still_said_added(home):
    """Nothing typed over it: the hand added stays shown as added, its options with it."""
    at, ledger, match = _first_hand_added(home, 4)
    at.run()
    assert at.checkbox(key="manual_riichi").value is True and len(ledger.hands(match)) == 1


def test_the_same_tiles_typed_again_for_the_next_hand_keep_what_was_chosen_for_it(home):
    at, ledger, match = _first_hand_added(home, 4)
    type_hand(at, HAND)  # the next hand: afresh
    at.segmented_control(key="manual_win").set_value("tsumo").run()
    at.selectbox(key="manual_winner").set_value(1).run()
    at.checkbox(key="manual_riichi").check().run()  # Bo's own riichi
    type_hand(at, HAND)  # Enter in the box again: still Bo's hand
    assert at.checkbox(key="manual_riichi").value is True and at.selectbox(key="manual_winner").value == 1
    add_to_ledger(at, "manual")
    assert [(h.winner, h.riichi) for h in ledger.hands(match)] == [(0, (0,)), (1, (1,))]
    type_hand(at, HAND)  # typed over Bo's hand, added: the next hand again
    assert at.checkbox(key="manual_riichi").value is False and at.selectbox(key="manual_winner").value is None


@pytest.mark.parametrize("lang, said", [("en", "incl. 200 for 1 honba"), ("ja", "1本場分 200点を含む")])
def test_the_ledger_pages_hands_table_says_a_tsumos_honba_at_three(home, lang, said):
    """Part 2 (tests/test_tsumo_honba_said_67.py): a tsumo's honba said in its row, as a ron's are."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(GAME, NAMES[3])
    ledger.add_win(match, 0, "tsumo", {1: 1300, 2: 1300}, honba=0)
    ledger.add_win(match, 0, "tsumo", {1: 1400, 2: 1400}, honba=1)
    at = open_page("ledger", GAME, lang)
    assert not at.exception, [e.value for e in at.exception]
    table = "\n".join(d.value.to_string() for d in at.dataframe)
    assert table.count(said) == 1, table
