"""Each game's yaku table in both languages, house tables marked; an organiser edits a house table here, and adds
a club's own game from its rules file (``settings.add_game``), or removes one added."""
import difflib
import hashlib
import re
import tomllib
from dataclasses import dataclass
from typing import Any

import streamlit as st

from app import settings
from app.components import resources
from app.components.common import GAME_KEY, GAME_PICKED_KEY, as_code, as_typed, game_select, uploader_words
from app.components.i18n import attribute_name, attribute_value, error_text, lang, name_of, os_error_text, t
from app.components.rules_view import (check_house_text, has_local_yaku, house_parts, house_parts_said,
                                       organiser_notes, rules_text, short_shape, table_summary, tiles_table,
                                       yaku_details, yaku_table)
from app.components.visitor import is_local_visitor
from app.settings import short_path
from scorer import Game, GameFileError, TilelensInputError
from scorer.catalog import parse_game


def _editor(game_id: str, edited, broken: bool = False, notes: tuple[str, ...] = ()) -> None:
    """The house table's editor: Save (validated first) and Reset to the shipped table. ``broken``: the
    edited table no longer loads (edited by hand, or by an older tilelens): the editor opens on its text,
    and Reset is the way back.

    The text the editor began from is kept (``rules_base_``), and an unsaved edit too (``rules_draft_``:
    Streamlit forgets a widget's text when its page or game is left): an untouched editor follows the
    table in use (saved meanwhile in another tab, or by another organiser), and a Save over a table saved
    elsewhere since is refused once, the edit kept, rather than silently undoing the other save. ``notes``: how
    the keys a player is told of in words are set (``rules_view.organiser_notes``: ``local = true``), said here
    only, to the organisers. An edit that is a link to no file (``settings.dangling_edits``: the game refused) is
    moved aside by a Restore or a Save, with the edits, and said where."""
    key, base_key, draft_key = f"rules_text_{game_id}", f"rules_base_{game_id}", f"rules_draft_{game_id}"
    links = settings.dangling_edits(game_id)
    restorable = edited is not None or bool(links)
    history = settings.history_dir(game_id)
    with st.expander(t("edit_table"), expanded=broken):
        for note in notes:
            st.caption(note)
        added = game_id in settings.added_games()  # Reset goes back to the file as added
        label = rules_text("reset_added") if added else t("reset_table")
        if broken and added and edited is None and not links:  # the added file itself: no table to go back to
            st.caption(t("added_file_broken"))
        if links:  # the game picker's error says to put the file back or remove the link: the way here
            st.caption(rules_text("links_restore" + _more(links), links=_names(links), button=label, folder=short_path(history)))
        try:
            current = settings.game_text(game_id)
        except OSError as exc:
            st.error(os_error_text(exc))
            current = None
        except UnicodeDecodeError:  # a table saved by hand in another encoding (Shift_JIS)
            source = settings.game_source(game_id)  # a phone is not shown the laptop's folders: named short
            st.error(t("table_not_utf8", path=source if is_local_visitor() else short_path(source)))
            current = None
        text = st.session_state.get(key, st.session_state.get(draft_key))
        if text is None or text == st.session_state.get(base_key):
            st.session_state[key] = st.session_state[base_key] = current or ""
        elif key not in st.session_state:  # an unsaved edit, back from another page or game
            st.session_state[key] = text
        text = st.text_area("TOML", height=420, key=key)
        st.session_state[draft_key] = text
        cols = st.columns(2)
        if cols[0].button(t("save_table"), key="rules_save", type="primary"):
            if current is not None and current not in (text, st.session_state[base_key]):
                st.session_state[base_key] = current  # a second Save replaces it knowingly
                st.error(t("table_changed_meanwhile"))
                return
            try:
                settings.check_size(text)  # before the text is read
                check_house_text(text)
                if settings.save_house_table(game_id, text) is None:  # the table as it is: nothing written
                    st.info(rules_text("nothing_changed"))
                    return
                st.session_state[base_key] = text
                st.session_state["rules_flash"] = t("saved_table")
                if settings.edited_path(game_id) is None:  # the shipped text saved over an edit: a Restore
                    st.session_state["rules_flash"] = (rules_text("reset_added_done")
                                                       if game_id in settings.added_games() else t("reset_done"))
                    st.session_state[KEPT] = rules_text("kept_in", folder=short_path(history))
                _say_links_moved(links, history)
                st.rerun()
            except GameFileError as exc:
                st.error(t("invalid_table", err=error_text(exc)))  # its Japanese where it has one
            except OSError as exc:  # the app's folder cannot be written (no rights, a file in its place)
                st.error(t("cannot_save_table", err=os_error_text(exc)))
        # asked first, in a popover (a second tap), and nothing deleted: the edits go into history/, said where
        with cols[1].popover(label, disabled=not restorable, icon=":material/restore:"):
            st.caption(rules_text("reset_confirm_help", folder=short_path(history),
                                  game_folder=short_path(settings.house_dir(game_id))),
                       help=str(history) if is_local_visitor() else None)  # a phone is not shown the laptop's
            if st.button(rules_text("reset_confirm"), key="rules_reset", disabled=not restorable, type="primary"):
                try:
                    kept = settings.reset_house_table(game_id)
                except OSError as exc:
                    st.error(t("cannot_save_table", err=os_error_text(exc)))
                    return
                for name in (key, base_key, draft_key):
                    st.session_state.pop(name, None)
                st.session_state["rules_flash"] = rules_text("reset_added_done") if added else t("reset_done")
                if kept is not None:  # said under it: where the edits are, to bring one back by hand
                    st.session_state[KEPT] = rules_text("kept_in", folder=short_path(kept))
                _say_links_moved(links, history)
                st.rerun()


def _names(links) -> str:
    """The names of the links ``links`` (``settings.dangling_edits``), as code: "`e.toml`, `f.toml`"."""
    return ("、" if lang() == "ja" else ", ").join(f"`{link.name}`" for link in links)


def _more(links) -> str:
    """The suffix of a message's key for more than one link ("_more"), "" for one."""
    return "_more" if len(links) > 1 else ""


def _say_links_moved(links, history) -> None:
    """After a Restore or a Save: the links to no file it moved aside into ``history`` said under its message (with
    where the edits went, for a Restore), once."""
    if links:
        said = rules_text("links_moved" + _more(links), links=_names(links), folder=short_path(history))
        kept = st.session_state.get(KEPT)
        st.session_state[KEPT] = f"{kept}{'' if lang() == 'ja' else ' '}{said}" if kept else said


# ---- an edit of an older shipped table: what the box changed since, in words, taken into the edit by a button -------
@dataclass(frozen=True)
class _Change:
    """One change of the shipped table since the edit's base (``then``: its lines there, ``now``: today's lines that
    replace them), where it goes in the edit (``at``: None where the club changed those lines too), what it changes
    in words (``words``: none for comments and blank lines alone), its checkbox's key, and why the edit with this
    change alone taken in would not load (``alone``: None where it would; "" where why cannot be said): such a
    change is made by hand (a start_points the edit set above its ends_at_or_below, each line a change of its own)."""

    then: tuple[int, int]
    now: tuple[int, int]
    at: int | None
    words: tuple[str, ...]
    key: str
    alone: str | None = None


def _text_lines(text: str) -> list[str]:
    """A table's lines as compared and taken over: line ends and the blanks at a line's end aside."""
    return [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]


def _made_from_text(now: str, diff: str) -> str | None:
    """The shipped text an edit was made from, rebuilt from today's (``now``) and the unified diff of what changed
    since (``settings.shipped_changes``); None where the diff does not give back that text exactly."""
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


def _line_map(a: list[str], b: list[str]) -> dict[int, int]:
    """Each line of ``a`` that ``b`` keeps, to its line there (and the ends: -1 to -1, the end to the end)."""
    found = {-1: -1, len(a): len(b)}
    for i, j, n in _blocks(a, b):
        found.update((i + k, j + k) for k in range(n))
    return found


def _differences(a: list[str], b: list[str]) -> list[tuple[int, int, int, int]]:
    """Where ``b`` differs from ``a``: (i1, i2, j1, j2), lines ``a[i1:i2]`` replaced by ``b[j1:j2]``."""
    out, i, j = [], 0, 0
    for bi, bj, n in _blocks(a, b):
        if i < bi or j < bj:
            out.append((i, bi, j, bj))
        i, j = bi + n, bj + n
    return out


def _place(found: dict[int, int], i1: int, i2: int) -> int | None:
    """Where lines ``i1:i2`` of a text lie in another (``_line_map``), unchanged and with the line on each side
    unchanged next to them; None where the other text changed them or what is around them."""
    k = found.get(i1 - 1)
    if k is None or any(found.get(i) != k + 1 + i - i1 for i in range(i1, i2 + 1)):
        return None
    return k + 1


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


def _keys(a: Any, b: Any, at: str = "") -> list[str]:
    """The keys of a parsed table where ``a`` and ``b`` differ: ``win.ron_on_almighty``, ``yaku[3]`` (two levels)."""
    if at.count(".") + at.count("[") >= 2 or type(a) is not type(b) or not isinstance(a, (dict, list)):
        return [at]
    if isinstance(a, list):
        if len(a) != len(b):
            return [at]
        return [key for i, (x, y) in enumerate(zip(a, b)) if x != y for key in _keys(x, y, f"{at}[{i}]")]
    return [key for k in sorted(set(a) | set(b), key=str) if a.get(k, _GONE) != b.get(k, _GONE)
            for key in _keys(a.get(k, _GONE), b.get(k, _GONE), f"{at}.{k}" if at else str(k))]


_GONE = object()  # a key one side lacks


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


def _tile_said(kind, game: Game) -> str:
    """A tile kind's copies, Almighty and attributes in words ("枚数 2、タイプ キュート")."""
    parts = [f"{attribute_name('copies', game)} {kind.copies}"]
    if kind.almighty:
        parts.append(attribute_name("almighty", game))
    parts += [f"{attribute_name(a, game)} {attribute_value(a, v, game)}" for a, v in kind.attrs.items()]
    return ("、" if lang() == "ja" else ", ").join(parts)


def _words(a: list[str], b: list[str], box: bool = False) -> tuple[list[str], str | None]:
    """What ``b`` (a table with one change of the shipped table taken in) has that ``a`` (without it) lacks, a line
    each in the screen's language: its rules as the page says them, its yaku, tiles and units; the keys of the table
    that differ where none of those does. [] where the change is of comments or blank lines alone. ``box``: ``a`` is
    the shipped table the edit was made from, not the edit (``_SAID``).

    With them, None where ``b`` loads as a Save would take it, else why not ("" where that cannot be said): such a
    change cannot be taken in by itself (``_shipped_news``)."""
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
    if a_game is not None and b_game is not None:
        try:  # every summary of a candidate table guarded: a check it fails is said, never a traceback
            said = _said(a_game, b_game, has, lacks, differs)
        except TilelensInputError as exc:
            why = error_text(exc).replace(f"{_SOURCE}: ", "")
    if not said:
        keys = ("、" if lang() == "ja" else ", ").join(as_code(k) for k in _keys(a_data, b_data))
        said.append(t("news_keys", keys=keys))
    return said, why


def _said(a_game: Game, b_game: Game, has: str, lacks: str, differs: str) -> list[str]:
    """``_words`` of two tables that load: their rules, yaku, tiles and units where they differ."""
    said: list[str] = []
    a_rules, b_rules = table_summary(a_game), table_summary(b_game)
    gained, lost = [line for line in b_rules if line not in a_rules], [line for line in a_rules if line not in b_rules]
    short = {line: _first_sentence(line) for line in gained + lost}
    if len(set(short.values())) < len(short):  # the first sentences alike: said whole
        short = {line: line for line in short}
    said += [t(has, what=_quoted(short[line])) for line in gained]
    said += [t(lacks, what=_quoted(short[line])) for line in lost]
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
    a_tiles, b_tiles = {k.id: k for k in a_game.tiles}, {k.id: k for k in b_game.tiles}
    for key in [*b_tiles, *(k for k in a_tiles if k not in b_tiles)]:
        kind = b_tiles.get(key) or a_tiles[key]
        what = t("news_tile", name=as_typed((kind.name_ja if lang() == "ja" else kind.name_en) or kind.id))
        if key not in a_tiles:
            said.append(t(has, what=what))
        elif key not in b_tiles:
            said.append(t(lacks, what=what))
        elif a_tiles[key] != b_tiles[key]:
            said.append(t(differs, what=what, shipped=_tile_said(b_tiles[key], b_game),
                          edit=_tile_said(a_tiles[key], a_game)))
    a_units, b_units = {u.name: u for u in a_game.units}, {u.name: u for u in b_game.units}
    for key in sorted(set(a_units) | set(b_units)):
        if a_units.get(key) != b_units.get(key):
            size = {side: t("news_unit_members", n=units[key].size) if key in units else "—"
                    for side, units in (("a", a_units), ("b", b_units))}
            said.append(t(differs, what=t("news_unit", name=as_typed(key)), shipped=size["b"],
                          edit=size["a"]))
    return said


def _changes(game_id: str, diff: str, older: bool) -> tuple[tuple[_Change, ...], list[str], list[str]] | None:
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
def _told(diff: str, older: bool, language: str, now: str, edit: str) -> tuple[tuple[_Change, ...], list[str],
                                                                              list[str]] | None:
    """``_changes`` of these texts, in ``language`` (the screen's): kept, as every tick of a box draws the page
    again (a second a time for Cinderella Girls' table)."""
    then = edit if older else _made_from_text(now, diff)
    if then is None:
        return None
    then_lines, now_lines, edit_lines = _text_lines(then), _text_lines(now), _text_lines(edit)
    into_edit, in_edit = _line_map(then_lines, edit_lines), _line_map(now_lines, edit_lines)
    changes = []
    for i1, i2, j1, j2 in _differences(then_lines, now_lines):
        at = _place(into_edit, i1, i2)
        if at is None and _place(in_edit, j1, j2) is not None:
            continue  # the edit has it already (copied over by hand)
        base, start = (edit_lines, at) if at is not None else (then_lines, i1)
        words, alone = _words(base, base[:start] + now_lines[j1:j2] + base[start + i2 - i1:], box=at is None)
        key = hashlib.sha1("\n".join([*then_lines[i1:i2], "\0", *now_lines[j1:j2]]).encode()).hexdigest()[:10]
        changes.append(_Change((i1, i2), (j1, j2), at, tuple(words), key, alone if at is not None else None))
    return tuple(changes), now_lines, edit_lines


def _take(game_id: str, chosen: list[_Change], now_lines: list[str], edit_lines: list[str]) -> None:
    """Take ``chosen`` changes of the shipped table into the edit and save it (validated as a Save is), the edit then
    counting as made from today's shipped table (``settings.keep_edit_over_shipped``): what was not taken is the
    club's. The edit saved over is kept in ``history/``, as a Save keeps it."""
    lines = list(edit_lines)
    for change in sorted(chosen, key=lambda c: c.at, reverse=True):
        lines[change.at:change.at + change.then[1] - change.then[0]] = now_lines[change.now[0]:change.now[1]]
    text = "\n".join(lines)
    try:
        settings.check_size(text)
        check_house_text(text)
        settings.save_house_table(game_id, text)
        if settings.edited_path(game_id) is None:  # the shipped text itself: a Restore, the edits moved aside
            st.session_state["rules_flash"] = t("reset_done")
        else:
            settings.keep_edit_over_shipped(game_id)
            st.session_state["rules_flash"] = t("news_taken", n=sum(bool(c.words) for c in chosen))
        st.session_state[KEPT] = rules_text("kept_in", folder=short_path(settings.history_dir(game_id)))
    except GameFileError as exc:
        st.error(t("invalid_table", err=error_text(exc)))
        return
    except OSError as exc:
        st.error(t("cannot_save_table", err=os_error_text(exc)))
        return
    st.rerun()


def _shipped_news(game: Game) -> None:
    """Where the shipped table changed since the edit in use was made from it (or the edit was saved by an older
    tilelens, its base not known): said, each change a line in words with a box to tick, taken into the edit by a
    button (the club's own changes kept); or the edit kept as it is. The raw diff is for experts, folded."""
    diff = settings.shipped_changes(game.id, lang())
    if not diff:
        return
    older = settings.made_from_unknown(game.id)  # saved by an older tilelens: the edit against today's box
    take, keep = t("news_take"), rules_text("keep_edit")
    found = _changes(game.id, diff, older)
    changes = found[0] if found else ()
    if found is None:  # not told in words (a file not read, a diff not understood): the diff, copied by hand
        st.warning(rules_text("shipped_unknown" if older else "shipped_changed"), icon=":material/update:")
        st.caption(t("news_unreadable"))
    elif not any(c.words for c in changes):  # copied over by hand, or comments alone
        st.info(t("news_already", keep=keep), icon=":material/update:")
    else:
        st.warning(t("news_unknown" if older else "news_changed", take=take, keep=keep), icon=":material/update:")
    chosen = [c for c in changes if not c.words and c.at is not None and not older]  # comments: taken along
    for change in changes:
        if not change.words:
            continue
        takes = change.at is not None and change.alone is None  # by itself, into the edit
        ticked = st.checkbox(" / ".join(change.words), key=f"rules_take_{game.id}_{change.key}",
                             value=not older and takes, disabled=not takes)
        if change.at is None:
            st.caption(t("news_clash"))
        elif change.alone is not None:  # the table would not load with it alone: made by hand, with what it needs
            st.caption(t("news_alone", why=f" ({change.alone})" if change.alone else ""))
        elif ticked:
            chosen.append(change)
    cols = st.columns(2)
    if found is not None and any(c.words for c in changes):
        if cols[0].button(take, key="rules_take", type="primary", disabled=not any(c.words for c in chosen)):
            _take(game.id, chosen, found[1], found[2])
    if cols[1].button(keep, key="rules_keep_edit"):
        try:
            settings.keep_edit_over_shipped(game.id)
        except OSError as exc:
            st.error(t("cannot_save_table", err=os_error_text(exc)))
        else:
            st.session_state["rules_flash"] = t("news_kept")
            st.rerun()
    with st.expander(rules_text("shipped_unknown_diff" if older else "shipped_diff"), expanded=found is None):
        st.code(diff, language="diff")


KEPT = "rules_kept"  # where a Restore put the edits aside, said once under its message
ADD_ERROR = "rules_add_error"  # why the last Add was refused, said in the panel


def _add(file_key: str) -> None:
    """Add the game of the rules file chosen in the uploader ``file_key`` or pasted (``settings.add_game``), and
    show it: run before the page is drawn, so that the picker can be set to it."""
    st.session_state.pop(ADD_ERROR, None)
    upload, text = st.session_state.get(file_key), st.session_state.get("rules_add_text", "")
    try:
        if upload is not None:
            text = upload.getvalue().decode("utf-8-sig")
        if not text.strip():
            st.session_state[ADD_ERROR] = rules_text("add_nothing")
            return
        settings.check_size(text)  # before the text is read
        check_house_text(text)
        game = settings.add_game(text)
    except UnicodeDecodeError:
        st.session_state[ADD_ERROR] = rules_text("add_not_utf8", name=upload.name)
        return
    except GameFileError as exc:  # the editor's one line: "Not saved: <the problem>"
        st.session_state[ADD_ERROR] = t("invalid_table", err=error_text(exc))
        return
    except OSError as exc:  # the app's folder cannot be written
        st.session_state[ADD_ERROR] = t("cannot_save_table", err=os_error_text(exc))
        return
    st.session_state[GAME_KEY] = game.id
    st.session_state[GAME_PICKED_KEY] = True
    st.session_state["rules_add_text"] = ""
    st.session_state["rules_add_n"] = st.session_state.get("rules_add_n", 0) + 1  # a fresh, empty uploader
    st.session_state["rules_flash"] = rules_text("added", game=as_typed(name_of(game)))  # a club's file names it


def _skipped_said() -> None:
    """One warning for each file in the added games' folder the app does not offer (``settings.skipped_added_games``:
    a link to no file, a shipped game's id, a name that is no id), naming it and why: dropped without a word, a
    club looked in vain for the game it had put there."""
    for skipped in settings.skipped_added_games():
        why = skipped.why_ja if lang() == "ja" else skipped.why
        st.warning(t("added_skipped", file=as_code(short_path(skipped.path)), why=as_typed(why)),
                   icon=":material/warning:")


def _add_panel() -> None:
    """Add a club's own game from its rules file: chosen or pasted, validated as the editor validates a table."""
    _skipped_said()
    with st.expander(rules_text("add_game"), expanded=ADD_ERROR in st.session_state):
        where = rules_text("add_where", folder=short_path(settings.added_dir()))
        limits = t("add_limits", kinds=settings.MAX_ADDED_KINDS, kb=settings.MAX_ADDED_BYTES // 1024)
        st.caption(rules_text("add_help"), help=f"{where}\n\n{limits}")  # a path ends the first: a paragraph each
        uploader_words(ADD_FILE_KEY, ["toml"])
        st.file_uploader(rules_text("add_file"), type=["toml"], key=ADD_FILE_KEY)
        st.text_area(rules_text("add_text"), height=160, key="rules_add_text")
        st.button(rules_text("add_button"), key="rules_add", on_click=_add, args=(ADD_FILE_KEY,))
        if error := st.session_state.pop(ADD_ERROR, None):  # said once: the text stays to be fixed
            st.error(error)


def _remove(game_id: str) -> None:
    """Remove an added game (``settings.remove_game``); the picker goes back to the first game."""
    name = as_typed(settings.game_label(game_id, lang()))
    sets = resources.taught_with_file(game_id)  # named before the file is moved: they read with it
    try:
        kept = settings.remove_game(game_id)
    except (GameFileError, OSError) as exc:
        st.session_state[REMOVE_ERROR] = error_text(exc) if isinstance(exc, GameFileError) else os_error_text(exc)
        return
    st.session_state[GAME_KEY] = settings.games()[0]
    for prefix in ("rules_text_", "rules_base_", "rules_draft_"):
        st.session_state.pop(f"{prefix}{game_id}", None)
    st.session_state["rules_flash"] = (rules_text("removed", game=name, folder=short_path(kept))
                                       + _sets_said("removed_sets", sets))


def _sets_said(key: str, sets: list[str]) -> str:
    """The tile sets taught for an added game's file (``resources.taught_with_file``), said after the Remove button's
    help or the removed message (``key``); "" where there are none."""
    if not sets:
        return ""
    return (" " if lang() != "ja" else "") + rules_text(key, sets=", ".join(f"`{n}`" for n in sets))


REMOVE_ERROR = "rules_remove_error"


ADD_FILE_KEY = f"rules_add_file_{st.session_state.get('rules_add_n', 0)}"
st.title(t("page_rules"), anchor=False)  # no "Link to heading" tab stop
game = game_select(rules_link=False)  # this page fixes a broken table itself
if flash := st.session_state.pop("rules_flash", None):
    st.success(flash)
if kept_said := st.session_state.pop(KEPT, None):
    st.caption(kept_said)
chosen = st.session_state.get(GAME_KEY, "")
if game is not None:
    try:  # (a house table whose id was edited by hand is refused by the game picker: settings.app_game)
        house_parts(game)  # a riichi table's [house] is read by this page only
    except GameFileError as exc:
        st.error(error_text(exc))
        game = None
if game is None and ((settings.edited_path(chosen) or settings.added_path(chosen)) is not None
                     or settings.dangling_edits(chosen)):
    # a saved edit that no longer loads, an added game's own file edited by hand past loading, or an edit that is a
    # link to no file (Restore moves it aside): fixed here
    _editor(chosen, settings.edited_path(chosen), broken=True)
if game is not None:
    st.subheader(t("rules_for", game=as_typed(name_of(game))), anchor=False)  # a club's file names it: as written
    edited = settings.edited_path(game.id)
    added_file = settings.added_path(game.id)
    in_use = edited or added_file  # shown short; the full path in the caption's help, to copy, on the laptop alone
    table, house = yaku_table(game)
    # which table scores, said once: "House table" for the shipped one with the organiser's defaults (not also
    # "Scoring with the shipped default table"), "Official table" for the shipped one without, never for an edit
    if edited or added_file:
        st.caption(t("edited_in_use", path=short_path(edited)) if edited else
                   rules_text("added_in_use", path=short_path(added_file)),
                   help=str(in_use) if is_local_visitor() else None)  # the laptop's folders: its own visitor's
    elif not house:
        st.caption(t("shipped_in_use"))
    try:  # tilelens updated since the edit was made: what the box changed, in words
        _shipped_news(game)
    except Exception:  # noqa: BLE001 - whatever fails in it, the editor and its Restore below are still drawn
        button = rules_text("reset_added") if game.id in settings.added_games() else t("reset_table")
        st.warning(t("news_failed", button=button), icon=":material/update:")
    if house:
        st.info(t("house_table"), icon=":material/home:")
    elif added_file and not edited:  # a game added in the app is the club's own table, not an official one
        st.caption(rules_text("added_table"))
    elif not edited:  # an edited table is the club's (said above), never the official one
        st.caption(t("official_table"))
    st.table(table, hide_index=True)  # a static table: it wraps on a phone; its cells are markdown
    if has_local_yaku(game):  # listed, but the app scores none of them until the organiser switches them on
        st.caption(rules_text("local_not_scored"))
    if details := yaku_details(game):  # the whole shape, and what a local or house yaku means, one yaku a fold
        st.caption(rules_text("yaku_more"))
        for label, lines in details:
            with st.expander(label):
                for line in lines:
                    st.markdown(line)
    if game.engine == "riichi":
        st.caption(t("han_open_note"))
    if house_parts(game):
        st.caption(rules_text("house_parts", parts=house_parts_said(game)))
    st.markdown(f"**{t('table_rules')}**\n" + "".join(f"\n- {line}" for line in table_summary(game)))
    with st.expander(t("tiles_of_game")):
        st.dataframe(tiles_table(game), hide_index=True, key="rules_tiles")
    _editor(game.id, edited, notes=tuple(organiser_notes(game)))
if chosen in settings.added_games():  # a club's own game: removed here (a shipped one cannot be)
    if error := st.session_state.pop(REMOVE_ERROR, None):
        st.error(error)
    help_text = rules_text("remove_help") + _sets_said("remove_sets", resources.taught_with_file(chosen))
    st.button(rules_text("remove"), key="rules_remove", help=help_text, on_click=_remove,
              args=(chosen,), icon=":material/delete:")
_add_panel()
