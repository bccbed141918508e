"""What an organiser's walk of the event check (the command line, and the app on a phone in Japanese) found.

1. A recompressed copy of a seat's photo at a third table went unseen where the same photo was also a byte copy at a
   second table: the seat said to be a byte copy was left out of every comparison across tables, not only of the one
   with the table its finding names.
2. A seat whose photo shows another set's tiles listed them by this game's names, with no word that those names are
   a reading of another set's tiles (the app's seat lines, the HTML report, the seats' CSV).
3. (tests/app/test_event_list_phone_browser_69.py: the table list on a 390 px phone.)
4. Confidences in findings were cut (0.7789 said "0.77") where the seats' CSV rounds them (77.9%).
"""
from __future__ import annotations

import re
from html import unescape

import pytest

from scorer import load_game
from tilelens.event.copies import near_copies_across
from tilelens.event.layout import Photo, TableInput, same_photos_across
from tilelens.event.model import Finding, FindingKind, SeatReading, TableReport, TileRef
from tilelens.event.report import flagged_words, table_html
from tilelens.event.rules import surplus_findings, unsure_findings
from tilelens.event.seats_csv import HEADERS, table_rows

N = 8
LOOK = "ab" * 8 * N  # eight tiles' looks, each 64 bits
RECOMPRESSED = "aa" + LOOK[2:]  # one bit of one tile apart: the photo resaved at another quality


def _tiles(seat: str, kinds: list[str], sure: float = 0.99) -> tuple[TileRef, ...]:
    return tuple(TileRef(seat, i, k, (10.0 + 30 * i, 40.0, 35.0 + 30 * i, 80.0), sure) for i, k in enumerate(kinds))


# --- 1. a near copy at a third table of a photo copied byte for byte --------------------------------------------------

def test_a_recompressed_copy_is_found_where_its_original_is_also_a_byte_copy_at_another_table():
    kinds = [f"yokai-{i:02d}" for i in range(1, N + 1)]
    original, resaved = b"the seat's photo", b"the seat's photo at quality 80"
    tables = [TableInput(name, 4, {"4": Photo("seat4.jpg", data=data)})
              for name, data in (("table-01", original), ("table-02", original), ("table-03", resaved))]
    said = same_photos_across(tables)  # table-01 and table-02: the same file, said as the check says it
    assert set(said) == {"table-01", "table-02"}
    reports = {}
    for table, look in zip(tables, (LOOK, LOOK, RECOMPRESSED)):
        seat = SeatReading("4", "seat4.jpg", _tiles("4", kinds), (300, 120), look=look, digest=table.seats["4"].digest)
        reports[table.name] = TableReport(table.name, "yokai-watch", tuple(said.get(table.name, ())),
                                          (seat,)).to_dict()
    found = near_copies_across(reports)
    third = found.get("table-03", [])
    assert {f.data["table"] for f in third} == {"table-01", "table-02"}, [f.message for f in third]
    assert any("looks like the same photo as table-01's seat 4" in f.message for f in third), third
    assert any("table-01 の4番席の写真" in f.message_ja and "同じ写真のようです" in f.message_ja for f in third), third
    assert {f.data["table"] for f in found.get("table-01", [])} == {"table-03"}  # said at both tables
    # the byte copy between table-01 and table-02 is said once, by its own finding: not again as a near copy
    assert not [f for f in found.get("table-02", []) if f.data["table"] == "table-01"], found["table-02"]
    # tables checked one at a time (the app's uploads) have no finding of a copy at another table: the digests tell it
    for name in ("table-01", "table-02"):
        reports[name]["findings"] = []
    alone = near_copies_across(reports)
    assert [f.data.get("same_file") for f in alone["table-02"] if f.data["table"] == "table-01"] == [True], alone


# --- 2. another set's tiles listed by this game's names, said so -----------------------------------------------------

OTHER_SET = {"en": "another set's tiles, named as this game's: not to be trusted",
             "ja": "このゲームの牌として読んだ名前ですが、別のセットの牌なので当てになりません"}
MAYBE_OTHER_SET = {"en": "perhaps another set's tiles, named as this game's: not to be trusted",
                   "ja": "このゲームの牌として読んだ名前ですが、別のセットの牌かもしれないので当てになりません"}
YOKAI = ["yokai-14", "yokai-01", "yokai-12", "yokai-25"]


def _other_set_report(possibly: bool = False) -> TableReport:
    """Yokai Watch table-05: seat 4 shows Nogizaka tiles, read as Yokai Watch's; seat 1 Yokai Watch's own."""
    own = SeatReading("1", "seat1-dealer.jpg", _tiles("1", ["yokai-02", "yokai-03"]), (300, 120))
    other = SeatReading("4", "seat4.jpg", _tiles("4", YOKAI, 0.165), (300, 120), other_game=True,
                        looks_like="nogizaka")
    data = {"looks_like": "nogizaka", "looks_like_en": "Nogizaka Donjara (fan-made)", **({"possibly": True}
                                                                                          if possibly else {})}
    finding = Finding(FindingKind.OTHER_GAME, "seat 4's photo shows another set's tiles", ("4",), data=data,
                      message_ja="4番席の写真は別のセットの牌です")
    return TableReport("table-05", "yokai-watch", (finding,), (own, other), dealer="1")


def _visible(html: str) -> str:
    return unescape(" ".join(re.sub(r"<[^>]+>", " ", re.sub(r"<img[^>]*>|</?span[^>]*>", "", html)).split()))


def _figure(html: str, seat: str) -> str:
    return _visible(re.search(rf'<figure data-seat="{seat}">(.*?)</figure>', html, re.S).group(1))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_page_says_another_sets_tiles_are_named_as_this_games(lang):
    html = table_html(_other_set_report(), {}, lang=lang)
    seat4, seat1 = _figure(html, "4"), _figure(html, "1")
    assert f"Tiles read ({OTHER_SET['en']}): 1. Yokai 14, 2. Yokai 01" in seat4, seat4
    assert f"読んだ牌 ({OTHER_SET['ja']}): 1. 妖怪14、2. 妖怪01" in seat4, seat4
    assert "trusted" not in seat1 and "当てに" not in seat1, seat1  # a seat of this game's tiles as before


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_page_says_a_seat_that_may_show_another_set_may(lang):
    seat4 = _figure(table_html(_other_set_report(possibly=True), {}, lang=lang), "4")
    assert f"Tiles read ({MAYBE_OTHER_SET['en']}): 1. Yokai 14" in seat4, seat4
    assert f"読んだ牌 ({MAYBE_OTHER_SET['ja']}): 1. 妖怪14" in seat4, seat4


def test_the_seats_csv_says_another_sets_tiles_are_named_as_this_games():
    rows = {row[1]: dict(zip(HEADERS, row)) for row in table_rows("table-05", _other_set_report().to_dict())}
    assert rows["4"]["tiles read"] == f"({OTHER_SET['en']}) yokai-14 yokai-01 yokai-12 yokai-25", rows["4"]
    assert rows["4"]["tiles read_ja"] == f"({OTHER_SET['ja']}) 妖怪14 妖怪01 妖怪12 妖怪25", rows["4"]
    assert rows["1"]["tiles read"] == "yokai-02 yokai-03" and rows["1"]["tiles read_ja"] == "妖怪02 妖怪03", rows["1"]
    maybe = {row[1]: dict(zip(HEADERS, row)) for row in table_rows("t", _other_set_report(True).to_dict())}
    assert maybe["4"]["tiles read"].startswith(f"({MAYBE_OTHER_SET['en']}) yokai-14"), maybe["4"]


def _seat_lines(monkeypatch, shown: str, report: dict) -> list[str]:
    from app.components import event_table_view, i18n

    monkeypatch.setattr(i18n, "lang", lambda: shown)
    monkeypatch.setattr(event_table_view, "lang", lambda: shown)
    lines: list[str] = []
    monkeypatch.setattr(event_table_view.st, "markdown", lambda text, *a, **k: lines.append(text))
    event_table_view.seat_tiles(report)
    return lines


def test_the_event_pages_seat_line_says_another_sets_tiles_are_named_as_this_games(monkeypatch):
    report = _other_set_report().to_dict()
    dealer, seat4 = _seat_lines(monkeypatch, "ja", report)
    assert seat4 == f"**4番席**の牌 ({OTHER_SET['ja']}): 1. 妖怪14、2. 妖怪01、3. 妖怪12、4. 妖怪25", seat4
    assert dealer.replace("\u2060", "") == "**1番席 (親)**の牌: 1. 妖怪02、2. 妖怪03", dealer
    _, seat4 = _seat_lines(monkeypatch, "en", report)
    assert seat4 == f"**Seat 4**, tiles read ({OTHER_SET['en']}): 1. Yokai 14, 2. Yokai 01, 3. Yokai 12, 4. Yokai 25"


# --- 4. confidences rounded as the seats' CSV rounds them -------------------------------------------------------------

def test_a_tile_to_confirm_is_said_at_its_confidence_rounded():
    game = load_game("nogizaka")
    tiles = (TileRef("2", 0, "minami", (0, 0, 5, 5), 0.7789), TileRef("2", 1, "rarin", (5, 0, 10, 5), 0.5681))
    first, second = unsure_findings(game, {"2": SeatReading("2", "seat2.jpg", tiles, (800, 600))}, 0.80)
    assert "confidence 0.78" in first.message and "信頼度 0.78" in first.message_ja, first
    assert "confidence 0.57" in second.message and "信頼度 0.57" in second.message_ja, second


def test_the_least_sure_tiles_of_a_surplus_are_said_rounded():
    game = load_game("nogizaka")
    unsure = (TileRef("2", 0, "minami", (0, 0, 5, 5), 0.5681), *_tiles("2", ["minami"] * 3)[1:])
    seats = {"1": SeatReading("1", "seat1.jpg", _tiles("1", ["minami"] * 4), (200, 100)),
             "2": SeatReading("2", "seat2.jpg", unsure, (200, 100))}  # 7 read, the set has 6
    (found,) = [f for f in surplus_findings(game, seats, 0.80) if f.data["kind"] == "minami"]
    assert "seat 2, tile 1 (0.57" in found.message and "2番席の1枚目 (0.57" in found.message_ja, found.message


def test_a_flagged_tile_in_the_tiles_read_says_the_confidence_its_finding_says():
    from tilelens.event.model import Severity

    assert flagged_words(Severity.REVIEW, 0.7789) == (" (to confirm, 0.78)", " (要確認、信頼度 0.78)")
    assert flagged_words(Severity.REVIEW, 0.7962, below=0.8) == (" (to confirm, 0.79)", " (要確認、信頼度 0.79)")
