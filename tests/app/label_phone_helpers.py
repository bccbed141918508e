"""What the session-55 Label page tests from a phone share (test_label_phone_paths_55.py,
test_label_phone_names_55.py): the page as a phone (``network``) or the laptop (``laptop``) sees it, fixtures to
take into a test module by name (``network = label_phone.network``); a dataset in the datasets folder; everything a
person reads; the page opened from an address."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from app_helpers import MAIN, label_dataset, texts

PHOTOS = ["images/train/a.jpg", "images/train/b.jpg"]


@pytest.fixture
def network(home, monkeypatch):
    """The page as a phone on the club's Wi-Fi sees it."""
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    monkeypatch.delenv("TILELENS_SHARED_FOLDERS", raising=False)
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    return home


@pytest.fixture
def laptop(home, monkeypatch):
    """The page as the computer running the app sees it."""
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    monkeypatch.delenv("TILELENS_SHARED_FOLDERS", raising=False)
    monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    return home


def dataset(name: str = "club-photos") -> Path:
    """A dataset of ``PHOTOS`` called ``name`` in the datasets folder."""
    from app.settings import datasets_dir

    return label_dataset(datasets_dir() / name, PHOTOS)


def seen(at) -> str:
    """Everything a person reads on the page, the folder box and the address too."""
    boxes = [f"{w.value} {w.help or ''}" for w in at.text_input]
    return "\n".join([texts(at), *boxes, *(str(v) for v in at.query_params.values())])


def from_address(lang: str = "en", **address) -> AppTest:
    """The Label page opened from an address of ``address`` (``dataset=``, ``photo=``), in ``lang``."""
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params.update(address)
    at.run()
    at.session_state["lang"] = lang
    at.switch_page("views/label.py").run()
    return at


class OneTileReader:
    """A reader that finds one tile, 1m, in the middle of every photo (a stand-in for a model)."""

    def read(self, image, source=None):
        from types import SimpleNamespace

        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind="1m",
                                                      is_back=False)], other_game=False)


def cut_off_dataset(n: int = 4, left: int = 2) -> None:
    """A dataset "club" of ``n`` photos whose pre-labelling stopped with ``left`` of them not read (no label file)."""
    from PIL import Image

    from app.settings import datasets_dir
    from tilelens.labelling.prelabel import prelabel_folder

    root = datasets_dir() / "club"
    root.mkdir(parents=True)
    for i in range(n):
        Image.new("RGB", (160, 120), (20 * i, 120, 90)).save(root / f"p{i}.jpg")
    prelabel_folder(root, "tokyo-mahjong", reader=OneTileReader(), progress=False)
    for i in range(n - left, n):
        (root / f"labels/train/p{i}.txt").unlink()
