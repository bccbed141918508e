"""Session 54, more of what the event check trusts (a review of the sealed reports): a photo a table's manifest names
through a linked subfolder leading out of the event folder is not read (as a top-level link is not); a table's page
changed in the shared report folder is drawn again from its sealed readings (its hash is sealed with them); a photo
swapped for a link leading out after the folder was scanned is still not read (``load_photo`` looks again); the
check's rules do not pull in the app; the app's event of uploaded tables keeps no report it did not seal."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from event_trust_helpers import FAULTY, exact_cli
from event_trust_helpers import check as _check
from test_event_support import CLEAN, ExactReader, japanese, make_table
from tilelens.event import runner
from tilelens.event.layout import read_table_folder, table_from_uploads
from tilelens.event.reading import load_photo
from tilelens.event.runner import check_table, check_uploaded_table
from scorer import load_game
from vision import ImageError


@pytest.fixture()
def exact(monkeypatch, tmp_path):
    """The CLI with the exact reader in place of the models, and a home of its own (its key)."""
    return exact_cli(monkeypatch, tmp_path)


def _stored(event, table: str = "t1") -> dict:
    return json.loads((event / "_report" / table / "report.json").read_text(encoding="utf-8"))


# --- 1. a photo named in the manifest through a linked subfolder ------------------------------------------------

@pytest.mark.parametrize("seat", ["4", "wall"])
def test_a_photo_named_through_a_subfolder_linked_out_of_the_event_is_not_read(exact, tmp_path, capsys, seat):
    event = tmp_path / "ev"
    table = make_table(exact, event, "t1", CLEAN)
    outside = tmp_path / "outside"
    outside.mkdir()
    if seat == "wall":
        exact.draw(outside / "family.png", ["back"] * 6)
        (table / "table.toml").write_text('wall = "sub/family.png"\n', encoding="utf-8")
    else:
        shutil.move(table / "seat4.png", outside / "family.png")
        (table / "table.toml").write_text('[seats]\n4 = "sub/family.png"\n', encoding="utf-8")
    (table / "sub").symlink_to(outside, target_is_directory=True)
    assert _check(event) == 1
    out = capsys.readouterr().out
    assert exact.calls == (3 if seat == "4" else 4)  # the linked photo never read
    about = [f for f in _stored(event)["findings"] if seat in f["seats"]]
    assert len(about) == 1, about
    assert "sub/family.png" in about[0]["message"] and "outside the event folder" in about[0]["message"], about
    assert japanese(about[0]["message_ja"]) and "sub/family.png" in about[0]["message_ja"], about
    assert not (event / "_report" / "t1" / "thumbs" / ("seat4.jpg" if seat == "4" else "wall.jpg")).exists()
    assert "sub/family.png" in out


def test_a_photo_named_through_a_subfolder_inside_the_event_is_read(exact, tmp_path):
    event = tmp_path / "ev"
    table = make_table(exact, event, "t1", CLEAN)
    (event / "_shared").mkdir()
    shutil.move(table / "seat4.png", event / "_shared" / "family.png")
    (table / "table.toml").write_text('[seats]\n4 = "sub/family.png"\n', encoding="utf-8")
    (table / "sub").symlink_to("../_shared", target_is_directory=True)
    calls = exact.calls
    assert _check(event) == 0
    assert exact.calls == calls + 4


# --- 2. a table's page changed in the shared report folder --------------------------------------------------------

FORGED = "<h1>t1: in order</h1><script>alert(1)</script>"


def test_a_forged_table_page_is_drawn_again_from_the_sealed_readings(exact, tmp_path, capsys):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", FAULTY)
    assert _check(event) == 1
    page = event / "_report" / "t1" / "index.html"
    written = page.read_bytes()
    page.write_text(FORGED, encoding="utf-8")
    before = exact.calls
    assert _check(event) == 1
    out = capsys.readouterr().out
    assert exact.calls == before, out  # drawn again from its readings: no photo read by the recognizer
    assert "<script>" not in page.read_text(encoding="utf-8")
    assert page.read_bytes() == written  # the page the check wrote, as it wrote it
    assert "(0 read, 1 unchanged)" in out, out


def test_a_page_left_alone_is_not_drawn_again(exact, tmp_path, monkeypatch):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", FAULTY)
    assert _check(event) == 1
    drawn = []
    monkeypatch.setattr(runner, "_rejudged", lambda *a, **k: drawn.append(a) or None)
    assert _check(event) == 1
    assert drawn == []


def test_the_pages_hash_is_sealed_with_the_report(exact, tmp_path):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", FAULTY)
    assert _check(event) == 1
    path = event / "_report" / "t1" / "report.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    stored["page_sha256"] = "0" * 64  # the hash made to fit a forged page: the seal no longer holds
    path.write_text(json.dumps(stored), encoding="utf-8")
    before = exact.calls
    assert _check(event) == 1
    assert exact.calls == before + 4  # checked again, as any report changed since


# --- 3. a photo swapped for a link leading out after the scan -----------------------------------------------------

def test_a_photo_swapped_for_a_link_leading_out_after_the_scan_is_not_read(tmp_path):
    reader = ExactReader()
    event = tmp_path / "ev"
    table_dir = make_table(reader, event, "t1", CLEAN)
    table = read_table_folder(table_dir, root=event)
    assert sorted(table.seats) == ["1", "2", "3", "4"] and not table.problems
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.move(table_dir / "seat4.png", outside / "family.png")
    (table_dir / "seat4.png").symlink_to(outside / "family.png")  # minutes later, before a worker opens it
    with pytest.raises(ImageError) as caught:
        load_photo(table.seats["4"])
    assert "outside the event folder" in str(caught.value) and japanese(caught.value.message_ja)
    report, images = check_table(table, load_game("nogizaka"), reader)
    assert reader.calls == 3 and "4" not in images
    about = [f for f in report.findings if "4" in f.seats]
    assert about and all("outside the event folder" in f.message for f in about), about


def test_a_photo_of_no_event_folder_is_read_as_before(tmp_path):
    reader = ExactReader()
    table_dir = make_table(reader, tmp_path, "t1", CLEAN)
    photo = read_table_folder(table_dir).seats["4"]
    assert load_photo(photo).shape[:2] == (60, 20 + 30 * len(CLEAN["4"]))


# --- 4. the check's rules do not pull in the app ------------------------------------------------------------------

def test_the_rules_of_the_check_import_no_app():
    code = ("import sys, tilelens.event.rules as r, vision; "
            "print(sorted(m for m in sys.modules if m == 'app' or m.startswith('app.'))); "
            "print(r.SMALL_PHOTO_SIDE == vision.SMALL_PHOTO_SIDE)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**__import__("os").environ, "YOLO_OFFLINE": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["[]", "True"], done.stdout


def test_the_photo_page_keeps_its_name_for_the_threshold():
    import vision
    from app.components.photo import SMALL_PHOTO_SIDE

    assert SMALL_PHOTO_SIDE == vision.SMALL_PHOTO_SIDE == 544


# --- 5. the app's event of uploaded tables ------------------------------------------------------------------------

def _upload(tmp_path, reader, name: str, hands: dict[str, list[str]], out):
    photos = {}
    for seat, kinds in hands.items():
        reader.draw(tmp_path / f"{name}-{seat}.png", kinds, salt=sum(name.encode()))
        photos[seat] = (f"IMG_{seat}.png", (tmp_path / f"{name}-{seat}.png").read_bytes())
    table = table_from_uploads(name, 4, "1", {s: [p] for s, p in photos.items()})
    return check_uploaded_table(table, load_game("nogizaka"), reader, out, photos=photos)


def test_the_uploaded_events_report_keeps_no_report_it_did_not_seal(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    reader = ExactReader()
    out = tmp_path / "page"
    event = _upload(tmp_path, reader, "table-01", FAULTY, out)
    assert [t["verdict"] for t in event["tables"]] == ["fault"]
    path = out / "table-01" / "report.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    stored.update(verdict="ok", findings=[])
    path.write_text(json.dumps(stored), encoding="utf-8")
    (out / "table-01" / "index.html").write_text(FORGED, encoding="utf-8")
    event = _upload(tmp_path, reader, "table-02", CLEAN, out)
    lines = {t["table"]: t for t in event["tables"]}
    assert sorted(lines) == ["table-01", "table-02"], lines
    assert lines["table-02"]["verdict"] == "ok"
    assert lines["table-01"]["verdict"] != "ok" and not event["in_order"], lines["table-01"]
    said = json.dumps(lines["table-01"], ensure_ascii=False)
    assert "2 too many" in said, said  # checked again from its kept photos (session 56): its real finding
    assert "<script>" not in (out / "table-01" / "index.html").read_text(encoding="utf-8")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "2 too many" in page
    # the table's line now sealed by this installation, what it says kept: said again at the next table, not ok
    event = _upload(tmp_path, reader, "table-03", CLEAN, out)
    assert {t["table"]: t["verdict"] for t in event["tables"]}["table-01"] != "ok"
