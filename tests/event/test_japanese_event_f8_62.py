"""Session 62 (F8, walkthrough W1's findings): a Nogizaka event checked in Japanese. A short seat whose photo is too
dark says to retake it, not to count a correct hand again; the rename to mark a dealer follows the table's naming
(席1.jpg to 席1-親.jpg); photos named 東南西北 are seats 1-4 (東 deals); photos of no seat are one finding, an empty
table folder one line; the Japanese command line and the seats CSV say tiles by their names alone; a count off and
a photo copied across tables show the seat's photo; --game takes a game's name."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from scorer.cli import game_named, with_game_id  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TileRef  # noqa: E402
from tilelens.event.report import CSS, copied_from, seat_pictures  # noqa: E402
from tilelens.event.rules import Seating, count_findings, mark_dealer, unsure_findings  # noqa: E402
from tilelens.event.runner import CheckOptions, check_event  # noqa: E402

SEATS = ("1", "2", "3", "4")


def _reading(seat: str, n: int, photo: str = "", sure: float = 0.96) -> SeatReading:
    tiles = tuple(TileRef(seat, i, "kotoko", (10.0 + 100 * i, 10.0, 100.0 + 100 * i, 150.0), sure) for i in range(n))
    return SeatReading(seat, photo or f"seat{seat}.jpg", tiles, image_wh=(100 * n + 20, 160), kind_sure=sure)


# --- 1. a short seat whose photo is too dark: retake it, not count again ---------------------------------------

def test_a_short_seat_whose_photo_is_dark_is_told_to_retake_it():
    game = load_game("nogizaka")
    readings = {"1": _reading("1", 9), "2": _reading("2", 4, "席2.jpg"), "3": _reading("3", 8), "4": _reading("4", 8)}
    seating = Seating(SEATS, dealer="1")
    [dark] = count_findings(game, seating, readings, murky=set(), dark={"2"})
    assert dark.kind is FindingKind.WRONG_COUNT and dark.data["retake"] == "dark"
    assert "席2.jpg is too dark" in dark.message and "count the tiles again" not in dark.message
    assert dark.message_ja.startswith("2番席 (子): 席2.jpg は暗すぎます。牌が4枚しか見つかりません (8枚のはずです)")
    assert "数え直" not in dark.message_ja and "撮り直して" in dark.message_ja
    [lit] = count_findings(game, seating, readings, murky=set())  # well lit: the count fault, as before
    assert "数え直し" in lit.message_ja and "暗すぎ" not in lit.message_ja


def test_the_check_measures_a_dark_photo_of_a_short_seat(tmp_path):
    reader = ExactReader()
    table = make_table(reader, tmp_path / "ev", "卓6", {**CLEAN, "2": CLEAN["2"][:7]})
    photo = table / "seat2.png"
    dark = (np.asarray(Image.open(photo).convert("RGB"), np.float64) * 0.25).astype(np.uint8)
    kinds = reader.known.pop(next(k for k, v in reader.known.items() if len(v) == 7))
    Image.fromarray(dark).save(photo)
    reader.known[reader.key(np.ascontiguousarray(dark[:, :, ::-1]))] = kinds
    check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    report = json.loads((tmp_path / "out" / "卓6" / "report.json").read_text())
    [count] = [f for f in report["findings"] if f["kind"] == FindingKind.WRONG_COUNT]
    assert "暗すぎます" in count["message_ja"] and count["data"]["retake"] == "dark", count


# --- 2. the dealer's rename as the table names its photos ------------------------------------------------------

def test_the_rename_to_mark_a_dealer_keeps_the_japanese_names():
    readings = {"1": _reading("1", 9, "席1.jpg"), "3": _reading("3", 8, "席3-親.jpg")}
    en, ja = mark_dealer("1", Seating(SEATS, dealer="3"), readings)
    assert ja == "席1.jpg を 席1-親.jpg、席3-親.jpg を 席3.jpg に名前を変えてください", ja
    assert "seat1-dealer" not in en
    assert mark_dealer("3", Seating(SEATS, dealer="1"), {"3": _reading("3", 9)})[0] == \
        "rename seat3.jpg to seat3-dealer.jpg"


def test_a_missing_seat_asks_for_its_photo_as_the_table_names_them(tmp_path):
    folder = tmp_path / "卓1"
    folder.mkdir()
    for i, name in enumerate(("席1-親.jpg", "席2.jpg", "席3.jpg")):
        Image.new("RGB", (40, 40), (60 * i, 0, 0)).save(folder / name)
    [missing] = [p for p in read_table_folder(folder).problems if p.kind is FindingKind.MISSING_SEAT]
    assert missing.message_ja == "4番席の写真がありません (席4.jpg か 席4-親.jpg)", missing.message_ja


# --- 3. 東南西北, and photos of no seat --------------------------------------------------------------------------

def test_photos_named_by_the_winds_are_seats_one_to_four_east_dealing(tmp_path):
    folder = tmp_path / "３卓"
    folder.mkdir()
    for i, name in enumerate(("東.jpg", "南.jpg", "西.jpg", "北.jpg")):
        Image.new("RGB", (40, 40), (60 * i, 0, 0)).save(folder / name)
    table = read_table_folder(folder)
    assert not table.problems, table.problems
    assert {s: p.name for s, p in table.seats.items()} == {"1": "東.jpg", "2": "南.jpg", "3": "西.jpg", "4": "北.jpg"}
    assert table.dealer == "1"


def test_photos_of_no_seat_are_one_finding_and_no_seat_is_said_missing(tmp_path):
    folder = tmp_path / "卓C"
    folder.mkdir()
    for name in ("親.jpg", "子1.jpg", "子2.jpg", "子3.jpg"):
        Image.new("RGB", (40, 40)).save(folder / name)
    [said] = read_table_folder(folder).problems
    assert said.kind is FindingKind.UNNAMED_PHOTO
    assert said.message_ja.startswith("写真 子1.jpg、子2.jpg、子3.jpg、親.jpg の名前では席がわかりません: 席1-親.jpg"), \
        said.message_ja
    assert "東.jpg" in said.message


# --- 4. an empty table folder ----------------------------------------------------------------------------------

def test_an_empty_table_folder_is_one_line(tmp_path):
    folder = tmp_path / "卓10"
    folder.mkdir()
    (folder / ".DS_Store").write_bytes(b"\0")
    [said] = read_table_folder(folder).problems
    assert said.message_ja == "卓10 のフォルダは空です: 写真を入れるか、使わないならフォルダを消してください"
    assert said.message == "the folder of 卓10 is empty: put its photos in, or delete the folder if the table is not used"


# --- 5. tiles by their names alone in Japanese lines and the CSV -----------------------------------------------

def test_the_japanese_command_line_and_the_csv_say_tiles_by_their_names():
    from tilelens.event.cli import _table_lines
    from tilelens.event.report import tile_ids
    from tilelens.event.seats_csv import HEADERS, table_rows

    finding = {"kind": FindingKind.SURPLUS, "severity": "error", "message": "Kotoko (kotoko) read 7 times",
               "message_ja": "琴子 (kotoko) を7枚読みました", "seats": ["2"], "tiles": []}
    line = {"table": "卓5", "verdict": "fault", "findings": [finding]}
    [said] = _table_lines(line, "ja", ids=tile_ids("nogizaka"))
    assert "琴子を7枚読みました" in said and "(kotoko)" not in said, said
    assert "(kotoko)" in _table_lines(line, "en", ids=tile_ids("nogizaka"))[0]
    report = {"table": "卓5", "game": "nogizaka", "verdict": "fault", "dealer": "1", "findings": [finding],
              "seats": [{"seat": "2", "photo": "席2.jpg", "tiles": []}]}
    [row] = table_rows("卓5", report)
    assert row[HEADERS.index("findings_ja")] == "琴子を7枚読みました"
    assert row[HEADERS.index("findings")] == "Kotoko (kotoko) read 7 times"


# --- 6. the seat's photo beside a count off and a copy --------------------------------------------------------

def test_a_count_off_and_a_copy_across_tables_show_the_photos():
    count = {"kind": FindingKind.WRONG_COUNT, "seats": ["2"], "tiles": [], "data": {"count": 7}}
    assert [name for name, _, _ in seat_pictures(count)] == ["thumbs/seat2.jpg"]
    copy = {"kind": FindingKind.DUPLICATE_SEAT, "seats": ["2"], "tiles": [],
            "data": {"copies": [{"table": "卓9", "seat": "3", "photo": "席3.jpg"}]}}
    assert [name for name, _, _ in seat_pictures(copy)] == ["thumbs/seat2.jpg"]
    assert copied_from(copy) == [("卓9", "thumbs/seat3.jpg", "卓9, seat 3", "卓9 の3番席")]
    assert "white-space:nowrap" in CSS.split(".sev{", 1)[1].split("}", 1)[0]


# --- 7. Japanese polish ----------------------------------------------------------------------------------------

def test_the_other_candidates_are_inside_the_confidence_bracket():
    game = load_game("nogizaka")
    t = TileRef("2", 0, "kotoko", (0, 0, 10, 10), 0.66, alternatives=(("rarin", 0.2), ("ashu", 0.1)))
    [f] = unsure_findings(game, {"2": SeatReading("2", "席2.jpg", (t,), kind_sure=0.66)}, 0.8)
    assert "(信頼度 0.66、ほかの候補: " in f.message_ja and ") (" not in f.message_ja, f.message_ja


# --- 8. --game by the game's name ------------------------------------------------------------------------------

def test_a_game_is_named_by_its_id_or_either_name():
    assert game_named("乃木坂ドンジャラ") == game_named("乃木坂") == game_named("Nogizaka Donjara") == "nogizaka"
    assert game_named("東京麻雀") == "tokyo-mahjong"
    assert game_named("no-such-game") == "no-such-game"  # load_game says why
    assert with_game_id(["--game", "乃木坂", "x"]) == ["--game", "nogizaka", "x"]
    assert with_game_id(["--game=乃木坂ドンジャラ"]) == ["--game=nogizaka"]
