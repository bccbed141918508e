"""Session 51: a refused Cinderella Girls win says its worth as a number of fans in English ("worth 60,000 fans by
tsumo"), not "worth 6 x10,000 fans" (a count of the game's 万 units, read as "6 times 10,000"); the Japanese keeps
its 万 ("ツモなら6万の手"), and `tilelens score` says what the engine says."""
from __future__ import annotations

from scorer import WinKind
from scorer.engine import score
from tilelens.cli import main

HAND = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "mizumoto-yukari", "mimura-kanako", "igarashi-kyouko",
        "takamori-aiko", "ootsuki-yui", "almighty-cute"]
WIN = HAND[:-1] + ["himekawa-yuki"]


def test_a_ron_on_an_almighty_says_the_tsumos_worth_in_fans():
    r = score("cinderella-neo", HAND, win=WinKind.RON, riichi=True, winning_tile="almighty-cute")
    assert not r.winning and r.reason == "no ron on a discarded Almighty (worth 60,000 fans by tsumo)", r.reason
    assert r.reason_ja.endswith("(ツモなら6万の手)"), r.reason_ja


def test_a_win_without_riichi_says_its_worth_in_fans():
    r = score("cinderella-neo", WIN)
    assert r.reason == "a win needs a riichi (Standby) first (worth 120,000 fans with one)", r.reason
    assert "(リーチすれば12万の手)" in r.reason_ja


def test_a_points_game_still_says_a_bare_number():
    r = score("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"])
    assert "(worth 120 with one)" in r.reason or "worth 120 by tsumo" in r.reason, r.reason


def test_amount_en():
    from scorer.engine import amount_en

    assert amount_en(6, "x10,000 fans") == "60,000 fans"
    assert amount_en(1, "x10,000 fans") == "10,000 fans"
    assert amount_en(1200, "points") == "1,200 points"


def test_the_command_line_says_the_same(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code = main(["score", "--game", "cinderella-neo", "--win", "ron", "--riichi", "--winning-tile", "almighty-cute",
                 *HAND])
    out = capsys.readouterr().out
    assert code == 0 and "not a win: no ron on a discarded Almighty (worth 60,000 fans by tsumo)" in out, out
