"""Session 57 (H4, a riichi referee's re-walk R4): the words of the riichi house options on the scorer's side.

W1: renhou as a mangan on a tie (the hand without renhou worth a mangan too) said no "less than a mangan".
W2: renhou worth a mangan is shown as "mangan", not "5 han" (the yaku, the CLI's value line); its dora are left out
    as a yakuman's are, and the note says how many.
W4: a bad ``[riichi]`` value said as the file writes it (true, not True) with the choices; a ``[table]`` key written in
    ``[riichi]`` pointed to ``[table]``.
W6: the Japanese tenhou/chiihou note names its tiles in Japanese (五萬), not by id.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from scorer.riichi import score
from scorer.riichi_rules import RiichiRules

GAME = load_game("tokyo-mahjong")
MANGAN = RiichiRules(renhou="mangan")
TIE = "1133557799m1122z"  # chiitoitsu + honitsu: 5 han, a mangan without renhou too; ron on 2z
CHEAP = "234m456p345s66s678s"  # pinfu + tanyao: 2 han; ron on 8s


def _note(result, note_id):
    return next(n for n in result.extra.get("notes", ()) if n["id"] == note_id)


# --- W1 -------------------------------------------------------------------------------------------------------------
def test_renhou_mangan_on_a_tie_says_no_less_than_a_mangan():
    result = score(GAME, TIE, win_tile="2z", renhou=True, discarder="west", rules=MANGAN)
    assert result.points == 8000
    note = _note(result, "renhou_mangan")
    assert "less than a mangan" not in note["text"] and "満貫に届きません" not in note["text_ja"]
    assert "with or without" in note["text"] and "人和があってもなくても" in note["text_ja"]


def test_renhou_mangan_below_a_mangan_still_says_so():
    result = score(GAME, CHEAP, win_tile="8s", renhou=True, rules=MANGAN)
    note = _note(result, "renhou_mangan")
    assert "less than a mangan" in note["text"] and "満貫に届きません" in note["text_ja"]


# --- W2 -------------------------------------------------------------------------------------------------------------
def test_renhou_mangan_is_a_mangan_not_5_han():
    from scorer.riichi_rules import han_mean_nothing

    result = score(GAME, CHEAP, win_tile="8s", renhou=True, rules=MANGAN)
    (renhou,) = result.yaku
    assert (renhou.limit, renhou.limit_ja) == ("mangan", "満貫")
    assert han_mean_nothing(result.extra) and result.extra["limit_by"] == "renhou"
    # the JSON's yaku say it too
    assert result.to_dict()["yaku"][0]["limit"] == "mangan"


def test_renhou_as_5_han_keeps_its_han():
    from scorer.riichi_rules import han_mean_nothing

    result = score(GAME, CHEAP, win_tile="8s", renhou=True, rules=RiichiRules(renhou="5han"))
    renhou = next(y for y in result.yaku if y.name_en == "Renhou")
    assert renhou.han == 5 and not getattr(renhou, "limit", "") and not han_mean_nothing(result.extra)


def test_renhou_mangan_names_the_dora_it_leaves_out():
    result = score(GAME, CHEAP, win_tile="8s", renhou=True, dora_indicators=["1m"], rules=MANGAN)  # 2m: a dora
    assert result.extra["dora"] == {"dora": 0, "aka_dora": 0, "ura_dora": 0}  # not counted, as beside a yakuman
    note = _note(result, "renhou_mangan")
    assert "1 dora" in note["text"] and "ドラ1" in note["text_ja"], note


def test_renhou_mangan_of_a_hand_without_yaku_says_so():
    result = score(GAME, "123m456p789s234s55p", win_tile="3s", renhou=True, dora_indicators=["1m"], rules=MANGAN)
    note = _note(result, "renhou_mangan")
    assert "no yaku" in note["text"] and "役がありません" in note["text_ja"], note


def _house_file(tmp_path: Path, riichi: str = "", table: str = "") -> Path:
    """The shipped file with ``riichi`` and ``table`` lines (``key = value``) first in their tables, a line of the same
    key the file writes left out."""
    keys = {line.split("=")[0].strip() for line in (riichi + "\n" + table).splitlines() if "=" in line}
    text = "\n".join(line for line in (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8").splitlines()
                     if line.split("=")[0].strip() not in keys)
    text = text.replace("\n[riichi]\n", f"\n[riichi]\n{riichi}\n", 1).replace("\n[table]\n", f"\n[table]\n{table}\n", 1)
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _cli(tmp_path: Path, *args: str, lang: str = "en") -> str:
    env = {**os.environ, "TILELENS_LANG": lang, "YOLO_OFFLINE": "1", "TILELENS_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-m", "tilelens.cli", *args], capture_output=True, text=True, env=env,
                          timeout=120)
    return done.stdout + done.stderr


def test_cli_says_renhou_mangan_as_a_mangan(tmp_path):
    path = _house_file(tmp_path, 'renhou = "mangan"')
    args = ("score", "--game", str(path), CHEAP, "--win-tile", "8s", "--renhou")
    en, ja = _cli(tmp_path, *args), _cli(tmp_path, *args, lang="ja")
    assert "5 han" not in en and "mangan: 8,000 points" in en, en
    assert "Renhou" in en and "mangan" in next(line for line in en.splitlines() if "Renhou" in line), en
    assert "5翻" not in ja and "満貫: 8,000点" in ja, ja


# --- W4 -------------------------------------------------------------------------------------------------------------
def _refused(tmp_path: Path, riichi: str) -> GameFileError:
    from scorer.riichi_rules import rules_for

    with pytest.raises(GameFileError) as info:
        rules_for(load_game(str(_house_file(tmp_path, riichi))))
    return info.value


@pytest.mark.parametrize("line,en,ja", [
    ("renhou = 5", 'must be one of "5han", "mangan", "yakuman", "none" (got 5)', '"5han"・"mangan"・"yakuman"・"none"'),
    ('kazoe_limit = 13', 'must be one of "yakuman", "sanbaiman", "none" (got 13)', '"yakuman"・"sanbaiman"・"none"'),
    ("double_wind_pair_fu = true", "must be 4 or 2 (got true)", "4 か 2 にしてください (いま true)"),
    ('double_wind_pair_fu = "4"', "must be 4 or 2 (got '4')", "4 か 2"),
    ('default_seat = 2', 'must be one of "east", "south", "west", "north" (got 2)', '"south" (南)・'),
    ("players = true", "must be 2, 3 or 4 (got true)", "(いま true)"),
    ("nagashi = [true]", "must be true or false (got [true])", "true か false にしてください (いま [true])"),
])
def test_a_bad_riichi_value_says_the_choices_as_the_file_writes_them(tmp_path, line, en, ja):
    exc = _refused(tmp_path, line)
    key = line.split(" =")[0]
    assert f"riichi.{key}: {en}" in str(exc), str(exc)
    assert ja in exc.message_ja and f"riichi.{key}" in exc.message_ja, exc.message_ja
    for leak in ("True", "must be str", "文字列", "(got (", "いま ("):
        assert leak not in str(exc) + exc.message_ja, (leak, str(exc), exc.message_ja)


@pytest.mark.parametrize("key,value", [("uma", "[20, 10, -10, -20]"), ("chombo", '"none"'),
                                       ("return_points", "30000"), ("keep_on_draw", '"never"')])
def test_a_table_key_in_riichi_points_to_table(tmp_path, key, value):
    exc = _refused(tmp_path, f"{key} = {value}")
    assert f"riichi.{key}" in str(exc) and "[table]" in str(exc) and "unknown key" not in str(exc), str(exc)
    assert "[table]" in exc.message_ja and "不明なキー" not in exc.message_ja, exc.message_ja


def test_the_table_keys_pointed_to_are_the_ledgers():
    from scorer.riichi_rules import TABLE_KEYS_NOT_RIICHI
    from tilelens.ledger import TABLE_KEYS

    assert TABLE_KEYS_NOT_RIICHI <= TABLE_KEYS


def test_a_misspelt_riichi_key_still_gets_its_nearest(tmp_path):
    assert "did you mean starting_points?" in str(_refused(tmp_path, "start_points = 30000"))


# --- W6 -------------------------------------------------------------------------------------------------------------
def test_first_turn_note_names_tiles_in_japanese():
    result = score(GAME, "11123456789995m", win_tile="9m", win="tsumo", seat="south", chiihou=True)
    note = _note(result, "first_turn_reading")
    assert "五萬を最後の牌とした形" in note["text_ja"] and "九萬 なら" not in note["text_ja"], note["text_ja"]
    assert "九萬なら" in note["text_ja"] and "5m" not in note["text_ja"] and "9m" not in note["text_ja"]
    assert "5 Man (5m)" in note["text"], note["text"]
