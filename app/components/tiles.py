"""Tile pictures on screen: the hand as a strip to tap, the picker that corrects a tile, the palette.

The hand of a page lives in ``st.session_state[f"{prefix}_tiles"]`` (tile ids in hand order); the
tile being corrected in ``f"{prefix}_edit"``. Widgets change them through callbacks, so a correction is
in place before the page scores again in the same run.
"""
from __future__ import annotations

import json
from collections.abc import Container, Mapping, Sequence

import streamlit as st

from app.components.common import NARROW, ZWSP, as_typed, phrase_breaks, style
from app.components.i18n import STRINGS, attribute_name, attribute_value, lang, name_of, said, t, text_in
from app.components.resources import face_picture
from scorer import Game, ScoreResult, TileKind
from scorer.attribute_names import values_in_order
from scorer.riichi_rules import FivesTold, fives_told

STRIP_W = 52
PICK_W = 52

# This component's own words (both languages), looked up as other components keep theirs (``i18n.text_in``).
WORDS = {
    "meld_took": ("{tiles}を手牌から鳴き ({meld}) に移しました。鳴きの牌は手の内の牌に数えません。",
                  "Moved {tiles} from the hand into the meld ({meld}): a meld's tiles are not counted in the hand."),
    "ankan_rest": (" 暗カンの残り {n}枚は写真で伏せてある (または読めなかった) 牌として数えます。",
                   " The closed kan's other {n} are the tiles the photo shows face down (or did not read)."),
    "copies_of": ("{name} {n}枚", "{n} × {name}"),
    "list_sep": ("、", ", "),
    "find": ("名前で探す", "Find a tile by name"),
    "find_none": ("「{name}」という名前の牌はありません。", "No tile is named like '{name}'."),
    # a Find box whose name is not among the tiles of the type pill chosen, but among others' (``find_by_name``)
    "find_other_type": ("「{name}」は{chosen}にはありません。{types}の牌を出しています。",
                        "No {chosen} tile is named like '{name}': showing the {types} ones."),
    "type_sep": ("・", " and "),
    # the picker's first suggestion, once the tile was changed by hand: the tile as the photo read it (``as_read``)
    "as_read": ("読んだまま: {name}", "As read: {name}"),
    # a tile whose every copy is in the hand already, marked in the picker's grid (``held_elsewhere``)
    "in_hand": ("手牌の{places}枚目", "in hand: tile {places}"),
    "in_hand_many": ("手牌の{places}枚目", "in hand: tiles {places}"),
    "place_sep": ("・", ", "),
    "in_meld": ("鳴きにあります", "in a meld"),
}


def word(key: str, **fmt) -> str:
    """This component's word ``key`` (``WORDS``) in the screen's language."""
    return text_in(WORDS, key, **fmt)


def hand(prefix: str) -> list[str]:
    """The page's hand (tile ids), created empty on first use."""
    return st.session_state.setdefault(f"{prefix}_tiles", [])


def set_hand(prefix: str, tiles: Sequence[str]) -> None:
    """Replace the page's hand and close any open picker."""
    st.session_state[f"{prefix}_tiles"] = list(tiles)
    st.session_state[f"{prefix}_edit"] = None


def editing(prefix: str) -> int | None:
    """The index of the tile whose picker is open, if any."""
    index = st.session_state.get(f"{prefix}_edit")
    return index if isinstance(index, int) and 0 <= index < len(hand(prefix)) else None


def short_name(kind: TileKind) -> str:
    """The name printed under a tile picture."""
    return name_of(kind) if lang() == "ja" or not kind.id.isascii() else kind.name_en


# The tiara mark (Cinderella Girls' 歴代シンデレラガール; its skills use it): the game file's attribute and value, which
# the classifier reports of the kind it reads (its ``class_attrs``: `tilelens read` says ティアラ=あり)
TIARA = ("tiara", "yes")
# the badge: Streamlit's own icon font draws it (an emoji was a blank box where the browser has no emoji font); a
# strip's cell is 52 px, no room for a word
CROWN = ":orange[:material/crown:]"


def has_tiara(kind: TileKind) -> bool:
    """Whether a tile has the tiara mark (``TIARA``): shown by a badge in the hand strip and the picker."""
    return kind.attrs.get(TIARA[0]) == TIARA[1]


def picture(game: Game, tile_id: str, width: int) -> bytes:
    """A tile's picture (JPEG bytes). Shown with ``output_format="JPEG"``: Streamlit then opens it once (its size),
    not twice (its format too)."""
    kind = game.tile(tile_id)
    return face_picture(game.id, kind.id, kind.name_ja, width, riichi=game.engine == "riichi")


# Streamlit gives every picture a toolbar with a full-screen button, shown on a tap on a phone: over a tile
# picture it opened a full-screen view of a 52 px tile, and its button lay on the tile button of the row
# above. The tile pictures are for tapping their buttons, so their toolbars are hidden.
_NO_TOOLBAR = '[class*="st-key-{key}"] [data-testid="stElementToolbar"] {{ display: none; }}'


# The hand strip on a phone: cells 64 px wide 16 px apart gave four tiles a row (a riichi hand four rows of
# 125 px, the result three screens down). A cell as wide as its picture, with its number button's padding
# narrowed (48 px left for a flagged tile's warning icon and its number) gives six a row on a 358 px page.
# Cells 4 px apart: 8 px wrapped a 14-tile riichi hand 13 + 1 on a 1280 px laptop (820 px beside the sidebar,
# the hand 832 px); 4 px apart it is 780 px, and seven a row would still need 388 px on the phone.
STRIP_GAP = "xxsmall"
# A number button's tile name (``strip_label``, in <em>) is for a screen reader: hidden from sight only (the button
# read "1, button": its tooltip, the name, is not read). Hidden in the line (no size, clipped), not taken out of it:
# an <em> positioned absolute is a block to the browser, and the name read had a space before its 、 ("1 、一萬").
STRIP_CSS = ('.st-key-{key} .stButton button {{ padding-left: 0.125rem; padding-right: 0.125rem; min-width: 0; }}\n'
             '.st-key-{key} .stButton button em {{ font-size: 0; clip-path: inset(50%); }}')

# markdown's punctuation (and Streamlit's ":" of its :material/...: and :color[...] directives), escaped in a name
_MARKDOWN = set("\\`*_[]<>|~:$")


def strip_label(number: int, name: str, flagged: bool, language: str, call: str | None = None) -> str:
    """The hand strip's button of tile ``number``: the number shown, then (emphasised, hidden by ``STRIP_CSS``) its
    tile's ``name``, the ``call`` of the meld it is in ("pon"), and, when ``flagged``, that it was read with low
    confidence, in ``language``, for a screen reader: "1、一萬 (ポン)".

    The emphasis follows the number with no space (a screen reader said "1 、一萬"): a zero-width space opens it,
    as markdown opens none after a digit where 、 or "," follows."""
    ja = language == "ja"
    named = f"{name} ({call})" if call else name
    key = flagged if isinstance(flagged, str) else "unsure_alt"  # a stand-in says so ("stand_in_alt"), else unsure
    said = STRINGS[key][0 if ja else 1].format(name=named) if flagged else named
    escaped = "".join(f"\\{ch}" if ch in _MARKDOWN else ch for ch in said)
    return f"{number}*{ZWSP}{'、' if ja else ', '}{escaped}*"


# A tap on a tile's picture on a touch tablet (a desktop browser's user agent, as an iPad's) showed its button's tooltip
# (its name) as the press began, above the button: over the picture's lower half, under the finger. The release was
# the tooltip's and the click nobody's: the picker did not open. While a cell's button is hovered (a finger's tap
# hovers it) the tooltips let taps through to it (a mouse's too; a "?" icon's tooltip elsewhere is left as it is).
_PRESSED = 'body:has(.st-key-{key} [class*="st-key-{cell}"] .stButton button:hover)'
_TOOLTIP_TAPS_THROUGH = (f'{_PRESSED} [role="tooltip"], {_PRESSED} [role="tooltip"] * '
                         '{{ pointer-events: none; }}')

# The tile's picture is its button's tap target too: the strip said "Tap a tile to correct it", and a tap on the picture
# did nothing (only the number button under it opened the picker). The button's ::after is laid over its whole cell
# (the cell positioned, the button's own element container, which Streamlit positions, not), so a tap anywhere on the
# cell is the button's, and the button, hovered, lights up with the picture. A screen reader still reads the button's
# label and the picture's text, as before. ``key``: the strip's (or grid's) container, ``cell``: its cells' keys' start.
TAP_CELL_CSS = ('.st-key-{key} [class*="st-key-{cell}"] {{ position: relative; }}\n'
                '.st-key-{key} [class*="st-key-{cell}"] .stElementContainer:has(.stButton) {{ position: static; }}\n'
                '.st-key-{key} [class*="st-key-{cell}"] .stButton button::after '
                '{{ content: ""; position: absolute; inset: 0; }}\n' + _TOOLTIP_TAPS_THROUGH)
# The tiara's crown, a badge on its tile's picture (top right): drawn under the tile's button it sat in the gap above
# the next row's tile, as much that tile's as its own. Taps go through it to the button (``TAP_CELL_CSS``).
CROWN_CSS = ('.st-key-{key} [class*="st-key-{crown}"] {{ position: absolute; top: 0.125rem; right: 0.125rem; '
             'width: auto; z-index: 1; pointer-events: none; }}\n'
             '.st-key-{key} [class*="st-key-{crown}"] p {{ margin: 0; padding: 0 0.125rem; line-height: 1.25; '
             'border-radius: 0.5rem; background: rgba(255, 255, 255, 0.9); }}')


def tap_cell_css(key: str, cell: str) -> str:
    """The rules that make each picture of the container keyed ``key`` its cell's button's tap target
    (``TAP_CELL_CSS``; ``cell``: the start of its cells' keys)."""
    return TAP_CELL_CSS.format(key=key, cell=cell)


EDITED_CSS = '.st-key-{key} {{ outline: 3px solid rgb(250, 190, 0); border-radius: .5rem; }}'


def no_toolbars_css(key: str) -> str:
    """The rule that hides the picture toolbars inside the containers whose key starts with ``key``."""
    return _NO_TOOLBAR.format(key=key)


def tile_strip(game: Game, prefix: str, low: Sequence[bool] = (), tappable: bool = True,
               tags: dict[int, str] | None = None) -> None:
    """The hand as pictures in hand order; ⚠ marks low-confidence tiles, 👑 a tile with the tiara (``has_tiara``); a
    tap opens the picker. ``tags``: a word under some tiles (the meld a tile belongs to)."""
    tiles = hand(prefix)
    tags = tags or {}
    fixing = editing(prefix) if tappable else None
    # the tile the picker below corrects, marked as the picker's photo crop is (on a phone the picker's header
    # scrolled away, and nothing in the strip said which tile was open)
    marked = f"\n{EDITED_CSS.format(key=f'{prefix}_cell_{fixing}')}" if fixing is not None else ""
    style(f"{no_toolbars_css(f'{prefix}_strip')}\n{STRIP_CSS.format(key=f'{prefix}_strip')}\n"
          f"{tap_cell_css(f'{prefix}_strip', f'{prefix}_cell_')}\n"
          f"{CROWN_CSS.format(key=f'{prefix}_strip', crown=f'{prefix}_crown_')}{marked}")
    row = st.container(horizontal=True, gap=STRIP_GAP, key=f"{prefix}_strip")
    for i, tile_id in enumerate(tiles):
        kind = game.tile(tile_id)
        flagged = i < len(low) and low[i]
        with row.container(width=STRIP_W, gap=None, key=f"{prefix}_cell_{i}"):
            # its name as the picture's text (a screen reader's; the button shows the number, its tooltip the
            # name), a doubtful tile's said to be checked in words (its button is told apart by red and an icon)
            # a called meld's tile says its call ("White dragon (pon)"), as the photo's text says it
            named = name_of(kind)
            marks = [tags[i]] if i in tags else []
            crowned = has_tiara(kind)
            marks += [attribute_name(TIARA[0], game)] if crowned else []  # "島村卯月 (ティアラ)"
            alt = f"{named} ({word('list_sep').join(marks)})" if marks else named
            said = t(flagged if isinstance(flagged, str) else "unsure_alt", name=alt) if flagged else alt
            # a tappable tile's button says it (``strip_label``): its picture, said too, read the tile twice; it
            # says only the tiara, which the button does not (the crown is an unread icon)
            st.image(picture(game, tile_id, STRIP_W), width=STRIP_W, output_format="JPEG",
                     alt=(marks[-1] if crowned else "") if tappable else said)
            label = str(i + 1)
            if tappable:
                icon = ":material/edit:" if i == fixing else ":material/warning:" if flagged else None
                st.button(strip_label(i + 1, named, flagged, lang(), tags.get(i)), key=f"{prefix}_tile_{i}",
                          help=as_typed(name_of(kind)), on_click=_open, args=(prefix, i),
                          type="primary" if flagged else "secondary", width="stretch", icon=icon)
            else:
                st.caption(label)
            if i in tags:
                st.caption(f":blue[{tags[i]}]")
            if crowned:  # a badge on the picture (``CROWN_CSS``): the cells' pictures and buttons stay in line
                with st.container(key=f"{prefix}_crown_{i}", width="content"):
                    st.caption(CROWN)


def removable_strip(game: Game, key: str, chosen: Sequence[str], said: Sequence[str], on_remove, args: tuple,
                    width: int) -> None:
    """The tiles ``chosen`` (ids) as pictures ``width`` px wide in a row (the container ``{key}_row``), each over a ✕
    button (``{key}_remove_N``) that calls ``on_remove(*args, N, tile_id)``; a tap on a picture is its button's
    (``tap_cell_css``), and no picture has a toolbar (its Fullscreen button a Tab stop, unseen). A button's words,
    ``said[N]``, are its tooltip and, hidden by ``STRIP_CSS``, a screen reader's: five fit a phone's row (the words
    shown beside the ✕ put one a row)."""
    style(f"{no_toolbars_css(f'{key}_row')}\n{tap_cell_css(f'{key}_row', f'{key}_chosen_')}\n"
          f"{STRIP_CSS.format(key=f'{key}_row')}")
    with st.container(horizontal=True, gap="xsmall", key=f"{key}_row"):
        for i, (tile_id, words) in enumerate(zip(chosen, said)):
            with st.container(width=width + 8, gap=None, key=f"{key}_chosen_{i}"):
                # decorative: the button says which tile it is
                st.image(picture(game, tile_id, width), width=width, output_format="JPEG", alt="")
                st.button(f"*{as_typed(words)}*", key=f"{key}_remove_{i}", icon=":material/close:", help=words,
                          on_click=on_remove, args=(*args, i, tile_id), width="stretch")


def _open(prefix: str, index: int) -> None:
    current = st.session_state.get(f"{prefix}_edit")
    st.session_state[f"{prefix}_edit"] = None if current == index else index
    st.session_state.pop(f"{prefix}_pick_find", None)  # the picker's Find box: the name looked for the last tile gone


def set_tile(prefix: str, index: int, tile_id: str) -> None:
    """Tile ``index`` of the page's hand becomes ``tile_id`` (a callback: the picker's tiles)."""
    tiles = hand(prefix)
    tiles[index] = tile_id
    st.session_state[f"{prefix}_edit"] = None
    st.session_state[f"{prefix}_version"] = st.session_state.get(f"{prefix}_version", 0) + 1


def remove_tile(prefix: str, index: int) -> None:
    """Take tile ``index`` out of the page's hand (and its box out of the photo's reading)."""
    hand(prefix).pop(index)
    st.session_state[f"{prefix}_edit"] = None
    reading = st.session_state.get(f"{prefix}_reading")
    less = reading.without(index) if hasattr(reading, "without") else reading
    if less is not reading:  # a photo's reading drops the box too, so numbers stay in step (a tile added by
        st.session_state[f"{prefix}_reading"] = less  # hand has none: nothing of the photo changed)
        st.session_state[removed_key(prefix)] = True  # a person's change, though hand and reading agree


def removed_key(prefix: str) -> str:
    """The session key saying a tile was taken out of the photo's reading since it was read."""
    return f"{prefix}_removed"


def added_by_hand(prefix: str, boxed: Sequence[str]) -> list[str]:
    """The tiles of the page's hand added by hand (the palette's): those past the ``boxed`` ones, a photo's
    reading's face-up tiles, which come first in the hand."""
    return hand(prefix)[len(boxed):]


def boxes_changed(prefix: str, boxed: Sequence[str]) -> bool:
    """True when a person changed a tile of a photo's reading (``boxed``, its face-up tiles) or took one out
    since it was read; a tile added by hand, or added and taken out again, is no change of the photo's."""
    return hand(prefix)[:len(boxed)] != list(boxed) or bool(st.session_state.get(removed_key(prefix), False))


def typed_meld_tiles(prefix: str) -> list[list[str]]:
    """The tiles of each meld typed (or tapped) in the page's melds box; a text that is no meld is left out."""
    from app.components.options import _meld_ids, parse_meld_text

    melds = (_meld_ids(spec) for spec in parse_meld_text(st.session_state.get(f"{prefix}_melds") or ""))
    return [tiles for tiles in melds if tiles is not None]


def _meld_tiles(game: Game, prefix: str) -> list[list[str]]:
    """The tiles of the page's typed melds, for a game that has melds."""
    return typed_meld_tiles(prefix) if game.engine == "riichi" else []


def plays_red_fives(game: Game) -> bool:
    """Whether the game's table plays red fives as tiles of their own: a riichi table's ``[riichi] red_fives``
    (true by default); a Donjara game, whose tiles are each its own, True."""
    if game.engine != "riichi":
        return True
    from scorer.riichi_rules import rules_for

    return rules_for(game).red_fives


def played_kinds(game: Game) -> list[TileKind]:
    """The game's tiles as its table plays them: a riichi table without red fives (``plays_red_fives``) has no
    0m/0p/0s to offer (the scorer reads one there as a plain five: its copy is the plain five's,
    ``played_copies``). The one rule of the meld builder, the indicator pickers and the palette (``_filtered``)."""
    if plays_red_fives(game):
        return list(game.tiles)
    return [k for k in game.tiles if not k.id.startswith("0")]


def played_copies(game: Game, tile_id: str) -> int:
    """The copies of ``tile_id`` the table plays (``TileKind.copies``): without red fives a plain five has the red
    one's copy too (four 5m, as the scorer counts them), with them the set's three (the scorer's rule,
    ``scorer.riichi_rules.copies_at_table``, of the set's copies). A riichi tile the set leaves out (a house set's
    red fives) has none, as the scorer counts it (``set_copies``)."""
    from scorer.riichi_rules import copies_at_table, set_copies

    in_set = set_copies(game) if game.engine == "riichi" else game.inventory()
    return copies_at_table(tile_id, plays_red_fives(game), in_set)


def red_five(game: Game, tile_id: str) -> str | None:
    """The red five the table plays beside the plain five ``tile_id`` (0m beside 5m) where the set has one (a house
    set may have none, or red 5p alone), as the scorer counts it (``scorer.riichi_rules.red_beside``); None for any
    other tile, at a table without red fives (``plays_red_fives``) and in a Donjara game. What the meld builder puts
    in a kan or a chi of fives."""
    if game.engine != "riichi":
        return None
    from scorer.riichi_rules import red_beside, set_copies

    return red_beside(tile_id, plays_red_fives(game), set_copies(game))


def no_copy_left(game: Game, tiles: Sequence[str], melds: Sequence[Sequence[str]], tile_id: str) -> bool:
    """True when ``tiles`` and ``melds`` already hold every copy the table plays of ``tile_id`` (``played_copies``),
    or as many of its kind as riichi plays (``over_most``: a house set's fifth East of eight)."""
    held = held_with_melds(tiles, melds)
    return held.count(tile_id) >= played_copies(game, tile_id) or over_most(game, [*held, tile_id]) is not None


def held_with_melds(tiles: Sequence[str], melds: Sequence[Sequence[str]]) -> list[str]:
    """The tile ids of ``tiles`` and of each of ``melds``, in one list."""
    return [*tiles, *(tile for meld in melds for tile in meld)]


def over_most(game: Game, tiles: Sequence[str]) -> str | None:
    """The scorer's refusal, in the screen's language, where ``tiles`` (a riichi hand and its melds, as a tap would
    leave them) hold more of a kind (a red five counted with its plain one) than riichi plays
    (``scorer.riichi_hand.MOST_OF_A_KIND``), a house set's fifth East of eight among them; None where none is over.
    The scorer refuses such a hand whatever the set's copies: a tap is refused in its words at once."""
    from collections import Counter

    if game.engine != "riichi":
        return None
    from scorer.riichi_hand import MOST_OF_A_KIND, check_hand_copies
    from scorer.riichi_tiles import RiichiInputError

    kinds = Counter(at_table(tile, False) for tile in tiles)  # 0m counted as 5m: one kind
    over = {kind for kind, n in kinds.items() if n > MOST_OF_A_KIND}
    if not over:
        return None
    try:
        check_hand_copies(game, [tile for tile in tiles if at_table(tile, False) in over])
    except RiichiInputError as exc:
        return said(str(exc), exc.message_ja)
    return None


def meld_refused(game: Game, prefix: str, meld: Sequence[str]) -> bool:
    """True, said as the palette says it, when ``meld`` (a meld's tile ids, as the meld builder makes it) and
    the page's typed melds hold more copies of a tile than the set has beside the hand. The hand's copies that
    ``take_meld_tiles`` takes into the meld are not counted: a meld's tiles standing loose in the hand (a closed
    kan's two faces read as the hand's) are no reason to refuse it. More of a kind than riichi plays (a kan of a
    house set's eight Easts beside an East in the hand) is refused in the scorer's words (``over_most``)."""
    from collections import Counter

    tiles = hand(prefix)
    melds = [*_meld_tiles(game, prefix), list(meld)]
    in_melds = Counter(tile for m in melds for tile in m)
    rest = Counter(tiles)
    for tile_id in dict.fromkeys(meld):
        loose = tiles.count(tile_id) - _to_take(game, tile_id, tiles.count(tile_id), in_melds[tile_id])
        rest[tile_id] = loose
        if loose + in_melds[tile_id] > played_copies(game, tile_id):
            refuse_no_copy(game, prefix, tile_id)
            return True
    over = over_most(game, [*rest.elements(), *in_melds.elements()])
    if over:
        st.session_state[f"{prefix}_refused"] = over
    return over is not None


TAKEN_FROM = 2  # a meld's tiles loose in the hand are taken into it from two copies on: a lone copy beside a
# closed kan tapped (234m beside 3333m) is more likely the hand's own, and the kan is refused as before


def _to_take(game: Game, tile_id: str, loose: int, in_melds: int) -> int:
    """How many of the ``loose`` copies of ``tile_id`` in the hand go into the melds that hold ``in_melds``
    of it: none while the set has copies enough for both, and riichi plays as many (four of a kind of a house set of
    eight Easts: ``MOST_OF_A_KIND``), else as many as the melds hold (from ``TAKEN_FROM`` loose copies on)."""
    from scorer.riichi_hand import MOST_OF_A_KIND

    if loose < TAKEN_FROM or loose + in_melds <= min(played_copies(game, tile_id), MOST_OF_A_KIND):
        return 0
    return min(loose, in_melds)


def take_meld_tiles(game: Game, prefix: str) -> list[str]:
    """Take out of the page's hand the copies of the typed melds' tiles that the set has not beside the melds:
    the melds' own tiles, loose in the hand (a closed kan tapped or typed while the photo's two face-up tiles of
    it stand in the hand: ``ankan 9999s`` beside 9s 9s was "too many 9 Sou: 6 across the hand"). Where a tile is
    over, as many of its copies as the melds hold are taken, the rightmost first (melds lie at the hand's
    right), each with its box in the photo's reading; a lone copy stays (``TAKEN_FROM``). Then, where the hand
    is over its size by exactly the tiles of some of the melds (``_melds_over``: the whole 14-tile hand typed
    with its chi, ``234m456p789s55z666z`` and ``chi 234m``; a red five matched as itself), those are taken too.
    Said in a toast (``show_refused``); returns the tile ids taken (none: nothing changed). Copies still over are
    left for the scorer to refuse."""
    if game.engine != "riichi":
        return []
    from collections import Counter

    melds = _meld_tiles(game, prefix)
    tiles = hand(prefix)
    taken: list[str] = []
    for tile_id, in_melds in Counter(tile for meld in melds for tile in meld).items():
        for _ in range(_to_take(game, tile_id, tiles.count(tile_id), in_melds)):
            remove_tile(prefix, len(tiles) - 1 - tiles[::-1].index(tile_id))
            taken.append(tile_id)
    for tile_id in _melds_over(tiles, melds, game.hand_size - 3 * len(melds)):
        remove_tile(prefix, len(tiles) - 1 - tiles[::-1].index(tile_id))
        taken.append(tile_id)
    if taken:
        _say_taken(game, prefix, taken, melds)
    return taken


def _melds_over(tiles: Sequence[str], melds: Sequence[Sequence[str]], size: int) -> list[str]:
    """The tiles of the melds that ``tiles``, a hand of ``size`` beside them, holds over its size: the tiles of the
    one set of melds that are all in the hand and number exactly as many as it is over (none where no set, or
    more than one, does: a hand of the right size, or one that could be either meld's, is left as it is).

    >>> _melds_over(["2m", "3m", "4m", "5z", "5z"], [["2m", "3m", "4m"]], 2)
    ['2m', '3m', '4m']
    >>> _melds_over(["4p", "0p", "6p", "5z", "5z"], [["4p", "5p", "6p"]], 2)  # the red five is not a plain one
    []
    """
    from collections import Counter
    from itertools import combinations

    over = len(tiles) - size
    if over <= 0:
        return []
    held = Counter(tiles)
    found = [[tile for meld in chosen for tile in meld]
             for n in range(1, len(melds) + 1) for chosen in combinations(melds, n)
             if sum(map(len, chosen)) == over]
    found = [these for these in found if not Counter(these) - held]
    return found[0] if len({tuple(sorted(these)) for these in found}) == 1 else []  # two alike melds: one set


def _say_taken(game: Game, prefix: str, taken: Sequence[str], melds: Sequence[Sequence[str]]) -> None:
    from collections import Counter

    from app.components.options import parse_meld_text

    counts = Counter(taken)
    tiles = word("list_sep").join(word("copies_of", name=as_typed(name_of(game.tile(k))), n=n)
                                  for k, n in counts.items())
    specs = [spec for spec in parse_meld_text(st.session_state.get(f"{prefix}_melds") or "")
             if set(counts) & set(_spec_ids(spec))]
    text = word("meld_took", tiles=tiles, meld=word("list_sep").join(meld_words(s) for s in specs))
    for spec in specs:
        if spec.startswith("ankan:"):
            rest = 4 - sum(counts[k] for k in set(_spec_ids(spec)))
            if rest > 0:
                text += word("ankan_rest", n=rest)
    st.session_state[f"{prefix}_moved"] = text


def _spec_ids(spec: str) -> list[str]:
    from scorer.result import TilelensInputError
    from scorer.riichi_tiles import parse_meld, tile_ids

    try:
        return tile_ids(parse_meld(spec).codes)
    except TilelensInputError:
        return []


JA_DIGITS = "一二三四五六七八九"
JA_SUITS = {"m": "萬", "p": "筒", "s": "索"}
JA_HONOURS = "東南西北白發中"


def tiles_ja(tile_ids: Sequence[str]) -> str:
    """Riichi tiles as a Japanese player writes them (and ``scorer.riichi_tiles.parse_mpsz`` reads them):
    kanji numerals, each run of one suit closed by its suit, 赤 before a red five, honours by their kanji.

    >>> tiles_ja(["6s", "7s", "8s"]), tiles_ja(["5z"] * 3), tiles_ja(["0m", "5m", "5m", "5m"])
    ('六七八索', '白白白', '赤五五五五萬')
    """
    out, run, suit = [], "", ""
    for tile_id in tile_ids:
        digit, kind = tile_id[0], tile_id[1:]
        if kind != suit and run:
            out.append(run + JA_SUITS[suit])
            run = ""
        suit = kind
        if kind == "z":
            out.append(JA_HONOURS[int(digit) - 1])
        else:
            run += "赤五" if digit == "0" else JA_DIGITS[int(digit) - 1]
    if run:
        out.append(run + JA_SUITS[suit])
    return "".join(out)


def meld_words(spec: str) -> str:
    """A meld as a player says it: ``"pon:555z"`` -> ``"ポン 白白白 (555z)"`` on a Japanese screen (the
    notation, as typed in the melds box, kept in brackets), ``"pon 555z"`` on an English one; a text that is
    no meld as ``options.meld_text`` has it."""
    kind, _, tiles = spec.partition(":")
    named = t("meld_" + kind) if f"meld_{kind}" in _MELD_KEYS else kind
    ids = _spec_ids(spec)
    if lang() == "ja" and ids:
        return f"{named} {tiles_ja(ids)} ({tiles})"
    return f"{named} {tiles}"


_MELD_KEYS = {"meld_chi", "meld_pon", "meld_kan", "meld_ankan", "meld_kakan"}


def within_copies(game: Game, prefix: str, tiles: Sequence[str],
                  added: Sequence[str]) -> tuple[list[str], list[str]]:
    """The tiles of ``added`` that may follow ``tiles`` (a new reading's) as the palette would add them, one by
    one, a tile the set has no copy left of (beside those and the page's melds) refused; and those refused."""
    melds = _meld_tiles(game, prefix)
    kept: list[str] = []
    refused: list[str] = []
    for tile_id in added:
        (refused if no_copy_left(game, [*tiles, *kept], melds, tile_id) else kept).append(tile_id)
    return kept, refused


def _add(game: Game, prefix: str, full: bool, tile_id: str) -> None:
    """A callback: ``tile_id`` joins the hand, unless the set has no copy of it left (the hand and the
    melds hold them all) or, ``full``, the hand already holds all its tiles: then said in one line, and
    nothing changes."""
    tiles = hand(prefix)
    melds = _meld_tiles(game, prefix)
    size = game.hand_size - 3 * len(melds)
    if no_copy_left(game, tiles, melds, tile_id):
        refuse_no_copy(game, prefix, tile_id, held_with_melds(tiles, melds))
    elif full and len(tiles) >= size:
        st.session_state[f"{prefix}_refused"] = t("hand_full", n=size)
    else:
        tiles.append(tile_id)


# The words of each of the scorer's ways of telling a set's fives (``scorer.riichi_rules.fives_told``)
_NO_COPY_KEYS = {FivesTold.COPIES: "no_more_copies", FivesTold.FOURTH_RED: "no_more_copies_red",
                 FivesTold.PLAIN_AND_RED: "no_more_copies_reds", FivesTold.RED_ONLY: "no_plain_five"}


def refuse_no_copy(game: Game, prefix: str, tile_id: str, held: Sequence[str] = ()) -> None:
    """Say (in the toast of the palette or the picker, whichever is drawn first) that the set has no copy of
    ``tile_id`` left: the hand and its melds hold them all; told as the scorer tells the set's fives
    (``scorer.riichi_rules.fives_told``: a standard set's fourth five is its red one, a house set's are said by its
    counts). A riichi tile the set leaves out (a meld's plain 5p beside red ones alone) is named as the standard set
    names it, and said to be none. Where ``held`` (the hand's and melds' tiles before the tap) keeps copies of the
    tile left but already as many of its kind as riichi plays (a house set's eight Easts), the scorer's words
    (``over_most``)."""
    n = played_copies(game, tile_id)
    if list(held).count(tile_id) < n and (over := over_most(game, [*held, tile_id])):
        st.session_state[f"{prefix}_refused"] = over
        return
    red = red_five(game, tile_id)  # None: no red five played or in the set beside it, the fives all plain
    reds = played_copies(game, red) if red else 0
    key = _NO_COPY_KEYS[fives_told(n, reds)]
    if key == "no_more_copies" and not n:
        key = "no_copy_in_set"
    kind = next((k for k in game.tiles if k.id == tile_id), None) or _standard_tile(tile_id)
    st.session_state[f"{prefix}_refused"] = t(key, name=as_typed(name_of(kind)), n=n, red=red, reds=reds)


def _standard_tile(tile_id: str) -> TileKind:
    """The riichi tile ``tile_id`` as a standard set names it (Tokyo Mahjong's)."""
    from scorer.catalog import load_game
    from scorer.riichi_tiles import GAME_ID

    return load_game(GAME_ID).tile(tile_id)


# A toast's seconds: Streamlit's "short" 4 s was gone before a sentence was read (aloud or by eye)
TOAST_S = 12


def show_refused(prefix: str) -> None:
    """The toast of a tap refused since the page was last drawn, and of a meld's tiles taken out of the hand
    (``take_meld_tiles``): each said once."""
    refused = st.session_state.pop(f"{prefix}_refused", None)
    if refused:
        st.toast(refused, icon=":material/block:", duration=TOAST_S)
    moved = st.session_state.pop(f"{prefix}_moved", None)  # a meld's tiles taken out of the hand (``take_meld_tiles``)
    if moved:
        st.toast(moved, icon=":material/info:", duration=TOAST_S)


def filter_attribute(game: Game) -> str | None:
    """The attribute that splits the game's tiles into a few groups (type, colour, suit), if any."""
    for attr in game.attributes:
        values = {k.attrs.get(attr) for k in game.tiles if k.attrs.get(attr)}
        if 2 <= len(values) <= 6:
            return attr
    return None


# A tile grid's button name (palette, picker, melds) wraps between words only: Streamlit's markdown
# breaks words anywhere (``word-break: break-word``), and its button padding left 62 px of the 88 px
# cell, less than a long given name or family name ("Kobayakawa", 74 px), so "Shimamura Uzuki" read
# "Shimamur / a Uzuki" on a phone. A narrower padding gives the name 78 px; a word still wider breaks only where it cannot fit whole.
# Japanese names have no spaces: a narrow cell broke one inside a word (「宮本フレデ/リカ」, the page's phrase breaks
# keeping the name whole). They break between their words only (``phrase_breaks``: 宮本|フレデリカ), over the page's
# phrase breaks; a word longer than its cell still breaks, never past the cell.
GRID_NAMES_CSS = ('.st-key-{key} .stButton button {{ padding-left: 0.25rem; padding-right: 0.25rem; }}\n'
                  '.st-key-{key} .stButton [data-testid="stMarkdownContainer"] p'
                  ' {{ word-break: keep-all !important; overflow-wrap: anywhere; }}')
# A cell whose button says more than the tile's name (``labels``: "As read: 2 Man", 「読んだまま: 二萬」) broke its words
# over two lines in its 88 px on a phone: it is as wide as its words on one line, up to its grid's width (where they
# wrap, never cut).
LABELLED_CELL_CSS = ('.st-key-{key} > [data-testid="stLayoutWrapper"]:has(> .st-key-{cell})'
                     ' {{ width: max-content; flex: 0 1 auto; }}')


def tile_grid(game: Game, kinds: Sequence[TileKind], key: str, on_click, args: tuple, gap: str = "small",
              labels: dict[str, str] | None = None, held: dict[str, str] | None = None,
              phone_four: bool = False) -> None:
    """Pictures of ``kinds``, each with a button that calls ``on_click(*args, tile_id)`` (``gap``: between the
    cells; ``"xsmall"``, 8 px, fits three 88 px cells in a phone's bordered picker, 292 px wide). ``labels``: a
    button's words other than the tile's name, by tile id (its cell as wide as they are, ``LABELLED_CELL_CSS``);
    ``held``: tiles offered no tap, each with a caption saying why (where the hand holds it). ``phone_four``: four
    cells a row on a phone, as the palette's (``PALETTE_PHONE_CSS``)."""
    if phone_four:
        style(PALETTE_PHONE_CSS.format(key=f"{key}_grid"))
    labels, held = labels or {}, held or {}
    wide = "".join(f"\n{LABELLED_CELL_CSS.format(key=f'{key}_grid', cell=f'{key}_cell_{tile_id}')}"
                   for tile_id in labels)
    style(f"{no_toolbars_css(f'{key}_grid')}\n{GRID_NAMES_CSS.format(key=f'{key}_grid')}\n"
          f"{tap_cell_css(f'{key}_grid', f'{key}_cell_')}{wide}")  # a tap on a picture picks it, as on its name
    grid = st.container(horizontal=True, gap=gap, key=f"{key}_grid")
    for kind in kinds:
        with grid.container(width=PICK_W + 36, gap=None, key=f"{key}_cell_{kind.id}"):
            st.image(picture(game, kind.id, PICK_W), width=PICK_W, output_format="JPEG", alt="")  # decorative: its button names it
            st.button(as_typed(phrase_breaks(labels.get(kind.id, short_name(kind)))), key=f"{key}_{kind.id}",
                      on_click=on_click, args=(*args, kind.id), width="stretch", disabled=kind.id in held)
            if kind.id in held:
                st.caption(held[kind.id])


def _filtered(game: Game, key: str) -> list[TileKind]:
    """The tiles the table plays (``played_kinds``: no red five where it plays none, the pickers' and the meld
    builder's rule), narrowed by the type pills ``{key}_filter`` where the game has them (the almighty always
    shown): the palette's and the hand strip picker's grid of every tile."""
    kinds = played_kinds(game)
    attr = filter_attribute(game)
    if attr is None:
        return kinds
    values = values_in_order(game, attr)  # as the game file lists them (then in tile order)
    chosen = st.pills(t("filter"), values, key=f"{key}_filter", label_visibility="collapsed",
                      format_func=lambda v: attribute_value(attr, v, game))
    return [k for k in kinds if chosen is None or k.attrs.get(attr) == chosen or k.almighty]


# The picker's buttons act only while it is still open on the tile it was drawn for: a button's callback
# gets the arguments of the page's last drawing, so a picture tapped just after another tile of the strip
# would otherwise change the tile the picker was open on before.

def _picked(game: Game, prefix: str, index: int, tile_id: str) -> None:
    """Tile ``index`` becomes ``tile_id``, unless the rest of the hand (and its melds) already holds every copy
    the set has of it: then refused and said as the palette says it, the picker left open on the tile."""
    if editing(prefix) != index:
        return
    others = [tile for i, tile in enumerate(hand(prefix)) if i != index]
    melds = _meld_tiles(game, prefix)
    if no_copy_left(game, others, melds, tile_id):
        refuse_no_copy(game, prefix, tile_id, held_with_melds(others, melds))
    else:
        set_tile(prefix, index, tile_id)
        st.session_state[refocus_key(prefix)] = index


def _remove_picked(prefix: str, index: int) -> None:
    if editing(prefix) == index:
        remove_tile(prefix, index)
        if hand(prefix):  # the tile that took its place (the last, where it was the last)
            st.session_state[refocus_key(prefix)] = min(index, len(hand(prefix)) - 1)


def _close(prefix: str, index: int) -> None:
    if editing(prefix) == index:
        st.session_state[f"{prefix}_edit"] = None
        st.session_state[refocus_key(prefix)] = index


def refocus_key(prefix: str) -> str:
    """The session key of the strip's tile whose button takes the keyboard's focus once the picker has closed."""
    return f"{prefix}_refocus"


# A pick, Cancel or Remove closes the picker, and the button the key was pressed on goes with it: the browser dropped
# the focus to the page body, and the next Tab began far below the hand. The strip's tile takes it (``focus_script``)
# once the picker is gone, only while the focus is still lost or in the picker going away and no key or pointer has
# been pressed since: a person who moved on meanwhile is left where they are. Watched for a while only (the page's
# run comes between). The page scrolls to the tile for a keyboard's focus only (a finger's pick left the page still).
FOCUS_JS = """
(() => {
  const target = %s, picker = %s;
  const acts = ["keydown", "pointerdown"];
  let tries = 0, acted = false;
  const onAct = () => { acted = true; };
  acts.forEach((name) => window.addEventListener(name, onAct, true));
  const check = () => {
    const el = document.activeElement, button = document.querySelector(target);
    const lost = !el || el === document.body || !!(el.closest && el.closest(picker));
    if (!acted && lost && button && !document.querySelector(picker)) {
      button.focus({ preventScroll: true });
      if (button.matches(":focus-visible")) { button.scrollIntoView({ block: "nearest" }); }
    } else if (!acted && lost && ++tries < 200) {  // 10 s: the page's run, however slow
      window.setTimeout(check, 50); return;
    }
    acts.forEach((name) => window.removeEventListener(name, onAct, true));
  };
  check();
})();
"""


def focus_script(prefix: str, index: int) -> str:
    """The script that puts the keyboard's focus on the strip's tile ``index`` once the picker has closed
    (``FOCUS_JS``).

    >>> 'const target = ".st-key-photo_tile_3 button", picker = ".st-key-photo_picker";' in focus_script("photo", 3)
    True
    """
    return FOCUS_JS % (json.dumps(f".st-key-{prefix}_tile_{index} button"), json.dumps(f".st-key-{prefix}_picker"))


def tile_picker(game: Game, prefix: str, alternatives: Sequence[str] = (), tile_crop=None,
                scores: Mapping[str, float] | None = None) -> None:
    """The picker for the tile being corrected: the tile as photographed (``tile_crop(index)``, a photo's
    page: on a phone the photo is a screen above) and as read (with its tiara, ``has_tiara``), likely alternatives
    first (``likely_row``; ``scores``: the classifier's probability of each), then every tile."""
    index = editing(prefix)
    refocus = st.session_state.pop(refocus_key(prefix), None)
    if index is None:
        if refocus is not None:  # run once, in the run after the picker closed
            style("", focus_script(prefix, refocus))
        return
    show_refused(prefix)  # a tile refused (no copy left): said here where no palette is drawn (a photo's page)
    with st.container(border=True, key=f"{prefix}_picker"):
        current = game.tile(hand(prefix)[index])
        crop = tile_crop(index) if tile_crop else None
        row = st.container(horizontal=True, gap="small", vertical_alignment="center")
        with row:
            if crop is not None:  # the photo's own tile, to compare with the pictures below
                st.image(crop, width=STRIP_W, caption=t("hint_photo"), alt="")  # its caption says what it is
            st.image(picture(game, current.id, STRIP_W), width=STRIP_W, output_format="JPEG", alt=name_of(current))
            if has_tiara(current):  # as the strip marks it, in words here (there is room)
                st.caption(f"{CROWN} {attribute_name(TIARA[0], game)}", width="content")
            # a heading (a screen reader's way to the picker), with no link: no "Link to heading" tab stop
            st.subheader(f"{t('fix_tile', i=index + 1)}: {as_typed(name_of(current))}", anchor=False)
        # remove and cancel first: on a phone the grid of every tile is two screens tall
        actions = st.container(horizontal=True, gap="small")
        # a photo's tile may be no tile at all (a reflection, a shadow): said in its help as the way to drop it too
        actions.button(t("remove_tile"), key=f"{prefix}_remove", help=None if crop is None else t("remove_not_tile"),
                       on_click=_remove_picked, args=(prefix, index))
        actions.button(t("cancel"), key=f"{prefix}_cancel", on_click=_close, args=(prefix, index))
        # the tile as the photo read it first, once changed by hand (a change undone in one tap); no tile the rest
        # of the hand holds every copy of (a pick refused): those are marked in the grid of every tile instead
        held = held_elsewhere(game, prefix, index)
        red_fives = plays_red_fives(game)  # none offered where the table plays none (0m read: its 5m)
        read = as_read(prefix, index)
        read = at_table(read, red_fives) if read else None
        # then the tiles the result's near-miss line names for this tile ("by swapping Yuko Hori for Hayate
        # Hisakawa"): the row offered only the classifier's, none of them the one the line named
        likely = [game.tile(a) for a in likely_row(current.id, read, swap_named(game, prefix, current.id), alternatives,
                                                   held, scores, red_fives)]
        if likely:
            st.caption(t("alternatives"))
            labels = {read: word("as_read", name=short_name(game.tile(read)))} if read else {}
            tile_grid(game, likely, f"{prefix}_alt", _picked, (game, prefix, index), labels=labels)
        # the likely ones usually hold the right tile: every tile behind an expander then, so that the
        # picker is short and the score stays in view when it closes
        # the almighty first, then the likely ones, then the rest; three a row on a phone (two with "small" gaps:
        # Yokai Watch's almighty, its last tile, was 14 rows down)
        # Cinderella's 84 idols: found by name too, as in the palette (櫻井桃華 was row 9 of 28 on a phone)
        with st.expander(t("all_tiles"), expanded=not likely, key=f"{prefix}_all_{index}"):
            kinds = find_by_name(game, _filtered(game, f"{prefix}_pick"), f"{prefix}_pick")
            tile_grid(game, first_picks(kinds, likely), f"{prefix}_pick", _picked, (game, prefix, index), gap="xsmall",
                      held=held)


SWAPS_FIRST = 3  # of the tiles a near-miss line names for one tile, those put first in the Likely row (of 6)
LIKELY_ROW = 6  # the Likely row's tiles at most
# the classifier's kinds past its first two fill the Likely row from this probability up: of 107 misread tiles on
# rendered photos (session 67) the right kind was its 3rd-6th in 20, all but one above 0.001
LIKELY_FLOOR = 0.001


def likely_row(current: str, read: str | None, swaps: Sequence[str], alternatives: Sequence[str],
               held: Container[str] = (), scores: Mapping[str, float] | None = None,
               red_fives: bool = True) -> list[str]:
    """A tile's Likely row, at most ``LIKELY_ROW`` tile ids: the tile as read (``read``, once changed by hand), the
    tiles the near-miss line names for it (``swaps``, at most ``SWAPS_FIRST``), the classifier's first two
    ``alternatives`` (so pushed out by no swap), then its next ones given ``LIKELY_FLOOR`` or more in ``scores`` (a
    kind with no probability, a stand-in's, kept); neither the tile ``current`` nor one ``held`` elsewhere. At a
    table without red fives (``red_fives`` False) a red five is offered as its plain five (``at_table``)."""
    scores = scores or {}
    rest = [a for a in alternatives[2:] if scores.get(a, 1.0) >= LIKELY_FLOOR]
    offered = dict.fromkeys(at_table(a, red_fives)
                            for a in [*([read] if read else []), *swaps[:SWAPS_FIRST], *alternatives[:2], *rest])
    return [a for a in offered if a != current and a not in held][:LIKELY_ROW]


def at_table(tile_id: str, red_fives: bool) -> str:
    """``tile_id`` as a table plays it: at one without red fives (``red_fives`` False, ``plays_red_fives``) a red five
    is its plain five, as the scorer reads it there; any other tile is itself.

    >>> at_table("0m", False), at_table("0m", True), at_table("7p", False)
    ('5m', '0m', '7p')
    """
    return f"5{tile_id[1:]}" if not red_fives and tile_id.startswith("0") else tile_id


def swap_named(game: Game, prefix: str, tile_id: str) -> list[str]:
    """The tiles the result's near-miss line names for a tile ``tile_id`` of the page's hand, as it names them (the
    swap's own tile, then the others that would do: ``near_swaps``), at most ``SWAPS_FIRST``. Read from the result the
    page scored the hand with, as it keeps it (``scoring.kept_for``'s ``{prefix}_scored_kept``: the game as scored,
    the tiles, the options; the result), while the hand is the one scored: the app searches no swap of its own. None
    before the hand is scored, and where the line names no swap (a riichi game, a scouted group chosen)."""
    kept = st.session_state.get(f"{prefix}_scored_kept")
    if not kept or tuple(kept[0][1]) != tuple(hand(prefix)) or getattr(kept[1], "game", None) != game.id:
        return []
    return list(near_swaps(kept[1]).get(tile_id, ()))[:SWAPS_FIRST]


def near_swaps(result: ScoreResult) -> dict[str, tuple[str, ...]]:
    """The swaps a Donjara result's no-win reason names, one or two tiles from a yaku (``extra["near_miss"]``, worked
    out once by ``scorer.distance.near_miss``): each tile of the hand to swap out -> the tiles named for it, the one
    said first first; empty where none is named (a win, a hand further off, a riichi game)."""
    named: dict[str, dict[str, None]] = {}
    for swap in ((result.extra or {}).get("near_miss") or {}).get("swaps", ()):
        named.setdefault(swap["out"], {}).update(dict.fromkeys(swap["in"]))
    return {out: tuple(ids) for out, ids in named.items()}


def as_read(prefix: str, index: int) -> str | None:
    """The tile a photo's reading (``{prefix}_reading``) read at the hand's place ``index``, where a person changed
    it since; None where it is unchanged, or the place has no box (a tile added by hand, a typed hand)."""
    read = list(getattr(st.session_state.get(f"{prefix}_reading"), "hand", None) or ())
    tiles = hand(prefix)
    if not 0 <= index < min(len(read), len(tiles)) or read[index] == tiles[index]:
        return None
    return read[index]


def held_elsewhere(game: Game, prefix: str, index: int) -> dict[str, str]:
    """The tiles whose every copy (``played_copies``, as ``no_copy_left`` counts them) the page's hand but tile
    ``index`` and its melds already hold, each with where they are ("in hand: tile 5"): a pick of one is refused."""
    tiles = hand(prefix)
    others = [tile for i, tile in enumerate(tiles) if i != index]
    melds = _meld_tiles(game, prefix)
    held: dict[str, str] = {}
    for tile_id in dict.fromkeys([*others, *(tile for meld in melds for tile in meld)]):
        if not no_copy_left(game, others, melds, tile_id):
            continue
        places = [str(i + 1) for i, tile in enumerate(tiles) if i != index and tile == tile_id]
        held[tile_id] = word("in_hand" if len(places) == 1 else "in_hand_many",
                             places=word("place_sep").join(places)) if places else word("in_meld")
    return held


def first_picks(kinds: Sequence[TileKind], likely: Sequence[TileKind]) -> list[TileKind]:
    """``kinds`` with the almighty tiles first, then those of ``likely`` among them, then the rest in order."""
    shown = {k.id for k in kinds}
    first = [k for k in kinds if k.almighty] + [k for k in likely if k.id in shown]
    order = list({k.id: k for k in first}.values())
    return order + [k for k in kinds if k.id not in {o.id for o in order}]


def parse_hand_text(game: Game, text: str) -> list[str]:
    """Tile ids from typed text: mpsz for riichi mahjong (``123m456p11z``), else ids or the names the page shows in
    either language, separated by spaces, commas or 、 (``らりん らりん miona``, ``Yokai 01, Yokai 02``; a name
    of several words is read whole, ``_named_tiles``). Raises ``TilelensInputError`` naming a bad token, and a
    riichi tile the game's set leaves out (a 108-tile table's 2m), said as the scorer says it: the hand strip has
    no picture of it (``UnknownTileError`` in English on a Japanese screen, a traceback)."""
    from scorer.riichi_tiles import typed

    words = text.replace(",", " ").replace("、", " ")
    plain = typed(words)  # full-width "１２３ｍ" too
    if game.engine == "riichi":  # mpsz, honour letters, 東東東, 一二三萬 ... (names the game knows, too)
        from scorer.riichi_hand import check_hand_copies, missing_kinds
        from scorer.riichi_tiles import parse_tiles, tile_ids

        codes = parse_tiles(plain, game, "hand", shown=text)  # an error quotes the hand as typed
        if missing_kinds(game).intersection(codes):
            check_hand_copies(game, plain)  # refuses the set's missing tile first, naming the tiles the set lacks
        return tile_ids(codes)
    return _named_tiles(game, text)


def _name_key(name: str) -> str:
    from scorer.riichi_tiles import typed

    return " ".join(typed(name).lower().split())


def _named_tiles(game: Game, text: str) -> list[str]:
    """A Donjara hand typed by the names the page shows, in either language (``Yokai 01``, ``Uzuki Shimamura``,
    ``妖怪01``), by ids, or by any other name of the tile (``TileKind.names``: its reading, ``しぶや りん``, and the
    spellings a player writes, ``Shibuya Rin``, ``Karen Houjou``; case, spaces and kana aside, ``name_key``): a name of
    several words is the longest name that the words start with; commas and 、 separate names too. A word no name
    starts is refused with the names nearest what was typed."""
    import re

    from scorer import UnknownTileError
    from scorer.catalog import name_key

    names: dict[str, TileKind] = {}
    longest = 1
    for kind in game.tiles:
        for name in kind.names:
            names.setdefault(name_key(name), kind)
            longest = max(longest, len(name.split()))

    def named_at(words: list[str], i: int) -> tuple[TileKind, int] | None:
        """The tile the words from ``i`` start with and the word after its name; None where no name starts there."""
        for j in range(min(len(words), i + longest), i, -1):
            kind = names.get(name_key(" ".join(words[i:j])))
            if kind is not None:
                return kind, j
        try:  # an id or Japanese name as the catalog reads it (full width, kana variants)
            return game.tile(words[i]), i + 1
        except UnknownTileError:
            return None

    found: list[str] = []
    for part in re.split(r"[,、，]", text):
        words = part.split()
        i = 0
        while i < len(words):
            named = named_at(words, i)
            if named is None:
                # the unknown words alone: up to the next word a name starts (a misspelt name of two words, "Uzuki
                # Shimamuro", whole; not the names typed after it, 'みさせんぱいx みさ先輩 みりあ'), or the same word
                # again (a misspelling typed three times was quoted as a run, 'みりや みりや みりや', and nothing near it)
                end = next((k for k in range(i + 1, min(len(words), i + longest))
                            if name_key(words[k]) == name_key(words[i]) or named_at(words, k)),
                           min(len(words), i + longest))
                raise _unknown_name(game, _unknown_words(game, words[i:end]), names) from None
            kind, i = named
            found.append(kind.id)
    return found


def _unknown_words(game: Game, words: list[str]) -> str:
    """Of ``words`` (an unknown word and those after it up to the next name), the ones said as the unknown tile: as
    many as make a misspelt name ("Uzuki Shimamuro", "Shimamura Uzuk", "Yokai 1"), else the first alone (not '1m
    xyzzy' for 1m: the words after it are unknown words of their own). A name is matched by its key whole
    (``name_key``: an id such as shimamura-uzuki is one word) in either order (given-family and family-given: a
    misspelt name written surname first was cut to its first word, 'Shimamura')."""
    import difflib

    from scorer.catalog import name_key

    keys = list(dict.fromkeys(name_key(" ".join(order)) for kind in game.tiles for name in kind.names
                              for order in (name.split(), name.split()[::-1])))
    for n in range(len(words), 1, -1):
        said = " ".join(words[:n])
        if game.same_number(said) or difflib.get_close_matches(name_key(said), keys, n=1, cutoff=0.75):
            return said
    return words[0]


def _unknown_name(game: Game, token: str, names: dict[str, TileKind]) -> Exception:
    """An unknown tile, answered with the names nearest ``token`` as the screen shows them (not ids)."""
    import difflib

    from scorer import UnknownTileError
    from scorer.catalog import name_key

    shown = {_name_key(short_name(k)): short_name(k) for k in game.tiles}
    # a name typed with its number's zero left out, or one added ("妖怪1", "Yokai 1" for 妖怪01): that tile first
    # (difflib offered 妖怪21, 19 and 18, whose letters are nearer)
    same = [_name_key(short_name(kind)) for kind in game.same_number(token)]  # scorer.catalog.number_key's rule
    near = difflib.get_close_matches(_name_key(token), list(shown), n=3, cutoff=0.5)
    if not near:  # nearest by any of its names (keyed by ``name_key``), said by the one shown
        near_keys = difflib.get_close_matches(name_key(token), list(names), n=3, cutoff=0.5)
        near = list(dict.fromkeys(_name_key(short_name(names[k])) for k in near_keys))
    near = list(dict.fromkeys(same + near))[:3]
    return UnknownTileError(token, game.id, tuple(shown[k] for k in near), game)


def hand_text(game: Game, tiles: Sequence[str]) -> str:
    """A hand as the typed box writes it, to be read back by ``parse_hand_text``: riichi mahjong in mpsz, a
    run of one suit together (``123m5z``); a Donjara hand by ids on an English screen (its example's; a name
    of several words needs commas), by Japanese names on a Japanese one.

    >>> from scorer import load_game
    >>> hand_text(load_game("tokyo-mahjong"), ["1m", "2m", "3m", "5z", "0p"])
    '123m5z0p'
    """
    if game.engine == "riichi":
        runs: list[list[str]] = []
        for tile_id in tiles:
            if runs and runs[-1][-1][1] == tile_id[1]:
                runs[-1].append(tile_id)
            else:
                runs.append([tile_id])
        return "".join("".join(i[0] for i in run) + run[0][1] for run in runs)
    kinds = {k.id: k for k in game.tiles}
    return " ".join(t_id if lang() == "en" and t_id.isascii() or t_id not in kinds else kinds[t_id].name_ja
                    for t_id in tiles)


def palette(game: Game, prefix: str, full: bool = False) -> None:
    """Every tile the table plays (``_filtered``); a tap adds it to the hand (not a copy the set does not have,
    nor, ``full``, a tile beyond the hand's size: a toast says why, where the player is tapping). ``full``: the hand's count
    is said above the tiles once it has some, where the player looks while tapping (the result's count is below
    the whole palette)."""
    show_refused(prefix)
    have = len(hand(prefix))
    size = game.hand_size - 3 * len(_meld_tiles(game, prefix))
    # none where too many melds leave no hand (said with the result)
    st.caption(t("palette_count", have=have, n=size) if full and have and size > 0 else t("palette"))
    kinds = find_by_name(game, _filtered(game, f"{prefix}_pal"), f"{prefix}_pal")
    tile_grid(game, kinds, f"{prefix}_add", _add, (game, prefix, full), phone_four=True)


# The palette on a phone: four cells a row, not three (Cinderella's 84 were 28 rows, the page 4,750 px; 3,430 px
# now): cells of 76 px 4 px apart fill 316 of the 324 px an expander leaves on a 390 px screen; the name in 11.5 px
# type, its padding narrowed to 2 px, keeps "Shimamura" and "Anastasia" whole (14 px broke them "Shimamur / a"),
# and 「アナスタシア」 (69 px of the 70 left: 12 px type, the padding 4 px, broke it 「アナスタシ/ア」). Streamlit
# sets a cell's width on its wrapper, overridden here; the padding's rule outweighs ``GRID_NAMES_CSS``'s, written
# after it (which had kept the padding at 4 px). A narrower grid (the own discards' and the ura dora's, a fold in a
# fold: 256 px; the dora's, 290) laid its 76 px cells three a row, the 37 tiles 13 rows deep: a cell narrows to a
# quarter of its grid (61 px there; the picture shrinks to fit), never under a finger's 44 px.
PALETTE_PHONE_CSS = ('@media ' + NARROW + ' {{ .st-key-{key} {{ gap: 4px; }} '
                     '.st-key-{key} > [data-testid="stLayoutWrapper"] {{ width: 76px; flex: 0 0 76px; '
                     'max-width: calc((100% - 12px) / 4); min-width: 44px; }} '
                     '.st-key-{key} .stButton button[kind] {{ padding-left: 0.125rem; padding-right: 0.125rem; }} '
                     '.st-key-{key} .stButton p {{ font-size: 0.72rem; }} }}')

# A palette (or a picker's every-tile grid) of more tiles than this has a box to find a tile by name: Cinderella's
# 84 (its type's pills still leave 28)
FIND_FROM = 40


def find_by_name(game: Game, kinds: Sequence[TileKind], key: str) -> list[TileKind]:
    """``kinds`` narrowed to those named like what the player types in a Find box (``{key}_find``; ``named_like``),
    a game of more than ``FIND_FROM`` tiles having one (the palette's and the picker's alike); a name none of ``kinds``
    has (a type pill chosen, ``_filtered``) is looked for among every tile of the game, its type said; a name no tile
    has is said under the box."""
    if len(game.tiles) <= FIND_FROM or game.engine == "riichi":
        return list(kinds)
    found = st.text_input(word("find"), key=f"{key}_find", icon=":material/search:")
    named = named_like(kinds, found)
    if not named:
        # a type pill left on (``_filtered``) is no reason to say an idol of another type does not exist
        named = named_like(game.tiles, found)
        typed = as_typed((found or "").strip())
        said = _other_types(game, named, key, typed) if named else None
        st.caption(said or word("find_none", name=typed))
    return named


def _other_types(game: Game, found: Sequence[TileKind], key: str, name: str) -> str | None:
    """That no tile of the type chosen (the pills ``{key}_filter``) is named ``name``, and of which types ``found``,
    the tiles of every type named so, are; None where no type is chosen."""
    attr, chosen = filter_attribute(game), st.session_state.get(f"{key}_filter")
    if attr is None or chosen is None:
        return None
    types = dict.fromkeys(k.attrs.get(attr) for k in found if k.attrs.get(attr))
    return word("find_other_type", name=name, chosen=attribute_value(attr, chosen, game),
                types=word("type_sep").join(attribute_value(attr, v, game) for v in types))


def named_like(kinds: Sequence[TileKind], text: str) -> list[TileKind]:
    """The tiles of ``kinds`` one of whose names holds ``text`` (all when it is blank): the id, the name in either
    language, the reading in kana (``しぶや``, ``シブヤ リン``) and the other spellings of the game file
    (``TileKind.names``: ``Shibuya Rin``, ``Shuko``, ``Houjou``), case, spaces and hiragana/katakana aside
    (``scorer.catalog.name_key``)."""
    from scorer.catalog import name_key

    wanted = name_key(text or "")
    if not wanted:
        return list(kinds)
    return [k for k in kinds if any(wanted in name_key(name) for name in (*k.names, short_name(k)))]
