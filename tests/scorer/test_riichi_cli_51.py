"""``--melds 555z`` (no ``KIND:``) after the hand was given was scored as concealed tiles (riichi and a
concealed triplet counted on a called pon): refused with one line naming the form, in both languages."""
from __future__ import annotations

import json
import re

import pytest

from scorer.result import TilelensInputError
from scorer.riichi_cli import score_main, waits_main

G = ["--game", "tokyo-mahjong"]


@pytest.mark.parametrize("main,argv", [
    (score_main, ["234m456p789s11z", "--melds", "555z", "--win-tile", "4m", "--riichi"]),
    (score_main, ["234m456p789s11z", "--melds", "555z", "pon:666z"]),
    (score_main, ["234m456p789s11z", "--melds", "pon:666z", "--melds", "555z"]),
    (score_main, ["234m456p789s11z", "--melds", "555z, pon:666z"]),
    (waits_main, ["234m456p789s1z", "--melds", "555z"]),
], ids=["alone", "before-a-meld", "second-melds", "separated", "waits"])
def test_a_meld_without_its_kind_after_the_hand_is_refused(main, argv) -> None:
    with pytest.raises(TilelensInputError, match=re.escape("a meld is KIND:TILES, e.g. pon:555z")) as refused:
        main(G + argv)
    assert "555z" in str(refused.value)


def test_the_refusal_says_it_in_japanese(capsys, monkeypatch) -> None:
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert main(["score"] + G + ["234m456p789s11z", "--melds", "555z", "--win-tile", "4m"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "555z" in err and "pon:555z" in err and "鳴き" in err, err


def test_the_hand_written_after_the_melds_still_scores(capsys) -> None:
    """No hand before --melds: the words after the melds are the hand, as before; so is a hand's rest after a
    meld (``123m456p78s11z --melds pon:555z 9s``)."""
    assert score_main(G + ["--melds", "pon:555z", "234m456p789s11z", "--win-tile", "4m", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == 1000
    assert score_main(G + ["123m456p78s11z", "--melds", "pon:555z", "9s", "--win-tile", "9s", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winning"] is True
