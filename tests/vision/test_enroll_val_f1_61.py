"""Session 61 (F1): `tilelens enroll --val PATH` checked as --data is, before any crop of --data is cut.

--val was read only once --data's tiles were cut out (with the detector, minutes on a big set), after the coverage
warnings, and said in words that never named --val: "data folder not found: v", "no labelled tiles found ... accept
them" (of which folder?), "classes not in the target class list: 9z", the first damaged photo alone; a --val of
backs only measured nothing and said nothing. Now its photos are checked as --data's are (``unreadable_refused``:
every photo that cannot be read, at once; a bad label line by its number), and every problem is one line naming
--val, before --data's photos are cut up.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

NAMES = ("1m", "2m", "3m")


def _dataset(root: Path, n: int = 3, names=NAMES, seed: int = 0) -> Path:
    """``n`` labelled noisy JPEGs, a 1m and a 2m each (``names[:2]``), in ``root`` (tokyo-mahjong)."""
    rng = np.random.default_rng(seed)
    images = []
    for i in range(n):
        rel = f"images/train/p{i}.jpg"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(rng.integers(0, 255, (120, 200, 3), np.uint8)).save(root / rel, quality=90)
        images.append(LabelledImage(rel, (200, 120), (Box(names[0], (0.1, 0.2, 0.3, 0.8)),
                                                      Box(names[1], (0.5, 0.2, 0.7, 0.8)))))
    write_yolo(Dataset(tuple(names), tuple(images), "tokyo-mahjong"), root)
    return root


@pytest.fixture
def enrolling(monkeypatch, tmp_path):
    """No training: what enrolment would learn and measure on, kept; every folder ``from_dir`` cuts, in order."""
    import vision.cropset
    import vision.enroll

    cut, given = [], {}
    real = vision.cropset.from_dir

    def from_dir(root, *args, **kwargs):
        cut.append(Path(root))
        return real(root, *args, **kwargs)

    def enroll(a, data, models, base, game, val, start, tell):
        given.update(data=data, val=val)
        return 0

    monkeypatch.setattr(vision.cropset, "from_dir", from_dir)
    monkeypatch.setattr(vision.enroll, "enroll", enroll)
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    return cut, given


def _enroll(capsys, tmp_path, val) -> tuple[int, str, str]:
    from tilelens.cli import main as tilelens

    argv = ["enroll", "--name", "club", "--data", str(tmp_path / "ds"), "--val", str(val), "--epochs", "1",
            "--no-detector-crops", "--orient-minutes", "0", "--work", str(tmp_path / "run")]
    try:
        code = tilelens(argv)
    except SystemExit as usage:
        code = usage.code
    out, err = capsys.readouterr()
    return code, out, err


def _refused(capsys, tmp_path, val, cut) -> str:
    """The one line enrolment refused ``val`` with, --data's photos never cut up."""
    _dataset(tmp_path / "ds", 6)
    code, out, err = _enroll(capsys, tmp_path, val)
    assert code == 2 and "Traceback" not in err, err
    (line,) = [line for line in err.splitlines() if line.startswith("tilelens enroll: ")]
    assert line.startswith("tilelens enroll: --val") and str(val) in line, line
    assert tmp_path / "ds" not in cut, cut  # said before --data's tiles are cut out
    return line


def test_a_good_val_is_read_first_and_measured_on(tmp_path, capsys, enrolling):
    cut, given = enrolling
    _dataset(tmp_path / "ds", 6)
    val = _dataset(tmp_path / "val", 2, ("2m", "1m"), seed=1)  # its kinds in another order
    code, out, err = _enroll(capsys, tmp_path, val)
    assert code == 0, err
    assert cut == [val, tmp_path / "ds"], cut
    assert given["val"].classes == given["data"].classes == list(NAMES)
    assert sorted(given["val"].labels.tolist()) == [0, 0, 1, 1]


def test_a_val_not_there(tmp_path, capsys, enrolling):
    line = _refused(capsys, tmp_path, tmp_path / "nowhere", enrolling[0])
    assert "not found" in line, line


def test_an_empty_val_folder(tmp_path, capsys, enrolling):
    (tmp_path / "val").mkdir()
    line = _refused(capsys, tmp_path, tmp_path / "val", enrolling[0])
    assert "no crops found" in line, line


def test_a_val_whose_photos_are_not_labelled(tmp_path, capsys, enrolling):
    val = _dataset(tmp_path / "val")
    for label in (val / "labels/train").iterdir():
        label.write_text("")
    line = _refused(capsys, tmp_path, val, enrolling[0])
    assert line.startswith(f"tilelens enroll: --val {val}: no labelled tiles found"), line


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_damaged_photo_of_val_is_named_at_once(tmp_path, capsys, cli_env, enrolling, language):
    cli_env(TILELENS_LANG=language)
    val = _dataset(tmp_path / "val", 4)
    (val / "images/train/p1.jpg").write_bytes(b"")
    (val / "images/train/p3.jpg").write_text("not a photo")
    line = _refused(capsys, tmp_path, val, enrolling[0])
    assert "images/train/p1.jpg" in line and "images/train/p3.jpg" in line, line
    assert f"tilelens label check {val}" in line, line
    assert ("2 photos of" in line) if language == "en" else ("写真 2枚" in line), line


def test_a_bad_label_line_of_val_is_named_by_its_number(tmp_path, capsys, enrolling):
    val = _dataset(tmp_path / "val")
    (val / "labels/train/p1.txt").write_text("0 0.5 0.5 0.1 0.1\n0 0.5 zz 0.1 0.1\n")
    line = _refused(capsys, tmp_path, val, enrolling[0])
    assert f"{val / 'labels/train/p1.txt'}:2" in line, line


@pytest.mark.parametrize("language, said", [("en", "no tile face labelled to measure on"),
                                            ("ja", "測るための表向きの牌のラベルがありません")])
def test_a_val_of_backs_only(tmp_path, capsys, cli_env, enrolling, language, said):
    """Measured nothing and said nothing: no "val acc" after any epoch."""
    cli_env(TILELENS_LANG=language)
    val = _dataset(tmp_path / "val", 2, ("back", "tile"))
    line = _refused(capsys, tmp_path, val, enrolling[0])
    assert said in line, line


@pytest.mark.parametrize("language, said", [("en", "tile kinds --data does not name: 9z"),
                                            ("ja", "--data にない牌の種類があります: 9z")])
def test_a_val_of_kinds_the_set_does_not_learn(tmp_path, capsys, cli_env, enrolling, language, said):
    cli_env(TILELENS_LANG=language)
    _dataset(tmp_path / "ds", 6)
    val = tmp_path / "val"
    (val / "9z").mkdir(parents=True)
    Image.new("RGB", (40, 60), (200, 200, 200)).save(val / "9z" / "a.jpg")
    code, out, err = _enroll(capsys, tmp_path, val)
    assert code == 2 and "Traceback" not in err and enrolling[1] == {}, err  # before any training
    (line,) = [line for line in err.splitlines() if line.startswith("tilelens enroll: ")]
    assert line.startswith(f"tilelens enroll: --val {val}") and said in line, line


def test_kinds_val_names_but_never_labels_are_no_reason_to_refuse(tmp_path, capsys, enrolling):
    cut, given = enrolling
    _dataset(tmp_path / "ds", 6)
    val = _dataset(tmp_path / "val", 2, ("1m", "2m", "4m"))  # 4m named, no tile of it labelled
    code, out, err = _enroll(capsys, tmp_path, val)
    assert code == 0, err
    assert given["val"].classes == list(NAMES) and len(given["val"]) == 4
