"""A meld that is none is named by the scorer as the player typed it where the caller gives that (``parse_meld``'s
``shown``: the app's "Not counted as a meld: 'pon 5z5z': ..."), in English and Japanese alike, its tiles' errors
too; without it, as the scorer writes it (meld 'pon:5z5z', 鳴き「pon:5z5z」). A field that has its own Japanese
is an (English, Japanese) pair (``FieldName``), which every tile message names in both languages."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorer import load_game
from scorer.riichi_hand import check_hand_copies
from scorer.riichi_tiles import RiichiInputError, parse_meld, parse_tiles


def _said(call, *args, **kwargs) -> tuple[str, str]:
    with pytest.raises(RiichiInputError) as info:
        call(*args, **kwargs)
    return str(info.value), info.value.message_ja


@pytest.mark.parametrize("spec, typed, en, ja", [
    ("pon:5z5z", "pon 5z5z", "'pon 5z5z': a pon has 3 tiles, got 2", "「pon 5z5z」: ポンは 3枚です (2枚あります)"),
    ("pong:555z", "pong 555z", "'pong 555z': unknown kind 'pong'", "「pong 555z」: 「pong」という鳴きはありません"),
    ("pong", "pong", "'pong': write it as KIND:TILES", "「pong」: 「種類:牌」か「種類 牌」の形で"),
    ("pon:55x", "ポン 55x", "'ポン 55x': '55x' is not riichi tile notation", "「ポン 55x」: 「55x」は牌の書き方"),
    ("pon:f1", "pon f1", "'pon f1': f1 is a flower", "「pon f1」: f1 は花牌で"),
    ("chi:135m", "チー 135m", "'チー 135m': a chi is three consecutive", "「チー 135m」: チーは同じ種類の連続した"),
])
def test_a_meld_is_named_as_typed_where_shown(spec, typed, en, ja):
    said_en, said_ja = _said(parse_meld, spec, shown=typed)
    assert said_en.startswith(en) and said_ja.startswith(ja), (said_en, said_ja)
    plain_en, plain_ja = _said(parse_meld, spec)  # without it, as the scorer writes it
    assert plain_en.startswith(f"meld {spec!r}: ") and plain_ja.startswith(f"鳴き「{spec}」: "), (plain_en, plain_ja)


def test_a_long_meld_typed_is_named_as_typed_cut_short():
    typed = "pon " + "1z" * 150
    said_en, said_ja = _said(parse_meld, typed.replace(" ", ":", 1), shown=typed)
    assert said_en.startswith("'pon 1z1z") and "(304 characters): a pon has 3 tiles" in said_en, said_en
    assert said_ja.startswith("「pon 1z1z") and "(304 文字): ポンは 3枚です" in said_ja, said_ja


def test_a_field_pair_names_the_field_in_each_language():
    field = ("meld 'pon:55x'", "鳴き「pon:55x」")
    for tiles in ("55x", ["5m", "red"], [99], [1.5], b"x", ["f2"]):
        en, ja = _said(parse_tiles, tiles, None, field)
        assert en.startswith("meld 'pon:55x': ") and ja.startswith("鳴き「pon:55x」: "), (tiles, en, ja)


def test_a_meld_tile_the_set_lacks_is_named_by_its_meld():
    game = load_game("tokyo-mahjong")
    without = SimpleNamespace(id=game.id, tiles=[k for k in game.tiles if k.id not in ("2m", "3m")])
    en, ja = _said(check_hand_copies, without, "123p", ["pon:222m"])
    assert en.startswith("meld 'pon:222m': 2 Man (2m) is not in the set of"), en
    assert ja.startswith("鳴き「pon:222m」: 二萬 (2m) は"), ja
