"""Words a reviewer proved misquoted or given no near match. The app's typed box cut a
misspelt name written surname first to its first word ('Shimamura Uzuk Honda Mio' said 'Shimamura'; its near names
were only those of as many words, and ids like shimamura-uzuki are one word); a riichi hand quoted an unknown
full-width word converted (ｘｙｚｚｙ as 'xyzzy'; Donjara quotes it as typed); `tilelens ledger ｌｉｓｔ` and `LIST`
got no near action; `tilelens ledger "lst (choose from x)"` was quoted "'lst" (argparse's words cut it)."""
from __future__ import annotations

import pytest

from scorer import UnknownTileError, load_game
from scorer.riichi_tiles import RiichiInputError, parse_tiles
from tilelens.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# --- 1: the app's typed box names the misspelt name whole, in either order ------------------------------------------

@pytest.mark.parametrize("game_id, text, token", [
    ("cinderella-neo", "Shimamura Uzuk Honda Mio", "Shimamura Uzuk"),
    ("cinderella-neo", "Shibuya Rim honda-mio", "Shibuya Rim"),
    ("cinderella-neo", "Shimamura Uzuki Honda Mia", "Honda Mia"),
    ("cinderella-neo", "Uzuki Shimamuro xyzzy", "Uzuki Shimamuro"),  # given-family, as before
    ("cinderella-neo", "xyzzy plugh", "xyzzy"),
    ("yokai-watch", "Yokai 999 Yokai 02", "Yokai 999"),
    ("yokai-watch", "Yokai xyzzy", "Yokai")])
def test_a_misspelt_name_is_named_whole_in_either_order(game_id, text, token):
    from app.components.tiles import _named_tiles

    with pytest.raises(UnknownTileError) as refused:
        _named_tiles(load_game(game_id), text)
    assert refused.value.token == token, str(refused.value)
    assert f"unknown tile '{token}'" in str(refused.value), str(refused.value)


def test_a_misspelt_surname_first_name_is_offered_its_tile():
    from app.components.tiles import _named_tiles

    with pytest.raises(UnknownTileError) as refused:
        _named_tiles(load_game("cinderella-neo"), "Shimamura Uzuk Honda Mio")
    assert refused.value.suggestions[:1] == ("島村卯月",), str(refused.value)


# --- 2: a riichi hand's unknown word is quoted as typed --------------------------------------------------------------

@pytest.mark.parametrize("text, word", [("234m456p789s11z55z ｘｙｚｚｙ", "ｘｙｚｚｙ"),
                                        ("234m456p789s11z55z XYZZY", "XYZZY"),
                                        ("234m ５ｍｘｙｚｚｙ", "ｘｙｚｚｙ"),
                                        ("123m eats", "eats")])
def test_a_riichi_unknown_word_is_quoted_as_typed(text, word):
    with pytest.raises(RiichiInputError) as refused:
        parse_tiles(text, "tokyo-mahjong")
    assert f"hand: unknown tile '{word}';" in str(refused.value), str(refused.value)
    assert f"手牌: 「{word}」という牌はありません" in refused.value.message_ja, refused.value.message_ja


def test_the_app_box_quotes_a_riichi_unknown_word_as_typed():
    from app.components.tiles import parse_hand_text

    with pytest.raises(RiichiInputError) as refused:
        parse_hand_text(load_game("tokyo-mahjong"), "234m、456p, ｘｙｚｚｙ")
    assert "unknown tile 'ｘｙｚｚｙ'" in str(refused.value), str(refused.value)


def test_the_command_line_quotes_a_riichi_unknown_word_as_typed(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, err = run(capsys, "score", "--game", "tokyo-mahjong", "234m456p789s11z55z", "ｘｙｚｚｙ")
    assert code == 2 and "unknown tile 'ｘｙｚｚｙ'" in err and "Traceback" not in err, err


# --- 3 and 4: `tilelens ledger` with a full-width, upper-case or bracketed word -------------------------------------

@pytest.mark.parametrize("word", ["ｌｉｓｔ", "LIST", "Lst"])
@pytest.mark.parametrize("lang, near", [("en", " (did you mean: list?)"), ("ja", " (もしかして: list)")])
def test_a_full_width_or_upper_case_action_gets_its_near_match(cli_env, capsys, word, lang, near):
    cli_env(TILELENS_LANG=lang)
    code, out, err = run(capsys, "ledger", word)
    last = err.splitlines()[-1]
    assert code == 2 and out == "" and near in last and word in last, err


def test_the_not_a_subcommand_words_match_a_normalised_word():
    from scorer.cli import not_a_subcommand

    said = not_a_subcommand("en", "tilelens label", "ＩＮＩＴ", ["init", "add"], ("", ""), "")
    assert "'ＩＮＩＴ' is not" in said and "(did you mean: init?)" in said, said


@pytest.mark.parametrize("lang, quoted", [("en", "'lst (choose from x)' is not something tilelens ledger does"),
                                          ("ja", "「lst (choose from x)」は tilelens ledger のサブコマンドではありません")])
def test_a_word_holding_argparses_words_is_quoted_whole(cli_env, capsys, lang, quoted):
    cli_env(TILELENS_LANG=lang)
    code, out, err = run(capsys, "ledger", "lst (choose from x)")
    assert code == 2 and quoted in err.splitlines()[-1], err
