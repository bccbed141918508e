"""Session 53's `tilelens score` leftovers: a riichi dealer's tsumo is one payment line, as the app says it ("each of
the others pays 4,000 points (4,000 points all)"), not three alike; the riichi headline names the winning tile as
people say it (白, "White dragon": the game file's names, as the app's winning-tile box shows them), not by its id
(5z); a wrong tile count is worded one way by the Donjara games and riichi (the app's words: "a hand has 9 tiles"),
in both languages; `--json` says which table scored the hand ("rules": the club's house table or the box's)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorer import catalog
from tilelens import cli

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
TOKYO = Path(catalog.GAMES_DIR) / "tokyo-mahjong.toml"
NOGI = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
RIICHI = ["--game", "tokyo-mahjong", "234m456p678s22z555z"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    for key in ("TILELENS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def run(capsys, monkeypatch, lang: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 2. a dealer's tsumo: one payment line ----------------------------------------------------------------------

@pytest.mark.parametrize("lang,line", [
    ("en", "  each of the others pays 1,000 points (1,000 points all)"),
    ("ja", "  子がそれぞれ1,000点払う (1,000点オール)")])
def test_a_dealer_s_tsumo_is_one_payment_line(home, capsys, monkeypatch, lang, line):
    code, out, _ = run(capsys, monkeypatch, lang, "score", *RIICHI, "--win-tile", "8s", "--win", "tsumo",
                       "--seat", "east")
    assert code == 0 and line in out.splitlines(), out
    assert not re.search(r"(south|west|north) pays|[南西北]が", out), out


@pytest.mark.parametrize("lang,line", [
    ("en", "  each of the others pays 1,200 points (1,200 points all) (incl. 200 for 2 honba)"),
    ("ja", "  子がそれぞれ1,200点払う (1,200点オール) (2本場分 200点を含む)")])
def test_the_one_line_keeps_the_honba_note(home, capsys, monkeypatch, lang, line):
    code, out, _ = run(capsys, monkeypatch, lang, "score", *RIICHI, "--win-tile", "8s", "--win", "tsumo",
                       "--seat", "east", "--honba", "2")
    assert code == 0 and line in out.splitlines(), out


def test_a_three_player_dealer_s_tsumo_is_one_line_too(home, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "en", "score", *RIICHI, "--win-tile", "8s", "--win", "tsumo",
                       "--seat", "east", "--players", "3")
    assert code == 0 and "  each of the others pays 1,000 points (1,000 points all)" in out.splitlines(), out


def test_a_non_dealer_s_tsumo_still_says_who_pays_what(home, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "en", "score", *RIICHI, "--win-tile", "8s", "--win", "tsumo")
    lines = out.splitlines()
    assert code == 0 and "  east (dealer) pays 1,300 points" in lines and "  west pays 700 points" in lines, out
    assert "each of the others" not in out


# --- 3. the headline names the tile ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,tile,head", [
    ("en", "5z", "Tokyo Mahjong (riichi): ron on White dragon (seat south, round east)"),
    ("ja", "5z", "東京麻雀: 白でロン (自風 南、場風 東)"),
    ("en", "4m", "Tokyo Mahjong (riichi): ron on 4 Man (seat south, round east)"),
    ("ja", "4m", "東京麻雀: 四萬でロン (自風 南、場風 東)")])
def test_the_headline_names_the_winning_tile(home, capsys, monkeypatch, lang, tile, head):
    code, out, _ = run(capsys, monkeypatch, lang, "score", "--game", "tokyo-mahjong", "234m456p678s22z555z",
                       "--win-tile", tile, "--win", "ron")
    assert code == 0 and out.splitlines()[0] == head, out


def test_a_red_five_is_named_red(home, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "ja", "score", "--game", "tokyo-mahjong", "234m406p678s22z555z",
                       "--win-tile", "0p", "--win", "tsumo")
    assert code == 0 and out.splitlines()[0].startswith("東京麻雀: 赤五筒でツモ"), out


def test_the_headline_without_a_game_keeps_the_id():
    from scorer.riichi import score
    from scorer.riichi_cli import format_result

    result = score("tokyo-mahjong", "234m456p678s22z555z", win_tile="5z", win="ron")
    assert format_result(result).splitlines()[0].endswith("ron on 5z (seat south, round east)")


# --- 4. one wording of a wrong tile count ------------------------------------------------------------------------

COUNT = {"en": r"wrong tile count: a hand has (\d+) tiles here \((\d+) now(; a kan counts 3)?\)",
         "ja": r"牌の枚数が違います: 手牌は(\d+)枚にしてください \(いま (\d+)枚(。カンは3枚と数えます)?\)"}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("argv,need,have", [
    (["score", "--game", "nogizaka", "rarin", "rarin", "rarin", "miona"], 9, 4),
    (["waits", "--game", "nogizaka", "rarin", "rarin", "rarin", "miona"], 8, 4),
    (["score", "--game", "tokyo-mahjong", "234m456p678s22z55z"], 14, 13),
    (["waits", "--game", "tokyo-mahjong", "234m456p678s22z555z"], 13, 14)], ids=lambda v: str(v))
def test_a_wrong_tile_count_is_worded_one_way(home, capsys, monkeypatch, lang, argv, need, have):
    code, out, err = run(capsys, monkeypatch, lang, *argv)
    said = err.removeprefix(f"tilelens {argv[0]}: ").rstrip("\n")
    found = re.match(COUNT[lang], said)
    assert code == 2 and out == "" and found, err
    assert (int(found[1]), int(found[2])) == (need, have)
    assert bool(found[3]) is (argv[2] == "tokyo-mahjong")  # a riichi hand's melds count 3 each, a kan too


@pytest.mark.parametrize("lang,said", [
    ("en", "wrong tile count: beside the melds, the concealed hand has 11 tiles here (13 now; a kan counts 3)"),
    ("ja", "牌の枚数が違います: 鳴きのほかに手の内の牌を11枚にしてください (いま 13枚。カンは3枚と数えます)")])
def test_with_melds_the_concealed_tiles_are_counted_as_the_app_counts_them(home, capsys, monkeypatch, lang, said):
    code, _, err = run(capsys, monkeypatch, lang, "score", "--game", "tokyo-mahjong", "234m456p678s22z55z",
                       "--melds", "pon:777z")
    assert code == 2 and err == f"tilelens score: {said}\n", err


def test_the_kan_hint_still_follows_the_count(home, capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "en", "score", "--game", "tokyo-mahjong", "234m456p678s22z5555z")
    assert code == 2 and err.startswith("tilelens score: wrong tile count: a hand has 14 tiles here (15 now; ")
    assert "--melds ankan:5555z" in err and err.count("\n") == 1, err


# --- 5. --json says which table scored the hand ------------------------------------------------------------------

def edit(home: Path, source: Path, game_id: str, change: tuple[str, str] = ("", "")) -> Path:
    folder = home / "games" / game_id
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "0123abcd.toml"
    path.write_text(source.read_text(encoding="utf-8").replace(*change), encoding="utf-8")
    return path


def rules(capsys, monkeypatch, *argv: str) -> dict:
    code, out, _ = run(capsys, monkeypatch, "en", "score", "--json", *argv)
    assert code == 0, out
    return json.loads(out)["rules"]


def test_json_names_the_shipped_table(home, capsys, monkeypatch):
    assert rules(capsys, monkeypatch, "--game", "nogizaka", "--riichi", *NOGI) == {"table": "shipped",
                                                                                   "path": str(NOGIZAKA)}
    assert rules(capsys, monkeypatch, *RIICHI) == {"table": "shipped", "path": str(TOKYO)}


def test_json_names_the_house_table_and_shipped_rules_the_box_s(home, capsys, monkeypatch):
    nogi = edit(home, NOGIZAKA, "nogizaka", ("points = 60\n", "points = 70\n"))
    tokyo = edit(home, TOKYO, "tokyo-mahjong")
    assert rules(capsys, monkeypatch, "--game", "nogizaka", "--riichi", *NOGI) == {"table": "house", "path": str(nogi)}
    assert rules(capsys, monkeypatch, *RIICHI) == {"table": "house", "path": str(tokyo)}
    assert rules(capsys, monkeypatch, "--shipped-rules", "--game", "nogizaka", "--riichi", *NOGI)["table"] == "shipped"
    assert rules(capsys, monkeypatch, *RIICHI, "--shipped-rules") == {"table": "shipped", "path": str(TOKYO)}


def test_json_names_a_game_file_and_a_game_added_in_the_app(home, capsys, monkeypatch, tmp_path):
    own = tmp_path / "club.toml"
    own.write_text(NOGIZAKA.read_text(encoding="utf-8"), encoding="utf-8")
    assert rules(capsys, monkeypatch, "--game", str(own), "--riichi", *NOGI) == {"table": "file", "path": str(own)}
    added = home / "games" / "_added" / "club-nogi.toml"
    added.parent.mkdir(parents=True)
    added.write_text(NOGIZAKA.read_text(encoding="utf-8").replace('id = "nogizaka"', 'id = "club-nogi"', 1),
                     encoding="utf-8")
    assert rules(capsys, monkeypatch, "--game", "club-nogi", "--riichi", *NOGI) == {"table": "added",
                                                                                    "path": str(added)}
