"""Session 65 (F9) 2: a pre-labelling cut off leaves photos with no label file, which the Label page offers to
pre-label ("Pre-label the 2 photos left", ``label_datasets._left_panel``); the checks panel's note on them still told
the person to draw their boxes by hand. It points to that button where the page offers it; where nothing reads the
dataset's tiles (photos filed to be labelled by hand) it says to draw the boxes, as before."""
from __future__ import annotations

import pytest

import label_phone_helpers as label_phone
from label_phone_helpers import OneTileReader as _Reader, cut_off_dataset as _cut_off, from_address

network = label_phone.network


def _note(at) -> str:
    (note,) = [i.value for i in at.info if "no label file yet" in i.value or "ラベルファイルはまだありません" in i.value]
    return note


@pytest.mark.parametrize("lang, said", [
    ("en", "2 photos to label (no label file yet): pre-label them with “Pre-label the 2 photos left” above, or draw "
           "the boxes of the tiles."),
    ("ja", "ラベルを付ける写真が 2枚あります (ラベルファイルはまだありません)。上の「残りの 2枚を下書きする」で下書きするか、"
           "牌の枠を描いてください。")])
def test_the_checks_note_points_to_the_button_offered(network, monkeypatch, lang, said):
    from app.components import resources

    _cut_off()
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = from_address(lang, dataset="club")
    assert not at.exception, [e.value for e in at.exception]
    assert at.button(key="label_prelabel_left")
    assert _note(at) == said


def test_one_photo_left_is_said_as_one(network, monkeypatch):
    from app.components import resources

    _cut_off(left=1)
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = from_address("en", dataset="club")
    assert _note(at) == ("1 photo to label (no label file yet): pre-label it with “Pre-label the 1 photo left” above, "
                         "or draw the boxes of the tiles.")


@pytest.mark.parametrize("lang, said", [
    ("en", "2 photos to label (no label file yet): draw the boxes of the tiles."),
    ("ja", "ラベルを付ける写真が 2枚あります (ラベルファイルはまだありません)。牌の枠を描いてください。")])
def test_where_nothing_reads_the_tiles_the_note_says_to_draw_the_boxes(network, monkeypatch, lang, said):
    from app.components import label_datasets

    _cut_off()
    monkeypatch.setattr(label_datasets, "_reads_nothing", lambda game_id: True)
    at = from_address(lang, dataset="club")
    assert not at.exception, [e.value for e in at.exception]
    assert not [b for b in at.button if b.key == "label_prelabel_left"]  # no button to point to
    assert _note(at) == said
