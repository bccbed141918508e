"""Session 61 (F3): `tilelens score --json` of a tsumo split that leaves a remainder charged it to "player 1"
(``payments``: player 1 2, player 2 1, at three players), while the rules (RULES.md: the payers settle it by
rock-paper-scissors), the text and the app name nobody until who lost is chosen: a script summing by payer charged
player 1. ``payments`` now hold each payer's even share, and the remainder is said apart, top-level ``remainder``:
its amount, its parts and who pays it (null: not decided); ``--remainder-payer N`` names who lost rock-paper-scissors
(the N of "player N"), as the app's ledger box does, and then the payments charge them, in the JSON and the text."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from scorer.payout import REMAINDER_LOST_NOTE, REMAINDER_NOTE, settle_remainder
from scorer.result import Payment
from tilelens.cli import main

CINDERELLA = ("mizumoto-yukari mimura-kanako igarashi-kyouko kohinata-miho sakurai-momoka seki-hiromi kamiya-nao "
              "tada-riina mifune-miyu").split()  # リハーサルライブセット 3万: at three players, 1 each and 1 over
THREE = ["--game", "cinderella-neo", "--riichi", "--players", "3", *CINDERELLA]
FRUITS = str(Path(__file__).resolve().parent / "data" / "house-fruits.toml")
ONE_COLOUR = ["--game", FRUITS, "--players", "4", "--local", "one-colour",
              "apple", "apple", "apple", "cherry", "cherry", "cherry"]  # 50: 16 each, 2 over


def _run(capsys, monkeypatch, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["score", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys, monkeypatch, *argv: str) -> dict:
    code, out, err = _run(capsys, monkeypatch, *argv, "--json")
    assert code == 0 and err == "", err
    return json.loads(out)


def _by_payer(data: dict) -> dict[str, int]:
    summed: Counter[str] = Counter()
    for p in data["payments"]:
        summed[p["payer"]] += p["amount"]
    return dict(summed)


def test_json_charges_nobody_the_remainder_until_who_lost_is_named(capsys, monkeypatch):
    data = _json(capsys, monkeypatch, *THREE)
    assert _by_payer(data) == {"player 1": 1, "player 2": 1}, data["payments"]
    assert all(p["note"] == "" for p in data["payments"]), data["payments"]
    assert data["remainder"] == {"amount": 1, "parts": 1, "payers": None,
                                 "note": "the payers play rock-paper-scissors and the loser pays it"}, data
    # what the winner receives: the payments and the remainder still to settle
    assert data["points"] == data["value"] == 3 == sum(_by_payer(data).values()) + data["remainder"]["amount"]
    assert (data["extra"]["even_share"], data["extra"]["remainder"]) == (1, 1), data["extra"]


@pytest.mark.parametrize("loser, paid", [("1", {"player 1": 2, "player 2": 1}), ("2", {"player 1": 1, "player 2": 2})])
def test_json_charges_the_loser_named(capsys, monkeypatch, loser, paid):
    data = _json(capsys, monkeypatch, *THREE, "--remainder-payer", loser)
    assert _by_payer(data) == paid, data["payments"]
    assert data["remainder"]["payers"] == [f"player {loser}"] and data["remainder"]["amount"] == 1, data
    assert sum(p["amount"] for p in data["payments"]) == data["points"] == 3
    assert [p["note"] for p in data["payments"] if p["payer"] == f"player {loser}"] == [REMAINDER_LOST_NOTE]


def test_two_parts_two_losers(capsys, monkeypatch):
    data = _json(capsys, monkeypatch, *ONE_COLOUR)
    assert _by_payer(data) == {"player 1": 16, "player 2": 16, "player 3": 16}, data["payments"]
    assert data["remainder"] == {"amount": 2, "parts": 2, "payers": None,
                                 "note": "the payers play rock-paper-scissors and the 2 losers pay one part each"}
    data = _json(capsys, monkeypatch, *ONE_COLOUR, "--remainder-payer", "3", "--remainder-payer", "2")
    assert _by_payer(data) == {"player 1": 16, "player 2": 17, "player 3": 17}, data["payments"]
    assert data["remainder"]["payers"] == ["player 3", "player 2"]


@pytest.mark.parametrize("lang, lines", [
    ("en", ["  player 1 pays 1 x10,000 fans\n",
            "  player 2 pays 2 x10,000 fans (includes 1 x10,000 fans of the remainder: lost rock-paper-scissors)\n"]),
    ("ja", ["  プレイヤー1が1万払う\n", "  プレイヤー2が2万払う (端数の1万を含みます: じゃんけんで負けた人)\n"])])
def test_text_charges_the_loser_named_and_says_no_remainder_left(capsys, monkeypatch, lang, lines):
    code, out, err = _run(capsys, monkeypatch, *THREE, "--remainder-payer", "2", lang=lang)
    assert code == 0 and err == "", err
    assert all(line in out for line in lines), out
    assert "play rock-paper-scissors" not in out and "じゃんけんで負けた人が払います" not in out, out


def test_text_without_a_loser_is_as_before(capsys, monkeypatch):
    code, out, _ = _run(capsys, monkeypatch, *THREE)
    assert "  player 1 pays 1 x10,000 fans\n  player 2 pays 1 x10,000 fans\n" in out, out
    assert "  remainder 1 x10,000 fans: the payers play rock-paper-scissors and the loser pays it\n" in out, out


@pytest.mark.parametrize("argv, word", [
    (["--remainder-payer", "3"], "1 to 2"),  # two payers at three players
    (["--remainder-payer", "0"], "1 to 2"),
    (["--remainder-payer", "1", "--remainder-payer", "2"], "one player"),  # one part, two named
])
def test_a_bad_loser_is_one_line_naming_the_option(capsys, monkeypatch, argv, word):
    for lang in ("en", "ja"):
        code, out, err = _run(capsys, monkeypatch, *THREE, *argv, lang=lang)
        assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
        assert "--remainder-payer" in err, err
        if lang == "en":
            assert word in err, err


def test_twice_the_same_loser_is_refused(capsys, monkeypatch):
    code, _, err = _run(capsys, monkeypatch, *ONE_COLOUR, "--remainder-payer", "2", "--remainder-payer", "2")
    assert code == 2 and "once" in err and err.count("\n") == 1, err


@pytest.mark.parametrize("argv", [
    ["--game", "cinderella-neo", "--riichi", *CINDERELLA],  # 3 among 3: no remainder
    ["--game", "cinderella-neo", "--riichi", "--players", "3", "--win", "ron", *CINDERELLA],
    ["--game", "nogizaka", "--riichi", *["rarin"] * 3, *["miona"] * 3, "kotoko", "kotoko",
     "almighty-god"],  # each share rounded up: never a remainder
])
def test_no_remainder_the_option_changes_nothing_and_says_so(capsys, monkeypatch, argv):
    data = _json(capsys, monkeypatch, *argv, "--remainder-payer", "1")
    assert data["remainder"] is None and sum(p["amount"] for p in data["payments"]) == data["points"], data
    assert [u["option"] for u in data["extra"]["unused_options"]] == ["--remainder-payer"], data["extra"]


def test_every_game_has_the_key(capsys, monkeypatch):
    data = _json(capsys, monkeypatch, "--game", "tokyo-mahjong", "234m456p789s11z555z", "--riichi")
    assert "remainder" in data and data["remainder"] is None


def test_settle_remainder_keeps_the_sum_once_named():
    split = (Payment("player 1", 2, REMAINDER_NOTE), Payment("player 2", 1))
    even, rest = settle_remainder(split, 1)
    assert [p.amount for p in even] == [1, 1] and rest["amount"] == 1 and rest["payers"] is None
    paid, rest = settle_remainder(split, 1, ["player 2"])
    assert [(p.payer, p.amount) for p in paid] == [("player 1", 1), ("player 2", 2)] and rest["payers"] == ["player 2"]
    assert settle_remainder((Payment("player 1", 1), Payment("player 2", 1)), 1) == (
        (Payment("player 1", 1), Payment("player 2", 1)), None)
