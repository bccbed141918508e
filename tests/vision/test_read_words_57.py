"""`tilelens read` in Japanese after walkthrough W3: the unsure tiles' note names each tile by its Japanese name with
its id in brackets (「3枚目 みなみ (minami、0.21)」, not 「3枚目 minami (0.21)」), the melds' tiles and lists with 、,
and sentences joined with 。, not a half-width semicolon."""
from __future__ import annotations

from vision.read_cli import format_reading, reading_notes

from test_read_cli_52 import _reading
from test_read_cli_ja_48 import ALL_NOTES, _every_line

NOGI = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


def _note(reading, lang: str) -> str:
    return dict(reading_notes(reading, lang))["unsure"]


def test_the_unsure_tiles_are_named_in_japanese_with_their_ids():
    reading = _reading(NOGI, game="nogizaka", second={6: ("minami", 0.21, "miona", 0.2)})
    assert _note(reading, "ja").endswith(": 7枚目 みなみ (minami、0.21)"), _note(reading, "ja")
    assert _note(reading, "en").endswith(": tile 7 minami (0.21)")  # English as it was


def test_an_id_with_no_japanese_name_is_said_as_it_is():
    reading = _reading(NOGI, game="", second={0: ("rarin", 0.3, "marika", 0.2)})
    assert _note(reading, "ja").endswith(": 1枚目 rarin (0.30)"), _note(reading, "ja")


def test_riichi_tiles_by_their_japanese_names_too():
    reading = _reading(second={4: ("6p", 0.6, "5p", 0.3)})
    assert "5枚目 六筒 (6p、0.60)" in _note(reading, "ja")


def test_the_melds_line_in_japanese_lists_with_touten_and_ends_its_sentence():
    text = format_reading("hand.jpg", _every_line(), ALL_NOTES, lang="ja")
    line = next(line for line in text.splitlines() if "鳴いた面子" in line)
    assert "pon:777z (15、16、17枚目)。残りは --melds pon:777z を付けて計算してください" in line, line
    assert ";" not in line and ", " not in line
