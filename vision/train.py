"""``tilelens train detector|classifier|boxcheck|orient|quantize|all ...``: the training entry point.

``detector`` trains the tile detector (Ultralytics YOLO from the model YAML, no pretrained weights) and
exports it to ONNX; ``classifier`` hands over to ``vision.classifier_train``, ``boxcheck`` to
``vision.boxcheck``, ``orient`` to ``vision.orient``, ``quantize`` (the detector in int8) to
``vision.quantize``, ``all`` to ``vision.retrain``. Torch and ultralytics are imported only inside the
functions that train, so ``tilelens read`` never pays for them.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split
from scorer.cli import fit_help, say_help_in_japanese
from scorer.result import TilelensInputError, cli_lang, quoted_ja, said_in
from vision.cli_args import named_path, non_negative_int, positive_float, positive_int

FILE, FOLDER = named_path("file"), named_path("folder")  # a path given empty is refused: "" is the current folder


class TrainError(TilelensInputError):
    """A training request that cannot run (missing data file, nothing to resume)."""


# What `tilelens train detector` prints for a person, in each language (``scorer.result.cli_lang``: ``TILELENS_LANG=ja``
# or a Japanese locale); the errors carry both (``message_ja``), and ``--help`` is said in each (``DETECTOR_HELP_JA``).
# Ultralytics' own log and the files written are the same in both languages.
WORDS: dict[str, dict[str, str]] = {
    "en": {"finished": "{name}: training already finished; exporting its weights",
           "rebuilding": "rebuilding training weights from {onnx} ({n} photos set the batch norms)",
           "rebuilding_one": "rebuilding training weights from {onnx} ({n} photo sets the batch norms)",
           "exported": "detector exported to {onnx}",
           "afresh": "note: {out} holds an unfinished run (epoch {epoch} of {epochs}); this run starts afresh over it "
                     "(`tilelens train detector --resume --out {out}` continues it instead)",
           "no_checkpoint": "no checkpoint of this run to resume yet in {out} (one is written after each epoch)",
           "continue": "the run's checkpoint {last} holds epoch {epoch} of {epochs}; continue with: {command}"},
    "ja": {"finished": "{name}: 学習は終わっています。その重みを書き出します",
           "rebuilding": "{onnx} から学習の重みを作り直します (写真 {n}枚でバッチ正規化を合わせます)",
           "rebuilding_one": "{onnx} から学習の重みを作り直します (写真 {n}枚でバッチ正規化を合わせます)",
           "exported": "検出器を {onnx} に書き出しました",
           "afresh": "注意: {out} に途中で止まった学習 ({epochs}エポック中 {epoch}エポック目) があります。この学習は"
                     "それを上書きして最初から始めます (`tilelens train detector --resume --out {out}` で続きから"
                     "学習します)",
           "no_checkpoint": "{out} にはこの学習で再開できるチェックポイントはまだありません (各エポックの後に書かれます)",
           "continue": "この学習のチェックポイント {last} は {epochs}エポック中 {epoch}エポック目まで学習済みです。"
                       "続けるには: {command}"},
}


_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in, by default in the command line's language


def rebuilding_said(onnx: object, n: int, lang: str | None = None) -> str:
    """The line said while training weights are rebuilt from an exported detector on ``n`` photos."""
    return _said("rebuilding" if n != 1 else "rebuilding_one", lang, onnx=onnx, n=n)


# `tilelens train classifier`'s options, read here before ``vision.classifier_train`` (which imports torch) is: its
# --help and usage errors need no torch (the train extra), as `train detector`'s, `quantize`'s and `all`'s do.
CLASSIFIER_LR = 3e-3  # --lr's default: ``vision.classifier_train.TrainConfig.lr``


def classifier_args(argv: list[str]) -> argparse.Namespace:
    """``tilelens train classifier``'s arguments (``vision.classifier_train.main`` reads the same)."""
    p = UsageLinesParser(prog="tilelens train classifier",
                         description="Train a tile classifier and export it to ONNX + JSON.",
                         formatter_class=HelpFormatter, epilog=CLASSIFIER_EXIT_STATUS)
    src = p.add_mutually_exclusive_group()
    src.add_argument("--game", help="train on rendered photos of a game (or GAME,GAME... or 'all' for one "
                                    "shared backbone exported per game)")
    src.add_argument("--data", type=named_path("path"),
                     help="labelled photos (Ultralytics) or crops (one folder per id)")
    p.add_argument("--out", type=FOLDER, help="run folder (default runs/classifier/<name>)")
    p.add_argument("--models", type=FOLDER, help="where the exported models go (default: the run folder, OUT; "
                   "--models models replaces the shipped ones)")
    p.add_argument("--epochs", type=positive_int, default=30, help="epochs to train (default 30)")
    p.add_argument("--minutes", type=positive_float, help="time budget instead of an epoch count")
    p.add_argument("--per-kind", type=positive_int, help="rendered crops per tile kind (--game; default 60)")
    p.add_argument("--val-per-kind", type=non_negative_int,
                   help="rendered held-out crops per kind (--game; seed 1; default 0)")
    p.add_argument("--cache", type=FOLDER, help="where rendered crops are cached (--game; default "
                                             "datasets/generated/classifier)")
    p.add_argument("--crop-size", type=positive_int, default=48, help="side in px of the crops it reads (default 48)")
    p.add_argument("--width", type=positive_int, default=16, help="channels of the network's first layer (default 16)")
    p.add_argument("--init", type=FILE, help="weights (.pt) to start from")
    p.add_argument("--lr", type=positive_float, default=CLASSIFIER_LR, help="peak learning rate (lower to fine-tune)")
    p.add_argument("--add-data", type=FILE, action="append", default=[], metavar="DATA_YAML",
                   help="with one --game: labelled photos (class names = tile ids) whose tiles, as labelled "
                        "and as the shipped detector boxes them, join the rendered crops")
    p.add_argument("--resume", action="store_true", help="continue the run in --out (the same kinds, crop size "
                   "and width; --epochs or --minutes: the whole budget)")
    p.add_argument("--smoke", action="store_true", help="tiny run for a test: few crops, one epoch")
    if cli_lang() == "ja":
        say_help_in_japanese(p, CLASSIFIER_HELP_JA, "牌の分類器を学習し、ONNX + JSON に書き出します。",
                             CLASSIFIER_EXIT_STATUS_JA)
    a = p.parse_args(argv)
    for option in ("per_kind", "val_per_kind"):  # they shape rendered crops, which --data has none of
        if a.data is not None and getattr(a, option) is not None:
            flag = "--" + option.replace("_", "-")
            p.error(f"argument {flag}: sets how many crops of each kind are rendered for a --game; --data "
                    f"trains on every labelled tile of its photos, rendering none: drop {flag}")
    if a.data is not None and a.cache is not None:
        p.error("argument --cache: sets where crops rendered for a --game are kept; --data trains on its labelled "
                "photos, rendering none: drop --cache")
    a.cache = Path("datasets/generated/classifier") if a.cache is None else a.cache
    a.per_kind = 60 if a.per_kind is None else a.per_kind
    a.val_per_kind = 0 if a.val_per_kind is None else a.val_per_kind
    return a


# The last paragraph of `train detector`'s and `train classifier`'s --help, in English and Japanese: what each exit
# status means (Ctrl-C: 130 from the router, ``tilelens.cli``, after the command that continues the run is said).
DETECTOR_EXIT_STATUS = ("Exit status: 0 trained and exported; 2 bad input (a data.yaml that cannot be trained on, a "
                        "--set key or value refused, nothing to resume), said in one line on standard error; 130 "
                        "interrupted (Ctrl-C: how to continue the run is said).")
DETECTOR_EXIT_STATUS_JA = ("終了ステータス: 学習して書き出せたときは 0。入力の誤り (学習に使えない data.yaml、使えない "
                           "--set のキーや値、再開する学習がない) は 2 で、標準エラーに1行で表示します。中断 (Ctrl-C) "
                           "は 130 (学習の続け方を表示します)。")
CLASSIFIER_EXIT_STATUS = ("Exit status: 0 trained and exported; 2 bad input (neither --game nor --data, photos or "
                          "crops that cannot be read, nothing to resume), said in one line on standard error; 130 "
                          "interrupted (Ctrl-C: how to continue the run is said).")
CLASSIFIER_EXIT_STATUS_JA = ("終了ステータス: 学習して書き出せたときは 0。入力の誤り (--game も --data もない、読めない"
                             "写真や切り抜き、再開する学習がない) は 2 で、標準エラーに1行で表示します。中断 (Ctrl-C) "
                             "は 130 (学習の続け方を表示します)。")


# The help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name: one line for each of
# the English ones in ``classifier_args`` and ``detector_main``, kept in step with them, in the words `tilelens enroll`
# says them (切り抜き, 実行のフォルダ, 学習率, 同梱の).
CLASSIFIER_HELP_JA = {
    "--game": "ゲームの描画した写真で学習します (GAME,GAME... か all なら、1つのバックボーンを共有してゲームごとに"
              "書き出します)",
    "--data": "ラベル付きの写真 (Ultralytics) か牌の切り抜き (id ごとに1フォルダ)",
    "--out": "実行のフォルダ (指定がなければ runs/classifier/<name>)",
    "--models": "書き出したモデルの置き場所 (指定がなければ実行のフォルダ OUT。--models models で同梱のものを置き換え"
                "ます)",
    "--epochs": "学習するエポック数 (指定がなければ 30)",
    "--minutes": "エポック数の代わりに学習時間 (分)",
    "--per-kind": "牌の種類ごとに描画する切り抜きの数 (--game。指定がなければ 60)",
    "--val-per-kind": "種類ごとに描画する、学習に使わない検証用の切り抜きの数 (--game。シード 1。指定がなければ 0)",
    "--cache": "描画した切り抜きを取っておく場所 (--game。指定がなければ datasets/generated/classifier)",
    "--crop-size": "読む切り抜きの一辺のピクセル数 (指定がなければ 48)",
    "--width": "ネットワークの最初の層のチャンネル数 (指定がなければ 16)",
    "--init": "学習を始める重み (.pt)",
    "--lr": "学習率の最大値 (ファインチューンでは下げます)",
    "--add-data": "--game 1つと一緒に: ラベル付きの写真 (クラス名 = 牌の id)。その牌を、ラベルの枠と同梱の検出器の"
                  "枠で切り出し、描画した切り抜きに加えます",
    "--resume": "--out の学習を続けます (種類・切り抜きのサイズ・幅は同じ。--epochs か --minutes は全体の量)",
    "--smoke": "テスト用の小さな学習: 少しの切り抜きで1エポック",
}
DETECTOR_HELP_JA = {
    "--data": "Ultralytics の data.yaml (クラス 0 牌、1 裏)",
    "--epochs": "エポック数 (指定がなければ 30。--resume のときはその学習のもの)",
    "--imgsz": "学習と書き出しの画像サイズ (指定がなければ 416。--resume のときはその学習のもの)",
    "--batch": "1バッチの写真の枚数 (指定がなければ 16。--resume のときはその学習のもの)",
    "--model": "モデルの YAML (最初から作ります)",
    "--init": "この重みから学習を始めます (ファインチューン): チェックポイント (.pt) か、書き出した検出器 (.onnx、"
              "例: models/detector.onnx)",
    "--out": "実行のフォルダ",
    "--onnx": "書き出す ONNX の場所 (指定がなければ OUT/detector.onnx。--onnx models/detector.onnx で同梱のものを"
              "置き換えます)",
    "--resume": "--out の中断した学習を、その設定 (データ、エポック数、サイズ、時間) のまま続けます。付けなければ "
                "--out の学習は最初からやり直します",
    "--hours": "学習時間の上限 (時間)。エポック数と学習率のスケジュールをそれに合わせます",
    "--minutes": "同じ上限を分で",
    "--threads": "torch の CPU スレッド数 (指定がなければすべてのコア)",
    "--set": "Ultralytics のほかの学習の設定。例: --set lr0=0.001 --set cache=ram --set workers=0 (batch や imgsz など、"
             "ここのオプションで決まる設定は断ります: そのオプションを指定してください)",
    "--smoke": "テスト用の小さな学習: 見本の写真 4枚、1エポック、imgsz 128、batch 4 (写真とサイズは決まっています: "
               "--data、--epochs、--imgsz、--batch とは使えません)",
}


# Augmentation for tiles: never mirror (a mirrored face is not a tile), keep mosaic, mild colour jitter.
DETECTOR_AUGMENT = dict(fliplr=0.0, flipud=0.0, mosaic=1.0, degrees=0.0, scale=0.5, translate=0.1,
                        hsv_h=0.015, hsv_s=0.6, hsv_v=0.4)


def _offline() -> None:
    """Get ready to import ultralytics: it must never reach for the network here (weights, fonts, hub,
    telemetry), and its patch of ``PIL.Image.open`` is undone once it is imported."""
    os.environ["YOLO_OFFLINE"] = "1"
    os.environ.setdefault("ULTRALYTICS_SETTINGS_OFF", "1")
    import ultralytics.utils.patches as patches
    from PIL import Image

    # Ultralytics wraps Image.open to retry a file Pillow cannot identify with the pi-heif plugin, which is
    # not installed here: every later "not an image" in this process would become a ModuleNotFoundError
    # instead of the UnidentifiedImageError that our readers report as a bad photo.
    if Image.open is getattr(patches, "image_open", None) and hasattr(patches, "_image_open"):
        Image.open = patches._image_open


def check_dataset(data: str | Path, out: str | Path | None = None) -> Path:
    """The data.yaml to train on (``--data`` may name its folder), checked the way Ultralytics will check
    it (splits, names, photos there): a problem is one line naming the file here, not Ultralytics'
    traceback once training starts.

    A relative ``path:`` (``path: .``, as in a Roboflow-style export) is read by the rest of tilelens
    (labelling, ``enroll``, ``eval``: ``vision.data_yaml.split_images``) from the data.yaml's folder, but by
    Ultralytics from the folder training is started in, or its datasets folder: it would train on other
    photos, or find none. Such a file is handed over as a copy, ``out/data.yaml``, whose ``path`` is that
    folder resolved (written once the check passes; ``out``, the run folder, is then needed). So too a split's
    ``.txt`` list whose entries are neither absolute nor ``./`` (Ultralytics reads those from the folder
    training is started in, the rest of tilelens from the dataset folder): the copy names a copy of the list,
    ``out/lists/``, its entries resolved. Any other file is handed over as it is."""
    import tempfile

    import yaml

    from vision.data_yaml import data_yaml_path, read_data_yaml

    data = data_yaml_path(data, TrainError)
    settings = read_data_yaml(data, TrainError)  # the YAML itself, with the line where it stops making sense
    _offline()
    from ultralytics.data.utils import check_det_dataset

    with tempfile.TemporaryDirectory() as tmp:
        given, lists = data, Path(tmp) / "lists"
        training = _as_trained(settings, data, lists)  # the lists resolved once, moved to the run folder below
        if training is not settings:
            given = Path(tmp) / data.name
            given.write_text(yaml.safe_dump(training, sort_keys=False, allow_unicode=True), encoding="utf-8")
        try:
            check_det_dataset(str(given), autodownload=False)
        except Exception as exc:  # noqa: BLE001  Ultralytics says it with SyntaxError, TypeError, FileNotFoundError ...
            lines = [" ".join(line.split()).strip(" .") for line in str(exc).replace("❌", "").split("\n")]
            said = lines[0].replace(str(given), str(data))
            if said.endswith("key missing") and len(lines) > 1:  # the reason is on Ultralytics' second line
                said += f": {lines[1]}"
                if "'val:'" in said and isinstance(settings.get("train"), str):
                    said += f" (a set with no validation photos can name its training ones: val: {settings['train']})"
            said = said.removeprefix(str(data)).strip(' :')
            raise TrainError(f"{data}: {said}", f"{data}: 学習に使えません (Ultralytics の確認: {said})") from None
        _classes_named(data, settings)
        if training is settings:
            return data
        if out is None:
            raise TrainError(f"{data}: its relative path: or list entries need a run folder to write the resolved "
                             f"copy to",
                             f"{data}: 相対パスの path: やリストの項目を解決したコピーを書く学習フォルダが要ります")
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        training = _lists_moved(training, lists, out / "lists")
    (out / "data.yaml").write_text(yaml.safe_dump(training, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return out / "data.yaml"


def _lists_moved(training: dict, lists: Path, dest: Path) -> dict:
    """``training`` with the list copies ``_as_trained`` wrote into ``lists`` moved into ``dest`` (the run
    folder's ``lists/``), and its splits naming them there."""
    if not lists.is_dir():
        return training
    dest.mkdir(parents=True, exist_ok=True)
    for copy in lists.iterdir():
        shutil.move(copy, dest / copy.name)
    there, here = str(lists.resolve()), str(dest.resolve())

    def moved(entry):
        if isinstance(entry, list):
            return [moved(e) for e in entry]
        return here + entry[len(there):] if isinstance(entry, str) and entry.startswith(there + os.sep) else entry

    return training | {key: moved(training[key]) for key in ("train", "val", "test") if key in training}


def _as_trained(settings: dict, data: Path, lists: Path) -> dict:
    """``settings`` (``data``'s) as Ultralytics is to be handed them, to read the photos the rest of tilelens
    reads: a relative ``path:`` resolved from the data.yaml's folder, and ``.txt`` lists whose entries it would
    read from the folder training is started in copied into ``lists`` with their entries resolved
    (``vision.data_yaml.resolved_lists``). ``settings`` itself where neither is needed."""
    from vision.data_yaml import resolved_lists

    base = settings.get("path")
    resolved = settings | {"path": str((data.parent / base).resolve())} \
        if base and not Path(base).is_absolute() else settings
    lists_resolved = resolved_lists(resolved, data, lists)
    return settings if lists_resolved is settings else lists_resolved


def _classes_named(data: Path, settings: dict) -> None:
    """``TrainError`` naming the first label line whose class the data.yaml does not name (a kinds label file
    beside a detector's ``tile``/``back`` data.yaml): Ultralytics leaves that photo out of training with a line
    in its log ("ignoring corrupt image/label") and trains on, or stops with its traceback when none is left."""
    from vision.data_yaml import split_images
    from vision.detector_data import label_path_of

    names = settings.get("names")
    names = list(names.values()) if isinstance(names, dict) else list(names or [])
    photos = dict.fromkeys(p for split in ("train", "val") for p in split_images(settings, data, split, "train", TrainError))
    for photo in photos:
        label = label_path_of(photo)
        try:
            lines = label.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):  # none: a photo of no tile; unreadable: Ultralytics says so
            continue
        for n, line in enumerate(lines, 1):
            first = line.split()[:1]
            if first and not (first[0].isdigit() and int(first[0]) < len(names)):
                classes = ", ".join(f"{i} {name}" for i, name in enumerate(names))
                raise TrainError(f"{label}: line {n}: class {first[0]}, but {data.name} names {len(names)} classes "
                                 f"({classes}): Ultralytics would leave the photo out of training",
                                 f"{label}: {n}行目: 種類 {first[0]} ですが、{data.name} の種類は {len(names)}個 "
                                 f"({classes}) です: Ultralytics はこの写真を学習から外してしまいます")


def train_detector(data: Path, out: Path, epochs: int = 30, imgsz: int = 416, batch: int = 16,
                   model: str = "yolo11n.yaml", init: Path | None = None, resume: bool = False,
                   workers: int = 2, fraction: float = 1.0, threads: int | None = None, **overrides) -> Path:
    """Train (or resume) the detector; return the path of the last checkpoint ``out/weights/last.pt``.

    ``threads`` is how many CPU threads torch uses (default: every core). Ultralytics sets torch to
    ``cpu_count - 1`` threads for CPU training, one thread on a 2-core machine, leaving a core idle.

    ``init`` starts from an earlier checkpoint (fine-tuning; ``model`` is then ignored), or from an
    exported detector ONNX such as the shipped ``models/detector.onnx``, whose weights are rebuilt first
    (``vision.detector_weights``, as a ``model`` YAML network, batch-norm statistics from training photos
    drawn at random) into ``out/init-from-onnx.pt``; ``resume`` continues an interrupted run in ``out``
    with its own saved settings.
    """
    _offline()
    from ultralytics import YOLO

    out = Path(out).resolve()
    last = out / "weights" / "last.pt"
    if resume:
        if not last.exists():
            raise TrainError(f"nothing to resume: {last} does not exist", f"再開する学習がありません: {last} がありません")
        if checkpoint_state(last)["finished"]:
            # Ultralytics refuses to resume a run that ended; its weights are what is left to export
            print(_said("finished", name=out.name))
            return last
        yolo = YOLO(str(last))
        _use_threads(yolo, threads)
        yolo.train(resume=True)
        return last
    if init is not None and not Path(init).is_file():  # Ultralytics would look for it on GitHub first
        raise TrainError(f"--init: no such checkpoint: {init}", f"--init: チェックポイントがありません: {init}")
    data = check_dataset(data, out)
    if init is not None and Path(init).suffix.lower() == ".onnx":
        init = _checkpoint_from_onnx(Path(init), data, out, model)
    # fine-tuning starts from the checkpoint itself (its architecture and classes), so every weight,
    # the class head included, carries over; otherwise the model is built from its YAML, untrained
    if init is not None:
        checkpoint_state(Path(init))  # a file that is no checkpoint: said in one line, not Ultralytics' traceback
    yolo = YOLO(str(init)) if init is not None else YOLO(model)
    _use_threads(yolo, threads)
    # pretrained=True is what makes Ultralytics seed training from the loaded checkpoint's weights
    args = dict(data=str(data), epochs=epochs, imgsz=imgsz, batch=batch, device="cpu", workers=workers,
                amp=False, plots=False, project=str(out.parent), name=out.name, exist_ok=True,
                pretrained=init is not None, fraction=fraction, patience=0, verbose=True, seed=0,
                **DETECTOR_AUGMENT)
    args.update(overrides)
    yolo.train(**args)
    return last


def _checkpoint_from_onnx(onnx_path: Path, data: Path, out: Path, model: str) -> Path:
    """Training weights rebuilt from an exported detector, calibrated on photos of ``data``'s train split."""
    import random

    from vision.cropset import yolo_images
    from vision.detector_weights import CALIBRATION_PHOTOS, checkpoint_from_onnx

    if not onnx_path.is_file():
        raise TrainError(f"--init {onnx_path}: no such file", f"--init {onnx_path}: ファイルがありません")
    photos = yolo_images(data, "train")
    random.Random(0).shuffle(photos)  # photos of every source in the mix, not the first folder's alone
    print(rebuilding_said(onnx_path, min(len(photos), CALIBRATION_PHOTOS)))
    return checkpoint_from_onnx(onnx_path, photos[: 4 * CALIBRATION_PHOTOS], out / "init-from-onnx.pt",
                                yaml=model)


def checkpoint_state(weights: Path) -> dict:
    """What an Ultralytics checkpoint says of its run: ``imgsz`` it trained at, ``epochs`` asked for,
    ``epoch`` last finished (0-based) and ``finished`` (Ultralytics marks a run that ended with epoch -1
    and drops its optimizer)."""
    ckpt = _read_checkpoint(weights)
    args = ckpt.get("train_args") or {}
    epoch = ckpt.get("epoch", -1)
    return {"imgsz": args.get("imgsz"), "epochs": args.get("epochs"), "epoch": epoch, "finished": epoch == -1}


# The first bytes of the photos a model file (.pt) is mistaken for (``--init IMG_0001.jpg``): said as a photo.
_PHOTO_HEADS = ((b"\xff\xd8\xff", "JPEG"), (b"\x89PNG\r\n\x1a\n", "PNG"), (b"GIF8", "GIF"), (b"BM", "BMP"),
                (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"))
# What PyTorch's ``torch.save`` writes begins with: a zip (since 1.6), or a pickle (older, and Ultralytics' own).
_MODEL_HEADS = (b"PK\x03\x04", b"\x80")


def no_model_file(path: Path) -> tuple[str, str] | None:
    """Why ``path`` is no model file (.pt) PyTorch saved, by its first bytes, in plain words (English, Japanese): a
    photo, an empty file, another kind of file; None where it may be one (or cannot be read: said when loaded)."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:
        return None
    if not head:
        return "an empty file, not a model file (.pt)", "空のファイルで、モデルのファイル (.pt) ではありません"
    for magic, kind in _PHOTO_HEADS:
        if head.startswith(magic):
            return f"a {kind} photo, not a model file (.pt)", f"{kind} の写真で、モデルのファイル (.pt) ではありません"
    if head[:12].startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "a WEBP photo, not a model file (.pt)", "WEBP の写真で、モデルのファイル (.pt) ではありません"
    if not head.startswith(_MODEL_HEADS):
        return "not a model file (.pt) saved by PyTorch", "PyTorch が保存したモデルのファイル (.pt) ではありません"
    return None


def _read_checkpoint(weights: Path) -> dict:
    """An Ultralytics checkpoint as the dict it holds; ``TrainError`` naming the file when it is none, in plain
    words (a photo, a file cut short: ``no_model_file``), not a pickle's."""
    if (why := no_model_file(weights)) is not None:  # said before torch and Ultralytics are imported
        raise TrainError(f"{weights}: {why[0]}", f"{weights}: {why[1]}")
    _offline()
    import torch
    import ultralytics  # noqa: F401  (the checkpoint pickles Ultralytics classes)

    try:
        ckpt = torch.load(str(weights), map_location="cpu", weights_only=False)
    except OSError as e:  # not there, no rights: said as the system says it
        raise TrainError(f"{weights}: cannot be read ({e.strerror or type(e).__name__})",
                         f"{weights}: 読めません ({e.strerror or type(e).__name__})") from e
    except Exception as e:  # noqa: BLE001  a zip or pickle cut short, or damaged: torch's words tell a user nothing
        raise TrainError(f"{weights}: a model file (.pt) that cannot be read: cut short or damaged (copy it again, "
                         f"or train afresh)",
                         f"{weights}: モデルのファイル (.pt) ですが読めません: 途中で切れているか壊れています "
                         f"(もう一度コピーするか、最初から学習してください)") from e
    if not isinstance(ckpt, dict):
        raise TrainError(f"{weights}: not an Ultralytics checkpoint (holds a {type(ckpt).__name__})",
                         f"{weights}: Ultralytics のチェックポイントではありません (中身は {type(ckpt).__name__})")
    return ckpt


def _use_threads(yolo, threads: int | None) -> None:
    """Set torch's CPU threads once Ultralytics has chosen its device (it resets them to cpu_count - 1)."""
    import torch

    n = threads or os.cpu_count() or 1
    yolo.add_callback("on_pretrain_routine_start", lambda trainer: torch.set_num_threads(n))


def store_weights_fp16(onnx_path: Path) -> Path:
    """Halve an ONNX file's size: keep each large float32 weight as float16 followed by a Cast back to
    float32. onnxruntime folds those casts once when it loads the model, so inference still runs in
    float32 at full speed; only the stored weights are rounded (relative error ~5e-4)."""
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load(str(onnx_path))
    graph = model.graph
    casts, keep = [], []
    for init in graph.initializer:
        arr = numpy_helper.to_array(init)
        if init.data_type != TensorProto.FLOAT or arr.size < 1024:
            keep.append(init)
            continue
        half = numpy_helper.from_array(arr.astype(np.float16), init.name + "_fp16")
        keep.append(half)
        casts.append(helper.make_node("Cast", [half.name], [init.name], to=TensorProto.FLOAT,
                                      name=init.name + "_to_fp32"))
    del graph.initializer[:]
    graph.initializer.extend(keep)
    nodes = casts + list(graph.node)
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, str(onnx_path))
    return onnx_path


def export_onnx(weights: Path, dest: Path, imgsz: int, fp16_storage: bool = True) -> Path:
    """Export a checkpoint to a simplified ONNX file at ``dest`` (raw head output, NMS done at runtime),
    its weights stored as float16 unless ``fp16_storage`` is False."""
    _offline()
    from ultralytics import YOLO

    exported = YOLO(str(weights)).export(format="onnx", imgsz=imgsz, opset=17, simplify=True,
                                         dynamic=False, nms=False, device="cpu")
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    if Path(exported).resolve() != dest.resolve():
        shutil.copyfile(exported, dest)
    return store_weights_fp16(dest) if fp16_storage else dest


def _smoke_data(out: Path) -> Path:
    """The committed sample photos as a tiny dataset (every class collapsed to ``tile``), for a training
    run that takes seconds."""
    from vision.detector_data import Source, build_dataset

    root = Path(__file__).resolve().parents[1] / "tests" / "vision" / "data" / "detector"
    images = tuple(sorted((root / "images").glob("*.jpg")))[:4]
    if not images:
        raise TrainError(f"no sample images for --smoke in {root / 'images'}",
                         f"{root / 'images'} に --smoke 用の見本の写真がありません")
    src = Source("smoke", images, lambda c: 0)
    return build_dataset([src], [src], out / "data")


FLOAT_WORDS = {"nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"}  # words, not numbers


def _parse_settings(pairs: list[str]) -> dict:
    """``["lr0=0.001", "cache=ram"]`` -> ``{"lr0": 0.001, "cache": "ram"}`` (values read as YAML scalars).

    >>> _parse_settings(["lr0=0.001", "cache=ram", "cos_lr=true", "lr0=1e-3"])
    {'lr0': 0.001, 'cache': 'ram', 'cos_lr': True}
    >>> _parse_settings(["lrf=1e-2", "name=1e"])  # a number as Python writes it (YAML 1.1 wants 1.0e-2): a number
    {'lrf': 0.01, 'name': '1e'}
    """
    import yaml

    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise TrainError(f"--set takes KEY=VALUE, got {pair!r}",
                             f"--set は KEY=VALUE の形で指定してください ({quoted_ja(pair)}になっています)")
        try:
            out[key.strip()] = read = yaml.safe_load(value)
            if isinstance(read, str):  # 1e-3: a string to YAML 1.1, a number to Ultralytics' own command line
                with contextlib.suppress(ValueError):
                    out[key.strip()] = float(read) if read.strip().lower() not in FLOAT_WORDS else read
        except yaml.YAMLError:
            raise TrainError(f"--set {pair}: the value is not a YAML scalar, list or mapping",
                             f"--set {pair}: 値が YAML の値、リスト、マッピングのどれでもありません") from None
    return out


# The Ultralytics settings `train detector` sets from an option of its own: a ``--set`` of one is refused, naming the
# option (it crashed: "got multiple values for keyword argument", or trained elsewhere than --out). By key: the option
# that sets it, in English and Japanese, and what to give instead (``{value}``: the value given to --set).
OWN_SETTINGS: dict[str, tuple[str, str, str]] = {
    **{key: (f"--{key}", f"--{key}", f"--{key} {{value}}") for key in ("data", "epochs", "imgsz", "batch", "model")},
    "resume": ("--resume", "--resume", "--resume"),
    "time": ("--hours or --minutes", "--hours か --minutes", "--hours {value}"),
    **{key: ("--out, the run folder", "--out (学習のフォルダ)", "--out FOLDER") for key in ("project", "name", "exist_ok")},
    "pretrained": ("--init, the weights to start from", "--init (学習を始める重み)", "--init WEIGHTS"),
}


def _refuse_own_settings(pairs: list[str]) -> None:
    """``TrainError`` naming the first ``--set`` pair whose key an option of `train detector` sets
    (``OWN_SETTINGS``), and the option to use instead."""
    for pair in pairs:
        key, _, value = (part.strip() for part in pair.partition("="))
        if key in OWN_SETTINGS:
            option, option_ja, use = OWN_SETTINGS[key]
            use = use.format(value=value)
            raise TrainError(f"--set {pair}: `tilelens train detector` sets {key} itself, from {option}: use {use} "
                             f"instead",
                             f"--set {pair}: {key} は `tilelens train detector` が {option_ja} から決めます: 代わりに "
                             f"{use} を指定してください")


def _check_settings(settings: dict, pairs: Sequence[str] = ()) -> None:
    """A ``--set`` key Ultralytics does not know, or a value of a type or range it refuses (its own check, run before
    training on a copy), is a clear error here, not a traceback from inside it; said with the pair as typed in
    ``pairs`` (``--set``'s, whose last pair of a key is the one ``settings`` holds)."""
    _offline()
    from ultralytics.cfg import DEFAULT_CFG_DICT, check_cfg

    unknown = sorted(set(settings) - set(DEFAULT_CFG_DICT))
    if unknown:
        raise TrainError(f"--set: not an Ultralytics training setting: {', '.join(unknown)}",
                         f"--set: Ultralytics の学習の設定にありません: {', '.join(unknown)}")
    typed = {pair.partition("=")[0].strip(): pair for pair in pairs}
    for key, value in settings.items():
        pair = typed.get(key, f"{key}={value}")
        if key == "workers" and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise TrainError(f"--set {pair}: workers must be a whole number, 0 or more (0: load photos in the "
                             f"training process)",
                             f"--set {pair}: workers は 0 以上の整数にしてください (0: 学習のプロセスで写真を読みます)")
        try:
            check_cfg({key: value})  # a copy: it converts in place
        except (TypeError, ValueError) as exc:  # Ultralytics' words: "'lr0=fast' is of invalid type str. Valid ..."
            said = str(exc).split(". ", 1)[-1].rstrip(".")  # its reason, less the pair said already
            said = said[:1].lower() + said[1:]
            raise TrainError(f"--set {pair}: not a value Ultralytics takes: {said}",
                             f"--set {pair}: Ultralytics が受け付けない値です: {said}") from None


def detector_main(argv: list[str]) -> int:
    """``tilelens train detector``: train, then export ``best``/``last`` weights to ONNX."""
    p = UsageLinesParser(prog="tilelens train detector",
                         description="Train the tile detector (classes 0 tile, 1 back) and export ONNX.",
                         formatter_class=HelpFormatter, epilog=DETECTOR_EXIT_STATUS)
    p.add_argument("--data", type=FILE, help="Ultralytics data.yaml (classes 0 tile, 1 back)")
    p.add_argument("--epochs", type=positive_int, help="epochs (default 30; with --resume, the run's)")
    p.add_argument("--imgsz", type=positive_int, help="training and export image size (default 416; with --resume, the run's)")
    p.add_argument("--batch", type=positive_int, help="photos per batch (default 16; with --resume, the run's)")
    p.add_argument("--model", default="yolo11n.yaml", help="model YAML (built from scratch)")
    p.add_argument("--init", type=FILE, help="checkpoint (.pt) or exported detector (.onnx, e.g. "
                   "models/detector.onnx) whose weights start the run (fine-tune)")
    p.add_argument("--out", type=FOLDER, default=Path("runs/detector"), help="run folder")
    p.add_argument("--onnx", type=FILE, help="where to write the exported ONNX (default OUT/detector.onnx; "
                   "--onnx models/detector.onnx replaces the shipped one)")
    p.add_argument("--resume", action="store_true", help="continue the interrupted run in --out with its own "
                   "settings (data, epochs, size, budget); without it a run in --out starts afresh")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--hours", type=positive_float,
                        help="wall-time budget; the epochs and learning-rate schedule fit it")
    budget.add_argument("--minutes", type=positive_float, help="the same budget in minutes")
    p.add_argument("--threads", type=positive_int, help="torch CPU threads (default: every core)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="any other Ultralytics training setting, e.g. --set lr0=0.001 --set cache=ram --set workers=0 "
                        "(one that an option here sets, such as batch or imgsz, is refused: give the option)")
    p.add_argument("--smoke", action="store_true", help="tiny run for a test: 4 sample images, 1 epoch, imgsz 128, "
                   "batch 4 (its own photos and sizes: not with --data, --epochs, --imgsz or --batch)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, DETECTOR_HELP_JA, "牌の検出器 (クラス 0 牌、1 裏) を学習し、ONNX に書き出します。",
                             DETECTOR_EXIT_STATUS_JA)
    a = p.parse_args(argv)
    _refuse_smoke_overridden(a)
    if a.init is not None and a.init.suffix.lower() != ".onnx" and (why := no_model_file(a.init)) is not None:
        # a photo given for the weights: said now, not after the sample photos are laid out and Ultralytics loaded
        raise TrainError(f"--init {a.init}: {why[0]}: give a run's weights (weights/last.pt or best.pt) or an "
                         f"exported detector (.onnx)",
                         f"--init {a.init}: {why[1]}: 学習の重み (weights/last.pt か best.pt) か、書き出した検出器 "
                         f"(.onnx) を指定してください")
    if a.imgsz is not None:
        _check_imgsz(a.imgsz)
    if not a.resume and not a.smoke:  # --data missing, or not there: said at once, before Ultralytics is imported
        if a.data is None:
            raise TrainError("--data DATA_YAML is required (or --resume / --smoke)",
                             "--data DATA_YAML を指定してください (または --resume か --smoke)")
        from vision.data_yaml import data_yaml_path

        data_yaml_path(a.data, TrainError)
    extra = _parse_settings(a.set)
    _refuse_own_settings(a.set)
    _check_settings(extra, a.set)
    if not a.resume and not a.smoke:
        _refuse_other_classes(a.data)
    workers = extra.pop("workers", 0 if a.smoke else 2)  # --set workers=0: fewer processes, less memory
    last = a.out / "weights" / "last.pt"
    if a.resume:
        _check_resume_options(a, last)
    if a.hours or a.minutes:
        extra["time"] = a.hours or a.minutes / 60
    if a.smoke:
        a.epochs, a.imgsz, a.batch = 1, 128, 4
        a.data = _smoke_data(a.out)
    if a.imgsz is None and a.resume:
        # the export must match the size the run trained at, which --resume keeps from the checkpoint
        a.imgsz = checkpoint_state(last).get("imgsz") if last.exists() else None
    a.imgsz = a.imgsz or 416
    a.epochs, a.batch = a.epochs or 30, a.batch or 16
    if not a.resume and last.is_file():
        _say_afresh(a.out, last)
    _check_imgsz(a.imgsz)  # a run's own, with --resume
    started = time.time()
    try:
        last = train_detector(a.data, a.out, epochs=a.epochs, imgsz=a.imgsz, batch=a.batch, model=a.model,
                              init=a.init, resume=a.resume, workers=workers, threads=a.threads,
                              **{**({"mosaic": 0.0, "val": False} if a.smoke else {}), **extra})
    except KeyboardInterrupt:
        _say_how_to_continue(a.out, last, a.onnx, 0.0 if a.resume else started)
        raise
    best = last.with_name("best.pt")
    onnx = export_onnx(best if best.exists() else last, a.onnx or a.out / "detector.onnx", a.imgsz)
    print(_said("exported", onnx=onnx))
    from vision.classifier_train import say_where_it_went

    say_where_it_went([Path(onnx)], "--onnx {models}/detector.onnx", ["detector.onnx"], option="detector")
    return 0


def _refuse_other_classes(data: Path) -> None:
    """``TrainError`` where the dataset ``data`` names classes other than the detector's (``0 tile``, ``1 back``: a
    set labelled by tile kind, as the Label page and `synth`'s ``kinds/`` write one), said before Ultralytics is
    loaded: it trained a model of those classes, which then read no tile. Names missing or not a list are left to
    ``check_dataset`` to say."""
    from vision.data_yaml import data_yaml_path, read_data_yaml
    from vision.detector_data import class_names, not_detector_names

    data = data_yaml_path(data, TrainError)
    names = class_names(read_data_yaml(data, TrainError).get("names"))
    if not names or (said := not_detector_names(names)) is None:
        return
    raise TrainError(f"--data {data} names {said[0]}, not the detector's 0 tile and 1 back (each tile boxed as one of "
                     f"the two, whatever its kind): `tilelens synth --game GAME --out D/` renders such a dataset "
                     f"(D/data.yaml); photos labelled by kind teach a tile set instead: tilelens enroll --name NAME "
                     f"--data {data}",
                     f"--data {data} の種類は {said[1]}で、検出器の 0 tile と 1 back ではありません (牌はどれも、"
                     f"種類にかかわらず、そのどちらかの枠にします): このデータセットは `tilelens synth --game GAME "
                     f"--out D/` で作れます (D/data.yaml)。種類ごとにラベルを付けた写真は、代わりに牌セットを覚えさせる"
                     f"のに使います: tilelens enroll --name NAME --data {data}")


def _check_imgsz(imgsz: int) -> None:
    """A size off the detector's stride: Ultralytics would train at another size and say so only in its log."""
    if imgsz % 32 or imgsz < 64:
        raise TrainError(f"--imgsz must be a multiple of 32, 64 or more (the detector's stride), got {imgsz}",
                         f"--imgsz は 64 以上の 32 の倍数にしてください (検出器のストライド) ({imgsz} になっています)")


def _refuse_smoke_overridden(a: argparse.Namespace) -> None:
    """``--smoke`` trains on the committed sample photos at its own sizes: a ``--data``, ``--epochs``, ``--imgsz``
    or ``--batch`` given with it would be ignored (``--smoke --data mine.yaml`` trained on the samples and exited
    0), so it is refused, before anything is written."""
    given = [f"--{k}" for k in ("data", "epochs", "imgsz", "batch") if getattr(a, k) is not None]
    if a.smoke and given:
        names, it = ", ".join(given), "it" if len(given) == 1 else "them"
        raise TrainError(f"--smoke is a tiny test run on the 4 sample photos (1 epoch, imgsz 128, batch 4): {names} "
                         f"would be ignored; drop --smoke to train with {it}, or drop {it}",
                         f"--smoke は見本の写真 4枚で試すだけの小さな学習です (1エポック、imgsz 128、batch 4): {names} は"
                         f"使われません。{names} で学習するなら --smoke を外し、そうでなければ {names} を外してください")


def _check_resume_options(a: argparse.Namespace, last: Path) -> None:
    """``--resume`` continues a run with the settings saved in its checkpoint (Ultralytics reads them from
    there and ignores the ones given): a setting given that differs from the run's is one line here, not a
    run that trains, or is exported, otherwise than asked (``--imgsz`` would export a model at a size it
    never trained at). The run's own values given again (``train all`` resumes with ``--imgsz``) are fine."""
    if not last.exists():
        raise TrainError(f"nothing to resume: {last} does not exist", f"再開する学習がありません: {last} がありません")
    args = _read_checkpoint(last).get("train_args") or {}
    own = {"epochs": args.get("epochs"), "imgsz": args.get("imgsz"), "batch": args.get("batch")}
    differ = [f"--{k} {getattr(a, k)}" for k, v in own.items() if getattr(a, k) is not None and getattr(a, k) != v]
    differ += [f"--{k.replace('_', '-')}" for k in ("data", "model", "init", "hours", "minutes", "set", "smoke")
               if getattr(a, k) and (k != "model" or a.model != "yolo11n.yaml")]
    if differ:
        kept = ", ".join(f"{k} {v}" for k, v in own.items() if v is not None)
        raise TrainError(f"{', '.join(differ)} would be ignored: --resume continues {a.out} with the run's own "
                         f"settings ({kept}); drop {'it' if len(differ) == 1 else 'them'}, or train afresh "
                         f"without --resume (in another --out to keep this run)",
                         f"{', '.join(differ)} は使われません: --resume は {a.out} をその学習自身の設定 ({kept}) で"
                         f"続けます: 外すか、--resume なしで最初から学習してください (この学習を残すなら別の --out で)")


def _say_afresh(out: Path, last: Path) -> None:
    """A run without ``--resume`` in a folder holding one that did not finish starts over it: say so."""
    try:
        state = checkpoint_state(last)
    except TrainError:
        return
    if not state["finished"] and state.get("epochs"):
        print(_said("afresh", out=out, epoch=state["epoch"] + 1, epochs=state["epochs"]), flush=True)


def _say_how_to_continue(out: Path, last: Path, onnx: Path | None, started: float = 0.0) -> None:
    """After Ctrl-C: which epoch the run's checkpoint holds and the command that continues from it (none
    when the run, begun at ``started``, wrote none: a ``last.pt`` left by an earlier run is not its)."""
    try:
        state = checkpoint_state(last) if last.is_file() and last.stat().st_mtime >= started - 1 else None
    except TrainError:
        state = None
    if state is None or state["finished"]:
        print(_said("no_checkpoint", out=out), file=sys.stderr)
        return
    command = f"tilelens train detector --resume --out {out}" + (f" --onnx {onnx}" if onnx else "")
    print(_said("continue", last=last, epoch=state["epoch"] + 1, epochs=state["epochs"], command=command),
          file=sys.stderr)


TRAIN_KINDS = ("detector", "classifier", "boxcheck", "orient", "quantize", "all")
# `tilelens train`'s usage: the kinds and what each trains, in the command line's language as every command's --help
# (``KINDS_USAGE_JA``: in the words of the router's line for `train`, ``tilelens.cli.COMMANDS_JA``), and its error
# line after it (as ``scorer.cli.UsageLinesParser`` says one).
KINDS_USAGE = ("usage: tilelens train detector|classifier|boxcheck|orient|quantize|all [ARGS...]  "
               "(-h after the kind for its options)\n\n"
               "  detector    the YOLO tile detector, from the model YAML (synthetic scenes + real photos)\n"
               "  classifier  a game's tile classifier (kind and attribute heads)\n"
               "  boxcheck    the second look that drops boxes of no tile\n"
               "  orient      which way up a face stands\n"
               "  quantize    the detector in 8-bit integers\n"
               "  all         every model from scratch, in one go")
KINDS_USAGE_JA = ("使い方: tilelens train 種類 [引数...]    (種類の後に -h でそのオプション)\n\n"
                  "種類:\n"
                  "  detector    YOLO の牌の検出器。モデルの YAML から (合成の場面 + 実際の写真)\n"
                  "  classifier  ゲームの牌の分類器 (種類と属性のヘッド)\n"
                  "  boxcheck    枠の確認: 牌でない枠を捨てる、もう一度の確認\n"
                  "  orient      向きのモデル: 牌の面がどちら向きに立っているか\n"
                  "  quantize    検出器の量子化 (8ビット整数に)\n"
                  "  all         すべてのモデルを最初から一度に")
# `tilelens train --help`'s last paragraph (not said with a usage error): what each exit status means, for every kind.
KINDS_EXIT_STATUS = ("Exit status: 0 trained (the models written); 2 bad input (a data file missing or unusable, a bad "
                     "option, nothing to resume) or, for `all`, a step that failed (named, with its log), said in one "
                     "line on standard error; 130 interrupted (Ctrl-C).")
KINDS_EXIT_STATUS_JA = ("終了ステータス: 学習できたとき (モデルを書き出したとき) は 0。入力の誤り (データのファイルがないか"
                        "使えない、オプションの誤り、再開する学習がない)、または all で手順が失敗したとき (その手順と"
                        "ログを挙げます) は 2 で、標準エラーに1行で表示します。中断 (Ctrl-C) は 130。")
KIND_WORDS = {
    "en": {"none": "tilelens train: error: name what to train: {kinds}",
           "unknown": "tilelens train: error: {kind!r} is no kind to train: choose {kinds}{meant}",
           "meant": " (did you mean {kind}?)"},
    "ja": {"none": "tilelens train: エラー: 何を学習するか指定してください: {kinds}",
           "unknown": "tilelens train: エラー: {kind_ja}は学習できるものではありません: {kinds} から選んでください{meant}",
           "meant": " ({kind} のことですか?)"},
}


def _no_kind_said(argv: list[str], lang: str) -> str:
    """The error line of `tilelens train` given no kind (``argv`` empty or an option) or one it has not (a near one
    asked after: "did you mean detector?")."""
    import difflib

    words = KIND_WORDS[lang]
    kinds = ", ".join(TRAIN_KINDS[:-1]) + " or " + TRAIN_KINDS[-1] if lang == "en" else "、".join(TRAIN_KINDS)
    if not argv or argv[0].startswith("-"):
        return words["none"].format(kinds=kinds)
    near = difflib.get_close_matches(argv[0].lower(), TRAIN_KINDS, 1, 0.6)
    meant = words["meant"].format(kind=near[0]) if near else ""
    return words["unknown"].format(kind=argv[0], kind_ja=quoted_ja(argv[0]), kinds=kinds, meant=meant)


def main(argv: list[str]) -> int:
    """Route ``tilelens train detector|classifier|boxcheck|orient|quantize|all ...``."""
    if not argv or argv[0] not in TRAIN_KINDS:
        lang = cli_lang()
        usage = fit_help(KINDS_USAGE_JA if lang == "ja" else KINDS_USAGE, lang=lang)  # to the terminal
        if argv[:1] in (["-h"], ["--help"]):  # asked: the kinds, on stdout, and the exit statuses
            print(f"{usage}\n\n{fit_help(KINDS_EXIT_STATUS_JA if lang == 'ja' else KINDS_EXIT_STATUS, lang=lang)}")
            return 0
        # as argparse says an argument error: the usage, then one line naming what is wrong (exit 2)
        print(f"{usage}\n{_no_kind_said(argv, lang)}", file=sys.stderr)
        return 2
    if argv[0] == "all":
        from vision.retrain import main as retrain_main

        return int(retrain_main(argv[1:]) or 0)
    if argv[0] == "classifier":
        classifier_args(argv[1:])  # --help and a usage error said before torch is imported
        from vision.classifier_train import main as classifier_main

        return int(classifier_main(argv[1:]) or 0)
    if argv[0] == "boxcheck":
        from vision.boxcheck import train_main as boxcheck_main

        return int(boxcheck_main(argv[1:]) or 0)
    if argv[0] == "orient":
        from vision.orient import train_main as orient_main

        return int(orient_main(argv[1:]) or 0)
    if argv[0] == "quantize":
        from vision.quantize import main as quantize_main

        return int(quantize_main(argv[1:]) or 0)
    return detector_main(argv[1:])
