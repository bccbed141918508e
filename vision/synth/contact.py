"""A contact sheet: synthetic scenes on the left half, real photos of the shared set on the right."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from scorer.result import TilelensInputError
from vision.hk_split import hk_images, hk_root
from vision.synth.dataset import render_scene


class ContactSheetError(TilelensInputError):
    """The sheet cannot be written (no real photos, bad output path)."""


def _label(img: np.ndarray, text: str) -> np.ndarray:
    out = img.copy()
    cv2.rectangle(out, (0, 0), (len(text) * 9 + 8, 20), (0, 0, 0), -1)
    cv2.putText(out, text, (4, 15), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (255, 255, 255), 1, cv2.LINE_AA)
    return out


def real_photos(n: int, seed: int) -> list[Path]:
    """``n`` real photos (enrolment part of the shared split), chosen by ``seed``."""
    photos = hk_images("enroll")
    if not photos:
        raise ContactSheetError(f"no real photos under {hk_root()} (set TILELENS_HK_DIR)")
    rng = np.random.default_rng(seed)
    return [photos[i] for i in rng.choice(len(photos), size=min(n, len(photos)), replace=False)]


def contact_sheet(out: Path, game_id: str = "hk-mahjong", seed: int = 0, rows: int = 3, cols: int = 3,
                  thumb: int = 256) -> Path:
    """Write the sheet to ``out`` (PNG) and return its path."""
    if out.suffix.lower() != ".png":
        raise ContactSheetError(f"--out {out} must be a .png file")
    n = rows * cols
    real = [cv2.resize(cv2.imread(str(p)), (thumb, thumb), interpolation=cv2.INTER_AREA) for p in real_photos(n, seed)]
    synth = [cv2.resize(render_scene(game_id, seed, i, 640).image, (thumb, thumb), interpolation=cv2.INTER_AREA)
             for i in range(n)]
    gap = np.full((thumb, 8, 3), 255, np.uint8)
    lines = []
    for r in range(rows):
        left = [_label(s, f"synthetic {r * cols + c}") for c, s in enumerate(synth[r * cols:(r + 1) * cols])]
        right = [_label(s, "real") for s in real[r * cols:(r + 1) * cols]]
        while len(right) < cols:
            right.append(np.zeros_like(left[0]))
        lines.append(np.hstack([*left, gap, gap, *right]))
    out.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(out), np.vstack(lines)):
        raise ContactSheetError(f"could not write {out}")
    return out
