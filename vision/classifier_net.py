"""The classifier network and its batch augmentation, in plain torch (training only; never imported by
``read``). A small VGG-style CNN: no pretrained weights exist here, so it is trained from scratch."""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn

# Geometry of the augmentation, as fractions of the crop.
SHIFT = 0.10        # box-centre error of a detector
ZOOM = (0.85, 1.2)  # box-size error
ASPECT = 0.12       # anisotropic photo scaling
PERSPECTIVE = 0.12  # camera tilt
TILT = 35.0         # degrees either way, in rotation mode "tilt" (a slanted row's tiles in their upright boxes)


def _block(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout),
                         nn.ReLU(inplace=True))


class TileNet(nn.Module):
    """Crops ``(n, 3, S, S)`` RGB 0..1 -> kind logits, one logits tensor per attribute head, embedding."""

    def __init__(self, n_classes: int, head_sizes: dict[str, int], width: int = 16, embed: int = 128):
        super().__init__()
        w = width
        self.backbone = nn.Sequential(
            nn.Conv2d(3, w, 3, 2, 1, bias=False), nn.BatchNorm2d(w), nn.ReLU(inplace=True),
            _block(w, 2 * w), nn.MaxPool2d(2),
            _block(2 * w, 4 * w), _block(4 * w, 4 * w), nn.MaxPool2d(2),
            _block(4 * w, 8 * w), _block(8 * w, 8 * w),
            nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.embed = nn.Sequential(nn.Dropout(0.1), nn.Linear(8 * w, embed), nn.BatchNorm1d(embed),
                                   nn.ReLU(inplace=True))
        self.kind = nn.Linear(embed, n_classes)
        self.heads = nn.ModuleDict({f"attr_{name}": nn.Linear(embed, n) for name, n in head_sizes.items()})
        self.config = dict(n_classes=n_classes, head_sizes=dict(head_sizes), width=width, embed=embed)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
        e = self.embed(self.backbone(x * 2.0 - 1.0))
        return (self.kind(e), *(h(e) for h in self.heads.values()), F.normalize(e, dim=1))


def _rotation_angles(n: int, mode: str, gen: torch.Generator) -> torch.Tensor:
    """Angles in radians: mostly small tilts, a quarter turned over (180 degrees), and for ``mode="any"``
    a quarter at any angle (tiles scattered on a table). ``mode="tilt"``: tilts up to ``TILT`` degrees
    either way and never turned over (a model that tells which way up a tile stands)."""
    u = torch.rand(n, generator=gen)
    if mode == "tilt":
        return (u - 0.5) * math.radians(2 * TILT)
    small = (torch.rand(n, generator=gen) - 0.5) * math.radians(24)
    flipped = small + math.pi * (u < 0.25)
    if mode == "any":
        anywhere = torch.rand(n, generator=gen) * 2 * math.pi
        return torch.where(u > 0.75, anywhere, flipped)
    return flipped


def augment(src: torch.Tensor, size: int, crop_half: float, gen: torch.Generator,
            rotation: str = "any", strength: float = 1.0) -> torch.Tensor:
    """Random views of source crops ``src (n, 3, H, W)`` float 0..1 (box with context) -> ``(n, 3, size,
    size)``: rotation (never a mirror), shift, zoom, aspect, perspective, then light, colour, blur, noise
    and resolution loss. ``crop_half`` is the half-extent of a run-time crop in source coordinates."""
    n = src.shape[0]
    rnd = lambda *shape: torch.rand(*shape, generator=gen)  # noqa: E731
    ang = _rotation_angles(n, rotation, gen) if strength > 0 else torch.zeros(n)
    # A tile turned in its box looks smaller: zoom out as the box of the turned square grows.
    fit = torch.cos(ang).abs() + torch.sin(ang).abs()
    zoom = (ZOOM[0] + (ZOOM[1] - ZOOM[0]) * rnd(n)) ** strength
    asp = 1 + (rnd(n) - 0.5) * 2 * ASPECT * strength
    sx, sy = crop_half * zoom * asp * fit, crop_half * zoom / asp * fit
    cos, sin = torch.cos(ang), torch.sin(ang)
    a = torch.stack([torch.stack([cos * sx, -sin * sy], 1), torch.stack([sin * sx, cos * sy], 1)], 1)
    t = (rnd(n, 2) - 0.5) * 2 * SHIFT * 2 * crop_half * strength
    p = (rnd(n, 2) - 0.5) * 2 * PERSPECTIVE * strength
    lin = torch.linspace(-1, 1, size)
    gy, gx = torch.meshgrid(lin, lin, indexing="ij")
    base = torch.stack([gx, gy], -1).reshape(1, -1, 2)                      # (1, P, 2)
    warped = torch.einsum("nij,npj->npi", a, base.expand(n, -1, -1)) + t[:, None]
    denom = 1 + (base * p[:, None]).sum(-1, keepdim=True)
    grid = (warped / denom).reshape(n, size, size, 2)
    out = F.grid_sample(src, grid, mode="bilinear", padding_mode="border", align_corners=False)
    return photometric(out, gen, strength) if strength > 0 else out


def photometric(x: torch.Tensor, gen: torch.Generator, strength: float = 1.0) -> torch.Tensor:
    """Light, white balance, saturation, blur, resolution loss and sensor noise on a batch in 0..1."""
    n, size = x.shape[0], x.shape[-1]
    rnd = lambda *shape: torch.rand(*shape, generator=gen)  # noqa: E731
    gain = 1 + (rnd(n, 3, 1, 1) - 0.5) * 0.25 * strength                  # white balance
    bright = 1 + (rnd(n, 1, 1, 1) - 0.5) * 0.6 * strength
    x = x * gain * bright
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    x = (x - mean) * (1 + (rnd(n, 1, 1, 1) - 0.5) * 0.6 * strength) + mean  # contrast
    grey = x.mean(dim=1, keepdim=True)
    x = (x - grey) * (1 + (rnd(n, 1, 1, 1) - 0.5) * 0.8 * strength) + grey  # saturation
    blur = rnd(n) < 0.3 * strength
    if blur.any():
        k = torch.tensor([1.0, 2.0, 1.0])
        k = (k[:, None] * k[None, :] / 16).expand(3, 1, 3, 3)
        x[blur] = F.conv2d(F.pad(x[blur], (1, 1, 1, 1), mode="replicate"), k, groups=3)
    low = rnd(n) < 0.3 * strength
    if low.any():
        small = max(8, int(size * (0.45 + 0.4 * float(rnd(1)))))
        x[low] = F.interpolate(F.interpolate(x[low], size=small, mode="bilinear", antialias=True),
                               size=size, mode="bilinear")
    x = x + torch.randn(x.shape, generator=gen) * rnd(n, 1, 1, 1) * 0.05 * strength
    return x.clamp(0, 1)
