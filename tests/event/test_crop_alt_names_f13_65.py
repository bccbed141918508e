"""Session 65 (F13): a riichi table's crops said ids in their alt text ("tile read as 7p") where its findings say
names ("7 Pin (7p) read 5 times"): the alt names the tile, in English as the Japanese page already did (七筒)."""
from __future__ import annotations

import json
import re

import numpy as np

from scorer import load_game
from tilelens.event.model import SeatReading, TableReport, TileRef
from tilelens.event.report import write_event_report, write_table_report
from tilelens.event.rules import surplus_findings


def _riichi(tmp_path):
    game = load_game("tokyo-mahjong")
    tiles = tuple(TileRef("2", i, "7p", (10 + 30 * i, 10, 35 + 30 * i, 50), 0.9 if i else 0.5) for i in range(5))
    seat = SeatReading("2", "seat2.jpg", tiles, (200, 60))
    findings = tuple(surplus_findings(game, {"2": seat}, 0.7))
    report = TableReport("t1", "tokyo-mahjong", findings, (seat,), dealer="2")
    return write_table_report(tmp_path / "t1", report, {"2": np.full((60, 200, 3), 90, np.uint8)}, event_link=True)


def test_a_riichi_crop_is_named_in_its_alt_on_the_table_and_event_pages(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    d = _riichi(tmp_path)
    assert any("7 Pin (7p)" in f["message"] for f in d["findings"]), d["findings"]
    write_event_report(tmp_path, {"game": "tokyo-mahjong", "model_version": "m", "tables": [{**d, "counts": {}}]})
    for page in (tmp_path / "t1" / "index.html", tmp_path / "index.html"):
        html = page.read_text(encoding="utf-8")
        alts = re.findall(r'<img [^>]*alt="(tile read as [^"]*)"', html)
        assert alts and set(alts) == {"tile read as 7 Pin"}, (page, alts)
        assert 'data-kind="7p"' in html  # the id kept for a machine
    stored = json.loads((tmp_path / "t1" / "report.json").read_text(encoding="utf-8"))
    assert stored["seats"][0]["tiles"][0]["kind"] == "7p"


def test_the_japanese_alt_still_names_the_tile(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    _riichi(tmp_path)
    html = (tmp_path / "t1" / "index.html").read_text(encoding="utf-8")
    assert 'alt="七筒と読んだ牌"' in html, re.findall(r'alt="[^"]*"', html)
