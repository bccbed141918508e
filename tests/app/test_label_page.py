"""AppTest of the Label page: steps through photos, edits boxes through its widgets, and every change
is in the label file at once. (Drawing a box needs a browser: see test_label_browser.py.)"""
from __future__ import annotations

import pytest
from PIL import Image

from tilelens.labelling import Box, Dataset, LabelledImage, load_done, write_yolo

from app_helpers import LABEL_PHOTOS, label_page_dataset, open_page, texts

PHOTOS = LABEL_PHOTOS


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    return label_page_dataset(tmp_path, monkeypatch)


def labels(root, photo="a"):
    folder = "val" if photo == "c" else "train"
    return (root / f"labels/{folder}/{photo}.txt").read_text().splitlines()


def test_page_shows_progress_boxes_and_the_chart(dataset):
    at = open_page("label", lang="en")
    assert "Accepted 0 of 3 photos (3 to do)" in at.get("progress")[0].proto.text
    assert "1/3: `a.jpg`" in texts(at)
    assert "2 boxes" in texts(at)
    assert len(at.get("vega_lite_chart")) == 1 and len(at.get("bidi_component")) == 1
    (never,) = [e for e in at.expander if e.label == "Kinds never seen (2)"]
    assert {"3 Man", "Red dragon"} <= {c.value for c in never.caption}  # each under its picture
    # one tile each of 1m and 2m: too few for an enrolment to learn them well
    (thin,) = [e for e in at.expander if e.label == "Kinds with fewer than 3 tiles (2)"]
    assert {"1 Man", "2 Man"} <= {c.value for c in thin.caption}
    assert any(c.value.startswith("A tile set enrolled") for c in thin.caption)


def test_select_a_box_change_its_kind_nudge_and_delete_saves_each_step(dataset):
    at = open_page("label", lang="en")
    at.button(key="label_next_box").click().run()
    assert "Box 1: 1 Man" in texts(at)
    kind = next(s for s in at.selectbox if s.key and s.key.startswith("label_kind_"))
    kind.set_value("7z").run()
    assert labels(dataset)[0].startswith("3 ")
    at.button(key="label_nudge_→").click().run()
    x_centre = float(labels(dataset)[0].split()[1])
    assert x_centre == pytest.approx(0.2 + 0.01, abs=1e-6)
    at.button(key="label_pick_2m").click().run()
    assert labels(dataset)[0].startswith("1 ")
    at.button(key="label_delete").click().run()
    assert labels(dataset) == ["1 0.500000 0.300000 0.200000 0.400000"]
    assert not at.exception


def test_accept_marks_done_and_moves_on_then_copy_previous(dataset):
    at = open_page("label", lang="en")
    at.button(key="label_accept").click().run()
    assert load_done(dataset) == {"images/train/a.jpg"}
    assert "2/3: `b.jpg`" in texts(at)
    assert "Accepted 1 of 3 photos (2 to do)" in at.get("progress")[0].proto.text
    at.button(key="label_copy").click().run()
    assert labels(dataset, "b") == labels(dataset, "a")
    at.button(key="label_prev").click().run()
    assert "1/3: `a.jpg` ✓" in texts(at)


def test_bad_label_file_is_reported_and_the_page_still_works(dataset):
    (dataset / "labels/train/a.txt").write_text("0 0.5 0.5 0.2\n9 0.5 0.5 0.1 0.1\n1 0.5 0.3 0.2 0.4\n")
    (dataset / "labels/train/b.txt").unlink()
    at = open_page("label", lang="en")
    shown = texts(at)
    assert "4 fields, expected 5" in shown and "class 9 out of range" in shown
    assert "1 boxes" in shown
    at.button(key="label_next").click().run()
    assert "0 boxes" in texts(at) and not at.exception


def test_problems_are_explained_in_japanese_on_japanese_screens(dataset, tmp_path):
    (dataset / "labels/train/a.txt").write_text("0 0.5 0.5 0.2\n1 0.5 0.3 0.2 0.4\n")
    (dataset / "labels/train/b.txt").unlink()
    at = open_page("label", lang="ja")
    shown = texts(at)
    assert "エラー【行の項目数が違います】labels/train/a.txt:1: 項目が4個あります。5個 (class xc yc w h) のはずです" \
        in shown.replace("\u2060", "")  # the unseen word joiner after "a.txt:" keeps ":1:" from reading a shortcode
    # a photo with no label file yet is said once as one to label, not as a problem (session 50)
    assert "ラベルを付ける写真が 1枚あります" in shown
    bad_lines = next(w.value for w in at.warning if "ラベルファイルの問題" in w.value)
    assert "項目が4個あります" in bad_lines and "4 fields" not in shown
    (dataset / "data.yaml").write_text("names: 3\ntrain: images/train\n")
    at.run()
    assert "'names' には牌の種類の名前を並べて書いてください" in texts(at)


def test_missing_folder_and_escaping_paths_never_crash(dataset, tmp_path):
    (dataset / "data.yaml").write_text("train: ../../etc\nval: images/val\nnames: [1m, 2m]\ngame: tokyo-mahjong\n")
    at = open_page("label", lang="en")
    assert not at.exception
    assert "1/1: `c.jpg`" in texts(at)
    assert "points outside the dataset folder; it was skipped" in texts(at)
    at.text_input(key="label_dir").set_value(str(tmp_path / "nowhere")).run()
    assert "is not there" in texts(at) and not at.exception


def test_corrupt_photo_is_reported_and_the_page_goes_on(dataset):
    (dataset / "images/train/a.jpg").write_bytes(b"\xff\xd8 not really a jpeg")
    at = open_page("label", lang="en")
    assert not at.exception
    assert "This photo cannot be shown: a.jpg: not an image (unknown or unsupported format)" in texts(at)
    at.button(key="label_next").click().run()
    assert "2/3: `b.jpg`" in texts(at) and not at.exception


class _Reader:
    """Stands in for the recognizer: one 2m in the middle of every photo."""

    def read(self, image, source=None):
        from types import SimpleNamespace

        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind="2m",
                                                      is_back=False)])


def test_folder_of_photos_is_prelabelled_from_the_page(tmp_path, monkeypatch, home):
    from app.components import resources

    for name, grey in (("x.jpg", 200), ("y.jpg", 150)):
        Image.new("RGB", (100, 80), (grey, grey, grey)).save(tmp_path / name)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))
    monkeypatch.setattr(resources, "recognizer", lambda game_id: _Reader())
    at = open_page("label", lang="en")
    assert "no data.yaml yet (2 photos)" in texts(at)
    at.switch_page("views/score_manual.py").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    at.switch_page("views/label.py").run()
    assert at.selectbox(key="label_init_game").value == "tokyo-mahjong"  # the game chosen on the other pages
    at.button(key="label_init").click().run()
    assert "Pre-labelled 2 photos (2 tiles)." in texts(at)
    assert (tmp_path / "labels/train/x.txt").read_text() == "1 0.500000 0.500000 0.200000 0.400000\n"
    # the photos are there at once: no "no data.yaml yet" above the news any more, and no Start to tap
    assert "no data.yaml" not in texts(at) and not _has(at, "label_start")
    assert "1/2: `x.jpg`" in texts(at) and not at.exception
    at.selectbox(key="label_jump").set_value("images/train/y.jpg").run()
    assert "2/2: `y.jpg`" in texts(at)


def test_prelabel_without_a_model_is_one_clear_message(tmp_path, monkeypatch, home):
    from app.components import resources
    from vision.recognizer import RecognizerError

    Image.new("RGB", (100, 80)).save(tmp_path / "x.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))

    def no_model(game_id):
        raise RecognizerError(f"no classifier for game {game_id!r}")

    monkeypatch.setattr(resources, "recognizer", no_model)
    at = open_page("label", lang="en")
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()  # no game chosen for one (session 56)
    at.button(key="label_init").click().run()
    assert "no classifier for game" in texts(at) and not at.exception


def test_prelabel_from_the_page_with_the_enrolled_hk_tile_set(tmp_path, monkeypatch, home):
    import shutil

    from tilelens.labelling.prelabel import enrolled_tilesets
    from vision.hk_split import hk_images

    photos = hk_images("heldout")[:1]
    if "hk-mahjong" not in enrolled_tilesets() or not photos:
        pytest.skip("the hk-mahjong tile set or the shared Hong Kong photos are not here")
    shutil.copy(photos[0], tmp_path / photos[0].name)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))
    at = open_page("label", lang="en")
    at.selectbox(key="label_init_game").set_value("tileset:hk-mahjong").run()
    at.button(key="label_init").click().run()
    assert "Pre-labelled 1 photo (" in texts(at) and not at.exception
    label = tmp_path / "labels/train" / (photos[0].stem + ".txt")
    boxes = len(label.read_text().splitlines())
    assert boxes >= 5 and f"{boxes} boxes" in texts(at)  # a hand on the table, not a stray box or two


@pytest.fixture
def hk_samples(tmp_path, home):
    """The three real Hong Kong samples as a Labelling folder whose data.yaml names the hk-mahjong set."""
    import shutil
    from pathlib import Path

    from tilelens.labelling.prelabel import enrolled_tilesets

    if "hk-mahjong" not in enrolled_tilesets():
        pytest.skip("the hk-mahjong tile set is not here")
    root = tmp_path / "hk"
    shutil.copytree(Path(__file__).resolve().parents[1] / "vision" / "data" / "detector", root)
    with (root / "data.yaml").open("a") as f:
        f.write("tileset: hk-mahjong\n")
    return root


def test_review_with_the_model_shows_the_suspect_and_opens_its_box(hk_samples, monkeypatch):
    """The three real samples name hk-mahjong in data.yaml; hk-1.jpg carries a 5p label on a 4p tile
    (as labelled upstream). The review lists it with its picture; Open goes to that photo and box; once
    the label is mended the suspect leaves the list."""
    root = hk_samples
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    at.button(key="label_next").click().run()  # away from hk-1, to see Open come back to it
    at.button(key="label_audit_run").click().run()
    assert not at.exception
    assert "Labels to look at: 1. Tiles with no label: 0. (54 labels on 3 photos checked)" in texts(at)
    assert len(at.image) == 1
    assert "labelled 5p, reads 4p (99%)" in str(at.image[0].proto) or "labelled 5p, reads 4p (100%)" in str(
        at.image[0].proto)
    at.button(key="label_audit_open_0").click().run()
    assert "1/3: `hk-1.jpg`" in texts(at)
    assert "Box " in texts(at)  # the flagged box is selected
    kind = next(s for s in at.selectbox if s.key and s.key.startswith("label_kind_"))
    assert kind.value == "5p"
    kind.set_value("4p").run()
    assert len(at.image) == 0 and not at.exception


def test_review_takes_the_models_reading_with_one_tap(hk_samples, monkeypatch):
    """"Make it 4p" mends the flagged label in its file; a tile whose label was removed comes back with
    "Add as ...", as a box of that kind where the tile is. Each then leaves the list."""
    root = hk_samples
    label = root / "labels" / "hk-2.txt"
    lines = label.read_text().splitlines()
    removed = lines[0]
    label.write_text("\n".join(lines[1:]) + "\n")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    at.button(key="label_audit_run").click().run()
    assert "Labels to look at: 1. Tiles with no label: 1." in texts(at) and len(at.image) == 2
    hk1 = (root / "labels" / "hk-1.txt").read_text().splitlines()
    at.button(key="label_audit_use_0").click().run()  # the surest first: hk-1's 5p, read as 4p
    mended = (root / "labels" / "hk-1.txt").read_text().splitlines()
    names = ("f1 1m 1p 1s 1z f2 2m 2p 2s 2z f3 3m 3p 3s 3z f4 4m 4p 4s 4z f5 5m 5p 5s 5z "
             "f6 6m 6p 6s 6z f7 7m 7p 7s 7z f8 8m 8p 8s 9m 9p 9s").split()
    changed = [(a.split()[0], b.split()[0]) for a, b in zip(hk1, mended) if a.split()[0] != b.split()[0]]
    assert len(mended) == len(hk1)
    assert changed == [(str(names.index("5p")), str(names.index("4p")))]
    assert len(at.image) == 1 and not at.exception
    at.button(key="label_audit_use_1").click().run()  # add the unlabelled tile of hk-2
    added = label.read_text().splitlines()
    assert len(added) == len(lines)
    cls, xc, yc, *_ = added[-1].split()
    r_cls, r_xc, r_yc, *_ = removed.split()
    assert cls == r_cls and abs(float(xc) - float(r_xc)) < 0.02 and abs(float(yc) - float(r_yc)) < 0.02
    assert len(at.image) == 0 and not at.exception


def test_a_reading_is_not_taken_when_the_label_file_changed_under_the_review(hk_samples, monkeypatch):
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(hk_samples))
    at = open_page("label", lang="en")
    at.button(key="label_audit_run").click().run()
    label = hk_samples / "labels" / "hk-1.txt"
    lines = label.read_text().splitlines()
    label.write_text("\n".join(lines[1:]) + "\n")  # someone removed the first box: every index moved
    before = label.read_text()
    at.button(key="label_audit_use_0").click().run()
    assert label.read_text() == before and not at.exception  # the box now at the flagged index is left alone


def test_dataset_checks_say_what_each_problem_is_in_japanese(dataset):
    from app.components.i18n import ISSUE_JA
    from tilelens.labelling.model import IssueKind

    assert set(ISSUE_JA) == {str(k) for k in IssueKind}  # every problem the check can report
    (dataset / "labels/train/a.txt").write_text("9 0.5 0.5 0.1 0.1\n")
    at = open_page("label", lang="ja")
    shown = "\n".join(str(e.value) for e in (*at.error, *at.warning)).replace("\u2060", "")  # as seen: no joiner
    assert "エラー【範囲外の牌番号】labels/train/a.txt:1" in shown
    assert any("学習用: 2枚 · 検証用: 1枚" in c.value for c in at.caption)  # was the dict {"train": 2, "val": 1}


def test_a_corrupt_photo_is_said_without_an_exception_name_on_a_japanese_screen(dataset):
    (dataset / "images/train/a.jpg").write_bytes(b"\xff\xd8 not really a jpeg")
    at = open_page("label", lang="ja")
    assert "a.jpg: 写真ではありません。形式が不明か、対応していない形式です。" in texts(at)
    assert "Error" not in texts(at)  # no exception class named (UnidentifiedImageError)


def _jpeg(colour) -> bytes:
    import io

    out = io.BytesIO()
    Image.new("RGB", (100, 80), colour).save(out, "JPEG")
    return out.getvalue()


def test_a_dataset_started_from_uploaded_photos_is_saved_opened_prelabelled_and_grows(tmp_path, monkeypatch,
                                                                                      home):
    from app.components import resources

    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = open_page("label", lang="en")
    assert "start a new dataset from photos below" in texts(at)
    at.text_input(key="label_new_name").set_value("my set")
    # a phone names every photo image.jpg; the first photo comes twice
    at.file_uploader(key="label_upload_new_0").set_value(
        [("image.jpg", _jpeg((200, 0, 0)), "image/jpeg"), ("image.jpg", _jpeg((0, 200, 0)), "image/jpeg"),
         ("image.jpg", _jpeg((200, 0, 0)), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    root = home / "home" / "datasets" / "my set"
    assert "Saved 2 photos." in texts(at) and "Already in the dataset, so skipped: `image.jpg`" in texts(at)
    assert sorted(p.name for p in root.iterdir()) == ["image-2.jpg", "image.jpg"]
    assert at.text_input(key="label_dir").value == str(root)
    assert "no data.yaml yet (2 photos)" in texts(at)
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    assert "Accepted 0 of 2 photos" in at.get("progress")[0].proto.text
    # more photos later, into the open dataset: saved, filed and pre-labelled with its game's model
    at.file_uploader(key="label_upload_add_1").set_value([("image.jpg", _jpeg((0, 0, 200)), "image/jpeg")])
    at.button(key="label_add").click().run()
    assert "Added 1 photo and pre-labelled it (1 tile)." in texts(at), texts(at)
    assert (root / "labels/train/image-3.txt").read_text() == "1 0.500000 0.500000 0.200000 0.400000\n"
    assert "Accepted 0 of 3 photos" in at.get("progress")[0].proto.text
    at.button(key="label_accept").click().run()
    at.text_input(key="label_dir").set_value("").run()  # back to the list of datasets
    assert "3 photos, 1 accepted" in texts(at)
    assert not at.exception


def test_starting_a_dataset_says_what_is_wrong_and_lists_the_ones_started_before(tmp_path, monkeypatch, home):
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    at = open_page("label", lang="en")
    at.text_input(key="label_new_name").set_value("a/b")
    at.button(key="label_new_create").click().run()
    assert "a dataset name cannot hold /" in texts(at)
    at.text_input(key="label_new_name").set_value("kitchen set")
    at.button(key="label_new_create").click().run()
    assert "Choose the photos first." in texts(at)
    assert not (home / "home" / "datasets" / "kitchen set").exists()
    at.file_uploader(key="label_upload_new_0").set_value([("notes.jpg", b"not a photo", "image/jpeg")])
    at.button(key="label_new_create").click().run()
    assert "notes.jpg: not an image" in texts(at)
    assert not (home / "home" / "datasets" / "kitchen set").exists()  # nothing saved, no empty folder left
    (home / "home" / "datasets" / "old set").mkdir(parents=True)
    at.run()
    at.button(key="label_open_old set").click().run()
    assert at.text_input(key="label_dir").value == str(home / "home" / "datasets" / "old set")
    assert "no data.yaml yet (0 photos)" in texts(at) and not at.exception
    at.text_input(key="label_dir").set_value("").run()
    assert "0 photos, 0 accepted" in texts(at)


def test_going_to_a_photo_again_after_moving_on_goes_there(dataset):
    # the box kept the last photo chosen, so choosing it again was no change and the page stayed put
    at = open_page("label", lang="en")
    at.selectbox(key="label_jump").set_value("images/train/b.jpg").run()
    assert "2/3: `b.jpg`" in texts(at)
    at.button(key="label_next").click().run()
    assert "3/3: `c.jpg`" in texts(at)
    at.selectbox(key="label_jump").set_value("images/train/b.jpg").run()
    assert "2/3: `b.jpg`" in texts(at)


def test_the_pickers_filters_are_named_in_the_screens_language(dataset):
    # the filter pills showed the raw suit letters (m, z) on a Japanese screen
    at = open_page("label", lang="ja")
    at.button(key="label_next_box").click().run()
    [pills] = [p for p in at.get("button_group") if "label_pick_filter" in str(p.proto.id)]
    shown = str(pills.proto)
    assert "萬子" in shown and "字牌" in shown and 'content: "m"' not in shown


def test_another_dataset_opens_at_its_first_photo_with_no_box_chosen(dataset, tmp_path):
    # it opened at the last dataset's photo number, with that photo's box number chosen
    other = tmp_path / "other"
    for name in ("x", "y", "z"):
        (other / "images/train").mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (160, 120), (90, 90, 90)).save(other / f"images/train/{name}.jpg")
    write_yolo(Dataset(("1m", "2m"), tuple(LabelledImage(f"images/train/{n}.jpg", (160, 120),
                                                          (Box("1m", (0.1, 0.1, 0.3, 0.5)),)) for n in "xyz"),
                       "tokyo-mahjong"), other)
    at = open_page("label", lang="en")
    at.button(key="label_next").click().run()
    at.button(key="label_next").click().run()
    at.button(key="label_next_box").click().run()
    at.segmented_control(key="label_filter").set_value("problems").run()
    at.text_input(key="label_dir").set_value(str(other)).run()
    assert "1/3: `x.jpg`" in texts(at) and "Box 1" not in texts(at)
    # every photo of it: the last dataset's filter would hide some, the one shown among them
    assert at.segmented_control(key="label_filter").value == "all"


def test_a_datasets_folder_that_cannot_be_written_is_one_message_not_a_traceback(tmp_path, monkeypatch, home):
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    (home / "home").mkdir(parents=True, exist_ok=True)
    (home / "home" / "datasets").write_text("a file where the folder must go", encoding="utf-8")
    at = open_page("label", lang="ja")
    at.text_input(key="label_new_name").set_value("my set")
    at.file_uploader(key="label_upload_new_0").set_value([("image.jpg", _jpeg((200, 0, 0)), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "フォルダのあるべき所にファイルがあります" in texts(at)


def _huge_png() -> bytes:
    """The header of a 40000 x 40000 PNG (1.6 gigapixels): over any limit, decoded or not."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 40000, 40000, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


@pytest.mark.parametrize("lang, said", [
    ("en", "This photo cannot be shown: a.jpg: too large to show (over 268 megapixels)"),
    ("ja", "a.jpg: 写真が大きすぎて表示できません (268メガピクセルまで)")])
def test_a_photo_too_large_to_show_is_one_clear_line(dataset, lang, said):
    (dataset / "images/train/a.jpg").write_bytes(_huge_png())
    at = open_page("label", lang=lang)
    assert said in texts(at) and "DecompressionBombError" not in texts(at)
    at.button(key="label_next").click().run()
    assert "2/3: `b.jpg`" in texts(at) and not at.exception


def test_copying_over_a_photo_with_boxes_asks_first(dataset):
    # one tap on Copy (16 px under Accept on a phone) replaced a photo's own boxes, with no way back
    (dataset / "labels/train/b.txt").write_text("2 0.500000 0.500000 0.200000 0.300000\n")
    at = open_page("label", lang="en")
    at.button(key="label_next").click().run()
    at.button(key="label_copy").click().run()
    assert labels(dataset, "b") == ["2 0.500000 0.500000 0.200000 0.300000"]  # nothing changed yet
    assert "This photo has 1 boxes already. Replace them with the 2 boxes of the previous photo?" in texts(at)
    at.button(key="label_copy_keep").click().run()
    assert labels(dataset, "b") == ["2 0.500000 0.500000 0.200000 0.300000"]
    assert "Replace them" not in texts(at) and not _has(at, "label_copy_replace")
    at.button(key="label_copy").click().run()
    at.button(key="label_copy_replace").click().run()
    assert labels(dataset, "b") == labels(dataset, "a") and "Replace them" not in texts(at)
    assert "2 boxes" in texts(at) and not at.exception


def _has(at, key: str) -> bool:
    return any(b.key == key for b in at.button)


def test_the_copy_question_is_in_japanese_and_leaves_with_the_photo(dataset):
    (dataset / "labels/train/b.txt").write_text("2 0.500000 0.500000 0.200000 0.300000\n")
    at = open_page("label", lang="ja")
    at.button(key="label_next").click().run()
    at.button(key="label_copy").click().run()
    assert "この写真にはもう枠が 1個あります。前の写真の枠 2個で置き換えますか?" in texts(at)
    at.button(key="label_next").click().run()  # moved on without answering: nothing is asked of c
    at.button(key="label_prev").click().run()
    assert "置き換えますか" not in texts(at) and not _has(at, "label_copy_replace")
    assert labels(dataset, "b") == ["2 0.500000 0.500000 0.200000 0.300000"]


def _reload(at, lang: str = "en"):
    """A reload of the page (a phone restoring its tab, F5): a new session on the same address."""
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN

    again = AppTest.from_file(str(MAIN), default_timeout=60)
    again.query_params.update(at.query_params)
    again.run()
    again.session_state["lang"] = lang
    again.switch_page("views/label.py").run()
    assert not again.exception, [e.value for e in again.exception]
    return again


def test_a_reload_keeps_the_dataset_and_the_photo(dataset, monkeypatch):
    # a reload forgot both: the page came back at its start panel, the dataset to be found and opened again
    monkeypatch.delenv("TILELENS_LABEL_DIR")
    at = open_page("label", lang="en")
    at.query_params["match"] = "7"  # another page's parameter in the address (the ledger's), kept
    at.text_input(key="label_dir").set_value(str(dataset)).run()
    at.button(key="label_next").click().run()
    assert "2/3: `b.jpg`" in texts(at)
    assert at.query_params["dataset"] == str(dataset) and at.query_params["photo"] == "images/train/b.jpg"
    again = _reload(at)
    assert again.text_input(key="label_dir").value == str(dataset)
    assert "2/3: `b.jpg`" in texts(again) and "2 boxes" not in texts(again)
    assert again.query_params["match"] == "7"
    again.button(key="label_next").click().run()  # the page goes on from there, and the address with it
    assert "3/3: `c.jpg`" in texts(again) and again.query_params["photo"] == "images/val/c.jpg"
    again.text_input(key="label_dir").set_value("").run()  # back to the list: nothing to reopen
    assert "dataset" not in again.query_params and "photo" not in again.query_params
    assert again.query_params["match"] == "7"


def test_a_reload_after_the_photo_left_the_dataset_opens_it_at_its_first_photo(dataset, monkeypatch):
    monkeypatch.delenv("TILELENS_LABEL_DIR")
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(dataset)).run()
    at.button(key="label_next").click().run()
    (dataset / "images/train/b.jpg").unlink()
    again = _reload(at)
    assert "1/2: `a.jpg`" in texts(again)
    assert "images/train/b.jpg is no longer in this dataset: its first photo is shown." in texts(again)
    assert again.query_params["photo"] == "images/train/a.jpg"


@pytest.mark.parametrize("lang, said", [
    ("en", "The dataset folder in the address is no longer there: {p}"),
    ("ja", "アドレスにあるデータセットのフォルダはもうありません: {p}")])
def test_a_reload_after_the_dataset_is_gone_says_so_in_one_line_and_starts_as_usual(dataset, monkeypatch,
                                                                                  tmp_path, lang, said):
    monkeypatch.delenv("TILELENS_LABEL_DIR")
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value(str(dataset)).run()
    dataset.rename(tmp_path / "moved")
    again = _reload(at, lang)
    assert said.format(p=dataset) in texts(again)
    assert len(again.warning) == 1 and not again.error
    assert again.text_input(key="label_dir").value == "" and "dataset" not in again.query_params
    assert _has(again, "label_new_create")  # the start panel, as on a first visit


@pytest.mark.parametrize("lang, words", [
    ("en", ("one finger scrolls the page", "touch and hold, then drag")),
    ("ja", ("1本指でページをスクロール", "長押ししてから")),
])
def test_the_hint_tells_a_phone_user_to_hold_before_drawing(dataset, lang, words):
    # One finger scrolls the page over the photo now; drawing on a phone starts with a touch-and-hold.
    at = open_page("label", lang=lang)
    shown = texts(at)
    assert all(w in shown for w in words), shown
    assert not at.exception


def _laid_out_otherwise(root, train, val, photos, game="tokyo-mahjong") -> str:
    """A dataset of ``game`` whose data.yaml names ``train`` and ``val`` (not tilelens's ``images/train``),
    with ``photos`` (paths in it) saved, each with a label file; the data.yaml's text."""
    import yaml

    from scorer import load_game
    from tilelens.labelling.yolo import label_path_for

    for i, rel in enumerate(photos):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (100, 80), (60 * i, 90, 120)).save(root / rel)
        label_path_for(root / rel).parent.mkdir(parents=True, exist_ok=True)
        label_path_for(root / rel).write_text("0 0.5 0.5 0.2 0.4\n")
    text = yaml.safe_dump({"train": train, "val": val, "names": [t.id for t in load_game(game).tiles],
                           "game": game}, sort_keys=False)
    (root / "data.yaml").write_text(text, encoding="utf-8")
    return text


def test_photos_added_to_a_roboflow_export_go_where_its_train_split_is(tmp_path, monkeypatch, home):
    # "Add photos" was refused as "a layout of its own" for a Roboflow export (train: train/images), which
    # the library files photos into: its train/images, the labels in train/labels
    from app.components import resources
    from scorer import load_game

    root = tmp_path / "export"
    text = _laid_out_otherwise(root, "train/images", "valid/images", ["train/images/a.jpg", "valid/images/c.jpg"])
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = open_page("label", lang="en")
    assert "Accepted 0 of 2 photos" in at.get("progress")[0].proto.text
    assert "has a layout of its own" not in texts(at)
    at.file_uploader(key="label_upload_add_0").set_value([("image.jpg", _jpeg((0, 0, 200)), "image/jpeg")])
    at.button(key="label_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Added 1 photo and pre-labelled it (1 tile)." in texts(at), texts(at)
    two_m = [t.id for t in load_game("tokyo-mahjong").tiles].index("2m")
    assert (root / "train/images/image.jpg").is_file()
    assert (root / "train/labels/image.txt").read_text() == f"{two_m} 0.500000 0.500000 0.200000 0.400000\n"
    assert not (root / "images").exists() and not (root / "labels").exists() and not (root / "image.jpg").exists()
    assert (root / "data.yaml").read_text(encoding="utf-8") == text
    assert "Accepted 0 of 3 photos" in at.get("progress")[0].proto.text


def test_photos_added_to_a_dataset_training_on_a_txt_list_are_named_in_it(tmp_path, monkeypatch, home):
    from app.components import resources

    root = tmp_path / "listed"
    text = _laid_out_otherwise(root, "train.txt", "train.txt", ["photos/a.jpg"])
    (root / "train.txt").write_text("./photos/a.jpg\n", encoding="utf-8")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = open_page("label", lang="en")
    at.file_uploader(key="label_upload_add_0").set_value([("image.jpg", _jpeg((0, 0, 200)), "image/jpeg")])
    at.button(key="label_add").click().run()
    assert "Added 1 photo and pre-labelled it (1 tile)." in texts(at), texts(at)
    assert (root / "train.txt").read_text().splitlines() == ["./photos/a.jpg", "./images/train/image.jpg"]
    assert (root / "labels/train/image.txt").is_file()
    assert (root / "data.yaml").read_text(encoding="utf-8") == text
    assert "Accepted 0 of 2 photos" in at.get("progress")[0].proto.text


def test_photos_cannot_be_added_where_training_would_not_read_them(tmp_path, monkeypatch, home):
    # the train split is a folder outside the dataset: a photo filed under its images/train is never
    # trained on, so adding stays refused
    elsewhere = tmp_path / "elsewhere" / "images"
    elsewhere.mkdir(parents=True)
    root = tmp_path / "shared"
    _laid_out_otherwise(root, str(elsewhere), "valid/images", ["valid/images/c.jpg"])
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    assert "This data.yaml has a layout of its own, so photos cannot be added here." in texts(at)
    assert "label_upload_add_0" not in [u.key for u in at.file_uploader]
    at = open_page("label", lang="ja")
    assert "この data.yaml は独自の構成なので、ここでは写真を追加できません。" in texts(at)


def test_undo_puts_back_each_box_change_in_turn_even_from_another_photo(dataset):
    # a picker tap on the wrong tile, or a box deleted by mistake, could only be done again by hand
    at = open_page("label", lang="en")
    before = labels(dataset)
    assert at.button(key="label_undo").disabled  # nothing to undo yet
    at.button(key="label_next_box").click().run()
    at.button(key="label_pick_7z").click().run()
    at.button(key="label_delete").click().run()
    assert labels(dataset) == ["1 0.500000 0.300000 0.200000 0.400000"]
    at.button(key="label_next").click().run()  # moved on: the undo still finds the photo
    at.button(key="label_undo").click().run()
    assert labels(dataset) == [before[0].replace("0 ", "3 ", 1), before[1]]
    assert "1/3: `a.jpg`" in texts(at)  # and shows it
    at.button(key="label_undo").click().run()
    assert labels(dataset) == before
    assert at.button(key="label_undo").disabled
    assert not at.exception


def test_undo_leaves_a_photo_changed_since_in_another_tab_and_says_so(dataset, lang, said):
    from tilelens.labelling import editing

    at = open_page("label", lang=lang)
    at.button(key="label_next_box").click().run()
    at.button(key="label_delete").click().run()
    names = ("1m", "2m", "3m", "7z")
    other = editing.load_boxes(dataset, "images/train/a.jpg", names)[0]
    editing.save_boxes(dataset, "images/train/a.jpg", editing.set_kind(other, 0, "3m"), names)  # another tab
    at.button(key="label_undo").click().run()
    assert labels(dataset) == ["2 0.500000 0.300000 0.200000 0.400000"]  # the other tab's change stays
    assert said in texts(at)


test_undo_leaves_a_photo_changed_since_in_another_tab_and_says_so = pytest.mark.parametrize(
    ("lang", "said"), [("en", "changed since"), ("ja", "変更されている")])(
    test_undo_leaves_a_photo_changed_since_in_another_tab_and_says_so)


@pytest.mark.parametrize(("lang", "unseen", "names"), [("en", "Kinds never seen (2)", {"3 Man", "Red dragon"}),
                                                       ("ja", "一度も出てこない種類 (2)", {"三萬", "中"})])
def test_kinds_never_seen_are_named_as_the_picker_names_them(dataset, lang, unseen, names):
    at = open_page("label", lang=lang)
    (never,) = [e for e in at.expander if e.label == unseen]
    assert names <= {c.value for c in never.caption}, [c.value for c in never.caption]


def test_photos_can_be_filtered_to_those_to_do_or_with_problems(dataset):
    # a photo the check flags could only be found by reading its label file's path in the checks list and
    # stepping through every photo to it; 'with problems' now steps through those alone, and says each one's
    (dataset / "labels/train/a.txt").write_text("0 0.2 0.3 0.2 0.4\n0 0.2 0.3 0.2 0.4\n")  # a duplicate box
    (dataset / "labels/train/b.txt").write_text("1 0.5 0.3 0.2 0.4\n")
    at = open_page("label", lang="en")
    assert at.segmented_control(key="label_filter").options == [
        "All photos (3)", "To do (3)", "With problems (2)"]
    at.segmented_control(key="label_filter").set_value("problems").run()
    assert "Photo 1/2 with problems: `a.jpg`" in texts(at)  # counted among the filter's
    assert "covers the same tile as line 1" in texts(at)  # the photo's own problem, by the photo
    at.button(key="label_next").click().run()  # b has no problem: skipped
    assert "Photo 2/2 with problems: `c.jpg`" in texts(at) and "no boxes" in texts(at)
    at.button(key="label_prev").click().run()
    assert "Photo 1/2 with problems: `a.jpg`" in texts(at)
    assert at.selectbox(key="label_jump").options == ["1. a.jpg", "3. c.jpg"]
    # to do: an accepted photo is stepped over, and choosing the filter on it goes to the next one to do
    at.segmented_control(key="label_filter").set_value("todo").run()
    at.button(key="label_accept").click().run()
    at.button(key="label_prev").click().run()
    assert "Photo 1/2 to do: `b.jpg`" in texts(at)
    at.button(key="label_prev").click().run()  # a is done: nothing before b to do, so it stays, and says so
    assert "Photo 1/2 to do: `b.jpg`" in texts(at)
    assert [i.value for i in at.info] == ["No photo to do before this one."]
    at.segmented_control(key="label_filter").set_value(None).run()
    at.button(key="label_prev").click().run()  # no filter: every photo again
    assert "1/3: `a.jpg`" in texts(at)
    assert not at.exception


def test_the_filter_is_in_japanese(dataset):
    at = open_page("label", lang="ja")
    assert at.segmented_control(key="label_filter").options == ["全部 (3)", "未完了 (3)", "問題あり (2)"]


def test_a_reload_counts_what_the_files_hold_now_not_what_an_earlier_session_saw(dataset, monkeypatch):
    # the check was cached by the session's own save count: a reload (a new session, count 0) was given the
    # report of the first session's start, whatever had been saved since, in a tab or with the command line
    from tilelens.labelling import check_dataset

    monkeypatch.delenv("TILELENS_LABEL_DIR")
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(dataset)).run()
    assert "Dataset checks (2)" in [e.label for e in at.expander]
    (dataset / "labels/train/b.txt").write_text("1 0.5 0.3 0.2 0.4\n")  # saved elsewhere
    again = _reload(at)
    assert len(check_dataset(dataset).issues) == 1
    assert "Dataset checks (1)" in [e.label for e in again.expander]
    assert again.segmented_control(key="label_filter").options[2] == "With problems (1)"


@pytest.mark.parametrize(("lang", "said"), [("en", "changed in another tab"), ("ja", "別のタブ")])
def test_a_box_removed_in_another_tab_is_not_mistaken_for_the_one_after_it(dataset, lang, said):
    # box 1 (1m) selected here; another tab removes it, so the 2m box becomes box 1: a tile picked here then
    # renamed the 2m box, which the person had not selected
    from tilelens.labelling import editing

    names = ("1m", "2m", "3m", "7z")
    at = open_page("label", lang=lang)
    at.button(key="label_next_box").click().run()
    boxes = editing.load_boxes(dataset, "images/train/a.jpg", names)[0]
    editing.save_boxes(dataset, "images/train/a.jpg", editing.delete_box(boxes, 0), names)  # the other tab
    at.button(key="label_pick_7z").click().run()
    assert labels(dataset) == ["1 0.500000 0.300000 0.200000 0.400000"]  # the 2m box is left as it is
    assert said in texts(at)
    assert not _has(at, "label_nudge_→")  # no box chosen now: the person chooses again, on the boxes as they are
    assert not at.exception


@pytest.mark.parametrize(("lang", "said"), [("en", "training: 2 photos · validation: the training photos"),
                                            ("ja", "学習用: 2枚 · 検証用: 学習用と同じ写真")])
def test_a_dataset_validating_on_its_training_photos_is_not_counted_twice(tmp_path, monkeypatch, home, lang, said):
    # two photos read "training: 2 photos · validation: 2 photos", four in all
    root = tmp_path / "ds"
    for name in ("a", "b"):
        (root / "images/train").mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (160, 120), (9, 9, 9)).save(root / f"images/train/{name}.jpg")
    write_yolo(Dataset(("1m", "2m"), tuple(LabelledImage(f"images/train/{n}.jpg", (160, 120),
                                                         (Box("1m", (0.1, 0.1, 0.3, 0.5)),)) for n in "ab"),
                       "tokyo-mahjong"), root)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang=lang)
    assert said in texts(at), texts(at)


def test_the_list_of_datasets_counts_only_accepted_photos_still_there(tmp_path, monkeypatch, home):
    # a photo accepted and then deleted from the folder still counted: "2 photos, 3 done"
    import json

    from app.settings import datasets_dir

    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    root = datasets_dir() / "mine"
    root.mkdir(parents=True)
    for name in ("a", "b"):
        Image.new("RGB", (50, 40)).save(root / f"{name}.jpg")
    (root / "label_progress.json").write_text(json.dumps({"done": ["a.jpg", "gone.jpg", "images/train/x.jpg"]}))
    at = open_page("label", lang="en")
    assert "2 photos, 1 accepted" in texts(at), texts(at)


@pytest.mark.parametrize("lang, said", [
    ("en", ["Photo 1/2 to do: `b.jpg`", "Photo 2/2 to do: `c.jpg`",
            "No further photo to do after this one", "Photo 3/3: `c.jpg`", "This is the last photo",
            "Photo 2/2 with problems: `c.jpg`"]),
    ("ja", ["未完了の写真 1/2: `b.jpg`", "未完了の写真 2/2: `c.jpg`",
            "これより後に未完了の写真はありません", "写真 3/3: `c.jpg`", "これが最後の写真です",
            "問題ありの写真 2/2: `c.jpg`"])])
def test_next_at_the_last_photo_of_the_filter_says_so_and_the_count_is_the_filters(dataset, lang, said):
    """With a filter on, Next at the last photo it keeps did nothing, unsaid, and "Photo 3/3" counted every
    photo, not the filter's."""
    (dataset / "labels/val/c.txt").write_text("9 0.5 0.5 0.2 0.2\n")  # a kind the dataset has not: a problem
    at = open_page("label", lang=lang)
    at.button(key="label_accept").click().run()  # a done: b and c to do
    at.segmented_control(key="label_filter").set_value("todo").run()
    assert said[0] in texts(at)
    at.button(key="label_next").click().run()
    assert said[1] in texts(at) and not at.info
    at.button(key="label_next").click().run()  # none further to do: it stays, and says so
    assert said[1] in texts(at)
    assert [i.value for i in at.info] == [next(i.value for i in at.info if said[2] in i.value)]
    at.button(key="label_prev").click().run()  # said once, not on every run after
    assert not at.info and said[0] in texts(at)
    at.segmented_control(key="label_filter").set_value("all").run()
    at.button(key="label_next").click().run()
    at.button(key="label_next").click().run()
    assert said[3] in texts(at) and any(said[4] in i.value for i in at.info)
    at.segmented_control(key="label_filter").set_value("problems").run()
    assert said[5] in texts(at), texts(at)
    assert not at.exception
