"""Event table links that loop or lead nowhere.

1. A table folder that is a link going round in a loop (``t2 -> t2``), or to a folder moved or deleted, was skipped
   and named, yet the event was said to be in order when every other table was: a table the organiser meant to
   check was not checked. Such a link counts as a table not checked, as a compressed file skipped unread does: the
   event is not in order in the command's summary and exit status, ``event.json``, the event's page (both
   languages) and the app's event page.
2. A link named as a file at the event's top level that leads to itself (``notes.txt -> notes.txt``) or back to the
   event folder was listed as a looping table: a link named as a file is passed over as the files are.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))  # the app tests' helpers

from event_trust_helpers import check, exact_cli  # noqa: E402
from test_event_support import CLEAN, ExactReader, japanese, make_table  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event.layout import scan_event  # noqa: E402
from tilelens.event.report import event_html  # noqa: E402


@pytest.fixture()
def exact(monkeypatch, tmp_path) -> ExactReader:
    """`tilelens check` with the exact reader in place of the models, in a home of its own."""
    return exact_cli(monkeypatch, tmp_path)


# --- 1. a table link that loops or leads nowhere is a table not checked -------------------------------------------

def _event(skipped: list[dict]) -> dict:
    """An event.json of two tables in order and the entries ``skipped``."""
    tables = [{"table": f"t{i}", "verdict": "ok", "counts": {}, "findings": []} for i in (1, 3)]
    return {"tables": tables, "skipped": skipped, "finished": True, "model_version": "m1", "game": "nogizaka",
            "in_order": False}


LOOP = {"folder": "t2", "kind": "loop", "reason": "a loop of links", "reason_ja": "リンクがループしています"}
GONE = {"folder": "t5", "kind": "gone", "reason": "a link to moved-away, which is not there",
        "reason_ja": "リンク先の moved-away がありません"}
ZIPPED = {"folder": "table-03.zip", "kind": "archive", "reason": "a compressed file", "reason_ja": "圧縮ファイル"}


def _head(page: str) -> str:
    return page[page.index("<h1>"):page.index("</h1>")]


def test_the_event_page_says_an_event_with_table_links_to_nothing_is_not_in_order(tmp_path):
    page = event_html(tmp_path, _event([LOOP, GONE]))
    head = _head(page)
    assert "Event check, not in order: 2 of 2 tables in order, 2 broken links not checked (t2, t5)" in head, head
    assert ("配牌チェック: すべて問題なしとは言えません (2卓中2卓が問題なし。リンク切れ 2件 (t2, t5) はチェックしていません)"
            in head), head
    why = page[page.index("</h1>"):page.index("</h1>") + 1200]
    assert "The links lead to no table folder" in why and "run the check again" in why, why
    assert "リンク先に卓のフォルダがありません" in why, why
    assert "<title>Event check, not in order" in page, page[:page.index("<h1>")]


def test_the_event_page_names_compressed_files_and_links_not_checked_together(tmp_path):
    head = _head(event_html(tmp_path, _event([ZIPPED, LOOP])))
    assert "2 of 2 tables in order, 1 compressed file and 1 broken link not checked (table-03.zip, t2)" in head, head
    assert "圧縮ファイル 1件とリンク切れ 1件 (table-03.zip, t2) はチェックしていません" in head, head


def _linked_event(reader: ExactReader, root: Path) -> Path:
    """An event of one table in order, and a table folder that is a link to itself."""
    event = root / "ev"
    make_table(reader, event, "t1", CLEAN)
    os.symlink("t2", event / "t2")
    return event


@pytest.mark.parametrize("lang, summary", [
    ("en", "1 of 1 tables in order, 1 broken link not checked (1 read"),
    ("ja", "1卓中1卓が問題なし、リンク切れ 1件はチェックしていません (読んだ卓 1")])
def test_the_check_of_an_event_with_a_table_link_in_a_loop_is_not_in_order(exact, tmp_path, capsys, monkeypatch,
                                                                              lang, summary):
    monkeypatch.setenv("TILELENS_LANG", lang)
    event = _linked_event(exact, tmp_path)
    assert check(event) == 1
    printed = capsys.readouterr().out
    assert summary in printed, printed
    assert json.loads((event / "_report" / "event.json").read_text())["in_order"] is False
    if lang == "ja":
        assert japanese(printed.splitlines()[-1])
    # the link made a table folder: the event checked whole, in order
    os.unlink(event / "t2")
    make_table(exact, event, "t2", CLEAN)
    assert check(event) == 0
    assert json.loads((event / "_report" / "event.json").read_text())["in_order"] is True


def test_a_table_link_to_a_folder_moved_away_leaves_the_event_not_in_order(exact, tmp_path, capsys):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    os.symlink(tmp_path / "moved-away", event / "t2")
    assert check(event) == 1
    assert "1 of 1 tables in order, 1 broken link not checked" in capsys.readouterr().out


def test_the_exit_status_of_a_broken_table_link_is_documented():
    from tilelens.event import cli as event_cli

    assert "a table folder that is a link to nothing" in " ".join(event_cli.EPILOG.split())


@pytest.mark.parametrize("lang, said", [
    ("en", ["not in order", "1 of 1 tables in order", "1 broken link not checked", "t2",
            "The link leads to no table folder"]),
    ("ja", ["すべて問題なしとは言えません", "1卓中1卓が問題なし", "リンク切れ 1件", "t2", "リンク先に卓のフォルダがありません"])])
def test_the_apps_event_page_says_an_event_with_a_broken_table_link_is_not_in_order(tmp_path, monkeypatch, lang,
                                                                                       said):
    from app_helpers import event_page_head

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    reader = ExactReader()
    event = _linked_event(reader, tmp_path)
    out = tmp_path / "report"
    check_event(event, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    _, shown = event_page_head(out, lang)
    for words in said:
        assert words in shown, (words, shown)


# --- 2. a link named as a file is passed over, whatever it leads to ----------------------------------------------

def _one_table(tmp_path: Path) -> Path:
    """An event folder of one table, t1."""
    (tmp_path / "ev" / "t1").mkdir(parents=True)
    (tmp_path / "ev" / "t1" / "seat1.jpg").write_bytes(b"")
    return tmp_path / "ev"


@pytest.mark.parametrize("name, target", [("notes.txt", "notes.txt"), ("rules.PDF", "rules.PDF"),
                                          ("photos.zip", "photos.zip"), ("scores.csv", "."), ("hand.jpg", ".."),
                                          ("rules.doc", "/nowhere/rules.doc"), ("scores.xls", "/nowhere/scores.xls"),
                                          ("seating.pptx", "/nowhere/seating.pptx")])
def test_a_link_named_as_a_file_is_passed_over_whatever_it_leads_to(tmp_path, name, target):
    event = _one_table(tmp_path)
    os.symlink(target, event / name)
    found = scan_event(event)
    assert [t.name for t in found.tables] == ["t1"]
    assert found.skipped == (), found.skipped


def test_a_table_link_in_a_loop_beside_a_file_link_is_still_said(tmp_path):
    event = _one_table(tmp_path)
    os.symlink("notes.txt", event / "notes.txt")
    os.symlink("t2", event / "t2")
    assert [(s.folder.name, s.kind) for s in scan_event(event).skipped] == [("t2", "loop")]


def test_a_link_to_a_folder_holding_the_event_is_a_shortcut_out_not_a_table_not_checked(exact, tmp_path):
    """A shortcut up (``all-events -> ..``) is named as skipped, but is no table meant and missed: the event stays in
    order (a link to the event folder itself, at a table's place, still counts as a table not checked)."""
    event = _linked_event(exact, tmp_path)
    os.unlink(event / "t2")
    make_table(exact, event, "t2", CLEAN)
    os.symlink("..", event / "all-events")
    (back,) = scan_event(event).skipped
    assert (back.folder.name, back.kind) == ("all-events", "back"), back
    assert back.reason == "a link to a folder holding the event folder (all-events -> ..): a shortcut out of it, no table"
    assert "ループ" not in back.reason_ja and japanese(back.reason_ja), back.reason_ja  # not told to mend a loop
    assert check(event) == 0
    assert json.loads((event / "_report" / "event.json").read_text())["in_order"] is True
    os.symlink(".", event / "t4")
    assert check(event) == 1
