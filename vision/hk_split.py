"""The fixed split of the real Hong Kong mahjong photos (../shared/datasets/hk-mahjong-real/).

Enrolment and detector training may use only the ``enroll`` part; every figure on real photos is measured
on the ``heldout`` part. The split is a hash of the file name, so it never depends on listing order.
"""
from __future__ import annotations

import hashlib
import os
import sysconfig
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


# Labels of the upstream photos found wrong (`tilelens label audit`, each checked by eye): one row per box,
# by the image's file name and the 1-based line of its label file. `scripts/hk_enroll_data.py --corrected`
# applies them; the shared photos and labels themselves are never changed.
CORRECTIONS = Path(__file__).resolve().parents[1] / "datasets" / "hk-mahjong-real" / "label-corrections.csv"
# The same file installed from a wheel (pyproject.toml's [tool.setuptools.data-files]: a wheel has no datasets/ beside
# the packages), under the environment's data folder: the virtual environment's, or the user's for `pip install --user`.
INSTALLED_CORRECTIONS = Path("share") / "tilelens" / "hk-mahjong-real" / "label-corrections.csv"


class CorrectionsError(ValueError):
    """A corrections file that cannot be applied; the message names the file, the row and why."""


def _installed_corrections() -> list[Path]:
    """Where a wheel installed the corrections: under each data folder this Python installs to."""
    folders = [sysconfig.get_path("data")]
    try:
        folders.append(sysconfig.get_path("data", sysconfig.get_preferred_scheme("user")))
    except KeyError:  # no user scheme on this platform
        pass
    return list(dict.fromkeys(Path(folder) / INSTALLED_CORRECTIONS for folder in folders if folder))


def corrections_path() -> Path:
    """The corrections CSV: the checkout's (``CORRECTIONS``), else the one a wheel installed; the checkout's
    where neither is there (reading it then says so)."""
    if CORRECTIONS.is_file():
        return CORRECTIONS
    return next((p for p in _installed_corrections() if p.is_file()), CORRECTIONS)


def hk_corrections(path: Path | None = None) -> dict[tuple[str, int], tuple[str, str]]:
    """``(image name, line) -> (upstream kind, corrected kind)`` from the corrections CSV (``path``, by default
    :func:`corrections_path`'s; columns ``image, line, upstream, corrected``)."""
    import csv

    if path is None:
        path = corrections_path()
        if not path.is_file():
            looked = " or ".join(str(p) for p in [CORRECTIONS, *_installed_corrections()])
            raise CorrectionsError(f"the corrections of the Hong Kong photos' labels are not here (looked for {looked}): "
                                   "install tilelens again, or use hk-heldout-upstream (the labels as published)")
    fixes: dict[tuple[str, int], tuple[str, str]] = {}
    try:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except OSError as exc:
        raise CorrectionsError(f"{path}: cannot be read ({exc.strerror})") from None
    for n, row in enumerate(rows, start=2):
        try:
            key = (row["image"], int(row["line"]))
            was, now = row["upstream"], row["corrected"]
        except (KeyError, TypeError, ValueError):
            raise CorrectionsError(f"{path}, row {n}: needs image, line (a number), upstream and corrected") from None
        bad = [k for k in (was, now) if k not in HK_NAMES]
        if bad or key[1] < 1 or key in fixes:
            why = f"unknown kind {bad[0]!r}" if bad else "line must be 1 or more" if key[1] < 1 else "box given twice"
            raise CorrectionsError(f"{path}, row {n}: {why}")
        fixes[key] = (was, now)
    return fixes


def corrected_labels(image_name: str, text: str, fixes: dict[tuple[str, int], tuple[str, str]]) -> str:
    """One image's YOLO label text with its corrections applied. A correction whose line does not hold
    the upstream kind it names is refused: the labels are not the ones it was made for.

    >>> corrected_labels("a.jpg", "2 0.5 0.5 0.1 0.1\\n", {("a.jpg", 1): ("1p", "4s")})
    '18 0.5 0.5 0.1 0.1\\n'
    """
    mine = {line: change for (name, line), change in fixes.items() if name == image_name}
    if not mine:
        return text  # as published, byte for byte
    lines = text.splitlines()
    for line, (was, now) in mine.items():
        fields = lines[line - 1].split() if line <= len(lines) else []
        if not fields or fields[0] != str(HK_NAMES.index(was)):
            found = HK_NAMES[int(fields[0])] if fields and fields[0].isdigit() and int(fields[0]) < len(HK_NAMES) \
                else "nothing"
            raise CorrectionsError(f"{image_name}, line {line}: the correction expects {was}, the label says {found}")
        lines[line - 1] = " ".join([str(HK_NAMES.index(now))] + fields[1:])
    return "".join(f"{line}\n" for line in lines)
