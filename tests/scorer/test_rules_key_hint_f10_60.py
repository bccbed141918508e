"""A key written in Japanese in a game file (session 60, walk W2): ``持ち点 = 30000`` was only "Invalid statement" (「項目
として読めない行です」), ``"赤ドラ" = false`` listed every key with no pointer. A Japanese word the app says a key by points
to the key's English name; any other key not in ASCII is told keys are written in English."""
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR, key_hint


def _file(tmp_path: Path, game: str, old: str, new: str) -> Path:
    text = (GAMES_DIR / f"{game}.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "house.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _refused(path: Path) -> GameFileError:
    with pytest.raises(GameFileError) as caught:
        load_game(path, strict=True)
    return caught.value


@pytest.mark.parametrize("key,known,en,ja", [
    ("持ち点", {"start_points", "uma"}, "did you mean start_points (持ち点)? keys are written in English",
     "start_points (持ち点) のことですか? キーは英語で書きます"),
    ("持ち点", {"starting_points", "red_fives"}, "did you mean starting_points (持ち点)?", "starting_points (持ち点)"),
    ("赤ドラ", None, "did you mean red_fives (赤ドラ)?", "red_fives (赤ドラ) のことですか?"),
    ("得点倍率", {"uma", "laps"}, "keys are written in English: laps, uma", "キーは英語で書きます: laps、uma"),
])
def test_key_hint(key, known, en, ja):
    said = key_hint(key, known)
    assert said is not None and en in said[0] and ja in said[1], said


def test_an_ascii_key_has_no_hint():
    assert key_hint("start_point", {"start_points"}) is None


def test_a_bare_japanese_key_names_the_key_it_means(tmp_path):
    path = _file(tmp_path, "yokai-watch", "keep_on_dealer_win = true", "持ち点 = 2000\nkeep_on_dealer_win = true")
    exc = _refused(path)
    assert "not valid TOML: a line that is no entry (key = value) nor a table's header ([name]) (at line" in str(exc)
    assert "did you mean start_points (持ち点)? keys are written in English" in str(exc), str(exc)
    assert "項目として読めない行です" in exc.message_ja
    assert "start_points (持ち点) のことですか? キーは英語で書きます" in exc.message_ja, exc.message_ja
    assert str(exc).count("\n") == 0 and exc.message_ja.count("\n") == 0


def test_a_bare_key_in_japanese_not_known_says_keys_are_english(tmp_path):
    path = _file(tmp_path, "yokai-watch", "keep_on_dealer_win = true", "得点倍率 = 2\nkeep_on_dealer_win = true")
    exc = _refused(path)
    assert "keys are written in English" in str(exc) and "キーは英語で書きます" in exc.message_ja, (str(exc), exc.message_ja)


def test_other_broken_lines_say_as_before(tmp_path):
    path = _file(tmp_path, "yokai-watch", "keep_on_dealer_win = true", "keep_on_dealer_win = = true")
    exc = _refused(path)
    assert "keys are written in English" not in str(exc) and "キーは英語" not in exc.message_ja


def test_a_quoted_japanese_key_in_riichi_names_the_key_it_means(tmp_path):
    path = _file(tmp_path, "tokyo-mahjong", "red_fives = true", '"赤ドラ" = false')
    exc = _refused(path)
    assert "riichi.赤ドラ: unknown key (did you mean red_fives (赤ドラ)? keys are written in English)" in str(exc), str(exc)
    assert "red_fives (赤ドラ) のことですか? キーは英語で書きます" in exc.message_ja, exc.message_ja


def test_a_quoted_key_in_japanese_not_known_lists_the_english_names(tmp_path):
    path = _file(tmp_path, "tokyo-mahjong", "red_fives = true", '"得点倍率" = 2\nred_fives = true')
    exc = _refused(path)
    assert "keys are written in English: " in str(exc) and "red_fives" in str(exc), str(exc)
    assert "キーは英語で書きます: " in exc.message_ja, exc.message_ja
