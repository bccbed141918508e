"""Session 67 (a sanma night walked through): the scorer's Japanese put a space between a Japanese name and its particle:
「自風 北 は 3人の卓にありません」, 「放銃者 北 は …」, 「普通の 五筒 が 4枚あります」. A particle follows a Japanese
name (a wind, a tile, a set) with no space, as the app's strings have it (test_japanese_particles_51); a value that is
a token (a tile id, an option, a path) keeps its space."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorer import score
from scorer.result import TilelensInputError
from scorer.riichi_pay import exhaustive_draw

ROOT = Path(__file__).parents[2]
PARTICLE = r"\s+(?:の|を|が|に|は|で(?!す)|と|へ|も|から|まで|や|より)"
HAND = "123m456p789s234s11z"


def _japanese_names_before_a_particle(line: str):
    """The expression of each {value} of ``line`` that is a Japanese name (``name_ja``) followed by a space and a
    particle (its braces matched, an f-string's nested {} in it)."""
    for found in re.finditer(r"\}" + PARTICLE, line):
        depth, at = 0, found.start()
        while at >= 0:
            depth += {"}": 1, "{": -1}.get(line[at], 0)
            if depth == 0:
                break
            at -= 1
        value = line[at + 1:found.start()]
        if re.search(r"\bname_ja\b", value):
            yield value


def _sources():
    return sorted(p for d in ("scorer", "tilelens", "vision") for p in (ROOT / d).rglob("*.py"))


def test_no_space_between_a_japanese_name_and_its_particle_in_the_sources():
    bad = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in _sources()
           for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
           if any(_japanese_names_before_a_particle(line))]
    assert not bad, "\n".join(bad)


def _said_ja(call) -> str:
    with pytest.raises(TilelensInputError) as exc:
        call()
    return exc.value.message_ja


@pytest.mark.parametrize("kwargs, want", [
    (dict(players=3, seat="north"), "自風 北は 3人の卓にありません"),
    (dict(players=3, win="ron", discarder="north"), "放銃者 北は 3人の卓にありません"),
    (dict(win="ron", seat="south", discarder="south"), "放銃者 南が上がった人と同じ席です"),
])
def test_a_seat_not_at_the_table_is_named_before_its_particle(kwargs, want):
    assert want in _said_ja(lambda: score("tokyo-mahjong", HAND, **kwargs))


@pytest.mark.parametrize("pao, players, want", [
    ("north", 3, "包 (責任払い) の席 北は 3人の卓にありません"),
    ("south", 4, "包 (責任払い) の席 南は上がった人の席です"),  # the winner's own: south, the default seat
])
def test_the_pao_seat_is_named_before_its_particle(pao, players, want):
    said = _said_ja(lambda: score("tokyo-mahjong", "555z666z123m99p", melds=["pon:777z"], pao=pao, players=players,
                                  seat="south"))
    assert want in said, said


@pytest.mark.parametrize("kwargs, want", [
    (dict(tenpai_seats=["north"], players=3), "テンパイの席 北は 3人の卓にありません"),
    (dict(tenpai_seats=[], nagashi=["north"], players=3), "流し満貫の席 北は 3人の卓にありません"),
])
def test_a_draws_seat_not_at_the_table_is_named_before_its_particle(kwargs, want):
    assert want in _said_ja(lambda: exhaustive_draw(**kwargs))


@pytest.mark.parametrize("hand, want", [
    ("11111m456p789s234s", "一萬が手牌・鳴き・ドラ表示牌・捨て牌で 5枚あります"),
    ("123m406p789s234s00p", "赤五筒が手牌・鳴き・ドラ表示牌・捨て牌で 3枚あります"),
    ("123m555p789s234s5p5m", "普通の 五筒が 4枚あります"),
])
def test_too_many_copies_name_the_tile_before_its_particle(hand, want):
    said = _said_ja(lambda: score("tokyo-mahjong", hand))
    assert want in said, said


def test_the_result_lines_name_the_favourite_before_its_particle():
    """「担当アイドル 島村卯月 は手牌にないので」: the idol's name, then its particle."""
    from scorer.cli import RESULT_WORDS

    bad = {key: ja for key, ja in RESULT_WORDS["ja"].items() if re.search(r"\{tile\}" + PARTICLE, ja)}
    assert not bad, bad
