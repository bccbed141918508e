"""The Label page's moves (``app/views/label.py``): the keys of its session state; going from photo to photo (← / →,
the filter, the jump list, Accept); the box edits and their Undo, Copy of the previous photo's boxes, and the
keyboard's own script and stylesheet; the dataset and photo kept in the page's address; the notes said on the next
run."""
from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from app.components.box_editor import edits_waiting, gone_key
from app.components.common import (DESKTOP, KEYBOARDLESS, OPEN_DATASET_KEY, as_code, as_typed, css_string,
                                   typed_path)
from app.components.i18n import error_text, os_error_text, t
from app.components.label_words import _named_in, accept_absent_text, accept_broken_text, short_name, tr
from app.components.visitor import (folder_allowed, home_short, is_local_visitor, named_folder, refused_text, there,
                                    visitor_path)
from scorer import TilelensInputError
from tilelens.labelling import Box, editing, set_done
from tilelens.labelling.model import IssueKind
from tilelens.labelling.prelabel import LOOSE_SUFFIXES
from tilelens.home import sweep_temps
from tilelens.labelling.store import PROGRESS_FILE, read_progress

DIR_KEY, INDEX_KEY, SEL_KEY, VERSION_KEY = "label_dir", "label_index", "label_sel", "label_version"
NEXT_DIR_KEY = OPEN_DATASET_KEY  # a dataset to open on the next run (the photo page sets it too)
NOTES_KEY = "label_notes"  # [(kind, text)] said once at the top of the next run (what an upload did)
ACCEPT_REFUSED = "label_accept_refused"  # why Accept refused the photo: said just above Accept (``accept_refusal``)
ACCEPT_SLOT = "label_accept_slot"  # the page draws ``accept_refusal`` above Accept (else the refusal is a note)
UPLOADS_KEY = "label_uploads"  # bumped to empty the uploaders after their photos are saved
PHOTO_TYPES = sorted(suffix.lstrip(".") for suffix in LOOSE_SUFFIXES)
EDITOR_KEY = "label_editor"
COPY_KEY = "label_copy_ask"  # (previous photo, photo): a copy asked for over a photo's own boxes, not yet answered
AUDIT_KEY = "label_audit"  # (folder, AuditReport) of the last review
AUDIT_SHOWN = 48  # suspects drawn on the page; the CLI lists them all
# The dataset open and the photo shown are kept in the page's address (``?dataset=...&photo=...``): a reload
# (a phone restoring its tab, F5) starts a new session, which opens them again (``_from_address``).
FILTER_KEY = "label_filter"  # "all", "todo", "problems" or "unlabelled": the photos ← / → and the jump list go through
NO_FURTHER_KEY = "label_no_further"  # ← / → found no photo that way (-1, 1): said once, on the next run
FILTER_MOVED = "label_filter_moved"  # the filter just changed: off a photo it leaves out, onto the next it keeps
PANEL_KEY = "label_panel_box"  # (folder, photo, index, xyxyn): the box the box panel was last drawn for
UNDO_KEY = "label_undo_stack"  # [(dataset folder, editing.Change)]: this session's box changes, oldest first
UNDO_ASKED = "label_undo_asked"  # Undo pressed: done once the editor's edits made before it are applied
UNDO_KEPT = 100
WANTED_KEY = "label_wanted"  # (folder, photo): the photo of the address, shown once its dataset is open
FIRST_TODO_KEY = "label_first_todo"  # a dataset just opened: shown at its first photo still to do, once listed
LEFTOVERS_TOLD = "label_leftovers_told"  # {(folder, aside folder)}: one that cannot be put back, said once
REDO_ASK = "label_redo_ask"  # (folder, choice): "Pre-label again" pressed, not answered yet
REDO_OFFERED = "label_redo_offered"  # (folder, set): the set taught from it last, chosen for "Pre-label again" once
REMOVE_ASK = "label_remove_ask"  # (folder, photo or None for the dataset): a removal asked for, not answered yet
REMOVED_KEY = "label_removed"  # what was last removed (a dict: its moves, for Undo): said at the top until undone
REMOVED_DIR = "removed"  # in the app's home (beside ``datasets``): what is removed is moved there, never deleted
ABSENT_MARKED = "label_absent_marked"  # (folder, kinds.AbsentMarked, table): "Not in my set" last done, for its Undo
NUDGE = editing.NUDGE_STEP * 2


# ---- callbacks: each changes the files first, so the page that follows draws the saved state

def _saved(root: Path, photo: str, boxes: tuple[Box, ...], names: tuple[str, ...]) -> bool:
    """Save a photo's boxes, and remember the change for Undo. False where they cannot be saved (a full disk, a
    read-only dataset, a label file that cannot be read): the label file as it was, nothing remembered, and why said
    at the top of the page (:func:`_not_saved`), never Streamlit's crash box."""
    try:
        before, _ = editing.load_boxes(root, photo, names)
        label = editing.save_boxes(root, photo, boxes, names)
    except (TilelensInputError, OSError) as exc:
        _not_saved("boxes_not_saved", root, exc)
        return False
    sweep_temps(label, older_s=60)  # the half-written copies of it a save killed before left
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    if not editing.same_boxes(before, tuple(boxes)):
        stack = st.session_state.setdefault(UNDO_KEY, [])
        stack.append((str(root), editing.Change(photo, before, tuple(boxes))))
        del stack[:-UNDO_KEPT]
    return True


def _not_saved(key: str, root: Path, exc: Exception) -> None:
    """Say a save of boxes (``key``: "boxes_not_saved", "undo_not_saved") refused, as :func:`_progress_refused`
    says a change of the progress: why in the screen's language, the files named within the dataset."""
    why = error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc)
    _note("error", t(key, why=_named_in(why, root)))


def _last_change(root: Path) -> int | None:
    """Where in this session's changes (``UNDO_KEY``) the last one to the dataset ``root`` is."""
    stack = st.session_state.get(UNDO_KEY, [])
    return next((i for i in range(len(stack) - 1, -1, -1) if stack[i][0] == str(root)), None)


def _undoable(root: Path) -> editing.Change | None:
    """The last change of this session to the dataset ``root`` that Undo would take back."""
    at = _last_change(root)
    return None if at is None else st.session_state[UNDO_KEY][at][1]


def _forget_changes(root: Path, photos) -> None:
    """Forget this session's Undo steps of the photos ``photos`` of the dataset ``root``."""
    photos = set(photos)
    stack = st.session_state.get(UNDO_KEY)
    if stack:
        stack[:] = [(r, c) for r, c in stack if not (r == str(root) and c.photo in photos)]


def _forget_rewritten(root: Path, names: tuple[str, ...] | None) -> None:
    """After this tab rewrote boxes of ``root`` other than by a box edit (Pre-label again): forget the Undo steps of
    each photo whose boxes are no longer what its last step left, which Undo would refuse as "changed elsewhere";
    ``names`` None (the dataset took another tile list: every step's boxes are named by the old one), every step of
    ``root``. A photo left as it was (accepted, or not read) keeps its steps."""
    last: dict[str, editing.Change] = {}
    for r, change in st.session_state.get(UNDO_KEY) or []:
        if r == str(root):
            last[change.photo] = change
    if names is None:
        _forget_changes(root, last)
        return
    rewritten = []
    for photo, change in last.items():
        try:
            now, _ = editing.load_boxes(root, photo, names)
        except (TilelensInputError, OSError):  # cannot be read now: Undo could not take it back either
            rewritten.append(photo)
            continue
        if not editing.same_boxes(now, change.after):
            rewritten.append(photo)
    _forget_changes(root, rewritten)


def _ask_undo() -> None:
    # Done in the page's run, after the editor's edits: a box dragged just before Undo was pressed is
    # still waiting when this callback runs, and undoing first would take back the change before it.
    st.session_state[UNDO_ASKED] = True


def _undo(root: Path, photos: list[str], names: tuple[str, ...]) -> None:
    """Take back the last change to ``root``'s boxes and show its photo; where the photo was changed since
    elsewhere (another tab), leave it, forget this session's changes to it, and say so."""
    at = _last_change(root)
    if at is None:
        return
    stack = st.session_state[UNDO_KEY]
    change = stack[at][1]
    try:
        undone = editing.undo(root, change, names)
    except (TilelensInputError, OSError) as exc:  # a full disk, a read-only dataset: the step kept to try again
        _not_saved("undo_not_saved", root, exc)
        return
    del stack[at]  # taken off only once undone (or found changed since)
    if undone:
        st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
        if change.photo in photos:
            _go(photos.index(change.photo), len(photos))
        return
    _forget_changes(root, [change.photo])
    _note("warning", tr("undo_stale", photo=as_code(short_name(change.photo))))


# Keyboard shortcuts can be pressed faster than the page is drawn again, and a button's callback gets the
# arguments of the page's last drawing: so the photo buttons act on the photo the page is on now
# (INDEX_KEY), not the one they were drawn for. (→ then Shift+V at once used to copy boxes over the photo
# just left.)

def _go(index: int, count: int) -> None:
    st.session_state[INDEX_KEY] = min(max(index, 0), count - 1)
    st.session_state[SEL_KEY] = None


def _step(delta: int, count: int, shown: list[int] | None = None) -> None:
    """← / →: from the photo the page is on now, so that every key press counts, to the next (previous)
    photo of ``shown`` (the filter's; every photo when None). None further that way: it stays, and the page
    says so (``NO_FURTHER_KEY``), not a press that did nothing unsaid."""
    here = int(st.session_state.get(INDEX_KEY, 0))
    ahead = [i for i in (range(count) if shown is None else shown) if (i > here if delta > 0 else i < here)]
    if ahead:
        _go(ahead[0] if delta > 0 else ahead[-1], count)
    else:
        st.session_state[NO_FURTHER_KEY] = delta


def _filter_changed() -> None:
    st.session_state[FILTER_MOVED] = True


def _shown(photos: list[str], done: set[str], flagged: dict, unlabelled=()) -> list[int]:
    """The indices of the photos the filter keeps (``unlabelled``: the photos with no label file)."""
    which = st.session_state.get(FILTER_KEY) or "all"
    keep = {"todo": lambda p: p not in done, "problems": lambda p: p in flagged,
            "unlabelled": lambda p: p in unlabelled}.get(which, lambda p: True)
    return [i for i, p in enumerate(photos) if keep(p)]


def _accept(root: Path, photos: list[str], index: int) -> None:
    if st.session_state.get(INDEX_KEY, 0) != index:
        return  # pressed after moving to a photo not drawn yet: the person has not seen it
    refused, config = _refusals(root, photos[index])
    if refused:  # as `tilelens label accept` (and teach) refuse it: lines it cannot read, a kind the set has not
        absent = [i for i in refused if i.kind is IssueKind.MORE_THAN_THE_SET]
        broken = [i for i in refused if i.kind is not IssueKind.MORE_THAN_THE_SET]  # said first, if any
        said = accept_broken_text(broken, root, config) if broken else accept_absent_text(absent)
        if st.session_state.get(ACCEPT_SLOT):  # beside the focused Accept: under the title it was off a phone's screen
            st.session_state[ACCEPT_REFUSED] = said
        else:
            _note("error", said)
        return
    st.session_state.pop(REMOVED_KEY, None)  # moved on: a photo removed before stays in the removed folder
    st.session_state.pop(ABSENT_MARKED, None)  # and the kinds said not in the set stay so
    try:
        done = set_done(root, photos[index])
    except (TilelensInputError, OSError) as exc:  # the progress file damaged, a pipe in its place: never written over
        _progress_refused(root, exc)
        return
    sweep_temps(Path(root) / PROGRESS_FILE, older_s=60)  # the half-written copies a save killed before left
    after = [i for i in range(index + 1, len(photos)) if photos[i] not in done]
    before = [i for i in range(index) if photos[i] not in done]
    _go((after or before or [index])[0], len(photos))


def _refusals(root: Path, photo: str) -> tuple[list, object]:
    """The check's errors by which `tilelens label accept` refuses ``photo`` (``cli.broken_photos``: a photo or label
    lines that cannot be read, a box of a kind the dataset marks absent), and the dataset's data.yaml; none where that
    cannot be read (the page says so already)."""
    from tilelens.labelling.cli import broken_photos
    from tilelens.labelling.yolo import read_data_yaml

    try:
        config = read_data_yaml(root)
        return broken_photos(Path(root), [photo], config.names, config).get(photo, []), config
    except (TilelensInputError, OSError):
        return [], None


def _reopen(root: Path, photo: str) -> None:
    try:
        set_done(root, photo, done=False)
    except (TilelensInputError, OSError) as exc:
        _progress_refused(root, exc)
        return
    sweep_temps(Path(root) / PROGRESS_FILE, older_s=60)


def _progress_refused(root: Path, exc: Exception) -> None:
    """Say why Accept or Reopen changed nothing: the progress file cannot be written (no rights, a full disk); one
    that cannot be read (``store.read_progress``: damaged, a named pipe in its place) is said at the top of the page
    on every run already."""
    try:
        read_progress(root)
    except (TilelensInputError, OSError):
        return
    _note("error", _named_in(error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc), root))


def _edit(root: Path, photo: str, names: tuple[str, ...], op, index: int, *rest) -> bool:
    """A change to the selected box ``index`` from a widget of the box panel (delete, picture, nudge, kind);
    False, and nothing changed, when the panel was drawn for a selection the person has changed since."""
    if edits_waiting(EDITOR_KEY) or st.session_state.get(SEL_KEY) != index:
        # A click on another box made just before: a button's callback gets the arguments of the page's
        # last drawing, the box selected before that click. Dropped rather than made to the wrong box; the
        # page is drawn again at once (3 of 3 browser runs renamed the wrong box before this).
        return False
    boxes, _ = editing.load_boxes(root, photo, names)
    drawn = st.session_state.get(PANEL_KEY)
    if drawn and tuple(drawn[:3]) == (str(root), photo, index) and not (
            0 <= index < len(boxes) and editing.find_box((boxes[index],), drawn[3]) == 0):
        # Not where the panel showed it: another tab moved or removed it (the box after a removed one
        # takes its number). Changing the box now at that number would change one the person never chose.
        st.session_state[SEL_KEY] = None
        _note("warning", tr("box_changed"))
        return False
    new = op(boxes, index, *rest)
    if not _saved(root, photo, new, names):
        return False
    if 0 <= index < len(new):  # a second click before the page is drawn again acts on the box as now saved
        st.session_state[PANEL_KEY] = (str(root), photo, index, new[index].xyxyn)
    return True


def _xyxyn(edit: dict) -> tuple[float, float, float, float] | None:
    """An edit's box corners, or None if it carries no four numbers."""
    try:
        corners = tuple(float(v) for v in edit.get("xyxyn") or ())
    except (TypeError, ValueError):
        return None
    return corners if len(corners) == 4 else None


def _apply_edit(root: Path, photos: list[str], shown: str, names: tuple[str, ...], edit: dict) -> None:
    """One edit from the photo editor: a box drawn, nudged or removed (on the photo shown, or on the one
    shown before if the person moved on while it was being saved) or a box selected on the photo shown.
    Applying an edit twice changes nothing more: a run stopped after saving a box may be given the same
    edit again."""
    photo, op, xyxyn = edit["photo"], edit.get("op"), _xyxyn(edit)
    if op in ("add", "set") and photo in photos and xyxyn is not None:
        boxes, _ = editing.load_boxes(root, photo, names)
        if op == "add":
            kind = boxes[-1].kind if boxes else names[0]  # a missed tile is most often like its neighbour
            drawn = editing.normalised(Box(kind, xyxyn))  # None if too small
            new = boxes if drawn is None else editing.add_box(boxes, drawn)
        else:
            index = edit.get("index")
            new = editing.move_box(boxes, index, xyxyn) if isinstance(index, int) else boxes
            if not isinstance(index, int):  # the box editor found no box to move (removed in another tab): said
                # now, once (the editor's own word on its next draw is dropped), not left to a look at the photo
                st.session_state.pop(gone_key(EDITOR_KEY), None)
                _note("warning", tr("move_gone"))
        kept = new == boxes or _saved(root, photo, new, names)
        if op == "add" and photo == shown:  # the new box, or the same one saved by a run that was stopped
            st.session_state[SEL_KEY] = None if drawn is None or not kept else editing.find_box(new, drawn.xyxyn)
    elif op == "delete" and photo in photos and xyxyn is not None:
        boxes, _ = editing.load_boxes(root, photo, names)
        index = editing.find_box(boxes, xyxyn)  # None once it is gone: a second delete removes nothing
        if index is not None:
            _saved(root, photo, editing.delete_box(boxes, index), names)
        else:  # moved or removed in another tab: nothing removed, and said
            _note("warning", tr("delete_gone"))
        if photo == shown:
            st.session_state[SEL_KEY] = None
    elif op == "select" and photo == shown:
        chosen = edit.get("index")
        st.session_state[SEL_KEY] = chosen if isinstance(chosen, int) and chosen >= 0 else None


def _delete(root: Path, photo: str, names: tuple[str, ...], index: int) -> None:
    if _edit(root, photo, names, editing.delete_box, index):
        st.session_state[SEL_KEY] = None


def _pick_kind(root: Path, photo: str, names: tuple[str, ...], index: int, key: str, version: int) -> None:
    # A selectbox drawn before the last save can still report its old value: ignore it.
    if st.session_state.get(VERSION_KEY, 0) == version:
        _edit(root, photo, names, editing.set_kind, index, st.session_state[key])


def _copy_previous(root: Path, photos: list[str], names: tuple[str, ...]) -> None:
    """Shift+V: the previous photo's boxes onto the photo the page is on now. Where that photo has boxes
    of its own, which the copy would replace, the page asks first (``COPY_KEY``)."""
    index = min(int(st.session_state.get(INDEX_KEY, 0)), len(photos) - 1)
    if index > 0:
        if editing.load_boxes(root, photos[index], names)[0]:
            st.session_state[COPY_KEY] = (photos[index - 1], photos[index])
            return
        _copy_boxes(root, photos[index - 1], photos[index], names)


def _copy_boxes(root: Path, source: str, target: str, names: tuple[str, ...]) -> None:
    try:
        boxes, _ = editing.load_boxes(root, source, names)
    except (TilelensInputError, OSError) as exc:  # the previous photo's label file cannot be read: nothing copied
        _not_saved("boxes_not_saved", root, exc)
        return
    _saved(root, target, boxes, names)


def _copy_answer(root: Path, names: tuple[str, ...], replace: bool) -> None:
    """The answer to the copy question: replace the photo's boxes with the previous photo's, or keep them."""
    asked = st.session_state.pop(COPY_KEY, None)
    if replace and asked:
        _copy_boxes(root, *asked, names)


def _copy_question(root: Path, photos: list[str], index: int, names: tuple[str, ...], boxes: tuple[Box, ...]) -> None:
    """Copy, under the photo's box count (on a phone, a photo away from Accept), and its question where it
    was asked on this photo."""
    st.button(tr("copy_prev"), key="label_copy", shortcut="Shift+V", help=tr("shortcut", keys="Shift+V"),
              disabled=index == 0,
              on_click=_copy_previous, args=(root, photos, names))
    asked = st.session_state.get(COPY_KEY)
    if not asked or asked[1] != photos[index] or not boxes:
        st.session_state.pop(COPY_KEY, None)  # asked on another photo, or there is nothing to lose now
        return
    source = editing.load_boxes(root, asked[0], names)[0] if asked[0] in photos else ()
    st.warning(tr("copy_ask", n=len(boxes), m=len(source)))
    row = st.container(horizontal=True)
    row.button(tr("copy_replace"), key="label_copy_replace", on_click=_copy_answer, args=(root, names, True))
    row.button(tr("copy_keep"), key="label_copy_keep", on_click=_copy_answer, args=(root, names, False))


def _select_next(count: int) -> None:
    current = st.session_state.get(SEL_KEY)
    st.session_state[SEL_KEY] = 0 if current is None or count == 0 else (current + 1) % count


# ---- the keyboard: the focus kept off the page body, and the keys said on a laptop only

# A key pressed on "Delete box" that makes the page run with no box selected (Ctrl+Enter: the photo accepted, the
# next one opened; Enter: the box deleted) disables it, and a browser cannot keep the focus on a disabled button: it
# fell to the page body, and the next Tab began at the top of the page. It goes to "Next box" beside it instead, where
# Ctrl+Enter pressed on that button leaves it. Watched for a while after the key only (the page's run comes between),
# and only while the focus is still on "Delete box" or lost: a person who moved on meanwhile is left where they are.
# Sent on every run, the same text (one listener however often it runs).
REFOCUS_JS = """
function refocusFromDelete(doc, win) {
  if (win.tlRefocusDelete) { return; }
  win.tlRefocusDelete = true;
  const onDelete = (el) => !!(el && el.closest && el.closest(".st-key-label_delete"));
  win.addEventListener("keydown", () => {  // the window's capture: before any shortcut of the page sees the key
    if (!onDelete(doc.activeElement)) { return; }
    let tries = 0;
    const check = () => {
      const el = doc.activeElement;
      if (!el || el === doc.body || (onDelete(el) && el.disabled)) {
        const next = doc.querySelector(".st-key-label_next_box button");
        if (next && !next.disabled) { next.focus(); return; }
      } else if (!onDelete(el)) { return; }
      if (++tries < 200) { win.setTimeout(check, 50); }  // 10 s: the page's run, however slow
    };
    win.setTimeout(check, 50);
  }, true);
}
refocusFromDelete(document, window);
"""


def _label_css() -> str:
    """The page's own stylesheet. A phone (or a tablet: ``KEYBOARDLESS``) has no keyboard: the keys that delete and
    nudge a box are said after their button and caption on a laptop only (``DESKTOP``), and the photo's hint for a
    mouse gives way to a finger's. A box on a photo is some 25 x 35 css px on a phone: there, a list to pick one from
    (``_box_list``); a laptop points at a box with a mouse."""
    keys = "p::after"  # the button's label, the caption's text
    return "\n".join([
        f'@media {DESKTOP} {{ .st-key-label_delete {keys} {{ content: " (Delete)"; }} }}',
        f'@media {DESKTOP} {{ .st-key-label_nudge_said {keys} {{ content: " ({css_string(tr("nudge_keys"))})"; }} }}',
        f"@media {KEYBOARDLESS} {{ {_hidden('label_hint_mouse')} {{ display: none; }} }}",
        f"@media {DESKTOP} {{ {_hidden('label_hint_touch', 'label_box_list')} {{ display: none; }} }}",
    ])


def _hidden(*keys: str) -> str:
    """The selector of the containers ``keys`` with the wrapper Streamlit lays each in (left, it kept the gap of the
    column around a container hidden)."""
    return ", ".join(f'.st-key-{k}, [data-testid="stLayoutWrapper"]:has(> .st-key-{k})' for k in keys)


def _jump(photos: list[str]) -> None:
    st.session_state[INDEX_KEY] = photos.index(st.session_state["label_jump"])
    st.session_state[SEL_KEY] = None
    st.session_state["label_jump"] = None  # empty again: choosing the same photo later is a change too


def accept_refusal() -> None:
    """Why Accept refused the photo (``_accept``), drawn where the page calls it: just above the Accept button. Said
    at the top of the page, under the title, it pushed the focused Accept off a 320 px screen and was read by no one
    looking at the button. A page that calls this (once) has its refusals kept for it from then on."""
    st.session_state[ACCEPT_SLOT] = True
    if said := st.session_state.pop(ACCEPT_REFUSED, None):
        st.error(said)


def _note(kind: str, text: str) -> None:
    st.session_state.setdefault(NOTES_KEY, []).append((kind, text))


def _show_notes() -> None:
    """The notes, in a place drawn on every run (empty without one): a note shown once moved everything after it one
    place on the run after, and the browser drew the page anew, so a button pressed with Enter ("Next box" after
    "Pre-labelled 3 photos") lost its focus to the page body."""
    slot, notes = st.empty(), st.session_state.pop(NOTES_KEY, [])
    if notes:
        with slot.container():
            for kind, text in notes:
                {"success": st.success, "info": st.info, "warning": st.warning, "error": st.error}[kind](text)


def _open_dataset(root: Path) -> None:
    """Open ``root`` on the next run (the folder box cannot change once drawn in this one)."""
    st.session_state[NEXT_DIR_KEY] = str(root)


def _ask(key: str, root: Path | None, what: str | None = None) -> None:
    """Remember a question asked (``key``: ``REDO_ASK``, ``REMOVE_ASK``) about ``root`` (None: the question dropped)."""
    if root is None:
        st.session_state.pop(key, None)
    else:
        st.session_state[key] = (str(root), what)


def _from_address() -> bool:
    """A new session (a reload) on an address naming a dataset: open it, and its photo once its photos are
    listed (``WANTED_KEY``). A dataset no longer there is said in one line, and the page starts as usual. True
    where the address's folder was refused to a visitor from the network (said: the page says nothing more)."""
    folder = st.query_params.get("dataset", "")
    if not folder:
        return False
    root = _folder_of(folder)
    if root is not None and not folder_allowed(root):  # a phone: nothing said of whether it is there
        _note("error", refused_text(folder=root))
        _in_address(dataset=None, photo=None)
        return True
    if root is not None and there(root) and root.is_dir():
        st.session_state[DIR_KEY] = _address_name(root) or folder  # (or as the address wrote it)
        st.session_state[WANTED_KEY] = (str(root), st.query_params.get("photo", ""))
    else:
        _note("warning", tr("gone_dataset", p=as_typed(folder)))  # ``?dataset=``: anything the address says
        _in_address(dataset=None, photo=None)
    return False


def _folder_of(text: str) -> Path | None:
    """The folder the folder box (or the address) names: a path as typed or pasted (``typed_path``), taken as
    ``visitor.named_folder`` takes it (from ``$TILELENS_HOME`` or ``~`` too; a relative path a dataset's or a shared
    folder's name). None where it names no folder at all (``~user`` of no user of this computer): a folder, a
    dataset, that is not there."""
    return named_folder(typed_path(text))


def _address_name(root: Path) -> str | None:
    """``root`` as the folder box and the address name it to this visitor, a name ``_folder_of`` takes back to it: its
    full path to the person at the computer; to a visitor from the network, its name (``visitor_path``), else its path
    from ``$TILELENS_HOME`` or ``~`` (``visitor.home_short``: the second shared folder of a name, a shared folder whose
    name a dataset took); None where it has neither (a folder elsewhere: never the computer's own paths)."""
    if is_local_visitor():
        return str(root)
    return visitor_path(root) or home_short(root)


def _default_folder() -> str:
    """The folder box's first value: the organiser's ``TILELENS_LABEL_DIR``, where this visitor may open it (a
    phone is not shown a path of the computer it cannot open)."""
    folder = typed_path(os.environ.get("TILELENS_LABEL_DIR", ""))
    if not folder:
        return ""
    root = _folder_of(folder)
    if root is None or not folder_allowed(root):
        return ""
    return folder if is_local_visitor() else _address_name(root) or ""


def _in_address(**params: str | None) -> None:
    """The dataset open and the photo shown (``dataset=``, ``photo=``) into the page's address (None: taken
    out of it), changed only where they differ; other pages' parameters (``?lang=``) stay."""
    for name, value in params.items():
        if value is None:
            st.query_params.pop(name, None)
        elif st.query_params.get(name) != value:
            st.query_params[name] = value
