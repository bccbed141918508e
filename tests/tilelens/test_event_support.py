"""Support for the event-check tests (no tests here): tiny drawn photos and an exact reader that knows them.

The checker's reading step is a parameter; ``ExactReader`` stands in for the recognizer so that the
folders, the rules and the reports are tested without models (test_event_e2e.py uses the real models).
"""
from __future__ import annotations

import hashlib
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


def same_reader(reader: ExactReader, game_id: str) -> ExactReader:
    """A reader factory for worker processes: ``functools.partial(same_reader, reader)`` pickles."""
    return reader
