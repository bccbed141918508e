"""Training weights rebuilt from the shipped detector ONNX: the same outputs, batch norms that hold in
training, and a fine-tune that starts from them (`tilelens train detector --init models/detector.onnx`)."""
from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest

from vision.detector import Detector, input_blob
from vision.detector_weights import DetectorWeightsError, calibration_batch, checkpoint_from_onnx
from vision.image_io import load_image
from vision.train import main

torch = pytest.importorskip("torch")

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "models" / "detector.onnx"
PHOTOS = sorted((ROOT / "tests" / "vision" / "data" / "detector" / "images").glob("*.jpg"))


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory):
    out = tmp_path_factory.mktemp("rebuilt") / "init.pt"
    return torch.load(str(checkpoint_from_onnx(SHIPPED, PHOTOS[:2], out)), map_location="cpu",
                      weights_only=False)


def test_rebuilt_weights_give_the_shipped_detectors_outputs(rebuilt):
    model = rebuilt["model"].float().eval()
    imgsz = Detector.load(SHIPPED).imgsz
    assert model.names == {0: "tile", 1: "back"} and rebuilt["train_args"]["imgsz"] == imgsz
    blob, _ = input_blob(load_image(PHOTOS[-1]), imgsz)  # a photo the statistics did not come from
    session = ort.InferenceSession(str(SHIPPED), providers=["CPUExecutionProvider"])
    want = session.run(None, {session.get_inputs()[0].name: blob})[0]
    with torch.no_grad():
        got = model(torch.from_numpy(blob))[0].numpy()
    assert got.shape == want.shape
    # float16-stored weights on both sides: class scores within 0.01, and the boxes the detector keeps
    # (score over its threshold) within a pixel
    assert np.abs(got[0, 4:] - want[0, 4:]).max() < 0.01
    kept = want[0, 4:].max(axis=0) > 0.25
    assert kept.sum() >= 5
    assert np.abs(got[0, :4, kept] - want[0, :4, kept]).max() < 1.0


def test_batch_norms_hold_their_statistics_in_training(rebuilt):
    """In training a batch norm normalises by the batch's own statistics. Rebuilt from the calibration
    photos' statistics, it gives the same features on those photos in training as in evaluation (a batch
    norm set to the identity would not: its running statistics would be 0 and 1)."""
    model = rebuilt["model"].float()
    batch = torch.from_numpy(calibration_batch(PHOTOS[:2], rebuilt["train_args"]["imgsz"]))
    with torch.no_grad():
        evaluated = model.eval()(batch)[1]["feats"]
        trained = model.train()(batch)["feats"]
    for e, t in zip(evaluated, trained):
        assert float((e - t).abs().mean()) < 0.02 * float(e.abs().mean())


def test_a_file_that_is_not_a_detector_is_named(tmp_path):
    bad = tmp_path / "notes.onnx"
    bad.write_bytes(b"not a model")
    with pytest.raises(DetectorWeightsError, match="notes.onnx: not a readable ONNX model"):
        checkpoint_from_onnx(bad, PHOTOS[:2], tmp_path / "x.pt")
    classifier = ROOT / "models" / "classifier-nogizaka.onnx"
    with pytest.raises(DetectorWeightsError):
        checkpoint_from_onnx(classifier, PHOTOS[:2], tmp_path / "y.pt")


@pytest.mark.slow
def test_fine_tuning_starts_from_the_shipped_onnx(tmp_path):
    out = tmp_path / "tune"
    assert main(["detector", "--smoke", "--init", str(SHIPPED), "--out", str(out)]) == 0
    assert (out / "init-from-onnx.pt").is_file() and (out / "weights" / "last.pt").is_file()
    assert Detector.load(out / "detector.onnx").names == {0: "tile", 1: "back"}
