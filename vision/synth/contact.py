"""A contact sheet: synthetic scenes on the left half, real photos of the shared set on the right."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import cv2
import numpy as np

from scorer.result import TilelensInputError, said_in
from vision.hk_split import hk_images, hk_root
from vision.synth.dataset import render_scene


# A sheet's size: 8 rows of 8 thumbnails of 512 px each side is 8,208 x 4,096 pixels (100 MB in memory); more
# (``--rows 100000 --cols 100000 --thumb 8192``) runs out of memory, and 2 x rows x cols scenes are rendered first.
MAX_GRID = 8
MAX_THUMB = 512


class ContactSheetError(TilelensInputError):
    """The sheet cannot be written (no real photos, bad output path)."""


# Why the sheet cannot be written, in each language (the error carries both; ``scorer.result.cli_lang`` picks).
WORDS: dict[str, dict[str, str]] = {
    "en": {"unreadable": "cannot read the real photo {path}",
           "no_real": "no real photos under {root} (set TILELENS_HK_DIR)",
           "suffix": "--out {out} must be a .png file", "unwritten": "could not write {out}",
           "too_big": "a sheet of {rows} rows of {cols} photos of {thumb} px is not made: rows and cols from 1 "
                      "to {grid}, thumb from 1 to {most} px"},
    "ja": {"unreadable": "実物の写真 {path} を読めません",
           "no_real": "{root} に実物の写真がありません (TILELENS_HK_DIR を指定してください)",
           "suffix": "--out {out} は .png のファイルにしてください", "unwritten": "{out} に書き出せませんでした",
           "too_big": "{rows}行 {cols}列、{thumb}ピクセルの写真のシートは作りません: 行 (rows) と列 (cols) は "
                      "1 から {grid} まで、写真の辺 (thumb) は 1 から {most}ピクセルまでです"},
}
_said = partial(said_in, WORDS)


def _error(key: str, **values) -> ContactSheetError:
    """A ``ContactSheetError`` saying ``WORDS[...][key]`` in English and Japanese."""
    return ContactSheetError(_said(key, "en", **values), _said(key, "ja", **values))


def _label(img: np.ndarray, text: str) -> np.ndarray:
    """``img`` with ``text`` at its top left: ASCII only (OpenCV's Hershey font draws no Japanese, and no other font
    is at hand), so the sheet is the same in both languages."""
    out = img.copy()
    cv2.rectangle(out, (0, 0), (len(text) * 9 + 8, 20), (0, 0, 0), -1)
    cv2.putText(out, text, (4, 15), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (255, 255, 255), 1, cv2.LINE_AA)
    return out


def _read(path: Path) -> np.ndarray:
    """A real photo as the reader reads it (``vision.image_io.load_image``: upright as its EXIF says, HEIC too), BGR."""
    from vision.image_io import ImageError, load_image

    try:
        return load_image(path)
    except ImageError:
        raise _error("unreadable", path=path) from None


def real_photos(n: int, seed: int) -> list[Path]:
    """``n`` real photos (enrolment part of the shared split), chosen by ``seed``."""
    photos = hk_images("enroll")
    if not photos:
        raise _error("no_real", root=hk_root())
    rng = np.random.default_rng(seed)
    return [photos[i] for i in rng.choice(len(photos), size=min(n, len(photos)), replace=False)]


def image_stats(images: list[np.ndarray]) -> dict[str, float]:
    """Medians over ``images`` of brightness and saturation (HSV V and S, 0-255) and sharpness (variance
    of the Laplacian of the grey image): a number beside the by-eye comparison."""
    hsv = np.array([cv2.cvtColor(im, cv2.COLOR_BGR2HSV).reshape(-1, 3).mean(axis=0) for im in images])
    sharp = [float(cv2.Laplacian(cv2.cvtColor(im, cv2.COLOR_BGR2GRAY), cv2.CV_32F).var()) for im in images]
    return {"brightness": float(np.median(hsv[:, 2])), "saturation": float(np.median(hsv[:, 1])),
            "sharpness": float(np.median(sharp))}


def contact_sheet(out: Path, game_id: str = "hk-mahjong", seed: int = 0, rows: int = 3, cols: int = 3,
                  thumb: int = 256) -> tuple[Path, dict[str, dict[str, float]]]:
    """Write the sheet to ``out`` (PNG); returns its path and ``image_stats`` of both sides."""
    if out.suffix.lower() != ".png":
        raise _error("suffix", out=out)
    if not (1 <= rows <= MAX_GRID and 1 <= cols <= MAX_GRID and 1 <= thumb <= MAX_THUMB):
        raise _error("too_big", rows=rows, cols=cols, thumb=thumb, grid=MAX_GRID, most=MAX_THUMB)
    n = rows * cols
    real_full = [cv2.resize(_read(p), (640, 640)) for p in real_photos(n, seed)]
    synth_full = [render_scene(game_id, seed, i, 640).image for i in range(n)]
    stats = {"synthetic": image_stats(synth_full), "real": image_stats(real_full)}
    real = [cv2.resize(im, (thumb, thumb), interpolation=cv2.INTER_AREA) for im in real_full]
    synth = [cv2.resize(im, (thumb, thumb), interpolation=cv2.INTER_AREA) for im in synth_full]
    gap = np.full((thumb, 8, 3), 255, np.uint8)
    lines = []
    for r in range(rows):
        left = [_label(s, f"synthetic {r * cols + c}") for c, s in enumerate(synth[r * cols:(r + 1) * cols])]
        right = [_label(s, "real") for s in real[r * cols:(r + 1) * cols]]
        while len(right) < cols:
            right.append(np.zeros_like(left[0]))
        lines.append(np.hstack([*left, gap, gap, *right]))
    ok, png = cv2.imencode(".png", np.vstack(lines))  # any file name: cv2.imwrite crashed on one that is no UTF-8
    if not ok:
        raise _error("unwritten", out=out)
    from tilelens.labelling.store import atomic_write_bytes  # here: tilelens imports vision

    # written beside it and put in its place whole (a sheet cut short never replaces one, nor is left half
    # written); a folder, a pipe or a device at ``out`` refused, never replaced; an OSError names ``out``, not the
    # file beside it
    atomic_write_bytes(Path(out), png.tobytes())
    return out, stats
