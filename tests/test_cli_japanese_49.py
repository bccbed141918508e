"""The progress bars' words in the command line's language (``TILELENS_LANG=ja``: their units and descriptions,
as tqdm shows them: "3.2枚/s"), and `tilelens contact-sheet` in Japanese; English stays byte for byte what it was.
Text drawn into a picture stays ASCII (OpenCV's Hershey font draws no Japanese), so it is not tested here."""
from __future__ import annotations

import io
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from scorer.result import TilelensInputError, error_text


class _Stop(Exception):
    """Raised by ``_Bars`` at the bar it was told to stop at: the words are known, the work need not run."""


class _Bars:
    """Stands in for tqdm: records each bar's (description, unit), iterates as the real one does, and stops the
    work (``_Stop``) at the bar numbered ``stop_at`` (counted from 1) where one is given."""

    def __init__(self, stop_at: int | None = None):
        self.seen: list[tuple[str, str]] = []
        self.stop_at = stop_at

    def __call__(self, iterable=None, *args, desc=None, unit="it", **kwargs):
        self.seen.append((desc, unit))
        if self.stop_at is not None and len(self.seen) >= self.stop_at:
            raise _Stop

        class Bar:
            def __iter__(self):
                return iter(iterable if iterable is not None else ())

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return False

            def set_postfix(self, **kw):
                pass

            def set_postfix_str(self, text):
                pass

            def update(self, n=1):
                pass

            def close(self):
                pass

        return Bar()


def _both(cli_env, run) -> tuple[list, list]:
    """What ``run()`` records in Japanese, then in English."""
    cli_env(TILELENS_LANG="ja")
    ja = run()
    cli_env(TILELENS_LANG="en")
    return ja, run()


# ---------------------------------------------------------------- tilelens synth, the crop readers, rendered crops

def test_synth_dataset_bar_in_japanese_and_as_it_was_in_english(cli_env, monkeypatch):
    import vision.synth.dataset as dataset

    def run():
        bars = _Bars()
        monkeypatch.setattr(dataset, "tqdm", bars)
        dataset._run([], workers=1, progress=False)
        return bars.seen

    ja, en = _both(cli_env, run)
    assert ja == [("写真を合成中", "枚")]
    assert en == [("synth", "photo")]


def test_synth_dataset_bar_as_tqdm_draws_it(cli_env):
    """The real bar, written to a file: the unit after the count's rate reads as a counter."""
    from tqdm import tqdm

    from vision.cropset import bar_said

    cli_env(TILELENS_LANG="ja")
    out = io.StringIO()
    with tqdm(total=3, desc=bar_said("synth"), unit=bar_said("photo"), file=out, mininterval=0) as bar:
        bar.update(3)
    assert "写真を合成中" in out.getvalue() and "枚/s" in out.getvalue()


def test_crop_readers_units_in_japanese_and_as_they_were_in_english(cli_env, tmp_path, monkeypatch):
    import vision.cropset as cropset

    (tmp_path / "crops" / "1m").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "crops" / "1m" / "a.jpg"), np.full((40, 30, 3), 128, np.uint8))

    def run():
        bars = _Bars()
        monkeypatch.setattr(cropset, "tqdm", bars)
        cropset.from_dir(tmp_path / "crops")
        list(cropset.labelled_photos([tmp_path / "none.jpg"], ["1m"]))
        return bars.seen

    ja, en = _both(cli_env, run)
    assert ja == [("切り抜きを読み込み中", "枚"), ("切り抜き中", "枚")]
    assert en == [("reading crops", "crop"), ("cropping", "photo")]


def test_rendered_crops_bar_in_japanese_and_as_it_was_in_english(cli_env, monkeypatch):
    import vision.scene_crops as scene_crops

    def run():
        bars = _Bars(stop_at=1)
        monkeypatch.setattr(scene_crops, "tqdm", bars)
        with pytest.raises(_Stop):
            scene_crops.rendered_cropset("nogizaka", 1)
        return bars.seen

    ja, en = _both(cli_env, run)
    assert ja == [("nogizaka の切り抜きを描画中", "枚")]
    assert en == [("rendering nogizaka crops", "crop")]


# ---------------------------------------------------------------- train quantize, train classifier, eval

def test_quantize_calibration_bar_in_japanese_and_as_it_was_in_english(cli_env, tmp_path, monkeypatch):
    import vision.quantize as quantize
    from vision.detector import default_models_dir

    src = default_models_dir() / "detector.onnx"
    if not src.is_file():
        pytest.skip("no detector.onnx")

    def run():
        bars = _Bars(stop_at=1)
        monkeypatch.setattr("tqdm.tqdm", bars)  # imported where the bar is made
        with pytest.raises(_Stop):
            quantize.quantize_detector(src, tmp_path / "int8.onnx", [tmp_path / "a.jpg"])
        return bars.seen

    ja, en = _both(cli_env, run)
    assert ja == [("較正中", "枚")]
    assert en == [("calibrating", "photo")]


def test_classifier_epoch_bar_unit_in_japanese_and_as_it_was_in_english(cli_env, tmp_path, monkeypatch):
    import vision.classifier_train as ct
    from vision.cropset import CropSet

    spec = ct.ClassifierSpec.for_classes(["1m", "2m"], [{}, {}], crop_size=16, name="t")
    data = CropSet(np.zeros((4, 24, 24, 3), np.uint8), np.array([0, 1, 0, 1]), ["1m", "2m"], np.arange(4))

    def run():
        bars = _Bars(stop_at=1)
        bars.write = lambda *a, **k: None
        monkeypatch.setattr(ct, "tqdm", bars)
        with pytest.raises(_Stop):
            ct.train(data, spec, ct.TrainConfig(epochs=1, width=8, batch=4), tmp_path / "run")
        return bars.seen

    ja, en = _both(cli_env, run)
    assert ja == [("エポック 1", "バッチ")]
    assert en == [("epoch 1", "batch")]


def test_eval_bar_unit_in_japanese_and_as_it_was_in_english(cli_env, tmp_path, monkeypatch):
    import vision.evaluate as evaluate

    system = SimpleNamespace(name="tilelens", read=lambda path: None)
    items = [SimpleNamespace(image_path=tmp_path / "a.jpg")]

    def run():
        bars = _Bars(stop_at=1)
        monkeypatch.setattr(evaluate, "tqdm", bars)
        with pytest.raises(_Stop):
            evaluate.evaluate_with_errors(items, system)
        return bars.seen

    ja, en = _both(cli_env, run)
    assert ja == [("評価 tilelens", "枚")]
    assert en == [("eval tilelens", "img")]


# ---------------------------------------------------------------- tilelens label (init, audit), tilelens check

class _ReadsNothing:
    class Reading:
        tiles = ()

    def read(self, image, source=None):
        return self.Reading()


def test_label_bars_units_in_japanese_and_as_they_were_in_english(cli_env, tmp_path, monkeypatch):
    import tilelens.labelling.audit as audit
    import tilelens.labelling.prelabel as prelabel

    cv2.imwrite(str(tmp_path / "a.jpg"), np.full((40, 40, 3), 128, np.uint8))

    def run():
        bars = _Bars()
        monkeypatch.setattr(prelabel, "tqdm", bars)
        monkeypatch.setattr(audit, "tqdm", bars)
        prelabel.prelabel_folder(tmp_path, "nogizaka", reader=_ReadsNothing(), overwrite=True)
        audit._audit(tmp_path, [], lambda i: None, 0.5, 0.5, progress=False, load=None)
        return bars.seen

    ja, en = _both(cli_env, run)
    assert ja == [("下書き中", "枚"), ("見直し中", "枚")]
    assert en == [("pre-labelling", "photo"), ("auditing", "photo")]


def test_check_bars_units_in_japanese_and_as_they_were_in_english(cli_env, tmp_path, monkeypatch):
    import tilelens.event.runner as runner
    from tilelens.event import CheckOptions, check_event

    (tmp_path / "ev" / "table-01").mkdir(parents=True)  # a table with no photos: nothing to read

    def run():
        bars = _Bars(stop_at=2)
        monkeypatch.setattr(runner, "tqdm", bars)
        with pytest.raises(_Stop):
            check_event(tmp_path / "ev", tmp_path / "report", CheckOptions(game="nogizaka"),
                        factory=lambda g: None, jobs=1, progress=False)
        return bars.seen

    ja, en = _both(cli_env, run)
    assert ja == [("卓のフォルダを読み込み中", "卓"), ("卓をチェック中", "卓")]
    assert en == [("reading table folders", "table"), ("checking tables", "table")]


# ---------------------------------------------------------------- tilelens contact-sheet

STATS = {"synthetic": {"brightness": 120.4, "saturation": 40.0, "sharpness": 310.6},
         "real": {"brightness": 98.0, "saturation": 52.5, "sharpness": 75.2}}


def _sheet(cli_env, lang, tmp_path, monkeypatch, capsys) -> str:
    import vision.synth.contact as contact
    from vision.synth.cli import contact_sheet_main

    monkeypatch.setattr(contact, "contact_sheet", lambda out, *a: (out, STATS))
    cli_env(TILELENS_LANG=lang)
    assert contact_sheet_main(["--out", str(tmp_path / "sheet.png")]) == 0
    return capsys.readouterr().out


def test_contact_sheet_lines_in_english_are_as_they_were(cli_env, tmp_path, monkeypatch, capsys):
    assert _sheet(cli_env, "en", tmp_path, monkeypatch, capsys) == (
        f"wrote {tmp_path / 'sheet.png'}\n"
        "  synthetic  brightness 120  saturation 40  sharpness 311\n"
        "  real       brightness 98  saturation 52  sharpness 75\n")


def test_contact_sheet_lines_in_japanese(cli_env, tmp_path, monkeypatch, capsys):
    assert _sheet(cli_env, "ja", tmp_path, monkeypatch, capsys) == (
        f"{tmp_path / 'sheet.png'} を書き出しました\n"
        "  合成  明るさ 120  彩度 40  鮮明さ 311\n"
        "  実写  明るさ 98  彩度 52  鮮明さ 75\n")


def _ja(exc: TilelensInputError) -> str:
    assert exc.message_ja, f"no Japanese for {exc}"
    return error_text(exc, "ja")


def test_contact_sheet_errors_in_japanese_and_as_they_were_in_english(tmp_path, monkeypatch):
    from vision.synth.contact import ContactSheetError, _read, contact_sheet, real_photos

    with pytest.raises(ContactSheetError) as caught:
        contact_sheet(tmp_path / "sheet.jpg")
    assert str(caught.value) == f"--out {tmp_path / 'sheet.jpg'} must be a .png file"
    assert _ja(caught.value) == f"--out {tmp_path / 'sheet.jpg'} は .png のファイルにしてください"

    monkeypatch.setenv("TILELENS_HK_DIR", str(tmp_path / "real"))
    (tmp_path / "real" / "images").mkdir(parents=True)
    with pytest.raises(ContactSheetError) as caught:
        real_photos(3, 0)
    root = tmp_path / "real"
    assert str(caught.value) == f"no real photos under {root} (set TILELENS_HK_DIR)"
    assert _ja(caught.value) == f"{root} に実物の写真がありません (TILELENS_HK_DIR を指定してください)"

    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"not a photo")
    with pytest.raises(ContactSheetError) as caught:
        _read(bad)
    assert str(caught.value) == f"cannot read the real photo {bad}"
    assert _ja(caught.value) == f"実物の写真 {bad} を読めません"


def test_contact_sheet_unwritable_said_in_japanese(tmp_path, monkeypatch):
    import vision.synth.contact as contact

    monkeypatch.setattr(contact, "real_photos", lambda n, seed: [tmp_path / "real.jpg"])
    monkeypatch.setattr(contact, "_read", lambda path: np.zeros((8, 8, 3), np.uint8))
    monkeypatch.setattr(contact, "render_scene", lambda *a: SimpleNamespace(image=np.zeros((8, 8, 3), np.uint8)))
    monkeypatch.setattr(contact.cv2, "imencode", lambda *a: (False, None))  # the sheet cannot be encoded
    out = tmp_path / "sheet.png"
    with pytest.raises(contact.ContactSheetError) as caught:
        contact.contact_sheet(out, rows=1, cols=1, thumb=8)
    assert str(caught.value) == f"could not write {out}"
    assert _ja(caught.value) == f"{out} に書き出せませんでした"
