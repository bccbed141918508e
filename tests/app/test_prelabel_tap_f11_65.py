"""Session 65 (F11): a tap while the Label page pre-labels does not cut the pre-labelling short.

The page's progress bar draws after each photo, and each drawing is where Streamlit stops a run for a tap (a
``RerunException``, a ``StopException`` as the tab closes): a tap during a 53 s pre-labelling stopped it part way,
and "Pre-label again" (all or nothing) was rolled back whole. The bar now stops drawing, lets the work finish and
raises the tap's exception after it (so the tap still takes effect). And a photo labelled by hand while the page
pre-labelled the photos left keeps its boxes, said in a note."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image
from streamlit.runtime.scriptrunner_utils.exceptions import RerunException, StopException
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

import label_phone_helpers as label_phone
from app_helpers import texts
from label_phone_helpers import from_address

network = label_phone.network
GAME = "tokyo-mahjong"


class _Reader:
    """One tile of ``kind`` in the middle of every photo; ``first(n)`` done as the n-th photo is read."""

    def __init__(self, kind: str = "1m", first=None):
        self.kind, self.first, self.n = kind, first, 0

    def read(self, image, source=None):
        self.n += 1
        if self.first is not None:
            self.first(self.n)
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind=self.kind,
                                                      is_back=False)], other_game=False)


def _photos(root: Path, n: int = 3) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        Image.new("RGB", (160, 120), (20 * i, 120, 90)).save(root / f"p{i}.jpg")
    return root


class _Tapped:
    """A progress element whose drawing after photo ``at`` raises ``exc`` (Streamlit's answer to a tap), as
    ``st.progress`` does at its next drawing once a rerun is asked for; ``drawn``: what was drawn."""

    def __init__(self, exc: BaseException, at: int = 2):
        self.exc, self.at, self.drawn, self.emptied = exc, at, [], False

    def progress(self, value, text=None):
        if len(self.drawn) == self.at:
            self.drawn.append("raised")
            raise self.exc
        self.drawn.append(value)

    def empty(self):
        self.emptied = True


@pytest.mark.parametrize("exc", [RerunException(RerunData()), StopException()], ids=["rerun", "stop"])
def test_a_tap_during_pre_labelling_lets_every_photo_be_pre_labelled_then_takes_effect(home, tmp_path, exc):
    from app.components.label_datasets import _prelabel_bar
    from tilelens.labelling.prelabel import prelabel_folder

    root = _photos(tmp_path / "club", 4)
    tapped = _Tapped(exc)
    with pytest.raises(type(exc)) as raised:
        with _prelabel_bar() as bar:
            bar.bar = tapped
            prelabel_folder(root, GAME, reader=_Reader(), progress=False, on_photo=bar)
    assert raised.value is exc  # the tap's own (its widget states): re-raised once the work is done
    assert sorted(p.name for p in (root / "labels/train").iterdir()) == [f"p{i}.txt" for i in range(4)]
    assert tapped.drawn == [0.0, 0.25, "raised"]  # no drawing after it (each would be a place to stop again)


def test_a_tap_during_pre_label_again_does_not_roll_it_back(home, tmp_path):
    from app.components.label_datasets import _prelabel_bar
    from tilelens.labelling.prelabel import prelabel_folder
    from tilelens.labelling.relabel import prelabel_again

    root = _photos(tmp_path / "club", 3)
    prelabel_folder(root, GAME, reader=_Reader("1m"), progress=False)
    before = {p.name: p.read_text() for p in (root / "labels/train").iterdir()}
    with pytest.raises(RerunException):
        with _prelabel_bar() as bar:
            bar.bar = _Tapped(RerunException(RerunData()), at=1)
            prelabel_again(root, GAME, reader=_Reader("2m"), on_photo=bar)
    after = {p.name: p.read_text() for p in (root / "labels/train").iterdir()}
    assert after.keys() == before.keys() and all(after[k] != before[k] for k in after), (before, after)
    assert not [p for p in root.iterdir() if p.name.startswith(".prelabel-again-")]


def test_an_error_of_the_work_itself_is_raised_not_the_tap(home, tmp_path):
    from app.components.label_datasets import _prelabel_bar

    with pytest.raises(OSError):
        with _prelabel_bar() as bar:
            bar.bar = _Tapped(RerunException(RerunData()), at=0)
            bar(0, 2)
            raise OSError("disk full")


def test_a_tap_on_the_page_while_the_photos_left_are_pre_labelled(network, monkeypatch):
    """On the page itself: a tap (a rerun asked for) as the first of the photos left is read."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    from app.components import resources
    from app.settings import datasets_dir
    from tilelens.labelling.prelabel import prelabel_folder

    root = _photos(datasets_dir() / "club", 4)
    prelabel_folder(root, GAME, reader=_Reader(), progress=False)
    for i in (1, 2, 3):
        (root / f"labels/train/p{i}.txt").unlink()

    def tap(n):
        if n == 1:
            get_script_run_ctx().script_requests.request_rerun(RerunData())

    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("3m", tap))
    at = from_address("en", dataset="club")
    at.button(key="label_prelabel_left").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert all((root / f"labels/train/p{i}.txt").is_file() for i in (1, 2, 3))


@pytest.mark.parametrize("lang, words", [("en", "labelled meanwhile"), ("ja", "下書きの間に")])
def test_a_photo_labelled_by_hand_meanwhile_keeps_its_boxes_and_is_said(network, monkeypatch, lang, words):
    from app.components import resources
    from app.settings import datasets_dir
    from tilelens.labelling.prelabel import prelabel_folder

    root = _photos(datasets_dir() / "club", 4)
    prelabel_folder(root, GAME, reader=_Reader(), progress=False)
    for i in (2, 3):
        (root / f"labels/train/p{i}.txt").unlink()
    hand = "0 0.500000 0.500000 0.100000 0.100000\n"

    def other_tab(n):  # the person saves p3's boxes in another tab as p2 is read
        if n == 1:
            (root / "labels/train/p3.txt").write_text(hand)

    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("3m", other_tab))
    at = from_address(lang, dataset="club")
    at.button(key="label_prelabel_left").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert (root / "labels/train/p3.txt").read_text() == hand
    assert (root / "labels/train/p2.txt").is_file()
    assert words in texts(at), texts(at)
