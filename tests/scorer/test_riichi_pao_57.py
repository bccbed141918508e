"""Pao (責任払い, liability payment) for Tokyo Mahjong: the player who fed the last dragon of another's visible
daisangen (or the last wind of a daisuushii) pays the whole yakuman alone on a tsumo, and half of it beside the
discarder on a ron by a third player (the common rule: WRC, EMA, JPML); the honba go to the liable player on a tsumo
and to the discarder on a ron. Numbers checked by hand: a non-dealer's yakuman is 32,000 (dealer 48,000), the value
the ``mahjong`` package gives the same hand without pao."""
from __future__ import annotations

import json
import re

import pytest

from scorer import riichi
from scorer.result import TilelensInputError
from scorer.riichi_cli import score_main, waits_main
from scorer.riichi_rules import RiichiRules

# Three dragon pons called, a chi and a pair of south: daisangen with its deciding set open.
DAISANGEN = dict(hand="22z", melds=["pon:555z", "pon:666z", "pon:777z", "chi:123p"], win_tile="2z")
# Daisangen with tsuuiisou (all honours): a double yakuman of which only the daisangen is pao's.
DAISANGEN_HONOURS = dict(hand="11z", melds=["pon:555z", "pon:666z", "pon:777z", "pon:333z"], win_tile="1z")
# Four wind pons called: daisuushii, a double yakuman under the game's rules (double_yakuman = true).
DAISUUSHII = dict(hand="11m", melds=["pon:111z", "pon:222z", "pon:333z", "pon:444z"], win_tile="1m")
SUUKANTSU = dict(hand="11m", melds=["kan:1111p", "kan:2222p", "kan:3333s", "ankan:4444s"], win_tile="1m")


def _score(spec, **options):
    spec = dict(spec)
    return riichi.score(None, spec.pop("hand"), **spec, **options)


def _paid(result):
    return [(p.payer, p.amount) for p in result.payments]


# --- the package's yakuman value, without pao -------------------------------------------------------------------

@pytest.mark.parametrize("seat,value", [("south", 32000), ("east", 48000)])
def test_the_yakuman_pao_moves_is_the_packages_value(seat, value):
    ron = _score(DAISANGEN, win="ron", seat=seat)
    tsumo = _score(DAISANGEN, win="tsumo", seat=seat)
    assert ron.points == tsumo.points == value
    assert ron.extra["pao_yaku"] == tsumo.extra["pao_yaku"] == "daisangen"  # the page asks who fed it
    assert "pao" not in ron.extra  # none applied unless said


# --- tsumo: the liable player pays it all ---------------------------------------------------------------------

def test_a_non_dealers_tsumo_is_paid_whole_by_the_liable_player():
    r = _score(DAISANGEN, win="tsumo", seat="south", pao="west")
    assert _paid(r) == [("west", 32000)]
    assert r.points == r.value == r.extra["total_received"] == 32000
    assert r.extra["pao"] == "west"


def test_a_dealers_tsumo_is_paid_whole_by_the_liable_player():
    r = _score(DAISANGEN, win="tsumo", seat="east", pao="north")
    assert _paid(r) == [("north", 48000)]


def test_the_liable_dealer_pays_a_tsumo_and_every_honba():
    r = _score(DAISANGEN, win="tsumo", seat="south", pao="east", honba=2)
    assert _paid(r) == [("east (dealer)", 32600)]  # 32,000 + 2 honba x 100 x 3 payers
    assert r.payments[0].note == "incl. 600 for 2 honba"


def test_riichi_sticks_still_go_to_the_winner():
    r = _score(DAISANGEN, win="tsumo", seat="south", pao="west", riichi_sticks=2)
    assert r.points == 32000 and r.pot == 2000 and r.extra["total_received"] == 34000


def test_at_three_players_the_liable_player_pays_the_whole_yakuman_not_the_tsumo_loss():
    plain = _score(DAISANGEN, win="tsumo", seat="south", players=3)
    assert plain.points == 24000  # east 16,000 + west 8,000: no north
    r = _score(DAISANGEN, win="tsumo", seat="south", players=3, pao="west")
    assert _paid(r) == [("west", 32000)]


# --- ron: by a third player, split half and half; by the liable player, as any ron ---------------------------

def test_a_ron_by_a_third_player_is_split_between_discarder_and_liable_player():
    r = _score(DAISANGEN, win="ron", seat="south", discarder="north", pao="west")
    assert _paid(r) == [("north", 16000), ("west", 16000)]
    assert r.points == 32000


def test_the_discarder_pays_the_ron_honba():
    r = _score(DAISANGEN, win="ron", seat="south", discarder="north", pao="west", honba=1)
    assert _paid(r) == [("north", 16300), ("west", 16000)]
    assert r.payments[0].note == "incl. 300 for 1 honba" and r.payments[1].note == "pao: half the yakuman"


def test_a_dealers_ron_is_split_24000_each():
    r = _score(DAISANGEN, win="ron", seat="east", discarder="north", pao="south")
    assert _paid(r) == [("north", 24000), ("south", 24000)]


def test_the_liable_player_who_deals_in_pays_it_all():
    r = _score(DAISANGEN, win="ron", seat="south", discarder="west", pao="west", honba=1)
    assert _paid(r) == [("west", 32300)]


def test_a_ron_without_the_discarder_named_still_says_the_liable_share():
    r = _score(DAISANGEN, win="ron", seat="south", pao="west")
    assert _paid(r) == [("discarder", 16000), ("west", 16000)]


# --- a double yakuman: only the pao yakuman is moved -----------------------------------------------------------

def test_with_another_yakuman_only_the_pao_one_is_the_liable_players():
    plain = _score(DAISANGEN_HONOURS, win="tsumo", seat="south")
    assert plain.points == 64000
    r = _score(DAISANGEN_HONOURS, win="tsumo", seat="south", pao="west")
    # west: the daisangen (32,000) and its share of the tsumo of tsuuiisou (8,000); east 16,000, north 8,000
    assert _paid(r) == [("east (dealer)", 16000), ("west", 40000), ("north", 8000)]
    assert r.points == 64000
    ron = _score(DAISANGEN_HONOURS, win="ron", seat="south", discarder="north", pao="west", honba=1)
    assert _paid(ron) == [("north", 48300), ("west", 16000)]


def test_daisuushii_counts_double_and_is_moved_whole():
    r = _score(DAISUUSHII, win="tsumo", seat="south", pao="east")
    assert r.extra["pao_yaku"] == "daisuushii"
    assert _paid(r) == [("east (dealer)", 64000)]
    ron = _score(DAISUUSHII, win="ron", seat="south", discarder="west", pao="north")
    assert _paid(ron) == [("west", 32000), ("north", 32000)]


# --- suukantsu: a house option, off by default ------------------------------------------------------------------

def test_suukantsu_has_no_pao_by_default():
    assert "pao_yaku" not in _score(SUUKANTSU, win="tsumo").extra
    with pytest.raises(TilelensInputError, match="pao"):
        _score(SUUKANTSU, win="tsumo", pao="west")


def test_suukantsu_pao_where_the_house_turns_it_on():
    rules = RiichiRules(pao_suukantsu=True)
    r = _score(SUUKANTSU, win="tsumo", seat="south", pao="west", rules=rules)
    assert r.extra["pao_yaku"] == "suukantsu" and _paid(r) == [("west", 32000)]


def test_the_house_options_are_read_from_a_game_file():
    assert RiichiRules.from_table({"pao": False}).pao is False
    assert RiichiRules.from_table({"pao_suukantsu": True}).pao_suukantsu is True
    assert RiichiRules().pao is True and RiichiRules().pao_suukantsu is False


# --- refusals: one line naming the problem, in both languages --------------------------------------------------

@pytest.mark.parametrize("spec,options,words", [
    (dict(hand="234m456p678s22z", melds=["pon:555z"], win_tile="8s"), {}, "daisangen"),  # no yakuman
    (dict(hand="555z666z777z22z", melds=["chi:123p"], win_tile="2z"), {}, "called"),  # every dragon set concealed
    (DAISANGEN, {"seat": "west"}, "winner"),  # the winner cannot be liable
    (DAISANGEN, {"players": 3, "seat": "south"}, "north"),  # pao=north: no north at three
])
def test_pao_that_cannot_apply_is_refused(spec, options, words):
    pao = options.pop("pao", "west" if words != "north" else "north")
    with pytest.raises(TilelensInputError) as refused:
        _score(spec, win="tsumo", pao=pao, **options)
    assert words in str(refused.value) and "pao" in str(refused.value)
    assert "包" in refused.value.message_ja


def test_pao_that_is_no_seat_is_refused():
    with pytest.raises(TilelensInputError, match="pao") as refused:
        _score(DAISANGEN, win="tsumo", pao="Bob")
    assert "Bob" in str(refused.value) and "包" in refused.value.message_ja


def test_pao_off_in_the_rules_is_refused_and_not_asked():
    rules = RiichiRules(pao=False)
    assert "pao_yaku" not in _score(DAISANGEN, win="tsumo", rules=rules).extra
    with pytest.raises(TilelensInputError, match=r"\[riichi\] pao"):
        _score(DAISANGEN, win="tsumo", pao="west", rules=rules)


def test_an_all_concealed_daisangen_is_not_asked_about():
    r = _score(dict(hand="555z666z777z22z", melds=["chi:123p"], win_tile="2z"), win="tsumo")
    assert r.winning and "pao_yaku" not in r.extra


def test_nobody_said_is_no_pao():
    for nobody in (None, ""):
        assert _paid(_score(DAISANGEN, win="tsumo", seat="south", pao=nobody)) == \
            [("east (dealer)", 16000), ("west", 8000), ("north", 8000)]


# --- the note says it, in both languages -------------------------------------------------------------------------

def test_the_result_says_the_pao_share_in_both_languages():
    tsumo = _score(DAISANGEN, win="tsumo", seat="south", pao="west")
    note = next(n for n in tsumo.extra["notes"] if n["id"] == "pao")
    assert "West fed the last dragon" in note["text"] and "32,000" in note["text"] and "last dragon" in note["text"]
    assert "西" in note["text_ja"] and "32,000" in note["text_ja"] and "包" in note["text_ja"]
    ron = _score(DAISANGEN, win="ron", seat="south", discarder="north", pao="west")
    note = next(n for n in ron.extra["notes"] if n["id"] == "pao")
    assert "half" in note["text"] and "16,000" in note["text"]
    assert "半分" in note["text_ja"] and "16,000" in note["text_ja"]


# --- the command line: --pao SEAT ------------------------------------------------------------------------------

G = ["--game", "tokyo-mahjong"]
ARGV = ["22z", "--melds", "pon:555z", "pon:666z", "pon:777z", "chi:123p", "--win-tile", "2z"]


def test_score_takes_pao(capsys):
    assert score_main(G + ARGV + ["--win", "ron", "--discarder", "north", "--pao", "west", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["pao"] == "west" and [(p["payer"], p["amount"]) for p in out["payments"]] == \
        [("north", 16000), ("west", 16000)]
    assert score_main(G + ARGV + ["--win", "tsumo", "--pao", "west"]) == 0
    text = capsys.readouterr().out
    assert "west pays 32,000" in text.replace("  ", " ") or re.search(r"west\D+32,?000", text), text
    assert "Pao (liability payment)" in text


def test_score_says_pao_in_japanese(capsys, monkeypatch):
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert main(["score"] + G + ARGV + ["--win", "tsumo", "--pao", "west"]) == 0
    out = capsys.readouterr().out
    assert "包" in out and "32,000" in out


def test_score_refuses_pao_on_a_hand_without_it(capsys, monkeypatch):
    from tilelens.cli import main

    assert main(["score"] + G + ["234m456p678s22z", "--melds", "pon:555z", "--win-tile", "8s", "--pao", "west"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "pao" in err and "Traceback" not in err, err


def test_waits_refuses_pao():
    with pytest.raises(TilelensInputError, match="--pao"):
        waits_main(G + ["2z", "--melds", "pon:555z", "pon:666z", "pon:777z", "chi:123p", "--pao", "west"])
