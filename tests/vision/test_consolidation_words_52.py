"""Session 52's consolidation of the vision commands' words: a picture written under a file name that is no UTF-8
(``$'\\xffc.png'``) is written, not a crash of the process (exit 139, ``cv2.imwrite`` takes a path as UTF-8 text);
the value messages of the counts (``vision.cli_args``) and the argument errors of ``train orient``, ``train
quantize``, ``train boxcheck``, ``train all`` and ``vision.detector_data`` are said in Japanese under Japanese; a
count of one is said in the singular."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ODD = os.fsdecode(b"\xffc")  # a file name that is no UTF-8


def _python(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "YOLO_OFFLINE": "1", "TILELENS_HOME": str(tmp_path / "home"), **env},
                          timeout=120)


def test_a_contact_sheet_under_a_name_that_is_no_utf8_is_written(tmp_path):
    done = _python(f"""
        import sys
        from pathlib import Path
        from types import SimpleNamespace
        import numpy as np
        import vision.synth.contact as contact
        contact.real_photos = lambda n, seed: [Path("real.jpg")]
        contact._read = lambda path: np.zeros((8, 8, 3), np.uint8)
        contact.render_scene = lambda *a: SimpleNamespace(image=np.zeros((8, 8, 3), np.uint8))
        contact.contact_sheet(Path({str(tmp_path)!r}) / __import__("os").fsdecode(b"\\xffc.png"), rows=1, cols=1,
                              thumb=8)
        print("ok")
        """, tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "ok", (done.returncode, done.stderr[-2000:])
    assert (tmp_path / os.fsdecode(b"\xffc.png")).read_bytes()[:4] == b"\x89PNG"


def test_error_pictures_under_a_folder_that_is_no_utf8_are_written(tmp_path):
    import cv2
    import numpy as np

    photo = tmp_path / "p.jpg"
    cv2.imwrite(str(photo), np.zeros((8, 8, 3), np.uint8))
    done = _python(f"""
        import os
        from pathlib import Path
        import vision.eval_errors as ee
        ee.draw_errors = lambda image, truth, errors: image
        folder = Path({str(tmp_path)!r}) / os.fsdecode(b"\\xffc")
        print(len(ee.write_error_pictures(folder, {{{str(photo)!r}: (None, [])}})))
        """, tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "1", (done.returncode, done.stderr[-2000:])
    assert (tmp_path / ODD / "0000-p.jpg").read_bytes()[:2] == b"\xff\xd8"


def test_stretched_band_pictures_are_written_by_write_image():
    source = (ROOT / "vision" / "detector_data.py").read_text(encoding="utf-8")
    assert "cv2.imwrite(" not in source  # a name that is no UTF-8 crashed the process


# --- the argument errors in Japanese ------------------------------------------------------------------------------

def _orient(argv):
    from vision.orient import train_main
    return train_main(argv)


def _boxcheck(argv):
    from vision.boxcheck import train_main
    return train_main(argv)


def _quantize(argv):
    from vision.quantize import main
    return main(argv)


def _all(argv):
    from vision.retrain import main
    return main(argv)


@pytest.mark.parametrize("run, prog, argv, ja", [
    (_orient, "tilelens train orient", ["--minutes", "0"], "--minutes: 0 より大きくしてください (いま 0)"),
    (_boxcheck, "tilelens train boxcheck", ["--crop-size", "0"], "--crop-size: 1 以上にしてください (いま 0)"),
    (_quantize, "tilelens train quantize", ["--data", "d", "--out", "o", "--count", "x"],
     "--count: 「x」は整数ではありません"),
    (_all, "tilelens train all", ["--bogus"], "使えない引数です: --bogus"),
], ids=["orient", "boxcheck", "quantize", "all"])
def test_the_train_commands_say_their_argument_errors_in_japanese(run, prog, argv, ja, monkeypatch, capsys):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    with pytest.raises(SystemExit) as caught:
        run(argv)
    err = capsys.readouterr().err
    assert caught.value.code == 2 and err.startswith(f"使い方: {prog}"), err
    assert err.rstrip().endswith(f"{prog}: エラー: {ja}"), err


def test_the_train_commands_errors_stay_as_they_were_in_english(monkeypatch, capsys):
    monkeypatch.setenv("TILELENS_LANG", "en")
    with pytest.raises(SystemExit):
        _orient(["--minutes", "0"])
    assert capsys.readouterr().err.rstrip().endswith(
        "tilelens train orient: error: argument --minutes: must be more than 0, got 0")


def test_detector_data_says_its_argument_errors_in_japanese(tmp_path):
    done = _python("""
        import runpy, sys
        sys.argv = ["detector_data.py", "--hk-repeat", "x"]
        runpy.run_module("vision.detector_data", run_name="__main__")
        """, tmp_path, TILELENS_LANG="ja")
    assert done.returncode == 2 and "エラー: --hk-repeat: 「x」は整数ではありません" in done.stderr, done.stderr[-2000:]


# --- a count of one --------------------------------------------------------------------------------------------

def test_one_crop_and_one_class_are_said_in_the_singular():
    from vision.classifier_train import training_said

    assert training_said("en", "5 min", 1, 1, "c.pt") == "training for 5 min (1 crop, 1 class), checkpoint c.pt"
    assert training_said("en", "5 min", 2, 3, "c.pt") == "training for 5 min (2 crops, 3 classes), checkpoint c.pt"
    assert training_said("ja", "5分", 1, 1, "c.pt") == "5分学習します (切り抜き 1枚、1種類)。チェックポイント: c.pt"


def test_one_photo_sets_the_batch_norms():
    from vision.train import rebuilding_said

    assert rebuilding_said("d.onnx", 1, "en") == "rebuilding training weights from d.onnx (1 photo sets the batch norms)"
    assert rebuilding_said("d.onnx", 2, "en") == ("rebuilding training weights from d.onnx (2 photos set the batch "
                                                  "norms)")
    assert rebuilding_said("d.onnx", 1, "ja") == ("d.onnx から学習の重みを作り直します (写真 1枚でバッチ正規化を"
                                                  "合わせます)")
