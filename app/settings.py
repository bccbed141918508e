"""Where the app keeps its files, and which game file it scores with.

``TILELENS_HOME`` (default ``~/.tilelens``) holds the organiser's edited house tables under
``games/<game-id>/``; ``TILELENS_LEDGER`` (default ``$TILELENS_HOME/ledger.sqlite``) is the table ledger.
``datasets/`` holds the datasets started on the Label page from uploaded photos. ``scratch/`` holds a
session's working files (the reports of tables checked from uploads); a scratch
folder left untouched for ``SCRATCH_KEEP_S`` is removed the next time one is made.
A saved edit is a new file named by its content hash, so ``scorer.load_game``'s per-path cache can never
serve a stale table; the newest one is the game the app scores with, and deleting them restores the
shipped default.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
from pathlib import Path

from scorer import Game, GameFileError, TilelensInputError, list_games, load_game
from scorer.catalog import GAMES_DIR
from tilelens.home import home_dir  # the app's settings folder, the user's data: one resolver

SCRATCH_KEEP_S = 24 * 3600  # a day: an event's session is long over by then


def _last_touched(folder: Path) -> float:
    """The newest modification time of ``folder`` and anything in it."""
    times = [folder.stat().st_mtime]
    for root, dirs, files in os.walk(folder):
        times += [os.stat(os.path.join(root, n)).st_mtime for n in dirs + files]
    return max(times)


def scratch_dir(kind: str, keep_s: float = SCRATCH_KEEP_S) -> Path:
    """A new, empty folder ``$TILELENS_HOME/scratch/<kind>/<random>`` for one session's working files.

    Uploaded photos and their reports would otherwise pile up for as long as the app runs, so the folders
    of ``kind`` that nothing has touched for ``keep_s`` seconds are removed first."""
    parent = home_dir() / "scratch" / kind
    parent.mkdir(parents=True, exist_ok=True)
    cutoff = time.time() - keep_s
    for old in parent.iterdir():
        try:
            if old.is_dir() and _last_touched(old) < cutoff:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:  # removed meanwhile by another session's clean-up
            pass
    return Path(tempfile.mkdtemp(dir=parent))


def datasets_dir() -> Path:
    """Where the Label page keeps the datasets it starts from uploaded photos: ``$TILELENS_HOME/datasets``."""
    return home_dir() / "datasets"


def ledger_path() -> Path:
    """The SQLite file of the table ledger (env ``TILELENS_LEDGER`` overrides): the ledger's own
    ``tilelens.ledger.default_path``, which `tilelens ledger` reads too."""
    from tilelens.ledger import default_path

    return default_path()


def house_dir(game_id: str) -> Path:
    """The folder of a game's saved house-table edits."""
    return home_dir() / "games" / game_id


def shipped_path(game_id: str) -> Path:
    """The game file that ships with tilelens."""
    return GAMES_DIR / f"{game_id}.toml"


def edited_path(game_id: str) -> Path | None:
    """The newest saved edit of a game, or None when the shipped default is in use. Hidden files are not
    saved edits: ``save_house_table`` checks a text in ``.check-*.toml`` there before it saves it."""
    folder = house_dir(game_id)
    files = sorted((p for p in folder.glob("*.toml") if not p.name.startswith(".")),
                   key=lambda p: p.stat().st_mtime_ns) if folder.is_dir() else []
    return files[-1] if files else None


def game_source(game_id: str) -> Path:
    """The file the app scores ``game_id`` with: the organiser's edit if there is one."""
    return edited_path(game_id) or shipped_path(game_id)


def app_game(game_id: str) -> Game:
    """The game as the app plays it (the edited house table when present). An edited table is checked
    whole, its rule tables too (``check_rule_tables``): one edited by hand, or saved by an older tilelens,
    whose tiles load but whose yaku do not was a traceback when a hand was scored; ``GameFileError`` now,
    which every page's game picker says in one line."""
    edited = edited_path(game_id)
    if not edited:
        return load_game(game_id)
    game = load_game(edited)
    # an id edited by hand: played as another game's, its matches and models would be that one's
    _same_id(game, game_id, f"{edited}: ")
    check_rule_tables(game)
    return game


def _same_id(game: Game, game_id: str, where: str = "") -> None:
    """``GameFileError`` where an edited table of ``game_id`` says another id (``where``: the file, when named)."""
    if game.id != game_id:
        raise GameFileError(f"{where}the edited file says id = {game.id!r}; it must stay {game_id!r}",
                            f"{where}編集したルールの id が {game.id!r} になっています: {game_id!r} のままにしてください")


def game_text(game_id: str) -> str:
    """The TOML text the rules editor starts from."""
    return game_source(game_id).read_text(encoding="utf-8")


def save_house_table(game_id: str, text: str) -> Game:
    """Validate ``text`` with ``scorer.load_game`` and, if it loads as ``game_id``, save it as the
    game's house table. Raises ``GameFileError`` naming the problem; nothing is saved then."""
    folder = house_dir(game_id)
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
    fd, tmp = tempfile.mkstemp(suffix=".toml", prefix=".check-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        game = load_game(tmp)
        _same_id(game, game_id)
        check_rule_tables(game)
        final = folder / f"{digest}.toml"
        made_from = _made_from(game_id)
        os.replace(tmp, final)
        os.utime(final)  # newest wins, even when the same text is saved again
        _record_made_from(final, made_from)
        return load_game(final)
    except GameFileError as exc:  # name the text being edited, not the throw-away file it was checked in
        if tmp not in str(exc):
            raise
        raise GameFileError(str(exc).replace(tmp, "the edited rules"),
                            getattr(exc, "message_ja", "").replace(tmp, "編集したルール")) from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _made_from_path(edit: Path) -> Path:
    """Where the shipped text an edit was made from is kept: a hidden file beside it (not a saved edit)."""
    return edit.with_name(f".{edit.stem}.shipped")


def _made_from(game_id: str) -> str | None:
    """The shipped text the next save of ``game_id`` is an edit of: the one the edit in use was made from
    (an edit of an edit is still an edit of that table), the shipped text now where there is no edit; None
    where it is not known (an edit saved by hand, or before tilelens kept it)."""
    edited = edited_path(game_id)
    try:
        if edited is None:
            return shipped_path(game_id).read_text(encoding="utf-8")
        return _made_from_path(edited).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _record_made_from(edit: Path, text: str | None) -> None:
    """Keep ``text``, the shipped table ``edit`` was made from, beside it (forget it where it is not known)."""
    record = _made_from_path(edit)
    try:
        if text is None:
            record.unlink(missing_ok=True)
        else:
            record.write_text(text, encoding="utf-8")
    except OSError:  # the edit is saved; only the news of a later update of the shipped table is lost
        pass


def shipped_changes(game_id: str) -> str | None:
    """What the shipped table of ``game_id`` changed since the edit in use was made from it (tilelens updated
    meanwhile), as a unified diff; None where there is no edit, it is not known what it was made from, or the
    shipped table is as it was. A house table is a whole copy, so it keeps the old table's rules until the
    organiser carries the changes over, restores the default, or keeps the edit (:func:`keep_edit_over_shipped`)."""
    import difflib

    edited = edited_path(game_id)
    if edited is None:
        return None
    try:
        then = _made_from_path(edited).read_text(encoding="utf-8")
        now = shipped_path(game_id).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if then == now:
        return None
    return "".join(difflib.unified_diff(then.splitlines(keepends=True), now.splitlines(keepends=True),
                                        "shipped (edit made from)", "shipped (now)"))


def keep_edit_over_shipped(game_id: str) -> None:
    """The organiser has seen :func:`shipped_changes` and keeps the edit as it is: it counts as made from the
    shipped table now."""
    edited = edited_path(game_id)
    if edited is not None:
        _record_made_from(edited, shipped_path(game_id).read_text(encoding="utf-8"))


def check_rule_tables(game: Game) -> None:
    """Parse the engine's rule tables and the ledger's ``[table]`` now, so a broken yaku table is refused
    when it is saved rather than failing when a hand is scored (``load_game`` checks the catalog only)."""
    from tilelens.ledger import rules_for as table_rules

    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for

        rules_for(game)
    else:
        from scorer.rules import donjara_rules

        most = donjara_rules(game).win.players_max
        if most > MAX_PLAYERS:  # the library scores five; a fifth seat at the ledger's table was an IndexError
            raise GameFileError(f"{game.source}: field win.players_max: must be at most {MAX_PLAYERS} at the app's "
                                f"tables (east, south, west, north) (got {most})",
                                f"{game.source}: 項目 win.players_max: アプリの卓は東南西北の{MAX_PLAYERS}席なので "
                                f"{MAX_PLAYERS} 以下にしてください (いま {most})")
    try:  # the ledger reads [table]: its keys and multiple_ron (check_table, which rules_for calls), its values
        table_rules(game)
    except TilelensInputError as exc:
        raise GameFileError(f"{game.source}: {exc}", f"{game.source}: {exc.message_ja or exc}") from None


MAX_PLAYERS = 4  # seats at a ledger's table: east, south, west, north


def reset_house_table(game_id: str) -> None:
    """Forget every saved edit of a game: the shipped default is back."""
    folder = house_dir(game_id)
    for path in folder.glob("*.toml") if folder.is_dir() else ():
        path.unlink()
    for path in folder.glob(".*.shipped") if folder.is_dir() else ():  # what they were made from
        path.unlink(missing_ok=True)


def games() -> list[str]:
    """The ids of the games the app offers."""
    return list_games()
