"""Event check: verify every dealt hand at every table from photos, and report.

``tilelens check EVENT_DIR --game GAME`` (``main``); ``check_event`` / ``check_table`` for code; the
rules alone (on exact readings) in ``tilelens.event.rules``. The input convention is documented in
``tilelens.event.layout``.
"""
from tilelens.event.cli import main
from tilelens.event.layout import EventInputError, Photo, TableInput, find_tables, read_table_folder, scan_event, \
    table_from_uploads
from tilelens.event.model import Finding, FindingKind, SeatReading, Severity, TableReport, TileRef, Verdict
from tilelens.event.rules import DEFAULT_MIN_CONFIDENCE, Seating, check_readings
from tilelens.event.runner import CheckOptions, EventInterrupted, EventResult, WorkerDied, check_and_write, \
    check_event, check_table

__all__ = ["CheckOptions", "DEFAULT_MIN_CONFIDENCE", "EventInputError", "EventInterrupted", "EventResult", "Finding",
           "FindingKind", "Photo", "SeatReading", "Seating", "Severity", "TableInput", "TableReport", "TileRef",
           "Verdict", "WorkerDied", "check_and_write", "check_event", "check_readings", "check_table", "find_tables",
           "main", "read_table_folder", "scan_event", "table_from_uploads"]
