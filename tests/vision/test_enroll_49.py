"""A new tile set taught from a labelling dataset: ``tilelens enroll`` says how many photos a person accepted,
keeps some accepted photos out to measure the set on, and ``eval`` / ``read --kinds`` speak of a tile set's own
kinds (tiny stand-in datasets: one epoch, no orientation model)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling import set_done

APP_TESTS = Path(__file__).resolve().parents[1] / "app"
TINY = ["--epochs", "1", "--width", "8", "--crop-size", "32", "--orient-minutes", "0", "--no-detector-crops"]


def _support():
    """The labelling tests' small datasets, as the app's tests load them (``app_helpers.label_teach_support``)."""
    if str(APP_TESTS) not in sys.path:  # tests/app is no package: its helpers are found on the path, as there
        sys.path.insert(0, str(APP_TESTS))
    from app_helpers import label_teach_support

    return label_teach_support()


ROWS = [["1m", "1p", "1s", "2m"], ["2m", "1s", "1p", "1m"], ["3m", "3m", "1m", "1p"]]


def _dataset(root: Path, photos: int) -> Path:
    return _support().make_dataset(root, {f"p{i:02d}": ROWS[i % 3] for i in range(photos)})


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.delenv("LANG", raising=False)
    return tmp_path


def _enroll(tmp_path, data: Path, name: str = "newset", *extra: str) -> int:
    return tilelens(["enroll", "--name", name, "--data", str(data), "--models", str(tmp_path / "models"),
                     "--work", str(tmp_path / "run" / name), *TINY, *extra])


# 1. the accepted photos of a labelling dataset


def test_enrolling_a_labelling_dataset_nobody_checked_says_none_is_accepted(env, capsys):
    root = _dataset(env / "myset", 4)
    assert _enroll(env, root / "data.yaml") == 0
    err = capsys.readouterr().err
    assert "none of the 4 photos" in err and "accepted" in err and "tilelens label teach" in err, err


def test_the_accepted_count_is_said_in_japanese_too(env, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    root = _dataset(env / "myset", 4)
    set_done(root, "images/train/p00.png")
    assert _enroll(env, root) == 0
    err = capsys.readouterr().err
    assert "4枚のうち OK にしたのは 1枚" in err, err


def test_some_accepted_is_a_warning_all_accepted_is_not(env, capsys):
    root = _dataset(env / "myset", 4)
    for i in range(3):
        set_done(root, f"images/train/p{i:02d}.png")
    assert _enroll(env, root / "data.yaml", "part") == 0
    err = capsys.readouterr().err
    assert "warning: only 3 of the 4 photos" in err and "1 unchecked" in err, err
    set_done(root, "images/train/p03.png")
    assert _enroll(env, root / "data.yaml", "whole") == 0
    err = capsys.readouterr().err
    assert "all 4 photos" in err and "warning: only" not in err and "none of" not in err, err


def test_a_dataset_made_elsewhere_gets_no_accepted_warning(env, capsys):
    root = _dataset(env / "roboflow", 4)
    text = (root / "data.yaml").read_text()
    (root / "data.yaml").write_text("\n".join(l for l in text.splitlines() if not l.startswith("game:")) + "\n")
    assert _enroll(env, root / "data.yaml") == 0
    err = capsys.readouterr().err
    assert "accepted" not in err, err


# 2. some accepted photos kept out and the set measured on them


def _accept(root: Path, photos: int) -> None:
    for i in range(photos):
        set_done(root, f"images/train/p{i:02d}.png")


def test_enough_photos_keep_a_fifth_out_and_the_set_is_measured_on_them(env, capsys):
    root = _dataset(env / "myset", 12)
    _accept(root, 12)
    assert _enroll(env, root / "data.yaml") == 0
    out = capsys.readouterr().out
    meta = json.loads((env / "models" / "tilesets" / "newset" / "tileset.json").read_text())
    held = meta["held_out"]
    assert held["photos"] == 2 and meta["photos"] == 10, meta  # kept out of the final model
    assert held["tiles"] == 8 and 0 <= held["right"] <= held["tiles"]
    assert "2 of the 12 accepted photos kept out" in out, out
    assert f"{held['right']} of the 8 tiles" in out and "not learnt" in out, out


def test_the_measure_is_said_in_japanese_and_can_be_turned_off(env, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    root = _dataset(env / "myset", 10)
    _accept(root, 10)
    assert _enroll(env, root / "data.yaml") == 0
    out = capsys.readouterr().out
    assert "覚えさせずに残した写真 2枚" in out, out
    assert _enroll(env, root / "data.yaml", "all", "--hold-out", "0") == 0
    meta = json.loads((env / "models" / "tilesets" / "all" / "tileset.json").read_text())
    assert "held_out" not in meta and meta["photos"] == 10


def test_few_accepted_photos_are_all_learnt_and_that_is_said(env, capsys):
    root = _dataset(env / "myset", 12)  # enough photos, but only 4 whose labels a person checked
    _accept(root, 4)
    assert _enroll(env, root / "data.yaml") == 0
    out = capsys.readouterr().out
    meta = json.loads((env / "models" / "tilesets" / "newset" / "tileset.json").read_text())
    assert "held_out" not in meta and meta["photos"] == 12
    assert "4 accepted photos are too few to keep some out" in out, out


def test_a_dataset_made_elsewhere_keeps_none_out_unless_asked(env, capsys):
    root = _dataset(env / "roboflow", 12)
    text = (root / "data.yaml").read_text()
    (root / "data.yaml").write_text("\n".join(l for l in text.splitlines() if not l.startswith("game:")) + "\n")
    assert _enroll(env, root / "data.yaml") == 0
    assert "held_out" not in json.loads((env / "models" / "tilesets" / "newset" / "tileset.json").read_text())
    assert _enroll(env, root / "data.yaml", "asked", "--hold-out", "0.25") == 0
    meta = json.loads((env / "models" / "tilesets" / "asked" / "tileset.json").read_text())
    assert meta["held_out"]["photos"] == 3 and meta["photos"] == 9
    assert "3 of the 12 photos kept out" in capsys.readouterr().out


# 3. the --minutes help names the orientation model's own minutes


def test_minutes_help_says_the_orientation_model_adds_its_own(capsys):
    with pytest.raises(SystemExit):
        tilelens(["enroll", "--help"])
    help_text = " ".join(capsys.readouterr().out.split()).split("options:", 1)[1]
    minutes = help_text.split("--minutes MINUTES", 1)[1].split("--epochs EPOCHS", 1)[0]
    assert "--orient-minutes" in minutes, minutes


# 4. eval of a tile set names the set's kinds, not `tilelens games`


def test_eval_of_a_tile_set_names_its_kinds_when_the_labels_name_others():
    from types import SimpleNamespace

    from vision.eval_data import EvalDataError
    from vision.evaluate import _check_kinds

    spec = SimpleNamespace(classes=("1m", "2m", "3m"))
    rec = SimpleNamespace(classifier=SimpleNamespace(spec=spec), tileset="newset", game="")
    item = SimpleNamespace(kinds=["1m", "f1", "f5"])
    with pytest.raises(EvalDataError) as caught:
        _check_kinds([item], SimpleNamespace(recognizer=rec), "newset")
    said = str(caught.value)
    assert "tilelens games" not in said and "tile set newset" in said and "1m, 2m, 3m" in said, said
    assert "tilelens games" not in caught.value.message_ja and "1m, 2m, 3m" in caught.value.message_ja


# 5. read --kinds leaves out kinds that are not the game's, and says so


def _fake_reader(monkeypatch, kinds, game, tileset, classes, sure=0.95):
    import vision.recognizer as recognizer
    from vision.recognizer import HandReading, ReadTile

    # the boxes inside the photo, off its edge (a box at the edge is a tile the frame may cut off: said since
    # session 58, as the photo page says it)
    tiles = [ReadTile((20.0 + 30.0 * i, 10, 20.0 + 30.0 * i + 28, 50), k, {}, {"detection": 0.9, "kind": sure}, False,
                      ((k, sure),)) for i, k in enumerate(kinds)]
    reading = HandReading(tiles, (600, 60), game, tileset, tile_px=40.0)

    class Reader:
        def __init__(self):
            self.game, self.tileset, self.largest_hand = game, tileset, 14
            from types import SimpleNamespace
            self.classifier = SimpleNamespace(spec=SimpleNamespace(classes=tuple(classes)))

        def read(self, img, source=None):
            return reading

    monkeypatch.setattr(recognizer.Recognizer, "load", staticmethod(lambda **kw: Reader()))


PHOTO = Path(__file__).parent / "data" / "detector" / "images" / "hk-1.jpg"
RIICHI = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]


def test_read_kinds_of_a_set_with_flowers_leaves_them_out_for_the_game(monkeypatch, capsys):
    hand = "f5 f1 1s 2s 3s 4p 5p 6p 7m 8m 9m 1z 1z 1z 5z 5z".split()
    _fake_reader(monkeypatch, hand, "", "my-hk", RIICHI + [f"f{i}" for i in range(1, 9)])
    assert tilelens(["read", str(PHOTO), "--tileset", "my-hk", "--kinds"]) == 0
    said = capsys.readouterr()
    assert said.out.split() == hand[2:], said.out
    assert "f5" in said.err and "f1" in said.err and "Tokyo Mahjong" in said.err, said.err


def test_read_kinds_of_a_set_of_no_game_keeps_every_kind(monkeypatch, capsys):
    _fake_reader(monkeypatch, ["yokai-01", "x9"], "", "odd", ["yokai-01", "x9", "x8"])
    assert tilelens(["read", str(PHOTO), "--tileset", "odd", "--kinds"]) == 0
    said = capsys.readouterr()
    # nothing left out, nothing warned (the fake boxes are 40 px tall: only the small-tile note, since session 52)
    assert said.out.split() == ["yokai-01", "x9"], said
    assert [line for line in said.err.splitlines() if "tiles are small" not in line] == [], said.err


def test_read_kinds_still_warns_on_stderr_when_the_tiles_look_of_another_game(monkeypatch, capsys):
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
    _fake_reader(monkeypatch, hand, "tokyo-mahjong", "", RIICHI, sure=0.3)
    assert tilelens(["read", str(PHOTO), "--game", "tokyo-mahjong", "--kinds"]) == 0
    said = capsys.readouterr()
    assert said.out.split() == hand
    assert "do not look like tokyo-mahjong's" in said.err, said.err
