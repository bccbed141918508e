"""Session 61 (F30): a check read with a taught tile set (``tilelens check --tileset NAME``, the Event page's Tile
set) says so on the event's page, and every command said to check the event again keeps ``--tileset``: re-run as
shown, it read every table with the game's own model. A table of the Event page checked again from its kept photos,
read with the set chosen, has the set in its fingerprint, as the command line's tables have."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import report  # noqa: E402
from tilelens.event.layout import table_from_uploads  # noqa: E402
from tilelens.event.report import command_line, same_command, write_event_report  # noqa: E402
from tilelens.event.runner import CheckOptions, _read_folder, check_command_here, check_event, \
    check_uploaded_table, fingerprint, remove_uploaded_table  # noqa: E402

FAULTY = dict(CLEAN, **{"2": CLEAN["2"] + ["rarin", "minami"]})  # seat 2 holds 10 tiles: not in order


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_the_command_line_keeps_the_set_a_name_or_a_folder():
    assert command_line("/ev/day 1", "tokyo-mahjong", tileset="hk-mahjong") == \
        "tilelens check '/ev/day 1' --game tokyo-mahjong --tileset hk-mahjong"
    assert command_line("ev", "g", out="rep", tileset="my set") == "tilelens check ev --game g --tileset 'my set' --out rep"
    shown = command_line("/h/ev", "g", lambda p: p.replace("/h/", "$TILELENS_HOME/"), tileset="/h/sets/hk")
    assert shown == 'tilelens check "$TILELENS_HOME"/ev --game g --tileset "$TILELENS_HOME"/sets/hk', shown
    assert command_line("ev", "g") == "tilelens check ev --game g"  # none: as before


def test_the_same_command_of_a_stopped_check_keeps_the_set():
    event = {"event_dir": "/ev/day 1", "game": "tokyo-mahjong", "tileset": "hk-mahjong"}
    assert same_command(Path("/ev/day 1/_report"), event) == \
        "tilelens check 'day 1' --game tokyo-mahjong --tileset hk-mahjong"
    assert same_command(Path("/ev/rep"), event) == \
        "tilelens check 'day 1' --game tokyo-mahjong --tileset hk-mahjong --out rep"
    # a set's folder named by its own name, as a game file is: the page goes to phones, no folder of this computer
    folder = {**event, "tileset": "/home/me/sets/hk-mahjong"}
    assert same_command(Path("/ev/day 1/_report"), folder).endswith("--tileset hk-mahjong")
    assert "--tileset" not in same_command(Path("/ev/day 1/_report"), {**event, "tileset": ""})


def _event(tileset: str | None, finished: bool = True) -> dict:
    event = {"event_dir": "/ev/day 1", "game": "tokyo-mahjong", "model_version": "v1", "min_confidence": 0.5,
             "finished": finished, "tables": [], "unchecked": [] if finished else ["t1"], "skipped": [],
             "stopped": None if finished else {"kind": "interrupted", "reason": "interrupted", "reason_ja": "中断"}}
    return {**event, "tileset": tileset} if tileset is not None else event


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_event_page_names_the_set_and_its_command_keeps_it(tmp_path, lang):
    out = tmp_path / "ev" / "day 1" / "_report"
    out.mkdir(parents=True)
    write_event_report(out, {**_event("hk-mahjong", finished=False), "event_dir": str(tmp_path / "ev" / "day 1")},
                       lang)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "models v1; tile set hk-mahjong." in page, page
    assert "モデル: v1。牌セット: hk-mahjong。" in page, page
    assert "--game tokyo-mahjong --tileset hk-mahjong</code>" in page, page
    write_event_report(out, _event(None), lang)  # no set: the line as before
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "models v1." in page and "tile set" not in page and "牌セット" not in page


def test_the_check_again_command_keeps_the_set_of_this_homes_check_only(tmp_path, home):
    reader = ExactReader()
    ev = tmp_path / "ev"
    make_table(reader, ev, "t1", CLEAN)
    options = CheckOptions(game="nogizaka", tileset="mine")
    check_event(ev, ev / "_report", options, factory=lambda g: reader, jobs=1, progress=False)
    said = check_command_here(ev / "_report")
    assert said.endswith(f"tilelens check {ev} --game nogizaka --tileset mine"), said
    shown = check_command_here(ev / "_report", shown=lambda p: p)
    assert shown == f"tilelens check {ev} --game nogizaka --tileset mine", shown
    # event.json edited by anyone (not sealed by this home): its set is not said, as its game is not
    path = ev / "_report" / "event.json"
    forged = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**forged, "tileset": "/tmp/theirs"}), encoding="utf-8")
    assert "--tileset" not in check_command_here(ev / "_report")


def _upload(tmp_path: Path, reader: ExactReader, name: str, hands: dict, out: Path, tileset: str = "") -> dict:
    photos = {}
    for seat, kinds in hands.items():
        reader.draw(tmp_path / f"{name}-{seat}.png", kinds, salt=sum(name.encode()))
        photos[seat] = (f"IMG_{seat}.png", (tmp_path / f"{name}-{seat}.png").read_bytes())
    table = table_from_uploads(name, 4, "1", {s: [p] for s, p in photos.items()})
    return check_uploaded_table(table, load_game("nogizaka"), reader, out, photos=photos, tileset=tileset)


def test_a_table_checked_again_from_its_photos_has_the_set_in_its_fingerprint(tmp_path, home):
    reader, out = ExactReader(), tmp_path / "page"
    _upload(tmp_path, reader, "table-01", FAULTY, out, tileset="mine")
    path = out / "table-01" / "report.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**stored, "verdict": "ok", "findings": []}), encoding="utf-8")  # not this home's now
    event = _upload(tmp_path, reader, "table-02", CLEAN, out, tileset="mine")
    assert event["rechecked"] == ["table-01"], event
    table = _read_folder(out / "table-01", 4, out.resolve())
    with_set = fingerprint(table, CheckOptions(game="nogizaka", tileset="mine"))
    assert with_set != fingerprint(table, CheckOptions(game="nogizaka"))
    assert json.loads(path.read_text(encoding="utf-8"))["fingerprint"] == with_set
    # the event's report names the set its tables were read with, and the command that checks them again keeps it
    assert event["tileset"] == "mine"
    assert check_command_here(out).endswith("--tileset mine")
    # a table removed: the rest still said to be read with the set
    remove_uploaded_table(out, "table-02", load_game("nogizaka"))
    assert json.loads((out / "event.json").read_text(encoding="utf-8"))["tileset"] == "mine"


def test_the_page_names_a_set_folder_by_its_name(tmp_path):
    out = tmp_path / "rep"
    out.mkdir()
    write_event_report(out, _event("/home/me/sets/hk-mahjong"), "en")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "tile set hk-mahjong." in page and "/home/me" not in page, page
    assert report.event_tileset({"tileset": 3}) == ""  # an event.json edited by hand: no set, no traceback


def _browse(folder: Path):
    from app_helpers import open_page

    at = open_page("event_check", lang="en")
    at.text_input(key="event_folder").set_value(str(folder)).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_event_pages_commands_keep_the_set(tmp_path, home, monkeypatch):
    """The Event page browsing a report folder: the command that checks an older table's event again, and that of a
    nameless table's report, keep the set this home's check read with."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))  # the app tests' helpers
    from tilelens.event.trust import sealed

    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    reader = ExactReader()
    ev = tmp_path / "ev"
    make_table(reader, ev, "t1", CLEAN)
    out = ev / "_report"
    check_event(ev, out, CheckOptions(game="nogizaka", tileset="mine"), factory=lambda g: reader, jobs=1,
                progress=False)
    path = out / "t1" / "report.json"
    path.write_text(json.dumps(sealed({**json.loads(path.read_text(encoding="utf-8")), "page_format": 1})),
                    encoding="utf-8")  # written by an older tilelens, sealed here
    at = _browse(ev)
    warned = [w.value for w in at.warning if "older tilelens" in w.value]
    assert len(warned) == 1 and f"tilelens check {ev} --game nogizaka --tileset mine" in warned[0], warned
    (out / "report.json").write_text(json.dumps({"table": "", "game": "nogizaka"}), encoding="utf-8")
    at = _browse(out)
    said = [e.value for e in at.error if "no name" in e.value]
    assert len(said) == 1 and f"tilelens check {ev} --game nogizaka --tileset mine" in said[0], said
