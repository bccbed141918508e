"""Session 56 (f20): the Label page after the phone teaching re-walk (a club member teaches a Hong Kong set from a
phone, in Japanese, then the owner opens it on the laptop, in English).

"Not in my set" offered only kinds no box had: the red fives a shipped model proposed on photos nobody checked had to
be fixed one by one first; now their boxes become plain fives (said with a count, with an Undo), refused where an
accepted photo has one. The zip left out which photos were accepted and the originals. A dataset pre-labelled with a
taught set had no game: a game picker, box names as ids, flowers unnamed. Photos added stayed off screen; after a
teach, "Pre-label again" did not offer the set just taught. Photos named without backticks, the absent kind warning
naming its photo twice, an absent kind still offered in the picker, empty folders left by Undo of a removal, and the
English screen's own kind names without their id."""
from __future__ import annotations

import io
import json
import os
import sys
import time
import zipfile
from pathlib import Path
from types import SimpleNamespace

import yaml
from PIL import Image

import label_phone_helpers as label_phone
from label_phone_helpers import from_address

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the kinds tests of f20's core side
import test_label_kinds_f20_56 as label_kinds  # noqa: E402

network = label_phone.network
laptop = label_phone.laptop

NAMES = ("1m", "5m", "0m", "8m", "f3", "f7")


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _dataset(boxes: dict[str, tuple[str, ...]], name: str = "club-photos", accepted: tuple[str, ...] = (),
             names: tuple[str, ...] = NAMES) -> Path:
    """A tokyo-mahjong dataset ``name`` in the datasets folder: each photo (``a.jpg`` -> ``images/train/a.jpg``) with a
    box of each kind given; its kinds ``names``, its own kinds f3 (秋) and f7 (菊) among them; ``accepted`` photos
    accepted."""
    from app.settings import datasets_dir
    from tilelens.labelling import Box, Dataset, LabelledImage, set_done, write_yolo

    root = datasets_dir() / name
    images = []
    for i, (photo, kinds) in enumerate(boxes.items()):
        rel = f"images/train/{photo}"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (200, 100), (30 * i, 140, 90)).save(root / rel)
        images.append(LabelledImage(rel, (200, 100), tuple(Box(k, (0.1 * j, 0.2, 0.1 * j + 0.08, 0.8))
                                                           for j, k in enumerate(kinds))))
    write_yolo(Dataset(names, tuple(images), "tokyo-mahjong"), root)
    data = yaml.safe_load((root / "data.yaml").read_text())
    data["own_kinds"] = {"f3": "秋", "f7": "菊"}
    (root / "data.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    for photo in accepted:
        set_done(root, f"images/train/{photo}")
    return root


def _kinds(root: Path, photo: str) -> list[str]:
    from tilelens.labelling import editing
    from tilelens.labelling.yolo import read_data_yaml

    return [b.kind for b in editing.load_boxes(root, f"images/train/{photo}", read_data_yaml(root).names)[0]]


def _absent(root: Path) -> tuple[str, ...]:
    from tilelens.labelling.yolo import read_data_yaml

    return read_data_yaml(root).absent


# ---- 1. a kind on photos not accepted can be said not in the set -----------------------------------------------------
def test_red_fives_on_photos_to_do_become_plain_fives_said_with_a_count_and_undone(network):
    root = _dataset({"a.jpg": ("0m", "1m", "0m"), "b.jpg": ("0m",), "c.jpg": ("1m", "5m")}, accepted=("c.jpg",))
    before = {p: (root / "labels/train" / p).read_text() for p in ("a.txt", "b.txt")}
    at = _ok(from_address("ja", dataset="club-photos"))
    pick = at.multiselect(key="label_absent_pick")
    assert "赤五萬 (0m)" in pick.options  # in use, on photos to do: offered, named
    pick.set_value(["0m"]).run()
    at.button(key="label_absent_mark").click().run()
    _ok(at)
    assert _kinds(root, "a.jpg") == ["5m", "1m", "5m"] and _kinds(root, "b.jpg") == ["5m"]
    assert _absent(root) == ("0m",)
    said = " ".join(s.value for s in at.success)
    assert "赤五萬" in said and "3個" in said and "五萬" in said and "2枚" in said, said
    at.button(key="label_absent_marked_undo").click().run()
    _ok(at)
    assert {p: (root / "labels/train" / p).read_text() for p in ("a.txt", "b.txt")} == before
    assert _absent(root) == ()
    assert not any(b.key == "label_absent_marked_undo" for b in at.button)


def test_a_kind_with_no_plain_kind_is_removed_from_photos_to_do_and_said(network):
    root = _dataset({"a.jpg": ("f3", "1m"), "b.jpg": ("1m",)})
    at = _ok(from_address("en", dataset="club-photos"))
    at.multiselect(key="label_absent_pick").set_value(["f3"]).run()
    at.button(key="label_absent_mark").click().run()
    _ok(at)
    assert _kinds(root, "a.jpg") == ["1m"] and _absent(root) == ("f3",)
    said = " ".join(s.value for s in at.success)
    assert "1 秋 (f3) removed" in said, said


def test_a_kind_on_an_accepted_photo_is_refused_naming_the_photo(network):
    root = _dataset({"a.jpg": ("0m",), "IMG_7001.jpg": ("0m", "1m")}, accepted=("IMG_7001.jpg",))
    before = (root / "labels/train/a.txt").read_text(), (root / "data.yaml").read_text()
    at = _ok(from_address("ja", dataset="club-photos"))
    at.multiselect(key="label_absent_pick").set_value(["0m"]).run()
    at.button(key="label_absent_mark").click().run()
    _ok(at)
    errors = " ".join(e.value for e in at.error)
    assert "`IMG_7001.jpg`" in errors and "赤五萬" in errors and "images/train" not in errors, errors
    assert ((root / "labels/train/a.txt").read_text(), (root / "data.yaml").read_text()) == before


def test_the_english_screen_names_a_datasets_own_kinds_with_their_ids(laptop):
    _dataset({"a.jpg": ("1m",)})
    at = _ok(from_address("en", dataset=str(Path(os.environ["TILELENS_HOME"]) / "datasets" / "club-photos")))
    captions = [c.value for c in at.caption]
    assert "秋 (f3)" in captions and "菊 (f7)" in captions, captions
    assert "秋 (f3)" in at.multiselect(key="label_absent_pick").options


def test_an_absent_kind_is_not_offered_in_the_picker_and_its_warning_names_the_photo_once(network):
    from tilelens.labelling.kinds import set_absent

    root = _dataset({"IMG_8002.jpg": ("0m", "1m")})
    set_absent(root, ["0m"])
    at = _ok(from_address("ja", dataset="club-photos"))
    warned = [w.value for w in at.warning if "このセットにない種類にした牌" in w.value]
    assert warned and all(w.count("IMG_8002") == 1 for w in warned), warned
    box_list = next(s for s in at.selectbox if (s.key or "").startswith("label_box_pick_"))
    box_list.set_value(1).run()
    _ok(at)
    assert any(b.key == "label_pick_5m" for b in at.button)
    assert not any(b.key == "label_pick_0m" for b in at.button)
    kind = next(s for s in at.selectbox if (s.key or "").startswith("label_kind_"))
    assert not any("(0m)" in o for o in kind.options)


# ---- 2. the zip holds the OK marks and the originals, and teaches on the laptop --------------------------------------
def test_the_zip_holds_the_accepted_marks_and_the_originals_and_teaches(network, monkeypatch, tmp_path):
    from streamlit.runtime.media_file_manager import MediaFileManager

    from tilelens.labelling.teach import accepted_photos

    made = []
    monkeypatch.setattr(MediaFileManager, "add_deferred",
                        lambda self, data, mimetype, coordinates, file_name=None, element_id="": made.append(
                            (data, file_name)) or "deferred")
    root = _dataset({"a.jpg": ("1m",), "IMG_7017.jpg": ("5m",)}, accepted=("a.jpg",))
    (root / "originals").mkdir()
    (root / "originals/IMG_7017.HEIC").write_bytes(b"heic")
    at = _ok(from_address("ja", dataset="club-photos"))
    help_text = at.get("download_button")[0].proto.help
    assert "OK" in help_text and "元の写真" in help_text, help_text
    ((data, _),) = made
    with zipfile.ZipFile(io.BytesIO(data())) as zipped:
        names = set(zipped.namelist())
        assert {"club-photos/label_progress.json", "club-photos/originals/IMG_7017.HEIC"} <= names, names
        zipped.extractall(tmp_path / "laptop")
    opened = tmp_path / "laptop" / "club-photos"
    taught, total, held = accepted_photos(opened)
    assert [p.relative_to(opened).as_posix() for p in taught] == ["images/train/a.jpg"] and total == 2


# ---- 3. a dataset pre-labelled with a taught set: its game, its own kinds' names, its absent kinds -------------------
SET_KINDS = ["1m", "5m", "8m", "0m", "f1", "f2"]


def _taught_set(tmp_path: Path, monkeypatch, source: Path | None, job: bool = False) -> Path:
    """A tile set ``club-set`` in a models folder of its own, taught from ``source`` (its Teach job's copy of
    data.yaml; ``job``: the copy at the path the Label page's Teach writes, so that it is the dataset's own set),
    its ``tileset.json`` saying no game, taught from the riichi classifier."""
    from tilelens.labelling.teach import job_dir

    models = tmp_path / "models"
    folder = models / "tilesets" / "club-set"
    folder.mkdir(parents=True)
    data = ""
    if source is not None:
        copy = job_dir(source.resolve()) if job else source / ".tilelens" / "teach"
        copy.mkdir(parents=True, exist_ok=True)
        (copy / "data.yaml").write_text(yaml.safe_dump({"path": str(source), "names": SET_KINDS, "absent": ["0m"]}))
        data = str(copy / "data.yaml")
    (folder / "tileset.json").write_text(json.dumps({"name": "club-set", "game": "", "classifier": "classifier.onnx",
                                                     "base": "classifier-tokyo-mahjong.pt", "data": data,
                                                     "kinds": SET_KINDS, "absent": ["0m"]}))
    monkeypatch.setenv("TILELENS_MODELS", str(models))
    return folder


def _hk_source() -> Path:
    from app.settings import datasets_dir

    root = datasets_dir() / "hk-set"
    root.mkdir(parents=True)
    (root / "data.yaml").write_text(yaml.safe_dump({"train": "images/train", "val": "images/train",
                                                    "names": SET_KINDS, "game": "tokyo-mahjong",
                                                    "own_kinds": {"f1": "春", "f2": "夏"}, "absent": ["0m"]},
                                                   allow_unicode=True))
    return root


_SetReader = label_kinds._Reader  # an 8m and an f1 on every photo


def _jpeg(colour=(0, 200, 0)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (100, 80), colour).save(out, "JPEG")
    return out.getvalue()


def test_a_dataset_pre_labelled_with_a_taught_set_has_its_game_names_and_absent_kinds(network, monkeypatch, tmp_path):
    from app.settings import datasets_dir
    from tilelens.labelling import prelabel
    from tilelens.labelling.yolo import read_data_yaml

    _taught_set(tmp_path, monkeypatch, _hk_source())
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, set_limit=True: _SetReader())
    at = _ok(from_address("ja"))
    at.text_input(key="label_new_name").set_value("hk-more")
    at.file_uploader(key="label_upload_new_0").set_value([("IMG_8001.jpg", _jpeg(), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    at.selectbox(key="label_init_game").set_value("tileset:club-set").run()
    at.button(key="label_init").click().run()
    _ok(at)
    config = read_data_yaml(datasets_dir() / "hk-more")
    assert (config.game, config.tileset, config.absent) == ("tokyo-mahjong", "club-set", ("0m",))
    assert config.own_kinds == {"f1": "春", "f2": "夏"}
    assert not any(s.key == "label_game" for s in at.selectbox)  # no game asked again
    box_list = next(s for s in at.selectbox if (s.key or "").startswith("label_box_pick_"))
    assert list(box_list.options) == ["枠 1: 八萬", "枠 2: 春"]
    box_list.set_value(0).run()
    helps = {b.key: b.help for b in at.button}
    assert helps.get("label_pick_f2") == "夏" and "label_pick_0m" not in helps


def test_a_taught_sets_dataset_made_before_is_shown_with_the_sets_game(network, monkeypatch, tmp_path):
    from app.settings import datasets_dir

    _taught_set(tmp_path, monkeypatch, _hk_source())
    root = datasets_dir() / "hk-more"
    (root / "images/train").mkdir(parents=True)
    (root / "labels/train").mkdir(parents=True)
    Image.new("RGB", (100, 80), (0, 200, 0)).save(root / "images/train/IMG_8002.jpg")
    (root / "labels/train/IMG_8002.txt").write_text("2 0.2 0.5 0.1 0.5\n4 0.6 0.5 0.1 0.5\n")
    (root / "data.yaml").write_text(yaml.safe_dump({"train": "images/train", "val": "images/train",
                                                    "names": SET_KINDS, "tileset": "club-set"}))
    at = _ok(from_address("ja", dataset="hk-more"))
    assert not any(s.key == "label_game" for s in at.selectbox)
    box_list = next(s for s in at.selectbox if (s.key or "").startswith("label_box_pick_"))
    assert list(box_list.options) == ["枠 1: 八萬", "枠 2: 春"]


# ---- 4. photos added are opened --------------------------------------------------------------------------------------
def test_the_first_photo_added_is_opened(network, monkeypatch):
    from app.components import resources

    class _Reader:
        def read(self, image, source=None):
            h, w = image.shape[:2]
            return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind="1m",
                                                          is_back=False)], other_game=False)

    from scorer import load_game

    names = tuple(t.id for t in load_game("tokyo-mahjong").tiles) + ("f3", "f7")
    _dataset({"IMG_0001.jpg": ("1m",), "IMG_0002.jpg": ("1m",)}, names=names)
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = _ok(from_address("ja", dataset="club-photos", photo="images/train/IMG_0001.jpg"))
    at.file_uploader(key="label_upload_add_0").set_value([("IMG_8001.jpg", _jpeg(), "image/jpeg"),
                                                          ("IMG_8002.jpg", _jpeg((0, 0, 200)), "image/jpeg")])
    at.button(key="label_add").click().run()
    _ok(at)
    assert any("2枚を追加し、下書きしました" in s.value for s in at.success), [s.value for s in at.success]
    assert at.query_params["photo"] == "images/train/IMG_8001.jpg"


# ---- 5. after a teach, "Pre-label again" offers the set just taught --------------------------------------------------
def test_pre_label_again_offers_the_set_just_taught_and_asks_plainly(network, monkeypatch, tmp_path):
    root = _dataset({"a.jpg": ("1m",), "b.jpg": ("1m",), "c.jpg": ("1m",)}, accepted=("a.jpg",))
    folder = _taught_set(tmp_path, monkeypatch, root, job=True)
    later = time.time() + 60  # taught after the photos were pre-labelled
    os.utime(folder / "tileset.json", (later, later))
    at = _ok(from_address("ja", dataset="club-photos"))
    assert at.selectbox(key="label_redo_with").value == "tileset:club-set"
    hint = " ".join(i.value for i in at.info)
    assert "club-set" in hint and "2枚" in hint, hint
    at.button(key="label_redo").click().run()
    asked = " ".join(w.value for w in at.warning)
    assert "牌セット「club-set」で下書きし直しますか" in asked and "覚えさせた牌セット:" not in asked, asked


def test_no_hint_once_the_photos_were_pre_labelled_after_the_teach(network, monkeypatch, tmp_path):
    root = _dataset({"a.jpg": ("1m",), "b.jpg": ("1m",)})
    folder = _taught_set(tmp_path, monkeypatch, root, job=True)
    earlier = time.time() - 600
    os.utime(folder / "tileset.json", (earlier, earlier))
    at = _ok(from_address("ja", dataset="club-photos"))
    assert not any("club-set" in i.value for i in at.info)


# ---- 6. photos named as code -----------------------------------------------------------------------------------------
def test_undo_help_and_duplicates_name_the_photo_as_code(network, monkeypatch):
    from app.components import resources

    _dataset({"IMG_7001.jpg": ("1m", "5m")})
    at = _ok(from_address("ja", dataset="club-photos"))
    next(s for s in at.selectbox if (s.key or "").startswith("label_box_pick_")).set_value(0).run()
    at.button(key="label_delete").click().run()
    _ok(at)
    assert "`IMG_7001.jpg`" in at.button(key="label_undo").help
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: None)
    photo = (Path(os.environ["TILELENS_HOME"]) / "datasets/club-photos/images/train/IMG_7001.jpg").read_bytes()
    at.file_uploader(key="label_upload_add_0").set_value([("IMG_7001.jpg", photo, "image/jpeg")])
    at.button(key="label_add").click().run()
    _ok(at)
    assert any("`IMG_7001.jpg`" in w.value for w in at.warning), [w.value for w in at.warning]


# ---- 7. Undo of a removal leaves no empty folder behind --------------------------------------------------------------
def test_undo_of_a_removal_leaves_no_empty_folder(network):
    from app.settings import datasets_dir

    root = _dataset({"a.jpg": ("1m",), "b.jpg": ("1m",)})
    at = _ok(from_address("ja", dataset="club-photos", photo="images/train/a.jpg"))
    at.button(key="label_remove_photo").click().run()
    at.button(key="label_remove_photo_yes").click().run()
    removed = datasets_dir().parent / "removed"
    assert list(removed.rglob("a.jpg"))
    at.button(key="label_removed_undo").click().run()
    _ok(at)
    assert (root / "images/train/a.jpg").is_file()
    assert not removed.exists() or not [p for p in removed.rglob("*")], list(removed.rglob("*"))
