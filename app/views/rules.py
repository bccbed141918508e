"""Each game's yaku table in both languages, house tables marked; an organiser edits a house table here, and adds
a club's own game from its rules file (``settings.add_game``), or removes one added."""
import streamlit as st

from app import settings
from app.components import resources
from app.components.common import (GAME_KEY, GAME_PICKED_KEY, as_code, as_typed, game_select, style,
                                   uploader_words)
from app.components.i18n import error_text, lang, name_of, said, t
from app.components.result import group_view
from app.components.rules_news import NewsChange, added_defaults_said, changes_since, new_defaults_said
from app.components.rules_view import (check_house_text, has_local_yaku, house_parts, house_parts_said,
                                       organiser_notes, riichi_yaku_note, rules_text, table_summary, tiles_table,
                                       yaku_folds, yaku_table)
from app.components.tiles import no_toolbars_css
from app.components.visitor import is_local_visitor, os_said, path_help, said_path
from scorer import Game, GameFileError
from scorer.deal import example_hand
from tilelens.home import over_most_warning
from tilelens.house_news import taking_order


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
    moved aside by a Restore or a Save, with the edits, and said where. A broken edit with an older one kept in
    ``history/`` that works (``settings.last_working_edit``: each Save keeps a copy) is offered that one back, beside
    Restore (``_back_button``)."""
    key, base_key, draft_key = f"rules_text_{game_id}", f"rules_base_{game_id}", f"rules_draft_{game_id}"
    links = settings.dangling_edits(game_id)
    restorable = edited is not None or bool(links)
    history = settings.history_dir(game_id)
    with st.expander(t("edit_table"), expanded=broken):
        for note in notes:
            st.caption(note)
        added = game_id in settings.added_games()  # Reset goes back to the file as added
        label = rules_text("reset_added") if added else t("reset_table")
        own_file = added and edited is None and not links  # the added file itself: no table to go back to
        big = settings.too_large(game_id)  # grown by hand past the limit: not read into a text area on every run
        if big is not None:
            _too_large(game_id, big, rules_text("remove") if own_file else label, own_file)
        elif broken and own_file:
            st.caption(t("added_file_broken"))
        if links:  # the game picker's error says to put the file back or remove the link: the way here
            st.caption(rules_text("links_restore" + _more(links), links=_names(links), button=label, folder=said_path(history)))
        current = text = None
        if big is None:
            try:
                current = settings.game_text(game_id)
            except OSError as exc:
                st.error(os_said(exc))
                current = None
            except UnicodeDecodeError:  # a table saved by hand in another encoding (Shift_JIS)
                # named whole on the laptop, to fix; to a phone by its name alone (``said_path``: the box's own file
                # is in no folder a phone is told of)
                source = settings.game_source(game_id)
                st.error(t("table_not_utf8", path=said_path(source, whole=True)))
                current = None
            text = st.session_state.get(key, st.session_state.get(draft_key))
            if text is None or text == st.session_state.get(base_key):
                st.session_state[key] = st.session_state[base_key] = current or ""
            elif key not in st.session_state:  # an unsaved edit, back from another page or game
                st.session_state[key] = text
            text = st.text_area(rules_text("editor_box"), height=420, key=key)
            st.session_state[draft_key] = text
        back = settings.last_working_edit(game_id) if broken else None
        cols = st.columns(3 if back is not None else 2)
        if back is not None:
            _back_button(cols[2], game_id, back, history)
        if big is not None:  # read when pressed, not on every run
            source = settings.game_source(game_id)
            cols[0].download_button(rules_text("too_large_download"), lambda: source.read_bytes(),
                                    file_name=f"{game_id}.toml", mime="application/toml", key="rules_download_large",
                                    on_click="ignore", icon=":material/download:")
        elif cols[0].button(t("save_table"), key="rules_save", type="primary"):
            if current is not None and current not in (text, st.session_state[base_key]):
                st.session_state[base_key] = current  # a second Save replaces it knowingly
                st.error(t("table_changed_meanwhile"))
                return
            try:
                settings.check_size(text)  # before the text is read
                check_house_text(text)
                saved = settings.save_house_table(game_id, text)
                if saved is None:  # the table as it is: nothing written
                    st.info(rules_text("nothing_changed"))
                    return
                st.session_state[SET_WARNING] = over_most_warning(saved)  # eight Easts: said now, not at a fifth tap
                st.session_state[base_key] = text
                st.session_state["rules_flash"] = t("saved_table")
                if settings.edited_path(game_id) is None:  # the shipped text saved over an edit: a Restore
                    st.session_state["rules_flash"] = (rules_text("reset_added_done")
                                                       if game_id in settings.added_games() else t("reset_done"))
                    st.session_state[KEPT] = _kept_in(history)
                _say_links_moved(links, history)
                st.rerun()
            except (GameFileError, OSError) as exc:
                st.error(_not_saved(exc))
        # asked first, in a popover (a second tap), and nothing deleted: the edits go into history/, said where
        with cols[1].popover(label, disabled=not restorable, icon=":material/restore:"):
            if is_local_visitor():  # a phone is told no folder of the laptop (it can move no file there)
                st.caption(rules_text("reset_confirm_help", folder=said_path(history),
                                      game_folder=said_path(settings.house_dir(game_id))),
                           help=path_help(history))  # to copy, on the laptop alone
            else:
                st.caption(rules_text("reset_confirm_help_away"))
            if st.button(rules_text("reset_confirm"), key="rules_reset", disabled=not restorable, type="primary"):
                try:
                    kept = settings.reset_house_table(game_id)
                except OSError as exc:
                    st.error(t("cannot_save_table", err=os_said(exc)))
                    return
                for name in (key, base_key, draft_key):
                    st.session_state.pop(name, None)
                st.session_state["rules_flash"] = rules_text("reset_added_done") if added else t("reset_done")
                if kept is not None:  # said under it: where the edits are, to bring one back by hand
                    st.session_state[KEPT] = _kept_in(kept)
                _say_links_moved(links, history)
                st.rerun()


def _too_large(game_id: str, size: int, button: str, own_file: bool) -> None:
    """Why the file in use (``settings.too_large``: ``size`` bytes) is not opened in the editor, and the way out: it
    downloaded first (the button beside Restore), then ``button``: Restore (the edit moved aside), or, for the added
    game's own file (``own_file``), Remove, and the file added again once it is small enough."""
    source = settings.game_source(game_id)
    st.caption(rules_text("too_large_added" if own_file else "too_large", path=as_code(said_path(source)),
                          kb=-(-size // 1024), limit=settings.MAX_ADDED_BYTES // 1024, button=button),
               help=path_help(source))  # to copy, on the laptop alone


def _back_button(col, game_id: str, kept, history) -> None:
    """"Go back to the last edit that worked": ``kept`` (``settings.last_working_edit``) saved again over the broken
    edit, which goes into ``history`` (said where, on the laptop; how many are kept, in the button's help)."""
    n = settings.HISTORY_KEEP
    said = (t("back_to_working_help", folder=said_path(history), n=n) if is_local_visitor()
            else t("back_to_working_help_away", n=n))  # a phone is told no folder of the laptop
    if not col.button(t("back_to_working"), key="rules_back", icon=":material/history:", help=said):
        return
    try:
        settings.back_to_last_working(game_id)
    except (GameFileError, OSError) as exc:
        st.error(_not_saved(exc))
        return
    for name in (f"rules_text_{game_id}", f"rules_base_{game_id}", f"rules_draft_{game_id}"):
        st.session_state.pop(name, None)
    stamp = kept.name[:15]  # 20261206-194700-<hash>.toml: when it went there
    when = f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}" if stamp[8:9] == "-" else kept.name
    st.session_state["rules_flash"] = t("back_to_working_done", when=when)
    st.session_state[KEPT] = _kept_in(history)
    st.rerun()


def _example(game: Game, yaku_id: str, example) -> None:
    """A yaku's example hand (``scorer.deal.example_hand``) in its fold: its groups as the score pages draw a winning
    hand's (``result.group_view``: the tiles' pictures, what each group is), the pictures' toolbars hidden."""
    key = f"rules_example_{yaku_id}"
    style(no_toolbars_css(key))
    with st.container(key=key):
        st.caption(rules_text("example_hand"))
        for group in example.groups:
            group_view(game, group)


def _names(links) -> str:
    """The names of the links ``links`` (``settings.dangling_edits``), as code: "`e.toml`, `f.toml`"."""
    return ("、" if lang() == "ja" else ", ").join(f"`{link.name}`" for link in links)


def _more(links) -> str:
    """The suffix of a message's key for more than one link ("_more"), "" for one."""
    return "_more" if len(links) > 1 else ""


def _kept_in(folder) -> str:
    """Where the edits a Restore (or a Save over them) put aside are: the folder to the person at the laptop; to a
    phone, which can open no folder of the laptop, on that laptop."""
    return rules_text("kept_in", folder=said_path(folder)) if is_local_visitor() else rules_text("kept_in_away")


def _not_saved(exc: GameFileError | OSError, adding: bool = False) -> str:
    """Why a table was not saved (``adding``: a game not added, as its button says 追加), in the screen's language:
    the table's own fault (its Japanese where it has one), or the app's folder's (it cannot be written: no rights, a
    file in its place)."""
    if isinstance(exc, GameFileError):
        return t("invalid_added" if adding else "invalid_table", err=error_text(exc))
    return t("cannot_add_table" if adding else "cannot_save_table", err=os_said(exc))


def _say_links_moved(links, history) -> None:
    """After a Restore or a Save: the links to no file it moved aside into ``history`` said under its message (with
    where the edits went, for a Restore), once."""
    if links:
        said = rules_text("links_moved" + _more(links), links=_names(links), folder=said_path(history))
        kept = st.session_state.get(KEPT)
        st.session_state[KEPT] = f"{kept}{'' if lang() == 'ja' else ' '}{said}" if kept else said


# ---- an edit of an older shipped table: what the box changed since (``rules_news.changes_since``), a box each to
# tick, taken into the edit by a button
def _take(game_id: str, chosen: list[NewsChange], now_lines: list[str], edit_lines: list[str], left: int = 0,
          older: bool = False) -> None:
    """Take ``chosen`` changes of the shipped table into the edit and save it (validated as a Save is), the edit then
    counting as made from today's shipped table (``settings.keep_edit_over_shipped``): what was not taken is the
    club's, and not listed again; the ``left`` changes listed and not taken are said so (they vanished unsaid). The
    edit saved over is kept in ``history/``, as a Save keeps it. A change of names is its parts. ``older``: the edit
    was saved by an older tilelens, its lines the club's or the shipped table's not known: the ticked lines are said
    to read as today's, not "what your club changed is as it was" (a ticked line may be the club's)."""
    lines = list(edit_lines)
    for change in sorted((part for c in chosen for part in c.spans), key=lambda c: taking_order(c, c.at),
                         reverse=True):
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
            n = sum(bool(c.words) for c in chosen)
            taken = ("news_taken_older_one" if n == 1 else "news_taken_older") if older else "news_taken"
            st.session_state["rules_flash"] = t(taken, n=n) + (
                ("" if lang() == "ja" else " ") + rules_text("news_left_one" if left == 1 else "news_left", n=left)
                if left else "")
        st.session_state[KEPT] = _kept_in(settings.history_dir(game_id))
    except (GameFileError, OSError) as exc:
        st.error(_not_saved(exc))
        return
    st.rerun()


def _shipped_news(game: Game) -> None:
    """Where the shipped table changed since the edit in use was made from it (or the edit was saved by an older
    tilelens, its base not known): said, each change a line in words with a box to tick, taken into the edit by a
    button (the club's own changes kept); or the edit kept as it is. The raw diff is for experts, folded. A game
    added in the app, which has no shipped table, is told the rules played by default since the table its file
    copied (``added_defaults_said``)."""
    if game.id in settings.added_games() and (said := added_defaults_said(game.id)):
        st.info(said, icon=":material/new_releases:")
    diff = settings.shipped_changes(game.id, lang())
    # the take button tapped on a page drawn before another device (or tab) took the changes: it is drawn no more,
    # and did nothing and said nothing
    tapped = st.session_state.get("rules_take") is True
    if not diff:
        if tapped or st.session_state.get("rules_keep_edit") is True:  # or "Keep my edit as it is", as stale
            st.info(rules_text("news_taken_already"), icon=":material/update:")
        return
    older = settings.made_from_unknown(game.id)  # saved by an older tilelens: the edit against today's box
    take, keep = t("news_take"), rules_text("keep_edit")
    found = changes_since(game.id, diff, older)
    changes = found[0] if found else ()
    if found is None:  # not told in words (a file not read, a diff not understood): the diff, copied by hand
        st.warning(rules_text("shipped_unknown" if older else "shipped_changed"), icon=":material/update:")
        st.caption(t("news_unreadable"))
    elif not any(c.words for c in changes):  # copied over by hand, or comments alone
        st.info(t("news_already", keep=keep), icon=":material/update:")
    else:  # an update of words alone does not leave the edit scoring by the old rules
        words = all(c.words_only for c in changes if c.words)
        st.warning(t("news_unknown" if older else "news_changed_words" if words else "news_changed", take=take,
                     keep=keep), icon=":material/update:")
    if said := new_defaults_said(game.id, diff, older):  # rules new matches play that neither text says
        st.info(said, icon=":material/new_releases:")
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
            _take(game.id, chosen, found[1], found[2], sum(bool(c.words) and c not in chosen for c in changes), older)
    elif tapped:  # taken elsewhere meanwhile: nothing left here to take
        st.info(rules_text("news_taken_already"), icon=":material/update:")
    if cols[1].button(keep, key="rules_keep_edit"):
        try:
            settings.keep_edit_over_shipped(game.id)
        except OSError as exc:
            st.error(t("cannot_save_table", err=os_said(exc)))
        else:
            st.session_state["rules_flash"] = t("news_kept")
            st.rerun()
    with st.expander(rules_text("shipped_unknown_diff" if older else "shipped_diff"), expanded=found is None):
        st.code(diff, language="diff")


KEPT = "rules_kept"  # where a Restore put the edits aside, said once under its message
SET_WARNING = "rules_set_warning"  # a riichi set added or saved with more of a tile than riichi plays, said once
ADD_ERROR = "rules_add_error"  # why the last Add was refused, said in the panel


def _add(file_key: str) -> None:
    """Add the game of the rules file chosen in the uploader ``file_key`` or pasted (``settings.add_game``), and
    show it: run before the page is drawn, so that the picker can be set to it."""
    st.session_state.pop(ADD_ERROR, None)
    upload, text = st.session_state.get(file_key), st.session_state.get("rules_add_text", "")
    try:
        if upload is not None:
            text = upload.getvalue().decode("utf-8-sig")
        if not text.strip():  # an upload of nothing said as ``add_game`` says an empty file, by its name
            st.session_state[ADD_ERROR] = (rules_text("add_empty", name=as_typed(upload.name)) if upload is not None
                                           else rules_text("add_nothing"))
            return
        settings.check_size(text)  # before the text is read
        check_house_text(text, "the added rules", "追加するルール")  # as ``settings.add_game`` names it
        game = settings.add_game(text)
    except UnicodeDecodeError:
        st.session_state[ADD_ERROR] = rules_text("add_not_utf8", name=upload.name)
        return
    except (GameFileError, OSError) as exc:  # the editor's one line, as the button says it: "Not added: <the problem>"
        st.session_state[ADD_ERROR] = _not_saved(_upload_named(exc, upload), adding=True)
        return
    st.session_state[GAME_KEY] = game.id
    st.session_state[GAME_PICKED_KEY] = True
    st.session_state["rules_add_text"] = ""
    st.session_state["rules_add_n"] = st.session_state.get("rules_add_n", 0) + 1  # a fresh, empty uploader
    st.session_state["rules_flash"] = rules_text("added", game=as_typed(name_of(game)))  # a club's file names it
    st.session_state[SET_WARNING] = over_most_warning(game)


def _upload_named(exc: GameFileError | OSError, upload) -> GameFileError | OSError:
    """``exc`` of an Add naming the uploaded file ``upload`` (its name, as typed) where it names the text "the added
    rules" (``settings.add_game``'s words, a pasted text's): a club with several files is told which one; as it is
    for a pasted text."""
    if upload is None or not isinstance(exc, GameFileError):
        return exc
    name = as_typed(upload.name)
    ja = getattr(exc, "message_ja", "") or ""
    return GameFileError(str(exc).replace("the added rules", name, 1), ja.replace("追加するルール", name, 1))


def _skipped_said() -> None:
    """One warning for each file in the added games' folder the app does not offer (``settings.skipped_added_games``:
    a link to no file, a shipped game's id, a name that is no id), naming it and why: dropped without a word, a
    club looked in vain for the game it had put there."""
    for skipped in settings.skipped_added_games():
        why = skipped.why_ja if lang() == "ja" else skipped.why
        st.warning(t("added_skipped", file=as_code(said_path(skipped.path)), why=as_typed(why)),
                   icon=":material/warning:")


def _add_panel() -> None:
    """Add a club's own game from its rules file: chosen or pasted, validated as the editor validates a table."""
    _skipped_said()
    with st.expander(rules_text("add_game"), expanded=ADD_ERROR in st.session_state):
        where = (rules_text("add_where", folder=said_path(settings.added_dir())) if is_local_visitor()
                 else rules_text("add_where_away"))  # a phone: "this computer" read as the phone, no folder
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
        st.session_state[REMOVE_ERROR] = error_text(exc) if isinstance(exc, GameFileError) else os_said(exc)
        return
    st.session_state[GAME_KEY] = settings.games()[0]
    for prefix in ("rules_text_", "rules_base_", "rules_draft_"):
        st.session_state.pop(f"{prefix}{game_id}", None)
    st.session_state["rules_flash"] = (rules_text("removed", game=name, folder=said_path(kept))
                                       + _sets_said("removed_sets", sets))


def _sets_said(key: str, sets: list[str]) -> str:
    """The tile sets taught for an added game's file (``resources.taught_with_file``), said after the Remove button's
    caption or the removed message (``key``); "" where there are none."""
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
if over_most := st.session_state.pop(SET_WARNING, None):  # (English, Japanese): the screen's language now
    st.warning(said(*over_most), icon=":material/warning:")
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
    # which table scores, said once: "House table" for the shipped one with the organiser's defaults, "Official
    # table" for the shipped one without (below, over it: not also "Scoring with the shipped default table" here),
    # never for an edit
    if edited or added_file:
        st.caption(t("edited_in_use", path=said_path(edited)) if edited else
                   rules_text("added_in_use", path=said_path(added_file)),
                   help=path_help(in_use))  # to copy, on the laptop alone
    try:  # tilelens updated since the edit was made: what the box changed, in words
        _shipped_news(game)
    except Exception:  # noqa: BLE001 - whatever fails in it, the editor and its Restore below are still drawn
        button = rules_text("reset_added") if game.id in settings.added_games() else t("reset_table")
        st.warning(t("news_failed", button=button), icon=":material/update:")
    if house:  # an edit said as one (a default of the shipped table, under "Scoring with the edited table", was not)
        st.info(rules_text("house_table_edited") if edited else t("house_table"), icon=":material/home:")
    elif added_file and not edited:  # a game added in the app is the club's own table, not an official one
        st.caption(rules_text("added_table"))
    elif not edited:  # an edited table is the club's (said above), never the official one
        st.caption(t("official_table"))
    st.table(table, hide_index=True)  # a static table: it wraps on a phone; its cells are markdown
    if has_local_yaku(game):  # listed, but the app scores none of them until the organiser switches them on
        st.caption(rules_text("local_not_scored"))
    if folds := yaku_folds(game):  # the whole shape, what a local or house yaku means, an example hand: a fold each
        st.caption(rules_text("yaku_more"))
        for yaku, label, lines in folds:
            # the example drawn only while its fold is open (``on_change``: an open fold reruns the page)
            with st.expander(label, key=f"rules_fold_{game.id}_{yaku.id}", on_change="rerun") as fold:
                for line in lines:
                    st.markdown(line)
                if fold.open and (example := example_hand(game, yaku)) is not None:
                    _example(game, yaku.id, example)
    if game.engine == "riichi":
        st.caption(riichi_yaku_note(game))
    if house_parts(game):
        st.caption(rules_text("house_parts", parts=house_parts_said(game)))
    # a heading a screen reader can jump to (bold text was none), under the page's title
    st.markdown(f"#### {t('table_rules')}\n" + "".join(f"\n- {line}" for line in table_summary(game)),
                anchors=False)  # no "Link to heading" Tab stop
    with st.expander(t("tiles_of_game")):
        st.dataframe(tiles_table(game), hide_index=True, key="rules_tiles")
    _editor(game.id, edited, notes=tuple(organiser_notes(game)))
if chosen in settings.added_games():  # a club's own game: removed here (a shipped one cannot be)
    if error := st.session_state.pop(REMOVE_ERROR, None):
        st.error(error)
    # what one tap does, above the button: a tooltip reaches no phone, zoomed screen or screen reader
    st.caption(rules_text("remove_help") + _sets_said("remove_sets", resources.taught_with_file(chosen)))
    st.button(rules_text("remove"), key="rules_remove", on_click=_remove, args=(chosen,), icon=":material/delete:")
_add_panel()
