"""Session 56 (f24): tile-set ordering leftovers.
1. Of the sets of no game naming every tile of a game (a set taught from a dataset with flowers reads Tokyo Mahjong),
   one clearly worse on the very photos kept out of both no longer reads first because it was taught last: they are
   compared as the sets taught for the game are (``vision.recognizer.sets_for``).
2. The Score a photo page offers a set for a game by the kinds it learnt (``tileset.json``'s ``learnt``), not its
   classifier's classes: one that learnt few of the game's kinds is offered last (and how many it knows is said by
   ``sets_knowing_few``); one whose learnt kinds are not the game's is not offered (``resources.tilesets_for``).
3. The Japanese warnings of an enrolment of no game name kinds by the base game's names (二萬 (2m), not 2m).
Tile sets are fakes (the shipped hk-mahjong set's model files, their classes renamed), as in
test_tileset_choice_f11_56.py and test_kinds_learnt_f22_56.py."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import test_kinds_learnt_f22_56 as f22
from scorer.catalog import load_game
from vision import recognizer
from vision.recognizer import Recognizer

REPO = Path(__file__).resolve().parents[2]
FRUITS = ["apple", "cherry", "lemon", "banana", "joker"]  # house-fruits' kinds
SAME = ["a" * 64, "b" * 64]  # the digests of the photos kept out of the sets compared
OTHER = ["c" * 64, "d" * 64]
TOKYO = [t.id for t in load_game("tokyo-mahjong").tiles]  # 37: the red fives too
FLOWERS = [f"f{i}" for i in range(1, 9)]


fruits = f22.fruits  # the house-fruits game of four players, as f22's tests have it


def fake_set(taught, models: Path, name: str, game: str, classes: list[str], stamp: int, **meta) -> Path:
    """A fake tile set ``name`` taught for ``game`` ("" for none) whose classifier names ``classes`` first (its other
    classes hk-mahjong's), its ``tileset.json`` given ``meta`` (``learnt``, ``held_out``...) and written at ``stamp``."""
    folder = taught(models, name, game)
    spec = json.loads((folder / "classifier.json").read_text(encoding="utf-8"))
    assert len(classes) <= len(spec["classes"])
    spec["classes"] = classes + spec["classes"][len(classes):]
    (folder / "classifier.json").write_text(json.dumps(spec), encoding="utf-8")
    path = folder / "tileset.json"
    path.write_text(json.dumps({**json.loads(path.read_text(encoding="utf-8")), **meta}), encoding="utf-8")
    os.utime(path, (stamp, stamp))
    return folder


def held_out(right: int, photos=SAME, tiles: int = 40) -> dict:
    """A measure on the photos kept out, as ``tilelens enroll`` writes it."""
    return {"photos": 2, "tiles": tiles, "right": right, "share": round(right / tiles, 4), "photos_sha256": photos}


# ---------------------------------------------------------------- 1. sets of no game compared on the same photos

def test_a_set_of_no_game_clearly_worse_on_the_same_photos_does_not_read_first(taught, models, fruits):
    """Before: ["worse", "good"]: the newest of the sets of no game read, whatever its measure."""
    fake_set(taught, models, "good", "", FRUITS, 1_000_000, held_out=held_out(36))  # 90 %
    fake_set(taught, models, "worse", "", FRUITS, 2_000_000, held_out=held_out(12))  # 30 %, taught last
    spec = load_game(str(fruits))
    assert recognizer.sets_for(spec, models) == ([], [models / "tilesets" / "good", models / "tilesets" / "worse"])
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["good", "worse"]
    rec = Recognizer.load(game=str(fruits), boxcheck=False, orient=False)
    assert rec.tileset == "good"


def test_sets_of_no_game_measured_on_other_photos_or_close_are_newest_first(taught, models, fruits):
    fake_set(taught, models, "old", "", FRUITS, 1_000_000, held_out=held_out(36))
    fake_set(taught, models, "close", "", FRUITS, 2_000_000, held_out=held_out(35))  # a tile fewer: not clearly worse
    fake_set(taught, models, "other-photos", "", FRUITS, 3_000_000, held_out=held_out(12, OTHER))
    spec = load_game(str(fruits))
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["other-photos", "close", "old"]


def test_of_the_sets_of_no_game_the_one_that_learnt_the_most_kinds_reads(taught, models, fruits):
    """As of the sets taught for a game (f22): one naming every fruit but having learnt two is not read first."""
    fake_set(taught, models, "all", "", FRUITS, 1_000_000, learnt={k: 30 for k in FRUITS})
    fake_set(taught, models, "two", "", FRUITS, 2_000_000, learnt={"apple": 6, "cherry": 4})
    assert [f.name for f in recognizer.taught_tilesets(load_game(str(fruits)), models)] == ["all", "two"]
    assert Recognizer.load(game=str(fruits), boxcheck=False, orient=False).tileset == "all"  # before: "two"


def test_the_sets_of_no_game_for_tokyo_mahjong_in_the_order_the_photo_page_offers_them(taught, models, monkeypatch,
                                                                                      tmp_path):
    """The re-walk's sets (/tmp/r2): hk-club (0.79 on the photos kept out) and hk-cli (0.68, taught after it) read
    Tokyo Mahjong; the Score a photo page's "Read with" button names the first (``sets_to_offer``)."""
    pytest.importorskip("streamlit")
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    kinds = TOKYO + FLOWERS[:5]  # 42: the shipped classifier's count
    for name, right, stamp in (("hk-club", 44, 1_000_000), ("hk-cli", 38, 2_000_000)):
        fake_set(taught, models, name, "", kinds, stamp, kinds=kinds, absent=["0m", "0p", "0s"],
                 learnt={k: 9 for k in kinds if k not in ("0m", "0p", "0s")},
                 held_out=held_out(right, tiles=56), base="classifier-tokyo-mahjong.pt")
    game = load_game("tokyo-mahjong")
    assert [f.name for f in recognizer.taught_tilesets(game, models)] == ["hk-club", "hk-cli"]
    from app.components import resources

    offered = resources.tilesets_for(game)
    assert sorted(offered) == ["hk-cli", "hk-club"]
    order = {f.name: i for i, f in enumerate(recognizer.taught_tilesets(game, models))}
    assert sorted(offered, key=order.get)[0] == "hk-club"  # as ``score_photo.sets_to_offer`` ranks them


# ---------------------------------------------------------------- 2. the sets offered for a game, by what they learnt

def test_the_photo_page_offers_sets_by_the_kinds_they_learnt(taught, models, monkeypatch, tmp_path):
    """Before: ["a-few", "all", "flowers", "old"], "flowers" (82 % of its classes Tokyo Mahjong's, 1 of the 9 kinds
    it learnt) offered as reading Tokyo Mahjong, "a-few" (7 of 37 learnt) first."""
    pytest.importorskip("streamlit")
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    kinds = TOKYO + FLOWERS
    absent = ["0m", "0p", "0s"]
    sets = {"all": {k: 9 for k in kinds if k not in absent},
            "a-few": {k: 9 for k in ["1m", "2m", "3m", "1p", "2p", "1s", "7z"]},
            "flowers": {k: 9 for k in FLOWERS + ["1m"]},
            "old": None}  # written before sets said what they learnt: its classes
    for i, (name, learnt) in enumerate(sets.items()):
        meta = {"kinds": kinds, "absent": absent, **({"learnt": learnt} if learnt is not None else {})}
        fake_set(taught, models, name, "", [], 1_000_000 + i, **meta)
    from app.components import resources

    game = load_game("tokyo-mahjong")
    assert resources.tilesets_for(game) == ["all", "old", "a-few"]
    assert resources.sets_knowing_few(game) == {"a-few": (10, 37)}  # 7 learnt, and the 3 red fives it has not


def test_a_set_taught_for_the_game_that_learnt_few_of_its_kinds_is_offered_last(taught, models, fruits):
    pytest.importorskip("streamlit")
    fake_set(taught, models, "a-club", str(fruits), [], 2_000_000, kinds=FRUITS, learnt={"apple": 6})
    fake_set(taught, models, "b-syn", str(fruits), [], 1_000_000, kinds=FRUITS, learnt={k: 30 for k in FRUITS})
    from app.components import resources

    game = load_game(str(fruits))
    assert resources.tilesets_for(game) == ["b-syn", "a-club"]  # before: by name, the one knowing one fruit first
    assert resources.sets_knowing_few(game) == {"a-club": (1, 5)}


def test_a_set_offered_by_its_learnt_kinds_is_read_as_the_game(taught, models, fruits):
    """``set_reads`` (``read --tileset``, the app's reading with a chosen set) lets a set read a game where the
    kinds it learnt are the game's, as the photo page offers it."""
    fake_set(taught, models, "mixed", "", ["apple", "cherry", "lemon", "x1", "x2", "x3", "x4"], 1_000_000,
             learnt={"apple": 5, "cherry": 5, "lemon": 5, "x1": 1})
    spec = load_game(str(fruits))
    recognizer.set_reads(spec, "mixed", models / "tilesets" / "mixed")  # 3 of its 4 learnt kinds are fruits
    fake_set(taught, models, "other", "", ["apple", "x1", "x2", "x3", "x4"], 2_000_000,
             learnt={"apple": 5, "x1": 5})
    with pytest.raises(recognizer.RecognizerError, match="does not read"):
        recognizer.set_reads(spec, "other", models / "tilesets" / "other")


# ---------------------------------------------------------------- 3. warnings of a set of no game name kinds

def test_the_japanese_warnings_of_a_set_of_no_game_name_kinds_as_its_base_game(tmp_path, monkeypatch, capsys):
    """Before: "(1s, 2m, f1)": the set is of no game (a flower among its kinds), its base Tokyo Mahjong's names
    unused."""
    from test_kinds_learnt_f22_56 import _support

    from tilelens.cli import main as tilelens
    from vision import enroll
    from vision.enroll import kind_names

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "ja")
    models = tmp_path / "models"
    models.mkdir()
    (models / "classifier-tokyo-mahjong.pt").symlink_to(REPO / "models" / "classifier-tokyo-mahjong.pt")
    monkeypatch.setenv("TILELENS_MODELS", str(models))
    root = _support().make_dataset(tmp_path / "ds", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "1p", "3m"],
                                                     "c": ["1m", "1p"]})
    data = root / "data.yaml"
    data.write_text(data.read_text(encoding="utf-8").replace("3m", "f1"), encoding="utf-8")  # a flower, 3m's crops
    taught = {}
    monkeypatch.setattr(enroll, "enroll", lambda a, data, models, base, game, *rest: taught.update(game=game) or 0)
    names = kind_names("tokyo-mahjong")
    assert names["2m"] != "2m" and names["1s"] != "1s"
    # the base by its game's id, by its file, and a set of no game taught from it
    for base in ("tokyo-mahjong", str(models / "classifier-tokyo-mahjong.pt"), "hk-home"):
        taught.clear()
        assert tilelens(["enroll", "--name", "hk-club", "--data", str(data), "--models", str(models),
                         "--base", base, "--no-detector-crops", "--hold-out", "0"]) == 0
        err = capsys.readouterr().err
        assert taught == {"game": ""}  # a set of no game still: the names are for the warnings only
        assert f"{names['1s']}、{names['2m']}、f1" in err, (base, err)  # a Japanese list joined with 、
        assert "種類のうち" not in err, err  # the base game's kinds are not counted as missing
        if base == "tokyo-mahjong":  # a set of no game taught from it: its tileset.json names its base's file
            hk = models / "tilesets" / "hk-home"
            hk.mkdir(parents=True)
            (hk / "classifier.pt").symlink_to(REPO / "models" / "classifier-tokyo-mahjong.pt")
            (hk / "tileset.json").write_text(json.dumps({"name": "hk-home", "game": "", "classifier": "classifier.onnx",
                                                         "base": "classifier-tokyo-mahjong.pt"}), encoding="utf-8")
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert tilelens(["enroll", "--name", "hk-club", "--data", str(data), "--models", str(models),
                     "--base", "tokyo-mahjong", "--no-detector-crops", "--hold-out", "0"]) == 0
    assert "(1s, 2m, f1)" in capsys.readouterr().err  # in English by id, as `read` says them
