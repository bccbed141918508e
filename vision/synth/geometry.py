"""3-D geometry of a scene: tile boxes on a table (millimetres, z up) and a pinhole camera.

World axes: x to the right, y away from the photographer, z up; the table is the plane z = 0.
A box has a centre and three unit axes: ``u`` (the face's right), ``v`` (the face's up) and
``n = u x v`` (out of the face), with half sizes along them.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# The six faces of a box as (axis, sign) and the corner order that makes each quad counter-clockwise
# from outside; the front face (+n) lists TL, TR, BR, BL of the upright face picture.
_SIGNS = np.array([[sx, sy, sz] for sz in (1, -1) for sy in (1, -1) for sx in (-1, 1)], np.float32)


@dataclass(frozen=True)
class Box:
    """An oriented box: a tile, a rack, a wall tile."""

    centre: np.ndarray  # (3,)
    u: np.ndarray
    v: np.ndarray
    n: np.ndarray
    half: tuple[float, float, float]  # half width (u), half height (v), half depth (n)

    def points(self, abc: np.ndarray) -> np.ndarray:
        """World points (n,3) at box coordinates ``abc`` (n,3), each in [-1, 1]."""
        axes = np.stack([self.u * self.half[0], self.v * self.half[1], self.n * self.half[2]])
        return self.centre[None, :] + np.asarray(abc, np.float64) @ axes

    def quad(self, axis: int, sign: int, lo: float = -1.0, hi: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
        """Corners (4x3) and outward normal of one face of the box. For a side face (axis u or v)
        ``lo``/``hi`` cut a slab along n, so a side can be painted in two layers (face and back colour)."""
        axes = (self.u, self.v, self.n)
        normal = axes[axis] * sign
        if axis == 2:  # front (+n): TL, TR, BR, BL of the picture; back (-n): mirrored
            pts = [(-1, 1), (1, 1), (1, -1), (-1, -1)] if sign > 0 else [(1, 1), (-1, 1), (-1, -1), (1, -1)]
            abc = [(a, b, sign) for a, b in pts]
        elif axis == 0:
            abc = [(sign, b, c) for b, c in ((1, hi), (1, lo), (-1, lo), (-1, hi))]
        else:
            abc = [(a, sign, c) for a, c in ((-1, hi), (1, hi), (1, lo), (-1, lo))]
        return self.points(np.array(abc, np.float64)), normal

    def corners(self) -> np.ndarray:
        """All eight corners (8x3)."""
        return self.points(_SIGNS)


def rot_z(theta: float) -> np.ndarray:
    """Rotation matrix about the world z axis (radians)."""
    c, s = np.cos(theta), np.sin(theta)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], np.float64)


def rot_x(theta: float) -> np.ndarray:
    """Rotation matrix about the world x axis (radians)."""
    c, s = np.cos(theta), np.sin(theta)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]], np.float64)


def standing(x: float, y: float, size: tuple[float, float, float], yaw: float = 0.0, lean: float = 0.0,
             facing_camera: bool = True, upside_down: bool = False) -> Box:
    """A tile standing on the table, its face towards -y (the camera) or away, leaning back by ``lean``
    (``upside_down``: the picture stands on its head)."""
    w, h, d = size
    rot = rot_z(yaw) @ rot_x(lean if facing_camera else -lean)
    u, v, n = np.array([1.0, 0, 0]), np.array([0, 0, 1.0]), np.array([0, -1.0, 0])
    if not facing_camera:
        u, n = -u, -n
    u, v, n = rot @ u, rot @ v, rot @ n
    centre = np.array([x, y, 0.0]) + v * (h / 2)
    if upside_down:  # turning the picture half round keeps n = u x v
        u, v = -u, -v
    return Box(centre, u, v, n, (w / 2, h / 2, d / 2))


def lying(x: float, y: float, size: tuple[float, float, float], yaw: float = 0.0, face_up: bool = True,
          z0: float = 0.0) -> Box:
    """A tile lying on the table (or on another at height ``z0``), face up or down, turned by ``yaw``
    (yaw = pi is upside down as seen from the photographer)."""
    w, h, d = size
    rot = rot_z(yaw)
    u, v = rot @ np.array([1.0, 0, 0]), rot @ np.array([0, 1.0, 0])
    if not face_up:
        v = -v
    n = np.cross(u, v)
    return Box(np.array([x, y, z0 + d / 2]), u, v, n, (w / 2, h / 2, d / 2))


def slab(x: float, y: float, size: tuple[float, float, float], yaw: float = 0.0) -> Box:
    """A plain box on the table (a rack bar): ``size`` = (length along x, depth along y, height)."""
    lx, ly, lz = size
    rot = rot_z(yaw)
    u, v = rot @ np.array([1.0, 0, 0]), rot @ np.array([0, 1.0, 0])
    return Box(np.array([x, y, lz / 2]), u, v, np.cross(u, v), (lx / 2, ly / 2, lz / 2))


@dataclass(frozen=True)
class Camera:
    """A pinhole camera: world -> camera rotation ``R`` (rows: right, down, forward), position, and
    intrinsics (fx, fy, cx, cy)."""

    R: np.ndarray
    pos: np.ndarray
    fx: float
    fy: float
    cx: float
    cy: float

    def to_cam(self, pts: np.ndarray) -> np.ndarray:
        """World points (n,3) -> camera coordinates (n,3); z is the depth."""
        return (np.asarray(pts, np.float64) - self.pos) @ self.R.T

    def project(self, pts: np.ndarray) -> np.ndarray:
        """World points (n,3) -> pixel coordinates (n,2). Points must be in front of the camera."""
        c = self.to_cam(pts)
        z = np.maximum(c[:, 2], 1e-6)
        return np.stack([self.fx * c[:, 0] / z + self.cx, self.fy * c[:, 1] / z + self.cy], axis=1)

    def depth(self, pts: np.ndarray) -> np.ndarray:
        """Depth (distance along the optical axis) of world points (n,3)."""
        return self.to_cam(pts)[:, 2]

    def with_intrinsics(self, fx: float, fy: float, cx: float, cy: float) -> Camera:
        """The same pose with other intrinsics."""
        return Camera(self.R, self.pos, fx, fy, cx, cy)

    def table_homography(self) -> np.ndarray:
        """The 3x3 homography from table-plane coordinates (x, y, 1) in mm to pixels."""
        K = np.array([[self.fx, 0, self.cx], [0, self.fy, self.cy], [0, 0, 1]], np.float64)
        t = -self.R @ self.pos
        return K @ np.column_stack([self.R[:, 0], self.R[:, 1], t])


def look_at(target: np.ndarray, elevation: float, azimuth: float, distance: float,
            roll: float) -> tuple[np.ndarray, np.ndarray]:
    """Camera rotation and position looking at ``target`` from ``elevation`` (radians above the table),
    ``azimuth`` (0 = from the -y side, the photographer's seat) and ``distance``, turned by ``roll``."""
    direction = np.array([np.sin(azimuth) * np.cos(elevation), -np.cos(azimuth) * np.cos(elevation),
                          np.sin(elevation)])
    pos = target + direction * distance
    fwd = -direction
    right = np.cross(fwd, np.array([0, 0, 1.0]))
    if np.linalg.norm(right) < 1e-6:  # straight down: "up" in the image is +y on the table
        right = np.array([np.cos(azimuth), np.sin(azimuth), 0.0])
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    c, s = np.cos(roll), np.sin(roll)
    right, down = c * right + s * down, -s * right + c * down
    return np.stack([right, down, fwd]), pos


def clip_near(poly: np.ndarray, depth: np.ndarray, near: float) -> np.ndarray:
    """The part of a convex 3-D polygon (k,3) with ``depth`` (k,) at least ``near`` (Sutherland-Hodgman
    against one plane): what a camera can project. May return fewer than three points."""
    out = []
    k = len(poly)
    for i in range(k):
        p, q = poly[i], poly[(i + 1) % k]
        dp, dq = depth[i], depth[(i + 1) % k]
        if dp >= near:
            out.append(p)
        if (dp >= near) != (dq >= near):
            t = (near - dp) / (dq - dp)
            out.append(p + (q - p) * t)
    return np.array(out, np.float64).reshape(-1, 3)
