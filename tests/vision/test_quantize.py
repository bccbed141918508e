"""The detector in int8 (``vision.quantize``, an opt-in tool): it finds the float detector's tiles, it says
which float detector it was made from, and bad input is one clear message."""
import shutil
from pathlib import Path

import pytest

from tilelens.cli import main as cli
from vision.detections import box_iou
from vision.detector import Detector
from vision.quantize import QuantizeError, calibration_photos, quantize_detector, sha256_of

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "models"
DATA = Path(__file__).parent / "data" / "detector"
SAMPLES = sorted((DATA / "images").glob("*.jpg"))

pytest.importorskip("onnx")  # quantizing needs the training extras; reading with the result does not


@pytest.fixture(scope="module")
def quantized(tmp_path_factory) -> Path:
    """The shipped float detector quantized here, calibrated on the three sample photos."""
    folder = tmp_path_factory.mktemp("int8")
    shutil.copy(MODELS / "detector.onnx", folder / "detector.onnx")
    return quantize_detector(folder / "detector.onnx", folder / "detector-int8.onnx", SAMPLES, progress=False)


def test_quantized_detector_finds_the_float_detectors_tiles(quantized):
    floating, int8 = Detector.load(quantized.with_name("detector.onnx")), Detector.load(quantized)
    assert int8.path == quantized and int8.imgsz == floating.imgsz and int8.names == floating.names
    meta = int8.session.get_modelmeta().custom_metadata_map
    assert meta["int8_of"] == sha256_of(quantized.with_name("detector.onnx"))
    assert meta["calibration_photos"] == str(len(SAMPLES))  # those read: the command says this, not those asked
    import onnx

    ops = {n.op_type for n in onnx.load(str(quantized)).graph.node}
    assert {"QuantizeLinear", "DequantizeLinear"} <= ops  # it is quantized, not a copy
    assert quantized.stat().st_size < (MODELS / "detector.onnx").stat().st_size
    for photo in SAMPLES:
        a, b = floating.detect(photo), int8.detect(photo)
        assert len(a) >= 10 and len(b) == len(a), photo.name
        twin = box_iou(a.xyxy, b.xyxy).max(axis=1)
        # every float box has its int8 twin (neighbouring tiles overlap far less), and most fit it closely:
        # quantized by onnxruntime 1.32 the loosest twin of these photos is 0.743, the mean 0.904-0.953
        assert (twin >= 0.7).all() and twin.mean() >= 0.88, (photo.name, twin.round(3).tolist())


def test_calibration_photos_come_from_a_data_yaml_or_a_folder(tmp_path):
    listed = tmp_path / "train.txt"
    listed.write_text("\n".join(str(p) for p in SAMPLES) + "\n")
    (tmp_path / "data.yaml").write_text(f"path: {tmp_path}\ntrain: train.txt\nval: train.txt\nnames: {{0: tile}}\n")
    assert calibration_photos(tmp_path / "data.yaml", 10) == SAMPLES
    two = calibration_photos(DATA / "images", 2, seed=1)
    assert len(two) == 2 and set(two) <= set(SAMPLES)
    assert calibration_photos(DATA / "images", 2, seed=1) == two  # the draw is the seed's


@pytest.mark.parametrize("name, text, message", [
    ("none", None, "no such file"),
    ("empty", "(folder)", "no photos"),
    ("bad.yaml", "val: x\n", "not a data.yaml with training photos"),
    ("list.yaml", "- a\n- b\n", "not a data.yaml with training photos"),
    ("broken.yaml", "train: [a\nval: b\n", r"not a data.yaml with training photos \(.*broken.yaml: not valid YAML \(.* at line 2"),
    ("notes.md", "train: x\n", "give a data.yaml or a folder of photos"),
])
def test_bad_calibration_data_is_one_clear_error(tmp_path, name, text, message):
    where = tmp_path / name
    if text == "(folder)":
        where.mkdir()
    elif text is not None:
        where.write_text(text)
    with pytest.raises(QuantizeError, match=message):
        calibration_photos(where, 5)


def test_quantize_command_names_bad_input_in_one_line(tmp_path, capsys):
    out = str(tmp_path / "int8.onnx")
    assert cli(["train", "quantize", "--data", str(tmp_path / "none"), "--out", out]) == 2
    assert capsys.readouterr().err.strip() == f"tilelens train: --data {tmp_path / 'none'}: no such file or folder"
    assert cli(["train", "quantize", "--data", str(DATA / "images"), "--onnx", str(tmp_path / "x.onnx"),
                "--out", out]) == 2
    assert "x.onnx: no such file" in capsys.readouterr().err
    shipped = str(MODELS / "detector.onnx")
    before = sha256_of(MODELS / "detector.onnx")
    assert cli(["train", "quantize", "--data", str(DATA / "images"), "--out", shipped]) == 2
    assert "is the float detector itself" in capsys.readouterr().err
    assert sha256_of(MODELS / "detector.onnx") == before and not Path(out).exists()


def test_calibration_photos_none_readable_is_one_clear_error(tmp_path):
    for i in range(2):
        (tmp_path / f"broken{i}.jpg").write_bytes(b"not a photo")
    with pytest.raises(QuantizeError, match="none of the 2 calibration photos could be read"):
        quantize_detector(MODELS / "detector.onnx", tmp_path / "int8.onnx", sorted(tmp_path.glob("*.jpg")),
                          progress=False)
    assert not (tmp_path / "int8.onnx").exists()
