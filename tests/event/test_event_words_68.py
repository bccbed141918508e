"""The event page's and the HTML report's words a browser walk found wanting.

1. A riichi seat's English tiles read named its tiles by their ids ("9. 1z (error, 0.94)", which a screen reader says
   "one z"), while its findings, its crops' alt texts and the Japanese line name them ("East wind", 東): they are named
   as the crops are (``report.alt_names``), in the app and the HTML report alike; a Donjara tile as before.
2. The Japanese seat line put a space before its particle (「1番席 (親) の牌:」, the photo's alt 「1番席 (親)の写真」);
   the bold that ends on a bracket right before の still closes.
3. The event summary's Japanese line about a table ended without its full stop (「…(信頼度 0.50)。確かめてください」),
   where the finding's own line ends with 。.
"""
from __future__ import annotations

import re
import unicodedata

import pytest

from scorer import load_game
from tilelens.event.model import Finding, FindingKind, SeatReading, TableReport, TileRef
from tilelens.event.report import alt_names, table_html, tile_labels, tiles_read

SEAT4 = ["5z", "1z", "5p", "8s"]  # tile 2 read as East wind at 0.94 (an error's), tile 3 as 5 Pin at 0.50 (to confirm)
SURE = {1: 0.94, 2: 0.5}


def _refs(seat: str, kinds: list[str]) -> tuple[TileRef, ...]:
    return tuple(TileRef(seat, i, k, (10.0 + 30 * i, 40.0, 35.0 + 30 * i, 80.0), SURE.get(i, 0.99))
                 for i, k in enumerate(kinds))


def _findings(refs: tuple[TileRef, ...]) -> tuple[Finding, ...]:
    return (Finding(FindingKind.SURPLUS, "East wind (1z) read 8 times", ("4",), (refs[1],),
                    message_ja="東 (1z) を8枚読みました"),
            Finding(FindingKind.UNSURE_TILE, "seat 4, tile 3: read as 5 Pin (5p) with confidence 0.50: please confirm",
                    ("4",), (refs[2],), message_ja="4番席の3枚目: 五筒 (5p) と読みました (信頼度 0.50)。確かめてください"))


def _visible(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"<img[^>]*>|</?span[^>]*>", "", html)).split())


# --- 1. a riichi tile named as its crop is ----------------------------------------------------------------------------

def test_every_riichi_tile_is_listed_by_the_name_its_crop_says():
    tiles = [{"index": i, "kind": t.id} for i, t in enumerate(load_game("tokyo-mahjong").tiles)]
    en, ja = tile_labels(tiles, "tokyo-mahjong", ids=False)
    names = {"en": alt_names("tokyo-mahjong", "en"), "ja": alt_names("tokyo-mahjong", "ja")}
    assert [label.partition(". ")[2] for label in en] == [names["en"][t["kind"]] for t in tiles]
    assert [label.partition(". ")[2] for label in ja] == [names["ja"][t["kind"]] for t in tiles]
    assert en[30] == "31. East wind" and en[19] == "20. Red 5 Pin", en


def test_the_tiles_read_with_ids_say_a_riichi_tile_as_its_findings_do():
    en, ja = tiles_read([{"index": 0, "kind": "8m"}, {"index": 1, "kind": "zz"}], "tokyo-mahjong")
    assert en == "Tiles read: 1. 8 Man (8m), 2. zz", en  # as "East wind (1z) read 8 times" names it
    assert ja == "読んだ牌: 1. 八萬 (8m)、2. zz", ja


@pytest.mark.parametrize("game, kind, name", [("nogizaka", "misa-senpai", "Misa-senpai"),
                                              ("cinderella-neo", "shimamura-uzuki", "Uzuki Shimamura"),
                                              ("yokai-watch", "yokai-01", "Yokai 01")])
def test_a_donjara_tile_is_listed_by_its_english_name_as_before(game, kind, name):
    en, _ = tile_labels([{"index": 0, "kind": kind}], game, ids=False)
    assert en == [f"1. {name}"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_page_lists_a_riichi_seat_by_its_tiles_names_with_their_marks(lang):
    refs = _refs("4", SEAT4)
    report = TableReport("t1", "tokyo-mahjong", _findings(refs), (SeatReading("4", "seat4.jpg", refs, (150, 120)),),
                         dealer="1")
    files = {f"crops/seat4-t{i + 1:02d}.jpg": b"x" for i in range(4)}
    html = table_html(report, files, lang=lang)
    figure = re.search(r'<figure data-seat="4">(.*?)</figure>', html, re.S).group(1)
    text = _visible(figure)
    assert "Tiles read: 1. White dragon, 2. East wind (error, 0.94), 3. 5 Pin (to confirm, 0.50), 4. 8 Sou" in text, \
        text
    assert "読んだ牌: 1. 白、2. 東 (エラー、信頼度 0.94)、3. 五筒 (要確認、信頼度 0.50)、4. 八索" in text, text
    assert not re.search(r"\b[1-9][mpsz]\b", text), text  # no id a screen reader spells out
    assert 'data-read="1z"' in figure  # kept for a machine
    if lang == "en":  # a crop's hover names it as its alt does
        assert 'title="seat 4, tile 2: East wind (0.94)"' in html and 'alt="tile read as East wind"' in html, html


# --- 1 and 2. the event page's seat lines -----------------------------------------------------------------------------

def _report_dict() -> dict:
    refs = _refs("4", SEAT4)
    tiles = [{"index": t.index, "kind": t.kind, "confidence": t.confidence} for t in refs]
    findings = [{"severity": str(f.severity), "tiles": [{"seat": "4", "index": t.index} for t in f.tiles]}
                for f in _findings(refs)]
    return {"game": "tokyo-mahjong", "dealer": "1", "findings": findings,
            "seats": [{"seat": "1", "tiles": [{"index": 0, "kind": "2m", "confidence": 0.99}]},
                      {"seat": "4", "tiles": tiles}]}


def _seat_lines(monkeypatch, shown: str) -> list[str]:
    from app.components import event_table_view, i18n

    monkeypatch.setattr(i18n, "lang", lambda: shown)
    monkeypatch.setattr(event_table_view, "lang", lambda: shown)
    lines: list[str] = []
    monkeypatch.setattr(event_table_view.st, "markdown", lambda text, *a, **k: lines.append(text))
    event_table_view.seat_tiles(_report_dict())
    return lines


def test_the_event_pages_english_seat_line_names_riichi_tiles_as_their_crops(monkeypatch):
    assert _seat_lines(monkeypatch, "en") == [
        "**Seat 1 (dealer)**, tiles read: 1. 2 Man",
        "**Seat 4**, tiles read: 1. White dragon, 2. East wind (error, 0.94), 3. 5 Pin (to confirm, 0.50), 4. 8 Sou"]


def _bold_closes(line: str) -> bool:
    """Whether the line's first ``**`` is closed by its second (CommonMark: a closing run after punctuation closes
    only before whitespace or punctuation)."""
    start = line.index("**")
    end = line.index("**", start + 2)
    before, after = line[end - 1], line[end + 2:end + 3]
    punct = lambda c: unicodedata.category(c)[0] in "PS"  # noqa: E731
    return not before.isspace() and (not punct(before) or not after or after.isspace() or punct(after))


def test_the_event_pages_japanese_seat_line_has_no_space_before_its_particle(monkeypatch):
    dealer, seat4 = _seat_lines(monkeypatch, "ja")
    assert dealer.replace("\u2060", "") == "**1番席 (親)**の牌: 1. 二萬", dealer
    assert seat4 == "**4番席**の牌: 1. 白、2. 東 (エラー、信頼度 0.94)、3. 五筒 (要確認、信頼度 0.50)、4. 八索", seat4
    assert _bold_closes(dealer) and _bold_closes(seat4), (dealer, seat4)


# --- 3. the summary's line of a table ends as a sentence --------------------------------------------------------------

def test_the_event_summarys_japanese_line_ends_with_its_full_stop(monkeypatch):
    from app.components import i18n
    from app.components.event_report_view import why_lines

    monkeypatch.setattr(i18n, "lang", lambda: "ja")
    refs = _refs("4", SEAT4)
    table = {"table": "t1", "verdict": "fault",
             "findings": [{"kind": str(f.kind), "severity": str(f.severity), "message": f.message,
                           "message_ja": f.message_ja, "seats": list(f.seats), "tiles": []} for f in _findings(refs)]}
    (line,) = why_lines([table], {"1z": ("East wind", "東"), "5p": ("5 Pin", "五筒")})
    assert line == "- **t1**: 東を8枚読みました。4番席の3枚目: 五筒と読みました (信頼度 0.50)。確かめてください。", line
    (more,) = why_lines([dict(table, findings=table["findings"] * 2)], {})
    assert more.endswith("。ほか2件。"), more
