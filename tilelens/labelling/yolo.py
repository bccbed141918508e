"""Ultralytics YOLO datasets: ``data.yaml`` + ``images/`` + ``labels/`` (one ``cls xc yc w h`` line a box).

The core is pure: :func:`parse_labels` turns a label file's text into boxes and problems, and
:func:`format_labels` turns boxes back into text. The functions below them read and write a folder.

>>> boxes, issues = parse_labels("1 0.5 0.5 0.2 0.4\\n", ("5m", "6m"))
>>> boxes[0].kind, [round(v, 3) for v in boxes[0].xyxyn], issues
('6m', [0.4, 0.3, 0.6, 0.7], [])
>>> format_labels(boxes, ("5m", "6m"))
'1 0.500000 0.500000 0.200000 0.400000\\n'
"""
from __future__ import annotations

import functools
import json
import math
import os
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar

import yaml
from PIL import Image, UnidentifiedImageError

from scorer.result import PATH_ECHO_MAX, quoted_ja
from tilelens.labelling.model import (Box, Dataset, Issue, IssueKind, LabelFileError, LabelledImage,
                                      PathEscapeError, Split)
from tilelens.labelling.store import (atomic_write_bytes, atomic_write_text, check_regular_file, read_regular_bytes,
                                      own_file, read_regular_text)
from vision.data_yaml import (BOM_SAID, list_entries, list_entry_path, photos_in,  # the photos and lists training reads
                              split_entry_path, UTF16_SAID)
from vision.detections import yolo_line

_EXIF_ORIENTATION = 0x0112
_ROTATED = {5, 6, 7, 8}  # EXIF orientations that swap width and height


# ---------------------------------------------------------------- pure core: label text

def is_polygon_line(line: str) -> bool:
    """An Ultralytics segment line: a class then 3 or more ``x y`` points."""
    n = len(line.split())
    return n >= 7 and n % 2 == 1


def parse_label_line(line: str, names: tuple[str, ...]) -> Box:
    """One ``cls xc yc w h`` line (or a polygon line, read as its bounding box) -> a box.

    Raises ``ValueError(IssueKind, message, message_ja)`` for a bad line.
    """
    fields = line.split()
    if len(fields) != 5 and not is_polygon_line(line):
        raise ValueError(IssueKind.BAD_FIELD_COUNT, f"{len(fields)} fields, expected 5 (class xc yc w h)",
                         f"項目が{len(fields)}個あります。5個 (class xc yc w h) のはずです")
    try:
        numbers = [float(v) for v in fields]
    except ValueError:
        raise ValueError(IssueKind.NOT_A_NUMBER, f"not a number in {line.strip()!r}",
                         f"{quoted_ja(line.strip(), PATH_ECHO_MAX)}に数値でない項目があります") from None
    if not all(math.isfinite(v) for v in numbers):
        raise ValueError(IssueKind.NOT_A_NUMBER, f"not a finite number in {line.strip()!r}",
                         f"{quoted_ja(line.strip(), PATH_ECHO_MAX)}に有限でない数 (inf や nan) があります")
    cls = numbers[0]
    if cls != int(cls) or not 0 <= cls < len(names):
        raise ValueError(IssueKind.CLASS_OUT_OF_RANGE,
                         f"class {fields[0]} out of range: the dataset has {len(names)} classes "
                         f"(0..{len(names) - 1})",
                         f"牌番号 {fields[0]} は範囲外です: このデータセットの牌番号は 0..{len(names) - 1} の"
                         f"{len(names)}種類です")
    if len(numbers) > 5:
        xs, ys = numbers[1::2], numbers[2::2]
        return Box(names[int(cls)], (min(xs), min(ys), max(xs), max(ys)))
    return Box.from_xywhn(names[int(cls)], *numbers[1:])


def parse_labels(text: str, names: tuple[str, ...], path: str = "") -> tuple[list[Box], list[Issue]]:
    """A label file's text -> its good boxes, and one ``Issue`` per bad line (never raises)."""
    numbered, issues = parse_numbered_labels(text, names, path)
    return [box for _, box in numbered], issues


def parse_numbered_labels(text: str, names: tuple[str, ...],
                          path: str = "") -> tuple[list[tuple[int, Box]], list[Issue]]:
    """Like :func:`parse_labels`, each good box paired with its line number (from 1)."""
    boxes: list[tuple[int, Box]] = []
    issues: list[Issue] = []
    if "\x00" in text:  # UTF-16 read as UTF-8: every line garbage, so one problem for the file
        return [], [Issue(IssueKind.NOT_A_NUMBER, path, UTF16_SAID[0], line=1, message_ja=UTF16_SAID[1])]
    if text.startswith("\ufeff"):  # training reads the mark as part of the first class number, and fails
        text = text[1:]
        issues.append(Issue(IssueKind.NOT_A_NUMBER, path, BOM_SAID[0], line=1, message_ja=BOM_SAID[1]))
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            boxes.append((number, parse_label_line(line, names)))
        except ValueError as exc:
            kind, message, message_ja = exc.args
            issues.append(Issue(kind, path, message, line=number, message_ja=message_ja))
            continue
        if is_polygon_line(line):
            issues.append(Issue(IssueKind.POLYGON, path, "a polygon line, read as its bounding box "
                                "(saving the photo here rewrites it as a box)", line=number,
                                message_ja="多角形の行です。囲む枠として読みました (この写真をここで保存すると枠の行に"
                                           "書き換わります)"))
    return boxes, issues


def format_labels(boxes: list[Box] | tuple[Box, ...], names: tuple[str, ...]) -> str:
    """Boxes -> label file text (class ids from ``names``); boxes are clipped to the image first."""
    index = {name: i for i, name in enumerate(names)}
    lines = []
    for box in boxes:
        if box.kind not in index:
            raise LabelFileError(f"tile kind {box.kind!r} is not among the dataset's class names",
                                 f"牌の種類{quoted_ja(box.kind)}はデータセットの種類名にありません")
        lines.append(yolo_line(index[box.kind], box.clipped().xyxyn))
    return "".join(line + "\n" for line in lines)


# ---------------------------------------------------------------- data.yaml

@dataclass(frozen=True)
class DataConfig:
    """What ``data.yaml`` says: class names, image sources per split, and the tilelens game; ``in_lists``:
    the splits it gives as a YAML list (``train: [a, b]``), whose entries Ultralytics takes as written
    (:func:`source_path`)."""

    names: tuple[str, ...]
    sources: dict[Split, tuple[str, ...]] = field(default_factory=dict)
    game: str | None = None
    tileset: str | None = None
    path: str | None = None
    in_lists: frozenset[Split] = frozenset()
    # kinds a person added to the game's (a Hong Kong set's flowers: ``label kinds --add``), id -> name shown,
    # and kinds they said their set does not have (``label kinds --absent``): ``own_kinds:``, ``absent:``
    own_kinds: dict[str, str] = field(default_factory=dict)
    absent: tuple[str, ...] = ()


def parse_data_yaml(text: str, where: str = "data.yaml") -> DataConfig:
    """The text of a ``data.yaml`` -> ``DataConfig``; raises ``LabelFileError`` naming the problem."""
    def bad(message: str, message_ja: str) -> LabelFileError:
        return LabelFileError(f"{where}: {message}", f"{where}: {message_ja}")

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        from vision.data_yaml import yaml_problem, yaml_where_ja

        raise bad(f"not valid YAML ({yaml_problem(exc)})", f"YAML として読めません{yaml_where_ja(exc)}") from None
    except RecursionError:  # brackets nested thousands deep
        raise bad("not valid YAML (lists or mappings nested too deep)",
                  "YAML として読めません (入れ子が深すぎます)") from None
    if not isinstance(data, dict):
        raise bad("expected a mapping with 'names', 'train' and 'val'",
                  "'names'、'train'、'val' などのキーを並べて書いてください")
    names = data.get("names")
    if isinstance(names, dict):
        try:
            ids = sorted(int(k) for k in names)
        except (TypeError, ValueError):
            raise bad("'names' keys must be class numbers", "'names' のキーは牌番号にしてください") from None
        if ids != list(range(len(ids))):
            raise bad(f"'names' must number the classes 0..{len(ids) - 1}",
                      f"'names' の牌番号は 0 から {len(ids) - 1} まで続けて付けてください")
        names = [names[i] if i in names else names[str(i)] for i in ids]
    if not isinstance(names, list) or not names or not all(isinstance(n, (str, int)) for n in names):
        raise bad("'names' must be a non-empty list (or mapping) of class names",
                  "'names' には牌の種類の名前を並べて書いてください (リストか、牌番号ごとのマッピング)")
    twice = sorted(n for n, count in Counter(map(str, names)).items() if count > 1)  # 10^5 names: no hang
    if twice:  # a box saved under the name would take the other number: labels rewritten unasked
        raise bad(f"'names' lists {', '.join(map(repr, twice))} more than once: each class needs a name of its own",
                  f"'names' に{'、'.join(map(quoted_ja, twice))}が2回以上あります: 牌の種類ごとに別の名前にしてください")
    for key in ("game", "tileset", "path"):
        if data.get(key) is not None and not isinstance(data[key], str):
            from scorer.catalog import shown  # a value YAML aliases made millions of strings long: cut short

            raise bad(f"'{key}' must be a name (text), got {shown(data[key])}",
                      f"'{key}' は名前 (文字列) にしてください: {shown(data[key])}")
    own = data.get("own_kinds") or {}
    if isinstance(own, list):
        own = {k: k for k in own}
    if not isinstance(own, dict) or not all(isinstance(k, str) and isinstance(v, (str, type(None)))
                                            for k, v in own.items()):
        raise bad("'own_kinds' must map each kind added to its name (or list the kinds)",
                  "'own_kinds' には追加した牌の種類と名前を書いてください (または種類を並べてください)")
    strays = [k for k in own if k not in map(str, names)]
    if strays:
        raise bad(f"'own_kinds' lists {', '.join(map(repr, strays))}, not among 'names': add it there too (at the end)",
                  f"'own_kinds' の{'、'.join(map(quoted_ja, strays))}が 'names' にありません: 'names' の最後にも書いてください")
    absent = data.get("absent") or []
    if not isinstance(absent, list) or not all(isinstance(k, (str, int)) for k in absent):
        raise bad("'absent' must list the kinds the set does not have", "'absent' にはセットにない牌の種類を並べてください")
    sources: dict[Split, tuple[str, ...]] = {}
    for split in Split:
        value = data.get(split.value)
        if value is None:
            continue
        items = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) for v in items):
            raise bad(f"'{split}' must be a folder, a .txt list or a list of them",
                      f"'{split}' にはフォルダか .txt のリスト (またはそれらのリスト) を書いてください")
        sources[split] = tuple(items)
    if not sources:
        raise bad("no 'train' or 'val' images named", "'train' にも 'val' にも写真の場所が書かれていません")
    return DataConfig(tuple(str(n) for n in names), sources, game_read(data.get("game")), data.get("tileset"),
                      data.get("path"), frozenset(s for s in sources if isinstance(data[s.value], list)),
                      {k: v or k for k, v in own.items()}, tuple(str(k) for k in absent))


def format_data_yaml(root: Path, config: DataConfig) -> str:
    """A ``data.yaml`` text for ``root`` (Ultralytics: ``train``, ``val``, ``names``), nothing in it naming where the
    folder is, so that a dataset copied or moved (the home copied for a backup) reads its photos where it is: no
    ``path`` where the photos are read from ``root`` itself (:func:`photos_root`; Ultralytics and tilelens read a
    data.yaml with none from its own folder: ``vision.data_yaml.photos_base``), else the folder in it that ``config``
    names, relative (``path: sub``); a game added in the app by its id (``game_said``). An old ``data.yaml`` naming
    its folder or the added game's file by an absolute path still reads as before."""
    data: dict = {}
    base = photos_root(root, config)
    if os.path.abspath(base) != os.path.abspath(root):  # a folder in it (``photos_root``): named from the file's
        data["path"] = Path(os.path.relpath(os.path.abspath(base), os.path.abspath(root))).as_posix()
    for split, items in config.sources.items():
        data[split.value] = items[0] if len(items) == 1 and split not in config.in_lists else list(items)
    data["names"] = dict(enumerate(config.names))
    if config.game:
        data["game"] = game_said(config.game)
    if config.tileset:
        data["tileset"] = config.tileset
    if config.own_kinds:
        data["own_kinds"] = dict(config.own_kinds)
    if config.absent:
        data["absent"] = list(config.absent)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def game_said(game: str) -> str:
    """``game`` as a ``data.yaml`` keeps it: the file of a game added in the app
    (``$TILELENS_HOME/games/_added/<id>.toml``, ``scorer.catalog.added_games``, as ``tilelens label init --game ID``
    and the Label page name it) by its id, which
    the home's folder of added games gives wherever the home is copied or moved (an absolute path named the old
    home's file); anything else as it is (a shipped game's id, any other game file).

    >>> game_said("nogizaka"), game_said("/no/such/club.toml")
    ('nogizaka', '/no/such/club.toml')
    """
    if not game.endswith(".toml"):
        return game
    from scorer.catalog import added_games

    try:
        path = Path(game).expanduser().resolve()
        for game_id, file in added_games().items():
            if Path(file).resolve() == path:
                return game_id
    except (OSError, RuntimeError):  # a path that cannot be resolved names no added game
        pass
    return game


def game_read(game: str | None) -> str | None:
    """The game a ``data.yaml``'s ``game`` names: as it is, but for the file of a game added in the app that is no
    longer there (``.../games/_added/<id>.toml``, written before ``game_said`` kept an added game by its id: a home
    copied or moved since), which is the game added here under that id where there is one."""
    if not game or not game.endswith(".toml"):
        return game
    path = Path(game)
    if path.parent.name != "_added" or path.parent.parent.name != "games":
        return game
    from scorer.catalog import added_games

    try:
        if path.is_file():
            return game
    except OSError:  # a path that cannot be looked at: the added game of its id, where there is one
        pass
    return path.stem if path.stem in added_games() else game


def path_elsewhere(root: Path, config: DataConfig) -> bool:
    """Whether the ``path`` of ``root``'s ``data.yaml`` has ``tilelens enroll``, ``eval`` and training read
    the photos of a split from another folder (moved, or copied here) while labelling reads ``root``'s: the
    rule of ``vision.data_yaml.photos_read_elsewhere``, a relative ``path`` read from ``root``. A folder in
    ``root`` (``path: sub``, there) is no other folder: labelling reads it too (:func:`photos_root`).

    >>> [path_elsewhere(Path("/no/ds"), DataConfig(("1m",), path=p)) for p in (".", "../ds", "ds", "/old/ds")]
    [False, False, True, True]
    """
    from vision.data_yaml import photos_read_elsewhere

    if not config.path:
        return False
    data = {"path": config.path} | {split.value: list(items) if split in config.in_lists else items[0]
                                    for split, items in config.sources.items()}
    return any(photos_read_elsewhere(Path(root) / "data.yaml", split.value, split.value, data) is not None
               for split in config.sources or (Split.TRAIN,))


def photos_root(root: Path, config: DataConfig | None) -> Path:
    """The folder the splits of the dataset ``root`` are named from, as training reads them: ``root``, or the
    folder in it its ``path`` names (``path: sub``, read from ``root``; as ``root/sub``). A ``path`` naming
    another folder, or one not there, is read as ``root`` (labelling reads its own photos: the checks say
    that ``enroll`` and training would read elsewhere, :func:`path_elsewhere`, and ``label init`` points
    ``path`` here).

    >>> photos_root(Path("/no/ds"), DataConfig(("1m",), path="/old/ds")).as_posix()
    '/no/ds'
    """
    root = Path(root)
    if config is None or not config.path:
        return root
    base = root / config.path
    if not base.is_dir() or not inside(root, base):
        return root
    inner = os.path.relpath(os.path.abspath(base), os.path.abspath(root))
    return root if inner == "." else root / inner


def _path_in_root(root: Path) -> str | None:
    """The ``path`` of ``root``'s ``data.yaml`` relative to ``root``, where it names a folder in it that is
    there (:func:`photos_root`): kept by a ``data.yaml`` written again in tilelens's layout."""
    try:
        config = read_data_yaml(root)
    except LabelFileError:
        return None
    base = photos_root(root, config)
    return None if base == Path(root) else Path(os.path.relpath(base, root)).as_posix()


def read_data_yaml(root: Path) -> DataConfig:
    """Read ``root/data.yaml``; raises ``LabelFileError`` if it is missing, cannot be read (no read rights: said
    as a read's refusal, never as a write's by ``tilelens.cli.not_written_under``) or is malformed."""
    path = Path(root) / "data.yaml"
    if not path.is_file():
        raise LabelFileError(f"{root}: no data.yaml (run `tilelens label init {root} --game GAME`)",
                             f"{root}: data.yaml がありません (`tilelens label init {root} --game GAME` で作れます)")
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        from tilelens.cli import os_reason

        raise LabelFileError(f"{path}: cannot be read ({os_reason(exc, 'en')})",
                             f"{path}: 読めません ({os_reason(exc, 'ja')})") from None
    return parse_data_yaml(text, str(path))


# ---------------------------------------------------------------- folder I/O

def label_path_for(image_path: Path) -> Path:
    """The label file of an image, by the Ultralytics rule: the last ``/images/`` becomes ``/labels/``."""
    return _label_path(str(image_path))


@functools.lru_cache(maxsize=1 << 16)  # a check asks it of each of 3,000 photos five times over
def _label_path(text: str) -> Path:
    sa, sb = f"{os.sep}images{os.sep}", f"{os.sep}labels{os.sep}"
    return Path(sb.join(text.rsplit(sa, 1)).rsplit(".", 1)[0] + ".txt")


def inside(root: Path, path: Path) -> bool:
    """True if ``path`` (links followed) lies inside ``root``."""
    return path.resolve().is_relative_to(root.resolve())


def relpath(root: Path, path: Path) -> str:
    """``path`` relative to ``root``, POSIX style (``path`` itself when outside ``root``)."""
    full, base = os.path.abspath(path), os.path.abspath(root)  # strings: a dataset has thousands of paths
    if full == base:
        return "."
    prefix = base.rstrip(os.sep) + os.sep
    return full[len(prefix):].replace(os.sep, "/") if full.startswith(prefix) else str(path)


T = TypeVar("T")


def file_stamp(st: os.stat_result) -> tuple[int, int, int, int]:
    """What tells that a file changed, from its ``stat``: its inode, modification and status-change times and size
    (an atomic save is a new inode, a copy cut short another size, one written in place with its modification time put
    back (``cp -p``, ``rsync -t``) a new status-change time). The one notion of "unchanged" of :class:`FileMemo` and
    :func:`photo_stamp` (the record of photos decoded whole) and of ``replaced``'s memo: the memory never answers for a
    file the record would decode again."""
    return st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size


class FileMemo:
    """Values computed from a file, kept while the file is unchanged (the same path and :func:`file_stamp`), so that
    checking a whole dataset again after one edit reads again only what changed. At most ``limit`` values are
    kept."""

    def __init__(self, limit: int = 100_000) -> None:
        self._values: dict[tuple, Any] = {}
        self.limit = limit

    def get(self, path: Path, compute: Callable[[], T], *extra: Hashable) -> T:
        """``compute()``'s value for ``path`` as it is now (``extra``: whatever else the value depends on)."""
        try:
            st = path.stat()
        except OSError:
            return compute()
        key = (str(path), *file_stamp(st), *extra)
        if key not in self._values:
            if len(self._values) >= self.limit:
                self._values.clear()
            self._values[key] = compute()
        return self._values[key]


_SIZES = FileMemo()
_LABELS = FileMemo()  # a label file's (numbered boxes, problems)


def numbered_labels(root: Path, label: Path, names: tuple[str, ...]) -> tuple[list[tuple[int, Box]], list[Issue]]:
    """:func:`parse_numbered_labels` of the label file ``label`` of the dataset ``root`` (its problems named by
    its path in it), remembered while the file is unchanged (``FileMemo``): a check reads each file once, and
    again only once it changes."""
    where = relpath(root, label)
    return _LABELS.get(label, lambda: parse_numbered_labels(read_regular_text(label, errors="replace"),
                                                            names, where), names, where)


def image_size(path: Path) -> tuple[int, int]:
    """``(width, height)`` as the photo is shown (EXIF rotation applied), read from the header, and
    remembered while the file is unchanged (``FileMemo``). Raises ``LabelFileError`` for a file that is not
    an image, or one cut short (``vision.image_io.check_whole``: its header reads, its picture does not)."""
    return _SIZES.get(path, lambda: _read_image_size(path))


def _read_image_size(path: Path) -> tuple[int, int]:
    from vision.image_io import MAX_PIXELS, ImageError, check_whole, empty_file, is_heif, unreadable

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # the reader's own limit (a phone's 200 MP photo is under it)
    try:
        check_regular_file(path)  # a named pipe in a photo's place: never opened (reading it waits for ever)
        if not path.stat().st_size:  # said as the reader says it, not "not a readable image"
            raise empty_file(path.name)
        with open(path, "rb") as f:  # pi-heif's Image.open crashed the process on a damaged HEIC: read in a child
            heif = is_heif(f.read(64))
        if heif:  # decoded whole in one child process, which gives its upright size too: never opened here
            size = check_whole(path, path.name)
            if size is not None:
                return size
        with Image.open(path) as im:
            w, h = im.size
            if im.getexif().get(_EXIF_ORIENTATION) in _ROTATED:
                w, h = h, w
    except ImageError as exc:  # a ValueError: before the tuple below
        raise LabelFileError(str(exc), exc.message_ja) from None
    except Image.DecompressionBombError:
        raise LabelFileError(f"{path.name}: too large to read (over {MAX_PIXELS // 1_000_000} megapixels)",
                             f"{path.name}: 写真が大きすぎて読めません ({MAX_PIXELS // 1_000_000}メガピクセルまで)") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError, RuntimeError) as exc:
        # cut inside its header, or no image: said in the reader's words (``read``, the app), not in words of its own
        said = unreadable(path, path.name, exc)
        raise LabelFileError(str(said), said.message_ja) from None
    try:
        check_whole(path, path.name)
    except ImageError as exc:
        raise LabelFileError(str(exc), exc.message_ja) from None
    return w, h


DECODED = Path(".tilelens") / "decoded.json"  # the photos of a dataset that decode whole, and their sizes
_DECODED_VERSION = 1  # a record of another version is not trusted (rebuilt): one made by another way of checking


def photo_stamp(photo: Path) -> tuple[int, int, int, int] | None:
    """What tells that the file ``photo`` changed (:func:`file_stamp`, as :class:`FileMemo` tells it), taken before it
    is read; None where it cannot be looked at."""
    try:
        st = photo.stat()
    except OSError:
        return None
    return file_stamp(st)


def _decoded_entry(entry: Any) -> bool:
    """Whether ``entry`` is one :class:`DecodedPhotos` wrote: its ``stamp`` (``photo_stamp``, a list) and size ``wh``
    (an entry of another shape, the record's older one among them, is decoded again)."""
    return (isinstance(entry, dict) and isinstance(entry.get("stamp"), list) and len(entry["stamp"]) == 4
            and all(type(v) is int for v in entry["stamp"])
            and isinstance(entry.get("wh"), list) and len(entry["wh"]) == 2
            and all(type(v) is int and v > 0 for v in entry["wh"]))


def _read_decoded(root: Path) -> dict[str, dict[str, Any]]:
    """The entries of ``root/DECODED`` that read as :class:`DecodedPhotos` wrote them; none where it is not there,
    not JSON, of another version or not a file, or is reached through a link (``store.own_file``: a record that
    is not the dataset's own is not trusted)."""
    if (path := own_file(root, DECODED)) is None:
        return {}
    try:
        data = json.loads(read_regular_bytes(path))
    except (OSError, ValueError, RecursionError):  # a UnicodeDecodeError is a ValueError
        return {}
    if (not isinstance(data, dict) or data.get("version") != _DECODED_VERSION
            or not isinstance(data.get("photos"), dict)):
        return {}
    return {rel: entry for rel, entry in data["photos"].items() if _decoded_entry(entry)}


class DecodedPhotos:
    """The photos of the dataset ``root`` known to decode whole (``vision.image_io.check_whole``), with their sizes,
    kept between runs in ``root/DECODED`` while each is unchanged (its path in the dataset and ``photo_stamp``): a
    check, stats or export after the first decodes only the photos added or changed since (a phone photo takes
    ~40 ms: 1,500 of them a minute or more on every check). A photo that cannot be read is never kept (said again on
    every check); a record that cannot be read is rebuilt, one that cannot be written leaves the next run to decode
    again: neither is an error. Kept only where the dataset has its ``.tilelens`` folder (pre-labelling, teaching and
    the Label page make it) unless ``save(make=True)``: a check never makes the folder, which would change the dataset
    folder's time, which the Label page watches (``checks.dataset_stamp``: it would check again), nor leaves one in a
    folder tilelens did not make."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.kept = _read_decoded(self.root)
        self.seen: dict[str, dict[str, Any]] = {}
        self.added = False

    def image_size(self, photo: Path) -> tuple[int, int]:
        """:func:`image_size` of ``photo``, decoded only where it is not kept as it is now."""
        stamp = photo_stamp(photo)  # before it is read: a change while it is decoded is one next time
        if stamp is None:
            return image_size(photo)  # said as the reader says it
        rel = relpath(self.root, photo)
        entry = self.kept.get(rel)
        if entry is not None and tuple(entry["stamp"]) == stamp:
            self.seen[rel] = entry
            return entry["wh"][0], entry["wh"][1]
        size = image_size(photo)
        self.note(photo, size, stamp)
        return size

    def note(self, photo: Path, size: tuple[int, int], stamp: tuple[int, int, int, int] | None) -> None:
        """``photo``, stamped ``stamp`` (``photo_stamp`` before it was read), decoded whole by a caller (pre-labelling
        reads every photo it labels) as ``size``, upright."""
        if stamp is not None:
            self.seen[relpath(self.root, photo)] = {"stamp": list(stamp), "wh": [int(size[0]), int(size[1])]}
            self.added = True

    def save(self, whole: bool = False, make: bool = False) -> None:
        """Keep what was learnt in ``root/DECODED`` (atomically), where it changed. ``whole``: every photo of the
        dataset was asked (``read_yolo``): those not asked, gone since, are left out. ``make``: the ``.tilelens``
        folder is made where there is none (by a command that writes in the dataset anyway). Never written through a
        link (``store.own_file``): a dataset that came with ``.tilelens`` or its record linked to a file or folder
        elsewhere is decoded again next time, the file linked to left as it is."""
        photos = self.seen if whole else self.kept | self.seen
        if not self.added and photos.keys() == self.kept.keys():
            return
        if not make and not (self.root / DECODED).parent.is_dir():
            return
        if (path := own_file(self.root, DECODED)) is None:
            return
        data = json.dumps({"version": _DECODED_VERSION, "photos": photos}, ensure_ascii=False, separators=(",", ":"))
        try:
            atomic_write_bytes(path, data.encode("utf-8"))
        except OSError:  # a dataset one may only read, a folder in its place: decoded again next time
            return
        self.kept, self.seen, self.added = photos, {}, False


def source_path(root: Path, config: DataConfig, split: Split, source: str) -> Path:
    """Where the entry ``source`` of ``split`` in the ``data.yaml`` of the dataset ``root`` points, as
    Ultralytics resolves it (``vision.data_yaml.split_entry_path``: a Roboflow export's ``train:
    ../train/images`` is ``root/train/images`` where ``root/../train/images`` is not there), from the folder
    its ``path`` names in ``root`` (:func:`photos_root`).

    >>> config = DataConfig(("1m",), {Split.TRAIN: ("../train/images",)})
    >>> source_path(Path("/no/such/ds"), config, Split.TRAIN, "../train/images").as_posix()
    '/no/such/ds/train/images'
    """
    return split_entry_path(photos_root(root, config), source, in_list=split in config.in_lists)


def _images_of_source(root: Path, source: str, where: Path, split: Split = Split.TRAIN,
                      base: Path | None = None) -> tuple[list[Path], list[Issue]]:
    """The images a ``train``/``val``/``test`` entry ``source`` of ``split`` names (a folder or a ``.txt``
    list, its entries read from ``base``, :func:`photos_root`, as ``list_entry_path`` says; ``where``:
    :func:`source_path`), staying inside root. One that does not exist is an error, but for
    the test split a warning: Ultralytics trains without it (``check_det_dataset`` requires only the val
    split's to exist)."""
    if not inside(root, where):
        return [], [Issue(IssueKind.PATH_ESCAPE, "data.yaml",
                          f"{source!r} points outside the dataset folder; it was skipped",
                          message_ja=f"{quoted_ja(source, PATH_ECHO_MAX)}はデータセットのフォルダの外を指しているので、飛ばしました")]
    if where.is_dir():
        found = [(None, p) for p in photos_in(where)]  # each named by its path in root where it has a problem
    elif where.is_file() and where.suffix == ".txt":
        found = [(entry, list_entry_path(base or root, where, entry)) for entry in list_entries(where)]
    elif split is Split.TEST:
        return [], [Issue(IssueKind.MISSING_TEST_SOURCE, "data.yaml",
                          f"test: {source!r} does not exist; training does without the test split",
                          message_ja=f"test: {quoted_ja(source, PATH_ECHO_MAX)}がありません。学習はテスト用の写真なしでできます")]
    else:
        return [], [Issue(IssueKind.MISSING_SOURCE, "data.yaml", f"{source!r} does not exist",
                          message_ja=f"{quoted_ja(source, PATH_ECHO_MAX)}がありません")]
    issues, kept = [], []
    real_root = root.resolve()
    folders: dict[Path, Path | None] = {}  # resolved once each (resolving each of 3,000 photos took 3 s a listing)
    for entry, path in found:
        try:
            real = _real_path(path, folders)
        except (RuntimeError, OSError):  # a link that leads back to itself (Python 3.11 raises RuntimeError)
            issues.append(Issue(IssueKind.UNREADABLE_IMAGE, relpath(root, path) if entry is None else entry,
                                "this photo is a link in a loop; it was skipped",
                                message_ja="この写真はループしたリンクなので、飛ばしました"))
            continue
        if real.is_relative_to(real_root):  # inside(), with the root resolved once
            kept.append(path)
        else:
            issues.append(Issue(IssueKind.PATH_ESCAPE, relpath(root, path) if entry is None else entry,
                                "this photo lies outside the dataset folder; it was skipped",
                                message_ja="この写真はデータセットのフォルダの外にあるので、飛ばしました"))
    return kept, issues


def _real_path(path: Path, folders: dict[Path, Path | None]) -> Path:
    """``path.resolve()``, its folder resolved once for all the photos in it (``folders``: each folder met so
    far -> where it leads, None where that fails): the photo's own name is followed only where it is a link. A
    folder that cannot be resolved (a loop) leaves the photo to ``resolve``, which raises as it does."""
    name = path.name
    if name in ("", "..") or os.path.islink(path):
        return path.resolve()
    parent = path.parent
    if parent not in folders:
        try:
            folders[parent] = parent.resolve()
        except (RuntimeError, OSError):
            folders[parent] = None
    real = folders[parent]
    return path.resolve() if real is None else real / name


def split_images(root: Path, config: DataConfig) -> tuple[dict[Split, list[Path]], list[Issue]]:
    """Every split's image paths (missing ones included, for the checks) and the path problems (a split not
    here of a ``data.yaml`` whose ``path`` names another folder, there: said to be read from that one). A
    folder or list two splits name (``val: images/train``, as ``label init`` writes) is listed once."""
    result: dict[Split, list[Path]] = {}
    issues: list[Issue] = []
    base = photos_root(root, config)
    away = Path(root) / config.path if config.path and base == Path(root) else None
    away = away if away is not None and away.is_dir() and not os.path.samefile(away, root) else None
    listed: dict[tuple, tuple[list[Path], list[Issue]]] = {}
    for split, items in config.sources.items():
        paths: list[Path] = []
        for source in items:
            where = source_path(root, config, split, source)
            key = (source, where, split is Split.TEST)  # a test split's folder not there is a warning only
            if key not in listed:
                listed[key] = _images_of_source(root, source, where, split, base)
            found, problems = listed[key]
            paths += found
            issues += [replace(p, message=f"{p.message} here: path: names another folder, {away}, from which "
                                          f"enroll, eval and training read it: label that folder",
                               message_ja=f"{p.message_ja}: path: は別のフォルダ {away} を指していて、"
                                          f"登録・評価・学習はそこから読みます: そのフォルダでラベルを付けてください")
                       if away is not None and p.kind in {IssueKind.MISSING_SOURCE, IssueKind.MISSING_TEST_SOURCE}
                       else p for p in problems]
        result[split] = paths
    return result, list(dict.fromkeys(issues))  # a folder train and val both name, not there: said once


def dataset_photos(root: Path, config: DataConfig | None) -> tuple[list[Path], list[Issue]]:
    """The photos the splits of the dataset ``root`` name that are there, each once (what labelling reads:
    :func:`split_images`; a ``.txt`` list's photos wherever in ``root`` they lie, not only under
    ``images/``), and the problems of those it names outside ``root``, which labelling never reads
    (``PATH_ESCAPE``). None for a dataset with no ``data.yaml`` yet (``config`` None)."""
    if config is None:
        return [], []
    per_split, issues = split_images(Path(root), config)
    photos = dict.fromkeys(Path(os.path.normpath(p)) for paths in per_split.values() for p in paths)
    return [p for p in photos if p.is_file()], [i for i in issues if i.kind is IssueKind.PATH_ESCAPE]


def photos_away(root: Path, config: DataConfig) -> Path | None:
    """The folder the ``path`` of ``root``'s ``data.yaml`` names where that is another folder, there, and
    ``root`` holds none of the train and val splits it names: a ``data.yaml`` pointing at photos kept
    elsewhere, which ``enroll``, ``eval`` and training read there (labelling reads ``root``'s own:
    :func:`photos_root`). None otherwise."""
    root = Path(root)
    if not config.path or photos_root(root, config) != root:
        return None
    away = root / config.path
    if not away.is_dir() or os.path.samefile(away, root):
        return None
    named = [source_path(root, config, split, source) for split, items in config.sources.items()
             if split is not Split.TEST for source in items]
    return away if named and not any(where.exists() for where in named) else None


def own_layout(config: DataConfig) -> bool:
    """Whether ``config`` lays the photos out as tilelens does (``default_config``: ``images/train``, ``val``
    the same or ``images/val``, and ``test``, where there is one, ``images/test``)."""
    train = ("images/train",)
    return config.sources.get(Split.TRAIN) == train \
        and config.sources.get(Split.VAL, train) in {train, ("images/val",)} \
        and config.sources.get(Split.TEST, ("images/test",)) == ("images/test",)


def filing_folder(root: Path, config: DataConfig | None, split: Split) -> Path:
    """The folder a photo filed into ``split`` of the dataset ``root`` goes to (its label file then goes
    where Ultralytics looks for it: :func:`label_path_for`). ``images/<split>`` in tilelens's own layout
    (``own_layout``; a new dataset, ``config`` None), and where the split names no folder of the dataset (a
    ``.txt`` list: :func:`add_to_list` names the photo in it); else the first folder the split names, where
    training reads it (:func:`source_path`: a Roboflow export's ``train: train/images``, or ``train:
    ../train/images`` as it is downloaded; its labels go to ``train/labels``).

    >>> config = DataConfig(("1m",), {Split.TRAIN: ("train/images",), Split.VAL: ("valid/images",)})
    >>> filing_folder(Path("/ds"), config, Split.VAL).as_posix(), filing_folder(Path("/ds"), None, Split.VAL).as_posix()
    ('/ds/valid/images', '/ds/images/val')
    """
    root = Path(root)
    base = photos_root(root, config)
    if config is not None and not own_layout(config):
        for source in config.sources.get(split, ()):
            where = source_path(root, config, split, source)
            if source.endswith(".txt") or not inside(root, where) or (where.exists() and not where.is_dir()) \
                    or os.path.abspath(where) == os.path.abspath(base):  # `train: .`: filed is loose
                continue
            return where
    return base / "images" / str(split)


def trains_on_filed(root: Path, config: DataConfig) -> bool:
    """Whether a photo the library files into the train split of the dataset ``root`` (a photo kept from
    the score page, photos added on the Label page) is one training reads: in tilelens's own layout (``images/train``); where
    the split names a folder in the dataset, which the photo goes to (``yolo.filing_folder``: a Roboflow
    export's ``train/images``, its labels in ``train/labels``) or lies under (``train: .``); or where the split
    is a ``.txt`` list in the dataset, which names the photo then (``yolo.add_to_list``). Not where the split
    is only a folder or list outside the dataset, or a list not there: the photo would lie in ``images/train``,
    labelled and never trained on."""
    if own_layout(config):
        return True
    folder = filing_folder(root, config, Split.TRAIN)
    for source in config.sources.get(Split.TRAIN, ()):
        where = source_path(root, config, Split.TRAIN, source)
        if not inside(root, where):
            continue
        if source.endswith(".txt") and where.is_file() or not source.endswith(".txt") and inside(where, folder):
            return True
    return False


def add_to_list(root: Path, config: DataConfig, split: Split, photos: list[Path]) -> Path | None:
    """Name ``photos`` (just filed under ``root``) in ``split``'s ``.txt`` list when ``data.yaml`` gives the
    split as one: training reads only the photos a list names, so a photo filed beside the others would be
    labelled and never trained on. A photo a folder of the split holds, or the list names already, is left
    out. Entries are written absolute where the list's are, else ``./`` relative to the list's folder, which
    Ultralytics reads wherever training is started (not relative to the dataset, as some lists' are: that
    Ultralytics reads from the folder training is started in, ``vision.data_yaml.read_from_working_folder``).
    Returns the list written, or None."""
    root = Path(root)
    wheres = [(s, source_path(root, config, split, s)) for s in config.sources.get(split, ())]
    folders = [where for _, where in wheres if where.is_dir()]
    lists = [where for s, where in wheres if s.endswith(".txt") and inside(root, where) and where.is_file()]
    if not lists:
        return None
    target = lists[0]
    old = target.read_bytes()
    entries = list_entries(target)
    base = photos_root(root, config)
    listed = {os.path.abspath(list_entry_path(base, target, e)) for e in entries}
    first = entries[0] if entries else "./"
    lines = []
    for photo in photos:
        full = os.path.abspath(photo)
        if full in listed or any(inside(folder, photo) for folder in folders):
            continue
        if os.path.isabs(first):
            lines.append(str(Path(photo).resolve()))
        else:
            lines.append("./" + Path(os.path.relpath(full, os.path.abspath(target.parent))).as_posix())
        listed.add(full)
    if not lines:
        return None
    sep = b"" if not old or old.endswith(b"\n") else b"\n"
    return atomic_write_bytes(target, old + sep + "".join(f"{line}\n" for line in lines).encode("utf-8"))


def unreadable_issue(where: str, exc: LabelFileError) -> Issue:
    """The problem of a photo ``where`` (its place in the set) that ``image_size`` could not read (``exc``): the
    reason alone, the photo named once (the reader's own words begin with its file name, which ``where`` ends in).

    >>> str(unreadable_issue("images/a.jpg", LabelFileError("a.jpg: empty file, not an image", "a.jpg: 空のファイル")))
    'error [unreadable-photo] images/a.jpg: empty file, not an image'
    """
    name = f"{PurePosixPath(where).name}: "
    en, ja = str(exc), exc.message_ja
    return Issue(IssueKind.UNREADABLE_IMAGE, where, en.removeprefix(name) or en,
                 message_ja=ja.removeprefix(name) or ja)


def read_image_labels(root: Path, image: Path, names: tuple[str, ...], split: Split = Split.TRAIN,
                      decoded: DecodedPhotos | None = None) -> tuple[LabelledImage | None, list[Issue]]:
    """One photo and its label file -> (``LabelledImage`` or None if unreadable, problems). ``decoded``: the
    dataset's photos known to decode whole (:class:`DecodedPhotos`), where the caller reads many."""
    rel = relpath(root, image)
    try:
        size = (decoded.image_size if decoded is not None else image_size)(image)
    except LabelFileError as exc:
        return None, [unreadable_issue(rel, exc)]
    label = label_path_for(image)
    if not label.is_file():
        return LabelledImage(rel, size, (), split), [
            Issue(IssueKind.NO_LABEL_FILE, rel, f"no label file {relpath(root, label)}",
                  message_ja=f"ラベルファイル {relpath(root, label)} がありません")]
    numbered, issues = numbered_labels(root, label, names)
    return LabelledImage(rel, size, tuple(box for _, box in numbered), split), list(issues)


def read_yolo(root: Path | str, listing: tuple[dict[Split, list[Path]], list[Issue]] | None = None
              ) -> tuple[Dataset, list[Issue]]:
    """A YOLO dataset folder -> ``Dataset`` of the photos that can be read, plus every problem.

    A photo listed in two splits is kept once, in the first. Raises ``LabelFileError`` only when
    ``data.yaml`` itself is missing or unreadable. ``listing``: :func:`split_images` of the dataset as its
    ``data.yaml`` is now, where the caller has it (listed once; left as it is).
    """
    root = Path(root)
    config = read_data_yaml(root)
    per_split, issues = listing if listing is not None else split_images(root, config)
    issues = list(issues)
    seen: set[Path] = set()
    images: list[LabelledImage] = []
    decoded, whole = DecodedPhotos(root), False  # photos decoded whole by an earlier run are not decoded again
    try:
        for split, paths in per_split.items():
            for path in paths:
                if path in seen:
                    continue
                seen.add(path)
                if not path.exists():
                    issues.append(Issue(IssueKind.MISSING_SOURCE, relpath(root, path), "listed but missing",
                                        message_ja="リストにありますが、ファイルがありません"))
                    continue
                image, problems = read_image_labels(root, path, config.names, split, decoded)
                issues += problems
                if image is not None:
                    images.append(image)
        whole = True
    finally:  # stopped midway (Ctrl-C): the photos decoded so far are kept
        decoded.save(whole)
    return Dataset(config.names, tuple(images), config.game, {"tileset": config.tileset or ""},
                   dict(config.own_kinds), config.absent), issues


def write_labels(root: Path, image: LabelledImage, names: tuple[str, ...]) -> Path:
    """Save one photo's label file atomically; returns its path."""
    return atomic_write_text(label_path_for(Path(root) / image.path), format_labels(image.boxes, names))


def default_config(root: Path, names: tuple[str, ...], game: str | None = None,
                   tileset: str | None = None) -> DataConfig:
    """The layout tilelens writes: ``images/train`` and ``images/val`` (``val`` falls back to train
    when there is no val folder, since Ultralytics needs one), and ``images/test`` where there is that
    folder (an import of a Roboflow export's test split: its photos are in no split without it); under the
    folder in ``root`` the ``path`` of its ``data.yaml`` names, where it names one (:func:`photos_root`)."""
    path = _path_in_root(Path(root))  # a `path: sub` of the data.yaml there kept (``photos_root``)
    base = Path(root) / path if path else Path(root)
    val = "images/val" if (base / "images" / "val").is_dir() else "images/train"
    sources = {Split.TRAIN: ("images/train",), Split.VAL: (val,)}
    if (base / "images" / "test").is_dir():
        sources[Split.TEST] = ("images/test",)
    return DataConfig(tuple(names), sources, game, tileset, path)


def write_yolo(dataset: Dataset, root: Path | str, config: DataConfig | None = None) -> Path:
    """Write ``data.yaml`` (``config`` or the default layout) and every label file; the photos must
    already be in the folder at their ``path``. Returns the ``data.yaml`` path."""
    root = Path(root)
    for image in dataset.images:
        if not inside(root, root / image.path):
            raise PathEscapeError(f"{image.path}: points outside the dataset folder {root}",
                                  f"{image.path}: データセットのフォルダ {root} の外を指しています")
        write_labels(root, image, dataset.names)
    config = config or default_config(root, dataset.names, dataset.game,
                                      dataset.meta.get("tileset") or None)
    return atomic_write_text(root / "data.yaml", format_data_yaml(root, config))
