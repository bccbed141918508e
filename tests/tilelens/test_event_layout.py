"""Finding a table's photos and seats: the naming convention, the manifest, and bad input per table."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tilelens.event.layout import EventInputError, find_tables, read_table_folder, scan_event, table_from_uploads
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
                                          ("players = ", "cannot be parsed")])
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
    for text in ("table.toml と table.json の両方があります", "table.toml の書き方が正しくありません: ",
                 "table.json には players や seats などのキーを並べて", "players は 2、3、4 のどれか",
                 "dealer は 1 から 4 までの席の番号に", "seats には席の番号ごとに写真のファイル名を",
                 "wall には写真のファイル名を", "知らないキーがあります: ['playrs']",
                 "写真 IMG_0001.jpg の名前では席がわかりません", "2番席の写真が複数あります: seat2-dealer.jpg, seat2.png",
                 "3番席の写真がありません", "親が複数います: 1番席 (seat1-dealer.jpg)、2番席 (seat2-dealer.jpg)",
                 "1番席: 設定ファイルに書かれた写真 gone.jpg がフォルダにありません", "seat3.jpg: 2人の卓に3番席はありません"):
        assert text in said
