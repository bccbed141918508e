"""Where a warm ``Recognizer.read`` spends its time, photo by photo: p50/p95 of the whole read and a
breakdown by stage (decode, detector, box check, classifier views, orientation, levelling), and each
model's onnxruntime time alone.

    .venv/bin/python benchmarks/make_synth_hands.py tokyo-mahjong /tmp/speed48/r --count 20 --seed 8
    .venv/bin/python benchmarks/read_profile.py --game tokyo-mahjong /tmp/speed48/r/images --passes 3
    .venv/bin/python benchmarks/read_profile.py --tileset hk-mahjong HK_PHOTOS_DIR --photos 20
    .venv/bin/python benchmarks/read_profile.py --game tokyo-mahjong DIR --dump readings.json  # to compare readings

Stages nest (the detector runs inside levelling's second look, the box check inside the reader's box
step): each is the time spent inside that call, summed over a read. ``--cprofile N`` prints the N
functions with the most time of their own instead of the stage table. The machine is shared: see the
load average printed, and compare figures of runs made back to back.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if "--code" in sys.argv:  # another copy of the code (its vision/ package) timed with this repository's models
    CODE = Path(sys.argv[sys.argv.index("--code") + 1]).resolve()
    os.environ.setdefault("TILELENS_MODELS", str(ROOT / "models"))
    sys.path[:0] = [str(CODE), str(ROOT)]
else:
    sys.path.insert(0, str(ROOT))

IMAGES = (".jpg", ".jpeg", ".png", ".webp", ".bmp")


def photo_paths(folder: Path, count: int | None) -> list[Path]:
    """The photos of ``folder`` by name (the first ``count``)."""
    paths = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in IMAGES)
    return paths[:count] if count else paths


class Stages:
    """Time spent inside wrapped calls, by stage name, for the read in progress."""

    def __init__(self):
        self.now: dict[str, float] = defaultdict(float)
        self.reads: list[dict[str, float]] = []
        self.wrapped: list[tuple[object, str, object, bool]] = []  # (owner, attr, what it was, its own attribute)

    def wrap(self, owner, attr: str, name: str) -> None:
        fn = getattr(owner, attr)
        self.wrapped.append((owner, attr, fn, attr in getattr(owner, "__dict__", {})))

        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.now[name] += time.perf_counter() - t0

        object.__setattr__(owner, attr, timed)  # a frozen dataclass too (Orientation)

    def restore(self) -> None:
        """Undo every :meth:`wrap`, last first (the process reads untimed again)."""
        for owner, attr, fn, own in reversed(self.wrapped):
            if own:
                object.__setattr__(owner, attr, fn)
            else:  # a method looked up on the class: drop the wrapper from the instance
                object.__delattr__(owner, attr)
        self.wrapped.clear()

    def done(self) -> None:
        self.reads.append(dict(self.now))
        self.now.clear()


def instrument(rec, stages: Stages) -> None:
    """Wrap the recognizer's stages (instance attributes: nothing else in the process is touched but the
    module functions of ``vision.level`` and ``vision.image_io`` the reader calls)."""
    from vision import image_io, level

    stages.wrap(image_io, "load_image_sized", "decode")
    stages.wrap(rec.detector, "detect", "detector (whole, with zoom)")
    stages.wrap(rec.detector.session, "run", "  detector onnxruntime")
    if rec.boxcheck is not None:
        stages.wrap(rec.boxcheck, "filter", "box check (whole)")
        stages.wrap(rec.boxcheck.classifier.session, "run", "  box check onnxruntime")
    stages.wrap(rec.classifier, "classify", "classifier views (whole)")
    stages.wrap(rec.classifier.session, "run", "  classifier onnxruntime")
    if rec.orient is not None:
        stages.wrap(rec.orient, "p_upside_down", "orientation (whole)")
        stages.wrap(rec.orient.classifier.session, "run", "  orientation onnxruntime")
    stages.wrap(level, "level_photo", "levelling: turning the photo")
    stages.wrap(level, "turn_quarters", "turning a quarter / half")
    from vision import classifier

    stages.wrap(classifier, "crop_boxes", "crops cut (classifier module calls)")


def reading_dict(reading) -> dict:
    """A reading with unrounded values, to compare two runs of the code."""
    return {"kinds": [t.kind for t in reading.tiles], "xyxy": [list(map(float, t.xyxy)) for t in reading.tiles],
            "confidence": [dict(t.confidence) for t in reading.tiles],
            "alternatives": [[list(a) for a in t.alternatives] for t in reading.tiles],
            "upright": None if reading.upright is None else np.asarray(reading.upright).tolist()}


def differences(a: dict, b: dict, box_px: float = 0.5, conf: float = 1e-4) -> list[str]:
    """Where two sets of readings (``--dump`` files: photo -> :func:`reading_dict`) differ, in words: a photo
    in one only, other kinds or order, a box corner moved ``box_px`` or more, a confidence or alternative's
    probability changed by ``conf`` or more, another ``upright``; ``[]`` when they read the same."""
    out = [f"{k}: read by one only" for k in sorted(set(a) ^ set(b))]
    for k in sorted(set(a) & set(b)):
        x, y = a[k], b[k]
        if x["kinds"] != y["kinds"]:
            out.append(f"{k}: kinds {x['kinds']} != {y['kinds']}")
            continue
        if np.abs(np.asarray(x["xyxy"], float).reshape(-1, 4) - np.asarray(y["xyxy"], float).reshape(-1, 4)).max(
                initial=0.0) >= box_px:
            out.append(f"{k}: boxes moved {box_px} px or more")
        for i, (cx, cy) in enumerate(zip(x["confidence"], y["confidence"])):
            if cx.keys() != cy.keys() or any(abs(cx[n] - cy[n]) >= conf for n in cx):
                out.append(f"{k}: tile {i} confidences {cx} != {cy}")
        for i, (ax, ay) in enumerate(zip(x["alternatives"], y["alternatives"])):
            if [n for n, _ in ax] != [n for n, _ in ay] or any(abs(p - q) >= conf for (_, p), (_, q) in zip(ax, ay)):
                out.append(f"{k}: tile {i} alternatives {ax} != {ay}")
        ux, uy = x["upright"], y["upright"]
        if (ux is None) != (uy is None) or (ux is not None and not np.allclose(ux, uy, atol=1e-6)):
            out.append(f"{k}: upright {ux} != {uy}")
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))  # the whole first paragraph
    p.add_argument("folders", nargs="+", type=Path, help="folders of photos (read by name)")
    p.add_argument("--game", default=None)
    p.add_argument("--tileset", default=None)
    p.add_argument("--photos", type=int, default=None, help="the first N photos of each folder")
    p.add_argument("--passes", type=int, default=3, help="warm passes over the photos timed (default 3)")
    p.add_argument("--cprofile", type=int, default=0, help="print the N functions with most own time")
    p.add_argument("--no-stages", action="store_true", help="time whole reads only (no wrappers)")
    p.add_argument("--dump", type=Path, help="write each photo's reading (unrounded) to this JSON")
    p.add_argument("--same-as", type=Path, help="a --dump of another run: say where this run reads otherwise")
    p.add_argument("--code", type=Path, help="a copy of the repository whose vision/ package is timed instead "
                   "(the shipped code beside a change), with this repository's models")
    a = p.parse_args()
    if not (a.game or a.tileset):
        p.error("name --game or --tileset")
    from vision.recognizer import Recognizer

    rec = Recognizer.load(game=a.game, tileset=a.tileset)
    paths = [q for f in a.folders for q in photo_paths(f, a.photos)]
    data = {q: q.read_bytes() for q in paths}  # read from memory: the disk is not what is timed
    readings = {str(q): reading_dict(rec.read(data[q], q.name)) for q in paths}  # warm-up, and the readings
    if a.dump:
        a.dump.write_text(json.dumps(readings))
    if a.same_as:
        diff = differences(json.loads(a.same_as.read_text()), readings)
        print(f"readings as {a.same_as}: {'the same' if not diff else f'{len(diff)} differences'}")
        for line in diff[:20]:
            print("  " + line)
    stages = Stages()
    if not (a.no_stages or a.cprofile):
        instrument(rec, stages)
    prof = None
    if a.cprofile:
        import cProfile

        prof = cProfile.Profile()
    ms = []
    for _ in range(a.passes):
        for q in paths:
            t0 = time.perf_counter()
            if prof:
                prof.enable()
            rec.read(data[q], q.name)
            if prof:
                prof.disable()
            ms.append((time.perf_counter() - t0) * 1000)
            stages.done()
    import vision

    print(f"code {Path(vision.__file__).parents[1]}")
    print(f"{a.game or a.tileset}: {len(paths)} photos x {a.passes} passes, load average "
          f"{os.getloadavg()[0]:.2f}, cpus {os.cpu_count()}")
    print(f"whole read   p50 {np.percentile(ms, 50):6.1f} ms   p95 {np.percentile(ms, 95):6.1f} ms   "
          f"mean {np.mean(ms):6.1f} ms")
    if prof:
        import pstats

        pstats.Stats(prof).sort_stats("tottime").print_stats(a.cprofile)
        return
    names = sorted({k for r in stages.reads for k in r}, key=lambda k: -sum(r.get(k, 0) for r in stages.reads))
    for name in names:
        per = np.array([r.get(name, 0.0) for r in stages.reads]) * 1000
        print(f"  {name:<40} p50 {np.percentile(per, 50):6.1f} ms  mean {per.mean():6.1f} ms  "
              f"({100 * per.mean() / np.mean(ms):4.1f}% of a read)")


if __name__ == "__main__":
    main()
