"""Moving a dataset between formats: export a YOLO folder to COCO or Label Studio, and import either
back into a YOLO folder (copying photos in when they live elsewhere).

Photo paths in a foreign file are never trusted: a path that leads outside the folder it is read
against is reported and skipped, never followed.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path, PurePosixPath

from tilelens.labelling import coco, labelstudio
from tilelens.labelling.model import Dataset, Issue, IssueKind, LabelFileError, LabelledImage, Split
from tilelens.labelling.yolo import (DataConfig, add_to_list, dataset_photos, default_config, filing_folder,
                                     format_data_yaml, image_size, inside, label_path_for, own_layout, parse_labels,
                                     read_data_yaml, read_yolo, write_labels)
from tilelens.labelling.store import atomic_write_text


class Format(StrEnum):
    COCO = "coco"
    LABELSTUDIO = "labelstudio"


@dataclass(frozen=True)
class ImportSummary:
    """What an import did: photos labelled, photos copied in, and what was skipped and why; of the photos
    labelled, ``replaced``: those whose labels it changed (only with ``overwrite``), ``unchanged``: those whose
    label file held these boxes already (the others had none)."""

    labelled: int
    copied: int
    issues: tuple[Issue, ...] = field(default=())
    replaced: int = 0
    unchanged: int = 0


def export_dataset(root: Path | str, fmt: Format, out: Path | str,
                   image_prefix: str = labelstudio.LOCAL_FILES_PREFIX,
                   as_annotations: bool = False) -> tuple[list[Path], list[Issue]]:
    """Write a YOLO folder as COCO JSON or Label Studio tasks; returns the files written and the
    problems met while reading (bad label lines are left out of the export)."""
    dataset, issues = read_yolo(root)
    unlabelled = {i.path for i in issues if i.kind is IssueKind.NO_LABEL_FILE}
    if Format(fmt) is Format.COCO:  # COCO cannot say "not labelled yet": it would read back as "no tiles"
        labelled = replace(dataset, images=tuple(im for im in dataset.images if im.path not in unlabelled))
        return [coco.write_coco(labelled, out)], issues
    return list(labelstudio.write_labelstudio(dataset, out, image_prefix, as_annotations, unlabelled)), issues


def read_foreign(path: Path | str, fmt: Format, names: tuple[str, ...] | None = None,
                 use_predictions: bool = True) -> Dataset:
    """Read a COCO or Label Studio file into a ``Dataset`` (photo paths as the file gives them)."""
    if Format(fmt) is Format.COCO:
        return coco.read_coco(path)
    return labelstudio.read_labelstudio(path, names, use_predictions)


def _under(base: Path, rel: str) -> Path | None:
    """``base/rel`` if it stays inside ``base`` (absolute paths and ``..`` escapes give None)."""
    if not rel or PurePosixPath(rel).is_absolute() or os.path.isabs(rel):
        return None
    candidate = base / rel
    return candidate if inside(base, candidate) else None


def _locate(rel: str, root: Path, search: list[Path], config: DataConfig | None = None,
            listed: dict[str, Path] | None = None) -> Path | None:
    """Where the photo ``rel`` is: inside the dataset, else in a search folder (by path, then name), else
    among the photos the dataset's splits name (``listed``: name -> photo, ``_listed``)."""
    name = PurePosixPath(rel).name
    for base in [root, *search]:
        for candidate in (_under(base, rel), _under(base, name)):
            if candidate is not None and candidate.is_file():
                return candidate
    # Last, a photo already filed in the dataset under its name (e.g. a Label Studio upload URL): in
    # images/<split>, or in the folder a split of ``config`` files its photos into (``filing_folder``: a
    # Roboflow export's train/images, valid/images, test/images).
    images = root / "images"
    splits = sorted(p for p in images.iterdir() if p.is_dir()) if images.is_dir() else []
    splits += [filing_folder(root, config, split) for split in (config.sources if config else ())]
    found = next((d / name for d in splits if name and inside(root, d) and (d / name).is_file()), None)
    return found or (listed or {}).get(name)


def _listed(root: Path, config: DataConfig | None) -> dict[str, Path]:
    """The photos the splits of the dataset ``root`` name wherever in it they lie (a ``.txt`` list's:
    ``dataset_photos``), by file name (the first of a name)."""
    found: dict[str, Path] = {}
    for photo in dataset_photos(root, config)[0]:
        found.setdefault(photo.name, photo)
    return found


def _escapes(rel: str) -> bool:
    parts = PurePosixPath(rel.replace("\\", "/")).parts
    return PurePosixPath(rel).is_absolute() or os.path.isabs(rel) or ".." in parts


def _target_names(root: Path, foreign: Dataset, game: str | None) -> tuple[str, ...]:
    """Class names of the folder after the import: its data.yaml's, else the game's tile ids, else
    the file's. Every kind in the file must be among them."""
    if (root / "data.yaml").is_file():
        names = read_data_yaml(root).names
    elif game:
        from scorer import load_game

        names = tuple(t.id for t in load_game(game).tiles)
    else:
        names = foreign.names
    unknown = sorted({b.kind for im in foreign.images for b in im.boxes} - set(names))
    if unknown:
        raise LabelFileError(f"tile kinds not among the dataset's class names: {', '.join(unknown[:10])}"
                             + (f" and {len(unknown) - 10} more" if len(unknown) > 10 else ""),
                             f"データセットの種類名にない牌の種類があります: {', '.join(unknown[:10])}"
                             + (f" ほか {len(unknown) - 10}種類" if len(unknown) > 10 else ""))
    return names


def import_dataset(path: Path | str, fmt: Format, root: Path | str, images_dir: Path | str | None = None,
                   game: str | None = None, use_predictions: bool = True, overwrite: bool = False) -> ImportSummary:
    """Label the photos of a YOLO folder from a COCO or Label Studio file.

    Photos are looked for in ``root``, ``images_dir`` and the file's own folder; one found outside
    ``root`` is copied into its split's folder (``root/images/<split>/``, or where the dataset keeps that
    split: ``yolo.filing_folder``). A photo path that escapes its folder, or a photo
    that cannot be found or read, is reported in the summary and skipped. A photo whose label file
    already holds other boxes is replaced only with ``overwrite``; else nothing is written and
    ``LabelFileError`` says which photos (a person's labels are not lost to an import by mistake).
    """
    path, root = Path(path), Path(root)
    config = read_data_yaml(root) if (root / "data.yaml").is_file() else None
    existing = config.names if config is not None else None
    foreign = read_foreign(path, fmt, existing, use_predictions)
    names = _target_names(root, foreign, game)
    search = [Path(images_dir)] if images_dir else []
    search.append(path.parent)
    issues: list[Issue] = []
    todo: list[tuple[LabelledImage, Path]] = []  # (image, where the photo is now)
    listed = _listed(root, config)
    for image in foreign.images:
        if _escapes(image.path):
            issues.append(Issue(IssueKind.PATH_ESCAPE, image.path,
                                "photo path leads outside the dataset folder; skipped",
                                message_ja="写真のパスがデータセットのフォルダの外を指しているので、飛ばしました"))
            continue
        found = _locate(image.path, root, search, config, listed)
        if found is None:
            issues.append(Issue(IssueKind.MISSING_SOURCE, image.path, "photo not found; skipped",
                                message_ja="写真が見つからないので、飛ばしました"))
            continue
        todo.append((image, found))
    places = _places(root, config, todo)
    if not overwrite:
        _refuse_to_replace(root, todo, places, names)
    labelled = copied = replaced = unchanged = 0
    filed: dict[Split, list[Path]] = {}  # photos copied in and labelled: named in their split's .txt list
    root.mkdir(parents=True, exist_ok=True)
    for (image, found), target in zip(todo, places):
        outside = target != found
        if outside:
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists():  # else the same photo, imported before
                shutil.copy2(found, target)
            found, copied = target, copied + 1
        try:
            size = image_size(found)
        except LabelFileError as exc:
            issues.append(Issue(IssueKind.UNREADABLE_IMAGE, image.path, str(exc), message_ja=exc.message_ja))
            continue
        rel = Path(os.path.abspath(found)).relative_to(os.path.abspath(root)).as_posix()
        label = label_path_for(found)
        if label.is_file():  # labels it had: the same boxes again, or replaced (only with overwrite)
            same = _same_boxes(label.read_text(encoding="utf-8", errors="replace"), image.boxes, names)
            unchanged, replaced = unchanged + same, replaced + (not same)
        write_labels(root, replace(image, path=rel, resolution_wh=size), names)
        labelled += 1
        if outside:
            filed.setdefault(image.split, []).append(found)
    if config is None or own_layout(config):  # val and test named once photos are filed in images/val, test
        config = _own_layout_config(root, config, names, game or foreign.game)
    for split, photos in filed.items():
        add_to_list(root, config, split, photos)
    return ImportSummary(labelled, copied, tuple(issues), replaced, unchanged)


def _own_layout_config(root: Path, config: DataConfig | None, names: tuple[str, ...],
                       game: str | None) -> DataConfig:
    """Write ``root/data.yaml`` in tilelens's layout (``default_config``) where it has none or is laid out
    so, and return it: a split imported into ``images/val`` or ``images/test`` (a Roboflow download's
    ``valid/`` and ``test/``) is then named there, not left in no split while ``val:`` still says
    ``images/train``. A file whose splits stay as they are is not written again."""
    if config is not None:
        game = config.game or game
    new = default_config(root, names, game, config.tileset if config is not None else None)
    if config is not None and Split.TEST in config.sources:  # kept, its folder there or not yet
        new = replace(new, sources=new.sources | {Split.TEST: config.sources[Split.TEST]})
    if config is None or new.sources != config.sources:
        atomic_write_text(root / "data.yaml", format_data_yaml(root, new))
    return new


def _places(root: Path, config: DataConfig | None, todo: list[tuple[LabelledImage, Path]]) -> list[Path]:
    """Where each photo of ``todo`` is, or will be once copied in: into its split's folder (``filing_folder``:
    ``images/<split>``, or where the dataset keeps that split, a Roboflow export's ``train/images``, which
    training reads). One from outside keeps its name unless
    its split's folder holds another photo of that stem, or an earlier photo of this import takes it: then
    it gets a free one (``-2``, ``-3`` ...), so no photo of the dataset is written over and no two share a
    label file (two photos ``b.jpg`` of other folders replaced the dataset's own ``b.jpg``). The same photo
    imported again (the same bytes) goes where it went before."""
    from tilelens.labelling.prelabel import holding, unique_stem

    taken: dict[Path, set[str]] = {}
    places = []
    for image, found in todo:
        if inside(root, found):
            places.append(found)
            continue
        folder = filing_folder(root, config, image.split)
        there = sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
        stems = taken.setdefault(folder, {p.stem.lower() for p in there})
        before = holding([p for p in there if p.suffix.lower() == found.suffix.lower()], found)
        if before is not None:
            places.append(before)
            continue
        stem = unique_stem(found.stem, stems)
        stems.add(stem.lower())
        places.append(folder / f"{stem}{found.suffix}")
    return places


def _same_boxes(text: str, boxes, names: tuple[str, ...]) -> bool:
    """Whether a label file's ``text`` holds ``boxes`` (in order, corners within 1e-5: COCO keeps pixels to
    3 decimals, so an unchanged export read back differs in the last digit written)."""
    found, issues = parse_labels(text, names)
    return not issues and len(found) == len(boxes) and all(a.close_to(b, 1e-5) for a, b in zip(found, boxes))


def _refuse_to_replace(root: Path, todo: list[tuple[LabelledImage, Path]], places: list[Path],
                       names: tuple[str, ...]) -> None:
    """``LabelFileError`` when a photo of ``root`` already has a label file the import would change."""
    changed = []
    for (image, _), place in zip(todo, places):
        label = label_path_for(place)
        text = label.read_text(encoding="utf-8", errors="replace") if label.is_file() else None
        if text is not None and not _same_boxes(text, image.boxes, names):
            before = sum(1 for line in text.splitlines() if line.strip())
            changed.append((Path(os.path.abspath(place)).relative_to(os.path.abspath(root)).as_posix(), before,
                            len(image.boxes)))
    if changed:
        first, before, after = changed[0]
        raise LabelFileError(
            f"{len(changed)} photo{'' if len(changed) == 1 else 's'} of {root} already labelled would be "
            f"relabelled (first: {first}, {before} boxes -> {after}); nothing written: add --overwrite to "
            f"replace their labels",
            f"{root} のラベル付き写真 {len(changed)}枚のラベルが書き換わるところでした (最初: {first}、枠 {before}個 -> "
            f"{after}個)。何も書いていません: ラベルを置き換えるなら --overwrite を付けてください")


__all__ = ["Format", "ImportSummary", "export_dataset", "import_dataset", "read_foreign"]
