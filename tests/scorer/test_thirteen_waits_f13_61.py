"""Session 61 (F13, from W3's evening of real photos): what `tilelens score` tells a hand one tile short, its help on
the app's first win kind, and the payments of a hand that would win.

- `tilelens score` of a 13-tile riichi hand (a tenpai photo's `read --kinds`) said only "wrong tile count: a hand has
  14 tiles here (13 now ...)", while `tilelens waits` lists what it waits on: the message now names that command,
  with the hand as given (and its melds), in English and Japanese; a Donjara hand one short too. A hand two short
  names nothing of it.
- `--win`'s help said "the app's score pages start at tsumo" (and the Japanese アプリの採点ページはツモから始まる);
  since session 60 they start at the game's own win kind (``scorer.default_win``: ron).
- A hand that does not win lists the payments it would have (``extra["would_be_payments"]``): a tsumo split's
  remainder was charged to "player 1" there, while `score --json` keeps it apart (``scorer.payout.settle_remainder``,
  commit aa58c64): each payer's even share, the remainder said apart (``extra["would_be_remainder"]``).
"""
from __future__ import annotations

import json

import pytest

from tilelens.cli import main

THIRTEEN = "123m456p789s1122z"  # waits on 1z and 2z
CINDERELLA = ("mizumoto-yukari mimura-kanako igarashi-kyouko kohinata-miho sakurai-momoka seki-hiromi kamiya-nao "
              "tada-riina mifune-miyu").split()  # リハーサルライブセット 3万: at three players, 1 each and 1 over


def _run(capsys, monkeypatch, argv: list[str], lang: str = "en") -> tuple[int, str, str]:
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# 1. a hand one tile short points to `tilelens waits` ------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [("en", "tilelens waits --game tokyo-mahjong 123m456p789s1122z"),
                                         ("ja", "tilelens waits --game tokyo-mahjong 123m456p789s1122z")])
def test_score_of_thirteen_tiles_names_the_waits_command(capsys, monkeypatch, lang, words):
    code, out, err = _run(capsys, monkeypatch, ["score", "--game", "tokyo-mahjong", THIRTEEN], lang)
    assert code != 0 and out == ""
    assert err.count("\n") == 1, err  # one message
    assert ("wrong tile count" if lang == "en" else "牌の枚数が違います") in err, err
    assert words in err, err
    assert ("waits on" if lang == "en" else "待ち牌") in err, err
    # and the command named works on that hand
    code, out, _ = _run(capsys, monkeypatch, words.split()[1:], lang)
    assert code == 0 and "1z" in out and "2z" in out, out


def test_the_waits_command_named_keeps_the_melds(capsys, monkeypatch):
    code, _, err = _run(capsys, monkeypatch, ["score", "--game", "tokyo-mahjong", "123m456p789s1z", "--melds",
                                              "pon:555z"])
    assert code != 0
    assert "tilelens waits --game tokyo-mahjong 123m456p789s1z --melds pon:555z" in err, err
    code, out, _ = _run(capsys, monkeypatch, "waits --game tokyo-mahjong 123m456p789s1z --melds pon:555z".split())
    assert code == 0 and "1z" in out, out


def test_a_hand_two_short_or_one_over_names_no_waits(capsys, monkeypatch):
    for hand in ("123m456p789s112z", "123m456p789s112233z"):
        code, _, err = _run(capsys, monkeypatch, ["score", "--game", "tokyo-mahjong", hand])
        assert code != 0 and "wrong tile count" in err and "tilelens waits" not in err, err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_donjara_hand_one_short_names_the_waits_command_too(capsys, monkeypatch, lang):
    code, _, err = _run(capsys, monkeypatch, ["score", "--game", "cinderella-neo", *CINDERELLA[:8]], lang)
    assert code != 0
    assert "tilelens waits --game cinderella-neo " + " ".join(CINDERELLA[:8]) in err, err
    code, _, err = _run(capsys, monkeypatch, ["score", "--game", "cinderella-neo", *CINDERELLA[:7]], lang)
    assert code != 0 and "tilelens waits" not in err, err


# 2. --win's help: the app starts at ron ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_win_help_says_the_app_starts_at_the_games_own_win_kind(capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    monkeypatch.setenv("COLUMNS", "400")  # each option's help on one line
    with pytest.raises(SystemExit):
        main(["score", "--game", "tokyo-mahjong", "--help"])
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.strip().startswith("--win "))
    assert "start at tsumo" not in line and "ツモから始まる" not in line, line
    if lang == "en":
        assert "start at ron" in line and "--win tsumo" in line, line
    else:
        assert "ロンから始まります" in line and "--win tsumo" in line, line


# 3. the payments a hand would have: the remainder apart ---------------------------------------------------------

def test_would_be_payments_keep_the_remainder_apart():
    from scorer import score

    r = score("cinderella-neo", CINDERELLA, win="tsumo", players=3)  # no riichi (Standby): not a win
    assert not r.winning
    paid = r.extra["would_be_payments"]
    assert [(p["payer"], p["amount"]) for p in paid] == [("player 1", 1), ("player 2", 1)], paid
    assert all(p["note"] == "" for p in paid), paid  # no payer charged the remainder
    rest = r.extra["would_be_remainder"]
    assert (rest["amount"], rest["parts"], rest["payers"]) == (1, 1, None), rest
    assert sum(p["amount"] for p in paid) + rest["amount"] == r.value == 3
    won = score("cinderella-neo", CINDERELLA, win="tsumo", players=3, riichi=True)
    assert won.winning and sum(p.amount for p in won.payments) == 3


def test_would_be_payments_of_an_even_split_have_no_remainder():
    from scorer import score

    r = score("cinderella-neo", CINDERELLA, win="tsumo", players=4)  # 3 at four players: 1 each
    assert not r.winning and [p["amount"] for p in r.extra["would_be_payments"]] == [1, 1, 1]
    assert "would_be_remainder" not in r.extra


def test_score_json_says_the_would_be_payments_as_its_payments(capsys, monkeypatch):
    code, out, _ = _run(capsys, monkeypatch, ["score", "--game", "cinderella-neo", "--players", "3", "--json",
                                              *CINDERELLA])
    assert code == 0
    extra = json.loads(out)["extra"]
    assert [p["amount"] for p in extra["would_be_payments"]] == [1, 1], extra
    assert extra["would_be_remainder"]["amount"] == 1 and extra["would_be_remainder"]["payers"] is None, extra
