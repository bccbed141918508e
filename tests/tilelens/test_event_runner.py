"""Checking whole tables and events from photo files: planted faults, bad input, reports, resuming.

The photos are tiny drawings that ``ExactReader`` knows (see test_event_support.py), so these tests exercise
the folders, the rules and the reports, not the models (the end-to-end test with the committed models is
test_event_e2e.py).
"""
from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path

import pytest
from PIL import Image

from test_event_support import CLEAN, ExactReader, make_table, same_reader
from tilelens.event import CheckOptions, EventInputError, EventInterrupted, check_event


@pytest.fixture()
def event(tmp_path):
    reader = ExactReader()
    root = tmp_path / "event"
    make_table(reader, root, "01-clean", CLEAN)
    make_table(reader, root, "02-ten-tiles", dict(CLEAN, **{"2": CLEAN["2"] + ["rarin", "miona"]}))
    make_table(reader, root, "03-missing-tile", dict(CLEAN, **{"1": CLEAN["1"][:8]}))
    make_table(reader, root, "04-tenpai", dict(CLEAN, **{"3": ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2}))
    make_table(reader, root, "05-surplus", dict(CLEAN, **{
        s: ["kotoko"] * 2 + CLEAN[s][:len(CLEAN[s]) - 2] for s in "1234"}))
    t = make_table(reader, root, "06-missing-seat", CLEAN)
    (t / "seat4.png").unlink()
    t = make_table(reader, root, "07-unreadable", CLEAN)
    (t / "seat2.png").write_bytes(b"this is not a photo")
    t = make_table(reader, root, "08-two-photos", CLEAN)
    (t / "seat3.jpg").write_bytes((t / "seat3.png").read_bytes())
    make_table(reader, root, "09-unsure", CLEAN, conf={"2": {4: 0.2}})
    return reader, root, tmp_path / "report"


def table_report(out: Path, name: str) -> dict:
    return json.loads((out / name / "report.json").read_text())


def kinds(out: Path, name: str) -> list[str]:
    return [f["kind"] for f in table_report(out, name)["findings"]]


def run(reader, root, out, **kw):
    return check_event(root, out, CheckOptions(game="nogizaka", **kw), factory=lambda game: reader, jobs=1,
                       progress=False)


def test_each_planted_fault_is_reported_and_the_clean_table_passes(event):
    reader, root, out = event
    result = run(reader, root, out)
    verdicts = {t["table"]: t["verdict"] for t in result.event["tables"]}
    assert verdicts == {"01-clean": "ok", "02-ten-tiles": "fault", "03-missing-tile": "fault", "04-tenpai": "ok",
                        "05-surplus": "fault", "06-missing-seat": "fault", "07-unreadable": "fault",
                        "08-two-photos": "fault", "09-unsure": "review"}
    assert not result.in_order and result.checked == 9
    assert kinds(out, "01-clean") == []
    assert kinds(out, "02-ten-tiles") == ["wrong-count"]
    assert kinds(out, "03-missing-tile") == ["wrong-count"]
    assert kinds(out, "04-tenpai") == ["tenpai-as-dealt"]
    assert kinds(out, "05-surplus") == ["surplus"]
    assert kinds(out, "06-missing-seat") == ["missing-seat"]
    assert kinds(out, "07-unreadable") == ["unreadable-photo"]
    assert kinds(out, "08-two-photos") == ["duplicate-seat"]
    assert kinds(out, "09-unsure") == ["unsure-tile"]


def test_findings_name_the_seats_kinds_and_yaku(event):
    reader, root, out = event
    run(reader, root, out)
    (ten,) = table_report(out, "02-ten-tiles")["findings"]
    assert ten["seats"] == ["2"] and ten["data"] == {"count": 10, "expected": [8]}
    (surplus,) = table_report(out, "05-surplus")["findings"]
    assert surplus["data"]["kind"] == "kotoko" and surplus["data"]["count"] == 8 + 1
    assert surplus["seats"] == ["1", "2", "3", "4"]
    (tenpai,) = table_report(out, "04-tenpai")["findings"]
    assert tenpai["severity"] == "notice" and tenpai["seats"] == ["3"]
    assert "kotoko" in [w["tile"] for w in tenpai["data"]["waits"]]
    assert all(w["yaku"] for w in tenpai["data"]["waits"])
    (bad,) = table_report(out, "07-unreadable")["findings"]
    assert "seat2.png" in bad["message"] and bad["seats"] == ["2"]
    assert "写真ではありません" in bad["message_ja"]  # the reason itself in Japanese, not only the lead-in


def test_reports_carry_crops_of_flagged_tiles_and_thumbnails(event):
    reader, root, out = event
    run(reader, root, out)
    (unsure,) = table_report(out, "09-unsure")["findings"]
    (tile,) = unsure["tiles"]
    assert (tile["seat"], tile["index"]) == ("2", 4)
    crop = Image.open(out / "09-unsure" / tile["crop"])
    assert crop.height == 96
    assert sorted(p.name for p in (out / "01-clean" / "thumbs").iterdir()) == [f"seat{i}.jpg" for i in range(1, 5)]
    html = (out / "09-unsure" / "index.html").read_text()
    assert 'data-finding="unsure-tile"' in html and "data:image/jpeg;base64," in html
    event_json = json.loads((out / "event.json").read_text())
    assert event_json["verdicts"] == {"ok": 2, "review": 1, "fault": 6}
    assert (out / "index.html").read_text().count('class="finding"') == sum(
        len(t["findings"]) for t in event_json["tables"])


def test_unchanged_tables_are_not_read_again(event):
    reader, root, out = event
    run(reader, root, out)
    first = reader.calls
    again = run(reader, root, out)
    assert (again.checked, again.resumed, reader.calls) == (0, 9, first)
    assert again.event["tables"] == run(reader, root, out).event["tables"]
    # one photo changed: only its table is read again
    reader.draw(root / "01-clean" / "seat2.png", CLEAN["2"], salt=1)  # new pixels, same tiles
    after_edit = run(reader, root, out)
    assert (after_edit.checked, reader.calls) == (1, first + 4)
    # 49d: another threshold changes no reading: every table re-judged from the readings its report keeps, none read
    rejudged = run(reader, root, out, min_confidence=0.5)
    assert (rejudged.checked, reader.calls) == (0, first + 4)
    assert {json.loads((out / t["table"] / "report.json").read_text())["min_confidence"]
            for t in rejudged.event["tables"]} == {0.5}


def test_a_table_that_is_fixed_turns_ok(event):
    reader, root, out = event
    run(reader, root, out)
    (root / "08-two-photos" / "seat3.jpg").unlink()
    result = run(reader, root, out)
    assert result.checked == 1
    assert {t["table"]: t["verdict"] for t in result.event["tables"]}["08-two-photos"] == "ok"


def test_two_worker_processes_give_the_same_reports(event):
    reader, root, out = event
    alone = run(reader, root, out)
    pooled = check_event(root, out.with_name("pooled"), CheckOptions(game="nogizaka"),
                         factory=functools.partial(same_reader, reader), jobs=2, progress=False)
    assert pooled.checked == 9
    strip = [{k: v for k, v in t.items() if k not in ("seconds", "resumed")} for t in pooled.event["tables"]]
    assert strip == [{k: v for k, v in t.items() if k not in ("seconds", "resumed")} for t in alone.event["tables"]]


def test_wall_photo_must_make_the_set(tmp_path):
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name, backs in (("full", 81 - 33), ("short", 45)):
        make_table(reader, root, name, CLEAN)
        reader.draw(root / name / "wall.png", ["back"] * backs, salt=backs)
    result = run(reader, root, out)
    assert {t["table"]: t["verdict"] for t in result.event["tables"]} == {"full": "ok", "short": "fault"}
    (f,) = table_report(out, "short")["findings"]
    assert f["kind"] == "wall-count" and f["data"] == {"wall": 45, "in_hands": 33, "set": 81}
    assert "3 missing" in f["message"]
    assert (out / "full" / "thumbs" / "wall.jpg").is_file()


def test_a_faulty_table_checked_alone_first_is_not_lost_from_the_event(tmp_path):
    """The table's own report (EVENT/t2/_report) made the whole event's check skip t2: the event passed."""
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    make_table(reader, root, "t1", CLEAN)
    make_table(reader, root, "t2", dict(CLEAN, **{"3": CLEAN["3"][:7]}))  # seat 3 dealt 7 tiles
    alone = run(reader, root / "t2", root / "t2" / "_report")
    assert [t["table"] for t in alone.event["tables"]] == ["t2"] and not alone.in_order
    (root / "old").mkdir()  # an earlier whole-event report kept inside the event folder
    (root / "old" / "event.json").write_text("{}")
    whole = run(reader, root, out)
    assert {t["table"]: t["verdict"] for t in whole.event["tables"]} == {"t1": "ok", "t2": "fault"}
    assert not whole.in_order
    assert [s["folder"] for s in whole.event["skipped"]] == ["old"]
    assert 'data-skipped="old"' in (out / "index.html").read_text()


def test_a_photo_copied_from_another_table_is_said_at_both_tables(tmp_path):
    """table-05/seat2.jpg a copy of table-09/seat2.jpg passed: table-05's own seat 2 was never photographed."""
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2", "t3"):
        make_table(reader, root, name, CLEAN)
    assert run(reader, root, out).in_order
    (root / "t2" / "seat2.png").write_bytes((root / "t1" / "seat2.png").read_bytes())
    result = run(reader, root, out)
    assert {t["table"]: t["verdict"] for t in result.event["tables"]} == {"t1": "fault", "t2": "fault", "t3": "ok"}
    assert result.checked == 2  # t1's photos did not change, its report did
    (f1,) = table_report(out, "t1")["findings"]
    (f2,) = table_report(out, "t2")["findings"]
    assert f1["kind"] == f2["kind"] == "duplicate-seat" and f1["seats"] == f2["seats"] == ["2"]
    assert f1["message"] == ("seat 2: photo seat2.png is the same file as seat 2 of table t2 (seat2.png): each seat "
                             "needs a photo of its own hand")
    assert "t1" in f2["message"] and "卓 t1" in f2["message_ja"]


def test_two_dealers_are_said_once_and_the_counts_are_still_checked(tmp_path):
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    t = make_table(reader, root, "t1", dict(CLEAN, **{"3": CLEAN["3"] + ["miria"]}))  # seat 3, a player, holds 9
    (t / "seat2.png").rename(t / "seat2-dealer.png")
    run(reader, root, out)
    assert kinds(out, "t1") == ["two-dealers", "wrong-count"]
    assert table_report(out, "t1")["findings"][1]["seats"] == ["3"]


def test_the_progress_bar_names_the_table_being_checked(tmp_path, capsys, stderr_a_terminal):
    reader = ExactReader()
    root = tmp_path / "event"
    for name in ("t1", "t2", "t3"):
        make_table(reader, root, name, CLEAN)
    check_event(root, tmp_path / "report", CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1)
    bar = capsys.readouterr().err.replace("\r", "\n")
    assert re.search(r"0/3 \[[^]]*, t1\]", bar) and re.search(r"1/3 \[[^]]*, t2\]", bar), bar
    assert re.search(r"2/3 \[[^]]*, t3\]", bar) and re.search(r"3/3 \[[^]]*table/s\]", bar), bar


def test_reading_a_large_event_folder_shows_its_progress(tmp_path, capsys, stderr_a_terminal):
    """Every photo is read whole (for the copy checks and the fingerprints) before any table is checked: on a
    large event, or a resumed one (where nothing else is done), that is the long part, and it shows progress."""
    reader = ExactReader()
    root = tmp_path / "event"
    for name in ("t1", "t2", "t3"):
        make_table(reader, root, name, CLEAN)
    check_event(root, tmp_path / "report", CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1)
    check_event(root, tmp_path / "report", CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1)
    bar = capsys.readouterr().err.replace("\r", "\n")
    assert len(re.findall(r"reading table folders: +0%[^\n]*0/3", bar)) == 2, bar
    check_event(root, tmp_path / "report", CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1,
                progress=False)
    assert capsys.readouterr().err == ""


def test_the_event_report_follows_the_check_as_tables_are_done(tmp_path, monkeypatch):
    """A check ended without a word (killed, the terminal closed, the machine off) left event.json as it was
    written at the start, every table "not checked" though most had reports; and the app's page, reloaded
    while a long check ran, showed no table done until the end. It is brought up to date as tables finish
    (at most every ``EVENT_JSON_EVERY_S``)."""
    from tilelens.event import runner

    monkeypatch.setattr(runner, "EVENT_JSON_EVERY_S", 0.0)
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2", "t3"):
        make_table(reader, root, name, CLEAN)
    seen = []

    def on_table(report):
        event = json.loads((out / "event.json").read_text())
        seen.append((report["table"], event["finished"], [t["table"] for t in event["tables"]], event["unchecked"],
                     event["stopped"]["kind"] if event["stopped"] else None))

    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1, progress=False,
                on_table=on_table)
    assert seen == [("t1", False, ["t1"], ["t2", "t3"], "running"), ("t2", False, ["t1", "t2"], ["t3"], "running"),
                    ("t3", False, ["t1", "t2", "t3"], [], "running")]
    assert json.loads((out / "event.json").read_text())["finished"] is True


def stops_after(reader: ExactReader, calls: int):
    """``reader`` that is interrupted (as by Ctrl-C) when it is asked to read once more after ``calls`` reads."""
    def read(image):
        if reader.calls >= calls:
            raise KeyboardInterrupt
        return reader(image)
    return read


def test_an_interrupted_check_leaves_a_report_that_says_it_did_not_finish(tmp_path):
    """The event.json and index.html of the complete check before stayed: the page said "3 of 3 tables in order"
    of a check that read t2 anew (now a fault) and never got to t3."""
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2", "t3"):
        make_table(reader, root, name, CLEAN)
    assert run(reader, root, out).in_order
    assert json.loads((out / "event.json").read_text())["finished"] is True
    reader.draw(root / "t2" / "seat4.png", CLEAN["4"] + ["rarin"], salt=1)  # t2 now a fault
    reader.draw(root / "t3" / "seat2.png", CLEAN["2"], salt=2)  # t3 to be read again
    with pytest.raises(EventInterrupted) as stopped:
        check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda game: stops_after(reader, 12 + 4),
                    jobs=1, progress=False)
    assert [t["table"] for t in stopped.value.tables] == ["t1", "t2"] and stopped.value.total == 3
    event = json.loads((out / "event.json").read_text())
    assert event["finished"] is False and event["in_order"] is False
    assert event["stopped"]["kind"] == "interrupted" and event["unchecked"] == ["t3"]
    assert {t["table"]: t["verdict"] for t in event["tables"]} == {"t1": "ok", "t2": "fault"}
    html = (out / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", html)
    assert "The check did not finish (interrupted): 2 of 3 tables checked" in text
    assert "チェックは終わっていません" in text and "3卓中2卓をチェック" in text
    assert 'data-unchecked="t3"' in html and "t3/index.html" not in html  # t3's report there is of the run before
    assert "3 of 3 tables in order" not in text
    # the same command checks the rest, and the report is whole again
    again = run(reader, root, out)
    assert (again.checked, again.resumed) == (1, 2)
    event = json.loads((out / "event.json").read_text())
    assert event["finished"] is True and event["unchecked"] == [] and event["stopped"] is None
    assert "did not finish" not in (out / "index.html").read_text(encoding="utf-8")


def test_an_interrupted_first_check_leaves_a_report_too(tmp_path):
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2"):
        make_table(reader, root, name, CLEAN)
    with pytest.raises(EventInterrupted):
        check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda game: stops_after(reader, 0),
                    jobs=1, progress=False)
    event = json.loads((out / "event.json").read_text())
    assert (event["finished"], event["tables"], event["unchecked"]) == (False, [], ["t1", "t2"])
    assert "0 of 2 tables checked" in (out / "index.html").read_text(encoding="utf-8")


def test_a_report_folder_of_another_event_of_the_same_game_is_refused(tmp_path):
    """day2 checked into day1's --out read day2's tables over day1's of the same names, unsaid."""
    reader = ExactReader()
    day1, day2, out = tmp_path / "day1", tmp_path / "day2", tmp_path / "report"
    for name in ("t1", "t2"):
        make_table(reader, day1, name, CLEAN)
        make_table(reader, day2, name, dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    run(reader, day1, out)
    before = (out / "t1" / "report.json").read_text()
    calls = reader.calls
    with pytest.raises(EventInputError) as refused:
        run(reader, day2, out)
    assert str(refused.value) == (f"{out} holds the report of another event ({day1.resolve()}): give the check of "
                                  f"{day2} another --out, or remove that folder first")
    assert refused.value.message_ja and str(out) in refused.value.message_ja
    assert reader.calls == calls and (out / "t1" / "report.json").read_text() == before
    assert json.loads((out / "event.json").read_text())["event_dir"] == str(day1.resolve())
    # the same event again, by the same path or another way to it, reuses its tables
    assert run(reader, day1, out).resumed == 2
    (tmp_path / "link").symlink_to(day1, target_is_directory=True)
    assert run(reader, tmp_path / "link", out).resumed == 2
    # one table of day1 alone is another check than the whole event: its page would list that table only
    with pytest.raises(EventInputError):
        run(reader, day1 / "t1", out)


def test_an_event_moved_with_its_report_is_still_the_same_event(tmp_path):
    reader = ExactReader()
    root = tmp_path / "event"
    for name in ("t1", "t2"):
        make_table(reader, root, name, CLEAN)
    run(reader, root, root / "_report")
    moved = root.rename(tmp_path / "event-2024")
    again = run(reader, moved, moved / "_report")
    assert again.resumed == 2
    assert json.loads((moved / "_report" / "event.json").read_text())["event_dir"] == str(moved.resolve())


def test_a_report_written_before_event_json_named_its_event_folder_is_not_refused(tmp_path):
    reader = ExactReader()
    day1, day2, out = tmp_path / "day1", tmp_path / "day2", tmp_path / "report"
    make_table(reader, day1, "t1", CLEAN)
    make_table(reader, day2, "t1", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    run(reader, day1, out)
    event = json.loads((out / "event.json").read_text())
    for key in ("event_dir", "event_dir_from_report", "finished", "stopped", "unchecked"):
        del event[key]  # as an older tilelens wrote it
    (out / "event.json").write_text(json.dumps(event), encoding="utf-8")
    assert run(reader, day2, out).checked == 1  # the check cannot tell: not refused
    assert json.loads((out / "event.json").read_text())["event_dir"] == str(day2.resolve())


def three_tables_checked(tmp_path: Path) -> tuple[ExactReader, Path, Path]:
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2", "t3"):
        make_table(reader, root, name, CLEAN)
    assert run(reader, root, out).in_order
    return reader, root, out


@pytest.mark.parametrize("step, at_call, tables, unchecked", [
    ("scan_event", 1, [], ["t1", "t2", "t3"]),  # the folders not listed yet: the tables of the check before
    ("read_table_folder", 2, [], ["t1", "t2", "t3"]),
    ("fingerprint", 3, ["t1"], ["t2", "t3"]),  # t1 found unchanged (its report holds), t2 found changed
])
def test_ctrl_c_while_the_event_folder_is_read_leaves_a_report_that_says_so(tmp_path, monkeypatch, step, at_call,
                                                                             tables, unchecked):
    """Ctrl-C before the tables started (hashing the photos of a big event takes a while) left the event.json
    and page of the complete check before: "3 of 3 tables in order", of a check that read nothing."""
    from tilelens.event import runner

    reader, root, out = three_tables_checked(tmp_path)
    reader.draw(root / "t2" / "seat4.png", CLEAN["4"] + ["rarin"], salt=1)  # t2 now a fault
    calls = reader.calls
    real = getattr(runner, step)

    def interrupted(*args, **kwargs):
        interrupted.calls += 1
        if interrupted.calls == at_call:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    interrupted.calls = 0
    monkeypatch.setattr(runner, step, interrupted)
    with pytest.raises(KeyboardInterrupt) as stopped:  # not EventInterrupted alone: a plain one would end pytest
        run(reader, root, out)
    assert isinstance(stopped.value, EventInterrupted)
    assert ([t["table"] for t in stopped.value.tables], stopped.value.total) == (tables, 3)
    assert reader.calls == calls
    event = json.loads((out / "event.json").read_text())
    assert (event["finished"], event["in_order"], event["stopped"]["kind"]) == (False, False, "interrupted")
    assert ([t["table"] for t in event["tables"]], event["unchecked"]) == (tables, unchecked)
    text = re.sub(r"<[^>]+>", "", (out / "index.html").read_text(encoding="utf-8"))
    assert f"The check did not finish (interrupted): {len(tables)} of 3 tables checked" in text
    assert "3 of 3 tables in order" not in text
    monkeypatch.undo()
    again = run(reader, root, out)
    assert (again.checked, again.resumed, again.event["finished"]) == (1, 2, True)
    assert {t["table"]: t["verdict"] for t in again.event["tables"]} == {"t1": "ok", "t2": "fault", "t3": "ok"}


def test_ctrl_c_while_reading_another_events_folder_leaves_its_report_alone(tmp_path, monkeypatch):
    from tilelens.event import runner

    reader, root, out = three_tables_checked(tmp_path)
    make_table(reader, tmp_path / "day2", "t1", CLEAN)
    before = (out / "event.json").read_text()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "scan_event", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run(reader, tmp_path / "day2", out)
    assert (out / "event.json").read_text() == before


def test_the_old_report_of_a_table_not_checked_again_is_not_left_as_if_current(tmp_path):
    """After a Ctrl-C, t3's page and report.json of the check before stayed, of photos since changed: opened
    from its folder (or read by a script), it said "in order" of a table this check never read."""
    reader, root, out = three_tables_checked(tmp_path)
    reader.draw(root / "t2" / "seat4.png", CLEAN["4"] + ["rarin"], salt=1)  # t2 now a fault
    reader.draw(root / "t3" / "seat4.png", CLEAN["4"] + ["rarin"], salt=2)  # t3 too, never read in this check
    with pytest.raises(EventInterrupted):
        check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda game: stops_after(reader, 12 + 4),
                    jobs=1, progress=False)
    assert json.loads((out / "event.json").read_text())["unchecked"] == ["t3"]
    assert not (out / "t3" / "report.json").exists() and not (out / "t3" / "index.html").exists()
    assert not (out / "t3" / "thumbs").exists()
    assert table_report(out, "t1")["verdict"] == "ok" and table_report(out, "t2")["verdict"] == "fault"
    again = run(reader, root, out)
    assert (again.checked, again.resumed) == (1, 2)
    assert table_report(out, "t3")["verdict"] == "fault"


def test_an_error_that_stops_the_check_is_said_in_the_event_report(tmp_path, monkeypatch):
    """A disk full while t2's report was written left event.json saying "running" for ever."""
    import errno

    from tilelens.event import runner

    reader, root, out = three_tables_checked(tmp_path)
    for name in ("t1", "t2", "t3"):
        reader.draw(root / name / "seat2.png", CLEAN["2"], salt=3)  # every table to be read again
    real = runner.write_table_report

    def full(out_dir, report, images, **more):  # 49d: more = event_link
        if report.table == "t2":
            raise OSError(errno.ENOSPC, "No space left on device", str(out_dir / "index.html"))
        return real(out_dir, report, images, **more)

    monkeypatch.setattr(runner, "write_table_report", full)
    with pytest.raises(OSError):
        run(reader, root, out)
    event = json.loads((out / "event.json").read_text())
    assert (event["finished"], event["in_order"], event["stopped"]["kind"]) == (False, False, "error")
    assert event["stopped"]["reason"] == f"stopped by an error: {out / 't2' / 'index.html'}: No space left on device"
    assert "\n" not in event["stopped"]["reason"]
    assert event["stopped"]["reason_ja"].startswith("エラーで止まりました")
    assert ([t["table"] for t in event["tables"]], event["unchecked"]) == (["t1"], ["t2", "t3"])
    assert "No space left on device" in (out / "index.html").read_text(encoding="utf-8")


def test_an_error_in_a_worker_process_is_said_in_the_event_report(tmp_path):
    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2", "t3"):
        make_table(reader, root, name, CLEAN)
    out.mkdir()
    (out / "t2").write_text("not a folder")  # t2's report cannot be written
    with pytest.raises(FileExistsError):
        check_event(root, out, CheckOptions(game="nogizaka"), factory=functools.partial(same_reader, reader),
                    jobs=2, progress=False)
    event = json.loads((out / "event.json").read_text())
    assert (event["finished"], event["stopped"]["kind"]) == (False, "error")
    assert event["stopped"]["reason"] == (f"stopped by an error: {out / 't2'}: File exists (a file is where a folder "
                                          f"must go)")
    assert "t2" in event["unchecked"]


@pytest.mark.parametrize("where", ["event", "event by another path", "table", "one-table event's parent"])
def test_a_report_folder_among_the_players_photos_is_refused(tmp_path, where):
    """--out EVENT wrote each table's report into its photo folder, and replaced any crops/ or thumbs/ folder
    the organiser kept there with the check's."""
    reader = ExactReader()
    root = tmp_path / "event"
    for name in ("t1", "t2"):
        make_table(reader, root, name, CLEAN)
    kept = root / "t1" / "crops" / "seat1-close-up.jpg"  # the organiser's, beside the photos
    kept.parent.mkdir()
    kept.write_bytes(b"kept")
    event_dir, out = {"event": (root, root), "event by another path": (root, root / "t1" / ".."),
                      "table": (root, root / "t1"), "one-table event's parent": (root / "t1", root)}[where]
    files = sorted(tmp_path.rglob("*"))
    calls = reader.calls
    with pytest.raises(EventInputError) as refused:
        run(reader, event_dir, out)
    said = str(refused.value)
    assert said.startswith(f"--out {out} is ") and "among the players' photos" in said
    assert str(event_dir / "_report") in said and "\n" not in said
    assert refused.value.message_ja.startswith(f"--out {out} は") and "別のフォルダ" in refused.value.message_ja
    assert sorted(tmp_path.rglob("*")) == files and kept.read_bytes() == b"kept" and reader.calls == calls
    # the default, EVENT/_report, is the event's own: checked, the photo folders left as they were
    assert run(reader, event_dir, event_dir / "_report").event["finished"] is True
    assert kept.read_bytes() == b"kept" and not (root / "t1" / "index.html").exists()


def test_a_table_page_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    """A check stopped while a table's index.html was written (a worker killed, a disk full) left half a page."""
    import errno

    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    make_table(reader, root, "t1", CLEAN)
    real = os.replace

    def full_at_the_page(src, dst):  # the page's bytes written, then the disk full before they are its own
        if Path(dst).parent.name == "t1" and Path(dst).name == "index.html":
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", full_at_the_page)
    with pytest.raises(OSError):
        run(reader, root, out)
    monkeypatch.undo()
    assert not (out / "t1" / "index.html").exists() and not (out / "t1" / "report.json").exists()
    assert [p.name for p in (out / "t1").iterdir() if p.name.startswith(".")] == []  # no half file left either
    assert run(reader, root, out).checked == 1
    assert (out / "t1" / "index.html").read_text(encoding="utf-8").endswith("</html>\n")


def test_ctrl_c_before_a_first_check_found_any_table_says_so(tmp_path, monkeypatch):
    """The page said "0 of 0 tables checked. Not checked: none" of an event whose folder was never read."""
    from tilelens.event import runner

    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2"):
        make_table(reader, root, name, CLEAN)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "scan_event", interrupted)
    with pytest.raises(KeyboardInterrupt) as stopped:
        run(reader, root, out)
    assert isinstance(stopped.value, EventInterrupted) and (stopped.value.tables, stopped.value.total) == ([], 0)
    event = json.loads((out / "event.json").read_text())
    assert (event["finished"], event["tables"], event["unchecked"]) == (False, [], [])
    assert event["stopped"] == {"kind": "interrupted", "reason": "interrupted before the event folder was read",
                                "reason_ja": "イベントフォルダを読む前に中断されました"}
    text = re.sub(r"<[^>]+>", "", (out / "index.html").read_text(encoding="utf-8"))
    assert ("The check did not finish (interrupted before the event folder was read): no table was checked. "
            "Run the same command again to check the event: tilelens check") in text
    assert "イベントフォルダを読む前に中断されました" in text and "どの卓もチェックしていません" in text
    assert "0 of 0" not in text and "0卓中" not in text and "Not checked: none" not in text
    monkeypatch.undo()
    assert run(reader, root, out).checked == 2


@pytest.mark.skipif(os.name == "nt", reason="no file lock on this system")
def test_a_second_check_of_the_same_report_folder_at_once_is_refused(tmp_path):
    """Two checks writing one report folder at once read every table twice, removed each other's reports as
    "of other input" when their options differed, and the last to end wrote the event's page of its own
    tables; the second is refused, in one line, and leaves the first's report alone."""
    import fcntl

    from vision.locks import lock_file

    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2"):
        make_table(reader, root, name, CLEAN)
    run(reader, root, out)
    before = (out / "event.json").read_bytes()
    calls = reader.calls
    with lock_file(f"event-check:{out.resolve()}") as held:  # the first check, still running
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(EventInputError) as refused:
            run(reader, root, out, min_confidence=0.5)
        fcntl.flock(held, fcntl.LOCK_UN)
    assert str(refused.value) == (f"{out} is being written by another check running now: wait for it to end, or "
                                  f"give this check another --out")
    assert "別のチェック" in refused.value.message_ja
    assert reader.calls == calls and (out / "event.json").read_bytes() == before
    again = run(reader, root, out, min_confidence=0.5)  # once the first has ended (49d: re-judged, not read again)
    assert (again.checked, again.resumed) == (0, 2)
    assert json.loads((out / "t1" / "report.json").read_text())["min_confidence"] == 0.5


@pytest.mark.parametrize("given, cwd", [(".", "t1"), ("..", "t1/notes")])
def test_a_table_checked_from_inside_its_folder_is_named_and_reported_as_the_folder(tmp_path, monkeypatch, given, cwd):
    """``cd table-07; tilelens check .`` named the table "" (``Path(".").name``): its report.json and page were
    written in the report folder itself, the event's page overwrote the table's, and the app opened the folder
    as one table's report; ``tilelens check ..`` (from a folder inside the table's) was refused as putting the
    report among the photos, and told to leave out the --out it had left out."""
    reader = ExactReader()
    root = tmp_path / "event"
    make_table(reader, root, "t1", dict(CLEAN, **{"2": CLEAN["2"][:7]}))
    (root / "t1" / "notes").mkdir()
    monkeypatch.chdir(root / cwd)
    result = check_event(Path(given), Path(given) / "_report", CheckOptions(game="nogizaka"),
                         factory=lambda game: reader, jobs=1, progress=False)
    out = root / "t1" / "_report"
    assert [t["table"] for t in result.event["tables"]] == ["t1"]
    assert sorted(p.name for p in out.iterdir()) == ["event.json", "index.html", "t1"]
    assert table_report(out, "t1")["verdict"] == "fault"
    assert sorted(p.name for p in (root / "t1").iterdir()) == ["_report", "notes", *sorted(
        p.name for p in (root / "t1").glob("seat*"))]


@pytest.mark.skipif(os.name == "nt", reason="no file lock on this system")
def test_check_running_tells_a_check_writing_the_folder_now_from_one_that_stopped(tmp_path):
    """A report folder left "not finished" was said to be "still running, or stopped": the lock the check
    holds while it writes the folder tells which, tried without waiting and let go at once."""
    from tilelens.event.runner import check_running

    reader = ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    make_table(reader, root, "t1", CLEAN)
    seen = []
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1, progress=False,
                on_table=lambda report: seen.append(check_running(out)))
    assert seen == [True]  # while the check runs
    assert check_running(out) is False  # once it has ended
    assert check_running(out) is False  # asking let the lock go: asked again, and a check can start
    assert run(reader, root, out).checked == 0  # unchanged input: kept, and not refused as "being written"
    assert check_running(tmp_path / "not-a-report") is False


def test_check_running_is_unknown_without_file_locks(tmp_path, monkeypatch):
    from vision import locks
    from tilelens.event.runner import check_running

    monkeypatch.setattr(locks, "fcntl", None)
    assert check_running(tmp_path) is None
