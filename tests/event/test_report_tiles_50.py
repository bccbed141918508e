"""Session 50: each seat of a table's report says the tiles read there, in order, by the names ``tilelens read``
prints (a tile misread with high confidence, 8m read as 9m at 0.88, no longer passes unseen), and its thumbnail
numbers the tiles so that picture and list are compared at a glance; a stored report of an older page is written
again from the readings it keeps, no photo read again. ``event.json`` and a nameless table's ``report.json`` saved
with a byte-order mark (Windows Notepad's "UTF-8 with BOM") are read."""
from __future__ import annotations

import codecs
import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from tilelens.event import CheckOptions, EventInputError, check_event  # noqa: E402
from tilelens.event import images as im  # noqa: E402
from tilelens.event.model import SeatReading, TableReport, TileRef  # noqa: E402
from tilelens.event.report import write_table_report  # noqa: E402
from tilelens.event.trust import sealed  # noqa: E402

RIICHI = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "9m", "1p", "2p", "3p", "4p", "5p"]  # 8m read as 9m


def _riichi_report() -> tuple[TableReport, dict[str, np.ndarray]]:
    """One seat of Tokyo Mahjong whose 8th tile (an 8m) was read as 9m at 0.88: above any threshold, no finding."""
    tiles = tuple(TileRef("1", i, k, (10.0 + 30 * i, 40.0, 35.0 + 30 * i, 80.0), 0.88 if i == 7 else 0.99)
                  for i, k in enumerate(RIICHI))
    seat = SeatReading("1", "seat1.jpg", tiles, (420, 120))
    return TableReport("t1", "tokyo-mahjong", (), (seat,), dealer="1"), {"1": np.full((120, 420, 3), 90, np.uint8)}


def _seat_text(html: str, seat: str) -> str:
    """The visible text of a seat's figure on a table's page."""
    figure = re.search(rf'<figure data-seat="{seat}">(.*?)</figure>', html, re.S)
    assert figure, html[-2000:]
    return re.sub(r"<[^>]+>", " ", re.sub(r"<img[^>]*>|</?span[^>]*>", "", figure.group(1)))


def test_a_seat_of_the_table_page_lists_its_tiles_read_in_order_by_their_names(tmp_path):
    report, photos = _riichi_report()
    write_table_report(tmp_path / "t1", report, photos)
    text = " ".join(_seat_text((tmp_path / "t1" / "index.html").read_text(encoding="utf-8"), "1").split())
    # numbered as the thumbnail numbers them, named as the crops' alt texts name them
    assert "1. 1 Man, 2. 2 Man, 3. 3 Man, 4. 4 Man, 5. 5 Man, 6. 6 Man, 7. 7 Man, 8. 9 Man, 9. 1 Pin" in text, text
    # Japanese: the game's name (session 53: without the id, which the page keeps for a machine in data-read)
    assert "7. 七萬、8. 九萬、9. 一筒" in text, text


def test_a_seat_of_face_down_tiles_is_listed_as_backs_in_both_languages(tmp_path):
    tiles = tuple(TileRef("wall", i, "", (10.0 + 30 * i, 10.0, 35.0 + 30 * i, 50.0), 0.99, is_back=True)
                  for i in range(2))
    report = TableReport("t1", "nogizaka", (), (SeatReading("wall", "wall.png", tiles, (80, 60)),))
    write_table_report(tmp_path / "t1", report, {"wall": np.full((60, 80, 3), 90, np.uint8)})
    text = " ".join(_seat_text((tmp_path / "t1" / "index.html").read_text(encoding="utf-8"), "wall").split())
    assert "1. back, 2. back" in text and "1. 裏向き、2. 裏向き" in text, text


def test_the_thumbnail_numbers_each_tile():
    """Two tiles alike, both fine: boxes alone drew them alike; the numbers 1 and 2 tell them apart."""
    image = Image.new("RGB", (200, 120), (90, 90, 90))
    tiles = tuple(TileRef("1", i, "1m", (40.0 + 60 * i, 40.0, 90.0 + 60 * i, 100.0), 0.99) for i in range(2))
    thumb = np.asarray(im.thumbnail(image, {}, tiles)).astype(int)
    left, top = im.hand_region(image, tiles)[:2]
    scale = thumb.shape[1] / (im.hand_region(image, tiles)[2] - left)
    # the part of the picture from above each tile's box down to its middle, less the box's outline
    parts = [thumb[:int((70 - top) * scale), int((t.xyxy[0] - left) * scale) + 3:int((t.xyxy[2] - left) * scale) - 2]
             for t in tiles]
    # neither the photo (grey 90) nor a fine tile's box (grey 160): a number's pixels
    assert all(((p != 90).any(axis=2) & (p != 160).any(axis=2)).any() for p in parts), "no number drawn at a tile"
    assert parts[0].shape == parts[1].shape and not np.array_equal(parts[0], parts[1]), "tiles 1 and 2 drawn alike"


def _event(tmp_path: Path, reader: ExactReader) -> tuple[Path, Path]:
    root = tmp_path / "event"
    make_table(reader, root, "t1", CLEAN)
    return root, tmp_path / "report"


def test_a_table_checked_lists_each_seats_tiles_and_report_json_keeps_them(tmp_path):
    reader = ExactReader()
    root, out = _event(tmp_path, reader)
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    html = (out / "t1" / "index.html").read_text(encoding="utf-8")
    for seat, kinds in CLEAN.items():
        text = " ".join(_seat_text(html, seat).split())
        from scorer import load_game  # English: the game's name (session 53: without the id)

        nogizaka = load_game("nogizaka")
        assert ", ".join(f"{i}. {nogizaka.tile(k).name_en}" for i, k in enumerate(kinds, 1)) in text, text
    assert "1. みさ先輩、" in _seat_text(html, "1")
    stored = json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))
    assert [t["kind"] for t in stored["seats"][0]["tiles"]] == CLEAN["1"]


def test_a_report_stored_with_an_older_page_is_written_again_without_reading_the_photos(tmp_path):
    """The readings a report keeps (each tile's kind and box) are all the new page needs: a rerun writes the pages
    and thumbnails of a report of the page before anew, reads no photo, and calls it neither re-read nor re-judged."""
    reader = ExactReader()
    root, out = _event(tmp_path, reader)
    options = CheckOptions(game="nogizaka")
    check_event(root, out, options, factory=lambda g: reader, jobs=1, progress=False)
    calls = reader.calls
    stored = json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))
    older = {k: v for k, v in stored.items() if k != "page_format"}  # as the check before this change wrote it
    (out / "t1" / "report.json").write_text(json.dumps(sealed(older)), encoding="utf-8")  # as this computer wrote it
    (out / "t1" / "index.html").write_text("<p>an older page</p>", encoding="utf-8")
    (out / "t1" / "thumbs" / "seat1.jpg").write_bytes(b"old")
    result = check_event(root, out, options, factory=lambda g: reader, jobs=1, progress=False)
    assert reader.calls == calls  # no photo read again
    assert (result.checked, result.resumed, result.rejudged) == (0, 1, 0)
    html = (out / "t1" / "index.html").read_text(encoding="utf-8")
    assert "1. Misa-senpai, 2. Sayurin" in " ".join(_seat_text(html, "1").split())
    assert (out / "t1" / "thumbs" / "seat1.jpg").read_bytes() != b"old"
    assert json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))["fingerprint"] == stored["fingerprint"]
    # and once written anew, a rerun keeps it as it is
    check_event(root, out, options, factory=lambda g: reader, jobs=1, progress=False)
    assert reader.calls == calls


# --- 2. a byte-order mark ---------------------------------------------------------------------------------------
def _with_bom(path: Path) -> None:
    path.write_bytes(codecs.BOM_UTF8 + path.read_bytes())


def test_an_event_json_of_another_game_saved_with_a_bom_still_refuses_the_folder(tmp_path):
    reader = ExactReader()
    root, out = _event(tmp_path, reader)
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    _with_bom(out / "event.json")  # opened in Notepad and saved
    before = (out / "t1" / "report.json").read_bytes()
    with pytest.raises(EventInputError, match="holds the report of a check of nogizaka"):
        check_event(root, out, CheckOptions(game="cinderella-neo"), factory=lambda g: reader, jobs=1, progress=False)
    assert (out / "t1" / "report.json").read_bytes() == before


def test_an_event_json_of_another_event_saved_with_a_bom_still_refuses_the_folder(tmp_path):
    reader = ExactReader()
    root, out = _event(tmp_path, reader)
    options = CheckOptions(game="nogizaka")
    check_event(root, out, options, factory=lambda g: reader, jobs=1, progress=False)
    _with_bom(out / "event.json")
    other = tmp_path / "other-event"
    make_table(reader, other, "t9", CLEAN)
    with pytest.raises(EventInputError, match="holds the report of another event"):
        check_event(other, out, options, factory=lambda g: reader, jobs=1, progress=False)
    assert (out / "t1" / "report.json").is_file() and not (out / "t9").exists()


def test_a_nameless_tables_report_saved_with_a_bom_is_removed_as_one_without(tmp_path):
    """An older check run inside a table's folder wrote a report.json of no table name beside event.json; the next
    check removes it (the app's page took the folder for that one table's). One saved with a BOM stayed."""
    reader = ExactReader()
    root, out = _event(tmp_path, reader)
    out.mkdir()
    nameless = {"table": "", "game": "nogizaka", "verdict": "ok", "fingerprint": "x", "findings": [], "seats": []}
    (out / "report.json").write_bytes(codecs.BOM_UTF8 + json.dumps(nameless).encode())
    (out / "thumbs").mkdir()
    (out / "thumbs" / "seat1.jpg").write_bytes(b"old")
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    assert not (out / "report.json").exists() and not (out / "thumbs").exists()
    assert (out / "t1" / "report.json").is_file()

