"""What went wrong in a photo that was not read exactly, in words (``tilelens eval --errors``) and as a
picture (``--errors-dir``): a tile misnamed, a tile boxed too loosely to count, a tile missed, a box
read where no tile is. Each error carries its box's size, since what a reader gets wrong is mostly small.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scorer.result import TilelensInputError
from vision.detections import Detections, box_iou
from vision.eval_data import UNREADABLE
from vision.eval_metrics import match_tiles
from vision import CHECK_BELOW

LOOSE_IOU = 0.1  # a read box this close to a missed tile is that tile boxed badly, not a miss and a stray box

MISNAMED, LOOSE, MISSED, EXTRA = "misnamed", "loose", "missed", "extra"
# BGR colours of the error pictures; tiles read right are drawn thin and grey
COLOURS = {MISNAMED: (0, 0, 255), LOOSE: (0, 165, 255), MISSED: (255, 0, 255), EXTRA: (255, 160, 0)}


# A photo's error in words, in each language (``ReadError.said``): str() and --json are the English.
WORDS = {"en": {MISNAMED: "{truth} read as {read} ({size}{sure})",
                LOOSE: "{truth} boxed loosely (IoU {iou:.2f}, read as {read}) ({size})",
                MISSED: "missed {truth} ({size})",
                EXTRA: "extra box read as {read} ({size}, detection {detection:.2f})",
                "hidden": "a hidden face", "sure": ", confidence {confidence:.2f}",
                "cannot_write_to": "cannot write pictures to {folder}: {what}",
                "cannot_write": "cannot write {path}"},
         "ja": {MISNAMED: "{truth} を {read} と読みました ({size}{sure})",
                LOOSE: "{truth} の枠が緩すぎます (IoU {iou:.2f}、{read} と読みました) ({size})",
                MISSED: "{truth} を見落としました ({size})",
                EXTRA: "牌のない枠を {read} と読みました ({size}、検出 {detection:.2f})",
                "hidden": "隠れた面", "sure": "、信頼度 {confidence:.2f}",
                "cannot_write_to": "{folder} に画像を書けません: {what}",
                "cannot_write": "{path} を書けません"}}


class PicturesError(TilelensInputError):
    """The pictures cannot be written (the folder is a file, or not writable)."""


@dataclass(frozen=True)
class ReadError:
    """One thing wrong in a photo's reading: ``xyxy`` is the truth tile's box (the read box for ``extra``)."""

    what: str  # MISNAMED, LOOSE, MISSED or EXTRA
    xyxy: tuple[float, float, float, float]
    truth: str | None = None  # the tile's kind (None for an extra box)
    read: str | None = None  # what the reader named it (None for a miss)
    iou: float | None = None  # LOOSE: the read box's overlap with the tile
    detection: float | None = None  # EXTRA: the detector's confidence in the box
    confidence: float | None = None  # the reader's confidence in the name it gave (None for a miss)

    @property
    def marked(self) -> bool:
        """True when the reader marked the tile it read for a person to check (``CHECK_BELOW``): the app
        draws it red, so the error is caught with one look. A miss is never marked."""
        return self.confidence is not None and self.confidence < CHECK_BELOW

    @property
    def size(self) -> str:
        x1, y1, x2, y2 = self.xyxy
        return f"{x2 - x1:.0f}x{y2 - y1:.0f} px"

    def __str__(self) -> str:
        return self.said("en")

    def said(self, lang: str = "en") -> str:
        """The error in words, in ``lang`` (``WORDS``); ``str()`` is the English, as --json writes it.

        >>> ReadError(MISSED, (0, 0, 30, 40), "5p").said("ja")
        '5p を見落としました (30x40 px)'
        """
        words = WORDS[lang]
        truth = words["hidden"] if self.truth == UNREADABLE else self.truth
        sure = "" if self.confidence is None else words["sure"].format(confidence=self.confidence)
        text = words[self.what]
        if self.truth == UNREADABLE and lang == "ja":  # a Japanese word takes its particle without a space
            text = text.replace("{truth} ", "{truth}")
        return text.format(truth=truth, read=self.read, size=self.size, sure=sure, iou=self.iou,
                                       detection=self.detection)

    @property
    def label(self) -> str:
        """A short ASCII caption for the picture."""
        return {MISNAMED: f"{self.truth}>{self.read}", LOOSE: f"loose {self.truth}", MISSED: f"missed {self.truth}",
                EXTRA: f"extra {self.read}"}[self.what]


WRONG_COUNT, MARKED, UNMARKED = "wrong count", "marked", "nothing marked"


def how_seen(errors: list[ReadError]) -> str:
    """How a person meets a photo read with these errors: ``WRONG_COUNT`` when the tiles missed and the
    extra boxes do not cancel out (a hand of known size then fails its count), else ``MARKED`` (a wrong
    tile the app marks for a check), else ``UNMARKED`` (nothing shows it).

    >>> how_seen([ReadError(MISSED, (0, 0, 1, 1), "1m")])
    'wrong count'
    >>> how_seen([ReadError(MISSED, (0, 0, 1, 1), "1m"), ReadError(EXTRA, (2, 0, 3, 1), read="2m", confidence=0.9)])
    'nothing marked'
    >>> how_seen([ReadError(MISNAMED, (0, 0, 1, 1), "1m", "2m", confidence=0.5)])
    'marked'
    """
    if sum(e.what == MISSED for e in errors) != sum(e.what == EXTRA for e in errors):
        return WRONG_COUNT
    return MARKED if any(e.marked for e in errors) else UNMARKED


def photo_errors(truth: Detections, truth_kinds, kept: Detections, read_kinds: list[str],
                 sureness=None) -> tuple[np.ndarray, list[ReadError]]:
    """For each truth tile whether it was read right (a read box matched to it at IoU >= 0.5 naming its
    kind), and the photo's errors. A tile with no match but a spare read box overlapping it by at least
    ``LOOSE_IOU`` is one error, boxed loosely, not a miss plus an extra box. A hidden face (``UNREADABLE``)
    is never misnamed, but can be missed. ``sureness``: the reader's confidence in each read name, carried
    by the errors of the tiles it read."""
    sure = [None] * len(read_kinds) if sureness is None else [float(c) for c in sureness]
    match = match_tiles(kept.xyxy, truth.xyxy)
    hit = np.array([m >= 0 and read_kinds[m] == k for m, k in zip(match, truth_kinds)], dtype=bool)
    missed = np.flatnonzero(match < 0)
    spare = np.array(sorted(set(range(len(read_kinds))) - set(match.tolist())), dtype=int)
    loose = match_tiles(kept.xyxy[spare], truth.xyxy[missed], LOOSE_IOU)

    def box(xyxy) -> tuple[float, float, float, float]:
        return tuple(float(v) for v in xyxy)

    errors = [ReadError(MISNAMED, box(truth.xyxy[j]), kind, read_kinds[m], confidence=sure[m])
              for j, (m, kind) in enumerate(zip(match, truth_kinds)) if m >= 0 and not hit[j] and kind != UNREADABLE]
    for j, m in zip(missed, loose):
        if m < 0:
            errors.append(ReadError(MISSED, box(truth.xyxy[j]), truth_kinds[j]))
        else:
            i = spare[m]
            iou = float(box_iou(kept.xyxy[i], truth.xyxy[j])[0, 0])
            errors.append(ReadError(LOOSE, box(truth.xyxy[j]), truth_kinds[j], read_kinds[i], iou=iou,
                                    confidence=sure[i]))
    for i in sorted(set(spare.tolist()) - {int(spare[m]) for m in loose if m >= 0}):
        errors.append(ReadError(EXTRA, box(kept.xyxy[i]), read=read_kinds[i],
                                detection=float(kept.confidence[i]), confidence=sure[i]))
    return hit, errors


def draw_errors(image: np.ndarray, truth: Detections, errors: list[ReadError]) -> np.ndarray:
    """A copy of the photo (BGR) with every truth tile boxed thin and grey and each error boxed in its
    colour (``COLOURS``) with a caption; small photos are enlarged so captions stay legible."""
    import cv2

    scale = max(1.0, 960 / max(image.shape[:2]))
    out = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR) if scale > 1 else image.copy()
    for x1, y1, x2, y2 in truth.xyxy * scale:
        cv2.rectangle(out, (int(x1), int(y1)), (int(x2), int(y2)), (160, 160, 160), 1)
    for e in errors:
        x1, y1, x2, y2 = (int(v * scale) for v in e.xyxy)
        colour = COLOURS[e.what]
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, 2)
        (w, h), _ = cv2.getTextSize(e.label, cv2.FONT_HERSHEY_SIMPLEX, 0.45, 1)
        ty = y1 - 4 if y1 - h - 6 >= 0 else y2 + h + 4  # above the box, or below it at the top edge
        tx = max(0, min(x1, out.shape[1] - w - 4))  # inside the picture at the right edge
        cv2.rectangle(out, (tx, ty - h - 3), (tx + w + 4, ty + 3), colour, -1)
        cv2.putText(out, e.label, (tx + 2, ty), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (255, 255, 255), 1, cv2.LINE_AA)
    return out


def make_pictures_folder(folder: Path) -> Path:
    """Make ``folder`` (and the folders above it) for the pictures, or say in one line why it cannot be
    one: ``tilelens eval`` asks before reading any photo, so that a file in the way is not found after."""
    from tilelens.cli import os_reason  # the system's words, in Japanese where known

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        said = [WORDS[lang]["cannot_write_to"].format(folder=folder, what=os_reason(exc, lang))
                for lang in ("en", "ja")]
        raise PicturesError(*said) from None
    return folder

# What would do where --errors-dir is there but cannot be written in (``tilelens.cli.not_written_under``)
NOT_WRITTEN_INSTEAD = ("give another --errors-dir, a folder you can write to",
                       "書き込めるフォルダを --errors-dir に指定してください")


def write_error_pictures(folder: Path, photos: dict[str, tuple[Detections, list[ReadError]]]) -> list[Path]:
    """One picture per photo (``draw_errors``) in ``folder``, named by order and file name; returns them."""
    from PIL import Image, ImageOps

    from tilelens.cli import not_written_under
    from vision.synth.dataset import write_image  # any file name: cv2.imwrite crashed on one that is no UTF-8

    make_pictures_folder(folder)
    written = []
    for n, (path, (truth, errors)) in enumerate(photos.items()):
        # upright and full size, as the truth boxes are (``load_image`` would shrink a large photo)
        with Image.open(path) as im:
            image = np.asarray(ImageOps.exif_transpose(im).convert("RGB"))[:, :, ::-1]
        out = folder / f"{n:04d}-{Path(path).stem}.jpg"
        with not_written_under(folder, NOT_WRITTEN_INSTEAD):  # a folder there that cannot be written in
            drawn = write_image(out, draw_errors(np.ascontiguousarray(image), truth, errors))
        if not drawn:
            raise PicturesError(*(WORDS[lang]["cannot_write"].format(path=out) for lang in ("en", "ja")))
        written.append(out)
    return written
