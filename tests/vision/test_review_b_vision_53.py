"""Session 53's review (b), the vision side: a JPEG opened as text (``open(path)`` without "rb") is refused saying to
open it in binary mode, not that its stream is closed; ``ScorableHand.args`` is ``kinds_line``'s words."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from vision.image_io import ImageError, load_image


def _jpeg() -> bytes:
    buf = io.BytesIO()
    Image.fromarray(np.full((40, 60, 3), 200, np.uint8)).save(buf, format="JPEG")
    return buf.getvalue()


def test_a_jpeg_opened_as_text_is_refused_saying_to_open_it_binary_not_that_it_is_closed(tmp_path):
    path = tmp_path / "hand.jpg"
    path.write_bytes(_jpeg())  # 0xff 0xd8 ...: not UTF-8, so reading it as text fails before any text comes
    with open(path, encoding="utf-8") as f, pytest.raises(ImageError) as err:
        load_image(f)
    text, ja = str(err.value), err.value.message_ja
    assert "binary" in text and "open(path, 'rb')" in text and "closed" not in text, text
    assert "バイナリ" in ja and "open(path, 'rb')" in ja and "閉じて" not in ja, ja


def test_a_closed_text_stream_is_still_said_to_be_closed(tmp_path):
    path = tmp_path / "hand.jpg"
    path.write_bytes(_jpeg())
    f = open(path, encoding="utf-8")  # noqa: SIM115 - closed on purpose
    f.close()
    with pytest.raises(ImageError) as err:
        load_image(f)
    assert "closed" in str(err.value) and "閉じて" in err.value.message_ja


def test_a_scorable_hands_words_are_the_kinds_line_split():
    from vision.scorable import ScorableHand, score_words

    hand = ScorableHand("tokyo-mahjong", ("1m", "2m", "3m"), melds=("pon:555z",))
    assert hand.args == score_words(["1m", "2m", "3m"], ["pon:555z"]) == ["1m", "2m", "3m", "--melds", "pon:555z"]
    assert ScorableHand("nogizaka", ("a", "b")).args == ["a", "b"]
