"""Session 62 (F23, walkthrough W12): a Hong Kong set's flower id (``f1``..``f8``, as ``read --json``'s ``kinds``
give them) in a riichi hand was scored silently as a hatsu: ``f`` read as F, its ``1`` joined to the next word
(``f1 1z`` was 發 11z). A flower is refused in one line, and digits with no suit at the end of one command-line
word do not join the next word; one typed string (the app's box, one quoted word) still reads ``12 3m``."""
from __future__ import annotations

import pytest

from scorer.riichi_tiles import InputProblem, RiichiInputError, parse_mpsz, parse_tiles
from tilelens.cli import main

G = ["--game", "tokyo-mahjong"]
TWELVE = "1m 2m 3m 4p 5p 6p 7s 8s 9s 6z 6z".split()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lang,said", [("en", "f1 is a flower, which riichi mahjong does not score: leave it out"),
                                       ("ja", "f1 は花牌で、リーチ麻雀では数えません")])
def test_a_flower_in_a_riichi_hand_is_refused_in_one_line(capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code, out, err = run(capsys, "score", *G, *TWELVE, "f1", "1z", "--json")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and said in err, err
    assert "Traceback" not in err


def test_waits_refuses_a_flower_too(capsys):
    code, out, err = run(capsys, "waits", *G, *TWELVE[:9], "f2", "2z", "--json")
    assert code == 2 and out == "" and "f2 is a flower" in err, err


@pytest.mark.parametrize("text", ["123m456p789s66z f1 1z", "F3, 123m", "123m 456p ｆ８"])
def test_a_flower_typed_in_one_string_is_refused(text):
    """The app's typed box reads one string (``parse_tiles``): a word f1..f8 is a flower there too."""
    with pytest.raises(RiichiInputError) as info:
        parse_tiles(text)
    assert info.value.problem is InputProblem.NOTATION
    assert "is a flower" in str(info.value) and "花牌" in info.value.message_ja


def test_a_flower_in_a_list_field_is_refused():
    with pytest.raises(RiichiInputError, match="dora indicators: f5 is a flower"):
        parse_tiles(["1m", "f5"], field_name="dora indicators")


def test_hatsu_by_letter_still_reads():
    assert parse_mpsz("FFF 123m") == parse_mpsz("666z123m") and parse_mpsz("F123m") == parse_mpsz("6z123m")
    assert parse_mpsz("123m f") == parse_mpsz("123m6z")


def test_digits_without_suit_at_the_end_of_a_word_do_not_join_the_next_word(capsys, monkeypatch):
    code, out, err = run(capsys, "score", *G, *TWELVE, "1", "1z", "1z")
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    assert "'1'" in err and "same word" in err, err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code, out, err = run(capsys, "waits", *G, "123m456p789s11", "1z")
    assert code == 2 and out == "" and "「123m456p789s11」" in err and "同じ語" in err, err


def test_words_that_are_tiles_each_still_score(capsys):
    code, out, err = run(capsys, "score", *G, "123m", "456p", "789s", "EE", "SS", "S", "--win-tile", "2z")
    assert code == 0, err
    code, out, err = run(capsys, "score", *G, "12 3m456p789s11z555z")  # one word: 12 3m is 123m, as typed
    assert code == 0 and "ron" in out, err


def test_one_typed_string_still_joins_digits_across_a_space():
    assert parse_tiles("12 3m 456p") == parse_mpsz("123m456p")
