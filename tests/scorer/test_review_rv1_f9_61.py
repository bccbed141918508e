"""Review RV1's findings on session 60 (session 61, helper F9).

- A bare key in Japanese under ``[riichi]`` (``持ち点 = 25000``) was hinted as ``start_points (持ち点)``, the key of
  ``[table]``, which ``[riichi]`` refuses (it takes ``starting_points``); ``リーチ棒``: ``riichi_chip``, not
  ``riichi_stick``. The hint now names the key of the table the line is in (``catalog._bare_key_hint``).
- ``rules.quoted_amounts`` took a count for an amount: 「ツモのみ: 12人のメンバーで」 quoted 12 (a payment word, ツモ,
  in the clause). A figure followed by a count word (人, 枚, 種; members, tiles) is a count.
- ``teach.no_tiles_words(1)`` said "None of the 1 accepted photo shows a tile": now "The accepted photo shows no
  tile" for one.
"""
import re
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from scorer.rules import donjara_rules, quoted_amounts, stale_amounts
from tilelens.labelling import teach


def _riichi_file(tmp_path: Path, english: str, japanese: str) -> Path:
    """tokyo-mahjong with its [riichi] key ``english`` written bare as ``japanese``."""
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    text, n = re.subn(rf"(?m)^{english}\s*=", f"{japanese} =", text, count=1)
    assert n == 1
    path = tmp_path / "house.toml"
    path.write_text(text.replace('id = "tokyo-mahjong"', 'id = "house-riichi"', 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("english,japanese", [("starting_points", "持ち点"), ("riichi_stick", "リーチ棒"),
                                              ("honba_ron", "本場")])
def test_a_bare_japanese_key_in_riichi_names_the_riichi_key(tmp_path, english, japanese):
    with pytest.raises(GameFileError) as caught:
        load_game(_riichi_file(tmp_path, english, japanese), strict=True)
    exc = caught.value
    assert f"did you mean {english} ({japanese})? keys are written in English" in str(exc), str(exc)
    assert f"{english} ({japanese}) のことですか? キーは英語で書きます" in exc.message_ja, exc.message_ja


def test_a_bare_japanese_key_in_table_still_names_the_table_key(tmp_path):
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert "\n[table]\n" in text
    path = tmp_path / "house.toml"
    path.write_text(text.replace("\n[table]\n", "\n[table]\n持ち点 = 30000\n", 1), encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(path, strict=True)
    assert "did you mean start_points (持ち点)?" in str(caught.value), str(caught.value)


@pytest.mark.parametrize("text,amounts", [
    ("ツモのみ: 12人のメンバーで", []),
    ("ツモのみ: 12 人のメンバーで", []),
    ("tsumo only with all 12 members", []),
    ("ロン: 12枚そろえて", []),
    ("ツモ: 10種の牌で", []),
    # amounts as before
    ("ron: 60; tsumo: 20 from each", [60, 20]),
    ("ツモ: ほかの人から20ずつ", [20]),
    ("ロン 2枚のチップ", [20]),
    ("three sets (ron: 60; tsumo: 20 from each, 2 chips)", [60, 20, 20]),
])
def test_a_count_is_not_an_amount(text, amounts):
    assert quoted_amounts(load_game("nogizaka"), text) == amounts


def test_a_count_of_members_is_not_a_stale_amount():
    game = load_game("nogizaka")
    yaku = donjara_rules(game).yaku[0]
    assert stale_amounts(game, yaku, "ツモのみ: 12人のメンバーで") == []


def test_one_photo_with_no_box_is_said_as_one():
    en, ja = teach.no_tiles_words(1)
    assert en.startswith("The accepted photo shows no tile (it has no box): draw the boxes"), en
    assert "None of the" not in en
    assert ja.startswith("OK にした写真 1枚には、牌の枠が1つもありません。"), ja
    en2, ja2 = teach.no_tiles_words(2, command=True)
    assert en2.startswith("None of the 2 accepted photos shows a tile (they have no box)"), en2
    assert ja2.startswith("OK にした写真 2枚には、牌の枠が1つもありません。"), ja2
