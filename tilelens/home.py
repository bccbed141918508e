"""Where a user's own data lives: ``TILELENS_HOME`` (default ``~/.tilelens``). The app's settings
(``app.settings``), the ledger and the tile sets a user enrols into an installed package
(``vision.detector.tileset_dirs``) all keep theirs under it; this module imports nothing of theirs."""
from __future__ import annotations

import os
from pathlib import Path


def home_dir() -> Path:
    """The user's data folder (env ``TILELENS_HOME``, default ``~/.tilelens``)."""
    return Path(os.environ.get("TILELENS_HOME") or Path.home() / ".tilelens").expanduser()
