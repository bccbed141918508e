"""The CLI shape of issue 2: `tilelens score|waits|games`, exit codes and one-line errors."""
import json
import subprocess
import sys

import pytest

from tilelens.cli import main

NORMAL = ["shibuya-rin", "島村卯月", "honda-mio", "kohinata-miho", "sakurai-momoka", "seki-hiromi",
          "kawashima-mizuki", "nitta-minami", "takagaki-kaede"]
NOGI = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_json_has_the_contract_fields(capsys):
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--win", "tsumo", "--players", "3",
                       "--favourite", "shimamura-uzuki", "--json", *NORMAL)
    data = json.loads(out)
    assert code == 0 and data["winning"] is True and data["reason"] is None
    assert data["yaku"][0]["name"] == "ノーマルライブユニット" and data["yaku"][0]["points"] == 12
    assert data["points"] == 24 == sum(p["amount"] for p in data["payments"]) and len(data["payments"]) == 2


def test_score_without_riichi_says_why_and_what_it_would_be_worth(capsys):
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--json", *NOGI)
    data = json.loads(out)
    assert code == 0 and data["winning"] is False and "riichi" in data["reason"] and data["value"] == 60


def test_score_text_shows_groups_almighty_and_payments(capsys):
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", *NOGI)
    assert code == 0 and "God Almighty (purple) as Kotoko" in out and "player 3 pays 20 points" in out and "10 points" in out


def test_score_non_winning_hand_exits_zero_with_a_reason(capsys):
    code, out, _ = run(capsys, "score", "--game", "yokai-watch", "--riichi", *(["yokai-01"] * 3 + ["yokai-02"] * 3
                                                                               + ["yokai-03", "yokai-04", "yokai-05"]))
    assert code == 0 and "not a win: no yaku" in out


def test_score_chombo_is_a_result(capsys):
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", "--winning-tile", "almighty-god",
                       "--json", *NOGI)
    data = json.loads(out)
    assert code == 0 and data["chombo"] == "win-on-almighty" and data["penalty"] == 300


@pytest.mark.parametrize("argv, message", [
    (["score", "--game", "cinderella-neo", "--riichi", "shimamura-uzki"] + NORMAL[1:],
     "unknown tile 'shimamura-uzki' for Donjara NEO: THE iDOLM@STER Cinderella Girls (cinderella-neo; did you "
     "mean: shimamura-uzuki"),
    (["score", "--game", "cinderella-neo"] + NORMAL[:8], "wrong tile count: a hand has 9 tiles here (8 now)"),
    (["score", "--game", "yokai-watch"] + ["yokai-01"] * 4 + ["yokai-02"] * 5,
     "too many Yokai 01: 4 in the hand"),
    (["score", "--game", "nogisaka"] + NOGI, "unknown game 'nogisaka' (did you mean: nogizaka?)"),
    (["score"] + NOGI, "the following arguments are required: --game"),
    (["score", "--game", "nogizaka", "--favourite", "rarin"] + NOGI, "Nogizaka Donjara has no favourite-member rule"),
    (["score", "--game", "cinderella-neo", "--players", "7"] + NORMAL, "2-4 players, got 7"),
    (["score", "--game", "cinderella-neo", "--local", "sp-z"] + NORMAL, "unknown local yaku 'sp-z'"),
    (["waits", "--game", "yokai-watch", "yokai-01"], "wrong tile count: a hand has 8 tiles here (1 now)"),
], ids=["misspelt-tile", "wrong-count", "too-many-copies", "unknown-game", "no-game", "no-favourite-rule",
        "players", "unknown-local-yaku", "waits-wrong-count"])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_malformed_game_file_exits_2_with_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("id = 'x'\nhand_size = [", encoding="utf-8")
    code, _, err = run(capsys, "score", "--game", str(bad), *NOGI)
    assert code == 2 and "bad.toml: not valid TOML" in err and err.count("\n") == 1


def test_waits_json_lists_each_completing_tile_with_points(capsys):
    code, out, _ = run(capsys, "waits", "--game", "nogizaka", "--json", *NOGI[:-1])
    data = json.loads(out)
    tiles = {w["tile"]: w for w in data["waits"]}
    assert code == 0 and set(tiles) == {"kotoko", "almighty-green", "almighty-god"}
    assert tiles["kotoko"]["points"] == 60 and tiles["kotoko"]["yaku"]["name"] == "基本セット"
    assert "chombo" in tiles["almighty-god"]["note"] and data["tiles_from_win"] == 1


def test_waits_text_for_a_hand_without_waits(capsys):
    code, out, _ = run(capsys, "waits", "--game", "yokai-watch",
                       *(["yokai-01", "yokai-01", "yokai-05", "yokai-02", "yokai-02", "yokai-09", "yokai-03", "yokai-03"]))
    assert code == 0 and out.strip() == "no waits: the hand is 3 tiles from a win"


def test_games_lists_the_four_games(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0 and [g["tiles"] for g in json.loads(out)] == [84, 81, 81, 136]


def test_games_lists_one_games_tiles(capsys):
    code, out, _ = run(capsys, "games", "yokai-watch", "--json")
    assert code == 0 and len(json.loads(out)["tiles"]) == 27


def test_console_script_exit_code_and_no_traceback():
    proc = subprocess.run([sys.executable, "-m", "tilelens.cli", "score", "--game", "cinderella-neo", "nobody"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "unknown tile 'nobody'" in proc.stderr


def test_riichi_game_is_handed_to_the_riichi_cli(capsys):
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "--riichi", "--json", "123m456p789s1122z", "2z")
    data = json.loads(out)
    assert code == 0 and data["game"] == "tokyo-mahjong" and all(y["han"] for y in data["yaku"])


def test_games_yaku_lists_the_table_with_local_and_default_marks(capsys):
    code, out, _ = run(capsys, "games", "cinderella-neo", "--yaku")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 13 and lines[0].startswith("  60 x10,000 fans  シンデレラガールズ")
    assert sum("[local: off by default]" in line for line in lines) == 3
    code, out, _ = run(capsys, "games", "yokai-watch", "--yaku", "--json")
    data = json.loads(out)
    assert data["yaku"][0]["default"] is True and data["house_defaults"] == ["tiles", "yaku"]


def test_games_yaku_lists_riichi_yaku_with_their_han(capsys):
    """It was "tokyo-mahjong is scored by the riichi engine; its yaku are not a table here"."""
    code, out, _ = run(capsys, "games", "tokyo-mahjong", "--yaku")
    rows = {line[32:]: line for line in out.splitlines()}  # two columns of 15 and a space each
    assert code == 0 and rows["混一色 (Honitsu (half flush))"].split()[:4] == ["3", "han", "2", "han"]
    assert rows["平和 (Pinfu (all sequences))"].split()[:3] == ["1", "han", "-"]
    code, out, _ = run(capsys, "games", "tokyo-mahjong", "--yaku", "--json")
    chinitsu = [y for y in json.loads(out)["yaku"] if y["name_ja"] == "清一色"]
    assert chinitsu == [{"id": 39, "name_ja": "清一色", "name_en": "Chinitsu (full flush)", "han_closed": 6,
                         "han_open": 5, "yakuman": 0}]


def test_local_all_enables_every_local_yaku_and_is_no_error_where_there_are_none(capsys):
    """The help offers `--local all`; it was "unknown local yaku 'all'" (and a game without local yaku said so)."""
    from test_cinderella_rules import KRONE_9

    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json", "--local", "all", "--",
                       *KRONE_9)
    assert code == 0 and json.loads(out)["yaku"][0]["name"] == "SPライブセットA"
    nogizaka = ["らりん"] * 3 + ["まりか"] * 3 + ["みなみ"] * 3
    assert run(capsys, "score", "--game", "nogizaka", "--riichi", "--local", "all", "--", *nogizaka)[0] == 0
