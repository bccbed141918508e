"""A table marking no dealer, the one seat of the dealer's count taken as the dealer (a
notice, ``DEALER_TAKEN``), cannot be told from a misdeal: the real dealer (seat 1) one short and seat 3 one over give
the same counts. The notice keeps its severity (the usual case is a right deal, the dealer unmarked) but says the
other reading too, in English and Japanese, and the HTML report and the seats CSV show it as written."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from scorer import load_game  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, Severity, TileRef, Verdict, verdict_of  # noqa: E402
from tilelens.event.rules import Seating, check_readings  # noqa: E402

OTHER = "if seat 3 did not deal, it holds one tile too many and the dealer's hand is one short: count both hands"
OTHER_JA = "3番席が親でなければ、3番席の牌が1枚多く、親の牌が1枚足りません"
# A misdeal a reviewer found: seat 1 dealt (unmarked) and holds 8, one short; seat 3 holds 9, one too many.
MISDEALT = dict(CLEAN, **{"1": CLEAN["1"][:8], "3": CLEAN["3"] + [CLEAN["1"][8]]})


@pytest.fixture(scope="module")
def nogi():
    return load_game("nogizaka")


def _rv1_table(game) -> dict[str, SeatReading]:
    kinds = [t.id for t in game.tiles for _ in range(t.copies)]

    def seat(s: str, n: int, start: int) -> SeatReading:
        tiles = tuple(TileRef(s, i, kinds[start + i], (60.0 * i, 0, 60.0 * i + 50, 70), 0.99) for i in range(n))
        return SeatReading(s, f"seat{s}.jpg", tiles, kind_sure=0.99)

    return {"1": seat("1", 8, 0), "2": seat("2", 8, 8), "3": seat("3", 9, 16), "4": seat("4", 8, 25)}


def test_the_notice_names_the_misdeal_it_cannot_tell_apart(nogi):
    found = check_readings(nogi, Seating(("1", "2", "3", "4"), None), _rv1_table(nogi), None, 0.5)
    (f,) = [f for f in found if f.kind is FindingKind.DEALER_TAKEN]
    assert f.severity is Severity.NOTICE and f.seats == ("3",) and verdict_of(found) is Verdict.OK
    assert "seat 3, the one seat holding 9 tiles (the dealer's count), is taken as the dealer" in f.message
    assert "rename seat3.jpg to seat3-dealer.jpg" in f.message  # how to mark it, as before
    assert OTHER in f.message, f.message
    assert "3番席を親としてチェックしました" in f.message_ja and OTHER_JA in f.message_ja, f.message_ja
    assert "数え直してください" in f.message_ja


def test_the_report_page_and_the_csv_say_it(tmp_path, nogi):
    from tilelens.event.report import table_dict, table_html
    from tilelens.event.runner import check_table
    from tilelens.event.seats_csv import HEADERS, table_rows

    reader = ExactReader()
    folder = make_table(reader, tmp_path / "event", "table-01", MISDEALT, dealer="")  # seat1.png .. seat4.png
    report = check_table(read_table_folder(folder), nogi, reader)[0]
    assert report.verdict is Verdict.OK and report.dealer == "3"
    (f,) = [f for f in report.findings if f.kind is FindingKind.DEALER_TAKEN]
    assert OTHER in f.message and OTHER_JA in f.message_ja
    assert OTHER.replace("'", "&#x27;") in table_html(report, {}, lang="en")
    assert OTHER_JA in table_html(report, {}, lang="ja")
    rows = table_rows("table-01", table_dict(report))
    (three,) = [r for r in rows if r[HEADERS.index("seat")] == "3"]
    assert OTHER in three[HEADERS.index("findings")] and OTHER_JA in three[HEADERS.index("findings_ja")]
