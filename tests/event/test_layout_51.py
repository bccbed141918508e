"""A folder named ``seat4.jpg`` in a table folder was said as "no photo for seat 4 (expected seat4.jpg ...)",
as if nothing of that name were there: it says that seat4.jpg is a folder, not a photo, in both languages."""
from __future__ import annotations

from pathlib import Path

from tilelens.event.layout import read_table_folder

PHOTO = b"\xff\xd8\xff\xe0 not a real jpeg, only its name counts here"


def _table(tmp_path: Path) -> Path:
    table = tmp_path / "table1"
    table.mkdir()
    for seat in (1, 2, 3):
        (table / f"seat{seat}.jpg").write_bytes(PHOTO + bytes([seat]))
    (table / "seat4.jpg").mkdir()
    return table


def test_a_folder_named_for_a_seat_photo_is_said_to_be_a_folder(tmp_path):
    table = read_table_folder(_table(tmp_path))
    [missing] = [p for p in table.problems if "seat 4" in p.message]
    assert "seat4.jpg is a folder, not a photo" in missing.message, missing.message
    assert "seat4.jpg はフォルダで、写真ではありません" in missing.message_ja, missing.message_ja
    assert missing.seats == ("4",)


def test_a_missing_seat_with_no_folder_is_said_as_before(tmp_path):
    folder = _table(tmp_path)
    (folder / "seat4.jpg").rmdir()
    [missing] = [p for p in read_table_folder(folder).problems if "seat 4" in p.message]
    assert missing.message == "no photo for seat 4 (expected seat4.jpg or seat4-dealer.jpg)"
