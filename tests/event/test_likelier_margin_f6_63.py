"""Session 63, F6 (walkthrough W1): a seat counts as read surer as another game (``SeatReading.likelier``: a vote in
``rules.table_game``) only by ``rules.LIKELIER_MARGIN`` or more.

A table of four clean Yokai Watch photos, each read exactly, was said to be Nogizaka's ("FAULT seats 1, 2, 3, 4: these
tiles look like Nogizaka Donjara (fan-made)'s ... --game nogizaka") and its real count faults held back: Nogizaka's
classifier read each seat's tiles surer than Yokai Watch's by +0.001 to +0.022, and any margin was a vote. A real
Nogizaka photo at a Yokai Watch seat reads +0.458 surer as Nogizaka; W9's Donjara photo at a Tokyo Mahjong seat +0.086.
"""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import FakeReading  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import reading as reading_mod  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TileRef  # noqa: E402
from tilelens.event.reading import likelier_game  # noqa: E402
from tilelens.event.rules import LIKELIER_MARGIN, LONE_LIKELIER_GAP, table_game  # noqa: E402
from tilelens.event.runner import _lone_likelier, check_table  # noqa: E402
from vision.recognizer import default_models_dir  # noqa: E402
from vision.synth import render_hand  # noqa: E402

needs_models = pytest.mark.skipif(
    not all((default_models_dir() / f).is_file()
            for f in ("detector.onnx", "classifier-yokai-watch.onnx", "classifier-nogizaka.onnx")),
    reason="committed models missing")
YOKAI = load_game("yokai-watch")


# --- the margin, on seat readings carrying W1's measured margins --------------------------------------------------

def _seat(seat: str, sure: float = 0.90) -> SeatReading:
    tiles = tuple(TileRef(seat, i, "yokai-07", (60.0 * i, 0, 60.0 * i + 50, 80), sure) for i in range(8))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (640, 480), kind_sure=sure)


@pytest.fixture
def other_reads_at(monkeypatch):
    """Another game's classifier reads each seat's tiles at its own mean kind confidence plus ``gap[seat]``, as
    ``reading._likeliest_other_game`` judges it (that game where it is ``than`` or surer)."""
    gap: dict[str, float] = {}

    def likeliest(reader, image, reading, than=0.0):
        other = 0.90 + gap[reading.seat]  # every seat read at 0.90 by its own game (``_seat``)
        return "nogizaka" if other >= max(0.70, than + 1e-9) else ""

    monkeypatch.setattr(reading_mod, "_likeliest_other_game", likeliest)
    return gap


def _reader(image):  # no ``likelier`` of its own: ``likelier_game`` asks the classifiers (``other_reads_at``)
    return FakeReading([])


@pytest.mark.parametrize("gap", [0.001, 0.003, 0.013, 0.021, 0.022])
def test_a_seat_read_a_hair_surer_as_another_game_is_not_likelier(other_reads_at, gap):
    other_reads_at["1"] = gap  # W1's clean Yokai Watch seats as Nogizaka: +0.000 to +0.022
    assert likelier_game(_reader, np.zeros((4, 4, 3), np.uint8), _seat("1")) == ""


@pytest.mark.parametrize("gap", [0.086, 0.458])
def test_a_seat_of_another_set_is_still_likelier(other_reads_at, gap):
    other_reads_at["1"] = gap  # W9's Donjara photo at a Tokyo Mahjong seat; W1's Nogizaka photo at a Yokai Watch seat
    assert likelier_game(_reader, np.zeros((4, 4, 3), np.uint8), _seat("1")) == "nogizaka"


def test_the_margin_lies_between_clean_seats_and_another_sets():
    assert 0.022 < LIKELIER_MARGIN < 0.086
    assert 0.022 < LIKELIER_MARGIN + LONE_LIKELIER_GAP < 0.086  # a lone seat: more than a vote needs


def test_a_table_of_near_ties_casts_no_vote(other_reads_at):
    readings = {}
    for seat, gap in zip("1234", (0.013, 0.021, 0.001, 0.022)):  # W1's clean table, seats 1-4
        other_reads_at[seat] = gap
        r = _seat(seat)
        readings[seat] = dataclasses.replace(r, likelier=likelier_game(_reader, np.zeros((4, 4, 3), np.uint8), r))
    assert table_game(readings) == ("", (), "")


def test_a_lone_seat_needs_the_lone_gap_over_the_margin(other_reads_at):
    img = np.zeros((4, 4, 3), np.uint8)
    for seat, gap in (("1", LIKELIER_MARGIN + LONE_LIKELIER_GAP / 2), ("2", 0.086)):
        other_reads_at[seat] = gap
    readings = {s: dataclasses.replace(_seat(s), likelier=likelier_game(_reader, img, _seat(s))) for s in "12"}
    assert readings["1"].likelier == readings["2"].likelier == "nogizaka"  # both past the margin: likelier
    out = _lone_likelier(readings, {s: img for s in "12"}, _reader)
    assert set(out) == {"2"} and out["2"].other_game and out["2"].looks_like == "nogizaka"


# --- with the committed models: W1's photos rendered again --------------------------------------------------------

def _jpeg(image: np.ndarray, quality: int = 92) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return buf.tobytes()


def _write(folder: Path, files: dict[str, bytes]) -> Path:
    folder.mkdir(parents=True)
    for seat, data in files.items():
        (folder / (f"seat{seat}-dealer.jpg" if seat == "1" else f"seat{seat}.jpg")).write_bytes(data)
    return folder


@pytest.fixture(scope="module")
def yokai_reader():
    from tilelens.event.reading import recognizer_reader

    return recognizer_reader("yokai-watch")


# W1's clean table (make_synth_hands.py --winning: win_a seed 11 at 640 px, win_b seed 12 at 1600 px, span 0.3-0.5):
# winning hands of 9, so seats 2-4 hold one tile too many; each read exactly, each a hair surer as Nogizaka
CLEAN_TABLE = {
    "1": (["yokai-18", "yokai-24", "yokai-07", "yokai-24", "yokai-18", "yokai-18", "yokai-07", "almighty", "yokai-24"],
          110006, "rack", 640, None),
    "2": (["yokai-15", "almighty", "yokai-14", "yokai-15", "yokai-20", "yokai-20", "yokai-20", "yokai-14", "yokai-15"],
          110008, "rack", 640, None),
    "3": (["yokai-01", "yokai-01", "yokai-22", "yokai-01", "yokai-23", "yokai-22", "yokai-23", "yokai-23", "yokai-22"],
          120000, "rack", 1600, (0.3, 0.5)),
    "4": (["yokai-07", "yokai-20", "yokai-07", "yokai-20", "yokai-23", "yokai-23", "yokai-20", "yokai-07", "yokai-23"],
          120003, "flat", 1600, (0.3, 0.5)),
}


@needs_models
def test_a_table_of_clean_yokai_watch_photos_is_not_another_games_and_its_counts_are_said(tmp_path, yokai_reader):
    files = {s: _jpeg(render_hand("yokai-watch", hand, seed=seed, layout=layout, imgsz=size, span=span).image)
             for s, (hand, seed, layout, size, span) in CLEAN_TABLE.items()}
    report, _ = check_table(read_table_folder(_write(tmp_path / "tableA", files), 4), YOKAI, yokai_reader)
    kinds = [f.kind for f in report.findings]
    assert FindingKind.OTHER_GAME not in kinds, [f.message for f in report.findings]
    assert [[t.kind for t in s.tiles] for s in report.seats] == [h for h, *_ in CLEAN_TABLE.values()]  # read exactly
    assert not any(s.likelier or s.other_game for s in report.seats), report.seats
    wrong = sorted(s for f in report.findings if f.kind == FindingKind.WRONG_COUNT for s in f.seats)
    assert wrong == ["2", "3", "4"], [f.message for f in report.findings]  # 9 tiles, expected 8: said, not held back
    assert not any("held_back" in f.data for f in report.findings)


# W1's event, table 3 (make_event.py: render_hand's rack at 640 px, seed 30 + seat, JPEG quality 95)
TABLE3 = {"1": ("yokai-watch", ["yokai-15", "yokai-07", "yokai-11", "yokai-16", "yokai-09", "yokai-24", "yokai-09",
                                "yokai-03", "yokai-01"]),
          "2": ("yokai-watch", ["yokai-22", "yokai-03", "yokai-24", "yokai-14", "yokai-06", "yokai-17", "yokai-07",
                                "yokai-08"]),
          "3": ("yokai-watch", ["almighty", "yokai-01", "yokai-08", "yokai-25", "yokai-12", "yokai-23", "yokai-03",
                                "yokai-17"]),
          "4": ("nogizaka", ["misa-senpai", "sayurin", "maimai"] * 2 + ["misa-senpai", "sayurin"])}


@needs_models
def test_a_nogizaka_photo_at_a_yokai_watch_table_is_that_seats_alone(tmp_path, yokai_reader):
    """Seat 4 a Nogizaka photo (+0.458 surer as Nogizaka), seat 2 a clean Yokai Watch one (+0.003): the table was said
    to be half Nogizaka's, which game unsure, seat 2 among them; now seat 4's photo alone shows another set's tiles."""
    files = {s: _jpeg(render_hand(game, hand, seed=30 + int(s)).image, 95) for s, (game, hand) in TABLE3.items()}
    report, _ = check_table(read_table_folder(_write(tmp_path / "table3", files), 4), YOKAI, yokai_reader)
    (other,) = [f for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    assert other.seats == ("4",) and "unsure_game" not in other.data, other.message
    # (said blurred first: a render's flat faces measure blurred, ``runner._blurred``; another set after it)
    assert other.message.startswith("seat 4's photo ") and "look like Nogizaka Donjara (fan-made)'s" in other.message
    assert "乃木坂ドンジャラの牌に見えます" in other.message_ja and "2番席" not in other.message_ja
    seats = {s.seat: s for s in report.seats}
    assert not seats["2"].likelier and not seats["2"].other_game
    assert [t.kind for t in seats["2"].tiles] == TABLE3["2"][1]
    assert report.findings[0] is other
