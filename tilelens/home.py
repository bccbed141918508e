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
