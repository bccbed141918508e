"""The "Score a photo" page walked as a player at the table uses it on a phone: the photo read, a tile fixed
with a tap, a box fixed in the photo editor, the hand added to the table's ledger."""
from __future__ import annotations

import pytest
import streamlit as st
from app_helpers import add_to_ledger, YOKAI_NEAR, YOKAI_WIN, read_as_win, synthetic, texts, yokai_match
from PIL import Image

from app.components import box_editor as editor

B1, B2, B3 = (0.1, 0.1, 0.2, 0.3), (0.3, 0.1, 0.4, 0.3), (0.5, 0.1, 0.6, 0.3)


@pytest.fixture
def photo(tmp_path):
    st.session_state.clear()
    path = tmp_path / "a.jpg"
    Image.new("RGB", (160, 120), (40, 120, 90)).save(path)
    yield path
    st.session_state.clear()


def _sent(monkeypatch, edits):
    """The editor in the browser as having sent ``edits``."""
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": edits})


def _move(index, was, to, nonce="n-1"):
    return {"op": "set", "photo": "a.jpg", "index": index, "from": list(was), "xyxyn": list(to), "nonce": nonce}


def test_a_box_dragged_after_another_tab_removed_one_is_found_where_it_was_drawn(photo, monkeypatch):
    # The page drew B1 B2 B3; another tab removed B1; the player drags B2 (the 2nd box drawn). The edit named
    # box 2 by its number: the page moved B3, the box now 2nd in the label file.
    _sent(monkeypatch, [_move(1, B2, (0.3, 0.5, 0.4, 0.7))])
    edits = editor.box_editor(photo, "a.jpg", [B2, B3], ["1m", "2m"], ["1m", "2m"], None, key="ed")
    assert [e["index"] for e in edits] == [0]  # B2, where it is in the file now


def test_a_box_dragged_after_another_tab_removed_it_moves_no_box_and_says_so(photo, monkeypatch):
    said = []
    monkeypatch.setattr(st, "warning", lambda text, *a, **k: said.append(text))
    _sent(monkeypatch, [_move(1, B2, (0.3, 0.5, 0.4, 0.7))])
    edits = editor.box_editor(photo, "a.jpg", [B1, B3], ["1m", "2m"], ["1m", "2m"], None, key="ed")
    assert [e["index"] for e in edits] == [None]  # the page moves no box (label.py: index not an int)
    list(editor.unapplied("ed", edits))  # the page applies it (nothing) and runs again
    st.session_state["lang"] = "ja"
    editor.box_editor(photo, "a.jpg", [B1, B3], ["1m", "2m"], ["1m", "2m"], None, key="ed")
    assert len(said) == 1 and "別のタブ" in said[0]
    editor.box_editor(photo, "a.jpg", [B1, B3], ["1m", "2m"], ["1m", "2m"], None, key="ed")
    assert len(said) == 1  # said once


def test_a_box_tapped_or_dragged_after_another_tab_removed_one_is_the_one_selected(photo, monkeypatch):
    to = (0.3, 0.5, 0.4, 0.7)
    tap = {"op": "select", "photo": "a.jpg", "index": 2, "xyxyn": list(B3), "nonce": "n-1"}
    drag = [_move(1, B2, to, "n-2"), {"op": "select", "photo": "a.jpg", "index": 1, "xyxyn": list(to), "nonce": "n-3"}]
    _sent(monkeypatch, [tap, *drag])
    edits = editor.box_editor(photo, "a.jpg", [B2, B3], ["1m", "2m"], ["1m", "2m"], None, key="ed")
    assert [e["index"] for e in edits] == [1, 0, 0]  # B3, then B2 moved and selected where it is now


def test_moves_queued_with_a_removal_and_a_move_applied_twice_find_their_boxes(photo, monkeypatch):
    to = (0.5, 0.5, 0.6, 0.7)
    queue = [{"op": "delete", "photo": "a.jpg", "index": 0, "xyxyn": list(B1), "nonce": "n-1"},
             _move(1, B3, to, "n-2")]  # B3 was 2nd on the screen once B1 was removed there
    _sent(monkeypatch, queue)
    assert [e["index"] for e in editor.box_editor(photo, "a.jpg", [B1, B2, B3], ["1m"] * 3, ["1m"] * 3, None,
                                                  key="ed")] == [0, 1]
    # the move saved by a run that was stopped before it counted as applied: found at its new place
    st.session_state[editor._applied_key("ed")] = ["n-1"]
    assert [e["index"] for e in editor.box_editor(photo, "a.jpg", [B2, to], ["1m"] * 2, ["1m"] * 2, None,
                                                  key="ed")] == [0, 1]


@pytest.fixture
def match(home):
    return yokai_match(home)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_another_photo_of_a_hand_like_the_one_added_can_be_added(match, page, lang):
    # The dealer wins again with the same tiles: the new photo's hand was refused as "added" (the button
    # compared the tiles, winner and points, not which photo it was).
    ledger, match_id = match
    at = read_as_win(page("score_photo", "yokai-watch", lang), 5)
    add_to_ledger(at, "photo")
    assert len(ledger.hands(match_id)) == 1
    assert at.button(key="photo_add_ledger").disabled  # this photo's hand: added
    at = read_as_win(at, 6)
    at.selectbox(key="photo_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.button(key="photo_add_ledger").disabled
    assert not at.success or ("Added to the ledger" not in at.success[-1].value
                              and "記録しました" not in at.success[-1].value)
    add_to_ledger(at, "photo")
    assert len(ledger.hands(match_id)) == 2


def test_a_photo_added_before_and_read_again_says_its_hand_is_in_the_ledger(match, page):
    ledger, match_id = match
    at = read_as_win(page("score_photo", "yokai-watch"), 5)
    add_to_ledger(at, "photo")
    at = read_as_win(at, 6)  # another photo, not added: the first one read again is still "added"
    at = read_as_win(at, 5)
    assert at.button(key="photo_add_ledger").disabled
    at = read_as_win(at, 6)
    add_to_ledger(at, "photo")
    assert len(ledger.hands(match_id)) == 2
    at = read_as_win(at, 5)  # added as hand 1, read again after hand 2 was added: nothing said, added again
    assert f"already in the ledger, as hand 1 of match #{match_id}" in texts(at)
    assert at.button(key="photo_add_ledger").disabled  # and refused: the ledger still holds it


def _with_tiles(at, tiles):
    from dataclasses import replace

    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(tiles))
    at.session_state["photo_tiles"] = [t.kind for t in tiles if t.in_hand]
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _flagged(at, i) -> bool:
    return at.button(key=f"photo_tile_{i}").proto.type == "primary"


@pytest.mark.parametrize("lang, words", [("en", "low confidence"), ("ja", "信頼度の低い")])
def test_a_doubtful_tile_the_player_corrected_is_no_longer_marked_to_check(home, page, lang, words):
    # The tile read with low confidence stayed red, with a warning sign, and the page kept saying to tap the red
    # tiles to check them, after the player had tapped it and put it right.
    from app.components.photo import PhotoTile

    at = page("score_photo", "yokai-watch", lang)
    data = synthetic("yokai-watch", YOKAI_NEAR)
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", data, "image/jpeg")).run()
    tiles = [PhotoTile((30.0 * i, 10.0, 30.0 * i + 25, 50.0), k, 0.95, choices=((k, 0.95),))
             for i, k in enumerate(YOKAI_NEAR)]
    tiles[8] = PhotoTile(tiles[8].xyxy, "yokai-09", 0.4, ("almighty",), choices=(("yokai-09", 0.4),))
    at = _with_tiles(at, tiles)
    assert _flagged(at, 8) and not _flagged(at, 7) and words in texts(at)
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_almighty").click().run()
    assert at.session_state["photo_tiles"] == YOKAI_WIN
    assert not _flagged(at, 8) and words not in texts(at)


def test_a_corrected_tile_is_boxed_in_green_on_the_photo():
    import numpy as np

    from app.components.photo import DOUBTFUL_RED, MELD_BLUE, SURE_GREEN, PhotoTile, boxed

    image = np.zeros((60, 100, 3), np.uint8)
    tiles = [PhotoTile((10.0, 20.0, 30.0, 50.0), "1m", 0.3), PhotoTile((60.0, 20.0, 80.0, 50.0), "2m", 0.3)]
    drawn = boxed(image, tiles, ["1m", "2m"], corrected={1})
    assert drawn.getpixel((10, 35)) == DOUBTFUL_RED  # left edge of the doubtful tile: red
    assert drawn.getpixel((60, 35)) == SURE_GREEN != MELD_BLUE  # the corrected one: green


def test_the_box_editors_own_strings_are_each_in_its_own_language():
    from screen_words import english_words, japanese_words

    for ja, en in editor.S.values():
        assert not english_words(ja) and not japanese_words(en)


def test_the_box_editors_doctests():
    import doctest

    result = doctest.testmod(editor)
    assert result.attempted > 0 and result.failed == 0
