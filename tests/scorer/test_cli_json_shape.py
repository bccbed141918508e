"""One ``--json`` shape for every game: a script that scores hands of all four games (a bot scoring hands
players post, a spreadsheet import) reads the same top-level keys, printed the same way, and the same exit
statuses. Riichi printed indented JSON with its details at the top level, the Donjara games one line with
theirs under ``extra``."""
import json

import pytest

from tilelens.cli import main

NORMAL = ["shibuya-rin", "島村卯月", "honda-mio", "kohinata-miho", "sakurai-momoka", "seki-hiromi",
          "kawashima-mizuki", "nitta-minami", "takagaki-kaede"]
NOGI = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]
YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3
YOKAI_NO_YAKU = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-04", "yokai-05"]

WINS = {
    "cinderella-neo": ["--riichi", *NORMAL],
    "nogizaka": ["--riichi", *NOGI],
    "yokai-watch": ["--riichi", *YOKAI_WIN],
    "tokyo-mahjong": ["234m456p789s11z555z", "--riichi"],
}
NOT_WINS = {  # a hand scored that does not win: an answer, not an error
    "cinderella-neo": NORMAL,  # no riichi declared
    "nogizaka": NOGI,
    "yokai-watch": ["--riichi", *YOKAI_NO_YAKU],  # no yaku
    "tokyo-mahjong": ["123m456p789s234s59p"],  # one tile from a win
}
# What every game's result has, at the top level, whatever the engine.
COMMON = {"game", "engine", "winning", "win", "yaku", "value", "points", "payments", "pot", "reason", "reason_ja",
          "chombo", "penalty", "decomposition", "extra"}
ENGINES = {"cinderella-neo": "donjara", "nogizaka": "donjara", "yokai-watch": "donjara", "tokyo-mahjong": "riichi"}


def _score(capsys, game, argv):
    code = main(["score", "--game", game, "--json", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", list(WINS))
@pytest.mark.parametrize("hands", [WINS, NOT_WINS], ids=["win", "not-a-win"])
def test_every_game_prints_one_line_with_the_same_top_level_keys(capsys, game, hands):
    code, out, err = _score(capsys, game, hands[game])
    assert code == 0 and err == ""
    assert out.endswith("\n") and out.count("\n") == 1, "one JSON document on one line"
    d = json.loads(out)
    assert COMMON <= set(d), COMMON - set(d)
    assert d["game"] == game and d["engine"] == ENGINES[game] and d["win"] in ("tsumo", "ron")
    assert d["winning"] is (hands is WINS) and isinstance(d["extra"], dict)
    assert (d["reason"] is None) is (hands is WINS)
    for y in d["yaku"]:
        assert set(y) == {"name", "name_en", "points", "han"}
    for p in d["payments"]:
        assert set(p) == {"payer", "amount", "note"}
    if hands is WINS:
        assert d["points"] == sum(p["amount"] for p in d["payments"]) > 0 and d["value"] > 0


def test_riichi_keeps_its_details_at_the_top_and_has_them_in_extra_too(capsys):
    """Added, not moved: readers of ``han``/``fu``/``seat`` at the top level still find them."""
    _, out, _ = _score(capsys, "tokyo-mahjong", WINS["tokyo-mahjong"])
    d = json.loads(out)
    for key in ("han", "fu", "seat", "win_tile", "fu_details", "dora", "total_received"):
        assert d[key] == d["extra"][key], key
    assert d["win"] == d["extra"]["win"]


def test_donjara_keeps_extra_and_says_how_the_hand_was_won(capsys):
    _, out, _ = _score(capsys, "cinderella-neo", ["--win", "ron", *WINS["cinderella-neo"]])
    d = json.loads(out)
    assert d["win"] == "ron" == d["extra"]["win"] and d["extra"]["yaku_id"] == "normal-live-unit"
    _, out, _ = _score(capsys, "yokai-watch", NOT_WINS["yokai-watch"])  # no yaku: extra is empty, win is not
    assert json.loads(out)["win"] == "tsumo"


@pytest.mark.parametrize("game, argv", [
    ("nogizaka", NOGI[:-1]),
    ("tokyo-mahjong", ["2345678m123p567s"]),
], ids=["donjara", "riichi"])
def test_waits_json_is_one_line_with_game_and_engine(capsys, game, argv):
    assert main(["waits", "--game", game, "--json", *argv]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    d = json.loads(out)
    assert d["game"] == game and d["engine"] == ENGINES[game] and d["tiles_from_win"] == 1 and d["waits"]


@pytest.mark.parametrize("game", ["nogizaka", "tokyo-mahjong"])
def test_json_keeps_japanese_as_written_and_is_utf8(capsys, game):
    """``ensure_ascii=False`` everywhere: names read as written (not ``\\u5f79``), and still valid JSON."""
    _, out, _ = _score(capsys, game, WINS[game])
    assert "\\u" not in out and json.loads(out)["yaku"][0]["name"] in out
    out.encode("utf-8")


@pytest.mark.parametrize("game", ["cinderella-neo", "tokyo-mahjong"])
def test_help_documents_the_exit_statuses_and_the_json_shape(capsys, game):
    with pytest.raises(SystemExit) as done:
        main(["score", "--game", game, "--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0" in text.lower() and "2 " in text and "not win" in text
    for key in ("winning", "engine", "payments", "extra"):
        assert f'"{key}"' in text, key
