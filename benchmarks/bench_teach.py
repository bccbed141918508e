"""The Label page's Teach, end to end on real photos: N Hong Kong enrolment photos (labels corrected), all
accepted, taught as the page teaches them (``tilelens.labelling.teach.start``, a child process), then the
new tile set measured on the held-out Hong Kong photos.

    .venv/bin/python benchmarks/bench_teach.py --photos 20 --seed 0 --minutes 2 --base tokyo-mahjong

The tile set is written to a copy of ``models/`` in a temporary folder (the shipped models are not
touched). Prints the progress the page shows as it goes, the wall time from the button to the tile set,
and ``tilelens eval``'s table for the held-out photos.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from cli_args import description  # noqa: E402
from hk_enroll_data import write as hk_data  # noqa: E402
from tilelens.labelling import set_done, teach  # noqa: E402
from tilelens.labelling.editing import photo_paths  # noqa: E402
from tilelens.labelling.yolo import read_data_yaml  # noqa: E402


def accept_all(root: Path) -> int:
    """Mark every photo of the dataset accepted, as a person on the Label page would."""
    photos = photo_paths(root, read_data_yaml(root))
    for photo in photos:
        set_done(root, photo)
    return len(photos)


def main() -> int:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--photos", type=int, default=20, help="enrolment photos drawn at random (default 20)")
    p.add_argument("--seed", type=int, default=0, help="the draw (default 0)")
    p.add_argument("--minutes", type=float, default=2.0, help="training time (default 2)")
    p.add_argument("--base", default="tokyo-mahjong", help="the start (default tokyo-mahjong; none for scratch)")
    a = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-teach-") as tmp:
        tmp = Path(tmp)
        models = tmp / "models"
        shutil.copytree(ROOT / "models", models, ignore=shutil.ignore_patterns("tilesets"))
        os.environ["TILELENS_MODELS"] = str(models)
        data = hk_data(tmp / "photos", count=a.photos, seed=a.seed).parent
        print(f"{accept_all(data)} photos accepted in {data}")
        start = time.monotonic()
        job = teach.start(data, "bench", None if a.base == "none" else a.base, a.minutes)
        shown = None
        while (job := teach.status(data)).state == "running":
            now = (job.stage, int(job.fraction * 10))
            if now != shown:
                print(f"{time.monotonic() - start:6.1f} s  {job.stage:<8} {job.fraction:.0%}", flush=True)
                shown = now
            time.sleep(1)
        wall = (time.monotonic() - start) / 60
        print(f"{job.state}: {job.message} ({wall:.2f} min from the button to the tile set)")
        if job.state != "done":
            print(job.log_tail(), file=sys.stderr)
            return 1
        return subprocess.call([str(Path(sys.executable).with_name("tilelens")), "eval", "--data", "hk-heldout",
                                "--tileset", "bench", "--no-set-limit"], env=os.environ)


if __name__ == "__main__":
    raise SystemExit(main())
