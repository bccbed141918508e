"""Session 67: one rule for how many play (``scorer.rules.players_span``), for scoring and the event check alike.

- Riichi: a table of three (``[riichi] players = 3``, sanma) is played by 2-3. ``score(..., players=4)`` and
  `tilelens score --players 4` charged a north seat there while `tilelens check --players 4` refused it: both now
  refuse it in the sentence check says (``scorer.rules.played_by``: the game's name and its span), in English and
  Japanese; a table of four still takes 2-4.
- An event table's ``table.toml`` ``players = 3`` for Nogizaka (a game of four only) was taken while ``--players 3``
  was refused: it is a finding naming the table file and the game's span, and the table is checked at the count the
  check was given.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from scorer import load_game, riichi  # noqa: E402
from scorer.catalog import GAMES_DIR  # noqa: E402
from scorer.riichi_tiles import RiichiInputError  # noqa: E402
from scorer.rules import played_by, players_span  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind  # noqa: E402
from tilelens.event.rules import players_refused  # noqa: E402

HAND = "123m456p789s11z222z"  # a riichi win: 1z pair, 2z triplet
SAID_EN = "Tokyo Mahjong is played by 2-3 players, got 4"
SAID_JA = "「東京麻雀」は 2〜3人で遊びます。人数を 2〜3人にしてください (いま 4人)"


def _sanma_text() -> str:
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert text.count("\nplayers = 4 ") == 1
    return text.replace("\nplayers = 4 ", "\nplayers = 3 ", 1)


@pytest.fixture
def sanma(tmp_path):
    path = tmp_path / "sanma.toml"
    path.write_text(_sanma_text(), encoding="utf-8")
    return load_game(str(path))


# --- 1. riichi scoring follows the table's seats --------------------------------------------------------------------

def test_a_table_of_three_refuses_a_fourth_player_in_the_checks_sentence(sanma):
    assert players_span(sanma) == (2, 3, 3)
    with pytest.raises(RiichiInputError) as refused:
        riichi.score(sanma, HAND, win="tsumo", players=4)
    assert str(refused.value) == SAID_EN, str(refused.value)
    assert refused.value.message_ja == SAID_JA, refused.value.message_ja
    en, ja = played_by(sanma, 2, 3)
    assert en in players_refused(sanma, 4)[0] and ja in players_refused(sanma, 4)[1]


def test_a_table_of_three_scores_two_or_three_and_waits_follow_it(sanma):
    for n in (2, 3):
        assert riichi.score(sanma, HAND, win="tsumo", players=n).winning
    with pytest.raises(RiichiInputError, match="played by 2-3 players, got 4"):
        riichi.waits(sanma, "123m456p789s11z22z", players=4)


def test_a_table_of_four_takes_two_to_four_and_says_five_by_its_name():
    for n in (2, 3, 4):
        assert riichi.score(load_game("tokyo-mahjong"), HAND, win="tsumo", players=n).winning
    with pytest.raises(RiichiInputError) as refused:
        riichi.score(load_game("tokyo-mahjong"), HAND, win="tsumo", players=5)
    assert str(refused.value) == "Tokyo Mahjong is played by 2-4 players, got 5", str(refused.value)


def test_a_count_that_is_no_number_is_said_by_the_tables_span(sanma):
    with pytest.raises(RiichiInputError, match=r"played by 2-3 players, got 'four'"):
        riichi.score(sanma, HAND, players="four")


@pytest.mark.parametrize("lang, said", [("en", SAID_EN), ("ja", SAID_JA)])
def test_score_refuses_four_at_a_house_table_of_three(tmp_path, capsys, monkeypatch, lang, said):
    from app import settings

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", lang)
    settings.save_house_table("tokyo-mahjong", _sanma_text())
    code = cli.main(["score", "--game", "tokyo-mahjong", "--players", "4", "--win", "tsumo", HAND])
    err = capsys.readouterr().err
    lines = err.strip().splitlines()  # the house table's note, then the refusal
    assert code == 2 and said in lines[-1], (code, err)
    assert "Traceback" not in err and len(lines) == 2 and "house" in lines[0] or "ハウスルール" in lines[0], err
    assert cli.main(["score", "--game", "tokyo-mahjong", "--players", "3", "--win", "tsumo", HAND]) == 0
    assert "north" not in capsys.readouterr().out


def test_score_says_five_by_the_games_span_not_three_choices(sanma, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert cli.main(["score", "--game", sanma.source, "--players", "5", HAND]) == 2
    err = capsys.readouterr().err
    assert "「東京麻雀」は 2〜3人で遊びます。人数を 2〜3人にしてください (いま 5人)" in err, err


# --- 2. an event table's table.toml follows the game's span ---------------------------------------------------------

def _table(tmp_path: Path, manifest: str) -> Path:
    d = tmp_path / "table-01"
    d.mkdir(parents=True)
    for seat in "123":
        (d / f"seat{seat}.jpg").write_bytes(seat.encode())  # three photos, none a copy of another
    (d / "table.toml").write_text(manifest, encoding="utf-8")
    return d


def test_a_manifest_of_three_for_nogizaka_is_a_finding_naming_the_file_and_the_span(tmp_path):
    table = read_table_folder(_table(tmp_path, "players = 3\ndealer = 1\n"), 4, game=load_game("nogizaka"))
    bad = [p for p in table.problems if p.kind is FindingKind.BAD_MANIFEST]
    assert len(bad) == 1, table.problems
    assert bad[0].message == ("table.toml: players = 3: Nogizaka Donjara is played by 4 players (write players = 4, "
                              "or leave players out)"), bad[0].message
    assert bad[0].message_ja == ("table.toml: players = 3: 「乃木坂ドンジャラ」は 4人で遊びます (players = 4 と書くか、"
                                 "players を省いてください)"), bad[0].message_ja
    assert table.players == 4  # checked at the count the check was given


def test_a_manifest_of_three_for_a_game_of_two_to_four_is_taken(tmp_path):
    table = read_table_folder(_table(tmp_path, "players = 3\ndealer = 1\n"), 4, game=load_game("yokai-watch"))
    assert (table.players, table.problems) == (3, ())


def test_a_manifest_read_without_a_game_takes_two_to_four_as_before(tmp_path):
    assert read_table_folder(_table(tmp_path, "players = 3\n"), 4).players == 3


def test_check_says_the_manifests_count_for_nogizaka(tmp_path, capsys, monkeypatch):
    import functools

    from tilelens.event import cli as event_cli
    from tilelens.event.runner import check_event

    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    ev = tmp_path / "ev"
    d = make_table(reader, ev, "table-01", {s: CLEAN[s] for s in "123"})
    (d / "table.toml").write_text("players = 3\n", encoding="utf-8")
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "players = 3: Nogizaka Donjara is played by 4 players" in out, out
    assert "no photo for seat 4" in out, out


def test_a_match_of_four_started_before_the_table_seated_three_is_scored_for_its_four(sanma):
    """The app's Players box offers such a match its four (``app.components.options``): the hand is scored on the
    table as the match started (``tilelens.ledger.game_as_started``), seated for four, not refused."""
    from tilelens.ledger import TableRules, game_as_started

    seated = game_as_started(sanma, TableRules(), 4)
    assert players_span(seated) == (2, 4, 4)
    paid = riichi.score(seated, HAND, win="tsumo", players=4).payments
    assert [str(p.payer) for p in paid] == ["east (dealer)", "west", "north"], paid
    assert game_as_started(sanma, TableRules(), 3) is sanma
    with pytest.raises(RiichiInputError, match="played by 2-3 players, got 4"):
        riichi.score(game_as_started(sanma, TableRules(), 3), HAND, win="tsumo", players=4)
