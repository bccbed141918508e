"""Outputs into a folder that cannot be written (walk W3, session 60).

`label init`, `label export`, `label import`, `synth` and `check --out` said only "PATH: Operation not permitted"
(権限がありません); now the line names what could not be written, why, and what would do (another --out, another
folder), in English and Japanese. `eval --errors-dir` said its reason in English in a Japanese line
("…に画像を書けません: Operation not permitted"): now in Japanese.

Root ignores a folder's mode (these tests may run as root), so a read-only place is stood in for: the folders a
test shuts refuse every write (``os.mkdir``, ``os.open`` and ``open`` for writing, ``os.replace``) with EPERM, as
an immutable folder (``chattr +i``) does.
"""
import builtins
import errno
import io
import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from tilelens.cli import main as tilelens
from tilelens.cli import not_written_under


@pytest.fixture
def shut(monkeypatch):
    """``shut(folder)``: every write in or at ``folder`` refused as a read-only place refuses it."""
    folders: list[Path] = []

    def under(path) -> bool:
        if isinstance(path, int):
            return False
        p = Path(os.path.abspath(os.fsdecode(path)))
        return any(p == f or f in p.parents for f in folders)

    def refuse(path):
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), os.fsdecode(path))

    real_mkdir, real_open, real_replace, real_rename, real_io = os.mkdir, os.open, os.replace, os.rename, io.open

    def mkdir(path, *a, **k):
        return refuse(path) if under(path) else real_mkdir(path, *a, **k)

    def os_open(path, flags, *a, **k):
        writes = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        return refuse(path) if writes and under(path) else real_open(path, flags, *a, **k)

    def opened(file, mode="r", *a, **k):
        writes = isinstance(file, (str, bytes, os.PathLike)) and any(c in mode for c in "wax+")
        return refuse(file) if writes and under(file) else real_io(file, mode, *a, **k)

    def moved(real):
        def move(src, dst, *a, **k):
            return refuse(dst if under(dst) else src) if under(src) or under(dst) else real(src, dst, *a, **k)
        return move

    monkeypatch.setattr(os, "mkdir", mkdir)
    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(io, "open", opened)
    monkeypatch.setattr(builtins, "open", opened)
    monkeypatch.setattr(os, "replace", moved(real_replace))
    monkeypatch.setattr(os, "rename", moved(real_rename))
    return lambda folder: folders.append(Path(os.path.abspath(folder)))


def _run(capsys, monkeypatch, lang, *argv):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = tilelens(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _said_once(err: str, lang: str, path, instead: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    line = lines[0]
    if lang == "en":
        assert f"cannot write {path} (Operation not permitted): " in line and instead in line, line
    else:
        assert f"{path} に書き込めません (権限がありません): " in line and instead in line, line
        assert "Operation not permitted" not in line and "permitted" not in line, line


# the helper ---------------------------------------------------------------------------------------------------------

def test_a_write_refused_under_the_output_is_said_with_what_would_do(tmp_path):
    out = tmp_path / "ro"
    exc = PermissionError(errno.EACCES, "Permission denied", str(out / "x.json"))
    with pytest.raises(Exception) as said:
        with not_written_under(out, ("give another --out", "別の --out を指定してください")):
            raise exc
    assert str(said.value) == f"cannot write {out / 'x.json'} (Permission denied): give another --out"
    assert said.value.message_ja == f"{out / 'x.json'} に書き込めません (権限がありません): 別の --out を指定してください"


@pytest.mark.parametrize("exc", [
    PermissionError(errno.EACCES, "Permission denied", "/elsewhere/photo.jpg"),  # a photo read: not the output
    FileNotFoundError(errno.ENOENT, "No such file or directory", "/x/ro/y"),  # not a refusal to write
    PermissionError(errno.EACCES, "Permission denied"),  # no path named
], ids=["elsewhere", "not-a-refusal", "no-path"])
def test_other_errors_are_raised_as_they_are(exc):
    with pytest.raises(OSError) as raised:
        with not_written_under(Path("/x/ro"), ("a", "b")):
            raise exc
    assert raised.value is exc


def test_a_folder_above_the_output_that_cannot_be_made_is_said_too(tmp_path):
    out = tmp_path / "ro" / "report" / "deep"
    with pytest.raises(Exception) as said:
        with not_written_under(out, ("give another --out", "別の --out")):
            raise PermissionError(errno.EPERM, "Operation not permitted", str(tmp_path / "ro" / "report"))
    assert str(said.value).startswith(f"cannot write {tmp_path / 'ro' / 'report'} (Operation not permitted)")


# the commands -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,instead", [("en", "give another --out"), ("ja", "を --out に指定してください")])
def test_synth_into_a_read_only_folder(tmp_path, capsys, monkeypatch, shut, lang, instead):
    ro = tmp_path / "ro"
    ro.mkdir()
    shut(ro)
    code, out, err = _run(capsys, monkeypatch, lang, "synth", "--game", "nogizaka", "--hand", "rarin",
                          "--out", str(ro / "x.jpg"))
    assert code == 2 and out == "", out
    _said_once(err, lang, ro / "x.jpg", instead)


@pytest.fixture
def dataset(tmp_path):
    """A dataset of one photo, accepted as is (no boxes), as `label init` leaves one."""
    root = tmp_path / "photos"
    (root / "images" / "train").mkdir(parents=True)
    (root / "labels" / "train").mkdir(parents=True)
    cv2.imwrite(str(root / "images" / "train" / "a.jpg"), np.full((120, 160, 3), 90, np.uint8))
    (root / "labels" / "train" / "a.txt").write_text("")
    (root / "data.yaml").write_text("path: .\ntrain: images/train\nval: images/train\nnames:\n  0: rarin\n")
    return root


@pytest.mark.parametrize("lang,instead", [("en", "a folder you can write to"), ("ja", "書き込めるフォルダ")])
def test_label_export_into_a_read_only_folder(tmp_path, capsys, monkeypatch, shut, dataset, lang, instead):
    ro = tmp_path / "ro"
    ro.mkdir()
    shut(ro)
    code, out, err = _run(capsys, monkeypatch, lang, "label", "export", str(dataset), "--to", "coco",
                          str(ro / "x.json"))
    assert code == 2 and out == "", out
    _said_once(err, lang, ro / "x.json", instead)


@pytest.mark.parametrize("lang,instead", [("en", "a folder you can write to"), ("ja", "書き込めるフォルダ")])
def test_label_import_into_a_read_only_folder(tmp_path, capsys, monkeypatch, shut, dataset, lang, instead):
    assert tilelens(["label", "export", str(dataset), "--to", "coco", str(tmp_path / "coco.json")]) == 0
    capsys.readouterr()
    ro = tmp_path / "ro"
    ro.mkdir()
    shut(ro)
    code, out, err = _run(capsys, monkeypatch, lang, "label", "import", str(tmp_path / "coco.json"), "--from", "coco",
                          str(ro), "--images", str(dataset / "images" / "train"))
    assert code == 2 and out == "", out
    assert len(err.strip().splitlines()) == 1 and str(ro) in err and instead in err, err
    assert ("cannot write" if lang == "en" else "に書き込めません (権限がありません)") in err, err


@pytest.mark.parametrize("lang,instead", [("en", "copy the photos"), ("ja", "写真をコピーして")])
def test_label_init_of_a_read_only_folder(tmp_path, capsys, monkeypatch, shut, lang, instead):
    ro = tmp_path / "ro"
    ro.mkdir()
    cv2.imwrite(str(ro / "a.jpg"), np.full((120, 160, 3), 90, np.uint8))
    shut(ro)
    code, out, err = _run(capsys, monkeypatch, lang, "label", "init", str(ro), "--game", "nogizaka")
    assert code == 2 and out == "", out
    line = err.strip().splitlines()[-1]
    assert "Traceback" not in err and instead in line and str(ro) in line, err
    assert ("cannot write" if lang == "en" else "に書き込めません (権限がありません)") in line, line


@pytest.mark.parametrize("lang,instead", [("en", "give another --out"), ("ja", "を --out に指定してください")])
def test_check_into_a_read_only_report_folder(tmp_path, capsys, monkeypatch, shut, lang, instead):
    event = tmp_path / "event"
    (event / "table1").mkdir(parents=True)
    cv2.imwrite(str(event / "table1" / "seat1.jpg"), np.full((120, 160, 3), 90, np.uint8))
    ro = tmp_path / "ro"
    ro.mkdir()
    shut(ro)
    code, out, err = _run(capsys, monkeypatch, lang, "check", str(event), "--game", "nogizaka", "--out",
                          str(ro / "report"), "--jobs", "1", "--quiet")
    assert code == 2, (out, err)
    line = err.strip().splitlines()[-1]
    assert "Traceback" not in err and instead in line and str(ro / "report") in line, err
    assert ("cannot write" if lang == "en" else "に書き込めません (権限がありません)") in line, line


def test_eval_errors_dir_says_its_reason_in_japanese(tmp_path):
    from vision.eval_errors import PicturesError, make_pictures_folder

    with pytest.MonkeyPatch.context() as patch:
        def refused(self, *a, **k):
            raise PermissionError(errno.EPERM, "Operation not permitted", str(self))
        patch.setattr(Path, "mkdir", refused)
        with pytest.raises(PicturesError) as said:
            make_pictures_folder(tmp_path / "ro" / "err")
    assert said.value.message_ja == f"{tmp_path / 'ro' / 'err'} に画像を書けません: 権限がありません", said.value.message_ja
    assert str(said.value) == f"cannot write pictures to {tmp_path / 'ro' / 'err'}: Operation not permitted"


@pytest.mark.parametrize("lang,instead", [("en", "give another --errors-dir"), ("ja", "を --errors-dir に指定してください")])
def test_eval_into_an_errors_dir_there_that_cannot_be_written_in(tmp_path, capsys, monkeypatch, shut, lang, instead):
    data = Path(__file__).resolve().parents[1] / "vision" / "data" / "detector"
    ro = tmp_path / "ro"
    ro.mkdir()
    shut(ro)
    code, out, err = _run(capsys, monkeypatch, lang, "eval", "--data", str(data), "--tileset", "hk-mahjong",
                          "--errors-dir", str(ro))
    assert code == 2, (out, err)
    line = err.strip().splitlines()[-1]
    assert "Traceback" not in err and instead in line and str(ro) in line, err
    assert ("cannot write" if lang == "en" else "に書き込めません (権限がありません)") in line, line
