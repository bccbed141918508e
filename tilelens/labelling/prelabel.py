"""Pre-labelling: the recognizer proposes a box and a kind for every tile of every photo, and a person
only corrects. Photos dropped loose in the folder are filed into the Ultralytics layout first.
"""
from __future__ import annotations

import os
import shlex
import shutil
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from tqdm import tqdm

from vision.cli_args import progress_bar  # a bar where stderr is a terminal, lines in a log

from scorer.result import cli_lang, quoted_ja
from tilelens.files import is_special, what_it_is
from tilelens.labelling.model import Box, LabelFileError, LabelledImage, Split
from tilelens.labelling.store import (ORIGINALS_DIR, atomic_write_bytes, atomic_write_text, file_sha256, originals_dirs,
                                      read_progress)
from tilelens.labelling.yolo import (DataConfig, FileMemo, add_to_list, dataset_photos, default_config, filing_folder,
                                     format_data_yaml, format_labels, label_path_for, own_layout, path_elsewhere,
                                     photos_away, photos_root, read_data_yaml, write_labels)
from vision.data_yaml import IMAGE_SUFFIXES, PHOTO_SUFFIXES, photos_in

if TYPE_CHECKING:
    from scorer import Game


class Reader(Protocol):
    """What pre-labelling needs of ``vision.Recognizer``: ``read(image) -> HandReading``."""

    def read(self, image: Any) -> Any: ...


class Skipped(NamedTuple):
    """A photo ``label init`` could not read, and why (in English and, for the Label page, Japanese)."""

    photo: str
    why: str
    why_ja: str = ""
    copy: bool = False  # a copy of a photo the dataset holds already (a folder filed again): nothing to see to


# The progress bar's words and unit, in each language.
BAR = {"en": ("pre-labelling", "photo"), "ja": ("下書き中", "枚")}
# ... and where no model reads the game's tiles (``no_reader_for``): the photos filed are only checked
CHECK_BAR = {"en": ("checking photos", "photo"), "ja": ("写真をチェック中", "枚")}

@dataclass(frozen=True)
class PrelabelSummary:
    """What ``label init`` did. ``unreadable`` names each photo it skipped and why; ``other_game`` the photos
    pre-labelled whose tiles do not look like the game's (``vision.HandReading.other_game``: most likely photos of
    another game, their boxes named with this one's tiles)."""

    photos: int
    labelled: int
    kept: int
    tiles: int
    unreadable: tuple[Skipped, ...] = field(default=())
    dropped_kinds: tuple[str, ...] = field(default=())
    other_game: tuple[str, ...] = field(default=())
    no_reader: tuple[str, str] = field(default=())  # no model reads the game's tiles: why (en, ja); none proposed
    taught: tuple[str, ...] = field(default=())  # a game file read with the tile sets taught for it: the first
    # the kinds of the table in use the model that proposed the boxes never learnt (a house table's new member, a
    # club copy's: ``unlearnt_of_reader``), proposed as other kinds; their Japanese names (the id where none); and the
    # tile sets that read the game naming every kind of it (``vision.HandReading.tilesets_naming_all``)
    unlearnt: tuple[str, ...] = field(default=())
    unlearnt_ja: tuple[str, ...] = field(default=())
    unlearnt_sets: tuple[str, ...] = field(default=())
    # each kind the dataset says its set does not have (data.yaml's ``absent:``) that the reader proposed, and the kind
    # proposed instead (``proposed_kind``: a red five's plain five); "" where none could be, and the box was left out
    absent_as: tuple[tuple[str, str], ...] = field(default=())
    # each box left out so, as (photo, the kind read): for a person to draw and name (``left_out_line``)
    left_out: tuple[tuple[str, str], ...] = field(default=())
    # ``--tileset`` on a dataset pre-labelled before (``again_with``): the photos pre-labelled again with the set (not
    # accepted, their boxes still the proposals another model, or the set before it was taught again, made), and
    # those not accepted that kept their labels as changed since they were pre-labelled (fixed by hand, or
    # pre-labelled by a tilelens that kept no record of it): ``--overwrite`` pre-labels those too
    again: int = 0
    changed: tuple[str, ...] = field(default=())
    # the photos a person labelled (or accepted) while they were pre-labelled (another tab, `tilelens label`): each
    # keeps what the person gave it, no proposal written over it, and is counted in ``kept``
    meanwhile: tuple[str, ...] = field(default=())


# What pre-labelling says of the kinds of the table in use that the model proposing the boxes never learnt
# (``PrelabelSummary.unlearnt``): ``label init`` prints it on stderr (``unlearnt_line``), the Label page shows it after
# pre-labelling or adding photos. ``{kinds}``: each kind (its Japanese name first in Japanese); ``{sets}``: ``sets``
# where some tile sets read the game naming every kind of it.
UNLEARNT = {
    "en": {"line": "never learnt: {kinds}: the model that proposed the boxes does not know {them}, and proposed such "
                   "tiles as other kinds; name those boxes yourself on the Label page, then teach the tile set "
                   "(Teach there, or `tilelens label teach`){sets}",
           "sets": "; or pre-label with a tile set that knows every kind: {names}",
           "list": ", ", "one": "it", "many": "them"},
    "ja": {"line": "覚えていない牌: {kinds}。下書きしたモデルはこの牌を知らないので、ほかの牌として下書きしています。"
                   "ラベル付けのページでその枠の牌を直してから、牌セットに覚えさせてください (そのページの「覚えさせる」か "
                   "`tilelens label teach`){sets}",
           "sets": "。すべての牌を覚えた牌セットで下書きすることもできます: {names}",
           "list": "、", "one": "", "many": ""},
}


def unlearnt_line(summary: PrelabelSummary, lang: str = "en") -> str:
    """What pre-labelling says of the kinds its model never learnt (``UNLEARNT``), in ``lang`` ("en" or "ja"); ""
    where it learnt every kind of the table in use, or proposed nothing."""
    if not summary.unlearnt:
        return ""
    words = UNLEARNT[lang]
    kinds = listed_kinds(summary.unlearnt, summary.unlearnt_ja or summary.unlearnt, lang)
    sets = words["sets"].format(names=", ".join(summary.unlearnt_sets)) if summary.unlearnt_sets else ""
    return words["line"].format(kinds=kinds, them=words["one" if len(summary.unlearnt) == 1 else "many"], sets=sets)


def listed_kinds(kinds: Sequence[str], names_ja: Sequence[str], lang: str = "en") -> str:
    """``kinds`` as pre-labelling's notes list them in ``lang`` ("en" or "ja"): by their ids in English; in Japanese
    each by its Japanese name (``names_ja``, in the same order) with its id, its id alone where it has no name.

    >>> listed_kinds(("himetan", "zz9"), ("ひめたん", "zz9"), "ja"), listed_kinds(("himetan", "zz9"), (), "en")
    ('ひめたん (himetan)、zz9', 'himetan, zz9')
    """
    if lang != "ja":
        return UNLEARNT["en"]["list"].join(kinds)
    return UNLEARNT["ja"]["list"].join(f"{ja} ({k})" if ja != k else k for k, ja in zip(kinds, names_ja))


# What pre-labelling says of the boxes it left out (``PrelabelSummary.left_out``): ``label init`` prints it on stderr
# (``left_out_line``), the Label page shows it after pre-labelling or adding photos. ``{photos}``: the first
# ``LEFT_OUT_SHOWN`` photos' names, then how many more.
LEFT_OUT = {
    "en": {"one": "1 box left out, to draw and name yourself on the Label page: its tile was read as {kinds}, which "
                  "the set does not have, and no kind it has was a near guess (in {photos})",
           "many": "{n} boxes left out, to draw and name yourself on the Label page: their tiles were read as {kinds}, "
                   "which the set does not have, and no kind it has was a near guess (in {photos})",
           "more": " and {n} more photos", "list": ", "},
    "ja": {"many": "{n}個の枠は下書きしていません。牌セットにない牌 ({kinds}) と読めて、セットにある近い候補もありません"
                   "でした ({photos})。ラベル付けのページで枠を描いて牌を選んでください",
           "more": " ほか{n}枚", "list": "、"},
}
LEFT_OUT_SHOWN = 3


def left_out_line(summary: PrelabelSummary, lang: str = "en") -> str:
    """What pre-labelling says of the boxes it left out (``LEFT_OUT``): how many, the kinds they were read as and the
    photos they are in, in ``lang`` ("en" or "ja"); "" where it left none out."""
    if not summary.left_out:
        return ""
    words = LEFT_OUT[lang]
    kinds = words["list"].join(dict.fromkeys(kind for _, kind in summary.left_out))
    photos = list(dict.fromkeys(Path(photo).name for photo, _ in summary.left_out))
    said = words["list"].join(photos[:LEFT_OUT_SHOWN])
    if len(photos) > LEFT_OUT_SHOWN:
        said += words["more"].format(n=len(photos) - LEFT_OUT_SHOWN)
    n = len(summary.left_out)
    # Japanese says 1個 as it says 2個: one sentence for both
    return words["one" if n == 1 and "one" in words else "many"].format(n=n, kinds=kinds, photos=said)


def unlearnt_of_reader(reader: Reader, names: Sequence[str], own: Sequence[str] = ()) -> tuple[str, ...]:
    """The kinds of ``names`` (a dataset's class names: the tiles of the table in use, then the kinds a person added,
    ``own``, which no model is expected to know) that ``reader``'s classifier never learnt, in order: a house table's
    new member read with the box's classifier, a club copy's read with the shipped game's. A reader that does not
    say its classes (a stand-in) says them itself (``unlearnt_kinds``), else none."""
    classifier = getattr(reader, "classifier", None)
    classes = getattr(getattr(classifier, "spec", None), "classes", None)
    if classes is None:
        return tuple(getattr(reader, "unlearnt_kinds", ()) or ())
    known, own = {str(c) for c in classes}, set(own)
    return tuple(n for n in names if n not in known and n not in own)


class PrelabelInterrupted(KeyboardInterrupt):
    """Ctrl-C during ``label init``: ``labelled`` of the ``todo`` photos to pre-label were done (their label
    files are written, and a run again without ``overwrite`` reads only the others)."""

    def __init__(self, labelled: int, todo: int):
        super().__init__(f"interrupted with {labelled} of {todo} photos pre-labelled")
        self.labelled, self.todo = labelled, todo


_DARK = FileMemo()  # a photo's ``too_dark``, kept while it is unchanged: pre-labelling gives it, the checks ask it


def too_dark(photo: Path) -> bool:
    """Whether ``photo``, read as pre-labelling and the photo page read it (at ``vision.READ_SIDE``), is too dark for
    its tiles to be found with none found in it, as the photo page decides it (``vision.photo_checks.judge``'s
    ``dark`` of a reading with no tile): the dataset check says so of a photo with no boxes (``checks._stats``), in
    place of "a photo with no tiles?". False for a photo that cannot be read (said as such by the check)."""
    return _DARK.get(photo, lambda: _too_dark(photo))


def _too_dark(photo: Path) -> bool:
    from vision import READ_SIDE, ImageError
    from vision.image_io import load_image_sized

    try:
        image, size = load_image_sized(photo, max_side=READ_SIDE)
    except ImageError:
        return False
    return _dark_of(image, size)


def _dark_of(image: Any, wh: tuple[int, int]) -> bool:
    """``judge``'s ``dark`` of the photo ``image`` (its own size ``wh``) where no tile was read: not a small photo, nor
    a plain one, and dark (its darkness judged first: most photos are not, and plainness takes longer)."""
    from vision import SMALL_PHOTO_SIDE
    from vision.photo_checks import dark, plain

    return not 0 < max(wh) < SMALL_PHOTO_SIDE and dark(image) and not plain(image)


def split_of(name: str, val_fraction: float) -> Split:
    """A photo's split, fixed by its file name (a stable hash), so reruns never shuffle photos.

    >>> split_of("IMG_0001.jpg", 0.0), split_of("IMG_0001.jpg", 1.0)
    (<Split.TRAIN: 'train'>, <Split.VAL: 'val'>)
    """
    return Split.VAL if (zlib.crc32(name.encode()) % 1000) < val_fraction * 1000 else Split.TRAIN


# Photos training does not read (an iPhone's HEIC, which browsers do not show either, a .jfif/.jpe a browser saved,
# a GIF): filed as JPEG (upright); the original is kept in ``originals/`` (``heic/`` in a dataset made before:
# ``store.originals_dirs``), the folder of originals the Label page's
# uploads and counts know (``uploads._photos_of``, ``photo_count``).
CONVERTED_SUFFIXES = PHOTO_SUFFIXES - IMAGE_SUFFIXES
LOOSE_SUFFIXES = IMAGE_SUFFIXES | CONVERTED_SUFFIXES


def loose_photos(root: Path, config: DataConfig | None = None) -> list[Path]:
    """The photos lying directly in ``root``, not yet filed (HEIC ones included); then, in tilelens's layout (``config``
    None: a folder with no data.yaml yet; or ``own_layout``), those lying directly in its ``images/``, which no split
    names (a club's photos put in ``images/`` with no ``train/`` in it): filed as the others are."""
    return _loose_in(root) + _loose_in(_images_folder(root, config))


def _loose_in(folder: Path | None) -> list[Path]:
    if folder is None or not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in LOOSE_SUFFIXES)


def _not_files(root: Path, config: DataConfig | None) -> list[Skipped]:
    """The names of loose photos (``loose_photos``' folders and suffixes) that are there but no regular file: a named
    pipe, a device (a link to ``/dev/zero``), a socket: each skipped, said what it is and left where it is; never
    opened (reading a named pipe waits for a writer, a device never ends). A link to nothing is no photo, none to
    name as such here."""
    skipped = []
    for folder in (root, _images_folder(root, config)):
        if folder is None or not folder.is_dir():
            continue
        for p in sorted(folder.iterdir()):
            if p.suffix.lower() in LOOSE_SUFFIXES and is_special(p):
                what, what_ja = what_it_is(p)
                skipped.append(Skipped(p.name, f"not a regular file but {what}, not a photo file{LEFT[0]}",
                                       f"通常のファイルではなく{what_ja}で、写真のファイルではありません{LEFT[1]}"))
    return skipped


def _images_folder(root: Path, config: DataConfig | None) -> Path | None:
    """The ``images/`` folder the splits of tilelens's layout lie in (``images/train``, ``images/val``); None in a
    dataset laid out otherwise, whose ``train: images`` names the photos lying there."""
    if config is not None and not own_layout(config):
        return None
    return filing_folder(root, config, Split.TRAIN).parent


# How the files of ``LOOSE_SUFFIXES`` begin: JPEG, PNG, GIF, BMP, TIFF (either byte order, BigTIFF too); a WEBP is
# ``RIFF....WEBP``, a HEIC, HEIF or AVIF an ISO box ``....ftyp``
_PHOTO_HEADS = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n", b"GIF8", b"BM", b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+")


def looks_like_photo(path: Path) -> bool:
    """Whether the file ``path`` begins as a photo of ``LOOSE_SUFFIXES`` does (its first bytes alone: a page counts a
    folder's photos on every run without decoding them). A text file named ``.jpg``, an empty one: False; a photo cut
    short: True (said when it is read). A file that cannot be opened: True, as its name says (said when read)."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:
        return True
    return head.startswith(_PHOTO_HEADS) or (head[:4] == b"RIFF" and head[8:12] == b"WEBP") or head[4:8] == b"ftyp"


LEFT = (" (left where it is)", " (そのまま残しました)")


def _skipped(name: str, exc: Any, photo: Path, left: bool = False) -> Skipped:
    """``name`` skipped for ``exc`` (a ``vision.ImageError`` about ``photo``), its reason without the path it
    names already (``ImageError`` starts with it); ``left``: said to be left where it is."""
    en, ja = str(exc), getattr(exc, "message_ja", "") or str(exc)
    en, ja = (text.removeprefix(f"{photo}: ") for text in (en, ja))
    if left and ja.endswith("。"):  # a sentence ended: another after it, not "。 (" (a stray space, a bracket after)
        return Skipped(name, en + LEFT[0], ja + "そのまま残しました。")
    return Skipped(name, en + LEFT[0] * left, ja + LEFT[1] * left)


def _file_as_jpeg(photo: Path, target: Path, originals: Path) -> Skipped | None:
    """Write ``photo`` (HEIC, or another of ``CONVERTED_SUFFIXES``) upright as the JPEG ``target``, then move the
    original to ``originals`` (the dataset's ``originals/``) under the JPEG's stem; why not when it cannot be decoded
    (it is then left where it is)."""
    import cv2

    from vision import ImageError, load_image

    try:
        image = load_image(photo)
    except ImageError as exc:
        return _skipped(photo.name, exc, photo, left=True)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    if not ok:
        return Skipped(photo.name, f"could not be written as JPEG{LEFT[0]}", f"JPEG に書き出せません{LEFT[1]}")
    atomic_write_bytes(target, data.tobytes())
    originals.mkdir(exist_ok=True)
    shutil.move(photo, originals / f"{target.stem}{photo.suffix}")  # named as the JPEG it became
    return None


def unique_stem(stem: str, taken: set[str]) -> str:
    """``stem``, or ``stem-2``, ``stem-3``, ... : the first that is not in ``taken`` (lower-case stems).
    Label files are named by a photo's stem, so two photos of a dataset must never share one.

    >>> unique_stem("image", {"image", "image-2"}), unique_stem("IMG_1", {"image"})
    ('image-3', 'IMG_1')
    """
    candidate, n = stem, 1
    while candidate.lower() in taken:
        n += 1
        candidate = f"{stem}-{n}"
    return candidate


def holding(files: Sequence[Path], content: bytes | Path) -> Path | None:
    """The first of ``files`` whose content is ``content`` (bytes, or a file's): sizes first, since
    reading every photo of a dataset would be slow, and a file given is read only if a size matches."""
    size = content.stat().st_size if isinstance(content, Path) else len(content)
    data = None
    for p in files:
        if p.stat().st_size == size:
            if data is None:
                data = content.read_bytes() if isinstance(content, Path) else content
            try:
                if p.read_bytes() == data:
                    return p
            except OSError:  # one it may not read (mode 000): no copy it can tell, said where it is read itself
                continue
    return None


class _BySize:
    """Files looked up by their size (``holding`` of the few of the same size): each file's size is asked once, where
    comparing each of 1,500 loose photos with every photo filed would ask 1.1 million. A file that cannot be looked at
    is left out (as one that is not there)."""

    def __init__(self, files: Sequence[Path] = ()):
        self.sizes: dict[int, list[Path]] = {}
        for path in files:
            self.add(path)

    def add(self, path: Path) -> None:
        try:
            self.sizes.setdefault(path.stat().st_size, []).append(path)
        except OSError:
            pass

    def holding(self, content: Path) -> Path | None:
        """The first file added whose content is the file ``content``'s (``holding``)."""
        return holding(self.sizes.get(content.stat().st_size, ()), content)


def _unreadable_twin(photo: Path) -> Skipped | None:
    """Why the loose ``photo`` cannot be read (an empty file, one cut short, not a photo), said as the reader says it
    (``vision.image_io.check_whole``: decoded to its end, a JPEG at an eighth of its size), left where it is; None
    where it reads. Asked of a loose photo whose bytes a filed one has, before it is said to be a copy: empty files all
    have the bytes of the first one filed, which is put back out of the dataset once it cannot be read (``_prelabel``),
    so "the same photo as" it would name a photo that is not there, and hide why they cannot be read."""
    from vision.image_io import ImageError, check_whole

    try:
        check_whole(photo, str(photo))
    except ImageError as exc:
        return _skipped(photo.name, exc, photo, left=True)
    return None


def filed_photos(root: Path, config: DataConfig | None) -> list[Path]:
    """Every photo filed in the dataset ``root``: under ``images/``, in the folder each split of ``config``
    files its photos into (``filing_folder``: a Roboflow export's ``train/images``), and wherever in ``root``
    its splits name photos (``dataset_photos``: a ``.txt`` list's, as the Label page shows them), in the page's order
    (``editing.natural_key``: image, image-2, ..., image-10)."""
    from tilelens.labelling.editing import natural_key

    folders = [root / "images"] + [filing_folder(root, config, split) for split in (config.sources if config else ())]
    unfiled = set(_loose_in(_images_folder(root, config)))  # directly in images/: no split's (one left there)
    return sorted({p for folder in folders if folder.is_dir() for p in photos_in(folder) if p not in unfiled}
                  | set(dataset_photos(root, config)[0]), key=lambda p: natural_key(p.as_posix()))


def photos_outside(root: Path, config: DataConfig | None) -> list[Skipped]:
    """The photos (or split entries) the ``data.yaml`` of ``root`` names outside it, which labelling never
    reads (``dataset_photos``): each skipped, saying so and what to do."""
    fix = (f"labelling (label init, the Label page) reads only the photos inside {root}: copy them into it "
           f"(and name them there), or label the folder that holds them")
    fix_ja = (f"ラベル付け (label init やラベル付けページ) は {root} の中の写真しか読みません: 写真をこのフォルダに"
              f"コピーして (そこを指すようにして) ください。または写真のあるフォルダでラベルを付けてください")
    skipped = []
    for issue in dict.fromkeys(dataset_photos(root, config)[1]):  # a list both train and val name: said once
        if issue.path == "data.yaml":  # a split's whole folder or list outside
            why = issue.message.removesuffix("; it was skipped")
            why_ja = issue.message_ja.removesuffix("ので、飛ばしました")
        else:
            why = "named in data.yaml, but outside the dataset folder"
            why_ja = "data.yaml にありますが、データセットのフォルダの外です"
        skipped.append(Skipped(issue.path, f"{why}: {fix}", f"{why_ja}: {fix_ja}"))
    return skipped


def file_loose_photos(root: Path, val_fraction: float = 0.0) -> tuple[list[Path], list[Skipped]]:
    """Move photos lying directly in ``root`` into their split's folder (``filing_folder``: ``images/train``
    or ``images/val``, or where the dataset's ``data.yaml`` keeps that split, as a Roboflow export's
    ``train/images``; HEIC, GIF, .jfif and .jpe ones as JPEG, see ``CONVERTED_SUFFIXES``); return every photo filed afterwards
    (``filed_photos``), and the loose photos that could not be filed with the reason. A photo whose stem a
    filed photo has already (a phone names many photos ``image.jpg``), or whose label file is there (left by a photo
    removed earlier: never taken as this one's), is filed as ``stem-2`` (``unique_stem``); a photo already
    filed (the same bytes; an iPhone's original in ``originals/``) is left where it is and reported. In a dataset
    whose ``data.yaml`` gives a split as a ``.txt`` list, each photo filed is added to it (``add_to_list``),
    also when the filing is stopped midway."""
    config = read_data_yaml(root) if (root / "data.yaml").is_file() else None
    new: dict[Split, list[Path]] = {}
    try:
        return _file_loose(root, config, val_fraction, new)
    finally:
        if config is not None:
            for split, photos in new.items():
                add_to_list(root, config, split, photos)


def _file_loose(root: Path, config: DataConfig | None, val_fraction: float, new: dict[Split, list[Path]],
                moved: dict[Path, Path] | None = None) -> tuple[list[Path], list[Skipped]]:
    """``file_loose_photos``'s filing; ``moved``: each photo moved (not converted), by where it went, to where
    it lay (``prelabel_folder`` puts one it cannot read back there). Failed midway (a full disk, a folder it may not
    write), every photo filed so far is put back where it lay (``_put_back``): never a dataset half filed, with no
    data.yaml yet; run again, it files them all. Stopped (Ctrl-C), those filed stay: run again, it files the rest."""
    filed_now: list[tuple[Path, Path, Path | None]] = []
    try:
        return _filing(root, config, val_fraction, new, moved, filed_now)
    except Exception:
        _put_back(root, filed_now, new)
        raise


def _put_back(root: Path, filed_now: list[tuple[Path, Path, Path | None]], new: dict[Split, list[Path]]) -> None:
    """Undo the filing of ``filed_now`` (where each photo went, where it lay, and where its original was kept where it
    was converted, ``_filing``), the last first: each photo back where it lay, with its label file, and out of ``new``.
    One that cannot be put back stays filed (the error that stopped the filing is the one said)."""
    for target, lay, original in reversed(filed_now):
        try:
            if original is not None:  # converted: the original back, the JPEG made of it gone
                shutil.move(original, lay)
                target.unlink()
            else:
                shutil.move(target, lay)
            if lay.parent != root:  # from images/: its label file too
                _move_label(target, lay)
        except OSError:
            continue
        for photos in new.values():
            if target in photos:
                photos.remove(target)


def _unopened(photo: Path) -> Skipped | None:
    """Why the loose ``photo`` cannot be opened to be read (no read permission), as ``label check`` says it
    (``vision.image_io.unreadable``), left where it is; None where it opens. Asked before it is filed: filed, it was
    read as another's twin or decoded after, and its refusal was taken for one to write the dataset."""
    try:
        with open(photo, "rb"):
            return None
    except OSError as exc:
        from vision.image_io import unreadable

        return _skipped(photo.name, unreadable(photo, str(photo), exc), photo, left=True)


def _filing(root: Path, config: DataConfig | None, val_fraction: float, new: dict[Split, list[Path]],
            moved: dict[Path, Path] | None, filed_now: list[tuple[Path, Path, Path | None]]
            ) -> tuple[list[Path], list[Skipped]]:
    """``_file_loose``'s work; ``filed_now``: told of each photo filed as it is (``_put_back``)."""
    filed = filed_photos(root, config)
    originals = _BySize([p for folder in originals_dirs(root) if folder.is_dir() for p in folder.glob("*")])
    taken = {p.stem.lower() for p in filed}
    by_size = _BySize(filed)  # each loose photo looked up by its size, not compared with every filed one
    twins: dict[Path, Skipped | None] = {}  # a file whose bytes loose photos have -> why they cannot be read
    failed = _not_files(root, config)  # a named pipe, a device among them: named, never opened
    for photo in loose_photos(root, config):
        unopened = _unopened(photo)
        if unopened is not None:
            failed.append(unopened)
            continue
        convert = photo.suffix.lower() in CONVERTED_SUFFIXES
        twin = (originals if convert else by_size).holding(photo)
        if twin is not None:
            # an empty file is no copy of another (one put back after, perhaps): asked once a twin (the same bytes)
            if twin not in twins:
                twins[twin] = _unreadable_twin(photo)
            unread = twins[twin]
            if unread is not None:
                failed.append(unread._replace(photo=photo.name))
                continue
            rel = twin.relative_to(root).as_posix()
            failed.append(Skipped(photo.name, f"the same photo as {rel}{LEFT[0]}", f"{rel} と同じ写真です{LEFT[1]}",
                                  copy=True))
            continue
        while True:  # a stem whose label file is there (left by a photo removed earlier) is taken: never its boxes
            stem = unique_stem(photo.stem, taken)
            name = f"{stem}.jpg" if convert else f"{stem}{photo.suffix}"
            split = split_of(name, val_fraction)
            target = filing_folder(root, config, split) / name
            if not label_path_for(target).exists():
                break
            taken.add(stem.lower())
        if convert:
            skipped = _file_as_jpeg(photo, target, root / ORIGINALS_DIR)
            if skipped:
                failed.append(skipped)
                continue
            originals.add(root / ORIGINALS_DIR / f"{stem}{photo.suffix}")
            filed_now.append((target, photo, root / ORIGINALS_DIR / f"{stem}{photo.suffix}"))
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(photo, target)
            filed_now.append((target, photo, None))
            if moved is not None:
                moved[target] = photo
        if photo.parent != root:  # directly in images/: its label file (labels/NAME.txt) goes with it
            _move_label(photo, target)
        taken.add(stem.lower())
        by_size.add(target)
        new.setdefault(split, []).append(target)
    return filed_photos(root, config), failed


def _move_label(was: Path, now: Path) -> None:
    """Move the label file of the photo that lay at ``was`` to that of the photo now at ``now`` (``label_path_for``),
    where it has one and nothing is there."""
    label, to = label_path_for(was), label_path_for(now)
    if label.is_file() and not to.exists():
        to.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(label, to)


def variant_kinds(game: Any) -> dict[str, str]:
    """Each kind of ``game`` (a ``Game``, its id or file) that is a variant of another kind, mapped to that kind: a
    tile whose attributes are another's but for flags it has (``"yes"``) where the other has not (``"no"``), as a red
    five (``red = "yes"``) is of the plain five. Only in a game whose attributes tell every tile apart (riichi
    mahjong's suit, rank and red), so that a Cinderella idol with a tiara is no variant of another idol; none for no
    game, or one that cannot be loaded.

    >>> variant_kinds("tokyo-mahjong")["0p"], variant_kinds("nogizaka")
    ('5p', {})
    """
    from scorer import TilelensInputError, load_game

    try:
        loaded = game if hasattr(game, "tiles") else load_game(game) if game else None
    except (TilelensInputError, OSError):
        return {}
    tiles = [t for t in (loaded.tiles if loaded is not None else ()) if t.attrs and not t.almighty]
    by_attrs: dict[tuple, str] = {}
    for tile in tiles:
        key = tuple(sorted(tile.attrs.items()))
        if key in by_attrs:  # two tiles of the same attributes: they are not what tells tiles apart
            return {}
        by_attrs[key] = tile.id
    variants = {}
    for tile in tiles:
        flags = [k for k, v in tile.attrs.items() if v == "yes"]
        plain = by_attrs.get(tuple(sorted({**tile.attrs, **dict.fromkeys(flags, "no")}.items()))) if flags else None
        if plain is not None:
            variants[tile.id] = plain
    return variants


# The reader's likeliest kinds of a tile a proposed label may come from: the kind read and its next two, as a reading
# gave them before it gave seven for the Score page's Likely row (``vision.recognizer.KINDS_GIVEN``); its 4th-7th are
# usually far off, and a label proposed from one is a wrong box a person must find.
PROPOSED_FROM = 3


def proposed_kind(tile: Any, names: Sequence[str], absent: Sequence[str] = (),
                  variants: dict[str, str] | None = None) -> str | None:
    """The kind to propose for a tile the reader read as ``tile.kind``, in a dataset of class names ``names`` whose
    set lacks the kinds ``absent`` (data.yaml's ``absent:``): the kind read, where the dataset has it; for a kind the
    set lacks, the kind it is a variant of (``variants``: a red five's plain five, in a set with no red fives), else
    the reader's next best guess the set has among its likeliest (``tile.alternatives``, the first ``PROPOSED_FROM``);
    None where there is none (the box is left out, for a person to name).

    >>> from types import SimpleNamespace
    >>> tile = SimpleNamespace(kind="0m", alternatives=(("0m", 0.9), ("6m", 0.05), ("4m", 0.03), ("7z", 0.002)))
    >>> proposed_kind(tile, ["4m", "7z"], absent=["0m"]), proposed_kind(tile, ["7z"], absent=["0m"])
    ('4m', None)
    """
    kind = str(tile.kind)
    if kind not in absent:
        return kind if kind in names else None
    plain = (variants or {}).get(kind)
    if plain in names and plain not in absent:
        return plain
    for other, _score in tuple(getattr(tile, "alternatives", ()) or ())[:PROPOSED_FROM]:
        if other != kind and other in names and other not in absent:
            return str(other)
    return None


def boxes_from_reading(reading: Any, resolution_wh: tuple[int, int], names: tuple[str, ...],
                       absent: Sequence[str] = (), variants: dict[str, str] | None = None,
                       swapped: dict[str, str] | None = None,
                       left_out: list[str] | None = None) -> tuple[list[Box], list[str]]:
    """A ``HandReading`` -> boxes (normalised) of the face-up tiles whose kind is a class name, and
    the kinds it proposed that are not (dropped). A kind the set lacks (``absent``) is proposed as another
    (``proposed_kind``), each recorded in ``swapped`` (kind -> the kind proposed, "" where the box was left out);
    ``left_out`` gets the kind of each box left out so."""
    w, h = resolution_wh
    boxes, dropped = [], []
    for tile in reading.tiles:
        if getattr(tile, "is_back", False):
            continue  # a tile back shows no kind: nothing to enrol
        kind = proposed_kind(tile, names, absent, variants)
        if tile.kind in absent and swapped is not None:
            swapped.setdefault(str(tile.kind), kind or "")
        if kind is None:
            if tile.kind not in absent:
                dropped.append(str(tile.kind))
            elif left_out is not None:
                left_out.append(str(tile.kind))
            continue
        x1, y1, x2, y2 = (float(v) for v in tile.xyxy)
        boxes.append(Box(kind, (x1 / w, y1 / h, x2 / w, y2 / h)).clipped())
    return boxes, dropped


def _variants_for(game: str | None, tileset: str | None, table: str | Path | None) -> dict[str, str]:
    """``variant_kinds`` of the table a dataset is labelled with: ``table``, else ``game``, else the game of the tile
    set ``tileset`` (``tileset_origin``: the game it was taught for, its base's; none where it has none)."""
    source: Any = table or game
    if not source and tileset:
        source = tileset_origin(tileset).game
    return variant_kinds(source) if isinstance(source, (str, Path)) and source else {}


class TilesetOrigin(NamedTuple):
    """What a taught tile set says of where it came from (``tileset_origin``): its game (None where it has none it can
    be read as), the names its dataset gave the kinds it added (``own_kinds``: f1 -> 春), and the kinds its set does
    not have (``absent``)."""

    game: str | None = None
    own_kinds: dict[str, str] = {}
    absent: tuple[str, ...] = ()


def tileset_origin(tileset: str) -> TilesetOrigin:
    """Where the tile set ``tileset`` came from, for a dataset pre-labelled with it (``_write_data_yaml``): its game
    (``tileset.json``'s ``game``; a set taught with kinds the game lacks, a Hong Kong set's flowers, says none: then the
    game of the dataset it was taught from, which its Teach job's data.yaml names by ``path:``, else the game whose
    classifier it was taught from, its ``base``), where that game has some of its kinds; the names that dataset gave
    its own kinds; the kinds the set lacks. Empty where the set is not enrolled or cannot be read."""
    import yaml

    from scorer import TilelensInputError, load_game
    from vision.detector import find_tileset
    from vision.recognizer import base_game_of, tileset_meta_or_none

    folder = find_tileset(tileset)
    meta = tileset_meta_or_none(folder) if folder else None
    if meta is None:
        return TilesetOrigin()
    kinds = [str(k) for k in meta.get("kinds") or () if isinstance(k, (str, int))]

    def data_yaml(path: Any) -> tuple[Path | None, dict]:
        if not isinstance(path, str) or not path:
            return None, {}
        where = Path(path)
        where = where / "data.yaml" if where.is_dir() else where
        try:
            loaded = yaml.safe_load(where.read_text(encoding="utf-8", errors="replace"))
        except (OSError, yaml.YAMLError, RecursionError, ValueError):
            return None, {}
        return (where, loaded) if isinstance(loaded, dict) else (None, {})

    copy, loaded = data_yaml(meta.get("data"))  # the Teach job's copy: its path: names the dataset
    base = loaded.get("path")
    if copy is not None and isinstance(base, str) and base and not loaded.get("own_kinds"):
        source = Path(base) if Path(base).is_absolute() else copy.parent / base
        _, found = data_yaml(str(source / "data.yaml"))
        loaded = found or loaded
    based = base_game_of(meta, shipped=False)  # a game added in the app too: load_game below tells
    game = None
    for candidate in (meta.get("game"), loaded.get("game"), based):
        if not isinstance(candidate, str) or not candidate:
            continue
        try:
            tiles = {t.id for t in load_game(candidate).tiles}
        except (TilelensInputError, OSError):
            continue
        if not kinds or tiles & set(kinds):
            game = candidate
            break
    own = loaded.get("own_kinds")
    own = {str(k): str(v) for k, v in own.items() if v} if isinstance(own, dict) else {}
    absent = meta.get("absent")
    absent = tuple(str(k) for k in absent if str(k) in kinds or not kinds) if isinstance(absent, list) else ()
    return TilesetOrigin(game, own, absent)


def _from_tileset(names: tuple[str, ...], game: str | None, tileset: str | None,
                  existing: DataConfig | None) -> tuple[str | None, dict[str, str], tuple[str, ...]]:
    """The game, own kinds and kinds absent a dataset of ``names`` labelled with the tile set ``tileset`` is written
    with, where it says no game yet (``game``, ``existing``'s): those of the set (``tileset_origin``), every kind of
    the set its game lacks as a kind of the dataset's own (named as the set's dataset named it, else by its id; a name
    the dataset gave already kept); the kinds absent the dataset says, else the set's. As they are otherwise."""
    own = dict(existing.own_kinds) if existing is not None else {}
    absent = tuple(existing.absent) if existing is not None else ()
    if game or not tileset:
        return game, own, absent
    origin = tileset_origin(tileset)
    absent = absent or tuple(k for k in origin.absent if k in names)
    if not origin.game:
        return None, own, absent
    from scorer import load_game

    tiles = {t.id for t in load_game(origin.game).tiles}
    added = {k: origin.own_kinds.get(k, k) for k in names if k not in tiles and k not in own}
    return origin.game, own | added, absent


def load_reader(game: str | None, tileset: str | None = None, set_limit: bool = True) -> Reader:
    """The recognizer of an enrolled tile set if one is named, else the game's (``set_limit``: see
    ``vision.Recognizer.load``)."""
    from vision import Recognizer

    if tileset:
        return Recognizer.load(tileset=tileset, set_limit=set_limit)
    return Recognizer.load(game=game, set_limit=set_limit)


def no_reader_for(game: str | None, tileset: str | None = None) -> tuple[str, str]:
    """Why no model reads the tiles of ``game`` (a new edition's file: no classifier names its tiles and no tile set
    was taught for it, ``vision.recognizer.NoReaderError``), in English and Japanese; ``()`` where one does or a
    tile set is named. Asked before any photo is filed, without loading a model: such photos are filed without
    proposals. A broken models folder (a shipped game's classifier missing) is said here, before anything moves."""
    if tileset or not game:
        return ()
    from scorer import load_game
    from vision.recognizer import NoReaderError, default_models_dir, game_reader

    root = default_models_dir()
    try:
        classifier, _taught = game_reader(load_game(game), root)
    except NoReaderError as exc:
        return str(exc), exc.message_ja or str(exc)
    if classifier and not (root / f"classifier-{classifier}.onnx").is_file():
        load_reader(game)  # its classifier missing: the recognizer's message (how to put one there), nothing moved
    return ()


def names_ja(kinds: Sequence[str], game: str | Path | None) -> tuple[str, ...]:
    """The Japanese names of ``kinds`` in the game ``game`` (its id or file: the table in use), or in the shipped
    games' tables for a kind the table in use dropped (a house table's or an added game's graduate), its own shipped
    game first; each its id where none names it (or no game is named, or none can be read)."""
    from scorer import TilelensInputError, load_game
    from scorer.catalog import GAMES_DIR, list_games

    named: dict[str, str] = {}
    shipped = [GAMES_DIR / f"{g}.toml" for g in sorted(list_games(), key=lambda g: g != str(game))] if game else []
    for table in ([game] if game else []) + shipped:  # the table in use first: a house table may rename a tile
        try:
            named = {t.id: t.name_ja for t in load_game(table).tiles if t.name_ja} | named
        except TilelensInputError:
            continue
    return tuple(named.get(k, k) for k in kinds)


def stored_game(game: str | None) -> str | None:
    """``game`` as ``data.yaml`` keeps it: a game file by its absolute path (``label teach`` hands it to ``tilelens
    enroll`` from wherever it is run), a game's id as it is."""
    from vision.recognizer import game_file

    path = game_file(game or "")
    return str(path) if path is not None and path.is_file() else game


def enrolled_tilesets() -> list[str]:
    """Names of the enrolled tile sets (``vision.detector.enrolled_tilesets``: ``models/tilesets/<name>/``,
    and a user's own under ``$TILELENS_HOME/tilesets`` where the package is installed or TILELENS_HOME is set)."""
    from vision.detector import enrolled_tilesets as enrolled

    return list(enrolled())


def class_names(game: str | None, tileset: str | None = None, table: str | Path | None = None) -> tuple[str, ...]:
    """The dataset's class names: the kinds of an enrolled tile set, else the game's tile ids (in
    catalog order, so class numbers match across every dataset of a game). ``table``: the file of the game's table in
    use where it is not the one ``game`` names (the app's house table of the game: the Label page's); a game named by
    its id under ``scorer.catalog.house_tables`` (``tilelens label``) is its house table already."""
    if tileset:
        from vision.detector import find_tileset
        from vision.recognizer import tileset_meta_or_none

        folder = find_tileset(tileset)
        meta_path = (folder or Path("-")) / "tileset.json"
        meta = tileset_meta_or_none(folder) if folder else None
        try:
            return tuple(meta["kinds"])  # None: not enrolled, or not read
        except (KeyError, TypeError):
            raise LabelFileError(f"unknown or damaged tile set {tileset!r} ({meta_path})",
                                 f"牌セット{quoted_ja(tileset)}が登録されていないか、壊れています ({meta_path})") from None
    from scorer import load_game

    return tuple(t.id for t in load_game(table or game).tiles)


def other_table(in_use: Game) -> tuple[Game, bool] | None:
    """The table of the game ``in_use`` (the table a dataset is labelled with) that is not it, and whether that one is
    the house table: its house table edited in the app (``tilelens.home.edited_path``) where ``in_use`` is the box's
    (a shipped game's file, or the file the game was added from), the box's where ``in_use`` is that house table.
    None where there is no other (no edit, a file of another place, one that cannot be read)."""
    from scorer import TilelensInputError, load_game
    from scorer.catalog import GAMES_DIR, added_games
    from tilelens.home import edited_path

    try:
        box = GAMES_DIR / f"{in_use.id}.toml"
        box = box if box.is_file() else added_games().get(in_use.id)
        house = edited_path(in_use.id)
        if box is None or not in_use.source:
            return None
        here = Path(in_use.source).resolve()
        if here == Path(box).resolve():
            return (load_game(house), True) if house is not None else None
        if house is not None and here == Path(house).resolve():
            return load_game(box), False
    except (TilelensInputError, OSError, RuntimeError):  # an edit that cannot be read: said where it is used
        return None
    return None


def table_names(game: str | None, tileset: str | None, table: str | Path | None,
                existing: DataConfig | None) -> tuple[str, ...] | None:
    """The class names a dataset ``existing`` (None: one to make) of ``game`` keeps: the tiles of the table in use
    (``class_names``) and the dataset's own kinds; or the names it has where they are those of the game's other table
    (``other_table``: labelled under the box's table before a house table dropped a kind, or under a house table
    since restored): kept, so that no label's class number changes. None where its names are neither."""
    names = with_own_kinds(class_names(game, tileset, table) if table and not tileset else class_names(game, tileset),
                           existing)
    if existing is None or existing.names == names:
        return names
    if tileset or not game:
        return None
    from scorer import TilelensInputError, load_game

    try:
        other = other_table(load_game(table or game))
    except TilelensInputError:
        return None
    if other is not None and existing.names == with_own_kinds(tuple(t.id for t in other[0].tiles), existing):
        return existing.names
    return None


def with_own_kinds(names: tuple[str, ...], config: DataConfig | None) -> tuple[str, ...]:
    """``names`` (a game's tile ids or a tile set's kinds) and after them the kinds a person added to the dataset
    ``config`` (``label kinds --add``: a Hong Kong set's flowers) that are not among them.

    >>> with_own_kinds(("1m", "2m"), DataConfig(("1m", "2m", "f1"), own_kinds={"f1": "Plum"}))
    ('1m', '2m', 'f1')
    """
    own = tuple(k for k in (config.own_kinds if config is not None else ()) if k not in names)
    return tuple(names) + own


def _write_data_yaml(root: Path, names: tuple[str, ...], game: str | None, tileset: str | None,
                     existing: DataConfig | None) -> DataConfig:
    """Write ``root/data.yaml``: tilelens's layout in a new folder or one laid out so (``val`` becomes
    ``images/val`` once photos are filed there). A dataset laid out otherwise (a Roboflow export's ``train:
    images``, ``.txt`` lists) keeps its own splits, and its file (comments included) is left as it is unless
    its ``path`` is another folder (moved) or it does not yet say the game or tile set. A dataset of a taught tile set
    that says no game takes the set's (``_from_tileset``). Returns the ``data.yaml`` as written."""
    if existing is None or own_layout(existing):
        if existing is not None:  # pre-labelled again with --tileset (or --game): the other, said before, kept
            game, tileset = game or existing.game, tileset or existing.tileset
        # a taught set's dataset, no game said: the set's game, own kinds' names and absent kinds (``_from_tileset``)
        game, own, absent = _from_tileset(names, game, tileset, existing)
        config = default_config(root, names, game, tileset)
        # the kinds a person added, and those said not in the set, kept
        config = replace(config, own_kinds=own, absent=absent)
        if existing is not None and Split.TEST in existing.sources:  # kept, its folder there or not yet
            config = replace(config, sources=config.sources | {Split.TEST: existing.sources[Split.TEST]})
        atomic_write_text(root / "data.yaml", format_data_yaml(root, config))
        # the folder it names for the photos: there from the start (`label check` of a dataset with no photos yet)
        (photos_root(root, config) / "images" / "train").mkdir(parents=True, exist_ok=True)
        return config
    game, own, absent = _from_tileset(names, game or existing.game, tileset or existing.tileset, existing)
    config = replace(existing, names=names, game=game, tileset=tileset or existing.tileset, own_kinds=own,
                     absent=absent)
    moved = path_elsewhere(root, existing)
    if moved or config != existing:
        atomic_write_text(root / "data.yaml", format_data_yaml(root, config))
    return config


def home_or_above(root: Path | str) -> bool:
    """Whether ``root`` is the user's home folder or a folder holding it (``/``): never a dataset folder, whose
    loose photos pre-labelling would move into ``images/``.

    >>> home_or_above(Path.home()), home_or_above(Path.home() / "my-tiles")
    (True, False)
    """
    try:
        here, home = Path(root).expanduser().resolve(), Path.home().resolve()
    except (OSError, RuntimeError):  # no home folder known: none to keep
        return False
    return here == home or here in home.parents


def _has_data_yaml(folder: Path) -> bool:
    try:
        return (folder / "data.yaml").is_file()
    except OSError:  # a name the file system cannot look up
        return False


def enclosing_dataset(root: Path | str, datasets: Path | str | None = None) -> Path | None:
    """The dataset ``root`` lies inside (a folder above it holds a data.yaml), or None. Pre-labelled on its own, a
    folder of a dataset (``club-photos/images/train``) had the dataset's own photos moved into an ``images/`` of its
    own, with a data.yaml of its own, and the dataset was broken: ``prelabel_folder`` (``label init``) and the Label
    page refuse it. The folders above it are looked at as written and with their links resolved, up to ``datasets``
    (default: the app's datasets folder, ``$TILELENS_HOME/datasets``; no dataset itself: a data.yaml there makes no
    dataset of all of them) and below the user's home folder (``home_or_above``: never a dataset either). The nearest
    is returned."""
    from tilelens.home import home_dir

    root = Path(root)
    chains = [Path(os.path.abspath(root))]
    try:
        chains.append(root.expanduser().resolve())
    except (OSError, RuntimeError):  # a loop of links, a name too long
        pass
    top = Path(datasets) if datasets is not None else home_dir() / "datasets"
    stops = {os.path.normcase(os.path.abspath(top))}
    try:
        stops.add(os.path.normcase(str(top.resolve())))
    except (OSError, RuntimeError):
        pass
    for chain in chains:
        for folder in chain.parents:
            if os.path.normcase(str(folder)) in stops or home_or_above(folder):
                break
            if _has_data_yaml(folder):
                return folder
    return None


PRELABELLED = Path(".tilelens") / "prelabelled.json"  # each photo's label file as pre-labelling wrote it


def _text_sha(text: str) -> str:
    """The sha256 of the file ``text`` is written as (UTF-8, as ``write_labels`` writes it): ``file_sha256`` of it
    after."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def prelabelled_record(root: Path | str) -> dict[str, dict[str, Any]]:
    """What pre-labelling wrote in the dataset ``root`` (``PRELABELLED``): photo (a path in ``root``) -> the sha256
    of the label file it wrote, the model that proposed it (``by``: ``tileset:NAME`` or ``game:GAME``) and, for a
    tile set, when that set was taught (``taught``: its ``tileset.json``'s time, taught again since where it differs). A
    label file that is no longer so was changed since (by hand on the Label page, an import, ``label kinds``). Empty
    where there is none or it cannot be read, or is not the dataset's own (``store.own_file``: a link, a pipe)."""
    import json

    from tilelens.labelling.store import own_file, read_regular_text

    path = own_file(root, PRELABELLED)
    try:
        data = json.loads(read_regular_text(path)) if path is not None else {}
    except (OSError, ValueError, RecursionError):
        data = {}
    record = {k: v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}
    return record | _journalled(Path(root), record)


PRELABELLED_JOURNAL = Path(".tilelens") / "prelabelled.jsonl"  # proposals not yet in PRELABELLED: one line each,
                                                               # written before its label file (a kill -9 misses none)


def _journalled(root: Path, record: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The proposals a pre-labelling stopped before it kept its record (killed) noted in ``PRELABELLED_JOURNAL``,
    where the label file is as noted and the record's entry is not: a note whose label file was never written, or was
    changed since, is not one; a line cut short by the kill is skipped."""
    import json

    from tilelens.labelling.store import own_file, read_regular_text

    if (path := own_file(root, PRELABELLED_JOURNAL)) is None:
        return {}
    try:
        lines = read_regular_text(path).splitlines()
    except (OSError, ValueError):
        return {}
    noted: dict[str, dict[str, Any]] = {}
    for line in lines:
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict) and isinstance(item.get("photo"), str) and isinstance(item.get("entry"), dict):
            noted[item["photo"]] = item["entry"]
    found = {}
    for rel, entry in noted.items():
        sha = file_sha256(label_path_for(root / rel))
        if sha is not None and entry.get("sha256") == sha != (record.get(rel) or {}).get("sha256"):
            found[rel] = entry
    return found


class _Journal:
    """Appends each proposal to ``PRELABELLED_JOURNAL`` before its label file is written (one short line, no file
    rewritten: cheap for a thousand photos); the record is kept whole at the end (``_keep_record``). A journal that
    cannot be written only leaves a killed run's photos taken for changed, as before."""

    def __init__(self, root: Path):
        self.root, self.file, self.failed = root, None, False

    def note(self, rel: str, entry: dict[str, Any]) -> None:
        import json

        if self.failed:
            return
        try:
            if self.file is None:
                from tilelens.labelling.store import own_target

                (self.root / PRELABELLED_JOURNAL).parent.mkdir(parents=True, exist_ok=True)
                self.file = open(own_target(self.root, PRELABELLED_JOURNAL), "a", encoding="utf-8")
            self.file.write(json.dumps({"photo": rel, "entry": entry}, ensure_ascii=False) + "\n")
            self.file.flush()  # in the system's hands: a killed process loses nothing written
        except OSError:
            self.failed = True

    def close(self) -> None:
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass


def _keep_record(root: Path, written: dict[str, dict[str, Any]]) -> None:
    """Add ``written`` to the dataset's record of its pre-labels (``prelabelled_record``, with the journal of a
    killed run folded in); a record that cannot be written only leaves those photos taken for changed (kept by a
    later ``--tileset``)."""
    journal = root / PRELABELLED_JOURNAL
    if not written and not journal.exists():
        return
    from tilelens.labelling.store import atomic_write_json, own_target

    try:
        atomic_write_json(own_target(root, PRELABELLED), prelabelled_record(root) | written)
        own_target(root, PRELABELLED_JOURNAL).unlink(missing_ok=True)
    except OSError:
        pass


def keep_proposals(root: Path | str, rewritten: dict[str, tuple[str | None, str | None]]) -> None:
    """Label files a tilelens command rewrote (``kinds.mark_absent``, its Undo): photo -> the sha256 of its label file
    before and after. Each that was a proposal (the file the record names, ``prelabelled_record``) stays one: its record
    names the file after, so that a later pre-labelling reads it again (``again_with``); one a person had changed stays
    changed. Quietly nothing where the record cannot be written (those photos are then kept, as changed)."""
    from tilelens.labelling.store import atomic_write_json, dataset_lock, own_target

    root = Path(root)
    try:
        with dataset_lock(root):
            record = prelabelled_record(root)
            fix = {rel: {**record[rel], "sha256": after} for rel, (before, after) in rewritten.items()
                   if before is not None and after is not None and before != after
                   and isinstance(record.get(rel), dict) and record[rel].get("sha256") == before}
            if fix:  # a killed run's journalled proposals folded in with them, as ``replaced._kept_again`` does
                atomic_write_json(own_target(root, PRELABELLED), record | fix)
    except OSError:
        pass


def _taught_at(tileset: str) -> float | None:
    """When the enrolled tile set ``tileset`` was taught (its ``tileset.json`` written); None where it is not there."""
    from vision.detector import find_tileset

    folder = find_tileset(tileset)
    try:
        return (folder / "tileset.json").stat().st_mtime if folder is not None else None
    except OSError:
        return None


def _made_by(game: str | None, tileset: str | None) -> dict[str, Any]:
    """The record's note of the model that proposed a photo's boxes (``prelabelled_record``): the tile set ``tileset``
    and when it was taught, else the game ``game``'s (as ``data.yaml`` keeps it: ``stored_game``)."""
    if tileset:
        return {"by": f"tileset:{tileset}", "taught": _taught_at(tileset)}
    return {"by": f"game:{stored_game(game)}"}


def again_with(root: Path, tileset: str, photos: Sequence[Path]) -> tuple[list[Path], list[str]]:
    """Of the labelled ``photos`` of ``root`` not accepted, those the tile set ``tileset`` pre-labels again (their
    label file as pre-labelling wrote it, by another model, or by the set before it was last taught) and those kept
    as changed since they were pre-labelled (or with no record of it): a person's fixes are never replaced unasked."""
    done, record, taught = read_progress(root), prelabelled_record(root), _taught_at(tileset)
    again: list[Path] = []
    changed: list[str] = []
    for photo in photos:
        rel = photo.relative_to(root).as_posix()
        label = label_path_for(photo)
        if rel in done or not label.is_file():
            continue
        entry = record.get(rel)
        if entry is None or entry.get("sha256") != file_sha256(label):
            changed.append(rel)
        elif entry.get("by") != f"tileset:{tileset}" or entry.get("taught") != taught:
            again.append(photo)
    return again, changed


def _kinds_to_add(tileset: str, existing: DataConfig) -> tuple[str, ...]:
    """The kinds of the tile set ``tileset`` that the dataset ``existing`` lacks, where adding them (``label kinds
    --add``, after its own) makes its names the set's; () where they differ otherwise."""
    try:
        kinds = class_names(None, tileset)
    except LabelFileError:
        return ()
    have = tuple(existing.names)
    return tuple(kinds[len(have):]) if len(kinds) > len(have) and tuple(kinds[:len(have)]) == have else ()


def prelabel_folder(root: Path | str, game: str | None, tileset: str | None = None, reader: Reader | None = None,
                    overwrite: bool = False, val_fraction: float = 0.0,
                    progress: bool = True, lang: str | None = None,
                    table: str | Path | None = None,
                    reader_of: tuple[str | None, str | None] | None = None,
                    on_photo: Callable[[int, int], None] | None = None) -> PrelabelSummary:
    """Write proposed labels for every photo of ``root`` and its ``data.yaml`` (names = the game's
    tile ids, or an enrolled tile set's kinds). A photo that already has a label file keeps it unless
    ``overwrite`` (a photo accepted in the Label page keeps it even then); a photo that cannot be read
    is reported and skipped; one a person labelled (or accepted) while it ran keeps its labels, looked at again as its
    proposal is to be written (``PrelabelSummary.meanwhile``). Each photo is read as the app and ``tilelens read`` read
    it (at ``vision.READ_SIDE``). ``data.yaml`` is written before any photo is read (``_write_data_yaml``). The
    progress bar speaks ``lang`` (default: the command line's, ``scorer.result.cli_lang``). ``table``: the file of the
    game's table in use where it is not the one ``game`` names (``class_names``): the Label page's house table, whose
    tiles name the classes, as "Keep this photo" and ``tilelens label`` name them; ``data.yaml`` keeps ``game``. A
    dataset labelled under the game's other table keeps its names (``table_names``). ``reader_of``: the game and tile
    set whose model ``reader`` is, where it is not ``game``'s or ``tileset``'s (the Label page's "Pre-label again"
    with another set or game of the dataset's tile list): the record of the photos it pre-labels names it
    (``prelabelled_record``), so that ``--tileset`` later reads again the photos another model proposed.
    ``on_photo(done, total)``: told where the reading stands, ``(0, total)`` before the first photo is read and after
    each (the Label page's bar, in the progress bar's own words)."""
    root = Path(root)
    if not root.is_dir():
        raise LabelFileError(f"{root}: no such folder", f"{root}: フォルダがありません")
    if home_or_above(root):  # its photos would be moved into images/
        raise LabelFileError(f"{root} is your home folder (or holds it), not a dataset folder: put the photos in a "
                             f"folder of their own and pre-label that one",
                             f"{root} はホームフォルダ (またはそれを含むフォルダ) で、データセットのフォルダにはできません: "
                             f"写真を専用のフォルダに入れて、そのフォルダで下書きしてください")
    inside = enclosing_dataset(root)
    if inside is not None:  # its photos are the dataset's: filed into images/ here, that dataset would be broken
        init = f"tilelens label init {shlex.quote(str(inside))} " + (f"--tileset {tileset}" if tileset
                                                                     else f"--game {game}")
        raise LabelFileError(f"{root} is inside the dataset {inside}: pre-labelled on its own, that dataset's photos "
                             f"would be moved into a dataset of their own; pre-label the dataset itself (`{init}`)",
                             f"{root} はデータセット {inside} の中のフォルダです: ここで下書きすると、そのデータセットの"
                             f"写真が別のフォルダに移ってデータセットが壊れます。データセットそのもので下書きしてください "
                             f"(`{init}`)")
    if (root / "data.yaml").exists() and not (root / "data.yaml").is_file():  # said before a photo is moved
        raise LabelFileError(f"{root / 'data.yaml'} is a folder: it must be the dataset's file (move the folder away)",
                             f"{root / 'data.yaml'} がフォルダです: データセットのファイルの名前なので、フォルダを移してください")
    existing = read_data_yaml(root) if (root / "data.yaml").is_file() else None
    names = table_names(game, tileset, table, existing)
    missing = _kinds_to_add(tileset, existing) if names is None and tileset and existing is not None else ()
    if missing:  # a set taught with kinds the dataset was not given (a Hong Kong set's flowers): add them first
        own = tileset_origin(tileset).own_kinds
        add = ["tilelens", "label", "kinds", str(root), "--add", *missing]
        if all(own.get(k) for k in missing):
            add += ["--name", *(own[k] for k in missing)]
        raise LabelFileError(f"{root}/data.yaml does not have the kind{'s' if len(missing) > 1 else ''} "
                             f"{', '.join(missing)} that tile set {tileset} has: add "
                             f"{'them' if len(missing) > 1 else 'it'} first (`{shlex.join(add)}`), then pre-label "
                             f"again with --tileset {tileset}",
                             f"{root}/data.yaml には、牌セット {tileset} にある種類 {'、'.join(missing)} がありません: "
                             f"先に追加して (`{shlex.join(add)}`)、それから --tileset {tileset} で下書きし直して"
                             f"ください")
    if names is None:
        raise LabelFileError(f"{root}/data.yaml: its class names are not the tile kinds of "
                             f"{tileset or game}; pre-label into a new folder, or fix data.yaml",
                             f"{root}/data.yaml の牌の種類名が {tileset or game} の牌と違います: 新しいフォルダに"
                             f"下書きするか、data.yaml を直してください")
    away = photos_away(root, existing) if existing is not None and not loose_photos(root, existing) else None
    if away is not None:  # its path: rewritten to this empty folder, enroll would find no photos
        init = f"tilelens label init {away} " + (f"--tileset {tileset}" if tileset else f"--game {game}")
        raise LabelFileError(f"{root / 'data.yaml'} reads its photos from {away} (its path:), and {root} holds none "
                             f"of them: pre-label that folder (`{init}`), or put the photos to label here and change "
                             f"its path: line to `path: .`",
                             f"{root / 'data.yaml'} は写真を {away} (path:) から読み、{root} にはその写真がありません: "
                             f"そのフォルダで下書きする (`{init}`) か、ラベルを付ける写真をここに入れて path: の行を "
                             f"`path: .` にしてください")
    no_reader = () if reader is not None else no_reader_for(game, tileset)  # before a photo is moved
    game = stored_game(game)
    new: dict[Split, list[Path]] = {}
    try:
        summary = _prelabel(root, game, tileset, reader, overwrite, val_fraction, progress, lang, names, existing,
                            new, no_reader, table, reader_of, on_photo)
        return replace(summary, unlearnt_ja=names_ja(summary.unlearnt, table or game)) if summary.unlearnt \
            else summary
    finally:  # as file_loose_photos: a .txt list names the photos filed, also when stopped midway
        if existing is not None:
            for split, filed in new.items():
                add_to_list(root, existing, split, [p for p in filed if p.is_file()])  # not those put back


def _told(photos: list[Path], on_photo: Callable[[int, int], None] | None):
    """``photos`` one by one, ``on_photo(done, total)`` told before the first and after each (``prelabel_folder``)."""
    if on_photo is not None:
        on_photo(0, len(photos))
    for done, photo in enumerate(photos, start=1):
        yield photo
        if on_photo is not None:
            on_photo(done, len(photos))


def _label_state(photo: Path) -> str | None:
    """The sha256 of ``photo``'s label file, None where it has none (``_labelled_meanwhile``)."""
    label = label_path_for(photo)
    try:
        return file_sha256(label) if label.is_file() else None
    except OSError:
        return None


def _labelled_meanwhile(root: Path, photo: Path, rel: str, listed: dict[Path, str | None]) -> bool:
    """Whether a person labelled ``photo`` (``rel`` in the dataset ``root``) since the photos to pre-label were listed:
    accepted since (its done mark, under ``--overwrite`` too), or, not overwriting (``listed``: each photo's label file
    as it was then, ``_label_state``), its label file saved since: one where it had none, another where it held
    another model's proposal (``again_with``). A progress file that cannot be read marks nothing."""
    from tilelens.labelling.store import load_done

    if rel in load_done(root):
        return True
    return photo in listed and _label_state(photo) != listed[photo]


def _prelabel(root: Path, game: str | None, tileset: str | None, reader: Reader | None, overwrite: bool,
              val_fraction: float, progress: bool, lang: str | None, names: tuple[str, ...],
              existing: DataConfig | None, new: dict[Split, list[Path]],
              no_reader: tuple[str, str] = (), table: str | Path | None = None,
              reader_of: tuple[str | None, str | None] | None = None,
              on_photo: Callable[[int, int], None] | None = None) -> PrelabelSummary:
    """``prelabel_folder`` once its folder is known to be one to pre-label: file its loose photos (each put back
    where it lay if it cannot be read: a photo skipped stays out of the dataset) and pre-label. ``no_reader``: why
    no model reads the game's tiles (``no_reader_for``): the photos are filed, none is read or given labels. A kind
    the dataset says its set does not have is never proposed (``proposed_kind``; ``table``: the table in use, whose
    tiles say which kind is a variant of which); ``reader_of``: whose model the reader is, as ``prelabel_folder``'s."""
    from tilelens.labelling.replaced import pixels_digest
    from tilelens.labelling.store import dataset_lock
    from tilelens.labelling.yolo import DecodedPhotos, photo_stamp
    from vision import READ_SIDE, ImageError
    from vision.image_io import load_image_sized
    from vision.image_io import unreadable as unreadable_said

    moved: dict[Path, Path] = {}
    photos, unfiled = _file_loose(root, existing, val_fraction, new, moved)
    unfiled += photos_outside(root, existing)
    # before any photo is read: stopped midway (Ctrl-C), the folder is a dataset to go on with
    written = _write_data_yaml(root, names, game, tileset, existing)
    accepted = read_progress(root) if overwrite else set()  # a person's checked boxes: never replaced (damaged: refused)
    todo = [p for p in photos if not label_path_for(p).is_file()
            or (overwrite and p.relative_to(root).as_posix() not in accepted)]
    # --tileset on photos pre-labelled before (the set taught from a few of them): the boxes still another model's
    # proposals are the set's now; those a person changed are kept (``again_with``)
    again, changed = again_with(root, tileset, photos) if tileset and not overwrite and not no_reader else ([], [])
    todo += again
    # how each label file was as the photos to read were listed: one that is not so when its proposal is to be written
    # was saved by a person meanwhile (``_labelled_meanwhile``)
    listed = {} if overwrite else {p: _label_state(p) for p in todo}
    meanwhile: list[str] = []
    by = _made_by(*(reader_of if reader_of is not None else (game, tileset)))
    written_record: dict[str, dict[str, Any]] = {}
    journal = _Journal(root)
    decoded = DecodedPhotos(root)  # each photo read whole here: the checks after do not decode it again
    unreadable, dropped, other_game = list(unfiled), set(), []
    tiles = labelled = 0
    unlearnt: tuple[str, ...] = ()
    absent = tuple(written.absent)  # a taught set's dataset: the set's too (``_from_tileset``)
    variants = _variants_for(written.game or game, tileset, table) if absent and todo and not no_reader else {}
    swapped: dict[str, str] = {}
    left_out: list[tuple[str, str]] = []
    try:
        if todo and not no_reader:
            reader = reader or load_reader(game, tileset)
            unlearnt = unlearnt_of_reader(reader, names, existing.own_kinds if existing is not None else ())
        # no model: every photo is still decoded (one that cannot be read put back), minutes at a phone's size: counted
        desc, unit = (CHECK_BAR if no_reader else BAR)[lang or cli_lang()]
        for photo in progress_bar(_told(todo, on_photo), asked=progress, desc=desc, unit=unit, lang=lang, bar=tqdm,
                                  total=len(todo)):
            rel = photo.relative_to(root).as_posix()
            stamp = photo_stamp(photo)  # before it is read: a change while it is read is one for the check
            try:
                image, full = load_image_sized(photo, max_side=READ_SIDE)
            except (ImageError, OSError) as exc:
                if not isinstance(exc, ImageError):  # no read permission (filed so before): said as the check says it
                    exc = unreadable_said(photo, str(photo), exc)
                lay = moved.get(photo)
                if lay is not None and not lay.exists():  # filed just now: put back, named as it was
                    shutil.move(photo, lay)
                    if lay.parent != root:  # from images/: its label file too
                        _move_label(photo, lay)
                    unreadable.append(_skipped(lay.name, exc, photo, left=True))
                else:
                    unreadable.append(_skipped(rel, exc, photo))
                continue
            decoded.note(photo, full, stamp)  # decoded to its end (``load_image_sized``), as ``label check`` decodes it
            if no_reader:  # filed to be labelled by hand (a photo that cannot be read is put back, as above)
                continue
            h, w = image.shape[:2]
            reading = reader.read(image)
            lost_absent: list[str] = []
            boxes, lost = boxes_from_reading(reading, (w, h), names, absent, variants, swapped, lost_absent)
            dropped.update(lost)
            if getattr(reading, "other_game", False):  # as the photo page warns of it
                other_game.append(rel)
            proposal = LabelledImage(rel, (w, h), tuple(boxes))
            entry = {"sha256": _text_sha(format_labels(proposal.boxes, names)), **by,
                     "photo_sha256": file_sha256(photo),  # a photo replaced: told
                     "photo_pixels": pixels_digest(image, full)}  # ... not one saved again as it was
            with dataset_lock(root):  # looked at again as it is written, under the lock an accept holds (set_done)
                if _labelled_meanwhile(root, photo, rel, listed):
                    meanwhile.append(rel)  # a person's boxes (another tab, `tilelens label`): never written over
                    continue
                journal.note(rel, entry)  # before its label file: killed at any point, no proposal looks hand-made
                try:
                    write_labels(root, proposal, names)
                except IsADirectoryError:  # the system's "Is a directory", in English whatever the language
                    path = label_path_for(root / rel)
                    raise LabelFileError(f"{path}: is a folder where the label file of {rel} belongs: move it away "
                                         f"(or rename it), then run the same command again",
                                         f"{path}: フォルダです。ここには {rel} のラベルファイルが入ります: フォルダを"
                                         f"移すか名前を変えてから、同じコマンドをもう一度実行してください") from None
            written_record[rel] = entry
            left_out += [(rel, kind) for kind in lost_absent]
            if not boxes:  # judged now, decoded already: the check says a dark photo with no boxes too dark
                _DARK.get(photo, lambda: _dark_of(image, (w, h)))
            tiles += len(boxes)
            labelled += 1
    except KeyboardInterrupt:
        raise PrelabelInterrupted(labelled, len(todo)) from None
    finally:  # stopped midway too: the photos pre-labelled so far are known as such
        journal.close()
        _keep_record(root, written_record)
        decoded.save(make=True)  # a command that writes in the dataset: its .tilelens folder made
    return PrelabelSummary(len(photos) + len(unfiled), labelled, len(photos) - len(todo) + len(meanwhile), tiles,
                           tuple(unreadable),
                           tuple(sorted(dropped)), tuple(other_game), no_reader,
                           tuple(getattr(reader, "taught_for", ()) or ()), unlearnt,
                           unlearnt_sets=tuple(getattr(reader, "tilesets_naming_all", ()) or ()) if unlearnt else (),
                           absent_as=tuple(swapped.items()), left_out=tuple(left_out), again=len(again),
                           changed=tuple(changed),
                           meanwhile=tuple(meanwhile))
