"""Session 56 (f34): the Label page puts back what a "Pre-label again" stopped half way (the app killed) left in the
dataset (a hidden ``.prelabel-again-*`` folder with the old label files), and says it once; one it cannot put back is
said once with what to do."""
from __future__ import annotations

import os
from pathlib import Path

import label_phone_helpers as label_phone
import test_label_rewalk_f20_56 as f20
from label_phone_helpers import from_address

network = label_phone.network
laptop = label_phone.laptop


def _left_half_way(root: Path, name: str = ".prelabel-again-killed") -> Path:
    """The folder a run killed after setting b.jpg's boxes aside leaves (made before its name held a process id)."""
    aside = root / name
    (aside / "labels/labels/train").mkdir(parents=True)
    os.replace(root / "labels/train/b.txt", aside / "labels/labels/train/b.txt")
    os.link(root / "data.yaml", aside / "data.yaml")
    return aside


def _alerts(at) -> str:
    return " ".join(str(e.value) for e in (*at.info, *at.warning))


def test_opening_the_dataset_puts_the_old_boxes_back_and_says_it_once(laptop):
    root = f20._dataset({"a.jpg": ("1m",), "b.jpg": ("5m", "8m")})
    before = (root / "labels/train/b.txt").read_text()
    aside = _left_half_way(root)
    at = f20._ok(from_address("en", dataset="club-photos"))
    assert "put back the old boxes of 1 photo" in _alerts(at), _alerts(at)
    assert (root / "labels/train/b.txt").read_text() == before and not aside.exists()
    at.run()
    assert "Pre-label again" not in _alerts(at)  # said once


def test_one_that_cannot_be_put_back_is_said_once_in_japanese_with_what_to_do(network, monkeypatch):
    from tilelens.labelling import relabel

    root = f20._dataset({"a.jpg": ("1m",), "b.jpg": ("5m", "8m")})
    aside = _left_half_way(root)
    (root / "labels/train").chmod(0o500)  # b's boxes cannot go back in
    try:
        if os.access(root / "labels/train", os.W_OK):  # root ignores the mode: refused another way
            real = relabel.os.replace
            monkeypatch.setattr(relabel.os, "replace", lambda a, b: (_ for _ in ()).throw(PermissionError(13, "no"))
                                if Path(a).parent.name == "train" and ".prelabel-again-" in str(a) else real(a, b))
        at = f20._ok(from_address("ja", dataset="club-photos"))
        said = " ".join(str(w.value) for w in at.warning)
        assert aside.name in said and "戻せませんでした" in said and "削除してください" in said, said
        at.run()
        assert aside.name not in " ".join(str(w.value) for w in at.warning)  # once
        assert aside.is_dir()
    finally:
        (root / "labels/train").chmod(0o700)
