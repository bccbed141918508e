"""Where a user's own data lives: ``TILELENS_HOME`` (default ``~/.tilelens``). The app's settings
(``app.settings``), the ledger and the tile sets a user enrols into an installed package
(``vision.detector.tileset_dirs``) all keep theirs under it; this module imports nothing of theirs."""
from __future__ import annotations

import os
from pathlib import Path


def home_dir() -> Path:
    """The user's data folder (env ``TILELENS_HOME``, default ``~/.tilelens``)."""
    return Path(os.environ.get("TILELENS_HOME") or Path.home() / ".tilelens").expanduser()


def added_games_dir() -> Path:
    """``$TILELENS_HOME/games/_added``: the games a club added in the app from its own rules file (``<id>.toml``;
    ``app.settings.add_game``), as the home folder is now. ``_`` is in no game's id, so no game's house tables
    (``games/<id>/``) share it."""
    return home_dir() / "games" / "_added"


def house_dir(game_id: str) -> Path:
    """``$TILELENS_HOME/games/<id>``: the folder of a game's house tables edited in the app (``app.settings``)."""
    return home_dir() / "games" / game_id


def edited_path(game_id: str) -> Path | None:
    """The newest saved edit of a game's table (the one the app plays), or None where the shipped table (or the
    file as added) is in use. Hidden files are not saved edits: the app checks a text in ``.check-*.toml`` there
    before it saves it. Nor are the files in its subfolders: ``history/`` keeps the edits replaced by a later Save
    or put aside by a Restore of the shipped table (``app.settings.history_dir``), never played."""
    folder = house_dir(game_id)
    try:
        files = sorted((p for p in folder.glob("*.toml") if not p.name.startswith(".") and p.is_file()),
                       key=lambda p: p.stat().st_mtime_ns) if folder.is_dir() else []
    except OSError:  # removed meanwhile (a Reset in the app): no edit
        return None
    return files[-1] if files else None


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
