"""Finding a table's photos and seats: the naming convention, the manifest, and bad input per table."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tilelens.event.layout import EventInputError, find_tables, read_table_folder, same_photos_across, scan_event, \
    table_from_uploads
from tilelens.event.model import FindingKind

from test_event_support import japanese


def folder(tmp_path: Path, name: str, files: dict[str, bytes | str]) -> Path:
    d = tmp_path / name
    d.mkdir()
    for fname, content in files.items():
        (d / fname).write_bytes(content.encode() if isinstance(content, str) else content)
    return d


def problems(table) -> list[tuple[FindingKind, tuple[str, ...]]]:
    return [(p.kind, p.seats) for p in table.problems]


def test_convention_names_give_seats_dealer_and_wall(tmp_path):
    t = read_table_folder(folder(tmp_path, "t1", {"Seat1-Dealer.JPG": b"a", "seat2.jpg": b"b", "seat_3.png": b"c",
                                                   "seat4.jpeg": b"d", "wall.jpg": b"w", "notes.txt": "hi"}))
    assert t.name == "t1" and t.players == 4 and t.dealer == "1" and t.problems == ()
    assert {s: p.name for s, p in t.seats.items()} == {"1": "Seat1-Dealer.JPG", "2": "seat2.jpg",
                                                       "3": "seat_3.png", "4": "seat4.jpeg"}
    assert t.wall is not None and t.wall.read_bytes() == b"w"


def test_missing_seat_is_a_problem_of_the_table(tmp_path):
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2.jpg": b"b", "seat4.jpg": b"d"}))
    assert problems(t) == [(FindingKind.MISSING_SEAT, ("3",))]
    assert set(t.seats) == {"1", "2", "4"}


def test_two_photos_for_one_seat_leave_that_seat_unread(tmp_path):
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2.jpg": b"b", "seat2.png": b"b2",
                                                  "seat3.jpg": b"c", "seat4.jpg": b"d"}))
    assert problems(t) == [(FindingKind.DUPLICATE_SEAT, ("2",))]
    assert "seat2.jpg" in t.problems[0].message and "seat2.png" in t.problems[0].message
    assert "2" not in t.seats


def test_photo_that_names_no_seat_and_two_dealers(tmp_path):
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2-dealer.jpg": b"b",
                                                  "seat3.jpg": b"c", "seat4.jpg": b"d", "IMG_0001.jpg": b"x"}))
    assert sorted(problems(t)) == [(FindingKind.TWO_DEALERS, ("1", "2")), (FindingKind.UNNAMED_PHOTO, ())]
    assert t.dealer is None


def test_two_dealers_name_their_photos_and_what_says_so(tmp_path):
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2_dealer.jpg": b"b",
                                                  "seat3.jpg": b"c", "seat4.jpg": b"d"}))
    assert problems(t) == [(FindingKind.TWO_DEALERS, ("1", "2"))]
    assert t.problems[0].message == ("more than one dealer: seat 1 (seat1-dealer.jpg) and seat 2 (seat2_dealer.jpg): "
                                     "mark the dealer's alone")
    assert t.dealer is None and t.dealer_claims == ("1", "2")
    m = read_table_folder(folder(tmp_path, "m", {"seat1-dealer.jpg": b"a", "seat2.jpg": b"b",
                                                  "table.toml": "players = 2\ndealer = 2"}))
    assert "seat 1 (seat1-dealer.jpg) and seat 2 (dealer = 2 in table.toml)" in m.problems[0].message
    assert "1番席 (seat1-dealer.jpg)、2番席 (table.toml の dealer = 2)" in m.problems[0].message_ja


def test_manifest_maps_camera_names_and_sets_players(tmp_path):
    d = folder(tmp_path, "t", {"IMG_1.jpg": b"a", "IMG_2.jpg": b"b", "IMG_3.jpg": b"c", "IMG_9.jpg": b"w",
                               "table.toml": 'players = 3\ndealer = 2\nwall = "IMG_9.jpg"\n'
                                             '[seats]\n1 = "IMG_1.jpg"\n2 = "IMG_2.jpg"\n3 = "IMG_3.jpg"\n'})
    t = read_table_folder(d)
    assert (t.players, t.dealer, t.problems) == (3, "2", ())
    assert {s: p.name for s, p in t.seats.items()} == {"1": "IMG_1.jpg", "2": "IMG_2.jpg", "3": "IMG_3.jpg"}
    assert t.wall.name == "IMG_9.jpg"


def test_a_seat_written_with_a_leading_zero_is_that_seat(tmp_path):
    d = folder(tmp_path, "t", {"a.jpg": b"a", "b.jpg": b"b",
                               "table.json": json.dumps({"players": 2, "dealer": 1, "seats": {"01": "a.jpg", "2": "b.jpg"}})})
    t = read_table_folder(d)
    assert t.problems == () and {s: p.name for s, p in t.seats.items()} == {"1": "a.jpg", "2": "b.jpg"}


def test_json_manifest_naming_an_absent_photo(tmp_path):
    d = folder(tmp_path, "t", {"a.jpg": b"a", "b.jpg": b"b",
                               "table.json": json.dumps({"players": 2, "dealer": 1,
                                                         "seats": {"1": "a.jpg", "2": "gone.jpg"}})})
    t = read_table_folder(d)
    assert sorted(problems(t)) == [(FindingKind.MISSING_SEAT, ("2",)), (FindingKind.UNNAMED_PHOTO, ())]
    assert any("gone.jpg" in p.message for p in t.problems)


@pytest.mark.parametrize("text, needle", [("players = 7", "players must be 2, 3 or 4"),
                                          ("dealer = 5", "dealer must be a seat"),
                                          ("playrs = 4", "unknown keys"),
                                          ("players = ", "a value cannot be read")])
def test_bad_manifest_is_reported_not_raised(tmp_path, text, needle):
    files = {f"seat{i}.jpg": b"x" for i in range(1, 5)} | {"table.toml": text}
    t = read_table_folder(folder(tmp_path, "t", files))
    bad = [p for p in t.problems if p.kind is FindingKind.BAD_MANIFEST]
    assert len(bad) == 1 and needle in bad[0].message


def test_seat_beyond_the_players_is_reported(tmp_path):
    files = {"seat1-dealer.jpg": b"a", "seat2.jpg": b"b", "seat3.jpg": b"c", "table.toml": "players = 2"}
    t = read_table_folder(folder(tmp_path, "t", files))
    assert problems(t) == [(FindingKind.UNNAMED_PHOTO, ("3",))]


def test_event_folder_lists_tables_and_skips_the_report(tmp_path):
    for name in ("table-b", "table-a", "_report", ".cache", "report", "old-report"):
        (tmp_path / name).mkdir()
    (tmp_path / "old-report" / "event.json").write_text("{}")
    assert [p.name for p in find_tables(tmp_path, skip=tmp_path / "report")] == ["table-a", "table-b"]


def test_a_folder_of_seat_photos_is_a_one_table_event(tmp_path):
    d = folder(tmp_path, "only", {"seat1-dealer.jpg": b"a"})
    assert find_tables(d) == [d]


def test_a_stray_photo_beside_the_table_folders_is_named_not_taken_for_a_table(tmp_path):
    """A group photo dropped in the event folder made the whole event one table of nothing to check."""
    for t in ("t1", "t2"):
        folder(tmp_path, t, {"seat1-dealer.jpg": b"a", "seat2.jpg": b"b"})
    (tmp_path / "group-photo.jpg").write_bytes(b"x")
    with pytest.raises(EventInputError, match=r"table folders \(t1, t2\) and photos of its own \(group-photo.jpg\)"):
        find_tables(tmp_path)
    one = folder(tmp_path, "one", {"seat1-dealer.jpg": b"a"})  # a table with a folder of other photos in it
    folder(one, "retakes", {"IMG_0001.jpg": b"r"})
    assert find_tables(one) == [one]


def test_one_photo_given_to_two_seats_is_read_for_neither(tmp_path):
    d = folder(tmp_path, "t", {"IMG_1.jpg": b"a", "IMG_2.jpg": b"b", "IMG_4.jpg": b"d",
                               "table.toml": 'dealer = 1\n[seats]\n1 = "IMG_1.jpg"\n2 = "IMG_2.jpg"\n'
                                             '3 = "IMG_2.jpg"\n4 = "IMG_4.jpg"\n'})
    t = read_table_folder(d)
    assert problems(t) == [(FindingKind.DUPLICATE_SEAT, ("2", "3"))]
    assert "IMG_2.jpg" in t.problems[0].message and "seat 2 and seat 3" in t.problems[0].message
    assert set(t.seats) == {"1", "4"}


def test_event_folder_errors_are_one_line(tmp_path):
    with pytest.raises(EventInputError, match="does not exist"):
        find_tables(tmp_path / "nope")
    with pytest.raises(EventInputError, match="holds no table folder"):
        find_tables(tmp_path)


def test_uploads_make_a_table_and_flag_two_uploads_for_one_seat():
    t = table_from_uploads("upload", 4, "1", {"1": [("a.jpg", b"a")], "2": [("b.jpg", b"b"), ("c.jpg", b"c")],
                                              "3": [("d.jpg", b"d")], "4": []})
    assert sorted(problems(t)) == [(FindingKind.DUPLICATE_SEAT, ("2",)), (FindingKind.MISSING_SEAT, ("4",))]
    assert t.seats["1"].read_bytes() == b"a" and t.dealer == "1"


def test_uploads_of_one_name_are_each_their_seats_photo():
    """A phone names every camera upload image.jpg: four different photos were "one photo for seat 1 and
    seat 2 and seat 3 and seat 4" and no seat was read."""
    t = table_from_uploads("upload", 4, "1", {s: [("image.jpg", s.encode())] for s in "1234"}, ("image.jpg", b"w"))
    assert t.problems == ()
    assert {s: (p.name, p.read_bytes()) for s, p in t.seats.items()} == {
        s: (f"image.jpg (seat {s})", s.encode()) for s in "1234"}
    assert (t.wall.name, t.wall.read_bytes()) == ("image.jpg (the wall)", b"w")


def test_one_photo_copied_to_two_seats_is_read_for_neither(tmp_path):
    """seat2.jpg a copy of seat3.jpg passed as in order: seat 2's own hand was never photographed."""
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2.jpg": b"c", "seat3.jpg": b"c",
                                                  "seat4.jpg": b"d", "wall.jpg": b"a"}))
    assert sorted(problems(t)) == [(FindingKind.DUPLICATE_SEAT, ("1", "wall")), (FindingKind.DUPLICATE_SEAT, ("2", "3"))]
    said = {p.seats: p for p in t.problems}
    assert said[("2", "3")].message == ("seat 2 and seat 3 are the same photo (seat2.jpg and seat3.jpg, identical "
                                        "files): each seat needs a photo of its own hand")
    assert "2番席と3番席が同じ写真です" in said[("2", "3")].message_ja
    assert set(t.seats) == {"4"} and t.wall is None
    up = table_from_uploads("upload", 2, "1", {"1": [("a.jpg", b"same")], "2": [("b.jpg", b"same")]})
    assert problems(up) == [(FindingKind.DUPLICATE_SEAT, ("1", "2"))] and up.seats == {}


def test_a_report_folder_inside_the_event_is_no_table_on_the_next_run(tmp_path):
    """--out EVENT/reports/day1 made "reports" a faulty table of no seats on every later run."""
    folder(tmp_path, "t1", {"seat1-dealer.jpg": b"a"})
    (tmp_path / "reports" / "day1" / "t1").mkdir(parents=True)
    (tmp_path / "reports" / "day1" / "event.json").write_text("{}")
    assert [p.name for p in find_tables(tmp_path, skip=tmp_path / "reports" / "day1")] == ["t1"]
    assert [p.name for p in find_tables(tmp_path, skip=tmp_path / "reports" / "day2")] == ["t1"]
    assert [p.name for p in find_tables(tmp_path)] == ["t1"]
    (tmp_path / "reports" / "day1" / "event.json").unlink()  # nothing of a report below it: --out's parent only
    assert [p.name for p in find_tables(tmp_path, skip=tmp_path / "reports" / "day2")] == ["t1"]


def test_a_table_checked_alone_first_is_still_a_table_of_the_event(tmp_path):
    """`tilelens check EVENT/t2` writes EVENT/t2/_report/event.json (and --out EVENT/t3 an event.json in t3):
    the whole event's check then skipped t2 and t3, and passed without them."""
    for t in ("t1", "t2", "t3"):
        folder(tmp_path, t, {"seat1-dealer.jpg": b"a"})
    (tmp_path / "t2" / "_report" / "t2").mkdir(parents=True)
    (tmp_path / "t2" / "_report" / "event.json").write_text("{}")
    (tmp_path / "t3" / "event.json").write_text("{}")
    (tmp_path / "t4").mkdir()  # a table of camera names and a manifest, with a report inside
    (tmp_path / "t4" / "table.toml").write_text("players = 2")
    (tmp_path / "t4" / "report" / "event.json").parent.mkdir()
    (tmp_path / "t4" / "report" / "event.json").write_text("{}")
    assert [p.name for p in find_tables(tmp_path)] == ["t1", "t2", "t3", "t4"]
    assert [p.name for p in find_tables(tmp_path, skip=tmp_path / "t3")] == ["t1", "t2", "t3", "t4"]
    assert sorted(p.name for p in read_table_folder(tmp_path / "t2").seats.values()) == ["seat1-dealer.jpg"]


def test_the_folders_skipped_as_reports_are_named(tmp_path):
    folder(tmp_path, "t1", {"seat1-dealer.jpg": b"a"})
    (tmp_path / "old-report" / "t1").mkdir(parents=True)
    (tmp_path / "old-report" / "event.json").write_text("{}")
    (tmp_path / "reports" / "day1").mkdir(parents=True)
    (tmp_path / "_report").mkdir()
    found = scan_event(tmp_path, skip=tmp_path / "reports" / "day2")
    assert [p.name for p in found.tables] == ["t1"]
    assert [(s.folder.name, s.reason) for s in found.skipped] == [
        ("old-report", "holds only the report of an earlier check (event.json), no seat photo or table.toml"),
        ("reports", "holds this check's report folder, no seat photo or table.toml")]
    assert all(japanese(s.reason_ja) for s in found.skipped)


SEATS = {f"seat{i}.jpg": f"x{i}".encode() for i in range(1, 5)}
# One folder for each thing wrong that layout.py can say (several per folder where they do not hide each other).
BAD_FOLDERS = {
    "both-manifests": SEATS | {"table.toml": "", "table.json": "{}"},
    "unparsable": SEATS | {"table.toml": "players = "},
    "not-a-table": SEATS | {"table.json": "[1, 2]"},
    "bad-values": SEATS | {"table.toml": 'players = 7\ndealer = 9\nseats = 3\nwall = 4\nplayrs = 4\n'},
    "mixed-up": {"seat1-dealer.jpg": b"a", "seat2-dealer.jpg": b"b", "seat2.png": b"c", "IMG_0001.jpg": b"d"},
    "manifest-photos": {"seat3.jpg": b"c", "table.toml": 'players = 2\n[seats]\n1 = "gone.jpg"\n'},
}


def test_every_input_problem_is_said_in_japanese_too(tmp_path):
    tables = [read_table_folder(folder(tmp_path, name, files)) for name, files in BAD_FOLDERS.items()]
    found = [p for t in tables for p in t.problems]
    assert [p.message for p in found if not japanese(p.message_ja)] == []
    said = "\n".join(p.message_ja for p in found)
    for text in ("table.toml と table.json の両方があります", "table.toml: 値として読めません: ",
                 "table.json には players や seats などのキーを並べて", "players は 2、3、4 のどれか",
                 "dealer は 1 から 4 までの席の番号に", "seats には席の番号ごとに写真のファイル名を",
                 "wall には写真のファイル名を", "不明なキーがあります: ['playrs']",
                 "写真 IMG_0001.jpg の名前では席がわかりません", "2番席の写真が複数あります: seat2-dealer.jpg、seat2.png",
                 "3番席の写真がありません", "親が複数います: 1番席 (seat1-dealer.jpg)、2番席 (seat2-dealer.jpg)",
                 "1番席: table.toml に書かれた写真 gone.jpg がフォルダにありません", "seat3.jpg: 2人の卓に3番席はありません"):
        assert text in said


def test_empty_photo_files_are_no_copies_of_each_other(tmp_path):
    """Two photos that a failed transfer left empty (0 bytes) are not "the same photo": each is said to be empty
    when it is read, not hidden behind a copy finding that never says why."""
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2.jpg": b"", "seat3.jpg": b"",
                                                  "seat4.jpg": b"d", "wall.jpg": b""}))
    assert t.problems == () and set(t.seats) == {"1", "2", "3", "4"} and t.wall is not None
    other = read_table_folder(folder(tmp_path, "u", {"seat1-dealer.jpg": b"x", "seat2.jpg": b""}))
    assert same_photos_across([t, other]) == {}


def test_the_japanese_copy_finding_lists_its_photos_in_japanese(tmp_path):
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2.jpg": b"c", "seat3.jpg": b"c",
                                                  "seat4.jpg": b"d", "wall.jpg": b"c"}))
    (said,) = t.problems
    assert "(seat2.jpg and seat3.jpg and wall.jpg, identical files)" in said.message
    assert "(seat2.jpg、seat3.jpg、wall.jpg、中身が同一)" in said.message_ja and " and " not in said.message_ja


def test_an_event_folder_one_level_too_high_is_said_with_the_folder_to_give(tmp_path):
    """An event unzipped into a folder of its own (EVENT/event/table-01/...) was checked as one table "event"
    with every seat missing: a fault, exit 1, and not a word that the tables were one folder down."""
    (tmp_path / "event").mkdir()
    for t in ("table-01", "table-02"):
        folder(tmp_path / "event", t, {"seat1-dealer.jpg": t, "seat2.jpg": t + "b"})
    with pytest.raises(EventInputError) as said:
        find_tables(tmp_path)
    assert str(said.value) == (f"{tmp_path} holds no photo in its folders, but event holds table folders (table-01, "
                               f"table-02): give that folder to the check (tilelens check {tmp_path / 'event'})")
    assert japanese(said.value.message_ja) and "table-01" in said.value.message_ja
    (tmp_path / "notes").mkdir()  # an empty folder beside it changes nothing
    with pytest.raises(EventInputError, match="but event holds table folders"):
        find_tables(tmp_path)


def test_a_table_whose_photos_are_in_a_folder_inside_it_is_told_so(tmp_path):
    """table-05/photos/seat1-dealer.jpg ...: table-05 was said to have no photo for any seat, and no more."""
    folder(tmp_path, "table-04", {"seat1-dealer.jpg": b"a"})
    t5 = tmp_path / "table-05"
    t5.mkdir()
    folder(t5, "photos", {"seat1-dealer.jpg": b"b", "seat2.jpg": b"c"})
    assert [p.name for p in find_tables(tmp_path)] == ["table-04", "table-05"]
    t = read_table_folder(t5)
    (first, *missing) = t.problems
    assert first.kind == FindingKind.MISSING_SEAT and first.seats == ()
    assert first.message == ("table-05 holds no photo of its own, but its folder photos holds seat photos: a table's "
                             "photos go in the table's own folder")
    assert japanese(first.message_ja) and "photos" in first.message_ja
    assert [p.seats for p in missing] == [("1",), ("2",), ("3",), ("4",)]


def test_a_folder_of_event_days_names_each_day(tmp_path):
    for day in ("day1", "day2"):
        (tmp_path / day).mkdir()
        folder(tmp_path / day, "t1", {"seat1-dealer.jpg": day})
    with pytest.raises(EventInputError) as said:
        find_tables(tmp_path)
    assert "but day1, day2 hold table folders (t1): give each of them on its own to the check (tilelens check " \
           f"{tmp_path / 'day1'})" in str(said.value)


MANIFEST = 'dealer = 1\n[seats]\n1 = "IMG_1.jpg"\n2 = "写真2.jpg"\n'


@pytest.mark.parametrize("name, raw", [
    ("table.toml", b"\xef\xbb\xbf" + MANIFEST.encode()),
    ("table.json", b"\xef\xbb\xbf" + json.dumps({"dealer": 1, "seats": {"1": "IMG_1.jpg", "2": "写真2.jpg"}},
                                                ensure_ascii=False).encode()),
    ("table.json", json.dumps({"dealer": 1, "seats": {"1": "IMG_1.jpg", "2": "写真2.jpg"}},  # PowerShell's Out-File
                              ensure_ascii=False).encode("utf-16"))])
def test_a_manifest_saved_with_a_byte_order_mark_is_read(tmp_path, name, raw):
    """Windows' Notepad writes "UTF-8 with BOM": the manifest was "cannot be parsed: Invalid statement (at line 1,
    column 1)", and every photo of the table unnamed."""
    t = read_table_folder(folder(tmp_path, "t", {"IMG_1.jpg": b"a", "写真2.jpg": b"b", name: raw}), 2)
    assert t.problems == () and {s: p.name for s, p in t.seats.items()} == {"1": "IMG_1.jpg", "2": "写真2.jpg"}


@pytest.mark.parametrize("name, raw", [("table.toml", MANIFEST.encode("cp932")),
                                       ("table.json", '{"seats": {"2": "写真2.jpg"}}'.encode("cp932"))])
def test_a_manifest_saved_in_shift_jis_is_told_to_be_saved_as_utf8(tmp_path, name, raw):
    t = read_table_folder(folder(tmp_path, "t", {"IMG_1.jpg": b"a", "写真2.jpg": b"b", name: raw}), 2)
    bad = [p for p in t.problems if p.kind is FindingKind.BAD_MANIFEST]
    assert [p.message for p in bad] == [f"{name} is not UTF-8 text (Shift_JIS?): save it as UTF-8"]
    assert "UTF-8 で保存" in bad[0].message_ja


def test_photos_saved_by_a_browser_as_jfif_or_avif_are_photos(tmp_path):
    """Windows saves a JPEG from the web as .jfif, Chrome and Android write .avif: seat 2 was "no photo"."""
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2.jfif": b"b", "seat3.avif": b"c",
                                                  "seat4.JPE": b"d"}))
    assert t.problems == () and {s: p.name for s, p in t.seats.items()} == {
        "1": "seat1-dealer.jpg", "2": "seat2.jfif", "3": "seat3.avif", "4": "seat4.JPE"}


def test_a_seat_whose_file_is_no_photo_says_which_file(tmp_path):
    """seat3.mov (a Live Photo's video) or seat3.pdf was passed over without a word: "no photo for seat 3
    (expected seat3.jpg ...)" with a seat3 file right there."""
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2.jpg": b"b", "seat3.MOV": b"c",
                                                  "seat4.jpg": b"d", "seat4.mov": b"e"}))
    (missing,) = t.problems
    assert missing.seats == ("3",)
    assert missing.message == ("no photo for seat 3 (expected seat3.jpg or seat3-dealer.jpg; seat3.MOV is no photo "
                               "tilelens reads: save it as JPEG or PNG)")
    assert "seat3.MOV" in missing.message_ja and japanese(missing.message_ja)


def test_a_table_left_zipped_in_the_event_folder_is_named_not_passed_over(tmp_path):
    """table-03.zip, a helper's photos not unzipped: the event was "2 of 2 tables in order", table 3 never
    mentioned."""
    for t in ("table-01", "table-02"):
        folder(tmp_path, t, {"seat1-dealer.jpg": t})
    for name in ("table-03.zip", "table-04.LZH", "notes.txt"):
        (tmp_path / name).write_bytes(b"PK")
    found = scan_event(tmp_path)
    assert [p.name for p in found.tables] == ["table-01", "table-02"]
    assert [(s.folder.name, s.reason) for s in found.skipped] == [
        ("table-03.zip", "a compressed file, not a folder: unzip it into a folder of its own to check it"),
        ("table-04.LZH", "a compressed file, not a folder: unzip it into a folder of its own to check it")]
    assert all(japanese(s.reason_ja) for s in found.skipped)
    only = tmp_path / "only-zips"
    only.mkdir()
    (only / "event.zip").write_bytes(b"PK")
    with pytest.raises(EventInputError, match=r"holds no table folder, only compressed files \(event.zip\): unzip"):
        scan_event(only)


SJIS_TABLE = os.fsdecode("卓1".encode("cp932"))  # a folder name a zip made on Japanese Windows leaves undecoded
SJIS_PHOTO = os.fsdecode("写真4.jpg".encode("cp932"))


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="file names there are always Unicode")
def test_a_table_folder_named_in_shift_jis_is_one_message(tmp_path):
    """The names of a zip made on Japanese Windows, unzipped as UTF-8: the check ended in a traceback
    (UnicodeEncodeError: surrogates not allowed) as it wrote event.json."""
    folder(tmp_path, SJIS_TABLE, {"seat1-dealer.jpg": b"a"})
    folder(tmp_path, "t2", {"seat1-dealer.jpg": b"b"})
    with pytest.raises(EventInputError) as said:
        scan_event(tmp_path)
    assert str(said.value) == (f"{tmp_path}: folder names that are not UTF-8 text: 卓1 (as Shift_JIS): rename them, "
                               f"or unzip the photos again with their names' encoding (unzip -O cp932)")
    assert japanese(said.value.message_ja) and "卓1" in said.value.message_ja


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="file names there are always Unicode")
def test_a_photo_named_in_shift_jis_is_a_finding_that_can_be_written(tmp_path):
    t = read_table_folder(folder(tmp_path, "t", {"seat1-dealer.jpg": b"a", "seat2.jpg": b"b", "seat3.jpg": b"c",
                                                  SJIS_PHOTO: b"d"}))
    assert [p.kind for p in t.problems] == [FindingKind.UNNAMED_PHOTO, FindingKind.MISSING_SEAT]
    assert t.problems[0].message == ("photo 写真4.jpg (as Shift_JIS) does not say its seat, and its name is not UTF-8 "
                                     "text: rename it seatN.jpg, seatN-dealer.jpg or wall.jpg")
    json.dumps([p.message + p.message_ja for p in t.problems], ensure_ascii=False).encode("utf-8")
