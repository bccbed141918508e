"""Session 53, a fuzz re-walk of `tilelens check`:

1. ``--out LINK`` where LINK is a link to a folder not there said "LINK: File exists (a file is where a folder must
   go)"; ``--out`` a named pipe was "a file"; a seat photo that is a named pipe was "no photo for seat 2 (expected
   seat2.jpg ...)" though seat2.jpg is there: each is said for what it is, and a pipe is never opened;
2. a table.toml's ``dealer = "1"`` (a string) was taken without a word, where ``players = "4"`` is refused: refused
   the same way;
3. the same photos copied into 12 tables made each table's line list every copy (44 clauses, thousands of
   characters): one clause per seat names the other tables in short, report.json keeps each;
4. its argument errors (``--jobs 0``, ``--min-confidence 7``, ``--players 5``) were English under TILELENS_LANG=ja.
"""
from __future__ import annotations

import functools
import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, japanese, make_table  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.layout import read_table_folder, same_photos_across  # noqa: E402
from tilelens.event.model import FindingKind, grouped  # noqa: E402
from tilelens.event.runner import check_event  # noqa: E402

fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def _event(tmp_path: Path) -> Path:
    ev = tmp_path / "ev"
    make_table(ExactReader(), ev, "t1", CLEAN)
    return ev


def _check(argv: list[str], capsys, monkeypatch, lang: str = "en") -> tuple[int, str, str]:
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = cli.main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. --out a link to nothing, --out a named pipe ----------------------------------------------------------------
@pytest.mark.parametrize("lang, said", [
    ("en", "is a link to {target}, which is not there: the report needs a folder"),
    ("ja", "のリンク先の {target} がありません")])
def test_out_a_link_to_a_folder_not_there_is_said_to_be_such_a_link(tmp_path, capsys, monkeypatch, lang, said):
    ev = _event(tmp_path)
    link = tmp_path / "outdang"
    link.symlink_to(tmp_path / "nope" / "rep")
    code, out, err = _check([str(ev), "--game", "nogizaka", "--out", str(link), "--quiet"], capsys, monkeypatch, lang)
    assert code == 2 and err.count("\n") == 1, err
    assert said.format(target=tmp_path / "nope" / "rep") in err and str(link) in err, err
    assert "File exists" not in err and "ファイルがあります" not in err
    assert link.is_symlink() and not (tmp_path / "nope").exists()  # nothing made, the link left as it was


def test_out_under_a_link_to_nothing_is_said_too(tmp_path, capsys, monkeypatch):
    ev = _event(tmp_path)
    (tmp_path / "dang").symlink_to(tmp_path / "gone")
    code, _, err = _check([str(ev), "--game", "nogizaka", "--out", str(tmp_path / "dang" / "rep"), "--quiet"], capsys,
                          monkeypatch)
    assert code == 2 and f"{tmp_path / 'dang'} is a link to {tmp_path / 'gone'}, which is not there" in err, err


@fifo_only
@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "is a named pipe, not a folder: the report needs a folder", "is a file"),
    ("ja", "は名前付きパイプで、フォルダではありません", "はファイルです")])
def test_out_a_named_pipe_is_said_to_be_one(tmp_path, capsys, monkeypatch, lang, said, not_said):
    ev = _event(tmp_path)
    pipe = tmp_path / "outfifo"
    os.mkfifo(pipe)
    code, _, err = _check([str(ev), "--game", "nogizaka", "--out", str(pipe), "--quiet"], capsys, monkeypatch, lang)
    assert code == 2 and said in err and not_said not in err, err
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_out_a_file_is_still_said_to_be_a_file(tmp_path, capsys, monkeypatch):
    ev = _event(tmp_path)
    (tmp_path / "afile").write_text("x")
    code, _, err = _check([str(ev), "--game", "nogizaka", "--out", str(tmp_path / "afile"), "--quiet"], capsys,
                          monkeypatch)
    assert code == 2 and "is a file, not a folder" in err, err


# --- 1. a seat photo that is a named pipe --------------------------------------------------------------------------
def _four(tmp_path: Path, seats: str = "1234") -> Path:
    folder = tmp_path / "t1"
    folder.mkdir()
    for seat in seats:
        (folder / f"seat{seat}.jpg").write_bytes(b"\xff\xd8 not a real jpeg " + seat.encode())
    return folder


@fifo_only
def test_a_seat_photo_that_is_a_named_pipe_is_said_and_never_opened(tmp_path):
    folder = _four(tmp_path, "134")
    os.mkfifo(folder / "seat2.jpg")
    table = read_table_folder(folder)
    assert "2" not in table.seats  # not among the photos read (a pipe opened for reading waits for a writer)
    [said] = [p for p in table.problems if p.seats == ("2",)]
    assert said.kind is FindingKind.MISSING_SEAT
    assert said.message == ("no photo for seat 2: seat2.jpg is a named pipe, not a photo file (put the photo "
                            "seat2.jpg or seat2-dealer.jpg in its place)")
    assert said.message_ja == ("2番席の写真がありません: seat2.jpg は名前付きパイプで、写真のファイルではありません "
                               "(そこに写真 seat2.jpg か seat2-dealer.jpg を置いてください)")
    assert "expected seat2.jpg" not in said.message


@fifo_only
def test_a_photo_named_in_table_toml_that_is_a_named_pipe_is_said(tmp_path):
    folder = _four(tmp_path, "134")
    os.mkfifo(folder / "IMG_0002.jpg")
    (folder / "table.toml").write_text('[seats]\n2 = "IMG_0002.jpg"\n', encoding="utf-8")
    table = read_table_folder(folder)
    [said] = [p for p in table.problems if p.seats == ("2",)]
    assert "2" not in table.seats
    assert said.message == "seat 2: photo IMG_0002.jpg named in table.toml is a named pipe, not a photo file"
    assert said.message_ja == "2番席: table.toml に書かれた写真 IMG_0002.jpg は名前付きパイプで、写真のファイルではありません"


@fifo_only
def test_a_wall_photo_and_a_manifest_that_are_named_pipes_are_said(tmp_path):
    folder = _four(tmp_path)
    os.mkfifo(folder / "wall.jpg")
    os.mkfifo(folder / "table.toml")
    table = read_table_folder(folder)
    assert table.wall is None and sorted(table.seats) == ["1", "2", "3", "4"]
    messages = [p.message for p in table.problems]
    assert "the wall: wall.jpg is a named pipe, not a photo file" in messages, messages
    assert any(m.startswith("table.toml is a named pipe, not a file: it was not read") for m in messages), messages
    assert all(japanese(p.message_ja) for p in table.problems)


@fifo_only
def test_a_check_with_a_seat_photo_that_is_a_named_pipe_says_it_in_its_line(tmp_path, capsys, monkeypatch):
    reader = ExactReader()
    ev = tmp_path / "ev"
    folder = make_table(reader, ev, "t1", CLEAN)
    (folder / "seat2.png").unlink()
    os.mkfifo(folder / "seat2.png")
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    code, out, _ = _check([str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"], capsys, monkeypatch)
    assert code == 1 and "seat2.png is a named pipe, not a photo file" in out, out
    assert "expected seat2.jpg" not in out


# --- 2. dealer = "1" ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, text", [("table.toml", 'dealer = "1"\n'),
                                        ("table.json", json.dumps({"dealer": "1"}))])
def test_a_dealer_written_as_text_is_taken_as_the_seat_as_it_always_was(tmp_path, name, text):
    folder = _four(tmp_path)  # organisers' files written so before session 53 keep working, no fault
    (folder / name).write_text(text, encoding="utf-8")
    table = read_table_folder(folder)
    assert not [p for p in table.problems if p.kind is FindingKind.BAD_MANIFEST]
    assert table.dealer == "1"


@pytest.mark.parametrize("value", ['"5"', '"x"', "true", "1.0"])
def test_a_dealer_that_is_no_seat_is_still_refused(tmp_path, value):
    folder = _four(tmp_path)
    (folder / "table.toml").write_text(f"dealer = {value}\n", encoding="utf-8")
    table = read_table_folder(folder)
    [bad] = [p for p in table.problems if p.kind is FindingKind.BAD_MANIFEST]
    assert bad.message.startswith("table.toml: dealer must be a seat from 1 to 4 (got ") and bad.message_ja
    assert table.dealer is None


def test_players_written_as_text_says_to_drop_the_quotes_too(tmp_path):
    folder = _four(tmp_path)
    (folder / "table.toml").write_text('players = "4"\n', encoding="utf-8")
    [bad] = read_table_folder(folder).problems
    assert bad.message == "table.toml: players must be 2, 3 or 4, a number without quotes: players = 4 (got '4')"
    assert "引用符なし" in bad.message_ja


def test_a_dealer_written_as_a_number_is_taken(tmp_path):
    folder = _four(tmp_path)
    (folder / "table.toml").write_text("dealer = 3\n", encoding="utf-8")
    table = read_table_folder(folder)
    assert table.problems == () and table.dealer == "3"


# --- 3. the same photos copied into many tables ---------------------------------------------------------------------
def _copied_event(tmp_path: Path, n: int) -> tuple[Path, ExactReader]:
    reader = ExactReader()
    ev = tmp_path / "ev"
    first = make_table(reader, ev, "table-01", CLEAN)
    for i in range(2, n + 1):
        shutil.copytree(first, ev / f"table-{i:02d}")
    return ev, reader


def test_byte_copies_at_many_tables_are_one_clause_a_seat_in_report_json_each_kept(tmp_path):
    ev, _ = _copied_event(tmp_path, 12)
    tables = [read_table_folder(ev / f"table-{i:02d}") for i in range(1, 13)]
    found = same_photos_across(tables)
    said = found["table-01"]
    assert len(said) == 4  # one a seat
    seat1 = next(f for f in said if f.seats == ("1",))
    assert seat1.message == ("seat 1: photo seat1-dealer.png is the same file as seat 1 at 11 other tables "
                             "(table-02, table-03, table-04 … table-12): each seat needs a photo of its own hand")
    assert seat1.message_ja == ("1番席: 写真 seat1-dealer.png はほかの11卓 (table-02、table-03、table-04 … table-12) "
                                "の1番席の写真と同じファイルです: 席ごとにその席の手牌を撮ってください")
    others = seat1.data["copies"]
    assert [c["table"] for c in others] == [f"table-{i:02d}" for i in range(2, 13)]  # every one kept
    assert {(c["seat"], c["photo"]) for c in others} == {("1", "seat1-dealer.png")}


def test_byte_copies_at_two_tables_are_said_as_before(tmp_path):
    ev, _ = _copied_event(tmp_path, 2)
    found = same_photos_across([read_table_folder(ev / "table-01"), read_table_folder(ev / "table-02")])
    seat2 = next(f for f in found["table-01"] if f.seats == ("2",))
    assert seat2.message == ("seat 2: photo seat2.png is the same file as seat 2 at table-02 (seat2.png): each seat "
                             "needs a photo of its own hand")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_check_of_12_tables_of_one_photos_says_each_table_in_a_short_line(tmp_path, capsys, monkeypatch, lang):
    ev, reader = _copied_event(tmp_path, 12)
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    code, out, _ = _check([str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"], capsys, monkeypatch, lang)
    assert code == 1
    line = next(x for x in out.splitlines() if "table-01" in x.split(":")[0])
    assert len(line) < 1200, line  # 4 clauses, not 44
    assert line.count("table-12") == 4 and line.count("table-05") == 0, line
    assert ("11 other tables" if lang == "en" else "ほかの11卓") in line
    report = json.loads((ev / "_report" / "table-01" / "report.json").read_text(encoding="utf-8"))
    copies = [f for f in report["findings"] if f["kind"] == FindingKind.DUPLICATE_SEAT]
    assert sum(len(f["data"]["copies"]) for f in copies) == 44  # every copy kept


def _near(seat: str, table: str, distance: float = 0.0) -> dict:
    """A near copy at another table as report.json keeps it (``copies.near_copies_across``'s)."""
    return {"kind": "near-copy", "severity": "error", "seats": [seat], "tiles": [],
            "message": f"seat {seat}: photo seat{seat}.jpg looks like the same photo as {table}'s seat {seat} "
                       f"(seat{seat}.jpg), identical to look at (one file, or a copy of it): each seat needs a photo "
                       f"of its own hand",
            "message_ja": f"{seat}番席: 写真 seat{seat}.jpg は {table} の{seat}番席の写真 (seat{seat}.jpg) と同じ写真のようです",
            "data": {"table": table, "seat": seat, "photo": f"seat{seat}.jpg", "distance": distance,
                     "same_reading": True}}


def test_near_copies_at_many_tables_are_told_as_one_a_seat():
    findings = [_near(seat, f"table-{i:02d}") for seat in "12" for i in range(2, 13)]
    told = grouped(findings)
    assert len(told) == 2
    assert told[0]["message"] == ("seat 1: photo seat1.jpg looks like the same photo as seat 1 at 11 other tables "
                                  "(table-02, table-03, table-04 … table-12), identical to look at (one file, or a "
                                  "copy of it): each seat needs a photo of its own hand")
    assert told[0]["message_ja"] == ("1番席: 写真 seat1.jpg はほかの11卓 (table-02、table-03、table-04 … table-12) の"
                                     "1番席の写真と同じ写真のようです (見た目がまったく同じで、同じファイルかそのコピー): "
                                     "席ごとにその席の手牌を撮ってください")
    assert [d["table"] for d in told[0]["data"]["copies"]] == [f"table-{i:02d}" for i in range(2, 13)]
    assert told[1]["seats"] == ["2"] and "11 other tables" in told[1]["message"]


def test_near_copies_at_two_tables_and_of_other_kinds_are_told_as_they_are():
    two = [_near("1", "table-02"), _near("1", "table-03")]
    assert grouped(two) == two
    mixed = [_near("1", "table-02"), _near("1", "table-03", 4.2), _near("1", "table-04", 4.2)]
    told = grouped(mixed)  # three tables, but not all seen alike: one clause, no reason that is not each's
    assert len(told) == 1 and "3 other tables (table-02, table-03, table-04)" in told[0]["message"]
    assert "identical to look at" not in told[0]["message"]


def test_the_event_lines_keep_what_groups_the_near_copies(tmp_path):
    from tilelens.event.runner import summary_line

    report = {"table": "t1", "verdict": "fault", "findings": [_near("1", f"table-{i:02d}") for i in range(2, 6)]}
    line = summary_line(report, resumed=False)
    assert line["counts"] == {"error": 1}
    assert len(grouped(line["findings"])) == 1


# --- 4. argument errors in Japanese ---------------------------------------------------------------------------------
@pytest.mark.parametrize("option, value, said", [
    ("--jobs", "0", "--jobs: 1 以上にしてください (いま 0)"),
    ("--min-confidence", "7", "--min-confidence: 0 から 1 までにしてください (いま 7)"),
    ("--min-confidence", "nan", "--min-confidence: 0 から 1 までにしてください (いま nan)"),
    ("--players", "5", "--players: 「5」は選べません"),
])
def test_check_says_an_argument_error_in_japanese_after_its_usage(tmp_path, capsys, monkeypatch, option, value, said):
    (tmp_path / "ev").mkdir()
    monkeypatch.setenv("TILELENS_LANG", "ja")
    with pytest.raises(SystemExit) as exc:
        cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", option, value])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith("使い方: tilelens check"), err  # as its --help says it (59)
    last = err.splitlines()[-1]
    assert last.startswith(f"tilelens check: エラー: {said}"), last
    assert "error: argument" not in err and not (tmp_path / "ev" / "_report").exists()


def test_check_still_lists_the_shipped_rules_option():
    assert "--shipped-rules" in event_cli.build_parser().format_usage()


def test_a_tables_page_tells_a_photo_copied_at_many_tables_in_one_row():
    from tilelens.event.model import Finding
    from tilelens.event.report import findings_table

    findings = tuple(Finding(FindingKind.NEAR_COPY, d["message"], seats=tuple(d["seats"]), data=d["data"],
                             message_ja=d["message_ja"]) for d in (_near("1", f"table-{i:02d}") for i in range(2, 13)))
    page = findings_table(findings, {})
    assert page.count('<tr class="finding"') == 1, page
    assert "11 other tables (table-02, table-03, table-04 … table-12)" in page and "ほかの11卓" in page
    assert page.count('<tr class="finding"') == len(findings) - 10
