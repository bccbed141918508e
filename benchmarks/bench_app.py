"""How long the app takes to score a photo once its models are loaded.

    YOLO_OFFLINE=1 .venv/bin/python benchmarks/bench_app.py [--game yokai-watch] [--photos 20]
    YOLO_OFFLINE=1 .venv/bin/python benchmarks/bench_app.py --real   # Tokyo Mahjong, real Hong Kong photos
                                                                     # read with the enrolled hk-mahjong set

Three figures, all warm (after one photo has loaded the models):
- the decode alone (the uploaded bytes to the page's working size, ``app.components.photo.decode``);
- the score path the photo page runs, as plain calls: decode (straight to 1600 px) + read (the recognizer), the
  boxed photo drawn, and the hand scored;
- the whole page script run under Streamlit's AppTest after a new photo is uploaded (every widget,
  picture and the result drawn; the browser's own painting is not included).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cli_args import description  # noqa: E402

HANDS = {
    "yokai-watch": ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"],
    "nogizaka": ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3,
    "cinderella-neo": None,  # a random hand of 9 distinct idols
    "tokyo-mahjong": ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"],
}


def photos(game_id: str, count: int) -> list[bytes]:
    """``count`` synthetic JPEG photos of a hand of ``game_id`` (different seeds)."""
    import cv2

    from scorer import load_game
    from vision.synth import render_hand

    hand = HANDS.get(game_id) or [k.id for k in load_game(game_id).tiles if not k.almighty][:9]
    out = []
    for seed in range(count):
        ok, buf = cv2.imencode(".jpg", render_hand(game_id, hand, seed=seed).image)
        out.append(buf.tobytes())
    return out


def real_photos(count: int) -> list[bytes]:
    """Held-out real photos of the shared Hong Kong mahjong set."""
    from vision.hk_split import hk_root, part_of

    paths = [p for p in sorted((hk_root() / "images").glob("*.jpg")) if part_of(p.name) == "heldout"]
    return [p.read_bytes() for p in paths[:count]]


def phone_sized(data: list[bytes], wh: tuple[int, int] = (4032, 3024)) -> list[bytes]:
    """The photos re-encoded at a phone camera's 12 MP, as a phone uploads them."""
    import cv2
    import numpy as np

    out = []
    for photo in data:
        image = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR)
        ok, buf = cv2.imencode(".jpg", cv2.resize(image, wh, interpolation=cv2.INTER_CUBIC),
                               [cv2.IMWRITE_JPEG_QUALITY, 90])
        out.append(buf.tobytes())
    return out


def bench_decode(data: list[bytes]) -> list[float]:
    """Seconds per photo for the page's decode alone (``app.components.photo.decode``)."""
    from app.components.photo import decode

    decode(data[0])
    times = []
    for photo in data:
        start = time.perf_counter()
        decode(photo)
        times.append(time.perf_counter() - start)
    return times


def bench_calls(game_id: str, data: list[bytes], tileset: str | None = None) -> list[float]:
    """Seconds per photo for the page's score path as plain calls."""
    from app.components.options import HandOptions
    from app.components.photo import boxed, read_photo
    from app.components.scoring import score_hand
    from scorer import load_game
    from vision import Recognizer

    game = load_game(game_id)
    recognizer = Recognizer.load(tileset=tileset) if tileset else Recognizer.load(game=game_id)
    known = {k.id for k in game.tiles}
    read_photo(data[0], recognizer, known)  # warm: first inference allocates
    options = HandOptions("tsumo", True, 4, False, {"win": "tsumo", "riichi": True, "players": 4})
    times = []
    for photo in data:
        start = time.perf_counter()
        reading = read_photo(photo, recognizer, known)
        boxed(reading.image_rgb, reading.tiles, reading.hand)
        if len(reading.hand) == game.hand_size:
            try:
                score_hand(game, reading.hand, options)
            except Exception:  # noqa: BLE001 - a misread hand may be refused; the time still counts
                pass
        times.append(time.perf_counter() - start)
    return times


def bench_page(game_id: str, data: list[bytes], tileset: str | None = None) -> list[float]:
    """Seconds per AppTest run of the photo page after each new upload."""
    from streamlit.testing.v1 import AppTest

    os.environ["TILELENS_HOME"] = tempfile.mkdtemp()
    at = AppTest.from_file(str(ROOT / "app" / "main.py"), default_timeout=120).run()
    at.session_state["lang"] = "en"
    at.switch_page("views/score_photo.py").run()
    at.selectbox(key="game_id").set_value(game_id).run()
    if tileset:
        at.selectbox(key="photo_tileset").set_value(tileset).run()
    at.file_uploader(key="photo_upload").set_value(("warm.jpg", data[0], "image/jpeg")).run()
    times = []
    for i, photo in enumerate(data[1:]):
        at.file_uploader(key="photo_upload").set_value((f"p{i}.jpg", photo, "image/jpeg"))
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception, [e.value for e in at.exception]
    return times


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(f"{name}: p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms over {len(ms)} photos")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=description(__doc__))
    parser.add_argument("--game", default="yokai-watch", choices=sorted(HANDS))
    parser.add_argument("--photos", type=int, default=20)
    parser.add_argument("--real", action="store_true", help="Tokyo Mahjong on real photos, hk-mahjong tile set")
    parser.add_argument("--phone", action="store_true", help="upload each photo at 4032x3024 (12 MP)")
    args = parser.parse_args(argv)
    if args.real:
        game, tileset, data = "tokyo-mahjong", "hk-mahjong", real_photos(args.photos + 1)
        what = f"{len(data) - 1} real held-out Hong Kong photos, tile set {tileset}"
    else:
        game, tileset, data = args.game, None, photos(args.game, args.photos + 1)
        what = f"{args.photos} synthetic 640-px photos"
    if args.phone:
        data, what = phone_sized(data), what + " re-encoded at 4032x3024"
    print(f"game {game}, {what}, {os.cpu_count()} CPUs")
    report("decode alone (to the app's working size)", bench_decode(data))
    report("score path (decode, read, draw, score)", bench_calls(game, data, tileset))
    report("photo page run after an upload (AppTest)", bench_page(game, data, tileset))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
