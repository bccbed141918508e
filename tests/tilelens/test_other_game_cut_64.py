"""``label init`` on many photos of another game names five of them on its warning line and says there are more, as
its other lists do (``_listed``): 37 of 60 phone photos named on one line made it hundreds of columns long."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from PIL import Image

from label_helpers import FixedReader
from tilelens.cli import main as tilelens
from tilelens.labelling import prelabel


class AllOtherGame(FixedReader):
    def read(self, image, source=None):
        return SimpleNamespace(tiles=super().read(image).tiles, other_game=True)


def _photos(root: Path, n: int) -> Path:
    root.mkdir(parents=True)
    for i in range(n):
        Image.new("RGB", (200 + i, 100), (10, 120, 60)).save(root / f"p{i:02d}.jpg")
    return root


def test_the_warning_names_five_photos_and_says_there_are_more(tmp_path, monkeypatch, cli_env, capsys):
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: AllOtherGame())
    for lang, marker, more in (("en", "look like", ", ..."), ("ja", "見えません", "、…")):
        cli_env(TILELENS_LANG=lang)
        assert tilelens(["label", "init", str(_photos(tmp_path / lang, 7)), "--game", "tokyo-mahjong"]) == 0
        warning = next(line for line in capsys.readouterr().err.splitlines() if marker in line)
        named = [f"p{i:02d}.jpg" for i in range(7) if f"p{i:02d}.jpg" in warning]
        assert len(named) == 5 and more in warning, warning
