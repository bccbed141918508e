"""The event check page's drawing of one table's report (``report.json`` and the pictures beside it): its verdict,
each finding with the crops of its tiles, the seats' photos and the tiles read on each, its page to download; a report
not trusted said so (``untrusted``); a report file read once a run (``load_json``) and said in one line where it cannot
be read (``read_report``)."""
from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Callable
from pathlib import Path

import streamlit as st

from app.components.common import WORD_JOINER, as_code, as_typed, style
from app.components.event_words import SINCE_REASONS, ended_ja, marked, s
from app.components.i18n import lang, said
from app.components.tiles import no_toolbars_css
from app.components.visitor import is_local_visitor, os_said, shown_path
from scorer import TilelensInputError
from tilelens.event import trust
from tilelens.event.layout import KEPT_NOTE, MANIFEST_NAMES
from tilelens.event.model import (FindingKind, Severity, grouped, seat_order, seats_said, sentence,
                                  table_report_problem, where as where_en, where_ja)
from tilelens.event.report import (PAGE_FORMAT, PAGE_HASH, REPORT_HTML, REPORT_JSON, SEVERITY_RANK, alt_names,
                                   copied_from, embedded_file, flagged_words, game_names, other_set_words, page_in,
                                   report_game, seat_pictures, table_reason, tile_labels, without_ids)
from tilelens.event.runner import check_command_here, command_line, event_distrust, table_distrust
from vision.read_cli import WORDS

PICTURES = "event_pictures"  # the keys' start of the containers of a report's pictures (their toolbars hidden)


def folder_key(folder: Path) -> str:
    """A short digest of ``folder`` for the keys of what a report folder draws (a download button's): a key is sent
    to the browser (the element's id, its ``st-key-…`` class), and the folder's path is the laptop's."""
    return hashlib.sha256(str(folder).encode()).hexdigest()[:10]


def untrusted(why: tuple[str, str], since: bool = False, mend: str = "") -> bool:
    """Say that a report is not this home's check's as written (``distrust_of``): why
    and the way forward (the command that checks it again, the key to copy) to a visitor on the computer running the
    app; to one from the network (a phone), one short line, with no path of the laptop nor a command to run there.
    ``since``: its reason is a change since this event's own check (``SINCE_REASONS``), no forgery: a phone is told
    the report is out of date, and it is drawn. ``mend``: a report of this page's own event (one opened by name, or
    this browser's: ``phones_table``, ``phones_event``): its way forward on this page, said alike to the laptop and a
    phone, in place of a command (``tilelens check`` of that folder writes a report folder of its own beside it, and
    mends nothing). Returns whether the report is not drawn (a phone's, not ``since``)."""
    if mend:
        st.warning(mend)
        return not (since or is_local_visitor())
    if is_local_visitor():
        text = said(*why)  # the command to run again in backticks (``trust.distrust_said``): shown as code
        start, end = text.find("`"), text.rfind("`")
        st.warning(as_typed(text) if end <= start else
                   as_typed(text[:start]) + as_code(text[start + 1:end]) + as_typed(text[end + 1:]))
        return False
    st.warning(s("since_away" if since else "untrusted_away"))
    return not since


def distrust_of(folder: Path, stored: dict, event: bool = False, beside: dict | None = None) -> tuple[str, str] | None:
    """Why the report ``stored``, as this run read it from ``folder`` (a table's ``report.json``; with ``event``, the
    event's ``event.json``), is not this home's check's as written, its page (``index.html``) too, with the way forward
    (``trust.distrust_said``: the command that checks the event again with this home, or the key file to copy); None
    where it is. ``runner.table_distrust`` and ``event_distrust`` of the very report drawn, not of another read of its
    file (one written between the two would be judged in place of the one shown; and a run reads each report once)."""
    return event_distrust(folder, stored) if event else table_distrust(folder, stored, event=beside)


def page_bytes(folder: Path, stored: dict) -> bytes | None:
    """The page (``index.html``) in ``folder`` that ``stored`` (its report, trusted: ``distrust_of``) was sealed with,
    as read now: its hash the one sealed (``report.PAGE_HASH``), and no link leading out of the folder
    (``report.embedded_file``); else None. ``report.page_trusted`` of the report read once."""
    page = embedded_file(folder, REPORT_HTML)
    try:
        data = page.read_bytes() if page is not None else None
    except OSError:
        return None
    return data if data is not None and hashlib.sha256(data).hexdigest() == stored.get(PAGE_HASH) else None


Loaded = dict[Path, object]  # the report files read in this run: each JSON (or why it could not be read) once


def load_json(path: Path, loaded: Loaded | None = None) -> object:
    """The JSON of ``path``, read once a run where ``loaded`` keeps what this run read (an error reading it is
    raised again). Raises ``OSError``, ``UnicodeDecodeError``, ``json.JSONDecodeError``, and ``ValueError`` or
    ``RecursionError`` for a file tampered with (a number thousands of digits long, brackets nested too deep)."""
    loaded = {} if loaded is None else loaded
    if path not in loaded:
        try:
            loaded[path] = json.loads(path.read_text(encoding="utf-8-sig"))  # an editor's "UTF-8 with BOM" too
        except (OSError, ValueError, RecursionError) as exc:  # ValueError: JSON's, UTF-8's, a number too long
            loaded[path] = exc
    if isinstance(loaded[path], Exception):
        raise loaded[path]
    return loaded[path]


def read_report(path: Path, problem: Callable[[object], tuple[str, str] | None],
                loaded: Loaded | None = None) -> dict | None:
    """A report file's JSON, of the shape ``problem`` asks (``table_report_problem``, ``event_report_problem``: why
    it is not, in words naming the key); None, and said in one line naming the file, when it cannot be read or is
    not of that shape (damaged, or edited by hand)."""
    try:
        data = load_json(path, loaded)
        wrong = problem(data)
        if wrong is not None:
            st.error(s("bad_report", p=path, err=said(*wrong)))
            return None
        return data  # type: ignore[return-value]
    except OSError as exc:
        st.error(s("bad_report", p=path, err=os_said(exc, path, named=path)))
    except UnicodeDecodeError:  # said plainly in both languages (Python's own words name codecs and bytes)
        st.error(s("bad_report", p=path, err=said("not UTF-8 text", "UTF-8 の文字ではありません")))
    except json.JSONDecodeError as exc:  # said where, in the screen's language (Python's own words are English)
        err = (("the file is empty", "ファイルが空です") if not exc.doc.strip() else
               (f"not JSON (line {exc.lineno}, column {exc.colno})", f"JSON として読めません ({exc.lineno}行 {exc.colno}文字目)"))
        st.error(s("bad_report", p=path, err=said(*err)))
    except (ValueError, RecursionError):  # a report tampered with: a number too long, brackets nested too deep
        st.error(s("bad_report", p=path, err=said("not a report: a number too long or brackets nested too deep",
                                                  "レポートとして読めません: 数が長すぎるか、入れ子が深すぎます")))
    return None


def load_json_or_none(path: Path) -> object:
    """``_json_or_none`` of a file that may not be there (a table listed, its folder moved since): None."""
    return _json_or_none(path) if path.is_file() else None


def _json_or_none(path: Path) -> object:
    """The JSON of ``path``; None where it cannot be read (said where the file is drawn)."""
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return None


def game_name(game: object) -> str:
    """The name of the game a report is of, in the screen's language (as written where it cannot be loaded)."""
    return said(*game_names(str(game)))


def draw_table_report(folder: Path, name: str | None = None, with_game: bool = False,
                      loaded: Loaded | None = None, key: str = "browse", beside: dict | None = None,
                      here: bool = False) -> None:
    """One table's report: verdict, each finding with the crops of its tiles, then the photos. ``name``: the
    table's, in place of the one the report was written with; ``with_game``: say the game it was checked for (a
    table's folder opened on its own); ``loaded``: the files this run has read (``load_json``); ``key``: the tab
    drawing it (one folder may be drawn in both). A report this home's check did not write as it is (another home's,
    one of an older tilelens, one changed since: ``distrust_of``) is said to be so, with why and the way
    forward, in place of its verdict (a forged "In order"), and its page is not offered; to a phone, in one line
    (``untrusted``), not drawn. ``here``: a table of this page's own event (Check a table's): mended on this page
    (``phones_table``)."""
    report = read_report(folder / REPORT_JSON, table_report_problem, loaded=loaded)
    if report is None:
        return
    why = distrust_of(folder, report, beside=beside)
    reason = table_reason(folder, report, event=beside) if why is not None else None
    since = reason in SINCE_REASONS
    # a check of this page cut off after it kept the photos: no photo changed by anyone, checked again at the next check
    words = "phones_table_cut" if reason == trust.STALE and check_cut(folder) else \
        "phones_table_since" if since else "phones_table"
    mend = s(words, t=as_typed(folder.name)) if here else ""
    if why is not None and untrusted(why, since=since, mend=mend):
        return
    try:
        if with_game and why is None:  # a table's folder opened on its own (an event's says its tables' at once:
            older(folder, report)     # ``draw_event``); a report not trusted says the command that checks it again
        draw_findings(folder, report, name or report["table"], key, trusted=why is None)
        if with_game and report_game(report):  # its game file where it keeps one: the names of the game checked
            st.caption(s("game_is", game=game_name(report_game(report))))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # edited by hand past what is checked
        st.error(s("bad_report", p=folder / REPORT_JSON, err=s("not_a_report")))


def check_cut(folder: Path) -> bool:
    """Whether the last check of the table in ``folder`` (one of this page's events) stopped after it kept the table's
    photos and before it wrote their report (the laptop shut, the app stopped mid-check): ``layout.keep_photos``'s
    manifest, the last file it writes, is newer than the report (the check writes the report after it). Its photos
    are then not changed since the check by anyone: the next check on the page checks it again from them
    (``runner._write_uploaded_event``). A photo replaced in the folder by hand leaves the manifest as it was."""
    manifest = folder / MANIFEST_NAMES[0]
    try:
        return (manifest.read_text(encoding="utf-8").startswith(KEPT_NOTE)
                and manifest.stat().st_mtime_ns > (folder / REPORT_JSON).stat().st_mtime_ns)
    except (OSError, ValueError):  # no manifest, no report, not text: not that
        return False


def checks_cut(folder: Path, reason: str | None, named: tuple | list) -> bool:
    """Whether the event whose report is in ``folder`` is out of date (``reason``, of the tables ``named``:
    ``report.event_reason_named``) only for checks of its tables cut off after their photos were kept
    (``check_cut``)."""
    return reason == trust.STALE and bool(named) and all(check_cut(folder / str(name)) for name in named)


def is_older(report: object) -> bool:
    """Whether a table's ``report.json`` was written by an older tilelens (its ``page_format`` older than today's,
    or none): its words, and perhaps its findings, are not today's."""
    page = report.get("page_format") if isinstance(report, dict) else None
    return not (isinstance(page, int) and not isinstance(page, bool) and page >= PAGE_FORMAT)


def check_again(event_folder: Path, game: object) -> str:
    """The command that checks the event whose report is in ``event_folder`` again (``runner.check_command_here``:
    its event folder where it is now, ``report.event_folder_here``; the game of what this home's check wrote, else
    ``game``): to a visitor on the computer running the app, with this home (``TILELENS_HOME=…``); to one from the
    network, the folders as they name them (``visitor.shown_path``), with no home nor ``--out`` of the laptop's;
    ``EVENT_FOLDER`` and ``GAME`` where unknown."""
    if is_local_visitor():
        return check_command_here(event_folder)
    return check_command_here(event_folder, str(game or ""), shown=shown_path)


def check_command(where: object, game: object) -> str:
    """``tilelens check WHERE --game GAME`` quoted as a shell takes it (``runner.command_line``): ``nameless``'s. To a
    visitor from the network, the folder as they name it (``visitor.shown_path``: ``ev/event``,
    ``"$TILELENS_HOME"/…``), never the laptop's path."""
    return command_line(str(where), str(game or "GAME"), shown=shown_path)


def older(folder: Path, report: dict) -> None:
    """Say that ``report`` (of the table in ``folder``) was written by an older tilelens (``is_older``), and the
    command that checks it again."""
    if is_older(report):
        st.warning(s("older", cmd=check_again(folder.parent, report_game(report) or report.get("game"))))


def photo_caption(stem: str, dealer: object) -> str:
    """A thumbnail's caption in the screen's language: ``seat2`` -> "Seat 2", the dealer's marked."""
    seat = stem.removeprefix("seat")
    if stem == "wall":
        return s("wall_photo")
    return s("seat_dealer" if seat == str(dealer) else "seat", n=seat) if seat.isdigit() else stem


def crop_inside(folder: Path, crop: str) -> bool:
    """Whether a report's tile crop ``crop`` (a path relative to the table's report ``folder``) lies inside that
    folder: a hand-edited report may name any file on the disk (an absolute path, ``../``)."""
    try:
        return (folder / crop).resolve().is_relative_to(folder.resolve())
    except (OSError, ValueError):
        return False


def picture(folder: Path, name: str) -> tuple[bytes | None, str]:
    """A report's picture ``name`` (a crop, a seat's thumbnail: a path relative to the table's report ``folder``) to
    draw: (its bytes, ""), or (None, why not): "outside" (it leads out of the folder, a link to a private photo put in
    a shared report: ``report.embedded_file``, as the HTML pages check what they embed), "bad" (no image: empty,
    damaged, text), "gone" (not there). Streamlit's own error of a picture that is no image ("cannot identify image
    file <_io.BytesIO object at 0x7f...>") hid the whole report."""
    from PIL import Image

    if not crop_inside(folder, name):
        return None, "outside"
    path = embedded_file(folder, name)
    if path is None:
        return None, "outside" if (folder / name).is_symlink() else "gone"
    try:
        data = path.read_bytes()
        with Image.open(io.BytesIO(data)) as im:
            im.verify()
    except Exception:  # noqa: BLE001 - any reason it is no picture: an empty file, a text, a damaged one
        return None, "bad"
    return data, ""


def picture_note(name: str, why: str) -> None:
    """The short note in the place of a picture not drawn (``picture``): it leads out of the report, or is no image."""
    if why in ("outside", "bad"):
        st.caption(s(f"picture_{why}", p=name))


def finding_pictures(f: dict, report: dict) -> list[tuple[str, str]]:
    """The seat photos a finding shows beside it, as the HTML report does (``report.seat_pictures``): each (its
    thumbnail's name in the table's report folder, its caption in the screen's language): a seat's own photo under a
    finding of its whole photo (another set's tiles, too dark, face down) captioned as the Photos fold captions it
    ("Seat 3", "Seat 1 (dealer)"); each photo of a seat that has two, by its file name ("Seat 2: seat2 (1).jpg")."""
    try:
        pictures = seat_pictures(f)
    except (TypeError, AttributeError, ValueError):  # a report edited by hand: its findings said, without these
        return []
    out = []
    for name, en, ja in pictures:
        stem = Path(name).stem
        if stem == "wall" or (stem.startswith("seat") and stem[4:].isdigit()):
            out.append((name, photo_caption(stem, report.get("dealer"))))
        else:
            text = said(en, ja)
            out.append((name, text[:1].upper() + text[1:]))
    return out


def photo_captions(report: dict) -> dict[str, str]:
    """The Photos fold's caption of each thumbnail a finding names by its file (``finding_pictures``: a seat's two
    photos, ``thumbs/seat2-photo1.jpg``), so that the fold says "Seat 2: seat2 (1).jpg", not its name in the report."""
    return {name: caption for f in report["findings"] for name, caption in finding_pictures(f, report)
            if not Path(name).stem.removeprefix("seat").isdigit()}


def crop_alts(tiles: list[dict], report: dict) -> list[str]:
    """Each tile crop's text for a screen reader, in the screen's language: "Seat 1, tile 3: East wind" (「1番席 3枚目:
    東」), the tile by the name the report's page gives its crop (``report.alt_names``; a tile face down as such, an
    unknown one by its id)."""
    names = alt_names(report_game(report), lang())
    back = WORDS[lang()]["back"]  # as the tiles read are listed (``report.tile_labels``)
    kinds = [str(t.get("kind", "")) for t in tiles]  # a hand-edited report's number or list too
    return [_crop_alt(t, back if t.get("is_back") else names.get(kind, kind)) for t, kind in zip(tiles, kinds)]


def _crop_alt(tile: dict, name: str) -> str:
    """One crop's text (``crop_alts``): its tile's name alone where a hand-edited report left out its seat or index."""
    seat, index = tile.get("seat"), tile.get("index")
    if seat is None or not isinstance(index, int) or isinstance(index, bool):
        return name
    return s("crop_alt", seat=s("wall_photo") if str(seat) == "wall" else s("seat", n=seat), n=index + 1, name=name)


def crop_caption(tile: dict) -> str:
    """A crop's caption, as the text beside it says it: "Seat 2, tile 3" (「2番席の3枚目」); "?" for what a
    hand-edited report left out."""
    index, seat = tile.get("index"), tile.get("seat", "?")
    n = index + 1 if isinstance(index, int) and not isinstance(index, bool) else "?"
    return s("crop_caption", seat=s("wall_photo") if str(seat) == "wall" else s("seat", n=seat), n=n)


def draw_findings(folder: Path, report: dict, name: str, key: str = "browse", trusted: bool = True) -> None:
    """``draw_table_report``'s drawing of a report read, the table called ``name`` (its download too); ``trusted``:
    this home's check wrote it as it is (else its verdict, "Nothing to report" and its page are not given: said above
    as not trusted)."""
    verdict = report["verdict"]
    if trusted:
        {"ok": st.success, "review": st.warning, "fault": st.error}[verdict](f"{as_typed(name)}: {s(verdict)}")
    elif verdict not in ("ok", "review", "fault"):  # as a trusted one: a report edited past what is checked
        raise ValueError(f"verdict {verdict!r}")
    if not report["findings"] and trusted:
        st.write(s("nothing"))
    names = tile_names(report_game(report))
    # the pictures' toolbars (Fullscreen, drawn at opacity 0 yet a Tab stop that seemed to go nowhere): none
    style(no_toolbars_css(PICTURES))
    here = folder_key(folder)  # the containers' keys: one folder's, per tab
    thumbs = sorted((folder / "thumbs").glob("*.jpg")) if (folder / "thumbs").is_dir() else []
    in_fold = {f"thumbs/{p.name}" for p in thumbs}  # the Photos fold says why one of these is not drawn
    for i, f in enumerate(grouped(report["findings"])):  # a seat's many unsure tiles as one line, their crops a row
        inside = [t for t in f["tiles"] if crop_inside(folder, t["crop"])]
        outside = [t["crop"] for t in f["tiles"] if t not in inside]
        drawn = [(t, *picture(folder, t["crop"])) for t in inside] if f["severity"] != "notice" else []
        shown = [(t, data) for t, data, _ in drawn if data is not None]
        # a finding of a whole photo, or of a seat's two photos: the seat's photos beside it (no tile to crop)
        seat_photos = [(name, caption, *picture(folder, name)) for name, caption in finding_pictures(f, report)]
        # a photo copied from another table: that table's photo beside it too (a table of the same report folder)
        seat_photos += [(name, said(en, ja), *picture(folder.parent / t, name)) for t, name, en, ja in copied_from(f)]
        photos_shown = [(caption, data) for _, caption, data, _ in seat_photos if data is not None]
        if shown or photos_shown:  # the tiles first: on a phone the pictures say it at a glance
            with st.container(key=f"{PICTURES}_{key}_{here}_{i}"):
                if shown:
                    st.image([data for _, data in shown], width=56, caption=[crop_caption(t) for t, _ in shown],
                             alt=crop_alts([t for t, _ in shown], report))
                if photos_shown:  # small: the photo is looked at beside its finding, in full in the Photos fold
                    st.image([data for _, data in photos_shown], width=160,
                             caption=[caption for caption, _ in photos_shown],
                             alt=[s("photo_alt", who=caption) for caption, _ in photos_shown])
        outside += [t["crop"] for t, _, why in drawn if why == "outside"]  # said below, as those named outside
        bad = [t["crop"] for t, _, why in drawn if why == "bad"]  # no image: the first named below, the rest drawn
        short = surplus_line(f, names)
        # a table's or a photo's name in it as typed; a tile by its name alone, not "Kotoko (kotoko)"; a sentence
        text = short[0] if short else as_typed(said(sentence(without_ids(f["message"], names)),
                                                    ended_ja(without_ids(f.get("message_ja", ""), names))))
        st.markdown(f"{marked(f['severity'])} {text}")
        if short and short[1]:
            st.caption(short[1])
        if outside:
            st.caption(s("crop_outside", p=outside[0]))
        if bad:
            picture_note(bad[0], "bad")
        for photo, _, data, why in seat_photos:  # one the Photos fold does not list: why it is not drawn, here
            if data is None and photo not in in_fold:
                picture_note(photo, why)
    if thumbs:
        with st.expander(s("photos")), st.container(key=f"{PICTURES}_{key}_{here}_photos"):
            drawn = [(p, *picture(folder, f"thumbs/{p.name}")) for p in thumbs]
            shown = [(p, data) for p, data, _ in drawn if data is not None]
            named = photo_captions(report)
            captions = [named.get(f"thumbs/{p.name}") or photo_caption(p.stem, report.get("dealer"))
                        for p, _ in shown]
            if shown:
                st.image([data for _, data in shown], caption=captions, width=320,
                         alt=[s("photo_alt", who=who) for who in captions])
            for p, _, why in drawn:  # a thumbnail not drawn: one short note in its place, the others drawn
                picture_note(f"thumbs/{p.name}", why)
            seat_tiles(report)
    # the page this home's check wrote, as it wrote it, and no link leading out of the report folder: a forged page
    # (a script in it) is not offered as the check's (why said above the findings: ``draw_table_report``); in the
    # screen's language, drawn again from its readings at the click where it was written in the other (``page_in``)
    if trusted and (page := page_bytes(folder, report)) is not None:
        shown = lang()  # (the click's drawing runs outside the page's run: its language taken now)
        st.download_button(s("download"), lambda: page_in(folder, report, page, shown), file_name=f"{name}.html",
                           mime="text/html", key=f"dl-{key}-{folder_key(folder)}")


def tile_names(game: str) -> dict[str, tuple[str, str]]:
    """The English and Japanese names of the tiles of ``game`` (a report's ``report_game``), by id; none where the
    game cannot be loaded (its findings are then said as written)."""
    from scorer import load_game

    try:
        return {k.id: (k.name_en or k.name_ja or k.id, k.name_ja or k.name_en or k.id) for k in load_game(game).tiles}
    except (TilelensInputError, OSError, ValueError, TypeError, AttributeError):
        return {}


def places(tiles: list[tuple[str, int]]) -> str:
    """Tiles (seat, index from 0) said in short, the seats holding the same places grouped: "seats 1, 2: tiles 1, 2;
    seat 3: tile 5" ("1、2番席の1、2枚目 / 3番席の5枚目")."""
    by_seat: dict[str, list[int]] = {}
    for seat, index in tiles:
        by_seat.setdefault(str(seat), []).append(int(index) + 1)
    groups: dict[tuple[bool, tuple[int, ...]], list[str]] = {}  # the wall never grouped with seats: it is no seat
    for seat in sorted(by_seat, key=seat_order):
        groups.setdefault((seat == "wall", tuple(sorted(set(by_seat[seat])))), []).append(seat)
    if lang() == "ja":
        return " / ".join(f"{'、'.join(where_ja(x) if x == 'wall' else x for x in seats)}"
                          f"{'' if seats == ['wall'] else '番席'}の{'、'.join(map(str, numbers))}枚目"
                          for (_, numbers), seats in groups.items())
    return "; ".join(f"{'the wall' if seats == ['wall'] else 'seat' if len(seats) == 1 else 'seats'}"
                     f"{'' if seats == ['wall'] else ' ' + ', '.join(seats)}: "
                     f"{'tile' if len(numbers) == 1 else 'tiles'} {', '.join(map(str, numbers))}"
                     for (_, numbers), seats in groups.items())


def surplus_line(f: dict, names: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    """A tile read more often than the set holds, in one short line (its name, how often, why) and a caption of
    where (seats grouped) and which are least sure; None for another finding, or one of an older report that does
    not keep these (said as written)."""
    data = f.get("data") or {}
    if f.get("kind") != FindingKind.SURPLUS or not all(k in data for k in ("kind", "count", "copies")):
        return None
    name = said(*names.get(data["kind"], (data["kind"], data["kind"])))
    grey = [str(x) for x in data.get("colourless") or []]
    seats_grey = ("、".join(where_ja(x) for x in grey) if lang() == "ja" else ", ".join(map(where_en, grey)))
    why = s("surplus_grey", seats=seats_grey) if grey else s("surplus_why")
    shown = as_typed(name) + bold_closer(name)  # "**(キュート)**を": the bold closed
    seats = sorted({str(x) for x in (data.get("per_seat") or {})} or {str(t["seat"]) for t in f.get("tiles") or []},
                   key=seat_order)  # a face-up wall counted with them, said last as the check says it
    who_en, who_ja = seats_said(seats)
    who = who_ja if lang() == "ja" else who_en[:1].upper() + who_en[1:]
    red = data.get("red") or {}
    red_said = s("surplus_red", n=red["copies"], name=said(*names.get(red["kind"], (red["kind"], red["kind"])))) \
        if red.get("kind") and red.get("copies") else ""
    line = s("surplus", seats=who, name=shown, n=data["count"], copies=data["copies"], red=red_said, why=why)
    where = places([(t["seat"], t["index"]) for t in f.get("tiles") or []])
    least = data.get("least_sure") or []
    sep = " ・ " if lang() == "ja" else " · "
    if least:  # seat by seat, as the command line says them (``rules.surplus_findings``)
        where += sep + s("least_sure", places=places([(x, i) for x, i in least]))
    elif data.get("all_sure"):
        where += sep + s("none_unsure", at=data["all_sure"])
    return line, where[:1].upper() + where[1:]


def bold_closer(text: str) -> str:
    """What ``text``, set in bold right before a Japanese particle, needs after it for the bold to close: a word joiner
    after a closing bracket (CommonMark closes a bold that ends on punctuation only before a space or punctuation:
    "**(キュート)**を" is shown with its asterisks), else nothing."""
    return WORD_JOINER if text[-1:] in ")）]」" else ""


def tile_marks(report: dict) -> dict[tuple[str, int], Severity]:
    """Each tile a finding flags, (seat, index from 0), and its most serious finding's severity, as the report's page
    marks it in a seat's tiles read (``report._worst_marks``, of the report's JSON, by ``report.SEVERITY_RANK``; a
    notice's tiles are not marked: its finding is of the whole hand). A finding's tile the check did not write (edited
    by hand) is left out."""
    marks: dict[tuple[str, int], Severity] = {}
    for f in report.get("findings") or []:
        if not isinstance(f, dict) or f.get("severity") not in SEVERITY_RANK:
            continue
        severity = Severity(f["severity"])
        for tile in f.get("tiles") or []:
            if isinstance(tile, dict) and isinstance(tile.get("index"), int):
                at = (str(tile.get("seat")), tile["index"])
                if at not in marks or SEVERITY_RANK[severity] < SEVERITY_RANK[marks[at]]:
                    marks[at] = severity
    return marks


def flagged_said(tile: dict, severity: Severity | None, below: float | None = None) -> str:
    """The words after a tile's name in a seat's tiles read where a finding flags it, in the screen's language, as the
    report's page says them (``report.flagged_words``; ``below``: the check's threshold): " (to confirm, 0.64)",
    「 (要確認、信頼度 0.64)」; "" for one not flagged, or flagged by a notice."""
    confidence = tile.get("confidence")
    if not isinstance(confidence, (int, float)):  # edited by hand: the mark alone
        confidence = None
    words = flagged_words(severity, confidence, below)
    return "" if words is None else said(*words)


def seat_tiles(report: dict) -> None:
    """Each seat's tiles read, in order, numbered as its thumbnail numbers them and named by their names alone, as
    their crops are (``report.tile_labels`` without ids), each a finding flags said so with its confidence, as the
    report's page says them ("3. South wind (to confirm, 0.64)": ``flagged_said``): a tile misread surely is no
    finding, and is seen only here, against the picture."""
    marks = tile_marks(report)
    below = report.get("min_confidence")
    below = below if isinstance(below, (int, float)) else None  # a report edited by hand: said as read
    findings = [f for f in report.get("findings") or [] if isinstance(f, dict)]
    for seat in report.get("seats") or []:
        if isinstance(seat, dict) and isinstance(seat.get("tiles"), list):
            stem = "wall" if seat["seat"] == "wall" else f"seat{seat['seat']}"
            who = photo_caption(stem, report.get("dealer"))
            if not seat["tiles"]:
                st.markdown(s("seat_no_tiles", seat=who))
                continue
            if lang() == "ja":  # right before の: 「**1番席 (親)**の牌」
                who += bold_closer(who)
            en, ja = tile_labels(seat["tiles"], report_game(report), ids=False)
            # "3. Name": the name as written (a game file's names may hold *), the number not taken for a list's
            labels = (label.partition(". ") for label in (ja if lang() == "ja" else en))
            at = str(seat["seat"])
            tiles = [f"{number}. {as_typed(name)}{flagged_said(tile, marks.get((at, tile.get('index'))), below)}"
                     for tile, (number, _, name) in zip(seat["tiles"], labels)]
            # another set's tiles named as this game's: said ahead of them, as the report's page says it
            if other := other_set_words(at, bool(seat.get("other_game")), findings):
                st.markdown(s("seat_tiles_other", seat=who, why=said(*other), tiles=s("list_sep").join(tiles)))
            else:
                st.markdown(s("seat_tiles", seat=who, tiles=s("list_sep").join(tiles)))
