"""``tilelens check EVENT_DIR --game GAME``: check every dealt hand of an event from photos."""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Container
from functools import partial
from pathlib import Path

from tqdm import tqdm

from scorer import list_games, load_game
from scorer.cli import RawHelpFormatter, UsageLinesParser, add_shipped_rules, say_help_in_japanese, with_game_id
from scorer.result import TilelensInputError, cli_lang, error_text, said_in
from tilelens.cli import not_written_under
from tilelens.event import trust
from tilelens.event.layout import DEFAULT_REPORT, EventInputError, find_tables, not_a_file, refuse_event_dir
from tilelens.event.model import grouped, table_named
from tilelens.event.report import not_checked_said, tile_ids, without_ids
from tilelens.event.rules import (DEFAULT_MIN_CONFIDENCE, only_last_seat_missing, players_refused, players_span,
                                   plays_three)
from tilelens.event.runner import CheckOptions, EventInterrupted, WorkerDied, check_event
from tilelens.home import home_dir
from tilelens.event.seats_csv import HEADER_START, SEATS_CSV, seats_csv, seats_csv_written
from tilelens.files import FOLDER_NOUN, refuse_loop
from tilelens.ledger import _CONTROL, csv_bytes, said as printable  # a name as a terminal says it: control characters escaped
from vision.cli_args import bar_hidden, named_path, positive_int, probability, tileset_name

EPILOG = """\
EVENT_DIR holds one folder per table; each table folder holds one photo per seat named
seat1-dealer.jpg, seat2.jpg, ... (the dealer's photo says "-dealer"; the Japanese names for a seat and the
dealer are read too, and so are the four winds, East.jpg, South.jpg, West.jpg, North.jpg (or their Japanese
names), East the dealer: see the README), and optionally wall.jpg (the remaining wall, face down, in one
layer). Photos named otherwise are listed in a table.toml:
  players = 4
  dealer = 1
  wall = "IMG_0105.jpg"
  [seats]
  1 = "IMG_0101.jpg"
  2 = "IMG_0102.jpg"
Exit status: 0 every table in order, 1 some table has a fault or tiles to confirm, or a compressed
file (table-03.zip) was skipped unread (unzip it into a folder of its own: it may hold a table's
photos; one beside the folder of its name, and a folder skipped as an earlier report, change
nothing), or a table folder that is a link to nothing (moved or deleted) or in a loop was skipped
(a broken link: make it lead to the table's folder), 2 bad input, 3 a worker process ended
abruptly (out of memory?), 130 interrupted (Ctrl-C).
After 3 or 130 the tables checked keep their reports, the event's report says the check did not
finish and which tables it did not check, and the same command checks the rest; so too after an
error that stops the check (a report that cannot be written: exit 2, one line naming it). A
REPORT_DIR holding the report of another event (or game) is refused: give each event its own
--out; so is one that another check is writing at the same time (exit 2: wait for it to end).
A table whose photos are unchanged keeps the report this computer's check wrote (--fresh: every
table is checked again); a stored report written elsewhere, or changed since (the report folder
travels in a shared event folder), is checked again, and said. A photo that is a link leading
outside EVENT_DIR is not read (its seat's finding names it).
"""


# What the command prints for a person, in each language (``scorer.result.cli_lang``: ``TILELENS_LANG=ja`` or a
# Japanese locale); the reports written (HTML, JSON) are the same in both.
WORDS = {
    "en": {"ok": "ok    ", "review": "REVIEW", "fault": "FAULT ", "why": ": {said}", "note": "       note: {message}",
           # a table read in this check where others kept their stored report ("5 read, 35 unchanged": which 5)
           "read": " (read)",
           "sep": "; ", "skipped": "skipped {folder}: {reason}",
           "removed": "removed the report{s} of {n} table{s} no longer in the event (renamed or removed since the "
                      "check before): {names}",
           "distrusted": "checked again: the stored report was not written here or was changed: {names}",
           "distrusted_elsewhere": "checked again, their photos were read again: the stored report was sealed under "
                                   "another TILELENS_HOME (another computer, or another home on this one: the app's "
                                   "of a club): {names}; a report is kept, and shown by the app, under the home that "
                                   "checked it (now {home})",
           "distrusted_unsealed": "checked again, their photos were read again: the stored report was written before "
                                  "reports were sealed: {names}",
           # tables read again whose reports an older tilelens wrote (``runner.EventResult.older``), as the Event page
           # says of such reports
           "older": "{n} tables were read again: their reports were written by an older tilelens",
           "older_one": "1 table was read again: its report was written by an older tilelens",
           "again": "found once every table was read: photos alike across tables (these lines replace the "
                    "tables' lines above)",
           "again_stopped": "found among the tables checked before the check stopped: photos alike across tables "
                            "(these lines replace the tables' lines above)",
           "not_in_order": "not in order: {names}", "to_confirm": "tiles to confirm: {names}",
           "unread": ", {what} not checked",
           "summary": "{ok} of {total} tables in order{unread} ({read} read, {kept}); report: {report}",
           # after the summary's count (where its ``unread`` goes): the set every seat was read with (--tileset)
           "summary_set": ", read with tile set {name}",
           "tileset": "{game}: every seat read with tile set {name} (--tileset)",
           "kept_sep": ", ", "unchanged": "{n} unchanged", "rejudged": "{n} re-judged with the new --min-confidence",
           "interrupted": "interrupted", "died": "a worker process ended abruptly (out of memory?)",
           "hint": " (--jobs 1 needs less memory)",
           "done": "with {n} of {total} tables checked: their reports are kept, and the same command checks the rest",
           "all_done": "after every table was checked ({n} of {total}): the report is complete: {report}",
           "all_checked": "after every table was checked ({n} of {total}), before the event's page was written: their "
                          "reports are kept, and the same command writes it",
           "none_done": "before any of {total} tables was checked: the same command checks them",
           "unread_event": "before the event folder was read: the same command checks it",
           "stopped": "tilelens check: {why} {done}{hint}",
           "is_file": "--out {out}: {place} is a file, not a folder: the report needs a folder",
           "is_special": "--out {out}: {place} is {what}, not a folder: the report needs a folder",
           "dangling": "--out {out}: {place} is a link to {target}, which is not there: the report needs a folder "
                       "(make the folder it leads to, or give another --out)",
           "csv_folder": "--csv {csv}: folder {folder} does not exist: make it, or name a file in a folder there is",
           "csv_unwritten": "--csv {csv}: the CSV could not be written ({why}); the reports are written: {report}",
           "csv_wrote": "seats: {path}",
           "csv_among": "--csv {csv} is in {what}, among the players' photos: name a file outside the event folder, or "
                        "in its report folder ({report})",
           "csv_not_ours": "--csv {csv}: {path} is there already and is not a seats CSV this command wrote, so it is "
                           "not written over: name another file (ending .csv), or remove that one first",
           "event_folder": "the event folder", "photo_folder": "the photo folder of {table}",
           # under a table of a game played by three too whose seat 4 alone has no photo (the app's Players hint)
           "three": "if three played at {table}, write players = 3 in its table.toml (a text file in the "
                    "table's folder: make one if there is none); --players 3 where three played at every table",
           "taught": "{game}: read with tile set {name}, taught for it (the newest of those taught for it, unless an older one did clearly better)"},
    "ja": {"ok": "問題なし", "review": "要確認  ", "fault": "問題あり", "why": ": {said}", "note": "         参考: {message}",
           "read": " (今回読んだ卓)",
           "sep": "。", "skipped": "{folder} を飛ばしました: {reason}",
           "removed": "イベントにもうない {n}卓のレポートを削除しました (前回のチェックの後に名前を変えたか削除した卓): "
                      "{names}",
           "distrusted": "次の卓はもう一度チェックしました。保存されていたレポートが、このパソコンで作ったものではないか、"
                         "あとから書き換えられていたためです: {names}",
           "older": "{n}卓は写真を読み直しました。レポートが古い tilelens の書いたものだったためです",
           "older_one": "1卓は写真を読み直しました。レポートが古い tilelens の書いたものだったためです",
           "distrusted_elsewhere": "次の卓は写真を読み直して、もう一度チェックしました。保存されていたレポートが別の "
                                   "TILELENS_HOME (別のパソコン、またはこのパソコンの別のホーム: クラブ用の"
                                   "アプリのホームなど) で封印されていたためです: {names}。レポートは、チェックした"
                                   "ホームでだけ残され、アプリに表示されます (今回は {home})",
           "distrusted_unsealed": "次の卓は写真を読み直して、もう一度チェックしました。保存されていたレポートが、"
                                  "レポートを封印する前の tilelens で書かれていたためです: {names}",
           "again": "全卓を読んだ後に見つかりました: 卓をまたいで同じ写真 (以下の行は上のその卓の行に代わります)",
           "again_stopped": "チェックが止まるまでにチェックした卓の中で見つかりました: 卓をまたいで同じ写真 "
                            "(以下の行は上のその卓の行に代わります)",
           "not_in_order": "問題あり: {names}", "to_confirm": "要確認: {names}",
           "unread": "、{what}はチェックしていません",
           "summary": "{total}卓中{ok}卓が問題なし{unread} (読んだ卓 {read}、{kept})。レポート: {report}",
           "summary_set": "、牌セット {name} で読みました",
           "tileset": "{game}: どの席も牌セット {name} で読みます (--tileset)",
           "kept_sep": "、", "unchanged": "前回から変わらない卓 {n}", "rejudged": "新しい --min-confidence で判定し直した卓 {n}",
           "interrupted": "中断しました", "died": "ワーカープロセスが突然終了しました (メモリ不足?)",
           "hint": " (--jobs 1 ならメモリが少なくて済みます)",
           "done": "{total}卓中{n}卓をチェック済み: そのレポートは残してあり、同じコマンドで残りをチェックします",
           "all_done": "{total}卓すべてをチェックした後でした: レポートはできあがっています: {report}",
           "all_checked": "{total}卓すべてをチェックした後、イベントのページを書く前でした: 卓のレポートは残してあり、"
                          "同じコマンドでページを書きます",
           "none_done": "{total}卓のどれもチェックする前でした: 同じコマンドでチェックします",
           "unread_event": "イベントフォルダを読む前でした: 同じコマンドでチェックします",
           "stopped": "tilelens check: {why}。{done}{hint}",
           "is_file": "--out {out}: {place} はファイルです: レポートにはフォルダが必要です",
           "is_special": "--out {out}: {place} は{what}で、フォルダではありません: レポートにはフォルダが必要です",
           "dangling": "--out {out}: {place} のリンク先の {target} がありません: レポートにはフォルダが必要です "
                       "(リンク先のフォルダを作るか、別の --out を指定してください)",
           "csv_folder": "--csv {csv}: フォルダ {folder} がありません: 作るか、あるフォルダの中のファイルを指定してください",
           "csv_unwritten": "--csv {csv}: CSV を書けませんでした ({why})。レポートは書けています: {report}",
           "csv_wrote": "席の一覧: {path}",
           "csv_among": "--csv {csv} は{what}の中で、プレイヤーの写真と同じところです: イベントフォルダの外か、"
                        "レポートのフォルダ ({report}) の中のファイルを指定してください",
           "csv_not_ours": "--csv {csv}: {path} はすでにあり、このコマンドが書いた席の一覧の CSV ではないので、上書き"
                           "しません: 別のファイル (名前が .csv で終わるもの) を指定するか、先にそのファイルを削除してください",
           "event_folder": "イベントフォルダ", "photo_folder": "{table} の写真のフォルダ",
           "three": "{table} が3人で遊んだ卓なら、その table.toml (卓のフォルダのテキストファイル。なければ"
                    "作ります) に players = 3 と書いてください。どの卓も3人なら、代わりに --players 3 を指定してください",
           "taught": "{game}: この牌のために覚えさせた牌セット {name} で読みます (覚えさせたもののうち一番新しいもの。古いものが明らかに良かったときはそちら)"}}


_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in (``scorer.result.said_in``)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``tilelens check``."""
    # its usage lines, then argparse's error line in the command line's language (``UsageLinesParser``)
    p = UsageLinesParser(prog="tilelens check", description=__doc__.split(": ", 1)[1],
                         epilog=EPILOG, formatter_class=RawHelpFormatter)
    add_shipped_rules(p)
    p.add_argument("event_dir", type=named_path("event"), metavar="EVENT_DIR",
                   help="folder of table folders (or one table)")
    p.add_argument("--game", required=True, metavar="GAME",
                   help=f"the game being played: one of {', '.join(list_games())}, or a game .toml file "
                        f"(a house table of one of them)")
    p.add_argument("--out", type=named_path("folder"), default=None, metavar="REPORT_DIR",
                   help="where the reports go (default: EVENT_DIR/_report); a folder among the players' photos "
                        "(EVENT_DIR itself, a table's photo folder) is refused")
    p.add_argument("--jobs", type=positive_int, default=2, help="worker processes (default 2)")
    p.add_argument("--players", type=int, default=None, choices=(2, 3, 4),
                   help="players per table unless its table.toml says otherwise (default: as many as the game is "
                        "played by, 4 in every game shipped); a count the game is not played by is refused")
    p.add_argument("--tileset", type=tileset_name, default=None, metavar="NAME",
                   help="read every seat with this enrolled tile set (models/tilesets/NAME, or one taught: tilelens "
                        "enroll, or the app's Label tiles page) instead of the game's own model: one taught for the game, or whose "
                        "kinds are mostly its tiles (hk-mahjong for a Hong Kong set at a Tokyo Mahjong event); a check "
                        "with another set, or with none, reads every table again")
    p.add_argument("--min-confidence", type=probability, default=DEFAULT_MIN_CONFIDENCE,
                   help=f"tiles read with less confidence are listed to confirm (default {DEFAULT_MIN_CONFIDENCE})")
    p.add_argument("--no-near-copies", dest="near_copies", action="store_false",
                   help="do not look for a photo that is another seat's or another table's photo resized, recompressed "
                        "or a little cropped (sent through a messaging app) by how the photos look (byte copies and "
                        "two seats of a table that read the same tiles in the same places are always found)")
    p.add_argument("--fresh", action="store_true",
                   help="check every table again, keeping none of the reports stored in REPORT_DIR (a table whose "
                        "photos are unchanged keeps the report this computer's check wrote, unless told)")
    p.add_argument("--csv", type=named_path("file", str), default=None, metavar="FILE",
                   help="also write the event's seats as CSV, a row per seat (table, seat, photo, verdict, tiles read "
                        "and expected, what is missing or extra, least-sure tiles, near copies, wrong game), for a "
                        "spreadsheet: to FILE (UTF-8 with a byte-order mark, as `tilelens ledger csv` writes one; a "
                        "folder: seats.csv in it; a seats CSV written before is written over, any other file is "
                        "refused, as is a place among the players' photos: in EVENT_DIR, but for its report folder, "
                        "or in a table's folder), or - for standard output (the CSV alone there: the tables' lines and "
                        "the summary go to standard error)")
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar, and the summary line (\"N of M tables in order ...; report: ...\") goes to "
                        "stderr instead of stdout")
    if cli_lang() == "ja":
        say_help_in_japanese(p, _help_ja(), "イベントの配牌をすべて写真でチェックします。", EPILOG_JA)
    return p


# The help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name: one line for each of
# the English ones in ``build_parser``, kept in step with them, as is the epilog with ``EPILOG``.
def _help_ja() -> dict[str, str]:
    return {
        "EVENT_DIR": "卓のフォルダを入れたフォルダ (または1卓のフォルダ)",
        "--game": f"遊んでいるゲーム: {'、'.join(list_games())} のどれか、またはゲームの .toml ファイル (そのどれかの"
                  "ハウスルールの表)",
        "--out": "レポートを書く場所 (指定がなければ EVENT_DIR/_report)。プレイヤーの写真があるフォルダ (EVENT_DIR "
                 "そのもの、卓の写真のフォルダ) は使えません",
        "--jobs": "ワーカープロセスの数 (指定がなければ 2)",
        "--players": "卓の人数。卓の table.toml に書いてあればそちら (指定がなければゲームの人数で、同梱のゲームはどれも 4)。"
                     "そのゲームで遊ばない人数は使えません",
        "--tileset": "ゲームの標準モデルではなく、この登録した牌セット (models/tilesets/NAME、または tilelens enroll や"
                     "アプリの「ラベル付け」のページで覚えさせたもの) でどの席も読みます。そのゲームのために覚えさせたセットか、"
                     "種類のほとんどがそのゲームの牌のセット (東京麻雀の大会で香港の牌なら hk-mahjong)。別のセットで、"
                     "またはセットなしでチェックすると、どの卓も読み直します",
        "--min-confidence": f"この信頼度未満で読んだ牌は要確認に挙げます (指定がなければ {DEFAULT_MIN_CONFIDENCE})",
        "--no-near-copies": "別の席や別の卓の写真を縮小・再圧縮・少し切り取っただけの写真 (メッセージアプリで送った写真) "
                            "を、見た目で探しません (バイト単位で同じ写真と、1卓の2席が同じ場所に同じ牌を読んだ写真は、"
                            "いつでも見つけます)",
        "--fresh": "どの卓ももう一度チェックし、REPORT_DIR に保存されたレポートを1つも残しません (指定しなければ、写真が"
                   "変わらない卓は、このパソコンのチェックが書いたレポートを残します)",
        "--csv": "イベントの席の一覧も CSV で書き出します。1席1行 (卓、席、写真、判定、読んだ牌の数と正しい数、"
                 "足りない・多すぎる枚数、信頼度の低い牌、同じ写真、別のゲーム) で、表計算ソフト用です: FILE に "
                 "(`tilelens ledger csv` と同じく BOM 付きの UTF-8。フォルダなら、その中に seats.csv。前に書いた席の一覧の "
                 "CSV は上書きし、ほかのファイルは上書きしません。プレイヤーの写真があるところ (EVENT_DIR や卓のフォルダ。"
                 "レポートのフォルダは使えます) にも書きません)、"
                 "- なら標準出力に (標準出力には CSV だけを出し、卓の行とまとめの行は標準エラーに出します)",
        "--quiet": "進み具合のバーを出さず、まとめの行 (「M卓中N卓が問題なし …。レポート: …」) を標準出力ではなく"
                   "標準エラーに出します",
    }


EPILOG_JA = """\
EVENT_DIR には卓ごとに1つのフォルダを置きます。卓のフォルダには、席ごとに1枚の写真を seat1-dealer.jpg、seat2.jpg、\
… の名前で入れます (親の写真は名前に「-dealer」を付けます。席1-親.jpg、席2.jpg … や、風の East.jpg、South.jpg、\
West.jpg、North.jpg か 東.jpg、南.jpg、西.jpg、北.jpg (East・東が親) の名前でも読みます)。残りの山 (裏向きのまま\
1段に並べたもの) の wall.jpg もあれば入れます。ほかの名前の写真は table.toml に書きます:

  players = 4
  dealer = 1
  wall = "IMG_0105.jpg"
  [seats]
  1 = "IMG_0101.jpg"
  2 = "IMG_0102.jpg"

終了ステータス: すべての卓が問題なしなら 0。問題ありか要確認の卓があるとき、または圧縮ファイル (table-03.zip) を\
読まずに飛ばしたときは 1 (自分のフォルダに展開してください: 卓の写真が入っているかもしれません。同じ名前のフォルダの\
横にあるものと、前のレポートとして飛ばしたフォルダは何も変えません)、リンク先がないかループしている卓のフォルダのリンク \
(リンク切れ) を飛ばしたときも 1 (卓のフォルダを指すように作り直してください)。入力の誤りは 2、ワーカープロセスが突然\
終了したとき (メモリ不足?) は 3、中断 (Ctrl-C) は 130。

3 や 130 の後も、チェックした卓のレポートは残り、イベントのレポートには、チェックが終わらなかったことと、チェック\
しなかった卓が書かれます。同じコマンドで残りをチェックします。チェックを止める誤り (書けないレポート: 終了ステータス \
2 で、それを示す1行) の後も同じです。ほかのイベント (またはゲーム) のレポートがある REPORT_DIR は使えません: \
イベントごとに別の --out を指定してください。ほかのチェックが同時に書いている REPORT_DIR も使えません (終了\
ステータス 2: 終わるのを待ってください)。

写真が変わらない卓は、このパソコンのチェックが書いたレポートを残します (--fresh: すべての卓をもう一度チェック)。\
ほかで書かれたレポートや、その後に書き換えられたレポート (レポートのフォルダは、共有したイベントのフォルダと一緒に\
移ります) はもう一度チェックし、そう伝えます。EVENT_DIR の外を指すリンクの写真は読みません (その席の指摘がそれを\
挙げます)。
"""


def _check_report_folder(out: Path) -> None:
    """Before any photo is read: the report folder ``out`` is a folder, or can be made one (no file in
    the way, at it or above it: a file, a named pipe or a device, a link to nothing said as such)."""
    refuse_loop(out, FOLDER_NOUN)  # a link that goes round in a loop: no "a link to lp, which is not there"
    for place in (out, *out.parents):
        if place.is_symlink() and not place.exists():  # a link to a folder not there: never made through it
            raise EventInputError(*(_said("dangling", lang, out=out, place=place, target=place.readlink())
                                    for lang in ("en", "ja")))
        if place.exists():
            if place.is_file():
                raise EventInputError(*(_said("is_file", lang, out=out, place=place) for lang in ("en", "ja")))
            if not place.is_dir():  # a named pipe, a device, a socket: nothing a report is written in
                what = not_a_file(place)
                raise EventInputError(*(_said("is_special", lang, out=out, place=place, what=what[lang == "ja"])
                                        for lang in ("en", "ja")))
            return


def _plain(text: str) -> str:
    """``text`` (a line the command prints) with any control character escaped where it is (``\\x1b``): a table's or a
    photo's name in a shared event folder may hold an ANSI escape that retitles or clears the terminal. Names are
    said as the ledger says them (``printable``); this is for the names inside a finding's words."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def _print(text: str, **kwargs) -> None:
    """``print`` of a line of the command's (``_plain``)."""
    print(_plain(text), **kwargs)


def _names(names, lang: str) -> str:
    """Names of tables (or folders) in one line, each as a terminal says it (``printable``)."""
    return ("、" if lang == "ja" else ", ").join(map(printable, names))


def _message(finding: dict, lang: str, ids: Container[str] = ()) -> str:
    """A finding's message in ``lang``: its ``message_ja`` in Japanese where it has one, its tiles by their names
    alone (``ids``: the game's tile ids, ``report.tile_ids``: "琴子", not "琴子 (kotoko)", as the pages say them)."""
    if lang == "ja" and finding.get("message_ja"):
        return without_ids(finding["message_ja"], ids)
    return finding["message"]


def _kept(result, lang: str) -> str:
    """The tables that kept their stored report, in the summary: "3 unchanged", those judged again at a new
    --min-confidence said as such ("8 re-judged with the new --min-confidence"), not as unchanged."""
    unchanged = result.resumed - result.rejudged
    parts = [_said("unchanged", lang, n=unchanged)] if unchanged or not result.rejudged else []
    parts += [_said("rejudged", lang, n=result.rejudged)] if result.rejudged else []
    return _said("kept_sep", lang).join(parts)


def _joined(messages: list[str], lang: str) -> str:
    """Findings in one line: "; " between them ("。" in Japanese), but after one that ends a sentence itself
    ("did you mean X?") a space only, never "?;" (nothing after "。")."""
    said = ""
    for i, message in enumerate(messages):
        if i:
            end = said[-1:]
            if end not in ".?!。?!":
                said += _said("sep", lang)
            elif end != "。":  # a full-width space after "?" in Japanese
                said += " " if lang == "en" else "\u3000"
        said += message
    return said


def _table_lines(t: dict, lang: str = "en", read: bool = False, number: str = "", three: bool = False,
                 ids: Container[str] = ()) -> list[str]:
    """A table's line: its verdict and, unless in order, what is wrong; then its notices (in ``lang``). ``read``: the
    table was read in this check (not kept from the check before: ``summary_line``'s ``resumed``), said on its line;
    ``number``: where it stands among the event's tables (" [12/40]"), its first line ended with it (begun with its
    verdict, whatever else is said: ``grep '^FAULT'``); ``three``: the game is played by three too
    (``rules.plays_three``), and a table whose seat 4 alone has no photo is told how to say it had three
    (``rules.only_last_seat_missing``); ``ids``: the game's tile ids, left out of Japanese lines (``_message``)."""
    said = _joined([_message(f, lang, ids) for f in grouped(t["findings"]) if f["severity"] != "notice"], lang)
    why = "" if t["verdict"] == "ok" else _said("why", lang, said=said)
    mark = _said("read", lang) if read and not t.get("resumed", True) else ""
    return [_plain(line) for line in
            [f"{_said(t['verdict'], lang)} {printable(t['table'])}{mark}{why}{number}"]
            + [_said("note", lang, message=_message(f, lang, ids)) for f in t["findings"] if f["severity"] == "notice"]
            + ([_said("note", lang, message=_said("three", lang, table=printable(t["table"])))]
               if three and only_last_seat_missing(t["findings"]) else [])]


# Where no progress bar shows (standard error no terminal: a pipe, a log), the lines of an event of this many tables
# or more each end with where the table stands (" [12/40]"): a long log says how far the check got, and a line begins
# with its verdict all the same (``grep '^FAULT'``). A short one is read at a glance (and its lines stay as they were).
COUNTED_FROM = 10


class _Tables:
    """Prints each table's lines once: as the check hands them on (``check_event``'s ``on_line``: the progress bar
    stays below them), then those of any table not said yet (a check stopped), and again those of a table that
    changed since (a near copy of its photo found at a table checked after it, once every table is read, or among
    the tables checked when the check stopped), under a heading said once ("again", "again_stopped") that says they
    replace its lines above."""

    def __init__(self, lang: str = "en", count: bool = False, three: bool = False, ids: Container[str] = ()) -> None:
        self.said: dict[str, list[str]] = {}
        self.lang = lang
        self.ids = ids  # the game's tile ids: left out of Japanese lines (``_message``)
        self.three = three  # the game is played by three too: a table with no seat 4 told how to say so
        self.again = False  # the heading of the lines said again: said
        self.heading = "again"
        self.count = count  # no progress bar shows: the lines of a big event numbered (``COUNTED_FROM``)
        self.total = 0  # how many tables the event has (``counted``)
        self.read = False  # some tables keep their stored report: the lines of those read in this check marked
        self.numbers: dict[str, int] = {}  # table -> where it stands, as first said

    def counted(self, total: int, kept: int) -> None:
        """``check_event``'s ``on_count``: how many tables the event has, how many keep their stored report."""
        self.total, self.read = total, kept > 0

    def __call__(self, t: dict) -> None:
        number = ""
        if self.count and self.total >= COUNTED_FROM:
            n = self.numbers.setdefault(t["table"], len(self.numbers) + 1)
            number = f" [{n}/{self.total}]"
        lines = _table_lines(t, self.lang, self.read, number, self.three, self.ids)
        if self.said.get(t["table"]) != lines:
            if t["table"] in self.said and not self.again:
                self.again = True
                tqdm.write(_said(self.heading, self.lang), file=sys.stdout)  # fixed words
            self.said[t["table"]] = lines
            for line in lines:
                tqdm.write(line, file=sys.stdout)

    def rest(self, tables: list[dict], stopped: bool = False) -> None:
        """The lines of ``tables`` not said yet or changed since; ``stopped``: of a check stopped midway."""
        self.heading = "again_stopped" if stopped else "again"
        for t in tables:
            self(t)


def _say_taught(game: str, lang: str) -> None:
    """Where no classifier names the tiles of the game file ``game`` and a tile set taught for it reads them
    (``tilelens.event.reading.taught_tileset``), which one, in one line; else nothing."""
    from tilelens.event.reading import taught_tileset
    from vision.recognizer import default_models_dir

    root = default_models_dir()
    folder = taught_tileset(game, root) if root.is_dir() else None
    if folder is not None:
        _print(_said("taught", lang, game=game, name=folder.name))


def _say_tileset(game: str, tileset: str, lang: str) -> None:
    """The tile set every seat is read with (``--tileset``), in one line; one not enrolled, or that reads no such
    game (``vision.recognizer.set_reads``: taught for it, or naming most of its kinds), refused first
    (``RecognizerError``, one line: exit 2) before any photo is read."""
    from vision.recognizer import default_models_dir, set_reads, tileset_folder

    set_reads(load_game(game), tileset, tileset_folder(tileset, default_models_dir()))
    _print(_said("tileset", lang, game=game, name=tileset))


def _say_removed(removed: tuple[str, ...], lang: str) -> None:
    """The report folders removed as the check started (a table folder renamed or removed since the check before:
    its old report goes too), in one line; none: nothing."""
    if removed:
        n = len(removed)
        _print(_said("removed", lang, n=n, s="s" if n > 1 else "", names=_names(removed, lang)))


def _say_distrusted(distrusted: tuple[str, ...], lang: str, why: dict[str, str] | None = None) -> None:
    """The tables checked again because their stored report, of the same photos, was not written by this
    installation or was changed since (``runner.EventResult.distrusted``), a line for each reason (``why``: table ->
    ``trust.distrust``'s): sealed under another home's key, written before reports were sealed, or else not written
    here or changed. None: nothing. A home that cannot keep its key blames no report: said once (``_say_key``)."""
    why = why or {}
    words = {trust.ELSEWHERE: "distrusted_elsewhere", trust.UNSEALED: "distrusted_unsealed", trust.UNKEPT: None}
    lines: dict[str | None, list[str]] = {}
    for name in distrusted:
        lines.setdefault(words.get(why.get(name, ""), "distrusted"), []).append(name)
    for key in ("distrusted_unsealed", "distrusted_elsewhere", "distrusted"):
        if key in lines:
            _print(_said(key, lang, names=_names(lines[key], lang), home=home_dir()))


def _say_older(older: tuple[str, ...], lang: str) -> None:
    """How many tables were read again because an older tilelens wrote their reports (``runner.EventResult.older``:
    a new ``REPORT_FORMAT`` reads every table again), in one line; none: nothing."""
    if older:
        _print(_said("older_one" if len(older) == 1 else "older", lang, n=len(older)))


def _say_key(lang: str) -> None:
    """Where this home cannot keep the key that seals the reports (``trust.key_problem``), one line on stderr, once a
    check: every table is read again at each check, and no report is to blame."""
    if (problem := trust.key_problem()) is not None:
        _print(problem[lang == "ja"], file=sys.stderr)


def _say_to_look_at(tables: list[dict], lang: str) -> None:
    """Among many lines "ok", the tables not in order, then those with tiles to confirm, each in one line."""
    for verdict, said in (("fault", "not_in_order"), ("review", "to_confirm")):
        names = [t["table"] for t in tables if t["verdict"] == verdict]
        if names:
            _print(_said(said, lang, names=_names(names, lang)))


def stopped_line(stopped: EventInterrupted | WorkerDied, lang: str, report: Path) -> str:
    """The line that says a check stopped (Ctrl-C, a worker's death) in ``lang``: how many of the event's tables it
    checked and what the same command does next; every table checked, no "rest" to check: the report complete
    (``EventInterrupted.finished``: its page ``report``), or its page alone left to write."""
    interrupted = isinstance(stopped, EventInterrupted)
    n, total = len(stopped.tables), stopped.total
    if total and n >= total:
        done = "all_done" if getattr(stopped, "finished", False) else "all_checked"
    else:  # stopped before the event folder was read (and no check before listed its tables): "unread_event"
        done = "done" if n else "none_done" if total else "unread_event"
    return _plain(_said("stopped", lang, why=_said("interrupted" if interrupted else "died", lang),
                        done=_said(done, lang, n=n, total=total, report=report),
                        hint="" if interrupted else _said("hint", lang)))


def main(argv: list[str] | None = None) -> int:
    """Run the check; 0 when every table is in order, 1 otherwise (a compressed file or a broken link skipped too; 3
    and 130: stopped, see EPILOG). An error's line (the router's, ``tilelens.cli``) names folders as a terminal shows
    them: their control characters escaped (``_plain``)."""
    try:
        return _main(argv)
    except TilelensInputError as exc:
        exc.args = (_plain(str(exc)), *exc.args[1:])
        exc.message_ja = _plain(exc.message_ja or "")
        raise
    except OSError as exc:
        for field in ("filename", "filename2"):
            if isinstance(getattr(exc, field, None), str):
                setattr(exc, field, _plain(getattr(exc, field)))
        raise


# What would do where the report folder cannot be written (a read-only place: ``tilelens.cli.not_written_under``)
NOT_WRITTEN_INSTEAD = ("give another --out, a folder you can write to", "書き込めるフォルダを --out に指定してください")


def _main(argv: list[str] | None) -> int:
    """``main``."""
    # --game by its id or its name (乃木坂ドンジャラ), as score and waits take it (``scorer.cli.with_game_id``);
    # --jobs 0, --min-confidence 2: one line after the usage (exit 2)
    args = build_parser().parse_args(None if argv is None else with_game_id(argv))
    lang = cli_lang()
    refuse_event_dir(args.event_dir)  # said first: else a file given as EVENT_DIR was named as the --out it implies
    args.players = _players(args.game, args.players)  # a count the game is not played by: said before any photo
    out = args.out or args.event_dir / DEFAULT_REPORT
    _check_report_folder(out)
    csv_file = _csv_file(args.csv, args.event_dir, out)  # a folder not there, a file to keep: said before any photo
    stdout = sys.stdout
    with contextlib.redirect_stdout(sys.stderr) if args.csv == "-" else contextlib.nullcontext(), \
            not_written_under(out, NOT_WRITTEN_INSTEAD):  # a report folder that cannot be written: what would do
        code, event = _check(args, lang, out)  # --csv -: standard output is the CSV alone
    if event is not None and args.csv is not None:
        _write_csv(args.csv, csv_file, out, event, lang, stdout, quiet=args.quiet)
    return code


def _players(game_arg: str, players: int | None) -> int:
    """``--players``, or the game's usual count where it is not given (``rules.players_span``); a count the game is
    not played by (3 for Nogizaka, of four only) an ``EventInputError`` naming the game and its count, as `tilelens
    score --players` refuses it. A game that cannot be read: 4, or the count given (the check says why)."""
    try:
        game = load_game(game_arg)
    except (TilelensInputError, OSError, ValueError, TypeError):
        return 4 if players is None else players
    if players is None:
        return players_span(game)[2]
    if refused := players_refused(game, players):
        raise EventInputError(*refused)
    return players


def _csv_file(text: str | None, event_dir: Path, out: Path) -> Path | None:
    """The file --csv names (``SEATS_CSV`` in a folder: one there, or named with a / at its end), None for none or
    ``-`` (standard output); an ``EventInputError``, said before any photo is read, where its folder is not there, it
    is among the players' photos (``_csv_among_the_photos``), or a file there already that is no seats CSV."""
    if text is None or text == "-":
        return None
    path = Path(text)
    refuse_loop(path, ("CSV file", "CSV のファイル"))  # a loop of links said as one, not "(DanglingLinkError)"
    if path.is_dir() or text.endswith(("/", os.sep)):
        path = path / SEATS_CSV
    # the report folder, not there before the first check, is made by it
    if not path.parent.is_dir() and path.parent.resolve() != out.resolve():
        raise EventInputError(*(_said("csv_folder", ln, csv=text, folder=path.parent) for ln in ("en", "ja")))
    _csv_among_the_photos(text, path, event_dir, out)
    if path.exists() and not _csv_of_ours(path):
        raise EventInputError(*(_said("csv_not_ours", ln, csv=text, path=path) for ln in ("en", "ja")))
    return path


def _csv_among_the_photos(text: str, path: Path, event_dir: Path, out: Path) -> None:
    """An ``EventInputError`` where the CSV ``path`` (a link: where it leads) is in the event folder or a table's folder
    (one that is a link to a folder elsewhere too), but not in the report folder ``out``: a seat photo of its name
    would be replaced, and the players' folders are read as the event's, as --out's are kept apart
    (``runner._not_among_the_photos``)."""
    target = path.resolve()
    if target.is_relative_to(out.resolve()):
        return
    try:
        tables = find_tables(event_dir, skip=out)
    except (EventInputError, OSError):  # an event folder that cannot be read: the check says why
        tables = []
    said = [_said("photo_folder", ln, table=name) for table in tables if target.is_relative_to(table.resolve())
            for ln, name in zip(("en", "ja"), table_named(table.name))]
    if not said and target.is_relative_to(event_dir.resolve()):
        said = [_said("event_folder", ln) for ln in ("en", "ja")]
    if said:
        raise EventInputError(*(_said("csv_among", ln, csv=text, what=what, report=out)
                                for ln, what in zip(("en", "ja"), said)))


def _csv_of_ours(path: Path) -> bool:
    """Whether ``path``, a file there already, is one --csv may write over: a seats CSV (``seats_csv_written``; an
    empty file too), whatever its name (one written before to ``seats``); not a seat photo, a ledger or another
    spreadsheet."""
    if not path.is_file():
        return False
    try:
        with path.open("rb") as f:
            head = f.read(len(HEADER_START) + 3)
    except OSError:  # what it holds cannot be told: kept
        return False
    return not head or seats_csv_written(head)


def _write_csv(text: str, path: Path | None, out: Path, event: dict, lang: str, stdout, quiet: bool) -> None:
    """The event's seats (``seats_csv``, of the reports this check has just written or kept) to ``stdout`` (no
    byte-order mark, as `tilelens ledger csv` prints one) or to the file ``path`` (with one), said in a line; a file
    that cannot be written an ``EventInputError`` naming it, the reports written all the same."""
    data = seats_csv(out, event, trusted_only=False)
    if path is None:
        stdout.write(data)
        stdout.flush()
        return
    from tilelens.labelling.store import atomic_write_bytes

    try:
        atomic_write_bytes(path, csv_bytes(data))
    except OSError as exc:
        # a link to nothing (``DanglingLinkError``) in its own words, not its class's name
        why = {ln: exc.strerror or (error_text(exc, ln) if isinstance(exc, TilelensInputError) else type(exc).__name__)
               for ln in ("en", "ja")}
        raise EventInputError(*(_said("csv_unwritten", ln, csv=text, why=why[ln], report=out / "index.html")
                                for ln in ("en", "ja"))) from None
    _print(_said("csv_wrote", lang, path=path), file=sys.stderr if quiet else sys.stdout)


def _check(args: argparse.Namespace, lang: str, out: Path) -> tuple[int, dict | None]:
    """The check of ``_main``: its exit status, and the event's report (None where it stopped)."""
    options = CheckOptions(game=args.game, min_confidence=args.min_confidence, players=args.players,
                           near_copies=args.near_copies, tileset=args.tileset or "")
    if args.tileset:
        _say_tileset(args.game, args.tileset, lang)
    else:
        _say_taught(args.game, lang)
    trust.report_key()  # made (or found) before the check: a home that cannot keep it said once, ahead of the tables
    _say_key(lang)
    try:  # --players 3 or less: no table is missing its seat 4 for want of saying it had three
        three = args.players == 4 and plays_three(load_game(args.game))
    except (TilelensInputError, OSError, ValueError, TypeError):  # a game that cannot be read: the check says why
        three = False
    tables = _Tables(lang, count=not args.quiet and bar_hidden(True), three=three,  # no bar on a pipe or in a log
                     ids=tile_ids(args.game) if lang == "ja" else ())
    try:
        result = check_event(args.event_dir, out, options, jobs=args.jobs, progress=not args.quiet, on_line=tables,
                             fresh=args.fresh, on_count=tables.counted)
    except BaseException as stopped:  # whatever stopped the check, the tables done are said first
        ended = isinstance(stopped, (EventInterrupted, WorkerDied))
        done_tables = stopped.tables if ended else getattr(stopped, "tables_done", [])
        tables.rest(done_tables, stopped=True)
        _say_removed(getattr(stopped, "removed", ()), lang)  # removed as the check started: said as when finished
        _say_distrusted(getattr(stopped, "distrusted", ()), lang, getattr(stopped, "why_distrusted", {}))
        _say_older(getattr(stopped, "older", ()), lang)
        _say_to_look_at(done_tables, lang)  # of the tables checked, as the event's page heads them
        if not ended:
            raise  # an error (check_event's tables_done): the tilelens router says it in one line, exit 2
        print(stopped_line(stopped, lang, out / "index.html"), file=sys.stderr)
        return (130 if isinstance(stopped, EventInterrupted) else 3), None
    tables.rest(result.event["tables"])
    for f in result.event["skipped"]:
        _print(_said("skipped", lang, folder=printable(f["folder"]),
                     reason=lang == "ja" and f.get("reason_ja") or f["reason"]))
    _say_removed(result.removed, lang)
    _say_distrusted(result.distrusted, lang, result.why_distrusted)
    _say_older(result.older, lang)
    if other := result.event.get("other_game"):  # most tables' tiles another game's: the one word of it, ahead
        _print(lang == "ja" and other["message_ja"] or other["message"])
    _say_to_look_at(result.event["tables"], lang)
    n_ok = result.event["verdicts"].get("ok", 0)
    what = not_checked_said(result.event["skipped"])[lang == "ja"]  # a compressed file, a broken link: tables perhaps
    unread = _said("unread", lang, what=what) if what else ""
    if args.tileset:
        unread += _said("summary_set", lang, name=args.tileset)
    _print(_said("summary", lang, ok=n_ok, total=len(result.event["tables"]), unread=unread, read=result.checked,
                 kept=_kept(result, lang), report=out / "index.html"), file=sys.stderr if args.quiet else sys.stdout)
    return (0 if result.in_order else 1), result.event
