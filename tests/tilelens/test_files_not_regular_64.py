"""What is no regular file (a named pipe, a device) is said by one module, ``tilelens.files``, that imports nothing
heavy: the ledger, the event check and labelling say it alike; and the file in the way of a folder (the home among
them) is found by one function, ``tilelens.home.file_in_the_way``. Nothing here opens a named pipe (it would wait)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def test_the_module_pulls_in_no_yaml_and_no_sqlite():
    code = ("import sys, tilelens.files; "
            "print(sorted(m for m in ('yaml', 'sqlite3', 'tilelens.event.layout', 'tilelens.ledger') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


@fifo_only
def test_a_named_pipe_said_in_both_languages(tmp_path):
    from tilelens.files import is_special, not_a_file_said, what_it_is

    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    assert is_special(fifo) and what_it_is(fifo) == ("a named pipe", "名前付きパイプ")
    assert not_a_file_said(fifo) == (
        "is not a regular file (a named pipe): tilelens reads only files and does not open it (reading a pipe waits "
        "for a writer)", "は通常のファイルではありません (名前付きパイプ)。tilelens が読むのはファイルだけで、これは開きません "
        "(パイプを読むと書き手を待ち続けます)")
    assert not_a_file_said(fifo, writing=True) == (
        "is not a regular file (a named pipe): tilelens writes only files and does not put one in its place",
        "は通常のファイルではありません (名前付きパイプ)。tilelens が書くのはファイルだけで、これをファイルで置き換えることも"
        "しません")


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null here")
def test_a_device_and_what_is_a_file(tmp_path):
    from tilelens.files import is_special, not_a_file_said, what_it_is

    assert what_it_is(Path("/dev/null")) == ("a device", "デバイス") and is_special("/dev/null")
    assert not_a_file_said("/dev/null")[0] == "is not a regular file (a device): tilelens reads only files and does " \
                                              "not open it"
    (tmp_path / "f").write_text("x")
    for plain in (tmp_path / "f", tmp_path, tmp_path / "none", "bad\0name"):
        assert not is_special(plain) and not_a_file_said(plain) is None


@fifo_only
@pytest.mark.parametrize("reading", [True, False])
def test_label_files_name_the_kind_of_file(tmp_path, reading):
    from tilelens.labelling.store import NotAFileError

    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    said = NotAFileError(fifo, reading=reading)
    assert str(said).startswith(f"{fifo} is not a regular file (a named pipe): tilelens "), str(said)
    assert said.message_ja.startswith(f"{fifo} は通常のファイルではありません (名前付きパイプ)。"), said.message_ja
    gone = NotAFileError(tmp_path / "gone", reading=reading)  # replaced since it was looked at: its kind unknown
    assert "is not a regular file (a named pipe, a device or a socket)" in str(gone), str(gone)
    assert "(名前付きパイプ・デバイス・ソケット)" in gone.message_ja


def test_the_file_in_the_way_of_a_folder(tmp_path):
    from tilelens.home import file_in_the_way

    (tmp_path / "f").write_text("x")
    assert file_in_the_way(tmp_path / "f" / "a" / "b") == tmp_path / "f"
    assert file_in_the_way(tmp_path / "d" / "x") is None
    (tmp_path / "gone").symlink_to(tmp_path / "nothing")
    assert file_in_the_way(tmp_path / "gone" / "x") == tmp_path / "gone"
