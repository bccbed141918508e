"""A photo of one game's tiles read as another game's: the reading says the tiles do not look like its game's."""
import json

import cv2
import pytest

from vision.recognizer import OTHER_GAME_BELOW, HandReading, ReadTile, Recognizer, looks_of_another_game

RIICHI = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
YOKAI = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]


def _reading(confidences, game="yokai-watch", tileset="", backs=0):
    tiles = [ReadTile((20.0 * i, 0, 20.0 * i + 18, 30), "yokai-01", {}, {"detection": 0.9, "kind": p}, False,
                      (("yokai-01", p),)) for i, p in enumerate(confidences)]
    tiles += [ReadTile((300.0, 0, 318, 30), "back", {}, {"detection": 0.9}, True)] * backs
    return HandReading(tiles, (400, 100), game, tileset)


def test_unsure_kinds_throughout_say_another_games_tiles_and_sure_ones_do_not():
    assert looks_of_another_game([0.5] * 9) and not looks_of_another_game([0.95] * 9)
    assert not looks_of_another_game([0.95] * 8 + [0.2])  # one unsure tile is a tile to check, not another game
    assert not looks_of_another_game([0.3] * 3) and not looks_of_another_game([])  # too few tiles to judge
    assert looks_of_another_game([OTHER_GAME_BELOW - 0.01] * 5) and not looks_of_another_game([OTHER_GAME_BELOW] * 5)
    assert _reading([0.4] * 9, backs=3).other_game and not _reading([0.97] * 9, backs=3).other_game
    assert not _reading([0.4] * 9, tileset="my-set").other_game  # an enrolled set's model: not measured
    assert not _reading([0.4] * 9, game="").other_game
    assert _reading([0.4] * 9).to_dict()["other_game"] is True
    assert _reading([0.4] * 9, tileset="my-set").to_dict()["other_game"] is None  # not judged: null


def _photo(game, tiles, seed=3):
    from vision.synth import render_hand

    return render_hand(game, tiles, seed=seed, effects=0.0).image


@pytest.fixture(scope="module")
def yokai():
    return Recognizer.load(game="yokai-watch")


def test_a_riichi_hand_read_as_yokai_watch_is_flagged_and_a_yokai_hand_is_not(yokai):
    riichi = yokai.read(_photo("tokyo-mahjong", RIICHI))
    assert len(riichi.kinds) >= 4 and riichi.other_game
    assert riichi.to_dict()["other_game"] is True
    own = yokai.read(_photo("yokai-watch", YOKAI))
    assert len(own.kinds) >= 4 and not own.other_game and own.to_dict()["other_game"] is False


def test_read_says_so_in_its_text_and_json(tmp_path, capsys):
    from tilelens.cli import main as tilelens

    riichi, own = tmp_path / "riichi.jpg", tmp_path / "yokai.jpg"
    cv2.imwrite(str(riichi), _photo("tokyo-mahjong", RIICHI))
    cv2.imwrite(str(own), _photo("yokai-watch", YOKAI))
    assert tilelens(["read", str(riichi), str(own), "--game", "yokai-watch"]) == 0
    text = capsys.readouterr().out
    warning = "these tiles do not look like yokai-watch's but like tokyo-mahjong's: is the game right? (read them with --game tokyo-mahjong)"
    assert text.count(warning) == 1 and text.index(warning) < text.index(str(own))
    assert tilelens(["read", str(riichi), str(own), "--game", "yokai-watch", "--json"]) == 0
    images = json.loads(capsys.readouterr().out)["images"]
    assert [i["other_game"] for i in images] == [True, False]
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"not a photo")
    assert tilelens(["read", str(bad), "--game", "yokai-watch", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["images"][0]["other_game"] is None
