"""Session 54, what the event check trusts in a shared event folder: a stored ``report.json`` is kept only where this
installation wrote it and nobody changed it since (its ``seal``, keyed by a secret in ``$TILELENS_HOME``), else the
table is checked again and said to be; ``--fresh`` checks every table again; the pages embed no file from outside a
table's report folder (a crop ``../../secret.txt``, a link in ``crops/`` or ``thumbs/``); a seat photo that is a link
leading out of the event folder is not read (one finding names the seat and the link); names holding control
characters are printed escaped; a small photo is said to be one (the photo page's words), not "too dark or
blurred?"."""
from __future__ import annotations

import base64
import json
import os
import shutil
import stat

import pytest

from event_trust_helpers import FAULTY, exact_cli
from event_trust_helpers import check as _check
from test_event_support import CLEAN, ExactReader, japanese, make_table
from tilelens.event.model import FindingKind, SeatReading, TileRef, report_from_dict
from tilelens.event.report import event_html, rewrite_table_report
from tilelens.event.rules import hiding_tiles, poor_photo_finding, too_few_findings
from tilelens.event.runner import CheckOptions, check_event

SECRET = b"TOP-SECRET-TOKEN-54"


@pytest.fixture()
def exact(monkeypatch, tmp_path):
    """The CLI with the exact reader in place of the models, and a home of its own (its key)."""
    return exact_cli(monkeypatch, tmp_path)


def _forge(event, table: str = "t1") -> None:
    """What anyone with the shared folder can do: the table's stored verdict made "ok", its findings removed (its
    fingerprint, a hash of the photos, kept as it is)."""
    path = event / "_report" / table / "report.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    stored.update(verdict="ok", findings=[])
    path.write_text(json.dumps(stored), encoding="utf-8")


def test_a_verdict_edited_in_the_shared_report_folder_is_checked_again(exact, tmp_path, capsys):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", FAULTY)
    assert _check(event) == 1
    capsys.readouterr()
    _forge(event)
    before = exact.calls
    assert _check(event) == 1  # was 0: "ok     t1 ... (0 read, 1 unchanged)"
    out = capsys.readouterr().out
    assert exact.calls > before
    assert "FAULT  t1: seat 2 (non-dealer) has 10 tiles" in out, out
    assert "(1 read, 0 unchanged)" in out, out
    assert "checked again: the stored report was not written here or was changed: t1" in out, out
    assert json.loads((event / "_report" / "t1" / "report.json").read_text(encoding="utf-8"))["verdict"] == "fault"


def test_the_same_installation_still_resumes(exact, tmp_path, capsys):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", FAULTY)
    assert _check(event) == 1
    capsys.readouterr()
    before = exact.calls
    assert _check(event) == 1
    out = capsys.readouterr().out
    assert exact.calls == before, out
    assert "(0 read, 1 unchanged)" in out and "checked again" not in out, out


def test_a_report_written_by_another_installation_is_checked_again(exact, tmp_path, monkeypatch, capsys):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    assert _check(event) == 0
    capsys.readouterr()
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "another-home"))  # the folder opened on another computer
    monkeypatch.setenv("TILELENS_LANG", "ja")
    before = exact.calls
    assert _check(event) == 0
    out = capsys.readouterr().out
    assert exact.calls > before
    line = next(line for line in out.splitlines() if "t1" in line and "問題なし" not in line)
    assert japanese(line), out


def test_fresh_checks_every_table_again(exact, tmp_path, capsys):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    make_table(exact, event, "t2", CLEAN)
    assert _check(event) == 0
    capsys.readouterr()
    before = exact.calls
    assert _check(event, "--fresh") == 0
    out = capsys.readouterr().out
    assert exact.calls == before + 8
    assert "(2 read, 0 unchanged)" in out and "checked again" not in out, out


def test_the_key_is_made_once_and_read_by_the_user_alone(exact, tmp_path):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    _check(event)
    keys = [p for p in (tmp_path / "home").iterdir() if p.is_file()]
    assert len(keys) == 1, keys
    key = keys[0]
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "home").stat().st_mode) == 0o700
    first = key.read_bytes()
    assert len(first) >= 32
    _check(event, "--fresh")
    assert key.read_bytes() == first
    assert first.hex() not in (event / "_report" / "t1" / "report.json").read_text(encoding="utf-8")


# --- the pages embed no file from outside a table's report folder --------------------------------------------------

def _unsure_event(tmp_path, monkeypatch):
    """An event of one table with a tile to confirm (a finding with a crop), checked into ``ev/_report``."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN, conf={"3": {0: 0.3}})
    out = tmp_path / "ev" / "_report"
    result = check_event(tmp_path / "ev", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                         progress=False)
    return out, result.event


def _secret(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "secret.txt").write_bytes(SECRET)
    return victim / "secret.txt"


def test_the_event_page_embeds_no_crop_leading_out_of_the_tables_folder(tmp_path, monkeypatch):
    out, event = _unsure_event(tmp_path, monkeypatch)
    secret = _secret(tmp_path)
    (tile,) = event["tables"][0]["findings"][0]["tiles"]
    link = out / "t1" / "crops" / "seat3-link.png"
    link.symlink_to(secret)
    for crop in ("../" * 12 + str(secret).lstrip("/"), str(secret), "crops/seat3-link.png"):
        tile["crop"] = crop
        page = event_html(out, event)
        assert base64.b64encode(SECRET).decode() not in page, crop


def test_a_table_page_written_again_embeds_no_link_leading_out(tmp_path, monkeypatch):
    out, _ = _unsure_event(tmp_path, monkeypatch)
    secret = _secret(tmp_path)
    for embedded in (out / "t1" / "thumbs" / "seat1.jpg", out / "t1" / "crops" / "seat3-t01.jpg"):
        assert embedded.is_file()  # written by the check: what its page embeds
        embedded.unlink()
        embedded.symlink_to(secret)
    stored = json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))
    rewrite_table_report(out / "t1", report_from_dict(stored))
    assert base64.b64encode(SECRET).decode() not in (out / "t1" / "index.html").read_text(encoding="utf-8")


def test_a_thumbs_folder_linked_elsewhere_is_not_written_into(exact, tmp_path):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    assert _check(event) == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    thumbs = event / "_report" / "t1" / "thumbs"
    shutil.rmtree(thumbs)
    thumbs.symlink_to(elsewhere, target_is_directory=True)
    assert _check(event, "--fresh") == 0
    assert list(elsewhere.iterdir()) == []
    assert (thumbs / "seat1.jpg").is_file() and not thumbs.is_symlink()


# --- a seat photo that is a link leading out of the event folder ---------------------------------------------------

def test_a_seat_photo_linked_from_outside_the_event_is_not_read(exact, tmp_path, capsys):
    event = tmp_path / "ev"
    table = make_table(exact, event, "t1", CLEAN)
    private = tmp_path / "private"
    private.mkdir()
    shutil.move(table / "seat4.png", private / "family.png")
    (table / "seat4.png").symlink_to(private / "family.png")
    assert _check(event) == 1
    out = capsys.readouterr().out
    assert exact.calls == 3  # seat 4's photo never read
    stored = json.loads((event / "_report" / "t1" / "report.json").read_text(encoding="utf-8"))
    about = [f for f in stored["findings"] if "4" in f["seats"]]
    assert len(about) == 1, about
    assert "seat4.png" in about[0]["message"] and str(private / "family.png") in about[0]["message"], about
    assert "outside the event folder" in about[0]["message"], about
    assert japanese(about[0]["message_ja"]) and "seat4.png" in about[0]["message_ja"]
    assert not (event / "_report" / "t1" / "thumbs" / "seat4.jpg").exists()
    assert "seat4.png" in out


def test_a_link_inside_the_event_folder_is_read(exact, tmp_path):
    event = tmp_path / "ev"
    table = make_table(exact, event, "t1", CLEAN)
    (event / "_shared").mkdir()
    shutil.move(table / "seat4.png", event / "_shared" / "seat4.png")
    (table / "seat4.png").symlink_to(os.path.join("..", "_shared", "seat4.png"))
    assert _check(event) == 0
    assert exact.calls == 4


# --- names of control characters --------------------------------------------------------------------------------

def test_a_folder_name_of_control_characters_is_printed_escaped(exact, tmp_path, capsys, stderr_a_terminal):
    name = "tbl\x1b]0;PWNED\x07\x1b[2Jx"
    event = tmp_path / "ev"
    make_table(exact, event, name, FAULTY)
    assert _check(event) == 1
    out, err = capsys.readouterr()
    for stream in (out, err):
        assert "]0;PWNED\x07" not in stream and "\x1b[2J" not in stream, repr(stream)
    assert "\\x1b]0;PWNED\\x07\\x1b[2Jx" in out, repr(out)


# --- a small photo said as the photo page says it -----------------------------------------------------------------

def _small(seat: str, n: int, wh: tuple[int, int]) -> SeatReading:
    tiles = tuple(TileRef(seat=seat, index=i, kind="kotoko", xyxy=(0, 0, 60, 80), confidence=0.3) for i in range(n))
    return SeatReading(seat=seat, photo=f"seat{seat}.jpg", tiles=tiles, image_wh=wh, kind_sure=0.3)


@pytest.mark.parametrize("wh", [(30, 30), (160, 120)])
def test_a_small_photo_is_said_to_be_one(wh):
    w, h = wh
    (few,) = too_few_findings({"2": _small("2", 0, wh)})
    poor = poor_photo_finding("3", 0.34, 0.80, _small("3", 9, wh))
    for f in (few, poor):
        assert f"only {w}×{h} pixels" in f.message and "shrunk by a chat app" in f.message, f.message
        assert "too dark or blurred" not in f.message and "well lit" not in f.message, f.message
        assert f"({w}×{h}ピクセル)" in f.message_ja and "暗すぎる" not in f.message_ja, f.message_ja
    assert few.kind is FindingKind.UNREADABLE_PHOTO and poor.kind is FindingKind.POOR_PHOTO
    kind, en, ja = hiding_tiles(_small("4", 9, wh), missing=4)  # a short hand on a thumbnail: not "too dark"
    assert kind == "poor" and f"{w}×{h} pixels" in en and "too dark" not in en, en
    assert f"{w}×{h}ピクセル" in ja and "暗すぎる" not in ja, ja


def test_a_photo_of_a_cameras_size_is_still_said_dark_or_blurred():
    (few,) = too_few_findings({"2": _small("2", 0, (4032, 3024))})
    assert "too dark or blurred?" in few.message
    assert "well lit" in poor_photo_finding("3", 0.34, 0.80, _small("3", 9, (4032, 3024))).message
    assert "too dark or blurred?" in hiding_tiles(_small("4", 9, (4032, 3024)), missing=4)[1]


def test_a_one_table_event_reads_no_link_leading_out_of_its_folder(exact, tmp_path):
    table = make_table(exact, tmp_path / "ev", "t1", CLEAN)
    shutil.move(table / "seat2.png", tmp_path / "elsewhere.png")
    (table / "seat2.png").symlink_to(tmp_path / "elsewhere.png")
    assert _check(table) == 1  # the table folder is the event: the link leads out of it
    assert exact.calls == 3
    stored = json.loads((table / "_report" / "t1" / "report.json").read_text(encoding="utf-8"))
    assert any("outside the event folder" in f["message"] and f["seats"] == ["2"] for f in stored["findings"])
