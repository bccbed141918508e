"""Session 63, F8: a Japanese riichi tile message quotes in one style. The whole hand or meld it echoes is in
Japanese quotes as the tile or kind it names inside is (鳴き「pong:555z」: 「pong」という鳴きはありません), not
Python's (鳴き 'pong:555z': 「pong」…); a long text is cut with its length after the quotes, and a text the quotes
would hide something of (a control character) is said as before (``scorer.result.quoted_ja``). English unchanged."""
from __future__ import annotations

import pytest

from scorer.riichi_tiles import RiichiInputError, parse_meld, parse_melds, parse_tiles
from tilelens.cli import main

HAND = "123m456p789s11z222z"
SHORT = "123m456p789s11z"  # a hand that leaves a meld's three tiles


def _score(capsys, monkeypatch, lang, *argv):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["score", "--game", "tokyo-mahjong", *argv])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err, err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("argv, ja, en", [
    ([SHORT, "--melds", "pong:555z"], "鳴き「pong:555z」: 「pong」という鳴きはありません (チー・ポン・カン・暗カン・加カン)",
     "meld 'pong:555z': unknown kind 'pong'"),
    ([SHORT, "--melds", "pon:2222z"], "鳴き「pon:2222z」: ポンは 3枚です (4枚あります)", "meld 'pon:2222z': a pon has 3 tiles"),
    ([SHORT, "--melds", "chi:135m"], "鳴き「chi:135m」: チーは同じ種類の連続した3つの数です", "meld 'chi:135m': a chi is"),
    ([SHORT, "--melds", "pon:123z"], "鳴き「pon:123z」: ポンは同じ牌 3枚です", "meld 'pon:123z': a pon is three"),
    ([SHORT, "--melds", "pon:55x"], "鳴き「pon:55x」: 「55x」は牌の書き方 (例: 123m456p789s11z) になっていません "
     "(「x」は使えない文字です)", "meld 'pon:55x': '55x' is not riichi tile notation"),
    ([SHORT, "--melds", "pon:f1 f1 f1"], "鳴き「pon:f1 f1 f1」: f1 は花牌で", "meld 'pon:f1 f1 f1': f1 is a flower"),
    (["123m456p789s1x"], "手牌: 「123m456p789s1x」は牌の書き方 (例: 123m456p789s11z) になっていません (「x」は使えない文字です)",
     "hand: '123m456p789s1x' is not riichi tile notation"),
    ([HAND, "--dora", "1x"], "ドラ表示牌: 「1x」は牌の書き方", "dora indicators: '1x' is not riichi tile notation"),
    (["123m456p789s1z5pp"], "手牌: 「123m456p789s1z5pp」は牌の書き方 (例: 123m456p789s11z) になっていません "
     "(数牌の記号のすぐ後の「p」は紛らわしいので", "'p' straight after a suit letter is ambiguous"),
    (["123m456p789s11z22z m"], "(「m」の前に数字がありません)", "suit letter 'm' has no digits before it"),
    (["123m456p789s1z5m r"], "(「r」は使えない文字です。", "unexpected character 'r'"),
], ids=["meld-kind", "meld-size", "chi", "pon", "meld-notation", "meld-flower", "hand", "dora", "ambiguous-letter",
        "suit-letter", "spaced-red"])
def test_a_japanese_tile_message_quotes_the_whole_text_in_japanese_quotes(capsys, monkeypatch, argv, ja, en):
    said = _score(capsys, monkeypatch, "ja", *argv)
    assert ja in said and "'" not in said, said
    assert en in _score(capsys, monkeypatch, "en", *argv)


def test_a_long_meld_is_cut_inside_the_quotes_with_its_length_after_them(capsys, monkeypatch):
    meld = "pon:" + "x" * 300
    said = _score(capsys, monkeypatch, "ja", SHORT, "--melds", meld)
    assert said.startswith("tilelens score: 鳴き「pon:xxx") and "…」 (304 文字): 「xxx" in said, said
    assert "…」 (300 文字)という牌はありません" in said and "'" not in said, said
    assert "meld 'pon:xxx" in _score(capsys, monkeypatch, "en", SHORT, "--melds", meld)


def test_a_text_the_quotes_would_hide_something_of_is_said_as_before():
    with pytest.raises(RiichiInputError) as refused:
        parse_tiles("123m\x1b")
    assert refused.value.message_ja.startswith("手牌: '123m\\x1b'は牌の書き方"), refused.value.message_ja
    with pytest.raises(RiichiInputError) as refused:
        parse_melds([5])
    assert refused.value.message_ja.startswith("鳴き5: 「種類:牌」の形にしてください"), refused.value.message_ja


def test_a_meld_without_its_colon_is_quoted_as_typed():
    with pytest.raises(RiichiInputError) as refused:
        parse_meld("pon555z")
    assert refused.value.message_ja.startswith("鳴き「pon555z」: 「種類:牌」か「種類 牌」の形で"), refused.value.message_ja
    assert str(refused.value).startswith("meld 'pon555z': write it as KIND:TILES"), str(refused.value)
