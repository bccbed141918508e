"""Widgets every page starts with."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from app import settings
from app.components import resources
from app.components.i18n import error_text, lang, name_of, t
from scorer import Game, GameFileError, load_game
from tilelens import home

GAME_KEY = "game_id"
GAME_PICKED_KEY = "game_picked"  # set once the person has picked a game in the picker in this session
OPEN_DATASET_KEY = "label_dir_next"  # a dataset folder the Label page opens on its next run
FORM_GIVEN_KEY = "form_choices_given"  # each drop-down in a form: the choice last given to it, and its words


def _picked() -> None:
    """The person's own choice of game: a page then keeps it rather than choose one for them
    (the ledger page chooses the game of the match a reloaded address names)."""
    st.session_state[GAME_PICKED_KEY] = True


def typed_path(text: str) -> str:
    """A folder's path as typed or pasted: a path copied with its quotes (Windows' "Copy as path") or with spaces
    around it names the same folder.

    >>> typed_path(' "D:/tiles/set 1" '), typed_path("'/home/me/tiles'")
    ('D:/tiles/set 1', '/home/me/tiles')
    """
    return text.strip().strip("\"'").strip()


def _broken_fix(game_id: str) -> str | None:
    """The key of what the Rules page can do for ``game_id``'s table that no longer loads: a shipped game's goes back
    to the shipped default; an added game has none (its own file broken: fixed, or the game removed and added again;
    an edit of it: back to the table as added). None where the folder of its edits is what is refused, not a table
    (an edit that is a folder, one saved as ``x.toml.txt`` or ``x.TOML``, a folder that cannot be read): Restore moves
    only the ``*.toml`` edits and the links to no file, and the Rules page draws no editor for it; its error says the
    way out itself."""
    try:
        home.edited_path(game_id, settings.APP_WAY_OUT)
    except GameFileError as exc:  # a link to no file (which Restore moves aside) is named in it, by its path
        if not any(str(link) in str(exc) for link in settings.dangling_edits(game_id)):
            return None
    if game_id not in settings.added_games():
        return "rules_broken_fix"
    edited = settings.edited_path(game_id) is not None or bool(settings.dangling_edits(game_id))
    return "rules_broken_fix_added_edit" if edited else "rules_broken_fix_added"


def keep_choice(key: str, options: Sequence[Any], default: Any = None,
                words: Callable[[Any], str] | None = None) -> None:
    """Give the drop-down ``key`` its choice again before it is drawn: the session's where it is one of ``options``,
    else ``default``. A browser keeps the words of the choice it was last sent: after a language switch the box said
    it in the old language ("Round wind 東" on an English page), and sent those words back on the next run, taken then
    for no choice (the box went back to its first). None is not given again (sent, it empties the box): a box whose
    choices include "none" offers it as "", its ``format_func`` giving the words.

    ``words``: the ``format_func`` of a box in a form. A choice made there is the browser's alone until the form is
    sent, and one given to the box does not replace it: the box shows the choice given, the form sends the one made.
    Such a box is given its choice only where the session has none yet, or where its words have changed since it was
    last given (a language switch), and what it sends is taken as ``form_choice`` takes it."""
    chosen = st.session_state.get(key) if words is None else form_choice(key, options)
    chosen = chosen if chosen in options else default
    if chosen is None:
        return
    if words is not None:
        given = st.session_state.setdefault(FORM_GIVEN_KEY, {})
        if st.session_state.get(key) == chosen and given.get(key) == (chosen, words(chosen)):
            return  # shown as given: a choice made since, not sent yet, is the browser's to send
        given[key] = (chosen, words(chosen))
    st.session_state[key] = chosen


def form_choice(key: str, options: Sequence[Any]) -> Any:
    """The choice the drop-down ``key`` in a form sent (``keep_choice``'s ``words``): words of none of ``options``, a
    choice made before a language switch and sent in the old words (an abortive draw was refused, "go to nobody"
    taken for "go to the top player"), are taken for the choice the box was given and showed since; None where the
    session has none."""
    chosen = st.session_state.get(key)
    if chosen is None or chosen in options:
        return chosen
    return st.session_state.get(FORM_GIVEN_KEY, {}).get(key, (None, ""))[0]


def game_select(prefixes: tuple[str, ...] = (), rules_link: bool = True) -> Game | None:
    """The game picker (kept across pages); a hand made for another game is cleared on a change (kept where the
    same game's table was saved again and still has its tiles). A house table that no longer loads is said, with
    a link to the Rules page that can fix it (``rules_link``: not on that page itself)."""
    ids = settings.games()
    # as the table in use names it (an edit may rename), no two alike: a name two games share is followed by the id
    names = settings.game_labels(lang())
    # Given again before the picker is drawn: a game set by the app rather than picked (the game of a match a
    # reloaded address names) was not carried to the next page opened, whose picker said that game while the page was
    # drawn for the default one; and its words after a language switch (``keep_choice``). A game just picked is the
    # session's value here already.
    keep_choice(GAME_KEY, ids)
    game_id = st.selectbox(t("game"), ids, key=GAME_KEY, format_func=names.__getitem__, persist_state="session",
                           on_change=_picked)
    style(game_name_css(names[game_id]))  # a phone: the chosen game's name in full, not clipped
    try:
        game = resources.game(game_id)
    except GameFileError as exc:  # an edited house table that no longer loads
        # the way out said in the same box, a paragraph of its own, and the page that can fix it or reset it one tap
        # away (``rules_link``: not on that page itself)
        # (on the Rules page: where on it, unless its editor is not drawn, a file too large to open)
        here, fix = "" if rules_link else "_here", _broken_fix(game_id)
        st.error(error_text(exc) + ("\n\n" + t(fix + here)
                                    if fix is not None and (rules_link or settings.too_large(game_id) is None)
                                    else ""))
        if rules_link:
            st.page_link("views/rules.py", label=t("rules_open"), icon=":material/menu_book:")
        return None
    if (stored := settings.stored_warning(game_id)) is not None:  # saved by an earlier tilelens: played as it was
        st.warning(t("stored_table_warning", problem=error_text(stored).rstrip(".。")), icon=":material/warning:")
    # The hand is of one game file: another game starts the page afresh. The same game's table saved again on
    # the Rules page (here or on another phone) keeps the hand, scored by the new rules, while its tiles are all
    # still the game's; a tile renamed or taken out starts the page afresh too, and is said (the page keeps the
    # hand aside). A game added in the app is named by its file (``settings.game_ref``): a page names the game of a
    # hand it set aside with ``load_game``, which knows no added game's id.
    in_use = (settings.game_ref(game_id), str(game.source))
    for prefix in prefixes:
        was = st.session_state.get(f"{prefix}_game")
        if was == in_use:
            continue
        st.session_state[f"{prefix}_game"] = in_use
        if was is not None and was[0] == in_use[0]:
            tiles = list(st.session_state.get(f"{prefix}_tiles") or [])
            gone = [k for k in dict.fromkeys(tiles) if k not in {kind.id for kind in game.tiles}]
            if not gone:
                if tiles:
                    st.info(t("rules_changed_kept", game=as_typed(name_of(game))))
                continue
            st.info(t("rules_changed_gone" if len(gone) == 1 else "rules_changed_gone_more",
                      game=as_typed(name_of(game)), n=len(tiles), tiles=gone_tiles(game_id, gone)))
        st.session_state[f"{prefix}_tiles"] = []
        st.session_state[f"{prefix}_edit"] = None
        st.session_state.pop(f"{prefix}_reading", None)
        st.session_state.pop(f"{prefix}_digest", None)
        if was is not None and was[0] == in_use[0]:
            continue  # the same game's match: its figures stay
        st.session_state.pop(f"{prefix}_honba", None)  # another game's table: its own match's figures
        st.session_state.pop(f"{prefix}_round", None)
        st.session_state.pop(f"{prefix}_sticks", None)  # the riichi sticks on that table, too
    return game


def gone_tiles(game_id: str, tile_ids: Sequence[str]) -> str:
    """Tiles no longer in a game's house table, named as the shipped table names them (else by their ids), as a list
    in the screen's language ("Yokai 02, Yokai 03"; 「妖怪02、妖怪03」), as markdown that shows them as written (a club's
    file names its tiles). ``game_id``: or a game added in the app by its file (the game of a hand, ``game_select``)."""
    game_id = settings.game_id_of(game_id) or game_id
    try:
        known = {kind.id: kind for kind in load_game(settings.shipped_path(game_id)).tiles}  # or the file as added
    except GameFileError:
        known = {}
    return ("、" if lang() == "ja" else ", ").join(as_typed(name_of(known[k]) if k in known else k) for k in tile_ids)


# Streamlit's file uploader writes its button ("Upload") and its limits ("40MB per file") in English
# whatever the page's language (streamlit#13500), and its camera input its button ("Take Photo", "Clear
# photo") and its request for the camera. On a Japanese screen a stylesheet scoped to the widget's key
# hides those words and draws Japanese ones in their place; the widget is unchanged. Hidden from a screen reader too
# (the uploader's ``display: none``): with a font size of 0 alone the button was read
# "Upload選ぶ". The camera input's words are as they were (its button, words and all, can't be hidden so: it could
# no longer be focused).
_UPLOAD_BUTTON = ('[data-testid="stFileUploaderDropzone"] [data-testid="stBaseButton-secondary"] '
                  '[data-testid="stMarkdownContainer"]')
_UPLOAD_LIMITS = '[data-testid="stFileUploaderDropzoneInstructions"] > div'  # its one <span> holds the limits
_SAME_TYPE = {"jpeg": "jpg", "tiff": "tif"}


def _type_names(types: Sequence[str]) -> str:
    """File types as the uploader lists them: "BMP, HEIC, JPG" (jpeg shown as JPG, tiff as TIF)."""
    names = (x.lower().lstrip(".") for x in types)
    return ", ".join(sorted({_SAME_TYPE.get(x, x).upper() for x in names}))


def uploader_css(key: str, max_mb: int, types: Sequence[str] | None = None) -> str:
    """The stylesheet that gives the uploader ``key`` Japanese words: its button and its limits (the
    largest file, ``max_mb``, and the ``types`` it takes, if any)."""
    limits = f"1ファイル{max_mb}MBまで" + (f" • {_type_names(types)}" if types else "")
    scope = f".st-key-{key}"
    return "\n".join([
        # the English taken out (display: none) and the Japanese drawn after it in its parent: a visible ::after
        # of a visibility: hidden element was drawn but left out of the name (the button had none)
        f"{scope} {_UPLOAD_BUTTON} p, {scope} {_UPLOAD_LIMITS} span {{ display: none; }}",
        f'{scope} {_UPLOAD_BUTTON}::after {{ content: "選ぶ"; font-size: 0.875rem; }}',
        # the limits' own grey (Streamlit's text at 70 %)
        f'{scope} {_UPLOAD_LIMITS}::after {{ content: "{limits}"; font-size: 0.875rem; white-space: normal; '
        f'opacity: 0.7; }}',
    ])


def uploader_words(key: str, types: Sequence[str] | None = None) -> None:
    """On a Japanese screen, the uploader ``key``'s own words in Japanese (``uploader_css``); call it
    beside the ``st.file_uploader`` it names."""
    _in_japanese(uploader_css(key, int(st.get_option("server.maxUploadSize")), types))


_CAMERA_BUTTON = '[data-testid="stCameraInputButton"]'
_CAMERA_ASKS = '[data-testid="stCameraInputWebcamComponent"] p'


def camera_css(key: str) -> str:
    """The stylesheet that gives the camera input ``key`` Japanese words: its button (to take a photo;
    once one is taken, to take it again) and its request for the camera with its help link."""
    scope = f".st-key-{key}"
    return "\n".join([
        f"{scope} {_CAMERA_BUTTON}, {scope} {_CAMERA_ASKS}, {scope} {_CAMERA_ASKS} a {{ font-size: 0; }}",
        f'{scope} {_CAMERA_BUTTON}::after {{ content: "撮影する"; font-size: 1rem; }}',
        # once a photo is taken the button shows an icon and words in a row of its own: the word joins it
        f'{scope} [data-testid="stCameraInput"]:has(img) {_CAMERA_BUTTON}::after {{ content: none; }}',
        f'{scope} [data-testid="stCameraInput"]:has(img) {_CAMERA_BUTTON} span::after '
        f'{{ content: "撮り直す"; font-size: 1rem; margin-left: 0.25rem; }}',
        f'{scope} {_CAMERA_ASKS}::before {{ content: "カメラの使用を許可してください。"; font-size: 1rem; }}',
        f'{scope} {_CAMERA_ASKS} a::after {{ content: "許可のしかた"; font-size: 1rem; }}',
    ])


def camera_words(key: str) -> None:
    """On a Japanese screen, the camera input ``key``'s own words in Japanese (``camera_css``)."""
    _in_japanese(camera_css(key))


def _in_japanese(css: str) -> None:
    """Apply ``css`` on a Japanese screen only (English is Streamlit's own)."""
    if lang() == "ja":
        style(css)


# Style-only HTML is sent to Streamlit's event container, where it was at times missing on a fresh session's
# first page (the Pages menu then showed on a laptop too). A <span> after the style makes it HTML of the page;
# the element that holds it is hidden (a stylesheet applies all the same), so that it takes no room: no gap of
# the page's column around it. (An element's container holds that element alone, never a block of others.)
_HOLDER = '[data-testid="stElementContainer"]:has(style.tilelens-style) { display: none; }'


def style(css: str, script: str = "") -> None:
    """Apply the stylesheet ``css`` to the page: every stylesheet of the app is written through here (with
    ``script``, JavaScript run beside it: ``page_language``'s, the Label page's ``REFOCUS_JS``)."""
    st.html(_style_html(css, script), unsafe_allow_javascript=bool(script))


def _style_html(css: str, script: str = "") -> str:
    """What ``style`` writes: the stylesheet ``css`` (and ``script``), with an element after so nothing shows."""
    run = f"<script>{script}</script>" if script else ""
    return f'<style class="tilelens-style">{css}\n{_HOLDER}</style>{run}<span></span>'


# What markdown reads in a line of text: emphasis (* _ ~), code (`), links and images ([ ] and what follows),
# HTML and entities (< > &), maths ($), tables (|), headings (#) and backslashes themselves. "_" inside a word
# formats nothing ("table_07"): left as typed. At the start of a line "1." (a numbered list) and "-", "+" too.
_MARKS = re.compile(r"[\\`*~\[\]<>&$|#]|(?<!\w)_|_(?!\w)")
_LINE_START = re.compile(r"^(\d+)([.)])|^([-+])")
# An emoji shortcode (":smile:", ":100:"), an icon (":material/home:") or ":streamlit:" is read inside text too,
# escapes or not: a word joiner (unseen, it joins) after the colon that starts one keeps it text.
_SHORTCODE_START = re.compile(r":(?=[\w+-][\w+/-]*:)")
WORD_JOINER = "\u2060"


def as_typed(text: object) -> str:
    """``text`` a person typed (a player's name, a table's folder) as markdown that shows it as typed, where it
    goes into ``st.markdown``, a caption, an alert or a card's label (``"*Ann*"`` read "Ann" in italics).

    >>> as_typed("*Ann*"), as_typed("table_07")
    ('\\\\*Ann\\\\*', 'table_07')
    """
    escaped = _SHORTCODE_START.sub(":" + WORD_JOINER, _MARKS.sub(lambda m: "\\" + m.group(0), str(text)))
    return _LINE_START.sub(lambda m: f"{m.group(1)}\\{m.group(2)}" if m.group(1) else f"\\{m.group(3)}", escaped)


def as_code(text: object) -> str:
    """``text`` (a path, a folder's name) as a markdown code span, shown as it is whatever it holds: fenced by more
    backticks than any run of them in it, spaced where it starts or ends with one.

    >>> as_code("table_07"), as_code("a`b"), as_code("`x")
    ('`table_07`', '``a`b``', '`` `x ``')
    """
    text = str(text)
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


COLUMN_GAP_PX = 16  # ``st.columns``' gap="small", their default: Streamlit's spacing "lg", 1rem of its 16 px base font


def two_a_row_on_phone_css(key: str) -> str:
    """The stylesheet that lays the columns inside the container ``key`` two a row on a narrow screen (an
    upright phone), where Streamlit stacks every column on its own row: each half the row less half the gap.

    >>> "min-width: calc(50% - 8px)" in two_a_row_on_phone_css("k")
    True
    """
    half = f"calc(50% - {COLUMN_GAP_PX / 2:g}px)"
    return (f'@media {NARROW} {{'
            f' .st-key-{key} [data-testid="stHorizontalBlock"] {{ flex-wrap: wrap; }}'
            f' .st-key-{key} [data-testid="stColumn"]'
            f' {{ min-width: {half} !important; max-width: {half}; flex: 1 1 {half} !important; }} }}')


def two_a_row_on_phone(key: str) -> None:
    """Lay the columns inside the container ``key`` two a row on a phone (``two_a_row_on_phone_css``)."""
    style(two_a_row_on_phone_css(key))


def stacked_columns_css(key: str, spec: Sequence[float], first_min_px: float) -> str:
    """The stylesheet that lays the columns ``st.columns(spec)`` drawn in the container ``key`` one under another, each
    as wide as the container, where the first would be narrower than ``first_min_px`` css px: a container query, so
    whatever the screen and whether the sidebar is open (an upright iPad gave a photo's column 285 px beside its
    sidebar). Streamlit gives a column ``f`` of the row less the gap, and the gap shared out among them.

    >>> "@container work (width < 746.67px)" in stacked_columns_css("work", (3, 2), 440)
    True
    """
    share, n = spec[0] / sum(spec), len(spec)
    below = round((first_min_px + COLUMN_GAP_PX - COLUMN_GAP_PX / n) / share, 2)
    row = f'.st-key-{key} > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"]'
    return (f".st-key-{key} {{ container: {key} / inline-size; }}\n"
            f"@container {key} (width < {below:g}px) {{ {row} {{ flex-wrap: wrap; }}"
            f' {row} > [data-testid="stColumn"] {{ min-width: 100% !important; flex: 1 1 100% !important; }} }}')


# A phone (an upright one: 640 css px or less) drew many controls smaller than a finger (Streamlit's sizes for a mouse):
# the x that removes an uploaded photo 14 px (its + to add one 20), a checkbox 13 px, a "?" help icon 16 px,
# Tsumo/Ron and the players' buttons 32 px tall, the page links 28, the >> that opens the sidebar 28, a table's or a
# photo's toolbar icons 24.
# Each is at least 40 css px each way there (the tap target; a small icon keeps its place: a negative margin takes
# back what its padding adds). Streamlit's test ids name them (its own stable names for its elements).
# A tablet is as much a finger's: an iPad is 820 css px wide upright and 1180 on its side, and drew
# a checkbox 13 px, the "?" 16, the uploader's x 14, Tsumo/Ron 32 tall. The sizes go by ``FINGER``: a narrow screen
# or a coarse pointer (a finger's, whatever the width; a laptop's mouse or touchpad is fine). What is laid out for a
# narrow screen only (less room above the page; elsewhere columns two a row) goes by the width alone (``NARROW``).
NARROW = "(max-width: 640px)"
FINGER = f"{NARROW}, (pointer: coarse)"
_AT_LEAST = "min-width: 2.5rem; min-height: 2.5rem"
# a segmented control's or a pills' button (both radios of a radiogroup)
_SEGMENT = '[data-testid="stButtonGroup"] [role="radiogroup"] > button'


def _finger_sized(margin: str = "") -> str:
    """The declarations that make a control at least a finger's size (``_AT_LEAST``), what it holds centred;
    ``margin``: a negative one, that takes back what its padding adds (a small icon keeps its place)."""
    room = f" margin: {margin};" if margin else ""
    return "{ " + _AT_LEAST + ";" + room + " display: inline-flex; align-items: center; justify-content: center; }"


PHONE_CSS = "\n".join([
    f"@media {FINGER} {{",
    # a small icon-button: the target grows around the icon, the layout keeps the icon's own size
    # (the help icon's own button has no test id; a widget shown as the tooltip's target has its own)
    ' [data-testid="stFileUploader"] [data-testid="stBaseButton-borderlessIcon"],'
    ' [data-testid="stTooltipIcon"] [data-testid="stTooltipHoverTarget"] > button:not([data-testid]) '
    + _finger_sized("-0.75rem"),
    # the x at the end of a photo's chip: 12 px past the chip's end it scrolled the chip's row 8 px (out of a seat's
    # narrow column): no further past it than the chip's own 4 px padding
    ' [data-testid="stFileChipDeleteBtn"] button ' + _finger_sized("-0.75rem -0.25rem -0.75rem -0.75rem"),
    ' [data-testid="stCheckbox"] label { min-height: 2.5rem; align-items: center; }',
    ' [data-testid="stButtonGroup"] button { min-height: 2.5rem; }',
    # a pill of one digit (the Teach panel's minutes 1-9) was 33 px wide: a pill is a radio of a radiogroup, as a
    # segment is, so the segments' narrowing (``COLUMN_FIT_CSS``, as specific as a rule for both) is outweighed
    f' {_SEGMENT}[data-variant="pills"] ' + _finger_sized(),
    ' [data-testid="stPageLink-NavLink"], [data-testid="stSidebarNavLink"]'
    ' { min-height: 2.5rem; align-items: center; }',
    ' [data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapseButton"] button ' + _finger_sized(),
    ' [data-testid="stElementToolbarButton"] button ' + _finger_sized(),
    ' [data-testid="stElementToolbarButton"] { min-height: 2.5rem; }',
    # a table's toolbar (shown on a tap) stood 44 px above the table, as Streamlit draws its 24 px icons; with
    # icons of 40 and its own padding it was 60 px tall and lay over the table's header row: its bottom is at the
    # table's top, and its padding no more than it needs (44 px tall, as it was)
    ' [data-testid="stElementToolbar"] { top: auto; bottom: 100%; padding: 0 0 0.25rem 0.5rem; }',
    ' [data-testid="stElementToolbarButtonContainer"] { padding: 0; }',
    # a phone shows a table's toolbar untapped: above the table it lay over the page's 16 px gap and the end of the
    # line before it ("…ほか2件", "…not at that table" cut). Room for it above every table: its container's margin,
    # outside the table's box the toolbar stands on (44 px, less the gap)
    ' [data-testid="stElementContainer"]:has([data-testid="stDataFrame"]) { margin-top: 2rem; }',
    # a text input 36 px tall in its 40 px field, a drop-down's 38 (its open button 32 x 38), a fold's header 38 (a
    # multiselect's field is 40 px, and a tap anywhere on it opens it)
    ' [data-testid="stTextInputField"], [data-testid="stSelectbox"] input[role="combobox"],'
    ' [data-testid="stExpander"] summary { min-height: 2.5rem; }',
    ' [data-testid="stSelectbox"] [role="group"] button { min-height: 2.5rem; min-width: 2.5rem; }',
    "}",
    f"@media {NARROW} {{",
    # the page began some 150 px down (the header's 60, then Streamlit's top padding): less room above it
    ' [data-testid="stMainBlockContainer"] { padding-top: 4rem; }',
    "}",
])

# A control wider than the column it is in, on any screen (an upright iPad: beside its sidebar the
# Event page's four seats are 110 px columns):
# - a photo's chip (144 px at least) ran past its seat's box, its x ("Remove 0000.jpg") cut off: a seat's photo could
#   not be removed. The chip fits its column, its name cut short ("0000…"; the whole name is its tooltip), its x
#   whole; in a box under 12rem the file icon before the name makes room for it (the photo is shown under the box).
# - a segmented control (Win: "Tsumo (self-draw)" and "Ron (discard)", 249 px in a 219 px column) scrolled sideways,
#   "Tsumo" cut to "umo": its buttons narrow to share the column, their words on two lines where they need them
#   (pills already wrap onto a second row).
_CHIP = '[data-testid="stFileChip"]'
COLUMN_FIT_CSS = "\n".join([
    '[data-testid="stFileUploader"] { container-type: inline-size; }',
    f'[data-testid="stFileChips"] div:has(> {_CHIP}), {_CHIP} {{ min-width: 0; max-width: 100%; flex-shrink: 1; }}',
    f'{_CHIP} > div:has(> [data-testid="stFileChipName"]) {{ min-width: 0; flex: 1 1 auto; overflow: hidden; }}',
    '[data-testid="stFileChipName"] { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }',
    '[data-testid="stFileChipDeleteBtn"] { flex: 0 0 auto; }',
    f'@container (max-width: 12rem) {{ {_CHIP} > div:first-child:not(:has([data-testid="stFileChipName"]))'
    ' { display: none; } }',
    f"{_SEGMENT} {{ flex-shrink: 1; min-width: 0; }}",
    f"{_SEGMENT}, {_SEGMENT} * {{ white-space: normal; overflow-wrap: break-word; }}",
])


# A screen with no keyboard to hand (a phone; a tablet, whose pointer is a finger and cannot hover) and its opposite
# (a laptop or desktop, with a mouse): what is said of keys is for the second only. Told by the pointer, not the
# width: a laptop's window half a screen wide (640 css px or less) has its keyboard and mouse still.
KEYBOARDLESS = "(hover: none) and (pointer: coarse)"
DESKTOP = "(hover: hover), (pointer: fine)"
# Streamlit writes a button's keyboard shortcut on it ("OK・次へ Ctrl+Enter", "次の枠 B"): a phone has no such key
KEYS_CSS = f'@media {KEYBOARDLESS} {{ [data-testid="stButton"] kbd {{ display: none; }} }}'

# Streamlit writes under a text box being typed in how to send it, in English whatever the page's language ("Press
# Enter to submit form" in a form, "Press Enter to apply", "Press Ctrl+Enter to apply" under a text area): on a Japanese
# screen it is hidden (a phone has no Enter key to speak of either). The hint is always the first of its spans; a box
# with a length limit adds its count ("3/32") after it, which stays, without the dot that joined the two. (Out of a
# form, before anything is typed, the count is alone, first: this CSS cannot tell it from a hint alone, and hides it;
# ``length_count`` shows it again, beside the box with the limit.)
_HINT = '[data-testid="InputInstructions"]'
INPUT_HINT_CSS = (f"html:lang(ja) {_HINT} > span:first-child {{ display: none; }}\n"
                  f"html:lang(ja) {_HINT} > span:first-child + span::before {{ content: none; }}")


def length_count_css(key: str) -> str:
    """The rule that shows the count ("0/32") of the text box ``key``, which has a length limit (``max_chars``), on
    a Japanese screen: in such a box the count is always the last of the spans, and the only one before anything
    is typed out of a form, where ``INPUT_HINT_CSS`` hid it as the hint it cannot tell it from. Its selector is the
    hint rule's and more (a class, and ``:only-child`` for ``:first-child``), so it wins."""
    return f"html:lang(ja) .st-key-{key} {_HINT} > span:only-child {{ display: inline; }}"


def length_count(key: str) -> None:
    """Beside an ``st.text_input`` with ``max_chars``: its count shown on a Japanese screen before one types
    (``length_count_css``)."""
    _in_japanese(length_count_css(key))


# Where the keyboard's focus is: Streamlit's own ring is a faint red glow (under 3:1 beside white, and all but lost
# on a red primary button). A dark ring 3 px wide, 2 px out from the element, is 16:1 on white and 4.8:1 beside the
# red. Marked important: Streamlit's widgets take their outline away (``:focus { outline: none }``, a class's rule).
FOCUS_CSS = ":focus-visible { outline: 3px solid #222 !important; outline-offset: 2px !important; }"

# Where a browser may break a name in a narrow column, the words of a name are told apart by a zero-width space
# (``phrase_breaks``): a family name and a given name in katakana (宮本|フレデリカ), and the katakana words that end
# the games' names (シンデレラ|ガールズ, スタート|ダッシュ|ライブ|ユニット, オール|マイティ). A column whose text
# breaks only there (``word-break: keep-all``) wraps a name between its words.
_KANJI = r"[\u3005\u4e00-\u9fff]"
_KATAKANA = r"[\u30a0-\u30ff]"
_ENDING_WORDS = ("ユニット", "セット", "ライブ", "ガールズ", "ダッシュ", "オールマイティ", "マイティ")
_PHRASE_BREAK = re.compile(rf"(?<={_KANJI})(?={_KATAKANA})|(?<={_KATAKANA})(?={_KANJI})"
                           rf"|(?<=[\u30a0-\u30ffA-Za-z0-9])(?={'|'.join(_ENDING_WORDS)})"
                           rf"|(?<={_KATAKANA})(?=[(（])")  # before a bracket: 「オールマイティ|(キュート)」
ZWSP = "\u200b"


def phrase_breaks(text: str) -> str:
    """``text`` (a name: a tile's, a yaku's) with a zero-width space where a line may break between two of its
    words; what a reader sees is unchanged.

    >>> phrase_breaks("宮本フレデリカ").split(ZWSP), phrase_breaks("SPライブセットA").split(ZWSP)
    (['宮本', 'フレデリカ'], ['SP', 'ライブ', 'セットA'])
    >>> phrase_breaks("オールマイティ(キュート)").split(ZWSP)
    ['オール', 'マイティ', '(キュート)']
    """
    return _PHRASE_BREAK.sub(ZWSP, text)


def japanese_breaks_css() -> str:
    """Japanese broken at a phrase's end (「宮本フレデ/リカ」, 「上がれま/す」 were broken inside a word): Chrome's
    ``word-break: auto-phrase``, which applies where the element's language is Japanese (``page_language_html``
    sets the page's); a browser without it keeps its own breaks. A word longer than the line still breaks."""
    # on the text elements themselves: Streamlit's own rule on each <p> (word-break: break-word) overrode the
    # containers' (「チッ/プ」, 「くださ/い」 still broke on a phone)
    return ('html:lang(ja) body, html:lang(ja) [data-testid="stMarkdownContainer"],'
            ' html:lang(ja) [data-testid="stWidgetLabel"], html:lang(ja) [data-testid="stCaptionContainer"],'
            ' html:lang(ja) [data-testid="stMarkdownContainer"] :is(p, li, span, h1, h2, h3, h4),'
            ' html:lang(ja) [data-testid="stCaptionContainer"] :is(p, span),'
            ' html:lang(ja) [data-testid="stWidgetLabel"] :is(p, span)'
            " { word-break: auto-phrase !important; overflow-wrap: break-word; }\n"
            # a table's header is a word or two: whole (「ハウスルール」 was stacked 「ハウ/スル/ール」, 「点/数」)
            'html:lang(ja) [data-testid="stTable"] th, html:lang(ja) [data-testid="stTable"] th *'
            " { word-break: keep-all; }\n"
            # an English screen's table breaks Japanese (a yaku's name in brackets) between any two characters
            # (「(シンデレラガール/ズ)」): between its words only (``phrase_breaks``), or at a space
            'html:not(:lang(ja)) [data-testid="stTable"] td, html:not(:lang(ja)) [data-testid="stTable"] td *'
            " { word-break: keep-all; overflow-wrap: break-word; }")


def app_css() -> str:
    """The app-wide stylesheet: ``PHONE_CSS``, ``COLUMN_FIT_CSS``, ``KEYS_CSS``, ``INPUT_HINT_CSS``, ``FOCUS_CSS``
    and ``japanese_breaks_css``."""
    return f"{PHONE_CSS}\n{COLUMN_FIT_CSS}\n{KEYS_CSS}\n{INPUT_HINT_CSS}\n{FOCUS_CSS}\n{japanese_breaks_css()}"


def _page_language_parts(language: str) -> tuple[str, str]:
    """The app-wide stylesheet (``app_css``) and a script that gives the page's <html> the screen's language
    (Streamlit's page says "en" whatever the screen's): a browser then breaks Japanese lines as Japanese, and a
    screen reader reads it as Japanese."""
    code = "ja" if language == "ja" else "en"
    return app_css(), f'document.documentElement.lang = "{code}";'


def page_language_html(language: str) -> str:
    """What ``page_language`` writes (``_page_language_parts``)."""
    return _style_html(*_page_language_parts(language))


def page_language(language: str) -> None:
    """Send ``_page_language_parts`` through ``style`` (every page, from the router). The router's every run passes
    here: the app's start in this process (``settings.keep_tidy``, at most hourly after: the home made private, the
    event photos older than the day the event page promises removed) is done here too."""
    settings.keep_tidy()
    style(*_page_language_parts(language))


def css_string(text: str) -> str:
    """``text`` as a CSS string's inside: quotes and backslashes escaped, and "<" and ">" too, so that a name can
    never close the <style> it is in."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch in "<>" or ord(ch) < 0x20:
            out.append(f"\\{ord(ch):x} ")
        else:
            out.append(ch)
    return "".join(out)


def game_name_css(name: str, key: str = "game_id") -> str:
    """A phone clipped a long game name in the picker (「ドンジャラNEO アイドルマスター シンデレラガー」, no ellipsis:
    the picker's text is an input's, which never wraps). There the picker's own text is hidden while it is not
    typed in, and ``name`` (the chosen game's) is drawn over it in full, on two lines where it needs them. ``key``:
    the picker's widget key (the Label page's are its own)."""
    scope = f".st-key-{key}"
    return (f"@media {NARROW} {{"
            f' {scope} [role="group"] {{ position: relative; }}'
            f' {scope} input[role="combobox"]:not(:focus) {{ color: transparent; }}'
            f' {scope} [role="group"]:not(:focus-within)::before {{ content: "{css_string(name)}";'
            " position: absolute; top: 0; bottom: 0; left: 0.75rem; right: 2.5rem; display: flex; align-items: center;"
            " white-space: normal; overflow: hidden; line-height: 1.15; font-size: 0.875rem; pointer-events: none; } }")
