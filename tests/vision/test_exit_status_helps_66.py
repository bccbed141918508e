"""Session 66 (F6): `tilelens label --help`, `synth --help`, `enroll --help` and `train --help` (and `train detector`,
`classifier` and `all`'s) say their exit statuses, as `score`, `read` and `ledger` do, in English and in Japanese, true
to what each command returns: 0 done, 2 bad input (one line on standard error, through the router), 130 interrupted;
`label` also 1 when `check` finds errors, `accept --all` leaves photos out or `import` skips photos; `train all` 2
also when a step fails (named with its log). Each status said is proven below by running one of its paths."""
from __future__ import annotations

import re
import sys

import pytest

from tilelens.cli import main as cli

HELPS = [["label"], ["synth"], ["enroll"], ["train"], ["train", "detector"], ["train", "classifier"], ["train", "all"]]
IDS = [" ".join(argv) for argv in HELPS]


def _help(capsys, argv: list[str]) -> str:
    try:
        code = cli([*argv, "--help"])
    except SystemExit as done:
        code = done.code
    assert code in (0, None)
    return " ".join(capsys.readouterr().out.split())


def _status(out: str, head: str) -> str:
    """The help's exit-status paragraph, flattened (to its end, or the next blank line)."""
    assert head in out, out[-600:]
    return out[out.index(head):]


@pytest.mark.parametrize("argv", HELPS, ids=IDS)
def test_each_help_says_its_exit_statuses(cli_env, capsys, argv):
    said = _status(_help(capsys, argv), "Exit status: 0 ")
    assert "; 2 bad input" in said and "said in one line on standard error" in said, said
    assert "130 interrupted (Ctrl-C" in said, said
    assert ("; 1 " in said) == (argv == ["label"]), said
    assert ("a step that failed" in said) == (argv in (["train"], ["train", "all"])), said


@pytest.mark.parametrize("argv", HELPS, ids=IDS)
def test_each_help_says_them_in_japanese_too(cli_env, capsys, argv):
    cli_env(TILELENS_LANG="ja")
    out = _help(capsys, argv)
    said = re.sub(r"\s+", "", _status(out, "終了ステータス: "))
    assert "Exit status" not in out and "は0" in said and "は2で、標準エラーに1行で表示します" in said, said
    assert "中断(Ctrl-C)は130" in said, said
    assert ("は1:" in said) == (argv == ["label"]), said


def test_train_says_its_exit_statuses_on_help_not_on_a_usage_error(cli_env, capsys):
    assert cli(["train", "frob"]) == 2
    err = capsys.readouterr().err
    assert "Exit status" not in err and err.splitlines()[-1].startswith("tilelens train: error: "), err


# ------------------------------------------------------------- the statuses said, each proven on one of its paths

def test_label_bad_input_is_2_and_check_finding_errors_is_1(cli_env, capsys, tmp_path):
    assert cli(["label", "check", str(tmp_path / "nowhere")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    root = tmp_path / "set"
    (root / "images" / "train").mkdir(parents=True)
    (root / "labels" / "train").mkdir(parents=True)
    (root / "data.yaml").write_text("path: .\ntrain: images/train\nval: images/train\nnames: {0: 1m}\n")
    from PIL import Image

    Image.new("RGB", (64, 48)).save(root / "images" / "train" / "a.jpg")
    (root / "labels" / "train" / "a.txt").write_text("0 0.5 0.5 0.1\n")  # 4 fields: an error
    assert cli(["label", "check", str(root)]) == 1


def test_synth_bad_input_is_2_and_ctrl_c_is_130(cli_env, capsys, tmp_path, monkeypatch):
    assert cli(["synth", "--game", "tokyo-mahjong", "--out", str(tmp_path / "set")]) == 2
    assert capsys.readouterr().err.strip() == ("tilelens synth: give either --count N (a dataset) or --hand TILE... "
                                               "(one photo)")
    import vision.synth

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(vision.synth, "make_dataset", interrupted)
    assert cli(["synth", "--game", "tokyo-mahjong", "--count", "2", "--out", str(tmp_path / "set")]) == 130


def test_enroll_bad_input_is_2(cli_env, capsys, tmp_path):
    assert cli(["enroll", "--name", "Bad Name", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilelens enroll: tile set name 'Bad Name' must be") and len(err.splitlines()) == 1, err


def test_train_bad_input_is_2_and_ctrl_c_is_130(cli_env, capsys, tmp_path, monkeypatch):
    assert cli(["train", "detector", "--out", str(tmp_path / "run")]) == 2
    assert capsys.readouterr().err.startswith("tilelens train: --data DATA_YAML is required")
    import vision.train

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(vision.train, "train_detector", interrupted)
    assert cli(["train", "detector", "--smoke", "--out", str(tmp_path / "run")]) == 130
    assert "interrupted" in capsys.readouterr().err


def test_train_all_a_failed_step_is_2_naming_it_and_its_log(cli_env, capsys, tmp_path, monkeypatch):
    import vision.retrain as retrain

    run_plan = retrain.run_plan
    failing = retrain.Step("flaky", 0, (sys.executable, "-c", "raise SystemExit(3)"), 0.1)
    monkeypatch.setattr(retrain, "make_plan", lambda out, hours: retrain.Plan(out, hours, [failing]))
    monkeypatch.setattr(retrain, "run_plan", lambda plan: run_plan(plan, poll=0.02))
    assert cli(["train", "all", "--out", str(tmp_path / "r"), "--hours", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tilelens train: step flaky failed (exit 3)") and "flaky.log" in err, err
    assert len(err.splitlines()) == 1, err
