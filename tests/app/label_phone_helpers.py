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
