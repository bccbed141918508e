"""A tile set the game lacks kinds of, or has kinds the set lacks: ``tilelens label kinds DIR --add f1 ...``
adds kinds of a person's own to a dataset (kept in data.yaml's ``own_kinds:``, so ``label check`` and ``label
init`` accept them), ``--absent 0m ...`` says kinds are not in the set (``absent:``, so no "kinds never seen"
for them, and the teach job passes them on); the wrong-game warning of ``label init`` also names a new tile set,
and its "next:" line teaches from the game's model, as the app does."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.labelling import prelabel

from label_helpers import FixedReader
from test_label_49 import OtherGameReader


@pytest.fixture
def reader(monkeypatch):
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: FixedReader())


def _dataset(root: Path, n: int = 2) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        Image.new("RGB", (200, 100), (10 + i, 120, 60)).save(root / f"p{i}.jpg")
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    return root


def absent_kinds(where):
    from tilelens.labelling.kinds import absent_kinds as said_absent

    return said_absent(where)


def _yaml(root: Path) -> dict:
    return yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))


def test_added_kinds_are_accepted_by_label_check(tmp_path, reader, cli_env, capsys):
    cli_env()
    root = _dataset(tmp_path / "hk")
    assert tilelens(["label", "kinds", str(root), "--add", "f1", "f2"]) == 0
    data = _yaml(root)
    names = list(data["names"].values())
    assert names[-2:] == ["f1", "f2"] and names[0] == "1m"  # appended: the class numbers of the labels stay
    assert data["own_kinds"] == {"f1": "f1", "f2": "f2"}
    # a box of the new kind
    label = next((root / "labels").rglob("*.txt"))
    label.write_text(label.read_text() + f"{names.index('f1')} 0.5 0.5 0.1 0.2\n")
    capsys.readouterr()
    assert tilelens(["label", "check", str(root)]) == 0
    out = capsys.readouterr().out
    assert "is not a tile of" not in out
    assert "f1 " in out or "f1" in out.split("tiles:")[1]


def test_kinds_already_in_names_by_hand_become_the_dataset_own(tmp_path, reader, cli_env, capsys):
    """A data.yaml given f1 by hand (as the walkthrough did): `--add f1` records it, and check then passes."""
    cli_env()
    root = _dataset(tmp_path / "hk")
    data = _yaml(root)
    data["names"][len(data["names"])] = "f1"
    (root / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    assert tilelens(["label", "check", str(root)]) == 1  # today's: class 'f1' is not a tile of tokyo-mahjong
    assert tilelens(["label", "kinds", str(root), "--add", "f1"]) == 0
    assert list(_yaml(root)["names"].values()).count("f1") == 1
    assert tilelens(["label", "check", str(root)]) == 0


def test_label_init_adding_photos_later_keeps_the_added_kinds(tmp_path, reader, cli_env, capsys):
    cli_env()
    root = _dataset(tmp_path / "hk")
    assert tilelens(["label", "kinds", str(root), "--add", "f1", "--name", "Plum"]) == 0
    Image.new("RGB", (200, 100), (99, 120, 60)).save(root / "later.jpg")
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    data = _yaml(root)
    assert list(data["names"].values())[-1] == "f1" and data["own_kinds"] == {"f1": "Plum"}
    assert (root / "labels" / "train" / "later.txt").is_file()


@pytest.mark.parametrize("kind, words", [("花", "ASCII"), ("1m", "already"), ("f 1", "ASCII"), ("", "ASCII")])
def test_a_kind_that_cannot_be_added_is_said_plainly(tmp_path, reader, cli_env, capsys, kind, words):
    cli_env()
    root = _dataset(tmp_path / "hk")
    before = (root / "data.yaml").read_text()
    capsys.readouterr()
    assert tilelens(["label", "kinds", str(root), "--add", kind]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert (root / "data.yaml").read_text() == before


def test_kinds_not_in_the_set_are_no_longer_said_never_seen(tmp_path, reader, cli_env, capsys):
    cli_env()
    root = _dataset(tmp_path / "hk")
    capsys.readouterr()
    tilelens(["label", "check", str(root)])
    out = capsys.readouterr().out
    never = next(line for line in out.splitlines() if "kinds never seen" in line)
    assert "0m" in never
    kinds_seen = next(line for line in out.splitlines() if line.startswith("tiles:"))
    assert f"label kinds {root} --absent" in out  # the way to say so, where the warning is
    assert tilelens(["label", "kinds", str(root), "--absent", "0m", "0p", "0s"]) == 0
    assert _yaml(root)["absent"] == ["0m", "0p", "0s"]
    assert absent_kinds(root) == ("0m", "0p", "0s") == absent_kinds(root / "data.yaml")
    capsys.readouterr()
    tilelens(["label", "check", str(root)])
    out = capsys.readouterr().out
    never = next(line for line in out.splitlines() if "kinds never seen" in line)
    assert "0m" not in never and "0p" not in never and "2m" in never
    assert kinds_seen in out.splitlines()  # the kinds seen counted as before: not the absent ones
    # said again to be in the set: seen as missing again
    assert tilelens(["label", "kinds", str(root), "--present", "0p"]) == 0
    assert absent_kinds(root) == ("0m", "0s")


def test_an_absent_kind_must_be_one_of_the_dataset(tmp_path, reader, cli_env, capsys):
    cli_env()
    root = _dataset(tmp_path / "hk")
    capsys.readouterr()
    assert tilelens(["label", "kinds", str(root), "--absent", "9x"]) == 2
    assert "9x" in capsys.readouterr().err


def test_old_data_yaml_has_no_own_or_absent_kinds(tmp_path, reader, cli_env, capsys):
    cli_env()
    root = _dataset(tmp_path / "hk")
    data = _yaml(root)
    assert "own_kinds" not in data and "absent" not in data
    assert absent_kinds(root) == () and absent_kinds(tmp_path / "nowhere") == ()
    capsys.readouterr()
    assert tilelens(["label", "kinds", str(root)]) == 0  # no option: what it says now
    assert "none" in capsys.readouterr().out


def test_the_teach_job_passes_the_absent_kinds_on_to_enroll(tmp_path, reader, cli_env):
    from tilelens.labelling import set_done
    from tilelens.labelling.teach import enroll_args

    cli_env()
    root = _dataset(tmp_path / "hk")
    assert tilelens(["label", "kinds", str(root), "--absent", "0m"]) == 0
    for photo in (root / "images" / "train").iterdir():
        set_done(root, photo.relative_to(root).as_posix())
    args, _ = enroll_args(root, "my-hk", None, 1.0)
    job_yaml = Path(args[args.index("--data") + 1])
    assert absent_kinds(job_yaml) == ("0m",)


def test_the_wrong_game_warning_also_names_a_new_tile_set(tmp_path, monkeypatch, cli_env, capsys):
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: OtherGameReader())
    cli_env()
    root = tmp_path / "hk"
    root.mkdir()
    Image.new("RGB", (210, 100), (10, 120, 60)).save(root / "new.jpg")
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    warning = next(line for line in capsys.readouterr().err.splitlines() if "look like" in line)
    assert "not learnt yet" in warning and "--tileset NAME" in warning


def test_the_wrong_game_warning_also_names_a_new_tile_set_in_japanese(tmp_path, monkeypatch, cli_env, capsys):
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: OtherGameReader())
    cli_env(TILELENS_LANG="ja")
    root = tmp_path / "hk"
    root.mkdir()
    Image.new("RGB", (210, 100), (10, 120, 60)).save(root / "new.jpg")
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    warning = next(line for line in capsys.readouterr().err.splitlines() if "見えません" in line)
    assert "まだ覚えていない" in warning and "--tileset NAME" in warning


def test_init_next_teaches_from_the_game_model(tmp_path, reader, cli_env, capsys):
    cli_env()
    root = tmp_path / "hk"
    _dataset(root)
    out = capsys.readouterr().out
    nxt = next(line for line in out.splitlines() if line.startswith("next:"))
    assert "--base tokyo-mahjong" in nxt
