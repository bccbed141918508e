"""Every onnxruntime session of the project is opened here: threads set explicitly, spinning off.

A read runs four models one after another (detector, box check, classifier, orientation), each its own
session with its own pool of threads. onnxruntime's pool threads spin for a while after each run by
default, so they took the cores from the next model's run: the warm read of a 25-tile photo took
188-212 ms p50 with spinning and 80-106 ms without it (`benchmarks/bench_read.py`; models/JOURNAL.md, "Reads twice
as fast").
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

# onnxruntime's words for a file that is no model it can parse (damaged, cut short, empty, or not ONNX at all):
# said as that, in a sentence, not as "[ONNXRuntimeError] : 7 : INVALID_PROTOBUF : ...".
NOT_A_MODEL = re.compile(r"INVALID_PROTOBUF|Protobuf parsing failed|No graph was found|does not have a graph")


def session_options(intra_threads: int = 2):
    """onnxruntime options with the thread counts set explicitly (the machine has 2 cores to share) and
    the intra-op pool's spinning off."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = intra_threads
    opts.inter_op_num_threads = 1
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.log_severity_level = 3
    return opts


def open_session(path: str | Path, intra_threads: int, unloadable: Callable[[str], Exception]):
    """A CPU session of the ONNX model at ``path`` on ``intra_threads`` threads. A file onnxruntime
    cannot load raises ``unloadable(reason)`` (onnxruntime raises its own untyped errors), the caller's
    error that names the file for the user; one that is no model onnxruntime can parse is said so in one line,
    in both languages (its ``message_ja``), as the caller's error all the same."""
    import onnxruntime as ort

    try:
        return ort.InferenceSession(str(path), session_options(intra_threads),
                                    providers=["CPUExecutionProvider"])
    except Exception as exc:  # noqa: BLE001 - any onnxruntime failure is a bad model file here
        error = unloadable(str(exc))
        if NOT_A_MODEL.search(str(exc)):
            error.args = (f"{path} is not a model file onnxruntime can read (damaged or not ONNX)",)
            error.message_ja = f"{path} は onnxruntime が読めるモデルファイルではありません (壊れているか ONNX ではありません)"
        raise error from None
