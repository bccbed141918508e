"""Session 67: bad files met by labelling and eval, found by a hostile-input walk.

`label init` took a photo it may not read (mode 000) for a folder it may not write, after filing the photos before
it; eval said a UTF-16 label file and a photo cut short in Python's and Pillow's words (English under
TILELENS_LANG=ja), and stopped at the photo; `label import` refused JSON saved with a byte-order mark; a Label Studio
file that is no list of tasks did not name the file; `label export` of a `synth` set warned of its `kinds/` view's
labels; a dataset name with a line break, and a game file's `hand_size = true`, were said in other words than theirs.
"""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tilelens.cli import main as tilelens

from label_helpers import OneTileReader, make_dataset, plain_photos

REPO = Path(__file__).resolve().parents[2]
NOCAP = ["setpriv", "--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search"]
SAMPLE = sorted((REPO / "tests" / "vision" / "data" / "detector" / "images").glob("*.jpg"))[0]


def _nocap() -> list[str]:
    """How to run a command that a file's permissions bind: as it is for a user, without root's override."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("root reads a file of mode 000 and setpriv is not here to drop that")
    return NOCAP


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


# ---------------------------------------------------------------- label init: a photo it may not read

@pytest.mark.parametrize("lang, said", [("en", "noread.jpg: cannot be read (Permission denied) (left where it is)"),
                                        ("ja", "noread.jpg: ファイルを読めません。そのまま残しました。")])
def test_init_skips_a_photo_it_may_not_read_and_files_the_rest(tmp_path, lang, said):
    root = plain_photos(tmp_path / "li", 3)
    shutil.copy(root / "p0.jpg", root / "noread.jpg")  # the bytes of another: its twin is looked for by reading it
    Image.new("RGB", (90, 70), (1, 2, 3)).save(root / "zz-noread.jpg")  # and one of its own size: filed, then read
    (root / "images" / "train").mkdir(parents=True)  # and one filed before, without labels: read where it lies
    Image.new("RGB", (50, 40), (9, 8, 7)).save(root / "images" / "train" / "filed-noread.jpg")
    for photo in root.rglob("*noread*"):
        photo.chmod(0)
    try:
        run = subprocess.run([*_nocap(), sys.executable, "-m", "tilelens.cli", "label", "init", str(root),
                              "--game", "nogizaka"], capture_output=True, text=True, timeout=300,
                             env={**os.environ, "TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LANG": lang,
                                  "YOLO_OFFLINE": "1", "PYTHONPATH": str(REPO)})
    finally:  # wherever they are now: pytest removes the folder after
        for photo in root.rglob("*noread*"):
            photo.chmod(0o644)
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and "cannot write" not in run.stderr and "書き込めません" not in run.stderr
    assert said in run.stderr and said.replace("noread", "zz-noread") in run.stderr, run.stderr
    filed = said.replace("noread", "images/train/filed-noread").replace(" (left where it is)", "").replace(
        "そのまま残しました。", "")
    assert filed in run.stderr, run.stderr
    files = _files(root)
    assert {"noread.jpg", "zz-noread.jpg", "data.yaml"} <= files  # left where they lay; the dataset made
    assert {f"images/train/p{i}.jpg" for i in range(3)} <= files and {f"labels/train/p{i}.txt" for i in range(3)} <= files
    assert {f for f in files if "noread" in f and f.startswith(("images/", "labels/"))} == {
        "images/train/filed-noread.jpg"}  # the one filed before stays so, no labels made for it


def test_a_failure_while_filing_puts_back_every_photo_filed(tmp_path, monkeypatch):
    from tilelens.labelling import prelabel

    root = plain_photos(tmp_path / "li", 4)
    before = _files(root)
    real_move, moves = shutil.move, []

    def full_at_the_third(src, dst, *args, **kwargs):
        moves.append(src)
        if len(moves) == 3 and Path(dst).parent.name == "train":
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real_move(src, dst, *args, **kwargs)

    monkeypatch.setattr(prelabel.shutil, "move", full_at_the_third)
    with pytest.raises(OSError):
        prelabel.prelabel_folder(root, "tokyo-mahjong", reader=OneTileReader("1m"), progress=False)
    monkeypatch.setattr(prelabel.shutil, "move", real_move)
    assert {f for f in _files(root) if not f.startswith(".tilelens/")} == before  # none half filed
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=OneTileReader("1m"), progress=False)
    assert (summary.photos, summary.labelled) == (4, 4)  # run again: every photo filed and labelled


# ---------------------------------------------------------------- eval: a UTF-16 label file, a photo cut short

def _eval_set(tmp_path: Path) -> Path:
    root = tmp_path / "set"
    for d in ("images/val", "labels/val"):
        (root / d).mkdir(parents=True)
    shutil.copy(SAMPLE, root / "images" / "val" / "a.jpg")
    data = SAMPLE.read_bytes()
    (root / "images" / "val" / "b.jpg").write_bytes(data[: len(data) // 2])  # a copy that stopped part way
    for name in ("a", "b"):
        (root / "labels" / "val" / f"{name}.txt").write_text("0 0.5 0.5 0.2 0.2\n")
    return root


@pytest.mark.parametrize("lang, said", [
    ("en", "1 photo cannot be read and is left out ("),
    ("ja", "写真 1枚は読めないので外しました ("),
])
def test_eval_leaves_out_a_photo_cut_short_and_counts_it(tmp_path, capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    root = _eval_set(tmp_path)
    assert tilelens(["eval", "--data", str(root)]) == 0
    out, err = capsys.readouterr()
    assert said in err and "b.jpg" in err, err
    assert ("cut short" if lang == "en" else "ファイルが途中で切れています") in err
    assert "truncated" not in err and "Traceback" not in err
    assert ("(1 image)" if lang == "en" else "(写真 1枚)") in out


def test_eval_load_counts_each_photo_it_cannot_read(tmp_path):
    from vision.eval_data import EvalDataError, load_eval_set

    root = _eval_set(tmp_path)
    unread: list = []
    items = load_eval_set(str(root), unreadable=unread)
    assert [it.image_path.name for it in items] == ["a.jpg"]
    assert [(path.name, "cut short" in en, "途中で切れています" in ja) for path, en, ja in unread] == [
        ("b.jpg", True, True)]
    (root / "images" / "val" / "a.jpg").write_bytes(b"")
    with pytest.raises(EvalDataError) as caught:  # none left: said, each photo counted
        load_eval_set(str(root), unreadable=[])
    assert "no labelled images found (2 photos that cannot be read" in str(caught.value)
    assert "読めない写真が 2枚" in caught.value.message_ja


@pytest.mark.parametrize("bom", [True, False])
def test_eval_says_a_utf16_label_file_as_label_check_does(tmp_path, capsys, monkeypatch, bom):
    from vision.eval_data import EvalDataError, load_eval_set

    root = _eval_set(tmp_path)
    (root / "images" / "val" / "b.jpg").unlink()
    label = root / "labels" / "val" / "a.txt"
    label.write_bytes(("\ufeff" * bom + "0 0.5 0.5 0.2 0.2\n").encode("utf-16-le"))
    with pytest.raises(EvalDataError) as caught:
        load_eval_set(str(root))
    assert str(caught.value) == f"{label}: not plain text: saved as UTF-16 (\"Unicode\", as Windows PowerShell's > " \
                                f"writes)? save it as UTF-8"
    assert caught.value.message_ja.startswith(f"{label}: 普通のテキストではありません。UTF-16 (「Unicode」) で保存されていませんか?")
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert tilelens(["eval", "--data", str(root)]) == 2
    err = capsys.readouterr().err
    assert "UTF-16 (「Unicode」) で保存されていませんか?" in err and "codec" not in err and len(err.splitlines()) == 1


# ---------------------------------------------------------------- label import: a BOM, a file of no tasks

@pytest.mark.parametrize("fmt", ["coco", "labelstudio"])
def test_import_reads_json_saved_with_a_bom(tmp_path, capsys, fmt):
    from tilelens.labelling.transfer import Format, export_dataset

    make_dataset(tmp_path / "a")
    out = tmp_path / "out.json"
    export_dataset(tmp_path / "a", Format(fmt), out)
    out.write_bytes(b"\xef\xbb\xbf" + out.read_bytes())  # as Windows' Notepad saves it
    capsys.readouterr()
    code = tilelens(["label", "import", "--from", fmt, str(out), str(tmp_path / "b"), "--game", "tokyo-mahjong",
                     "--images", str(tmp_path / "a")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "BOM" not in err and "utf-8-sig" not in err
    assert (tmp_path / "b" / "labels" / "train" / "a.txt").is_file()


@pytest.mark.parametrize("content", ["null", '{"a": 1}', "3"])
def test_a_label_studio_file_of_no_tasks_is_named(tmp_path, content):
    from tilelens.labelling.labelstudio import read_labelstudio
    from tilelens.labelling.model import LabelFileError

    path = tmp_path / "tasks.json"
    path.write_text(content)
    with pytest.raises(LabelFileError) as caught:
        read_labelstudio(path)
    assert str(caught.value) == f"{path}: Label Studio: expected a JSON list of tasks"
    assert caught.value.message_ja == f"{path}: Label Studio: タスクの JSON リストではありません"


# ---------------------------------------------------------------- label export of a synth set

def test_export_leaves_a_dataset_of_its_own_inside_unsaid(tmp_path):
    from tilelens.labelling.model import IssueKind
    from tilelens.labelling.transfer import Format, export_dataset

    root = tmp_path / "ds"
    make_dataset(root)
    make_dataset(root / "kinds")  # synth's view: the same photos by tile kind, a dataset of its own
    _, issues = export_dataset(root, Format.COCO, tmp_path / "out.json")
    assert not [i for i in issues if i.kind is IssueKind.ORPHAN_LABEL], issues
    (root / "labels" / "train" / "gone.txt").write_text("0 0.5 0.5 0.2 0.2\n")  # its own still said
    _, issues = export_dataset(root, Format.COCO, tmp_path / "out.json")
    assert [i.path for i in issues if i.kind is IssueKind.ORPHAN_LABEL] == ["labels/train/gone.txt"]


# ---------------------------------------------------------------- names and game files

def test_a_dataset_name_with_a_line_break_says_so():
    from tilelens.labelling.model import LabelFileError
    from tilelens.labelling.uploads import dataset_folder

    with pytest.raises(LabelFileError) as caught:
        dataset_folder("/data", "my\ntiles")
    assert "a dataset name cannot hold" in str(caught.value)  # as a name with a slash is said
    assert "line break" in str(caught.value) and "'my\\ntiles'" in str(caught.value)
    assert "改行" in caught.value.message_ja and "my\\ntiles" in caught.value.message_ja
    with pytest.raises(LabelFileError) as caught:
        dataset_folder("/data", "a/b")
    assert "line break" not in str(caught.value)


def test_a_game_file_true_for_a_number_is_said_as_toml_writes_it(tmp_path, capsys):
    from scorer import catalog

    text = (Path(catalog.GAMES_DIR) / "nogizaka.toml").read_text(encoding="utf-8")
    bad = tmp_path / "hs.toml"
    bad.write_text(text.replace("hand_size = 9", "hand_size = true", 1), encoding="utf-8")
    assert tilelens(["score", "--game", str(bad), "rarin"]) == 2
    err = capsys.readouterr().err
    assert "field hand_size: must be a whole number (got true)" in err and "True" not in err, err
