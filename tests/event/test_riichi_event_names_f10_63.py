"""Session 63 (F10), from W4's riichi event check:

1. A table whose photos are named by the English winds (East.jpg, South.jpg, West.jpg, North.jpg, any case) was
   refused ("photos ... do not say their seats"); they are seats 1-4 as 東南西北 are, East the dealer, and the lines
   that ask for a wind-named photo (a missing seat, an unmarked dealer, a dealer to move) name the English form.
2. A table of seat1.jpg..seat4.jpg with no dealer marked, exactly one seat holding the dealer's count, was a fault
   ("no seat is marked as the dealer") though every tile was right; that seat is taken as the dealer, with a notice
   saying so and how to mark it, and the others are counted as non-dealers. None or two such seats: the error, as
   before.
3. A photo taken from far away (median tile ~21 px tall in 1280 px) was told "retake it (sharp, well lit, tiles face
   up)"; it is told that its tiles are small in the photo, and to move closer.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from table_photo_helpers import table_folder

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from scorer import load_game  # noqa: E402
from tilelens.event.layout import japanese_named, parse_photo_name, read_table_folder, wind_renamed  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, Severity, TileRef, Verdict, verdict_of  # noqa: E402
from tilelens.event.rules import Seating, check_readings, dealer_findings, poor_photo_finding  # noqa: E402

FOUR = ("1", "2", "3", "4")
# A riichi deal of distinct tiles (none of them a winning or one-from-winning hand): the dealer's 14, the others' 13.
RIICHI = {"1": ["1m", "4m", "7m", "1p", "4p", "7p", "1s", "4s", "7s", "1z", "2z", "3z", "5z", "9m"],
          "2": ["2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s", "4z", "6z", "7z", "9p"],
          "3": ["3m", "6m", "9m", "3p", "6p", "9p", "3s", "6s", "9s", "1z", "2z", "3z", "4z"],
          "4": ["1m", "5m", "9m", "1p", "5p", "9p", "1s", "5s", "9s", "5z", "6z", "7z", "2m"]}


@pytest.fixture(scope="module")
def riichi():
    return load_game("tokyo-mahjong")


@pytest.fixture(scope="module")
def nogi():
    return load_game("nogizaka")


def _reading(seat: str, photo: str, kinds: list[str], px: float = 110.0, sure: float | None = None) -> SeatReading:
    tiles = tuple(TileRef(seat, i, k, (20 + i * px * 0.8, 400, 20 + i * px * 0.8 + px * 0.75, 400 + px), 0.99)
                  for i, k in enumerate(kinds))
    return SeatReading(seat, photo, tiles, image_wh=(1280, 1280), kind_sure=sure)


def _table(hands: dict[str, list[str]], names: dict[str, str] | None = None) -> dict[str, SeatReading]:
    return {s: _reading(s, (names or {}).get(s, f"seat{s}.jpg"), kinds) for s, kinds in hands.items()}


# --- 1. English wind names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, parsed", [
    ("East.jpg", ("1", True)), ("south.JPG", ("2", False)), ("WEST.png", ("3", False)), ("North.jpeg", ("4", False)),
    ("North (1).jpg", ("4", False)), ("east - Copy.jpg", ("1", True)),
    ("東.jpg", ("1", True)), ("北家.jpg", ("4", False)),  # as before
    ("Easton.jpg", None), ("Northwest.jpg", None), ("Southern.jpg", None), ("Wester.jpg", None), ("E.jpg", None),
])
def test_english_wind_names_are_seats_as_the_japanese_are(name, parsed):
    assert parse_photo_name(name) == parsed


def test_english_wind_names_are_not_japanese_named():
    assert not japanese_named("East.jpg") and not japanese_named("south (1).jpg")
    assert japanese_named("東.jpg") and japanese_named("席2.jpg")


@pytest.mark.parametrize("name, wind, renamed", [
    ("South.jpg", 0, "East.jpg"), ("north.png", 1, "south.png"), ("WEST (1).jpg", 0, "EAST.jpg"),
    ("East.jpg", 3, "North.jpg"), ("南.jpg", 0, "東.jpg"), ("東家.png", 3, "北家.png"), ("seat1.jpg", 1, None),
])
def test_a_wind_named_photo_is_renamed_in_its_own_form(name, wind, renamed):
    assert wind_renamed(name, wind) == renamed


def test_a_table_named_by_the_english_winds_is_seated(tmp_path):
    table = read_table_folder(table_folder(tmp_path, ("East.jpg", "South.jpg", "West.jpg", "North.jpg")))
    assert table.problems == ()
    assert {s: p.name for s, p in table.seats.items()} == {"1": "East.jpg", "2": "South.jpg", "3": "West.jpg",
                                                            "4": "North.jpg"}
    assert table.dealer == "1"


def test_a_missing_seat_of_an_english_wind_table_is_asked_by_its_english_wind(tmp_path):
    table = read_table_folder(table_folder(tmp_path, ("south.jpg", "west.jpg", "north.jpg")))
    (f,) = [p for p in table.problems if p.kind is FindingKind.MISSING_SEAT]
    assert f.message == "no photo for seat 1 (expected east.jpg)", f.message
    assert f.message_ja == "1番席の写真がありません (east.jpg)", f.message_ja


def test_the_no_dealer_line_of_an_english_wind_table_names_east(nogi):
    (f,) = dealer_findings(nogi, Seating(FOUR, dealer=None), {s: SeatReading(s, n, ()) for s, n in
                                                              (("2", "South.jpg"), ("3", "West.jpg"))})
    assert f.kind is FindingKind.NO_DEALER
    assert "name its photo East.jpg or set dealer = N" in f.message and "席N" not in f.message
    assert "親の写真の名前を East.jpg に" in f.message_ja


def test_a_dealer_at_south_of_an_english_wind_table_is_told_the_english_renames(riichi):
    names = {"1": "East.jpg", "2": "South.jpg", "3": "West.jpg", "4": "North.jpg"}
    hands = {"1": RIICHI["2"], "2": RIICHI["1"], "3": RIICHI["3"], "4": RIICHI["4"]}  # seat 2 (South) dealt the 14
    found = check_readings(riichi, Seating(FOUR, dealer="1"), _table(hands, names))
    (first, *_) = [f for f in found if f.kind is FindingKind.WRONG_COUNT]
    assert ("rename South.jpg to East.jpg, West.jpg to South.jpg, North.jpg to West.jpg and East.jpg to North.jpg: "
            "East is the dealer's, the winds counted on from it") in first.message, first.message
    assert "South.jpg を East.jpg" in first.message_ja and "Eastが親で" in first.message_ja, first.message_ja
    assert "東" not in first.message


# --- 2. an unmarked dealer, one seat of the dealer's count --------------------------------------------------

def test_one_seat_of_the_dealers_count_is_taken_as_the_dealer_with_a_notice(riichi):
    found = check_readings(riichi, Seating(FOUR, dealer=None), _table(RIICHI))
    assert FindingKind.NO_DEALER not in [f.kind for f in found]
    (f,) = [f for f in found if f.kind is FindingKind.DEALER_TAKEN]
    assert f.severity is Severity.NOTICE and f.seats == ("1",)
    assert f.message == ("no seat is marked as the dealer: seat 1, the one seat holding 14 tiles (the dealer's count), "
                         "is taken as the dealer; mark it as the dealer (rename seat1.jpg to seat1-dealer.jpg); if seat 1 did not deal, "
                         "it holds one tile too many and the dealer's hand is one short: count both hands again at the table"), \
        f.message
    assert f.message_ja == ("親の席の印がありません: 親の14枚を持つ席は1番席だけなので、1番席を親としてチェックしました。"
                            "親の印を付けてください (seat1.jpg を seat1-dealer.jpg に名前を変えてください)。1番席が親でなければ、1番席の牌が1枚多く、"
                            "親の牌が1枚足りません。卓で両方の手牌を数え直してください"), f.message_ja
    assert verdict_of(found) is Verdict.OK


def test_the_others_are_then_counted_as_non_dealers(riichi):
    hands = dict(RIICHI, **{"3": RIICHI["3"][:12]})  # seat 3 short: 12 passed as "13 or 14" would not say it
    found = check_readings(riichi, Seating(FOUR, dealer=None), _table(hands))
    (count,) = [f for f in found if f.kind is FindingKind.WRONG_COUNT]
    assert count.seats == ("3",) and count.data["expected"] == [13]
    assert [f.seats for f in found if f.kind is FindingKind.DEALER_TAKEN] == [("1",)]


@pytest.mark.parametrize("hands, hint", [
    ({**RIICHI, "3": RIICHI["3"] + ["7m"]}, "seats 1, 3 each hold 14 tiles"),  # two of the dealer's count
    ({**RIICHI, "1": RIICHI["1"][:13]}, "no seat holds 14 tiles"),  # none
])
def test_none_or_two_seats_of_the_dealers_count_stay_an_error(riichi, hands, hint):
    found = check_readings(riichi, Seating(FOUR, dealer=None), _table(hands))
    (f,) = [f for f in found if f.kind is FindingKind.NO_DEALER]
    assert hint in f.message and f.severity is Severity.ERROR
    assert FindingKind.DEALER_TAKEN not in [f.kind for f in found]


def test_a_seat_not_read_leaves_the_dealer_unknown(riichi):
    """Seat 4's photo missing: it may be the dealer's, so seat 1's 14 is no proof."""
    hands = {s: RIICHI[s] for s in ("1", "2", "3")}
    (f,) = [f for f in check_readings(riichi, Seating(FOUR, dealer=None), _table(hands))
            if f.kind in (FindingKind.NO_DEALER, FindingKind.DEALER_TAKEN)]
    assert f.kind is FindingKind.NO_DEALER


def test_a_japanese_named_table_is_told_its_own_mark(riichi):
    names = {s: f"席{s}.jpg" for s in FOUR}
    (f,) = [f for f in check_readings(riichi, Seating(FOUR, dealer=None), _table(RIICHI, names))
            if f.kind is FindingKind.DEALER_TAKEN]
    assert "席1.jpg を 席1-親.jpg に名前を変えてください" in f.message_ja


def test_a_donjara_table_of_one_nine_checks_in_order_and_reports_the_dealer(tmp_path, nogi):
    from tilelens.event.runner import check_table

    reader = ExactReader()
    folder = make_table(reader, tmp_path / "event", "table-01", CLEAN, dealer="")  # seat1.png .. seat4.png
    report = check_table(read_table_folder(folder), nogi, reader)[0]
    assert [f.kind for f in report.findings] == [FindingKind.DEALER_TAKEN], report.findings
    assert report.verdict is Verdict.OK and report.dealer == "1"
    assert "rename seat1.png to seat1-dealer.png" in report.findings[0].message


def test_a_wrong_count_besides_the_taken_dealer_keeps_the_table_a_fault(tmp_path, nogi):
    from tilelens.event.runner import check_table

    reader = ExactReader()
    hands = dict(CLEAN, **{"2": CLEAN["2"][:7]})
    folder = make_table(reader, tmp_path / "event", "table-02", hands, dealer="")
    report = check_table(read_table_folder(folder), nogi, reader)[0]
    assert report.verdict is Verdict.FAULT
    assert [f.seats for f in report.findings if f.kind is FindingKind.WRONG_COUNT] == [("2",)]


# --- 3. a photo taken from far away ---------------------------------------------------------------------------

def test_a_poor_photo_of_small_tiles_says_they_are_small(riichi):
    far = _reading("4", "seat4.jpg", RIICHI["4"], px=21, sure=0.64)
    f = poor_photo_finding("4", 0.64, 0.98, far)
    assert f.message == ("seat 4: this photo reads poorly next to the table's other seats (confidence 0.64, the "
                         "others 0.98): its tiles are small in the photo (taken from too far away?): retake it closer, "
                         "the hand filling the frame"), f.message
    assert f.message_ja == ("4番席: この写真はほかの席よりうまく読めません (信頼度 0.64、ほかの席は 0.98)。写真の中の牌が"
                            "小さすぎます (遠くから撮りましたか?)。近づいて、手牌が画面いっぱいに入るように撮り直してください"), \
        f.message_ja
    assert f.data["tile_px"] == 21
    assert "sharp, well lit" not in f.message


def test_a_poor_photo_of_tiles_of_a_usual_size_is_told_as_before():
    near = _reading("4", "seat4.jpg", RIICHI["4"], px=40, sure=0.64)
    f = poor_photo_finding("4", 0.64, 0.98, near)
    assert f.message.endswith("retake it (sharp, well lit, tiles face up)") and "tile_px" not in f.data


def test_a_small_photo_is_still_said_to_be_one_first():
    tiny = dataclasses_replace(_reading("4", "seat4.jpg", RIICHI["4"], px=20, sure=0.5), image_wh=(400, 300))
    f = poor_photo_finding("4", 0.5, 0.98, tiny)
    assert "this photo is only 400×300 pixels" in f.message and "too far" not in f.message


def dataclasses_replace(obj, **changes):
    import dataclasses

    return dataclasses.replace(obj, **changes)


def test_the_report_format_is_bumped():
    from tilelens.event.runner import REPORT_FORMAT

    assert int(REPORT_FORMAT) >= 21


def test_a_short_seat_of_small_tiles_read_poorly_may_be_hiding_tiles():
    from tilelens.event.rules import hiding_tiles

    far = _reading("4", "seat4.jpg", RIICHI["4"][:12], px=21, sure=0.64)
    far = dataclasses_replace(far, tiles=tuple(dataclasses_replace(t, xyxy=(t.xyxy[0] + 300, *t.xyxy[1:]))
                                               for t in far.tiles))  # in the middle of the photo: none bunched
    said = hiding_tiles(far, 1, murky=False)
    assert said is not None and said[0] == "poor"
    assert "small in the photo: taken from too far away?): retake it closer" in said[1], said[1]
    assert "写真の中の牌が小さすぎます" in said[2]
