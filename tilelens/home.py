"""Where a user's own data lives: ``TILELENS_HOME`` (default ``~/.tilelens``). The app's settings
(``app.settings``), the ledger and the tile sets a user enrols into an installed package
(``vision.detector.tileset_dirs``) all keep theirs under it; this module imports nothing of theirs."""
from __future__ import annotations

import errno
import os
from pathlib import Path


def home_dir() -> Path:
    """The user's data folder (env ``TILELENS_HOME``, default ``~/.tilelens``)."""
    return Path(os.environ.get("TILELENS_HOME") or Path.home() / ".tilelens").expanduser()


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


def edited_path(game_id: str, way_out: tuple[str, str] = SHIPPED_WAY_OUT) -> Path | None:
    """The newest saved edit of a game's table (the one the app plays), or None where the shipped table (or the
    file as added) is in use. Hidden files are not saved edits: the app checks a text in ``.check-*.toml`` there
    before it saves it. Nor are the files in its subfolders: ``history/`` keeps the edits replaced by a later Save
    or put aside by a Restore of the shipped table (``app.settings.history_dir``), never played.

    A folder of edits that cannot be read (no permission), or an edit that is a link to no file, is a
    ``GameFileError`` naming it, ending with ``way_out`` (a sentence in English and in Japanese: how to play the
    box's table instead; the command line's ``--shipped-rules`` unless told): the box's table was played in silence,
    the club's edit skipped."""
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
    for name in names:
        path = folder / name
        if name.startswith(".") or not name.endswith(".toml"):
            continue
        try:
            if path.is_file():
                edits.append((path.stat().st_mtime_ns, path))
            elif path.is_symlink():  # a link to a file gone: which edit is the newest cannot be told
                raise _dangling(game_id, path, way_out)
        except FileNotFoundError:  # removed meanwhile
            continue
        except OSError as exc:  # a folder that can be listed but not looked in (no x permission)
            raise _unreadable(game_id, folder, exc, way_out) from None
    edits.sort(key=lambda edit: edit[0])  # the newest last; of one time, the last by name
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


def same_id(game, game_id: str, where: str = "") -> None:
    """``GameFileError`` where an edited table of ``game_id`` says another id (``where``: the file, when named)."""
    from scorer import GameFileError

    if game.id != game_id:
        raise GameFileError(f"{where}the edited file says id = {game.id!r}; it must stay {game_id!r}",
                            f"{where}編集したルールの id が {game.id!r} になっています: {game_id!r} のままにしてください")


def check_rule_tables(game, seats: int | None = None) -> None:
    """Parse the engine's rule tables and the ledger's ``[table]`` now, so a broken yaku table is refused
    when it is saved rather than failing when a hand is scored (``load_game`` checks the catalog only). ``seats``:
    the most players a table has room for (the app's ``MAX_PLAYERS``; the command line scores five)."""
    from scorer import GameFileError, TilelensInputError
    from tilelens.ledger import rules_for as table_rules

    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for

        rules_for(game)
    else:
        from scorer.rules import donjara_rules

        most = donjara_rules(game).win.players_max
        if seats is not None and most > seats:  # the library scores five; a fifth seat at the ledger's table was an IndexError
            raise GameFileError(f"{game.source}: field win.players_max: must be at most {seats} at the app's "
                                f"tables (east, south, west, north) (got {most})",
                                f"{game.source}: 項目 win.players_max: アプリの卓は東南西北の{seats}席なので "
                                f"{seats} 以下にしてください (いま {most})")
    try:  # the ledger reads [table]: its keys and multiple_ron (check_table, which rules_for calls), its values
        table_rules(game)
    except TilelensInputError as exc:
        raise GameFileError(f"{game.source}: {exc}", f"{game.source}: {exc.message_ja or exc}") from None


MAX_PLAYERS = 4  # seats at a ledger's table: east, south, west, north
