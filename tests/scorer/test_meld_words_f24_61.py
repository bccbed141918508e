"""Melds written as a player writes them, in both forms (``pon:發發發``, ``pon FFF``, full width), on the command
line and through the library; errors quote a hand as typed; the ja kan hint reads as two sentences (session 61, W8)."""
from __future__ import annotations

import json

import pytest

from scorer import score
from scorer.result import TilelensInputError
from scorer.riichi_cli import score_main
from scorer.riichi_tiles import parse_meld, parse_melds, split_melds

G = ["--game", "tokyo-mahjong"]
HAND = "234m456p789s11z"  # and a pon of green dragons: 1,000 on a ron


@pytest.mark.parametrize("text, specs", [
    ("pon 666z", ["pon:666z"]),
    ("pon FFF", ["pon:666z"]),
    ("ポン 發發發", ["pon:666z"]),
    ("ポン:發發發", ["pon:666z"]),
    ("ｐｏｎ：６６６ｚ", ["pon:666z"]),
    ("pon:發發發, chi 一二三萬", ["pon:666z", "chi:123m"]),
    ("chi 406p pon 222s", ["chi:406p", "pon:222s"]),
    ("pon : 555z、ＣＨＩ 123P", ["pon:555z", "chi:123p"]),
])
def test_both_forms_take_the_same_tile_words(text, specs):
    assert [spec for spec, _ in split_melds(text)] == specs
    assert [str(m) for m in parse_melds(text)] == [str(parse_meld(s)) for s in specs]


def test_text_that_is_no_meld_is_kept_for_the_scorer_to_refuse():
    assert split_melds("pong") == [("pong", "pong")] and split_melds("  ") == []
    assert split_melds("pong 555z") == [("pong:555z", "pong 555z")]


def test_the_form_is_said_the_same_in_both_languages():
    with pytest.raises(TilelensInputError) as refused:
        parse_meld("555z")
    en, ja = str(refused.value), refused.value.message_ja
    assert "KIND:TILES or KIND TILES" in en and "pon:555z or pon 555z" in en, en
    assert "「種類:牌」か「種類 牌」" in ja and "pon:555z" in ja and "ポン 555z" in ja, ja


@pytest.mark.parametrize("melds", [["ｐｏｎ：６６６ｚ"], ["pon", "666z"], ["pon 666z"], ["ポン", "發發發"],
                                   ["ポン 發發發"], ["pon:FFF"]])
def test_the_command_line_takes_a_meld_in_either_form_and_full_width(capsys, melds):
    assert score_main(G + [HAND, "--melds", *melds, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["points"] == 1000, out


def test_the_command_line_reads_the_hand_after_spaced_melds(capsys):
    assert score_main(G + ["--melds", "pon", "666z", HAND, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == 1000


@pytest.mark.parametrize("hand", ["123M456P789S11Z555Q", "１２３ｍ４５６ｐ７８９ｓ１１ｚ５５５ｘ", "123m456p789s11z55 5"])
def test_a_bad_hand_is_quoted_as_typed(hand):
    with pytest.raises(TilelensInputError) as refused:
        score("tokyo-mahjong", hand)
    assert repr(hand) in str(refused.value) and f"「{hand}」" in refused.value.message_ja, refused.value  # ja: 「」


def test_the_japanese_kan_hint_is_two_sentences(capsys, monkeypatch):
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert main(["score", *G, "234m456p789s11z5555z"]) == 2
    err = capsys.readouterr().err
    assert "数えます)。5555z は4枚そろっています" in err, err
