"""A number written in kanji numerals (``hand_size = 九``, typed on a Japanese keyboard) is hinted as a full-width
number is: "write 9", bare or in quotes (session 61, F26 after RV3: the bare one was told to quote it, then the quoted
one was "must be a whole number (got '九')" with no hint)."""
import re
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR, _kanji_number

NOGIZAKA = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")


def _refused(tmp_path: Path, value: str) -> GameFileError:
    text, n = re.subn(r"(?m)^hand_size = \d+", f"hand_size = {value}", NOGIZAKA, count=1)
    assert n == 1
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert str(info.value).count("\n") == 0
    return info.value


@pytest.mark.parametrize("kanji, number", [("九", "9"), ("十二", "12"), ("三千", "3000"), ("二万五千", "25000"),
                                           ("三〇〇〇", "3000"), ("百", "100"), ("零", "0")])
def test_kanji_numerals_read_as_the_number_they_spell(kanji, number):
    assert _kanji_number(kanji) == number


@pytest.mark.parametrize("text", ["", "nine", "九点", "½", "9", "九.五", "Ⅸ"])
def test_anything_else_is_no_kanji_number(text):
    assert _kanji_number(text) is None


def test_a_bare_kanji_numeral_is_told_its_number_not_to_quote_it(tmp_path):
    exc = _refused(tmp_path, "九")
    assert "kanji numeral 九: write 9" in str(exc), str(exc)
    assert "漢数字の「九」は半角の数字で 9 と書きます" in exc.message_ja, exc.message_ja
    assert "quotes" not in str(exc) and '"..."' not in exc.message_ja


def test_a_quoted_kanji_numeral_is_told_its_number(tmp_path):
    exc = _refused(tmp_path, '"九"')
    assert "must be a whole number (got '九'): write 9, without quotes" in str(exc), str(exc)
    assert "引用符を付けず、半角で 9 と書きます" in exc.message_ja, exc.message_ja


def test_a_bare_word_is_still_told_to_quote_it(tmp_path):
    exc = _refused(tmp_path, "九点")
    assert 'a string is written in quotes: "..."' in str(exc), str(exc)
