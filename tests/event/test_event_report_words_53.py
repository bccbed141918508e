"""Session 53: the HTML reports of an event check. The page's <html lang> is the language it was made in
(``TILELENS_LANG=ja``, or a Japanese screen of the app), every English text of it tagged English and every Japanese
one Japanese, whichever that is; a person reads tiles by their names, without their ids ("Misa-senpai", not
"Misa-senpai (misa-senpai)"), which stay in ``report.json`` and the page's data attributes for machines; an English
finding begins with a capital as a sentence does (a file or folder name at its start is left as written); and a near
copy at another table whose report keeps no photo digest (written before session 52) is not said to be "only resized,
recompressed or a little cropped" where its photo looks the very same."""
from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from scorer import load_game  # noqa: E402
from tilelens.event.copies import near_copies_across  # noqa: E402
from tilelens.event.model import Finding, FindingKind, SeatReading, TableReport, TileRef, sentence  # noqa: E402
from tilelens.event.report import write_event_report, write_table_report  # noqa: E402
from tilelens.event.rules import surplus_findings, unsure_findings  # noqa: E402

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _tile(seat: str, i: int, kind: str, conf: float = 0.99) -> TileRef:
    return TileRef(seat, i, kind, (10.0 + 30 * i, 40.0, 35.0 + 30 * i, 80.0), conf)


def _nogizaka_report(name: str = "t1") -> tuple[TableReport, dict[str, np.ndarray]]:
    """One seat of Nogizaka, misa-senpai read more often than the set holds and one tile read unsurely."""
    game = load_game("nogizaka")
    n = game.inventory()["misa-senpai"] + 1
    tiles = tuple(_tile("2", i, "misa-senpai", 0.99 if i else 0.5) for i in range(n)) + (_tile("2", n, "sayurin"),)
    seat = SeatReading("2", "seat2.jpg", tiles, (40 + 30 * len(tiles), 120))
    findings = tuple(surplus_findings(game, {"2": seat}) + unsure_findings(game, {"2": seat}, 0.7))
    return (TableReport(name, "nogizaka", findings, (seat,), dealer="2"),
            {"2": np.full((120, 40 + 30 * len(tiles), 3), 90, np.uint8)})


class _Texts(HTMLParser):
    """Each text of a page's body with the language it is in (the nearest ``lang`` above it)."""

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.root = ""
        self.texts: list[tuple[str, str]] = []
        self.in_body = False

    def handle_starttag(self, tag, attrs):
        lang = dict(attrs).get("lang")
        if tag == "html":
            self.root = lang or ""
        if tag == "body":
            self.in_body = True
        if tag not in ("img", "meta", "br"):
            self.stack.append((tag, lang))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if self.in_body and data.strip():
            lang = next((lang for _, lang in reversed(self.stack) if lang), self.root)
            self.texts.append((lang, data.strip()))


def _texts(html: str) -> _Texts:
    parser = _Texts()
    parser.feed(html)
    return parser


def _visible(html: str) -> str:
    """The page's body as read, a tile's span within its list dropped (no space before its comma)."""
    body = re.sub(r"<span data-tile[^>]*>(.*?)</span>", r"\1", html.split("<body>", 1)[1])
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_page_and_the_event_page_say_the_language_they_were_made_in(tmp_path, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    report, photos = _nogizaka_report()
    d = write_table_report(tmp_path / "t1", report, photos, event_link=True)
    event = {"game": "nogizaka", "model_version": "m", "tables": [{**d, "counts": {"error": 1}}]}
    write_event_report(tmp_path, event)
    for page in (tmp_path / "t1" / "index.html", tmp_path / "index.html"):
        html = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in html, html[:200]
        parsed = _texts(html)
        # English in an English element, Japanese in a Japanese one, whatever the page's own language
        wrong = [(ln, t) for ln, t in parsed.texts if (ln == "ja" and ENGLISH_WORD.search(re.sub(
            r"\b(seat\d\.jpg|t1|misa-senpai|nogizaka)\b", "", t))) or (ln != "ja" and JAPANESE.search(t))]
        assert not wrong, (page.name, wrong)


def test_the_language_can_be_given_by_the_caller(tmp_path, monkeypatch):
    """The app's page writes in the screen's language, whatever TILELENS_LANG says."""
    monkeypatch.setenv("TILELENS_LANG", "en")
    report, photos = _nogizaka_report()
    write_table_report(tmp_path / "t1", report, photos, lang="ja")
    html = (tmp_path / "t1" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ja">' in html
    title = re.search(r"<title>(.*?)</title>", html).group(1)
    assert JAPANESE.search(title.split(" / ")[0]), title  # a Japanese page's title leads in Japanese


def test_the_page_names_tiles_without_their_ids_which_the_json_keeps(tmp_path):
    report, photos = _nogizaka_report()
    write_table_report(tmp_path / "t1", report, photos)
    html = (tmp_path / "t1" / "index.html").read_text(encoding="utf-8")
    text = _visible(html)
    assert "(misa-senpai)" not in text and "(sayurin)" not in text, text
    assert "Misa-senpai read" in text and "みさ先輩を7枚" in text, text  # the finding, by the name alone
    assert "1. Misa-senpai (error, 0.50), 2. Misa-senpai (error, 0.99)" in text and "1. みさ先輩 (エラー、信頼度 0.50)、2. みさ先輩 (エラー、信頼度 0.99)" in text, text  # the tiles read
    assert 'alt="tile read as Misa-senpai"' in html  # the page's language alone
    assert 'title="seat 2, tile 1: Misa-senpai (0.50)"' in html
    assert 'data-read="misa-senpai"' in html and 'data-kind="misa-senpai"' in html  # the id, for a machine
    stored = json.loads((tmp_path / "t1" / "report.json").read_text(encoding="utf-8"))
    assert any("(misa-senpai)" in f["message"] for f in stored["findings"])  # machine-readable: kept as it was


def test_a_riichi_seat_is_listed_by_its_names_in_each_language(tmp_path):
    tiles = tuple(_tile("1", i, k) for i, k in enumerate(["8m", "9m", "1p"]))
    report = TableReport("t1", "tokyo-mahjong", (), (SeatReading("1", "seat1.jpg", tiles, (130, 120)),), dealer="1")
    write_table_report(tmp_path / "t1", report, {"1": np.full((120, 130, 3), 90, np.uint8)})
    text = _visible((tmp_path / "t1" / "index.html").read_text(encoding="utf-8"))
    assert "1. 8 Man, 2. 9 Man, 3. 1 Pin" in text, text  # as the crops' alt texts name them (a screen reader read "8m")
    assert "1. 八萬、2. 九萬、3. 一筒" in text, text
    assert "(8m)" not in text


def test_english_findings_begin_with_a_capital_in_the_reports(tmp_path):
    report, photos = _nogizaka_report()
    manifest = Finding(FindingKind.BAD_MANIFEST, "table.toml: players must be 2, 3 or 4 (got 5)",
                       message_ja="table.toml: players は 2、3、4 のどれかにしてください")
    report = TableReport(report.table, report.game, (*report.findings, manifest), report.seats, dealer="2")
    d = write_table_report(tmp_path / "t1", report, photos, event_link=True)
    write_event_report(tmp_path, {"game": "nogizaka", "model_version": "m", "tables": [{**d, "counts": {}}]})
    for page in (tmp_path / "t1" / "index.html", tmp_path / "index.html"):
        text = _visible(page.read_text(encoding="utf-8"))
        assert "Seat 2: 1 tiles to confirm" in text or "Seat 2, tile 1: read as" in text, text
        assert "seat 2, tile 1: read as" not in text and "seat 2: 1 tiles" not in text, text
        assert "table.toml: players" in text, text  # a file's name as written, not "Table.toml"


@pytest.mark.parametrize("message, said", [
    ("seat 2, tile 3: read as X", "Seat 2, tile 3: read as X"),
    ("the wall has 3 tiles", "The wall has 3 tiles"),
    ("no photo for seat 4", "No photo for seat 4"),
    ("seats 1, 2: these tiles do not look like Nogizaka's", "Seats 1, 2: these tiles do not look like Nogizaka's"),
    ("seat 2's photo shows another set's tiles", "Seat 2's photo shows another set's tiles"),
    ("most tables (3 of 4): their tiles", "Most tables (3 of 4): their tiles"),
    ("table.toml: players must be 2, 3 or 4", "table.toml: players must be 2, 3 or 4"),
    ("wall.jpg: x", "wall.jpg: x"),
    ("seat5.jpg: seat 5 does not exist", "seat5.jpg: seat 5 does not exist"),
    ("table-03 is no table: its folder", "table-03 is no table: its folder"),
    ("8m read 5 times", "8m read 5 times"),
    ("", ""),
])
def test_a_sentence_is_capitalised_where_it_begins_with_our_own_word(message, said):
    assert sentence(message) == said


def _seat(seat: str, digest: str = "") -> SeatReading:
    tiles = tuple(_tile(seat, i, k) for i, k in enumerate(["misa-senpai", "sayurin", "maimai", "marika", "rarin"]))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (200, 120), look="ab" * 8 * len(tiles), digest=digest)


def test_an_old_report_without_digests_is_not_said_to_be_a_resized_copy_of_a_photo_that_looks_the_same():
    """Reports written before session 52 keep no digest: one file at two tables is told by its look alone, and a look
    0 bits apart is the same photo to the eye, not "only resized, recompressed or a little cropped"."""
    old = TableReport("table-01", "nogizaka", (), (_seat("3"),)).to_dict()
    new = TableReport("table-02", "nogizaka", (), (_seat("3", digest="d" * 64),)).to_dict()
    found = near_copies_across({"table-01": old, "table-02": new})
    said = [f for fs in found.values() for f in fs]
    assert len(said) == 2, said
    for f in said:
        assert "resized" not in f.message and "大きさ・圧縮" not in f.message_ja, f
        assert "same file as" not in f.message, f  # not known without a digest: no claim of it either
        assert "looks like the same photo" in f.message and "同じ写真のようです" in f.message_ja, f
