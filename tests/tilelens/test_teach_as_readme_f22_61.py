"""Teaching a new set as the README tells it (session 61, F22, W5's walk): `label init DIR --tileset NAME` on the
dataset pre-labels again the photos whose boxes are still another model's proposals (accepted and hand-fixed ones
kept, said, with the command that replaces them too); a set with kinds the dataset lacks is refused with the `label
kinds --add` to run; every "teach again" hint keeps the base; `label teach` says the time of its progress."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from label_helpers import FixedReader
from scorer import load_game
from tilelens.cli import main as tilelens
from tilelens.labelling import prelabel, set_done

TOKYO = [t.id for t in load_game("tokyo-mahjong").tiles]


def run(capsys, *argv) -> tuple[int, str, str]:
    code = tilelens([str(a) for a in argv])
    said = capsys.readouterr()
    return code, said.out, said.err


def fake_set(models: Path, name: str, kinds: list[str], **meta) -> Path:
    folder = models / "tilesets" / name
    folder.mkdir(parents=True)
    (folder / "tileset.json").write_text(json.dumps({"name": name, "kinds": kinds, **meta}))
    return folder


@pytest.fixture
def walked(tmp_path, monkeypatch, capsys):
    """W5's walk, small: three photos pre-labelled with the game, one accepted, one fixed by hand, a set taught."""
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **k: FixedReader())
    root = tmp_path / "hk"
    root.mkdir()
    for i, name in enumerate(("a", "b", "c")):
        Image.new("RGB", (200, 100), (10, 120, 60 + 40 * i)).save(root / f"{name}.jpg")
    assert run(capsys, "label", "init", root, "--game", "tokyo-mahjong")[0] == 0
    set_done(root, "images/train/a.jpg")
    fixed = root / "labels" / "train" / "b.txt"
    fixed.write_text(f"{TOKYO.index('2m')} 0.5 0.5 0.2 0.6\n")  # a person's fix on the Label page
    fake_set(tmp_path / "models", "club", TOKYO, base="classifier-tokyo-mahjong.pt")
    return root


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_init_with_the_taught_set_pre_labels_again_the_photos_nobody_touched(walked, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    labels = walked / "labels" / "train"
    before = {p.name: p.read_text() for p in labels.iterdir()}
    code, out, err = run(capsys, "label", "init", walked, "--tileset", "club")
    assert code == 0, err
    if lang == "en":
        assert out.startswith("3 photos: 1 pre-labelled (2 tiles), 2 kept their labels"), out + err
        assert "pre-labelled again with tile set club: 1 photo not accepted" in err, err
        assert "1 photo not accepted kept its labels, changed since it was pre-labelled" in err
    else:
        assert "牌セット club で下書きし直しました" in err and "1枚" in err, err
        assert "下書きの後で変わっていたのでラベルをそのままにしました" in err
    assert "images/train/b.jpg" in err and f"tilelens label init {walked} --tileset club --overwrite" in err
    assert labels.joinpath("b.txt").read_text() == before["b.txt"]  # the hand fix kept
    assert labels.joinpath("a.txt").read_text() == before["a.txt"]  # the accepted photo kept
    # done already: the same command pre-labels nothing again
    code, out, err = run(capsys, "label", "init", walked, "--tileset", "club")
    assert code == 0 and "pre-labelled again with" not in err and "で下書きし直しました" not in err, err
    assert ("0 pre-labelled" in out) if lang == "en" else ("0枚を下書き" in out), out


def test_the_overwrite_the_message_names_replaces_the_hand_fix_too(walked, capsys):
    run(capsys, "label", "init", walked, "--tileset", "club")
    code, out, _ = run(capsys, "label", "init", walked, "--tileset", "club", "--overwrite")
    assert code == 0 and "3 photos: 2 pre-labelled" in out, out
    assert not (walked / "labels" / "train" / "b.txt").read_text().startswith(f"{TOKYO.index('2m')} ")


def test_a_set_taught_again_pre_labels_its_own_proposals_again(walked, capsys):
    import os
    import time

    run(capsys, "label", "init", walked, "--tileset", "club")
    meta = walked.parent / "models" / "tilesets" / "club" / "tileset.json"
    later = time.time() + 60
    os.utime(meta, (later, later))  # taught again since
    code, out, _ = run(capsys, "label", "init", walked, "--tileset", "club")
    assert code == 0 and "1 pre-labelled" in out, out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_set_with_kinds_the_dataset_lacks_says_the_kinds_add_to_run(walked, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    fake_set(walked.parent / "models", "club-hk", TOKYO + ["f1", "f2"])
    code, _, err = run(capsys, "label", "init", walked, "--tileset", "club-hk")
    assert code == 2 and f"`tilelens label kinds {walked} --add f1 f2`" in err, err
    assert "Traceback" not in err


def test_every_teach_again_hint_keeps_the_base(walked, capsys, monkeypatch):
    from tilelens.labelling import teach

    monkeypatch.setattr(teach, "own_tilesets", lambda root: ["club"])
    code, out, _ = run(capsys, "label", "accept", walked, "--all")
    assert code == 0 and f"`tilelens label teach {walked} --name club --base tokyo-mahjong --replace`" in out, out
    set_done(walked, "images/train/c.jpg", False)
    (walked / "labels" / "train" / "c.txt").unlink()
    code, out, _ = run(capsys, "label", "init", walked, "--tileset", "club")
    assert code == 0 and "--name club --base tokyo-mahjong --replace" in out, out


def test_a_set_taught_from_scratch_is_taught_again_from_the_datasets_game(walked, monkeypatch):
    from tilelens.labelling import cli

    (walked.parent / "models" / "tilesets" / "club" / "tileset.json").write_text(
        json.dumps({"name": "club", "kinds": TOKYO, "base": None}))
    assert cli.again_base(walked, "club") == cli.teach_base(None, "tokyo-mahjong", ())


@pytest.mark.parametrize(("lang", "said"), [("en", "training:  50% (0.5 of about 2.3 min in all)"),
                                            ("ja", " (全体で約 2.3分のうち0.5分)")])
def test_label_teach_progress_says_the_time_of_the_whole(monkeypatch, lang, said):
    from tilelens.labelling import teach
    from vision import enroll

    monkeypatch.setenv("TILELENS_LANG", lang)
    job = teach.TeachJob("s", "running", "training", 0.5, 0.0, 2.0, 5, "", Path("."), orient_minutes=0.0)
    monkeypatch.setattr(teach.time, "time", lambda: 30.0)
    out = io.StringIO()
    out.isatty = lambda: True
    with teach.timed_progress(job):
        line = enroll.ProgressLine("training", out)
        line(0.5)
    assert not enroll._COMPACT  # the hook taken off again
    assert said in out.getvalue(), out.getvalue()
