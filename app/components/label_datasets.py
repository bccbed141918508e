"""The Label page's panels of datasets (``app/views/label.py``): a new dataset from photos and the list of those
there; a folder of photos pre-labelled; photos added to a dataset; "Pre-label again" with another game or set; a photo
or a dataset removed (moved aside, with Undo); and the dataset's download as a zip."""
from __future__ import annotations

import io
import os
import shutil
import time
import zipfile
from contextlib import contextmanager
from pathlib import Path

import streamlit as st
from streamlit.runtime.scriptrunner_utils.exceptions import RerunException, StopException  # (streamlit's own)

from app import settings
from app.components import i18n, resources
from app.components.common import GAME_KEY, GAME_PICKED_KEY, as_code, as_typed, game_name_css, style, uploader_words
from app.components.i18n import error_text, lang, os_error_text, said, text_in
from app.components.label_nav import (DIR_KEY, LEFTOVERS_TOLD, PHOTO_TYPES, REDO_ASK, REDO_OFFERED, REMOVE_ASK,
                                      REMOVED_DIR, REMOVED_KEY, SEL_KEY, UPLOADS_KEY, VERSION_KEY, WANTED_KEY, _ask,
                                      _forget_rewritten, _note, _open_dataset)
from app.components.label_panels import _house_note, house_table
from app.components.label_words import (OTHER_GAME_SHOWN, STRINGS, _named_in, _photo_said, _prelabelled_text,
                                        _saved_line, game_names, tr)
from app.components.set_names import model_name, set_name
from app.components.visitor import S as VISITOR_S, folder_allowed, is_local_visitor, said_in, shares_name
from app.settings import datasets_dir
from scorer import TilelensInputError
from tilelens.labelling import LabelFileError, editing, prelabel, set_done, teach
from tilelens.labelling.prelabel import LOOSE_SUFFIXES
from tilelens.labelling.relabel import prelabel_again, put_back_leftovers, renumbered
from tilelens.labelling.store import PROGRESS_FILE, atomic_write_text, originals_dirs, read_progress, read_regular_text
from tilelens.labelling.uploads import AddedPhotos, add_photos, dataset_folder, datasets_in, done_count, photo_count
from tilelens.labelling.yolo import label_path_for, own_layout, read_data_yaml, relpath, trains_on_filed

SKIPPED_TOLD = "label_skipped_told"  # {(folder, file, why)}: what pre-labelling skipped, said once a session


def _note_skipped(root: Path, skipped_files) -> None:
    """Say each file a pre-labelling of ``root`` skipped (``PrelabelSummary.unreadable``: a photo that cannot be read,
    a text file named .jpg left where it lay), once a session: every Add photos tries a file left loose again (and
    said it again each time)."""
    told = st.session_state.setdefault(SKIPPED_TOLD, set())
    for skipped in skipped_files:
        key = (str(root), skipped.photo, skipped.why)
        if key in told:
            continue
        told.add(key)
        _note("warning", f"{_photo_said(skipped.photo)}: {said(skipped.why, skipped.why_ja)}")


def _forget_replaced(root: Path):
    """Before the page pre-labels ``root``: what `label init` does first (``replaced.forget_replaced``) to the photos
    replaced under their names since they were labelled: an accepted one no longer accepted, one still holding the old
    photo's proposals pre-labelled again (its label file removed), one fixed by hand kept; the first and last said here
    (the page's pre-labelling says the others with :func:`_note_relabelled`). None where the dataset cannot be read
    (said by the pre-labelling that follows)."""
    from tilelens.labelling.replaced import forget_replaced

    try:
        forgot = forget_replaced(root)
    except (TilelensInputError, OSError):
        return None
    for key, photos in (("replaced_unaccepted", forgot.unaccepted), ("replaced_kept", forgot.kept)):
        if photos:
            _note("warning", tr(key, photos=", ".join(_photo_said(p) for p in photos)))
    return forgot


def _note_relabelled(forgot) -> None:
    """Say the photos ``_forget_replaced`` left to be pre-labelled again, once they were."""
    if forgot is not None and forgot.relabel:
        _note("info", tr("replaced_again", photos=", ".join(_photo_said(p) for p in forgot.relabel)))


def progress_line(done: int, total: int, elapsed: float, checking: bool = False, lang: str | None = None) -> str:
    """Where a pre-labelling stands ``elapsed`` seconds in, in the words of `label init`'s progress where it runs
    into a log (``vision.cli_args.LogProgress.line``, ``prelabel.BAR``; ``checking``: ``CHECK_BAR``, photos only filed):
    「下書き中: 30/300枚 (10%)、残り約 2分」. ``lang``: the page's by default."""
    from vision.cli_args import LogProgress

    code = "ja" if (lang or i18n.lang()) == "ja" else "en"
    desc, unit = (prelabel.CHECK_BAR if checking else prelabel.BAR)[code]
    said = LogProgress(total=total, desc=desc, unit=unit, stream=None, lang=code, every=float("inf"))
    said.n = done
    return said.line(elapsed)


class _Bar:
    """A pre-labelling's bar, ``prelabel_folder``'s ``on_photo``: its line ``progress_line`` (``checking``: the photos
    only filed, ``_files_only``; known once the model is loaded). Each drawing is where Streamlit stops the run for a
    tap (its ``RerunException``; a ``StopException`` as the tab closes): raised inside the pre-labelling, it would cut
    it short ("Pre-label again", all or nothing, rolled back whole). Caught: the bar draws no more (each drawing would
    be a place to stop again), the work goes on, and ``_prelabel_bar`` raises it once the work is done (``tapped``)."""

    def __init__(self, checking: bool = False) -> None:
        self.checking = checking
        self.bar = st.progress(0.0, text=tr("prelabelling"))
        self.start = time.monotonic()
        self.tapped: BaseException | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.tapped is not None:
            return
        if done == 0:  # the model loaded: its reading timed from here
            self.start = time.monotonic()
        try:
            self.bar.progress(done / total if total else 1.0,
                              text=progress_line(done, total, time.monotonic() - self.start, self.checking))
        except (RerunException, StopException) as tap:
            self.tapped = tap


@contextmanager
def _prelabel_bar(checking: bool = False):
    """A bar while photos are pre-labelled (300 photos: 53 s under a spinner alone), in ``with``: a ``_Bar``, taken
    away once done (or failed). A tap while it drew (``_Bar.tapped``) is raised once the work is done, as the spinner
    alone let it be: the tap takes effect, nothing is cut short; an error of the work itself is raised in its place.
    The bar is not taken away then: the run the tap starts draws the page without it."""
    bar = _Bar(checking)
    try:
        yield bar
    finally:
        if bar.tapped is None:
            bar.bar.empty()
    if bar.tapped is not None:
        raise bar.tapped


def _files_only(reader, game: str | None, tileset: str | None) -> bool:
    """Whether a pre-labelling with ``reader`` (None: the one ``prelabel_folder`` finds) only files the photos: no model
    reads ``game``'s tiles (``prelabel.no_reader_for``), its bar says the photos are checked, not pre-labelled."""
    try:
        return reader is None and bool(prelabel.no_reader_for(game, tileset))
    except (TilelensInputError, OSError):  # said by the pre-labelling itself
        return False


def _prelabel_panel(root: Path) -> None:
    """A folder of photos with no data.yaml yet: offer to pre-label it (what `label init` does), with the game or
    tile set the person chooses: never one chosen for them (the first of the list put Cinderella Girls boxes on a
    mahjong photo), but the game they chose on the other pages."""
    loose = prelabel.loose_photos(root)
    others = [p.name for p in loose if not prelabel.looks_like_photo(p)]  # a text file named .jpg: no photo counted
    loose = [p for p in loose if p.name not in others]
    tilesets = prelabel.enrolled_tilesets()
    labels = game_names() | {f"tileset:{t}": set_name(t, among_models=True) for t in tilesets}
    chosen = st.session_state.get(GAME_KEY)  # the game the person picked on the other pages, where it is one of these
    if st.session_state.get(GAME_PICKED_KEY) and chosen in labels:
        st.session_state.setdefault("label_init_game", chosen)
    if st.session_state.get("label_init_game") not in labels:  # a set removed since, or none chosen yet
        st.session_state["label_init_game"] = None
    choice = st.session_state["label_init_game"]
    # what the button will do: propose boxes and tiles, or, for a game no model reads yet, only file the photos
    files_only = choice is not None and _reads_nothing(choice)
    intro = ("no_dataset_no_reader" if files_only else "no_dataset") + ("" if is_local_visitor() else "_away")
    st.info(tr(intro, n=len(loose), s="s" if len(loose) != 1 else ""))
    if others:  # named here once; pre-labelling leaves them where they are (said once more, with why)
        shown = ", ".join(as_code(name) for name in others[:OTHER_GAME_SHOWN])
        if len(others) > OTHER_GAME_SHOWN:
            shown += tr("list_more", more=tr("not_photos_more", n=len(others) - OTHER_GAME_SHOWN))
        st.caption(tr("not_photos", names=shown, n=len(others)) if len(others) != 1 else tr("not_a_photo", name=shown))
    choice = st.selectbox(tr("game"), list(labels), key="label_init_game", format_func=labels.__getitem__,
                          index=None, placeholder=tr("pick_game"))
    if choice is None:
        st.caption(tr("pick_game_first"))
        st.button(tr("prelabel"), key="label_init", type="primary", disabled=True)
        return
    style(game_name_css(labels[choice], key="label_init_game"))  # a phone: the name in full, not clipped
    tileset = choice[8:] if choice.startswith("tileset:") else None
    game_id = None if tileset else choice
    table = house_table(game_id)  # the tiles of the game as the app plays it (an organiser's edit), said
    _house_note(table)
    if st.button(tr("file_photos" if files_only else "prelabel"), key="label_init", type="primary", disabled=not loose):
        ref = settings.game_ref(game_id) if game_id else None  # a game added in the app: by its file
        try:
            with _prelabel_bar(checking=files_only) as bar:  # its line says it: no spinner above it
                reader = prelabel.load_reader(None, tileset) if tileset else _game_reader(ref)
                summary = prelabel.prelabel_folder(root, ref, tileset, reader=reader, progress=False, table=table,
                                                   on_photo=bar)
        except TilelensInputError as exc:  # no model for this game yet, a foreign data.yaml, ...
            st.error(_named_in(error_text(exc), root))
            return
        if not _note_prelabelled(root, summary, game_id):  # filed for labelling by hand: no "Pre-labelled 0 photos"
            _note("success", _prelabelled_text(summary.labelled, summary.tiles))
        st.rerun()  # the dataset, opened at its first photo, with what was done above it


def _uploader(which: str):
    """A multi-photo uploader whose key changes once its photos are saved, so it comes back empty."""
    key = f"label_upload_{which}_{st.session_state.get(UPLOADS_KEY, 0)}"
    st.file_uploader(tr("photos_upload"), type=PHOTO_TYPES, accept_multiple_files=True, key=key)
    uploader_words(key, PHOTO_TYPES)
    return key


def _note_added(added: AddedPhotos) -> None:
    """Say what an upload did not save: photos already there, files that are not photos."""
    if added.duplicates:
        _note("warning", tr("duplicates", names=", ".join(map(as_code, added.duplicates))))
    for refused in added.refused:
        _note("warning", said(refused.why, refused.why_ja))


def _save_uploads(root: Path, upload_key: str) -> AddedPhotos | None:
    """Save the photos of the uploader ``upload_key`` in ``root``, with a progress bar; None (and a note)
    when none was chosen. The uploader comes back empty on the next run."""
    files = st.session_state.get(upload_key) or []
    if not files:
        _note("error", tr("no_upload"))
        return None
    bar = st.progress(0.0)
    try:
        added = add_photos(root, [(f.name, f.getvalue()) for f in files],
                           on_photo=lambda n, total: bar.progress(n / total, text=tr("saving", n=n, total=total)))
    except OSError as exc:  # the datasets folder cannot be written (no rights, a full disk, a file in its place)
        bar.empty()
        _note("error", _named_in(os_error_text(exc), root))
        return None
    bar.empty()
    _note_added(added)
    st.session_state[UPLOADS_KEY] = st.session_state.get(UPLOADS_KEY, 0) + 1
    return added


def _create_dataset(upload_key: str) -> None:
    """Create: a new folder under the datasets folder with the uploaded photos, opened on the next run
    (the page then offers to pre-label it)."""
    try:
        root = dataset_folder(datasets_dir(), st.session_state.get("label_new_name", ""))
    except LabelFileError as exc:
        _note("error", error_text(exc))
        return
    if shares_name(root.name):  # a dataset of that name would take the share's name: it would open for nobody
        _note("error", text_in(VISITOR_S, "shared_name", name=as_code(root.name)))
        return
    if root.exists():
        _note("error", tr("new_exists", name=root.name))
        return
    added = _save_uploads(root, upload_key)
    if added is None:
        return
    if not added.saved:
        root.rmdir()  # nothing was saved in it
        return
    _note("success", _saved_line(len(added.saved)))
    _open_dataset(root)


OFFERED_NAME_KEY = "label_new_name_offered"  # the name the new dataset's box was given, not typed in


def dated_name(home: Path, day: str | None = None) -> str:
    """A new dataset's name offered (a phone's keyboard need not type one, as the Event page offers 卓01): the day's,
    「牌の写真-2026-12-06」 / ``tile-photos-2026-12-06``, with ``-2``, ``-3`` ... where a folder of ``home`` (or a
    shared folder) has it."""
    base = f"{tr('new_name_base')}-{day or time.strftime('%Y-%m-%d')}"
    name, n = base, 1
    while (home / name).exists() or shares_name(name):
        n += 1
        name = f"{base}-{n}"
    return name


def _offer_name() -> None:
    """The new dataset's name box given ``dated_name``, offered afresh at each run while it is the one offered (a
    dataset made under it since: the next; the language changed: in it); a name typed in, or the box emptied, stays."""
    typed = st.session_state.get("label_new_name")
    if typed is None or typed == st.session_state.get(OFFERED_NAME_KEY):
        st.session_state["label_new_name"] = st.session_state[OFFERED_NAME_KEY] = dated_name(datasets_dir())


def _start_panel(intro: bool = True) -> None:
    """No folder named yet (or one refused to a visitor from the network, ``intro`` False: said above it): start a
    dataset from uploaded photos, or open one started here before."""
    if intro:
        st.info(tr("no_folder" if is_local_visitor() else "no_folder_away"))
    home = as_code(datasets_dir())  # its full path to the person at the computer; a phone is told no folder
    st.subheader(tr("new_title"), anchor=False)
    _offer_name()
    st.text_input(tr("new_name"), key="label_new_name",
                  help=tr("new_name_help", home=home) if is_local_visitor() else tr("new_name_help_away"))
    key = _uploader("new")
    if st.button(tr("new_create"), key="label_new_create", type="primary"):
        _create_dataset(key)
        st.rerun()
    _datasets_list()


def _datasets_list() -> None:
    """The datasets in the app's datasets folder, each with a button that opens it: every visitor's, a phone's
    too; those this visitor may open (``folder_allowed``: a link there to a folder elsewhere is not a phone's)."""
    mine = [root for root in datasets_in(datasets_dir()) if folder_allowed(root)]
    if mine:
        st.subheader(tr("yours"), anchor=False)
        for root in mine:
            row = st.container(horizontal=True, vertical_alignment="center")
            row.button(tr("open"), key=f"label_open_{root.name}", on_click=_open_dataset, args=(root,))
            row.markdown(f"**{root.name}**")
            count = photo_count(root)
            row.caption(tr("dataset_count", n=count, done=done_count(root), s="s" if count != 1 else ""))


def _own_classifier(game: str) -> bool:
    """Whether ``game`` is read with a classifier of its own (``vision.recognizer.has_own_classifier``): a shipped
    game's; not a game file (a game added in the app), nor a fifth game shipped in scorer/games that no classifier
    was made for, both read with a tile set taught for them."""
    from vision.recognizer import default_models_dir, has_own_classifier

    return bool(game) and has_own_classifier(game, default_models_dir())


def _game_reader(game: str):
    """The app's reader of a game with a classifier of its own (loaded once per process); None for a game read
    with its taught set (a game added in the app, a fifth game shipped with no model): ``prelabel_folder`` then
    reads with a tile set taught for it, or files the photos to be labelled by hand where there is none
    (``_note_no_reader``)."""
    return resources.recognizer(game) if _own_classifier(game) else None


def _reads_nothing(choice: str) -> bool:
    """Whether the picker's ``choice`` (a game, or ``tileset:NAME``) is a game no model reads yet (a game added
    in the app, or a fifth game shipped with no model, that no tile set was taught for): pre-labelling then only
    files its photos."""
    if choice.startswith("tileset:") or _own_classifier(choice):
        return False
    try:
        return bool(prelabel.no_reader_for(settings.game_ref(choice)))
    except TilelensInputError:  # a broken game file or models folder: said when the button is pressed
        return False


def _note_no_reader(summary) -> bool:
    """Say why the photos were filed without proposals: no model reads the game's tiles yet (a new edition), in
    the app's own words (the command line's commands are what the page has just done). True when said."""
    if summary.no_reader:
        _note("info", tr("no_reader_filed"))
        return True
    return False


def _note_unlearnt(summary) -> None:
    """Name the kinds of the table in use the model that proposed the boxes never learnt (``PrelabelSummary.unlearnt``:
    a house table's new member, a club copy's), proposed as other kinds: boxes to name by hand."""
    if summary.unlearnt:
        _note("warning", said(prelabel.unlearnt_line(summary, "en"), prelabel.unlearnt_line(summary, "ja")))


def _note_left_out(summary) -> None:
    """Say the boxes pre-labelling left out (``PrelabelSummary.left_out``: read as kinds the set does not have, no
    near guess it has), in which photos: boxes to draw and name by hand."""
    if summary.left_out:
        _note("warning", said(prelabel.left_out_line(summary, "en"), prelabel.left_out_line(summary, "ja")))


def _note_other_game(summary, game_id: str | None) -> None:
    """Name the photos pre-labelled whose tiles do not look like the game's (``PrelabelSummary.other_game``), as
    the photo page warns of one: photos of another game, most likely, every box named with this game's tiles."""
    if summary.other_game and game_id:
        photos = ", ".join(f"`{_photo_said(p)}`" for p in summary.other_game[:OTHER_GAME_SHOWN])
        if len(summary.other_game) > OTHER_GAME_SHOWN:  # twenty long file names said nothing more than three
            photos += tr("list_more", more=tr("other_game_more", n=len(summary.other_game) - OTHER_GAME_SHOWN))
        game_id = settings.game_id_of(game_id)  # a game added in the app: named by its file in data.yaml
        # a phone has no command line to pre-label again with a tile set: the page's own panel does it
        _note("warning", tr("other_game" if is_local_visitor() else "other_game_away",
                            game=game_names().get(game_id, game_id), photos=photos))


def _note_prelabelled(root: Path, summary, game_id: str | None, forgot=None) -> bool:
    """Say what a pre-labelling of ``root`` as ``game_id`` (None: with a tile set) did beside its count, the same after
    each button that pre-labels: the photos ``_forget_replaced`` left to do again (``forgot``), the files skipped, the
    photos of another game, those a person labelled meanwhile, the kinds dropped, never learnt, left out. True where
    its photos were only filed, to be labelled by hand (``_note_no_reader``): the caller says no "Pre-labelled" count."""
    _note_relabelled(forgot)
    _note_meanwhile(summary)
    _note_skipped(root, summary.unreadable)  # a photo that could not be filed or read (said once a session)
    _note_other_game(summary, game_id)
    if summary.dropped_kinds:  # a kind the table in use lacks (a house table's graduate), read by the model: not a tile
        # named as the never-learnt note names kinds, by the box's table (the game's own file): the one in use lacks it
        names = prelabel.names_ja(summary.dropped_kinds, settings.game_ref(game_id) if game_id else None)
        _note("info", tr("dropped", kinds=prelabel.listed_kinds(summary.dropped_kinds, names, lang())))
    _note_unlearnt(summary)
    _note_left_out(summary)
    return _note_no_reader(summary)


def _add_choices(root: Path, config) -> dict[str, str]:
    """What "Add photos" may pre-label with -> its name: the tile sets taught from this dataset (the newest first,
    ``teach.own_tilesets``) and the one it was made with, then the game's own model; the first is the one chosen.
    A set taught from the dataset read its photos 68 of 68 right where the game's model read 29."""
    sets = list(dict.fromkeys([*teach.own_tilesets(root), *([config.tileset] if config.tileset else [])]))
    choices = {f"tileset:{name}": set_name(name, among_models=True) for name in sets}
    game_id = settings.game_id_of(config.game) if config.game else None
    if game_id and not config.tileset:
        choices["game"] = model_name(game_names().get(game_id, game_id))
    return choices


def _add_to_dataset(root: Path, upload_key: str, choice: str | None = None) -> None:
    """Add: save the uploaded photos in the dataset, file them and pre-label them (or only file them where
    the dataset names no game or tile set to read them with). ``choice``: what pre-labels them (``_add_choices``:
    ``tileset:NAME``, or ``game`` for the game's own model); None: the dataset's tile set, else its game's model.
    The dataset's data.yaml is left as it is: a set taught from it names the same kinds."""
    added = _save_uploads(root, upload_key)
    if not added or not added.saved:
        return
    config = read_data_yaml(root)
    before = set(editing.photo_paths(root, config))
    _file_and_prelabel(root, config, added, choice)
    # its photos listed again (``label_listing``), whatever the folders' times say
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    try:
        new = [p for p in editing.photo_paths(root, read_data_yaml(root)) if p not in before]
    except (TilelensInputError, OSError):  # said on the page's next run
        new = []
    if new:  # the first photo added is shown next (the page stayed on the photo it was on, the new ones out of sight)
        st.session_state[WANTED_KEY] = (str(root), new[0])
        st.session_state[SEL_KEY] = None


def _prelabel_own(root: Path, config, choice: str | None = None):
    """Pre-label the photos of the dataset ``root`` (``config``: its data.yaml) that have no label file yet, those
    loose in it filed first, as `label init` again does: with ``choice`` (``_add_choices``: ``tileset:NAME``, or
    ``game`` for the game's own model), None: the dataset's tile set, else its game's model; the photos replaced under
    their names dealt with first (``_forget_replaced``). Returns that and the pre-labelling's summary;
    ``TilelensInputError`` where the dataset names nothing to read with (or no model reads it)."""
    chosen = choice[8:] if choice and choice.startswith("tileset:") else None
    if not (config.game or config.tileset or chosen):
        ja, en = STRINGS["no_game_in_dataset" if is_local_visitor() else "no_game_in_dataset_away"]
        raise LabelFileError(en, ja)
    forgot = _forget_replaced(root)  # photos replaced under their names: as `label init` does
    with _prelabel_bar() as bar:  # its line says it: no spinner above it
        tileset = chosen or (config.tileset if choice != "game" else None)
        reader = resources.recognizer(config.game or "", tileset) if tileset else _game_reader(config.game or "")
        own_set = config.tileset or (chosen if not config.game else None)
        bar.checking = _files_only(reader, config.game, own_set)
        summary = prelabel.prelabel_folder(root, config.game, own_set, reader=reader, progress=False,
                                           reader_of=(config.game, tileset) if reader is not None else None,
                                           on_photo=bar)
    return forgot, summary


MEANWHILE = ("{n} photo{s} labelled meanwhile (in another tab, or with `tilelens label`) kept {its} boxes: {photos}",
             "下書きの間に別のタブ (または `tilelens label`) でラベルを付けた写真 {n}枚は、その枠のままにしました: {photos}")


def _note_meanwhile(summary) -> None:
    """Say the photos a person labelled while they were pre-labelled (``PrelabelSummary.meanwhile``): each kept the
    person's boxes, no proposal written over them."""
    photos = summary.meanwhile
    if photos:
        n = len(photos)
        more = n - OTHER_GAME_SHOWN
        shown = [as_code(_photo_said(p)) for p in photos[:OTHER_GAME_SHOWN]]
        en, ja = MEANWHILE
        _note("info", said(en.format(n=n, s="" if n == 1 else "s", its="its" if n == 1 else "their",
                                     photos=", ".join(shown) + (f", and {more} more" if more > 0 else "")),
                           ja.format(n=n, photos="、".join(shown) + (f"、ほか {more}枚" if more > 0 else ""))))


def _reads_dataset(config) -> bool:
    """Whether a model reads the tiles of the dataset ``config`` (its tile set's, its game's: ``_reads_nothing``): its
    photos with no label file can be pre-labelled (a dataset filed for labelling by hand cannot)."""
    if config.tileset:
        return True
    game_id = settings.game_id_of(config.game) if config.game else None
    return bool(game_id) and not _reads_nothing(game_id)


def _left_panel(root: Path, config, unlabelled: int) -> None:
    """The dataset's ``unlabelled`` photos with no label file, where a model reads its tiles (a pre-labelling cut off
    by the app closing; photos put in its folder since): offered to be pre-labelled alone, as `label init` again does,
    every other photo's boxes kept ("Pre-label again" would replace those of every photo not accepted: hand fixes
    too). ``unlabelled``: 0 where none is offered (none, or nothing reads its tiles: ``_reads_dataset``, asked once by
    the page, which gives the checks panel's note the same count)."""
    if not unlabelled:
        return
    one = unlabelled == 1
    st.info(tr("left_unlabelled", n=unlabelled, s="" if one else "s", have="has" if one else "have",
               they="it" if one else "they"))
    if not st.button(tr("prelabel_left", n=unlabelled, s="" if one else "s"), key="label_prelabel_left"):
        return
    try:
        forgot, summary = _prelabel_own(root, config)
    except (TilelensInputError, OSError) as exc:  # no model for it, a full disk, ...
        _note("error", _named_in(error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc), root,
                                 config))
    else:
        if not _note_prelabelled(root, summary, config.game, forgot):
            _note("success", _prelabelled_text(summary.labelled, summary.tiles))
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1  # listed and checked again
    st.rerun()


def _file_and_prelabel(root: Path, config, added: AddedPhotos, choice: str | None) -> None:
    """``_add_to_dataset``'s filing and pre-labelling of the photos ``added`` (saved loose in ``root``), each
    outcome said in a note."""
    try:
        forgot, summary = _prelabel_own(root, config, choice)
    except TilelensInputError as exc:  # no model for it, class names that are not the game's, ...
        _, unfiled = prelabel.file_loose_photos(root)
        _note("warning", _named_in(error_text(exc), root, config))
        _note("success", _saved_line(len(added.saved) - len(unfiled)))
    else:
        if _note_prelabelled(root, summary, config.game, forgot):  # filed to be labelled by hand: none pre-labelled
            stems = {Path(name).stem for name in added.saved}  # not a file left loose before, tried again
            _note("success", _saved_line(max(0, len(added.saved) - sum(Path(skipped.photo).stem in stems
                                                                         for skipped in summary.unreadable))))
        else:
            _note("success", tr("added", n=summary.labelled, tiles=summary.tiles,
                                 s="s" if summary.labelled != 1 else "",
                                 them="them" if summary.labelled != 1 else "it",
                                 ts="s" if summary.tiles != 1 else ""))


def _add_panel(root: Path, config) -> None:
    """Add photos to the open dataset, where training reads the photos filed into it (``trains_on_filed``:
    tilelens's own layout, a Roboflow export's ``train/images``, a ``.txt`` list); a layout of its own that
    training would not read them in is said. Pre-labelled with a tile set taught from the dataset where there is one
    (the person may choose the game's model instead: ``_add_choices``)."""
    with st.expander(tr("add_title")):
        if not trains_on_filed(root, config):
            st.caption(tr("add_custom"))
            return
        choices = _add_choices(root, config)
        choice = None
        if len(choices) > 1:
            if st.session_state.get("label_add_with") not in choices:  # another dataset's, or a set gone since
                st.session_state["label_add_with"] = next(iter(choices))
            choice = st.selectbox(tr("add_with"), list(choices), key="label_add_with", help=tr("add_with_help"),
                                  format_func=choices.__getitem__)
        elif choices:
            choice = next(iter(choices))
        key = _uploader("add")
        if st.button(tr("add_button"), key="label_add"):
            _add_to_dataset(root, key, choice)
            st.rerun()


def _redo_panel(root: Path, config, todo: int, accepted: int, todo_photos: list[str] | None = None) -> None:
    """"Pre-label again with another game or set": the photos not accepted yet get the chosen model's proposals in
    place of their boxes (a dataset pre-labelled as the wrong game, or before a set was taught from it), after a
    question; the accepted ones stay as they are. Another game's tile list only while no photo is accepted. The set
    taught from the dataset last is offered first; taught since the photos to do (``todo_photos``) were pre-labelled,
    the page says they can be pre-labelled again with it."""
    if not todo:
        return
    taught = _newest_own_set(root, config)
    sets = {f"tileset:{t}": set_name(t, among_models=True) for t in prelabel.enrolled_tilesets()}
    # the set taught from the dataset first (the one to pre-label it with now), then the games, then the other sets
    first = {f"tileset:{taught}": sets.pop(f"tileset:{taught}")} if taught and f"tileset:{taught}" in sets else {}
    labels = first | game_names() | sets
    asked = st.session_state.get(REDO_ASK)
    if taught and f"tileset:{taught}" in labels and st.session_state.get(REDO_OFFERED) != (str(root), taught):
        # a set taught from the dataset: the one offered (once: another choice of the person's is theirs)
        st.session_state[REDO_OFFERED] = (str(root), taught)
        st.session_state["label_redo_with"] = f"tileset:{taught}"
    fresh = taught is not None and _taught_since(root, taught, todo_photos)
    if fresh:  # taught since the photos to do were pre-labelled: said where the person looks for what to do next
        st.info(tr("redo_after_teach", name=taught, n=todo, s="s" if todo != 1 else ""))
    with st.expander(tr("redo_title"), expanded=bool(asked and asked[0] == str(root)) or fresh):
        st.caption(tr("redo_help"))
        if st.session_state.get("label_redo_with") not in labels:
            st.session_state["label_redo_with"] = None
        choice = st.selectbox(tr("redo_with"), list(labels), key="label_redo_with", index=None,
                              placeholder=tr("pick_game"), format_func=labels.__getitem__)
        if not (asked and asked == (str(root), choice) and choice is not None):
            st.button(tr("redo"), key="label_redo", disabled=choice is None, on_click=_ask,
                      args=(REDO_ASK, root, choice))
            return
        named = tr("redo_set", name=choice[8:]) if choice.startswith("tileset:") else \
            model_name(labels[choice])
        st.warning(tr("redo_ask", n=todo, s="s" if todo != 1 else "", done=accepted, choice=named))
        row = st.container(horizontal=True)
        yes = row.button(tr("redo_yes"), key="label_redo_yes", type="primary")
        row.button(tr("redo_no"), key="label_redo_no", on_click=_ask, args=(REDO_ASK, None))
        if yes:
            st.session_state.pop(REDO_ASK, None)
            _redo(root, config, choice)
            st.rerun()


def _newest_own_set(root: Path, config) -> str | None:
    """The tile set taught from the dataset last (``teach.own_tilesets``), also where the dataset was pre-labelled with
    it already (its data.yaml's ``tileset``: taught again since, its photos not accepted can be pre-labelled with it
    again); None where there is none."""
    try:
        sets = teach.own_tilesets(root)
    except (TilelensInputError, OSError):
        return None
    return sets[0] if sets else None


def _taught_since(root: Path, tileset: str, photos: list[str] | None) -> bool:
    """Whether the tile set ``tileset`` was taught after one of the photos to do ``photos`` was last pre-labelled (or
    changed): its ``tileset.json`` newer than the photo's label file (none: never pre-labelled)."""
    from vision.detector import find_tileset

    folder = find_tileset(tileset)
    try:
        taught = (folder / "tileset.json").stat().st_mtime if folder is not None else None
    except OSError:
        return False
    if taught is None:
        return False
    for photo in photos or ():
        try:
            if label_path_for(root / photo).stat().st_mtime < taught:
                return True
        except OSError:  # no label file yet
            return True
    return False


def _redo(root: Path, config, choice: str) -> None:
    """Pre-label the photos of ``root`` not accepted again with ``choice`` (a game's id, or ``tileset:NAME``). Where
    its tile list is the dataset's, the dataset stays as it is; another tile list (another game) is written into its
    data.yaml first, refused while a photo is accepted (its boxes were named with the dataset's list) or where the
    data.yaml is laid out its own way; each said in a note."""
    tileset = choice[8:] if choice.startswith("tileset:") else None
    game_id = None if tileset else choice
    table = house_table(game_id)
    ref = settings.game_ref(game_id) if game_id else None  # a game added in the app: by its file
    try:
        photos = editing.photo_paths(root, config)
        accepted = read_progress(root) & set(photos)
        # the dataset's own list, or its other table's
        same = prelabel.table_names(ref, tileset, table, config) is not None
        if not same and accepted:
            n = len(accepted)
            _note("error", tr("redo_refused_done", n=n, s="s" if n != 1 else "", are="are" if n != 1 else "is",
                              them="them" if n != 1 else "it"))
            return
        if not same and not own_layout(config):
            _note("error", tr("redo_refused_layout"))
            return
        forgot = _forget_replaced(root)  # photos replaced under their names: as `label init` does
        with _prelabel_bar() as bar:  # its line says it: no spinner above it
            reader = prelabel.load_reader(None, tileset) if tileset else _game_reader(ref)
            # all or nothing (``relabel.prelabel_again``): failed, every box and the data.yaml are as they were
            if same:  # read with the chosen model (the record names it), the dataset's game (or set) and data.yaml kept
                bar.checking = _files_only(reader, config.game, config.tileset)
                summary = prelabel_again(root, config.game, config.tileset, reader=reader,
                                         table=None if config.tileset else house_table(config.game),
                                         reader_of=(ref, tileset) if reader is not None else None, on_photo=bar)
            else:  # another game's tile list: no photo accepted, every box is the old game's proposal
                names = prelabel.with_own_kinds(prelabel.table_names(ref, tileset, table, None), config)
                bar.checking = _files_only(reader, ref, tileset)
                summary = prelabel_again(root, ref, tileset, reader=reader, table=table, new_list=_replace_config(
                    config, names=names, game=prelabel.stored_game(ref) if ref else None, tileset=tileset,
                    absent=tuple(k for k in config.absent if k in names)), on_photo=bar)
    except (TilelensInputError, OSError) as exc:  # no model for it, the progress file damaged, a full disk, ...
        _note("error", _named_in(error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc), root,
                                 config))
        return
    # the box Undo's steps of the photos rewritten: Undo would refuse them ("changed elsewhere"), never offered
    _forget_rewritten(root, tuple(config.names) if same else None)
    if not _note_prelabelled(root, summary, game_id, forgot):
        _note("success", _prelabelled_text(summary.labelled, summary.tiles))
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1  # loose photos filed: listed again
    st.session_state[SEL_KEY] = None


def _leftovers(root: Path) -> None:
    """What a "Pre-label again" stopped half way (the app closed) left in the dataset ``root``: put back and said
    (``relabel.put_back_leftovers``), or, where it cannot be, said once with what to do. And a dataset given a new id
    as it is opened, said once (``_new_id``)."""
    told = st.session_state.setdefault(LEFTOVERS_TOLD, set())
    for left in put_back_leftovers(root):
        if left.stuck is None:
            st.info(as_typed(said(*left.text())))
        elif (str(root), left.folder) not in told:
            told.add((str(root), left.folder))
            st.warning(as_typed(said(*left.text())))
    _new_id(root)


def _new_id(root: Path) -> None:
    """Say, once, that the dataset ``root`` was given a new id (``teach.dataset_id``, asked as it is opened: taken for
    a copy of another folder, which keeps the tile sets taught from it; ``teach.id_note``), its folders as this
    visitor is told a folder (a phone never the laptop's)."""
    try:
        teach.dataset_id(root)
        note = teach.id_note(root)
    except (OSError, TilelensInputError):  # a folder that cannot be read: nothing to say of its id
        return
    if note is not None:
        st.info(as_typed(said_in(said(note.en, note.ja), *note.folders, whole=True)))


def _replace_config(config, **changes):
    from dataclasses import replace

    return replace(config, **changes)


# ---- removing a photo or a dataset: moved aside into the home's ``removed`` folder, never deleted, and Undo

def _removed_place(kind: str, name: str) -> Path:
    """A new folder for what is removed now: ``<home>/removed/<kind>/<name>-<date-time>`` (not made yet)."""
    base = datasets_dir().parent / REMOVED_DIR / kind
    stamp = time.strftime("%Y%m%d-%H%M%S")
    place, n = base / f"{name}-{stamp}", 1
    while place.exists():
        n += 1
        place = base / f"{name}-{stamp}-{n}"
    return place


def _photo_removable(root: Path, config, photo: str) -> bool:
    """Whether the photo can be removed here: it lies in the dataset, whose splits are folders (a ``.txt`` list would
    still name it)."""
    listed = any(source.endswith(".txt") for sources in config.sources.values() for source in sources)
    return not listed and not os.path.isabs(photo) and not photo.startswith("..")


def _remove_photo_question(root: Path, config, photo: str, name: str, photos: list[str]) -> None:
    """"Remove this photo" (a photo with no tiles, a photo taken twice), and the question it asks first."""
    if not _photo_removable(root, config, photo):
        return
    if st.session_state.get(REMOVE_ASK) != (str(root), photo):
        st.button(tr("remove_photo"), key="label_remove_photo", on_click=_ask, args=(REMOVE_ASK, root, photo))
        return
    st.warning(tr("remove_photo_ask", photo=as_code(name)))
    row = st.container(horizontal=True)
    row.button(tr("remove_photo_yes"), key="label_remove_photo_yes", type="primary", on_click=_remove_photo,
               args=(root, photo, name, photos, config))
    row.button(tr("remove_no"), key="label_remove_photo_no", on_click=_ask, args=(REMOVE_ASK, None))


def _remove_photo(root: Path, photo: str, name: str, photos: list[str], config=None) -> None:
    """Move the photo, its label file and its original (a HEIC filed as a JPEG) into a folder of ``removed`` in the
    home, keeping their paths in the dataset; take it off the photos accepted; remember it for Undo, with the tile
    list its label file is numbered by (``config``, the dataset's data.yaml: ``_relisted``)."""
    st.session_state.pop(REMOVE_ASK, None)
    place = _removed_place("photos", root.name)
    stem = Path(photo).stem
    files = [root / photo, label_path_for(root / photo)]
    if not [p for p in photos if p != photo and Path(p).stem == stem]:  # its original, kept under its stem
        files += [p for folder in originals_dirs(root) if folder.is_dir() for p in folder.iterdir()
                  if p.is_file() and p.stem == stem]
    moves = []
    try:
        was_done = photo in read_progress(root)
        for src in files:
            if src.is_file():
                dst = place / relpath(root, src)
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(src, dst)
                moves.append((str(src), str(dst)))
        if was_done:
            set_done(root, photo, done=False)
    except (TilelensInputError, OSError) as exc:
        for src, dst in reversed(moves):  # put back what was moved: nothing half removed
            shutil.move(dst, src)
        _note("error", _named_in(error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc), root))
        return
    st.session_state[REMOVED_KEY] = {"kind": "photo", "root": str(root), "name": name, "photo": photo,
                                     "done": was_done, "moves": moves, "place": str(place),
                                     "label": str(label_path_for(root / photo)),
                                     "names": list(config.names) if config is not None else None,
                                     "game": config.game if config is not None else None,
                                     "tileset": config.tileset if config is not None else None}
    st.session_state[SEL_KEY] = None
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1


def _dataset_removable(root: Path) -> bool:
    """A dataset of the app's datasets folder (not a folder elsewhere, nor a shared one) can be removed here."""
    return os.path.abspath(root.parent) == os.path.abspath(datasets_dir())


def _remove_dataset(root: Path) -> None:
    """Move the dataset's folder into the home's ``removed`` folder (not while a set is being taught from it), close
    it, and remember it for Undo."""
    st.session_state.pop(REMOVE_ASK, None)
    job = teach.status(root)
    if job is not None and job.state == "running":
        _note("error", tr("remove_teaching"))
        return
    place = _removed_place("datasets", root.name)
    try:
        place.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(root, place)
    except OSError as exc:
        _note("error", _named_in(os_error_text(exc), root))
        return
    st.session_state[REMOVED_KEY] = {"kind": "dataset", "root": str(root), "name": root.name,
                                     "moves": [(str(root), str(place))], "place": str(place)}
    st.session_state[DIR_KEY] = ""
    st.session_state.pop("label_shown_dir", None)


def _restore() -> None:
    """Undo the last removal: each file (or the dataset's folder) moved back where it was, where nothing has taken
    its place since (else nothing is moved, and that is said)."""
    gone = st.session_state.get(REMOVED_KEY)
    if not gone:
        return
    name = gone["name"]
    if any(Path(src).exists() for src, _ in gone["moves"]):
        _note("error", tr("restore_taken", name=as_code(name)))
        return
    try:
        if not _relisted(gone):  # its boxes' tiles not in the dataset's list now: said, left where it is
            return
        for src, dst in gone["moves"]:
            Path(src).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(dst, src)
        if gone.get("done"):
            set_done(Path(gone["root"]), gone["photo"])
    except (TilelensInputError, OSError) as exc:
        _note("error", error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc))
        return
    st.session_state.pop(REMOVED_KEY, None)
    _prune(Path(gone["place"]))
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    if gone["kind"] == "photo":
        st.session_state[WANTED_KEY] = (gone["root"], gone["photo"])  # shown again
    _note("success", tr("restored", name=as_code(name)))


def _relisted(gone: dict) -> bool:
    """A removed photo's label file (``gone``: ``REMOVED_KEY``'s) numbered for the dataset's tile list now, where the
    dataset took another since (pre-labelled again with another game): each box's number made its kind's in the new
    list, the file written where it waits. False, said, where the new list lacks a kind of its boxes (numbered by the
    new list, each would be another tile). A data.yaml that cannot be read now: left as it is (the page says why)."""
    label = next((Path(dst) for src, dst in gone["moves"] if src == gone.get("label")), None)
    if label is None or not gone.get("names"):
        return True
    try:
        now = read_data_yaml(Path(gone["root"])).names
    except (TilelensInputError, OSError):
        return True
    old = tuple(gone["names"])
    if now == old:
        return True
    text = read_regular_text(label, errors="replace")
    new_text, missing = renumbered(text, old, now)
    if missing:
        said = tr("restore_relisted", name=as_code(gone["name"]), kinds=", ".join(as_code(k) for k in missing))
        was = (tr("redo_set", name=gone["tileset"]) if gone.get("tileset")
               else game_names().get(settings.game_id_of(gone.get("game")) or "") if gone.get("game") else None)
        if was:
            said += (" " if lang() != "ja" else "") + tr("restore_relisted_how", was=was)
        _note("error", said)
        return False
    if new_text != text:
        atomic_write_text(label, new_text)
    gone["names"] = list(now)  # numbered so now: a second Undo (the first stopped midway) renumbers from it
    return True


def _prune(place: Path) -> None:
    """Remove the folders a removal made that Undo emptied: ``place`` (``_removed_place``) and the empty folders in it,
    then ``removed/<kind>`` and ``removed`` where nothing else is left in them. A folder that holds anything stays."""
    top = datasets_dir().parent / REMOVED_DIR
    if place.is_dir():
        for folder, _, _ in sorted(os.walk(place), key=lambda entry: -len(entry[0])):  # the deepest first
            try:
                os.rmdir(folder)
            except OSError:  # not empty (something else was put there), or not ours to remove
                pass
    for folder in (place.parent, top):
        try:
            folder.rmdir()
        except OSError:
            break


def _removed_panel() -> None:
    """What was last removed, said at the top of the page with its Undo, until it is undone (where it went: its path
    to the person at the computer; a phone is told the computer's owner can bring it back later)."""
    gone = st.session_state.get(REMOVED_KEY)
    if not gone:
        return
    with st.container(key="label_removed_box"):
        st.success(tr("removed_photo" if gone["kind"] == "photo" else "removed_dataset", photo=as_code(gone["name"]),
                      name=as_code(gone["name"])))
        st.caption(tr("removed_where", path=as_code(gone["place"])) if is_local_visitor() else tr("removed_later"))
        st.button(tr("removed_undo"), key="label_removed_undo", on_click=_restore)


def _dataset_zip(root: Path, config) -> bytes:
    """The dataset as a zip in YOLO form: its data.yaml, its photos and their label files, which photos are accepted
    (``PROGRESS_FILE``: opened on the laptop, the dataset teaches with them), the record of its pre-labels
    (``prelabel.PRELABELLED``: there, `label init --tileset` tells the boxes still proposals from a person's fixes) and
    the originals of photos filed as JPEGs (``originals/``: an iPhone's HEIC), in a folder of the dataset's name (what
    lies outside the dataset's folder, and the app's own files, left out)."""
    photos = editing.photo_paths(root, config)
    files = ["data.yaml", PROGRESS_FILE, prelabel.PRELABELLED.as_posix(), prelabel.PRELABELLED_JOURNAL.as_posix()]
    for photo in photos:
        files += [photo, relpath(root, label_path_for(root / photo))]
    files += sorted(relpath(root, p) for folder in originals_dirs(root) if folder.is_dir() for p in folder.iterdir()
                    if p.is_file())
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zipped:
        for rel in dict.fromkeys(files):
            path = root / rel
            if os.path.isabs(rel) or rel.startswith("..") or not path.is_file():
                continue
            packed = zipfile.ZIP_STORED if path.suffix.lower() in LOOSE_SUFFIXES else zipfile.ZIP_DEFLATED
            zipped.write(path, f"{root.name}/{rel}", compress_type=packed)
    return out.getvalue()


def _manage_panel(root: Path, config, count: int) -> None:
    """Download the dataset (a phone has no folder to copy it from), and remove it, after a question."""
    with st.expander(tr("manage"), expanded=st.session_state.get(REMOVE_ASK) == (str(root), None)):
        st.download_button(tr("download"), data=lambda: _dataset_zip(root, config), file_name=f"{root.name}.zip",
                           mime="application/zip", key="label_download", help=tr("download_help"), on_click="ignore")
        if not _dataset_removable(root):
            return
        if st.session_state.get(REMOVE_ASK) != (str(root), None):
            st.button(tr("remove_dataset"), key="label_remove_dataset", on_click=_ask, args=(REMOVE_ASK, root))
            return
        st.warning(tr("remove_dataset_ask", name=as_code(root.name), n=count, s="s" if count != 1 else ""))
        row = st.container(horizontal=True)
        row.button(tr("remove_dataset_yes"), key="label_remove_dataset_yes", type="primary", on_click=_remove_dataset,
                   args=(root,))
        row.button(tr("remove_no"), key="label_remove_dataset_no", on_click=_ask, args=(REMOVE_ASK, None))
