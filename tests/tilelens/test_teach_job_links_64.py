"""A teaching job's folder (``DATASET/.tilelens/teach``) is the dataset's own, never read or written through a link.

A dataset received with ``.tilelens`` or ``.tilelens/teach`` linked elsewhere, or a job file (``job.json``,
``photos.txt`` ...) or ``run/`` linked to a user's file or folder, had that file read as the job's and written over by
Teach (``label teach``, the Label page); a named pipe there hung the Label page's progress read. The job folder is
looked at once (a real folder, not a link) and each job file is read only where it is a file of its own
(``store.own_file``): a link is neither followed nor written through (the writer refused with
``teach._cannot_write``'s words), a pipe only stat()ed, never opened.
"""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from tilelens.labelling import Box, Dataset, LabelledImage, set_done, teach, write_yolo
from tilelens.labelling.teach import TeachError

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="links and pipes as POSIX has them")
REPO = Path(__file__).resolve().parents[2]
JOB_FILES = ("job.json", "progress.json", "result.json", "photos.txt", "data.yaml", "log.txt", "seen.json")


def _dataset(root: Path) -> Path:
    """Two accepted photos, each with two boxes: enough for a Teach to reach its job's files."""
    images = []
    for name in ("a", "b"):
        rel = f"images/train/{name}.png"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(root / rel), np.full((40, 80, 3), 90, np.uint8))
        images.append(LabelledImage(rel, (80, 40), (Box("1m", (0.1, 0.1, 0.4, 0.9)), Box("1p", (0.5, 0.1, 0.9, 0.9)))))
    write_yolo(Dataset(("1m", "1p"), tuple(images), "tokyo-mahjong"), root)
    for name in ("a", "b"):
        set_done(root, f"images/train/{name}.png")
    return root


@pytest.fixture
def dataset(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    return _dataset(tmp_path / "ds")


@pytest.fixture
def started(monkeypatch) -> list:
    """Children "started" (none really: a Teach that got that far is counted)."""
    starts: list = []

    class Child:
        pid = os.getpid()

        def __init__(self, *args, **kwargs):
            starts.append(args)

        def poll(self):
            return None

    monkeypatch.setattr(teach.subprocess, "Popen", Child)
    monkeypatch.setattr(teach, "_children", {})
    return starts


def _users_job(folder: Path) -> dict[str, bytes]:
    """A user's folder with files of a teaching job's names (a job said running, by this live process)."""
    folder.mkdir(parents=True)
    files = {"job.json": json.dumps({"name": "theirs", "args": [], "minutes": 5, "photos": 9, "pid": os.getpid(),
                                     "started": time.time()}),
             "progress.json": json.dumps({"stage": "training", "fraction": 0.5}),
             "result.json": json.dumps({"ok": True, "message": "tile set 'theirs' is ready"}),
             "photos.txt": "/elsewhere/one.jpg\n/elsewhere/two.jpg\n", "data.yaml": "names: [x]\n",
             "log.txt": "the user's own log\n", "seen.json": json.dumps({"started": 1.0, "name": "theirs"})}
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def _as_it_was(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def _refused_writing(exc: pytest.ExceptionInfo) -> None:
    assert "cannot write the teaching job's files in " in str(exc.value)
    assert "登録用のファイルを書けません" in exc.value.message_ja


@posix_only
@pytest.mark.parametrize("linked", ["teach", ".tilelens"])
def test_a_linked_job_folder_is_neither_read_nor_written(dataset, tmp_path, started, linked):
    users = tmp_path / "users"
    before = _users_job(users / "teach")
    if linked == "teach":
        (dataset / ".tilelens").mkdir(exist_ok=True)
        os.symlink(users / "teach", teach.job_dir(dataset))
    else:
        assert not (dataset / ".tilelens").exists()
        os.symlink(users, dataset / ".tilelens")
    assert teach.status(dataset) is None  # the user's job.json is not this dataset's job
    job = teach.TeachJob("theirs", "done", "export", 1.0, 1.0, 5, 9, "", teach.job_dir(dataset))
    assert job.log_tail() == ""
    assert not teach.outcome_seen(job)
    assert teach.job_photos_said(dataset) == ("0 accepted photos", "OK にした写真 0枚")
    teach.mark_outcome_seen(job)  # quietly nothing
    with pytest.raises(TeachError) as refused:
        teach.start(dataset, "mine", None, 1)
    _refused_writing(refused)
    with pytest.raises(TeachError) as refused:
        teach.enroll_args(dataset, "mine", None, 1)
    _refused_writing(refused)
    assert not started
    assert _as_it_was(users / "teach") == before  # the user's files as they were
    assert (teach.job_dir(dataset) if linked == "teach" else dataset / ".tilelens").is_symlink()


@posix_only
@pytest.mark.parametrize("name", ["job.json", "photos.txt", "data.yaml", "log.txt", "run"])
def test_a_job_file_linked_to_a_users_file_is_not_written_over(dataset, tmp_path, started, name):
    users = tmp_path / "users"
    users.mkdir()
    theirs = users / ("run" if name == "run" else "notes.txt")
    if name == "run":
        theirs.mkdir()
        (theirs / "last.pt").write_bytes(b"the user's own checkpoint")
    else:
        theirs.write_text("the user's own notes\n", encoding="utf-8")
    before = _as_it_was(users if name != "run" else theirs)
    teach.job_dir(dataset).mkdir(parents=True)
    os.symlink(theirs, teach.job_dir(dataset) / name)
    assert teach.status(dataset) is None
    with pytest.raises(TeachError) as refused:
        teach.start(dataset, "mine", None, 1)
    _refused_writing(refused)
    assert not started and teach.status(dataset) is None
    assert _as_it_was(users if name != "run" else theirs) == before
    assert (teach.job_dir(dataset) / name).is_symlink()


@posix_only
def test_label_teach_refuses_a_linked_job_json_in_one_line(dataset, tmp_path, capsys, monkeypatch):
    import vision.enroll
    from tilelens.cli import main as tilelens

    enrolled: list = []
    monkeypatch.setattr(vision.enroll, "main", lambda argv, **kw: enrolled.append(argv) or 0)
    theirs = tmp_path / "theirs.json"
    theirs.write_text('{"mine": "a user\'s own file"}\n', encoding="utf-8")
    teach.job_dir(dataset).mkdir(parents=True)
    os.symlink(theirs, teach.job_dir(dataset) / "job.json")
    assert tilelens(["label", "teach", str(dataset), "--name", "cli-set", "--epochs", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot write the teaching job's files in " in err[0], err
    assert not enrolled and theirs.read_text(encoding="utf-8") == '{"mine": "a user\'s own file"}\n'


_PIPES_SCRIPT = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    from tilelens.labelling import teach
    from tilelens.labelling.teach import TeachError

    class Child:
        pid = os.getpid()
        def __init__(self, *args, **kwargs):
            raise AssertionError("no child is started")

    teach.subprocess.Popen = Child
    root = Path(sys.argv[1])
    seen = {}
    job = teach.status(root)  # job.json a file, the rest pipes
    seen["status"] = job and [job.state, job.stage, job.fraction, job.message]
    seen["log"] = job and job.log_tail()
    seen["seen"] = job and teach.outcome_seen(job)
    job and teach.mark_outcome_seen(job)
    seen["photos"] = list(teach.job_photos_said(root))
    os.unlink(teach.job_dir(root) / "job.json")
    os.mkfifo(teach.job_dir(root) / "job.json")  # the job itself a pipe
    seen["no job"] = teach.status(root) is None
    try:
        teach.start(root, "mine", None, 1)
    except TeachError as exc:
        seen["start"] = str(exc)
    print(json.dumps(seen))
""")


@posix_only
def test_pipes_in_the_job_folder_are_never_opened(dataset, tmp_path):
    folder = teach.job_dir(dataset)
    folder.mkdir(parents=True)
    (folder / "job.json").write_text(json.dumps({"name": "theirs", "args": [], "minutes": 5, "photos": 2,
                                                 "pid": os.getpid(), "started": time.time()}), encoding="utf-8")
    for name in JOB_FILES[1:]:
        os.mkfifo(folder / name)
    env = {**os.environ, "YOLO_OFFLINE": "1", "PYTHONPATH": str(REPO)}
    try:
        done = subprocess.run([sys.executable, "-c", _PIPES_SCRIPT, str(dataset)], capture_output=True, text=True,
                              timeout=120, cwd=REPO, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("a read or write of the job's files waited on a named pipe")
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["status"] == ["running", "start", 0.0, ""]  # progress.json and result.json not read
    assert seen["log"] == "" and seen["seen"] is False
    assert seen["photos"] == ["0 accepted photos", "OK にした写真 0枚"]
    assert seen["no job"] is True
    assert "cannot write the teaching job's files in " in seen["start"]
    for name in JOB_FILES:  # each still a pipe: none put aside or replaced
        assert stat.S_ISFIFO(os.lstat(folder / name).st_mode), name
