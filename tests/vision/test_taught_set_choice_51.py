"""Which of several tile sets taught for a club's edition reads it (session 51, item 3): the newest, unless a set
measured on the same photos kept out did clearly better (a 1-epoch set taught last no longer reads every photo
worse). Tile sets are fakes (``taught``, the root conftest): their ``tileset.json`` given a measure here."""
import json
import os

import pytest

from scorer.catalog import load_game
from vision import recognizer
from vision.recognizer import Recognizer

SAME = ["a" * 64, "b" * 64]  # the digests of the photos kept out of both sets
OTHER = ["c" * 64, "d" * 64]


def _measured(folder, right, tiles=40, photos=SAME):
    """Give the fake set ``folder`` a measure on the photos kept out, as ``tilelens enroll`` writes it."""
    path = folder / "tileset.json"
    meta, stamp = json.loads(path.read_text(encoding="utf-8")), path.stat().st_mtime_ns
    meta["held_out"] = {"photos": 2, "tiles": tiles, "right": right, "share": round(right / tiles, 4),
                        **({"photos_sha256": photos} if photos is not None else {})}
    path.write_text(json.dumps(meta), encoding="utf-8")
    os.utime(path, ns=(stamp, stamp))  # as taught then


def test_a_newer_set_clearly_worse_on_the_same_photos_does_not_read_the_edition(taught, models, edition):
    _measured(taught(models, "good", str(edition), stamp=1_000_000), right=36)  # 90 %
    _measured(taught(models, "one-epoch", str(edition), stamp=2_000_000), right=12)  # 30 %, taught last
    spec = load_game(str(edition))
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["good", "one-epoch"]
    rec = Recognizer.load(game=str(edition), boxcheck=False, orient=False)
    assert rec.tileset == "good" and rec.taught_for == ("good", "one-epoch")


def test_the_newest_reads_unless_clearly_worse_on_the_same_photos(taught, models, edition):
    _measured(taught(models, "old", str(edition), stamp=1_000_000), right=36)
    _measured(taught(models, "close", str(edition), stamp=2_000_000), right=35)  # one tile fewer: not clearly worse
    _measured(taught(models, "other-photos", str(edition), stamp=3_000_000), right=12, photos=OTHER)
    spec = load_game(str(edition))
    # measured on other photos: no comparison (it may have learnt the photos the others were measured on)
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["other-photos", "close", "old"]


def test_a_set_measured_on_no_photos_or_before_sets_said_which_is_compared_with_none(taught, models, edition):
    _measured(taught(models, "old", str(edition), stamp=1_000_000), right=36, photos=None)  # before session 51
    taught(models, "unmeasured", str(edition), stamp=2_000_000)  # too few photos to keep some out
    _measured(taught(models, "newest", str(edition), stamp=3_000_000), right=10, photos=None)
    spec = load_game(str(edition))
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["newest", "unmeasured", "old"]


@pytest.fixture
def env(tmp_path, monkeypatch):
    """As test_enroll_49's: a home of its own, English."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.delenv("LANG", raising=False)
    return tmp_path


def test_enroll_keeps_which_photos_it_measured_on_the_same_when_taught_again(env):
    """``tileset.json``'s ``held_out`` names the photos kept out (their digests): a set taught again from the same
    accepted photos is measured on the same ones, which is what lets ``taught_tilesets`` compare the two."""
    from test_enroll_49 import _accept, _dataset, _enroll

    root = _dataset(env / "myset", 12)
    _accept(root, 12)
    assert _enroll(env, root / "data.yaml", "first") == 0 and _enroll(env, root / "data.yaml", "again") == 0
    first, again = (json.loads((env / "models" / "tilesets" / name / "tileset.json").read_text())
                    for name in ("first", "again"))
    kept = first["held_out"]["photos_sha256"]
    assert len(kept) == 2 and kept == sorted(kept) and kept == again["held_out"]["photos_sha256"]
    assert recognizer._held_out_measure(first)[0] == tuple(sorted(kept))
