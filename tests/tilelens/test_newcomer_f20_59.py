"""What a newcomer following the README tripped on (session 59, W5): `train all` without the training packages
or the Hong Kong photos rendered scenes for minutes before a step failed; `eval --data hk-heldout` without the
photos did not say where it looked; `eval --compare mahjong-detector` hinted a bare, unpinned pip install."""
from __future__ import annotations

import sys

import pytest

import vision.retrain as retrain
from tilelens.cli import main


class StepStarted(Exception):
    """A step's process was started: the run got past its checks."""


@pytest.fixture
def no_steps(monkeypatch):
    """Any step started raises instead of running (a check that fails to refuse must not render for minutes)."""
    def started(argv, *args, **kwargs):
        raise StepStarted(argv)

    monkeypatch.setattr(retrain.subprocess, "Popen", started)


@pytest.fixture
def no_torch(monkeypatch):
    for name in [n for n in sys.modules if n == "torch" or n.startswith("torch.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "torch", None)  # importlib.util.find_spec("torch") is None


@pytest.mark.parametrize("lang, said", [
    ("en", "tilelens train: needs the package 'torch'; install it with `scripts/setup.sh test` (or "),
    ("ja", "tilelens train: 学習用のパッケージ「torch」が要ります: `scripts/setup.sh test` で入れてください")])
def test_train_all_without_torch_is_refused_before_any_step_starts(no_steps, no_torch, tmp_path, capsys, monkeypatch,
                                                                   lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    out = tmp_path / "retrain"
    assert main(["train", "all", "--out", str(out), "--hours", "2.5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(said) and err.count("\n") == 1, err
    assert not out.exists()  # nothing rendered, no folder made


def test_train_all_says_the_package_as_the_other_train_commands_do(no_steps, no_torch, tmp_path, capsys):
    from tilelens.cli import _install_hint

    assert main(["train", "all", "--out", str(tmp_path / "r")]) == 2
    # the line `tilelens` says for any command whose import of torch fails (tilelens.cli, ModuleNotFoundError)
    said = f"tilelens train: needs the package 'torch'; install it with `{_install_hint('torch')})\n"
    assert capsys.readouterr().err == said


def test_train_all_dry_run_needs_no_torch(no_steps, no_torch, tmp_path, capsys):
    assert main(["train", "all", "--out", str(tmp_path / "r"), "--dry-run"]) == 0
    assert "detector" in capsys.readouterr().out


def test_train_all_without_the_hong_kong_photos_is_refused_before_any_step_starts(no_steps, tmp_path, capsys,
                                                                                  monkeypatch):
    monkeypatch.setenv("TILELENS_HK_DIR", str(tmp_path / "no-photos"))
    out = tmp_path / "retrain"
    assert main(["train", "all", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tilelens train: no real photos under {tmp_path / 'no-photos'} (set TILELENS_HK_DIR)")
    assert "hk-enroll-list" in err and "detector-data" in err and not out.exists()


def test_a_retrain_whose_photo_steps_are_done_needs_the_photos_no_more(no_steps, tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HK_DIR", str(tmp_path / "no-photos"))
    out = tmp_path / "retrain"
    (out / "done").mkdir(parents=True)
    for name in ("hk-enroll-list", "detector-data"):
        (out / "done" / name).write_text("1.0\n")
    with pytest.raises(StepStarted):  # past the checks: the first step starts
        main(["train", "all", "--out", str(out)])


def test_each_training_step_says_what_it_needs():
    plan = retrain.make_plan(retrain.Path("r"), 2.5)
    assert {"torch", "ultralytics", "onnx", "onnxslim"} <= set(plan.step("detector").needs)
    for name in ("classifier-all", "boxcheck", "orient", "enroll-hk-mahjong"):
        assert "torch" in plan.step(name).needs, name
    assert not plan.step("scenes-tokyo-mahjong").needs
    assert [s.name for s in plan.steps if s.reads_hk] == ["hk-enroll-list", "detector-data"]


@pytest.mark.parametrize("lang, said", [
    ("en", "no real photos under {root} (set TILELENS_HK_DIR)"),
    ("ja", "{root} に実物の写真がありません (TILELENS_HK_DIR を指定してください)")])
def test_eval_on_the_hong_kong_photos_without_them_names_where_it_looked(tmp_path, capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    monkeypatch.setenv("TILELENS_HK_DIR", str(tmp_path / "nowhere"))
    assert main(["eval", "--data", "hk-heldout", "--tileset", "hk-mahjong"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilelens eval: hk-heldout: ") and said.format(root=tmp_path / "nowhere") in err, err


@pytest.mark.parametrize("lang, said", [
    ("en", "--compare mahjong-detector needs the package 'mahjong-detector', which comes with the test extra: "
           "install it with `scripts/setup.sh test` (or `.venv/bin/pip install -c constraints.txt -e '.[test]'`)"),
    ("ja", "--compare mahjong-detector にはパッケージ 'mahjong-detector' が要ります (test の追加パッケージ): "
           "`scripts/setup.sh test` で入れてください")])
def test_compare_without_mahjong_detector_gives_the_projects_install_command(monkeypatch, lang, said):
    from scorer.result import error_text
    from vision.evaluate import MahjongDetectorSystem

    monkeypatch.setitem(sys.modules, "mahjong_detector", None)
    monkeypatch.delitem(sys.modules, "mahjong_detector.predict", raising=False)
    with pytest.raises(Exception) as caught:
        MahjongDetectorSystem()
    assert error_text(caught.value, lang) == said
