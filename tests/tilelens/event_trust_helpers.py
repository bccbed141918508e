"""What the session-54 tests of what the event check trusts share (test_event_trust_54.py,
test_event_trust_more_54.py): a table not in order, the command line with the exact reader in place of the models and
a home of its own (the key its reports are sealed with), and a check of an event as typed; and an earlier check's
report put back (test_event_sealed_where_55.py, test_event_stale_forgery_55.py)."""
from __future__ import annotations

import functools
import json
from pathlib import Path

from test_event_support import CLEAN, ExactReader, make_table
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


def earlier_check_put_back(reader: ExactReader, tmp_path: Path) -> Path:
    """The report folder of event ``tmp_path/ev/B`` where this home's sealed event report of an earlier check (t1
    alone, in order: its ``event.json`` and ``index.html``) is put back over the one of the check since, which read
    t2 too (not in order; t2's report is left as that check wrote it)."""
    event = tmp_path / "ev" / "B"
    make_table(reader, event, "t1", CLEAN)
    check(event)
    out = event / "_report"
    earlier = {name: (out / name).read_bytes() for name in ("event.json", "index.html")}
    make_table(reader, event, "t2", FAULTY)
    check(event)
    assert not json.loads((out / "event.json").read_text(encoding="utf-8"))["in_order"]
    for name, data in earlier.items():
        (out / name).write_bytes(data)
    return out
