"""Event check page: check one dealt table from uploaded photos (one uploader per seat), or browse the
report folder that ``tilelens check`` wrote for an event. The checking is ``tilelens.event``'s; this
page only gathers the photos and draws the report."""
from __future__ import annotations

import contextlib
import hashlib
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st

from app.components import resources
from app.components.common import as_typed, game_select, keep_choice, style, typed_path, uploader_words
from app.components.event_report_view import (download_event, draw_event, draw_event_tables, draw_overview,
                                              event_lines, event_name, kept_again, nameless, unfinished)
from app.components.event_table_view import (PICTURES, Loaded, checks_cut, distrust_of, draw_table_report, game_name,
                                             load_json, load_json_or_none, read_report, tile_names, untrusted)
from app.components.event_words import S, SINCE_REASONS, kept_where, s
from app.components.visitor import (folder_allowed, is_local_visitor, named_folder, os_said, refused_text, said_paths,
                                     shown_path, there)
from app.components.i18n import error_text, lang, name_of, said, t, text_in
from app.components.set_names import default_reader, reader_text, tileset_names
from app.components.tiles import no_toolbars_css
from app.settings import SCRATCH_KEEP_S, scratch_dir
from scorer import Game, TilelensInputError
from tilelens.event import DEFAULT_MIN_CONFIDENCE, table_from_uploads
from tilelens.event.layout import DEFAULT_REPORT, IMAGE_SUFFIXES, WALL, parse_photo_name
from tilelens.event.model import event_report_problem, table_named
from tilelens.event.report import EVENT_JSON, REPORT_HTML, REPORT_JSON, event_reason_named, game_names, report_game
from tilelens.event.rules import only_last_seat_missing, players_span, plays_three
from tilelens.event.runner import (CHECKED_AS, FINISHED, RECHECKED, REMOVED, SAME_AS, UPLOAD_PREFIX, TableTaken,
                                   _event_game, check_uploaded_table, event_name_problem, events_root, next_table_name,
                                   open_event, open_events, remove_uploaded_table, same_photos_table,
                                   similar_event_name, similar_table_name, table_name_problem, tables_checked,
                                   unfinished_tables)

if TYPE_CHECKING:  # ``preview``'s annotation only
    from vision.image_io import ImageFault

PLAYERS = [4, 3, 2]
# the confidence below which a tile is listed to confirm: 0 to 1 by 0.05, and the check's own default
THRESHOLDS = sorted({round(i * 0.05, 2) for i in range(21)} | {DEFAULT_MIN_CONFIDENCE})
# a game added in the app that nothing reads yet (``set_names.default_reader``: "none"): said up front as the
# Score-by-photo page says it (``set_names.READER_STRINGS``), and after a check naming the game, in the app's words
# (the reader's own are the command line's: `tilelens label init …`), key: (Japanese, English)
NO_READER = {
    "teach_set_named": ("「{game}」の牌を読むモデルも牌セットもまだありません。「ラベル付け」のページで写真から牌セットを"
                        "覚えさせてください。",
                        "nothing reads the tiles of “{game}” yet: teach a tile set from photos on the Label tiles "
                        "page."),
    "choose_set_named": ("「{game}」に覚えさせた牌セットはまだありません。上でこの牌を読むセットを選ぶか、「ラベル付け」の"
                         "ページで写真から覚えさせてください。",
                         "no tile set was taught for “{game}” yet: choose one above that reads its tiles, or teach "
                         "one from photos on the Label tiles page."),
}
NAME_KEY = "event_table_name"  # the name the table uploaded is checked under
TILESET_KEY = "event_tileset"  # the tile set the seats are read with (the photo page's Tile set, kept likewise)


def check_uploads() -> None:
    """Upload one photo per seat, check the table under its name, show its report and the tables checked so far
    (each kept in the session's event folder: ``tilelens.event.runner.check_uploaded_table``)."""
    game = game_select()
    if game is None:
        return
    shared = choose_event(game.id)
    out = event_folder(game.id)
    ev = event_key(game.id)  # this session's state of the event chosen: the last table, the photos checked
    photos_of = st.session_state.setdefault("event_photos_of", {}).setdefault(ev, {})
    marks = st.session_state.setdefault("event_marks", {}).setdefault(ev, {})  # each report's fingerprint, as written
    name = table_name(out, ev, photos_of)
    taken = st.empty()  # the name of a table checked already: said once the photos are known
    tileset = choose_tileset(game)
    if not tileset and default_reader(game)[0] == "none":  # before the photos are taken, not after the check
        st.info(no_reader_said(game, named=False))
    c1, c2 = st.columns(2)
    players = c1.selectbox(s("players"), players_offered(game), key="event_players")
    seats = [str(i) for i in range(1, players + 1)]
    was_dealer = st.session_state.get("event_dealer")
    dealer = c2.selectbox(s("dealer"), seats, key="event_dealer")
    if was_dealer is not None and was_dealer not in seats:  # fewer players: Streamlit chose another dealer
        st.warning(s("dealer_moved", was=was_dealer, players=players, n=dealer))
    # a seat that fewer players leave out keeps its photo, shown not checked, until removed or players are more
    left_out = [str(i) for i in range(players + 1, max(PLAYERS) + 1)
                if st.session_state.get(seat_key(str(i))) is not None]
    st.caption(s("photo_types"))  # once, not under each uploader
    style(no_toolbars_css(PICTURES))  # the photos' previews: no Fullscreen button (a Tab stop, unseen)
    cols = st.columns(len(seats) + len(left_out))
    uploads = {}
    not_photos = []  # files of another type: refused at the check, named
    for col, seat in zip(cols, seats + left_out):
        label = s("seat_left_out", n=seat, players=players) if seat in left_out else \
            s("seat_dealer" if seat == dealer else "seat", n=seat)
        f = col.file_uploader(label, key=seat_key(seat))
        uploader_words(seat_key(seat))
        if f is not None and seat in seats:  # a seat left out is not checked: its file refuses nothing
            not_photos += seat_preview(col, f, seat)
        elif f is not None:
            seat_preview(col, f, seat)
        if seat in seats:
            uploads[seat] = [(f.name, f.getvalue())] if f is not None else []
    wall = st.file_uploader(s("wall"), key=seat_key("wall"))
    uploader_words(seat_key("wall"))
    if wall is not None:
        not_photos += seat_preview(st, wall, "wall")
    with st.expander(s("advanced")):  # after the seats: the photos are what a first visit is for
        # a choice of thresholds, not a slider: Streamlit names a slider's thumb by the slider's label and by its
        # own, the same, so a screen reader said the label twice over; pills, not a drop-down: one of more than 10
        # choices brought up a phone's keyboard (Streamlit makes it read-only on a phone only up to 10); required: a
        # second tap on the chosen one keeps it, never None
        min_conf = st.pills(s("min_conf"), THRESHOLDS, default=DEFAULT_MIN_CONFIDENCE, required=True,
                            format_func="{:.2f}".format, key="event_min_conf",
                            help=s("min_conf_help", default=f"{DEFAULT_MIN_CONFIDENCE:.2f}"))
    # what a report was made of: shown only while the game, seats and photos are still those
    made_of = (game.id, str(game.source), players, dealer, min_conf, tileset, tuple(  # the file: an edited table checks anew
        (seat, hashlib.sha1(data).hexdigest()) for seat, files in sorted(uploads.items()) for _, data in files),
        hashlib.sha1(wall.getvalue()).hexdigest() if wall is not None else None)
    forgotten = forget_shown(out, game.id, photos_of, marks, bool(shared))  # its report gone or another's since
    checked = st.session_state.get("event_checked")
    shown = checked is not None and checked[1:] == (made_of, name.strip())  # its report is drawn below
    done = tables_checked(out) if out is not None else []
    now = {digest for _, digest in made_of[6]}
    # the table of that name is the one this session checked, not replaced on another phone since
    own = name.strip() in done and still_own(out, name.strip(), photos_of, marks)
    # a taken name and mostly other photos than this session checked under it: another table, whose report would
    # be replaced (a seat or two retaken, the dealer or players corrected: the same table, checked again)
    other_photos = out is not None and own and 2 * len(now & photos_of[name.strip()]) < len(now)
    # a table this session did not check (another phone's, or this browser's before a reload), or checked and replaced
    # on another phone since: replaced only ticked
    # (nothing uploaded: no table to check under it, so nothing to refuse nor to tick)
    other_phone = out is not None and name.strip() in done and not own and bool(now or wall is not None)
    # that very table's photos (or another's), byte for byte: Check shows that table, replacing nothing (``same_photos``)
    same = same_photos_before(out, name, players, dealer, uploads, wall) if other_phone and not shown else None
    # a table whose check was cut off after its photos were kept: said so, not as another phone's check
    cut = unfinished_tables(out) if other_phone else []
    replace_other = False
    if same is not None:  # (a table cut off: Check finishes it)
        taken.info(s("same_photos_cut_before" if same in cut else "same_photos_before", t=as_typed(same)))
    elif not shown and other_photos:
        taken.warning(kept_where("name_other_photos", t=as_typed(name.strip()), p=out / REMOVED))
    elif not shown and other_phone:
        with taken.container():
            unfinished = name.strip() in cut
            st.warning(s("name_cut" if unfinished else "name_other_phone", t=as_typed(name.strip()),
                         n=as_typed(next_table_name(out, name.strip()))))
            replace_other = st.checkbox(s("replace_cut" if unfinished else "replace_other", t=as_typed(name.strip())),
                                        # a tick of this name alone
                                        key=f"event_replace_{hashlib.sha1(name.strip().encode()).hexdigest()[:12]}")
    elif not shown and name.strip() in done:
        taken.caption(s("name_taken", t=as_typed(name.strip())))  # not of the table checked shown below
    elif (like := similar_table_name(name, done)) is not None:  # table-1 beside table-01: two tables
        # 卓01 beside table-01 (a Japanese and an English phone): one number, not zeros, case or width
        taku = like.startswith(UPLOAD_PREFIX) != name.strip().startswith(UPLOAD_PREFIX)
        taken.warning(s("name_like_taku" if taku else "name_like", n=as_typed(name.strip()), t=as_typed(like)))
    replaced = None
    if st.button(s("check"), type="primary", key="event_check"):
        if not refused(name, uploads, not_photos):  # a refusal said, and the event still drawn below
            table = table_from_uploads(name.strip(), players, dealer, uploads,
                                       (wall.name, wall.getvalue()) if wall is not None else None)
            kept = {seat: files[0] for seat, files in uploads.items() if files}  # the photos checked, kept with them
            if wall is not None:
                kept["wall"] = (wall.name, wall.getvalue())
            # the name offered, not typed (nor this session's table checked again): where another phone checks a
            # table under it meanwhile, this one is checked under the next free name, not over that one
            free = name.strip() == st.session_state.get(OFFERED_KEY) and name.strip() not in photos_of
            # a table of its name replaced only where it is this session's own, or its replacing was ticked; else
            # refused, decided as the event is written (``runner.TableTaken``: the next free name offered)
            out, replaced, checked_as = check_table(table, game, min_conf, other_photos or replace_other, kept, free,
                                                    replace=own or replace_other, tileset=tileset)
            if out is not None:
                if not shared and not done:  # this browser's own event's first table: a reload starts a new one
                    st.session_state["event_unnamed_said"] = True  # said once (``unnamed_event``)
                if (same := st.session_state.get(SAME_KEY)) is not None:  # the photos of a table checked already
                    st.session_state[SAME_KEY] = (checked_as, checked_as in photos_of, same[2])  # (this phone's own?)
                st.session_state["event_checked"] = (str(out / checked_as), made_of, checked_as)
                photos_of[checked_as] = now
                report = load_json_or_none(out / checked_as / REPORT_JSON)  # its fingerprint: ``still_own``
                marks[checked_as] = str(report.get("fingerprint") or "") if isinstance(report, dict) else ""
                taken.empty()  # "checked already" was of the report this check replaced
                st.session_state.setdefault("event_last", {})[ev] = checked_as  # the next name counts on from it
                st.session_state[PICK_KEY] = checked_as  # the event's table chooser shows it (``session_tables``)
                if checked_as != table.name:  # the name field says the table's name, and why it is not the one typed
                    st.session_state[PENDING_NAME] = checked_as
                    if SAME_KEY not in st.session_state:  # (the photos of that table: ``same_photos`` says so)
                        st.session_state["event_renamed"] = (table.name, checked_as)
                    st.rerun()
            elif TAKEN in st.session_state:  # the name field says the next free name, and why
                st.rerun()
            out = event_folder(game.id)
    checked = st.session_state.get("event_checked")
    if (renamed := st.session_state.pop("event_renamed", None)) is not None:
        st.info(s("renamed", t=as_typed(renamed[0]), n=as_typed(renamed[1])))
    if (same := st.session_state.pop(SAME_KEY, None)) is not None:  # not checked again, nor kept twice
        st.info(s("same_photos_cut" if same[2] else "same_photos_own" if same[1] else "same_photos",
                  t=as_typed(same[0])))
    if st.session_state.pop("event_unnamed_said", None):  # its tables listed in this browser's session alone
        st.info(s("unnamed_event"))
    # the event's reports read once, after the check, while no check writes them: the table's verdict under Check and
    # the event's list drawn of one read, never one before another phone's write and one after it
    loaded = read_once(out, [Path(checked[0])] if checked else [])
    for key in ("rechecked", "rechecked_cut"):  # not trusted, or cut off (``runner.FINISHED``): each its why
        if rechecked := st.session_state.pop(f"event_{key}", None):
            st.info(s(key, t=s("list_sep").join(map(as_typed, rechecked))))
    if (refused_name := st.session_state.pop(TAKEN, None)) is not None:
        st.error(s("taken_cut" if refused_name[2] else "taken_refused", t=as_typed(refused_name[0]),
                   n=as_typed(refused_name[1])))
    if forgotten is not None and checked is None:  # said once, in the place of the report it drew
        st.warning(s(forgotten[0], t=as_typed(forgotten[1])))
    above = None  # the table whose report is drawn under Check: not drawn again in the event's table chooser
    if checked and checked[1] == made_of:
        draw_table_report(Path(checked[0]), checked[2], key="upload", here=True, loaded=loaded)
        above = checked[2] if Path(checked[0]).parent == out else None
        if replaced is not None:  # the table's report before, moved aside: where it is
            st.info(kept_where("replaced", t=as_typed(checked[2]), p=replaced))
        three_players(Path(checked[0]), game, players)
    elif checked and checked[1][0] != game.id:  # another game chosen with the photos loaded: its own event
        st.info(s("game_switched", other=said(*game_names(checked[1][0])), t=as_typed(checked[2]),
                  game=said(*game_names(game.id)), n=as_typed(name.strip())))
    elif checked and checked[2] != name.strip() and Path(checked[0]).parent == out:  # a name typed for these photos
        st.info(s("checked_other", t=as_typed(checked[2]), n=as_typed(name.strip())))
    elif checked:  # the report is of other photos or settings: said, not left to vanish unexplained
        st.info(s("stale"))
    if checked and out is not None and Path(checked[0]).parent == out:  # the organiser says when a table is done
        st.button(s("next"), key="event_next", on_click=next_table, args=(out, ev))
    session_tables(out, game, shared, loaded, above)


def same_photos_before(out: Path, name: str, players: int, dealer: str, uploads: dict[str, list[tuple[str, bytes]]],
                       wall) -> str | None:
    """The table of the event in ``out`` whose kept photos are the ones uploaded, byte for byte, at the same seats, the
    same dealer and players (``runner.same_photos_table``, as the check decides it), or None: known before Check. A
    table of no report (a check of it cut off: ``runner.unfinished_tables``) too: Check finishes that one."""
    photos = {seat: files[0] for seat, files in uploads.items() if files}
    if wall is not None:
        photos["wall"] = (wall.name, wall.getvalue())
    try:
        return same_photos_table(out, table_from_uploads(name.strip(), players, dealer, uploads), photos)
    except (TilelensInputError, OSError, ValueError):  # said at Check, as before
        return None


def read_once(out: Path | None, folders: list[Path]) -> Loaded:
    """The event's report in ``out`` and the reports of the tables in ``folders`` (the one drawn under Check, the one
    chosen in the event's table chooser), read once for this run (``Loaded``), while no check writes the event
    (``runner.check_running``, waited for up to ``SETTLE_S``: a phone's check writes its table's report, then the
    others' near copies, then the event's): read again where a check wrote the event between the reads. A file not
    there is left out (said where it is drawn)."""
    from tilelens.event.runner import check_running

    if out is None:
        return {}
    chosen = st.session_state.get(PICK_KEY) or st.session_state.get("event_shared_table")
    paths = [out / EVENT_JSON, *(f / REPORT_JSON for f in folders)]
    if chosen and isinstance(chosen, str) and table_name_problem(chosen) is None:
        paths.append(out / chosen / REPORT_JSON)
    # a check that outlasted the wait at the last run (a check of the whole event at the laptop: minutes) is not
    # waited for again at each tap: read as it stands
    long_check = st.session_state.get("event_long_check") == str(out)
    deadline = time.monotonic() + (0.0 if long_check else SETTLE_S)

    def stamp() -> tuple:
        with contextlib.suppress(OSError):
            return check_running(out), (out / EVENT_JSON).stat().st_mtime_ns
        return check_running(out), None

    while True:
        while check_running(out) and time.monotonic() < deadline:
            time.sleep(0.1)
        first, loaded = stamp(), {}
        for path in dict.fromkeys(paths):
            if path.is_file():
                with contextlib.suppress(Exception):  # kept in ``loaded`` as what this run read (said where drawn)
                    load_json(path, loaded)
        if stamp() == first and not first[0] or time.monotonic() >= deadline:
            if first[0]:
                st.session_state["event_long_check"] = str(out)
            else:
                st.session_state.pop("event_long_check", None)
            return loaded


def choose_tileset(game: Game) -> str:
    """The enrolled tile set the seats' photos are read with, chosen as on the photo page (its Tile set: the sets
    taught for the game, or whose kinds are mostly its tiles, ``resources.tilesets_for``; kept across pages as that
    one is): a Hong Kong set's real photos read 20 of 21 seats right with ``hk-mahjong``, none with the riichi model
    (2026-12-06). "": what reads the game with no set chosen (``set_names.default_reader``: its own model, or the
    set taught for a game added in the app); no picker where no set reads the game."""
    sets = resources.tilesets_for(game)
    if not sets:
        return ""
    # given again before it is drawn (the language may have switched since); "", the game's own reader, where none was
    # chosen or the one chosen was removed since
    keep_choice(TILESET_KEY, sets, "")
    # the picker's "" and the sets named as the photo page names them, the labels made now, in the screen's language
    # (``format_func`` is called again outside the page's run)
    labels = tileset_names(default_reader(game), resources.sets_knowing_few(game), name_of(game))
    return st.selectbox(t("tileset"), ["", *sets], key=TILESET_KEY, help=t("tileset_help"),
                        format_func=lambda name: labels(name or None), persist_state="session")


def no_reader_said(game: Game, named: bool = True) -> str:
    """That nothing reads ``game``'s tiles yet (an added game with no tile set taught: ``NO_READER``), in the screen's
    language: choose a set the picker offers, or teach one on the Label tiles page; ``named``: the game named as the
    screen names it (said after a check, under the photos)."""
    key = "choose_set" if resources.tilesets_for(game) else "teach_set"
    if not named:
        return reader_text(key)
    return text_in(NO_READER, key + "_named", game=as_typed(name_of(game)))


def forget_shown(out: Path | None, game_id: str, photos_of: dict, marks: dict,
                 shared: bool) -> tuple[str, str] | None:
    """Forget the table's report drawn under Check (``event_checked``) where it is no longer to be drawn: another event
    chosen since (this browser's own, or one opened by name: nothing said, each event its own), its report gone (removed
    from the event on another phone, ``shared``, or its folder past the time it is kept) or the table checked again on
    another phone with other photos (``still_own``). Returns what to say in its place (a key of ``S`` and the table's
    name), or None. A report of another game's event is kept (``game_switched`` says so)."""
    checked = st.session_state.get("event_checked")
    if not checked or checked[1][0] != game_id:
        return None
    folder, name = Path(checked[0]), checked[2]
    if out is None or folder.parent != out:  # another event chosen: its own reports, not this one's
        st.session_state.pop("event_checked", None)
        return None
    if not (folder / REPORT_JSON).is_file():  # not "this report cannot be read": the table is not there
        st.session_state.pop("event_checked", None)
        photos_of.pop(name, None)  # no table of this session's under its name: checked again as any new one
        marks.pop(name, None)
        return ("removed_elsewhere" if shared else "report_gone"), name
    if not still_own(out, name, photos_of, marks):  # another phone's now: its name warned of above, with the tick
        st.session_state.pop("event_checked", None)
        return "replaced_elsewhere", name
    return None


def still_own(out: Path | None, name: str, photos_of: dict, marks: dict) -> bool:
    """Whether the table ``name`` of the event in ``out`` is the one this session checked under that name
    (``photos_of``: the seats' photos it checked under each; ``marks``: the fingerprint of the report each check
    wrote): its report the one written (the same fingerprint), or its photos kept the ones checked (the table checked
    again with the same photos: the organiser's check of the event at the computer). Not where another phone checked
    it again with other photos, its replacing ticked: that table is then another phone's (its name warned of, and
    replaced only ticked)."""
    if name not in photos_of:
        return False
    if out is None or not (out / name).is_dir():
        return True  # not there: no other phone's table of that name
    report = load_json_or_none(out / name / REPORT_JSON)
    written = report.get("fingerprint") if isinstance(report, dict) else None
    if marks.get(name) and written == marks[name]:
        return True
    kept = kept_photos(out / name)
    return kept is None or kept == photos_of[name]


def kept_photos(folder: Path) -> set[str] | None:
    """The digests of the seats' photos a table checked from uploads keeps in its ``folder`` (``layout.keep_photos``;
    the wall's not among them, as ``check_uploads`` counts a table's photos); None where they cannot be read."""
    try:
        return {hashlib.sha1(p.read_bytes()).hexdigest() for p in folder.iterdir()
                if p.suffix.lower() in IMAGE_SUFFIXES and (seat := parse_photo_name(p.name)) is not None
                and seat[0] != WALL and p.is_file()}
    except OSError:
        return None


def refused(name: str, uploads: dict[str, list[tuple[str, bytes]]], not_photos: list[str]) -> bool:
    """Whether a check is refused before any photo is read, and why said: a
    name that cannot be a folder's, no photo at all, a file at a seat that is no photo (said under its seat)."""
    if (problem := table_name_problem(name)) is not None:
        st.error(said(*problem))
    elif not any(uploads.values()):  # not a table "not in order" of four missing photos: nothing to check
        st.error(s("no_photo"))
    elif not_photos:  # each named once, under its seat
        st.warning(s("fix_photos"))
    else:
        return False
    return True


def check_table(table, game: Game, min_conf: float, aside: bool,
                photos: dict[str, tuple[str, bytes]] | None = None,
                free_name: bool = False, replace: bool = False,
                tileset: str = "") -> tuple[Path | None, Path | None, str]:
    """Check ``table`` into the session's event folder (``check_uploaded_table``), its ``photos`` (seat or ``wall``
    -> name and bytes uploaded) kept in its folder and its pages made in the screen's language: returns that folder
    (None where the check could not be made, said), where the report of the table of that name checked before was
    moved aside to (``aside``: checked with other photos, or another phone's replaced on purpose:
    ``remove_uploaded_table``, as Remove a table keeps it), or None, and the name the table was checked under: its
    own, or, ``free_name`` (the name offered), the next free one where another phone checked a table under it
    meanwhile. A table of its name is replaced only with ``replace``: else, checked there (by another phone), the
    check is refused (``runner.TableTaken``), the next free name put in the name field (``TAKEN``: said at the next
    run). ``tileset``: the enrolled tile set the photos are read with (``choose_tileset``), "" for the game's own
    model."""
    replaced, checked_as = None, table.name
    with st.spinner(s("checking")):  # from the models' loading on (a game's first check loads them)
        try:
            reader = resources.event_reader(game.id, tileset)
        except Exception as exc:  # noqa: BLE001 - no model yet for this game: say so, do not crash the page
            from vision.recognizer import NoReaderError  # imported already (``event_reader``'s first line)

            if isinstance(exc, NoReaderError):  # an added game nothing reads: the app's way, not the CLI's
                st.error(s("no_model", err=no_reader_said(game)))
            else:
                st.error(said_paths(s("no_model", err=error_text(exc) if isinstance(exc, TilelensInputError) else exc)))
            return None, None, checked_as  # (a model's path said as a phone is told paths: never the laptop's)
        try:  # an unexpected error: the table's one finding ("could not be checked"), as `tilelens check` says it
            out = event_folder(game.id, create=True)
            # (the photos of another table checked already: that table shown, none moved aside for it)
            if aside and table.name in tables_checked(out) and same_photos_table(out, table, photos) is None:
                replaced = remove_uploaded_table(out, table.name, game, min_conf, table.players, lang=lang())
            event = check_uploaded_table(table, game, reader, out, min_conf, game_hint=S["game_hint"][::-1] + S["game_switch"][::-1],
                                         photos=photos, lang=lang(), free_name=free_name,  # (English, Japanese)
                                         replace=replace, tileset=tileset, same_table=True)
            checked_as = event.get(CHECKED_AS, checked_as)
            finished = set(event.get(FINISHED) or ())  # the tables cut off that this check finished
            if event.get(SAME_AS):  # the photos of that table, checked already (or cut off): shown, said
                st.session_state[SAME_KEY] = (checked_as, False, checked_as in finished)
            # the other tables checked again from their photos, their reports not trusted (``rechecked``) or none, a
            # check of them cut off (``rechecked_cut``): said once
            again = list(event.get(RECHECKED) or [])
            st.session_state["event_rechecked"] = [t for t in again if t not in finished]
            st.session_state["event_rechecked_cut"] = [t for t in again if t in finished]
        except OSError as exc:  # the app's folder cannot be written: the check is said, not kept
            st.error(os_said(exc))
            return None, None, checked_as
        except TableTaken as exc:  # another phone's table of that name (or one cut off): kept; the next free name
            st.session_state[PENDING_NAME] = exc.free
            st.session_state[TAKEN] = (exc.name, exc.free, exc.name in unfinished_tables(out))
            return None, None, checked_as
        except TilelensInputError as exc:  # the name refused, the folder held by another check
            st.error(error_text(exc))
            return None, None, checked_as
    return out, replaced, checked_as


def seat_preview(where, upload, seat: str) -> list[str]:
    """A small picture of a seat's uploaded photo under its uploader (``where``), so staff see the right hand is
    at the right seat; where it is no photo file, said once there naming the seat and the file, and the file's name
    returned (the check is refused). A photo file that cannot be read shows no picture: the check says why."""
    at = s("wall_photo") if seat == "wall" else s("seat", n=seat)
    if Path(upload.name).suffix.lower() not in IMAGE_SUFFIXES:
        # a RAW (DNG) photo, a video (a Live Photo's .MOV): said as the photo page says them, with what to send
        why = other_picture_file(upload.getvalue())
        where.error(s("unreadable_why", seat=at, f=as_typed(upload.name), why=as_typed(_sentence(said(*why))))
                    if why is not None else s("not_photo", seat=at, f=as_typed(upload.name)))
        return [upload.name]
    thumb, _, _ = preview(upload.getvalue())
    # a photo file that cannot be read (cut short, empty, damaged) is not refused: the check reads the other seats and
    # says this one as `tilelens check` does, a finding of the table in the check's words (its report, drawn below)
    if thumb is not None:  # named for a screen reader, without a toolbar (``PICTURES``)
        where.container(key=f"{PICTURES}_preview_{seat}").image(
            thumb, width=120, alt=s("preview_alt", who=at, f=upload.name))
    return []


def other_picture_file(data: bytes) -> tuple[str, str] | None:
    """What a file of no photo's suffix is, in ``vision.image_io``'s words (English, Japanese) where it knows it for
    a picture file of another kind: a RAW (DNG) photo, a video (an iPhone's Live Photo .MOV), with what to send
    instead, as the photo page says them; None for any other file (bytes it cannot decode, told by the error's
    ``vision.ImageFault``: no photo file at all)."""
    _, why, fault = preview(data)
    if why is None or not any(why) or fault is not None:
        return None
    return why


@st.cache_data(max_entries=16, show_spinner=False)
def _sentence(text: str) -> str:
    """A photo's reason (``preview``'s, a clause after the file's name) said as a sentence of its own: an English one
    begun with a capital, either ended with its full stop."""
    text = text.strip()
    if lang() != "ja":
        text = text[:1].upper() + text[1:]
    end = "。" if lang() == "ja" else "."
    return text if text.endswith(("。", ".", "!", "?", "！", "？")) else text + end


def preview(data: bytes) -> tuple[bytes | None, tuple[str, str] | None, ImageFault | None]:
    """A photo's thumbnail (JPEG, at most 240 px a side; None where none can be made); where the check cannot read
    the photo (as ``tilelens check`` reads it: ``load_photo``), why, in the photo's own words (English, Japanese: a
    panorama too long and thin, a HEIC's iPhone advice; ("", "") where there are none), None where it can; and the
    error's ``vision.ImageFault`` (bytes that decode to nothing: empty, not an image, damaged, no pixels), else
    None."""
    from tilelens.event.images import encode, to_pil
    from tilelens.event.layout import Photo
    from tilelens.event.reading import load_photo

    try:
        photo = load_photo(Photo(UPLOAD, data=data))
    except TilelensInputError as exc:  # its words begin with the name it was read under: the page names the file
        en, ja = str(exc), exc.message_ja or str(exc)
        return None, (en.removeprefix(f"{UPLOAD}: "), ja.removeprefix(f"{UPLOAD}: ")), getattr(exc, "fault", None)
    except Exception:  # noqa: BLE001 - any other reason it cannot be read: said in the page's words
        return None, ("", ""), None
    try:
        image = to_pil(photo)
        image.thumbnail((240, 240))
        return encode(image, "JPEG"), None, None
    except Exception:  # noqa: BLE001 - a preview only
        return None, None, None


UPLOAD = "upload"  # the name an uploaded photo is read under for its preview (its words name it: taken off)


# the event chosen: "" this session's own, else the name of one opened (``open_event``); kept in the address
# (``/event?event=NAME``): a reload keeps it, and the organiser's link opens it
EVENT_KEY = "event"
OFFERED_KEY = "event_offered"  # the name the table name field was last offered (``table_name``, ``next_table``)
PENDING_NAME = "event_name_pending"  # the name a table was checked under, for the field at the next run
TAKEN = "event_taken"  # (name, next free name, cut off?) of a check refused: another phone's table of that name kept
PICK_KEY = "event_pick"  # the table just checked: the event's table chooser shows it at the next drawing
# (name, this session's own, cut off and finished now: ``runner.FINISHED``) of the table whose photos were checked:
# said once
SAME_KEY = "event_same"


def choose_event(game_id: str) -> str:
    """The event the tables are checked into: this session's own (""), or one opened by name (``runner.open_event``),
    chosen from those open of the game ``game_id`` (listed by name, never a folder), and a new one opened by name (a
    phone too: it is the club's trusted network). Returns the name chosen ("" for the session's own)."""
    names = open_events(game_id)
    # the organiser's link (``/event?event=NAME``) of an event of another game: said which game to choose (the
    # address keeps it where no choice of this game's events is drawn to take it)
    asked = st.session_state.get(EVENT_KEY) or st.query_params.get(EVENT_KEY) or ""
    if asked and asked not in names and event_name_problem(asked) is None \
            and (other := _event_game(events_root() / asked)) not in (None, game_id):
        st.warning(s("other_game_event", e=as_typed(asked), game=said(*game_names(other))))
    if st.session_state.get(EVENT_KEY) and st.session_state[EVENT_KEY] not in names:
        st.session_state[EVENT_KEY] = ""  # another game's, or removed since (a day after its last check)
    if names:  # a choice only where there is one: a first visit sees the seats first
        own = s("own_event")  # made now, in this run's language (``draw_event_tables``)
        # its words after a language switch; none given where none is chosen yet: the address's (a reload) is taken
        keep_choice(EVENT_KEY, ["", *names])
        st.selectbox(s("event"), ["", *names], format_func=lambda n: n or own,
                     key=EVENT_KEY, help=s("event_help"), bind="query-params")  # a reload keeps it (the address)
    with st.expander(s("open_event")):
        st.text_input(s("event_name"), key="event_new_name", help=s("event_name_help"))
        st.button(s("open"), key="event_open", on_click=open_named, args=(game_id,))
        opened = st.session_state.pop("event_opened", None)
        if opened and opened[0] == "ok":
            st.success(s("opened", e=as_typed(opened[1])))
        elif opened and opened[0] == "joined":
            st.success(s("joined", e=as_typed(opened[1]), t=as_typed(opened[2])))
        elif opened:
            st.error(opened[1])
    return st.session_state.get(EVENT_KEY) or ""


def open_named(game_id: str) -> None:
    """Open the button's event (``runner.open_event``) and choose it; a refusal (a name no folder can have, an event
    of another game) said once, in the next run."""
    name = (st.session_state.get("event_new_name") or "").strip()
    try:
        folder = open_event(name, game_id)
    except TilelensInputError as exc:
        st.session_state["event_opened"] = ("error", error_text(exc))
        return
    except OSError as exc:
        st.session_state["event_opened"] = ("error", os_said(exc))
        return
    st.session_state[EVENT_KEY] = folder.name  # "Clash" typed: the event "clash" open already, joined
    st.session_state["event_opened"] = ("ok", folder.name) if folder.name == name else ("joined", folder.name, name)


def event_key(game_id: str) -> str:
    """The key of this session's state of the event chosen (the table checked last, the photos checked under each
    name): the game's id for the session's own event (one per game), with the name of one opened by name."""
    shared = st.session_state.get(EVENT_KEY) or ""
    return f"{game_id}/{shared}" if shared else game_id


def event_folder(game_id: str, create: bool = False) -> Path | None:
    """The folder of the event chosen (``choose_event``) where each table checked from uploads keeps its report: one
    opened by name (every phone that chooses it checks into it), else the session's own of ``game_id`` (one per
    game: an event is of one game), None before its first check (made then, with ``create``)."""
    if shared := st.session_state.get(EVENT_KEY):
        return events_root() / shared
    folders = st.session_state.setdefault("event_outs", {})
    if game_id not in folders and create:
        folders[game_id] = str(scratch_dir("event-check"))
    return Path(folders[game_id]) if game_id in folders else None


def seat_key(seat: str) -> str:
    """The key of seat ``seat``'s uploader (``wall``: the wall's), new at each Next table (``next_table``): an
    uploader's files are cleared only by drawing it anew."""
    gen = st.session_state.get("event_photos_gen", 0)
    return (f"event_seat_{seat}" if seat != "wall" else "event_wall") + (f"_g{gen}" if gen else "")


def table_name(out: Path | None, ev: str, photos_of: dict | None = None) -> str:
    """The table name field: offered the first table's name of the event ``ev`` (``event_key``), and the next table's
    at Next table (``next_table``), after the organiser's own (``next_table_name``); a table retaken keeps its name.
    Another game or event chosen offers its own event's next name (each game is an event of its own). A name offered,
    not typed in, nor checked in this session (``photos_of``: those this session checked under each name), is offered
    afresh at each run as the event numbers its tables then (another phone's 卓01 and 卓02 checked since: 卓03); where
    another phone has checked a table under it since, that is said."""
    last = st.session_state.get("event_last", {}).get(ev)
    reoffered = None
    if (pending := st.session_state.pop(PENDING_NAME, None)) is not None:  # checked under another name (``renamed``)
        st.session_state[NAME_KEY] = st.session_state[OFFERED_KEY] = pending
    elif st.session_state.get(NAME_KEY) is None or st.session_state.get("event_name_game") != ev:
        st.session_state[NAME_KEY] = st.session_state[OFFERED_KEY] = offered_name(out, last)
        st.session_state["event_name_game"] = ev
    elif (out is not None and st.session_state[NAME_KEY] == st.session_state.get(OFFERED_KEY)
          and st.session_state[NAME_KEY] not in (photos_of or {})):  # offered, not typed in, nor checked here
        offered = st.session_state[NAME_KEY]
        # offered afresh at each run, as the event numbers its tables now (another phone's 卓01, 卓02: 卓03, not the
        # table-01 offered when the event was empty); said where another phone checked a table under it meanwhile
        st.session_state[NAME_KEY] = st.session_state[OFFERED_KEY] = offered_name(out, last)
        if offered != st.session_state[NAME_KEY] and offered in tables_checked(out):  # (or cut off: not checked)
            reoffered = (offered, st.session_state[NAME_KEY], offered in unfinished_tables(out))
    name = st.text_input(s("name"), key=NAME_KEY, help=s("name_help"))
    if reoffered:  # said, not changed under the helper's eyes unexplained
        st.info(s("reoffered_cut" if reoffered[2] else "reoffered", t=as_typed(reoffered[0]), n=as_typed(reoffered[1])))
    return name


def offered_name(out: Path | None, last: str | None) -> str:
    """``next_table_name``, a Japanese screen's first table of an empty event named 卓01 (not table-01); a folder may
    be so named (``table_name_problem``), and the tables after are counted on from it (卓02). An event with tables
    is numbered as they are (another phone's table-01: table-02 on a Japanese phone too, not 卓01 beside it)."""
    name = next_table_name(out, last)
    number = name.removeprefix(UPLOAD_PREFIX)
    if last is None and lang() == "ja" and name.startswith(UPLOAD_PREFIX) and number.isdigit() \
            and not (out is not None and tables_checked(out)):
        name = next_table_name(out, f"卓{int(number) - 1:0{len(number)}d}")
    return name


def players_offered(game: Game) -> list[int]:
    """The Players picker's counts, most first: those the game is played by (``rules.players_span``: Nogizaka, of four
    only, 4 alone), as `tilelens check --players` takes them. A count chosen for another game that this one is not
    played by becomes the game's usual count (Streamlit refuses a value not offered)."""
    low, high, usual = players_span(game)
    offered = [n for n in PLAYERS if low <= n <= high] or [usual]
    if st.session_state.get("event_players", usual) not in offered:
        st.session_state["event_players"] = usual if usual in offered else offered[0]
    return offered


def next_table(out: Path, ev: str) -> None:
    """Next table: the photos cleared (each uploader drawn anew), the report shown put away, and the name moved on
    to the next table's (``next_table_name``, after the table checked last) of the event ``ev`` (``event_key``)."""
    st.session_state["event_photos_gen"] = st.session_state.get("event_photos_gen", 0) + 1
    st.session_state.pop("event_checked", None)
    st.session_state.pop(PENDING_NAME, None)
    st.session_state["event_players"] = max(PLAYERS)  # a table of three was that table's: the event's four again
    st.session_state[NAME_KEY] = st.session_state[OFFERED_KEY] = offered_name(
        out, st.session_state.get("event_last", {}).get(ev))
    st.session_state["event_name_game"] = ev


def three_players(folder: Path, game: Game, players: int) -> None:
    """Where the table's last seat alone has no photo and the game is played by three too: say to set Players to 3."""
    if players != 4 or not plays_three(game):
        return
    with contextlib.suppress(OSError, ValueError, RecursionError):
        report = json.loads((folder / REPORT_JSON).read_text(encoding="utf-8-sig"))
        if isinstance(report, dict) and only_last_seat_missing(report.get("findings"), players):
            st.info(s("three_players", n=players))


def remove_table(out: Path, game: Game) -> None:
    """Remove the table chosen from the session's event (``remove_uploaded_table``): said once, in the next run."""
    name = st.session_state.get("event_remove_table")
    if not name:
        return
    try:
        aside = remove_uploaded_table(out, name, game, st.session_state.get("event_min_conf", DEFAULT_MIN_CONFIDENCE),
                                      st.session_state.get("event_players", max(PLAYERS)), lang=lang())
    except OSError as exc:
        st.session_state["event_removed"] = ("error", os_said(exc))
        return
    except TilelensInputError as exc:
        st.session_state["event_removed"] = ("error", error_text(exc))
        return
    checked = st.session_state.get("event_checked")
    if checked and Path(checked[0]) == out / name:  # its report is gone: not drawn as if it were there
        st.session_state.pop("event_checked", None)
    st.session_state["event_removed"] = ("ok", name, str(aside.parent))


def session_tables(out: Path | None, game: Game, shared: str = "", loaded: Loaded | None = None,
                   above: str | None = None) -> None:
    """The tables checked in this session (its event folder ``out``), with their verdicts, the event's page, where
    it is kept and for how long, and a table removed from it; ``shared``: the name of the event opened by name it is
    (``choose_event``): the tables every phone checked into it, each table's report to choose (the organiser browses
    the event there), its pages downloaded under its name. ``loaded``: the reports this run read (``read_once``);
    ``above``: the table whose report is drawn under Check (not drawn again)."""
    removed = st.session_state.pop("event_removed", None)
    if removed and removed[0] == "ok":
        st.success(s("removed", t=as_typed(removed[1])))
    elif removed:
        st.error(removed[1])
    if out is None or not (out / EVENT_JSON).is_file():
        if out is not None and (cut := unfinished_tables(out)):  # cut off before the event's first report: said
            st.divider()
            st.markdown(f"**{s('shared_tables', e=as_typed(shared)) if shared else s('session_tables')}**")
            for name in cut:  # as the event's list says a table with no report (no path: a phone may be told it)
                st.warning(s("table_file_gone_away", t=as_typed(said(*table_named(name)))))
        return
    event = read_report(out / EVENT_JSON, event_report_problem, loaded=loaded)
    if event is None:
        return
    st.divider()
    st.markdown(f"**{s('shared_tables', e=as_typed(shared)) if shared else s('session_tables')}**")
    why = distrust_of(out, event, event=True)  # as Browse a report says it: changed since the check, or not trusted
    if why is not None and (again := settled_event(out)) is not None:  # read amid another phone's write: read again
        event, why = again
        loaded = {out / EVENT_JSON: event}  # the tables' reports read again too, beside it
    reason, named = event_reason_named(out, event) if why is not None else (None, ())
    # its way forward on this page: the tables the reason names checked again (any, where it names none), or removed
    # (a check cut off after it kept a table's photos: said so, checked again at the next check: ``checks_cut``)
    mend = s("phones_event_cut" if checks_cut(out, reason, named) else
             "phones_event_since" if reason in SINCE_REASONS else "phones_event",
             t=s("list_sep").join(as_typed(str(n)) for n in named) if named else s("phones_any"))
    # a phone shown no list of an event not trusted still has Remove a table below (its way forward)
    if why is None or not untrusted(why, since=reason in SINCE_REASONS, mend=mend):
        try:
            lines = draw_overview(event_lines(out, event, why is None, reason, named), [], other_game=False,
                                  names=tile_names(game.id))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # edited by hand past what is checked
            st.error(s("bad_report", p=out / EVENT_JSON, err=s("not_a_report")))
            return
        download_event(out, shared or "event", key="session", trusted=why is None, event=event)
        if shared:  # every phone's tables: each one's report to open, as Browse a report opens them
            if (pick := st.session_state.pop(PICK_KEY, None)) in [t["table"] for t in lines]:
                st.session_state["event_shared_table"] = pick  # the table just checked, not the first one seen
            draw_event_tables(out, lines, beside=event, key="event_shared_table", here=True, loaded=loaded,
                              above=above)
    if not shared:  # the browser's own event shows its table above: the pick is not carried to a named event
        st.session_state.pop(PICK_KEY, None)
    if shared:
        st.caption(s("shared_folder", e=as_typed(shared), h=SCRATCH_KEEP_S // 3600))
    else:
        st.caption(s("session_folder", h=SCRATCH_KEEP_S // 3600))
    with st.expander(s("where_kept")):  # a path is for the organiser at the computer, not the main view
        st.caption(kept_where("kept_in", p=out))
    with st.expander(s("remove_table")):
        st.caption(kept_where("remove_help", p=out / REMOVED))
        st.selectbox(s("table"), tables_checked(out), key="event_remove_table")
        st.button(s("remove"), key="event_remove", on_click=remove_table, args=(out, game))


SETTLE_S = 5.0  # how long the list waits for another check writing the event (another phone's: a second or two)


def settled_event(out: Path) -> tuple[dict, tuple[str, str] | None] | None:
    """The event's report in ``out`` and why it is not trusted (``distrust_of``), read again once no check writes the
    event (``runner.check_running``, looked at for up to ``SETTLE_S``; the page takes no lock, so it holds up no
    phone's check and no `tilelens check`): read while another phone's check wrote it (a table's report written, the
    event's not yet), a genuine report was said untrusted. None where it cannot be read again (no report, one past
    what is checked, or the event still written after the wait: a long check at the laptop): judged as first read."""
    from tilelens.event.runner import check_running

    deadline = time.monotonic() + SETTLE_S
    while check_running(out):
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.1)
    try:
        event = load_json_or_none(out / EVENT_JSON)
        if not isinstance(event, dict) or event_report_problem(event) is not None:
            return None
        return event, distrust_of(out, event, event=True)
    except (TilelensInputError, OSError):  # not to be read
        return None


def browse() -> None:
    """Browse the report folder of an event (or of one table)."""
    here = is_local_visitor()  # a phone runs no command: its own words
    text = typed_path(st.text_input(s("folder"), key="event_folder",
                                    help=s("folder_help" if here else "folder_help_phone")))
    if not text:
        st.caption(s("browse_hint" if here else "browse_hint_phone"))  # a first visit: where a report comes from
        return
    # as the Label page takes it: a shared folder by its name (``ev/event``), $TILELENS_HOME, ~ (``named_folder``)
    folder = named_folder(text)
    if folder is None:  # ``~nouser``: the home of no user of this computer, so no folder
        st.warning(s("no_folder", p=text))
        return
    own = [Path(f) for f in st.session_state.get("event_outs", {}).values()]  # this browser's own event reports
    if not there(folder) and (event := named_event(text)) is not None:
        folder = event  # an event opened by name (``club-night``): every phone's to see, as it checks into it
        own.append(event)
    if not folder_allowed(folder, also=own):  # a phone on the club's Wi-Fi: not any folder of the laptop
        st.error(refused_text("report"))
        return
    try:
        browse_folder(folder)
    except OSError as exc:  # not for this user to enter (Permission denied), or text that is no path
        shown = shown_path(folder)  # as this visitor names it, then cut where too long
        shown = shown if len(shown) <= 200 else f"{shown[:120]}…"
        st.error(s("cannot_open", p=shown, err=exc.strerror or exc))


def named_event(text: str) -> Path | None:
    """The folder of the event opened by name that ``text`` names (``club-night``; ``Club-Night`` too:
    ``similar_event_name``), where ``text`` is a bare name and there is one; else None."""
    name = text.strip()
    if not name or event_name_problem(name) is not None or name in (".", ".."):  # a path, or no name a folder has
        return None
    folder = events_root() / (similar_event_name(name) or name)
    return folder if folder.is_dir() and not folder.is_symlink() else None


def browse_folder(folder: Path) -> None:
    """``browse``'s drawing of the report in ``folder`` (or of the report file pasted in its place)."""
    if folder.name in (REPORT_JSON, EVENT_JSON, REPORT_HTML) and folder.is_file():  # the report's own file
        folder = folder.parent
    inside = folder / DEFAULT_REPORT
    if not ((folder / REPORT_JSON).is_file() or (folder / EVENT_JSON).is_file()) and (inside / EVENT_JSON).is_file():
        folder = inside  # the folder tilelens check was given: its report is where it writes one by default
        st.caption(s("report_inside", p=folder))
    loaded: Loaded = {}  # report.json and event.json, read once for ``nameless`` and the report drawn
    if nameless(folder, loaded):
        return
    if (folder / REPORT_JSON).is_file():
        draw_table_report(folder, with_game=True, loaded=loaded)
        return
    if not (folder / EVENT_JSON).is_file():
        st.warning(s("a_file" if folder.is_file() else "no_report" if folder.is_dir() else "no_folder", p=folder))
        return
    event = read_report(folder / EVENT_JSON, event_report_problem, loaded=loaded)
    if event is None:
        return
    why = distrust_of(folder, event, event=True)  # its verdicts, its page: this home's check's as written, or why not
    reason, named = event_reason_named(folder, event) if why is not None else (None, ())
    if why is not None and untrusted(why, since=reason in SINCE_REASONS):
        return
    try:
        # its game file where it keeps one (``report_game``), else game_id: the id of the game file checked
        game = report_game(event) if event.get("game_file") else (event.get("game_id") or event.get("game"))
        lines = event_lines(folder, event, why is None, reason, named)
        draw_event(folder, lines, event.get("skipped", []),
                   unfinished(event, folder), game_name(game) if game else "", event_name(event, folder),
                   kept_again(event, folder), trusted=why is None, beside=event)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # edited by hand past what is checked
        st.error(s("bad_report", p=folder / EVENT_JSON, err=s("not_a_report")))


st.title(s("title"), anchor=False)  # no "Link to heading" Tab stop
st.caption(s("intro"))
tab_table, tab_browse = st.tabs([s("mode_table"), s("mode_browse")])
with tab_table:
    check_uploads()
with tab_browse:
    browse()
