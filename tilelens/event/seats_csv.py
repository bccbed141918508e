"""An event's seats as one CSV table, for a spreadsheet: a row per seat of each table checked (`tilelens check
--csv FILE`, the event page's "Export the seats (CSV)"), made from the report folder's reports as they are.

The CSV is in English whatever the screen's language, as the ledger's are (headers, verdicts and findings alike, for
the tools that read it; the tables' and photos' names as written), with two columns in Japanese last, for an organiser
who reads no English: the findings (``findings_ja``, and the reason of a row of no seat) and the tiles read, by their
Japanese names (``tiles read_ja``). It is written to a file as the ledger writes one:
UTF-8 with a byte-order mark, which spreadsheet programs (Excel) need to show Japanese names, and text that would run
as a formula kept as text (``tilelens.ledger.csv_cell``).

It is not written into the report folder by the check: that folder holds what the check seals and the app trusts (a
file there is shown only as the check wrote it, ``report.page_trusted``); the CSV is made from those reports when asked
for, so the one place to find it is where it was asked to go.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tilelens.event.model import FindingKind, owned, seat_order, table_order
from tilelens.event.report import (REPORT_JSON, event_folder_here, game_names, json_object, other_set_words,
                                   report_game, table_trust, without_ids, written_by_older)

SEATS_CSV = "seats.csv"  # the file's name in a folder given as --csv, and the download's end ("event-seats.csv")
HEADERS = ["table", "seat", "dealer", "photo", "table verdict", "seat verdict", "read (tiles)", "expected (tiles)",
           "missing - / extra + (tiles)", "over the set", "least-sure tiles", "lowest confidence (%)", "near copy of",
           "wrong game", "tiles read", "findings", "findings_ja", "tiles read_ja"]
# How every seats CSV's header row starts, as each tilelens has written it (later columns came at its end): a file that
# starts so is one `tilelens check --csv` may write over (``seats_csv_written``)
HEADER_START = ",".join(HEADERS[:6])
# the column of a seat's count off the deal: signed both ways ("-1", "+1"), so not marked as text (``seats_csv``)
_OFF = HEADERS.index("missing - / extra + (tiles)")
VERDICT = {"ok": "in order", "review": "tiles to confirm", "fault": "not in order"}  # report.VERDICT_TEXT's
_RANK = {"error": 2, "review": 1}
_UNTRUSTED = ("report not trusted (check the event again)", "信用できないレポートです (イベントをもう一度チェックしてください)")
_UNCHECKED = ("not checked (the check stopped)", "チェックしていません (チェックが途中で止まりました)")
BACK_JA = "裏"  # a tile seen face down (the wall's), in ``tiles read_ja``
# Why a seat's count off the deal is left empty, where the check holds it back as the pages do (``rules.HELD_BACK``,
# ``rules.count_findings``), said after its verdict: a seat of another set's tiles is not counted; at a table of most
# seats so (the wrong game), no count is said, nor the wall's (``rules.HELD_BACK_SAID``)
HELD_BACK_SEAT = "count held back: another set's tiles"
HELD_BACK_MAYBE = "count held back: perhaps another set's tiles"  # a seat that only may show them (``possibly``)
HELD_BACK_TABLE = "count held back: the table's tiles are another game's, so its counts would be of misread tiles"
JOIN = "; "  # between the items of one cell
FINDINGS_JOIN = " | "  # between findings, whose words may hold "; "


def _percent(confidence: Any) -> float:
    return round(float(confidence) * 100, 1)


def _game_of(report: dict[str, Any]) -> Any:
    """The report's game (a ``scorer.Game``), None where its game file cannot be read now."""
    from scorer import load_game
    from scorer.result import TilelensInputError

    try:
        return load_game(report_game(report))
    except (TilelensInputError, OSError, ValueError, KeyError):
        return None


def _expected(seat: str, report: dict[str, Any], sizes: tuple[int, int] | None, findings: list[dict]) -> list[int]:
    """The tile counts allowed at ``seat`` (the wall: none), as ``rules.expected_count`` says them: a wrong count's
    own, else the game's deal size for its role (either where no dealer is known)."""
    for f in findings:
        if f.get("kind") == FindingKind.WRONG_COUNT and isinstance((f.get("data") or {}).get("expected"), list):
            return [int(n) for n in f["data"]["expected"]]
    if seat == "wall" or sizes is None:
        return []
    dealer = report.get("dealer")
    if dealer is None:
        return sorted(set(sizes))
    return [sizes[0] if seat == str(dealer) else sizes[1]]


def _tile_said(tile: dict[str, Any]) -> str:
    return "back" if tile.get("is_back") else str(tile.get("kind", ""))


def _tile_said_ja(tile: dict[str, Any], names_ja: dict[str, str]) -> str:
    """A tile by its Japanese name in the game (``names_ja``: id -> name), its id where the game has no such tile."""
    return BACK_JA if tile.get("is_back") else names_ja.get(str(tile.get("kind", "")), str(tile.get("kind", "")))


def _near_said(f: dict[str, Any], seat: str, photos: dict[str, str]) -> str:
    data = f.get("data") or {}
    if "table" in data:  # another table's photo (``copies.near_copies_across``)
        said = f"{data.get('table')} seat {data.get('seat')} ({data.get('photo')})"
        return said + " (same file)" if data.get("same_file") else said
    others = [s for s in f.get("seats", []) if s != seat]
    same = " (same file)" if f.get("kind") == FindingKind.DUPLICATE_SEAT else ""
    return JOIN.join(f"{'the wall' if o == 'wall' else 'seat ' + o} ({photos.get(o, '')}){same}" for o in others)


def _wrong_game(f: dict[str, Any]) -> str:
    """A finding of another game's tiles (``rules.other_game_findings``) as ``wrong game`` says it: the game they look
    like, or may be (``data`` ``possibly``: read only a little surer as it, where the counts fail on the seat), as the
    finding's words say it.

    >>> _wrong_game({"data": {"looks_like_en": "Yokai Watch Donjara", "possibly": True}})
    "may be Yokai Watch Donjara's tiles"
    """
    data = f.get("data") or {}
    like = data.get("looks_like_en") or data.get("looks_like")
    if like:
        return f"may be {owned(like)} tiles" if data.get("possibly") else f"looks like {like}"
    return f"not {owned(data.get('game_en') or data.get('game') or 'this game')} tiles"


def wrong_game_table(findings: list[dict], older: bool = False) -> bool:
    """Whether a table's findings (``report.json``'s) say most of its seats are another game's tiles, so that the
    check held its counts back (``rules.HELD_BACK``): its finding of them says how many it held back (``data``
    ``held_back``, ``rules.other_game_findings``). A report of an ``older`` check said it only where its seats looked
    like one game: there, a finding of them naming two seats or more, not unsure which game's (half the seats: none
    held back).

    >>> wrong_game_table([{"kind": "other-game", "seats": ["1", "2", "3"], "data": {"held_back": 0}}])
    True
    >>> wrong_game_table([{"kind": "other-game", "seats": ["1", "2", "3"], "data": {}}], older=True)
    True
    >>> wrong_game_table([{"kind": "other-game", "seats": ["1", "2"], "data": {"unsure_game": True}}], older=True)
    False
    """
    for f in findings:
        data = f.get("data") or {}
        if f.get("kind") != FindingKind.OTHER_GAME or data.get("unsure_game"):
            continue
        if isinstance(data.get("held_back"), int):
            return True
        if older and len([s for s in f.get("seats") or [] if s != "wall"]) >= 2:
            return True
    return False


def _held_back(seat: str, reading: dict[str, Any] | None, wrong_game: bool, possibly: bool = False) -> str:
    """Why ``seat``'s count is not said (``HELD_BACK_TABLE``, ``HELD_BACK_SEAT``; ``possibly``: its finding says it
    only may show another set's tiles, ``HELD_BACK_MAYBE``), "" where it is."""
    if not seat:
        return ""
    if wrong_game:
        return HELD_BACK_TABLE
    if reading is None or not reading.get("other_game"):
        return ""
    return HELD_BACK_MAYBE if possibly else HELD_BACK_SEAT


def _over(f: dict[str, Any], names_en: dict[str, str]) -> str:
    """A surplus as ``over the set`` says it: "5m (read 4 times, the set has 3 and 1 Red 5 Man)" (the red five beside,
    by its English name, ``names_en``: id -> name, as the finding's words say it; its id where the game has none)."""
    data = f.get("data") or {}
    red = data.get("red") if isinstance(data.get("red"), dict) else {}
    beside = f" and {red.get('copies')} {names_en.get(str(red['kind']), red['kind'])}" if red.get("kind") else ""
    return f"{data.get('kind')} (read {data.get('count')} times, the set has {data.get('copies')}{beside})"


def _may_be_over(f: dict[str, Any]) -> str:
    """What a tile to confirm may be that would put its kind over the set's copies (``data`` ``would_be_over``,
    ``rules.unsure_findings``), after it in ``least-sure tiles``: " (may be 2p: would be 5, the set has 4)"; "" where
    none.

    >>> _may_be_over({"data": {"would_be_over": [{"kind": "2p", "count": 5, "copies": 4}]}})
    ' (may be 2p: would be 5, the set has 4)'
    """
    over = (f.get("data") or {}).get("would_be_over")
    said = [f"may be {o.get('kind')}: would be {o.get('count')}, the set has {o.get('copies')}"
            for o in (over if isinstance(over, list) else ()) if isinstance(o, dict)]
    return f" ({'; or '.join(said)})" if said else ""


def _seat_row(table: str, seat: str, report: dict[str, Any], reading: dict[str, Any] | None,
              findings: list[dict], sizes: tuple[int, int] | None, photos: dict[str, str],
              names_ja: dict[str, str], wrong_game: bool = False, names_en: dict[str, str] | None = None) -> list[Any]:
    tiles = (reading or {}).get("tiles") or []
    worst = max((_RANK.get(str(f.get("severity")), 0) for f in findings), default=0)
    expected = _expected(seat, report, sizes, findings)
    n = len(tiles) if reading is not None else ""
    others = [f for f in findings if f.get("kind") == FindingKind.OTHER_GAME]
    held = _held_back(seat, reading, wrong_game, any((f.get("data") or {}).get("possibly") for f in others))
    off: Any = ""
    if reading is not None and expected and not held:
        off = min((len(tiles) - e for e in expected), key=abs)
        off = f"{off:+d}" if off else 0  # an extra tile "+1", as a missing one is "-1"
    over = [_over(f, names_en or {}) for f in findings if f.get("kind") == FindingKind.SURPLUS]
    unsure = [f"{int(t['index']) + 1}. {_tile_said(t)} {_percent(t.get('confidence', 0))}%{_may_be_over(f)}"
              for f in findings if f.get("kind") == FindingKind.UNSURE_TILE for t in f.get("tiles", [])]
    faces = [t for t in tiles if not t.get("is_back")]
    lowest = min((_percent(t.get("confidence", 0)) for t in faces), default="")
    near = [_near_said(f, seat, photos) for f in findings
            if f.get("kind") in (FindingKind.NEAR_COPY, FindingKind.DUPLICATE_SEAT)]
    wrong = [_wrong_game(f) for f in others]
    if not wrong and (reading or {}).get("likelier"):
        wrong = [f"read surer as {game_names(str(reading['likelier']))[0]}"]  # type: ignore[index]
    verdict = ("not in order", "tiles to confirm", "in order")[2 - worst] if seat else ""
    # another set's tiles named as this game's: said ahead of them, as the pages say it (``report.other_set_words``)
    caveat = other_set_words(seat, bool((reading or {}).get("other_game")), others) if tiles else None
    en, ja = (f"({caveat[0]}) ", f"({caveat[1]}) ") if caveat else ("", "")
    return [table, seat, "yes" if seat == str(report.get("dealer")) else "", photos.get(seat, ""),
            VERDICT.get(str(report.get("verdict")), str(report.get("verdict", ""))),
            f"{verdict} ({held})" if held else verdict, n,
            " or ".join(map(str, expected)), off, JOIN.join(over), JOIN.join(unsure), lowest, JOIN.join(near),
            JOIN.join(wrong), en + " ".join(_tile_said(t) for t in tiles),
            FINDINGS_JOIN.join(str(f.get("message", "")) for f in findings),
            # the tiles by their Japanese names alone, as the pages say them ("琴子", not "琴子 (kotoko)")
            FINDINGS_JOIN.join(without_ids(str(f["message_ja"]), names_ja) if f.get("message_ja")
                               else str(f.get("message", "")) for f in findings),
            ja + " ".join(_tile_said_ja(t, names_ja) for t in tiles)]


def _photos_found(findings: list[dict]) -> dict[str, str]:
    """Seat -> its photos where its finding names them and none was read: "two photos for seat 2" (``data``
    ``photos``), each said; a photo that could not be read (``data`` ``photo``)."""
    found = {}
    for f in findings:
        data, seats = f.get("data") or {}, f.get("seats") or []
        if len(seats) != 1:
            continue
        if f.get("kind") == FindingKind.DUPLICATE_SEAT and isinstance(data.get("photos"), list):
            found[str(seats[0])] = JOIN.join(map(str, data["photos"]))
        elif f.get("kind") == FindingKind.UNREADABLE_PHOTO and isinstance(data.get("photo"), str):
            found[str(seats[0])] = data["photo"]
    return found


def layout_photos(out_dir: Path, event: dict[str, Any], table: str) -> dict[str, str]:
    """Seat (or the wall) -> its photo's name, as the table's folder in the event folder lays them out now
    (``layout.read_table_folder``): the photos neither a reading nor a finding names (the same file at two seats; one
    cut short, in a report of an older check); empty where the event's photos are not there (a report folder moved
    alone)."""
    from scorer.result import TilelensInputError
    from tilelens.event.layout import read_table_folder
    from tilelens.event.report import table_photo_folder

    try:
        event_dir = event_folder_here(out_dir, event)
        folder = table_photo_folder(event_dir, table) if event_dir is not None else None
        if folder is None:
            return {}
        laid = read_table_folder(folder, root=event_dir)
    except (TilelensInputError, OSError, ValueError, RuntimeError):
        return {}
    photos = {seat: p.name for seat, p in {**laid.identical, **laid.seats}.items()}
    photos.update({seat: JOIN.join(p.name for p in rivals) for seat, rivals in laid.rivals.items()})
    if laid.wall is not None:
        photos["wall"] = laid.wall.name
    return photos


def table_rows(table: str, report: dict[str, Any],
               laid_out: Callable[[], dict[str, str]] | None = None) -> list[list[Any]]:
    """A row per seat of the table's report (``report.json``): each seat read, then each seat a finding names and
    none read (a photo missing), the wall last; a row of no seat for the findings of none (the table's own). Each
    names its photo: the one read, else the ones its finding names, else (``laid_out``, asked only then: the table's
    photos by seat, ``layout_photos``) the one at its seat (the same file at two seats; one that could not be read, in
    a report of an older check)."""
    readings = {str(s.get("seat")): s for s in report.get("seats") or [] if isinstance(s, dict)}
    findings = [f for f in report.get("findings") or [] if isinstance(f, dict)]
    named = {str(s) for f in findings for s in f.get("seats") or []}
    game = _game_of(report)
    sizes = tuple(game.deal_sizes) if game is not None else None
    names_ja = {kind.id: kind.name_ja for kind in game.tiles} if game is not None else {}
    names_en = {kind.id: kind.name_en for kind in game.tiles if kind.name_en} if game is not None else {}
    photos = {**_photos_found(findings), **{seat: str(r.get("photo", "")) for seat, r in readings.items()}}
    if laid_out is not None and named - set(photos):
        photos = {**laid_out(), **photos}
    wrong = wrong_game_table(findings, written_by_older(report))
    rows = [_seat_row(table, seat, report, readings.get(seat), [f for f in findings if seat in map(str, f.get("seats")
                                                                                                      or [])],
                      sizes, photos, names_ja, wrong, names_en)
            for seat in sorted(set(readings) | named, key=seat_order)]
    own = [f for f in findings if not f.get("seats")]
    if own or not rows:
        rows.append(_seat_row(table, "", report, None, own, sizes, photos, names_ja))
    return rows


def _lone_row(table: str, verdict: tuple[str, str]) -> list[Any]:
    """A table's one row, of no seat: ``verdict`` (English, Japanese) in its verdict's column and ``findings_ja``."""
    row = [table, "", "", "", verdict[0]] + [""] * (len(HEADERS) - 5)
    row[HEADERS.index("findings_ja")] = verdict[1]
    return row


def seat_rows(out_dir: Path, event: dict[str, Any], trusted_only: bool = True) -> Iterable[list[Any]]:
    """The rows of the event whose report is in ``out_dir`` (``event``: its ``event.json``), tables in the event's
    order: each table's report (``table_rows``) where this home's check wrote it as it is (``report.table_trust``;
    ``trusted_only`` False: as read, for the check that has just written or kept them), else one row saying it is
    not trusted; the tables a stopped check did not reach, one row each."""
    lines = [t for t in event.get("tables") or [] if isinstance(t, dict)]
    for line in sorted(lines, key=lambda t: table_order(str(t.get("table", "")))):
        table = str(line.get("table", ""))
        folder = out_dir / table
        if trusted_only:
            report, why = table_trust(folder, event=event)
        else:
            report, why = json_object(folder / REPORT_JSON), None
        if report is None or why is not None:
            yield _lone_row(table, _UNTRUSTED)
            continue
        yield from table_rows(table, report, lambda: layout_photos(out_dir, event, table))
    for table in sorted(map(str, event.get("unchecked") or []), key=table_order):
        yield _lone_row(table, _UNCHECKED)


def seats_csv(out_dir: Path, event: dict[str, Any], trusted_only: bool = True) -> str:
    """The event's seats as CSV text (``seat_rows`` under ``HEADERS``); a file of it is ``ledger.csv_bytes`` of it.

    >>> seats_csv(Path("."), {"tables": []}).splitlines()[0].split(",")[:4]
    ['table', 'seat', 'dealer', 'photo']
    """
    from tilelens.ledger import csv_cell

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADERS)
    for row in seat_rows(out_dir, event, trusted_only):
        # a signed count ("+1") is no formula a spreadsheet runs (it reads a number): not marked as text ("'+1")
        writer.writerow([v if i == _OFF else csv_cell(v) for i, v in enumerate(row)])
    return out.getvalue()


def seats_csv_written(head: bytes) -> bool:
    """Whether a file that starts with ``head`` is a seats CSV (``seats_csv`` as written to a file, or saved again
    without its byte-order mark; an older tilelens's too): a file `tilelens check --csv` may write over, where another
    (a seat photo, a ledger, a spreadsheet of the club's) would be lost.

    >>> seats_csv_written(b"\\xef\\xbb\\xbftable,seat,dealer,photo,table verdict,seat verdict,read (tiles)")
    True
    >>> seats_csv_written(b"name,points")
    False
    """
    return head.removeprefix(b"\xef\xbb\xbf").startswith(HEADER_START.encode())
