"""The event check page's words (``app/views/event_check.py``): its own table of (Japanese, English) strings, and
how a string of it is said (``s``: a path as code, as this session's visitor names it), a folder of the computer
running the app (``kept_where``); an OS error with its paths is ``visitor.os_said``."""
from __future__ import annotations

from pathlib import Path

from app.components.common import as_code
from app.components.i18n import text_in
from app.components.visitor import is_local_visitor, shown_path
from tilelens.event import trust
from tilelens.event.model import Severity, Verdict
from tilelens.event.report import COUNT_TEXT, SEVERITY_JA, VERDICT_JA, VERDICT_TEXT

# the verdict drawn for a table whose verdict is neither its own report's nor its event's as this home's check wrote it
# (``trusted_lines``): not counted in order, listed first
UNTRUSTED = "untrusted"
# the reasons a report is not trusted that are no forgery: this event's own check's, the event changed since (a photo
# retaken, a table added, a table's folder removed: ``trust``), each to check again; drawn "since", ranked as UNTRUSTED
SINCE_REASONS = (trust.STALE, trust.ADDED, trust.GONE)
SINCE = "since"

# key: (Japanese, English); the event check page's own, in one place
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
    "min_conf_help": ("読み取りの信頼度がこの値未満の牌は、確認する牌として一覧に出ます。既定は{default}。"
                      "下げると確認する牌は減りますが、読み違いを見逃しやすくなります。上げるとその逆です。",
                      "A tile read with less confidence than this is listed for a person to confirm. Default {default}. "
                      "Lower: fewer tiles to confirm, but more misreads go unnoticed; higher: the other way round."),
    "advanced": ("詳細設定", "Advanced"),
    # the photo types said once for all the seats (each uploader listing them cut to "JPE, JP…" on a phone)
    "photo_types": ("各席の手牌の写真を1枚ずつ。JPEG・PNG・HEIC などの写真ファイルが使えます。",
                    "One photo of each seat's hand (JPEG, PNG, HEIC or another photo file)"),
    # said once, under its seat (the check is refused while it is there)
    "not_photo": ("{seat}: {f} は写真のファイルではありません (JPEG・PNG・HEIC など)。写真を選び直してください。",
                  "{seat}: {f} is not a photo file (JPEG, PNG, HEIC…): choose the seat's photo again."),
    # a picture file of another kind at a seat (a RAW photo, a Live Photo's video), in ``vision.image_io``'s words
    # (a photo file that cannot be read is the check's finding, in its words); {why}: a whole sentence (``_sentence``)
    "unreadable_why": ("{seat}: {f} は読めません。{why}", "{seat}: {f} cannot be read. {why}"),
    "fix_photos": ("チェックしませんでした。上の席の写真を直してください。",
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
    # a Japanese phone's 卓01 beside an English phone's table-01 (``runner.similar_table_name``): one number
    "name_like_taku": ("{n} は、チェック済みの {t} と同じ番号です。{t} をもう一度チェックするなら名前を {t} にしてください "
                       "({n} のままだと別の卓になります)。",
                       "{n} has the number of {t}, checked already: to check {t} again, name it {t} ({n} makes "
                       "another table)."),
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
                         "tilelens を動かしているパソコンの別のフォルダに移し、イベントのまとめと卓をまたぐ写真の重複を"
                         "書き直します。",
                         "Take a table checked by mistake (or under a wrong name) out of the event: its report is "
                         "moved aside on the laptop running tilelens (not deleted), and the event's summary and "
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
                               "レポートは消さずに、tilelens を動かしているパソコンの別のフォルダに移します)。別の卓なら、"
                               "名前を変えてください。",
                               "{t} was checked already with other photos: checking these replaces its report (the old "
                               "one is moved aside on the laptop running tilelens, not deleted). For another table, "
                               "change the name."),
    "replaced": ("前の {t} のレポートは {p} に移しました (消していません)。",
                 "The report {t} had before was moved aside into {p} (not deleted)."),
    "replaced_away": ("前の {t} のレポートは、tilelens を動かしているパソコンの別のフォルダに移しました (消していません)。",
                      "The report {t} had before was moved aside on the laptop running tilelens (not deleted)."),
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
                        " (同じゲームを選んでいる端末に表示されます)。",
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
    # the same, the name taken by a table whose check was cut off after its photos were kept (``unfinished_tables``:
    # this session's own check, a write error, or another phone's): not "checked"; the next check finishes it
    "reoffered_cut": ("{t} のチェックは途中で止まりました (写真は保存されていて、次のチェックでもう一度チェックします)。"
                      "この卓の名前を {n} にしました。",
                      "The check of {t} did not finish (its photos are kept: it is checked again at the next check), "
                      "so this table's name is now {n}."),
    "renamed": ("{t} はちょうどほかの端末でチェックされたので、この卓は {n} としてチェックしました。",
                "{t} was just checked on another phone, so this table was checked as {n}."),
    # the photos uploaded are, byte for byte, a table's checked already (``runner.same_photos_table``): that table
    "same_photos": ("この写真はほかの端末でチェック済みの {t} のものです。{t} の結果を下に表示します。",
                    "These photos are {t}'s, checked already on another phone: its verdict is below."),
    "same_photos_own": ("この写真はチェック済みの {t} のものです。{t} の結果を下に表示します。",
                        "These photos are {t}'s, checked already: its verdict is below."),
    # the photos of a table whose check was cut off (``runner.FINISHED``): that table, checked now under its name
    "same_photos_cut": ("この写真はチェックが途中で止まっていた {t} のものです。いまチェックしました。{t} の結果を下に表示します。",
                        "These photos are {t}'s, whose check had not finished: checked now, its verdict is below."),
    # the same, known before Check (a table's name typed, another phone's): nothing replaced, no box to tick
    "same_photos_before": ("この写真はチェック済みの {t} のものです。「この卓をチェック」を押すと、{t} の結果を表示します "
                           "(もう一度チェックしたり、置き換えたりはしません)。",
                           "These photos are {t}'s, checked already: Check this table shows its verdict (nothing is "
                           "checked again nor replaced)."),
    "same_photos_cut_before": ("この写真はチェックが途中で止まった {t} のものです。「この卓をチェック」を押すと、{t} の"
                               "チェックを終えます (置き換えるものはありません)。",
                               "These photos are {t}'s, whose check did not finish: Check this table finishes it "
                               "(nothing is replaced)."),
    # a name typed that another phone checked a table under (``runner.TableTaken``): never replaced unasked
    "name_other_phone": ("{t} はほかの端末でチェック済みです。この名前のままではチェックしません (その卓のレポートを置き換えて"
                         "しまうため)。別の卓なら名前を {n} にしてください。{t} を置き換えるときは、下で確かめてください。",
                         "{t} was checked on another phone: this table is not checked under its name, which would replace "
                         "that table's report. For another table, name it {n}; to replace {t}, tick the box below."),
    "replace_other": ("ほかの端末でチェックした {t} を置き換える (前のレポートは消さずに移します)",
                      "Replace {t}, checked on another phone (its report is moved aside, not deleted)"),
    # the same, the name a table's whose check was cut off after its photos were kept (``runner.unfinished_tables``):
    # no report yet, checked again at the next check; its photos, not a report, would be replaced
    "name_cut": ("{t} のチェックは途中で止まりました。次のチェックでもう一度チェックします。この名前のままではチェックしません "
                 "({t} の写真を置き換えてしまうため)。別の卓なら名前を {n} にしてください。{t} を置き換えるときは、下で"
                 "確かめてください。",
                 "The check of {t} did not finish: it is checked again at the next check. This table is not checked "
                 "under its name, which would replace {t}'s photos. For another table, name it {n}; to replace {t}, "
                 "tick the box below."),
    "replace_cut": ("チェックが途中で止まった {t} を置き換える (前の写真は消さずに移します)",
                    "Replace {t}, whose check did not finish (its photos are moved aside, not deleted)"),
    "taken_refused": ("{t} はほかの端末でチェックされているので、この卓はチェックしませんでした ({t} のレポートはそのままです)。"
                      "名前を {n} にしました。「この卓をチェック」を押してください。",
                      "{t} was checked on another phone, so this table was not checked ({t}'s report is kept as it was). "
                      "Its name is now {n}: press Check this table."),
    "taken_cut": ("{t} のチェックは途中で止まっているので、この卓はこの名前ではチェックしませんでした ({t} の写真はそのままで、"
                  "次のチェックでもう一度チェックします)。名前を {n} にしました。「この卓をチェック」を押してください。",
                  "The check of {t} did not finish, so this table was not checked under its name ({t}'s photos are "
                  "kept, and it is checked again at the next check). Its name is now {n}: press Check this table."),
    "shared_folder": ("このイベントは、「イベント」で「{e}」を選んだすべての端末で共有されます。レポートと、チェックした写真 "
                      "(卓ごとのフォルダ) は最後のチェックから{h}時間残り、その後消えます。残すには「イベントのページを保存」"
                      "で保存してください。",
                      "This event is shared by every phone that chooses {e} under Event. Its reports, and the photos "
                      "checked (each table's in its folder), are kept for {h} hours after the last check, then "
                      "removed: to keep the event, use Download the event's pages."),
    # the table chooser's option: its name and verdict
    "chooser": ("{t} ({v})", "{t} ({v})"),
    # a table not in order, or with tiles to confirm, and why: its findings, short (the first two, then how many more)
    # the Japanese ends as a sentence, as a finding on its own line does (``ended_ja``): the findings lack their last 。
    "why_line": ("- **{t}**: {why}。", "- **{t}**: {why}"),
    "why_more": ("ほか{n}件", "and {n} more"),
    "why_sep": ("。", "; "),
    "why_tables_more": ("ほか{n}卓 (下で卓を選ぶと指摘をすべて表示します)", "{n} more tables (choose a table below for all "
                                                                  "its findings)"),
    # a stopped check's way forward, to the person at the computer: the command that checks the rest
    "rest_command": ("このパソコンで実行するコマンド: `{cmd}`", "The command, run on this laptop: `{cmd}`"),
    # the photos are kept beside the reports (``runner.check_uploaded_table``): said where the event is
    "session_folder": ("このイベントは、このブラウザを開いている間だけ有効です。再読み込みや別のブラウザでは"
                       "新しいイベントになります。レポートと、チェックした写真 (卓ごとのフォルダ) は最後のチェックから"
                       "{h}時間残り、その後消えます。残すには「イベントのページを保存」で保存してください。",
                       "This event lives for this browser session: a reload or another browser starts a new event, "
                       "empty. Its reports, and the photos checked (each table's in its folder), are kept for {h} "
                       "hours after the last check, then removed: to keep the event, use Download the event's pages."),
    # said once, at the first table checked into this browser's own event: its tables are this session's alone
    "unnamed_event": ("このイベントには名前がありません。このページを再読み込みすると、新しい空のイベントになり、チェックした卓は"
                      "ここに表示されなくなります。再読み込みしても同じイベントに戻れるように、卓をチェックする前に"
                      "「何台かの端末で1つのイベントをチェックする」で名前を付けてイベントを開いてください。",
                      "This event has no name: a reload of this page starts a new, empty event, and the tables "
                      "checked here are no longer listed. To come back to an event after a reload, open it by name "
                      "under Check one event on several phones before checking its tables."),
    "kept_in": ("レポートのフォルダ (チェックした写真も入っています。「レポートを見る」で開けます): {p}",
                "The reports' folder, the photos checked in it too (open it in Browse a report): {p}"),
    "kept_in_away": ("レポートと、チェックした写真は、tilelens を動かしているパソコンに保存されています。フォルダの場所"
                     "は、そのパソコンでこのページを開くと表示されます。",
                     "The reports, and the photos checked, are kept on the laptop running tilelens: open this page "
                     "there to see their folder."),
    # a folder of this page's event browsed: the organiser at the computer may check it again (the command theirs,
    # never a phone's); it writes its report into the event's _report folder, not over the page's (``kept_again``):
    # its page opened there (Browse a report takes a report folder inside an event's report folder for a table's)
    "check_kept": ("このフォルダには「1卓をチェック」でチェックした写真も入っています。このパソコンで `{cmd}` を実行すると、"
                   "イベントをもう一度チェックして、このページのレポートとは別に {p} にレポートを書きます。そこの "
                   "index.html をこのパソコンのブラウザで開いてください。",
                   "This folder holds the photos checked in Check a table too: `{cmd}`, run on this laptop, checks "
                   "the event again and writes its report into {p}, not over this page's: open the index.html there "
                   "in a browser on this laptop."),
    # the event's pages in one zip, laid out as its report folder (``report.event_pages_zip``): its links work once
    # unzipped (a page saved alone keeps none); 圧縮ファイル, as this page names a zip elsewhere (no English word)
    "download_event": ("イベントのページを保存", "Download the event's pages"),
    "download_event_help": ("圧縮ファイルです。展開して index.html を開いてください。", "A zip: unzip it and open index.html."),
    # a row per seat, for a spreadsheet (``tilelens.event.seats_csv``), as the ledger page's "CSVで書き出す"
    "download_seats": ("席の一覧をCSVで書き出す", "Export the seats (CSV)"),
    "check": ("この卓をチェック", "Check this table"), "checking": ("牌を読んでいます…", "Reading the tiles…"),
    "folder": ("レポートのフォルダ", "Report folder"),
    # the command-line words for the organiser who runs it, in the field's help, not on the page
    "folder_help": ("イベントのチェックがレポートを書いたフォルダ (`tilelens check` の `--out`)。名前で開いたイベントは、"
                    "その名前でも開けます。",
                    "The folder an event's check wrote its report into (the `--out` of `tilelens check`), or the "
                    "name of an event opened by name."),
    # the organiser at the computer: the command that writes a report is theirs (its --out in the field's help)
    "browse_hint": ("レポートがまだないときは: 会場の写真を撮りためたパソコンで `tilelens check` を実行するとレポートが"
                    "できます。1卓だけなら「1卓をチェック」で写真から確かめられます。",
                    "No report yet? `tilelens check`, run on the computer holding the event's photos, writes one; "
                    "to check one table from photos here, use Check a table."),
    # a phone: no command line to run; the organiser's laptop writes reports, a phone checks a table here
    "folder_help_phone": ("主催者のパソコンでチェックしたイベントのレポートのフォルダ。名前で開いたイベントは、"
                          "その名前でも開けます。",
                          "The folder of an event's report, checked on the organiser's laptop, or the name of an "
                          "event opened by name."),
    "browse_hint_phone": ("レポートは主催者のパソコンで作られます。1卓だけなら「1卓をチェック」で写真から確かめられます。",
                          "Reports are made on the organiser's laptop; to check one table from photos here, use "
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
    # the same, to a phone: no path of the laptop (a folder of photos with no report is checked again at the next check)
    "table_gone_away": ("{t} のレポートがありません (移動か削除されています)。",
                        "The report of {t} is not there (it was moved or removed)."),
    "table_file_gone_away": ("{t} はチェックが終わっていません。次のチェックでもう一度チェックします。",
                             "{t} was not finished: it will be checked again at the next check."),
    # the table chosen in the event's list is the one whose report is drawn under Check: not drawn twice
    "shown_above": ("{t} のレポートは上の「この卓をチェック」の下にあります。",
                    "{t}'s report is shown above, under Check this table."),
    "game_is": ("ゲーム: {game}", "Game: {game}"),
    "stale": ("この卓をチェックした後に写真か設定が変わりました。「この卓をチェック」をもう一度押すと、いまの写真でチェックします。",
              "The photos or settings changed since the table was checked: press Check this table to check "
              "them again."),
    "wall_photo": ("残りの山", "Remaining wall"),
    # a picture's text for a screen reader: a finding's tile crop, a seat's photo
    "crop_alt": ("{seat} {n}枚目: {name}", "{seat}, tile {n}: {name}"),
    "crop_caption": ("{seat}の{n}枚目", "{seat}, tile {n}"),  # under a finding's crop: 「4番席の1枚目」
    "photo_alt": ("{who}の写真", "Photo of {who}"),
    "preview_alt": ("{who}の写真: {f}", "Photo of {who}: {f}"),
    "bad_report": ("このレポートは読めません (壊れているか、`tilelens check` が書いたものではありません): {p}: {err}",
                   "This report cannot be read (damaged, or not written by `tilelens check`): {p}: {err}"),
    "not_a_report": ("中身がレポートの形をしていません", "its contents are not those of a report"),
    # tiles of another game, read as the one chosen: what the page asks (`tilelens check` asks of its --game)
    # (the Japanese without "?": findings are joined with "。")
    "game_hint": ("上で選んだゲームが合っているか確かめてください", "is the game chosen above right?"),
    # most seats of one other game's tiles: the game to choose (``rules.GAME_SWITCH``: the command's --game)
    "game_switch": ("上でゲームに{name_ja}を選んで、チェックし直してください", "choose {name} as the game above and check it again"),
    "table": ("卓", "Table"), "nothing": ("指摘はありません。", "Nothing to report."),
    # the table list's columns, short for a phone (the HTML report says them in full)
    "col_verdict": ("判定", "Result"), "col_error": ("エラー", "Errors"), "col_review": ("要確認", "Confirm"),
    "col_notice": ("参考", "Notes"),  # the HTML report's word (SEVERITY_JA)
    # a table's verdict of tiles to confirm in that list, short too: 「要確認の牌があります」 took its list 31 px past a
    # 390 px phone's screen, its last column cut to 「参」 (as the tables to look at are headed above it)
    "list_review": ("要確認", "Tiles to confirm"),
    # a tile read more often than the set holds (``rules.surplus_findings``), after its tiles' pictures
    # the seats first (the headline names them: walkthrough W6); a name ending in a bracket is followed by a word
    # joiner (``surplus_line``): "**(キュート)**を" would not close the bold, with no space before the particle
    "surplus": ("{seats}: **{name}**を{n}枚読みましたが、セットには{copies}枚しかありません{red}。{why}",
                "{seats}: **{name}** read {n} times, but the set has {copies}{red}: {why}"),
    # beside a plain five's surplus, the set's red copies of it, which a player counts alike (``data["red"]``)
    "surplus_red": (" (ほかに{name}が{n}枚あります)", " (and {n} {name})"),
    # a surplus whose tiles were each read surely (no least sure one to name): each to look at
    "none_unsure": ("どれも信頼度 {at} 以上で読めています。1枚ずつ確かめてください", "none is unsure (each read at {at} or more): look at each"),
    "surplus_why": ("読み違いか、別のセットの牌です。", "a misread or a tile from another set."),
    "surplus_grey": ("{seats}の写真に色がないための読み違いです。", "a misread: the photo of {seats} has no colour."),
    "least_sure": ("一番信頼度の低い牌: {places}", "least sure: {places}"),
    "photos": ("写真", "Photos"), "download": ("HTMLレポートを保存", "Download the HTML report"),
    # a report this home's check did not write as it is (``distrust_of``), to a visitor
    # from the network (a phone): the why and the way forward name the laptop's home and a command, none of a phone's
    # business; the report is not drawn
    "untrusted_away": ("このレポートは、このパソコンのチェックが書いたものではないので表示しません。",
                       "This report was not written by this laptop's check: it is not shown."),
    # a report not trusted in an event of this page's (one opened by name, or this browser's own: ``phones``), to the
    # laptop and a phone alike: mended here (its table checked again under its name, or removed), not by a command (it
    # would write a report folder of its own beside the event's)
    "phones_table": ("{t} のレポートは、このパソコンのチェックが書いたままのものではありません (ほかで書かれたか、後から"
                     "変わりました)。このページで {t} という名前のままもう一度チェックするか、「卓を取り除く」で取り除いて"
                     "ください。",
                     "The report of {t} is not as this laptop's check wrote it (written elsewhere, or changed "
                     "since): check {t} again on this page under its name, or remove it under Remove a table."),
    "phones_event": ("イベントのまとめは、このパソコンのチェックが書いたままのものではありません (ほかで書かれたか、後から"
                     "変わりました)。このページで {t} をその名前のままもう一度チェックするとまとめも書き直されます。"
                     "間違えてチェックした卓は「卓を取り除く」で取り除いてください。",
                     "The event's summary is not as this laptop's check wrote it (written elsewhere, or changed "
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
    # the same, where the photos are newer than the report because a check of this page stopped after keeping them
    # (``event_table_view.check_cut``): no one changed them, and the next check on the page checks the table again
    "phones_table_cut": ("{t} のチェックは途中で止まりました (新しい写真は保存されていますが、このレポートは前の写真のもの"
                         "です)。このページで次に卓をチェックするときに、{t} ももう一度チェックします。",
                         "The check of {t} did not finish (its new photos are kept, but this report is of its photos "
                         "before): it is checked again at the next check of any table on this page."),
    "phones_event_cut": ("{t} のチェックは途中で止まりました (イベントのまとめは前の写真のものです)。このページで次に卓を"
                         "チェックするときに、{t} ももう一度チェックします。",
                         "The check of {t} did not finish, so the event's summary is of its photos before: it is "
                         "checked again at the next check of any table on this page."),
    "phones_any": ("どれかの卓", "any table"),  # ``phones_event``'s {t} where the reason names no table
    # a table of this page's event whose report was not trusted, checked again from its kept photos by the check just
    # made (``runner.RECHECKED``): said once, after the check
    "rechecked": ("{t} は写真からもう一度チェックしました (レポートが、このパソコンのチェックが書いたままのものでは"
                  "ありませんでした)。",
                  "{t} was checked again from its photos: its report was not this laptop's check's as written."),
    # the same, a table whose check had been cut off after its photos were kept (``runner.FINISHED``): no report
    "rechecked_cut": ("{t} は写真からもう一度チェックしました (チェックが途中で止まっていました)。",
                      "{t} was checked again from its photos: its check had not finished."),
    # this event's own check's report, the event changed since (``SINCE_REASONS``), to a phone: drawn, said out of date
    "since_away": ("チェックの後に写真か卓が変わったため、このレポートは古くなっています。アプリを動かしているパソコンでもう一度チェックしてください。",
                   "The photos or tables changed since the check: this report is out of date. Check the event again "
                   "on the laptop running the app."),
    # a table's verdict in the list where its photos, or its folder, changed since the check, or it was added since
    SINCE: ("チェック後に変更", "Changed since the check"),
    "attention_since": ("チェックの後に変わった卓 ({n}卓): {tables}", "Changed since the check ({n}): {tables}"),
    # a table added to the event since the check, chosen: it has no report yet (not "moved or removed")
    "table_added": ("{t} はチェックの後にイベントに追加された卓で、まだチェックしていません。イベントをもう一度チェックしてください。",
                    "{t} was added to the event since the check and is not checked yet: check the event again."),
    # a table's verdict in the list where neither its report nor the event's is this home's check's, as written
    UNTRUSTED: ("信用できません", "Not trusted"),
    "attention_untrusted": ("信用できないレポート ({n}卓): {tables}", "Not trusted ({n}): {tables}"),
    # a seat's tiles read under its photo: one colon (not 「1番席: 読んだ牌: …」); no space before の, as its photo's alt
    # (「1番席 (親)の写真」): markdown closes no ** after ")" that a kana follows (「**1番席 (親)**で」 showed its
    # asterisks) unless a word joiner is put before it (``event_table_view.bold_closer``)
    "seat_tiles": ("**{seat}**の牌: {tiles}", "**{seat}**, tiles read: {tiles}"),
    # a seat whose photo shows another set's tiles: what its names are (``report.other_set_words``), before them
    "seat_tiles_other": ("**{seat}**の牌 ({why}): {tiles}", "**{seat}**, tiles read ({why}): {tiles}"),
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
                        "いるパソコンでチェックをもう一度実行するとチェックされます。",
                        "The check did not finish ({why}). Tables not checked: {tables}. The rest is checked when the "
                        "check is run again on the laptop running tilelens."),
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
    "writing_unread": ("いまチェックがこのレポートを書いています。まだどの卓もチェックしていません。",
                       "A check is writing this report now: no table checked yet."),
    "stopped": ("チェックは途中で止まりました。チェックしていない卓: {tables}。同じコマンドをもう一度実行すると"
                "残りをチェックします。",
                "The check stopped before it finished. Tables not checked: {tables}. Run the same command again "
                "to check the rest."),
    "stopped_unread": ("チェックは途中で止まりました。どの卓もチェックしていません。同じコマンドをもう一度実行すると"
                       "チェックします。",
                       "The check stopped before it finished: no table was checked. Run the same command again to "
                       "check the event."),
    "stopped_away": ("チェックは途中で止まりました。チェックしていない卓: {tables}。残りの卓は、tilelens を動かしている"
                     "パソコンでチェックをもう一度実行するとチェックされます。",
                     "The check stopped before it finished. Tables not checked: {tables}. The rest is checked when "
                     "the check is run again on the laptop running tilelens."),
    "unfinished_unread_away": ("チェックは終わっていません ({why})。どの卓もチェックしていません。tilelens を動かしている"
                               "パソコンでチェックをもう一度実行するとチェックされます。",
                               "The check did not finish ({why}): no table was checked. The event is checked when the "
                               "check is run again on the laptop running tilelens."),
    "stopped_unread_away": ("チェックは途中で止まりました。どの卓もチェックしていません。tilelens を動かしている"
                            "パソコンでチェックをもう一度実行するとチェックされます。",
                            "The check stopped before it finished: no table was checked. The event is checked when "
                            "the check is run again on the laptop running tilelens."),
    # a compressed file skipped unread, or a table folder's broken link: a table's photos, perhaps, not checked
    # (event.json's in_order is false), as the HTML report says it; {files}: ``report.not_checked_said``
    "summary_zipped": ("すべて問題なしとは言えません ({n}卓中{ok}卓が問題なし。{files} ({names}) はチェックしていません)",
                       "Event not in order: {ok} of {n} tables in order, {files} not checked ({names})"),
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
# the severities as the HTML reports say them (``report.SEVERITY_JA``; the English its pages show: Error, Review,
# Notice), said beside a finding's icon (``marked``)
S.update({f"sev_{sev}": (SEVERITY_JA[sev], str(sev).capitalize()) for sev in Severity})
# Streamlit's own icons: an emoji (⛔) is an empty box on a phone without an emoji font
_MARKS = {"error": ("red", "error"), "review": ("orange", "warning"), "notice": ("blue", "info")}
ICON = {sev: f":{colour}[:material/{icon}:]" for sev, (colour, icon) in _MARKS.items()}


def marked(severity: str) -> str:
    """A finding's severity as a line of the Event page begins with it: its icon, then its word in its colour (a
    colour-blind reader, a screen reader: the icon alone said nothing), ":red[:material/error:] :red[**Error**]"."""
    return f"{ICON[severity]} :{_MARKS[severity][0]}[**{s(f'sev_{severity}')}**]"


def s(key: str, **fmt) -> str:
    """This page's string ``key`` in the chosen language; a path (``p``) said as code, shown as it is (a folder
    named ``*x*`` not read in italics, nor ``:smile:`` as an emoji), and to a visitor from the network as they name
    it (``visitor.shown_path``: a shared folder's name and the path in it, never the laptop's folders)."""
    if "p" in fmt:
        fmt["p"] = as_code(shown_path(fmt["p"]))
    return text_in(S, key, **fmt)


def ended_ja(text: str) -> str:
    """A finding's Japanese (``message_ja``) on a line of its own, ended as a sentence: the check writes them without
    their last 。 (its lines join them with one: 「…1枚多すぎます。ほか2件」), which a line of its own lacked.

    >>> ended_ja("2番席 (子) の牌は14枚です。13枚のはずです。1枚多すぎます"), ended_ja("写真を撮り直してください。")
    ('2番席 (子) の牌は14枚です。13枚のはずです。1枚多すぎます。', '写真を撮り直してください。')
    >>> ended_ja("")
    ''
    """
    return text if not text or text.endswith(("。", "」", "?", "？", "!", "！")) else f"{text}。"


def kept_where(key: str, p: Path, **fmt) -> str:
    """String ``key`` naming the folder ``p`` of the computer running the app, for a visitor on that computer
    (``is_local_visitor``); for one from the network (a phone on the club's Wi-Fi) its ``<key>_away`` words, which say
    it is kept on that computer with no path of it (the laptop's user name, its folders: none of a phone's
    business, and a phone can open none of them)."""
    return s(key, p=p, **fmt) if is_local_visitor() else s(f"{key}_away", **fmt)


# What a report not trusted here is called in its words (``trust.distrust_said``), as ``runner.table_distrust`` and
# ``runner.event_distrust`` call it: (English, Japanese).
TABLE_REPORT = ("This table's report", "この卓のレポート")
EVENT_REPORT = ("The event's report", "イベントのレポート")
