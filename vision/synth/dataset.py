"""Write a synthetic training set: Ultralytics detection layout, rectified classifier crops with an index,
and a dataset card. Scene ``i`` is a pure function of (game, seed, i), so two workers (or any number)
write the same files as one.

Layout under ``out_dir``::

    data.yaml                      train, val, names {0: tile, 1: back}; no path: (read from its own folder)
    images/{train,val}/NNNNNN.jpg  photos
    labels/{train,val}/NNNNNN.txt  ``cls xc yc w h`` per tile
    crops/{train,val}/NNNNNN_KK.jpg  perspective-corrected faces (upright), CROP_WH
    crops/index.jsonl              one line per crop: image, crop, tile_id, attrs, xyxy, corners, split
    kinds/data.yaml, kinds/{images,labels}/  the same photos (hard links) labelled by tile kind
    scenes.jsonl                   one line per scene: every tile with box, id, is_back, visible fraction
    CARD.md                        what, how many, seed, settings
"""
from __future__ import annotations

import itertools
import json
import multiprocessing as mp
import os
import shutil
import signal
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
from tqdm import tqdm

from vision.cli_args import progress_bar  # a bar where stderr is a terminal, lines in a log

from scorer.paths import FOLDER_NOUN, refuse_loop
from scorer.result import TilelensInputError, quoted_ja
from vision.cropset import bar_said
from vision.data_yaml import CARD_TITLE, synth_set  # how a set's card begins (CARD_TITLE: importable from here too)
from vision.detections import yolo_line
from vision.faces import HK_GAME, synth_game
from vision.faces.draw import stable_int
from vision.hk_split import HK_NAMES
from vision.synth.compose import compose
from vision.synth.scene import DETECTION_NAMES, MIN_READABLE, BoxKind, Layout, Scene

CROP_WH = (96, 128)
# How often each layout appears in a training set.
LAYOUT_WEIGHTS = {Layout.RACK: 0.35, Layout.FLAT: 0.2, Layout.SCATTERED: 0.2, Layout.MELDS: 0.1, Layout.GRID: 0.15}
MIN_CROP_VISIBLE = 0.8  # only well-visible faces make classifier crops
MAX_CROPS_PER_SCENE = 6
# The most photos one set holds: a million 640 px photos are some 100 GB with their crops, days of rendering on a
# laptop; a count past it is a typing slip (``--count 99999999999999999999``), refused before anything is made.
MAX_COUNT = 1_000_000


class DatasetError(TilelensInputError):
    """Bad arguments for a dataset (count, fraction, size)."""


@dataclass(frozen=True)
class Job:
    """What one worker needs to render and write scene ``index``."""

    game_id: str
    seed: int
    index: int
    imgsz: int
    split: str
    out_dir: str
    box: str = BoxKind.TILE.value


def scene_rng(seed: int, index: int, game_id: str = "") -> np.random.Generator:
    """The generator of scene ``index`` of the set with ``seed`` (independent of worker order); the game
    is mixed in so that sets of two games made with one seed do not share cameras and tables."""
    return np.random.default_rng([int(seed), int(index), stable_int("game", game_id) & 0xFFFFFFFF, 0x7117E])


def sample_hand(game_id: str, rng: np.random.Generator, layout: Layout) -> list[str]:
    """Tile ids for one training scene: the game's hand size (grids hold more), kinds near uniform
    so that rare kinds (Almighty, red fives, flowers) are seen as often as common ones, each at most as many times
    as the set holds it."""
    game = synth_game(game_id)
    n = game.hand_size - int(rng.integers(0, 2))
    if layout is Layout.GRID:
        n = int(rng.integers(n, 3 * n))
    if layout is Layout.SCATTERED:  # from a few tiles to a pile being shuffled
        n = int(rng.integers(max(3, n // 2), int(2.5 * n)))
    pool = [t.id for t in game.tiles for _ in range(max(t.copies, 4))]
    picks = rng.choice(len(pool), size=min(n, len(pool)), replace=False)
    # drawn near uniform, but never more of a kind than the set holds (a nogizaka set's 2 almighty-yellow, not 4):
    # `label check --game` would flag the photo, and a person could not fix it
    copies, seen, hand = {t.id: t.copies for t in game.tiles}, Counter(), []
    for i in picks:
        if seen[pool[i]] < copies[pool[i]]:
            seen[pool[i]] += 1
            hand.append(pool[i])
    return hand


def render_scene(game_id: str, seed: int, index: int, imgsz: int) -> Scene:
    """Training scene ``index`` of the set with ``seed``."""
    rng = scene_rng(seed, index, game_id)
    kinds = list(LAYOUT_WEIGHTS)
    p = np.array([LAYOUT_WEIGHTS[k] for k in kinds])
    layout = kinds[int(rng.choice(len(kinds), p=p / p.sum()))]
    ids = sample_hand(game_id, rng, layout)
    return compose(game_id, ids, rng, layout, imgsz, extras=True)


def write_image(path: Path, image: np.ndarray, params: list[int] | tuple[int, ...] = (), whole: bool = False) -> bool:
    """Write ``image`` to ``path`` in the format its suffix names (``cv2.imencode``), False where OpenCV writes no
    such format; any file name (``cv2.imwrite`` takes a path as UTF-8 text: a name that is no UTF-8, such as
    ``$'\\xff.jpg'``, crashed the process). A path that cannot be written raises ``OSError`` naming ``path`` (a full
    disk's error named no file). ``whole``: written whole or not at all (a temporary file beside it, synced and put in
    its place: ``tilelens.labelling.store.atomic_write_bytes``), so a write that finds no room leaves no empty photo
    that blocks the retry, nor spoils the one --force was to replace: for one photo the user names; else (a set's
    pictures: a dataset's scenes, thousands of new files in a folder a stopped run leaves marked unfinished, where a
    sync each would slow it) written as it is, the file removed where the write fails."""
    try:
        ok, data = cv2.imencode(path.suffix, image, list(params))
    except cv2.error:  # a suffix no encoder takes
        return False
    if not ok:
        return False
    if whole:
        from tilelens.labelling.store import atomic_write_bytes

        atomic_write_bytes(path, data.tobytes())
        return True
    try:
        path.write_bytes(data.tobytes())
    except OSError as exc:
        if exc.filename is not None or exc.errno is None:  # not opened (named already): nothing of it written
            raise
        path.unlink(missing_ok=True)  # opened, then no room: not an empty or cut-short photo among the set's
        raise OSError(exc.errno, exc.strerror, str(path)) from exc
    return True


def rectify(image: np.ndarray, corners: np.ndarray, wh: tuple[int, int] = CROP_WH) -> np.ndarray:
    """The face seen head-on: warp the quad ``corners`` (TL, TR, BR, BL) to a ``wh`` rectangle."""
    w, h = wh
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    M = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    return cv2.warpPerspective(image, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _inside(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    h, w = shape[:2]
    return bool((corners[:, 0] >= 0).all() and (corners[:, 0] <= w).all() and (corners[:, 1] >= 0).all()
                and (corners[:, 1] <= h).all())


def write_scene(job: Job) -> tuple[dict, list[dict]]:
    """Render and write one scene; returns its scene record and its crop records."""
    game = synth_game(job.game_id)
    scene = render_scene(job.game_id, job.seed, job.index, job.imgsz)
    out = Path(job.out_dir)
    stem = f"{job.index:06d}"
    img_rel = f"images/{job.split}/{stem}.jpg"
    write_image(out / img_rel, scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    lines = scene.yolo_lines(BoxKind(job.box))
    (out / f"labels/{job.split}/{stem}.txt").write_text("".join(line + "\n" for line in lines))
    _write_kind_view(out, job, scene)
    crops = []
    for k in _crop_choice(scene, job):
        t = scene.tiles[k]
        crop_rel = f"crops/{job.split}/{stem}_{k:02d}.jpg"  # JPEG: a third of PNG's write time
        write_image(out / crop_rel, rectify(scene.image, t.corners), [cv2.IMWRITE_JPEG_QUALITY, 95])
        crops.append({"image": img_rel, "crop": crop_rel, "split": job.split, "tile_id": t.tile_id,
                      "attrs": dict(game.tile(t.tile_id).attrs), "xyxy": [round(v, 1) for v in t.xyxy],
                      "corners": np.round(t.corners.astype(np.float64), 1).tolist(), "style": scene.style,
                      "in_hand": t.in_hand})
    record = {"image": img_rel, "split": job.split, "layout": scene.layout.value, "style": scene.style,
              "box": BoxKind(job.box).value,  # what the label files box: each whole tile, or its face
              "tiles": [{"tile_id": t.tile_id, "is_back": t.is_back, "xyxy": [round(v, 1) for v in t.xyxy],
                         "face_xyxy": [round(v, 1) for v in t.face_xyxy] if t.face_xyxy else None,
                         "visible": t.visible, "face_shown": t.face_shown, "in_hand": t.in_hand}
                        for t in scene.tiles],
              "settings": scene.settings}
    return record, crops


def kind_names(game_id: str) -> list[str]:
    """Class names of the kinds view: the catalog's tile ids (for ``hk-mahjong`` in the order of the real
    Hong Kong set's data.yaml, so that models trained on either agree)."""
    if game_id == HK_GAME:
        return list(HK_NAMES)
    return [t.id for t in synth_game(game_id).tiles]


def _write_kind_view(out: Path, job: Job, scene: Scene) -> None:
    """The same photo in ``kinds/`` (a hard link) labelled by tile kind, for classifiers that cut their own
    crops from Ultralytics datasets: every readable face (``SceneTile.readable``: at least ``MIN_READABLE``
    of its face in view), and no other tile. (Not also "at least half the whole tile visible": a tile packed
    among others, in a grid or a tray, hides its sides behind its neighbours and shows under half of its
    box while its face shows whole; such faces were left unlabelled here: 18 of 27 in one grid.)"""
    names = {n: i for i, n in enumerate(kind_names(job.game_id))}
    h, w = scene.image.shape[:2]
    lines = []
    for t in scene.tiles:
        if t.readable and t.tile_id in names:
            lines.append(yolo_line(names[t.tile_id], t.box(BoxKind(job.box)), w, h) + "\n")
    stem = f"{job.index:06d}"
    link = out / "kinds" / "images" / job.split / f"{stem}.jpg"
    link.unlink(missing_ok=True)
    try:
        os.link(out / "images" / job.split / f"{stem}.jpg", link)
    except OSError:  # a file system without hard links: copy
        shutil.copyfile(out / "images" / job.split / f"{stem}.jpg", link)
    (out / "kinds" / "labels" / job.split / f"{stem}.txt").write_text("".join(lines))


def _crop_choice(scene: Scene, job: Job) -> list[int]:
    """Which tiles of a scene give classifier crops: well-visible faces inside the frame, at most
    MAX_CROPS_PER_SCENE of them (a fixed random choice: crops of one photo are alike, and each file
    costs as much to write as a tenth of the photo)."""
    ok = [k for k, t in enumerate(scene.tiles) if t.readable and t.visible >= MIN_CROP_VISIBLE
          and _inside(t.corners, scene.image.shape)]
    if len(ok) <= MAX_CROPS_PER_SCENE:
        return ok
    rng = np.random.default_rng([job.seed, job.index, 0xC0])
    return sorted(int(k) for k in rng.choice(ok, MAX_CROPS_PER_SCENE, replace=False))


def check_dataset_args(game_id: str, count: int, imgsz: int, val_fraction: float, seed: int) -> None:
    synth_game(game_id)  # raises the scorer's error for an unknown game
    if count < 1:
        raise DatasetError(f"count must be at least 1, got {count}", f"写真の数 (count) は 1 以上にしてください (いま {count})")
    if count > MAX_COUNT:
        raise DatasetError(f"count must be at most {MAX_COUNT:,} photos, got {count}",
                           f"写真の数 (count) は {MAX_COUNT:,}枚までです (いま {count})")
    if seed < 0:
        raise DatasetError(f"seed must be 0 or more, got {seed}", f"シード (seed) は 0 以上にしてください (いま {seed})")
    if imgsz < 64 or imgsz % 32:
        raise DatasetError(f"imgsz must be a multiple of 32 and at least 64, got {imgsz}",
                           f"画像の辺 (imgsz) は 32 の倍数で 64 以上にしてください (いま {imgsz})")
    if not 0.0 <= val_fraction < 1.0:
        raise DatasetError(f"val_fraction must be in [0, 1), got {val_fraction}",
                           f"検証用の割合 (val_fraction) は 0 以上 1 未満にしてください (いま {val_fraction})")


_GENERATED = ("images", "labels", "crops", "kinds", "scenes.jsonl", "data.yaml", "CARD.md")


def check_out_name(out_dir: Path) -> None:
    """``DatasetError`` where ``out_dir``'s full path is no UTF-8 text (a name's byte such as ``$'\\xff'``):
    data.yaml names the folder in UTF-8 (``path:``), and a YAML reader could not find the photos it names;
    ``LinkLoopError`` where it is a link that goes round in a loop (``ln -s lp lp``: on Python 3.11 ``resolve``
    raises a ``RuntimeError`` of it)."""
    refuse_loop(out_dir, FOLDER_NOUN)
    try:
        str(out_dir.resolve()).encode("utf-8")
    except UnicodeEncodeError:
        raise DatasetError(f"--out {out_dir}: the folder's path is not UTF-8 text, and data.yaml names the folder in "
                           "UTF-8 for the training to find its photos; choose a folder whose path is UTF-8",
                           f"--out {out_dir}: フォルダのパスが UTF-8 の文字ではありません。data.yaml は学習が写真を"
                           "見つけられるようにフォルダを UTF-8 で書きます。パスが UTF-8 のフォルダにしてください"
                           ) from None


def _is_synthetic(out_dir: Path) -> bool:
    """Whether ``out_dir`` holds a set ``tilelens synth`` wrote, finished or stopped half way (its card's first
    words, :data:`CARD_TITLE`): a card that cannot be read, or is no UTF-8 text, is someone else's file."""
    return synth_set(out_dir)


def _prepare_out_dir(out_dir: Path) -> None:
    """Make ``out_dir`` ready: a new or empty folder, or an earlier synthetic set (recognised by its card, which
    a run writes first: one stopped half way is recognised too), whose generated files are removed so that no
    stale photo of a larger earlier run stays behind."""
    if out_dir.exists() and not out_dir.is_dir():
        raise DatasetError(f"--out {out_dir} is a file, not a folder",
                           f"--out {out_dir} はファイルです。フォルダを指定してください")
    if not out_dir.exists() or not any(out_dir.iterdir()):
        return
    if not _is_synthetic(out_dir):
        raise DatasetError(f"--out {out_dir} is not empty and is not a synthetic dataset; choose a new folder",
                           f"--out {out_dir} は空ではなく、合成データセットでもありません。新しいフォルダを指定してください")
    for name in _GENERATED:
        path = out_dir / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()


def write_dataset(game_id: str, count: int, out_dir: Path, seed: int = 0, imgsz: int = 640,
                  val_fraction: float = 0.1, workers: int = 2, progress: bool = True,
                  box: BoxKind | str = BoxKind.TILE) -> Path:
    """Render ``count`` scenes into ``out_dir`` (see the module docstring); returns data.yaml's path.
    ``box`` chooses what a label box covers: the whole visible tile, or only its face (``BoxKind``)."""
    try:
        box = BoxKind(box)
    except ValueError:
        choices = ", ".join(b.value for b in BoxKind)
        raise DatasetError(f"box must be one of {choices}, got {box!r}",
                           f"枠 (box) は {choices} のどれかにしてください (いま {quoted_ja(box)})") from None
    check_dataset_args(game_id, count, imgsz, val_fraction, seed)
    check_out_name(out_dir)
    _prepare_out_dir(out_dir)
    n_val = int(round(count * val_fraction)) if count > 1 else 0
    if val_fraction > 0 and count > 1:
        n_val = max(1, n_val)
    recreate = _recreate(game_id, count, out_dir, seed, imgsz, box)
    _write_unfinished_card(out_dir, game_id, recreate)  # first: a run stopped half way leaves a set known as one
    for sub in ("images", "labels", "crops", "kinds/images", "kinds/labels"):
        for split in ("train", "val"):
            (out_dir / sub / split).mkdir(parents=True, exist_ok=True)
    # one job at a time, each scene's records written as it comes: memory does not grow with the count
    jobs = (Job(game_id, seed, i, imgsz, "val" if i < n_val else "train", str(out_dir), box.value)
            for i in range(count))
    tally = Tally()
    start = time.perf_counter()
    with (open(out_dir / "scenes.jsonl", "w", encoding="utf-8") as scenes,
          open(out_dir / "crops" / "index.jsonl", "w", encoding="utf-8") as index):
        for record, crops in _run(jobs, workers, progress, total=count):
            scenes.write(json.dumps(record, ensure_ascii=False) + "\n")
            for c in crops:
                index.write(json.dumps(c, ensure_ascii=False) + "\n")
            tally.add(record, crops)
    seconds = time.perf_counter() - start
    yaml_path = _write_yaml(out_dir)
    _write_kinds_yaml(out_dir, game_id)
    _write_card(out_dir, game_id, count, n_val, seed, imgsz, tally, seconds, workers, box, recreate)
    return yaml_path


@dataclass
class Tally:
    """What the card counts over a set's scenes, kept as they are written instead of every scene's records."""

    layouts: dict[str, int] = field(default_factory=dict)
    boxes: int = 0
    backs: int = 0
    crops: int = 0

    def add(self, record: dict, crops: list[dict]) -> None:
        self.layouts[record["layout"]] = self.layouts.get(record["layout"], 0) + 1
        self.boxes += len(record["tiles"])
        self.backs += sum(t["is_back"] for t in record["tiles"])
        self.crops += len(crops)


def _worker_init() -> None:
    cv2.setNumThreads(1)  # one process per core already; OpenCV's own threads would only contend
    # Ctrl-C reaches every process of the terminal's group: a worker that took it printed "Process
    # ForkServerPoolWorker-2:" and its traceback. The command takes it, and ends the pool (``Pool.__exit__``).
    signal.signal(signal.SIGINT, signal.SIG_IGN)


BATCH_PER_WORKER = 256  # jobs handed to the pool at a time, a worker's share: the pool never holds the whole set

# The resource tracker the pool starts (a process of its own, which ignores SIGINT and SIGTERM) cleans up after a run
# killed at once (`timeout`'s SIGTERM, ``kill -9``) and said so in Python's words on the terminal: "resource_tracker:
# There appear to be 6 leaked semaphore objects to clean up at shutdown", nothing for the user to do. It takes its
# warning filters from this process's options as it starts, as ``tilelens check``'s does
# (``tilelens.event.runner._quiet_resource_tracker``; vision imports nothing of tilelens).
TRACKER_QUIET = "ignore:resource_tracker:UserWarning"


def _quiet_resource_tracker() -> None:
    """The resource tracker started after this (``TRACKER_QUIET``) says nothing of what it cleans up."""
    if TRACKER_QUIET not in sys.warnoptions:
        sys.warnoptions.append(TRACKER_QUIET)


def _run(jobs: Iterable[Job], workers: int, progress: bool, total: int | None = None
         ) -> Iterator[tuple[dict, list[dict]]]:
    """Each job's scene record and crop records, in the jobs' order, as each is written: ``jobs`` is taken a
    batch at a time and nothing is kept once given. ``total``: how many jobs (for the bar), by default
    ``len(jobs)``."""
    total = len(jobs) if total is None else total  # type: ignore[arg-type]
    bar = progress_bar(total=total, asked=progress, desc=bar_said("synth"), unit=bar_said("photo"), bar=tqdm)
    return _results(iter(jobs), total, workers, bar)


def _results(jobs: Iterator[Job], total: int, workers: int, bar: tqdm) -> Iterator[tuple[dict, list[dict]]]:
    try:
        if workers <= 1 or total < 4:
            for job in jobs:
                yield write_scene(job)
                bar.update()
            return
        # Workers come from a fork server, never from a fork of this process: a fork of a process
        # whose OpenCV (or torch) threads hold a lock deadlocks. map keeps the order of the jobs.
        _quiet_resource_tracker()  # before the fork server and the pool's locks start it
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["vision.synth.dataset"])
        # An executor, not ``multiprocessing.Pool``: SIGTERM to the command's group (`timeout`) ends the workers
        # and, in this process, the run (``tilelens.cli.signals_as_interrupt``); a Pool's ``terminate`` then
        # waited for ever on its queue's lock where a worker was killed holding it. An executor notices dead
        # workers, and is shut down without waiting for the jobs not yet begun.
        pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_worker_init)
        try:
            while batch := list(itertools.islice(jobs, workers * BATCH_PER_WORKER)):
                for res in pool.map(write_scene, batch, chunksize=4):
                    yield res
                    bar.update()
        except BaseException:  # stopped (a signal, Ctrl-C, a write that failed): the jobs not begun dropped
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    finally:
        bar.close()


# Why a set's data.yaml files have no ``path:``: the photos are read from the file's own folder, by tilelens
# (``vision.data_yaml.photos_base``) and by Ultralytics (``check_det_dataset``: the YAML file's folder where ``path``
# is missing; ``path: .`` would be the folder training is started in), so a set copied or moved keeps working.
NO_PATH = "# No path: line: the photos are read from this file's folder, wherever the folder is copied or moved.\n"


def _write_yaml(out_dir: Path) -> Path:
    names = "\n".join(f"  {k}: {v}" for k, v in DETECTION_NAMES.items())
    text = (f"# Synthetic tile photos written by `tilelens synth` (see CARD.md).\n{NO_PATH}"
            f"train: images/train\nval: images/val\nnames:\n{names}\n")
    path = out_dir / "data.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _write_kinds_yaml(out_dir: Path, game_id: str) -> Path:
    names = "\n".join(f"  {i}: {n}" for i, n in enumerate(kind_names(game_id)))
    text = (f"# The same photos labelled by tile kind ({game_id}); faces showing at least half of themselves.\n"
            f"{NO_PATH}train: images/train\nval: images/val\nnames:\n{names}\n")
    path = out_dir / "kinds" / "data.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _recreate(game_id: str, count: int, out_dir: Path, seed: int, imgsz: int, box: BoxKind) -> str:
    """The command that writes the set again."""
    return (f"tilelens synth --game {game_id} --count {count} --out {out_dir} --seed {seed} --imgsz {imgsz} "
            f"--box {box.value}")


def _write_unfinished_card(out_dir: Path, game_id: str, recreate: str) -> None:
    """The card of a set being written, in its place until the set is whole (``_write_card``): a run stopped
    half way (Ctrl-C, a crash) leaves a folder that says what it is, and that the same command rewrites."""
    out_dir.mkdir(parents=True, exist_ok=True)
    lines = [f"{CARD_TITLE}: {game_id} (unfinished)", "",
             "`tilelens synth` is writing this set, or was interrupted while writing it: not all its photos are "
             "here, and it has no data.yaml to train on. Run the command again (it rewrites this folder), or "
             "delete the folder.", "", f"Recreate: `{recreate}`"]
    (out_dir / "CARD.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_card(out_dir: Path, game_id: str, count: int, n_val: int, seed: int, imgsz: int, tally: Tally,
                seconds: float, workers: int, box: BoxKind, recreate: str) -> None:
    layouts, boxes, backs, crops = tally.layouts, tally.boxes, tally.backs, tally.crops
    lines = [
        f"{CARD_TITLE}: {game_id}", "",
        "Procedurally rendered photos of tile hands (vision/synth). Generated data: never commit it.", "",
        f"- game: `{game_id}`; seed: {seed}; image size: {imgsz} px square",
        f"- photos: {count} ({count - n_val} train, {n_val} val)",
        f"- boxes: {boxes} ({boxes - backs} `tile`, {backs} `back`), each covering "
        f"{'the visible face (or back) only' if box is BoxKind.FACE else 'the whole visible tile'} "
        f"(`--box {box.value}`); classifier crops: {crops} "
        f"({CROP_WH[0]}x{CROP_WH[1]}, upright readable faces, visible >= {MIN_CROP_VISIBLE}, at most "
        f"{MAX_CROPS_PER_SCENE} a photo)",
        f"- kinds view: `kinds/data.yaml` (same photos, labelled by tile kind; readable faces, at least "
        f"{MIN_READABLE} of the face in view), "
        f"{len(kind_names(game_id))} classes",
        f"- `scenes.jsonl`: every tile's box, id, `visible` and `face_shown` (`tilelens eval` scores "
        f"the names of faces with `face_shown` >= {MIN_READABLE} only)",
        f"- layouts: {', '.join(f'{k} {v}' for k, v in sorted(layouts.items()))}",
        f"- layout weights: {', '.join(f'{k.value} {v}' for k, v in LAYOUT_WEIGHTS.items())}",
        f"- rendered in {seconds:.1f} s with {workers} worker(s) ({count / max(seconds, 1e-9):.1f} photos/s)",
        "", f"Recreate: `{recreate}`", "",
        "Faces: catalog-driven procedural drawings; riichi style 0 uses FluffyStuff's CC0 tile art "
        "(vision/assets/riichi-fluffystuff/LICENSE.md). Japanese text: IPAex Gothic (matplotlib-fontja).",
    ]
    (out_dir / "CARD.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
