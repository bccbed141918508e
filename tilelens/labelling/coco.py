"""COCO detection JSON: ``images`` (file_name, width, height), ``annotations`` (``bbox`` = top-left x,
y, width, height in pixels) and ``categories`` (id, name = tile id).

Pure conversions on dicts (:func:`to_coco`, :func:`from_coco`) plus thin file functions.

>>> from tilelens.labelling.model import Box, Dataset, LabelledImage
>>> ds = Dataset(("5m",), (LabelledImage("images/train/a.jpg", (200, 100), (Box("5m", (0.1, 0.2, 0.3, 0.6)),)),))
>>> to_coco(ds)["annotations"][0]["bbox"]
[20.0, 20.0, 40.0, 40.0]
>>> from_coco(to_coco(ds)) == ds
True
"""
from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Collection, Hashable
from pathlib import Path
from typing import Any

from scorer.result import quoted_ja
from tilelens.labelling.model import Box, Dataset, LabelFileError, LabelledImage, Note, Split
from tilelens.labelling.store import atomic_write_json, read_json_file

# COCO reserves nothing, but many tools treat category 0 as background: start at 1.
FIRST_CATEGORY_ID = 1
# How far (pixels) a box may reach past the photo's edge before its cut is said: the 3 decimals written
# make a box at the edge end a thousandth past it.
EDGE_SAID = 0.01
# The decimals of a pixel a bbox is written with: enough that the 6 decimals of a YOLO label file read back the
# same (3 decimals of a pixel moved a box of a 640-pixel photo by a millionth: 0.312700 read back 0.312699).
BBOX_DECIMALS = 6


def to_coco(dataset: Dataset, unlabelled: Collection[str] = (),
            sent: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """A dataset -> a COCO dict. Every photo needs its ``resolution_wh``; the split and whether a person
    accepted the photo ride along in extra keys (``tilelens_split``, ``tilelens_accepted``), and a category
    its name shown (``tilelens_name``, data.yaml ``own_kinds``) and whether the set lacks it
    (``tilelens_absent``), which COCO readers ignore. A photo ``unlabelled`` names (not labelled yet) is an
    image with no annotations and ``tilelens_labelled: false`` (read back as not labelled, not as no tiles). ``sent``:
    photo -> what its label file was as exported (``transfer.sent_record``: its sha256 and boxes), kept in
    ``tilelens_sent`` for an import to tell a label file changed here since (``meta["sent"]`` read back); the set's
    tile set rides in ``info.tileset``, the id of the dataset exported (``meta["dataset"]``) in
    ``info.tilelens_dataset``."""
    categories = [{"id": i + FIRST_CATEGORY_ID, "name": name, "supercategory": "tile",
                   **({"tilelens_name": dataset.own_kinds[name]} if name in dataset.own_kinds else {}),
                   **({"tilelens_absent": True} if name in dataset.absent else {})}
                  for i, name in enumerate(dataset.names)]
    images, annotations = [], []
    for image_id, image in enumerate(dataset.images, start=1):
        w, h = image.resolution_wh
        if w <= 0 or h <= 0:
            raise LabelFileError(f"{image.path}: unknown image size, cannot write pixel boxes",
                                 f"{image.path}: 写真の大きさが分からないので、ピクセルの枠を書けません")
        images.append({"id": image_id, "file_name": image.path, "width": w, "height": h,
                       "tilelens_split": str(image.split), "tilelens_accepted": bool(image.accepted),
                       **({"tilelens_labelled": False} if image.path in unlabelled else {}),
                       **({"tilelens_sent": sent[image.path]} if sent and image.path in sent else {})})
        if image.path in unlabelled:
            continue
        for box in image.boxes:
            x1, y1, x2, y2 = box.xyxy((w, h))
            annotations.append({
                "id": len(annotations) + 1, "image_id": image_id,
                "category_id": dataset.class_id(box.kind) + FIRST_CATEGORY_ID,
                "bbox": [round(x1, BBOX_DECIMALS), round(y1, BBOX_DECIMALS), round(x2 - x1, BBOX_DECIMALS),
                         round(y2 - y1, BBOX_DECIMALS)],
                "area": round((x2 - x1) * (y2 - y1), 3), "iscrowd": 0})
    info = {"description": "tilelens tile dataset", "game": dataset.game or "",
            **({"tileset": dataset.meta["tileset"]} if dataset.meta.get("tileset") else {}),
            **({"tilelens_dataset": dataset.meta["dataset"]} if dataset.meta.get("dataset") else {})}
    return {"info": info, "images": images, "annotations": annotations, "categories": categories}


def _number(value: Any, what: str, what_ja: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise LabelFileError(f"COCO: {what} must be a number, got {value!r}",
                             f"COCO: {what_ja}は数でなければなりません ({quoted_ja(value)}になっています)")
    return float(value)


def _entry_ja(entry: Any, place: int) -> str:
    """A photo entry of ``images`` with no ``file_name``, as a Japanese message names it: by its id, else by its place
    in the list, never by its whole dict (``quoted_ja`` cuts it before what names it); one that is no object, quoted.

    >>> _entry_ja({"width": 64, "id": 7}, 1), _entry_ja({"width": 64}, 2), _entry_ja("a.jpg", 3)
    ('id 7 の写真', 'images の2番目の写真', '写真「a.jpg」')
    """
    if not isinstance(entry, dict):
        return f"写真{quoted_ja(entry)}"
    return f"id {quoted_ja(entry['id'])} の写真" if "id" in entry else f"images の{place}番目の写真"


def _categories(data: dict[str, Any]) -> dict[Any, str]:
    """Category id -> name. A category no annotation uses that names the ``supercategory`` of others is
    left out: Roboflow writes its project so (id 0, ``supercategory: none``, every tile kind under it),
    and it is no tile kind (the data.yaml written would make it one, never seen, in class 0).

    >>> _categories({"categories": [{"id": 0, "name": "tiles", "supercategory": "none"},
    ...                             {"id": 1, "name": "1m", "supercategory": "tiles"}], "annotations": []})
    {1: '1m'}
    """
    cats = data.get("categories")
    if not isinstance(cats, list) or not cats:
        raise LabelFileError("COCO: 'categories' must be a non-empty list", "COCO: 'categories' が空か、リストではありません")
    try:
        found = {c["id"]: str(c["name"]) for c in cats}
    except (TypeError, KeyError):
        raise LabelFileError("COCO: every category needs an 'id' and a 'name'",
                             "COCO: どのカテゴリーにも 'id' と 'name' が要ります") from None
    groups = {str(c.get("supercategory")) for c in cats if isinstance(c, dict)}
    used = {a.get("category_id") for a in data.get("annotations") or []
            if isinstance(a, dict) and isinstance(a.get("category_id"), Hashable)}
    found = {k: name for k, name in found.items() if k in used or name not in groups} or found
    twice = sorted(n for n, count in Counter(found.values()).items() if count > 1)
    if twice:  # the data.yaml written would list a kind twice, which every later step refuses
        raise LabelFileError(f"COCO: categories name {', '.join(map(repr, twice))} more than once: one category a kind",
                             f"COCO: カテゴリー名{'、'.join(map(quoted_ja, twice))}が2回以上あります: 牌の種類ごとに"
                             f"カテゴリーは1つにしてください")
    return found


def from_coco(data: dict[str, Any], split: Split = Split.TRAIN) -> Dataset:
    """A COCO dict -> a dataset (``names`` in category-id order). Raises ``LabelFileError`` naming the
    first malformed entry. ``file_name`` is kept as written; the folder reader checks it. A photo's split
    is its ``tilelens_split`` (what ``to_coco`` writes), else ``split``."""
    if not isinstance(data, dict) or not isinstance(data.get("images"), list):
        raise LabelFileError("COCO: expected an object with 'images', 'annotations' and 'categories'",
                             "COCO: 'images'、'annotations'、'categories' を持つオブジェクトではありません")
    categories = _categories(data)
    names = tuple(categories[k] for k in sorted(categories, key=lambda k: (str(type(k)), k)))
    shown, absent = _own_and_absent(data, categories)
    _one_entry_a_photo(data["images"])
    boxes: dict[Any, list[Box]] = {}
    for ann in data.get("annotations") or []:
        if not isinstance(ann, dict):
            raise LabelFileError(f"COCO: annotation {ann!r} is not an object",
                                 f"COCO: 注釈{quoted_ja(ann)}がオブジェクトではありません")
        bbox = ann.get("bbox")
        if not isinstance(bbox, list) or len(bbox) != 4:
            raise LabelFileError(f"COCO: annotation {ann.get('id')}: bbox must be [x, y, width, height]",
                                 f"COCO: 注釈 {ann.get('id')}: bbox は [x, y, width, height] にしてください")
        if not isinstance(ann.get("image_id"), Hashable):  # a list or an object: no image's id
            raise LabelFileError(f"COCO: annotation {ann.get('id')}: image_id must be a number, got "
                                 f"{ann.get('image_id')!r}",
                                 f"COCO: 注釈 {ann.get('id')}: image_id は数でなければなりません "
                                 f"({quoted_ja(ann.get('image_id'))}になっています)")
        if not isinstance(ann.get("category_id"), Hashable) or ann.get("category_id") not in categories:
            raise LabelFileError(f"COCO: annotation {ann.get('id')}: unknown category_id "
                                 f"{ann.get('category_id')!r}",
                                 f"COCO: 注釈 {ann.get('id')}: category_id {quoted_ja(ann.get('category_id'))}のカテゴリーが"
                                 f"ありません")
        boxes.setdefault(ann.get("image_id"), []).append((categories[ann["category_id"]], bbox, ann.get("id")))
    images, notes, unlabelled = [], [], []
    sent = {e["file_name"]: e["tilelens_sent"] for e in data["images"] if isinstance(e, dict)
            and isinstance(e.get("file_name"), str) and isinstance(e.get("tilelens_sent"), dict)}
    for place, entry in enumerate(data["images"], 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("file_name"), str):
            raise LabelFileError(f"COCO: image {entry!r} needs a 'file_name'",
                                 f"COCO: {_entry_ja(entry, place)}に 'file_name' がありません")
        w = _number(entry.get("width"), f"image {entry['file_name']} width", f"写真 {entry['file_name']} の幅")
        h = _number(entry.get("height"), f"image {entry['file_name']} height", f"写真 {entry['file_name']} の高さ")
        if w <= 0 or h <= 0:
            raise LabelFileError(f"COCO: image {entry['file_name']} has size {w}x{h}",
                                 f"COCO: 写真 {entry['file_name']} の大きさが {w:g}×{h:g} になっています")
        if not isinstance(entry.get("id"), Hashable):
            raise LabelFileError(f"COCO: image {entry['file_name']}: id must be a number, got {entry.get('id')!r}",
                                 f"COCO: 写真 {entry['file_name']}: id は数でなければなりません "
                                 f"({quoted_ja(entry.get('id'))}になっています)")
        own = []
        for kind, (x, y, bw, bh), ann_id in boxes.pop(entry.get("id"), []):
            at = f"annotation {ann_id} on {entry['file_name']}: bbox"  # NaN, Infinity: named where they are
            at_ja = f"{entry['file_name']} の注釈 {ann_id}: bbox の"
            x, y = _number(x, f"{at} x", f"{at_ja} x "), _number(y, f"{at} y", f"{at_ja} y ")
            bw, bh = _number(bw, f"{at} width", f"{at_ja}幅"), _number(bh, f"{at} height", f"{at_ja}高さ")
            where = f"COCO: annotation {ann_id} on {entry['file_name']}"
            where_ja = f"COCO: {entry['file_name']} の注釈 {ann_id}"
            if bw <= 0 or bh <= 0:
                raise LabelFileError(f"{where}: bbox width and height must be positive, got {bw:g} x {bh:g}",
                                     f"{where_ja}: bbox の幅と高さは 0 より大きくしてください ({bw:g}×{bh:g} に"
                                     f"なっています)")
            x1, y1, x2, y2 = max(x, 0.0), max(y, 0.0), min(x + bw, w), min(y + bh, h)  # a box a little past
            if x2 <= x1 or y2 <= y1:                                                     # the edge is cut there
                raise LabelFileError(f"{where}: bbox [{x:g}, {y:g}, {bw:g}, {bh:g}] lies outside the "
                                     f"{w:g} x {h:g} image",
                                     f"{where_ja}: bbox [{x:g}, {y:g}, {bw:g}, {bh:g}] が {w:g}×{h:g} の写真の"
                                     f"外にあります")
            if max(-x, -y, x + bw - w, y + bh - h) > EDGE_SAID:
                notes.append(Note(entry["file_name"],
                                  f"annotation {ann_id} ({kind}): bbox [{x:g}, {y:g}, {bw:g}, {bh:g}] reached past the "
                                  f"edge of the {w:g} x {h:g} photo: cut to [{x1:g}, {y1:g}, {x2 - x1:g}, {y2 - y1:g}]",
                                  f"注釈 {ann_id} ({kind}): bbox [{x:g}, {y:g}, {bw:g}, {bh:g}] が {w:g}×{h:g} の写真"
                                  f"の端からはみ出していたので、[{x1:g}, {y1:g}, {x2 - x1:g}, {y2 - y1:g}] に切りました"))
            own.append(Box(kind, (x1 / w, y1 / h, x2 / w, y2 / h)))
        own_split = entry.get("tilelens_split")
        accepted = entry.get("tilelens_accepted")
        if entry.get("tilelens_labelled") is False and not own:  # not labelled yet: no label file, not no tiles
            unlabelled.append([entry["file_name"], own_split if own_split in Split._value2member_map_ else str(split)])
            continue
        images.append(LabelledImage(entry["file_name"], (int(w), int(h)), tuple(own),
                                    Split(own_split) if own_split in Split._value2member_map_ else split,
                                    accepted if isinstance(accepted, bool) else None))
    if boxes:
        raise LabelFileError(f"COCO: annotations refer to unknown image_id {next(iter(boxes))!r}",
                             f"COCO: 注釈の image_id {quoted_ja(next(iter(boxes)))}の写真がありません")
    info = data.get("info")
    game = (info.get("game") or None) if isinstance(info, dict) else None
    tileset = info.get("tileset") if isinstance(info, dict) and isinstance(info.get("tileset"), str) else ""
    exported_from = info.get("tilelens_dataset") if isinstance(info, dict) else None
    meta = {"unlabelled": json.dumps(unlabelled), "sent": json.dumps(sent), "tileset": tileset,
            "dataset": exported_from if isinstance(exported_from, str) else ""}
    return Dataset(names, tuple(images), game, meta, own_kinds=shown, absent=absent, notes=tuple(notes))


def _own_and_absent(data: dict[str, Any], categories: dict[Any, str]) -> tuple[dict[str, str], tuple[str, ...]]:
    """The kinds' names shown (``tilelens_name``) and the kinds the set lacks (``tilelens_absent``) that
    ``to_coco`` writes in the categories of the kinds ``categories`` keeps."""
    own, absent = {}, []
    for cat in data["categories"]:
        if not isinstance(cat, dict) or categories.get(cat.get("id")) != str(cat.get("name")):
            continue
        if isinstance(cat.get("tilelens_name"), str) and cat["tilelens_name"]:
            own[str(cat["name"])] = cat["tilelens_name"]
        if cat.get("tilelens_absent") is True:
            absent.append(str(cat["name"]))
    return own, tuple(absent)


def _one_entry_a_photo(entries: list[Any]) -> None:
    """``LabelFileError`` naming a ``file_name`` that two ``images`` entries give (the boxes of one would
    replace the other's, or two be merged: which is meant is not guessed)."""
    ids: dict[str, list[Any]] = {}
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("file_name"), str):
            ids.setdefault(entry["file_name"], []).append(entry.get("id"))
    twice = [(name, found) for name, found in ids.items() if len(found) > 1]
    if twice:
        def said(joint: str, what: str = "images ") -> str:
            return ", ".join(f"{name} ({what}{joint.join(map(str, found))})" for name, found in twice[:5])
        more = f" and {len(twice) - 5} more" if len(twice) > 5 else ""
        raise LabelFileError(f"COCO: more than one images entry for {said(' and ')}{more}: one entry a photo, its "
                             f"boxes all on it (which entry is meant is not guessed); nothing imported",
                             f"COCO: 同じ写真の images の項目が複数あります: {said(' と ', 'id ')}"
                             f"{f' ほか {len(twice) - 5}枚' if len(twice) > 5 else ''}。写真ごとに項目は1つにして、"
                             f"枠はすべてその項目に付けてください (どれのつもりかは推測しません)。何も読み込んでいません")


# The folders a download keeps each split's COCO file in (Roboflow: train/, valid/, test/, each with its
# photos and ``_annotations.coco.json``, the split written nowhere else).
SPLIT_FOLDERS = {"train": Split.TRAIN, "valid": Split.VAL, "val": Split.VAL, "validation": Split.VAL,
                 "test": Split.TEST}


ROBOFLOW_NAME = "_annotations.coco.json"


def folder_split(path: Path | str) -> Split:
    """The split a COCO file's folder says, in a download laid out by split (``SPLIT_FOLDERS``): the file
    has Roboflow's name (``ROBOFLOW_NAME``), or a folder of another split lies beside its own. Else train:
    a file of one's own in a scratch folder named ``test/`` is no test split (whose photos train nothing)."""
    folder = Path(path).resolve().parent
    split = SPLIT_FOLDERS.get(folder.name.lower())
    if split is None:
        return Split.TRAIN
    if Path(path).name == ROBOFLOW_NAME:
        return split
    siblings = (p for p in folder.parent.iterdir() if p.is_dir() and p != folder)
    return split if any(SPLIT_FOLDERS.get(p.name.lower(), split) is not split for p in siblings) else Split.TRAIN


def split_files(folder: Path | str) -> list[Path]:
    """The COCO files of a download laid out by split (``SPLIT_FOLDERS``: Roboflow's ``train/``, ``valid/``,
    ``test/``), train first: each split folder's ``_annotations.coco.json`` (``ROBOFLOW_NAME``), or its one
    JSON file. Empty for a folder not laid out so; ``LabelFileError`` naming the files of a split folder that
    holds several, none of Roboflow's name (which of them is the split's is not guessed)."""
    order = list(SPLIT_FOLDERS)
    splits = sorted((p for p in Path(folder).iterdir() if p.is_dir() and p.name.lower() in SPLIT_FOLDERS),
                    key=lambda p: (order.index(p.name.lower()), p.name))
    files = []
    for split in splits:
        found = sorted(split.glob("*.json"))
        if (split / ROBOFLOW_NAME).is_file():
            files.append(split / ROBOFLOW_NAME)
        elif len(found) == 1:
            files.append(found[0])
        elif found:
            raise LabelFileError(f"{split} holds {len(found)} JSON files ({', '.join(map(str, found))}): name the "
                                 f"one to import",
                                 f"{split} に JSON ファイルが {len(found)}個あります ({', '.join(map(str, found))}): "
                                 f"読み込むファイルを指定してください")
    return files


def read_coco(path: Path | str) -> Dataset:
    """Read a COCO JSON file; raises ``LabelFileError`` for a missing or malformed file. A photo the file
    gives no split (``tilelens_split``) is of the split its folder says (``folder_split``: a Roboflow
    download's ``valid/_annotations.coco.json`` is val), else train."""
    path = Path(path)
    split = folder_split(path) if path.is_file() else Split.TRAIN
    data = read_json_file(path)
    try:
        return from_coco(data, split)
    except LabelFileError as exc:  # the file named, as a person may import several (train/, valid/, test/)
        raise LabelFileError(f"{path}: {exc}", f"{path}: {exc.message_ja}" if exc.message_ja else "") from None


def write_coco(dataset: Dataset, path: Path | str, unlabelled: Collection[str] = (),
               sent: dict[str, dict[str, Any]] | None = None) -> Path:
    """Write a dataset as COCO JSON, atomically (``unlabelled``, ``sent``: ``to_coco``)."""
    return atomic_write_json(path, to_coco(dataset, unlabelled, sent))
