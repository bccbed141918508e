"""Teaching a new set on a phone, the labelling core (session 56, f5): pre-labelling never proposes a kind the set
is said not to have (a red five becomes the plain five), the warning of such a box names the photo and the kind as
the dataset names it (no data.yaml, the command a sentence apart), teach warnings name a dataset's own kinds by its
names (秋, not f3), and an export says how many of its photos nobody checked (and can leave them out)."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import yaml
from PIL import Image

from scorer import load_game
from tilelens.labelling import Box
from tilelens.labelling import prelabel
from tilelens.labelling import checks
from tilelens.labelling.checks import check_dataset
from tilelens.labelling.store import set_done
from tilelens.labelling import transfer
from tilelens.labelling.transfer import Format, export_dataset

from label_helpers import make_dataset

TOKYO = tuple(t.id for t in load_game("tokyo-mahjong").tiles)


class RedFiveReader:
    """Proposes a red five of each suit, a white dragon whose second guess is the green one, and a 1m."""

    def read(self, image, source=None):
        h, w = image.shape[:2]

        def tile(i, kind, alternatives=()):
            return SimpleNamespace(xyxy=(0.1 * i * w, 0.2 * h, (0.1 * i + 0.08) * w, 0.8 * h), kind=kind,
                                   is_back=False, alternatives=alternatives)

        return SimpleNamespace(tiles=[tile(0, "0m"), tile(1, "0p"), tile(2, "0s"), tile(3, "1m"),
                                      tile(4, "5z", (("5z", 0.7), ("6z", 0.2), ("7z", 0.1)))])


def _hk_dataset(root: Path, absent: list[str]) -> None:
    """A dataset of tokyo-mahjong with its own flowers, the kinds ``absent`` said not in the set, and one loose photo."""
    root.mkdir(parents=True)
    names = list(TOKYO) + ["f3", "f7"]
    data = {"path": ".", "train": "images/train", "val": "images/train", "names": dict(enumerate(names)),
            "game": "tokyo-mahjong", "own_kinds": {"f3": "秋", "f7": "菊"}, "absent": absent}
    (root / "data.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (root / "images" / "train").mkdir(parents=True)
    Image.new("RGB", (200, 100), (10, 120, 60)).save(root / "IMG_8001.jpg")


def _kinds(root: Path, stem: str = "IMG_8001") -> list[str]:
    names = list(yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))["names"].values())
    return [names[int(line.split()[0])] for line in (root / "labels" / "train" / f"{stem}.txt").read_text().splitlines()]


# ---------------------------------------------------------------- 1. kinds said absent are never proposed

def test_prelabel_proposes_the_plain_five_for_a_red_five_the_set_does_not_have(tmp_path):
    root = tmp_path / "hk"
    _hk_dataset(root, ["0m", "0p", "0s", "5z"])
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=RedFiveReader(), progress=False)
    kinds = _kinds(root)
    assert kinds == ["5m", "5p", "5s", "1m", "6z"], kinds  # the variant, else the reader's next guess
    assert summary.tiles == 5 and summary.dropped_kinds == ()
    assert dict(summary.absent_as) == {"0m": "5m", "0p": "5p", "0s": "5s", "5z": "6z"}
    report = check_dataset(root)
    assert not [i for i in report.issues if "IMG_8001" in i.path], report.issues  # nothing to warn of


def test_a_set_with_its_red_fives_keeps_them(tmp_path):
    root = tmp_path / "riichi"
    _hk_dataset(root, [])
    prelabel.prelabel_folder(root, "tokyo-mahjong", reader=RedFiveReader(), progress=False)
    assert _kinds(root) == ["0m", "0p", "0s", "1m", "5z"]


def test_variants_are_said_by_the_tiles_attributes_only_where_they_name_one_tile():
    assert prelabel.variant_kinds("tokyo-mahjong") == {"0m": "5m", "0p": "5p", "0s": "5s"}
    assert prelabel.variant_kinds("cinderella-neo") == {}  # a tiara is no variant of another idol
    assert prelabel.variant_kinds("") == {}


def test_the_plain_fives_of_a_set_without_red_ones_hold_four(tmp_path):
    row = tuple(Box("5m", (0.1 * i, 0.2, 0.1 * i + 0.09, 0.8)) for i in range(4))
    make_dataset(tmp_path, {"images/train/a.jpg": ((200, 100), row)}, names=("5m", "0m"))
    assert [i.message for i in check_dataset(tmp_path).issues] == [
        "4 boxes of 5 Man (5m), a tokyo-mahjong set holds 3: are some labelled wrong?"]
    (tmp_path / "data.yaml").write_text((tmp_path / "data.yaml").read_text() + "absent: [0m]\n")
    assert check_dataset(tmp_path).issues == ()  # the red five's copy is a plain one in this set


# ---------------------------------------------------------------- 1. the warning of a kind said absent

def test_a_box_of_a_kind_said_absent_is_said_by_photo_and_name_without_data_yaml(tmp_path):
    boxes = (Box("0m", (0.1, 0.1, 0.2, 0.3)), Box("f3", (0.3, 0.1, 0.4, 0.3)))
    make_dataset(tmp_path, {"images/train/IMG_8001.jpg": ((200, 100), boxes)}, names=("1m", "0m", "f3"))
    data = yaml.safe_load((tmp_path / "data.yaml").read_text())
    data.update(own_kinds={"f3": "秋"}, absent=["0m", "f3"])
    (tmp_path / "data.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    flagged = [i for i in check_dataset(tmp_path).issues if "absent" in i.message]
    assert len(flagged) == 2 and all(i.is_error for i in flagged)  # errors since session 59: teach refuses them
    red, autumn = flagged
    for issue in flagged:
        assert "IMG_8001.jpg" in issue.message and "IMG_8001.jpg" in issue.message_ja
        assert "data.yaml" not in issue.message + issue.message_ja and "absent:" not in issue.message_ja
    assert "Red 5 Man" in red.message and "赤五萬" in red.message_ja
    assert "秋" in autumn.message and "秋" in autumn.message_ja
    # the command, a sentence of its own: there on the command line, dropped for a phone
    assert "--present 0m" in red.message and "--present 0m" in red.message_ja
    for text, lang in ((red.message, "en"), (red.message_ja, "ja")):
        short = checks.phone_text(text, lang)
        assert "tilelens" not in short and "`" not in short and short and text.startswith(short)
    assert checks.phone_text("no command here", "en") == "no command here"


# ---------------------------------------------------------------- 2. teach warnings name the dataset's own kinds

def test_coverage_warnings_name_a_datasets_own_kinds_by_its_names():
    from vision.enroll import coverage_warnings

    own = {"f3": "秋", "f7": "菊", "f1": "春"}
    classes, tiles = ["1m", "f1", "f3", "f7"], [9, 1, 0, 0]
    never, thin = coverage_warnings(classes, tiles, "tokyo-mahjong", japanese=True, own=own)
    assert "秋" in never and "菊" in never and "f3" not in never and "f7" not in never, never
    assert "春" in thin and "(f1" not in thin, thin
    never, thin = coverage_warnings(classes, tiles, "tokyo-mahjong", japanese=False, own=own)  # with ids in English
    assert "秋 (f3)" in never and "菊 (f7)" in never and "春 (f1)" in thin, (never, thin)
    # no name given (a kind added as f9 only): its id
    [never] = coverage_warnings(["1m", "f9"], [9, 0], "tokyo-mahjong", own={"f9": "f9"})
    assert "(f9)" in never


def test_enrolment_finds_the_own_names_of_the_dataset_a_teach_job_copied(tmp_path):
    from vision.enroll import own_kind_names

    root = tmp_path / "hk"
    _hk_dataset(root, [])
    assert own_kind_names(root / "data.yaml") == {"f3": "秋", "f7": "菊"}
    job = root / ".tilelens" / "teach"
    job.mkdir(parents=True)
    (job / "data.yaml").write_text(yaml.safe_dump({"path": str(root), "train": str(job / "photos.txt"),
                                                   "names": list(TOKYO) + ["f3", "f7"]}), encoding="utf-8")
    assert own_kind_names(job / "data.yaml") == {"f3": "秋", "f7": "菊"}
    assert own_kind_names(tmp_path / "nowhere") == {}


# ---------------------------------------------------------------- 3. an export says what nobody checked

def _checked_and_not(root: Path) -> None:
    make_dataset(root)  # a.jpg, b.png, c.jpg: all labelled
    set_done(root, "images/train/a.jpg")


def test_export_counts_the_photos_nobody_checked_and_says_so(tmp_path):
    root = tmp_path / "ds"
    _checked_and_not(root)
    result = transfer.export_with_summary(root, Format.COCO, tmp_path / "coco.json")
    assert (result.photos, result.unchecked, result.left_out_unchecked) == (3, 2, 0)
    coco = json.loads((tmp_path / "coco.json").read_text())
    assert sorted(im["tilelens_accepted"] for im in coco["images"]) == [False, False, True]
    en, ja = transfer.unchecked_line(result, "en"), transfer.unchecked_line(result, "ja")
    assert "2 of 3 photos" in en and "tilelens_accepted" in en and "--accepted-only" in en
    assert "3枚のうち2枚" in ja and "--accepted-only" in ja
    assert "--accepted-only" not in checks.phone_text(en, "en") and "--accepted-only" not in checks.phone_text(ja, "ja")
    # Label Studio: the unchecked ones are predictions to review
    result = transfer.export_with_summary(root, Format.LABELSTUDIO, tmp_path / "tasks.json")
    assert result.unchecked == 2 and "predictions" in transfer.unchecked_line(result, "en")
    tasks = json.loads((tmp_path / "tasks.json").read_text())
    assert sorted(bool(t.get("predictions")) for t in tasks) == [False, True, True]


def test_export_accepted_only_leaves_the_unchecked_photos_out(tmp_path):
    root = tmp_path / "ds"
    _checked_and_not(root)
    result = transfer.export_with_summary(root, Format.COCO, tmp_path / "coco.json", accepted_only=True)
    coco = json.loads((tmp_path / "coco.json").read_text())
    assert [im["file_name"] for im in coco["images"]] == ["images/train/a.jpg"]
    assert {a["image_id"] for a in coco["annotations"]} == {coco["images"][0]["id"]}
    assert (result.photos, result.unchecked, result.left_out_unchecked) == (1, 0, 2)
    assert "2" in transfer.unchecked_line(result, "en") and "left out" in transfer.unchecked_line(result, "en")
    assert "外しました" in transfer.unchecked_line(result, "ja")
    written, _ = export_dataset(root, Format.LABELSTUDIO, tmp_path / "tasks.json", accepted_only=True)
    tasks = json.loads((tmp_path / "tasks.json").read_text())
    assert [t["data"]["tilelens_path"] for t in tasks] == ["images/train/a.jpg"]


def test_an_export_of_checked_photos_only_says_nothing_of_unchecked(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    for photo in ("images/train/a.jpg", "images/train/b.png", "images/val/c.jpg"):
        set_done(root, photo)
    result = transfer.export_with_summary(root, Format.COCO, tmp_path / "coco.json")
    assert result.unchecked == 0 and transfer.unchecked_line(result, "en") == "" == transfer.unchecked_line(result, "ja")


def test_the_export_command_says_how_many_photos_were_unchecked(tmp_path, capsys):
    from label_helpers import run

    root = tmp_path / "ds"
    _checked_and_not(root)
    code, out, err = run(capsys, "label", "export", root, "--to", "coco", tmp_path / "coco.json")
    assert code == 0 and "2 of 3 photos" in out + err, (out, err)
    code, out, err = run(capsys, "label", "export", root, "--to", "coco", tmp_path / "only.json", "--accepted-only")
    assert code == 0, err
    assert len(json.loads((tmp_path / "only.json").read_text())["images"]) == 1
