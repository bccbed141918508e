"""Session 65 (F11): pre-labelling never writes over boxes a person saved while it ran.

"Pre-label the N photos left" (and ``label init`` again, Add photos) listed the photos with no label file once, then
wrote each proposal without looking again: the boxes a person saved meanwhile for one of them (another tab, or
`tilelens label`) were replaced by the proposal. Each photo is looked at again just before its proposal is written
(under the dataset's lock): one labelled, or accepted, meanwhile keeps what the person gave it, and is counted as
kept."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from label_helpers import OneTileReader, run

GAME = "tokyo-mahjong"
HAND = "0 0.500000 0.500000 0.100000 0.100000\n"  # the person's own box


def _photos(root: Path, names=("a", "b", "c")) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for k, name in enumerate(names):
        Image.new("RGB", (200, 100), (10, 60 + 40 * k, 60)).save(root / f"{name}.jpg")
    return root


class _OtherTab(OneTileReader):
    """Reads one tile of each photo; while the first photo is read, ``act(root)`` is done "in another tab"."""

    def __init__(self, root: Path, act, kind: str = "1m"):
        super().__init__(kind)
        self.root, self.act, self.n = root, act, 0

    def read(self, image, source=None):
        self.n += 1
        if self.n == 1:
            self.act(self.root)
        return super().read(image, source)


def _hand_saves_b(root: Path) -> None:
    label = root / "labels/train/b.txt"
    label.parent.mkdir(parents=True, exist_ok=True)
    label.write_text(HAND)


def test_boxes_saved_by_hand_while_the_photos_left_are_pre_labelled_are_kept(tmp_path):
    from tilelens.labelling.prelabel import prelabel_folder

    root = _photos(tmp_path / "club")
    summary = prelabel_folder(root, GAME, reader=_OtherTab(root, _hand_saves_b), progress=False)
    assert (root / "labels/train/b.txt").read_text() == HAND  # the hand fix, not the proposal
    assert summary.labelled == 2 and summary.kept == 1, summary
    assert summary.meanwhile == ("images/train/b.jpg",), summary.meanwhile
    assert summary.photos == summary.labelled + summary.kept + len(summary.unreadable)


def test_a_photo_kept_meanwhile_is_not_recorded_as_a_proposal(tmp_path):
    from tilelens.labelling.prelabel import prelabel_folder, prelabelled_record

    root = _photos(tmp_path / "club")
    prelabel_folder(root, GAME, reader=_OtherTab(root, _hand_saves_b), progress=False)
    record = prelabelled_record(root)
    assert "images/train/b.jpg" not in record and "images/train/a.jpg" in record, sorted(record)


def test_a_photo_accepted_while_it_is_pre_labelled_again_keeps_its_boxes(tmp_path):
    from tilelens.labelling.prelabel import prelabel_folder
    from tilelens.labelling.store import set_done

    root = _photos(tmp_path / "club")
    prelabel_folder(root, GAME, reader=OneTileReader("1m"), progress=False)

    def accept_b(root):
        (root / "labels/train/b.txt").write_text(HAND)
        set_done(root, "images/train/b.jpg")

    summary = prelabel_folder(root, GAME, reader=_OtherTab(root, accept_b, "2m"), progress=False, overwrite=True)
    assert (root / "labels/train/b.txt").read_text() == HAND
    assert summary.labelled == 2 and summary.kept == 1 and summary.meanwhile == ("images/train/b.jpg",), summary


def test_pre_label_again_keeps_a_photo_accepted_meanwhile(tmp_path):
    from tilelens.labelling.prelabel import prelabel_folder
    from tilelens.labelling.relabel import prelabel_again
    from tilelens.labelling.store import set_done

    root = _photos(tmp_path / "club")
    prelabel_folder(root, GAME, reader=OneTileReader("1m"), progress=False)

    def accept_b(root):  # the page's Save then OK: its label file written where the old one was moved aside
        (root / "labels/train/b.txt").write_text(HAND)
        set_done(root, "images/train/b.jpg")

    summary = prelabel_again(root, GAME, reader=_OtherTab(root, accept_b, "2m"))
    assert (root / "labels/train/b.txt").read_text() == HAND
    assert (root / "labels/train/a.txt").read_text() != HAND and summary.labelled == 2, summary
    assert not [p for p in root.iterdir() if p.name.startswith(".prelabel-again-")]


def test_label_init_counts_a_photo_labelled_meanwhile_as_kept(tmp_path, monkeypatch, capsys):
    from tilelens.labelling import prelabel

    root = _photos(tmp_path / "club")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: _OtherTab(root, _hand_saves_b))
    code, out, err = run(capsys, "label", "init", root, "--game", GAME)
    assert code == 0 and out.startswith("3 photos: 2 pre-labelled (2 tiles), 1 kept their labels"), out
    assert (root / "labels/train/b.txt").read_text() == HAND
