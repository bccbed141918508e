"""Session 53, a walkthrough of `tilelens check` with odd event folders:

1. Ctrl-C once every table was checked (the near copies across tables looked for, the event's page being written)
   said "interrupted with 12 of 12 tables checked: ... the same command checks the rest", and left the event's page
   saying "did not finish ... Not checked: none": the check now finishes the event's report (nothing is left to
   check) and says the report is complete;
2. a seat photo that is a link to a file no longer there was said as "no photo for seat 2 (expected seat2.jpg ...)",
   as if no seat2.jpg were there: it says the link's target is not there, as `tilelens read` does;
3. a folder named table.toml was passed over without a word: one finding names it;
4. a photo without read permission was "cannot be read: cannot be read (Permission denied)": one "cannot be read
   (permission denied)", in Japanese too.
"""
from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import EventInterrupted, WorkerDied  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event import runner  # noqa: E402
from tilelens.event.layout import Photo, read_table_folder  # noqa: E402
from tilelens.event.runner import CheckOptions, check_event  # noqa: E402

LINE = {"table": "t1", "verdict": "ok", "findings": []}


# --- 1. Ctrl-C with every table checked ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang, said", [
    ("en", "tilelens check: interrupted after every table was checked (12 of 12): the report is complete: "
           "/ev/_report/index.html"),
    ("ja", "tilelens check: 中断しました。12卓すべてをチェックした後でした: レポートはできあがっています: "
           "/ev/_report/index.html")])
def test_ctrl_c_with_every_table_checked_says_the_report_is_complete(lang, said):
    stopped = EventInterrupted([LINE] * 12, 12, finished=True)
    line = event_cli.stopped_line(stopped, lang, Path("/ev/_report/index.html"))
    assert line == said
    assert "checks the rest" not in line and "残りをチェック" not in line


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "after every table was checked (2 of 2), before the event's page was written: their reports are kept, "
           "and the same command writes it", "checks the rest"),
    ("ja", "2卓すべてをチェックした後、イベントのページを書く前でした: 卓のレポートは残してあり、同じコマンドでページを書きます",
     "残りをチェック")])
def test_a_check_stopped_with_every_table_checked_but_its_page_unwritten_says_no_table_is_left(lang, said, not_said):
    for stopped in (EventInterrupted([LINE] * 2, 2), WorkerDied([LINE] * 2, 2)):
        line = event_cli.stopped_line(stopped, lang, Path("/ev/_report/index.html"))
        assert said in line and not_said not in line, line


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_check_stopped_midway_is_said_as_before(lang):
    """Tables left: the same command checks the rest (unchanged)."""
    line = event_cli.stopped_line(EventInterrupted([LINE] * 3, 12), lang, Path("/r/index.html"))
    assert line == event_cli.WORDS[lang]["stopped"].format(
        why=event_cli.WORDS[lang]["interrupted"], hint="", done=event_cli.WORDS[lang]["done"].format(n=3, total=12))


def test_ctrl_c_once_every_table_is_read_finishes_the_event_report(tmp_path, monkeypatch):
    """Ctrl-C while the near copies across tables are looked for: every table is checked, so the event's report is
    written whole (finished, no table unchecked), and the interruption says so."""
    reader = ExactReader()
    pressed = []

    def ctrl_c_once(reports):
        if not pressed:
            pressed.append(True)
            raise KeyboardInterrupt
        return {}

    monkeypatch.setattr(runner, "near_copies_across", ctrl_c_once)
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    with pytest.raises(EventInterrupted) as stopped:
        check_event(ev, ev / "_report", CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1,
                    progress=False)
    assert (len(stopped.value.tables), stopped.value.total, stopped.value.finished) == (2, 2, True)
    event = json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    assert (event["finished"], event["stopped"], event["unchecked"], event["in_order"]) == (True, None, [], True)
    assert "did not finish" not in (ev / "_report" / "index.html").read_text(encoding="utf-8")


def test_ctrl_c_midway_still_leaves_the_report_unfinished(tmp_path):
    class Stopping(ExactReader):
        def __call__(self, image):
            if self.calls >= 4:  # Ctrl-C at t2's first photo
                raise KeyboardInterrupt
            return super().__call__(image)

    reader = Stopping()
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    with pytest.raises(EventInterrupted) as stopped:
        check_event(ev, ev / "_report", CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1,
                    progress=False)
    assert (len(stopped.value.tables), stopped.value.total, stopped.value.finished) == (1, 2, False)
    event = json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    assert (event["finished"], event["stopped"]["kind"], event["unchecked"]) == (False, "interrupted", ["t2"])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_command_says_the_report_is_complete_in_one_line(tmp_path, monkeypatch, capsys, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)

    def stop(*args, **kwargs):
        raise EventInterrupted([LINE] * 12, 12, finished=True)

    monkeypatch.setattr(event_cli, "check_event", stop)
    (tmp_path / "ev").mkdir()
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--quiet"]) == 130
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [event_cli.stopped_line(EventInterrupted([LINE] * 12, 12, finished=True),
                                                               lang, tmp_path / "ev" / "_report" / "index.html")]
    assert str(tmp_path / "ev" / "_report" / "index.html") in err


# --- 2. a seat photo that is a link to a file not there ------------------------------------------------------------
def _table(tmp_path: Path, seats=("1", "2", "3", "4")) -> Path:
    folder = tmp_path / "t1"
    folder.mkdir()
    for seat in seats:
        (folder / f"seat{seat}.jpg").write_bytes(b"\xff\xd8 not a real jpeg " + seat.encode())
    return folder


def test_a_seat_photo_linked_to_a_file_not_there_is_said_to_be_such_a_link(tmp_path):
    folder = _table(tmp_path, "134")
    (folder / "seat2.jpg").symlink_to(tmp_path / "gone.jpg")
    [said] = [p for p in read_table_folder(folder).problems if p.seats == ("2",)]
    target = str(tmp_path / "gone.jpg")
    assert said.message == f"no photo for seat 2: seat2.jpg is a link to {target}, which is not there (moved or deleted?)"
    assert said.message_ja == f"2番席の写真がありません: seat2.jpg のリンク先の {target} がありません (移動か削除された?)"


def test_a_photo_named_in_table_toml_linked_to_a_file_not_there_is_said_to_be_such_a_link(tmp_path):
    folder = _table(tmp_path, "134")
    (folder / "IMG_0002.jpg").symlink_to("../gone.jpg")
    (folder / "table.toml").write_text('[seats]\n2 = "IMG_0002.jpg"\n', encoding="utf-8")
    [said] = [p for p in read_table_folder(folder).problems if p.seats == ("2",)]
    assert said.message == ("seat 2: photo IMG_0002.jpg named in table.toml is a link to ../gone.jpg, which is not "
                            "there (moved or deleted?)")
    assert said.message_ja == "2番席: table.toml に書かれた写真 IMG_0002.jpg のリンク先の ../gone.jpg がありません (移動か削除された?)"


def test_a_wall_photo_linked_to_a_file_not_there_is_said(tmp_path):
    folder = _table(tmp_path)
    (folder / "wall.jpg").symlink_to(tmp_path / "gone.jpg")
    [said] = [p for p in read_table_folder(folder).problems if "wall" in p.message]
    assert said.message.startswith("the wall: wall.jpg is a link to ") and "which is not there" in said.message
    assert said.message_ja.startswith("残りの山: wall.jpg のリンク先の ")


def test_a_link_to_a_photo_that_is_there_is_read_as_a_photo(tmp_path):
    folder = _table(tmp_path, "134")
    (tmp_path / "kept.jpg").write_bytes(b"\xff\xd8 not a real jpeg 2")
    (folder / "seat2.jpg").symlink_to(tmp_path / "kept.jpg")
    table = read_table_folder(folder)
    assert sorted(table.seats) == ["1", "2", "3", "4"] and not table.problems


# --- 3. a folder named table.toml ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["table.toml", "table.json"])
def test_a_folder_named_as_the_manifest_is_said_once(tmp_path, name):
    folder = _table(tmp_path)
    (folder / name).mkdir()
    table = read_table_folder(folder)
    [said] = table.problems
    assert said.message.startswith(f"{name} is a folder, not a file: it was not read"), said.message
    assert said.message_ja.startswith(f"{name} はフォルダで、ファイルではありません"), said.message_ja
    assert sorted(table.seats) == ["1", "2", "3", "4"]  # the photos are read by their names


def test_a_manifest_linked_to_a_file_not_there_is_said(tmp_path):
    folder = _table(tmp_path)
    (folder / "table.toml").symlink_to(tmp_path / "gone.toml")
    [said] = read_table_folder(folder).problems
    assert said.message.startswith(f"table.toml is a link to {tmp_path / 'gone.toml'}, which is not there")
    assert said.message_ja.startswith(f"table.toml のリンク先の {tmp_path / 'gone.toml'} がありません")


# --- 4. a photo that cannot be opened -----------------------------------------------------------------------------
def test_a_photo_without_read_permission_is_said_cannot_be_read_once(tmp_path, monkeypatch):
    folder = _table(tmp_path)
    real = Path.read_bytes

    def no_rights(self):
        if self.name == "seat3.jpg":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", no_rights)
    _, _, said = runner._read_photo("3", Photo("seat3.jpg", path=folder / "seat3.jpg"), reader=None)
    assert said.message == "seat 3: photo seat3.jpg cannot be read (permission denied)"
    assert said.message_ja == "3番席: 写真 seat3.jpg を開けません (権限がありません)"


def test_a_check_says_a_photo_without_read_permission_in_one_line(tmp_path, monkeypatch, capsys):
    reader = ExactReader()
    ev = tmp_path / "ev"
    make_table(reader, ev, "t1", CLEAN)
    real = Path.read_bytes

    def no_rights(self):
        if self.name == "seat3.png" and self.parent.name == "t1":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", no_rights)
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "seat 3: photo seat3.png cannot be read (permission denied)" in out, out
    assert out.count("cannot be read") == 1, out
