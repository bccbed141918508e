"""Labels to look at again: the recognizer reads every labelled photo and points at the boxes it
disagrees with, surest first (``tilelens label audit``).

A wrong label teaches the recognizer the wrong tile, and a labelled set for a new tile set is typed by
hand, so some labels are wrong: in the real Hong Kong photos this project enrols, whole rows of tiles
are labelled 1p. Two things are flagged:

- ``wrong-kind``: the classifier, shown the labelled box itself, names another kind with probability at
  least ``min_prob`` (so a detector miss never hides a bad label);
- ``unlabelled``: the recognizer finds a face-up tile, at detection confidence at least ``min_detection``,
  that no labelled box overlaps (IoU under ``UNLABELLED_IOU``).

These are suspicions, not errors (the recognizer can be wrong too): a person looks, then fixes the label
or leaves it. Nothing is written to the dataset.

A model audits poorly the labels it learned from: it learned to agree with them. The tile set enrolled
from a folder therefore says little about that folder's labels; ``cross_audit`` (``--cross K``) enrols K
tile sets, each without one part of the photos, and audits each part with the one that never saw it.
"""
from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from tqdm import tqdm

from vision.cli_args import progress_bar  # a bar where stderr is a terminal, lines in a log

from tilelens.labelling.model import Box, Issue, LabelFileError, Split, iou
from tilelens.labelling.yolo import DataConfig, format_data_yaml, read_yolo

WRONG_KIND, UNLABELLED = "wrong-kind", "unlabelled"
UNLABELLED_IOU = 0.3  # a found tile overlapping a labelled box this much is that box (loosely drawn)

# What the audit says to a person, in each language (``tilelens label audit``: ``scorer.result.cli_lang``), each
# written once: ``format_audit``'s lines, a suspect (``Suspect.said``; ``--json``'s ``text`` is the English), the
# progress. Photos, tile kinds and numbers are said as they are.
AUDIT_WORDS: dict[str, dict[str, str]] = {
    "en": {"where": "{photo} at x {x1}-{x2}, y {y1}-{y2}",
           "wrong_kind": "{where}: labelled {label}, reads {reads} ({prob:.2f}; {label} {label_prob:.2f})",
           "unlabelled": "{where}: no label, reads {reads} (detection {prob:.2f})",
           "audited": "audited {labels} labels on {photos} photos with {reader} (flagged when it reads another kind "
                      "at probability >= {min_prob:.2f})",
           "not_read": "not audited, kinds {reader} does not know: {kinds}",
           "wrong_one": "{n} label to look at (the recognizer reads another kind there):",
           "wrong_many": "{n} labels to look at (the recognizer reads another kind there):",
           "unlabelled_one": "{n} tile with no label:", "unlabelled_many": "{n} tiles with no label:",
           "wrong_none": "no labels to look at", "unlabelled_none": "no tiles without a label",
           "progress": "auditing", "unit": "photo", "part": "enrolling part {k} of {folds} on the other {n} photos"},
    "ja": {"where": "{photo} の x {x1}-{x2}, y {y1}-{y2}",
           "wrong_kind": "{where}: ラベルは {label}、モデルの読みは {reads} ({prob:.2f}; {label} は {label_prob:.2f})",
           "unlabelled": "{where}: ラベルなし、モデルの読みは {reads} (検出の確かさ {prob:.2f})",
           "audited": "写真 {photos}枚のラベル {labels}個を {reader} で見直しました (ほかの種類だと確率 {min_prob:.2f} "
                      "以上で読んだ枠を挙げます)",
           "not_read": "{reader} が覚えていない種類なので見直していません: {kinds}",
           "wrong_one": "見直すラベル {n}個 (モデルはほかの種類だと読みます):",
           "wrong_many": "見直すラベル {n}個 (モデルはほかの種類だと読みます):",
           "unlabelled_one": "ラベルのない牌 {n}枚:", "unlabelled_many": "ラベルのない牌 {n}枚:",
           "wrong_none": "見直すラベルはありません", "unlabelled_none": "ラベルのない牌はありません",
           "progress": "見直し中", "unit": "枚", "part": "部分 {k} / {folds} を残りの写真 {n}枚で登録しています"},
}


@dataclass(frozen=True)
class Suspect:
    """One label to look at: the photo (relative to the dataset), the box in pixels, the label (None
    for a tile nobody labelled), what the recognizer reads there and how sure it is."""

    what: str  # WRONG_KIND or UNLABELLED
    photo: str
    xyxy: tuple[float, float, float, float]
    label: str | None
    reads: str
    prob: float  # WRONG_KIND: the classifier's probability of ``reads``; UNLABELLED: the detection's
    label_prob: float | None = None  # WRONG_KIND: the classifier's probability of the label
    box: int | None = None  # WRONG_KIND: the box's index among the boxes read from the photo's label file

    def __str__(self) -> str:
        return self.said("en")

    def said(self, lang: str = "en") -> str:
        """The suspect in one line, in ``lang`` (``AUDIT_WORDS``)."""
        words = AUDIT_WORDS[lang]
        x1, y1, x2, y2 = (round(v) for v in self.xyxy)
        where = words["where"].format(photo=self.photo, x1=x1, x2=x2, y1=y1, y2=y2)
        return words[self.what.replace("-", "_")].format(where=where, label=self.label, reads=self.reads,
                                                         prob=self.prob, label_prob=self.label_prob)


@dataclass(frozen=True)
class AuditReport:
    """Every suspect, surest first, and what was looked at."""

    suspects: tuple[Suspect, ...]
    photos: int
    labels: int  # labelled boxes the classifier was asked about
    not_read: tuple[str, ...] = ()  # label kinds the recognizer does not know: those boxes were not audited
    issues: tuple[Issue, ...] = field(default=())  # problems `label check` reports: files skipped here

    def of(self, what: str) -> list[Suspect]:
        return [s for s in self.suspects if s.what == what]


def _iou(a, b) -> float:
    return iou(Box("", a), Box("", b))


def audit_photo(image: Any, boxes: Iterable[Box], reader: Any, photo: str = "", min_prob: float = 0.8,
                min_detection: float = 0.5, resolution_wh: tuple[int, int] | None = None,
                absent: Iterable[str] = ()) -> list[Suspect]:
    """The suspects of one photo (a BGR array) and its labelled ``boxes``, read by ``reader`` (a
    ``vision.Recognizer``: its classifier names each labelled box, its ``read`` finds the tiles).
    Suspects' boxes are in pixels of ``resolution_wh`` (the photo file's size; default the array's).
    ``absent``: kinds the set does not have (the dataset's ``absent:``): never suggested; where the classifier
    reads one, its best reading among the kinds the set has counts."""
    absent = set(absent)
    boxes = list(boxes)
    h, w = image.shape[:2]
    rw, rh = resolution_wh or (w, h)
    classes = reader.classifier.spec.classes
    known = [i for i, b in enumerate(boxes) if b.kind in classes]
    suspects = []
    if known:
        guesses = reader.classifier.classify(image, [boxes[i].xyxy((w, h)) for i in known], top=len(classes))
        for i, guess in zip(known, guesses):
            box, probs = boxes[i], dict(guess.alternatives)
            reads = next((k for k, _ in guess.alternatives if k not in absent), None) if absent else guess.kind
            if reads is not None and reads != box.kind and probs[reads] >= min_prob:
                suspects.append(Suspect(WRONG_KIND, photo, box.xyxy((rw, rh)), box.kind, reads,
                                        probs[reads], probs.get(box.kind, 0.0), box=i))
    for tile in reader.read(image).tiles:
        det = tile.confidence.get("detection", 1.0)
        if tile.is_back or det < min_detection:
            continue
        found = tuple(float(v) / s for v, s in zip(tile.xyxy, (w, h, w, h)))
        if all(_iou(found, b.xyxyn) < UNLABELLED_IOU for b in boxes):
            xyxy = (found[0] * rw, found[1] * rh, found[2] * rw, found[3] * rh)
            suspects.append(Suspect(UNLABELLED, photo, xyxy, None, tile.kind, det))
    return suspects


def _audit(root: Path, photos, reader_of: Callable[[int], Any], min_prob: float, min_detection: float,
           progress: bool, load: Callable[[Path], Any] | None) -> tuple[list[Suspect], int, set[str]]:
    """Audit ``photos`` (``LabelledImage``s of ``root``), the ``i``-th with ``reader_of(i)``; returns the
    suspects, the labels audited and the label kinds the readers do not know. Kinds ``root``'s data.yaml says
    its set does not have are never suggested (``audit_photo``'s ``absent``)."""
    from scorer.result import cli_lang
    from tilelens.labelling.kinds import absent_kinds
    from vision import READ_SIDE, ImageError, load_image

    absent = absent_kinds(root)
    load = load or partial(load_image, max_side=READ_SIDE)  # as the photo is read (tilelens read, the app)
    suspects, labels, unknown = [], 0, set()
    words = AUDIT_WORDS[cli_lang()]
    for i, im in enumerate(progress_bar(photos, asked=progress, desc=words["progress"], unit=words["unit"], bar=tqdm)):
        try:
            image = load(root / im.path)
        except ImageError:
            continue
        reader = reader_of(i)
        classes = set(reader.classifier.spec.classes)
        labels += sum(b.kind in classes for b in im.boxes)
        unknown |= {b.kind for b in im.boxes if b.kind not in classes}
        suspects += audit_photo(image, im.boxes, reader, im.path, min_prob, min_detection, im.resolution_wh, absent)
    suspects.sort(key=lambda s: (s.what != WRONG_KIND, -s.prob))
    return suspects, labels, unknown


def audit_dataset(root: Path | str, reader: Any, min_prob: float = 0.8, min_detection: float = 0.5,
                  progress: bool = True, load: Callable[[Path], Any] | None = None) -> AuditReport:
    """Audit every labelled photo of the YOLO folder ``root`` (``read_yolo``) with ``reader``. A photo
    that cannot be opened is skipped (``label check`` names it)."""
    root = Path(root)
    dataset, issues = read_yolo(root)
    photos = [im for im in dataset.images if im.boxes]
    suspects, labels, unknown = _audit(root, photos, lambda i: reader, min_prob, min_detection, progress, load)
    return AuditReport(tuple(suspects), len(photos), labels, tuple(sorted(unknown)), tuple(issues))


def cross_audit(root: Path | str, folds: int = 2, base: str | None = None, minutes: float = 5.0,
                epochs: int | None = None, work: Path | str | None = None, min_prob: float = 0.8,
                min_detection: float = 0.5, progress: bool = True) -> AuditReport:
    """Audit a labelled set with models that never learned its labels. A model audits poorly the labels it
    was taught: it learned to agree with them. So the photos are dealt into ``folds`` parts (in file order,
    one to each in turn); for each part a tile set is enrolled (``tilelens enroll``, ``minutes`` or
    ``epochs``, from ``base`` if given: a game's classifier, never one taught these labels) on the other
    parts' photos, and it audits that part. The parts' tile sets are kept in ``work`` if given (else in a
    temporary folder, removed afterwards), beside the shipped detector. Needs the training extra (torch)."""
    import tempfile

    if work is None:
        with tempfile.TemporaryDirectory(prefix="tilelens-audit-") as tmp:
            return _cross_audit(root, folds, base, minutes, epochs, Path(tmp), min_prob, min_detection, progress,
                                kept=False)
    return _cross_audit(root, folds, base, minutes, epochs, work, min_prob, min_detection, progress, kept=True)


def _cross_audit(root: Path | str, folds: int, base: str | None, minutes: float, epochs: int | None,
                 work: Path | str, min_prob: float, min_detection: float, progress: bool,
                 kept: bool) -> AuditReport:
    """``cross_audit`` in ``work``; ``kept``: the parts' tile sets stay there after (enrolment then says how
    to read with them; a temporary folder's are deleted, so it does not)."""
    from scorer.result import cli_lang
    from vision.recognizer import Recognizer, default_models_dir

    from vision.enroll import can_train, training_install
    from vision.enroll import main as enroll

    if not can_train():  # enrolment trains: said here rather than half-way in
        english, japanese = training_install()  # as `tilelens` names the install: pinned, in the repository or not
        raise LabelFileError(f"--cross enrols a tile set per part, which needs the training packages (torch), not "
                             f"installed in this Python: {english}",
                             f"--cross は部分ごとに牌セットを登録するので、学習用のパッケージ (torch) が必要ですが、"
                             f"この Python には入っていません: {japanese}")
    root = Path(root).resolve()
    dataset, issues = read_yolo(root)
    try:
        from tilelens.labelling.yolo import read_data_yaml

        absent = read_data_yaml(root).absent
    except LabelFileError:  # read_yolo said it already
        absent = ()
    photos = [im for im in dataset.images if im.boxes]
    if folds < 2 or len(photos) < folds:
        raise LabelFileError(f"--cross {folds}: needs at least 2 parts and a labelled photo in each "
                             f"({len(photos)} labelled photos)",
                             f"--cross {folds}: 2つ以上の部分と、それぞれにラベル付きの写真が必要です "
                             f"(ラベル付きの写真 {len(photos)}枚)")
    work = Path(work)
    models = work / "models"
    (models / "tilesets").mkdir(parents=True, exist_ok=True)
    shipped = default_models_dir()
    for name in ("detector.onnx", "boxcheck.onnx", "boxcheck.json"):
        if (shipped / name).is_file() and not (models / name).exists():
            (models / name).symlink_to((shipped / name).resolve())
    readers = []
    for k in range(folds):
        folder = work / f"part{k}"
        folder.mkdir(parents=True, exist_ok=True)
        others = [str(root / im.path) for i, im in enumerate(photos) if i % folds != k]
        (folder / "photos.txt").write_text("".join(f"{p}\n" for p in others), encoding="utf-8")
        listed = ("photos.txt",)
        # the kinds the dataset marks absent kept: a part warns of none of them ("never read")
        (folder / "data.yaml").write_text(format_data_yaml(folder, DataConfig(dataset.names, {
            Split.TRAIN: listed, Split.VAL: listed}, absent=absent)), encoding="utf-8")
        argv = ["--name", f"part{k}", "--data", str(folder / "data.yaml"), "--models", str(models),
                "--work", str(work / f"run{k}"), "--replace",  # the audit's own parts (a kept --work: again)
                "--orient-minutes", "0"]  # a part's orientation model is never used (nor its hint: the part goes)
        argv += ["--epochs", str(epochs)] if epochs else ["--minutes", str(minutes)]
        # a game's base from the shipped models (the parts' models folder holds only the detector)
        argv += ["--base", str(shipped / f"classifier-{base}.pt"), "--game", base] if base else []
        if progress:
            print(AUDIT_WORDS[cli_lang()]["part"].format(k=k + 1, folds=folds, n=len(others)), file=sys.stderr,
                  flush=True)
        with contextlib.redirect_stdout(sys.stderr):  # enrolment's own report is progress; stdout is the audit's
            enroll(argv, read_hint=kept)
        readers.append(Recognizer.load(tileset=f"part{k}", models_dir=models, set_limit=False))
    suspects, labels, unknown = _audit(root, photos, lambda i: readers[i % folds], min_prob, min_detection,
                                       progress, None)
    return AuditReport(tuple(suspects), len(photos), labels, tuple(sorted(unknown)), tuple(issues))


def format_audit(report: AuditReport, reader_name: str, min_prob: float, lang: str = "en") -> str:
    """The audit as plain text: what was read, then each kind of suspect, surest first; ``lang="ja"``: in
    Japanese (``AUDIT_WORDS``)."""
    words = AUDIT_WORDS[lang]
    lines = [words["audited"].format(labels=report.labels, photos=report.photos, reader=reader_name, min_prob=min_prob)]
    if report.not_read:
        lines.append(words["not_read"].format(reader=reader_name, kinds=", ".join(report.not_read)))
    for what, key in ((WRONG_KIND, "wrong"), (UNLABELLED, "unlabelled")):
        found = report.of(what)
        count = "none" if not found else "one" if len(found) == 1 else "many"  # none: no list to introduce
        lines.append(words[f"{key}_{count}"].format(n=len(found)))
        lines += [f"  {s.said(lang)}" for s in found]
    return "\n".join(lines)


def write_audit_pictures(root: Path | str, report: AuditReport, folder: Path) -> list[Path]:
    """One picture per photo with suspects: its labelled boxes thin, each suspect boxed and captioned
    (``label>reads`` for a wrong kind, ``extra reads`` for an unlabelled tile)."""
    import numpy as np

    from vision.detections import Detections
    from vision.eval_errors import EXTRA, MISNAMED, ReadError, write_error_pictures

    root = Path(root)
    dataset, _ = read_yolo(root)
    by_photo: dict[str, list[Suspect]] = {}
    for s in report.suspects:
        by_photo.setdefault(s.photo, []).append(s)
    photos = {}
    for im in dataset.images:
        if im.path not in by_photo:
            continue
        labelled = np.array([b.xyxy(im.resolution_wh) for b in im.boxes], np.float32).reshape(-1, 4)
        errors = [ReadError(MISNAMED, s.xyxy, s.label, s.reads) if s.what == WRONG_KIND
                  else ReadError(EXTRA, s.xyxy, read=s.reads, detection=s.prob) for s in by_photo[im.path]]
        photos[str(root / im.path)] = (Detections(labelled, np.ones(len(labelled)), np.zeros(len(labelled), int)),
                                       errors)
    return write_error_pictures(folder, photos)
