"""``tilelens train quantize``: the detector in 8-bit integers, for reading faster on a CPU.

The detector is most of a read's time (two runs of it for a slanted row). onnxruntime runs a model whose
convolutions are quantized to int8 (static quantization, QDQ format: weights per output channel, the
activations' ranges calibrated on training photos) faster on this machine's cores than in float. The
detection head (Ultralytics' last module, ``/model.23/``: its convolutions and its box decoding) stays
in float: with its convolutions in int8 too the boxes came out looser (validation mAP50-95 0.01-0.03
lower) and one validation set of riichi hands lost 4 of 300. What it costs and gains is measured in
``models/JOURNAL.md`` ("The detector in 8-bit integers").

It is not the reader's default: measured on 2026-12-03 it read the validation hands as well as the float
detector, 1.3 times faster, but lost 2-3 whole photos of the 161 real Hong Kong enrol photos (every
variant tried did). It is a tool for a slower machine, or for trying a quantization recipe; the file
written records the SHA-256 of the float detector it was made from (metadata ``int8_of``):

    tilelens train quantize --data runs/retrain/det/data.yaml --out /tmp/detector-int8.onnx [--count 120]
    tilelens eval --data DIR/data.yaml --game GAME --detector /tmp/detector-int8.onnx
    tilelens read PHOTO --game GAME --detector /tmp/detector-int8.onnx

Needs the training extras (``onnx``); the quantized model runs on onnxruntime alone.
"""
from __future__ import annotations

import hashlib
import random
import sys
import tempfile
from functools import partial
from pathlib import Path

from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split
from scorer.cli import say_help_in_japanese
from scorer.result import TilelensInputError, cli_lang, error_text, said_in
from vision.cli_args import named_path, positive_int

SOURCE_KEY = "int8_of"  # metadata: SHA-256 of the float detector the int8 one was made from
CALIBRATED_KEY = "calibration_photos"  # metadata: how many photos the activation ranges were calibrated on
HEAD = "/model.23/"  # Ultralytics' detection head: stays in float


class QuantizeError(TilelensInputError):
    """Bad input to the quantization: a missing model, no calibration photos."""


# What `tilelens train quantize` prints and refuses, in each language (``scorer.result.cli_lang``:
# ``TILELENS_LANG=ja`` or a Japanese locale).
WORDS = {"en": {"bar": "calibrating", "unit": "photo", "skipped": "skipped {path}: {why}",
                "wrote": "wrote {dest} ({mb:.1f} MB, from {src}, {used} of {n} calibration photos read)",
                "not_yaml": "--data {data}: give a data.yaml or a folder of photos",
                "bad_yaml": "--data {data}: not a data.yaml with training photos ({why})",
                "no_data": "--data {data}: no such file or folder", "no_photos_in": "--data {data}: no photos to calibrate on",
                "no_onnx": "--onnx {src}: no such file",
                "same": "--out {dest}: that is the float detector itself; write the int8 one elsewhere",
                "no_photos": "no photos to calibrate on",
                "none_read": "none of the {n} calibration photos could be read",
                "out_folder": "--out {dest} is a folder: name the file to write (e.g. {example})",
                "suffix": "--out {dest} must be an .onnx file (the int8 detector is an ONNX model)",
                "exists": "--out {dest} already exists: it is not replaced (add --force to write over it, or name a "
                          "new file)"},
         "ja": {"bar": "較正中", "unit": "枚", "skipped": "{path} を飛ばしました: {why}",
                "wrote": "{dest} を書きました ({mb:.1f} MB、元は {src}、較正の写真 {n}枚中 {used}枚を読みました)",
                "not_yaml": "--data {data}: data.yaml か写真のフォルダを指定してください",
                "bad_yaml": "--data {data}: 学習用の写真を示す data.yaml ではありません ({why})",
                "no_data": "--data {data}: そのファイルもフォルダもありません",
                "no_photos_in": "--data {data}: 較正に使う写真がありません",
                "no_onnx": "--onnx {src}: そのファイルはありません",
                "same": "--out {dest}: それは浮動小数点の検出器そのものです: int8 の検出器は別の所に書いてください",
                "no_photos": "較正に使う写真がありません",
                "none_read": "較正の写真 {n}枚のどれも読めませんでした",
                "out_folder": "--out {dest} はフォルダです: 書くファイルの名前を指定してください (例: {example})",
                "suffix": "--out {dest} は .onnx のファイルにしてください (int8 の検出器は ONNX のモデルです)",
                "exists": "--out {dest} はもうあります: 上書きはしません (上書きするには --force を付けるか、新しい"
                          "ファイル名にしてください)"}}


_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in, by default in the command line's language


def _error(key: str, why: TilelensInputError | None = None, **values) -> QuantizeError:
    """A ``QuantizeError`` saying ``WORDS[...][key]`` in English and Japanese (``why``: the error under it, said in
    each language)."""
    return QuantizeError(*(_said(key, lang, **values, **({"why": error_text(why, lang)} if why else {}))
                           for lang in ("en", "ja")))


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def calibration_photos(data: Path, count: int, seed: int = 0) -> list[Path]:
    """``count`` photos drawn at random (``seed``) from a folder of photos or an Ultralytics data.yaml's
    training split (``vision.cropset.yolo_images``)."""
    from vision.cropset import CropDataError, yolo_images
    from vision.data_yaml import photos_in

    data = Path(data)
    if data.is_dir():
        photos = photos_in(data)
    elif data.is_file():
        if data.suffix.lower() not in {".yaml", ".yml"}:
            raise _error("not_yaml", data=data)
        try:
            photos = yolo_images(data, "train")
        except CropDataError as exc:  # not readable, not YAML, no training photos named: the reader says which
            raise _error("bad_yaml", exc, data=data) from None
    else:
        raise _error("no_data", data=data)
    if not photos:
        raise _error("no_photos_in", data=data)
    return sorted(random.Random(seed).sample(photos, min(count, len(photos))))


def quantize_detector(src: Path, dest: Path, photos: list[Path], progress: bool = True) -> Path:
    """Write ``dest``, the float detector ``src`` quantized to int8, calibrated on ``photos`` (letterboxed
    as the detector reads them); its metadata keeps ``src``'s (class names, image size) and adds
    ``int8_of``, ``src``'s SHA-256."""
    import onnx
    from onnxruntime.quantization import (CalibrationDataReader, QuantFormat, QuantType, quant_pre_process,
                                          quantize_static)
    from tqdm import tqdm

    from vision.cli_args import progress_bar

    from vision.detector import Detector, input_blob
    from vision.image_io import ImageError, load_image

    src, dest = Path(src), Path(dest)
    if not src.is_file():
        raise _error("no_onnx", src=src)
    if dest.resolve() == src.resolve():
        raise _error("same", dest=dest)
    if not photos:
        raise _error("no_photos")
    floating = Detector.load(src, intra_threads=1)
    imgsz, name = floating.imgsz, floating.session.get_inputs()[0].name
    bar = progress_bar(total=len(photos), asked=progress, desc=_said("bar"), unit=_said("unit"), file=sys.stderr,
                       bar=tqdm)

    class Photos(CalibrationDataReader):
        def __init__(self):
            self.left, self.read = iter(photos), 0

        def get_next(self):
            for path in self.left:
                bar.update()
                try:
                    blob = input_blob(load_image(path), imgsz)[0]
                except ImageError as exc:  # one unreadable photo is skipped, not fatal
                    print(_said("skipped", path=path, why=error_text(exc, cli_lang())), file=sys.stderr)
                    continue
                self.read += 1
                return {name: blob}
            return None

    reader = Photos()

    # the bar closed on the way out, Ctrl-C in the preparing included (not drawn again under "interrupted")
    with bar, tempfile.TemporaryDirectory() as tmp:
        pre = Path(tmp) / "pre.onnx"
        quant_pre_process(str(src), str(pre))
        float_nodes = [n.name for n in onnx.load(str(pre)).graph.node if HEAD in n.name]
        out = Path(tmp) / "int8.onnx"
        try:
            quantize_static(str(pre), str(out), reader, quant_format=QuantFormat.QDQ, per_channel=True,
                            activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
                            nodes_to_exclude=float_nodes)
        except Exception:
            if reader.read == 0:  # onnxruntime's own error would only say it had no data
                raise _error("none_read", n=len(photos)) from None
            raise
        finally:
            bar.close()
        model = onnx.load(str(out))
    meta = {p.key: p.value for p in onnx.load(str(src), load_external_data=False).metadata_props}
    meta[SOURCE_KEY] = sha256_of(src)
    meta[CALIBRATED_KEY] = str(reader.read)  # the photos read, not those asked for (an unreadable one is skipped)
    del model.metadata_props[:]
    for key, value in meta.items():
        model.metadata_props.add(key=key, value=value)
    dest.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(dest))
    return dest


# The help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name: one line for each of
# the English ones in ``main``, kept in step with them.
HELP_JA = {
    "--data": "較正の写真: data.yaml (その学習用の一覧) か写真のフォルダ",
    "--onnx": "浮動小数点の検出器 (指定がなければ $TILELENS_MODELS か models/ の detector.onnx)",
    "--out": "int8 の検出器を書き出す場所",
    "--count": "無作為に選ぶ較正の写真の枚数 (指定がなければ 120)",
    "--seed": "較正の写真を選ぶ乱数のシード (指定がなければ 0)",
    "--force": "--out のファイルがあれば上書きします (付けなければ、あるファイルはそのまま残します)",
}


def main(argv: list[str]) -> int:
    p = UsageLinesParser(prog="tilelens train quantize",
                         description="Quantize the detector to int8 (static, calibrated on training "
                                     "photos); read or measure with it by `tilelens read|eval --detector OUT`.",
                         formatter_class=HelpFormatter)
    p.add_argument("--data", type=named_path("path"), required=True,
                   help="calibration photos: a data.yaml (its training list) or a folder of photos")
    p.add_argument("--onnx", type=named_path("file"), default=None,
                   help="the float detector (default: detector.onnx of $TILELENS_MODELS or models/)")
    p.add_argument("--out", type=named_path("file"), required=True, help="where to write the int8 detector")
    p.add_argument("--count", type=positive_int, default=120, help="calibration photos drawn at random (default 120)")
    p.add_argument("--seed", type=int, default=0,
                   help="random seed of the calibration photos drawn (default 0)")
    p.add_argument("--force", action="store_true", help="write over --out if that file exists (without it an existing "
                   "file is left as it is)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, HELP_JA, "検出器を int8 に量子化します (静的、学習用の写真で較正)。`tilelens read|eval "
                                         "--detector OUT` で、それで読んだり測ったりします。", None)
    a = p.parse_args(argv)
    from vision.detector import default_models_dir

    src = a.onnx or default_models_dir() / "detector.onnx"
    dest = a.out
    if dest.is_dir():  # said before minutes of calibration, not after
        raise _error("out_folder", dest=dest, example=dest / "detector-int8.onnx")
    if dest.suffix.lower() != ".onnx":  # a photo's name given: never an ONNX model written over it
        raise _error("suffix", dest=dest)
    if dest.resolve() == Path(src).resolve():  # the float detector itself: never written over, --force or not
        raise _error("same", dest=dest)
    if dest.exists() and not a.force:
        raise _error("exists", dest=dest)
    photos = calibration_photos(a.data, a.count, a.seed)
    quantize_detector(src, dest, photos)
    import onnx

    used = {p.key: p.value for p in onnx.load(str(dest), load_external_data=False).metadata_props}.get(CALIBRATED_KEY)
    print(_said("wrote", dest=dest, mb=dest.stat().st_size / 1e6, src=src, used=used, n=len(photos)))
    return 0
