"""Session 48: a wrong table's photo that is no byte copy (resized, recompressed, cropped, sent through a messaging
app) at two seats or two tables; the reports of tables no longer in the event removed as the check starts."""
from __future__ import annotations

import functools
import json

import cv2
import numpy as np
import pytest

from test_event_support import CLEAN, ExactReader, make_table, write_table as _write_table
from tilelens import cli
from tilelens.event import CheckOptions, check_event
from tilelens.event import cli as event_cli
from tilelens.event.layout import read_table_folder
from tilelens.event.model import SeatReading, TileRef
from tilelens.event.runner import EventInterrupted, check_table
from scorer import load_game
from vision.recognizer import default_models_dir
from vision.synth import render_hand

needs_models = pytest.mark.skipif(
    not all((default_models_dir() / f).is_file() for f in ("detector.onnx", "classifier-nogizaka.onnx")),
    reason="committed models missing")
# seeds whose photos of CLEAN the committed models read exactly (test_event_e2e's: 4 * 10 + seat)
SEED = 40


def _jpeg(image: np.ndarray, quality: int = 92) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1].tobytes()


def _decoded(data: bytes) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)


def _messaging_app(image: np.ndarray) -> bytes:
    """What a messaging app sends on: shrunk to 70%, JPEG quality 70."""
    h, w = image.shape[:2]
    return _jpeg(cv2.resize(image, (int(w * 0.7), int(h * 0.7)), interpolation=cv2.INTER_AREA), 70)


def _cropped(image: np.ndarray, left: float = 0.06) -> bytes:
    """The photo with a strip cut off its left side, saved again."""
    return _jpeg(image[:, int(image.shape[1] * left):], 88)


def _reading(seat: str, image: np.ndarray, boxes: list[tuple[float, ...]], kinds: list[str]) -> SeatReading:
    tiles = tuple(TileRef(seat, i, k, tuple(b), 0.99) for i, (k, b) in enumerate(zip(kinds, boxes)))
    h, w = image.shape[:2]
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (w, h))


# --- the look, measured on rendered photos (no model: the boxes the renderer drew) ------------------------------

def test_the_look_of_a_copy_is_near_and_that_of_another_hand_on_the_same_cloth_is_not():
    from tilelens.event.copies import TILE_NEAR, look_distance, photo_look

    one = render_hand("nogizaka", CLEAN["2"], seed=7, layout="flat", imgsz=640)
    other = render_hand("nogizaka", CLEAN["3"], seed=7, layout="flat", imgsz=640)  # same cloth, camera and light

    def look(image, scene, scale=1.0, dx=0.0):
        boxes = [((t.xyxy[0] - dx) * scale, t.xyxy[1] * scale, (t.xyxy[2] - dx) * scale, t.xyxy[3] * scale)
                 for t in scene.tiles if t.in_hand]
        return photo_look(image, _reading("1", image, boxes, [t.tile_id for t in scene.tiles if t.in_hand]))

    base = look(_decoded(_jpeg(one.image)), one)
    h, w = one.image.shape[:2]
    copies = {"half size": look(cv2.resize(one.image, (w // 2, h // 2), interpolation=cv2.INTER_AREA), one, 0.5),
              "JPEG 40": look(_decoded(_jpeg(one.image, 40)), one),
              "messaging app": look(_decoded(_messaging_app(one.image)), one, 0.7),
              "cropped": look(_decoded(_cropped(one.image)), one, dx=int(w * 0.06))}
    for name, copy in copies.items():
        assert look_distance(base, copy) <= TILE_NEAR, name
    assert look_distance(base, look(_decoded(_jpeg(other.image)), other)) > TILE_NEAR
    assert len(base) == 16 * len(CLEAN["2"])  # 64 bits a tile
    assert photo_look(one.image, _reading("1", one.image, [(0, 0, 9, 9)] * 3, ["a", "b", "c"])) == ""  # too few
    flat = np.full((60, 200, 3), (40, 160, 200), np.uint8)  # a drawing of flat colour: no photo, no look
    assert photo_look(flat, _reading("1", flat, [(10 + 40 * i, 10, 40 + 40 * i, 50) for i in range(4)], list("abcd"))) == ""


# --- with the committed models ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def photos() -> dict[str, np.ndarray]:
    """CLEAN's hands rendered once (each seat its own seed), and seats 3 and 4 again on seat 2's cloth."""
    shots = {seat: render_hand("nogizaka", hand, seed=SEED + int(seat), layout="flat", imgsz=640).image
             for seat, hand in CLEAN.items()}
    for seat in ("3", "4"):
        shots[f"{seat}-cloth2"] = render_hand("nogizaka", CLEAN[seat], seed=SEED + 2, layout="flat", imgsz=640).image
    return shots


@pytest.fixture(scope="module")
def reader():
    from tilelens.event.reading import recognizer_reader

    return recognizer_reader("nogizaka")


def _near(report) -> list:
    return [f for f in report.findings if f.kind == "near-copy"]


@needs_models
def test_a_seat_photo_sent_again_through_a_messaging_app_is_said_at_its_table(tmp_path, photos, reader):
    """Seat 3's photo was seat 2's, sent on through a messaging app: no byte copy, only counts and rules looked."""
    files = {s: _jpeg(photos[s]) for s in CLEAN}
    files["3"] = _messaging_app(photos["2"])
    table = read_table_folder(_write_table(tmp_path / "table-01", files))
    report, _ = check_table(table, load_game("nogizaka"), reader)
    (near,) = _near(report)
    # the same tiles in the same places of the photo: found with --no-near-copies too
    assert [f.seats for f in _near(check_table(table, load_game("nogizaka"), reader, looks=False)[0])] == [("2", "3")]
    assert near.seats == ("2", "3") and near.severity == "error" and report.verdict == "fault"
    assert "seat 2 and seat 3 look like the same photo (seat2.jpg and seat3.jpg" in near.message
    assert "2番席と3番席が同じ写真のようです" in near.message_ja


@needs_models
def test_a_cropped_copy_is_found_by_its_look_and_different_hands_on_one_cloth_are_not(tmp_path, photos, reader):
    files = {"1": _jpeg(photos["1"]), "2": _jpeg(photos["2"]), "3": _jpeg(photos["3-cloth2"]),
             "4": _cropped(photos["2"])}  # seat 4: seat 2's photo with its left side cut off
    table = read_table_folder(_write_table(tmp_path / "table-01", files))
    report, _ = check_table(table, load_game("nogizaka"), reader, looks=True)
    (near,) = _near(report)  # seat 3, another hand on seat 2's cloth, camera and light, is not one photo with it
    assert near.seats == ("2", "4") and "only resized, recompressed or a little cropped" in near.message
    assert near.data["distance"] <= 12
    without, _ = check_table(table, load_game("nogizaka"), reader, looks=False)  # the places moved: the look says it
    assert not _near(without)


@needs_models
def test_a_photo_of_another_table_sent_on_is_said_at_both_tables_in_every_report(tmp_path, photos, reader,
                                                                                 monkeypatch, capsys):
    ev = tmp_path / "ev"
    _write_table(ev / "table-01", {s: _jpeg(photos[s]) for s in CLEAN})
    # table-02: its own hands on one cloth (seat 2's), but its seat 2 is table-01's seat 2 sent on
    files = {"1": _jpeg(photos["1"], 80), "2": _messaging_app(photos["2"]), "3": _jpeg(photos["3-cloth2"]),
             "4": _jpeg(photos["4-cloth2"])}
    _write_table(ev / "table-02", files)
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    argv = ["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]  # looked for by default
    assert cli.main(argv) == 1
    out = capsys.readouterr().out
    report = ev / "_report"
    for table, other in (("table-01", "table-02"), ("table-02", "table-01")):
        found = json.loads((report / table / "report.json").read_text())
        near = [f for f in found["findings"] if f["kind"] == "near-copy"]
        seats = sorted(s for f in near for s in f["seats"])
        # seat 1 at both tables is one render, saved at two qualities: a copy too
        assert seats == ["1", "2"], near
        (two,) = [f for f in near if f["seats"] == ["2"]]
        assert two["data"]["table"] == other and two["data"]["seat"] == "2"
        assert f"seat 2: photo seat2.jpg looks like the same photo as {other}'s seat 2 (seat2.jpg)" in two["message"]
        assert f"{other} の2番席の写真 (seat2.jpg) と同じ写真のようです" in two["message_ja"]
        assert found["verdict"] == "fault"
        page = (report / table / "index.html").read_text()
        assert "not in order" in page and f"the same photo as {other}" in page and f"{other} の2番席の写真" in page
        assert f"FAULT  {table}: " in out and f"as {other}'s seat 2" in out
    event = json.loads((report / "event.json").read_text())
    assert {t["table"]: t["verdict"] for t in event["tables"]} == {"table-01": "fault", "table-02": "fault"}
    assert "the same photo as table-02" in (report / "index.html").read_text()
    # table-02's seats 1 and 2 photographed anew: table-01, unchanged and not read again, loses the finding
    (ev / "table-02" / "seat1-dealer.jpg").write_bytes(_jpeg(photos["3-cloth2"][:, ::-1].copy()))
    (ev / "table-02" / "seat2.jpg").write_bytes(_jpeg(render_hand("nogizaka", CLEAN["2"], seed=SEED + 9,
                                                                  layout="flat", imgsz=640).image))
    cli.main(argv)
    out = "".join(capsys.readouterr())
    again = json.loads((report / "table-01" / "report.json").read_text())
    assert not [f for f in again["findings"] if f["kind"] == "near-copy"] and again["verdict"] == "ok"
    assert "table-02" not in (report / "table-01" / "index.html").read_text()
    assert "ok     table-01" in out and "FAULT  table-01" not in out and "(1 read, 1 unchanged)" in out


# --- 2. the reports of tables gone, removed as the check starts ---------------------------------------------------

class StopAtFirstPhoto(ExactReader):
    stop = False

    def __call__(self, image):
        if self.stop:
            raise KeyboardInterrupt
        return super().__call__(image)


def test_a_check_stopped_midway_leaves_no_report_of_a_table_gone_and_no_file_not_its_own_removed(tmp_path):
    reader = StopAtFirstPhoto()
    ev = tmp_path / "ev"
    for name in ("table-01", "table-02"):
        make_table(reader, ev, name, CLEAN)
    out = tmp_path / "report"
    options = CheckOptions(game="nogizaka")
    check_event(ev, out, options, factory=lambda g: reader, jobs=1, progress=False)
    (out / "table-01" / "seen.txt").write_text("the organiser's own note")  # beside the check's files
    (out / "notes").mkdir()
    (out / "notes" / "report.json").write_text('{"table": "notes"}')  # a report.json no check wrote for it
    (out / "mine.txt").write_text("kept")
    (ev / "table-01").rename(ev / "table-10")  # table-01 is gone; table-10 must be read: Ctrl-C at its first photo
    reader.stop = True
    with pytest.raises(EventInterrupted):
        check_event(ev, out, options, factory=lambda g: reader, jobs=1, progress=False)
    assert not (out / "table-01" / "report.json").exists() and not (out / "table-01" / "index.html").exists()
    assert not (out / "table-01" / "crops").exists() and not (out / "table-01" / "thumbs").exists()
    assert (out / "table-01" / "seen.txt").read_text() == "the organiser's own note"
    assert (out / "notes" / "report.json").is_file() and (out / "mine.txt").read_text() == "kept"
    assert (out / "table-02" / "report.json").is_file()  # still in the event: kept
    event = json.loads((out / "event.json").read_text())
    assert "table-01" not in json.dumps(event["tables"]) + json.dumps(event["unchecked"])
