"""Where a user's own data lives: ``TILELENS_HOME`` (default ``~/.tilelens``). The app's settings
(``app.settings``), the ledger and the tile sets a user enrols into an installed package, or into a checkout where
``TILELENS_HOME`` is set (``vision.detector.tileset_dirs``), all keep theirs under it; this module imports nothing
of theirs."""
from __future__ import annotations

import errno
import os
from pathlib import Path


def home_dir() -> Path:
    """The user's data folder (env ``TILELENS_HOME``, default ``~/.tilelens``)."""
    return Path(os.environ.get("TILELENS_HOME") or Path.home() / ".tilelens").expanduser()


def home_set() -> bool:
    """Whether ``TILELENS_HOME`` is set (not empty): a home chosen for this run, not the default ``~/.tilelens``. In a
    repository checkout it then holds the tile sets a user teaches too (``vision.detector.tileset_dirs``)."""
    return bool(os.environ.get("TILELENS_HOME"))


def home_in_the_way(blocker: str | Path) -> tuple[str, str] | None:
    """Where ``blocker``, found where a folder must be (a file, a link to nothing), is the home or a folder above it:
    that said as the thing to fix, in English and Japanese ("TILELENS_HOME names a file, not a folder: …"); None
    where it is no part of the home (the caller names the file as it is)."""
    home, blocker = Path(os.path.abspath(home_dir())), Path(os.path.abspath(blocker))
    if blocker != home and blocker not in home.parents:
        return None
    name = "TILELENS_HOME" if home_set() else None
    if os.path.islink(blocker) and not os.path.exists(blocker):
        target = os.readlink(blocker)
        what = (f"{blocker} is a link to a folder that is not there ({target})",
                f"{blocker} は、ないフォルダ ({target}) へのリンクです")
        if blocker == home:
            return ((f"{name} is a link to a folder that is not there: {home} -> {target}",
                     f"{name} はないフォルダへのリンクです: {home} -> {target}") if name else
                    (f"the tilelens home {what[0]}", f"tilelens のホーム {what[1]}"))
    elif blocker == home:
        return ((f"{name} names a file, not a folder: {home}", f"{name} がフォルダではなくファイル {home} を指しています")
                if name else (f"the tilelens home {home} is a file, not a folder",
                              f"tilelens のホーム {home} はフォルダではなくファイルです"))
    else:
        what = f"{blocker} is a file, not a folder", f"{blocker} はファイルで、フォルダではありません"
    return ((f"{name or 'the tilelens home'} {home} cannot be a folder: {what[0]}",
             f"{name or 'tilelens のホーム'} {home} はフォルダになれません。{what[1]}"))


def file_in_the_way(path: str | Path) -> Path | None:
    """The file (not a folder: a link to nothing too) in the place of one of the folders ``path`` is in, if any: the
    nearest of them that is there decides (``home_in_the_way`` says it where it is the home or above it)."""
    for folder in Path(path).parents:
        if os.path.lexists(folder):
            return None if folder.is_dir() else folder
    return None


PRIVATE = 0o700  # a folder tilelens makes in the home: the user's alone (photos, the ledger, datasets are in it)


def make_dirs(path: str | Path) -> Path:
    """``path`` made with the folders missing above it (``mkdir -p``), those that are the home or in it private
    (``PRIVATE``: the laptop's other users read none of it; made 0755, a club's ledger and photos were theirs to
    read). A folder that is there already, the home a user made too, is left as it is: never chmod-ed, and a
    stricter umask is kept (the mode is masked by it). The folders above the home are made as any folder is."""
    path, home = Path(path), home_dir()
    missing = []
    for folder in (path, *path.parents):
        if os.path.isdir(folder):
            break
        missing.append(folder)
    for folder in reversed(missing):
        private = folder == home or home in folder.parents
        try:
            os.mkdir(folder, PRIVATE) if private else os.mkdir(folder)
        except FileExistsError:  # made meanwhile (another session), or a file in its place: said below
            pass
    path.mkdir(parents=True, exist_ok=True)  # there now; a file in its place raises as mkdir says it
    return path


def private_home() -> Path:
    """The home (``home_dir``), made private where it is not there yet (``make_dirs``): what `tilelens app` and the
    app's first run do, so that whatever is written there later (the ledger) is in a folder of the user's alone."""
    return make_dirs(home_dir())


def added_games_dir() -> Path:
    """``$TILELENS_HOME/games/_added``: the games a club added in the app from its own rules file (``<id>.toml``;
    ``app.settings.add_game``), as the home folder is now. ``_`` is in no game's id, so no game's house tables
    (``games/<id>/``) share it."""
    return home_dir() / "games" / "_added"


def house_dir(game_id: str) -> Path:
    """``$TILELENS_HOME/games/<id>``: the folder of a game's house tables edited in the app (``app.settings``)."""
    return home_dir() / "games" / game_id


# what a command line user does to play the box's table instead of an edit that cannot be read (``edited_path``)
SHIPPED_WAY_OUT = ("Add --shipped-rules to play the box's table", "箱のままのルールで遊ぶには --shipped-rules を付けます")


def added_file(game_id: str) -> Path | None:
    """The file of ``game_id`` as it was added in the app (``scorer.catalog.added_games``: what ``--shipped-rules``
    plays of it, and what the app's "Restore the table as added" goes back to), or None where it is a shipped game
    (or none)."""
    from scorer.catalog import added_games, list_games

    return None if game_id in list_games() else added_games().get(game_id)


def shipped_way_out(game_id: str) -> tuple[str, str]:
    """How the command line plays ``game_id`` without its edit (English, Japanese): a shipped game's box's table
    (``SHIPPED_WAY_OUT``), an added game's file as added, which has no box."""
    added = added_file(game_id)
    if added is None:
        return SHIPPED_WAY_OUT
    return (f"Add --shipped-rules to play the table as added ({added})",
            f"追加したときの表 ({added}) で遊ぶには --shipped-rules を付けます")


def edited_path(game_id: str, way_out: tuple[str, str] | None = None) -> Path | None:
    """The newest saved edit of a game's table (the one the app plays), or None where the shipped table (or the
    file as added) is in use. Hidden files are not saved edits: the app checks a text in ``.check-*.toml`` there
    before it saves it. Nor are the files in its subfolders: ``history/`` keeps the edits replaced by a later Save
    or put aside by a Restore of the shipped table (``app.settings.history_dir``), never played.

    A folder of edits that cannot be read (no permission), an edit that is a link to no file or a folder, and an
    edit saved under another extension (``misnamed_toml``: Notepad's ``x.toml.txt``, ``x.TOML``) newer than the edit in
    use and than the app's last Save or Restore (``history/``) is a ``GameFileError`` naming it, ending with
    ``way_out`` (a sentence in English and in Japanese: how to play the box's table instead; the command line's
    ``--shipped-rules`` unless told, ``shipped_way_out``): the box's table was played in silence, the club's edit
    skipped."""
    from scorer.catalog import misnamed_toml

    if way_out is None:
        way_out = shipped_way_out(game_id)
    folder = house_dir(game_id)
    try:
        if not folder.is_dir():
            return None
        names = sorted(os.listdir(folder))
    except FileNotFoundError:  # removed meanwhile (a Reset in the app): no edit
        return None
    except OSError as exc:  # no permission to list it, or to look in it
        raise _unreadable(game_id, folder, exc, way_out) from None
    edits: list[tuple[int, Path]] = []
    misnamed: list[tuple[int, Path]] = []  # saved as x.toml.txt or x.TOML (Notepad): not read, said where newest
    for name in names:
        path = folder / name
        if name.startswith(".") or not name.endswith(".toml"):
            if not name.startswith(".") and misnamed_toml(name) is not None:
                try:
                    if path.is_file():
                        misnamed.append((path.stat().st_mtime_ns, path))
                except OSError:  # removed meanwhile, or not to be looked in: said of the .toml files, if any
                    pass
            continue
        try:
            if path.is_file():
                edits.append((path.stat().st_mtime_ns, path))
            elif path.is_symlink():  # a link to a file gone: which edit is the newest cannot be told
                raise _dangling(game_id, path, way_out)
            elif path.is_dir():  # a folder of an edit's name: the club's edit is not in it to play
                raise _folder_edit(game_id, path, way_out)
        except FileNotFoundError:  # removed meanwhile
            continue
        except OSError as exc:  # a folder that can be listed but not looked in (no x permission)
            raise _unreadable(game_id, folder, exc, way_out) from None
    edits.sort(key=lambda edit: edit[0])  # the newest last; of one time, the last by name
    if misnamed:  # the club's newest save, unless the app saved or restored a table since (history/ changed then)
        newest = max(misnamed)
        since = [edits[-1][0]] if edits else []
        try:
            since.append((folder / "history").stat().st_mtime_ns)
        except OSError:
            pass
        if newest[0] > max(since, default=-1):
            raise _misnamed_edit(game_id, newest[1], way_out)
    return edits[-1][1] if edits else None


def _game_name_ja(game_id: str) -> str:
    """A game's Japanese name for a message about its house tables, read from its shipped (or added) file: not by
    its id, which would look its house tables up again."""
    from scorer.catalog import GAMES_DIR, added_games, load_game
    from scorer.result import game_name_ja

    try:
        shipped = GAMES_DIR / f"{game_id}.toml"
        game = load_game(shipped if shipped.is_file() else added_games()[game_id])
    except Exception:  # noqa: BLE001 - the message is still said, with the id
        return f" {game_id} "
    return game_name_ja(game_id, game)


def _unreadable(game_id: str, folder: Path, exc: OSError, way_out: tuple[str, str]):
    """``GameFileError``: the folder of ``game_id``'s house tables cannot be read (``exc``)."""
    from scorer import GameFileError

    why = exc.strerror or str(exc)
    why_ja = "権限がありません" if exc.errno in (errno.EACCES, errno.EPERM) else why
    return GameFileError(
        f"the house tables of {game_id} edited in the app cannot be read: {folder}: {why}. Give the folder its "
        f"read permission back (chmod u+rwx). {way_out[0]}",
        f"アプリで編集した{_game_name_ja(game_id)}のハウスルールを読めません: {folder}: {why_ja}。フォルダの読み取りの"
        f"権限を戻してください (chmod u+rwx)。{way_out[1]}")


def _dangling(game_id: str, path: Path, way_out: tuple[str, str]):
    """``GameFileError``: an edit of ``game_id`` at ``path`` is a link to a file that is not there."""
    from scorer import GameFileError

    try:
        target = os.readlink(path)
    except OSError:
        target = "?"
    return GameFileError(
        f"the house table of {game_id} edited in the app ({path}) is a link to {target}, which is no file: put the "
        f"file back there, or remove the link. {way_out[0]}",
        f"アプリで編集した{_game_name_ja(game_id)}のハウスルール ({path}) は {target} へのリンクですが、その先に"
        f"ファイルがありません。ファイルを戻すか、リンクを消してください。{way_out[1]}")


def _folder_edit(game_id: str, path: Path, way_out: tuple[str, str]):
    """``GameFileError``: an edit of ``game_id`` at ``path`` is a folder (the club's edit is not played from it)."""
    from scorer import GameFileError

    return GameFileError(
        f"the house table of {game_id} edited in the app ({path}) cannot be used: it is a folder, not a game file: "
        f"move what is in it out, and remove the folder. {way_out[0]}",
        f"アプリで編集した{_game_name_ja(game_id)}のハウスルール ({path}) が使えません: フォルダです。ゲームの"
        f"ファイルではありません。中のものを外に移して、フォルダを消してください。{way_out[1]}")


def _misnamed_edit(game_id: str, path: Path, way_out: tuple[str, str]):
    """``GameFileError``: the newest edit of ``game_id`` was saved as ``path``, under another extension than .toml
    (``misnamed_toml``), which is not read."""
    from scorer import GameFileError
    from scorer.catalog import misnamed_toml

    base, ext = misnamed_toml(path.name) or (path.stem, path.suffix)
    return GameFileError(
        f"the house table of {game_id} edited in the app cannot be used: {path} is not read (its name ends in "
        f"{ext}, not .toml): rename it {base}.toml. {way_out[0]}",
        f"アプリで編集した{_game_name_ja(game_id)}のハウスルールが使えません: {path} は読みません (名前の末尾が .toml "
        f"ではなく {ext} です)。{base}.toml にしてください。{way_out[1]}")


def same_id(game, game_id: str, where: str = "") -> None:
    """``GameFileError`` where an edited table of ``game_id`` says another id (``where``: the file, when named)."""
    from scorer import GameFileError
    from scorer.result import quoted_ja

    if game.id != game_id:
        raise GameFileError(f"{where}the edited file says id = {game.id!r}; it must stay {game_id!r}",
                            f"{where}編集したルールの id が{quoted_ja(game.id)}になっています: {quoted_ja(game_id)}のままにしてください")


MAX_PLAYERS = 4  # seats at a table of tilelens (the app's, the ledger's): east, south, west, north


def check_rule_tables(game, seats: int | None = MAX_PLAYERS) -> None:
    """Parse the engine's rule tables and the ledger's ``[table]`` now, so a broken yaku table is refused
    when it is saved rather than failing when a hand is scored (``load_game`` checks the catalog only). ``seats``:
    the most players a table has room for (``MAX_PLAYERS``, the app's and the command line's alike; None: any)."""
    from scorer import GameFileError, TilelensInputError
    from tilelens.ledger import rules_for as table_rules

    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for

        rules_for(game)
    else:
        from scorer.rules import donjara_rules

        most = donjara_rules(game).win.players_max
        if seats is not None and most > seats:  # the library scores five; a fifth seat at the ledger's table was an IndexError
            raise GameFileError(f"{game.source}: field win.players_max: must be at most {seats} (a table has "
                                f"{seats} seats: east, south, west, north) (got {most})",
                                f"{game.source}: 項目 win.players_max: 卓は東南西北の{seats}席なので "
                                f"{seats} 以下にしてください (いま {most})")
    try:  # the ledger reads [table]: its keys and multiple_ron (check_table, which rules_for calls), its values
        table_rules(game)
    except TilelensInputError as exc:
        raise GameFileError(f"{game.source}: {exc}", f"{game.source}: {exc.message_ja or exc}") from None


def checked_table(game_id: str, path: str | Path):
    """The table at ``path`` played as ``game_id`` (a club's edit of it, or an added game's file as added), read and
    checked as the app and the command line both check it: it loads (``scorer.load_game``), says ``game_id``
    (``same_id``), and its rule tables parse with room for ``MAX_PLAYERS`` seats (``check_rule_tables``). One
    sequence, so the two refuse the same tables with the same words; a ``GameFileError`` naming the file."""
    from scorer.catalog import load_game

    game = load_game(path)
    same_id(game, game_id, f"{path}: ")  # an id edited by hand: played as another game's
    check_rule_tables(game)
    return game


def stored_problem(path: str | Path):
    """What a table saved before a check came is read despite (``scorer.catalog.STRICT_CHECKS``: a riichi
    ``noten_total`` of 1,000 at four, which the Rules page saved before that check refused it, played 333 x 3), as the
    ``GameFileError`` a file written or named on purpose gets (``load_game(..., strict=True)``: the app's Save, ``--game
    FILE``), for the app and the command line to say as a warning while the table plays as it did; None where the file
    passes, or does not load at all (that refusal is said where the game is asked for: ``checked_table``)."""
    from scorer.catalog import load_game
    from scorer.result import GameFileError

    try:
        load_game(path)
    except (GameFileError, OSError):
        return None
    try:
        load_game(path, strict=True)
    except GameFileError as exc:
        return exc
    return None


def over_most_warning(game) -> tuple[str, str] | None:
    """A riichi ``game`` whose set holds more of a tile than riichi plays (``scorer.riichi_rules.kinds_over_most``: a
    house set of eight Easts), said as a warning in English and Japanese, in the scorer's words for a hand that holds
    a fifth (``scorer.riichi_hand.MOST_OF_A_KIND``), naming the tiles by the game's own names; None for any other
    game. Said when such a table is added or saved (a physical set may hold extras: not a refusal), not later, when
    the palette first refuses a fifth East."""
    if game.engine != "riichi":
        return None
    from scorer.riichi_hand import MOST_OF_A_KIND
    from scorer.riichi_rules import kinds_over_most

    over = kinds_over_most(game)
    if not over:
        return None
    names = {kind.id: kind for kind in game.tiles}

    def name_en(tile_id: str) -> str:
        kind = names.get(tile_id)
        return f"{kind.name_en} ({tile_id})" if kind is not None and kind.name_en else tile_id

    def name_ja(tile_id: str) -> str:
        kind = names.get(tile_id)
        return kind.name_ja if kind is not None and kind.name_ja else tile_id

    en = "; ".join(f"{name_en(tile_id)}, {n} copies" for tile_id, n in over)
    ja = "、".join(f"{name_ja(tile_id)}が{n}枚" for tile_id, n in over)
    return (f"riichi mahjong plays {MOST_OF_A_KIND} of a tile at most; this set has more: {en}",
            f"リーチ麻雀で使えるのは同じ牌{MOST_OF_A_KIND}枚までです。このセットには{ja}あります")


# The record of the shipped table an edit was made from: a hidden file beside the edit (``made_from_path``), written
# when the app saves it (``record_made_from``). The Rules page lists what the box changed since (``shipped_changes``);
# the command line says where an edit has none (``made_from_unknown``).

def made_from_path(edit: Path) -> Path:
    """Where the shipped text an edit was made from is kept: a hidden file beside it (not a saved edit)."""
    return edit.with_name(f".{edit.stem}.shipped")


def made_from(edited: Path | None, shipped: Path) -> str | None:
    """The shipped text the next save of a game is an edit of: the one ``edited``, its edit in use, was made from
    (an edit of an edit is still an edit of that table), the text of ``shipped`` (its shipped file, or its file as
    added) where there is no edit; None where it is not known (an edit saved by hand, or before tilelens kept it, or
    a record cut short: :func:`_record_text`)."""
    if edited is not None:
        return _record_text(edited)
    try:
        return shipped.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _record_text(edit: Path) -> str | None:
    """The shipped text kept beside ``edit`` (:func:`made_from_path`); None where there is none, or it cannot be the
    table kept: empty, not UTF-8, or not TOML (cut short by a full disk or a kill while an older tilelens wrote it in
    place), which read as a table of nothing made every line of today's shipped table "changed since"."""
    import tomllib

    try:
        text = made_from_path(edit).read_text(encoding="utf-8")
        if text.strip():
            tomllib.loads(text)
            return text
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):  # TOMLDecodeError is a ValueError
        pass
    return None


def record_made_from(edit: Path, text: str | None, strict: bool = False) -> None:
    """Keep ``text``, the shipped table ``edit`` was made from, beside it (forget it where it is not known), written
    whole or not at all (a temporary file synced, then renamed over the record: a full disk left it 0 bytes). An
    ``OSError`` (a full disk, a folder not writable) is raised where ``strict`` (a Save writes it before the edit is
    in place, so a failure saves nothing); else the edit stays as it is, only the news of a later update of the
    shipped table lost."""
    record = made_from_path(edit)
    try:
        if text is None:
            record.unlink(missing_ok=True)
        else:
            write_whole(record, text)
    except OSError:
        if strict:
            raise
        return
    sweep_temps(record, older_s=60)  # those of a write killed before


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a hidden temporary file beside it (``.NAME.*.tmp``), synced to
    the disk, then renamed over ``path``; the temporary file removed on any failure. An ``OSError`` names ``path``
    where the system named none or the temporary file."""
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and exc.errno is not None and exc.filename in (None, tmp):
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise


STALE_TEMP_S = 3600  # a hidden temporary file this old is a save's that was killed, not one being written now


def sweep_temps(path: Path, older_s: float = STALE_TEMP_S, pattern: str | None = None) -> None:
    """Remove the hidden temporary files a save of ``path`` killed part way left beside it (``.NAME.*.tmp``, as
    :func:`write_whole` and ``tilelens.labelling.store.atomic_write_bytes`` name theirs; ``pattern``: another glob in
    its folder), each a plain file older than ``older_s``: never one a save writing now fills. Errors are ignored (a
    tidy-up only). Called after a save of ``path`` succeeds."""
    import glob
    import stat
    import time

    now = time.time()
    try:
        found = list(path.parent.glob(pattern or f".{glob.escape(path.name)}.*.tmp"))
    except OSError:
        return
    for tmp in found:
        try:
            info = tmp.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_s:
                tmp.unlink()
        except OSError:
            continue


def made_from_unknown(game_id: str, edited: Path | None) -> bool:
    """Whether ``edited``, the edit in use of ``game_id``, is an edit of a shipped game with no record of the shipped
    table it was made from: saved by a tilelens older than the record (it kept none), put in its folder by hand, or
    saved over such an edit. :func:`shipped_changes` then lists where the edit differs from today's shipped table,
    its own changes among them. An added game's edit never is: the file as added is the club's, which no update of
    tilelens changes."""
    from scorer.catalog import list_games

    return edited is not None and game_id in list_games() and _record_text(edited) is None


def same_text(a: str, b: str) -> bool:
    """Whether two tables' texts are the same file to a reader (line endings, the blank ends and a byte-order mark in
    front aside: Windows Notepad's "UTF-8 with BOM" of the shipped text is the shipped text, a Restore)."""
    def norm(text: str) -> str:
        return "\n".join(line.rstrip() for line in text.removeprefix("\ufeff").replace("\r\n", "\n").strip()
                         .splitlines())
    return norm(a) == norm(b)


# The headers of :func:`shipped_changes`'s diff, (Japanese, English): the shipped table the edit was made from and
# today's; an edit with no record of its base is itself the "-" side (the club's own changes among its lines)
DIFF_LABELS = {"made_from": ("同梱の表 (編集の元)", "shipped (edit made from)"),
               "older_edit": ("編集した表 (古い tilelens で保存)", "the edit (saved by an older tilelens)"),
               "now": ("同梱の表 (いま)", "shipped (now)")}


def shipped_changes(game_id: str, edited: Path | None, shipped: Path, lang: str = "en") -> str | None:
    """What ``shipped``, the shipped table of ``game_id`` (an added game's file as added), changed since ``edited``,
    its edit in use, was made from it (tilelens updated meanwhile), as a unified diff; None where there is no edit,
    or the shipped table is as it was. A house table is a whole copy, so it keeps the old table's rules until the
    organiser carries the changes over, restores the default, or keeps the edit (``record_made_from``).

    Where what it was made from is not known (:func:`made_from_unknown`: an edit saved by an older tilelens, which
    kept the whole box of then, a rule added to the box since lost in silence), the diff is from the edit itself
    to today's shipped table: the edit's own changes are among its lines, the organiser tells them apart; None
    where the edit is today's shipped table. The diff's headers are in ``lang`` ("ja" or "en")."""
    import difflib

    if edited is None:
        return None
    said = 0 if lang == "ja" else 1
    labels = (DIFF_LABELS["made_from"][said], DIFF_LABELS["now"][said])
    try:
        now = shipped.read_text(encoding="utf-8")
        if made_from_unknown(game_id, edited):
            then, labels = edited.read_text(encoding="utf-8"), (DIFF_LABELS["older_edit"][said], labels[1])
            if same_text(then, now):
                return None
        else:
            then = _record_text(edited)
            if then is None:  # removed meanwhile
                return None
    except (OSError, UnicodeDecodeError):
        return None
    if then == now:
        return None
    return "".join(difflib.unified_diff(then.splitlines(keepends=True), now.splitlines(keepends=True), *labels))
