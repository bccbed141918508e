"""Session 63, F6: a table whose seat photos are named by the winds (南.jpg 西.jpg 北.jpg) with one missing was told
"no photo for seat 1 (expected 席1.jpg or 席1-親.jpg)", a form the table does not use; its missing-seat line now names
the wind form it uses (東.jpg: 東 is the dealer's wind, so one name; 東家.jpg where its photos say 家), as its
no-dealer line does (``rules.dealer_findings``, ``layout.wind_renamed``). Tables named 席N or seatN are told as before."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tilelens.event.layout import read_table_folder
from tilelens.event.model import FindingKind


def _missing(folder: Path, names: tuple[str, ...]):
    folder.mkdir()
    for i, name in enumerate(names):
        Image.new("RGB", (40, 40), (60 * i, 30, 0)).save(folder / name, format="PNG" if name.endswith(".png") else None)
    return [p for p in read_table_folder(folder).problems if p.kind is FindingKind.MISSING_SEAT]


@pytest.mark.parametrize("names, seat, asked", [
    (("南.jpg", "西.jpg", "北.jpg"), "1", "東.jpg"),
    (("南家.png", "西家.png", "北家.png"), "1", "東家.jpg"),
    (("東.jpg", "南.jpg", "西.jpg"), "4", "北.jpg"),
    (("東家.jpg", "西家.jpg", "北家.jpg"), "2", "南家.jpg"),
])
def test_a_missing_seat_of_a_wind_named_table_is_asked_by_its_wind(tmp_path, names, seat, asked):
    (f,) = _missing(tmp_path / "卓1", names)
    assert f.seats == (seat,)
    assert f.message == f"no photo for seat {seat} (expected {asked})", f.message
    assert f.message_ja == f"{seat}番席の写真がありません ({asked})", f.message_ja
    assert "席" not in f.message and "親" not in f.message_ja


@pytest.mark.parametrize("names, en, ja", [
    (("席1-親.jpg", "席2.jpg", "席3.jpg"), "no photo for seat 4 (expected 席4.jpg or 席4-親.jpg)",
     "4番席の写真がありません (席4.jpg か 席4-親.jpg)"),
    (("seat1-dealer.jpg", "seat2.jpg", "seat3.jpg"), "no photo for seat 4 (expected seat4.jpg or seat4-dealer.jpg)",
     "4番席の写真がありません (seat4.jpg か seat4-dealer.jpg)"),
])
def test_a_missing_seat_of_a_table_named_by_seat_is_asked_as_before(tmp_path, names, en, ja):
    (f,) = _missing(tmp_path / "t1", names)
    assert (f.message, f.message_ja) == (en, ja)


def test_a_wind_seats_folder_in_place_of_its_photo_is_asked_by_its_wind_once(tmp_path):
    folder = tmp_path / "卓2"
    (folder / "東.jpg").mkdir(parents=True)  # a folder named as the dealer's photo
    for i, name in enumerate(("南.jpg", "西.jpg", "北.jpg")):
        Image.new("RGB", (40, 40), (60 * i, 30, 0)).save(folder / name)
    (f,) = [p for p in read_table_folder(folder).problems if p.kind is FindingKind.MISSING_SEAT]
    assert f.message == "no photo for seat 1: 東.jpg is a folder, not a photo (put the photo 東.jpg in its place)", \
        f.message
    assert f.message_ja == "1番席の写真がありません: 東.jpg はフォルダで、写真ではありません (そこに写真 東.jpg を置いてください)", \
        f.message_ja
