"""Session 63 (F17), leftovers of the English wind names (e6bcdf5):

1. ``tilelens check --help`` named no English wind photo (East.jpg ... North.jpg), in either language.
2. The Japanese "photos do not say their seats" line offered only 東南西北 where the English one offered the English
   winds too: both offer the same names.
3. ``East-dealer.jpg`` / ``東-親.jpg`` (the dealer's wind, marked the dealer too) said no seat; East deals, so the
   mark is redundant, not a conflict: the photo is seat 1, the dealer's. Another wind marked the dealer
   (``South-dealer.jpg``, ``南-親.jpg``) contradicts the winds (East deals) and still says no seat.
"""
from __future__ import annotations

import pytest
from table_photo_helpers import table_folder

from scorer import load_game
from tilelens.event import cli as event_cli
from tilelens.event.layout import japanese_named, parse_photo_name, read_table_folder, wind_of_dealer, wind_renamed
from tilelens.event.model import FindingKind, SeatReading, TileRef
from tilelens.event.rules import Seating, check_readings

WINDS_EN = ("East.jpg", "South.jpg", "West.jpg", "North.jpg")
WINDS_JA = ("東.jpg", "南.jpg", "西.jpg", "北.jpg")


# --- 1. the help -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("epilog, names", [(event_cli.EPILOG, WINDS_EN), (event_cli.EPILOG_JA, WINDS_EN + WINDS_JA)],
                         ids=["en", "ja"])  # an English help holds no Japanese (test_help_ja_all_f2_60.py)
def test_the_check_help_names_the_english_wind_photos(epilog, names):
    flat = " ".join(epilog.split())
    assert all(name in flat for name in names), epilog


# --- 2. photos of no seat: the same names offered in both languages ----------------------------------------------

def test_photos_of_no_seat_are_offered_the_same_wind_names_in_both_languages(tmp_path):
    [said] = read_table_folder(table_folder(tmp_path, ("親.jpg", "子1.jpg", "子2.jpg", "子3.jpg"))).problems
    assert said.kind is FindingKind.UNNAMED_PHOTO
    for text in (said.message, said.message_ja):
        assert all(name in text for name in WINDS_EN + WINDS_JA), text
    assert "East deals" in said.message and "East・東が親" in said.message_ja, said.message_ja
    assert " が" not in said.message_ja.split("(", 1)[1], said.message_ja  # no space before a particle


# --- 3. the dealer's wind marked the dealer ----------------------------------------------------------------------

@pytest.mark.parametrize("name, parsed", [
    ("East-dealer.jpg", ("1", True)), ("east_dealer.JPG", ("1", True)), ("EAST dealer.png", ("1", True)),
    ("East-oya.jpg", ("1", True)), ("東-親.jpg", ("1", True)), ("東親.jpg", ("1", True)), ("東家-親.jpg", ("1", True)),
    ("東ー親.jpg", ("1", True)), ("East-dealer (1).jpg", ("1", True)), ("東-親 のコピー.jpg", ("1", True)),
    # another wind marked the dealer contradicts the winds (East deals): still no seat, as before
    ("South-dealer.jpg", None), ("南-親.jpg", None), ("北家親.jpg", None), ("west_oya.jpg", None),
    # as before
    ("East.jpg", ("1", True)), ("南.jpg", ("2", False)), ("Easton-dealer.jpg", None), ("East-dealers.jpg", None),
])
def test_the_dealers_wind_marked_the_dealer_is_the_dealers_seat(name, parsed):
    assert parse_photo_name(name) == parsed


def test_a_marked_east_is_named_as_the_winds_are():
    assert japanese_named("東-親.jpg") and not japanese_named("East-dealer.jpg")
    assert wind_of_dealer("東-親.jpg") == "東" and wind_of_dealer("East-dealer.jpg") == "East"
    assert wind_renamed("東-親.jpg", 0) == "東-親.jpg" and wind_renamed("East-dealer.jpg", 0) == "East-dealer.jpg"
    assert wind_renamed("東家-親.jpg", 3) == "北家.jpg" and wind_renamed("East-dealer.png", 1) == "South.png"
    assert wind_renamed("South-dealer.jpg", 0) is None


@pytest.mark.parametrize("names", [("東-親.jpg", "南.jpg", "西.jpg", "北.jpg"),
                                   ("East-dealer.jpg", "South.jpg", "West.jpg", "North.jpg")])
def test_a_table_of_a_marked_east_is_seated_with_east_the_dealer(tmp_path, names):
    table = read_table_folder(table_folder(tmp_path, names))
    assert table.problems == ()
    assert {s: p.name for s, p in table.seats.items()} == dict(zip(("1", "2", "3", "4"), names))
    assert table.dealer == "1"


def test_a_missing_seat_beside_a_marked_east_is_asked_by_its_wind(tmp_path):
    table = read_table_folder(table_folder(tmp_path, ("East-dealer.jpg", "West.jpg", "North.jpg")))
    (f,) = [p for p in table.problems if p.kind is FindingKind.MISSING_SEAT]
    assert f.message == "no photo for seat 2 (expected South.jpg)", f.message


def test_a_dealer_at_south_beside_a_marked_east_is_told_the_wind_renames():
    riichi = load_game("tokyo-mahjong")
    names = {"1": "東-親.jpg", "2": "南.jpg", "3": "西.jpg", "4": "北.jpg"}
    hands = {"1": 13, "2": 14, "3": 13, "4": 13}  # seat 2 (南) holds the dealer's count
    kinds = ["1m", "4m", "7m", "1p", "4p", "7p", "1s", "4s", "7s", "1z", "2z", "3z", "5z", "9m"]
    readings = {s: SeatReading(s, names[s], tuple(TileRef(s, i, k, (20 + i * 88, 400, 20 + i * 88 + 82, 510), 0.99)
                                                  for i, k in enumerate(kinds[:n])), image_wh=(1280, 1280))
                for s, n in hands.items()}
    found = check_readings(riichi, Seating(("1", "2", "3", "4"), dealer="1"), readings)
    said = " ".join(f.message for f in found if f.kind is FindingKind.WRONG_COUNT)
    assert "rename 南.jpg to 東.jpg, 西.jpg to 南.jpg, 北.jpg to 西.jpg and 東-親.jpg to 北.jpg" in said, said
