"""Write a data.yaml that names only the enrolment part of the real Hong Kong photos.

    .venv/bin/python scripts/hk_enroll_data.py /tmp/hk-enroll     # then
    .venv/bin/tilelens enroll --name hk-mahjong --data /tmp/hk-enroll/data.yaml ...

The photos stay where they are (../shared/datasets/hk-mahjong-real/); the file lists them by path.
"""
from __future__ import annotations

import sys
from pathlib import Path

from vision.hk_split import HK_NAMES, hk_images, hk_root


def write(out: Path, part: str = "enroll") -> Path:
    """``out/data.yaml`` + ``out/<part>.txt`` for one part of the split; returns the yaml path."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{part}.txt").write_text("".join(f"{p}\n" for p in hk_images(part)), encoding="utf-8")
    names = ", ".join(HK_NAMES)
    text = f"path: {out.resolve()}\ntrain: {part}.txt\nval: {part}.txt\nnc: {len(HK_NAMES)}\nnames: [{names}]\n"
    (out / "data.yaml").write_text(text, encoding="utf-8")
    return out / "data.yaml"


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/hk-enroll")
    print(write(out, sys.argv[2] if len(sys.argv) > 2 else "enroll"), hk_root())
