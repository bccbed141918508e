"""From a recognizer's reading to the checker's: hand order kept, confidences, backs, alternatives."""
from __future__ import annotations

from scorer import load_game
from tilelens.event.model import FindingKind
from tilelens.event.reading import tile_confidence, to_seat_reading
from tilelens.event.rules import unsure_findings
from vision.recognizer import HandReading, ReadTile


def reading() -> HandReading:
    return HandReading(tiles=[
        ReadTile((300, 0, 340, 60), "rarin", {"colour": "lightblue"}, {"detection": 0.9, "kind": 0.4, "colour": 0.1},
                 False, (("rarin", 0.4), ("marika", 0.35), ("sayunyan", 0.1))),
        ReadTile((10, 80, 50, 140), "back", {}, {"detection": 0.7}, True, ()),
    ], image_wh=(400, 200))


def test_reading_keeps_the_readers_order_and_marks_backs():
    seat = to_seat_reading("2", "seat2.jpg", reading(), (400, 200))
    assert [(t.index, t.kind, t.is_back) for t in seat.tiles] == [(0, "rarin", False), (1, "", True)]
    assert [t.seat for t in seat.tiles] == ["2", "2"] and seat.faces == seat.tiles[:1]


def test_confidence_is_the_lowest_of_detection_and_kind_not_attributes():
    face, back = reading().tiles
    assert tile_confidence(face) == 0.4  # the colour head's 0.1 does not count: the kind decides the tile
    assert tile_confidence(back) == 0.7


def test_unsure_tile_names_the_next_best_kinds():
    seat = to_seat_reading("2", "seat2.jpg", reading(), (400, 200))
    (f,) = [f for f in unsure_findings(load_game("nogizaka"), {"2": seat}, 0.6)]
    assert f.kind is FindingKind.UNSURE_TILE
    assert "Rarin (rarin) with confidence 0.40 (or Marika (marika) 0.35, Sayunyan (sayunyan) 0.10)" in f.message
    # each language names the tiles in its own (the English message said them in Japanese)
    assert "らりん (rarin) と読みました" in f.message_ja and "まりか (marika) 0.35" in f.message_ja


def test_the_model_version_changes_with_every_model_a_reading_uses(tmp_path, monkeypatch):
    """A new box check or orientation model kept the stored reports ("unchanged") though it reads anew."""
    from tilelens.event.reading import model_version

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path))
    for name in ("detector.onnx", "boxcheck.onnx", "boxcheck.json", "orient.onnx", "orient.json",
                 "classifier-nogizaka.onnx", "classifier-yokai-watch.onnx"):
        (tmp_path / name).write_bytes(b"v1")
    seen = {model_version("nogizaka")}
    for name in ("detector.onnx", "boxcheck.onnx", "boxcheck.json", "orient.onnx", "classifier-nogizaka.onnx"):
        (tmp_path / name).write_bytes(b"v2")
        seen.add(model_version("nogizaka"))
    assert len(seen) == 6
    (tmp_path / "classifier-yokai-watch.onnx").write_bytes(b"v2")  # another game's model: not this reading's
    assert model_version("nogizaka") in seen


def test_an_uploaded_photo_that_is_no_image_is_named_by_its_file_name():
    """An upload (bytes) was called "image bytes" in the message: "photo s4.jpg cannot be read: image bytes: ..."."""
    import pytest

    from tilelens.event.layout import Photo
    from tilelens.event.reading import load_photo
    from vision import ImageError

    with pytest.raises(ImageError) as info:
        load_photo(Photo("s4.jpg", data=b"shopping list: tea, milk" * 10))
    assert str(info.value).startswith("s4.jpg: ") and "image bytes" not in str(info.value)
