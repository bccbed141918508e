"""Session 54 (j4): the scorer's Japanese after a native re-read (r4). The remainder of a tsumo split is said in the
game's own unit, not 「1単位分」 (7); a yaku no hand can have says so plainly and names its group by its Japanese
name too (25); a hand one tile from winning as dealt is 配牌でテンパイ (15); an unknown tile is 「「乃木坂ドンジャラ」に
'foo' という牌はありません」 (w5); an option tiles_from_win does not take is 対応していない, not 知らない (30); the
riichi waits none of which is left name the dora indicators and say how an exhaustive draw counts the hand (28)."""
from __future__ import annotations

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from scorer.payout import REMAINDER_NOTE
from scorer.result import UnknownTileError, payment_note_ja
from scorer.rules import donjara_rules
from tilelens.cli import main

CUTE_DA = ["kohinata-miho", "sakurai-momoka", "seki-hiromi"]
COOL_VO = ["kawashima-mizuki", "nitta-minami", "takagaki-kaede"]
PASSION_VI = ["takamori-aiko", "ootsuki-yui", "himekawa-yuki"]


# 7. the remainder's part in the game's unit ------------------------------------------------------------------------

def test_the_remainder_note_says_its_part_in_the_games_unit():
    said = payment_note_ja(REMAINDER_NOTE, "1万")
    assert said == "端数のうち1万を含みます。誰が払うかは、払う人どうしのじゃんけんで決めます", said
    assert "単位分" not in payment_note_ja(REMAINDER_NOTE)  # no jargon where the part is not known either


def test_a_cinderella_tsumo_split_says_the_remainder_in_man(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code = main(["score", "--game", "cinderella-neo", "--win", "tsumo", "--riichi", "--players", "3",
                 *CUTE_DA, *COOL_VO, *PASSION_VI])
    out = capsys.readouterr().out
    assert code == 0 and "  端数の1万は、払う人どうしのじゃんけんで負けた人が払います。\n" in out, out
    assert "単位分" not in out


# 25. a yaku that no hand can have --------------------------------------------------------------------------------

def test_a_yaku_of_a_group_that_cannot_be_made_says_no_hand_can_have_it(tmp_path):
    text = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
    old = 'groups = [{ kinds = ["set"], size = 3, count = 3 }]'
    assert old in text  # the basic set (the first; a house yaku written out in a comment has it too)
    path = tmp_path / "house.toml"
    path.write_text(text.replace(old, 'groups = [{ kinds = ["set"], size = 9, count = 1 }]', 1), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        donjara_rules(load_game(path))
    ja = info.value.message_ja
    assert "どんな手でも成立しません" in ja and "決して" not in ja, ja
    assert "9枚のセット" in ja and "組の枚数か" in ja, ja  # session 55: the kind by its name, no key
    assert "could never be had" in str(info.value)  # English as it was


# 15. 配牌でテンパイ -----------------------------------------------------------------------------------------------

def test_a_hand_one_from_winning_as_dealt_is_haipai_tenpai():
    from scorer.engine import DEALT_JA, OPTION_JA

    assert OPTION_JA["dealt_tenpai"] == "配牌でテンパイの手" and DEALT_JA == "配牌でテンパイの"


# w5. an unknown tile -----------------------------------------------------------------------------------------------

def test_an_unknown_tile_is_said_as_none_of_the_game():
    said = UnknownTileError("foo", "nogizaka").message_ja
    assert said.startswith("「乃木坂ドンジャラ」に「foo」という牌はありません"), said
    assert UnknownTileError("foo", "no-such-game").message_ja.startswith("no-such-game に「foo」という牌")


# 30. 対応していない, not 知らない -----------------------------------------------------------------------------------

def test_an_option_tiles_from_win_does_not_take_is_not_supported():
    from scorer.riichi import tiles_from_win
    from scorer.riichi_tiles import RiichiInputError

    with pytest.raises(RiichiInputError) as info:
        tiles_from_win(None, "123m456p789s1z555z", dora="1m")
    assert "知らない" not in info.value.message_ja and "対応していない設定" in info.value.message_ja


# 28. the riichi waits none of which is left ------------------------------------------------------------------------

def test_waits_none_left_name_the_dora_indicators_and_the_draw():
    from scorer.riichi_cli import WORDS

    said = WORDS["ja"]["all_dead"]
    assert "ドラ表示牌" in said and "流局時はテンパイとして扱います" in said, said
