"""``tilelens train detector``: the router, its errors, and a tiny real training run exported to ONNX."""
import numpy as np
import pytest

from vision.detector import Detector
from vision.train import TrainError, _parse_settings, _use_threads, main


def test_router_needs_a_kind(capsys):
    assert main([]) == 2
    assert "detector|classifier" in capsys.readouterr().err


def test_missing_data_and_nothing_to_resume_are_clear_errors(tmp_path):
    with pytest.raises(TrainError, match="--data"):
        main(["detector", "--out", str(tmp_path / "run")])
    with pytest.raises(TrainError, match="not found"):
        main(["detector", "--data", str(tmp_path / "none.yaml"), "--out", str(tmp_path / "run")])
    with pytest.raises(TrainError, match="nothing to resume"):
        main(["detector", "--resume", "--out", str(tmp_path / "run")])


def test_a_size_off_the_stride_and_a_file_that_is_no_checkpoint_are_said_before_training(tmp_path):
    """--imgsz 33 trained at 64 and said so only in Ultralytics' log; --init bad.pt was a traceback."""
    with pytest.raises(TrainError, match="--imgsz must be a multiple of 32, 64 or more .* got 33"):
        main(["detector", "--data", str(tmp_path / "none.yaml"), "--imgsz", "33", "--out", str(tmp_path / "run")])
    (tmp_path / "bad.pt").write_bytes(b"not a checkpoint")
    with pytest.raises(TrainError, match=r"bad.pt: not a model file \(\.pt\) saved by PyTorch"):  # session 53: plain
        main(["detector", "--smoke", "--init", str(tmp_path / "bad.pt"), "--out", str(tmp_path / "run")])
    assert not (tmp_path / "run" / "weights").exists()


@pytest.mark.slow
def test_smoke_run_trains_one_epoch_and_exports_a_loadable_model(tmp_path):
    out = tmp_path / "smoke"
    assert main(["detector", "--smoke", "--out", str(out)]) == 0
    assert (out / "weights" / "last.pt").is_file()
    det = Detector.load(out / "detector.onnx")
    assert det.imgsz == 128 and det.names == {0: "tile", 1: "back"}
    found = det.detect(np.zeros((200, 300, 3), np.uint8))
    assert found.xyxy.shape[1] == 4 and (found.xyxy[:, 2] <= 300).all()
    from vision.retrain import detector_figures  # what `train all` reports reads Ultralytics' own table

    figures = detector_figures(out)
    assert figures["epochs"] == 1 and 0.0 <= figures["mAP50"] <= 1.0 and 0.0 <= figures["mAP50-95"] <= 1.0


def test_settings_pass_through_as_yaml_scalars_and_bad_ones_are_named():
    assert _parse_settings(["lr0=0.001", "cache=ram", "cos_lr=true", "close_mosaic=2"]) == {
        "lr0": 0.001, "cache": "ram", "cos_lr": True, "close_mosaic": 2}
    with pytest.raises(TrainError, match="KEY=VALUE.*'lr0'"):
        _parse_settings(["lr0"])


def test_an_unknown_setting_is_named_before_training_starts(tmp_path):
    data = tmp_path / "data.yaml"
    data.write_text("path: .\ntrain: x\nval: x\nnames: {0: tile}\n")
    with pytest.raises(TrainError, match="not an Ultralytics training setting: lr_zero"):
        main(["detector", "--data", str(data), "--out", str(tmp_path / "run"), "--set", "lr_zero=0.1"])


def test_training_uses_the_threads_asked_for_after_ultralytics_resets_them():
    import torch

    class FakeYolo:
        callbacks = {}

        def add_callback(self, event, fn):
            self.callbacks[event] = fn

    before = torch.get_num_threads()
    yolo = FakeYolo()
    _use_threads(yolo, 1)
    torch.set_num_threads(2)  # what Ultralytics' device set-up would do
    try:
        yolo.callbacks["on_pretrain_routine_start"](None)
        assert torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)


def test_a_non_image_stays_a_clear_image_error_after_ultralytics_is_imported(tmp_path):
    # ultralytics wraps PIL's Image.open to retry with the pi-heif plugin (not installed): the training entry
    # point undoes that, or a bad photo read later in the same process raises ModuleNotFoundError
    from PIL import Image

    from vision.image_io import ImageError, load_image
    from vision.train import _offline

    _offline()
    import ultralytics.utils.patches  # noqa: F401  (the patch is applied on import; a second import is a no-op)

    assert Image.open.__module__ == "PIL.Image"
    (tmp_path / "seat2.png").write_bytes(b"this is not a photo")
    with pytest.raises(ImageError, match="seat2.png: not an image"):
        load_image(tmp_path / "seat2.png")


def _fake_checkpoint(path, epoch, imgsz):
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"epoch": epoch, "train_args": {"imgsz": imgsz, "epochs": 3}}, path)


def test_resuming_a_finished_run_exports_it_at_the_size_it_trained_at(tmp_path, monkeypatch):
    # Ultralytics refuses to resume a run that ended (epoch -1); the weights are exported instead, at the
    # run's own image size, not the 416 default a bare --resume would otherwise export at
    import vision.train as train

    run = tmp_path / "run"
    _fake_checkpoint(run / "weights" / "last.pt", epoch=-1, imgsz=544)
    exported = []
    monkeypatch.setattr(train, "export_onnx", lambda w, dest, imgsz: exported.append((w.name, imgsz)) or dest)
    assert main(["detector", "--resume", "--out", str(run)]) == 0
    assert exported == [("last.pt", 544)]
    assert train.checkpoint_state(run / "weights" / "last.pt") == {
        "imgsz": 544, "epochs": 3, "epoch": -1, "finished": True}


def test_an_unfinished_checkpoint_is_not_finished_and_a_broken_one_is_named(tmp_path):
    from vision.train import checkpoint_state

    _fake_checkpoint(tmp_path / "last.pt", epoch=1, imgsz=480)
    assert checkpoint_state(tmp_path / "last.pt")["finished"] is False
    (tmp_path / "cut.pt").write_bytes(b"\x80\x04 half a file")
    with pytest.raises(TrainError, match=r"cut.pt: a model file \(\.pt\) that cannot be read: cut short or damaged"):
        checkpoint_state(tmp_path / "cut.pt")
    import torch

    torch.save(torch.zeros(3), tmp_path / "tensor.pt")
    with pytest.raises(TrainError, match="tensor.pt: not an Ultralytics checkpoint"):
        checkpoint_state(tmp_path / "tensor.pt")
