"""Teaching a new tile set, the rough edges W2's walk found (session 59, F10): a moved folder keeps its sets, kinds
marked absent are not accepted or taught, the words each command ends with, a badly measured set said plainly, the
training's progress in one line."""
from __future__ import annotations

import io
import json
import shutil
from argparse import Namespace
from pathlib import Path

import pytest

from test_label_teach import TINY, make_dataset
from taught_helpers import fake_set, models  # noqa: F401 (fixtures)
from tilelens.labelling import set_done, teach
from tilelens.labelling.teach import TeachError


def run(capsys, *argv) -> tuple[int, str, str]:
    from tilelens.cli import main as tilelens

    code = tilelens([str(a) for a in argv])
    said = capsys.readouterr()
    return code, said.out, said.err


# ---- 1. a moved folder keeps the sets taught from it

def test_a_set_taught_from_a_folder_stays_its_own_when_the_folder_is_moved(tmp_path, models):
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"], "b": ["1s", "2m"]})
    set_done(root, "images/train/a.png")
    args, _ = teach.enroll_args(root, "mine", None, 1)
    job_yaml = Path(args[args.index("--data") + 1])
    ident = teach.dataset_id(root)
    assert ident and f"dataset_id: {ident}" in job_yaml.read_text()
    from vision.enroll import dataset_id_of

    assert dataset_id_of(job_yaml) == ident and dataset_id_of(root) == ident  # `enroll --data DIR` too
    fake_set(models, "mine", {"data": str(job_yaml), "dataset_id": ident})
    fake_set(models, "older", {"data": str(root.resolve())})  # taught before sets recorded the id: by its path
    assert teach.own_tilesets(root) == ["mine", "older"]
    moved = tmp_path / "elsewhere" / "ds"
    moved.parent.mkdir()
    shutil.move(root, moved)
    assert teach.own_tilesets(moved) == ["mine"]  # the old path names the other no more
    assert teach.taught_elsewhere("mine", moved) is None  # taught again, it is replaced: no question
    copy = tmp_path / "copy"
    shutil.copytree(moved, copy)
    assert teach.own_tilesets(copy) == []  # a copy is another dataset (F17)
    assert teach.own_tilesets(make_dataset(tmp_path / "other", {"a": ["1m", "1p"]})) == []


def test_the_photos_a_set_can_pre_label_again_are_those_labelled_before_it(tmp_path, models):
    import os

    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"], "b": ["1s", "2m"], "c": ["1m", "2m"]})
    set_done(root, "images/train/a.png")
    fake_set(models, "mine", {"data": str(root)})
    meta = models / "tilesets" / "mine" / "tileset.json"
    later = meta.stat().st_mtime + 10
    os.utime(root / "labels" / "train" / "c.txt", (later, later))  # pre-labelled with the set since (Add photos)
    photos = ["images/train/a.png", "images/train/b.png", "images/train/c.png"]
    assert teach.prelabelled_before(root, "mine", photos) == 1  # b only: a is accepted
    assert teach.prelabelled_before(root, "gone", photos) == 0


# ---- 2. kinds marked absent: an error in check, refused by accept and teach

@pytest.fixture
def absent_in_use(tmp_path, models):
    from tilelens.labelling.kinds import set_absent

    root = make_dataset(tmp_path / "ds", {"a": ["1m", "3m"], "b": ["1p", "2m"]})
    set_absent(root, ["3m"])
    return root


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_check_says_a_box_of_an_absent_kind_is_an_error_with_its_fix(absent_in_use, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code, out, _ = run(capsys, "label", "check", absent_in_use)
    assert code == 1
    line = next(x for x in out.splitlines() if "a.png" in x and "3m" in x)
    assert line.strip().startswith("error" if lang == "en" else "エラー"), line
    assert "--present 3m" in line


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_accept_refuses_a_photo_with_a_box_of_an_absent_kind(absent_in_use, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code, _, err = run(capsys, "label", "accept", absent_in_use, "a.png")
    assert code == 2 and "images/train/a.png" in err and "--present 3m" in err, err
    code, out, err = run(capsys, "label", "accept", absent_in_use, "--all")
    assert code == 1 and "images/train/a.png" in err, err
    assert ("1 of 2" if lang == "en" else "2枚のうち1枚") in out  # b accepted, a left as it was


def test_teach_refuses_an_accepted_photo_with_a_box_of_an_absent_kind(absent_in_use):
    set_done(absent_in_use, "images/train/a.png")  # accepted before the kind was marked (or by hand)
    set_done(absent_in_use, "images/train/b.png")
    with pytest.raises(TeachError, match=r"3m, marked absent from this set, is on 1 accepted photo "
                                         r"\(images/train/a.png\).*--present 3m") as said:
        teach.enroll_args(absent_in_use, "mine", None, 1)
    assert "セットにない種類にした 3m" in said.value.message_ja and "--present 3m" in said.value.message_ja


# ---- 3. `label teach` has no --hold-out: not named there

def test_the_held_out_line_names_hold_out_for_enroll_only(tmp_path, capsys):
    import numpy as np

    from vision import enroll
    from vision.cropset import CropSet

    root = make_dataset(tmp_path / "ds", {f"p{i}": ["1m", "1p"] for i in range(10)})
    data = CropSet(np.zeros((20, 8, 8, 3), np.uint8), np.array([0, 1] * 10), ("1m", "1p"),
                   np.array([f"p{i}.png" for i in range(10) for _ in range(2)]))
    for p in range(10):
        set_done(root, f"images/train/p{p}.png")
    job_yaml = Path(teach.enroll_args(root, "mine", None, 1)[0][3])
    for where, named in ((root / "data.yaml", True), (job_yaml, False)):
        a = Namespace(hold_out=None, data=str(where), val=None, seed=0, lang="en")
        enroll.held_out_split(a, data)
        assert ("--hold-out 0" in capsys.readouterr().out) is named


# ---- 4, 5, 6: the words each step ends with, a poor set said plainly, the progress in one line

def test_import_and_accept_end_with_what_comes_next(tmp_path, models, capsys):
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"], "b": ["1s", "2m"]})
    assert run(capsys, "label", "export", root, "--to", "coco", tmp_path / "c.json")[0] == 0
    code, out, _ = run(capsys, "label", "import", tmp_path / "c.json", "--from", "coco", tmp_path / "new",
                       "--images", root)
    assert code == 0 and out.splitlines()[-1].startswith("next: check the boxes and tiles and accept each photo")
    assert f"tilelens label accept {tmp_path / 'new'} PHOTO" in out
    code, out, _ = run(capsys, "label", "accept", root, "a.png")
    assert out.splitlines()[-1].startswith("next: check and accept the other photos") and "--name NAME --base" in out
    fake_set(models, "mine", {"data": str(root)})
    code, out, _ = run(capsys, "label", "accept", root, "--all")
    assert out.splitlines()[-1] == f"next: `tilelens label teach {root} --name mine --base tokyo-mahjong --replace` (or Teach on the " \
                                   "app's Label page)"


def test_init_with_the_folders_own_set_says_teach_it_again(tmp_path, models, capsys, monkeypatch):
    from tilelens.labelling import prelabel
    from tilelens.labelling.prelabel import PrelabelSummary

    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"]})
    fake_set(models, "mine", {"data": str(root)})
    monkeypatch.setattr(prelabel, "prelabel_folder", lambda *a, **k: PrelabelSummary(photos=1, labelled=1, kept=0, tiles=2))
    code, out, _ = run(capsys, "label", "init", root, "--tileset", "mine")
    assert code == 0 and f"`tilelens label teach {root} --name mine --base tokyo-mahjong --replace`" in out, out
    assert "--base mine" not in out


def test_a_poorly_measured_set_is_said_plainly_with_what_to_do():
    from vision.enroll import poor_words

    a = Namespace(epochs=1, minutes=5.0)
    english, japanese = poor_words({"tiles": 20, "right": 3, "share": 0.15}, 16, a)
    assert "only 15%" in english and "1 epoch" in english and "--replace" in english
    assert "15%" in japanese and "1エポック" in japanese
    assert poor_words({"tiles": 20, "right": 19, "share": 0.95}, 16, a) is None


def test_the_progress_is_one_line_on_a_terminal_and_timed_lines_elsewhere():
    from vision.enroll import ProgressLine

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    out = Terminal()
    line = ProgressLine("training", out)
    for step in range(101):
        line(step / 100)
    line.end()
    assert out.getvalue().count("\n") == 1 and out.getvalue().endswith("\rtraining: 100%\n")
    log = io.StringIO()
    line = ProgressLine("training", log)
    for step in range(1000):
        line(step / 1000)
    line.end()
    assert log.getvalue().splitlines() == ["training: 100%"]  # under 5 s into a log: the last line alone (LogTiming)


def test_label_teach_ends_with_its_warnings_again_and_what_comes_next(tmp_path, models, capsys):
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p", "1s", "2m"], "b": ["2m", "1s", "1p", "1m"],
                                          "c": ["3m", "1m"]})
    set_done(root, "images/train/a.png")
    set_done(root, "images/train/b.png")
    code, out, err = run(capsys, "label", "teach", root, "--name", "mine", "--epochs", "2")
    assert code == 0, err
    assert not [x for x in out.splitlines() if x.startswith(("epoch ", "Epoch "))], out
    assert out.count("training: ") <= 12, out
    assert out.splitlines()[-1] == (f"next: pre-label the 1 photo not accepted, and new photos put in {root}, with it: "
                                    f"`tilelens label init {root} --tileset mine` (accepted photos keep their labels, "
                                    f"and so do photos fixed by hand: it names them)")
    warned = [x for x in err.splitlines() if "3m" in x]
    assert len(warned) >= 2 and "as said before teaching:" in err, err  # before the training, and beside its result
    meta = json.loads((models / "tilesets" / "mine" / "tileset.json").read_text())
    assert meta["dataset_id"] == teach.dataset_id(root)


# ---- 7. an empty folder

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_empty_folder_says_it_has_no_photos(tmp_path, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    (tmp_path / "empty").mkdir()
    assert run(capsys, "label", "init", tmp_path / "empty", "--game", "tokyo-mahjong")[0] == 0
    code, out, _ = run(capsys, "label", "check", tmp_path / "empty")
    assert code == 0 and "--absent" not in out
    code, _, err = run(capsys, "label", "teach", tmp_path / "empty", "--name", "emp")
    assert code == 2 and ("has no photos yet" if lang == "en" else "まだ写真がありません") in err, err
    assert "0 of 0" not in err and "全 0枚" not in err


# ---- 8. audit names the game its data.yaml names

def test_plain_audit_names_the_game_of_the_data_yaml(tmp_path, capsys):
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"]})
    code, _, err = run(capsys, "label", "audit", root)
    assert code == 2 and "names --game tokyo-mahjong" in err, err


def test_a_cross_audit_part_keeps_the_kinds_marked_absent(absent_in_use, tmp_path, monkeypatch):
    import yaml

    import vision.enroll
    from tilelens.labelling import audit

    parts = []

    def enrolling(argv, **kwargs):
        parts.append(yaml.safe_load(Path(argv[argv.index("--data") + 1]).read_text()))
        raise SystemExit(0)

    monkeypatch.setattr(vision.enroll, "main", enrolling)
    with pytest.raises(SystemExit):
        audit.cross_audit(absent_in_use, 2, None, 1.0, 1, tmp_path / "work", 0.8, 0.5, progress=False)
    assert parts[0]["absent"] == ["3m"]


# ---- 9, 10

def test_synth_draws_no_more_of_a_kind_than_the_set_holds():
    from collections import Counter

    import numpy as np

    from scorer import load_game
    from vision.synth.dataset import Layout, sample_hand

    copies = {t.id: t.copies for t in load_game("nogizaka").tiles}
    for seed in range(200):
        hand = sample_hand("nogizaka", np.random.default_rng(seed), Layout.GRID)
        assert all(n <= copies[k] for k, n in Counter(hand).items()), hand


def test_the_japanese_skipped_line_has_no_stray_space(tmp_path):
    from tilelens.labelling.prelabel import _skipped

    class Exc(Exception):
        message_ja = "写真として読めません (コピーし直してもかまいません)。"

    skipped = _skipped("a.jpg", Exc("not a photo"), tmp_path / "a.jpg", left=True)
    assert "。 (" not in skipped.why_ja and skipped.why_ja.endswith("。そのまま残しました。")
    assert skipped.why.endswith(" (left where it is)")


def test_enroll_names_the_line_of_a_label_it_cannot_read(tmp_path, models):
    from vision.cropset import CropDataError
    from vision.enroll import main as enroll

    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"]})
    label = root / "labels" / "train" / "a.txt"
    label.write_text(label.read_text() + "7z 0.5 0.5 0.1 0.1\n")
    with pytest.raises(CropDataError, match=r"a\.txt:3: YOLO label line needs numbers"):
        enroll(["--name", "x", "--data", str(root), *TINY, "--no-detector-crops"])
