"""Camera and light effects applied to a finished render: uneven light, colour cast, glare, blur,
noise and JPEG artefacts. None of them moves a pixel far, so label boxes stay exact.

Work is done in float32 with OpenCV calls (several times faster than numpy on whole images)."""
from __future__ import annotations

import cv2
import numpy as np


def uneven_light(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Multiply by a smooth light field (a gradient and soft blotches) with a colour cast."""
    h, w = img.shape[:2]
    small = 8
    yy, xx = np.mgrid[0:small, 0:small].astype(np.float32) / (small - 1)
    gx, gy = rng.uniform(-0.3, 0.3, 2)
    field = 1 + gx * (xx - 0.5) + gy * (yy - 0.5) + 0.06 * rng.standard_normal((small, small)).astype(np.float32)
    gain = (rng.uniform(0.7, 1.15) * rng.uniform(0.92, 1.08, 3)).astype(np.float32)  # exposure, white balance
    field3 = cv2.resize((field[..., None] * gain[None, None, :]).astype(np.float32), (w, h),
                        interpolation=cv2.INTER_LINEAR)
    return cv2.multiply(img, field3)


def glare(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A soft specular blob, as from a ceiling light on glossy tiles (drawn small, blurred, upscaled)."""
    h, w = img.shape[:2]
    s = 4
    spot = np.zeros((h // s, w // s), np.float32)
    c = (int(rng.uniform(0, w / s)), int(rng.uniform(0, h / s)))
    axes = (int(rng.uniform(0.05, 0.3) * w / s) + 1, int(rng.uniform(0.03, 0.15) * h / s) + 1)
    cv2.ellipse(spot, c, axes, float(rng.uniform(0, 180)), 0, 360, float(rng.uniform(40, 130)), -1)
    k = int(max(axes) * 0.8) | 1
    spot = cv2.resize(cv2.GaussianBlur(spot, (k, k), 0), (w, h), interpolation=cv2.INTER_LINEAR)
    return cv2.add(img, cv2.merge([spot, spot, spot]))


def blur(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Defocus (Gaussian) or a short motion streak."""
    if rng.random() < 0.75:
        return cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.4))
    n = int(rng.integers(3, 8))
    kernel = np.zeros((n, n), np.float32)
    kernel[n // 2, :] = 1.0
    M = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), float(rng.uniform(0, 180)), 1.0)
    kernel = cv2.warpAffine(kernel, M, (n, n))
    return cv2.filter2D(img, -1, kernel / max(float(kernel.sum()), 1e-6))


def sharpen(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Unsharp masking, as phone cameras apply to every photo."""
    amount = float(rng.uniform(0.3, 1.2))
    soft = cv2.GaussianBlur(img, (0, 0), float(rng.uniform(0.8, 1.6)))
    return cv2.addWeighted(img, 1 + amount, soft, -amount, 0)


def noise(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Sensor noise (Gaussian, same on the three channels, plus a little colour noise)."""
    h, w = img.shape[:2]
    sigma = float(rng.uniform(1, 7))
    cv2.setRNGSeed(int(rng.integers(2**31)))  # OpenCV's generator is 5x faster than numpy's here
    luma = np.empty((h, w), np.float32)
    cv2.randn(luma, 0.0, sigma)
    return cv2.add(img, cv2.merge([luma, luma, luma]))


def jpeg(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A JPEG round trip at a random quality."""
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 96))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else img


def photo_effects(img: np.ndarray, rng: np.random.Generator, strength: float = 1.0) -> np.ndarray:
    """All effects, each with its own chance; ``strength`` 0 leaves the image clean."""
    out = img.astype(np.float32)
    if rng.random() < 0.9 * strength:
        out = uneven_light(out, rng)
    if rng.random() < 0.15 * strength:
        out = glare(out, rng)
    if rng.random() < 0.3 * strength:
        out = blur(out, rng)
    elif rng.random() < 0.6 * strength:
        out = sharpen(out, rng)
    if rng.random() < 0.6 * strength:
        out = noise(out, rng)
    out8 = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.6 * strength:
        out8 = jpeg(out8, rng)
    return out8
