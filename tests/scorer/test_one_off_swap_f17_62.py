"""Session 62, F17: a Donjara hand one tile from a yaku names the swap that makes it, as a hand two off does
(「辻野あかりを赤城みりあ (またはWONDERFUL M@GIC!!のほかのメンバー)に替えるとそろいます」: one example, and where several
tiles would do, the others in a word: a unit's other members, the other tiles of one status set, both names where two);
a hint that names a route to a yaku drops the simplest yaku's shape (four lines on a phone); an unknown tile is echoed
in Japanese quotes (「しぶりん」), not Python's ('しぶりん')."""
import re

import pytest

from scorer import load_game, score
from scorer.result import UnknownTileError
from scorer.riichi_tiles import RiichiInputError, parse_tiles

GAME = "cinderella-neo"
# the W7 walk's near/0001.jpg: eight members of WONDERFUL M@GIC!! and 辻野あかり
ONE_OFF_MAGIC = ["shimamura-uzuki", "futaba-anzu", "mimura-kanako", "honda-mio", "abe-nana", "tada-riina",
                 "shirasaka-koume", "tsujino-akari", "shibuya-rin"]
# eight of the ten tiara idols and 久川颯: 塩見周子 or 本田未央 (the two left) make シンデレラガールズ
ONE_OFF_TIARA = ["takagaki-kaede", "totoki-airi", "sagisawa-fumika", "shibuya-rin", "hisakawa-hayate", "houjou-karen",
                 "kanzaki-ranko", "shimamura-uzuki", "abe-nana"]
ONE_OFF_QUARTET = ["fujiwara-hajime", "mifune-miyu", "kiryuu-tsukasa", "hoshi-shouko", "mizumoto-yukari",
                   "mimura-kanako", "igarashi-kyouko", "kohinata-miho", "takamori-aiko"]
ONE_OFF_REHEARSAL = ["kiryuu-tsukasa", "yorita-yoshino", "wakiyama-tamami", "kawashima-mizuki", "hayami-kanade",
                     "ootsuki-yui", "hisakawa-hayate", "futaba-anzu", "katagiri-sanae"]
ONE_OFF_NORMAL = ["moroboshi-kirari", "satou-shin", "akagi-miria", "ogata-chieri", "hori-yuuko", "koshimizu-sachiko",
                  "sakuma-mayu", "hisakawa-nagi", "aiba-yumi"]
CINDERELLA_TWO = ["mukai-takumi", "hayasaka-mirei", "sakurai-momoka", "tada-riina", "himekawa-yuki", "houjou-karen",
                  "morikubo-nono", "shiragiku-hotaru", "yorita-yoshino"]


def _by_ja(name):
    return next(t.id for t in load_game(GAME).tiles if t.name_ja == name)


def _one_swap(reason_ja):
    """(out, example, the other choices' words) from 「…。AをB (またはX)に替えるとそろいます」 / 「AをBかCに…」."""
    m = re.search(r"。([^。]+?)を([^。]+?)に替えるとそろいます$", reason_ja)
    assert m, reason_ja
    out, into = m.groups()
    others = re.search(r" \(または(.+)\)$", into)
    return out, into.split(" (")[0], others.group(1) if others else ""


@pytest.mark.parametrize("hand", [ONE_OFF_MAGIC, ONE_OFF_TIARA, ONE_OFF_QUARTET, ONE_OFF_REHEARSAL, ONE_OFF_NORMAL])
def test_one_tile_off_names_a_swap_that_wins_that_yaku(hand):
    r = score(GAME, hand, riichi=True)
    assert not r.winning and "あと1枚で" in r.reason_ja and "替えるとそろいます" in r.reason_ja, r.reason_ja
    assert "1 tile from " in r.reason and " by swapping " in r.reason, r.reason
    assert "いちばん基本" not in r.reason_ja and "the simplest" not in r.reason
    assert ":" not in r.reason + r.reason_ja  # one sentence after "not a win: "
    yaku = re.search(r"あと1枚で(.+?) \(", r.reason_ja).group(1)
    out, example, _ = _one_swap(r.reason_ja)
    for into in example.split("か"):  # 「AをBかCに」: each of the two wins
        swapped = list(hand)
        swapped[swapped.index(_by_ja(out))] = _by_ja(into)
        won = score(GAME, swapped, riichi=True)
        assert won.winning and won.yaku[0].name.startswith(yaku), (swapped, won.reason_ja)


def test_the_walk_hand_word_for_word():
    r = score(GAME, ONE_OFF_MAGIC, riichi=True)
    out, example, others = _one_swap(r.reason_ja)
    assert out == "辻野あかり" and others == "WONDERFUL M@GIC!!のほかのメンバー", r.reason_ja
    assert r.reason_ja == f"どの役の形にもなっていません。あと1枚でWONDERFUL M@GIC!! (48万)。辻野あかりを{example} " \
                          "(またはWONDERFUL M@GIC!!のほかのメンバー)に替えるとそろいます"
    game = load_game(GAME)
    en = next(t.name_en for t in game.tiles if t.name_ja == example)
    assert r.reason == ("no yaku in these tiles; 1 tile from WONDERFUL M@GIC!! (480,000 fans) by swapping Akari "
                        f"Tsujino for {en} (or another member of WONDERFUL M@GIC!!)")


def test_two_choices_are_both_named():
    r = score(GAME, ONE_OFF_TIARA, riichi=True)
    assert r.reason_ja.endswith("。久川颯を塩見周子か本田未央に替えるとそろいます"), r.reason_ja
    assert r.reason.endswith(" by swapping Hayate Hisakawa for Syuko Shiomi or Mio Honda"), r.reason


def test_the_other_tiles_of_a_status_set_are_said_by_their_marks():
    r = score(GAME, ONE_OFF_REHEARSAL, riichi=True)
    _, example, others = _one_swap(r.reason_ja)
    tile = load_game(GAME).tile(_by_ja(example))
    assert others.startswith("ほかの") and others.endswith("の牌"), r.reason_ja
    assert {"cute": "キュート", "cool": "クール", "passion": "パッション"}[tile.attrs["type"]] in others
    assert tile.attrs["status"] in others
    assert re.search(r"\(or another \w+ \w+ tile\)$", r.reason), r.reason


def test_two_tiles_off_drops_the_simplest_yaku():
    r = score(GAME, CINDERELLA_TWO, riichi=True)
    assert r.reason.startswith("no yaku in these tiles; 2 tiles from "), r.reason
    assert r.reason_ja.startswith("どの役の形にもなっていません。あと2枚で"), r.reason_ja
    assert "いちばん基本" not in r.reason_ja and r.reason_ja.endswith("に替えるとそろいます")


def test_a_hand_further_off_keeps_the_simplest_yaku():
    far = ["nakano-yuka", "kurosaki-chitose", "hino-akane", "moroboshi-kirari", "kamiya-nao", "takafuji-kako",
           "yorita-yoshino", "hayami-kanade", "morikubo-nono"]  # three tiles off
    r = score(GAME, far, riichi=True)
    assert "いちばん基本の役は" in r.reason_ja and "替える" not in r.reason_ja, r.reason_ja


def test_an_unknown_tile_is_quoted_in_japanese():
    with pytest.raises(UnknownTileError) as refused:
        score(GAME, ["しぶりん"] + ONE_OFF_MAGIC[1:])
    said = refused.value.message_ja
    assert "に「しぶりん」という牌はありません" in said and "'しぶりん'" not in said, said
    assert "'しぶりん'" in str(refused.value)  # English keeps its quotes


@pytest.mark.parametrize("text, said_ja", [("123m456p789s11z qq", "手牌: 「qq」という牌はありません。"),
                                           ("123m q", "(「q」は使えない文字です。")])
def test_a_riichi_letter_that_is_no_tile_is_quoted_in_japanese(text, said_ja):
    with pytest.raises(RiichiInputError) as refused:
        parse_tiles(text, "tokyo-mahjong")
    assert said_ja in refused.value.message_ja, refused.value.message_ja
