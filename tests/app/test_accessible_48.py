"""The app for a person who uses a screen reader or cannot tell colours apart: every tile picture has its
name as the picture's text (``alt``) or is marked as decorative beside a button or line that names it; every
widget has a label that says what it is, even where it is hidden; a tile read with low confidence is marked by a
sign and a word, not by red alone."""
from __future__ import annotations

from collections import Counter

import pytest
from app_helpers import YOKAI_NEAR, YOKAI_WIN, synthetic

from scorer import load_game

WIDGETS = ("button", "selectbox", "multiselect", "text_input", "text_area", "checkbox", "toggle", "radio",
           "number_input", "pills", "segmented_control", "file_uploader", "camera_input", "slider",
           "select_slider", "download_button", "form_submit_button")


def _images(at) -> list:
    return [img for node in at.get("image") for img in node.proto.imgs]


def _block(at, key: str):
    return next(node for node in at._tree if getattr(node, "key", None) == key and node.type != "image")


def _alts_in(node) -> list[str]:
    return [img.alt for child in node if child.type == "image" for img in child.proto.imgs]


def _add(at, tiles, prefix="manual"):
    for tile in tiles:
        at.button(key=f"{prefix}_add_{tile}").click().run()
    return at


def _names(game_id: str, tiles, lang: str) -> list[str]:
    game = load_game(game_id)
    return [game.tile(k).name_ja if lang == "ja" else game.tile(k).name_en for k in tiles]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_tile_picture_of_the_hand_row_says_its_tile(home, page, lang):
    # The hand row's pictures had no text: a screen reader read "image, 1, image, 2, ..." (the name was only in a
    # button's hover tooltip), so a blind player could not tell which tiles were entered.
    at = _add(page("score_manual", "yokai-watch", lang), YOKAI_WIN)
    for i, name in enumerate(_names("yokai-watch", YOKAI_WIN, lang)):
        alts = _alts_in(_block(at, f"manual_cell_{i}"))
        assert alts == [""] and name in at.button(key=f"manual_tile_{i}").label, (i, alts)
    assert all(img.HasField("alt") for img in _images(at))  # the winning hand's groups, the palette too


def test_every_tile_picture_on_the_hand_page_has_a_text_or_is_marked_decorative(home, page):
    at = _add(page("score_manual", "nogizaka"), ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2)  # waits shown
    at.button(key="manual_tile_0").click().run()  # the picker open too
    images = _images(at)
    assert images and all(img.HasField("alt") for img in images), [img.HasField("alt") for img in images]
    named = Counter(img.alt for img in images if img.alt)
    # the hand row, the picker's tile and the waits (Kotoko, what completes the hand) each named
    assert named["Rarin"] >= 1 and named["Kotoko"] >= 1, named  # the hand row is named by its buttons


def test_every_widget_label_says_what_it_is_even_where_hidden(home, page):
    at = _add(page("score_manual", "tokyo-mahjong"), ["1m", "1m"])
    at.button(key="manual_tile_0").click().run()
    labelled = [w for kind in WIDGETS for w in at.get(kind)]
    assert len(labelled) > 20
    for widget in labelled:
        label = (getattr(widget, "label", "") or "").strip()
        assert label and label != widget.key, (widget.type, widget.key, label)


@pytest.fixture
def doubtful(home, page):
    """The photo page (English) with a hand read from a photo, tile 9 read with low confidence."""
    from dataclasses import replace

    from app.components.photo import PhotoTile

    at = page("score_photo", "yokai-watch")
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


def test_a_doubtful_tile_of_the_hand_row_says_so_in_words(doubtful):
    # Tile 9 was marked by a red button (and an icon a screen reader reads as "warning" at best): its picture now
    # says it is to be checked, the sure tiles' pictures do not.
    unsure = doubtful.button(key="photo_tile_8").label
    assert "check" in unsure.lower(), unsure
    assert "check" not in doubtful.button(key="photo_tile_7").label.lower()


def test_the_boxed_photo_has_a_text_naming_its_tiles_and_the_doubtful_one(doubtful):
    # The boxed photo had no text at all, and its doubtful tile differed from the others by the red of its box.
    names = _names("yokai-watch", YOKAI_NEAR, "en")
    photo = next(img for img in _images(doubtful) if names[0] in img.alt and names[-1] in img.alt)
    # said in words (session 57): NVDA at its default level said nothing of the "?" of "9? "
    assert f"9 {names[8]} (low confidence)" in photo.alt and f"1 {names[0]} (" not in photo.alt, photo.alt


def test_a_doubtful_tile_is_marked_on_the_photo_by_a_sign_not_by_red_alone(monkeypatch):
    # Red box on a green box's neighbour: one who cannot tell red from green saw no difference.
    import numpy as np
    from PIL import ImageDraw

    from app.components.photo import PhotoTile, boxed

    drawn: list[str] = []
    text = ImageDraw.ImageDraw.text

    def spy(self, xy, words, *args, **kwargs):
        drawn.append(words)
        return text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    image = np.zeros((60, 300, 3), np.uint8)
    tiles = [PhotoTile((100.0 * i, 5.0, 100.0 * i + 90, 55.0), k, 0.3) for i, k in enumerate(["1m", "2m", "3m"])]
    boxed(image, tiles, ["A", "B", "C"], corrected={1})
    assert drawn == ["1?", "2", "3?"], drawn  # numbers alone: the hand below names the tiles


def test_every_widget_label_on_the_photo_page_says_what_it_is(doubtful):
    doubtful.button(key="photo_tile_8").click().run()  # the picker open too
    labelled = [w for kind in WIDGETS for w in doubtful.get(kind)]
    assert any(w.key == "photo_upload" for w in labelled)  # the hidden upload box among them
    for widget in labelled:
        label = (getattr(widget, "label", "") or "").strip()
        assert label and label != widget.key, (widget.type, widget.key, label)


def test_every_tile_picture_on_the_photo_page_has_a_text_or_is_marked_decorative(doubtful):
    doubtful.button(key="photo_tile_8").click().run()
    assert all(img.HasField("alt") for img in _images(doubtful))
