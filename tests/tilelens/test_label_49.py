"""``label init`` on photos of another game than the one named: the photos whose tiles do not look like the game's
(``vision.HandReading.other_game``, as the photo page warns) are named in its summary and said on the command line,
in both languages; and the home folder itself is never made a dataset (its photos filed away)."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.labelling import prelabel
from tilelens.labelling.model import LabelFileError

from label_helpers import FixedReader


class OtherGameReader(FixedReader):
    """``FixedReader``'s tiles; a photo 210 pixels wide (``_photos``' yokai.jpg) reads as another game's tiles."""

    def read(self, image, source=None):
        reading = super().read(image)
        return SimpleNamespace(tiles=reading.tiles, other_game=image.shape[1] == 210)


def _photos(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (200, 100), (10, 120, 60)).save(root / "tokyo.jpg")
    Image.new("RGB", (210, 100), (10, 120, 60)).save(root / "yokai.jpg")  # 210 wide: read as another game's
    return root


def test_prelabel_names_the_photos_whose_tiles_look_of_another_game(tmp_path):
    summary = prelabel.prelabel_folder(_photos(tmp_path / "a"), "tokyo-mahjong", reader=OtherGameReader(),
                                       progress=False)  # "b" beside it, not inside this dataset
    assert summary.labelled == 2
    assert summary.other_game == ("images/train/yokai.jpg",)
    # a reader that says nothing of it (an enrolled tile set's, an older one): none named
    again = prelabel.prelabel_folder(_photos(tmp_path / "b"), "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert again.other_game == ()


@pytest.fixture
def other_game_reader(monkeypatch):
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: OtherGameReader())


def test_label_init_warns_of_photos_of_another_game(tmp_path, other_game_reader, cli_env, capsys):
    cli_env()
    assert tilelens(["label", "init", str(_photos(tmp_path)), "--game", "tokyo-mahjong"]) == 0
    err = capsys.readouterr().err
    warning = next(line for line in err.splitlines() if "look like" in line)
    assert "images/train/yokai.jpg" in warning and "tokyo.jpg" not in warning
    assert "tokyo-mahjong" in warning and "--game" in warning


def test_label_init_warns_of_photos_of_another_game_in_japanese(tmp_path, other_game_reader, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    assert tilelens(["label", "init", str(_photos(tmp_path)), "--game", "tokyo-mahjong"]) == 0
    err = capsys.readouterr().err
    warning = next(line for line in err.splitlines() if "見えません" in line)
    assert "images/train/yokai.jpg" in warning and "tokyo-mahjong" in warning
    assert "look like" not in err


def test_the_home_folder_itself_is_never_prelabelled(tmp_path, monkeypatch):
    home = _photos(tmp_path / "me")
    monkeypatch.setenv("HOME", str(home))
    for folder in (home, Path("~").expanduser(), home.parent):  # the home folder, or one holding it
        with pytest.raises(LabelFileError) as refused:
            prelabel.prelabel_folder(folder, "tokyo-mahjong", reader=FixedReader(), progress=False)
        assert "home folder" in str(refused.value) and "ホームフォルダ" in refused.value.message_ja
    assert sorted(p.name for p in home.iterdir()) == ["tokyo.jpg", "yokai.jpg"]  # nothing filed, no data.yaml
    assert prelabel.home_or_above(home / "tiles") is False
