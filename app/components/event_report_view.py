"""The event check page's drawing of an event's report (``event.json``): how many tables are in order, or why the
check did not finish; the tables to look at and why; the table list, each table's report to choose
(``event_table_view.draw_table_report``), the folders not checked as tables, the event's pages to download; a
report's lines as far as this home's check wrote them (``trusted_lines``)."""
from __future__ import annotations

import contextlib
from collections import Counter
from pathlib import Path

import streamlit as st

from app.components.common import as_code, as_typed, keep_choice
from app.components.event_table_view import (Loaded, _json_or_none, check_again, draw_table_report,
                                             folder_key, is_older, load_json, load_json_or_none, tile_names)
from app.components.event_words import ICON, SINCE, SINCE_REASONS, UNTRUSTED, s
from app.components.i18n import lang, said
from app.components.visitor import is_local_visitor, shown_path
from tilelens.event import trust
from tilelens.event.layout import DEFAULT_REPORT, MANIFEST_NAMES
from tilelens.event.model import grouped, other_game_event, sentence, table_named, table_order, table_report_problem
from tilelens.event.report import (EVENT_JSON, REPORT_HTML, REPORT_JSON, command_line, embedded_file,
                                   event_folder_here, event_folder_of, event_pages_zip, event_tileset,
                                   not_checked_said, not_checked_why, report_game, table_reason, unfinished_words,
                                   without_ids)
from tilelens.event.runner import check_command_here, check_running, events_root
from tilelens.event.seats_csv import SEATS_CSV, seats_csv
from tilelens.event.trust import is_sealed
from tilelens.ledger import csv_bytes

MANIFEST = MANIFEST_NAMES[0]  # what a table checked here keeps beside its photos (``layout.keep_photos``)


def event_lines(folder: Path, event: dict, event_trusted: bool, reason: str | None, named: tuple | list) -> list:
    """The lines of the event ``event`` (its report in ``folder``) as drawn, in Browse a report and in the session's
    list alike: ``trusted_lines``, and the tables added since the check (``reason`` ``trust.ADDED``, ``named``:
    ``event_reason_named``) counted in "N of M", named "Changed since the check", not checked yet."""
    lines = trusted_lines(folder, event["tables"], event_trusted, event)
    if reason == trust.ADDED:
        lines += [{"table": name, "verdict": SINCE, "counts": {}, "findings": []} for name in named]
    return lines


def trusted_lines(folder: Path, tables: list, event_trusted: bool, beside: dict | None = None) -> list:
    """The event's lines (``event.json``'s ``tables``, its report in ``folder``) as far as this home's check wrote
    them: each as written where the event's report is trusted (``event_trusted``: ``distrust_of``); else each of its
    table's own report where that one is (``distrust_of`` too: its verdict, counts and findings), ``SINCE`` where
    its report is this event's own check's and the table changed since (``table_reason``: ``SINCE_REASONS``), and
    ``UNTRUSTED`` where neither is (a verdict forged in ``event.json``, or in both files, is not counted in order); a
    line of neither shows no counts nor findings (``event.json``'s may be forged). Raises as a line edited past what
    is checked does (``TypeError``, ``KeyError``).

    Whether a table's report is trusted is ``table_reason``, which ``distrust_of`` says of the very report drawn
    without working out its way forward (``runner.check_command_here`` reads every table's report for the game it
    names: a report of a hundred tables checked under another home took seconds a tap), and the event folder its
    photos are in is found once a run (``event_folder_of``), not once a table."""
    if event_trusted:
        return tables
    found: dict[Path, object] = {}  # report folder -> its event folder (``event_folder_of``), looked for once

    def where(out: Path) -> object:
        if out not in found:
            found[out] = event_folder_of(out, beside)
        return found[out]

    lines = []
    for line in tables:
        table = folder / str(line["table"])
        report = load_json_or_none(table / REPORT_JSON)
        shaped = isinstance(report, dict) and table_report_problem(report) is None
        why = table_reason(table, report, where=where(table.parent), event=beside) if shaped else None
        if shaped and why is None:
            counts = dict(Counter(f["severity"] for f in grouped(report["findings"])))
            lines.append({**line, "verdict": report["verdict"], "counts": counts, "findings": report["findings"]})
        else:
            lines.append({**line, "verdict": SINCE if shaped and why in SINCE_REASONS else UNTRUSTED, "counts": {},
                          "findings": []})
    return lines


def event_name(event: dict, folder: Path) -> str:
    """The name the event's pages are downloaded as (and unzipped into): its event folder's where it is now
    (``report.event_folder_here``); an event opened by name's own name (its report folder is its event folder:
    ``runner.open_event``); "event" for a session's own tables checked from uploads (their folder's name is a random
    one, ``tmpb195ycmx``) or where it is not known."""
    where = event_folder_here(folder, event)
    if where is None:
        return "event"
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        if where.resolve() == folder.resolve():
            return folder.name if folder.resolve().parent == events_root().resolve() else "event"
    return where.name or "event"


def nameless(folder: Path, loaded: Loaded | None = None) -> bool:
    """Whether ``folder`` holds the report of a table of no name (``nameless`` said, and what to do): an older
    check run from inside the table's folder wrote it, its report.json beside event.json. The next check of
    that table removes it. A report that cannot be read is not this: it is said as it is drawn. ``loaded``: the
    files this run has read (``load_json``), which the report drawn then reads from."""
    def data(name: str) -> dict:
        try:
            read = load_json(folder / name, loaded)
        except (OSError, ValueError, RecursionError):
            return {}
        return read if isinstance(read, dict) else {}

    table, event = data(REPORT_JSON), data(EVENT_JSON)
    tables = event.get("tables") if isinstance(event.get("tables"), list) else []
    if table.get("table") != "" and not any(isinstance(t, dict) and t.get("table") == "" for t in tables):
        return False
    where = event_folder_here(folder, event) or "TABLE_FOLDER"
    game = next((g for g, sealed in ((event.get("game"), is_sealed(event)), (table.get("game"), is_sealed(table)))
                 if sealed and isinstance(g, str) and g), "GAME")  # a game this home's check wrote, else to fill in
    tileset = event_tileset(event) if is_sealed(event) else ""  # the set this home's check read with (--tileset)
    cmd = command_line(str(where), game, shown=shown_path, tileset=tileset)
    st.error(s("nameless", p=folder, cmd=cmd))
    return True


def unfinished(event: dict, folder: Path) -> tuple[str, list[str], str] | None:
    """Why the check of ``event`` (its report in ``folder``) did not finish, in the screen's language, the tables
    it did not check, and where it is: "writing" (a check holds the folder now), "stopped" (event.json says
    "running" but no check holds the folder: it stopped without a word), or "" (event.json says why it stopped,
    or the system has no file lock to tell); None for a check that finished (and for one written before
    event.json said whether it did)."""
    if event.get("finished", True) is not False:
        return None
    unchecked = event.get("unchecked") or []
    if not isinstance(unchecked, list):
        raise TypeError(f"unchecked is {type(unchecked).__name__}, not a list")
    running = check_running(folder)
    stopped = event.get("stopped")
    kind = stopped.get("kind") if isinstance(stopped, dict) else None
    state = "writing" if running else "stopped" if running is False and kind == "running" else ""
    return said(*unfinished_words(event)), [str(name) for name in unchecked], state


def draw_event(folder: Path, tables: list, skipped: list, stopped: tuple[str, list[str], str] | None = None,
               game: str = "", name: str = "event", again: str = "", trusted: bool = True,
               beside: dict | None = None) -> None:
    """The event's tables, faults first, the folders of the event folder not checked as tables and why
    (``skipped``: none passed over unseen), the event's pages to download (as ``name``.zip), and the report of
    the table chosen. ``stopped``: why the check did not finish, the tables it did not check and whether a check
    is writing them now (``unfinished``), said first; ``game``: the name of the game checked; ``again``: the command
    that checks the photos it keeps again (``kept_again``), said under the download; ``trusted``: its ``event.json`` and
    page are this home's check's as written (else the page is not offered: why said above)."""
    event = beside if beside is not None else _json_or_none(folder / EVENT_JSON)
    event = event if isinstance(event, dict) else {}
    game_ref = report_game(event) if event.get("game_file") else event.get("game")
    # a stopped check's way forward, on the computer: the command that checks the rest (a phone: said to be run there)
    rest = check_again(folder, game_ref) if stopped is not None and is_local_visitor() else ""
    tables = draw_overview(tables, skipped, stopped, game, names=tile_names(str(game_ref or "")), rest=rest)
    old = [str(t["table"]) for t in tables if (folder / str(t["table"]) / REPORT_JSON).is_file()
           and is_older(_json_or_none(folder / str(t["table"]) / REPORT_JSON))]
    if old:  # written by an older tilelens: said once for the event, with the command that checks it again
        st.warning(s("older_tables", tables=s("list_sep").join(map(as_typed, old)), cmd=check_again(folder, game_ref)))
    download_event(folder, name, key="browse", trusted=trusted, event=event or None)
    if again:  # this page's event, its photos kept: the command that checks them again, and where it writes its report
        st.caption(s("check_kept", cmd=again, p=folder / DEFAULT_REPORT))  # (``check_command_here``: no --out)
    draw_event_tables(folder, tables, beside=beside)


def kept_again(event: dict, folder: Path) -> str:
    """The command that checks again the event whose report is in ``folder`` where it was checked on this page and
    keeps its photos (its ``event.json``, ``event``, names ``folder`` as its event folder, and a table of it keeps a
    ``table.toml`` beside its photos: ``layout.keep_photos``); "" for another report folder, and to a visitor from the
    network (a phone runs no command on the laptop)."""
    where = event_folder_here(folder, event) if is_local_visitor() else None
    if where is None:
        return ""
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        if where.resolve() == folder.resolve() and any(
                isinstance(t, dict) and (folder / str(t.get("table")) / MANIFEST).is_file()
                for t in event.get("tables") or []):
            # with this home: TILELENS_HOME=… (``runner.check_command_here``); its report into ``folder``/_report
            return check_command_here(folder, event=event)
    return ""


def download_event(folder: Path, name: str, key: str, trusted: bool = True, event: dict | None = None) -> None:
    """The event's pages offered for download as ``name``.zip, unzipped into a folder ``name``
    (``report.event_pages_zip``: laid out as the report folder, so that the links from the event's page to its tables'
    work once unzipped; a page saved alone follows none), where this home's check wrote the event's report and page as they are (``trusted``: ``distrust_of`` found
    nothing, said above where it did) and the page is no link leading out of the report folder. The zip is made when
    the button is pressed, not at each run of the page (every choice on it), of the pages as they are then: only those
    the check wrote (``report.page_trusted``), each in the screen's language (one written in the other drawn again from
    its readings: ``report.page_in``). Beside it, the seats as CSV (``download_seats``; ``event``: its
    ``event.json`` as this run read it, not read again)."""
    if not trusted:
        return
    if embedded_file(folder, REPORT_HTML) is not None:
        shown = lang()  # the zip is made outside the page's run: its language taken now
        st.download_button(s("download_event"), lambda: event_pages_zip(folder, name, shown), file_name=f"{name}.zip",
                           mime="application/zip", key=f"dl-event-{key}-{folder_key(folder)}",
                           help=s("download_event_help"))
    download_seats(folder, name, key, event)


def download_seats(folder: Path, name: str, key: str, event: dict | None = None) -> None:
    """The event's seats offered as CSV (``seats_csv``: a row per seat, of the tables' reports this home's check
    wrote as they are; one that is not, a row saying so), as ``name``-seats.csv, with a byte-order mark as the
    ledger's download (Excel reads Japanese names right); made when the button is pressed. None where the event's
    ``event.json`` cannot be read (``event``: as this run read it already; else read here)."""
    if event is None:
        event = _json_or_none(folder / EVENT_JSON)
    if not isinstance(event, dict):
        return
    st.download_button(s("download_seats"), lambda: csv_bytes(seats_csv(folder, event)),
                       file_name=f"{name}-{SEATS_CSV}", mime="text/csv", key=f"dl-seats-{key}-{folder_key(folder)}")


def draw_overview(tables: list, skipped: list, stopped: tuple[str, list[str], str] | None = None, game: str = "",
                  other_game: bool = True, names: dict[str, tuple[str, str]] | None = None, rest: str = "") -> list:
    """``draw_event``'s summary of the event: how many tables are in order (or why the check did not finish, and
    ``rest``: the command that checks the rest, said to the person at the computer; a phone is told it is checked
    there), the tables to look at, each with why (``why_lines``; ``names``: the game's tiles' names, ``tile_names``),
    the table list with each one's verdict and counts, and the folders not checked as tables; ``other_game``: say
    when most tables' tiles are another game's. Returns the tables in the event's order (the room above the table's
    toolbar on a phone: ``common.PHONE_CSS``, every table's)."""
    tables = sorted(tables, key=lambda t: table_order(str(t["table"])))  # table-2 before table-10, an older report's too
    ok = sum(t["verdict"] == "ok" for t in tables)
    files, files_ja, unread = not_checked_said(skipped)
    if stopped is None and unread:  # not "N of N tables in order": a table's photos, perhaps, not checked
        st.subheader(s("summary_zipped", ok=ok, n=len(tables), names=s("list_sep").join(map(as_typed, unread)),
                       files=said(files, files_ja)), anchor=False)
        st.error(said(*not_checked_why(skipped)))
    elif stopped is None:
        st.subheader(s("summary", ok=ok, n=len(tables)), anchor=False)  # no "Link to heading" Tab stop
    else:
        why, unchecked, state = stopped
        not_checked = s("list_sep").join(map(as_typed, unchecked)) or s("none")  # not ``names``: the tiles' names
        away = "" if is_local_visitor() else "_away"  # a phone: the check is run again on the computer
        gap = "" if lang() == "ja" else " "  # no space between Japanese sentences
        command = f"{gap}{s('rest_command', cmd=rest)}" if rest and not away else ""
        if not tables and not unchecked:  # not "0 of 0 tables checked": the event folder was not read
            st.subheader(s("summary_unread"), anchor=False)
            if state == "writing":
                st.info(s("writing_unread"))
            else:
                st.error((s(f"stopped_unread{away}") if state == "stopped" else s(f"unfinished_unread{away}", why=why))
                         + command)
        elif state == "writing":  # not a fault: the check is at work
            st.subheader(s("summary_writing", ok=ok, done=len(tables), n=len(tables) + len(unchecked)),
                         anchor=False)
            st.info(s("writing", tables=not_checked))
        else:
            st.subheader(s("summary_unfinished", ok=ok, done=len(tables), n=len(tables) + len(unchecked)),
                         anchor=False)
            st.error((s(f"stopped{away}", tables=not_checked) if state == "stopped" else
                      s(f"unfinished{away}", why=why, tables=not_checked)) + command)
    if other_game and (other := other_game_event(tables)):  # most tables' tiles another game's: said first
        st.error(as_typed(said(sentence(other["message"]), other["message_ja"])))
    # not trusted (``trusted_lines``), not in order, then tiles to confirm: the tables to look at first
    for verdict in (UNTRUSTED, SINCE, "fault", "review"):
        named = [as_typed(t["table"]) for t in tables if t["verdict"] == verdict]
        if named:
            st.markdown(s(f"attention_{verdict}", n=len(named), tables=s("list_sep").join(named)))
    if why := why_lines(tables, names or {}):  # not only how many: why each is not in order, short
        st.markdown("\n".join(why))
    if game:
        st.caption(s("game_is", game=game))
    if tables:  # the count columns headed in words, as the HTML report heads them; a table whose report is not
        # trusted (or changed since) has no counts to give: "–", not a 0 that says it had no error
        st.dataframe([{s("table"): t["table"], s("col_verdict"): s("list_review" if t["verdict"] == "review"
                                                                   else t["verdict"]),
                       **{s(f"col_{k}"): str(t["counts"].get(k, 0)) if t["verdict"] not in (UNTRUSTED, SINCE) else "–"
                          for k in ICON}}
                      for t in tables], hide_index=True)
    if skipped:
        st.warning("\n".join([f"**{s('skipped')}**", ""] + [
            f"- {as_code(f['folder'])}: {said(f['reason'], f.get('reason_ja', ''))}" for f in skipped]))
    return tables


WHY_FINDINGS = 2  # the findings said of a table to look at in the event's summary (``why_lines``), then how many more
WHY_TABLES = 20  # the tables said so, then how many more (each chosen below says all its findings)


def why_lines(tables: list, names: dict[str, tuple[str, str]]) -> list[str]:
    """Why each table not in order, then each with tiles to confirm, is so, one markdown line each in the screen's
    language: its findings (errors first, notices left out), the first ``WHY_FINDINGS`` of them, then how many more;
    the first ``WHY_TABLES`` tables, then how many more. Its tiles by their names alone (``without_ids``). A table
    of no finding to say (one not trusted, changed since: said above) is left out."""
    rank = {"error": 0, "review": 1}
    lines = []
    for verdict in ("fault", "review"):
        for t in tables:
            if t["verdict"] != verdict:
                continue
            found = sorted((f for f in grouped(t.get("findings") or []) if f.get("severity") in rank),
                           key=lambda f: rank[f["severity"]])
            if not found:
                continue
            # the first after the table's name a sentence, the next ones after "; " as the command line says them
            # ("…look at each; seat 1, tile 3: read as…", not "; Seat 1")
            english = [without_ids(f["message"], names).rstrip(".") for f in found[:WHY_FINDINGS]]
            english[0] = sentence(english[0])
            said_each = [as_typed(said(en, without_ids(f.get("message_ja", ""), names).rstrip("。")))
                         for en, f in zip(english, found)]
            more = len(found) - WHY_FINDINGS
            why = s("why_sep").join(said_each) + (
                f"{s('why_sep')}{s('why_more', n=more)}" if more > 0 else "")
            lines.append(s("why_line", t=as_typed(t["table"]), why=why))
    if len(lines) > WHY_TABLES:
        lines = lines[:WHY_TABLES] + [f"- {s('why_tables_more', n=len(lines) - WHY_TABLES)}"]
    return lines


def draw_event_tables(folder: Path, tables: list, beside: dict | None = None, key: str = "event_table",
                      here: bool = False, loaded: Loaded | None = None, above: str | None = None) -> None:
    """``draw_event``'s choice of a table of the event (each said with its verdict), and its report; ``key``: the
    choice's (the event's own in Browse a report, an event opened by name's under Check a table); ``here``: this
    page's own event (``draw_table_report``); ``loaded``: the reports this run read (``load_json``: the table's drawn
    of the read its event's list was); ``above``: the table whose report the page drew above (under Check): said
    there, not drawn twice."""
    if not tables:  # stopped before any table was checked: said, not an empty list and an empty choice
        st.info(s("none_checked"))
        return
    names = [t["table"] for t in tables]
    # a verdict not trusted (or changed since the check) first: said why when chosen
    rank = {UNTRUSTED: 0, SINCE: 0, "fault": 1, "review": 2, "ok": 3}
    order = sorted(names, key=lambda n: rank[tables[names.index(n)]["verdict"]])
    # each option's words made now, in this run's language (a test's AppTest calls the function outside the run)
    labels = {n: s("chooser", t=n, v=s(tables[names.index(n)]["verdict"])) for n in names}  # plain text: as typed
    keep_choice(key, order, order[0])  # its words after a language switch (or a verdict changed since)
    chosen = st.selectbox(s("table"), order, key=key, format_func=labels.__getitem__)
    if chosen and chosen == above:
        st.caption(s("shown_above", t=as_typed(chosen)))
    elif chosen and (folder / chosen / REPORT_JSON in (loaded or {}) or (folder / chosen / REPORT_JSON).is_file()):
        draw_table_report(folder / chosen, beside=beside, key="browse" if key == "event_table" else key, here=here,
                          loaded=loaded)
    elif chosen and tables[names.index(chosen)]["verdict"] == SINCE and not (folder / chosen).exists():
        st.warning(s("table_added", t=as_typed(said(*table_named(chosen)))))  # added since: no report yet
    elif chosen:  # listed, but its folder (or its report.json alone) moved or removed since: said, not a blank
        gone = ("table_file_gone", folder / chosen / REPORT_JSON) if (folder / chosen).is_dir() else \
            ("table_gone", folder / chosen)
        if not is_local_visitor():  # a phone: no path of the laptop; a folder with no report is checked again
            gone = (f"{gone[0]}_away", gone[1])
        st.warning(s(gone[0], t=as_typed(said(*table_named(chosen))), p=gone[1]))
