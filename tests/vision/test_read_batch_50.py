"""``tilelens read`` on a batch, and ``--kinds`` saying on standard error what the text says (session 50).

With a fake reader (no model loaded): the photos are small files made here, each read as the same hand.
"""
import io
import json
import sys

import numpy as np
import pytest
from PIL import Image

from tilelens.cli import main as tilelens

WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def _reading(kinds=WIN, second=None):
    """A riichi hand read sure of each tile; ``second``: index -> (read, p, truth, q)."""
    from vision.recognizer import HandReading, ReadTile

    tiles = []
    for i, kind in enumerate(kinds):
        read, p, alt, q = second[i] if second and i in second else (kind, 0.95, "9m", 0.01)
        tiles.append(ReadTile((20.0 * i, 0, 20.0 * i + 18, 30), read, {}, {"detection": 0.9, "kind": p}, False,
                              ((read, p), (alt, q))))
    return HandReading(tiles, (400, 100), "tokyo-mahjong")


class FakeReader:
    """What ``tilelens read`` uses of a ``Recognizer``; ``stop_at``: the call that is a Ctrl-C."""

    game, tileset, largest_hand, taught_for = "tokyo-mahjong", "", 14, ()

    def __init__(self, reading, stop_at=None):
        self.reading, self.stop_at, self.calls = reading, stop_at, 0

    def read(self, img, source=None):
        self.calls += 1
        if self.calls == self.stop_at:
            raise KeyboardInterrupt
        return self.reading

    read_turned = read


@pytest.fixture
def reader(monkeypatch):
    import vision.recognizer as recognizer

    monkeypatch.setenv("TILELENS_LANG", "en")

    def use(reading=None, stop_at=None):
        fake = FakeReader(reading or _reading(), stop_at)
        monkeypatch.setattr(recognizer.Recognizer, "load", staticmethod(lambda **kwargs: fake))
        return fake
    return use


def _photos(tmp_path, n, grey=False, bad=(), hw=(60, 80)):
    rng = np.random.default_rng(0)
    paths = []
    for i in range(n):
        path = tmp_path / f"p{i}.jpg"
        if i in bad:
            path.write_bytes(b"not a photo")
        elif grey:
            Image.fromarray(rng.integers(0, 255, hw, dtype=np.uint8), "L").save(path)
        else:
            Image.fromarray(rng.integers(0, 255, (*hw, 3), dtype=np.uint8), "RGB").save(path)
        paths.append(str(path))
    return paths


class TerminalErr(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_kinds_says_each_note_and_the_winning_hint_on_stderr(tmp_path, reader, capsys):
    """`tilelens score $(tilelens read grey.jpg --kinds)` printed only "not a win" while the text said that the
    photo has no colour; and the text's "wins if tile N ..." was not said either. stdout stays the kinds.
    The photo is of a phone's size: a photo too small is said so, its lack of colour not (since session 58, as the
    photo page: the cause said)."""
    reader(_reading(second={4: ("6p", 0.6, "5p", 0.3)}))
    [grey] = _photos(tmp_path, 1, grey=True, hw=(600, 800))
    assert tilelens(["read", grey, "--game", "tokyo-mahjong"]) == 0
    text = capsys.readouterr().out
    assert "note: the photo has no colour (grey)" in text and "it wins if tile 5 6p is 5p" in text  # the text says
    notes = [line.strip() for line in text.splitlines() if line.strip().startswith("note:")]
    assert len(notes) >= 2, text  # no colour, and the tile to check (the photo page's notes too since session 58)
    assert tilelens(["read", grey, "--game", "tokyo-mahjong", "--kinds"]) == 0
    out, err = capsys.readouterr()
    assert out.split("\n") == ["1m 2m 3m 4p 6p 6p 7s 8s 9s 1z 1z 1z 5z 5z", ""]  # only the kinds: score's line
    assert f"tilelens read: {grey}: note: the photo has no colour (grey)" in err, err
    assert [note for note in notes if f"tilelens read: {grey}: {note}" not in err] == [], err  # each note the text's
    assert f"tilelens read: {grey}: does not win as read; it wins if tile 5 6p is 5p (0.30): {' '.join(WIN)}" in err


def test_json_interrupted_prints_the_photos_already_read(tmp_path, reader, capsys):
    """Ctrl-C 12 s into `tilelens read --json` on 102 photos printed nothing (exit 130): all lost."""
    reader(stop_at=3)
    photos = _photos(tmp_path, 4)
    assert tilelens(["read", *photos, "--game", "tokyo-mahjong", "--json"]) == 130
    out, err = capsys.readouterr()
    document = json.loads(out)
    assert document["interrupted"] is True and [i["path"] for i in document["images"]] == photos[:2]
    assert document["images"][0]["kinds"] == WIN
    assert "interrupted after 2 of 4 photos" in err, err


def test_json_not_interrupted_says_so(tmp_path, reader, capsys):
    reader()
    photos = _photos(tmp_path, 2)
    assert tilelens(["read", *photos, "--game", "tokyo-mahjong", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["interrupted"] is False and len(document["images"]) == 2


def test_text_interrupted_says_how_far_it_got(tmp_path, reader, capsys):
    reader(stop_at=2)
    photos = _photos(tmp_path, 3)
    assert tilelens(["read", *photos, "--game", "tokyo-mahjong", "--kinds"]) == 130
    out, err = capsys.readouterr()
    assert out == " ".join(WIN) + "\n" and "interrupted after 1 of 3 photos" in err, err


def test_a_batch_shows_its_progress_where_stderr_is_a_terminal(tmp_path, reader, monkeypatch, capsys):
    """102 photos read with --json: nothing on the terminal for a minute. Where stderr is not a terminal (a log,
    a script), nothing is added to it."""
    reader()
    photos = _photos(tmp_path, 3)
    assert tilelens(["read", *photos, "--game", "tokyo-mahjong", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "3/3" not in err and "2/3" not in err and len(json.loads(out)["images"]) == 3
    terminal = TerminalErr()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert tilelens(["read", *photos, "--game", "tokyo-mahjong", "--json"]) == 0
    shown = terminal.getvalue()
    assert "reading photos" in shown and "2/3" in shown, shown
    assert len(json.loads(capsys.readouterr().out)["images"]) == 3  # stdout: the document alone


@pytest.mark.parametrize("mode", [[], ["--kinds"]], ids=["text", "kinds"])
def test_a_batch_ends_naming_the_photos_not_read(tmp_path, reader, capsys, mode):
    reader()
    photos = _photos(tmp_path, 4, bad=(1, 3))
    assert tilelens(["read", *photos, "--game", "tokyo-mahjong", *mode]) == 2
    err = capsys.readouterr().err
    assert err.rstrip("\n").split("\n")[-1] == f"tilelens read: 2 of 4 photos not read: {photos[1]}, {photos[3]}", err


def test_a_batch_read_whole_has_no_summary(tmp_path, reader, capsys):
    reader()
    photos = _photos(tmp_path, 2)
    assert tilelens(["read", *photos, "--game", "tokyo-mahjong"]) == 0
    assert "not read" not in capsys.readouterr().err


def test_the_batch_lines_in_japanese(tmp_path, reader, monkeypatch, capsys):
    reader(stop_at=3)
    monkeypatch.setenv("TILELENS_LANG", "ja")
    photos = _photos(tmp_path, 4, bad=(0,))
    assert tilelens(["read", *photos, "--game", "tokyo-mahjong"]) == 130
    err = capsys.readouterr().err.rstrip("\n").split("\n")
    # the first photo not read (no reading asked of it), the next two read, Ctrl-C in the fourth
    assert err[-2:] == [f"tilelens read: 3枚のうち1枚は読めませんでした: {photos[0]}",
                        "tilelens read: 4枚のうち3枚を読んだところで中断されました"], err
