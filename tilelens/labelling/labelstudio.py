"""Label Studio JSON: tasks to import (photos a person accepted with their boxes as ``annotations``, the
others with the model's boxes as ``predictions``) and the project export read back (the annotation updated
last, else the latest ``predictions``; a photo in several tasks takes the annotated one, or is refused).

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
from datetime import datetime, timezone
from pathlib import Path
from collections.abc import Collection
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlparse
from xml.sax.saxutils import quoteattr

from scorer.result import PATH_ECHO_MAX, quoted_ja
from tilelens.labelling.model import Box, Dataset, LabelFileError, LabelledImage, Note, Split
from tilelens.labelling.store import atomic_write_json, atomic_write_text, check_target, read_json_file

FROM_NAME, TO_NAME = "label", "image"
LOCAL_FILES_PREFIX = "/data/local-files/?d="
MODEL_VERSION = "tilelens"
# Label Studio prefixes uploaded file names with 8 hex digits and a dash.
_UPLOAD_PREFIX = re.compile(r"^[0-9a-f]{8}-")


def label_config(names: tuple[str, ...], shown: dict[str, str] | None = None, absent: Collection[str] = ()) -> str:
    """The Label Studio labelling interface (XML) for these tile kinds; a kind ``shown`` names (a set's own
    kinds, data.yaml ``own_kinds``) carries its name as the label's ``hint`` (shown on hovering it). The kinds
    ``absent`` (data.yaml ``absent:``, the set has none) are not offered."""
    shown = shown or {}
    names = tuple(n for n in names if n not in set(absent))
    labels = "\n".join(f"    <Label value={quoteattr(n)}"
                       + (f" hint={quoteattr(shown[n])}" if shown.get(n) and shown[n] != n else "") + "/>"
                       for n in names)
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
                   as_annotations: bool = False, unlabelled: Collection[str] = (),
                   accepted: Collection[str] | None = None,
                   sent: dict[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """A dataset -> Label Studio tasks. The boxes of a photo a person accepted (a path of ``accepted``;
    without it, an image whose ``accepted`` is True) go in finished ``annotations``, the others in
    ``predictions`` (pre-annotations a person reviews) or, with ``as_annotations``, in ``annotations`` too;
    the photos (paths) ``unlabelled``, not labelled yet, are tasks with neither. ``data.tilelens_accepted``
    says which were accepted either way, for an import to mark them so again. ``data.image`` is
    ``image_prefix`` + the photo's path in the dataset; ``data.tilelens_path`` keeps that path so the export
    can be read back into the same folder. ``data.tilelens_annotated`` marks the annotations tilelens wrote for
    photos not accepted (``as_annotations``): read back, those do not accept them unless a person updated them in
    Label Studio since (``edited_by_person``: Label Studio keeps ``data`` as it was). ``sent``: photo -> what its label
    file was as exported (``transfer.sent_record``), kept in ``data.tilelens_sent`` for an import to tell a label file
    changed here since; the set's tile set rides in ``data.tilelens_tileset``."""
    if accepted is None:
        accepted = {im.path for im in dataset.images if im.accepted}
    tasks = []
    for image in dataset.images:
        results = [_result(b, image.resolution_wh, i) for i, b in enumerate(image.boxes)]
        task: dict[str, Any] = {"data": {"image": image_prefix + quote(image.path),  # "#", "&", " " in names
                                         "tilelens_path": image.path,
                                         "tilelens_split": str(image.split),
                                         # the class numbers and the game, for an import into a new folder
                                         "tilelens_names": list(dataset.names),
                                         **({"tilelens_game": dataset.game} if dataset.game else {}),
                                         **({"tilelens_tileset": dataset.meta["tileset"]}
                                            if dataset.meta.get("tileset") else {}),
                                         **({"tilelens_sent": sent[image.path]} if sent and image.path in sent else {}),
                                         # the dataset exported (``teach.dataset_id``): its sent records are its own
                                         **({"tilelens_dataset": dataset.meta["dataset"]}
                                            if dataset.meta.get("dataset") else {}),
                                         **({"tilelens_own_kinds": dict(dataset.own_kinds)}
                                            if dataset.own_kinds else {}),
                                         **({"tilelens_absent": list(dataset.absent)} if dataset.absent else {}),
                                         "tilelens_accepted": image.path in accepted and image.path not in unlabelled}}
        if image.path in unlabelled:
            pass  # a task to label: no result, so that it does not read back as a photo of no tiles
        elif as_annotations or image.path in accepted:
            task["annotations"] = [{"result": results, "was_cancelled": False}]
            if image.path not in accepted:  # tilelens's annotation, not a person's: it does not accept the photo
                task["data"]["tilelens_annotated"] = True
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


# How far (a fraction of the photo) a box may reach past its edge before its cut is said: Label Studio's
# percentages drift past 100 by a float's last digits.
EDGE_SAID = 1e-4


def _box_from_result(result: dict[str, Any], where: str,
                     changes: list[tuple[str, str]] | None = None) -> Box | None:
    """A rectanglelabels result -> a box (a rotated one becomes its upright envelope, one past the photo's
    edge is cut there, each said in ``changes``: English and Japanese); other result types (choices,
    text) -> None."""
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
                             f"Label Studio: {where}: 四角形のラベルはちょうど1つにしてください ({quoted_ja(kinds, PATH_ECHO_MAX)}になっています)")
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
                                 f"Label Studio: {where}: 写真の大きさは 0 より大きくしてください ({ow:g}×{oh:g} に"
                                 f"なっています)")
        cos, sin = math.cos(angle), math.sin(angle)
        corners = [(x * ow + dx * cos - dy * sin, y * oh + dx * sin + dy * cos)
                   for dx, dy in ((0, 0), (w * ow, 0), (0, h * oh), (w * ow, h * oh))]
        xs, ys = [c[0] / ow for c in corners], [c[1] / oh for c in corners]
        x1, y1, x2, y2 = min(xs), min(ys), max(xs), max(ys)
        turned = _number(value.get("rotation") or 0, where, "rotation")
        if changes is not None and turned % 360:
            changes.append((f"turned {turned:g}°: kept as the upright box around it, x {x1 * 100:.1f}-{x2 * 100:.1f}%, "
                            f"y {y1 * 100:.1f}-{y2 * 100:.1f}% (YOLO boxes do not turn)",
                            f"{turned:g}° 回転していたので、それを囲む水平な枠 (x {x1 * 100:.1f}-{x2 * 100:.1f}%、y "
                            f"{y1 * 100:.1f}-{y2 * 100:.1f}%) にしました (YOLO の枠は回転できません)"))
    else:
        x1, y1, x2, y2 = x, y, x + w, y + h
    cut = max(x1, 0.0), max(y1, 0.0), min(x2, 1.0), min(y2, 1.0)  # a box a little past the edge is cut there
    if changes is not None and max(-x1, -y1, x2 - 1, y2 - 1) > EDGE_SAID and cut[2] > cut[0] and cut[3] > cut[1]:
        changes.append((f"reached past the photo's edge (x {x1 * 100:.1f}-{x2 * 100:.1f}%, y {y1 * 100:.1f}-"
                        f"{y2 * 100:.1f}%): cut there",
                        f"写真の端からはみ出していたので (x {x1 * 100:.1f}-{x2 * 100:.1f}%、y {y1 * 100:.1f}-"
                        f"{y2 * 100:.1f}%)、端で切りました"))
    if cut[2] <= cut[0] or cut[3] <= cut[1]:
        raise LabelFileError(f"Label Studio: {where}: the rectangle at x {x * 100:g}, y {y * 100:g} (width "
                             f"{w * 100:g}, height {h * 100:g}, in % of the photo) lies outside the photo",
                             f"Label Studio: {where}: x {x * 100:g}、y {y * 100:g} (幅 {w * 100:g}、高さ "
                             f"{h * 100:g}、写真に対する %) の四角形が写真の外にあります")
    return Box(str(kinds[0]), cut)


def _not_a_number(where: str, what: str, value: Any) -> tuple[str, str]:
    """That a field of a result is no number, in English and in Japanese (``LabelFileError``'s two messages)."""
    return (f"Label Studio: {where}: {what} must be a number, got {value!r}",
            f"Label Studio: {where}: {what} は数でなければなりません ({quoted_ja(value)}になっています)")


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


def _task_name(task: dict[str, Any], number: int) -> tuple[str, str]:
    """A task as a person finds it in Label Studio (its id), else by its place in the file; English, Japanese."""
    task_id = task.get("id")
    if isinstance(task_id, (int, str)) and not isinstance(task_id, bool):
        return f"task {task_id}", f"タスク {task_id}"
    return f"task {number} of the file", f"ファイルの {number}番目のタスク"


def _when(annotation: dict[str, Any]) -> datetime | None:
    """When an annotation was last changed (``updated_at``, else ``created_at``), None where not said."""
    for key in ("updated_at", "created_at"):
        stamp = annotation.get(key)
        if isinstance(stamp, str):
            try:
                when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
            except ValueError:
                continue
            return when if when.tzinfo else when.replace(tzinfo=timezone.utc)
    return None


def _boxes_said(n: int) -> str:
    return f"{n} box{'' if n == 1 else 'es'}"


def _rectangles(results: list[Any]) -> int:
    return sum(1 for r in results if isinstance(r, dict) and r.get("type") == "rectanglelabels")


def _chosen_annotation(task: dict[str, Any]) -> dict[str, Any]:
    """The annotation of a task that ``_chosen_results`` takes (the one not cancelled updated last); {} if none."""
    live = [(i, a) for i, a in enumerate(task.get("annotations") or [])
            if isinstance(a, dict) and not a.get("was_cancelled")]
    if not live:
        return {}
    floor = datetime.min.replace(tzinfo=timezone.utc)
    return max(live, key=lambda item: (_when(item[1]) or floor, item[0]))[1]


def _cancelled(task: dict[str, Any]) -> bool:
    """Whether a person cancelled (skipped) the task in Label Studio: it has annotations, each cancelled."""
    annotations = [a for a in task.get("annotations") or [] if isinstance(a, dict)]
    return bool(annotations) and all(a.get("was_cancelled") for a in annotations)


_OWN_ID = re.compile(r"^b\d+$")  # the ids tilelens gives the boxes it writes (``_result``)


def _tilelens_annotation(task: dict[str, Any], flag: Any) -> bool:
    """Whether the annotation of a task tilelens wrote is tilelens's own (``--as-annotations``, for a photo not
    accepted) rather than a person's: the task says so (``data.tilelens_annotated``); or, in a file written before
    it did, a task of a photo not accepted (``tilelens_accepted`` false) with no predictions, whose annotation's
    boxes carry the ids tilelens gives (a person's boxes drawn in Label Studio get ids of its own; a person's
    annotation of pre-annotations sits beside the task's predictions)."""
    data = task.get("data") or {}
    if data.get("tilelens_annotated") is True:
        return True
    if flag is not False or task.get("predictions"):
        return False
    results = _chosen_annotation(task).get("result")
    results = results if isinstance(results, list) else []
    return all(isinstance(r, dict) and isinstance(r.get("id"), str) and _OWN_ID.match(r["id"]) for r in results)


# An annotation updated this long after it was made was changed by a person (Label Studio stamps one it imports
# made and updated at once, microseconds apart)
EDITED_AFTER_S = 1.0


def _stamp(annotation: dict[str, Any], key: str) -> datetime | None:
    stamp = annotation.get(key)
    if not isinstance(stamp, str):
        return None
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def edited_by_person(annotation: dict[str, Any]) -> bool:
    """Whether a person submitted or updated this annotation in Label Studio, as the annotation itself shows (its
    task's ``data`` is kept as exported, so it cannot say): time spent on it (``lead_time`` above 0, which Label
    Studio's editor sends on Submit and Update), or updated well after it was made (``updated_at`` past
    ``created_at``). An annotation imported with its task and left alone has neither.

    >>> edited_by_person({"created_at": "2026-12-05T19:00:00Z", "updated_at": "2026-12-05T19:00:00.0004Z"})
    False
    >>> edited_by_person({"lead_time": 30.0}), edited_by_person({"created_at": "2026-12-05T19:00:00Z",
    ...                                                           "updated_at": "2026-12-05T19:45:00Z"})
    (True, True)
    """
    lead = annotation.get("lead_time")
    if isinstance(lead, (int, float)) and not isinstance(lead, bool) and math.isfinite(lead) and lead > 0:
        return True
    made, updated = _stamp(annotation, "created_at"), _stamp(annotation, "updated_at")
    return made is not None and updated is not None and (updated - made).total_seconds() > EDITED_AFTER_S


def _chosen_results(task: dict[str, Any], use_predictions: bool, path: str = "",
                    number: int = 0) -> tuple[list[dict[str, Any]] | None, str, Note | None]:
    """What a task's boxes are: the results, where they came from (``annotation``, ``prediction``, or ``""``
    for none) and a note when there was a choice. Of several annotations not cancelled, the one updated
    last (the last of the list among those updated at the same time, or none saying when), said; with none,
    if allowed, the last prediction."""
    live = [(i, a) for i, a in enumerate(task.get("annotations") or [])
            if isinstance(a, dict) and not a.get("was_cancelled")]
    if live:
        floor = datetime.min.replace(tzinfo=timezone.utc)
        index, chosen = max(live, key=lambda item: (_when(item[1]) or floor, item[0]))
        results = chosen.get("result") or []
        results = results if isinstance(results, list) else []
        note = None
        if len(live) > 1:
            def named(i: int, a: dict[str, Any], word: str = "annotation") -> str:
                return f"{word} {a['id']}" if isinstance(a.get("id"), (int, str)) else f"{word} {i + 1}"

            def boxes(a: dict[str, Any]) -> int:
                return _rectangles(a.get("result") if isinstance(a.get("result"), list) else [])

            when = _when(chosen)
            latest = sum(1 for _, a in live if _when(a) == when)
            why = (f"updated {chosen.get('updated_at') or chosen.get('created_at')}, the latest" if when and latest == 1
                   else "the last of the list, none updated later")
            why_ja = (f"更新 {chosen.get('updated_at') or chosen.get('created_at')}、最新" if when and latest == 1
                      else "リストの最後、これより後に更新されたものはありません")
            others = ", ".join(f"{named(i, a)} ({_boxes_said(boxes(a))})" for i, a in live if i != index)
            others_ja = "、".join(f"{named(i, a, '注釈')} (枠 {boxes(a)}個)" for i, a in live if i != index)
            task_en, task_ja = _task_name(task, number)
            note = Note(path, f"{task_en} holds {len(live)} annotations: used {named(index, chosen)} "
                              f"({_boxes_said(_rectangles(results))}, {why}); left out: {others}",
                        f"{task_ja} に注釈が {len(live)}個あります: {named(index, chosen, '注釈')} (枠 {_rectangles(results)}個、"
                        f"{why_ja}) を使い、{others_ja} は使いませんでした")
        return results, "annotation", note
    if use_predictions and task.get("predictions"):
        pred = task["predictions"][-1]
        results = pred.get("result") or [] if isinstance(pred, dict) else None
        return (results if isinstance(results, list) or results is None else []), "prediction", None
    return None, "", None


def _read_boxes(results: list[Any], path: str) -> tuple[list[Box], tuple[int, int], list[Note]]:
    """A task's results -> its boxes, the photo's size they give, and a note for each box changed on the way."""
    boxes, size, notes = [], (0, 0), []
    for result in results:
        changes: list[tuple[str, str]] = []
        box = _box_from_result(result, path, changes) if isinstance(result, dict) else None
        if box is None:
            continue
        size = (int(_number(result.get("original_width") or 0, path, "original_width")),
                int(_number(result.get("original_height") or 0, path, "original_height")))
        boxes.append(box)
        notes += [Note(path, f"box {len(boxes)} ({box.kind}) {en}", f"枠 {len(boxes)} ({box.kind}) は{ja}")
                  for en, ja in changes]
    return boxes, size, notes


def _same(a: list[Box], b: list[Box]) -> bool:
    return len(a) == len(b) and all(x.close_to(y, 1e-9) for x, y in zip(a, b))


def from_labelstudio(tasks: list[dict[str, Any]], names: tuple[str, ...] | None = None,
                     use_predictions: bool = True, extend: bool = False) -> Dataset:
    """Label Studio tasks (an export, or tasks to import) -> a dataset.

    ``names`` fixes the class order (e.g. the game's tile ids); without it, kinds are numbered in the
    order they first appear. Tasks with no annotation (and, unless ``use_predictions``, no
    prediction) are skipped. A photo in several tasks takes the one with an annotation over those with
    predictions only, said in the dataset's ``notes``; two that give it other boxes at the same rank are
    refused (which is meant is not guessed). Raises ``LabelFileError`` for a malformed task, and for a label
    not among ``names`` unless ``extend`` (then it is added after them, for the caller to say). The photos of
    tasks left out ride in the dataset's ``meta`` (JSON): ``unlabelled``, [path, split] of each task with
    nothing to use (not labelled yet), and ``predictions_only``, the paths of tasks with predictions only,
    left out as ``use_predictions`` is False.
    """
    if not isinstance(tasks, list):
        raise LabelFileError("Label Studio: expected a JSON list of tasks", "Label Studio: タスクの JSON リストではありません")
    first = tasks[0].get("data") if tasks and isinstance(tasks[0], dict) else None
    first = first if isinstance(first, dict) else {}
    written = first.get("tilelens_names")  # tilelens wrote these tasks: its class order, and its game
    if names is None and isinstance(written, list) and written and all(isinstance(n, str) for n in written):
        names = tuple(written)
    game = first.get("tilelens_game") if isinstance(first.get("tilelens_game"), str) else None
    tileset = first.get("tilelens_tileset") if isinstance(first.get("tilelens_tileset"), str) else ""
    exported_from = first.get("tilelens_dataset") if isinstance(first.get("tilelens_dataset"), str) else ""
    own = first.get("tilelens_own_kinds")
    own = {k: v for k, v in own.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(own, dict) else {}
    absent = first.get("tilelens_absent")
    absent = tuple(k for k in absent if isinstance(k, str)) if isinstance(absent, list) else ()
    per_photo: dict[str, list[tuple[int, dict[str, Any], list[Any] | None, str, Note | None]]] = {}
    for number, task in enumerate(tasks, start=1):
        data = task.get("data") if isinstance(task, dict) else None
        if not isinstance(data, dict) or not isinstance(data.get("image"), str):
            raise LabelFileError(f"Label Studio: task {number} has no data.image",
                                 f"Label Studio: タスク {number} に data.image がありません")
        path = data.get("tilelens_path") or path_from_url(data["image"])
        per_photo.setdefault(path, []).append((number, task, *_chosen_results(task, use_predictions, path, number)))
    # photos a person skipped in Label Studio: each of their tasks' annotations cancelled, none left standing
    cancelled = {path for path, found in per_photo.items()
                 if any(_cancelled(f[1]) for f in found) and not any(f[3] == "annotation" for f in found)}
    images, seen, notes, unsure = [], list(names or ()), [], []
    unlabelled: list[list[str]] = []
    predictions_only: list[str] = []
    sent: dict[str, Any] = {}  # photo -> its label file as exported (``to_labelstudio``'s ``sent``)
    stripped: list[str] = []
    for path, found in per_photo.items():
        held = [f for f in found if f[2] is not None]
        if not held:
            if not use_predictions and any(f[1].get("predictions") for f in found):
                predictions_only.append(path)
            else:
                if any(isinstance(f[1].get("predictions"), list) and f[1]["predictions"] and
                       not any(isinstance(p, dict) for p in f[1]["predictions"]) for f in found):
                    stripped.append(path)  # predictions as ids: Label Studio's export of a task nobody submitted
                split = found[0][1]["data"].get("tilelens_split", "train")
                unlabelled.append([path, split if split in Split._value2member_map_ else "train"])
            continue
        rank = "annotation" if any(f[3] == "annotation" for f in held) else "prediction"
        top = [f for f in held if f[3] == rank]
        read = [_read_boxes(f[2], path) for f in top]
        if any(not _same(read[0][0], r[0]) for r in read[1:]):
            unsure.append((path, [_task_name(f[1], f[0]) for f in top], rank))
            continue
        number, task, results, _, note = top[0]
        boxes, size, box_notes = read[0]
        if len(found) > 1:
            def said(f: tuple, ja: bool = False) -> str:
                name = _task_name(f[1], f[0])[ja]
                what = {"annotation": ("an annotation", "注釈"), "prediction": ("predictions only", "予測のみ"),
                        "": ("nothing to use", "使えるものなし")}[f[3] if f[2] is not None else ""][ja]
                return f"{name} ({what})"
            same = " (the same boxes)" if len(top) > 1 else ""
            same_ja = " (枠は同じ)" if len(top) > 1 else ""
            task_en, task_ja = _task_name(task, number)
            notes.append(Note(path, f"in {len(found)} tasks: {', '.join(said(f) for f in found)}; used {task_en}'s "
                                    f"{rank}{same}",
                              f"{len(found)}個のタスクにあります: {'、'.join(said(f, True) for f in found)}。"
                              f"{task_ja} の{'注釈' if rank == 'annotation' else '予測'}を使いました{same_ja}"))
        notes += ([note] if note else []) + box_notes
        for box in boxes:
            if box.kind not in seen:
                if names is not None and not extend:
                    raise LabelFileError(f"Label Studio: {path}: label {box.kind!r} is not a tile kind "
                                         f"of this dataset",
                                         f"Label Studio: {path}: ラベル{quoted_ja(box.kind)}はこのデータセットの牌の種類に"
                                         f"ありません")
                seen.append(box.kind)
        data = task["data"]
        if isinstance(data.get("tilelens_sent"), dict):
            sent[path] = data["tilelens_sent"]
        split = data.get("tilelens_split", "train")
        flag = data.get("tilelens_accepted")
        # boxes a person submitted in Label Studio (an annotation not cancelled, not one tilelens wrote unless a
        # person updated it since) are accepted; else tilelens's own flag where it wrote one. Label Studio keeps
        # ``data`` as exported, so a person's Update of tilelens's own annotation (``--as-annotations``) is told by
        # the annotation itself (``edited_by_person``). A task all of whose annotations were cancelled (Skip) is
        # not accepted, whatever the export said.
        if path in cancelled:
            accepted = False
        elif rank == "annotation" and flag is not True and _tilelens_annotation(task, flag):
            accepted = edited_by_person(_chosen_annotation(task))
        else:
            submitted = rank == "annotation"
            accepted = True if submitted or flag is True else flag if isinstance(flag, bool) else None
        images.append(LabelledImage(path, size, tuple(boxes),
                                    Split(split) if split in Split._value2member_map_ else Split.TRAIN, accepted))
    if unsure:
        def listed(ja: bool) -> str:
            joint = " と " if ja else " and "
            return ("; " if not ja else "。").join(f"{path}: {joint.join(t[ja] for t in named)}"
                                                   for path, named, _ in unsure[:5])
        more = f" (and {len(unsure) - 5} more)" if len(unsure) > 5 else ""
        more_ja = f" (ほか {len(unsure) - 5}枚)" if len(unsure) > 5 else ""
        raise LabelFileError(
            f"Label Studio: {len(unsure)} photo{'' if len(unsure) == 1 else 's'} in more than one task with other "
            f"boxes ({listed(False)}{more}): which is meant is not guessed; nothing imported. Delete the tasks not "
            f"meant (or their annotations) in Label Studio and export again",
            f"Label Studio: {len(unsure)}枚の写真が複数のタスクにあり、枠が違います ({listed(True)}{more_ja}): "
            f"どれを使うかは推測しません。何も読み込んでいません。Label Studio で不要なタスク (またはその注釈) を消して、"
            f"もう一度書き出してください")
    meta = {"unlabelled": json.dumps(unlabelled), "predictions_only": json.dumps(predictions_only),
            "cancelled": json.dumps(sorted(cancelled)), "sent": json.dumps(sent), "tileset": tileset,
            "stripped": json.dumps(stripped), "dataset": exported_from}
    return Dataset(tuple(seen), tuple(images), game, meta, own_kinds=own, absent=absent, notes=tuple(notes))


def read_labelstudio(path: Path | str, names: tuple[str, ...] | None = None,
                     use_predictions: bool = True, extend: bool = False) -> Dataset:
    """Read a Label Studio JSON export (or task file); raises ``LabelFileError`` if malformed, naming the file (as
    ``coco.read_coco`` does: a JSON ``null`` said "expected a JSON list of tasks" of no file)."""
    data = read_json_file(path)
    try:
        return from_labelstudio(data, names, use_predictions, extend)
    except LabelFileError as exc:
        raise LabelFileError(f"{path}: {exc}", f"{path}: {exc.message_ja}" if exc.message_ja else "") from None


def write_labelstudio(dataset: Dataset, path: Path | str, image_prefix: str = LOCAL_FILES_PREFIX,
                      as_annotations: bool = False, unlabelled: Collection[str] = (),
                      accepted: Collection[str] | None = None,
                      sent: dict[str, dict[str, Any]] | None = None) -> tuple[Path, Path]:
    """Write the tasks JSON and, beside it, the labelling interface (``.xml``); returns both paths. Both places are
    checked before either is written (``store.check_target``: a folder, a named pipe, a link to nothing refused):
    never the tasks without their interface."""
    path = Path(path)
    for target in (path, path.with_suffix(".xml")):
        check_target(target)
    tasks_path = atomic_write_json(path, to_labelstudio(dataset, image_prefix, as_annotations, unlabelled, accepted,
                                                        sent))
    return tasks_path, atomic_write_text(path.with_suffix(".xml"), label_config(dataset.names, dataset.own_kinds,
                                                                                 dataset.absent))
