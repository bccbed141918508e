"""Stand-ins for onnxruntime sessions shared by the vision tests."""
import numpy as np


class _Output:
    def __init__(self, name):
        self.name = name


class BrightnessSession:
    """A stand-in onnxruntime session: kind logits (4 x brightness - 2, 0) for two kinds, and an embedding."""

    def get_outputs(self):
        return [_Output("kind"), _Output("embedding")]

    def run(self, _names, feed):
        bright = feed["crops"].mean((1, 2, 3))
        return [np.stack([4 * bright - 2, np.zeros_like(bright)], 1), np.stack([bright, bright], 1)]
