"""The other table's name of a photo copied across tables is checked once, in ``report.copied_from``: a name that is
no plain folder name of a report folder (a path, "..", a Windows separator) gives no thumbnail, on the table's page,
the event's page and the app's alike."""
import pytest

from tilelens.event.report import copied_from


def _copy(table: object) -> dict:
    return {"kind": "duplicate-seat", "seats": ["2"], "data": {"copies": [{"table": table, "seat": "3"}]}}


def _near(table: object) -> dict:
    return {"kind": "near-copy", "seats": ["2"], "data": {"table": table, "seat": "3"}}


@pytest.mark.parametrize("make", [_copy, _near])
@pytest.mark.parametrize("table", ["..", ".", "a/b", "../卓1", "a\\b", "a\0b", "", None])
def test_a_table_name_that_is_no_plain_folder_name_gives_no_thumbnail(make, table):
    assert copied_from(make(table)) == []


@pytest.mark.parametrize("make", [_copy, _near])
def test_a_plain_table_name_keeps_its_thumbnail(make):
    assert copied_from(make("卓 2")) == [("卓 2", "thumbs/seat3.jpg", "卓 2, seat 3", "卓 2 の3番席")]
