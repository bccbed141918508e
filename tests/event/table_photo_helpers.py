"""What the wind-named photo tests share (test_english_winds_help_f17_63.py, test_riichi_event_names_f10_63.py): a
table's folder of small photos named as the test says."""
from __future__ import annotations

from pathlib import Path

from PIL import Image


def table_folder(tmp_path: Path, names: tuple[str, ...]) -> Path:
    """``tmp_path/table-03`` holding a small photo of each of ``names``, each of its own colour."""
    folder = tmp_path / "table-03"
    folder.mkdir()
    for i, name in enumerate(names):
        Image.new("RGB", (40, 40), (60 * i, 30, 0)).save(folder / name)
    return folder
