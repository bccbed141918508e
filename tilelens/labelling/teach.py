"""Teach the recognizer a labelled dataset's tiles from the Label page: ``tilelens enroll`` run in the
background on the photos a person has accepted, with its progress and outcome kept in files.

A job lives in ``<dataset>/.tilelens/teach/``: ``photos.txt`` and ``data.yaml`` (the accepted photos
only: a pre-label nobody checked would teach its mistakes), ``job.json`` (the enrol command, the child's
pid, when it started), ``progress.json`` (stage and share of the training done, written by the child as it
goes), ``result.json`` (written once at the end: the tile set made, or the one-line reason it was not),
``log.txt`` (everything the enrolment printed) and ``run/`` (the training's checkpoints): each read and written
only where it is the dataset's own (``own_job_dir``, ``_job_file``: a link, the folder's or a file's, is neither
followed nor written through, a named pipe never opened). The files, not
the page, hold the state, so a reloaded page, another browser tab or a restarted app sees the same job,
and the enrolment goes on by itself. ``tilelens label teach`` is such a job too, enrolling in its own
process (``claim_here``, ``enrol_here``): the page sees it running, and neither starts beside the other.

Nothing here imports torch: the child does (``python -m tilelens.labelling.teach JOBDIR``).
"""
from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import re
import shlex
import stat
import subprocess
import sys
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import yaml

from scorer.result import TilelensInputError, quoted_ja
from tilelens.labelling.store import (atomic_write_json, atomic_write_text, dataset_lock, load_done, own_file,
                                      own_target, read_regular_text)
from tilelens.labelling.editing import photo_paths
from tilelens.labelling.model import LabelFileError, Split
from tilelens.labelling.yolo import DataConfig, read_data_yaml, relpath, split_images
from vision import enroll as _enroll  # loaded with tilelens.labelling already

can_train = _enroll.can_train  # whether this Python can train (torch found): the page asks teach.can_train

JOB_DIR = Path(".tilelens") / "teach"
PROGRESS_EVERY_S = 1.0  # the child rewrites progress.json at most this often
# A job still "running" this long after its training budget ran out is taken for dead: its pid may have
# been given to another process since (after a restart of the machine, say). A job bounded by epochs
# (`tilelens label teach --epochs N`) has no budget to outlast: the start of the process its pid named
# (``pid_start``, where the system tells it) is what tells that process from a later one of the same pid.
OVERDUE_S = 30 * 60
# A job whose child was never recorded (no pid, no progress) this long after it was written is taken for
# one that could not start: its failure could not be written down (a full disk, a read-only folder).
START_GRACE_S = 60
_children: dict[int, subprocess.Popen] = {}  # started by this process: polled so none is left a zombie


TEACH_BASE = "nogizaka"  # a shipped game to start a new tile set from where nothing else fits (as the README says)


def teach_base(tileset: str | None, game: str | None, taught: Sequence[str]) -> str:
    """What ``label teach --base`` may start from, as init's advice names it (``vision.enroll.resolve_base`` takes a
    tile set's name or a shipped game's id, never a game file): the tile set init read with (``--tileset``, else the
    newest taught for the game), else the game where it is a shipped one, else ``TEACH_BASE``.

    >>> teach_base(None, "precure.toml", ["club-en", "pc-synth"]), teach_base(None, "yokai-watch", [])
    ('club-en', 'yokai-watch')
    >>> teach_base(None, "/x/precure.toml", []), teach_base("club-ja", "nogizaka", [])
    ('nogizaka', 'club-ja')
    """
    from scorer.catalog import list_games

    if tileset:
        return tileset
    if taught:
        return taught[0]
    from vision.recognizer import default_models_dir, has_own_classifier

    # a fifth game shipped with no classifier of its own: taught from the default base, as an added game is
    return game if game in list_games() and has_own_classifier(game, default_models_dir()) else TEACH_BASE


def dataset_base(root: Path | str) -> str:
    """The --base `label init` names for teaching the labelling dataset ``root`` a new set: ``teach_base`` of its
    data.yaml's tile set or game; ``TEACH_BASE`` where that cannot be read."""
    try:
        config = read_data_yaml(Path(root))
        return teach_base(config.tileset, config.game, ())
    except (LabelFileError, OSError):
        return TEACH_BASE


class TeachError(TilelensInputError):
    """A request to teach that cannot start (nothing accepted yet, a job already running, a bad name);
    ``message_ja`` says it in Japanese for the app's Japanese screens."""


@dataclass(frozen=True)
class TeachJob:
    """Where a dataset's teaching stands. ``state``: ``running``, ``done`` or ``failed``; ``stage``: what
    the enrolment is doing (``start``, ``crops``, ``training``, ``export``, ``orientation``); ``fraction``:
    the share of the training (or of the orientation model's) done; ``message``: the outcome in one line
    (a failure's reason), ``message_ja`` in Japanese where it is known ("" where the enrolment's own
    English reason is all there is); ``warnings``: what the labelled tiles leave the set unable to read
    well (kinds with none or few), in English and Japanese."""

    name: str
    state: str
    stage: str
    fraction: float
    started: float
    minutes: float
    photos: int
    message: str
    folder: Path
    message_ja: str = ""
    warnings: tuple[tuple[str, str], ...] = ()  # (English, Japanese): what the labels leave it reading poorly
    epochs: int | None = None  # an epoch count instead of the ``minutes`` budget (the command's --epochs)
    held: int = 0  # accepted photos of a validation or test split, left out (``accepted_photos``)
    orient_minutes: float = 1.0  # the orientation model's training, after the classifier's (``--orient-minutes``)
    measured: tuple[str, str] | None = None  # the set measured on accepted photos kept out of it (English, Japanese)

    @property
    def expected_minutes(self) -> float | None:
        """The whole job's expected minutes (:func:`expected_minutes`); None for one bounded by epochs."""
        return None if self.epochs is not None else expected_minutes(self.minutes, self.photos, self.orient_minutes)

    @property
    def log(self) -> Path:
        return self.folder / "log.txt"

    def log_tail(self, lines: int = 15) -> str:
        """The last lines the enrolment printed (progress bars' carriage returns folded); "" where the log is not the
        job's own (:func:`_job_file`: a link not followed, a pipe never opened)."""
        if (path := _job_file(self.folder, "log.txt")) is None:
            return ""
        try:
            text = read_regular_text(path, errors="replace")
        except OSError:
            return ""
        rows = [row.split("\r")[-1] for row in text.splitlines()]
        return "\n".join([row for row in rows if row.strip()][-lines:])


START_S = 15.0  # a job's start before its first crop: Python and the training packages loaded
CROP_S_PER_PHOTO = 0.5  # cutting one photo's tiles out (its labelled boxes and the detector's), on a slow machine
EXPORT_S = 10.0  # writing the tile set, and cutting the orientation model's crops


def expected_minutes(minutes: float, photos: int, orient_minutes: float) -> float:
    """How long a teaching job of ``photos`` photos takes in all: its start and the cropping (estimated), the
    training (``minutes``), writing the set, and the orientation model's own ``orient_minutes`` after it (a "2
    minute" teach took 3.5)."""
    return minutes + orient_minutes + (START_S + CROP_S_PER_PHOTO * photos + EXPORT_S * (orient_minutes > 0)) / 60


def orient_minutes_for(photos: int, orient_minutes: float = TeachJob.orient_minutes) -> float:
    """The orientation model's minutes a job of ``photos`` accepted photos spends, as enroll spends them: none where
    the photos it learns (those not kept out to measure on) are too few for a set's own orientation model
    (``vision.enroll.ORIENT_LEAST_PHOTOS``: the set reads with the shipped one)."""
    from vision.enroll import ORIENT_LEAST_PHOTOS

    return orient_minutes if photos - held_out_count(photos) >= ORIENT_LEAST_PHOTOS else 0.0


def held_out_count(photos: int) -> int:
    """How many of ``photos`` accepted photos an enrolment keeps out to measure the set on
    (``vision.enroll.held_out_split``; 0 for too few)."""
    from vision.enroll import held_out_count as count

    return count(photos)


def job_dir(root: Path | str) -> Path:
    return Path(root) / JOB_DIR


class NotOwnError(OSError):
    """A teaching job's file or folder (``DATASET/.tilelens/teach``, its ``job.json``, ``run/`` ...) that is not the
    dataset's own: a symbolic link (to a user's file or folder elsewhere), or a pipe, a file where a folder must be.
    Neither followed nor written over: left as it is (``_cannot_write`` says it in both languages)."""

    def __init__(self, path: Path | str, folder: bool = False) -> None:
        super().__init__(errno.EPERM, f"a link, or not a plain {'folder' if folder else 'file'}: left as it is",
                         str(path))
        self.folder = folder


def _job_place(folder: Path | str, name: str) -> tuple[Path, Path]:
    """``store.own_file``'s (root, rel) of the job file ``name`` in the job folder ``folder``: from the dataset's
    folder where ``folder`` is a dataset's job folder (``.tilelens`` and ``teach`` looked at too), else ``folder``."""
    folder = Path(folder)
    if folder.parts[-len(JOB_DIR.parts):] == JOB_DIR.parts and len(folder.parts) > len(JOB_DIR.parts):
        return folder.parents[len(JOB_DIR.parts) - 1], JOB_DIR / name
    return folder, Path(name)


def _job_file(folder: Path | str, name: str) -> Path | None:
    """``folder/name``, a file of the teaching job in ``folder`` (``job.json``, ``log.txt`` ...), where it is the
    job's own (``store.own_file``): None where it, ``teach`` or ``.tilelens`` is a link, or it is there and is not a
    regular file (a pipe is looked at, never opened). The path where it is not there yet."""
    return own_file(*_job_place(folder, name))


def _job_target(folder: Path | str, name: str) -> Path:
    """:func:`_job_file` for a writer: the path, or :class:`NotOwnError` naming it (nothing written through)."""
    path = _job_file(folder, name)
    if path is None:
        raise NotOwnError(Path(folder) / name)
    return path


def own_job_dir(root: Path | str) -> Path:
    """The dataset ``root``'s teaching job folder (:func:`job_dir`), made where it is not there, where it is the
    dataset's own: :class:`NotOwnError` where ``.tilelens``, ``teach`` or the job's ``run/`` is a link (a dataset
    received with it linked to a user's folder) or is not a folder; ``OSError`` where it cannot be made. Looked at
    once, before a job's files are written (each is then written only where it is a file of its own)."""
    at = Path(root)
    for part in (*JOB_DIR.parts, "run"):
        at = at / part
        if part != "run":  # run/ is made by the enrolment
            with contextlib.suppress(FileExistsError):  # whatever is there is looked at below
                at.mkdir()
        try:
            mode = os.lstat(at).st_mode
        except FileNotFoundError:  # no run/ yet
            break
        if not stat.S_ISDIR(mode):  # lstat: a link to a folder is a link
            raise NotOwnError(at, folder=True)
    return job_dir(root)


def accepted_photos(root: Path | str, config: DataConfig | None = None, photos: list[str] | None = None,
                    listing: tuple[dict[Split, list[Path]], list] | None = None) -> tuple[list[Path], int, int]:
    """The photos of the dataset's training split a person has accepted (the Label page's "done"), how many
    photos it has (as the Label page counts them: ``editing.photo_paths``), and how many accepted photos
    are held out: in a validation or test split only (``images/val``, a Roboflow export's ``valid/``), which
    ``tilelens enroll --data DIR/data.yaml`` keeps out too, so that ``tilelens eval --data DIR`` measures
    the set on photos it never learned. A dataset whose ``val`` is its train folder holds none out.
    ``config``: its ``data.yaml`` read already (else it is read here); ``listing``: ``split_images`` of it, and
    ``photos``: ``photo_paths`` of that, where the caller (the Label page) has them (else listed here, once)."""
    root = Path(root)
    config = config if config is not None else read_data_yaml(root)
    listing = listing if listing is not None else split_images(root, config)
    photos = photos if photos is not None else photo_paths(root, config, listing)
    done = load_done(root)
    train = {relpath(root, p) for p in listing[0].get(Split.TRAIN, [])}
    accepted = [p for p in photos if p in done]
    return [root / p for p in accepted if p in train], len(photos), sum(p not in train for p in accepted)


def has_tiles(photo: Path) -> bool:
    """Whether the label file of ``photo`` holds a line (a box): an accepted photo with no tiles teaches none."""
    from tilelens.labelling.yolo import label_path_for

    try:
        return any(line.strip() for line in read_regular_text(label_path_for(photo), errors="replace").splitlines())
    except OSError:
        return False


def photos_said(photos: list[Path]) -> tuple[str, str]:
    """The accepted ``photos`` taught, counted in English and Japanese, with how many show tiles where some show
    none (a photo accepted as having no tiles): enrolment counts those that show tiles, and says so too."""
    n, tiled = len(photos), sum(map(has_tiles, photos))
    english, japanese = f"{n} accepted photo{'' if n == 1 else 's'}", f"OK にした写真 {n}枚"
    if tiled != n:
        english, japanese = f"{english} ({tiled} with tiles)", f"{japanese} (牌の写った写真 {tiled}枚)"
    return english, japanese


def no_tiles_words(n: int, command: bool = False) -> tuple[str, str]:
    """Why ``n`` accepted photos teach nothing, none of them with a box (accepted as showing no tiles), and what to
    do, in English and Japanese (no closing stop: the Label page's Teach panel adds one): the panel says it before
    its Teach button, and teaching refuses in these words (``_enrolment``) before its job starts (enrolment found
    no tile to cut out, ``vision.cropset``, and failed seconds later). ``command``: ``tilelens label teach``'s, which
    names where boxes are drawn (no command draws them)."""
    where, where_ja = (" on the app's Label page (`tilelens app`)", "アプリのラベル付けページ (`tilelens app`) で") \
        if command else ("", "")
    shown = "The accepted photo shows no tile (it has no box)" if n == 1 else \
        f"None of the {n} accepted photos shows a tile (they have no box)"  # not "None of the 1"
    return (f"{shown}: draw the boxes of the tiles on a photo{where}, then accept it, to teach from it",
            f"OK にした写真 {n}枚には、牌の枠が1つもありません。覚えさせるには、{where_ja}写真に牌の枠を描いてから OK に"
            f"してください")


def job_photos_said(root: Path | str) -> tuple[str, str]:
    """:func:`photos_said` of the photos the dataset's teach job lists (its ``photos.txt``)."""
    path = _job_file(job_dir(root), "photos.txt")
    try:
        listed = read_regular_text(path).splitlines() if path is not None else []
    except (OSError, ValueError):  # ValueError: not UTF-8
        listed = []
    return photos_said([Path(p) for p in listed if p.strip()])


def refuse_no_folder(root: Path | str) -> None:
    """``TeachError`` where the dataset folder ``root`` is not there, or is a file: said first, before anything
    of the tile set's name (and before the dataset's lock, which would make the folder)."""
    if not Path(root).is_dir():
        from tilelens.labelling.checks import not_a_folder

        raise TeachError(*not_a_folder(root))


def held_out_words(held: int, command: bool = True) -> tuple[str, str]:
    """``held`` accepted photos left out of teaching, said in English and Japanese (``""`` for none). With
    ``command`` (the command line, the person at the computer running the app) they name the command that
    measures the set on them, ``tilelens eval``; without it (a phone, which cannot run it) the same words less
    the command.

    >>> held_out_words(1, command=False)[0]
    '1 accepted photo of the validation or test split left out, to measure the set on'
    """
    if not held:
        return "", ""
    en_with, ja_with = (" with `tilelens eval`", "`tilelens eval` で") if command else ("", "")
    return (f"{held} accepted photo{'' if held == 1 else 's'} of the validation or test split left out, to "
            f"measure the set on{en_with}",
            f"検証・テスト用に分けた OK 済みの写真 {held}枚は覚えさせず、{ja_with}測るために残します")


DATASET_ID = Path(".tilelens") / "dataset-id"  # the dataset's own id, and the folder it was made in: moved with it
_ID_RE = re.compile(r"[0-9a-f]{32}")


def _read_id(folder: Path) -> tuple[str, str]:
    """The id ``folder``'s ``.tilelens/dataset-id`` says and the folder it was made in (its second line: an absolute
    path, "" in a file of the id alone); ``("", "")`` where there is no such file or it holds no id, or it is not the
    folder's own (``store.own_file``: a link is not trusted, a pipe never opened)."""
    try:
        text = read_regular_text(own_target(folder, DATASET_ID))
    except (OSError, TilelensInputError, ValueError):
        return "", ""
    ident, _, where = text.partition("\n")
    ident, where = ident.strip(), where.rstrip("\n")
    return (ident, where) if _ID_RE.fullmatch(ident) else ("", "")


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # gone, or a path of a NUL written by hand
        return False


def dataset_id(root: Path | str, make: bool = False) -> str | None:
    """The id of the dataset ``root`` (its ``.tilelens/dataset-id``), which a tile set taught from it records
    (``tileset.json``'s ``dataset_id``, from the job's data.yaml): the folder moved elsewhere still owns the sets
    taught from it, where their ``data`` names the old path. A copy is another dataset (``cp -r`` to label a second
    set from the first's photos: it must not teach over the first's set): the file says the folder the id was made
    in, and where another folder is still there holding the same id, this one is given a new id. A moved folder
    (nothing of that id left where it was) keeps its id, the file then naming where it is now, and the home's
    :data:`CLAIMS_FILE` too: a copy whose original was renamed after it was made (both find the folder their file
    names gone) is taken for moved only by the first of the two asked; the other finds the id claimed by a folder
    still there and is given a new id. A folder given a new id says so once (:func:`id_note`). ``make``: written
    first where there is none (at teach time; an ``OSError`` where the folder cannot be written); else None then,
    and for a copy that cannot be written."""
    root = Path(root)
    here = root.resolve()  # a symlink's folder, a relative path: the folder itself
    ident, where = _read_id(root)
    original = None  # the folder that keeps the id, where this one is a copy of it
    if ident and where != str(here):
        made_in = Path(where)
        if not (where and made_in.is_absolute() and _same_folder(made_in, root)):
            if where and made_in.is_absolute() and _read_id(made_in)[0] == ident:
                original = made_in  # a copy: the original is still there
            elif (claimant := _claimed_by(ident, root)) is not None:
                original = claimant  # a copy: its original, renamed, took the id first (or the other way round)
            else:  # moved (or an id file of the id alone): it names where the folder is now
                with contextlib.suppress(OSError):
                    _write_id(root, ident, here)
                    _claim(ident, here)
    if ident and original is None:
        return ident
    if not (make or original is not None):
        return None
    import uuid

    ident = uuid.uuid4().hex
    try:
        _write_id(root, ident, here)
    except OSError:
        if make:
            raise
        return None
    if original is not None:
        _note_copy(root, here, original)
    return ident


def _write_id(root: Path, ident: str, here: Path) -> None:
    """Write the id file; :class:`NotOwnError` where it is a link or no plain file (said in both languages)."""
    path = own_file(root, DATASET_ID)
    if path is None:
        raise NotOwnError(root / DATASET_ID)
    atomic_write_text(path, f"{ident}\n{here}\n")


CLAIMS_FILE = "dataset-ids.json"  # in the home: a dataset id -> the folder that took it as moved, last


def _claims() -> dict:
    from tilelens.home import home_dir

    try:
        claims = json.loads(read_regular_text(home_dir() / CLAIMS_FILE))
    except (OSError, TilelensInputError, ValueError):  # none yet, or not one tilelens wrote: as if none
        return {}
    return claims if isinstance(claims, dict) else {}


def _claimed_by(ident: str, root: Path) -> Path | None:
    """The folder other than ``root`` that took the id ``ident`` as moved (:data:`CLAIMS_FILE`), where it is still
    there holding that id; else None."""
    claimed = _claims().get(ident)
    if not isinstance(claimed, str) or not claimed or not Path(claimed).is_absolute():
        return None
    folder = Path(claimed)
    if _same_folder(folder, root) or _read_id(folder)[0] != ident:
        return None
    return folder


def _claim(ident: str, here: Path) -> None:
    """Record in the home that the folder ``here`` took the id ``ident`` as moved (``OSError`` where the home cannot
    be written: the folder keeps the id all the same)."""
    from tilelens.home import home_dir, make_dirs

    claims = _claims()
    claims[ident] = str(here)
    make_dirs(home_dir())
    atomic_write_json(home_dir() / CLAIMS_FILE, claims)


ID_NOTE = Path(".tilelens") / "dataset-id-note.json"  # why the folder was given a new id: said once (``id_note``)


def _note_copy(root: Path, here: Path, original: Path) -> None:
    en = (f"{here} was taken for a copy of the dataset {original}: that folder keeps the dataset's id and the tile "
          f"sets taught from it, and this one was given a new id (its own tile sets are those taught from it from now on)")
    ja = (f"{here} は {original} のデータセットのコピーとみなしました: データセットのIDとそこから覚えさせた牌セットは "
          f"{original} のものとし、このフォルダには新しいIDを付けました (このフォルダの牌セットは、ここからこれから"
          f"覚えさせるものです)")
    with contextlib.suppress(OSError):
        atomic_write_json(own_target(root, ID_NOTE), {"en": en, "ja": ja, "folders": [str(here), str(original)]})


class IdNote(NamedTuple):
    """:func:`id_note`'s note: English, Japanese, and the folders they name (for a page to say them as it says a
    folder to its visitor)."""

    en: str
    ja: str
    folders: tuple[str, ...] = ()


def id_note(root: Path | str) -> IdNote | None:
    """Why the dataset ``root`` was given a new id (:func:`dataset_id`: taken for a copy of another folder, named),
    in English and Japanese, once: the note is removed as it is read. None where there is none (or it is not the
    folder's own: ``store.own_file``)."""
    try:
        path = own_target(root, ID_NOTE)
        note = json.loads(read_regular_text(path))
    except (OSError, TilelensInputError, ValueError):
        return None
    with contextlib.suppress(OSError):
        path.unlink()
    if isinstance(note, dict) and isinstance(note.get("en"), str) and isinstance(note.get("ja"), str):
        folders = note.get("folders")
        folders = tuple(map(str, folders)) if isinstance(folders, list) else ()
        return IdNote(note["en"], note["ja"], folders)
    return None


def _tileset_meta(name: str) -> dict | None:
    """The enrolled tile set ``name``'s ``tileset.json``: None when no such set is enrolled, ``{}`` when it
    cannot be read."""
    from vision.detector import find_tileset
    from vision.recognizer import tileset_meta_or_none

    folder = find_tileset(name)  # a user's own set too, where the package is installed
    if folder is None:
        return None
    meta = tileset_meta_or_none(folder)
    if meta is None and not os.path.exists(folder / "tileset.json"):
        return None  # removed meanwhile: no such set
    return {} if meta is None else meta


def _tileset_data(name: str) -> str | None:
    """The labelled data the enrolled tile set ``name`` was taught from (its ``tileset.json``'s ``data``):
    None when no such set is enrolled, "" when it does not say (a shipped set, an older enrolment)."""
    meta = _tileset_meta(name)
    return None if meta is None else str(meta.get("data") or "")


def _taught_from(name: str, root: Path | str, ident: str | None = None) -> bool:
    """Whether the enrolled tile set ``name`` was taught from the dataset ``root``: its ``dataset_id`` is the
    folder's (``ident``: :func:`dataset_id` of it, read already), wherever the folder lies now, or, for a set taught
    before sets recorded it (or by ``tilelens enroll --data`` of a folder with no id), its ``data`` names the
    folder's path (:func:`_own_data`)."""
    meta = _tileset_meta(name)
    if meta is None:
        return False
    ident = ident if ident is not None else dataset_id(root)
    if ident and meta.get("dataset_id") == ident:
        return True
    return str(meta.get("data") or "") in _own_data(root)


def _no_folder_recorded(name: str) -> bool:
    """Whether the enrolled tile set ``name``'s ``tileset.json`` can be read and records no ``data``: taught by a
    tilelens before it recorded the folder (2026-12-04), or shipped (hk-mahjong: no folder of the maintainer's)."""
    from vision.detector import find_tileset
    from vision.recognizer import tileset_meta_or_none

    folder = find_tileset(name)
    meta = tileset_meta_or_none(folder) if folder is not None else None
    return meta is not None and not meta.get("data")


def _job_data(root: Path | str) -> str:
    return str((job_dir(Path(root).resolve()) / "data.yaml"))


def _own_data(root: Path | str) -> set[str]:
    """What a tile set taught from the dataset ``root`` names as its data: its Teach job's data.yaml (the Label
    page's Teach, ``tilelens label teach``), or the dataset's own data.yaml or folder (``tilelens enroll --data``)."""
    folder = Path(root).resolve()
    return {_job_data(root), str(folder / "data.yaml"), str(folder)}


def own_tilesets(root: Path | str) -> list[str]:
    """The enrolled tile sets taught from this dataset (on the Label page, from its job's files, or by
    ``tilelens enroll --data`` of its data.yaml), those taught on the Label page first, each the latest taught first
    (its ``tileset.json`` written last: teaching again offers to replace that one, not the first by name)."""
    from tilelens.labelling.prelabel import enrolled_tilesets
    from vision.detector import find_tileset

    def taught_at(name: str) -> float:
        folder = find_tileset(name)
        try:
            return (folder / "tileset.json").stat().st_mtime if folder is not None else 0.0
        except OSError:
            return 0.0

    def by_teach(name: str) -> bool:  # a Teach job's data.yaml (the page's, `label teach`'s), here or where it was
        return Path(_tileset_data(name) or "").parts[-3:] == (*JOB_DIR.parts, "data.yaml")

    ident = dataset_id(root)
    found = [name for name in enrolled_tilesets() if _taught_from(name, root, ident or "")]
    return sorted(found, key=lambda name: (not by_teach(name), -taught_at(name), name))


def prelabelled_before(root: Path | str, name: str, photos: list[str]) -> int:
    """How many of ``photos`` (paths in the dataset ``root``) are not accepted and were last pre-labelled (their label
    file written) before the tile set ``name`` was taught, or never: those it can pre-label again. 0 where the set is
    not enrolled. A photo added since and pre-labelled with the set is not counted."""
    from tilelens.labelling.yolo import label_path_for
    from vision.detector import find_tileset

    folder = find_tileset(name)
    try:
        taught = (folder / "tileset.json").stat().st_mtime if folder is not None else None
    except OSError:
        taught = None
    if taught is None:
        return 0
    done, root, n = load_done(root), Path(root), 0
    for photo in photos:
        if photo in done:
            continue
        try:
            n += label_path_for(root / photo).stat().st_mtime < taught
        except OSError:  # no label file yet
            n += 1
    return n


def taught_elsewhere(name: str, root: Path | str) -> str | None:
    """Where the enrolled tile set ``name`` came from when not from this dataset: the dataset folder it
    was taught from, or "" when it does not say (a shipped set, one enrolled by ``tilelens enroll``). None
    when no set of that name is enrolled, or it is this dataset's own (taught again, it is replaced)."""
    data = _tileset_data(name)
    if data is None or _taught_from(name, root):
        return None
    job = Path(data).parent
    return str(job.parent.parent) if data and job.parent.name == JOB_DIR.parts[0] and job.name == JOB_DIR.name \
        else data


def _refuse_enrolled(name: str, root: Path) -> None:
    """``TeachError`` when a tile set ``name`` is enrolled already, saying where it was taught from."""
    if _tileset_data(name) is None:
        return
    elsewhere = taught_elsewhere(name, root)
    if elsewhere is None:  # this dataset's own, taught before
        where, where_ja, what = "taught from this folder before", "このフォルダから覚えさせたもの", "teach it again"
        what_ja = "覚えさせ直して"
    elif elsewhere:
        where, where_ja, what = f"taught from {elsewhere}", f"{elsewhere} から覚えさせたもの", "write over it"
        what_ja = "置き換えて"
    elif _no_folder_recorded(name):  # an older tilelens's (before 2026-12-04), or a shipped set: it cannot be told
        raise TeachError(f"a tile set {name!r} is enrolled already, and an older tilelens did not record which folder "
                         "it was taught from (nor does a set shipped with tilelens): add --replace to teach it again "
                         "from this folder, or choose another --name",
                         f"牌セット{quoted_ja(name)}はもう登録されていますが、どのフォルダから覚えさせたかは記録されていません "
                         "(古い tilelens は記録しませんでした。tilelens に付属のセットも同じです): このフォルダから"
                         "覚えさせ直すには --replace を付けてください。別の名前 (--name) にすることもできます")
    else:
        where, where_ja, what = "not taught from this folder", "このフォルダから覚えさせたものではありません", "write over it"
        what_ja = "置き換えて"
    raise TeachError(f"a tile set {name!r} is enrolled already, {where}: choose another --name, or --replace to "
                     f"{what}",
                     f"牌セット{quoted_ja(name)}はもう登録されています ({where_ja}): 別の名前 (--name) にするか、--replace を"
                     f"付けて{what_ja}ください")


def _keep(folder: Path, name: str, text: str) -> None:
    """Write ``text`` to the job file ``name`` unless it already holds it (the page asks for the command on every
    run); :class:`NotOwnError` where it is not the job's own (:func:`_job_target`)."""
    path = _job_target(folder, name)
    try:
        if read_regular_text(path) == text:
            return
    except (OSError, ValueError):
        pass
    atomic_write_text(path, text)


def _cannot_write(folder: Path, exc: OSError) -> TeachError:
    if isinstance(exc, NotOwnError):  # a link or a pipe where the job keeps its own: named, and how to go on
        what, what_ja = ("folder", "フォルダ") if exc.folder else ("file", "ファイル")
        return TeachError(f"cannot write the teaching job's files in {folder}: {exc.filename} is a link, or not a "
                          f"plain {what}, and is left as it is: remove it, then teach again",
                          f"{folder} に登録用のファイルを書けません: {exc.filename} はリンクか、普通の{what_ja}では"
                          f"ないため、そのままにしました。取り除いてから、もう一度覚えさせてください")
    return TeachError(f"cannot write the teaching job's files in {folder}: {exc.strerror or exc}",
                      f"{folder} に登録用のファイルを書けません: {exc.strerror or exc}")


def enroll_args(root: Path | str, name: str, base: str | None, minutes: float,
                extra: tuple[str, ...] = (), replace: bool = False,
                accepted: tuple[list[Path], int, int] | None = None) -> tuple[list[str], int]:
    """Write the job's photo list and ``data.yaml`` (accepted photos only) and return the arguments of
    ``tilelens enroll`` that teach them, with how many photos they are: :func:`_enrolment`."""
    return _enrolment(root, name, base, minutes, extra, replace, accepted)[:2]


def _enrolment(root: Path | str, name: str, base: str | None, minutes: float,
               extra: tuple[str, ...] = (), replace: bool = False,
               accepted: tuple[list[Path], int, int] | None = None,
               command: bool = False) -> tuple[list[str], int, int]:
    """Write the job's photo list and ``data.yaml`` (accepted photos only) and return the arguments of
    ``tilelens enroll`` that teach them, how many photos they are, and how many accepted photos are held
    out (:func:`accepted_photos`). ``replace``: a tile set of that
    name already enrolled is written over (else the enrolment refuses: the page replaces this dataset's
    own set, taught again as more photos are accepted, and asks before any other). The dataset's game is
    the set's (from scratch too: its copies bound the readings) but where the dataset has kinds of its own that no
    table of the game has (``_taught_for``: a Hong Kong set's flowers).
    ``accepted``: :func:`accepted_photos` of ``root`` listed already (the page's panel), else listed here.
    ``command``: for ``tilelens label teach`` (:func:`no_tiles_words`)."""
    from vision.enroll import (NAME_RE, EnrollError, game_name_refused,  # light: torch only in training
                               kinds_not_ascii_refused)

    refuse_no_folder(root)
    root = Path(root).resolve()
    if not NAME_RE.match(name):
        raise TeachError(f"tile set name {name!r}: use lower-case letters, digits, '-' and '_' (at most 41)",
                         f"牌セットの名前{quoted_ja(name)}: 小文字の英字・数字・- と _ だけを使ってください (41文字まで)")
    try:
        game_name_refused(name)
    except EnrollError as exc:
        raise TeachError(str(exc), exc.message_ja) from None
    if minutes <= 0:
        raise TeachError(f"minutes must be positive, got {minutes:g}", f"学習時間は正の数にしてください ({minutes:g})")
    if not replace:  # the enrolment would refuse, after this dataset's job files were written
        _refuse_enrolled(name, root)
    photos, total, held = accepted if accepted is not None else accepted_photos(root)
    if not photos and held:  # the accepted ones are all held out to measure with
        raise TeachError(f"no photo of the training split of {root} is accepted yet ({held} accepted photo"
                         f"{'' if held == 1 else 's'} of the validation or test split, which teaching leaves out "
                         f"as `tilelens enroll` does, to measure the set on): accept photos of the training split, "
                         f"then teach",
                         f"{root} の学習用の写真にはまだ OK にしたものがありません (OK にした {held}枚は検証・テスト用で、"
                         f"`tilelens enroll` と同じく覚えさせずに測るために残します): 学習用の写真を OK にしてから"
                         f"覚えさせてください")
    if not photos and (synth := synth_route(root, name, base)) is not None:  # labelled by synth: no photo to accept
        raise TeachError(*synth)
    if not photos and not total:  # no photo at all: not "none accepted (0 of 0)"
        init = shlex.join(["tilelens", "label", "init", str(root)])
        raise TeachError(f"{root} has no photos yet: put the photos of the set in it and pre-label them (`{init} --game "
                         f"GAME`, or Add photos on the app's Label page), check and accept them there, then teach",
                         f"{root} にはまだ写真がありません: セットの写真を入れて下書きし (`{init} --game GAME`、または"
                         f"アプリのラベル付けのページの「写真を追加」)、そこで確かめて OK にしてから覚えさせてください")
    if not photos:
        accept = shlex.join(["tilelens", "label", "accept", str(root), "PHOTO"])
        raise TeachError(f"no photo of {root} is accepted yet (0 of {total}): accept the photos whose "
                         f"boxes and names are right on the app's Label page (`tilelens app`) or with `{accept}` "
                         f"(--all for every one), then teach",
                         f"{root} には OK にした写真がまだありません (全 {total}枚): アプリのラベル付けページ "
                         f"(`tilelens app`) か `{accept}` (すべてなら --all) で枠と牌が正しい写真を OK にしてから"
                         f"覚えさせてください")
    if not any(map(has_tiles, photos)):  # no tile to cut out: the enrolment would start, and fail seconds later
        raise TeachError(*no_tiles_words(len(photos), command))
    folder = job_dir(root)
    config = read_data_yaml(root)
    _refuse_absent_boxes(root, photos, config)
    try:  # said before the photos are cut up, naming the dataset's own data.yaml (not the job's copy)
        kinds_not_ascii_refused(config.names, root / "data.yaml")
    except EnrollError as exc:
        raise TeachError(str(exc), exc.message_ja) from None
    data = {"path": str(root), "train": str(folder / "photos.txt"), "names": list(config.names)}
    if config.absent:  # the kinds the set does not have: enrol does not warn of them (``kinds.absent_kinds``)
        data["absent"] = list(config.absent)
    try:
        own_job_dir(root)  # the job folder the dataset's own, not a link (said before the dataset's id is written)
        # the set records the folder's id (``tileset.json``'s ``dataset_id``): it stays this folder's, moved (a copy
        # is given another)
        data["dataset_id"] = dataset_id(root, make=True)
        _keep(folder, "photos.txt", "".join(f"{os.path.abspath(p)}\n" for p in photos))
        _keep(folder, "data.yaml", yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    except OSError as exc:  # a read-only dataset folder, a full disk
        raise _cannot_write(folder, exc) from None
    # checkpoints beside the job, not in runs/ under whatever folder the app was started from
    args = ["--name", name, "--data", str(folder / "data.yaml"), "--minutes", f"{minutes:g}"]
    args += ["--base", base] if base else []
    if _taught_for(config) is not None:
        args += ["--game", config.game]
    args += ["--work", str(folder / "run")]
    args += ["--replace"] if replace else []
    return args + list(extra), len(photos), held


def absent_on(root: Path, photos: list[Path], config: DataConfig) -> dict[str, list[str]]:
    """The kinds the dataset marks absent (``config.absent``) that boxes of ``photos`` have -> those photos (paths in
    ``root``), each kind in the order of ``config.names``."""
    from tilelens.labelling.yolo import label_path_for

    index = {str(i): k for i, k in enumerate(config.names) if k in set(config.absent)}
    found: dict[str, list[str]] = {}
    for photo in photos if index else ():
        try:
            lines = read_regular_text(label_path_for(photo), errors="replace").splitlines()
        except (OSError, TilelensInputError):
            continue
        for kind in dict.fromkeys(index[f[0]] for f in map(str.split, lines) if f and f[0] in index):
            found.setdefault(kind, []).append(relpath(root, photo))
    return {k: found[k] for k in config.names if k in found}


def _refuse_absent_boxes(root: Path, photos: list[Path], config: DataConfig) -> None:
    """``TeachError`` where an accepted photo has a box of a kind the dataset marks absent (``label kinds --absent``):
    the set would learn a kind it says it does not have, and never be warned it reads it poorly. Names the kinds,
    the photos (three at most) and both ways out: fix the boxes, or mark the kind present again."""
    found = absent_on(root, photos, config)
    if not found:
        return
    kinds, shown = list(found), list(dict.fromkeys(p for ps in found.values() for p in ps))
    more = len(shown) - 3
    listed = ", ".join(shown[:3]) + (f" and {more} more" if more > 0 else "")
    listed_ja = "、".join(shown[:3]) + (f" ほか {more}枚" if more > 0 else "")
    present = shlex.join(["tilelens", "label", "kinds", str(root), "--present", *kinds])
    undo = shlex.join(["tilelens", "label", "accept", str(root), *shown, "--undo"]) if len(shown) <= 3 else \
        shlex.join(["tilelens", "label", "accept", str(root), "PHOTO", "--undo"])
    raise TeachError(f"{', '.join(kinds)}, marked absent from this set, {'is' if len(kinds) == 1 else 'are'} on "
                     f"{len(shown)} accepted photo{'' if len(shown) == 1 else 's'} ({listed}): the set would learn "
                     f"a kind it does not have. Fix those boxes (un-accept the photos with `{undo}`, then correct them "
                     f"on the Label page), or, if the set has {'it' if len(kinds) == 1 else 'them'} after all, "
                     f"`{present}`; then teach",
                     f"このセットにない種類にした {'、'.join(kinds)} が、OK にした写真 {len(shown)}枚 ({listed_ja}) の"
                     f"枠にあります: セットにない種類を覚えてしまいます。その枠を直す (`{undo}` で OK を取り消し、"
                     f"ラベル付けのページで直す) か、セットにある種類なら `{present}` を実行してから覚えさせてください")


def _tables(game: str) -> tuple[set[str], object]:
    """The tile ids of every table the dataset's game ``game`` has had here (the box's; the house table edited in the
    app, ``prelabel.other_table``; the club's older edits, kept in its ``history/``) and the table in use (the house
    table where there is one, else the box's)."""
    from scorer.catalog import load_game
    from tilelens.home import house_dir
    from tilelens.labelling.prelabel import other_table

    loaded = load_game(game)  # the box's table: `label teach` enrols with it (``cli.box_tables``), as the page's child
    other = other_table(loaded)
    in_use = other[0] if other is not None and other[1] else loaded
    every = {t.id for t in loaded.tiles} | {t.id for t in (other[0].tiles if other else ())}
    try:
        older = sorted((house_dir(loaded.id) / "history").glob("*.toml"))
    except OSError:  # a folder that cannot be looked in: the tables above are all there is
        older = []
    for path in older:
        try:
            table = load_game(path)
        except (TilelensInputError, OSError):  # an old edit that no longer loads names no kind
            continue
        if table.id == loaded.id:
            every |= {t.id for t in table.tiles}
    return every, in_use


def _taught_for(config: DataConfig) -> tuple[str, ...] | None:
    """Where the set taught from the dataset ``config`` is its game's (``--game``): the kinds of the dataset that the
    game's table in use no longer has (a member a club's house table dropped since the photos were labelled, one of a
    house table since restored), learnt all the same; None where it is taught for no game: no game named, or a kind
    no table the game has had here has (``_tables``): a Hong Kong set's flowers, recorded as its own (``own_kinds``)
    or not, whose readings riichi's copies (three plain fives, no flower) must not bound. A game that cannot be read
    is ``GameFileError``."""
    if not config.game:
        return None
    every, in_use = _tables(config.game)
    if any(k not in every for k in config.names):
        return None
    have = {t.id for t in in_use.tiles}
    return tuple(k for k in config.names if k not in have and k not in config.own_kinds and k not in config.absent)


def table_words(root: Path | str) -> tuple[tuple[str, str], ...]:
    """What a teaching of the dataset ``root`` says of its kinds that the game's table in use no longer has
    (``_taught_for``), in English and Japanese: one sentence, or none. ``label teach`` says it before it teaches, and
    the page's Teach with the job's other warnings (``TeachJob.warnings``)."""
    config = read_data_yaml(Path(root))
    gone = _taught_for(config)
    if not gone:
        return ()
    _, in_use = _tables(config.game)
    listed, n, game = ", ".join(gone), len(gone), in_use.name_en or in_use.id
    them = "it" if n == 1 else "them"
    return ((f"The table in use of {game} no longer has {n} of this dataset's kinds: {listed}. The tile set is taught "
             f"for {game} and learns {them} all the same, but a tile read as {'that kind' if n == 1 else 'one of those'} "
             f"is left out of the hand and never scored: to score {them} again, put {them} back in the table on the "
             f"Rules and yaku page.",
             f"{in_use.name_ja or in_use.id}の使用中の表には、このデータセットの種類のうち{n}種類がもうありません: "
             f"{'、'.join(gone)}。牌セットは{in_use.name_ja or in_use.id}用に覚えさせ、この種類も覚えますが、この種類と"
             f"読んだ牌は手牌から外し、点数に数えません。数えるには「ルールと役」のページで表に戻してください。"),)


def synth_route(root: Path, name: str, base: str | None) -> tuple[str, str] | None:
    """How to teach the tile kinds of ``root`` where it is a dataset ``tilelens synth`` wrote (its ``CARD.md`` and
    ``kinds/data.yaml``): its photos come labelled, none is accepted on the Label page, and its boxes are the
    detector's classes (tile, back); ``tilelens enroll`` learns the kinds from ``kinds/``. (English, Japanese); None
    for any other folder."""
    kinds = root / "kinds" / "data.yaml"
    if not (root / "CARD.md").is_file() or not kinds.is_file():
        return None
    try:
        said = re.search(r"^- game: `([^`]+)`", (root / "CARD.md").read_text(encoding="utf-8"), re.M)
    except (OSError, UnicodeDecodeError):
        said = None
    game = said.group(1) if said else "GAME"
    command = shlex.join(["tilelens", "enroll", "--name", name, "--data", str(kinds), "--base",
                          base or "nogizaka", "--game", game])
    return (f"{root} is a dataset `tilelens synth` rendered: its photos come labelled, none is accepted on the Label "
            f"page, and `label teach` does not take it. Teach its tile kinds with `{command}` (--game: the game file "
            f"it was rendered for, as its CARD.md names it)",
            f"{root} は `tilelens synth` が作ったデータセットです: 写真には初めからラベルが付いていて、ラベル付けの"
            f"ページで OK する写真はなく、`label teach` では覚えさせられません。牌の種類は `{command}` で覚えさせて"
            f"ください (--game: 作ったときのゲームのファイル。CARD.md にあります)")


def command_line(args: list[str]) -> str:
    """The shell command a person can run instead (where the app has no training packages)."""
    return shlex.join(["tilelens", "enroll", *args])


def refuse_while_running(root: Path | str) -> None:
    """``TeachError`` while a teaching job of this dataset runs (the page's, one in another tab, or a
    ``tilelens label teach``): a second would share its run folder and its files."""
    current = status(root)
    if current is not None and current.state == "running":
        at = time.strftime('%H:%M', time.localtime(current.started))
        raise TeachError(f"already teaching {current.name!r} from this folder (started {at}); wait for it to end",
                         f"このフォルダでは {at} から「{current.name}」を覚えさせています。終わるまでお待ちください")


def start(root: Path | str, name: str, base: str | None, minutes: float,
          extra: tuple[str, ...] = (), replace: bool = False) -> TeachJob:
    """Start teaching in a child process and return its first state; ``TeachError`` if a job of this
    dataset is still running or the request cannot run (``replace``: as ``enroll_args``). Under the
    dataset's lock: two tabs pressing Teach at the same moment each passed the "already running" check
    before either had written its job, and both started one."""
    refuse_no_folder(root)
    with dataset_lock(root):
        return _start_locked(root, name, base, minutes, extra, replace)


@contextlib.contextmanager
def _new_job(root: Path | str, name: str, base: str | None, minutes: float, extra: tuple[str, ...],
             replace: bool, forget_on_failure: bool, **own: object) -> Iterator[tuple[Path, dict]]:
    """A new teaching job of the dataset ``root`` (under its lock): refused while one runs (``TeachError``,
    nothing written), its photo list and ``data.yaml`` written (``enroll_args``), the last job's progress and
    result cleared, and its job folder and record (``own``: what the caller adds, as its pid) given to the
    ``with`` block, which writes the job's files. An ``OSError`` clearing or writing them is ``TeachError``
    (``_cannot_write``); ``forget_on_failure``: ``job.json`` removed then, else a job that never started (written
    before the failure) would be "running"."""
    refuse_while_running(root)
    args, photos, held = _enrolment(root, name, base, minutes, extra, replace, command=bool(own.get("command")))
    folder = job_dir(root)
    job = {"name": name, "args": args, "minutes": minutes, "epochs": _epochs(args), "photos": photos, "held": held,
           "orient_minutes": orient_minutes_for(photos, _orient_minutes(args)), "started": time.time(), "pid": None,
           "warnings": [list(said) for said in table_words(root)], **own}
    try:  # the job's photo list may be there already, unchanged: a full disk or a read-only folder shows here
        for stale in ("progress.json", "result.json"):
            (folder / stale).unlink(missing_ok=True)
        yield folder, job
    except OSError as exc:
        if forget_on_failure and (mine := _job_file(folder, "job.json")) is not None:  # a link left as it is
            with contextlib.suppress(OSError):
                mine.unlink(missing_ok=True)
        raise _cannot_write(folder, exc) from None


def _start_locked(root: Path | str, name: str, base: str | None, minutes: float,
                  extra: tuple[str, ...], replace: bool) -> TeachJob:
    with _new_job(root, name, base, minutes, extra, replace, forget_on_failure=True) as (folder, job):
        atomic_write_json(_job_target(folder, "job.json"), job)
        log = open(_job_target(folder, "log.txt"), "w", encoding="utf-8")
    try:
        with log:
            child = subprocess.Popen([sys.executable, "-m", "tilelens.labelling.teach", str(folder)],
                                     stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    except OSError as exc:
        failure = {"ok": False, "message": f"could not start the enrolment: {exc}",
                   "message_ja": f"登録を始められませんでした: {exc}"}
        try:
            atomic_write_json(_job_target(folder, "result.json"), failure)
        except OSError:  # nothing says it failed: no job is left "running" (else status's grace ends it)
            with contextlib.suppress(OSError):
                _job_target(folder, "job.json").unlink(missing_ok=True)
            raise TeachError(failure["message"], failure["message_ja"]) from None
        return status(root)
    _children[child.pid] = child
    with contextlib.suppress(OSError):  # the child runs and writes its progress: followed without its pid
        atomic_write_json(_job_target(folder, "job.json"),
                          {**job, "pid": child.pid, "pid_start": _process_start(child.pid)})
    return status(root)


def claim_here(root: Path | str, name: str, base: str | None, minutes: float,
               extra: tuple[str, ...] = (), replace: bool = False) -> tuple[list[str], int]:
    """``tilelens label teach``'s start: as :func:`start`, under the dataset's lock, refused while a job of
    the dataset runs (``TeachError``, nothing written), but the job is this process, enrolling in the
    foreground (:func:`enrol_here`): its ``job.json`` names this pid, so the page's Teach (or another
    command) sees it running and waits for it, and shows its progress and outcome. Returns the enrolment's
    arguments and how many photos it teaches (its job, :func:`status`, says how many it holds out). Refused
    (``TeachError``) where this Python has no torch, before the job's files are touched: they keep the last Teach."""
    from vision.enroll import EnrollError, refuse_without_torch

    refuse_no_folder(root)
    try:
        refuse_without_torch("teaching", "覚えさせる")
    except EnrollError as exc:
        raise TeachError(str(exc), exc.message_ja) from None
    with dataset_lock(root), _new_job(root, name, base, minutes, extra, replace, forget_on_failure=False,
                                      pid=os.getpid(), pid_start=_process_start(os.getpid()),
                                      command=True) as (folder, job):
        atomic_write_text(_job_target(folder, "log.txt"), f"taught from the command line (`tilelens label teach`, "
                                                          f"pid {os.getpid()}): what it prints is shown there\n")
        atomic_write_json(_job_target(folder, "job.json"), job)
    return job["args"], job["photos"]


def enrol_here(root: Path | str, args: list[str]) -> int:
    """Run the enrolment :func:`claim_here` claimed, in this process, keeping its progress and outcome in
    the job's files as the page's child does (``_run``); an error is kept there too, then raised as it came
    (the command says it in one line). Returns the enrolment's exit status."""
    from vision.enroll import main as enroll

    folder = job_dir(root)
    job = _read_json(folder, "job.json") or {}
    write_progress, warnings = _progress_writer(folder), []

    def on_progress(stage: str, fraction: float) -> None:
        with contextlib.suppress(OSError):  # only what the page shows: the enrolment goes on without it
            write_progress(stage, fraction)

    try:
        # one progress line (rewritten on a terminal), not a line of loss per epoch, with the time taken of the whole
        # job's expected minutes, as the page shows them (``timed_progress``)
        with timed_progress(status(root)):
            rc = enroll(args, on_progress=on_progress, on_warning=lambda en, ja: warnings.append([en, ja]))
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            failure = {"ok": False, "message": "stopped on the command line (Ctrl-C) before it finished",
                       "message_ja": "コマンドで止められました (Ctrl-C)。終わっていません"}
        else:
            failure = _failure(exc, trace=False)
        with contextlib.suppress(OSError):  # the error itself is what the command says
            atomic_write_json(_job_target(folder, "result.json"), {**failure, "warnings": warnings})
        raise
    with contextlib.suppress(OSError):
        atomic_write_json(_job_target(folder, "result.json"), {**_outcome(rc, job.get("name")), "warnings": warnings})
    return rc


# The command line's progress line's time, as the Teach panel says it (``app.components.teach_view``'s "detail")
TIMED = {"en": (" ({done} of about {total} min in all)", " ({done} min so far)"),
         "ja": (" (全体で約 {total}分のうち{done}分)", " ({done}分経過)")}


def timed_said(job: TeachJob | None, lang: str, now: float | None = None) -> str:
    """What `label teach`'s progress line adds: the minutes since the ``job`` started, of the whole job's expected
    minutes (``expected_minutes``, the Teach panel's estimate); the minutes so far alone for a job bounded by epochs.
    "" where there is no job.

    >>> job = TeachJob("s", "running", "training", 0.5, 0.0, 2.0, 5, "", Path("."), orient_minutes=0.0)
    >>> timed_said(job, "en", now=30.0), timed_said(job, "ja", now=30.0)
    (' (0.5 of about 2.3 min in all)', ' (全体で約 2.3分のうち0.5分)')
    """
    if job is None:
        return ""
    done = f"{((time.time() if now is None else now) - job.started) / 60:.1f}"
    total = job.expected_minutes
    timed, so_far = TIMED["ja" if lang == "ja" else "en"]
    return so_far.format(done=done) if total is None else timed.format(done=done, total=f"{total:.1f}".removesuffix(".0"))


@contextlib.contextmanager
def timed_progress(job: TeachJob | None) -> Iterator[None]:
    """Within the block, enrolments show their compact progress (``vision.enroll.compact_progress``), each line ending
    with the time taken of the whole ``job``'s expected minutes (``timed_said``): "training:  43% (1.2 of about 2.8
    min in all)"."""
    from scorer.result import cli_lang

    lang = cli_lang()
    with _enroll.compact_progress(detail=lambda: timed_said(job, lang)):
        yield


def _read_json(folder: Path, name: str) -> dict | None:
    """The JSON object of the job file ``name`` in ``folder``; None where there is none, it is not one, or it is not
    the job's own (:func:`_job_file`: a link not followed, a pipe never opened)."""
    path = _job_file(folder, name)
    if path is None:
        return None
    try:
        data = json.loads(read_regular_text(path))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _epochs(args: list[str]) -> int | None:
    """The epoch count an enrolment's arguments bound it by (``--epochs N``, the last one given), else None
    (bounded by ``--minutes``)."""
    counts = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--epochs"]
    try:
        return int(counts[-1]) if counts else None
    except ValueError:
        return None


def _orient_minutes(args: list[str]) -> float:
    """The orientation model's minutes an enrolment's arguments give it (``--orient-minutes``, else enroll's
    default)."""
    from vision.enroll import ORIENT_MINUTES

    given = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--orient-minutes"]
    try:
        return float(given[-1]) if given else ORIENT_MINUTES
    except ValueError:
        return ORIENT_MINUTES


def _process_start(pid: int) -> str | None:
    """When process ``pid`` started, as the system says it (Linux: the boot and the start tick of
    ``/proc/PID/stat``), to tell it from a later process given the same pid; None where it cannot be told."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
        stat = Path(f"/proc/{pid}/stat").read_text()
        return f"{boot}:{stat.rsplit(')', 1)[1].split()[19]}"  # field 22, starttime (the name may hold spaces)
    except (OSError, IndexError):
        return None


def _same_process(pid: int | None, started: str | None) -> bool:
    """Whether ``pid`` is still the process recorded as started at ``started`` (True where either is unknown)."""
    now = _process_start(pid) if pid and started else None
    return now is None or now == started


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    child = _children.get(pid)
    if child is not None:
        return child.poll() is None  # reaps it once it has ended
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def status(root: Path | str) -> TeachJob | None:
    """The dataset's last teaching job, or None if it never had one."""
    folder = job_dir(root)
    job = _read_json(folder, "job.json")
    if job is None:
        return None
    progress = _read_json(folder, "progress.json") or {}
    result = _read_json(folder, "result.json")
    base = dict(name=str(job.get("name", "")), started=float(job.get("started", 0.0)),
                minutes=float(job.get("minutes", 0.0)), photos=int(job.get("photos", 0)), folder=folder,
                epochs=int(job["epochs"]) if isinstance(job.get("epochs"), int) else None,
                held=int(job["held"]) if isinstance(job.get("held"), int) else 0,
                orient_minutes=float(job["orient_minutes"]) if isinstance(job.get("orient_minutes"), (int, float))
                else _orient_minutes([str(a) for a in job.get("args", [])]),
                stage=str(progress.get("stage", "start")), fraction=float(progress.get("fraction", 0.0)))
    # the job's own (``table_words``: said when it was started), then the enrolment's
    said = [w for w in (job.get("warnings") or []) if isinstance(w, list) and len(w) == 2]
    base["warnings"] = tuple((str(w[0]), str(w[1])) for w in said)
    if result is not None:
        ok = bool(result.get("ok"))
        warnings = base.pop("warnings") + tuple((str(w[0]), str(w[1])) for w in result.get("warnings") or ()
                                                if isinstance(w, list) and len(w) == 2)
        # a set that reads poorly, judged from its figures: an older tilelens saved no such warning (a set 11%
        # right was said ready, and no more); one saved already (its share said the same) is not said twice
        poor = _poor_warning(result, job, Path(root)) if ok else None
        if poor is not None and not any(w[0].startswith(poor[0][:poor[0].find("%") + 1]) for w in warnings):
            warnings += (poor,)
        measured = result.get("measured")
        measured = (str(measured[0]), str(measured[1])) if isinstance(measured, list) and len(measured) == 2 else None
        return TeachJob(**{**base, "fraction": 1.0 if ok else base["fraction"]}, state="done" if ok else "failed",
                        message=str(result.get("message", "")), message_ja=str(result.get("message_ja", "")),
                        warnings=warnings, measured=measured)
    now, pid = time.time(), job.get("pid")
    # bounded by epochs, a job has no time budget to be overdue by: the process's start tells a reused pid
    overdue = base["epochs"] is None and now > base["started"] + base["minutes"] * 60 + OVERDUE_S
    if pid is None and not progress and now > base["started"] + START_GRACE_S:
        return TeachJob(**base, state="failed", message="the enrolment could not start",
                        message_ja="登録を始められませんでした")
    if ((_alive(pid) and _same_process(pid, job.get("pid_start"))) or pid is None) and not overdue:
        return TeachJob(**base, state="running", message="")
    return TeachJob(**base, state="failed", message="the enrolment stopped before it finished (see its log)",
                    message_ja="登録が途中で止まりました (ログを見てください)")


SEEN_FILE = "seen.json"  # in the job's folder: the ended job whose outcome has been shown (its ``started``)


def outcome_seen(job: TeachJob) -> bool:
    """Whether the ended ``job``'s outcome has been shown already (:func:`mark_outcome_seen`: in a page, a reload or
    another tab)."""
    mark = _read_json(job.folder, SEEN_FILE)
    return mark is not None and mark.get("started") == job.started


def mark_outcome_seen(job: TeachJob) -> None:
    """Note in the job's folder that the ended ``job``'s outcome has been shown; quietly nothing where the folder
    cannot be written (the outcome is then shown each time, rather than never)."""
    try:
        atomic_write_json(_job_target(job.folder, SEEN_FILE), {"started": job.started, "name": job.name})
    except OSError:
        pass


def _progress_writer(folder: Path):
    """``on_progress(stage, fraction)`` for the enrolment: ``progress.json`` rewritten at most every
    ``PROGRESS_EVERY_S``, and at each new stage and the end."""
    last = [0.0, ""]

    def on_progress(stage: str, fraction: float) -> None:
        now = time.monotonic()
        if stage != last[1] or now - last[0] >= PROGRESS_EVERY_S or fraction >= 1.0:
            last[:] = [now, stage]
            if (path := _job_file(folder, "progress.json")) is not None:  # else not the job's own: left as it is
                atomic_write_json(path, {"stage": stage, "fraction": round(fraction, 4)})

    return on_progress


def _outcome(rc: int, name) -> dict:
    """``result.json``'s outcome of an enrolment that returned ``rc``: a set made, with its measure on the photos
    kept out of it, in words and in figures (``held_out``, ``learnt``: what :func:`status` judges it by)."""
    if rc == 0:
        try:  # the set is written: what it says of itself is only added to the outcome
            held = _held_out(_tileset_meta(str(name))) if name else None
        except Exception:  # noqa: BLE001 - a damaged tileset.json: the set is still ready
            held = None
        figures = {"held_out": held[0], "learnt": held[1]} if held else {}
        return {"ok": True, "message": f"tile set {name!r} is ready",
                "message_ja": f"牌セット「{name}」ができました", "measured": _measured(held), **figures}
    return {"ok": False, "message": f"the enrolment ended with code {rc}",
            "message_ja": f"登録が終了コード {rc} で終わりました"}


def _held_out(meta: dict | None, learnt_key: str = "photos") -> tuple[dict, int] | None:
    """A set's measure on the accepted photos kept out of it (``tileset.json``'s ``held_out``, or ``result.json``'s
    copy) and the photos it learnt (``tileset.json``'s ``photos``; ``learnt_key``: ``learnt`` in a result); None when
    none were kept out, or it does not say."""
    held = (meta or {}).get("held_out")
    learnt = (meta or {}).get(learnt_key, 0)
    if not isinstance(held, dict) or not isinstance(learnt, int):
        return None
    return held, learnt


def _measured(held: tuple[dict, int] | None) -> list[str] | None:
    """What a set named right on the accepted photos kept out of it (``_held_out``: ``vision.enroll.measured_words``),
    in English and Japanese; None when none were kept out."""
    try:  # the set is written: what it says of it is only added to the outcome
        return list(_enroll.measured_words(*held)) if held else None
    except Exception:  # noqa: BLE001 - a damaged tileset.json: the set is still ready
        return None


def _poor_warning(result: dict, job: dict, root: Path) -> tuple[str, str] | None:
    """The warning of a set that reads poorly (``vision.enroll.poor_words``), judged from its figures: those the
    result saved, else, for a result of an older tilelens (which saved neither them nor the warning), the set's own
    ``tileset.json`` where the set is still this dataset's. None for a set that measured well, or no figures."""
    held = _held_out(result, "learnt")
    name = str(job.get("name", ""))
    if held is None and name and not taught_elsewhere(name, root):
        held = _held_out(_tileset_meta(name))
    epochs, minutes = job.get("epochs"), job.get("minutes", 0.0)
    try:
        bound = argparse.Namespace(epochs=epochs if isinstance(epochs, int) else None, minutes=float(minutes))
        return _enroll.poor_words(held[0], held[1], bound) if held else None
    except (TypeError, ValueError, KeyError):  # figures not of a tilelens: nothing judged
        return None


def _failure(exc: BaseException, trace: bool = True) -> dict:
    """``result.json``'s outcome of an enrolment that raised ``exc``; ``trace``: print the traceback where
    one helps (the child's goes to its log; the command says an error in one line)."""
    if isinstance(exc, TilelensInputError):
        return {"ok": False, "message": str(exc), "message_ja": getattr(exc, "message_ja", "")}
    if isinstance(exc, OSError):  # the models folder cannot be written (no rights, a full disk, a file there)
        if trace:
            traceback.print_exc()
        where = f"{exc.filename}: " if exc.filename else ""
        why = exc.strerror or str(exc)
        return {"ok": False, "message": f"the tile set could not be written: {where}{why}",
                "message_ja": f"牌セットを書き出せませんでした: {where}{why}"}
    if trace:
        traceback.print_exc()
    if isinstance(exc, MemoryError):  # says nothing of itself
        return {"ok": False, "message": "the enrolment ran out of memory: close other programs and try again, or "
                                        "use a computer with more memory",
                "message_ja": "登録中にメモリが足りなくなりました。ほかのアプリを閉じるか、メモリの多いパソコンで"
                              "もう一度試してください"}
    # in plain words, not Python's name for it (the traceback is in the job's log); its own words kept
    detail = f": {exc}" if str(exc) else ""
    return {"ok": False, "message": f"the enrolment stopped on a problem it did not expect{detail}",
            "message_ja": f"登録が思わぬ問題で止まりました{detail}"}


def _run(folder: Path) -> int:
    """The child: run ``tilelens enroll`` with the job's arguments, keep its progress and its outcome."""
    job = _read_json(folder, "job.json") or {}
    warnings: list[list[str]] = []
    try:
        from vision.enroll import main as enroll

        rc = enroll([str(a) for a in job.get("args", [])], on_progress=_progress_writer(folder),
                    on_warning=lambda en, ja: warnings.append([en, ja]))
        result = _outcome(rc, job.get("name"))
    except Exception as exc:  # noqa: BLE001 - the page shows one line; the traceback goes to the log
        result = _failure(exc)
    atomic_write_json(_job_target(folder, "result.json"), {**result, "warnings": warnings})
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(_run(Path(sys.argv[1])))
