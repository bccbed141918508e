"""Session 56 (f30): the Label page after review (rv2).

1. A photo removed, then the rest pre-labelled again with another game (data.yaml's names change): Undo brought its
   label file back numbered by the old list (a 1m read as yokai-01). It is renumbered by name where the new list has
   every kind of its boxes, else refused, said with the game to pre-label with to bring it back.
2. A failed "Pre-label again" (a full disk) deleted the boxes of every photo not accepted: they stay.
3. The model chosen under "Pre-label with" (and "Pre-label again") for one dataset was kept for the next one opened.
5. The Teach panel's "ready" says the photos not accepted can be pre-labelled again with the new set, and the last
   job's warnings are said to be the last teach's."""
from __future__ import annotations

import errno
import json
import time

import label_phone_helpers as label_phone
from label_phone_helpers import from_address
from test_label_page_f4_56 import _Reader, _kinds, _ok, _prelabelled

network = label_phone.network


def _remove_p0_and_pre_label_the_rest_as(at, game: str):
    at.button(key="label_remove_photo").click().run()
    at.button(key="label_remove_photo_yes").click().run()
    at.selectbox(key="label_redo_with").set_value(game).run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    return _ok(at)


# ---- 1. Undo of a removal after the dataset took another tile list -------------------------------------------------
def test_undo_of_a_removal_after_another_game_is_refused_and_works_once_the_game_is_back(network, monkeypatch):
    from app.components import resources
    from tilelens.labelling.yolo import read_data_yaml

    root = _prelabelled(kind="1m")  # tokyo-mahjong, one 1m on each photo
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("yokai-01"))
    at = _remove_p0_and_pre_label_the_rest_as(
        _ok(from_address("en", dataset="club-photos", photo="images/train/p0.jpg")), "yokai-watch")
    assert read_data_yaml(root).game == "yokai-watch"
    at.button(key="label_removed_undo").click().run()
    _ok(at)
    errors = [e.value for e in at.error]
    assert any("cannot be brought back" in e and "`1m`" in e and "Tokyo Mahjong" in e for e in errors), errors
    assert not (root / "images/train/p0.jpg").exists()  # left where it was moved, its boxes as they were
    assert [b.key for b in at.button if b.key == "label_removed_undo"]  # still offered
    # pre-labelled again as the game it had: brought back with its 1m
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("1m"))
    at.selectbox(key="label_redo_with").set_value("tokyo-mahjong").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    at.button(key="label_removed_undo").click().run()
    _ok(at)
    assert (root / "images/train/p0.jpg").is_file() and _kinds(root, "p0") == ["1m"]


def test_the_refusal_is_said_in_japanese(network, monkeypatch):
    from app.components import resources

    _prelabelled(kind="1m")
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("yokai-01"))
    at = _remove_p0_and_pre_label_the_rest_as(
        _ok(from_address("ja", dataset="club-photos", photo="images/train/p0.jpg")), "yokai-watch")
    at.button(key="label_removed_undo").click().run()
    errors = [e.value for e in _ok(at).error]
    assert any("元に戻せません" in e and "別の牌の一覧" in e and "で下書きし直すと、枠ごと戻せます" in e
               for e in errors), errors


def test_undo_after_a_kind_was_added_brings_the_photo_back_renumbered_by_name(network, monkeypatch):
    from tilelens.labelling.kinds import add_kinds

    root = _prelabelled(kind="1m")
    at = _ok(from_address("en", dataset="club-photos", photo="images/train/p0.jpg"))
    at.button(key="label_remove_photo").click().run()
    at.button(key="label_remove_photo_yes").click().run()
    add_kinds(root, ["f1"])  # the list changed (one more kind): every kind of p0's boxes still in it
    at.button(key="label_removed_undo").click().run()
    _ok(at)
    assert not at.error and _kinds(root, "p0") == ["1m"]


# ---- 2. a failed "Pre-label again" keeps the boxes ------------------------------------------------------------------
def test_pre_label_again_failing_keeps_the_boxes_and_the_game(network, monkeypatch):
    from app.components import resources
    import tilelens.labelling.prelabel as prelabel
    from tilelens.labelling.yolo import read_data_yaml

    root = _prelabelled(kind="1m")
    before = {p: (root / f"labels/train/{p}.txt").read_text() for p in ("p0", "p1")}
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("yokai-01"))

    def broken(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(prelabel, "prelabel_folder", broken)
    at = _ok(from_address("en", dataset="club-photos"))
    at.selectbox(key="label_redo_with").set_value("yokai-watch").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    _ok(at)
    assert any("No space left on device" in e.value for e in at.error)
    assert {p: (root / f"labels/train/{p}.txt").read_text() for p in ("p0", "p1")} == before
    assert read_data_yaml(root).game == "tokyo-mahjong"


# ---- 3. the model chosen for one dataset is not carried to the next ------------------------------------------------
def test_the_model_chosen_for_one_dataset_is_not_carried_to_the_next(network, monkeypatch):
    from pathlib import Path

    from app.components import resources
    from tilelens.labelling import teach

    a = _prelabelled("club-a")
    b = _prelabelled("club-b")
    monkeypatch.setattr(teach, "own_tilesets", lambda r: {a: ["set-a"], b: ["set-b"]}.get(Path(r), []))
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("1m"))
    at = _ok(from_address("en", dataset="club-a"))
    at.selectbox(key="label_add_with").set_value("game").run()  # dataset A: the game's model, on purpose
    at.selectbox(key="label_redo_with").set_value("yokai-watch").run()
    at.text_input(key="label_dir").set_value("club-b").run()
    _ok(at)
    assert at.selectbox(key="label_add_with").value == "tileset:set-b"  # B's own set, offered first
    assert at.selectbox(key="label_redo_with").value is None


# ---- 5. the Teach panel's outcome -----------------------------------------------------------------------------------
def _taught(root, models, name="mine", warnings=()):
    """A finished teach job of ``root`` that made the set ``name`` (its tileset.json: offered under Tokyo Mahjong)."""
    from tilelens.labelling import teach

    folder = teach.job_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.json").write_text(json.dumps({"name": name, "started": time.time(), "minutes": 1}))
    (folder / "result.json").write_text(json.dumps({"ok": True, "message": "ready", "warnings": list(warnings)}))
    set_dir = models / "tilesets" / name
    set_dir.mkdir(parents=True, exist_ok=True)
    (set_dir / "tileset.json").write_text(json.dumps({
        "name": name, "game": "", "classifier": "classifier.onnx", "kinds": ["1m", "1p", "1s", "2m"],
        "data": str(teach.job_dir(root.resolve()) / "data.yaml")}))


def test_a_set_made_says_the_photos_not_accepted_can_be_pre_labelled_with_it(network, monkeypatch, tmp_path):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = _prelabelled(kind="1m")  # two photos, none accepted
    warning = ["1 of 4 kinds has no labelled tile (2m)", "4種類のうち1種類はラベルの付いた牌がありません (2m)"]
    _taught(root, tmp_path / "models", warnings=[warning])
    at = _ok(from_address("en", dataset="club-photos"))
    ready = [s.value for s in at.success if "is ready" in s.value]
    assert ready and "Pre-label again" not in ready[0], ready  # said once, by the Pre-label again panel (session 61)
    captions = [c.value for c in at.caption]
    assert "From the last teach:" in captions and warning[0] in [w.value for w in at.warning]
    at = _ok(from_address("ja", dataset="club-photos"))
    ready = [s.value for s in at.success if "ができました" in s.value]
    assert ready and "下書きし直せます" not in ready[0], ready
    assert "前回覚えさせたときの注意:" in [c.value for c in at.caption]


def test_every_photo_accepted_the_ready_line_says_no_more(network, monkeypatch, tmp_path):
    from tilelens.labelling import set_done

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = _prelabelled(kind="1m")
    for p in ("p0", "p1"):
        set_done(root, f"images/train/{p}.jpg")
    _taught(root, tmp_path / "models")
    at = _ok(from_address("en", dataset="club-photos"))
    ready = [s.value for s in at.success if "is ready" in s.value]
    assert ready and "Pre-label again" not in ready[0]
    assert "From the last teach:" not in [c.value for c in at.caption]  # no warnings: no heading
