"""Moving a dataset between formats: export a YOLO folder to COCO or Label Studio, and import either
back into a YOLO folder (copying photos in when they live elsewhere).

Photo paths in a foreign file are never trusted: a path that leads outside the folder it is read
against is reported and skipped, never followed.
"""
from __future__ import annotations

import json
import os
import shlex
import shutil
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path, PurePosixPath, PureWindowsPath

from scorer.result import quoted_ja
from tilelens.labelling import coco, labelstudio
from tilelens.labelling.model import Box, Dataset, Issue, IssueKind, LabelFileError, LabelledImage, Note, Split
from tilelens.labelling.yolo import (DataConfig, add_to_list, dataset_photos, default_config, filing_folder,
                                     format_data_yaml, image_size, inside, label_path_for, own_layout, parse_labels,
                                     read_data_yaml, read_yolo, relpath, unreadable_issue, write_labels)
from tilelens.labelling.store import (atomic_write_text, dataset_lock, file_sha256, load_done, read_progress,
                                      read_regular_bytes, read_regular_text, set_many_done_locked)


class Format(StrEnum):
    COCO = "coco"
    LABELSTUDIO = "labelstudio"


@dataclass(frozen=True)
class ImportSummary:
    """What an import did: photos labelled, photos copied in, and what was skipped and why; of the photos
    labelled, ``replaced``: those whose labels it changed (only with ``overwrite``), ``unchanged``: those whose
    label file held these boxes already (the others had none). ``notes``: what it changed or chose without
    skipping anything (a box cut at the photo's edge, one of two tasks of a photo taken), one line each;
    ``accepted``: the photos it marked accepted (the file said so); ``left_out``: the photos of tasks left out
    as asked (predictions only, with ``use_predictions`` False), each said in a note too; ``bare``: the photos
    copied in not labelled yet (no label file written; counted in ``copied``, not ``labelled``); ``cancelled``:
    the photos accepted before that a person cancelled (skipped) in Label Studio, no longer accepted;
    ``kept_newer``: the photos whose label file changed here since the export while the file gives the boxes
    exported, left as they are here (each said in a note); ``alone``: the photos the file gives no boxes to use (not
    labelled yet there: those of the dataset left as they are, those copied in counted in ``bare`` too), of them
    ``stripped``: Label Studio tasks whose predictions its export gave as ids only (nobody submitted them there)."""

    labelled: int
    copied: int
    issues: tuple[Issue, ...] = field(default=())
    replaced: int = 0
    unchanged: int = 0
    notes: tuple[Note, ...] = field(default=())
    accepted: int = 0
    left_out: tuple[str, ...] = field(default=())
    bare: int = 0
    cancelled: tuple[str, ...] = field(default=())
    kept_newer: tuple[str, ...] = field(default=())
    alone: int = 0
    stripped: int = 0


@dataclass(frozen=True)
class ExportSummary:
    """What an export wrote (:func:`export_with_summary`): the files, the problems met reading the dataset (as
    :func:`export_dataset` returns them), the photos exported, and of them ``unchecked``: those no person accepted
    (their boxes are pre-labels or unfinished work; COCO marks them ``tilelens_accepted: false``, Label Studio gives
    their boxes as predictions), ``unlabelled`` of those with no label file at all; ``left_out_unchecked``: the
    photos not accepted that ``accepted_only`` left out."""

    written: tuple[Path, ...]
    issues: tuple[Issue, ...]
    fmt: Format
    photos: int
    unchecked: int = 0
    unlabelled: int = 0
    left_out_unchecked: int = 0
    as_annotations: bool = False


# What an export says of the photos nobody checked (``unchecked_line``), in each language. ``{marked}``: how the
# format marks them. The option that leaves them out is a sentence of its own after ``checks.COMMAND_MARK``, which
# the Label page drops for a visitor with no terminal (``checks.phone_text``).
UNCHECKED = {
    "en": {"unchecked": "{n} of {total} photos exported {were} not checked by anyone yet{bare}: {their} boxes are "
                        "proposals ({marked}); check them on the Label page before training with them.",
           "bare": " ({n} not labelled at all)",
           "coco": "marked `\"tilelens_accepted\": false`",
           "labelstudio": "predictions to review, not annotations",
           "labelstudio_annotations": "annotations marked `tilelens_annotated`",
           "option": "export again with `--accepted-only` to leave them out",
           "left_out": "{n} photo{s} not checked by anyone yet left out of the export (--accepted-only)"},
    "ja": {"unchecked": "書き出した写真 {total}枚のうち{n}枚は、まだ誰も確かめていません{bare}: その枠は下書きです "
                        "({marked})。学習に使う前に、ラベル付けのページで確かめてください。",
           "bare": " (そのうち{n}枚はラベルなし)",
           "coco": "`\"tilelens_accepted\": false` の印付き",
           "labelstudio": "annotations ではなく、見直す predictions",
           "labelstudio_annotations": "`tilelens_annotated` の印付きの annotations",
           "option": "`--accepted-only` を付けて書き出し直すと外せます",
           "left_out": "まだ誰も確かめていない写真 {n}枚は書き出しから外しました (--accepted-only)"},
}


# Why a Label Studio task reads back with no boxes though it was exported with predictions: Label Studio's JSON
# export gives a task's predictions as ids only until a person submits it (label-studio#5654)
STRIPPED = (" (Label Studio's export gives the predictions of a task nobody submitted as ids only: submit such tasks "
            "there, or accept their photos here before exporting)",
            " (Label Studio の書き出しでは、誰も Submit していないタスクの予測は ID だけになります: そこでそのタスクを "
            "Submit するか、書き出す前にここでその写真を OK にしてください)")


def unchecked_line(summary: ExportSummary, lang: str = "en") -> str:
    """What an export ``summary`` says of the photos nobody checked, in ``lang`` ("en" or "ja"): how many it wrote,
    how they are marked, and (a sentence of its own: ``checks.COMMAND_MARK``) the option that leaves them out; or
    how many ``--accepted-only`` left out. "" where every photo exported was checked and none was left out."""
    from tilelens.labelling.checks import COMMAND_MARK

    words = UNCHECKED[lang if lang in UNCHECKED else "en"]
    if summary.left_out_unchecked:
        n = summary.left_out_unchecked
        return words["left_out"].format(n=n, s="" if n == 1 else "s")
    if not summary.unchecked:
        return ""
    marked = "coco" if summary.fmt is Format.COCO else \
        "labelstudio_annotations" if summary.as_annotations else "labelstudio"
    bare = words["bare"].format(n=summary.unlabelled) if summary.unlabelled else ""
    return words["unchecked"].format(n=summary.unchecked, total=summary.photos, bare=bare, marked=words[marked],
                                     were="was" if summary.unchecked == 1 else "were",
                                     their="its" if summary.unchecked == 1 else "their") \
        + COMMAND_MARK[lang if lang in COMMAND_MARK else "en"] + words["option"]


def export_with_summary(root: Path | str, fmt: Format, out: Path | str,
                        image_prefix: str = labelstudio.LOCAL_FILES_PREFIX, as_annotations: bool = False,
                        accepted_only: bool = False) -> ExportSummary:
    """Write a YOLO folder as COCO JSON or Label Studio tasks (:func:`export_dataset`) and say what it wrote
    (``ExportSummary``; ``unchecked_line`` says it). ``accepted_only``: only the photos a person accepted
    (``store.load_done``) are written; the others, pre-labels nobody checked, are left out and counted. An export
    that would hold no photo is refused (:func:`nothing_to_export`), nothing written."""
    dataset, found = read_yolo(root)
    done = load_done(root)
    dataset = replace(dataset, images=tuple(replace(im, accepted=im.path in done) for im in dataset.images))
    issues = _boxes_lost(Path(root), found) + _labels_without_photo(Path(root))
    dataset, issues = _unread_left_out(Path(root), dataset, issues)
    unlabelled = {i.path for i in issues if i.kind is IssueKind.NO_LABEL_FILE}
    left_out = 0
    if accepted_only:
        kept = tuple(im for im in dataset.images if im.accepted)
        left_out = len(dataset.images) - len(kept)
        dataset = replace(dataset, images=kept)
        unlabelled = {p for p in unlabelled if p in done}
    if not dataset.images:  # a file of no photo reads back as nothing, and its "import it back" would do nothing
        raise nothing_to_export(root, found, left_out)
    unchecked = [im.path for im in dataset.images if not im.accepted]
    sent = {im.path: sent_record(Path(root), im) for im in dataset.images if im.path not in unlabelled}
    ident = _dataset_ident(Path(root), make=True)  # whose label files ``sent`` says: an import elsewhere skips it
    dataset = replace(dataset, meta={**dataset.meta, "dataset": ident or ""})
    if Format(fmt) is Format.COCO:  # "not labelled yet" said in tilelens_labelled: else it reads back as no tiles
        written: tuple[Path, ...] = (coco.write_coco(dataset, out, unlabelled, sent),)
    else:
        written = tuple(labelstudio.write_labelstudio(dataset, out, image_prefix, as_annotations, unlabelled, done,
                                                      sent))
    return ExportSummary(written, tuple(issues), Format(fmt), len(dataset.images), len(unchecked),
                         sum(1 for p in unchecked if p in unlabelled), left_out, as_annotations)


def nothing_to_export(root: Path | str, found: list[Issue], unaccepted: int = 0) -> LabelFileError:
    """The refusal of an export that would write no photo, in one line: none accepted (``unaccepted``: the photos
    ``--accepted-only`` left out), else why the dataset gives none (the first error of ``found``, the problems met
    reading it), and that nothing was written."""
    typed = shlex.quote(str(root))
    if unaccepted:
        what = "its photo is not" if unaccepted == 1 else f"none of its {unaccepted} photos is"
        return LabelFileError(f"{root}: {what} accepted yet, nothing written: accept them first (`tilelens label "
                              f"accept {typed} --all`, or on the Label page), or export without --accepted-only",
                              f"{root}: OK にした写真がまだありません (写真 {unaccepted}枚)。何も書き出していません: "
                              f"先に OK にしてください (`tilelens label accept {typed} --all` か、アプリの「ラベル付け」"
                              f"のページ)。--accepted-only を付けずに書き出すこともできます")
    first = next((issue for issue in found if issue.is_error), None)
    if first is None:
        why = ("it has no photos yet", "写真がまだありません")
    else:
        where = f"{first.path}:{first.line}" if first.line else first.path
        check = f"`tilelens label check {typed}`"
        why = (f"{where}: {first.message} ({check} lists every problem)",
               f"{where}: {(first.message_ja or first.message).rstrip('。')} ({check} で問題をすべて見られます)")
    return LabelFileError(f"{root}: no photo to export, nothing written: {why[0]}",
                          f"{root}: 書き出す写真がありません。何も書き出していません: {why[1]}")


def export_dataset(root: Path | str, fmt: Format, out: Path | str,
                   image_prefix: str = labelstudio.LOCAL_FILES_PREFIX,
                   as_annotations: bool = False, accepted_only: bool = False) -> tuple[list[Path], list[Issue]]:
    """Write a YOLO folder as COCO JSON or Label Studio tasks; returns the files written and the
    problems met while reading (bad label lines are left out of the export; :func:`left_out`: the photos
    and label files left out whole, each saying how many boxes). The photos a person accepted
    (``store.load_done``) are marked so (Label Studio: as ``annotations``, the others as ``predictions``);
    ``accepted_only``: only they are written. :func:`export_with_summary` also counts the photos nobody checked."""
    summary = export_with_summary(root, fmt, out, image_prefix, as_annotations, accepted_only)
    return list(summary.written), list(summary.issues)


def sent_record(root: Path, image: LabelledImage) -> dict[str, object]:
    """What an export says of a photo's label file as it was (``tilelens_sent``): its sha256 and the boxes exported
    (kind and corners), so that an import tells a label file changed here since the export, and whether the file it
    reads gives the boxes exported or others (:func:`_since_export`)."""
    return {"sha256": file_sha256(label_path_for(root / image.path)),
            "boxes": [[b.kind, *(round(v, 7) for v in b.xyxyn)] for b in image.boxes]}


def _dataset_ident(root: Path, make: bool = False) -> str | None:
    """The id of the dataset ``root`` (``teach.dataset_id``: a copy of another folder is given its own; ``make``:
    written first where there is none), None where there is none or it cannot be written."""
    from tilelens.labelling.teach import dataset_id

    if not root.is_dir():
        return None
    try:
        return dataset_id(root, make=make)
    except OSError:
        return None


def _sent_boxes(entry: object) -> list[Box] | None:
    """The boxes an export's ``tilelens_sent`` gives (``sent_record``); None where it gives none that can be read."""
    found = entry.get("boxes") if isinstance(entry, dict) else None
    if not isinstance(found, list):
        return None
    try:
        return [Box(str(b[0]), tuple(float(v) for v in b[1:5])) for b in found]
    except (TypeError, ValueError, IndexError):
        return None


def _unread_left_out(root: Path, dataset: Dataset, issues: list[Issue]) -> tuple[Dataset, list[Issue]]:
    """``dataset`` without the photos whose label file has lines that cannot be read (UTF-16, a byte-order mark, a
    bad line): exported, the lines read would stand for the whole file, and an import of it write them over it. The
    last problem of each such file says its photo was left out."""
    last: dict[str, int] = {}
    for n, issue in enumerate(issues):
        if issue.is_error and issue.line:
            last[issue.path] = n
    out = set()
    for image in dataset.images:
        n = last.get(relpath(root, label_path_for(root / image.path)))
        if n is None:
            continue
        out.add(image.path)
        issue = issues[n]
        issues[n] = replace(issue, message=f"{issue.message}; {image.path} left out of the export with its whole label "
                                           f"file: fix the file first (an import leaves it as it is)",
                            message_ja=f"{(issue.message_ja or issue.message).rstrip('。')}。{image.path} はラベルファイルごと書き出し"
                                       f"から外しました: 先にファイルを直してください (読み込みでもそのままにします)")
    if not out:
        return dataset, issues
    return replace(dataset, images=tuple(im for im in dataset.images if im.path not in out)), issues


def _box_count(label: Path) -> int:
    try:
        return sum(1 for line in read_regular_text(label, errors="replace").splitlines() if line.strip())
    except OSError:
        return 0


def _boxes_said(n: int) -> tuple[str, str]:
    return f"{n} box{'' if n == 1 else 'es'}", f"枠 {n}個"


def _boxes_lost(root: Path, issues: list[Issue]) -> list[Issue]:
    """The export's ``issues`` with each photo it cannot read saying that it is left out, with its label file's
    boxes."""
    out = []
    for issue in issues:
        if issue.kind is IssueKind.UNREADABLE_IMAGE and _under(root, issue.path) is not None:
            en, ja = _boxes_said(_box_count(label_path_for(root / issue.path)))
            issue = replace(issue, message=f"{issue.message}; left out of the export with its {en}",
                            message_ja=f"{(issue.message_ja or issue.message).rstrip('。')}。書き出しから外しました ({ja})")
        out.append(issue)
    return out


def _labels_without_photo(root: Path) -> list[Issue]:
    """Label files of ``root`` with boxes whose photo is not in the dataset (deleted, renamed): nothing of
    them is exported, said (``label check`` says the same as ``label-without-photo``). Not those of a dataset of its
    own in a folder of ``root`` (``checks.nested_dataset``: the ``kinds/`` set of a set ``tilelens synth`` wrote), as
    the check leaves them."""
    from tilelens.labelling.checks import nested_dataset

    try:
        photos, _ = dataset_photos(root, read_data_yaml(root))
    except LabelFileError:
        return []
    expected = {os.path.abspath(label_path_for(p)) for p in photos}
    mine = [os.path.abspath(p) for p in photos]
    found = []
    for labels in sorted(p for p in root.rglob("labels") if p.is_dir()):
        if nested_dataset(root, labels, mine):
            continue
        for label in sorted(labels.rglob("*.txt")):
            boxes = _box_count(label)
            if boxes and os.path.abspath(label) not in expected:
                en, ja = _boxes_said(boxes)
                found.append(Issue(IssueKind.ORPHAN_LABEL, label.relative_to(root).as_posix(),
                                   f"no photo in the dataset for this label file: its {en} left out of the export",
                                   message_ja=f"このラベルファイルの写真がデータセットにありません: {ja}を書き出しから"
                                              f"外しました"))
    return found


def left_out(issues: list[Issue]) -> list[Issue]:
    """Of an export's ``issues`` (:func:`export_dataset`), those that left something out of it: a photo not
    read (its boxes with it), a label file with no photo, a bad label line. Each is worth a line of its own."""
    return [i for i in issues if i.is_error or i.kind is IssueKind.ORPHAN_LABEL]


def read_foreign(path: Path | str, fmt: Format, names: tuple[str, ...] | None = None,
                 use_predictions: bool = True) -> Dataset:
    """Read a COCO or Label Studio file into a ``Dataset`` (photo paths as the file gives them). A file that is not
    of ``fmt`` at all (empty, a web page, the other format, Label Studio's JSON-MIN export) is refused saying what it
    is and what to give instead (:func:`wrong_format`), not what the reader first missed in it."""
    try:
        if Format(fmt) is Format.COCO:
            return coco.read_coco(path)
        return labelstudio.read_labelstudio(path, names, use_predictions, extend=True)
    except LabelFileError:
        wrong = wrong_format(path, fmt)
        if wrong is not None:
            raise wrong from None
        raise


def wrong_format(path: Path | str, fmt: Format) -> LabelFileError | None:
    """What the file ``path`` given ``--from fmt`` is, where it is plainly no such file: empty; a web page or XML
    (Label Studio's labelling interface); a COCO file given as Label Studio's, or tasks given as COCO; Label Studio's
    JSON-MIN export (flat objects, no ``data``), which tilelens does not read. None where it is none of these (the
    reader's own words then say what is wrong in it)."""
    try:
        raw = read_regular_bytes(Path(path))
    except OSError:
        return None
    text = raw.removeprefix(b"\xef\xbb\xbf").strip()
    if not text:
        return LabelFileError(f"{path}: the file is empty: export it again from the other tool",
                              f"{path}: ファイルが空です: ほかのツールからもう一度書き出してください")
    if text.startswith(b"<"):
        if text[:5].lower() == b"<view":
            return LabelFileError(f"{path}: this is Label Studio's labelling interface (XML), not the tasks: import "
                                  f"the JSON file written beside it, or Label Studio's 'JSON' export",
                                  f"{path}: これは Label Studio のラベル付けの画面 (XML) で、タスクではありません: その横に"
                                  f"書いた JSON ファイルか、Label Studio の「JSON」の書き出しを読み込んでください")
        return LabelFileError(f"{path}: this is a web page (HTML), not an export: download the export again (a "
                              f"login page saved in its place?)",
                              f"{path}: これはウェブページ (HTML) で、書き出したファイルではありません: もう一度ダウンロード"
                              f"してください (ログイン画面が保存されたのかもしれません)")
    try:
        data = json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    tasks = isinstance(data, list) and bool(data) and all(isinstance(t, dict) for t in data)
    if tasks and not any("data" in t for t in data) and isinstance(data[0].get("image"), str):
        return LabelFileError(f"{path}: this looks like Label Studio's JSON-MIN export, which tilelens does not read: "
                              f"export 'JSON' there instead and import that file (--from labelstudio)",
                              f"{path}: これは Label Studio の「JSON-MIN」の書き出しのようで、tilelens は読めません: "
                              f"代わりに「JSON」で書き出して、そのファイルを読み込んでください (--from labelstudio)")
    if Format(fmt) is Format.LABELSTUDIO and isinstance(data, dict) and isinstance(data.get("images"), list):
        return LabelFileError(f"{path}: this is a COCO file, not Label Studio tasks: use --from coco",
                              f"{path}: これは COCO のファイルで、Label Studio のタスクではありません: --from coco を"
                              f"付けてください")
    if Format(fmt) is Format.COCO and tasks and isinstance(data[0].get("data"), dict):
        return LabelFileError(f"{path}: these are Label Studio tasks, not a COCO file: use --from labelstudio",
                              f"{path}: これは Label Studio のタスクで、COCO のファイルではありません: --from "
                              f"labelstudio を付けてください")
    return None


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


def _target_names(root: Path, foreign: Dataset, game: str | None) -> tuple[tuple[str, ...], dict[str, str]]:
    """Class names of the folder after the import, and the kinds added as the folder's own (``own_kinds``):
    its data.yaml's (a kind of the file not among them refused, naming the `label kinds` command that adds
    it), else the game's tile ids (``game``, then the kinds of the file not among them), else the file's. A
    kind of a new folder that is not of its game (``game``, else the file's) is added as the folder's own."""
    used = list(dict.fromkeys(b.kind for im in foreign.images for b in im.boxes))
    if (root / "data.yaml").is_file():
        names = read_data_yaml(root).names
        unknown = [k for k in used if k not in names]
        if unknown:
            _refuse_names(unknown, names, read_data_yaml(root).game)
            add = f"`tilelens label kinds {shlex.quote(str(root))} --add {' '.join(map(shlex.quote, unknown[:10]))}`"
            more = f" and {len(unknown) - 10} more" if len(unknown) > 10 else ""
            more_ja = f" ほか {len(unknown) - 10}種類" if len(unknown) > 10 else ""
            said = ", ".join(map(repr, unknown[:10])) + more
            verb = "is not a tile kind" if len(unknown) == 1 else "are not tile kinds"
            raise LabelFileError(f"{said} {verb} of this dataset (its data.yaml's names); nothing imported: add "
                                 f"{'it' if len(unknown) == 1 else 'them'} to the dataset first ({add}), or fix the file",
                                 f"データセットの種類名にない牌の種類があります: {', '.join(unknown[:10])}{more_ja}。"
                                 f"何も読み込んでいません: 先にデータセットに追加するか ({add})、ファイルを直して"
                                 f"ください")
        return names, {}
    tiles: tuple[str, ...] = ()
    if game or foreign.game:
        from scorer import TilelensInputError, load_game

        try:
            tiles = tuple(t.id for t in load_game(game or foreign.game).tiles)
        except TilelensInputError:
            if game:
                raise
    names = (tiles + tuple(k for k in (*foreign.names, *used) if k not in tiles)) if game else foreign.names
    names = tuple(dict.fromkeys(names + tuple(k for k in used if k not in names)))
    added = {k: foreign.own_kinds.get(k, k) for k in names if tiles and k not in tiles}
    return names, added


def _ids_named(unknown: list[str], names: tuple[str, ...], game: str | None) -> dict[str, str]:
    """The kinds of ``unknown`` that are a tile's name, not its id ('白' for 5z, "White dragon"), -> the id among
    ``names`` they name (``Game.tile``: a name in either language, a reading or an alias): by the tiles of ``game``,
    else of any game the catalog knows where one id only fits."""
    from scorer import TilelensInputError, UnknownTileError, list_games, load_game

    found: dict[str, set[str]] = {}
    for one in ([game] if game else []) + [g for g in list_games() if g != game]:
        try:
            loaded = load_game(one)
        except (TilelensInputError, OSError):
            continue
        for kind in unknown:
            try:
                tile = loaded.tile(kind)
            except UnknownTileError:
                continue
            if tile.id in names:
                found.setdefault(kind, set()).add(tile.id)
        if game and one == game and found:
            break
    return {k: next(iter(ids)) for k, ids in found.items() if len(ids) == 1}


def _refuse_names(unknown: list[str], names: tuple[str, ...], game: str | None) -> None:
    """``LabelFileError`` where kinds of an imported file are tiles' names rather than their ids ('白', the name of
    5z): saying the id to rename each label to, not a `label kinds --add` of a name (which it refuses)."""
    named = _ids_named(unknown, names, game)
    if not named:
        return
    said = ", ".join(f"{k!r} is {v}'s name" for k, v in list(named.items())[:10])
    said_ja = "、".join(f"{quoted_ja(k)}は {v} の名前" for k, v in list(named.items())[:10])
    to = ", ".join(f"{k!r} to {v}" for k, v in list(named.items())[:10])
    to_ja = "、".join(f"{quoted_ja(k)}を {v} に" for k, v in list(named.items())[:10])
    rest = [k for k in unknown if k not in named]
    rest_en = f"; {', '.join(map(repr, rest[:10]))} {'is' if len(rest) == 1 else 'are'} no tile kind of it either" \
        if rest else ""
    rest_ja = f"。{'、'.join(map(quoted_ja, rest[:10]))}もこのデータセットの牌の種類にありません" if rest else ""
    raise LabelFileError(f"{said}: a label names a tile kind by its id (the dataset's names); nothing imported: rename "
                         f"the label{'s' if len(named) > 1 else ''} ({to}) in the other tool, or in the file{rest_en}",
                         f"{said_ja}です: ラベルは牌の種類の ID (データセットの names) で書きます。何も読み込んでいません: "
                         f"ほかのツールかファイルで、ラベル名を変えてください ({to_ja}){rest_ja}")


def _other_computers(rel: str) -> bool:
    """Whether ``rel`` is a whole path of some computer (``/home/me/a.jpg``, ``C:\\Users\\me\\a.jpg``): its
    folders are not this one's, so the photo is looked for by its name."""
    windows = PureWindowsPath(rel)
    return PurePosixPath(rel).is_absolute() or os.path.isabs(rel) or bool(windows.drive) or rel.startswith("\\")


def _base_name(rel: str) -> str:
    return PureWindowsPath(rel).name if "\\" in rel else PurePosixPath(rel).name


# How far the shape (width / height) of the photo may be from the one a COCO file gives it and its boxes still
# be scaled to the photo (a photo resized since: the same shape, the boxes where they were)
SHAPE_TOLERANCE = 0.01


def _size_check(image: LabelledImage, found: Path) -> tuple[Issue | None, Note | None]:
    """A COCO photo whose real size is not the one its entry gives (its boxes are in those pixels): of the same
    shape (resized since), its boxes are kept where they are on it, said in a note; of another shape (turned,
    cropped, another photo), an issue: skipped, as its boxes would not fall where they were drawn."""
    try:
        size = image_size(found)
    except LabelFileError:
        return None, None  # said where it is read again, as before
    declared = image.resolution_wh
    if size == declared or not all(declared) or not all(size):
        return None, None
    (dw, dh), (w, h) = declared, size
    if abs(dw / dh - w / h) <= SHAPE_TOLERANCE * (w / h):
        return None, Note(image.path, f"the file gives it {dw} x {dh} pixels, the photo is {w} x {h}: its boxes "
                                      f"scaled to the photo (x {w / dw:.3g}), as for a photo resized since",
                          f"ファイルでは {dw}×{dh}ピクセルですが、写真は {w}×{h} です: 大きさを変えた写真として、"
                          f"枠を写真に合わせて拡大縮小しました (x {w / dw:.3g})")
    return Issue(IssueKind.OUT_OF_IMAGE, image.path,
                 f"the file gives it {dw} x {dh} pixels, the photo is {w} x {h}, another shape (turned or cropped "
                 f"since, or another photo): its boxes would not fall where they were drawn; skipped (correct "
                 f"width and height in the file, or export it again)",
                 message_ja=f"ファイルでは {dw}×{dh}ピクセルですが、写真は {w}×{h} で形が違います (回転・切り抜き"
                            f"されたか、別の写真です): 枠が描いた場所に来ないので、飛ばしました (ファイルの width と "
                            f"height を直すか、書き出し直してください)"), None


def import_dataset(path: Path | str, fmt: Format, root: Path | str, images_dir: Path | str | None = None,
                   game: str | None = None, use_predictions: bool = True, overwrite: bool = False,
                   take_theirs: bool = False) -> ImportSummary:
    """Label the photos of a YOLO folder from a COCO or Label Studio file.

    Photos are looked for in ``root``, ``images_dir`` and the file's own folder; one found outside
    ``root`` is copied into its split's folder (``root/images/<split>/``, or where the dataset keeps that
    split: ``yolo.filing_folder``). A photo path that escapes its folder, or a photo
    that cannot be found or read, is reported in the summary and skipped; a whole path of another computer
    is looked for by its name, where no other photo of the file has that name. A photo whose label file
    already holds other boxes is replaced only with ``overwrite``; else nothing is written and
    ``LabelFileError`` says which photos (a person's labels are not lost to an import by mistake). A label
    file that holds the same boxes (within rounding) is left as it is, byte for byte. The photos the file
    says a person accepted are marked so in the dataset's progress; one it says was not, whose boxes it
    changed, is unmarked. A label file that cannot be read as it is (UTF-16, a bad line) is never written over:
    its photo is skipped, said. A file tilelens exported says what each label file was then (``sent_record``): a
    photo whose label file changed here since is left as it is where the file gives the boxes exported (said in a
    note, ``kept_newer``), and skipped where the file gives others too (changed on both sides: which is meant is not
    guessed) unless ``take_theirs``.
    """
    path, root = Path(path), Path(root)
    config = read_data_yaml(root) if (root / "data.yaml").is_file() else None
    existing = config.names if config is not None else None
    foreign = read_foreign(path, fmt, existing, use_predictions)
    names, own = _target_names(root, foreign, game)
    new_kinds = [k for k in own if k not in foreign.own_kinds]
    foreign = replace(foreign, own_kinds=foreign.own_kinds | own, meta={**foreign.meta, "file": str(path)})
    search = [Path(images_dir)] if images_dir else []
    search.append(path.parent)
    issues: list[Issue] = []
    notes: list[Note] = list(foreign.notes)
    if new_kinds:
        kinds, of = ", ".join(new_kinds), game or foreign.game
        notes.append(Note("data.yaml", f"kinds not of {of}: {kinds}: added as the folder's own kinds (`tilelens label "
                                       f"kinds {shlex.quote(str(root))}` lists them)",
                          f"{of} の牌ではない種類 {kinds} を、このフォルダ独自の種類として追加しました (`tilelens "
                          f"label kinds {shlex.quote(str(root))}` で一覧できます)"))
    bare = _bare(foreign)
    bare_ids = {id(im) for im in bare}
    skipped = set(json.loads(foreign.meta.get("cancelled") or "[]"))  # cancelled in Label Studio: not accepted
    cancelled: list[str] = []
    left_out = tuple(json.loads(foreign.meta.get("predictions_only") or "[]"))
    for photo in left_out:
        notes.append(Note(photo, "a task with predictions only, nobody annotated it: left out, as --annotations-only "
                                 "asks (skipped)",
                          "予測だけのタスクで、誰も注釈していません: --annotations-only のとおり読み込みませんでした "
                          "(飛ばしました)"))
    todo: list[tuple[LabelledImage, Path]] = []  # (image, where the photo is now)
    listed = _listed(root, config)
    named = Counter(_base_name(im.path) for im in (*foreign.images, *bare))
    for image in (*foreign.images, *bare):
        rel = image.path
        if _other_computers(rel):
            rel = _base_name(rel)
            if named[rel] > 1:
                issues.append(Issue(IssueKind.PATH_ESCAPE, image.path,
                                    f"a path of another computer, and {named[rel]} photos of the file are named "
                                    f"{rel}: which is which is not guessed; skipped",
                                    message_ja=f"別のパソコンのパスで、ファイルの写真 {named[rel]}枚が {rel} という"
                                               f"名前です: どれがどれかは推測しないので、飛ばしました"))
                continue
        elif _escapes(rel):
            issues.append(Issue(IssueKind.PATH_ESCAPE, image.path,
                                "photo path leads outside the dataset folder; skipped",
                                message_ja="写真のパスがデータセットのフォルダの外を指しているので、飛ばしました"))
            continue
        found = _locate(rel, root, search, config, listed)
        if found is None:
            issues.append(Issue(IssueKind.MISSING_SOURCE, image.path, "photo not found; skipped",
                                message_ja="写真が見つからないので、飛ばしました"))
            continue
        if Format(fmt) is Format.COCO and id(image) not in bare_ids:  # boxes in pixels of the size the file gives
            problem, note = _size_check(image, found)
            if problem is not None:
                issues.append(problem)
                continue
            notes += [note] if note else []
        todo.append((image, found))
    places = _places(root, config, todo)
    todo, places = _once_a_photo(root, todo, places, notes)
    todo, places, kept_newer = _since_export(root, foreign, todo, places, bare_ids, names, take_theirs, issues, notes)
    # a damaged progress file refused here, before anything is written (as prelabel does), not after the labels
    done_before = read_progress(root) if root.is_dir() else set()
    if not overwrite:
        _refuse_to_replace(root, [t for t in todo if id(t[0]) not in bare_ids],
                           [p for t, p in zip(todo, places) if id(t[0]) not in bare_ids], names, done_before)
    labelled = copied = replaced = unchanged = copied_bare = alone = 0
    stripped = set(json.loads(foreign.meta.get("stripped") or "[]"))
    filed: dict[Split, list[Path]] = {}  # photos copied in and labelled: named in their split's .txt list
    marks: dict[str, bool] = {}  # photo -> accepted or not, as the file says
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
            issues.append(unreadable_issue(image.path, exc))
            continue
        rel = Path(os.path.abspath(found)).relative_to(os.path.abspath(root)).as_posix()
        label = label_path_for(found)
        if image.path in skipped:  # a person skipped it: its labels stay as they are, not accepted any more
            marks[rel] = False
            if rel in done_before:
                cancelled.append(rel)
        if id(image) in bare_ids:  # not labelled yet: the photo only, no label file (not "no tiles")
            alone += 1
            if outside:
                copied_bare += 1
                filed.setdefault(image.split, []).append(found)
                where, where_ja = (f" as {rel}", f"{rel} として") if rel != image.path else ("", "")
                ids_en, ids_ja = STRIPPED if image.path in stripped else ("", "")
                notes.append(Note(image.path, f"not labelled yet in the file{ids_en}: copied in{where} with no label "
                                              f"file (label it on the Label page)",
                                  f"ファイルではまだラベルがありません{ids_ja}: {where_ja}コピーし、ラベルファイルは作って"
                                  f"いません (ラベル付けのページでラベルを付けてください)"))
            continue
        same = False
        if label.is_file():  # labels it had: the same boxes again, or replaced (only with overwrite)
            same = _same_boxes(label.read_text(encoding="utf-8", errors="replace"), image.boxes, names)
            unchanged, replaced = unchanged + same, replaced + (not same)
        if not same:  # the same boxes are not written again: the file's last digits are kept
            write_labels(root, replace(image, path=rel, resolution_wh=size), names)
        labelled += 1
        if image.accepted:
            marks[rel] = True
        elif label.is_file() and not same and image.path not in skipped:  # boxes a person accepted, replaced by others: no longer accepted
            marks[rel] = False
            if rel in done_before:
                notes.append(Note(rel, "no longer marked accepted: its labels were replaced by the file's, which does "
                                       "not say they were accepted (accept it again on the Label page once checked)",
                                  "OK の印を外しました: ラベルをファイルのものに置き換えましたが、ファイルには OK にしたと"
                                  "書かれていません (確かめたら、ラベル付けのページでもう一度 OK にしてください)"))
        if outside:
            filed.setdefault(image.split, []).append(found)
    if config is None or own_layout(config):  # val and test named once photos are filed in images/val, test
        config = _own_layout_config(root, config, names, game or foreign.game, foreign)
    for split, photos in filed.items():
        add_to_list(root, config, split, photos)
    _mark(root, marks)
    return ImportSummary(labelled, copied, tuple(issues), replaced, unchanged, tuple(notes),
                         sum(1 for v in marks.values() if v), left_out, copied_bare, tuple(cancelled),
                         tuple(kept_newer), alone, len(stripped))


def _unread_label(label: Path, names: tuple[str, ...]) -> Issue | None:
    """The first problem of a label file that cannot be read as it is (not UTF-8, UTF-16, a byte-order mark, a bad
    line); None where it reads whole, or is not there."""
    try:
        raw = read_regular_bytes(label)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return Issue(IssueKind.NOT_A_NUMBER, "", f"cannot be read ({exc.strerror or exc})",
                     message_ja=f"読めません ({exc.strerror or exc})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        if b"\x00" not in raw:
            return Issue(IssueKind.NOT_A_NUMBER, "", "not UTF-8 text", message_ja="UTF-8 の文字ではありません")
        text = raw.decode("utf-8", errors="replace")
    _, problems = parse_labels(text, names)
    return next((i for i in problems if i.is_error), None)


def _since_export(root: Path, foreign: Dataset, todo: list[tuple[LabelledImage, Path]], places: list[Path],
                  bare_ids: set[int], names: tuple[str, ...], take_theirs: bool, issues: list[Issue],
                  notes: list[Note]) -> tuple[list[tuple[LabelledImage, Path]], list[Path], list[str]]:
    """``todo`` and ``places`` without the photos an import must leave as they are, each said: a label file that
    cannot be read as it is (never written over: its boxes are not known); one changed here since the export the
    file was written by (``meta["sent"]``: ``sent_record``) where the file gives the boxes exported (kept: returned
    too) or others (changed on both sides, an issue; taken with ``take_theirs``)."""
    try:
        sent = json.loads(foreign.meta.get("sent") or "{}")
    except ValueError:
        sent = {}
    sent = sent if isinstance(sent, dict) else {}
    exported_from = foreign.meta.get("dataset")
    other = bool(sent and exported_from and exported_from != _dataset_ident(root))  # another dataset's label files
    unlike = 0  # of them, label files here not as the record says: not "changed here since the export", said once
    kept_todo, kept_places, newer = [], [], []
    for (image, found), place in zip(todo, places):
        if id(image) in bare_ids:
            kept_todo.append((image, found))
            kept_places.append(place)
            continue
        label = label_path_for(place)
        rel = Path(os.path.abspath(place)).relative_to(os.path.abspath(root)).as_posix()
        label_rel = Path(os.path.abspath(label)).relative_to(os.path.abspath(root)).as_posix()
        problem = _unread_label(label, names)
        if problem is not None:
            where = f"{label_rel}:{problem.line}" if problem.line else label_rel
            issues.append(Issue(problem.kind, image.path,
                                f"its label file cannot be read as it is ({where}: {problem.message}): left as it is, "
                                f"not written over; fix it (`tilelens label check` names the problem), then import "
                                f"again",
                                message_ja=f"ラベルファイルをそのままでは読めません ({where}: "
                                           f"{problem.message_ja or problem.message}): 上書きせず、そのままにしました。"
                                           f"直してから (`tilelens label check` が問題を挙げます)、もう一度読み込んで"
                                           f"ください"))
            continue
        entry = sent.get(image.path)
        if other and isinstance(entry, dict) and label.is_file() and file_sha256(label) != entry.get("sha256"):
            unlike += 1
        elif isinstance(entry, dict) and "sha256" in entry and label.is_file() and \
                file_sha256(label) != entry["sha256"]:
            text = read_regular_text(label, errors="replace")  # (no label file here: nothing here to keep)
            exported = _sent_boxes(entry)
            if _same_boxes(text, image.boxes, names):
                pass  # the same boxes on both sides: nothing to choose
            elif exported is not None and len(exported) == len(image.boxes) and \
                    all(a.close_to(b, 1e-5) for a, b in zip(exported, image.boxes)):
                newer.append(rel)
                notes.append(Note(image.path, "its labels changed here since the export, and the file gives the "
                                              "boxes exported: kept as they are here",
                                  "書き出した後でここでラベルが変わっていて、ファイルの枠は書き出したままなので、ここの"
                                  "ラベルのままにしました"))
                continue
            elif not take_theirs:
                here = _box_count(label)
                issues.append(Issue(IssueKind.CHANGED_ON_BOTH_SIDES, image.path,
                                    f"changed both here since the export ({label_rel}: {_boxes_said(here)[0]}) and in "
                                    f"the file ({_boxes_said(len(image.boxes))[0]}, "
                                    f"{_boxes_said(len(exported or []))[0]} exported): which is meant is not guessed; "
                                    f"nothing written for it: compare the two and fix it on the Label page, or import "
                                    f"again with --take-theirs to take the file's boxes",
                                    message_ja=f"書き出した後で、ここ ({label_rel}: {_boxes_said(here)[1]}) とファイル "
                                               f"({_boxes_said(len(image.boxes))[1]}、書き出したときは"
                                               f"{_boxes_said(len(exported or []))[1]}) の両方で変わっています: どちらの"
                                               f"つもりかは推測しないので、この写真には何も書いていません。見比べて"
                                               f"ラベル付けのページで直すか、ファイルの枠を使うなら --take-theirs を"
                                               f"付けてもう一度読み込んでください"))
                continue
        kept_todo.append((image, found))
        kept_places.append(place)
    if unlike:
        notes.append(Note(str(foreign.meta.get("file") or ""),
                          f"exported from another dataset (or from this one before it was copied): {unlike} "
                          f"photo{'' if unlike == 1 else 's'} here with other labels than that dataset's are not taken "
                          f"for changed here since the export (the file's boxes replace them with --overwrite)",
                          f"別のデータセット (またはコピーする前のこのデータセット) から書き出したファイルです: ラベルが"
                          f"そのデータセットと違う写真 {unlike}枚は、書き出した後でここで変えたものとは見なしません "
                          f"(--overwrite を付けると、ファイルの枠に置き換わります)"))
    return kept_todo, kept_places, newer


def _bare(foreign: Dataset) -> tuple[LabelledImage, ...]:
    """The photos the file gives as not labelled yet (``meta["unlabelled"]``: [path, split] each, as the COCO
    and Label Studio readers say), as images with no boxes."""
    try:
        found = json.loads(foreign.meta.get("unlabelled") or "[]")
    except ValueError:
        return ()
    return tuple(LabelledImage(path, (0, 0), (), Split(split) if split in Split._value2member_map_ else Split.TRAIN)
                 for path, split in found if isinstance(path, str))


def _once_a_photo(root: Path, todo: list[tuple[LabelledImage, Path]], places: list[Path],
                  notes: list[Note]) -> tuple[list[tuple[LabelledImage, Path]], list[Path]]:
    """``todo`` and ``places`` with each photo of the dataset once: entries of the file that name one photo in
    other words (``a.jpg`` and ``images/train/a.jpg``, or the same photo in two folders) give it the same
    boxes, and the later ones are left out, said in ``notes``; else ``LabelFileError`` naming them (whose
    boxes are meant is not guessed, and the last written would win)."""
    first: dict[Path, LabelledImage] = {}
    kept_todo, kept_places, clashes = [], [], []
    for (image, found), place in zip(todo, places):
        key = Path(os.path.abspath(place))
        if key not in first:
            first[key] = image
            kept_todo.append((image, found))
            kept_places.append(place)
            continue
        rel = key.relative_to(os.path.abspath(root)).as_posix()
        before = first[key]
        if len(before.boxes) == len(image.boxes) and all(a.close_to(b, 1e-6) for a, b in zip(before.boxes, image.boxes)):
            notes.append(Note(image.path, f"the same photo as {before.path} ({rel}), with the same boxes: taken once",
                              f"{before.path} と同じ写真 ({rel}) で、枠も同じです: 1回だけ読み込みました"))
        else:
            clashes.append((before.path, image.path, rel))
    if clashes:
        said = "; ".join(f"{a} and {b} (both {rel})" for a, b, rel in clashes[:5])
        said_ja = "。".join(f"{a} と {b} (どちらも {rel})" for a, b, rel in clashes[:5])
        raise LabelFileError(f"{len(clashes)} photo{'' if len(clashes) == 1 else 's'} of the dataset named twice in "
                             f"the file with other boxes: {said}: which is meant is not guessed; nothing imported",
                             f"ファイルがデータセットの同じ写真を2回、違う枠で挙げています ({len(clashes)}枚): {said_ja}: "
                             f"どちらのつもりかは推測しません。何も読み込んでいません")
    return kept_todo, kept_places


def _mark(root: Path, marks: dict[str, bool]) -> None:
    """Mark the photos ``marks`` says accepted, unmark the others it names, in the dataset's progress
    (``store``): only those whose mark changes, under the dataset's lock, in one write of the progress file."""
    if not marks:
        return
    with dataset_lock(root):
        done = read_progress(root)  # damaged: ProgressFileError, as set_done_locked would, before any mark
        changed = [(photo, accepted) for photo, accepted in marks.items() if accepted != (photo in done)]
        if changed:
            set_many_done_locked(root, changed)


def _own_layout_config(root: Path, config: DataConfig | None, names: tuple[str, ...],
                       game: str | None, foreign: Dataset | None = None) -> DataConfig:
    """Write ``root/data.yaml`` in tilelens's layout (``default_config``) where it has none or is laid out
    so, and return it: a split imported into ``images/val`` or ``images/test`` (a Roboflow download's
    ``valid/`` and ``test/``) is then named there, not left in no split while ``val:`` still says
    ``images/train``. A file whose splits stay as they are is not written again; its own kinds' names and
    absent kinds are kept, and a new one takes those of the file imported (``foreign``)."""
    if config is not None:
        game = config.game or game
    tileset = config.tileset if config is not None else (foreign.meta.get("tileset") if foreign is not None else None)
    new = default_config(root, names, game, tileset or None)  # a new folder keeps the tile set of the one exported
    if config is not None:
        new = replace(new, own_kinds=dict(config.own_kinds), absent=config.absent)
    elif foreign is not None:
        new = replace(new, own_kinds={k: v for k, v in foreign.own_kinds.items() if k in names},
                      absent=tuple(k for k in foreign.absent if k in names))
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
    """Whether a label file's ``text`` holds ``boxes`` (in order, corners within 1e-5: a COCO file of another
    tool may keep pixels to 3 decimals, so an unchanged export read back differs in the last digit written)."""
    found, issues = parse_labels(text, names)
    return not issues and len(found) == len(boxes) and all(a.close_to(b, 1e-5) for a, b in zip(found, boxes))


def _refuse_to_replace(root: Path, todo: list[tuple[LabelledImage, Path]], places: list[Path],
                       names: tuple[str, ...], done: set[str] | frozenset[str] = frozenset()) -> None:
    """``LabelFileError`` when a photo of ``root`` already has a label file the import would change; it names
    those of them accepted (``done``) that the file does not say accepted, which would no longer be."""
    changed, unmarked = [], []
    for (image, _), place in zip(todo, places):
        label = label_path_for(place)
        text = label.read_text(encoding="utf-8", errors="replace") if label.is_file() else None
        if text is not None and not _same_boxes(text, image.boxes, names):
            before = sum(1 for line in text.splitlines() if line.strip())
            changed.append((Path(os.path.abspath(place)).relative_to(os.path.abspath(root)).as_posix(), before,
                            len(image.boxes)))
            if changed[-1][0] in done and not image.accepted:
                unmarked.append(changed[-1][0])
    if changed:
        first, before, after = changed[0]
        more = f" and {len(unmarked) - 5} more" if len(unmarked) > 5 else ""
        these = ("this accepted photo would no longer be marked accepted (the file does not say it was)"
                 if len(unmarked) == 1 else
                 "these accepted photos would no longer be marked accepted (the file does not say they were)")
        lost = f"; with --overwrite, {these}: {', '.join(unmarked[:5])}{more}" if unmarked else ""
        lost_ja = (f"。--overwrite を付けると、OK にした次の写真の印が外れます (ファイルには OK にしたと書かれていません): "
                   f"{'、'.join(unmarked[:5])}{f' ほか {len(unmarked) - 5}枚' if len(unmarked) > 5 else ''}"
                   if unmarked else "")
        raise LabelFileError(
            f"{len(changed)} photo{'' if len(changed) == 1 else 's'} of {root} already labelled would be "
            f"relabelled (first: {first}, {_boxes_said(before)[0]} -> {after}); nothing written: add --overwrite to "
            f"replace their labels{lost}",
            f"{root} のラベル付き写真 {len(changed)}枚のラベルが書き換わるところでした (最初: {first}、枠 {before}個 -> "
            f"{after}個)。何も書いていません: ラベルを置き換えるなら --overwrite を付けてください{lost_ja}")


__all__ = ["Format", "ImportSummary", "export_dataset", "import_dataset", "left_out", "read_foreign"]
