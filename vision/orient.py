"""Which way up a hand stands: a small network that tells, tile by tile, whether a face stands upright or
upside down, and the vote of a hand's tiles on it.

A hand photographed from across the table (a scorer photographing the winner's hand from their own seat)
shows every tile upside down. The classifier names such tiles as well as upright ones (it learnt tiles
turned over too), and the detector finds most of them, but the reading then lists the hand from its
owner's right and shows it upside down: the winning tile the app offers (the last) is the owner's first,
and melds lie at the photo's left. A tile's name cannot tell which way up it was seen; its face can, for
most kinds: a character, an idol, a yokai has a top. This model learns exactly that, from the upright
tiles of rendered hand photos and the same crops turned half round (``tilelens train orient``), and
``Recognizer.read`` asks it about the tiles of every reading: when their vote
(:meth:`Orientation.upside_down`) says the hand stands upside down in the frame it was read in, the photo
is read again turned half round from that frame, where the tiles stand as their owner sees them.

Symmetric faces (a 1p, an 8p) say nothing either way and weigh little in the vote: it is the mean of each
tile's log odds, so a few sure tiles outweigh many unsure ones, and a hand of fewer than ``MIN_TILES``
faces is never turned.

The shipped model learnt rendered faces and hardly tells a real set's tiles upright from upside down (the
real Hong Kong photos vote about as surely one way as the other). ``tilelens enroll`` therefore trains a
tile set's own model from its enrolment crops (:func:`train_model`, a minute), with a lower threshold
(its votes are less sure than the rendered model's on renders: ``vision.enroll.ORIENT_THRESHOLD``).

    tilelens train orient --data A/data.yaml --data B/data.yaml --val C/data.yaml --minutes 12
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split
from scorer.cli import say_help_in_japanese
from scorer.result import TilelensInputError, cli_lang
from vision.classifier import Classifier, ClassifierSpec, crop_boxes, softmax
from vision.cli_args import box_margin, finite_float, named_path, positive_float
from vision.cropset import CropSet, Rows

CLASSES = ("upright", "upside_down")
MIN_TILES = 5  # a hand read with fewer faces than this is left as it was read
DEFAULT_THRESHOLD = 1.7  # mean log odds of "upside down" over a hand's faces at which it is turned round
CROP_SIZE = 40
MARGIN = 0.0  # the box itself: a margin shows the tile's sides and the rack, how the camera stood (model card)


class OrientationError(TilelensInputError):
    """An orientation model or training request that cannot be used."""


# What training the orientation model prints (``train_model``, also during `tilelens enroll`), in each language
# (``scorer.result.cli_lang``: ``TILELENS_LANG=ja`` or a Japanese locale).
WORDS = {"en": {"crops": "orientation: {n} crops",
                "val": "orientation: validation accuracy {acc:.4f} ({n} crops)",
                "exported": "orientation model exported to {path}"},
         # 牌の上下, as the Label page's teaching says this step (its log shows these lines)
         "ja": {"crops": "牌の上下のモデル: 切り抜き {n}枚",
                "val": "牌の上下のモデル: 検証の正解率 {acc:.4f} (切り抜き {n}枚)",
                "exported": "牌の上下のモデルを {path} に書き出しました"}}


@dataclass(frozen=True)
class Orientation:
    """A loaded orientation model and the vote's threshold (``notes.threshold`` of its JSON)."""

    classifier: Classifier
    threshold: float = DEFAULT_THRESHOLD

    @classmethod
    def load(cls, path: str | Path, threads: int | None = None) -> Orientation:
        """Load ``X.onnx`` + ``X.json``; the JSON must name the classes ``upright`` and ``upside_down``."""
        clf = Classifier.load_of(path, CLASSES, "an orientation model", OrientationError, threads)
        return cls(clf, float(clf.spec.notes.get("threshold", DEFAULT_THRESHOLD)))

    def p_upside_down(self, image: np.ndarray, xyxy: np.ndarray, quarters: int = 0) -> np.ndarray:
        """``p(upside down)`` of each face box ``xyxy`` (the photo's pixels) of a BGR photo, as seen in the
        photo turned ``quarters`` quarter turns anticlockwise (the frame a reading was made in:
        ``vision.level.quarter_turns``)."""
        xyxy = np.asarray(xyxy, np.float32).reshape(-1, 4)
        if len(xyxy) == 0:
            return np.zeros(0, np.float32)
        spec = self.classifier.spec
        crops = crop_boxes(image, xyxy, spec.crop_size, spec.margin)
        if quarters % 4:
            crops = np.ascontiguousarray(np.rot90(crops, quarters % 4, axes=(1, 2)))
        return softmax(self.classifier.run(crops)["kind"])[:, spec.classes.index("upside_down")]

    def upside_down(self, p: np.ndarray) -> bool:
        """Whether a hand whose faces have ``p(upside down)`` ``p`` stands upside down: ``MIN_TILES`` or more
        faces, and the mean of their log odds at least the threshold (:func:`vote`)."""
        return len(p) >= MIN_TILES and vote(p) >= self.threshold


def vote(p: np.ndarray) -> float:
    """The mean log odds of "upside down" over tiles with ``p(upside down)`` ``p`` (each clipped to
    1e-4 .. 1 - 1e-4, so that no one tile decides); 0 for none.

    >>> round(vote(np.array([0.9, 0.9, 0.5])), 3), vote(np.zeros(0))
    (1.465, 0.0)
    """
    p = np.clip(np.asarray(p, np.float64), 1e-4, 1 - 1e-4)
    return float(np.mean(np.log(p / (1 - p)))) if len(p) else 0.0


# The orientation model's crops as one array: the upright crops, then the same turned half round as they are read
# (:meth:`vision.cropset.Rows.both_ways`).
BothWays = Rows.both_ways


def both_ways(crops: CropSet) -> CropSet:
    """Upright crops labelled ``upright`` beside the same crops turned half round, labelled ``upside_down``
    (a half turn, never a mirror): :meth:`vision.cropset.Rows.both_ways`, each crop held once."""
    n = len(crops)
    return CropSet(Rows.both_ways(crops.images), np.repeat(np.arange(2), n), list(CLASSES),
                   np.concatenate([crops.groups, crops.groups]))


def face_crops(data_yaml: Path, size: int, split: str = "train") -> CropSet:
    """Crops (with context, ``size`` px) of the labelled faces of hand photos that stand upright (a set
    whose names are tile ids: backs and faces too hidden to read, ``tile``, are left out)."""
    from vision.cropset import from_yolo, yolo_images, yolo_names
    from vision.data_yaml import data_yaml_path

    data_yaml = data_yaml_path(data_yaml, OrientationError)
    faces = from_yolo(yolo_images(data_yaml, split), yolo_names(data_yaml), size=size).faces()
    return CropSet(faces.images, np.zeros(len(faces), np.int64), ["upright"], faces.groups)


def train_model(data: CropSet, out: Path, onnx: Path, minutes: float, threshold: float = DEFAULT_THRESHOLD,
                margin: float = MARGIN, val: CropSet | None = None, smoke: bool = False, resume: bool = False,
                name: str = "orient", progress: bool = True, on_progress=None, epochs: int | None = None,
                lang: str | None = None, shown_at: Path | None = None) -> Path:
    """Train an orientation model on ``data`` (:func:`both_ways` crops) for ``minutes`` (``epochs`` epochs
    instead when given; one epoch of a small network with ``smoke``), checkpointing in ``out``; export
    ``onnx`` + JSON (``notes.threshold``: the vote at which a hand is turned round) and ``out/orient.pt``.
    ``on_progress(fraction)`` as :func:`vision.classifier_train.train`'s. It speaks ``lang`` (default: the command
    line's, ``scorer.result.cli_lang``). ``shown_at``: the path its last line names for ``onnx`` (an enrolled set's,
    written in a hidden folder first and moved there)."""
    from vision.classifier_train import accuracy, export, save_weights, train

    words = WORDS[lang or cli_lang()]
    print(words["crops"].format(n=len(data)))
    spec = _spec(margin, name, {"threshold": threshold, "crops": len(data)})
    cfg = _config(minutes, smoke, epochs)
    model = train(data, spec, cfg, out, resume=resume, val=val, progress=progress, on_progress=on_progress,
                  lang=lang)
    if val is not None:
        print(words["val"].format(acc=accuracy(model, val, spec), n=len(val)))
    save_weights(model, spec, out / "orient.pt")
    path = export(model, spec, onnx)
    print(words["exported"].format(path=shown_at or path))
    return path


def train_steps(faces: int, epochs: int) -> int:
    """The steps :func:`train_model` takes over ``epochs`` epochs of ``faces`` upright face crops (learnt both
    ways: twice as many crops), as ``vision.classifier_train.train`` counts them.

    >>> train_steps(21600, 1), train_steps(3, 2)
    (675, 2)
    """
    from vision.classifier_train import train_steps as steps

    return steps(2 * faces, epochs, _config(1.0, epochs=epochs).batch)


def _spec(margin: float, name: str = "orient", notes: dict | None = None) -> ClassifierSpec:
    return ClassifierSpec.for_classes(list(CLASSES), [{} for _ in CLASSES], crop_size=CROP_SIZE, margin=margin,
                                      name=name, notes=notes or {})


def _config(minutes: float, smoke: bool = False, epochs: int | None = None):
    from vision.classifier_train import TrainConfig

    return TrainConfig(epochs=1 if smoke else epochs or 30, minutes=None if smoke or epochs else minutes,
                       width=8 if smoke else 12, embed=32, rotation="tilt", strength=0.8,
                       batch=16 if smoke else 64, balance=0.0)


# `tilelens train orient`'s help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name:
# one line for each of the English ones in ``train_main``, kept in step with them, in `tilelens enroll`'s words
# (向き, 逆さ, 対数オッズ).
TRAIN_HELP_JA = {
    "--data": "牌が正しい向きに立っている、手牌のラベル付きの写真 (data.yaml、names = 牌の id)",
    "--val": "測るための、手牌のラベル付きの写真",
    "--out": "実行のフォルダ (指定がなければ runs/orient)",
    "--onnx": "モデルの置き場所 (指定がなければ OUT/orient.onnx。--onnx models/orient.onnx で同梱のものを置き換えます)",
    "--minutes": "学習時間 (分。指定がなければ 12)",
    "--margin": "枠のまわりに含める範囲。枠の大きさに対する割合 (負の数: 枠の内側)",
    "--threshold": "手牌を逆さに読む、手牌全体での「逆さ」の対数オッズの平均のしきい値",
    "--resume": "--out の学習を、切り出した切り抜きで続けます (その学習の --data と --margin のまま。--minutes は全体の"
                "時間)",
    "--smoke": "テスト用の小さな学習: 少しの切り抜きで1エポック",
}


def train_main(argv: list[str]) -> int:
    """``tilelens train orient``: crops of upright hand photos and the same turned, train, export ONNX + JSON."""
    from vision.cropset import run_crops, store_size
    from vision.data_yaml import data_yaml_path

    p = UsageLinesParser(prog="tilelens train orient",  # the docstring's first paragraph: a whole sentence
                         description=" ".join(__doc__.split("\n\n")[0].split()),
                         formatter_class=HelpFormatter)
    p.add_argument("--data", type=named_path("path"), action="append", default=[],
                   help="labelled hand photos (data.yaml, names = tile ids) whose tiles stand upright")
    p.add_argument("--val", type=named_path("path"), action="append", default=[],
                   help="labelled hand photos to measure on")
    p.add_argument("--out", type=named_path("folder"), default=Path("runs/orient"), help="run folder (default runs/orient)")
    p.add_argument("--onnx", type=named_path("file"), help="where the model goes (default OUT/orient.onnx; "
                   "--onnx models/orient.onnx replaces the shipped one)")
    p.add_argument("--minutes", type=positive_float, default=12.0, help="training time (default 12)")
    p.add_argument("--margin", type=box_margin, default=MARGIN,
                   help="context around a box, as a share of its size (negative: inside the box)")
    p.add_argument("--threshold", type=finite_float, default=DEFAULT_THRESHOLD,
                   help="mean log odds of 'upside down' over a hand at which it is turned round")
    p.add_argument("--resume", action="store_true", help="continue the run in --out, on the crops it cut "
                   "(the run's own --data and --margin; --minutes: the whole budget)")
    p.add_argument("--smoke", action="store_true", help="tiny run for a test: few crops, one epoch")
    if cli_lang() == "ja":
        say_help_in_japanese(p, TRAIN_HELP_JA, "手牌の向き: 牌ごとに面が正しい向きか逆さかを見分ける小さなネットワークと、"
                                               "手牌の牌によるその投票。", None)
    a = p.parse_args(argv)
    from vision.classifier_train import check_resume, say_afresh, say_where_it_went  # torch: after --help

    if not a.data:
        raise OrientationError("--data DATA_YAML is required (labelled hand photos standing upright)",
                               "--data DATA_YAML を指定してください (正しい向きに立てた手のラベル付き写真)")
    a.data, a.val = ([data_yaml_path(f, OrientationError) for f in files] for files in (a.data, a.val))
    a.onnx = a.onnx or a.out / "orient.onnx"  # the shipped model is replaced only when asked
    if a.resume:  # said before the crops are cut, not after
        if not (a.out / "last.pt").is_file():
            raise OrientationError(f"nothing to resume: {a.out / 'last.pt'} does not exist",
                                   f"再開する学習がありません: {a.out / 'last.pt'} がありません")
        check_resume(a.out / "last.pt", _spec(a.margin), _config(a.minutes, a.smoke))
    else:
        say_afresh(a.out / "last.pt")
    size = store_size(CROP_SIZE)
    data = run_crops(a.out / "crops.npz", {"--data": a.data}, a.resume,
                     lambda: both_ways(CropSet.concat([face_crops(f, size) for f in a.data])), OrientationError)
    val = both_ways(CropSet.concat([face_crops(f, size, "val") for f in a.val])) if a.val else None
    if a.smoke:
        data = data.subset(np.arange(len(data)) % max(1, len(data) // 48) == 0)
    started = time.time()
    try:
        train_model(data, a.out, a.onnx, a.minutes, a.threshold, a.margin, val=val, smoke=a.smoke, resume=a.resume)
    except KeyboardInterrupt:
        from vision.classifier_train import say_how_to_continue

        say_how_to_continue(argv, a.out / "last.pt", "orient", 0.0 if a.resume else started)
        raise
    say_where_it_went([a.onnx], "--onnx {models}/orient.onnx", ["orient.onnx"])
    return 0


__all__ = ["Orientation", "OrientationError", "CLASSES", "MIN_TILES", "vote", "both_ways", "face_crops",
           "train_model", "train_main"]
