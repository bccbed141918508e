"""Session 62 (f21, walk W8): teaching a Yokai Watch set from a phone, in Japanese.

1. The Teach expander was drawn open only while a job ran: when it ended the page redrew it closed, and the phone
   never saw 牌セット「…」ができました, the measure on the photos kept out nor the warnings (nor after a reload). It
   stays open until the ended job's outcome has been shown once (a mark in the job's folder: a reload or a new
   session shows it once too; the session that showed it keeps it open).
2. A phone names every photo image.jpg (saved image, image-2 … image-15): the page listed them as text, 写真 1/15
   being image-10.jpg. Photos are listed in natural order (image, image-2, …, image-10).
3. The 牌の種類ごとの枚数 chart at 390 px named every other kind: a horizontal bar per kind, every kind named, its
   height growing with the kinds.
4. The picture picker's buttons said `yokai-01`, `1m` on a Japanese screen: they say the tile's name.
5. Two enrolment lines lacked a closing 。.
6. A Japanese-named dataset's default set name was `my-set`: it is the game's (`yokai-watch-set`).
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from tilelens.labelling import set_done, teach

from app_helpers import label_teach_support, open_page

support = label_teach_support()
TEACH_JA = "この牌を覚えさせる (牌セットの登録)"


@pytest.fixture
def phone(tmp_path, monkeypatch, home):
    """A dataset in the app's datasets folder, two photos accepted, opened by a phone."""
    from app.settings import datasets_dir

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    monkeypatch.delenv("TILELENS_SHARED_FOLDERS", raising=False)
    root = support.make_dataset(datasets_dir() / "妖怪セット", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "1m"]})
    for photo in ("images/train/a.png", "images/train/b.png"):
        set_done(root, photo)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    monkeypatch.setattr(teach, "can_train", lambda: True)
    return root


def _enrolled(models: Path, name: str, root: Path) -> None:
    """The tile set ``name`` as a Teach job of ``root`` writes it (its data the job's data.yaml)."""
    folder = models / "tilesets" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tileset.json").write_text(json.dumps({
        "name": name, "game": "tokyo-mahjong", "classifier": "classifier.onnx", "kinds": ["1m", "1p", "1s", "2m"],
        "data": str(teach.job_dir(root.resolve()) / "data.yaml")}), encoding="utf-8")


def _job(root: Path, started: float) -> None:
    """A job of ``root`` running in this process (its pid), as ``tilelens label teach`` is."""
    folder = teach.job_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.json").write_text(json.dumps({
        "name": "mine", "started": started, "minutes": 9, "photos": 2, "pid": os.getpid(),
        "pid_start": teach._process_start(os.getpid())}), encoding="utf-8")


MEASURED = ["on the 1 photo kept out: 3 of the 4 tiles named right (75%)", "残した写真 1枚で測りました: 4枚のうち3枚 (75%)。"]
FEW = ["1 kind has fewer than 3 labelled tiles (2m)", "1種類はラベルの付いた牌が 3枚未満です (二萬 (2m))。"]


def _finish(root: Path, tmp_path: Path) -> None:
    (teach.job_dir(root) / "result.json").write_text(json.dumps({
        "ok": True, "message": "ready", "measured": MEASURED, "warnings": [FEW]}), encoding="utf-8")
    _enrolled(tmp_path / "models", "mine", root)


def _teach(at):
    [panel] = [e for e in at.expander if e.label == TEACH_JA]
    return panel


def _outcome_shown(at) -> bool:
    return (any("牌セット「mine」ができました" in s.value for s in at.success)
            and MEASURED[1] in [i.value for i in at.info] and FEW[1] in [w.value for w in at.warning])


def test_a_job_that_ends_while_a_phone_follows_it_stays_open_with_its_outcome(phone, tmp_path):
    _job(phone, time.time())
    at = open_page("label", lang="ja")
    assert teach.status(phone).state == "running"
    assert _teach(at).proto.expanded  # followed, open
    _finish(phone, tmp_path)
    at.run()  # the page redrawn once the job ended (``_follow``'s rerun)
    assert not at.exception, [e.value for e in at.exception]
    assert teach.status(phone).state == "done"
    assert _teach(at).proto.expanded and _outcome_shown(at)
    at.run()  # another tap in this session: still open
    assert _teach(at).proto.expanded and _outcome_shown(at)
    at = open_page("label", lang="ja")  # a reload after it was seen: closed, the outcome still in it
    assert not _teach(at).proto.expanded and _outcome_shown(at)


def test_a_job_that_ended_unwatched_is_shown_open_once_after_a_reload(phone, tmp_path):
    _job(phone, time.time() - 600)
    _finish(phone, tmp_path)  # ended while the phone was away (its screen locked)
    at = open_page("label", lang="ja")
    assert _teach(at).proto.expanded and _outcome_shown(at)
    at = open_page("label", lang="ja")
    assert not _teach(at).proto.expanded
    _job(phone, time.time())  # the next job, ended: its outcome is new, shown open again
    _finish(phone, tmp_path)
    at = open_page("label", lang="ja")
    assert _teach(at).proto.expanded and _outcome_shown(at)


def test_a_failed_job_is_shown_open_once_too(phone):
    _job(phone, time.time() - 600)
    (teach.job_dir(phone) / "result.json").write_text(json.dumps({"ok": False, "message": "no", "message_ja": "だめ"}))
    at = open_page("label", lang="ja")
    assert _teach(at).proto.expanded and "牌セット「mine」は作れませんでした: だめ" in [e.value for e in at.error]
    assert not _teach(open_page("label", lang="ja")).proto.expanded


def test_a_dataset_with_no_job_has_the_teach_panel_closed(phone):
    assert not _teach(open_page("label", lang="ja")).proto.expanded


# ---------------------------------------------------------------- 2. photos in the order a phone uploaded them

PHONE_NAMES = ["image", *(f"image-{n}" for n in range(2, 13))]


def test_a_phones_photos_are_listed_in_upload_order(tmp_path, monkeypatch, home):
    from tilelens.labelling.editing import photo_paths
    from tilelens.labelling.yolo import read_data_yaml

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = support.make_dataset(tmp_path / "up", {name: ["1m", "1p"] for name in reversed(PHONE_NAMES)})
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    want = [f"images/train/{name}.png" for name in PHONE_NAMES]
    assert photo_paths(root, read_data_yaml(root)) == want
    at = open_page("label", lang="ja")
    assert not at.exception, [e.value for e in at.exception]
    assert list(at.selectbox(key="label_jump").options)[:len(want)] == [
        f"{i}. {name}.png" for i, name in enumerate(PHONE_NAMES, start=1)]
    assert any(c.value.startswith("写真 1/12: `image.png`") for c in at.caption), [c.value for c in at.caption]


def test_natural_order_compares_numbers_by_value_and_a_plain_name_first():
    from tilelens.labelling.editing import natural_key

    names = ["t/image-10.jpg", "t/IMG_0010.JPG", "t/image.jpg", "t/img_0002.jpg", "t/image-2.jpg", "s9/a.jpg",
             "s10/a.jpg"]
    assert sorted(names, key=natural_key) == ["s9/a.jpg", "s10/a.jpg", "t/image.jpg", "t/image-2.jpg", "t/image-10.jpg",
                                              "t/img_0002.jpg", "t/IMG_0010.JPG"]


# ---------------------------------------------------------------- 3., 4. the chart and the picker on a phone

def test_the_kinds_chart_names_every_kind_in_a_bar_each(phone):
    at = open_page("label", lang="ja")
    (chart,) = at.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    y = spec["encoding"]["y"]
    assert y["field"] == "牌" and y["type"] == "nominal" and y["axis"]["labelOverlap"] is False, y
    assert y["axis"].get("title") is None and spec["encoding"]["x"]["title"] == "枚数"
    shown = [row["牌"] for row in spec["data"]["values"]] if "values" in spec.get("data", {}) else None
    assert shown in (None, ["一萬", "一筒", "一索", "二萬"]), shown
    assert spec["height"] >= 4 * 20


def test_the_picture_pickers_buttons_say_the_tiles_name_in_the_pages_language(phone):
    at = open_page("label", lang="ja")
    at.button(key="label_next_box").click().run()
    labels = {b.key: b.label for b in at.button if (b.key or "").startswith("label_pick_")}
    assert labels["label_pick_1m"] == "一萬" and labels["label_pick_2m"] == "二萬", labels
    assert at.button(key="label_pick_1m").help == "一萬 (1m)"
    at = open_page("label", lang="en")
    at.button(key="label_next_box").click().run()
    assert at.button(key="label_pick_1m").label == "1 Man"


# ---------------------------------------------------------------- 5. 6.

def test_the_enrolments_japanese_result_lines_end_with_a_full_stop():
    from vision.enroll import coverage_warnings, measured_words

    _, ja = measured_words({"photos": 3, "tiles": 42, "right": 34, "share": 0.81}, 12)
    assert ja.endswith("残りの写真 12枚です。"), ja
    for line in coverage_warnings(["1m", "2m", "3m", "4m"], [4, 0, 2, 9], game="tokyo-mahjong", japanese=True):
        assert line.endswith("てください。"), line


def test_a_japanese_named_datasets_set_is_named_after_its_game(tmp_path, monkeypatch, home):
    from app.components.teach_view import default_name

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    first = support.make_dataset(tmp_path / "妖怪セット", {"a": ["1m", "1p"]})
    second = support.make_dataset(tmp_path / "実家の妖怪セット", {"a": ["1m", "1s"]})
    yokai = SimpleNamespace(tileset=None, game="yokai-watch", names=("1m", "1p"))
    assert default_name(first, yokai) == "yokai-watch-set"
    _enrolled(tmp_path / "models", "yokai-watch-set", first)
    assert default_name(first, yokai) == "yokai-watch-set"  # its own, taught again
    assert default_name(second, yokai) == "yokai-watch-set-2"
    assert default_name(second, SimpleNamespace(tileset=None, game=None, names=())) == "my-set"  # no game
