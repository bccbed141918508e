"""Session 60 (F4): a copy of another seat's photo turned round (half round; a quarter either way where the reader's
boxes allow) is a near copy, said to be turned; two different hands are not one photo for it."""
from __future__ import annotations

import dataclasses
import functools
import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))
from test_event_support import CLEAN, write_table as _write_table  # noqa: E402

from scorer import load_game  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import check_event  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.copies import (TILE_NEAR, _bits, _half_turned, looks_alike, near_copies_within,  # noqa: E402
                                   photo_look, turned_distance)
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import SeatReading, TileRef  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402
from vision.recognizer import default_models_dir  # noqa: E402
from vision.synth import render_hand  # noqa: E402

needs_models = pytest.mark.skipif(
    not all((default_models_dir() / f).is_file() for f in ("detector.onnx", "classifier-nogizaka.onnx")),
    reason="committed models missing")
SEED = 40  # test_event_48's: the committed models read CLEAN's renders exactly


def _jpeg(image: np.ndarray, quality: int = 92) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1].tobytes()


def _decoded(data: bytes) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)


def _messaging_app(image: np.ndarray) -> bytes:
    h, w = image.shape[:2]
    return _jpeg(cv2.resize(image, (int(w * 0.7), int(h * 0.7)), interpolation=cv2.INTER_AREA), 70)


def _turned(image: np.ndarray, quarters: int) -> np.ndarray:
    return np.ascontiguousarray(np.rot90(image, quarters))


def _turned_box(box, quarters: int, wh: tuple[int, int]):
    """A box of a photo ``wh`` in the photo turned ``quarters`` quarter turns anticlockwise (``np.rot90``)."""
    (x1, y1, x2, y2), (w, h) = box, wh
    return {1: (y1, w - x2, y2, w - x1), 2: (w - x2, h - y2, w - x1, h - y1), 3: (h - y2, x1, h - y1, x2)}[quarters]


def _seat(seat: str, image: np.ndarray, boxes, kinds) -> SeatReading:
    h, w = image.shape[:2]
    tiles = tuple(TileRef(seat, i, k, tuple(float(v) for v in b), 0.99) for i, (k, b) in enumerate(zip(kinds, boxes)))
    reading = SeatReading(seat, f"seat{seat}.jpg", tiles, (w, h))
    return dataclasses.replace(reading, look=photo_look(image, reading))


# --- the look, on the renderer's own boxes (no model) -------------------------------------------------------------

@pytest.mark.parametrize("layout", ["flat", "rack"])
def test_a_copy_turned_any_quarter_looks_like_the_photo_and_is_said_turned(layout):
    scene = render_hand("nogizaka", CLEAN["2"], seed=SEED + 2, layout=layout, imgsz=640)
    tiles = [t for t in scene.tiles if t.in_hand]
    kinds, boxes = [t.tile_id for t in tiles], [t.xyxy for t in tiles]
    h, w = scene.image.shape[:2]
    one = _seat("2", _decoded(_jpeg(scene.image)), boxes, kinds)
    for quarters in (1, 2, 3):
        image = _decoded(_messaging_app(_turned(scene.image, quarters)))
        turned = [tuple(v * 0.7 for v in _turned_box(b, quarters, (w, h))) for b in boxes]
        # a turned photo read from its other end (its tiles backwards) or not: one photo either way
        for order in (1, -1):
            copy = _seat("4", image, turned[::order], kinds[::order])
            d = looks_alike(one, copy)
            assert d is not None and d <= TILE_NEAR, (quarters, order, turned_distance(one, copy))
        (near,) = near_copies_within([one, _seat("4", image, turned, kinds)])
        assert near.seats == ("2", "4") and "only turned, resized, recompressed or a little cropped" in near.message
        assert "向き・大きさ・圧縮・わずかな切り抜きのほかは同じ" in near.message_ja


@pytest.mark.parametrize("layout", ["flat", "rack"])
def test_different_hands_on_one_cloth_are_no_nearer_turned_than_as_they_lie(layout):
    """Different hands rendered on one cloth, camera and light (only the faces differ): turning one half round or
    reading it backwards brings it no nearer (22-38 bits a tile measured, as they lie 8-19), and two hands read as
    different tiles are never one photo, turned or not."""
    renders = {s: render_hand("nogizaka", CLEAN[s], seed=SEED + 2, layout=layout, imgsz=640) for s in ("2", "3", "4")}
    seats = {s: _seat(s, r.image, [t.xyxy for t in r.tiles if t.in_hand], [t.tile_id for t in r.tiles if t.in_hand])
             for s, r in renders.items()}
    for a, b in (("2", "3"), ("2", "4"), ("3", "4")):
        assert looks_alike(seats[a], seats[b]) is None and not near_copies_within([seats[a], seats[b]])
        mine, theirs = _bits(seats[a].look), _bits(seats[b].look)
        n = len(mine)
        for other in (_half_turned(theirs), theirs[::-1], _half_turned(theirs[::-1])):
            assert float((mine != other).sum()) / n > TILE_NEAR, (a, b)
    # the same hands read the same (a reader's misreads taken away): still none turned
    for a, b in (("2", "3"), ("3", "4")):
        same_kinds = dataclasses.replace(seats[b], tiles=tuple(dataclasses.replace(t, kind=s.kind)
                                                              for s, t in zip(seats[a].tiles, seats[b].tiles)))
        found = turned_distance(seats[a], same_kinds)
        assert found is None or not found[1] or found[0] > TILE_NEAR


# --- with the committed models ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def photos() -> dict[str, np.ndarray]:
    return {seat: render_hand("nogizaka", hand, seed=SEED + int(seat), layout="flat", imgsz=640).image
            for seat, hand in CLEAN.items()}


@pytest.fixture(scope="module")
def reader():
    from tilelens.event.reading import recognizer_reader

    return recognizer_reader("nogizaka")


@needs_models
def test_a_seat_photo_turned_half_round_and_sent_on_is_a_near_copy_at_its_table(tmp_path, photos, reader):
    files = {s: _jpeg(photos[s]) for s in CLEAN}
    files["4"] = _messaging_app(_turned(photos["2"], 2))  # seat 2's photo, upside down, through a messaging app
    table = read_table_folder(_write_table(tmp_path / "table-01", files))
    report, _ = check_table(table, load_game("nogizaka"), reader, looks=True)
    (near,) = [f for f in report.findings if f.kind == "near-copy"]
    assert near.seats == ("2", "4") and "only turned, resized" in near.message and report.verdict == "fault"
    assert near.data["distance"] <= TILE_NEAR
    clean, _ = check_table(read_table_folder(_write_table(tmp_path / "table-02", {s: _jpeg(photos[s]) for s in CLEAN})),
                           load_game("nogizaka"), reader, looks=True)
    assert not [f for f in clean.findings if f.kind == "near-copy"]  # four real different hands: none


@needs_models
def test_a_photo_of_another_table_turned_half_round_is_said_at_both_tables(tmp_path, photos, reader, monkeypatch,
                                                                           capsys):
    ev = tmp_path / "ev"
    _write_table(ev / "table-01", {s: _jpeg(photos[s]) for s in CLEAN})
    other = {s: _jpeg(render_hand("nogizaka", CLEAN[s], seed=SEED + 10 + int(s), layout="flat", imgsz=640).image)
             for s in ("1", "2", "4")}
    _write_table(ev / "table-02", {**other, "3": _jpeg(_turned(photos["3"], 2), 80)})
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    capsys.readouterr()
    for table, other_table in (("table-01", "table-02"), ("table-02", "table-01")):
        found = json.loads((ev / "_report" / table / "report.json").read_text())
        (near,) = [f for f in found["findings"] if f["kind"] == "near-copy"]
        assert near["seats"] == ["3"] and near["data"]["table"] == other_table
        assert "only turned, resized, recompressed or a little cropped" in near["message"]
