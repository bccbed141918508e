"""Session 55 (f14): a tile set carries the kinds its set does not have (``tileset.json``'s ``absent``, copied by
``tilelens enroll`` from the dataset's ``absent:``, ``tilelens label kinds --absent``), and a reading with it does not
say them as kinds its model never learnt (``unlearnt_kinds``): a Hong Kong set has no red fives, so "never learnt:
0m, 0p, 0s" on every photo read with ``hk-mahjong`` told a player nothing they could act on."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tilelens.labelling.kinds import set_absent
from vision.recognizer import Recognizer, RecognizerError, read_tileset_meta

MODELS = Path(__file__).resolve().parents[2] / "models"
RED_FIVES = ["0m", "0p", "0s"]


def _with_absent(folder: Path, absent) -> Path:
    """The fake set in ``folder`` (hk-mahjong's classifier: tokyo-mahjong's kinds but the red fives, and flowers)
    saying ``absent`` in its ``tileset.json``."""
    meta = json.loads((folder / "tileset.json").read_text(encoding="utf-8"))
    meta["absent"] = absent
    (folder / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    return folder


def _load(**kwargs) -> Recognizer:
    return Recognizer.load(boxcheck=False, orient=False, **kwargs)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")


def test_a_set_of_no_game_without_red_fives_said_absent_never_learnt_none(home, models, taught):
    taught(models, "plain", "")  # the control: the set says nothing of what it lacks
    assert _load(tileset="plain").unlearnt_kinds == tuple(RED_FIVES)
    _with_absent(taught(models, "hk-copy", ""), RED_FIVES)
    rec = _load(tileset="hk-copy")
    assert rec.unlearnt_kinds == () and rec.tilesets_naming_all == ()
    assert rec.scored_as == "tokyo-mahjong"  # still scored as riichi: only the warning goes


def test_only_the_kinds_said_absent_are_left_out(home, models, taught):
    _with_absent(taught(models, "no-red-man", ""), ["0m"])
    assert _load(tileset="no-red-man").unlearnt_kinds == ("0p", "0s")


def test_a_set_taught_for_the_game_or_read_as_it_leaves_its_absent_kinds_out_too(home, models, taught):
    _with_absent(taught(models, "for-riichi", "tokyo-mahjong"), RED_FIVES)
    assert _load(tileset="for-riichi").unlearnt_kinds == ()
    _with_absent(taught(models, "hk-copy", ""), RED_FIVES)
    assert _load(tileset="hk-copy", game="tokyo-mahjong").unlearnt_kinds == ()  # the photo page's set for a game


def test_the_shipped_hong_kong_set_says_it_has_no_red_fives(home):
    assert read_tileset_meta(MODELS / "tilesets" / "hk-mahjong")["absent"] == RED_FIVES
    rec = _load(tileset="hk-mahjong", models_dir=MODELS)
    assert rec.unlearnt_kinds == () and rec.tilesets_naming_all == ()


@pytest.mark.parametrize("absent", ["0m 0p 0s", [0], {"0m": True}])
def test_an_absent_that_is_no_list_of_kinds_is_said_in_one_line(home, models, taught, absent):
    folder = _with_absent(taught(models, "broken", ""), absent)
    with pytest.raises(RecognizerError) as raised:
        _load(tileset="broken")
    said = str(raised.value)
    assert "absent" in said and str(folder / "tileset.json") in said and "\n" not in said, said
    assert "absent" in raised.value.message_ja


# ---------------------------------------------------------------- enroll copies the dataset's absent kinds

def _support():
    from test_enroll_49 import _support as support  # the teaching tests' dataset helpers

    return support()


TINY = ["--epochs", "1", "--width", "8", "--crop-size", "32", "--orient-minutes", "0", "--no-detector-crops",
        "--hold-out", "0"]
PHOTOS = {"a": ["1m", "1p", "1s", "2m"], "b": ["2m", "1s", "1p", "1m"], "c": ["3m", "3m", "1m", "1p"]}


def _enrol(tmp_path, data: Path, name: str) -> dict:
    from tilelens.cli import main as tilelens

    models = tmp_path / "models"
    assert tilelens(["enroll", "--name", name, "--data", str(data), "--models", str(models),
                     "--work", str(tmp_path / "run" / name), *TINY]) == 0
    return json.loads((models / "tilesets" / name / "tileset.json").read_text(encoding="utf-8"))


def test_enrol_writes_the_kinds_the_dataset_says_absent_into_the_tile_set(home, tmp_path, capsys):
    root = _support().make_dataset(tmp_path / "hk", PHOTOS)  # a tokyo-mahjong dataset
    set_absent(root, RED_FIVES)  # as `tilelens label kinds hk/ --absent 0m 0p 0s` says it
    meta = _enrol(tmp_path, root / "data.yaml", "no-reds")
    assert meta["absent"] == RED_FIVES
    plain = _support().make_dataset(tmp_path / "plain", PHOTOS)
    assert _enrol(tmp_path, plain, "plain")["absent"] == []  # a dataset saying none: the set lacks none
