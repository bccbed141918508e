"""Another laptop's ledger added to this one: two or three tables of one evening, each recording its matches on its own
laptop, added up at the end (`tilelens ledger merge OTHER.sqlite`; the ledger page's "Add another laptop's ledger").

Each match of the other file is copied with its hands (each as recorded there: its note, who paid what, its time and
its id), its players, its game and the table rules it started under, under this ledger's next number (both laptops
number theirs from 1). A match is known by its game and the moment it started (``Match.created``, to the microsecond:
two laptops never start two matches at once), and the same match by its hands' ids (``uid``: each hand's own,
random), whatever its names or notes say (a player renamed on one laptop, as the totals' look-alike line advises),
so that:

- a match here already, the same hands, is not copied again: merging a file twice is merging it once ("already
  here"), and so is a match this ledger has more hands of (its hands there are the first of ours); a player named
  otherwise there keeps this laptop's name, said;
- a match this ledger has fewer hands of (its hands here are the first of the other's, a merge made while a table
  still played) is brought up to date: the hands it lacks are added after its own, this laptop's names kept;
- a match both have, each with hands the other lacks, is never written over: the other laptop's is added beside this
  one's under a new number, its hands given ids of their own (made from theirs, the same at every merge), and both
  are named, to keep the right one and delete the other (the ledger page's "Delete this match"). A second merge finds
  the copy again, and brings it up to date where that table played on. A record none of whose hands is here (a copy
  kept on the other laptop) keeps its ids: a copy of a copy would be a hand no delete or undo of it finds;
- a match deleted here (:meth:`Ledger.delete_match` keeps its game, start and hands' ids) is not added back while the
  other file has no more of it than was deleted ("deleted here"); an Undo of the delete lets it be found again;
- a match deleted on the other laptop (its file keeps the delete) is deleted here too, the later decision, where this
  ledger has it with those hands or the first of them (the hands that laptop undid before dropped from this one's,
  and, the other way, the hands undone here from the other file's match before it is compared with a delete here)
  and the other file has no record of it left ("deleted on the other laptop, so deleted here too"); remembered as
  deleted here, and kept as a delete here keeps it, to bring back (each match with its own Bring back on the ledger
  page; :meth:`Ledger.restore_match` remembers the bringing back, so that the next merge keeps it, and a laptop that
  deleted it takes it back);
- a match deleted on the other laptop that this ledger has no record of is remembered here as deleted there, with the
  time it was deleted there ("1 match deleted there is remembered here"), and so is a hand undone there that no match
  here holds (with the time of its undo): a later merge of a third laptop's file that still holds the match or the
  hand does not add it back, so that merging the files in any order ends the same, and merging them again adds
  nothing. A copy of the match with no more hands than were deleted is left out whatever its times (it can only be
  older: it holds what the deleting laptop had); one with more hands (that table played on) is added back, as a match
  deleted here is, and one brought back on its laptop after the delete (``MATCH_BACK``, the later time) too. A delete
  of a match here with more hands (kept) is remembered too: a merge that takes hands out of a match (undone on a
  laptop) compares it with the deletes here, and deletes it where it holds no more than was deleted, so that one round
  decides whatever the order. What a merge learnt so is said as deleted (undone) "on a laptop merged before", not here
  (``LEARNT_TABLE``);
- a player named otherwise there (renamed on one laptop) keeps this laptop's name, the names that differ said once
  (until they differ otherwise);
- a hand undone here (:meth:`Ledger.undo` keeps its id) is not added back ("1 hand undone here not added back"); where
  the other table played on after it, the two tables parted: its match is kept beside as a conflict, both named;
- a hand undone on the other laptop (its file keeps its id) is taken out here too, the later decision ("1 hand undone
  on the other laptop taken out here"), and remembered as undone here; where this laptop recorded hands after it,
  all are kept and the match named, to undo here what is wrong;
- a hand's latest decision wins: a hand brought back (:meth:`Ledger.restore` keeps its id and time) after an undo on
  the other laptop is not taken out here, and is given back there by its next merge (after its own hands; where that
  table recorded hands after the undo, the two records are a conflict); the time of an undo taken from the other
  laptop is the time it was made there, and a restore learnt from it is remembered here too;
- a hand undone and entered again on one laptop is no conflict: the hands each laptop undid are dropped from the
  other's record before the two are compared, so that the other laptop's match is already here (its hand undone here
  not added back), or this laptop's is brought up to date (its hand undone there taken out, the hands entered there
  after it added). Only what still differs is a conflict (a hand recorded after one undone on the other laptop, said
  in its why; two corrections of one hand).

Hands without ids (an older tilelens's file) are compared as they were recorded (players, rules, each hand). A match
added that started on another evening than this ledger's newest after the merge, which `ledger totals` would leave
out, is said with the command that adds up its evening's matches here (older evenings in one line), or, where that
laptop's clock is likely off (a day or two, and no match here of that evening), tonight's with it (on the ledger page,
with where to tick them in Tonight's totals: a phone runs no command).

The other file is only read, an older tilelens's as it is (hands without ids get ids here); one whose last write was
cut short (a hot journal beside it) is read from a copy of both, put back there, the file itself left as it is. One
that is no ledger,
damaged, written by a newer tilelens (a column this one does not know, whose data would be lost), or this ledger
itself is refused in one line, in both languages, nothing changed. A match of it that cannot be read is named and
left out, the rest added. The merge is one transaction: a failure part way leaves this ledger as it was; before its
first change, the ledger as it was is copied beside it (``ledger.before-merge-20261206-230000.sqlite``). A copy the
same as the ledger is of a merge stopped part way (killed: sqlite rolled it back), said once and removed; of the other
copies, the newest few are kept (``KEEP_MERGE_COPIES``).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shlex
import shutil
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import closing
from datetime import date
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tilelens.ledger import (_DELETED_SQL, DELETED_TABLE, LEARNT_TABLE, MATCH_BACK, NAMED_THERE_TABLE,
                             SAME_DISCARD, DeletedMatch, HandKind, Ledger, LedgerError, _busy, _copy_file, _cut_short,
                             _deleted_uids, _free_name_beside, _has_table, _layout_changes, _remove_copy,
                             early_end_reason, evening_of, is_read_only, kept_game, new_hand, newer_columns, newer_said,
                             finished_records, open_existing, read_only_error, record_keys, remember_restored,
                             remember_undone, restored_times, said, sqlite_reason, table_columns, told_apart,
                             undone_times)
from tilelens.files import not_a_file_said

# The columns the ledger reads (``tilelens.ledger._LEDGER_COLUMNS``): a file lacking one is no ledger.
_READ = {"matches": {"id", "game_id", "players", "rules", "created"},
         "hands": {"match_id", "seq", "kind", "winner", "win_kind", "payments", "riichi", "tenpai", "note", "created"}}
# What a match is known by in both files, and what of a hand is no part of what was recorded (its place and its id).
_IDENTITY = ("game_id", "created")
_HAND_PLACE = ("match_id", "seq", "uid")
# Where a match of the other file as read keeps, for each of its hands, whether players count it as a hand
_PLAYED = " played"
# The copies earlier merges kept of the ledger beside it (``_keep_copy``) that a merge leaves there, the newest first,
# besides the one it keeps itself: older ones are removed (``_swept``), as is one the same as the ledger
KEEP_MERGE_COPIES = 4


@dataclass(frozen=True)
class MergedMatch:
    """A match of the other file and what the merge did with it. ``theirs``: its number there; ``ours``: here (the
    one it is, was brought up to date, or was added as; in a dry run, the number it would get); ``hands``: of
    a match added, its hands; brought up to date, the hands added; already here, its hands there. A conflict:
    ``here``, the match here it differs from, and ``why`` (``why_ja``), how; a match already here or brought up to date
    whose players (or rules) the other file says otherwise: ``why``, how (this ledger's kept). ``undone``: its hands
    there undone here, not added back; ``taken_out``: its hands here undone there, taken out here (in a dry run, those
    that would be; a match brought up to date: before the hands entered there after them were added);
    ``undone_kept``: its hands here undone there but kept, hands recorded after them here (``why`` says which)."""

    theirs: int
    ours: int
    game_id: str
    players: tuple[str, ...]
    created: float
    hands: int
    here: int | None = None
    why: str = ""
    why_ja: str = ""
    # ``hands`` as players count them (`ledger list`: a double ron's second winner, a chombo's re-deal no hand of its
    # own); None: as ``hands``
    played: int | None = None
    undone: int = 0
    taken_out: int = 0
    undone_kept: int = 0
    # brought up to date: the hands it had here before, as players count them
    before: int = 0
    # of ``undone``, the hands whose undo here a merge learnt from another laptop's ledger (said as undone on a laptop
    # merged before); a match left out as deleted here (``MergeReport.deleted``): its delete was learnt so
    undone_before: int = 0
    deleted_before: bool = False

    @property
    def hands_played(self) -> int:
        return self.hands if self.played is None else self.played


@dataclass(frozen=True)
class MergeReport:
    """What a merge of ``other`` into ``target`` did (:func:`merge_ledgers`), or would do (``dry_run``). ``added``:
    the matches copied; ``extended``: brought up to date; ``already``: here already; ``conflicts``: kept beside one
    here that differs (added too); ``deleted``: left out, as deleted here; ``left_out``: why each match of the other
    file that cannot be read was left out; ``copy``: the ledger as it was, kept beside it (None where nothing was
    changed, or the file was new); ``made``: the ledger file was made by the merge (this laptop had none yet).
    ``newest``: the start of this ledger's newest match with a hand before the merge (None: none), and ``tonight``,
    the matches with a hand of that evening here, by game: what `ledger totals` adds up, a match added of another
    evening said with the command that adds it up with them."""

    target: Path
    other: Path
    added: tuple[MergedMatch, ...] = ()
    extended: tuple[MergedMatch, ...] = ()
    already: tuple[MergedMatch, ...] = ()
    conflicts: tuple[MergedMatch, ...] = ()
    left_out: tuple[LedgerError, ...] = ()
    dry_run: bool = False
    copy: Path | None = None
    made: bool = False
    deleted: tuple[MergedMatch, ...] = ()
    newest: float | None = None
    tonight: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    # the matches of the other file already here or brought up to date that this ledger still holds twice, kept both
    # by an earlier merge (:func:`tilelens.ledger.recorded_twice`): ``(the first record, the copy)`` of each
    twice: tuple[tuple[int, int], ...] = ()
    # the ledger file was of an earlier layout, upgraded by the merge before it (:meth:`tilelens.ledger.Ledger._upgrade`):
    # the file as it was before that upgrade, kept beside it (None: no upgrade made)
    upgraded: Path | None = None
    # a dry run (``dry_run``) into a ledger of an earlier layout: the merge would upgrade it first, as above
    would_upgrade: bool = False
    # the matches here that the other laptop deleted (its record of them, or the first hands of it), deleted here too
    # (``ours``: the number it had here; ``players``: this ledger's names), and each as :meth:`Ledger.delete_match`
    # keeps one deleted here (``removed``), to bring back (:meth:`Ledger.restore_match`, the ledger page's Bring back)
    deleted_there: tuple[MergedMatch, ...] = ()
    removed: tuple[DeletedMatch, ...] = ()
    # the matches with a hand here after the merge, by game and evening (:func:`tilelens.ledger.evening_of`), oldest
    # first, and the evenings of a match here before it: a match added of another evening is said with its evening's
    evenings: Mapping[tuple[str, Any], tuple[int, ...]] = field(default_factory=dict)
    known_evenings: frozenset = frozenset()
    # the start of this ledger's newest match with a hand after the merge (None: none): its evening is the one `ledger
    # totals` adds up then; a match added of another evening is said (left out), one of it is not
    latest: float | None = None
    # the matches deleted on the other laptop that this ledger has no record of, remembered here as deleted there (a
    # later merge of a file that still holds one does not add it back)
    remembered: int = 0
    # a copy an earlier merge kept was the same as the ledger: that merge was stopped part way (killed, the laptop
    # turned off), nothing of it kept; the copy was removed. ``pruned``: the older copies of merges removed
    # (``KEEP_MERGE_COPIES``)
    stopped: bool = False
    pruned: int = 0

    @property
    def added_hands(self) -> int:
        """The hands of the matches added (a conflict's kept copy included)."""
        return sum(m.hands for m in (*self.added, *self.conflicts))

    @property
    def added_played(self) -> int:
        """:attr:`added_hands` as players count hands (`ledger list`: a double ron is one hand)."""
        return sum(m.hands_played for m in (*self.added, *self.conflicts))


@dataclass
class _Theirs:
    """The other file as read: its readable matches' rows (each with its hands' rows, in order), the columns of its
    tables, why each match that cannot be read was left out, and the ids of the hands undone there, by their match's
    game and start (``tilelens.ledger.undone_times``: ``undone_at``, each with the time it was undone; ``undone``,
    the ids alone), and of those undone and brought back there, each with the time it was brought back
    (``restored``, ``tilelens.ledger.restored_times``)."""

    matches: list[dict[str, Any]]
    match_columns: list[str]
    hand_columns: list[str]
    left_out: list[LedgerError]
    undone: dict[tuple, set[str]] = field(default_factory=dict)
    undone_at: dict[tuple, dict[str, float]] = field(default_factory=dict)
    restored: dict[tuple, dict[str, float]] = field(default_factory=dict)
    # the matches deleted there (``DELETED_TABLE``): each one's game and start, its hands' ids, when it was deleted
    deleted: list[tuple[tuple, list[Any], float]] = field(default_factory=list)


@dataclass
class _Here:
    """A match of this ledger as the merge compares it: its number, what it records besides its identity (players,
    rules), its hands' records (each without its place or id), the highest ``seq`` of them, and its hands' ids."""

    id: int
    head: tuple
    hands: list[tuple]
    last_seq: int
    uids: list[Any] = field(default_factory=list)


def merge_ledgers(target: str | Path, other: str | Path, dry_run: bool = False) -> MergeReport:
    """Copy the matches of the ledger file ``other`` (another laptop's) into the ledger file ``target`` (this one's;
    made where there is none yet), as the module says. ``dry_run``: nothing changed; what would be done, the numbers
    the matches would get included. ``LedgerError`` (one line, both languages) for a file that cannot be added, or a
    ledger that cannot be written: nothing changed."""
    target, other = Path(target), Path(other)
    theirs = _read_other(other, target)
    if not (theirs.matches or theirs.deleted or theirs.undone_at):  # nothing to add, delete nor remember: the ledger
        # not even opened (a laptop with none gets no empty file)
        return MergeReport(target, other, left_out=tuple(theirs.left_out), dry_run=dry_run)
    if dry_run:
        return _dry_run(target, other, theirs)
    made = not os.path.lexists(target)
    opened = time.time()
    ledger = Ledger(target)  # a ledger of an earlier layout upgraded here, as the app upgrades it (its copy kept)
    upgraded = None if made else next((u.copy for u in reversed(ledger.upgrades()) if u.done >= opened), None)
    kept: list[Path] = []
    swept: tuple[list[Path], list[Path]] = ([], [])

    def keep() -> None:  # before the first change: the ledger as it was, copied beside it (a new one: nothing to keep)
        if not made:
            kept.append(_keep_copy(target))

    try:
        with ledger._change() as db:  # one transaction, under the write lock from the first read
            if not made:  # under the lock: no other merge's copy is being made now
                swept = _swept(target, db)
            done = _merge_into(db, theirs, keep)
    except BaseException:
        for copy in kept:  # no copy of a merge not made
            _remove_copy(copy)
        if made:  # nor the ledger it made: no empty file left where there was none
            _remove_copy(target)
        raise
    if upgraded is not None:  # said with what the merge did (`tilelens ledger merge`): not told again by the app
        ledger.take_upgrade_notice()
    for copy in (*swept[0], *swept[1]):  # once the merge is made (one that fails removes none)
        _remove_copy(copy)
    return MergeReport(target, other, **done, left_out=tuple(theirs.left_out), copy=kept[0] if kept else None,
                       made=made, upgraded=upgraded, stopped=bool(swept[0]), pruned=len(swept[1]))


def _dry_run(target: Path, other: Path, theirs: _Theirs) -> MergeReport:
    """:func:`merge_ledgers` made on a copy of ``target`` (an empty ledger where there is none), which is then
    removed: the same work, the same numbers, and nothing of ``target`` changed (an older layout not upgraded: said as
    an upgrade the merge would make, ``MergeReport.would_upgrade``)."""
    would_upgrade = False
    with tempfile.TemporaryDirectory(prefix="tilelens-merge-") as folder:
        copy = Path(folder) / (target.name or "ledger.sqlite")
        if os.path.lexists(target):
            open_existing(target, "--db")  # a file that is no ledger refused as `tilelens ledger` refuses it
            try:
                _copy_file(target, copy)
                with closing(sqlite3.connect(copy)) as db:  # the copy's layout is the file's: an upgrade to say
                    would_upgrade = bool(_layout_changes(db))
            except (OSError, sqlite3.Error) as exc:
                why, why_ja = sqlite_reason(exc, target)
                raise LedgerError(f"ledger file {target} cannot be read: {why}",
                                  f"成績表のファイル {target} を読めません: {why_ja}") from None
        try:
            with Ledger(copy)._change() as db:
                done = _merge_into(db, theirs, lambda: None)
        except LedgerError as exc:
            raise _renamed(exc, str(copy), str(target)) from None
    return MergeReport(target, other, **done, left_out=tuple(theirs.left_out), dry_run=True,
                       made=not os.path.lexists(target), would_upgrade=would_upgrade)


def _merge_into(db: sqlite3.Connection, theirs: _Theirs, before_change: Callable[[], None]) -> dict[str, Any]:
    """Compare each match of ``theirs`` with this ledger's (``db``, in a transaction) and add what it lacks, as the
    module says; ``before_change`` is called once, before the first change. What was done, as ``MergeReport``'s
    fields (added, extended, already, conflicts, deleted, newest, tonight)."""
    match_here, hand_here = table_columns(db, "matches"), table_columns(db, "hands")
    heads = [c for c in theirs.match_columns if c in match_here and c not in ("id", *_IDENTITY)]
    records = [c for c in theirs.hand_columns if c in hand_here and c not in _HAND_PLACE]
    here: dict[tuple, list[_Here]] = {}
    select = ", ".join(["id", *_IDENTITY, *heads])
    by_id = {}
    for row in db.execute(f"SELECT {select} FROM matches ORDER BY id"):
        entry = _Here(row[0], tuple(row[3:]), [], -1)
        by_id[row[0]] = entry
        here.setdefault(tuple(row[1:3]), []).append(entry)
    uid = "uid" if "uid" in hand_here else "NULL"
    for row in db.execute(f"SELECT match_id, seq, {uid}, {', '.join(records)} FROM hands ORDER BY match_id, seq"):
        if (entry := by_id.get(row[0])) is not None:
            entry.hands.append(tuple(row[3:]))
            entry.uids.append(row[2])
            entry.last_seq = max(entry.last_seq, row[1]) if isinstance(row[1], int) else entry.last_seq
    newest, tonight = _tonight(here)
    known = frozenset(evening for game_id, evening in _evenings(here))  # the evenings of a match here before it
    learnt = _learnt(db)  # the deletes and undos here that a merge learnt from another laptop's ledger
    deleted_here: dict[tuple, list[tuple[list[Any], float, bool]]] = {}
    for key, uids, when in _deletes(db):  # each with whether its delete was learnt so
        deleted_here.setdefault(key, []).append((uids, when, (DELETED, *key, json.dumps(uids), when) in learnt))
    # the hands undone here and brought back here, each with its time: a hand's latest decision on either laptop wins
    undone_at_here, restored_here = undone_times(db), restored_times(db)
    told, tell = _told(db), []  # the players named otherwise there, said by an earlier merge; said by this one

    def named_otherwise(entry: _Here, head: tuple, key: tuple) -> tuple[str, str]:
        """:func:`_named_otherwise`, the players' names said once (until they differ otherwise)."""
        at = heads.index("players") if "players" in heads else None
        names = None if at is None or entry.head[at] == head[at] else (entry.head[at], head[at])
        if names is not None and names not in told.get(key, set()):
            tell.append((key, names))
        return _named_otherwise(entry, head, heads, players_told=names in told.get(key, set()))
    added, extended, already, conflicts, deleted = [], [], [], [], []
    shrunk: list[_Here] = []  # the matches here this merge took hands out of (undone there): compared with the deletes
    changing = False

    def change() -> None:
        nonlocal changing
        if not changing:
            before_change()
            changing = True

    for match in theirs.matches:
        head = tuple(match.get(c) for c in heads)
        hands = [tuple(h.get(c) for c in records) for h in match["hands"]]
        their_uids = [h.get("uid") for h in match["hands"]]
        key = tuple(match[c] for c in _IDENTITY)
        candidates = here.get(key, [])
        named = _named(match)
        played = match.get(_PLAYED) or [True] * len(hands)  # each hand: whether players count it (`ledger list`)
        same, shorter = _same_match(candidates, head, hands, their_uids)
        # the hands undone here, but those brought back on the other laptop after (given back here); the hands undone
        # there, but those brought back here after (not taken out here)
        their_undone_at = theirs.undone_at.get(key, {})
        mine = _still_undone(undone_at_here.get(key, {}), theirs.restored.get(key, {}))
        there = _still_undone(their_undone_at, restored_here.get(key, {}))
        cut, redone_taken = len(their_uids), 0  # theirs compared: the first ``cut`` of its hands
        if same is None and not shorter and candidates:
            # a hand undone and entered again (on either laptop): the hands each side undid dropped from the other
            # side's record, then compared again; only what still differs is a conflict
            found = _redone(candidates, their_uids, mine, there)
            if found is not None:
                entry, cut, keep, as_uid = found
                if keep is None:  # all it has, but for the hands undone here, is here
                    same = entry
                else:  # its hands here after the first ``keep`` undone there: taken out, the rest of theirs added
                    change()
                    gone_uids = entry.uids[keep:]
                    _take_out(db, entry, keep)
                    shrunk.append(entry)
                    when = _times_of(gone_uids, their_undone_at)  # each undo at the time it was made there
                    remember_undone(db, key[0], key[1], gone_uids, when)
                    _learn(db, learnt, UNDONE, key, when)
                    undone_at_here.setdefault(key, {}).update(when)
                    mine.update(gone_uids)
                    redone_taken, cut, shorter = len(gone_uids), len(their_uids), [(entry, as_uid)]
        if same is not None:  # all it has is here (a match here played on since: more)
            why, why_ja = named_otherwise(same, head, key)
            # its hands here beyond theirs that the other laptop undid: taken out here too (the later decision),
            # unless this laptop recorded hands after them (kept, said)
            extra = same.uids[cut:] if _by_ids(same.uids, their_uids[:cut]) == ("same", None) else []
            gone = [_undone(uid, there) for uid in extra]
            taken = kept = 0
            if gone and all(gone):
                change()
                _take_out(db, same, len(their_uids))
                shrunk.append(same)
                when = _times_of(extra, their_undone_at)
                remember_undone(db, key[0], key[1], extra, when)
                _learn(db, learnt, UNDONE, key, when)
                undone_at_here.setdefault(key, {}).update(when)
                mine.update(extra)
                taken = len(extra)
            elif any(gone):
                kept = sum(gone)
                numbers, _ = _hand_numbers(same.hands, records)
                at = cut + gone.index(True)
                n = numbers[at] if at < len(numbers) else at + 1
                why, why_ja = _joined((why, why_ja), _undone_kept_said(n))
            already.append(MergedMatch(ours=same.id, hands=len(hands), why=why, why_ja=why_ja, played=sum(played),
                                       undone=len(their_uids) - cut, taken_out=taken, undone_kept=kept,
                                       undone_before=_learnt_undos(key, their_uids[cut:], undone_at_here, learnt),
                                       **named))
            continue
        # compared with a delete here, the hands undone here dropped from theirs (undone, then the match deleted)
        kept_uids = [u for u in their_uids if not _undone(u, mine)]
        gone = [(when, before) for uids, when, before in deleted_here.get(key, ())
                if not shorter and _deleted(uids, kept_uids)]
        gone_here = [when for when, _ in gone]
        if gone_here and theirs.restored.get(key, {}).get(MATCH_BACK, float("-inf")) <= max(gone_here):
            deleted.append(MergedMatch(ours=0, hands=len(hands), played=sum(played), deleted_before=max(gone)[1],
                                       **named))  # not added back (the latest delete: made here, or learnt)
            continue
        if gone_here:  # deleted here, then brought back there: the later decision, added back (deleted here no more)
            change()
            db.execute(f"DELETE FROM {DELETED_TABLE} WHERE game_id = ? AND created = ?", key)
            remember_restored(db, key[0], key[1], [MATCH_BACK], {MATCH_BACK: theirs.restored[key][MATCH_BACK]})
            restored_here.setdefault(key, {})[MATCH_BACK] = theirs.restored[key][MATCH_BACK]
        undone_at = None  # where the other table played on after a hand undone here: the number of that hand
        if shorter:  # the one here played the furthest: the hands it lacks added after its own
            entry, as_uid = max(shorter, key=lambda found: len(found[0].hands))
            new = match["hands"][len(entry.hands):]
            # a hand undone here is not added back, nor are those after it where all of them were undone here
            gone = [_undone(h.get("uid"), mine) for h in new]
            first = gone.index(True) if any(gone) else len(new)
            if all(gone[first:]):
                left = len(new) - first
                before_here = _learnt_undos(key, [h.get("uid") for h in new[first:]], undone_at_here, learnt)
                new = new[:first]
                why, why_ja = named_otherwise(entry, head, key)
                if not new:  # all it has is here, but for the hands undone here
                    already.append(MergedMatch(ours=entry.id, hands=len(hands), why=why, why_ja=why_ja,
                                               played=sum(played), undone=left, taken_out=redone_taken,
                                               undone_before=before_here, **named))
                    continue
                change()
                before = _hand_numbers(entry.hands, records)[1]  # as players count them, to say
                entry.uids += _insert_hands(db, entry.id, new, theirs.hand_columns, hand_here,
                                            first_seq=entry.last_seq + 1, as_uid=as_uid)
                entry.hands += hands[len(entry.hands):len(entry.hands) + len(new)]
                entry.last_seq += len(new)
                added_played = played[len(played) - len(new) - left:len(played) - left]
                extended.append(MergedMatch(ours=entry.id, hands=len(new), why=why, why_ja=why_ja,
                                            played=sum(added_played), undone=left, taken_out=redone_taken,
                                            before=before, undone_before=before_here, **named))
                continue
            numbers, _ = _hand_numbers(hands, records)  # played on there after a hand undone here: parted
            at = len(entry.hands) + first
            undone_at = numbers[at] if at < len(numbers) else at + 1
        change()
        new_id = _insert_match(db, match, theirs.match_columns, match_here)
        # a conflict's copy: its hands given ids of their own where one of theirs is a hand here (a record there that
        # is itself a copy keeps its ids: a copy of a copy would be another laptop's hand to a delete or an undo)
        held = {u for c in candidates for u in c.uids}
        uids = _insert_hands(db, new_id, match["hands"], theirs.hand_columns, hand_here,
                             as_uid=_copy_uid if any(u in held for u in their_uids) else _same_uid)
        entry = _Here(new_id, head, hands, max((h["seq"] for h in match["hands"]), default=-1), uids)
        if candidates:  # the same match, another record of it: kept beside it, both named
            other = candidates[0]
            why, why_ja = _why_differ(other, entry, heads, records)
            if undone_at is None:  # a hand of theirs undone here, after which that table played on
                undone_at = _undone_played_on(their_uids, mine, _hand_numbers(hands, records)[0])
            if undone_at is not None:
                why, why_ja = _joined((why, why_ja), _undone_there_said(undone_at))
            # a hand here undone on the other laptop, after which this laptop recorded hands
            if (kept_at := _undone_played_on(other.uids, there, _hand_numbers(other.hands, records)[0])) is not None:
                why, why_ja = _joined((why, why_ja), _undone_here_played_on_said(kept_at))
            conflicts.append(MergedMatch(ours=new_id, hands=len(hands), here=other.id, why=why, why_ja=why_ja,
                                         played=sum(played), **named))
        else:
            added.append(MergedMatch(ours=new_id, hands=len(hands), played=sum(played), **named))
        here.setdefault(key, []).append(entry)
    # a hand brought back on the other laptop, not undone nor brought back here since (nor its conflict's copy, nor
    # the hand a copy was made from): remembered as brought back then, by its id there, whether or not a match here
    # holds it now (one deleted here, brought back by a later merge; a copy of it a later merge makes), so that one
    # merge learns all the file holds and a second learns nothing; a hand here of it whose older undo here is kept
    # under its own id (a copy) too, that row taken away: the latest decision passed on to a third laptop.
    # And so a match here brought back there after a delete (``MATCH_BACK``), later than any bringing back here: a
    # delete of an earlier time in a file merged after (a laptop that copied the delete) leaves it
    for key, brought in theirs.restored.items():
        present = [uid for entry in here.get(key, ()) for uid in entry.uids if isinstance(uid, str) and uid]
        undone_now, back_here = undone_at_here.get(key, {}), restored_here.get(key, {})
        back_now = {}
        for uid, when in brought.items():
            if uid == MATCH_BACK or not (isinstance(uid, str) and uid) or any(
                    _related(uid, other) and t >= when for decided in (undone_now, back_here)
                    for other, t in decided.items()):
                continue
            back_now[uid] = when
            back_now.update({p: when for p in present if p != uid and _related(uid, p) and p in undone_now})
        whole = brought.get(MATCH_BACK)
        if here.get(key) and whole is not None and whole > restored_here.get(key, {}).get(MATCH_BACK, float("-inf")):
            back_now[MATCH_BACK] = whole
        if back_now:
            change()
            remember_restored(db, key[0], key[1], list(back_now), back_now)
            # what _delete_as_there and _remember_theirs compare a delete (an undo) with
            restored_here.setdefault(key, {}).update(back_now)
    # a match of the other file here already (or brought up to date) that this ledger holds twice, kept both by an
    # earlier merge: said again, until the wrong one is deleted ("already here" alone told nothing of it)
    if tell:  # no change of the ledger's matches (no copy kept for it): what was said, not to say it again
        db.execute(_NAMED_THERE_SQL)
        db.executemany(f"INSERT INTO {NAMED_THERE_TABLE} (game_id, created, here, there, said) VALUES (?, ?, ?, ?, ?)",
                       [(*key, *names, time.time()) for key, names in tell])
    deleted_there, removed = _delete_as_there(db, theirs, here, restored_here, records, change, learnt)
    # the other file's deletes and undos of what this ledger has no record of, remembered here as made there: a later
    # merge of a file that still holds them does not add them back, whatever the order the files come in
    remembered = _remember_theirs(db, theirs, here, undone_at_here, restored_here, change, learnt)
    # a match here whose hands this merge took out (undone on a laptop) down to no more than a delete here (made here,
    # or learnt: this file's or a file's merged before) was deleted then: deleted now, so that one round decides
    if shrunk:
        said, kept = _delete_shrunk(db, here, shrunk, restored_here, records, change, learnt)
        deleted_there, removed = deleted_there + said, removed + kept
    touched = {m.ours for m in (*already, *extended)} - {m.ours for m in conflicts}
    twice = _first_and_copies(db, [found for found in here.values() if len(found) > 1
                                   and touched & {c.id for c in found}])
    return {"added": tuple(added), "extended": tuple(extended), "already": tuple(already),
            "conflicts": tuple(conflicts), "deleted": tuple(deleted), "newest": newest, "tonight": tonight,
            "twice": twice, "deleted_there": deleted_there, "removed": removed, "evenings": _evenings(here),
            "known_evenings": known, "latest": _tonight(here)[0], "remembered": remembered}


def _first_and_copies(db: sqlite3.Connection, groups: Sequence[Sequence[_Here]]) -> tuple[tuple[int, int], ...]:
    """``(the first record, a copy)`` of each match of ``groups`` (its records here), the first as
    :func:`tilelens.ledger.recorded_twice` chooses it (a finished one, :func:`tilelens.ledger.finished_records`, then
    :func:`tilelens.ledger.record_key`: the same on every laptop)."""
    ids = [entry.id for found in groups for entry in found]
    records, done = record_keys(db, ids), finished_records(db, ids)
    pairs = []
    for found in groups:
        first, *copies = sorted(found, key=lambda entry: (told_apart(entry.id in done, records[entry.id]), entry.id))
        pairs += [(first.id, copy.id) for copy in copies]
    return tuple(sorted(pairs))


def _delete_as_there(db: sqlite3.Connection, theirs: _Theirs, here: dict[tuple, list[_Here]],
                     restored_here: Mapping[tuple, Mapping[str, float]], records: Sequence[str],
                     change: Callable[[], None], learnt: set[tuple]
                     ) -> tuple[tuple[MergedMatch, ...], tuple[DeletedMatch, ...]]:
    """The matches here that the other laptop deleted, deleted here too (the later decision, as a hand undone there
    is taken out here): a match here whose hands are those it deleted, or the first of them, by their ids (this
    laptop's record of it, or the one a merge brought from it), the hands it undid (and this laptop has not brought
    back since) dropped from ours first; not one this laptop recorded more hands in, nor one
    brought back here after that delete (``MATCH_BACK``), nor one of which the other file holds a record still (one
    of two records of it deleted there: the other kept, the pair said as ever). Each remembered as deleted here (a
    third laptop's record not added back) and kept as :meth:`Ledger.delete_match` keeps it, to bring back: the
    matches (this ledger's numbers and names; ``records``: the hands' columns, to count them as players do) and
    what was deleted. Each delete is remembered as learnt from the other laptop (``learnt``: those learnt so far)."""
    still = {tuple(m[c] for c in _IDENTITY) for m in theirs.matches}
    said, kept = [], []
    for key, uids, when in theirs.deleted:
        if key in still or restored_here.get(key, {}).get(MATCH_BACK, float("-inf")) > when or not _ids(uids):
            continue
        # the hands it undid (before it deleted the match), but those brought back here after, dropped from ours
        there = _still_undone(theirs.undone_at.get(key, {}), restored_here.get(key, {}))
        for entry in list(here.get(key, ())):
            if not (_ids(entry.uids) and _deleted(uids, [u for u in entry.uids if not _undone(u, there)])):
                continue
            change()
            gone, match_row = _delete_here(db, here, key, entry, when, records, learnt, True)
            said.append(gone)
            kept.append(match_row)
    return tuple(said), tuple(kept)


def _delete_here(db: sqlite3.Connection, here: dict[tuple, list[_Here]], key: tuple, entry: _Here, when: float,
                 records: Sequence[str], learnt: set[tuple], learn: bool, before: bool = False
                 ) -> tuple[MergedMatch, DeletedMatch]:
    """The match ``entry`` here (of game and start ``key``) deleted, as deleted at ``when`` (the delete's time there),
    remembered in ``DELETED_TABLE`` with its hands' ids (as :meth:`Ledger.delete_match` keeps it, for
    :meth:`Ledger.restore_match`), as learnt where ``learn``: as ``MergeReport.deleted_there`` and ``removed`` say it
    (``before``: a delete learnt from a laptop merged before)."""
    cur = db.execute("SELECT * FROM matches WHERE id = ?", (entry.id,))
    match_row = dict(zip([d[0] for d in cur.description], cur.fetchone()))
    cur = db.execute("SELECT * FROM hands WHERE match_id = ? ORDER BY seq", (entry.id,))
    hand_rows = tuple(dict(zip([d[0] for d in cur.description], r)) for r in cur.fetchall())
    db.execute("DELETE FROM hands WHERE match_id = ?", (entry.id,))
    db.execute("DELETE FROM matches WHERE id = ?", (entry.id,))
    db.execute(_DELETED_SQL)
    if not any(k == key and json.dumps(u) == json.dumps(_json(_deleted_uids(hand_rows))) and t == when
               for k, u, t in _deletes(db)):
        db.execute(f"INSERT INTO {DELETED_TABLE} (game_id, created, uids, deleted) VALUES (?, ?, ?, ?)",
                   (*key, _deleted_uids(hand_rows), when))  # as deleted there, then
    if learn:
        _learn(db, learnt, DELETED, key, {json.dumps(_json(_deleted_uids(hand_rows))): when})
    here[key].remove(entry)
    return (MergedMatch(theirs=0, ours=entry.id, game_id=key[0], created=key[1], hands=len(hand_rows),
                        players=tuple(_names(_json(match_row.get("players")))),
                        played=_hand_numbers(entry.hands, records)[1], deleted_before=before),
            DeletedMatch(entry.id, match_row, hand_rows))


def _delete_shrunk(db: sqlite3.Connection, here: dict[tuple, list[_Here]], shrunk: Sequence[_Here],
                   restored_here: Mapping[tuple, Mapping[str, float]], records: Sequence[str],
                   change: Callable[[], None], learnt: set[tuple]
                   ) -> tuple[tuple[MergedMatch, ...], tuple[DeletedMatch, ...]]:
    """The matches of ``shrunk`` (here, hands taken out of them by this merge: undone on a laptop) that are now no more
    than a match deleted here (``DELETED_TABLE``: deleted here, or learnt from this file or one merged before; its hands
    or the first of them, :func:`_deleted`), and not brought back here after that delete (``MATCH_BACK``), deleted
    here: the delete was judged with hands that laptop undid, which it did not know of (one round decides, whatever the
    order the files come in). As :func:`_delete_as_there` says them."""
    said, kept, seen = [], [], set()
    rows = _deletes(db)
    for entry in shrunk:
        key = next((k for k, entries in here.items() if any(e is entry for e in entries)), None)
        if key is None or entry.id in seen or not _ids(entry.uids):
            continue  # deleted already, or hands without ids
        seen.add(entry.id)
        back = restored_here.get(key, {}).get(MATCH_BACK, float("-inf"))
        found = [(when, (DELETED, *key, json.dumps(uids), when) in learnt) for k, uids, when in rows
                 if k == key and when > back and _ids(uids) and _deleted(uids, entry.uids)]
        if not found:
            continue
        when, learnt_so = max(found)
        change()
        gone, match_row = _delete_here(db, here, key, entry, when, records, learnt, learnt_so, before=learnt_so)
        said.append(gone)
        kept.append(match_row)
    return tuple(said), tuple(kept)


# What ``LEARNT_TABLE`` keeps of each decision a merge learnt from another laptop's ledger: a match deleted there (its
# hands' ids as ``DELETED_TABLE`` keeps them, JSON), a hand undone there (its id)
DELETED, UNDONE = "deleted", "undone"
_LEARNT_SQL = (f"CREATE TABLE IF NOT EXISTS {LEARNT_TABLE} (game_id TEXT NOT NULL, created REAL NOT NULL, "
               "what TEXT NOT NULL, uid TEXT NOT NULL, at REAL NOT NULL)")


def _learnt(db: sqlite3.Connection) -> set[tuple]:
    """The deletes and undos of the ledger of ``db`` that a merge learnt from another laptop's ledger
    (``LEARNT_TABLE``), each as ``(what, game_id, created, uid, at)``: a row of ``DELETED_TABLE`` (``UNDONE_TABLE``)
    of that game, start, ids (id) and time was learnt so; one of another time was made here (deleted again here after
    it was brought back). Empty where it has no such table."""
    if not _has_table(db, LEARNT_TABLE):
        return set()
    try:
        return {tuple(row) for row in db.execute(f"SELECT what, game_id, created, uid, at FROM {LEARNT_TABLE}")}
    except sqlite3.DatabaseError:  # a table of that name that is not the ledger's: nothing learnt read
        return set()


def _learn(db: sqlite3.Connection, learnt: set[tuple], what: str, key: tuple, times: Mapping[str, float]) -> None:
    """Keep in ``LEARNT_TABLE`` (made where there is none) that the deletes or undos ``what`` of the match ``key``
    (each id, or a delete's ids as JSON, with its time, as kept in its own table) were learnt from another laptop's
    ledger; ``learnt`` (those read at the start of the merge) updated."""
    new = [(what, *key, uid, float(when)) for uid, when in times.items()
           if isinstance(uid, str) and uid and (what, *key, uid, float(when)) not in learnt]
    if not new:
        return
    db.execute(_LEARNT_SQL)
    db.executemany(f"INSERT INTO {LEARNT_TABLE} (what, game_id, created, uid, at) VALUES (?, ?, ?, ?, ?)", new)
    learnt.update(new)


def _learnt_undos(key: tuple, uids: Sequence[Any], undone_at: Mapping[tuple, Mapping[str, float]],
                  learnt: set[tuple]) -> int:
    """How many of the hands ``uids`` of the match ``key``, undone here (``undone_at``: each id undone here with its
    time), are so by an undo learnt from another laptop's ledger (the latest undo of each: :func:`_learnt`)."""
    times = undone_at.get(key, {})
    n = 0
    for uid in uids:
        found = [(when, other) for other, when in times.items() if isinstance(uid, str) and _related(uid, other)]
        if found:
            when, other = max(found)
            n += (UNDONE, *key, other, float(when)) in learnt
    return n


def _remember_theirs(db: sqlite3.Connection, theirs: _Theirs, here: Mapping[tuple, Sequence[_Here]],
                     undone_at_here: Mapping[tuple, Mapping[str, float]],
                     restored_here: Mapping[tuple, Mapping[str, float]], change: Callable[[], None],
                     learnt: set[tuple]) -> int:
    """The other file's deletes and undos of what this ledger holds no record of, remembered here as made there, at
    the time they were made there (and as learnt: :func:`_learn`), so that a later merge of a third laptop's file that
    still holds the match (no more of it than was deleted) or the hand does not add it back: merging the files in any
    order ends the same. A delete (a match deleted there, its hands' ids) is remembered where the other file holds no
    record of it left (one of two records deleted there), it is not here already at that time or later, and it was not
    brought back here after it (``MATCH_BACK``); where that laptop's table plays more hands in it than were deleted, a
    later merge adds it back, as it does a match deleted here. One of a match here that holds more hands (played on:
    kept) is remembered too, not counted: a merge that takes hands out of it (undone on a laptop) compares it with the
    delete (:func:`_delete_shrunk`). An undo (a hand undone there, not brought back there since) is
    remembered where no match here holds the hand (or a conflict's copy of it: one here is taken out or kept as the
    module says), it is not undone here at that time or later, and it was not brought back here after it. The number
    of deletes remembered."""
    still = {tuple(m[c] for c in _IDENTITY) for m in theirs.matches}
    rows_here = _deletes(db)
    back_here = {key: times.get(MATCH_BACK, float("-inf")) for key, times in restored_here.items()}
    deletes, played_on = [], 0
    for key, uids, when in theirs.deleted:
        if (key in still or not _ids(uids) or back_here.get(key, float("-inf")) > when
                or any(k == key and u == uids and t >= when for k, u, t in rows_here)):
            continue  # (one here of an earlier time: this later one kept too, the latest delete what a bringing
            # back is compared with, whatever the order the files come in)
        # a match here that holds more hands than were deleted (played on) is kept, its delete remembered all the
        # same (not counted as one this ledger has no record of): a later merge that takes out the hands a laptop
        # undid compares it with it (:func:`_delete_shrunk`), whatever the order the files come in
        played_on += bool(here.get(key))
        deletes.append((key, uids, when))
        rows_here.append((key, uids, when))
    undos = []
    for key, times in theirs.undone_at.items():
        present = [uid for entry in here.get(key, ()) for uid in entry.uids if isinstance(uid, str) and uid]
        for uid, when in sorted(times.items()):
            if not (isinstance(uid, str) and uid) or any(_related(uid, p) for p in present):
                continue
            if any(_related(uid, other) and t >= when for other, t in undone_at_here.get(key, {}).items()):
                continue  # undone here then or since
            if any(_related(uid, other) and t > when for other, t in restored_here.get(key, {}).items()):
                continue  # brought back here after it: the later decision
            undos.append((key, uid, when))
    if not (deletes or undos):
        return 0
    change()
    for key, uids, when in deletes:
        db.execute(_DELETED_SQL)
        db.execute(f"INSERT INTO {DELETED_TABLE} (game_id, created, uids, deleted) VALUES (?, ?, ?, ?)",
                   (*key, json.dumps(uids), when))
        _learn(db, learnt, DELETED, key, {json.dumps(uids): when})
    for key, uid, when in undos:
        remember_undone(db, key[0], key[1], [uid], {uid: when})
        _learn(db, learnt, UNDONE, key, {uid: when})
    return len(deletes) - played_on


def _evenings(here: Mapping[tuple, Sequence[_Here]]) -> dict[tuple[str, Any], tuple[int, ...]]:
    """The matches with a hand here (``here``), by game and evening, oldest first (as `ledger totals` lists them)."""
    found: dict[tuple[str, Any], list[tuple[float, int]]] = {}
    for (game_id, created), entries in here.items():
        if isinstance(created, (int, float)) and not isinstance(created, bool):
            for entry in entries:
                if entry.hands:
                    found.setdefault((game_id, evening_of(created)), []).append((created, entry.id))
    return {key: tuple(i for _, i in sorted(ids)) for key, ids in found.items()}


def _json(text: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def _same_uid(uid: str) -> str:
    return uid


def _undone(uid: Any, undone: set[str]) -> bool:
    """Whether the hand of id ``uid`` is one of the hands undone ``undone`` (their ids), or a conflict's copy of
    one, or the hand a copy undone was made from (:func:`_copy_uid`)."""
    if not (isinstance(uid, str) and uid and undone):
        return False
    return uid in undone or _copy_uid(uid) in undone or any(_copy_uid(u) == uid for u in undone)


def _related(uid: str, other: str) -> bool:
    """Whether two hands' ids are one hand's: the same, or either a conflict's copy of the other (:func:`_copy_uid`)."""
    return uid == other or _copy_uid(uid) == other or _copy_uid(other) == uid


def _still_undone(undone: Mapping[str, float], restored: Mapping[str, float]) -> set[str]:
    """The ids of the hands undone ``undone`` (each with the time it was undone) but those brought back after it on
    the other laptop (``restored``, each with the time it was brought back): the later decision wins."""
    return {uid for uid, when in undone.items()
            if not any(back > when and _related(uid, other) for other, back in restored.items())}


def _times_of(uids: Sequence[Any], times: Mapping[str, float]) -> dict[str, float]:
    """Each of ``uids`` with its time in ``times`` (its own, or its copy's, or the hand's it is a copy of), where one
    is there: an undo taken from the other laptop keeps the time it was made there."""
    found = {}
    for uid in uids:
        if isinstance(uid, str) and uid:
            when = max((t for other, t in times.items() if _related(uid, other)), default=None)
            if when is not None:
                found[uid] = when
    return found


def _take_out(db: sqlite3.Connection, here: _Here, keep: int) -> None:
    """The hands of the match ``here`` after its first ``keep`` taken out of it (undone on the other laptop)."""
    gone = here.uids[keep:]
    db.executemany("DELETE FROM hands WHERE match_id = ? AND uid = ?", [(here.id, uid) for uid in gone])
    here.uids, here.hands = here.uids[:keep], here.hands[:keep]
    last = db.execute("SELECT MAX(seq) FROM hands WHERE match_id = ?", (here.id,)).fetchone()[0]
    here.last_seq = last if isinstance(last, int) else -1


def _joined(said: tuple[str, str], more: tuple[str, str]) -> tuple[str, str]:
    """Two phrases of each language (``said`` may be empty) as one."""
    (en, ja), (more_en, more_ja) = said, more
    return f"{en}; {more_en}" if en else more_en, f"{ja}。{more_ja}" if ja else more_ja


def _undone_tail(uids: Sequence[Any], undone: set[str]) -> int:
    """How many of a match's last hands (their ids ``uids``) are hands undone ``undone`` (:func:`_undone`): those
    after the last hand that is not."""
    n = 0
    for uid in reversed(uids):
        if not _undone(uid, undone):
            break
        n += 1
    return n


def _undone_played_on(uids: Sequence[Any], undone: set[str], numbers: Sequence[int]) -> int | None:
    """The number (as players number it: ``numbers``, of each hand) of the first hand of a match (its hands' ids
    ``uids``) undone ``undone`` after which a hand not undone was recorded; None where there is none."""
    last = len(uids) - _undone_tail(uids, undone)
    at = next((i for i, uid in enumerate(uids[:last]) if _undone(uid, undone)), None)
    if at is None:
        return None
    return numbers[at] if at < len(numbers) else at + 1


def _redone(candidates: Sequence[_Here], uids: Sequence[Any], undone_here: set[str], undone_there: set[str]
            ) -> tuple[_Here, int, int | None, Callable[[str], str] | None] | None:
    """Of ``candidates`` (this ledger's matches of the other file's game and start, none of them the same match by
    their hands' ids as they are: they part), the one that is once the hands undone on each laptop are dropped from
    the other's record: its last hands undone here from theirs (``uids``), its last hands undone there
    (``undone_there``) from the match here (a hand undone on one laptop and entered again). As ``(it, how many of
    theirs it is compared with, how many of its own hands are kept (None: all, it has all of theirs but those undone
    here; else the others are taken out, and theirs that it lacks added), how those get their ids)``. None where
    none is: the records still part (another hand after one undone, or two corrections of one hand)."""
    cut = len(uids) - _undone_tail(uids, undone_here)
    for c in candidates:
        related = _by_ids(c.uids, uids[:cut])
        if related is None:
            continue
        if related[0] == "same":
            return c, cut, None, None
        keep = len(c.uids) - _undone_tail(c.uids, undone_there)
        if keep == len(c.uids) or any(_undone(u, undone_here) for u in uids[keep:cut]):
            continue  # nothing here undone there; or theirs played on after a hand undone here: they part
        related = _by_ids(c.uids[:keep], uids[:cut])
        if related is not None and related[0] == "shorter":
            return c, cut, keep, related[1]
    return None


def _undone_here_played_on_said(n: int) -> tuple[str, str]:
    """A match here whose hand ``n`` (as players number it) was undone on the other laptop, after which this laptop
    recorded hands: why its two records part."""
    return (f"hand {n} here was undone on the other laptop, and this laptop recorded hands after it",
            f"{n}局目はほかのパソコンで取り消されていますが、ここではその後にも局を記録しています")


def _undone_kept_said(n: int) -> tuple[str, str]:
    """A hand here (the ``n``-th, as players number it) undone on the other laptop, kept: hands recorded after it."""
    return (f"hand {n} here was undone on the other laptop, but this laptop recorded hands after it: all are kept; "
            "check the match and undo here what is wrong (Undo the last hand)",
            f"{n}局目はほかのパソコンで取り消されていますが、ここではその後にも局を記録しているので、すべて残しました。"
            "対局を確かめ、違っていればここで取り消してください (最後の局を取り消す)")


def _undone_there_said(n: int) -> tuple[str, str]:
    """The other laptop's hand ``n`` (as players number it), undone here, after which that table played on."""
    return (f"hand {n} was undone here, and the other laptop recorded hands after it",
            f"{n}局目はここで取り消しましたが、ほかのパソコンではその後にも局を記録しています")


def _copy_uid(uid: str) -> str:
    """The id a hand of the other file is given in a conflict's copy (added beside the same match here, whose hands
    have the ids of theirs): its own, made from the hand's, the same at every merge, so that the copy is found again
    by its hands' ids (and brought up to date where that table played on)."""
    return hashlib.sha256(f"tilelens merge copy {uid}".encode()).hexdigest()[:32]


def _ids(uids: Sequence[Any]) -> bool:
    """Whether every hand of ``uids`` has an id (an older tilelens's hands have none)."""
    return all(isinstance(u, str) and u for u in uids)


def _by_ids(here: Sequence[Any], theirs: Sequence[Any]) -> tuple[str, Callable[[str], str] | None] | None:
    """How a match here and the other file's of the same game and start relate by their hands' ids (``here``,
    ``theirs``): ("same", None) where the hands here are theirs and maybe more; ("shorter", how the hands it lacks are
    given their ids) where theirs are the hands here and more; ("apart", None) where they part (a conflict). Either
    may be a conflict's copy, its ids made from the other's (:func:`_copy_uid`). None where a hand has no id."""
    if not (_ids(here) and _ids(theirs)):
        return None
    copied = [_copy_uid(u) for u in theirs]
    for ours, other, as_uid in ((here, theirs, _same_uid), (here, copied, _copy_uid),
                                ([_copy_uid(u) for u in here], theirs, None)):
        n = min(len(ours), len(other))
        if list(ours[:n]) != list(other[:n]):
            continue
        if len(ours) >= len(other):
            return "same", None
        if as_uid is not None:
            return "shorter", as_uid
    return "apart", None


def _same_match(candidates: Sequence[_Here], head: tuple, hands: list[tuple], uids: list[Any]
                ) -> tuple[_Here | None, list[tuple[_Here, Callable[[str], str] | None]]]:
    """Of ``candidates`` (this ledger's matches of the game and start of the other file's, whose players and rules are
    ``head``, hands ``hands``, their ids ``uids``): the one that has all its hands (None where none has), and those it
    has more hands of, each with how the hands added get their ids. By the hands' ids, whatever the names say; as
    recorded (the same players, rules and hands) where a hand has no id, or where the ids part (a copy kept by a
    merge before the copies' ids were made from the hands')."""
    same, shorter = None, []
    for c in candidates:
        related = _by_ids(c.uids, uids)
        if related is not None and related[0] == "same":
            return c, []
        if related is not None and related[0] == "shorter":
            shorter.append((c, related[1]))
            continue
        if c.head != head:
            continue
        if c.hands == hands or (len(c.hands) > len(hands) and c.hands[:len(hands)] == hands):
            same = same or c
        elif len(c.hands) < len(hands) and hands[:len(c.hands)] == c.hands:
            shorter.append((c, None))
    return same, [] if same is not None else shorter


def _deleted(deleted: Sequence[Any], theirs: Sequence[Any]) -> bool:
    """Whether the other file's match (its hands' ids ``theirs``) is one deleted here (of the same game and start, its
    hands' ids ``deleted``): its hands those deleted, or the first of them (one played on since is not). Hands without
    ids (an older tilelens's): no more of them than were deleted."""
    if not (_ids(deleted) and _ids(theirs)):
        return len(theirs) <= len(deleted)
    copied = [_copy_uid(u) for u in theirs]
    return any(len(other) <= len(ours) and list(ours[:len(other)]) == list(other)
               for ours, other in ((deleted, theirs), (deleted, copied), ([_copy_uid(u) for u in deleted], theirs)))


_NAMED_THERE_SQL = (f"CREATE TABLE IF NOT EXISTS {NAMED_THERE_TABLE} (game_id TEXT NOT NULL, created REAL NOT NULL, "
                    "here TEXT, there TEXT, said REAL NOT NULL)")


def _told(db: sqlite3.Connection) -> dict[tuple, set[tuple[Any, Any]]]:
    """The players' names of matches here that an earlier merge said another laptop gives otherwise
    (``NAMED_THERE_TABLE``): by the match's game and start, each pair of stored players (here, there)."""
    found: dict[tuple, set[tuple[Any, Any]]] = {}
    if _has_table(db, NAMED_THERE_TABLE):
        for game_id, created, here, there in db.execute(f"SELECT game_id, created, here, there FROM {NAMED_THERE_TABLE}"):
            found.setdefault((game_id, created), set()).add((here, there))
    return found


def _named_otherwise(here: _Here, head: tuple, heads: Sequence[str], players_told: bool = False) -> tuple[str, str]:
    """How the other file names the match ``here`` is (its ``head``: players, rules) where that differs, in a phrase
    of each language, this ledger's kept: the players by the names that differ, seat by seat (unless
    ``players_told``: said by an earlier merge); ("", "") where nothing (else) differs."""
    if here.head == head:
        return "", ""
    differ = [name for name, a, b in zip(heads, here.head, head) if a != b and not (name == "players" and players_told)]
    if "players" in differ:
        ours, theirs = (_json(cell) for cell in (here.head[heads.index("players")], head[heads.index("players")]))
        if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
            pairs = [(said(str(a)), said(str(b))) for a, b in zip(ours, theirs) if a != b]
            return (f"{', '.join(f'{a} here is {b} there' for a, b in pairs)}: this ledger's names are kept (to "
                    "take theirs, rename here: the ledger page's Rename a player)",
                    f"{'、'.join(f'ここの{a}は、ほかのパソコンでは{b}' for a, b in pairs)}です。この成績表の名前のままに"
                    "しました (ほかのパソコンの名前にするには、ここで直してください: 成績表のページの「プレイヤーの名前を直す」)")
        names = ", ".join(map(said, _names(theirs)))
        return (f"the other ledger names its players {names}: this ledger's names are kept",
                f"ほかのパソコンの記録ではプレイヤーの名前が {names.replace(', ', '、')} です。この成績表の名前のままにしました")
    if not differ:
        return "", ""
    if "rules" in differ:
        return ("the other ledger has other table rules for it: this ledger's are kept",
                "ほかのパソコンの記録では卓のルールが違います。この成績表のルールのままにしました")
    return (f"the other ledger has another {', '.join(differ)} for it: this ledger's is kept",
            f"ほかのパソコンの記録では{'、'.join(differ)}が違います。この成績表のままにしました")


def _tonight(here: Mapping[tuple, Sequence[_Here]]) -> tuple[float | None, dict[str, tuple[int, ...]]]:
    """The start of this ledger's newest match with a hand (None: none), and its matches with a hand of that evening
    (:func:`tilelens.ledger.evening_of`), by game: what `ledger totals` adds up before the merge."""
    played = [(created, game_id, c.id) for (game_id, created), found in here.items() for c in found
              if c.hands and isinstance(created, (int, float)) and not isinstance(created, bool)]
    if not played:
        return None, {}
    newest = max(created for created, _, _ in played)
    evening = evening_of(newest)
    tonight: dict[str, list[int]] = {}
    for created, game_id, match_id in sorted(played):
        if evening_of(created) == evening:
            tonight.setdefault(game_id, []).append(match_id)
    return newest, {game_id: tuple(ids) for game_id, ids in tonight.items()}


def _named(match: dict[str, Any]) -> dict[str, Any]:
    """A match of the other file as a ``MergedMatch`` names it."""
    return {"theirs": match["id"], "game_id": match["game_id"], "players": tuple(json.loads(match["players"])),
            "created": match["created"]}


def _why_differ(here: _Here, theirs: _Here, heads: Sequence[str], records: Sequence[str] = ()) -> tuple[str, str]:
    """How the match ``theirs`` (the other laptop's, added) differs from ``here``, in a phrase of each language: the
    hands numbered and counted as players count them (`ledger list`; ``records``: the hands' columns compared)."""
    if here.head != theirs.head:
        differ = [name for name, a, b in zip(heads, here.head, theirs.head) if a != b]
        if "players" in differ:
            said_en, said_ja = zip(*(_players_said(p) for p in
                                     (here.head[heads.index("players")], theirs.head[heads.index("players")])))
            names, names_ja = list(said_en), list(said_ja)
            return (f"their players differ (here: {names[0]}; there: {names[1]})",
                    f"プレイヤーが違います (ここ: {names_ja[0]} / ほかのパソコン: {names_ja[1]})")
        if "rules" in differ:
            return "their table rules differ", "卓のルールが違います"
        return f"they differ in {', '.join(differ)}", f"{'、'.join(differ)}が違います"
    first = next((i for i, (a, b) in enumerate(zip(here.hands, theirs.hands)) if a != b),
                 min(len(here.hands), len(theirs.hands)))
    (ours, n_here), (other, n_there) = _hand_numbers(here.hands, records), _hand_numbers(theirs.hands, records)
    if first == len(here.hands) - 1 == len(theirs.hands) - 1 and _is_end(here.hands[first], records) and _is_end(
            theirs.hands[first], records):  # the same hands, each laptop's end its own entry (an older tilelens's id)
        ended, ended_ja = early_end_reason(n_here)
        return (f"the same hands, both {ended} (each laptop recorded its own end)",
                f"局は同じで、どちらも{ended_ja}しています (それぞれのパソコンで別々に終了を記録しています)")
    numbers, rows = (ours, here.hands) if first < len(ours) else (other, theirs.hands)
    # an end where the other has a hand (a match ended early on one laptop, played on on the other): the hand after it
    hand = numbers[first] + _is_end(rows[first], records) if first < len(numbers) else max(n_here, n_there) + 1
    return (f"their hands differ from hand {hand} (here {n_here} hand{'s' * (n_here != 1)}, there {n_there})",
            f"{hand}局目から局が違います (ここは{n_here}局、ほかのパソコンは{n_there}局)")


def _hand_numbers(hands: Sequence[tuple], records: Sequence[str]) -> tuple[list[int], int]:
    """The number players give each of ``hands`` (stored rows, of the columns ``records``) and how many hands they
    count, as :func:`tilelens.ledger.hand_numbers` and ``TableState.played`` do (a double ron's second winner and a
    chombo's re-deal no hand of their own, nor the end of a match ended early); each row a hand of its own where
    ``records`` lacks their kind."""
    if "kind" not in records or "win_kind" not in records:
        return list(range(1, len(hands) + 1)), len(hands)
    kind, win = records.index("kind"), records.index("win_kind")
    numbers, played = [], 0
    for hand in hands:
        numbers.append(played if hand[win] == SAME_DISCARD or hand[kind] == HandKind.END.value else played + 1)
        played += hand[kind] not in (HandKind.CHOMBO.value, HandKind.END.value) and hand[win] != SAME_DISCARD
    return numbers, played


def _is_end(hand: Sequence[Any], records: Sequence[str]) -> bool:
    """Whether the stored row ``hand`` (of the columns ``records``) is the end of a match ended early."""
    return "kind" in records and hand[records.index("kind")] == HandKind.END.value


def _names(players: Any) -> list[str]:
    return [str(p) for p in players] if isinstance(players, list) else [str(players)]


def _players_said(cell: Any) -> tuple[str, str]:
    """The players' names a match's stored ``players`` cell holds, in a phrase of each language; a cell that holds no
    list of them (one edited by hand: "Ann, Bo, Cy") said as stored and as unreadable, never a crash."""
    names = _json(cell)
    if isinstance(names, list):
        shown = [said(str(name)) for name in names]
        return ", ".join(shown), "、".join(shown)
    return f'unreadable, stored as "{said(str(cell))}"', f"読めません。保存内容「{said(str(cell))}」"


def _insert_match(db: sqlite3.Connection, match: dict[str, Any], columns: Sequence[str], here: set[str]) -> int:
    """The match's row as the other file stored it, under this ledger's next number: that number."""
    kept = [c for c in columns if c in here and c != "id"]
    cur = db.execute(f"INSERT INTO matches ({', '.join(kept)}) VALUES ({', '.join('?' * len(kept))})",
                     [match[c] for c in kept])
    return int(cur.lastrowid)


def _insert_hands(db: sqlite3.Connection, match_id: int, hands: Sequence[dict[str, Any]], columns: Sequence[str],
                  here: set[str], first_seq: int | None = None, as_uid: Callable[[str], str] | None = None
                  ) -> list[Any]:
    """The hands' rows as the other file stored them, into match ``match_id``: numbered from ``first_seq`` where
    given (after the hands of the match here), else as there. Each keeps its id (``uid``), or the id ``as_uid`` makes
    of it (:func:`_copy_uid`: a copy kept beside the same match here, whose hands have those ids); a hand without one
    (an older tilelens's) a new one, as ``Ledger`` makes them. The ids stored, in order (None without the column)."""
    kept = [c for c in columns if c in here and c not in ("match_id", "seq", "uid")]
    with_uid = "uid" in here
    names = ["match_id", "seq", *kept, *(["uid"] if with_uid else [])]
    sql = f"INSERT INTO hands ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
    stored: list[Any] = []
    for i, hand in enumerate(hands):
        seq = hand["seq"] if first_seq is None else first_seq + i
        uid = hand.get("uid") if isinstance(hand.get("uid"), str) and hand.get("uid") else None
        if with_uid:
            uid = secrets.token_hex(16) if uid is None else as_uid(uid) if as_uid is not None else uid
        db.execute(sql, [match_id, seq, *(hand[c] for c in kept), *([uid] if with_uid else [])])
        stored.append(uid if with_uid else None)
    return stored


def _keep_copy(target: Path) -> Path:
    """The ledger file ``target`` copied whole beside itself before the merge changes it, with its permissions: the
    copy. ``LedgerError`` where it cannot be made: nothing changed."""
    copy = _free_name_beside(target, "before-merge")
    try:
        _copy_file(target, copy)
        os.chmod(copy, stat.S_IMODE(os.stat(target).st_mode))
    except (OSError, sqlite3.Error) as exc:
        _remove_copy(copy)
        if isinstance(exc, PermissionError) or is_read_only(exc) or not os.access(target.parent, os.W_OK | os.X_OK):
            raise read_only_error(target) from None  # its folder read-only, not the copy: said as `ledger end` says it
        why, why_ja = sqlite_reason(exc, copy)
        raise LedgerError(f"ledger file {target}: a copy of it as it is could not be kept beside it before the merge "
                          f"({copy.name}: {why}): nothing was changed",
                          f"成績表のファイル {target}: 追加の前に、いまのままのコピーをそばに残せませんでした "
                          f"({copy.name}: {why_ja})。何も変更していません") from None
    return copy


# --- the other file, read and checked


def _merge_copies(target: Path) -> list[Path]:
    """The copies earlier merges kept of ``target`` beside it (``ledger.before-merge-20261206-230000.sqlite``, ``-2``
    ...), oldest first (by the time in their names)."""
    pattern = re.compile(re.escape(f"{target.stem}.before-merge-") + r"(\d{8}-\d{6})(?:-(\d+))?"
                         + re.escape(target.suffix) + "$")
    try:
        names = os.listdir(target.parent)
    except OSError:
        return []
    found = [(m.group(1), int(m.group(2) or 1), name) for name in names if (m := pattern.match(name))]
    return [target.with_name(name) for *_, name in sorted(found)]


def _content(db: sqlite3.Connection) -> str | None:
    """A digest of what the database of ``db`` holds (its tables and their rows): two files of the same ledger as it
    was have the same, whatever sqlite keeps in their headers. None where it cannot be read."""
    digest = hashlib.sha256()
    try:
        tables = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' "
                            "AND name NOT LIKE 'sqlite^_%' ESCAPE '^' ORDER BY name").fetchall()
        for name, sql in tables:
            digest.update(f"{name}\0{sql}\0".encode())
            quoted = name.replace('"', '""')
            for row in db.execute(f'SELECT * FROM "{quoted}" ORDER BY rowid'):
                digest.update(repr(row).encode())
    except sqlite3.Error:
        return None
    return digest.hexdigest()


def _swept(target: Path, db: sqlite3.Connection) -> tuple[list[Path], list[Path]]:
    """The copies earlier merges kept beside ``target`` to remove (``db``: the ledger, in the merge's transaction):
    those the same as the ledger (each of a merge stopped part way, rolled back: the ledger as it was before it), and
    of the others, all but the newest ``KEEP_MERGE_COPIES`` (so the only copy that differs is never removed). A copy
    that cannot be read is no copy the same as the ledger."""
    copies = _merge_copies(target)
    if not copies:
        return [], []
    here, size = _content(db), os.path.getsize(target)
    same, differ = [], []
    for copy in copies:
        alike = False
        if here is not None and os.path.getsize(copy) == size:  # a copy is the ledger's pages: its size too
            try:
                with closing(sqlite3.connect(f"{copy.resolve().as_uri()}?mode=ro", uri=True)) as theirs:
                    alike = _content(theirs) == here
            except sqlite3.Error:
                pass
        (same if alike else differ).append(copy)
    return same, differ[:-KEEP_MERGE_COPIES] if len(differ) > KEEP_MERGE_COPIES else []


def _refused(other: Path, why: str, why_ja: str) -> LedgerError:
    return LedgerError(f"{other} {why}: nothing was added", f"{other} {why_ja}。何も追加していません")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def _read_other(other: Path, target: Path) -> _Theirs:
    """The matches of the other ledger file, read without writing anything; ``LedgerError`` where it cannot be added:
    no file, a folder, this ledger itself, no ledger (another program's database, a photo), damaged, or a newer
    tilelens's (a column of its tables that this one does not know, whose data the copy would lose)."""
    if not os.path.lexists(other):
        raise LedgerError(f"there is no file at {other}: name the other laptop's ledger file (ledger.sqlite in its "
                          "tilelens folder, ~/.tilelens, or the file its TILELENS_LEDGER names)",
                          f"{other} にファイルがありません。ほかのパソコンの成績表のファイルを指定してください (その tilelens の"
                          "フォルダ ~/.tilelens の ledger.sqlite か、TILELENS_LEDGER に指定したファイル)")
    if other.is_dir():
        inside = other / "ledger.sqlite"
        raise _refused(other, f"is a folder, not a ledger file (name the file, such as {inside})",
                       f"はフォルダで、成績表のファイルではありません ({inside} のようにファイルを指定してください)")
    if said := not_a_file_said(other):  # a named pipe (opened, it waits for ever), /dev/null: never opened
        raise _refused(other, f"{said[0]}; name the other laptop's ledger file",
                       f"{said[1]}。ほかのパソコンの成績表のファイルを指定してください")
    if os.path.lexists(target) and _same_file(other, target):
        raise _refused(other, "is this ledger's own file: name the other laptop's ledger file",
                       "はこの成績表自身のファイルです。ほかのパソコンの成績表のファイルを指定してください")
    if other.is_file() and other.stat().st_size == 0:  # an empty ledger, as the app takes a 0-byte file
        return _Theirs([], [], [], [])
    try:
        return _read_file(other)
    except _CutShort:
        return _read_put_back(other)


class _CutShort(Exception):
    """The other file's last write was cut short: a hot journal beside it, which a read-only open will not roll
    back (:func:`tilelens.ledger._cut_short`)."""


def _read_put_back(other: Path) -> _Theirs:
    """The other ledger file whose last write was cut short (a hot journal beside it), read as it was before that
    write: the file and its journal copied into a temporary folder, rolled back there, the copy read; the file and
    its journal left as they are (another laptop's, a memory stick's: only read). Messages name ``other``."""
    with tempfile.TemporaryDirectory(prefix="tilelens-merge-") as folder:
        copy = Path(folder) / (other.name or "ledger.sqlite")
        try:
            shutil.copyfile(other, copy)
            shutil.copyfile(f"{other}-journal", f"{copy}-journal")
            with closing(sqlite3.connect(copy, timeout=Ledger.timeout_s)) as db:  # rolls the cut write back
                db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            theirs = _read_file(copy)
        except LedgerError as exc:
            raise _renamed(exc, str(copy), str(other)) from None
        except (OSError, sqlite3.DatabaseError, _CutShort) as exc:
            why, why_ja = sqlite_reason(exc, other) if not isinstance(exc, _CutShort) else ("", "")
            raise _refused(other, f"was cut short part way through a write and cannot be put back as it was to be "
                           f"read{f' ({why})' if why else ''}: open that laptop's ledger page once (it puts the "
                           "file back), then copy the file again",
                           f"は書き込みの途中で止まっていて、読むために元に戻すことができません{f' ({why_ja})' if why_ja else ''}。"
                           "ほかのパソコンで成績表のページを一度開いて (ファイルを元に戻します) から、もう一度ファイルを"
                           "コピーしてください") from None
    theirs.left_out = [_renamed(exc, str(copy), str(other)) for exc in theirs.left_out]
    return theirs


def _read_file(other: Path) -> _Theirs:
    """:func:`_read_other` of a file there: read, checked. ``_CutShort`` where its last write was cut short."""
    try:
        with closing(sqlite3.connect(f"{other.resolve().as_uri()}?mode=ro", uri=True,
                                     timeout=Ledger.timeout_s)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:  # a database with no table yet: a ledger not started, as the app takes it
                return _Theirs([], [], [], [])
            columns = {t: [row[1] for row in db.execute(f"PRAGMA table_info({t})")] for t in _READ if t in tables}
            if set(columns) != set(_READ) or any(not _READ[t] <= set(c) for t, c in columns.items()):
                raise _refused(other, "is not a ledger file (it has no table of matches and hands)",
                               "は成績表のファイルではありません (対局と局の表がありません)")
            newer = newer_columns(db)  # a newer tilelens's columns: the same check refuses a change in such a file
            if newer:
                why, why_ja = newer_said(newer, "追加する")
                raise _refused(other, f"{why}: update tilelens on this laptop, or add this laptop's ledger to that "
                               "one instead", f"{why_ja}。このパソコンの tilelens を更新するか、逆にほかのパソコンで"
                               "このパソコンの成績表を追加してください")
            if db.execute("PRAGMA quick_check(1)").fetchall() != [("ok",)]:
                raise _damaged_file(other)
            match_rows = _rows(db, "SELECT * FROM matches ORDER BY id")
            hand_rows = _rows(db, "SELECT * FROM hands ORDER BY match_id, seq")
            undone = undone_times(db)  # the hands undone there: taken out here too (but those brought back here
            restored = restored_times(db)  # after); those brought back there: given back here
            deleted = _deletes(db)  # the matches deleted there: deleted here too, where this ledger has them
    except sqlite3.DatabaseError as exc:
        if _cut_short(exc):
            raise _CutShort() from None
        if _busy(exc):
            raise _refused(other, "is busy (another program is writing to it); try again in a moment",
                           "は使用中です (ほかのプログラムが書き込んでいます)。少し待ってからやり直してください") from None
        if getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or \
                str(exc) in ("file is not a database", "database disk image is malformed"):
            raise _damaged_file(other) from None
        why, why_ja = sqlite_reason(exc, other)
        raise _refused(other, f"cannot be opened: {why}", f"を開けません: {why_ja}") from None
    ledger = Ledger(other, read_only=True)  # read as the ledger reads it: a match it cannot read is left out
    good, bad = ledger.read_matches()
    read = ledger.tables(good)
    left_out = [exc for _, exc in bad] + [got for got in read.values() if isinstance(got, LedgerError)]
    readable = {m.id for m in good if not isinstance(read[m.id], LedgerError)}
    hands: dict[Any, list[dict[str, Any]]] = {}
    for row in hand_rows:
        hands.setdefault(row["match_id"], []).append(row)
    # each hand with whether players count it as one (``TableState.played``, `ledger list`'s count)
    matches = [{**row, "hands": hands.get(row["id"], []), _PLAYED: [new_hand(h) for h in read[row["id"]][1]]}
               for row in match_rows if row["id"] in readable]
    return _Theirs(matches, columns["matches"], columns["hands"], sorted(left_out, key=str),
                   {key: set(times) for key, times in undone.items()}, undone, restored, deleted)


def _deletes(db: sqlite3.Connection) -> list[tuple[tuple, list[Any], float]]:
    """The matches deleted in the ledger of ``db`` (``DELETED_TABLE``): each one's game and start, its hands' ids (a
    row that holds no list of them: none) and when it was deleted; none where it has no such table."""
    if not _has_table(db, DELETED_TABLE):
        return []
    found = []
    try:
        for game_id, created, uids, when in db.execute(f"SELECT game_id, created, uids, deleted FROM {DELETED_TABLE}"):
            listed = _json(uids)
            found.append(((game_id, created), listed if isinstance(listed, list) else [None],
                          when if isinstance(when, (int, float)) and not isinstance(when, bool) else 0.0))
    except sqlite3.DatabaseError:  # a table of that name that is not the ledger's: no delete read
        return []
    return found


def _rows(db: sqlite3.Connection, sql: str) -> list[dict[str, Any]]:
    cur = db.execute(sql)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def _damaged_file(other: Path) -> LedgerError:
    return _refused(other, "cannot be read as a ledger file: it is damaged, or it is not a ledger file (the other "
                    "laptop's ledger is ledger.sqlite in its tilelens folder; the ledger page there downloads it)",
                    "を成績表のファイルとして読めません。壊れているか、成績表のファイルではありません (ほかのパソコンの成績表は、"
                    "その tilelens のフォルダの ledger.sqlite です。そのパソコンの成績表のページからダウンロードできます)")


def _renamed(exc: LedgerError, old: str, new: str) -> LedgerError:
    """``exc`` with the path ``old`` said as ``new`` (a temporary file named as the person knows it)."""
    return LedgerError(str(exc).replace(old, new), (getattr(exc, "message_ja", "") or "").replace(old, new))


# --- an uploaded file (the ledger page), and this ledger's file to download


def merge_upload(target: str | Path, name: str, data: bytes) -> MergeReport:
    """:func:`merge_ledgers` of an uploaded file (``name``, its bytes ``data``), put in a temporary folder for the
    time of the merge; every message names it by ``name``, as the person chose it, not by the temporary path."""
    safe = Path(str(name).replace("\\", "/")).name or "ledger.sqlite"
    with tempfile.TemporaryDirectory(prefix="tilelens-upload-") as folder:
        path = Path(folder) / safe
        try:
            path.write_bytes(data)
        except OSError as exc:  # no room for it: the system's reason in the language shown (「ディスクに空きがありません」)
            from tilelens.cli import os_problem

            bare = OSError(exc.errno, exc.strerror) if exc.errno and exc.strerror else exc  # no temporary path said
            raise LedgerError(f"{safe} could not be read in ({os_problem(bare, 'en')}): nothing was added",
                              f"{safe} を読み込めませんでした ({os_problem(bare, 'ja')})。何も追加していません") from None
        try:
            report = merge_ledgers(target, path)
        except LedgerError as exc:
            raise _renamed(exc, str(path), safe) from None
    return replace(report, other=Path(safe),
                   left_out=tuple(_renamed(exc, str(path), safe) for exc in report.left_out))


def ledger_file_bytes(path: str | Path) -> bytes:
    """The ledger file at ``path`` whole, as one file (what a write-ahead log holds not yet in the file included:
    sqlite's backup), to download and add on another laptop; ``LedgerError`` where it cannot be read."""
    path = Path(path)
    with tempfile.TemporaryDirectory(prefix="tilelens-download-") as folder:
        copy = Path(folder) / "ledger.sqlite"
        try:
            _copy_file(path, copy)
            return copy.read_bytes()
        except (OSError, sqlite3.Error) as exc:
            why, why_ja = sqlite_reason(exc, path)
            raise LedgerError(f"ledger file {path} cannot be read: {why}",
                              f"成績表のファイル {path} を読めません: {why_ja}") from None


def download_name(when: float | None = None) -> str:
    """The name a downloaded ledger file is given, of the time it is downloaded (``when``: now).

    >>> download_name(time.mktime((2026, 12, 6, 23, 0, 0, 0, 0, -1)))
    'tilelens-ledger-2026-12-06-2300.sqlite'
    """
    return time.strftime("tilelens-ledger-%Y-%m-%d-%H%M.sqlite", time.localtime(when))


# --- what a merge did, in words


WORDS: dict[str, dict[str, str]] = {
    "en": {"from": "From {other}: ", "added": "added {n} matches ({h} hands)", "added_1": "added 1 match ({h} hands)",
           "added_1_1": "added 1 match (1 hand)", "added_none": "added no match",
           "would_add": "would add {n} matches ({h} hands)", "would_add_1": "would add 1 match ({h} hands)",
           "would_add_1_1": "would add 1 match (1 hand)", "would_add_none": "would add no match",
           "already": "already here: {n}", "extended": "brought up to date: {n} ({hands} added)",
           "would_extend": "would bring up to date: {n} ({hands} added)",
           "conflicts": "conflicting: {n} (kept both: {pairs})", "would_conflict": "conflicting: {n} (would keep "
           "both: {pairs})", "pair": "#{here} here and #{ours} added", "sep": "; ", "list_sep": ", ",
           "left_out": "left out, as they cannot be read: {n}", "deleted": "deleted here: {n}",
           "undone": "{hands} undone here not added back",
           # ... undone by a merge of another laptop's file, which had undone them (or learnt it so)
           "undone_before": "{hands} undone on a laptop merged before not added back",
           "undone_before_match": "  #{ours} (the other ledger's #{theirs}): {hands} undone on a laptop merged "
                                  "before, not added back",
           "deleted_before": "deleted on a laptop merged before: {n}",
           "deleted_before_match": "  the other ledger's #{theirs} ({names} · started {created}) was deleted on a "
                                   "laptop merged before: left out (it is added again once that table plays more "
                                   "hands in it)",
           # the other file's deletes of matches this ledger has no record of, kept here
           "remembered_1": "1 match deleted there is remembered here (a later merge does not add it back)",
           "remembered": "{n} matches deleted there are remembered here (a later merge does not add them back)",
           "taken_out": "{hands} undone on the other laptop taken out here",
           "would_taken_out": "{hands} undone on the other laptop would be taken out here",
           "undone_match": "  #{ours} (the other ledger's #{theirs}): {hands} undone here, not added back",
           "taken_out_match": "  #{ours} (the other ledger's #{theirs}): {hands} undone on the other laptop, taken "
                              "out here too",
           "would_taken_out_match": "  #{ours} (the other ledger's #{theirs}): {hands} undone on the other laptop, "
                                    "would be taken out here too",
           "failed": "{other} could not be added: the merge met a problem it did not expect ({why}): nothing was "
                     "changed",
           "nothing": "From {other}: nothing to add (it has no match)",
           "match": "  #{ours} (the other ledger's #{theirs}): {game} · {names} · {hands} · started {created}",
           "hands": "{n} hands", "hands_1": "1 hand",
           "extended_match": "  #{ours} (the other ledger's #{theirs}): that table played on: {hands} added after "
                             "the {before} here",
           # ... a match that had no hand here (started there, merged before its first hand)
           "extended_match_none": "  #{ours} (the other ledger's #{theirs}): that table played on: {hands} added (it "
                                  "had no hand here)",
           "deleted_there": "deleted on the other laptop, so deleted here too: {ids}",
           "would_deleted_there": "deleted on the other laptop, would be deleted here too: {ids}",
           "deleted_there_match": "  #{ours} ({names} · {hands} · started {created}): deleted on the other laptop, "
                                  "so deleted here too",
           "would_deleted_there_match": "  #{ours} ({names} · {hands} · started {created}): deleted on the other "
                                        "laptop, so it would be deleted here too",
           "deleted_there_back": " (\"Bring back match #{ours}\" above brings it back)",
           # ... of another game than the one the page shows (its button is on that game's page), or of a game
           # not on this laptop
           "deleted_there_back_game": " (a match of {game}: choose that game above, then \"Bring back match #{ours}\" "
                                      "brings it back)",
           "deleted_there_back_no_game": " (a match of {game}, a game not on this laptop: add it on the Rules page "
                                         "and choose it above, then \"Bring back match #{ours}\" brings it back)",
           "conflict": "  #{ours} is #{here} here as the other ledger has it (its #{theirs}): {why}: keep the right "
                       "one and delete the other (the ledger page: \"Delete this match\")",
           "no_game": " · its game {game} is not on this laptop: add it on the Rules page to record more hands in it",
           # ... a game of this laptop whose house table is refused here (``_no_game_said``): fixed, not added
           "refused_game": " · its game {game} is on this laptop, but its house table is refused here: fix it, or "
                           "restore its table, on the Rules page to record more hands in it",
           "deleted_there_back_refused": " (a match of {game}, whose house table is refused here: fix it on the "
                                         "Rules page and choose it above, then \"Bring back match #{ours}\" brings it "
                                         "back)",
           "named_otherwise": "  #{ours} (the other ledger's #{theirs}): {why}",
           "twice": "  #{first} and #{copy} here are one match recorded differently on two laptops (both kept at an "
                    "earlier merge): keep the right one and delete the other (the ledger page: \"Delete this match\")",
           "deleted_match": "  the other ledger's #{theirs} ({names} · started {created}) was deleted here: left out "
                            "(it is added again once that table plays more hands in it)",
           "other_evening": "  #{ours} started {day}, on another evening than this ledger's newest match (the "
                            "evening of {newest}; that laptop's clock may be off): `tilelens ledger totals` adds up the newest evening "
                            "alone; to add it up with it: {command}",
           # matches of other evenings, their laptop's clock not likely off: said as of their own evening
           "older_one": "  #{ours} started {day}, on another evening than this ledger's newest match (the evening "
                        "of {newest}): `tilelens ledger totals` adds up the newest evening alone; to add up its "
                        "evening's matches here: {command}",
           "older": "  {ids} started on other evenings than this ledger's newest match (the evening of {newest}): "
                    "`tilelens ledger totals` adds up the newest evening alone; to add up an evening's matches "
                    "here: {evenings}",
           "older_same": "  {ids} started on another evening than this ledger's newest match (the evening of "
                         "{newest}): `tilelens ledger totals` adds up the newest evening alone; to add up that "
                         "evening's matches here: {evenings}",
           "older_evening": "the evening of {day}: {command}", "older_sep": "; ",
           "older_one_page": "  #{ours} started {day}, on another evening than this ledger's newest match (the "
                             "evening of {newest}): to add it up with its evening's matches here, choose {ids} in "
                             "\"Matches to add up\" under Tonight's totals above",
           "older_page": "  {ids} started on other evenings than this ledger's newest match (the evening of "
                         "{newest}): to add up an evening's matches here, choose them in \"Matches to add up\" "
                         "under Tonight's totals above: {evenings}",
           "older_same_page": "  {ids} started on another evening than this ledger's newest match (the evening of "
                              "{newest}): to add up that evening's matches here, choose them in \"Matches to add "
                              "up\" under Tonight's totals above: {evenings}",
           "older_evening_page": "the evening of {day}: {ids}",
           "file": "Ledger file: {target}", "made": "Ledger file: {target} (made now)",
           "kept": "Ledger file: {target}; as it was before the merge, it is kept as {copy}",
           # a copy an earlier merge kept that is the same as the ledger: that merge was stopped part way (said once:
           # the copy removed); older copies of merges removed, the newest kept
           "stopped": "An earlier merge into this ledger was stopped before it finished: nothing of it was kept, and "
                      "the ledger was as it was before it (the copy kept before it, the same as the ledger, was "
                      "removed)",
           "pruned": "Removed {n} older copies of the ledger kept by earlier merges (the newest {keep} are kept beside "
                     "it)",
           "pruned_1": "Removed 1 older copy of the ledger kept by an earlier merge (the newest {keep} are kept "
                       "beside it)",
           "dry_run": "nothing was changed (--dry-run)",
           # the ledger page: the page's own way to add up a match of another evening, no command (a phone runs
           # none); to a phone, where the ledger and its copy are in words it can act on, no path of the laptop
           "other_evening_page": "  #{ours} started {day}, on another evening than this ledger's newest match (the "
                                 "evening of {newest}; that laptop's clock may be off): to add it up with that "
                                 "evening's matches, choose #{ours} in \"Matches to add up\" under Tonight's totals "
                                 "above",
           "made_away": "The ledger was made now, on the laptop running tilelens",
           "kept_away": "As it was before the merge, this ledger is kept on the laptop running tilelens, as {copy}",
           # `tilelens ledger merge` on a ledger of an earlier layout: upgraded first, its copy kept (said once)
           "upgraded": "Ledger file: {target} was upgraded for this version of tilelens first (older versions can "
                       "no longer record in it); as it was before the upgrade, it is kept as {copy}",
           # --dry-run on such a ledger: the merge itself would upgrade it
           "would_upgrade": "Ledger file: {target} would be upgraded for this version of tilelens first (older "
                            "versions could then no longer record in it); as it is now, it would be kept as a copy "
                            "beside it"},
    "ja": {"from": "{other} から: ", "added": "対局を{n}件 ({h}局) 追加しました", "added_1": "対局を1件 ({h}局) 追加しました",
           "added_1_1": "対局を1件 (1局) 追加しました", "added_none": "追加した対局はありません",
           "would_add": "対局を{n}件 ({h}局) 追加します", "would_add_1": "対局を1件 ({h}局) 追加します",
           "would_add_1_1": "対局を1件 (1局) 追加します", "would_add_none": "追加する対局はありません",
           "already": "すでにあった対局: {n}件", "extended": "局を追加して最新にした対局: {n}件 ({h}局)",
           "would_extend": "局を追加して最新にする対局: {n}件 ({h}局)",
           "conflicts": "食い違い: {n}件 (両方残しました: {pairs})", "would_conflict": "食い違い: {n}件 (両方残します: "
           "{pairs})", "pair": "ここの #{here}と追加した #{ours}", "sep": "。", "list_sep": "、",
           "left_out": "読めないため除いた対局: {n}件", "deleted": "ここで削除した対局: {n}件",
           "undone": "ここで取り消した{hands}は戻していません",
           "undone_before": "前に追加したほかのパソコンの成績表で取り消されていた{hands}は戻していません",
           "undone_before_match": "  #{ours} (ほかのパソコンの #{theirs}): 前に追加したほかのパソコンの成績表で取り消されていた"
                                  "{hands}は戻していません",
           "deleted_before": "前に追加したほかのパソコンの成績表で削除されていた対局: {n}件",
           "deleted_before_match": "  ほかのパソコンの #{theirs} ({names} · 開始 {created}) は、前に追加したほかのパソコンの"
                                   "成績表で削除されていた対局なので、除きました (その卓で局が増えると、また追加されます)",
           "remembered_1": "そのパソコンで削除した対局1件を、ここでも覚えました (あとで追加する成績表にあっても戻しません)",
           "remembered": "そのパソコンで削除した対局{n}件を、ここでも覚えました (あとで追加する成績表にあっても戻しません)",
           "taken_out": "ほかのパソコンで取り消した{hands}をここでも取り消しました",
           "would_taken_out": "ほかのパソコンで取り消した{hands}をここでも取り消します",
           "undone_match": "  #{ours} (ほかのパソコンの #{theirs}): ここで取り消した{hands}は戻していません",
           "taken_out_match": "  #{ours} (ほかのパソコンの #{theirs}): ほかのパソコンで取り消した{hands}を、ここでも取り消しました",
           "would_taken_out_match": "  #{ours} (ほかのパソコンの #{theirs}): ほかのパソコンで取り消した{hands}を、ここでも取り消します",
           "failed": "{other} を追加できませんでした。思わぬ問題が起きました ({why})。何も変更していません",
           "nothing": "{other} から: 追加する対局はありません (対局がありません)",
           "match": "  #{ours} (ほかのパソコンの #{theirs}): {game} · {names} · {hands} · 開始 {created}",
           "hands": "{n}局", "hands_1": "1局",
           "extended_match": "  #{ours} (ほかのパソコンの #{theirs}): その卓で続けて記録された{hands}を、ここにある{before}の後に"
                             "追加しました",
           "extended_match_none": "  #{ours} (ほかのパソコンの #{theirs}): その卓で記録された{hands}を追加しました (ここには"
                                  "局がありませんでした)",
           "deleted_there": "ほかのパソコンで削除したので、ここでも削除した対局: {ids}",
           "would_deleted_there": "ほかのパソコンで削除したので、ここでも削除する対局: {ids}",
           "deleted_there_match": "  #{ours} ({names} · {hands} · 開始 {created}): ほかのパソコンで削除したので、ここでも"
                                  "削除しました",
           "would_deleted_there_match": "  #{ours} ({names} · {hands} · 開始 {created}): ほかのパソコンで削除したので、"
                                        "ここでも削除します",
           "deleted_there_back": " (上の「削除した対局 #{ours}を戻す」で戻せます)",
           "deleted_there_back_game": " ({game}の対局です。上でそのゲームを選ぶと、「削除した対局 #{ours}を戻す」で戻せます)",
           "deleted_there_back_no_game": " ({game}の対局ですが、このゲームはこのパソコンにありません。「ルールと役」のページで"
                                         "追加して上で選ぶと、「削除した対局 #{ours}を戻す」で戻せます)",
           "conflict": "  #{ours}は、ここの #{here}と同じ対局の、ほかのパソコンでの記録です (ほかのパソコンの #{theirs}): {why}。正しいほうを"
                       "残し、もう一方を削除してください (成績表のページの「この対局を削除」)",
           "no_game": " · ゲーム {game}はこのパソコンにありません。続きを記録するには「ルールと役」のページで追加してください",
           "refused_game": " · ゲーム {game}はこのパソコンにありますが、そのハウスルールが使えません。続きを記録するには"
                           "「ルールと役」のページで直すか、元の表に戻してください",
           "deleted_there_back_refused": " ({game}の対局ですが、そのハウスルールが使えません。「ルールと役」のページで"
                                         "直して上で選ぶと、「削除した対局 #{ours}を戻す」で戻せます)",
           "named_otherwise": "  #{ours} (ほかのパソコンの #{theirs}): {why}",
           "twice": "  ここの #{first}と#{copy}は、2台のパソコンで違って記録された同じ対局です (前の追加で両方残しました)。"
                    "正しいほうを残し、もう一方を削除してください (成績表のページの「この対局を削除」)",
           "deleted_match": "  ほかのパソコンの #{theirs} ({names} · 開始 {created}) はここで削除した対局なので、除きました "
                            "(その卓で局が増えると、また追加されます)",
           "other_evening": "  #{ours}の開始 ({day}) は、この成績表の最新の対局の晩 ({newest}) とは別の晩です (ほかの"
                            "パソコンの時計がずれているかもしれません)。`tilelens ledger totals` は最新の晩だけを合計"
                            "します。一緒に合計するには: {command}",
           "older_one": "  #{ours}の開始 ({day}) は、この成績表の最新の対局の晩 ({newest}) とは別の晩です。"
                        "`tilelens ledger totals` は最新の晩だけを合計します。その晩のここの対局を合計するには: {command}",
           "older": "  {ids}は、この成績表の最新の対局の晩 ({newest}) とは別の晩に始まった対局です。`tilelens ledger "
                    "totals` は最新の晩だけを合計します。晩ごとにここの対局を合計するには: {evenings}",
           "older_same": "  {ids}は、この成績表の最新の対局の晩 ({newest}) とは別の晩に始まった対局です。`tilelens "
                         "ledger totals` は最新の晩だけを合計します。その晩のここの対局を合計するには: {evenings}",
           "older_evening": "{day}の晩: {command}", "older_sep": "、",
           "older_one_page": "  #{ours}の開始 ({day}) は、この成績表の最新の対局の晩 ({newest}) とは別の晩です。その晩の"
                             "ここの対局と合計するには、上の「今夜の合計」の「合計する対局」で {ids}を選んでください",
           "older_page": "  {ids}は、この成績表の最新の対局の晩 ({newest}) とは別の晩に始まった対局です。晩ごとに"
                         "合計するには、上の「今夜の合計」の「合計する対局」でその晩の対局を選んでください: {evenings}",
           "older_same_page": "  {ids}は、この成績表の最新の対局の晩 ({newest}) とは別の晩に始まった対局です。その晩の"
                              "ここの対局を合計するには、上の「今夜の合計」の「合計する対局」で選んでください: {evenings}",
           "older_evening_page": "{day}の晩: {ids}",
           "file": "成績表のファイル: {target}", "made": "成績表のファイル: {target} (いま作りました)",
           "kept": "成績表のファイル: {target}。追加前のファイルは {copy} として残してあります",
           "stopped": "以前の追加が途中で止まっていました。その追加は何も残っておらず、成績表は追加の前のままでした "
                      "(追加の前に残した、成績表と同じ内容のコピーは削除しました)",
           "pruned": "以前の追加で残した成績表の古いコピーを{n}件削除しました (新しい{keep}件は成績表のそばに残して"
                     "あります)",
           "pruned_1": "以前の追加で残した成績表の古いコピーを1件削除しました (新しい{keep}件は成績表のそばに残して"
                       "あります)",
           "dry_run": "何も変更していません (--dry-run)",
           "other_evening_page": "  #{ours}の開始 ({day}) は、この成績表の最新の対局の晩 ({newest}) とは別の晩です "
                                 "(ほかのパソコンの時計がずれているかもしれません)。一緒に合計するには、上の「今夜の"
                                 "合計」の「合計する対局」で #{ours}を選んでください",
           "made_away": "成績表を、tilelens を動かしているパソコンにいま作りました",
           "kept_away": "追加前の成績表は、tilelens を動かしているパソコンに {copy} として残してあります",
           "upgraded": "成績表のファイル: {target} は、先にこの版の tilelens に合わせて更新しました (以前の版の "
                       "tilelens では、もう記録できません)。更新前のファイルは {copy} として残してあります",
           "would_upgrade": "成績表のファイル: {target} は、追加の前に、先にこの版の tilelens に合わせて更新します "
                            "(以前の版の tilelens では、もう記録できなくなります)。更新前のファイルは同じフォルダに"
                            "コピーを残します"},
}


def merge_summary(report: MergeReport, lang: str = "en", path_said: Callable[[Path], str] = str,
                  db: Path | None = None, on_page: bool = False, phone: bool = False, game: str | None = None,
                  offered: Collection[str] | None = None) -> list[str]:
    """What ``report``'s merge did, in ``lang``: a line of counts (added, already here, brought up to date,
    conflicting with both numbers named, deleted here, hands undone here not added back, hands undone there taken out
    here, left out), a line per match added, brought up to date, kept twice, named otherwise there (or with a hand
    undone there kept), with hands undone here or there, or deleted here, one per match added of another evening
    than this ledger's newest with the command that adds it up with that evening's (``db``: the ledger as `--db` named
    it, said in the command; None: the app's), the upgrade of the ledger's layout the merge made first (its copy),
    and the ledger file (with the copy kept of it as it was). ``path_said``: how a path is said (the app's short
    form). ``on_page``: said on the ledger page: a match of another evening with the page's way to add it up (no
    command), a day and time as the page says them (:func:`when_said`: 「12月6日 13:14」, "6 Dec 13:14"; the CLI's as
    `ledger list` says them, 2026-12-06 13:14). ``phone``: said to a phone (on the page): the ledger and its copy as
    kept on the laptop running tilelens, no path of the laptop (a ledger file named, nothing changed: not said).
    On the page, a match deleted as the other laptop deleted it is said with its Bring back button: above, on the
    page of ``game`` (the game shown; None: every match's), else on its game's page (the games the page offers:
    ``offered``; None: any this laptop has), else on that of a game to add first."""
    on_page = on_page or phone
    words = WORDS["ja" if lang == "ja" else "en"]

    def when(created: Any) -> str:
        return when_said(created, lang) if on_page else _time_said(created)

    other = path_said(report.other)
    remembered = words["remembered_1" if report.remembered == 1 else "remembered"].format(n=report.remembered)
    if not (report.added or report.extended or report.already or report.conflicts or report.deleted
            or report.deleted_there):
        lines = [words["nothing"].format(other=other)]
        if report.remembered:  # a file of deletes alone: what this ledger keeps of them
            lines[0] += words["sep"] + remembered
        if report.left_out:
            lines[0] += words["sep"] + words["left_out"].format(n=len(report.left_out))
        return lines + (_file_said(report, words, path_said, phone) if report.remembered else []) + \
            _swept_said(report, words)
    would = "would_" if report.dry_run else ""
    n, h = len(report.added) + len(report.conflicts), report.added_played  # hands as `ledger list` counts them
    key = f"{would}add" if would else "added"
    counted = words[f"{key}_none" if n == 0 else f"{key}_1_1" if n == 1 and h == 1 else f"{key}_1" if n == 1 else key]
    parts = [counted.format(n=n, h=h)]
    if report.already or not (report.extended or report.deleted_there):  # none here already: said where it tells
        parts.append(words["already"].format(n=len(report.already)))  # that nothing else was here
    if report.extended:
        added = sum(m.hands_played for m in report.extended)
        parts.append(words[f"{would}extend" if would else "extended"].format(
            n=len(report.extended), h=added, hands=_hands_said(added, words)))
    if report.conflicts:
        pairs = words["list_sep"].join(words["pair"].format(here=m.here, ours=m.ours) for m in report.conflicts)
        parts.append(words["would_conflict" if would else "conflicts"].format(n=len(report.conflicts), pairs=pairs))
    deleted_here = [m for m in report.deleted if not m.deleted_before]  # made here, or learnt from a laptop before
    deleted_before = [m for m in report.deleted if m.deleted_before]
    if deleted_here:
        parts.append(words["deleted"].format(n=len(deleted_here)))
    if deleted_before:
        parts.append(words["deleted_before"].format(n=len(deleted_before)))
    if report.deleted_there:
        parts.append(words[f"{would}deleted_there"].format(
            ids=words["list_sep"].join(f"#{m.ours}" for m in report.deleted_there)))
    known = (*report.already, *report.extended)  # the matches of the other file here already (or brought up to date)
    if undone := sum(m.undone - m.undone_before for m in known):
        parts.append(words["undone"].format(hands=_hands_said(undone, words)))
    if undone_before := sum(m.undone_before for m in known):  # undone by a merge of a laptop's file before
        parts.append(words["undone_before"].format(hands=_hands_said(undone_before, words)))
    if taken := sum(m.taken_out for m in known):
        parts.append(words[f"{would}taken_out"].format(hands=_hands_said(taken, words)))
    if report.remembered:
        parts.append(remembered)
    if report.left_out:
        parts.append(words["left_out"].format(n=len(report.left_out)))
    lines = [words["from"].format(other=other) + words["sep"].join(parts)]
    names_of: dict[str, tuple[str, bool]] = {}
    for m in sorted((*report.added, *report.conflicts), key=lambda m: m.ours):
        game, here = names_of.setdefault(m.game_id, _game_said(m.game_id, lang))
        line = words["match"].format(ours=m.ours, theirs=m.theirs, game=game,
                                     names=words["list_sep"].join(map(said, m.players)),
                                     hands=_hands_said(m.hands_played, words),
                                     created=when(m.created))
        lines.append(line + ("" if here else _no_game_said(m.game_id, lang)))
    lines += [words["extended_match" if m.before else "extended_match_none"].format(  # none here: said plainly
        ours=m.ours, theirs=m.theirs, n=m.hands_played, hands=_hands_said(m.hands_played, words),
        before=_hands_said(m.before, words)) for m in report.extended]
    lines += [words["conflict"].format(ours=m.ours, here=m.here, theirs=m.theirs,
                                       why=m.why_ja if lang == "ja" else m.why) for m in report.conflicts]
    lines += [words["named_otherwise"].format(ours=m.ours, theirs=m.theirs, why=m.why_ja if lang == "ja" else m.why)
              for m in sorted((*report.already, *report.extended), key=lambda m: m.ours) if m.why]
    lines += [words["undone_match"].format(ours=m.ours, theirs=m.theirs,
                                           hands=_hands_said(m.undone - m.undone_before, words))
              for m in sorted(known, key=lambda m: m.ours) if m.undone - m.undone_before]
    lines += [words["undone_before_match"].format(ours=m.ours, theirs=m.theirs,
                                                  hands=_hands_said(m.undone_before, words))
              for m in sorted(known, key=lambda m: m.ours) if m.undone_before]
    lines += [words[f"{would}taken_out_match"].format(ours=m.ours, theirs=m.theirs,
                                                      hands=_hands_said(m.taken_out, words))
              for m in sorted(known, key=lambda m: m.ours) if m.taken_out]
    lines += [words["deleted_before_match" if m.deleted_before else "deleted_match"].format(
        theirs=m.theirs, names=words["list_sep"].join(map(said, m.players)), created=when(m.created))
        for m in report.deleted]
    lines += [words[f"{would}deleted_there_match"].format(
        ours=m.ours, names=words["list_sep"].join(map(said, m.players)), hands=_hands_said(m.hands_played, words),
        created=when(m.created)) + (_back_said(m, words, lang, game, offered) if on_page and not would else "")
        for m in report.deleted_there]
    lines += [words["twice"].format(first=first, copy=copy) for first, copy in report.twice]
    lines += _other_evenings(report, words, db, lang if on_page else None, lang)
    return lines + _file_said(report, words, path_said, phone) + _swept_said(report, words)


def _swept_said(report: MergeReport, words: Mapping[str, str]) -> list[str]:
    """The lines of :func:`merge_summary` that say the copies of earlier merges it removed: one of a merge stopped part
    way (nothing of it kept), and the older ones."""
    lines = [words["stopped"]] if report.stopped else []
    if report.pruned:
        lines.append(words["pruned_1" if report.pruned == 1 else "pruned"].format(n=report.pruned,
                                                                                 keep=KEEP_MERGE_COPIES))
    return lines


def _file_said(report: MergeReport, words: Mapping[str, str], path_said: Callable[[Path], str], phone: bool
               ) -> list[str]:
    """The lines of :func:`merge_summary` that say the ledger file: its upgrade first, the merge made as a dry run,
    the file made, or its copy kept as it was (to a phone, kept on the laptop running tilelens)."""
    lines: list[str] = []
    target = path_said(report.target)
    if report.upgraded is not None and not phone:  # before the merge's copy (of the file as upgraded); the
        # app's page tells the laptop an upgrade of its own (a phone is not told the organiser's)
        lines.append(words["upgraded"].format(target=target, copy=report.upgraded.name))
    if report.would_upgrade and not phone:
        lines.append(words["would_upgrade"].format(target=target))
    if report.dry_run:
        lines.append(words["dry_run"])
    elif phone:  # the laptop's, in words: the copy by its name, for the organiser to find beside the ledger
        if report.copy is not None:
            lines.append(words["kept_away"].format(copy=report.copy.name))
        elif report.made:
            lines.append(words["made_away"])
    elif report.copy is not None:
        lines.append(words["kept"].format(target=target, copy=report.copy.name))
    else:
        lines.append(words["made" if report.made else "file"].format(target=target))
    return lines


def _back_said(match: MergedMatch, words: Mapping[str, str], lang: str, game: str | None,
               offered: Collection[str] | None) -> str:
    """Where the page's Bring back button of ``match`` (deleted as the other laptop deleted it) is: above, on the page
    of ``game`` (None: said so of every match), else on its own game's page, to choose (``offered``, the games the page
    offers; None: any this laptop has), else on that of a game to add on the Rules page first."""
    if game is None or match.game_id == game:
        return words["deleted_there_back"].format(ours=match.ours)
    name, here = _game_said(match.game_id, lang)
    chosen = match.game_id in offered if offered is not None else here
    gone = "deleted_there_back_refused" if not here and _installed(match.game_id) else "deleted_there_back_no_game"
    return words["deleted_there_back_game" if chosen else gone].format(ours=match.ours, game=name)


def merge_failed(other: str, exc: BaseException, lang: str = "en") -> str:
    """A merge of the file named ``other`` (as the person chose it) that failed on ``exc``, a problem it did not
    expect (not a refusal: those are ``LedgerError``s), in one line of ``lang``: the merge is one transaction, so
    nothing of the ledger was changed. ``exc``'s own words said, not Python's name for it."""
    words = WORDS["ja" if lang == "ja" else "en"]
    why = str(exc).strip() or type(exc).__name__
    return words["failed"].format(other=Path(str(other).replace("\\", "/")).name or other, why=why)


def _hands_said(n: int, words: Mapping[str, str]) -> str:
    """A number of hands in ``words``' language: "1 hand", "2 hands" (「2局」)."""
    return words["hands_1"] if n == 1 else words["hands"].format(n=n)


def _time_said(created: Any) -> str:
    """A moment as `tilelens ledger list` says it: 2026-12-06 13:14."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(created)) if isinstance(created, (int, float)) else str(created)


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def when_said(created: Any, lang: str = "en", hour: bool = True) -> str:
    """A moment (``time.time()``'s) as the ledger page says a day and time, in ``lang``: 「12月6日 13:14」, "6 Dec
    13:14", the year said where it is not this one (「2025年12月6日 13:14」, "6 Dec 2025 13:14"); ``hour`` False: the
    day alone. A value that is no moment (a file edited by hand), as stored.

    >>> when_said(time.mktime((2026, 12, 6, 13, 14, 0, 0, 0, -1)), "ja")[-11:]
    '12月6日 13:14'
    >>> when_said(time.mktime((2026, 12, 6, 13, 14, 0, 0, 0, -1)), "en", hour=False)[:5]
    '6 Dec'
    """
    if not isinstance(created, (int, float)) or isinstance(created, bool):
        return str(created)
    at = time.localtime(created)
    year = "" if at.tm_year == time.localtime().tm_year else str(at.tm_year)
    if lang == "ja":
        day = f"{year}{'年' if year else ''}{at.tm_mon}月{at.tm_mday}日"
    else:
        day = f"{at.tm_mday} {_MONTHS[at.tm_mon - 1]}{' ' + year if year else ''}"
    return f"{day} {at.tm_hour:02d}:{at.tm_min:02d}" if hour else day


def _other_evenings(report: MergeReport, words: Mapping[str, str], db: Path | None, page: str | None = None,
                    lang: str = "en") -> list[str]:
    """The matches added (with a hand) that started on another evening than this ledger's newest match, which `ledger
    totals` leaves out. One whose laptop's clock is likely off (:func:`_clock_off`, of an evening a day or two from
    the newest here before the merge, and not this laptop's own evening now: tonight's matches merged into a ledger
    last used last night are tonight's, no clock's mistake): a line each, with the command that adds it up with the matches of that newest
    evening here of its game. The others, of an evening other than the newest after the merge (the one `ledger totals`
    adds up then: tonight's matches merged into a ledger last used a week ago are not left out), of their own
    evenings: one line, with, for each evening, the command that adds up that evening's matches here of its game (the
    added ones included); "another evening" where they are all of one. ``page``: the language of the ledger page it
    is said on, where they are ticked in Tonight's totals instead (no command), the days said as the page says them;
    ``lang``, the language of the CLI's words."""
    if report.newest is None:
        return []
    evening = evening_of(report.newest)
    latest = evening_of(report.latest) if report.latest is not None else evening  # the newest after the merge
    played = [m for m in sorted(report.added, key=lambda m: m.ours)
              if m.hands and isinstance(m.created, (int, float))]
    tonight = evening_of(time.time())  # this laptop's own evening: a match of it is no clock's mistake
    clock = [m for m in played if evening_of(m.created) not in (evening, tonight)
             and _clock_off(evening_of(m.created), evening, report.known_evenings)]
    older = [m for m in played if m not in clock and evening_of(m.created) != latest]
    lang = page or lang

    def day(when: date, hour: float | None = None) -> str:
        if page is None:
            return _time_said(hour) if hour is not None else when.isoformat()
        return when_said(hour if hour is not None else time.mktime((when.year, when.month, when.day, 12, 0, 0, 0, 0,
                                                                     -1)), page, hour=hour is not None)

    def command(ids: Sequence[int]) -> str:
        return shlex.join(["tilelens", "ledger", "totals", *map(str, sorted(ids)), *(["--db", str(db)] if db else [])])

    lines = []
    for m in clock:
        ids = [*report.tonight.get(m.game_id, ()), *(o.ours for o in clock if o.game_id == m.game_id)]
        said_as = {"ours": m.ours, "day": day(evening, m.created), "newest": day(evening)}
        lines.append(words["other_evening_page"].format(**said_as) if page is not None else
                     words["other_evening"].format(**said_as, command=command(ids)))
    if not older:
        return lines
    groups: dict[tuple[str, date], list[int]] = {}
    for m in older:
        groups.setdefault((m.game_id, evening_of(m.created)), []).append(m.ours)
    each = [(when, report.evenings.get((game_id, when), tuple(ids)))
            for (game_id, when), ids in sorted(groups.items(), key=lambda g: (g[0][1], g[0][0]))]
    if len(older) == 1:
        (m,), ((_, ids),) = older, each
        said_as = {"ours": m.ours, "day": day(latest, m.created), "newest": day(latest)}
        lines.append(words["older_one_page"].format(**said_as, ids=_ids_said(ids, lang)) if page is not None else
                     words["older_one"].format(**said_as, command=command(ids)))
        return lines
    evenings = words["older_sep"].join(
        words["older_evening_page" if page is not None else "older_evening"].format(
            day=day(when), ids=_ids_said(ids, lang), command=command(ids)) for when, ids in each)
    one = "_same" if len({when for when, _ in each}) == 1 else ""  # all of one evening: "another evening"
    lines.append(words[f"older{one}_page" if page is not None else f"older{one}"].format(
        ids=_ids_said([m.ours for m in older], lang), newest=day(latest), evenings=evenings))
    return lines


# A match added of another evening than this ledger's newest is said as of that laptop's clock being off where that
# evening is this many days or fewer from the newest, and this ledger had no match of it: a date a day or two off,
# not a match of last week's evening merged late.
CLOCK_OFF_DAYS = 2


def _clock_off(when: date, newest: date, known: frozenset) -> bool:
    """Whether a match of the evening ``when``, added to a ledger whose newest match is of the evening ``newest``
    and which had matches of the evenings ``known``, is likely of a laptop whose clock is off (``CLOCK_OFF_DAYS``)."""
    return abs((when - newest).days) <= CLOCK_OFF_DAYS and when not in known


def _ids_said(ids: Sequence[int], lang: str) -> str:
    """Match numbers as a list in ``lang``: "#1, #2 and #5", 「#1、#2、#5」."""
    said_ids = [f"#{i}" for i in sorted(ids)]
    if lang == "ja" or len(said_ids) < 2:
        return "、".join(said_ids)
    return f"{', '.join(said_ids[:-1])} and {said_ids[-1]}"


def _game_said(game_id: str, lang: str) -> tuple[str, bool]:
    """A game's name in ``lang`` and whether it is on this laptop (shipped, added in the app, or kept on removal);
    its id and False where it is not."""
    try:
        game = kept_game(game_id)
    except Exception:  # noqa: BLE001 - a match of a game this laptop has not: named by its id, and said so
        return said(game_id), False
    return said((game.name_ja if lang == "ja" else game.name_en) or game.name_ja or game_id), True


def _installed(game_id: str) -> bool:
    """Whether ``game_id`` is a game of this laptop (shipped, or added in the app) whatever its house table says: a
    match of it that does not load (``_game_said``) is then of a house table refused, to fix on the Rules page, not
    of a game to add there."""
    from scorer.catalog import added_games, list_games

    try:
        return game_id in list_games() or game_id in added_games()
    except Exception:  # noqa: BLE001 - a folder of added games that cannot be read: said as a game not here
        return False


def _no_game_said(game_id: str, lang: str) -> str:
    """What a merged match of ``game_id``, which does not load here (``_game_said``), needs to record more hands in
    it: its game added on the Rules page (not on this laptop), or its house table fixed there (installed, its table
    refused: "not on this laptop" sent a club to add a game it had)."""
    words = WORDS["ja" if lang == "ja" else "en"]
    return words["refused_game" if _installed(game_id) else "no_game"].format(game=game_id)
