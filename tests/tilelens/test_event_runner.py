"""Checking whole tables and events from photo files: planted faults, bad input, reports, resuming.

The photos are tiny drawings; an exact reader (the checker's reading step is a parameter) knows what each
drawing shows, so these tests exercise the folders, the rules and the reports, not the models (the
end-to-end test with the committed models is test_event_e2e.py).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from tilelens.event import CheckOptions, FindingKind, check_event
from tilelens.event.reading import load_photo
from tilelens.event.layout import Photo

M = ["misa-senpai", "sayurin", "maimai", "marika", "rarin", "sayunyan", "minami", "miona", "himetan", "miria",
     "kotoko", "ashu"]
CLEAN = {"1": M[0:9], "2": M[4:12], "3": [M[i] for i in (0, 2, 4, 6, 8, 10, 11, 1)],
         "4": [M[i] for i in (1, 3, 5, 7, 9, 11, 0, 2)]}


@dataclass
class FakeTile:
    xyxy: tuple[float, float, float, float]
    kind: str
    confidence: dict[str, float]
    is_back: bool = False


@dataclass
class FakeReading:
    tiles: list[FakeTile] = field(default_factory=list)


class ExactReader:
    """Knows, by their pixels, the drawings this test wrote, and counts how often it is called."""

    def __init__(self):
        self.known: dict[str, list[tuple[str, float]]] = {}
        self.calls = 0

    def draw(self, path: Path, kinds: list[str], conf: dict[int, float] | None = None, salt: int = 0) -> None:
        conf = conf or {}
        img = Image.new("RGB", (20 + 30 * len(kinds), 60), (40, 120, 60))
        d = ImageDraw.Draw(img)
        for i, k in enumerate(kinds):
            shade = int(hashlib.md5(k.encode()).hexdigest()[:2], 16)
            d.rectangle([10 + 30 * i, 10, 35 + 30 * i, 50], fill=(shade, 255 - shade, (shade * 7 + salt) % 256))
        img.save(path)
        key = self.key(load_photo(Photo(path.name, path=path)))
        self.known[key] = [(k, conf.get(i, 0.98)) for i, k in enumerate(kinds)]

    @staticmethod
    def key(image: np.ndarray) -> str:
        return hashlib.sha256(image.tobytes()).hexdigest()

    def __call__(self, image: np.ndarray) -> FakeReading:
        self.calls += 1
        tiles = self.known[self.key(image)]
        return FakeReading([FakeTile((10 + 30 * i, 10, 35 + 30 * i, 50), k, {"detection": 0.99, "kind": c})
                            for i, (k, c) in enumerate(tiles)])


def make_table(reader: ExactReader, root: Path, name: str, hands: dict[str, list[str]], dealer: str = "1",
               conf: dict[str, dict[int, float]] | None = None) -> Path:
    d = root / name
    d.mkdir(parents=True)
    for seat, kinds in hands.items():
        fname = f"seat{seat}-dealer.png" if seat == dealer else f"seat{seat}.png"
        # a salt per table keeps equal hands at two tables apart (the reader knows photos by their pixels)
        reader.draw(d / fname, kinds, (conf or {}).get(seat), salt=sum(name.encode()))
    return d


@pytest.fixture()
def event(tmp_path):
    reader = ExactReader()
    root = tmp_path / "event"
    make_table(reader, root, "01-clean", CLEAN)
    make_table(reader, root, "02-ten-tiles", dict(CLEAN, **{"2": CLEAN["2"] + ["rarin", "miona"]}))
    make_table(reader, root, "03-missing-tile", dict(CLEAN, **{"1": CLEAN["1"][:8]}))
    make_table(reader, root, "04-tenpai", dict(CLEAN, **{"3": ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2}))
    make_table(reader, root, "05-surplus", dict(CLEAN, **{
        s: ["kotoko"] * 2 + CLEAN[s][:len(CLEAN[s]) - 2] for s in "1234"}))
    t = make_table(reader, root, "06-missing-seat", CLEAN)
    (t / "seat4.png").unlink()
    t = make_table(reader, root, "07-unreadable", CLEAN)
    (t / "seat2.png").write_bytes(b"this is not a photo")
    t = make_table(reader, root, "08-two-photos", CLEAN)
    (t / "seat3.jpg").write_bytes((t / "seat3.png").read_bytes())
    make_table(reader, root, "09-unsure", CLEAN, conf={"2": {4: 0.2}})
    return reader, root, tmp_path / "report"


def table_report(out: Path, name: str) -> dict:
    return json.loads((out / name / "report.json").read_text())


def kinds(out: Path, name: str) -> list[str]:
    return [f["kind"] for f in table_report(out, name)["findings"]]


def run(reader, root, out, **kw):
    return check_event(root, out, CheckOptions(game="nogizaka", **kw), factory=lambda game: reader, jobs=1,
                       progress=False)


def test_each_planted_fault_is_reported_and_the_clean_table_passes(event):
    reader, root, out = event
    result = run(reader, root, out)
    verdicts = {t["table"]: t["verdict"] for t in result.event["tables"]}
    assert verdicts == {"01-clean": "ok", "02-ten-tiles": "fault", "03-missing-tile": "fault", "04-tenpai": "ok",
                        "05-surplus": "fault", "06-missing-seat": "fault", "07-unreadable": "fault",
                        "08-two-photos": "fault", "09-unsure": "review"}
    assert not result.in_order and result.checked == 9
    assert kinds(out, "01-clean") == []
    assert kinds(out, "02-ten-tiles") == ["wrong-count"]
    assert kinds(out, "03-missing-tile") == ["wrong-count"]
    assert kinds(out, "04-tenpai") == ["tenpai-as-dealt"]
    assert kinds(out, "05-surplus") == ["surplus"]
    assert kinds(out, "06-missing-seat") == ["missing-seat"]
    assert kinds(out, "07-unreadable") == ["unreadable-photo"]
    assert kinds(out, "08-two-photos") == ["duplicate-seat"]
    assert kinds(out, "09-unsure") == ["unsure-tile"]


def test_findings_name_the_seats_kinds_and_yaku(event):
    reader, root, out = event
    run(reader, root, out)
    (ten,) = table_report(out, "02-ten-tiles")["findings"]
    assert ten["seats"] == ["2"] and ten["data"] == {"count": 10, "expected": [8]}
    (surplus,) = table_report(out, "05-surplus")["findings"]
    assert surplus["data"]["kind"] == "kotoko" and surplus["data"]["count"] == 8 + 1
    assert surplus["seats"] == ["1", "2", "3", "4"]
    (tenpai,) = table_report(out, "04-tenpai")["findings"]
    assert tenpai["severity"] == "notice" and tenpai["seats"] == ["3"]
    assert "kotoko" in [w["tile"] for w in tenpai["data"]["waits"]]
    assert all(w["yaku"] for w in tenpai["data"]["waits"])
    (bad,) = table_report(out, "07-unreadable")["findings"]
    assert "seat2.png" in bad["message"] and bad["seats"] == ["2"]


def test_reports_carry_crops_of_flagged_tiles_and_thumbnails(event):
    reader, root, out = event
    run(reader, root, out)
    (unsure,) = table_report(out, "09-unsure")["findings"]
    (tile,) = unsure["tiles"]
    assert (tile["seat"], tile["index"]) == ("2", 4)
    crop = Image.open(out / "09-unsure" / tile["crop"])
    assert crop.height == 96
    assert sorted(p.name for p in (out / "01-clean" / "thumbs").iterdir()) == [f"seat{i}.jpg" for i in range(1, 5)]
    html = (out / "09-unsure" / "index.html").read_text()
    assert 'data-finding="unsure-tile"' in html and "data:image/png;base64," in html
    event_json = json.loads((out / "event.json").read_text())
    assert event_json["verdicts"] == {"ok": 2, "fault": 6, "review": 1}
    assert (out / "index.html").read_text().count('class="finding"') == sum(
        len(t["findings"]) for t in event_json["tables"])


def test_unchanged_tables_are_not_read_again(event):
    reader, root, out = event
    run(reader, root, out)
    first = reader.calls
    again = run(reader, root, out)
    assert (again.checked, again.resumed, reader.calls) == (0, 9, first)
    assert again.event["tables"] == run(reader, root, out).event["tables"]
    # one photo changed: only its table is read again
    reader.draw(root / "01-clean" / "seat2.png", CLEAN["2"], salt=1)  # new pixels, same tiles
    after_edit = run(reader, root, out)
    assert (after_edit.checked, reader.calls) == (1, first + 4)
    # another threshold changes every verdict's basis: everything is read again
    assert run(reader, root, out, min_confidence=0.5).checked == 9


def test_a_table_that_is_fixed_turns_ok(event):
    reader, root, out = event
    run(reader, root, out)
    (root / "08-two-photos" / "seat3.jpg").unlink()
    result = run(reader, root, out)
    assert result.checked == 1
    assert {t["table"]: t["verdict"] for t in result.event["tables"]}["08-two-photos"] == "ok"
