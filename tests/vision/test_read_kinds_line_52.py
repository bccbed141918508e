"""Session 52 re-walk of reading and enrolling: `read`'s text `kinds:` line leaves out the kinds of a tile set's own
that its game has not (so it pastes into `tilelens score`), and says so; enrolment names the set's final folder,
cleans half-made sets left by runs cut short, and `read --tileset` of one says its enrolment was cut short; all
photos accepted is said without naming the page."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from types import SimpleNamespace

from tilelens.cli import main as tilelens
from vision import enroll as enroll_module

WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def _reading(kinds, game="", tileset="club"):
    from vision.recognizer import HandReading, ReadTile

    tiles = [ReadTile((42.0 * i, 100, 42.0 * i + 40, 160), k, {}, {"detection": 0.9, "kind": 0.95}, False,
                      ((k, 0.95), ("9m", 0.01))) for i, k in enumerate(kinds)]
    return HandReading(tiles, (1000, 400), game, tileset)


# ---------------------------------------------------------------- 10. the kinds line pastes into `score`

def test_kinds_line_leaves_out_kinds_the_game_has_not_and_says_so(capsys):
    from vision.read_cli import format_reading

    text = format_reading("h3.jpg", _reading(["f6", *WIN]), game="tokyo-mahjong")
    line = next(x for x in text.splitlines() if x.strip().startswith("kinds:"))
    assert line.split("kinds:")[1].split("(")[0].split() == WIN, line
    assert "f6" in line and "left out" in line
    assert tilelens(["score", "--game", "tokyo-mahjong", *line.split("kinds:")[1].split("(")[0].split()]) == 0
    capsys.readouterr()
    ja = format_reading("h3.jpg", _reading(["f6", *WIN]), lang="ja", game="tokyo-mahjong")
    line = next(x for x in ja.splitlines() if x.strip().startswith("牌:"))
    assert "f6" in line and "外し" in line and "left out" not in line
    plain = format_reading("h3.jpg", _reading(WIN), game="tokyo-mahjong")  # nothing left out: as before
    assert "  kinds: " + " ".join(WIN) in plain.splitlines()


# ---------------------------------------------------------------- 6. the final folder named

def test_the_orientation_line_names_the_sets_folder_not_the_staging_one(tmp_path, monkeypatch, capsys):
    import vision.orient

    def fake_train(data, out, onnx, *args, shown_at=None, **kwargs):  # as train_model says its last line
        print(f"orientation model exported to {shown_at or onnx}")
        return onnx

    monkeypatch.setattr(vision.orient, "train_model", fake_train)
    monkeypatch.setattr(vision.orient, "both_ways", lambda faces: faces)
    final = tmp_path / "tilesets" / "club-c"
    staging = tmp_path / "tilesets" / enroll_module.STAGING / "club-c"
    staging.mkdir(parents=True)
    a = argparse.Namespace(name="club-c", work=tmp_path / "runs", orient_minutes=1.0, orient_threshold=0.5,
                           resume=False, epochs=None, lang="en")
    said = enroll_module.enroll_orientation(a, SimpleNamespace(faces=lambda: [1, 2]), staging, {}, 0.0,
                                            lambda *_: None, shown=final)
    out = capsys.readouterr().out + (said or "")
    assert enroll_module.STAGING not in out, out
    assert str(final / "orient.onnx") in out


# ---------------------------------------------------------------- 7. half-made sets cleaned, and said by read

def test_stale_staging_folders_are_cleaned_at_the_next_enrolment_not_one_in_progress(tmp_path, monkeypatch):
    from vision.locks import held_alone

    sets = tmp_path / "tilesets"
    stale, busy = sets / enroll_module.STAGING / "club-c", sets / enroll_module.STAGING / "club-d"
    for folder in (stale, busy):
        (folder).mkdir(parents=True)
        (folder / "classifier.onnx").write_bytes(b"half")
    with held_alone(f"enroll:{(sets / 'club-d').resolve()}", lambda: RuntimeError("busy")):
        out = enroll_module._staging(sets / "club-e")
    assert out.is_dir() and not stale.exists() and busy.is_dir()


def test_read_of_a_set_whose_enrolment_was_cut_short_says_so(tmp_path, monkeypatch, capsys):
    models = tmp_path / "models"
    (models / "tilesets" / enroll_module.STAGING / "club-c").mkdir(parents=True)
    photo = tmp_path / "h.jpg"
    from PIL import Image
    Image.new("RGB", (64, 64)).save(photo)
    code = tilelens(["read", str(photo), "--tileset", "club-c", "--models", str(models)])
    err = capsys.readouterr().err
    assert code != 0 and "unknown tile set" in err and "cut short" in err and "tilelens enroll" in err, err
    assert "Traceback" not in err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    tilelens(["read", str(photo), "--tileset", "club-c", "--models", str(models)])
    err = capsys.readouterr().err
    assert "tilelens enroll" in err and "cut short" not in err and "中断" in err, err


# ---------------------------------------------------------------- wording: accepted, not "on the page"

def test_all_accepted_is_said_without_naming_the_page(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", [str(Path(__file__).parent.parent / "tilelens"), *sys.path])
    from label_helpers import make_dataset
    from tilelens.labelling import set_done

    make_dataset(tmp_path / "ds")
    for photo in ("images/train/a.jpg", "images/train/b.png", "images/val/c.jpg"):
        set_done(tmp_path / "ds", photo)
    english, japanese, warning = enroll_module.accepted_words(tmp_path / "ds")
    assert not warning and english.endswith("are accepted") and "page" not in english, english
    assert "ページ" not in japanese


def test_train_model_names_the_path_it_is_told_to_show(tmp_path, monkeypatch, capsys):
    """The orientation model's last line names ``shown_at`` (the set's final folder), not where it was written."""
    import vision.classifier_train as ct
    import vision.orient

    monkeypatch.setattr(ct, "train", lambda *a, **k: object())
    monkeypatch.setattr(ct, "save_weights", lambda *a, **k: None)
    monkeypatch.setattr(ct, "export", lambda model, spec, onnx: onnx)
    written = tmp_path / ".enrolling" / "club" / "orient.onnx"
    vision.orient.train_model([1, 2], tmp_path / "run", written, 0.1, lang="en",
                              shown_at=tmp_path / "club" / "orient.onnx")
    out = capsys.readouterr().out
    assert str(tmp_path / "club" / "orient.onnx") in out and ".enrolling" not in out, out
