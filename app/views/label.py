"""Label page: step through the photos of a dataset folder, correct the proposed boxes, and see what
the dataset holds. Every change is written to the photo's label file at once (atomically). The dataset
and the photo are kept in the page's address (``?dataset=...&photo=...``): a reload opens them again.

Shortcuts: ← / → previous / next photo, Ctrl+Enter accept and go to the next photo to do, B select the next
box, Delete remove the selected box, Shift+arrows nudge it, Shift+V copy (paste) the previous photo's boxes.

The page's flow is here (what it draws, in what order); its parts are in ``app/components``: its words
(``label_words``), its moves from photo to photo, box edits and keys (``label_nav``), the open dataset's panels
(``label_panels``), the panels that make, fill, pre-label again and remove datasets (``label_datasets``) and its
list of the photos, kept while their folders do not change (``label_listing``).
"""
from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from app import settings
from app.components import resources
from app.components.box_editor import PhotoError, box_editor, unapplied
from app.components.common import (GAME_KEY, as_code, as_typed, game_name_css, keep_choice, stacked_columns_css, style,
                                   typed_path)
from app.components.i18n import error_text, os_error_text
from app.components.label_datasets import (_add_panel, _leftovers, _left_panel, _manage_panel, _prelabel_panel,
                                           _reads_dataset, _redo_panel, _remove_photo_question, _removed_panel,
                                           _start_panel)
from app.components.label_nav import (DIR_KEY, EDITOR_KEY, FILTER_KEY, FILTER_MOVED, FIRST_TODO_KEY, INDEX_KEY,
                                      NEXT_DIR_KEY, NO_FURTHER_KEY, NUDGE, REFOCUS_JS, REMOVED_KEY, SEL_KEY, UNDO_ASKED,
                                      VERSION_KEY, WANTED_KEY, _accept, _address_name, _apply_edit, _ask_undo,
                                      _copy_question, _default_folder, _filter_changed, _folder_of, _from_address,
                                      _in_address, _jump, _label_css, _note, _open_dataset, _reopen, _show_notes,
                                      _shown, _step, _undo, _undoable, accept_refusal)
from app.components.label_listing import listed
from app.components.label_panels import (_absent_marked_panel, _add_kind_panel, _audit_panel, _box_panel,
                                         _dataset_panel, _house_note, game_of_kinds, house_table, problems_of)
from app.components.label_words import (FILE_NAME_OF_KEY, OWN_NAMES_KEY, PHOTO_OF_FILE_KEY, STRINGS, _as_named,
                                        _name, _named_in, _prelabelled_text, _split_text, checking_text, game_names,
                                        issue_text, new_run, photo_names, run_table, short_name, tr)
from app.components.teach_view import teach_panel
from app.components.visitor import folder_allowed, is_local_visitor, refused_text, shared_folders, there
from app.settings import datasets_dir
from scorer import Game, GameFileError, TilelensInputError
from tilelens.labelling import LabelFileError, check_dataset, editing
from tilelens.labelling.checks import dataset_stamp, issues_by_photo
from tilelens.labelling.model import IssueKind
from tilelens.labelling.prelabel import enclosing_dataset, home_or_above, tileset_origin
from tilelens.labelling.store import read_progress
from tilelens.labelling.yolo import label_path_for, read_data_yaml, relpath

# the names taken from this page before its parts moved to ``app/components/label_*`` (tests import them from here)
__all__ = ["STRINGS", "REFOCUS_JS", "photo_names", "_house_note", "_prelabelled_text", "_split_text", "main"]


@st.cache_resource(show_spinner=False, max_entries=8)  # not copied for each run (3,000 photos: 0.3 s a run)
def _report(root: str, version, game_file: str | None = None, _listing=None):
    """The dataset's stats and problems, never changed once counted; ``version`` (``dataset_stamp``) changes with
    every save, in this session, in another or with the command line, so it is counted again.
    ``game_file``: the table in use of the dataset's game, where an organiser edited it (its tiles).
    ``_listing``: ``yolo.split_images`` of the dataset in this run, taken after ``version`` (not part of the key)."""
    return check_dataset(root, game_file, listing=_listing)


GUESSED_FOR_KEY = "label_game_guessed_for"  # the kinds of the dataset whose game the Game box was set to
LABEL_COLUMNS = (3, 2)  # the photo's column and the box panel's
# css px: a photo's column narrower is laid over the box panel, the photo as wide as the page (an upright iPad beside
# its sidebar drew it 285 px, its boxes some 26 x 29; on its side 424). 440, not more: a laptop's 484 px column, less
# a scrollbar's 15 px, stays beside its panel
EDITOR_MIN_W = 440


def _game(config) -> Game | None:
    """The game of the dataset ``config``, as the app plays it: its data.yaml's; a taught set's dataset that says none
    (made before pre-labelling wrote its set's game in it): the set's (``tileset_origin``); else the one the person
    picks here, first the game whose tiles its kinds are (``game_of_kinds``: a riichi dataset opened on the first game,
    a Donjara one, read none of its labels), else the game picked on the other pages, else the first."""
    game_id = settings.game_id_of(config.game)  # a game added in the app: named by its file there
    if not game_id and config.tileset:
        game_id = settings.game_id_of(tileset_origin(config.tileset).game)
    if not game_id:
        chosen = st.session_state.get(GAME_KEY)
        ids = settings.games()
        # not for a taught set's dataset: its set reads it, whatever the box says (its kinds named as before)
        guessing = bool(config.names) and not config.tileset
        guessed = game_of_kinds(config.names, chosen) if guessing else None
        if st.session_state.get(GUESSED_FOR_KEY) != config.names:  # another dataset's kinds: guessed again
            st.session_state[GUESSED_FOR_KEY] = config.names
            st.session_state["label_game"] = guessed or (chosen if chosen in ids else ids[0])
        keep_choice("label_game", ids)  # its words after a language switch
        game_id = st.selectbox(tr("game"), ids, key="label_game", format_func=game_names().__getitem__)
        style(game_name_css(game_names()[game_id], key="label_game"))  # a phone: the name in full, not clipped
        if guessed and game_id == guessed:
            st.caption(tr("game_guessed", game=game_names()[guessed]))
        elif guessing and not guessed:
            st.caption(tr("game_unguessed"))
    try:
        return resources.game(game_id)  # the table in use: an organiser's edit of the game, where there is one
    except GameFileError:
        return None


def _own_names(config) -> dict[str, str]:
    """The names of the dataset's own kinds (``own_kinds``: f3 -> 秋); for a taught set's dataset that says no game
    (made before pre-labelling wrote the set's game and names in it), those the set's own dataset gave them too."""
    names = dict(config.own_kinds)
    if config.tileset and not config.game:
        names = {k: v for k, v in tileset_origin(config.tileset).own_kinds.items() if k in config.names} | names
    return names


CHECKED_KEY = "label_checked"  # the key of the check this session was last shown (its spinner said once)


def _check(root: Path, game: Game | None, stamp=None, listing=None, count: int = 0):
    """``label check``'s report of the dataset as it is now (counted again after every save). ``stamp``: its
    ``dataset_stamp``, taken before ``listing`` (its ``split_images`` in this run) was: a change made while
    it was listed is counted again on the next run, never kept under the stamp of after it. A check this session has
    not been shown yet says that its ``count`` photos are being checked (a spinner: Streamlit shows it after half a
    second, so a check kept from another session shows none)."""
    edited = settings.edited_path(game.id) if game is not None else None
    stamp = stamp if stamp is not None and listing is not None else dataset_stamp(root)
    # with this session's count of saves too: a file system that keeps times to the second may not tell
    key = (str(root), (stamp, st.session_state.get(VERSION_KEY, 0)), str(edited) if edited else None)
    if st.session_state.get(CHECKED_KEY) == key:  # counted on an earlier run of this session: kept, nothing said
        return _report(*key, _listing=listing)
    with st.spinner(checking_text(count)):  # 1,500 photos: 14 s the first time (each photo's size read)
        report = _report(*key, _listing=listing)
    st.session_state[CHECKED_KEY] = key
    return report


def _refuse_inside(root: Path, dataset: Path) -> None:
    """Say that ``root`` lies inside ``dataset`` (``enclosing_dataset``), with a button that opens the dataset itself,
    where this visitor may open it."""
    name = as_code(_as_named(dataset))
    if folder_allowed(dataset):
        st.error(tr("inside_dataset", name=name))
        st.button(tr("open_dataset", name=as_typed(_as_named(dataset))), key="label_open_enclosing", type="primary",
                  on_click=_open_dataset, args=(dataset,))
    else:
        st.error(tr("inside_dataset_closed", name=name))


CASE_MATCHES = 8  # folders offered for a name typed in other capitals


def _entries_like(folder: Path, name: str) -> list[Path]:
    """The folders in ``folder`` named ``name`` but for capitals (``Club-photos`` for ``club-photos``)."""
    wanted = name.casefold()
    try:
        with os.scandir(folder) as entries:
            return sorted(Path(e.path) for e in entries if e.name.casefold() == wanted and e.is_dir())
    except OSError:  # not there, not a folder, not for this user
        return []


def case_matches(root: Path) -> list[Path]:
    """The folders ``root`` (not there) names but for capitals: its path from the nearest folder above it that is there
    (the datasets folder, for a name a phone typed), each name looked for in any capitals (an iPhone's keyboard wrote
    ``Club-photos``); a shared folder's name too, in the datasets folder's place. Those this visitor may open, the
    datasets folder itself not among them; at most ``CASE_MATCHES``."""
    datasets = Path(os.path.abspath(datasets_dir()))
    base, rest = Path(os.path.abspath(root)), []
    while base != datasets and not there(base) and base.parent != base:
        base, rest = base.parent, [base.name, *rest]
    if not rest:
        return []
    found = _entries_like(base, rest[0])
    if base == datasets:  # a shared folder's name, typed where a dataset's goes
        found += [share for share in shared_folders()[1:] if share.name.casefold() == rest[0].casefold()]
    for name in rest[1:]:
        found = [match for folder in found for match in _entries_like(folder, name)][:CASE_MATCHES * 4]
    return [folder for folder in dict.fromkeys(found) if Path(os.path.abspath(folder)) != datasets
            and folder_allowed(folder) and _address_name(folder)][:CASE_MATCHES]


def _no_dataset_named(root: Path, typed: str) -> None:
    """A phone typed a name no dataset has: the one folder it names but for capitals (``case_matches``) opened, and
    said; several offered, each with a button; else "There is no dataset called …", and the datasets listed."""
    matches = case_matches(root)
    if len(matches) == 1:
        _note("info", tr("case_opened", typed=as_code(typed), name=as_code(_address_name(matches[0]))))
        _open_dataset(matches[0])
        st.rerun()
    _in_address(dataset=None, photo=None)
    st.error(tr("no_dataset_named", name=as_code(_as_named(root))))
    for n, match in enumerate(matches):
        st.button(tr("case_offered", name=as_typed(_address_name(match))), key=f"label_case_{n}",
                  on_click=_open_dataset, args=(match,))
    _start_panel(intro=False)


def main() -> None:
    new_run()  # the page's tables of names, empty (``label_words.run_table``)
    st.title(tr("title"), anchor=False)
    if NEXT_DIR_KEY in st.session_state:  # a dataset opened from a button, here or on the photo page
        opened = Path(st.session_state.pop(NEXT_DIR_KEY))  # a dataset of the datasets folder: named to a phone
        st.session_state[DIR_KEY] = _address_name(opened) or str(opened)
        st.session_state[INDEX_KEY] = 0
        st.session_state[FIRST_TODO_KEY] = True
    address_refused = DIR_KEY not in st.session_state and _from_address()
    _show_notes()
    st.session_state.setdefault(DIR_KEY, _default_folder())
    local = is_local_visitor()  # a phone names a dataset, not a folder of the computer
    typed = st.text_input(tr("folder" if local else "folder_away"), key=DIR_KEY,
                          help=tr("folder_help" if local else "folder_help_away"))
    folder = typed_path(typed)
    if not folder:
        _in_address(dataset=None, photo=None)
        _removed_panel()  # a dataset just removed, with its Undo
        _start_panel(intro=not address_refused)  # the address refused is said above: one message, not two
        return
    root = _folder_of(folder)
    if root is None:  # ``~user`` of no user: no folder, no dataset
        _in_address(dataset=None, photo=None)
        if local:
            st.error(tr("folder_missing", p=folder))
        else:
            st.error(tr("no_dataset_named", name=as_code(folder)))
            _start_panel(intro=False)
        return
    if not folder_allowed(root):  # a visitor from the network (a phone): refused before the folder is looked at,
        _in_address(dataset=None, photo=None)  # so the page says nothing of whether it is there
        st.error(refused_text(folder=root))
        _start_panel(intro=False)  # what they can do instead: open a dataset listed, or start one from photos
        return
    if st.session_state.get("label_shown_dir") != str(root):  # another dataset: its first photo to do, no box chosen
        st.session_state["label_shown_dir"] = str(root)
        st.session_state[INDEX_KEY] = 0
        st.session_state[FIRST_TODO_KEY] = True
        st.session_state[SEL_KEY] = None
        st.session_state[FILTER_KEY] = "all"
        for chosen in ("label_add_with", "label_redo_with"):  # the models chosen for the one before: its own
            st.session_state.pop(chosen, None)
    gone = st.session_state.get(REMOVED_KEY)
    if gone and (gone["kind"] == "dataset" or gone["root"] != str(root)):  # another dataset opened since: moved on
        st.session_state.pop(REMOVED_KEY)
    _removed_panel()  # a photo of it just removed, with its Undo
    wanted = st.session_state.pop(WANTED_KEY, None)
    wanted = wanted[1] if wanted and wanted[0] == str(root) else None
    refused = ("folder_missing" if not there(root) else "folder_file" if not root.is_dir()
               else "folder_home" if home_or_above(root)  # its photos would be filed away into images/
               else "data_yaml_folder" if (root / "data.yaml").is_dir() else None)
    if refused == "folder_missing" and not local:  # a phone typed a name: no dataset of it (but for capitals?)
        _no_dataset_named(root, folder)
        return
    inside = enclosing_dataset(root) if refused in (None, "data_yaml_folder") else None
    if inside is not None:  # a folder of a dataset: a draft of it would move the dataset's photos (for everyone)
        _in_address(dataset=None, photo=None)
        _refuse_inside(root, inside)
        return
    if refused:  # said as what it is, not as a data.yaml missing (and no command line to run)
        _in_address(dataset=None, photo=None)
        st.error(tr(refused, p=_named_in(str(root / "data.yaml" if refused == "data_yaml_folder" else root), root)))
        return
    _leftovers(root)  # before its data.yaml is read: a run stopped half way may have changed it
    if not (root / "data.yaml").exists():
        _in_address(dataset=_address_name(root), photo=None)
        _prelabel_panel(root)
        return
    try:
        config = read_data_yaml(root)
    except LabelFileError as exc:
        _in_address(dataset=_address_name(root) if root.is_dir() else None, photo=None)
        st.error(_named_in(error_text(exc), root))
        return
    game, names = _game(config), config.names
    table = None if config.tileset else house_table(config.game)
    _house_note(table)
    run_table(OWN_NAMES_KEY).update(_own_names(config))
    _absent_marked_panel(root, game)  # "Not in my set" just done, with its Undo
    stamp = dataset_stamp(root)  # before the listing, which the check, the page and Teach share (once a run)
    listing, photos = listed(root, config)  # listed again only where its folders changed (``label_listing``)
    if not photos:
        _in_address(dataset=_address_name(root), photo=None)
        st.warning(tr("no_photos"))
        _add_panel(root, config)
        teach_panel(root, config, game, 0, 0)  # the last job's outcome stays (or the one still running)
        _manage_panel(root, config, 0)
        return
    first_todo = st.session_state.pop(FIRST_TODO_KEY, False)
    try:
        done = read_progress(root)
    except (TilelensInputError, OSError) as exc:  # damaged, a named pipe (never opened): none shown accepted, said
        st.error(_named_in(error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc), root))
        done = set()
    if wanted in photos:  # the photo of a reloaded address
        st.session_state[INDEX_KEY] = photos.index(wanted)
    elif wanted:
        st.warning(tr("gone_photo", photo=as_typed(wanted)))  # ``?photo=``: anything the address says
    elif first_todo:  # a dataset opened: where the work stopped, its first photo still to do (none: its first)
        st.session_state[INDEX_KEY] = next((i for i, p in enumerate(photos) if p not in done), 0)
    index = min(max(int(st.session_state.get(INDEX_KEY, 0)), 0), len(photos) - 1)
    report = _check(root, game, stamp, listing, len(photos))
    by_photo = issues_by_photo(root, photos, report.issues)
    flagged = {p: found for p, issues in by_photo.items() if (found := problems_of(issues))}  # one to label: no problem
    # photos with no label file: a pre-labelling cut off (the app closed), found by a filter and offered to pre-label
    unlabelled = {p for p, issues in by_photo.items() if any(i.kind == IssueKind.NO_LABEL_FILE for i in issues)}
    offer = bool(unlabelled) and _reads_dataset(config)  # a model reads its tiles: they can be pre-labelled
    if not unlabelled and st.session_state.get(FILTER_KEY) == "unlabelled":  # none left: the filter is not offered
        st.session_state[FILTER_KEY] = "all"
    shown = _shown(photos, done, flagged, unlabelled)
    if st.session_state.pop(FILTER_MOVED, False) and shown and index not in shown:
        index = next((i for i in shown if i > index), shown[0])
        st.session_state[SEL_KEY] = None
    st.session_state[INDEX_KEY] = index
    photo = photos[index]
    addressed = _address_name(root)  # none: a folder with no short name, left out of the address (its photo too)
    _in_address(dataset=addressed, photo=photo if addressed else None)
    finished = sum(p in done for p in photos)
    st.progress(finished / len(photos), text=tr("progress", done=finished, total=len(photos),
                                                 todo=len(photos) - finished))
    counts = {"all": len(photos), "todo": len(photos) - finished, "problems": len(flagged)} | (
        {"unlabelled": len(unlabelled)} if unlabelled else {})
    choices = {which: tr(f"filter_{which}", n=n) for which, n in counts.items()}
    st.session_state.setdefault(FILTER_KEY, "all")
    st.segmented_control(tr("filter"), list(choices), key=FILTER_KEY, format_func=choices.__getitem__,
                         on_change=_filter_changed, label_visibility="collapsed")
    if not shown:
        st.caption(tr("filter_none"))
    _left_panel(root, config, len(unlabelled) if offer else 0)
    accept_refusal()  # why Accept refused the photo: just above it, where a phone's screen shows the focused button
    nav = st.container(horizontal=True)
    nav.button(tr("prev"), key="label_prev", shortcut="Left", on_click=_step, args=(-1, len(photos), shown))
    nav.button(tr("next"), key="label_next", shortcut="Right", on_click=_step, args=(1, len(photos), shown))
    # Ctrl+Enter, not Enter: Enter on any focused button (or link) of the page accepted the photo as well. Streamlit
    # takes Ctrl for ⌘ on a Mac (and shows the Mac's key on the button)
    nav.button(tr("accept"), key="label_accept", shortcut="Ctrl+Enter", type="primary",
               help=tr("shortcut", keys="Ctrl+Enter / ⌘+Enter"), on_click=_accept, args=(root, photos, index))
    if photo in done:
        nav.button(tr("reopen"), key="label_reopen", on_click=_reopen, args=(root, photo))
    which = st.session_state.get(FILTER_KEY) or "all"
    no_further = st.session_state.pop(NO_FURTHER_KEY, None)
    if no_further:
        st.info(tr(f"no_{'next' if no_further > 0 else 'prev'}_{which}"))
    where = (tr(f"photo_at_{which}", i=shown.index(index) + 1, n=len(shown)) if index in shown
             else tr("photo_outside", i=index + 1, n=len(photos)))  # e.g. every photo to do is done
    named = photo_names(photos)  # with the split where two photos share a name
    photo_of_file, file_name_of = run_table(PHOTO_OF_FILE_KEY), run_table(FILE_NAME_OF_KEY)  # this run's: empty
    if not local:  # a phone is told a problem's photo by its name (``issue_text``)
        for p in photos:
            label = relpath(root, label_path_for(root / p))
            photo_of_file.setdefault(label, named[p])
            file_name_of.setdefault(label, Path(p).name)
            photo_of_file[p], file_name_of[p] = named[p], Path(p).name
    st.caption(f"{where}: `{named[photo]}`" + (" ✓" if photo in done else ""), help=photo)
    with st.popover(tr("jump")):
        st.selectbox(tr("photo"), [photos[i] for i in shown] or photos, index=None, key="label_jump",
                     on_change=_jump, args=(photos,),
                     placeholder=tr("jump"),
                     format_func={p: f"{'✓ ' if p in done else ''}{i}. {named[p]}"
                                  for i, p in enumerate(photos, start=1)}.__getitem__)

    boxes, problems = editing.load_boxes(root, photo, names)
    with st.container(key="label_work"):
        left, right = st.columns(LABEL_COLUMNS)
    # and the focus kept off the page body (REFOCUS_JS)
    style(f"{_label_css()}\n{stacked_columns_css('label_work', LABEL_COLUMNS, EDITOR_MIN_W)}", REFOCUS_JS)
    with left:
        with st.container(key="label_hint_mouse"):
            st.caption(tr("draw_hint"))
        with st.container(key="label_hint_touch"):
            st.caption(tr("draw_hint_touch"))
        try:
            edits = box_editor(root / photo, photo, [b.xyxyn for b in boxes], [b.kind for b in boxes],
                               [_name(game, b.kind) for b in boxes], st.session_state.get(SEL_KEY),
                               key=EDITOR_KEY, nudge=NUDGE, min_side=editing.MIN_SIDE, where=where)
        except PhotoError as exc:
            st.error(tr("bad_photo", err=error_text(exc)))
            edits = []
            unshown = True
        else:
            unshown = False
    applied = False
    for edit in unapplied(EDITOR_KEY, edits):
        _apply_edit(root, photos, photo, names, edit)
        applied = True
    if applied:
        st.rerun()
    if st.session_state.pop(UNDO_ASKED, False):
        _undo(root, photos, names)
        st.rerun()
    with right:
        st.caption(tr("boxes", n=len(boxes)))
        last = _undoable(root)  # here, not beside Accept: on a phone a slip onto it would undo work unasked
        st.button(tr("undo"), key="label_undo", on_click=_ask_undo, disabled=last is None,
                  help=tr("undo_help", photo=as_code(short_name(last.photo))) if last else tr("undo_none"))
        _copy_question(root, photos, index, names, boxes)
        _remove_photo_question(root, config, photo, named[photo], photos)
        if problems:
            st.warning(tr("bad_lines" if local else "bad_lines_away") + "\n\n" + "\n\n".join(f"- {issue_text(p, root, config)}" for p in problems))
        said_here = {(p.kind, p.line, p.message) for p in problems}
        more = [i for i in flagged.get(photo, []) if (i.kind, i.line, i.message) not in said_here
                and not (unshown and i.kind == IssueKind.UNREADABLE_IMAGE)]  # said beside it, "cannot be shown"
        if more:
            st.warning(tr("photo_issues") + "\n\n" + "\n\n".join(f"- {issue_text(i, root, config)}" for i in more))
        # the table in use's tiles the dataset does not name yet offered too (``whole``), after its own kinds
        _box_panel(root, photo, names, boxes, game, table,
                   whole=game is not None and settings.game_id_of(config.game) == game.id and not config.tileset,
                   absent=config.absent)
        _add_kind_panel(root, table)
    # the photos with no label file: pre-labelled with the button above where it is offered (``_left_panel``)
    _dataset_panel(report, game, config, root, len(unlabelled) if offer else 0)
    _add_panel(root, config)
    _redo_panel(root, config, len(photos) - finished, finished, [p for p in photos if p not in done])
    _audit_panel(root, config, game, photos, names)
    teach_panel(root, config, game, finished, len(photos), photos, listing)
    _manage_panel(root, config, len(photos))


main()
