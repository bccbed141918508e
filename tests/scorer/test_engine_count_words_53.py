"""Session 53: a wrong tile count is worded one way (``scorer.result.count_words``) where the engines raise it, not
reworded by the command line: `scorer.score`, `scorer.waits`, riichi's `score`/`waits`/`tiles_from_win` (and so the
app and any script calling them) say "a hand has 9 tiles here (4 now)" / 「手牌は9枚にしてください (いま 4枚)」 as the
command line does; `tilelens waits --json` names the table that read the hand ("rules") as `score --json` does."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import scorer
from scorer import catalog
from scorer.result import HandError, count_words
from scorer.riichi_tiles import InputProblem, RiichiInputError
from tilelens import cli

NOGI = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


def said(exc: pytest.ExceptionInfo) -> tuple[str, str]:
    return str(exc.value), exc.value.message_ja


def test_donjara_score_raises_the_one_wording():
    with pytest.raises(HandError) as exc:
        scorer.score("nogizaka", NOGI[:4])
    assert said(exc) == count_words((9,), 4)
    assert said(exc) == ("wrong tile count: a hand has 9 tiles here (4 now)",
                         "牌の枚数が違います: 手牌は9枚にしてください (いま 4枚)")


def test_donjara_waits_raises_the_one_wording():
    with pytest.raises(HandError) as exc:
        scorer.waits("nogizaka", NOGI)
    assert said(exc) == count_words((8,), 9)


@pytest.mark.parametrize("hand,melds,need,concealed", [
    ("234m456p678s22z55z", (), (14,), 13),
    ("123m456p789s11z5555z", (), (14,), 15),
    ("234m456p678s22z55z", ("pon:777z",), (14,), 13),
    ("123m456p789s1z", ("pon:777z", "pon:666z"), (14,), 10)], ids=str)
def test_riichi_score_raises_the_one_wording(hand, melds, need, concealed):
    with pytest.raises(RiichiInputError) as exc:
        scorer.score("tokyo-mahjong", hand, melds=list(melds))
    assert exc.value.problem is InputProblem.COUNT
    assert said(exc) == count_words(need, concealed, len(melds), kan=True)


def test_riichi_tiles_from_win_and_waits_raise_the_one_wording():
    from scorer.riichi import tiles_from_win

    with pytest.raises(RiichiInputError) as exc:
        tiles_from_win(None, "123m456p789s11z")
    assert said(exc) == ("wrong tile count: a hand has 13 or 14 tiles here (11 now; a kan counts 3)",
                         "牌の枚数が違います: 手牌は13 か 14枚にしてください (いま 11枚。カンは3枚と数えます)")
    with pytest.raises(RiichiInputError) as exc:
        scorer.waits("tokyo-mahjong", "234m456p678s22z555z")
    assert said(exc) == count_words((13,), 14, kan=True)


def test_the_command_line_rewords_nothing():
    from scorer import cli as scorer_cli, riichi_cli

    assert not hasattr(scorer_cli, "counted_one_way") and not hasattr(riichi_cli, "_counted")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


@pytest.mark.parametrize("game,hand", [("nogizaka", NOGI[:8]), ("tokyo-mahjong", ["234m456p678s22z55z"])])
def test_waits_json_names_the_table_as_score_json_does(home, capsys, game, hand):
    assert cli.main(["waits", "--game", game, *hand, "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert rules == {"table": "shipped", "path": str(Path(catalog.GAMES_DIR) / f"{game}.toml")}
