"""The vocabulary of an event check: what was read at a seat, what was found wrong, and a table's verdict.

Everything here is a frozen dataclass or a StrEnum and turns into plain JSON with ``to_dict``, so a report
crosses a process boundary and lands in ``report.json`` unchanged.
"""
from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


def table_order(name: str) -> tuple[tuple[Any, ...], str]:
    """The sort key of a table's name in the event's order: its numbers by value (table-2 before table-10), its
    words regardless of case; ties by the name as written.

    >>> sorted(["table-10", "Table-2", "table-1", "east"], key=table_order)
    ['east', 'table-1', 'Table-2', 'table-10']
    """
    parts = re.split(r"(\d+)", name)
    return tuple(int(p) if i % 2 else p.casefold() for i, p in enumerate(parts)), name


def sure_text(confidence: float) -> str:
    """A confidence in two places, never rounded up: a tile read at 0.7962, under a 0.80 threshold, is said "0.79", not
    "0.80: please confirm" (a tile at the threshold passes).

    >>> sure_text(0.7962), sure_text(0.8), sure_text(0.29), sure_text(1.0)
    ('0.79', '0.80', '0.29', '1.00')
    """
    return f"{math.floor(float(confidence) * 100 + 1e-9) / 100:.2f}"


class Severity(StrEnum):
    """How a finding weighs on the table's verdict."""

    ERROR = "error"    # the deal or the input is wrong: the table is not in order
    REVIEW = "review"  # a person must look (an unsure tile): not in order until confirmed
    NOTICE = "notice"  # legal but worth announcing (a hand winning or one tile away as dealt)


class FindingKind(StrEnum):
    """Every kind of thing an event check reports."""

    OTHER_GAME = "other-game"  # the tiles look like another game's (the check run with the wrong --game?)
    POOR_PHOTO = "poor-photo"  # a seat read far less surely than its table's others, and like no other game: retake
    MISSING_SEAT = "missing-seat"
    DUPLICATE_SEAT = "duplicate-seat"
    NEAR_COPY = "near-copy"  # two seats' photos alike, not byte for byte (one resized, recompressed, cropped)
    UNREADABLE_PHOTO = "unreadable-photo"
    UNNAMED_PHOTO = "unnamed-photo"
    BAD_MANIFEST = "bad-manifest"
    NO_DEALER = "no-dealer"
    DEALER_TAKEN = "dealer-taken"  # no dealer marked: the one seat of the dealer's count taken as the dealer
    TWO_DEALERS = "two-dealers"
    WRONG_COUNT = "wrong-count"
    FACE_DOWN = "face-down"
    UNKNOWN_TILE = "unknown-tile"
    SURPLUS = "surplus"
    UNSURE_TILE = "unsure-tile"
    WINNING_AS_DEALT = "winning-as-dealt"
    TENPAI_AS_DEALT = "tenpai-as-dealt"
    WALL_COUNT = "wall-count"


SEVERITY: dict[FindingKind, Severity] = {
    **{k: Severity.ERROR for k in FindingKind},
    FindingKind.UNSURE_TILE: Severity.REVIEW,
    FindingKind.POOR_PHOTO: Severity.REVIEW,
    FindingKind.WINNING_AS_DEALT: Severity.NOTICE,
    FindingKind.TENPAI_AS_DEALT: Severity.NOTICE,
    FindingKind.DEALER_TAKEN: Severity.NOTICE,
}


class Verdict(StrEnum):
    """A table's outcome: ``ok`` (notices allowed), ``review`` (tiles to confirm) or ``fault``."""

    OK = "ok"
    REVIEW = "review"
    FAULT = "fault"


def where(seat: str) -> str:
    """How a message names a seat (``"seat 2"``) or the wall (``"the wall"``)."""
    return "the wall" if seat == "wall" else f"seat {seat}"


def where_ja(seat: str) -> str:
    """``where`` in Japanese (``"2番席"``, ``"残りの山"``)."""
    return "残りの山" if seat == "wall" else f"{seat}番席"


def seat_order(seat: str) -> tuple[bool, int, str]:
    """The key seats are said in: by number (seat 2 before seat 10), the wall last."""
    return (seat == "wall", len(seat), seat)


def seats_said(seats: list[str] | tuple[str, ...]) -> tuple[str, str]:
    """Seats (and the wall among them), in the order given, in English and Japanese: "seats 1, 2 and the wall"
    ("1番席、2番席、残りの山"), "seat 3", "the wall".

    >>> seats_said(["1", "2", "wall"])
    ('seats 1, 2 and the wall', '1番席、2番席、残りの山')
    """
    hands = [s for s in seats if s != "wall"]
    en = " and ".join(filter(None, (("seat " if len(hands) == 1 else "seats ") + ", ".join(hands) if hands else "",
                                    "the wall" if "wall" in seats else "")))
    return en, "、".join(where_ja(s) for s in seats)


# The words an English finding may begin with that are ours (``where``: "seat 2", "the wall"; "no photo for seat 4",
# "most tables ..."), not a name as written: a file's (table.toml, wall.jpg, seat5.jpg) or a folder's (table-03).
_OUR_FIRST_WORD = re.compile(r"(?:seats?|the|no|more|most|one|two|both|photo|wall|this)(?=[ ,']|$)")


def sentence(message: str) -> str:
    """An English finding as a person reads it on its own line (a report's page, the app): a sentence, its first
    word capitalised where it is one of ours; a name it begins with is left as written. The report files and the
    command line's lines (``FAULT table-03: seat 2 has ...``) keep the message as it is.

    >>> sentence("seat 2, tile 3: read as Sayurin"), sentence("table.toml: players must be 2, 3 or 4")
    ('Seat 2, tile 3: read as Sayurin', 'table.toml: players must be 2, 3 or 4')
    """
    return message[:1].upper() + message[1:] if _OUR_FIRST_WORD.match(message) else message


def says_table(name: str) -> bool:
    """Whether a table's (folder) name says it is a table already (``table-03``, ``Table 3``, ``卓3``).

    >>> [says_table(n) for n in ("table-03", "Table 3", "卓3", "テーブル3", "t7", "03")]
    [True, True, True, True, False, False]
    """
    return any(word in name.lower() for word in ("table", "卓", "テーブル"))


def table_named(name: str) -> tuple[str, str]:
    """How a message names a table, in English and Japanese: by its name alone where that says it is a
    table (never "table table-03"), else ``table t7`` / ``卓 t7``.

    >>> table_named("table-03"), table_named("t7")
    (('table-03', 'table-03'), ('table t7', '卓 t7'))
    """
    return (name, name) if says_table(name) else (f"table {name}", f"卓 {name}")


def seat_at_table(seat: str, table: str) -> tuple[str, str]:
    """A seat (or the wall) of another table, in English and Japanese: ``seat 4 at table-03`` /
    ``table-03 の4番席`` where the table's name says table, else ``seat 4 of table t7`` / ``卓 t7 の4番席``.

    >>> seat_at_table("4", "table-03"), seat_at_table("wall", "t7")
    (('seat 4 at table-03', 'table-03 の4番席'), ('the wall of table t7', '卓 t7 の残りの山'))
    """
    en, ja = table_named(table)
    space = " " if ja.isascii() or " " in ja else ""  # 卓01の2番席, table-03 の4番席
    return f"{where(seat)} {'at' if says_table(table) else 'of'} {en}", f"{ja}{space}の{where_ja(seat)}"


ACROSS_LISTED = 2  # a photo that is one with photos of more other tables than this is told in one clause of them all
ACROSS_NAMED = 4  # of the other tables in that clause, as many as this are named; more: the first 3, "…", the last


def tables_in_short(names: list[str], lang: str = "en") -> str:
    """The names of tables in one short run: all of them up to ``ACROSS_NAMED``, else the first three, "…" and the
    last (how many there are is said beside it).

    >>> tables_in_short(["t2", "t3", "t4"]), tables_in_short([f"t{i}" for i in range(2, 13)], "ja")
    ('t2, t3, t4', 't2、t3、t4 … t12')
    """
    sep = "、" if lang == "ja" else ", "
    if len(names) <= ACROSS_NAMED:
        return sep.join(names)
    return f"{sep.join(names[:3])} … {names[-1]}"


def tables_seat(seat: str, table: str) -> str:
    """A seat (or the wall) of another table as the table's own, in English: ``table-1's seat 2``, ``table t7's seat
    2``, ``the wall of table-1`` (the Japanese: ``seat_at_table``'s).

    >>> tables_seat("2", "table-1"), tables_seat("4", "t7"), tables_seat("wall", "table-1")
    ("table-1's seat 2", "table t7's seat 4", 'the wall of table-1')
    """
    en = table_named(table)[0]
    return f"the wall of {en}" if seat == "wall" else f"{en}'s {where(seat)}"


@dataclass(frozen=True)
class TileRef:
    """One tile of one seat's photo: ``index`` is its place left to right in that photo."""

    seat: str
    index: int
    kind: str
    xyxy: tuple[float, float, float, float]
    confidence: float
    is_back: bool = False
    alternatives: tuple[tuple[str, float], ...] = ()  # the reader's next best kinds, for a person to pick
    # a face whose kind confidence the reader held low for a person to check (glare, half hidden): it tells nothing of
    # which game's tiles a seat's are (``vision.other_game.telling_faces``), so no other game's classifier is shown it
    held_low: bool = False


@dataclass(frozen=True)
class SeatReading:
    """What the recognizer read in one seat's photo (``tiles`` left to right).

    ``seat`` is the seat label (``"1"``..``"4"``) or ``"wall"``; ``photo`` the photo's file name.
    """

    seat: str
    photo: str
    tiles: tuple[TileRef, ...]
    image_wh: tuple[int, int] = (0, 0)
    look: str = ""  # a difference hash of the photo's tiles (``copies.photo_look``): near copies look alike
    other_game: bool = False  # the tiles do not look like the game's (``vision.HandReading.other_game``)
    looks_like: str = ""  # then the id of the game they look like, where the reader could tell
    kind_sure: float | None = None  # the mean kind confidence of its face-up tiles (None: not known, an older report)
    colourless: bool = False  # the photo has no colour (``vision.image_io.colourless``): its tiles are misread
    digest: str = ""  # SHA-256 of the photo file ("" where not known, an older report): a byte copy at another table
    # the id of another game whose classifier reads its tiles surer than its own game's did, by ``rules.LIKELIER_MARGIN``
    # or more (``reading.likelier_game``),
    # though not flagged ``other_game``: most of a table's seats so is the wrong game (``rules.wrong_game``)
    likelier: str = ""

    @property
    def faces(self) -> tuple[TileRef, ...]:
        """Tiles shown face up (their kind was read)."""
        return tuple(t for t in self.tiles if not t.is_back)


@dataclass(frozen=True)
class Finding:
    """One thing wrong or worth a look at a table. ``tiles`` are the tiles it is about (crops are made
    of them); ``seats`` the seats concerned; ``data`` machine-readable details (counts, yaku, waits)."""

    kind: FindingKind
    message: str
    seats: tuple[str, ...] = ()
    tiles: tuple[TileRef, ...] = ()
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    message_ja: str = ""  # ``message`` in Japanese, for Japanese screens ("" where only English is written)

    @property
    def severity(self) -> Severity:
        """The weight of this kind of finding."""
        return SEVERITY[self.kind]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        d = asdict(self)
        d["kind"], d["severity"] = str(self.kind), str(self.severity)
        d["seats"] = list(self.seats)
        d["tiles"] = [_tile_dict(t) for t in self.tiles]
        return d


def _tile_dict(tile: TileRef) -> dict[str, Any]:
    d = asdict(tile)
    d["xyxy"] = [round(float(v), 1) for v in tile.xyxy]
    d["confidence"] = round(float(tile.confidence), 4)
    d["alternatives"] = [[k, p] for k, p in tile.alternatives]
    if not tile.held_low:  # said only where it is
        del d["held_low"]
    return d


def verdict_of(findings: tuple[Finding, ...] | list[Finding]) -> Verdict:
    """``fault`` if any error, else ``review`` if any tile to confirm, else ``ok``.

    >>> verdict_of([Finding(FindingKind.TENPAI_AS_DEALT, "seat 2 is one tile from winning")])
    <Verdict.OK: 'ok'>
    >>> verdict_of([Finding(FindingKind.UNSURE_TILE, "?"), Finding(FindingKind.SURPLUS, "!")])
    <Verdict.FAULT: 'fault'>
    """
    severities = {f.severity for f in findings}
    if Severity.ERROR in severities:
        return Verdict.FAULT
    return Verdict.REVIEW if Severity.REVIEW in severities else Verdict.OK


@dataclass(frozen=True)
class TableReport:
    """The outcome of checking one table."""

    table: str
    game: str
    findings: tuple[Finding, ...]
    seats: tuple[SeatReading, ...] = ()
    dealer: str | None = None
    fingerprint: str = ""
    seconds: float = 0.0
    min_confidence: float | None = None  # the confidence below which a tile was listed to confirm (a new one re-judges)
    # the absolute path of the game file checked for, where the game was given as a file (not a shipped game): its
    # names in either language, from any folder (``report.json``'s ``game_file``; "" in reports written before)
    game_file: str = ""

    @property
    def verdict(self) -> Verdict:
        """The table's overall outcome."""
        return verdict_of(self.findings)

    def to_dict(self) -> dict[str, Any]:
        """The ``report.json`` shape of one table."""
        return {
            "table": self.table, "game": self.game, **({"game_file": self.game_file} if self.game_file else {}),
            "verdict": str(self.verdict),
            "dealer": self.dealer, "fingerprint": self.fingerprint, "seconds": round(self.seconds, 3),
            **({} if self.min_confidence is None else {"min_confidence": self.min_confidence}),
            "findings": [f.to_dict() for f in self.findings],
            "seats": [{"seat": s.seat, "photo": s.photo, "count": len(s.tiles),
                       "image_wh": list(s.image_wh), "look": s.look, "other_game": s.other_game,
                       "looks_like": s.looks_like, "kind_sure": None if s.kind_sure is None else round(s.kind_sure, 4),
                       "colourless": s.colourless, **({"digest": s.digest} if s.digest else {}),
                       **({"likelier": s.likelier} if s.likelier else {}),
                       "tiles": [_tile_dict(t) for t in s.tiles]}
                      for s in self.seats],
        }


def report_from_dict(d: dict[str, Any]) -> TableReport:
    """The ``TableReport`` a ``report.json`` holds (``TableReport.to_dict``; a tile's ``crop`` ignored)."""
    def tile(t: dict[str, Any]) -> TileRef:
        return TileRef(seat=str(t["seat"]), index=int(t["index"]), kind=str(t["kind"]),
                       xyxy=tuple(float(v) for v in t["xyxy"]), confidence=float(t["confidence"]),  # type: ignore[arg-type]
                       is_back=bool(t.get("is_back", False)),
                       alternatives=tuple((str(k), float(p)) for k, p in t.get("alternatives", ())),
                       held_low=bool(t.get("held_low", False)))

    findings = tuple(Finding(FindingKind(f["kind"]), str(f["message"]), tuple(f.get("seats", ())),
                             tuple(tile(t) for t in f.get("tiles", ())), dict(f.get("data") or {}),
                             str(f.get("message_ja", ""))) for f in d["findings"])
    seats = tuple(SeatReading(str(s["seat"]), str(s["photo"]), tuple(tile(t) for t in s.get("tiles", ())),
                              tuple(s.get("image_wh", (0, 0))), str(s.get("look", "")),
                              bool(s.get("other_game", False)), str(s.get("looks_like", "")),
                              None if s.get("kind_sure") is None else float(s["kind_sure"]),
                              bool(s.get("colourless", False)), str(s.get("digest", "")),
                              str(s.get("likelier", "")))
                  for s in d.get("seats", ()))
    return TableReport(table=str(d["table"]), game=str(d["game"]), findings=findings, seats=seats,
                       dealer=d.get("dealer"), fingerprint=str(d.get("fingerprint", "")),
                       seconds=float(d.get("seconds", 0.0)),
                       min_confidence=None if d.get("min_confidence") is None else float(d["min_confidence"]),
                       game_file=str(d.get("game_file") or ""))


UNSURE_LISTED = 2  # a seat with more tiles to confirm than this is told them in one finding


def over_said(finding: dict[str, Any]) -> tuple[str, str]:
    """The sentence of a tile to confirm (``Finding.to_dict``) saying it may be a copy over the set's, in English and
    Japanese (``rules._over_said``, kept in its ``data``; an event's lines keep it too, ``runner.summary_line``);
    ("", "") where it says none.

    >>> over_said({"data": {"over_said": ["tile 2 may be 2p: ...", "2枚目は2p かもしれません: ..."]}})
    ('tile 2 may be 2p: ...', '2枚目は2p かもしれません: ...')
    >>> over_said({"message": "seat 1, tile 1: read as 5z with confidence 0.61: please confirm"})
    ('', '')
    >>> over_said({"data": {"over_said": "ab"}}), over_said({"data": ["x"]})  # a report edited by hand: none
    (('', ''), ('', ''))
    """
    data = finding.get("data")
    said = data.get("over_said") if isinstance(data, dict) else None
    if not (isinstance(said, list) and len(said) == 2 and all(isinstance(w, str) for w in said)):
        return "", ""
    return said[0], said[1]


def grouped(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Report findings (``Finding.to_dict``) as a person is told them: a seat with more than
    ``UNSURE_LISTED`` tiles to confirm (a blurred or junk photo: every tile unsure) as one finding in
    the place of the first, holding all its tiles, with the sentence of each that may be a copy over the set's
    (``over_said``); the rest as they are. The report files keep each.

    >>> fs = [{"kind": "unsure-tile", "severity": "review", "seats": ["2"], "message": f"tile {i}",
    ...        "message_ja": "", "tiles": [{"index": i}]} for i in (0, 3, 4)]
    >>> [(f["message"], f["message_ja"], len(f["tiles"])) for f in grouped(fs)]
    [('seat 2: 3 tiles to confirm (tiles 1, 4, 5)', '2番席: 確かめる牌が3枚あります (1、4、5枚目)', 3)]
    >>> [f["message"] for f in grouped(fs[:2])]
    ['tile 0', 'tile 3']

    A folder that holds no photo of its own but a table's folder (``EVENT/day2/table-11``, a finding of no seat)
    is told so once, without its seats' "no photo for seat N" each (the report files keep them):

    >>> inside = [{"kind": "missing-seat", "seats": [], "message": "day2 holds no photo of its own, but ..."},
    ...           *({"kind": "missing-seat", "seats": [s], "message": f"no photo for seat {s}"} for s in "1234")]
    >>> [f["message"] for f in grouped(inside)]
    ['day2 holds no photo of its own, but ...']

    A seat's photo that is one with photos at more than ``ACROSS_LISTED`` other tables (an event's photos copied
    into every table's folder) is told in one finding naming the tables in short (``copies.across_told``), not one
    a table.
    """
    from tilelens.event.copies import across_told  # copies imports this module

    findings = across_told(findings)
    if any(f["kind"] == FindingKind.MISSING_SEAT and not f.get("seats") for f in findings):
        findings = [f for f in findings if not (f["kind"] == FindingKind.MISSING_SEAT and f.get("seats"))]
    unsure: dict[str, list[dict[str, Any]]] = {}
    for f in findings:
        if f["kind"] == FindingKind.UNSURE_TILE:
            unsure.setdefault(f["seats"][0], []).append(f)
    out, said = [], set()
    for f in findings:
        seat = f["seats"][0] if f["kind"] == FindingKind.UNSURE_TILE else None
        if seat is None or len(unsure[seat]) <= UNSURE_LISTED:
            out.append(f)
        elif seat not in said:
            said.add(seat)
            tiles = [t for g in unsure[seat] for t in g["tiles"]]
            places = [str(t["index"] + 1) for t in tiles]
            # a tile that may be a copy over the set's: its sentence, what to look at first
            over = [words for words in map(over_said, unsure[seat]) if words[0]]
            out.append({**f, "tiles": tiles,
                        "message": f"{where(seat)}: {len(unsure[seat])} tiles to confirm (tiles {', '.join(places)})"
                                   + "".join(f"; {en}" for en, _ in over),
                        "message_ja": f"{where_ja(seat)}: 確かめる牌が{len(unsure[seat])}枚あります "
                                      f"({'、'.join(places)}枚目)" + "".join(f"。{ja}" for _, ja in over if ja)})
    return out


def owned(name: str) -> str:
    """A name as the owner of what follows: ``Nogizaka's``, ``Cinderella Girls'``.

    >>> owned("Nogizaka"), owned("Cinderella Girls")
    ("Nogizaka's", "Cinderella Girls'")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def other_game_event(tables: list[dict[str, Any]]) -> dict[str, Any] | None:
    """``event.json``'s ``other_game``: where half the tables checked or more (``tables``: the event's lines) say their
    tiles look like another game's (a table's own finding of it, ``rules.other_game_findings``: more than half its
    seats say so, ``rules.game_share``'s "most"), or half the event's seats or more do (each line's ``seats_read``),
    the event's one word of it (was the check run with the right ``--game``?), with the game to check it with where
    those tables say it; None where they do not. The tables' rule: a table at exactly half (its finding's
    ``unsure_game``) is unsure which game, and counts for no switch: said beside the tables of the wrong game ("1 more
    ... unsure which game"); where those are too few and the unsure ones make up half the tables or more, the event's
    word is that it is unsure which game (``unsure_game``), asking the hint alone. Measured on walkthrough 55's events:
    a Yokai Watch event checked as Nogizaka flags 2 of each table's 4 seats (the others read as Nogizaka at about 0.90;
    since, read surer as Yokai Watch: ``SeatReading.likelier``); an event checked with its own game flags none, and one
    of six Nogizaka tables and two Yokai Watch ones, checked as Nogizaka, 4 of 32.

    >>> said = {"kind": "other-game", "seats": ["1", "2"], "data": {
    ...     "game": "nogizaka", "game_en": "Nogizaka", "game_ja": "乃木坂", "looks_like": "yokai-watch",
    ...     "looks_like_en": "Yokai Watch", "looks_like_ja": "妖怪ウォッチ", "hint": "was the event checked with the "
    ...     "right --game?", "hint_ja": "正しい --game でチェックしましたか?"}}
    >>> lines = [{"table": t, "findings": [said] if t != "t3" else []} for t in ("t1", "t2", "t3")]
    >>> other_game_event(lines)["message"].split(": ")
    ['most tables (2 of 3)', "their tiles look like Yokai Watch's, not Nogizaka's", 'was the event checked with the right --game?']
    >>> other_game_event([{"table": "t1", "findings": []}]) is None
    True
    """
    said, seats = {}, {}  # table -> its table-wide finding's data; table -> its seats flagged, each finding's data
    unsure: dict[str, dict[str, Any]] = {}  # table -> the data of its finding at exactly half: unsure which game

    def seats_of(finding: dict[str, Any]) -> list[Any]:  # the wall is no seat: ``seats_read`` counts it not either
        return [s for s in finding.get("seats") or () if s != "wall"]
    for t in tables:
        found = [f for f in t.get("findings", []) if isinstance(f, dict) and f.get("kind") == FindingKind.OTHER_GAME
                 and isinstance(f.get("data"), dict)]
        if wide := [f for f in found if len(seats_of(f)) > 1]:
            (unsure if wide[0]["data"].get("unsure_game") else said)[str(t.get("table"))] = wide[0]["data"]
        if flagged_here := [(s, f["data"]) for f in found for s in seats_of(f)]:
            seats[str(t.get("table"))] = flagged_here
    if not tables:
        return None
    # the seats read (``summary_line``'s ``seats_read``; a line written before it said none: the tables alone)
    read = [t.get("seats_read") for t in tables]
    read_total = sum(n for n in read if isinstance(n, int) and not isinstance(n, bool))
    flagged = sum(len(v) for v in seats.values())
    by_seats = all(isinstance(n, int) and not isinstance(n, bool) for n in read) and flagged >= 2 \
        and 2 * flagged >= max(read_total, flagged)
    wide_tables = len(said) >= 1 and 2 * len(said) >= len(tables)
    # too few tables of the wrong game, but with the tables unsure which game, half the tables or more
    unsure_tables = not wide_tables and len(unsure) >= 1 and 2 * (len(said) + len(unsure)) >= len(tables)
    if unsure_tables:
        said = {**said, **unsure}
    if wide_tables or unsure_tables:  # half the tables or more say so, each of more than half its seats (or half)
        most = "most tables" if 2 * len(said) > len(tables) else "half the tables"
        most_ja = "ほとんどの卓" if 2 * len(said) > len(tables) else "半数の卓"
        most, most_ja = f"{most} ({len(said)} of {len(tables)})", f"{most_ja} ({len(tables)}卓中{len(said)}卓)"
    elif by_seats:  # half the event's seats or more, spread over its tables
        said = {t: d for t, pairs in seats.items() for _, d in pairs[:1]}
        total = max(read_total, flagged)
        most = "most of the event's seats" if 2 * flagged > total else "half the event's seats"
        most_ja = "ほとんどの席" if 2 * flagged > total else "半数の席"
        most, most_ja = f"{most} ({flagged} of {total})", f"{most_ja} ({total}席中{flagged}席)"
    else:
        return None
    first = next(iter(said.values()))
    looks = {d.get("looks_like") or "" for d in (said.values() if not by_seats or wide_tables or unsure_tables else
                                                  (d for pairs in seats.values() for _, d in pairs))}
    like = looks.pop() if len(looks) == 1 else ""
    game, game_ja = first.get("game_en", ""), first.get("game_ja", "")
    hint = str(first.get("hint", "")), str(first.get("hint_ja", ""))
    if unsure_tables:  # which game, unsure: no game to check it with (each table's finding says what to do if either)
        some = "half their seats or more" if len(said) > len(unsure) else "half their seats"
        some_ja = "半数以上の席" if len(said) > len(unsure) else "半数の席"
        if like:
            en = (f"{most}: the tiles of {some} look like {owned(first.get('looks_like_en') or like)}, not "
                  f"{owned(game)}, so which game's sets these are, is unsure")
            ja = f"{most_ja}: {some_ja}の牌が{game_ja}ではなく{first.get('looks_like_ja', like)}の牌に見えます"
        else:
            en = (f"{most}: the tiles of {some} do not look like {owned(game)}, so which game's sets these are, "
                  f"is unsure")
            ja = f"{most_ja}: {some_ja}の牌が{game_ja}の牌に見えません"
        return {"game": first.get("game", ""), "looks_like": like, "tables": sorted(said, key=table_order),
                "unsure_game": True, "message": f"{en}: {hint[0]}",
                "message_ja": f"{ja}。どのゲームのセットかわかりません: {hint[1]}"}
    if like:
        en = f"{most}: their tiles look like {owned(first.get('looks_like_en') or like)}, not {owned(game)}"
        ja = f"{most_ja} の牌が{game_ja}ではなく{first.get('looks_like_ja', like)}の牌に見えます"
    else:
        en, ja = f"{most}: their tiles do not look like {owned(game)}", f"{most_ja} の牌が{game_ja}の牌に見えません"
    if wide_tables and unsure:  # the tables at half beside them: unsure which game, said so
        en += f" ({len(unsure)} more at half their seats: unsure which game)"
        ja += f" (ほかの{len(unsure)}卓は半数の席がそう見え、どのゲームかわかりません)"
    # the game to check it with, where the tables said it (``rules.GAME_SWITCH``: most of their seats that game's)
    to, to_ja = (first.get("switch", ""), first.get("switch_ja", "")) if like and first.get("looks_like") == like \
        else ("", "")
    return {"game": first.get("game", ""), "looks_like": like, "tables": sorted(said, key=table_order),
            "message": f"{en}: {hint[0]}" + (f" {to[:1].upper()}{to[1:]}" if to else ""),
            "message_ja": f"{ja}: {hint[1]}" + (f"。{to_ja}" if to_ja else "")}


# --- a report file read back: is it one? (a report.json or event.json damaged, or edited by hand) ---------------
_KINDS = {list: ("a list", "リスト"), str: ("text", "文字列"), dict: ("an object", "オブジェクト"),
          int: ("a whole number", "整数"), float: ("a number", "数"), bool: ("true or false", "true か false")}


def _place(path: tuple[Any, ...]) -> tuple[str, str]:
    """Where in a report file ``path`` (keys and list places) is, in words: ``table 2's finding 1``."""
    en, ja = [], []
    names = {"tables": ("table", "卓"), "findings": ("finding", "指摘"), "tiles": ("tile", "牌"),
             "seats": ("seat entry", "席"), "skipped": ("skipped folder", "飛ばしたフォルダ")}
    for key, index in zip(path[::2], path[1::2]):
        word, word_ja = names.get(key, (str(key), str(key)))
        en.append(f"{word} {index + 1}")
        ja.append(f"{index + 1}番目の{word_ja}")
    return "'s ".join(en), "の".join(ja)


def _wrong(path: tuple[Any, ...], key: str, missing: bool, what: tuple[str, str] = ("", "")) -> tuple[str, str]:
    """The words of a key ``missing`` at ``path``, or holding a value that is not ``what``."""
    en, ja = _place(path)
    if missing:
        return (f"{en} has no \"{key}\"" if en else f"it has no \"{key}\"",
                f"{ja}に \"{key}\" がありません" if ja else f"\"{key}\" がありません")
    return (f"\"{key}\" of {en} is not {what[0]}" if en else f"its \"{key}\" is not {what[0]}",
            f"{ja}の \"{key}\" が{what[1]}ではありません" if ja else f"\"{key}\" が{what[1]}ではありません")


def _check_keys(d: Any, path: tuple[Any, ...], need: dict[str, Any],
                may: dict[str, Any] | None = None) -> tuple[str, str] | None:
    """The first of ``need`` (key -> type, or a tuple of the values allowed) missing from ``d`` or not of its kind,
    then the first of ``may`` present and not of its kind; None where all are well."""
    if not isinstance(d, dict):
        en, ja = _place(path)
        return (f"{en or 'it'} is not {_KINDS[dict][0]}", f"{ja or '全体'}が{_KINDS[dict][1]}ではありません")
    for key, kind in [*need.items(), *((k, v) for k, v in (may or {}).items() if k in d)]:
        if key not in d:
            return _wrong(path, key, True)
        value = d[key]
        if isinstance(kind, tuple):
            if value not in kind:
                return _wrong(path, key, False, (f"one of {', '.join(kind)}", f"{'、'.join(kind)} のどれか"))
        elif not isinstance(value, (int, float) if kind is float else kind) or (
                kind in (int, float) and isinstance(value, bool)):
            return _wrong(path, key, False, _KINDS[kind])
    return None


_TILE = {"seat": str, "index": int, "kind": str}
_TILE_READ = {**_TILE, "xyxy": list, "confidence": float}  # a tile of a report.json: ``report_from_dict`` reads these


def _tiles_problem(tiles: list[Any], path: tuple[Any, ...], keys: dict[str, Any]) -> tuple[str, str] | None:
    return next((p for j, t in enumerate(tiles) if (p := _check_keys(t, (*path, "tiles", j), keys))), None)


def _findings_problem(findings: list[Any], path: tuple[Any, ...], crops: bool) -> tuple[str, str] | None:
    tile_keys = {**_TILE_READ, "crop": str} if crops else _TILE
    for i, f in enumerate(findings):
        here = (*path, "findings", i)
        problem = _check_keys(f, here, {"kind": str, "severity": tuple(str(s) for s in Severity), "message": str,
                                        "seats": list, "tiles": list}, {"message_ja": str, "data": dict})
        if problem is None and f["kind"] == FindingKind.UNSURE_TILE and not f["seats"]:
            problem = _wrong(here, "seats", False, ("a list of one seat", "1つの席のリスト"))
        problem = problem or _tiles_problem(f["tiles"], here, tile_keys)
        if problem:
            return problem
    return None


def table_report_problem(d: Any) -> tuple[str, str] | None:
    """Why ``d`` (a table's ``report.json`` as read) is not a report that can be shown or kept, in words (English,
    Japanese) naming the key; None where it is one.

    >>> table_report_problem({"verdict": 3})
    ('it has no "table"', '"table" がありません')
    >>> table_report_problem({"table": "t1", "verdict": "fine", "findings": []})[0]
    'its "verdict" is not one of ok, review, fault'
    """
    verdicts = tuple(str(v) for v in Verdict)
    return (_check_keys(d, (), {"table": str, "verdict": verdicts, "findings": list}, {"seats": list})
            or _findings_problem(d["findings"], (), crops=True)
            or next((p for i, s in enumerate(d.get("seats", ()))
                     if (p := _check_keys(s, ("seats", i), {"seat": str, "photo": str}, {"tiles": list})
                         or _tiles_problem(s.get("tiles", []), ("seats", i), _TILE_READ))), None))


def event_report_problem(d: Any) -> tuple[str, str] | None:
    """Why ``d`` (an ``event.json`` as read) is not an event's report that can be shown, in words (English,
    Japanese) naming the key; None where it is one.

    >>> event_report_problem({"tables": [{"table": "t1"}]})
    ('table 1 has no "verdict"', '1番目の卓に "verdict" がありません')
    """
    verdicts = tuple(str(v) for v in Verdict)
    problem = _check_keys(d, (), {"tables": list}, {"skipped": list, "unchecked": list, "finished": bool})
    for i, t in enumerate(d["tables"] if problem is None else ()):
        problem = problem or _check_keys(t, ("tables", i), {"table": str, "verdict": verdicts, "counts": dict},
                                         {"findings": list})
        if problem is None and not all(isinstance(n, int) and not isinstance(n, bool) for n in t["counts"].values()):
            problem = _wrong(("tables", i), "counts", False, ("whole numbers", "整数"))
        problem = problem or _findings_problem(t.get("findings", []), ("tables", i), crops=False)
    for i, f in enumerate(d.get("skipped", ()) if problem is None else ()):
        problem = problem or _check_keys(f, ("skipped", i), {"folder": str, "reason": str}, {"reason_ja": str})
    return problem
