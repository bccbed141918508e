"""What the `tilelens ledger` tests share (test_ledger_cli_48.py, test_ledger_cli_49.py, test_ledger_safety_52.py,
test_ledger_upgrade_54.py): the app's data folder with no ``TILELENS_LEDGER``, and the command as called."""
from __future__ import annotations

from pathlib import Path

from tilelens.cli import main


def app_home(tmp_path: Path, monkeypatch, *, no_language: bool = True) -> Path:
    """The app's data folder ``tmp_path/home``, with no TILELENS_LEDGER: the ledger the app uses is
    ``home/ledger.sqlite``. ``no_language``: no TILELENS_LANG either (the root conftest's English unset)."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    if no_language:
        monkeypatch.delenv("TILELENS_LANG", raising=False)
    return tmp_path / "home"


def run(capsys, *argv):
    """``tilelens ARGV``: its exit status, stdout and stderr (a usage error's SystemExit is raised)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
