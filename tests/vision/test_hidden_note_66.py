"""Session 66 (F9): a face half hidden, by a rack's lip maybe (``vision.hidden``: ``confidence["hidden"]``, its kind
confidence held low), is said so by ``tilelens read`` where a face washed out by glare is (``quality_notes``): a
``note:`` line naming it by its place, in English and Japanese, ``hidden`` in ``--json``; a tile both washed out and
half hidden is said once, as glare's. With a fake reader, as ``test_read_notes_f1_58``."""
from __future__ import annotations

from dataclasses import replace

import pytest
from test_read_notes_f1_58 import WIN, FakeReader, _save, hand_photo, ids, read


class HiddenReader(FakeReader):
    """Reads as ``FakeReader`` does, the faces at the places ``hidden`` marked half hidden (as ``vision.hidden``)."""

    def __init__(self, boxes, kinds, hidden=(), glare=()):
        super().__init__(boxes, kinds, glare=glare)
        self.hidden = hidden

    def read(self, img, source=None):
        from vision import hidden

        reading = super().read(img, source)
        return replace(reading, tiles=[replace(t, confidence=hidden.marked(t.confidence, 0.4)) if i in self.hidden
                                       else t for i, t in enumerate(reading.tiles)])


@pytest.fixture
def reader(monkeypatch):
    import vision.recognizer as recognizer

    def use(**kwargs):
        fake = HiddenReader(**kwargs)
        monkeypatch.setattr(recognizer.Recognizer, "load", staticmethod(lambda **_: fake))
        return fake
    return use


@pytest.mark.parametrize("lang,hidden,words", [
    ("en", (5,), "tile 6 may be half hidden (by the rack's lip?): check it against the photo"),
    ("en", (2, 5), "tiles 3 and 6 may be half hidden (by the rack's lip?): check them against the photo"),
    ("ja", (5,), "6枚目の牌は下が隠れているかもしれません (牌立ての縁で?): 写真で確かめてください"),
    ("ja", (2, 5), "3枚目と6枚目の牌は下が隠れているかもしれません (牌立ての縁で?): 写真で確かめてください")])
def test_faces_half_hidden_are_named(tmp_path, reader, monkeypatch, capsys, lang, hidden, words):
    img, boxes = hand_photo()
    reader(boxes=boxes, kinds=WIN, hidden=hidden)
    notes, said, _, err = read(_save(tmp_path, img), lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert any(words in note for note in notes) and words in err, notes
    assert ids(said) == ["hidden"], said


def test_a_face_washed_out_and_half_hidden_is_said_once_as_glare(tmp_path, reader, monkeypatch, capsys):
    img, boxes = hand_photo()
    reader(boxes=boxes, kinds=WIN, hidden=(2, 5), glare=(5,))
    notes, said, _, _ = read(_save(tmp_path, img), monkeypatch=monkeypatch, capsys=capsys)
    assert ids(said) == ["glare", "hidden"], said
    assert [n["text"] for n in said][1].startswith("tile 3 may be half hidden"), said


def test_the_help_names_the_note():
    from vision.read_cli import READ_EPILOG

    assert "glare, hidden, upside_down" in READ_EPILOG
