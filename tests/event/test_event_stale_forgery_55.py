"""Session 55 (f26), the event seals from an organiser's re-walk (r2): a forgery still passed, and three honest
changes were called forgeries.

1. (F1) Another event's sealed report copied over this one's, the photos of the tables whose verdicts differ moved
   into a sub-folder (or renamed ``.jpg.bak``): a table folder of no photo was "an older app's", nothing to compare,
   so the event said every table in order. A table folder of none of its report's photos is now "of other photos"
   (allowed only where the photos' folder is the report folder itself, the app's, or the report keeps no digest).
2. A photo retaken and not checked again was "another event's report": where the event's report is this home's, of
   this event folder, its line what the table's report says, only the photos changed: "photos changed since the
   check" (``trust.STALE``), the table named.
3. A table added since the check made the event's report "another event's", the table unnamed: now "table X was
   added since the check" (``trust.ADDED``).
4. A table's folder removed since: "table X's folder is no longer in the event" (``trust.GONE``), not "other photos".
5. Under another home the command said ``--game GAME``, which fails when followed: a shipped game's id from an
   event.json not sealed here is harmless (only a game file could lead elsewhere), and is said.
6. (F3) A check's sealed event.json rolled back to an interrupted check's: a table it lists as not checked that has
   a trusted report of this event tells an earlier check's report."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from event_trust_helpers import FAULTY, check, earlier_check_put_back, exact_cli  # noqa: E402
from test_event_support import CLEAN, japanese, make_table  # noqa: E402
from tilelens.event.model import table_named  # noqa: E402
from tilelens.event.report import event_pages_zip, page_trusted, write_event_report  # noqa: E402
from tilelens.event.runner import event_distrust, table_distrust  # noqa: E402

ANOTHER_EVENT = ("is another event's, or an earlier check's", "別のイベントのもの、またはこのイベントの以前のチェック")
OTHER_PHOTOS = ("other photos", "別の写真")
STALE = ("photos of {t} changed since the check", "チェックの後に {t} の写真が変わりました")
ADDED = ("{t} was added to the event since the check", "チェックの後に {t} がイベントに追加されました")
GONE = ("the folder of {t} is no longer in the event folder", "{t} のフォルダがイベントフォルダにもうありません")


@pytest.fixture()
def exact(monkeypatch, tmp_path):
    monkeypatch.setenv("TILELENS_LANG", "en")
    return exact_cli(monkeypatch, tmp_path)


def _said(said, words: tuple[str, str], table: str = "") -> None:
    assert said is not None, "trusted"
    en, ja = said
    named = table_named(table) if table else ("", "")  # "table t1", "卓 t1"
    assert words[0].format(t=named[0]) in en and "tilelens check" in en, en
    assert japanese(ja) and words[1].format(t=named[1]) in ja and "tilelens check" in ja, ja


def _not(said, words: tuple[str, str]) -> None:
    assert said is not None and words[0] not in said[0] and words[1] not in said[1], said


def _events(exact, tmp_path) -> tuple[Path, Path]:
    """Event A (t1, t2 in order) and event B (the same names, neither in order), checked by one home."""
    a, b = tmp_path / "ev" / "A", tmp_path / "ev" / "B"
    for name in ("t1", "t2"):
        make_table(exact, a, name, CLEAN)
        make_table(exact, b, name, FAULTY)
    check(a)
    check(b)
    return a / "_report", b / "_report"


def _event(out: Path) -> dict:
    return json.loads((out / "event.json").read_text(encoding="utf-8"))


def _copy_report_over(a_out: Path, b_out: Path) -> None:
    shutil.rmtree(b_out)
    shutil.copytree(a_out, b_out)


def _hide(table: Path, how: str) -> None:
    """The table's photos out of its folder's sight: moved into a sub-folder, or renamed as no photo."""
    for photo in sorted(table.glob("*.png")):
        if how == "hidden":
            (table / "hidden").mkdir(exist_ok=True)
            photo.rename(table / "hidden" / photo.name)
        else:
            photo.rename(photo.with_name(photo.name + ".bak"))


def _zipped(out: Path) -> list[str]:
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(event_pages_zip(out))) as z:
        return sorted(z.namelist())


# --- 1. (F1) another event's report over this one's, the photos hidden ---------------------------------------------

@pytest.mark.parametrize("how", ["hidden", "bak"])
def test_another_events_report_over_tables_whose_photos_are_hidden_is_not_trusted(exact, tmp_path, how):
    a_out, b_out = _events(exact, tmp_path)
    _copy_report_over(a_out, b_out)
    _hide(b_out.parent / "t2", how)  # t1 keeps its photos: the event folder is found
    _said(table_distrust(b_out / "t2"), OTHER_PHOTOS)
    _said(event_distrust(b_out), ANOTHER_EVENT)
    assert page_trusted(b_out / "t2") is None and page_trusted(b_out) is None


@pytest.mark.parametrize("how", ["hidden", "bak"])
def test_another_events_report_over_an_event_whose_photos_are_all_hidden_is_not_trusted(exact, tmp_path, how):
    a_out, b_out = _events(exact, tmp_path)
    _copy_report_over(a_out, b_out)
    for table in ("t1", "t2"):  # no photo left in sight: the table folders are still the event's
        _hide(b_out.parent / table, how)
    for table in ("t1", "t2"):
        _said(table_distrust(b_out / table), OTHER_PHOTOS)
    _said(event_distrust(b_out), ANOTHER_EVENT)
    assert _zipped(b_out) == []


def test_an_apps_table_of_no_photo_kept_is_still_trusted(tmp_path, monkeypatch):
    """The app's layout (the photos kept in the table's report folder): an older app kept none, nothing to compare."""
    from scorer import load_game
    from test_event_support import ExactReader
    from tilelens.event.layout import table_from_uploads
    from tilelens.event.runner import check_uploaded_table

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    reader = ExactReader()
    out = tmp_path / "page"
    for name in ("table-01", "table-02"):
        photos = {}
        for seat, kinds in CLEAN.items():
            reader.draw(tmp_path / f"{name}-{seat}.png", kinds, salt=sum(name.encode()))
            photos[seat] = (f"IMG_{seat}.png", (tmp_path / f"{name}-{seat}.png").read_bytes())
        table = table_from_uploads(name, 4, "1", {s: [p] for s, p in photos.items()})
        check_uploaded_table(table, load_game("nogizaka"), reader, out, photos=photos)
    for photo in (out / "table-02").iterdir():  # an older app's: no photo kept
        if photo.is_file() and photo.suffix == ".png":
            photo.unlink()
    assert table_distrust(out / "table-02") is None and event_distrust(out) is None


# --- 2. a photo retaken, not checked again ------------------------------------------------------------------------

def test_a_photo_retaken_since_the_check_is_said_as_such_not_another_events(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    exact.draw(a_out.parent / "t1" / "seat2.png", FAULTY["2"], salt=sum(b"t1"))  # retaken
    _said(table_distrust(a_out / "t1"), STALE, "t1")
    _said(table_distrust(a_out / "t1", json.loads((a_out / "t1" / "report.json").read_text(encoding="utf-8")),
                         event=_event(a_out)), STALE, "t1")  # as the app asks, the event beside it read
    said = event_distrust(a_out)
    _said(said, STALE, "t1")
    _not(said, ANOTHER_EVENT)
    assert page_trusted(a_out) is None and page_trusted(a_out / "t1") is None
    assert table_distrust(a_out / "t2") is None
    check(a_out.parent)
    assert table_distrust(a_out / "t1") is None and event_distrust(a_out) is None


def test_another_events_report_over_a_retaken_photo_is_still_another_events(exact, tmp_path):
    """The report copied from A names A's folder: B's photos differing from it is no retake."""
    a_out, b_out = _events(exact, tmp_path)
    _copy_report_over(a_out, b_out)
    _said(table_distrust(b_out / "t1"), OTHER_PHOTOS)
    _said(event_distrust(b_out), ANOTHER_EVENT)


# --- 3. a table added since the check -----------------------------------------------------------------------------

def test_a_table_added_since_the_check_is_named(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    make_table(exact, a_out.parent, "t3", CLEAN)
    said = event_distrust(a_out)
    _said(said, ADDED, "t3")
    _not(said, ANOTHER_EVENT)
    assert table_distrust(a_out / "t1") is None  # the tables checked are still trusted
    check(a_out.parent)
    assert event_distrust(a_out) is None


def test_two_tables_added_are_both_named(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    make_table(exact, a_out.parent, "table-07", CLEAN)
    make_table(exact, a_out.parent, "table-08", CLEAN)
    en, ja = event_distrust(a_out)
    assert "table-07, table-08 were added to the event since the check" in en, en
    assert "table-07、table-08" in ja, ja


def test_a_table_in_no_line_with_a_trusted_report_tells_an_earlier_check(exact, tmp_path):
    """This event's earlier report (t1 alone) put back, t2's trusted report (checked since) kept: an earlier check's."""
    out = earlier_check_put_back(exact, tmp_path)
    assert table_distrust(out / "t2") is None
    _said(event_distrust(out), ANOTHER_EVENT)


# --- 4. a table's folder removed since the check ------------------------------------------------------------------

def test_a_removed_tables_folder_is_said_so(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    shutil.rmtree(a_out.parent / "t2")
    said = table_distrust(a_out / "t2")
    _said(said, GONE, "t2")
    assert "its report is then removed" in said[0] and "レポートは取り除かれます" in said[1], said
    _not(said, OTHER_PHOTOS)
    _said(event_distrust(a_out), GONE, "t2")
    check(a_out.parent)
    assert not (a_out / "t2").exists() and event_distrust(a_out) is None


# --- 5. the game of the way forward -------------------------------------------------------------------------------

def test_under_another_home_the_command_names_the_shipped_game(exact, tmp_path, monkeypatch):
    a_out, _ = _events(exact, tmp_path)
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "club-home"))
    for said in (table_distrust(a_out / "t1"), event_distrust(a_out)):
        assert said is not None
        assert f"tilelens check {a_out.parent.resolve()} --game nogizaka" in said[0], said[0]
        assert "--game GAME" not in said[0] and "--game nogizaka" in said[1], said


def test_a_game_file_named_by_an_unsealed_event_json_is_not_said(exact, tmp_path, monkeypatch):
    a_out, _ = _events(exact, tmp_path)
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "club-home"))
    event = _event(a_out)
    event["game"] = str(tmp_path / "evil.toml")
    (a_out / "event.json").write_text(json.dumps(event), encoding="utf-8")
    said = event_distrust(a_out)
    assert said is not None and "evil.toml" not in said[0] and "--game GAME" in said[0], said[0]


# --- 6. (F3) rolled back to an interrupted check's event.json -----------------------------------------------------

def _stopped_as(out: Path, kind: str) -> None:
    """This event's report rewritten, sealed here, as a check stopped (``kind``) after t1, t2 not checked."""
    event = _event(out)
    for key in ("seal", "sealed_by", "page_sha256"):
        event.pop(key, None)
    event.update(finished=False, in_order=False, unchecked=["t2"],
                 tables=[line for line in event["tables"] if line["table"] == "t1"],
                 stopped={"kind": kind, "reason": "stopped", "reason_ja": "中断"})
    write_event_report(out, event)


def test_an_interrupted_checks_report_of_a_table_checked_since_is_an_earlier_checks(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    _stopped_as(a_out, "interrupted")
    assert table_distrust(a_out / "t2") is None  # t2's report, trusted: checked after that check
    _said(event_distrust(a_out), ANOTHER_EVENT)


def test_a_running_checks_report_is_not_an_earlier_checks(exact, tmp_path):
    """A check running writes its tables' reports before its event.json lists them: no false alarm."""
    a_out, _ = _events(exact, tmp_path)
    _stopped_as(a_out, "running")
    assert event_distrust(a_out) is None
