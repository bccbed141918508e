"""Session 55, an organiser's walkthrough of the event check after the seals (walkthrough w3): the event's own report
(``event.json``, its ``index.html``) is sealed with its page's hash as a table's is, and the app can ask whether it is
this home's as written (``runner.event_distrust``); a report this home cannot trust says why (another home's key, or
written before reports were sealed, or changed since) and the way forward (the command with this home, or copying
``event-report.key``); a home that cannot keep the key is said once; half the seats of another game's tiles is the
wrong ``--game`` too; a confidence under the threshold never shows as the threshold; a table page says it is for the
organisers, its link back says it works in the report folder, and the event's pages come as one zip; a dealer's
mix-up says which file to rename."""
from __future__ import annotations

import functools
import io
import json
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, japanese, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TileRef  # noqa: E402
from tilelens.event.rules import Seating, check_readings, other_game_findings, unsure_findings  # noqa: E402
from tilelens.event.runner import check_event  # noqa: E402


@pytest.fixture()
def exact(monkeypatch, tmp_path):
    """The CLI with the exact reader in place of the models, and a home of its own (its key)."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


def _check(event, *more: str) -> int:
    return cli.main(["check", str(event), "--game", "nogizaka", "--jobs", "1", *more])


def _event(exact, tmp_path, tables=("t1",)) -> Path:
    event = tmp_path / "ev"
    for name in tables:
        make_table(exact, event, name, CLEAN)
    assert _check(event) == 0
    return event


# --- 1. the event's report sealed, with its page's hash ----------------------------------------------------------

def test_the_events_report_is_sealed_with_its_pages_hash(exact, tmp_path):
    from tilelens.event.runner import event_distrust

    out = _event(exact, tmp_path) / "_report"
    stored = json.loads((out / "event.json").read_text(encoding="utf-8"))
    assert isinstance(stored.get("seal"), str) and isinstance(stored.get("page_sha256"), str), sorted(stored)
    assert event_distrust(out) is None


def test_a_forged_event_verdict_is_not_trusted(exact, tmp_path):
    from tilelens.event.runner import event_distrust

    out = _event(exact, tmp_path) / "_report"
    stored = json.loads((out / "event.json").read_text(encoding="utf-8"))
    stored["tables"][0]["verdict"] = "fault"
    stored["in_order"] = False
    (out / "event.json").write_text(json.dumps(stored), encoding="utf-8")
    said = event_distrust(out)
    assert said is not None and "changed" in said[0] and japanese(said[1]), said


def test_a_script_added_to_the_events_page_is_not_trusted(exact, tmp_path):
    from tilelens.event.runner import event_distrust

    out = _event(exact, tmp_path) / "_report"
    page = (out / "index.html").read_text(encoding="utf-8")
    (out / "index.html").write_text(page.replace("</body>", "<script>alert(1)</script></body>"), encoding="utf-8")
    assert event_distrust(out) is not None


# --- 2. another home's report: the way forward --------------------------------------------------------------------

def test_another_homes_report_says_the_command_with_this_home_and_the_key_file(exact, tmp_path, monkeypatch):
    from tilelens.event.runner import event_distrust, table_distrust
    from tilelens.event.trust import KEY_FILE

    event = _event(exact, tmp_path)
    out = event / "_report"
    app_home = tmp_path / "club-home"
    monkeypatch.setenv("TILELENS_HOME", str(app_home))  # the app, started with a club's home of its own
    for said in (table_distrust(out / "t1"), event_distrust(out)):
        assert said is not None
        en, ja = said
        assert "another TILELENS_HOME" in en, en
        # another home's report is not verified here (session 55, f21), but a shipped game's id it names is harmless
        # to say, and the command then can be followed (f26)
        assert f"TILELENS_HOME={app_home} tilelens check {event.resolve()} --game nogizaka" in en, en
        assert KEY_FILE in en and str(app_home) in en, en
        assert "the next check draws it anew" not in en, en
        assert japanese(ja) and f"TILELENS_HOME={app_home} tilelens check" in ja and KEY_FILE in ja, ja
    # the command said: checked with this home, every report is this home's, as written
    assert _check(event) == 0
    assert table_distrust(out / "t1") is None and event_distrust(out) is None


def test_a_check_under_another_home_says_so_and_reads_the_photos_again(exact, tmp_path, monkeypatch, capsys):
    event = _event(exact, tmp_path)
    capsys.readouterr()
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "club-home"))
    before = exact.calls
    assert _check(event) == 0
    out = capsys.readouterr().out
    assert exact.calls > before and "(1 read, 0 unchanged)" in out, out
    line = next(line for line in out.splitlines() if line.startswith("checked again"))
    assert "another TILELENS_HOME" in line and "t1" in line and "photos were read again" in line, line


# --- 3. a report written before seals -------------------------------------------------------------------------

def _unseal(out: Path, table: str = "t1") -> None:
    path = out / table / "report.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    for key in ("seal", "sealed_by"):
        stored.pop(key, None)
    path.write_text(json.dumps(stored), encoding="utf-8")


@pytest.mark.parametrize("lang, said", [("en", "written before reports were sealed"), ("ja", "封印")])
def test_a_report_written_before_seals_is_said_so(exact, tmp_path, monkeypatch, capsys, lang, said):
    event = _event(exact, tmp_path)
    _unseal(event / "_report")
    capsys.readouterr()
    monkeypatch.setenv("TILELENS_LANG", lang)
    _check(event)
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if "t1" in line and said in line)
    assert "not written here" not in line and "このパソコンで作ったものではない" not in line, line


def test_the_app_is_told_a_report_written_before_seals(exact, tmp_path):
    from tilelens.event.runner import table_distrust

    out = _event(exact, tmp_path) / "_report"
    _unseal(out)
    en, ja = table_distrust(out / "t1")
    assert "written before reports were sealed" in en and "tilelens check" in en, en
    assert japanese(ja)


# --- 4. a home that cannot keep the key ----------------------------------------------------------------------------

def test_a_home_that_cannot_keep_the_key_is_said_once_and_blames_no_report(exact, tmp_path, monkeypatch, capsys):
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    home = tmp_path / "a-file" / "home"
    monkeypatch.setenv("TILELENS_HOME", str(home))
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    assert _check(event) == 0
    assert _check(event) == 0  # again: its report cannot be trusted, and it is not the report's fault
    out, err = capsys.readouterr()
    said = [line for line in (out + err).splitlines() if str(home) in line]
    assert len(said) == 2, out + err  # once a check
    assert "cannot be kept" in said[0] and "TILELENS_HOME" in said[0], said
    assert "not written here" not in out and "another TILELENS_HOME" not in out, out


# --- 5. the wrong --game: half the seats -------------------------------------------------------------------------

def _reading(seat: str, other: bool, like: str = "yokai-watch") -> SeatReading:
    tiles = tuple(TileRef(seat, i, "kotoko", (0, 0, 5, 5), 0.9) for i in range(8))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (800, 600), other_game=other, looks_like=like if other else "",
                       kind_sure=0.6 if other else 0.9)


def test_half_the_seats_of_another_games_tiles_is_the_tables_one_finding():
    game = load_game("nogizaka")
    readings = {s: _reading(s, s in ("1", "3")) for s in "1234"}
    (found,) = other_game_findings(game, readings)
    assert found.seats == ("1", "3") and "--game" in found.message, found.message
    assert "正しい --game" in found.message_ja


def test_one_seat_of_four_is_still_that_photo():
    game = load_game("nogizaka")
    found = other_game_findings(game, {s: _reading(s, s == "2") for s in "1234"})
    assert len(found) == 1 and "--game" not in found[0].message, found


def _line(table: str, flagged: int, seats: int = 4) -> dict:
    """An event's line of a table of ``seats`` seats read, ``flagged`` of them another game's tiles."""
    from tilelens.event.runner import summary_line

    game = load_game("nogizaka")
    readings = {str(s): _reading(str(s), s <= flagged) for s in range(1, seats + 1)}
    found = other_game_findings(game, readings)
    report = {"table": table, "verdict": "fault" if found else "ok", "findings": [f.to_dict() for f in found],
              "seats": [{"seat": s, "photo": r.photo, "tiles": []} for s, r in readings.items()]}
    return summary_line(report, resumed=False)


def test_an_event_of_half_its_seats_another_games_asks_for_the_game():
    from tilelens.event.model import other_game_event

    said = other_game_event([_line("table-07", 2), _line("table-08", 2)])  # the walker's yokai checked as nogizaka
    assert said is not None and said["looks_like"] == "yokai-watch" and "--game" in said["message"], said
    # by the seats: one table wholly another game's, two with a seat each (6 of 12 seats)
    said = other_game_event([_line("t1", 4), _line("t2", 1), _line("t3", 1)])
    assert said is not None and "6 of 12" in said["message"] and "12席中6席" in said["message_ja"], said


def test_a_right_game_event_is_not_asked():
    from tilelens.event.model import other_game_event

    assert other_game_event([_line(f"t{i}", 0) for i in range(6)]) is None
    assert other_game_event([_line(f"t{i}", 1 if i < 2 else 0) for i in range(6)]) is None
    # the walker's mixed event: six Nogizaka tables and two Yokai Watch ones, checked as Nogizaka
    assert other_game_event([_line(f"t{i}", 2 if i >= 6 else 0) for i in range(8)]) is None


# --- 6. a confidence under the threshold never shown as it ---------------------------------------------------------

def test_a_confidence_under_the_threshold_is_not_shown_as_the_threshold():
    game = load_game("nogizaka")
    tile = TileRef("2", 0, "minami", (0, 0, 5, 5), 0.7962)
    (found,) = unsure_findings(game, {"2": SeatReading("2", "seat2.jpg", (tile,), (800, 600))}, 0.80)
    assert "confidence 0.79" in found.message and "0.80" not in found.message, found.message
    assert "信頼度 0.79" in found.message_ja, found.message_ja


# --- 7. the pages: for the organisers, links in the report folder, one zip ----------------------------------------

def test_a_table_page_says_it_is_for_the_organisers_and_where_its_link_works(exact, tmp_path):
    out = _event(exact, tmp_path) / "_report"
    page = (out / "t1" / "index.html").read_text(encoding="utf-8")
    body = page.split("<body>", 1)[1]
    assert body.index("do not show") < body.index("<h1"), body[:600]
    assert "before the hand is over" in body and "見せないでください" in body
    assert "report folder" in body.split("</a>", 1)[0] and "レポートのフォルダ" in body.split("</a>", 1)[0]


def test_the_events_pages_come_as_one_zip_whose_links_work(exact, tmp_path):
    from tilelens.event.report import event_pages_zip

    out = _event(exact, tmp_path, ("t1", "t2")) / "_report"
    data = event_pages_zip(out)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = sorted(z.namelist())
        assert names == ["_report/index.html", "_report/t1/index.html", "_report/t2/index.html"], names
        assert z.read("_report/t1/index.html") == (out / "t1" / "index.html").read_bytes()
    (out / "t2" / "index.html").write_text("<script>alert(1)</script>", encoding="utf-8")  # a forged page
    with zipfile.ZipFile(io.BytesIO(event_pages_zip(out))) as z:
        assert "_report/t2/index.html" not in z.namelist()


# --- 8. a dealer marked at the wrong seat: the file to rename --------------------------------------------------------

def _seats(hands: dict[str, list[str]], names: dict[str, str]) -> dict[str, SeatReading]:
    return {s: SeatReading(s, names[s], tuple(TileRef(s, i, k, (0, 0, 5, 5), 0.99) for i, k in enumerate(kinds)),
                           (800, 600)) for s, kinds in hands.items()}


MOVED = {"1": CLEAN["3"], "2": CLEAN["2"], "3": CLEAN["1"], "4": CLEAN["4"]}  # seat 3 holds the dealer's 9
NAMED = {"1": "seat1-dealer.jpg", "2": "seat2.jpg", "3": "seat3.jpg", "4": "seat4.jpg"}


def test_a_dealer_at_the_wrong_seat_says_the_files_to_rename():
    game = load_game("nogizaka")
    found = check_readings(game, Seating(("1", "2", "3", "4"), dealer="1"), _seats(MOVED, NAMED))
    said = next(f for f in found if f.kind is FindingKind.WRONG_COUNT and f.seats == ("1",))
    assert "rename seat3.jpg to seat3-dealer.jpg and seat1-dealer.jpg to seat1.jpg" in said.message, said.message
    assert "seat3.jpg を seat3-dealer.jpg" in said.message_ja and "seat1-dealer.jpg を seat1.jpg" in said.message_ja


def test_a_dealer_set_in_table_toml_says_the_line_to_change():
    game = load_game("nogizaka")
    camera = {s: f"IMG_010{s}.jpg" for s in "1234"}
    found = check_readings(game, Seating(("1", "2", "3", "4"), dealer="1", marked_by="manifest"),
                           _seats(MOVED, camera))
    said = next(f for f in found if f.kind is FindingKind.WRONG_COUNT and f.seats == ("1",))
    assert "dealer = 3 in table.toml" in said.message and "dealer = 3" in said.message_ja, said.message


def test_a_dealer_chosen_in_the_app_says_to_choose_the_seat():
    game = load_game("nogizaka")
    found = check_readings(game, Seating(("1", "2", "3", "4"), dealer="1", marked_by="chosen"),
                           _seats(MOVED, NAMED))
    said = next(f for f in found if f.kind is FindingKind.WRONG_COUNT and f.seats == ("1",))
    assert "choose seat 3 as the dealer's seat" in said.message and "rename" not in said.message, said.message
    assert "親の席に3番席を選んで" in said.message_ja


def test_a_table_folder_knows_how_its_dealer_is_marked(tmp_path):
    from tilelens.event.layout import read_table_folder, table_from_uploads

    reader = ExactReader()
    named = make_table(reader, tmp_path, "t1", CLEAN)
    assert read_table_folder(named, 4).marked_by == "name"
    camera = tmp_path / "t2"
    camera.mkdir()
    for s in "1234":
        (named / (f"seat{s}-dealer.png" if s == "1" else f"seat{s}.png")).rename(camera / f"IMG_{s}.png")
    (camera / "table.toml").write_text('dealer = 1\n[seats]\n' + "".join(f'{s} = "IMG_{s}.png"\n' for s in "1234"),
                                       encoding="utf-8")
    assert read_table_folder(camera, 4).marked_by == "manifest"
    assert table_from_uploads("t3", 4, "1", {"1": [("a.jpg", b"x")]}).marked_by == "chosen"
