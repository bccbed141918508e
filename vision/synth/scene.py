"""What a synthetic photo is: the image and, for every tile in it, where it is and what it is."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

import numpy as np

from vision.detections import yolo_line


class Layout(StrEnum):
    """How the tiles lie in a scene."""

    RACK = "rack"  # standing in a row (on a rack or tile stand), faces to the camera
    FLAT = "flat"  # lying face up in a row
    SCATTERED = "scattered"  # lying loosely, any rotation (some upside down)
    MELDS = "melds"  # standing hand with groups of three set apart, like called melds
    GRID = "grid"  # several rows lying face up, like a tray of tiles


class BoxKind(StrEnum):
    """What a label box covers."""

    TILE = "tile"  # every visible pixel of the tile: face, sides and top
    FACE = "face"  # the visible big face only (the real Hong Kong set labels faces)


class BoxClass(IntEnum):
    """Detection classes (Ultralytics label ids)."""

    TILE = 0
    BACK = 1


MIN_READABLE = 0.5  # the least fraction of a face that must show for its identity to count
DETECTION_NAMES = {BoxClass.TILE.value: "tile", BoxClass.BACK.value: "back"}


@dataclass(frozen=True)
class SceneTile:
    """One tile as it appears in a scene.

    ``xyxy``: tight axis-aligned box (pixels) of the tile's visible pixels (face and body);
    ``corners``: the face's four corners (TL, TR, BR, BL of the upright face, pixels, 4x2 float32), which
    can lie outside the image; ``visible``: fraction of the tile's projected area that is not hidden;
    ``face_shown``: fraction of its big face's projected area that shows in the photo (0 when the face is
    turned away). A face under ``MIN_READABLE`` shown cannot be named (``readable``): evaluation does not
    score its identity, and training does not learn from it.
    """

    xyxy: tuple[float, float, float, float]
    tile_id: str
    is_back: bool
    corners: np.ndarray = field(compare=False, repr=False)
    visible: float = 1.0
    face_visible: bool = True
    mask_id: int = 0  # value of this tile's pixels in ``Scene.mask``
    face_xyxy: tuple[float, float, float, float] | None = None  # box of the visible big face only
    in_hand: bool = True  # False for what lies around the hand (walls, discards, an opponent's tiles)
    face_shown: float = 1.0

    @property
    def readable(self) -> bool:
        """A face that shows enough of itself to be named: turned towards the camera, at least
        ``MIN_READABLE`` of it in view (not behind a rack's lip, another tile, a finger or the frame)."""
        return not self.is_back and self.face_visible and self.face_shown >= MIN_READABLE

    def box(self, kind: BoxKind | str = BoxKind.TILE) -> tuple[float, float, float, float]:
        """The label box: ``BoxKind.TILE`` (face and body, the default) or ``BoxKind.FACE`` (the visible
        picture, or back, alone: the convention of the real Hong Kong set; the tile box when no face shows)."""
        if BoxKind(kind) is BoxKind.FACE and self.face_xyxy is not None:
            return self.face_xyxy
        return self.xyxy

    @property
    def class_id(self) -> int:
        """Detection class: 0 ``tile`` (face visible) or 1 ``back``."""
        return BoxClass.BACK.value if self.is_back else BoxClass.TILE.value


@dataclass(frozen=True)
class Scene:
    """A rendered photo (``image``, BGR uint8) and its tiles, left to right as laid out."""

    image: np.ndarray = field(repr=False)
    tiles: list[SceneTile]
    layout: Layout
    seed: int
    style: int = 0
    settings: dict[str, object] = field(default_factory=dict, compare=False)
    mask: np.ndarray | None = field(default=None, repr=False, compare=False)  # uint8 ids (0 = not a tile)
    face_mask: np.ndarray | None = field(default=None, repr=False, compare=False)  # ids of big faces only

    @property
    def boxes(self) -> list[SceneTile]:
        """Alias of ``tiles`` (the name docs/ARCHITECTURE.md uses)."""
        return self.tiles

    def yolo_lines(self, box: BoxKind | str = BoxKind.TILE) -> list[str]:
        """Ultralytics label lines ``cls xc yc w h`` (normalised) for every tile in the scene."""
        h, w = self.image.shape[:2]
        lines = []
        for t in self.tiles:
            lines.append(yolo_line(t.class_id, t.box(BoxKind(box)), w, h))
        return lines
