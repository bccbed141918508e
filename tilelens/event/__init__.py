"""Event check: verify every dealt hand at every table from photos, and report.

``tilelens check EVENT_DIR --game GAME`` (``main``); ``check_event`` / ``check_table`` for code; the
rules alone (on exact readings) in ``tilelens.event.rules``. The input convention is documented in
``tilelens.event.layout``.

The public names are loaded lazily on first use, as ``vision``'s are: ``import tilelens.event.rules`` (the app's
words import a constant of it as it starts) loads the rules alone, not the command line, the runner and the
report writer behind them (numpy, tqdm, the pages).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# public name -> module that defines it
_EXPORTS = {
    "main": "tilelens.event.cli",
    **dict.fromkeys(("EventInputError", "Photo", "TableInput", "find_tables", "read_table_folder", "scan_event",
                     "table_from_uploads"), "tilelens.event.layout"),
    **dict.fromkeys(("Finding", "FindingKind", "SeatReading", "Severity", "TableReport", "TileRef", "Verdict"),
                    "tilelens.event.model"),
    **dict.fromkeys(("DEFAULT_MIN_CONFIDENCE", "Seating", "check_readings"), "tilelens.event.rules"),
    **dict.fromkeys(("CheckOptions", "EventInterrupted", "EventResult", "WorkerDied", "check_and_write",
                     "check_event", "check_table"), "tilelens.event.runner"),
    "event_folder_here": "tilelens.event.report",
}

__all__ = ["CheckOptions", "DEFAULT_MIN_CONFIDENCE", "EventInputError", "EventInterrupted", "EventResult", "Finding",
           "FindingKind", "Photo", "SeatReading", "Seating", "Severity", "TableInput", "TableReport", "TileRef",
           "Verdict", "WorkerDied", "check_and_write", "check_event", "check_readings", "check_table",
           "event_folder_here", "find_tables", "main", "read_table_folder", "scan_event", "table_from_uploads"]

if TYPE_CHECKING:  # for type checkers and IDEs only; at run time names load on demand
    from tilelens.event.cli import main
    from tilelens.event.layout import (EventInputError, Photo, TableInput, find_tables, read_table_folder,
                                       scan_event, table_from_uploads)
    from tilelens.event.model import Finding, FindingKind, SeatReading, Severity, TableReport, TileRef, Verdict
    from tilelens.event.report import event_folder_here
    from tilelens.event.rules import DEFAULT_MIN_CONFIDENCE, Seating, check_readings
    from tilelens.event.runner import (CheckOptions, EventInterrupted, EventResult, WorkerDied, check_and_write,
                                       check_event, check_table)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:  # a submodule (``from tilelens.event import runner``) is imported by the import system
        raise AttributeError(f"module 'tilelens.event' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
