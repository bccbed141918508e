"""Which stored reports a check may keep: those this installation wrote, as it wrote them.

A table's ``report.json`` lies in the report folder, which travels in the shared event folder by default
(``EVENT/_report``): anyone who can write there can make a table's verdict "ok" and drop its findings, or put there
a report made elsewhere. Its ``fingerprint`` (a hash of the photos and the options) anyone can compute, so it cannot
tell such a report from one the check wrote. Each ``report.json`` a check writes therefore carries a ``seal``: an
HMAC of the whole report (its fingerprint, verdict and findings) under a secret kept in ``$TILELENS_HOME``
(``KEY_FILE``, made readable by the user alone on first use). A check keeps a stored report only where its seal is
this installation's and still holds (``is_sealed``); any other is checked again (``runner``). The event's own
``event.json`` is sealed so too, with its page's hash (``report.write_event_report``).

A report also says which key sealed it (``KEY_ID``: a hash of the key, which tells nothing of it), so that one this
home cannot trust is told by why (``distrust``): sealed under another home's key (another computer, or another
``TILELENS_HOME``: the app's of a club), written before reports were sealed, or changed since it was written here.

A seal tells who wrote a report, not where it belongs: a table's report copied into another table's folder, or
another event's report folder (all in order) copied over this one's, is sealed all the same. So a report shown or
offered is also this table's and this event's where it lies (``report.table_trust``, ``report.event_trust``): another
table's (``OTHER_TABLE``), of other photos than its table's in the event folder now (``OTHER_PHOTOS``), another
event's or an earlier check's (``OTHER_EVENT``), or an event's of tables not trusted themselves (``TABLES_UNTRUSTED``).
This event's own report (of this event folder, its lines as its tables' reports say) whose event changed since its
check is no forgery and is said so, its tables named: a photo retaken (``STALE``), a table added (``ADDED``), a
table's folder removed (``GONE``): each to check again.
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

from tilelens.home import file_in_the_way, home_dir, home_in_the_way, make_dirs

KEY_FILE = "event-report.key"  # in the home: the secret the reports' seals are made with
SEAL = "seal"  # the key of ``report.json`` that holds its seal
KEY_ID = "sealed_by"  # the key of ``report.json`` (and ``event.json``) that names the key it was sealed with
KEY_BYTES = 32
_KEYS: dict[str, bytes] = {}  # home -> its key, read once a process (a check's workers each read it once)
_UNKEPT: dict[str, tuple[str, str]] = {}  # home -> why its key cannot be kept there (``key_problem``)

# Why a report is not trusted (``distrust``): each said by the runner and the app with the way forward.
UNSEALED = "unsealed"  # no seal: written before reports were sealed (an older tilelens)
ELSEWHERE = "elsewhere"  # sealed under another key: another computer, or another TILELENS_HOME
CHANGED = "changed"  # sealed under this home's key, and changed since
UNKNOWN = "unknown"  # sealed before reports named their key: another home's, or changed since
UNKEPT = "unkept"  # this home cannot keep a key (``key_problem``): no report outlives the check that wrote it
# Sealed here, as written, but not where it lies (``report.table_trust``, ``report.event_trust``): the seal says who
# wrote a report, not of which table or event, so a report copied over another is sealed all the same.
OTHER_TABLE = "other-table"  # a table's report in the folder of a table of another name
OTHER_PHOTOS = "other-photos"  # a table's report of other photos than its folder's in the event folder now
OTHER_EVENT = "other-event"  # the event's report of another event folder, or not what its tables' reports say
TABLES_UNTRUSTED = "tables-untrusted"  # the event's report of tables whose own reports are not trusted: unverifiable
# This event's own check's report (sealed here, of this event folder, as its tables' reports say), the event changed
# since: honest changes, to check again, not forgeries (the tables named: ``distrust_said``'s ``tables``).
STALE = "stale"  # a table's photos changed since the check (a photo retaken or replaced), not checked again yet
ADDED = "added"  # a table's folder added to the event since the check: in no line of the event's report
GONE = "gone"  # a table's folder no longer in the event folder: its report is removed by the next check


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
        except OSError as exc:
            key = secrets.token_bytes(KEY_BYTES)
            why = exc.strerror or type(exc).__name__
            _UNKEPT[str(path)] = (
                f"the key that seals the event reports cannot be kept in {path.parent} (TILELENS_HOME: {why}): every "
                f"table is read again at each check; set TILELENS_HOME to a folder you can write to keep them",
                f"イベントのレポートを封印する鍵を {path.parent} (TILELENS_HOME) に保存できません ({why}): チェックの"
                f"たびに全卓を読み直します。保存するには、書き込めるフォルダを TILELENS_HOME にしてください")
            # a file where the home must be (or a link to nothing), said as the ledger says it
            if (blocker := file_in_the_way(path)) is not None and (blocked := home_in_the_way(blocker)) is not None:
                _UNKEPT[str(path)] = (
                    f"the key that seals the event reports cannot be kept: {blocked[0]}: every table is read again at "
                    f"each check; set TILELENS_HOME to a folder you can write to keep them",
                    f"イベントのレポートを封印する鍵を保存できません: {blocked[1]}。チェックのたびに全卓を読み直します。"
                    f"保存するには、書き込めるフォルダを TILELENS_HOME にしてください")
    if key is not None:
        _KEYS[str(path)] = key
    return key


def key_problem() -> tuple[str, str] | None:
    """Why this home cannot keep its key (its folder cannot be written: ``report_key`` then seals with a key of this
    process alone), in one line: (English, Japanese); None where it keeps one (or none was asked for yet)."""
    return _UNKEPT.get(str(key_path()))


def key_id(key: bytes) -> str:
    """The short name of ``key`` that a report sealed with it keeps (``KEY_ID``): a hash, which tells nothing of it."""
    return hashlib.sha256(b"tilelens event-report key id\0" + key).hexdigest()[:16]


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
    body = {**{k: v for k, v in report.items() if k != SEAL}, KEY_ID: key_id(key)}
    return {**body, SEAL: seal_of(body, key)}


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


def distrust(report: dict[str, Any]) -> str | None:
    """Why ``report`` (as read from its file) is not this installation's as written (``is_sealed``): ``UNSEALED``,
    ``ELSEWHERE``, ``CHANGED``, ``UNKNOWN`` or ``UNKEPT``; None where it is."""
    if is_sealed(report):
        return None
    if key_problem() is not None:
        return UNKEPT
    if not isinstance(report.get(SEAL), str):
        return UNSEALED
    key, said = report_key(create=False), report.get(KEY_ID)
    if not isinstance(said, str):
        return UNKNOWN if key is not None else ELSEWHERE
    return CHANGED if key is not None and hmac.compare_digest(said, key_id(key)) else ELSEWHERE


# Copying another home's key opens its reports here, but in place of this home's key: the reports this home sealed are
# then another key's, each distrusted (and its table read again at the next check). Said where the words suggest it.
_KEY_COPY = ("Copying {key} from that home into {home} opens it here too, but it replaces this home's key: every "
             "report this home sealed is then no longer trusted here (its tables are read again at their next check)")
_KEY_COPY_JA = ("その {key} を {home} にコピーしても開けますが、このホームの鍵と置き換わり、このホームが封印したレポートは"
                "どれも信用されなくなります (次のチェックで卓を読み直します)")

# What a report this home does not trust is said to be (``distrust``), and the way forward: "{what}" is the report
# ("This table's report"), "{cmd}" the command that checks its event again with this home, "{home}" this home, "{key}"
# its key file's name. (English, Japanese.)
DISTRUST_WORDS = {
    UNSEALED: ("{what} was written before reports were sealed (an older tilelens), so it is not taken on trust: check "
               "the event again to seal it: {cmd}",
               "{what_ja}はレポートを封印する前の tilelens で書かれたものなので、そのままは信用しません。もう一度"
               "チェックすると封印されます: {cmd}"),
    ELSEWHERE: ("{what} was sealed under another TILELENS_HOME (another computer's, or another home on this one: the "
                "command line's default where the app runs with a club's own), so it is not taken on trust here: check "
                "the event again with this home ({cmd}: its photos are read again), or, for a report moved without its "
                "photos, open it with TILELENS_HOME set to the home that checked it (the app started, or the command "
                "run, with it). " + _KEY_COPY,
                "{what_ja}は別の TILELENS_HOME (別のパソコン、またはこのパソコンの別のホーム: アプリをクラブ用の"
                "ホームで動かしているときのコマンドラインの既定のホームなど) で封印されているので、ここでは信用しません。"
                "このホームでもう一度チェックするか ({cmd}: 写真を読み直します)、写真なしでレポートだけを移したときは、"
                "チェックした TILELENS_HOME を指定してアプリやコマンドを起動し、そのホームで開いてください。"
                + _KEY_COPY_JA),
    CHANGED: ("{what} was changed since this home's check wrote it: check the event again: {cmd}",
              "{what_ja}は、このホームのチェックが書いた後に書き換えられています。もう一度チェックしてください: {cmd}"),
    OTHER_TABLE: ("{what} is another table's report, put in this table's folder, so it is not taken on trust: check "
                  "the event again: {cmd}",
                  "{what_ja}は別の卓のレポートがこの卓のフォルダに置かれたものなので、信用しません。もう一度チェックして"
                  "ください: {cmd}"),
    OTHER_PHOTOS: ("{what} is of other photos than those of this table in the event folder now (another event's "
                   "report, or the photos changed since the check), so it is not taken on trust: check the event "
                   "again: {cmd}",
                   "{what_ja}は、いまイベントフォルダにあるこの卓の写真とは別の写真のレポートです (別のイベントのレポートか、"
                   "チェックの後に写真が変わりました)。そのままは信用しません。もう一度チェックしてください: {cmd}"),
    OTHER_EVENT: ("{what} is another event's, or an earlier check's of this one: it does not agree with the tables' "
                  "reports and photos here, so it is not taken on trust: check the event again: {cmd}",
                  "{what_ja}は別のイベントのもの、またはこのイベントの以前のチェックのもので、ここにある卓のレポートや写真と"
                  "合わないため、信用しません。もう一度チェックしてください: {cmd}"),
    TABLES_UNTRUSTED: ("{what} lists tables whose own reports are missing or not taken on trust here (said at "
                       "each), so it cannot be told from another event's and is not taken on trust either: check the "
                       "event again: {cmd}",
                       "{what_ja}には、レポートがないか、ここでは信用できないレポートの卓があります (それぞれの卓に理由を"
                       "表示しています)。別のイベントのものと見分けられないので、これも信用しません。もう一度チェックして"
                       "ください: {cmd}"),
    STALE: ("{what} is out of date: the photos of {tables} changed since the check (a photo retaken or replaced), so "
            "it is not shown as it is: check the event again: {cmd}",
            "{what_ja}は古くなっています: チェックの後に {tables_ja} の写真が変わりました (撮り直しか差し替え)。そのままは"
            "表示しません。もう一度チェックしてください: {cmd}"),
    ADDED: ("{what} is out of date: {tables} {was} added to the event since the check (not checked yet): check the "
            "event again: {cmd}",
            "{what_ja}は古くなっています: チェックの後に {tables_ja} がイベントに追加されました (まだチェックしていません)。"
            "もう一度チェックしてください: {cmd}"),
    GONE: ("{what} is out of date: the folder of {tables} is no longer in the event folder: check the event again "
           "(its report is then removed): {cmd}",
           "{what_ja}は古くなっています: {tables_ja} のフォルダがイベントフォルダにもうありません。もう一度チェックして"
           "ください (その卓のレポートは取り除かれます): {cmd}"),
    UNKNOWN: ("{what} was not written here or was changed since: check the event again with this home ({cmd}: its "
              "photos are read again), or, for a report moved without its photos, open it with TILELENS_HOME set to "
              "the home that checked it (the app started, or the command run, with it). " + _KEY_COPY,
              "{what_ja}は、このパソコンで作ったものではないか、あとから書き換えられています。このホームでもう一度"
              "チェックするか ({cmd}: 写真を読み直します)、写真なしでレポートだけを移したときは、チェックした "
              "TILELENS_HOME を指定してアプリやコマンドを起動し、そのホームで開いてください。" + _KEY_COPY_JA),
}


def distrust_said(reason: str, what: tuple[str, str], command: str,
                  tables: tuple[str, ...] = ()) -> tuple[str, str]:
    """A report not trusted here for ``reason`` (``distrust``) said, with the way forward: ``what`` names it (English,
    Japanese: "This table's report", "この卓のレポート"), ``command`` checks its event again with this home, ``tables``
    the tables the reason is of (``STALE``, ``ADDED``, ``GONE``: "table t3", "table-07"). A home that cannot keep its
    key is said as such (``key_problem``).

    >>> distrust_said(ADDED, ("The event's report", "イベントのレポート"), "tilelens check ev", ("t3",))[0]
    "The event's report is out of date: table t3 was added to the event since the check (not checked yet): check \
the event again: `tilelens check ev`"
    """
    if reason == UNKEPT:
        return key_problem() or ("", "")
    from tilelens.event.model import table_named

    en, ja = DISTRUST_WORDS.get(reason, DISTRUST_WORDS[UNKNOWN])
    named = [table_named(t) for t in tables] or [("the table", "この卓")]
    fill = {"what": what[0], "what_ja": what[1], "cmd": f"`{command}`", "home": str(home_dir()), "key": KEY_FILE,
            "tables": ", ".join(n[0] for n in named), "tables_ja": "、".join(n[1] for n in named),
            "was": "were" if len(named) > 1 else "was"}
    return en.format(**fill), ja.format(**fill)
