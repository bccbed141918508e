"""Reading an Ultralytics ``data.yaml`` (a labelled photo set) as a mapping, with one clear error when it
cannot be: missing or unreadable, not text, not valid YAML, or not a mapping of settings; and the photos
one of its splits names."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import yaml

from scorer.catalog import shown  # a value cut short: YAML aliases make a few hundred bytes millions of strings

# The photo files tilelens reads (``vision.load_image``: Pillow's formats, and an iPhone's HEIC with pi-heif): the
# one list every place that looks for photos uses (label init's loose photos, the Label page's uploads, an event's
# tables). .jfif/.jpe: a JPEG Windows saved from the web; .avif: Chrome's and Android's.
PHOTO_SUFFIXES = frozenset({".jpg", ".jpeg", ".jpe", ".jfif", ".png", ".webp", ".avif", ".bmp", ".tif", ".tiff",
                            ".gif", ".heic", ".heif"})
# The photos a labelled set's folders hold: what the Label page and `tilelens label init` file, the formats
# Ultralytics' training reads (``ultralytics.data.utils.IMG_FORMATS``), so that every photo labelled there is also
# trained and measured on. The others (a phone's HEIC, a .jfif/.jpe or a GIF) are filed as JPEG, their original
# kept in originals/ (``tilelens.labelling.prelabel.CONVERTED_SUFFIXES``).
IMAGE_SUFFIXES = PHOTO_SUFFIXES - {".heic", ".heif", ".jfif", ".jpe", ".gif"}


# The classes of a detector's dataset (``vision.synth.scene.DETECTION_NAMES``: the data.yaml `tilelens synth` writes
# beside its photos): boxes of tiles and of tile backs, no tile kinds.
DETECTOR_NAMES = ("tile", "back")
# How the card of a set `tilelens synth` wrote begins (``vision.synth.dataset``: written first, so that one stopped
# half way is known as one too).
CARD_TITLE = "# Synthetic dataset"


def synth_set(folder: str | Path) -> bool:
    """Whether ``folder`` holds a set ``tilelens synth`` wrote: its ``CARD.md`` begins with :data:`CARD_TITLE` (a
    card that cannot be read, or is no UTF-8 text, is someone else's file)."""
    try:
        with open(Path(folder) / "CARD.md", "rb") as card:
            return card.read(len(CARD_TITLE)) == CARD_TITLE.encode("ascii")
    except OSError:  # none, a folder of that name, no permission
        return False


def photos_in(folder: Path) -> list[Path]:
    """The photos under ``folder`` (searched through; ``IMAGE_SUFFIXES``, any case), sorted."""
    return sorted(p for p in Path(folder).rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES)


def photo_sha256(path: str | Path) -> str:
    """The SHA-256 of a photo file's bytes (hex): what an enrolled tile set records of each photo it learned
    from (``vision.enroll``), so that ``tilelens eval`` knows them in a copied or moved folder too."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def yaml_problem(exc: yaml.YAMLError) -> str:
    """What the YAML parser found wrong, and where: ``"expected ',' or ']', but got ':' at line 2, column 4"``."""
    where = getattr(exc, "problem_mark", None)
    at = f" at line {where.line + 1}, column {where.column + 1}" if where is not None else ""
    return (getattr(exc, "problem", None) or str(exc).splitlines()[0]) + at


def yaml_where_ja(exc: yaml.YAMLError) -> str:
    """Where the YAML parser stopped, for a Japanese message (its own words are English: only the place is said,
    as ``scorer.result.game_file_ja`` says a TOML error's): ``" (2行目 4文字目)"``, or nothing where it gives none."""
    where = getattr(exc, "problem_mark", None)
    return f" ({where.line + 1}行目 {where.column + 1}文字目)" if where is not None else ""


def data_yaml_path(path: str | Path, error: type[Exception]) -> Path:
    """The ``data.yaml`` a ``--data`` names: the file itself, or the one in the folder named; ``error``
    saying which is missing otherwise (a folder was "data file not found" before, though it exists)."""
    path = Path(path)
    if path.is_dir():
        if (path / "data.yaml").is_file():
            return path / "data.yaml"
        raise error(f"{path} is a folder without a data.yaml (the labelled photos' settings: path, train, val, "
                    f"names): name the data.yaml, or the folder that holds it",
                    f"{path} は data.yaml のないフォルダです (ラベル付き写真の設定: path、train、val、names): "
                    f"data.yaml か、それがあるフォルダを指定してください")
    if not path.is_file():
        raise error(f"data file not found: {path}", f"データファイルがありません: {path}")
    return path


WHAT_JA = {True: "フォルダ", False: "フォルダか画像の .txt リスト (またはそのリスト)"}  # what path: / a split names


def read_data_yaml(path: str | Path, error: type[Exception]) -> dict:
    """The settings of ``path`` (``{}`` for an empty file); ``error`` naming the file and what is wrong
    with it otherwise (the YAML parser's first line, where it stopped), in English and Japanese (``error`` takes
    both, as ``TilelensInputError`` does)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise error(f"{path}: not a text file (a data.yaml is YAML text)",
                    f"{path}: テキストファイルではありません (data.yaml は YAML のテキストです)") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read ({exc.strerror or exc})", f"{path}: 読めません ({exc.strerror or exc})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise error(f"{path}: not valid YAML ({yaml_problem(exc)})",
                    f"{path}: YAML として正しくありません{yaml_where_ja(exc)}") from None
    except RecursionError:  # brackets nested thousands deep
        raise error(f"{path}: not valid YAML (lists or mappings nested too deep)",
                    f"{path}: YAML として正しくありません (リストやマッピングの入れ子が深すぎます)") from None
    if data is None:
        return {}
    if not isinstance(data, dict):  # a list or a bare word parses too: say so, not AttributeError later
        raise error(f"{path}: not a mapping of settings (path:, train:, val:, names:)",
                    f"{path}: 設定のマッピング (path:, train:, val:, names:) ではありません")
    for key in ("path", "train", "val", "test"):
        value = data.get(key)
        if value is None or isinstance(value, str):
            continue
        if key == "path" or not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            what = "a folder" if key == "path" else "a folder or .txt list of images, or a list of them"
            raise error(f"{path}: {key}: must name {what} (got {shown(value)})",
                        f"{path}: {key}: {WHAT_JA[key == 'path']}を指定してください ({shown(value)} が書かれています)")
    return data


def list_entries(listing: Path) -> list[str]:
    """The photo paths a split's ``.txt`` list names, one a line, as Ultralytics reads them: UTF-8 with or
    without a byte-order mark (Windows Notepad's "UTF-8 with BOM")."""
    text = Path(listing).read_bytes().decode("utf-8-sig", errors="replace")
    return [line.strip() for line in text.splitlines() if line.strip()]


def list_entry_path(base: Path, listing: Path, entry: str) -> Path:
    """Where the entry ``entry`` of the ``.txt`` list ``listing`` of a dataset whose folder is ``base`` points.
    As Ultralytics reads it (``BaseDataset.get_img_files``): an entry starting ``./`` from the list's own
    folder, an absolute one as it is. Ultralytics takes any other relative entry from the folder training is
    started in, which a dataset cannot know: it is read from the dataset folder, where such lists are made to
    be trained from (:func:`resolved_lists` hands training copies naming them so).

    >>> list_entry_path(Path("/ds"), Path("/ds/lists/train.txt"), "./images/a.jpg").as_posix()
    '/ds/lists/images/a.jpg'
    >>> list_entry_path(Path("/ds"), Path("/ds/lists/train.txt"), "images/a.jpg").as_posix()
    '/ds/images/a.jpg'
    """
    if entry.startswith("./"):
        return Path(listing).parent / entry[2:]
    return Path(base) / entry


def read_from_working_folder(entry: str) -> bool:
    """Whether Ultralytics reads the ``.txt`` list entry ``entry`` from the folder training is started in
    (neither absolute nor ``./``), where the rest of tilelens reads it from the dataset folder
    (:func:`list_entry_path`).

    >>> [read_from_working_folder(e) for e in ("images/a.jpg", "./images/a.jpg", "/ds/images/a.jpg")]
    [True, False, False]
    """
    return not entry.startswith("./") and not Path(entry).is_absolute()


def resolved_lists(data: dict, data_yaml: str | Path, out: str | Path) -> dict:
    """``data`` (read from ``data_yaml``) as training is to be handed it: each split's ``.txt`` list with an
    entry Ultralytics would read from the folder training is started in (:func:`read_from_working_folder`)
    named instead by a copy written in ``out`` (``train.txt``, ``val.txt`` ...), its entries resolved as
    the rest of tilelens reads them (:func:`list_entry_path`), so that training reads the photos labelling
    shows wherever it is started. ``data`` itself (the same dict) where no list needs it."""
    base, out, changed = photos_base(data_yaml, data), Path(out), {}
    for key in ("train", "val", "test"):
        value = data.get(key)
        listed = isinstance(value, list)
        entries = value if listed else [value] if isinstance(value, str) else []
        kept = []
        for n, entry in enumerate(entries):
            where = split_entry_path(base, entry, in_list=listed)
            lines = list_entries(where) if where.suffix == ".txt" and where.is_file() else []
            if not any(read_from_working_folder(line) for line in lines):
                kept.append(entry)
                continue
            copy = out / (f"{key}-{n + 1}.txt" if listed else f"{key}.txt")
            out.mkdir(parents=True, exist_ok=True)
            copy.write_text("".join(f"{os.path.abspath(list_entry_path(base, where, line))}\n" for line in lines),
                            encoding="utf-8")
            kept.append(str(copy.resolve()))
        if kept != entries:
            changed[key] = kept if listed else kept[0]
    return data | changed if changed else data


def split_entry_path(base: str | Path, entry: str, in_list: bool = False) -> Path:
    """Where the entry ``entry`` of a split (``train:``, ``val:``, ``test:``) of a dataset whose folder is
    ``base`` points, as Ultralytics resolves it (``check_det_dataset``): ``base / entry``; but an entry that
    starts ``../`` and names nothing there is taken without it, as in a Roboflow export's ``train:
    ../train/images`` beside ``train/``. Not for an entry of a YAML list (``train: [a, b]``, ``in_list``):
    Ultralytics takes those as written.

    >>> split_entry_path(Path("/no/such/ds"), "../train/images").as_posix()
    '/no/such/ds/train/images'
    >>> split_entry_path(Path("/no/such/ds"), "../train/images", in_list=True).as_posix()
    '/no/such/ds/../train/images'
    """
    where = Path(base) / entry
    if not in_list and entry.startswith("../") and not where.exists():
        return Path(base) / entry[3:]
    return where


def photos_base(data_yaml: str | Path, data: dict) -> Path:
    """The folder the splits of ``data`` (read from ``data_yaml``) are named from: its ``path:``, a relative
    one taken from the data.yaml's folder (as ``vision.train.check_dataset`` hands it to training, resolved),
    or the data.yaml's own folder where it has none.

    >>> photos_base(Path("/ds/data.yaml"), {"path": "sub"}).as_posix(), photos_base("/ds/data.yaml", {}).as_posix()
    ('/ds/sub', '/ds')
    """
    base = Path(data.get("path") or ".")
    return base if base.is_absolute() else Path(data_yaml).parent / base


# What a data.yaml with no ``path:`` line does (``photos_base``; Ultralytics' ``check_det_dataset`` alike), said
# where a moved folder's ``path:`` is to go. (``path: .`` is the folder Ultralytics is started in, not the file's.)
NO_PATH_LINE = "read the photos from the data.yaml's own folder, wherever it is moved (training too)"
NO_PATH_LINE_JA = "data.yaml のあるフォルダから写真を読みます (フォルダを移動しても、学習のときも同じです)"


def split_images(data: dict, data_yaml: str | Path, split: str, fallback: str, error: type[Exception]) -> list[Path]:
    """The photos of one split of ``data`` (read from ``data_yaml`` by :func:`read_data_yaml`), or of
    ``fallback`` when it has no such split: the split names a folder (its photos, searched through), a
    ``.txt`` list of photo paths (its entries read as :func:`list_entry_path` says), or a list of either,
    relative to ``path`` (or to the file) as :func:`split_entry_path` says. Each photo once, in the order
    named; ``error`` for a split that is missing or names neither."""
    data_yaml = Path(data_yaml)
    base = photos_base(data_yaml, data)
    entries = data.get(split) or data.get(fallback)
    if entries is None:
        raise error(f"{data_yaml}: no {split!r} or {fallback!r} entry naming the images")
    gone = None  # the folder copied elsewhere: its splits are there, but path: names the old place
    if data.get("path") and not base.is_dir():
        init = _init_that_runs(Path(data_yaml))
        listed = isinstance(entries, list)
        here = all(split_entry_path(data_yaml.parent, e, in_list=listed).exists()
                   for e in (entries if listed else [entries]))  # the data.yaml's own folder holds them
        gone = error(f"{data_yaml}: path {data['path']!r} (the folder its photos are read from) is no such folder "
                     f"(moved or copied here?): set path: to the folder that holds them"
                     + (f", or remove the path: line to {NO_PATH_LINE}" if here else "")
                     + (f", or run `{init}`, which points it at its own folder" if init else ""))
    images: list[Path] = []
    for entry in entries if isinstance(entries, list) else [entries]:
        where = split_entry_path(base, entry, in_list=isinstance(entries, list))
        if where.suffix == ".txt" and where.is_file():
            images += [list_entry_path(base, where, line) for line in list_entries(where)]
        elif where.is_dir():
            images += photos_in(where)
        elif gone is not None and not where.exists():
            raise gone
        else:
            raise error(f"{data_yaml}: {split if data.get(split) else fallback} entry {entry!r} is neither a folder "
                        f"nor a .txt list ({where} {'is not there' if not where.exists() else 'is a file'})")
    return list(dict.fromkeys(images))


def photos_read_elsewhere(data_yaml: str | Path, split: str, fallback: str, data: dict | None = None) -> Path | None:
    """The folder ``data_yaml``'s ``path:`` names when ``tilelens enroll``, ``eval`` and training read the
    photos of its ``split`` (or ``fallback``) from there while labelling reads the data.yaml's own folder:
    the one rule both ask (``tilelens.labelling.yolo.path_elsewhere`` for labelling's checks and ``label
    init``, ``vision.enroll`` and ``vision.eval_data`` for their warnings). That is a ``path:`` naming a folder
    neither the data.yaml's own nor one in it that is there (labelling reads such a folder too:
    ``yolo.photos_root``), and either gone (the folder moved: the reading says so, ``split_images``) or
    another while the data.yaml's folder holds the same split too (copied here, the old folder still there).
    None otherwise: no ``path:``, or one naming another folder where this one holds no such split (a
    data.yaml that points elsewhere on purpose, as the Label page's Teach writes beside an absolute list of
    photos). ``data``: the settings already read (``read_data_yaml``)."""
    data_yaml = Path(data_yaml)
    if data is None:
        try:
            data = read_data_yaml(data_yaml, ValueError)
        except ValueError:
            return None  # said by whoever reads it for the photos
    if not data.get("path"):
        return None
    own, base = data_yaml.parent, photos_base(data_yaml, data)
    if base.resolve() == own.resolve() or base.is_dir() and base.resolve().is_relative_to(own.resolve()):
        return None
    if not base.is_dir():
        return base
    entries = data.get(split) or data.get(fallback)
    listed = isinstance(entries, list)
    for entry in entries if listed else [entries] if isinstance(entries, str) else []:
        where, here = split_entry_path(base, entry, in_list=listed), split_entry_path(own, entry, in_list=listed)
        if where.resolve() != here.resolve() and where.exists() and here.exists():
            return base
    return None


# A label file that starts with a byte-order mark (saved as "UTF-8 with BOM"), which training reads as part of the first
# class number: said alike by `tilelens label check` (``tilelens.labelling.yolo``) and `tilelens eval`
# (``vision.eval_data``), in English and Japanese
BOM_SAID = ("starts with a byte-order mark (saved as \"UTF-8 with BOM\"), which training cannot read: save it as UTF-8 "
            "without one",
            "先頭に BOM があります (「UTF-8 (BOM 付き)」で保存されています)。学習では読めないので、BOM なしの UTF-8 で"
            "保存し直してください")
# A label file saved as UTF-16 ("Unicode", as Windows PowerShell's > writes): every line garbage read as UTF-8, so one
# problem for the file, said alike by `tilelens label check` and `tilelens eval`, in English and Japanese
UTF16_SAID = ("not plain text: saved as UTF-16 (\"Unicode\", as Windows PowerShell's > writes)? save it as UTF-8",
              "普通のテキストではありません。UTF-16 (「Unicode」) で保存されていませんか? UTF-8 で保存し直してください")

def elsewhere_words(data_yaml: str | Path, folder: Path) -> tuple[str, str]:
    """:func:`photos_read_elsewhere`'s finding said in one line, in English and Japanese: of a folder that is
    there (a folder gone is said by the reading: ``split_images``)."""
    own = Path(data_yaml).parent
    init = _init_that_runs(Path(data_yaml))
    return (f"photos read from {folder} (the path: of {data_yaml}), not from {own}, the data.yaml's own folder, "
            f"though it holds them too (copied or moved here?): set path: to {own}"
            + (f", or run `{init}`" if init else "") + f", to read its own (or remove the path: line to "
            f"{NO_PATH_LINE})",
            f"写真は {data_yaml} の path: が指す {folder} から読みます ({own} ではありません。コピーか移動を"
            f"しましたか?): この data.yaml のフォルダの写真を読むには path: を {own} にして"
            + (f"ください (`{init}` を実行しても直せます)" if init else "ください")
            + f"。path: の行を消しても直せます。消すと、{NO_PATH_LINE_JA}")


def _init_that_runs(data_yaml: Path) -> str | None:
    """The ``tilelens label init`` that would point ``data_yaml`` at its own folder, where init would accept the
    dataset (its class names all the tiles of its game or tile set: the rule ``tilelens label check`` says it by);
    None where it would refuse it, or the file is not the folder's ``data.yaml`` init writes."""
    if data_yaml.name != "data.yaml":
        return None
    from tilelens.labelling.checks import init_fixes  # here, not above: tilelens.labelling.yolo imports this module
    from tilelens.labelling.yolo import read_data_yaml

    try:
        return init_fixes(data_yaml.parent, read_data_yaml(data_yaml.parent), None)
    except Exception:  # noqa: BLE001  a data.yaml the labelling tools cannot read: init would not run on it either
        return None
