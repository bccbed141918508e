"""Support for the event-check tests (no tests here): tiny drawn photos and an exact reader that knows them.

The checker's reading step is a parameter; ``ExactReader`` stands in for the recognizer so that the
folders, the rules and the reports are tested without models (test_event_e2e.py uses the real models).
"""
from __future__ import annotations

import hashlib
import os
import pickle
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from tilelens.event.layout import Photo
from tilelens.event.reading import load_photo

M = ["misa-senpai", "sayurin", "maimai", "marika", "rarin", "sayunyan", "minami", "miona", "himetan", "miria",
     "kotoko", "ashu"]
# A legal Nogizaka deal: every hand of distinct members (far from winning), no member more than 6 times.
CLEAN = {"1": M[0:9], "2": M[4:12], "3": [M[i] for i in (0, 2, 4, 6, 8, 10, 11, 1)],
         "4": [M[i] for i in (1, 3, 5, 7, 9, 11, 0, 2)]}
# A legal Cinderella Girls deal (8 each), every hand at least two tiles from a win.
IDOLS = [["shiina-noriko", "kimura-natsuki", "hayasaka-mirei", "shirayuki-chiyo", "houjou-karen", "sagisawa-fumika",
          "hayami-kanade", "anasutashia"],
         ["kohinata-miho", "tachibana-arisu", "miyamoto-furederika", "katagiri-sanae", "sunazuka-akira", "aiba-yumi",
          "kobayakawa-sae", "takafuji-kako"],
         ["igarashi-kyouko", "shirasaka-koume", "hori-yuuko", "morikubo-nono", "yusa-kozue", "koshimizu-sachiko",
          "ichinose-shiki", "murakami-tomoe"],
         ["wakiyama-tamami", "hoshi-shouko", "sakuma-mayu", "honda-mio", "fujiwara-hajime", "shiragiku-hotaru",
          "ootsuki-yui", "maekawa-miku"]]


def japanese(text: str) -> bool:
    """True if ``text`` holds kana or kanji: what the tests of the Japanese messages (event and label) look for."""
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


@dataclass
class FakeTile:
    xyxy: tuple[float, float, float, float]
    kind: str
    confidence: dict[str, float]
    is_back: bool = False


@dataclass
class FakeReading:
    tiles: list[FakeTile] = field(default_factory=list)


class ExactReader:
    """Knows, by their pixels, the drawings this test wrote, and counts how often it is called."""

    def __init__(self):
        self.known: dict[str, list[tuple[str, float]]] = {}
        self.calls = 0

    def draw(self, path: Path, kinds: list[str], conf: dict[int, float] | None = None, salt: int = 0) -> None:
        conf = conf or {}
        img = Image.new("RGB", (20 + 30 * len(kinds), 60), (40, 120, 60))
        d = ImageDraw.Draw(img)
        for i, k in enumerate(kinds):
            shade = int(hashlib.md5(k.encode()).hexdigest()[:2], 16)
            d.rectangle([10 + 30 * i, 10, 35 + 30 * i, 50], fill=(shade, 255 - shade, (shade * 7 + salt) % 256))
        img.save(path)
        key = self.key(load_photo(Photo(path.name, path=path)))
        self.known[key] = [(k, conf.get(i, 0.98)) for i, k in enumerate(kinds)]

    @staticmethod
    def key(image: np.ndarray) -> str:
        return hashlib.sha256(image.tobytes()).hexdigest()

    def __call__(self, image: np.ndarray) -> FakeReading:
        self.calls += 1
        tiles = self.known[self.key(image)]
        # the kind "back" stands for a tile seen face down (a wall photo), as the recognizer reports it
        return FakeReading([FakeTile((10 + 30 * i, 10, 35 + 30 * i, 50), k, {"detection": 0.99, "kind": c},
                                     is_back=k == "back")
                            for i, (k, c) in enumerate(tiles)])


def make_table(reader: ExactReader, root: Path, name: str, hands: dict[str, list[str]], dealer: str = "1",
               conf: dict[str, dict[int, float]] | None = None) -> Path:
    d = root / name
    d.mkdir(parents=True)
    for seat, kinds in hands.items():
        fname = f"seat{seat}-dealer.png" if seat == dealer else f"seat{seat}.png"
        # a salt per table keeps equal hands at two tables apart (the reader knows photos by their pixels)
        reader.draw(d / fname, kinds, (conf or {}).get(seat), salt=sum(name.encode()))
    return d


# A table of Yokai Watch tiles read as Nogizaka's: a surplus (sayurin 9 times: the set has fewer), a short seat 3 and a
# tile to confirm at seat 4 (0.4), all misreads of another set's tiles (``misread_table``).
MISREAD = {"1": M[0:9], "2": ["sayurin"] * 8, "3": M[0:7], "4": M[4:12]}


@dataclass
class OtherGameReading:
    """A reading whose tiles do not look like the game's (``vision.HandReading.other_game``)."""

    tiles: list = field(default_factory=list)
    other_game: bool = True


class WrongGameReader(ExactReader):
    """``ExactReader`` that flags the photos of ``flagged`` seats' file names (all when None) as another game's,
    and says which game they look like (``looks_like``: the recognizer reader's guess; "" for none)."""

    def __init__(self, looks: str = "yokai-watch", flagged: set[str] | None = None):
        super().__init__()
        self.looks, self.flagged, self.names = looks, flagged, {}

    def draw(self, path, kinds, conf=None, salt=0):
        super().draw(path, kinds, conf, salt)
        self.names[list(self.known)[-1]] = path.name

    def __call__(self, image):
        reading = super().__call__(image)
        name = self.names[self.key(image)]
        if self.flagged is None or any(name.startswith(f"seat{s}") for s in self.flagged):
            return OtherGameReading(reading.tiles)
        return reading

    def looks_like(self, image, reading) -> str:
        return self.looks


class YokaiReader(ExactReader):
    """Seats ``flagged`` read as another game's tiles (``other_game``), looking like Yokai Watch's; seats
    ``likelier`` read surer as Yokai Watch (the recognizer's other classifiers), though above the flag."""

    def __init__(self, flagged: set[str], likelier: set[str] = frozenset()):
        super().__init__()
        self.flagged, self.surer, self.names = flagged, likelier, {}

    def draw(self, path, kinds, conf=None, salt=0):
        super().draw(path, kinds, conf, salt)
        self.names[list(self.known)[-1]] = path.name

    def _seat(self, image) -> str:
        return self.names[self.key(image)][4]

    def __call__(self, image):
        reading = super().__call__(image)
        return OtherGameReading(reading.tiles) if self._seat(image) in self.flagged else reading

    def looks_like(self, image, reading) -> str:
        return "yokai-watch"

    def likelier(self, image, reading) -> str:
        return "yokai-watch" if self._seat(image) in self.surer else ""


def misread_table(tmp_path: Path, reader: ExactReader):
    """The report of a Nogizaka table ``t1`` of ``MISREAD`` read by ``reader``, checked alone."""
    from scorer import load_game
    from tilelens.event.layout import read_table_folder
    from tilelens.event.runner import check_table

    make_table(reader, tmp_path / "ev", "t1", MISREAD, conf={"4": {0: 0.4}})
    return check_table(read_table_folder(tmp_path / "ev" / "t1", 4), load_game("nogizaka"), reader)[0]


def write_table(folder: Path, files: dict[str, bytes]) -> Path:
    """A table folder of the photos ``files`` (seat: a JPEG's bytes), seat 1 the dealer."""
    folder.mkdir(parents=True)
    for seat, data in files.items():
        (folder / (f"seat{seat}-dealer.jpg" if seat == "1" else f"seat{seat}.jpg")).write_bytes(data)
    return folder


def same_reader(reader: ExactReader, game_id: str) -> ExactReader:
    """A reader factory for worker processes: ``functools.partial(same_reader, reader)`` pickles."""
    return reader


class TroubledReader(ExactReader):
    """``ExactReader`` that takes its time over some photos (a slow table) or dies on one (a worker the system
    kills, out of memory). Each such read leaves a file named by its process id in ``marks``, so that a test
    knows which processes are at work and when."""

    def __init__(self, marks: Path):
        super().__init__()
        self.marks = marks
        self.slow: dict[str, float] = {}
        self.fatal: dict[str, tuple[Path, ...]] = {}

    def slow_down(self, photo: Path, seconds: float) -> None:
        self.slow[self.key(load_photo(Photo(photo.name, path=photo)))] = seconds

    def die_on(self, photo: Path, after: tuple[Path, ...] = ()) -> None:
        """Reading ``photo`` kills the process, once the files ``after`` are there (other tables' reports)."""
        self.fatal[self.key(load_photo(Photo(photo.name, path=photo)))] = after

    def __call__(self, image: np.ndarray) -> FakeReading:
        key = self.key(image)
        if key in self.slow or key in self.fatal:
            (self.marks / str(os.getpid())).touch()
        if key in self.fatal:
            deadline = time.monotonic() + 30
            while not all(p.is_file() for p in self.fatal[key]) and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.5)  # the other workers' results reach the parent first
            os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(self.slow.get(key, 0.0))
        return super().__call__(image)


def cli_in_its_own_group(reader: ExactReader, argv: list[str], tmp_path: Path) -> subprocess.Popen:
    """``tilelens check argv`` in a new process (the leader of its own process group, as a terminal runs a
    command), reading with ``reader`` in place of the models."""
    (tmp_path / "reader.pickle").write_bytes(pickle.dumps(reader))
    script = ("import signal  # as a terminal starts a command, not as this test run was left: Ctrl-C raises,\n"
              "signal.signal(signal.SIGINT, signal.default_int_handler)  # and no signal is blocked\n"
              "signal.pthread_sigmask(signal.SIG_SETMASK, [])\n"
              f"import functools, pickle, sys; sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
              f"from test_event_support import same_reader\n"
              f"from tilelens import cli\nfrom tilelens.event import cli as event_cli\n"
              f"from tilelens.event.runner import check_event\n"
              f"reader = pickle.loads(open({str(tmp_path / 'reader.pickle')!r}, 'rb').read())\n"
              f"factory = functools.partial(same_reader, reader)\n"
              f"event_cli.check_event = functools.partial(check_event, factory=factory)\n"
              f"sys.exit(cli.main({['check', *argv]!r}))\n")
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def processes_in_group(group: int) -> list[int]:
    """The live processes of a process group (zombies not counted), from /proc."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z" and int(fields[2]) == group:
            alive.append(int(stat.parent.name))
    return alive


def wait_for(condition, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
