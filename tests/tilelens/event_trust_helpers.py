"""What the session-54 tests of what the event check trusts share (test_event_trust_54.py,
test_event_trust_more_54.py): a table not in order, the command line with the exact reader in place of the models and
a home of its own (the key its reports are sealed with), and a check of an event as typed."""
from __future__ import annotations

import functools

from test_event_support import CLEAN, ExactReader
from tilelens import cli
from tilelens.event import cli as event_cli
from tilelens.event.runner import check_event

FAULTY = dict(CLEAN, **{"2": CLEAN["2"] + ["rarin", "minami"]})  # seat 2 holds 10 tiles: not in order


def exact_cli(monkeypatch, tmp_path) -> ExactReader:
    """The CLI with the exact reader in place of the models, and a home of its own (its key): ``tmp_path/home``."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


def check(event, *more: str) -> int:
    """`tilelens check EVENT --game nogizaka --jobs 1 MORE...`: its exit status."""
    return cli.main(["check", str(event), "--game", "nogizaka", "--jobs", "1", *more])
