"""Where the photos of a table are, and which seat each one shows.

Convention (no manifest needed), one folder per table::

    table-03/
        seat1-dealer.jpg   # seat 1 deals ("-dealer" marks the dealer; "_dealer" works too)
        seat2.jpg
        seat3.jpg
        seat4.jpg
        wall.jpg           # optional: the remaining wall, face down, laid out in one layer

Names are case-insensitive; any image extension is accepted; in Japanese ``席1-親.jpg``, ``席2.jpg``, ... say the
same, and so do the winds: ``東.jpg`` (or ``East.jpg``: the dealer's, ``東-親.jpg`` or ``East-dealer.jpg`` alike),
``南.jpg`` (``South.jpg``), ``西.jpg`` (``West.jpg``), ``北.jpg`` (``North.jpg``). A table with other than 4
players, or photos named by the camera, adds a manifest ``table.toml`` (or ``table.json`` with the same keys)::

    players = 3              # default 4 (or ``--players``)
    dealer = 2               # the dealing seat, if no file name says it
    wall = "IMG_0104.jpg"    # optional
    [seats]
    1 = "IMG_0101.jpg"
    2 = "IMG_0102.jpg"
    3 = "IMG_0103.jpg"

An event is a folder of table folders (folders whose names start with ``.`` or ``_`` are skipped, so a
report written to ``EVENT/_report`` is never taken for a table). A folder that itself holds seat
photos or a manifest is checked as a one-table event. A folder holding seat photos or a manifest is
always a table, a report folder inside it notwithstanding (only a folder's own files are its photos); a
folder of nothing but reports (an ``event.json`` in it or below) is skipped, and named.

Problems of a table's input (a missing seat, two photos for one seat, a photo whose name says no seat, a
bad manifest) are findings of that table, never exceptions: the rest of the event is still checked.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import re
import difflib
import time
import tomllib
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from scorer.paths import PHOTO_NOUN
from scorer.result import PATH_ECHO_MAX, TilelensInputError, quoted_ja
from scorer.rules import played_by, players_span
from tilelens.event.model import ACROSS_LISTED, Finding, FindingKind, says_table, seat_at_table, table_order, \
    tables_in_short, where, where_ja
from tilelens.files import is_special, loop_chain, loop_on_way, loop_said
from tilelens.files import what_it_is as not_a_file  # the name the event command line imports it by
from vision.data_yaml import PHOTO_SUFFIXES

IMAGE_SUFFIXES = PHOTO_SUFFIXES  # the photo files tilelens reads (one list: vision.data_yaml)
MANIFEST_NAMES = ("table.toml", "table.json")
KNOWN_KEYS = ("players", "dealer", "seats", "wall")  # a manifest's keys
# Compressed files a table's photos may come in (.lzh: an old Japanese format still met): never read, but named.
ARCHIVE_SUFFIXES = {".zip", ".7z", ".rar", ".lzh", ".tar", ".gz", ".tgz", ".bz2", ".xz"}
# Where ``tilelens check EVENT`` writes the report unless given ``--out``: ``EVENT/_report`` (never a table).
DEFAULT_REPORT = "_report"
WALL = "wall"
# The digest of an empty file: photos a failed transfer left empty are alike, yet no copies of one photo (each is
# said to be empty when it is read).
_EMPTY = hashlib.sha256(b"").hexdigest()
# A seat's photo as organisers name it: "seat2", "seat1-dealer" ("_dealer", "-oya"), and in Japanese "席2", "席1-親"
# (or "席1親": Japanese needs no separator before 親), the digits and separators as a Japanese keyboard may type them too
# ("席１ー親": full-width digits, a long-vowel mark or a full-width hyphen, underscore or space for the hyphen).
_SEP = "[-_ \u3000\uff0d\uff3f\u30fc]"
_DEALER_MARK = rf"({_SEP}(?:dealer|oya|親)|親)?"
_SEAT_NAME = re.compile(rf"^(?:seat|席){_SEP}?(\d{{1,2}}){_DEALER_MARK}$", re.IGNORECASE)
# The files a system leaves in a folder (besides hidden ones: .DS_Store): a folder of them alone is empty.
_SYSTEM_FILES = {"thumbs.db", "desktop.ini"}
# The seats by the winds, as a Japanese table names them: 東 (East, the dealer) is seat 1, then 南, 西, 北 ("東家" too);
# or in English, in any case: East.jpg (the dealer's), South.jpg, West.jpg, North.jpg (the whole name: Easton.jpg is none).
# East's may say the dealer too, as a seat's does (East-dealer.jpg, 東-親.jpg): redundant, East deals; another wind's
# (South-dealer.jpg, 南-親.jpg) contradicts the winds and says no seat (``_wind_name``).
# The winds in seat order (東 seat 1), Japanese to English; ``_WIND_SEATS`` the seat of each name, English in lower case.
_WINDS = {"東": "East", "南": "South", "西": "West", "北": "North"}
_WIND_SEATS = {w.lower(): str(seat) for seat, names in enumerate(_WINDS.items(), 1) for w in names}
_WIND_NAME = re.compile(rf"^(?:([{''.join(_WINDS)}])家?|({'|'.join(_WINDS.values())})){_DEALER_MARK}$", re.IGNORECASE)
# What a browser, a phone or a file manager adds to the name of a second copy: "seat2 (1)", "seat2 - Copy",
# "seat2 - コピー" (Windows), "seat2 copy", "seat2 2" (macOS), "seat2 のコピー" and "seat2 のコピー 2" (macOS in
# Japanese). Such a photo is its seat's, so that two of them are two photos for one seat (keep one), not a stray photo
# that says no seat.
_COPY_SUFFIX = re.compile(r"(?:\s*\(\d+\)|\s+-\s+(?:copy|コピー)(?:\s*\(\d+\))?|\s+copy(?:\s+\d+)?|\s*のコピー(?:\s+\d+)?"
                          r"|\s+\d+)$", re.IGNORECASE)


class EventInputError(TilelensInputError):
    """The event folder itself cannot be checked (absent, or holds no table)."""


@dataclass(frozen=True)
class Photo:
    """A photo by path (a folder of tables) or by its bytes (an upload in the app)."""

    name: str
    path: Path | None = None
    data: bytes | None = field(default=None, repr=False)
    # the event folder (resolved) the photo was found in: ``reading.load_photo`` reads no file outside it (a photo
    # swapped for a link leading out between the scan and the reading, minutes later on a large event)
    root: Path | None = field(default=None, repr=False, compare=False)

    def read_bytes(self) -> bytes:
        """The photo's file content (``OSError`` if the file went away)."""
        return self.data if self.data is not None else self.path.read_bytes()  # type: ignore[union-attr]

    @cached_property
    def digest(self) -> str:
        """SHA-256 of the content, read once for the copy checks and the fingerprint (``OSError`` if the
        file went away, tried again at the next use)."""
        return hashlib.sha256(self.read_bytes()).hexdigest()

    def source(self) -> Path | bytes:
        """What ``vision.load_image`` takes."""
        return self.data if self.data is not None else self.path  # type: ignore[return-value]


@dataclass(frozen=True)
class TableInput:
    """One table's photos, its seating, and the input problems already found."""

    name: str
    players: int
    seats: dict[str, Photo]
    dealer: str | None = None
    wall: Photo | None = None
    problems: tuple[Finding, ...] = ()
    manifest: bytes = b""
    dealer_claims: tuple[str, ...] = ()  # the seats said to deal when more than one is (``dealer`` is None)
    # seats whose photos are identical files (``_same_content``): not read for the deal, but one of each such photo is
    # read for whether its tiles look like another game's (``runner.check_table``)
    identical: dict[str, Photo] = field(default_factory=dict)
    # how the table marks its dealer, for the words of a dealer marked at the wrong seat (``rules.mark_dealer``):
    # "name" (seatN-dealer.jpg), "manifest" (dealer = N in table.toml, or its photos listed there by camera names),
    # "chosen" (the app's dealer's seat, ``table_from_uploads``)
    marked_by: str = "name"
    # the manifest that names the dealer (``dealer = N`` in table.toml) where one does, beside a photo's name or not:
    # the words of a dealer marked at the wrong seat say its line to change, so that one seat alone is marked
    dealer_manifest: str = ""
    # a seat's photos where it has more than one (none read: "two photos for seat 2 (keep one)"), for their thumbnails
    # under that finding, so that a person sees which to keep
    rivals: dict[str, tuple[Photo, ...]] = field(default_factory=dict)


def seat_labels(players: int) -> list[str]:
    """Seat labels of a table: ``["1", "2", ...]``."""
    return [str(i) for i in range(1, players + 1)]


def parse_photo_name(name: str) -> tuple[str, bool] | None:
    """``(seat, is_dealer)`` for a conventional photo name, ``("wall", False)`` for the wall, else None.

    >>> parse_photo_name("Seat1-Dealer.JPG"), parse_photo_name("seat_2.png"), parse_photo_name("wall.jpg")
    (('1', True), ('2', False), ('wall', False))
    >>> parse_photo_name("IMG_0001.jpg") is None
    True
    >>> parse_photo_name("seat2 (1).jpg"), parse_photo_name("seat1-dealer - Copy.jpg"), parse_photo_name("wall 2.jpg")
    (('2', False), ('1', True), ('wall', False))
    >>> parse_photo_name("席1-親.jpg"), parse_photo_name("席2.jpg"), parse_photo_name("seat3 のコピー.jpg")
    (('1', True), ('2', False), ('3', False))
    >>> parse_photo_name("東.jpg"), parse_photo_name("西.jpg"), parse_photo_name("北家 (1).jpg")
    (('1', True), ('3', False), ('4', False))
    >>> parse_photo_name("East.jpg"), parse_photo_name("north.JPG"), parse_photo_name("Easton.jpg")
    (('1', True), ('4', False), None)
    >>> parse_photo_name("East-dealer.jpg"), parse_photo_name("東-親.jpg"), parse_photo_name("South-dealer.jpg")
    (('1', True), ('1', True), None)
    """
    # NFC: a name written on a Mac may come decomposed ("ピ" as "ヒ" and a combining mark), zipped or copied as it is
    stem = unicodedata.normalize("NFC", Path(name).stem)
    if stem.lower() != WALL and _SEAT_NAME.match(stem) is None and _wind_name(stem) is None:
        stem = _COPY_SUFFIX.sub("", stem)  # a second copy's name: the seat (or wall) of the first
    if stem.lower() == WALL:
        return WALL, False
    if w := _wind_name(stem):  # 東南西北 (East, South, West, North): seats 1-4, 東 the dealer
        seat = _wind_seat(w)
        return seat, seat == "1"
    m = _SEAT_NAME.match(stem)
    if m is None:
        return None
    return str(int(m.group(1))), m.group(2) is not None


def _wind_seat(m: re.Match) -> str:
    """The seat of a wind's name matched by ``_WIND_NAME``: 東 or East "1" ... 北 or North "4"."""
    return _WIND_SEATS[(m.group(1) or m.group(2)).lower()]


def _wind_name(stem: str) -> re.Match | None:
    """``_WIND_NAME``'s match of a name's stem, a dealer's mark only on East's (``東-親``, ``East-dealer``: East deals);
    None for a stem that is no wind's, or another wind's marked the dealer (``南-親``: the winds say East deals)."""
    m = _WIND_NAME.match(stem)
    return m if m is not None and (m.group(3) is None or _wind_seat(m) == "1") else None


def _wind_match(name: str) -> re.Match | None:
    """``_wind_name``'s match of a photo's name (a second copy's too: ``北家 (1).jpg``), None for no wind's."""
    stem = unicodedata.normalize("NFC", Path(name).stem)
    return _wind_name(stem) or _wind_name(_COPY_SUFFIX.sub("", stem))


def japanese_named(name: str) -> bool:
    """Whether a photo's name is in the Japanese style (``席2.jpg``, ``席1-親.jpg``, ``東.jpg``; not ``East.jpg``): the
    photos tilelens asks for at its table are then named so too (``seat_photo_name``)."""
    stem = unicodedata.normalize("NFC", Path(name).stem)
    return stem.startswith("席") or bool((m := _wind_match(name)) and m.group(1))


def seat_photo_name(seat: str, dealer: bool, japanese: bool = False, suffix: str = ".jpg") -> str:
    """A seat's photo name as its table names its photos (``japanese``: ``席3-親.jpg``; else ``seat3-dealer.jpg``).

    >>> seat_photo_name("3", True), seat_photo_name("3", True, True), seat_photo_name("1", False, True, ".png")
    ('seat3-dealer.jpg', '席3-親.jpg', '席1.png')
    """
    if japanese:
        return f"席{seat}{'-親' if dealer else ''}{suffix}"
    return f"seat{seat}{'-dealer' if dealer else ''}{suffix}"


def wind_renamed(name: str, wind: int) -> str | None:
    """A photo named by a wind (``南.jpg``, ``北家 (1).jpg``, ``South.jpg``) named by the ``wind``-th wind from the
    dealer's (0: 東, 1: 南 ...), in its own form (its 家; English in its case: ``south.jpg`` to ``east.jpg``) and its
    suffix kept; None for a name that is no wind's. East's marked the dealer (``東-親.jpg``) is itself at 東, and drops
    the mark at another wind (no other wind deals).

    >>> wind_renamed("南.jpg", 0), wind_renamed("東家.png", 3), wind_renamed("席1.jpg", 1)
    ('東.jpg', '北家.png', None)
    >>> wind_renamed("South.jpg", 0), wind_renamed("north.png", 1), wind_renamed("WEST (1).jpg", 0)
    ('East.jpg', 'south.png', 'EAST.jpg')
    >>> wind_renamed("東-親.jpg", 0), wind_renamed("東家-親.jpg", 1), wind_renamed("East-dealer.jpg", 3)
    ('東-親.jpg', '南家.jpg', 'North.jpg')
    """
    m = _wind_match(name)
    if m is None:
        return None
    if m.group(3) and wind % len(_WINDS) == 0:  # East's marked the dealer, at East: as it is (a copy's suffix gone)
        return f"{m.group(0)}{Path(name).suffix}"
    to_ja, to = list(_WINDS.items())[wind % len(_WINDS)]
    if m.group(1):
        said = m.group(0).removesuffix(m.group(3) or "")
        return f"{to_ja}{'家' if said.endswith('家') else ''}{Path(name).suffix}"
    said = m.group(2)
    return f"{to.upper() if said.isupper() else to.lower() if said.islower() else to}{Path(name).suffix}"


def wind_of_dealer(name: str) -> str:
    """The dealer's wind in the language of a photo named by a wind, as a sentence says it: 東, or East; "" for a name
    that is no wind's.

    >>> wind_of_dealer("南家.jpg"), wind_of_dealer("south.jpg"), wind_of_dealer("seat2.jpg"), wind_of_dealer("東-親.jpg")
    ('東', 'East', '', '東')
    """
    m = _wind_match(name)
    return "" if m is None else "東" if m.group(1) else _WINDS["東"]


def dealer_wind_photo(names: list[str]) -> str:
    """The dealer's photo name (東.jpg, 東家.jpg, East.jpg in its case) at a table whose photos ``names`` are named by
    the winds, as the first of them named by a wind names it (``wind_renamed``); "" where none is.

    >>> dealer_wind_photo(["seat1.jpg", "南家.png", "西.jpg"]), dealer_wind_photo(["席2.jpg"])
    ('東家.jpg', '')
    """
    return next((w for w in (wind_renamed(Path(n).stem + ".jpg", 0) for n in names) if w), "")


def not_utf8(name: str) -> bool:
    """True for a file name that is not UTF-8 text (bytes the system passed undecoded: the Shift_JIS names of a
    zip made on Japanese Windows, unzipped here): it cannot be written into a report as it is."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def readable(name: str) -> str:
    """A name that is not UTF-8 text as a person may know it: read as Shift_JIS where it is that, else with
    U+FFFD where it cannot be read.

    >>> import os
    >>> readable(os.fsdecode("卓1".encode("cp932"))), readable(os.fsdecode(b"t\\x81"))
    ('卓1 (as Shift_JIS)', 't�')
    """
    raw = name.encode("utf-8", "surrogateescape")
    try:
        return f"{raw.decode('cp932')} (as Shift_JIS)"
    except UnicodeDecodeError:
        return raw.decode("utf-8", "replace")


def is_image_name(name: str) -> bool:
    """True for a file name with an image extension (hidden files never count)."""
    return not name.startswith(".") and Path(name).suffix.lower() in IMAGE_SUFFIXES


def _gone_to(path: Path) -> tuple[str, bool]:
    """Where the link ``path`` to nothing leads, and whether it goes round in a loop: its target, or its loop
    ("seat4.jpg -> seat4.jpg", True), said as one (``_link_gone``)."""
    loop = loop_chain(path)
    return (loop, True) if loop else (str(path.readlink()), False)


def _dangling(folder: Path) -> dict[str, tuple[str, bool]]:
    """The links in ``folder`` to a file that is not there (a photo moved or deleted since, or a loop of links):
    name -> where it led (``_gone_to``)."""
    links = {}
    for p in folder.iterdir():
        with contextlib.suppress(OSError):
            if p.is_symlink() and not p.exists():
                links[p.name] = _gone_to(p)
    return links


def _specials(folder: Path) -> dict[str, tuple[str, str]]:
    """The entries of ``folder`` that are neither files nor folders (``is_special``): name -> what each is
    (``not_a_file``)."""
    found = {}
    for p in folder.iterdir():
        with contextlib.suppress(OSError):
            if is_special(p):
                found[p.name] = not_a_file(p)
    return found


def _not_a_photo(name: str, what: tuple[str, str]) -> tuple[str, str]:
    """The file ``name`` that is ``what`` (``not_a_file``), no photo file, in English and Japanese."""
    return f"{name} is {what[0]}, not a photo file", f"{name} は{what[1]}で、写真のファイルではありません"


def _link_gone(name: str, gone: tuple[str, bool], named: tuple[str, str] = ("", "")) -> tuple[str, str]:
    """The file ``name``, a link to a file that is not there, said as ``tilelens read`` says it (``vision.image_io``):
    (English, Japanese); ``gone``: where it led (``_gone_to``), a loop of links said as one; ``named``: words after
    its name ("named in table.toml")."""
    target, looped = gone
    if looped:
        en, ja = loop_said(f"{name}{named[0]}", target, PHOTO_NOUN)
        return en, f"{named[1]}{ja}"
    return (f"{name}{named[0]} is a link to {target}, which is not there (moved or deleted?)",
            f"{named[1]}{name} のリンク先の {target} がありません (移動か削除された?)")


def _leading_out(folder: Path, root: Path) -> dict[str, str]:
    """The entries of ``folder`` that lead outside ``root`` (the event folder, resolved): a link to a file elsewhere on
    the computer (``seat4.jpg -> ~/Pictures/family.jpg``), or any file of a table folder that is itself such a link:
    name -> where it leads. Never read: a shared event folder is anyone's to put a link in, and the photo it leads to
    would be read and its thumbnail written into the shared report. A link to nothing is ``_dangling``'s."""
    return {p.name: target for p in folder.iterdir() if (target := leads_out(p, root)) is not None}


def leads_out(path: Path, root: Path) -> str | None:
    """Where ``path`` leads where it is there and its real path is outside ``root`` (the event folder, resolved):
    through a link of its own (said as the link says it) or of a folder on the way (``sub/family.jpg`` with ``sub``
    a link elsewhere: said by the real path); None where it stays inside ``root`` (or is not there: a link to nothing
    is ``_dangling``'s)."""
    try:
        real = Path(os.path.realpath(path))
        if not path.exists() or real.is_relative_to(root):
            return None
        return str(path.readlink()) if path.is_symlink() else str(real)
    except (OSError, ValueError, RuntimeError):  # a loop of links, a name of a NUL: not there, as far as reading goes
        return None


def _leads_out(name: str, target: str, named: tuple[str, str] = ("", "")) -> tuple[str, str]:
    """The file ``name`` that leads outside the event folder, to ``target`` (``_leading_out``), not read: (English,
    Japanese); ``named``: words after its name ("named in table.toml")."""
    return (f"{name}{named[0]} is a link leading outside the event folder, to {target}: it is not read (a link in a "
            f"shared folder could put any file of this computer into the report): copy the photo itself into the "
            f"table's folder",
            f"{named[1]}{name} はイベントフォルダの外 ({target}) を指すリンクなので、読んでいません (共有フォルダのリンクを"
            f"読むと、このパソコンのどんなファイルでもレポートに入れられてしまうため)。写真そのものを卓のフォルダに"
            f"コピーしてください")


def _odd_manifests(folder: Path, outside: dict[str, str] | None = None) -> list[Finding]:
    """A manifest's name that is no file (a folder ``table.toml``, a link to a file not there): not read, said
    once, where it would pass unseen (the photos are read by their names)."""
    problems = []
    for name in MANIFEST_NAMES:
        path = folder / name
        if name in (outside or {}):  # a link leading out of the event folder: never read
            en, ja = _leads_out(name, (outside or {})[name])
            problems.append(Finding(FindingKind.BAD_MANIFEST, en.replace("the photo itself", "the file itself"),
                                    message_ja=ja.replace("写真そのもの", "ファイルそのもの")))
        elif path.is_dir():
            problems.append(Finding(FindingKind.BAD_MANIFEST, f"{name} is a folder, not a file: it was not read (the "
                                    f"photos are read by their names); put the table's players, dealer and seats "
                                    f"in a text file {name}, or remove the folder",
                                    message_ja=f"{name} はフォルダで、ファイルではありません: 読んでいません (写真は名前で"
                                               f"読みます)。卓の players・dealer・seats はテキストファイルの {name} に"
                                               f"書くか、フォルダを削除してください"))
        elif path.is_symlink() and not path.exists():
            en, ja = _link_gone(name, _gone_to(path))
            problems.append(Finding(FindingKind.BAD_MANIFEST, f"{en}: it was not read (the photos are read by their "
                                    f"names)", message_ja=f"{ja}: 読んでいません (写真は名前で読みます)"))
        elif is_special(path):  # a named pipe: never opened (it would wait for a writer)
            what, what_ja = not_a_file(path)
            problems.append(Finding(FindingKind.BAD_MANIFEST, f"{name} is {what}, not a file: it was not read (the "
                                    f"photos are read by their names); put the table's players, dealer and seats in "
                                    f"a text file {name}",
                                    message_ja=f"{name} は{what_ja}で、ファイルではありません: 読んでいません (写真は"
                                               f"名前で読みます)。卓の players・dealer・seats はテキストファイルの "
                                               f"{name} に書いてください"))
    return problems


def _read_manifest(folder: Path, outside: dict[str, str] | None = None) -> tuple[dict[str, Any], bytes, list[Finding]]:
    """The manifest's keys, its bytes, and what is wrong with it (``_odd_manifests`` first); ``outside``: the entries
    leading outside the event folder (``_leading_out``), never read."""
    data, raw, problems = _parsed_manifest(folder, outside or {})
    return data, raw, [*_odd_manifests(folder, outside), *problems]


def _parsed_manifest(folder: Path, outside: dict[str, str]) -> tuple[dict[str, Any], bytes, list[Finding]]:
    found = [folder / n for n in MANIFEST_NAMES if (folder / n).is_file() and n not in outside]
    if not found:
        return {}, b"", []
    if len(found) > 1:
        return {}, b"", [Finding(FindingKind.BAD_MANIFEST, "both table.toml and table.json: keep one",
                                 message_ja="table.toml と table.json の両方があります。どちらか1つにしてください")]
    path = found[0]
    raw = path.read_bytes()
    try:  # utf-8-sig: Windows' Notepad may start the text with a byte order mark (JSON finds its own encoding)
        data = tomllib.loads(raw.decode("utf-8-sig")) if path.suffix == ".toml" else json.loads(raw)
    except UnicodeDecodeError:  # Shift_JIS, as Japanese Windows long saved text
        return {}, raw, [Finding(FindingKind.BAD_MANIFEST, f"{path.name} is not UTF-8 text (Shift_JIS?): save it as "
                                 f"UTF-8", message_ja=f"{path.name} が UTF-8 ではありません (Shift_JIS など): "
                                                      f"UTF-8 で保存し直してください")]
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        return {}, raw, [_unparsed(path.name, exc, raw.decode("utf-8-sig", "replace"))]
    except (RecursionError, ValueError):  # brackets nested thousands deep, a number of thousands of digits
        return {}, raw, [Finding(FindingKind.BAD_MANIFEST, f"{path.name} cannot be parsed: lists or tables nested "
                                 f"too deep, or a number too long", message_ja=f"{path.name} の書き方が正しくありません: "
                                                                               f"入れ子が深すぎるか、数が長すぎます")]
    if not isinstance(data, dict):
        return {}, raw, [Finding(FindingKind.BAD_MANIFEST, f"{path.name} must hold a table of keys",
                                 message_ja=f"{path.name} には players や seats などのキーを並べて書いてください")]
    return data, raw, []


# tomllib's words for a manifest's usual slips, said plainly (English, Japanese); its other words are said as written
# (in Japanese as ``scorer.result.game_file_ja`` says a game file's).
_BACKSLASH = ("a photo name holds \\: write Windows paths in single quotes 'C:\\...' or with forward slashes "
              "(C:/...), or give the photo's file name alone",
              "写真の名前に \\ があります: Windows のパスは一重引用符で 'C:\\...' と囲むか、/ で区切ってください "
              "(写真のファイル名だけでも構いません)")
_TOML_PLAIN = {
    "Illegal character '\\n'": ('a quoted name is not closed: end it with " on the same line',
                                 '引用符 " が閉じていません: 同じ行の終わりに " を書いてください'),
    "Unterminated string": ('a quoted name is not closed: end it with " on the same line',
                            '引用符 " が閉じていません: 同じ行の終わりに " を書いてください'),
    "Invalid hex value": _BACKSLASH, "Unescaped '\\' in a string": _BACKSLASH,
    "Invalid value": ('a value cannot be read: put a photo name in quotes ("IMG_0101.jpg"); players and dealer are '
                      'numbers', '値として読めません: 写真の名前は " で囲み ("IMG_0101.jpg")、players と dealer は数字で書いてください'),
    "Expected '=' after a key in a key/value pair": ("each line is key = value: the = is missing",
                                                     "1行に キー = 値 と書きます: = がありません"),
}


def _unparsed(name: str, exc: Exception, text: str = "") -> Finding:
    """The one finding of a manifest that is no TOML (or JSON): its line, and the slip in plain words where it is a
    usual one (a quote not closed, a Windows path's backslashes in double quotes, a seat listed twice: ``text``, the
    manifest's text, tells which)."""
    if isinstance(exc, json.JSONDecodeError):
        return Finding(FindingKind.BAD_MANIFEST, f"{name} line {exc.lineno}: not valid JSON: {exc.msg}",
                       message_ja=f"{name} の{exc.lineno}行目: JSON の書き方が正しくありません: {exc.msg}")
    from scorer.result import game_file_ja

    m = re.fullmatch(r"(?P<detail>.*?)(?: \(at (?:line (?P<line>\d+), column \d+|end of document)\))?", str(exc), re.S)
    detail, line = m["detail"], m["line"]
    place, place_ja = (f"{name} line {line}", f"{name} の{line}行目") if line else (name, name)
    said = _TOML_PLAIN.get(detail) or (_written_twice(text, int(line)) if detail == "Cannot overwrite a value" and line
                                        else None)
    if said is None:
        said = (f"not valid TOML: {detail}",
                game_file_ja(f"{name}: not valid TOML: {detail}").removeprefix(f"{name}: ")
                or f"TOML の書き方が正しくありません: {detail}")
    return Finding(FindingKind.BAD_MANIFEST, f"{place}: {said[0]}", message_ja=f"{place_ja}: {said[1]}")


def _written_twice(text: str, line: int) -> tuple[str, str] | None:
    """A TOML key written twice (tomllib's "Cannot overwrite a value" at ``line``), in plain words: a seat of
    ``[seats]`` listed twice, another key or a ``[table]`` written twice; None where the line says none of these."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return None
    here = lines[line - 1].strip()
    if here.startswith("["):
        head = here.split("]")[0] + "]"
        return f"{head} is written twice: keep one", f"{head} が2回書かれています: 1つにしてください"
    key = here.split("=")[0].strip().strip("\"'")
    if not key:
        return None
    section = next((x.strip().strip("[]").strip() for x in reversed(lines[:line - 1]) if x.strip().startswith("[")), "")
    if section == "seats":
        n = str(int(key)) if _seat_number(key) else key
        return (f"seat {n} is listed twice in [seats]: keep one photo for it",
                f"{n}番席が [seats] に2回書かれています: 1つにしてください")
    return f"{key} is written twice: keep one", f"{key} が2回書かれています: 1つにしてください"


def _manifest_fields(data: dict[str, Any], default_players: int, name: str,
                     game: Any = None) -> tuple[int, str | None, dict[str, str], str | None, list[Finding]]:
    """Validated ``players``, ``dealer``, ``seats`` and ``wall`` of a manifest; ``players`` held to ``game``'s span
    where it is given (``players_refused_as``)."""
    problems: list[Finding] = []

    def bad(msg: str, msg_ja: str) -> None:
        problems.append(Finding(FindingKind.BAD_MANIFEST, f"{name}: {msg}", message_ja=f"{name}: {msg_ja}"))

    players = data.get("players", default_players)
    # 2 to 4 for any game; then the game's own span (``scorer.rules.players_span``), as --players is held to
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        if (n := _quoted_number(players, range(2, 5))) is not None:  # players = "4": the quotes are the slip
            bad(f"players must be 2, 3 or 4, a number without quotes: players = {n} (got {players!r})",
                f"players は 2、3、4 のどれかを、引用符なしの数で書いてください: players = {n} ({quoted_ja(players)}になっています)")
        else:
            bad(f"players must be 2, 3 or 4 (got {players!r})",
                f"players は 2、3、4 のどれかにしてください ({quoted_ja(players)}になっています)")
        players = default_players
    elif "players" in data and game is not None and (refused := players_refused_as(
            game, players, f"players = {players}",
            ("write players = {usual}, or leave players out", "players = {usual} と書くか、players を省いてください"))):
        bad(*refused)
        players = default_players
    dealer = data.get("dealer")
    if dealer is not None:  # a number; "1" (quoted) taken as the seat too, as tilelens always has: organisers' files
        seat = str(dealer) if isinstance(dealer, int) and not isinstance(dealer, bool) else None
        if seat is None and (n := _quoted_number(dealer, range(1, players + 1))) is not None:
            seat = str(n)
        if seat not in seat_labels(players):
            bad(f"dealer must be a seat from 1 to {players} (got {dealer!r})",
                f"dealer は 1 から {players} までの席の番号にしてください ({quoted_ja(dealer)}になっています)")
            seat = None
        dealer = seat
    seats = data.get("seats", {})
    if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
        bad("seats must map a seat number to a photo file name, e.g. 1 = \"IMG_0101.jpg\"",
            "seats には席の番号ごとに写真のファイル名を書いてください (例: 1 = \"IMG_0101.jpg\")")
        seats = {}
    wall = data.get("wall")
    if wall is not None and not isinstance(wall, str):
        bad(f"wall must be a photo file name (got {wall!r})",
            f"wall には写真のファイル名を書いてください ({quoted_ja(wall)}になっています)")
        wall = None
    for key, photo in [*(("seats." + str(k), v) for k, v in seats.items()), ("wall", wall)]:
        if isinstance(photo, str) and _leaves_folder(photo):  # /etc/passwd, ../../x.jpg: never read
            bad(f"{key} = {photo!r} leads outside the table folder: name a photo in it",
                f"{key} = {quoted_ja(photo, PATH_ECHO_MAX)}は卓のフォルダの外を指しています: フォルダの中の写真の名前にしてください")
    seats = {k: v for k, v in seats.items() if not _leaves_folder(v)}
    wall = None if wall is not None and _leaves_folder(wall) else wall
    unknown = sorted(set(data) - set(KNOWN_KEYS))
    if unknown:
        meant = {k: m[0] for k in unknown if (m := difflib.get_close_matches(str(k).lower(), KNOWN_KEYS, 1, 0.6))}
        # one question of them all: "did you mean dealer for dealr, players for player?", never "?; did you mean"
        hint = ("; did you mean " + ", ".join(f"{_key_as_written(m, data[k])} for {_key_as_written(k, data[k])}"
                                              for k, m in meant.items()) + "?" if len(meant) > 1
                else "".join(f": did you mean {_key_as_written(m, data[k])}?" for k, m in meant.items()))
        hint_ja = "".join(f"。{_key_as_written(k, data[k])} ではなく {_key_as_written(m, data[k])} と書いてください"
                          for k, m in meant.items())
        bad(f"unknown keys {unknown} (known: players, dealer, seats, wall){hint}",
            f"不明なキーがあります: {unknown} (使えるのは players、dealer、seats、wall){hint_ja}")
    # a seat written "01" or " 2" is seat 1 or 2, as a person means it
    seats = {str(int(k)) if _seat_number(k) else str(k): v for k, v in seats.items()}
    return players, dealer, seats, wall, problems


def players_refused_as(game: Any, players: int, option: str, advice: tuple[str, str]) -> tuple[str, str] | None:
    """Why ``players`` given as ``option`` (a manifest's ``players = 3``, whose name goes before; ``--players 3``:
    ``rules.players_refused``) is refused for ``game`` (English, Japanese), in the sentence `tilelens score` says
    (``scorer.rules.played_by``: the game's name and the count it is played by, ``players_span``), ``advice`` after it
    in brackets (``{usual}``: the count the game is usually played by); None where the game is played by that many."""
    low, high, usual = players_span(game)
    if low <= players <= high:
        return None
    en, ja = played_by(game, low, high)
    return f"{option}: {en} ({advice[0].format(usual=usual)})", f"{option}: {ja} ({advice[1].format(usual=usual)})"


def _quoted_number(value: Any, numbers: range) -> int | None:
    """The number of ``numbers`` a manifest's value writes as text (``dealer = "1"``: the quotes are the slip), else
    None."""
    text = value.strip() if isinstance(value, str) else ""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 and int(text) in numbers else None


def _key_as_written(key: str, value: Any) -> str:
    """A manifest's key as a person writes it: ``[seats]`` for a table of keys, ``dealer`` for a value."""
    return f"[{key}]" if isinstance(value, dict) else str(key)


def _misspelt_seats(data: dict[str, Any]) -> bool:
    """Whether the manifest's seats are under a misspelt name (``[seat]``) and not under ``seats``: its seats are
    then unread, and what follows of them (photos of no seat, seats of no photo) only the slip's echo."""
    return "seats" not in data and any(isinstance(v, dict) and difflib.get_close_matches(str(k).lower(), ["seats"], 1,
                                                                                           0.6) for k, v in data.items())


def _seat_number(key: Any) -> bool:
    """A seat key written as a number (``"01"``, ``" 2"``): ASCII digits, a few (``"²"`` and a number of
    thousands of digits are said as written: no such seat)."""
    text = str(key).strip()
    return text.isascii() and text.isdigit() and len(text) <= 9


def _leaves_folder(name: str) -> bool:
    """A manifest's photo name that leads outside the table folder: absolute, or through ``..`` (either slash)."""
    parts = PurePosixPath(name.replace("\\", "/")).parts
    return name.startswith(("/", "\\")) or PureWindowsPath(name).is_absolute() or ".." in parts


def read_table_folder(folder: Path, default_players: int = 4, root: Path | None = None,
                      game: Any = None) -> TableInput:
    """The ``TableInput`` of one table folder (convention names and/or a manifest). ``root``: the event folder (the
    folder holding the table's unless given: ``tilelens check`` gives its own, a one-table event's the table folder);
    a photo or manifest that leads outside it (a link to a file elsewhere: ``_leading_out``) is not read, and said (a
    link inside it is read as the file it leads to). ``game`` (a ``scorer.Game``): the manifest's ``players`` is held
    to the count it is played by (``scorer.rules.players_span``), as ``--players`` is; 2 to 4 where none is given."""
    root = Path(os.path.realpath(root if root is not None else folder.absolute().parent))
    outside = _leading_out(folder, root)
    data, raw, problems = _read_manifest(folder, outside)
    if raw and problems:  # a manifest that cannot be read says nothing of the seats: its one finding, not a seat's
        return TableInput(name=folder.name, players=default_players, seats={}, problems=tuple(problems), manifest=raw)
    mname = next((n for n in MANIFEST_NAMES if (folder / n).is_file() and n not in outside), "table.toml")
    players, m_dealer, m_seats, m_wall, more = _manifest_fields(data, default_players, mname, game)
    problems += more
    for listed in [*m_seats.values(), *([m_wall] if m_wall else [])]:  # sub/family.jpg, sub a link leading out
        if listed not in outside and (target := leads_out(folder / listed, root)) is not None:
            outside[listed] = target
    if _misspelt_seats(data):  # [seat] for [seats]: its one finding (did you mean), no seat's echo of it
        return TableInput(name=folder.name, players=players, seats={}, problems=tuple(problems), manifest=raw)
    files = sorted(p.name for p in folder.iterdir() if p.is_file() and is_image_name(p.name) and p.name not in outside)
    inside = [] if files or raw or problems else _tables_inside(folder)
    if inside and any(says_table(n) for n in inside):  # a folder of tables among the tables (EVENT/day2/table-11)
        (few, few_ja), one = some_named(inside, FEW_SHOWN, unit_ja="個"), len(inside) == 1
        problems.append(Finding(FindingKind.MISSING_SEAT, f"{folder.name} is no table: its folder{'' if one else 's'} "
                                f"{few} hold{'s' if one else ''} a table's photos, not checked: move "
                                f"{few if one else 'them'} into the event folder, beside the other tables (or check "
                                f"{folder.name} on its own)",
                                message_ja=f"{folder.name} は卓のフォルダではありません: 中のフォルダ {few_ja} に卓の写真があり、"
                                           f"チェックしていません: イベントフォルダの直下 (ほかの卓と同じ場所) に移してください "
                                           f"({folder.name} だけを別にチェックすることもできます)"))
    elif not files and not raw and not problems and not any(
            not p.name.startswith(".") and p.name.lower() not in _SYSTEM_FILES for p in folder.iterdir()):
        # nothing in it (a hidden file a system leaves at most): one line, not a missing photo a seat
        return TableInput(name=folder.name, players=players, seats={}, problems=(Finding(
            FindingKind.MISSING_SEAT, f"the folder of {folder.name} is empty: put its photos in, or delete the folder "
            f"if the table is not used", data={"empty": True},
            message_ja=f"{folder.name} のフォルダは空です: 写真を入れるか、使わないならフォルダを消してください"),))
    elif inside:  # every seat is missing: said why, in one word before the seats
        few, few_ja = some_named(inside, FEW_SHOWN, unit_ja="個")
        problems.append(Finding(FindingKind.MISSING_SEAT, f"{folder.name} holds no photo of its own, but its folder "
                                f"{few} holds seat photos: a table's photos go in the table's own folder",
                                message_ja=f"{folder.name} には写真がなく、中のフォルダ {few_ja} に席の写真があります: "
                                           f"卓の写真はその卓のフォルダに直接入れてください"))
    claimed: dict[str, list[str]] = {}  # seat or "wall" -> photo names
    dealers: dict[str, tuple[str, str]] = {}  # seat -> what says it deals (English, Japanese)
    used = set(m_seats.values()) | ({m_wall} if m_wall else set())
    for seat, photo in m_seats.items():
        claimed.setdefault(seat, []).append(photo)
    if m_wall:
        claimed.setdefault(WALL, []).append(m_wall)
    # a manifest's photo not in the folder, and a photo there of a name close to it that the manifest does not list
    # (IMG_0620.jpg for IMG_0602.jpg, .JPG for .jpg): one finding saying which was meant, not two unlinked ones
    meant: dict[str, str] = {}
    for listed in [*m_seats.values(), *([m_wall] if m_wall else [])]:
        spare = [f for f in files if f not in used and f not in meant.values()]
        if not (folder / listed).is_file() and (close := [f for f in spare if f.lower() == listed.lower()]
                                                 or difflib.get_close_matches(listed, spare, 1, 0.8)):
            meant[listed] = close[0]
    unnamed: list[str] = []  # the photos whose names say no seat: said in one finding
    for fname in files:
        if fname in used or fname in meant.values():
            continue
        parsed = parse_photo_name(fname)
        if parsed is None and not_utf8(fname):  # its name cannot be written in a report: said readable
            shown = readable(fname)
            problems.append(Finding(FindingKind.UNNAMED_PHOTO, f"photo {shown} does not say its seat, and its name "
                                    f"is not UTF-8 text: rename it seatN.jpg, seatN-dealer.jpg or wall.jpg",
                                    message_ja=f"写真 {shown} の名前では席がわからず、名前が UTF-8 ではありません: "
                                               f"seatN.jpg、seatN-dealer.jpg、wall.jpg のどれかの名前にしてください"))
            continue
        if parsed is None:
            unnamed.append(fname)
            continue
        seat, is_dealer = parsed
        claimed.setdefault(seat, []).append(fname)
        if is_dealer:
            dealers.setdefault(seat, (fname, fname))
    if len(unnamed) == 1:
        problems.append(Finding(FindingKind.UNNAMED_PHOTO, f"photo {unnamed[0]} does not say its seat: name it "
                                f"seatN.jpg, seatN-dealer.jpg or wall.jpg, or list it in table.toml",
                                message_ja=f"写真 {unnamed[0]} の名前では席がわかりません: seatN.jpg、"
                                           f"seatN-dealer.jpg、wall.jpg のどれかの名前にするか、table.toml に書いてください"))
    elif unnamed:  # one finding of them all (親.jpg, 子1.jpg, ...): not one a photo, nor a missing seat each
        en, ja = some_named(unnamed, UNNAMED_SHOWN)  # 10,000 of them: ten named, then how many more (data keeps every one)
        problems.append(Finding(FindingKind.UNNAMED_PHOTO, f"photos {en} do not say their seats: name them "
                                f"seat1-dealer.jpg, seat2.jpg, ... (or by the winds, East.jpg, South.jpg, West.jpg, "
                                f"North.jpg or 東.jpg, 南.jpg, 西.jpg, 北.jpg: East deals), or list them in table.toml",
                                data={"photos": unnamed},
                                message_ja=f"写真 {ja} の名前では席がわかりません: 席1-親.jpg、席2.jpg … (または風の"
                                           f"名前で East.jpg、South.jpg、West.jpg、North.jpg か 東.jpg、南.jpg、西.jpg、"
                                           f"北.jpg: East・東が親) の名前にするか、table.toml に書いてください"))
    if m_dealer:
        dealers.setdefault(m_dealer, (f"dealer = {m_dealer} in {mname}", f"{mname} の dealer = {m_dealer}"))
    not_photos: dict[str, list[str]] = {}  # seat -> its files that are no photo (seat3.mov, seat3.pdf)
    photo_folders: dict[str, list[str]] = {}  # seat -> its folders named as its photo (a folder seat4.jpg)
    for p in sorted(folder.iterdir()):
        if p.name.startswith(".") or (parsed := parse_photo_name(p.name)) is None:
            continue
        if p.is_file() and not is_image_name(p.name):
            not_photos.setdefault(parsed[0], []).append(p.name)
        elif p.is_dir() and is_image_name(p.name):
            photo_folders.setdefault(parsed[0], []).append(p.name)
    # the dealer said by a photo's name, or the table's photos named seatN: renamed to mark the dealer; else table.toml
    marked_by = "name" if any(said in files for said, _ in dealers.values()) or not (m_dealer or m_seats) \
        else "manifest"
    table = _assemble(folder.name, players, claimed, dealers, problems, raw,
                      lambda n: Photo(n, path=folder / n, root=root) if (folder / n).is_file() and n not in outside
                      else None,
                      not_photos=not_photos, manifest_name=mname, meant=meant, photo_folders=photo_folders,
                      outside=outside,
                      dangling={n: t for n, t in _dangling(folder).items() if n not in MANIFEST_NAMES},
                      specials={n: w for n, w in _specials(folder).items() if n not in MANIFEST_NAMES},
                      japanese=any(japanese_named(n) for names in claimed.values() for n in names),
                      unseated=len(unnamed) > 1 and not claimed)
    return dataclasses.replace(table, marked_by=marked_by, dealer_manifest=mname if m_dealer else "")


def table_from_uploads(name: str, players: int, dealer: str | None, seats: dict[str, list[tuple[str, bytes]]],
                       wall: tuple[str, bytes] | None = None) -> TableInput:
    """A ``TableInput`` from uploaded photos (the app): ``seats`` maps a seat to its uploaded files. Each
    uploader is its seat's, so a name two uploads share (a phone names every camera upload
    ``image.jpg``) is no shared photo: each is named with its seat, ``image.jpg (seat 2)``."""
    given = [(seat, n, d) for seat, files in seats.items() for n, d in files] + ([(WALL, *wall)] if wall else [])
    twice = {n for n, count in Counter(n for _, n, _ in given).items() if count > 1}
    photos: dict[str, bytes] = {}
    claimed: dict[str, list[str]] = {}
    for seat, n, d in given:
        n = f"{n} ({where(seat)})" if n in twice else n
        photos[n] = d
        claimed.setdefault(seat, []).append(n)
    table = _assemble(name, players, claimed, {dealer: ("chosen", "選択")} if dealer else {}, [], b"",
                      lambda n: Photo(n, data=photos[n]) if n in photos else None, uploaded=True)
    table = dataclasses.replace(table, marked_by="chosen")
    # the Japanese words name such a photo's seat in Japanese too: "image.jpg (2番席)", not "image.jpg (seat 2)"
    shown = {f"{n} ({where(seat)})": f"{n} ({where_ja(seat)})" for seat, n, _ in given if n in twice}

    def in_japanese(text: str) -> str:
        for en, ja in shown.items():
            text = text.replace(en, ja)
        return text

    return dataclasses.replace(table, problems=tuple(dataclasses.replace(p, message_ja=in_japanese(p.message_ja))
                                                     for p in table.problems)) if shown else table


# What the app's Event check page writes at the top of a table's ``table.toml`` beside the photos it keeps.
KEPT_NOTE = ("# The photos of this table as the app's Event check page checked them (seat1-dealer.jpg: the dealer's).\n"
             "# `tilelens check` on the page's report folder checks them again.\n")


def keep_photos(folder: Path, players: int, dealer: str | None, photos: dict[str, tuple[str, bytes]],
                aside: Path | None = None) -> Path | None:
    """Keep the photos of a table checked from uploads (the app's Event check page; ``photos``: seat or ``wall`` ->
    (the name uploaded, its bytes)) in the table's report ``folder``, laid out as a table's folder of ``tilelens
    check``: ``seatN.jpg``, the dealer's ``seatN-dealer.jpg`` and ``wall.jpg`` (each with the suffix it was uploaded
    with) and a ``table.toml`` of its players; so the page's report folder is an event folder checked again as it is
    (``tilelens check FOLDER``). The photos and manifest kept there before (a table checked again, or one whose check
    was cut off before its report was written) go first: moved aside, never deleted, into ``aside`` (the event's
    ``.removed``, ``runner.REMOVED``: beside ``folder`` where None), in a folder ``<name>-<time>`` as a table removed
    is; one the same bytes as the file kept now under its name stays. Returns where they went, or None (none)."""
    folder.mkdir(parents=True, exist_ok=True)
    kept = {}
    for seat, (name, data) in sorted(photos.items()):
        stem = WALL if seat == WALL else f"seat{seat}" + ("-dealer" if seat == dealer else "")
        kept[f"{stem}{Path(name).suffix.lower()}"] = data
    kept[MANIFEST_NAMES[0]] = f"{KEPT_NOTE}players = {players}\n".encode()
    moved = None
    for p in sorted(folder.iterdir()):
        if not p.is_file() or (p.name not in MANIFEST_NAMES and parse_photo_name(p.name) is None):
            continue
        if not p.is_symlink() and kept.get(p.name) == p.read_bytes():  # the same file: kept as it is
            continue
        if moved is None:
            moved = _aside_folder(aside if aside is not None else folder.parent / ".removed", folder.name)
        p.rename(moved / p.name)
    for name, data in kept.items():
        (folder / name).write_bytes(data)
    return moved


def _aside_folder(removed: Path, name: str) -> Path:
    """A new folder ``removed/<name>-<time>`` (``-2``, ``-3`` after it where one is there already), made."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    removed.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        where = removed / (f"{name}-{stamp}" if n == 1 else f"{name}-{stamp}-{n}")
        try:
            where.mkdir()
            return where
        except FileExistsError:
            n += 1


def kept_players(folder: Path) -> int | None:
    """The players of a table whose photos ``keep_photos`` kept in ``folder``, as its manifest says them (read as any
    manifest is: ``_parsed_manifest``); None where it says none. ``OSError`` where it cannot be read."""
    players = _parsed_manifest(folder, {})[0].get("players")
    return players if isinstance(players, int) and not isinstance(players, bool) else None


def _assemble(name: str, players: int, claimed: dict[str, list[str]], dealers: dict[str, tuple[str, str]],
              problems: list[Finding], manifest: bytes, find_photo, uploaded: bool = False,
              not_photos: dict[str, list[str]] | None = None, manifest_name: str = "table.toml",
              meant: dict[str, str] | None = None, photo_folders: dict[str, list[str]] | None = None,
              dangling: dict[str, tuple[str, bool]] | None = None,
              specials: dict[str, tuple[str, str]] | None = None, outside: dict[str, str] | None = None,
              japanese: bool = False, unseated: bool = False) -> TableInput:
    """The ``TableInput`` of photos claimed per seat; ``dealers``: each seat said to deal, and what says it;
    ``not_photos``: a seat's files that are no photo (named for the seat where its photo is missing);
    ``manifest_name``: the manifest's file (``table.toml`` or ``table.json``); ``meant``: a photo it names that is not
    in the folder -> the photo there of a name close to it; ``photo_folders``: a seat's folders named as its photo
    (a folder ``seat4.jpg``), said where its photo is missing; ``dangling``: the links to a file not there (a photo
    moved or deleted since) -> where each led (``_gone_to``), said where its seat's photo (or the wall's) is missing;
    ``specials``: the names that are neither files nor folders (a named pipe: never opened) -> what each is
    (``not_a_file``), said where its seat's photo (or the wall's) is missing, or where the manifest names it;
    ``outside``: the names that lead outside the event folder (``_leading_out``: never read) -> where each leads, said
    as ``dangling``'s are;
    ``japanese``: the table names its photos 席N (a missing seat's photo asked as 席N.jpg); ``unseated``: no photo
    says its seat, their one finding said (no seat said missing: every photo is there, misnamed)."""
    dangling = dangling or {}
    specials = specials or {}
    outside = outside or {}
    rivals: dict[str, tuple[Photo, ...]] = {}
    # a seat's (or the wall's) photo by its name that leads outside the event folder: seat -> (name, where it leads)
    away = {parsed[0]: (n, target) for n, target in sorted(outside.items())
            if is_image_name(n) and (parsed := parse_photo_name(n)) is not None}
    # a seat's (or the wall's) photo by its name that is a link to a file not there: seat -> (name, where it led)
    links = {parsed[0]: (n, target) for n, target in sorted(dangling.items())
             if is_image_name(n) and (parsed := parse_photo_name(n)) is not None}
    # a seat's (or the wall's) photo by its name that is a named pipe, a socket or a device: seat -> (name, what)
    pipes = {parsed[0]: (n, what) for n, what in sorted(specials.items())
             if is_image_name(n) and (parsed := parse_photo_name(n)) is not None}
    labels = seat_labels(players)
    seats: dict[str, Photo] = {}
    wall: Photo | None = None
    owners: dict[str, list[str]] = {}  # photo -> the seats (or the wall) a manifest gives it to
    for seat, names in sorted(claimed.items()):
        for n in set(names):
            owners.setdefault(n, []).append(seat)
    shared = {n: sorted(s) for n, s in owners.items() if len(s) > 1}
    for n, owned in sorted(shared.items()):
        problems.append(Finding(FindingKind.DUPLICATE_SEAT, f"one photo {n} for {' and '.join(map(where, owned))}: "
                                f"each needs its own", seats=tuple(owned),
                                message_ja=f"{'と'.join(map(where_ja, owned))}が同じ写真 {n} です: 席ごとに1枚にしてください"))
    for seat, names in sorted(claimed.items()):
        files, files_ja = ", ".join(names), "、".join(names)
        if any(n in shared for n in names):
            continue  # said above; read for neither seat, so that no hand is counted twice
        if seat != WALL and seat not in labels:
            problems.append(Finding(FindingKind.UNNAMED_PHOTO, f"{files}: {where(seat)} does not exist at "
                                    f"a table of {players} players", seats=(seat,),
                                    message_ja=f"{files_ja}: {players}人の卓に{where_ja(seat)}はありません"))
            continue
        if len(set(names)) > 1:
            found = [p for n in dict.fromkeys(names) if (p := find_photo(n)) is not None]
            if len(found) > 1:
                rivals[seat] = tuple(found)
            problems.append(Finding(FindingKind.DUPLICATE_SEAT, f"two photos for {where(seat)}: {files} "
                                    f"(keep one)", seats=(seat,), data={"photos": list(dict.fromkeys(names))},
                                    message_ja=f"{where_ja(seat)}の写真が複数あります: {files_ja} (1枚にしてください)"))
            continue
        photo = find_photo(names[0])
        if photo is None and names[0] in outside:  # listed in the manifest: a link leading out of the event folder
            en, ja = _leads_out(names[0], outside[names[0]],
                                (f" named in {manifest_name}", f"{manifest_name} に書かれた写真 "))
            problems.append(Finding(FindingKind.MISSING_SEAT if seat != WALL else FindingKind.UNREADABLE_PHOTO,
                                    f"{where(seat)}: photo {en}", seats=(seat,), message_ja=f"{where_ja(seat)}: {ja}"))
            continue
        if photo is None and names[0] in dangling:  # listed in the manifest: a link to a file not there
            en, ja = _link_gone(names[0], dangling[names[0]],
                                (f" named in {manifest_name}", f"{manifest_name} に書かれた写真 "))
            problems.append(Finding(FindingKind.MISSING_SEAT, f"{where(seat)}: photo {en}", seats=(seat,),
                                    message_ja=f"{where_ja(seat)}: {ja}"))
            continue
        if photo is None and names[0] in specials:  # listed in the manifest: a named pipe, never opened
            en, ja = _not_a_photo(f"{names[0]} named in {manifest_name}", specials[names[0]])
            ja = f"{manifest_name} に書かれた写真 " + _not_a_photo(names[0], specials[names[0]])[1]
            problems.append(Finding(FindingKind.MISSING_SEAT if seat != WALL else FindingKind.UNREADABLE_PHOTO,
                                    f"{where(seat)}: photo {en}", seats=(seat,),
                                    message_ja=f"{where_ja(seat)}: {ja}"))
            continue
        if photo is None:
            close = (meant or {}).get(names[0])
            problems.append(Finding(FindingKind.MISSING_SEAT, f"{where(seat)}: photo {names[0]} named in "
                                    f"{manifest_name} is not in the folder" + (f": did you mean {close}?" if close
                                                                               else ""), seats=(seat,),
                                    message_ja=f"{where_ja(seat)}: {manifest_name} に書かれた写真 {names[0]} が"
                                               f"フォルダにありません" + (f" (フォルダにあるのは {close} です。"
                                                                         f"名前を合わせてください)" if close else "")))
            continue
        if seat == WALL:
            wall = photo
        else:
            seats[seat] = photo
    identical: dict[str, Photo] = {}
    wall = _same_content(seats, wall, problems, identical)
    # a table naming its photos by the winds (南.jpg 西.jpg 北.jpg) asks for a missing seat's by its wind, 東 the dealer's
    # (one name: 東.jpg, 東家.jpg where its photos say 家), as its no-dealer line does (``rules.dealer_findings``)
    east = dealer_wind_photo([n for names in claimed.values() for n in names])
    for seat in labels:
        if unseated:
            break
        if seat not in claimed:  # a folder's photos are named for their seat; uploads are given per seat
            plain, marked = seat_photo_name(seat, False, japanese), seat_photo_name(seat, True, japanese)
            if east and seat.isdigit() and 1 <= int(seat) <= len(_WINDS):
                plain = marked = wind_renamed(east, int(seat) - 1) or plain
            asked, asked_ja = (plain, plain) if plain == marked else (f"{plain} or {marked}", f"{plain} か {marked}")
            named = "" if uploaded else f" (expected {asked})"
            named_ja = "" if uploaded else f" ({asked_ja})"
            odd = ", ".join((not_photos or {}).get(seat, []))
            if odd and not uploaded:
                named = f"{named[:-1]}; {odd} is no photo tilelens reads: save it as JPEG or PNG)"
                named_ja = f"{named_ja[:-1]}。{odd.replace(', ', '、')} は tilelens が読める写真ではありません: JPEG か PNG で保存してください)"
            folders = (photo_folders or {}).get(seat, [])
            if seat in away and not uploaded:  # its photo by its name: a link leading out of the event folder
                en, ja = _leads_out(*away[seat])
                named, named_ja = f": {en}", f": {ja}"
            elif seat in links and not uploaded:  # its photo by its name: a link to a file not there
                en, ja = _link_gone(*links[seat])
                named, named_ja = f": {en}", f": {ja}"
            elif seat in pipes and not uploaded:  # its photo by its name: a named pipe (never opened), no photo
                en, ja = _not_a_photo(*pipes[seat])
                named = f": {en} (put the photo {asked} in its place)"
                named_ja = f": {ja} (そこに写真 {asked_ja} を置いてください)"
            elif folders and not uploaded:  # "no photo ... (expected seat4.jpg)" read as if no seat4.jpg were there
                en, ja = " and ".join(folders), "、".join(folders)
                are = "are folders, not photos" if len(folders) > 1 else "is a folder, not a photo"
                named = f": {en} {are} (put the photo {asked} in its place)"
                named_ja = f": {ja} はフォルダで、写真ではありません (そこに写真 {asked_ja} を置いてください)"
            problems.append(Finding(FindingKind.MISSING_SEAT, f"no photo for seat {seat}{named}", seats=(seat,),
                                    message_ja=f"{seat}番席の写真がありません{named_ja}"))
    if WALL in away and WALL not in claimed and not uploaded:  # the wall's photo, leading out: not read, said
        en, ja = _leads_out(*away[WALL])
        problems.append(Finding(FindingKind.UNREADABLE_PHOTO, f"{where(WALL)}: {en}", seats=(WALL,),
                                message_ja=f"{where_ja(WALL)}: {ja}"))
    elif WALL in links and WALL not in claimed and not uploaded:  # the wall's photo is no seat's: else passed unseen
        en, ja = _link_gone(*links[WALL])
        problems.append(Finding(FindingKind.UNREADABLE_PHOTO, f"{where(WALL)}: {en}", seats=(WALL,),
                                message_ja=f"{where_ja(WALL)}: {ja}"))
    elif WALL in pipes and WALL not in claimed and not uploaded:  # a named pipe: never opened, said
        en, ja = _not_a_photo(*pipes[WALL])
        problems.append(Finding(FindingKind.UNREADABLE_PHOTO, f"{where(WALL)}: {en}", seats=(WALL,),
                                message_ja=f"{where_ja(WALL)}: {ja}"))
    dealer, claims = None, tuple(sorted(dealers))
    if len(claims) > 1:  # the dealer is one of them: the rules count the other seats as players
        problems.append(Finding(FindingKind.TWO_DEALERS, "more than one dealer: " + " and ".join(
            f"{where(d)} ({dealers[d][0]})" for d in claims) + ": mark the dealer's alone", seats=claims,
            message_ja="親が複数います: " + "、".join(f"{where_ja(d)} ({dealers[d][1]})" for d in claims)
                       + ": 親の席だけを親にしてください"))
    elif claims:
        dealer, claims = claims[0], ()
    return TableInput(name=name, players=players, seats=seats, dealer=dealer, wall=wall,
                      problems=tuple(problems), manifest=manifest, dealer_claims=claims, identical=identical,
                      rivals=rivals)


def _same_content(seats: dict[str, Photo], wall: Photo | None, problems: list[Finding],
                  identical: dict[str, Photo] | None = None) -> Photo | None:
    """Photos of different seats (or a seat and the wall) that are the same file, byte for byte (one
    photo copied, a seat's own hand never taken): said, and read for none of them, as a photo named for
    two seats is. ``seats`` loses them (into ``identical``: seat -> photo); the wall, or None if it was one of them,
    is returned."""
    by_content: dict[str, list[str]] = {}
    for seat, photo in [*sorted(seats.items()), *([(WALL, wall)] if wall else [])]:
        try:
            if photo.digest != _EMPTY:
                by_content.setdefault(photo.digest, []).append(seat)
        except OSError:
            continue  # said when it is read
    for owned in (o for o in by_content.values() if len(o) > 1):
        files = list(dict.fromkeys((seats[o] if o != WALL else wall).name for o in owned))
        names, names_ja = " and ".join(files), "、".join(files)
        problems.append(Finding(FindingKind.DUPLICATE_SEAT, f"{' and '.join(map(where, owned))} are the same photo "
                                f"({names}, identical files): each seat needs a photo of its own hand",
                                seats=tuple(owned),
                                message_ja=f"{'と'.join(map(where_ja, owned))}が同じ写真です ({names_ja}、中身が同一): "
                                           f"席ごとにその席の手牌を撮ってください"))
        for o in owned:
            if o == WALL:
                wall = None
            else:
                photo = seats.pop(o)
                if identical is not None:
                    identical[o] = photo
    return wall


def same_photos_across(tables: list[TableInput]) -> dict[str, list[Finding]]:
    """Table name -> a finding for each of its photos that is the same file, byte for byte, as a photo of
    another table (a seat's photo dropped into the wrong table's folder: one table's own hand never taken).
    Said at every table concerned, naming the others; the photos are still read, for which table's it
    is no one can tell. (Copies within one table are ``_same_content``'s.)"""
    by_content: dict[str, list[tuple[str, str, Photo]]] = {}
    for table in tables:
        for seat, photo in [*sorted(table.seats.items()), *([(WALL, table.wall)] if table.wall else [])]:
            try:
                if photo.digest != _EMPTY:
                    by_content.setdefault(photo.digest, []).append((table.name, seat, photo))
            except OSError:
                continue  # said when it is read
    found: dict[str, list[Finding]] = {}
    for owners in by_content.values():
        for name, seat, photo in owners:
            others = [(t, s, p) for t, s, p in owners if t != name]
            if not others:
                continue
            en, ja = _copies_named(others)
            found.setdefault(name, []).append(Finding(
                FindingKind.DUPLICATE_SEAT, f"{where(seat)}: photo {photo.name} is the same file as {en}: each seat "
                f"needs a photo of its own hand", seats=(seat,),
                message_ja=f"{where_ja(seat)}: 写真 {photo.name} は{' ' * ja[:1].isascii()}{ja}と同じファイルです: "
                           f"席ごとにその席の手牌を撮ってください",
                data={"copies": [{"table": t, "seat": s, "photo": p.name} for t, s, p in others]}))
    return found


def _copies_named(others: list[tuple[str, str, Photo]]) -> tuple[str, str]:
    """The photos of other tables a photo is the same file as, in English and Japanese: each by its table, seat and
    name ("seat 2 at table-02 (seat2.jpg)"); more than ``ACROSS_LISTED`` in one clause a seat of theirs, the tables
    named in short ("seat 2 at 11 other tables (table-02, table-03, table-04 … table-12)"; the finding's data keeps
    each)."""
    if len(others) <= ACROSS_LISTED:
        return (" and ".join(f"{seat_at_table(s, t)[0]} ({p.name})" for t, s, p in others),
                "、".join(f"{seat_at_table(s, t)[1]}の写真 ({p.name})" for t, s, p in others) + " ")
    by_seat: dict[str, list[tuple[str, Photo]]] = {}
    for t, s, p in others:
        by_seat.setdefault(s, []).append((t, p))
    en, ja = [], []
    for s, at in by_seat.items():
        if len(at) == 1:
            (t, p), = at
            en.append(f"{seat_at_table(s, t)[0]} ({p.name})")
            ja.append(f"{seat_at_table(s, t)[1]}の写真 ({p.name})")
            continue
        tables = [t for t, _ in at]
        en.append(f"{where(s)} at {len(tables)} other tables ({tables_in_short(tables)})")
        ja.append(f"ほかの{len(tables)}卓 ({tables_in_short(tables, 'ja')}) の{where_ja(s)}の写真")
    return " and ".join(en), "、".join(ja) + (" " if ja[-1].endswith(")") else "")


REPORT_FILES = ("event.json", "report.json")  # what tilelens check writes into a report folder (report.py's)
REPORT_PARTS = ("thumbs", "crops")  # a table's report folder's own folders: never a table


def _is_check_report(folder: Path, inside: list[Path]) -> bool:
    """Whether ``folder`` is a report folder ``tilelens check`` wrote (an event's, or one table's): its event.json or
    report.json, no photo of its own, and no photo in its folders but in a report's thumbs/ and crops/ (an event
    folder given as its own ``--out`` holds event.json beside table folders of photos: no report folder)."""
    with contextlib.suppress(OSError):
        if not any((folder / name).is_file() for name in REPORT_FILES):
            return False
        return not _is_table_folder(folder) and not any(
            _is_table_folder(t) for t in inside if t.name.lower() not in REPORT_PARTS)
    return False


def _is_table_folder(folder: Path) -> bool:
    """Whether a folder holds a photo or a manifest; one that cannot be opened (no permission) is taken for a
    table: said at that table in one line, and the other tables checked (``runner._read_folder``)."""
    try:
        return any(is_image_name(p.name) or p.name in MANIFEST_NAMES for p in folder.iterdir() if p.is_file())
    except PermissionError:
        return True


def _names_seats(folder: Path) -> bool:
    """Whether a folder is laid out as a table: a manifest, or a photo named for a seat or the wall (not known of
    one that cannot be opened)."""
    try:
        return any(p.name in MANIFEST_NAMES or (is_image_name(p.name) and parse_photo_name(p.name) is not None)
                   for p in folder.iterdir() if p.is_file())
    except PermissionError:
        return False


def _tables_inside(folder: Path) -> list[str]:
    """The folders in ``folder`` laid out as tables (``_names_seats``), by name; hidden and ``_`` ones, and those
    that cannot be opened, passed over (only a hint is drawn from them)."""
    found = []
    for p in folder.iterdir():
        with contextlib.suppress(OSError):
            if p.is_dir() and not p.name.startswith((".", "_")) and not not_utf8(p.name) and _names_seats(p):
                found.append(p.name)
    return sorted(found, key=table_order)


UNNAMED_SHOWN = 10  # the photos that say no seat a finding names, at most: then how many more
FEW_SHOWN = 3  # the folders (or files) a message about the event's layout names, at most: then how many more


def some_named(names: list[str], at_most: int, unit_ja: str = "枚") -> tuple[str, str]:
    """``names`` listed in English and Japanese, the first ``at_most`` of them, then how many more, counted in
    Japanese by ``unit_ja`` (枚 photos and files, 個 folders): a Japanese message says the rest in Japanese.

    >>> some_named(["a.jpg", "b.jpg", "c.jpg"], 2)
    ('a.jpg, b.jpg and 1 more', 'a.jpg、b.jpg ほか1枚')
    >>> some_named(["day1", "day2"], 3, unit_ja="個")
    ('day1, day2', 'day1、day2')
    """
    more = len(names) - at_most
    return (", ".join(names[:at_most]) + (f" and {more:,} more" if more > 0 else ""),
            "、".join(names[:at_most]) + (f" ほか{more:,}{unit_ja}" if more > 0 else ""))


@dataclass(frozen=True)
class SkippedFolder:
    """A folder of the event folder that is not a table: it holds nothing but reports (or a compressed file,
    a table's photos perhaps, not unzipped)."""

    folder: Path
    reason: str
    reason_ja: str
    # "archive": a compressed file, perhaps a table's photos not checked (the event not in order); "unzipped": one
    # beside a table folder of its name (unzipped there, the folder checked); "loop": a link back to the event folder,
    # or one going round in a loop; "gone": a link to a folder not there (a loop or a gone link, a table meant to be
    # checked and not: the event not in order, as with an archive); "back": a link to a folder holding the event
    # folder (``all-events -> ..``), a shortcut out of it, no table
    kind: str = "report"


# The kinds of ``SkippedFolder`` that may be a table not checked: while one is there, the event is not in order
NOT_CHECKED_KINDS = ("archive", "loop", "gone")


def skipped_unchecked(skipped: list[dict[str, str]]) -> list[dict[str, str]]:
    """The entries of ``skipped`` (``event.json``'s) that may be tables not checked (``NOT_CHECKED_KINDS``): a
    compressed file, a table folder's link in a loop or to nothing."""
    return [f for f in skipped if f.get("kind") in NOT_CHECKED_KINDS]


@dataclass(frozen=True)
class EventFolders:
    """The table folders of an event, and the folders passed over as reports (named, never dropped silently)."""

    tables: tuple[Path, ...]
    skipped: tuple[SkippedFolder, ...] = ()


def _as_report(folder: Path, report: Path | None) -> SkippedFolder | None:
    """Why ``folder`` is only a report (``report``: where this check's report goes), or None if it may be a
    table. A folder holding a seat photo or a manifest is always a table: a report written inside it
    (``tilelens check EVENT/table-14`` writes ``table-14/_report``) lies in a subfolder, and only the
    folder's own files are its photos."""
    if _is_table_folder(folder):
        return None
    if report is not None and report.is_relative_to(folder.resolve()):
        return SkippedFolder(folder, "holds this check's report folder, no seat photo or table.toml",
                             "このチェックのレポートの置き場所で、席の写真も table.toml もありません")
    if any(next(folder.glob(pattern), None) is not None for pattern in ("event.json", "*/event.json",
                                                                          "*/*/event.json")):
        return SkippedFolder(folder, "holds only the report of an earlier check (event.json), no seat photo or "
                                     "table.toml",
                             "以前のチェックのレポート (event.json) だけで、席の写真も table.toml もありません")
    return None


EVENT_NOUN = ("event folder", "イベントフォルダ")  # what an event folder that is a loop of links reaches not


def refuse_event_dir(event_dir: Path) -> None:
    """An ``EventInputError`` where ``event_dir`` is no folder to check: a loop of links said as one (not "does not
    exist"), else one not there or no folder. Asked by ``scan_event``, and by `tilelens check` before anything else
    (a file given as EVENT_DIR was named as the --out it implies)."""
    if (loop := loop_on_way(event_dir, EVENT_NOUN)) is not None:
        raise EventInputError(*loop_said(*loop))
    if not event_dir.is_dir():
        raise EventInputError(f"event folder {str(event_dir)!r} does not exist or is not a folder",
                              f"イベントフォルダ{quoted_ja(str(event_dir), PATH_ECHO_MAX)}がないか、フォルダではありません")


def scan_event(event_dir: Path, skip: Path | None = None) -> EventFolders:
    """The table folders of an event, in natural order by name (``model.table_order``: table-2 before table-10; the
    event folder itself if it is one table), and
    the folders skipped as reports.

    Passed over without a word: hidden and ``_`` folders (the default report is ``EVENT/_report``), and the
    ``thumbs`` and ``crops`` of a table's report folder holding its photos (``keep_photos``).
    Skipped and named: a folder with no seat photo and no manifest that holds ``skip`` (where the report
    goes) or an ``event.json`` (a report written there before) in it or up to two folders down
    (``EVENT/reports/day1``); a compressed file (``table-03.zip``); a link going round in a loop, back to the event
    folder, or to nothing (a table not checked: the event is not in order, ``skipped_unchecked``), unless it is named as
    a file (``rules.pdf``, ``notes.txt -> notes.txt``: ``_FILE_SUFFIXES``), passed over as files are. Any other folder
    is a table, one without photos too (its seats are missing).
    """
    refuse_event_dir(event_dir)
    _utf8_names(event_dir, [event_dir.resolve()])  # the report names it
    report = skip.resolve() if skip else None
    tables: list[Path] = []
    skipped: list[SkippedFolder] = []
    # a table's report folder that keeps its photos (the app's Event check page, ``keep_photos``): its thumbs/ and
    # crops/ are its report's pictures, no tables
    own_parts = REPORT_PARTS if (event_dir / REPORT_FILES[1]).is_file() else ()
    for p in sorted(event_dir.iterdir(), key=lambda p: table_order(p.name)):
        if p.name.startswith((".", "_")) or p.name.lower() in own_parts:
            continue
        # t18 -> .: the event folder again; t2 -> t2, or a link to a folder moved away: no table, said; one named as
        # a file (notes.txt -> notes.txt), no table folder: passed over as files are
        if (looped := _link_to_nothing(p) or _back_in(p, event_dir)) is not None:
            if p.suffix.lower() not in _FILE_SUFFIXES:
                skipped.append(looped)
            continue
        if not p.is_dir():
            continue
        as_report = _as_report(p, report)
        if as_report is None:
            tables.append(p)
        else:
            skipped.append(as_report)
    if _is_check_report(event_dir, tables):
        raise EventInputError(
            f"{event_dir} is a report folder written by tilelens check (event.json/report.json), not photos: give "
            f"the folder of the photos",
            f"{event_dir} は tilelens check が書いたレポートのフォルダ (event.json/report.json) で、写真のフォルダでは"
            f"ありません: 写真のフォルダを指定してください")
    if _is_table_folder(event_dir):
        inside = [t.name for t in tables if _names_seats(t) and not not_utf8(t.name)]
        if inside:  # a stray photo beside the tables' folders would make the event one table of nothing
            loose = sorted(readable(p.name) if not_utf8(p.name) else p.name for p in event_dir.iterdir()
                           if p.is_file() and (is_image_name(p.name) or p.name in MANIFEST_NAMES))
            (tables_en, tables_ja), (loose_en, loose_ja) = (some_named(inside, FEW_SHOWN, unit_ja="個"),
                                                            some_named(loose, FEW_SHOWN))
            raise EventInputError(
                f"{event_dir} holds both table folders ({tables_en}) and photos of its own ({loose_en}): "
                f"move each photo into its table's folder, or out of the event folder",
                f"{event_dir} には卓のフォルダ ({tables_ja}) と、フォルダに入っていない写真 ({loose_ja}) の両方が"
                f"あります: 写真はそれぞれの卓のフォルダに入れるか、イベントフォルダの外に出してください")
        # named by its folder: ``tilelens check .`` (or ``..``) from inside it names no table by ``Path(".").name``
        return EventFolders((Path(os.path.abspath(event_dir)),))
    archives = sorted(p for p in event_dir.iterdir()
                      if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in ARCHIVE_SUFFIXES)
    _utf8_names(event_dir, [*tables, *(f.folder for f in skipped), *archives])  # each named in the reports
    if not tables and archives:
        zips, zips_ja = some_named([a.name for a in archives], FEW_SHOWN, unit_ja="個")
        raise EventInputError(f"{event_dir} holds no table folder, only compressed files ({zips}): unzip them first",
                              f"{event_dir} には卓のフォルダがなく、圧縮ファイル ({zips_ja}) "
                              f"だけです: 先に展開してください")
    if not tables:
        raise EventInputError(f"{event_dir} holds no table folder (one folder per table, each with "
                              f"seat1-dealer.jpg, seat2.jpg, ...)",
                              f"{event_dir} には卓のフォルダがありません (卓ごとに1つのフォルダに、seat1-dealer.jpg、"
                              f"seat2.jpg、... を入れてください)")
    unzipped = {t.name.casefold(): t.name for t in tables}
    for a in archives:  # a table's photos left zipped: not a table checked, nor passed over unseen
        if (table := unzipped.get(_unzipped_name(a).casefold())) is not None:  # kept beside the folder it became
            skipped.append(SkippedFolder(a, f"a compressed file beside the folder {table}, which is checked: not read",
                                         f"圧縮ファイルです。同じ名前のフォルダ {table} をチェックするので、読みません", "unzipped"))
        else:
            skipped.append(SkippedFolder(a, "a compressed file, not a folder: unzip it into a folder of its own to "
                                            "check it",
                                         "圧縮ファイルでフォルダではありません: チェックするには展開してフォルダにしてください",
                                         "archive"))
    if not any(_is_table_folder(t) for t in tables):  # no photo at any table: the tables may be a folder down
        wrappers = [(t, inside) for t in tables if (inside := _tables_inside(t))]
        if wrappers:  # an event unzipped into a folder of its own, or a folder of days
            (first, inside), *_ = wrappers
            names, names_ja = some_named([t.name for t, _ in wrappers], FEW_SHOWN, unit_ja="個")
            tables_en, tables_ja = some_named(inside, FEW_SHOWN, unit_ja="個")
            one = len(wrappers) == 1
            verb, give = ("holds", "that folder") if one else ("hold", "each of them on its own")
            verb_ja, give_ja = ("", "そのフォルダ") if one else ("それぞれ", "1つずつ")
            raise EventInputError(
                f"{event_dir} holds no photo in its folders, but {names} {verb} table folders ({tables_en}): give "
                f"{give} to the check (tilelens check {first})",
                f"{event_dir} のフォルダには写真がありません。{names_ja} の中に{verb_ja}卓のフォルダ ({tables_ja}) が"
                f"あります: {give_ja}を指定してください (tilelens check {first})")
    return EventFolders(tuple(tables), tuple(skipped))


TABLE_FOLDER_NOUN = ("table folder", "卓のフォルダ")  # what a link in a loop at a table's place reaches not (``loop_said``)


def _back_in(folder: Path, event_dir: Path) -> SkippedFolder | None:
    """``folder``, a link leading back to the event folder (``t18 -> .``: its tables again, inside it for ever) or to
    a folder holding it (``all-events -> ..``, a shortcut out): skipped, the first named as a loop of links as read
    says one, the second as a shortcut (kind "back", no table not checked); None for any other folder."""
    try:
        if not folder.is_symlink():
            return None
        real, event = Path(os.path.realpath(folder)), Path(os.path.realpath(event_dir))
        if real != event and real not in event.parents:
            return None
        # said after its name ("skipped t18: ..."): the event folder itself at a table's place, a table meant and not
        # checked; one above it, a shortcut out of the event, no table
        chain = f"{folder.name} -> {os.readlink(folder)}"
        if real != event:
            return SkippedFolder(folder, f"a link to a folder holding the event folder ({chain}): a shortcut out of "
                                 f"it, no table", f"イベントのフォルダを含むフォルダへのリンクです ({chain})。卓のフォルダでは"
                                                  f"ありません", "back")
        en, ja = loop_said("", chain, TABLE_FOLDER_NOUN)
    except (OSError, ValueError):
        return None
    return SkippedFolder(folder, en, ja, "loop")


# The suffixes of files an event folder holds beside its tables (photos, archives, the organiser's documents): a link
# so named that reaches no folder (in a loop, to nothing, back to the event folder) was a file's. Any other name may
# be a table folder's (``Table.B``, ``day2.final``, ``day.2``).
_FILE_SUFFIXES = IMAGE_SUFFIXES | ARCHIVE_SUFFIXES | {".pdf", ".txt", ".csv", ".json", ".md", ".html", ".rtf",
                                                      ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".odt", ".ods",
                                                      ".key", ".numbers", ".pages",  # office documents, old and new
                                                      ".mp4", ".mov"}  # a phone's videos of the deal beside its photos


def _link_to_nothing(folder: Path) -> SkippedFolder | None:
    """``folder``, a link that reaches nothing: one going round in a loop (``t2 -> t2``, said as ``_back_in`` says
    one), or one to a folder not there (moved or deleted since, said as a seat photo's is: ``_link_gone``); None for
    any other entry."""
    try:
        if not folder.is_symlink() or folder.exists():
            return None
        target, looped = _gone_to(folder)
    except (OSError, ValueError):
        return None
    if looped:
        return SkippedFolder(folder, *loop_said("", target, TABLE_FOLDER_NOUN), "loop")
    return SkippedFolder(folder, f"a link to {target}, which is not there (moved or deleted?)",
                         f"リンク先の {target} がありません (移動か削除された?)", "gone")


def _unzipped_name(archive: Path) -> str:
    """The folder a compressed file unzips to by its name: ``table-03.zip`` and ``table-03.tar.gz``, table-03."""
    name = archive.name
    while Path(name).suffix.lower() in ARCHIVE_SUFFIXES:
        name = Path(name).stem
    return name


def _utf8_names(event_dir: Path, paths: list[Path]) -> None:
    """Refuse folders (or the event folder itself) whose names are not UTF-8 text: a table's name is written in
    its report, as is the event folder's path."""
    bad = [p for p in paths if not_utf8(p.name if p != event_dir.resolve() else str(p))]
    if not bad:
        return
    names, names_ja = some_named([readable(p.name if p != event_dir.resolve() else str(p)) for p in bad], FEW_SHOWN,
                                 unit_ja="個")
    shown = readable(str(event_dir)) if not_utf8(str(event_dir)) else str(event_dir)
    raise EventInputError(f"{shown}: folder names that are not UTF-8 text: {names}: rename them, or unzip the "
                          f"photos again with their names' encoding (unzip -O cp932)",
                          f"{shown}: 名前が UTF-8 ではないフォルダがあります: {names_ja}: 名前を付け直すか、名前の文字コードを"
                          f"指定して展開し直してください (unzip -O cp932)")


def find_tables(event_dir: Path, skip: Path | None = None) -> list[Path]:
    """The table folders of an event, in natural order (``scan_event`` without the skipped folders)."""
    return list(scan_event(event_dir, skip).tables)
