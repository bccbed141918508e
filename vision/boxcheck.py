"""Box check: a second look at each box the detector keeps.

A small network, the same for every game and tile set, says whether a box holds a tile face, a tile back,
or neither: a pattern of the table cloth that looks like a row of backs, the halves of two neighbouring
tiles, a shadow. ``Recognizer.read`` drops the boxes it calls ``none`` with probability at least the
threshold stored in the model's JSON (``notes.none_threshold``). Of two face boxes one of which lies
mostly inside the other (a flower's stalk taken for a tile's edge splits a tile in two; a meld tile
lying flat is boxed twice), it keeps the surer (``faces_not_nested``).

It learns from the detector's own mistakes. ``harvest`` runs the shipped detector over labelled photos it
never trained on, at a low threshold: its boxes that overlap a labelled tile with IoU >= 0.5 are ``tile``
or ``back`` (the class of that tile), the others are ``none``; the labelled boxes themselves add more
``tile`` and ``back``. A photo set whose labels miss some tiles (the real Hong Kong photos leave the
discards unlabelled) gives positives only.

    tilelens train boxcheck --data A/data.yaml --data B/data.yaml --positives H/data.yaml --minutes 20
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from scorer.result import TilelensInputError, cli_lang, said_in
from vision.classifier import Classifier, ClassifierSpec, crop_boxes, softmax
from vision.cli_args import box_margin, named_path, positive_float, positive_int, probability
from vision.cropset import CONTEXT, CropDataError, CropSet, labelled_photos, run_crops, yolo_images, yolo_names
from vision.detections import Detections, box_iou, without_nested
from vision.data_yaml import data_yaml_path

CLASSES = ("tile", "back", "none")
HARVEST_CONF = 0.05  # well below the detector's own threshold: the check also sees the boxes it nearly kept
MATCH_IOU = 0.5      # as in `tilelens eval`: a box that overlaps no labelled tile this much is an extra
DEFAULT_THRESHOLD = 0.7  # chosen on synthetic validation photos (models/MODEL_CARD.md)
# A face box lying this much inside another face box (intersection over the smaller box) is one tile seen
# twice: the less sure of the two goes (``faces_not_nested``).
NESTED = 0.7


class BoxCheckError(TilelensInputError):
    """A box-check model or training request that cannot be used."""


# What harvesting and `tilelens train boxcheck` print, in each language (``scorer.result.cli_lang``:
# ``TILELENS_LANG=ja`` or a Japanese locale).
WORDS = {"en": {"bar": "harvesting boxes", "crops": "box check: {n} crops {counts}",
                "val": "box check: validation accuracy {acc:.4f}", "exported": "box check exported to {path}",
                "no_photos": "no labelled photos found to harvest boxes from",
                "no_data": "--data DATA_YAML is required (labelled photos with every tile labelled)",
                "no_resume": "nothing to resume: {path} does not exist"},
         "ja": {"bar": "枠を集め中", "crops": "枠のチェック: 切り抜き {n}枚 {counts}",
                "val": "枠のチェック: 検証の正解率 {acc:.4f}", "exported": "枠のチェックのモデルを {path} に書き出しました",
                "no_photos": "枠を集めるラベル付きの写真がありません",
                "no_data": "--data DATA_YAML を指定してください (すべての牌にラベルを付けた写真)",
                "no_resume": "再開する学習がありません: {path} がありません"}}


_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in, by default in the command line's language


def _error(cls, key: str, **values) -> TilelensInputError:
    """``cls`` saying ``WORDS[...][key]`` in English and Japanese."""
    return cls(*(_said(key, lang, **values) for lang in ("en", "ja")))


def harvest(images: list[Path], names: list[str], detector, size: int = 64, negatives: bool = True,
            keep_matched: float = 0.5, conf: float = HARVEST_CONF, seed: int = 0,
            progress: bool = True) -> CropSet:
    """Crops (with context, ``size`` px) labelled over ``CLASSES`` from labelled photos: every labelled
    box, a share ``keep_matched`` of the detector boxes that match one, and (with ``negatives``) every
    detector box that matches none. ``names`` are the data set's class names (``back`` is a back, any
    other name a face)."""
    is_back = np.array([n == "back" for n in names])
    rng = np.random.default_rng(seed)
    crops, labels, groups = [], [], []
    for path, image, cls, truth in labelled_photos(images, names, progress, desc=_said("bar")):
        kind = np.where(is_back[cls], 1, 0) if len(cls) else np.zeros(0, np.int64)
        det = detector.detect(image, conf=conf)
        iou = box_iou(det.xyxy, truth) if len(det) and len(truth) else np.zeros((len(det), len(truth)))
        best = iou.max(1) if len(truth) else np.zeros(len(det))
        match = iou.argmax(1) if len(truth) else np.zeros(len(det), np.int64)
        hit = best >= MATCH_IOU
        take_hit = hit & (rng.random(len(det)) < keep_matched)
        take_miss = ~hit if negatives else np.zeros(len(det), bool)
        boxes = np.concatenate([truth, det.xyxy[take_hit], det.xyxy[take_miss]])
        lab = np.concatenate([kind, kind[match[take_hit]] if len(truth) else np.zeros(0, np.int64),
                              np.full(int(take_miss.sum()), 2)]).astype(np.int64)
        if len(boxes) == 0:
            continue
        crops.append(crop_boxes(image, boxes, size, margin=0.0, context=CONTEXT))
        labels.append(lab)
        groups += [str(path)] * len(lab)
    if not groups:
        raise _error(CropDataError, "no_photos")
    return CropSet(np.concatenate(crops), np.concatenate(labels), list(CLASSES), np.array(groups))


@dataclass
class BoxCheck:
    """A loaded box-check model and its threshold on ``p(none)``."""

    classifier: Classifier
    threshold: float = DEFAULT_THRESHOLD

    @classmethod
    def load(cls, path: str | Path, threads: int | None = None) -> BoxCheck:
        """Load ``X.onnx`` + ``X.json``; the JSON must name the classes ``tile``, ``back``, ``none``."""
        clf = Classifier.load_of(path, CLASSES, "a box-check model", BoxCheckError, threads)
        return cls(clf, float(clf.spec.notes.get("none_threshold", DEFAULT_THRESHOLD)))

    def none_prob(self, image: np.ndarray, xyxy: np.ndarray) -> np.ndarray:
        """``p(none)`` for each box ``xyxy`` (original-image pixels) of a BGR image."""
        xyxy = np.asarray(xyxy, np.float32).reshape(-1, 4)
        if len(xyxy) == 0:
            return np.zeros(0, np.float32)
        spec = self.classifier.spec
        raw = self.classifier.run(crop_boxes(image, xyxy, spec.crop_size, spec.margin))
        return softmax(raw["kind"])[:, spec.classes.index("none")]

    def keeps(self, p_none: np.ndarray) -> np.ndarray:
        """Which boxes it keeps (bool per box), from their ``p(none)``: those it does not call ``none``."""
        return np.asarray(p_none) < self.threshold

    def filter(self, image: np.ndarray, det: Detections) -> Detections:
        """The boxes of ``det`` it does not call ``none`` (:meth:`keeps`), each with ``data["box"] = 1 -
        p(none)``; of two face boxes one of which lies mostly inside the other, the one less sure to hold a
        tile (detector confidence x box confidence) goes too (:func:`faces_not_nested`)."""
        p_none = self.none_prob(image, det.xyxy)
        det = Detections(det.xyxy, det.confidence, det.class_id, {**det.data, "box": 1.0 - p_none})
        det = det[self.keeps(p_none)]
        return det[faces_not_nested(det, det.confidence * det.data["box"])]


# `tilelens train boxcheck`'s help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name:
# one line for each of the English ones in ``train_main``, kept in step with them.
TRAIN_HELP_JA = {
    "--data": "ラベルにすべての牌がある、ラベル付きの写真 (data.yaml): 正例と負例の両方",
    "--positives": "ラベルに抜けた牌があるかもしれない、ラベル付きの写真: 正例だけ",
    "--val": "測るためのラベル付きの写真",
    "--detector": "枠を集める検出器の ONNX (指定がなければ同梱のもの)",
    "--out": "実行のフォルダ (指定がなければ runs/boxcheck)",
    "--onnx": "モデルの置き場所 (指定がなければ OUT/boxcheck.onnx。--onnx models/boxcheck.onnx で同梱のものを置き換え"
              "ます)",
    "--minutes": "学習時間 (分。指定がなければ 20)",
    "--crop-size": "読む切り抜きの一辺のピクセル数 (指定がなければ 32)",
    "--margin": "枠のまわりに含める範囲。枠の大きさに対する割合 (指定がなければ 0.3)",
    "--threshold": f"枠を捨てる、「牌でない」確率 p(none) のしきい値 (指定がなければ {DEFAULT_THRESHOLD:g})",
    "--resume": "--out の学習を、集めた切り抜きで続けます (その学習の --data、--positives、--detector、--crop-size、"
                "--margin のまま。--minutes は全体の時間)",
}


def train_main(argv: list[str]) -> int:
    """``tilelens train boxcheck``: harvest boxes with the shipped detector, train, export ONNX + JSON."""
    from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split
    from scorer.cli import say_help_in_japanese

    p = UsageLinesParser(prog="tilelens train boxcheck", description=__doc__.splitlines()[0],
                         formatter_class=HelpFormatter)
    p.add_argument("--data", type=named_path("path"), action="append", default=[],
                   help="labelled photos (data.yaml) whose labels hold every tile: positives and negatives")
    p.add_argument("--positives", type=named_path("path"), action="append", default=[],
                   help="labelled photos whose labels may miss tiles: positives only")
    p.add_argument("--val", type=named_path("path"), action="append", default=[], help="labelled photos to measure on")
    p.add_argument("--detector", type=named_path("file"), help="detector ONNX whose boxes are harvested (default shipped)")
    p.add_argument("--out", type=named_path("folder"), default=Path("runs/boxcheck"), help="run folder (default runs/boxcheck)")
    p.add_argument("--onnx", type=named_path("file"), help="where the model goes (default OUT/boxcheck.onnx; "
                   "--onnx models/boxcheck.onnx replaces the shipped one)")
    p.add_argument("--minutes", type=positive_float, default=20.0, help="training time (default 20)")
    p.add_argument("--crop-size", type=positive_int, default=32, help="side in px of the crops it reads (default 32)")
    p.add_argument("--margin", type=box_margin, default=0.3, help="context around a box, as a share of its size "
                   "(default 0.3)")
    p.add_argument("--threshold", type=probability, default=DEFAULT_THRESHOLD, help="p(none) at which a box is dropped "
                   f"(default {DEFAULT_THRESHOLD:g})")
    p.add_argument("--resume", action="store_true", help="continue the run in --out, on the crops it harvested "
                   "(the run's own --data, --positives, --detector, --crop-size and --margin; --minutes: the "
                   "whole budget)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, TRAIN_HELP_JA, "枠の確認: 検出器が残した枠をそれぞれ、もう一度見ます。", None)
    a = p.parse_args(argv)
    from vision.classifier_train import TrainConfig, accuracy, check_resume, export, save_weights, say_afresh, \
        say_where_it_went, train  # torch: imported after --help and the options are read
    from vision.detector import Detector, default_model

    if not a.data:
        raise _error(BoxCheckError, "no_data")
    a.data, a.positives, a.val = ([data_yaml_path(f, BoxCheckError) for f in files]
                                  for files in (a.data, a.positives, a.val))
    a.onnx = a.onnx or a.out / "boxcheck.onnx"  # the shipped model is replaced only when asked
    cfg = TrainConfig(minutes=a.minutes, width=16, embed=64, rotation="any", strength=0.6)

    def spec_with(notes: dict) -> ClassifierSpec:
        return ClassifierSpec.for_classes(list(CLASSES), [{} for _ in CLASSES], crop_size=a.crop_size,
                                          margin=a.margin, name="boxcheck", notes=notes)

    if a.resume:  # said before minutes of harvesting, not after
        if not (a.out / "last.pt").is_file():
            raise _error(BoxCheckError, "no_resume", path=a.out / "last.pt")
        check_resume(a.out / "last.pt", spec_with({}), cfg)
    else:
        say_afresh(a.out / "last.pt")
    detector = Detector.load(a.detector, intra_threads=1)

    def collect(files: list[Path], negatives: bool, split: str = "train") -> CropSet:
        sets = [harvest(yolo_images(f, split), yolo_names(f), detector, negatives=negatives) for f in files]
        return CropSet.concat(sets)

    def harvested() -> CropSet:
        data = collect(a.data, True)
        return CropSet.concat([data, collect(a.positives, False)]) if a.positives else data

    sources = {"--data": a.data, "--positives": a.positives, "--detector": [a.detector or default_model()]}
    data = run_crops(a.out / "crops.npz", sources, a.resume, harvested, BoxCheckError)
    val = CropSet.concat([collect([f], True, "val") for f in a.val]) if a.val else None
    counts = dict(zip(CLASSES, data.counts().tolist()))
    print(_said("crops", n=len(data), counts=counts))
    spec = spec_with({"none_threshold": a.threshold, "crops": counts})
    started = time.time()
    try:
        model = train(data, spec, cfg, a.out, resume=a.resume, val=val)
    except KeyboardInterrupt:
        from vision.classifier_train import say_how_to_continue

        say_how_to_continue(argv, a.out / "last.pt", "boxcheck", 0.0 if a.resume else started)
        raise
    if val is not None:
        print(_said("val", acc=accuracy(model, val, spec)))
    save_weights(model, spec, a.out / "boxcheck.pt")
    print(_said("exported", path=export(model, spec, a.onnx)))
    say_where_it_went([a.onnx], "--onnx {models}/boxcheck.onnx", ["boxcheck.onnx"])
    return 0


def faces_not_nested(det: Detections, score: np.ndarray, inside: float = NESTED,
                     suppressors: np.ndarray | None = None) -> np.ndarray:
    """Which boxes to keep (bool per box): of two face boxes one of which lies at least ``inside`` within
    the other, the one with the lower ``score`` goes (``vision.detections.without_nested``; only
    ``suppressors``, default all, make another go). Backs are left alone: a wall's stacked backs do lie
    inside each other's boxes."""
    keep = np.ones(len(det), bool)
    faces = np.flatnonzero(det.class_id == 0)
    if len(faces) > 1:
        can = None if suppressors is None else np.asarray(suppressors, bool)[faces]
        keep[faces] = without_nested(det.xyxy[faces], np.asarray(score)[faces], inside, can)
    return keep
