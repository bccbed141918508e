"""Session 56 (f30): the Label page's review leftovers in the labelling core, and `label kinds --absent`.

"Pre-label again" deleted the label files of every photo not accepted before pre-labelling, and put back only the
data.yaml when pre-labelling failed (a full disk): the boxes were gone. ``relabel.prelabel_again`` keeps them aside and
puts them back on any error. A photo removed before the dataset took another tile list came back numbered by the
new list (``relabel.renumbered`` says which kinds the new list lacks). ``tilelens label kinds --absent`` refused any
kind a box had, even on photos nobody had checked: it now changes those boxes as the Label page does
(``kinds.mark_absent``), says what it changed, and is refused only by an accepted photo, before anything is written."""
from __future__ import annotations

import errno
from pathlib import Path

import pytest
import yaml
from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.labelling import Box, Dataset, LabelledImage, set_done, write_yolo
from tilelens.labelling.yolo import read_data_yaml

from label_helpers import OneTileReader as _Reader

PHOTOS = ("images/train/a.jpg", "images/train/b.jpg", "images/train/c.jpg")


def _dataset(root: Path, boxes: dict[str, tuple[str, ...]] | None = None) -> Path:
    """A tokyo-mahjong dataset at ``root``: each photo with a box of each kind given, side by side."""
    boxes = boxes if boxes is not None else {PHOTOS[0]: ("1m", "5p"), PHOTOS[1]: ("0m",), PHOTOS[2]: ("5m", "1m")}
    images = []
    for rel, kinds in boxes.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (200, 100), (90, 140, 90)).save(root / rel)
        images.append(LabelledImage(rel, (200, 100), tuple(
            Box(kind, (0.1 * i, 0.2, 0.1 * i + 0.08, 0.8)) for i, kind in enumerate(kinds))))
    from tilelens.labelling.prelabel import class_names

    write_yolo(Dataset(class_names("tokyo-mahjong"), tuple(images), "tokyo-mahjong"), root)
    return root


def _labels(root: Path) -> dict[str, str | None]:
    out = {}
    for photo in PHOTOS:
        label = root / "labels/train" / (Path(photo).stem + ".txt")
        out[photo] = label.read_text() if label.is_file() else None
    return out


def _kinds(root: Path, photo: str) -> list[str]:
    from tilelens.labelling import editing

    return [b.kind for b in editing.load_boxes(root, photo, read_data_yaml(root).names)[0]]


def _other_list(root: Path):
    """The data.yaml of the dataset as another game's (Yokai Watch's tile list)."""
    from dataclasses import replace

    from tilelens.labelling.prelabel import class_names

    return replace(read_data_yaml(root), names=class_names("yokai-watch"), game="yokai-watch")


def _breaking(monkeypatch, after: int = 1):
    """``prelabel_folder`` that writes a label for ``after`` photos, then fails with a full disk."""
    from tilelens.labelling import prelabel

    def broken(root, *args, **kwargs):
        for photo in PHOTOS[:after]:
            label = Path(root) / "labels/train" / (Path(photo).stem + ".txt")
            label.parent.mkdir(parents=True, exist_ok=True)
            label.write_text("0 0.5 0.5 0.1 0.1\n")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(prelabel, "prelabel_folder", broken)


def _leftovers(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.name.startswith(".") and p.name != ".tilelens")


# ---- 2. a failed "Pre-label again" keeps every box ------------------------------------------------------------------
@pytest.mark.parametrize("other", [False, True], ids=["same list", "another game's list"])
def test_a_failed_pre_label_again_puts_every_label_file_and_the_data_yaml_back(tmp_path, monkeypatch, other):
    from tilelens.labelling.relabel import prelabel_again

    root = _dataset(tmp_path / "ds")
    if not other:
        set_done(root, PHOTOS[2])  # accepted: never touched
    labels, data = _labels(root), (root / "data.yaml").read_text()
    (root / "labels/train/b.txt").unlink()  # a photo with no label file yet: none after the failure either
    labels[PHOTOS[1]] = None
    _breaking(monkeypatch, after=2)
    with pytest.raises(OSError) as caught:
        prelabel_again(root, "yokai-watch" if other else "tokyo-mahjong", reader=_Reader("1m"),
                       new_list=_other_list(root) if other else None)
    assert caught.value.errno == errno.ENOSPC
    assert _labels(root) == labels
    assert (root / "data.yaml").read_text() == data
    assert _leftovers(root) == []  # the files kept aside: put back, their folder gone


def test_pre_label_again_with_another_list_replaces_the_boxes_of_every_photo(tmp_path):
    from tilelens.labelling.relabel import prelabel_again

    root = _dataset(tmp_path / "ds")
    summary = prelabel_again(root, "yokai-watch", reader=_Reader("yokai-01"), new_list=_other_list(root))
    assert summary.labelled == 3
    assert read_data_yaml(root).game == "yokai-watch"
    assert [_kinds(root, p) for p in PHOTOS] == [["yokai-01"]] * 3
    assert _leftovers(root) == []


def test_pre_label_again_with_the_same_list_keeps_the_accepted_photo_and_an_unreadable_ones_boxes(tmp_path):
    from tilelens.labelling.relabel import prelabel_again

    root = _dataset(tmp_path / "ds")
    set_done(root, PHOTOS[0])
    (root / PHOTOS[1]).write_bytes(b"not a photo")  # cannot be read: its boxes stay as they were
    before = _labels(root)
    summary = prelabel_again(root, "tokyo-mahjong", reader=_Reader("5p"))
    assert [s.photo for s in summary.unreadable] == [PHOTOS[1]]
    assert _labels(root)[PHOTOS[0]] == before[PHOTOS[0]] and _labels(root)[PHOTOS[1]] == before[PHOTOS[1]]
    assert _kinds(root, PHOTOS[2]) == ["5p"]
    assert _leftovers(root) == []


def test_pre_label_again_with_another_list_is_refused_while_a_photo_is_accepted(tmp_path):
    from tilelens.labelling import LabelFileError
    from tilelens.labelling.relabel import prelabel_again

    root = _dataset(tmp_path / "ds")
    set_done(root, PHOTOS[0])
    before, data = _labels(root), (root / "data.yaml").read_text()
    with pytest.raises(LabelFileError) as caught:
        prelabel_again(root, "yokai-watch", reader=_Reader("yokai-01"), new_list=_other_list(root))
    assert "accepted" in str(caught.value) and caught.value.message_ja
    assert _labels(root) == before and (root / "data.yaml").read_text() == data


# ---- 1. a removed photo's label file, renumbered for the dataset's list now -----------------------------------------
def test_a_label_file_is_renumbered_by_name_or_says_the_kinds_the_new_list_lacks():
    from tilelens.labelling.relabel import renumbered

    text = "0 0.5 0.5 0.1 0.1\n2 0.2 0.2 0.1 0.1\n"
    assert renumbered(text, ("1m", "5m", "0m"), ("0m", "1m")) == ("1 0.5 0.5 0.1 0.1\n0 0.2 0.2 0.1 0.1\n", ())
    assert renumbered(text, ("1m", "5m", "0m"), ("1m", "5m", "0m", "f1")) == (text, ())
    assert renumbered(text, ("1m", "5m", "0m"), ("yokai-01", "1m")) == (text, ("0m",))
    assert renumbered("", ("1m",), ("yokai-01",)) == ("", ())  # a photo with no tiles


# ---- 4. `label kinds --absent` of a kind on photos not accepted ----------------------------------------------------
def test_kinds_absent_changes_the_boxes_of_photos_not_accepted_and_says_so(tmp_path, capsys):
    root = _dataset(tmp_path / "ds")
    assert tilelens(["label", "kinds", str(root), "--absent", "0m"]) == 0
    out = capsys.readouterr().out
    assert _kinds(root, PHOTOS[1]) == ["5m"]  # the red five: its plain five
    assert read_data_yaml(root).absent == ("0m",)
    assert "boxes changed on 1 photo not accepted (images/train/b.jpg): 1 0m made 5m" in out, out


def test_kinds_absent_says_what_it_changed_in_japanese(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    root = _dataset(tmp_path / "ds")
    assert tilelens(["label", "kinds", str(root), "--absent", "0m", "5p"]) == 0
    out = capsys.readouterr().out
    assert _kinds(root, PHOTOS[0]) == ["1m"]  # 5p: no plain kind, removed
    assert "OK にしていない写真 2枚の枠を直しました (images/train/a.jpg、images/train/b.jpg): 0m 1個を5mに、5p 1個を削除" in out, out


def test_kinds_absent_of_a_kind_an_accepted_photo_has_writes_nothing_not_even_the_add(tmp_path, capsys):
    root = _dataset(tmp_path / "ds")
    set_done(root, PHOTOS[1])
    before, data = _labels(root), (root / "data.yaml").read_text()
    assert tilelens(["label", "kinds", str(root), "--add", "f1", "--absent", "0m"]) == 2
    err = capsys.readouterr().err
    assert "0m" in err and "images/train/b.jpg" in err and "accepted" in err, err
    assert f"`tilelens label accept {root} images/train/b.jpg --undo`" in err, err  # the way to mark it as to do
    assert _labels(root) == before and (root / "data.yaml").read_text() == data


def test_kinds_absent_of_a_kind_added_at_once_is_said_absent(tmp_path, capsys):
    root = _dataset(tmp_path / "ds")
    assert tilelens(["label", "kinds", str(root), "--add", "f1", "--absent", "f1"]) == 0
    config = read_data_yaml(root)
    assert "f1" in config.names and config.absent == ("f1",)
    assert yaml.safe_load((root / "data.yaml").read_text())["own_kinds"] == {"f1": "f1"}


def test_the_relabel_docstring_examples_run():
    import doctest

    from tilelens.labelling import relabel

    result = doctest.testmod(relabel, verbose=False)
    assert result.failed == 0 and result.attempted > 0
