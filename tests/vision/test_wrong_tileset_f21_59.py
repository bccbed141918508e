"""Session 59 (F21, from a newcomer's walk W5): a Donjara photo read with a tile set of mahjong tiles
(``tilelens read hand.jpg --tileset hk-mahjong``) counted its unsure tiles twice over ("6 of 6 tiles ... low
confidence", then nine tiles named, the three left out as flowers among them) and never said the tiles do not look
like the set's, as ``--game`` does (``HandReading.other_game``); and ``tilelens synth`` stopped by `timeout` left
Python's resource tracker's "leaked semaphore objects" warning on the terminal, which ``tilelens check`` avoids."""
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from tilelens.cli import main as tilelens
from vision.recognizer import HandReading, ReadTile

# the README quick start's photo: no photo? render one
HAND = "rarin rarin rarin marika marika marika minami minami minami".split()


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    import cv2

    from vision.synth import render_hand

    path = tmp_path_factory.mktemp("f21") / "hand.jpg"
    cv2.imwrite(str(path), render_hand("nogizaka", HAND, seed=0).image)
    return str(path)


def _reading(p: float, tileset: str = "hk-mahjong", game: str = "", **kw) -> HandReading:
    tiles = [ReadTile((60.0 * i, 0.0, 60.0 * i + 50, 70.0), "1s", {}, {"detection": 0.9, "kind": p})
             for i in range(9)]
    return HandReading(tiles, (640, 480), game, tileset, **kw)


def test_a_tile_sets_reading_of_unsure_tiles_throughout_looks_of_another_set():
    assert _reading(0.4).other_set and not _reading(0.97).other_set
    assert not _reading(0.4, tileset="").other_set  # a game's reading: ``other_game`` says it
    assert not _reading(0.4, colours_unsure=True).other_set  # the colour note says why
    assert not _reading(0.4).other_game  # as before: the game's flag is the game's
    assert _reading(0.4).to_dict()["other_tileset"] is True
    assert _reading(0.4, tileset="", game="nogizaka").to_dict()["other_tileset"] is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_donjara_photo_read_with_a_mahjong_set_counts_its_unsure_tiles_once_and_asks_for_the_set(
        photo, lang, monkeypatch, capsys):
    monkeypatch.setenv("TILELENS_LANG", lang)
    assert tilelens(["read", photo, "--tileset", "hk-mahjong"]) == 0
    out = capsys.readouterr().out
    many = re.search(r"(\d+) of (\d+) tiles were read with low confidence" if lang == "en"
                     else r"(\d+)枚中(\d+)枚の牌の信頼度が低く", out)
    named = re.search(r"to check in the photo: (.*)" if lang == "en" else r"写真で確かめてください: (.*)", out)
    assert many and named, out
    total, unsure = (int(many[2]), int(many[1])) if lang == "en" else (int(many[1]), int(many[2]))
    listed = re.findall(r"tile \d+ " if lang == "en" else r"\d+枚目", named[1])
    assert len(listed) == unsure <= total, out  # the tiles counted are the tiles named
    left = re.search(r"left out, not tokyo-mahjong's tiles: ([^)]*)\)" if lang == "en" else r"外しました: ([^)]*)\)",
                     out)
    assert left, out  # the flowers read: left out of the hand, said once, where the kinds are
    assert not {k for k in left[1].split() if k in named[1]}, out
    if lang == "en":
        assert "do these tiles belong to hk-mahjong?" in out, out
        assert "is the game right?" not in out
    else:
        assert "牌セット「hk-mahjong」の牌ですか?" in out, out


def test_read_json_says_the_set_flag_and_the_game_reading_keeps_its_own(photo, capsys):
    assert tilelens(["read", photo, "--tileset", "hk-mahjong", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["images"][0]
    assert entry["other_tileset"] is True and entry["other_game"] is None
    assert tilelens(["read", photo, "--game", "nogizaka", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["images"][0]
    assert entry["other_tileset"] is None and entry["other_game"] is False


@pytest.mark.skipif(sys.platform == "win32", reason="a process group's SIGTERM, as `timeout` sends it")
def test_synth_stopped_by_timeout_leaves_no_word_of_the_resource_tracker(tmp_path):
    out = tmp_path / "big"
    env = dict(os.environ, YOLO_OFFLINE="1")
    run = subprocess.Popen([sys.executable, "-m", "tilelens.cli", "synth", "--game", "nogizaka", "--count", "5000",
                            "--workers", "2", "--out", str(out)], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, start_new_session=True, env=env)
    try:
        start = time.monotonic()
        while time.monotonic() - start < 90 and len(list((out / "images" / "train").glob("*.jpg"))) < 4:
            time.sleep(0.2)
        assert run.poll() is None, run.communicate()[1]
        os.killpg(run.pid, signal.SIGTERM)  # as `timeout` stops a command: its whole group
        err = run.communicate(timeout=60)[1]  # the tracker holds standard error until it has cleaned up
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert "leaked semaphore" not in err and "resource_tracker" not in err, err
