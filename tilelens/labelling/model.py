"""The labelling data model, independent of any file format.

A box is stored as normalised corners (``xyxyn``, 0..1 of the image width and height) with the tile
kind it shows; every format (YOLO, COCO, Label Studio) converts to and from this one shape, so a round
trip through any chain of formats compares like with like.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from scorer.result import TilelensInputError


class LabelFileError(TilelensInputError):
    """A label, dataset or annotation file that cannot be read; the message names the file and why.

    ``message_ja`` says it in Japanese where the app shows it ("" where only English is written)."""


class PathEscapeError(LabelFileError):
    """A path in a dataset or annotation file that points outside the dataset folder."""


class Split(StrEnum):
    TRAIN = "train"
    VAL = "val"
    TEST = "test"


@dataclass(frozen=True)
class Box:
    """One labelled tile: its kind (a tile id) and normalised corners ``(x1, y1, x2, y2)``."""

    kind: str
    xyxyn: tuple[float, float, float, float]

    def __post_init__(self) -> None:
        if len(self.xyxyn) != 4:
            raise ValueError(f"xyxyn needs 4 numbers, got {self.xyxyn!r}")
        object.__setattr__(self, "xyxyn", tuple(float(v) for v in self.xyxyn))

    @classmethod
    def from_xywhn(cls, kind: str, xc: float, yc: float, w: float, h: float) -> Box:
        """From the YOLO form: normalised centre, width and height."""
        return cls(kind, (xc - w / 2, yc - h / 2, xc + w / 2, yc + h / 2))

    @property
    def xywhn(self) -> tuple[float, float, float, float]:
        """The YOLO form: normalised centre x, centre y, width, height."""
        x1, y1, x2, y2 = self.xyxyn
        return ((x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1)

    def xyxy(self, resolution_wh: tuple[int, int]) -> tuple[float, float, float, float]:
        """Corners in pixels of an image of ``resolution_wh``."""
        w, h = resolution_wh
        x1, y1, x2, y2 = self.xyxyn
        return (x1 * w, y1 * h, x2 * w, y2 * h)

    def with_kind(self, kind: str) -> Box:
        """The same box showing another tile kind."""
        return replace(self, kind=kind)

    def close_to(self, other: Box, tol: float = 1e-6) -> bool:
        """Same kind and corners within ``tol`` (formats round numbers differently)."""
        return self.kind == other.kind and all(
            abs(a - b) <= tol for a, b in zip(self.xyxyn, other.xyxyn, strict=True))

    def clipped(self) -> Box:
        """The box cut to the image (0..1)."""
        return replace(self, xyxyn=tuple(min(1.0, max(0.0, v)) for v in self.xyxyn))


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes (normalised coordinates).

    >>> iou(Box("a", (0, 0, 0.5, 0.5)), Box("b", (0.25, 0, 0.75, 0.5)))
    0.3333333333333333
    """
    ax1, ay1, ax2, ay2 = a.xyxyn
    bx1, by1, bx2, by2 = b.xyxyn
    iw = max(0.0, min(ax2, bx2) - max(ax1, bx1))
    ih = max(0.0, min(ay2, by2) - max(ay1, by1))
    inter = iw * ih
    union = (ax2 - ax1) * (ay2 - ay1) + (bx2 - bx1) * (by2 - by1) - inter
    return inter / union if union > 0 else 0.0


@dataclass(frozen=True)
class LabelledImage:
    """One photo of a dataset: ``path`` is POSIX and relative to the dataset folder."""

    path: str
    resolution_wh: tuple[int, int]
    boxes: tuple[Box, ...] = ()
    split: Split = Split.TRAIN
    # whether a person accepted the photo's boxes (the dataset's progress, ``store.load_done``), where the
    # format says (``tilelens_accepted`` of a tilelens export); None where it does not say
    accepted: bool | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        """The file name (no folders)."""
        return self.path.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Note:
    """Something an import changed or chose on its own and says: a box made upright or cut at the photo's
    edge, which of two tasks of a photo was taken. Not a problem (nothing is skipped), so no ``Issue``.

    >>> Note("a.jpg", "box 1 cut", "枠 1 を切りました").text("ja")
    '注意 a.jpg: 枠 1 を切りました'
    """

    path: str
    message: str
    message_ja: str = ""

    def text(self, lang: str = "en") -> str:
        """The line the command line prints, in ``lang`` ("en" or "ja")."""
        if lang == "ja":
            return f"注意 {self.path}: {self.message_ja or self.message}"
        return f"note {self.path}: {self.message}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Dataset:
    """Labelled photos plus the class list; ``names`` index = YOLO class id, each a tile id."""

    names: tuple[str, ...]
    images: tuple[LabelledImage, ...] = ()
    game: str | None = None
    meta: dict[str, str] = field(default_factory=dict, compare=False)
    # data.yaml's ``own_kinds`` (kind -> name shown) and ``absent`` kinds, carried by an export
    own_kinds: dict[str, str] = field(default_factory=dict, compare=False)
    absent: tuple[str, ...] = field(default=(), compare=False)
    # what reading a foreign file changed or chose without refusing (a turned box made upright, one of two
    # annotations taken): said, never silent
    notes: tuple[Note, ...] = field(default=(), compare=False)

    def class_id(self, kind: str) -> int:
        """The YOLO class id of a tile kind; raises ``LabelFileError`` for a kind not in ``names``."""
        try:
            return self.names.index(kind)
        except ValueError:
            raise LabelFileError(f"tile kind {kind!r} is not among the dataset's {len(self.names)} "
                                 f"class names") from None


class IssueKind(StrEnum):
    """Every problem ``label check`` can report; the value is the short tag printed."""

    NO_DATA_YAML = "no-data-yaml"
    BAD_DATA_YAML = "bad-data-yaml"
    MOVED_FOLDER = "moved-folder"
    PATH_ESCAPE = "path-escapes-folder"
    MISSING_SOURCE = "missing-images"
    # a warning: Ultralytics trains without the test split's photos (its check_det_dataset requires only
    # the val split's to exist); a Roboflow export downloaded without them still names `test:`
    MISSING_TEST_SOURCE = "missing-test-images"
    UNREADABLE_IMAGE = "unreadable-photo"
    NO_LABEL_FILE = "no-label-file"
    ORPHAN_LABEL = "label-without-photo"
    EMPTY_LABEL_FILE = "empty-label-file"
    BAD_FIELD_COUNT = "wrong-field-count"
    POLYGON = "polygon-line"
    NOT_A_NUMBER = "not-a-number"
    CLASS_OUT_OF_RANGE = "class-out-of-range"
    OUT_OF_IMAGE = "box-out-of-image"
    ZERO_SIZE = "zero-size-box"
    TINY_BOX = "tiny-box"  # a warning: far smaller than a tile could be (a tap whose finger drifted)
    DUPLICATE_BOX = "duplicate-box"
    UNKNOWN_KIND = "unknown-tile-kind"
    MORE_THAN_THE_SET = "more-than-the-set-holds"
    SHARED_LABEL_FILE = "shared-label-file"
    # a warning: the photo's bytes are not those it was pre-labelled or accepted with (replaced under its name)
    PHOTO_CHANGED = "photo-changed"
    # an import's: a label file changed here since the export and in the file imported (which is meant not guessed)
    CHANGED_ON_BOTH_SIDES = "changed-on-both-sides"


# Problems that make a label file wrong; the rest are worth a look but may be intended (an empty
# label file is a photo with no tiles, a photo with no label file is one not labelled yet).
ERRORS = frozenset({IssueKind.NO_DATA_YAML, IssueKind.BAD_DATA_YAML, IssueKind.PATH_ESCAPE,
                    IssueKind.MISSING_SOURCE, IssueKind.UNREADABLE_IMAGE, IssueKind.BAD_FIELD_COUNT,
                    IssueKind.NOT_A_NUMBER, IssueKind.CLASS_OUT_OF_RANGE, IssueKind.OUT_OF_IMAGE,
                    IssueKind.ZERO_SIZE, IssueKind.UNKNOWN_KIND, IssueKind.SHARED_LABEL_FILE,
                    IssueKind.CHANGED_ON_BOTH_SIDES})


@dataclass(frozen=True)
class Issue:
    """One problem found in a dataset: what, where (path relative to the dataset, line from 1)."""

    kind: IssueKind
    path: str
    message: str
    line: int | None = None
    message_ja: str = ""  # ``message`` in Japanese, for the app's Japanese screens
    # the kind's severity (``ERRORS``) where this one is otherwise: a class name that is a tile of the game's other
    # table (the box's, a house table being in use) is no broken dataset
    error: bool | None = None

    @property
    def is_error(self) -> bool:
        """True for a broken file; False for a warning."""
        return self.kind in ERRORS if self.error is None else self.error

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{'error' if self.is_error else 'warning'} [{self.kind}] {where}: {self.message}"
