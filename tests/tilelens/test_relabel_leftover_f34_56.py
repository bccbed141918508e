"""Session 56 (f34): a "Pre-label again" stopped half way (the app killed: no error handler ran) left a hidden
``.prelabel-again-*`` folder holding the old label files (and the data.yaml's second name) in the dataset, which
nothing put back or said. ``relabel.put_back_leftovers`` puts them back (the Label page when the dataset is opened,
``prelabel_again`` before it starts), leaves a run still going alone, and says what it did or what to do."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import test_labelling_review_f30_56 as f30
from tilelens.labelling import set_done
from tilelens.labelling.yolo import read_data_yaml

PHOTOS = f30.PHOTOS


class _Killed(BaseException):
    """The app killed: in a test, the run's own error handling is taken away too (``_killed``)."""


def _killed(monkeypatch, written: int, during=None):
    """``prelabel_folder`` that writes a label (Yokai Watch's first kind, or the list's first) for the first
    ``written`` photos, calls ``during(root)``, then the process is killed: nothing put back."""
    from tilelens.labelling import prelabel, relabel

    def broken(root, *args, **kwargs):
        for photo in PHOTOS[:written]:
            label = Path(root) / "labels/train" / (Path(photo).stem + ".txt")
            label.parent.mkdir(parents=True, exist_ok=True)
            label.write_text("0 0.5 0.5 0.2 0.4\n")
        if during is not None:
            during(Path(root))
        raise _Killed

    monkeypatch.setattr(prelabel, "prelabel_folder", broken)
    monkeypatch.setattr(relabel, "_put_back", lambda *args: False)  # a killed process runs no handler


def _stop_half_way(root: Path, monkeypatch, written: int = 1, other: bool = False, during=None) -> None:
    from tilelens.labelling.relabel import prelabel_again

    _killed(monkeypatch, written, during)
    with pytest.raises(_Killed):
        prelabel_again(root, "yokai-watch" if other else "tokyo-mahjong", new_list=f30._other_list(root) if other
                       else None)
    monkeypatch.undo()


def test_a_run_stopped_half_way_leaves_the_folder_the_page_finds(tmp_path, monkeypatch):
    """What the page is there for: the folder left, the old boxes in it."""
    root = f30._dataset(tmp_path / "ds")
    _stop_half_way(root, monkeypatch)
    assert [n for n in f30._leftovers(root) if n.startswith(".prelabel-again-")]
    assert f30._labels(root)[PHOTOS[1]] is None  # b's boxes are only in the folder


def test_the_same_list_puts_back_the_boxes_of_the_photos_not_pre_labelled_again_yet(tmp_path, monkeypatch):
    from tilelens.labelling.relabel import put_back_leftovers

    root = f30._dataset(tmp_path / "ds")
    set_done(root, PHOTOS[2])  # accepted: never moved
    before, data = f30._labels(root), (root / "data.yaml").read_text()
    _stop_half_way(root, monkeypatch, written=1)
    new_a = f30._labels(root)[PHOTOS[0]]
    (left,) = put_back_leftovers(root)
    assert (left.restored, left.kept_newer, left.rolled_back, left.stuck) == (1, 1, False, None)
    assert f30._labels(root) == {PHOTOS[0]: new_a, PHOTOS[1]: before[PHOTOS[1]], PHOTOS[2]: before[PHOTOS[2]]}
    assert (root / "data.yaml").read_text() == data
    assert f30._leftovers(root) == []
    en, ja = left.text()
    assert "put back the old boxes of 1 photo;" in en and "1 photo had already" in en and "keeps its new" in en
    assert "Pre-label again" in en and "1枚" in ja and "もう一度下書き" in ja
    assert put_back_leftovers(root) == ()  # said once: nothing left to say


def test_another_list_is_undone_whole_the_old_data_yaml_and_every_old_box_back(tmp_path, monkeypatch):
    from tilelens.labelling.relabel import put_back_leftovers

    root = f30._dataset(tmp_path / "ds")
    (root / "labels/train/c.txt").unlink()  # a photo with no boxes: none after either
    before, data = f30._labels(root), (root / "data.yaml").read_text()
    _stop_half_way(root, monkeypatch, written=3, other=True)
    assert read_data_yaml(root).game == "yokai-watch"  # the run had changed the list
    (left,) = put_back_leftovers(root)
    assert (left.restored, left.rolled_back, left.removed, left.stuck) == (2, True, 1, None)
    assert f30._labels(root) == before
    assert (root / "data.yaml").read_text() == data
    assert f30._leftovers(root) == []
    assert "tile list" in left.text()[0] and "牌の一覧" in left.text()[1]


def test_a_folder_that_cannot_be_put_back_stays_and_says_what_to_do(tmp_path, monkeypatch):
    from tilelens.labelling import relabel

    root = f30._dataset(tmp_path / "ds")
    _stop_half_way(root, monkeypatch, written=0)

    def refused(*args):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(relabel.os, "replace", refused)
    (left,) = relabel.put_back_leftovers(root)
    monkeypatch.undo()
    assert isinstance(left.stuck, OSError)
    en, ja = left.text()
    assert left.folder in en and "Permission denied" in en and "/labels back" in en and f"delete {left.folder}" in en
    assert left.folder in ja and "削除" in ja
    assert left.folder in f30._leftovers(root)  # kept: the only copy of the old boxes
    with pytest.raises(relabel.LabelFileError) as caught:  # a new run waits until it is put back
        monkeypatch.setattr(relabel.os, "replace", refused)
        relabel.prelabel_again(root, "tokyo-mahjong", reader=f30._Reader("5p"))
    monkeypatch.undo()
    assert left.folder in str(caught.value) and caught.value.message_ja
    assert [relabel.put_back_leftovers(root)[0].restored] == [3]  # once it can be: put back


def test_the_next_pre_label_again_puts_the_leftover_back_first(tmp_path, monkeypatch):
    from tilelens.labelling.relabel import prelabel_again

    root = f30._dataset(tmp_path / "ds")
    (root / PHOTOS[1]).write_bytes(b"not a photo")  # not read again: keeps the boxes it had
    before = f30._labels(root)
    _stop_half_way(root, monkeypatch, written=0)
    summary = prelabel_again(root, "tokyo-mahjong", reader=f30._Reader("5p"))
    assert [s.photo for s in summary.unreadable] == [PHOTOS[1]]
    assert f30._labels(root)[PHOTOS[1]] == before[PHOTOS[1]]
    assert f30._kinds(root, PHOTOS[0]) == ["5p"]
    assert f30._leftovers(root) == []


def test_a_run_still_going_is_left_alone_here_and_in_another_app(tmp_path, monkeypatch):
    from tilelens.labelling.relabel import ASIDE_PREFIX, put_back_leftovers

    root = f30._dataset(tmp_path / "ds")
    seen = []
    # another page of this app opens the dataset while it is pre-labelled again
    _stop_half_way(root, monkeypatch, written=1, during=lambda r: seen.append(put_back_leftovers(r)))
    assert seen == [()]
    (folder,) = [p for p in root.iterdir() if p.name.startswith(ASIDE_PREFIX)]
    assert folder.name.startswith(f"{ASIDE_PREFIX}{os.getpid()}-")
    if os.name == "posix":  # another app's run, its process alive (this test's parent)
        other = folder.with_name(f"{ASIDE_PREFIX}{os.getppid()}-x")
        folder.rename(other)
        assert put_back_leftovers(root) == ()
        assert other.is_dir()
        other.rename(folder)
    assert put_back_leftovers(root)[0].restored == 2


def test_an_empty_folder_is_taken_away_without_a_word(tmp_path):
    from tilelens.labelling.relabel import ASIDE_PREFIX, put_back_leftovers

    root = f30._dataset(tmp_path / "ds")
    (root / f"{ASIDE_PREFIX}abc").mkdir()  # killed as it was made
    assert put_back_leftovers(root) == ()
    assert f30._leftovers(root) == []
