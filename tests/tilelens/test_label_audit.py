"""``label audit``: the recognizer points at labels it reads as another kind and at tiles nobody labelled,
on three real Hong Kong photos (one of which carries a wrong label in the source data)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling.audit import UNLABELLED, WRONG_KIND, audit_dataset, format_audit
from tilelens.labelling.prelabel import load_reader

SAMPLES = Path(__file__).resolve().parents[1] / "vision" / "data" / "detector"
NAMES = ("f1 1m 1p 1s 1z f2 2m 2p 2s 2z f3 3m 3p 3s 3z f4 4m 4p 4s 4z f5 5m 5p 5s 5z "
         "f6 6m 6p 6s 6z f7 7m 7p 7s 7z f8 8m 8p 8s 9m 9p 9s").split()


@pytest.fixture(scope="module")
def reader():
    return load_reader(None, "hk-mahjong", set_limit=False)


def copy_samples(tmp_path: Path) -> Path:
    root = tmp_path / "hk"
    shutil.copytree(SAMPLES, root)
    return root


def label_lines(root: Path, photo: str) -> list[str]:
    return (root / "labels" / f"{photo}.txt").read_text().splitlines()


def test_the_wrong_label_of_the_source_data_is_found(reader):
    report = audit_dataset(SAMPLES, reader, progress=False)
    assert report.photos == 3 and report.labels == 54 and not report.not_read
    # hk-1.jpg, as labelled upstream, calls a tile with four pins and a printed "4" a 5p
    assert [(s.what, s.photo, s.label, s.reads) for s in report.suspects] == [
        (WRONG_KIND, "images/hk-1.jpg", "5p", "4p")]
    s = report.suspects[0]
    assert s.prob >= 0.8 > s.label_prob
    assert str(s).startswith("images/hk-1.jpg at x 240-338, y 476-587: labelled 5p, reads 4p (")


def test_a_label_changed_and_a_label_removed_are_both_found(tmp_path, reader):
    root = copy_samples(tmp_path)
    lines = label_lines(root, "hk-2")
    cls, *box = lines[0].split()
    was = NAMES[int(cls)]
    wrong = "f8" if was != "f8" else "1m"
    removed = lines[1]
    (root / "labels" / "hk-2.txt").write_text("\n".join([f"{NAMES.index(wrong)} " + " ".join(box)] + lines[2:]) + "\n")
    report = audit_dataset(root, reader, progress=False)
    got = {(s.what, s.photo, s.label, s.reads) for s in report.suspects}
    assert (WRONG_KIND, "images/hk-2.jpg", wrong, was) in got
    unlabelled = report.of(UNLABELLED)
    assert len(unlabelled) == 1 and unlabelled[0].photo == "images/hk-2.jpg"
    assert unlabelled[0].reads == NAMES[int(removed.split()[0])]
    # the found box is where the removed label was (YOLO: centre and size, normalised)
    xc, yc = (float(v) for v in removed.split()[1:3])
    x1, y1, x2, y2 = unlabelled[0].xyxy
    from PIL import Image

    w, h = Image.open(root / "images" / "hk-2.jpg").size
    assert x1 < xc * w < x2 and y1 < yc * h < y2
    # the wrong label ranks with the surest; the unlabelled tile comes after every wrong kind
    assert report.suspects[-1].what == UNLABELLED
    text = format_audit(report, "hk-mahjong", 0.8)
    assert "2 labels to look at" in text and "1 tile with no label:" in text


def test_a_stricter_probability_flags_fewer(reader):
    assert audit_dataset(SAMPLES, reader, min_prob=0.999999, progress=False).of(WRONG_KIND) == []


def test_audit_command_prints_json_and_draws_pictures(tmp_path, capsys):
    import cv2

    out = tmp_path / "pictures"
    assert tilelens(["label", "audit", str(SAMPLES), "--tileset", "hk-mahjong", "--json",
                     "--pictures", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["photos"] == 3 and data["labels"] == 54
    assert [s["label"] for s in data["suspects"]] == ["5p"]
    assert data["suspects"][0]["text"].startswith("images/hk-1.jpg at x")
    pictures = sorted(out.glob("*.jpg"))
    assert [p.name for p in pictures] == ["0000-hk-1.jpg"] and data["pictures"] == [str(pictures[0])]
    assert cv2.imread(str(pictures[0])) is not None


def test_audit_needs_a_reader_and_sane_thresholds(tmp_path, capsys):
    assert tilelens(["label", "audit", str(SAMPLES)]) != 0
    assert "name the --game" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:  # argparse's usage error, the subcommand's usage lines first
        tilelens(["label", "audit", str(SAMPLES), "--tileset", "hk-mahjong", "--min-prob", "1.5"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "--min-prob" in err and "usage: tilelens label audit" in err


def test_a_corrupt_photo_is_skipped_and_named_by_the_check_not_a_crash(tmp_path, reader, capsys):
    root = copy_samples(tmp_path)
    (root / "images" / "hk-3.jpg").write_bytes(b"\xff\xd8 not a jpeg")
    report = audit_dataset(root, reader, progress=False)
    assert report.photos == 2 and [s.photo for s in report.suspects] == ["images/hk-1.jpg"]
    assert any("hk-3.jpg" in str(i) for i in report.issues)
    assert tilelens(["label", "audit", str(root), "--tileset", "hk-mahjong"]) == 0
    captured = capsys.readouterr()
    assert "1 problem in the folder's files (see `tilelens label check" in captured.err


def synthetic_set(root: Path, game_id: str, photos: int) -> list[tuple[str, int, str]]:
    """``photos`` clean synthetic hand photos of ``game_id`` labelled as rendered (a Labelling folder);
    returns (label file, line, kind) of every box."""
    import cv2
    import numpy as np

    from scorer import load_game
    from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo
    from vision.synth import render_hand

    game = load_game(game_id)
    ids = [t.id for t in game.tiles]
    rng = np.random.default_rng(3)
    images, boxes = [], []
    for i in range(photos):
        hand = list(rng.choice(ids, game.hand_size, replace=False))
        scene = render_hand(game_id, hand, seed=500 + i, layout="flat", effects=0.0)
        h, w = scene.image.shape[:2]
        rel = f"images/train/{i}.jpg"
        (root / "images/train").mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(root / rel), scene.image)
        tiles = [t for t in scene.tiles if not t.is_back]
        images.append(LabelledImage(rel, (w, h), tuple(
            Box(t.tile_id, (t.xyxy[0] / w, t.xyxy[1] / h, t.xyxy[2] / w, t.xyxy[3] / h)) for t in tiles)))
        boxes += [(f"labels/train/{i}.txt", n, t.tile_id) for n, t in enumerate(tiles)]
    write_yolo(Dataset(tuple(ids), tuple(images), game_id), root)
    return boxes


@pytest.mark.slow
def test_cross_audit_finds_a_wrong_label_with_models_that_never_saw_it(tmp_path):
    """Four clean photos, one label changed to another kind. Each half is audited by a tile set enrolled
    (from the game's classifier, one epoch) on the other half only, so the flagged label was never taught."""
    from tilelens.labelling.audit import cross_audit

    root = tmp_path / "set"
    boxes = synthetic_set(root, "nogizaka", 4)
    label_file, line, kind = boxes[len(boxes) // 2 + 1]  # a box of the second half's photos
    ids = [t for t in yaml_names(root)]
    wrong = next(k for k in ids if k != kind)
    lines = (root / label_file).read_text().splitlines()
    lines[line] = f"{ids.index(wrong)} " + lines[line].split(" ", 1)[1]
    (root / label_file).write_text("\n".join(lines) + "\n")
    work = tmp_path / "work"
    report = cross_audit(root, 2, base="nogizaka", epochs=1, work=work, progress=False)
    assert report.photos == 4 and report.labels == len(boxes)
    flagged = [(s.photo, s.box, s.label, s.reads) for s in report.of(WRONG_KIND)]
    assert (label_file.replace("labels", "images").replace(".txt", ".jpg"), line, wrong, kind) in flagged
    assert len(flagged) == 1
    # each part's tile set learned from the other part's photos only
    for k in range(2):
        listed = (work / f"part{k}" / "photos.txt").read_text().split()
        assert len(listed) == 2 and all(Path(p).name in {f"{i}.jpg" for i in range(4) if i % 2 != k} for p in listed)


def yaml_names(root: Path) -> list[str]:
    from tilelens.labelling.yolo import read_data_yaml

    return list(read_data_yaml(root).names)


def test_cross_audit_needs_enough_photos_and_no_tileset(tmp_path, capsys):
    root = copy_samples(tmp_path)
    assert tilelens(["label", "audit", str(root), "--cross", "5"]) != 0
    err = capsys.readouterr().err
    assert "--cross 5: needs at least 2 parts and a labelled photo in each (3 labelled photos)" in err
    assert tilelens(["label", "audit", str(root), "--cross", "2", "--tileset", "hk-mahjong"]) != 0
    assert "not --tileset" in capsys.readouterr().err


@pytest.mark.slow
def test_cross_audit_command_prints_clean_json_and_keeps_no_tile_sets(tmp_path, monkeypatch, capsys):
    import tempfile

    root = tmp_path / "set"
    synthetic_set(root, "yokai-watch", 2)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    assert tilelens(["label", "audit", str(root), "--cross", "2", "--game", "yokai-watch", "--epochs", "1",
                     "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)  # enrolment's progress went to stderr, not into the JSON
    assert data["photos"] == 2 and data["labels"] > 0
    assert "enrolling part 2 of 2 on the other 1 photos" in captured.err
    # the parts' tile sets were temporary (the folder of lock files that keeps two enrolments of one set apart stays)
    # (and torch's cache of compiled kernels, torchinductor_<user>, made there when torch._inductor is first
    # imported, on a run where no test before had imported it: torch's own)
    assert [p.name for p in scratch.iterdir()
            if not p.name.startswith("tilelens-locks") and not p.name.startswith("torchinductor_")] == []


def test_pictures_that_cannot_be_written_are_said_before_the_audit_runs(tmp_path, monkeypatch, capsys):
    # the folder was made only after every photo had been read (with --cross: after K enrolments), and the
    # audit's findings were lost with the error
    import tilelens.labelling.audit as audit

    def no_audit(*args, **kwargs):
        raise AssertionError("audited before the pictures' folder was seen to")

    monkeypatch.setattr(audit, "audit_dataset", no_audit)
    (tmp_path / "afile").write_text("not a folder")
    assert tilelens(["label", "audit", str(SAMPLES), "--tileset", "hk-mahjong", "--pictures",
                     str(tmp_path / "afile")]) == 2
    err = capsys.readouterr().err
    assert "afile" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    monkeypatch.setattr("os.access", lambda path, mode: False)  # a folder of another user's (tests run as root)
    assert tilelens(["label", "audit", str(SAMPLES), "--tileset", "hk-mahjong", "--pictures",
                     str(tmp_path / "theirs")]) == 2
    assert "cannot write pictures to" in capsys.readouterr().err


@pytest.mark.parametrize("inside", ["images/audit", "labels", "."])
def test_pictures_are_never_drawn_among_the_datasets_own_photos(tmp_path, capsys, inside):
    # drawn into images/, each picture became a photo of the dataset to label (and teach from)
    root = copy_samples(tmp_path)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    assert tilelens(["label", "audit", str(root), "--tileset", "hk-mahjong", "--pictures",
                     str(root / inside)]) == 2
    assert "the dataset's own" in capsys.readouterr().err
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


@pytest.mark.slow
@pytest.mark.parametrize("kept", [False, True], ids=["temporary", "work"])
def test_cross_audit_suggests_reading_only_with_tile_sets_that_are_kept(tmp_path, capsys, kept):
    """Each part's enrolment said "read with `tilelens read --tileset part0`": no such set in the models a
    read looks in, and without --work the parts' sets are deleted when the audit ends. Kept (--work), the
    suggestion names their models folder, and it reads."""
    root = tmp_path / "set"
    synthetic_set(root, "yokai-watch", 2)
    work = tmp_path / "work"
    assert tilelens(["label", "audit", str(root), "--cross", "2", "--game", "yokai-watch", "--epochs", "1"]
                    + (["--work", str(work)] if kept else [])) == 0
    err = capsys.readouterr().err
    # a part's orientation model is never used: none is trained, and no hint names the part's temporary data.yaml
    assert "--orient-only" not in err and "part0/data.yaml" not in err
    if not kept:
        assert "tilelens read" not in err
        return
    hint = f"`tilelens read --tileset part1 --models {work / 'models'}`"
    assert hint in err
    assert tilelens(hint.strip("`").split()[1:] + [str(root / "images/train/0.jpg"), "--kinds"]) == 0
    assert len(capsys.readouterr().out.split()) > 0


@pytest.mark.parametrize("inside", ["train/images/audit", "valid/labels"])
def test_pictures_are_never_drawn_among_a_roboflow_exports_own_photos(tmp_path, monkeypatch, capsys, inside):
    # the guard knew only images/ and labels/: drawn into a Roboflow export's train/images (as downloaded:
    # `train: ../train/images`), each picture became a photo of its train split to label and teach from
    import tilelens.labelling.audit as audit
    from label_helpers import roboflow_export

    def no_audit(*args, **kwargs):
        raise AssertionError("audited with the pictures' folder among the dataset's own")

    monkeypatch.setattr(audit, "audit_dataset", no_audit)
    root = tmp_path / "rf"
    roboflow_export(root)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    assert tilelens(["label", "audit", str(root), "--tileset", "hk-mahjong", "--pictures", str(root / inside)]) == 2
    err = capsys.readouterr().err
    assert "the dataset's own" in err and "train/images/" in err and len(err.strip().splitlines()) == 1
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
