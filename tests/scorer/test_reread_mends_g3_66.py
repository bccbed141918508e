"""Session 66 (G3), mends from a reread: one players rule (``scorer.rules.players_span``), said by the game's name by
the engine as by `tilelens check --players`; the game file says what the people on its tiles are called (``people``:
member, yokai; idol where it says nothing), and every favourite and held-twin line says that word; a reading's mean kind
confidence leaves out every face held low to be checked (glare as well as half hidden)."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import scorer.rules
import tilelens.event.rules
from scorer import HandError, load_game, score
from scorer.catalog import tile_people
from scorer.cli import unused_options
from tilelens.event.reading import kind_sure

NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3
FRUITS = (Path(__file__).parent / "data" / "house-fruits.toml").read_text(encoding="utf-8")


# --- 1: one players rule, by the game's name -------------------------------------------------------------------------

def test_the_engine_refuses_a_count_by_the_games_name():
    with pytest.raises(HandError) as refused:
        score("nogizaka", NOGI_WIN, riichi=True, players=3)
    assert str(refused.value) == "Nogizaka Donjara is played by 4 players, got 3", str(refused.value)
    assert refused.value.message_ja == "「乃木坂ドンジャラ」は 4人で遊びます。人数を 4人にしてください (いま 3人)"


def test_score_and_check_say_the_same_sentence():
    game = load_game("nogizaka")
    en, ja = tilelens.event.rules.players_refused(game, 3)
    said_en, said_ja = scorer.rules.played_by(game, 4, 4)
    assert said_en in en and said_ja in ja, (en, ja)
    with pytest.raises(HandError) as refused:
        score(game, NOGI_WIN, riichi=True, players=3)
    assert str(refused.value).startswith(said_en) and refused.value.message_ja.startswith(said_ja)


def test_the_span_is_the_scorers_and_plays_three_reads_it():
    assert tilelens.event.rules.players_span is scorer.rules.players_span
    assert [tilelens.event.rules.plays_three(load_game(g)) for g in ("nogizaka", "cinderella-neo", "tokyo-mahjong")] \
        == [False, True, True]


# --- 2, 3: the game file's word for the people on its tiles ----------------------------------------------------------

def test_the_game_file_says_its_word(tmp_path):
    path = tmp_path / "fruits.toml"
    path.write_text(FRUITS.replace('attributes = ["fruit", "colour"]\n',
                                   'attributes = ["fruit", "colour"]\npeople = { name_ja = "果物", name_en = "fruit" }\n',
                                   1), encoding="utf-8")
    assert tile_people(load_game(path)) == ("fruit", "果物")
    assert tile_people(load_game(Path(__file__).parent / "data" / "house-fruits.toml")) == ("idol", "アイドル")


def test_a_word_is_not_guessed_from_tile_names(tmp_path):
    """A club's own game (Yokai Watch's file under another id) that leaves ``people`` out is of idols, whatever its
    tiles are named (a house table of a shipped game's id says that game's word: the test below)."""
    body = Path(load_game("yokai-watch").source).read_text(encoding="utf-8")
    assert "people = " in body and 'id = "yokai-watch"' in body
    path = tmp_path / "yokai.toml"
    path.write_text("\n".join(line for line in body.splitlines() if not line.startswith("people = "))
                    .replace('id = "yokai-watch"', 'id = "club-yokai"', 1) + "\n", encoding="utf-8")
    assert tile_people(load_game(path)) == ("idol", "アイドル")


@pytest.mark.parametrize("game, en, ja", [("nogizaka", "member", "メンバー"), ("yokai-watch", "yokai", "妖怪")])
def test_no_favourite_doubling_says_the_games_word(game, en, ja):
    args = SimpleNamespace(no_favourite_doubling=True)
    (said,) = unused_options(load_game(game), args)
    assert said["why"] == f"{game} has no favourite-{en} doubling", said
    assert f"担当{ja}で2倍" in said["why_ja"] and "アイドル" not in said["why_ja"], said


def test_no_favourite_rule_lives_beside_the_engines_check():
    from scorer.engine import no_favourite_rule

    assert no_favourite_rule(load_game("nogizaka"))[0] == "Nogizaka Donjara has no favourite-member rule"


# --- 6: a reading's kind confidence leaves out every face held low ---------------------------------------------------

def _tile(kind: float, **marks: float) -> SimpleNamespace:
    return SimpleNamespace(is_back=False, confidence={"detection": 0.9, "kind": kind, **marks})


def test_kind_sure_leaves_out_glare_and_hidden_faces():
    reading = SimpleNamespace(tiles=[_tile(0.9), _tile(0.1, glare=0.4), _tile(0.2, hidden=0.5),
                                     SimpleNamespace(is_back=True, confidence={"detection": 0.8})])
    assert kind_sure(reading) == pytest.approx(0.9)
    assert kind_sure(SimpleNamespace(tiles=[_tile(0.1, glare=0.4)])) is None


def test_a_house_table_saved_before_files_said_their_people_says_the_shipped_games_word(tmp_path):
    """A club's Nogizaka edit saved before ``people`` was written into the game files (a full copy without it) says
    "member" as the shipped Nogizaka does, not the default "idol" (review RV5)."""
    from scorer.catalog import GAMES_DIR, load_game, tile_people

    text = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
    old = "\n".join(line for line in text.splitlines() if not line.startswith("people"))
    assert old != text
    (tmp_path / "nogizaka.toml").write_text(old, encoding="utf-8")
    game = load_game(tmp_path / "nogizaka.toml")
    assert game.people == ("", "") and tile_people(game) == ("member", "メンバー")
