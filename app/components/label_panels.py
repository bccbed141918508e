"""The Label page's panels of the open dataset (``app/views/label.py``): the selected box's panel and its tile
pickers, "Add a tile kind", the kinds never seen or few (as pictures) with "Not in my set" and its Undo, the dataset's
counts and checks, and the review with the model."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import streamlit as st
from PIL import Image

from app import settings
from app.components import resources
from app.components.box_editor import edits_waiting, open_upright
from app.components.common import as_code, as_typed, keep_choice, length_count, phrase_breaks, style
from app.components.i18n import attribute_value, error_text, lang, os_error_text, t
from app.components.label_nav import (ABSENT_MARKED, AUDIT_KEY, AUDIT_SHOWN, EDITOR_KEY, INDEX_KEY, NUDGE, PANEL_KEY,
                                      SEL_KEY, VERSION_KEY, _delete, _edit, _forget_rewritten, _not_saved, _note,
                                      _pick_kind, _saved, _select_next)
from app.components.label_words import (OTHER_GAME_SHOWN, OWN_NAMES_KEY, _kinds_said, _name, _name_md,
                                        _named_in, _named_with_id, _split_text, issue_text, list_sep, photo_names,
                                        run_table, tr)
from app.components.resources import face_picture
from app.components.tiles import GRID_NAMES_CSS, filter_attribute, no_toolbars_css
from app.components.visitor import is_local_visitor, path_help, said_path
from scorer import Game, GameFileError, TilelensInputError
from tilelens.labelling import Box, LabelFileError, editing, prelabel
from tilelens.labelling.kinds import AbsentInUse, add_game_kinds, add_kinds, mark_absent, set_absent, unmark_absent
from tilelens.labelling.model import IssueKind, iou
from tilelens.labelling.yolo import image_size, read_data_yaml
from vision.enroll import THIN


def _pick_box(key: str, drawn: int | None) -> None:
    """A box picked from the box list (``_box_list``), drawn with the box ``drawn`` selected. The list sending ``drawn``
    back is no pick: a list drawn for the box selected before, still in the browser when a click's run began (a box
    clicked on the photo, its picture picked at once on a busy laptop), sent it and selected that box again, and the
    picture picked for the box clicked was dropped (``_edit``: drawn for a selection changed since)."""
    chosen = st.session_state.get(key)
    if chosen is not None and chosen != drawn:
        st.session_state[SEL_KEY] = chosen


def _box_list(photo: str, boxes: tuple[Box, ...], game: Game | None, sel: int | None) -> None:
    """A list of the photo's boxes, named as the photo's tags name them ("Box 2: 2 Man"), that selects the box picked
    (a phone's only, ``_label_css``). A fresh list for each selection shows the box selected, however it was, and
    after each save its tile as saved (the list kept showing "Box 1: 1 Man" once the box was made 2 Man)."""
    if not boxes:
        return
    key = f"label_box_pick_{photo}_{sel}_{len(boxes)}_{st.session_state.get(VERSION_KEY, 0)}"
    # its words after a language switch (``keep_choice``): the old words sent back were taken for a box picked
    drawn = sel if sel is not None and sel < len(boxes) else None
    keep_choice(key, range(len(boxes)), drawn)
    with st.container(key="label_box_list"):
        st.selectbox(tr("pick_box"), range(len(boxes)), index=None, key=key, placeholder=tr("pick_box"),
                     format_func={i: tr("selected", i=i + 1, name=_name(game, b.kind)) for i, b in enumerate(boxes)}
                     .__getitem__,
                     on_change=_pick_box, args=(key, drawn))


def _box_panel(root: Path, photo: str, names: tuple[str, ...], boxes: tuple[Box, ...], game: Game | None,
               table: str | None = None, whole: bool = False, absent: tuple[str, ...] = ()):
    """The selected box's panel. ``whole``: the dataset is ``game``'s (not a tile set's, nor another game's), so its
    picture picker offers every tile of the table in use (``table``: its file where it is the house table), those the
    dataset does not name yet after its own (``_picture_picker``). ``absent``: the kinds the dataset says its set does
    not have, offered by no picker (but the kind box's own kind, shown as it is)."""
    sel = st.session_state.get(SEL_KEY)
    row = st.container(horizontal=True)
    row.button(tr("next_box"), key="label_next_box", shortcut="B", help=tr("shortcut", keys="B"),
               on_click=_select_next, args=(len(boxes),))
    chosen = sel is not None and 0 <= sel < len(boxes)
    # "Delete box" is always in the row, disabled with no box selected: a row rebuilt when it came made the browser
    # drop the focus of "Next box" pressed with Enter to the page body. No shortcut: the photo editor takes the
    # Delete key, for the box last clicked (see box_editor)
    row.button(tr("delete"), key="label_delete", disabled=not chosen, help=tr("shortcut", keys="Delete"),
               on_click=_delete if chosen else None, args=(root, photo, names, sel) if chosen else None)
    row.button(t("label_add_box"), key="label_add_box", help=t("label_add_box_help"), on_click=_add_box,
               args=(root, photo, names))
    _box_list(photo, boxes, game, sel)
    if not chosen:
        st.caption(tr("no_box"))
        return
    box, args = boxes[sel], (root, photo, names, sel)
    st.session_state[PANEL_KEY] = (str(root), photo, sel, box.xyxyn)
    st.markdown(f"**{tr('selected', i=sel + 1, name=_name_md(game, box.kind))}**")
    version = st.session_state.get(VERSION_KEY, 0)
    key = f"label_kind_{photo}_{sel}_{version}"  # a fresh widget after every save shows the saved kind
    kinds = [k for k in names if k not in absent or k == box.kind]
    keep_choice(key, kinds, box.kind if box.kind in kinds else next(iter(kinds), None))  # its words after a switch
    st.selectbox(tr("kind"), kinds, key=key,
                 format_func={k: _named_with_id(game, k) for k in kinds}.__getitem__,
                 on_change=_pick_kind, args=(*args, key, version))
    with st.container(key="label_nudge_said"):
        st.caption(tr("nudge"))
    moves = st.container(horizontal=True)
    # Shift+arrows are the editor's own (box_editor): it moves the box at once and loses no key press.
    # an arrow with its word: a screen reader read the arrows alone ("left arrow" at best); keys stay the arrows
    for name, label, delta in (("←", tr("left"), (-NUDGE, 0, 0)), ("→", tr("right"), (NUDGE, 0, 0)),
                               ("↑", tr("up"), (0, -NUDGE, 0)), ("↓", tr("down"), (0, NUDGE, 0)),
                               (tr("grow"), tr("grow"), (0, 0, NUDGE / 2)),
                               (tr("shrink"), tr("shrink"), (0, 0, -NUDGE / 2))):
        moves.button(label, key=f"label_nudge_{name}",
                     on_click=_edit, args=(root, photo, names, editing.nudge, sel, *delta))
    keys: set[str] = set()  # the pickers' keys: each kind is drawn once, and no key is another's
    pictured = _picture_picker(game, names, args, keys, whole, table, absent) if game is not None else set()
    _own_picker(game, names, args, pictured | set(absent), keys)


# A box added with "Add a box" where the photo has none: a tile's width as a share of the photo's (a hand of 14 across
# most of it), a tile standing taller than wide. Beside a box, as large as that box, a tenth of it apart.
NEW_BOX_W = 0.06
TILE_H_PER_W = 4 / 3
NEW_BOX_GAP = 0.1
# ... and never smaller than the smallest box a label file keeps (``editing.MIN_SIDE``; a label file may hold a smaller
# one, another tool's): a hair above it, so that its corners rounded to 4 places leave it no smaller
NEW_BOX_MIN = editing.MIN_SIDE + 0.0002


def new_box_place(boxes, photo_wh: tuple[int, int]) -> tuple[float, float, float, float] | None:
    """Where "Add a box" puts a box (``xyxyn``) on a photo ``photo_wh`` px with ``boxes`` (``xyxyn`` each): as large
    as the last box (at least ``NEW_BOX_MIN`` a side: one smaller is refused), just right of it, else left of it,
    else further along its row (right, then left), else in the middle of the photo, else a little off the last box;
    with no box, a tile's size (``NEW_BOX_W``) in the middle. Always inside the photo, and never where a box is
    (``editing.find_box``: a box added there is none, and "Add a box" selected the old one unsaid). None where every
    such place has a box (a box as large as the photo).

    >>> new_box_place([(0.1, 0.2, 0.2, 0.4)], (400, 300))
    (0.21, 0.2, 0.31, 0.4)
    >>> new_box_place([(0.85, 0.2, 0.95, 0.4)], (400, 300))  # no room on the right
    (0.74, 0.2, 0.84, 0.4)
    >>> new_box_place([(0.85, 0.2, 0.95, 0.4), (0.74, 0.2, 0.84, 0.4)], (400, 300))  # a box right of the last one
    (0.63, 0.2, 0.73, 0.4)
    >>> new_box_place([(0.3, 0.1, 0.7, 0.9)], (400, 300))  # no room either side, the middle taken: off it a little
    (0.34, 0.1, 0.74, 0.9)
    >>> new_box_place([], (400, 300))  # a tile 24 px wide and 32 high, in the middle
    (0.47, 0.4467, 0.53, 0.5533)
    >>> new_box_place([(0.1, 0.998, 0.103, 1.0)], (400, 300))  # a speck at the bottom: the smallest box kept, above
    (0.1035, 0.9948, 0.1087, 1.0)
    >>> new_box_place([(0.0, 0.0, 1.0, 1.0)], (400, 300)) is None
    True
    """
    if boxes:
        x1, y1, x2, y2 = boxes[-1]
        w, h = min(max(x2 - x1, NEW_BOX_MIN), 1.0), min(max(y2 - y1, NEW_BOX_MIN), 1.0)
    else:
        w, h = NEW_BOX_W, min(NEW_BOX_W * TILE_H_PER_W * photo_wh[0] / photo_wh[1], 1.0)

    def at(left: float, top: float) -> tuple[float, float, float, float]:
        top = min(max(top, 0.0), 1.0 - h)  # a last box partly off the photo (a label file's): this one on it
        return round(left, 4), round(top, 4), round(left + w, 4), round(top + h, 4)

    places = []
    if boxes:
        gap, step = w * NEW_BOX_GAP, w * (1 + NEW_BOX_GAP)
        for k in range(int(1 / step) + 1):  # beside it, then a tile further each way, right first
            places += [at(x2 + gap + k * step, y1), at(x1 - gap - w - k * step, y1)]
    places.append(at(0.5 - w / 2, 0.5 - h / 2))
    if boxes:  # a box too wide for a place beside it (a close-up): off the last box by the gap, across, then down or up
        dx, dy = w * NEW_BOX_GAP, h * NEW_BOX_GAP
        places += [at(x1 + dx, y1), at(x1 - dx, y1), at(x1, y1 + dy), at(x1, y1 - dy)]
    taken = tuple(Box("", b) for b in boxes)
    return next((p for p in places if 0 <= p[0] and p[2] <= 1 and editing.find_box(taken, p) is None), None)


def _add_box(root: Path, photo: str, names: tuple[str, ...]) -> None:
    """"Add a box": a box placed by ``new_box_place``, of the last box's kind (a missed tile is most often like its
    neighbour, as a box drawn takes it), selected, for the nudge buttons or Shift+arrows to move onto its tile: a
    box added without a mouse (a box is drawn by dragging on the photo). A photo that cannot be read takes none,
    and says why (said beside it too); so does one with no place free of a box (``new_box_place``)."""
    boxes, _ = editing.load_boxes(root, photo, names)
    try:
        wh = image_size(root / photo)
    except LabelFileError as exc:
        _not_saved("boxes_not_saved", root, exc)
        return
    place = new_box_place([b.xyxyn for b in boxes], wh)
    if place is None:  # a box over the whole photo: every place has one (that box was selected, unsaid)
        _note("warning", tr("no_box_place"))
        return
    placed = Box(boxes[-1].kind if boxes else names[0], place)
    new = editing.add_box(boxes, placed)
    if _saved(root, photo, new, names):
        st.session_state[SEL_KEY] = editing.find_box(new, placed.xyxyn)


def _unique_key(key: str, keys: set[str]) -> str:
    """``key``, or where one of the pickers has it already (a kind named like a part of the picker: ``filter``,
    ``cell_rarin``) ``key`` with a number after it; added to ``keys``. A key drawn twice stopped the page
    (``StreamlitDuplicateElementKey``), whatever a dataset's data.yaml names its kinds."""
    unique, n = key, 1
    while unique in keys:
        unique, n = f"{key}~{n}", n + 1
    keys.add(unique)
    return unique


def _own_picker(game: Game | None, names: tuple[str, ...], args: tuple, pictured: set[str], keys: set[str]) -> None:
    """The dataset's kinds that the picture picker does not draw (``pictured``: the kinds of the table in use): a set's
    flowers added with "Add a tile kind", a kind of the box's table that the house table dropped; a button each,
    named, that gives the selected box that kind. A kind of the dataset's own that is a tile of the table in use
    (added before the house table had it) is drawn once, by its picture. With no game (its table cannot be read),
    the kinds added alone: the others are in the kind box above."""
    own = [k for k in dict.fromkeys(names) if k not in pictured and (game is not None or k in run_table(OWN_NAMES_KEY))]
    if not own:
        return
    row = st.container(horizontal=True, gap="small", key="label_own_picker")
    for kind in own:
        # its name on the button, as the page names it elsewhere ("Autumn (f3)", 「秋」): a phone shows no help, and
        # bare ids "f1".."f8" named no flower
        row.button(_pick_words(_name(game, kind)), key=_unique_key(f"label_pick_{kind}", keys), on_click=_edit,
                   args=(*args[:3], editing.set_kind, args[3], kind), help=_name_md(game, kind, with_id=False))


def house_table(game_ref: str | None) -> str | None:
    """The file of the house table edited in the app (the Rules page) of the game ``game_ref`` names (a dataset's
    ``game``: a shipped game's id, or the file of a game added in the app), where there is one: the labelling tools
    take the game's tiles from it (``tilelens.labelling.prelabel.class_names``' ``table``), as the app plays the game
    and "Keep this photo" names its tiles, and as ``tilelens label`` takes them. None: the box's table."""
    game_id = settings.game_id_of(game_ref) if game_ref else None
    edited = settings.edited_path(game_id) if game_id in settings.games() else None
    return str(edited) if edited else None


def _house_note(table: str | None) -> None:
    """Say the tiles are the house table's (its short path; the full one in its help, to copy, on the computer
    running the app alone: a phone is not shown the laptop's folders), where they are."""
    if table and not is_local_visitor():  # a phone is told of no file of the computer
        st.caption(tr("house_kinds_away"))
    elif table:
        st.caption(tr("house_kinds", path=said_path(table)), help=path_help(table))


def _add_kind(root: Path, table: str | None = None) -> None:
    """"Add a tile kind": the id and name typed, added to the dataset's kinds (``kinds.add_kinds``), or why not
    (``table``: the house table in use, whose tiles the dataset has already where its names have them)."""
    kind = (st.session_state.get("label_new_kind_id") or "").strip()
    name = (st.session_state.get("label_new_kind_name") or "").strip()
    try:
        add_kinds(root, {kind: name}, table)
    except TilelensInputError as exc:
        _note("error", error_text(exc))
        return
    st.session_state["label_new_kind_id"] = st.session_state["label_new_kind_name"] = ""
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    _note("success", tr("kind_added", kind=kind))


def _add_kind_panel(root: Path, table: str | None = None) -> None:
    with st.expander(tr("add_kind")):
        st.caption(tr("add_kind_help"))
        st.text_input(tr("add_kind_id"), key="label_new_kind_id", max_chars=32)
        length_count("label_new_kind_id")  # its count ("0/32") on a Japanese screen before one types
        st.text_input(tr("add_kind_name"), key="label_new_kind_name")
        st.button(tr("add_kind_button"), key="label_new_kind_add", on_click=_add_kind, args=(root, table))


def _mark_absent(root: Path, key: str, absent: bool, table: str | None = None, game: Game | None = None) -> None:
    """Say the kinds chosen (``key``'s multiselect; all those said absent, for ``absent=False``) are not in the
    set, or are after all (``kinds.set_absent``; ``table``: the house table in use). Said absent: their boxes on the
    photos not accepted become the plain kind or are removed (``kinds.mark_absent``), said with a count and an Undo
    (``ABSENT_MARKED``); refused where an accepted photo has one, naming it."""
    kinds = st.session_state.get(key) or []
    if not kinds:
        return
    marked = None
    try:
        if absent:
            marked = mark_absent(root, kinds, table)
        else:
            set_absent(root, kinds, absent, table)
    except AbsentInUse as exc:
        named = photo_names(exc.photos)
        n = len(exc.photos)
        photos = list_sep().join(as_code(named[p]) for p in exc.photos[:OTHER_GAME_SHOWN])
        if n > OTHER_GAME_SHOWN:
            photos += tr("list_more", more=tr("other_game_more", n=n - OTHER_GAME_SHOWN))
        _note("error", tr("absent_refused", kinds=_kinds_said(game, exc.kinds), n=n, photos=photos,
                          s="s" if n != 1 else "", have="has" if n == 1 else "have",
                          those="its" if n == 1 else "their", them="it" if n == 1 else "them"))
        return
    except TilelensInputError as exc:
        _note("error", error_text(exc))
        return
    except OSError as exc:  # a label file or data.yaml that cannot be written: nothing half done (``mark_absent``)
        _note("error", _named_in(os_error_text(exc), root))
        return
    _forget_rewritten(root, tuple(read_data_yaml(root).names))  # boxes made plain: Undo would call it another tab's
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    st.session_state[key] = []
    if marked is not None:
        st.session_state[ABSENT_MARKED] = (str(root), marked, table)


def _absent_marked_panel(root: Path, game: Game | None) -> None:
    """What "Not in my set" last did to this dataset (``ABSENT_MARKED``), at the top of the page with its Undo, until
    it is undone or another dataset is opened: the kinds said absent, and the boxes of the photos not accepted made the
    plain kind (or removed), counted."""
    held = st.session_state.get(ABSENT_MARKED)
    if not held or held[0] != str(root):
        st.session_state.pop(ABSENT_MARKED, None)
        return
    marked = held[1]
    text = tr("absent_marked", kinds=_kinds_said(game, marked.kinds or [k for k, _, _ in marked.made]))
    if marked.made:
        changes = list_sep().join(tr("absent_to", kind=_name_md(game, k), n=n, plain=_name_md(game, plain)) if plain
                              else tr("absent_gone", kind=_name_md(game, k), n=n) for k, plain, n in marked.made)
        n = len(marked.photos)
        text += (" " if lang() != "ja" else "") + tr("absent_changed", photos=n, s="s" if n != 1 else "",
                                                     changes=changes)
    with st.container(key="label_absent_marked_box"):
        st.success(text)
        st.button(tr("absent_marked_undo"), key="label_absent_marked_undo", on_click=_unmark_absent,
                  args=(root, game))


def _unmark_absent(root: Path, game: Game | None) -> None:
    """Undo of "Not in my set" (``kinds.unmark_absent``): said, with the photos changed since whose boxes it left."""
    held = st.session_state.pop(ABSENT_MARKED, None)
    if not held or held[0] != str(root):
        return
    marked = held[1]
    try:
        left = unmark_absent(root, marked, held[2])
    except TilelensInputError as exc:
        _note("error", error_text(exc))
        return
    except OSError as exc:
        _note("error", _named_in(os_error_text(exc), root))
        return
    _forget_rewritten(root, tuple(read_data_yaml(root).names))  # the boxes put back: as after marking
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    kinds = marked.kinds or [k for k, _, _ in marked.made]
    _note("success", tr("absent_undone", kinds=_kinds_said(game, kinds), are="is" if len(kinds) == 1 else "are"))
    if left:
        named = photo_names(list(left))
        _note("warning", tr("absent_undo_left", photos=list_sep().join(as_code(named[p]) for p in left)))


def _absent_panel(root: Path, unseen: tuple[str, ...], config, game: Game | None) -> None:
    """Beside the kinds never seen: say some are not in this set (no red fives), and those said so. Offered: the kinds
    never seen first, then the others the dataset has (a red five the model proposed on photos nobody checked yet:
    ``_mark_absent`` makes those boxes plain fives)."""
    table = None if config.tileset else house_table(config.game)
    offered = list(dict.fromkeys([*unseen, *(k for k in config.names if k not in config.absent)]))
    if offered:
        # the ids themselves as values (each shown by its name and id): a value is kept as its text, so a text in
        # the screen's language was not found again in the run of the click
        st.multiselect(tr("absent_pick"), offered, key="label_absent_pick", help=tr("absent_help"),
                       placeholder=tr("absent_placeholder"),
                       format_func={k: _named_with_id(game, k) for k in offered}.__getitem__)
        st.button(tr("absent_mark"), key="label_absent_mark", on_click=_mark_absent,
                  args=(root, "label_absent_pick", True, table, game))
    if config.absent:
        st.caption(tr("absent_now", kinds=_kinds_said(game, config.absent)))
        st.session_state["label_absent_all"] = list(config.absent)
        st.button(tr("absent_undo"), key="label_absent_undo", on_click=_mark_absent,
                  args=(root, "label_absent_all", False, table))


def _add_name(root: Path, photo: str, names: tuple[str, ...], index: int, table: str | None, kind: str) -> None:
    """A picture of a tile of the table in use the dataset does not name yet (a member the house table took back after
    the dataset was made): the kind added to its ``names`` (``kinds.add_game_kinds``: after them, so no label's class
    number changes; the game's kind, not one of the dataset's own), then given to the selected box (``_edit``)."""
    if edits_waiting(EDITOR_KEY) or st.session_state.get(SEL_KEY) != index:
        return  # as ``_edit``: a click on another box just before; nothing added
    try:
        names = add_game_kinds(root, [kind], table).names
    except LabelFileError as exc:
        _note("error", error_text(exc))
        return
    except OSError as exc:  # data.yaml cannot be written (no rights, a full disk)
        _note("error", os_error_text(exc))
        return
    _edit(root, photo, names, editing.set_kind, index, kind)


def _picture_picker(game: Game, names: tuple[str, ...], args: tuple, keys: set[str], whole: bool = False,
                    table: str | None = None, absent: tuple[str, ...] = ()) -> set[str]:
    """The game's tiles the dataset names, as pictures (filtered by type, colour or suit); a click gives the selected
    box that kind. ``whole``: the dataset is the game's, and the table in use's other tiles (``table``: the house
    table's file, or None for the box's), those the dataset does not name yet, come after its own, in an expander
    closed when they are many (a dataset of three kinds of riichi drew 37 pictures in one grid, and a kind of its own
    went below the fold, where a click scrolled the photo away); a click adds the kind to the dataset's names
    (``_add_name``). Returns the kinds it draws, under one filter or another (``_own_picker`` draws the others). The
    kinds the set does not have (``absent``: a red five) are not offered."""
    kinds = [tile for tile in game.tiles if tile.id in names and tile.id not in absent]
    others = [tile for tile in game.tiles if whole and tile.id not in names and tile.id not in absent]
    pictured = {tile.id for tile in kinds + others}
    keys.add("label_pick_filter")
    attr = filter_attribute(game)
    if attr is not None:
        values = sorted({k.attrs[attr] for k in kinds + others if attr in k.attrs})
        shown = {v: attribute_value(attr, v) for v in values}  # 萬子, not m (the language fixed now)
        chosen = st.pills(tr("pick_filter"), values, key="label_pick_filter", label_visibility="collapsed",
                          format_func=shown.__getitem__)
        kinds, others = ([k for k in group if chosen is None or k.attrs.get(attr) == chosen or k.almighty]
                         for group in (kinds, others))
    _picture_grid(game, kinds, "label_picker", keys,
                  lambda tile: (_edit, (*args[:3], editing.set_kind, args[3], tile.id)))
    if others:
        with st.expander(tr("other_tiles", n=len(others)), expanded=len(others) <= SHORT_KINDS,
                         key="label_other_tiles"):
            st.caption(tr("other_tiles_help"))
            _picture_grid(game, others, "label_other_picker", keys, lambda tile: (_add_name, (*args, table, tile.id)))
    return pictured


# The picker's names: the padding narrowed to 2 px and the type 11.5 px, as the palette's on a phone
# (``tiles.PALETTE_PHONE_CSS``), keep 「妖怪01」 and "Yokai 01" on one line (14 px type broke them 「妖怪/01」), and
# words whole (``tiles.GRID_NAMES_CSS``) in the palette's 76 px cells: 64 px broke "Kobayakaw/a" on a phone, the
# longest word wider than the cell; Japanese names break between their words (``phrase_breaks``), as the Score page's
PICK_CELL_W = 76
PICK_NAMES_CSS = ('.st-key-{key} .stButton button[kind] {{ padding-left: 0.125rem; padding-right: 0.125rem; }} '
                  '.st-key-{key} .stButton p {{ font-size: 0.72rem; }}')


def _pick_words(name: str) -> str:
    """A picker button's words: the tile's ``name`` as typed, able to break between its words alone
    (``common.phrase_breaks``: 宮本|フレデリカ, not 宮本フレデ|リカ), as the Score page's picker says it."""
    return as_typed(phrase_breaks(name))


def _picture_grid(game: Game, tiles: list, key: str, keys: set[str], click) -> None:
    """``tiles`` as pictures, each with a button under it (keyed by its id, ``label_pick_<id>``) whose ``click(tile)``
    is its callback and arguments. The button says the tile's name in the page's language, as the kinds grid does
    (its id, `yokai-01`, on a Japanese screen, the name only in a help a phone never shows); the help, its id too."""
    # no Fullscreen button over its pictures: on a finger's screen each one's, unseen, lay over the button above it
    style(f"{no_toolbars_css(key)}\n{GRID_NAMES_CSS.format(key=key)}\n{PICK_NAMES_CSS.format(key=key)}")
    grid = st.container(horizontal=True, gap="xsmall", key=key)  # 8 px: four 76 px cells a row on a phone
    for tile in tiles:
        with grid.container(width=PICK_CELL_W, gap=None, key=_unique_key(f"label_pick_cell_{tile.id}", keys)):
            st.image(face_picture(game.id, tile.id, tile.name_ja, 48, riichi=game.engine == "riichi"), width=48,
                     output_format="JPEG", alt=_name(game, tile.id))
            on_click, on_args = click(tile)
            st.button(_pick_words(_name(game, tile.id)), key=_unique_key(f"label_pick_{tile.id}", keys),
                      on_click=on_click, args=on_args, help=as_typed(_named_with_id(game, tile.id)), width="stretch")


# The kinds never seen (and those with few boxes) were one line of names: for a Cinderella Girls set dozens of
# idol names nobody can picture. They are small pictures with the name under each, in a grid that wraps; a long
# list is closed. Each name is said once, by its caption: the picture is decorative to a screen reader, and
# no line of every name is kept for it (hidden from the eye, it made a screen reader say each name twice).
SHORT_KINDS = 8  # a list this long or shorter is shown open
KIND_PICTURE_W = 40
KINDS_CSS = '.st-key-label_{which}_grid p {{ word-break: normal; overflow-wrap: break-word; }}'


def _kinds_pictures(which: str, title: str, kinds, pictured: Game | None, game: Game | None, line: str,
                    why: str | None = None) -> None:
    """``kinds`` in an expander titled ``title`` (its count in it): the pictures of those ``pictured`` (the
    dataset's game's kinds; none for an enrolled set, whose tiles look otherwise) with their names under them,
    the others by name; ``line`` (every name in one line) where no kind has a picture."""
    faces = {}
    for kind in kinds:
        try:
            tile = pictured.tile(kind) if pictured is not None else None
        except TilelensInputError:  # not one of the game's kinds: its name alone
            tile = None
        if tile is not None:
            faces[kind] = tile
    with st.expander(title, expanded=len(kinds) <= SHORT_KINDS, key=f"label_{which}_kinds"):
        if not faces:
            st.caption(line)
        else:
            style(f"{no_toolbars_css(f'label_{which}_grid')}\n{KINDS_CSS.format(which=which)}")
            grid = st.container(horizontal=True, gap="small", key=f"label_{which}_grid")
            for i, kind in enumerate(kinds):
                with grid.container(width=KIND_PICTURE_W + 32, gap=None, key=f"label_{which}_cell_{i}"):
                    if kind in faces:
                        st.image(face_picture(pictured.id, faces[kind].id, faces[kind].name_ja, KIND_PICTURE_W,
                                              riichi=pictured.engine == "riichi"),
                                 width=KIND_PICTURE_W, output_format="JPEG", alt="")  # the caption under it names it
                    st.caption(_name_md(game, kind))
            if why:  # what the line says after the names, said under the pictures
                st.caption(why)


CHART_ROW = 20  # px a kind's bar takes in the tiles-per-kind chart: every kind named, at 390 px as on a laptop


def kinds_chart(table, kind: str, count: str):
    """The tiles-per-kind chart: a bar per kind across the page, the kinds down its side in catalog order (as in the
    picker), each named, the chart as tall as they need. Standing bars at 390 px named every other kind, and turned
    the count's title sideways; the kinds' names say what the side is, with no title of their own."""
    import altair as alt

    return alt.Chart(table).mark_bar().encode(
        y=alt.Y(f"{kind}:N", sort=None, title=None, axis=alt.Axis(labelOverlap=False, labelLimit=150)),
        x=alt.X(f"{count}:Q", title=count, axis=alt.Axis(tickMinStep=1, format="d")),
        tooltip=[alt.Tooltip(f"{kind}:N"), alt.Tooltip(f"{count}:Q")],
    ).properties(height=CHART_ROW * len(table) + 10)


def _dataset_panel(report, game: Game | None, config, root: Path | None = None, prelabel_left: int = 0) -> None:
    """The dataset's chart, its kinds never or seldom seen, and its checks. ``prelabel_left``: the photos with no
    label file the page offers to pre-label above (``label_datasets._left_panel``; 0: not offered), which the note on
    the photos to label points to rather than to drawing their boxes by hand."""
    stats = report.stats
    st.subheader(tr("chart"), anchor=False)
    # the kinds with tiles (84 bars, 66 of them empty, were two screens of a phone); those with none counted
    counts = {_name(game, k): n for k, n in stats.tiles_per_kind.items() if n}
    if counts:
        # named columns: a dict's were shown as the axes' titles, "index" and "value", in English on any screen
        kind, count = tr("chart_kind"), tr("chart_count")
        table = pd.DataFrame({kind: list(counts), count: list(counts.values())})
        st.altair_chart(kinds_chart(table, kind, count), key="label_kinds_chart")
        empty = sum(not n for n in stats.tiles_per_kind.values())
        if empty:
            st.caption(tr("chart_empty", n=empty, s="" if empty == 1 else "s", are="is" if empty == 1 else "are"))
    pictured = game if game is not None and settings.game_id_of(config.game) == game.id and not config.tileset \
        else None
    if stats.unseen_kinds:
        kinds = stats.unseen_kinds
        _kinds_pictures("never", tr("never_seen_title", n=len(kinds)), kinds, pictured, game,
                        tr("never_seen", n=len(kinds), kinds=_kinds_said(game, kinds)))  # 「三萬、中」
    if root is not None:
        _absent_panel(root, stats.unseen_kinds, config, game)
    if stats.thin_kinds:
        kinds = stats.thin_kinds
        _kinds_pictures("thin", tr("thin_title", t=THIN, n=len(kinds)), kinds, pictured, game,
                        tr("thin", t=THIN, n=len(kinds), kinds=_kinds_said(game, kinds)),
                        tr("thin_why"))
    issues = problems_of(report.issues)
    unlabelled = len(report.issues) - len(issues)
    with st.expander(f"{tr('checks')} ({len(issues)})"):
        st.caption(" · ".join(_split_text(split, n, config) for split, n in stats.photos_per_split.items()))
        if unlabelled:  # the state a dataset filed without proposals is in, not a problem of each photo
            many = "s" if unlabelled != 1 else ""
            st.info(tr("to_label_prelabel", n=unlabelled, s=many, them="them" if many else "it",
                       button=tr("prelabel_left", n=prelabel_left, s="s" if prelabel_left != 1 else ""))
                    if prelabel_left else tr("to_label", n=unlabelled, s=many))
        if not issues and not unlabelled:  # photos still to label are no dataset checked and found good
            st.success(tr("no_issues"))
        for issue in issues[:200]:
            (st.error if issue.is_error else st.warning)(issue_text(issue, root, config))


def game_of_kinds(kinds, first: str | None = None) -> str | None:
    """The game (of those the app offers) whose tiles are the most of ``kinds`` (a dataset's kinds), ``first`` where
    it has as many as any (the game picked on the other pages), else the first such in the app's order; None where
    no game has any of them (a dataset of its own kinds, of the detector's back and tile alone)."""
    ids = settings.games()
    best, most = None, 0
    for game_id in ([first] if first in ids else []) + [g for g in ids if g != first]:
        try:
            tiles = {tile.id for tile in resources.game(game_id).tiles}
        except GameFileError:  # a table that will not load: no game to guess (its page says why)
            continue
        have = sum(kind in tiles for kind in kinds)
        if have > most:
            best, most = game_id, have
    return best


def _other_game_said(config, game: Game, kinds) -> str:
    """A review in which the model of ``game`` knew none of the labels' ``kinds``: the game they are tiles of named,
    and how to choose it (the page's Game box, where data.yaml names no game; else its data.yaml's game)."""
    names = settings.game_labels(lang())
    other = game_of_kinds(kinds)
    if other is None or other == game.id:
        return tr("audit_no_game", game=names.get(game.id, game.id))
    how = tr("audit_other_how", other=names[other]) if not config.game else tr("audit_other_how_yaml")
    return tr("audit_other_game", game=names.get(game.id, game.id), other=names[other], how=how)


def problems_of(issues) -> list:
    """``label check``'s findings but for the photos with no label file yet (``no-label-file``: photos to label,
    said once on the page, not one warning each: a dataset filed without proposals is all of them on purpose)."""
    return [i for i in issues if i.kind != IssueKind.NO_LABEL_FILE]


def _open_suspect(photos: list[str], photo: str, box: int | None) -> None:
    if photo in photos:
        st.session_state[INDEX_KEY] = photos.index(photo)
        st.session_state[SEL_KEY] = box


def _suspect_box(root: Path, suspect) -> Box | None:
    """The suspect's box, normalised, showing what the model reads (None if the photo cannot be read)."""
    try:
        w, h = image_size(root / suspect.photo)
    except LabelFileError:
        return None
    x1, y1, x2, y2 = suspect.xyxy
    return Box(suspect.reads, (x1 / w, y1 / h, x2 / w, y2 / h))


def _still_open(boxes: tuple[Box, ...], where: Box | None, suspect) -> int | bool:
    """Whether a suspect is not dealt with yet, given its photo's ``boxes`` now and its own box ``where``
    (``_suspect_box``). A flagged label: its index, if that box is still where it was and still says what
    was flagged (else False). A tile nobody labelled: True while no box covers it."""
    from tilelens.labelling.audit import UNLABELLED_IOU, WRONG_KIND

    if where is None:
        return False
    if suspect.what == WRONG_KIND:
        i = suspect.box
        same = i is not None and i < len(boxes) and boxes[i].kind == suspect.label and iou(boxes[i], where) > 0.9
        return i if same else False
    return all(iou(where, b) < UNLABELLED_IOU for b in boxes)


def _accept_reading(root: Path, names: tuple[str, ...], suspect) -> None:
    """Take the model's reading of a suspect: the flagged label becomes what it reads, or the tile nobody
    labelled gets a box of that kind. Nothing happens if the label file changed under it."""
    from tilelens.labelling.audit import WRONG_KIND

    boxes, _ = editing.load_boxes(root, suspect.photo, names)
    where = _suspect_box(root, suspect)
    state = _still_open(boxes, where, suspect)
    if state is False:
        return
    if suspect.what == WRONG_KIND:
        new = editing.set_kind(boxes, state, suspect.reads)
    else:
        new = editing.add_box(boxes, where)
    _saved(root, suspect.photo, new, names)


def _suspect_picture(path: Path, suspect) -> Image.Image:
    """The suspect's box, padded, upright, cut as the event check cuts a flagged tile (``crop_tile``)."""
    from tilelens.event.images import crop_tile

    return crop_tile(open_upright(path), suspect, pad=0.15)


def _audit_panel(root: Path, config, game: Game | None, photos: list[str], names: tuple[str, ...]) -> None:
    """Run ``label audit`` from the page and show each suspect as a picture with a button to open it."""
    from tilelens.labelling.audit import WRONG_KIND, audit_dataset

    with st.expander(tr("audit")):
        st.caption(tr("audit_help" if is_local_visitor() else "audit_help_away"))
        if st.button(tr("audit_run"), key="label_audit_run"):
            if not config.tileset and game is None:
                st.warning(tr("audit_none_reader" if is_local_visitor() else "audit_none_reader_away"))
                return
            try:
                with st.spinner(tr("auditing")):
                    reader = (prelabel.load_reader(None, config.tileset, set_limit=False) if config.tileset
                              else resources.recognizer(game.id))
                    report = audit_dataset(root, reader, progress=False)
            except TilelensInputError as exc:  # no model for this game, a damaged tile set, ...
                st.error(error_text(exc))
                return
            st.session_state[AUDIT_KEY] = (str(root), report)
        saved = st.session_state.get(AUDIT_KEY)
        if not saved or saved[0] != str(root):
            return
        report = saved[1]
        st.write(tr("audit_found", wrong=len(report.of(WRONG_KIND)), unlabelled=len(report.suspects)
                    - len(report.of(WRONG_KIND)), photos=report.photos, labels=report.labels))
        if not report.labels and report.not_read and game is not None and not config.tileset:
            st.warning(_other_game_said(config, game, report.not_read))  # "0 labels" said as why

        cols = st.columns(4)
        shown = [(n, s) for n, s in enumerate(report.suspects[:AUDIT_SHOWN])
                 if _still_open(editing.load_boxes(root, s.photo, names)[0], _suspect_box(root, s), s) is not False]
        for col, (n, s) in enumerate(shown):
            with cols[col % 4]:
                caption = (tr("audit_wrong", label=_name_md(game, s.label), reads=_name_md(game, s.reads),
                              prob=s.prob)
                           if s.what == WRONG_KIND else tr("audit_unlabelled", reads=_name_md(game, s.reads)))
                try:
                    st.image(_suspect_picture(root / s.photo, s), caption=caption)
                except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):  # a photo gone or damaged since
                    st.caption(caption)
                row = st.container(horizontal=True)
                row.button(tr("audit_open"), key=f"label_audit_open_{n}", on_click=_open_suspect,
                           args=(photos, s.photo, s.box), help=s.photo)
                if s.reads in names:
                    row.button(tr("audit_use" if s.what == WRONG_KIND else "audit_add", reads=_name_md(game, s.reads)),
                               key=f"label_audit_use_{n}", on_click=_accept_reading, args=(root, names, s))
        if len(report.suspects) > AUDIT_SHOWN:
            st.caption(tr("audit_more" if is_local_visitor() else "audit_more_away",
                          n=len(report.suspects) - AUDIT_SHOWN))
