"""One reading of `--game` in a command line (``scorer.cli.game_option_values``) for the resolver of a game's name
(``with_game_id``) and the game files checked strictly (``tilelens.cli.named_files``): both stop at ``--``. And the
last Japanese messages that echoed a user's text with Python's quotes ('x' は牌です, (いま 'draw')) quote it as the
others do (「x」は牌です, ``scorer.result.quoted_ja``); a value that is no text is said as before."""
from __future__ import annotations

import pytest

from scorer.cli import game_option_values, with_game_id
from scorer.engine import score
from scorer.result import HandError
from scorer.riichi_pay import _check_counter
from scorer.riichi_tiles import RiichiInputError
from tilelens.cli import main, named_files

NOGI_WIN = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


def test_both_readers_stop_at_the_double_dash(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text("x")
    argv = ["--game", "乃木坂", "--", "--game", "乃木坂", "--gam=乃木坂"]
    assert with_game_id(argv) == ["--game", "nogizaka", "--", "--game", "乃木坂", "--gam=乃木坂"]
    assert named_files("score", ["--", "--game", str(f)]) == set()
    assert named_files("score", ["--g", str(f)]) == {f.resolve()}
    assert list(game_option_values(["--game", "--"])) == []  # argparse: --game wants its value


def _err(capsys, monkeypatch, argv):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err, err
    return err


def test_the_command_line_quotes_a_local_yaku_in_japanese(capsys, monkeypatch):
    err = _err(capsys, monkeypatch, ["score", "--game", "nogizaka", "--local", "bogus", *NOGI_WIN])
    assert "「bogus」は" in err and "のローカル役にありません" in err and "'" not in err, err
    # a tile after --local where a local yaku is named like a tile: tests/scorer/test_cli_usability_48.py


@pytest.mark.parametrize("options, said", [
    ({"win": "draw"}, "(いま 「draw」)"),
    ({"players": "4"}, "(いま 「4」)"),
    ({"players": 4.5}, "(いま 4.5)"),  # no text: as before
    ({"local_yaku": ["bogus"]}, "「bogus」は"),
])
def test_a_donjara_option_is_quoted_in_japanese(options, said):
    with pytest.raises(HandError) as refused:
        score("nogizaka", NOGI_WIN, **options)
    assert said in refused.value.message_ja, refused.value.message_ja


def test_a_riichi_counter_is_quoted_in_japanese():
    with pytest.raises(RiichiInputError) as refused:
        _check_counter("honba", "two")
    assert refused.value.message_ja.endswith("本場は 0 以上の整数にしてください (いま 「two」)"), refused.value.message_ja
    with pytest.raises(RiichiInputError) as refused:
        _check_counter("honba", -1)
    assert refused.value.message_ja.endswith("(いま -1)"), refused.value.message_ja
