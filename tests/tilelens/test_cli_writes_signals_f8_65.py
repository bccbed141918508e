"""Session 65 (F8): the command line's writes and signals as a terminal user expects them. A write that fails for
want of room (a full disk, a quota, a file-size limit: simulated with RLIMIT_FSIZE in a subprocess, or ENOSPC from a
patched fsync) leaves no empty file that blocks the retry, and never spoils the good file --force was to replace;
`ledger csv --all` stops at the first such failure, saying what was written and what was not; the error names the
file. `-` as a CSV's --out is standard output; `label export DIR -` is refused. SIGTERM and SIGHUP end a command as
Ctrl-C does (`read --json` prints the photos read, "interrupted": true), exit 143 and 129. `_why_stopped` says each
half in its own language; `label prelabel --help` and `tilelens help bogus` name the word that is no command."""
from __future__ import annotations

import errno
import json
import os
import resource
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tilelens.cli import main as tilelens
from tilelens.ledger import Ledger

from label_helpers import make_dataset

REPO = Path(__file__).resolve().parents[2]
FOUR = ["Ann", "Ben", "Chika", "Daiki"]


def ledger_of(home: Path, matches: int = 3) -> Ledger:
    """The app's ledger in ``home`` with ``matches`` matches of one hand each (#1, #2, ...)."""
    ledger = Ledger(home / "ledger.sqlite")
    for _ in range(matches):
        m = ledger.new_match("cinderella-neo", FOUR)
        ledger.add_win(m, 0, "ron", {1: 34})
    return ledger


def limited(*argv: str, cwd: Path, fsize: int | None = 0, lang: str = "en") -> subprocess.CompletedProcess:
    """``tilelens ARGV`` in a process of its own whose files may be at most ``fsize`` bytes (RLIMIT_FSIZE: a write
    past it fails with EFBIG, as a full disk fails with ENOSPC; Python ignores SIGXFSZ)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    env = dict(os.environ, TILELENS_LANG=lang, YOLO_OFFLINE="1", PYTHONDONTWRITEBYTECODE="1",
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "tilelens.cli", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=180, preexec_fn=limit if fsize is not None else None)


def no_temporary_files(folder: Path) -> bool:
    return not [p for p in folder.rglob("*") if p.name.endswith(".tmp")]


@pytest.fixture
def home(own_home: Path) -> Path:
    own_home.mkdir(parents=True, exist_ok=True)
    return own_home


# --- 1, 2: a write that fails for want of room ------------------------------------------------------------------

def test_a_csv_not_written_for_want_of_room_leaves_no_file_and_the_retry_writes_it(home, tmp_path):
    ledger_of(home, 1)
    failed = limited("ledger", "csv", "1", "--out", "f.csv", cwd=tmp_path)
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    assert "cannot write f.csv: File too large" in failed.stderr
    assert not (tmp_path / "f.csv").exists() and no_temporary_files(tmp_path)  # no empty file to block the retry
    again = limited("ledger", "csv", "1", "--out", "f.csv", cwd=tmp_path, fsize=None)
    assert again.returncode == 0 and (tmp_path / "f.csv").read_bytes().startswith(b"\xef\xbb\xbf")


def test_force_over_a_good_csv_keeps_it_when_the_new_one_cannot_be_written(home, tmp_path):
    ledger_of(home, 1)
    good = tmp_path / "f.csv"
    good.write_bytes(b"the good file")
    failed = limited("ledger", "csv", "1", "--out", "f.csv", "--force", cwd=tmp_path, lang="ja")
    assert failed.returncode == 2 and "f.csv に書き出せません: ファイルが大きすぎます" in failed.stderr
    assert good.read_bytes() == b"the good file" and no_temporary_files(tmp_path)
    totals = limited("ledger", "totals", "--csv", "--out", "t.csv", cwd=tmp_path)
    assert totals.returncode == 2 and "cannot write t.csv: File too large" in totals.stderr
    assert not (tmp_path / "t.csv").exists() and no_temporary_files(tmp_path)


def test_csv_all_stops_at_the_first_file_that_finds_no_room(home, tmp_path):
    ledger_of(home, 3)
    failed = limited("ledger", "csv", "--all", "--out", "out/", cwd=tmp_path)
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    assert failed.stderr.count("cannot write") == 1, failed.stderr  # it did not go on through every match
    assert "cannot write out/tilelens-match-1.csv: File too large" in failed.stderr
    assert "3 matches not written (#1 and every later one)" in failed.stderr
    assert "wrote 0 files to out" in failed.stdout
    assert list((tmp_path / "out").iterdir()) == []  # no empty CSV left


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_csv_all_says_what_was_written_and_what_was_not_on_a_full_disk(home, tmp_path, monkeypatch, capsys, lang):
    ledger_of(home, 3)
    monkeypatch.setenv("TILELENS_LANG", lang)
    synced = []

    def fsync(fd: int) -> None:  # the disk fills after the first file
        synced.append(fd)
        if len(synced) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fsync)
    out = tmp_path / "out"
    assert tilelens(["ledger", "csv", "--all", "--out", str(out)]) == 2
    said, err = capsys.readouterr()
    assert [p.name for p in out.iterdir()] == ["tilelens-match-1.csv"]  # whole, the others not begun
    assert (out / "tilelens-match-1.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    if lang == "ja":
        assert f"{out}/tilelens-match-2.csv に書き出せません: ディスクに空きがありません" in err
        assert "2件の対局は書き出していません (#2とそれ以降)" in err and f"{out} に 1件書き出しました" in said
    else:
        assert f"cannot write {out}/tilelens-match-2.csv: No space left on device" in err
        assert "2 matches not written (#2 and every later one)" in err and f"wrote 1 file to {out}" in said
    assert err.count("\n") == 2 and "match-3" not in err


def test_synth_hand_not_written_for_want_of_room_names_the_photo_and_keeps_the_good_one(tmp_path):
    fresh = limited("synth", "--game", "tokyo-mahjong", "--hand", "1m", "2m", "--out", "h.jpg", cwd=tmp_path,
                    lang="ja")
    assert fresh.returncode == 2 and "h.jpg: ファイルが大きすぎます" in fresh.stderr, fresh.stderr
    assert not (tmp_path / "h.jpg").exists() and no_temporary_files(tmp_path)
    good = tmp_path / "g.jpg"
    good.write_bytes(b"a good photo")
    forced = limited("synth", "--game", "tokyo-mahjong", "--hand", "1m", "2m", "--out", "g.jpg", "--force",
                     cwd=tmp_path)
    assert forced.returncode == 2 and "g.jpg: File too large" in forced.stderr and "Traceback" not in forced.stderr
    assert good.read_bytes() == b"a good photo" and no_temporary_files(tmp_path)


def test_write_image_names_the_file_and_leaves_none_when_the_disk_is_full(tmp_path, monkeypatch):
    import numpy as np

    from vision.synth.dataset import write_image

    def full(self, data):  # opened, then no room for a byte
        open(self, "wb").close()
        raise OSError(errno.ENOSPC, "No space left on device")

    image = np.zeros((8, 8, 3), np.uint8)
    monkeypatch.setattr(Path, "write_bytes", full)  # a dataset's scene (written as it is, in a new folder)
    with pytest.raises(OSError) as refused:
        write_image(tmp_path / "scene.jpg", image, whole=False)
    assert refused.value.filename == str(tmp_path / "scene.jpg") and not (tmp_path / "scene.jpg").exists()


@pytest.mark.parametrize("code, en, ja", [(errno.EFBIG, "File too large", "ファイルが大きすぎます"),
                                          (errno.ENOSPC, "No space left on device", "ディスクに空きがありません"),
                                          (errno.EDQUOT, "Disk quota exceeded", "ディスクの使用量の上限を超えています")])
def test_no_room_is_said_in_japanese(code, en, ja):
    from tilelens.cli import os_problem

    exc = OSError(code, en, "/x/f.csv")
    assert os_problem(exc, "en") == f"/x/f.csv: {en}" and os_problem(exc, "ja") == f"/x/f.csv: {ja}"


# --- 3: `-` as an output ------------------------------------------------------------------------------------------

def test_a_csv_to_dash_is_standard_output(home, tmp_path, monkeypatch, capsys):
    ledger_of(home, 2)
    monkeypatch.chdir(tmp_path)
    assert tilelens(["ledger", "csv", "1"]) == 0
    plain = capsys.readouterr().out
    assert tilelens(["ledger", "csv", "1", "--out", "-"]) == 0
    out, err = capsys.readouterr()
    assert out == plain and err == "" and not (tmp_path / "-").exists()
    assert tilelens(["ledger", "totals", "--csv"]) == 0
    plain = capsys.readouterr().out
    assert tilelens(["ledger", "totals", "--csv", "--out", "-"]) == 0
    out, err = capsys.readouterr()
    assert out == plain and out.count("\n") > 1
    assert "wrote" not in out + err and not (tmp_path / "-").exists()


@pytest.mark.parametrize("lang, words", [("en", "--out - (standard output)"), ("ja", "--out - (標準出力)")])
def test_csv_all_to_dash_is_refused(home, tmp_path, monkeypatch, capsys, lang, words):
    ledger_of(home, 2)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TILELENS_LANG", lang)
    assert tilelens(["ledger", "csv", "--all", "--out", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and err.count("\n") == 1 and not (tmp_path / "-").exists()


@pytest.mark.parametrize("lang, words", [("en", "standard output"), ("ja", "標準出力")])
def test_label_export_to_dash_is_refused(tmp_path, monkeypatch, capsys, lang, words):
    make_dataset(tmp_path / "ds")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TILELENS_LANG", lang)
    assert tilelens(["label", "export", "ds", "-", "--to", "coco"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "-").exists()


# --- 4: SIGTERM and SIGHUP end a command as Ctrl-C does -----------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_prints_the_photos_read_so_far(tmp_path, sig):
    photo = tmp_path / "h.jpg"
    assert tilelens(["synth", "--game", "tokyo-mahjong", "--hand", "1m", "2m", "3m", "--out", str(photo)]) == 0
    pipe = tmp_path / "pipe.jpg"
    os.mkfifo(pipe)  # no one writes to it: the read waits there, after the photo
    env = dict(os.environ, TILELENS_LANG="en", YOLO_OFFLINE="1",
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-m", "tilelens.cli", "read", "--json", "--game", "tokyo-mahjong",
                             str(photo), str(pipe)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        err = ""
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stderr, selectors.EVENT_READ)
            deadline = time.monotonic() + 120
            while "waiting for data" not in err and time.monotonic() < deadline:
                if sel.select(timeout=1):
                    line = proc.stderr.readline()
                    if not line:
                        break
                    err += line
        assert "waiting for data" in err, err
        os.kill(proc.pid, sig)
        out, rest = proc.communicate(timeout=60)
    finally:
        proc.kill()
    err += rest
    assert proc.returncode == 128 + sig, (proc.returncode, err)
    read = json.loads(out)
    assert read["interrupted"] is True and [i["path"] for i in read["images"]] == [str(photo)]
    assert "Traceback" not in err and "interrupted after 1 of 2 photos" in err


def test_a_forked_child_still_dies_of_sigterm(tmp_path):
    """A worker forked from the command (torch's data loaders) is ended by SIGTERM as before: no KeyboardInterrupt
    of the parent's in it."""
    script = ("import os, signal, sys\n"
              "from tilelens.cli import signals_as_interrupt\n"
              "with signals_as_interrupt([]):\n"
              "    pid = os.fork()\n"
              "    if pid == 0:\n"
              "        os.kill(os.getpid(), signal.SIGTERM)\n"
              "        os._exit(7)\n"
              "    _, status = os.waitpid(pid, 0)\n"
              "print(os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.stdout.strip() == "True" and done.stderr == "", done.stderr


def test_the_handlers_are_put_back_after_a_command(capsys):
    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)
    assert tilelens(["games"]) == 0
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)) == before


# --- 5: a stopped check's reason in each language -----------------------------------------------------------------

def test_why_stopped_says_each_half_in_its_own_language(monkeypatch):
    from tilelens.event.runner import _why_stopped

    monkeypatch.setenv("TILELENS_LANG", "ja")
    en, ja = _why_stopped(OSError(errno.ENOSPC, "No space left on device", "/r/report.html"))
    assert en == "/r/report.html: No space left on device" and ja == "/r/report.html: ディスクに空きがありません"
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert _why_stopped(PermissionError(errno.EACCES, "Permission denied", "/r"))[1] == "/r: 権限がありません"


# --- 6: help for a word that is no command ------------------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [("en", "'prelabel' is not something tilelens label does"),
                                         ("ja", "prelabel")])
def test_label_help_of_no_subcommand_names_it(monkeypatch, capsys, lang, words):
    monkeypatch.setenv("TILELENS_LANG", lang)
    with pytest.raises(SystemExit) as ended:
        tilelens(["label", "prelabel", "--help"])
    out, err = capsys.readouterr()
    assert ended.value.code == 2 and words in err and "invalid choice" not in err and out == ""
    with pytest.raises(SystemExit) as ended:
        tilelens(["label", "--help"])
    assert ended.value.code == 0 and "tilelens label [-h]" in capsys.readouterr().out


@pytest.mark.parametrize("lang, words", [("en", "unknown command 'bogus'"), ("ja", "というコマンドはありません")])
def test_help_of_no_command_says_so(monkeypatch, capsys, lang, words):
    monkeypatch.setenv("TILELENS_LANG", lang)
    assert tilelens(["help", "bogus"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and "bogus" in err
    assert tilelens(["help", "leger"]) == 2 and "ledger" in capsys.readouterr().err  # the command nearest to it
    assert tilelens(["help"]) == 0 and "ledger" in capsys.readouterr().out
