"""Session 53 fuzz re-walk of labelling's files: a named pipe where a file is read is refused, never opened (reading
one waits for a writer for ever); a damaged progress file is refused, never thrown away and written over; an export
writes through a link to a file and refuses a link to nothing; a Label Studio export checks both its files before
writing either; `label accept --all`'s lines about the photos it left say whose they are. English and Japanese."""
from __future__ import annotations

import json
import os
import re
import stat
import threading
from contextlib import contextmanager

import pytest

from tilelens.labelling import load_done, set_done
from tilelens.labelling import store
from tilelens.labelling.labelstudio import write_labelstudio
from tilelens.labelling.yolo import read_yolo

from label_helpers import make_dataset, run

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
links_only = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="no symbolic links here")


@pytest.fixture
def lang(monkeypatch):
    monkeypatch.delenv("LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)

    def use(code: str) -> None:
        monkeypatch.setenv("TILELENS_LANG", code)
    use("en")
    return use


@contextmanager
def watched(fifo):
    """Whether anything opened the named pipe ``fifo`` to read it while in the block (a list, empty if not): a
    reader waiting on it is let go (it reads an empty file), so that a command that opens it ends all the same."""
    seen: list[bool] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # fails (ENXIO) while nobody has it open to read
            except OSError:
                stop.wait(0.02)
                continue
            seen.append(True)
            os.close(fd)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield seen
    finally:
        stop.set()
        thread.join()


# ---------------------------------------------------------------- 1. a named pipe where a file is read

@fifo_only
def test_the_helper_refuses_a_pipe_or_folder_without_opening_it_and_reads_a_file(tmp_path):
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    with watched(fifo) as opened, pytest.raises(OSError) as caught:
        store.read_regular_text(fifo)
    assert not opened and isinstance(caught.value, store.NotAFileError) and str(fifo) in str(caught.value)
    assert "read" in str(caught.value) and JAPANESE.search(caught.value.message_ja)
    with pytest.raises(OSError) as caught:
        store.check_regular_file(fifo)
    assert isinstance(caught.value, store.NotAFileError)
    (tmp_path / "d").mkdir()
    with pytest.raises(IsADirectoryError):
        store.read_regular_text(tmp_path / "d")
    with pytest.raises(FileNotFoundError):
        store.read_regular_text(tmp_path / "none.json")
    (tmp_path / "f.txt").write_bytes("ä\r\nb\n".encode())
    assert store.read_regular_text(tmp_path / "f.txt") == "ä\nb\n"  # as Path.read_text reads it
    assert store.read_regular_bytes(tmp_path / "f.txt") == "ä\r\nb\n".encode()
    store.check_regular_file(tmp_path / "f.txt")


@fifo_only
@pytest.mark.parametrize("code, words", [("en", "not a regular file"), ("ja", "通常のファイルではありません")])
def test_accept_with_a_pipe_for_its_progress_file_is_refused_never_opened(tmp_path, lang, capsys, code, words):
    make_dataset(tmp_path / "ds")
    fifo = tmp_path / "ds" / store.PROGRESS_FILE
    os.mkfifo(fifo)
    lang(code)
    with watched(fifo) as opened:
        status, out, err = run(capsys, "label", "accept", tmp_path / "ds", "a.jpg")
    assert not opened  # never opened to read: that waits for ever
    assert status == 2 and str(fifo) in err and words in err and "Traceback" not in err, err
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    with watched(fifo) as opened:
        assert load_done(tmp_path / "ds") == set()  # the page's reading: nothing accepted shown, not stuck
    assert not opened


@fifo_only
@pytest.mark.parametrize("fmt", ["coco", "labelstudio"])
def test_import_of_a_pipe_is_refused_never_opened(tmp_path, lang, capsys, fmt):
    fifo = tmp_path / "in.json"
    os.mkfifo(fifo)
    for code, words in (("en", "not a regular file"), ("ja", "通常のファイルではありません")):
        lang(code)
        with watched(fifo) as opened:
            status, out, err = run(capsys, "label", "import", fifo, "--from", fmt, tmp_path / "ds")
        assert not opened and status == 2 and str(fifo) in err and words in err, err
        assert not (tmp_path / "ds").exists()


@fifo_only
@pytest.mark.parametrize("code, words", [("en", "not a regular file"), ("ja", "通常のファイルではありません")])
def test_a_pipe_for_data_yaml_is_said_as_that_not_as_no_data_yaml(tmp_path, lang, capsys, code, words):
    make_dataset(tmp_path / "ds")
    (tmp_path / "ds/data.yaml").unlink()
    os.mkfifo(tmp_path / "ds/data.yaml")
    lang(code)
    for argv in (("accept", "a.jpg"), ("check",), ("export", tmp_path / "o.json", "--to", "coco")):
        with watched(tmp_path / "ds/data.yaml") as opened:
            status, out, err = run(capsys, "label", argv[0], tmp_path / "ds", *argv[1:])
        assert not opened and status == 2 and str(tmp_path / "ds/data.yaml") in err and words in err, (argv, err)
        assert "label init" not in err  # it is there: init would not make it


# ---------------------------------------------------------------- 2. a damaged progress file

DAMAGED = [b"\x89\xfe\x00not json\xff" * 20, b'{"accepted": 5}\n', b"[1,2]\n",
           b'{"done": "images/train/a.jpg"}\n', b'{"done": ["images/train/a.jpg", 5]}\n', b""]


@pytest.mark.parametrize("damaged", DAMAGED, ids=["bytes", "no-done", "list", "done-a-string", "done-a-number",
                                                  "empty"])
def test_accept_refuses_a_damaged_progress_file_and_writes_nothing(tmp_path, lang, capsys, damaged):
    make_dataset(tmp_path / "ds")
    progress = tmp_path / "ds" / store.PROGRESS_FILE
    progress.write_bytes(damaged)
    for code in ("en", "ja"):
        lang(code)
        for argv in (("a.jpg",), ("--all",), ("--undo", "a.jpg")):
            status, out, err = run(capsys, "label", "accept", tmp_path / "ds", *argv)
            assert status == 2 and str(progress) in err and "Traceback" not in err, (argv, err)
            if code == "en":
                assert "cannot be read" in err and "delet" in err and "forget" in err, err
            else:
                assert "読めません" in err and "消す" in err and JAPANESE.search(err), err
            assert progress.read_bytes() == damaged  # never thrown away nor written over
            assert sorted(p.name for p in progress.parent.iterdir() if p.name.endswith(".tmp")) == []


def test_the_store_refuses_to_mark_a_photo_in_a_damaged_progress_file(tmp_path):
    progress = tmp_path / store.PROGRESS_FILE
    progress.write_text('{"accepted": 5}')
    with pytest.raises(store.ProgressFileError) as caught:
        set_done(tmp_path, "images/train/a.jpg")
    assert str(progress) in str(caught.value) and JAPANESE.search(caught.value.message_ja)
    with pytest.raises(store.ProgressFileError):
        store.read_progress(tmp_path)
    assert progress.read_text() == '{"accepted": 5}'
    assert load_done(tmp_path) == set()  # the page's reading: nothing accepted, the page still shown
    progress.write_text('{"done": "images/train/a.jpg"}')
    assert load_done(tmp_path) == set()  # not the letters of the string
    progress.write_text('{"done": ["images/train/a.jpg"], "note": 1}')  # keys of a later version: read
    assert store.read_progress(tmp_path) == {"images/train/a.jpg"}


def test_check_says_the_progress_file_is_damaged_rather_than_none_accepted(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    progress = tmp_path / "ds" / store.PROGRESS_FILE
    progress.write_text("[1,2]\n")
    status, out, err = run(capsys, "label", "check", tmp_path / "ds")
    assert "accepted: 0 of 3" not in out and str(progress) in err and "cannot be read" in err, (out, err)
    assert err.startswith("tilelens label: ")
    lang("ja")
    status, out, err = run(capsys, "label", "check", tmp_path / "ds")
    assert "OK にした写真" not in out and str(progress) in err and "読めません" in err, (out, err)
    assert progress.read_text() == "[1,2]\n"


# ---------------------------------------------------------------- 3. an export onto a link

@links_only
def test_export_writes_through_a_link_to_a_file_and_keeps_the_link(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    target = tmp_path / "target.txt"
    target.write_text("keep\n")
    link = tmp_path / "exlink.json"
    link.symlink_to(target)
    status, out, err = run(capsys, "label", "export", tmp_path / "ds", link, "--to", "coco", "--force")
    assert status == 0, err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert len(json.loads(target.read_text())["images"]) == 3
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@links_only
@pytest.mark.parametrize("code, words", [("en", "link"), ("ja", "リンク")])
def test_export_onto_a_dangling_link_is_refused(tmp_path, lang, capsys, code, words):
    make_dataset(tmp_path / "ds")
    link = tmp_path / "exdang.json"
    link.symlink_to(tmp_path / "nope" / "x.json")
    lang(code)
    status, out, err = run(capsys, "label", "export", tmp_path / "ds", link, "--to", "coco")
    assert status == 2 and str(link) in err and words in err and "wrote" not in out, err
    assert link.is_symlink() and not link.exists() and not (tmp_path / "nope").exists()
    with pytest.raises(OSError):  # the app's saves catch OSError: this one too
        store.atomic_write_text(link, "x")
    assert link.is_symlink() and not (tmp_path / "nope").exists()


# ---------------------------------------------------------------- 4. a Label Studio export: both files checked first

@pytest.mark.parametrize("code", ["en", "ja"])
def test_labelstudio_export_with_a_folder_for_its_interface_writes_neither(tmp_path, lang, capsys, code):
    make_dataset(tmp_path / "ds")
    (tmp_path / "t2.xml").mkdir()
    lang(code)
    status, out, err = run(capsys, "label", "export", tmp_path / "ds", tmp_path / "t2.json", "--to", "labelstudio")
    assert status == 2 and str(tmp_path / "t2.xml") in err and "Traceback" not in err, err
    assert not (tmp_path / "t2.json").exists()  # nothing written: not the tasks without their interface
    if code == "en":
        assert "is a folder" in err and "Is a directory" not in err, err
    else:
        assert "フォルダです" in err and "Is a directory" not in err, err


@fifo_only
def test_labelstudio_export_with_a_pipe_for_its_interface_keeps_the_old_tasks(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    (tmp_path / "t.json").write_text("old tasks\n")
    os.mkfifo(tmp_path / "t.xml")
    status, out, err = run(capsys, "label", "export", tmp_path / "ds", tmp_path / "t.json", "--to", "labelstudio")
    assert status == 2 and "not a regular file" in err, err
    assert (tmp_path / "t.json").read_text() == "old tasks\n" and stat.S_ISFIFO((tmp_path / "t.xml").lstat().st_mode)


def test_write_labelstudio_checks_both_files_before_writing_either(tmp_path):
    make_dataset(tmp_path / "ds")
    dataset, _ = read_yolo(tmp_path / "ds")
    (tmp_path / "t.xml").mkdir()
    with pytest.raises(OSError):
        write_labelstudio(dataset, tmp_path / "t.json")
    assert not (tmp_path / "t.json").exists()


# ---------------------------------------------------------------- 5. accept --all: its lines say whose they are

def test_accept_all_says_the_photos_left_with_the_commands_name(tmp_path, lang, capsys):
    import shutil

    make_dataset(tmp_path / "ds")
    (tmp_path / "ds/labels/train/a.txt").write_text("garbage here\n")
    shutil.copy(tmp_path / "ds/images/train/a.jpg", tmp_path / "ds/images/train/new.jpg")  # not pre-labelled
    for code in ("en", "ja"):
        lang(code)
        status, out, err = run(capsys, "label", "accept", tmp_path / "ds", "--all")
        lines = err.strip().splitlines()
        assert status == 1 and len(lines) == 2, err
        assert all(line.startswith("tilelens label: ") for line in lines), err
        assert "new.jpg" in lines[0] and "a.jpg" in lines[1]
