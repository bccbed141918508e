"""``tilelens train all``: the plan that retrains every model from scratch, and the two-lane runner."""
import sys
from pathlib import Path

import pytest

from vision.retrain import GAMES, Plan, RetrainError, Step, main, make_plan, run_plan

PY = sys.executable


def _args(step: Step) -> list[str]:
    """A ``tilelens`` step's arguments after the command name(s)."""
    argv = list(step.argv)
    assert argv[:3] == [PY, "-m", "tilelens.cli"], step.name
    return argv[3:]


def test_the_plan_fills_a_whole_models_folder_from_nothing(tmp_path):
    plan = make_plan(tmp_path / "r", 2.5)
    models = str(tmp_path / "r" / "models")
    text = [" ".join(s.argv) for s in plan.steps]
    wanted = [f"{models}/detector.onnx", f"{models}/boxcheck.onnx", f"{models}/orient.onnx", "--name hk-mahjong"]
    for want in wanted:
        assert any(want in t for t in text), want
    # no step starts from a shipped model: the only --init is the shared classifier this plan trains
    inits = [s.argv[s.argv.index("--init") + 1] for s in plan.steps if "--init" in s.argv]
    assert inits and all(i.startswith(models) for i in inits)
    assert not any("--base" in s.argv for s in plan.steps)
    assert "--game all" in " ".join(plan.step("classifier-all").argv)
    # every step waits only on steps of the plan, and a step that uses another's output waits for it
    names = {s.name for s in plan.steps}
    assert all(set(s.after) <= names for s in plan.steps)
    for s in plan.steps:
        if f"{models}/detector.onnx" in s.argv and s.name != "detector":
            assert "detector" in s.after, s.name
    assert all("classifier-all" in plan.step(f"classifier-{g}").after for g in ("tokyo-mahjong", "yokai-watch"))
    # the orientation model is measured on hand photos it never trains on (the box check's), so that its
    # validation accuracy reaches RETRAIN.json; it waits for them
    orient = plan.step("orient")
    vals = [orient.argv[i + 1] for i, a in enumerate(orient.argv) if a == "--val"]
    trains = {orient.argv[i + 1] for i, a in enumerate(orient.argv) if a == "--data"}
    assert len(vals) == len(GAMES) and not set(vals) & trains
    for v in vals:  # each is made by a step the orientation step waits for
        assert any(str(Path(v).parent) in plan.step(w).argv for w in orient.after), v
    # a cut detector run goes on from the checkpoint its own run folder keeps
    det = plan.step("detector")
    run = det.argv[det.argv.index("--out") + 1]
    assert str(tmp_path / "r" / det.resume_from).startswith(run) and "--resume" in det.resume_argv
    assert det.resume_argv[det.resume_argv.index("--out") + 1] == run


def test_the_planned_minutes_fit_the_budget_on_each_lane_and_grow_with_it(tmp_path):
    for hours in (1.0, 2.0, 3.0):
        plan = make_plan(tmp_path, hours)
        for lane in (0, 1):
            assert sum(s.minutes for s in plan.steps if s.lane == lane) <= 60 * hours, (hours, lane)
        assert plan.step("detector").minutes > 0.5 * 60 * hours - 30
    assert make_plan(tmp_path, 3.0).step("detector").minutes > make_plan(tmp_path, 2.0).step("detector").minutes
    detector = make_plan(tmp_path, 2.0).step("detector")
    assert float(detector.argv[detector.argv.index("--hours") + 1]) == pytest.approx(detector.minutes / 60, abs=1e-3)


def test_a_budget_too_small_to_train_is_refused(tmp_path):
    with pytest.raises(RetrainError, match="--hours 0.5 is too little"):
        make_plan(tmp_path, 0.5)


def test_the_plans_commands_are_ones_the_training_commands_accept(tmp_path):
    from vision.classifier_train import _parse as classifier_args
    from vision.enroll import _parse as enroll_args
    from vision.synth.cli import _parser as synth_parser

    plan = make_plan(tmp_path, 2.0)
    for s in plan.steps:
        if s.argv[:3] != (PY, "-m", "tilelens.cli"):
            continue
        args = _args(s)
        if args[0] == "synth":
            synth_parser().parse_args(args[1:])
        elif args[:2] == ["train", "classifier"]:
            a = classifier_args(args[2:])
            assert a.crop_size == 64 and a.models == plan.models
        elif args[0] == "enroll":
            assert enroll_args(args[1:]).models == plan.models
        elif args[:2] == ["train", "orient"]:
            assert args.count("--data") == len(GAMES) and f"{plan.models}/orient.onnx" in args


def test_dry_run_prints_the_plan_and_runs_nothing(tmp_path, capsys):
    assert main(["--out", str(tmp_path / "r"), "--hours", "1.5", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "detector" in out and "enroll-hk-mahjong" in out and "1.5 h" in out
    assert not (tmp_path / "r").exists()


def _py(code: str) -> tuple[str, ...]:
    return (PY, "-c", code)


def _stamp(name: str, pause: float = 0.0) -> tuple[str, ...]:
    """A step that records when it started and ended in the output folder's ``order.txt``."""
    return _py(f"import time, pathlib; f = pathlib.Path('order.txt'); "
               f"f.open('a').write('start {name}\\n'); time.sleep({pause}); f.open('a').write('end {name}\\n')")


def test_steps_run_after_what_they_wait_for_one_at_a_time_per_lane(tmp_path):
    plan = Plan(tmp_path, 1.0, [
        Step("a", 0, _stamp("a", 0.3), 0.1),
        Step("b", 1, _stamp("b"), 0.1),
        Step("c", 1, _stamp("c"), 0.1, after=("a",)),
        Step("d", 0, _stamp("d"), 0.1, after=("b", "c")),
    ])
    took = run_plan(plan, say=lambda _: None, poll=0.02, cwd=tmp_path)
    assert set(took) == {"a", "b", "c", "d"}
    lines = (tmp_path / "order.txt").read_text().split("\n")[:-1]
    assert lines.index("end a") < lines.index("start c") and lines.index("end c") < lines.index("start d")
    assert lines.index("end b") < lines.index("start d")
    assert all((tmp_path / "done" / n).is_file() for n in "abcd")
    assert (tmp_path / "logs" / "a.log").read_text().startswith("$ ")


def test_a_failed_step_stops_the_run_and_the_next_run_continues_from_it(tmp_path):
    flag = tmp_path / "fixed"
    fails_once = _py(f"import pathlib, sys; sys.exit(0 if pathlib.Path({str(flag)!r}).exists() else 3)")
    plan = Plan(tmp_path, 1.0, [
        Step("first", 0, _stamp("first"), 0.1),
        Step("flaky", 0, fails_once, 0.1, after=("first",)),
        Step("last", 0, _stamp("last"), 0.1, after=("flaky",)),
    ])
    with pytest.raises(RetrainError, match=r"step flaky failed \(exit 3\).*logs/flaky.log"):
        run_plan(plan, say=lambda _: None, poll=0.02, cwd=tmp_path)
    assert not (tmp_path / "done" / "flaky").exists() and not (tmp_path / "done" / "last").exists()
    flag.touch()
    said = []
    took = run_plan(plan, say=said.append, poll=0.02, cwd=tmp_path)
    assert set(took) == {"flaky", "last"}  # the finished step is not run again
    assert said[0] == "already done: first"
    assert (tmp_path / "order.txt").read_text().count("start first") == 1


def test_a_cut_step_with_a_checkpoint_resumes_instead_of_starting_again(tmp_path):
    (tmp_path / "ckpt").mkdir()
    (tmp_path / "ckpt" / "last.pt").touch()
    step = Step("train", 0, _py("raise SystemExit(5)"), 0.1, resume_from="ckpt/last.pt",
                resume_argv=_stamp("resumed"))
    said = []
    run_plan(Plan(tmp_path, 1.0, [step]), say=said.append, poll=0.02, cwd=tmp_path)
    assert "start resumed" in (tmp_path / "order.txt").read_text()
    assert "(resumed)" in said[0]


def test_a_step_waiting_on_a_step_outside_the_plan_is_named(tmp_path):
    plan = Plan(tmp_path, 1.0, [Step("orphan", 0, _stamp("orphan"), 0.1, after=("missing",))])
    with pytest.raises(RetrainError, match="orphan"):
        run_plan(plan, say=lambda _: None, poll=0.02, cwd=tmp_path)


def test_the_router_hands_all_to_the_retrain(tmp_path, capsys):
    from vision.train import main as train_main

    assert train_main(["all", "--out", str(tmp_path / "r"), "--dry-run", "--hours", "1"]) == 0
    out = capsys.readouterr().out
    assert all(f"classifier-{g}" in out for g in GAMES if g != "nogizaka")


def _finished_run(out: Path, epochs: int) -> None:
    """What a retrain's training leaves: the detector's ``results.csv`` (Ultralytics' columns, padded as some
    of its versions write them) and step logs as the trainers print them (tqdm's bars on carriage returns)."""
    run = out / "runs" / "detector"
    run.mkdir(parents=True)
    head = ["epoch", "time", "train/box_loss", "metrics/precision(B)", "metrics/recall(B)", "metrics/mAP50(B)",
            "metrics/mAP50-95(B)"]
    rows = [",".join(f"{h:>22}" for h in head)]
    rows += [",".join(f"{v:>22}" for v in (e + 1, 1800.0 * (e + 1), 1.5, 0.9, 0.8, 0.5 + e / 100, 0.3 + e / 100))
             for e in range(epochs)]  # 30 min an epoch
    (run / "results.csv").write_text("\n".join(rows) + "\n")
    logs = out / "logs"
    logs.mkdir()
    (logs / "classifier-all.log").write_text(
        "$ tilelens train classifier\nepoch 1:  50%| 39/78 [loss=3.1]\repoch 1: 100%| 78/78\r\n"
        "epoch 1: loss 3.100, 0.3 min, val acc 0.5000\n\repoch 2: loss 2.000, 0.6 min, val acc 0.8615\n"
        '{"onnx": ["classifier-tokyo-mahjong.onnx"]}\n')
    (logs / "boxcheck.log").write_text("box check: 120 crops\nbox check: validation accuracy 0.9550\n")
    (logs / "orient-hands-nogizaka.log").write_text("val acc 0.1\n")  # rendering, not training: left out


def test_the_record_says_what_each_model_reached_on_its_validation_data(tmp_path):
    from vision.retrain import describe_figures, figures

    _finished_run(tmp_path, epochs=3)
    got = figures(make_plan(tmp_path, 2.0))
    assert got["detector"] == {"epochs": 3, "P": 0.9, "R": 0.8, "mAP50": 0.52, "mAP50-95": 0.32}
    assert got["classifier-all"] == {"val_acc": 0.8615, "epochs": 2}  # the last epoch's, not the first's
    assert got["boxcheck"] == {"val_acc": 0.955}
    assert set(got) == {"detector", "classifier-all", "boxcheck"}  # steps with nothing to say are left out
    text = describe_figures(got)
    assert "mAP50 0.520" in text and "3 epochs" in text
    assert "time for 3 epochs" in text and "--hours" in text  # too short a detector run is named


def test_a_detector_that_trained_long_enough_gets_no_warning_and_nothing_found_is_said(tmp_path):
    from vision.retrain import DETECTOR_EPOCHS_SEEN_ENOUGH, describe_figures, figures

    _finished_run(tmp_path, epochs=DETECTOR_EPOCHS_SEEN_ENOUGH)
    assert "--hours" not in describe_figures(figures(make_plan(tmp_path, 2.0)))
    assert describe_figures(figures(make_plan(tmp_path / "empty", 2.0))) == "no validation figures found yet"


def test_a_finished_retrain_records_and_prints_its_figures(tmp_path, monkeypatch, capsys):
    import json

    import vision.retrain as retrain

    _finished_run(tmp_path, epochs=2)
    monkeypatch.setattr(retrain, "run_plan", lambda plan: {"detector": 1.5})
    assert main(["--out", str(tmp_path), "--hours", "1"]) == 0
    record = json.loads((tmp_path / "models" / "RETRAIN.json").read_text())
    assert record["figures"]["detector"]["epochs"] == 2 and record["step_minutes"] == {"detector": 1.5}
    assert "time for 2 epochs" in capsys.readouterr().out


def test_a_slow_detector_is_named_at_its_first_epoch_not_after_the_whole_budget(tmp_path):
    from vision.retrain import outlook

    _finished_run(tmp_path, epochs=1)
    run = tmp_path / "runs" / "detector"
    assert outlook(run, 92).startswith(" (1 epoch done, 30 min each: about 3 in its budget; ")
    assert "--hours" in outlook(run, 92)
    assert outlook(run, 300) == " (1 epoch done, 30 min each: about 10 in its budget)"
    assert outlook(tmp_path / "nothing", 92) == ""
    # the runner's progress line carries it for the step that names the run to watch
    step = Step("detector", 0, _stamp("detector", 0.5), 92.0, epochs_from="runs/detector")
    said = []
    run_plan(Plan(tmp_path, 2.0, [step]), say=said.append, poll=0.02, report_every=0.1, cwd=tmp_path)
    assert any("running detector" in line and "about 3 in its budget" in line for line in said)


def test_a_relative_out_folder_is_the_callers_not_the_repositorys(tmp_path, monkeypatch, capsys):
    # the steps run in the repository root: with OUT left relative their outputs landed there, while the
    # logs and the done markers stayed in the caller's folder
    from vision.retrain import main

    monkeypatch.chdir(tmp_path)
    assert main(["--out", "mine", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"retrain into {tmp_path / 'mine'} in 2.5 h (models: {tmp_path / 'mine' / 'models'})")
