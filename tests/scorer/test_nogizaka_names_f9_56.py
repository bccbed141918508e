"""Session 56 (f9): Nogizaka names a Japanese player types, and a colour Almighty said as the reason a hand does not win.

The event rules (RULES.md 001, seed 001) call あしゅ by her name 飛鳥 ("「ピンクオールマイティ」を切って、飛鳥待ちで
リーチ!"), and a player types a kanji name in kana (ことこ, みりあ, みさせんぱい): each was an unknown tile. A colour
Almighty stands only for a member of its own colour (「同じ色のメンバー牌の代わりに使える」): a hand of two
みさ先輩 and the green Almighty was told only that it makes no yaku."""
import re

import pytest

from scorer import UnknownTileError, load_game, score, waits
from tilelens.cli import main

GAME = load_game("nogizaka")

# every member the seed names beside its tile (飛鳥 is あしゅ, the seed's wait in its riichi example)
SEED_NAMES = {"みさ先輩": "misa-senpai", "さゆりん": "sayurin", "まいまい": "maimai", "まりか": "marika",
              "らりん": "rarin", "さゆにゃん": "sayunyan", "みなみ": "minami", "みおな": "miona", "ひめたん": "himetan",
              "みり愛": "miria", "琴子": "kotoko", "あしゅ": "ashu", "飛鳥": "ashu"}
KANJI = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("typed, tile_id", [
    *SEED_NAMES.items(),
    ("ことこ", "kotoko"), ("コトコ", "kotoko"), ("みりあ", "miria"), ("ミリア", "miria"),
    ("みさせんぱい", "misa-senpai"), ("ミサセンパイ", "misa-senpai"), ("あすか", "ashu"), ("Asuka", "ashu"),
])
def test_a_member_is_typed_by_the_names_a_japanese_player_writes(typed, tile_id):
    assert GAME.tile(typed).id == tile_id


def test_every_member_named_in_kanji_has_its_reading_in_kana():
    for kind in GAME.tiles:
        if not kind.almighty and KANJI.search(kind.name_ja):
            assert kind.reading and not KANJI.search(kind.reading), kind


def test_the_seed_riichi_example_waits_on_asuka():
    # 琴子's set made with the god Almighty, みなみ and らりん sets, two 飛鳥: 飛鳥待ち
    hand = ["琴子", "琴子", "神オールマイティ", "飛鳥", "飛鳥", "みなみ", "みなみ", "みなみ"]
    assert "ashu" in [w.tile for w in waits(GAME, hand)]


def test_the_waits_command_takes_asuka(capsys):
    code = main(["waits", "--game", "nogizaka", "琴子", "琴子", "神オールマイティ", "飛鳥", "飛鳥", "みなみ", "みなみ",
                 "みなみ"])
    out, err = capsys.readouterr()
    assert code == 0 and not err and re.search(r"^ashu +Ashu", out, re.M), (out, err)


def test_a_name_of_another_member_is_still_unknown():
    with pytest.raises(UnknownTileError):
        GAME.tile("なあちゃん")  # the seed's chombo example names a member the default roster lacks


# --- a colour Almighty of another colour -------------------------------------------------------------------------

MISMATCH = ["misa-senpai", "misa-senpai", "almighty-green"] + ["minami"] * 3 + ["rarin"] * 3


def test_a_colour_almighty_of_another_colour_is_said_as_the_reason():
    r = score(GAME, MISMATCH, riichi=True)
    assert not r.winning
    assert r.reason.startswith("no yaku"), r.reason  # what a script matches stays first
    assert "Almighty (Green)" in r.reason and "green" in r.reason and "Misa-senpai (pink)" in r.reason, r.reason
    assert "グリーンオールマイティ" in r.reason_ja and "みさ先輩 (ピンク)" in r.reason_ja and "同じ色" in r.reason_ja, \
        r.reason_ja
    assert ":" not in r.reason and ":" not in r.reason_ja  # one colon on the verdict line ("not a win: ...")


def test_the_colour_reason_is_said_in_the_cli(capsys):
    code = main(["score", "--game", "nogizaka", "--riichi", *MISMATCH])
    out = capsys.readouterr().out
    assert code == 0 and "Almighty (Green)" in out and "Misa-senpai (pink)" in out, out


def test_the_right_colour_still_wins_and_a_plain_no_yaku_is_said_as_before():
    assert score(GAME, ["misa-senpai", "misa-senpai", "almighty-pink"] + MISMATCH[3:], riichi=True).winning
    plain = score(GAME, ["rarin"] * 3 + ["marika", "minami", "kotoko", "ashu", "miona", "himetan"], riichi=True)
    assert plain.reason.startswith("no yaku in these tiles; the simplest") and "Almighty" not in plain.reason


def test_a_cinderella_almighty_of_another_type_is_said_too():
    # RULES.md 000: an Almighty stands for an idol of its own type. new generations lacks 島村卯月 (Cute): the Cool
    # Almighty does not stand for her (tests/scorer/test_donjara_rare_situations.py plays the same hand)
    hand = ["shibuya-rin", "almighty-cool", "honda-mio", "mizumoto-yukari", "mimura-kanako", "igarashi-kyouko",
            "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]
    r = score("cinderella-neo", hand, riichi=True)
    assert not r.winning and r.reason.startswith("no yaku")
    assert "Almighty (Cool) stands only for a tile of its own type (Cool)" in r.reason, r.reason
    assert "同じタイプ (クール)" in r.reason_ja, r.reason_ja
