"""Session 67: a clean seat read poorly is not named another game's tiles.

A rendered Yokai Watch photo (a rack at a steep angle, small faces) read at a mean 0.638 with Yokai Watch's classifier
was flagged (under ``vision.recognizer.OTHER_GAME_BELOW``) and named Nogizaka's, whose classifier read the same boxes at
0.700 (+0.062): "seat 2's photo shows another set's tiles, which look like Nogizaka Donjara (fan-made)'s", at a
table of one set. A flagged seat is named a game only where that game reads its tiles ``vision.other_game.NAMED_BY``
surer than its own (on the single photo paths too: ``vision.other_game.judged``); a photo of another game's tiles
read under the flag was read at least +0.182 surer as its own game (measured: 162 planted seats of
429 rendered tables, and 76 photos).
"""
from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, OtherGameReading, make_table  # noqa: E402
import vision.other_game as other_game  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import reading as reading_mod  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402
from vision.other_game import LIKELIER_BY, NAMED_BY, judged  # noqa: E402
from vision.recognizer import HandReading, ReadTile  # noqa: E402

NOGI = load_game("nogizaka")
IMG = np.zeros((480, 640, 3), np.uint8)


def test_the_naming_margin_lies_between_the_clean_seat_and_another_games_photos():
    assert 0.0625 + 0.02 <= NAMED_BY <= 0.182 - 0.05
    assert NAMED_BY > LIKELIER_BY  # a seat read under the flag is read poorly by every classifier, by chance surer


# --- the event check ----------------------------------------------------------------------------------------------

class PoorReader(ExactReader):
    """``ExactReader`` whose seat 2 reads under the flag (``other_game``), with no guess of its own: the check asks
    the other games' classifiers (``reading._likeliest_other_game``, faked by ``other_reads_at``)."""

    def __init__(self):
        super().__init__()
        self.names = {}

    def draw(self, path, kinds, conf=None, salt=0):
        super().draw(path, kinds, conf, salt)
        self.names[list(self.known)[-1]] = path.name

    def __call__(self, image):
        reading = super().__call__(image)
        return OtherGameReading(reading.tiles) if self.names[self.key(image)].startswith("seat2") else reading


@pytest.fixture
def other_reads_at(monkeypatch):
    """Yokai Watch's classifier reads seat 2's tiles at ``means["2"]``, named where that is ``OTHER_GAME_BELOW`` or
    more and past ``than`` (as ``vision.other_game.likeliest_other_game`` judges)."""
    means: dict[str, float] = {}

    def likeliest(reader, image, reading, than=0.0):
        return "yokai-watch" if means["2"] >= max(0.70, than + 1e-9) else ""

    monkeypatch.setattr(reading_mod, "_likeliest_other_game", likeliest)
    return means


def _seat2_finding(tmp_path: Path, sure: float):
    reader = PoorReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN, conf={"2": dict.fromkeys(range(8), sure)})
    report = check_table(read_table_folder(tmp_path / "ev" / "t1", 4), NOGI, reader)[0]
    said = [f for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    assert len(said) == 1 and said[0].seats == ("2",), report.findings
    return said[0], next(s for s in report.seats if s.seat == "2")


def test_a_poorly_read_seat_a_little_surer_as_another_game_is_not_named_it(tmp_path, other_reads_at):
    other_reads_at["2"] = 0.700  # the measured clean seat: 0.638 as its own, 0.700 as Nogizaka
    finding, seat = _seat2_finding(tmp_path, 0.638)
    assert seat.other_game and seat.looks_like == "", seat
    assert "do not look like Nogizaka" in finding.message and "Yokai" not in finding.message, finding.message
    assert "Yokai" not in finding.message_ja and "妖怪" not in finding.message_ja, finding.message_ja


def test_another_games_photo_under_the_flag_is_still_named(tmp_path, other_reads_at):
    other_reads_at["2"] = 0.638 + 0.182  # the least of another game's photos measured under the flag
    finding, seat = _seat2_finding(tmp_path, 0.638)
    assert seat.other_game and seat.looks_like == "yokai-watch", seat
    assert "look like Yokai Watch Donjara's" in finding.message, finding.message


# --- the single photo paths (``tilelens read --game``, the Score-a-photo page) --------------------------------------

@pytest.fixture
def others_read_at(monkeypatch, tmp_path):
    """Each other game's classifier reads every box at ``means[game]`` (empty classifier files, loaded as fakes)."""
    means: dict[str, float] = {}
    for game in ("cinderella-neo", "nogizaka", "tokyo-mahjong", "yokai-watch"):
        (tmp_path / f"classifier-{game}.onnx").write_bytes(b"")

    def load(path, threads=None):
        game = path.stem.removeprefix("classifier-")
        return SimpleNamespace(classify=lambda image, xyxy: [SimpleNamespace(confidence={"kind": means.get(game, 0.2)})
                                                             for _ in xyxy])

    monkeypatch.setattr(other_game, "_load", load)
    monkeypatch.setattr(other_game, "_LOADED", {})
    return SimpleNamespace(means=means, root=tmp_path)


def _reading(sure: float) -> HandReading:
    tiles = [ReadTile((60.0 * i, 0.0, 60.0 * i + 50, 75), "yokai-07", {}, {"detection": 0.9, "kind": sure})
             for i in range(8)]
    return HandReading(tiles, (640, 480), "yokai-watch", "", tile_px=50.0)


@pytest.mark.parametrize("other, said", [(0.700, ""), (0.638 + NAMED_BY - 0.005, ""),
                                         (0.638 + NAMED_BY + 0.005, "nogizaka"), (0.844, "nogizaka")])
def test_a_single_photo_under_the_flag_is_named_by_the_same_margin(others_read_at, other, said):
    others_read_at.means["nogizaka"] = other
    out = judged(IMG, _reading(0.638), others_read_at.root)
    assert out.other_game and out.looks_like == said, out.looks_like
