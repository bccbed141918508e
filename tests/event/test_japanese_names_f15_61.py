"""Session 61 (F15): an event folder named as a Japanese organiser names it (席1.jpg, 席1-親.jpg, Finder's
"seat2 のコピー.jpg"), a table of three with no table.toml told how to say so on the command line, and the seats' CSV
with the findings and tiles in Japanese beside the English (an extra tile "+1")."""
from __future__ import annotations

import csv
import functools
import io
import json
import shutil
import sys
import unicodedata
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, IDOLS, ExactReader, make_table  # noqa: E402

from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.layout import parse_photo_name, read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind  # noqa: E402
from tilelens.event.runner import check_event  # noqa: E402
from tilelens.event.seats_csv import HEADERS, seats_csv  # noqa: E402


@pytest.mark.parametrize("name, parsed", [
    ("席1.jpg", ("1", False)), ("席1-親.jpg", ("1", True)), ("seat1-親.jpg", ("1", True)), ("席1_親.png", ("1", True)),
    ("席1親.jpg", ("1", True)), ("席１-親.jpg", ("1", True)), ("席 2.jpg", ("2", False)), ("席4-dealer.JPG", ("4", True)),
    ("席3-oya.jpg", ("3", True)),
    # macOS Finder in Japanese names a copy "… のコピー" (and "… のコピー 2"): its seat's, as Windows' "- コピー" is
    ("seat2 のコピー.jpg", ("2", False)), ("seat2のコピー.jpg", ("2", False)), ("seat2 のコピー 2.jpg", ("2", False)),
    ("席2のコピー.jpg", ("2", False)), ("seat1-dealer のコピー.jpg", ("1", True)), ("席1-親のコピー.jpg", ("1", True)),
    ("wall のコピー.jpg", ("wall", False)),
])
def test_japanese_seat_names_say_their_seat(name, parsed):
    assert parse_photo_name(name) == parsed
    assert parse_photo_name(unicodedata.normalize("NFD", name)) == parsed  # as a Mac may write it (ピ: ヒ and ゜)


@pytest.mark.parametrize("name", ["席.jpg", "親.jpg", "席1-親親.jpg", "seat1親x.jpg", "のコピー.jpg", "席1-子.jpg"])
def test_other_names_still_say_no_seat(name):
    assert parse_photo_name(name) is None


def _photos(reader: ExactReader, folder: Path, names: list[str], hands=CLEAN) -> Path:
    folder.mkdir(parents=True)
    for (seat, kinds), name in zip(sorted(hands.items()), names):
        reader.draw(folder / name, kinds, salt=sum(folder.name.encode()))
    return folder


def test_a_table_named_in_japanese_is_read_as_its_seats(tmp_path):
    table = read_table_folder(_photos(ExactReader(), tmp_path / "テーブル1", ["席1-親.jpg", "席2.jpg", "席3.jpg",
                                                                           "席4.jpg"]))
    assert table.problems == () and sorted(table.seats) == ["1", "2", "3", "4"] and table.dealer == "1"
    mixed = read_table_folder(_photos(ExactReader(), tmp_path / "テーブル4", ["seat1-親.jpg", "seat2.jpg", "seat3.jpg",
                                                                            "seat4.jpg"]))
    assert mixed.problems == () and mixed.dealer == "1"


def test_a_finder_copy_in_japanese_is_its_seats_second_photo(tmp_path):
    folder = make_table(ExactReader(), tmp_path, "table-b", CLEAN)
    shutil.copy(folder / "seat2.png", folder / "seat2 のコピー.png")
    table = read_table_folder(folder)
    (two,) = table.problems
    assert two.kind == FindingKind.DUPLICATE_SEAT and two.seats == ("2",)
    assert "two photos for seat 2" in two.message and "seat2 のコピー.png" in two.message
    assert "2番席の写真が複数あります" in two.message_ja


@pytest.fixture()
def exact(monkeypatch):
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


def _three(reader: ExactReader, root: Path) -> Path:
    """An event of a Cinderella Girls table of four and one of three, neither with a table.toml."""
    ev = root / "大会"
    make_table(reader, ev, "卓01", {str(i + 1): hand for i, hand in enumerate(IDOLS)})
    make_table(reader, ev, "卓03", {str(i + 1): hand for i, hand in enumerate(IDOLS[:3])})
    return ev


def test_a_table_of_three_without_a_manifest_is_told_how_to_say_so(exact, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    ev = _three(exact, tmp_path)
    assert cli.main(["check", str(ev), "--game", "cinderella-neo", "--jobs", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    (line,) = [ln for ln in out.splitlines() if "3人で遊んだ卓なら" in ln]
    assert "players = 3" in line and "table.toml" in line and "--players 3" in line
    assert out.index("4番席の写真がありません") < out.index(line)  # under the table's own line
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert cli.main(["check", str(ev), "--game", "cinderella-neo", "--jobs", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    (line,) = [ln for ln in out.splitlines() if "if three played at" in ln]
    assert "players = 3" in line and "table.toml" in line and "--players 3" in line and "卓03" in line
    assert cli.main(["check", str(ev), "--game", "cinderella-neo", "--jobs", "1", "--quiet", "--players", "3"]) == 1
    assert "if three played" not in capsys.readouterr().out  # told: the table of four is the one out of order


def test_no_hint_of_three_where_the_game_is_played_by_four_or_another_seat_is_missing(exact, tmp_path, capsys):
    ev = tmp_path / "ev"
    make_table(exact, ev, "table-01", {s: CLEAN[s] for s in "123"})  # Nogizaka: four players only
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "no photo for seat 4" in out and "three played" not in out
    ev2 = tmp_path / "ev2"
    make_table(exact, ev2, "table-01", {"1": IDOLS[0], "2": IDOLS[1], "4": IDOLS[3]})  # seat 3 missing: no table of 3
    assert cli.main(["check", str(ev2), "--game", "cinderella-neo", "--jobs", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "no photo for seat 3" in out and "three played" not in out


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_seats_csv_says_the_findings_and_tiles_in_japanese_too(exact, tmp_path, capsys):
    ev = tmp_path / "ev"
    # seat 4 one tile too many, seat 3 one too few
    make_table(exact, ev, "table-02", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"], "3": CLEAN["3"][:7]}))
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet", "--csv", "-"]) == 1
    rows = {r["seat"]: r for r in _rows(capsys.readouterr().out)}
    assert HEADERS[-2:] == ["findings_ja", "tiles read_ja"] and HEADERS[:16][-1] == "findings"
    assert rows["4"]["missing - / extra + (tiles)"] == "+1"  # an extra tile said with its sign, as a missing one is
    assert rows["3"]["missing - / extra + (tiles)"] == "-1" and rows["1"]["missing - / extra + (tiles)"] == "0"
    assert "has 9 tiles, expected 8" in rows["4"]["findings"]
    assert "9枚" in rows["4"]["findings_ja"] and "has 9 tiles" not in rows["4"]["findings_ja"]
    assert rows["4"]["tiles read_ja"].split()[-1] == "らりん" and len(rows["4"]["tiles read_ja"].split()) == 9
    assert rows["1"]["tiles read_ja"].split() == ["みさ先輩", "さゆりん", "まいまい", "まりか", "らりん", "さゆにゃん",
                                                  "みなみ", "みおな", "ひめたん"]
    assert rows["1"]["findings_ja"] == ""


def test_a_lone_row_says_in_japanese_why_it_has_no_seats(tmp_path):
    out = tmp_path / "_report"
    (out / "t1").mkdir(parents=True)
    (out / "t1" / "report.json").write_text(json.dumps({"table": "t1", "game": "nogizaka", "verdict": "ok",
                                                        "findings": [], "seats": []}))
    rows = {r["table"]: r for r in _rows(seats_csv(out, {"tables": [{"table": "t1"}], "unchecked": ["t2"]}))}
    assert rows["t1"]["table verdict"].startswith("report not trusted") and rows["t1"]["findings_ja"]
    assert rows["t2"]["table verdict"].startswith("not checked") and "チェックしていません" in rows["t2"]["findings_ja"]
