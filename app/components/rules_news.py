"""What the shipped table changed since the club's edit was made from it, in words (``changes_since``: the Rules page
lists it, the score pages warn where it has a change to take: ``news_to_take``), and the rules a later tilelens plays
by default that the edit does not set (``new_defaults_said``). The changes themselves are found by
``tilelens.house_news``; this module says them in the screen's language."""
from __future__ import annotations

import difflib
import json
import re
import tomllib
from typing import Any

import streamlit as st

from app import settings
from app.components.common import as_code, as_typed
from app.components.i18n import attribute_name, attribute_value, error_text, lang, t
from app.components.rules_view import rules_text, short_shape, table_summary
from scorer import Game, TilelensInputError
from scorer.catalog import name_key, parse_game
from tilelens.house_news import (NAME_KEYS, NewsChange, Teller, differing_keys, made_from_text, name_clashes,
                                 new_defaults, news, tiles_by_id)

__all__ = ["NewsChange", "added_defaults_said", "changes_since", "default_said", "new_defaults_said", "news_to_take"]


_SOURCE = "<table>"  # the name a candidate table is checked under: left out of what the page says


def _game_of(data: dict) -> tuple[Game | None, str | None]:
    """The game of a table's parsed text, its rules and the ledger's ``[table]`` checked as a Save checks them
    (``settings.check_rule_tables``): (the game, None), or (None, why it does not load, in the screen's language).
    Without the ledger's check, a change taken alone that the ledger refuses (``start_points`` 1000 under an
    ``ends_at_or_below`` of 2500) was a traceback when the page said it in words (``table_summary`` reads [table])."""
    try:
        game = parse_game(data, _SOURCE)
        settings.check_rule_tables(game)  # the engine's rule tables (``check_rules``), the seats, the ledger's [table]
    except TilelensInputError as exc:  # GameFileError, the ledger's LedgerError
        return None, error_text(exc).replace(f"{_SOURCE}: ", "")
    except (ValueError, TypeError, KeyError, RecursionError):
        return None, ""
    return game, None


def _quoted(line: str) -> str:
    """A rule's line of the table's rules quoted in a sentence: 「…」 without its full stop."""
    return t("news_rule", rule=line.rstrip("。.").strip())


def _first_sentence(line: str) -> str:
    """A rule's line without what follows its first sentence (a note to the organiser: "A house that plays without
    it: ...")."""
    cut = line.find("。") if lang() == "ja" else line.find(". ")
    return line[:cut] if cut > 0 else line


# How a change is said: against the edit (what today's shipped table has that the edit lacks), or, where the club
# changed the same lines, as what the shipped table changed (the edit's side of it not known)
_SAID = {False: ("news_has", "news_lacks", "news_differs"), True: ("news_box_has", "news_box_lacks", "news_box_differs")}


def _yaku_said(game: Game) -> dict[str, tuple[str, str]]:
    """A Donjara game's yaku by id: (its name, its points and short shape, "local" or "house" marked) in words."""
    from scorer.rules import donjara_rules
    from tilelens.ledger import amount_in, game_units

    rules, units, ja = donjara_rules(game), game_units(game), lang() == "ja"
    said = {}
    for y in rules.yaku:
        mark = rules_text("mark_local") if y.local else rules_text("mark_house") if y.default else ""
        value = f"{amount_in(y.points, units, lang())}{'・' if ja else ', '}{short_shape(game, rules, y)}"
        said[y.id] = ((y.name_ja if ja else y.name_en) or y.name_ja or y.name_en, value + (f" ({mark})" if mark else ""))
    return said


def _tile_said(kind, other, game: Game) -> str:
    """What of a tile kind differs from ``other`` (the same tile in the other table) in words, its side of it:
    copies, Almighty, what it stands for, the attributes that differ ("枚数 4"); "" where none does (its names
    alone: ``_names_said``). Every attribute of both sides was said, the same beside the same, a member by its id."""
    parts = []
    ja = lang() == "ja"
    if kind.copies != other.copies:  # 「4枚」, "copies 4"
        parts.append(f"{kind.copies}枚" if ja else f"{attribute_name('copies', game)} {kind.copies}")
    if kind.almighty != other.almighty:
        parts.append(attribute_name("almighty", game) if kind.almighty else rules_text("news_not_almighty"))
    if kind.stands_for != other.stands_for:
        parts.append(rules_text("news_stands_for", what=_attrs_said(kind.stands_for, game) or rules_text("news_any")))
    wanted = {a: v for a, v in kind.attrs.items() if other.attrs.get(a) != v}
    wanted.update((a, None) for a in other.attrs if a not in kind.attrs)  # an attribute this side lacks: "—"
    if wanted:
        parts.append(_attrs_said(wanted, game, listed=True))
    return _list(parts, listed=True)


def _attrs_said(attrs, game: Game, listed: bool = False) -> str:
    """Attributes and their values in words ("色 ピンク、メンバー さゆりん"): a member by the tile's name (its
    value is the tile's id), a value missing as "—". ``listed``: a tile's side of a change, said in a clause of its
    own (「メンバーはさゆりん・色はピンク」: 「いまの同梱の表では 枚数 4、メンバー さゆりん、…」 read as a list of
    words)."""
    tiles = {kind.id: kind for kind in game.tiles}

    def value(attr: str, v: Any) -> str:
        if v is None:
            return "—"
        if attr == "member" and v in tiles:
            return as_typed(_tile_name(tiles[v]))
        return attribute_value(attr, v, game)

    topic = "{}は{}" if listed and lang() == "ja" else "{} {}"
    return _list([topic.format(attribute_name(a, game), value(a, v)) for a, v in attrs.items()], listed)


def _tile_name(kind) -> str:
    """A tile's name in the screen's language (its id where it has none)."""
    return (kind.name_ja if lang() == "ja" else kind.name_en) or kind.name_ja or kind.name_en or kind.id


def _list(parts: list[str], listed: bool = False) -> str:
    """Parts of a line listed with the language's comma; ``listed``: one side of a change, in Japanese with 「・」 (the
    sides are told apart by 「、」)."""
    return (("・" if listed else "、") if lang() == "ja" else ", ").join(parts)


# How a change of the names of tiles and units (``NAME_KEYS``) is said
_NAME_WORDS = {"name_ja": "news_names_ja", "name_en": "news_names_en", "reading": "news_readings",
               "aliases": "news_aliases"}


def _names_said(n: int, keys: set[str]) -> str:
    """A change of the names of ``n`` tiles and units, in their ``keys`` (``NAME_KEYS``), in words: "Names of 310
    tiles and units (English names, readings, other spellings)"."""
    what = _list([rules_text(_NAME_WORDS[key]) for key in _NAME_WORDS if key in keys])
    return rules_text("news_names_one" if n == 1 else "news_names", n=n, what=what)


def _words(a: list[str], b: list[str], box: bool = False) -> tuple[list[str], str | None]:
    """What ``b`` (a table with one change of the shipped table taken in) has that ``a`` (without it) lacks, a line
    each in the screen's language: its rules as the page says them, its yaku, tiles and units; the keys of the table
    that differ where none of those does. [] where the change is of comments or blank lines alone. ``box``: ``a`` is
    the shipped table the edit was made from, not the edit (``_SAID``).

    With them, None where ``b`` loads as a Save would take it, else why not ("" where that cannot be said): such a
    change cannot be taken in by itself (the Rules page's ``_shipped_news``)."""
    has, lacks, differs = _SAID[box]
    try:
        a_data = tomllib.loads("\n".join(a))
    except (ValueError, RecursionError):  # a side that is no TOML: said by its keys below, if it can be
        return [t("news_keys", keys=as_code("?"))], None
    try:
        b_data = tomllib.loads("\n".join(b))
    except (ValueError, RecursionError):  # the change taken alone is no TOML (half of a list)
        return [t("news_keys", keys=as_code("?"))], ""
    if a_data == b_data:
        return [], None
    (a_game, _), (b_game, why) = _game_of(a_data), _game_of(b_data)
    said: list[str] = []
    keys = [key for key in differing_keys(a_data, b_data) if not _worded(key, a_data, b_data)]
    if a_game is not None and b_game is not None:
        try:  # every summary of a candidate table guarded: a check it fails is said, never a traceback
            said = _said(a_game, b_game, has, lacks, differs) + _words_said(a_data, b_data, a_game, b_game, differs,
                                                                            box)
            if not said and _plays_alike(a_game, b_game):  # the defaults written out: taking it changes nothing
                keys = [key for key in keys if _root(key) not in ("table", "riichi")]
        except TilelensInputError as exc:
            why = error_text(exc).replace(f"{_SOURCE}: ", "")
    if not said and keys:
        said = _keys_said(keys, a_data, b_data, differs)
    return said, why


def _root(key: str) -> str:
    """The table a key of ``differing_keys`` lies in: ``table`` of ``table.keep_on_draw``, ``yaku`` of
    ``yaku[0].points``."""
    return re.split(r"[.\[]", key, maxsplit=1)[0]


def _worded(key: str, a_data: dict, b_data: dict) -> bool:
    """Whether ``_words_said`` says what differs at ``key``: the names of an attribute's values, the parts the
    organiser may change, a yaku's description."""
    if key == "house":  # one side without [house]: said where the parts are all that differ
        return {k: v for k, v in _table(a_data, "house").items() if k != "defaults"} == {
            k: v for k, v in _table(b_data, "house").items() if k != "defaults"}
    return _root(key) == "attribute_values" or key in ("house.defaults", "riichi.open_tanyao") or bool(
        re.fullmatch(r"yaku\[\d+\]\.description(_ja)?", key))


def _table(data: dict, name: str) -> dict:
    """A parsed table's ``[name]``, {} where it has none (or it is no table)."""
    found = data.get(name, {})
    return found if isinstance(found, dict) else {}


def _plays_alike(a_game: Game, b_game: Game) -> bool:
    """Whether two tables run a match alike: the ledger's table rules (``[table]``, and what it reads of the
    scoring tables) and a riichi game's rules the same, each key left out read as its default (a shipped table that
    writes its defaults out, taken in, changes nothing, and was offered as a change)."""
    from tilelens.ledger import rules_for

    if rules_for(a_game) != rules_for(b_game):
        return False
    if a_game.engine == b_game.engine == "riichi":
        from scorer.riichi_rules import rules_for as riichi_rules

        return riichi_rules(a_game) == riichi_rules(b_game)
    return True


def _words_said(a_data: dict, b_data: dict, a_game: Game, b_game: Game, differs: str, box: bool) -> list[str]:
    """What no rule, yaku or tile line says of two tables (``_said``): the names of an attribute's values, the parts
    the organiser may change (``[house] defaults``), a riichi game's open tanyao, a yaku's description, a line each in
    words. They were said by
    their keys (`attribute_values`, `house.defaults`, `yaku[0].description`)."""
    from app.components.rules_view import house_parts_said

    said = []
    a_values, b_values = _table(a_data, "attribute_values"), _table(b_data, "attribute_values")
    for attr in [*b_values, *(x for x in a_values if x not in b_values)]:
        if a_values.get(attr) != b_values.get(attr):
            said.append(t(differs, what=t("news_value_names", attr=attribute_name(attr, b_game)),
                          shipped=_value_names(b_values.get(attr)), edit=_value_names(a_values.get(attr))))
    if _table(a_data, "house").get("defaults") != _table(b_data, "house").get("defaults"):
        said.append(t(differs, what=t("news_house_parts"), shipped=house_parts_said(b_game) or "—",
                      edit=house_parts_said(a_game) or "—"))
    if a_game.engine == b_game.engine == "riichi":  # a rule the table's rules do not say (the yaku table marks it)
        from scorer.riichi_rules import rules_for as riichi_rules

        a_tanyao, b_tanyao = riichi_rules(a_game).open_tanyao, riichi_rules(b_game).open_tanyao
        if a_tanyao != b_tanyao:
            said.append(t(differs, what=t("news_open_tanyao"), shipped=t("news_on" if b_tanyao else "news_off"),
                          edit=t("news_on" if a_tanyao else "news_off")))
    a_yaku, b_yaku = _yaku_tables(a_data), _yaku_tables(b_data)
    for yaku_id, yaku in b_yaku.items():
        if yaku_id in a_yaku:
            said += _description_said(a_yaku[yaku_id], yaku, a_game, differs, box)
    return said


def _value_names(values: Any) -> str:
    """The names an attribute's values are given (``[attribute_values.ATTR]``), in the screen's language: "—" for
    none."""
    if not isinstance(values, dict) or not values:
        return "—"
    keys = ("name_ja", "name_en") if lang() == "ja" else ("name_en", "name_ja")
    names = [next((e[k] for k in keys if isinstance(e, dict) and isinstance(e.get(k), str) and e[k]), value)
             for value, e in values.items()]
    return _list([as_typed(name) for name in names], listed=True)


def _yaku_tables(data: dict) -> dict[str, dict]:
    """A parsed table's yaku (``[[yaku]]``) by their ids."""
    yaku = data.get("yaku")
    return {y["id"]: y for y in yaku if isinstance(y, dict) and isinstance(y.get("id"), str)} \
        if isinstance(yaku, list) else {}


def _description_said(a: dict, b: dict, a_game: Game, differs: str, box: bool) -> list[str]:
    """A yaku's description where it differs (``a``'s, the edit's unless ``box``, beside ``b``'s), in the screen's
    language where that one differs: with a word where the edit's quotes amounts and none its table pays for the
    yaku (a club's 90 under the shipped words 「ロン: 60」: players read the wrong amount)."""
    keys = ("description_ja", "description") if lang() == "ja" else ("description", "description_ja")
    key = next((k for k in keys if a.get(k) != b.get(k)), None)
    if key is None:
        return []
    names = ("name_ja", "name_en", "id") if lang() == "ja" else ("name_en", "name_ja", "id")
    name = next((b[k] for k in names if isinstance(b.get(k), str) and b[k]), "")

    def side(yaku: dict) -> str:
        text = yaku.get(key)
        return t("news_rule", rule=as_typed(text)) if isinstance(text, str) and text.strip() else "—"

    line = t(differs, what=t("news_description", name=as_typed(name)), shipped=side(b), edit=side(a))
    points, text = a.get("points"), a.get(key)
    if box or not isinstance(points, int) or isinstance(points, bool) or not isinstance(text, str):
        return [line]
    from scorer.rules import donjara_rules, stale_amounts  # as the yaku list marks it: amounts, not tile counts

    yaku = next((y for y in donjara_rules(a_game).yaku if y.id == a.get("id")), None) \
        if a_game.engine != "riichi" else None
    if yaku is not None and stale_amounts(a_game, yaku, text):
        from tilelens.ledger import amount_in, game_units

        line += t("news_description_amounts", points=amount_in(points, game_units(a_game), lang()))
    return [line]


def _keys_said(keys: list[str], a_data: dict, b_data: dict, differs: str) -> list[str]:
    """Keys of two tables that differ and that nothing else says, by their keys: each with its value on both sides
    where it is one value ("`riichi.open_tanyao`: `true` in today's shipped table, `false` in your edit"), so that a
    box names what it would set and what of the edit it replaces; the others in one line."""
    said, rest = [], []
    for key in keys:
        a, b = _value_at(a_data, key), _value_at(b_data, key)
        if a is None or b is None:
            rest.append(key)
        else:
            said.append(t(differs, what=as_code(key), shipped=b, edit=a))
    if rest:
        said.append(t("news_keys", keys=("、" if lang() == "ja" else ", ").join(as_code(k) for k in rest)))
    return said


def _value_at(data: dict, key: str) -> str | None:
    """The value at a key of ``differing_keys`` as TOML writes it, as code ("—" where the table has none); None
    where it is a table or a list (said by its key alone)."""
    value: Any = data
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", key):
        if index:
            value = value[int(index)] if isinstance(value, list) and int(index) < len(value) else None
        else:
            value = value.get(name) if isinstance(value, dict) else None
        if value is None:
            return "—"
    if isinstance(value, (dict, list)):
        return None
    return as_code(json.dumps(value, ensure_ascii=False))


def _said(a_game: Game, b_game: Game, has: str, lacks: str, differs: str) -> list[str]:
    """``_words`` of two tables that load: their rules, yaku, tiles and units where they differ."""
    said: list[str] = []
    a_rules, b_rules = table_summary(a_game, defaults_marked=False), table_summary(b_game, defaults_marked=False)
    gained, lost = [line for line in b_rules if line not in a_rules], [line for line in a_rules if line not in b_rules]
    short = {line: _first_sentence(line) for line in gained + lost}
    if len(set(short.values())) < len(short):  # the first sentences alike: said whole
        short = {line: line for line in short}
    changed = dict(_rule_pairs(gained, lost))  # a rule changed (a penalty of 300 now 200): one line, not two
    said += [t(differs, what=rules_text("news_a_rule"), shipped=_quoted(short[line]), edit=_quoted(short[was]))
             for line, was in changed.items()]
    said += [t(has, what=_quoted(short[line])) for line in gained if line not in changed]
    said += [t(lacks, what=_quoted(short[line])) for line in lost if line not in changed.values()]
    if a_game.engine == b_game.engine == "donjara":
        a_yaku, b_yaku = _yaku_said(a_game), _yaku_said(b_game)
        for key in [*b_yaku, *(k for k in a_yaku if k not in b_yaku)]:
            what = t("news_yaku", name=as_typed((b_yaku.get(key) or a_yaku[key])[0]))
            if key not in a_yaku:
                said.append(t(has, what=f"{what} {as_typed(b_yaku[key][1])}"))
            elif key not in b_yaku:
                said.append(t(lacks, what=f"{what} {as_typed(a_yaku[key][1])}"))
            elif a_yaku[key] != b_yaku[key]:
                said.append(t(differs, what=what, shipped=as_typed(b_yaku[key][1]),
                              edit=as_typed(a_yaku[key][1])))
    renamed, name_keys = 0, set()  # tiles and units whose names alone differ: said in one line
    a_tiles, b_tiles = {k.id: k for k in a_game.tiles}, {k.id: k for k in b_game.tiles}
    for key in [*b_tiles, *(k for k in a_tiles if k not in b_tiles)]:
        kind = b_tiles.get(key) or a_tiles[key]
        what = t("news_tile", name=as_typed(_tile_name(kind)))
        if key not in a_tiles:
            said.append(t(has, what=what))
        elif key not in b_tiles:
            said.append(t(lacks, what=what))
        elif a_tiles[key] != b_tiles[key]:
            shipped = _tile_said(b_tiles[key], a_tiles[key], b_game)
            edit = _tile_said(a_tiles[key], b_tiles[key], a_game)
            if shipped or edit:
                said.append(t(differs, what=what, shipped=shipped or "—", edit=edit or "—"))
            else:
                renamed += 1
                name_keys |= {k for k in NAME_KEYS["tiles"] if getattr(a_tiles[key], k) != getattr(b_tiles[key], k)}
    a_units, b_units = {u.name: u for u in a_game.units}, {u.name: u for u in b_game.units}
    for key in sorted(set(a_units) | set(b_units)):
        a_unit, b_unit = a_units.get(key), b_units.get(key)
        if a_unit == b_unit:
            continue
        if a_unit is not None and b_unit is not None and (a_unit.members, a_unit.absent) == (b_unit.members,
                                                                                            b_unit.absent):
            renamed += 1
            name_keys |= {k for k in NAME_KEYS["units"] if getattr(a_unit, k) != getattr(b_unit, k)}
            continue
        alike = len({unit.size for unit in (a_unit, b_unit) if unit is not None}) == 1  # members by name, not "4"

        def members(unit, game: Game) -> str:
            if unit is None:
                return "—"
            return _members_said(unit, game) if alike else t("news_unit_members", n=unit.size)

        said.append(t(differs, what=t("news_unit", name=as_typed(key)), shipped=members(b_unit, b_game),
                      edit=members(a_unit, a_game)))
    if renamed:
        said.append(_names_said(renamed, name_keys))
    return said


RULE_ALIKE = 0.6  # how alike (``difflib``'s ratio) a rule's line and another must be to be one rule changed


def _rule_pairs(gained: list[str], lost: list[str]) -> list[tuple[str, str]]:
    """The lines of the table's rules ``gained`` by a change that each stand for one ``lost`` (the same rule with
    another figure: 「…合計 200点を払います」 for 「…合計 300点を払います」), each with the likest lost line: said as one
    rule changed. They were two lines, has and has-not, joined by 「 / 」."""
    pairs, left = [], list(lost)
    for line in gained:
        # the whole lines, or their first sentences (the rule: 「…合計 200点を払います。」 with how it is shared after)
        alike = [(max(difflib.SequenceMatcher(None, line, was).ratio(),
                      difflib.SequenceMatcher(None, _first_sentence(line), _first_sentence(was)).ratio()), i)
                 for i, was in enumerate(left)]
        ratio, at = max(alike, default=(0.0, -1))
        if ratio >= RULE_ALIKE:
            pairs.append((line, left.pop(at)))
    return pairs


def _members_said(unit, game: Game) -> str:
    """A unit's members by their names (its members of no tile as the file writes them), where its size is the same
    on both sides: "4" beside "4" said nothing of which members changed."""
    tiles = {kind.id: kind for kind in game.tiles}
    return _list([as_typed(_tile_name(tiles[m])) if m in tiles else as_typed(m) for m in (*unit.members, *unit.absent)],
                 listed=True)



NAME_CLASHES_SAID = 3  # the tiles named in one note; the rest counted ("and 2 more")


def _clash_said(edit: dict, taken: dict, now_lines: list[str]) -> str | None:
    """Why ``taken`` (the edit ``edit`` with a change of the shipped table taken in) would not load, where it is a
    name two tiles would share (``house_news.name_clashes``), in words naming the tiles and the name: "the tile “Sayurin” would
    be named “ミサ”, the name the tile “Misa-senpai” has in your edit". It said the check's words alone ("field
    tiles[1].name_ja: is also the name of misa-senpai"), not which tile, nor that the club's own rename was in the
    way. None where no such name is found (the check's words are said)."""
    clashes = name_clashes(edit, taken)
    if not clashes:
        return None
    try:
        now = tomllib.loads("\n".join(now_lines))
    except (ValueError, RecursionError):
        now = {}
    tables = [tiles_by_id(edit), tiles_by_id(now)]  # a tile called by its name in the edit, else today's box's
    said = [rules_text("news_name_clash", tile=as_typed(_called(tile, name, tables)), name=as_typed(name),
                       other=as_typed(_called(other, name, tables)))
            for tile, name, other in clashes[:NAME_CLASHES_SAID]]
    if len(clashes) > NAME_CLASHES_SAID:
        said.append(rules_text("news_name_clash_more", n=len(clashes) - NAME_CLASHES_SAID))
    return _list(said)



def _called(tile_id: str, name: str, tables: list[dict[str, dict]]) -> str:
    """A tile called by a name of it other than ``name`` (the one two tiles would share): its name in the screen's
    language in the first of ``tables`` that has one, else in the other language, else its id."""
    keys = ("name_ja", "name_en") if lang() == "ja" else ("name_en", "name_ja")
    for key in keys:
        for table in tables:
            called = table.get(tile_id, {}).get(key)
            if isinstance(called, str) and called.strip() and name_key(called) != name_key(name):
                return called
    return tile_id



def changes_since(game_id: str, diff: str, older: bool) -> tuple[tuple[NewsChange, ...], list[str],
                                                                  list[str]] | None:
    """The changes of the shipped table ``diff`` lists (``settings.shipped_changes``), each in words and where it goes
    in the edit, with today's shipped lines and the edit's; None where they cannot be told (a file not read, a diff
    that does not give back the text it was made from). An edit saved by an older tilelens (``older``) is its own
    base: every difference is a change, the club's own among them."""
    try:
        now, edit = settings.shipped_path(game_id).read_text(encoding="utf-8"), settings.game_text(game_id)
    except (OSError, UnicodeDecodeError):
        return None
    return _told(diff, older, lang(), now, edit)


@st.cache_resource(max_entries=8, show_spinner=False)
def _told(diff: str, older: bool, language: str, now: str, edit: str) -> tuple[tuple[NewsChange, ...], list[str],
                                                                              list[str]] | None:
    """``changes_since`` of these texts (``tilelens.house_news.news``), in ``language`` (the screen's): kept, as
    every tick of a box draws the page again."""
    then = edit if older else made_from_text(now, diff)
    if then is None:
        return None
    return news(then, now, edit, _TELLER)


# How the engine's changes are said on the Rules page (``tilelens.house_news.Teller``)
_TELLER = Teller(words=_words, loads=lambda data: _game_of(data)[1], clash=_clash_said, names=_names_said)


# How each rule a later tilelens plays by default is said (``house_news.NEW_DEFAULTS``), by its table and key
_NEW_WORDS = {("riichi", "pao"): "news_new_pao", ("riichi", "nagashi"): "news_new_nagashi",
              ("table", "chombo"): "news_new_chombo"}


def new_defaults_said(game_id: str, diff: str, older: bool) -> str | None:
    """The rules played by default since the shipped table the edit in use was made from (the edit itself where
    that is not known: ``older``), which the edit does not set (``house_news.new_defaults``), named once in a
    sentence with the lines that turn them off; None where there are none or the texts cannot be read. An edit of
    Tokyo Mahjong saved before pao, nagashi and the reverse mangan chombo was "already up to date", and new matches
    played them unsaid."""
    try:
        now, edit = settings.shipped_path(game_id).read_text(encoding="utf-8"), settings.game_text(game_id)
    except (OSError, UnicodeDecodeError):
        return None
    then = edit if older else made_from_text(now, diff)
    return _defaults_said(new_defaults(then, now, edit) if then is not None else [], "news_new_defaults")


# The shipped table whose lines mark when each rule played by default came in (``house_news.NEW_DEFAULTS``): a club's
# riichi game is a copy of it under another id
RIICHI_SHIPPED = "tokyo-mahjong"


def added_defaults_said(game_id: str) -> str | None:
    """For a game added in the app (``settings.added_path``), the rules played by default since the Tokyo Mahjong
    table its file was copied from, which the table in use does not set (``house_news.new_defaults``: the added file
    as the table it was made from, today's shipped Tokyo Mahjong as today's), in a sentence as
    ``new_defaults_said``'s; None where there are none (a file copied from today's table, one that sets them, a
    Donjara game) or a file cannot be read. A riichi game added under an older tilelens played pao, nagashi and the
    reverse mangan chombo unsaid: an added game has no shipped table, so no news of it."""
    path = settings.added_path(game_id)
    if path is None:
        return None
    try:
        added, edit = path.read_text(encoding="utf-8"), settings.game_text(game_id)
        now = settings.shipped_path(RIICHI_SHIPPED).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return _defaults_said(new_defaults(added, now, edit), "news_new_defaults_added")


def _defaults_said(found: list, key: str) -> str | None:
    """Rules played by default (``house_news.NewDefault``) named in the sentence ``key`` with the lines that turn
    them off; None where there are none (or none said here: ``_NEW_WORDS``)."""
    found = [d for d in found if (d.table, d.key) in _NEW_WORDS]
    if not found:
        return None
    keys = [t("news_new_off", line=as_code(d.off), part=as_code(f"[{d.table}]")) for d in found]
    return t(key, rules=_list([t(_NEW_WORDS[d.table, d.key]) for d in found]), keys=_list(keys))


def default_said(game: Game, key: str, table: Any = None, result: Any = None, hand: Any = None) -> None:
    """On a score page, where its result turns on a rule tilelens plays by default that ``game``'s table in use does
    not set (``house_news.NEW_DEFAULTS``, session 58), one caption: which rule applied, and that the Rules page changes
    it. ``key``: "pao" (the pao question is asked: pao is played; the score page scores with the table in use, so an
    edit applies from the next hand) or "chombo": ``chombo_said``. Nothing where the table sets the rule itself (the
    Rules page says it with the rest), nor for a result the rule does not touch. Nagashi mangan is paid at a draw,
    which the ledger page records: no score page's result turns on it."""
    if key == "chombo":
        chombo_said(game, table, result, hand)
        return
    if _by_default(game, key):
        st.caption(t(f"{key}_by_default"))


def _by_default(game: Game, key: str) -> bool:
    """Whether ``key`` is a rule tilelens plays by default (``house_news.NEW_DEFAULTS``) of ``game``'s engine that
    its table in use does not set."""
    from tilelens.house_news import NEW_DEFAULTS

    default = next((d for _, group in NEW_DEFAULTS for d in group if d.key == key), None)
    return default is not None and default.engine == game.engine and _table_key(game, default.table, key) is None


def _table_key(game: Game, part: str, key: str) -> Any:
    """What the table in use sets at ``[part] key`` (None where it does not set it)."""
    found = game.rules.get(part, {}) if hasattr(game.rules, "get") else {}
    return found.get(key) if hasattr(found, "get") else None


def chombo_said(game: Game, table: Any, result: Any, hand: Any = None) -> None:
    """Below a riichi hand that does not win but is complete (``result``): declared a win, it is a chombo, said as a
    Donjara hand's (``declared_chombo``, with the reverse mangan as the ledger charges it), led to the ledger page's
    "Record a chombo" where the open match ``table`` records one (with no match, or one that has ended, the rule
    alone: the hand is still a chombo at the table, paid by hand or in the next match). The penalty is the open
    match's (it keeps the chombo it started with), else the table in use's; none: nothing said (a match started
    before tilelens recorded a riichi chombo, a table of ``chombo = "none"``). Then, where the reverse mangan is
    tilelens's default, that a change on the Rules page is for new matches; where the open match keeps a chombo
    the table in use has changed since, that it does.

    Not said where the hand is closed, Riichi is unticked and ticking it or a tsumo wins (``hand``: the page's
    prefix, tiles and options): about half of closed hands won by ron have no yaku without riichi, and the likely
    fix there is the tick (W7)."""
    from tilelens.ledger import chombo_payments, chombo_penalty, game_units

    if game.engine != "riichi" or result is None or result.winning or "tiles_from_win" in (result.extra or {}):
        return  # a win, or no win shape: no declaring
    open_match = isinstance(table, tuple) and not table[1].ended
    kept = table[0].rules if open_match else None
    penalty = chombo_penalty(game, kept)
    if not penalty or (hand is not None and _a_tick_wins(game, *hand)):
        return
    from scorer.riichi_rules import rules_for

    players = len(table[0].players) if open_match else rules_for(game).players
    units = game_units(game)

    def paid(offender: int) -> str:  # what the ledger charges the offender in all (seat 0 deals)
        return _points(sum(chombo_payments(game, offender, players, kept, dealer=0).values()), units)

    said = t("chombo_penalty_riichi", penalty=paid(1), dealer_total=paid(0))
    st.warning(t("declared_chombo_ledger", penalty=said, button=t("record_chombo")) if open_match
               else t("declared_chombo", penalty=said))
    if open_match and penalty != chombo_penalty(game):
        st.caption(t("chombo_kept"))
    elif _by_default(game, "chombo"):
        st.caption(t("chombo_by_default"))


def _points(points: int, units: dict[str, str]) -> str:
    """An amount with the game's unit in the screen's language (8,000 points, 8,000点)."""
    from tilelens.ledger import amount_in

    return amount_in(points, units, lang())


def _a_tick_wins(game: Game, prefix: str, tiles: Any, options: Any) -> bool:
    """Whether a riichi hand that does not win, Riichi unticked, is closed (Riichi may be ticked) and wins with it
    ticked or as a tsumo: the page's options once changed, scored (kept while the hand and options stay)."""
    if options.riichi:
        return False
    from app.components.scoring import kept_for
    from scorer import score

    asked = {k: v for k, v in options.kwargs.items() if k not in ("pot", "riichi_sticks")}  # the sticks: Riichi's own

    def wins() -> bool:
        try:
            if score(game, list(tiles), **{**asked, "riichi": True}).winning:
                return True
        except TilelensInputError:  # refused for an open hand
            return False
        try:
            return score(game, list(tiles), **{**asked, "win": "tsumo"}).winning
        except TilelensInputError:  # an option of a ron alone (houtei, chankan)
            return False

    return kept_for(prefix, "tick_wins", (game, tiles, options), wins)


def news_to_take(game_id: str) -> bool:
    """Whether the Rules page lists a change of the shipped table to take into ``game_id``'s edit in use
    (``changes_since``: a change in words), or cannot tell what changed: the score pages warn of an edit out of date
    then only. They warned where the shipped text differed at all: an update of comments alone, or one the edit had
    copied already, where the Rules page said "Your edit already has the shipped table's changes"; nor of words alone
    (names, readings, descriptions: ``NewsChange.words_only``), which leave no rule missing."""
    diff = settings.shipped_changes(game_id, lang())
    if not diff:
        return False
    found = changes_since(game_id, diff, settings.made_from_unknown(game_id))
    return found is None or any(change.words and not change.words_only for change in found[0])
