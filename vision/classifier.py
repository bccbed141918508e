"""The tile classifier at run time: square crops around detected boxes, one onnxruntime pass, decoding.

A classifier is two files: ``<stem>.onnx`` (input ``crops`` float32 ``(n, 3, S, S)`` RGB in 0..1; outputs
``kind`` logits, one ``attr_<name>`` logits output per attribute head, and ``embedding``) and
``<stem>.json`` (:class:`ClassifierSpec`: class ids, each class's attributes, the heads' values, crop size
and margin). Nothing here imports torch.
"""
from __future__ import annotations

import json
import os
from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

from scorer.result import TilelensInputError

SPEC_VERSION = 1
# Weight of the attribute heads in decoding. The heads are not independent evidence (both read the same
# crop): at full weight the product claims more certainty than either head has, and on the Hong Kong set
# it cost accuracy (see models/JOURNAL.md, "Tile classifiers").
ATTR_WEIGHT = 0.25
# Views of each box averaged at run time: (scale of the box, shift as a share of its width and height).
# The box itself, a little tighter and looser, and nudged along the diagonal both ways; chosen on synthetic
# hand photos of seed 3 (riichi tiles named right at their true boxes: 0.975 with one view, 0.981 with
# these five; see models/JOURNAL.md, "Tile classifiers", "Views").
VIEWS = ((1.0, 0.0, 0.0), (0.93, 0.0, 0.0), (1.07, 0.0, 0.0), (1.0, 0.04, 0.04), (1.0, -0.04, -0.04))


class ClassifierFileError(TilelensInputError):
    """A classifier model or its JSON that is missing or malformed."""


def _not_a_spec(source: str, why: str, why_ja: str) -> ClassifierFileError:
    """A classifier's description that cannot be one, in plain words: why, and to copy it again with its model."""
    return ClassifierFileError(f"{source}: not a classifier's description ({why}); it is damaged: copy it again with "
                               f"its model",
                               f"{source}: 牌を読む分類モデルの説明ファイルとして読めません ({why_ja})。壊れています: "
                               f"モデルと一緒にコピーし直してください")


@dataclass(frozen=True)
class ClassifierSpec:
    """What a classifier file names: ``classes`` (ASCII tile ids in logit order), ``class_attrs`` (each
    class's attribute values), ``heads`` (attribute name -> values in logit order), the crop geometry."""

    classes: tuple[str, ...]
    class_attrs: tuple[dict[str, str], ...]
    heads: dict[str, tuple[str, ...]]
    crop_size: int = 48
    margin: float = 0.15
    name: str = ""
    game: str = ""
    version: int = SPEC_VERSION
    notes: dict = field(default_factory=dict)

    def to_json(self) -> str:
        """The JSON text written beside the ONNX file."""
        data = asdict(self)
        data["classes"], data["class_attrs"] = list(self.classes), list(self.class_attrs)
        data["heads"] = {k: list(v) for k, v in self.heads.items()}
        return json.dumps(data, indent=1, ensure_ascii=True)

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "<spec>") -> ClassifierSpec:
        """Parse and check a spec; ``ClassifierFileError`` names the file and the bad field (where it is no
        JSON, the line where that shows)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ClassifierFileError(
                f"{source}: not valid JSON at line {exc.lineno}, column {exc.colno} ({exc.msg}); a classifier's "
                "description is damaged: copy it again with its model",
                f"{source}: 正しい JSON ではありません ({exc.lineno}行目 {exc.colno}文字目)。分類モデルの説明ファイルが"
                "壊れています: モデルと一緒にコピーし直してください") from None
        except UnicodeDecodeError:  # bytes that are no UTF-8 text: not JSON either
            raise ClassifierFileError(
                f"{source}: not valid JSON (not UTF-8 text); a classifier's description is damaged: copy it again "
                "with its model",
                f"{source}: 正しい JSON ではありません (UTF-8 の文字ではありません)。分類モデルの説明ファイルが"
                "壊れています: モデルと一緒にコピーし直してください") from None
        if not isinstance(data, dict):
            raise _not_a_spec(source, "it holds no JSON object", "中身が JSON のオブジェクトではありません")
        if "classes" not in data:
            raise _not_a_spec(source, 'no "classes" in it', '"classes" がありません')
        part = "classes"  # the field being read: Python's words for a wrong one name no field
        try:
            classes = tuple(str(c) for c in data["classes"])
            part = "class_attrs"
            attrs = tuple(dict(a) for a in data.get("class_attrs", [{}] * len(classes)))
            part = "heads"
            heads = {str(k): tuple(str(v) for v in vs) for k, vs in data.get("heads", {}).items()}
            part = "crop_size, margin, name, game, version or notes"
            spec = cls(classes=classes, class_attrs=attrs, heads=heads,
                       crop_size=int(data.get("crop_size", 48)), margin=float(data.get("margin", 0.15)),
                       name=str(data.get("name", "")), game=str(data.get("game", "")),
                       version=int(data.get("version", SPEC_VERSION)), notes=dict(data.get("notes", {})))
        except (ValueError, KeyError, TypeError, AttributeError):
            raise _not_a_spec(source, f'its "{part}" cannot be read', f'"{part}" を読めません') from None
        if not classes or len(attrs) != len(classes) or not all(c.isascii() for c in classes):
            raise _not_a_spec(source, 'its "classes" must be ASCII ids, at least one, with one "class_attrs" each',
                              '"classes" は1つ以上の ASCII の ID で、それぞれに "class_attrs" が1つ要ります')
        return spec

    @classmethod
    def for_classes(cls, classes: list[str], class_attrs: list[dict[str, str]], **kw) -> ClassifierSpec:
        """A spec whose heads are the attributes that group classes (not one value per class)."""
        return cls(classes=tuple(classes), class_attrs=tuple(dict(a) for a in class_attrs),
                   heads=attribute_heads(class_attrs), **kw)


def attribute_heads(class_attrs: list[dict[str, str]]) -> dict[str, tuple[str, ...]]:
    """Attribute name -> sorted values, for attributes that group classes together.

    An attribute with a distinct value for every class that has it (a member name, a picture number)
    says nothing the kind head does not, so it gets no head. A class without it counts as ``"-"``.

    >>> attribute_heads([{"suit": "m", "n": "1"}, {"suit": "m", "n": "2"}, {"suit": "p"}, {}])
    {'suit': ('-', 'm', 'p')}
    """
    names = sorted({k for a in class_attrs for k in a})
    heads = {}
    for name in names:
        having = [a[name] for a in class_attrs if name in a]
        if len(set(having)) == len(having):
            continue
        values = {a.get(name, "-") for a in class_attrs}
        if len(values) > 1:
            heads[name] = tuple(sorted(values))
    return heads


def crop_boxes(image: np.ndarray, xyxy: np.ndarray, size: int, margin: float,
               context: float = 1.0) -> np.ndarray:
    """Crops ``(n, size, size, 3)`` uint8, each box plus ``margin`` (x ``context``) stretched to a square.

    Stretching each box to the square (rather than keeping its aspect) undoes the anisotropic scaling
    of a resized photo, and a tile turned by 90 degrees becomes the upright crop turned by 90 degrees,
    which training covers. The image edge is replicated where a crop runs off it. A box larger than the
    crop is shrunk by area, each crop pixel the mean of the photo over it (:func:`shrink_samples`), as a
    camera at that resolution would see it: bilinear sampling alone reads 2 x 2 pixels, so a box shrunk
    4 times keeps a quarter of the photo's pixels and drops or keeps a thin stroke by where it falls.
    """
    out = np.empty((len(xyxy), size, size, 3), np.uint8)
    grow = (1.0 + margin) * context
    for i, (x1, y1, x2, y2) in enumerate(np.asarray(xyxy, np.float64)):
        sx, sy = size / (max(x2 - x1, 2.0) * grow), size / (max(y2 - y1, 2.0) * grow)
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        kx, ky = shrink_samples(sx), shrink_samples(sy)
        # One affine resample from the box to a grid kx by ky times finer than the crop (sub-pixel exact:
        # crop pixel j is the mean of fine pixels k*j .. k*j + k-1, whose centres average k*j + (k-1)/2),
        # then each kx x ky block averaged (cv2.warpAffine itself never averages: INTER_AREA is bilinear there).
        m = np.array([[sx * kx, 0, kx * (size / 2 - cx * sx) + (kx - 1) / 2],
                      [0, sy * ky, ky * (size / 2 - cy * sy) + (ky - 1) / 2]])
        fine = cv2.warpAffine(image, m, (size * kx, size * ky), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE)
        out[i] = fine if kx == ky == 1 else cv2.resize(fine, (size, size), interpolation=cv2.INTER_AREA)
    return out


MAX_SHRINK_SAMPLES = 8  # samples per crop pixel side at most (a box 8 times the crop is averaged 8 x 8)


def shrink_samples(scale: float) -> int:
    """Samples per crop pixel side that shrinking a photo by ``scale`` (crop pixels per photo pixel) needs
    so that every photo pixel counts: 1 when enlarging, else ``ceil(1 / scale)`` up to ``MAX_SHRINK_SAMPLES``.

    >>> shrink_samples(1.5), shrink_samples(1.0), shrink_samples(0.5), shrink_samples(0.3), shrink_samples(0.01)
    (1, 1, 2, 4, 8)
    """
    return 1 if scale >= 1 else int(min(np.ceil(1 / scale - 1e-9), MAX_SHRINK_SAMPLES))


def to_input(crops_bgr: np.ndarray) -> np.ndarray:
    """uint8 BGR crops ``(n, S, S, 3)`` -> the model input float32 RGB ``(n, 3, S, S)`` in 0..1."""
    return np.ascontiguousarray(crops_bgr[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255.0


def softmax(logits: np.ndarray) -> np.ndarray:
    """Row-wise softmax, stable for large logits."""
    z = logits - logits.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


@dataclass(frozen=True)
class TileGuess:
    """The classifier's answer for one crop: the kind, its attributes and a confidence for each, and the
    best alternatives ``(kind, probability)`` (the first is ``kind`` itself)."""

    kind: str
    attrs: dict[str, str]
    confidence: dict[str, float]
    alternatives: tuple[tuple[str, float], ...]
    embedding: np.ndarray = field(repr=False, compare=False)


def within_copies(prob: np.ndarray, classes: list[str], copies: Mapping[str, int]) -> np.ndarray:
    """Each row's class (index into ``classes``) such that no class is chosen more often than ``copies``
    allows, the likeliest such choice for the rows together (sum of log probabilities). A class missing
    from ``copies`` is unlimited. When every row's best class fits, that is the answer; the rare photo
    with more tiles than the set holds also keeps each row's best class.

    One physical set holds one Uzuki, so a photo of its tiles cannot show two: if two tiles both look most
    like her, one of them takes another kind, whichever change costs the photo's likelihood least.

    >>> p = np.array([[0.90, 0.10, 0.00], [0.60, 0.35, 0.05]])
    >>> within_copies(p, ["uzuki", "rin", "mio"], {"uzuki": 1, "rin": 1, "mio": 1}).tolist()
    [0, 1]
    >>> within_copies(p, ["uzuki", "rin", "mio"], {"uzuki": 2}).tolist()
    [0, 0]
    """
    if len(prob) == 0:
        return np.zeros(0, int)
    best = prob.argmax(1)
    counts = np.bincount(best, minlength=len(classes))
    cap = np.array([copies.get(c, len(prob)) for c in classes])
    if (counts <= cap).all() or cap.sum() < len(prob):
        return best
    from scipy.optimize import linear_sum_assignment  # only when two tiles claim one copy

    # one column per copy of each class: an assignment of rows to columns is a choice within the copies
    cols = np.repeat(np.arange(len(classes)), np.minimum(cap, len(prob)))
    rows, chosen = linear_sum_assignment(-np.log(prob[:, cols] + 1e-12))
    out = best.copy()
    out[rows] = cols[chosen]
    return out


def decode(spec: ClassifierSpec, kind_prob: np.ndarray, head_probs: dict[str, np.ndarray],
           top: int = 3, copies: Mapping[str, int] | None = None, never: Collection[str] = (),
           fold: Mapping[str, str] | None = None) -> list[TileGuess]:
    """Pick each crop's kind from the kind head and the attribute heads together.

    A kind scores ``log p(kind) + ATTR_WEIGHT * sum(log p(its attribute values))``, so a sure attribute
    (say the type of an idol) steers an unsure kind to a consistent answer, while the kind head, which
    saw every kind, keeps the last word between kinds that share their attributes.

    ``copies`` (kind -> copies in the physical set), when given, says the crops are tiles of one set:
    the kinds are then chosen together so that none is named more often than the set holds it
    (:func:`within_copies`). A tile moved off its own best kind reports that kind's lower probability
    and lists its own best among the alternatives.

    ``never``: kinds the set does not have (a tile set's ``absent``, ``vision.recognizer.absent_of``: a Hong Kong
    set's red fives, classes its model kept from its base), never chosen nor offered as an alternative; the other
    kinds' probabilities are weighed anew without them. A mask of every class (or of none of them) masks nothing.

    ``fold``: kinds the set does not have, each with the kind read in its place (``vision.recognizer._not_of_game``:
    a red five of a set without red fives, its plain five), never chosen either: their probability is that kind's,
    and so is the probability of each attribute value telling them from it (``_folded``), so that a red five read
    for such a set is a sure plain five, not an unsure one.
    """
    if fold:
        kind_prob, head_probs = _folded(spec, kind_prob, head_probs, fold)
        never = {*never, *fold}
    joint = np.log(kind_prob + 1e-9)
    for name, prob in head_probs.items():
        idx = np.array([spec.heads[name].index(a.get(name, "-")) for a in spec.class_attrs])
        joint = joint + ATTR_WEIGHT * np.log(prob[:, idx] + 1e-9)
    masked = np.array([c in never for c in spec.classes], bool) if never else np.zeros(len(spec.classes), bool)
    if masked.all():
        masked[:] = False  # nothing left to read a tile as: the mask says nothing
    if masked.any():
        joint = np.where(masked, -np.inf, joint)
        copies = {**copies, **{c: 0 for c, m in zip(spec.classes, masked) if m}} if copies else copies
    joint_p = softmax(joint)
    chosen = within_copies(joint_p, spec.classes, copies) if copies else joint_p.argmax(1)
    guesses = []
    for i in range(len(kind_prob)):
        best = int(chosen[i])
        order = [best] + [int(j) for j in np.argsort(-joint_p[i]) if j != best and not masked[j]][: top - 1]
        attrs = dict(spec.class_attrs[best])
        conf = {"kind": float(joint_p[i, best])}
        for name, prob in head_probs.items():
            conf[name] = float(prob[i, spec.heads[name].index(attrs.get(name, "-"))])
        alts = tuple((spec.classes[j], float(joint_p[i, j])) for j in order)
        guesses.append(TileGuess(spec.classes[best], attrs, conf, alts, np.empty(0, np.float32)))
    return guesses


def _folded(spec: ClassifierSpec, kind_prob: np.ndarray, head_probs: dict[str, np.ndarray],
            fold: Mapping[str, str]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """``kind_prob`` and ``head_probs`` with each kind of ``fold`` given to the kind it names: its probability, and on
    each head where the two differ, its value's to the other's value (once a value: the red fives of three suits give
    "red" = "yes" to "no" once). A kind the classifier does not name is left as it is."""
    index = {c: i for i, c in enumerate(spec.classes)}
    kind_prob, moves = kind_prob.copy(), set()
    for kind, into in fold.items():
        if kind in index and into in index:
            kind_prob[:, index[into]] += kind_prob[:, index[kind]]
            kind_prob[:, index[kind]] = 0.0
            ours, theirs = spec.class_attrs[index[kind]], spec.class_attrs[index[into]]
            moves |= {(h, ours.get(h, "-"), theirs.get(h, "-")) for h in head_probs
                      if ours.get(h, "-") != theirs.get(h, "-")}
    heads = dict(head_probs)
    for name, value, into in moves:
        prob, values = heads[name].copy(), spec.heads[name]
        prob[:, values.index(into)] += prob[:, values.index(value)]
        prob[:, values.index(value)] = 0.0
        heads[name] = prob
    return kind_prob, heads


def _threads() -> int:
    return int(os.environ.get("TILELENS_THREADS", "2"))


def view_boxes(xyxy: np.ndarray, scale: float, dx: float, dy: float) -> np.ndarray:
    """Boxes ``xyxy`` scaled about their centres and shifted by ``(dx, dy)`` of their width and height.

    >>> view_boxes(np.array([[0., 0., 10., 20.]]), 0.5, 0.1, 0.0).tolist()
    [[3.5, 5.0, 8.5, 15.0]]
    """
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    w, h = xyxy[:, 2] - xyxy[:, 0], xyxy[:, 3] - xyxy[:, 1]
    cx, cy = (xyxy[:, 0] + xyxy[:, 2]) / 2 + dx * w, (xyxy[:, 1] + xyxy[:, 3]) / 2 + dy * h
    return np.stack([cx - w * scale / 2, cy - h * scale / 2, cx + w * scale / 2, cy + h * scale / 2], 1)


def _read(path: Path, size: int = -1) -> bytes:
    """``size`` bytes of ``path`` (all by default); ``ClassifierFileError`` where it cannot be read, saying why
    as the other files are said ("cannot be read (permission denied)")."""
    import errno

    try:
        with open(path, "rb") as f:
            return f.read(size)
    except OSError as exc:
        denied = exc.errno in (errno.EACCES, errno.EPERM)
        why = "permission denied" if denied else (exc.strerror or str(exc))
        raise ClassifierFileError(f"{path}: cannot be read ({why})",
                                  f"{path}: 読めません ({'読む権限がありません' if denied else why})") from None


def _shape(shape) -> str:
    """An onnxruntime shape as read in a message: ``(n, 3, 48, 48)``; a dimension of no fixed size by its name."""
    return "(" + ", ".join(str(d) if d is not None else "?" for d in shape) + ")"


def _check_io(session, spec: ClassifierSpec, path: Path, spec_path: Path) -> None:
    """Refuse a model that is not the classifier ``spec`` describes: another model copied in its place (a
    detector, the orientation model, another game's classifier, one of another crop size). Without this,
    onnxruntime's traceback came at the first photo ("Required inputs (['images']) are missing", "index: 3
    Got: 48 Expected: 40"). It takes ``crops`` (n, 3, S, S), S the spec's crop size, and gives ``kind`` with one
    logit per class and ``attr_<name>`` with one per value of each head."""
    inputs, outputs = session.get_inputs(), {o.name: o.shape for o in session.get_outputs()}
    size = spec.crop_size
    want = {"kind": len(spec.classes), **{f"attr_{k}": len(v) for k, v in spec.heads.items()}}

    def fits(shape, *dims) -> bool:  # a named (free) dimension fits any size
        return len(shape) == len(dims) and all(d is None or not isinstance(s, int) or s == d
                                               for s, d in zip(shape, dims))

    ok = (len(inputs) == 1 and inputs[0].name == "crops" and fits(inputs[0].shape, None, 3, size, size)
          and all(name in outputs and fits(outputs[name], None, n) for name, n in want.items()))
    if ok:
        return
    has_in = ", ".join(f"{i.name} {_shape(i.shape)}" for i in inputs)
    has_out = ", ".join(f"{name} {_shape(shape)}" for name, shape in outputs.items())
    want_in, want_out = f"crops (n, 3, {size}, {size})", ", ".join(f"{name} (n, {n})" for name, n in want.items())
    raise ClassifierFileError(
        f"{path}: not the classifier {spec_path.name} describes (it takes {has_in} and gives {has_out}; that "
        f"classifier takes {want_in} and gives {want_out}): another model was put in its place, or the two files "
        "are of two models",
        f"{path}: {spec_path.name} が説明する牌の分類モデルではありません (このモデルの入力 {has_in}、出力 {has_out}。"
        f"その分類モデルの入力 {want_in}、出力 {want_out})。別のモデルが置かれたか、2つのファイルが別々のモデルのものです")


class Classifier:
    """An ONNX tile classifier; load once with :meth:`load`, then :meth:`classify` per photo.

    ``views`` are the views of each box whose probabilities :meth:`classify` averages (``VIEWS``; one
    plain view, ``((1.0, 0.0, 0.0),)``, reads each box once). ``never``: kinds it never reads a box as, nor offers
    as an alternative (a tile set's absent kinds, ``vision.recognizer.absent_of``; see :func:`decode`). ``fold``: kinds
    the game has not, each with the kind it reads in their place (a red five of a set without: its plain five; set by
    ``vision.recognizer.Recognizer.load``; see :func:`decode`)."""

    def __init__(self, session, spec: ClassifierSpec, path: Path, views: tuple = VIEWS, never: Collection[str] = ()):
        self.session, self.spec, self.path = session, spec, path
        self.outputs = [o.name for o in session.get_outputs()]
        self.views = tuple(views)
        self.never = frozenset(str(k) for k in never)
        self.fold: dict[str, str] = {}

    @classmethod
    def load(cls, onnx_path: str | Path, threads: int | None = None, views: tuple = VIEWS,
             never: Collection[str] = ()) -> Classifier:
        """Load ``X.onnx`` and its ``X.json``; ``ClassifierFileError`` if either is missing or bad.
        ``threads``: onnxruntime's intra-op threads (default ``TILELENS_THREADS``, else 2); ``never``: kinds it
        never reads (see the class)."""
        from vision.onnx_session import open_session

        path = Path(onnx_path)
        spec_path = path.with_suffix(".json")
        for p in (path, spec_path):
            if not p.is_file():
                raise ClassifierFileError(f"classifier file not found: {p}", f"牌を読む分類モデルのファイルが見つかりません: {p}")
        spec = ClassifierSpec.from_json(_read(spec_path), str(spec_path))
        _read(path, 1)  # one that cannot be read is said so, not as onnxruntime's "system error number 13"
        session = open_session(path, threads or _threads(),
                               lambda why: ClassifierFileError(f"{path}: not a loadable ONNX model ({why})",
                                                               f"{path}: 牌を読む分類モデルを読み込めません ({why})"))
        _check_io(session, spec, path, spec_path)
        return cls(session, spec, path, views, never)

    @classmethod
    def load_of(cls, onnx_path: str | Path, classes: tuple[str, ...], what: str, error: type[Exception],
                threads: int | None = None) -> Classifier:
        """:meth:`load` a model that must name exactly ``classes`` (in any order), such as the box check
        or the orientation model; else ``error`` saying the file is not ``what`` (or is missing)."""
        if not Path(onnx_path).is_file():
            raise error(f"no such file: {onnx_path} ({what})", f"ファイルがありません: {onnx_path}")
        clf = cls.load(onnx_path, threads)
        if set(clf.spec.classes) != set(classes):
            got, want = ", ".join(clf.spec.classes), ", ".join(classes)
            raise error(f"{onnx_path}: not {what} (classes {got}; expected {want})",
                        f"{onnx_path}: 求めるモデルではありません (クラス {got}。求めるクラス {want})")
        return clf

    def run(self, crops_bgr: np.ndarray) -> dict[str, np.ndarray]:
        """Raw outputs (logits, embedding) for uint8 BGR crops ``(n, S, S, 3)``."""
        if len(crops_bgr) == 0:
            return {}
        values = self.session.run(None, {"crops": to_input(crops_bgr)})
        return dict(zip(self.outputs, values))

    def _guesses(self, raw: dict[str, np.ndarray], views: int, top: int,
                 copies: Mapping[str, int] | None = None) -> list[TileGuess]:
        """Decode raw outputs of ``views`` stacked views of the same crops (view-major), averaging each
        head's probabilities over the views; the embedding is the first view's. ``copies``: see
        :func:`decode`."""
        def mean(logits: np.ndarray) -> np.ndarray:
            prob = softmax(logits)
            return prob.reshape(views, -1, prob.shape[-1]).mean(0)

        heads = {name: mean(raw[f"attr_{name}"]) for name in self.spec.heads}
        guesses = decode(self.spec, mean(raw["kind"]), heads, top=top, copies=copies, never=self.never,
                         fold=self.fold)
        emb = raw.get("embedding")
        if emb is not None:
            guesses = [TileGuess(g.kind, g.attrs, g.confidence, g.alternatives, emb[i])
                       for i, g in enumerate(guesses)]
        return guesses

    def classify_crops(self, crops_bgr: np.ndarray, top: int = 3) -> list[TileGuess]:
        """Guesses for ready-made crops (size ``spec.crop_size``), one view each."""
        raw = self.run(crops_bgr)
        return self._guesses(raw, 1, top) if raw else []

    def classify(self, image: np.ndarray, xyxy: np.ndarray, top: int = 3,
                 copies: Mapping[str, int] | None = None,
                 also: tuple[np.ndarray, np.ndarray] | None = None) -> list[TileGuess]:
        """Guesses for the boxes ``xyxy`` (original-image pixels) of a BGR image, each averaged over the
        classifier's ``views`` of the box (one batch). ``copies``: the boxes are tiles of one physical
        set holding that many of each kind (see :func:`decode`). ``also``: a second look at the same
        tiles, ``(image2, xyxy2)`` with one box per box of ``xyxy`` (a row of NaN where it has none), read
        in its plain view and weighing as much as all the views of the first look together
        (``vision.level``: the photo turned to level the row; a tile with no second box keeps its first look)."""
        xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
        if len(xyxy) == 0:
            return []
        size, margin, n = self.spec.crop_size, self.spec.margin, len(xyxy)
        crops = [crop_boxes(image, view_boxes(xyxy, *v), size, margin) for v in self.views]
        if also is None:
            return self._guesses(self.run(np.concatenate(crops)), len(self.views), top, copies)
        image2, xyxy2 = also[0], np.asarray(also[1], np.float64).reshape(-1, 4)
        if len(xyxy2) != n:
            raise ValueError(f"also: {len(xyxy2)} boxes for {n}")
        seen = np.isfinite(xyxy2).all(1)
        if seen.any():
            crops.append(crop_boxes(image2, xyxy2[seen], size, margin))
        raw = self.run(np.concatenate(crops))
        first = len(self.views) * n
        stacked = {}
        for name, out in raw.items():
            second = out[:first].reshape(len(self.views), n, *out.shape[1:]).copy()  # unseen: the first look again
            second[:, seen] = out[first:]
            stacked[name] = np.concatenate([out[:first], second.reshape(first, *out.shape[1:])])
        return self._guesses(stacked, 2 * len(self.views), top, copies)
