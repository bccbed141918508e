"""Session 66, F3 (walk W12): a photo of another game's tiles read surely with a game's classifier is said on the single
photo paths (``tilelens read --game``, the Score-a-photo page) as the event check says it: another game's classifier
reads the same boxes surer by ``vision.other_game.LIKELIER_BY`` (``HandReading.looks_like``, ``other_game``).

A Yokai Watch hand read as Nogizaka read at 0.53-0.87 (2 of 7 under ``OTHER_GAME_BELOW``), with no warning, and
"Add this photo" offered to teach a Nogizaka dataset Yokai faces. A fake classifier (a mean given per game) stands in
for the models but in the last test, which reads a rendered Yokai Watch hand with the committed models.
"""
from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

import vision.other_game as other_game
from vision.other_game import LIKELIER_BY, judged, likeliest_other_game
from vision.recognizer import OTHER_GAME_BELOW, HandReading, ReadTile, Recognizer, default_models_dir

MODELS = default_models_dir()


def _tiles(n: int = 8, sure: float = 0.86, px: float = 50.0, glare: bool = False) -> list[ReadTile]:
    conf = {"detection": 0.9, "kind": sure, **({"glare": 0.5} if glare else {})}
    return [ReadTile((60.0 * i, 0.0, 60.0 * i + px, px * 1.5), "rarin", {}, dict(conf)) for i in range(n)]


def _reading(n: int = 8, sure: float = 0.86, game: str = "nogizaka", tileset: str = "", **kw) -> HandReading:
    return HandReading(_tiles(n, sure, **kw), (640, 480), game, tileset, tile_px=50.0)


@pytest.fixture
def others_read_at(monkeypatch, tmp_path):
    """Each other game's classifier reads every box at ``means[game]`` (a folder of empty classifier files, loaded as
    fakes); ``asked`` counts the boxes each was asked about."""
    means: dict[str, float] = {}
    asked: dict[str, int] = {}
    for game in ("cinderella-neo", "nogizaka", "tokyo-mahjong", "yokai-watch"):
        (tmp_path / f"classifier-{game}.onnx").write_bytes(b"")

    def load(path, threads=None):
        game = path.stem.removeprefix("classifier-")

        def classify(image, xyxy):
            asked[game] = asked.get(game, 0) + len(xyxy)
            return [SimpleNamespace(confidence={"kind": means.get(game, 0.2)}) for _ in xyxy]
        return SimpleNamespace(classify=classify)

    monkeypatch.setattr(other_game, "_load", load)
    monkeypatch.setattr(other_game, "_LOADED", {})
    return SimpleNamespace(means=means, asked=asked, root=tmp_path)


IMG = np.zeros((480, 640, 3), np.uint8)


@pytest.mark.parametrize("gap, said", [(0.022, ""), (0.04, ""), (LIKELIER_BY + 0.005, "yokai-watch"),
                                       (0.12, "yokai-watch")])
def test_a_photo_read_surer_as_another_game_by_the_margin_looks_like_it(others_read_at, gap, said):
    others_read_at.means["yokai-watch"] = 0.86 + gap  # a hair surer is no other game: own photos measure up to +0.04
    out = judged(IMG, _reading(sure=0.86), others_read_at.root)
    assert out.looks_like == said and out.other_game is bool(said)
    assert out.to_dict()["looks_like"] == (said or None) and out.to_dict()["other_game"] is bool(said)


def test_the_margin_is_the_event_checks_lone_seat_margin():
    from tilelens.event.rules import LIKELIER_MARGIN, LONE_LIKELIER_GAP

    assert LIKELIER_BY == pytest.approx(LIKELIER_MARGIN + LONE_LIKELIER_GAP)  # one photo: a seat alone


def test_a_photo_flagged_already_is_named_by_the_surest_game_read_as_sure_as_its_own(others_read_at):
    others_read_at.means.update({"yokai-watch": 0.80, "tokyo-mahjong": 0.75})
    out = judged(IMG, _reading(sure=0.55), others_read_at.root)
    assert out.other_game and out.looks_like == "yokai-watch"
    others_read_at.means.update({"yokai-watch": 0.60, "tokyo-mahjong": 0.65})  # none read as surely as own tiles are
    out = judged(IMG, _reading(sure=0.55), others_read_at.root)
    assert out.other_game and out.looks_like == ""


@pytest.mark.parametrize("reading", [
    _reading(n=3),  # too few face-up tiles to judge
    _reading(px=20.0),  # too small to read surely
    _reading(game="", tileset="hk-mahjong"),  # a tile set's reading: ``other_set`` judges it
    replace(_reading(), colours_unsure=True),  # the colours are lost: the note says why
    _reading(glare=True),  # faces washed out say nothing of their game
], ids=["three-tiles", "small", "tileset", "colours-lost", "glare"])
def test_what_cannot_be_judged_asks_no_classifier(others_read_at, reading):
    others_read_at.means["yokai-watch"] = 0.99
    out = judged(IMG, reading, others_read_at.root)
    assert out.looks_like == "" and others_read_at.asked == {}


def test_the_own_games_classifier_is_never_asked(others_read_at):
    others_read_at.means["nogizaka"] = 0.99
    assert judged(IMG, _reading(game="nogizaka"), others_read_at.root).looks_like == ""
    assert "nogizaka" not in others_read_at.asked and set(others_read_at.asked) == {"cinderella-neo", "tokyo-mahjong",
                                                                                   "yokai-watch"}


def test_each_classifier_is_loaded_once_a_process(others_read_at, monkeypatch):
    loads = []
    fake = other_game._load
    monkeypatch.setattr(other_game, "_load", lambda path, threads=None: loads.append(path) or fake(path, threads))
    for _ in range(3):
        judged(IMG, _reading(), others_read_at.root)
    assert len(loads) == 3 and len(set(loads)) == 3  # three other games, once each


def test_the_core_keeps_the_event_checks_rule(others_read_at):
    """``tilelens check`` asks the same core (``reading._likeliest_other_game``): surest at ``OTHER_GAME_BELOW`` or
    more and past ``than``, every game but the reader's own; a tie goes to the later game by name, as before."""
    boxes = np.array([[0, 0, 50, 75]] * 5, np.float64)
    others_read_at.means.update({"yokai-watch": 0.80, "tokyo-mahjong": 0.80})
    assert likeliest_other_game(IMG, boxes, "nogizaka", others_read_at.root) == "yokai-watch"
    assert likeliest_other_game(IMG, boxes, "nogizaka", others_read_at.root, than=0.80) == ""
    others_read_at.means.update({"yokai-watch": OTHER_GAME_BELOW - 0.01, "tokyo-mahjong": 0.1})
    assert likeliest_other_game(IMG, boxes, "nogizaka", others_read_at.root) == ""


def test_a_recognizer_asks_only_where_told(others_read_at):
    """The recognizer's own readings ask nothing (``tilelens eval``'s latency, the event check's readings and
    ``label init`` unchanged); ``asking_other_games`` is a copy sharing the models, whose readings of a game do."""
    rec = Recognizer(detector=None, classifier=SimpleNamespace(path=MODELS / "classifier-nogizaka.onnx"),
                     game="nogizaka")
    asking = rec.asking_other_games(others_read_at.root)
    assert rec.others_from is None and asking.others_from == others_read_at.root and asking.classifier is rec.classifier
    others_read_at.means["yokai-watch"] = 0.99
    assert rec._others_asked(IMG, _reading()).looks_like == ""
    assert asking._others_asked(IMG, _reading()).looks_like == "yokai-watch"
    # a tile set's reading (its recognizer's carry its name): ``judged`` asks none
    assert replace(asking, tileset="hk-mahjong")._others_asked(IMG, _reading(tileset="hk-mahjong")).looks_like == ""


# --- tilelens read ------------------------------------------------------------------------------------------------

def _said(tmp_path, monkeypatch, capsys, reading, *flags):
    import vision.recognizer as recognizer
    from tilelens.cli import main as tilelens

    monkeypatch.setenv("TILELENS_LANG", "en")
    fake = SimpleNamespace(read=lambda img, source=None: reading, read_turned=lambda img, q: reading, game="nogizaka",
                           tileset="", largest_hand=9, taught_for=(), classifier=None)
    monkeypatch.setattr(recognizer.Recognizer, "load", staticmethod(lambda **kw: fake))
    path = tmp_path / "yokai.jpg"
    cv2.imwrite(str(path), np.full((480, 640, 3), 120, np.uint8))
    assert tilelens(["read", str(path), "--game", "nogizaka", *flags]) == 0
    return capsys.readouterr()


def test_read_names_the_game_the_tiles_look_like(tmp_path, monkeypatch, capsys):
    reading = replace(_reading(sure=0.86), looks_like="yokai-watch")
    out = _said(tmp_path, monkeypatch, capsys, reading).out
    assert "these tiles do not look like nogizaka's but like yokai-watch's: is the game right? (read them with " \
           "--game yokai-watch)" in out, out
    entry = json.loads(_said(tmp_path, monkeypatch, capsys, reading, "--json").out)["images"][0]
    assert entry["other_game"] is True and entry["looks_like"] == "yokai-watch"
    err = _said(tmp_path, monkeypatch, capsys, reading, "--kinds").err
    assert "but like yokai-watch's" in err, err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    from vision.read_cli import format_reading

    ja = format_reading("yokai.jpg", reading, (), "ja", "nogizaka")
    assert "この写真の牌は「乃木坂ドンジャラ」の牌に見えません。「妖怪ウォッチ ドンジャラ」の牌に見えます" in ja, ja


def test_read_without_a_name_says_as_before_and_json_says_null(tmp_path, monkeypatch, capsys):
    out = _said(tmp_path, monkeypatch, capsys, _reading(sure=0.5)).out
    assert "these tiles do not look like nogizaka's: is the game right? (a tile set never seen" in out, out
    entry = json.loads(_said(tmp_path, monkeypatch, capsys, _reading(sure=0.95), "--json").out)["images"][0]
    assert entry["other_game"] is False and entry["looks_like"] is None


def test_read_asks_the_other_games_with_a_game_not_with_a_tileset(monkeypatch):
    from vision.read_cli import asking_others

    rec = Recognizer(detector=None, classifier=None, game="nogizaka")
    assert asking_others(rec, "").others_from == MODELS
    assert asking_others(rec, "/x").others_from.as_posix() == "/x"
    assert asking_others(replace(rec, tileset="hk-mahjong"), "").others_from is None
    fake = SimpleNamespace(game="nogizaka", tileset="")
    assert asking_others(fake, "") is fake  # a stand-in reader is read as it is


# --- with the committed models ------------------------------------------------------------------------------------

needs_models = pytest.mark.skipif(
    not all((MODELS / f).is_file() for f in ("detector.onnx", "classifier-nogizaka.onnx",
                                              "classifier-yokai-watch.onnx")), reason="committed models missing")


@needs_models
def test_a_rendered_yokai_watch_hand_read_surely_as_nogizaka_looks_like_yokai_watch():
    from vision.synth import render_hand

    hand = "yokai-01 yokai-02 yokai-03 yokai-04 yokai-05 yokai-06 yokai-07 yokai-08 yokai-09".split()
    image = render_hand("yokai-watch", hand, seed=7).image
    rec = Recognizer.load(game="nogizaka")
    plain = rec.read(image)  # read at a mean 0.76 as Nogizaka: over OTHER_GAME_BELOW, so not flagged by it
    assert len(plain.kinds) >= 4 and not plain.other_game and plain.looks_like == ""
    reading = rec.asking_other_games().read(image)
    assert reading.other_game and reading.looks_like == "yokai-watch" and reading.kinds == plain.kinds
    own = Recognizer.load(game="yokai-watch").asking_other_games().read(image)
    assert len(own.kinds) >= 4 and not own.other_game and own.looks_like == ""
