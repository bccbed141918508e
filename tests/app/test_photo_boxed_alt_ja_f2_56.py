"""Session 56 (f2): the boxed photo's text for a screen reader said a doubtful tile in Japanese by a 「?」 after its
number (「9? …」, and 「(「?」は信頼度の低い牌)」): a Japanese screen reader reads a question mark as a pause or not at all.
It is said in words now (「要確認」), with the meld's kind where it has one."""
from __future__ import annotations

from dataclasses import replace

import pytest
from app_helpers import YOKAI_NEAR, synthetic

from scorer import load_game


@pytest.fixture
def doubtful_ja(home, page):
    """The photo page in Japanese with a hand read from a photo, tile 9 read with low confidence (as
    test_accessible_48's ``doubtful``)."""
    from app.components.photo import PhotoTile

    at = page("score_photo", "yokai-watch", "ja")
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", synthetic("yokai-watch", YOKAI_NEAR),
                                                     "image/jpeg")).run()
    tiles = [PhotoTile((30.0 * i, 10.0, 30.0 * i + 25, 50.0), k, 0.95, choices=((k, 0.95),))
             for i, k in enumerate(YOKAI_NEAR)]
    tiles[8] = PhotoTile(tiles[8].xyxy, "yokai-09", 0.4, ("almighty",), choices=(("yokai-09", 0.4),))
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(tiles))
    at.session_state["photo_tiles"] = [t.kind for t in tiles]
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_boxed_photos_japanese_text_says_a_doubtful_tile_in_words(doubtful_ja):
    game = load_game("yokai-watch")
    names = [game.tile(k).name_ja for k in YOKAI_NEAR]
    photo = next(img for node in doubtful_ja.get("image") for img in node.proto.imgs
                 if names[0] in img.alt and names[-1] in img.alt)
    assert "?" not in photo.alt and "？" not in photo.alt, photo.alt
    assert f"9 {game.tile('yokai-09').name_ja} (要確認)" in photo.alt, photo.alt
    assert photo.alt.count("要確認") == 2, photo.alt  # the note of what it means, and tile 9
    assert "信頼度" in photo.alt, photo.alt
