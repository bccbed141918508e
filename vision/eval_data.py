"""Labelled image sets for ``tilelens eval``: the real Hong Kong parts, Ultralytics folders and YAMLs.

Each image comes with its truth boxes in detector classes (``0 tile``, ``1 back``) and, where the set's
class names are tile ids, the tile id of each box (``kinds``), which per-tile identity is scored against.
"""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scorer.result import TilelensInputError, cli_lang, near_said, quoted_ja
from vision.data_yaml import (BOM_SAID, UTF16_SAID, elsewhere_words, photos_in, photos_read_elsewhere, read_data_yaml,
                              split_images)
from vision.detections import Detections, DetectionsError, box_iou
from vision.detector_data import label_path_of
from vision.synth.scene import MIN_READABLE

# In a set whose other names are tile ids, ``tile`` marks a tile whose face cannot be read (more than half
# of it hidden, see ``vision.synth.scene.MIN_READABLE``): its box counts for detection, its name for nothing.
UNREADABLE = "tile"
# Class names that say nothing about a tile's identity: boxes a classifier is not asked to name, and all
# the names of a detector-only dataset.
NAMELESS = {UNREADABLE, "back"}
# the real Hong Kong photos by part; "-upstream": with their labels as published, none corrected
HK_SETS = ("hk-heldout", "hk-enroll", "hk-heldout-upstream", "hk-enroll-upstream")
# Labels written twice upstream (one tile, two lines of one kind): (photo, 1-based line of its label file) -> why
# the line goes. The corrections CSV (vision.hk_split) only changes kinds; these lines are dropped after it.
REPEATED_LABELS = {
    ("IMG_20231107_230643_jpg.rf.25a1ef1ba12ef524a1af9da10b587014.jpg", 22):
        "2p boxed twice: line 33 boxes the same tile (IoU 0.94) in the row's order; every read missed one",
}
REPEAT_IOU = 0.9  # a line dropped as written twice must box the same tile as another line of its kind this closely


class EvalDataError(TilelensInputError):
    """An evaluation set that cannot be found or read."""


class PhotoUnreadable(EvalDataError):
    """A photo of an evaluation set that cannot be read (cut short, not an image, no read permission): left out and
    counted by ``load_eval_set`` where it is given a list for them, the rest measured."""


@dataclass(frozen=True)
class LabelledImage:
    """One photo with its truth: boxes in detector classes and, if known, each box's tile id (``UNREADABLE``
    where its face cannot be read); a synthetic scene also knows how much of each tile shows (``visible``,
    0..1) and its ``layout``."""

    image_path: Path
    truth: Detections
    kinds: tuple[str, ...] | None
    visible: tuple[float, ...] | None = None
    layout: str | None = None


def _image_size(path: Path) -> tuple[int, int]:
    """The upright size of the photo ``path`` (decoded whole); ``PhotoUnreadable`` where it cannot be read, said as
    ``label check`` and ``read`` say it (``vision.image_io``: "the file is cut short", "cannot be read (Permission
    denied)"), not in Pillow's words."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    from vision.image_io import unreadable

    try:
        with Image.open(path) as im:
            return ImageOps.exif_transpose(im).size
    except UnidentifiedImageError:
        raise PhotoUnreadable(f"{path}: not an image PIL can read", f"{path}: 画像として読めません") from None
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        said = unreadable(path, str(path), exc)
        raise PhotoUnreadable(str(said), said.message_ja) from None


def check_label_lines(text: str, names: Mapping[int, str], where: str) -> None:
    """``EvalDataError`` naming ``where`` and the line for a label line that cannot be a tile: a class that is
    not a whole number, or not one of ``names`` (when it names any), a box centre outside the photo, or a
    box of no size (each was counted as a tile before: class 99 became a tile called "99").

    >>> check_label_lines("0 0.5 0.5 0.1 0.2", {0: "1m"}, "a.txt")
    >>> check_label_lines("3 0.5 1.5 0.1 0.2", {0: "1m"}, "a.txt")
    Traceback (most recent call last):
    ...
    vision.eval_data.EvalDataError: a.txt, line 1: class 3 is not one of the data.yaml's names (0-0)
    """
    if text.startswith("\ufeff"):  # as `tilelens label check` says it (``BOM_SAID``), not "got '\ufeff17'"
        raise EvalDataError(f"{where}, line 1: {BOM_SAID[0]}", f"{where} の 1行目: {BOM_SAID[1]}")
    for n, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if not fields:
            continue
        said, said_ja = f"{where}, line {n}", f"{where} の {n}行目"
        if len(fields) < 5:
            continue  # Detections.from_yolo_labels says what such a line lacks
        if not fields[0].isdigit():
            raise EvalDataError(f"{said}: the class must be a whole number 0 or more, got {fields[0]!r}",
                                f"{said_ja}: クラスは 0 以上の整数にしてください ({quoted_ja(fields[0])}と書かれています)")
        if names and int(fields[0]) not in names:
            raise EvalDataError(f"{said}: class {fields[0]} is not one of the data.yaml's names "
                                f"({min(names)}-{max(names)})",
                                f"{said_ja}: クラス {fields[0]} は data.yaml の names にありません "
                                f"({min(names)}-{max(names)})")
        try:
            xc, yc, bw, bh = (float(v) for v in fields[1:5])
        except ValueError:
            continue  # said by Detections.from_yolo_labels
        if not (0.0 <= xc <= 1.0 and 0.0 <= yc <= 1.0):
            raise EvalDataError(f"{said}: the box centre ({xc:g}, {yc:g}) lies outside the photo (0 to 1)",
                                f"{said_ja}: 枠の中心 ({xc:g}, {yc:g}) が写真の外にあります (0 から 1 のはずです)")
        if not (0.0 < bw <= 1.0 and 0.0 < bh <= 1.0):
            raise EvalDataError(f"{said}: the box size {bw:g} x {bh:g} must be more than 0 and at most 1",
                                f"{said_ja}: 枠の大きさ {bw:g} x {bh:g} は 0 より大きく 1 以下にしてください")


def labelled_image(image_path: Path, names: Mapping[int, str], label_text: str | None = None) -> LabelledImage:
    """Read an image's YOLO label file (or ``label_text`` in its place); box classes become ``1`` for
    ``back`` and ``0`` otherwise. ``EvalDataError`` for a label line that cannot be a tile."""
    size = _image_size(image_path)
    label_path = label_path_of(image_path) if label_text is None else None
    try:
        if label_path is not None:
            label_text = _label_text(label_path) if label_path.exists() else ""
        check_label_lines(label_text, names, str(label_path or f"labels of {image_path}"))
        raw = Detections.from_yolo_labels(label_text, size)
    except (DetectionsError, UnicodeDecodeError) as exc:
        raise EvalDataError(f"{label_path or f'labels of {image_path}'}: {exc}",
                            f"{label_path or f'{image_path} のラベル'}: ラベルを読めません ({exc})") from None
    cls_names = [names.get(int(c), str(int(c))) for c in raw.class_id]
    det_cls = [1 if n == "back" else 0 for n in cls_names]
    truth = Detections(raw.xyxy, raw.confidence, det_cls)
    identity = not set(names.values()) <= NAMELESS
    return LabelledImage(Path(image_path), truth, tuple(cls_names) if identity else None)


def _label_text(path: Path) -> str:
    """The text of the label file ``path``; ``EvalDataError`` for one saved as UTF-16 or in another encoding than
    UTF-8, said as ``label check`` says it (``UTF16_SAID``), not in the codec's words."""
    try:
        raw = path.read_bytes()
    except OSError as exc:  # no read permission: said as a data.yaml that cannot be read is (``read_data_yaml``)
        raise EvalDataError(f"{path}: cannot be read ({exc.strerror or exc})",
                            f"{path}: 読めません ({exc.strerror or exc})") from None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in raw:  # UTF-16, with its mark or without
        raise EvalDataError(f"{path}: {UTF16_SAID[0]}", f"{path}: {UTF16_SAID[1]}")
    try:
        return raw.decode("utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError:
        raise EvalDataError(f"{path}: not UTF-8 text: save it as UTF-8",
                            f"{path}: UTF-8 のテキストではありません。UTF-8 で保存し直してください") from None


def _names(data: Mapping, where: Path | str = "data.yaml") -> dict[int, str]:
    names = data.get("names") or {}
    if isinstance(names, list):
        return {i: str(n) for i, n in enumerate(names)}
    try:
        return {int(k): str(v) for k, v in names.items()}
    except (AttributeError, TypeError, ValueError):
        raise EvalDataError(f"{where}: names must list the class names, or map class numbers to them",
                            f"{where}: names にはクラス名を並べるか、クラス番号とクラス名の対応を書いてください") from None


def _labelled(photos: list[Path], names: Mapping[int, str], skipped: list[Path],
              unreadable: list[tuple[Path, str, str]] | None = None) -> list[LabelledImage]:
    """The photos that have a label file, each with its labels; those without go to ``skipped`` (a photo
    not labelled yet is not a photo of no tiles). A photo that cannot be read goes to ``unreadable`` (its path, why
    in English and in Japanese) where it is given, else is refused (``PhotoUnreadable``)."""
    have: list[Path] = []
    for p in photos:
        (have if label_path_of(p).is_file() else skipped).append(p)
    items = []
    for p in have:
        try:
            items.append(labelled_image(p, names))
        except PhotoUnreadable as exc:
            if unreadable is None:
                raise
            unreadable.append((p, str(exc), exc.message_ja or str(exc)))
    return items


def _from_yaml(path: Path, split: str, skipped: list[Path], notes: list[str],
               notes_ja: list[str] | None = None,
               unreadable: list[tuple[Path, str, str]] | None = None) -> list[LabelledImage]:
    data = read_data_yaml(path, EvalDataError)
    names = _names(data, path)
    if split != "val" and split not in data:  # val falls back to train; no other split does
        have = ", ".join(k for k in ("train", "val", "test") if k in data) or "none"
        raise EvalDataError(f"{path}: no {split!r} split (it has: {have})",
                            f"{path}: {quoted_ja(split)}の分割がありません (あるのは: {have})")
    images = split_images(data, path, split, "train", EvalDataError)  # no val: its train (the --split help)
    elsewhere = photos_read_elsewhere(path, split, "train", data)
    if elsewhere is not None and elsewhere.is_dir():  # a folder gone: split_images said so, or read none of it
        english, japanese = elsewhere_words(path, elsewhere)
        notes.append(english)
        if notes_ja is not None:
            notes_ja.append(japanese)
    return _labelled(images, names, skipped, unreadable)


def _from_scenes(jsonl: Path, split: str | None = None, strict: bool = True) -> list[LabelledImage]:
    """A synthetic set written by ``vision.synth.make_dataset``: truth straight from ``scenes.jsonl`` (the
    boxes its label files hold: whole tiles, or faces for a set made with ``--box face``); only the scenes of
    ``split`` when one is named, and those that name none (``strict``: ``EvalDataError`` naming the splits it
    has when it has none of that one; one set of a folder of sets may have none)."""
    import json

    items = []
    splits: set[str] = set()
    for n, line in enumerate(jsonl.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            tiles = rec["tiles"]
            face = rec.get("box") == "face"  # a `--box face` set: its truth is each face's box, as labelled
            truth = Detections(np.array([t["face_xyxy"] if face and t.get("face_xyxy") else t["xyxy"]
                                         for t in tiles], np.float32).reshape(-1, 4),
                               np.ones(len(tiles)), [1 if t["is_back"] else 0 for t in tiles])
            kinds = tuple("back" if t["is_back"] else t["tile_id"] if t.get("face_shown", 1.0) >= MIN_READABLE
                          else UNREADABLE for t in tiles)
            visible = tuple(float(t.get("visible", 1.0)) for t in tiles)
            image = jsonl.parent / rec["image"]
        except (ValueError, KeyError, TypeError, AttributeError) as exc:  # JSONDecodeError is a ValueError
            what = f"no {exc} field" if isinstance(exc, KeyError) else str(exc).splitlines()[0]
            what_ja = f"{exc} の欄がありません" if isinstance(exc, KeyError) else what
            raise EvalDataError(f"{jsonl}, line {n}: not a scene as vision.synth writes it ({what})",
                                f"{jsonl} の {n}行目: vision.synth が書く場面の形ではありません ({what_ja})") from None
        if "split" in rec:
            splits.add(str(rec["split"]))
            if split is not None and rec["split"] != split:
                continue  # a scene of no split (a set of hands rendered for a benchmark) is in every one
        items.append(LabelledImage(image, truth, kinds, visible, rec.get("layout")))
    if strict and split is not None and not items and splits:
        have = ", ".join(k for k in ("train", "val", "test") if k in splits) or "none"
        raise EvalDataError(f"{jsonl.parent}: no {split!r} split (it has: {have})",
                            f"{jsonl.parent}: {quoted_ja(split)}の分割がありません (あるのは: {have})")
    return items


def _hk(part: str, corrected: bool = True) -> list[LabelledImage]:
    """One part of the real photos, with the labels found wrong upstream corrected
    (``vision.hk_split.hk_corrections``) unless ``corrected`` is False."""
    from vision.hk_split import HK_NAMES, CorrectionsError, corrected_labels, hk_corrections, hk_images

    names = dict(enumerate(HK_NAMES))
    if not corrected:
        return [labelled_image(p, names) for p in hk_images(part)]
    try:
        fixes = hk_corrections()
        items = []
        for p in hk_images(part):
            label = label_path_of(p)
            text = label.read_text(encoding="utf-8") if label.is_file() else ""
            text = without_repeats(p.name, corrected_labels(p.name, text, fixes), REPEATED_LABELS)
            items.append(labelled_image(p, names, text))
        return items
    except CorrectionsError as exc:
        raise EvalDataError(str(exc), getattr(exc, "message_ja", "") or f"ラベルの訂正を使えません: {exc}") from None


def without_repeats(image_name: str, text: str, repeats: Mapping[tuple[str, int], str]) -> str:
    """One photo's YOLO label text less its lines written twice (``repeats``: :data:`REPEATED_LABELS`). A line
    that boxes no tile another line of its kind boxes too (IoU ``REPEAT_IOU`` or more) is refused: the labels
    are not the ones the entry was made for.

    >>> without_repeats("a.jpg", "2 0.5 0.5 0.1 0.1\\n2 0.5 0.5 0.1 0.1\\n", {("a.jpg", 2): "twice"})
    '2 0.5 0.5 0.1 0.1\\n'
    """
    mine = sorted(line for name, line in repeats if name == image_name)
    if not mine:
        return text  # as published, byte for byte
    lines = text.splitlines()
    for line in mine:
        if not 1 <= line <= len(lines):
            raise EvalDataError(f"{image_name}, line {line}: dropped as a label written twice, but the labels have "
                                f"{len(lines)} lines",
                                f"{image_name} の{line}行目: 二重に書かれたラベルとして除くはずが、"
                                f"ラベルは{len(lines)}行しかありません")
        if not _repeated(lines, line - 1):
            raise EvalDataError(f"{image_name}, line {line}: dropped as a label written twice, but no other line boxes "
                                f"the same tile as it (same kind, IoU {REPEAT_IOU} or more)",
                                f"{image_name} の{line}行目: 二重に書かれたラベルとして除くはずが、同じ種類で同じ牌を囲む"
                                f"行がほかにありません (IoU {REPEAT_IOU}以上)")
    gone = set(mine)
    return "".join(f"{kept}\n" for n, kept in enumerate(lines, start=1) if n not in gone)


def _repeated(lines: list[str], k: int) -> bool:
    """Whether another of the YOLO label ``lines`` names the kind line ``k`` does and boxes the same tile."""
    fields = [line.split() for line in lines]
    try:
        boxes = np.array([[float(v) for v in f[1:5]] for f in fields], np.float64)
    except (ValueError, IndexError):
        return False
    xyxy = np.concatenate([boxes[:, :2] - boxes[:, 2:] / 2, boxes[:, :2] + boxes[:, 2:] / 2], axis=1)
    iou = box_iou(xyxy[k:k + 1], xyxy)[0]
    return any(n != k and fields[n][0] == fields[k][0] and iou[n] >= REPEAT_IOU for n in range(len(lines)))


def check_split(data: str, split: str | None) -> None:
    """``EvalDataError`` for a split named with a built-in set, which is one part of the real photos already
    (``tilelens eval --data hk-heldout --split train`` read the held-out photos all the same)."""
    if split and data in HK_SETS:
        other = data.replace("heldout", "enroll") if "heldout" in data else data.replace("enroll", "heldout")
        raise EvalDataError(f"--split {split}: {data} is one part of the real photos already (the other: {other})",
                            f"--split {split}: {data} はすでに実写真の一部です (もう一方は {other})")


# ``kindless_note``'s words, in each language
KINDLESS = {"en": {"classes": " (classes: {names})", "scenes": "; the set's scenes name each tile: --data {folder}",
                   "no_yaml": "; {folder} has no data.yaml to name the labels' class numbers: add one whose names "
                              "are the tile ids, as `tilelens games` lists them",
                   "yaml": "; a data.yaml's names must be the tile ids, as `tilelens games` lists them",
                   "note": "identity and hand_exact not measured: the labels name no tile kinds{classes}{where}"},
            "ja": {"classes": " (クラス: {names})", "scenes": "。この組の場面 (scenes) には牌の種類があります: --data {folder}",
                   "no_yaml": "。{folder} にはラベルのクラス番号に名前を付ける data.yaml がありません: names に牌の id "
                              "(`tilelens games` が示すもの) を並べた data.yaml を置いてください",
                   "yaml": "。data.yaml の names は牌の id (`tilelens games` が示すもの) にしてください",
                   "note": "identity と hand_exact は測っていません: ラベルが牌の種類を示していません{classes}{where}"}}


def kindless_note(data: str, lang: str | None = None) -> str:
    """Why ``tilelens eval`` measured no identity on ``data``, whose labels name no tile kinds (a detector's
    ``tile``/``back`` classes, as the data.yaml of a set ``tilelens synth`` wrote): the classes, and where the
    kinds are (the set's own folder, whose scenes name each tile) or how a data.yaml names them; in ``lang``
    (default: the command line's, ``scorer.result.cli_lang``)."""
    words = KINDLESS[lang or cli_lang()]
    path = Path(data)
    yaml_path = path if path.is_file() else path / "data.yaml"
    try:
        classes = words["classes"].format(
            names=", ".join(_names(read_data_yaml(yaml_path, EvalDataError), yaml_path).values()))
    except EvalDataError:
        classes = ""
    if (yaml_path.parent / "scenes.jsonl").is_file():
        where = words["scenes"]
    elif not yaml_path.is_file():  # images/ + labels/ alone: the labels' class numbers name nothing
        where = words["no_yaml"]
    else:
        where = words["yaml"]
    return words["note"].format(classes=classes, where=where.format(folder=yaml_path.parent))


def load_eval_set(data: str, split: str | None = None, skipped: list[Path] | None = None,
                  notes: list[str] | None = None, notes_ja: list[str] | None = None,
                  unreadable: list[tuple[Path, str, str]] | None = None) -> list[LabelledImage]:
    """``hk-heldout`` / ``hk-enroll`` (the real photos, labels found wrong upstream corrected; with
    ``-upstream`` after the name, the labels as published), a ``data.yaml`` (its ``split``, by default val),
    a synthetic set folder (its ``scenes.jsonl``: every split unless ``split`` names one, as a set of another
    seed is held out as a whole), a folder of such sets, or a folder holding a ``data.yaml`` or ``images/`` +
    ``labels/``. Photos of a data.yaml or a folder with no label file are left out and added to ``skipped``;
    ``notes`` is told, in a line, what a person should know of where the photos came from (a data.yaml whose
    ``path:`` names another folder than its own that holds them too: ``vision.data_yaml.photos_read_elsewhere``);
    ``notes_ja`` (where given) the same lines in Japanese, for the command line to say them in its language.
    ``unreadable``: where given, told of each photo of a data.yaml or a folder that cannot be read (a copy cut short),
    which is left out (its path, why in English and in Japanese); where not, such a photo is refused."""
    skipped = [] if skipped is None else skipped
    notes = [] if notes is None else notes
    scenes_split, split = split or None, split or "val"
    if data in HK_SETS:
        part, _, upstream = data[3:].partition("-")
        items = _hk(part, corrected=not upstream)
        if not items:  # not shipped: they are shared beside the checkout, or where TILELENS_HK_DIR says
            from vision.hk_split import hk_root

            raise EvalDataError(f"{data}: no real photos under {hk_root()} (set TILELENS_HK_DIR)",
                                f"{data}: {hk_root()} に実物の写真がありません (TILELENS_HK_DIR を指定してください)")
    else:
        path = Path(data)
        if path.is_file() and path.suffix in {".yaml", ".yml"}:
            items = _from_yaml(path, split, skipped, notes, notes_ja, unreadable)
        elif path.is_dir() and (path / "scenes.jsonl").is_file():
            items = _from_scenes(path / "scenes.jsonl", scenes_split)
        elif path.is_dir() and any(path.glob("*/scenes.jsonl")):
            items = [it for j in sorted(path.glob("*/scenes.jsonl")) for it in _from_scenes(j, scenes_split, strict=False)]
        elif path.is_dir() and (path / "data.yaml").is_file():
            items = _from_yaml(path / "data.yaml", split, skipped, notes, notes_ja, unreadable)
        elif path.is_dir() and (path / "images").is_dir():
            items = _labelled(photos_in(path / "images"), {}, skipped, unreadable)
        else:
            near = [] if path.exists() else difflib.get_close_matches(data, HK_SETS, n=1)
            hint, hint_ja = near_said(near)
            raise EvalDataError(f"{data}: not hk-heldout, a data.yaml, or a folder with images/ and labels/{hint}",
                                f"{data}: hk-heldout でも data.yaml でも、images/ と labels/ のあるフォルダでもありません"
                                f"{hint_ja}")
    if not items:
        unread = len(unreadable or ())
        if unread == 1 and not skipped:  # the one photo: why it cannot be read, as a set of it said before
            raise PhotoUnreadable(unreadable[0][1], unreadable[0][2])
        why = [f"{n} photo{'' if n == 1 else 's'} {what}" for n, what in
               ((len(skipped), "without a label file"), (unread, "that cannot be read")) if n]
        why_ja = [f"{what}が {n}枚" for n, what in
                  ((len(skipped), "ラベルファイルのない写真"), (unread, "読めない写真")) if n]
        first = f": {unreadable[0][1]}" if unread else ""
        first_ja = f": {unreadable[0][2]}" if unread else ""
        raise EvalDataError(f"{data}: no labelled images found" + (f" ({', '.join(why)}{first})" if why else ""),
                            f"{data}: ラベル付きの写真がありません" + (f" ({'、'.join(why_ja)}{first_ja})" if why_ja else ""))
    return items
