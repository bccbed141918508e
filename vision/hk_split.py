"""The fixed split of the real Hong Kong mahjong photos (../shared/datasets/hk-mahjong-real/).

Enrolment and detector training may use only the ``enroll`` part; every figure on real photos is measured
on the ``heldout`` part. The split is a hash of the file name, so it never depends on listing order.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

HK_NAMES = ("f1 1m 1p 1s 1z f2 2m 2p 2s 2z f3 3m 3p 3s 3z f4 4m 4p 4s 4z f5 5m 5p 5s 5z "
            "f6 6m 6p 6s 6z f7 7m 7p 7s 7z f8 8m 8p 8s 9m 9p 9s").split()


def hk_root() -> Path:
    """Where the shared real photos are: $TILELENS_HK_DIR, else ../shared/datasets/hk-mahjong-real."""
    env = os.environ.get("TILELENS_HK_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared" / "datasets" / "hk-mahjong-real"


def part_of(image_name: str) -> str:
    """``"enroll"`` (60%) or ``"heldout"`` (40%) for a file name.

    >>> part_of("a.jpg") in {"enroll", "heldout"}
    True
    """
    h = int(hashlib.sha1(Path(image_name).name.encode()).hexdigest(), 16)
    return "enroll" if h % 10 < 6 else "heldout"


def hk_images(part: str, root: Path | None = None) -> list[Path]:
    """Sorted image paths of one part (``enroll`` or ``heldout``)."""
    root = root or hk_root()
    return sorted(p for p in (root / "images").glob("*.jpg") if part_of(p.name) == part)
