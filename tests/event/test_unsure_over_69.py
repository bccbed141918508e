"""An unsure tile whose next guess (one its finding shows) is a kind the table holds every copy of already: read as that
kind, the table would hold one over the set's copies. An organiser's walk found a Tokyo Mahjong deal of five 2p read
as four (one 2p misread as South wind, 2p its second guess at 0.07) said only as "4 tiles to confirm" at its seat,
never that one of them may be the fifth 2p. The finding now says so, one sentence a tile, in both languages, on the
command line, the report, the seats' CSV and the Event page; the verdict stays "to confirm" (the tile is unsure)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))  # the app tests' helpers

from test_event_support import ExactReader, make_table  # noqa: E402

from scorer import load_game  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TableReport, TileRef, Verdict, grouped, verdict_of  # noqa: E402
from tilelens.event.report import tile_ids, without_ids  # noqa: E402
from tilelens.event.rules import Seating, check_readings  # noqa: E402
from tilelens.event.runner import CheckOptions, check_event, summary_line  # noqa: E402
from tilelens.event.seats_csv import HEADERS, table_rows  # noqa: E402

FOUR = Seating(seats=("1", "2", "3", "4"), dealer="1")
# The walk's table-02 as read: seat 1's first two tiles (a 1s and a 2p on a steep rack) read 5z and 2z
HANDS = {"1": ["5z", "2z", "3z", "4p", "4s", "5z", "6p", "6s", "6z", "7s", "8p", "8p", "8s", "9s"],
         "2": ["2p", "3s", "4m", "4m", "4p", "4z", "5p", "6s", "7p", "7s", "8s", "8s", "9p"],
         "3": ["1p", "1s", "1z", "1z", "2p", "2p", "2z", "3p", "3z", "4m", "4s", "5s", "5s"],
         "4": ["1m", "2p", "3p", "3p", "3s", "3s", "4s", "5z", "5z", "6m", "7z", "8m", "8s"]}
# seat 1's tiles read under the threshold, with the reader's guesses (its own kind first), as the walk's report holds
UNSURE = {0: (0.6108, (("5z", 0.6108), ("2z", 0.0276), ("2s", 0.0257))),
          1: (0.5681, (("2z", 0.5681), ("1z", 0.2435), ("2p", 0.0659))),
          11: (0.7789, (("8p", 0.986), ("4p", 0.0011), ("8m", 0.001))),
          12: (0.7244, (("8s", 0.9877), ("6s", 0.0019), ("8m", 0.001)))}
SAID = "tile 2 may be 2 Pin (2p): that would be a fifth 2 Pin, one over the set's 4"
SAID_JA = "2枚目は二筒 (2p) かもしれません: 二筒なら5枚になり、セットの4枚より1枚多くなります"


@pytest.fixture(scope="module")
def tokyo():
    return load_game("tokyo-mahjong")


def _readings(hands: dict[str, list[str]]) -> dict[str, SeatReading]:
    out = {}
    for seat, kinds in hands.items():
        tiles = []
        for i, kind in enumerate(kinds):
            sure, guesses = UNSURE.get(i, (0.97, ())) if seat == "1" else (0.97, ())
            tiles.append(TileRef(seat, i, kind, (10.0 + 60 * i, 40.0, 60.0 + 60 * i, 110.0), sure,
                                 alternatives=guesses))
        out[seat] = SeatReading(seat, f"seat{seat}.jpg", tuple(tiles), image_wh=(900, 160))
    return out


def _unsure(findings):
    return {f.tiles[0].index: f for f in findings if f.kind == FindingKind.UNSURE_TILE}


def test_the_tile_whose_next_guess_would_be_a_fifth_copy_says_so(tokyo):
    findings = check_readings(tokyo, FOUR, _readings(HANDS))
    assert verdict_of(findings) == Verdict.REVIEW  # unsure, not a fault: the tile may be a South wind after all
    unsure = _unsure(findings)
    assert sorted(unsure) == [0, 1, 11, 12]
    tile2 = unsure[1]
    assert tile2.message.startswith("seat 1, tile 2: read as South wind (2z) with confidence ")
    assert tile2.message.endswith(f"(or East wind (1z) 0.24, 2 Pin (2p) 0.07): please confirm; {SAID}")
    assert tile2.message_ja.endswith(f"確かめてください。{SAID_JA}")
    assert tile2.data["would_be_over"] == [{"kind": "2p", "count": 5, "copies": 4}]
    # tile 1's guesses are under the ones shown (2z 0.03): nothing said; nor of guesses of kinds not all held
    assert all("may be" not in unsure[i].message and "かもしれません" not in unsure[i].message_ja for i in (0, 11, 12))
    assert all("would_be_over" not in unsure[i].data for i in (0, 11, 12))


def test_no_word_where_the_table_holds_fewer_than_the_sets_copies(tokyo):
    hands = {**HANDS, "4": ["1m" if k == "2p" else k for k in HANDS["4"]]}  # three 2p: a fourth is no surplus
    findings = check_readings(tokyo, FOUR, _readings(hands))
    assert not any("may be" in f.message or "かもしれません" in f.message_ja for f in findings)
    assert verdict_of(findings) == Verdict.REVIEW


def _report(tokyo) -> dict:
    readings = _readings(HANDS)
    findings = tuple(check_readings(tokyo, FOUR, readings))
    return TableReport("table-02", "tokyo-mahjong", findings, seats=tuple(readings.values()), dealer="1",
                       min_confidence=0.8).to_dict()


def test_a_seat_told_its_tiles_to_confirm_in_one_line_names_the_one_to_look_at(tokyo):
    """The walk's line: 「1番席: 確かめる牌が4枚あります (1、2、12、13枚目)」, and nothing of the fifth 2p."""
    (seat1,) = [f for f in grouped(_report(tokyo)["findings"]) if f["kind"] == FindingKind.UNSURE_TILE]
    assert seat1["message"] == f"seat 1: 4 tiles to confirm (tiles 1, 2, 12, 13); {SAID}"
    assert seat1["message_ja"] == f"1番席: 確かめる牌が4枚あります (1、2、12、13枚目)。{SAID_JA}"


@pytest.mark.parametrize("lang, said", [
    ("en", f"seat 1: 4 tiles to confirm (tiles 1, 2, 12, 13); {SAID}"),
    ("ja", "1番席: 確かめる牌が4枚あります (1、2、12、13枚目)。2枚目は二筒かもしれません: 二筒なら5枚になり、"
           "セットの4枚より1枚多くなります")])
def test_the_command_line_says_it(tokyo, lang, said):
    """From the event's line of the table (``event.json``'s, which keeps a tile to confirm's ``data``)."""
    t = summary_line(_report(tokyo), resumed=False)
    line = "\n".join(event_cli._table_lines(t, lang, ids=tile_ids("tokyo-mahjong")))
    assert said in line, line


def test_the_seats_csv_marks_the_tile_among_those_to_confirm(tokyo):
    rows = {r[1]: dict(zip(HEADERS, r)) for r in table_rows("table-02", _report(tokyo))}
    assert rows["1"]["least-sure tiles"].split("; ")[1] == "2. 2z 56.8% (may be 2p: would be 5, the set has 4)"
    assert "(may be" not in rows["1"]["least-sure tiles"].split("; ")[0]
    assert SAID in rows["1"]["findings"]
    assert without_ids(SAID_JA, tile_ids("tokyo-mahjong")) in rows["1"]["findings_ja"]


class _GuessingReader(ExactReader):
    """``ExactReader`` whose tiles read under 0.9 have a next guess at 0.30: Rarin for a Miona, else Ashu."""

    def __call__(self, image):
        reading = super().__call__(image)
        for t in reading.tiles:
            if t.confidence["kind"] < 0.9:
                t.alternatives = [(t.kind, t.confidence["kind"]), ("rarin" if t.kind == "miona" else "ashu", 0.30)]
        return reading


# A Nogizaka deal of six Rarin (the set's six) and, at seat 2, a seventh read as Miona at 0.50, beside two more tiles
# to confirm (their guess Ashu, of which the table holds two): the seat's three told in one line
RARIN_SIX = {"1": ["rarin", "rarin", "misa-senpai", "sayurin", "maimai", "marika", "sayunyan", "minami", "miona"],
             "2": ["miona", "rarin", "himetan", "miria", "kotoko", "ashu", "misa-senpai", "sayurin"],
             "3": ["rarin", "rarin", "maimai", "marika", "sayunyan", "minami", "himetan", "miria"],
             "4": ["rarin", "kotoko", "ashu", "misa-senpai", "sayurin", "maimai", "marika", "sayunyan"]}
NOGI_SAID = "tile 1 may be Rarin: that would be a seventh Rarin, one over the set's 6"
NOGI_SAID_JA = "1枚目はらりんかもしれません: らりんなら7枚になり、セットの6枚より1枚多くなります"


@pytest.fixture
def checked(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    reader = _GuessingReader()
    make_table(reader, tmp_path / "event", "t1", RARIN_SIX, conf={"2": {0: 0.5, 2: 0.5, 3: 0.5}})
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return out


def test_the_check_writes_it_in_the_report_and_its_pages(checked):
    import html
    import json

    report = json.loads((checked / "t1" / "report.json").read_text(encoding="utf-8"))
    assert report["verdict"] == "review"
    tile, *others = [f for f in report["findings"] if f["kind"] == "unsure-tile"]
    assert tile["message"].endswith(f"; {NOGI_SAID.replace('Rarin', 'Rarin (rarin)', 1)}")
    assert tile["data"]["would_be_over"] == [{"kind": "rarin", "count": 7, "copies": 6}]
    assert len(others) == 2 and not any("may be" in f["message"] for f in others)
    table_page = html.unescape((checked / "t1" / "index.html").read_text(encoding="utf-8"))
    assert NOGI_SAID in table_page and NOGI_SAID_JA in table_page
    event_page = html.unescape((checked / "index.html").read_text(encoding="utf-8"))  # the seat's three in one line
    assert f"Seat 2: 3 tiles to confirm (tiles 1, 3, 4); {NOGI_SAID}" in event_page
    assert f"2番席: 確かめる牌が3枚あります (1、3、4枚目)。{NOGI_SAID_JA}" in event_page


@pytest.mark.parametrize("lang, said", [("en", f"Seat 2: 3 tiles to confirm (tiles 1, 3, 4); {NOGI_SAID}"),
                                        ("ja", f"2番席: 確かめる牌が3枚あります (1、3、4枚目)。{NOGI_SAID_JA}")])
def test_the_event_page_shows_it(checked, lang, said):
    from app_helpers import open_page, texts

    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(checked)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert said in texts(at)
