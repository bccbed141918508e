"""Writing the reports: ``report.json`` + a self-contained ``index.html`` per table, and the same for
the event. A table's folder also keeps its crops (``crops/``) and thumbnails (``thumbs/``) as files for
machines and the app; the HTML page carries its own copies inline, so it can be mailed on its own.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import json
import re
import shlex
import shutil
import stat
from collections import Counter
from collections.abc import Callable, Container
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np

from scorer.result import TilelensInputError, cli_lang
from tilelens.event import images as im
from tilelens.event.model import (Finding, FindingKind, Severity, TableReport, TileRef, Verdict, grouped,
                                   report_from_dict, sentence, table_named, table_order, verdict_of, where,
                                   where_ja)
from tilelens.event import trust
from tilelens.event.copies import is_across
from tilelens.event.layout import (DEFAULT_REPORT, MANIFEST_NAMES, is_image_name, scan_event,
                                   skipped_unchecked)
from tilelens.event.rules import confidence_said  # a confidence as the findings say it
from tilelens.event.trust import distrust, is_sealed, sealed  # a report is sealed by this installation: kept on trust by it alone
from tilelens.labelling.store import atomic_write_bytes, atomic_write_text  # whole or not at all: a half page never passes for one

REPORT_JSON = "report.json"
REPORT_HTML = "index.html"
EVENT_JSON = "event.json"
VERDICT_TEXT = {Verdict.OK: "in order", Verdict.REVIEW: "tiles to confirm", Verdict.FAULT: "not in order"}
# The pages are read by organisers in Japan too: every fixed text is written in both languages.
VERDICT_JA = {Verdict.OK: "問題なし", Verdict.REVIEW: "要確認の牌があります", Verdict.FAULT: "問題あり"}
# a notice is for reference (参考), not an announcement (お知らせ)
SEVERITY_JA = {Severity.ERROR: "エラー", Severity.REVIEW: "要確認", Severity.NOTICE: "参考"}
COUNT_TEXT = {Severity.ERROR: "errors", Severity.REVIEW: "to confirm", Severity.NOTICE: "notices"}  # event page columns
# A tile a finding flags, said after its name in a seat's tiles read, with its confidence (``_tiles_html``): the words
# of its thumbnail's box (``images._box``), which a screen reader, or a reader who does not tell its colour, never
# sees: (English, Japanese). A notice's tiles are not (the whole hand, as its finding says).
FLAGGED = {Severity.ERROR: (str(Severity.ERROR), SEVERITY_JA[Severity.ERROR]),
           Severity.REVIEW: (COUNT_TEXT[Severity.REVIEW], SEVERITY_JA[Severity.REVIEW])}
# A seat's tiles read where its photo shows another set's tiles (``SeatReading.other_game``; its finding ``possibly``:
# may show them): the names listed are this game's reading of them, said beside the list (``other_set_words``)
OTHER_SET = ("another set's tiles, named as this game's: not to be trusted",
             "このゲームの牌として読んだ名前ですが、別のセットの牌なので当てになりません")
MAYBE_OTHER_SET = ("perhaps another set's tiles, named as this game's: not to be trusted",
                   "このゲームの牌として読んだ名前ですが、別のセットの牌かもしれないので当てになりません")
# the most serious first: a tile two findings flag is marked by the worse (``_worst_marks``; the event page's
# ``event_table_view.tile_marks``, of a report's JSON)
SEVERITY_RANK = {Severity.ERROR: 0, Severity.REVIEW: 1, Severity.NOTICE: 2}
# A picture's alt, in the page's language alone (its ``lang``), naming the picture; its caption says whose it is:
# (English, Japanese). A seat's thumbnail under Photos, its tiles numbered as its tiles read are; one beside a finding.
NUMBERED_PHOTO = ("the hand's photo, its tiles numbered as listed below", "手牌の写真 (牌の番号は下の一覧の番号)")
HAND_PHOTO = ("the hand's photo", "手牌の写真")
# Bump when a table's page or thumbnails change, not its readings: a stored report of another is written again from
# the readings it keeps (``runner._rejudged``), no photo read again (``runner.REPORT_FORMAT`` is for the readings).
# 2: each seat lists its tiles read (``tiles_read``), its thumbnail numbers them (``images.thumbnail``)
# 3: the English list names a game's tiles as the findings do ("Misa-senpai (misa-senpai)", riichi ids as they are)
# 4: the page's title keeps the table's name as written ("table-03", not "Table-03")
# 5: <html lang> the language the page was made in, each English text tagged English; tiles named without their ids
#    (the ids kept in report.json and the data attributes); English findings begin with a capital
# 6: a notice is 参考 (not お知らせ); the crops and thumbnails said in the page's language
# 7: a line for the organisers at the top (every seat's hand: not for players before the hand is over); the link back
#    says it works in the report folder; confidences never rounded up to the threshold (``model.sure_text``)
# 8: a phone's width (the viewport said, tables and pictures kept within it); each crop captioned under it (its seat
#    and tile), said in both languages; a seat's thumbnail beside a finding of its whole photo
# 9: the tile crops are JPEG (``crops/seat2-t03.jpg``, about 3 KB; PNG's were about 14 KB, 91% of a 100-table event's
#    page, 2026-12-06)
# 10: a count off, and a photo copied across tables, show the seat's thumbnail beside them (``seat_pictures``); the
#    severity's label never wraps (``white-space: nowrap``)
# 11: each line in the page's language first, the other under it and smaller (``_two``: a check in Japanese writes
#    Japanese first), the language kept (``PAGE_LANG``); a table's page shows the other table's photo beside a copy
#    across tables (``copied_from``), as the event's page does
# 12: for low vision, colour blindness and screen readers (what only a colour, a picture or small text said, words
#    say too): the tiles read say which a finding flags, with their confidence ("1. Rarin (to confirm, 0.40)"); a
#    picture's alt in the page's language alone, naming the picture (its caption says where); a flagged tile's box
#    told by its line too (``images._box``) in darker colours; the orange of words #9a5700 (4.5:1 and more); the second
#    language never under 12 px; the event's page heads its findings' columns and says each table's verdict in its
#    heading
# 13: a riichi tile named in English as its crop's alt and its findings name it ("9. East wind (error, 0.94)", not
#    "9. 1z": a screen reader spelt the id out), in a seat's tiles read and a crop's hover
# 14: a seat's tiles read said to be this game's names for another set's tiles where its photo shows them
#    (``other_set_words``); confidences rounded as the seats' CSV rounds them, never up to the threshold
#    (``rules.confidence_said``)
# 15: a tile to confirm whose next guess shown is a kind the table holds every copy of says it may be that copy over the
#    set's (``rules.unsure_findings``), on its own line and on its seat's one line of many (``model.grouped``)
PAGE_FORMAT = 15
# A phone lays a page out at its own width, not 980 px
VIEWPORT = "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
# The key of ``report.json`` holding the SHA-256 of the table's ``index.html`` as written with it: sealed with the
# report (``trust``), so that a page changed in the shared report folder (a forged verdict, a script) is told from
# the one the check wrote (``page_holds``) and drawn again from the sealed readings (``runner._rejudged``).
PAGE_HASH = "page_sha256"
# The key of ``report.json`` and ``event.json`` holding the language their page was made in ("en" or "ja": each line
# in it first): a check in the other language draws a table's page again (``runner``), from the readings kept. It says
# which language the page stored beside it is in, its last writer's: phones of one event in two languages each write
# the pages of their check in their own (each file saying its own); a page downloaded is made in the downloader's
# (``page_trusted``'s ``lang``: drawn again from the readings kept where the stored one is in the other).
PAGE_LANG = "page_lang"

# What may be a table not checked (``layout.skipped_unchecked``), counted by kind in the event's summary: (English,
# Japanese)
NOT_CHECKED_NOUNS = {"archive": ("compressed file", "圧縮ファイル"), "link": ("broken link", "リンク切れ")}
# Why a compressed file skipped unread leaves the event not in order, and what would do: (English, Japanese) for one
# file, then for more; the event's page and the app's event page say it
ARCHIVES_WHY = (("The compressed file was skipped unread and may hold a table's photos: unzip it into a folder of its "
                 "own and run the check again.",
                 "圧縮ファイルは読まずに飛ばしました。卓の写真が入っているかもしれません。別のフォルダに展開して、もう一度"
                 "チェックしてください。"),
                ("The compressed files were skipped unread and may hold a table's photos: unzip each into a folder of "
                 "its own and run the check again.",
                 "圧縮ファイルは読まずに飛ばしました。卓の写真が入っているかもしれません。それぞれ別のフォルダに展開して、"
                 "もう一度チェックしてください。"))
# Why a table folder's link skipped (in a loop, to nothing) leaves the event not in order, and what would do: (English,
# Japanese) for one link, then for more; the event's page and the app's event page say it
LINKS_WHY = (("The link leads to no table folder (it goes round in a loop, or its folder was moved or deleted), so no "
              "photo of it was read: make it lead to the table's folder, or remove it, and run the check again.",
              "リンク先に卓のフォルダがありません (リンクがループしているか、フォルダが移動か削除されています)。写真は読んで"
              "いません。卓のフォルダを指すように作り直すか削除して、もう一度チェックしてください。"),
             ("The links lead to no table folder (each goes round in a loop, or its folder was moved or deleted), so "
              "no photo of them was read: make each lead to its table's folder, or remove it, and run the check again.",
              "リンク先に卓のフォルダがありません (リンクがループしているか、フォルダが移動か削除されています)。写真は読んで"
              "いません。それぞれ卓のフォルダを指すように作り直すか削除して、もう一度チェックしてください。"))

# The first line of a table's page: it shows every seat's hand (English, Japanese; HTML as it is).
ORGANISERS = ("For the organisers: do not show this page to players before the hand is over (it shows every seat's "
              "hand).",
              "主催者用: 手が終わるまでプレイヤーに見せないでください (全員の手牌が載っています)。")
# The event's page, under its head: its links to the tables' pages are the report folder's (English, Japanese).
FOLDER_LINKS = ("The tables' links open their pages inside this report folder: keep the folder together (a page saved "
                "alone keeps its findings and pictures, not its links).",
                "卓へのリンクは、このレポートのフォルダの中の各卓のページを開きます。フォルダごと保存してください (1ページだけ"
                "保存すると、指摘と画像は残りますがリンクは開けません)。")

# Words and their backgrounds reach 4.5:1 (WCAG AA): the orange #9a5700 (5.6:1 with white; #bf6a02 was 3.98:1), as
# the thumbnails' (``images.COLOURS``); the second language's line never under 12 px (``max(.75rem,.85em)``: .85em of
# a small text, as a severity's .8rem, was 10.9 px)
CSS = """
body{font-family:system-ui,"Hiragino Sans","Yu Gothic","Meiryo","Noto Sans CJK JP","IPAexGothic",sans-serif;margin:1.5rem;color:#1f2328;max-width:70rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:1.6rem}
.verdict{display:inline-block;padding:.15rem .6rem;border-radius:.8rem;color:#fff;font-weight:600}
.verdict-ok{background:#1a7f37}.verdict-review{background:#9a5700}.verdict-fault{background:#cf222e}
.verdict-unchecked{background:#6e7781}
.unfinished{border:2px solid #cf222e;border-radius:.4rem;padding:.6rem .8rem;background:#fff5f5}
.attention{font-weight:600}.other-game{font-weight:600;color:#cf222e}.attention a{margin-right:.4rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d0d7de;padding:.4rem;text-align:left;
vertical-align:top}
.sev{font-weight:600;text-transform:uppercase;font-size:.8rem;white-space:nowrap;min-width:4.5em}.sev-error{color:#cf222e}
.sev-review{color:#9a5700}.sev-notice{color:#0969da}
.crops img{height:64px;margin:0 .3rem .3rem 0;border:2px solid #d0d7de;border-radius:3px}
.seats{display:flex;flex-wrap:wrap;gap:1rem}.seats figure{margin:0}.seats img{max-width:360px;border:1px solid #d0d7de}
.tiles-read{max-width:360px;font-size:.85rem;margin:.3rem 0 0}
figcaption{font-size:.85rem;color:#57606a}
.ja,.en{display:block;font-size:max(.75rem,.85em)}
.organisers{border-left:4px solid #9a5700;padding:.3rem .6rem;background:#fff8e5}.links{font-size:.85rem;color:#57606a}
td,th,figcaption,p{overflow-wrap:anywhere}.seats figure{max-width:100%}.seats img{max-width:min(360px,100%);height:auto}
.crops figure{display:inline-block;margin:0 .3rem .3rem 0;vertical-align:top}.crops figure img{margin:0}
.crops figcaption{font-size:.75rem;max-width:8rem}.crops .seat-thumb img{height:auto;width:min(240px,100%)}
.crops .seat-thumb figcaption{max-width:240px}
@media (max-width:40rem){body{margin:.6rem}td,th{padding:.3rem .2rem}.crops img{height:48px}}
"""


def page_lang(lang: str | None = None) -> str:
    """The language a page is made in: ``lang`` where given ("en" or "ja": the app's screen), else the command line's
    (``scorer.result.cli_lang``: ``TILELENS_LANG``, the locale). Every text of a page is in both languages, each
    tagged with its own; this is the page's own ``<html lang>`` and the first language of its title."""
    return lang if lang in ("en", "ja") else cli_lang()


def _page(title: tuple[str, str], body: str, lang: str | None = None) -> str:
    """A whole page: ``title`` (English, Japanese), said in the page's language first (``page_lang``)."""
    lang = page_lang(lang)
    shown = _in_order(*title, lang)
    return (f"<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">{VIEWPORT}<title>{escape(shown)}</title>"
            f"<style>{CSS}</style></head><body>\n{body}\n</body></html>\n")


def _crop_name(tile: TileRef) -> str:
    seat = "wall" if tile.seat == "wall" else f"seat{tile.seat}"
    return f"crops/{seat}-t{tile.index + 1:02d}.jpg"  # JPEG: a page inlines them all (``PAGE_FORMAT`` 9)


def _worst_marks(findings: tuple[Finding, ...]) -> dict[str, dict[int, Severity]]:
    """seat -> tile index -> the most serious severity of a finding about that tile (``SEVERITY_RANK``)."""
    marks: dict[str, dict[int, Severity]] = {}
    for f in findings:
        for t in f.tiles:
            seat_marks = marks.setdefault(t.seat, {})
            if t.index not in seat_marks or SEVERITY_RANK[f.severity] < SEVERITY_RANK[seat_marks[t.index]]:
                seat_marks[t.index] = f.severity
    return marks


class ReportNotWritten(TilelensInputError, OSError):
    """A report file the check cannot write for want of room (a full disk, a quota): the system's error named no file
    ("tilelens check: No space left on device"). Said in one line naming the file, with what to do, in English and
    Japanese; an ``OSError`` still (``errno``, ``filename``), so that it stops the check as any table would meet it."""

    def __init__(self, path: Path | str, code: int = errno.ENOSPC) -> None:
        OSError.__init__(self, code, os.strerror(code), str(path))
        self.message_ja = (f"{path}: ディスクに空きがありません (レポートを書き込めません)。空きを作ってから、同じ"
                           "コマンドをもう一度実行してください")

    def __str__(self) -> str:
        return (f"{self.filename}: the disk is full (the report cannot be written): free some space and run the same "
                "command again")

    def __reduce__(self) -> tuple:  # across a worker process, as made
        return type(self), (self.filename, self.errno)


@contextlib.contextmanager
def writing(path: Path):
    """Writing the report file ``path``: a full disk or quota said as :class:`ReportNotWritten`, another ``OSError``
    that names no file said of ``path``; others raised as they are."""
    try:
        yield
    except ReportNotWritten:
        raise
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise ReportNotWritten(exc.filename or path, exc.errno) from exc
        if exc.filename is None and exc.errno is not None:
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise


def _write(path: Path, data: bytes) -> None:
    with writing(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def write_images(out_dir: Path, report: TableReport, photos: dict[str, np.ndarray]) -> dict[str, bytes]:
    """Crops of every tile a finding is about and a thumbnail per seat; returns relative path -> bytes."""
    files: dict[str, bytes] = {}
    pil = {seat: im.to_pil(img) for seat, img in photos.items()}
    for f in report.findings:
        for t in f.tiles:
            name = _crop_name(t)
            if name not in files and t.seat in pil:
                files[name] = im.encode(im.crop_tile(pil[t.seat], t), "JPEG")
    for f in report.findings:  # a seat's photos where it has more than one (none read): each to choose from
        for key, name in _rival_thumbs(f).items():
            if key in pil:
                files[name] = im.encode(im.thumbnail(pil[key], {}, ()), "JPEG")
    marks = _worst_marks(report.findings)
    for reading in report.seats:
        if reading.seat in pil:
            thumb = im.thumbnail(pil[reading.seat], marks.get(reading.seat, {}), reading.tiles)
            label = "wall" if reading.seat == "wall" else f"seat{reading.seat}"
            files[f"thumbs/{label}.jpg"] = im.encode(thumb, "JPEG")
    for name, data in files.items():
        _write(out_dir / name, data)
    return files


# The findings the seat's thumbnail is shown beside, where they have no tile to crop: one of a seat's whole photo
# (another game's tiles, too dark, unreadable, face down), a count off and a photo copied across tables
SEAT_PHOTO_KINDS = frozenset({FindingKind.OTHER_GAME, FindingKind.POOR_PHOTO, FindingKind.UNREADABLE_PHOTO,
                              FindingKind.FACE_DOWN,
                              FindingKind.WRONG_COUNT, FindingKind.DUPLICATE_SEAT, FindingKind.NEAR_COPY})


def _rival_thumbs(f: Finding | dict[str, Any]) -> dict[str, str]:
    """``seat#N`` -> the thumbnail's name (``thumbs/seat2-photo1.jpg``) of each photo of a finding of a seat's photos
    (``data["photos"]``: "two photos for seat 2")."""
    kind, data, seats = ((f.kind, f.data, f.seats) if isinstance(f, Finding) else
                         (f.get("kind"), f.get("data") or {}, f.get("seats") or ()))
    if kind != FindingKind.DUPLICATE_SEAT or len(seats) != 1 or not isinstance(data.get("photos"), list):
        return {}
    return {f"{seats[0]}#{i + 1}": f"thumbs/seat{seats[0]}-photo{i + 1}.jpg" for i in range(len(data["photos"]))}


def seat_pictures(f: Finding | dict[str, Any]) -> list[tuple[str, str, str]]:
    """The thumbnails a finding shows beside it (it has no tile to crop): each (name in the table's report folder,
    English caption, Japanese caption): each photo of a seat that has more than one ("seat 2: seat2 (1).jpg"), or the
    seat's own photo of a finding of its whole photo (``SEAT_PHOTO_KINDS``: too dark, another set's tiles). A table's
    page, the event's page and the app's show them alike."""
    kind, data, seats, tiles = ((f.kind, f.data, f.seats, f.tiles) if isinstance(f, Finding) else
                                (f.get("kind"), f.get("data") or {}, f.get("seats") or (), f.get("tiles") or ()))
    if rivals := _rival_thumbs(f):
        seat = seats[0]
        return [(name, f"{where(seat)}: {photo}", f"{where_ja(seat)}: {photo}")
                for name, photo in zip(rivals.values(), data["photos"])]
    if kind in SEAT_PHOTO_KINDS and not tiles:
        # a count off (a photo may show fewer tiles than were dealt), a photo copied from another table: the seat's own
        # photo beside it, to look at before counting again (the other table's beside a copy: ``copied_from``)
        return [(f"thumbs/{'wall' if s == 'wall' else f'seat{s}'}.jpg", where(s), where_ja(s)) for s in seats]
    return []


def copied_from(f: Finding | dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """The other table's photo of a finding of a seat's photo copied across tables (a byte copy, ``copies``; a near
    copy, ``data["table"]``), for its thumbnail beside the seat's own (``seat_pictures``) on the event's page: each
    (table, name in its report folder, English caption, Japanese caption); the first table of several alone, none
    where its name is no plain folder name (``_plain_name``: a path, "..")."""
    kind, data = (f.kind, f.data) if isinstance(f, Finding) else (f.get("kind"), f.get("data") or {})
    if kind == FindingKind.DUPLICATE_SEAT and isinstance(data.get("copies"), list) and data["copies"]:
        other = data["copies"][0]
    elif kind == FindingKind.NEAR_COPY and "table" in data:
        other = data
    else:
        return []
    if not isinstance(other, dict) or not str(other.get("seat", "")).isdigit() or not other.get("table"):
        return []
    table, seat = str(other["table"]), str(other["seat"])
    if not _plain_name(table):
        return []
    return [(table, f"thumbs/seat{seat}.jpg", f"{table}, {where(seat)}", f"{table} の{where_ja(seat)}")]


def _thumb_figure(img: str, en: str, ja: str, lang: str = "en") -> str:
    """A thumbnail beside a finding, captioned in both languages, the page's (``lang``) first."""
    return (f"<figure class=\"seat-thumb\">{img}{_element('figcaption', escape(en), escape(ja), lang)}"
            f"</figure>") if img else ""


def _ordered(en: str, ja: str, lang: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """The (language, text) said first and second of a text in both: the page's language ``lang`` first.

    >>> _ordered("seat 2", "2番席", "ja")
    (('ja', '2番席'), ('en', 'seat 2'))
    """
    pairs = (("en", en), ("ja", ja))
    return (pairs[1], pairs[0]) if lang == "ja" else pairs


def _in_order(en: str, ja: str, lang: str) -> str:
    """A page's title in both languages, the page's (``lang``) first: "seat 2 / 2番席", 「2番席 / seat 2」."""
    return " / ".join(text for _, text in _ordered(en, ja, lang))


def _alt(en: str, ja: str, lang: str) -> str:
    """A picture's alt in the page's language ``lang`` alone, as its ``lang`` attribute says (a screen reader reads
    it in that language's voice): its caption beside it says it in both.

    >>> _alt(*HAND_PHOTO, "ja")
    '手牌の写真'
    """
    return ja if lang == "ja" else en


def _seat_thumbs(out_dir: Path, table: str, f: dict[str, Any], lang: str = "en") -> str:
    """The thumbnails beside a finding on the event's page (``seat_pictures``), from the table's report folder."""
    return "".join(_thumb_figure(f"<img src=\"{uri}\" alt=\"{escape(_alt(*HAND_PHOTO, lang))}\" lang=\"{lang}\">",
                                 en, ja, lang)
                   for where_from, name, en, ja in [*((table, *p) for p in seat_pictures(f)), *copied_from(f)]
                   if (uri := _crop_uri(out_dir, where_from, name)))


def _copied_thumbs(f: Finding, lang: str) -> str:
    """The other table's photo beside a finding of a photo copied across tables (``copied_from``) on a table's page of
    an event's report folder: its thumbnail by its path there (``../卓1/thumbs/seat2.jpg``), as the page's link back
    is (a page saved alone keeps its own pictures, not this one)."""
    return "".join(_thumb_figure(f"<img src=\"../{escape(quote(table))}/{escape(name)}\" "
                                 f"alt=\"{escape(_alt(*HAND_PHOTO, lang))}\" lang=\"{lang}\">", en, ja, lang)
                   for table, name, en, ja in copied_from(f))


def _img(files: dict[str, bytes], name: str, alt: str, extra: str = "", lang: str = "en") -> str:
    """An image of ``files`` inlined, said by ``alt`` in ``lang`` (its ``lang`` attribute, for a screen reader)."""
    if name not in files:
        return ""
    return f"<img src=\"{im.data_uri(files[name], _image_format(name))}\" alt=\"{escape(alt)}\" lang=\"{lang}\" {extra}>"


def _image_format(name: str) -> str:
    """The format of a report's picture by its name: JPEG (``.jpg``: thumbnails, and crops since ``PAGE_FORMAT`` 9),
    else PNG (the crops an older tilelens wrote)."""
    return "JPEG" if name.lower().endswith((".jpg", ".jpeg")) else "PNG"


def _two(en: str, ja: str, lang: str, span: bool = False) -> tuple[str, str]:
    """The language said first and the HTML of a text said in both (``en``, ``ja``: HTML, escaped by the caller): the
    page's language ``lang`` first (``_ordered``), the other on its own smaller line under it (``.ja``, ``.en``),
    tagged with its language; the one there is alone where the other is empty (an older report's finding of no
    Japanese). ``span``: the first too a span tagged with its language (a heading's words).

    >>> _two("error", "エラー", "en")
    ('en', 'error<span class="ja" lang="ja">エラー</span>')
    >>> _two("error", "エラー", "ja"), _two("error", "", "ja")
    (('ja', 'エラー<span class="en" lang="en">error</span>'), ('en', 'error'))
    >>> _two("Photos", "写真", "ja", span=True)[1]
    '<span lang="ja">写真</span><span class="en" lang="en">Photos</span>'
    """
    (first, said), (second, other) = _ordered(en, ja, lang)
    if not said:
        (first, said), (second, other) = (second, other), (first, said)
    tail = f"<span class=\"{second}\" lang=\"{second}\">{other}</span>" if other else ""
    return first, (f"<span lang=\"{first}\">{said}</span>" if span else said) + tail


def _element(tag: str, en: str, ja: str, lang: str, attrs: str = "", after: str = "") -> str:
    """``<tag attrs lang=... after>``: the element of a text said in both languages (HTML, ``_two``), tagged with the
    language said first: ``<td lang="ja">エラー<span class="en" lang="en">error</span></td>`` on a Japanese page."""
    first, inner = _two(en, ja, lang)
    return f"<{tag}{attrs} lang=\"{first}\"{after}>{inner}</{tag}>"


def game_names(game_id: str) -> tuple[str, str]:
    """The game's English and Japanese names for a report's reader (its id when it cannot be loaded; a game file no
    longer there by its file's name alone, not the path of the computer it was checked on: a page is downloaded and
    shared, to phones too). ``game_id``: a shipped game's id, a game file (a report's ``game_file``), or the id of a
    game added in the app.

    >>> game_names("/home/someone/club/gone-edition.toml")
    ('gone-edition.toml', 'gone-edition.toml')
    """
    from scorer import load_game

    try:
        known_games()
        game = load_game(game_id)
    except TilelensInputError:
        named = re.split(r"[\\/]", game_id)[-1] or game_id  # either system's separator: a report read elsewhere
        return named, named
    return game.name_en, game.name_ja


def known_games() -> None:
    """Let a report name the game it was checked for by its id where that is a game added in the app (the app's
    event page reads a report's ``game``: ``tilelens.cli.register_added_games``)."""
    from tilelens.cli import register_added_games

    register_added_games()


def report_game(report: TableReport | dict[str, Any]) -> str:
    """The game a report (``TableReport`` or ``report.json``/``event.json``'s dict) names its tiles and itself by: its
    game file where it keeps one (reports of a newer tilelens do), else its game as written.

    >>> report_game({"game": "precure", "game_file": "/club/precure.toml"}), report_game({"game": "nogizaka"})
    ('/club/precure.toml', 'nogizaka')
    """
    if isinstance(report, dict):
        return str(report.get("game_file") or report.get("game") or "")
    return report.game_file or report.game


def current_game(event: dict[str, Any]) -> str:
    """``report_game`` of ``event`` (an ``event.json`` as read), by the game's id where its game file is the table
    ``--game ID`` plays now: the game's current house table (``tilelens.home.edited_path``: a Rules page Save moves
    it to ``history/``, and the command named it by its hashed path), else its shipped or added file. A file of no
    such table (a club's own, or an edit saved over since) by its path, as the check was given it.

    >>> current_game({"game": "nogizaka"}), current_game({"game": "nogizaka", "game_file": "/club/x.toml"})
    ('nogizaka', '/club/x.toml')
    """
    game, game_id = report_game(event), event.get("game_id") or event.get("game")
    if not (isinstance(game_id, str) and game_id) or game == game_id or not game:
        return game
    from scorer.catalog import GAMES_DIR, list_games
    from tilelens.home import added_file, edited_path

    with contextlib.suppress(TilelensInputError, OSError, ValueError, RuntimeError):
        now = edited_path(game_id) or added_file(game_id) or (
            GAMES_DIR / f"{game_id}.toml" if game_id in list_games() else None)
        if now is not None and Path(game).resolve() == Path(now).resolve():
            return game_id
    return game


def tiles_read(tiles: list[dict[str, Any]], game: str) -> tuple[str, str]:
    """A seat's tiles read (``report.json``'s: ``index``, ``kind``, ``is_back``), in order, each numbered as its
    thumbnail numbers it and named as the findings above it name it: in English the game's English name with its id
    (a riichi tile's too: "8 Man (8m)"); in Japanese the game's name beside the id
    (``vision.read_cli.WORDS``): (English, Japanese); the pages a person reads name them without ids
    (``tile_labels``). A tile misread surely (8m read as 9m at 0.88) is no finding: this list is where a person
    sees it.

    >>> tiles_read([{"index": 0, "kind": "8m"}, {"index": 1, "kind": "", "is_back": True}], "tokyo-mahjong")
    ('Tiles read: 1. 8 Man (8m), 2. back', '読んだ牌: 1. 八萬 (8m)、2. 裏向き')
    >>> tiles_read([{"index": 0, "kind": "misa-senpai"}], "nogizaka")
    ('Tiles read: 1. Misa-senpai (misa-senpai)', '読んだ牌: 1. みさ先輩 (misa-senpai)')
    >>> tiles_read([], "nogizaka")
    ('No tiles read', '読めた牌はありません')
    """
    if not tiles:
        return "No tiles read", "読めた牌はありません"
    en, ja = tile_labels(tiles, game)
    return f"Tiles read: {', '.join(en)}", f"読んだ牌: {'、'.join(ja)}"


def tile_labels(tiles: list[dict[str, Any]], game: str, ids: bool = True) -> tuple[list[str], list[str]]:
    """``tiles_read``'s words of each tile: ``8. 9 Man (9m)`` and ``8. 九萬 (9m)``; ``1. Misa-senpai (misa-senpai)``
    and ``1. みさ先輩 (misa-senpai)``; without ``ids`` (what a person reads: the reports' pages, the app): ``8. 9 Man``
    and ``8. 九萬``, ``1. Misa-senpai`` and ``1. みさ先輩``, each named as its crop is (``alt_names``).

    >>> en, ja = tile_labels([{"index": 0, "kind": "misa-senpai"}], "nogizaka", ids=False)
    >>> en, ja
    (['1. Misa-senpai'], ['1. みさ先輩'])
    """
    from vision.read_cli import WORDS

    known_games()
    names = {lang: alt_names(game, lang) for lang in ("en", "ja")}

    def label(t: dict[str, Any], lang: str) -> str:
        kind = str(t.get("kind", ""))
        if t.get("is_back"):
            return WORDS[lang]["back"]
        if kind not in names[lang]:
            return kind
        if not ids:
            return names[lang][kind]
        if lang == "ja":
            return WORDS[lang]["named"].format(kind=kind, name=names[lang][kind])
        return f"{names[lang][kind]} ({kind})"  # as the findings say it (``tilelens.event.rules._label``)

    return ([f"{int(t['index']) + 1}. {label(t, lang)}" for t in tiles] for lang in ("en", "ja"))  # type: ignore[return-value]


def _names_en(game: str) -> dict[str, str]:
    """The English names of ``game``'s tiles by id where a name says more than the id, as its findings name them
    (``tilelens.event.rules._label``): a riichi game's too ("East wind": "1z" is no word a screen reader says well);
    none for a game not loaded."""
    from scorer import load_game

    try:
        g = load_game(game) if game else None
    except Exception:  # noqa: BLE001 - the list is still said, with the ids as read
        return {}
    if g is None:
        return {}
    return {t.id: t.name_en for t in g.tiles if t.name_en and t.name_en != t.id}


def alt_names(game: str, lang: str) -> dict[str, str]:
    """The names a tile is said by in the page's language ``lang`` (``_names_en``, ``_names_ja``): a crop's alt
    (``_crop_alt``; the app's event page's too) and a seat's tiles read (``tile_labels``) alike: "East wind", 東."""
    return _names_en(game) if lang == "en" else _names_ja(game)


def _names_ja(game: str) -> dict[str, str]:
    """The Japanese names of ``game``'s tiles by id (``vision.read_cli.names_ja``): a riichi game's too (九萬)."""
    from vision.read_cli import names_ja

    return names_ja(game)


def tile_ids(game: str) -> frozenset[str]:
    """The ids of the tiles of ``game`` (a report's ``report_game``); none where it cannot be loaded."""
    from scorer import load_game

    known_games()
    try:
        return frozenset(t.id for t in load_game(game).tiles) if game else frozenset()
    except Exception:  # noqa: BLE001 - a game gone since: its words said as written
        return frozenset()


def without_ids(text: str, ids: Container[str]) -> str:
    """``text`` without the tile ids written after tile names (``ids``: the game's, ``tile_ids``): "Kotoko (kotoko)"
    -> "Kotoko", "八萬 (8m)" -> "八萬". Ids are for the report files and the command line, not for a person reading a
    page.

    The space the rules put before a Japanese particle after an id goes with it ("琴子 (kotoko) を" -> "琴子を").

    >>> without_ids("Kotoko (kotoko) read 7 times (a misread)", {"kotoko"})
    'Kotoko read 7 times (a misread)'
    >>> without_ids("琴子 (kotoko) を7枚読みました (読み違いか)、琴子 (kotoko) 0.45", {"kotoko"})
    '琴子を7枚読みました (読み違いか)、琴子 0.45'

    A wait and its worth in one Japanese bracket (``rules._wait_said``) keep the worth alone:

    >>> without_ids("琴子 (kotoko、基本セット 60点)", {"kotoko"})
    '琴子 (基本セット 60点)'
    """
    text = re.sub(r" \(([^()\s、]+)、", lambda m: " (" if m.group(1) in ids else m.group(0), text)
    return re.sub(r" \(([^()\s]+)\)(?: (?=[\u3040-\u30ff\u4e00-\u9fff]))?",
                  lambda m: "" if m.group(1) in ids else m.group(0), text)


def _said(message: str, message_ja: str, ids: Container[str]) -> tuple[str, str]:
    """A finding's (English, Japanese) as a page says it: tiles by their names alone, the English a sentence."""
    return sentence(without_ids(message, ids)), without_ids(message_ja, ids)


def flagged_words(severity: Severity | None, confidence: float | None,
                  below: float | None = None) -> tuple[str, str] | None:
    """The words after a tile's name in a seat's tiles read where a finding of ``severity`` flags it, with its
    ``confidence`` (``FLAGGED``) as its finding says it (``rules.confidence_said``: never up to ``below``, the check's
    threshold), (English, Japanese): (" (to confirm, 0.40)", " (要確認、信頼度 0.40)"); the mark
    alone where ``confidence`` is None (" (to confirm)", " (要確認)": a report edited by hand); None for a tile not
    flagged, or flagged by a notice. The report's page says them (``_tiles_html``), the event page too."""
    if (flag := FLAGGED.get(severity)) is None:
        return None
    if confidence is None:
        return f" ({flag[0]})", f" ({flag[1]})"
    sure = confidence_said(confidence, below)
    return f" ({flag[0]}, {sure})", f" ({flag[1]}、信頼度 {sure})"


def other_set_words(seat: str, other_game: bool, findings: list[dict[str, Any]]) -> tuple[str, str] | None:
    """What a seat's tiles read are, said beside them, where its photo shows another set's tiles (``other_game``):
    ``OTHER_SET``, or ``MAYBE_OTHER_SET`` where its finding (of ``findings``, ``report.json``'s) says it only may
    (``possibly``); None for a seat of this game's tiles.

    >>> other_set_words("4", True, [{"kind": "other-game", "seats": ["4"], "data": {"possibly": True}}])[0]
    "perhaps another set's tiles, named as this game's: not to be trusted"
    """
    if not other_game:
        return None
    maybe = any(f.get("kind") == FindingKind.OTHER_GAME and seat in (f.get("seats") or ())
                and (f.get("data") or {}).get("possibly") for f in findings)
    return MAYBE_OTHER_SET if maybe else OTHER_SET


def _tiles_html(tiles: tuple[TileRef, ...], game: str, lang: str = "en",
                marks: dict[int, Severity] | None = None, below: float | None = None,
                other_set: tuple[str, str] | None = None) -> str:
    """A seat's tiles read on its figure, by their names (``tiles_read`` without ids): each in the page's language
    ``lang`` (its kind and confidence kept for a machine and a pointer's hover), then the other language's line. A
    tile a finding flags (``marks``: index -> its worst finding's severity, as its thumbnail boxes it) is said so with
    its confidence, in both lines: "1. Rarin (to confirm, 0.40)", 「1. らりん (要確認、信頼度 0.40)」 (``FLAGGED``;
    ``below``: the check's threshold). ``other_set``: the words of a seat showing another set's tiles
    (``other_set_words``), said after "Tiles read"."""
    if not tiles:
        en, ja = tiles_read([], game)
        return _element("p", escape(en), escape(ja), lang, " class=\"tiles-read\"")
    dicts = [{"index": t.index, "kind": t.kind, "is_back": t.is_back} for t in tiles]
    en, ja = tile_labels(dicts, game, ids=False)
    for i, t in enumerate(tiles):
        if (words := flagged_words((marks or {}).get(t.index), t.confidence, below)) is not None:
            en[i], ja[i] = en[i] + words[0], ja[i] + words[1]
    # the words of the page's language each a span keeping the tile's kind and confidence (a machine, a pointer's hover)
    (first, shown), (second, other) = _ordered(en, ja, lang)
    sep = {"en": ", ", "ja": "、"}
    lines = {first: sep[first].join(
        f"<span data-tile=\"{t.index + 1}\" data-read=\"{escape(t.kind)}\" "
        f"title=\"{confidence_said(t.confidence, below)}\">{escape(words)}</span>" for t, words in zip(tiles, shown)),
        second: escape(sep[second].join(other))}
    why = ({"en": f" ({escape(other_set[0])})", "ja": f" ({escape(other_set[1])})"} if other_set
           else {"en": "", "ja": ""})
    return _element("p", f"Tiles read{why['en']}: {lines['en']}", f"読んだ牌{why['ja']}: {lines['ja']}", lang,
                    " class=\"tiles-read\"")


def _both(en: str, ja: str, lang: str = "en") -> str:
    """A short fixed label in both languages, the page's (``lang``) first: ``Photos / 写真`` (「写真 / Photos」), each
    tagged with its language."""
    return " / ".join(f"<span lang=\"{ln}\">{escape(text)}</span>" for ln, text in _ordered(en, ja, lang))


def _verdict(v: Verdict, lang: str = "en") -> str:
    return (f"<span class=\"verdict verdict-{v}\" data-verdict=\"{v}\">{_both(VERDICT_TEXT[v], VERDICT_JA[v], lang)}"
            f"</span>")


def _finding_row(kind: str, severity: str, message: str, message_ja: str, crops: str, lang: str = "en") -> str:
    """One finding's row, on the table page (from a ``Finding``) and the event page (from its JSON): its words as a
    page says them (``_said``), the page's language (``lang``) first."""
    sev = Severity(severity)
    return (f"<tr class=\"finding\" data-finding=\"{escape(kind)}\" data-severity=\"{sev}\">"
            + _element("td", str(sev), escape(SEVERITY_JA[sev]), lang, f" class=\"sev sev-{sev}\"")
            + _element("td", escape(message), escape(message_ja), lang) + f"<td class=\"crops\">{crops}</td></tr>")


def _crop_said_ja(seat: str, index: int, kind: str, names: dict[str, str]) -> str:
    """Where a finding's tile crop is and what it was read as, in Japanese, by its name (``names``: Japanese) where it
    has one: 「2番席の1枚目: みさ先輩」 (a crop's hover on a Japanese page)."""
    return f"{where_ja(seat)}の{index + 1}枚目: {names.get(kind, kind) or '裏向き'}"


def _crop_alt(kind: str, names: dict[str, str], lang: str = "en") -> str:
    """A finding's tile crop's alt, in the page's language ``lang`` alone (``names``: that language's), naming the
    picture: the tile it was read as; its caption under it says where it is ("seat 2, tile 1", both languages).

    >>> _crop_alt("misa-senpai", {"misa-senpai": "みさ先輩"}, "ja"), _crop_alt("", {}, "en")
    ('みさ先輩と読んだ牌', 'a tile face down')
    """
    name = names.get(kind, kind)
    if lang == "ja":
        return f"{name}と読んだ牌" if name else "裏向きの牌"
    return f"tile read as {name}" if name else "a tile face down"


def _crop_figure(img: str, seat: str, index: int, lang: str = "en") -> str:
    """A crop (its ``<img>``) with its short visible caption under it, in both languages, the page's (``lang``) first:
    "seat 2, tile 1" / 「2番席の1枚目」 (the picture alone said nothing one can see)."""
    if not img:
        return ""
    en = "the wall" if seat == "wall" else f"seat {seat}"
    caption = _element("figcaption", escape(f"{en}, tile {index + 1}"), escape(f"{where_ja(seat)}の{index + 1}枚目"), lang)
    return f"<figure data-seat=\"{escape(seat)}\" data-tile=\"{index + 1}\">{img}{caption}</figure>"


def _tile_crops(f: Finding, files: dict[str, bytes], names: dict[str, str], lang: str,
                below: float | None = None) -> str:
    """The crops of a finding's tiles, each said in the page's language ``lang`` by its name (``names``: that
    language's, ``alt_names``) where it has one, its id kept in its data for a machine: its alt the tile it was read as
    (``_crop_alt``), its hover where it is and how sure (as its finding says it: ``below``, the check's threshold):
    "seat 2, tile 1: Misa-senpai (0.50)", 「2番席の1枚目: みさ先輩 (信頼度 0.50)」."""

    def hover(t: TileRef) -> str:
        sure = confidence_said(t.confidence, below)
        if lang == "ja":
            return f"{_crop_said_ja(t.seat, t.index, t.kind, names)} (信頼度 {sure})"
        return f"seat {t.seat}, tile {t.index + 1}: {names.get(t.kind, t.kind)} ({sure})"

    return "".join(_crop_figure(_img(files, _crop_name(t), _crop_alt(t.kind, names, lang),
                                     f"data-seat=\"{escape(t.seat)}\" data-kind=\"{escape(t.kind)}\" "
                                     f"title=\"{escape(hover(t))}\"", lang), t.seat, t.index, lang)
                   for t in f.tiles)


def findings_table(findings: tuple[Finding, ...], files: dict[str, bytes], game: str = "",
                   lang: str | None = None, others: bool = False, below: float | None = None) -> str:
    """The HTML table of findings with their crops (or a line saying there are none); ``game``: the game whose
    tiles they name (``report_game``), said by their names alone; ``lang``: the page's language (``page_lang``),
    said first, the crops' words'; ``others``: a table of an event's report folder, the other table's photo shown
    beside a photo copied across tables (``_copied_thumbs``); ``below``: the check's threshold (``_tile_crops``)."""
    lang = page_lang(lang)
    if not findings:
        return _element("p", "Nothing to report: every seat is in order.", "指摘はありません。どの席も問題ありません。",
                        lang, " class=\"none\"")
    ids, names = tile_ids(game), alt_names(game, lang)  # a riichi tile's by its name ("7 Pin"), as the findings say it
    # a photo that is one with photos at many other tables: one row naming them in short (``copies.across_told``, as
    # the event's page and the command line tell it); report.json keeps each
    from tilelens.event.copies import across_told

    dicts = [f.to_dict() for f in findings]
    by_id = {id(d): f for d, f in zip(dicts, findings)}
    told = [(by_id.get(id(d)), d) for d in across_told(dicts)]
    rows = "\n".join(_finding_row(f.kind, f.severity, *_said(f.message, f.message_ja, ids),
                                   _tile_crops(f, files, names, lang, below)
                                   + "".join(_thumb_figure(_img(files, name, _alt(*HAND_PHOTO, lang), lang=lang), en,
                                                           ja, lang) for name, en, ja in seat_pictures(f))
                                   + (_copied_thumbs(f, lang) if others else ""), lang)
                      if f is not None else
                      _finding_row(d["kind"], d["severity"], *_said(d["message"], d.get("message_ja", ""), ids), "",
                                   lang)
                      for f, d in told)
    return f"<table class=\"findings\">{_findings_head(lang)}\n{rows}</table>"


def _findings_head(lang: str) -> str:
    """The header row of a findings table, a table's page's and the event page's alike (a screen reader names each
    cell's column by it)."""
    heads = "".join(f"<th>{_both(en, ja, lang)}</th>" for en, ja in (("severity", "重要度"), ("finding", "指摘"),
                                                                     ("tiles", "牌")))
    return f"<tr>{heads}</tr>"


def table_html(report: TableReport, files: dict[str, bytes], event_link: bool = False, lang: str | None = None) -> str:
    """The self-contained HTML page of one table; ``event_link``: a table of an event's report folder, whose page
    links back to the event's (``../index.html``); ``lang``: the language it is made in (``page_lang``)."""
    v, t, shown_in = report.verdict, report.table, page_lang(lang)
    figures, marks = [], _worst_marks(report.findings)  # the tiles its thumbnail boxes, said in its list too
    others = [f.to_dict() for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    for s in report.seats:
        label = "wall" if s.seat == "wall" else f"seat{s.seat}"
        dealer = s.seat == report.dealer
        who = "wall" if s.seat == "wall" else f"seat {s.seat}" + (" (dealer)" if dealer else "")
        who_ja = where_ja(s.seat) + (" (親)" if dealer else "")
        thumb = _img(files, f"thumbs/{label}.jpg", _alt(*NUMBERED_PHOTO, shown_in), lang=shown_in)
        caption = _element("figcaption", escape(f"{who}: {len(s.tiles)} tiles read from {s.photo}"),
                           escape(f"{who_ja}: {s.photo} から{len(s.tiles)}枚読みました"), shown_in)
        listed = _tiles_html(s.tiles, report_game(report), shown_in, marks.get(s.seat), report.min_confidence,
                             other_set_words(s.seat, s.other_game, others))
        figures.append(f"<figure data-seat=\"{escape(s.seat)}\">{thumb}{caption}{listed}</figure>")
    game_en, game_ja = game_names(report_game(report))
    named, named_ja = table_named(t)  # "table-03" once, not "Table table-03"
    if named != t:  # "table t7": the word ours, capitalised; a table's own name as written ("table-03")
        named = named[:1].upper() + named[1:]
    title = _both(named, named_ja, shown_in) if named != named_ja else escape(named)
    back_to = _both("All tables of the event (opens inside the report folder)",
                    "イベントの全卓 (レポートのフォルダの中で開きます)", shown_in)
    back = f"<p class=\"back\"><a href=\"../{REPORT_HTML}\">&larr; {back_to}</a></p>\n" if event_link else ""
    game_line = _element("p", escape(f"Game: {game_en}. Checked in {report.seconds:.1f} s."),
                         escape(f"ゲーム: {game_ja}。チェックにかかった時間: {report.seconds:.1f}秒。"), shown_in)
    findings = findings_table(report.findings, files, report_game(report), shown_in, others=event_link,
                              below=report.min_confidence)
    organisers = _element("p", *ORGANISERS, shown_in, " class=\"organisers\"")
    body = (f"{organisers}\n{back}<h1>{title} {_verdict(v, shown_in)}</h1>\n{game_line}\n"
            f"<h2>{_both('Findings', '指摘', shown_in)}</h2>\n{findings}\n"
            f"<h2>{_both('Photos', '写真', shown_in)}</h2>\n<div class=\"seats\">{''.join(figures)}</div>")
    return _page((f"{named}: {VERDICT_TEXT[v]}", f"{named_ja}: {VERDICT_JA[v]}"), body, lang)


def table_dict(report: TableReport, lang: str | None = None) -> dict[str, Any]:
    """``report.json`` of a table: the report plus, for each finding's tiles, their crop file, the format of the
    page and thumbnails written with it (``PAGE_FORMAT``) and the language it was made in (``PAGE_LANG``: ``lang``,
    ``page_lang``)."""
    d = {**report.to_dict(), "page_format": PAGE_FORMAT, PAGE_LANG: page_lang(lang)}  # the page written with it
    for fd, f in zip(d["findings"], report.findings):
        for td, t in zip(fd["tiles"], f.tiles):
            td["crop"] = _crop_name(t)
    return d


def embedded_file(folder: Path, name: str) -> Path | None:
    """``folder / name`` where it is a regular file inside ``folder``, through any link (one leading out of it is
    not), else None: a report's ``report.json`` names the crops its pages embed, and one edited by hand (or a link put
    in its ``crops/`` or ``thumbs/``) may name any file of the computer (``../../secret.txt``, an absolute path), which
    would be embedded into a page shared with the event (and shown by the app's Browse)."""
    try:
        inside = folder.resolve()
        path = (folder / name).resolve()
        return path if path.is_relative_to(inside) and stat.S_ISREG(path.stat().st_mode) else None
    except (OSError, ValueError, RuntimeError):  # gone, a name of a NUL, a loop of links
        return None


def _embedded(folder: Path, name: str) -> bytes | None:
    """The bytes of ``embedded_file(folder, name)``, or None."""
    path = embedded_file(folder, name)
    try:
        return path.read_bytes() if path is not None else None
    except OSError:
        return None


def _own_folder(path: Path) -> None:
    """``path`` made a folder of its own where it is a link (a table's report folder, its ``crops/`` or ``thumbs/``,
    linked elsewhere in a shared report folder): the link removed, so that nothing is written through it."""
    if path.is_symlink():
        path.unlink()


def _page_hash(page: bytes) -> str:
    return hashlib.sha256(page).hexdigest()


def _write_page_and_report(out_dir: Path, report: TableReport, page: str, lang: str | None = None) -> dict[str, Any]:
    """Write a table's ``index.html`` (``page``, made in ``lang``) and its ``report.json``, sealed with the page's hash
    (``PAGE_HASH``); returns the JSON dict. ``report.json`` last: its presence (with the fingerprint) marks the table as
    done."""
    data = page.encode("utf-8")
    d = sealed({**table_dict(report, lang), PAGE_HASH: _page_hash(data)})
    with writing(out_dir / REPORT_HTML):
        atomic_write_bytes(out_dir / REPORT_HTML, data)
    with writing(out_dir / REPORT_JSON):
        atomic_write_text(out_dir / REPORT_JSON, json.dumps(d, ensure_ascii=False, indent=1))
    return d


def page_holds(out_dir: Path, stored: dict[str, Any]) -> bool:
    """Whether the table's ``index.html`` in ``out_dir`` is the page written with ``stored`` (its ``report.json``,
    sealed: ``trust.is_sealed``): its hash the one sealed with it. A page changed since, or a report of none (written
    before pages were hashed), is not."""
    said = stored.get(PAGE_HASH)
    try:
        return isinstance(said, str) and _page_hash((out_dir / REPORT_HTML).read_bytes()) == said
    except OSError:
        return False


def write_table_report(out_dir: Path, report: TableReport, photos: dict[str, np.ndarray],
                       event_link: bool = False, lang: str | None = None) -> dict[str, Any]:
    """Write ``report.json``, ``index.html``, crops and thumbnails of one table; returns the JSON dict.
    ``event_link``: the table is one of an event's report folder (its page links back to the event's); ``lang``: the
    language its page is made in (``page_lang``)."""
    _own_folder(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for sub in ("crops", "thumbs"):  # a re-check must not leave the crops of an older one
        _own_folder(out_dir / sub)
        shutil.rmtree(out_dir / sub, ignore_errors=True)
    files = write_images(out_dir, report, photos)
    return _write_page_and_report(out_dir, report, table_html(report, files, event_link, lang), lang)


def _written_images(out_dir: Path) -> dict[str, bytes]:
    """The crops and thumbnails a table's report folder ``out_dir`` holds (those inside it: ``embedded_file``), by
    their names in its page (``crops/seat2-t03.jpg``): its page drawn again of them, no photo read."""
    return {f"{sub}/{p.name}": data for sub in ("crops", "thumbs") if (out_dir / sub).is_dir()
            for p in sorted((out_dir / sub).iterdir()) if (data := _embedded(out_dir, f"{sub}/{p.name}")) is not None}


def rewrite_table_report(out_dir: Path, report: TableReport, lang: str | None = None) -> dict[str, Any]:
    """Write ``report.json`` and ``index.html`` of a table again, for findings said after it was checked (a near copy
    at another table, ``runner._say_near_copies_across``), with the crops and thumbnails written then
    (``_written_images``); returns the JSON dict."""
    return _write_page_and_report(out_dir, report, table_html(report, _written_images(out_dir), True, lang),
                                  lang)  # the runner's


def _crop_uri(out_dir: Path, table: str, crop: str) -> str:
    """A finding's tile crop inlined: only a file inside the table's report folder, itself in ``out_dir``."""
    folder = out_dir / table
    try:
        if not folder.resolve().is_relative_to(out_dir.resolve()):  # a table named "..", a table folder linked out
            return ""
    except (OSError, ValueError, RuntimeError):
        return ""
    data = _embedded(folder, crop)  # a report of an older ``PAGE_FORMAT`` names PNG crops (``crops/seat2-t03.png``)
    return im.data_uri(data, _image_format(crop)) if data is not None else ""


def event_html(out_dir: Path, event: dict[str, Any], lang: str | None = None) -> str:
    """The event page: a line per table, and each table's findings with crops inline; for a check that did
    not finish (``finished`` false), that first, why, and a line per table it did not check (``unchecked``).
    ``lang``: the language it is made in (``page_lang``)."""
    rows, sections = [], []
    # the crops said in the page's language, as the table's page says them (an English alt on a Japanese page)
    shown_in = page_lang(lang)
    ids = tile_ids(report_game(event))
    names = alt_names(report_game(event), shown_in)  # the crops' alt (a riichi tile's by its name: "7 Pin")
    for t in event["tables"]:
        v = Verdict(t["verdict"])
        rows.append(f"<tr data-table=\"{escape(t['table'])}\"><td><a href=\"{escape(quote(t['table']))}/{REPORT_HTML}\">"
                    f"{escape(t['table'])}</a></td><td>{_verdict(v, shown_in)}</td>"
                    + "".join(f"<td>{t['counts'].get(str(sev), 0)}</td>" for sev in Severity) + "</tr>")
        if not t["findings"]:
            continue
        items = []
        for f in grouped(t["findings"]):  # as the app's event page tells them; the table's report files keep each
            crops = "".join(_crop_figure(
                f"<img src=\"{_crop_uri(out_dir, t['table'], td['crop'])}\" "
                f"alt=\"{escape(_crop_alt(td['kind'], names, shown_in))}\" "
                f"lang=\"{shown_in}\" data-kind=\"{escape(td['kind'])}\">", str(td['seat']), int(td['index']),
                shown_in) for td in f["tiles"] if f["severity"] != "notice")
            crops += _seat_thumbs(out_dir, t["table"], f, shown_in)
            items.append(_finding_row(f["kind"], f["severity"], *_said(f["message"], f.get("message_ja", ""), ids),
                                      crops, shown_in))
        sections.append(f"<section id=\"{_anchor(t['table'])}\" data-table=\"{escape(t['table'])}\">"
                        f"<h2>{escape(t['table'])} {_verdict(v, shown_in)}</h2>"  # its verdict in words too
                        f"<table class=\"findings\">{_findings_head(shown_in)}{''.join(items)}</table></section>")
    unchecked = [] if event.get("finished", True) else [str(name) for name in event.get("unchecked", [])]
    for name in unchecked:  # no link: a page there is of a check before, not of this one
        rows.append(f"<tr data-unchecked=\"{escape(name)}\"><td>{escape(name)}</td><td><span class=\"verdict "
                    f"verdict-unchecked\">{_both('not checked', '未チェック', shown_in)}</span></td>"
                    + "<td></td>" * len(Severity) + "</tr>")
    n_ok = sum(t["verdict"] == "ok" for t in event["tables"])
    n, models = len(event["tables"]), event["model_version"]
    game_en, game_ja = game_names(report_game(event))
    files, files_ja, unread = not_checked_said(event.get("skipped", []))
    if event.get("finished", True) and unread:  # a table's photos, perhaps, not checked: not "N of N in order"
        # (event.json's in_order is false, the exit status 1)
        names = ", ".join(unread)
        head_ja = (f"配牌チェック: すべて問題なしとは言えません ({n}卓中{n_ok}卓が問題なし。{files_ja} ({names}) は"
                   f"チェックしていません)")
        why, why_ja = not_checked_why(event["skipped"])
        said = (f"Event check, not in order: {n_ok} of {n} tables in order, {files} not checked ({names})", head_ja)
        extra = _element("p", escape(why), escape(why_ja), shown_in, " class=\"unread\"")
        title = ("Event check, not in order", "配牌チェック (問題あり)")
    elif event.get("finished", True):  # one written before event.json said whether it finished: it did
        said, extra = (f"Event check: {n_ok} of {n} tables in order", f"配牌チェック: {n}卓中{n_ok}卓が問題なし"), ""
        title = ("Event check", "配牌チェック")
    elif not n and not unchecked:  # stopped before any table was known (the event folder not read yet)
        said = ("Event check, not finished: no table checked", "配牌チェック (未完了): チェックした卓はありません")
        extra = _unfinished_html(event, 0, 0, [], same_command(out_dir, event), shown_in)
        title = ("Event check, not finished", "配牌チェック (未完了)")
    else:
        total = n + len(unchecked)
        said = (f"Event check, not finished: {n} of {total} tables checked, {n_ok} in order",
                f"配牌チェック (未完了): {total}卓中{n}卓をチェック、{n_ok}卓が問題なし")
        extra = _unfinished_html(event, n, total, unchecked, same_command(out_dir, event), shown_in)
        title = ("Event check, not finished", "配牌チェック (未完了)")
    head = f"<h1>{_two(escape(said[0]), escape(said[1]), shown_in, span=True)[1]}</h1>{extra}"
    if other := event.get("other_game"):  # most tables' tiles another game's: said ahead of their errors
        looks = f" data-looks-like=\"{escape(str(other.get('looks_like', '')))}\""
        head += _element("p", escape(sentence(str(other.get("message", "")))), escape(str(other.get("message_ja", ""))),
                         shown_in, " class=\"other-game\"", looks)
    head += _attention_html(event["tables"], shown_in)
    head += _element("p", *FOLDER_LINKS, shown_in, " class=\"links\"") if rows else ""
    tileset = tileset_shown(event)  # the tile set every seat was read with (--tileset): the page goes to phones
    head += _element("p", escape(f"Game: {game_en}; models {models}" + (f"; tile set {tileset}." if tileset else ".")),
                     escape(f"ゲーム: {game_ja}。モデル: {models}。" + (f"牌セット: {tileset}。" if tileset else "")), shown_in)
    columns = [("table", "卓"), ("verdict", "判定"), *((COUNT_TEXT[sev], SEVERITY_JA[sev]) for sev in Severity)]
    summary = (f"<table class=\"tables\"><tr>{''.join(f'<th>{_both(en, ja, shown_in)}</th>' for en, ja in columns)}"
               f"</tr>{''.join(rows)}</table>")
    return _page(title, head + summary + _skipped_html(event.get("skipped", []), shown_in) + "".join(sections), lang)


def not_checked_said(skipped: list[dict[str, Any]]) -> tuple[str, str, list[str]]:
    """The entries of ``skipped`` (``event.json``'s) that may be tables not checked (``layout.skipped_unchecked``):
    how many of each kind, in English and Japanese (``NOT_CHECKED_NOUNS``), and their names, compressed files first,
    as said.

    >>> not_checked_said([{"folder": "t2", "kind": "loop"}, {"folder": "t5", "kind": "gone"},
    ...                   {"folder": "day1", "kind": "report"}, {"folder": "t3.zip", "kind": "archive"}])
    ('1 compressed file and 2 broken links', '圧縮ファイル 1件とリンク切れ 2件', ['t3.zip', 't2', 't5'])
    """
    unread = sorted(skipped_unchecked(skipped), key=lambda f: f.get("kind") != "archive")
    counts = Counter("archive" if f.get("kind") == "archive" else "link" for f in unread)
    said = [(f"{n} {en}{'s' if n > 1 else ''}", f"{ja} {n}件") for kind, (en, ja) in NOT_CHECKED_NOUNS.items()
            if (n := counts[kind])]
    names = [str(f.get("folder", "")) for f in unread]
    return " and ".join(en for en, _ in said), "と".join(ja for _, ja in said), names


def not_checked_why(skipped: list[dict[str, Any]]) -> tuple[str, str]:
    """Why the entries of ``skipped`` that may be tables not checked (``not_checked_said``) leave the event not in
    order, and what to do, in English and Japanese: compressed files' words (``ARCHIVES_WHY``), then broken links'
    (``LINKS_WHY``), each for one or many."""
    unread = skipped_unchecked(skipped)
    zipped = sum(f.get("kind") == "archive" for f in unread)
    whys = [words[count > 1] for words, count in ((ARCHIVES_WHY, zipped), (LINKS_WHY, len(unread) - zipped)) if count]
    return " ".join(en for en, _ in whys), "".join(ja for _, ja in whys)


def _anchor(table: str) -> str:
    """The id of a table's section on the event page (a name with a space or a ``#`` encoded, as its link)."""
    return escape(quote(table, safe=""))


def _attention_html(tables: list[dict[str, Any]], lang: str = "en") -> str:
    """The tables to look at, named above the list of every table: those not in order, then those with tiles to
    confirm, each a link to its findings below (nothing where every table checked is in order); the page's language
    (``lang``) first, its line the one of links."""
    linked: dict[str, list[str]] = {"en": [], "ja": []}  # the page's line: each table a link to its findings
    plain: dict[str, list[str]] = {"en": [], "ja": []}  # the other line: the tables named
    for verdict, en, ja in ((Verdict.FAULT, "Not in order", "問題あり"), (Verdict.REVIEW, "Tiles to confirm", "要確認")):
        names = [t["table"] for t in tables if t["verdict"] == verdict]
        if names:
            links = [f"<a href=\"#{_anchor(n)}\">{escape(n)}</a>" for n in names]  # with commas, as the plain line
            linked["en"].append(f"{escape(en)} ({len(names)}): {', '.join(links)}")
            linked["ja"].append(f"{escape(ja)} ({len(names)}卓): {'、'.join(links)}")
            plain["en"].append(escape(f"{en} ({len(names)}): {', '.join(names)}"))
            plain["ja"].append(escape(f"{ja} ({len(names)}卓): {'、'.join(names)}"))
    if not linked["en"]:
        return ""
    ends = {"en": (". ", "."), "ja": ("。", "。")}
    page = _ordered("en", "ja", lang)[0][0]  # its line the one of links
    said = {ln: ends[ln][0].join((linked if ln == page else plain)[ln]) + ends[ln][1] for ln in ends}
    return f"<p class=\"attention\">{_two(said['en'], said['ja'], lang, span=True)[1]}</p>"


def unfinished_words(event: dict[str, Any]) -> tuple[str, str]:
    """Why the check of ``event`` did not finish: (English, Japanese), from its ``stopped``."""
    stopped = event.get("stopped") or {}
    if not isinstance(stopped, dict):
        return str(stopped), str(stopped)
    reason = str(stopped.get("reason") or stopped.get("kind") or "stopped before its end")
    return reason, str(stopped.get("reason_ja") or reason)


def same_command(out_dir: Path, event: dict[str, Any]) -> str:
    """The command that checks the rest of the event ``event`` (its ``event.json`` as its check writes it into the
    report folder ``out_dir``), as the page of a check stopped midway says it: that page goes to any visitor of the
    app, phones included (the event's zip), so it names no folder of this computer: ``tilelens check EVENT --game
    GAME`` with the event folder (and a game file) by its own name, run in the folder that holds it, with ``--out
    REPORT`` by its name where the report is beside the event folder; "" where it is elsewhere (the page then says
    to run the same command again, with no command). The check writing it knows its event folder
    (``event_dir``; ``event_folder_here`` asks a report folder found on disk). The app and the command line say the
    whole command (``runner.check_command_here``).

    >>> same_command(Path("/ev/day 1/_report"), {"event_dir": "/ev/day 1", "game": "nogizaka"})
    "tilelens check 'day 1' --game nogizaka"
    """
    where, game = event.get("event_dir"), event.get("game")
    if not (isinstance(where, str) and where):
        return ""
    event_dir = Path(where)
    game = re.split(r"[\\/]", game)[-1] if isinstance(game, str) and game else "GAME"  # a game file by its name
    tileset = tileset_shown(event)  # the set read with (--tileset): a set's folder by its name
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        if out_dir.resolve() == (event_dir / DEFAULT_REPORT).resolve():
            return command_line(event_dir.name, game, tileset=tileset)
        if out_dir.resolve().parent == event_dir.resolve().parent:
            return command_line(event_dir.name, game, out=out_dir.name, tileset=tileset)
    return ""


def event_tileset(event: object) -> str:
    """The enrolled tile set every seat of the check of ``event`` (an ``event.json`` as read) was read with
    (``tilelens check --tileset``, the Event page's Tile set): its name or folder as the check was given it; "" for
    the game's own model (and for anything else in its place: an ``event.json`` edited by hand).

    >>> event_tileset({"tileset": "hk-mahjong"}), event_tileset({}), event_tileset({"tileset": 3})
    ('hk-mahjong', '', '')
    """
    tileset = event.get("tileset") if isinstance(event, dict) else None
    return tileset.strip() if isinstance(tileset, str) else ""


def tileset_shown(event: object) -> str:
    """``event_tileset`` by its name alone, a set's folder (``--tileset ~/sets/hk-mahjong``) by its last part, as the
    event's page and the command that checks the rest say it: they go to any visitor, phones included, and name no
    folder of this computer.

    >>> tileset_shown({"tileset": "/home/me/sets/hk-mahjong"}), tileset_shown({"tileset": "hk"}), tileset_shown({})
    ('hk-mahjong', 'hk', '')
    """
    return re.split(r"[\\/]", event_tileset(event))[-1]


def written_by_older(report: object) -> bool:
    """Whether a table's ``report.json`` (as read) was written by an older tilelens: its ``page_format`` older than
    today's ``PAGE_FORMAT``, or none. Its words, and perhaps its findings, are not today's: the Event page says so, and
    ``tilelens check`` says so of the tables it reads again (``runner.EventResult.older``).

    >>> written_by_older({"page_format": PAGE_FORMAT}), written_by_older({"page_format": 1}), written_by_older({})
    (False, True, True)
    """
    page = report.get("page_format") if isinstance(report, dict) else None
    return not (isinstance(page, int) and not isinstance(page, bool) and page >= PAGE_FORMAT)


# The starts of a path as a visitor from the network is shown it (``shown``) that a shell expands: left unquoted.
_EXPANDED = (("$TILELENS_HOME/", '"$TILELENS_HOME"/'), ("~/", "~/"))


def command_line(where: str, game: str, shown: Callable[[str], str] | None = None, out: str = "",
                 tileset: str = "") -> str:
    """``tilelens check WHERE --game GAME`` (and ``--tileset TILESET``, ``--out OUT``) quoted as a shell takes it (a
    folder with a space in its name pastes as one word): the one builder of the command every part of tilelens says.
    ``shown``: how a visitor from the network names a path (the app's ``visitor.shown_path``:
    ``runner.check_command_here``'s), the folder, a game file and a set's folder said so, ``$TILELENS_HOME/`` and
    ``~/`` left for the shell to expand. ``tileset``: the set the check read every seat with (``event_tileset``): a
    check again without it reads every table with the game's own model.

    >>> command_line("/ev/day 1", "nogizaka")
    "tilelens check '/ev/day 1' --game nogizaka"
    >>> command_line("/h/scratch/ab", "nogizaka", lambda p: p.replace("/h/", "$TILELENS_HOME/"))
    'tilelens check "$TILELENS_HOME"/scratch/ab --game nogizaka'
    """
    def said(path: str) -> str:
        named = shown(path) if shown is not None else path
        for start, kept in _EXPANDED:
            if named.startswith(start) and named != path:
                return kept + shlex.quote(named.removeprefix(start))
        return shlex.quote(named)

    game = game or "GAME"
    a_file = "/" in game or "\\" in game  # a game file: its path said as a folder's is
    line = f"tilelens check {said(where)} --game {said(game) if a_file else shlex.quote(game)}"
    if tileset:  # a set's folder said as a game file is
        a_folder = "/" in tileset or "\\" in tileset
        line += f" --tileset {said(tileset) if a_folder else shlex.quote(tileset)}"
    return f"{line} --out {said(out)}" if out else line


def _unfinished_html(event: dict[str, Any], done: int, total: int, unchecked: list[str], command: str = "",
                     lang: str = "en") -> str:
    """The word, above all else, that the check did not finish: why, the tables it did not check, and the command that
    checks the rest (``same_command``); the page's language (``lang``) first."""
    why, why_ja = unfinished_words(event)
    names, names_ja = ", ".join(unchecked) or "none", "、".join(unchecked) or "なし"
    stopped = event.get("stopped")
    kind = stopped.get("kind", "") if isinstance(stopped, dict) else ""
    if not total:  # no table known: the event folder was not read
        en = f"The check did not finish ({why}): no table was checked. Run the same command again to check the event"
        ja = f"チェックは終わっていません ({why_ja})。どの卓もチェックしていません。同じコマンドをもう一度実行するとチェックします"
    else:
        en = (f"The check did not finish ({why}): {done} of {total} tables checked. Not checked: {names}. Run the "
              f"same command again to check the rest")
        ja = (f"チェックは終わっていません ({why_ja})。{total}卓中{done}卓をチェックしました。チェックしていない卓: {names_ja}。"
              f"同じコマンドをもう一度実行すると残りをチェックします")
    stopped_as = f" data-stopped=\"{escape(str(kind))}\""
    if not command:
        return _element("p", escape(en + "."), escape(ja + "。"), lang, " class=\"unfinished\"", stopped_as)
    code = f"<code class=\"command\">{escape(command)}</code>"  # the command as it is typed, in both lines
    return _element("p", f"{escape(en)}: {code}", f"{escape(ja)}: {code}", lang, " class=\"unfinished\"", stopped_as)


def _skipped_html(skipped: list[dict[str, str]], lang: str = "en") -> str:
    """The folders of the event folder not checked as tables, and why (so that none is missed unseen); the page's
    language (``lang``) first, the folder named on its line."""
    if not skipped:
        return ""

    def item(f: dict[str, str]) -> str:
        folder, en, ja = escape(f["folder"]), escape(f["reason"]), escape(f.get("reason_ja", ""))
        if lang == "ja" and ja:
            ja = f"{folder}: {ja}"
        else:
            en = f"{folder}: {en}"
        return _element("li", en, ja, lang, f" data-skipped=\"{folder}\"")

    heading = _both("Folders not checked as tables", "卓として確認しなかったフォルダ", lang)
    return f"<h2>{heading}</h2><ul class=\"skipped\">{''.join(item(f) for f in skipped)}</ul>"


def write_event_report(out_dir: Path, event: dict[str, Any], lang: str | None = None) -> None:
    """Write ``event.json`` and the event's ``index.html`` in ``out_dir``; ``lang``: the language its page is made in
    (``page_lang``, kept as ``PAGE_LANG``). ``event.json`` is sealed as a table's ``report.json`` is (``trust.sealed``),
    with its page's hash (``PAGE_HASH``): a verdict changed in the shared report folder, or a script put in the page,
    is told from what the check wrote (``runner.event_distrust``). The page first: ``event.json`` says what it holds."""
    with writing(out_dir):
        out_dir.mkdir(parents=True, exist_ok=True)
    page = event_html(out_dir, event, lang).encode("utf-8")
    with writing(out_dir / REPORT_HTML):
        atomic_write_bytes(out_dir / REPORT_HTML, page)
    with writing(out_dir / EVENT_JSON):
        atomic_write_text(out_dir / EVENT_JSON, json.dumps(sealed({**event, PAGE_LANG: page_lang(lang),
                                                                   PAGE_HASH: _page_hash(page)}),
                                                           ensure_ascii=False, indent=1))


# --- where a sealed report lies: its own table's folder, its own event's report folder ----------------------------
# A seal says that this home's check wrote a report as it is, not of which table nor of which event: a table's report
# copied into another table's folder, or another event's report folder (all in order) copied over this one's, is
# sealed all the same. So a table's report is trusted only under its own table's name and, where the event's photos
# are there, of the photos now in its table's folder (the digest of each seat's photo, sealed with its readings); the
# event's only at the top of its report folder, naming this event folder, each of its lines as its table's trusted
# report says, and (once finished) every table of the event folder among them. Where it is this event's own check's
# (checked in this event folder) and only the event changed since (a photo retaken, a table added or removed), that
# is said, the tables named (``trust.STALE``, ``ADDED``, ``GONE``), not another event's.
_DIGESTS: dict[tuple[Any, ...], str] = {}  # a file as it is now (path, device, inode, size, times) -> its SHA-256
_DIGESTS_KEPT = 4096


def _file_digest(path: Path) -> str | None:
    """The SHA-256 of the file ``path`` (through a link), hashed once a process for a file as it is (the app asks at
    each run of its page); None where it cannot be read."""
    try:
        info = path.stat()
        key = (str(path), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        if (digest := _DIGESTS.get(key)) is None:
            h = hashlib.sha256()
            with path.open("rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    h.update(chunk)
            if len(_DIGESTS) >= _DIGESTS_KEPT:  # the app's threads share it: each keeps the digest it made
                _DIGESTS.clear()
            digest = _DIGESTS[key] = h.hexdigest()
        return digest
    except OSError:
        return None


def json_object(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path`` (a BOM let pass, as the reports are read), or None."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _plain_name(name: object) -> bool:
    """Whether ``name`` (a table's, as a report says it) is a folder's name inside a report folder, no path."""
    return isinstance(name, str) and name not in ("", ".", "..") and not any(c in name for c in "/\\\0")


def _has_photos(folder: Path) -> bool:
    """Whether ``folder`` holds a photo (or a table's manifest) of its own."""
    try:
        return any(p.is_file() and (is_image_name(p.name) or p.name in MANIFEST_NAMES) for p in folder.iterdir())
    except OSError:
        return False


def table_photo_folder(event_dir: Path, table: str) -> Path | None:
    """The folder of ``table``'s photos in ``event_dir``: its own folder, or the event folder itself where it is the
    table (a one-table event: ``tilelens check table-07``); None where there is none, or where it cannot be looked at
    (a folder that may not be read: ``stat()`` raises; its report is then not taken as of its photos)."""
    with contextlib.suppress(OSError, ValueError):
        if (event_dir / table).is_dir():
            return event_dir / table
    return event_dir if event_dir.name == table and _has_photos(event_dir) else None


def event_folder_of(out_dir: Path, event: dict[str, Any] | None = None) -> tuple[Path, bool] | None:
    """The event folder whose photos the reports in the report folder ``out_dir`` are of, where they are there, and
    whether it is told by where the report lies (the folder holding the default ``EVENT/_report``): else where this
    home's sealed ``event.json`` (``event``, read where not given) leads from ``out_dir`` (``event_dir_from_report``:
    the app's own ".", an event moved with its report), else its ``event_dir`` as checked. Each only where it holds
    the photos of a table reported in ``out_dir``; None where none does (a report folder moved on its own)."""
    names: set[str] = set()
    with contextlib.suppress(OSError):
        names = {p.name for p in out_dir.iterdir() if p.is_dir() and (p / REPORT_JSON).is_file()}
    event = event if event is not None else json_object(out_dir / EVENT_JSON)
    if isinstance(event, dict):
        names |= {str(t.get("table")) for t in event.get("tables") or () if isinstance(t, dict)}
    names = {n for n in names if _plain_name(n)}
    candidates: list[tuple[Path, bool]] = [(out_dir.parent, True)] if out_dir.name == DEFAULT_REPORT else []
    if isinstance(event, dict) and is_sealed(event):  # only what this home's check wrote says where
        relative, recorded = event.get("event_dir_from_report"), event.get("event_dir")
        if isinstance(relative, str) and relative:
            candidates.append((out_dir / relative, False))
        if isinstance(recorded, str) and recorded:
            candidates.append((Path(recorded), False))
    for folder, here in candidates:
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            # the folder holding the default ``EVENT/_report``: its table folders tell it, photos or none (the photos
            # moved out of sight, into a sub-folder or renamed, leave none to compare: of other photos, not of none)
            if folder.is_dir() and any((photos := table_photo_folder(folder, n)) is not None
                                       and (here or _has_photos(photos)) for n in names):
                return folder.resolve(), here
    return None


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a folder; False where it cannot be looked at (a name too long, a folder above it that may
    not be read: ``stat()`` raises, where ``Path.is_dir`` lets it through)."""
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        return path.is_dir()
    return False


def event_folder_here(out_dir: Path, event: dict[str, Any] | None = None) -> Path | None:
    """Where the event folder of the report folder ``out_dir`` is now: the one place every part of tilelens asks it
    (the command that checks the event again, the app's, the name its pages are downloaded under). The folder whose
    photos the reports there are of (``event_folder_of``: the one holding the default ``EVENT/_report`` first, then
    where this home's ``event.json`` leads from the report, then the folder it was checked in), else, from ``event``
    (``event.json`` as read, read here where not given; it says where only where this home's check wrote it as it
    is, ``trust.is_sealed``: a forged one names no folder to check), the folder it names, or, moved with its report,
    where ``event_dir_from_report`` leads; else the folder holding the default ``EVENT/_report``; None where none is
    known. A path that cannot be looked at (a name too long, a folder that may not be read) is no folder."""
    if event is None:
        event = json_object(out_dir / EVENT_JSON)
    own = event if isinstance(event, dict) and is_sealed(event) else None
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        if (found := event_folder_of(out_dir, own if own is not None else {})) is not None:
            return found[0]
    if own is not None:
        recorded, from_report = own.get("event_dir"), own.get("event_dir_from_report")
        if isinstance(recorded, str) and recorded and _is_dir(Path(recorded)):
            return Path(recorded)
        if isinstance(from_report, str) and from_report and _is_dir(out_dir / from_report):
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                return (out_dir / from_report).resolve()
    if out_dir.name == DEFAULT_REPORT:
        with contextlib.suppress(OSError):  # absolute(): the working folder, gone from under the app
            return out_dir.absolute().parent
    return None


def _photos_why(folder: Path, stored: dict[str, Any], event_dir: Path | None) -> str | None:
    """Why the table's report ``stored`` (in its report folder ``folder``) is not of the photos now in its folder in
    ``event_dir`` (None: the event's photos are not there, nothing to compare): its table's folder is no longer in the
    event folder (``GONE``), or a seat's photo read, by the digest sealed with its readings, is not the photo of its
    name there nor (a photo kept under its seat's name: the app's) one of the table's photos (``OTHER_PHOTOS``); None
    where each is. A table folder of none of its report's photos is of other photos (another event's report copied
    over this one's, the photos moved out of sight), except where there is nothing to compare: a report of no digest
    (an older one), or the app's layout (the photos kept in the table's report folder itself) of no photo kept (an
    older app's, which kept none)."""
    if event_dir is None:
        return None
    photos = table_photo_folder(event_dir, folder.name)
    if photos is None:  # the event's photos are there, but no folder of this table's
        return trust.GONE
    digests = [seat for seat in stored.get("seats") or ()
               if isinstance(seat, dict) and isinstance(seat.get("digest"), str) and seat.get("digest")]
    files: list[Path] | None = None

    def images() -> list[Path]:
        nonlocal files
        if files is None:
            files = []
            with contextlib.suppress(OSError):
                files = [p for p in photos.iterdir() if p.is_file() and is_image_name(p.name)]
        return files

    with contextlib.suppress(OSError, ValueError, RuntimeError):
        if photos.resolve() == folder.resolve() and not images():
            return None  # the app's table folder of no photo kept
    for seat in digests:
        said, name = seat["digest"], str(seat.get("photo"))
        named = embedded_file(event_dir, name if photos == event_dir else f"{photos.name}/{name}")
        if named is not None:  # the photo of its name (a manifest's may be any name)
            if _file_digest(named) != said:
                return trust.OTHER_PHOTOS
            continue
        if not any(_file_digest(p) == said for p in images()):
            return trust.OTHER_PHOTOS
    return None


def _photos_hold(folder: Path, stored: dict[str, Any], event_dir: Path | None) -> bool:
    """Whether the table's report ``stored`` is of the photos now in its folder in ``event_dir`` (``_photos_why``)."""
    return _photos_why(folder, stored, event_dir) is None


def _names_here(event: dict[str, Any] | None, where: Any) -> bool:
    """Whether ``event`` (an ``event.json`` as read) is this home's check's, as written, of the event folder ``where``
    (``event_folder_of``'s) by the folder it was checked in: an event whose photos changed since, not another's."""
    if not isinstance(event, dict) or not where or not is_sealed(event):
        return False
    recorded = event.get("event_dir")
    try:
        return isinstance(recorded, str) and bool(recorded) and Path(recorded).resolve() == where[0]
    except (OSError, ValueError, RuntimeError):
        return False


def _checks_own_folder(out_dir: Path, event: dict[str, Any] | None) -> bool:
    """Whether ``out_dir`` is the default report folder (``EVENT/_report``: no table's, no table is named so) of the
    check its event's report ``event`` is of, as this home's check wrote it, in the folder holding it (``_names_here``):
    the Event page's event opened by name (a report folder of its own, its ``event.json`` the page's) checked again
    by ``tilelens check`` as the page tells the laptop, not a table's folder of that report."""
    return out_dir.name == DEFAULT_REPORT and _names_here(event, (out_dir.parent.resolve(), True))


def _line_of(event: dict[str, Any] | None, table: str) -> dict[str, Any] | None:
    """The line of ``table`` in ``event`` (``event.json``), or None."""
    lines = event.get("tables") if isinstance(event, dict) else None
    return next((t for t in lines if isinstance(t, dict) and t.get("table") == table), None) \
        if isinstance(lines, list) else None


_UNFOUND: Any = object()  # ``table_reason``'s event folder not looked for yet


def table_reason(folder: Path, stored: dict[str, Any], where: Any = _UNFOUND,
                 event: dict[str, Any] | None = None) -> str | None:
    """Why the report ``stored`` of the table in ``folder`` (its ``report.json``, as read) is not this home's check's
    as written of this table (a reason of ``trust``): not sealed here as it is (``trust.distrust``), its page changed
    since (``CHANGED``), another table's (``OTHER_TABLE``: its own ``table`` is not its folder's name), or of other
    photos than its table's in the event folder now (``OTHER_PHOTOS``, where they are there: ``event_folder_of``, of
    the event's report ``event`` where the caller read it, or ``where`` where it found it); None where it is."""
    why = distrust(stored) or (None if page_holds(folder, stored) else trust.CHANGED)
    if why is None and stored.get("table") != folder.name:
        why = trust.OTHER_TABLE
    if why is None:
        where = event_folder_of(folder.parent, event) if where is _UNFOUND else where
        why = _photos_why(folder, stored, where[0] if where else None)
    if why == trust.OTHER_PHOTOS:  # a retake, where the event's report is this event's and says what this one does
        event = event if event is not None else json_object(folder.parent / EVENT_JSON)
        line = _line_of(event, folder.name) if _names_here(event, where) else None
        if line is not None and _line_agrees(line.get("verdict"), stored, event.get("finished") is not False):
            why = trust.STALE
    return why


def table_trust(folder: Path, where: Any = _UNFOUND,
                event: dict[str, Any] | None = None) -> tuple[dict[str, Any] | None, str | None]:
    """The report of the table in ``folder`` (its ``report.json``; None where there is none that can be read), and
    why it is not this home's check's as written of this table (``table_reason``; ``event``: the event's report beside
    it where the caller read it); None where it is."""
    stored = json_object(folder / REPORT_JSON)
    return (None, None) if stored is None else (stored, table_reason(folder, stored, where, event))


_RANK = {"ok": 0, "review": 1, "fault": 2}


def _line_agrees(said: object, stored: dict[str, Any], finished: bool) -> bool:
    """Whether an event's line's verdict ``said`` is what its table's trusted report ``stored`` says: the same, or,
    for a check still running or stopped (not ``finished``), the report's less some of its near copies at other
    tables (a table kept is told without those at tables being read again: ``runner._verdict_without_across``)."""
    if said == stored.get("verdict"):
        return True
    if finished or not isinstance(said, str) or said not in _RANK:
        return False
    try:
        least = verdict_of([Finding(FindingKind(f["kind"]), "") for f in stored.get("findings") or ()
                            if not is_across(f)])
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return _RANK[str(least)] <= _RANK[said] <= _RANK.get(str(stored.get("verdict")), -1)


# The event's report of this event's own check whose tables changed since (``_event_reason_named``): which first.
_SINCE = (trust.STALE, trust.GONE, trust.ADDED)


def _event_reason(out_dir: Path, event: dict[str, Any]) -> str | None:
    """``_event_reason_named``'s why, without the tables it names."""
    return _event_reason_named(out_dir, event)[0]


def _event_reason_named(out_dir: Path, event: dict[str, Any]) -> tuple[str | None, tuple[str, ...]]:
    """Why the event's report ``event`` (sealed here, as written) is not this event's as it lies in ``out_dir``, and
    the tables it is of where it names them. ``OTHER_EVENT``: not at the top (in a table's folder of another report;
    the default report of the check of a report folder, the page's event opened by name, is: ``_checks_own_folder``),
    naming another event folder than the one its report lies in, a line that is not what its table's trusted report
    says (or of no report there, or one of another table or other photos: copied from elsewhere), a table of the
    event folder in no line (once finished) or said not checked (a check stopped) whose report is trusted (checked
    since: an earlier check's); or (``TABLES_UNTRUSTED``) a line whose table's report is not there, or not trusted
    for itself (changed since, another home's): the line cannot be told from another event's. Of this event's own
    check (``_names_here``: checked in this event folder), the event changed since, each said with its tables:
    a photo retaken (``STALE``), a table's folder gone (``GONE``), a table added (``ADDED``), in that order. None
    where it is this event's as it is."""
    with contextlib.suppress(OSError):
        if (out_dir.parent / EVENT_JSON).is_file() and out_dir.parent.resolve() != out_dir.resolve() \
                and not _checks_own_folder(out_dir, event):
            return trust.OTHER_EVENT, ()  # inside another event's report folder: a table's
    lines, unchecked = event.get("tables"), event.get("unchecked") or []
    if not isinstance(lines, list) or not isinstance(unchecked, list):
        return trust.OTHER_EVENT, ()
    where = event_folder_of(out_dir, event)
    if where is not None and where[1]:  # the report lies in its event folder: the one it names
        relative = event.get("event_dir_from_report")
        try:
            if not (isinstance(relative, str) and relative and (out_dir / relative).resolve() == where[0]):
                return trust.OTHER_EVENT, ()
        except (OSError, ValueError, RuntimeError):
            return trust.OTHER_EVENT, ()
    finished, here = event.get("finished") is not False, _names_here(event, where)
    names, unsure = set(), None
    since: dict[str, list[str]] = {}
    for line in lines:
        name = line.get("table") if isinstance(line, dict) else None
        if not _plain_name(name):
            return trust.OTHER_EVENT, ()
        stored, why = table_trust(out_dir / name, where, event)
        if why in (trust.OTHER_TABLE, trust.OTHER_PHOTOS) or (why == trust.GONE and not here):
            return trust.OTHER_EVENT, ()
        if why in (trust.STALE, trust.GONE) and stored is not None:  # of this event's check: changed since
            if not _line_agrees(line.get("verdict"), stored, finished):
                return trust.OTHER_EVENT, ()
            since.setdefault(why, []).append(name)
        elif stored is None or why is not None:  # no report there (moved, removed), or one not trusted for itself
            unsure = trust.TABLES_UNTRUSTED
        elif not _line_agrees(line.get("verdict"), stored, finished):
            return trust.OTHER_EVENT, ()
        names.add(name)
    stopped = event.get("stopped")
    if not finished and not (isinstance(stopped, dict) and stopped.get("kind") == "running"):
        # a check stopped: a table it did not check whose report of this event is trusted was checked since (a check
        # running writes a table's report before its event.json lists it: not said of one)
        for name in unchecked:
            if _plain_name(name) and table_trust(out_dir / str(name), where, event)[1] is None \
                    and (out_dir / str(name) / REPORT_JSON).is_file():
                return trust.OTHER_EVENT, ()
    if where is not None and finished:
        added: list[str] = []
        with contextlib.suppress(TilelensInputError, OSError):  # an event folder that cannot be read as one: as it is
            added = sorted({t.name for t in scan_event(where[0], skip=out_dir).tables}
                           - names - {str(n) for n in unchecked}, key=table_order)
        for name in added:
            stored, why = table_trust(out_dir / name, where, event)
            if not here or (stored is not None and why is None):  # another event's, or checked since: an earlier one's
                return trust.OTHER_EVENT, ()
        if added:
            since[trust.ADDED] = added
    if unsure is not None:
        return unsure, ()
    for why in _SINCE:
        if why in since:
            return why, tuple(sorted(since[why], key=table_order))
    return None, ()


def event_trust(out_dir: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The event's report in the report folder ``out_dir`` (its ``event.json``; None where there is none that can be
    read), and why it is not this home's check's as written of this event (a reason of ``trust``): not sealed here as
    it is (``trust.distrust``), its page changed since (``CHANGED``), or not this event's as it lies
    (``OTHER_EVENT``, ``TABLES_UNTRUSTED``: ``_event_reason``); None where it is."""
    event = json_object(out_dir / EVENT_JSON)
    return (None, None) if event is None else (event, event_reason(out_dir, event))


def event_reason(out_dir: Path, event: dict[str, Any]) -> str | None:
    """``event_trust``'s why of the event's report ``event`` in ``out_dir`` (its ``event.json``, as read)."""
    return event_reason_named(out_dir, event)[0]


def event_reason_named(out_dir: Path, event: dict[str, Any]) -> tuple[str | None, tuple[str, ...]]:
    """``event_reason``, and the tables the reason is of where it names them (``STALE``, ``GONE``, ``ADDED``: the
    tables changed since the check; else none)."""
    why = distrust(event) or (None if page_holds(out_dir, event) else trust.CHANGED)
    return (why, ()) if why is not None else _event_reason_named(out_dir, event)


def page_trusted(folder: Path, lang: str | None = None) -> bytes | None:
    """The bytes of the page (``index.html``) in ``folder`` (a table's report folder, or the event's) where this
    home's check wrote it, as it wrote it, there: its ``report.json`` this table's (``table_trust``), or, in a folder
    of none, its ``event.json`` this event's, at the top of its report folder (``event_trust``); the page the one
    sealed with it (``page_holds``), and no link leading out of the folder (``embedded_file``); else None. ``lang``:
    the page in that language (``page_in``), the one written where None."""
    stored, why = table_trust(folder)
    table = stored is not None
    if stored is None:
        stored, why = event_trust(folder)
    if stored is None or why is not None:
        return None
    page = embedded_file(folder, REPORT_HTML)
    try:
        data = page.read_bytes() if page is not None else None
    except OSError:
        return None
    if data is None or _page_hash(data) != stored.get(PAGE_HASH):
        return None
    return data if lang is None else page_in(folder, stored, data, lang, table=table)


def page_in(folder: Path, stored: dict[str, Any], page: bytes, lang: str, table: bool = True) -> bytes:
    """The page of the report ``stored`` (a table's ``report.json``, or with ``table`` false the event's
    ``event.json``, in ``folder``), trusted and sealed with ``page`` (its ``index.html``: ``page_trusted``), made in
    ``lang`` (``page_lang``): ``page`` where it was (``PAGE_LANG``), else drawn again from the readings the report
    keeps and the crops and thumbnails written beside it (no photo read), not written: phones of one event in two
    languages each download their own, the page stored staying its writer's. ``page`` where it cannot be drawn
    again (its game file gone)."""
    from scorer import load_game

    if stored.get(PAGE_LANG) == page_lang(lang):
        return page
    try:
        load_game(report_game(stored))  # gone (a club's game file deleted since): its tiles would be named by ids
        if not table:
            return event_html(folder, stored, lang).encode("utf-8")
        linked = (folder.parent / EVENT_JSON).is_file()  # a table of an event's report folder (the runner's own)
        return table_html(report_from_dict(stored), _written_images(folder), linked, lang).encode("utf-8")
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OSError):  # TilelensInputError: a ValueError
        return page


def event_pages_zip(out_dir: Path, name: str | None = None, lang: str | None = None) -> bytes:
    """The event's pages in one zip, laid out as its report folder (``_report/index.html``, ``_report/t1/index.html``,
    its top folder named ``name``, else after ``out_dir``), so that the links between them work once it is unzipped (a
    page saved alone has none to follow: its images are inline, its links are the folder's): only the pages this
    home's check wrote, as it wrote them (``page_trusted``; a forged one is left out). What the app offers for
    download of an event, under the event's name (not a session's folder's, ``tmpb195ycmx``); ``lang``: each page in
    that language (``page_in``), as written where None."""
    import io
    import zipfile

    top = (name or "").strip().strip("/\\") or out_dir.name or "report"
    if any(c in top for c in "/\\") or top in (".", ".."):  # one folder, never a path: the name's last part
        top = Path(top.replace("\\", "/")).name.strip(".") or "report"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        if (page := page_trusted(out_dir, lang)) is not None:
            z.writestr(f"{top}/{REPORT_HTML}", page)
        with contextlib.suppress(OSError):
            for folder in sorted(out_dir.iterdir(), key=lambda p: table_order(p.name)):
                if folder.is_dir() and not folder.is_symlink() and not folder.name.startswith(".") \
                        and (page := page_trusted(folder, lang)) is not None:
                    z.writestr(f"{top}/{folder.name}/{REPORT_HTML}", page)
    return buf.getvalue()
