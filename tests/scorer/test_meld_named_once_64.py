"""Session 64 (F1): a riichi meld is named one way in every message, in English and Japanese: ``meld 'pon:555z'``,
鳴き「pon:555z」 (``scorer.riichi_tiles._meld_named``), whether its shape is wrong, a tile of it is not in the set,
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


def test_a_chi_at_a_table_of_three_names_the_meld_as_a_bad_shape_does(tmp_path):
    game = _three_player_table(tmp_path)
    en, ja = _said(riichi.score, game, "456p789s22s555z", melds=["chi:123p"], win_tile="5z")
    assert en.startswith("meld 'chi:123p': there is no chi at a three-player (sanma) table"), en
    assert ja.startswith("鳴き「chi:123p」: 三人麻雀の卓ではチーはできません"), ja


def test_a_meld_tile_the_set_lacks_names_the_meld_as_a_bad_shape_does():
    game = load_game("tokyo-mahjong")
    without = SimpleNamespace(id=game.id, tiles=[k for k in game.tiles if k.id not in ("2m", "3m")])
    en, ja = _said(check_hand_copies, without, "123p", ["pon:222m"])
    assert en.startswith("meld 'pon:222m': 2 Man (2m) is not in the set of"), en
    assert ja.startswith("鳴き「pon:222m」: 二萬 (2m) は"), ja


def test_a_meld_tile_a_sanma_set_lacks_is_named_so_when_scored(tmp_path):
    game = _three_player_table(tmp_path)
    en, ja = _said(riichi.score, game, "123p456p789s55s", melds=["pon:555m"], win_tile="5s")
    assert en.startswith("meld 'pon:555m': 5 Man (5m) is not in the set of"), en
    assert ja.startswith("鳴き「pon:555m」: 五萬 (5m) は"), ja


def test_one_helper_names_a_meld():
    """No message in scorer/ writes ``f"meld {...}"`` or ``f"鳴き {...}"`` but ``_meld_named``."""
    sites = [f"{path}:{n}" for path in sorted(Path("scorer").glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"""f["']meld \{|f["']鳴き ?\{""", line)]
    assert sites == [next(s for s in sites if s.startswith("scorer/riichi_tiles.py"))], sites
