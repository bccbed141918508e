"""Teaching from the Label page: ``tilelens enroll`` in a child process on the accepted photos only."""
from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from tilelens.labelling import Box, Dataset, LabelledImage, set_done, write_yolo
from tilelens.labelling import teach
from tilelens.labelling.teach import TeachError

DATA = Path(__file__).resolve().parents[1] / "vision" / "data" / "classifier"
TINY = ("--epochs", "1", "--width", "8", "--crop-size", "32")


def _crops() -> dict[str, list[np.ndarray]]:
    """Real tile crops (held-out Hong Kong photos), by kind."""
    meta = json.loads((DATA / "hk-heldout-crops.json").read_text())
    mosaic = cv2.imread(str(DATA / "hk-heldout-crops.png"))
    s, cols = meta["size"], meta["cols"]
    out: dict[str, list[np.ndarray]] = {}
    for j, kind in enumerate(meta["labels"]):
        out.setdefault(kind, []).append(mosaic[(j // cols) * s:(j // cols + 1) * s, (j % cols) * s:(j % cols + 1) * s])
    return out


def make_dataset(root: Path, photos: dict[str, list[str]]) -> Path:
    """A YOLO dataset whose photo ``name`` shows a row of real crops of the kinds listed."""
    crops, names = _crops(), ("1m", "1p", "1s", "2m", "3m")
    images = []
    for name, kinds in photos.items():
        s = 48
        canvas = np.full((s + 20, s * len(kinds) + 20, 3), 90, np.uint8)
        boxes = []
        for i, kind in enumerate(kinds):
            crop = cv2.resize(crops[kind][i % len(crops[kind])], (s, s))
            canvas[10:10 + s, 10 + i * s:10 + (i + 1) * s] = crop
            w, h = canvas.shape[1], canvas.shape[0]
            boxes.append(Box(kind, ((10 + i * s) / w, 10 / h, (10 + (i + 1) * s) / w, (10 + s) / h)))
        rel = f"images/train/{name}.png"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(root / rel), canvas)
        images.append(LabelledImage(rel, (canvas.shape[1], canvas.shape[0]), tuple(boxes)))
    write_yolo(Dataset(names, tuple(images), "tokyo-mahjong"), root)
    return root


@pytest.fixture
def dataset(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))  # no detector there: labels only
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p", "1s", "2m"], "b": ["2m", "1s", "1p", "1m"],
                                          "c": ["3m", "3m", "1m"]})
    set_done(root, "images/train/a.png")
    set_done(root, "images/train/b.png")
    return root


def wait(root: Path, timeout: float = 180.0) -> teach.TeachJob:
    end = time.monotonic() + timeout
    while (job := teach.status(root)).state == "running":
        assert time.monotonic() < end, job.log_tail()
        time.sleep(0.1)  # a status is a small file read: looked at often, the test goes on once the job ends
    return job


def test_teaching_runs_in_the_background_on_the_accepted_photos_only(dataset, tmp_path):
    assert teach.status(dataset) is None
    job = teach.start(dataset, "tiny", None, 1, extra=TINY + ("--work", str(tmp_path / "run")))
    assert job.state == "running" and job.photos == 2
    with pytest.raises(TeachError, match="already teaching 'tiny'"):
        teach.start(dataset, "other", None, 1)
    job = wait(dataset)
    assert job.state == "done", job.log_tail()
    # its last stage the export: under 10 photos no orientation model of its own is taught (the shipped one reads)
    assert job.message == "tile set 'tiny' is ready" and job.fraction == 1.0 and job.stage == "export"
    meta = json.loads((tmp_path / "models" / "tilesets" / "tiny" / "tileset.json").read_text())
    assert meta["photos"] == 2 and meta["crops"] == 8  # photo c (not accepted) taught nothing
    assert "tile set written to" in job.log_tail()


def test_nothing_accepted_a_bad_name_or_minutes_is_said_before_anything_starts(tmp_path, monkeypatch):
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"]})
    with pytest.raises(TeachError, match=r"no photo .* is accepted yet \(0 of 1\)"):
        teach.start(root, "tiny", None, 1)
    set_done(root, "images/train/a.png")
    with pytest.raises(TeachError, match="tile set name 'My Set'"):
        teach.start(root, "My Set", None, 1)
    with pytest.raises(TeachError, match="minutes must be positive"):
        teach.start(root, "tiny", None, 0)
    assert teach.status(root) is None


def test_an_enrolment_that_cannot_run_fails_with_its_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1m"]})
    set_done(root, "images/train/a.png")
    teach.start(root, "tiny", None, 1, extra=TINY)
    job = wait(root)
    assert job.state == "failed" and "at least two kinds, found 1" in job.message


def test_a_child_killed_midway_is_a_failed_job_not_one_running_for_ever(dataset):
    job = teach.start(dataset, "tiny", None, 5)
    pid = json.loads((job.folder / "job.json").read_text())["pid"]
    os.killpg(pid, signal.SIGKILL)
    job = wait(dataset, timeout=20)
    assert job.state == "failed" and "stopped before it finished" in job.message


def test_the_command_a_person_can_run_instead_names_the_accepted_photos(dataset):
    args, photos = teach.enroll_args(dataset, "my-set", "tokyo-mahjong", 5)
    line = teach.command_line(args)
    assert photos == 2 and line.startswith("tilelens enroll --name my-set --data ")
    # the dataset's game scores the set (its catalog names every kind); a set is replaced only when asked
    assert "--minutes 5 --base tokyo-mahjong --game tokyo-mahjong --work " in line
    assert line.endswith("/.tilelens/teach/run")
    assert teach.command_line(teach.enroll_args(dataset, "my-set", None, 5, replace=True)[0]).endswith(" --replace")
    listed = (teach.job_dir(dataset) / "photos.txt").read_text().split()
    assert [Path(p).name for p in listed] == ["a.png", "b.png"]


def test_a_dataset_folder_that_cannot_be_written_is_said_in_one_line(dataset, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(teach, "atomic_write_text", refuse)
    with pytest.raises(TeachError, match="cannot write the teaching job's files .*: Permission denied"):
        teach.start(dataset, "tiny", None, 1)
    assert teach.status(dataset) is None


def test_the_command_line_teaches_the_accepted_photos_in_the_foreground(dataset, tmp_path, capsys):
    from tilelens.cli import main as tilelens

    assert tilelens(["label", "teach", str(dataset), "--name", "cli-set", "--epochs", "1"]) == 0
    meta = json.loads((tmp_path / "models" / "tilesets" / "cli-set" / "tileset.json").read_text())
    assert meta["photos"] == 2 and meta["crops"] == 8
    assert "teaching 'cli-set' the tiles of 2 accepted photos" in capsys.readouterr().out
    assert tilelens(["label", "teach", str(tmp_path / "ds"), "--name", "Bad Name"]) == 2
    assert "tilelens label: tile set name 'Bad Name'" in capsys.readouterr().err


def test_a_job_long_overdue_is_failed_even_if_its_pid_now_names_another_process(dataset):
    teach.enroll_args(dataset, "tiny", None, 5)
    job = {"name": "tiny", "args": [], "minutes": 5, "photos": 2, "pid": os.getpid(),  # alive: this test
           "started": time.time() - 5 * 60 - teach.OVERDUE_S - 1}
    (teach.job_dir(dataset) / "job.json").write_text(json.dumps(job))
    assert teach.status(dataset).state == "failed"
    job["started"] = time.time() - 60
    (teach.job_dir(dataset) / "job.json").write_text(json.dumps(job))
    assert teach.status(dataset).state == "running"


def test_accepted_photos_with_no_box_are_refused_with_a_reason_in_both_languages(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = make_dataset(tmp_path / "ds", {"empty": [], "b": ["1m", "1p"]})
    set_done(root, "images/train/empty.png")
    with pytest.raises(teach.TeachError) as caught:  # before any job starts (session 60: no job failing seconds later)
        teach.start(root, "tiny", None, 1, extra=TINY)
    assert "The accepted photo shows no tile" in str(caught.value)
    assert caught.value.message_ja.startswith("OK にした写真 1枚には")
    job = teach.status(root)
    assert job is None or job.state != "running", job


def test_tile_kinds_not_in_ascii_are_refused_before_any_photo_is_cut(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"]})
    text = (root / "data.yaml").read_text(encoding="utf-8").replace("0: 1m", "0: 一萬")
    (root / "data.yaml").write_text(text, encoding="utf-8")
    set_done(root, "images/train/a.png")
    with pytest.raises(TeachError, match=r"ds/data.yaml: tile kinds must be named in ASCII .* not '一萬'") as err:
        teach.start(root, "tiny", None, 1)
    assert "ASCII で付けてください" in err.value.message_ja and teach.status(root) is None


def test_the_command_line_waits_for_the_pages_job_of_the_same_dataset(dataset, capsys):
    from tilelens.cli import main as tilelens

    teach.enroll_args(dataset, "tiny", None, 5)
    job = {"name": "tiny", "args": [], "minutes": 5, "photos": 2, "pid": os.getpid(), "started": time.time()}
    (teach.job_dir(dataset) / "job.json").write_text(json.dumps(job))
    assert tilelens(["label", "teach", str(dataset), "--name", "cli-set", "--epochs", "1"]) == 2
    assert "already teaching 'tiny' from this folder" in capsys.readouterr().err


def test_the_child_keeps_the_warnings_and_says_a_models_folder_it_cannot_write_in_both_languages(dataset,
                                                                                                monkeypatch):
    import vision.enroll

    folder = teach.job_dir(dataset)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.json").write_text(json.dumps({"name": "tiny", "args": [], "started": time.time()}))

    def warns(argv, on_progress=None, on_warning=None):
        on_warning("1 of 5 kinds has no labelled tile (3m)", "5種類のうち1種類は…")
        return 0

    monkeypatch.setattr(vision.enroll, "main", warns)
    assert teach._run(folder) == 0
    assert teach.status(dataset).warnings == (("1 of 5 kinds has no labelled tile (3m)", "5種類のうち1種類は…"),)

    def cannot_write(argv, on_progress=None, on_warning=None):
        raise NotADirectoryError(20, "Not a directory", "/models/tilesets/tiny")

    monkeypatch.setattr(vision.enroll, "main", cannot_write)
    assert teach._run(folder) == 1
    job = teach.status(dataset)
    assert job.message == "the tile set could not be written: /models/tilesets/tiny: Not a directory"
    assert job.message_ja == "牌セットを書き出せませんでした: /models/tilesets/tiny: Not a directory"


def test_a_base_no_longer_enrolled_is_said_in_japanese_too(tmp_path):
    from vision.enroll import EnrollError, resolve_base

    with pytest.raises(EnrollError, match="unknown base 'gone-set'") as err:
        resolve_base("gone-set", tmp_path)
    assert err.value.message_ja.startswith("元にするモデル「gone-set」がありません")


class _FakeChild:
    """A child process that started and runs (no enrolment: the tests below count the starts)."""
    pid = os.getpid()

    def __init__(self, *args, **kwargs):
        pass

    def poll(self):
        return None


def test_two_tabs_pressing_teach_at_once_start_one_job_and_the_other_is_told_it_runs(dataset, monkeypatch):
    """Each tab passed the "already running" check before either wrote its job, and both started one."""
    import threading

    started = []

    class Child(_FakeChild):
        def __init__(self, *args, **kwargs):
            started.append(args)

    monkeypatch.setattr(teach.subprocess, "Popen", Child)
    monkeypatch.setattr(teach, "_children", {})
    checked, check = threading.Barrier(2), teach.refuse_while_running

    def both_check_first(root):  # the second tab checks between the first's check and its job's start
        check(root)
        try:
            checked.wait(timeout=2)
        except threading.BrokenBarrierError:  # the other tab waits for this one's job to be written
            pass

    monkeypatch.setattr(teach, "refuse_while_running", both_check_first)
    outcomes = []

    def press(name):
        try:
            outcomes.append(teach.start(dataset, name, None, 1).state)
        except TeachError as exc:
            outcomes.append((str(exc), exc.message_ja))

    tabs = [threading.Thread(target=press, args=(name,)) for name in ("tab-one", "tab-two")]
    for tab in tabs:
        tab.start()
    for tab in tabs:
        tab.join(timeout=30)
    assert len(started) == 1, started
    assert len(outcomes) == 2 and "running" in outcomes
    refused = [o for o in outcomes if o != "running"]
    assert len(refused) == 1 and "already teaching" in refused[0][0] and "覚えさせています" in refused[0][1]


def child_cannot_start_nor_record_it(monkeypatch) -> None:
    """Through ``monkeypatch``: the teaching child cannot be started (``Popen``: no memory) and its failure
    record cannot be written (``result.json``: a full disk); every other file is written as usual. Used by
    tests/app/test_label_teach_page.py too."""
    def cannot_start(*args, **kwargs):
        raise OSError(12, "Cannot allocate memory")

    write = teach.atomic_write_json

    def no_result(path, data):
        if Path(path).name == "result.json":
            raise OSError(28, "No space left on device")
        return write(path, data)

    monkeypatch.setattr(teach.subprocess, "Popen", cannot_start)
    monkeypatch.setattr(teach, "atomic_write_json", no_result)


def test_a_child_that_cannot_start_nor_say_so_is_not_running_for_ever(dataset, monkeypatch):
    """The child could not be started and its failure record could not be written (a full disk): the job
    stayed "running" until its training budget and half an hour more had passed."""
    child_cannot_start_nor_record_it(monkeypatch)
    with pytest.raises(TeachError, match=r"^could not start the enrolment: .*Cannot allocate memory$") as err:
        teach.start(dataset, "tiny", None, 5)
    assert err.value.message_ja.startswith("登録を始められませんでした: ")
    job = teach.status(dataset)
    assert job is None or job.state == "failed"  # Teach can be pressed again at once
    unlink = Path.unlink

    def kept_job(self, missing_ok=False):  # a read-only folder: the job.json of the try stays behind
        if self.name == "job.json":
            raise OSError(30, "Read-only file system")
        return unlink(self, missing_ok=missing_ok)

    with monkeypatch.context() as m:
        m.setattr(Path, "unlink", kept_job)
        with pytest.raises(TeachError, match="could not start the enrolment"):
            teach.start(dataset, "tiny", None, 5)
    job = json.loads((teach.job_dir(dataset) / "job.json").read_text())
    assert job["pid"] is None and not (teach.job_dir(dataset) / "result.json").exists()
    assert teach.status(dataset).state == "running"  # a child just being started: a moment's grace
    job["started"] = time.time() - teach.START_GRACE_S - 1
    (teach.job_dir(dataset) / "job.json").write_text(json.dumps(job))
    failed = teach.status(dataset)
    assert failed.state == "failed" and failed.message == "the enrolment could not start"
    assert failed.message_ja == "登録を始められませんでした"


def test_a_tile_set_taught_from_another_dataset_is_refused_before_anything_is_written(dataset, tmp_path, capsys):
    # `label teach --name` of a set taught from another dataset wrote this dataset's job files (photos.txt,
    # data.yaml), then the enrolment refused
    from tilelens.cli import main as tilelens

    other = tmp_path / "other" / ".tilelens" / "teach" / "data.yaml"
    meta = tmp_path / "models" / "tilesets" / "their-set" / "tileset.json"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"kinds": ["1m", "2m"], "data": str(other)}))
    assert tilelens(["label", "teach", str(dataset), "--name", "their-set", "--epochs", "1"]) == 2
    err = capsys.readouterr().err
    assert f"a tile set 'their-set' is enrolled already, taught from {tmp_path / 'other'}" in err
    assert "--replace" in err
    assert not teach.job_dir(dataset).exists()
    with pytest.raises(TeachError, match="enrolled already") as refused:
        teach.enroll_args(dataset, "their-set", None, 5)
    assert "登録されています" in refused.value.message_ja and not teach.job_dir(dataset).exists()
    # asked to replace it, the job is written
    args, photos = teach.enroll_args(dataset, "their-set", None, 5, replace=True)
    assert photos == 2 and "--replace" in args and (teach.job_dir(dataset) / "photos.txt").is_file()


def test_a_teach_from_the_command_line_is_the_running_job_the_page_sees_and_waits_for(dataset, monkeypatch,
                                                                                        capsys):
    # `label teach` ran its enrolment with no job written: the page's Teach, pressed meanwhile, started a second
    # one on the same dataset, sharing its run folder and rewriting its photo list under it
    import vision.enroll
    from tilelens.cli import main as tilelens

    started, seen = [], {}

    class Child(_FakeChild):
        def __init__(self, *args, **kwargs):
            started.append(args)

    monkeypatch.setattr(teach.subprocess, "Popen", Child)

    def enrolling(argv, on_progress=None, on_warning=None):
        if on_progress:
            on_progress("training", 0.25)
        job = teach.status(dataset)
        seen["job"] = job and (job.name, job.state, job.stage, job.fraction, job.photos)
        try:
            teach.start(dataset, "page-set", None, 1)
        except TeachError as exc:
            seen["page"] = (str(exc), exc.message_ja)
        if on_warning:
            on_warning("1 of 5 kinds has no labelled tile (3m)", "5種類のうち1種類は…")
        return 0

    monkeypatch.setattr(vision.enroll, "main", enrolling)
    assert tilelens(["label", "teach", str(dataset), "--name", "cli-set", "--epochs", "1"]) == 0
    assert seen["job"] == ("cli-set", "running", "training", 0.25, 2)
    assert not started and "already teaching 'cli-set' from this folder" in seen["page"][0]
    assert "覚えさせています" in seen["page"][1]
    done = teach.status(dataset)  # once it has ended the page shows its outcome, and Teach can be pressed
    assert (done.name, done.state, done.message) == ("cli-set", "done", "tile set 'cli-set' is ready")
    assert done.warnings == (("1 of 5 kinds has no labelled tile (3m)", "5種類のうち1種類は…"),)
    assert "tilelens label teach" in done.log_tail()  # the log says where the enrolment's output went
    capsys.readouterr()

    def refused(argv, on_progress=None, on_warning=None):
        from vision.enroll import EnrollError

        raise EnrollError("enrolment needs labelled tiles of at least two kinds, found 1", "2種類以上…")

    monkeypatch.setattr(vision.enroll, "main", refused)  # said on the command line, and kept for the page
    assert tilelens(["label", "teach", str(dataset), "--name", "cli-set", "--epochs", "1", "--replace"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "tilelens label: enrolment needs labelled tiles of at least two kinds, found 1"]
    failed = teach.status(dataset)
    assert (failed.state, failed.message, failed.message_ja) == (
        "failed", "enrolment needs labelled tiles of at least two kinds, found 1", "2種類以上…")


def test_the_command_line_waits_for_a_page_job_being_started_and_then_refuses_writing_nothing(dataset,
                                                                                              monkeypatch, capsys):
    # the command checked for a running job without the dataset's lock: the page's Teach, pressed at the same
    # moment, had not yet written its job, and both went on to enrol on the same dataset
    import threading

    import vision.enroll
    from tilelens.cli import main as tilelens
    from tilelens.labelling.store import dataset_lock

    enrolled = []
    monkeypatch.setattr(vision.enroll, "main", lambda argv, **kw: enrolled.append(argv) or 0)
    holding, page_done = threading.Event(), threading.Event()

    def page_starts_a_job():  # as teach.start: the lock held from its check to its job.json
        with dataset_lock(dataset):
            holding.set()
            time.sleep(0.5)
            teach.job_dir(dataset).mkdir(parents=True)
            job = {"name": "page-set", "args": [], "minutes": 5, "photos": 2, "pid": os.getpid(),
                   "started": time.time()}
            (teach.job_dir(dataset) / "job.json").write_text(json.dumps(job))
        page_done.set()

    page = threading.Thread(target=page_starts_a_job)
    page.start()
    assert holding.wait(5)
    rc = tilelens(["label", "teach", str(dataset), "--name", "cli-set", "--epochs", "1"])
    page.join(5)
    assert rc == 2 and not enrolled
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tilelens label: already teaching 'page-set' from this folder")
    assert "wait for it to end" in err[0]
    assert sorted(p.name for p in teach.job_dir(dataset).iterdir()) == ["job.json"]  # the page's, nothing more
    assert json.loads((teach.job_dir(dataset) / "job.json").read_text())["name"] == "page-set"


def test_a_command_line_teach_bounded_by_epochs_is_not_overdue_by_minutes_it_never_had(dataset, monkeypatch):
    """`label teach --epochs N` recorded the default 5 minutes, so past 5 min + OVERDUE_S the page showed the
    running enrolment as failed, and its Teach could start a second job beside it."""
    import vision.enroll
    from tilelens.cli import main as tilelens

    seen, started = {}, []

    class Child(_FakeChild):
        def __init__(self, *args, **kwargs):
            started.append(args)

    monkeypatch.setattr(teach.subprocess, "Popen", Child)  # a second job is never really started

    def enrolling(argv, on_progress=None, on_warning=None):
        later = time.time() + 5 * 60 + teach.OVERDUE_S + 60  # a long epoch-bounded run, still going
        monkeypatch.setattr(teach.time, "time", lambda: later)
        seen["state"] = teach.status(dataset).state
        with pytest.raises(TeachError, match="already teaching 'cli-set'"):
            teach.start(dataset, "page-set", None, 1)
        return 0

    monkeypatch.setattr(vision.enroll, "main", enrolling)
    assert tilelens(["label", "teach", str(dataset), "--name", "cli-set", "--epochs", "3"]) == 0
    assert seen["state"] == "running" and not started


def test_an_epoch_bounded_job_whose_pid_names_another_process_now_is_not_running(dataset):
    """Without a time budget to outlast, the guard against a pid given to another process since (after a
    restart) is the process's own start, recorded with its pid."""
    args, _ = teach.claim_here(dataset, "tiny", None, 5, ("--epochs", "3"))
    job_file = teach.job_dir(dataset) / "job.json"
    job = json.loads(job_file.read_text())
    job["started"] = time.time() - 5 * 60 - teach.OVERDUE_S - 1
    job_file.write_text(json.dumps(job))
    assert teach.status(dataset).state == "running"  # this process, still enrolling
    if teach._process_start(os.getpid()) is None:
        pytest.skip("no /proc here to tell one process from another of the same pid")
    job_file.write_text(json.dumps({**job, "pid_start": "another process"}))
    assert teach.status(dataset).state == "failed"
