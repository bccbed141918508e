"""``tilelens score --game tokyo-mahjong ... --declared``: Donjara's chombo option has no meaning on a riichi table
(the game sets no chombo penalty), said in one line in both languages, not "unrecognized arguments"."""
from __future__ import annotations

import pytest

from scorer.riichi_tiles import RiichiInputError
from scorer.riichi_cli import score_main

ARGV = ["--game", "tokyo-mahjong", "123m456p789s11222z", "--win-tile", "2z"]


@pytest.mark.parametrize("where", [0, 1])
def test_declared_says_riichi_sets_no_chombo_penalty(where):
    argv = list(ARGV)
    argv.insert(2 + where * 3, "--declared")
    with pytest.raises(RiichiInputError) as err:
        score_main(argv)
    en, ja = str(err.value), err.value.message_ja
    assert "--declared" in en and "chombo" in en and "unrecognized" not in en
    assert "--declared" in ja and "チョンボ" in ja
    assert "\n" not in en and "\n" not in ja


def test_the_router_prints_it_as_one_line_and_exits_2(capsys, monkeypatch):
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["score", *ARGV, "--declared"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no chombo penalty" in err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert main(["score", *ARGV, "--declared"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "チョンボ" in err


def test_the_hand_still_scores_without_it(capsys):
    assert score_main(ARGV) == 0


def test_the_donjara_help_says_the_winning_tiles_default(capsys):
    """(Item 6, kept here with the other `tilelens score` options.) The riichi help says the winning tile's default;
    the Donjara help said only "the tile that completed the hand"."""
    import re

    from tilelens.cli import main

    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    entry = re.search(r"--winning-tile TILE, --win-tile TILE (.*?) --own-discard", out)
    assert entry and "default" in entry.group(1) and "last tile" in entry.group(1) and "Almighty" in entry.group(1), out
