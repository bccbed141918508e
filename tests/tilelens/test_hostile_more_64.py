"""Labelling, tile sets and the event check in a hostile environment, where files misbehave.

1. ``label init`` in a folder holding a photo, a link to /dev/zero and a named pipe said "1 photo: 1 pre-labelled",
   the two never named (``prelabel._loose_in`` kept regular files alone): each is named, not opened.
2. ``tilelens check`` of a folder of 10,000 photos whose names say no seat wrote one line naming every one of them
   (99,118 characters): about ten are named, then how many more.
3. ``label init``'s "next:" line named a folder with spaces unquoted: quoted, as its other lines are.
4. ``tilelens check`` with TILELENS_HOME a file said "(TILELENS_HOME: File exists)": said as the ledger says it.
5. ``read --tileset NAME`` of a set folder without its tileset.json said "unknown tile set": the folder is there and
   its tileset.json missing; a tileset.json with a UTF-8 BOM was refused with Python's words: read.
Never a test that can hang: the named pipe is only listed and stat()ed, never opened."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PIL import Image

from label_helpers import OneTileReader, run

GAME = "tokyo-mahjong"
ROOT = Path(__file__).resolve().parents[2]


# ---- 1. a device and a named pipe among the loose photos --------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="POSIX special files")
def test_label_init_names_a_named_pipe_and_a_device_it_never_opens(tmp_path):
    from tilelens.labelling.prelabel import prelabel_folder

    root = tmp_path / "lab"
    root.mkdir()
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "a.jpg")
    (root / "z.jpg").symlink_to("/dev/zero")
    os.mkfifo(root / "f.jpg")
    summary = prelabel_folder(root, GAME, reader=OneTileReader("1m"), progress=False)
    assert summary.photos == 3 and summary.labelled == 1
    said = {s.photo: (s.why, s.why_ja) for s in summary.unreadable}
    assert set(said) == {"f.jpg", "z.jpg"}, said
    assert "a named pipe" in said["f.jpg"][0] and "名前付きパイプ" in said["f.jpg"][1]
    assert "a device" in said["z.jpg"][0] and "デバイス" in said["z.jpg"][1]
    assert all("left where it is" in en and "そのまま残しました" in ja for en, ja in said.values())
    assert (root / "z.jpg").is_symlink() and (root / "f.jpg").exists()  # left where they lay


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_label_init_prints_the_named_pipe_skipped(tmp_path, monkeypatch, capsys):
    from tilelens.labelling import prelabel

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: OneTileReader("1m"))
    root = tmp_path / "lab"
    root.mkdir()
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "a.jpg")
    os.mkfifo(root / "f.jpg")
    code, out, err = run(capsys, "label", "init", root, "--game", GAME)
    assert code == 1 and out.startswith("2 photos: 1 pre-labelled"), out
    assert "skipped f.jpg: not a regular file but a named pipe" in err, err


# ---- 2. ten thousand photos that say no seat ----------------------------------------------------------------------

def test_many_photos_that_say_no_seat_are_named_ten_then_counted(tmp_path):
    from tilelens.event.layout import read_table_folder

    folder = tmp_path / "t1"
    folder.mkdir()
    for i in range(1, 26):
        (folder / f"junk{i}.jpg").touch()
    table = read_table_folder(folder, 4)
    unnamed = [p for p in table.problems if "do not say their seats" in p.message]
    assert len(unnamed) == 1, [p.message for p in table.problems]
    en, ja = unnamed[0].message, unnamed[0].message_ja
    assert "and 15 more" in en and "ほか15枚" in ja, (en, ja)
    assert sum(f"junk{i}.jpg" in en for i in range(1, 26)) == 10 and len(en) < 600, en
    assert sum(f"junk{i}.jpg" in ja for i in range(1, 26)) == 10 and "more" not in ja, ja
    assert len(unnamed[0].data["photos"]) == 25  # the report's data keeps every name


def test_a_few_photos_that_say_no_seat_are_all_named(tmp_path):
    from tilelens.event.layout import read_table_folder

    folder = tmp_path / "t1"
    folder.mkdir()
    for name in ("親.jpg", "子1.jpg", "子2.jpg"):
        (folder / name).touch()
    en = next(p.message for p in read_table_folder(folder, 4).problems if "do not say" in p.message)
    assert all(name in en for name in ("親.jpg", "子1.jpg", "子2.jpg")) and " more" not in en, en


# ---- 3. the next: line of label init quotes its folder ----------------------------------------------------------

def test_label_init_next_line_quotes_a_folder_with_spaces(tmp_path, monkeypatch, capsys):
    from tilelens.labelling import prelabel

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: OneTileReader("1m"))
    root = tmp_path / "my home" / "麻雀 クラブ"
    root.mkdir(parents=True)
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "a.jpg")
    code, out, _ = run(capsys, "label", "init", root, "--game", GAME)
    nxt = next(line for line in out.splitlines() if line.startswith("next:"))
    assert code == 0 and f"`tilelens label teach '{root}' --name NAME --base" in nxt, nxt


# ---- 4. TILELENS_HOME a file: the check's key said as the ledger says it --------------------------------------------

def test_a_home_that_is_a_file_is_said_so_by_the_event_check(tmp_path, monkeypatch):
    from tilelens.event import trust

    home = tmp_path / "homefile"
    home.write_text("x\n")
    monkeypatch.setenv("TILELENS_HOME", str(home))
    monkeypatch.setattr(trust, "_KEYS", {})
    monkeypatch.setattr(trust, "_UNKEPT", {})
    assert trust.report_key() is not None  # this process's own: the check goes on
    en, ja = trust.key_problem()
    assert f"TILELENS_HOME names a file, not a folder: {home}" in en and "File exists" not in en, en
    assert f"TILELENS_HOME がフォルダではなくファイル {home} を指しています" in ja and "File exists" not in ja, ja
    assert home.read_text() == "x\n"


# ---- 5. a tile set folder without its tileset.json; one with a BOM ----------------------------------------------------

def test_a_tile_set_folder_without_its_json_is_said_so(tmp_path, monkeypatch):
    from vision.recognizer import RecognizerError, tileset_folder

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    models = tmp_path / "models"
    (models / "tilesets" / "nojson").mkdir(parents=True)
    (models / "tilesets" / "nojson" / "classifier.onnx").write_bytes(b"x")
    with pytest.raises(RecognizerError) as said:
        tileset_folder("nojson", models)
    en, ja = str(said.value), said.value.message_ja
    assert "unknown tile set" not in en and "tileset.json" in en and "missing" in en, en
    assert str(models / "tilesets" / "nojson") in en
    assert "tileset.json" in ja and "登録されていません" not in ja, ja


def test_a_tileset_json_with_a_bom_is_read(tmp_path):
    from vision.recognizer import read_tileset_meta

    shipped = ROOT / "models" / "tilesets" / "hk-mahjong" / "tileset.json"
    folder = tmp_path / "bom"
    folder.mkdir()
    (folder / "tileset.json").write_bytes(b"\xef\xbb\xbf" + shipped.read_bytes())
    assert read_tileset_meta(folder) == json.loads(shipped.read_text(encoding="utf-8"))


def test_prelabel_reads_the_origin_of_a_set_whose_json_has_a_bom(tmp_path, monkeypatch):
    from tilelens.labelling.prelabel import TilesetOrigin, tileset_origin

    home = tmp_path / "home"
    monkeypatch.setenv("TILELENS_HOME", str(home))
    monkeypatch.delenv("TILELENS_MODELS", raising=False)
    (home / "tilesets" / "bom").mkdir(parents=True)
    text = json.dumps({"game": GAME, "classifier": "classifier.onnx", "absent": ["0m"]})
    (home / "tilesets" / "bom" / "tileset.json").write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert tileset_origin("bom") == TilesetOrigin(GAME, {}, ("0m",))
