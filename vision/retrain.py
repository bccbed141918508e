"""``tilelens train all``: every model retrained from nothing, in one session's time, on two cores.

The shipped models grew over many chained runs (models/MODEL_CARD.md). This command is the recipe that
rebuilds a complete models folder from scratch (no weights to start from, every photo rendered again)
within a wall-time budget, so that anyone can reproduce the recognizer on this machine, and so that a
change to the renderer or the networks can be judged by retraining everything:

    tilelens train all --out runs/retrain --hours 2.5      # then
    TILELENS_MODELS=runs/retrain/models benchmarks/eval_all.sh /tmp/retrain-eval

The work runs as a plan of steps on two lanes, one per core: the detector (the longest job) on one, the
classifiers, the Hong Kong enrolment and the photos they need on the other. Each step is one
``tilelens`` (or benchmark) command whose output goes to ``OUT/logs/<step>.log``; a finished step leaves
``OUT/done/<step>`` and is skipped when the command runs again, so an interrupted retrain continues
(the detector resumes from its last checkpoint, any other step starts again). Before any step starts, what
the steps still to run need is checked (the train extra's packages, the real Hong Kong photos): a missing one is
refused at once, not after minutes of rendering (``check_needs``). ``--dry-run`` prints the plan. The budget
sets the training minutes; rendering and harvesting take what they take. At the end it prints (and records
in ``OUT/models/RETRAIN.json``) what each model reached on its own validation data, and says so when the
detector had time for fewer epochs than the run that reproduced the real-photo figures: how fast a two-core
machine trains varies from day to day.
"""
from __future__ import annotations

import csv
import json
import os
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from scorer.catalog import list_games
from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split
from scorer.cli import say_help_in_japanese
from scorer.result import TilelensInputError, cli_lang, quoted_ja, said_in
from vision.cli_args import named_path, positive_float
from vision.enroll import ORIENT_MINUTES as SET_ORIENT_MINUTES
from vision.faces.catalog import HK_GAME

# the games `tilelens train classifier --game all` trains, and the detector's sets: those and the HK set
GAMES = tuple(list_games())
DETECTOR_SETS = (*GAMES, HK_GAME)
FINE_TUNED = ("tokyo-mahjong", "cinderella-neo", "yokai-watch")  # nogizaka keeps the shared cut
MIN_HOURS = 0.75

# minutes that do not scale with the budget: rendering scenes and building the detector set before the
# detector starts, the box check and enrolment after it ends. Measured on 2026-11-30 (models/JOURNAL.md,
# "Retraining everything from scratch"): the setup took 1.2 min, the box check 11; the margins are for a busier
# machine.
SETUP_MINUTES = 12.0
BOXCHECK_MINUTES = 10.0
ENROLL_MINUTES = 9.0
ORIENT_MINUTES = 25.0  # at most: the shipped model's run (models/MODEL_CARD.md, orientation model)
TAIL_MINUTES = BOXCHECK_MINUTES + 6.0  # the check's training plus harvesting crops and exporting


class RetrainError(TilelensInputError):
    """A retrain that cannot run (a budget too small to train anything, a step that failed)."""


# What `tilelens train all` prints and refuses, in each language (``scorer.result.cli_lang``: ``TILELENS_LANG=ja``
# or a Japanese locale); the steps' logs (read back for the figures) and RETRAIN.json stay English.
WORDS = {
    "en": {"plan": "retrain into {out} in {hours:g} h (models: {models})",
           "row": "  lane {lane}  {name:<27} {minutes:6.1f} min  {what}{wait}", "after": "  after {names}",
           "already": "already done: {names}", "resumed": " (resumed)",
           "start": "[{at}] start  {name}{resumed} on lane {lane}: {minutes:.1f} min planned ({n} of {total} started)",
           "done": "[{at}] done   {name} in {minutes:.1f} min ({n} of {total})",
           "running": "[{at}] running {steps}", "running_step": "{name} {spent:.0f}/{minutes:.0f} min{outlook}",
           "epochs": "{n} epoch{s}", "outlook": " ({epochs} done, {per:.0f} min each: about {expect} in its budget{few})",
           "too_few": "; the retrain that reproduced the real-photo figures trained {n} (models/MODEL_CARD.md): give it "
                      "more --hours or the machine to itself",
           "no_figures": "no validation figures found yet",
           "figures": "what the models reached on their own validation data (test sets: benchmarks/eval_all.sh):",
           "had_time": "  the detector had time for {epochs}{few}",
           "retrained": "retrained in {wall:.1f} min: models in {models} (record: {record})",
           "all_done": "every step was already done: models in {models} (record: {record})",
           "unchanged": "The models `tilelens read` uses are unchanged. Read with these: {env} tilelens read PHOTO --game "
                        "GAME; measure them on the test sets: {env} benchmarks/eval_all.sh EVAL_DIR",
           "too_little": "--hours {hours:g} is too little to train anything: give at least {least:g}",
           "stuck": "steps waiting on steps that are not in the plan: {names}",
           "package": "needs the package {package!r}; install it with `{install})",
           "no_hk": "no real photos under {root} (set TILELENS_HK_DIR): steps {names} use their enrolment part",
           "failed": "step {name} failed (exit {rc}) after {minutes:.1f} min: see {log}; run the command again to go on"},
    "ja": {"plan": "{out} に {hours:g}時間で学習し直します (モデル: {models})",
           "row": "  レーン {lane}  {name:<27} {minutes:6.1f}分  {what}{wait}", "after": "  ({names} の後)",
           "already": "終わっている手順: {names}", "resumed": " (再開)",
           "start": "[{at}] 開始  {name}{resumed} (レーン {lane}): 予定 {minutes:.1f}分 ({total}手順中 {n}手順を開始)",
           "done": "[{at}] 完了  {name} ({minutes:.1f}分) ({total}手順中 {n}手順が完了)",
           "running": "[{at}] 実行中 {steps}", "running_step": "{name} {spent:.0f}/{minutes:.0f}分{outlook}",
           "epochs": "{n}エポック", "outlook": " ({epochs}が終了、1エポック {per:.0f}分: 予定の時間でおよそ {expect}"
                                               "エポック{few})",
           "too_few": "。実写真の数字を再現した学習は {n}エポックでした (models/MODEL_CARD.md): --hours を増やすか、"
                      "このマシンを学習だけに使ってください",
           "no_figures": "検証の数字はまだありません",
           "figures": "各モデルがそれぞれの検証データで達した数字 (テストセットは benchmarks/eval_all.sh で):",
           "had_time": "  検出器の学習は {epochs}だけでした{few}",
           "retrained": "{wall:.1f}分で学習し直しました: モデルは {models} (記録: {record})",
           "all_done": "すべての手順が終わっていました: モデルは {models} (記録: {record})",
           "unchanged": "`tilelens read` が使うモデルは変わっていません。これらで読むには: {env} tilelens read PHOTO "
                        "--game GAME。テストセットで測るには: {env} benchmarks/eval_all.sh EVAL_DIR",
           "too_little": "--hours {hours:g} では何も学習できません: {least:g} 以上にしてください",
           "stuck": "計画にない手順を待っている手順があります: {names}",
           "package": "学習用のパッケージ{package_ja}が要ります: `{install}` で入れてください",
           "no_hk": "{root} に実物の写真がありません (TILELENS_HK_DIR を指定してください): 手順 {names} がその登録用の部分を"
                    "使います",
           "failed": "手順 {name} が失敗しました (終了コード {rc}、{minutes:.1f}分後): {log} を見てください。"
                     "同じコマンドをもう一度実行すると続きから進みます"}}
# Each step's ``what`` in Japanese (the plan's rows; the steps themselves say it in English)
WHAT_JA = {"800 detector scenes at 448 px": "検出器の場面 800枚 (448 px)",
           "the enrol part of the real Hong Kong photos": "香港の実写真の登録用の部分",
           "scenes + HK enrol part x4 + 2000 stretched bands": "場面 + 香港の登録用の部分 x4 + 引き伸ばした帯 2000枚",
           "YOLO11n from its YAML, 480 px, one thread": "YOLO11n を YAML から、480 px、1スレッド",
           "120 scenes of seed 2 for the box check": "枠のチェック用の場面 120枚 (シード 2)",
           "50 hands of seed 3 for the box check": "枠のチェック用の手牌 50枚 (シード 3)",
           "one backbone for the four games, cut per game, 64 px": "4つのゲームに共通の骨格、ゲームごとに切り出し、64 px",
           "fine-tuned alone, 60 crops per kind": "単独で微調整、種類ごとに切り抜き 60枚",
           "1300 upright hands of seed 73 for the orientation model": "向きのモデル用の正立した手牌 1300枚 (シード 73)",
           "which way up a hand stands (vision.orient)": "手牌の上下の向き (vision.orient)",
           "harvested from the new detector's boxes": "新しい検出器の枠から集めたもの",
           "the real Hong Kong set, from scratch, with the new detector's boxes, and its orientation model":
               "香港の実写真の牌セットを最初から、新しい検出器の枠で、その向きのモデルとともに"}


_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in, by default in the command line's language


def _error(key: str, **values) -> RetrainError:
    """A ``RetrainError`` saying ``WORDS[...][key]`` in English and Japanese."""
    return RetrainError(*(_said(key, lang, **values) for lang in ("en", "ja")))


@dataclass(frozen=True)
class Step:
    """One command of the plan. ``lane`` is the core it runs on; it starts once every step in ``after``
    is done. ``minutes`` is its planned wall time (its training budget where it trains). Where
    ``resume_from`` (relative to the output folder) exists, ``resume_argv`` continues the cut run."""

    name: str
    lane: int
    argv: tuple[str, ...]
    minutes: float
    after: tuple[str, ...] = ()
    resume_from: str = ""
    resume_argv: tuple[str, ...] = ()
    what: str = ""
    epochs_from: str = ""  # an Ultralytics run folder (relative to the output folder) whose epochs to watch
    val_in_log: bool = False  # its log ends with its model's validation accuracy (``log_figures``)
    needs: tuple[str, ...] = ()  # the packages of the train extra it imports: checked before any step starts
    reads_hk: bool = False  # it reads the real Hong Kong photos (``vision.hk_split.hk_root``)


@dataclass
class Plan:
    """The steps of a retrain into ``out`` and the budget they were planned for."""

    out: Path
    hours: float
    steps: list[Step] = field(default_factory=list)

    @property
    def models(self) -> Path:
        return self.out / "models"

    def step(self, name: str) -> Step:
        return next(s for s in self.steps if s.name == name)

    def describe(self, lang: str | None = None) -> str:
        """The plan as a table: lane, step, planned minutes, what it waits for; in ``lang`` (default: the
        command line's)."""
        lang = lang or cli_lang()
        rows = [_said("plan", lang, out=self.out, hours=self.hours, models=self.models)]
        for s in self.steps:
            wait = _said("after", lang, names=", ".join(s.after)) if s.after else ""
            what = lang == "ja" and WHAT_JA.get(s.what) or s.what
            rows.append(_said("row", lang, lane=s.lane, name=s.name, minutes=s.minutes, what=what, wait=wait))
        return "\n".join(rows)


# what a step that trains imports: every one torch, and onnx to export; the detector Ultralytics (with torchvision),
# whose export simplifies with onnxslim
TORCH_NEEDS = ("torch", "onnx")
DETECTOR_NEEDS = ("torch", "torchvision", "ultralytics", "onnx", "onnxslim")


def _tl(*args: object) -> tuple[str, ...]:
    return (sys.executable, "-m", "tilelens.cli", *map(str, args))


def _py(script: str, *args: object) -> tuple[str, ...]:
    return (sys.executable, script, *map(str, args))


def make_plan(out: Path, hours: float) -> Plan:
    """The steps that retrain every model into ``out/models`` within ``hours`` of wall time.

    The detector gets what the budget leaves after the setup before it and the box check after it; the
    other lane trains the shared classifier on 45% of that time and fine-tunes three games on 12% each.

    >>> p = make_plan(Path("r"), 2.5)
    >>> round(p.step("detector").minutes), round(p.step("classifier-all").minutes)
    (122, 55)
    >>> [s.name for s in p.steps if "detector" in s.after]
    ['boxcheck', 'enroll-hk-mahjong']
    """
    if hours < MIN_HOURS:
        raise _error("too_little", hours=hours, least=MIN_HOURS)
    out = Path(out)
    det_min = 60.0 * hours - SETUP_MINUTES - TAIL_MINUTES
    synth, check, models, runs = out / "synth-det", out / "check", out / "models", out / "runs"
    steps: list[Step] = []
    # scenes for the detector, seed 0, as datasets/detector/CARD.md: split over the two lanes
    for i, g in enumerate(DETECTOR_SETS):
        steps.append(Step(f"scenes-{g}", 0 if i < 3 else 1,
                          _tl("synth", "--game", g, "--out", synth / g, "--count", 800, "--seed", 0,
                              "--imgsz", 448, "--val-fraction", 0.03, "--workers", 1),
                          2.0, what="800 detector scenes at 448 px"))
    steps.append(Step("hk-enroll-list", 0, _py("scripts/hk_enroll_data.py", out / "hk-enroll"), 0.1,
                      what="the enrol part of the real Hong Kong photos", reads_hk=True))
    steps.append(Step("detector-data", 0,
                      (sys.executable, "-m", "vision.detector_data", "--synth", str(synth), "--out",
                       str(out / "det"), "--hk-repeat", "4", "--stretched", "2000"),
                      3.0, after=tuple(f"scenes-{g}" for g in DETECTOR_SETS),
                      what="scenes + HK enrol part x4 + 2000 stretched bands", reads_hk=True))
    det_run = runs / "detector"
    det_common = ("--out", det_run, "--onnx", models / "detector.onnx", "--imgsz", 480, "--threads", 1)
    steps.append(Step("detector", 0,
                      _tl("train", "detector", "--data", out / "det" / "data.yaml", "--epochs", 30,
                          "--hours", round(det_min / 60.0, 3), *det_common,
                          "--set", "close_mosaic=2", "--set", "warmup_epochs=1", "--set", "optimizer=AdamW",
                          "--set", "lr0=0.001", "--set", "cache=ram"),
                      det_min, after=("detector-data",),
                      resume_from=str((det_run / "weights" / "last.pt").relative_to(out)),
                      resume_argv=_tl("train", "detector", "--resume", *det_common),
                      what="YOLO11n from its YAML, 480 px, one thread", epochs_from=str(det_run.relative_to(out)),
                      needs=DETECTOR_NEEDS))
    # photos the detector never sees, whose boxes teach the box check its detector's mistakes
    for g in DETECTOR_SETS:
        steps.append(Step(f"check-{g}", 1,
                          _tl("synth", "--game", g, "--out", check / g, "--count", 120, "--seed", 2,
                              "--imgsz", 640, "--box", "tile", "--workers", 1),
                          0.5, what="120 scenes of seed 2 for the box check"))
    for g in GAMES:
        steps.append(Step(f"check-hands-{g}", 1,
                          _py("benchmarks/make_synth_hands.py", g, check / f"hands-{g}", "--count", 50,
                              "--seed", 3),
                          0.3, what="50 hands of seed 3 for the box check"))
    cls_min = 0.45 * det_min
    steps.append(Step("classifier-all", 1,
                      _tl("train", "classifier", "--game", "all", "--per-kind", 30, "--val-per-kind", 8,
                          "--crop-size", 64, "--minutes", round(cls_min, 1), "--cache", out / "crops",
                          "--out", runs / "classifier-all", "--models", models),
                      cls_min, what="one backbone for the four games, cut per game, 64 px", val_in_log=True,
                      needs=TORCH_NEEDS))
    for g in FINE_TUNED:
        m = 0.12 * det_min
        steps.append(Step(f"classifier-{g}", 1,
                          _tl("train", "classifier", "--game", g, "--per-kind", 60, "--val-per-kind", 8,
                              "--crop-size", 64, "--minutes", round(m, 1), "--lr", 0.001,
                              "--init", models / f"classifier-{g}.pt", "--cache", out / "crops",
                              "--out", runs / f"classifier-{g}", "--models", models),
                          m, after=("classifier-all",), what="fine-tuned alone, 60 crops per kind", val_in_log=True,
                          needs=TORCH_NEEDS))
    # the orientation model: upright hand photos of every game (and the same turned, in training), in
    # the other lane's wait for the detector
    orient_min = min(ORIENT_MINUTES, 0.15 * det_min)
    for g in GAMES:
        steps.append(Step(f"orient-hands-{g}", 1,
                          _py("benchmarks/make_synth_hands.py", g, out / "orient" / g, "--count", 1300,
                              "--seed", 73),
                          1.0, what="1300 upright hands of seed 73 for the orientation model"))
    steps.append(Step("orient", 1,
                      _tl("train", "orient",
                          *[a for g in GAMES for a in ("--data", out / "orient" / g / "data.yaml")],
                          # measured on the box check's hands (seed 3), which it never trains on
                          *[a for g in GAMES for a in ("--val", check / f"hands-{g}" / "data.yaml")],
                          "--out", runs / "orient", "--onnx", models / "orient.onnx",
                          "--minutes", round(orient_min, 1)),
                      orient_min + 1.0,
                      after=(*(f"orient-hands-{g}" for g in GAMES), *(f"check-hands-{g}" for g in GAMES)),
                      what="which way up a hand stands (vision.orient)", val_in_log=True, needs=TORCH_NEEDS))
    steps.append(Step("boxcheck", 0,
                      _tl("train", "boxcheck",
                          *[a for g in DETECTOR_SETS for a in ("--data", check / g / "data.yaml")],
                          *[a for g in GAMES for a in ("--data", check / f"hands-{g}" / "data.yaml")],
                          "--positives", out / "hk-enroll" / "data.yaml",
                          *[a for g in DETECTOR_SETS for a in ("--val", check / g / "data.yaml")],
                          "--detector", models / "detector.onnx", "--out", runs / "boxcheck",
                          "--onnx", models / "boxcheck.onnx", "--minutes", BOXCHECK_MINUTES),
                      TAIL_MINUTES, after=("detector", *(f"check-{g}" for g in DETECTOR_SETS),
                                           *(f"check-hands-{g}" for g in GAMES)),
                      what="harvested from the new detector's boxes", val_in_log=True, needs=TORCH_NEEDS))
    steps.append(Step("enroll-hk-mahjong", 1,
                      _tl("enroll", "--name", "hk-mahjong", "--data", out / "hk-enroll" / "data.yaml",
                          "--minutes", ENROLL_MINUTES, "--models", models, "--work", runs / "enroll",
                          "--replace"),  # this run's own set: a step run again writes it again
                      ENROLL_MINUTES + SET_ORIENT_MINUTES + 1.0, after=("detector", "hk-enroll-list"),
                      what="the real Hong Kong set, from scratch, with the new detector's boxes, and its "
                           "orientation model", needs=TORCH_NEEDS))
    return Plan(out, hours, steps)


def _fmt(seconds: float) -> str:
    """``3725`` -> ``'1:02:05'``."""
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def _env() -> dict[str, str]:
    """Every step: one thread per process (a lane is a core), no network, the repository importable, and English
    in its log, whatever the command line speaks: the figures are read back from the logs (``log_figures``)."""
    env = dict(os.environ, YOLO_OFFLINE="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", TILELENS_THREADS="1",
               TILELENS_LANG="en")
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    return env


def check_needs(steps: list[Step]) -> None:
    """``RetrainError`` where this Python or machine lacks what one of ``steps`` needs: a package of the train
    extra (said as every `tilelens train` command says a missing package, with the project's install command), or
    the real Hong Kong photos. Checked before any step starts: else the scenes render for minutes first."""
    import importlib.util

    from tilelens.cli import _install_hint
    from vision.enroll import install_command

    for package in dict.fromkeys(p for s in steps for p in s.needs):
        if importlib.util.find_spec(package) is None:
            raise RetrainError(_said("package", "en", package=package, install=_install_hint(package)),
                               _said("package", "ja", package_ja=quoted_ja(package), install=install_command()))
    readers = [s.name for s in steps if s.reads_hk]
    if readers:
        from vision.hk_split import hk_images, hk_root

        if not hk_images("enroll"):
            raise _error("no_hk", root=hk_root(), names=", ".join(readers))


def run_plan(plan: Plan, say=print, poll: float = 2.0, report_every: float = 300.0,
             cwd: Path | None = None, lang: str | None = None) -> dict[str, float]:
    """Run the plan's steps, one at a time per lane, each once everything it waits for is done; skip the
    steps already done (``out/done/<name>``). Return each step's wall minutes (this run's steps). A step
    that fails stops the rest and raises ``RetrainError`` naming it and its log. ``say`` is told in ``lang``
    (default: the command line's). What the steps still to run need is checked first (``check_needs``)."""
    lang = lang or cli_lang()
    out = plan.out
    done_dir, logs = out / "done", out / "logs"
    done = {s.name for s in plan.steps if (done_dir / s.name).exists()}
    pending = [s for s in plan.steps if s.name not in done]
    check_needs(pending)
    done_dir.mkdir(parents=True, exist_ok=True)
    logs.mkdir(parents=True, exist_ok=True)
    cwd = cwd or Path(__file__).resolve().parents[1]
    if done:
        say(_said("already", lang, names=", ".join(s.name for s in plan.steps if s.name in done)))
    running: dict[int, tuple[Step, subprocess.Popen, float, object]] = {}
    took: dict[str, float] = {}
    start = last_report = time.monotonic()
    total = len(plan.steps)
    try:
        while pending or running:
            for lane in sorted({s.lane for s in plan.steps}):
                if lane in running:
                    continue
                ready = next((s for s in pending if s.lane == lane and set(s.after) <= done), None)
                if ready is None:
                    continue
                pending.remove(ready)
                argv = ready.argv
                if ready.resume_from and (out / ready.resume_from).exists():
                    argv = ready.resume_argv
                log = (logs / f"{ready.name}.log").open("a", encoding="utf-8")
                log.write(f"$ {shlex.join(argv)}\n")
                log.flush()
                proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, cwd=cwd, env=_env())
                running[lane] = (ready, proc, time.monotonic(), log)
                resumed = _said("resumed", lang) if argv is ready.resume_argv else ""
                say(_said("start", lang, at=_fmt(time.monotonic() - start), name=ready.name, resumed=resumed, lane=lane,
                          minutes=ready.minutes, n=total - len(pending), total=total))
            if pending and not running:
                stuck = ", ".join(s.name for s in pending)
                raise _error("stuck", names=stuck)
            for lane, (step, proc, t0, log) in list(running.items()):
                rc = proc.poll()
                if rc is None:
                    continue
                log.close()
                del running[lane]
                minutes = (time.monotonic() - t0) / 60.0
                if rc != 0:
                    raise _error("failed", name=step.name, rc=rc, minutes=minutes, log=logs / (step.name + ".log"))
                (done_dir / step.name).write_text(f"{minutes:.2f}\n", encoding="utf-8")
                done.add(step.name)
                took[step.name] = minutes
                say(_said("done", lang, at=_fmt(time.monotonic() - start), name=step.name, minutes=minutes,
                          n=len(done), total=total))
            if running and time.monotonic() - last_report >= report_every:
                last_report = time.monotonic()
                say(_said("running", lang, at=_fmt(last_report - start), steps="; ".join(
                    _said("running_step", lang, name=s.name, spent=(last_report - t0) / 60, minutes=s.minutes,
                          outlook=outlook(out / s.epochs_from, s.minutes, lang) if s.epochs_from else "")
                    for s, _, t0, _ in running.values())))
            if running:
                time.sleep(poll)
    finally:
        for step, proc, _, log in running.values():
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.close()
    return took


# what a step's training prints as its last validation figure: the classifiers' "epoch 7: loss 1.234, 12.3 min,
# val acc 0.9610" (vision.classifier_train), the box check's and the orientation model's "validation accuracy 0.9550"
_VAL_ACC = re.compile(r"\bval(?:idation)? acc(?:uracy)? (\d+(?:\.\d+)?)")
_EPOCH = re.compile(r"^epoch (\d+): ", re.M)
# the detector's epochs in the run that reproduced the real-photo figures (2026-11-30, models/MODEL_CARD.md)
DETECTOR_EPOCHS_SEEN_ENOUGH = 7


def _epochs(run: Path) -> list[dict[str, str]]:
    """The rows of an Ultralytics run's ``results.csv``, one per finished epoch (none yet: empty)."""
    table = Path(run) / "results.csv"
    if not table.is_file():
        return []
    with table.open(encoding="utf-8", newline="") as f:
        return [{k.strip(): (v or "").strip() for k, v in row.items() if k} for row in csv.DictReader(f)]


def outlook(run: Path, minutes: float, lang: str | None = None) -> str:
    """While a detector trains: how many epochs its ``minutes`` will hold at the pace of those done, and a
    word when that is fewer than the run that reproduced the real-photo figures had (so that a slow day's
    machine is seen at the first epoch, not after the whole budget); in ``lang`` (default: the command line's)."""
    rows = _epochs(run)
    try:
        per_epoch = float(rows[-1]["time"]) / 60.0 / len(rows)
    except (IndexError, KeyError, ValueError, ZeroDivisionError):
        return ""
    if per_epoch <= 0:
        return ""
    expect = max(len(rows), int(minutes // per_epoch))
    return _said("outlook", lang, epochs=_epochs_word(len(rows), lang), per=per_epoch, expect=expect,
                 few=_too_few(expect, lang))


def _epochs_word(n: float, lang: str | None = None) -> str:
    return _said("epochs", lang, n=int(n), s="s" * (int(n) != 1))


def _too_few(epochs: float, lang: str | None = None) -> str:
    """A word when the detector gets fewer epochs than the retrain that reproduced the real-photo figures."""
    if epochs >= DETECTOR_EPOCHS_SEEN_ENOUGH:
        return ""
    return _said("too_few", lang, n=DETECTOR_EPOCHS_SEEN_ENOUGH)


def detector_figures(run: Path) -> dict[str, float]:
    """The epochs an Ultralytics detector run finished and its last validation precision, recall, mAP50 and
    mAP50-95 (its ``results.csv``); empty when the run has none yet."""
    rows = _epochs(run)
    if not rows:
        return {}
    last = rows[-1]
    names = {"P": "metrics/precision(B)", "R": "metrics/recall(B)", "mAP50": "metrics/mAP50(B)",
             "mAP50-95": "metrics/mAP50-95(B)"}
    got: dict[str, float] = {"epochs": len(rows)}
    for short, column in names.items():
        try:
            got[short] = round(float(last[column]), 4)
        except (KeyError, ValueError):
            pass
    return got


def log_figures(log: Path) -> dict[str, float]:
    """A training step's last validation accuracy (and epochs, where it counts them) from its log."""
    if not Path(log).is_file():
        return {}
    text = Path(log).read_text(encoding="utf-8", errors="replace").replace("\r", "\n")
    got: dict[str, float] = {}
    accs = _VAL_ACC.findall(text)
    if accs:
        got["val_acc"] = float(accs[-1])
    epochs = _EPOCH.findall(text)
    if epochs:
        got["epochs"] = int(epochs[-1])
    return got


def figures(plan: Plan) -> dict[str, dict[str, float]]:
    """What each model of a retrain reached on its own validation data (not the test sets: those are
    ``benchmarks/eval_all.sh``'s), by step: the detector's from its run, the others' from their logs."""
    got = {s.name: detector_figures(plan.out / s.epochs_from) for s in plan.steps if s.epochs_from}
    got.update({s.name: log_figures(plan.out / "logs" / f"{s.name}.log") for s in plan.steps if s.val_in_log})
    return {name: fig for name, fig in got.items() if fig}


def describe_figures(got: dict[str, dict[str, float]], lang: str | None = None) -> str:
    """The figures as lines to print, and a word when the detector had too little time; in ``lang`` (default:
    the command line's)."""
    lang = lang or cli_lang()
    if not got:
        return _said("no_figures", lang)
    rows = [_said("figures", lang)]
    for name, fig in got.items():
        parts = [f"{k} {v:.3f}" for k, v in fig.items() if k != "epochs"]
        if "epochs" in fig:
            parts.append(_epochs_word(fig["epochs"], lang))
        rows.append(f"  {name:<27} " + ", ".join(parts))
    epochs = got.get("detector", {}).get("epochs")
    if epochs is not None and _too_few(epochs):
        rows.append(_said("had_time", lang, epochs=_epochs_word(epochs, lang), few=_too_few(epochs, lang)))
    return "\n".join(rows)


# The help said in Japanese (``scorer.cli.say_help_in_japanese``): one line for each of the English ones in ``main``,
# kept in step with them, in the words the plan prints (学習し直す, 検証データ, 続きから).
DESCRIPTION_JA = ("すべてのモデル (検出器、分類器、枠の確認、向きのモデル、香港の牌セット) を最初から、時間の上限の中で"
                  "2コアで OUT/models に学習し直し、各モデルがそれぞれの検証データで達した数字を表示します "
                  "(OUT/models/RETRAIN.json にも)。中断したときは、もう一度実行すると続きから進みます。")
# The last paragraph of its --help: what each exit status means (a step that failed is a ``RetrainError``: 2 from the
# router, ``tilelens.cli``, as bad input is; Ctrl-C 130, the running steps stopped by ``run_plan``).
EXIT_STATUS = ("Exit status: 0 every step done, or the plan printed (--dry-run); 2 bad input (too few --hours, a "
               "package or the real photos a step needs missing) or a step that failed (named, with its log: run the "
               "command again to go on from it), said in one line on standard error; 130 interrupted (Ctrl-C: the "
               "running steps are stopped; run the command again to go on).")
EXIT_STATUS_JA = ("終了ステータス: すべての手順が終わったとき、または計画を表示したとき (--dry-run) は 0。入力の誤り "
                  "(--hours が少なすぎる、手順に要るパッケージや実物の写真がない)、または手順の失敗 (その手順とログを"
                  "挙げます。同じコマンドをもう一度実行すると続きから進みます) は 2 で、標準エラーに1行で表示します。"
                  "中断 (Ctrl-C) は 130 (実行中の手順を止めます。もう一度実行すると続きから進みます)。")
HELP_JA = {"--out": "作業フォルダ (モデルは OUT/models に)", "--hours": "学習時間の上限 (時間。指定がなければ 2.5)",
           "--dry-run": "計画を表示して止まります"}


def main(argv: list[str]) -> int:
    """``tilelens train all``: plan, then run (or print) every step."""
    p = UsageLinesParser(prog="tilelens train all", description=(
        "Retrain every model from scratch (detector, classifiers, box check, the orientation model, the Hong Kong "
        "tile set) into OUT/models within a wall-time budget, on two cores, then say what each model reached on "
        "its own validation data (also in OUT/models/RETRAIN.json). Run it again to continue an interrupted one."),
        formatter_class=HelpFormatter, epilog=EXIT_STATUS)
    p.add_argument("--out", type=named_path("folder"), default=Path("runs/retrain"), help="work folder (models in OUT/models)")
    p.add_argument("--hours", type=positive_float, default=2.5, help="wall-time budget (default 2.5)")
    p.add_argument("--dry-run", action="store_true", help="print the plan and stop")
    if cli_lang() == "ja":
        say_help_in_japanese(p, HELP_JA, DESCRIPTION_JA, EXIT_STATUS_JA)
    a = p.parse_args(argv)
    plan = make_plan(a.out.resolve(), a.hours)  # the steps run in the repository: a relative OUT is the caller's
    print(plan.describe())
    if a.dry_run:
        return 0
    t0 = time.monotonic()
    took = run_plan(plan)
    wall = (time.monotonic() - t0) / 60.0
    record = plan.out / "models" / "RETRAIN.json"
    record.parent.mkdir(parents=True, exist_ok=True)
    earlier = json.loads(record.read_text(encoding="utf-8")) if record.is_file() else {}
    steps = {**earlier.get("step_minutes", {}), **{k: round(v, 2) for k, v in took.items()}}
    got = figures(plan)
    record.write_text(json.dumps({"hours": plan.hours, "step_minutes": steps,
                                  "wall_minutes": round(earlier.get("wall_minutes", 0.0) + wall, 2),
                                  "figures": got}, indent=1) + "\n", encoding="utf-8")
    if took:
        print(_said("retrained", wall=wall, models=plan.models, record=record))
    else:
        print(_said("all_done", models=plan.models, record=record))
    from vision.detector import default_models_dir

    if plan.models.resolve() != default_models_dir().resolve():  # `--out .` in the repository: they are
        env = f"TILELENS_MODELS={shlex.quote(str(plan.models))}"
        print(_said("unchanged", env=env))
    print(describe_figures(got))
    return 0
