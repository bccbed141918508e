"""Label Studio JSON: tasks to import (photos with the model's boxes as ``predictions``) and the
project export read back (``annotations``, else the latest ``predictions``).

Boxes are ``rectanglelabels`` results whose ``value`` holds ``x``, ``y``, ``width``, ``height`` in
percent of ``original_width`` x ``original_height``, plus ``rotation`` in degrees about the top-left
corner. Pure conversions on dicts plus thin file functions; ``label_config`` gives the project's
labelling interface with one label per tile kind.

>>> from tilelens.labelling.model import Box, Dataset, LabelledImage
>>> ds = Dataset(("5m",), (LabelledImage("images/train/a.jpg", (200, 100), (Box("5m", (0.1, 0.2, 0.3, 0.6)),)),))
>>> value = to_labelstudio(ds)[0]["predictions"][0]["result"][0]["value"]
>>> [round(value[k], 6) for k in ("x", "y", "width", "height")]
[10.0, 20.0, 20.0, 40.0]
>>> back = from_labelstudio(to_labelstudio(ds), names=ds.names).images[0].boxes[0]
>>> back.close_to(ds.images[0].boxes[0])
True
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from collections.abc import Collection
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlparse
from xml.sax.saxutils import quoteattr

from tilelens.labelling.model import Box, Dataset, LabelFileError, LabelledImage, Split
from tilelens.labelling.store import atomic_write_json, atomic_write_text

FROM_NAME, TO_NAME = "label", "image"
LOCAL_FILES_PREFIX = "/data/local-files/?d="
MODEL_VERSION = "tilelens"
# Label Studio prefixes uploaded file names with 8 hex digits and a dash.
_UPLOAD_PREFIX = re.compile(r"^[0-9a-f]{8}-")


def label_config(names: tuple[str, ...]) -> str:
    """The Label Studio labelling interface (XML) for these tile kinds."""
    labels = "\n".join(f"    <Label value={quoteattr(n)}/>" for n in names)
    return (f'<View>\n  <Image name="{TO_NAME}" value="$image" zoom="true"/>\n'
            f'  <RectangleLabels name="{FROM_NAME}" toName="{TO_NAME}">\n{labels}\n'
            f"  </RectangleLabels>\n</View>\n")


def _result(box: Box, resolution_wh: tuple[int, int], index: int) -> dict[str, Any]:
    x1, y1, x2, y2 = box.xyxyn
    w, h = resolution_wh
    return {"id": f"b{index}", "type": "rectanglelabels", "from_name": FROM_NAME, "to_name": TO_NAME,
            "original_width": w, "original_height": h, "image_rotation": 0,
            "value": {"x": x1 * 100, "y": y1 * 100, "width": (x2 - x1) * 100,
                      "height": (y2 - y1) * 100, "rotation": 0, "rectanglelabels": [box.kind]}}


def to_labelstudio(dataset: Dataset, image_prefix: str = LOCAL_FILES_PREFIX,
                   as_annotations: bool = False, unlabelled: Collection[str] = ()) -> list[dict[str, Any]]:
    """A dataset -> Label Studio tasks. Boxes go in ``predictions`` (pre-annotations a person
    reviews) or, with ``as_annotations``, in finished ``annotations``; the photos (paths) ``unlabelled``,
    not labelled yet, are tasks with neither. ``data.image`` is ``image_prefix`` + the photo's path in
    the dataset; ``data.tilelens_path`` keeps that path so the export can be read back into the same folder."""
    tasks = []
    for image in dataset.images:
        results = [_result(b, image.resolution_wh, i) for i, b in enumerate(image.boxes)]
        task: dict[str, Any] = {"data": {"image": image_prefix + quote(image.path),  # "#", "&", " " in names
                                         "tilelens_path": image.path,
                                         "tilelens_split": str(image.split),
                                         # the class numbers and the game, for an import into a new folder
                                         "tilelens_names": list(dataset.names),
                                         **({"tilelens_game": dataset.game} if dataset.game else {})}}
        if image.path in unlabelled:
            pass  # a task to label: no result, so that it does not read back as a photo of no tiles
        elif as_annotations:
            task["annotations"] = [{"result": results, "was_cancelled": False}]
        else:
            task["predictions"] = [{"model_version": MODEL_VERSION, "result": results}]
        tasks.append(task)
    return tasks


def path_from_url(url: str) -> str:
    """The photo's file path (or name) that a Label Studio image URL points to.

    >>> path_from_url("/data/local-files/?d=images/train/a.jpg")
    'images/train/a.jpg'
    >>> path_from_url("/data/upload/3/1a2b3c4d-IMG_1.jpg")
    'IMG_1.jpg'
    """
    parsed = urlparse(url)
    query = parse_qs(parsed.query)
    if "d" in query:
        return query["d"][0]
    name = unquote(parsed.path).rsplit("/", 1)[-1]
    return _UPLOAD_PREFIX.sub("", name) if "/upload/" in parsed.path else name


def _box_from_result(result: dict[str, Any], where: str) -> Box | None:
    """A rectanglelabels result -> a box (a rotated one becomes its upright envelope); other result
    types (choices, text) -> None."""
    if result.get("type") != "rectanglelabels":
        return None
    value = result.get("value")
    if not isinstance(value, dict):
        raise LabelFileError(f"Label Studio: {where}: a result has no 'value'",
                             f"Label Studio: {where}: 結果に 'value' がありません")
    if not all(k in value for k in ("x", "y", "width", "height", "rectanglelabels")):
        raise LabelFileError(f"Label Studio: {where}: a rectangle needs x, y, width, height and "
                             f"rectanglelabels",
                             f"Label Studio: {where}: 四角形には x、y、width、height と rectanglelabels が要ります")
    x, y, w, h = (_number(value[k], where, k) / 100 for k in ("x", "y", "width", "height"))
    kinds = value["rectanglelabels"]
    if not isinstance(kinds, list) or len(kinds) != 1:
        raise LabelFileError(f"Label Studio: {where}: a rectangle needs exactly one label, got {kinds!r}",
                             f"Label Studio: {where}: 四角形のラベルはちょうど1つにしてください ({kinds!r} になっています)")
    if w <= 0 or h <= 0:
        raise LabelFileError(f"Label Studio: {where}: a rectangle's width and height must be positive, "
                             f"got {w * 100:g} x {h * 100:g}",
                             f"Label Studio: {where}: 四角形の幅と高さは 0 より大きくしてください ({w * 100:g} x "
                             f"{h * 100:g} になっています)")
    angle = math.radians(_number(value.get("rotation") or 0, where, "rotation"))
    if angle:
        # Rotation turns the box about its top-left corner in pixels; normalised units would shear it.
        ow = _number(result.get("original_width") or 1, where, "original_width")
        oh = _number(result.get("original_height") or 1, where, "original_height")
        if ow <= 0 or oh <= 0:
            raise LabelFileError(f"Label Studio: {where}: the photo's size must be positive, got {ow:g} x {oh:g}",
                                 f"Label Studio: {where}: 写真の大きさは 0 より大きくしてください ({ow:g} x {oh:g} に"
                                 f"なっています)")
        cos, sin = math.cos(angle), math.sin(angle)
        corners = [(x * ow + dx * cos - dy * sin, y * oh + dx * sin + dy * cos)
                   for dx, dy in ((0, 0), (w * ow, 0), (0, h * oh), (w * ow, h * oh))]
        xs, ys = [c[0] / ow for c in corners], [c[1] / oh for c in corners]
        x1, y1, x2, y2 = min(xs), min(ys), max(xs), max(ys)
    else:
        x1, y1, x2, y2 = x, y, x + w, y + h
    cut = max(x1, 0.0), max(y1, 0.0), min(x2, 1.0), min(y2, 1.0)  # a box a little past the edge is cut there
    if cut[2] <= cut[0] or cut[3] <= cut[1]:
        raise LabelFileError(f"Label Studio: {where}: the rectangle at x {x * 100:g}, y {y * 100:g} (width "
                             f"{w * 100:g}, height {h * 100:g}, in % of the photo) lies outside the photo",
                             f"Label Studio: {where}: x {x * 100:g}、y {y * 100:g} (幅 {w * 100:g}、高さ "
                             f"{h * 100:g}、写真に対する %) の四角形が写真の外にあります")
    return Box(str(kinds[0]), cut)


def _not_a_number(where: str, what: str, value: Any) -> tuple[str, str]:
    """That a field of a result is no number, in English and in Japanese (``LabelFileError``'s two messages)."""
    return (f"Label Studio: {where}: {what} must be a number, got {value!r}",
            f"Label Studio: {where}: {what} は数でなければなりません ({value!r} になっています)")


def _number(value: Any, where: str, what: str) -> float:
    """A finite number of a result, else ``LabelFileError`` naming the task and the field."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise LabelFileError(*_not_a_number(where, what, value))
    try:
        number = float(value)
    except ValueError:
        raise LabelFileError(*_not_a_number(where, what, value)) from None
    if not math.isfinite(number):
        raise LabelFileError(*_not_a_number(where, what, value))
    return number


def _chosen_results(task: dict[str, Any], use_predictions: bool) -> list[dict[str, Any]] | None:
    """The newest annotation that was not cancelled, else (if allowed) the last prediction."""
    for ann in reversed(task.get("annotations") or []):
        if isinstance(ann, dict) and not ann.get("was_cancelled"):
            return ann.get("result") or []
    if use_predictions and task.get("predictions"):
        pred = task["predictions"][-1]
        return pred.get("result") or [] if isinstance(pred, dict) else None
    return None


def from_labelstudio(tasks: list[dict[str, Any]], names: tuple[str, ...] | None = None,
                     use_predictions: bool = True) -> Dataset:
    """Label Studio tasks (an export, or tasks to import) -> a dataset.

    ``names`` fixes the class order (e.g. the game's tile ids); without it, kinds are numbered in the
    order they first appear. Tasks with no annotation (and, unless ``use_predictions``, no
    prediction) are skipped. Raises ``LabelFileError`` for a malformed task.
    """
    if not isinstance(tasks, list):
        raise LabelFileError("Label Studio: expected a JSON list of tasks", "Label Studio: タスクの JSON リストではありません")
    first = tasks[0].get("data") if tasks and isinstance(tasks[0], dict) else None
    first = first if isinstance(first, dict) else {}
    written = first.get("tilelens_names")  # tilelens wrote these tasks: its class order, and its game
    if names is None and isinstance(written, list) and written and all(isinstance(n, str) for n in written):
        names = tuple(written)
    game = first.get("tilelens_game") if isinstance(first.get("tilelens_game"), str) else None
    images, seen = [], list(names or ())
    for number, task in enumerate(tasks, start=1):
        data = task.get("data") if isinstance(task, dict) else None
        if not isinstance(data, dict) or not isinstance(data.get("image"), str):
            raise LabelFileError(f"Label Studio: task {number} has no data.image",
                                 f"Label Studio: タスク {number} に data.image がありません")
        path = data.get("tilelens_path") or path_from_url(data["image"])
        results = _chosen_results(task, use_predictions)
        if results is None:
            continue
        boxes, size = [], (0, 0)
        for result in results:
            box = _box_from_result(result, path) if isinstance(result, dict) else None
            if box is None:
                continue
            size = (int(_number(result.get("original_width") or 0, path, "original_width")),
                    int(_number(result.get("original_height") or 0, path, "original_height")))
            if box.kind not in seen:
                if names is not None:
                    raise LabelFileError(f"Label Studio: {path}: label {box.kind!r} is not a tile kind "
                                         f"of this dataset",
                                         f"Label Studio: {path}: ラベル {box.kind!r} はこのデータセットの牌の種類に"
                                         f"ありません")
                seen.append(box.kind)
            boxes.append(box)
        split = data.get("tilelens_split", "train")
        images.append(LabelledImage(path, size, tuple(boxes),
                                    Split(split) if split in Split._value2member_map_ else Split.TRAIN))
    return Dataset(tuple(seen), tuple(images), game)


def read_labelstudio(path: Path | str, names: tuple[str, ...] | None = None,
                     use_predictions: bool = True) -> Dataset:
    """Read a Label Studio JSON export (or task file); raises ``LabelFileError`` if malformed."""
    path = Path(path)
    try:
        tasks = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LabelFileError(f"{path}: no such file", f"{path}: ファイルがありません") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise LabelFileError(f"{path}: not valid JSON ({exc})", f"{path}: JSON として読めません ({exc})") from None
    except (RecursionError, ValueError):  # brackets nested thousands deep, a number of thousands of digits
        raise LabelFileError(f"{path}: not valid JSON (lists nested too deep, or a number too long)",
                             f"{path}: JSON として読めません (リストの入れ子が深すぎるか、数が長すぎます)") from None
    return from_labelstudio(tasks, names, use_predictions)


def write_labelstudio(dataset: Dataset, path: Path | str, image_prefix: str = LOCAL_FILES_PREFIX,
                      as_annotations: bool = False, unlabelled: Collection[str] = ()) -> tuple[Path, Path]:
    """Write the tasks JSON and, beside it, the labelling interface (``.xml``); returns both paths."""
    path = Path(path)
    tasks_path = atomic_write_json(path, to_labelstudio(dataset, image_prefix, as_annotations, unlabelled))
    return tasks_path, atomic_write_text(path.with_suffix(".xml"), label_config(dataset.names))
