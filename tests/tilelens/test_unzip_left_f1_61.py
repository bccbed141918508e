"""Session 61 (F1, made simple by F12): an unzip a stopped import left beside the dataset
(``tilelens.labelling.archive``).

`tilelens label import roboflow.zip --from coco DIR` unzips into a hidden ``.tilelens-unzip-*`` folder beside DIR and
removes it when the import ends; an import killed (``kill -9``, a closed terminal's SIGHUP, a power cut) left it
there, up to ``MAX_BYTES`` of photos, and no later import removed it. The next import now removes each folder of the
prefix beside the dataset in which nothing has changed for ``UNLOCKED_STALE_S`` (an hour: an import reads what it
unzipped for minutes), and says so in one line; a recent one it leaves alone, and a file or a link of the prefix too.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from tilelens.labelling import archive
from tilelens.labelling.archive import UNZIP_PREFIX, UNLOCKED_STALE_S, unzipped

from label_helpers import run
from test_label_roboflow_coco import roboflow_coco

REPO = Path(__file__).resolve().parents[2]
SAID_EN = "removed an unfinished unzip left by an import that stopped: "
SAID_JA = "中断された読み込みが残した、展開途中のフォルダを削除しました: "


def _zip(folder: Path, target: Path) -> Path:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, path.relative_to(folder).as_posix())
    return target


def _unzipping(zipped: Path, dataset: Path) -> subprocess.Popen:
    """Another process inside ``unzipped(zipped, dataset)``, as an import is while it reads what it unzipped: it
    writes ``ready`` once there, then waits to be killed."""
    code = ("import sys, time\nfrom tilelens.labelling.archive import unzipped\n"
            "with unzipped(sys.argv[1], sys.argv[2]):\n    print('ready', flush=True)\n    time.sleep(120)\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(zipped), str(dataset)], cwd=REPO,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


def _unzips(where: Path) -> list[str]:
    return sorted(p.name for p in where.iterdir() if p.name.startswith(UNZIP_PREFIX))


def _aged(folder: Path, age_s: float) -> Path:
    """``folder`` as if nothing in it had changed for ``age_s``."""
    then = time.time() - age_s
    for top, dirs, files in os.walk(folder):
        for name in dirs + files:
            os.utime(os.path.join(top, name), (then, then), follow_symlinks=False)
    os.utime(folder, (then, then))
    return folder


@pytest.fixture
def download(tmp_path) -> Path:
    roboflow_coco(tmp_path / "dl")
    (tmp_path / "work").mkdir()
    return _zip(tmp_path / "dl", tmp_path / "roboflow.zip")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 is POSIX's")
@pytest.mark.parametrize("language, said", [("en", SAID_EN), ("ja", SAID_JA)])
def test_an_import_killed_leaves_its_unzip_and_an_import_an_hour_later_removes_it(download, tmp_path, cli_env,
                                                                                  capsys, language, said):
    cli_env(TILELENS_LANG=language)
    work = tmp_path / "work"
    proc = _unzipping(download, work / "ds")
    (left,) = _unzips(work)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert _unzips(work) == [left] and (work / left / "train").is_dir()  # what a killed import leaves, as it was
    assert sorted(p.name for p in (work / left).iterdir()) == ["test", "train", "valid"]  # no lock, no subfolder
    code, out, err = run(capsys, "label", "import", download, "--from", "coco", work / "ds")
    assert code == 0, err
    assert _unzips(work) == [left] and "unfinished unzip" not in err and "展開途中" not in err, err  # too recent
    _aged(work / left, UNLOCKED_STALE_S + 60)
    code, out, err = run(capsys, "label", "import", download, "--from", "coco", work / "ds2")
    assert code == 0, err
    assert _unzips(work) == [], err  # the one left removed, this import's own too
    (line,) = [line for line in err.splitlines() if line.startswith(said)]
    assert line == said + str(work / left), line
    assert (work / "ds2/images/train").is_dir()


def test_the_unzip_of_an_import_still_running_is_left_alone(download, tmp_path, capsys):
    work = tmp_path / "work"
    proc = _unzipping(download, work / "ds")
    try:
        (theirs,) = _unzips(work)
        code, out, err = run(capsys, "label", "import", download, "--from", "coco", work / "other")
        assert code == 0, err
        assert _unzips(work) == [theirs] and (work / theirs / "train").is_dir()
        assert "removed an unfinished unzip" not in err, err
    finally:
        proc.kill()
        proc.wait()


def test_this_import_says_nothing_of_its_own_unzip(download, tmp_path, capsys):
    code, out, err = run(capsys, "label", "import", download, "--from", "coco", tmp_path / "work" / "ds")
    assert code == 0 and "unfinished unzip" not in err + out, err


def _left(where: Path, name: str, age_s: float) -> Path:
    """An unzip folder as a stopped import left it, nothing in it changed for ``age_s``."""
    folder = where / name
    (folder / "train").mkdir(parents=True)
    (folder / "train" / "photo.jpg").write_bytes(b"\xff\xd8")
    return _aged(folder, age_s)


def test_an_unzip_is_removed_only_once_nothing_in_it_has_changed_for_an_hour(download, tmp_path, capsys):
    work = tmp_path / "work"
    old = _left(work, UNZIP_PREFIX + "old12345", UNLOCKED_STALE_S + 60)
    recent = _left(work, UNZIP_PREFIX + "new12345", UNLOCKED_STALE_S - 120)
    touched = _left(work, UNZIP_PREFIX + "touched1", UNLOCKED_STALE_S * 2)
    (touched / "train" / "photo.jpg").write_bytes(b"\xff\xd8\xff")  # an import still unzipping or reading it
    code, out, err = run(capsys, "label", "import", download, "--from", "coco", work / "ds")
    assert code == 0, err
    assert not old.exists() and recent.is_dir() and touched.is_dir(), err
    assert err.count(SAID_EN) == 1 and SAID_EN + str(old) in err, err


def test_only_unzip_folders_are_removed(download, tmp_path, capsys):
    """Not a folder of another name, a file of the prefix, nor a link of the prefix (nor what it points to)."""
    work = tmp_path / "work"
    kept = [_left(work, name, UNLOCKED_STALE_S * 2) for name in ("tilelens-unzip-abc", ".tilelens-unzipped", "photos")]
    (work / (UNZIP_PREFIX + "file")).write_text("mine")
    _aged(work / (UNZIP_PREFIX + "file"), UNLOCKED_STALE_S * 2)
    target = _left(tmp_path, "elsewhere", UNLOCKED_STALE_S * 2)
    (work / (UNZIP_PREFIX + "link")).symlink_to(target, target_is_directory=True)
    os.utime(work / (UNZIP_PREFIX + "link"), (1, 1), follow_symlinks=False)
    code, out, err = run(capsys, "label", "import", download, "--from", "coco", work / "ds")
    assert code == 0 and "unfinished unzip" not in err, err
    assert all((k / "train/photo.jpg").is_file() for k in kept) and (target / "train/photo.jpg").is_file()
    assert (work / (UNZIP_PREFIX + "file")).read_text() == "mine" and (work / (UNZIP_PREFIX + "link")).is_symlink()


def test_each_removal_is_said_to_on_note_in_both_languages(download, tmp_path):
    """A caller that shows words itself (not a command line) is given both; nothing goes to stderr then."""
    old = _left(tmp_path / "work", UNZIP_PREFIX + "old12345", UNLOCKED_STALE_S + 60)
    notes: list[tuple[str, str]] = []
    with unzipped(download, tmp_path / "work" / "ds", on_note=lambda en, ja: notes.append((en, ja))) as folder:
        assert (folder / "train").is_dir()
    assert notes == [(SAID_EN + str(old), SAID_JA + str(old))]
    assert archive.remove_unfinished_unzips(tmp_path / "work" / "ds") == [] and _unzips(tmp_path / "work") == []


def test_the_unzip_given_holds_what_the_zip_holds(tmp_path):
    """A download in one folder is given as that folder, and an unwrapped one holds what its zip holds, nothing more
    (nothing of the import's own beside it)."""
    roboflow_coco(tmp_path / "dl" / "mahjong.v1i.coco")
    zipped = _zip(tmp_path / "dl", tmp_path / "wrapped.zip")
    with unzipped(zipped, tmp_path / "ds") as folder:
        assert folder.name == "mahjong.v1i.coco" and (folder / "train").is_dir()
        assert folder.parent.name.startswith(UNZIP_PREFIX) and folder.parent.parent == tmp_path
    zipped = _zip(tmp_path / "dl" / "mahjong.v1i.coco", tmp_path / "unwrapped.zip")
    with unzipped(zipped, tmp_path / "ds") as folder:
        assert sorted(p.name for p in folder.iterdir()) == ["test", "train", "valid"]
        assert folder.name.startswith(UNZIP_PREFIX) and folder.parent == tmp_path
