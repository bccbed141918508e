"""Session 57 (L1, P1): Undo after "Pre-label again". The box Undo stayed offered ("Takes back the last change to the
boxes of `p0.jpg`") after Pre-label again rewrote that photo's boxes, and pressing it said the photo "was changed since
elsewhere (in another tab?)": it was this tab's own Pre-label again. Pre-label again forgets the Undo steps of the
photos it rewrote; a photo it left (an accepted one) keeps its steps, which still take its boxes back."""
from __future__ import annotations

from pathlib import Path

import pytest

import label_phone_helpers as label_phone
from app.components import box_editor as editor
from app_helpers import tilelens_tests_module
from label_phone_helpers import from_address

laptop = label_phone.laptop
network = label_phone.network
label = tilelens_tests_module("label_helpers")  # OneTileReader, prelabelled_photos


def _prelabelled(n: int = 2) -> Path:
    from app.settings import datasets_dir

    return label.prelabelled_photos(datasets_dir() / "club-photos", n, "tokyo-mahjong")


def _edit(monkeypatch, at, edit):
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": [edit]})
    at.run()
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})


def _lines(root: Path, photo: str) -> list[str]:
    return (root / "labels" / "train" / f"{photo}.txt").read_text().splitlines()


def _said(at) -> str:
    return "\n".join(m.value for m in [*at.warning, *at.error, *at.info, *at.success])


def _prelabel_again(at, monkeypatch, kind: str) -> None:
    from app.components import resources

    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: label.OneTileReader(kind))
    at.selectbox(key="label_redo_with").set_value("tokyo-mahjong").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_undo_is_not_offered_for_boxes_pre_label_again_replaced(laptop, monkeypatch, lang):
    root = _prelabelled()
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address(lang, dataset="club-photos")
    _edit(monkeypatch, at, {"op": "add", "photo": "images/train/p0.jpg", "xyxyn": [0.02, 0.02, 0.1, 0.2],
                            "nonce": "n-1"})
    assert len(_lines(root, "p0")) == 2 and not at.button(key="label_undo").disabled
    _prelabel_again(at, monkeypatch, "2m")
    again = _lines(root, "p0")
    assert len(again) == 1 and again == _lines(root, "p1")  # rewritten: the drawn box gone, the 2m proposed
    assert at.button(key="label_undo").disabled  # its step is forgotten: nothing offered that would be refused
    at.session_state["label_undo_asked"] = True  # pressed on the page drawn before (a double tap): nothing undone
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert _lines(root, "p0") == again
    assert "another tab" not in _said(at) and "別のタブ" not in _said(at), _said(at)


def test_an_accepted_photos_step_is_kept_and_still_undoes(network, monkeypatch):
    from tilelens.labelling import set_done

    root = _prelabelled()
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address("en", dataset="club-photos")
    _edit(monkeypatch, at, {"op": "add", "photo": "images/train/p0.jpg", "xyxyn": [0.02, 0.02, 0.1, 0.2],
                            "nonce": "n-2"})
    edited = _lines(root, "p0")
    assert len(edited) == 2
    set_done(root, "images/train/p0.jpg")  # accepted: Pre-label again leaves it
    _prelabel_again(at, monkeypatch, "2m")
    assert _lines(root, "p0") == edited and _lines(root, "p1") != edited[:1]
    assert not at.button(key="label_undo").disabled
    at.button(key="label_undo").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(_lines(root, "p0")) == 1  # the drawn box taken back
    assert "another tab" not in _said(at), _said(at)


def test_the_question_says_undo_does_not_take_it_back(laptop, monkeypatch):
    _prelabelled()
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    for lang, words in (("en", "Undo"), ("ja", "元に戻す")):
        at = from_address(lang, dataset="club-photos")
        at.selectbox(key="label_redo_with").set_value("tokyo-mahjong").run()
        at.button(key="label_redo").click().run()
        asked = [w.value for w in at.warning if "Pre-label the" in w.value or "下書きし直しますか" in w.value]
        assert asked and words in asked[0], [w.value for w in at.warning]


def test_undo_steps_are_forgotten_when_the_dataset_takes_another_games_list(laptop, monkeypatch):
    from app.components import resources
    from scorer import load_game
    from tilelens.labelling.yolo import read_data_yaml

    root = _prelabelled()
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address("en", dataset="club-photos")
    _edit(monkeypatch, at, {"op": "add", "photo": "images/train/p1.jpg", "xyxyn": [0.02, 0.02, 0.1, 0.2],
                            "nonce": "n-3"})
    assert not at.button(key="label_undo").disabled
    idol = load_game("nogizaka").tiles[0].id
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: label.OneTileReader(idol))
    at.selectbox(key="label_redo_with").set_value("nogizaka").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert read_data_yaml(root).game == "nogizaka"
    assert at.button(key="label_undo").disabled  # the 1m boxes of its step are no kind of the new list
