"""Pre-labelling a dataset again (the Label page's "Pre-label again with another game or set"), all or nothing: the
photos not accepted yet get the chosen model's proposals in place of their boxes, and where anything goes wrong on the
way (a full disk, no model, a progress file damaged, Ctrl-C) every label file and the ``data.yaml`` are as they were.
And a label file numbered by one tile list renumbered for another (a photo removed before the dataset took another
list, brought back by Undo). And what a "Pre-label again" stopped half way (the app killed) left in the dataset, put
back (``put_back_leftovers``)."""
from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tilelens.labelling import editing, prelabel
from tilelens.labelling.model import LabelFileError
from tilelens.labelling.store import read_progress
from tilelens.labelling.yolo import DataConfig, format_data_yaml, label_path_for, read_data_yaml, relpath

ASIDE_PREFIX = ".prelabel-again-"  # the folder in the dataset the label files wait in while it is pre-labelled again
# (``.prelabel-again-<the process's id>-<random>``): the aside folders of this process's runs still going, which no
# one else puts back (another page open on the dataset at the same time); and the lock that makes one and puts back
_IN_USE: set[Path] = set()
_LOCK = threading.Lock()


def renumbered(text: str, old: Sequence[str], new: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    """A label file's ``text`` numbered by the tile list ``old``, each box's class number made that of its kind in
    the list ``new``; and the kinds of its boxes ``new`` does not have (the text is then returned as it is). A line
    that names no kind of ``old`` (a word, a number past it) is kept as it is.

    >>> renumbered("1 0.5 0.5 0.1 0.1\\n", ("1m", "2m"), ("2m", "1m"))
    ('0 0.5 0.5 0.1 0.1\\n', ())
    >>> renumbered("1 0.5 0.5 0.1 0.1\\n", ("1m", "2m"), ("yokai-01",))
    ('1 0.5 0.5 0.1 0.1\\n', ('2m',))
    """
    where = {kind: i for i, kind in reversed(list(enumerate(new)))}
    lines, missing = [], []
    for line in text.splitlines(keepends=True):
        head = line.lstrip()
        word = head.split(maxsplit=1)[0] if head.strip() else ""
        try:
            number = int(word)
        except ValueError:
            lines.append(line)
            continue
        if not 0 <= number < len(old):
            lines.append(line)
            continue
        kind = old[number]
        if kind not in where:
            missing.append(kind)
            continue
        lines.append(line[:len(line) - len(head)] + str(where[kind]) + head[len(word):])
    if missing:
        return text, tuple(dict.fromkeys(missing))
    return "".join(lines), ()


def prelabel_again(root: Path | str, game: str | None, tileset: str | None = None, reader: prelabel.Reader | None = None,
                   table: str | Path | None = None, new_list: DataConfig | None = None,
                   reader_of: tuple[str | None, str | None] | None = None,
                   on_photo=None) -> prelabel.PrelabelSummary:
    """Pre-label the photos of the dataset ``root`` not accepted yet again (``prelabel.prelabel_folder`` with
    ``overwrite``; ``game``, ``tileset``, ``reader``, ``table``, ``reader_of`` and ``on_photo`` as its: ``game`` and ``tileset`` the
    dataset's own, ``reader_of`` the set or game of its tile list picked). ``new_list``: the dataset's ``data.yaml``
    with another tile list (another game's), written first; every photo's boxes were numbered by the old list, so
    none is kept (a photo that cannot be read is left with none), and it is refused (``LabelFileError``, nothing
    written) while a photo is accepted. The label files of the photos not accepted are moved aside into a folder of
    the dataset first (a move needs no room on the disk), and on any error put back, with the ``data.yaml``, and the
    error raised; a photo with no label file before has none after. Returns the pre-labelling's summary."""
    root = Path(root)
    for left in put_back_leftovers(root):  # a run stopped half way before: its boxes back first, or refused
        if left.stuck is not None:
            raise LabelFileError(*left.text())
    config = read_data_yaml(root)
    photos = editing.photo_paths(root, config)
    accepted = read_progress(root) & set(photos)
    if new_list is not None and accepted:
        n = len(accepted)
        raise LabelFileError(f"not pre-labelled again with another tile list: {n} photo{'' if n == 1 else 's'} "
                             f"{'is' if n == 1 else 'are'} accepted, {'its' if n == 1 else 'their'} boxes named with "
                             f"this one (mark {'it' if n == 1 else 'them'} as to do first)",
                             f"別の牌の一覧では下書きし直しません: OK にした写真 {n}枚の枠はいまの一覧の名前です "
                             f"(先にその写真を未完了に戻してください)")
    labels = [label_path_for(root / photo) for photo in photos if photo not in accepted]
    with _LOCK:
        aside = Path(tempfile.mkdtemp(prefix=f"{ASIDE_PREFIX}{os.getpid()}-", dir=root))
        _IN_USE.add(aside)
    try:
        return _prelabel_aside(root, aside, labels, game, tileset, reader, table, new_list, reader_of, on_photo)
    finally:
        with _LOCK:
            _IN_USE.discard(aside)


def _prelabel_aside(root: Path, aside: Path, labels: list[Path], game: str | None, tileset: str | None,
                    reader: prelabel.Reader | None, table: str | Path | None,
                    new_list: DataConfig | None,
                    reader_of: tuple[str | None, str | None] | None = None,
                    on_photo=None) -> prelabel.PrelabelSummary:
    """``prelabel_again``'s work, the label files ``labels`` moved aside into ``aside`` while it is done."""
    moved: list[tuple[Path, Path]] = []  # (label file, where it waits)
    bare: list[Path] = []  # the label files there were not: none after a failure either
    data, kept = root / "data.yaml", None
    try:
        _keep(data, aside / "data.yaml")
        kept = aside / "data.yaml"
        for label in labels:
            if not label.is_file():
                bare.append(label)
                continue
            waiting = aside / "labels" / relpath(root, label)
            waiting.parent.mkdir(parents=True, exist_ok=True)
            os.replace(label, waiting)
            moved.append((label, waiting))
        if new_list is not None:
            from tilelens.labelling.store import atomic_write_text

            atomic_write_text(data, format_data_yaml(root, new_list))
        summary = prelabel.prelabel_folder(root, game, tileset, reader=reader, overwrite=True, progress=False,
                                           table=table, reader_of=reader_of, on_photo=on_photo)
    except BaseException:
        if _put_back(data, kept, moved, bare):
            shutil.rmtree(aside, ignore_errors=True)
        raise
    if new_list is None:  # the same list: a photo not read (not written again) keeps its boxes
        for label, waiting in moved:
            if not label.exists():
                try:
                    os.replace(waiting, label)
                except OSError:
                    pass  # its folder gone since: nothing to put it in
    shutil.rmtree(aside, ignore_errors=True)
    return summary


def _keep(data: Path, copy: Path) -> None:
    """Keep the ``data.yaml`` as it is at ``copy``: a second name for the file where the file system allows (no room
    taken: its writes replace it with a new file), else a copy."""
    try:
        os.link(data, copy)
    except OSError:
        shutil.copy2(data, copy)


def _put_back(data: Path, kept: Path | None, moved: list[tuple[Path, Path]], bare: list[Path]) -> bool:
    """Put the label files moved aside back, take away those written where there were none, and put the ``data.yaml``
    ``kept`` back (None: not kept yet, nothing changed it); False where something could not be (the folder they
    waited in is then left, holding it)."""
    whole = True
    for label, waiting in moved:
        try:
            os.replace(waiting, label)
        except OSError:
            whole = False
    for label in bare:
        try:
            label.unlink(missing_ok=True)
        except OSError:
            whole = False
    try:
        if kept is not None:
            os.replace(kept, data)
    except OSError:
        whole = False
    return whole


@dataclass(frozen=True)
class Leftover:
    """What a "Pre-label again" stopped half way (the app killed) had left aside in the dataset, and what was done with
    it (``put_back_leftovers``): ``folder``, its name in the dataset; ``restored``, the label files put back;
    ``kept_newer``, the photos already pre-labelled again, which keep their new boxes; ``rolled_back``, it had
    written another tile list into the data.yaml: the old one is back, with every photo's old boxes (the new ones
    were numbered by the other list) and ``removed`` new label files of photos that had none; ``stuck``, the error
    that left the folder (with what was not put back) where it is."""

    folder: str
    restored: int = 0
    kept_newer: int = 0
    rolled_back: bool = False
    removed: int = 0
    stuck: OSError | LabelFileError | None = None

    def text(self) -> tuple[str, str]:
        """What it is and what was done (or is to be done), in English and in Japanese."""
        def photos(n: int) -> str:
            return f"{n} photo{'' if n == 1 else 's'}"

        stopped, stopped_ja = ('A "Pre-label again" was stopped before it finished (the app was closed)',
                               "「もう一度下書き」が終わる前に止まっていました (アプリが閉じられた)")
        if self.stuck is not None:
            why = getattr(self.stuck, "strerror", None) or str(self.stuck)
            return (f"{stopped}, and the old boxes it set aside in the dataset's folder {self.folder} could not be "
                    f"put back ({why}). Move the files under {self.folder}/labels back to the same places in the "
                    f"dataset (and its data.yaml, if there is one, over the dataset's), then delete {self.folder}.",
                    f"{stopped_ja}。よけておいた前の枠 (データセットのフォルダ {self.folder}) を戻せませんでした "
                    f"({why})。{self.folder}/labels の下のファイルをデータセットの同じ場所に戻し (data.yaml が"
                    f"あればそれもデータセットのものと入れ替え)、{self.folder} を削除してください。")
        if self.rolled_back:
            return (f"{stopped} while it changed the dataset's tile list: the data.yaml and the boxes of "
                    f"{photos(self.restored)} are as they were before it. Pre-label again to change the game.",
                    f"{stopped_ja}。牌の一覧を変える途中だったので、data.yaml と写真 {self.restored}枚の枠を"
                    f"その前のとおりに戻しました。ゲームを変えるにはもう一度下書きしてください。")
        return (f"{stopped}: put back the old boxes of {photos(self.restored)}"
                + (f"; {photos(self.kept_newer)} had already been pre-labelled again and "
                   f"{'keeps its' if self.kept_newer == 1 else 'keep their'} new boxes" if self.kept_newer else "")
                + ". Pre-label again to finish it.",
                f"{stopped_ja}。写真 {self.restored}枚の前の枠を戻しました"
                + (f" (下書きし直し済みの {self.kept_newer}枚は新しい枠のまま)" if self.kept_newer else "")
                + "。続けるにはもう一度下書きしてください。")


def put_back_leftovers(root: Path | str) -> tuple[Leftover, ...]:
    """Put back what a "Pre-label again" of the dataset ``root`` stopped half way (the app killed: no error to put it
    back on) left in its folder (``.prelabel-again-*``), one ``Leftover`` each; none where there is none (a folder
    of a run still going, here or in another app, is left alone). Each label file kept aside goes back where its
    photo has none now; one pre-labelled again since keeps its new boxes. Where the run had written another tile list
    into the data.yaml, the whole run is undone: the old data.yaml and every old label file back, and the new label
    files of photos that had none taken away (they are numbered by the other list). Where something cannot be moved,
    the folder stays (``Leftover.stuck``); an empty one is taken away without a word."""
    root = Path(root)
    out = []
    with _LOCK:
        try:
            folders = sorted(p for p in root.iterdir() if p.name.startswith(ASIDE_PREFIX) and p.is_dir())
        except OSError:
            return ()
        for aside in folders:
            if aside in _IN_USE or _run_going(aside.name):
                continue
            left = _put_back_leftover(root, aside)
            if left is not None:
                out.append(left)
    return tuple(out)


def _run_going(name: str) -> bool:
    """Whether the aside folder ``name`` is another app's, running still: its process id (in the name) one alive.
    Where processes cannot be asked without harm (Windows: a signal there ends it), taken as not."""
    pid = name[len(ASIDE_PREFIX):].split("-", 1)[0]
    if not pid.isdigit() or int(pid) == os.getpid() or os.name != "posix":
        return False  # made before the names held it, or this app's (whose runs going are ``_IN_USE``)
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def _put_back_leftover(root: Path, aside: Path) -> Leftover | None:
    from tilelens.labelling.yolo import parse_data_yaml

    data, kept = root / "data.yaml", aside / "data.yaml"
    waiting = aside / "labels"
    files = sorted(p for p in waiting.rglob("*") if p.is_file()) if waiting.is_dir() else []
    if not files and not kept.exists():
        shutil.rmtree(aside, ignore_errors=True)
        return None
    try:
        rolled_back = False
        if kept.is_file():
            old = parse_data_yaml(kept.read_text(encoding="utf-8", errors="replace"), str(kept))
            try:
                now = read_data_yaml(root).names
            except LabelFileError:
                now = ()
            rolled_back = tuple(now[:len(old.names)]) != tuple(old.names)  # not the list the old boxes were of
        restored = kept_newer = removed = 0
        if rolled_back:  # the new label files of photos that had none: written since the run began (the old
            started = kept.stat().st_ctime  # data.yaml's second name made then), not one of those kept aside
            back = {os.path.abspath(root / file.relative_to(waiting)) for file in files}
            accepted = read_progress(root)
            for photo in editing.photo_paths(root, old):
                label = label_path_for(root / photo)
                if (photo not in accepted and os.path.abspath(label) not in back and label.is_file()
                        and label.stat().st_mtime >= started):
                    label.unlink()
                    removed += 1
        for file in files:
            label = root / file.relative_to(waiting)
            if label.exists() and not rolled_back:
                kept_newer += 1
                continue
            label.parent.mkdir(parents=True, exist_ok=True)
            os.replace(file, label)
            restored += 1
        if rolled_back:
            os.replace(kept, data)
    except (OSError, LabelFileError) as exc:
        return Leftover(aside.name, stuck=exc)
    shutil.rmtree(aside, ignore_errors=True)
    return Leftover(aside.name, restored, kept_newer, rolled_back, removed)


__all__ = ["ASIDE_PREFIX", "Leftover", "prelabel_again", "put_back_leftovers", "renumbered"]
