"""Event check page: check one dealt table from uploaded photos (one uploader per seat), or browse the
report folder that ``tilelens check`` wrote for an event. The checking is ``tilelens.event``'s; this
page only gathers the photos and draws the report."""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import streamlit as st

from app.components import resources
from app.components.common import as_code, as_typed, game_select, style, typed_path, uploader_words
from app.components.visitor import folder_allowed, is_local_visitor, named_folder, refused_text, said_in, shown_path
from app.components.i18n import error_text, lang, os_error_text, said, text_in
from app.components.tiles import no_toolbars_css
from app.settings import SCRATCH_KEEP_S, scratch_dir
from scorer import Game, TilelensInputError
from tilelens.event import DEFAULT_MIN_CONFIDENCE, table_from_uploads
from tilelens.event.layout import DEFAULT_REPORT, IMAGE_SUFFIXES, MANIFEST_NAMES, WALL, parse_photo_name
from tilelens.event.model import (FindingKind, Severity, Verdict, event_report_problem, grouped, other_game_event,
                                  sentence, table_named, table_order, table_report_problem, where_ja)
from tilelens.event import trust
from tilelens.event.report import (COUNT_TEXT, EVENT_JSON, PAGE_FORMAT, PAGE_HASH, REPORT_HTML, REPORT_JSON,
                                    SEVERITY_JA, VERDICT_JA, VERDICT_TEXT, embedded_file, event_folder_here,
                                    event_pages_zip, event_reason_named, game_names, report_game, table_reason,
                                    tile_labels, unfinished_words, without_ids)
from tilelens.event.runner import (CHECKED_AS, RECHECKED, REMOVED, UPLOAD_PREFIX, TableTaken, _event_game,
                                    archives_skipped, check_command_here, check_running, check_uploaded_table,
                                    command_line, event_distrust, event_name_problem, events_root, next_table_name,
                                    open_event, open_events, remove_uploaded_table, similar_table_name, table_distrust,
                                    table_name_problem, tables_checked)
from tilelens.event.trust import is_sealed

PLAYERS = [4, 3, 2]
# the confidence below which a tile is listed to confirm: 0 to 1 by 0.05, and the check's own default
THRESHOLDS = sorted({round(i * 0.05, 2) for i in range(21)} | {DEFAULT_MIN_CONFIDENCE})
MANIFEST = MANIFEST_NAMES[0]  # what a table checked here keeps beside its photos (``layout.keep_photos``)
PICTURES = "event_pictures"  # the keys' start of the containers of a report's pictures (their toolbars hidden)
NAME_KEY = "event_table_name"  # the name the table uploaded is checked under
# the verdict drawn for a table whose verdict is neither its own report's nor its event's as this home's check wrote it
# (``trusted_lines``): not counted in order, listed first
UNTRUSTED = "untrusted"
# the reasons a report is not trusted that are no forgery: this event's own check's, the event changed since (a photo
# retaken, a table added, a table's folder removed: ``trust``), each to check again; drawn "since", ranked as UNTRUSTED
SINCE_REASONS = (trust.STALE, trust.ADDED, trust.GONE)
SINCE = "since"

# key: (Japanese, English); page-local so the page can be read on its own
S = {
    "title": ("配牌チェック", "Event check"),
    "intro": ("配牌後に各席の手牌を撮影すると、枚数・重複・信頼度の低い牌・配牌テンパイを確かめます。",
              "Photograph each seat's hand after the deal: tilelens checks counts, duplicates, unsure tiles "
              "and hands that are ready as dealt."),
    "mode_table": ("1卓をチェック", "Check a table"), "mode_browse": ("レポートを見る", "Browse a report"),
    "players": ("人数", "Players"), "dealer": ("親の席", "Dealer's seat"),
    "seat": ("{n}番席", "Seat {n}"), "seat_dealer": ("{n}番席 (親)", "Seat {n} (dealer)"),
    "seat_left_out": ("{n}番席: {players}人の卓にはありません (チェックしません)",
                      "Seat {n}: not at a table of {players} (not checked)"),
    "dealer_moved": ("{was}番席が親でしたが、{players}人の卓に{was}番席はないので、親は{n}番席になりました。親の席を選び直してください。",
                     "Seat {was} was the dealer: a table of {players} has no seat {was}, so seat {n} deals now. "
                     "Choose the dealer's seat again."),
    "wall": ("残りの山 (任意。裏向きのまま1段に並べて撮影)", "Remaining wall (optional, face down, one layer)"),
    "min_conf": ("この信頼度未満の牌は確認に回す", "Tiles read below this confidence are listed to confirm"),
    "advanced": ("詳細設定", "Advanced"),
    # the photo types said once for all the seats (each uploader listing them cut to "JPE, JP…" on a phone)
    "photo_types": ("各席の手牌の写真を1枚ずつ。JPEG・PNG・HEIC などの写真ファイルが使えます。",
                    "One photo of each seat's hand (JPEG, PNG, HEIC or another photo file)"),
    # said once, under its seat (the check is refused while it is there)
    "not_photo": ("{seat}: {f} は写真のファイルではありません (JPEG・PNG・HEIC など): 写真を選び直してください。",
                  "{seat}: {f} is not a photo file (JPEG, PNG, HEIC…): choose the seat's photo again."),
    "unreadable": ("{seat}: {f} は写真として読めません (空か、壊れているか、写真ではないファイルです): 撮り直すか、別の写真を"
                   "選んでください。",
                   "{seat}: {f} cannot be read as a photo (empty, damaged, or not a photo): take it again or choose "
                   "another."),
    # the photo's own words where the check has them (a panorama too long and thin, a HEIC's iPhone advice)
    # {why}: the photo's own reason as a whole sentence (``_sentence``)
    "unreadable_why": ("{seat}: {f} は読めません。{why}", "{seat}: {f} cannot be read. {why}"),
    "fix_photos": ("チェックしませんでした: 上の席の写真を直してください。",
                   "Not checked: correct the seats' photos above."),
    "no_photo": ("先に各席の写真を追加してください。", "Add a photo for each seat first."),
    "where_kept": ("レポートの保存場所", "Where the reports are kept"),
    "name": ("卓の名前", "Table name"),
    "name_help": ("卓ごとのレポートはこの名前で残ります。写真を撮り直した卓や親の席を直した卓は、その卓の名前のまま"
                  "もう一度チェックしてください。次の卓に進むときは「次の卓へ」を押すと、写真が空になり名前が次の卓の名前に"
                  "進みます。",
                  "Each table's report is kept under this name. To check a table again (a photo retaken, the dealer "
                  "corrected), check it under its name. Next table clears the photos and moves the name on to the "
                  "next table's."),
    "next": ("次の卓へ", "Next table"),
    "name_like": ("{n} は、チェック済みの {t} と0の数・大文字小文字・全角半角だけが違います。{t} をもう一度チェックするなら"
                  "名前を {t} にしてください ({n} のままだと別の卓になります)。",
                  "{n} differs from {t}, checked already, only by zeros, case or width: to check {t} again, name it "
                  "{t} ({n} makes another table)."),
    "game_switched": ("この写真は{other}としてチェックしました ({t})。いまは{game}のイベントです。{game}としてチェックするには"
                      "「この卓をチェック」を押してください ({game}のイベントの {n} になります)。",
                      "These photos were checked as {other} ({t}). This is the event of {game}: press Check this "
                      "table to check them as {game} ({n} of its event)."),
    "remove_table": ("卓を取り除く", "Remove a table"),
    "remove_help": ("間違えてチェックした卓や、違う名前でチェックした卓をイベントから取り除きます。レポートは {p} に"
                    "移し、イベントのまとめと卓をまたぐ写真の重複を書き直します。",
                    "Take a table checked by mistake (or under a wrong name) out of the event: its report is moved "
                    "aside into {p}, and the event's summary and the photos said to be copies across tables are "
                    "written again."),
    "remove_help_away": ("間違えてチェックした卓や、違う名前でチェックした卓をイベントから取り除きます。レポートは消さずに、"
                         "tilelens を動かしているコンピューターの別のフォルダに移し、イベントのまとめと卓をまたぐ写真の重複を"
                         "書き直します。",
                         "Take a table checked by mistake (or under a wrong name) out of the event: its report is "
                         "moved aside on the computer running tilelens (not deleted), and the event's summary and "
                         "the photos said to be copies across tables are written again."),
    "remove": ("この卓を取り除く", "Remove this table"),
    "removed": ("{t} を取り除きました (レポートは消さずに別の場所に移しました)。",
                "{t} was removed from the event (its report was moved aside, not deleted)."),
    "three_players": ("{n}番席の写真がありません。3人で遊んだ卓なら、上の人数を3にしてもう一度チェックしてください。",
                      "No photo for seat {n}: if three played at this table, set Players to 3 above and check it "
                      "again."),
    "older_tables": ("{tables} のレポートは古い tilelens が書いたもので、いまとは言い方や指摘が違うことがあります。いまの指摘を"
                     "見るにはチェックをもう一度実行してください (`{cmd}`)。",
                     "The reports of {tables} were written by an older tilelens, and may word their findings as it "
                     "did then: run the check again (`{cmd}`) for today's findings."),
    "older": ("このレポートは古い tilelens が書いたもので、いまとは言い方や指摘が違うことがあります。いまの指摘を見るには"
              "チェックをもう一度実行してください (`{cmd}`)。",
              "This report was written by an older tilelens, and may word its findings as it did then: run the "
              "check again (`{cmd}`) for today's findings."),
    "name_taken": ("{t} はチェック済みです。もう一度チェックすると、そのレポートを置き換えます。",
                   "{t} was checked already: checking it again replaces its report."),
    # a taken name, other photos: another table checked under it by mistake, or the table retaken
    "name_other_photos": ("{t} は別の写真でチェック済みです。この写真をチェックすると {t} のレポートを置き換えます (前のレポートは"
                          "消さずに {p} に移します)。別の卓なら、名前を変えてください。",
                          "{t} was checked already with other photos: checking these replaces its report (the old "
                          "one is moved aside into {p}, not deleted). For another table, change the name."),
    # a visitor from the network (a phone): the folder is the computer's, not shown (``kept_where``)
    "name_other_photos_away": ("{t} は別の写真でチェック済みです。この写真をチェックすると {t} のレポートを置き換えます (前の"
                               "レポートは消さずに、tilelens を動かしているコンピューターの別のフォルダに移します)。別の卓なら、"
                               "名前を変えてください。",
                               "{t} was checked already with other photos: checking these replaces its report (the old "
                               "one is moved aside on the computer running tilelens, not deleted). For another table, "
                               "change the name."),
    "replaced": ("前の {t} のレポートは {p} に移しました (消していません)。",
                 "The report {t} had before was moved aside into {p} (not deleted)."),
    "replaced_away": ("前の {t} のレポートは、tilelens を動かしているコンピューターの別のフォルダに移しました (消していません)。",
                      "The report {t} had before was moved aside on the computer running tilelens (not deleted)."),
    # the table whose report was drawn here, removed from the event since (on another phone: ``remove_uploaded_table``)
    "removed_elsewhere": ("{t} はほかの端末でイベントから取り除かれました。そのレポートはもう表示しません。この写真をもう一度"
                          "チェックするには「この卓をチェック」を押してください。",
                          "{t} was removed from the event on another phone, so its report is no longer shown. To check "
                          "these photos again, press Check this table."),
    # this browser's own event: no other phone; its folder removed a day after its last check (``SCRATCH_KEEP_S``)
    "report_gone": ("{t} のレポートはもうありません (取り除かれたか、保存期間が過ぎて消えました)。この写真をもう一度チェックするには"
                    "「この卓をチェック」を押してください。",
                    "The report of {t} is no longer there (removed, or past the time reports are kept). To check "
                    "these photos again, press Check this table."),
    # the table whose report was drawn here, checked again with other photos on another phone (its replacing ticked)
    "replaced_elsewhere": ("{t} はほかの端末で別の写真でチェックし直されました (この端末でチェックしたレポートは置き換え"
                           "られています)。そのレポートはもう表示しません。",
                           "{t} was checked again on another phone with other photos (the report checked here was "
                           "replaced), so it is no longer shown."),
    "checked_other": ("{t} はチェックしました (下の一覧にあります)。「この卓をチェック」を押すと {n} をチェックします。",
                      "{t} was checked (it is in the list below): press Check this table to check {n}."),
    "session_tables": ("このセッションでチェックした卓", "Tables checked in this session"),
    # an event opened by name, shared by every phone that chooses it (``runner.open_event``)
    "shared_tables": ("イベント「{e}」でチェックした卓 (すべての端末の分)", "Tables checked in the event {e} (on every phone)"),
    "event": ("イベント", "Event"),
    "own_event": ("このブラウザだけのイベント", "This browser's own event"),
    "event_help": ("スタッフが何台かの端末で同じイベントの卓をチェックするときは、主催者が開いたイベントを選んでください。"
                   "選んだイベントの卓は、どの端末でチェックしても1つのイベントにまとまります。",
                   "Where staff check the tables of one event on several phones, choose the event the organiser "
                   "opened: the tables checked on every phone that chooses it are kept as one event."),
    "open_event": ("何台かの端末で1つのイベントをチェックする", "Check one event on several phones"),
    "event_name": ("イベントの名前", "Event name"),
    "event_name_help": ("名前を付けてイベントを開くと、ほかの端末はこのページの「イベント」でその名前を選んで参加できます"
                        "(同じゲームを選んでいる端末に表示されます)。",
                        "Open an event by name: other phones then join it by choosing that name under Event on "
                        "this page (shown to phones that chose the same game)."),
    "open": ("イベントを開く", "Open the event"),
    "opened": ("イベント「{e}」を開きました。ほかの端末では、このページの「イベント」で「{e}」を選ぶと参加できます。",
               "The event \u201c{e}\u201d is open: on another device, choose \u201c{e}\u201d under Event on this page to "
               "join it."),
    # the event of the link (``/event?event=NAME``) is of another game than the one chosen
    "other_game_event": ("「{e}」は{game}のイベントです。参加するには上で{game}を選んでください。",
                         "{e} is a {game} event: choose {game} above to join it."),
    # a name typed that differs from an open event's only by case or width (``runner.similar_event_name``): joined
    "joined": ("入力した名前 {t} は、開いているイベント {e} と大文字・小文字か全角・半角だけが違うので、イベント {e} に参加"
               "しました。",
               "The name {t} differs from the open event {e} only by case or width, so you joined the event {e}."),
    # the name offered (not typed) taken meanwhile by a table another phone checked: this one checked under the next
    # the name offered, taken by another phone's table before this one was checked: the next free one offered
    "reoffered": ("{t} はほかの端末でチェックされたので、この卓の名前を {n} にしました。",
                  "{t} was checked on another phone meanwhile, so this table's name is now {n}."),
    "renamed": ("{t} はちょうどほかの端末でチェックされたので、この卓は {n} としてチェックしました。",
                "{t} was just checked on another phone, so this table was checked as {n}."),
    # a name typed that another phone checked a table under (``runner.TableTaken``): never replaced unasked
    "name_other_phone": ("{t} はほかの端末でチェック済みです。この名前のままではチェックしません (その卓のレポートを置き換えて"
                         "しまうため)。別の卓なら名前を {n} にしてください。{t} を置き換えるときは、下で確かめてください。",
                         "{t} was checked on another phone: this table is not checked under its name, which would replace "
                         "that table's report. For another table, name it {n}; to replace {t}, tick the box below."),
    "replace_other": ("ほかの端末でチェックした {t} を置き換える (前のレポートは消さずに移します)",
                      "Replace {t}, checked on another phone (its report is moved aside, not deleted)"),
    "taken_refused": ("{t} はほかの端末でチェックされているので、この卓はチェックしませんでした ({t} のレポートはそのままです)。"
                      "名前を {n} にしました。「この卓をチェック」を押してください。",
                      "{t} was checked on another phone, so this table was not checked ({t}'s report is kept as it was). "
                      "Its name is now {n}: press Check this table."),
    "shared_folder": ("このイベントは、「イベント」で「{e}」を選んだすべての端末で共有されます。レポートと、チェックした写真 "
                      "(卓ごとのフォルダ) は最後のチェックから{h}時間残り、その後消えます。残すには「イベントのページを保存」"
                      "で保存してください。",
                      "This event is shared by every phone that chooses {e} under Event. Its reports, and the photos "
                      "checked (each table's in its folder), are kept for {h} hours after the last check, then "
                      "removed: to keep the event, use Download the event's pages."),
    # the table chooser's option: its name and verdict
    "chooser": ("{t} ({v})", "{t} ({v})"),
    # a table not in order, or with tiles to confirm, and why: its findings, short (the first two, then how many more)
    "why_line": ("- **{t}**: {why}", "- **{t}**: {why}"),
    "why_more": ("ほか{n}件", "and {n} more"),
    "why_sep": ("。", "; "),
    "why_tables_more": ("ほか{n}卓 (下で卓を選ぶと指摘をすべて表示します)", "{n} more tables (choose a table below for all "
                                                                  "its findings)"),
    # a stopped check's way forward, to the person at the computer: the command that checks the rest
    "rest_command": ("このコンピューターで実行するコマンド: `{cmd}`", "The command, run on this computer: `{cmd}`"),
    # the photos are kept beside the reports (``runner.check_uploaded_table``): said where the event is
    "session_folder": ("このイベントは、このブラウザを開いている間だけ有効です。再読み込みや別のブラウザでは"
                       "新しいイベントになります。レポートと、チェックした写真 (卓ごとのフォルダ) は最後のチェックから"
                       "{h}時間残り、その後消えます。残すには「イベントのページを保存」で保存してください。",
                       "This event lives for this browser session: a reload or another browser starts a new event, "
                       "empty. Its reports, and the photos checked (each table's in its folder), are kept for {h} "
                       "hours after the last check, then removed: to keep the event, use Download the event's pages."),
    "kept_in": ("レポートのフォルダ (チェックした写真も入っています。「レポートを見る」で開けます): {p}",
                "The reports' folder, the photos checked in it too (open it in Browse a report): {p}"),
    "kept_in_away": ("レポートと、チェックした写真は、tilelens を動かしているコンピューターに保存されています。フォルダの場所"
                     "は、そのコンピューターでこのページを開くと表示されます。",
                     "The reports, and the photos checked, are kept on the computer running tilelens: open this page "
                     "there to see their folder."),
    # a folder of this page's event browsed: the organiser at the computer may check it again (the command theirs)
    "check_kept": ("このフォルダには「1卓をチェック」でチェックした写真も入っています。コンピューターで `{cmd}` を実行すると、"
                   "イベントをもう一度チェックできます。",
                   "This folder holds the photos checked in Check a table too: `{cmd}`, run on the computer, checks "
                   "the event again."),
    # the event's pages in one zip, laid out as its report folder (``report.event_pages_zip``): its links work once
    # unzipped (a page saved alone keeps none); 圧縮ファイル, as this page names a zip elsewhere (no English word)
    "download_event": ("イベントのページを保存 (圧縮ファイル: 展開して index.html を開く)",
                       "Download the event's pages (zip: unzip, open index.html)"),
    "check": ("この卓をチェック", "Check this table"), "checking": ("牌を読んでいます…", "Reading the tiles…"),
    "folder": ("レポートのフォルダ", "Report folder"),
    # the command-line words for the organiser who runs it, in the field's help, not on the page
    "folder_help": ("イベントのチェックがレポートを書いたフォルダ (`tilelens check` の `--out`)。",
                    "The folder an event's check wrote its report into (the `--out` of `tilelens check`)."),
    # the organiser at the computer: the command that writes a report is theirs (its --out in the field's help)
    "browse_hint": ("レポートがまだないときは: 会場の写真を撮りためたコンピューターで `tilelens check` を実行するとレポートが"
                    "できます。1卓だけなら「1卓をチェック」で写真から確かめられます。",
                    "No report yet? `tilelens check`, run on the computer holding the event's photos, writes one; "
                    "to check one table from photos here, use Check a table."),
    # a phone: no command line to run; the organiser's laptop writes reports, a phone checks a table here
    "folder_help_phone": ("主催者のコンピューターでチェックしたイベントのレポートのフォルダ。",
                          "The folder of an event's report, checked on the organiser's computer."),
    "browse_hint_phone": ("レポートは主催者のコンピューターで作られます。1卓だけなら「1卓をチェック」で写真から確かめられます。",
                          "Reports are made on the organiser's computer; to check one table from photos here, use "
                          "Check a table."),
    "report_inside": ("このフォルダのチェックのレポート: {p}", "Report of this folder's check: {p}"),
    "no_report": ("このフォルダにはレポートがありません: {p}", "No report in this folder: {p}"),
    "no_folder": ("フォルダがありません: {p}", "There is no folder {p}"),
    "a_file": ("{p} はファイルです。`tilelens check` がレポートを書いたフォルダを指定してください。",
               "{p} is a file, not a report folder: give the folder `tilelens check` wrote its report in."),
    "cannot_open": ("このフォルダを開けません: {p}: {err}", "This folder cannot be opened: {p}: {err}"),
    "table_gone": ("{t} のレポートがありません (フォルダが移動か削除されています): {p}",
                   "The report of {t} is not there (its folder was moved or removed): {p}"),
    "table_file_gone": ("{t} のレポートファイルがありません (フォルダはあります): {p}",
                        "The report file of {t} is missing (its folder is there): {p}"),
    "game_is": ("ゲーム: {game}", "Game: {game}"),
    "stale": ("この卓をチェックした後に写真か設定が変わりました。「この卓をチェック」をもう一度押すと、いまの写真でチェックします。",
              "The photos or settings changed since the table was checked: press Check this table to check "
              "them again."),
    "wall_photo": ("残りの山", "Remaining wall"),
    # a picture's text for a screen reader: a finding's tile crop, a seat's photo
    "crop_alt": ("{seat} {n}枚目: {name}", "{seat}, tile {n}: {name}"),
    "photo_alt": ("{who}の写真", "Photo of {who}"),
    "preview_alt": ("{who}の写真: {f}", "Photo of {who}: {f}"),
    "bad_report": ("このレポートは読めません (壊れているか、`tilelens check` が書いたものではありません): {p}: {err}",
                   "This report cannot be read (damaged, or not written by `tilelens check`): {p}: {err}"),
    "not_a_report": ("中身がレポートの形をしていません", "its contents are not those of a report"),
    # tiles of another game, read as the one chosen: what the page asks (`tilelens check` asks of its --game)
    # (the Japanese without "?": findings are joined with "。")
    "game_hint": ("上で選んだゲームが合っているか確かめてください", "is the game chosen above right?"),
    "table": ("卓", "Table"), "nothing": ("指摘はありません。", "Nothing to report."),
    # the table list's columns, short for a phone (the HTML report says them in full)
    "col_verdict": ("判定", "Result"), "col_error": ("エラー", "Errors"), "col_review": ("要確認", "Confirm"),
    "col_notice": ("参考", "Notes"),  # the HTML report's word (SEVERITY_JA)
    # a tile read more often than the set holds (``rules.surplus_findings``), after its tiles' pictures
    "surplus": ("**{name}** を{n}枚読みましたが、セットには{copies}枚しかありません。{why}",
                "**{name}** read {n} times, but the set has {copies}: {why}"),
    "surplus_why": ("読み違いか、別のセットの牌です。", "a misread or a tile from another set."),
    "surplus_grey": ("{seats}の写真に色がないための読み違いです。", "a misread: the photo of {seats} has no colour."),
    "least_sure": ("一番信頼度の低い牌: {places}", "least sure: {places}"),
    "photos": ("写真", "Photos"), "download": ("HTMLレポートを保存", "Download the HTML report"),
    # a report this home's check did not write as it is (``distrust_of``), to a visitor
    # from the network (a phone): the why and the way forward name the laptop's home and a command, none of a phone's
    # business; the report is not drawn
    "untrusted_away": ("このレポートは、このコンピューターのチェックが書いたものではないので表示しません。",
                       "This report was not written by this computer's check: it is not shown."),
    # a report not trusted in an event of this page's (one opened by name, or this browser's own: ``phones``), to the
    # laptop and a phone alike: mended here (its table checked again under its name, or removed), not by a command (it
    # would write a report folder of its own beside the event's)
    "phones_table": ("{t} のレポートは、このコンピューターのチェックが書いたままのものではありません (ほかで書かれたか、後から"
                     "変わりました)。このページで {t} という名前のままもう一度チェックするか、「卓を取り除く」で取り除いて"
                     "ください。",
                     "The report of {t} is not as this computer's check wrote it (written elsewhere, or changed "
                     "since): check {t} again on this page under its name, or remove it under Remove a table."),
    "phones_event": ("イベントのまとめは、このコンピューターのチェックが書いたままのものではありません (ほかで書かれたか、後から"
                     "変わりました)。このページで {t} をその名前のままもう一度チェックするとまとめも書き直されます。"
                     "間違えてチェックした卓は「卓を取り除く」で取り除いてください。",
                     "The event's summary is not as this computer's check wrote it (written elsewhere, or changed "
                     "since): check {t} again on this page under its name, and the summary is written again; a table "
                     "checked by mistake, remove it under Remove a table."),
    # the same, the reason a change since the check (``SINCE_REASONS``: a photo retaken, a table added or gone)
    "phones_table_since": ("{t} の写真がチェックの後に変わったため、このレポートは古くなっています。このページで {t} という"
                           "名前のままもう一度チェックするか、「卓を取り除く」で取り除いてください。",
                           "The report of {t} is out of date (its photos changed since the check): check {t} again "
                           "on this page under its name, or remove it under Remove a table."),
    "phones_event_since": ("チェックの後に写真か卓が変わったため、イベントのまとめは古くなっています。このページで {t} を"
                           "その名前のままもう一度チェックするとまとめも書き直されます。間違えてチェックした卓は"
                           "「卓を取り除く」で取り除いてください。",
                           "The event's summary is out of date (photos or tables changed since the check): check {t} "
                           "again on this page under its name, and the summary is written again; a table checked by "
                           "mistake, remove it under Remove a table."),
    "phones_any": ("どれかの卓", "any table"),  # ``phones_event``'s {t} where the reason names no table
    # a table of this page's event whose report was not trusted, checked again from its kept photos by the check just
    # made (``runner.RECHECKED``): said once, after the check
    "rechecked": ("{t} は写真からもう一度チェックしました (レポートが、このコンピューターのチェックが書いたままのものでは"
                  "ありませんでした)。",
                  "{t} was checked again from its photos: its report was not this computer's check's as written."),
    # this event's own check's report, the event changed since (``SINCE_REASONS``), to a phone: drawn, said out of date
    "since_away": ("チェックの後に写真か卓が変わったため、このレポートは古くなっています。アプリを動かしているコンピューターでもう一度チェックしてください。",
                   "The photos or tables changed since the check: this report is out of date. Check the event again "
                   "on the computer running the app."),
    # a table's verdict in the list where its photos, or its folder, changed since the check, or it was added since
    SINCE: ("チェック後に変更", "Changed since the check"),
    "attention_since": ("チェックの後に変わった卓 ({n}卓): {tables}", "Changed since the check ({n}): {tables}"),
    # a table added to the event since the check, chosen: it has no report yet (not "moved or removed")
    "table_added": ("{t} はチェックの後にイベントに追加された卓で、まだチェックしていません。イベントをもう一度チェックしてください。",
                    "{t} was added to the event since the check and is not checked yet: check the event again."),
    # a table's verdict in the list where neither its report nor the event's is this home's check's, as written
    UNTRUSTED: ("信用できません", "Not trusted"),
    "attention_untrusted": ("信用できないレポート ({n}卓): {tables}", "Not trusted ({n}): {tables}"),
    # a seat's tiles read under its photo: one colon (not 「1番席: 読んだ牌: …」); the particle inside the bold, as
    # markdown closes no ** after ")" that a kana follows (「**1番席 (親)**で」 showed its asterisks)
    "seat_tiles": ("**{seat}で**読んだ牌: {tiles}", "**{seat}**, tiles read: {tiles}"),
    "seat_no_tiles": ("**{seat}**: 読めた牌はありません", "**{seat}**: no tiles read"),
    # a hand-edited report whose crop points outside its folder (an absolute path, ../): no picture from elsewhere
    "crop_outside": ("(牌の切り抜き {p} はレポートのフォルダの外を指しているので表示しません)",
                     "(the tile crop {p} points outside the report folder: not shown)"),
    # a picture of a report (a crop, a seat's thumbnail) that is a link leading out of it, or no image: the rest drawn
    "picture_outside": ("({p} はレポートのフォルダの外を指しているので表示しません)",
                        "({p} points outside the report folder: not shown)"),
    "picture_bad": ("({p} は画像として読めないので表示しません)", "({p} cannot be read as an image: not shown)"),
    "summary": ("{n}卓中{ok}卓が問題なし", "{ok} of {n} tables in order"),
    # a check stopped (Ctrl-C, a worker that died) or still running: its event.json says so (as the HTML report)
    "summary_unfinished": ("{n}卓中{done}卓をチェック、{ok}卓が問題なし (未完了)",
                           "{done} of {n} tables checked, {ok} in order (not finished)"),
    "unfinished": ("チェックは終わっていません ({why})。チェックしていない卓: {tables}。同じコマンドをもう一度実行すると"
                   "残りをチェックします。",
                   "The check did not finish ({why}). Tables not checked: {tables}. Run the same command again "
                   "to check the rest."),
    # to a visitor from the network (a phone): the check runs on the computer, which checks the rest
    "unfinished_away": ("チェックは終わっていません ({why})。チェックしていない卓: {tables}。残りの卓は、tilelens を動かして"
                        "いるコンピューターでチェックをもう一度実行するとチェックされます。",
                        "The check did not finish ({why}). Tables not checked: {tables}. The rest is checked when the "
                        "check is run again on the computer running tilelens."),
    # stopped before the event folder was read, and no check before listed its tables: none is known
    "summary_unread": ("チェックした卓はありません (未完了)", "No table checked (not finished)"),
    "unfinished_unread": ("チェックは終わっていません ({why}): どの卓もチェックしていません。同じコマンドをもう一度実行すると"
                          "チェックします。",
                          "The check did not finish ({why}): no table was checked. Run the same command again to "
                          "check the event."),
    # event.json says "running": the check's lock on the report folder tells a check at work from one that
    # stopped without a word (killed, a power cut); where the system has no file lock, "unfinished" as it was
    "summary_writing": ("{n}卓中{done}卓をチェック済み (チェック中)", "{done} of {n} tables checked so far (check running)"),
    "writing": ("いまチェックがこのレポートを書いています。まだチェックしていない卓: {tables}。終わってからもう一度開くと"
                "全体を見られます。",
                "A check is writing this report now. Tables not checked yet: {tables}. Open the folder again when "
                "it has ended to see the whole event."),
    "writing_unread": ("いまチェックがこのレポートを書いています: まだどの卓もチェックしていません。",
                       "A check is writing this report now: no table checked yet."),
    "stopped": ("チェックは途中で止まりました。チェックしていない卓: {tables}。同じコマンドをもう一度実行すると"
                "残りをチェックします。",
                "The check stopped before it finished. Tables not checked: {tables}. Run the same command again "
                "to check the rest."),
    "stopped_unread": ("チェックは途中で止まりました: どの卓もチェックしていません。同じコマンドをもう一度実行すると"
                       "チェックします。",
                       "The check stopped before it finished: no table was checked. Run the same command again to "
                       "check the event."),
    "stopped_away": ("チェックは途中で止まりました。チェックしていない卓: {tables}。残りの卓は、tilelens を動かしている"
                     "コンピューターでチェックをもう一度実行するとチェックされます。",
                     "The check stopped before it finished. Tables not checked: {tables}. The rest is checked when "
                     "the check is run again on the computer running tilelens."),
    "unfinished_unread_away": ("チェックは終わっていません ({why}): どの卓もチェックしていません。tilelens を動かしている"
                               "コンピューターでチェックをもう一度実行するとチェックされます。",
                               "The check did not finish ({why}): no table was checked. The event is checked when the "
                               "check is run again on the computer running tilelens."),
    "stopped_unread_away": ("チェックは途中で止まりました: どの卓もチェックしていません。tilelens を動かしている"
                            "コンピューターでチェックをもう一度実行するとチェックされます。",
                            "The check stopped before it finished: no table was checked. The event is checked when "
                            "the check is run again on the computer running tilelens."),
    # a compressed file skipped unread: a table's photos, perhaps, not checked (event.json's in_order is false),
    # as the HTML report says it
    "summary_zipped": ("すべて問題なしとは言えません ({n}卓中{ok}卓が問題なし。圧縮ファイル {z}件 ({names}) はチェックして"
                       "いません)",
                       "Event not in order: {ok} of {n} tables in order, {files} not checked ({names})"),
    "zipped_one": ("読まずに飛ばしました。卓の写真が入っているかもしれません。別のフォルダに展開して、もう一度チェックしてください。",
                   "It was skipped unread and may hold a table's photos: unzip it into a folder of its own and run "
                   "the check again."),
    "zipped_many": ("読まずに飛ばしました。卓の写真が入っているかもしれません。それぞれ別のフォルダに展開して、もう一度チェックしてください。",
                    "They were skipped unread and may hold a table's photos: unzip each into a folder of its own and "
                    "run the check again."),
    "none": ("なし", "none"),
    # the tables to look at, named under the summary as the HTML report names them under its headline
    "attention_fault": ("問題あり ({n}卓): {tables}", "Not in order ({n}): {tables}"),
    "attention_review": ("要確認 ({n}卓): {tables}", "Tiles to confirm ({n}): {tables}"),
    "list_sep": ("、", ", "),
    # the table list's count columns, after their icons: the HTML report's words (report.COUNT_TEXT, SEVERITY_JA)
    "count_error": (SEVERITY_JA[Severity.ERROR], COUNT_TEXT[Severity.ERROR]),
    "count_review": (SEVERITY_JA[Severity.REVIEW], COUNT_TEXT[Severity.REVIEW]),
    "count_notice": (SEVERITY_JA[Severity.NOTICE], COUNT_TEXT[Severity.NOTICE]),
    "none_checked": ("まだどの卓もチェックしていません。", "No table was checked yet."),
    "skipped": ("卓として確認しなかったフォルダ", "Folders not checked as tables"),  # as the HTML report says
    "no_model": ("写真を読むモデルがありません: {err}", "No recognition model can read these photos: {err}"),
    # a report folder a check of old wrote from inside a table's folder (`cd table-07; tilelens check .`): the table
    # had no name, its report.json lay beside event.json and its page took the event's place
    "nameless": ("このレポート ({p}) は、卓のフォルダの中から実行した古い tilelens check が書いたもので、卓の名前がありません。"
                 "その卓をもう一度チェックしてください (`{cmd}`。新しいレポートは卓をフォルダの名前で呼びます)。",
                 "This report was written by an older tilelens check run from inside a table's folder, and its "
                 "table has no name: {p}. Check that table again: `{cmd}` (the new report names the table after "
                 "its folder)."),
}
# the verdicts as the HTML reports say them, one source for both
S.update({str(v): (VERDICT_JA[v], VERDICT_TEXT[v].capitalize()) for v in Verdict})
# Streamlit's own icons: an emoji (⛔) is an empty box on a phone without an emoji font
ICON = {"error": ":red[:material/error:]", "review": ":orange[:material/warning:]", "notice": ":blue[:material/info:]"}


def s(key: str, **fmt) -> str:
    """This page's string ``key`` in the chosen language; a path (``p``) said as code, shown as it is (a folder
    named ``*x*`` not read in italics, nor ``:smile:`` as an emoji), and to a visitor from the network as they name
    it (``visitor.shown_path``: a shared folder's name and the path in it, never the laptop's folders)."""
    if "p" in fmt:
        fmt["p"] = as_code(shown_path(fmt["p"]))
    return text_in(S, key, **fmt)


def os_said(exc: OSError, *paths: Path, named: Path | None = None) -> str:
    """``os_error_text`` of ``exc`` with the paths in it (its own, and ``paths``) said as this session's visitor is told
    them (``visitor.said_in``, whole): a phone is never shown a folder of the laptop (its user name, its folders).
    ``named``: the file the caller's message names itself, not named again (``i18n.os_error_text``)."""
    own = [p for p in (exc.filename, exc.filename2) if isinstance(p, (str, Path))]
    return said_in(os_error_text(exc, named), *own, *paths, whole=True)


def folder_key(folder: Path) -> str:
    """A short digest of ``folder`` for the keys of what a report folder draws (a download button's): a key is sent
    to the browser (the element's id, its ``st-key-…`` class), and the folder's path is the laptop's."""
    return hashlib.sha256(str(folder).encode()).hexdigest()[:10]


def kept_where(key: str, p: Path, **fmt) -> str:
    """String ``key`` naming the folder ``p`` of the computer running the app, for a visitor on that computer
    (``is_local_visitor``); for one from the network (a phone on the club's Wi-Fi) its ``<key>_away`` words, which say
    it is kept on that computer with no path of it (the laptop's user name, its folders: none of a phone's
    business, and a phone can open none of them)."""
    return s(key, p=p, **fmt) if is_local_visitor() else s(f"{key}_away", **fmt)


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
        st.warning(as_typed(said(*why)))
        return False
    st.warning(s("since_away" if since else "untrusted_away"))
    return not since


# What a report not trusted here is called in its words (``trust.distrust_said``), as ``runner.table_distrust`` and
# ``runner.event_distrust`` call it: (English, Japanese).
TABLE_REPORT = ("This table's report", "この卓のレポート")
EVENT_REPORT = ("The event's report", "イベントのレポート")


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
    since = why is not None and table_reason(folder, report, event=beside) in SINCE_REASONS
    mend = s("phones_table_since" if since else "phones_table", t=as_typed(folder.name)) if here else ""
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


def crop_alts(tiles: list[dict], report: dict) -> list[str]:
    """Each tile crop's text for a screen reader, in the screen's language: "Seat 1, tile 3: Kotoko" (「1番席 3枚目:
    琴子」), the tile by its name alone (``report.tile_labels``; a tile face down as such, an unknown one by its id)."""
    try:
        en, ja = tile_labels(tiles, report_game(report), ids=False)
    except (KeyError, TypeError, ValueError, AttributeError):  # a report edited by hand: the tiles by their ids
        en = ja = [f"{t.get('index', 0) + 1}. {t.get('kind', '')}" for t in tiles]
    return [_crop_alt(t, label.partition(". ")[2]) for t, label in zip(tiles, ja if lang() == "ja" else en)]


def _crop_alt(tile: dict, name: str) -> str:
    """One crop's text (``crop_alts``): its tile's name alone where a hand-edited report left out its seat or index."""
    seat, index = tile.get("seat"), tile.get("index")
    if seat is None or not isinstance(index, int) or isinstance(index, bool):
        return name
    return s("crop_alt", seat=s("wall_photo") if str(seat) == "wall" else s("seat", n=seat), n=index + 1, name=name)


def crop_caption(tile: dict) -> str:
    """A crop's caption, "2-3" (seat 2, its third tile); "?" for what a hand-edited report left out."""
    index = tile.get("index")
    n = index + 1 if isinstance(index, int) and not isinstance(index, bool) else "?"
    return f"{tile.get('seat', '?')}-{n}"


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
    for i, f in enumerate(grouped(report["findings"])):  # a seat's many unsure tiles as one line, their crops a row
        inside = [t for t in f["tiles"] if crop_inside(folder, t["crop"])]
        outside = [t["crop"] for t in f["tiles"] if t not in inside]
        drawn = [(t, *picture(folder, t["crop"])) for t in inside] if f["severity"] != "notice" else []
        shown = [(t, data) for t, data, _ in drawn if data is not None]
        if shown:  # the tiles first: on a phone the pictures say it at a glance
            with st.container(key=f"{PICTURES}_{key}_{here}_{i}"):
                st.image([data for _, data in shown], width=56, caption=[crop_caption(t) for t, _ in shown],
                         alt=crop_alts([t for t, _ in shown], report))
        outside += [t["crop"] for t, _, why in drawn if why == "outside"]  # said below, as those named outside
        bad = [t["crop"] for t, _, why in drawn if why == "bad"]  # no image: the first named below, the rest drawn
        short = surplus_line(f, names)
        # a table's or a photo's name in it as typed; a tile by its name alone, not "Kotoko (kotoko)"; a sentence
        text = short[0] if short else as_typed(said(sentence(without_ids(f["message"], names)),
                                                    without_ids(f.get("message_ja", ""), names)))
        st.markdown(f"{ICON[f['severity']]} {text}")
        if short and short[1]:
            st.caption(short[1])
        if outside:
            st.caption(s("crop_outside", p=outside[0]))
        if bad:
            picture_note(bad[0], "bad")
    thumbs = sorted((folder / "thumbs").glob("*.jpg")) if (folder / "thumbs").is_dir() else []
    if thumbs:
        with st.expander(s("photos")), st.container(key=f"{PICTURES}_{key}_{here}_photos"):
            drawn = [(p, *picture(folder, f"thumbs/{p.name}")) for p in thumbs]
            shown = [(p, data) for p, data, _ in drawn if data is not None]
            captions = [photo_caption(p.stem, report.get("dealer")) for p, _ in shown]
            if shown:
                st.image([data for _, data in shown], caption=captions, width=320,
                         alt=[s("photo_alt", who=who) for who in captions])
            for p, _, why in drawn:  # a thumbnail not drawn: one short note in its place, the others drawn
                picture_note(f"thumbs/{p.name}", why)
            seat_tiles(report)
    # the page this home's check wrote, as it wrote it, and no link leading out of the report folder: a forged page
    # (a script in it) is not offered as the check's (why said above the findings: ``draw_table_report``)
    if trusted and (page := page_bytes(folder, report)) is not None:
        st.download_button(s("download"), page, file_name=f"{name}.html", mime="text/html",
                           key=f"dl-{key}-{folder_key(folder)}")


def tile_names(game: str) -> dict[str, tuple[str, str]]:
    """The English and Japanese names of the tiles of ``game`` (a report's ``report_game``), by id; none where the
    game cannot be loaded (its findings are then said as written)."""
    from scorer import load_game

    try:
        return {k.id: (k.name_en or k.name_ja or k.id, k.name_ja or k.name_en or k.id) for k in load_game(game).tiles}
    except (TilelensInputError, OSError, ValueError, TypeError, AttributeError):
        return {}


def _seat_order(seat: str) -> tuple:
    return (not seat.isdigit(), int(seat) if seat.isdigit() else 0, seat)


def places(tiles: list[tuple[str, int]]) -> str:
    """Tiles (seat, index from 0) said in short, the seats holding the same places grouped: "seats 1, 2: tiles 1, 2;
    seat 3: tile 5" ("1、2番席の1、2枚目 / 3番席の5枚目")."""
    by_seat: dict[str, list[int]] = {}
    for seat, index in tiles:
        by_seat.setdefault(str(seat), []).append(int(index) + 1)
    groups: dict[tuple[int, ...], list[str]] = {}
    for seat in sorted(by_seat, key=_seat_order):
        groups.setdefault(tuple(sorted(set(by_seat[seat]))), []).append(seat)
    if lang() == "ja":
        return " / ".join(f"{'、'.join(where_ja(x) if x == 'wall' else x for x in seats)}"
                          f"{'' if seats == ['wall'] else '番席'}の{'、'.join(map(str, numbers))}枚目"
                          for numbers, seats in groups.items())
    return "; ".join(f"{'the wall' if seats == ['wall'] else 'seat' if len(seats) == 1 else 'seats'}"
                     f"{'' if seats == ['wall'] else ' ' + ', '.join(seats)}: "
                     f"{'tile' if len(numbers) == 1 else 'tiles'} {', '.join(map(str, numbers))}"
                     for numbers, seats in groups.items())


def surplus_line(f: dict, names: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    """A tile read more often than the set holds, in one short line (its name, how often, why) and a caption of
    where (seats grouped) and which are least sure; None for another finding, or one of an older report that does
    not keep these (said as written)."""
    data = f.get("data") or {}
    if f.get("kind") != FindingKind.SURPLUS or not all(k in data for k in ("kind", "count", "copies")):
        return None
    name = said(*names.get(data["kind"], (data["kind"], data["kind"])))
    grey = [str(x) for x in data.get("colourless") or []]
    seats_grey = ("、".join(where_ja(x) for x in grey) if lang() == "ja" else
                  ", ".join(f"seat {x}" for x in grey))
    why = s("surplus_grey", seats=seats_grey) if grey else s("surplus_why")
    line = s("surplus", name=as_typed(name), n=data["count"], copies=data["copies"], why=why)
    where = places([(t["seat"], t["index"]) for t in f.get("tiles") or []])
    least = data.get("least_sure") or []
    if least:
        where += (" ・ " if lang() == "ja" else " · ") + s("least_sure", places=places([(x, i) for x, i in least]))
    return line, where[:1].upper() + where[1:]


def seat_tiles(report: dict) -> None:
    """Each seat's tiles read, in order, numbered as its thumbnail numbers them and named by their names alone
    (``report.tile_labels`` without ids): a tile misread surely is no finding, and is seen only here, against the
    picture."""
    for seat in report.get("seats") or []:
        if isinstance(seat, dict) and isinstance(seat.get("tiles"), list):
            stem = "wall" if seat["seat"] == "wall" else f"seat{seat['seat']}"
            who = photo_caption(stem, report.get("dealer"))
            if not seat["tiles"]:
                st.markdown(s("seat_no_tiles", seat=who))
                continue
            en, ja = tile_labels(seat["tiles"], report_game(report), ids=False)
            # "3. Name": the name as written (a game file's names may hold *), the number not taken for a list's
            tiles = [f"{number}. {as_typed(name)}" for number, _, name in
                     (label.partition(". ") for label in (ja if lang() == "ja" else en))]
            st.markdown(s("seat_tiles", seat=who, tiles=s("list_sep").join(tiles)))


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
    c1, c2 = st.columns(2)
    players = c1.selectbox(s("players"), PLAYERS, key="event_players")
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
        # own, the same, so a screen reader said the label twice over
        min_conf = st.selectbox(s("min_conf"), THRESHOLDS, index=THRESHOLDS.index(DEFAULT_MIN_CONFIDENCE),
                                format_func="{:.2f}".format, key="event_min_conf")
    # what a report was made of: shown only while the game, seats and photos are still those
    made_of = (game.id, str(game.source), players, dealer, min_conf, tuple(  # the file: an edited table checks anew
        (seat, hashlib.sha1(data).hexdigest()) for seat, files in sorted(uploads.items()) for _, data in files),
        hashlib.sha1(wall.getvalue()).hexdigest() if wall is not None else None)
    forgotten = forget_shown(out, game.id, photos_of, marks, bool(shared))  # its report gone or another's since
    checked = st.session_state.get("event_checked")
    shown = checked is not None and checked[1:] == (made_of, name.strip())  # its report is drawn below
    done = tables_checked(out) if out is not None else []
    now = {digest for _, digest in made_of[5]}
    # the table of that name is the one this session checked, not replaced on another phone since
    own = name.strip() in done and still_own(out, name.strip(), photos_of, marks)
    # a taken name and mostly other photos than this session checked under it: another table, whose report would
    # be replaced (a seat or two retaken, the dealer or players corrected: the same table, checked again)
    other_photos = out is not None and own and 2 * len(now & photos_of[name.strip()]) < len(now)
    # a table this session did not check (another phone's, or this browser's before a reload), or checked and replaced
    # on another phone since: replaced only ticked
    other_phone = out is not None and name.strip() in done and not own
    replace_other = False
    if not shown and other_photos:
        taken.warning(kept_where("name_other_photos", t=as_typed(name.strip()), p=out / REMOVED))
    elif not shown and other_phone:
        with taken.container():
            st.warning(s("name_other_phone", t=as_typed(name.strip()), n=as_typed(next_table_name(out, name.strip()))))
            replace_other = st.checkbox(s("replace_other", t=as_typed(name.strip())),  # a tick of this name alone
                                        key=f"event_replace_{hashlib.sha1(name.strip().encode()).hexdigest()[:12]}")
    elif not shown and name.strip() in done:
        taken.caption(s("name_taken", t=as_typed(name.strip())))  # not of the table checked shown below
    elif (like := similar_table_name(name, done)) is not None:  # table-1 beside table-01: two tables
        taken.warning(s("name_like", n=as_typed(name.strip()), t=as_typed(like)))
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
                                                    replace=own or replace_other)
            if out is not None:
                st.session_state["event_checked"] = (str(out / checked_as), made_of, checked_as)
                photos_of[checked_as] = now
                report = load_json_or_none(out / checked_as / REPORT_JSON)  # its fingerprint: ``still_own``
                marks[checked_as] = str(report.get("fingerprint") or "") if isinstance(report, dict) else ""
                taken.empty()  # "checked already" was of the report this check replaced
                st.session_state.setdefault("event_last", {})[ev] = checked_as  # the next name counts on from it
                st.session_state[PICK_KEY] = checked_as  # the event's table chooser shows it (``session_tables``)
                if checked_as != table.name:  # the name field says the table's name, and why it is not the one typed
                    st.session_state[PENDING_NAME] = checked_as
                    st.session_state["event_renamed"] = (table.name, checked_as)
                    st.rerun()
            elif TAKEN in st.session_state:  # the name field says the next free name, and why
                st.rerun()
            out = event_folder(game.id)
    checked = st.session_state.get("event_checked")
    if (renamed := st.session_state.pop("event_renamed", None)) is not None:
        st.info(s("renamed", t=as_typed(renamed[0]), n=as_typed(renamed[1])))
    if rechecked := st.session_state.pop("event_rechecked", None):
        st.info(s("rechecked", t=s("list_sep").join(map(as_typed, rechecked))))
    if (refused_name := st.session_state.pop(TAKEN, None)) is not None:
        st.error(s("taken_refused", t=as_typed(refused_name[0]), n=as_typed(refused_name[1])))
    if forgotten is not None and checked is None:  # said once, in the place of the report it drew
        st.warning(s(forgotten[0], t=as_typed(forgotten[1])))
    if checked and checked[1] == made_of:
        draw_table_report(Path(checked[0]), checked[2], key="upload", here=True)
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
    session_tables(out, game, shared)


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
                free_name: bool = False, replace: bool = False) -> tuple[Path | None, Path | None, str]:
    """Check ``table`` into the session's event folder (``check_uploaded_table``), its ``photos`` (seat or ``wall``
    -> name and bytes uploaded) kept in its folder and its pages made in the screen's language: returns that folder
    (None where the check could not be made, said), where the report of the table of that name checked before was
    moved aside to (``aside``: checked with other photos, or another phone's replaced on purpose:
    ``remove_uploaded_table``, as Remove a table keeps it), or None, and the name the table was checked under: its
    own, or, ``free_name`` (the name offered), the next free one where another phone checked a table under it
    meanwhile. A table of its name is replaced only with ``replace``: else, checked there (by another phone), the
    check is refused (``runner.TableTaken``), the next free name put in the name field (``TAKEN``: said at the next
    run)."""
    replaced, checked_as = None, table.name
    with st.spinner(s("checking")):  # from the models' loading on (a game's first check loads them)
        try:
            reader = resources.event_reader(game.id)
        except Exception as exc:  # noqa: BLE001 - no model yet for this game: say so, do not crash the page
            st.error(s("no_model", err=error_text(exc) if isinstance(exc, TilelensInputError) else exc))
            return None, None, checked_as
        try:  # an unexpected error: the table's one finding ("could not be checked"), as `tilelens check` says it
            out = event_folder(game.id, create=True)
            if aside and table.name in tables_checked(out):  # (removed meanwhile: nothing to move aside)
                replaced = remove_uploaded_table(out, table.name, game, min_conf, table.players, lang=lang())
            event = check_uploaded_table(table, game, reader, out, min_conf, game_hint=S["game_hint"][::-1],
                                         photos=photos, lang=lang(), free_name=free_name,  # (English, Japanese)
                                         replace=replace)
            checked_as = event.get(CHECKED_AS, checked_as)
            # the other tables checked again from their photos, their reports not trusted: said once (``rechecked``)
            st.session_state["event_rechecked"] = list(event.get(RECHECKED) or [])
        except OSError as exc:  # the app's folder cannot be written: the check is said, not kept
            st.error(os_said(exc))
            return None, None, checked_as
        except TableTaken as exc:  # another phone's table of that name: kept; the next free name offered
            st.session_state[PENDING_NAME] = exc.free
            st.session_state[TAKEN] = (exc.name, exc.free)
            return None, None, checked_as
        except TilelensInputError as exc:  # the name refused, the folder held by another check
            st.error(error_text(exc))
            return None, None, checked_as
    return out, replaced, checked_as


def seat_preview(where, upload, seat: str) -> list[str]:
    """A small picture of a seat's uploaded photo under its uploader (``where``), so staff see the right hand is
    at the right seat; where it is no photo file, or one that cannot be read, said once there naming the seat and
    the file, and the file's name returned (the check is refused)."""
    at = s("wall_photo") if seat == "wall" else s("seat", n=seat)
    if Path(upload.name).suffix.lower() not in IMAGE_SUFFIXES:
        # a RAW (DNG) photo, a video (a Live Photo's .MOV): said as the photo page says them, with what to send
        why = other_picture_file(upload.getvalue())
        where.error(s("unreadable_why", seat=at, f=as_typed(upload.name), why=as_typed(_sentence(said(*why))))
                    if why is not None else s("not_photo", seat=at, f=as_typed(upload.name)))
        return [upload.name]
    thumb, why = preview(upload.getvalue())
    if why is not None:  # the check could not read it either: refused now, not a table "not in order" later
        where.error(s("unreadable_why", seat=at, f=as_typed(upload.name), why=as_typed(_sentence(said(*why))))
                    if any(why)
                    else s("unreadable", seat=at, f=as_typed(upload.name)))
        return [upload.name]
    if thumb is not None:  # named for a screen reader, without a toolbar (``PICTURES``)
        where.container(key=f"{PICTURES}_preview_{seat}").image(
            thumb, width=120, alt=s("preview_alt", who=at, f=upload.name))
    return []


def other_picture_file(data: bytes) -> tuple[str, str] | None:
    """What a file of no photo's suffix is, in ``vision.image_io``'s words (English, Japanese) where it knows it for
    a picture file of another kind: a RAW (DNG) photo, a video (an iPhone's Live Photo .MOV), with what to send
    instead, as the photo page says them; None for any other file (bytes it cannot decode: no photo file at all)."""
    from app.components.photo import NOT_DECODED  # image_io's words for bytes it cannot decode

    _, why = preview(data)
    if why is None or not any(why) or any(words in why[0] for words in NOT_DECODED):
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


def preview(data: bytes) -> tuple[bytes | None, tuple[str, str] | None]:
    """A photo's thumbnail (JPEG, at most 240 px a side; None where none can be made) and, where the check cannot
    read the photo (as ``tilelens check`` reads it: ``load_photo``), why, in the photo's own words (English,
    Japanese: a panorama too long and thin, a HEIC's iPhone advice; ("", "") where there are none); None where it
    can."""
    from tilelens.event.images import encode, to_pil
    from tilelens.event.layout import Photo
    from tilelens.event.reading import load_photo

    try:
        photo = load_photo(Photo(UPLOAD, data=data))
    except TilelensInputError as exc:  # its words begin with the name it was read under: the page names the file
        en, ja = str(exc), exc.message_ja or str(exc)
        return None, (en.removeprefix(f"{UPLOAD}: "), ja.removeprefix(f"{UPLOAD}: "))
    except Exception:  # noqa: BLE001 - any other reason it cannot be read: said in the page's words
        return None, ("", "")
    try:
        image = to_pil(photo)
        image.thumbnail((240, 240))
        return encode(image, "JPEG"), None
    except Exception:  # noqa: BLE001 - a preview only
        return None, None


UPLOAD = "upload"  # the name an uploaded photo is read under for its preview (its words name it: taken off)


# the event chosen: "" this session's own, else the name of one opened (``open_event``); kept in the address
# (``/event?event=NAME``): a reload keeps it, and the organiser's link opens it
EVENT_KEY = "event"
OFFERED_KEY = "event_offered"  # the name the table name field was last offered (``table_name``, ``next_table``)
PENDING_NAME = "event_name_pending"  # the name a table was checked under, for the field at the next run
TAKEN = "event_taken"  # (name, next free name) of a check refused: another phone's table of that name kept
PICK_KEY = "event_pick"  # the table just checked: the event's table chooser shows it at the next drawing


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
        if offered != st.session_state[NAME_KEY] and offered in tables_checked(out):
            reoffered = (offered, st.session_state[NAME_KEY])
    name = st.text_input(s("name"), key=NAME_KEY, help=s("name_help"))
    if reoffered:  # said, not changed under the helper's eyes unexplained
        st.info(s("reoffered", t=as_typed(reoffered[0]), n=as_typed(reoffered[1])))
    return name


def offered_name(out: Path | None, last: str | None) -> str:
    """``next_table_name``, a Japanese screen's first table named 卓01 (not table-01); a folder may be so named
    (``table_name_problem``), and the tables after are counted on from it (卓02)."""
    name = next_table_name(out, last)
    number = name.removeprefix(UPLOAD_PREFIX)
    if last is None and lang() == "ja" and name.startswith(UPLOAD_PREFIX) and number.isdigit():
        name = next_table_name(out, f"卓{int(number) - 1:0{len(number)}d}")
    return name


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
    """Where the table's last seat has no photo and the game is played by three too: say to set Players to 3."""
    if players != 4 or not plays_three(game):
        return
    with contextlib.suppress(OSError, ValueError, RecursionError):
        report = json.loads((folder / REPORT_JSON).read_text(encoding="utf-8-sig"))
        if any(isinstance(f, dict) and f.get("kind") == "missing-seat" and f.get("seats") == [str(players)]
               for f in report.get("findings", [])):
            st.info(s("three_players", n=players))


def plays_three(game: Game) -> bool:
    """Whether ``game`` is played by three: a donjara game's players_min..players_max, riichi's three-player game."""
    if game.engine != "donjara":
        return True
    from scorer.rules import donjara_rules

    try:
        win = donjara_rules(game).win
    except (TilelensInputError, ValueError, TypeError):
        return False
    return win.players_min <= 3 <= win.players_max


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


def session_tables(out: Path | None, game: Game, shared: str = "") -> None:
    """The tables checked in this session (its event folder ``out``), with their verdicts, the event's page, where
    it is kept and for how long, and a table removed from it; ``shared``: the name of the event opened by name it is
    (``choose_event``): the tables every phone checked into it, each table's report to choose (the organiser browses
    the event there), its pages downloaded under its name."""
    removed = st.session_state.pop("event_removed", None)
    if removed and removed[0] == "ok":
        st.success(s("removed", t=as_typed(removed[1])))
    elif removed:
        st.error(removed[1])
    if out is None or not (out / EVENT_JSON).is_file():
        return
    event = read_report(out / EVENT_JSON, event_report_problem)
    if event is None:
        return
    st.divider()
    st.markdown(f"**{s('shared_tables', e=as_typed(shared)) if shared else s('session_tables')}**")
    why = distrust_of(out, event, event=True)  # as Browse a report says it: changed since the check, or not trusted
    if why is not None and (again := settled_event(out)) is not None:  # read amid another phone's write: read again
        event, why = again
    reason, named = event_reason_named(out, event) if why is not None else (None, ())
    # its way forward on this page: the tables the reason names checked again (any, where it names none), or removed
    mend = s("phones_event_since" if reason in SINCE_REASONS else "phones_event",
             t=s("list_sep").join(as_typed(str(n)) for n in named) if named else s("phones_any"))
    # a phone shown no list of an event not trusted still has Remove a table below (its way forward)
    if why is None or not untrusted(why, since=reason in SINCE_REASONS, mend=mend):
        try:
            lines = draw_overview(event_lines(out, event, why is None, reason, named), [], other_game=False,
                                  names=tile_names(game.id))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # edited by hand past what is checked
            st.error(s("bad_report", p=out / EVENT_JSON, err=s("not_a_report")))
            return
        download_event(out, shared or "event", key="session", trusted=why is None)
        if shared:  # every phone's tables: each one's report to open, as Browse a report opens them
            if (pick := st.session_state.pop(PICK_KEY, None)) in [t["table"] for t in lines]:
                st.session_state["event_shared_table"] = pick  # the table just checked, not the first one seen
            draw_event_tables(out, lines, beside=event, key="event_shared_table", here=True)
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


def download_event(folder: Path, name: str, key: str, trusted: bool = True) -> None:
    """The event's pages offered for download as ``name``.zip, unzipped into a folder ``name``
    (``report.event_pages_zip``: laid out as the report folder, so that the links from the event's page to its tables'
    work once unzipped; a page saved alone follows none), where this home's check wrote the event's report and page as they are (``trusted``: ``distrust_of`` found
    nothing, said above where it did) and the page is no link leading out of the report folder. The zip is made when
    the button is pressed, not at each run of the page (every choice on it), of the pages as they are then: only those
    the check wrote (``report.page_trusted``)."""
    if not trusted or embedded_file(folder, REPORT_HTML) is None:
        return
    st.download_button(s("download_event"), lambda: event_pages_zip(folder, name), file_name=f"{name}.zip",
                       mime="application/zip", key=f"dl-event-{key}-{folder_key(folder)}")


def browse() -> None:
    """Browse the report folder of an event (or of one table)."""
    here = is_local_visitor()  # a phone runs no command: its own words (R5, session 56)
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
    if not folder_allowed(folder, also=own):  # a phone on the club's Wi-Fi: not any folder of the laptop
        st.error(refused_text("report"))
        return
    try:
        browse_folder(folder)
    except OSError as exc:  # not for this user to enter (Permission denied), or text that is no path
        shown = shown_path(folder)  # as this visitor names it, then cut where too long
        shown = shown if len(shown) <= 200 else f"{shown[:120]}…"
        st.error(s("cannot_open", p=shown, err=exc.strerror or exc))


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
    is checked does (``TypeError``, ``KeyError``)."""
    if event_trusted:
        return tables
    lines = []
    for line in tables:
        table = folder / str(line["table"])
        report = load_json_or_none(table / REPORT_JSON)
        shaped = isinstance(report, dict) and table_report_problem(report) is None
        if shaped and distrust_of(table, report, beside=beside) is None:
            counts = dict(Counter(f["severity"] for f in grouped(report["findings"])))
            lines.append({**line, "verdict": report["verdict"], "counts": counts, "findings": report["findings"]})
        else:
            since = shaped and table_reason(table, report, event=beside) in SINCE_REASONS
            lines.append({**line, "verdict": SINCE if since else UNTRUSTED, "counts": {}, "findings": []})
    return lines


def load_json_or_none(path: Path) -> object:
    """``_json_or_none`` of a file that may not be there (a table listed, its folder moved since): None."""
    return _json_or_none(path) if path.is_file() else None


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
    st.error(s("nameless", p=folder, cmd=check_command(where, game)))
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
    download_event(folder, name, key="browse", trusted=trusted)
    if again:  # this page's event, its photos kept: the command that checks them again
        st.caption(s("check_kept", cmd=again))
    draw_event_tables(folder, tables, beside=beside)


def kept_again(event: dict, folder: Path) -> str:
    """The command that checks again the event whose report is in ``folder`` where it was checked on this page and
    keeps its photos (its ``event.json``, ``event``, names ``folder`` as its event folder, and a table of it keeps a
    ``table.toml`` beside its photos: ``layout.keep_photos``); "" for another report folder."""
    where = event_folder_here(folder, event)
    if where is None:
        return ""
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        if where.resolve() == folder.resolve() and any(
                isinstance(t, dict) and (folder / str(t.get("table")) / MANIFEST).is_file()
                for t in event.get("tables") or []):
            # with this home: TILELENS_HOME=… (``runner.check_command_here``); to a phone as it names the folder
            return check_command_here(folder, event=event, shown=None if is_local_visitor() else shown_path)
    return ""


def _json_or_none(path: Path) -> object:
    """The JSON of ``path``; None where it cannot be read (said where the file is drawn)."""
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return None


def draw_overview(tables: list, skipped: list, stopped: tuple[str, list[str], str] | None = None, game: str = "",
                  other_game: bool = True, names: dict[str, tuple[str, str]] | None = None, rest: str = "") -> list:
    """``draw_event``'s summary of the event: how many tables are in order (or why the check did not finish, and
    ``rest``: the command that checks the rest, said to the person at the computer; a phone is told it is checked
    there), the tables to look at, each with why (``why_lines``; ``names``: the game's tiles' names, ``tile_names``),
    the table list with each one's verdict and counts, and the folders not checked as tables; ``other_game``: say
    when most tables' tiles are another game's. Returns the tables in the event's order."""
    tables = sorted(tables, key=lambda t: table_order(str(t["table"])))  # table-2 before table-10, an older report's too
    ok = sum(t["verdict"] == "ok" for t in tables)
    zipped = archives_skipped(skipped)
    if stopped is None and zipped:  # not "N of N tables in order": a table's photos, perhaps, not checked
        z = len(zipped)
        st.subheader(s("summary_zipped", ok=ok, n=len(tables), z=z, names=s("list_sep").join(map(as_typed, zipped)),
                       files=f"{z} compressed file{'s' if z > 1 else ''}"), anchor=False)
        st.error(s("zipped_many" if z > 1 else "zipped_one"))
    elif stopped is None:
        st.subheader(s("summary", ok=ok, n=len(tables)), anchor=False)  # no "Link to heading" Tab stop
    else:
        why, unchecked, state = stopped
        not_checked = s("list_sep").join(map(as_typed, unchecked)) or s("none")  # not ``names``: the tiles' names
        away = "" if is_local_visitor() else "_away"  # a phone: the check is run again on the computer
        command = f" {s('rest_command', cmd=rest)}" if rest and not away else ""
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
    if tables:  # the count columns headed in words, as the HTML report heads them
        st.dataframe([{s("table"): t["table"], s("col_verdict"): s(t["verdict"]),
                       **{s(f"col_{k}"): t["counts"].get(k, 0) for k in ICON}}
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
            said_each = [as_typed(said(sentence(without_ids(f["message"], names)).rstrip("."),
                                       without_ids(f.get("message_ja", ""), names).rstrip("。")))
                         for f in found[:WHY_FINDINGS]]
            more = len(found) - WHY_FINDINGS
            why = s("why_sep").join(said_each) + (
                f"{s('why_sep')}{s('why_more', n=more)}" if more > 0 else "")
            lines.append(s("why_line", t=as_typed(t["table"]), why=why))
    if len(lines) > WHY_TABLES:
        lines = lines[:WHY_TABLES] + [f"- {s('why_tables_more', n=len(lines) - WHY_TABLES)}"]
    return lines


def draw_event_tables(folder: Path, tables: list, beside: dict | None = None, key: str = "event_table",
                      here: bool = False) -> None:
    """``draw_event``'s choice of a table of the event (each said with its verdict), and its report; ``key``: the
    choice's (the event's own in Browse a report, an event opened by name's under Check a table); ``here``: this
    page's own event (``draw_table_report``)."""
    if not tables:  # stopped before any table was checked: said, not an empty list and an empty choice
        st.info(s("none_checked"))
        return
    names = [t["table"] for t in tables]
    # a verdict not trusted (or changed since the check) first: said why when chosen
    rank = {UNTRUSTED: 0, SINCE: 0, "fault": 1, "review": 2, "ok": 3}
    order = sorted(names, key=lambda n: rank[tables[names.index(n)]["verdict"]])
    # each option's words made now, in this run's language (a test's AppTest calls the function outside the run)
    labels = {n: s("chooser", t=n, v=s(tables[names.index(n)]["verdict"])) for n in names}  # plain text: as typed
    chosen = st.selectbox(s("table"), order, key=key, format_func=labels.__getitem__)
    if chosen and (folder / chosen / REPORT_JSON).is_file():
        draw_table_report(folder / chosen, beside=beside, key="browse" if key == "event_table" else key, here=here)
    elif chosen and tables[names.index(chosen)]["verdict"] == SINCE and not (folder / chosen).exists():
        st.warning(s("table_added", t=as_typed(said(*table_named(chosen)))))  # added since: no report yet
    elif chosen:  # listed, but its folder (or its report.json alone) moved or removed since: said, not a blank
        gone = ("table_file_gone", folder / chosen / REPORT_JSON) if (folder / chosen).is_dir() else \
            ("table_gone", folder / chosen)
        st.warning(s(gone[0], t=as_typed(said(*table_named(chosen))), p=gone[1]))


st.title(s("title"), anchor=False)  # no "Link to heading" Tab stop
st.caption(s("intro"))
tab_table, tab_browse = st.tabs([s("mode_table"), s("mode_browse")])
with tab_table:
    check_uploads()
with tab_browse:
    browse()
