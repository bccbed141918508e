"""`tilelens label` and `tilelens enroll` in Japanese (``TILELENS_LANG=ja`` or a Japanese locale:
``scorer.result.cli_lang``): their human text and their errors; ``--json``, the files they write and ``--help`` the
same in both languages, and the English text as it was."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image

from label_helpers import PHOTOS, FixedReader, make_dataset, run

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _no_progress_bars(err: str) -> str:
    """stderr less tqdm's bars (their own words: "photo/s")."""
    return "\n".join(line for line in err.replace("\r", "\n").splitlines() if line and "|" not in line)


def _tokyo(root: Path) -> Path:
    """A tiny Tokyo Mahjong dataset (class names = the game's tiles), a loose photo beside its data.yaml for init
    to file, and one that is no photo at all."""
    from scorer import load_game

    make_dataset(root, PHOTOS, names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))
    Image.new("RGB", (90, 60), (10, 120, 60)).save(root / "loose.jpg")
    (root / "broken.jpg").write_bytes(b"not a jpeg")
    return root


@pytest.fixture
def fixed_reader(monkeypatch):
    from tilelens.labelling import prelabel

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: FixedReader())


def _broken(root: Path) -> Path:
    """``make_dataset`` with a label file of three bad lines and a label file of no photo."""
    make_dataset(root)
    (root / "labels/train/a.txt").write_text("0 0.5 0.5 0.2\n0 0.5 0.5 0 0\n9 0.5 0.5 0.1 0.1\n")
    (root / "labels/train/zzz.txt").write_text("")
    return root


# ---- label init -------------------------------------------------------------------------------------------------

INIT_EN = ("5 photos: 1 pre-labelled (2 tiles), 3 kept their labels, 1 skipped; data.yaml written in {d}\n"
           "next: check the proposed boxes and tiles and accept each photo on the app's Label page (`tilelens app`), "
           "then `tilelens label teach {d} --name NAME --base tokyo-mahjong` (or Teach there)\n")


def test_label_init_in_english_is_as_it_was(tmp_path, fixed_reader, capsys):
    d = _tokyo(tmp_path / "ds")
    code, out, err = run(capsys, "label", "init", d, "--game", "tokyo-mahjong")
    assert code == 1
    assert out == INIT_EN.format(d=d)
    assert _no_progress_bars(err).splitlines() == [
        "skipped broken.jpg: not an image (unknown or unsupported format) (left where it is)",
        "proposals dropped, not tiles of tokyo-mahjong: dragon"]


def test_label_init_in_japanese(tmp_path, fixed_reader, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    d = _tokyo(tmp_path / "ds")
    code, out, err = run(capsys, "label", "init", d, "--game", "tokyo-mahjong")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2 and all(JAPANESE.search(line) for line in lines)
    assert "5" in lines[0] and str(d) in lines[0] and "data.yaml" in lines[0]
    assert f"tilelens label teach {d} --name NAME" in lines[1]  # the command itself, as it is typed
    for english in ("photos", "pre-labelled", "tiles)", "kept their labels", "skipped", "written in", "next:",
                    "check the proposed", "accept each photo", "Teach there"):
        assert english not in out, english
    said = _no_progress_bars(err).splitlines()
    assert len(said) == 2 and all(JAPANESE.search(line) for line in said)
    assert said[0].count("broken.jpg") == 1 and "images/train" not in said[0] and "dragon" in said[1]  # left loose
    assert "skipped" not in err and "proposals dropped" not in err and "not an image" not in err


def test_label_init_kept_and_empty_and_interrupted_in_japanese(tmp_path, fixed_reader, cli_env, capsys,
                                                               monkeypatch):
    from tilelens.labelling import prelabel
    from tilelens.labelling.store import set_done

    cli_env(TILELENS_LANG="ja")
    d = _tokyo(tmp_path / "ds")
    set_done(d, "images/train/a.jpg")
    code, out, err = run(capsys, "label", "init", d, "--game", "tokyo-mahjong", "--overwrite")
    assert code == 1 and "accepted in the Label page" not in err and "un-accept" not in err
    assert any(JAPANESE.search(line) and "1" in line for line in _no_progress_bars(err).splitlines()[2:])
    (tmp_path / "empty").mkdir()
    code, out, err = run(capsys, "label", "init", tmp_path / "empty", "--game", "nogizaka")
    assert code == 0 and JAPANESE.search(out) and err == "" and ".jpg" in out
    assert "no photos found" not in err and "put them there" not in err and "photos:" not in out

    def stop(*_a, **_k):
        raise prelabel.PrelabelInterrupted(1, 3)

    monkeypatch.setattr(prelabel, "prelabel_folder", stop)
    code, _, err = run(capsys, "label", "init", d, "--game", "tokyo-mahjong")
    assert code == 130 and err.startswith("tilelens label init: ") and JAPANESE.search(err)
    assert "interrupted" not in err and "pre-labelled" not in err and "same command" not in err


def test_label_init_writes_the_same_files_in_both_languages(tmp_path, fixed_reader, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    english = _tokyo(tmp_path / "en")
    assert run(capsys, "label", "init", english, "--game", "tokyo-mahjong")[0] == 1
    cli_env(TILELENS_LANG="ja")
    japanese = _tokyo(tmp_path / "ja")
    assert run(capsys, "label", "init", japanese, "--game", "tokyo-mahjong")[0] == 1
    files = sorted(p.relative_to(english).as_posix() for p in english.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(japanese).as_posix() for p in japanese.rglob("*") if p.is_file())
    assert "data.yaml" in files and "labels/train/loose.txt" in files
    for rel in (f for f in files if f != ".tilelens/decoded.json"):  # its photos' inodes and times differ
        ours, theirs = (english / rel).read_bytes(), (japanese / rel).read_bytes()
        assert ours.replace(str(english).encode(), b"D") == theirs.replace(str(japanese).encode(), b"D"), rel


# ---- label check / stats ----------------------------------------------------------------------------------------

CHECK_EN = """photos per split: train 2, val 1
photos with a label file: 3, without: 0
accepted: 0 of 3
tiles: 5 in 3 kinds
  1m 3
  2m 1
  5p 1
kinds never seen (1): 7z
  (not in your set? say so: `tilelens label kinds DIR --absent 7z`)
kinds with fewer than 3 tiles (2): 2m, 5p (a tile set enrolled from these photos will often misread them)
problems: 7 errors, 1 warning (wrong-field-count 1, class-out-of-range 1, unknown-tile-kind 4, zero-size-box 1, \
label-without-photo 1)
  error [wrong-field-count] labels/train/a.txt:1: 4 fields, expected 5 (class xc yc w h)
  error [class-out-of-range] labels/train/a.txt:3: class 9 out of range: the dataset has 4 classes (0..3)
  error [unknown-tile-kind] data.yaml: class '1m' is not a tile of nogizaka: a kind of the set's own? add it (`tilelens label kinds DIR --add 1m`); else fix the class name
  error [unknown-tile-kind] data.yaml: class '2m' is not a tile of nogizaka: a kind of the set's own? add it (`tilelens label kinds DIR --add 2m`); else fix the class name
  error [unknown-tile-kind] data.yaml: class '5p' is not a tile of nogizaka: a kind of the set's own? add it (`tilelens label kinds DIR --add 5p`); else fix the class name
  error [unknown-tile-kind] data.yaml: class '7z' is not a tile of nogizaka: a kind of the set's own? add it (`tilelens label kinds DIR --add 7z`); else fix the class name
  error [zero-size-box] labels/train/a.txt:2: box (1m) has no area
  warning [label-without-photo] labels/train/zzz.txt: no photo in the dataset for this label file
"""


def test_label_check_in_english_is_as_it_was(tmp_path, capsys):
    d = _broken(tmp_path / "ds")
    check_en = CHECK_EN.replace("DIR", str(d))
    assert run(capsys, "label", "check", d, "--game", "nogizaka") == (1, check_en, "")
    stats = check_en.split("problems:")[0]
    assert run(capsys, "label", "stats", d, "--game", "nogizaka") == (0, stats, "")


def test_label_check_in_japanese(tmp_path, cli_env, capsys):
    cli_env(LANG="ja_JP.UTF-8")  # a Japanese locale alone switches
    d = _broken(tmp_path / "ds")
    code, out, err = run(capsys, "label", "check", d, "--game", "nogizaka")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(CHECK_EN.splitlines())
    for english in ("photos per split", "photos with a label file", "without:", "tiles:", "kinds never seen",
                    "kinds with fewer than", "will often misread", "problems:", "errors", "warnings", "error [",
                    "warning [", "fields, expected", "out of range", "is not a tile of", "has no area",
                    "no photo in the dataset"):
        assert english not in out, english
    assert all(JAPANESE.search(line) for line in lines if not line.startswith("  ") or "[" in line)
    # the tile kinds, the problems' tags, files and lines as they are (what `--json` and the files say)
    assert "  1m 3" in lines and "7z" in out and "2m、5p" in out
    assert "【行の項目数が違います】labels/train/a.txt:1: " in out and "【写真のないラベルファイル】labels/train/zzz.txt: " in out
    assert "乃木坂ドンジャラ" in out  # the game by its Japanese name (the message_ja)
    code, stats, _ = run(capsys, "label", "stats", d, "--game", "nogizaka")
    assert code == 0 and stats.splitlines() == lines[:len(stats.splitlines())] and "[" not in stats


def test_label_check_lists_at_most_fifty_problems_in_both_languages(tmp_path):
    from tilelens.labelling.checks import check_dataset, format_report

    d = make_dataset(tmp_path) and tmp_path
    (d / "labels/train/a.txt").write_text("0 0.5 0.5 0.2\n" * 53)
    report = check_dataset(d)
    assert format_report(report).splitlines()[-1] == "  ... and 3 more"
    last = format_report(report, lang="ja").splitlines()[-1]
    assert "3" in last and JAPANESE.search(last) and "more" not in last


@pytest.mark.parametrize("argv", [["check", "--json"], ["stats", "--json"], ["check", "--game", "nogizaka", "--json"]])
def test_label_check_json_is_the_same_in_both_languages(tmp_path, cli_env, capsys, argv):
    d = _broken(tmp_path / "ds")
    cli_env(TILELENS_LANG="en")
    english = run(capsys, "label", argv[0], d, *argv[1:])
    cli_env(TILELENS_LANG="ja")
    japanese = run(capsys, "label", argv[0], d, *argv[1:])
    assert japanese == english and json.loads(english[1])["stats"]


# ---- export / import --------------------------------------------------------------------------------------------

def test_export_and_import_in_japanese_write_the_same_files(tmp_path, cli_env, capsys):
    d = _broken(tmp_path / "ds")
    written = {}
    for lang in ("en", "ja"):
        cli_env(TILELENS_LANG=lang)
        out = tmp_path / lang
        out.mkdir()
        said = [run(capsys, "label", "export", d, "--to", "coco", out / "coco.json"),
                run(capsys, "label", "export", d, "--to", "labelstudio", out / "tasks.json")]
        assert [code for code, _, _ in said] == [1, 1]
        written[lang] = {p.name: p.read_bytes() for p in out.iterdir()}
        if lang == "en":
            assert said[0][1].startswith(f"wrote {out / 'coco.json'}\nnext: ")
            assert said[1][1].startswith(f"wrote {out / 'tasks.json'} (the tasks), {out / 'tasks.xml'} (the labelling "
                                         f"interface: paste it in the project's Settings, Labeling Interface, Code)\nnext: ")
            assert said[0][2].startswith("error [wrong-field-count] labels/train/a.txt:1: 4 fields, expected 5 (class "
                                         "xc yc w h)\n")  # each thing left out named, then how many
            assert f"2 problems left out of the export (see `tilelens label check {d}`)\n" in said[0][2]
        else:
            for code, stdout, stderr in said:
                assert JAPANESE.search(stdout) and JAPANESE.search(stderr) and str(out) in stdout
                assert "wrote" not in stdout and "problems left out" not in stderr and "first:" not in stderr
                assert f"tilelens label check {d}" in stderr and "【行の項目数が違います】" in stderr
            assert "the tasks" not in said[1][1] and "Labeling Interface" in said[1][1]  # Label Studio's own words
    assert set(written["en"]) == {"coco.json", "tasks.json", "tasks.xml"}
    assert written["en"] == written["ja"]


def test_import_in_japanese(tmp_path, cli_env, capsys):
    d = make_dataset(tmp_path / "ds") and tmp_path / "ds"
    assert run(capsys, "label", "export", d, "--to", "coco", tmp_path / "c.json")[0] == 0
    code, out, err = run(capsys, "label", "import", tmp_path / "c.json", "--from", "coco", tmp_path / "en", "--images", d)
    assert (code, err) == (0, "") and out.startswith(
        f"3 photos labelled in {tmp_path / 'en'} (3 copied in, 0 skipped); accepted: 0 of 3\nnext: "), out
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "label", "import", tmp_path / "c.json", "--from", "coco", tmp_path / "ja",
                         "--images", d)
    assert code == 0 and err == "" and JAPANESE.search(out) and str(tmp_path / "ja") in out
    assert "photos labelled" not in out and "copied in" not in out and "skipped" not in out
    for name in ("data.yaml", "labels/train/a.txt", "labels/val/c.txt", "images/train/b.png"):
        assert (tmp_path / "en" / name).read_bytes().replace(str(tmp_path / "en").encode(), b"D") == \
            (tmp_path / "ja" / name).read_bytes().replace(str(tmp_path / "ja").encode(), b"D"), name
    code, out, err = run(capsys, "label", "import", tmp_path / "c.json", "--from", "coco", tmp_path / "lost")
    assert code == 1 and JAPANESE.search(out) and "--images FOLDER" in err
    assert "photos not found" not in err and "looked in" not in err and "the folder that holds" not in err
    assert "error [" not in err and "【写真のフォルダがありません】images/train/a.jpg" in err


# ---- audit ------------------------------------------------------------------------------------------------------

def _audit_report():
    from tilelens.labelling.audit import UNLABELLED, WRONG_KIND, AuditReport, Suspect

    return AuditReport((Suspect(WRONG_KIND, "images/a.jpg", (1, 2, 30, 40), "1m", "2m", 0.93, 0.04, 0),
                        Suspect(UNLABELLED, "images/b.jpg", (5, 6, 50, 60), None, "7z", 0.88)), 3, 10, ("f1",))


def test_audit_text_in_english_is_as_it_was():
    from tilelens.labelling.audit import AuditReport, format_audit

    assert format_audit(_audit_report(), "hk-mahjong", 0.8) == """\
audited 10 labels on 3 photos with hk-mahjong (flagged when it reads another kind at probability >= 0.80)
not audited, kinds hk-mahjong does not know: f1
1 label to look at (the recognizer reads another kind there):
  images/a.jpg at x 1-30, y 2-40: labelled 1m, reads 2m (0.93; 1m 0.04)
1 tile with no label:
  images/b.jpg at x 5-50, y 6-60: no label, reads 7z (detection 0.88)"""
    assert format_audit(AuditReport((), 2, 4), "2 tile sets", 0.9).splitlines()[-2:] == [
        "no labels to look at", "no tiles without a label"]  # no list follows: no count, no colon (session 53)


def test_audit_text_in_japanese():
    from tilelens.labelling.audit import format_audit

    text = format_audit(_audit_report(), "hk-mahjong", 0.8, lang="ja")
    lines = text.splitlines()
    assert len(lines) == 6 and all(JAPANESE.search(line) for line in lines)
    assert "hk-mahjong" in lines[0] and "0.80" in lines[0] and "f1" in lines[1]
    assert "images/a.jpg" in lines[3] and "1m" in lines[3] and "2m" in lines[3] and "0.93" in lines[3]
    assert "images/b.jpg" in lines[5] and "7z" in lines[5] and "0.88" in lines[5]
    for english in ("audited", "labels on", "photos with", "flagged", "not audited", "to look at", "with no label",
                    "labelled 1m", "reads", "detection", " at x "):
        assert english not in text, english
    assert str(_audit_report().suspects[0]).startswith("images/a.jpg at x 1-30")  # --json's text stays English


# ---- errors -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, english", [
    (["init", "{d}"], "name the --game"),
    (["audit", "{d}"], "name the --game"),
    (["audit", "{d}", "--cross", "2", "--tileset", "x"], "enrols its own tile sets"),
    (["audit", "{d}", "--game", "tokyo-mahjong", "--pictures", "{d}/images"], "would lie among"),
    (["audit", "{d}", "--game", "tokyo-mahjong", "--pictures", "{d}"], "would lie among"),
    (["audit", "{d}", "--game", "tokyo-mahjong", "--pictures", "{t}/afile"], "is a file"),
    (["export", "{d}", "--to", "coco", "{t}"], "is a folder"),
    (["export", "{d}", "--to", "labelstudio", "{t}/tasks.xml"], "the tasks are JSON"),
    (["export", "{d}", "--to", "coco", "{d}/labels/x.json"], "would write over"),
    (["import", "{t}", "--from", "labelstudio", "{t}/new"], "is a folder"),
    (["import", "{t}", "--from", "coco", "{t}/new"], "is a folder"),
    (["check", "{t}/nope"], "no such folder"),
], ids=["init", "audit", "cross-tileset", "pictures-in", "pictures-root", "pictures-file", "export-folder",
        "export-xml", "export-over", "import-folder-ls", "import-folder-coco", "check-none"])
def test_label_errors_in_japanese(tmp_path, cli_env, capsys, argv, english):
    d = make_dataset(tmp_path / "ds") and tmp_path / "ds"
    (tmp_path / "afile").write_text("x")
    argv = ["label", *(a.format(d=d, t=tmp_path) for a in argv)]
    cli_env(TILELENS_LANG="en")
    code, _, err = run(capsys, *argv)
    assert code == 2 and english in err
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("tilelens label: ")
    assert JAPANESE.search(err) and english not in err


# ---- enroll -----------------------------------------------------------------------------------------------------

@pytest.fixture
def crops(tmp_path):
    """Two kinds of crops, two of each (DIR/<tile id>/*.png): too few of each, so enrolment warns."""
    root = tmp_path / "crops"
    for kind, colour in (("1m", (200, 30, 30)), ("5z", (30, 30, 200))):
        (root / kind).mkdir(parents=True)
        for j in range(2):
            Image.new("RGB", (30, 40), tuple(c + 9 * j for c in colour)).save(root / kind / f"{j}.png")
    return root


@pytest.mark.parametrize("argv, english", [
    (["--name", "Bad Name!"], "must be lower-case"),
    (["--name", "nogizaka"], "is a game's"),
    (["--name", "x", "--base", "no-such-base"], "unknown base"),
    (["--name", "never", "--orient-only"], "enrol it first"),
    (["--name", "never", "--orient-only", "--orient-minutes", "0"], "must be positive"),
    (["--name", "x", "--data", "{t}/one"], "at least two kinds"),
], ids=["name", "game-name", "base", "orient-only", "orient-minutes", "one-kind"])
def test_enroll_errors_in_japanese(tmp_path, crops, cli_env, capsys, argv, english):
    (tmp_path / "one" / "1m").mkdir(parents=True)
    Image.new("RGB", (30, 40)).save(tmp_path / "one" / "1m" / "a.png")
    argv = ["enroll", "--data", crops, "--models", tmp_path / "models", *(a.format(t=tmp_path) for a in argv)]
    cli_env(TILELENS_LANG="en")
    code, _, err = run(capsys, *argv)
    assert code == 2 and english in err
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, *argv)
    err = _no_progress_bars(err)
    assert code == 2 and err.startswith("tilelens enroll: ") and JAPANESE.search(err) and english not in err


def _fake_training(monkeypatch):
    """Enrolment without its training (seconds of torch): the model is a stand-in, its files a few bytes."""
    from vision import classifier_train

    monkeypatch.setattr(classifier_train, "train", lambda *a, **k: "model")

    def write(model, spec, dest):
        Path(dest).parent.mkdir(parents=True, exist_ok=True)
        Path(dest).write_bytes(b"model")

    monkeypatch.setattr(classifier_train, "train", lambda *a, **k: "model")
    monkeypatch.setattr(classifier_train, "export", write)
    monkeypatch.setattr(classifier_train, "save_weights", write)


def _enrol(capsys, crops, models, *more):
    return run(capsys, "enroll", "--name", "tiny", "--data", crops, "--models", models, "--epochs", "1",
               "--orient-minutes", "0", "--work", models.parent / "run", "--replace", *more)


def test_enroll_in_english_is_as_it_was(tmp_path, crops, monkeypatch, capsys):
    _fake_training(monkeypatch)
    models = tmp_path / "models"
    code, out, err = _enrol(capsys, crops, models)
    assert code == 0
    assert _no_progress_bars(err).splitlines() == [
        "warning: 2 kinds have fewer than 3 labelled tiles (1m, 5z): expect them misread; label more photos that "
        "show them"]
    lines = out.splitlines()
    assert lines[0] == "enrolling 'tiny': 4 crops of 2 kinds, base none, 1 epoch"
    assert re.fullmatch(rf"tile set written to {re.escape(str(models / 'tilesets' / 'tiny'))} \([\d.]+ min\); read "
                        rf"with `tilelens read --tileset tiny --models {re.escape(str(models))}`", lines[1])
    assert len(lines) == 2


def test_enroll_in_japanese(tmp_path, crops, monkeypatch, cli_env, capsys):
    _fake_training(monkeypatch)
    models = tmp_path / "models"
    cli_env(TILELENS_LANG="en")
    assert _enrol(capsys, crops, models)[0] == 0
    english = json.loads((models / "tilesets/tiny/tileset.json").read_text())
    cli_env(TILELENS_LANG="ja")
    code, out, err = _enrol(capsys, crops, models, "--minutes", "3")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 2 and all(JAPANESE.search(line) for line in lines)
    assert "「tiny」" in lines[0] and "4" in lines[0] and "2" in lines[0]
    assert str(models / "tilesets" / "tiny") in lines[1]
    assert f"tilelens read --tileset tiny --models {models}" in lines[1]  # the command as it is typed
    for english_word in ("enrolling", "crops of", "kinds", "base none", "epoch", "tile set written", " min)",
                         "read with"):
        assert english_word not in out, english_word
    err = _no_progress_bars(err)
    assert len(err.splitlines()) == 1 and JAPANESE.search(err) and "warning" not in err and "misread" not in err
    japanese = json.loads((models / "tilesets/tiny/tileset.json").read_text())
    assert {k: v for k, v in japanese.items() if k != "minutes"} == {k: v for k, v in english.items() if k != "minutes"}


def test_enroll_without_faces_says_so_in_japanese(tmp_path, crops, monkeypatch, cli_env, capsys):
    from vision import cropset

    _fake_training(monkeypatch)
    cli_env(TILELENS_LANG="ja")
    faces, calls = cropset.CropSet.faces, []

    def no_faces_for_orientation(self):  # the kinds' crops still, then none for the orientation model
        calls.append(1)
        found = faces(self)
        return found if len(calls) == 1 else cropset.CropSet(found.images[:0], found.labels[:0], found.classes,
                                                             found.groups[:0])

    monkeypatch.setattr(cropset.CropSet, "faces", no_faces_for_orientation)
    code, out, err = run(capsys, "enroll", "--name", "tiny", "--data", crops, "--models", tmp_path / "models",
                         "--epochs", "1", "--work", tmp_path / "run")
    err = _no_progress_bars(err)
    assert code == 0 and "no orientation model" not in err
    assert any(JAPANESE.search(line) and "orient" not in line for line in err.splitlines()[1:])
