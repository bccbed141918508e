"""Which stored reports a check may keep: those this installation wrote, as it wrote them.

A table's ``report.json`` lies in the report folder, which travels in the shared event folder by default
(``EVENT/_report``): anyone who can write there can make a table's verdict "ok" and drop its findings, or put there
a report made elsewhere. Its ``fingerprint`` (a hash of the photos and the options) anyone can compute, so it cannot
tell such a report from one the check wrote. Each ``report.json`` a check writes therefore carries a ``seal``: an
HMAC of the whole report (its fingerprint, verdict and findings) under a secret kept in ``$TILELENS_HOME``
(``KEY_FILE``, made readable by the user alone on first use). A check keeps a stored report only where its seal is
this installation's and still holds (``is_sealed``); any other is checked again (``runner``).
"""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

from tilelens.home import home_dir, make_dirs

KEY_FILE = "event-report.key"  # in the home: the secret the reports' seals are made with
SEAL = "seal"  # the key of ``report.json`` that holds its seal
KEY_BYTES = 32
_KEYS: dict[str, bytes] = {}  # home -> its key, read once a process (a check's workers each read it once)


def key_path() -> Path:
    """Where this installation's key is: ``$TILELENS_HOME/event-report.key``."""
    return home_dir() / KEY_FILE


def _read_key(path: Path) -> bytes | None:
    """The key in ``path``, or None where there is none (or none whole: a file cut short is no key)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return data if len(data) >= KEY_BYTES else None


def _make_key(path: Path) -> bytes:
    """A new key written to ``path``, readable and writable by the user alone (0600), whole or not at all: written
    beside it under another name, then linked into place, so that two checks starting at once (a check's workers)
    end with the same key, the first one made."""
    make_dirs(path.parent)  # the home, made private where it is not there yet
    key = secrets.token_bytes(KEY_BYTES)
    spare = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(key)
        try:
            os.link(spare, path)
        except FileExistsError:  # another check made it first: theirs
            return _read_key(path) or key
        except OSError:  # a file system without hard links: put in place unless one is there by now
            if _read_key(path) is None:
                os.replace(spare, path)
                return key
            return _read_key(path) or key
    finally:
        with contextlib.suppress(OSError):
            spare.unlink()
    return key


def report_key(create: bool = True) -> bytes | None:
    """This installation's key (``key_path``), made on first use where ``create``; None where there is none and it is
    not to be made. A home that cannot be written gives a key of this process alone: the reports it writes are
    checked again next time, never taken on trust."""
    path = key_path()
    if str(path) in _KEYS:
        return _KEYS[str(path)]
    key = _read_key(path)
    if key is None and create:
        try:
            key = _make_key(path)
        except OSError:
            key = secrets.token_bytes(KEY_BYTES)
    if key is not None:
        _KEYS[str(path)] = key
    return key


def _canonical(report: dict[str, Any]) -> bytes:
    """``report`` less its seal, as the same text whether it is the dict written or the one read back from its file
    (keys sorted, tuples as lists)."""
    plain = json.loads(json.dumps({k: v for k, v in report.items() if k != SEAL}, ensure_ascii=False))
    return json.dumps(plain, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def seal_of(report: dict[str, Any], key: bytes) -> str:
    """The seal of ``report`` under ``key``."""
    return hmac.new(key, _canonical(report), hashlib.sha256).hexdigest()


def sealed(report: dict[str, Any]) -> dict[str, Any]:
    """``report`` (a ``report.json`` dict) with its seal under this installation's key, to be written."""
    key = report_key()
    assert key is not None
    return {**{k: v for k, v in report.items() if k != SEAL}, SEAL: seal_of(report, key)}


def is_sealed(report: dict[str, Any]) -> bool:
    """Whether ``report`` (as read from its file) was written by this installation and not changed since: its seal is
    the one this installation's key gives it. No key yet: no report of this installation's."""
    said = report.get(SEAL)
    key = report_key(create=False)
    if not isinstance(said, str) or key is None:
        return False
    try:
        return hmac.compare_digest(said, seal_of(report, key))
    except (TypeError, ValueError, RecursionError):  # a report edited past what JSON round-trips
        return False
