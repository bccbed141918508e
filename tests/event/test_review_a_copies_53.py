"""Review of session 53: a near copy at other tables whose look is under 0.05 bits a tile apart (one bit over a
wall of 25 tiles) is said in the same words one table at a time and grouped (it was "only resized, recompressed"
at each table but "identical to look at" once grouped: the grouping read the rounded 0.0)."""
from __future__ import annotations

from tilelens.event.copies import _told_why, _why_told, across_told, near_copies_across
from tilelens.event.model import SeatReading, TableReport, TileRef

N = 25


def _seat(look: str) -> SeatReading:
    tiles = tuple(TileRef("1", i, "rarin", (10.0 + 30 * i, 40.0, 35.0 + 30 * i, 80.0), 0.99) for i in range(N))
    return SeatReading("1", "seat1.jpg", tiles, (30 * N + 40, 120), look=look)


def test_a_look_one_bit_apart_over_many_tiles_is_said_alike_at_each_table_and_grouped():
    look = "ab" * 8 * N
    bit_off = "aa" + look[2:]  # one bit of one tile: 1/25 = 0.04 bits a tile
    reports = {"table-01": TableReport("table-01", "nogizaka", (), (_seat(look),)).to_dict()}
    for i in range(2, 6):
        reports[f"table-{i:02d}"] = TableReport(f"table-{i:02d}", "nogizaka", (), (_seat(bit_off),)).to_dict()
    found = near_copies_across(reports)["table-01"]
    assert len(found) == 4
    for f in found:
        assert "only resized, recompressed" in f.message, f.message
        assert _told_why(_why_told(f.data))[0] in f.message  # the grouping's words are the line's
    told = across_told([f.to_dict() for f in found])
    [one] = told
    assert "4 other tables" in one["message"], one["message"]
    assert "only resized, recompressed" in one["message"] and "identical" not in one["message"], one["message"]
    assert "大きさ・圧縮" in one["message_ja"]
