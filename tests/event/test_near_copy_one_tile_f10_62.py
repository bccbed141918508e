"""Session 62 (F10): two seats photographed on one cloth under one camera and light whose hands differ by one tile
were called one photo (their looks 2.6 bits a tile apart: seven tiles of eight alike) and one seat was left out of
the deal's rules. Two readings one tile apart are one photo only where that tile is a misread: its own look near too
(the same pixels), and the reader unsure between the two kinds (either reading lists the other's kind among its next
best). A copy of one photo so misread is still one photo, and its finding says which seat's tiles are not counted."""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))
from test_event_support import write_table as _write_table  # noqa: E402

from scorer import load_game  # noqa: E402
from tilelens.event.copies import (TILE_NEAR, _bits, copies_left_out, looks_alike, near_copies_within,  # noqa: E402
                                   photo_look)
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import SeatReading, TileRef  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402
from vision.recognizer import default_models_dir  # noqa: E402
from vision.synth import render_hand  # noqa: E402

needs_models = pytest.mark.skipif(
    not all((default_models_dir() / f).is_file() for f in ("detector.onnx", "classifier-nogizaka.onnx")),
    reason="committed models missing")

HAND = ["misa-senpai", "sayurin", "maimai", "marika", "rarin", "sayunyan", "minami", "miona"]
AT = 3  # the tile that differs
OTHER = [*HAND[:AT], "kotoko", *HAND[AT + 1:]]  # one tile apart (kotoko for marika)
SEED = 101


def _jpeg(image: np.ndarray, quality: int = 92) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1].tobytes()


def _decoded(data: bytes) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)


def _seat(seat: str, image: np.ndarray, boxes, kinds, unsure: dict[int, tuple[str, float]] | None = None):
    """A seat read as ``kinds`` at ``boxes``, each tile sure (its next best far behind) but those of ``unsure``
    (index -> the kind the reader nearly read, and how likely)."""
    tiles = []
    for i, (k, b) in enumerate(zip(kinds, boxes)):
        alt, p = (unsure or {}).get(i, ("almighty-yellow", 0.006))
        sure = 1.0 - p - 0.03 if i in (unsure or {}) else 0.95
        tiles.append(TileRef(seat, i, k, tuple(float(v) for v in b), sure, alternatives=((k, sure), (alt, p))))
    h, w = image.shape[:2]
    reading = SeatReading(seat, f"seat{seat}.jpg", tuple(tiles), (w, h))
    return dataclasses.replace(reading, look=photo_look(image, reading))


def _render(hand: list[str]):
    scene = render_hand("nogizaka", hand, seed=SEED, layout="flat", imgsz=960, style=0)
    return _decoded(_jpeg(scene.image)), [t.xyxy for t in scene.tiles if t.in_hand]


def _per_tile(a: SeatReading, b: SeatReading) -> list[int]:
    return (_bits(a.look) != _bits(b.look)).reshape(len(a.tiles), -1).sum(1).tolist()


# --- on the renderer's own boxes (no model) -----------------------------------------------------------------------

def test_two_hands_one_tile_apart_on_one_cloth_are_not_one_photo():
    (one, boxes), (other, other_boxes) = _render(HAND), _render(OTHER)
    a, b = _seat("2", one, boxes, HAND), _seat("3", other, other_boxes, OTHER)
    per = _per_tile(a, b)
    assert sum(per) / len(per) <= TILE_NEAR and per[AT] > TILE_NEAR, per  # near on average, not at the tile apart
    assert looks_alike(a, b) is None and not near_copies_within([a, b])
    # the reader unsure between the two kinds does not make them one photo: the tile's own look is another's
    unsure = _seat("3", other, other_boxes, OTHER, {AT: ("marika", 0.3)})
    assert looks_alike(a, unsure) is None and not near_copies_within([a, unsure])


def test_a_copy_misread_at_one_tile_is_one_photo_and_says_which_seat_is_not_counted():
    one, boxes = _render(HAND)
    h, w = one.shape[:2]
    copy = _decoded(_jpeg(cv2.resize(one, (int(w * 0.7), int(h * 0.7)), interpolation=cv2.INTER_AREA), 70))
    small = [tuple(v * 0.7 for v in b) for b in boxes]
    a = _seat("2", one, boxes, HAND)
    misread = _seat("3", copy, small, OTHER, {AT: ("marika", 0.3)})  # the reader nearly read it as seat 2's
    assert looks_alike(a, misread) is not None
    (near,) = near_copies_within([a, misread])
    assert near.seats == ("2", "3") and "only resized, recompressed or a little cropped" in near.message
    assert "read one tile apart" in near.message and "seat 3's tiles are not counted" in near.message, near.message
    assert "読めた牌は1枚だけ違います" in near.message_ja and "3番席の牌は数えていません" in near.message_ja, near.message_ja
    assert near.data["same_reading"] is False and near.data["left_out"] == "3"
    assert copies_left_out([near], {"2": a, "3": misread}) == {"3"}
    # a misread the reader was sure of (its next best another kind) is no misread of one photo: two hands
    sure = _seat("3", copy, small, OTHER)
    assert looks_alike(a, sure) is None and not near_copies_within([a, sure])
    # the same tiles read: said as before, no seat named as not counted (its tiles are the other's)
    (same,) = near_copies_within([a, _seat("3", copy, small, HAND)])
    assert "one tile apart" not in same.message and "not counted" not in same.message
    assert "left_out" not in same.data and "数えていません" not in same.message_ja


# --- with the committed models: RV2's table ---------------------------------------------------------------------

@needs_models
def test_seats_one_tile_apart_on_one_cloth_are_both_counted(tmp_path):
    from tilelens.event.reading import recognizer_reader

    def shot(seed: int, hand: list[str]) -> bytes:
        return _jpeg(render_hand("nogizaka", hand, seed=seed, layout="flat", imgsz=960, style=0).image)

    files = {"1": shot(11, ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3),
             "2": shot(5, ["misa-senpai"] * 3 + ["sayurin"] * 3 + ["maimai", "miona"]),
             "3": shot(5, ["misa-senpai"] * 3 + ["sayurin"] * 3 + ["maimai", "himetan"]),
             "4": shot(13, ["ashu"] * 3 + ["sayunyan"] * 3 + ["kotoko"] * 2)}
    table = read_table_folder(_write_table(tmp_path / "table-01", files))
    report, _ = check_table(table, load_game("nogizaka"), recognizer_reader("nogizaka"), looks=True)
    assert not [f for f in report.findings if f.kind == "near-copy"], [f.message for f in report.findings]
    assert not copies_left_out(report.findings, {s.seat: s for s in report.seats})
    assert [s.seat for s in report.seats] == ["1", "2", "3", "4"]
