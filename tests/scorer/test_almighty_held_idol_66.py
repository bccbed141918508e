"""Session 66 (W14): an Almighty that could make a yaku only as an idol whose own tile is already in the hand (in
another unit) is said as the reason, not as an Almighty of the wrong type. Cinderella Girls has one tile of each
idol (RULES.md 000: 81 idol tiles), so a unit never holds an idol twice (``scorer.groups._unit_candidates``):
Merry Terrors lacks only 白坂小梅 (Cool), whose tile is in NiGHT ENCOUNTER, and the Cool Almighty may not be her
a second time."""
from __future__ import annotations

import pytest

import scorer.engine as engine
from scorer import score
from tilelens.cli import main

GAME = "cinderella-neo"
# NiGHT ENCOUNTER (白坂小梅 星輝子) + 鬼花フェスティバル (ナターリア 相葉夕美) + Merry Terrors less 白坂小梅
HAND = ["白坂小梅", "星輝子", "ナターリア", "相葉夕美", "佐久間まゆ", "辻野あかり", "道明寺歌鈴", "小日向美穂", "almighty-cool"]


def test_the_idol_held_already_is_the_reason():
    r = score(GAME, HAND, riichi=True)
    assert not r.winning and r.reason.startswith("no yaku in these tiles; "), r.reason
    assert ("Almighty (Cool) would make a yaku as Koume Shirasaka, whose own tile is already in the hand; the set has "
            "one tile of each idol") in r.reason, r.reason
    assert ":" not in r.reason and ":" not in r.reason_ja  # one colon on the verdict line ("not a win: ...")
    assert "stands only for a tile of its own type" not in r.reason, r.reason
    assert "オールマイティ(クール)を白坂小梅の代わりにすれば役になりますが" in r.reason_ja and "白坂小梅の牌はもう手牌にあります" in r.reason_ja, r.reason_ja
    assert "牌はアイドル1人に1枚です" in r.reason_ja and "同じタイプ" not in r.reason_ja, r.reason_ja


def test_said_the_same_in_any_tile_order():
    a = score(GAME, HAND, riichi=True)
    b = score(GAME, list(reversed(HAND)), riichi=True)
    assert (a.reason, a.reason_ja) == (b.reason, b.reason_ja)


def test_no_near_win_hint_is_worked_out_for_it(monkeypatch):
    def no_hint(*_args, **_kwargs):
        raise AssertionError("the near-win hint was worked out, then replaced")

    monkeypatch.setattr(engine, "_tiles_from", no_hint)
    assert "whose own tile is already in the hand" in score(GAME, HAND, riichi=True).reason


@pytest.mark.parametrize("lang, said", [("en", "as Koume Shirasaka, whose own tile is already in"),
                                        ("ja", "白坂小梅の牌はもう手牌にあります")])
def test_the_cli_says_it(capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["score", "--game", GAME, "--riichi", *HAND])
    out = capsys.readouterr().out
    assert code == 0 and said in out, out


def test_the_type_reason_stays_where_the_type_is_why():
    # new generations lacks 島村卯月 (Cute), not held: the Cool Almighty's type is the reason, as before
    hand = ["shibuya-rin", "almighty-cool", "honda-mio", "mizumoto-yukari", "mimura-kanako", "igarashi-kyouko",
            "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]
    r = score(GAME, hand, riichi=True)
    assert "Almighty (Cool) stands only for a tile of its own type (Cool)" in r.reason, r.reason
    assert "whose own tile" not in r.reason

