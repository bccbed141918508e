"""Small leftovers of session 49: the Label page's English plurals for one photo or tile, a stored report.json
with a BOM kept by the event check, the summary of a check that re-judged its stored readings at a new
--min-confidence, a "did you mean X?" finding joined to the next without "?;", and `label teach --minutes`'s help."""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parent / "tilelens"))  # test_event_support

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402


# ---------------------------------------------------------------- 1. Label page: one photo, one tile

@pytest.fixture()
def english():
    from app.components.i18n import LANG_KEY

    st.session_state[LANG_KEY] = "en"
    try:
        yield
    finally:
        del st.session_state[LANG_KEY]


def test_label_page_says_one_photo_and_one_tile_in_the_singular(english):
    from app.views import label

    assert label._prelabelled_text(1, 1) == "Pre-labelled 1 photo (1 tile)."
    assert label._prelabelled_text(3, 27) == "Pre-labelled 3 photos (27 tiles)."
    assert label._prelabelled_text(2, 1) == "Pre-labelled 2 photos (1 tile)."


def test_label_page_counts_one_photo_of_a_split_in_the_singular(english):
    from app.views import label

    config = type("Config", (), {"sources": {"train": "images/train", "val": "images/val"}})()
    assert label._split_text("val", 1, config) == "validation: 1 photo"
    assert label._split_text("train", 4, config) == "training: 4 photos"


# ---------------------------------------------------------------- 2./3. the event check's stored reports

@pytest.fixture()
def event(tmp_path):
    reader = ExactReader()
    root = tmp_path / "event"
    make_table(reader, root, "t1", CLEAN)
    make_table(reader, root, "t2", CLEAN)
    return reader, root, tmp_path / "report"


def _run(reader, root, out, **kw):
    return check_event(root, out, CheckOptions(game="nogizaka", **kw), factory=lambda game: reader, jobs=1,
                       progress=False)


def test_a_stored_report_saved_with_a_bom_is_kept_not_read_again(event):
    reader, root, out = event
    _run(reader, root, out)
    calls = reader.calls
    path = out / "t1" / "report.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # saved by an editor that writes a BOM
    again = _run(reader, root, out)
    assert (again.checked, again.resumed, reader.calls) == (0, 2, calls)


def test_the_check_summary_says_the_tables_re_judged_at_a_new_min_confidence(event, monkeypatch, capsys):
    reader, root, out = event
    assert _run(reader, root, out).rejudged == 0
    rejudged = _run(reader, root, out, min_confidence=0.5)
    assert (rejudged.checked, rejudged.resumed, rejudged.rejudged) == (0, 2, 2)
    assert _run(reader, root, out, min_confidence=0.5).rejudged == 0  # the same threshold again: unchanged

    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    check = ["check", str(root), "--game", "nogizaka", "--jobs", "1", "--out", str(out)]
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert cli.main([*check, "--min-confidence", "0.6"]) == 0
    printed = capsys.readouterr().out
    assert "2 of 2 tables in order (0 read, 2 re-judged with the new --min-confidence); report:" in printed
    assert "unchanged" not in printed
    assert cli.main([*check, "--min-confidence", "0.6"]) == 0
    assert "2 of 2 tables in order (0 read, 2 unchanged); report:" in capsys.readouterr().out
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert cli.main([*check, "--min-confidence", "0.7"]) == 0
    printed = capsys.readouterr().out
    assert "(読んだ卓 0、新しい --min-confidence で判定し直した卓 2)" in printed and "変わらない" not in printed


# ---------------------------------------------------------------- 4. "did you mean X?" and the next finding

def test_a_finding_that_asks_did_you_mean_is_not_followed_by_a_semicolon():
    findings = [{"kind": "missing_seat", "severity": "fault", "seats": ["1"], "tiles": [],
                 "message": "seat 1: photo s1.jpg named in table.toml is not in the folder: did you mean s1.jpeg?",
                 "message_ja": "1番席: table.toml に書かれた写真 s1.jpg がフォルダにありません"},
                {"kind": "count", "severity": "fault", "seats": ["2"], "message": "seat 2: too few",
                 "message_ja": "2番席: 少なすぎます", "tiles": []}]
    table = {"table": "t1", "verdict": "fault", "findings": findings}
    (line,) = event_cli._table_lines(table, "en")
    assert "?;" not in line
    assert line == ("FAULT  t1: seat 1: photo s1.jpg named in table.toml is not in the folder: did you mean "
                    "s1.jpeg? seat 2: too few")
    # the others as they were
    assert event_cli._table_lines(dict(table, findings=findings[1:] * 2), "en") == [
        "FAULT  t1: seat 2: too few; seat 2: too few"]
    assert event_cli._table_lines(table, "ja") == [
        "問題あり t1: 1番席: table.toml に書かれた写真 s1.jpg がフォルダにありません。2番席: 少なすぎます"]


def test_a_table_toml_of_two_misspelt_keys_asks_once_without_a_semicolon_after_a_question(tmp_path):
    text = _unknown_keys_message(tmp_path, {"player": 4, "dealr": "1"})
    assert "?;" not in text and text.endswith("; did you mean dealer for dealr, players for player?")


def _unknown_keys_message(tmp_path: Path, data: dict) -> str:
    """The message a table.toml of ``data`` (and the four seat photos) gets of its unknown keys."""
    table = tmp_path / "t1"
    table.mkdir()
    lines = [f"{k} = {v!r}" if isinstance(v, str) else f"{k} = {v}" for k, v in data.items()]
    (table / "table.toml").write_text("\n".join(lines).replace("'", '"') + "\n")
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    for photo in (tmp_path / "ev" / "t1").iterdir():
        (table / photo.name).write_bytes(photo.read_bytes())
    from tilelens.event.runner import _read_folder

    found = _read_folder(table, 4)
    messages = [p.message for p in found.problems if "unknown keys" in p.message]
    assert messages, [p.message for p in found.problems]
    return messages[0]


# ---------------------------------------------------------------- 5. `label teach --minutes`'s help

def test_label_teach_minutes_help_says_the_orientation_model_and_cropping_add_to_it(capsys):
    with pytest.raises(SystemExit):
        cli.main(["label", "teach", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "orientation model" in help_text and "cutting the tiles out of the photos comes first" in help_text


def test_the_report_of_a_table_gone_from_the_event_is_removed_though_saved_with_a_bom(event):
    import shutil

    reader, root, out = event
    _run(reader, root, out)
    path = out / "t2" / "report.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    shutil.rmtree(root / "t2")
    again = _run(reader, root, out)
    assert again.removed == ("t2",) and not (out / "t2").exists()
