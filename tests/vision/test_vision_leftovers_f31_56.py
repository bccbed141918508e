"""Session 56 (f31): small vision leftovers.
1. ``Recognizer.load(tileset=...)`` of a set of no game fixes the game its readings are scored as
   (``HandReading.scored_as``, ``read --json``) from the kinds the set learnt, as ``vision.scorable.set_kinds`` does,
   not from its classifier's classes: a set whose classes are Tokyo Mahjong's but which learnt flowers and one man
   tile was stamped "tokyo-mahjong".
2. ``coverage_warnings`` names a dataset's own kinds with their ids on English screens ("秋 (f3)"), as the Label
   page does; Japanese keeps the name alone ("秋").
Tile sets are fakes (the shipped hk-mahjong set's model files, their classes renamed), as in
tests/app/test_app_leftovers_f28_56.py."""
from __future__ import annotations

import json
import os
from pathlib import Path

from scorer.catalog import load_game

TOKYO = [t.id for t in load_game("tokyo-mahjong").tiles]  # 37: the red fives too
FLOWERS = [f"f{i}" for i in range(1, 6)]  # 42 classes in all: the shipped classifier's count


def fake_set(taught, models: Path, name: str, classes: list[str], stamp: int, **meta) -> Path:
    """A fake tile set ``name`` of no game whose classifier names ``classes`` first, its ``tileset.json`` given
    ``meta``."""
    folder = taught(models, name, "")
    spec = json.loads((folder / "classifier.json").read_text(encoding="utf-8"))
    spec["classes"] = classes + spec["classes"][len(classes):]
    (folder / "classifier.json").write_text(json.dumps(spec), encoding="utf-8")
    path = folder / "tileset.json"
    path.write_text(json.dumps({**json.loads(path.read_text(encoding="utf-8")), **meta}), encoding="utf-8")
    os.utime(path, (stamp, stamp))
    return folder


# ---------------------------------------------------------------- 1. scored_as by the kinds learnt

def test_a_set_of_no_game_is_stamped_with_the_game_of_the_kinds_it_learnt(taught, models):
    """Before: ``scored_as`` "tokyo-mahjong" (fixed at load from the 37 Tokyo classes of 42), while
    ``scoring_game`` and the photo page said no game."""
    from vision import Recognizer
    from vision.scorable import scoring_game

    kinds = TOKYO + FLOWERS
    fake_set(taught, models, "flowers", kinds, 1_000_000, learnt={k: 9 for k in FLOWERS + ["1m"]})
    fake_set(taught, models, "riichi", kinds, 2_000_000, learnt={k: 9 for k in TOKYO[:30]})
    flowers = Recognizer.load(tileset="flowers", boxcheck=False, orient=False)
    assert flowers.scored_as == "" == scoring_game(flowers)
    riichi = Recognizer.load(tileset="riichi", boxcheck=False, orient=False)
    assert riichi.scored_as == "tokyo-mahjong" == scoring_game(riichi)


def test_a_set_written_before_sets_said_what_they_learnt_goes_by_its_classes(taught, models):
    from vision import Recognizer

    fake_set(taught, models, "old", TOKYO + FLOWERS, 1_000_000)  # no "learnt": every class
    assert Recognizer.load(tileset="old", boxcheck=False, orient=False).scored_as == "tokyo-mahjong"


# ---------------------------------------------------------------- 2. own kinds with their ids in English

OWN = {"f3": "秋", "f7": "菊", "f1": "春"}


def test_english_warnings_name_a_datasets_own_kinds_with_their_ids():
    """Before: "(秋, 菊)" and "(春)" on an English screen: no id to find the kind by in ``read`` or the data."""
    from vision.enroll import coverage_warnings

    never, thin = coverage_warnings(["1m", "f1", "f3", "f7"], [9, 1, 0, 0], "tokyo-mahjong", own=OWN)
    assert "(秋 (f3), 菊 (f7))" in never, never
    assert "春 (f1)" in thin, thin


def test_japanese_warnings_keep_the_own_names_alone():
    from vision.enroll import coverage_warnings

    never, thin = coverage_warnings(["1m", "f1", "f3", "f7"], [9, 1, 0, 0], "tokyo-mahjong", japanese=True, own=OWN)
    assert "秋" in never and "菊" in never and "f3" not in never and "f7" not in never, never
    assert "春" in thin and "f1" not in thin, thin


def test_an_own_kind_given_no_name_is_said_by_its_id_alone():
    from vision.enroll import coverage_warnings

    for japanese in (False, True):
        [never] = coverage_warnings(["1m", "f9"], [9, 0], "tokyo-mahjong", japanese=japanese, own={"f9": "f9"})
        assert "(f9)" in never and "f9 (f9)" not in never, never
