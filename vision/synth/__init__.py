"""Synthetic photos of hands: tile faces composed into table scenes with exact labels.

>>> scene = render_hand("tokyo-mahjong", ["1m", "2m", "3m"], seed=1, layout="flat", imgsz=256)
>>> scene.image.shape, sorted(t.tile_id for t in scene.tiles)
((256, 256, 3), ['1m', '2m', '3m'])
"""
from vision.synth.api import make_dataset, render_hand
from vision.synth.scene import BoxKind, Layout, Scene, SceneTile

__all__ = ["BoxKind", "Layout", "Scene", "SceneTile", "make_dataset", "render_hand"]
