"""Session 49d, from an organiser's walkthrough of ``tilelens check``: a seat that reads far less surely than the rest
of its table is asked of the other games' classifiers (another set's tiles) or said to be a poor photo; a single seat
of another set's tiles is blamed on the photo, not on ``--game``; table.toml slips say what was meant; a new
``--min-confidence`` re-judges the stored readings without reading the photos again; Japanese lines without
English words or commas; a table's page links back to the event's."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, japanese, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.layout import read_table_folder, table_from_uploads  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TileRef, Verdict  # noqa: E402
from tilelens.event.rules import other_game_findings, poorly_read_seats  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402

NOGI = load_game("nogizaka")


class LooksReader(ExactReader):
    """``ExactReader`` whose photos, asked of the other games' classifiers, look like ``looks`` ("" for none)."""

    def __init__(self, looks: str = "yokai-watch"):
        super().__init__()
        self.looks, self.asked = looks, 0

    def looks_like(self, image, reading) -> str:
        self.asked += 1
        return self.looks


def _table(tmp_path: Path, reader: ExactReader, seat3: float):
    """A clean table whose seat 3 reads every tile at ``seat3`` (the others at 0.98)."""
    make_table(reader, tmp_path / "ev", "t1", CLEAN, conf={"3": {i: seat3 for i in range(8)}})
    return check_table(read_table_folder(tmp_path / "ev" / "t1", 4), NOGI, reader)[0]


# --- 1. a seat far less sure than its table ----------------------------------------------------------------
def test_a_seat_far_less_sure_than_its_table_that_another_game_reads_is_the_other_game_finding(tmp_path):
    reader = LooksReader("yokai-watch")
    report = _table(tmp_path, reader, 0.72)  # above the recognizer's own cut (0.70), far below its table
    first = report.findings[0]
    assert first.kind == FindingKind.OTHER_GAME and first.seats == ("3",), report.findings
    assert "Yokai Watch" in first.message and report.verdict == Verdict.FAULT
    assert [s.other_game for s in report.seats] == [False, False, True, False]


def test_a_seat_far_less_sure_that_no_other_game_reads_is_a_photo_to_retake(tmp_path):
    report = _table(tmp_path, LooksReader(""), 0.72)
    poor = [f for f in report.findings if f.kind == FindingKind.POOR_PHOTO]
    assert [f.seats for f in poor] == [("3",)] and "camera's own photo" in poor[0].message and japanese(poor[0].message_ja)
    assert report.verdict == Verdict.REVIEW  # to confirm, not a fault
    assert not any(f.kind == FindingKind.OTHER_GAME for f in report.findings)


def test_a_seat_a_little_less_sure_than_its_table_is_not_asked(tmp_path):
    reader = LooksReader("yokai-watch")
    report = _table(tmp_path, reader, 0.86)  # 0.12 below, but 0.80 or more: read well enough
    assert reader.asked == 0
    assert not any(f.kind in (FindingKind.OTHER_GAME, FindingKind.POOR_PHOTO) for f in report.findings)


def _seat(seat: str, sure: float, n: int = 8) -> SeatReading:
    return SeatReading(seat, f"seat{seat}.jpg", tuple(TileRef(seat, i, "rarin", (0, 0, 1, 1), sure) for i in range(n)),
                       kind_sure=sure)


@pytest.mark.parametrize("sures, poor", [
    ({"1": 0.9, "2": 0.91, "3": 0.72, "4": 0.89}, ["3"]),
    ({"1": 0.9, "2": 0.91, "3": 0.79, "4": 0.89}, []),   # 0.12 below the median of the others, not more
    ({"1": 0.75, "2": 0.78, "3": 0.6, "4": 0.77}, ["3"]),
    ({"1": 0.9, "3": 0.6}, []),                            # one other seat: no table to compare with
])
def test_the_rule_compares_a_seat_with_the_median_of_its_tables_other_seats(sures, poor):
    readings = {s: _seat(s, v) for s, v in sures.items()}
    assert [s for s, *_ in poorly_read_seats(readings)] == poor


# --- 2. one seat of another set's tiles: the photo, not --game ------------------------------------------------
def test_one_seat_of_another_sets_tiles_asks_for_a_retake_not_the_game():
    readings = {s: _seat(s, 0.9) for s in "1234"}
    readings["3"] = SeatReading("3", "seat3.jpg", readings["3"].tiles, other_game=True, looks_like="yokai-watch")
    [f] = other_game_findings(NOGI, readings)
    assert f.message.startswith("seat 3's photo shows another set's tiles, which look like Yokai Watch Donjara's: "
                                "retake it, or another set is at this table"), f.message
    assert "--game" not in f.message and "--game" not in f.message_ja and japanese(f.message_ja)


def test_the_japanese_game_question_has_no_double_punctuation(tmp_path):
    readings = {s: SeatReading(s, f"seat{s}.jpg", _seat(s, 0.6).tiles, other_game=True, looks_like="yokai-watch")
                for s in "1234"}
    [f] = other_game_findings(NOGI, readings)
    assert "--game" in f.message_ja and "?。" not in f.message_ja + "。" and not f.message_ja.endswith("?")


# --- 3. table.toml slips ---------------------------------------------------------------------------------------
def _folder(tmp_path: Path, toml: str, photos: list[str]) -> Path:
    d = tmp_path / "t1"
    d.mkdir()
    for p in photos:
        (d / p).write_bytes(p.encode())  # distinct contents: no copies
    (d / "table.toml").write_text(toml, encoding="utf-8")
    return d


SEATS = '[seats]\n1 = "IMG_0601.jpg"\n2 = "{two}"\n3 = "IMG_0603.jpg"\n4 = "IMG_0604.jpg"\n'


@pytest.mark.parametrize("listed, there", [("IMG_0620.jpg", "IMG_0602.jpg"), ("IMG_0602.JPG", "IMG_0602.jpg")])
def test_a_photo_name_close_to_one_in_the_folder_is_one_finding_saying_which(tmp_path, listed, there):
    d = _folder(tmp_path, "dealer = 1\n" + SEATS.format(two=listed),
                ["IMG_0601.jpg", there, "IMG_0603.jpg", "IMG_0604.jpg"])
    problems = read_table_folder(d).problems
    assert len(problems) == 1, [p.message for p in problems]
    assert f"did you mean {there}?" in problems[0].message and there in problems[0].message_ja
    assert "manifest" not in problems[0].message and "table.toml" in problems[0].message
    assert "table.toml" in problems[0].message_ja


def test_a_seats_table_misspelt_says_did_you_mean_seats(tmp_path):
    d = _folder(tmp_path, "dealer = 1\n" + SEATS.format(two="IMG_0602.jpg").replace("[seats]", "[seat]"),
                ["IMG_0601.jpg", "IMG_0602.jpg", "IMG_0603.jpg", "IMG_0604.jpg"])
    problems = read_table_folder(d).problems
    assert len(problems) == 1, [p.message for p in problems]  # not four unnamed photos and four missing seats
    assert "did you mean [seats]?" in problems[0].message and "[seats]" in problems[0].message_ja


def test_a_seat_listed_twice_is_said_so(tmp_path):
    d = _folder(tmp_path, 'dealer = 1\n[seats]\n1 = "a.jpg"\n2 = "b.jpg"\n3 = "c.jpg"\n3 = "d.jpg"\n',
                ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
    [problem] = read_table_folder(d).problems
    assert "seat 3 is listed twice" in problem.message and "Cannot overwrite" not in problem.message
    assert "3番席" in problem.message_ja and "line 6" in problem.message


# --- 4. --min-confidence re-judges the readings kept ------------------------------------------------------------
def test_a_new_min_confidence_rejudges_the_stored_readings_without_reading_the_photos(tmp_path):
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN, conf={"2": {1: 0.7}})
    out = tmp_path / "report"

    def run(min_confidence):
        return check_event(tmp_path / "ev", out, CheckOptions(game="nogizaka", min_confidence=min_confidence),
                           factory=lambda g: reader, jobs=1, progress=False)

    assert run(0.8).event["tables"][0]["verdict"] == "review"
    calls = reader.calls
    again = run(0.6)
    assert reader.calls == calls and again.checked == 0  # no photo read again
    assert again.event["tables"][0]["verdict"] == "ok"
    stored = json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))
    assert stored["verdict"] == "ok" and not stored["findings"]
    assert "to confirm" not in (out / "t1" / "index.html").read_text(encoding="utf-8").lower()
    back = run(0.8)
    assert reader.calls == calls and back.event["tables"][0]["verdict"] == "review"


# --- 5. Japanese without English words or commas -----------------------------------------------------------------
def test_an_upload_of_one_photo_at_two_seats_names_its_seats_in_japanese():
    photo = open(Path(__file__), "rb").read()
    table = table_from_uploads("t", 4, "1", {"2": [("seat2.jpg", photo)], "3": [("seat2.jpg", photo)]})
    said = [p.message_ja for p in table.problems if p.kind == FindingKind.DUPLICATE_SEAT]
    assert said and "seat 2" not in said[0] and "seat2.jpg (2番席)" in said[0], said


def test_the_japanese_lines_list_tables_with_the_japanese_comma(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    event_cli._say_to_look_at([{"table": "table-1", "verdict": "fault"}, {"table": "table-2", "verdict": "fault"}],
                              "ja")
    out = capsys.readouterr().out
    assert "table-1、table-2" in out, out


def test_a_photo_shared_across_tables_is_said_with_a_space_before_the_table(tmp_path):
    reader = ExactReader()
    for name in ("table-1", "table-3"):
        make_table(reader, tmp_path / "ev", name, CLEAN)
    (tmp_path / "ev" / "table-3" / "seat2.png").write_bytes((tmp_path / "ev" / "table-1" / "seat2.png").read_bytes())
    result = check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader,
                         jobs=1, progress=False)
    said = [f["message_ja"] for t in result.event["tables"] for f in t["findings"] if f["kind"] == "duplicate-seat"]
    assert said and all("はtable-" not in m and "は table-" in m for m in said), said


def test_the_alternatives_of_an_unsure_tile_are_listed_with_the_japanese_comma():
    from tilelens.event.rules import unsure_findings

    tile = TileRef("2", 0, "rarin", (0, 0, 1, 1), 0.5, alternatives=(("rarin", 0.5), ("miona", 0.2), ("ashu", 0.1)))
    [f] = unsure_findings(NOGI, {"2": SeatReading("2", "seat2.jpg", (tile,))}, 0.8)
    assert ", " not in f.message_ja and "、" in f.message_ja, f.message_ja


# --- 6. a table's page links back to the event's ------------------------------------------------------------------
def test_a_tables_page_links_back_to_the_events_page(tmp_path):
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    page = (tmp_path / "out" / "t1" / "index.html").read_text(encoding="utf-8")
    assert 'href="../index.html"' in page
