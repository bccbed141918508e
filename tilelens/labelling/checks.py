"""Statistics and checks of a YOLO tile dataset: everything ``tilelens label check`` reports.

:func:`check_dataset` never raises for a bad file: each problem becomes an ``Issue`` (a missing or
broken ``data.yaml`` included), so the app page and the CLI can list them all at once.
"""
from __future__ import annotations

import os
import re
import shlex
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from scorer.result import PATH_ECHO_MAX, quoted_ja
from tilelens.labelling.model import Box, Dataset, Issue, IssueKind, LabelFileError, Split, iou
from tilelens.labelling.replaced import replaced_issues
from tilelens.labelling.yolo import (DataConfig, FileMemo, label_path_for, numbered_labels, path_elsewhere,
                                     read_data_yaml, read_yolo, relpath, split_images)
from vision.data_yaml import DETECTOR_NAMES, synth_set
from vision.enroll import THIN

# Two boxes over the same tile: the second is a duplicate whatever kind it says.
DUPLICATE_IOU = 0.9
# Rounding in other tools leaves corners a hair outside the image; that is not an error.
EDGE_TOLERANCE = 1e-3
# A box with a side under this many of the photo's pixels shows no tile: a tap on the Label page whose
# finger drifted a little saved such boxes (and the next tile named went to them).
TINY_SIDE_PX = 4
# Nor does a box with less than this share of the area of the photo's median box (one a fifth as wide
# and high): the tiles of one photo are alike in size, whatever the photo's own size.
TINY_SHARE = 1 / 25


@dataclass(frozen=True)
class DatasetStats:
    """Counts over a dataset: ``tiles_per_kind`` lists every class name, zeros included."""

    photos_per_split: dict[str, int]
    tiles_per_kind: dict[str, int]
    photos_labelled: int
    photos_unlabelled: int
    # splits naming the training photos themselves (``val: images/train``, as ``label init`` writes with no
    # --val-fraction): counted once, not as more photos
    same_as_train: tuple[str, ...] = ()
    # kinds the dataset says its set does not have (data.yaml's ``absent:``, ``label kinds --absent``)
    absent: tuple[str, ...] = ()

    @property
    def unseen_kinds(self) -> tuple[str, ...]:
        """Class names that no box shows, but those the set does not have (``absent``)."""
        return tuple(k for k, n in self.tiles_per_kind.items() if n == 0 and k not in self.absent)

    @property
    def thin_kinds(self) -> tuple[str, ...]:
        """Class names shown by fewer than ``THIN`` boxes: a tile set enrolled from them misreads such
        kinds far more often (model card, "How many photos")."""
        return tuple(k for k, n in self.tiles_per_kind.items() if 0 < n < THIN)

    @property
    def tiles(self) -> int:
        """Number of boxes."""
        return sum(self.tiles_per_kind.values())


@dataclass(frozen=True)
class CheckReport:
    """Statistics plus every problem found."""

    stats: DatasetStats
    issues: tuple[Issue, ...] = ()
    dataset: Dataset | None = field(default=None, compare=False, repr=False)

    @property
    def errors(self) -> tuple[Issue, ...]:
        return tuple(i for i in self.issues if i.is_error)

    def count(self, kind: IssueKind) -> int:
        """How many issues of one kind."""
        return sum(i.kind == kind for i in self.issues)


def _tiny_box(box: Box, median: tuple[float, float, float] | None, size: tuple[int, int]) -> tuple[str, str] | None:
    """What is wrong with ``box`` if it is too small to show a tile (English, Japanese), else None: a side
    under ``TINY_SIDE_PX`` of the photo's ``size`` (w, h), or an area under ``TINY_SHARE`` of the median
    box's (``median``: the median area, width and height of the photo's boxes; None: too few boxes)."""
    w, h = size
    x1, y1, x2, y2 = box.xyxyn
    tiny = min((x2 - x1) * w, (y2 - y1) * h) < TINY_SIDE_PX
    if not tiny and (median is None or (x2 - x1) * (y2 - y1) >= TINY_SHARE * median[0]):
        return None  # most boxes: said only of those too small (30,000 boxes of 3,000 photos)
    px = f"{round((x2 - x1) * w)} x {round((y2 - y1) * h)} px"
    if tiny:
        return (f"box ({box.kind}) is only {px}: too small to show a tile (a slip of the finger?)",
                f"枠 ({box.kind}) は {px} しかなく、牌を写すには小さすぎます (指がずれた?)")
    if median is not None:
        typical = f"{round(median[1] * w)} x {round(median[2] * h)} px"
        return (f"box ({box.kind}) is only {px}, far smaller than the other boxes of this photo "
                f"(median {typical}): a slip of the finger?",
                f"枠 ({box.kind}) は {px} しかなく、この写真のほかの枠 (中央値 {typical}) より小さすぎます (指がずれた?)")
    return None


def _median_box(boxes: list[Box]) -> tuple[float, float, float] | None:
    """The median area, width and height of ``boxes`` (the larger middle one of an even count), or None
    for fewer than two."""
    if len(boxes) < 2:
        return None
    sides = [(b.xyxyn[2] - b.xyxyn[0], b.xyxyn[3] - b.xyxyn[1]) for b in boxes]
    mid = len(sides) // 2
    return (sorted(a * b for a, b in sides)[mid], sorted(a for a, _ in sides)[mid], sorted(b for _, b in sides)[mid])


def dataset_stamp(root: Path | str) -> tuple[int, int]:
    """What changes whenever a dataset's check could: (how many, newest change) of its folders and of its
    text files (labels, lists, ``data.yaml``). A photo added, removed or renamed changes its folder's time;
    so does a label file saved atomically; one written in place changes its own. For a cache of
    :func:`check_dataset` shared by sessions: each session's own count of saves tells nothing of the others'
    (a reload is a new session) nor of the command line's.

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> first = dataset_stamp(d); _ = (d / "a.txt").write_text("0 0.5 0.5 0.1 0.1"); dataset_stamp(d) != first
    True
    """
    count, newest = 0, 0
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        paths = [folder, *(os.path.join(folder, f) for f in files if f.endswith((".txt", ".yaml", ".yml")))]
        for path in paths:
            try:
                newest = max(newest, os.stat(path).st_mtime_ns)
            except OSError:  # removed while being counted
                continue
            count += 1
    return count, newest


def issues_by_photo(root: Path | str, photos: list[str], issues) -> dict[str, list[Issue]]:
    """Each of ``photos`` (paths relative to ``root``) that has a problem among ``issues`` -> its problems:
    those named by the photo's path or its label file's, in the order given.

    >>> found = issues_by_photo("/d", ["images/train/a.jpg", "images/train/b.jpg"],
    ...                         [Issue(IssueKind.EMPTY_LABEL_FILE, "labels/train/b.txt", "no boxes"),
    ...                          Issue(IssueKind.MOVED_FOLDER, "data.yaml", "moved")])
    >>> {photo: [str(i.kind) for i in found[photo]] for photo in found}
    {'images/train/b.jpg': ['empty-label-file']}
    """
    root = Path(root)
    where = {}
    for photo in photos:
        where.setdefault(relpath(root, label_path_for(root / photo)), photo)
        where[photo] = photo
    found: dict[str, list[Issue]] = {}
    for issue in issues:
        if issue.path in where:
            found.setdefault(where[issue.path], []).append(issue)
    return found


def box_issues(numbered: list[tuple[int, Box]], label: str, size: tuple[int, int] | None = None) -> list[Issue]:
    """Problems of one photo's boxes (each with its line): out of the image, no area, far too small to
    show a tile (``size``: the photo's (w, h), where known), duplicates."""
    issues = []
    median = _median_box([b for _, b in numbered])
    for line, box in numbered:
        x1, y1, x2, y2 = box.xyxyn
        tiny = _tiny_box(box, median, size) if size and min(size) > 0 and x2 > x1 and y2 > y1 else None
        if x2 <= x1 or y2 <= y1:
            issues.append(Issue(IssueKind.ZERO_SIZE, label, f"box ({box.kind}) has no area", line,
                                message_ja=f"枠 ({box.kind}) に大きさがありません"))
        elif tiny is not None:
            issues.append(Issue(IssueKind.TINY_BOX, label, tiny[0], line, message_ja=tiny[1]))
        elif min(x1, y1) < -EDGE_TOLERANCE or max(x2, y2) > 1 + EDGE_TOLERANCE:
            corners = tuple(round(v, 3) for v in box.xyxyn)
            issues.append(Issue(IssueKind.OUT_OF_IMAGE, label,
                                f"box ({box.kind}) reaches outside the photo: corners {corners}", line,
                                message_ja=f"枠 ({box.kind}) が写真からはみ出しています: 角は {corners}"))
    for i, (line_a, a) in enumerate(numbered):
        ax1, ay1, ax2, ay2 = a.xyxyn
        for line_b, b in numbered[i + 1:]:
            bx1, by1, bx2, by2 = b.xyxyn
            if ax2 <= bx1 or bx2 <= ax1 or ay2 <= by1 or by2 <= ay1:  # apart: no overlap (a photo's 20 tiles)
                continue
            if iou(a, b) >= DUPLICATE_IOU:
                issues.append(Issue(IssueKind.DUPLICATE_BOX, label,
                                    f"covers the same tile as line {line_a} ({a.kind} and {b.kind})", line_b,
                                    message_ja=f"{line_a}行目の枠と同じ牌に重なっています ({a.kind} と {b.kind})"))
    return issues


def _orphan_labels(root: Path, images: list[Path]) -> list[Issue]:
    """Label files under a ``labels`` folder whose photo is not in the dataset; not those of a dataset of its own
    in a folder of ``root`` (its own ``data.yaml``, none of this one's photos: the ``kinds/`` set of a set
    ``tilelens synth`` wrote)."""
    expected = {os.path.abspath(label_path_for(p)) for p in images}
    issues = []
    mine = [os.path.abspath(p) for p in images]
    for labels_dir in sorted(p for p in root.rglob("labels") if p.is_dir()):
        if nested_dataset(root, labels_dir, mine):
            continue
        for label in sorted(labels_dir.rglob("*.txt")):
            if os.path.abspath(label) not in expected:
                issues.append(Issue(IssueKind.ORPHAN_LABEL, relpath(root, label),
                                    "no photo in the dataset for this label file",
                                    message_ja="このラベルファイルの写真がデータセットにありません"))
    return issues


def nested_dataset(root: Path, labels_dir: Path, mine: list[str]) -> bool:
    """Whether ``labels_dir`` lies in a folder of ``root`` (not ``root`` itself) with a ``data.yaml`` of its own
    that holds none of ``mine``, this dataset's photos (absolute paths): a dataset of its own, whose label files
    ``label check`` and ``label export`` leave to it."""
    for folder in labels_dir.parents:
        if folder == root or not folder.is_relative_to(root):
            return False
        if (folder / "data.yaml").is_file():
            inside = os.path.abspath(folder) + os.sep
            return not any(p.startswith(inside) for p in mine)
    return False


def detector_set(config: DataConfig) -> bool:
    """Whether ``config`` is a detector's dataset: its classes are boxes of tiles and of backs
    (``vision.data_yaml.DETECTOR_NAMES``, as the data.yaml `tilelens synth` writes beside its photos), no tile kinds."""
    return tuple(config.names) == DETECTOR_NAMES


def detector_set_said(root: Path | str, game: str | None = None) -> tuple[str, str] | None:
    """One line for ``label check`` of a detector's dataset (:func:`detector_set`), in English and Japanese: what
    it is, and, for a set ``tilelens synth`` wrote, the check of its ``kinds/`` set (the same photos labelled by
    tile kind); None for any other dataset, or one whose data.yaml cannot be read (said by the check)."""
    root = Path(root)
    try:
        if not detector_set(read_data_yaml(root)):
            return None
    except LabelFileError:
        return None
    kinds = root / "kinds"
    if synth_set(root) and (kinds / "data.yaml").is_file():
        command = f"tilelens label check {shlex.quote(str(kinds))}" + (f" --game {shlex.quote(game)}" if game else "")
        return (f"{root} is a detector's dataset written by `tilelens synth` (classes tile and back, no tile kinds): "
                f"its photos labelled by tile kind are checked with `{command}`",
                f"{root} は `tilelens synth` で作った検出用のデータセットです (ラベルは tile と back だけで、牌の"
                f"種類は付いていません)。牌の種類でラベルを付けた同じ写真は `{command}` で確認できます")
    if not game:
        return None
    return (f"{root} is a detector's dataset (classes tile and back, no tile kinds): --game {game}'s tiles are not "
            f"checked",
            f"{root} は検出用のデータセットです (ラベルは tile と back だけで、牌の種類は付いていません)。--game {game} の"
            f"牌とは照らし合わせません")


def init_fixes(root: Path, config: DataConfig, game: str | None) -> str | None:
    """The ``label init`` command that points ``root``'s ``data.yaml`` at its own folder, where it would run:
    init needs the game or tile set the photos show, and refuses a dataset whose class names are not all
    of its tiles (a Roboflow export's few kinds). None where it would not."""
    from tilelens.labelling.prelabel import table_names

    game = None if config.tileset else config.game or game
    if not (config.tileset or game):
        return None
    try:
        if table_names(game, config.tileset, None, config) is None:  # (names of the game's other table: kept)
            return None
    except Exception:  # noqa: BLE001  an unknown game or tile set: said elsewhere, and init would fail on it
        return None
    return f"tilelens label init {root} " + (f"--tileset {config.tileset}" if config.tileset else f"--game {game}")


def _moved_folder(root: Path, config: DataConfig, game: str | None) -> Issue:
    """``root``'s ``data.yaml`` has ``enroll``, ``eval`` and training read another folder's photos
    (``path_elsewhere``): what is wrong, plainly, and the one thing to do, in English and Japanese."""
    base = Path(config.path) if Path(config.path).is_absolute() else root / config.path
    data_yaml = root / "data.yaml"
    if base.is_dir():
        what = (f"data.yaml's path: is {base}, another folder (this one copied from there?): `tilelens enroll`, "
                f"`eval` and training would read the photos there, not the ones labelled here")
        what_ja = (f"data.yaml の path: が別のフォルダ {base} を指しています (そこからコピーしましたか?)。"
                   f"`tilelens enroll`・`eval`・学習は、ここでラベルを付けた写真ではなく、そちらの写真を読みます")
    else:
        what = (f"data.yaml's path: is {base}, which is not there (this folder moved from there?): `tilelens "
                f"enroll`, `eval` and training would find no photos")
        what_ja = (f"data.yaml の path: が指す {base} がありません (そこから移動しましたか?)。"
                   f"`tilelens enroll`・`eval`・学習は写真を見つけられません")
    init = init_fixes(root, config, game)
    if init is not None:
        fix = f"to fix it, run `{init}` (it points path: at this folder and keeps every label)"
        fix_ja = f"直すには `{init}` を実行してください (path: をこのフォルダにし、ラベルはそのまま残します)"
    else:  # no path: line is read from the data.yaml's folder by Ultralytics too; `path: .` by tilelens alone
        fix = (f"to fix it, remove the path: line of {data_yaml} (the photos are then read from this folder, "
               f"wherever it is moved; `path: .` does it for tilelens, not for Ultralytics started elsewhere)")
        fix_ja = (f"直すには {data_yaml} の path: の行を消してください (写真はこのフォルダから読まれます。フォルダを"
                  f"移動しても同じです。`path: .` でも tilelens は読めますが、ほかのフォルダから実行した Ultralytics"
                  f" は読めません)")
    return Issue(IssueKind.MOVED_FOLDER, "data.yaml", f"{what}; {fix}", message_ja=f"{what_ja}。{fix_ja}")


def _config_issues(root: Path, config: DataConfig, game: str | None) -> list[Issue]:
    issues = []
    if path_elsewhere(root, config):
        issues.append(_moved_folder(root, config, game))
    if game:
        from scorer import TilelensInputError, load_game

        try:
            loaded = load_game(game)
        except TilelensInputError as exc:  # a typo, or a game file gone: the page and `check` go on
            issues.append(Issue(IssueKind.BAD_DATA_YAML, "data.yaml", f"game {game!r}: {exc}",
                                message_ja=exc.message_ja or f"{quoted_ja(game, PATH_ECHO_MAX)}というゲームは登録されていません"))
            return issues
        known = {t.id for t in loaded.tiles} | set(config.own_kinds)  # and the kinds a person added
        other = None
        # a detector's dataset (`tilelens synth`'s data.yaml) boxes tiles and backs: its classes are no tile kinds
        # to add (``detector_set_said`` says where the kinds are)
        for name in () if detector_set(config) else config.names:
            if name not in known:
                if other is None:
                    from tilelens.labelling.prelabel import other_table

                    other = other_table(loaded) or False
                if other and name in {t.id for t in other[0].tiles}:  # a kind of the game's other table: its boxes stay
                    issues.append(_other_table_kind(name, loaded, house=other[1]))
                    continue
                add = f"`tilelens label kinds {shlex.quote(str(root))} --add {shlex.quote(name)}`"
                issues.append(Issue(IssueKind.UNKNOWN_KIND, "data.yaml",
                                    f"class {name!r} is not a tile of {loaded.id}: a kind of the set's own? add it "
                                    f"({add}); else fix the class name",
                                    message_ja=f"{quoted_ja(name)}は{loaded.name_ja}の牌ではありません: セット独自の種類なら"
                                               f"追加してください ({add})。そうでなければ種類名を直してください"))
    return issues


def _other_table_kind(name: str, in_use, house: bool) -> Issue:
    """The class ``name`` of a dataset is not a tile of ``in_use``, the game's table in use, but of its other table
    (``house``: its house table edited in the app; else the box's table, a house table being in use): a dataset
    labelled under that table (before a house table dropped a kind, or kept from the photo page under one). Not
    broken, nor a kind to add: a warning that says which table has it; its boxes stay as they are."""
    if house:
        en = (f"class {name!r} is a tile of the house table of {in_use.id} edited in the app, not in the table in use "
              f"(the box's table): its boxes stay as they are labelled")
        ja = (f"{quoted_ja(name)}はアプリで編集した{in_use.name_ja}のハウスルールの牌で、使用中の表にありません (箱のままの表)。"
              f"ラベルはそのまま残ります")
    else:
        en = (f"class {name!r} is a tile of the box's table of {in_use.id}, not in the table in use (its house table "
              f"edited in the app): its boxes stay as they are labelled")
        ja = (f"{quoted_ja(name)}は箱のままの{in_use.name_ja}の表の牌で、使用中の表にありません (アプリで編集したハウスルール)。"
              f"ラベルはそのまま残ります")
    return Issue(IssueKind.UNKNOWN_KIND, "data.yaml", en, message_ja=ja, error=False)


def _inventory_issues(root: Path, dataset: Dataset, game: str, absent: tuple[str, ...] = ()) -> list[Issue]:
    """A photo shows one set: more boxes of a kind than the game's set holds means some are labelled
    wrong (a whole row left at the kind the labelling tool proposed, say). A warning: two sets on one
    table are possible. A kind the set lacks (``absent``) that is a variant of another (a red five, in a set with
    no red fives: ``prelabel.variant_kinds``) adds its copies to that one's: such a set has four plain fives."""
    from scorer import load_game
    from tilelens.labelling.prelabel import variant_kinds

    loaded = load_game(game)
    copies = loaded.inventory()
    for kind, plain in variant_kinds(loaded).items():
        if kind in absent and plain in copies and plain not in absent:
            copies[plain] += copies.get(kind, 0)
    tiles, issues = {t.id: t for t in loaded.tiles}, []
    for image in dataset.images:
        for kind, n in sorted(Counter(b.kind for b in image.boxes).items()):
            if kind in copies and n > copies[kind] and kind not in absent:  # those: ``_absent_in_use``
                # the kind by the game's name for it too (Red 5 Pin (0p), 赤五筒), as the page names kinds
                tile = tiles.get(kind)
                en = f"{tile.name_en} ({kind})" if tile is not None and tile.name_en else kind
                ja = tile.name_ja if tile is not None and tile.name_ja else f"{kind} "
                issues.append(Issue(IssueKind.MORE_THAN_THE_SET, relpath(root, label_path_for(root / image.path)),
                                    f"{n} boxes of {en}, a {loaded.id} set holds {copies[kind]}: "
                                    f"are some labelled wrong?",
                                    message_ja=f"{ja}の枠が{n}個ありますが、{loaded.name_ja}のセットには"
                                               f"{copies[kind]}枚しかありません。ラベルを間違えていませんか?"))
    return issues


def _stats(dataset: Dataset, per_split: dict, root: Path,
           absent: tuple[str, ...] = ()) -> tuple[DatasetStats, list[Issue]]:
    from tilelens.labelling.prelabel import too_dark
    from tilelens.labelling.store import load_done

    counts = Counter(b.kind for im in dataset.images for b in im.boxes)
    labelled, empty, accepted = 0, [], load_done(root)
    for image in dataset.images:
        label = label_path_for(root / image.path)
        if label.is_file():
            labelled += 1
            # accepted as it is on the Label page: a photo with no tiles, said so by a person
            if not image.boxes and image.path not in accepted and not label.read_text(errors="replace").strip():
                # too dark for its tiles to be found, as the photo page says it (no box found, no tiles in it)
                empty.append(Issue(IssueKind.EMPTY_LABEL_FILE, relpath(root, label),
                                   "no boxes (the photo is too dark: retake it in better light)",
                                   message_ja="枠がありません (写真が暗すぎます: 明るい場所で撮り直してください)")
                             if too_dark(root / image.path) else
                             Issue(IssueKind.EMPTY_LABEL_FILE, relpath(root, label), "no boxes (a photo with no tiles?)",
                                   message_ja="枠がありません。牌の写っていない写真かもしれません。"))
    train = sorted(map(str, per_split.get(Split.TRAIN, ())))
    same = tuple(str(s) for s, p in per_split.items() if s is not Split.TRAIN and p and sorted(map(str, p)) == train)
    stats = DatasetStats({str(s): len(p) for s, p in per_split.items()},
                         {name: counts.get(name, 0) for name in dataset.names},
                         labelled, len(dataset.images) - labelled, same, tuple(absent))
    return stats, empty


_BOX_ISSUES = FileMemo()  # a label file's box problems, counted again only when it changes


def _label_box_issues(root: Path, label: Path, names: tuple[str, ...], size: tuple[int, int]) -> list[Issue]:
    numbered, _ = numbered_labels(root, label, names)  # read once for the dataset and its boxes' problems
    return box_issues(numbered, relpath(root, label), size)


def not_a_folder(root: Path | str) -> tuple[str, str]:
    """What is wrong with a dataset folder ``root`` that is none (English, Japanese): not there, or a file (a
    photo given for its folder: the folder that holds it named).

    >>> not_a_folder("/no/such/place")[0]
    '/no/such/place: no such folder'
    """
    root = Path(root)
    if root.exists():
        parent = os.path.abspath(root.parent)
        return (f"{root}: is a file, not a folder: give the dataset's folder (this file is in {parent})",
                f"{root}: フォルダではなくファイルです。データセットのフォルダを指定してください (このファイルは "
                f"{parent} にあります)")
    return f"{root}: no such folder", f"{root}: フォルダがありません"


# Where a message ends with the command that does what it says, that command is a sentence of its own after this
# mark: the Label page shows a visitor with no terminal (a phone) the message without it (``phone_text``).
COMMAND_MARK = {"en": " On the command line: ", "ja": "コマンドでは: "}
# A command named in brackets mid-sentence ("add it (`tilelens label kinds DIR --add f1`); else ..."), as the command
# line has said it: a phone is told the page's own way in its place (``phone_text``), the laptop both (``with_way``).
BRACKETED_COMMAND = re.compile(r" ?\((`tilelens [^`]*`)\)")


def phone_text(message: str, lang: str = "en", way: str | None = None) -> str:
    """``message`` (a problem's, in ``lang``: "en" or "ja") without its last sentence, the command that does what it
    says (``COMMAND_MARK``: that of ``lang`` first, then the other's, as a message shown in English on a Japanese
    screen where it has no Japanese): as a visitor with no terminal is shown it. A command in brackets mid-sentence
    (``BRACKETED_COMMAND``) is left out, or ``way`` (the page's own way to do it) said in brackets in its place. A
    message with no command is as it is.

    >>> phone_text("a.jpg: fix it. On the command line: `tilelens label kinds d --present 0m`")
    'a.jpg: fix it.'
    >>> phone_text("add it (`tilelens label kinds d --add f1`); else fix it", way="Add a tile kind")
    'add it (Add a tile kind); else fix it'
    """
    for mark in sorted(COMMAND_MARK.values(), key=lambda m: m != COMMAND_MARK.get(lang)):
        if mark in message:
            message = message.split(mark, 1)[0].rstrip()
            break
    return BRACKETED_COMMAND.sub(lambda _: f" ({way})" if way else "", message)


def with_way(message: str, way: str) -> str:
    """``message`` with the page's own way said beside a command in brackets mid-sentence (``BRACKETED_COMMAND``):
    ``way`` holds ``{command}`` where the command goes. A message with no such command is as it is.

    >>> with_way("add it (`tilelens label kinds d --add f1`); else fix it", "Add a tile kind, or {command}")
    'add it (Add a tile kind, or `tilelens label kinds d --add f1`); else fix it'
    """
    return BRACKETED_COMMAND.sub(lambda found: f" ({way.format(command=found.group(1))})", message)


def kind_shown(kind: str, dataset: Dataset, game: str | None = None, lang: str = "en") -> str:
    """A tile kind as the dataset names it: the name it gave a kind of its own (data.yaml's ``own_kinds``: 秋 for
    f3), else the game's name for it in ``lang`` (赤五萬, Red 5 Man), else its id."""
    own = dataset.own_kinds.get(kind)
    if own:
        return own
    from scorer import TilelensInputError, load_game

    try:
        tile = next((t for t in load_game(game).tiles if t.id == kind), None) if game else None
    except (TilelensInputError, OSError):
        tile = None
    name = (tile.name_ja if lang == "ja" else tile.name_en) if tile is not None else ""
    return name or kind


def _absent_in_use(root: Path, dataset: Dataset, absent: tuple[str, ...], game: str | None = None) -> list[Issue]:
    """Boxes of a kind the dataset says its set does not have (``label kinds --absent``, the Label page's "not in my
    set"): an error per label file, naming the photo and the kind as the dataset names it (``kind_shown``). Either
    the boxes are labelled wrong, or the set has the kind after all (its tile set would then never be warned that it
    cannot read it); the command that says so last, a sentence of its own (``COMMAND_MARK``). An error: such a photo
    is not accepted (``label accept``), nor taught (``teach``), as ``label kinds --absent`` is refused while an
    accepted photo has one."""
    import shlex

    issues = []
    for image in dataset.images:
        for kind, n in sorted(Counter(b.kind for b in image.boxes if b.kind in absent).items()):
            present = f"`tilelens label kinds {shlex.quote(str(root))} --present {kind}`"
            en, ja = kind_shown(kind, dataset, game), kind_shown(kind, dataset, game, "ja")
            issues.append(Issue(IssueKind.MORE_THAN_THE_SET, relpath(root, label_path_for(root / image.path)),
                                f"{image.name} has {n} box{'' if n == 1 else 'es'} of {en}, a kind marked absent from "
                                f"this set: is it labelled wrong? If the set has it after all, mark it as in the set "
                                f"again.{COMMAND_MARK['en']}{present}",
                                message_ja=f"{image.name} に {ja} の枠が{n}個ありますが、このセットにない種類にした牌です。"
                                           f"ラベルの間違いなら直してください。セットにある牌なら、セットにある種類に"
                                           f"戻してください。{COMMAND_MARK['ja']}{present}", error=True))
    return issues


def check_dataset(root: Path | str, game: str | None = None,
                  listing: tuple[dict[Split, list[Path]], list[Issue]] | None = None) -> CheckReport:
    """Check a YOLO dataset folder and count what it holds. ``game`` (else data.yaml's ``game``)
    also checks that every class name is a tile of that game, and that no photo shows more of a kind
    than its set holds. ``listing``: ``split_images`` of the dataset as its ``data.yaml`` is now, where the
    caller has listed it already (the Label page: 3,000 photos listed once a run, not three times)."""
    root = Path(root)
    if not root.is_dir():  # said as what it is, not as a data.yaml missing from it
        said = not_a_folder(root)
        return CheckReport(DatasetStats({}, {}, 0, 0), (Issue(
            IssueKind.NO_DATA_YAML, "data.yaml", said[0], message_ja=said[1]),))
    try:
        config = read_data_yaml(root)
    except LabelFileError as exc:
        kind = IssueKind.NO_DATA_YAML if not (root / "data.yaml").is_file() else IssueKind.BAD_DATA_YAML
        return CheckReport(DatasetStats({}, {}, 0, 0), (Issue(kind, "data.yaml", str(exc), message_ja=exc.message_ja),))
    listing = listing if listing is not None else split_images(root, config)
    dataset, issues = read_yolo(root, listing)
    per_split = listing[0]
    said = _config_issues(root, config, game or config.game)
    issues += said
    if (game or config.game) and not any(i.kind is IssueKind.BAD_DATA_YAML for i in said):  # a game it knows
        issues += _inventory_issues(root, dataset, game or config.game, config.absent)
    issues += _absent_in_use(root, dataset, config.absent, game or config.game)
    for image in dataset.images:
        label = label_path_for(root / image.path)
        if image.boxes and label.is_file():
            issues += _BOX_ISSUES.get(label, lambda: _label_box_issues(root, label, config.names,
                                                                       image.resolution_wh),
                                      root, config.names, image.resolution_wh)
    stats, empty = _stats(dataset, per_split, root, config.absent)
    issues += empty
    photos = [p for paths in per_split.values() for p in paths]
    issues += _orphan_labels(root, photos)
    issues += _shared_labels(root, photos)
    issues += replaced_issues(root, list(dict.fromkeys(relpath(root, p) for p in photos)))  # another photo, same name
    return CheckReport(stats, tuple(issues), dataset)


def _shared_labels(root: Path, photos: list[Path]) -> list[Issue]:
    """Photos of one folder and stem (``a.jpg`` and ``a.png``) share one label file: a box drawn on one is
    saved into the other's labels. One error per photo after the first."""
    first: dict[str, Path] = {}
    issues = []
    for photo in dict.fromkeys(photos):  # a photo of two splits (``val: images/train``) listed twice: said once
        label = os.path.abspath(label_path_for(photo))
        if label in first and first[label] != photo:
            other = relpath(root, first[label])
            issues.append(Issue(IssueKind.SHARED_LABEL_FILE, relpath(root, photo),
                                f"shares its label file with {other} (same name, another type): rename one",
                                message_ja=f"{other} とラベルファイルが同じです (名前が同じで形式が違う写真): "
                                           f"どちらかの名前を変えてください"))
        first.setdefault(label, photo)
    return issues


# What ``format_report`` and ``issue_text`` say, line by line, in each language (``tilelens label check`` and
# ``stats``: ``scorer.result.cli_lang``); the flow is written once, there. Split names, tile kinds and problems' tags
# are said as they are (they are what the files and ``--json`` say); a problem's own words are its ``message`` or,
# in Japanese, its ``message_ja`` (the English where it has none).
REPORT_WORDS: dict[str, dict[str, str]] = {
    "en": {"splits": "photos per split: {splits}", "list": ", ", "split": "{split} {n}", "same": "{split} = train",
           "none": "none",
           "labelled": "photos with a label file: {labelled}, without: {unlabelled}",
           "tiles": "tiles: {tiles} in {kinds} kinds", "unseen": "kinds never seen ({n}): {kinds}",
           "unseen_hint": "  (not in your set? say so: `tilelens label kinds {dir} --absent {kinds}`)",
           "thin": "kinds with fewer than {thin} tiles ({n}): {kinds} (a tile set enrolled from these photos will "
                   "often misread them)",
           "problems": "problems: {errors} error{es}, {warnings} warning{ws}{counts}", "counts": " ({counts})",
           "count": "{kind} {n}", "count_sep": ", ",
           "more": "  ... and {n} more", "issue": "{severity} [{kind}] {where}: {message}", "error": "error",
           "warning": "warning"},
    "ja": {"splits": "分割ごとの写真: {splits}", "list": "、", "split": "{split} {n}枚", "same": "{split} = train",
           "none": "なし", "labelled": "ラベルファイルのある写真: {labelled}枚、ない写真: {unlabelled}枚",
           "tiles": "牌: {tiles}枚 ({kinds}種類)", "unseen": "一度も出てこない種類 ({n}): {kinds}",
           "unseen_hint": "  (セットにない種類なら、そう指定してください: `tilelens label kinds {dir} --absent {kinds}`)",
           "thin": "{thin}枚未満の種類 ({n}): {kinds} (この写真で覚えさせた牌セットは読み違えやすくなります)",
           "problems": "問題: エラー {errors}件、警告 {warnings}件{counts}", "counts": " ({counts})",
           "count": "{kind} {n}件", "count_sep": "、",
           "more": "  …ほか {n}件", "issue": "{severity}【{kind}】{where}: {message}", "error": "エラー",
           "warning": "警告"},
}


# What each problem of `label check` is, in Japanese: a Japanese reader is told what it is, not its code
# (``[moved-folder]``, which `--json` keeps). The app's Label page names them so (``app.components.i18n.ISSUE_JA``).
ISSUE_KIND_JA = {
    "no-data-yaml": "data.yaml がありません", "bad-data-yaml": "data.yaml を読めません",
    "moved-folder": "フォルダが移動されています", "path-escapes-folder": "パスがフォルダの外を指しています",
    "missing-images": "写真のフォルダがありません", "missing-test-images": "テスト用の写真のフォルダがありません",
    "unreadable-photo": "写真を読めません",
    "no-label-file": "ラベルファイルがありません", "label-without-photo": "写真のないラベルファイル",
    "empty-label-file": "空のラベルファイル", "wrong-field-count": "行の項目数が違います",
    "polygon-line": "多角形の行", "not-a-number": "数値でない項目", "class-out-of-range": "範囲外の牌番号",
    "box-out-of-image": "写真からはみ出た枠", "zero-size-box": "大きさのない枠", "tiny-box": "小さすぎる枠",
    "duplicate-box": "重なった枠", "unknown-tile-kind": "この表にない牌の種類",
    "more-than-the-set-holds": "セットにある枚数より多い", "shared-label-file": "ラベルファイルを共有",
    "photo-changed": "ラベルを付けた後で写真が変わっています", "changed-on-both-sides": "ここと読み込むファイルの両方で変更",
}


def kind_said(kind: IssueKind | str, lang: str = "en") -> str:
    """A problem's kind as the command line names it: its code in English ("moved-folder"), what it is in Japanese
    (``ISSUE_KIND_JA``; the code where it has no name)."""
    return ISSUE_KIND_JA.get(str(kind), str(kind)) if lang == "ja" else str(kind)


def issue_text(issue: Issue, lang: str = "en") -> str:
    """One problem as the command line says it: ``str(issue)`` in English, in Japanese its ``message_ja``.

    >>> i = Issue(IssueKind.EMPTY_LABEL_FILE, "labels/train/b.txt", "no boxes", message_ja="枠がありません")
    >>> issue_text(i), issue_text(i, "ja")
    ('warning [empty-label-file] labels/train/b.txt: no boxes', '警告【空のラベルファイル】labels/train/b.txt: 枠がありません')
    """
    words = REPORT_WORDS[lang]
    return words["issue"].format(severity=words["error" if issue.is_error else "warning"],
                                 kind=kind_said(issue.kind, lang),
                                 where=f"{issue.path}:{issue.line}" if issue.line else issue.path,
                                 message=lang == "ja" and issue.message_ja or issue.message)


UNSEEN_NAMED = 8  # kinds never seen named in the `label kinds --absent` the check suggests; more are most likely
                 # kinds still to be labelled (a new dataset), not kinds the set lacks


def format_report(report: CheckReport, show_issues: bool = True, limit: int = 50, lang: str = "en",
                  root: Path | str | None = None, names: Mapping[str, str] | None = None) -> str:
    """A report as text for the terminal: counts, then the problems (at most ``limit`` listed); ``lang="ja"``: in
    Japanese (``REPORT_WORDS``). ``root``: the dataset's folder, for the command that says kinds never seen are
    not in the set. ``names``: kinds by the names to show them by beside their ids (「まりか (marika)」: the game's
    Japanese names, for ``lang="ja"``); the command to type names them by their ids."""
    s, words = report.stats, REPORT_WORDS[lang]
    names = names or {}

    def kind(k: str) -> str:
        return f"{names[k]} ({k})" if names.get(k) and names[k] != k else k
    lines = [words["splits"].format(splits=words["list"].join(
                 words["same" if k in s.same_as_train else "split"].format(split=k, n=v)
                 for k, v in s.photos_per_split.items()) or words["none"]),
             words["labelled"].format(labelled=s.photos_labelled, unlabelled=s.photos_unlabelled),
             words["tiles"].format(tiles=s.tiles, kinds=sum(1 for n in s.tiles_per_kind.values() if n))]
    if s.tiles_per_kind:  # lined up in a terminal's columns (a full-width character takes two)
        from scorer.cli import columns, pad_columns

        width = max(columns(kind(k)) for k in s.tiles_per_kind)
        lines += [f"  {pad_columns(kind(k), width)} {n}" for k, n in s.tiles_per_kind.items() if n]
    if s.unseen_kinds:
        lines.append(words["unseen"].format(n=len(s.unseen_kinds),
                                            kinds=words["list"].join(map(kind, s.unseen_kinds))))
        if root is not None and s.tiles:  # with no tile labelled yet (no photos), every kind is unseen: no hint
            import shlex

            kinds = " ".join(s.unseen_kinds) if len(s.unseen_kinds) <= UNSEEN_NAMED else "KIND ..."
            lines.append(words["unseen_hint"].format(dir=shlex.quote(str(root)), kinds=kinds))
    if s.thin_kinds:
        lines.append(words["thin"].format(thin=THIN, n=len(s.thin_kinds),
                                          kinds=words["list"].join(map(kind, s.thin_kinds))))
    if show_issues:
        counts = Counter(i.kind for i in report.issues)
        errors, warnings = len(report.errors), len(report.issues) - len(report.errors)
        lines.append(words["problems"].format(  # es, ws: English plurals (the Japanese says neither)
            errors=errors, warnings=warnings, es="" if errors == 1 else "s", ws="" if warnings == 1 else "s",
            counts=words["counts"].format(counts=words["count_sep"].join(
                words["count"].format(kind=kind_said(k, lang), n=n) for k, n in counts.items())) if counts else ""))
        lines += [f"  {issue_text(i, lang)}" for i in report.issues[:limit]]
        if len(report.issues) > limit:
            lines.append(words["more"].format(n=len(report.issues) - limit))
    return "\n".join(lines)


__all__ = ["BRACKETED_COMMAND", "COMMAND_MARK", "ISSUE_KIND_JA", "CheckReport", "DatasetStats", "box_issues",
           "check_dataset", "dataset_stamp", "detector_set", "detector_set_said", "format_report", "issue_text",
           "issues_by_photo", "kind_said", "kind_shown", "not_a_folder", "phone_text", "with_way"]
