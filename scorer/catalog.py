"""Tile catalogs: the game data files in ``scorer/games/*.toml`` read into frozen dataclasses.

A game file holds the catalog (``[[tiles]]``, optional ``[[units]]``) and, in other top-level tables,
the rules of its engine. ``parse_game`` validates only what the catalog owns; engine tables are kept in
``Game.rules`` as written, so an engine (Donjara or riichi) can add tables without changing this module;
``load_game`` then has the game's engine read them (``check_rules``), so that a broken table is refused when the
file is read. ``Game.rules`` is read-only all the way down (``FrozenDict`` / ``FrozenList``: one loaded game is
shared by every caller); ``thaw`` gives an editable copy.

>>> game = load_game("yokai-watch")
>>> game.tile("yokai-07").attrs["picture"], game.tile("almighty").almighty
('07', True)
>>> sum(game.inventory().values())
81
"""
from __future__ import annotations

import difflib
import errno
import hashlib
import json
import re
import reprlib
import threading
import tomllib
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from os import PathLike, readlink
from pathlib import Path
from stat import S_ISREG
from typing import Any, NamedTuple, NoReturn

from scorer.paths import loop_on_way, loop_said
from scorer.result import (ECHO_MAX, PATH_ECHO_MAX, GameFileError, UnknownTileError, choose_ja, echoed, game_file_ja,
                           not_toml, quoted_ja, type_words)

GAMES_DIR = Path(__file__).with_name("games")
ENGINES = ("donjara", "riichi")
_CATALOG_KEYS = {"id", "name_ja", "name_en", "engine", "hand_size", "deal", "attributes", "attribute_names",
                 "attribute_values", "people", "tiles", "units"}


def _read_only(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(f"a game's tables are read-only ({type(self).__name__}): one loaded game is shared by every "
                    "caller; scorer.catalog.thaw(game.rules) gives a copy to edit")


class FrozenDict(dict):  # type: ignore[type-arg]
    """A read-only dict whose values are frozen too (``freeze``): a game file's table. A ``dict`` still (the rule
    readers, ``json`` and ``dict(...)`` take it as one) whose changing methods raise ``TypeError``; it pickles and
    (deep-)copies as itself.

    >>> table = FrozenDict({"win": {"players": 4}, "yaku": [{"points": 60}]})
    >>> table["win"]["players"], isinstance(table["yaku"], list), table
    (4, True, {'win': {'players': 4}, 'yaku': [{'points': 60}]})
    >>> table["win"]["players"] = 3
    Traceback (most recent call last):
    ...
    TypeError: a game's tables are read-only (FrozenDict): one loaded game is shared by every caller; scorer.catalog.thaw(game.rules) gives a copy to edit
    """

    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__((key, freeze(value)) for key, value in dict(*args, **kwargs).items())

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenDict, (dict(self),)

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self


class FrozenList(list):  # type: ignore[type-arg]
    """A read-only list whose items are frozen too (``freeze``): a game file's array (``[[yaku]]``, ``kinds``). A
    ``list`` still for its readers; its changing methods raise ``TypeError``."""

    __slots__ = ()

    def __init__(self, items: Any = ()) -> None:
        super().__init__(freeze(item) for item in items)

    __setitem__ = __delitem__ = __iadd__ = __imul__ = append = clear = extend = insert = pop = remove = \
        reverse = sort = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenList, (list(self),)

    def __copy__(self) -> FrozenList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenList:
        return self


def freeze(value: Any) -> Any:
    """``value`` read-only all the way down: a mapping a ``FrozenDict``, a list a ``FrozenList``, a tuple's items
    frozen; anything else (a number, a string) as it is."""
    if isinstance(value, (FrozenDict, FrozenList)):
        return value
    if isinstance(value, Mapping):
        return FrozenDict(value)
    if isinstance(value, list):
        return FrozenList(value)
    if type(value) is tuple:
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """An editable copy of a frozen table (``Game.rules``, one of its tables): plain dicts and lists all the way down.

    >>> rules = thaw(load_game("nogizaka").rules)
    >>> rules["win"]["riichi_required"] = False; type(rules["yaku"]).__name__
    'list'
    """
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, list):
        return [thaw(item) for item in value]
    if type(value) is tuple:
        return tuple(thaw(item) for item in value)
    return value


@dataclass(frozen=True)
class TileKind:
    """One kind of tile. ``stands_for`` (Almighty only) is the attribute filter of the tiles it can
    replace: ``{"type": "cute"}`` = any Cute idol, ``{}`` = any tile."""

    id: str
    name_ja: str
    name_en: str
    copies: int = 1
    almighty: bool = False
    attrs: Mapping[str, str] = field(default_factory=dict, hash=False)
    stands_for: Mapping[str, str] = field(default_factory=dict, hash=False)
    # how the name is read, in kana ("しぶや りん"), and the other spellings a player may write it by ("Shibuya Rin",
    # "Shuko Shiomi"): ``Game.tile`` and the app's Find box take them (``name_key``), hiragana or katakana alike
    reading: str = ""
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "aliases", tuple(self.aliases))
        for name in ("attrs", "stands_for"):  # read-only, however made: a tile kind is shared by its game's callers
            object.__setattr__(self, name, freeze(getattr(self, name)))

    def can_stand_for(self, other: TileKind) -> bool:
        """True if this Almighty may replace ``other`` (a plain tile)."""
        return self.almighty and not other.almighty and all(
            other.attrs.get(k) == v for k, v in self.stands_for.items())

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the tile is known by: its id, its names in both languages, its reading and its aliases."""
        return tuple(n for n in (self.id, self.name_en, self.name_ja, self.reading, *self.aliases) if n)


@dataclass(frozen=True)
class Unit:
    """An official unit (Cinderella Girls), or a club's (Nogizaka's ひよこ組). ``absent`` names members with no tile
    in the catalog: such a unit can never be complete. ``name_en``: its name in English, where the file gives one."""

    name: str
    members: tuple[str, ...]
    reading: str = ""
    absent: tuple[str, ...] = ()
    name_en: str = ""  # said in English output ("unit [Hiyoko-gumi]"); "" where the file gives none: its name

    @property
    def size(self) -> int:
        """Number of members, tiles or not."""
        return len(self.members) + len(self.absent)


@dataclass(frozen=True)
class Game:
    """A game: its catalog plus its engine's rule tables (``rules``: the TOML tables as written, read-only all the
    way down: ``FrozenDict``, ``FrozenList``; ``thaw`` for a copy to edit, ``with_rules`` for the game with the
    edit, checked). It pickles and deep-copies (a process pool's worker gets it), without what it had derived
    (``derived``), which is made again where asked.

    Two games are equal when their catalogs, names and rule tables are: an edited table is another game (a cache
    keyed by the game scores it anew), wherever each was read from (``source`` is not compared). The hash is the
    catalog's (equal games hash alike; an edit of the rules alone shares it, and compares unequal)."""

    id: str
    name_ja: str
    name_en: str
    engine: str
    tiles: tuple[TileKind, ...]
    hand_size: int
    deal_sizes: tuple[int, int]
    attributes: tuple[str, ...] = ()
    units: tuple[Unit, ...] = ()
    # (attribute, value) -> (Japanese name, English name): what the file's ``[attribute_values]`` calls a value
    # ("" where it gives no name in that language); ``scorer.attribute_names.value_name`` reads it first
    value_names: Mapping[tuple[str, str], tuple[str, str]] = field(default_factory=dict, hash=False)
    # attribute -> (Japanese name, English name), as the file's ``[attribute_names]`` calls it
    attribute_names: Mapping[str, tuple[str, str]] = field(default_factory=dict, hash=False)
    # (Japanese, English): what the file's ``people`` calls the people on its tiles ("" where it says not:
    # ``tile_people``)
    people: tuple[str, str] = ("", "")
    rules: Mapping[str, Any] = field(default_factory=dict, hash=False)  # compared (an edit is another game)
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # frozen all the way down, however made (``dataclasses.replace(game, rules={...})`` too): a caller's change
        # to the shared game's tables would change every other caller's scoring
        for name in ("rules", "value_names", "attribute_names"):
            object.__setattr__(self, name, freeze(getattr(self, name)))

    def with_rules(self, rules: Mapping[str, Any], source: str | None = None) -> Game:
        """This game with ``rules`` as its rule tables (``thaw(game.rules)`` edited, or read back from JSON or YAML:
        dump ``thaw(game.rules)``, not ``game.rules``, whose frozen tables ``yaml.safe_dump`` refuses), checked as
        ``load_game`` checks a file's (``check_rules``): a ``GameFileError`` naming the
        field, the edit named as ``source`` (default: this game's source marked ``(edited, <digest>)``, so that
        a message does not blame the file, and two different edits are told apart). The catalog (tiles, names)
        stays this game's. ``dataclasses.replace(game, rules=...)`` checks nothing: use this.

        >>> game = load_game("nogizaka")
        >>> rules = thaw(game.rules); rules["yaku"][0]["points"] = 90
        >>> edited = game.with_rules(rules)
        >>> edited == game, edited.source.endswith(")"), "(edited, " in edited.source
        (False, True, True)
        """
        where = source if source is not None else _edited_source(self.source or self.id, rules)
        if not isinstance(rules, Mapping):
            raise GameFileError(f"{where}: the rules must be a table of the game's rule tables (a dict, as "
                                f"thaw(game.rules) gives), got {shown(rules)}",
                                f"{where}: ルールはゲームのルールの表 (thaw(game.rules) のような dict) にしてください "
                                f"(いま {shown(rules)})")
        for key in rules:
            if key in _CATALOG_KEYS:
                raise GameFileError(f"{where}: field {key}: is the catalog's, not a rule table: with_rules takes the "
                                    f"rule tables only (thaw(game.rules)); a whole game file is read by load_game",
                                    f"{where}: 項目 {key}: 牌の一覧の項目で、ルールの表ではありません: with_rules に"
                                    f"渡せるのはルールの表だけです (thaw(game.rules))。ゲームファイル全体は load_game で"
                                    f"読みます")
        unknown_key(where, rules, RULE_TABLES, "")
        edited = replace(self, rules=rules, source=where)
        check_rules(edited)
        _run_extra_checks(edited)  # and as the caller checks a file it reads (``extra_checks``)
        return edited

    def __getstate__(self) -> dict[str, Any]:
        """Its fields only: what it derived (``_by_token``, ``derived``'s) is made again after unpickling."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @cached_property
    def _by_token(self) -> dict[str, TileKind]:
        index: dict[str, TileKind] = {}
        for kind in self.tiles:
            index[kind.id] = kind
            index.setdefault(kind.id.lower(), kind)
            index.setdefault(_norm(kind.name_ja), kind)
        return index

    @cached_property
    def _by_key(self) -> dict[str, TileKind | None]:
        """``name_key`` of every name of every tile (``TileKind.names``) -> the tile; None where two tiles share one
        (an English name two tiles of a club's file give: it names neither)."""
        index: dict[str, TileKind | None] = {}
        for kind in self.tiles:
            for name in kind.names:
                key = name_key(name)
                if key and index.setdefault(key, kind) not in (kind, None):
                    index[key] = None
        return index

    @cached_property
    def _by_short_key(self) -> dict[str, TileKind | None]:
        """``name_key`` of each English name with an aside in brackets ("God Almighty (purple)", "Almighty (Pink)")
        as a player types it: without the aside ("God Almighty"), or with its word before or after the name ("Pink
        Almighty", "Almighty Pink") -> the tile; None where two tiles share one ("Almighty" of every colour), and none
        that is another tile's whole name (``_by_key`` first)."""
        index: dict[str, TileKind | None] = {}
        for kind in self.tiles:
            found = re.fullmatch(r"(.*\S)\s*\(([^()]*\S)\s*\)", kind.name_en.strip()) if kind.name_en else None
            if found is None:
                continue
            bare, aside = found.groups()
            for name in {bare, f"{aside} {bare}", f"{bare} {aside}"}:
                key = name_key(name)
                if key and key not in self._by_key and index.setdefault(key, kind) not in (kind, None):
                    index[key] = None
        return index

    def tile(self, token: str) -> TileKind:
        """The tile kind named by its ASCII id, its name in either language, its reading or an alias (any case, spaces
        and long-vowel marks aside: ``name_key``); ``UnknownTileError`` with near matches.

        >>> load_game("nogizaka").tile("らりん").id
        'rarin'
        >>> [load_game("cinderella-neo").tile(name).id for name in ("Anastasia", "Karen Hojo", "しぶや りん")]
        ['anasutashia', 'houjou-karen', 'shibuya-rin']
        >>> load_game("nogizaka").tile("rarim")
        Traceback (most recent call last):
        ...
        scorer.result.UnknownTileError: unknown tile 'rarim' for Nogizaka Donjara (nogizaka; did you mean: rarin?)
        """
        found = self._by_token.get(token) or self._by_token.get(_norm(token)) \
            or self._by_token.get(token.strip().lower()) or self._by_key.get(name_key(token)) \
            or self._by_short_key.get(name_key(token))
        if found is None:
            raise UnknownTileError(token, self.id, self.near_matches(token), self, listed=True)
        return found

    def near_matches(self, token: str, n: int = 3) -> tuple[str, ...]:
        """Ids (or Japanese names) closest to a misspelt ``token``: first a tile one of whose names is ``token`` but
        for its numbers' leading zeros (``same_number``: "妖怪1" -> 妖怪01, "Yokai 1" -> yokai-01; by letters alone
        difflib offered 妖怪21, 19 and 18), then the tiles whose English name has ``token`` as a word, where at most
        ``n`` have it ("God" -> almighty-god; not "Almighty", a word of each Almighty's), then by spelling. Each tile
        once, said by its Japanese name where ``token`` is Japanese, else by its id.

        >>> game = load_game("yokai-watch")
        >>> game.near_matches("妖怪1")[0], game.near_matches("Yokai 7")[0]
        ('妖怪01', 'yokai-07')
        """
        ids = [k.id for k in self.tiles]
        names = [k.name_ja for k in self.tiles if k.name_ja not in ids]
        found: dict[str, str] = {}  # tile id -> how it is offered, in the order found

        def offer(kind: TileKind) -> None:
            japanese = not token.isascii() and kind.name_ja in names
            found.setdefault(kind.id, kind.name_ja if japanese else kind.id)

        for kind in self.same_number(token):
            offer(kind)
        # a word of a tile's English name, where few tiles have it ("God" -> almighty-god; not "Almighty", of each)
        worded = [k for k in self.tiles if token.strip() and name_key(token) in map(name_key, k.name_en.split())]
        for kind in worded if len(worded) <= n else ():
            found.setdefault(kind.id, kind.id)
        # Same id but for separators or zero padding ("yokai 1" -> yokai-01)
        for tile_id in ids:
            if _loose(tile_id) == _loose(token):
                found.setdefault(tile_id, tile_id)
        for tile_id in difflib.get_close_matches(token.strip().lower(), ids, n=n, cutoff=0.6):
            found.setdefault(tile_id, tile_id)
        # then by the other names a player writes ("anastacia" -> anasutashia), said by the tile's id
        named = {key: kind.id for key, kind in self._by_key.items() if kind is not None and key.isascii()}
        for key in difflib.get_close_matches(name_key(token), list(named), n=n, cutoff=0.75):
            found.setdefault(named[key], named[key])
        for name in difflib.get_close_matches(_norm(token), names, n=n, cutoff=0.5):
            found.setdefault(self._by_token[name].id, name)
        return tuple(list(found.values())[:n])

    def same_number(self, token: str) -> tuple[TileKind, ...]:
        """The tiles one of whose names (``TileKind.names``) is ``token`` but for its numbers' leading zeros
        (``number_key``), in the catalog's order: "妖怪1", "Yokai 1" and "yokai 001" for 妖怪01; not 妖怪10. The app's
        typed hand and ``near_matches`` offer them first."""
        return self._by_number.get(number_key(token), ())

    @cached_property
    def _by_number(self) -> dict[str, tuple[TileKind, ...]]:
        index: dict[str, list[TileKind]] = {}
        for kind in self.tiles:
            for key in dict.fromkeys(number_key(name) for name in kind.names):
                if key:
                    index.setdefault(key, []).append(kind)
        return {key: tuple(kinds) for key, kinds in index.items()}

    def red_of(self, kind: str) -> TileKind | None:
        """The red copy of the plain tile ``kind`` (a riichi set's 0m beside 5m: a tile of the game's attribute
        ``red`` "yes", its other attributes ``kind``'s), which a player counts alike; None where it has none, or
        where ``kind`` is no plain tile of this game.

        >>> load_game("tokyo-mahjong").red_of("5m").id, load_game("tokyo-mahjong").red_of("6m")
        ('0m', None)
        """
        plain = self._by_token.get(kind)
        if plain is None or plain.attrs.get("red") != "no":
            return None
        same = {k: v for k, v in plain.attrs.items() if k != "red"}
        return next((t for t in self.tiles if t.attrs.get("red") == "yes"
                     and {k: v for k, v in t.attrs.items() if k != "red"} == same), None)

    def inventory(self) -> dict[str, int]:
        """Tile id -> copies in the set."""
        return {k.id: k.copies for k in self.tiles}

    @property
    def total_tiles(self) -> int:
        """All tiles in the set, copies included."""
        return sum(k.copies for k in self.tiles)

    def derived(self, key: str, make: Callable[[Game], Any]) -> Any:
        """What ``make`` derives from this game (its parsed rule tables), made once and kept on the (frozen)
        game itself: a game file edited in place is another Game (``load_game``), so it is made again."""
        found = self.__dict__.get(key)
        if found is None:
            found = make(self)
            object.__setattr__(self, key, found)
        return found


def _edited_source(source: str, rules: Any) -> str:
    """``source`` marked as edited, with a short digest of ``rules`` (an earlier mark replaced): two edits of
    one table are two sources (a cache keyed by a game's source tells them apart), the same edit one.

    >>> _edited_source("club.toml (edited, 0123abcd)", {})
    'club.toml (edited, 44136fa3)'
    """
    try:
        text = json.dumps(thaw(rules), sort_keys=True, default=repr, ensure_ascii=False)
    except (TypeError, ValueError):  # keys of mixed types: said by their repr
        text = repr(rules)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    return f"{re.sub(r' [(]edited, [0-9a-f]{8}[)]$', '', source)} (edited, {digest})"


def number_key(text: str) -> str:
    """A name as typed (``name_key``) with its numbers' leading zeros dropped: "妖怪01", "妖怪1" and "妖怪００１" alike,
    and "Yokai 01" and "yokai1" (not "妖怪10"): the rule by which a tile of the number typed is offered first
    (``Game.same_number``).

    >>> number_key("妖怪01"), number_key("Yokai 001"), number_key("妖怪10"), number_key("0m")
    ('妖怪1', 'yokai1', '妖怪10', '0m')
    """
    return re.sub(r"(?<!\d)0+(?=\d)", "", name_key(text))


def _loose(text: str) -> str:
    return re.sub(r"(?<!\d)0+(?=\d)", "", re.sub(r"[^0-9a-z]", "", text.lower()))


def _norm(text: str) -> str:
    # NFKC folds full-width letters and spaces that a user may type in a Japanese name.
    return unicodedata.normalize("NFKC", text).replace(" ", "").replace("\u3000", "")


# what a name key leaves out: the marks between the words of a name ("Shibuya-Rin", "O'Brien", "アナ・スタシア") and a
# Latin letter's long-vowel mark ("Hōjō" as "Hojo")
_KEY_DROP = frozenset("-_.'’・･·")
_KEY_FOLD = str.maketrans("āīūēōâîûêôàèùìò", "aiueoaiueoaeuio")
# a name's variant kanji, keyed as the form a Japanese keyboard gives first (桜井 for 櫻井桃華, 黒崎 for 黒埼ちとせ, 鷺澤
# for 鷺沢文香), either way round: the old or rare forms of the rosters' family names (凜 渋谷凛, 髙 高垣, 條 北条, 嶋 島村,
# 濱 浜口, 﨑 神崎, 瀨 一ノ瀬 ...)
_KANJI_FOLD = str.maketrans("櫻埼﨑嵜澤凜嶋嶌條瀨濱濵髙關黑冨緖亞邊邉齋齊國眞廣惠德", "桜崎崎崎沢凛島島条瀬浜浜高関黒富緒亜辺辺斎斎国真広恵徳")
# the small ヶ of a place name (城ヶ崎) as typed: ケ, ヵ or が after a kanji alike (城ケ崎, 城が崎); hiragana by then
_SMALL_KE = frozenset("ゖゕけが")


def name_key(text: str) -> str:
    """A tile's name as typed, for matching: full-width letters folded (NFKC), no case, no spaces nor the marks between
    the words of a name, Latin long-vowel marks dropped, katakana as hiragana: "Rin Shibuya", "rin-shibuya" and
    "RIN SHIBUYA" alike, "シブヤ リン" as "しぶやりん"; a variant kanji as the common one (``_KANJI_FOLD``: 櫻井 as 桜井),
    a place name's ヶ as ケ or が (城ヶ崎, 城ケ崎, 城が崎).

    >>> name_key("Hōjō  Karen"), name_key("シブヤ リン"), name_key("ＳＨＩＢＵＹＡ－ＲＩＮ")
    ('hojokaren', 'しぶやりん', 'shibuyarin')
    >>> name_key("櫻井") == name_key("桜井"), name_key("城ヶ崎") == name_key("城ケ崎") == name_key("城が崎")
    (True, True)
    """
    text = unicodedata.normalize("NFKC", text).casefold().translate(_KEY_FOLD).translate(_KANJI_FOLD)
    text = "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch
                   for ch in text if not ch.isspace() and ch not in _KEY_DROP)
    text = "".join("ゖ" if ch in _SMALL_KE and i and _is_kanji(text[i - 1]) else ch for i, ch in enumerate(text))
    # a kana long vowel as typed with or without its mark: ー dropped, and a vowel kana that only lengthens the one
    # before it (しゅう, おお, なあ) dropped too: "しゅーこ" as "しゅうこ", "なたりあ" as "なたーりあ"
    out: list[str] = []
    for ch in text:
        if ch == "ー" or (out and ch in _LENGTHENS.get(_vowel_of(out[-1]), "")):
            continue
        out.append(ch)
    return "".join(out)


_VOWEL_ROWS = {"a": "あかさたなはまやらわがざだばぱぁゃゎ", "i": "いきしちにひみりぎじぢびぴぃ",
               "u": "うくすつぬふむゆるぐずづぶぷぅゅゔ", "e": "えけせてねへめれげぜでべぺぇ",
               "o": "おこそとのほもよろをごぞどぼぽぉょ"}
_VOWEL = {ch: v for v, row in _VOWEL_ROWS.items() for ch in row}
_LENGTHENS = {"a": "あ", "i": "い", "u": "う", "e": "え", "o": "おう"}  # the kana that lengthens a vowel


def _vowel_of(ch: str) -> str:
    return _VOWEL.get(ch, "")


def _is_kanji(ch: str) -> bool:
    return "一" <= ch <= "鿿" or "豈" <= ch <= "\ufaff" or ch == "々"


def norm_name(text: str) -> str:
    """A name as typed, for matching: full-width letters folded (NFKC), no spaces, no case ("ＳＰ Live" and "splive"
    alike)."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def tile_people(game: Game) -> tuple[str, str]:
    """What a Donjara game calls the people on its tiles, in English and Japanese, as its file says (``people = {
    name_ja = "メンバー", name_en = "member" }``); "idol" (アイドル) where it does not (Cinderella Girls), in the
    language it leaves out. A house table saved before files said it (a full copy of the game's file, of its id) says
    what the shipped file of that id says. Messages about a favourite, and a held twin's, say it.

    >>> [tile_people(load_game(g)) for g in ("nogizaka", "yokai-watch", "cinderella-neo")]
    [('member', 'メンバー'), ('yokai', '妖怪'), ('idol', 'アイドル')]
    """
    ja, en = game.people
    shipped = GAMES_DIR / f"{game.id}.toml"
    if not (ja or en) and shipped.is_file() and Path(game.source or "") != shipped:
        with suppress(GameFileError, OSError, ValueError):  # the shipped file unreadable: idol
            ja, en = load_game(shipped).people
    return en or "idol", ja or "アイドル"


def list_games() -> list[str]:
    """The ids of the shipped games, in the order of the README.

    >>> list_games()
    ['cinderella-neo', 'nogizaka', 'yokai-watch', 'tokyo-mahjong']
    """
    order = ["cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong"]
    found = sorted(p.stem for p in GAMES_DIR.glob("*.toml"))
    return [g for g in order if g in found] + [g for g in found if g not in order]


# folders of games beside the shipped ones (``add_games_dir``), searched in order: a path, or a function giving
# it when asked (a folder under an environment variable that may change, as tests change it)
_EXTRA_DIRS: list[Path | Callable[[], Path]] = []


def add_games_dir(folder: str | Path | Callable[[], Path]) -> None:
    """Let a game be named by its id from ``folder``'s ``<id>.toml`` as well as by its file (the games a club
    added in the app, ``$TILELENS_HOME/games/_added``, which the ``tilelens`` command registers). A shipped id is
    always the shipped game; the folder need not exist (yet). ``folder`` may be a function: asked at each look-up."""
    if not (callable(folder) or isinstance(folder, (str, PathLike))):  # None: Path(None) raised a bare TypeError
        raise TypeError(f"add_games_dir: give a folder (a str or Path) or a function giving one, got {shown(folder)}")
    entry = folder if callable(folder) else Path(folder)
    if entry not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(entry)


def added_games() -> dict[str, Path]:
    """The games of the folders of ``add_games_dir`` by id (their files), in the order of their ids: none with a
    shipped game's id, and the first folder's where two hold one id. Quiet: what it passes over, and why, is
    ``skipped_added_games``, for a caller to say.

    >>> added_games() if not _EXTRA_DIRS else {}
    {}
    """
    return _scan_added()[0]


class SkippedGame(NamedTuple):
    """A game file (or a whole folder) of ``add_games_dir`` that ``added_games`` passes over: its ``path``, the id
    it would have added ("" for a folder), and why, in English and in Japanese (a sentence to follow the path);
    ``names``: other names a user may ask for it by (the id its file says, its file's name in lower case), whose
    "unknown game" then says why."""

    path: Path
    game_id: str
    why: str
    why_ja: str
    names: tuple[str, ...] = ()


# An added game's id, which is its file's name: a folder's and a URL's name on any system (the app keeps an added
# game's edits in a folder of its id; a file system that ignores case would take Upper.toml for upper.toml)
ADDED_ID = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?")


# what Notepad and Windows make of a game's file: ``x.toml.txt`` ("Text documents"), or the suffix in capitals
_MISNAMED_TOML = re.compile(r"(?i)(?P<base>.+?)(?P<ext>\.toml(?:\.txt)?)")


def misnamed_toml(name: str) -> tuple[str, str] | None:
    """Where the file name ``name`` is a game file's saved under another extension (``kitchen.toml.txt``,
    ``kitchen.TOML``): its name without it, and that extension; None for ``*.toml`` and any other name.

    >>> misnamed_toml("kitchen.toml.txt"), misnamed_toml("Kitchen.TOML"), misnamed_toml("kitchen.toml")
    (('kitchen', '.toml.txt'), ('Kitchen', '.TOML'), None)
    >>> misnamed_toml("notes.txt"), misnamed_toml("e.toml.bak")
    (None, None)
    """
    found = _MISNAMED_TOML.fullmatch(name)
    if found is None or found["ext"] == ".toml":
        return None
    return found["base"], found["ext"]


def skipped_added_games() -> list[SkippedGame]:
    """What ``added_games`` passes over, by path: a folder of ``add_games_dir`` that is a file or cannot be listed,
    and a ``<id>.toml`` in one that is no file to read (a link to a file gone, a folder), has a shipped game's id
    (the shipped game is played), a name that is no game id (``ADDED_ID``: ``Upper.toml``), says another id than
    its name (``mismatch.toml`` with ``id = "other-id"``: the app refused it, the command line listed it under one
    id and knew it by the other), or an id an earlier folder adds; and a game file saved under another extension
    (``misnamed_toml``: Notepad's ``kitchen.toml.txt``, ``kitchen.TOML``), which is not read. A folder not there, and
    its hidden files (the app's own checks), are nothing passed over. Quiet: the caller says them (`tilelens games` does)."""
    return _scan_added()[1]


def _scan_added() -> tuple[dict[str, Path], list[SkippedGame]]:
    """``added_games`` and ``skipped_added_games``, from one look at the folders."""
    shipped, found, skipped = set(list_games()), {}, []
    for entry in _EXTRA_DIRS:
        folder = None
        try:
            folder = Path(entry()) if callable(entry) else entry
            if not folder.exists():
                continue
            if not folder.is_dir():
                skipped.append(SkippedGame(folder, "", "it is a file, where the folder of added games must be: no "
                                           "game is added from it", "追加したゲームのフォルダがあるべき場所にある"
                                           "ファイルです。追加したゲームは使えません"))
                continue
            listed = sorted(p for p in folder.iterdir() if not p.name.startswith("."))  # hidden: the app's own
            files = [p for p in listed if p.name.endswith(".toml")]
            # regular files only: a folder named x.TOML is no game file to rename, and a pipe is never opened
            misnamed = [p for p in listed if misnamed_toml(p.name) and p.is_file()]
        except OSError as exc:  # a folder that cannot be listed adds no game: said
            if folder is not None:
                why = exc.strerror or str(exc)
                skipped.append(SkippedGame(folder, "", f"the folder of added games cannot be read ({why}): none of "
                                           "its games is offered", f"追加したゲームのフォルダを読めません ({why})。"
                                           "そのゲームは使えません"))
            continue
        for file in files:
            problem = _not_added(file, shipped, found)
            if problem is None:
                found[file.stem] = file
            else:
                said = _said_id(file)
                names = tuple(dict.fromkeys(n for n in (said, file.stem.lower()) if n and n != file.stem))
                skipped.append(SkippedGame(file, file.stem, *problem, names=names))
        for file in misnamed:  # after the .toml files: one of its id added already is named
            skipped.append(_misnamed(file, shipped, found))
    return dict(sorted(found.items())), sorted(skipped, key=lambda s: str(s.path))


def _misnamed(file: Path, shipped: set[str], found: Mapping[str, Path]) -> SkippedGame:
    """``file``, a game file saved under another extension than .toml (``misnamed_toml``), as passed over: said not
    read, with the name to give it (the id written in it where that id would do, else one of its name), or the file
    of that id added already."""
    base, ext = misnamed_toml(file.name)  # type: ignore[misc]  # only a misnamed file is passed
    said = _said_id(file)

    def usable(name: str | None) -> bool:
        return name is not None and ADDED_ID.fullmatch(name) is not None and name not in shipped

    near = _id_like(base)
    name = said if usable(said) else base if usable(base) else near if near not in shipped else _own_id(near, shipped)
    head = f"its name ends in {ext}, not .toml, so it is not read"
    head_ja = f"名前の末尾が .toml ではなく {ext} なので読みません"
    if name in found:
        why = (f"{head}; the game {name} is added from {found[name]}: remove this copy, or rename it {name}.toml in "
               "that one's place")
        why_ja = (f"{head_ja}。ゲーム {name} は {found[name]} から追加済みです: この写しを消すか、そのファイルの代わりに "
                  f"{name}.toml にしてください")
    else:
        also, also_ja = ("", "") if name == said else (f" and make its id {name!r}", f"id も{quoted_ja(name)}に、ファイル名を ")
        why, why_ja = f"{head}: rename it {name}.toml{also}", f"{head_ja}: {also_ja}{name}.toml にしてください"
    names = tuple(dict.fromkeys(n for n in (said, base.lower(), base) if n and n != name))
    return SkippedGame(file, name, why, why_ja, names=names)


def _not_added(file: Path, shipped: set[str], found: Mapping[str, Path]) -> tuple[str, str] | None:
    """Why ``file`` adds no game (English, Japanese), or None where it adds one."""
    try:
        if file.is_file():
            if file.stem in shipped:
                return (f"it has the id of the shipped game {file.stem}, which is played instead: give it another id "
                        "(its file's name too) to play it",
                        f"同梱のゲーム {file.stem} と同じ id なので、同梱のほうを使います。使うには別の id "
                        "(ファイル名も) にしてください")
            said = _said_id(file)
            if not ADDED_ID.fullmatch(file.stem):
                named = ("its file's name is no game id (an added game is named by its file: lower-case letters, "
                         "digits and -, at most 40)",
                         "ファイル名がゲームの id になっていません (追加したゲームはファイル名で指定します: 小文字の英字・"
                         "数字・- で 40 字まで)")
                # the id it would be renamed after (the one in it, else one near its name): a shipped game's?
                near = said if said is not None and ADDED_ID.fullmatch(said) else _id_like(file.stem)
                taken = said if said in shipped else near if near in shipped else None
                if taken is not None:  # renamed after the shipped game's id it says, the file was refused for it
                    name = _own_id(taken, shipped)
                    return (f"{named[0]}, and {taken!r} is the id of the shipped game {taken}: choose another id and "
                            f"name the file the same, e.g. make its id {name!r} and rename it {name}.toml",
                            f"{named[1]}。{quoted_ja(taken)}は同梱のゲーム {taken} の id なので、別の id にして、ファイル名も同じに"
                            f"してください (例: id を{quoted_ja(name)}に、ファイル名を {name}.toml に)")
                # named by the id written in it where that id would do, else by one near the file's name
                name = near
                also, also_ja = ((", the id written in it", "中に書いてある id のとおり ") if name == said else
                                 (f" and make its id {name!r}", f"id も{quoted_ja(name)}に、ファイル名を "))
                return (f"{named[0]}: rename it {name}.toml{also}", f"{named[1]}: {also_ja}{name}.toml にしてください")
            if said is not None and said != file.stem:
                # the file renamed after its id only where that id can be a file's name (``ADDED_ID``) and is no
                # shipped game's (a file so named is refused for it)
                renamed, renamed_ja = ((f", or name the file {said}.toml", f"するか、ファイル名を {said}.toml に")
                                       if ADDED_ID.fullmatch(said) and said not in shipped else ("", ""))
                return (f"it says id = {said!r}, not {file.stem!r}, its file's name (an added game is named by its "
                        f"file): make the id {file.stem!r}{renamed}",
                        f"ファイルの id が{quoted_ja(said)}で、ファイル名の{quoted_ja(file.stem)}と違います (追加したゲームはファイル名で"
                        f"指定します): id を{quoted_ja(file.stem)}に{renamed_ja}してください")
            if file.stem in found:
                return (f"the game {file.stem} is added already from {found[file.stem]}; this file is not used",
                        f"ゲーム {file.stem} は {found[file.stem]} から追加済みなので、このファイルは使いません")
            return None
        if file.is_symlink():
            target = readlink(file)
            return (f"it is a link to {target}, which is no file: put the file back, or remove the link",
                    f"{target} へのリンクですが、その先にファイルがありません。ファイルを戻すか、リンクを消してください")
        if file.is_dir():
            return "it is a folder, not a game file", "フォルダです。ゲームのファイルではありません"
        return "it is not a regular file", "通常のファイルではありません"
    except OSError as exc:  # removed meanwhile, or its folder cannot be looked in
        why = exc.strerror or str(exc)
        return f"it cannot be read ({why})", f"読めません ({why})"


def _own_id(game_id: str, taken: set[str]) -> str:
    """An id for a club's own copy of the shipped game ``game_id`` that no game in ``taken`` has: ``club-nogizaka``.

    >>> _own_id("nogizaka", {"nogizaka"}), _own_id("nogizaka", {"nogizaka", "club-nogizaka"})
    ('club-nogizaka', 'club-nogizaka-2')
    """
    base = f"club-{game_id}"[:38].strip("-")
    return next(name for name in (base, *(f"{base}-{n}" for n in range(2, 100))) if name not in taken)


def _id_like(stem: str) -> str:
    """A game id near ``stem`` (``Upper`` -> ``upper``, ``My Club`` -> ``my-club``), for a message; ``my-game``
    where nothing of it is left."""
    near = re.sub(r"-+", "-", re.sub(r"[^a-z0-9-]", "-", stem.lower())).strip("-")[:40].strip("-")
    return near or "my-game"


_IDS: dict[str, str | None] = {}  # path|mtime|size -> the id its file says (``_said_id``)


def _said_id(file: Path) -> str | None:
    """The id ``file`` says (``id = "..."``), or None where it says none or cannot be read as TOML: such a file is
    offered, and loading it says what is wrong. Read once per version of the file (the app asks at each page); never
    opened where it is not a regular file (a pipe would wait for a writer for ever)."""
    try:
        stat = file.stat()
    except OSError:
        return None
    if not S_ISREG(stat.st_mode):
        return None
    key = f"{file}|{stat.st_mtime_ns}|{stat.st_size}"
    if key not in _IDS:
        try:
            said = _read_toml(file).get("id")
        except GameFileError:
            said = None
        _IDS[key] = said if isinstance(said, str) else None
    return _IDS[key]


# the house tables a club edited (``house_tables``): a function giving, for a game's id, the file of its edited table,
# or None where the game has none; None: every id is the shipped (or added) game's file
_HOUSE: list[Callable[[str], Path | None]] = []


@contextmanager
def house_tables(find: Callable[[str], Path | None]) -> Iterator[None]:
    """While inside, a game named by its id (a shipped game's, or one of ``add_games_dir``) is the file ``find``
    gives for that id where it gives one: a club's edited house table, which the ``tilelens`` command plays as the
    app does (``$TILELENS_HOME/games/<id>/``). A game named by its file is always that file. ``find`` may raise
    ``GameFileError`` (an edited table that does not load), said where the game was asked for."""
    _HOUSE.append(find)
    try:
        yield
    finally:
        _HOUSE.remove(find)


def house_table(game_id: str) -> Path | None:
    """The file of the edited table ``house_tables`` gives for ``game_id`` now, or None (the game's own file)."""
    return _HOUSE[-1](game_id) if _HOUSE else None


def game_files() -> dict[str, Path]:
    """Every game here by id: the shipped games' files, then those of ``add_games_dir`` (never a shipped id)."""
    return {**{g: GAMES_DIR / f"{g}.toml" for g in list_games()}, **added_games()}


def own_file_game(path: Path) -> Game:
    """The game of the file ``path`` (a shipped game's, or one of ``add_games_dir``: ``game_files``) as the file has
    it, read quietly: not a club's house table (``house_tables``), nor checked by ``extra_checks``, whose checks say
    on stderr what they find of a game played. For reading every game's names to pick one
    (``scorer.cli.game_named``): the game picked is then loaded, and said, as played.

    >>> own_file_game(game_files()["nogizaka"]).name_ja
    '乃木坂ドンジャラ'
    """
    running = getattr(_IN_CHECK, "running", False)
    _IN_CHECK.running = True  # as inside a check: no check of ``extra_checks`` runs on it
    try:
        return load_game(path)
    finally:
        _IN_CHECK.running = running


# the checks of ``extra_checks`` in force, newest last (every thread's: an event's check loads in threads), and the
# ones each game file has passed (its cache key -> the checks): a game checked by a check is not checked by it again
_CHECKS: list[Callable[[Game], None]] = []
_PASSED: dict[str, set[Callable[[Game], None]]] = {}
_CHECKS_LOCK = threading.Lock()
_IN_CHECK = threading.local()  # ``running``: this thread is inside an extra check (``_run_extra_checks``)


@contextmanager
def extra_checks(check: Callable[[Game], None]) -> Iterator[None]:
    """While inside, ``check`` runs on every game ``load_game`` returns, one it had cached before included, after the
    engine's (``check_rules``), and on every ``Game.with_rules`` edit: a ``GameFileError`` it raises is raised
    where the game is asked for. The ``tilelens`` command checks each file as the app does with it (the ledger's
    ``[table]``, the four seats: ``tilelens.home.check_rule_tables``, which the scorer cannot import).

    In force in every thread (an event's check loads in threads) until the block ends; blocks nest. A game file
    ``check`` has passed is not checked by it again (its version: a file edited in place is checked anew); one it
    refused is checked again at the next load. A game read while a check runs, in that thread (the ledger's check
    reads the shipped file of the same id), is not checked inside it: it is when read again outside.

    >>> seen = []
    >>> with extra_checks(lambda game: seen.append(game.id)):
    ...     _ = load_game("nogizaka")
    >>> seen
    ['nogizaka']
    """
    if not callable(check):
        raise TypeError(f"extra_checks: give a function taking a Game, got {shown(check)}")
    with _CHECKS_LOCK:
        _CHECKS.append(check)
    try:
        yield
    finally:
        with _CHECKS_LOCK:
            # the last of its entries: a check in force twice (nested) stays for the outer block
            del _CHECKS[len(_CHECKS) - 1 - _CHECKS[::-1].index(check)]


def _run_extra_checks(game: Game, key: str | None = None) -> None:
    """Run the checks of ``extra_checks`` in force on ``game`` (``key``: its file's version in the cache, whose
    passed checks are kept; None: an edit, checked each time); none inside one already running in this thread."""
    if not _CHECKS or getattr(_IN_CHECK, "running", False):
        return
    with _CHECKS_LOCK:
        checks = list(dict.fromkeys(_CHECKS))
        passed = set(_PASSED.get(key, ())) if key is not None else set()
    for check in checks:
        if check in passed:
            continue
        _IN_CHECK.running = True
        try:
            check(game)
        finally:
            _IN_CHECK.running = False
        if key is not None:
            with _CHECKS_LOCK:
                _PASSED.setdefault(key, set()).add(check)


_CACHE: dict[str, Game] = {}
_STRICT_PASSED: set[str] = set()  # the cache keys (file versions) that have passed the strict checks


def load_game(game_id_or_path: str | Path, strict: bool = False) -> Game:
    """A game by id (a file in ``scorer/games/``) or by the path of a TOML file; cached per path and the
    file's modification time and size, so a file edited in place is read again. Checked by its engine when read
    (``check_rules``), and by the checks of ``extra_checks`` in force each time it is returned.

    ``strict``: the file is one written or named on purpose (the app's Add and Save of a table, a file named by its
    path on the command line), checked by ``STRICT_CHECKS`` too, which a stored file read (a game by its id, a club's
    saved house table, a file a ledger names) is not: a file saved before those checks came is read as it was.

    >>> load_game("nogizaka", strict=True) is load_game("nogizaka")
    True
    """
    path = _resolve(game_id_or_path)
    try:
        stat = path.stat()
    except OSError as exc:
        raise GameFileError(f"game file {str(path)!r} cannot be read: {exc.strerror or exc}",
                            f"ゲームファイル{quoted_ja(str(path), most=PATH_ECHO_MAX)}を読めません "
                            f"({exc.strerror or exc})") from None
    key = f"{path.resolve()}|{stat.st_mtime_ns}|{stat.st_size}"
    game = _CACHE.get(key)
    if game is None or (strict and key not in _STRICT_PASSED):
        # read again where a file read as stored is asked for strictly: what passes both is the same game
        parsed = parse_game(_read_toml(path), str(path), strict=strict)
        check_rules(parsed, strict=strict)  # a broken rule table is refused when the file is read, not at a score
        if strict:
            _STRICT_PASSED.add(key)
        game = _CACHE.setdefault(key, parsed)
    _run_extra_checks(game, key)
    return game


# What a game file written or named on purpose is refused for, beyond what every read refuses (``load_game``'s
# ``strict``; ``parse_game``'s and ``scorer.rules.parse_rules``'s): checks that came after files were saved with
# these, so a stored file (an added game, a saved house table) is read as it was. SCHEMA.md lists them too.
STRICT_CHECKS = (
    "a tile's reading not in kana",
    "an attribute no tile carries",
    "an Almighty tile among a unit's members",
    "two tiles of one English name, or of one Japanese name as typed (``name_key``: case, width, spaces and kana "
    "aside); a stored file is refused only for a Japanese name written alike, as it always was",
    "a required name written empty or only spaces (the game's id and names, a unit's name, a yaku's id and names)",
    "a riichi ``[riichi] noten_total`` that does not share evenly at every exhaustive draw (1,000 at four: 333 x 3, "
    "999 paid): a house table saved before the check came plays as it did, with a warning",
    "a ``[table] noten_total`` (the ledger's, which overrides ``[riichi]``'s) that does not share evenly at the seats "
    "the game has (``[riichi] players``; a Donjara game's ``[win] players_max``): ``_noten_totals``",
)


def check_rules(game: Game, strict: bool = False) -> None:
    """Have ``game``'s engine read its rule tables: ``GameFileError`` naming the file, the field and the value
    where one is broken (a yaku of 125 points in chips of 10, ``points = "sixty"``, a riichi file's ``[chombo]``).
    What the engine reads is kept on the game (``Game.derived``), so scoring does not read it again. ``strict``: the
    engine's ``STRICT_CHECKS`` too (a yaku's name written empty), and each noten total of ``_noten_totals`` shared
    evenly at every exhaustive draw (``scorer.riichi_rules.check_noten_total``). Those came after tables were saved
    with ``noten_total = 1000`` (the Rules page took it, paid 333 x 3 at four): a stored table is read as it was, its
    draws paid as then, and the command line (``tilelens.cli.file_checks``) and the app's pages
    (``app.settings.stored_warning``, ``tilelens.home.stored_problem``) say this refusal as a warning of it."""
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for

        rules_for(game)
    else:
        from scorer.rules import donjara_rules, parse_rules

        if strict:  # what passes it reads as the tables ``donjara_rules`` keeps
            parse_rules(game, strict=True)
        donjara_rules(game)
    if not strict:
        return
    from scorer.riichi_rules import check_noten_total

    source = game.source or "<game>"
    for key, total, seats in _noten_totals(game):
        try:
            check_noten_total(total, seats, key)
        except GameFileError as exc:  # ``[riichi]``'s named as every field of the file is ("field riichi....")
            named, named_ja = ("field ", "項目 ") if key.startswith("riichi.") else ("", "")
            raise GameFileError(f"{source}: {named}{exc}", f"{source}: {named_ja}{exc.message_ja}") from None


def _noten_totals(game: Game) -> list[tuple[str, int, int]]:
    """The noten totals of ``game`` a strict read checks, each as (the field as a message names it, the total, the
    seats it is shared at): a riichi game's ``[riichi] noten_total`` at its ``[riichi] players``; a ledger's ``[table]
    noten_total`` (which overrides ``[riichi]``'s) at the seats the game has, a riichi game's ``[riichi] players``, a
    Donjara game's ``[win] players_max`` (at most 4, the seats of a table; at three a multiple of 2 shares evenly, at
    four one of 12), where it is set, above 0 and a whole number (else ``tilelens.ledger.TableRules`` says it)."""
    totals = []
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for

        rules = rules_for(game)
        seats = rules.players
        totals.append(("riichi.noten_total", rules.noten_total, seats))
    else:
        from scorer.rules import donjara_rules

        seats = min(donjara_rules(game).win.players_max, 4)  # more is refused where the table is read (its seats)
    table = (game.rules or {}).get("table")
    total = table.get("noten_total") if isinstance(table, Mapping) else None
    if isinstance(total, int) and not isinstance(total, bool) and total > 0:
        totals.append(("[table] noten_total", total, seats))
    return totals


def _resolve(game_id_or_path: str | Path) -> Path:
    text = str(game_id_or_path)
    if text in list_games():
        return house_table(text) or GAMES_DIR / f"{text}.toml"
    if not text.strip():  # `--game ''`: not the current folder (Path("") is ".")
        raise GameFileError(f"no game given: name one of {', '.join(list_games())} or a game .toml file",
                            f"ゲームが指定されていません: {'、'.join(list_games())} のどれかか、ゲームの .toml "
                            "ファイルを指定してください")
    path = Path(text)
    said, said_ja = echoed(text), quoted_ja(text)  # a name of thousands of characters said cut short
    # a file's path said whole as far as a long one goes: it is what the user looks for
    file, file_ja = echoed(text, most=PATH_ECHO_MAX), quoted_ja(text, most=PATH_ECHO_MAX)
    added = None
    try:
        exists, link = path.exists(), path.is_symlink()
        if path.suffix != ".toml" and not exists and not link:
            added = added_games().get(text)
        elif path.suffix == ".toml" or exists or link:
            if path.is_dir():
                raise GameFileError(f"game file {file} is a folder, not a file",
                                    f"ゲームファイル{file_ja}はフォルダです。ファイルを指定してください")
            if not exists:  # a folder on its way a loop of links (lp of lp/x.toml, lp -> lp) said as one
                if (loop := loop_on_way(path)) is not None and loop[0] != str(path):
                    raise GameFileError(*loop_said(*loop))  # "reach no folder"
            if not exists and link:  # to a file gone, or to itself: in the words an added game's such link is said
                target = readlink(path)
                raise GameFileError(f"game file {file} is a link to {target}, which is no file: put the file back, or "
                                    "remove the link",
                                    f"ゲームファイル{file_ja}は {target} へのリンクですが、その先にファイルがありません。"
                                    "ファイルを戻すか、リンクを消してください")
            if not exists:
                raise GameFileError(f"game file {file} does not exist", f"ゲームファイル{file_ja}がありません")
            if not path.is_file():  # /dev/null, a pipe: there, but no file to read a game from
                raise GameFileError(f"game file {file} is not a regular file: name a game .toml file",
                                    f"ゲームファイル{file_ja}は通常のファイルではありません: ゲームの .toml ファイルを"
                                    "指定してください")
            return path
    except OSError as exc:  # a name too long for a file's (`--game aaaa…`), a folder that cannot be looked in
        if exc.errno != errno.ENAMETOOLONG:
            raise GameFileError(f"game file {file} cannot be read: {exc.strerror or exc}",
                                f"ゲームファイル{file_ja}を読めません ({exc.strerror or exc})") from None
        if path.suffix == ".toml":
            raise GameFileError(f"game file {file} does not exist (the name is too long for a file's)",
                                f"ゲームファイル{file_ja}がありません (ファイルの名前としては長すぎます)") from None
    if added is not None:
        return house_table(text) or added
    added_now, skipped = _scan_added()
    known = list_games() + list(added_now)
    near = difflib.get_close_matches(text, known, n=2) if len(text) <= 200 else []
    hint = f" (did you mean: {', '.join(near)}?)" if near else f" (games: {', '.join(known)})"
    hint_ja = f" (もしかして: {'、'.join(near)})" if near else f" (あるのは {'、'.join(known)})"
    # an added game's file of that id passed over, or a folder of added games that cannot be read: why it is unknown
    passed = [s for s in skipped if s.game_id in ("", text) or text in s.names]
    why = "".join(f"; {s.path} is passed over: {s.why}" for s in passed)
    why_ja = "".join(f"。{s.path} は使えません: {s.why_ja}" for s in passed)
    # how a game is named: by its id (an added game's too; the commands take its name as well), a club's own edition
    # by its file; in words for a script and the command line alike (the game is named by ``--game`` there, by
    # ``load_game``'s argument here)
    raise GameFileError(f"unknown game {said}{hint}{why}; a game is named by its id (one added in the app too; a "
                        "tilelens command takes its name as well), a game file of your own by its path "
                        "(path/to/game.toml)",
                        f"{said_ja}というゲームはありません{hint_ja}{why_ja}。ゲームは id で指定します (アプリで追加したゲームも。"
                        "tilelens のコマンドでは名前でも指定できます)。自分のゲームファイルはそのパスで指定してください "
                        "(path/to/game.toml)")


def shown(value: Any) -> str:
    """``repr(value)`` cut short, however large the value (a list of 10^5 entries in a house file): what
    a message says of a value it refuses.

    >>> shown(list(range(1000)))
    '[0, 1, 2, 3, 4, 5, ...]'
    """
    text = _SHORT.repr(value)
    return text if len(text) <= 300 else text[:297] + "..."


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 3, 200, 200, 60
SAID_MAX = 80  # characters of a list or table a game file's message shows as written; a longer one is said by its kind


def said_value(value: Any, lang: str = "en") -> str:
    """A value a game file's message refuses, as it says it: ``shown`` where that is short, else a list's or
    table's kind and size and the start of it (``[[groups]]`` written for ``[groups.set]`` was a repr of the
    whole table, hundreds of characters).

    >>> said_value([{"same": ["member"], "name_en": "set" * 30}])
    "a list of 1 table: [{'same': ['member'], 'name_en': 'setset…"
    >>> said_value("gen0"), said_value(["tokino sora"] * 8, "ja")
    ("'gen0'", "8個の値のリスト: ['tokino sora', 'tokino sora', 'tokino s…")
    >>> said_value(True)
    'true'
    """
    if isinstance(value, bool):  # as the file (TOML) writes it: "hand_size = true" said "(got True)"
        return "true" if value else "false"
    text = shown(value)
    if len(text) <= SAID_MAX or not isinstance(value, (list, tuple, Mapping)):
        return text
    n = len(value)
    if isinstance(value, Mapping):
        kind = (f"表 (キー {n}個)" if lang == "ja" else f"a table of {n} key{'s' if n != 1 else ''}")
    elif value and all(isinstance(item, Mapping) for item in value):
        kind = f"表 {n}個のリスト" if lang == "ja" else f"a list of {n} table{'s' if n != 1 else ''}"
    else:
        kind = f"{n}個の値のリスト" if lang == "ja" else f"a list of {n} value{'s' if n != 1 else ''}"
    return f"{kind}: {echoed(value)}"


# What a value of a type must be, in English and Japanese words, where the game file's messages say it in words of
# their own ("must be a list", not Python's "must be list"); other types as ``scorer.result.type_words`` says them.
_KIND_WORDS: dict[type, tuple[str, str]] = {list: ("a list", "リスト ([...])"), dict: ("a table", "表")}


def kind_words(kind: type | tuple[type, ...]) -> tuple[str, str]:
    """What a value of ``kind`` must be, in English and Japanese ("" where ``scorer.result.game_file_ja`` says it).

    >>> kind_words(list), kind_words(dict), kind_words(int)
    (('a list', 'リスト ([...])'), ('a table', '表'), ('a whole number', ''))
    """
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if all(k in _KIND_WORDS for k in kinds):
        return " or ".join(_KIND_WORDS[k][0] for k in kinds), "か".join(_KIND_WORDS[k][1] for k in kinds)
    return type_words(kind), ""


def please_ja(what: str) -> str:
    """「{what}にしてください」, spaced after a word or bracket of the file (「リスト ([...]) にしてください」)."""
    return f"{what} にしてください" if what[-1:].isascii() else f"{what}にしてください"


def ordinal(n: int) -> str:
    """``n`` as an English ordinal.

    >>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22), ordinal(104)
    ('1st', '2nd', '3rd', '11th', '22nd', '104th')
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def item_place(array: str, index: int, entry: Any, key: str = "id") -> tuple[str, str]:
    """Which entry of an array of tables (``[[tiles]]``, ``[[yaku]]``, ``[[units]]``) a message about
    ``array[index]`` is of, said after it in English and Japanese: its place counted from 1, as a reader of the
    file counts, and its ``key`` (its id; a unit's name) where it has one.

    >>> item_place("tiles", 0, {"id": "sora"})
    (" (in the 1st [[tiles]], id 'sora')", " (1番目の [[tiles]]、id 'sora')")
    >>> item_place("units", 2, {"members": []}, "name")
    (' (in the 3rd [[units]])', ' (3番目の [[units]])')
    """
    name = entry.get(key) if isinstance(entry, Mapping) else None
    named = isinstance(name, str) and name.strip() != ""
    return (f" (in the {ordinal(index + 1)} [[{array}]]{f', {key} {echoed(name)}' if named else ''})",
            f" ({index + 1}番目の [[{array}]]{f'、{key} {echoed(name)}' if named else ''})")


def placed(exc: GameFileError, place: tuple[str, str] | None) -> GameFileError:
    """``exc`` with ``place`` (``item_place``) said after it, in both languages; ``exc`` itself without one."""
    if place is None:
        return exc
    return GameFileError(f"{exc}{place[0]}", f"{exc.message_ja}{place[1]}" if exc.message_ja else "")


def field_error(source: str, where: str, problem: str, value: Any = ..., ja: str = "",
                span: tuple[int, int] | None = None) -> GameFileError:
    """``GameFileError`` naming the file, the field and the value (``said_value``); ``ja``: the problem in Japanese,
    else made from the English (``scorer.result.game_file_ja``). ``span``: the whole numbers the field takes, said in
    the hint in place of a number written in quotes outside them (``written_bare``)."""
    got = "" if value is ... else f" (got {said_value(value)})"
    got_ja = "" if value is ... else f" (いま {said_value(value, 'ja')})"
    said_ja = f"{source}: 項目 {where}: {ja}" if ja else game_file_ja(f"{source}: field {where}: {problem}")
    kind = {"must be a whole number": int, "must be true or false": bool}.get(problem)
    hint = written_bare(value, kind, span) if kind is not None and said_ja else None
    if hint is not None:  # "9", "３０００", "true", [9]: the value it is, written bare (a full-width one: "write 3000")
        got, got_ja = f"{got}{hint[0]}", f"{got_ja}{hint[1]}"
    return GameFileError(f"{source}: field {where}: {problem}{got}", f"{said_ja}{got_ja}" if said_ja else "")


def written_bare(value: Any, kind: type, span: tuple[int, int] | None = None) -> tuple[str, str] | None:
    """How to write ``value``, refused where a value of ``kind`` (``int`` or ``bool``) is wanted, where it spells one
    (``spelt_value``): in quotes (``"300"``, full-width ``"３０００"``, ``"True"``), or alone in a list (``[300]``);
    said (English, Japanese) after a message's "(got ...)". None where it spells none (``"sixty"``). Every table of a
    game file says it alike (``field_error``; ``scorer.riichi_rules``'s ``[riichi]``). ``span``: the whole numbers
    the field takes (``hand_size``: 1 to 64): a number outside them is not told to be written bare, only refused
    next; the hint says the span instead.

    >>> written_bare("３０００", int)[0], written_bare(" True ", bool)[0], written_bare([300], int)[0]
    (': write 3000, without quotes', ': write true, without quotes', ': write 300, without [ ]')
    >>> written_bare(["300"], int)[1], written_bare("sixty", int), written_bare(300, int), written_bare("1", bool)
    ('。[ ] と引用符を付けず、半角で 300 と書きます', None, None, None)
    >>> written_bare("〇", int, (1, 64))
    (': write a number from 1 to 64, without quotes', '。引用符を付けず、半角で 1 から 64 までの数を書きます')
    """
    bare = spelt_value(value, kind)
    if bare is None:
        return None
    word = ("true" if bare else "false") if isinstance(bare, bool) else str(bare)
    word_ja = f"{word} と"
    if span is not None and not isinstance(bare, bool) and not span[0] <= bare <= span[1]:
        word, word_ja = f"a number from {span[0]} to {span[1]}", f"{span[0]} から {span[1]} までの数を"
    if not isinstance(value, list):
        return f": write {word}, without quotes", f"。引用符を付けず、半角で {word_ja}書きます"
    if isinstance(value[0], str):
        return f": write {word}, without [ ] or quotes", f"。[ ] と引用符を付けず、半角で {word_ja}書きます"
    return f": write {word}, without [ ]", f"。[ ] を付けずに {word_ja}書きます"


def spelt_value(value: Any, kind: type) -> Any:
    """The whole number (``kind`` ``int``) or true/false (``bool``) that ``value``, of another type, spells: written in
    quotes (``"300"``, ``"３０００"``, ``"三千"``, ``"True"``), or alone in a list (``[300]``, ``["300"]``); else None.

    >>> spelt_value("三千", int), spelt_value(["TRUE"], bool), spelt_value([[3]], int), spelt_value(True, int)
    (3000, True, None, None)
    """
    if kind not in (int, bool):
        return None
    if isinstance(value, list) and len(value) == 1 and not isinstance(value[0], list):
        inner = value[0]
        if isinstance(inner, kind) and (kind is bool or not isinstance(inner, bool)):
            return inner
        return spelt_value(inner, kind)
    if kind is int and (number := _quoted_number(value)) is not None:
        return int(number)
    if kind is bool and isinstance(value, str) and len(value) <= 40:
        word = unicodedata.normalize("NFKC", value).strip().lower()
        return {"true": True, "false": False}.get(word)
    return None


def _quoted_number(value: Any) -> str | None:
    """The whole number a text ``value`` spells (``"9"``, full-width ``"３０００"``), in ASCII digits; else None.

    >>> _quoted_number("３０００"), _quoted_number(" 9 "), _quoted_number("sixty"), _quoted_number(9)
    ('3000', '9', None, None)
    """
    if not isinstance(value, str) or len(value) > 40:
        return None
    plain = unicodedata.normalize("NFKC", value).strip()
    return plain if re.fullmatch(r"[+-]?[0-9]+", plain) else _kanji_number(plain)


def _kanji_number(text: str) -> str | None:
    """The whole number ``text`` spells in kanji numerals (a Japanese keyboard's 九, 三千, 二万五千; 三〇〇〇 digit by
    digit), in ASCII digits; None for anything else (a full-width digit is ``_half_width``'s, ½ no whole number).

    >>> _kanji_number("九"), _kanji_number("二万五千"), _kanji_number("三〇〇〇"), _kanji_number("九点")
    ('9', '25000', '3000', None)
    """
    if not text or len(text) > 20:
        return None
    total = section = 0
    digits: int | None = None
    for char in text:
        value = None if char.isascii() or _half_width(char) else unicodedata.numeric(char, None)
        if value is None or value != int(value):
            return None
        value = int(value)
        if value < 10:  # a digit: 三〇〇〇 read as written
            digits = value if digits is None else digits * 10 + value
        elif value in (10, 100, 1000):  # 十 百 千: the digit before counts them (none: one)
            section += (1 if digits is None else digits) * value
            digits = None
        elif value in (10 ** 4, 10 ** 8):  # 万 億: what came before counts them
            total += (section + (digits or 0) or 1) * value
            section, digits = 0, None
        else:
            return None
    return str(total + section + (digits or 0))


def _read_toml(path: Path) -> dict[str, Any]:
    text = ""
    try:
        # utf-8-sig: a byte-order mark (Windows Notepad's "UTF-8 with BOM") is read past, not "Invalid statement"
        text = path.read_bytes().decode("utf-8-sig")
        data = tomllib.loads(text)
    except UnicodeDecodeError:  # tomllib reads UTF-8 only (a file saved as Shift_JIS)
        raise GameFileError(f"{path}: not UTF-8 text: save the game file as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise _not_toml(path, text, str(exc)) from None
    except (RecursionError, ValueError):  # brackets nested thousands deep, a number of thousands of digits
        raise GameFileError(f"{path}: not valid TOML: lists or tables nested too deep, or a number too long",
                            f"{path}: TOML として読めません: 入れ子が深すぎるか、数が長すぎます") from None
    except OSError as exc:
        raise GameFileError(f"{path}: cannot be read: {exc.strerror}", f"{path}: 読めません ({exc.strerror})") from None
    if not data:  # zero bytes, blank lines, comments only: said so, not as its first missing field (hand_size)
        raise GameFileError(f"{path}: the game file is empty: no game is written in it",
                            f"{path}: ゲームファイルが空です: ゲームが書かれていません")
    return data


# tomllib's words for a string left open on its line (``name_ja = "x`` and the line ends): the line's end found where
# the closing quote was looked for, " of a basic string, ' of a literal one
_OPEN_STRING = re.compile(r"(?:(?P<how>Illegal|Found invalid) character '\\n'|Expected \"'\")"
                          r"(?P<at> \(at (?:line \d+, column \d+|end of document)\))")


def _toml_problem(said: str) -> str:
    """tomllib's message ``said``, a string left open on its line said as that (its closing quote missing), not as
    the line's end being an illegal character (``scorer.result.game_file_ja`` says it in Japanese).

    >>> _toml_problem("Illegal character '\\\\n' (at line 2, column 13)")
    'the closing " of a string is missing: a string ends on the line it starts on (at line 2, column 13)'
    """
    found = _OPEN_STRING.fullmatch(said)
    if found is None:
        return said
    quote = '"' if found["how"] == "Illegal" else "'"  # Expected "'": a literal string open to the file's end
    return f"the closing {quote} of a string is missing: a string ends on the line it starts on{found['at']}"


def _not_toml(path: Path, text: str, said: str) -> GameFileError:
    """``GameFileError`` for the game file at ``path``, whose ``text`` tomllib ``said`` is no TOML: what its words mean
    in English and Japanese (``scorer.result.not_toml``: a key written twice named, read from the line it points to),
    and a hint where the line shows the slip (``_line_hint``)."""
    at = re.search(r"\(at line (\d+), column (\d+)\)$", said)
    lines = text.split("\n")  # as tomllib counts them (a line ends at \n alone)
    line = lines[int(at[1]) - 1].removesuffix("\r") if at and 0 < int(at[1]) <= len(lines) else ""
    column = int(at[2]) if at else 0
    key = _line_key(line) if said.startswith("Cannot overwrite a value") else ""
    en, ja = not_toml(str(path), _toml_problem(said), key)
    hint = _bare_key_hint(lines, int(at[1]) if at else 0, column, said) or _line_hint(said, line, column)
    if hint is None:
        return GameFileError(en, ja)
    return GameFileError(f"{en}: {hint[0]}", f"{ja}。{hint[1]}")


def _line_key(line: str) -> str:
    """The key a TOML ``line`` writes (``hand_size = 9``: ``hand_size``; ``[[tiles]]``: ``tiles``), "" where none is
    read (or it is too long to say).

    >>> _line_key("hand_size = 9"), _line_key("[[tiles]]"), _line_key("  [deal]  # dealt"), _line_key("9")
    ('hand_size', 'tiles', 'deal', '')
    """
    header = re.match(r"\s*\[\[?\s*([^\[\]]+?)\s*\]", line)
    key = header[1] if header else line.split("=", 1)[0].strip() if "=" in line else ""
    return key if len(key) <= ECHO_MAX else ""


# Characters a Japanese keyboard types in place of TOML's: curly quotes (a word processor's, or the IME's) for " and ',
# and full-width forms (３０００, ＝, U+3000 the ideographic space), which NFKC makes their ASCII selves.
_CURLY_QUOTES = {"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'"}


def _half_width(char: str) -> str:
    """``char`` as TOML writes it where a Japanese keyboard typed it wide or curly; "" where it is no such character."""
    if char.isascii():
        return ""
    if char in _CURLY_QUOTES:
        return _CURLY_QUOTES[char]
    plain = unicodedata.normalize("NFKC", char)
    return plain if plain != char and plain.isascii() and plain.isprintable() else ""


def _outside_strings(line: str) -> str:
    """``line`` with what its quoted strings hold blanked (a string may hold ＡＢＣ) and its comment cut off."""
    out, quote, escaped = [], "", False
    for char in line:
        if quote:
            if char == quote and not escaped:
                quote = ""
            escaped = not escaped and quote == '"' and char == "\\"  # \" in a basic string does not close it
            out.append(" ")
        elif char in "\"'":
            quote = char
            out.append(" ")
        elif char == "#":
            break
        else:
            out.append(char)
    return "".join(out)


def _wide_runs(line: str) -> list[str]:
    """The runs of full-width characters and curly quotes ``line`` has outside its strings (``_half_width``), each
    once, in order; ideographic spaces a run of their own."""
    runs, run = [], ""
    for char in _outside_strings(line) + " ":
        if _half_width(char) and (not run or (run[-1] == "\u3000") == (char == "\u3000")):
            run += char
            continue
        if run and run not in runs:
            runs.append(run)
        run = char if _half_width(char) else ""
    return runs


def _full_width_hint(line: str) -> tuple[str, str] | None:
    """What to write in place of the full-width characters and curly quotes ``line`` has outside its strings, in
    English and Japanese, as ``key_hint`` hints a key written in Japanese; None where it has none.

    >>> _full_width_hint("points = ３０００")
    ('full-width ３０００: write 3000', '全角の「３０００」は半角で 3000 と書きます')
    >>> _full_width_hint("name_en = “Nogi”")[0], _full_width_hint('name_ja = "ＡＢＣ"')
    ('curly quotes “ ”: write "', None)
    """
    runs = _wide_runs(line)
    curly = [c for c in dict.fromkeys("".join(runs)) if c in _CURLY_QUOTES]
    en, ja = [], []
    for run in runs:
        if run[0] == "\u3000":
            if "a full-width space: write a plain space" not in en:
                en.append("a full-width space: write a plain space")
                ja.append("全角スペースは半角スペースにします")
            continue
        wide = "".join(c for c in run if c not in _CURLY_QUOTES)
        if wide:
            plain = "".join(map(_half_width, wide))
            en.append(f"full-width {wide}: write {plain}")
            ja.append(f"全角の「{wide}」は半角で {plain} と書きます")
    if curly:
        plain = " ".join(dict.fromkeys(_CURLY_QUOTES[c] for c in curly))
        en.append(f"curly quotes {' '.join(curly)}: write {plain}")
        ja.append(f"「{' '.join(curly)}」は半角の {plain} で書きます")
    return ("; ".join(en), "。".join(ja)) if en else None


# The keys a game file writes a whole number for (SCHEMA.md: the catalog's, a Donjara file's rule tables, ``[riichi]``,
# the ledger's ``[table]``): a value TOML cannot read there that spells one in kanji numerals (九, 二万五千点) is told
# the number (``_line_hint``); any other key's is told that a string is written in quotes (``name_ja = 五萬`` is the
# tile's name, ``unit = 万`` a unit of money: neither a number). ``unit`` is both (a group's size, ``[payout]``'s word).
_NUMBER_KEYS = frozenset({
    "hand_size", "dealer", "others", "copies",  # the catalog's
    "points", "penalty", "players", "players_min", "players_max", "riichi_chip", "round_to", "count", "size",
    "min_size", "max_almighty", "favourite_multiplier", "unit_sizes", "status-set",  # a Donjara file's rule tables
    "starting_points", "riichi_stick", "honba_ron", "honba_tsumo_each", "noten_total", "double_wind_pair_fu",
    "start_points", "laps", "ends_at_or_below", "return_points", "uma",  # [riichi], the ledger's [table]
})
# ... of them, those that are an amount of points: written with its unit (二万五千点), told the number too; a count of
# tiles or players is not (``hand_size = 九点`` is told to quote it)
_POINT_KEYS = frozenset({"points", "penalty", "riichi_chip", "round_to", "starting_points", "riichi_stick", "honba_ron",
                         "honba_tsumo_each", "noten_total", "start_points", "ends_at_or_below", "return_points"})


def _value_key(line: str, column: int) -> str:
    """The key whose value starts at ``column`` (1-based) of ``line``: the last ``key =`` before it, in an inline table
    or a list too (``attrs = { rank = 一 }``: ``rank``; ``uma = [20, 十]``: ``uma``); "" where none.

    >>> _value_key("starting_points = 二万五千", 19), _value_key('attrs = { suit = "m", rank = 一 }', 30)
    ('starting_points', 'rank')
    >>> _value_key("uma = [20, 十]", 12), _value_key("一萬", 1)
    ('uma', '')
    """
    found = re.search(r"""([A-Za-z0-9_-]+|"[^"]*"|'[^']*')\s*=\s*(?:\[[^\]=]*)?$""", line[:max(column - 1, 0)])
    return found[1].strip("\"'") if found else ""


def _line_hint(said: str, line: str, column: int) -> tuple[str, str] | None:
    """A hint for the ``line`` tomllib ``said`` is no TOML at ``column``: its full-width characters named
    (``_full_width_hint``); else, for a value it cannot read, a value left out, ``True`` (TOML's is ``true``), a number
    in kanji numerals where the key wants a number (``_kanji_number``, ``_NUMBER_KEYS``; an amount of points
    二万五千点 too, its unit left out: ``_POINT_KEYS``), or a bare word (a string is written in quotes: said only
    there, as ``"３０００"`` is no number either; ``name_ja = 五萬`` is a name); None otherwise."""
    wide = _full_width_hint(line)
    if wide is not None or not said.startswith("Invalid value") or not line:
        return wide
    value = line[column - 1:].split("#", 1)[0].strip() if column else ""
    if not value:
        return "no value after =", "= のあとに値がありません"
    if value.lower() in ("true", "false"):
        return "true and false are written in lower case", "true と false は小文字で書きます"
    spelt = re.split(r"[,}\]]", value, maxsplit=1)[0].strip()  # in an inline table or a list: up to its end
    key = _value_key(line, column)
    number = _kanji_number(spelt.removesuffix("点") if key in _POINT_KEYS else spelt) if key in _NUMBER_KEYS else None
    if number is not None:  # 九: a number, as a full-width ９ is (quoted, it was no whole number either)
        return f"kanji numeral {spelt}: write {number}", f"漢数字の「{spelt}」は半角の数字で {number} と書きます"
    if value[0].isalpha():
        return 'a string is written in quotes: "..."', '文字列は "..." で囲みます'
    return None


class _Check:
    """Field checks that raise ``GameFileError`` naming the file, the field and the value."""

    def __init__(self, source: str, strict: bool = False):
        self.source = source
        self.strict = strict  # ``STRICT_CHECKS`` too: a file written or named on purpose (``load_game``)
        # ``tiles[3]``, ``units[0]`` -> where that entry is (``item_place``), said after a message about it
        self.places: dict[str, tuple[str, str]] = {}

    def place(self, array: str, index: int, entry: Any, key: str = "id") -> str:
        """Note where ``array[index]`` is (``item_place``), for the messages about it; its key path."""
        where = f"{array}[{index}]"
        self.places[where] = item_place(array, index, entry, key)
        return where

    def placed(self, exc: GameFileError, where: str) -> GameFileError:
        """``exc`` about ``where`` with the place of the entry it is in said after it (``place``)."""
        entry = re.match(r"[A-Za-z_]+\[\d+\]", where)
        return placed(exc, self.places.get(entry.group()) if entry else None)

    def fail(self, where: str, problem: str, value: Any = ..., ja: str = "",
             span: tuple[int, int] | None = None) -> GameFileError:
        """The error naming file, field and value; ``ja``: the problem in Japanese (else made from the English);
        ``span``: the whole numbers the field takes (``field_error``)."""
        return self.placed(field_error(self.source, where, problem, value, ja, span), where)

    def get(self, table: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str,
            default: Any = ..., span: tuple[int, int] | None = None) -> Any:
        if key not in table:
            if default is ...:
                raise self.fail(where, "is missing")
            return default
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            en, ja = kind_words(kind)
            raise self.fail(where, f"must be {en}", value, please_ja(ja) if ja else "", span)
        return value

    def name(self, table: Mapping[str, Any], key: str, where: str) -> str:
        """A required name (the game's id and names, a unit's ``name``): one written "" or only spaces is refused
        as one left out is (a game with no English name, a unit said as "unit []"), where ``strict``: a stored file
        with one is read as it was."""
        value = self.get(table, key, str, where)
        if self.strict and not value.strip():
            raise self.fail(where, "is empty: write the name, it is required", value,
                            "空です。名前を書いてください (必要な項目です)")
        return value

    def only(self, table: Mapping[str, Any], known: set[str] | frozenset[str], where: str) -> None:
        """A key of ``table`` outside ``known`` (a typo: ``copise``, ``[payuot]``) named, not ignored."""
        try:
            unknown_key(self.source, table, known, where)
        except GameFileError as exc:
            raise self.placed(exc, where) from None

    def str_map(self, table: Mapping[str, Any], key: str, where: str) -> Mapping[str, str]:
        value = self.get(table, key, dict, where, {})
        for k, v in value.items():
            if not isinstance(v, str):
                raise self.fail(f"{where}.{k}", "must be a string", v, "文字列にしてください")
        return FrozenDict(value)


# A riichi house rule as players call it, and the key of a game file's table that sets it: ``kuitan`` is no typo of
# ``open_tanyao`` that difflib would find.
SYNONYMS = {"kuitan": "open_tanyao", "aka": "red_fives", "akadora": "red_fives", "aka_dora": "red_fives",
            "akahai": "red_fives", "red_dora": "red_fives", "kiriage_mangan": "kiriage", "kazoe": "kazoe_limit",
            "kazoe_yakuman": "kazoe_limit", "noten_bappu": "noten_total", "riichi_bou": "riichi_stick",
            "riichibou": "riichi_stick", "genten": "starting_points", "start_points": "starting_points"}


def unknown_key(source: str, table: Mapping[str, Any], known: set[str] | frozenset[str], where: str) -> None:
    """``GameFileError`` for the first key of ``table`` outside ``known``, with the likeliest meant (a player's
    word for it, ``SYNONYMS``, or the nearest spelling): a typo used to be ignored and its default taken
    (``round_too = 50`` paid in ones)."""
    for key in table:
        if key not in known:
            name = f"{where}.{key}" if where else str(key)
            if (japanese := key_hint(str(key), known)) is not None:  # "持ち点": its English name, not every key
                raise GameFileError(f"{source}: field {name}: unknown key ({japanese[0]})",
                                    f"{source}: 項目 {name}: 不明なキーです ({japanese[1]})")
            said = str(key).lower()
            near = ([SYNONYMS[said]] if said in SYNONYMS and SYNONYMS[said] in known
                    else difflib.get_close_matches(str(key), sorted(known), n=1))
            hint = f" (did you mean {near[0]}?)" if near else f" (known: {', '.join(sorted(known))})"
            raise GameFileError(f"{source}: field {name}: unknown key{hint}")


# The words the app says a rule by in Japanese (the Rules page's summary of a table, the ledger page's boxes) and the
# keys a game file writes it as, the likeliest first (持ち点: [table] start_points, [riichi] starting_points): a key
# written in one of them was "Invalid statement" (bare) or every key of its table listed (quoted). ``key_hint``.
KEYS_JA: dict[str, tuple[str, ...]] = {
    "持ち点": ("start_points", "starting_points"), "開始時の持ち点": ("start_points", "starting_points"),
    "配給原点": ("start_points", "starting_points"), "原点": ("start_points", "starting_points"),
    "返し点": ("return_points",), "オカ": ("return_points",), "ウマ": ("uma",), "本場": ("honba", "honba_ron"),
    "チョンボ": ("chombo",), "リーチ棒": ("riichi_chip", "riichi_stick"),
    "リーチのチップ": ("riichi_chip", "riichi_stick"), "単位": ("unit",), "トビ": ("ends_at_or_below",),
    "連荘": ("keep_on_dealer_win",), "ダブロン": ("several_ron", "multiple_ron"),
    "トリロン": ("several_ron", "multiple_ron"), "ノーテン罰符": ("noten_total",), "鳴き": ("calls",),
    "赤ドラ": ("red_fives",), "喰いタン": ("open_tanyao",), "食いタン": ("open_tanyao",), "包": ("pao",),
    "責任払い": ("pao",), "流し満貫": ("nagashi",), "切り上げ満貫": ("kiriage",), "数え役満": ("kazoe_limit",),
    "人数": ("players",), "点数": ("points",), "役": ("yaku",), "牌": ("tiles",),
}


def key_hint(key: str, known: set[str] | frozenset[str] | None = None) -> tuple[str, str] | None:
    """What to say of a game file's key ``key`` that is not written in English letters, in English and Japanese: the
    key it likely means where it is a word the app says a rule by (``KEYS_JA``; one of ``known``, the keys its table
    takes, where given), else that keys are written in English (``known`` listed); None for a key in ASCII.

    >>> key_hint("持ち点", {"start_points", "uma"})
    ('did you mean start_points (持ち点)? keys are written in English', 'start_points (持ち点) のことですか? キーは英語で書きます')
    >>> key_hint("得点", {"uma", "laps"})[0], key_hint("laps", {"laps"})
    ('keys are written in English: laps, uma', None)
    """
    if key.isascii():
        return None
    word = unicodedata.normalize("NFKC", key).strip()  # ｕｍａ (full width): uma
    meant = [k for k in (KEYS_JA.get(word) or ((word,) if word.isascii() else ())) if known is None or k in known]
    if meant:
        return (f"did you mean {meant[0]} ({key})? keys are written in English",
                f"{meant[0]} ({key}) のことですか? キーは英語で書きます")
    if known:
        return (f"keys are written in English: {', '.join(sorted(known))}",
                f"キーは英語で書きます: {'、'.join(sorted(known))}")
    return "keys are written in English, as the file's other keys are", "キーは英語で書きます (ファイルのほかのキーのように)"


def _bare_key_hint(lines: list[str], line: int, column: int, said: str) -> tuple[str, str] | None:
    """``key_hint`` of the key a line that is no TOML starts with (tomllib's ``said``: "Invalid statement (at line 3,
    column 1)", its ``line`` and ``column`` of the file's ``lines`` as ``_not_toml`` reads them, split at "\\n" alone as
    tomllib counts them: a U+2028 in a comment above is no line break), where it is not in ASCII (``持ち点 = 30000``: a
    bare key is ASCII letters, digits, ``_`` and ``-``): the key of the table the line is in (``_table_keys``: under
    ``[riichi]``, ``starting_points``, not ``[table]``'s ``start_points``, which ``[riichi]`` refuses)."""
    if not re.fullmatch(r"Invalid (?:statement|initial character for a key part) \(at line \d+, column \d+\)", said) \
            or not 0 < line <= len(lines):
        return None
    key = lines[line - 1][column - 1:].split("=", 1)[0].strip()
    if not key or key.startswith(("[", "#")):
        return None
    return key_hint(key, _table_keys([above.removesuffix("\r") for above in lines[:line - 1]]))


def _table_keys(above: list[str]) -> frozenset[str] | None:
    """The keys the table the lines ``above`` end in takes (its header the last above them), where scorer knows them:
    ``[riichi]``'s (``RiichiRules``); None for any other (``KEYS_JA``'s likeliest is ``[table]``'s)."""
    for line in reversed(above):
        header = re.match(r"\s*\[\s*([A-Za-z0-9_-]+)\s*\]\s*(?:#.*)?$", line)
        if header is not None or line.lstrip().startswith("[["):  # [[tiles]]: an entry of a list, no rules table
            break
    else:
        return None
    if header is None or header[1] != "riichi":
        return None
    from scorer.riichi_rules import RiichiRules  # it reads the catalog: imported when asked

    return frozenset(f.name for f in fields(RiichiRules))


# The top-level tables a game file may hold beside its catalog: the Donjara rules (scorer.rules), the
# riichi table (scorer.riichi_rules) and the table ledger's (tilelens.ledger).
RULE_TABLES = frozenset({"groups", "yaku", "payout", "win", "chombo", "house", "scout", "riichi", "table"})
MAX_HAND = 64  # tiles in a hand: Donjara holds 9, riichi 14
MAX_COPIES = 1000  # copies of one tile in a set: Donjara's 6, riichi's 4
_TILE_KEYS = frozenset({"id", "name_ja", "name_en", "copies", "almighty", "attrs", "stands_for", "reading",
                        "aliases"})


def parse_game(data: Mapping[str, Any], source: str = "<game>", strict: bool = False) -> Game:
    """Validate the catalog part of a parsed game file and build the ``Game``; ``strict``: ``STRICT_CHECKS`` too
    (a file written or named on purpose: ``load_game``)."""
    if not isinstance(data, Mapping):  # None, a list, a file's text not yet parsed: no table of fields to check
        raise GameFileError(f"{source}: a game must be a table of its fields (a dict, as tomllib.loads gives), "
                            f"got {shown(data)}",
                            f"{source}: ゲームはその項目の表 (tomllib.loads が返すような dict) にしてください "
                            f"(いま {shown(data)})")
    c = _Check(source, strict)
    c.only(data, _CATALOG_KEYS | RULE_TABLES, "")
    engine = c.get(data, "engine", str, "engine", "donjara")
    if engine not in ENGINES:
        raise c.fail("engine", f"must be one of {', '.join(ENGINES)}", engine, choose_ja(ENGINES))
    hand_size = c.get(data, "hand_size", int, "hand_size", span=(1, MAX_HAND))
    if not 1 <= hand_size <= MAX_HAND:  # a typo's billions would be slot lists the size of the memory
        raise c.fail("hand_size", f"must be 1 to {MAX_HAND}", hand_size,
                     f"1 から {MAX_HAND} までにしてください")
    deal = c.get(data, "deal", dict, "deal", {})
    c.only(deal, {"dealer", "others"}, "deal")
    deal_sizes = (c.get(deal, "dealer", int, "deal.dealer", hand_size, span=(1, hand_size)),
                  c.get(deal, "others", int, "deal.others", hand_size, span=(1, hand_size)))
    for key, size in zip(("dealer", "others"), deal_sizes):  # the event check counts every seat against these
        if not 1 <= size <= hand_size:
            raise c.fail(f"deal.{key}", f"must be 1 to the hand's size, {hand_size}", size,
                         f"1 から手牌の枚数 {hand_size} までにしてください")
    attributes = tuple(c.get(data, "attributes", list, "attributes", []))
    for i, name in enumerate(attributes):  # names looked up in sets and tables: a table there was unhashable
        if not isinstance(name, str):
            raise c.fail(f"attributes[{i}]", "must be a string: the name of an attribute", name,
                         "文字列 (属性の名前) にしてください")
    tiles = _parse_tiles(c, c.get(data, "tiles", list, "tiles"), attributes)
    units = _parse_units(c, c.get(data, "units", list, "units", []), tiles)
    value_names = _parse_value_names(c, c.get(data, "attribute_values", dict, "attribute_values", {}), attributes,
                                     tiles)
    attribute_names = _parse_attribute_names(c, c.get(data, "attribute_names", dict, "attribute_names", {}),
                                             attributes)
    people = _name_entry(c, data["people"], "people") if "people" in data else ("", "")
    return Game(
        id=c.name(data, "id", "id"), name_ja=c.name(data, "name_ja", "name_ja"),
        name_en=c.name(data, "name_en", "name_en"), engine=engine, tiles=tiles,
        hand_size=hand_size, deal_sizes=deal_sizes, attributes=attributes, units=units,
        value_names=value_names, attribute_names=attribute_names, people=people,
        rules={k: v for k, v in data.items() if k not in _CATALOG_KEYS},  # frozen by Game
        source=source)


def _parse_tiles(c: _Check, raw: list[Any], attributes: tuple[str, ...]) -> tuple[TileKind, ...]:
    if not raw:
        raise c.fail("tiles", "must list at least one tile", raw, "牌を1つは書いてください")
    kinds: list[TileKind] = []
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        where = c.place("tiles", i, entry)
        if not isinstance(entry, dict):
            raise c.fail(where, "must be a table", entry, "表にしてください")
        c.only(entry, _TILE_KEYS, where)
        tile_id = c.get(entry, "id", str, f"{where}.id")
        if not tile_id or not tile_id.isascii() or " " in tile_id:
            raise c.fail(f"{where}.id", "must be a non-empty ASCII id without spaces", tile_id,
                         "空白のない半角英数字の id にしてください")
        if tile_id in seen:
            raise c.fail(f"{where}.id", "is a duplicate", tile_id, "前の牌と同じ id です")
        seen.add(tile_id)
        copies = c.get(entry, "copies", int, f"{where}.copies", 1, span=(1, MAX_COPIES))
        if copies < 1:
            raise c.fail(f"{where}.copies", "must be at least 1", copies)
        if copies > MAX_COPIES:  # a typo's billions would be a dealt wall the size of the memory
            raise c.fail(f"{where}.copies", f"must be at most {MAX_COPIES}", copies,
                         f"{MAX_COPIES} 以下にしてください")
        attrs = c.str_map(entry, "attrs", f"{where}.attrs")
        for name in attrs:
            if attributes and name not in attributes:
                raise c.fail(f"{where}.attrs.{name}", f"is not one of the game's attributes {list(attributes)}",
                             ja=f"このゲームにない属性です (あるのは {list(attributes)})")
        almighty = c.get(entry, "almighty", bool, f"{where}.almighty", False)
        stands_for = c.str_map(entry, "stands_for", f"{where}.stands_for")
        if stands_for and not almighty:
            raise c.fail(f"{where}.stands_for", "is only for Almighty tiles (set almighty = true)",
                         ja="オールマイティの牌だけに書けます (almighty = true にしてください)")
        aliases = c.get(entry, "aliases", list, f"{where}.aliases", [])
        for alias in aliases:
            if not isinstance(alias, str) or not name_key(alias):
                raise c.fail(f"{where}.aliases", "must list other names of the tile (strings)", alias,
                             "牌の別の名前 (文字列) を並べてください")
        reading = c.get(entry, "reading", str, f"{where}.reading", "").strip()
        if c.strict and reading and not KANA_READING.fullmatch(unicodedata.normalize("NFKC", reading)):
            # typed "tokino sora", the reading was one more English name, and the Japanese Find box matched nothing
            raise c.fail(f"{where}.reading", "must be the name in kana (hiragana or katakana, spaces allowed), as "
                         "a player types it in Japanese; other spellings go in aliases", reading,
                         "名前の読みをかな (ひらがなかカタカナ、空白も可) で書いてください。ほかの書き方は aliases に"
                         "書きます")
        # a name left out, or written "" or spaces, is said by the tile's id (a screen showed nothing)
        name_ja, name_en = (c.get(entry, key, str, f"{where}.{key}", "") for key in ("name_ja", "name_en"))
        kinds.append(TileKind(
            id=tile_id, name_ja=name_ja if name_ja.strip() else tile_id,
            name_en=name_en if name_en.strip() else tile_id, copies=copies,
            almighty=almighty, attrs=attrs, stands_for=stands_for, reading=reading, aliases=tuple(aliases)))
    _one_tile_per_name(c, kinds)
    _one_tile_per_alias(c, kinds)
    _same_but_for_case(c, kinds)
    for i, kind in enumerate(kinds):  # an Almighty that could stand for no tile never substitutes: say so
        for name, value in kind.stands_for.items():
            if attributes and name not in attributes:
                raise c.fail(f"tiles[{i}].stands_for.{name}", f"is not one of the game's attributes {list(attributes)}",
                             ja=f"このゲームにない属性です (あるのは {list(attributes)})")
            if not any(t.attrs.get(name) == value for t in kinds if not t.almighty):
                raise c.fail(f"tiles[{i}].stands_for.{name}", "matches no tile of the catalog", value,
                             "当てはまる牌が牌の一覧にありません")
    for i, name in enumerate(attributes):  # as a value no tile has is refused (``_parse_value_names``): a typo
        if c.strict and not any(name in kind.attrs for kind in kinds):
            raise c.fail(f"attributes[{i}]", f"is an attribute no tile has: give tiles attrs.{name}, or take it out "
                         "of attributes", name, f"どの牌にもない属性です。牌の attrs に {name} を書くか、attributes "
                         "から消してください")
    return tuple(kinds)


_VALUE_NAME_KEYS = frozenset({"name_ja", "name_en"})


def _parse_value_names(c: _Check, raw: Mapping[str, Any], attributes: tuple[str, ...],
                       tiles: tuple[TileKind, ...]) -> Mapping[tuple[str, str], tuple[str, str]]:
    """``[attribute_values.ATTR]``: ``VALUE = { name_ja = "黒", name_en = "black" }``, the names of the values the
    file's tiles carry (either name may be left out). An attribute the game lacks or a value no tile carries is
    named: a typo would otherwise leave the value said as written."""
    out: dict[tuple[str, str], tuple[str, str]] = {}
    for attr, values in raw.items():
        where = f"attribute_values.{attr}"
        _known_attribute(c, where, attr, attributes)
        if not isinstance(values, dict):
            raise c.fail(where, 'must be a table of values: VALUE = { name_ja = "...", name_en = "..." }', values,
                         '値の表にしてください: 値 = { name_ja = "...", name_en = "..." }')
        carried = sorted({str(t.attrs[attr]) for t in tiles if attr in t.attrs}
                         | {str(t.stands_for[attr]) for t in tiles if attr in t.stands_for})
        for value, entry in values.items():
            at = f"{where}.{value}"
            if value not in carried:
                raise c.fail(at, f"names a value no tile has (the tiles' {attr}: {', '.join(carried) or 'none'})",
                             ..., f"どの牌にもない値です (牌の {attr}: {'、'.join(carried) or 'なし'})")
            out[attr, value] = _name_entry(c, entry, at)
    return FrozenDict(out)


def _parse_attribute_names(c: _Check, raw: Mapping[str, Any],
                           attributes: tuple[str, ...]) -> Mapping[str, tuple[str, str]]:
    """``[attribute_names]``: ``ATTR = { name_ja = "チーム", name_en = "team" }``, what the attributes are called."""
    out: dict[str, tuple[str, str]] = {}
    for attr, entry in raw.items():
        at = f"attribute_names.{attr}"
        _known_attribute(c, at, attr, attributes)
        out[attr] = _name_entry(c, entry, at)
    return FrozenDict(out)


def _known_attribute(c: _Check, at: str, attr: str, attributes: tuple[str, ...]) -> None:
    """A names table's key ``attr`` (at ``at``) is one of the game's attributes, else one clear line."""
    if attr not in attributes:
        raise c.fail(at, f"is not one of the game's attributes {list(attributes)}", ...,
                     f"このゲームにない属性です (あるのは {list(attributes)})")


def _name_entry(c: _Check, entry: Any, at: str) -> tuple[str, str]:
    """``{ name_ja = "...", name_en = "..." }`` at ``at``: its names (``_names``), else one clear line."""
    if not isinstance(entry, dict):
        raise c.fail(at, 'must be a table: { name_ja = "...", name_en = "..." }', entry,
                     '表にしてください: { name_ja = "...", name_en = "..." }')
    return _names(c, entry, at)


def _names(c: _Check, entry: Mapping[str, Any], at: str) -> tuple[str, str]:
    """``(name_ja, name_en)`` of one entry of ``[attribute_values]`` or ``[attribute_names]`` (one may be left out)."""
    c.only(entry, _VALUE_NAME_KEYS, at)
    ja, en = (c.get(entry, key, str, f"{at}.{key}", "").strip() for key in ("name_ja", "name_en"))
    if not ja and not en:
        raise c.fail(at, "names it in neither language: give name_ja, name_en or both", ...,
                     "どちらの言語の名前もありません: name_ja か name_en (または両方) を書いてください")
    return ja, en


# A tile's reading (``reading``): kana, the long-vowel mark, the middle dot and spaces, after NFKC (half-width katakana
# as full-width)
KANA_READING = re.compile(r"(?=.*[\u3041-\u3096\u30a1-\u30fa])[\u3041-\u3096\u309d\u309e\u30a1-\u30fe\s]+", re.S)


def _one_tile_per_name(c: _Check, kinds: list[TileKind]) -> None:
    """A tile's name in either language (one given, not its id said for it) that is another tile's name in that
    language, as a typed name is matched (``name_key``: case, spaces, full-width letters and kana aside), is
    refused, naming both tiles: typed, it named neither (``unknown tile 'Tokino'``). A stored file (not ``strict``)
    is refused only for a Japanese name written alike, as it always was; what it shares otherwise names neither tile
    (``Game._by_key``)."""
    checked = ((("name_ja", "the name of {}", "{} と同じ名前です"),
                ("name_en", "the English name of the tile {}", "牌 {} と同じ英語の名前です"))
               if c.strict else (("name_ja", "the name of {}", "{} と同じ名前です"),))
    for field_name, words, words_ja in checked:
        named: dict[str, str] = {}
        for i, kind in enumerate(kinds):
            name = getattr(kind, field_name)
            key = name_key(name) if c.strict else name
            if name == kind.id or not key:
                continue
            if key in named:
                raise c.fail(f"tiles[{i}].{field_name}", f"is also {words.format(named[key])}", name,
                             words_ja.format(named[key]))
            named[key] = kind.id


def _one_tile_per_alias(c: _Check, kinds: list[TileKind]) -> None:
    """A reading or an alias that is also a name of another tile (``name_key``: case, spaces and kana aside) is
    refused, naming both: typed, it could name either (``Game.tile`` takes it for neither)."""
    owner: dict[str, str] = {}
    for kind in kinds:
        for name in (kind.id, kind.name_ja, kind.name_en):
            owner.setdefault(name_key(name), kind.id)
    for i, kind in enumerate(kinds):
        for field_name, names in (("reading", (kind.reading,)), ("aliases", kind.aliases)):
            for name in names:
                key = name_key(name)
                other = owner.setdefault(key, kind.id) if key else kind.id
                if other != kind.id:
                    raise c.fail(f"tiles[{i}].{field_name}", f"also names the tile {other}: a name typed must name "
                                 "one tile", name, f"牌 {other} の名前でもあります: 入力した名前は1つの牌を指す"
                                 "ようにしてください")
                words = [w for w in re.split(r"[\s,、，]+", str(name)) if w]
                others = [owner.get(name_key(w)) for w in words]
                if len(words) > 1 and all(o is not None and o != kind.id for o in others):
                    raise c.fail(f"tiles[{i}].{field_name}", f"is made of other tiles' names ({', '.join(others)}): "
                                 "typed, it would read as one tile instead of those", name,
                                 f"ほかの牌の名前 ({'、'.join(others)}) をつなげた名前です。入力すると、それらの牌では"
                                 "なく1つの牌として読まれてしまいます")


def _same_but_for_case(c: _Check, kinds: list[TileKind]) -> None:
    """An attribute value that differs from another tile's only in case or spaces (``"Cute"`` beside the roster's
    ``"cute"``, an edit's typo) is refused, naming the first tile of the rarer spelling: the tile matched no
    group of that value, nor the Almighty standing for it, and nothing said so."""
    for name in dict.fromkeys(a for kind in kinds for a in kind.attrs):
        held: dict[str, list[int]] = {}
        for i, kind in enumerate(kinds):
            if name in kind.attrs:
                held.setdefault(kind.attrs[name], []).append(i)
        spellings: dict[str, list[str]] = {}
        for value in held:
            spellings.setdefault(" ".join(value.split()).casefold(), []).append(value)
        for values in spellings.values():
            if len(values) < 2:
                continue
            usual = max(values, key=lambda v: len(held[v]))  # the spelling most tiles have; the first on a tie
            odd = min((v for v in values if v != usual), key=lambda v: held[v][0])
            i = held[odd][0]
            raise c.fail(f"tiles[{i}].attrs.{name}", f"differs from {usual!r} (tiles[{held[usual][0]}] and others) "
                         "only in case or spaces: the tile would match no tile of that value", odd,
                         f"{quoted_ja(usual)} (tiles[{held[usual][0]}] など) と大文字・小文字か空白だけが違います。"
                         "同じ値のつもりなら揃えてください (このままではその値の牌と組になりません)")


def _parse_units(c: _Check, raw: list[Any], tiles: tuple[TileKind, ...]) -> tuple[Unit, ...]:
    tile_ids, almighty = {t.id for t in tiles}, {t.id for t in tiles if t.almighty}
    units = []
    for i, entry in enumerate(raw):
        where = c.place("units", i, entry, "name")
        if not isinstance(entry, dict):
            raise c.fail(where, "must be a table", entry, "表にしてください")
        c.only(entry, {"name", "name_en", "members", "reading", "absent"}, where)
        members = tuple(c.get(entry, "members", list, f"{where}.members"))
        if not members:
            raise c.fail(f"{where}.members", "must name at least one tile", [], "牌を1つは書いてください")
        for m in members:
            if not isinstance(m, str):  # a table or list there was "unhashable type" from the look-up below
                raise c.fail(f"{where}.members", "must list tile ids (strings)", m,
                             "牌の id (文字列) を並べてください")
            if m not in tile_ids:
                raise c.fail(f"{where}.members", "names a tile that is not in the catalog", m,
                             "牌の一覧にない牌です")
            # a unit group holding it was complete with the Almighty as a member, not standing in
            if c.strict and m in almighty:
                raise c.fail(f"{where}.members", "names an Almighty tile: a unit's members are plain tiles (an "
                             "Almighty stands in for any of them by itself)", m,
                             "オールマイティの牌です。ユニットのメンバーは普通の牌だけです (オールマイティはそれだけで"
                             "メンバーの代わりになります)")
        if len(set(members)) != len(members):
            raise c.fail(f"{where}.members", "lists a member twice", list(members),
                         "同じメンバーが2回書かれています")
        name = c.name(entry, "name", f"{where}.name")
        if name in {u.name for u in units}:  # a yaku naming it could not say which
            raise c.fail(f"{where}.name", "is the name of an earlier unit", name,
                         "前のユニットと同じ名前です")
        absent = c.get(entry, "absent", list, f"{where}.absent", [])
        for m in absent:
            if not isinstance(m, str):
                raise c.fail(f"{where}.absent", "must list the names of members with no tile (strings)", m,
                             "牌のないメンバーの名前 (文字列) を並べてください")
        both = sorted(set(map(str, absent)) & set(members))
        if both:  # absent names the members with no tile: one with a tile cannot be absent too
            raise c.fail(f"{where}.absent", "names a member that has a tile (listed in members)", both,
                     "牌のあるメンバー (members にあります) が入っています")
        units.append(Unit(name=name, members=members,
                          reading=c.get(entry, "reading", str, f"{where}.reading", ""),
                          absent=tuple(absent), name_en=c.get(entry, "name_en", str, f"{where}.name_en", "").strip()))
    return tuple(units)
