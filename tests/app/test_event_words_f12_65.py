"""Session 65 (F12), the Event page's words (W9's walk): the English list of the tables to look at began each finding
after the first with a capital mid-line ("…look at each; Seat 1, tile 3: read as…", where the command line says "seat
1"); a seat of another set said "(they look like Tokyo Mahjong (riichi)'s)", brackets in brackets; a seat's tiles read
did not say which a finding flags, as the HTML report does ("3. 2z (to confirm, 0.64)")."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from app_helpers import open_page
from test_event_page_51 import SURPLUS, _check, _out, _t, _upload, support
from scorer import load_game
from tilelens.event.model import SeatReading, TileRef
from tilelens.event.rules import other_game_findings

UNSURE = ("2", 2, 0.5)  # seat 2's third tile read at 0.50: to confirm (under 0.80)


def _photo(reader, path: Path, read: list[tuple[str, float]], seed: int) -> bytes:
    """A photo of noise known to ``reader`` as ``read`` (each tile's kind and confidence)."""
    from PIL import Image

    from tilelens.event.layout import Photo
    from tilelens.event.reading import load_photo

    pixels = np.random.default_rng(seed).integers(0, 256, (60, 20 + 30 * len(read), 3), dtype=np.uint8)
    Image.fromarray(pixels).save(path)
    reader.known[reader.key(load_photo(Photo(path.name, path=path)))] = read
    return path.read_bytes()


@pytest.fixture
def table(monkeypatch, tmp_path):
    """A table not in order (a tile read 9 times) with a tile to confirm, the page reading it with the exact reader."""
    from app.components import resources

    reader = support.ExactReader()
    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    seat, index, sure = UNSURE
    return {s: _photo(reader, tmp_path / f"seat{s}.png",
                      [(k, sure if (s, i) == (seat, index) else 0.98) for i, k in enumerate(kinds)], seed=int(s))
            for s, kinds in SURPLUS.items()}


def _checked(lang: str, photos: dict[str, bytes]):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos)
    _check(at)
    return at


def test_the_tables_list_says_a_finding_after_the_first_as_the_command_line_does(home, table):
    at = _checked("en", table)
    (line,) = [m.value for m in at.markdown if m.value.startswith("- **table-01**: ")]
    assert "; seat 2, tile 3: read as" in line, line  # not "; Seat 2, tile 3"
    assert not re.search(r"; [A-Z]", line), line
    # a finding alone on its line still begins with a capital (session 53)
    assert any("] Seat 2, tile 3: read as" in m.value for m in at.markdown), [m.value for m in at.markdown]


def test_the_japanese_tables_list_says_both_findings(home, table):
    at = _checked("ja", table)
    (line,) = [m.value for m in at.markdown if m.value.startswith(f"- **{_t('table-01', 'ja')}**: ")]
    assert "2番席の3枚目" in line and "。" in line, line


@pytest.mark.parametrize("lang, flagged", [("en", "3. {name} (to confirm, 0.50)"),
                                           ("ja", "3. {name} (要確認、信頼度 0.50)")])
def test_a_seats_tiles_read_mark_the_tiles_to_confirm_as_the_html_report_does(home, table, lang, flagged):
    from tilelens.event.report import tile_labels

    at = _checked(lang, table)
    en, ja = tile_labels([{"index": 2, "kind": SURPLUS["2"][2]}], "nogizaka", ids=False)
    name = (ja if lang == "ja" else en)[0].partition(". ")[2]
    said = flagged.format(name=name)
    (seat2,) = [m.value for m in at.markdown if m.value.startswith(("**Seat 2**", "**2番席**"))]
    assert said in seat2, seat2
    page = (_out(at) / _t("table-01", lang) / "index.html").read_text(encoding="utf-8")
    assert said in page  # the words of the table's HTML report
    # a tile read as one a finding counts too (kotoko, 9 times: the error's), as the report's page marks it
    assert ("(error, 0.98)" if lang == "en" else "(エラー、信頼度 0.98)") in seat2, seat2
    assert "1. Kotoko, " not in seat2


def _nested(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth > 1:
            return True
    return False


def test_a_seat_of_another_set_is_said_without_brackets_in_brackets():
    nogi = load_game("nogizaka")
    readings = {s: SeatReading(s, f"seat{s}.jpg", tuple(TileRef(s, i, "rarin", (0, 0, 1, 1), 0.9) for i in range(8)),
                               kind_sure=0.9) for s in "1234"}
    readings["3"] = SeatReading("3", "seat3.jpg", readings["3"].tiles, other_game=True, looks_like="tokyo-mahjong")
    [f] = other_game_findings(nogi, readings)
    assert "Tokyo Mahjong (riichi)'s" in f.message and not _nested(f.message), f.message
    assert f.message.startswith("seat 3's photo shows another set's tiles, which look like Tokyo Mahjong (riichi)'s: "
                                "retake it"), f.message
    assert f.message_ja.startswith("3番席の写真は別のセットの牌です。東京麻雀の牌に見えます。撮り直すか"), f.message_ja
    assert not _nested(f.message_ja)
