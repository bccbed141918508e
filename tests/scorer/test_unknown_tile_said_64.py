"""An unknown tile typed in a hand ("1m xyzzy 9q") is named alone, quoted, with one short hint of how
tiles are written, in one level of brackets. The riichi message was ~190 characters, three brackets deep (手牌: 「1m
xyzzy 9q」は牌の書き方 (例: …) になっていません (「xyzzy」という牌はありません (字牌は…))), and the Donjara games quoted
different pieces of the hand: Nogizaka '1m xyzzy 9q', Yokai and Cinderella '1m xyzzy', never the one unknown word.
The error classes and their ``problem`` stay (the app keys on them)."""
from __future__ import annotations

import pytest

from scorer import UnknownTileError, load_game
from scorer.result import InputProblem
from scorer.riichi_tiles import RiichiInputError, parse_tiles

OPEN, CLOSE = "(「（[【『", ")」）]】』"
DONJARA = ("nogizaka", "cinderella-neo", "yokai-watch")


def _depth(text: str) -> int:
    """How deep the brackets of ``text`` nest (「a」 (b) is 1; (「a」) is 2)."""
    depth = deepest = 0
    for ch in text:
        if ch in OPEN:
            depth += 1
            deepest = max(deepest, depth)
        elif ch in CLOSE:
            depth -= 1
    return deepest


def _refused(game_id: str, text: str) -> Exception:
    from app.components.tiles import parse_hand_text

    with pytest.raises((UnknownTileError, RiichiInputError)) as caught:
        parse_hand_text(load_game(game_id), text)
    return caught.value


def _said_alone(err: Exception, word: str, hand: str) -> None:
    en, ja = str(err), err.message_ja
    assert f"unknown tile '{word}'" in en, en
    assert f"「{word}」という牌はありません" in ja, ja
    assert hand not in en and hand not in ja, (en, ja)  # the word, not the hand around it
    for said in (en, ja):
        assert _depth(said) <= 1, said
        assert len(said) <= 130, (len(said), said)  # Cinderella's English name alone is 47 characters


@pytest.mark.parametrize("game_id, word", [("tokyo-mahjong", "xyzzy"), *((g, "1m") for g in DONJARA)])
def test_the_unknown_word_of_a_typed_hand_is_named_alone(game_id, word):
    err = _refused(game_id, "1m xyzzy 9q")
    _said_alone(err, word, "1m xyzzy")


@pytest.mark.parametrize("game_id", DONJARA)
def test_an_unknown_word_between_tiles_is_named_alone(game_id):
    first = load_game(game_id).tiles[1].id
    err = _refused(game_id, f"{first} xyzzy {first}")
    _said_alone(err, "xyzzy", f"{first} xyzzy")
    assert isinstance(err, UnknownTileError) and err.token == "xyzzy"


@pytest.mark.parametrize("game_id", DONJARA)
def test_a_donjara_unknown_tile_says_how_tiles_are_written(game_id):
    err = _refused(game_id, "1m xyzzy 9q")
    example = next(kind for kind in load_game(game_id).tiles if not kind.almighty)
    assert "write tiles by name" in str(err) and "牌は名前で書いてください" in err.message_ja, (str(err), err.message_ja)
    assert err.suggestions == () and example.name_ja in err.message_ja, err.message_ja


@pytest.mark.parametrize("text", ["1m xyzzy 9q", "123m456p789s11z qq", "east eats"])
def test_a_riichi_unknown_word_keeps_its_class_and_problem(text):
    with pytest.raises(RiichiInputError) as caught:
        parse_tiles(text, "tokyo-mahjong")
    err = caught.value
    assert err.problem is InputProblem.NOTATION
    assert str(err).startswith("hand: unknown tile '") and err.message_ja.startswith("手牌: 「"), str(err)
    assert "123m456p789s11z" in str(err) and "123m456p789s11z" in err.message_ja  # how tiles are written
    assert text not in str(err) and text not in err.message_ja, str(err)
    assert _depth(str(err)) <= 1 and _depth(err.message_ja) <= 1, (str(err), err.message_ja)


def test_a_riichi_meld_names_its_unknown_word_in_one_level():
    with pytest.raises(RiichiInputError) as caught:
        parse_tiles("555z xyzzy", "tokyo-mahjong", ("meld 'pon:555z xyzzy'", "鳴き「pon:555z xyzzy」"))
    assert "unknown tile 'xyzzy'" in str(caught.value), str(caught.value)
    assert _depth(caught.value.message_ja) <= 1, caught.value.message_ja


def test_a_misspelt_name_of_two_words_is_still_quoted_whole():
    err = _refused("cinderella-neo", "Uzuki Shimamuro Mio Honda")
    assert err.token == "Uzuki Shimamuro" and err.suggestions, str(err)
    err = _refused("yokai-watch", "Yokai 1 妖怪02")
    assert err.token == "Yokai 1" and err.suggestions[0] in ("Yokai 01", "妖怪01"), str(err)
