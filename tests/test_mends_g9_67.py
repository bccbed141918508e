"""Session 67: a permission error on a photo whose name holds "truncated" said as what it is, not "cut short"; a
riichi count of players that is a number but no whole number (3.0, numpy's 3, True) said as the Donjara engine says
it ("players must be a whole number"), not "played by 2-4 players, got 3.0"."""
from __future__ import annotations

import errno

import numpy as np
import pytest

from scorer import riichi, score
from scorer.result import HandError
from scorer.riichi_tiles import RiichiInputError

HAND = "123m456p789s11z222z"


# --- a photo's name is not the error's words ------------------------------------------------------------------------

def _no_open(*args, **kwargs):
    raise PermissionError(errno.EACCES, "Permission denied", str(args[0]))


def test_a_permission_error_on_a_file_named_truncated_is_no_file_cut_short(tmp_path, monkeypatch):
    import vision.image_io as image_io

    photo = tmp_path / "truncated_hand.jpg"
    photo.write_bytes(b"\xff\xd8\xff")
    monkeypatch.setattr(image_io, "open", _no_open, raising=False)  # check_whole's open: no read permission
    said = image_io.unreadable(photo, photo.name, OSError(errno.EACCES, "Permission denied", "truncated_hand.jpg"))
    assert "cut short" not in str(said), str(said)
    assert str(said) == "truncated_hand.jpg: cannot be read (Permission denied)", str(said)
    assert said.message_ja == "truncated_hand.jpg: ファイルを読めません。"


def test_pillows_own_truncated_words_still_say_cut_short():
    from vision.image_io import cut_short

    for words in ("image file is truncated (3 bytes not processed)", "Truncated File Read"):
        assert cut_short(OSError(words), "hand.jpg") is not None, words
    assert cut_short(OSError(errno.EACCES, "Permission denied", "truncated_hand.jpg"), "truncated_hand.jpg") is None


# --- a count of players that is no whole number, said as Donjara says it ---------------------------------------------

@pytest.mark.parametrize("given", [3.0, np.int64(3), True])
def test_a_riichi_count_that_is_no_whole_number_is_said_as_donjaras(given):
    with pytest.raises(HandError) as donjara:
        score("nogizaka", [], players=given)
    with pytest.raises(RiichiInputError) as refused:
        riichi.score(None, HAND, win="tsumo", players=given)
    said = (str(refused.value), refused.value.message_ja)
    assert said == (str(donjara.value), donjara.value.message_ja), said
    assert said[0] == f"players must be a whole number, got {given!r}", said
    assert said[1].startswith("人数 (players) は整数にしてください"), said


def test_a_whole_count_out_of_the_span_and_a_word_still_name_the_span():
    for given, en in ((5, "Tokyo Mahjong is played by 2-4 players, got 5"),
                      ("four", "Tokyo Mahjong is played by 2-4 players, got 'four'")):
        with pytest.raises(RiichiInputError) as refused:
            riichi.score(None, HAND, win="tsumo", players=given)
        assert str(refused.value) == en
