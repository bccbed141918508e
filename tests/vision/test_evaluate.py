"""``tilelens eval``: loading labelled sets, scoring systems, the table, and the command end to end."""
import json
from pathlib import Path

import numpy as np
import pytest

from vision.detections import Detections
from vision.eval_data import EvalDataError, load_eval_set
from vision.eval_errors import how_seen
from vision.eval_metrics import DetectionTally
from vision.evaluate import Reading, _fmt, evaluate, evaluate_with_errors, format_table, main

DATA = Path(__file__).parent / "data" / "detector"


def test_ultralytics_folder_with_names_gives_kinds_and_detector_classes():
    items = load_eval_set(str(DATA))
    assert [i.image_path.name for i in items] == ["hk-1.jpg", "hk-2.jpg", "hk-3.jpg"]
    assert sum(len(i.truth) for i in items) == 54
    assert set(items[0].truth.class_id.tolist()) == {0}
    assert len(items[0].kinds) == len(items[0].truth) and items[0].kinds[0] == "6m"


def test_synthetic_set_truth_comes_from_its_scene_records(tmp_path):
    from vision.synth import make_dataset

    make_dataset("tokyo-mahjong", 2, tmp_path / "s", seed=3, imgsz=128, val_fraction=0.5, workers=1,
                 progress=False)
    items = load_eval_set(str(tmp_path / "s"))
    records = [json.loads(line) for line in (tmp_path / "s" / "scenes.jsonl").read_text().splitlines()]
    assert len(items) == 2 and all(i.image_path.is_file() for i in items)
    for item, rec in zip(items, records):
        assert list(item.kinds) == ["back" if t["is_back"] else t["tile_id"] if t["face_shown"] >= 0.5
                                    else "tile" for t in rec["tiles"]]
        assert item.truth.class_id.tolist() == [int(t["is_back"]) for t in rec["tiles"]]
        assert list(item.visible) == [t["visible"] for t in rec["tiles"]] and item.layout == rec["layout"]
    # a folder of sets is the union of its sets
    assert len(load_eval_set(str(tmp_path))) == 2


def test_real_photos_carry_no_visibility_or_layout():
    item = load_eval_set(str(DATA))[0]
    assert item.visible is None and item.layout is None


def test_unknown_data_is_a_clear_error(tmp_path):
    with pytest.raises(EvalDataError, match="not hk-heldout"):
        load_eval_set(str(tmp_path / "nowhere"))
    (tmp_path / "images").mkdir()
    with pytest.raises(EvalDataError, match="no labelled images"):
        load_eval_set(str(tmp_path))


def test_a_misspelt_built_in_set_is_answered_with_the_near_one(tmp_path, monkeypatch, capsys):
    """`--data hk-heldot` was "not hk-heldout, a data.yaml, or a folder ..." with no word of the near name."""
    from tilelens.cli import main as tilelens

    monkeypatch.chdir(tmp_path)  # no folder of that name here
    assert tilelens(["eval", "--data", "hk-heldot", "--game", "tokyo-mahjong"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith("(did you mean: hk-heldout?)")
    with pytest.raises(EvalDataError) as far:  # a path that is no set's name gets no guess
        load_eval_set(str(tmp_path / "nowhere"))
    assert "did you mean" not in str(far.value)


class Oracle:
    """A system that reads the truth back, except for the kinds it is told to get wrong."""

    name = "oracle"
    note = ""

    def __init__(self, items, wrong=()):
        self.by_path = {i.image_path: i for i in items}
        self.wrong = set(wrong)

    def read(self, path):
        item = self.by_path[path]
        det = Detections(item.truth.xyxy, np.full(len(item.truth), 0.9), item.truth.class_id)
        kinds = ["9s" if k in self.wrong else k for k in item.kinds]
        return Reading(0.01, det, kinds, det)


def test_a_perfect_reader_scores_one_everywhere():
    items = load_eval_set(str(DATA))
    row = evaluate(items, Oracle(items))
    assert row["images"] == 3 and row["tiles"] == 54
    assert row["precision"] == row["recall"] == row["map50"] == row["map50_95"] == 1.0
    assert row["identity"] == 1.0 and row["hand_exact"] == 1.0
    assert row["latency_p50_ms"] == pytest.approx(10.0)


def test_wrong_kinds_lower_identity_and_hand_exact_but_not_detection():
    items = load_eval_set(str(DATA))
    wrong = items[2].kinds[0]  # every tile of this kind is misread
    n_wrong = sum(k == wrong for i in items for k in i.kinds)
    row = evaluate(items, Oracle(items, wrong=[wrong]))
    assert row["map50"] == 1.0
    assert row["identity"] == pytest.approx(1 - n_wrong / 54)
    hands_hit = sum(wrong in i.kinds for i in items)
    assert row["hand_exact"] == pytest.approx(1 - hands_hit / 3)


def _with_hidden_faces(tmp_path, hidden: int):
    """The sample photos with the first ``hidden`` tiles of the first photo labelled ``tile``: faces
    nobody can read."""
    import shutil

    import yaml

    data = yaml.safe_load((DATA / "data.yaml").read_text())
    names = list(data["names"].values()) if isinstance(data["names"], dict) else list(data["names"])
    for sub in ("images", "labels"):
        shutil.copytree(DATA / sub, tmp_path / sub)
    first = sorted((tmp_path / "labels").glob("*.txt"))[0]
    lines = first.read_text().splitlines()
    lines = [f"{len(names)} " + line.split(" ", 1)[1] for line in lines[:hidden]] + lines[hidden:]
    first.write_text("\n".join(lines) + "\n")
    (tmp_path / "data.yaml").write_text(yaml.safe_dump({"path": str(tmp_path), "train": "images",
                                                        "val": "images", "names": names + ["tile"]}))
    return load_eval_set(str(tmp_path / "data.yaml"))


def test_a_face_nobody_can_read_is_found_but_its_name_is_not_scored(tmp_path):
    items = _with_hidden_faces(tmp_path, 2)
    assert items[0].kinds[:2] == ("tile", "tile") and items[0].truth.class_id[:2].tolist() == [0, 0]
    row = evaluate(items, Oracle(items, wrong=["tile"]))  # reads the hidden faces as 9s
    assert row["identity"] == 1.0 and row["hand_exact"] == 1.0 and row["unreadable"] == 2
    assert row["recall"] == 1.0 and row["tiles"] == 54  # detection still counts their boxes

    class Blind(Oracle):  # does not even find the hidden tiles
        def read(self, path):
            r = super().read(path)
            keep = np.array([k != "tile" for k in self.by_path[path].kinds])
            det = Detections(r.kept.xyxy[keep], r.kept.confidence[keep], r.kept.class_id[keep])
            return Reading(r.seconds, det, [k for k, y in zip(r.kinds, keep) if y], det)

    row = evaluate(items, Blind(items))
    assert row["identity"] == 1.0 and row["recall"] == pytest.approx(52 / 54)
    assert row["hand_exact"] == pytest.approx(2 / 3)  # a hand read with a tile missing is not exact


def test_a_hidden_face_missed_and_a_stray_box_elsewhere_is_no_exact_hand(tmp_path):
    """The counts matched (one tile missed, one box too many), so the photo was counted exact."""
    items = _with_hidden_faces(tmp_path, 1)

    class Swaps(Oracle):  # misses the hidden tile, and boxes a patch of table far from every tile
        def read(self, path):
            r = super().read(path)
            keep = np.array([k != "tile" for k in self.by_path[path].kinds])
            stray = np.array([[0.0, 0.0, 3.0, 3.0]]) if not keep.all() else np.zeros((0, 4))
            xyxy = np.concatenate([r.kept.xyxy[keep], stray])
            det = Detections(xyxy, np.concatenate([r.kept.confidence[keep], np.full(len(stray), 0.9)]),
                             np.concatenate([r.kept.class_id[keep], np.zeros(len(stray), int)]))
            return Reading(r.seconds, det, [k for k, y in zip(r.kinds, keep) if y] + ["1m"] * len(stray), det)

    row, errors = evaluate_with_errors(items, Swaps(items))
    assert row["identity"] == 1.0 and row["hand_exact"] == pytest.approx(2 / 3)
    (photo,) = errors.values()
    assert sorted(e.what for e in photo[1]) == ["extra", "missed"]


def test_figures_with_nothing_to_be_a_share_of_are_none_not_zero_or_nan():
    """A set with no truth box gave mAP NaN (bare NaN in --json, which JSON parsers refuse) and recall 0."""
    tally = DetectionTally()
    tally.add(Detections(np.array([[0.0, 0, 5, 5]]), np.array([0.9]), np.array([0])), Detections.empty())
    s = tally.summary()
    assert s["recall"] is None and s["map50"] is None and s["map50_95"] is None and s["precision"] == 0.0
    assert DetectionTally().summary()["precision"] is None
    assert "NaN" not in json.dumps(s) and _fmt(None) == "-"


def test_table_has_a_header_and_a_row_per_system():
    row = {"images": 3, "tiles": 52, "precision": 0.5, "recall": 1.0, "map50": 0.75, "map50_95": 0.5,
           "identity": None, "hand_exact": None, "latency_p50_ms": 12.345, "latency_p95_ms": 20.0}
    text = format_table({"a": row, "b": row})
    lines = text.splitlines()
    assert lines[0].split()[:4] == ["system", "images", "tiles", "P"]
    assert lines[1].split()[0] == "a" and "0.750" in lines[1] and "12.3" in lines[1] and " - " in lines[1]


def test_eval_command_on_real_samples_with_the_committed_detector(capsys):
    argv = ["--data", str(DATA), "--json"]
    if pytest.importorskip("mahjong_detector"):
        argv += ["--compare", "mahjong-detector"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    ours = out["rows"]["tilelens"]
    assert ours["tiles"] == 54 and ours["recall"] >= 0.9 and ours["map50"] >= 0.9
    theirs = out["rows"]["mahjong-detector"]
    # it names tiles (mpsz after mapping), so identity is measured; it never saw these photos' style
    assert theirs["tiles"] == 54 and 0.0 <= theirs["identity"] <= 1.0


def test_each_photo_not_read_exactly_says_what_went_wrong():
    from vision.evaluate import evaluate_with_errors

    items = load_eval_set(str(DATA))
    wrong = items[2].kinds[0]
    first, second = items[0], items[1]
    w, h = second.truth.xyxy[0, 2:] - second.truth.xyxy[0, :2]

    class Sloppy(Oracle):
        """Misreads one kind; in the first photo drops a tile and adds a stray box; in the second boxes a
        tile half its width off to the right (IoU 1/3)."""

        def read(self, path):
            r = super().read(path)
            xyxy, kinds = r.kept.xyxy.copy(), list(r.kinds)
            if path == first.image_path:
                xyxy, kinds = np.vstack([xyxy[1:], [[0, 0, 9, 5]]]), kinds[1:] + ["7z"]
            elif path == second.image_path:
                xyxy[0, [0, 2]] += w / 2
            else:
                return r
            det = Detections(xyxy, np.full(len(xyxy), 0.5), np.zeros(len(xyxy), int))
            return Reading(r.seconds, det, kinds, det)

    row, by_photo = evaluate_with_errors(items, Sloppy(items, wrong=[wrong]))
    assert set(by_photo) == {str(i.image_path) for i in items}
    assert row["hand_exact"] == 0.0
    errors = {path: [str(e) for e in errs] for path, (_, errs) in by_photo.items()}
    fw, fh = first.truth.xyxy[0, 2:] - first.truth.xyxy[0, :2]
    assert f"missed {first.kinds[0]} ({fw:.0f}x{fh:.0f} px)" in errors[str(first.image_path)]
    assert "extra box read as 7z (9x5 px, detection 0.50)" in errors[str(first.image_path)]
    # a box off its tile is one error, not a tile missed plus a stray box
    loose = [e for e in errors[str(second.image_path)] if "boxed loosely" in e]
    assert loose == [f"{second.kinds[0]} boxed loosely (IoU 0.33, read as {second.kinds[0]}) ({w:.0f}x{h:.0f} px)"]
    assert not any(e.startswith(("missed", "extra")) for e in errors[str(second.image_path)])
    third = errors[str(items[2].image_path)]
    assert third[0].startswith(f"{wrong} read as 9s (")
    assert len(third) == sum(k == wrong for k in items[2].kinds)
    assert by_photo[str(first.image_path)][0] is first.truth


def test_photos_read_wrong_are_told_apart_by_whether_a_person_would_notice():
    from vision.evaluate import evaluate_with_errors, wrong_summary

    items = load_eval_set(str(DATA))
    first, second, third = items

    class Marking(Oracle):
        """Drops a tile of the first photo; misreads the first tile of the second photo unsure (0.4) and
        of the third sure (0.9); every other name at 0.95."""

        def read(self, path):
            r = super().read(path)
            kinds, sure = list(r.kinds), [0.95] * len(r.kinds)
            det = r.kept
            if path == first.image_path:
                det, kinds, sure = r.kept[1:], kinds[1:], sure[1:]
            else:
                kinds[0], sure[0] = ("9s", 0.4) if path == second.image_path else ("9s", 0.9)
            return Reading(r.seconds, det, kinds, r.ranked, sure)

    row, by_photo = evaluate_with_errors(items, Marking(items))
    assert (row["wrong_count"], row["wrong_marked"], row["wrong_unmarked"]) == (1, 1, 1)
    assert [how_seen(by_photo[str(i.image_path)][1]) for i in items] == ["wrong count", "marked", "nothing marked"]
    [unsure] = by_photo[str(second.image_path)][1]
    [sure] = by_photo[str(third.image_path)][1]
    assert unsure.marked and unsure.confidence == 0.4 and str(unsure).endswith(", confidence 0.40)")
    assert not sure.marked and not by_photo[str(first.image_path)][1][0].marked  # a miss is never marked
    assert wrong_summary(row).startswith("of the 3 photos not read exactly, 1 read a wrong number of tiles")
    assert wrong_summary(row).endswith("1 is wrong with nothing marked")
    # a reader that gives no confidence per name marks nothing, and says nothing about it
    row = evaluate(items, Oracle(items, wrong=[third.kinds[0]]))
    assert row["wrong_count"] == 0 and row["wrong_marked"] is row["wrong_unmarked"] is None
    assert wrong_summary(row) == ""
    import doctest

    import vision.evaluate

    assert doctest.testmod(vision.evaluate).failed == 0


def test_eval_command_lists_the_photos_not_read_exactly(capsys):
    assert main(["--data", str(DATA), "--tileset", "hk-mahjong", "--errors"]) == 0
    out = capsys.readouterr().out
    row = out.splitlines()[2].split()
    exact = float(row[8])
    listed = [line for line in out.splitlines() if line.startswith("  ") and ".jpg: " in line]
    assert f"{len(listed)} of 3 photos not read exactly" in out
    # each says how a person would meet it, as the summary line counts them
    tags = [line.split(".jpg: ", 1)[1].split("]", 1)[0] for line in listed]
    assert all(t in ("[wrong count", "[marked", "[nothing marked") for t in tags)
    assert len(listed) == round(3 * (1 - exact))


def test_errors_dir_draws_each_photo_not_read_exactly(tmp_path, capsys):
    import cv2

    from vision.eval_errors import COLOURS, MISNAMED, ReadError, draw_errors

    item = load_eval_set(str(DATA))[0]
    image = cv2.imread(str(item.image_path))
    x1, y1, x2, y2 = item.truth.xyxy[0].astype(int)
    drawn = draw_errors(image, item.truth, [ReadError(MISNAMED, tuple(item.truth.xyxy[0]), "1m", "2m")])
    scale = drawn.shape[1] / image.shape[1]  # small photos are enlarged for legible captions
    assert scale >= 1 and drawn.shape[0] == round(image.shape[0] * scale)
    edge = drawn[int((y1 + y2) / 2 * scale), int(x2 * scale) - 1]  # the right edge of the error's box
    assert tuple(int(v) for v in edge) == COLOURS[MISNAMED]
    assert (image == cv2.imread(str(item.image_path))).all()  # the photo itself is untouched

    out = tmp_path / "errors"
    assert main(["--data", str(DATA), "--tileset", "hk-mahjong", "--errors-dir", str(out)]) == 0
    text = capsys.readouterr().out
    pictures = sorted(out.glob("*.jpg"))
    row = text.splitlines()[2].split()
    assert len(pictures) == round(3 * (1 - float(row[8])))
    assert f"{len(pictures)} picture{'' if len(pictures) == 1 else 's'} of the photos not read exactly in {out}" in text
    assert all(cv2.imread(str(p)) is not None for p in pictures)


def test_errors_dir_that_cannot_be_a_folder_is_one_clear_message(tmp_path, capsys):
    from tilelens.cli import main as tilelens

    taken = tmp_path / "file"
    taken.write_text("not a folder")
    assert tilelens(["eval", "--data", str(DATA), "--tileset", "hk-mahjong", "--errors-dir", str(taken)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write pictures to {taken}" in err and "Traceback" not in err


def test_errors_dir_that_cannot_be_a_folder_is_said_before_any_photo_is_read(tmp_path, capsys, monkeypatch):
    """It was said only after every photo had been read (the 119 held-out photos: half a minute lost)."""
    import vision.evaluate as evaluate_module
    from tilelens.cli import main as tilelens

    def never(*args, **kwargs):
        raise AssertionError("the photos were read before the pictures' folder was known to be writable")

    monkeypatch.setattr(evaluate_module, "evaluate_with_errors", never)
    taken = tmp_path / "file"
    taken.write_text("not a folder")
    assert tilelens(["eval", "--data", str(DATA), "--tileset", "hk-mahjong", "--errors-dir", str(taken)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"tilelens eval: cannot write pictures to {taken}: File exists (a file is where a folder must go)"]


def test_a_face_box_synthetic_set_is_scored_against_the_face_boxes_it_labels(tmp_path):
    """`tilelens eval DIR` took each whole tile's box as the truth of a `--box face` set: a detector giving
    exactly its label boxes overlapped the truth 0.61 on average, 16% under 0.5."""
    from vision.synth import make_dataset

    make_dataset("nogizaka", 2, tmp_path / "s", seed=3, imgsz=160, val_fraction=0.5, workers=1, progress=False,
                 box="face")
    for item in load_eval_set(str(tmp_path / "s")):
        label = (item.image_path.parent.parent.parent / "labels" / item.image_path.parent.name /
                 f"{item.image_path.stem}.txt").read_text().split("\n")
        xywhn = np.array([[float(v) for v in line.split()[1:]] for line in label if line.strip()])
        w, h = 160, 160
        boxes = np.stack([(xywhn[:, 0] - xywhn[:, 2] / 2) * w, (xywhn[:, 1] - xywhn[:, 3] / 2) * h,
                          (xywhn[:, 0] + xywhn[:, 2] / 2) * w, (xywhn[:, 1] + xywhn[:, 3] / 2) * h], 1)
        assert len(boxes) == len(item.truth)
        np.testing.assert_allclose(np.sort(item.truth.xyxy, 0), np.sort(boxes, 0), atol=0.6)


def test_split_picks_the_part_of_a_synthetic_set_as_of_a_data_yaml(tmp_path):
    """`tilelens eval --data SYNTH_FOLDER --split val` read every photo of the set, the split unheeded."""
    from vision.synth import make_dataset

    make_dataset("nogizaka", 4, tmp_path / "s", seed=3, imgsz=128, val_fraction=0.5, workers=1, progress=False)
    records = [json.loads(line) for line in (tmp_path / "s" / "scenes.jsonl").read_text().splitlines()]
    for split in ("train", "val"):
        want = [tmp_path / "s" / r["image"] for r in records if r["split"] == split]
        assert want and [i.image_path for i in load_eval_set(str(tmp_path / "s"), split)] == want
    assert len(load_eval_set(str(tmp_path / "s"))) == 4  # no split named: the whole set, held out as a whole
    with pytest.raises(EvalDataError, match=r"no 'test' split \(it has: train, val\)"):
        load_eval_set(str(tmp_path / "s"), "test")


def test_a_data_yaml_whose_labels_name_no_kinds_says_why_identity_is_not_measured(tmp_path, capsys):
    """The data.yaml `tilelens synth` names labels its boxes tile/back only: identity was "-" unexplained."""
    from vision.synth import make_dataset

    yaml_path = make_dataset("nogizaka", 2, tmp_path / "s", seed=3, imgsz=160, val_fraction=0.5, workers=1,
                             progress=False)
    assert main(["--data", str(yaml_path), "--game", "nogizaka"]) == 0
    out = capsys.readouterr().out
    assert "identity and hand_exact not measured: the labels name no tile kinds (classes: tile, back)" in out
    assert f"--data {tmp_path / 's'}" in out  # the set's folder, whose scenes name each tile


def test_split_with_a_built_in_set_is_refused_not_unheeded():
    """`--data hk-heldout --split train` read the held-out photos all the same."""
    with pytest.raises(EvalDataError, match="hk-heldout is one part of the real photos already.*hk-enroll"):
        main(["--data", "hk-heldout", "--tileset", "hk-mahjong", "--split", "train"])
    assert len(load_eval_set("hk-heldout", "val")) == len(load_eval_set("hk-heldout"))  # as benchmarks call it


def test_eval_json_writes_names_as_they_are(tmp_path, capsys):
    """Every other command's --json writes UTF-8 as written; eval's escaped a Japanese folder name as \\uXXXX."""
    import shutil

    data = tmp_path / "写真"
    shutil.copytree(DATA, data)
    assert main(["--data", str(data), "--json", "--limit", "1"]) == 0
    out = capsys.readouterr().out
    assert "写真" in out and json.loads(out)["data"] == str(data)
