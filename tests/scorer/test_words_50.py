"""Session 50: a chombo's English reason says the game's unit ("penalty 300 points", as the Japanese says 罰金300点),
and the app's English payment lines start with a capital ("Player 1 pays 20 points"), each line standing alone."""
from __future__ import annotations

from types import SimpleNamespace

import app.components.i18n as i18n
import app.components.result as result_view
from scorer import load_game, score
from scorer.cli import score_main

NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3


def test_a_chombos_english_reason_says_the_games_unit():
    r = score("nogizaka", NOGI_WIN, riichi=True, win="ron", own_discard=True)
    assert r.chombo and r.reason.endswith("; penalty 300 points"), r.reason
    assert r.reason_ja.endswith("ペナルティ 300点"), r.reason_ja  # session 52: ペナルティ, not 罰金


def test_the_cli_chombo_line_says_the_unit(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    score_main(["--game", "nogizaka", "--riichi", "--win", "ron", "--own-discard", *NOGI_WIN])
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("CHOMBO: ron on a tile") and first.endswith("penalty 300 points"), first


def _payment_lines(monkeypatch, language: str) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(i18n, "st", SimpleNamespace(session_state={i18n.LANG_KEY: language}))
    monkeypatch.setattr(result_view, "st", SimpleNamespace(markdown=lambda text, **_: shown.append(text),
                                                           caption=lambda *_, **__: None, empty=lambda: None))
    game = load_game("nogizaka")
    r = score(game, NOGI_WIN, riichi=True, win="tsumo")
    assert r.payments
    result_view.payments_view(game, r)
    return shown[1:]  # after the heading


def test_the_apps_english_payment_lines_start_with_a_capital(monkeypatch):
    lines = _payment_lines(monkeypatch, "en")
    assert lines and all(line.startswith("- Player ") for line in lines), lines
    assert all(" pays " in line for line in lines), lines


def test_the_apps_japanese_payment_lines_are_as_they_were(monkeypatch):
    lines = _payment_lines(monkeypatch, "ja")
    assert lines and all(line.startswith("- プレイヤー") and "払う" in line for line in lines), lines
