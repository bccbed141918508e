"""Session 59 (F12): `tilelens score` of a tsumo split that leaves a remainder said it twice, and named a payer of
it under a note saying rock-paper-scissors decides who pays (「プレイヤー1が2万払う (端数のうち1万を含みます。誰が払う
かは…じゃんけんで決めます)」, then 「ツモの割り方: 1人 1万、端数 1万」). It now says each payer's even share, and the
remainder once, settled among the payers, as the app says it (「端数の1万は、払う人どうしのじゃんけんで負けた人が払い
ます。」), naming nobody as its payer; ``--json`` keeps the even shares in its payments and the remainder apart (they add up to the value)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tilelens.cli import main

CINDERELLA = ("mizumoto-yukari mimura-kanako igarashi-kyouko kohinata-miho sakurai-momoka seki-hiromi kamiya-nao "
              "tada-riina mifune-miyu").split()  # リハーサルライブセット 3万: at three players, 1 each and 1 over
FRUITS = str(Path(__file__).resolve().parent / "data" / "house-fruits.toml")
ONE_COLOUR = ["--local", "one-colour", "apple", "apple", "apple", "cherry", "cherry", "cherry"]  # 50: 16 each, 2 over


def _score(capsys, monkeypatch, lang: str, *argv: str) -> str:
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["score", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_japanese_says_the_even_shares_and_the_remainder_once_for_the_payers_to_settle(capsys, monkeypatch):
    out = _score(capsys, monkeypatch, "ja", "--game", "cinderella-neo", "--riichi", "--players", "3", *CINDERELLA)
    assert "  プレイヤー1が1万払う\n  プレイヤー2が1万払う\n" in out, out
    assert "  端数の1万は、払う人どうしのじゃんけんで負けた人が払います。\n" in out, out
    assert out.count("端数") == 1 and out.count("じゃんけん") == 1, out
    assert "2万払う" not in out and "ツモの割り方" not in out and "誰が払うか" not in out, out
    assert out.endswith("ライブスタート！ 3万を受け取ります\n"), out


def test_english_says_the_even_shares_and_the_remainder_once_for_the_payers_to_settle(capsys, monkeypatch):
    out = _score(capsys, monkeypatch, "en", "--game", "cinderella-neo", "--riichi", "--players", "3", *CINDERELLA)
    assert "  player 1 pays 1 x10,000 fans\n  player 2 pays 1 x10,000 fans\n" in out, out
    assert "  remainder 1 x10,000 fans: the payers play rock-paper-scissors and the loser pays it\n" in out, out
    assert out.count("remainder") == 1 and out.count("rock-paper-scissors") == 1, out
    assert "pays 2 x10,000" not in out and "tsumo split" not in out and "includes one part" not in out, out


@pytest.mark.parametrize("lang, said", [
    ("ja", "  端数の2点は、払う人どうしのじゃんけんで負けた2人が1つずつ払います。\n"),
    ("en", "  remainder 2 points: the payers play rock-paper-scissors and the 2 losers pay one part each\n")])
def test_a_remainder_of_two_parts_is_said_once_for_two_losers(capsys, monkeypatch, lang, said):
    out = _score(capsys, monkeypatch, lang, "--game", FRUITS, "--players", "4", *ONE_COLOUR)
    pays = "プレイヤー{}が16点払う\n" if lang == "ja" else "player {} pays 16 points\n"
    assert all(pays.format(i) in out for i in (1, 2, 3)) and "17" not in out, out
    assert said in out and out.count("端数" if lang == "ja" else "remainder") == 1, out


def test_an_even_split_says_no_remainder(capsys, monkeypatch):
    out = _score(capsys, monkeypatch, "ja", "--game", "cinderella-neo", "--riichi", *CINDERELLA)  # 3 among 3
    assert "端数" not in out and "じゃんけん" not in out and out.count("1万払う") == 3, out


def test_json_keeps_the_payments_that_add_up_and_the_split_apart(capsys, monkeypatch):
    out = _score(capsys, monkeypatch, "ja", "--game", "cinderella-neo", "--riichi", "--players", "3", "--json",
                 *CINDERELLA)
    data = json.loads(out)
    assert [(p["payer"], p["amount"]) for p in data["payments"]] == [("player 1", 1), ("player 2", 1)], data
    assert sum(p["amount"] for p in data["payments"]) + data["remainder"]["amount"] == data["points"] == 3
    assert (data["extra"]["even_share"], data["extra"]["remainder"]) == (1, 1), data
