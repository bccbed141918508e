"""Session 62 (F14): an event checked in Japanese (TILELENS_LANG=ja) writes its pages Japanese first on each line,
English second and smaller (both kept: a bilingual event), the pages' fixed texts too; the language a page was made in
is kept in report.json and event.json, and a check again in the other language draws the tables' pages again in it;
a table's own page shows the other table's photo beside a photo copied across tables, as the event's page does."""
from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from tilelens.event.report import CSS  # noqa: E402
from tilelens.event.runner import CheckOptions, check_event  # noqa: E402


def _event(tmp_path: Path) -> tuple[Path, ExactReader]:
    """Two tables, seat 2's photo of 卓1 copied to 卓2: a copy across tables at each."""
    reader = ExactReader()
    one = make_table(reader, tmp_path / "ev", "卓1", CLEAN)
    two = make_table(reader, tmp_path / "ev", "卓2", {**CLEAN, "2": ["kotoko"] * 8})
    shutil.copy(one / "seat2.png", two / "seat2.png")
    return tmp_path / "ev", reader


def _check(event: Path, reader: ExactReader, out: Path) -> None:
    check_event(event, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)


def _page(path: Path) -> str:
    return re.sub(r"data:image/[^\"]*", "DATA", path.read_text(encoding="utf-8"))


@pytest.fixture
def japanese(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TILELENS_LANG", "ja")
    event, reader = _event(tmp_path)
    _check(event, reader, tmp_path / "out")
    return tmp_path / "out"


def test_the_event_page_of_a_japanese_check_says_japanese_first(japanese):
    page = _page(japanese / "index.html")
    assert '<html lang="ja">' in page
    assert "<span class=\"ja\"" not in page, "a Japanese line second on a Japanese page"
    assert ('<h1><span lang="ja">配牌チェック: 2卓中0卓が問題なし</span>'
            '<span class="en" lang="en">Event check: 0 of 2 tables in order</span></h1>') in page
    assert '<p class="links" lang="ja">卓へのリンクは' in page and '<span class="en" lang="en">The tables\' links' in page
    assert '<p lang="ja">ゲーム: 乃木坂ドンジャラ。' in page and '<span class="en" lang="en">Game: Nogizaka' in page
    assert '<th><span lang="ja">卓</span> / <span lang="en">table</span></th>' in page
    assert '<span lang="ja">問題あり</span> / <span lang="en">not in order</span>' in page
    assert '<td class="sev sev-error" lang="ja">エラー<span class="en" lang="en">error</span></td>' in page
    assert re.search(r'<td lang="ja">2番席: 写真 seat2\.png は卓2の2番席の写真 \(seat2\.png\) と同じファイルです[^<]*'
                     r'<span class="en" lang="en">Seat 2: photo seat2\.png is the same file', page), page
    assert '<p class="attention"><span lang="ja">問題あり (2卓)' in page
    assert 'alt="手牌の写真"' in page and '<figcaption lang="ja">2番席<span class="en" lang="en">seat 2</span>' \
        in page


def test_a_tables_page_of_a_japanese_check_says_japanese_first(japanese):
    page = _page(japanese / "卓2" / "index.html")
    assert '<html lang="ja">' in page and "<span class=\"ja\"" not in page
    assert '<p class="organisers" lang="ja">主催者用: ' in page and '<span class="en" lang="en">For the organisers' in page
    assert '<h2><span lang="ja">指摘</span> / <span lang="en">Findings</span></h2>' in page
    assert '<h2><span lang="ja">写真</span> / <span lang="en">Photos</span></h2>' in page
    assert '<p lang="ja">ゲーム: 乃木坂ドンジャラ。' in page
    assert '<span lang="ja">イベントの全卓 (レポートのフォルダの中で開きます)</span> / <span lang="en">All tables' in page
    assert ('<figcaption lang="ja">1番席 (親): seat1-dealer.png から9枚読みました<span class="en" lang="en">seat 1 '
            '(dealer): 9 tiles read from seat1-dealer.png</span></figcaption>') in page
    # the tiles read: the Japanese names first, each with its id and confidence kept for a machine
    assert re.search(r'<p class="tiles-read" lang="ja">読んだ牌: <span data-tile="1" data-read="misa-senpai" '
                     r'title="0\.98">1\. みさ先輩</span>、', page), page
    assert '<span class="en" lang="en">Tiles read: 1. Misa-senpai, 2. Sayurin' in page
    assert '<td class="sev sev-error" lang="ja">エラー<span class="en" lang="en">error</span></td>' in page


def test_an_english_check_keeps_english_first(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    event, reader = _event(tmp_path)
    _check(event, reader, tmp_path / "out")
    for page in (_page(tmp_path / "out" / "index.html"), _page(tmp_path / "out" / "卓2" / "index.html")):
        assert '<html lang="en">' in page and "<span class=\"en\"" not in page
        assert '<td class="sev sev-error" lang="en">error<span class="ja" lang="ja">エラー</span></td>' in page
    assert '<p class="organisers" lang="en">For the organisers' in _page(tmp_path / "out" / "卓1" / "index.html")
    assert json.loads((tmp_path / "out" / "卓1" / "report.json").read_text(encoding="utf-8"))["page_lang"] == "en"


def test_the_second_language_is_the_smaller_line():
    rule = re.search(r"\.ja,\.en\{([^}]*)\}", CSS)
    assert rule is not None and "display:block" in rule.group(1) and "font-size" in rule.group(1), CSS


def test_the_pages_language_is_kept_in_the_reports(japanese):
    assert json.loads((japanese / "event.json").read_text(encoding="utf-8"))["page_lang"] == "ja"
    for table in ("卓1", "卓2"):
        assert json.loads((japanese / table / "report.json").read_text(encoding="utf-8"))["page_lang"] == "ja"


def test_a_check_again_in_english_draws_the_tables_pages_again_in_english(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    event, reader = _event(tmp_path)
    _check(event, reader, tmp_path / "out")
    calls = reader.calls
    monkeypatch.setenv("TILELENS_LANG", "en")
    _check(event, reader, tmp_path / "out")
    assert reader.calls == calls, "no photo read again: the pages drawn from the readings kept"
    page = _page(tmp_path / "out" / "卓1" / "index.html")
    assert '<html lang="en">' in page and '<p class="organisers" lang="en">' in page
    assert json.loads((tmp_path / "out" / "卓1" / "report.json").read_text(encoding="utf-8"))["page_lang"] == "en"


def test_a_tables_page_shows_the_other_tables_photo_beside_a_copy(japanese):
    page = _page(japanese / "卓2" / "index.html")
    row = page.split('data-finding="duplicate-seat"', 1)[1].split("</tr>", 1)[0]
    assert '<img src="../%E5%8D%931/thumbs/seat2.jpg"' in row, row  # the other table's, in the report folder
    assert "卓1 の2番席" in row and "卓1, seat 2" in row
    assert 'src="DATA"' in row  # its own photo beside it still
    assert (japanese / "卓1" / "thumbs" / "seat2.jpg").is_file()
    mine = _page(japanese / "卓1" / "index.html").split('data-finding="duplicate-seat"', 1)[1].split("</tr>", 1)[0]
    assert '<img src="../%E5%8D%932/thumbs/seat2.jpg"' in mine, mine
