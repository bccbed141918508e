"""Training the tile classifier (torch; imported only when training or enrolling).

``train`` fits a :class:`vision.classifier_net.TileNet` on a :class:`vision.cropset.CropSet` with
heavy augmentation, for a number of epochs or a time budget, checkpointing every epoch (resumable);
``export`` writes the ONNX file and its JSON spec. ``main`` is ``tilelens train classifier``.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from tqdm import tqdm

from vision import cli_args
from vision.cli_args import LogTiming, progress_bar  # a bar where stderr is a terminal, lines in a log

from scorer.result import TilelensInputError, cli_lang, said_in
from vision.classifier import ClassifierSpec
from vision.classifier_net import TileNet, augment
from vision.cropset import CONTEXT, STORE, CropSet, store_size
from vision.train import CLASSIFIER_LR


class ClassifierTrainError(TilelensInputError):
    """A classifier training request that cannot run."""


# What a training run prints for a person, in each language (``scorer.result.cli_lang``: ``TILELENS_LANG=ja`` or a
# Japanese locale), filled in by ``_said``; the errors carry both (``message_ja``). The JSON line and the files written
# are the same in both languages; ``--help`` is said in each (``vision.train.CLASSIFIER_HELP_JA``).
WORDS: dict[str, dict[str, str]] = {
    "en": {"minutes": "{minutes:g} min", "epoch_one": "{n} epoch", "epochs": "{n} epochs",
           "trained": "epoch {epoch}, {minutes:.1f} min trained",
           "finished": "{ckpt}: already finished ({trained} of {budget}); exporting its weights",
           "resuming": "resuming {ckpt} after {trained}; training on to {budget}",
           "training": "training for {budget} ({crops}, {classes}), checkpoint {ckpt}",
           "crop_one": "{n} crop", "crops": "{n} crops", "class_one": "{n} class", "classes": "{n} classes",
           "bar": "epoch {n}", "unit": "batch", "epoch_done": "epoch {n}: loss {loss:.3f}, {minutes:.1f} min",
           "val_acc": ", val acc {acc:.4f}",
           "afresh": "note: {folder} holds an unfinished run ({done}); this run starts afresh over it (--resume "
                     "continues it instead)",
           "done_minutes": "{elapsed:.1f} of {minutes:g} min", "done_epochs": "epoch {epoch} of {epochs}",
           "no_checkpoint": "no checkpoint of this run to resume yet ({ckpt} is written after each epoch)",
           "continue": "{ckpt} holds epoch {epoch}; continue with: {command}",
           "exported_one": "classifier exported to {files}", "exported_many": "classifiers exported to {files}",
           "read_with": "To read with it: `tilelens read` takes a classifier of labelled photos as an enrolled tile "
                        "set (--tileset NAME), which `tilelens enroll --name NAME --data {data} --base {base}` makes, "
                        "starting from this one (without --base, from scratch).",
           "in_use_one": "wrote {files}: `tilelens read` uses it from now on",
           "in_use_many": "wrote {files}: `tilelens read` uses them from now on",
           "as_name": " (as {name})",
           "how_option": "run `tilelens read --{option} {path}` (`tilelens eval` takes --{option} too)",
           "how_folder_one": "copy {folder}/ to a folder of your own, put {files} there with its .json, and set "
                             "TILELENS_MODELS to that folder (`tilelens read` also takes it as --models)",
           "how_folder_many": "copy {folder}/ to a folder of your own, put {files} there each with its .json, and set "
                              "TILELENS_MODELS to that folder (`tilelens read` also takes it as --models)",
           "unchanged_one": "The models `tilelens read` uses ({folder}/) are unchanged. To read with the new one, "
                            "{how}. To replace the one it uses, train with {ship}.",
           "unchanged_many": "The models `tilelens read` uses ({folder}/) are unchanged. To read with the new ones, "
                             "{how}. To replace the ones it uses, train with {ship}."},
    "ja": {"minutes": "{minutes:g}分", "epoch_one": "{n}エポック", "epochs": "{n}エポック",
           "trained": "{epoch}エポック、{minutes:.1f}分学習済み",
           "finished": "{ckpt}: 学習は終わっています ({budget}のうち{trained})。その重みを書き出します",
           "resuming": "{ckpt} を再開します ({trained})。{budget}まで学習を続けます",
           "training": "{budget}学習します (切り抜き {crops}、{classes})。チェックポイント: {ckpt}",
           "crop_one": "{n}枚", "crops": "{n}枚", "class_one": "{n}種類", "classes": "{n}種類",
           "bar": "エポック {n}", "unit": "バッチ", "epoch_done": "エポック {n}: 損失 {loss:.3f}、{minutes:.1f}分",
           "val_acc": "、検証の正解率 {acc:.4f}",
           "afresh": "注意: {folder} に途中で止まった学習 ({done}) があります。この学習はそれを上書きして最初から"
                     "始めます (--resume を付けると続きから学習します)",
           "done_minutes": "{minutes:g}分中 {elapsed:.1f}分", "done_epochs": "{epochs}エポック中 {epoch}エポック",
           "no_checkpoint": "この学習で再開できるチェックポイントはまだありません ({ckpt} は各エポックの後に書かれます)",
           "continue": "{ckpt} は {epoch}エポック目まで学習済みです。続けるには: {command}",
           "exported_one": "分類器を {files} に書き出しました", "exported_many": "分類器を {files} に書き出しました",
           "read_with": "これで読むには: `tilelens read` はラベル付き写真の分類器を登録した牌セット (--tileset NAME) "
                        "として使います。`tilelens enroll --name NAME --data {data} --base {base}` がこれを出発点に"
                        "作ります (--base なしなら一から)。",
           "in_use_one": "{files} を書き出しました: これから `tilelens read` はこれを使います",
           "in_use_many": "{files} を書き出しました: これから `tilelens read` はこれらを使います",
           "as_name": " ({name} として)",
           "how_option": "`tilelens read --{option} {path}` で読んでください (`tilelens eval` も --{option} を"
                         "受け付けます)",
           "how_folder_one": "{folder}/ を自分のフォルダにコピーし、{files} を .json と一緒にそこへ置いて、"
                             "TILELENS_MODELS をそのフォルダにしてください (`tilelens read` は --models でも受け付けます)",
           "how_folder_many": "{folder}/ を自分のフォルダにコピーし、{files} をそれぞれ .json と一緒にそこへ置いて、"
                              "TILELENS_MODELS をそのフォルダにしてください (`tilelens read` は --models でも受け付けます)",
           "unchanged_one": "`tilelens read` が使うモデル ({folder}/) は変わっていません。新しいモデルで読むには、{how}。"
                            "使うモデルを置き換えるには {ship} を付けて学習してください。",
           "unchanged_many": "`tilelens read` が使うモデル ({folder}/) は変わっていません。新しいモデルで読むには、"
                             "{how}。使うモデルを置き換えるには {ship} を付けて学習してください。"},
}


_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in, by default in the command line's language


def training_said(lang: str, budget: str, crops: int, classes: int, ckpt: object) -> str:
    """The line a fresh run starts with: its budget, its crops and classes (one of each said in the singular)."""
    return _said("training", lang, budget=budget, ckpt=ckpt,
                 crops=_said("crops" if crops != 1 else "crop_one", lang, n=crops),
                 classes=_said("classes" if classes != 1 else "class_one", lang, n=classes))


@dataclass(frozen=True)
class TrainConfig:
    """Settings of one run. ``minutes`` (a time budget) wins over ``epochs`` when set."""

    epochs: int = 30
    minutes: float | None = None
    batch: int = 64
    lr: float = CLASSIFIER_LR
    weight_decay: float = 5e-4
    width: int = 16
    embed: int = 128
    rotation: str = "any"       # "any": scattered tiles at any angle; "upright": small tilts and 180;
    #                             "tilt": tilts only, never turned over (the orientation model)
    strength: float = 1.0       # scales the augmentation (shift, zoom, light...): lower keeps a box's framing
    balance: float = 0.5        # sample class c with weight count_c ** -balance
    seed: int = 0
    threads: int = 1           # 2 cores shared by many jobs: a second thread mostly spins


def _head_targets(spec: ClassifierSpec) -> dict[str, torch.Tensor]:
    """Per attribute head: class index -> value index."""
    return {name: torch.tensor([values.index(a.get(name, "-")) for a in spec.class_attrs])
            for name, values in spec.heads.items()}


def build_model(spec: ClassifierSpec, cfg: TrainConfig) -> TileNet:
    """A fresh network shaped for ``spec``."""
    return TileNet(len(spec.classes), {k: len(v) for k, v in spec.heads.items()}, cfg.width, cfg.embed)


def load_checkpoint(path: Path, keys: tuple[str, ...] = ("model", "spec")) -> dict:
    """A checkpoint ``save_weights`` or training wrote, holding ``keys``; ``ClassifierTrainError`` naming the
    file when it is not one (truncated, another program's, a detector's)."""
    if not Path(path).is_file():
        raise ClassifierTrainError(f"{path}: no such checkpoint", f"{path}: チェックポイントがありません")
    try:
        ckpt = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # noqa: BLE001  torch says a bad file with OSError, RuntimeError, pickle's errors ...
        path = Path(path)
        if path.suffix.lower() == ".onnx":
            raise ClassifierTrainError(f"{path}: an exported model, not training weights: give the checkpoint "
                                       f"written beside it, {path.with_suffix('.pt')}",
                                       f"{path}: 書き出したモデルで、学習の重みではありません: 隣に書かれた"
                                       f"チェックポイント {path.with_suffix('.pt')} を指定してください") from None
        why = why_ja = (str(exc).splitlines() or [type(exc).__name__])[0]
        if "Weights only load failed" in why:  # torch's advice (load it unsafely) is none for this file
            why = "it holds more than weights: another program's checkpoint, such as a detector's?"
            why_ja = "重み以外のものも入っています: 検出器など、ほかのプログラムのチェックポイントでは?"
        raise ClassifierTrainError(f"{path}: not a classifier checkpoint that can be read ({why})",
                                   f"{path}: 読める分類器のチェックポイントではありません ({why_ja})") from None
    missing = [k for k in keys if not isinstance(ckpt, dict) or k not in ckpt]
    if missing:
        raise ClassifierTrainError(f"{path}: not a classifier checkpoint (`tilelens train classifier` and "
                                   f"`tilelens enroll` write them): it has no {', '.join(missing)}",
                                   f"{path}: 分類器のチェックポイント (`tilelens train classifier` と `tilelens enroll` "
                                   f"が書くもの) ではありません: {', '.join(missing)} がありません")
    return ckpt


def load_init(model: TileNet, spec: ClassifierSpec, weights: Path) -> int:
    """Start ``model`` from a base checkpoint: the backbone always, and the rows of the kind head and
    attribute heads whose class / value also exists in the base (matched by id). Returns rows copied."""
    ckpt = load_checkpoint(weights)
    state, base_spec = ckpt["model"], ClassifierSpec.from_json(ckpt["spec"], str(weights))
    own = model.state_dict()
    for key, value in state.items():
        if (key.startswith("backbone.") or key.startswith("embed.")) and key in own \
                and own[key].shape == value.shape:
            own[key] = value
    copied = 0
    for prefix, new_vals, old_vals in [("kind", spec.classes, base_spec.classes)] + [
            (f"heads.attr_{n}", spec.heads[n], base_spec.heads.get(n, ())) for n in spec.heads]:
        for i, v in enumerate(new_vals):
            if v in old_vals and f"{prefix}.weight" in state:
                j = list(old_vals).index(v)
                own[f"{prefix}.weight"][i] = state[f"{prefix}.weight"][j]
                own[f"{prefix}.bias"][i] = state[f"{prefix}.bias"][j]
                copied += 1
    model.load_state_dict(own)
    return copied


def _sampler_weights(labels: np.ndarray, n_classes: int, balance: float) -> torch.Tensor:
    counts = np.bincount(labels, minlength=n_classes).astype(np.float64)
    return torch.tensor((np.maximum(counts, 1) ** -balance)[labels])


def train_steps(crops: int, epochs: int, batch: int | None = None) -> int:
    """The steps :func:`train` takes over ``epochs`` epochs of ``crops`` crops in batches of ``batch`` (by default
    ``TrainConfig``'s).

    >>> train_steps(30720, 1), train_steps(5, 2)
    (480, 2)
    """
    return epochs * max(1, math.ceil(crops / (batch or TrainConfig.batch)))


def _to_tensor(images: np.ndarray) -> torch.Tensor:
    # uint8 BGR (n, H, W, 3) -> uint8 RGB (n, 3, H, W). A batch at a time: the crops stay as they are held (an
    # enrolment's 20,000 are 600 MB; a converted copy of them all would be 600 MB more, the orientation model's twice
    # that)
    return torch.from_numpy(np.ascontiguousarray(np.asarray(images)[..., ::-1].transpose(0, 3, 1, 2)))


def centre_view(src_u8: torch.Tensor, spec: ClassifierSpec) -> torch.Tensor:
    """The run-time crop cut from source crops, without augmentation (for validation)."""
    gen = torch.Generator().manual_seed(0)
    return augment(src_u8.float() / 255, spec.crop_size, (1 + spec.margin) / CONTEXT, gen, strength=0.0)


@torch.no_grad()
def accuracy(model: TileNet, data: CropSet, spec: ClassifierSpec, batch: int = 256) -> float:
    """Top-1 kind accuracy on centred crops of ``data`` (labels must index ``spec.classes``)."""
    model.eval()
    right = 0
    for i in range(0, len(data), batch):
        logits = model(centre_view(_to_tensor(data.images[i:i + batch]), spec))[0]
        right += int((logits.argmax(1) == torch.from_numpy(data.labels[i:i + batch])).sum())
    return right / max(len(data), 1)


def _lr_at(cfg: TrainConfig, progress: float) -> float:
    # Short warm-up, then cosine to zero: the same shape for an epoch count or a time budget.
    warm = 0.03
    if progress < warm:
        return cfg.lr * (0.1 + 0.9 * progress / warm)
    return cfg.lr * 0.5 * (1 + math.cos(math.pi * min(1.0, (progress - warm) / (1 - warm))))


def _start(model: TileNet, opt, spec: ClassifierSpec, ckpt_path: Path, resume: bool,
           init: Path | None) -> tuple[int, float]:
    """Load the checkpoint to resume (or the base weights to start from); returns (epoch, elapsed s)."""
    if resume:
        if not ckpt_path.is_file():
            raise ClassifierTrainError(f"nothing to resume: {ckpt_path} does not exist",
                                       f"再開する学習がありません: {ckpt_path} がありません")
        ckpt = load_checkpoint(ckpt_path, ("model", "opt", "epoch", "elapsed"))
        try:
            model.load_state_dict(ckpt["model"])
            opt.load_state_dict(ckpt["opt"])
        except (RuntimeError, ValueError, KeyError):  # a run of other kinds, heads or width
            raise ClassifierTrainError(f"cannot resume {ckpt_path}: it trained a network for other tile kinds "
                                       f"or of another width; start afresh without --resume, or in another "
                                       f"run folder",
                                       f"{ckpt_path} を再開できません: ほかの牌の種類か、ほかの幅のネットワークを学習して"
                                       f"います。--resume なしで最初から始めるか、別の学習フォルダで学習してください"
                                       ) from None
        return int(ckpt["epoch"]), float(ckpt["elapsed"])
    if init is not None:
        load_init(model, spec, init)
    return 0, 0.0


def _loss(out: tuple[torch.Tensor, ...], y: torch.Tensor, spec: ClassifierSpec,
          heads: dict[str, torch.Tensor]) -> torch.Tensor:
    # The kind head carries the identity; attribute heads help (half weight) and report their own
    # confidences. Label smoothing keeps probabilities honest for the app's picker.
    loss = F.cross_entropy(out[0], y, label_smoothing=0.1)
    for k, name in enumerate(spec.heads):
        loss = loss + 0.5 * F.cross_entropy(out[1 + k], heads[name][y], label_smoothing=0.05)
    return loss


def train(data: CropSet, spec: ClassifierSpec, cfg: TrainConfig, out_dir: Path,
          init: Path | None = None, resume: bool = False, val: CropSet | None = None,
          progress: bool = True, on_progress: Callable[[float], None] | None = None,
          lang: str | None = None) -> TileNet:
    """Train on ``data`` (labels indexing ``spec.classes``); checkpoint ``out_dir/last.pt`` each epoch.
    ``on_progress(fraction)`` is called after each step with the share of the run done (0..1). The progress
    lines speak ``lang`` (default: the command line's, ``scorer.result.cli_lang``).

    With ``resume`` the run continues from ``out_dir/last.pt`` (same data and settings).
    """
    torch.set_num_threads(cfg.threads)
    out_dir.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(cfg.seed)
    model = build_model(spec, cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    ckpt_path = out_dir / "last.pt"
    epoch, elapsed = _start(model, opt, spec, ckpt_path, resume, init)
    say = tqdm.write if progress else (lambda text: None)
    lang = lang or cli_lang()
    budget = (_said("minutes", lang, minutes=cfg.minutes) if cfg.minutes
              else _said("epochs" if cfg.epochs != 1 else "epoch_one", lang, n=cfg.epochs))
    if resume:
        trained = _said("trained", lang, epoch=epoch, minutes=elapsed / 60)
        finished = (elapsed >= cfg.minutes * 60) if cfg.minutes else epoch >= cfg.epochs
        say(_said("finished" if finished else "resuming", lang, ckpt=ckpt_path, trained=trained, budget=budget))
    else:
        say(training_said(lang, budget, len(data), len(spec.classes), ckpt_path))
    gen = torch.Generator().manual_seed(cfg.seed + epoch)
    labels = torch.from_numpy(data.labels)
    heads = _head_targets(spec)
    weights = _sampler_weights(data.labels, len(spec.classes), cfg.balance)
    steps_per_epoch = max(1, math.ceil(len(data) / cfg.batch))
    crop_half = (1 + spec.margin) / CONTEXT

    def done_fraction(step_in_epoch: int) -> float:
        if cfg.minutes:
            return elapsed / (cfg.minutes * 60)
        return (epoch + step_in_epoch / steps_per_epoch) / cfg.epochs

    said = EpochLines(progress, lang)
    # A time budget is the loop's wall time, the time between steps included: each epoch's validation and checkpoint
    # (`label teach --minutes 5` on 6 photos, hundreds of tiny epochs, had ended "5.6 of about 5.3 min" counting steps)
    t0 = time.monotonic()
    while done_fraction(0) < 1.0:
        model.train()
        bar = said.bar(steps_per_epoch, epoch + 1)
        total, steps = 0.0, 0
        for step in bar:
            frac = done_fraction(step)
            if cfg.minutes and frac >= 1.0:
                break
            for group in opt.param_groups:
                group["lr"] = _lr_at(cfg, frac)
            idx = torch.multinomial(weights, cfg.batch, replacement=True, generator=gen)
            x = augment(_to_tensor(data.images[idx.numpy()]).float() / 255, spec.crop_size, crop_half, gen,
                        cfg.rotation, cfg.strength)
            loss = _loss(model(x), labels[idx], spec, heads)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            total, steps = total + loss.item(), steps + 1
            now = time.monotonic()
            elapsed, t0 = elapsed + (now - t0), now
            bar.set_postfix(loss=f"{total / steps:.3f}", lr=f"{opt.param_groups[0]['lr']:.1e}")
            if on_progress is not None:
                on_progress(min(1.0, done_fraction(step + 1)))
        epoch += 1
        note = _said("epoch_done", lang, n=epoch, loss=total / max(1, steps), minutes=elapsed / 60)
        if val is not None and len(val):
            note += _said("val_acc", lang, acc=accuracy(model, val, spec))
        said.done(note)
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": epoch,
                    "elapsed": elapsed, "spec": spec.to_json(), "config": asdict(cfg)}, ckpt_path)
        now = time.monotonic()
        elapsed, t0 = elapsed + (now - t0), now  # the epoch's validation and save: no epoch begun past the budget
    model.eval()
    return model


class EpochLines:
    """What ``train`` says of its epochs as it goes (where ``progress``): on a terminal each epoch's bar (standard
    error) and its line as it ends ("epoch 3: loss 0.412, 1.2 min", standard output), as before. Into a log (README's
    "Progress in a log": `2>log.txt`, `nohup`) by the rule of the other long steps, one clock for the whole run
    (``vision.cli_args.LogTiming``): a line 5 s in, then one every 30 s, none for a run under 5 s; an epoch's line
    as it ends where one is due, and within an epoch its bar's line only while the epochs are as long as the interval
    or longer (the first, not yet timed, included): `enroll --minutes 5` into a log had written its 26 epochs' lines
    in 15 s. ``clock``, ``out`` and ``err`` (standard output and error, as they are when written): for a test."""

    def __init__(self, progress: bool = True, lang: str = "en", clock: Callable[[], float] | None = None,
                 out=None, err=None) -> None:
        self.progress, self.lang, self.out, self.err = progress, lang, out, err
        self.timing = LogTiming(clock)
        self.began: float | None = None  # when the epoch under way began
        self.epoch_s: float | None = None  # how long the last epoch took

    def bar(self, steps: int, epoch: int):
        """The bar of epoch ``epoch`` (from 1) over its ``steps`` batches: hidden in a log where the epochs are
        shorter than the interval (their lines say it)."""
        self.began = self.timing.clock()
        err = self.err if self.err is not None else sys.stderr
        short = self.epoch_s is not None and self.epoch_s < self.timing.every
        return progress_bar(range(steps), asked=self.progress and (cli_args.is_terminal(err) or not short),
                            desc=_said("bar", self.lang, n=epoch), unit=_said("unit", self.lang), lang=self.lang,
                            leave=False, bar=tqdm, file=err, timing=self.timing)

    def done(self, note: str) -> None:
        """The epoch under way has ended, ``note`` its line."""
        now = self.timing.clock()
        if self.began is not None:
            self.epoch_s = now - self.began
        if self.progress and (cli_args.is_terminal(self.out if self.out is not None else sys.stdout)
                              or self.timing.due(now)):
            tqdm.write(note, **({"file": self.out} if self.out is not None else {}))


def save_weights(model: TileNet, spec: ClassifierSpec, dest: Path) -> Path:
    """Weights only (no optimiser), the base a later enrolment fine-tunes from."""
    torch.save({"model": model.state_dict(), "spec": spec.to_json(), "config": model.config}, dest)
    return dest


def export(model: TileNet, spec: ClassifierSpec, dest: Path) -> Path:
    """Write ``dest`` (ONNX, dynamic batch) and ``dest.with_suffix('.json')`` (the spec)."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    model.eval()
    names = ["kind", *(f"attr_{n}" for n in spec.heads), "embedding"]
    dummy = torch.rand(2, 3, spec.crop_size, spec.crop_size)
    torch.onnx.export(model, (dummy,), str(dest), input_names=["crops"], output_names=names,
                      dynamic_axes={k: {0: "n"} for k in ["crops", *names]}, opset_version=17,
                      dynamo=False, do_constant_folding=True)
    dest.with_suffix(".json").write_text(spec.to_json() + "\n", encoding="utf-8")
    return dest


def spec_for_game(game_id: str, crop_size: int = 48, margin: float = 0.15) -> ClassifierSpec:
    """The spec of a game's classifier: every catalog tile kind, attribute heads from the catalog."""
    from scorer import catalog

    game = catalog.load_game(game_id)
    return ClassifierSpec.for_classes([t.id for t in game.tiles], [dict(t.attrs) for t in game.tiles],
                                      crop_size=crop_size, margin=margin, name=game.id, game=game.id)


def spec_for_games(games: list[str], crop_size: int = 48, margin: float = 0.15) -> ClassifierSpec:
    """One spec over several games (classes ``game/tile``, a ``game`` head), for a shared backbone."""
    specs = [spec_for_game(g, crop_size, margin) for g in games]
    classes = [f"{s.game}/{c}" for s in specs for c in s.classes]
    attrs = [{**a, "game": s.game} for s in specs for a in s.class_attrs]
    if len(games) == 1:
        return specs[0]
    return ClassifierSpec.for_classes(classes, attrs, crop_size=crop_size, margin=margin, name="+".join(games))


def slice_model(model: TileNet, spec: ClassifierSpec, game: str) -> tuple[TileNet, ClassifierSpec]:
    """A game's own network cut from a shared one: the same backbone, the kind rows of its tiles and,
    per attribute head, the rows of the values its tiles take (softmax over those renormalises)."""
    game_spec = spec_for_game(game, spec.crop_size, spec.margin)
    if spec.classes == game_spec.classes:
        return model, game_spec
    net = TileNet(len(game_spec.classes), {k: len(v) for k, v in game_spec.heads.items()},
                  model.config["width"], model.config["embed"])
    own, state = net.state_dict(), model.state_dict()
    for key in own:
        if key.startswith(("backbone.", "embed.")):
            own[key] = state[key].clone()
    rows = torch.tensor([spec.classes.index(f"{game}/{c}") for c in game_spec.classes])
    own["kind.weight"], own["kind.bias"] = state["kind.weight"][rows], state["kind.bias"][rows]
    for name, values in game_spec.heads.items():
        idx = torch.tensor([spec.heads[name].index(v) for v in values])
        for part in ("weight", "bias"):
            own[f"heads.attr_{name}.{part}"] = state[f"heads.attr_{name}.{part}"][idx]
    net.load_state_dict(own)
    return net.eval(), game_spec


def game_cropset(games: list[str], per_kind: int, seed: int, cache: Path | None,
                 size: int = STORE) -> CropSet:
    """Rendered crops of each game at ``size`` px, labels over ``spec_for_games(games)`` (cached as .npz
    per game, named by what they were rendered with, the renderer's code included)."""
    from vision.scene_crops import renderer_stamp, rendered_cropset

    sets = []
    for g in games:
        tag = "" if size == STORE else f"-{size}px"
        path = cache / f"synth-{g}-{per_kind}-{seed}{tag}-r{renderer_stamp()}.npz" if cache else None
        if path and path.is_file():
            cs = CropSet.load(path)
        else:
            cs = rendered_cropset(g, per_kind, seed=seed, size=size)
            if path:
                path.parent.mkdir(parents=True, exist_ok=True)
                cs.save(path)
        if len(games) > 1:
            cs = CropSet(cs.images, cs.labels, [f"{g}/{c}" for c in cs.classes], cs.groups)
        sets.append(cs)
    classes = [c for s in sets for c in s.classes]
    return CropSet.concat([s.remap(classes) for s in sets])


def _parse(argv: list[str]) -> argparse.Namespace:
    """The arguments, read by ``vision.train.classifier_args`` (which `tilelens train` reads before torch)."""
    from vision.train import classifier_args

    return classifier_args(argv)


def _games(text: str) -> list[str]:
    from scorer.catalog import list_games, load_game

    games = list_games() if text == "all" else [g.strip() for g in text.split(",") if g.strip()]
    return [load_game(g).id for g in games]  # an unknown game fails with the catalog's message


def _photo_set(data_yaml: Path) -> tuple[list[str], list[Path]]:
    """The class names and training photos of a labelled photo set; a ``ClassifierTrainError`` or
    ``CropDataError`` naming the problem when its ``data.yaml`` is missing or does not name them."""
    from vision.cropset import yolo_images, yolo_names

    if not data_yaml.is_file():
        raise ClassifierTrainError(f"data file not found: {data_yaml}", f"データのファイルがありません: {data_yaml}")
    return yolo_names(data_yaml), yolo_images(data_yaml)


def photo_cropset(data_yaml: Path, classes: list[str], detector, size: int = STORE) -> CropSet:
    """Crops of a labelled photo set (class names = tile ids; ``back`` and unreadable ``tile`` boxes left
    out), labelled boxes and ``detector``'s boxes on them, at ``size`` px, with labels over ``classes``."""
    from vision.cropset import from_yolo

    names, photos = _photo_set(data_yaml)
    faces = from_yolo(photos, names, size=size, detector=detector).faces()
    unknown = sorted({names[i] for i in faces.labels} - set(classes))
    if unknown:
        raise ClassifierTrainError(f"{data_yaml}: tile ids not in the game: {', '.join(unknown)}",
                                   f"{data_yaml}: ゲームにない牌の id があります: {', '.join(unknown)}")
    table = np.array([classes.index(n) if n in classes else -1 for n in names], np.int64)
    return CropSet(faces.images, table[faces.labels], list(classes), faces.groups)


def check_resume(ckpt_path: Path, spec: ClassifierSpec | None, cfg: TrainConfig) -> None:
    """What ``train(..., resume=True)`` will find, said before minutes of rendering crops: a checkpoint at
    ``ckpt_path``, and (``spec`` known) one of the same tile kinds, crop size and network width."""
    if not ckpt_path.is_file():
        raise ClassifierTrainError(f"nothing to resume: {ckpt_path} does not exist",
                                       f"再開する学習がありません: {ckpt_path} がありません")
    ckpt = load_checkpoint(ckpt_path, ("model", "opt", "epoch", "elapsed"))
    if spec is None:
        return
    saved = ClassifierSpec.from_json(ckpt["spec"], str(ckpt_path))
    width = (ckpt.get("config") or {}).get("width", cfg.width)
    if saved.classes != spec.classes or saved.crop_size != spec.crop_size or width != cfg.width \
            or not math.isclose(saved.margin, spec.margin):
        raise ClassifierTrainError(
            f"cannot resume {ckpt_path}: it trained {saved.name or 'a network'} ({len(saved.classes)} kinds, "
            f"crop size {saved.crop_size}, margin {saved.margin:g}, width {width}), not {spec.name} "
            f"({len(spec.classes)} kinds, crop size {spec.crop_size}, margin {spec.margin:g}, width {cfg.width}); "
            f"start afresh without --resume, or in another run folder",
            f"{ckpt_path} を再開できません: 学習していたのは {saved.name or 'ネットワーク'} ({len(saved.classes)}"
            f"種類、切り抜き {saved.crop_size}、余白 {saved.margin:g}、幅 {width}) で、{spec.name} ({len(spec.classes)}"
            f"種類、切り抜き {spec.crop_size}、余白 {spec.margin:g}、幅 {cfg.width}) ではありません。--resume なしで"
            f"最初から始めるか、別の学習フォルダで学習してください")


def _data_name(data: Path) -> str:
    """The name of a ``--data`` set: its folder's (``data.yaml`` is every photo set's file name), or the
    file's stem."""
    data = Path(data).resolve()
    return data.parent.name if data.is_file() and data.stem == "data" else data.stem if data.is_file() else data.name


def say_afresh(ckpt_path: Path, lang: str | None = None) -> None:
    """A run without ``--resume`` in a folder holding one cut short starts over it (its checkpoint is written
    over at the end of the first epoch): say so, as ``tilelens train detector`` does."""
    if not ckpt_path.is_file():
        return
    try:
        ckpt = torch.load(ckpt_path, map_location="cpu", weights_only=True)
        epoch, elapsed, cfg = int(ckpt["epoch"]), float(ckpt["elapsed"]), ckpt.get("config") or {}
    except Exception:  # noqa: BLE001  not a checkpoint of ours: training says so, or writes over it
        return
    minutes, epochs = cfg.get("minutes"), cfg.get("epochs")
    if minutes and elapsed < minutes * 60:
        done = _said("done_minutes", lang, elapsed=elapsed / 60, minutes=minutes)
    elif not minutes and epochs and epoch < epochs:
        done = _said("done_epochs", lang, epoch=epoch, epochs=epochs)
    else:
        return
    print(_said("afresh", lang, folder=ckpt_path.parent, done=done), flush=True)


def say_how_to_continue(argv: list[str], ckpt_path: Path, command: str = "classifier", started: float = 0.0,
                        lang: str | None = None) -> None:
    """After Ctrl-C: the epoch the run's checkpoint holds and the command (``tilelens train COMMAND`` with
    ``argv``) that continues from it; none when the run, begun at ``started`` (``time.time()``), wrote no
    checkpoint (one left by an earlier run is not its)."""
    import shlex
    import sys

    try:
        if ckpt_path.stat().st_mtime < started - 1:  # file times lag the clock by a tick
            raise FileNotFoundError(ckpt_path)
        epoch = int(torch.load(ckpt_path, map_location="cpu", weights_only=True)["epoch"])
    except Exception:  # noqa: BLE001  no checkpoint yet, or one cut short
        print(_said("no_checkpoint", lang, ckpt=ckpt_path), file=sys.stderr)
        return
    again = ["tilelens", "train", command, *argv, *([] if "--resume" in argv else ["--resume"])]
    print(_said("continue", lang, ckpt=ckpt_path, epoch=epoch, command=shlex.join(again)), file=sys.stderr)


def _shown(path: Path) -> str:
    """``path`` as a user in the current folder would type it: relative where it lies below."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def say_where_it_went(paths: list[Path], ship: str, as_names: list[str] | None = None,
                      option: str | None = None, lang: str | None = None) -> None:
    """After an export to ``paths``: how to read with the new models when they are not in the models folder
    ``tilelens read`` uses (``$TILELENS_MODELS`` or ``models/``), where ``read`` looks for them as
    ``as_names`` (default their own names), or that ``read`` takes the file as ``--OPTION`` (``option``);
    that ``read`` uses them from now on when they are there. ``ship`` is the option that writes them there,
    ``{models}`` standing for that folder."""
    from vision.detector import default_models_dir

    models = default_models_dir()
    paths = [Path(p) for p in paths]
    as_names = as_names or [p.name for p in paths]
    number = "many" if len(paths) > 1 else "one"
    if all(p.resolve() == (models / n).resolve() for p, n in zip(paths, as_names)):
        print(_said(f"in_use_{number}", lang, files=", ".join(_shown(p) for p in paths)))
        return
    files = ", ".join(_shown(p) + ("" if p.name == n else _said("as_name", lang, name=n))
                      for p, n in zip(paths, as_names))
    folder = _shown(models)
    how = (_said("how_option", lang, option=option, path=_shown(paths[0])) if option
           else _said(f"how_folder_{number}", lang, folder=folder, files=files))
    print(_said(f"unchanged_{number}", lang, folder=folder, how=how, ship=ship.format(models=folder)))


def main(argv: list[str]) -> int:
    """``tilelens train classifier``: build the crops, train with progress bars, export ONNX + JSON."""
    a, lang = _parse(argv), cli_lang()
    if not a.game and not a.data:
        raise ClassifierTrainError("--game GAME or --data DIR is required", "--game GAME か --data DIR を指定してください")
    cfg = TrainConfig(epochs=1 if a.smoke else a.epochs, minutes=None if a.smoke else a.minutes,
                      width=8 if a.smoke else a.width, batch=16 if a.smoke else 64, lr=a.lr)
    if a.add_data and (not a.game or len(_games(a.game)) != 1):
        raise ClassifierTrainError("--add-data goes with one --game", "--add-data は --game 1つと一緒に指定してください")
    for y in a.add_data:  # a bad photo set is said before minutes of rendering, not after
        _photo_set(y)
    val = None
    games = _games(a.game) if a.game else []
    name = spec_for_games(games, a.crop_size).name if a.game else _data_name(a.data)
    out = a.out or Path("runs/classifier") / name
    if a.resume:  # said before the crops are rendered or read, which can take minutes
        check_resume(out / "last.pt", None, cfg)
    else:
        say_afresh(out / "last.pt", lang)
    if a.init is not None and not a.resume:
        load_checkpoint(a.init)
    if a.game:
        spec = spec_for_games(games, a.crop_size)
        if a.resume:
            check_resume(out / "last.pt", spec, cfg)
        size = store_size(a.crop_size)
        data = game_cropset(games, 1 if a.smoke else a.per_kind, 0, None if a.smoke else a.cache, size)
        if a.val_per_kind:
            val = game_cropset(games, a.val_per_kind, 1, a.cache, size)
        if a.add_data:
            from vision.detector import Detector

            detector = Detector.load(None, intra_threads=1)  # the shipped one, as `read` will box tiles
            data = CropSet.concat([data.remap(list(spec.classes)),
                                   *(photo_cropset(y, list(spec.classes), detector, size)
                                     for y in a.add_data)])
    else:
        from vision.cropset import from_dir

        data = from_dir(a.data, size=store_size(a.crop_size))
        from vision.enroll import class_attributes

        spec = ClassifierSpec.for_classes(data.classes, class_attributes(data.classes, None),
                                          crop_size=a.crop_size, name=name)
    crops = len(data)
    if a.smoke:
        data = data.subset(np.arange(len(data)) < 48)
    started = time.time()
    try:
        model = train(data, spec, cfg, out, init=a.init, resume=a.resume, val=val, lang=lang)
    except KeyboardInterrupt:
        say_how_to_continue(argv, out / "last.pt", started=0.0 if a.resume else started, lang=lang)
        raise
    dest = a.models or out  # the shipped models are replaced only when asked: --models models
    written = []
    for game in games or [None]:
        net, game_spec = slice_model(model, spec, game) if game else (model, spec)
        stem = f"classifier-{game or name}"
        written.append(str(export(net, game_spec, dest / f"{stem}.onnx")))
        save_weights(net, game_spec, dest / f"{stem}.pt")
    print(_said("exported_many" if len(written) > 1 else "exported_one", lang, files=", ".join(written)))
    if games:
        say_where_it_went([Path(w) for w in written], "--models {models}", lang=lang)
    else:  # `read` looks for classifier-GAME.onnx of a --game: this one it reads only as an enrolled set
        print(_said("read_with", lang, data=a.data, base=_shown(dest / f"classifier-{name}.pt")))
    print(json.dumps({"onnx": written, "classes": len(spec.classes), "heads": list(spec.heads), "crops": crops}))
    return 0


__all__ = ["TrainConfig", "train", "export", "save_weights", "accuracy", "load_init", "spec_for_game",
           "spec_for_games", "slice_model", "main"]
