"""Honest measurement: ``tilelens eval`` says when the photos it measures a tile set on are photos that set
learned from (recorded at enrolment by content), and ``enroll`` / ``eval`` say when a data.yaml's ``path:``
makes them read the photos of another folder than the data.yaml's own (a folder copied elsewhere)."""
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from vision.enroll import main as enroll
from vision.eval_data import load_eval_set
from vision.evaluate import main as evaluate

DATA = Path(__file__).parent / "data" / "detector"  # three real photos, labelled
MODELS = Path(__file__).resolve().parents[2] / "models"
TINY = ["--epochs", "1", "--width", "8", "--crop-size", "32", "--orient-minutes", "0", "--no-detector-crops"]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _dataset(root: Path, photos: list[str], path: str = ".") -> Path:
    """A labelled dataset of some of the three sample photos, its data.yaml's ``path:`` as given."""
    for sub in ("images", "labels"):
        (root / sub).mkdir(parents=True)
    for name in photos:
        shutil.copyfile(DATA / "images" / f"{name}.jpg", root / "images" / f"{name}.jpg")
        shutil.copyfile(DATA / "labels" / f"{name}.txt", root / "labels" / f"{name}.txt")
    names = (DATA / "data.yaml").read_text(encoding="utf-8").split("names:", 1)[1]
    (root / "data.yaml").write_text(f"path: {path}\ntrain: images\nval: images\nnames:{names}", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def enrolled(tmp_path_factory):
    """A models folder with the shipped detector models and a tiny tile set taught from hk-1 and hk-2."""
    tmp = tmp_path_factory.mktemp("learnt")
    models = tmp / "models"
    models.mkdir()
    for shipped in MODELS.iterdir():  # the detector, box check and orientation models, with their JSON
        if shipped.is_file() and shipped.name.split(".")[0] in ("detector", "boxcheck", "orient"):
            shutil.copyfile(shipped, models / shipped.name)
    ds = _dataset(tmp / "taught", ["hk-1", "hk-2"])
    assert enroll(["--name", "tiny", "--data", str(ds), "--models", str(models), "--work", str(tmp / "run"),
                   *TINY], read_hint=False) == 0
    return models, ds


@pytest.fixture
def models_env(enrolled, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(enrolled[0]))
    monkeypatch.setenv("YOLO_OFFLINE", "1")
    return enrolled[0]


def test_enrolment_records_the_photos_it_learned_from_by_content(enrolled):
    models, ds = enrolled
    meta = json.loads((models / "tilesets" / "tiny" / "tileset.json").read_text(encoding="utf-8"))
    assert meta["photos_sha256"] == sorted(_sha(ds / "images" / f"{n}.jpg") for n in ("hk-1", "hk-2"))


def test_eval_says_how_many_photos_measured_the_set_learned_from(models_env, tmp_path, capsys):
    # measured on a copy elsewhere (other folder, same photos): known by content, not by path
    ds = _dataset(tmp_path / "all", ["hk-1", "hk-2", "hk-3"])
    assert evaluate(["--data", str(ds), "--tileset", "tiny"]) == 0
    out = capsys.readouterr().out
    assert ("2 of 3 photos measured are photos tile set tiny learned from: these figures overstate how it "
            "reads new photos") in out
    assert evaluate(["--data", str(ds), "--tileset", "tiny", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["learnt_photos"] == {"tileset": "tiny", "photos": 3, "learnt": 2}
    assert any("2 of 3 photos measured" in w for w in got["warnings"])


def test_eval_on_photos_the_set_never_saw_says_nothing_of_it(models_env, tmp_path, capsys):
    ds = _dataset(tmp_path / "new", ["hk-3"])
    assert evaluate(["--data", str(ds), "--tileset", "tiny", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["learnt_photos"] == {"tileset": "tiny", "photos": 1, "learnt": 0}
    assert not any("learned from" in w for w in got["warnings"])


def test_a_set_enrolled_before_the_record_says_it_cannot_tell(models_env, tmp_path, capsys):
    old = models_env / "tilesets" / "old"
    shutil.copytree(models_env / "tilesets" / "tiny", old)
    meta = json.loads((old / "tileset.json").read_text(encoding="utf-8"))
    del meta["photos_sha256"]
    (old / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    ds = _dataset(tmp_path / "ds", ["hk-1"])
    assert evaluate(["--data", str(ds), "--tileset", "old", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["learnt_photos"] == {"tileset": "old", "photos": 1, "learnt": None}
    assert any("cannot tell" in w for w in got["warnings"])


def test_the_shipped_hk_set_learned_the_enrolment_part_not_the_held_out_one():
    from vision.evaluate import learnt_photos
    from vision.hk_split import hk_images

    if not hk_images("enroll"):
        pytest.skip("the shared Hong Kong photos are not here")
    held = learnt_photos(load_eval_set("hk-heldout"), "hk-mahjong", MODELS)
    assert held["learnt"] == 0 and held["photos"] == len(hk_images("heldout"))
    taught = learnt_photos(load_eval_set("hk-enroll")[:12], "hk-mahjong", MODELS)
    assert taught == {"tileset": "hk-mahjong", "photos": 12, "learnt": 12}


def _copied(tmp_path: Path) -> tuple[Path, Path]:
    """A dataset whose data.yaml names its folder by absolute path, and a copy of it elsewhere (the old one
    still there)."""
    old = tmp_path / "old"
    _dataset(old, ["hk-1", "hk-2"], path=str(old))
    new = tmp_path / "new"
    shutil.copytree(old, new)
    return old, new


def test_a_copied_folder_read_from_the_old_one_is_said(tmp_path):
    from vision.data_yaml import photos_read_elsewhere

    old, new = _copied(tmp_path)
    assert photos_read_elsewhere(new / "data.yaml", "val", "train") == old
    assert photos_read_elsewhere(old / "data.yaml", "val", "train") is None
    # a path: elsewhere whose photos are only there (a data.yaml beside no photos of its own) is deliberate
    lone = tmp_path / "lone"
    lone.mkdir()
    (lone / "data.yaml").write_text(f"path: {old}\ntrain: images\nnames: [1m]\n", encoding="utf-8")
    assert photos_read_elsewhere(lone / "data.yaml", "train", "train") is None
    # nor an absolute list of photos (the Label page's Teach writes one beside path: DATASET)
    (lone / "photos.txt").write_text(f"{old / 'images' / 'hk-1.jpg'}\n", encoding="utf-8")
    (lone / "data.yaml").write_text(f"path: {old}\ntrain: {lone / 'photos.txt'}\nnames: [1m]\n", encoding="utf-8")
    assert photos_read_elsewhere(lone / "data.yaml", "train", "train") is None


def test_eval_of_a_copied_folder_says_it_reads_the_old_ones_photos(models_env, tmp_path, capsys):
    old, new = _copied(tmp_path)
    notes: list[str] = []
    load_eval_set(str(new), notes=notes)
    assert len(notes) == 1 and str(old) in notes[0] and "not" in notes[0] and str(new) in notes[0]
    assert evaluate(["--data", str(new), "--tileset", "tiny", "--json"]) == 0
    captured = capsys.readouterr()
    assert notes[0] in json.loads(captured.out)["warnings"] and notes[0] in captured.err
    notes.clear()
    load_eval_set(str(old), notes=notes)
    assert notes == []


def test_enrolling_a_copied_folder_says_it_reads_the_old_ones_photos(tmp_path, capsys):
    old, new = _copied(tmp_path)
    warned = []
    assert enroll(["--name", "copy", "--data", str(new / "data.yaml"), "--models", str(tmp_path / "models"),
                   "--work", str(tmp_path / "run"), *TINY], on_warning=lambda en, ja: warned.append((en, ja)),
                  read_hint=False) == 0
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if str(old) in line)
    assert str(new) in line and "data.yaml" in line
    assert any(str(old) in en and str(old) in ja for en, ja in warned)
