"""Session 55 (f14): `tilelens read PHOTO --tileset hk-mahjong` said "never learnt: 0m, 0p, 0s ..." and `--json` had
`unlearnt_kinds` ['0m', '0p', '0s'] on every photo: a Hong Kong set has no red fives, and the shipped set now says so
(its tileset.json's `absent`), so neither says them; a set that does not say so still does."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PHOTO = REPO / "tests" / "vision" / "data" / "detector" / "images" / "hk-1.jpg"


def _run(capsys, *argv):
    from tilelens.cli import main as tilelens

    code = tilelens([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.delenv("TILELENS_MODELS", raising=False)
    return tmp_path


def test_read_json_of_the_hong_kong_set_names_no_unlearnt_kinds(env, capsys):
    code, out, err = _run(capsys, "read", PHOTO, "--tileset", "hk-mahjong", "--json")
    doc = json.loads(out.splitlines()[-1])
    assert code == 0 and doc["images"][0]["tiles"], err
    assert doc["unlearnt_kinds"] == [] and doc["tilesets_naming_all"] == []


@pytest.mark.parametrize("lang, word", [("en", "never learnt"), ("ja", "覚えていない牌")])
def test_read_text_of_the_hong_kong_set_says_no_kind_never_learnt(env, capsys, monkeypatch, lang, word):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code, out, err = _run(capsys, "read", PHOTO, "--tileset", "hk-mahjong")
    assert code == 0 and ("kinds:" in out or "牌:" in out), out + err  # tiles were read
    assert word not in out and word not in err, out + err


def test_a_copy_of_the_set_that_does_not_say_them_absent_still_says_them(env, capsys, monkeypatch):
    models = env / "models"
    (models / "tilesets").mkdir(parents=True)
    for f in (REPO / "models").iterdir():
        if f.is_file() and f.name.startswith(("classifier-", "detector")) and f.suffix in (".onnx", ".json"):
            (models / f.name).symlink_to(f)
    copy = models / "tilesets" / "hk-old"
    shutil.copytree(REPO / "models" / "tilesets" / "hk-mahjong", copy)
    meta = json.loads((copy / "tileset.json").read_text(encoding="utf-8"))
    meta.pop("absent", None)  # a set enrolled before tile sets said what they lack
    (copy / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    monkeypatch.setenv("TILELENS_MODELS", str(models))
    code, out, err = _run(capsys, "read", PHOTO, "--tileset", "hk-old", "--json")
    assert code == 0 and json.loads(out.splitlines()[-1])["unlearnt_kinds"] == ["0m", "0p", "0s"], out + err
