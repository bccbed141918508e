"""Training weights again from a shipped detector ONNX, so that it can be fine-tuned.

Only the ONNX file of the detector is shipped (models/detector.onnx); the Ultralytics checkpoints of its
training runs are not kept. ``checkpoint_from_onnx`` rebuilds one from it:

1. The exported graph is the model with each convolution's batch norm folded into its weights and bias
   (Ultralytics fuses before export) and its initializers keep the PyTorch names. So a YOLO model built
   from its YAML and fused the same way takes those tensors one for one, and gives the ONNX's outputs.
2. Training needs the batch norms back. Each one is rebuilt so that, in evaluation, it gives exactly the
   folded output, and in training (where a batch's own statistics replace the running ones) nearly so:
   its running mean and variance are those the convolution's output has on real training photos
   (``images``), and its scale and shift undo them. A batch norm set to the identity instead would
   reproduce the outputs in evaluation only, and the first training step would scramble the network.

``tilelens train detector --init models/detector.onnx`` calls this before it trains.
"""
from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from scorer.result import TilelensInputError

CALIBRATION_PHOTOS = 64  # photos whose activations set the rebuilt batch norms' statistics
BN_EPS = 1e-3  # Ultralytics' Conv uses BatchNorm2d(eps=0.001)


class DetectorWeightsError(TilelensInputError):
    """A detector ONNX that cannot be turned back into training weights."""


def onnx_tensors(onnx_path: Path) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """The float tensors of an exported detector by their PyTorch names (stored float16 copies, named
    ``<name>_fp16`` by ``vision.train.store_weights_fp16``, as float32), and its metadata."""
    import onnx
    from onnx import numpy_helper

    try:
        model = onnx.load(str(onnx_path))
    except Exception as exc:  # noqa: BLE001 - a missing or damaged file: one line, which file
        raise DetectorWeightsError(f"{onnx_path}: not a readable ONNX model ({type(exc).__name__})") from None
    tensors = {}
    for init in model.graph.initializer:
        name = init.name.removesuffix("_fp16")
        if name.startswith("model."):
            tensors[name] = numpy_helper.to_array(init).astype(np.float32)
    return tensors, {p.key: p.value for p in model.metadata_props}


def _fused_model(tensors: dict[str, np.ndarray], nc: int, yaml: str):
    from ultralytics.nn.tasks import DetectionModel

    model = DetectionModel(yaml, nc=nc, verbose=False)
    model.fuse(verbose=False)
    state = model.state_dict()
    missing = [k for k in state if k not in tensors and not k.endswith("num_batches_tracked")]
    wrong = [k for k in state if k in tensors and tuple(state[k].shape) != tensors[k].shape]
    if missing or wrong:
        raise DetectorWeightsError(f"the ONNX does not hold a {yaml} model of {nc} classes "
                                   f"({len(missing)} tensors missing, {len(wrong)} of another shape, "
                                   f"e.g. {(missing + wrong)[0]})")
    import torch

    model.load_state_dict({k: torch.from_numpy(tensors[k]) if k in tensors else v for k, v in state.items()})
    return model.eval()


def _conv_modules(model) -> dict[str, object]:
    from ultralytics.nn.modules.conv import Conv

    return {name: m for name, m in model.named_modules() if isinstance(m, Conv)}


def calibration_batch(images: Sequence[Path], imgsz: int, limit: int = CALIBRATION_PHOTOS) -> np.ndarray:
    """Up to ``limit`` photos letterboxed as the detector sees them: float32 (N, 3, imgsz, imgsz) RGB 0..1."""
    from vision.detector import input_blob
    from vision.image_io import ImageError, load_image

    batch = []
    for path in images:
        try:
            batch.append(input_blob(load_image(path), imgsz)[0])
        except ImageError:
            continue
        if len(batch) >= limit:
            break
    if not batch:
        raise DetectorWeightsError("no readable photo to set the batch norms' statistics from")
    return np.concatenate(batch)


def checkpoint_from_onnx(onnx_path: Path | str, images: Sequence[Path], out: Path | str,
                         yaml: str = "yolo11n.yaml") -> Path:
    """Write an Ultralytics checkpoint (``out``) whose model computes what ``onnx_path`` computes, with
    batch norms whose statistics come from ``images``; return ``out``."""
    import torch

    from vision.train import _offline

    _offline()
    onnx_path, out = Path(onnx_path), Path(out)
    tensors, meta = onnx_tensors(onnx_path)
    try:
        names = {int(k): str(v) for k, v in ast.literal_eval(meta.get("names", "{0: 'tile', 1: 'back'}")).items()}
        imgsz = int(ast.literal_eval(meta.get("imgsz", "[640, 640]"))[0])
    except (ValueError, SyntaxError, TypeError, IndexError) as exc:
        raise DetectorWeightsError(f"{onnx_path}: its metadata cannot be read ({exc})") from None
    fused = _fused_model(tensors, len(names), yaml)
    batch = torch.from_numpy(calibration_batch(images, imgsz))

    stats: dict[str, tuple[torch.Tensor, torch.Tensor]] = {}
    hooks = []
    for name, module in _conv_modules(fused).items():
        def record(_m, _inp, output, name=name):
            stats[name] = (output.mean(dim=(0, 2, 3)), output.var(dim=(0, 2, 3), unbiased=False))
        hooks.append(module.conv.register_forward_hook(record))
    with torch.no_grad():
        fused(batch)
    for h in hooks:
        h.remove()

    from ultralytics.nn.tasks import DetectionModel

    model = DetectionModel(yaml, nc=len(names), verbose=False)
    fused_state = fused.state_dict()
    state = model.state_dict()
    convs = _conv_modules(model)
    with torch.no_grad():
        for name, module in convs.items():
            weight, bias = fused_state[f"{name}.conv.weight"], fused_state[f"{name}.conv.bias"]
            mean, var = stats[name]  # of weight * x + bias, the folded convolution's output
            module.conv.weight.copy_(weight)
            module.bn.eps = BN_EPS
            module.bn.running_mean.copy_(mean - bias)  # the statistics of weight * x alone
            module.bn.running_var.copy_(var)
            module.bn.weight.copy_(torch.sqrt(var + BN_EPS))  # undo the normalising: weight * x + bias again
            module.bn.bias.copy_(mean)
        for key, value in state.items():  # the head's last layers and the DFL have no batch norm: as they are
            if key in fused_state and not any(key.startswith(f"{name}.") for name in convs):
                value.copy_(fused_state[key])
    model.names = names
    model.args = {"imgsz": imgsz}
    model.eval()
    with torch.no_grad():  # the rebuilt model must give what the ONNX gives
        want = fused(batch[:4])[0]
        gap = float((model(batch[:4])[0] - want).abs().max())
        scale = max(1.0, float(want.abs().max()))
    if gap > 1e-3 * scale:
        raise DetectorWeightsError(f"rebuilt weights do not reproduce {onnx_path.name} (largest gap {gap:.3g})")
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"model": model, "ema": None, "updates": None, "optimizer": None, "epoch": -1,
                "best_fitness": None, "train_args": {"imgsz": imgsz, "model": yaml},
                "date": None, "version": meta.get("version"), "source": str(onnx_path)}, str(out))
    return out
