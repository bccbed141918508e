"""``tilelens score`` / ``waits`` with something piped in: they take their tiles as arguments only.

`tilelens read PHOTO --json | tilelens score --game nogizaka` said "wrong tile count: nogizaka needs 9 tiles here,
got 0" (standard input ignored without a word), and `... | tilelens score --game nogizaka -` "unknown tile '-'".
Now one line says that the tiles are arguments and how a photo's come in: `$(tilelens read PHOTO --kinds)`.
"""
import io
import json
import sys

import pytest

from tilelens.cli import main as tilelens

READ_JSON = json.dumps({"game": "nogizaka", "tileset": None, "images": [{"path": "a.jpg", "kinds": ["x"]}]})


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _run(capsys, argv):
    code = tilelens(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv,what", [
    (["score", "--game", "nogizaka"], "no tiles given"),
    (["score", "--game", "nogizaka", "--riichi"], "no tiles given"),
    (["score", "--game", "nogizaka", "-"], "'-' is not a tile"),
    (["waits", "--game", "nogizaka"], "no tiles given"),
    (["score", "--game", "tokyo-mahjong"], "no hand given"),
    (["score", "--game", "tokyo-mahjong", "-"], "'-' is not a tile"),
    (["waits", "--game", "tokyo-mahjong"], "no hand given"),
], ids=["score", "score-riichi-flag", "score-dash", "waits", "riichi", "riichi-dash", "riichi-waits"])
def test_tiles_piped_in_are_said_to_be_arguments(monkeypatch, capsys, argv, what):
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.setattr(sys, "stdin", io.StringIO(READ_JSON))
    code, out, err = _run(capsys, argv)
    game, command = argv[2], argv[0]
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"tilelens {command}: {what}: tilelens {command} takes the tiles as arguments, "
                          "not on standard input"), err
    assert f"tilelens {command} --game {game} $(tilelens read PHOTO --game {game} --kinds)" in err, err
    assert "unknown tile" not in err and "got 0" not in err


def test_the_hint_in_japanese(monkeypatch, capsys):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    monkeypatch.setattr(sys, "stdin", io.StringIO(READ_JSON))
    code, _, err = _run(capsys, ["score", "--game", "nogizaka"])
    assert code == 2 and "標準入力" in err and "$(tilelens read PHOTO --game nogizaka --kinds)" in err, err


def test_at_a_terminal_no_tiles_is_said_as_before(monkeypatch, capsys):
    """Nothing piped (a terminal): the tile count, as before; and a typed list of tiles is not touched."""
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.setattr(sys, "stdin", Terminal())
    code, _, err = _run(capsys, ["score", "--game", "nogizaka"])
    assert code == 2 and "a hand has 9 tiles here (0 now)" in err and "standard input" not in err, err
    code, _, err = _run(capsys, ["score", "--game", "tokyo-mahjong"])
    assert code == 2 and "no hand given: write HAND" in err and "standard input" not in err, err
    monkeypatch.setattr(sys, "stdin", io.StringIO(READ_JSON))  # piped, but the tiles are there: scored
    code, out, _ = _run(capsys, ["score", "--game", "tokyo-mahjong", "--json", "123m456p789s11z555z"])
    assert code == 0 and json.loads(out)["winning"]
