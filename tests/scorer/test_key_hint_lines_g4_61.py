"""A key written in Japanese under a comment holding U+2028 (LINE SEPARATOR): tomllib counts lines by "\\n" alone, so
the line it names is the ``持ち点 = 30000`` one; the hint read the lines with ``splitlines()``, which also breaks at
U+2028, and looked one line too low: the "did you mean start_points (持ち点)?" was lost."""
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR


def _refused(tmp_path: Path, new: str) -> GameFileError:
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert "\n[table]\n" in text
    path = tmp_path / "house.toml"
    path.write_text(text.replace("\n[table]\n", f"\n[table]\n{new}", 1), encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(path, strict=True)
    return caught.value


@pytest.mark.parametrize("comment", ["# 持ち点\u2028(30000)\n", "# a\u2028b\u2029c\x85d\n", ""])
def test_a_line_separator_in_a_comment_keeps_the_hint(tmp_path, comment):
    exc = _refused(tmp_path, f"{comment}持ち点 = 30000\n")
    assert "did you mean start_points (持ち点)? keys are written in English" in str(exc), str(exc)
    assert "start_points (持ち点) のことですか? キーは英語で書きます" in exc.message_ja, exc.message_ja


def test_crlf_lines_keep_the_hint(tmp_path):
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8").replace("\n[table]\n", "\n[table]\n持ち点 = 1\n")
    path = tmp_path / "house.toml"
    path.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    with pytest.raises(GameFileError) as caught:
        load_game(path, strict=True)
    assert "did you mean start_points (持ち点)?" in str(caught.value), str(caught.value)
