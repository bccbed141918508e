"""Session 58 (SM2): at a riichi table of three (sanma) the ledger recorded a four-winds draw and a triple ron as
abortive draws without complaint, neither possible with three players, and refused four riichi with a message that
could not be satisfied ("choose each of them": there are three). An abortive draw needs as many players as its kind
names: four winds (the first discard of each of four players), four riichi (all four players) and triple ron (three
players ron one discard: a discarder and three others) need four; nine terminals (one player's hand) and four kans
by more than one player (two players or more) are possible at three, as they are kept at sanma tables (riichi.wiki
"Tochuu ryuukyoku" and "Sanma": every four-player rule applies to sanma, less what three players cannot do).
``Ledger.add_draw`` refuses the others at a match of fewer than four players, in one line in both languages naming
the kinds possible there; a match of four takes every kind as before.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy; Ann deals first."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer import load_game
from tilelens.ledger import ABORTIVE_KINDS, Ledger, LedgerError, abortive_kinds

SHIPPED = Path(__file__).resolve().parents[2] / "scorer" / "games" / "tokyo-mahjong.toml"
THREE = ["Ann", "Bo", "Cy"]


@pytest.fixture
def sanma(tmp_path):
    """Tokyo Mahjong with ``[riichi] players = 3`` (no north seat), as a club's house table."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert text.count("\nplayers = 4 ") == 1
    path = tmp_path / "sanma.toml"
    path.write_text(text.replace("\nplayers = 4 ", "\nplayers = 3 ", 1), encoding="utf-8")
    return load_game(path)


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def test_the_kinds_possible_at_a_table_follow_its_players():
    assert list(abortive_kinds(4)) == list(ABORTIVE_KINDS)
    assert list(abortive_kinds(3)) == ["nine-terminals", "four-kans"]
    assert list(abortive_kinds(2)) == ["nine-terminals", "four-kans"]
    assert abortive_kinds(3)["four-kans"] == ABORTIVE_KINDS["four-kans"]  # with their words


@pytest.mark.parametrize("kind, riichi, en, ja", [
    ("four-winds", (), "four winds", "四風連打"),
    ("four-riichi", (0, 1, 2), "four riichi", "四家リーチ"),
    ("triple-ron", (), "triple ron", "三家和"),
])
def test_an_abortive_draw_of_four_players_is_refused_at_three_in_one_message(ledger, sanma, kind, riichi, en, ja):
    m = ledger.new_match(sanma, THREE)
    with pytest.raises(LedgerError) as refused:
        ledger.add_draw(m, abortive=kind, riichi=riichi)
    said, said_ja = str(refused.value), refused.value.message_ja
    assert said == (f"{en[0].upper()}{en[1:]} is an abortive draw of four players, and this match has 3: at a table "
                    "of 3 an abortive draw is nine terminals or four kans"), said
    assert said_ja == (f"{ja}は4人の卓の途中流局で、この対局は3人です。3人の卓の途中流局は九種九牌・四槓散了です"), said_ja
    assert "\n" not in said and "\n" not in said_ja
    assert "choose each" not in said  # no longer asks for a fourth riichi that cannot be
    assert ledger.hands(m) == []
    assert ledger.state(m).totals == (25000, 25000, 25000)  # no stick taken


def test_the_refusal_says_the_kind_nobody_could_record_at_two(ledger, sanma):
    m = ledger.new_match(sanma, ["Ann", "Bo"])
    with pytest.raises(LedgerError, match="this match has 2: at a table of 2 an abortive draw is nine terminals or "
                                          "four kans"):
        ledger.add_draw(m, abortive="four-winds")


@pytest.mark.parametrize("kind", ["nine-terminals", "four-kans", ""])
def test_nine_terminals_four_kans_or_none_said_are_recorded_at_three(ledger, sanma, kind):
    m = ledger.new_match(sanma, THREE)
    ledger.add_draw(m, abortive=kind, riichi=(1,))
    (hand,) = ledger.hands(m)
    assert hand.abortive == kind
    state = ledger.state(m)
    assert (state.dealer, state.honba, state.pot) == (0, 1, 1000)
    assert state.totals == (25000, 24000, 25000)


def test_three_players_at_a_table_of_four_are_three_players(ledger):
    """A table of four takes a match of three (an empty north): three players still make no four winds."""
    m = ledger.new_match("tokyo-mahjong", THREE)
    with pytest.raises(LedgerError, match="Four winds is an abortive draw of four players, and this match has 3"):
        ledger.add_draw(m, abortive="four-winds")
    ledger.add_draw(m, abortive="nine-terminals")
    assert [h.abortive for h in ledger.hands(m)] == ["nine-terminals"]


def test_a_match_of_four_takes_every_kind_as_before(ledger):
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    for kind in ("four-winds", "triple-ron", "four-kans", "nine-terminals"):
        ledger.add_draw(m, abortive=kind)
    ledger.add_draw(m, abortive="four-riichi", riichi=(0, 1, 2, 3))
    assert [h.abortive for h in ledger.hands(m)] == ["four-winds", "triple-ron", "four-kans", "nine-terminals",
                                                      "four-riichi"]
    with pytest.raises(LedgerError, match="all four players have declared riichi"):
        ledger.add_draw(m, abortive="four-riichi", riichi=(0, 1))


def test_a_kind_a_later_tilelens_adds_is_not_refused_for_the_players(monkeypatch):
    """A kind ``ABORTIVE_PLAYERS`` does not name (one added to ``ABORTIVE_KINDS`` later) needs one player."""
    monkeypatch.setitem(ABORTIVE_KINDS, "five-dragons", ("五竜", "five dragons"))
    assert "five-dragons" in abortive_kinds(3)
