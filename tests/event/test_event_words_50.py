"""Session 50: the event pages' words. A seat's "Tiles read" list names each tile in English as the findings just
above it do (the game's English name with the id, riichi ids as they are); the Japanese findings are sentences,
not colons chained, and join their parts with 「、」, never an ASCII semicolon."""
from __future__ import annotations

import re

import numpy as np

from scorer import load_game
from tilelens.event.model import SeatReading, TableReport, TileRef
from tilelens.event.report import tiles_read, write_table_report
from tilelens.event.rules import _tenpai_text, colourless_findings, surplus_findings


def _tile(seat: str, i: int, kind: str, conf: float = 0.99, alternatives=()) -> TileRef:
    return TileRef(seat, i, kind, (10.0 + 30 * i, 40.0, 35.0 + 30 * i, 80.0), conf, alternatives=alternatives)


def test_the_english_tiles_read_name_a_donjara_tile_as_the_findings_do():
    en, ja = tiles_read([{"index": 0, "kind": "misa-senpai"}, {"index": 1, "kind": "sayurin"},
                         {"index": 2, "kind": "", "is_back": True}], "nogizaka")
    assert en == "Tiles read: 1. Misa-senpai (misa-senpai), 2. Sayurin (sayurin), 3. back", en
    assert ja == "読んだ牌: 1. みさ先輩 (misa-senpai)、2. さゆりん (sayurin)、3. 裏向き", ja  # as it was


def test_the_english_tiles_read_name_riichi_tiles_with_their_ids_and_keep_unknown_kinds_as_they_are():
    en, _ = tiles_read([{"index": 0, "kind": "8m"}, {"index": 1, "kind": "zz"}], "tokyo-mahjong")
    assert en == "Tiles read: 1. 8 Man (8m), 2. zz", en


def test_the_table_page_lists_a_donjara_seats_tiles_by_their_english_names(tmp_path):
    tiles = (_tile("1", 0, "misa-senpai"), _tile("1", 1, "sayurin"))
    report = TableReport("t1", "nogizaka", (), (SeatReading("1", "seat1.jpg", tiles, (120, 120)),))
    write_table_report(tmp_path / "t1", report, {"1": np.full((120, 120, 3), 90, np.uint8)})
    html = (tmp_path / "t1" / "index.html").read_text(encoding="utf-8")
    figure = re.search(r'<figure data-seat="1">(.*?)</figure>', html, re.S).group(1)
    text = " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"<img[^>]*>|</?span[^>]*>", "", figure)).split())
    assert "Tiles read: 1. Misa-senpai, 2. Sayurin" in text, text  # session 53: without the ids a person reads past
    assert 'data-read="misa-senpai"' in figure  # the id kept for a machine


def test_a_colourless_photo_is_said_in_japanese_sentences():
    seat = SeatReading("3", "seat3.jpg", (_tile("3", 0, "sayurin"),), (120, 120), colourless=True)
    (finding,) = colourless_findings({"3": seat})
    assert finding.message_ja == ("3番席: 写真に色がありません (白黒のフィルター?)。牌は色でも見分けるので、"
                                  "多くを読み違えます。カラーで撮り直してください"), finding.message_ja
    assert finding.message_ja.count(":") == 1


def test_the_least_sure_tiles_of_a_surplus_are_joined_in_japanese_without_a_semicolon():
    game = load_game("nogizaka")
    copies = game.inventory()["misa-senpai"]
    n = copies + 2
    tiles = tuple(_tile("3", i, "misa-senpai", 0.99 if i < copies else 0.45 - 0.05 * (i - copies),
                        alternatives=(("misa-senpai", 0.45), ("sayurin", 0.06))) for i in range(n))
    (finding,) = surplus_findings(game, {"3": SeatReading("3", "seat3.jpg", tiles, (600, 120))})
    assert "; " in finding.message  # English as it was
    assert ";" not in finding.message_ja, finding.message_ja
    assert "一番信頼度の低い牌: 3番席の" in finding.message_ja and ")、3番席の" in finding.message_ja, finding.message_ja


def test_the_waits_and_discards_of_a_hand_one_from_winning_are_joined_in_japanese_without_a_semicolon():
    game = load_game("tokyo-mahjong")
    analysis = {"discards": [{"discard": "1m", "waits": [{"tile": "2m"}]},
                             {"discard": "3m", "waits": [{"tile": "4m"}]}]}
    ja = _tenpai_text(game, "2", analysis, ja=True)
    en = _tenpai_text(game, "2", analysis)
    assert ";" not in ja and "待ち、" in ja, ja
    assert "; discard" in en, en
