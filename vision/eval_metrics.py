"""Detection and identity metrics in numpy: COCO-style AP, precision/recall, per-tile identity.

AP follows COCO: per class, predictions of all images ranked by confidence, each matched greedily to the
unmatched ground-truth box of its class with the highest IoU (at least the threshold), precision made
monotone, then sampled at 101 recall points. mAP50-95 averages thresholds 0.50, 0.55, ..., 0.95.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.detections import Detections, box_iou

IOU_THRESHOLDS = np.round(np.arange(0.5, 0.96, 0.05), 2)


def match_image(pred: Detections, truth: Detections, iou_thresholds=IOU_THRESHOLDS) -> np.ndarray:
    """True-positive flags ``(len(pred), len(iou_thresholds))`` for one image, class-aware.

    Predictions are taken best-first; each claims the unclaimed same-class truth box it overlaps most (the
    last of equal ones, as pycocotools does).
    """
    tp = np.zeros((len(pred), len(iou_thresholds)), dtype=bool)
    if not len(pred) or not len(truth):
        return tp
    ious = box_iou(pred.xyxy, truth.xyxy)
    ious[pred.class_id[:, None] != truth.class_id[None, :]] = 0.0
    order = np.argsort(-pred.confidence, kind="stable")
    for t, thr in enumerate(iou_thresholds):
        taken = np.zeros(len(truth), dtype=bool)
        for i in order:
            cand = np.where(~taken & (ious[i] >= thr - 1e-9), ious[i], -1.0)
            j = len(cand) - 1 - int(cand[::-1].argmax())  # of equal overlaps the last truth box, as pycocotools
            if cand[j] >= 0:
                taken[j] = True
                tp[i, t] = True
    return tp


def average_precision(tp: np.ndarray, confidence: np.ndarray, n_truth: int) -> np.ndarray:
    """COCO 101-point AP for each column of ``tp`` (predictions of one class over a whole set).

    >>> float(average_precision(np.array([[True]]), np.array([0.9]), 1)[0])
    1.0
    >>> round(float(average_precision(np.array([[False], [True]]), np.array([0.9, 0.8]), 1)[0]), 3)
    0.5
    """
    tp = np.asarray(tp, dtype=bool)
    tp = tp.reshape(len(confidence), tp.shape[-1] if tp.ndim == 2 else 1)
    if n_truth == 0:
        return np.full(tp.shape[1], np.nan)
    if len(tp) == 0:
        return np.zeros(tp.shape[1])
    order = np.argsort(-np.asarray(confidence), kind="stable")
    ctp = np.cumsum(tp[order], axis=0)
    cfp = np.cumsum(~tp[order], axis=0)
    recall = ctp / n_truth
    precision = ctp / np.maximum(ctp + cfp, 1)
    points = np.linspace(0, 1, 101)
    ap = np.zeros(tp.shape[1])
    for t in range(tp.shape[1]):
        # precision envelope: best precision at this recall or beyond
        env = np.maximum.accumulate(precision[::-1, t])[::-1]
        idx = np.searchsorted(recall[:, t], points, side="left")
        ap[t] = np.where(idx < len(env), env[np.minimum(idx, len(env) - 1)], 0.0).mean()
    return ap


@dataclass
class DetectionTally:
    """Accumulates predictions and truth over images; ``summary`` gives P, R, mAP50, mAP50-95."""

    conf_threshold: float = 0.25
    tps: list[np.ndarray] = field(default_factory=list)
    confs: list[np.ndarray] = field(default_factory=list)
    classes: list[np.ndarray] = field(default_factory=list)
    truth_classes: list[np.ndarray] = field(default_factory=list)

    def add(self, pred: Detections, truth: Detections) -> None:
        """Add one image's predictions (all confidences, for AP) and its truth boxes."""
        self.tps.append(match_image(pred, truth))
        self.confs.append(pred.confidence)
        self.classes.append(pred.class_id)
        self.truth_classes.append(truth.class_id)

    def summary(self) -> dict[str, float]:
        """``precision``/``recall`` at IoU 0.5 and ``conf_threshold``; ``map50``/``map50_95`` (COCO)."""
        tp = np.concatenate(self.tps) if self.tps else np.zeros((0, len(IOU_THRESHOLDS)), bool)
        conf = np.concatenate(self.confs) if self.confs else np.zeros(0)
        cls = np.concatenate(self.classes) if self.classes else np.zeros(0, int)
        tcls = np.concatenate(self.truth_classes) if self.truth_classes else np.zeros(0, int)
        aps = [average_precision(tp[cls == c], conf[cls == c], int((tcls == c).sum()))
               for c in np.unique(tcls)]
        kept = conf >= self.conf_threshold
        n_tp = int(tp[kept, 0].sum())
        # None where a figure has nothing to be a share of (no box read, no truth box): not a 0 or a NaN,
        # which JSON has no word for
        return {
            "precision": n_tp / int(kept.sum()) if kept.any() else None,
            "recall": n_tp / len(tcls) if len(tcls) else None,
            "map50": float(np.mean([a[0] for a in aps])) if aps else None,
            "map50_95": float(np.mean([a.mean() for a in aps])) if aps else None,
            "truth_boxes": int(len(tcls)),
        }


def match_tiles(pred_xyxy: np.ndarray, truth_xyxy: np.ndarray, iou: float = 0.5) -> np.ndarray:
    """For each truth tile, the index of the read tile matched to it (-1: none overlaps it by ``iou``).

    Read tiles are matched one-to-one by best overlap first, so one read box never counts for two tiles.

    >>> match_tiles(np.array([[20, 0, 30, 10], [0, 0, 10, 10]]),
    ...             np.array([[0, 0, 10, 10], [40, 0, 50, 10]])).tolist()
    [1, -1]
    """
    match = np.full(len(truth_xyxy), -1, dtype=int)
    if not len(pred_xyxy) or not len(truth_xyxy):
        return match
    ious = box_iou(pred_xyxy, truth_xyxy)
    pairs = sorted(((ious[i, j], i, j) for i in range(len(pred_xyxy)) for j in range(len(truth_xyxy))
                    if ious[i, j] >= iou), reverse=True)
    used_p = set()
    for _, i, j in pairs:
        if i in used_p or match[j] >= 0:
            continue
        used_p.add(i)
        match[j] = i
    return match


def percentile_ms(seconds: list[float], q: float) -> float:
    """A latency percentile in milliseconds (nan when nothing was timed)."""
    return float(np.percentile(np.asarray(seconds) * 1000, q)) if seconds else float("nan")
