"""The scene renderer: table, shadows, tile boxes in perspective (painter's algorithm), an id mask that
says which tile every pixel shows, and from it the exact visible box of each tile."""
from __future__ import annotations

import math

import cv2
import numpy as np

from vision.synth.background import TEX, backdrop, surface
from vision.synth.geometry import Box, Camera, clip_near, look_at
from vision.synth.layouts import Item
from vision.synth.scene import Layout
from vision.synth.textures import TileLook

PROP_ID = 255  # mask value of props and occluders (tiles are 1..254)
# The id mask has two channels: 0 says which tile (or prop) each pixel shows, 1 which tile's big face
# (its picture, or its back when it lies face down) and is 0 on sides and props.
NEAR_MM = 10.0  # the camera's near plane: geometry closer than this is clipped away
MIN_VISIBLE = 0.25  # a tile less visible than this is not labelled (too little of it shows), unless at least
# half of the big face it turns to the camera shows (scene.MIN_READABLE; compose._label)
SAMPLE_STEP = 1.0  # texels between samples: bilinear weights of samples a texel apart sum to one everywhere
MAX_SUPERSAMPLE = 8  # samples per pixel side at most (a face seen edge-on would ask for more)


def choose_camera(layout: Layout, lo: np.ndarray, hi: np.ndarray, imgsz: int, rng: np.random.Generator,
                  close_up: bool, far_ok: bool = True, span: tuple[float, float] | None = None) -> Camera:
    """A phone-like camera that frames the hand: elevation and roll by layout, scale from far to close
    (``far_ok`` False keeps the hand large; ``span``, the range of the frame's fraction the hand spans,
    overrides both: a hand photographed from a distance)."""
    if layout in (Layout.RACK, Layout.MELDS):
        elev, roll = rng.uniform(12, 60), rng.normal(0, 5)
    elif layout is Layout.SCATTERED:
        elev = rng.uniform(45, 88)
        roll = rng.uniform(-180, 180) if rng.random() < 0.5 else rng.normal(0, 12)
    else:
        elev, roll = (rng.uniform(50, 88) if rng.random() < 0.7 else rng.uniform(25, 50)), rng.normal(0, 8)
    if rng.random() < 0.15:
        roll += rng.uniform(-40, 40)
    azim = rng.normal(0, 12)
    fov = math.radians(rng.uniform(45, 72))
    target = (lo + hi) / 2
    extent = float(np.linalg.norm(hi - lo))
    dist = extent / (2 * math.tan(fov / 2)) * rng.uniform(1.1, 1.8)
    R, pos = look_at(target, math.radians(elev), math.radians(azim), dist, math.radians(roll))
    f = imgsz / 2 / math.tan(fov / 2)
    cam = Camera(R, pos, f, f, imgsz / 2, imgsz / 2)
    # Rescale the intrinsics so the hand spans the chosen fraction of the frame (a zoom, not a move).
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
    pts = cam.project(corners)
    span_x, span_y = np.ptp(pts[:, 0]) / imgsz, np.ptp(pts[:, 1]) / imgsz
    if span is not None:
        want = rng.uniform(*span)
    elif close_up:
        want = rng.uniform(1.0, 1.5)
    elif far_ok:
        want = rng.uniform(0.3, 0.65) if rng.random() < 0.1 else rng.uniform(0.65, 1.0)
    else:  # a photo of one hand: the hand fills most of the frame
        want = rng.uniform(0.75, 0.95)
    stretch = rng.uniform(0.8, 1.25) if rng.random() < 0.3 else 1.0  # like the real set's stretched photos
    k = want / max(span_x * stretch, span_y, 1e-6)
    fx, fy = f * k * stretch, f * k
    centre = (pts.min(axis=0) + pts.max(axis=0)) / 2 - imgsz / 2
    # keep 2% of the frame clear at each edge unless the hand is meant to overflow it
    slack_x = max(0.0, (0.96 - span_x * k * stretch) / 2) * imgsz
    slack_y = max(0.0, (0.96 - span_y * k) / 2) * imgsz
    cx = imgsz / 2 - centre[0] * k * stretch + rng.uniform(-slack_x, slack_x)
    cy = imgsz / 2 - centre[1] * k + rng.uniform(-slack_y, slack_y)
    return cam.with_intrinsics(fx, fy, cx, cy)


def mip_level(tex: np.ndarray, H: np.ndarray, at: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """The texture halved (``cv2.pyrDown``) until the homography ``H`` (texture -> image) shrinks it less
    than twice at image point ``at``, and ``H`` for it: a fine weave seen from afar blurs as in a photo
    instead of turning into moire (mipmapping; the table's far side still shrinks more than this)."""
    x, y = at
    Hi = np.linalg.inv(H)  # image -> texture
    p = Hi @ (x, y, 1.0)
    # the Jacobian of the image -> texture map at (x, y): texels per pixel along each image axis
    J = (Hi[:2, :2] * p[2] - np.outer(p[:2], Hi[2, :2])) / p[2] ** 2
    shrink = float(np.linalg.svd(J, compute_uv=False)[0])
    while shrink >= 2 and min(tex.shape[:2]) >= 16:
        tex, shrink = cv2.pyrDown(tex), shrink / 2
        H = H @ np.diag([2.0, 2.0, 1.0])  # a texel of the halved texture is two of the one before
    return tex, H


def draw_table(cam: Camera, imgsz: int, rng: np.random.Generator) -> np.ndarray:
    """The table surface in perspective (a tiled texture), with a backdrop above the horizon."""
    tex, _ = surface(rng)
    mm_per_px = rng.uniform(0.25, 1.0)
    off = rng.uniform(0, TEX, 2)
    to_tex = np.array([[1 / mm_per_px, 0, off[0]], [0, 1 / mm_per_px, off[1]], [0, 0, 1]])
    H = cam.table_homography() @ np.linalg.inv(to_tex)
    tex, H = mip_level(tex, H, (imgsz / 2, imgsz / 2))
    # Mirrored repeats leave no seams where the texture tiles.
    img = cv2.warpPerspective(tex, H, (imgsz, imgsz), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT_101)
    # pixels whose ray does not go down to the table see the room behind it
    K_inv = np.linalg.inv(np.array([[cam.fx, 0, cam.cx], [0, cam.fy, cam.cy], [0, 0, 1]]))
    a, b, c = (cam.R.T @ K_inv)[2]
    corner_vals = [a * x + b * y + c for x in (0, imgsz) for y in (0, imgsz)]
    if max(corner_vals) >= -0.02:
        xs = np.arange(imgsz, dtype=np.float32)
        up = (a * xs[None, :] + b * xs[:, None] + c) >= -0.02
        img[up] = backdrop(rng, (imgsz, imgsz))[up]
    return img


def light_direction(rng: np.random.Generator) -> np.ndarray:
    """Unit direction the light travels (downwards), from a random side."""
    elev, az = math.radians(rng.uniform(35, 80)), rng.uniform(0, 2 * math.pi)
    return -np.array([math.cos(elev) * math.cos(az), math.cos(elev) * math.sin(az), math.sin(elev)])


def draw_shadows(img: np.ndarray, items: list[Item], cam: Camera, light: np.ndarray, rng: np.random.Generator,
                 tile_px: float) -> None:
    """Soft cast shadows of every box on the table (in place). The mask is drawn at a quarter of the
    resolution: it is blurred anyway."""
    s = 4
    h, w = img.shape[:2]
    mask = np.zeros((h // s, w // s), np.float32)
    for it in items:
        pts = it.box.corners()
        ground = pts - light[None, :] * (pts[:, 2:3] / light[2])
        if min(cam.depth(pts).min(), cam.depth(ground).min()) < NEAR_MM:
            continue  # a box reaching behind the camera (a long table edge): its shadow is out of sight
        hull = cv2.convexHull((cam.project(np.concatenate([ground, pts[pts[:, 2] < 1]])) / s).astype(np.float32))
        cv2.fillConvexPoly(mask, np.round(hull * 16).astype(np.int32), 1.0, cv2.LINE_AA, shift=4)
    k = int(max(3, tile_px / s * rng.uniform(0.05, 0.3))) | 1
    strength = rng.uniform(0.25, 0.6)
    shade = 1 - strength * cv2.resize(cv2.GaussianBlur(mask, (k, k), 0), (w, h), interpolation=cv2.INTER_LINEAR)
    img[:] = cv2.multiply(img, cv2.merge([shade, shade, shade]), dtype=cv2.CV_8U)


def _shade(normal: np.ndarray, light: np.ndarray, ambient: float) -> float:
    return ambient + (1 - ambient) * max(0.0, float(-normal @ light))


def supersampling(tex_wh: tuple[int, int], quad_px: np.ndarray) -> int:
    """How many samples per pixel side a texture drawn on ``quad_px`` (TL, TR, BR, BL) needs: enough that
    samples lie no more than a texel apart where the quad shrinks it most, so that every texel counts
    evenly. (Bilinear sampling alone reads 2 x 2 texels a pixel: at 4x minification a stroke 2 texels thin
    vanishes or turns black by where it falls, which no camera does; a sensor pixel gathers all the light
    that falls on it.)"""
    tw, th = tex_wh
    q = np.asarray(quad_px, np.float64)
    across = min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[3]))
    down = min(np.linalg.norm(q[3] - q[0]), np.linalg.norm(q[2] - q[1]))
    shrink = max(tw / max(across, 1e-6), th / max(down, 1e-6))
    return int(np.clip(np.ceil(shrink / SAMPLE_STEP), 1, MAX_SUPERSAMPLE))


def warp_minified(tex: np.ndarray, quad_px: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``tex`` warped onto ``quad_px`` in an image of ``size`` (w, h), each pixel the mean of the texture
    over its area: drawn ``supersampling`` times larger, then area-averaged down (transparent outside)."""
    th, tw = tex.shape[:2]
    k = supersampling((tw, th), quad_px)
    w, h = size
    src = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float32)
    # pixel i of the image is the mean of pixels k*i .. k*i + k-1 of the large one, whose centres average k*i + (k-1)/2
    M = cv2.getPerspectiveTransform(src, (np.asarray(quad_px, np.float64) * k + (k - 1) / 2).astype(np.float32))
    warped = cv2.warpPerspective(tex, M, (w * k, h * k), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    return warped if k == 1 else cv2.resize(warped, (w, h), interpolation=cv2.INTER_AREA)


def _paste_texture(img: np.ndarray, mask: np.ndarray, tex: np.ndarray, quad_px: np.ndarray, shade: float,
                   mask_id: int, gloss: tuple[float, float] = (0.0, 0.0)) -> None:
    """Warp a BGRA texture onto a pixel quad (TL, TR, BR, BL), only inside the quad's bounding box.
    ``gloss`` tilts the brightness across the face (a glossy surface catching light unevenly)."""
    H_img, W_img = img.shape[:2]
    x0, y0 = np.floor(quad_px.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad_px.max(axis=0)).astype(int) + 1
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, W_img), min(y1, H_img)
    if cx1 <= cx0 or cy1 <= cy0:
        return
    warped = warp_minified(tex, quad_px - [cx0, cy0], (cx1 - cx0, cy1 - cy0))
    alpha = warped[:, :, 3:4].astype(np.float32) / 255.0
    h, w = alpha.shape[:2]
    ramp = (shade * (1 + gloss[0] * np.linspace(-0.5, 0.5, w, dtype=np.float32)[None, :]
                     + gloss[1] * np.linspace(-0.5, 0.5, h, dtype=np.float32)[:, None]))[..., None]
    roi = img[cy0:cy1, cx0:cx1]
    roi[:] = (roi * (1 - alpha) + warped[:, :, :3].astype(np.float32) * ramp * alpha).clip(0, 255).astype(np.uint8)
    mroi = mask[cy0:cy1, cx0:cx1]
    mroi[alpha[:, :, 0] > 0.5] = (mask_id, mask_id)  # a big face: tile id and face id


def _fill(img: np.ndarray, mask: np.ndarray, quad_px: np.ndarray, colour: np.ndarray, mask_id: int) -> None:
    """Paint a side or prop polygon: it belongs to ``mask_id`` and hides any face behind it."""
    if len(quad_px) < 3:
        return
    pts = np.round(np.clip(quad_px, -1e5, 1e5) * 16).astype(np.int32)  # 4 bits of sub-pixel precision
    cv2.fillConvexPoly(img, pts, tuple(float(c) for c in colour), cv2.LINE_AA, shift=4)
    cv2.fillConvexPoly(mask, pts, (mask_id, 0), cv2.LINE_8, shift=4)


def _box_grid(split: float) -> tuple[np.ndarray, dict[tuple[int, int, float], int]]:
    """Box coordinates of the corners of the three layers n = +1, ``split``, -1, and their index."""
    abc = [(a, b, c) for c in (1.0, split, -1.0) for b in (1, -1) for a in (-1, 1)]
    return np.array(abc, np.float64), {k: i for i, k in enumerate(abc)}


def _face_quads(sign_axis: tuple[int, int], split: float) -> list[tuple[tuple[int, int, float], ...]]:
    """Box-coordinate quads to paint for one face: the picture face, or a side's layers (face layer first)."""
    axis, s = sign_axis
    if axis == 2:
        if s > 0:
            return [((-1, 1, 1.0), (1, 1, 1.0), (1, -1, 1.0), (-1, -1, 1.0))]
        return [((1, 1, -1.0), (-1, 1, -1.0), (-1, -1, -1.0), (1, -1, -1.0))]
    layers = [(1.0, split), (split, -1.0)]
    if axis == 0:
        return [((s, 1, hi), (s, 1, lo), (s, -1, lo), (s, -1, hi)) for hi, lo in layers]
    return [((-1, s, hi), (1, s, hi), (1, s, lo), (-1, s, lo)) for hi, lo in layers]


def draw_box(img: np.ndarray, mask: np.ndarray, item: Item, look: TileLook | None, cam: Camera, light: np.ndarray,
             ambient: float, mask_id: int, prop_colour: np.ndarray, gloss: tuple[float, float] = (0.0, 0.0)) -> None:
    """Paint the faces of one box that look towards the camera. All corners are projected at once; a
    tile's sides are painted in two layers (face colour and back colour), a prop's in one colour."""
    box: Box = item.box
    split = 1 - 2 * look.front_fraction if look is not None else 0.0
    abc, index = _box_grid(split)
    world = box.points(abc)
    depth = cam.depth(world)
    px = cam.project(world)
    whole = bool(depth.min() >= NEAR_MM)
    axes = (box.u, box.v, box.n)
    for axis in (0, 1, 2):
        for sign in (1, -1):
            normal = axes[axis] * sign
            centre = box.centre + normal * box.half[axis]
            if float(normal @ (cam.pos - centre)) <= 0:
                continue
            shade = _shade(normal, light, ambient)
            corner_ids = [[index[k] for k in q] for q in _face_quads((axis, sign), split)]
            if whole:
                quads = [px[c] for c in corner_ids]
            elif look is None or axis != 2:  # part of the box is behind the camera: clip, then project
                quads = [cam.project(p) if len(p) else p
                         for p in (clip_near(world[c], depth[c], NEAR_MM) for c in corner_ids)]
            else:
                continue  # a picture face reaching behind the camera is not drawn
            if look is None:  # a prop: plain coloured faces
                for q in quads:
                    _fill(img, mask, q, prop_colour * shade, mask_id)
            elif axis == 2:
                tex = look.front(item.tile_id) if sign > 0 else look.back()
                _paste_texture(img, mask, tex, quads[0], shade, mask_id, gloss)
            else:
                _fill(img, mask, quads[0], look.body_bgr * shade, mask_id)
                _fill(img, mask, quads[1], look.back_bgr * shade, mask_id)


SEPARATION_MM = 0.05  # boxes this close along an axis still count as apart (tiles in a row touch)


def _behind(a: np.ndarray, b: np.ndarray, axes: list[np.ndarray], eye: np.ndarray) -> int | None:
    """Which of two boxes (their corners, 8x3) hides part of the other from ``eye``: -1 when ``a`` lies
    behind ``b`` (paint ``a`` first), 1 when ``b`` lies behind ``a``, None when no axis of ``axes`` holds a
    plane between them with the eye on one side (they interpenetrate, or the eye stands between them)."""
    for axis in axes:
        pa, pb, e = a @ axis, b @ axis, float(eye @ axis)
        if pa.max() <= pb.min() + SEPARATION_MM:  # a below the plane, b above
            if e >= pb.min():
                return -1
            if e <= pa.max():
                return 1
        elif pb.max() <= pa.min() + SEPARATION_MM:
            if e >= pa.min():
                return 1
            if e <= pb.max():
                return -1
    return None


def _axes(box: Box, other: Box) -> list[np.ndarray]:
    """The candidate separating axes of two boxes: their face normals, then their edges' cross products."""
    faces = [box.u, box.v, box.n, other.u, other.v, other.n]
    crossed = [np.cross(p, q) for p in (box.u, box.v, box.n) for q in (other.u, other.v, other.n)]
    return faces + [c / n for c in crossed if (n := float(np.linalg.norm(c))) > 1e-6]


def paint_order(items: list[Item], cam: Camera) -> list[int]:
    """The order to paint ``items`` in so that every box is painted after the boxes it hides part of:
    layer by layer (a tray's floor first, then the rest), and within a layer, of two boxes whose pictures
    overlap, the one a plane between them puts on the camera's side last. Boxes on a table do not
    interpenetrate, so such a plane exists; ordering by the depth of each box's centre (as before) put
    the side of a tile seen from one end of a row over its neighbour's face, and a rack's bar (its centre
    low and near the middle) under the feet of the tiles behind it: 1-3% of the tile pixels and 30% of
    rack hands wrong. Where no plane is found (boxes a layout's jitter pushed a little into each other,
    a cycle) the distance from the camera to each box's centre decides (the depth along the camera's
    axis was wrong for boxes side by side seen from one end)."""
    import heapq

    depth = [float(np.linalg.norm(it.box.centre - cam.pos)) for it in items]
    corners = [it.box.corners() for it in items]
    spans = []
    for c in corners:
        if cam.depth(c).min() < NEAR_MM:  # reaching behind the camera: its picture may be anywhere
            spans.append((-np.inf, -np.inf, np.inf, np.inf))
        else:
            p = cam.project(c)
            spans.append((*p.min(axis=0), *p.max(axis=0)))
    order: list[int] = []
    for layer in sorted({it.layer for it in items}):
        base = sorted((k for k, it in enumerate(items) if it.layer == layer), key=lambda k: -depth[k])
        rank = {k: r for r, k in enumerate(base)}
        after: dict[int, list[int]] = {k: [] for k in base}  # k -> boxes to paint after k
        waiting = dict.fromkeys(base, 0)
        for i, a in enumerate(base):
            for b in base[i + 1:]:
                sa, sb = spans[a], spans[b]
                if sa[2] <= sb[0] or sb[2] <= sa[0] or sa[3] <= sb[1] or sb[3] <= sa[1]:
                    continue  # their pictures do not overlap: either order
                side = _behind(corners[a], corners[b], _axes(items[a].box, items[b].box), cam.pos)
                first, then = (b, a) if side == 1 else (a, b)  # None: the centre depth's order (a first)
                after[first].append(then)
                waiting[then] += 1
        ready = [(rank[k], k) for k in base if waiting[k] == 0]
        heapq.heapify(ready)
        done: set[int] = set()
        while len(done) < len(base):
            if not ready:  # a cycle: break it at the box the centre depth paints first
                k = min((k for k in base if k not in done), key=rank.__getitem__)
                ready = [(rank[k], k)]
            _, k = heapq.heappop(ready)
            if k in done:
                continue
            done.add(k)
            order.append(k)
            for m in after[k]:
                waiting[m] -= 1
                if waiting[m] == 0 and m not in done:
                    heapq.heappush(ready, (rank[m], m))
    return order


def draw_items(img: np.ndarray, mask: np.ndarray, items: list[Item], ids: list[int], look: TileLook, cam: Camera,
               light: np.ndarray, rng: np.random.Generator) -> None:
    """Paint every box after the boxes it hides (``paint_order``; painter's algorithm)."""
    ambient = rng.uniform(0.5, 0.75)
    prop_colour = rng.uniform(20, 200, 3)
    order = paint_order(items, cam)
    gx, gy = rng.uniform(-0.25, 0.25, 2)
    for k in order:
        it = items[k]
        colour = np.asarray(it.colour, np.float64) if it.colour is not None else prop_colour
        gloss = (float(gx + rng.normal(0, 0.05)), float(gy + rng.normal(0, 0.05)))
        draw_box(img, mask, it, look if it.tile_id is not None else None, cam, light, ambient, ids[k], colour, gloss)


def projected_area(box: Box, cam: Camera) -> float:
    """Area in pixels of the convex hull of a box's projection (what it would cover unoccluded)."""
    hull = cv2.convexHull(cam.project(box.corners()).astype(np.float32))
    return float(cv2.contourArea(hull))


def _mask_bbox(sel: np.ndarray, x0: int, y0: int) -> tuple[float, float, float, float] | None:
    if not sel.any():
        return None
    ys = np.flatnonzero(sel.any(axis=1))
    xs = np.flatnonzero(sel.any(axis=0))
    return float(x0 + xs[0]), float(y0 + ys[0]), float(x0 + xs[-1] + 1), float(y0 + ys[-1] + 1)


def visible_box(mask: np.ndarray, mask_id: int, box: Box, cam: Camera) -> tuple[
        tuple[float, float, float, float], float, tuple[float, float, float, float] | None, int] | None:
    """The tight box of a tile's visible pixels, the visible fraction, the tight box of its visible big
    face (None when none of it shows) and how many pixels of that face show; None if nothing of the tile
    shows."""
    h, w = mask.shape[:2]
    if cam.depth(box.corners()).min() < NEAR_MM:
        return None
    pts = cam.project(box.corners())
    x0, y0 = np.clip(np.floor(pts.min(axis=0)).astype(int) - 1, 0, [w, h])
    x1, y1 = np.clip(np.ceil(pts.max(axis=0)).astype(int) + 2, 0, [w, h])
    if x1 <= x0 or y1 <= y0:
        return None
    roi = mask[y0:y1, x0:x1]
    sel = roi[:, :, 0] == mask_id
    xyxy = _mask_bbox(sel, x0, y0)
    if xyxy is None:
        return None
    face = roi[:, :, 1] == mask_id
    return xyxy, int(sel.sum()) / max(projected_area(box, cam), 1.0), _mask_bbox(face, x0, y0), int(face.sum())
