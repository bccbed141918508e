"""Session 63 (F2): a table whose seat photos are named by the winds (南.jpg 西.jpg 北.jpg) but with no 東 (the
dealer's) was told to name the dealer's photo "席N-親.jpg", a form the table does not use; now its no-dealer line names
the wind form it uses: 東.jpg (東家.jpg where its photos say 家). A table named 席2.jpg or seat2.jpg is told as before."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader  # noqa: E402

from scorer import load_game  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading  # noqa: E402
from tilelens.event.rules import Seating, dealer_findings  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402


@pytest.fixture(scope="module")
def nogi():
    return load_game("nogizaka")


def _readings(names: dict[str, str]) -> dict[str, SeatReading]:
    return {seat: SeatReading(seat, photo, ()) for seat, photo in names.items()}


@pytest.mark.parametrize("names, marked", [
    ({"2": "南.jpg", "3": "西.jpg", "4": "北.jpg"}, "東.jpg"),
    ({"2": "南家.png", "3": "西家.png", "4": "北家.png"}, "東家.jpg"),
    ({"2": "席2.jpg", "3": "席3.jpg"}, "席N-親.jpg"),
    ({"2": "seat2.jpg", "3": "seat3.jpg"}, "seatN-dealer.jpg"),
])
def test_the_no_dealer_line_names_the_form_the_table_uses(nogi, names, marked):
    (f,) = dealer_findings(nogi, Seating(("1", "2", "3", "4"), dealer=None), _readings(names))
    assert f.kind is FindingKind.NO_DEALER
    assert f.message.startswith(f"no seat is marked as the dealer (name its photo {marked} or set dealer = N in "
                                "table.toml)"), f.message
    assert f.message_ja.startswith(f"親の席がわかりません (親の写真の名前を {marked} にするか、table.toml に "
                                   "dealer = N と書いてください)"), f.message_ja
    if marked.startswith(("東", "seat")):
        assert "席N-親" not in f.message + f.message_ja


def test_a_wind_named_table_without_east_checked_whole(tmp_path, nogi):
    reader = ExactReader()
    folder = tmp_path / "t1"
    folder.mkdir()
    for wind, hand in (("南", CLEAN["1"]), ("西", CLEAN["3"]), ("北", CLEAN["4"])):
        reader.draw(folder / f"{wind}.jpg", hand)
    report = check_table(read_table_folder(folder, 4), nogi, reader)[0]
    (f,) = [f for f in report.findings if f.kind is FindingKind.NO_DEALER]
    assert "name its photo 東.jpg " in f.message and "親の写真の名前を 東.jpg に" in f.message_ja
    assert "席N-親" not in f.message + f.message_ja
