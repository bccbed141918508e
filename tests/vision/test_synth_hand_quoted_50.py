"""Session 50: `tilelens synth --hand "rarin rarin rarin …"` (the tiles quoted as one word) said only "unknown tile
'rarin rarin rarin …'"; it now says to pass the tiles unquoted. A quoted word whose parts are not all tiles is still
the plain unknown tile."""
from __future__ import annotations

from tilelens.cli import main as tilelens_main

HAND = "rarin rarin rarin miona miona miona kotoko kotoko kotoko"


def test_a_quoted_hand_is_told_to_pass_its_tiles_unquoted(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    rc = tilelens_main(["synth", "--game", "nogizaka", "--hand", HAND, "--out", str(tmp_path / "h.jpg")])
    err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err, err
    assert "unquoted" in err and "--hand rarin rarin rarin" in err, err
    assert not (tmp_path / "h.jpg").exists()


def test_a_quoted_hand_is_told_in_japanese_too(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    rc = tilelens_main(["synth", "--game", "nogizaka", "--hand", HAND, "--out", str(tmp_path / "h.jpg")])
    err = capsys.readouterr().err
    assert rc == 2 and "引用符" in err, err


def test_a_quoted_word_of_a_non_tile_is_still_an_unknown_tile(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    rc = tilelens_main(["synth", "--game", "nogizaka", "--hand", "rarin nope", "--out", str(tmp_path / "h.jpg")])
    err = capsys.readouterr().err
    assert rc == 2 and "unknown tile 'rarin nope'" in err and "unquoted" not in err, err
