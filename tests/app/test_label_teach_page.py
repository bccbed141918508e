"""The Label page's "Teach the recognizer these tiles" panel (AppTest; the job is a real child process)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tilelens.labelling import set_done
from tilelens.labelling import teach

from app_helpers import label_teach_support, open_page, texts


# tests/tilelens/test_label_teach.py: its ``make_dataset`` (photos of real tile crops with labels) and
# ``child_cannot_start_nor_record_it`` (the teaching child cannot start, nor record that it could not)
support = label_teach_support()


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = support.make_dataset(tmp_path / "My Tiles", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "1m"]})
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    return root


def run_until_ended(at, root, timeout=120.0):
    end = time.monotonic() + timeout
    while teach.status(root).state == "running":
        assert time.monotonic() < end, teach.status(root).log_tail()
        time.sleep(0.1)  # a status is a small file read: looked at often, the test goes on once the job ends
    return at.run()


def test_nothing_accepted_yet_says_so_and_offers_no_button(dataset):
    at = open_page("label", lang="en")
    assert "No photo is accepted yet" in texts(at)
    assert not [b for b in at.button if b.key == "teach_start"]
    assert at.text_input(key="teach_name").value == "my-tiles"  # the folder's name, made a valid set name


def test_a_job_that_cannot_run_shows_its_reason_in_the_screens_language(dataset):
    set_done(dataset, "images/train/b.png")  # one kind only: enrolment refuses it
    at = open_page("label", lang="ja")
    assert "OK にした写真 1枚 (全 2枚) から覚えます。" in texts(at)
    at.button(key="teach_start").click().run()
    assert teach.status(dataset) is not None
    at = run_until_ended(at, dataset)
    assert not at.exception
    error = " ".join(e.value for e in at.error)
    assert "牌セット「my-tiles」は作れませんでした: 登録には2種類以上の牌のラベルが必要です (1種類しかありません)" in error


def test_a_finished_job_says_the_set_is_ready_and_a_second_start_is_refused_while_one_runs(dataset, tmp_path):
    set_done(dataset, "images/train/a.png")
    set_done(dataset, "images/train/b.png")
    teach.start(dataset, "mine", None, 1, extra=support.TINY + ("--work", str(tmp_path / "run")))
    at = open_page("label", lang="en")
    assert [e for e in at.expander if e.label == "Teach the recognizer these tiles"]
    if teach.status(dataset).state == "running":  # the panel follows it instead of offering a second start
        assert not [b for b in at.button if b.key == "teach_start"]
        assert len(at.get("progress")) >= 2  # the photos done, and this job's
    at = run_until_ended(at, dataset)
    assert "Tile set “mine” is ready: choose it on the Score a photo page (Tokyo Mahjong (riichi))." in [
        s.value for s in at.success]
    assert (tmp_path / "models" / "tilesets" / "mine" / "tileset.json").is_file()


def test_without_training_packages_the_page_gives_the_command_to_run(dataset, monkeypatch):
    set_done(dataset, "images/train/a.png")
    monkeypatch.setattr(teach, "can_train", lambda: False)
    at = open_page("label", lang="en")
    assert not [b for b in at.button if b.key == "teach_start"]
    code = [c.value for c in at.code]
    assert any(c.startswith("tilelens enroll --name my-tiles --data ") and "--minutes 5" in c for c in code), code


def test_the_base_offered_first_is_the_game_whose_tiles_the_dataset_names(dataset, monkeypatch, tmp_path):
    """Mahjong kinds (1m, 1p, ...) start from the Tokyo Mahjong model, whatever game the page picked."""
    import shutil

    from vision.detector import default_models_dir

    shipped = Path(__file__).resolve().parents[2] / "models"
    models = tmp_path / "models"
    models.mkdir(exist_ok=True)
    for game in ("cinderella-neo", "tokyo-mahjong"):
        shutil.copy(shipped / f"classifier-{game}.pt", models)
    assert default_models_dir() == models
    set_done(dataset, "images/train/a.png")
    at = open_page("label", lang="en")
    base = at.selectbox(key="teach_base")
    assert base.value == "tokyo-mahjong"
    assert base.options[0] == "The Tokyo Mahjong (riichi) model" and "Cinderella" in base.options[1]
    assert base.options[2:] == ["Nothing (from scratch)"]


@pytest.mark.parametrize("stage, fraction, ja, en", [
    ("crops", 0.0, "写真から牌を切り出しています…", "Cutting the tiles out of the photos…"),
    ("orientation", 0.5, "牌の上下を覚えています 50%", "Learning which way up the tiles stand 50%"),
    ("export", 1.0, "牌セットを書き出しています…", "Writing the tile set…"),
])
def test_each_stage_of_a_job_is_said_in_the_screens_language(stage, fraction, ja, en):
    from app.components import teach_view
    from app.components.i18n import LANG_KEY
    import streamlit as st

    job = teach.TeachJob("mine", "running", stage, fraction, time.time(), 1.0, 2, "", Path("."))
    assert teach_view._stage_text(job) == ja  # Japanese by default
    st.session_state[LANG_KEY] = "en"
    try:
        assert teach_view._stage_text(job) == en
    finally:
        del st.session_state[LANG_KEY]


def _progress_texts(at) -> list[str]:
    return [e.proto.text for e in at.get("progress")]


@pytest.mark.parametrize("epochs, ja, en", [
    (3, "学習中 40% (全 3エポック", "Training 40% of 3 epochs ("),
    (1, "学習中 40% (全 1エポック", "Training 40% of 1 epoch ("),
])
def test_a_job_taught_by_epochs_on_the_command_line_shows_its_epochs_not_minutes(dataset, epochs, ja, en):
    """A job started by `tilelens label teach --epochs N` is bounded by its epochs: the panel said
    "... of about 5 min", the --minutes it never heeds."""
    set_done(dataset, "images/train/a.png")
    teach.claim_here(dataset, "mine", None, 5, ("--epochs", str(epochs)))  # job.json as the command writes it
    assert teach.status(dataset).state == "running" and teach.status(dataset).epochs == epochs
    teach._progress_writer(teach.job_dir(dataset))("training", 0.4)
    at = open_page("label", lang="en")
    shown = _progress_texts(at)
    assert any(t.startswith(en) for t in shown) and not any("min)" in t for t in shown), shown
    at = open_page("label", lang="ja")
    shown = _progress_texts(at)
    assert any(t.startswith(ja) for t in shown) and not any("約 5分" in t for t in shown), shown
    # a job bounded by minutes (the page's own, or the command without --epochs) still says them
    (teach.job_dir(dataset) / "job.json").unlink()
    teach.claim_here(dataset, "mine", None, 5)
    teach._progress_writer(teach.job_dir(dataset))("training", 0.4)
    # the whole job's time (session 49); its photos too few for an orientation model of its own (session 50)
    assert any(t.startswith("Training 40% (step 2 of 2, ") and t.endswith("of about 5.3 min in all)")
               for t in _progress_texts(open_page("label", lang="en")))


def _enrolled(models: Path, name: str, data: str | None, kinds=("1m", "1p", "1s", "2m")) -> None:
    """A tile set's tileset.json, as an enrolment writes it (no training: the panel reads only this)."""
    import json

    folder = models / "tilesets" / name
    folder.mkdir(parents=True, exist_ok=True)
    meta = {"name": name, "game": "", "classifier": "classifier.onnx", "kinds": list(kinds)}
    if data is not None:
        meta["data"] = data
    (folder / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")


def test_a_set_taught_from_elsewhere_is_never_replaced_unasked(dataset, tmp_path):
    set_done(dataset, "images/train/a.png")
    models = tmp_path / "models"
    _enrolled(models, "my-tiles", str(tmp_path / "other" / ".tilelens" / "teach" / "data.yaml"))
    at = open_page("label", lang="en")
    assert at.text_input(key="teach_name").value == "my-tiles-2"  # the folder's name is another dataset's set
    at.text_input(key="teach_name").set_value("my-tiles").run()
    assert any(f"“my-tiles” is enrolled already (taught from {tmp_path / 'other'})" in w.value for w in at.warning)
    assert at.button(key="teach_start").disabled
    at.checkbox(key="teach_replace").check().run()
    assert not at.button(key="teach_start").disabled
    # a set that does not say where it came from (a shipped one, like hk-mahjong) is asked about too
    _enrolled(models, "shipped", None)
    at.text_input(key="teach_name").set_value("shipped").run()
    assert any("shipped with the app, or enrolled by a command" in w.value for w in at.warning)
    # the dataset's own set, taught before: offered first, replaced without asking
    _enrolled(models, "ours", str(teach.job_dir(dataset.resolve()) / "data.yaml"))
    at = open_page("label", lang="en")
    assert at.text_input(key="teach_name").value == "ours" and not at.warning
    assert not at.button(key="teach_start").disabled
    assert teach.command_line(teach.enroll_args(dataset, "ours", None, 1, replace=True)[0]).endswith("--replace")


def test_datasets_of_japanese_names_are_offered_sets_of_their_own(tmp_path, monkeypatch, home):
    from app.components.teach_view import default_name, folder_name
    from tilelens.labelling.yolo import read_data_yaml

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    first = support.make_dataset(tmp_path / "自宅の麻雀牌", {"a": ["1m", "1p"]})
    second = support.make_dataset(tmp_path / "実家の麻雀牌", {"a": ["1m", "1s"]})
    assert folder_name(first) == "" and default_name(first, read_data_yaml(first)) == "tokyo-mahjong-set"
    _enrolled(tmp_path / "models", "tokyo-mahjong-set", str(teach.job_dir(first.resolve()) / "data.yaml"))
    assert default_name(first, read_data_yaml(first)) == "tokyo-mahjong-set"  # its own, taught again
    assert default_name(second, read_data_yaml(second)) == "tokyo-mahjong-set-2"


def test_a_finished_job_says_which_games_offer_the_set_and_what_its_labels_leave_out(dataset, tmp_path):
    import json

    set_done(dataset, "images/train/a.png")
    folder = teach.job_dir(dataset)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.json").write_text(json.dumps({"name": "own-ids", "started": time.time(), "minutes": 1}))
    warning = ["2 of 4 kinds have no labelled tile (x, y)", "4種類のうち2種類はラベルの付いた牌がありません (x, y)"]
    (folder / "result.json").write_text(json.dumps({"ok": True, "message": "ready", "warnings": [warning]}))
    _enrolled(tmp_path / "models", "own-ids", None, kinds=("tile-a", "tile-b"))
    at = open_page("label", lang="en")
    said = [w.value for w in at.warning]
    assert any("no Score a photo page offers it: read with `tilelens read --tileset own-ids`" in w for w in said)
    assert warning[0] in said
    at = open_page("label", lang="ja")
    assert warning[1] in [w.value for w in at.warning]


def test_a_set_taught_again_is_read_afresh_by_every_page(tmp_path, monkeypatch):
    """The photo page went on reading with the set as it was before it was taught again: the loaded
    recognizers are kept by the version of the set's files."""
    import os

    from app.components import resources

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    loads = []

    def fake(game_id, tileset, models, version):
        loads.append(version)
        return object()

    monkeypatch.setattr(resources, "_recognizer", fake)
    _enrolled(tmp_path / "models", "mine", None)
    meta = tmp_path / "models" / "tilesets" / "mine" / "tileset.json"
    resources.recognizer("tokyo-mahjong", "mine")
    os.utime(meta, ns=(meta.stat().st_atime_ns, meta.stat().st_mtime_ns + 10**9))  # taught again
    resources.recognizer("tokyo-mahjong", "mine")
    assert len(set(loads)) == 2 and 0 not in loads


def test_teaching_again_on_a_full_disk_is_one_line_and_leaves_no_job_stuck_running(dataset, monkeypatch):
    """Teach again with the same photos accepted on a full disk: the job's photo list was already there,
    its job.json could not be written, and the page showed a traceback."""
    import errno

    set_done(dataset, "images/train/a.png")
    teach.enroll_args(dataset, "my-tiles", None, 1)  # a first Teach wrote the job's files

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(teach, "atomic_write_json", full)
    at = open_page("label", lang="en")
    at.button(key="teach_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value for e in at.error] == [
        f"cannot write the teaching job's files in {teach.job_dir(dataset.resolve())}: No space left on device"]
    assert teach.status(dataset) is None  # nothing left "running" to wait for: Teach can be tried again
    at = open_page("label", lang="ja")
    at.button(key="teach_start").click().run()
    assert not at.exception and "に登録用のファイルを書けません: No space left on device" in at.error[0].value


def test_an_enrolment_that_fails_unexpectedly_is_said_in_japanese_on_a_japanese_screen(dataset, monkeypatch):
    """A crash of the enrolment (out of memory, a bug) was said in English inside the Japanese sentence."""
    import json

    import vision.enroll

    def crash(args, **kwargs):
        raise RuntimeError("CUDA out of memory")

    set_done(dataset, "images/train/a.png")
    folder = teach.job_dir(dataset)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.json").write_text(json.dumps({"name": "mine", "args": [], "started": time.time(), "minutes": 1}))
    monkeypatch.setattr(vision.enroll, "main", crash)
    assert teach._run(folder) == 1
    at = open_page("label", lang="ja")
    assert not at.exception
    assert at.error[0].value == "牌セット「mine」は作れませんでした: 登録が思わぬ問題で止まりました: CUDA out of memory"
    at = open_page("label", lang="en")
    assert at.error[0].value == ("Tile set “mine” was not made: the enrolment stopped on a problem it did not expect: "
                                 "CUDA out of memory")


def test_a_child_that_cannot_start_nor_say_so_is_one_line_and_not_a_job_left_running(dataset, monkeypatch):
    """The child could not be started and the failure could not be written down: the page showed a
    traceback, and the panel then followed a job "running" until its timeout."""
    set_done(dataset, "images/train/a.png")
    support.child_cannot_start_nor_record_it(monkeypatch)
    at = open_page("label", lang="en")
    at.button(key="teach_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value for e in at.error] == ["could not start the enrolment: [Errno 12] Cannot allocate memory"]
    job = teach.status(dataset)
    assert job is None or job.state != "running"
    at = open_page("label", lang="ja")
    assert [b for b in at.button if b.key == "teach_start"]  # Teach can be pressed again
    at.button(key="teach_start").click().run()
    assert [e.value for e in at.error] == ["登録を始められませんでした: [Errno 12] Cannot allocate memory"]


def test_the_last_result_stays_when_every_photo_is_deleted(dataset, tmp_path):
    """The dataset's photos were all deleted on disk: the Teach panel and the set it had made vanished."""
    import json

    set_done(dataset, "images/train/a.png")
    folder = teach.job_dir(dataset)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.json").write_text(json.dumps({"name": "mine", "started": time.time(), "minutes": 1}))
    (folder / "result.json").write_text(json.dumps({"ok": True, "message": "tile set 'mine' is ready",
                                                    "message_ja": "牌セット「mine」ができました"}))
    _enrolled(tmp_path / "models", "mine", str(teach.job_dir(dataset.resolve()) / "data.yaml"))
    for photo in (dataset / "images").rglob("*.png"):
        photo.unlink()
    at = open_page("label", lang="en")
    assert "This folder has no photos." in [w.value for w in at.warning]
    assert [e for e in at.expander if e.label == "Teach the recognizer these tiles"]
    assert "Tile set “mine” is ready: choose it on the Score a photo page (Tokyo Mahjong (riichi))." in [
        s.value for s in at.success]
    assert "There are no photos to teach from: add photos to the dataset first." in texts(at)
    assert not [b for b in at.button if b.key == "teach_start"]
    at = open_page("label", lang="ja")
    assert "教えるための写真がありません。まずデータセットに写真を追加してください。" in texts(at)
