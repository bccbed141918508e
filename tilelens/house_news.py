"""What the shipped table changed since a club's edit was made from it, change by change: a three-way comparison of
the shipped text the edit was made from (``then``), today's shipped text (``now``) and the edit, each change with
where it goes in the edit. The engine says nothing itself: how a change is said, and whether a table with it loads,
is the caller's (a ``Teller``: the Rules page's, ``app.components.rules_news``). Also the rules a later tilelens plays
by default that such an edit does not set (``new_defaults``). No Streamlit here."""
from __future__ import annotations

import difflib
import hashlib
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from scorer.catalog import name_key


@dataclass(frozen=True)
class NewsChange:
    """One change of the shipped table since the edit's base (``then``: its lines there, ``now``: today's lines that
    replace them), where it goes in the edit (``at``: None where the club changed those lines too), what it changes
    in words (``words``: none for comments and blank lines alone), its checkbox's key (its place in both texts with
    its lines: one line's change made in two places gave two boxes one key, and the page failed), and why the edit
    with this change alone taken in would not load (``alone``: None where it would; "" where why cannot be said):
    such a change is made by hand (a start_points the edit set above its ends_at_or_below, each line a change of
    its own).

    ``parts``: the changes of lines a change of names alone is made of (``NAME_KEYS``), said in one line and taken
    in together: a line each was 317 for Cinderella Girls' names as fans write them, each tile "the same" on both
    sides.

    ``words_only``: the change sets words alone (names, readings, descriptions: ``without_words``), no rule: the
    table scores the same with it or without it."""

    then: tuple[int, int]
    now: tuple[int, int]
    at: int | None
    words: tuple[str, ...]
    key: str
    alone: str | None = None
    parts: tuple[NewsChange, ...] = ()
    words_only: bool = False

    @property
    def spans(self) -> tuple[NewsChange, ...]:
        """The changes of lines that make this one: its parts, or itself."""
        return self.parts or (self,)


@dataclass(frozen=True)
class Teller:
    """How the changes are said, in the caller's words and language:

    - ``words(a, b, box)``: what ``b`` (lines with one change taken in) has that ``a`` lacks, a line each, and None
      where ``b`` loads as a Save would take it, else why not ("" where that cannot be said); ``box``: ``a`` is the
      shipped table the edit was made from, not the edit;
    - ``loads(data)``: why a parsed table would not load (None where it loads);
    - ``clash(edit, taken, now_lines)``: why ``taken`` (the parsed edit ``edit`` with a change taken in) would not
      load where it is a name two tiles would share (``name_clashes``), None where it is not;
    - ``names(n, keys)``: a change of the names of ``n`` tiles and units, in their ``keys`` (``NAME_KEYS``)."""

    words: Callable[[list[str], list[str], bool], tuple[list[str], str | None]]
    loads: Callable[[dict], str | None]
    clash: Callable[[dict, dict, list[str]], str | None]
    names: Callable[[int, set[str]], str]


def text_lines(text: str) -> list[str]:
    """A table's lines as compared and taken over: line ends and the blanks at a line's end aside.

    >>> text_lines("a = 1  \\r\\nb = 2\\n")
    ['a = 1', 'b = 2', '']
    """
    return [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]


def made_from_text(now: str, diff: str) -> str | None:
    """The shipped text an edit was made from, rebuilt from today's (``now``) and the unified diff of what changed
    since (``tilelens.home.shipped_changes``); None where the diff does not give back that text exactly.

    >>> then, now = "a = 1\\nb = 2\\n", "a = 1\\nb = 3\\n"
    >>> diff = "".join(difflib.unified_diff(then.splitlines(True), now.splitlines(True), "then", "now"))
    >>> made_from_text(now, diff) == then, made_from_text(now, diff.replace("+b = 3", "+b = 4"))
    (True, None)
    """
    rows, now_rows = diff.splitlines(keepends=True), now.splitlines(keepends=True)
    out: list[str] = []
    at = 0
    for row in rows[2:]:
        if row.startswith("@@"):
            found = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", row)
            if found is None:
                return None
            start = int(found[1]) - (0 if found[2] == "0" else 1)
            out += now_rows[at:start]
            at = start
        elif row[:1] in (" ", "-"):
            out.append(row[1:])
            at += row[:1] == " "
        elif row[:1] == "+":
            at += 1
    then = "".join(out + now_rows[at:])
    names = [row[4:].rstrip("\n") for row in rows[:2]]
    if len(names) != 2 or "".join(difflib.unified_diff(then.splitlines(keepends=True), now_rows, *names)) != diff:
        return None
    return then


def _blocks(a: list[str], b: list[str]) -> list[tuple[int, int, int]]:
    """The runs of lines ``a`` and ``b`` share, (start in a, start in b, length), as ``difflib``'s matching blocks,
    the last (len(a), len(b), 0). The common start and end are set aside first: a table's catalog, some 1,700 lines,
    is alike on both sides, and matched whole it took a tenth of a second a text."""
    most = min(len(a), len(b))
    head = next((i for i in range(most) if a[i] != b[i]), most)
    tail = next((i for i in range(most - head) if a[-1 - i] != b[-1 - i]), most - head)
    middle = difflib.SequenceMatcher(None, a[head:len(a) - tail], b[head:len(b) - tail], autojunk=False)
    blocks = [(0, 0, head)] if head else []
    blocks += [(i + head, j + head, n) for i, j, n in middle.get_matching_blocks() if n]
    return blocks + ([(len(a) - tail, len(b) - tail, tail)] if tail else []) + [(len(a), len(b), 0)]


def line_map(a: list[str], b: list[str]) -> dict[int, int]:
    """Each line of ``a`` that ``b`` keeps, to its line there (and the ends: -1 to -1, the end to the end).

    >>> line_map(["x", "y", "z"], ["x", "z"])
    {-1: -1, 3: 2, 0: 0, 2: 1}
    """
    found = {-1: -1, len(a): len(b)}
    for i, j, n in _blocks(a, b):
        found.update((i + k, j + k) for k in range(n))
    return found


def differences(a: list[str], b: list[str]) -> list[tuple[int, int, int, int]]:
    """Where ``b`` differs from ``a``: (i1, i2, j1, j2), lines ``a[i1:i2]`` replaced by ``b[j1:j2]``.

    >>> differences(["a", "b", "c", "d"], ["a", "B", "c", "d", "e"])
    [(1, 2, 1, 2), (4, 4, 4, 5)]
    """
    out, i, j = [], 0, 0
    for bi, bj, n in _blocks(a, b):
        if i < bi or j < bj:
            out.append((i, bi, j, bj))
        i, j = bi + n, bj + n
    return out


def place(found: dict[int, int], i1: int, i2: int, own: bool = False) -> int | None:
    """Where lines ``i1:i2`` of a text lie in another (``line_map``), unchanged and with the line on each side
    unchanged next to them; None where the other text changed them or what is around them.

    ``own``: the lines set keys of a table (``_keys_set``): replaced or dropped, they need only themselves unchanged;
    added (``i1 == i2``), the line before them unchanged (they go after it) or else the one after them (before it).
    A change of ``kazoe_limit`` was refused ("Your edit changed this part too") for the club's ``default_seat`` on
    the line below it.

    >>> found = line_map(["a = 1", "b = 2", "c = 3"], ["a = 1", "b = 2", "c = 4"])
    >>> place(found, 1, 2), place(found, 1, 2, own=True), place(found, 2, 2, own=True)
    (None, 1, 2)
    """
    k = found.get(i1 - 1)
    if k is not None and all(found.get(i) == k + 1 + i - i1 for i in range(i1, i2 + 1)):
        return k + 1
    if not own:
        return None
    if i2 == i1:
        return k + 1 if k is not None else found.get(i1)
    k = found.get(i1)
    return k if k is not None and all(found.get(i) == k + i - i1 for i in range(i1, i2)) else None


_GONE = object()  # a key one side lacks


def differing_keys(a: Any, b: Any, at: str = "") -> list[str]:
    """The keys of a parsed table where ``a`` and ``b`` differ: ``win.ron_on_almighty``, ``yaku[3]`` (two levels).

    >>> differing_keys({"win": {"ron": True, "x": 1}, "yaku": [1, 2]}, {"win": {"ron": False, "x": 1}, "yaku": [1, 3]})
    ['win.ron', 'yaku[1]']
    """
    if at.count(".") + at.count("[") >= 2 or type(a) is not type(b) or not isinstance(a, (dict, list)):
        return [at]
    if isinstance(a, list):
        if len(a) != len(b):
            return [at]
        return [key for i, (x, y) in enumerate(zip(a, b)) if x != y for key in differing_keys(x, y, f"{at}[{i}]")]
    return [key for k in sorted(set(a) | set(b), key=str) if a.get(k, _GONE) != b.get(k, _GONE)
            for key in differing_keys(a.get(k, _GONE), b.get(k, _GONE), f"{at}.{k}" if at else str(k))]


# The keys of a tile ([[tiles]]) and of a unit ([[units]]) that name it and score nothing (a unit's ``name`` is how a
# yaku names it: not one)
NAME_KEYS = {"tiles": ("name_ja", "name_en", "reading", "aliases"), "units": ("name_en", "reading")}


def tiles_by_id(data: dict) -> dict[str, dict]:
    """A parsed table's tiles (``[[tiles]]``) by their ids, each as its table."""
    tiles = data.get("tiles") if isinstance(data, dict) else None
    return {x["id"]: x for x in tiles if isinstance(x, dict) and isinstance(x.get("id"), str)} \
        if isinstance(tiles, list) else {}


def _tile_names(tile: dict) -> list[tuple[str, str]]:
    """A parsed tile's names, (key, name): its id, Japanese and English names, reading and other spellings."""
    names = [(k, tile[k]) for k in ("id", "name_ja", "name_en", "reading") if isinstance(tile.get(k), str)]
    aliases = tile.get("aliases")
    return names + [("aliases", a) for a in (aliases if isinstance(aliases, list) else []) if isinstance(a, str)]


def _one_name(key: str, name: str, other_key: str, other: str) -> bool:
    """Whether two tiles' names are one name as the catalog refuses it (``scorer.catalog.parse_game``): two Japanese
    names alike (a hand typed in Japanese names a tile by it); a reading or other spelling typed as another tile's
    name (``name_key``)."""
    if key == other_key == "name_ja":
        return name == other
    if "reading" not in (key, other_key) and "aliases" not in (key, other_key):
        return False
    return bool(name_key(name)) and name_key(name) == name_key(other)


def name_clashes(edit: dict, taken: dict) -> list[tuple[str, str, str]]:
    """The names ``taken`` gives a tile that another tile has in ``edit`` (and still has): (the tile's id, the name,
    the other tile's id), a pair once.

    >>> edit = {"tiles": [{"id": "a", "name_ja": "みさ"}, {"id": "b", "name_ja": "さゆ"}]}
    >>> name_clashes(edit, {"tiles": [{"id": "a", "name_ja": "みさ"}, {"id": "b", "name_ja": "みさ"}]})
    [('b', 'みさ', 'a')]
    """
    before, after = tiles_by_id(edit), tiles_by_id(taken)
    names = {tile_id: (_tile_names(tile), _tile_names(before.get(tile_id, {}))) for tile_id, tile in after.items()}
    kept = {tile_id: [n for n in now if n in then] for tile_id, (now, then) in names.items()}
    out = []
    for tile_id, (now, then) in names.items():
        new = [n for n in now if n not in then and n[0] != "id"]
        for other_id in after if new else ():
            found = next((name for key, name in new for other_key, other_name in kept[other_id]
                          if other_id != tile_id and _one_name(key, name, other_key, other_name)), None)
            if found is not None:
                out.append((tile_id, found, other_id))
    return out


def renamed(a: dict, b: dict) -> tuple[int, set[str]] | None:
    """How many tiles and units ``b`` names otherwise than ``a`` does, and in which keys (``NAME_KEYS``), where the
    two tables differ in those names alone; None where they differ otherwise, or not at all."""
    if a == b or without_names(a) != without_names(b):
        return None
    n, keys = 0, set()
    for table, names in NAME_KEYS.items():
        for x, y in zip(a.get(table, []), b.get(table, [])):
            differ = {k for k in names if x.get(k) != y.get(k)} if isinstance(x, dict) and isinstance(y, dict) else set()
            n, keys = n + bool(differ), keys | differ
    return (n, keys) if n else None


def without_names(data: dict, keys: dict[str, tuple[str, ...]] = NAME_KEYS) -> dict:
    """A parsed table without the names of its tiles and units (``NAME_KEYS``; or the ``keys`` of each
    ``[[table]]`` given)."""
    out = dict(data)
    for table, names in keys.items():
        if isinstance(out.get(table), list):
            out[table] = [{k: v for k, v in x.items() if k not in names} if isinstance(x, dict) else x
                          for x in out[table]]
    return out


# The keys that say a table's things in words and score nothing: the names of its tiles and units (``NAME_KEYS``),
# a yaku's names and description, and, of the table itself, its names, those of its attributes and their values, and
# its word for the people on its tiles (``people``: member, yokai)
WORD_KEYS = {**NAME_KEYS, "yaku": ("name_ja", "name_en", "description", "description_ja")}
TABLE_WORD_KEYS = ("name_ja", "name_en", "attribute_names", "attribute_values", "people")


def without_words(data: dict) -> dict:
    """A parsed table without its words (``WORD_KEYS``, ``TABLE_WORD_KEYS``): two tables alike without them score
    alike.

    >>> a = {"id": "g", "yaku": [{"id": "y", "points": 60, "description": "three sets (ron: 60)"}]}
    >>> without_words(a) == without_words({**a, "yaku": [{"id": "y", "points": 60, "description": "three sets"}]})
    True
    >>> without_words(a) == without_words({**a, "people": {"name_ja": "メンバー", "name_en": "member"}})
    True
    """
    return {k: v for k, v in without_names(data, WORD_KEYS).items() if k not in TABLE_WORD_KEYS}


def words_alone(a: dict, b: dict) -> bool:
    """Whether two parsed tables differ, and in their words alone (``without_words``)."""
    return a != b and without_words(a) == without_words(b)


_HEADER = re.compile(r"\s*\[\[?\s*([^\]]*?)\s*\]")  # a table's header line: [[tiles]], [payout]
_KEY = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")  # a line that sets a key


def arrays(lines: list[str]) -> list[bool]:
    """Whether each line lies in an array of tables (``[[tiles]]``: one of many entries alike; False before the
    first header).

    >>> arrays(["id = 'x'", "[[tiles]]", "name_ja = 'a'", "[payout]"])
    [False, True, True, False]
    """
    out, array = [], False
    for line in lines:
        if _HEADER.match(line) is not None:
            array = line.lstrip().startswith("[[")
        out.append(array)
    return out


def tables(lines: list[str]) -> list[str]:
    """The name of the table each line lies in ("tiles" for a [[tiles]] one; "" before the first header).

    >>> tables(["id = 'x'", "[[tiles]]", "name_ja = 'a'", "[payout]"])
    ['', 'tiles', 'tiles', 'payout']
    """
    out, table = [], ""
    for line in lines:
        found = _HEADER.match(line)
        if found is not None:
            table = found[1]
        out.append(table)
    return out


def names_alone(*sides: tuple[list[str], list[str], int, int]) -> bool:
    """Whether a change's lines on each side (the lines, the table each lies in: ``tables``, and the change's
    lines there) are each blank, a comment or a key that names a tile or a unit (``NAME_KEYS``) in its table, one
    such key at least: a change of names alone (checked again, read as TOML, by ``_tell_names``). A change of
    comments alone is not one: it goes along with whatever is taken."""
    keys = 0
    for lines, in_tables, start, end in sides:
        for i in range(start, end):
            text = lines[i].strip()
            if not text or text.startswith("#"):
                continue
            found = _KEY.match(text)
            if found is None or found[1] not in NAME_KEYS.get(in_tables[i], ()):
                return False
            keys += 1
    return keys > 0


def _line_key(line: str) -> str | None:
    """The key a line sets where it is a whole ``key = value`` (TOML by itself), else None (a header, a line of a
    value written on several lines)."""
    found = _KEY.match(line)
    if found is None:
        return None
    try:
        tomllib.loads(line)
    except (ValueError, RecursionError):
        return None
    return found[1]


def _keys_of(lines: list[str], in_tables: list[str], start: int, end: int) -> list[tuple[int, tuple[str, str]]] | None:
    """The lines ``start:end`` that set a key, each with (its table, the key); None where one of them is neither
    that, a comment nor a blank (a header, a value of several lines: the change is not split). A key in two
    languages (``description``, ``description_ja`` next to it) is one: the last of its lines, said once.

    >>> _keys_of(["# c", "description = 'a'", "description_ja = 'あ'", "points = 1"], ["y"] * 4, 0, 4)
    [(2, ('y', 'description')), (3, ('y', 'points'))]
    """
    out: list[tuple[int, tuple[str, str]]] = []
    for i in range(start, end):
        text = lines[i].strip()
        if not text or text.startswith("#"):
            continue
        key = _line_key(text)
        if key is None:
            return None
        found = (in_tables[i], re.sub(r"_(ja|en)$", "", key))
        if out and out[-1][1] == found:  # the same words in the other language
            out.pop()
        out.append((i, found))
    return out


def _keys_set(lines: list[str], in_tables: list[str], in_arrays: list[bool], start: int, end: int) -> int | None:
    """How many keys lines ``start:end`` (one side of a change) set, where they are each a key's whole line, a
    comment or a blank (``_keys_of``) in a table that is no array of tables (``arrays``: a key's line there is one
    of many alike, ``points = 60`` in each yaku); else None."""
    found = _keys_of(lines, in_tables, start, end)
    return None if found is None or (start and in_arrays[start - 1]) else len(found)


def split(then_lines: list[str], now_lines: list[str], then_tables: list[str], now_tables: list[str],
          i1: int, i2: int, j1: int, j2: int) -> list[tuple[int, int, int, int]]:
    """A difference (``differences``) as a change a key: where its lines each set one key, or are comments or blank,
    each key set, changed or dropped is a change of its own (its lines on both sides), a comment or blank going with
    the key after it (the last key's with it). One checkbox held the club's ``open_tanyao = false`` under a label of
    the ``kiriage`` beside it, and taking it wrote the shipped ``open_tanyao = true`` in silence. A difference with
    a header or a value of several lines stays whole: its lines are taken in together or not at all.

    >>> a, b = ["x = 1", "y = 2"], ["x = 3", "# z", "y = 4"]
    >>> split(a, b, ["t", "t"], ["t"] * 3, 0, 2, 0, 3)
    [(0, 1, 0, 1), (1, 2, 1, 3)]
    """
    a_keys = _keys_of(then_lines, then_tables, i1, i2)
    b_keys = _keys_of(now_lines, now_tables, j1, j2)
    if a_keys is None or b_keys is None or len(a_keys) + len(b_keys) < 2:
        return [(i1, i2, j1, j2)]
    cuts = []  # where each change ends, (in then, in now): after a key's line on one side or both
    matcher = difflib.SequenceMatcher(None, [k for _, k in a_keys], [k for _, k in b_keys], autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op == "equal":
            cuts += [(a_keys[a1 + n][0] + 1, b_keys[b1 + n][0] + 1) for n in range(a2 - a1)]
            continue
        cuts += [(a_keys[n][0] + 1, None) for n in range(a1, a2)]  # keys dropped, then keys set
        cuts += [(None, b_keys[n][0] + 1) for n in range(b1, b2)]
    out, i, j = [], i1, j1
    for n, (ci, cj) in enumerate(cuts):
        last = n == len(cuts) - 1
        ci, cj = (i2 if last else ci or i), (j2 if last else cj or j)  # the lines after the last key go with it
        if then_lines[i:ci] != now_lines[j:cj]:
            out.append((i, ci, j, cj))
        i, j = ci, cj
    return out or [(i1, i2, j1, j2)]


def base(change: NewsChange, then_lines: list[str], edit_lines: list[str]) -> tuple[list[str], int]:
    """The text a change is told against, and where its lines start there: the edit, or, where the club changed
    those lines too, the shipped table the edit was made from."""
    return (edit_lines, change.at) if change.at is not None else (then_lines, change.then[0])


def taking_order(change: NewsChange, start: int) -> tuple[int, int, int]:
    """What changes placed at ``start`` are taken in by, the last first (sorted in reverse): of the parts of one
    difference (``split``) placed alike, the one that replaces lines before those that add lines in front of them
    (taken in first, the added lines were replaced), and of lines added at one place, the last first (a reading
    added above the aliases added with it)."""
    return start, change.then[1] - change.then[0], change.now[0]


def taken(lines: list[str], changes: list[NewsChange], now_lines: list[str], then_lines: list[str],
          edit_lines: list[str]) -> list[str]:
    """``lines`` (a ``base``) with ``changes`` taken in (each told against it: ``base``), the last first: of two at
    one place, the one that replaces lines before the one that adds lines in front of them (``taking_order``)."""
    out = list(lines)
    for change in sorted(changes, key=lambda c: taking_order(c, base(c, then_lines, edit_lines)[1]), reverse=True):
        start = base(change, then_lines, edit_lines)[1]
        out[start:start + change.then[1] - change.then[0]] = now_lines[change.now[0]:change.now[1]]
    return out


def _parsed(*texts: list[str]) -> list[dict] | None:
    """Tables' lines read as TOML, or None where one of them is not TOML."""
    try:
        return [tomllib.loads("\n".join(lines)) for lines in texts]
    except (ValueError, RecursionError):
        return None


def _tell_one(change: NewsChange, then_lines: list[str], now_lines: list[str], edit_lines: list[str],
              teller: Teller) -> NewsChange:
    """``change`` in words, with why it cannot be taken in by itself where it cannot."""
    lines = base(change, then_lines, edit_lines)[0]
    with_it = taken(lines, [change], now_lines, then_lines, edit_lines)
    words, alone = teller.words(lines, with_it, change.at is None)
    data = _parsed(lines, with_it)
    if alone is not None and change.at is not None and data is not None:  # why, in the tiles' names where it is a
        alone = teller.clash(data[0], data[1], now_lines) or alone        # name two tiles would have
    return replace(change, words=tuple(words), alone=alone if change.at is not None else None,
                   words_only=data is not None and words_alone(*data))


def _tell_names(parts: list[NewsChange], then_lines: list[str], now_lines: list[str], edit_lines: list[str],
                box: bool, teller: Teller) -> list[NewsChange]:
    """Changes of names alone (``names_alone``), all against the same text (``box``: the club changed those lines
    too), as one change in one line ("Names of 310 tiles and units (...)"), taken in together; each told by itself
    where the text with them all taken in is not that text with other names (not TOML, a key twice)."""
    lines = then_lines if box else edit_lines
    data = _parsed(lines, taken(lines, parts, now_lines, then_lines, edit_lines))
    found = renamed(*data) if data is not None else None
    if not found:
        return [_tell_one(part, then_lines, now_lines, edit_lines, teller) for part in parts]
    alone = None if box else teller.loads(data[1])
    if alone is not None:  # a name the club gave a tile, which the update gives another: the tiles named
        alone = teller.clash(data[0], data[1], now_lines) or alone
    key = "names-" + hashlib.sha1(" ".join(part.key for part in parts).encode()).hexdigest()[:10]
    return [NewsChange(parts[0].then, parts[0].now, None if box else parts[0].at, (teller.names(*found),), key, alone,
                       tuple(parts), words_only=True)]


def news(then: str, now: str, edit: str, teller: Teller) -> tuple[tuple[NewsChange, ...], list[str], list[str]]:
    """The changes of the shipped table from ``then`` to ``now``, each in ``teller``'s words and where it goes in
    the ``edit`` made from ``then``, with today's shipped lines and the edit's (``text_lines``), a change a key where
    its lines can be told apart (``split``). A change the edit has already (copied over by hand) is left out. The
    changes of names alone (``names_alone``) are told together, one table read for them all: told one by one,
    Cinderella Girls' 317 took 20 seconds."""
    then_lines, now_lines, edit_lines = text_lines(then), text_lines(now), text_lines(edit)
    into_edit, in_edit = line_map(then_lines, edit_lines), line_map(now_lines, edit_lines)
    then_tables, now_tables, edit_tables = tables(then_lines), tables(now_lines), tables(edit_lines)
    then_arrays, now_arrays, edit_arrays = arrays(then_lines), arrays(now_lines), arrays(edit_lines)

    edit_keys: dict[tuple[str, str], list[int]] = {}  # the lines of the edit that set each key of a table
    for n, line in enumerate(edit_lines):
        if (found := _KEY.match(line)) is not None:
            edit_keys.setdefault((edit_tables[n], found[1]), []).append(n)

    def in_table(at: int | None, table: str) -> int | None:
        """``at``, where lines of a key put there lie in ``table`` of the edit (the club put no header above)."""
        if at is None or (edit_tables[at - 1] if at else "") != table or (at and edit_arrays[at - 1]):
            return None
        return at

    def set_elsewhere(at: int, i1: int, i2: int, j1: int, j2: int) -> bool | None:
        """Whether the edit, outside the lines ``at`` on that a change replaces, sets a key the change's now-lines
        set (the club's ``nagashi = false`` where the shipped ``nagashi = true`` goes: not a key to set twice): True
        where each such line of the edit sets it as the change does (the edit has it already), False where one sets
        it otherwise, None where none sets it."""
        found = [(now_lines[j], edit_lines[n]) for j in range(j1, j2) if (key := _KEY.match(now_lines[j])) is not None
                 for n in edit_keys.get((now_tables[j], key[1]), ()) if not at <= n < at + i2 - i1]
        if not found:
            return None
        return all((ours := _parsed([a])) is not None and ours == _parsed([b]) for a, b in found)

    changes: list[NewsChange] = []
    names: dict[bool, list[NewsChange]] = {False: [], True: []}  # by the club's having changed those lines too
    for i1, i2, j1, j2 in (part for found in differences(then_lines, now_lines)
                           for part in split(then_lines, now_lines, then_tables, now_tables, *found)):
        # a change of keys of a table: its own lines, not those beside them (the club's), unchanged in the edit
        sides = (_keys_set(then_lines, then_tables, then_arrays, i1, i2),
                 _keys_set(now_lines, now_tables, now_arrays, j1, j2))
        own = None not in sides and sum(sides) > 0  # comments alone: as before, with the lines beside them
        at = place(into_edit, i1, i2, own)
        if own and at is not None:
            at = in_table(at, then_tables[i1 - 1] if i1 else "")
            elsewhere = set_elsewhere(at, i1, i2, j1, j2) if at is not None else None
            if elsewhere:
                continue  # the edit sets those keys as the change does already
            if elsewhere is not None:
                at = None  # the club set those keys itself, elsewhere
        if at is None:
            there = place(in_edit, j1, j2, own and j2 > j1)
            if (there if not own or j1 == j2 else in_table(there, now_tables[j1 - 1] if j1 else "")) is not None:
                continue  # the edit has it already (copied over by hand)
        lines = "\n".join([*then_lines[i1:i2], "\0", *now_lines[j1:j2]])
        key = f"{i1}-{j1}-{hashlib.sha1(lines.encode()).hexdigest()[:10]}"  # its place: a change made twice, two keys
        if names_alone((then_lines, then_tables, i1, i2), (now_lines, now_tables, j1, j2)):
            names[at is None].append(NewsChange((i1, i2), (j1, j2), at, (), key))
            continue
        changes.append(_tell_one(NewsChange((i1, i2), (j1, j2), at, (), key), then_lines, now_lines, edit_lines,
                                 teller))
    for box, parts in names.items():
        if parts:
            changes += _tell_names(parts, then_lines, now_lines, edit_lines, box, teller)
    return tuple(changes), now_lines, edit_lines


@dataclass(frozen=True)
class NewDefault:
    """A rule a later tilelens plays where a game's file does not set it, which the versions before it did not play:
    ``[table] key`` of a game of ``engine``; ``off``: the line of that table that turns it off."""

    engine: str
    table: str
    key: str
    off: str


# The defaults a later tilelens plays that earlier ones did not, each group with a line its game's shipped table
# gained in a version that played them, which no shipped table first shipped before they came in has: an edit made
# from a table without the line (or saved by a tilelens older than the record of it: the edit itself) was made from a
# table older than them. Which tilelens saved the edit is not kept, only the shipped text it was made from; Tokyo
# Mahjong's was the same from 75d245e to 99ab685 (nagashi came in 1e2a588, pao in a79e3a6 between them, the reverse
# mangan chombo with the line in 99ab685), so an edit of that text may have been saved by a tilelens that had
# nagashi or pao already: they are said as come since that table, not as new to the club.
NEW_DEFAULTS: tuple[tuple[str, tuple[NewDefault, ...]], ...] = (
    ("# pao = true", (NewDefault("riichi", "riichi", "pao", "pao = false"),
                      NewDefault("riichi", "riichi", "nagashi", "nagashi = false"),
                      NewDefault("riichi", "table", "chombo", 'chombo = "none"'))),
)


def new_defaults(then: str, now: str, edit: str) -> list[NewDefault]:
    """The rules played by default since the shipped table ``then`` that an ``edit`` made from it was made from
    (``NEW_DEFAULTS``: their line in today's shipped table ``now``, not in ``then``) which the edit does not set:
    a club's edit kept as it is plays them in new matches, though neither its file nor the table it copied says
    them. None for an edit that is no TOML (the Rules page says that) or of another engine."""
    then_lines, now_lines = text_lines(then), text_lines(now)
    data = _parsed(text_lines(edit))
    if data is None:
        return []

    def has(lines: list[str], marker: str) -> bool:
        return any(line.strip().startswith(marker) for line in lines)

    out = []
    for marker, defaults in NEW_DEFAULTS:
        if not has(now_lines, marker) or has(then_lines, marker):
            continue
        for default in defaults:
            table = data[0].get(default.table, {})
            if data[0].get("engine") == default.engine and not (isinstance(table, dict) and default.key in table):
                out.append(default)
    return out
