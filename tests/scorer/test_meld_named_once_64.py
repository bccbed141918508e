"""A riichi meld is named one way in every message, in English and Japanese: ``meld 'pon:555z'``,
鳴き「pon:555z」 (``scorer.riichi_tiles.meld_named``), whether its shape is wrong, a tile of it is not in the set,
or it is a chi at a three-player (sanma) table; no second helper writes it unquoted (``meld pon:555z``)."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorer import load_game, riichi
from scorer.riichi_hand import check_hand_copies
from scorer.riichi_tiles import RiichiInputError, parse_meld

TOKYO = Path("scorer/games/tokyo-mahjong.toml")


def _said(call, *args, **kwargs) -> tuple[str, str]:
    with pytest.raises(RiichiInputError) as info:
        call(*args, **kwargs)
    return str(info.value), info.value.message_ja


def _three_player_table(tmp_path):
    """Tokyo Mahjong as a club's table of three with a 108-tile set (2m-8m left out of its list; no chi:
    ``[riichi] chi_at_three`` left false)."""
    text = TOKYO.read_text(encoding="utf-8").replace('id = "tokyo-mahjong"', 'id = "sanma-f1"', 1)
    head, *blocks = text.replace("\nplayers = 4 ", "\nplayers = 3 ", 1).split("\n[[tiles]]\n")
    kept = [b for b in blocks if not any(b.startswith(f'id = "{n}m"') for n in "02345678")]
    path = tmp_path / "sanma-f1.toml"
    path.write_text("\n[[tiles]]\n".join([head, *kept]), encoding="utf-8")
    return load_game(path)


def _named(spec: str) -> tuple[str, str]:
    """How a bad meld shape names its meld: the form every other message must use."""
    en, ja = _said(parse_meld, spec)
    return en.split(": ", 1)[0], ja.split(": ", 1)[0]


def test_a_bad_shape_names_the_meld_quoted():
    assert _named("pon:123z") == ("meld 'pon:123z'", "鳴き「pon:123z」")


def _without_2m_3m(tmp_path):
    """Tokyo Mahjong's set with 2m and 3m left out (``check_hand_copies`` reads its id and tiles alone)."""
    game = load_game("tokyo-mahjong")
    return SimpleNamespace(id=game.id, tiles=[k for k in game.tiles if k.id not in ("2m", "3m")])


@pytest.mark.parametrize("table, said_by, en, ja", [
    (_three_player_table, lambda game: riichi.score(game, "456p789s22s555z", melds=["chi:123p"], win_tile="5z"),
     "meld 'chi:123p': there is no chi at a three-player (sanma) table", "鳴き「chi:123p」: 三人麻雀の卓ではチーはできません"),
    (_without_2m_3m, lambda game: check_hand_copies(game, "123p", ["pon:222m"]),
     "meld 'pon:222m': 2 Man (2m) is not in the set of", "鳴き「pon:222m」: 二萬 (2m) は"),
    (_three_player_table, lambda game: riichi.score(game, "123p456p789s55s", melds=["pon:555m"], win_tile="5s"),
     "meld 'pon:555m': 5 Man (5m) is not in the set of", "鳴き「pon:555m」: 五萬 (5m) は"),
], ids=["a chi at a table of three", "a tile the set lacks", "a tile a sanma set lacks, scored"])
def test_a_meld_is_named_as_a_bad_shape_names_it(tmp_path, table, said_by, en, ja):
    said_en, said_ja = _said(said_by, table(tmp_path))
    assert said_en.startswith(en), said_en
    assert said_ja.startswith(ja), said_ja


def test_one_helper_names_a_meld():
    """No message in scorer/ writes ``f"meld {...}"`` or ``f"鳴き {...}"`` but ``meld_named``."""
    sites = [f"{path}:{n}" for path in sorted(Path("scorer").glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"""f["']meld \{|f["']鳴き ?\{""", line)]
    assert sites == [next(s for s in sites if s.startswith("scorer/riichi_tiles.py"))], sites
