"""Commands that train, where this Python has no torch: one clear line with the pinned install hint, before
anything is written or warned; the audit's hint the same; an audit with nothing to flag says so without a colon.

Before: `tilelens label teach` wrote the dataset's job, result and progress over the last good Teach's record,
then failed with "No module named 'torch'"; `tilelens enroll` printed its coverage warnings first;
`label audit --cross` said `pip install -e '.[train]'`, which works in the checkout only."""
from __future__ import annotations

import importlib.util
import json
import re

import pytest

from label_helpers import run
from tilelens.labelling import set_done

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def no_torch(monkeypatch):
    real = importlib.util.find_spec

    def find_spec(name, *args, **kwargs):
        if name.split(".")[0] in {"torch", "torchvision", "ultralytics"}:
            return None
        return real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


@pytest.fixture
def installed(monkeypatch, tmp_path):
    """As installed from the wheel: no repository (no scripts/setup.sh) around the packages."""
    import tilelens.cli

    monkeypatch.setattr(tilelens.cli, "REPO_SETUP", tmp_path / "no-repo" / "scripts" / "setup.sh")


@pytest.fixture
def dataset(tmp_path, monkeypatch):
    from label_helpers import make_dataset

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = tmp_path / "ds"
    make_dataset(root)
    set_done(root, "images/train/a.jpg")
    set_done(root, "images/train/b.png")
    return root


def _last_good_teach(root):
    """The record of a Teach that went well, as the job's files keep it."""
    folder = root / ".tilelens" / "teach"
    folder.mkdir(parents=True)
    files = {"job.json": {"name": "good", "pid": None, "started": 1.0, "photos": 2},
             "result.json": {"ok": True, "message": "tile set written"},
             "progress.json": {"stage": "export", "fraction": 1.0}}
    for name, record in files.items():
        (folder / name).write_text(json.dumps(record), encoding="utf-8")
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def _pinned(lang="en"):
    """The install command `tilelens` names for a missing torch (``tilelens.cli._install_hint``)."""
    from tilelens.cli import _install_hint

    return _install_hint("torch") if lang == "en" else _install_hint("torch").split("`")[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_teach_without_torch_says_so_and_leaves_the_last_teachs_record(dataset, no_torch, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    before = _last_good_teach(dataset)
    code, out, err = run(capsys, "label", "teach", dataset, "--name", "mine", "--epochs", "1")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "torch" in err and _pinned(lang) in err, err
    assert bool(JAPANESE.search(err)) == (lang == "ja")
    folder = dataset / ".tilelens" / "teach"
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing written, nothing cleared


def test_teach_without_torch_installed_from_a_wheel_names_the_pinned_pip_install(dataset, no_torch, installed, capsys):
    code, _, err = run(capsys, "label", "teach", dataset, "--name", "mine")
    assert code == 2 and "pip install" in err and "'torch==" in err and "setup.sh" not in err, err
    assert not (dataset / ".tilelens" / "teach").exists()


def test_enroll_without_torch_says_so_before_its_warnings(dataset, no_torch, capsys):
    code, out, err = run(capsys, "enroll", "--name", "mine", "--data", dataset / "data.yaml", "--epochs", "1")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "torch" in err and _pinned() in err, err
    assert "warning" not in err  # the coverage and acceptance warnings came first, then the failure


def test_enroll_help_needs_no_torch(no_torch, capsys):
    code, out, _ = run(capsys, "enroll", "--help")
    assert code == 0 and out.startswith("usage: tilelens enroll")


def test_the_cross_audit_without_torch_names_the_pinned_install(dataset, no_torch, installed, monkeypatch):
    from tilelens.labelling.audit import cross_audit
    from tilelens.labelling.yolo import LabelFileError

    with pytest.raises(LabelFileError) as err:
        cross_audit(dataset, folds=2, minutes=0.1)
    for said in (str(err.value), err.value.message_ja):
        assert "pip install" in said and "'torch==" in said and "-e '.[train]'" not in said, said


def test_the_cross_audit_in_the_checkout_names_the_setup_script(dataset, no_torch):
    from tilelens.labelling.audit import cross_audit
    from tilelens.labelling.yolo import LabelFileError

    with pytest.raises(LabelFileError) as err:
        cross_audit(dataset, folds=2, minutes=0.1)
    assert _pinned() in str(err.value) and _pinned("ja") in err.value.message_ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_audit_with_nothing_to_flag_says_none_without_a_colon(lang):
    from tilelens.labelling.audit import AuditReport, format_audit

    lines = format_audit(AuditReport((), 2, 4), "2 tile sets", 0.9, lang=lang).splitlines()
    assert len(lines) == 3 and not any(line.rstrip().endswith((":", "：")) for line in lines[1:]), lines
    assert (lines[1:] == ["no labels to look at", "no tiles without a label"] if lang == "en"
            else lines[1:] == ["見直すラベルはありません", "ラベルのない牌はありません"]), lines
