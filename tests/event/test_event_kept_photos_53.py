"""Session 53: the photos of a table checked on the app's Event check page are kept in its report folder, laid out
as ``tilelens check`` reads a table's folder (``layout.keep_photos``): that folder, its report's ``thumbs`` and
``crops`` beside them, is checked again on its own as one table, and a table checked again keeps its new photos
alone."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader  # noqa: E402
from tilelens.event import CheckOptions, check_event, read_table_folder, scan_event  # noqa: E402
from tilelens.event.layout import keep_photos, table_from_uploads  # noqa: E402
from tilelens.event.runner import check_uploaded_table  # noqa: E402
from scorer import load_game  # noqa: E402


def _photos(tmp_path: Path, reader: ExactReader) -> dict[str, tuple[str, bytes]]:
    photos = {}
    for seat, kinds in CLEAN.items():
        reader.draw(tmp_path / f"IMG_{seat}.png", kinds)
        photos[seat] = (f"IMG_{seat}.PNG", (tmp_path / f"IMG_{seat}.png").read_bytes())
    return photos


def test_a_table_checked_on_the_page_is_checked_again_from_its_own_folder(tmp_path):
    reader = ExactReader()
    photos = _photos(tmp_path, reader)
    out = tmp_path / "page"
    table = table_from_uploads("table-01", 4, "1", {s: [p] for s, p in photos.items()})
    check_uploaded_table(table, load_game("nogizaka"), reader, out, photos=photos)
    folder = out / "table-01"
    assert (folder / "thumbs").is_dir()  # the report's own pictures, named seat1.jpg ... too
    assert sorted(p.name for p in folder.glob("seat*")) == ["seat1-dealer.png", "seat2.png", "seat3.png", "seat4.png"]
    assert scan_event(folder).tables == (folder,)  # one table, its thumbs/ no table of its own
    again = read_table_folder(folder)
    assert again.dealer == "1" and sorted(again.seats) == ["1", "2", "3", "4"] and not again.problems
    result = check_event(folder, tmp_path / "again", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                         progress=False)
    assert [t["verdict"] for t in result.event["tables"]] == ["ok"], result.event["tables"]


def test_a_table_kept_again_keeps_only_its_new_photos(tmp_path):
    folder = tmp_path / "table-01"
    keep_photos(folder, 4, "1", {"1": ("a.jpg", b"1"), "2": ("b.png", b"2"), "wall": ("w.jpeg", b"w")})
    keep_photos(folder, 3, "2", {"1": ("a.heic", b"1"), "2": ("b.png", b"2")})
    assert sorted(p.name for p in folder.iterdir()) == ["seat1.heic", "seat2-dealer.png", "table.toml"]
    assert "players = 3" in (folder / "table.toml").read_text(encoding="utf-8")
