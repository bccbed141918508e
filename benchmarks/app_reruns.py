"""How much work each page of the app does on a rerun (every tap on a phone reruns the whole page script).

    YOLO_OFFLINE=1 .venv/bin/python benchmarks/app_reruns.py [--reruns 5]

For each page, under Streamlit's AppTest (the browser's own painting is not included): the first run (the page
opened, a photo uploaded on the photo page), then the median of ``--reruns`` reruns after a typical tap (a tile
fixed on the photo page, a tile added on the manual page, a draw recorded on the ledger page, a rerun of the
label and event pages). Beside the times, the calls per tap rerun of the expensive things, counted by wrapping
them: the recognizer's read and load, photo decoding, the boxed photo drawn, tile pictures drawn, scoring and
waits, game files parsed, ledger reads and sqlite connections. Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from cli_args import description  # noqa: E402

COUNTS: Counter[str] = Counter()


def _count(owner, name: str, label: str) -> None:
    """Wrap ``owner.name`` so that each call adds one to ``COUNTS[label]``."""
    inner = getattr(owner, name)
    if isinstance(inner, staticmethod):
        inner = inner.__func__

    def counted(*args, **kwargs):
        COUNTS[label] += 1
        return inner(*args, **kwargs)

    counted.__wrapped__ = inner
    setattr(owner, name, counted)


def install_counters() -> None:
    import app.components.photo as photo
    import app.components.resources as resources
    import app.components.scoring as scoring
    import scorer.catalog as catalog
    import tilelens.ledger as ledger
    import vision.image_io as image_io
    from vision import Recognizer

    _count(Recognizer, "read", "Recognizer.read")
    _count(Recognizer, "read_turned", "Recognizer.read_turned")
    Recognizer.load = classmethod(_counted_load(Recognizer.load.__func__))
    _count(image_io, "load_image_sized", "decode (load_image_sized)")
    _count(photo, "boxed", "photo.boxed (draw)")
    _count(photo, "photo_melds", "photo.photo_melds")
    _count(scoring, "score_hand", "scoring.score_hand")
    _count(scoring, "hand_waits", "scoring.hand_waits")
    _count(scoring, "score", "scorer score (via scoring)")
    _count(scoring, "winning_hint", "scoring.winning_hint")
    _count(catalog, "parse_game", "catalog.parse_game (file parsed)")
    _count(catalog, "load_game", "catalog.load_game")
    _count(resources, "tilesets_for", "resources.tilesets_for")
    _count(ledger.Ledger, "matches", "Ledger.matches")
    _count(ledger.Ledger, "table", "Ledger.table")
    _count(ledger.Ledger, "hands", "Ledger.hands")
    _count(ledger.Ledger, "_connect", "sqlite connect")
    try:
        import vision.faces as faces

        _count(faces, "render_face", "faces.render_face")
    except ImportError:
        pass


def _counted_load(inner):
    def load(cls, *args, **kwargs):
        COUNTS["Recognizer.load (model)"] += 1
        return inner(cls, *args, **kwargs)

    return load


def as_a_server_runs() -> None:
    """What a served app does once and AppTest redoes on every run, done once (as ``tests/app/conftest.py``
    does): the scan of installed packages for components, and the page scripts' compilation (a server keeps
    their bytecode). Left in, they are 60 ms of each rerun that a phone does not wait for."""
    from streamlit.components.v2 import manifest_scanner
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner

    found = manifest_scanner.scan_component_manifests()
    scripts = ScriptCache()
    manifest_scanner.scan_component_manifests = lambda max_workers=None: list(found)
    app_test.ScriptCache = lambda: scripts
    local_script_runner.ScriptCache = lambda: scripts


def timed(step) -> tuple[float, Counter[str]]:
    """Seconds ``step()`` took and what it called."""
    COUNTS.clear()
    start = time.perf_counter()
    at = step()
    took = time.perf_counter() - start
    assert not at.exception, [e.value for e in at.exception]
    return took, Counter(COUNTS)


def report(page: str, first: tuple[float, Counter], taps: list[tuple[float, Counter]], tap: str) -> None:
    seconds = [s for s, _ in taps]
    print(f"\n== {page}")
    print(f"  first run           {first[0] * 1000:8.0f} ms")
    print(f"  rerun after {tap:<9}{statistics.median(seconds) * 1000:7.0f} ms median of {len(taps)} "
          f"(min {min(seconds) * 1000:.0f}, max {max(seconds) * 1000:.0f})")
    names = sorted(set(first[1]) | {k for _, c in taps for k in c})
    for name in names:
        per = [c.get(name, 0) for _, c in taps]
        print(f"    {name:<34} first {first[1].get(name, 0):4d}   per tap rerun {statistics.median(per):5.1f}")


def photo_page(n: int, phone: bool) -> None:
    from app_helpers import open_page, synthetic

    hand = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]
    data = synthetic("yokai-watch", hand, 5)
    if phone:  # re-encoded at a phone camera's 12 MP, as a phone uploads it
        from bench_app import phone_sized

        data = phone_sized([data])[0]
    at = open_page("score_photo", "yokai-watch")
    first = timed(lambda: at.file_uploader(key="photo_upload").set_value(("hand.jpg", data, "image/jpeg")).run())
    taps, opens = [], []
    for i in range(n):
        opens.append(timed(lambda: at.button(key="photo_tile_0").click().run()))  # the picker opens
        kind = ("yokai-04", "yokai-05")[i % 2]
        taps.append(timed(lambda: at.button(key=f"photo_pick_{kind}").click().run()))
    what = f"score_photo (yokai-watch, synthetic photo{', 12 MP' if phone else ''}, {len(data) // 1024} KiB)"
    report(what, first, taps, "tile fix")
    report(what, first, opens, "picker")


def manual_page(n: int, game: str, kinds: list[str], other: str) -> None:
    """A hand of ``kinds`` but its last entered, then (timed) its last tile added (or ``other``, every other
    time: the hand scored is a new one), and taken out again; and
    (timed) the picker opened on the hand one short (its waits listed), which changes no tile."""
    from app_helpers import open_page

    at = open_page("score_manual", game)
    first = timed(lambda: at.run())
    for kind in kinds[:-1]:
        at.button(key=f"manual_add_{kind}").click().run()
    taps, opens = [], []
    last = len(kinds) - 1
    for i in range(n):
        added = (kinds[-1], other)[i % 2]
        taps.append(timed(lambda: at.button(key=f"manual_add_{added}").click().run()))
        at.button(key=f"manual_tile_{last}").click().run()
        at.button(key="manual_remove").click().run()
        opens.append(timed(lambda: at.button(key="manual_tile_0").click().run()))
        at.button(key="manual_cancel").click().run()
    report(f"score_manual ({game})", first, taps, "tile add")
    report(f"score_manual ({game}, hand one short)", first, opens, "picker")


def ledger_page(n: int) -> None:
    from app_helpers import open_page

    at = open_page("ledger", "nogizaka")
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy, Di")
    first = timed(lambda: at.button(key="FormSubmitter:ledger_new-Start the match").click().run())
    taps = []
    for _ in range(n):
        (draw,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_draw")]
        taps.append(timed(lambda: draw.click().run()))
    report("ledger (nogizaka, a draw recorded)", first, taps, "record")


def label_page(n: int, tmp: Path) -> None:
    from app_helpers import LABEL_PHOTOS, label_dataset, open_page

    os.environ["TILELENS_LABEL_DIR"] = str(label_dataset(tmp / "ds", LABEL_PHOTOS))
    first = timed(lambda: open_page("label"))
    at = open_page("label")
    taps = [timed(lambda: at.run()) for _ in range(n)]
    report("label (3-photo dataset)", first, taps, "rerun")


def event_page(n: int) -> None:
    from app_helpers import open_page

    first = timed(lambda: open_page("event_check", "yokai-watch"))
    at = open_page("event_check", "yokai-watch")
    taps = [timed(lambda: at.run()) for _ in range(n)]
    report("event_check (yokai-watch)", first, taps, "rerun")


def main() -> None:
    parser = argparse.ArgumentParser(description=description(__doc__))
    parser.add_argument("--reruns", type=int, default=5, help="tap reruns timed per page (the median is shown)")
    parser.add_argument("--pages", default="score_photo,score_manual,ledger,label,event_check",
                        help="the pages to open, comma-separated")
    args = parser.parse_args()
    os.environ.setdefault("YOLO_OFFLINE", "1")
    tmp = Path(tempfile.mkdtemp(prefix="tilelens-reruns-"))
    os.environ["TILELENS_HOME"] = str(tmp / "home")
    os.environ["TILELENS_LEDGER"] = str(tmp / "ledger.sqlite")
    as_a_server_runs()
    install_counters()
    pages = args.pages.split(",")
    if "score_photo" in pages:
        photo_page(args.reruns, phone=False)
        photo_page(args.reruns, phone=True)
    if "score_manual" in pages:
        manual_page(args.reruns, "yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"],
                    "yokai-04")
        manual_page(args.reruns, "tokyo-mahjong",
                    ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"], "2z")
    if "ledger" in pages:
        ledger_page(args.reruns)
    if "label" in pages:
        label_page(args.reruns, tmp)
    if "event_check" in pages:
        event_page(args.reruns)


if __name__ == "__main__":
    main()
