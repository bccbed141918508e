"""`tilelens score`'s line for a favourite idol not in the hand: "(an Almighty standing for it does not count)" only
where the hand holds an Almighty; said of every hand, it read as if one were there."""
from __future__ import annotations

import pytest

from scorer import load_game, score
from scorer.cli import format_result

ALMIGHTY_SAID = {"en": "an Almighty standing for it does not count", "ja": "オールマイティでの代わりは数えません"}
NOT_HELD = {"en": "favourite Uzuki Shimamura not doubled: not in the hand", "ja": "担当アイドル 島村卯月は手牌にないので2倍になりません"}


def _line(hand: list[str], lang: str) -> str:
    game = load_game("cinderella-neo")
    result = score(game, hand, win="ron", riichi=True, favourite="shimamura-uzuki")
    assert result.winning and result.extra["favourite_not_doubled"] == "not_held"
    return next(line for line in format_result(game, result, lang).splitlines() if NOT_HELD[lang] in line)


def _ensemble() -> list[str]:
    game = load_game("cinderella-neo")
    return [k.id for k in game.tiles if k.attrs.get("type") == "cute" and k.attrs.get("status") == "Vo"][:9]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hand_with_no_almighty_says_only_that_the_favourite_is_not_held(lang):
    assert _line(_ensemble(), lang).strip() == NOT_HELD[lang]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hand_with_an_almighty_says_it_does_not_stand_for_the_favourite(lang):
    assert ALMIGHTY_SAID[lang] in _line(_ensemble()[:8] + ["almighty-cute"], lang)
