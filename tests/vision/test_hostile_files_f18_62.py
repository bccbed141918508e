"""Session 62 (F18): hostile photo files given to ``tilelens read`` (a walkthrough, W5).

A named pipe no one writes to hung silently (now: after a moment, said once on stderr that it waits for data); a
link loop was said to be "a link to loop2.jpg, which is not there" (now: the links go round in a loop); 500 MB of
zeros named .jpg were read whole before being refused (now: its first bytes are looked at first, and a file larger
than any photo is refused unread); a newline in a photo's name broke the output line (now: such a name is quoted,
``'new\\nline.jpg'``, as a ledger's name is: ``scorer.result.printable``)."""
from __future__ import annotations

import os
import threading
import time
import tracemalloc

import numpy as np
import pytest
from PIL import Image

from tilelens.cli import main as tilelens
from vision import image_io
from vision.image_io import ImageError, check_whole, load_image

from test_read_cli_52 import FakeReader, _reading


@pytest.fixture
def reader(monkeypatch):
    """As test_read_cli_52's: the command reads every photo as the hand given, no model loaded."""
    import vision.recognizer as recognizer

    monkeypatch.setenv("TILELENS_LANG", "en")

    def use(reading):
        fake = FakeReader(reading)
        monkeypatch.setattr(recognizer.Recognizer, "load", staticmethod(lambda **kwargs: fake))
        return fake
    return use


def _photo(path):
    Image.fromarray(np.random.default_rng(0).integers(0, 255, (400, 1000, 3), dtype=np.uint8)).save(path)
    return path


# a link loop -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, words", [("en", "links go round in a loop"), ("ja", "ループ")])
def test_a_link_loop_is_said_to_be_one(tmp_path, lang, words):
    (tmp_path / "loop2.jpg").symlink_to("loop1.jpg")
    (tmp_path / "loop1.jpg").symlink_to("loop2.jpg")
    with pytest.raises(ImageError) as said:
        load_image(tmp_path / "loop1.jpg")
    text = said.value.message_ja if lang == "ja" else str(said.value)
    assert words in text and "not there" not in text and "ありません" not in text, text
    assert "loop1.jpg -> loop2.jpg -> loop1.jpg" in text


def test_a_link_to_nothing_is_still_said_so(tmp_path):
    (tmp_path / "gone.jpg").symlink_to("nowhere.jpg")
    with pytest.raises(ImageError, match="a link to nowhere.jpg, which is not there"):
        load_image(tmp_path / "gone.jpg")


# a large file of junk ----------------------------------------------------------------------------------------------
def _zeros(path, size):
    with open(path, "wb") as f:
        f.truncate(size)  # sparse: no disk to speak of
    return path


@pytest.mark.parametrize("read", [load_image, check_whole])
def test_a_large_file_of_zeros_is_refused_without_reading_it_whole(tmp_path, read):
    junk = _zeros(tmp_path / "zeros.jpg", 64 << 20)
    tracemalloc.start()
    try:
        with pytest.raises(ImageError, match="not an image"):
            read(junk)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20, peak


@pytest.mark.parametrize("read", [load_image, check_whole])
def test_a_file_larger_than_any_photo_is_refused_unread(tmp_path, monkeypatch, read):
    monkeypatch.setattr(image_io, "MAX_FILE_BYTES", 1 << 20)
    big = tmp_path / "big.jpg"
    big.write_bytes(b"\xff\xd8\xff\xe0" + bytes(2 << 20))
    with pytest.raises(ImageError) as said:
        read(big)
    assert "larger than any photo" in str(said.value) and "MB" in str(said.value), str(said.value)
    assert "MB" in said.value.message_ja and "大きすぎ" in said.value.message_ja


def test_a_large_real_photo_is_still_read(tmp_path, monkeypatch):
    monkeypatch.setattr(image_io, "HEAD_FIRST_FROM", 1)  # every file looked at by its head first
    for suffix in ("jpg", "png", "bmp", "tiff", "webp", "gif"):
        path = _photo(tmp_path / f"p.{suffix}")
        assert load_image(path).shape[:2] == (400, 1000), suffix
        check_whole(path)


def test_a_small_junk_file_keeps_its_own_words(tmp_path):
    (tmp_path / "video.jpg").write_bytes(b"\x00\x00\x00\x18ftypqt  " + bytes(64))
    with pytest.raises(ImageError, match="a video, not a photo"):
        load_image(tmp_path / "video.jpg")


# a named pipe ------------------------------------------------------------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
@pytest.mark.parametrize("lang, words", [("en", "waiting for data on {p} (a pipe)"), ("ja", "{p} (パイプ)")])
def test_a_pipe_with_no_data_yet_is_said_to_be_waited_on_once(tmp_path, reader, monkeypatch, capsys, lang,
                                                               words):
    import vision.read_cli as read_cli

    reader(_reading())
    monkeypatch.setenv("TILELENS_LANG", lang)
    monkeypatch.setattr(read_cli, "STREAM_WAIT_S", 0.2)
    photo, fifo = _photo(tmp_path / "p.jpg"), tmp_path / "fifo.jpg"
    os.mkfifo(fifo)

    def write_late():
        time.sleep(1.0)
        with open(fifo, "wb") as f:
            f.write(photo.read_bytes())

    writer = threading.Thread(target=write_late)
    writer.start()
    try:
        code = tilelens(["read", str(fifo), "--game", "tokyo-mahjong", "--kinds"])
    finally:
        writer.join()
    out, err = capsys.readouterr()
    assert code == 0 and out.strip(), err
    assert err.count(words.format(p=fifo)) == 1 and "Ctrl-C" in err, err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_with_data_at_once_says_nothing_of_waiting(tmp_path, reader, monkeypatch, capsys):
    import vision.read_cli as read_cli

    reader(_reading())
    monkeypatch.setattr(read_cli, "STREAM_WAIT_S", 0.5)
    photo, fifo = _photo(tmp_path / "p.jpg"), tmp_path / "fifo.jpg"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: open(fifo, "wb").write(photo.read_bytes()))
    writer.start()
    try:
        code = tilelens(["read", str(fifo), "--game", "tokyo-mahjong", "--kinds"])
    finally:
        writer.join()
    time.sleep(0.7)  # the timer, had it not been stopped, would have said it by now
    assert code == 0 and "waiting" not in capsys.readouterr().err


# a newline in a name -----------------------------------------------------------------------------------------------
def test_a_name_with_a_newline_is_quoted_in_the_text(tmp_path, reader, capsys):
    reader(_reading())
    photo = str(_photo(tmp_path / "new\nline.jpg"))
    assert tilelens(["read", photo, "--game", "tokyo-mahjong"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith("'" + str(tmp_path) + "/new\\nline.jpg': "), first


def test_a_bad_photo_named_with_a_newline_is_said_on_one_line(tmp_path, reader, capsys):
    reader(_reading())
    bad = tmp_path / "bad\nname.jpg"
    bad.write_bytes(b"not a photo")
    good = str(_photo(tmp_path / "ok.jpg"))
    assert tilelens(["read", str(bad), good, "--game", "tokyo-mahjong", "--kinds"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert all(line.startswith("tilelens read: ") for line in lines), err
    assert f"'{tmp_path}/bad\\nname.jpg'" in lines[0] and "not an image" in lines[0]
    assert lines[-1].endswith(f"1 of 2 photos not read: '{tmp_path}/bad\\nname.jpg'"), err
    assert out.count("\n") == 2  # one line per photo, the bad one's empty


def test_a_plain_or_japanese_name_is_not_quoted(tmp_path, reader, capsys):
    reader(_reading())
    photo = str(_photo(tmp_path / "spaced name 東.jpg"))
    assert tilelens(["read", photo, "--game", "tokyo-mahjong"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(f"{photo}: ")
